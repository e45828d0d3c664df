"""The PDF for print (``make pdf``): every chapter in it, in order, with its words; pages that draw.

The text is read with pypdf; a page is turned into an image with poppler's ``pdftoppm``
(Debian's poppler-utils, which .ci/run installs) and must not be blank.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PDF = Path(os.environ.get("BOOK_PDF", ROOT / "_build" / "pdf" / "ombre.pdf"))
REQUIRED = os.environ.get("OMBRE_REQUIRE_BROWSER") == "1"

pytestmark = pytest.mark.book
pypdf = pytest.importorskip("pypdf")


@pytest.fixture(scope="module")
def reader() -> object:
    if not PDF.is_file():
        if REQUIRED:
            pytest.fail(f"no PDF at {PDF}: `make pdf` makes it")
        pytest.skip(f"no PDF at {PDF}: run `make pdf`")
    return pypdf.PdfReader(str(PDF))


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^\w']+", " ", text).split()).lower()


def test_every_chapter_is_a_bookmark_in_the_book_order(reader: object) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    from book_pdf import toc_pages

    outline = reader.outline  # type: ignore[attr-defined]
    assert len(outline) == len(toc_pages())
    starts = [reader.get_destination_page_number(item) for item in outline]  # type: ignore[attr-defined]
    assert starts == sorted(starts) and starts[0] == 0


def test_the_text_is_there_and_the_controls_are_not(reader: object) -> None:
    from ombre.sources.edition import section

    text = _words(" ".join(page.extract_text() or "" for page in reader.pages))  # type: ignore[attr-defined]
    # the 1665 text as the edition gives it, and Pope's verse beside the tricks
    assert _words(section("of-the-codillio").blocks[1].text)[:60] in text
    assert "let spades be trumps she said and trumps they were" in text
    # no replay controls (their words are for the screen)
    assert "next card" not in text and "previous card" not in text


def test_pages_draw(reader: object, tmp_path: Path) -> None:
    if shutil.which("pdftoppm") is None:
        if REQUIRED:
            pytest.fail("pdftoppm is not installed (Debian's poppler-utils)")
        pytest.skip("pdftoppm is not installed (apt-get install poppler-utils)")
    from PIL import Image

    for number in (1, len(reader.pages) // 2):  # type: ignore[attr-defined]
        base = tmp_path / f"p{number}"
        pages = ["-f", str(number), "-l", str(number)]
        subprocess.run(["pdftoppm", "-png", "-r", "40", *pages, str(PDF), str(base)], check=True)
        [png] = tmp_path.glob(f"p{number}*.png")
        lo, hi = Image.open(png).convert("L").getextrema()
        assert hi - lo > 100, f"page {number} is blank"
