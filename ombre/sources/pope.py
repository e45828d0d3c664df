"""Pope's game of Ombre: *The Rape of the Lock*, Canto III, lines 25-100, by line number; and the whole canto.

The texts are package data, unchanged: ``ombre/sources/data/pope-rape-of-the-lock-iii-25-100.tsv``
(the game) and ``pope-rape-of-the-lock-iii.tsv`` (lines 1-178), Parrott's text with the standard
five-canto numbers.  The two files agree line for line on 25-100.

>>> pope_lines()[46]
'Let Spades be trumps! she said, and trumps they were.'
>>> min(pope_lines()), max(pope_lines()), len(pope_lines())
(25, 100, 76)
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from ombre.errors import TextError

__all__ = [
    "pope_lines",
    "pope_source",
    "pope_passage",
    "canto_lines",
    "canto_source",
]

_FILE = "pope-rape-of-the-lock-iii-25-100.tsv"
_CANTO = "pope-rape-of-the-lock-iii.tsv"


def _read(name: str, first: int, last: int) -> tuple[str, dict[int, str]]:
    """A ``number<TAB>verse`` file with its ``#`` header: lines ``first`` to ``last``, each once."""
    header = ""
    lines: dict[int, str] = {}
    source = resources.files("ombre.sources").joinpath(f"data/{name}").read_text(encoding="utf-8")
    for k, raw in enumerate(source.splitlines(), start=1):
        if raw.startswith("#"):
            header += raw.lstrip("# ").strip()
            continue
        if not raw.strip():
            continue
        number, sep, verse = raw.partition("\t")
        if not sep or not number.isdigit():
            raise TextError(f"{name}:{k}: expected 'number<TAB>verse'")
        lines[int(number)] = verse
    if sorted(lines) != list(range(first, last + 1)):
        raise TextError(f"{name}: lines {first} to {last} expected, each once")
    return header, lines


@cache
def _pope() -> tuple[str, dict[int, str]]:
    return _read(_FILE, 25, 100)


@cache
def _canto() -> tuple[str, dict[int, str]]:
    header, lines = _read(_CANTO, 1, 178)
    game = _pope()[1]
    if any(lines[n] != verse for n, verse in game.items()):
        raise TextError(f"{_CANTO}: lines 25-100 differ from {_FILE}")
    return header, lines


def canto_lines() -> dict[int, str]:
    """The whole of Canto III, lines 1-178 (Parrott's text), by line number.

    >>> lines = canto_lines()
    >>> len(lines), lines[101]
    (178, 'Oh thoughtless mortals! ever blind to fate,')
    >>> all(lines[n] == verse for n, verse in pope_lines().items())
    True
    """
    return dict(_canto()[1])


def canto_source() -> str:
    """The provenance note of the whole canto's text."""
    return _canto()[0]


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
