"""The book's Sphinx extension on its own (no build needed): its doctests, the splits kept whole,
the root redirect page and the theme's icon script removed."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXT = Path(__file__).resolve().parents[2] / "book" / "_ext"


@pytest.fixture(scope="module")
def ombre_book() -> ModuleType:
    sys.path.insert(0, str(EXT))
    import ombre_book

    return ombre_book


def test_the_extension_s_doctests(ombre_book: ModuleType) -> None:
    result = doctest.testmod(ombre_book)
    assert result.attempted > 5 and result.failed == 0


@pytest.mark.parametrize(
    "text, splits",
    [
        ("a 4-4-1 split", ["4-4-1"]),
        ("3–3–3 or 4–3–2.", ["3–3–3", "4–3–2"]),
        ("(1-4-4, counting the Ombre first)", ["1-4-4"]),
        ("a mixed 4-4–1", []),  # not one split: the joins differ
        ("1-2-3-4, 12-3-4, 4-4-10, v1.4-4-1, 4-4-1.5", []),
    ],
)
def test_splits_of_the_tricks_are_found_in_running_text(
    ombre_book: ModuleType, text: str, splits: list[str]
) -> None:
    from docutils import nodes
    from docutils.core import publish_doctree

    doc = publish_doctree(text + "\n\n``4-4-1`` in code\n\n::\n\n    4-4-1 in a literal block\n")
    assert ombre_book.keep_splits_whole(doc) == len(splits)
    spans = [n.astext() for n in doc.findall(nodes.raw)]
    assert spans == [f'<span class="ombre-split">{s}</span>' for s in splits]


def test_the_redirect_page_escapes_what_it_is_given(ombre_book: ModuleType) -> None:
    page = ombre_book.redirect_page('a"b.html', "<Ombre>", "en")
    assert '<html lang="en">' in page and "<title>&lt;Ombre&gt;</title>" in page
    assert 'url=a&quot;b.html">' in page and '<a href="a&quot;b.html">&lt;Ombre&gt;</a>' in page


def test_the_icon_script_goes_and_icons_are_hidden_once(ombre_book: ModuleType) -> None:
    html = (
        '<script defer src="_static/scripts/fontawesome.js?digest=1"></script>'
        '<script defer src="_static/scripts/bootstrap.js?digest=1"></script>'
        '<i class="fa-brands fa-github fa-lg" aria-hidden="true"></i><i class="theme-switch fa-solid fa-sun" '
        'data-mode="light"></i><i class="emphasis">not an icon</i>'
    )
    out = ombre_book.without_icon_script(html)
    assert "fontawesome" not in out and "bootstrap.js" in out
    assert out.count('aria-hidden="true"') == 2
    assert '<i class="emphasis">' in out
