"""Pope's game of Ombre: *The Rape of the Lock*, Canto III, lines 25-100, by line number.

The text is package data (``ombre/sources/data/pope-rape-of-the-lock-iii-25-100.tsv``),
unchanged: Parrott's text with the standard five-canto numbers.

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
]

_FILE = "pope-rape-of-the-lock-iii-25-100.tsv"


@cache
def _pope() -> tuple[str, dict[int, str]]:
    header = ""
    lines: dict[int, str] = {}
    source = resources.files("ombre.sources").joinpath(f"data/{_FILE}").read_text(encoding="utf-8")
    for k, raw in enumerate(source.splitlines(), start=1):
        if raw.startswith("#"):
            header += raw.lstrip("# ").strip()
            continue
        if not raw.strip():
            continue
        number, sep, verse = raw.partition("\t")
        if not sep or not number.isdigit():
            raise TextError(f"{_FILE}:{k}: expected 'number<TAB>verse'")
        lines[int(number)] = verse
    expected = list(range(25, 101))
    if sorted(lines) != expected:
        raise TextError(f"{_FILE}: lines 25 to 100 expected, each once")
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
