"""The double-dummy solver against brute-force minimax, and its checks on positions."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ombre.engine._core import TABLES, legal_mask, trick_winner_codes
from ombre.engine.cards import DECK, SUITS, Card, Suit, parse_cards
from ombre.engine.game import Deal, GameState
from ombre.engine.rules import Result, beats, is_trump, legal_plays, result_of, trick_winner, trump_order
from ombre.engine.solver import (
    OUTCOME_ORDER,
    Position,
    PositionError,
    Solver,
    analyse,
    outcome_value,
    random_position,
    solve,
)
from ombre.engine.solver.tables import _LEAD_TRUMP, _PACK, _TRUMP_GAME

# ---------------------------------------------------------------------------
# An independent reference: plain minimax over ombre.engine.rules, no tricks at all
# ---------------------------------------------------------------------------

Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card]]


def brute_force(pos: Position, objective: str) -> int:
    """Minimax over every legal card (Ombre maximises, both defenders minimise)."""
    trump, ombre = pos.trump, pos.ombre

    @cache
    def value(hands: Hands, leader: int, trick: tuple[Card, ...], won: tuple[int, int, int]) -> int:
        if not hands[leader] and not trick:
            if objective == "tricks":
                return won[ombre]
            return outcome_value(result_of(won, ombre))
        seat = (leader + len(trick)) % 3
        vals = []
        for c in legal_plays(sorted(hands[seat], key=lambda x: x.index), trick, trump):
            hs = list(hands)
            hs[seat] = hands[seat] - {c}
            nh: Hands = (hs[0], hs[1], hs[2])
            t = trick + (c,)
            if len(t) < 3:
                vals.append(value(nh, leader, t, won))
            else:
                w = (leader + trick_winner(t, trump)) % 3
                nw = list(won)
                nw[w] += 1
                vals.append(value(nh, w, (), (nw[0], nw[1], nw[2])))
        return max(vals) if seat == ombre else min(vals)

    hands: Hands = (frozenset(pos.hands[0]), frozenset(pos.hands[1]), frozenset(pos.hands[2]))
    return value(hands, pos.leader, pos.trick, pos.won)


def random_ending(seed: int, tricks: int, partial: int) -> Position:
    """A random position with ``tricks`` tricks to go, ``partial`` cards of the first already played."""
    rng = random.Random(seed)
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[i * tricks : (i + 1) * tricks] for i in range(3)]
    won = [0, 0, 0]
    for _ in range(9 - tricks):
        won[rng.randrange(3)] += 1
    pos = Position.from_hands(hands, rng.choice(SUITS), rng.randrange(3), rng.randrange(3), won=won)
    for _ in range(partial):
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


endings = st.builds(
    random_ending,
    seed=st.integers(0, 2**32 - 1),
    tricks=st.integers(2, 4),
    partial=st.integers(0, 2),
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(endings)
# Basto and the Ks touch (Spadille and Manille are out): a defender who plays the Ks and keeps
# Basto keeps the privilege against a lower trump led later, so the two are not equivalent cards
@example(Position.from_hands(["Ac Ks 5d 5h", "7h 5s 7s 6s", "Qs 3h Js Kd"], "s", 1, 2))
def test_tricks_match_brute_force(pos: Position) -> None:
    assert solve(pos) == brute_force(pos, "tricks")


def matador_run_ending(seed: int) -> Position:
    """Four tricks to go: one hand holds a matador and the best trump below the matadors, the
    other matadors are out of play, so the two touch; the other hands hold seven lower trumps
    between them (three and four). The suit, the matador, the seats and the leader vary."""
    rng = random.Random(seed)
    trump = rng.choice(SUITS)
    order = trump_order(trump)
    run = [order[rng.randrange(3)], order[3]]
    lows = list(order[4:])
    rng.shuffle(lows)
    plain = [c for c in DECK if not is_trump(c, trump)]
    rng.shuffle(plain)
    holder = rng.randrange(3)
    others = [lows[:3] + plain[2:3], lows[3:7]]
    if seed % 2:
        others.reverse()
    hands = [run + plain[:2], *others]
    hands = hands[3 - holder :] + hands[: 3 - holder]
    return Position.from_hands(hands, trump, rng.randrange(3), rng.randrange(3))


@pytest.mark.parametrize("seed", range(24))
def test_touching_matador_matches_brute_force(seed: int) -> None:
    # the matador and the trump below it are not one card: only the matador has the privilege
    pos = matador_run_ending(seed)
    assert solve(pos) == brute_force(pos, "tricks")


@settings(max_examples=150, deadline=None, derandomize=True)
@given(endings)
def test_outcome_matches_brute_force(pos: Position) -> None:
    assert outcome_value(solve(pos, "outcome")) == brute_force(pos, "outcome")


@settings(max_examples=60, deadline=None, derandomize=True)
@given(endings)
def test_every_card_matches_brute_force(pos: Position) -> None:
    for objective in ("tricks", "outcome"):
        solver = Solver(pos.trump, pos.ombre, objective)
        values = solver.analyse(pos)
        assert list(values) == pos.legal_cards()
        for card, v in values.items():
            assert v == brute_force(pos.play(card), objective), (objective, card)


@pytest.mark.parametrize(
    ("hands", "trump", "leader", "won"),
    [
        # the Ombre leads a trump: the defenders' low trump must follow, so it cannot beat his 6h later
        (["Ac Kh Qh 6h", "2h 3d 5d 7c", "As 7h 4c 3s"], "h", 0, (3, 1, 1)),
        # the Ombre leads Manille: Punto must follow; Spadille either spends itself or lets it win
        (["7d 2d 5d Jh 7h", "Ad 4d 5h 6h 3s", "As Kh Ah 2h 4h"], "d", 0, (2, 1, 1)),
        # top hearts cashed while a defender keeps trumps but must follow hearts
        (["Kh Qh Jh 3s", "2h 3h 4h Ks", "5h 6h 7c Qc"], "s", 0, (3, 1, 1)),
        # no defender trump: the Ombre's Ks draws the lone Js, and then his 2s wins too
        (["2s Ks 6d", "Js Ah Jh", "4c Jc 3h"], "d", 0, (3, 2, 1)),
        # the same, but the Js is guarded by the 3s: it beats the 2s in the second round
        (["2s Ks 6d Kh", "Js 3s Ah Jh", "4c Jc 3h Qc"], "d", 0, (3, 1, 1)),
        # the Ombre cashes the 6c, which the defender holding trumps must follow, then leads a
        # trump: Punto takes one of his two trumps, not both
        (["6c 2h Jh", "4c Ah 3h", "Qs Ks 7d"], "h", 0, (2, 3, 1)),
        # a defender leads: his partner's Kd beats the Ombre's Qd, which must follow
        (["2h Qd 6c", "Kd 4c 6s", "4d 7d Qs"], "h", 1, (3, 2, 1)),
        (["Js 6s Qd Jc", "3s Ad 5d Jh", "Jd 2h Qc 4c"], "s", 2, (2, 2, 1)),
    ],
)
def test_bound_positions_match_brute_force(
    hands: list[str], trump: str, leader: int, won: tuple[int, int, int]
) -> None:
    """Endings where the trump-lead, plain-suit and defender-lead bounds of the search decide tests."""
    pos = Position.from_hands(hands, trump, ombre=0, leader=leader, won=won)
    assert solve(pos) == brute_force(pos, "tricks")
    assert outcome_value(solve(pos, "outcome")) == brute_force(pos, "outcome")
    for objective in ("tricks", "outcome"):
        values = Solver(pos.trump, pos.ombre, objective).analyse(pos)
        for card, v in values.items():
            assert v == brute_force(pos.play(card), objective), (objective, card)


def test_five_trick_endings_match_brute_force() -> None:
    for seed in range(6):
        pos = random_ending(1000 + seed, 5, seed % 3)
        assert solve(pos) == brute_force(pos, "tricks")
        assert outcome_value(solve(pos, "outcome")) == brute_force(pos, "outcome")


def trump_game_bound(pos: Position, with_masters: bool = True) -> int:
    """The most tricks to come that the search's game over the trumps alone promises the Ombre.

    With his masters (his plain cards above every card of their suit in the other hands), or none.
    """
    tb = TABLES[pos.trump]
    trumps = [(tb.mask(h) & tb.trump_mask) >> tb.trump_base for h in pos.hands]
    out = (trumps[0] | trumps[1] | trumps[2]) << 12
    order = [(pos.leader + i) % 3 for i in range(3)]
    others = [c for seat, h in enumerate(pos.hands) if seat != pos.ombre for c in h]
    masters = sum(
        1
        for c in pos.hands[pos.ombre]
        if not is_trump(c, pos.trump)
        and not any(beats(d, c, c.suit, pos.trump) for d in others if not is_trump(d, pos.trump))
    )
    key = (
        _PACK[out | trumps[order[0]]]
        | _PACK[out | trumps[order[1]]] << 12
        | _PACK[out | trumps[order[2]]] << 24
    )
    key |= (
        order.index(pos.ombre) << 36
        | pos.tricks_left << 38
        | _PACK[out | tb.matadors >> tb.trump_base] << 46
        | (masters if with_masters else 0) << 58
    )
    need = 0
    while need < pos.tricks_left and _TRUMP_GAME[key | (need + 1) << 42]:
        need += 1
    return need


def trump_heavy_ending(seed: int) -> Position:
    """A random trick start, three or four tricks to go, with many trumps (the game's ground)."""
    rng = random.Random(seed)
    trump = rng.choice(SUITS)
    trumps = [c for c in DECK if is_trump(c, trump)]
    plain = [c for c in DECK if not is_trump(c, trump)]
    rng.shuffle(trumps)
    rng.shuffle(plain)
    tricks = rng.randrange(3, 5)
    k = rng.randrange(tricks, min(3 * tricks, len(trumps)) + 1)
    cards = trumps[:k] + plain[: 3 * tricks - k]
    rng.shuffle(cards)
    hands = [cards[i * tricks : (i + 1) * tricks] for i in range(3)]
    return Position.from_hands(hands, trump, rng.randrange(3), rng.randrange(3))


def test_the_trump_game_is_a_lower_bound() -> None:
    # the search ends a test on it when a defender leads: it must never promise the Ombre a trick
    # that he cannot take (and it should often tell more than nothing, and his masters more than
    # his trumps alone, or they are not tested at all)
    told = raised = 0
    for seed in range(300):
        pos = random_ending(seed, 3 + seed % 2, 0) if seed % 3 == 0 else trump_heavy_ending(seed)
        bound = trump_game_bound(pos)
        assert bound <= brute_force(pos, "tricks") - pos.won[pos.ombre], seed
        told += bound > 0
        raised += bound > trump_game_bound(pos, with_masters=False)
    assert told > 60
    assert raised > 10


def lead_trump_bound(pos: Position) -> int:
    """The tricks to come that the Ombre's trump lead and his sure trumps promise him (the search's key)."""
    tb = TABLES[pos.trump]
    trumps = [(tb.mask(h) & tb.trump_mask) >> tb.trump_base for h in pos.hands]
    out = (trumps[0] | trumps[1] | trumps[2]) << 12
    o = pos.ombre
    return _LEAD_TRUMP[
        _PACK[out | trumps[o]]
        | _PACK[out | trumps[(o + 1) % 3]] << 12
        | _PACK[out | trumps[(o + 2) % 3]] << 24
        | _PACK[out | tb.matadors >> tb.trump_base] << 36
    ]


def test_the_trump_lead_is_a_lower_bound() -> None:
    # the search raises the Ombre's bound on lead to it: it must never promise a trick he cannot take
    told = 0
    for seed in range(300):
        pos = trump_heavy_ending(seed)
        pos = Position.from_hands(pos.hands, pos.trump, pos.leader, pos.leader)  # the Ombre leads
        bound = lead_trump_bound(pos)
        assert bound <= brute_force(pos, "tricks") - pos.won[pos.ombre], seed
        told += bound > 0
    assert told > 60


# ---------------------------------------------------------------------------
# A slower reference search: the solver as it was before the speed work
# (alpha-beta over every legal card, a table of exact hands, no bounds,
# no merging of equivalent cards, no renumbering by relative rank)
# ---------------------------------------------------------------------------


def reference_value(pos: Position, objective: str) -> int:
    """The value of ``pos`` by plain fail-soft alpha-beta with a table of bounds keyed on the exact hands."""
    tb = TABLES[pos.trump]
    ombre = pos.ombre
    table: dict[tuple[int, int, int, int, tuple[int, int, int]], tuple[int, int]] = {}

    def leaf(won: tuple[int, int, int]) -> int:
        return won[ombre] if objective == "tricks" else outcome_value(result_of(won, ombre))

    def inner(
        hs: tuple[int, int, int],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, int, int],
        alpha: int,
        beta: int,
    ) -> int:
        if len(trick) == 3:
            w = (leader + trick_winner_codes(trick[0], trick[1], trick[2], tb)) % 3
            nw = list(won)
            nw[w] += 1
            return start(hs, w, (nw[0], nw[1], nw[2]), alpha, beta)
        seat = (leader + len(trick)) % 3
        maxer = seat == ombre
        best = -1 if maxer else 99
        x = legal_mask(hs[seat], trick[0] if trick else -1, tb)
        while x:
            low = x & -x
            x ^= low
            h = list(hs)
            h[seat] ^= low
            v = inner((h[0], h[1], h[2]), leader, trick + (low.bit_length() - 1,), won, alpha, beta)
            if maxer:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def start(hs: tuple[int, int, int], leader: int, won: tuple[int, int, int], alpha: int, beta: int) -> int:
        if not hs[leader]:
            return leaf(won)
        k = (hs[0], hs[1], hs[2], leader, won)
        lo, hi = table.get(k, (-1, 99))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        v = inner(hs, leader, (), won, a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        table[k] = (lo, hi)
        return v

    code = tb.code_of
    hands = [sum(1 << code[c.index] for c in h) for h in pos.hands]
    trick = tuple(code[c.index] for c in pos.trick)
    return inner((hands[0], hands[1], hands[2]), pos.leader, trick, pos.won, -1, 99)


deeper_endings = st.builds(
    random_ending,
    seed=st.integers(0, 2**32 - 1),
    tricks=st.integers(5, 6),
    partial=st.integers(0, 2),
)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(deeper_endings)
def test_fast_search_matches_the_reference_search(pos: Position) -> None:
    for objective in ("tricks", "outcome"):
        solver = Solver(pos.trump, pos.ombre, objective)
        assert solver.value(pos) == reference_value(pos, objective), objective
        for card, v in solver.analyse(pos).items():
            assert v == reference_value(pos.play(card), objective), (objective, card)


#: Values of random_position(0 ... 29) found by the solver before its speed work (see its "about")
WHOLE_DEALS = json.loads(
    (Path(__file__).parents[1] / "data" / "solver-whole-deals.json").read_text(encoding="utf-8")
)


def test_whole_deals_keep_their_values() -> None:
    assert [seed for seed, _, _ in WHOLE_DEALS["rows"]] == list(range(30))
    for seed, tricks, outcome in WHOLE_DEALS["rows"]:
        pos = random_position(seed)
        assert solve(pos) == tricks, seed
        assert outcome_value(solve(pos, "outcome")) == outcome, seed


# ---------------------------------------------------------------------------
# Whole deals: consistency between objectives and between calls
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_whole_deals_are_consistent(seed: int) -> None:
    pos = random_position(seed)
    tricks = solve(pos)
    outcome = solve(pos, "outcome")
    assert 0 <= tricks <= 9
    assert (tricks == 9) == (outcome is Result.VOLE)
    if tricks >= 5:
        assert outcome_value(outcome) >= outcome_value(Result.WIN)
    values = analyse(pos)
    assert max(values.values()) == tricks  # the Ombre leads to trick one


def test_shared_table_gives_the_same_values() -> None:
    pos = random_position(11)
    shared = Solver(pos.trump, pos.ombre)
    while pos.tricks_left:
        card = min(pos.legal_cards(), key=lambda c: c.index)
        fresh = Solver(pos.trump, pos.ombre).analyse(pos)
        assert shared.analyse(pos) == fresh
        pos = pos.play(card)


def test_one_solver_serves_many_deals() -> None:
    # the Monte Carlo player asks one solver about many sampled deals with the same trump and
    # Ombre, the same cards out but shared differently between the defenders
    deals = [p for p in (random_position(seed) for seed in range(40)) if p.trump is Suit.SPADES][:3]
    assert len(deals) == 3
    for pos in list(deals):
        h0, h1, h2 = pos.hands
        swapped = (h0, h2[:4] + h1[4:], h1[:4] + h2[4:])
        deals.append(Position(swapped, pos.trump, pos.ombre, pos.leader))
    shared = Solver(Suit.SPADES, 0)
    for pos in deals + deals[::-1]:
        assert shared.analyse(pos) == Solver(Suit.SPADES, 0).analyse(pos)


def test_one_solver_same_cards_other_hands() -> None:
    # the solver remembers some tables by the cards out, which fix the hands only within one deal:
    # the same cards shared otherwise between the defenders must not be read from them
    for seed, cut in ((0, 6), (2, 2)):
        pos = random_position(seed)
        h0, h1, h2 = pos.hands
        swapped = Position((h0, h2[:cut] + h1[cut:], h1[:cut] + h2[cut:]), pos.trump, pos.ombre, pos.leader)
        shared = Solver(pos.trump, pos.ombre)
        assert shared.value(pos) == Solver(pos.trump, pos.ombre).value(pos)
        assert shared.value(swapped) == Solver(pos.trump, pos.ombre).value(swapped)


def test_matadors_privilege_is_respected() -> None:
    # Spadille alone need not be played to the King of trumps, and waits to beat it.
    pos = Position.from_hands(["Ks 5c", "Kd 4d", "5h As"], "s", ombre=0, leader=0, won=(3, 2, 2))
    assert {str(c): v for c, v in analyse(pos).items()} == {"Ks": 3, "5c": 4}
    assert analyse(pos, "outcome")[Card.parse("Ks")] is Result.CODILLE


def test_from_state_matches_the_game() -> None:
    state = GameState.from_position(
        hands=[parse_cards("As Kh Qd"), parse_cards("2s Qh Kd"), parse_cards("3s Jh Jd")],
        trump=Suit.SPADES,
        ombre=0,
        leader=0,
    )
    state.play("Qd")
    pos = Position.from_state(state)
    assert pos.trick == (Card.parse("Qd"),)
    assert pos.to_move == 1
    assert pos.legal_cards() == state.legal_cards()


def test_outcome_order() -> None:
    assert OUTCOME_ORDER == (Result.CODILLE, Result.REPUESTO, Result.WIN, Result.VOLE)


# ---------------------------------------------------------------------------
# Bad positions
# ---------------------------------------------------------------------------


def test_bad_positions_are_refused() -> None:
    with pytest.raises(PositionError, match="appears twice"):
        Position.from_hands(["As Kh", "As Qh", "3s Jh"], "s", 0, 0)
    with pytest.raises(PositionError, match="should hold"):
        Position.from_hands(["As Kh", "2s", "3s Jh"], "s", 0, 0)
    with pytest.raises(PositionError, match="cannot have been played"):
        Position.from_hands(["Kh", "2s", "Jh 3s"], "s", 0, 0, trick=["As", "Qh"])
    with pytest.raises(PositionError, match="seat 0, 1 or 2"):
        Position.from_hands(["As Kh", "2s Qh", "3s Jh"], "s", 3, 0)
    pos = Position.from_hands(["As Kh", "2s Qh", "3s Jh"], "s", 0, 0)
    with pytest.raises(PositionError, match="must play a trump"):
        pos.play("As").play("Qh")
    with pytest.raises(PositionError, match="do not make nine"):
        solve(pos, "outcome")
    with pytest.raises(PositionError, match="this solver is for"):
        Solver(Suit.HEARTS, 0).value(pos)
    with pytest.raises(PositionError, match="unknown objective"):
        Solver(Suit.SPADES, 0, "points")  # type: ignore[arg-type]


def test_random_position_is_seeded() -> None:
    a, b = random_position(5), random_position(5)
    assert a == b
    assert a.hands == Deal.random(seed=5, dealer=2).hands


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def test_cli_solve_prints_each_card() -> None:
    import io
    from importlib import resources

    from ombre.cli import main

    path = str(resources.files("ombre.belinda").joinpath("records/belinda-2-king-of-clubs.omb"))
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", path], out=out, err=err) == 0
    lines = out.getvalue().splitlines()
    plays = [line for line in lines if line[:5].strip().isdigit()]
    assert len(plays) == 27
    assert plays[12].split()[:4] == ["5", "Belinda", "7c?", "4"]  # a conjectural card, as in the record
    assert "not best: Qh Kh 6d gives 5 tricks" in plays[12]
    assert plays[-1].split()[1:3] == ["Belinda", "Kh"] and plays[-1].endswith("(forced)")
    out = io.StringIO()
    assert main(["solve", "--objective", "outcome", path], out=out, err=err) == 0
    assert "repuesto" in out.getvalue()


def test_cli_solve_errors_are_one_line() -> None:
    import io

    from ombre.cli import main

    err = io.StringIO()
    assert main(["solve", "no-such-file.omb"], out=io.StringIO(), err=err) == 2
    assert err.getvalue().count("\n") == 1 and "no such file" in err.getvalue()


def test_a_position_reads_its_trump_as_text() -> None:
    hands = (tuple(parse_cards("Kh 3d")), tuple(parse_cards("Ah 4d")), tuple(parse_cards("7d 5d")))
    p = Position(hands, "diamonds", 0, 0)  # type: ignore[arg-type]
    assert p.trump is Suit.DIAMONDS
    assert p.play("Kh").play("Ah").play("7d").won == (0, 0, 1)  # Manille takes the trick
    assert solve(p) == solve(Position(hands, Suit.DIAMONDS, 0, 0))


# ---------------------------------------------------------------------------
# Wrong types refused
# ---------------------------------------------------------------------------

ENDING = Position.parse("Kh / 2s Qh / 3s Jh; trump spades; ombre 0; leader 0; trick As; won 0 0 0")


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
            lambda: Position(ENDING.hands, Suit.SPADES, True, 0),
            PositionError,
            ("ombre must be seat 0, 1 or 2", "True"),
        ),
        (
            lambda: Position(ENDING.hands, Suit.SPADES, 0, 1.0),
            PositionError,
            ("leader must be seat 0, 1 or 2", "1.0"),
        ),
    ],
)
def test_the_solver_refuses_wrong_types(
    call: Callable[[], object], kind: type[Exception], fragments: tuple[str, ...]
) -> None:
    with pytest.raises(kind) as info:
        call()
    assert all(f in str(info.value) for f in fragments), str(info.value)


def test_the_solver_still_solves_after_its_checks() -> None:
    # Kh, then Qh and Jh: the Ombre's Spadille (led) and King of Hearts take both tricks
    assert solve(ENDING) == 2
    assert Solver("s", 0).value(ENDING) == 2
