"""Belinda's game: the records, the constraints from Pope's lines, the count of deals, the analyses."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import pytest

from ombre.belinda import (
    CONSTRAINTS,
    PLACES,
    READINGS,
    BelindaError,
    Constraint,
    CountError,
    History,
    Token,
    TrickView,
    baron_after_trick_four,
    check_record,
    codille_chance,
    constraint_table,
    count_deals,
    deal_is_consistent,
    draw_deal,
    load_record,
    load_records,
    play_analysis,
    replay,
    text_constraints,
    trick_five_leads,
    winnings,
)
from ombre.belinda.constraints import _single
from ombre.belinda.counting import _winner
from ombre.engine.cards import DECK, Card, Suit, parse_cards
from ombre.engine.rules import Result
from ombre.sources.morley import morley_text
from ombre.sources.pope import pope_lines

# ---------------------------------------------------------------------------
# The records
# ---------------------------------------------------------------------------

#: The cards Pope's lines name; everything else in a record is reconstruction.
POPE_NAMED = set(parse_cards("As 2s Ac Ks Js Jc Qs Kc Kd Qd Jd Qh Ah Kh"))
#: Cards the published reconstruction (Pole) names, with where it puts them.
POLE_NAMED = {Card.parse("Jh"): 2, Card.parse("Qc"): None, Card.parse("Ad"): None}


@pytest.mark.parametrize("name", list(READINGS))
def test_records_replay_to_her_win(name: str) -> None:
    rp = replay(name)
    st = rp.state
    assert st.is_terminal()
    assert not rp.renounces
    assert st.players == ("Belinda", "Baron", "Knight")
    assert st.trump is Suit.SPADES and st.ombre == 0
    assert st.tricks_won == (5, 4, 0)
    assert st.result is Result.WIN
    assert [t.winner for t in st.tricks] == [0, 0, 0, 0, 1, 1, 1, 1, 0]


def test_readings_differ_where_they_should() -> None:
    pole, third, baker = (replay(n).state for n in READINGS)
    kc = Card.parse("Kc")
    assert pole.tricks[4].card_of(0) == kc and third.tricks[4].card_of(2) == kc
    assert baker.sans_prendre and not baker.taken_in[0]
    assert not pole.sans_prendre and pole.taken_in[0] >= 1
    assert [set(h) for h in baker.deal.hands] == [set(h) for h in baker.hands_at_play]  # no exchange


@pytest.mark.parametrize("name", list(READINGS))
def test_every_reconstructed_card_is_marked(name: str) -> None:
    rec = load_record(name)
    marked: dict[Card, bool] = {}
    for seat, hand in enumerate((*rec.deal.hands, rec.deal.stock)):
        for rc in hand:
            assert rc.card is not None
            attested = rc.card in POPE_NAMED or (
                rc.card in POLE_NAMED and POLE_NAMED[rc.card] == (seat if seat < 3 else None)
            )
            assert rc.conjectural != attested, (name, str(rc))
            marked[rc.card] = rc.conjectural
    for t in rec.tricks:
        for rc in t.cards:
            assert rc.card is not None
            assert rc.conjectural == marked[rc.card], (name, t.number, str(rc))


_VERSE = re.compile(r"^(\d+)  (.*)$")
#: a quotation within a quotation: single quotes not inside a word (an apostrophe is)
_INNER = re.compile(r"(?<!\w)'([^']+?)'(?!\w)")


@pytest.mark.parametrize("name", list(READINGS))
def test_comments_quote_pope_and_morley_exactly(name: str) -> None:
    rec = load_record(name)
    lines = pope_lines()
    morley = " ".join(morley_text().split())
    seen: set[int] = set()
    comments = list(rec.comments)
    for section in (rec.bidding, rec.trump, rec.exchange):
        assert section is not None
        comments += list(section.comments)
    for t in rec.tricks:
        assert any(c.startswith("Pope, iii.") for c in t.comments), f"trick {t.number} has no verse"
        comments += list(t.comments)
    for c in comments:
        if c.startswith("Pope, iii."):
            head, *verse = c.split("\n")
            first, last = map(int, re.findall(r"\d+", head))
            numbers = []
            for v in verse:
                m = _VERSE.match(v)
                assert m, v
                n = int(m.group(1))
                assert m.group(2) == lines[n], n
                numbers.append(n)
            assert numbers == list(range(first, last + 1))
            seen |= set(numbers)
        elif c.startswith("Morley: "):
            quoted = " ".join(c.removeprefix("Morley: ").split())
            assert quoted.startswith('"') and quoted.endswith('"')
            inner = quoted[1:-1]
            assert inner.strip(), f"trick comment {c!r} quotes nothing"
            # a quotation inside Morley's sentence is set in single quotes, as a printer would
            assert '"' not in inner, f"double quotes nested in double quotes: {inner[:60]}"
            assert _INNER.sub(r'"\1"', inner) in morley, quoted[:60]
    # the game itself, lines 45-100, is quoted from beginning to end
    assert set(range(45, 101)) <= seen


# ---------------------------------------------------------------------------
# The constraints
# ---------------------------------------------------------------------------


def test_constraint_table() -> None:
    table = dict(constraint_table())
    failing = {name: sorted(cid for cid, row in table.items() if not row[name].ok) for name in READINGS}
    assert failing == {
        "pole": ["iii.37-44", "iii.79-80"],
        "king-of-clubs": ["iii.37-44", "iii.67-69"],
        "baker": [],
    }
    assert table["iii.37-44"]["pole"].reason == "not in play: Q♣"
    assert (
        table["iii.79-80"]["pole"].reason
        == "no clubs among the cards that fall to the diamonds (4♥, 6♦, 5♥, 7♦)"
    )
    assert table["rules"]["baker"].ok
    assert (
        table["iii.67-69"]["king-of-clubs"].reason == "the King of Clubs is played by Knight, not by Belinda"
    )


def test_constraints_cite_pope() -> None:
    ids = [c.id for c in CONSTRAINTS]
    assert len(ids) == len(set(ids))
    for c in CONSTRAINTS:
        first, last = c.lines
        assert c.id == (f"iii.{first}" if first == last else f"iii.{first}-{last}")
        assert 25 <= first <= last <= 100
        assert [n for n, _ in c.verse] == list(range(first, last + 1))
        assert c.kind in ("stated", "deduction", "reading")
    kinds = {c.id: c.kind for c in CONSTRAINTS}
    assert {cid for cid, k in kinds.items() if k == "reading"} == {
        "iii.37-44",
        "iii.67-69",
        "iii.79-80",
        "iii.89-96",
    }
    assert {cid for cid, k in kinds.items() if k == "deduction"} == {"iii.55-64", "iii.89-94"}
    # iii.95-96 states the King of Hearts is hers ("Lurk'd in her hand"), not the Queen
    assert _by_id_c("iii.95-96").names() == {Card.parse("Kh")}
    assert {c.id for c in text_constraints()} == {cid for cid, k in kinds.items() if k != "reading"}


def test_deductions_never_change_a_count() -> None:
    """A deduction follows from what is stated and the rules of play, so leaving it out counts the same."""
    stated = tuple(c for c in CONSTRAINTS if c.kind == "stated")
    assert count_deals(stated).total == count_deals(text_constraints()).total


def _history(tricks: list[tuple[int, str, int | None]]) -> History:
    """A history from (leader, cards in order, winner) per trick."""
    h = History(0, 1, 2, Suit.SPADES, 0, ("Belinda", "Baron", "Knight"), [])
    for n, (leader, cards, winner) in enumerate(tricks, start=1):
        h.tricks.append(TrickView(n, leader))
        for i, c in enumerate(parse_cards(cards)):
            h.add((leader + i) % 3, _single(c))
        h.tricks[-1].winner = winner
    return h


def _by_id(cid: str) -> object:
    return next(c for c in CONSTRAINTS if c.id == cid)


def _by_id_c(cid: str) -> Constraint:
    return next(c for c in CONSTRAINTS if c.id == cid)


def test_constraints_name_what_is_wrong() -> None:
    tests = {c.id: c.test for c in CONSTRAINTS}
    assert tests["iii.49-50"](_history([(0, "As 3s 4h", 0)])) == "at trick 1 Knight plays 4♥, not a trump"
    assert tests["iii.49-50"](_history([(0, "Ac 3s 4s", 0)])) == (
        "trick 1 is led by Belinda with A♣, not by Belinda with Spadille"
    )
    h = _history([(0, "As 3s 4s", 0), (0, "2s 5s 6s", 0), (0, "Ac 7s Kh", 0)])
    assert tests["iii.53-54"](h) == "at trick 3 Knight plays K♥, a court card, not a Plebeian one"
    h = _history([(0, "As 3s 4s", 0), (0, "2s 5s 6s", 0), (0, "Ac 2h 3h", 0)])
    assert tests["iii.53-54"](h) == "Basto gains 2♥ and 3♥: not one trump and one Plebeian card"
    # a play cut short never fails for want of cards not yet played
    assert all(t(_history([(0, "As", None)])) is None for t in tests.values())


def test_a_record_that_breaks_the_rules_is_reported() -> None:
    text = (
        '[Rules "court-gamester"]\n[Players "Belinda; Baron; Knight"]\n'
        '[Deal "As 2s Ac Ks Kc Kh Qh 6d 7d / 7s 6s 5s Js Qs Kd Qd Jd Ah / '
        '4s 3s 5c Jc Jh 3h 4h 5h 6h / ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??"]\n'
        "Bidding: sans-prendre\nTrump: spades\nExchange: refuse / refuse\n"
        "1. As 5s 4s\n2. 2s 6s 3s\n3. Ac 7s 5c\n4. Ks Js Jc\n5. Kc Qs 3h\n"
        "6. Kd 4h 6d\n7. Qd 5h Kh\n"
    )
    from ombre.engine.record import read_record

    verdicts = check_record(read_record(text))
    rules = verdicts[0]
    assert rules.id == "rules" and not rules.ok
    assert "must follow diamonds" in rules.reason


# ---------------------------------------------------------------------------
# The count of deals
# ---------------------------------------------------------------------------


def _reading(cid: str) -> Constraint:
    return next(c for c in CONSTRAINTS if c.id == cid and c.kind == "reading")


def test_count_of_deals_under_the_text_and_her_queen() -> None:
    """The count agrees with a count made by hand from the forced play.

    With the text and the reading that the captive Queen of Hearts was hers
    (iii.89-96), the forced cards are: Belinda A♠ 2♠ A♣ K♠ K♥ Q♥; the Baron
    Q♠ J♠ K♦ Q♦ J♦ A♥ and three of the five small spades (the other two are the
    third player's, with Pam).  Free: 22 cards (clubs K Q 7-2, diamonds A 2-7,
    hearts J 2-7).  Belinda adds three: the club she leads to trick 5 (the King,
    if she holds it) and two more; the third player six, one of them a pip for
    trick 3 (there are always enough).  Either Belinda holds the King of Clubs
    (then 2 more of 21, and any 6 of the 19 left) or the third player does
    (Belinda has 3 of the other 21 with a club among them, he has 5 of the 18 left).
    """
    by_hand = math.comb(5, 3) * (
        math.comb(21, 2) * math.comb(19, 6) + (math.comb(21, 3) - math.comb(14, 3)) * math.comb(18, 5)
    )
    count = count_deals((*text_constraints(), _reading("iii.89-96")))
    assert count.total == by_hand == 139_744_080
    forced = {str(c): p for c, p in count.forced().items()}
    assert forced == {
        "As": "Belinda", "2s": "Belinda", "Ac": "Belinda", "Ks": "Belinda", "Kh": "Belinda", "Qh": "Belinda",
        "Qs": "Baron", "Js": "Baron", "Kd": "Baron", "Qd": "Baron", "Jd": "Baron", "Ah": "Baron",
        "Jc": "Knight",
    }  # fmt: skip
    kc = count.place_of(Card.parse("Kc"))
    assert kc["Belinda"] + kc["Knight"] == count.total and not kc["Baron"] and not kc["out of play"]
    assert kc["Belinda"] == 10 * math.comb(21, 2) * math.comb(19, 6)
    for c in DECK:
        assert sum(count.place_of(c).values()) == count.total


def test_count_of_deals_under_the_text() -> None:
    """The text alone does not say whose the Queen of Hearts was: she may be the third player's."""
    count = count_deals(text_constraints())
    assert count.total == 370_068_580
    qh = count.place_of(Card.parse("Qh"))
    assert qh["Belinda"] and qh["Knight"] and not qh["Baron"] and not qh["out of play"]
    assert count.total > count_deals((*text_constraints(), _reading("iii.89-96"))).total


