"""The two other texts of the book: Pope's game of Ombre (iii.25-100) and Morley's note (1891).

Both are package data in ``ombre/sources/data/``, unchanged.  Pope's lines
come with their standard five-canto numbers.  Morley's note is returned
cleaned of the scan damage of its web copy; each repair is data
(``ombre/sources/data/edition/morley.json``) and can be listed.  Morley's own
misquotations of Pope (iii.92 and iii.100) are his and stay as he wrote them.

>>> pope_lines()[46]
'Let Spades be trumps! she said, and trumps they were.'
>>> min(pope_lines()), max(pope_lines()), len(pope_lines())
(25, 100, 76)
>>> "Basto brought a trump" in morley_text()
True
>>> [r.damaged for r in morley_repairs()][1:]
['"Pa.s.s,"', 'Bas...o...b..ought', 'ca.n.a.ls', 'ent.i.tled']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ombre.errors import OmbreError

__all__ = [
    "TextError",
    "Repair",
    "Misquotation",
    "pope_lines",
    "pope_source",
    "pope_passage",
    "morley_raw",
    "morley_text",
    "morley_paragraphs",
    "morley_repairs",
    "morley_misquotations",
]


class TextError(OmbreError):
    """A fault in a source text or its repair data, or a request for lines that do not exist."""


@dataclass(frozen=True)
class Repair:
    """One repair of scan damage in Morley's note: ``damaged`` became ``repaired``, and why."""

    id: str
    damaged: str
    repaired: str
    reason: str


@dataclass(frozen=True)
class Misquotation:
    """A place where Morley quotes Pope's line ``line`` in words that are not Pope's (kept as Morley's)."""

    line: int
    morley: str
    pope: str
    note: str


def _source(name: str) -> str:
    return resources.files("ombre.sources").joinpath(f"data/{name}").read_text(encoding="utf-8")


@cache
def _pope() -> tuple[str, dict[int, str]]:
    header = ""
    lines: dict[int, str] = {}
    for k, raw in enumerate(_source("pope-rape-of-the-lock-iii-25-100.tsv").splitlines(), start=1):
        if raw.startswith("#"):
            header += raw.lstrip("# ").strip()
            continue
        if not raw.strip():
            continue
        number, sep, verse = raw.partition("\t")
        if not sep or not number.isdigit():
            raise TextError(f"pope-rape-of-the-lock-iii-25-100.tsv:{k}: expected 'number<TAB>verse'")
        lines[int(number)] = verse
    expected = list(range(25, 101))
    if sorted(lines) != expected:
        raise TextError("pope-rape-of-the-lock-iii-25-100.tsv: lines 25 to 100 expected, each once")
    return header, lines


def pope_lines() -> dict[int, str]:
    """Pope, *The Rape of the Lock*, Canto III, lines 25-100 (Parrott's text), by line number."""
    return dict(_pope()[1])


def pope_source() -> str:
    """The provenance note of Pope's text (edition, transcription, numbering)."""
    return _pope()[0]


def pope_passage(first: int, last: int) -> list[tuple[int, str]]:
    """Lines ``first`` to ``last`` (inclusive) as ``(number, verse)`` pairs.

    >>> pope_passage(49, 50)
    [(49, 'Spadillio first, unconquerable Lord!'), (50, 'Led off two captive trumps, and swept the board.')]
    """
    lines = _pope()[1]
    if not (25 <= first <= last <= 100):
        raise TextError(f"Pope's game of Ombre is iii.25-100; lines {first}-{last} are not in it")
    return [(n, lines[n]) for n in range(first, last + 1)]


def morley_raw() -> str:
    """Morley's note exactly as the source file has it, scan damage included."""
    return _source("morley-1891-game-of-ombre.txt")


@cache
def _morley() -> tuple[str, tuple[Repair, ...], tuple[Misquotation, ...]]:
    data = json.loads(
        resources.files("ombre.sources").joinpath("data/edition/morley.json").read_text(encoding="utf-8")
    )
    text = morley_raw()
    repairs = tuple(Repair(r["id"], r["damaged"], r["repaired"], r["reason"]) for r in data["repairs"])
    for r in repairs:
        count = text.count(r.damaged)
        if count != 1:
            raise TextError(
                f"morley.json [{r.id}]: {r.damaged!r} occurs {count} times in the source, not once"
            )
        text = text.replace(r.damaged, r.repaired)
    pope = pope_lines()
    quotes = []
    for m in data["misquotations"]:
        if m["morley"] not in text:
            raise TextError(f"morley.json: misquotation of iii.{m['line']} not found in the note")
        quotes.append(Misquotation(m["line"], m["morley"], pope[m["line"]], m["note"]))
    return text.strip(), repairs, tuple(quotes)


def morley_text() -> str:
    """Morley's note with the scan damage repaired (paragraphs separated by blank lines)."""
    return _morley()[0]


def morley_paragraphs() -> tuple[str, ...]:
    """Morley's note, repaired, one paragraph an item.

    >>> morley_paragraphs()[0][:40]
    'or "Do you play without taking in?" If t'
    >>> len(morley_paragraphs())
    24
    """
    return tuple(p.strip() for p in morley_text().split("\n\n") if p.strip())


def morley_repairs() -> tuple[Repair, ...]:
    """Every repair made to Morley's note, in order, with its reason."""
    return _morley()[1]


def morley_misquotations() -> tuple[Misquotation, ...]:
    """Morley's misquotations of Pope, kept in his text, with Pope's own line beside each.

    >>> [(m.line, m.pope) for m in morley_misquotations()][0]
    (92, 'Just in the jaws of ruin, and Codille.')
    """
    return _morley()[2]
