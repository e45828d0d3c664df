"""Rules of Ombre (ombre.engine.rules and ombre.engine.payments); each test names its source.

Sources: "1665" = The Royal Game of the Ombre; "Morley" = his 1891 note on
the Court Gamester; "Hoyle"; "1911 EB".  See rules-and-sources.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ombre.engine.cards import BASTO, DECK, SPADILLE, SUITS, Card, CardError, Suit, format_cards, parse_cards
from ombre.engine.payments import POOL, Amount, settle
from ombre.engine.rules import (
    Result,
    beats,
    card_order,
    codille_winner,
    effective_suit,
    explain_play,
    is_matador,
    is_seat,
    is_trump,
    legal_plays,
    manille,
    matador_sequence,
    matadors,
    plain_order,
    result_of,
    trick_winner,
    trump_order,
    why_illegal,
)
from ombre.engine.rulesets import RULESETS, RuleSet, get_rules
from ombre.errors import OmbreError, RulesError

S, C, H, D = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def legal(hand: str, trick: str, trump: Suit) -> str:
    return format_cards(sorted(legal_plays(cards(hand), cards(trick), trump), key=lambda c: c.index))


# ---------------------------------------------------------------------------
# order of the cards
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "order"),
    [
        (S, "As 2s Ac Ks Qs Js 7s 6s 5s 4s 3s"),
        (C, "As 2c Ac Kc Qc Jc 7c 6c 5c 4c 3c"),
        (H, "As 7h Ac Ah Kh Qh Jh 2h 3h 4h 5h 6h"),
        (D, "As 7d Ac Ad Kd Qd Jd 2d 3d 4d 5d 6d"),
    ],
)
def test_trump_order_1665_of_the_names_of_the_cards(trump: Suit, order: str) -> None:
    """1665 "Of the names of the Cards": black 11 trumps, red 12; same in Morley, 1911 EB."""
    assert format_cards(trump_order(trump)) == order


def test_eleven_black_twelve_red_trumps_1665() -> None:
    """1665: "of Black, there are but eleven Trumps, and of Red twelve"."""
    assert [len(trump_order(t)) for t in SUITS] == [11, 11, 12, 12]
    for t in SUITS:
        assert sum(is_trump(c, t) for c in DECK) == len(trump_order(t))


@pytest.mark.parametrize(
    ("suit", "trump", "order"),
    [
        (S, H, "Ks Qs Js 7s 6s 5s 4s 3s 2s"),
        (C, S, "Kc Qc Jc 7c 6c 5c 4c 3c 2c"),
        (H, S, "Kh Qh Jh Ah 2h 3h 4h 5h 6h 7h"),
        (D, C, "Kd Qd Jd Ad 2d 3d 4d 5d 6d 7d"),
    ],
)
def test_plain_order_1665_red_ace_after_knave(suit: Suit, trump: Suit, order: str) -> None:
    """1665: the red ace "is only rank'd after the Knave"; "the least small Cards of the Red are
    alwayes best, and the greatest of the Black"."""
    assert format_cards(plain_order(suit, trump)) == order


def test_plain_order_of_trump_suit_is_an_error() -> None:
    with pytest.raises(RulesError, match="trump_order"):
        plain_order(H, H)


def test_orders_partition_the_pack_for_every_trump() -> None:
    for t in SUITS:
        everything = [c for s in SUITS for c in card_order(s, t)]
        assert sorted(everything) == sorted(DECK)


def test_black_aces_always_trumps_1665() -> None:
    """1665: Spadille "alwayes Trump, be the Trump what suit soever"; Basto "alwayes the third"."""
    for t in SUITS:
        assert is_trump(SPADILLE, t) and is_trump(BASTO, t)
        assert trump_order(t)[0] == SPADILLE and trump_order(t)[2] == BASTO
        assert effective_suit(SPADILLE, t) is t
    assert not is_trump(Card.parse("Ah"), S) and is_trump(Card.parse("Ah"), H)


def test_matadors_1665() -> None:
    """1665 "Of the Matadors": Spadillio, Mallilio and Basto."""
    assert format_cards(matadors(S)) == "As 2s Ac"
    assert format_cards(matadors(D)) == "As 7d Ac"


# ---------------------------------------------------------------------------
# following suit
# ---------------------------------------------------------------------------


def test_leader_may_lead_anything() -> None:
    assert legal("As 2h Kd", "", S) == "As 2h Kd"


def test_must_follow_plain_suit_morley() -> None:
    """Morley: "a suit led must be followed"."""
    assert legal("2s 5h Qd Kh", "Jh", S) == "5h Kh"
    assert why_illegal(cards("2s 5h Qd"), cards("Jh"), Card.parse("Qd"), S) == "must follow hearts"


def test_no_duty_to_trump_morley() -> None:
    """Morley: "a player who cannot follow suit is not obliged to play a trump unless he please"."""
    assert legal("2s 4s Qd", "Jh", S) == "2s 4s Qd"


def test_black_ace_does_not_follow_its_own_suit_1665() -> None:
    """Spadille is a trump, not a spade, when another suit is trumps (1665)."""
    assert legal("As 2s Kh", "Ks", H) == "2s"
    assert legal("As Kh", "Ks", H) == "As Kh"  # void in plain spades: anything
    assert legal("Ac 4c Qd", "7c", D) == "4c"