@pytest.mark.parametrize("readings", [False, True])
def test_who_dealt_does_not_change_the_count(readings: bool) -> None:
    """Pope does not say whether the Baron or the third player sits on Belinda's right (Pole's seating is
    an assumption): the count is the same under both, with the Baron's and the Knight's places unchanged."""
    cons = CONSTRAINTS if readings else text_constraints()
    pole, other = count_deals(cons), count_deals(cons, baron_second=False)
    assert pole.total == other.total and pole.class_deals == other.class_deals
    assert pole.places == other.places


def test_count_with_every_constraint() -> None:
    count = count_deals(CONSTRAINTS)
    assert count.total == 6_242_460
    # the court-card reading puts the Queen of Clubs and the Knave of Hearts in play
    for text in ("Qc", "Jh"):
        assert not count.place_of(Card.parse(text))["out of play"]
    # the Amazon's "her host" (iii.67) gives the King of Clubs to Belinda
    assert count.place_of(Card.parse("Kc"))["Belinda"] == count.total


def _brute_force(pins: dict[Card, str], constraints: tuple[object, ...]) -> tuple[int, int]:
    """Every completion of the third player's hand, each checked by playing real cards."""
    belinda = [c for c, p in pins.items() if p == "Belinda"]
    baron = [c for c, p in pins.items() if p == "Baron"]
    knight = [c for c, p in pins.items() if p == "Knight"]
    pool = [c for c in DECK if c not in pins]
    n = tried = 0
    for extra in itertools.combinations(pool, 9 - len(knight)):
        tried += 1
        if deal_is_consistent([belinda, baron, knight + list(extra)], constraints):  # type: ignore[arg-type]
            n += 1
    return n, tried


