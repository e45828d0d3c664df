"""Morley's note on the game of Ombre (1891), cleaned of the artefacts of its web copy's word filter.

The dotted words ("Pa.s.s", "ca.n.a.ls") are not scan damage: the web copy's filter dotted out
harmless substrings (*ass*, *anal*, *tit*).  The functions keep their names (``damaged``, ``repaired``).

The note is package data (``ombre/sources/data/morley-1891-game-of-ombre.txt``), unchanged; each
repair is data (``ombre/sources/data/edition/morley.json``) and can be listed.  Morley's own
misquotations of Pope (iii.92 and iii.100) are his and stay as he wrote them.

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

from ombre.errors import TextError
from ombre.sources.pope import pope_lines

__all__ = [
    "Repair",
    "Misquotation",
    "morley_raw",
    "morley_text",
    "morley_paragraphs",
    "morley_repairs",
    "morley_misquotations",
]


@dataclass(frozen=True)
class Repair:
    """One repair of the web copy's damage to Morley's note: ``damaged`` became ``repaired``, and why."""

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


def _data(name: str) -> str:
    return resources.files("ombre.sources").joinpath(f"data/{name}").read_text(encoding="utf-8")


def morley_raw() -> str:
    """Morley's note exactly as the source file has it, the web copy's damage included."""
    return _data("morley-1891-game-of-ombre.txt")


@cache
def _morley() -> tuple[str, tuple[Repair, ...], tuple[Misquotation, ...]]:
    data = json.loads(_data("edition/morley.json"))
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
    """Morley's note with the web copy's damage repaired (paragraphs separated by blank lines)."""
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
