"""The EPUB (``make epub``): EPUBCheck finds nothing, and the structure a reader relies on is there.

EPUBCheck is Debian's ``epubcheck`` package (.ci/run installs it); without it the structural
checks below still run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

ROOT = Path(__file__).resolve().parents[2]
EPUB = Path(os.environ.get("BOOK_EPUB", ROOT / "_build" / "epub" / "ombre.epub"))
EPUBCHECK = Path("/usr/share/java/epubcheck.jar")
REQUIRED = os.environ.get("OMBRE_REQUIRE_BROWSER") == "1"
XHTML = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"
OPF = "{http://www.idpf.org/2007/opf}"

pytestmark = pytest.mark.book


@pytest.fixture(scope="module")
def epub() -> zipfile.ZipFile:
    if not EPUB.is_file():
        if REQUIRED:
            pytest.fail(f"no EPUB at {EPUB}: `make epub` makes it")
        pytest.skip(f"no EPUB at {EPUB}: run `make epub`")
    return zipfile.ZipFile(EPUB)


def test_epubcheck_finds_nothing(epub: zipfile.ZipFile) -> None:
    java = shutil.which("java")
    if not EPUBCHECK.is_file() or java is None:
        if REQUIRED:
            pytest.fail("EPUBCheck is not installed (Debian's epubcheck package)")
        pytest.skip("EPUBCheck is not installed (apt-get install epubcheck)")
    command = [java, "-jar", str(EPUBCHECK), str(EPUB)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 fatals / 0 errors / 0 warnings" in run.stdout


def test_container_and_reading_order(epub: zipfile.ZipFile) -> None:
    first = epub.infolist()[0]
    assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
    assert epub.read("mimetype") == b"application/epub+zip"
    opf = ET.fromstring(epub.read("content.opf"))
    items = {i.get("id"): i.get("href") for i in opf.iter(OPF + "item")}
    spine = [(r.get("idref"), r.get("linear")) for r in opf.iter(OPF + "itemref")]
    assert all(idref in items for idref, _ in spine)
    linear = [items[idref] for idref, flag in spine if flag != "no"]
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for page in re.findall(r"file: (\S+)", toc):
        assert f"{page}.xhtml" in linear, page


def test_pages_are_xhtml_without_scripts_and_cards_are_named(epub: zipfile.ZipFile) -> None:
    pages = [n for n in epub.namelist() if n.endswith(".xhtml")]
    cards = 0
    for name in pages:
        root = ET.fromstring(epub.read(name))  # well-formed XML, or this raises
        assert not list(root.iter(XHTML + "script")), name
        assert not list(root.iter(XHTML + "button")), name
        for svg in root.iter(SVG + "svg"):
            if svg.get("role") == "img":
                cards += 1
                assert (svg.get("aria-label") or "").strip(), name
    assert cards > 100  # the deals, the tricks and the exercises draw their cards