@pytest.mark.parametrize(
    ("reading", "knight", "constraints"),
    [
        ("pole", "4s 3s Jc 5c Jh 7c 6h", CONSTRAINTS),
        ("king-of-clubs", "4s 3s Jc Kc 3h 4h Jh", tuple(c for c in CONSTRAINTS if c.id != "iii.67-69")),
        ("king-of-clubs", "4s 3s Jc 3h 2d", text_constraints()),
    ],
)
def test_count_matches_brute_force(reading: str, knight: str, constraints: tuple[object, ...]) -> None:
    st = replay(reading).state
    pins = {c: "Belinda" for c in st.hands_at_play[0]} | {c: "Baron" for c in st.hands_at_play[1]}
    pins |= {c: "Knight" for c in parse_cards(knight)}
    fast = count_deals(constraints, fixed=pins).total  # type: ignore[arg-type]
    slow, tried = _brute_force(pins, constraints)
    assert fast == slow
    assert 0 < fast < tried  # some completions pass, some fail


def test_count_with_the_queen_of_hearts_the_third_player_s_matches_brute_force() -> None:
    """Under the text alone the captive Queen of Hearts may be the third player's (Belinda throws a club)."""
    pins = {c: "Belinda" for c in parse_cards("As 2s Ac Ks Kc Kh 6d 7d 2c")}
    pins |= {c: "Baron" for c in replay("pole").state.hands_at_play[1]}
    pins |= {c: "Knight" for c in parse_cards("4s 3s Jc Qh")}
    fast = count_deals(text_constraints(), fixed=pins).total
    slow, tried = _brute_force(pins, text_constraints())
    assert fast == slow and 0 < fast < tried
    assert count_deals((*text_constraints(), _reading("iii.89-96")), fixed=pins).total == 0