def test_must_follow_trumps_1665() -> None:
    """1665 "Of playing Trumps": "for all the rest you are to follow Trump"."""
    assert legal("4s Kh Qd", "Js", S) == "4s"
    assert (
        why_illegal(cards("4s Kh"), cards("Js"), Card.parse("Kh"), S) == "must play a trump: trumps were led"
    )


def test_black_ace_led_is_a_trump_lead_1665() -> None:
    """Basto led when hearts are trumps calls for hearts (trumps)."""
    assert legal("3h Kc Qd", "Ac", H) == "3h"


def test_illegal_card_not_in_hand() -> None:
    assert (
        why_illegal(cards("4s"), cards("Js"), Card.parse("Kh"), S) == "the King of Hearts is not in this hand"
    )


# ---------------------------------------------------------------------------
# the matadors' privilege: truth table (1665 "Of playing Trumps", Hoyle, 1911 EB)
# ---------------------------------------------------------------------------

PRIVILEGE_TABLE = [
    # (led, hand, legal plays, why)
    ("5s", "2s Kh", "2s Kh", "Manille need not be played to a lower trump (1665)"),
    ("5s", "As 2s Ac Kh", "As 2s Ac Kh", "all three matadors privileged against a small trump (1665)"),
    ("5s", "2s 4s Kh", "2s 4s", "a small trump held: must play a trump, the matador or not (1665)"),
    ("Ks", "Ac Qd", "Ac Qd", "Basto need not be played to the King of trumps (1665)"),
    ("As", "2s Kh", "2s", "Spadille forces Manille unguarded (1665; Hoyle)"),
    ("As", "2s 4s Kh", "2s 4s", "Manille guarded by a small trump: the small one may be played (Hoyle)"),
    ("As", "Ac Kh", "Ac", "Spadille forces Basto (1665: 'none but commanding Cards can force them')"),
    ("As", "2s Ac Kh", "2s Ac", "both lower matadors forced; either may be played"),
    ("2s", "Ac Kh", "Ac", "Manille forces Basto (1665)"),
    ("2s", "As Kh", "As Kh", "Spadille is not forced by the lower Manille (1665)"),
    ("2s", "As Ac Kh", "As Ac", "Basto is forced, so a trump must be played; Spadille may be"),
    ("Ac", "As 2s Kh", "As 2s Kh", "Spadille and Manille are both above Basto (1665)"),
    ("Ac", "As 4s Kh", "As 4s", "a small trump must follow Basto; Spadille may still be played"),
]


@pytest.mark.parametrize(("led", "hand", "expected", "why"), PRIVILEGE_TABLE)
def test_matadors_privilege_truth_table_1665_hoyle(led: str, hand: str, expected: str, why: str) -> None:
    """1665: "if any playes an ordinary Trump, and you have onely the ... Matadors ... you may refuse
    to play them ... the Spadillio forces the Mallilio, and the Mallilio the Basto"; Hoyle: "if
    spadille be led, and you hold manille or basto unguarded, you must play it"."""
    assert legal(hand, led, S) == expected, why


def test_privilege_counts_from_the_card_led_not_the_best_so_far() -> None:
    """The privilege is against the trump *led* (1665 "if any playes an ordinary Trump")."""
    assert legal("2s Kh", "5s As", S) == "2s Kh"


def test_privilege_in_red_trumps_punto_is_no_matador_1665() -> None:
    """1665 names only Spadillio, Mallilio and Basto as matadors; the Punto must follow."""
    assert legal("Ah Qd", "Kh", H) == "Ah"
    assert legal("7h Qd", "Kh", H) == "7h Qd"
    assert legal("7h Qd", "As", H) == "7h"


def test_privilege_messages() -> None:
    assert (
        why_illegal(cards("2s Kh"), cards("As"), Card.parse("Kh"), S)
        == "must play a trump: Spadille forces Manille"
    )
    assert (
        why_illegal(cards("Ac Kh"), cards("2s"), Card.parse("Kh"), S)
        == "must play a trump: Manille forces Basto"
    )
    assert (
        explain_play(cards("2s Kh"), cards("5s"), Card.parse("Kh"), S)
        == "legal: Manille need not be played to a lower trump (the matadors' privilege, 1665)"
    )
    assert explain_play(cards("2s Kh"), cards("As"), Card.parse("Kh"), S).startswith(
        "illegal: must play a trump"
    )
    assert explain_play(cards("Qd"), cards("Jh"), Card.parse("Qd"), S).endswith("(no duty to trump, Morley)")


