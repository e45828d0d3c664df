"""Review 19: the Court Gamester's divided loss, and rule sets, settlements, results and tricks that
refuse impossible input with a message naming the argument."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ombre.engine.cards import Suit, parse_cards
from ombre.engine.payments import POOL, Amount, settle
from ombre.engine.rules import legal_plays, result_of, trick_winner
from ombre.engine.rulesets import RuleSet, get_rules
from ombre.errors import RulesError

S = Suit.SPADES
NO_HANDS: tuple[tuple[()], ...] = ((), (), ())


# --------------------------------------------------------------------------- Morley's divided loss


def test_the_rule_sets_differ_on_a_loss_without_codille() -> None:
    assert get_rules("court-gamester").loss_divides_stakes is True
    assert get_rules("1665").loss_divides_stakes is False
    cite = get_rules("court-gamester").citation("loss_divides_stakes")
    assert 'Morley: "when he loses the two opponents will divide the stakes between them' in cite
    assert '"For if the Ombre be beasted he has to replace the stakes."' in cite
    assert "odd counter" in cite


@pytest.mark.parametrize("tricks", [(3, 3, 3), (4, 4, 1), (1, 4, 4)])
def test_court_gamester_loss_the_defenders_divide_the_stakes_morley(tricks: tuple[int, int, int]) -> None:
    """Morley: "when he loses the two opponents will divide the stakes between them"; "if the Ombre
    be beasted he has to replace the stakes"."""
    st = settle(get_rules("court-gamester"), ombre=0, tricks_won=tricks, hands_at_play=NO_HANDS, trump=S)
    assert str(st.result) == "repuesto"
    # each stakes a fish of 10; the defenders take up 15 each; the Ombre puts back the 30
    assert [n.get("counters") for n in st.net] == [-40, 5, 5]
    assert st.pool_after == Amount.of(30, "counters")
    moves = [(t.payer, t.payee, t.amount.get("counters"), t.reason) for t in st.transfers[3:]]
    assert moves == [
        (POOL, 1, 15, "half the stakes: the Ombre lost, and the defenders divide them"),
        (POOL, 2, 15, "half the stakes: the Ombre lost, and the defenders divide them"),
        (0, POOL, 30, "beasted: replaces the stakes"),
    ]


def test_court_gamester_an_odd_counter_stays_on_the_table() -> None:
    rs = get_rules("court-gamester")
    st = settle(
        rs, ombre=1, tricks_won=(3, 3, 3), hands_at_play=NO_HANDS, trump=S, pool=Amount.of(31, "counters")
    )
    assert [n.get("counters") for n in st.net] == [15, -30, 15]
    assert st.pool_after == Amount.of(31, "counters")


def test_1665_loss_without_codille_is_still_the_repuesto() -> None:
    st = settle(get_rules("1665"), ombre=0, tricks_won=(3, 3, 3), hands_at_play=NO_HANDS, trump=S)
    assert [n.get("great marks") for n in st.net] == [-4, -1, -1]
    assert st.pool_after == Amount.of(6, "great marks")
    assert st.transfers[-1].reason == "repuesto: doubles the stake, which stays for the next hand"


def test_1665_vole_mark_says_why_it_is_a_great_mark() -> None:
    rules = get_rules("1665")
    assert rules.vole_bonus == (1, "great marks")
    cite = rules.citation("vole_bonus")
    assert '"they likewise are to give you one Mark or Counter the piece"' in cite
    assert "the engine's reading: a great mark" in cite
    assert '"one of the greater Marks or Counters"' in cite


# --------------------------------------------------------------------------- RuleSet.__post_init__


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"forced_spadille": "no"}, "forced_spadille must be True or False, not str 'no'"),
        ({"renounce_doubles_stake": 1}, "renounce_doubles_stake must be True or False, not int 1"),
        ({"game_stake": (1.5, "great marks")}, r"game_stake must be a \(whole number, unit\) pair"),
        ({"game_stake": "x"}, r"game_stake must be a \(whole number, unit\) pair .* not 'x'"),
        ({"game_stake": (1, "great marks", 3)}, r"game_stake must be a \(whole number, unit\) pair"),
        ({"name": 5}, "rule set name must be a non-empty str, not 5"),
        ({"title": None}, "title must be a str, not NoneType None"),
        ({"vole_must_be_declared_before_trick": "5"}, "must be an int or None, not str '5'"),
        ({"unit_values": "ab"}, "unit_values must be a tuple of"),
        ({"unit_values": (("great marks", 0),)}, "each value a positive int"),
        ({"unit_values": (("great marks", 12), ("great marks", 1))}, "names a unit twice"),
        ({"citations": (("x",),)}, "citations must be a tuple of"),
        ({"loss_divides_stakes": None}, "loss_divides_stakes must be True or False"),
    ],
)
def test_a_malformed_rule_set_is_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        dataclasses.replace(get_rules("1665"), **change)


def test_a_well_formed_home_rule_set_is_accepted() -> None:
    home = dataclasses.replace(get_rules("1665"), name="home", loss_divides_stakes=True)
    assert isinstance(home, RuleSet) and home.loss_divides_stakes


# --------------------------------------------------------------------------- settle()