@pytest.mark.parametrize("name", list(READINGS))
def test_each_record_is_among_the_deals_it_agrees_with(name: str) -> None:
    rec = load_record(name)
    st = replay(name).state
    passed = tuple(v.constraint for v in check_record(rec)[1:] if v.ok and v.constraint is not None)
    assert deal_is_consistent(st.hands_at_play, passed)
    assert deal_is_consistent(st.hands_at_play, text_constraints())
    pins = {c: PLACES[s] for s in range(3) for c in st.hands_at_play[s]}
    assert count_deals(passed, fixed=pins).total == 1


def test_a_deal_that_breaks_the_text_is_refused() -> None:
    st = replay("pole").state
    hands = [list(h) for h in st.hands_at_play]
    # give the Baron's Queen of Spades to the third player, for one of his hearts
    qs, h3 = Card.parse("Qs"), Card.parse("3h")
    hands[1][hands[1].index(qs)] = h3
    hands[2][hands[2].index(h3)] = qs
    assert not deal_is_consistent(hands, text_constraints())


def test_pins_and_errors() -> None:
    with pytest.raises(BelindaError, match="unknown place"):
        count_deals(CONSTRAINTS, fixed={Card.parse("As"): "Ombre"})
    # Spadille pinned away from Belinda leaves no deal at all
    assert count_deals(CONSTRAINTS, fixed={Card.parse("As"): "Baron"}).total == 0
    with pytest.raises(BelindaError, match="unknown reading"):
        load_record("tillotson")
    small = Token("small trumps", tuple(parse_cards("7s 6s 5s")))
    with pytest.raises(CountError, match="depends"):
        _winner([(0, _single(Card.parse("2h"))), (1, small), (2, small)])