# ---------------------------------------------------------------------------
# the trick
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("Kd 2d Ac", H, 2),  # Basto trumps
        ("Kd Qd Jd", H, 0),
        ("Jd Qd Kd", S, 2),
        ("Ad 2d 7d", S, 0),  # red plain: A above 2 above 7
        ("2d Ad Kh", S, 1),  # off-suit king does not win
        ("4s 3s 2s", H, 0),  # black plain: 4 above 3 above 2
        ("5s 2s As", S, 2),  # Spadille over Manille
        ("Ah Kh 6h", H, 0),  # Punto over the King of trumps
        ("2h Ah 3h", S, 1),  # plain red: ace above two and three
        ("2h Ah Kh", S, 2),  # ... and the king above the ace
        ("Qc Ks 7d", S, 1),  # a small trump over a plain queen
    ],
)
def test_trick_winner_as_at_whist_1665_morley(trick: str, trump: Suit, winner: int) -> None:
    """The highest trump wins, else the highest card of the suit led (1665; Morley)."""
    assert trick_winner(cards(trick), trump) == winner


def test_trick_winner_empty_is_an_error() -> None:
    with pytest.raises(RulesError):
        trick_winner([], S)


# ---------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "ombre", "result"),
    [
        ((5, 4, 0), 0, Result.WIN),
        ((5, 2, 2), 0, Result.WIN),
        ((4, 3, 2), 0, Result.WIN),  # 1665: four, "as one may win Two, the other Three"
        ((2, 4, 3), 1, Result.WIN),
        ((4, 4, 1), 0, Result.REPUESTO),  # 1665's example of Repuesto
        ((3, 3, 3), 0, Result.REPUESTO),  # 1665: "each of them win three Tricks the piece"
        ((1, 4, 4), 0, Result.REPUESTO),  # defenders level above the Ombre: nobody takes up the stakes
        ((3, 4, 2), 0, Result.CODILLE),
        ((4, 5, 0), 0, Result.CODILLE),
        ((0, 9, 0), 0, Result.CODILLE),  # a vole by a defender is codille
        ((9, 0, 0), 0, Result.VOLE),
        ((2, 2, 5), 1, Result.CODILLE),
    ],
)
def test_results_1665_end_of_the_game(tricks: tuple[int, int, int], ombre: int, result: Result) -> None:
    """1665 "The End of the Game", "Of the Codillio", "Of the Repuesto", "Of the Voll"."""
    assert result_of(tricks, ombre) is result


def test_codille_winner() -> None:
    assert codille_winner((3, 4, 2), 0) == 1
    assert codille_winner((1, 4, 4), 0) is None
    assert codille_winner((5, 4, 0), 0) is None


@pytest.mark.parametrize("bad", [(5, 5, 5), (3, 3), (-1, 5, 5)])
def test_result_rejects_impossible_counts(bad: tuple[int, ...]) -> None:
    with pytest.raises(RulesError):
        result_of(bad, 0)


def test_result_rejects_bad_seat() -> None:
    with pytest.raises(RulesError, match="seat"):
        result_of((5, 4, 0), 3)


def test_matador_sequence_1665_and_morley() -> None:
    """1665: "as many as you have Cards in an interrupted series of Trumps ... even to nine";
    Morley: Belinda's four (Spadille, Manille, Basto, King of Spades)."""
    assert matador_sequence(cards("As 2s Ac Ks Kc"), S) == 4
    assert matador_sequence(cards("As 2s Ac Ks Qs Js 7s 6s 5s"), S) == 9
    assert matador_sequence(cards("As 7h Ac Ah Kh"), H) == 5
    assert matador_sequence(cards("2s Ac Ks"), S) == 0
    assert matador_sequence(cards("As Ac Ks"), S) == 1


# ---------------------------------------------------------------------------
# rule sets
# ---------------------------------------------------------------------------


def test_rule_sets_are_named_and_cited() -> None:
    assert set(RULESETS) >= {"1665", "court-gamester"}
    for rs in RULESETS.values():
        assert isinstance(rs, RuleSet)
        for f in dataclasses.fields(rs):
            if f.name not in ("name", "title", "source", "citations"):
                assert dict(rs.citations).get(f.name), f"{rs.name}.{f.name} has no citation"
        rows = rs.as_rows()
        assert len(rows) == len(dataclasses.fields(rs)) - 2


def test_rule_set_differences_from_the_sources() -> None:
    r1665, cg = get_rules("1665"), get_rules("court-gamester")
    assert r1665.vole_must_be_declared_before_trick == 5  # 1665 "before the fifth Trick"
    assert cg.vole_must_be_declared_before_trick is None and cg.vole_clears_table  # Morley
    assert r1665.units == ("great marks", "lesser marks") and cg.units == ("counters",)
    assert cg.sans_prendre_bonus == (3, "counters")  # Morley: three counters from each
    assert not r1665.forced_spadille  # 1665 has no forced Spadille
    assert r1665.renounce_doubles_stake  # 1665 "Of the Forfeitures"
    assert r1665.citation("vole_clears_table").startswith("convention: 1665 is silent")
    assert r1665.value((1, "great marks")) == 12  # 1665: great marks at 12 pence, lesser a penny


def test_rule_sets_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_rules("1665").forced_spadille = True  # type: ignore[misc]


def test_unknown_rule_set_is_a_clear_error() -> None:
    with pytest.raises(RulesError, match="unknown rule set 'hoyle' .known: 1665, court-gamester"):
        get_rules("hoyle")
    assert isinstance(RulesError("x"), OmbreError)
    assert get_rules(" Court-Gamester ") is RULESETS["court-gamester"]


