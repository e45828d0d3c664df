"""Public entry points refuse bad input with a clear error, and read card texts where the docs say so.

Each case is one the review found crashing inside the package (``AttributeError``, a ``TypeError``
from deep in the code) or giving a false answer; each now raises an error naming the argument and
what it got, or gives the answer that card objects give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ombre.display.replay import build_viewer_steps, render_position
from ombre.engine.cards import SPADILLE, Card, CardError, Suit, parse_cards
from ombre.engine.game import Bid, Deal, GameState, Trick
from ombre.engine.payments import Amount
from ombre.engine.rules import explain_play, is_seat, why_illegal
from ombre.engine.solver import Position, PositionError, Solver, analyse, solve
from ombre.errors import OmbreError, RulesError

DEAL = Deal.random(seed=1)
POSITION = Position.parse("Kh / 2s Qh / 3s Jh; trump spades; ombre 0; leader 0; trick As; won 0 0 0")


def _raises(call: Callable[[], object], kind: type[Exception], *fragments: str) -> None:
    with pytest.raises(kind) as info:
        call()
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))


# -- finding 3: why_illegal and explain_play read card texts -------------------------------------


@pytest.mark.parametrize(
    ("hand", "trick", "card", "expected"),
    [
        ("Kh Qs", "2h 3h", "Qs", "must follow hearts"),
        ("Kh Qs", "2h", "Qs", "must follow hearts"),
        ("Kh Qs", "2h", "Kh", None),
        ("Kh Qs", "2h 3h 4h", "Kh", "the trick is complete (three cards): the card goes to the next trick"),
        ("Kh Qs", "2h", "As", "the Ace of Spades is not in this hand"),
        ("2s Kh", "As", "Kh", "must play a trump: Spadille forces Manille"),
        (["Kh", Card.parse("Qs")], ("2h",), "Qs", "must follow hearts"),
    ],
)
def test_why_illegal_reads_card_texts(hand: Any, trick: Any, card: str, expected: str | None) -> None:
    assert why_illegal(hand, trick, card, "s") == expected
    # the same answer as with card objects
    as_objects = why_illegal(parse_cards(hand), parse_cards(trick), Card.parse(card), Suit.SPADES)
    assert as_objects == expected


@pytest.mark.parametrize(
    ("hand", "trick", "card", "expected"),
    [
        ("Kh Qs", parse_cards("2h"), "Kh", "legal: follows hearts"),
        ("Kh Qs", "2h", "Qs", "illegal: must follow hearts"),
        (parse_cards("Kh Qs"), "2h", "Kh", "legal: follows hearts"),
        ("Qs Kd", "2h", "Qs", "legal: no hearts left, so any card may be played (no duty to trump, Morley)"),
        (
            "2s Kh",
            "5s",
            "Kh",
            "legal: Manille need not be played to a lower trump (the matadors' privilege, 1665)",
        ),
        ("Kh", "", "Kh", "legal: the leader may lead any card"),
    ],
)
def test_explain_play_reads_card_texts(hand: Any, trick: Any, card: str, expected: str) -> None:
    assert explain_play(hand, trick, card, "s") == expected


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda: why_illegal(parse_cards("Kh"), 5, "Kh", "s"), ("trick_cards", "int 5")),
        (lambda: why_illegal(None, "2h", "Kh", "s"), ("hand", "NoneType None")),
        (lambda: why_illegal("Kh", [Card.parse("2h"), 7], "Kh", "s"), ("trick_cards", "int 7")),
        (lambda: explain_play("Kh", None, "Kh", "s"), ("trick_cards", "NoneType None")),
        (lambda: explain_play(3, "2h", "Kh", "s"), ("hand", "int 3")),
    ],
)
def test_why_illegal_and_explain_play_name_a_wrong_argument(
    call: Callable[[], object], fragments: tuple[str, ...]
) -> None:
    _raises(call, TypeError, *fragments)


def test_why_illegal_names_an_unreadable_card_text() -> None:
    _raises(lambda: why_illegal("Kh Zz", "2h", "Kh", "s"), CardError, "'Zz'")


# -- finding 9: GameState's constructor ------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "kind", "fragments"),
    [
        ({"deal": "deal"}, TypeError, ("deal: expected a Deal", "str 'deal'")),
        ({"deal": None}, TypeError, ("deal: expected a Deal", "NoneType None")),
        ({"players": "ABC"}, TypeError, ("players: expected three names", "str 'ABC'")),
        ({"players": 3}, TypeError, ("players: expected three names", "int 3")),
        ({"players": ["A", 2, "C"]}, TypeError, ("players: a name is a text", "int 2")),
        ({"players": ["A", "B"]}, OmbreError, ("three different player names",)),
        ({"pool": 5}, TypeError, ("pool: expected an Amount", "int 5")),
        ({"pool": (2, "lesser marks")}, TypeError, ("pool: expected an Amount",)),
        ({"pool": Amount.of(3, "guineas")}, RulesError, ("pool: 'guineas' is not one of", "great marks")),
        (
            {"pool": Amount.of(2, "lesser marks"), "rules": "court-gamester"},
            RulesError,
            ("pool: 'lesser marks' is not one of", "counters"),
        ),
    ],
)
def test_game_state_refuses_bad_arguments(
    kwargs: dict[str, Any], kind: type[Exception], fragments: tuple[str, ...]
) -> None:
    args = {"deal": DEAL, **kwargs}
    _raises(lambda: GameState(**args), kind, *fragments)


def test_a_pool_in_the_rule_sets_units_is_settled() -> None:
    pool = Amount.of(4, "lesser marks")
    state = GameState(DEAL, pool=pool)
    for bid in ("pass", "pass", "pass"):
        state.apply(Bid(bid))
    assert state.passed_out and state.pool_before == pool
    st = state.settlement()
    # the three passes' fees and the eldest's fee (a lesser mark each) join the four lying there
    assert [st.net[seat] for seat in range(3)] == [
        -Amount.of(1, "lesser marks"),
        -Amount.of(2, "lesser marks"),
        -Amount.of(1, "lesser marks"),
    ]
    assert st.pool_after == Amount.of(8, "lesser marks")


# -- finding 10: the solver's entry points --------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "kind", "fragments"),
    [
        (lambda: Solver("s", 1.0), PositionError, ("the Ombre's seat must be 0, 1 or 2", "1.0")),
        (lambda: Solver("s", True), PositionError, ("the Ombre's seat must be 0, 1 or 2", "True")),
        (lambda: Solver("s", "0"), PositionError, ("the Ombre's seat must be 0, 1 or 2", "'0'")),
        (lambda: Solver(None, 0), TypeError, ("trump", "NoneType None")),
        (lambda: Solver("s", 0).value("Kh"), TypeError, ("pos: expected a Position", "str 'Kh'")),
        (lambda: Solver("s", 0).analyse(None), TypeError, ("pos: expected a Position", "NoneType None")),
        (lambda: solve(None), TypeError, ("position: expected a Position", "NoneType None")),
        (lambda: solve("Kh / 2s / 3s"), TypeError, ("position: expected a Position", "str")),
        (lambda: analyse(5), TypeError, ("position: expected a Position", "int 5")),
        (
            lambda: Position(POSITION.hands, Suit.SPADES, True, 0),
            PositionError,
            ("ombre must be seat 0, 1 or 2", "True"),
        ),
        (
            lambda: Position(POSITION.hands, Suit.SPADES, 0, 1.0),
            PositionError,
            ("leader must be seat 0, 1 or 2", "1.0"),
        ),
    ],
)
def test_the_solver_refuses_wrong_types(
    call: Callable[[], object], kind: type[Exception], fragments: tuple[str, ...]
) -> None:
    _raises(call, kind, *fragments)


def test_the_solver_still_solves_after_its_checks() -> None:
    # Kh, then Qh and Jh: the Ombre's Spadille (led) and King of Hearts take both tricks
    assert solve(POSITION) == 2
    assert Solver("s", 0).value(POSITION) == 2


# -- finding 11: the card, deal and bid parsers ---------------------------------------------------


@pytest.mark.parametrize(
    ("call", "kind", "fragments"),
    [
        (lambda: parse_cards(None), TypeError, ("parse_cards: expected a text", "NoneType None")),
        (lambda: parse_cards(5), TypeError, ("parse_cards: expected a text", "int 5")),
        (lambda: parse_cards(b"As"), TypeError, ("parse_cards: expected a text", "bytes b'As'")),
        (lambda: parse_cards(bytearray(b"As")), TypeError, ("parse_cards: expected a text", "bytearray")),
        (lambda: parse_cards(SPADILLE), TypeError, ("parse_cards: expected a text", "Card")),
        (lambda: parse_cards(["As", 3]), TypeError, ("parse_cards: expected a Card", "int 3")),
        (lambda: parse_cards(["As", "Zz"]), CardError, ("'Zz'",)),
        (lambda: Card(1, 2), TypeError, ("rank: expected a rank letter", "int 1")),
        (lambda: Card("K", 2), TypeError, ("suit: expected a Suit", "int 2")),
        (lambda: Card("K", None), TypeError, ("suit: expected a Suit", "NoneType None")),
        (lambda: Card("8", "s"), CardError, ("unknown rank '8'",)),
        (lambda: Suit.parse(None), TypeError, ("Suit.parse: expected a suit's text", "NoneType None")),
        (lambda: Deal.parse(None), TypeError, ("Deal.parse: expected a deal's text", "NoneType None")),
        (lambda: Deal.parse(5), TypeError, ("Deal.parse: expected a deal's text", "int 5")),
        (lambda: Bid.parse(None), TypeError, ("Bid.parse: expected a bid's text", "NoneType None")),
        (lambda: Bid.parse(["pass"]), TypeError, ("Bid.parse: expected a bid's text", "list")),
    ],
)
def test_parsers_name_what_they_got(
    call: Callable[[], object], kind: type[Exception], fragments: tuple[str, ...]
) -> None:
    _raises(call, kind, *fragments)


def test_parse_cards_takes_cards_and_texts_mixed() -> None:
    assert parse_cards([SPADILLE, "Kh", ""]) == [SPADILLE, Card("K", Suit.HEARTS)]
    assert parse_cards(c for c in parse_cards("2s 7h")) == parse_cards("2s 7h")
    assert parse_cards(["manille", SPADILLE], trump="h") == parse_cards("7h As")
    assert Card("K", "hearts") == Card.parse("Kh")


# -- finding 14: a seat is 0, 1 or 2, never a bool or a float ------------------------------------


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, -1, 3])
def test_is_seat_refuses_what_is_not_a_seat(value: object) -> None:
    assert not is_seat(value)


@pytest.mark.parametrize("value", [0, 1, 2])
def test_is_seat_takes_the_three_seats(value: int) -> None:
    assert is_seat(value)


@pytest.mark.parametrize("dealer", [True, False, 1.0, "0"])
def test_a_deal_refuses_a_dealer_that_is_not_a_seat(dealer: Any) -> None:
    _raises(lambda: Deal(DEAL.hands, DEAL.stock, dealer), OmbreError, "the dealer's seat must be 0, 1 or 2")


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_deal_with_any_dealer_reads_back(dealer: int) -> None:
    deal = Deal(DEAL.hands, DEAL.stock, dealer)
    assert str(deal).endswith(f"; dealer {dealer}")
    assert Deal.parse(str(deal)) == deal


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda: Trick(True, (), Suit.SPADES), ("the leader's seat must be 0, 1 or 2", "True")),
        (lambda: GameState(DEAL).view(True), ("seat must be 0, 1 or 2", "True")),
        (
            lambda: GameState.from_position(["As", "2s", "3s"], "s", ombre=True, leader=0),
            ("ombre must be seat 0, 1 or 2", "True"),
        ),
        (
            lambda: GameState.from_position(["As", "2s", "3s"], "s", ombre=0, leader=0, dealer=True),
            ("the dealer's seat must be 0, 1 or 2", "True"),
        ),
    ],
)
def test_seats_are_checked_alike_everywhere(call: Callable[[], object], fragments: tuple[str, ...]) -> None:
    _raises(call, OmbreError, *fragments)


def test_the_viewer_refuses_a_bool_seat() -> None:
    state = GameState.from_position(["As", "2s", "3s"], "s", ombre=0, leader=0)
    replay = build_viewer_steps(state)
    assert "Spadille" in render_position(replay, 0, seat_view=0)
    _raises(lambda: render_position(replay, 0, seat_view=True), OmbreError, "seat_view must be a seat")