# ---------------------------------------------------------------------------
# Analyses
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(READINGS))
def test_the_baron_cannot_reach_five_after_trick_four(name: str) -> None:
    b = baron_after_trick_four(name)
    assert b.belinda_sure == 5
    assert b.baron_most == 4
    assert b.outcome is Result.WIN


def test_codille_chance_from_belinda_seat() -> None:
    pole = codille_chance("pole")
    # the Baron's last card is a diamond (5 unseen) or a heart (4 unseen); the third player,
    # void in clubs and diamonds, holds one of the hearts
    assert [str(c) for c in pole.codille_cards] == ["Ad", "2d", "3d", "4d", "5d"]
    assert pole.pairs == 9 * 4 - 4 and pole.codille_pairs == 5 * 4
    assert pole.chance == Fraction(5, 8)
    for name in READINGS:
        c = codille_chance(name)
        assert 0 < c.chance < 1
        assert Card.parse("Ah") in c.baron_may_hold


def test_king_of_clubs_lead_and_best_play() -> None:
    leads = trick_five_leads("pole")
    assert {str(c): v for c, v in leads.items()} == {
        "Kc": (5, Result.WIN), "Qh": (5, Result.WIN), "Kh": (5, Result.WIN),
        "6d": (5, Result.WIN), "7d": (5, Result.WIN),
    }  # fmt: skip
    third = trick_five_leads("king-of-clubs")
    assert third[Card.parse("7c")] == (4, Result.REPUESTO)
    steps = play_analysis("king-of-clubs")
    mistakes = [(m.trick, str(m.card), m.cost) for m in steps if m.cost]
    assert mistakes == [(5, "7c", 1), (5, "Qs", 1)]
    assert all(m.cost == 0 for m in play_analysis("pole"))
    assert len(steps) == 27


def test_winnings() -> None:
    cg = winnings("pole", "court-gamester")
    assert str(cg.as_played.net[0]) == "+30 counters"
    # three counters more from each (Morley), less the two passing counters: bidding sans prendre
    # ends the bidding before the knights pass, so the variant is Baker's figure
    assert str(cg.sans_prendre.net[0]) == "+34 counters"
    assert [t.reason for t in cg.as_played.transfers].count("for passing") == 2
    assert "for passing" not in [t.reason for t in cg.sans_prendre.transfers]
    assert cg.matadors == 4
    old = winnings("pole", "1665")
    assert old.as_played.net[0].as_dict(old.units) == {"great marks": 8, "lesser marks": 4}
    assert old.sans_prendre.net[0].as_dict(old.units) == {"great marks": 10, "lesser marks": 2}
    baker = winnings("baker", "court-gamester")
    assert str(baker.as_played.net[0]) == str(baker.sans_prendre.net[0]) == "+34 counters"
    assert load_records().keys() == READINGS.keys()