def test_the_rule_sets_differ_on_a_loss_without_codille() -> None:
    assert get_rules("court-gamester").loss_divides_stakes is True
    assert get_rules("1665").loss_divides_stakes is False
    cite = get_rules("court-gamester").citation("loss_divides_stakes")
    assert 'Morley: "when he loses the two opponents will divide the stakes between them' in cite
    assert '"For if the Ombre be beasted he has to replace the stakes."' in cite
    assert "odd counter" in cite


def test_1665_vole_mark_says_why_it_is_a_great_mark() -> None:
    rules = get_rules("1665")
    assert rules.vole_bonus == (1, "great marks")
    cite = rules.citation("vole_bonus")
    assert '"they likewise are to give you one Mark or Counter the piece"' in cite
    assert "the engine's reading: a great mark" in cite
    assert '"one of the greater Marks or Counters"' in cite


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


# ---------------------------------------------------------------------------
# payments
# ---------------------------------------------------------------------------

# Belinda's game (Pope iii; the reconstruction after Pole): Belinda eldest (seat 0), the Baron
# (seat 1), the third player who dealt (seat 2); spades trumps; 5-4-0 for Belinda.
BELINDA = cards("As 2s Ac Ks Kc Kh Qh 6d 7d")
BARON = cards("Qs Js 7s 6s 5s Kd Qd Jd Ah")
THIRD = cards("4s 3s 4c Jc Jh 2h 3h 4h 5h")
HANDS = (BELINDA, BARON, THIRD)


def units(st_net: Amount, rs: RuleSet) -> dict[str, int]:
    return st_net.as_dict(rs.units)


def test_belinda_court_gamester_four_matadors_morley() -> None:
    """Morley: Belinda "was entitled also to the value of four counters from each of her
    antagonists for her sequence of four Matadores"; each lays a fish of ten; a counter for passing."""
    rs = get_rules("court-gamester")
    st = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=HANDS, trump=S, passes=(1, 2), eldest=0)
    assert st.result is Result.WIN
    assert [units(n, rs) for n in st.net] == [{"counters": 30}, {"counters": -15}, {"counters": -15}]
    matador_transfers = [t for t in st.transfers if "matadors" in t.reason]
    assert [(t.payer, t.payee, t.amount.get("counters")) for t in matador_transfers] == [(1, 0, 4), (2, 0, 4)]
    assert not st.pool_after


def test_belinda_sans_prendre_morley() -> None:
    """Morley: "if she had been playing Sans-prendre, each of her opponents would have three
    counters to pay her"."""
    rs = get_rules("court-gamester")
    plain = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=HANDS, trump=S, passes=(1, 2), eldest=0)
    sp = settle(
        rs,
        ombre=0,
        tricks_won=(5, 4, 0),
        hands_at_play=HANDS,
        trump=S,
        passes=(1, 2),
        eldest=0,
        sans_prendre=True,
    )
    assert sp.net[0].get("counters") - plain.net[0].get("counters") == 6
    assert sp.net[1].get("counters") - plain.net[1].get("counters") == -3


def test_belinda_1665_marks() -> None:
    """1665 "Of the Stakes" and "Of the Matadors": one great mark each for the game; lesser marks
    for passing, for the hand if eldest and per card taken in; three great marks from each for the
    three matadors and a lesser mark each for the King of trumps in sequence."""
    rs = get_rules("1665")
    st = settle(
        rs,
        ombre=0,
        tricks_won=(5, 4, 0),
        hands_at_play=HANDS,
        trump=S,
        passes=(1, 2),
        eldest=0,
        taken_in=(3, 2, 1),
    )
    assert [units(n, rs) for n in st.net] == [
        {"great marks": 8, "lesser marks": 7},
        {"great marks": -4, "lesser marks": -4},
        {"great marks": -4, "lesser marks": -3},
    ]
    assert not st.pool_after


def test_1665_matadors_paid_to_the_holder_even_in_defeat() -> None:
    """1665 "Of taking in" #e: the six counters received for the matadors outweigh the game lost."""
    rs = get_rules("1665")
    st = settle(rs, ombre=0, tricks_won=(3, 4, 2), hands_at_play=HANDS, trump=S, taken_in=(1, 0, 0))
    assert st.result is Result.CODILLE
    mats = [t for t in st.transfers if "matadors" in t.reason]
    assert {(t.payer, t.payee) for t in mats} == {(1, 0), (2, 0)}


def test_court_gamester_losing_ombre_pays_matadors_hoyle() -> None:
    rs = get_rules("court-gamester")
    st = settle(rs, ombre=0, tricks_won=(4, 4, 1), hands_at_play=HANDS, trump=S)
    assert st.result is Result.REPUESTO
    mats = [t for t in st.transfers if "matadors" in t.reason]
    assert {(t.payer, t.payee, t.amount.get("counters")) for t in mats} == {(0, 1, 4), (0, 2, 4)}


def test_no_matadors_without_all_three_1665() -> None:
    """1665: "when they are all in a hand (else not)"."""
    rs = get_rules("1665")
    hands = (cards("As Ac Ks Qs Kh Qh 6d 7d 5d"), BARON, THIRD)
    st = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=hands, trump=S)
    assert not [t for t in st.transfers if "matadors" in t.reason]


