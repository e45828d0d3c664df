"""Belinda's game as recorded: the shipped readings, their records and replays, and the players' roles."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources

from ombre.engine.cards import Suit
from ombre.engine.record import GameRecord, RecordReplay, read_record, replay_record
from ombre.errors import OmbreError

__all__ = ["BelindaError", "READINGS", "READING_TITLES", "load_record", "load_records", "replay"]

#: Spades are trumps (iii.46: "Let Spades be trumps! she said, and trumps they were").
SPADES = Suit.SPADES
BELINDA, BARON = "Belinda", "Baron"

#: The shipped readings: name -> record file in ``ombre/belinda/records/``.
READINGS: dict[str, str] = {
    "pole": "belinda-1-pole.omb",
    "king-of-clubs": "belinda-2-king-of-clubs.omb",
    "baker": "belinda-3-baker.omb",
}

#: Short titles for tables: whose hands, and what sets the reading apart (each record's
#: ``Event`` and ``Source`` tags say in full whose play, whose hands and which cards are ours).
READING_TITLES: dict[str, str] = {
    "pole": "Pole's hands (1895)",
    "king-of-clubs": "King of Clubs third",
    "baker": "Baker's bid, our hands",
}


class BelindaError(OmbreError):
    """A reading that is not known, or a record that is not Belinda's game."""


def load_record(name: str) -> GameRecord:
    """The record of one reading (``pole``, ``king-of-clubs``, ``baker``).

    >>> load_record("baker").bidding.bids
    ('sans-prendre',)
    """
    if name not in READINGS:
        raise BelindaError(f"unknown reading {name!r} (known: {', '.join(READINGS)})")
    return _load(name)


@cache
def _load(name: str) -> GameRecord:
    path = f"records/{READINGS[name]}"
    text = resources.files("ombre.belinda").joinpath(path).read_text(encoding="utf-8")
    return read_record(text, path=f"ombre/belinda/{path}")


def load_records() -> dict[str, GameRecord]:
    """Every reading's record, in the order of :data:`READINGS`."""
    return {name: load_record(name) for name in READINGS}


def replay(record: GameRecord | str) -> RecordReplay:
    """The engine's replay of a reading (by name) or of a record."""
    rec = load_record(record) if isinstance(record, str) else record
    return replay_record(rec)


def _roles(players: Sequence[str]) -> tuple[int, int, int]:
    """Seats of Belinda, the Baron and the third player."""
    if BELINDA not in players or BARON not in players:
        raise BelindaError(
            f"Belinda's game needs players named {BELINDA!r} and {BARON!r}, not {tuple(players)}"
        )
    b, r = players.index(BELINDA), players.index(BARON)
    return b, r, 3 - b - r