def _settle(**change: Any) -> object:
    args: dict[str, Any] = {
        "ombre": 0,
        "tricks_won": (5, 4, 0),
        "hands_at_play": NO_HANDS,
        "trump": S,
    }
    args.update(change)
    rules = args.pop("rules", get_rules("1665"))
    return settle(rules, **args)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"passes": (7,)}, "passes: a seat is 0, 1 or 2, not 7"),
        ({"passes": (1, 1)}, r"passes: a player passes once a hand, not \(1, 1\)"),
        ({"eldest": 4}, "eldest: a seat is 0, 1 or 2, not 4"),
        ({"renouncers": (9,)}, "renouncers: a seat is 0, 1 or 2, not 9"),
        ({"ombre": 3}, "ombre: a seat is 0, 1 or 2, not 3"),
        ({"hands_at_play": ((), ())}, "hands_at_play: expected the three players' hands, not 2"),
        (
            {"rules": "1665"},
            r"rules: expected a RuleSet \(ombre.engine.rulesets.get_rules\('1665'\) gives one\)",
        ),
        ({"taken_in": (-3, 0, 0)}, r"taken_in: every count must be a whole number, not negative: \(-3"),
        ({"taken_in": (20, 0, 0)}, r"taken_in: a player takes in at most his nine cards"),
        ({"taken_in": (8, 5, 1)}, r"all three at most the thirteen of the stock, not \(8, 5, 1\)"),
        ({"taken_in": (1, 0)}, "taken_in: expected three counts, one a seat, not 2"),
        ({"tricks_won": (5, 4)}, "tricks_won: expected three counts, one a seat, not 2"),
        ({"tricks_won": (7, 4, 0)}, "tricks_won: nine tricks are played, not 11"),
        ({"tricks_won": (4, 3, 0)}, "tricks: the counts of a finished hand sum to nine, not"),
        ({"pool": 30}, "pool: expected an Amount, not int 30"),
    ],
)
def test_settle_refuses_impossible_input(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        _settle(**change)


def test_settle_a_passed_out_hand_still_settles() -> None:
    st = settle(
        get_rules("court-gamester"),
        ombre=None,
        tricks_won=(0, 0, 0),
        hands_at_play=NO_HANDS,
        trump=None,
        passes=(0, 1, 2),
    )
    assert st.result is None and st.pool_after == Amount.of(33, "counters")


# --------------------------------------------------------------------------- results and tricks


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ((4, 3, 0), r"sum to nine, not \(4, 3, 0\) \(7\): a hand with tricks still to play has no result"),
        ((2.5, 3, 3.5), "every count must be a whole number of tricks"),
        ((True, 4, 4), "every count must be a whole number of tricks"),
        ((-1, 5, 5), "no count may be negative"),
        ((3, 3), "expected three counts"),
        (5, "expected three counts of tricks, not 5"),
    ],
)
def test_result_of_refuses_what_is_not_a_finished_hand(tricks: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        result_of(tricks, 0)


@pytest.mark.parametrize("seat", [True, 1.0, "1", 3])
def test_result_of_and_settle_take_the_one_seat_check(seat: Any) -> None:
    with pytest.raises(RulesError, match=r"the Ombre's seat must be 0, 1 or 2, not "):
        result_of((5, 4, 0), seat)
    with pytest.raises(RulesError, match=r"eldest: a seat is 0, 1 or 2, not "):
        settle(get_rules("1665"), ombre=0, tricks_won=(5, 4, 0), hands_at_play=NO_HANDS, trump=S, eldest=seat)


def test_a_short_position_finished_has_no_result_but_a_full_hand_does() -> None:
    from ombre.engine.game import GameState

    s = GameState.from_position(
        [parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")], trump=S, ombre=0, leader=0
    )
    for card in ["As", "2s", "3s", "Kh", "Qh", "Jh"]:
        s.play(card)
    assert s.is_terminal() and s.tricks_won == (2, 0, 0) and s.result is None


def test_trick_winner_refuses_four_cards_and_repeated_cards() -> None:
    with pytest.raises(RulesError, match="a trick has at most three cards, not 4"):
        trick_winner(parse_cards("As Ks Qs Js"), S)
    with pytest.raises(RulesError, match="Ks is played twice"):
        trick_winner(parse_cards("Ks Ks"), S)
    assert trick_winner(parse_cards("Kd 2d Ac"), Suit.HEARTS) == 2


def test_legal_plays_refuses_a_complete_trick_as_why_illegal_does() -> None:
    from ombre.engine.rules import why_illegal

    hand, trick = parse_cards("2s Kh"), parse_cards("5s 6s 7s")
    assert why_illegal(hand, trick, "2s", S) is not None
    assert "complete" in (why_illegal(hand, trick, "2s", S) or "")
    with pytest.raises(RulesError, match=r"trick_cards: the trick is complete \(3 cards\)"):
        legal_plays(hand, trick, S)
    with pytest.raises(RulesError, match="the trick is complete"):
        legal_plays("2s Kh", ["5s", "6s", "7s"], S)
    assert legal_plays(parse_cards("4s Kh"), parse_cards("5s 6s"), S) == parse_cards("4s")


def test_the_replay_says_the_defenders_divide_under_the_court_gamester() -> None:
    from pathlib import Path

    from ombre.display.replay import build_replay
    from ombre.engine.record import read_records

    text = (Path(__file__).parent / "golden" / "repuesto-1665.omb").read_text(encoding="utf-8")
    outcomes = {}
    for name in ("1665", "court-gamester"):
        [game] = read_records(text.replace('[Rules "1665"]', f'[Rules "{name}"]'))
        outcome = build_replay(game).outcome
        assert outcome is not None
        outcomes[name] = outcome
    assert outcomes["1665"].summary.endswith("the stake is doubled and stays for the next hand.")
    court = outcomes["court-gamester"]
    assert court.summary.endswith("the others divide the stakes, and the Ombre replaces them.")
    assert court.net == ("-42 counters", "+5 counters", "+5 counters") and court.pool == "32 counters"
    assert (
        "The pool pays Ben 16 counters: half the stakes: the Ombre lost, and the defenders divide them."
        in (court.transfers)
    )
    assert "Ann pays the pool 32 counters: beasted: replaces the stakes." in court.transfers