def test_codille_defender_takes_stakes_ombre_makes_good_1665() -> None:
    """1665 "Of the Codillio": "this takes up the Stakes, and tother makes it good"."""
    rs = get_rules("court-gamester")
    hands = (cards("Ks Qs Js 7s Kc Kh Qh 6d 7d"), BARON, THIRD)
    st = settle(rs, ombre=0, tricks_won=(3, 4, 2), hands_at_play=hands, trump=S)
    assert st.result is Result.CODILLE
    assert [n.get("counters") for n in st.net] == [-40, 20, -10]
    assert st.pool_after.get("counters") == 30  # made good for the next hand


def test_repuesto_doubles_the_stake_which_stays_1665() -> None:
    """1665 "Of the Repuesto": "the Player doubles the Stake, without any ones winning it, and it
    remains so doubled for the advantage of the next Player"."""
    rs = get_rules("1665")
    hands = (cards("Ks Qs Js 7s Kc Kh Qh 6d 7d"), BARON, THIRD)
    st = settle(rs, ombre=0, tricks_won=(3, 3, 3), hands_at_play=hands, trump=S)
    assert st.result is Result.REPUESTO
    assert [n.get("great marks") for n in st.net] == [-4, -1, -1]
    assert st.pool_after == Amount.of(6, "great marks")
    # the next hand plays for the carried pool: nobody stakes again, the winner takes it all
    nxt = settle(rs, ombre=1, tricks_won=(2, 5, 2), hands_at_play=hands, trump=S, pool=st.pool_after)
    assert [n.get("great marks") for n in nxt.net] == [0, 6, 0]
    assert not nxt.pool_after


def test_vole_1665_must_be_declared() -> None:
    """1665 "Of the Voll": one mark from each, "but then you are to declare before the fifth Trick"."""
    rs = get_rules("1665")
    plain = settle(rs, ombre=0, tricks_won=(9, 0, 0), hands_at_play=HANDS, trump=S)
    declared = settle(rs, ombre=0, tricks_won=(9, 0, 0), hands_at_play=HANDS, trump=S, vole_declared=True)
    assert plain.result is Result.VOLE
    assert declared.net[0].get("great marks") - plain.net[0].get("great marks") == 2


def test_vole_court_gamester_clears_the_table_morley() -> None:
    """Morley: the vole "clears all stakes upon the table"."""
    rs = get_rules("court-gamester")
    st = settle(
        rs, ombre=0, tricks_won=(9, 0, 0), hands_at_play=HANDS, trump=S, pool=Amount.of(45, "counters")
    )
    assert st.net[0].get("counters") == 45 + 8 and not st.pool_after
    assert any(t.reason == "the vole clears the table" for t in st.transfers)


def test_sans_prendre_lost_pays_each_1665() -> None:
    """1665 "Of playing without taking in": "as he is to give them, if he ... loses it"."""
    rs = get_rules("1665")
    hands = (cards("Ks Qs Js 7s Kc Kh Qh 6d 7d"), BARON, THIRD)
    st = settle(rs, ombre=0, tricks_won=(3, 4, 2), hands_at_play=hands, trump=S, sans_prendre=True)
    sp = [t for t in st.transfers if "without taking in" in t.reason]
    assert {(t.payer, t.payee, t.amount.get("great marks")) for t in sp} == {(0, 1, 1), (0, 2, 1)}


def test_renounce_doubles_the_stake_1665() -> None:
    """1665 "Of the Forfeitures": "If you Renounce, you are to double the Stake"."""
    rs = get_rules("1665")
    clean = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=HANDS, trump=S)
    revoked = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=HANDS, trump=S, renouncers=(2,))
    assert revoked.net[2].get("great marks") - clean.net[2].get("great marks") == -3
    assert revoked.pool_after.get("great marks") == 3
    assert any(t.payer == 2 and t.payee == POOL and "renounce" in t.reason for t in revoked.transfers)


def test_all_pass_stakes_carry_over() -> None:
    rs = get_rules("court-gamester")
    st = settle(
        rs, ombre=None, tricks_won=(0, 0, 0), hands_at_play=((), (), ()), trump=None, passes=(0, 1, 2)
    )
    assert st.result is None
    assert st.pool_after.get("counters") == 33
    assert [n.get("counters") for n in st.net] == [-11, -11, -11]


@pytest.mark.parametrize("name", ["1665", "court-gamester"])
@pytest.mark.parametrize(
    "tricks", [(5, 4, 0), (4, 3, 2), (3, 4, 2), (3, 3, 3), (1, 4, 4), (9, 0, 0), (0, 0, 9)]
)
def test_payments_and_pool_sum_to_zero(name: str, tricks: tuple[int, int, int]) -> None:
    rs = get_rules(name)
    st = settle(
        rs,
        ombre=0,
        tricks_won=tricks,
        hands_at_play=HANDS,
        trump=S,
        passes=(1,),
        eldest=0,
        taken_in=(2, 3, 1),
        sans_prendre=tricks == (4, 3, 2),
        renouncers=(1,),
        pool=Amount.of(7, rs.units[-1]),
    )
    total = st.net[0] + st.net[1] + st.net[2] + st.pool_after - st.pool_before
    assert not total