def test_belinda_hand_in_pole_marks_only_the_small_diamonds() -> None:
    """Pole names Belinda's matadors and court cards and counts the rest only as two small
    diamonds; the record's completion of those two (marked ?) is what the intro shows marked."""
    rec = load_record("pole")
    st = replay(rec).state
    marked = {rc.card for h in (*rec.deal.hands, rec.deal.stock) for rc in h if rc.conjectural}
    hand = set(st.hands_at_play[st.ombre])
    assert hand - marked == set(parse_cards("As 2s Ac Ks Kc Kh Qh"))
    assert hand & marked == set(parse_cards("6d 7d"))


def test_conjectural_cards_are_the_marked_cards_of_deal_exchange_and_play() -> None:
    rec = load_record("pole")
    marked = rec.conjectural_cards
    assert Card.parse("6d") in marked and Card.parse("7d") in marked
    assert Card.parse("As") not in marked and Card.parse("Kc") not in marked
    assert marked == {rc.card for h in (*rec.deal.hands, rec.deal.stock) for rc in h if rc.conjectural}
    assert rec.conjectural is bool(marked)


def test_the_reconstruction_is_pole_s_only_probably() -> None:
    """The sources attribute the published reconstruction only "probably" to W. Pole (The
    Evolution of Whist, 1895): wherever the record names him as its author it says so."""
    rec = load_record("pole")
    assert "probably by W. Pole" in (rec.tag("Source") or "")
    assert "probably by W. Pole" in " ".join(rec.comments[0].split())
    # the page number comes from the project's reference notes, not from a print copy, and says so
    assert "not checked against a print copy" in (rec.tag("Source") or "")
    for name in ("king-of-clubs", "baker"):
        other = load_record(name)
        assert "this edition's" in (other.tag("Event") or ""), name


def test_draw_deal_draws_the_counted_deals_evenly() -> None:
    # the pole reading's Belinda and Baron pinned: 1480 deals, few enough to see every place share
    st = replay("pole").state
    pins = {c: "Belinda" for c in st.hands_at_play[0]} | {c: "Baron" for c in st.hands_at_play[1]}
    count = count_deals(CONSTRAINTS, fixed=pins)
    n = 1500
    drawn = [draw_deal(count, seed) for seed in range(n)]
    assert all(deal_is_consistent(d[:3]) for d in drawn[:20])
    for card, places in count.places.items():
        for place, where in zip(PLACES, range(4), strict=True):
            p = places[place] / count.total
            seen = sum(card in d[where] for d in drawn) / n
            # five standard errors: a fixed set of seeds, so this never flickers
            assert abs(seen - p) <= 5 * (p * (1 - p) / n) ** 0.5 + 1e-9, (card, place, seen, p)


def test_draw_deal_needs_a_count_with_deals() -> None:
    empty = count_deals(CONSTRAINTS, fixed={Card.parse("As"): "Baron"})
    with pytest.raises(CountError, match="no deal"):
        draw_deal(empty, 1)


@pytest.mark.parametrize("name", list(READINGS))
def test_peacock_counts_eleven_trumps_which_the_forty_card_pack_holds(name: str) -> None:
    """Peacock (Gryll Grange, ch. 23) counts eleven spade trumps in Pope's game, too many for a pack
    of twenty-seven: the canto page answers that 27 cards are dealt from forty, which hold eleven."""
    from ombre.engine.rules import is_trump, trump_order

    st = replay(name).state
    played = [c for t in st.tricks for c in t.cards]
    assert len(played) == 27 and len(DECK) == 40
    assert sum(is_trump(c, Suit.SPADES) for c in played) == 11
    assert len(trump_order(Suit.SPADES)) == sum(is_trump(c, Suit.SPADES) for c in DECK) == 11
