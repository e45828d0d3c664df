"""Counts of legal play sequences from fixed positions ("perft"), as regression oracles.

The counts are kept in ``tests/data/perft.json``.  Each was computed once by the slow path
(:func:`ombre.engine.rules.legal_plays` with ``GameState.apply`` and ``undo``) and agrees with
the fast bit-set core (:func:`ombre.engine._core.perft`).  A change to either that alters a
count is a change to the rules of play.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ombre.engine import _core
from ombre.engine.cards import Suit, parse_cards
from ombre.engine.game import Deal, GameState, Play
from ombre.engine.rules import legal_plays


def slow_perft(st: GameState, depth: int) -> int:
    """Count through :func:`~ombre.engine.rules.legal_plays` and ``GameState.apply``/``undo`` (slow)."""
    if depth == 0 or st.is_terminal():
        return 1
    seat, trick, trump = st.current_player, st.current_trick, st.trump
    assert seat is not None and trick is not None and trump is not None
    total = 0
    for card in legal_plays(st.hand(seat), trick.cards, trump):
        st.apply(Play(card))
        total += slow_perft(st, depth - 1)
        st.undo()
    return total


def fast_perft(st: GameState, depth: int) -> int:
    assert st.trump is not None
    tb = _core.TABLES[st.trump]
    trick = st.current_trick
    assert trick is not None
    hands = [tb.mask(h) for h in st.hands]
    return _core.perft(hands, trick.leader, [tb.code(c) for c in trick.cards], tb, depth)


def position(name: str) -> GameState:
    if name == "belinda":  # Pope iii: Belinda's hands after the exchange, spades trumps
        return GameState.from_position(
            [
                parse_cards("As 2s Ac Ks Kc Kh Qh 6d 7d"),
                parse_cards("Qs Js 7s 6s 5s Kd Qd Jd Ah"),
                parse_cards("4s 3s 4c Jc Jh 2h 3h 4h 5h"),
            ],
            Suit.SPADES,
            0,
            0,
            rules="court-gamester",
        )
    if name == "end4":  # four cards each, the matadors split between two hands
        return GameState.from_position(
            [parse_cards("As 5s Kh 2d"), parse_cards("2s Ac Qh 3d"), parse_cards("Ks 4h Jd Kc")],
            Suit.SPADES,
            1,
            2,
            rules="court-gamester",
        )
    seed = int(name.removeprefix("seed"))
    trump = {1: Suit.HEARTS, 2: Suit.CLUBS, 3: Suit.DIAMONDS}[seed]
    d = Deal.random(seed=seed)
    return GameState.from_position(d.hands, trump, d.eldest, d.eldest, rules="court-gamester")


# (position, depth in cards played, count); the slow path is checked up to depth 5 and on end4
_TABLE = Path(__file__).parents[1] / "data" / "perft.json"
PERFT = [tuple(row) for row in json.loads(_TABLE.read_text(encoding="utf-8"))["rows"]]


@pytest.mark.parametrize(("name", "depth", "count"), PERFT)
def test_perft_fast_core(name: str, depth: int, count: int) -> None:
    assert fast_perft(position(name), depth) == count


@pytest.mark.parametrize(
    ("name", "depth", "count"), [p for p in PERFT if p[1] <= 5 and p[0] != "seed1" or p[0] == "end4"]
)
def test_perft_slow_reference(name: str, depth: int, count: int) -> None:
    assert slow_perft(position(name), depth) == count


def test_perft_seed1_depth5_slow_reference() -> None:
    """The largest slow count (about 0.3 s)."""
    [count] = [c for name, depth, c in PERFT if (name, depth) == ("seed1", 5)]
    assert slow_perft(position("seed1"), 5) == count


def test_perft_undo_restores_the_position() -> None:
    st = position("belinda")
    before = (st.hands, st.tricks, st.tricks_won, st.current_player, st.history)
    slow_perft(st, 4)
    assert sum(slow_perft(st, 1) for _ in range(2)) == 18
    assert (st.hands, st.tricks, st.tricks_won, st.current_player, st.history) == before
