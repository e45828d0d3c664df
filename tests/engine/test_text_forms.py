"""Text forms of a deal and of a solver position: ``str``, ``parse``, ``repr`` and the notebook drawing."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ombre.engine.cards import DECK, SUITS, Card
from ombre.engine.game import Deal
from ombre.engine.solver import Position, PositionError
from ombre.errors import OmbreError, RecordError


def _deal(order: list[Card], dealer: int, unknown: list[bool]) -> Deal:
    stock = tuple(None if hide else c for c, hide in zip(order[27:], unknown, strict=True))
    return Deal((tuple(order[:9]), tuple(order[9:18]), tuple(order[18:27])), stock, dealer)


deals = st.builds(
    _deal,
    st.permutations(DECK),
    st.integers(0, 2),
    st.lists(st.booleans(), min_size=13, max_size=13),
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(deals)
def test_a_deal_reads_back_from_its_text(deal: Deal) -> None:
    text = str(deal)
    assert Deal.parse(text) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal  # the repr is evaluable, and short
    assert len(text) == 3 * 9 * 3 + 13 * 3 - 1 + 3 * 2 + len("; dealer 0")
    assert text.endswith(f"; dealer {deal.dealer}") and text.count("??") == deal.stock.count(None)


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2))
def test_a_random_deal_reads_back(seed: int, dealer: int) -> None:
    deal = Deal.random(seed=seed, dealer=dealer)
    assert Deal.parse(str(deal)) == deal and len(str(deal)) < 150


def test_with_the_dealer_in_seat_2_the_text_is_the_records_deal_value() -> None:
    from ombre.engine.game import GameState
    from ombre.engine.record import GameRecord

    deal = Deal.random(seed=5, dealer=2)
    record = GameRecord.from_state(GameState(deal))
    assert str(deal) == f"{record.deal}; dealer 2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As 2s / Ks; dealer 0", r"<deal>:1:1: deal: 2 groups; give three hands and the stock"),
        ("x; dealer 3", r"the deal ends with its dealer's seat, e.g. '; dealer 0'"),
        ("no dealer", r"the deal ends with its dealer's seat"),
    ],
)
def test_a_bad_deal_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Deal.parse(text)


def test_a_bad_card_or_count_in_a_deal_is_located() -> None:
    good = str(Deal.random(seed=2))
    first = good.split()[0]
    with pytest.raises(RecordError, match=r"<deal>:1:1: 'Xs' is not a card"):
        Deal.parse(good.replace(first, "Xs", 1))
    second = good.split()[1]
    with pytest.raises(RecordError, match=rf"duplicate card {second} in the deal"):
        Deal.parse(good.replace(first, second, 1))
    with pytest.raises(RecordError, match=r"<deal>:1:1: deal: 39 cards \(the pack has 40\)"):
        Deal.parse(good.replace(first + " ", "", 1))
    moved = good.replace(first + " ", "", 1).replace("; dealer", f" {first}; dealer")
    with pytest.raises(RecordError, match=r"deal: seat 0 has 8 cards \(9 are dealt to each\)"):
        Deal.parse(moved)
    with pytest.raises(RecordError, match=r"<deal>:1:1: deal: seat 0's hand has an unknown card \(\?\?\)"):
        Deal.parse(good.replace(first, "??", 1))
    with pytest.raises(RecordError, match=rf"<deal>:1:1: deal: {first}\? in seat 0 is marked conjectural"):
        Deal.parse(good.replace(first, first + "?", 1))
    assert issubclass(RecordError, OmbreError)


def test_a_deal_draws_its_hands_with_text_alternatives() -> None:
    order = list(DECK)
    deal = _deal(order, 1, [i == 0 for i in range(13)])
    out = deal._repr_html_()
    names = re.findall(r'<svg[^>]*aria-label="([^"]+)"', out)
    assert len(names) == 40 and names.count("a hidden card") == 1
    assert "the Ace of Spades" in names[0] or "Spadille" in names[0]
    for title in ("Seat 0", "Seat 1 (the dealer)", "Seat 2 (the eldest hand)"):
        assert f'aria-label="{title}"' in out
    assert "The stock (13 cards, top card first)" in out


def _position(seed: int, played: int) -> Position:
    """A position from a random deal after ``played`` random legal cards (0 to 27)."""
    rng = random.Random(seed)
    deal = Deal.random(seed=seed)
    pos = Position(deal.hands, rng.choice(SUITS), rng.randrange(3), rng.randrange(3))
    for _ in range(played):
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


positions = st.builds(_position, st.integers(0, 2**32 - 1), st.integers(0, 27))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(positions)
def test_a_position_reads_back_from_its_text(position: Position) -> None:
    text = str(position)
    assert Position.parse(text) == position
    assert eval(repr(position), {"Position": Position}) == position
    assert len(text) < 150 and "\n" not in text
    assert text.endswith(f"; won {position.won[0]} {position.won[1]} {position.won[2]}")


def test_the_end_of_a_hand_and_fields_in_another_order() -> None:
    done = _position(3, 27)
    assert done.tricks_left == 0 and str(done).startswith("- / - / -; trump ")
    assert Position.parse(str(done)) == done
    p = Position.parse("Kh / 2s Qh / 3s Jh; leader 0; trick As; ombre 0; won 0 0 0; trump s")
    assert p == Position.from_hands(["Kh", "2s Qh", "3s Jh"], trump="s", ombre=0, leader=0, trick="As")


GOOD = "Kh / 2s Qh / 3s Jh; trump spades; ombre 0; leader 0; trick As; won 0 0 0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Kh / 2s Qh; trump spades", r"position: 2 hands; give three, separated by '/'"),
        (GOOD.replace("; won 0 0 0", ""), r"position: no 'won' field \(e.g. '; won 0 0 0'\)"),
        (GOOD + "; colour red", r"position: unknown field 'colour red' \(the fields are trump, ombre"),
        (GOOD + "; ombre 1", r"position: the field 'ombre' is given twice"),
        (GOOD.replace("leader 0", "leader x"), r"position: leader must be a seat \(0, 1 or 2\), not 'x'"),
        (GOOD.replace("won 0 0 0", "won 0 0"), r"position: won must be three trick counts, not '0 0'"),
        (GOOD.replace("trump spades", "trump roses"), r"position: trump: .*roses"),
        (GOOD.replace("2s Qh", "2s Xh"), r"position: seat 1's hand: cannot read 'Xh' as a card"),
        (GOOD.replace("trick As", "trick Ks Kc Kd"), r"a trick in progress holds at most two cards"),
        (
            GOOD.replace("Kh /", "Kh Ks /"),
            r"seat 1 holds 2 cards but should hold 3 \(every seat plays one card to each trick\)",
        ),
        (
            "Kh / 2s / 3s Jh; trump spades; ombre 0; leader 0; trick As Qd; won 0 0 0",
            r"the Queen of Diamonds cannot have been played to this trick: must play a trump: "
            "Spadille forces Manille",
        ),
    ],
)
def test_a_bad_position_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.parse(text)


def test_a_position_draws_its_hands_and_its_trick() -> None:
    out = Position.parse(GOOD)._repr_html_()
    assert "Spades are trumps." in out
    assert 'aria-label="Seat 0 (the Ombre): no tricks"' in out and "Seat 1 (to move): no tricks" in out
    names = re.findall(r'<svg[^>]*aria-label="([^"]+)"', out)
    assert len(names) == 6 and "Seat 0 led Spadille, the Ace of Spades" in out