def test_amount_arithmetic_and_formatting() -> None:
    a = Amount.of(3, "great marks") + Amount.of(-1, "lesser marks")
    assert str(a) == "+3 great marks, -1 lesser mark"
    assert a - a == Amount() and not (a - a)
    assert (a * 2).get("great marks") == 6
    assert a.value(get_rules("1665")) == 35
    assert Amount().format(("counters",)) == "0 counters"
    with pytest.raises(RulesError):
        Amount.of(1, "guineas").value(get_rules("1665"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pass_fee": (1, "guineas")}, "pass_fee uses 'guineas'"),
        ({"game_stake": (-1, "great marks")}, "must not be negative"),
        ({"matadors_paid": "dealer"}, "matadors_paid"),
        ({"vole_must_be_declared_before_trick": 12}, "from 2 to 9"),
        ({"unit_values": ()}, "names no unit"),
        ({"vole_clears_table": False}, "vole_clears_table must be True: the engine keeps a single table"),
    ],
)
def test_home_made_rule_sets_are_checked(change: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        dataclasses.replace(get_rules("1665"), name="home", **change)  # type: ignore[arg-type]


@pytest.mark.parametrize("removed", ["redeal_when_all_pass", "defender_vole_clears_table"])
def test_rule_set_fields_for_fixed_behaviour_are_gone(removed: str) -> None:
    """The engine always deals again when all pass and no Spadille is forced, and a defender's
    vole is codille, which takes up the whole table: no rule set can ask for anything else."""
    with pytest.raises(TypeError, match=removed):
        dataclasses.replace(get_rules("1665"), name="home", **{removed: False})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "fine"), [("1665", (3, "great marks")), ("court-gamester", (30, "counters"))]
)
@pytest.mark.parametrize("doubles", [True, False])
def test_renounce_doubles_stake_is_honoured(name: str, fine: tuple[int, str], doubles: bool) -> None:
    """1665 "Of the Forfeitures": "If you Renounce, you are to double the Stake"; Morley "beasted for
    revokes".  A home rule set with the flag off fines nothing."""
    rs = dataclasses.replace(get_rules(name), name="home", renounce_doubles_stake=doubles)
    st = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=HANDS, trump=S, renouncers=(2,))
    fines = [(t.payer, t.payee, t.amount) for t in st.transfers if t.reason.startswith("renounce")]
    assert fines == ([(2, POOL, Amount.from_pair(fine))] if doubles else [])
    assert st.pool_after == (Amount.from_pair(fine) if doubles else Amount())
    clean = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=HANDS, trump=S)
    assert clean.net[2] - st.net[2] == (Amount.from_pair(fine) if doubles else Amount())


def test_vole_1665_also_clears_the_table() -> None:
    """The engine keeps a single table and every win takes up all of it, so a 1665 vole takes up a
    repuesto's doubled stake, and the declared vole's mark from each comes on top ("Of the Voll")."""
    rs = get_rules("1665")
    st = settle(rs, ombre=0, tricks_won=(9, 0, 0), hands_at_play=HANDS, trump=S, vole_declared=True,
                pool=Amount.of(2, "great marks"))  # fmt: skip
    assert rs.vole_clears_table and not st.pool_after
    assert [(t.payer, t.amount) for t in st.transfers if t.reason == "the vole clears the table"] == [
        (POOL, Amount.of(2, "great marks"))
    ]
    # the table's 2, the vole's 2, and 6 great and 2 lesser marks for the four matadors
    assert units(st.net[0], rs) == {"great marks": 10, "lesser marks": 2}


@pytest.mark.parametrize(
    ("name", "pool"), [("1665", (2, "great marks")), ("court-gamester", (45, "counters"))]
)
def test_a_defenders_vole_takes_up_the_whole_table(name: str, pool: tuple[int, str]) -> None:
    """A defender with all nine tricks has won codille: he takes up everything on the table and the
    Ombre makes it good (1665 "Of the Codillio"), which is Morley's "clears all stakes upon the table"."""
    rs = get_rules(name)
    st = settle(rs, ombre=0, tricks_won=(0, 9, 0), hands_at_play=HANDS, trump=S, pool=Amount.from_pair(pool))
    assert st.result is Result.CODILLE
    taken = [(t.payer, t.payee, t.amount) for t in st.transfers if t.reason.startswith("codille")]
    assert taken == [(POOL, 1, Amount.from_pair(pool))]
    assert st.pool_after == Amount.from_pair(pool)  # made good by the Ombre


def test_a_home_made_rule_set_works_in_settlement() -> None:
    cheap = dataclasses.replace(get_rules("court-gamester"), name="cheap", game_stake=(5, "counters"))
    st = settle(cheap, ombre=0, tricks_won=(5, 4, 0), hands_at_play=HANDS, trump=S)
    assert st.net[0].get("counters") == 10 + 8


