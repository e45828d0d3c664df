"""Every citation in the book's pages names an entry of the bibliography (no build needed).

The build would also fail on a missing key (sphinxcontrib-bibtex warns, ``-W`` makes it an error);
this test says which page and which key at once.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
#: {cite}`a,b`, {cite:p}`a`, {cite:t}`a`, {cite:ps}`a` ...
_CITE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")
_ENTRY = re.compile(r"^@\w+\{([^,\s]+),", re.MULTILINE)


def _keys() -> set[str]:
    return set(_ENTRY.findall((BOOK / "references.bib").read_text(encoding="utf-8")))


def _cited(text: str) -> list[str]:
    return [k.strip() for group in _CITE.findall(text) for k in group.split(",") if k.strip()]


def test_the_pattern_finds_every_form_of_citation() -> None:
    assert _cited("see {cite:p}`a,b` and {cite:t}`c` or {cite}`d`") == ["a", "b", "c", "d"]


def test_every_cited_key_is_in_the_bibliography() -> None:
    keys = _keys()
    assert len(keys) >= 20
    pages = sorted(p for p in BOOK.rglob("*.md") if "_build" not in p.parts)
    missing = [
        f"{page.relative_to(ROOT)}: {key}"
        for page in pages
        for key in _cited(page.read_text(encoding="utf-8"))
        if key not in keys
    ]
    assert not missing, missing
    assert any(_cited(p.read_text(encoding="utf-8")) for p in pages if p.parent.name == "belinda")