def test_rule_sets_have_names_for_prose() -> None:
    """The book writes "Court Gamester (Morley)", not the engine's key "court-gamester"."""
    assert get_rules("court-gamester").display_name == "Court Gamester (Morley)"
    assert get_rules("1665").display_name == "The Royal Game (1665)"
    home = dataclasses.replace(get_rules("1665"), name="home", title="House rules")
    assert home.display_name == "House rules"
    # one short name and one full title for each shipped rule set, used on every page
    assert {rs.name: (rs.display_name, rs.title) for rs in RULESETS.values()} == {
        "1665": ("The Royal Game (1665)", "The Royal Game of the Ombre (1665)"),
        "court-gamester": (
            "Court Gamester (Morley)",
            "The Court Gamester (Seymour, 1719; 5th ed. 1728), as told by Morley (1891)",
        ),
    }


@pytest.mark.parametrize("name", ["1665", "court-gamester"])
@pytest.mark.parametrize("run", [3, 4, 6])
def test_matadors_three_is_what_the_three_matadors_earn(name: str, run: int) -> None:
    """The rule-set table's "matadors three" is what each opponent pays for Spadille, Manille and
    Basto together, and "matadors per card" what each further trump of the run adds: Morley's
    counter a matador makes three counters for the three (the table once said 0)."""
    rs = get_rules(name)
    ombre = parse_cards("As 2s Ac Ks Qs Js 7s 6s 5s")[:run] + parse_cards("Kh Qh Kd Qd Jd Jh")[: 9 - run]
    others = [c for c in DECK if c not in ombre]
    hands = (tuple(ombre), tuple(others[:9]), tuple(others[9:18]))
    st = settle(rs, ombre=0, tricks_won=(5, 4, 0), hands_at_play=hands, trump=S)
    paid = [t for t in st.transfers if t.payer == 1 and t.payee == 0 and "matadors" in t.reason]
    expected = rs.value(rs.matadors_three) + rs.value(rs.matadors_per_card) * (run - 3)
    assert [t.amount.value(rs) for t in paid] == [expected]
    assert rs.matadors_three[0] == 3


def test_take_in_conventions_are_not_cited_to_the_pamphlet() -> None:
    """1665 binds only the player who has asked whether any will play without taking in (article
    2); article 1 lets the first hand take in "as many of or as few Cards as he pleases". So the
    Ombre's duty to take in is the engine's convention, and the stake is quoted as printed."""
    for rs in RULESETS.values():
        assert rs.citation("ombre_must_take_in").startswith("convention")
    assert "oblige your self" not in get_rules("1665").citation("ombre_must_take_in")
    assert '"at 12. pence, the lesser' in get_rules("1665").citation("unit_values")


def test_rule_set_rows_read_as_prose() -> None:
    """The side-by-side table shows values and citations in words, not engine values or braille
    numbers ("holder", "#e")."""
    rows = {f: (v, c) for f, v, c in get_rules("1665").as_rows()}
    assert rows["matadors_paid"] == (
        "to whoever holds them, win or lose",
        '1665, "Of taking in", article 5: the six counters are received even if the game is lost',
    )
    assert rows["ombre_must_take_in"][1].startswith("convention: 1665 binds only the player who has asked")
    cg = dict((f, v) for f, v, _ in get_rules("court-gamester").as_rows())
    assert cg["matadors_paid"] == "to the Ombre if he wins; by him if he loses"
    for rs in RULESETS.values():
        for _, value, citation in rs.as_rows():
            assert not re.search(r"#[a-j]\b", citation) and value not in ("holder", "ombre")


def test_the_fee_for_taking_in_names_one_card_in_the_singular() -> None:
    hands = (parse_cards("As 2s Ac Ks Kc Kh Qh 6d 7d"), parse_cards("Qs Js 7s 6s 5s Kd Qd Jd Ah"),
             parse_cards("4s 3s 4c Jc Jh 2h 3h 4h 5h"))  # fmt: skip
    st = settle(get_rules("1665"), ombre=0, tricks_won=(5, 4, 0), hands_at_play=hands, trump=Suit.SPADES,
                taken_in=(1, 2, 0))  # fmt: skip
    reasons = [t.reason for t in st.transfers if "taken in" in t.reason]
    assert reasons == ["for 1 card taken in", "for 2 cards taken in"]


# ---------------------------------------------------------------- payments: a loss divided, input refused

NO_HANDS: tuple[tuple[()], ...] = ((), (), ())


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


@pytest.mark.parametrize("seat", [True, 1.0, "1", 3])
def test_result_of_and_settle_take_the_one_seat_check(seat: Any) -> None:
    with pytest.raises(RulesError, match=r"the Ombre's seat must be 0, 1 or 2, not "):
        result_of((5, 4, 0), seat)
    with pytest.raises(RulesError, match=r"eldest: a seat is 0, 1 or 2, not "):
        settle(get_rules("1665"), ombre=0, tricks_won=(5, 4, 0), hands_at_play=NO_HANDS, trump=S, eldest=seat)


# --------------------------------------------------------------------------- suits given as text


def test_the_trump_may_be_given_as_text() -> None:
    assert format_cards(legal_plays(cards("2s Kh Qd"), cards("As"), "spades")) == "2s"
    assert format_cards(legal_plays(cards("3h Kh 2s"), cards("5h"), "s")) == "3h Kh"
    assert format_cards(trump_order("hearts")) == "As 7h Ac Ah Kh Qh Jh 2h 3h 4h 5h 6h"
    assert why_illegal(cards("3h Kh"), cards("5h"), "2s", "spades") == "the Two of Spades is not in this hand"
    assert why_illegal(cards("4s Kh"), cards("Js"), "Kh", "s") == "must play a trump: trumps were led"
    assert explain_play(cards("3h Kh"), cards("5h"), "Kh", "spades") == "legal: follows hearts"
    with pytest.raises(TypeError, match="trump: expected a Suit or a suit's text"):
        legal_plays(cards("2s"), cards("As"), 0)  # type: ignore[arg-type]


def test_why_illegal_on_a_complete_trick() -> None:
    assert (
        why_illegal(cards("Kh"), cards("3h 4h 5h"), Card.parse("Kh"), S)
        == "the trick is complete (three cards): the card goes to the next trick"
    )


def test_get_rules_names_the_expected_type() -> None:
    with pytest.raises(TypeError) as info:
        get_rules(1665)  # type: ignore[arg-type]
    assert str(info.value) == (
        "rules: expected a rule set's name ('1665', 'court-gamester') or a RuleSet, not int 1665"
    )
    assert get_rules(" 1665 ").name == "1665"


@given(st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True), st.sampled_from(SUITS))
def test_every_rules_function_reads_the_trump_as_text_as_it_reads_a_suit(
    trick: list[Card], trump: Suit
) -> None:
    # a suit's text ("d", "diamonds") once gave wrong answers silently in some of these
    for text in (trump.value, trump.plural):
        assert trick_winner(trick, text) == trick_winner(trick, trump)
        assert beats(trick[1], trick[0], effective_suit(trick[0], text).value, text) == beats(
            trick[1], trick[0], effective_suit(trick[0], trump), trump
        )
        for c in trick:
            assert is_trump(c, text) == is_trump(c, trump)
            assert is_matador(c, text) == is_matador(c, trump)
            assert effective_suit(c, text) is effective_suit(c, trump)
        assert matadors(text) == matadors(trump) and manille(text) == manille(trump)
        assert matador_sequence(trick, text) == matador_sequence(trick, trump)
        assert card_order(trump.value, text) == card_order(trump, trump)
        assert legal_plays(trick[1:], trick[:1], text) == legal_plays(trick[1:], trick[:1], trump)


def test_a_trump_that_is_no_suit_is_refused_by_name() -> None:
    with pytest.raises(CardError, match="unknown suit 'x'"):
        trick_winner(cards("Kh Ah 7d"), "x")
    with pytest.raises(TypeError, match="trump: expected a Suit"):
        is_trump(SPADILLE, 3)  # type: ignore[arg-type]
    assert trick_winner(cards("Kh Ah 7d"), "d") == 2  # Manille, the seven of diamonds


def test_legal_plays_reads_card_texts_and_names_what_is_not_a_card() -> None:
    assert legal_plays("3h Ks", "Kh", "spades") == cards("3h")
    assert legal_plays(["3h", "Ks"], ["Ks"], S) == cards("Ks")
    with pytest.raises(CardError, match="cannot read 'Kx' as a card"):
        legal_plays("3h Kx", "Kh", S)
    with pytest.raises(TypeError, match="trick: expected cards"):
        legal_plays("3h", 5, S)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hand: expected a Card or a card's text"):
        legal_plays(["3h", 5], "Kh", S)  # type: ignore[list-item]


# ----------------------------------------------------------------- card texts read, wrong arguments named


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
    with pytest.raises(TypeError) as info:
        call()
    assert all(f in str(info.value) for f in fragments), str(info.value)


def test_why_illegal_names_an_unreadable_card_text() -> None:
    with pytest.raises(CardError, match="'Zz'"):
        why_illegal("Kh Zz", "2h", "Kh", "s")


def test_legal_plays_refuses_a_complete_trick_as_why_illegal_does() -> None:
    hand, trick = parse_cards("2s Kh"), parse_cards("5s 6s 7s")
    assert why_illegal(hand, trick, "2s", S) is not None
    assert "complete" in (why_illegal(hand, trick, "2s", S) or "")
    with pytest.raises(RulesError, match=r"trick_cards: the trick is complete \(3 cards\)"):
        legal_plays(hand, trick, S)
    with pytest.raises(RulesError, match="the trick is complete"):
        legal_plays("2s Kh", ["5s", "6s", "7s"], S)
    assert legal_plays(parse_cards("4s Kh"), parse_cards("5s 6s"), S) == parse_cards("4s")


def test_trick_winner_refuses_four_cards_and_repeated_cards() -> None:
    with pytest.raises(RulesError, match="a trick has at most three cards, not 4"):
        trick_winner(parse_cards("As Ks Qs Js"), S)
    with pytest.raises(RulesError, match="Ks is played twice"):
        trick_winner(parse_cards("Ks Ks"), S)
    assert trick_winner(parse_cards("Kd 2d Ac"), Suit.HEARTS) == 2


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


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, -1, 3])
def test_is_seat_refuses_what_is_not_a_seat(value: object) -> None:
    assert not is_seat(value)


@pytest.mark.parametrize("value", [0, 1, 2])
def test_is_seat_takes_the_three_seats(value: int) -> None:
    assert is_seat(value)
