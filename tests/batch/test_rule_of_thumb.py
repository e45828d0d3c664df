"""The batch rule of thumb plays the scalar one's hands: the same cards, vole declarations and returns."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ombre.engine.cards import DECK, Suit, parse_cards
from ombre.engine.game import Bid, Deal, DeclareVole, GameState, NameTrump, Phase
from ombre.engine.players import (
    MonteCarloPlayer,
    RuleOfThumbPlayer,
    _finish_by_rule_of_thumb,
    advised_trump,
    match,
    tournament,
)

rot_batch = pytest.importorskip("ombre.batch.rule_of_thumb")

RULES = ("1665", "court-gamester")


def _started(seed: int, rules: str, bid: str, plays: int = 0) -> GameState:
    """A seeded hand whose eldest bids ``bid`` (``rot``: as the rule of thumb does), the rest by the rule
    of thumb, played by it for ``plays`` more actions once the play has begun."""
    state = GameState(Deal.random(seed=f"rot-batch-{seed}", dealer=seed % 3), rules=rules)
    rot = RuleOfThumbPlayer()
    if bid != "rot":
        state.apply(Bid(bid))
        while state.phase is Phase.BIDDING:
            state.apply(rot.choose(state.view(state.current_player or 0)))
        if state.phase is Phase.TRUMP:
            state.apply(NameTrump(advised_trump(state.hand(state.current_player or 0))))
    _finish_by_rule_of_thumb(state, rot, until_play=True)
    for _ in range(plays):
        if state.is_terminal():
            break
        state.apply(rot.choose(state.view(state.current_player or 0)))
    return state


def _strong(seed: int, rules: str) -> GameState:
    """A hand whose eldest holds all but two spades and the matadors and plays without taking in: the
    Ombre who may be sure of the vole after four tricks (or not: the two small spades may be out)."""
    rng = random.Random(seed)
    mine = parse_cards("As 2s Ac Ks Qs Js 7s 6s 5s")
    rest = [c for c in DECK if c not in mine]
    rng.shuffle(rest)
    hands = [mine, rest[:9], rest[9:18]]
    deal = Deal((tuple(hands[1]), tuple(hands[2]), tuple(hands[0])), tuple(rest[18:]), dealer=1)
    state = GameState(deal, rules=rules)
    state.apply(Bid("sans-prendre"))
    state.apply(NameTrump(Suit.SPADES))
    _finish_by_rule_of_thumb(state, RuleOfThumbPlayer(), until_play=True)
    return state


def _scalar(state: GameState) -> tuple[list[object], tuple[int, int, int], bool, list[float]]:
    done = state.clone()
    _finish_by_rule_of_thumb(done, RuleOfThumbPlayer())
    return list(done.history[len(state.history) :]), done.tricks_won, done.vole_declared, done.returns()


def _check(states: list[GameState]) -> list[object]:
    """The batch against the scalar player, state by state; returns every action taken."""
    before = [s.history for s in states]
    fast = rot_batch.finish_by_rule_of_thumb(states)
    taken: list[object] = []
    for i, state in enumerate(states):
        actions, won, vole, returns = _scalar(state)
        assert fast.actions[i] == actions, (i, str(state.deal))
        assert fast.tricks_won[i] == won and fast.vole_declared[i] == vole
        assert fast.returns[i] == returns
        taken += actions
    assert [s.history for s in states] == before  # the states are left as they were
    return taken


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("bid", ["rot", "play", "sans-prendre"])
def test_batch_plays_the_scalar_rule_of_thumb(rules: str, bid: str) -> None:
    """Whole hands from the first lead, under both rule sets, ordinary games and games without taking in
    (and hands passed out, already over), many in one batch."""
    states = [_started(seed, rules, bid) for seed in range(120)]
    if bid == "sans-prendre":
        assert all(s.sans_prendre for s in states)
    _check(states)


@pytest.mark.parametrize("rules", RULES)
def test_batch_plays_on_from_any_point_of_the_play(rules: str) -> None:
    """States part-way through the play, mid-trick and at the vole declaration, mixed in one batch."""
    states = [_started(seed, rules, "play", plays=seed % 29) for seed in range(150)]
    states += [_started(seed, rules, "sans-prendre", plays=12) for seed in range(100)]  # four tricks played
    assert any(s.phase is Phase.VOLE for s in states) == (rules == "1665")
    assert any(s.current_trick is not None and len(s.current_trick.cards) == 2 for s in states)
    _check(states)


def test_the_vole_is_declared_and_declined_as_the_scalar_player_does() -> None:
    """Under 1665 the Ombre who has won the first four tricks is asked: both answers occur here."""
    states = [_strong(seed, "1665") for seed in range(60)] + [
        _started(seed, "1665", "play") for seed in range(60)
    ]
    taken = _check(states)
    assert DeclareVole(True) in taken and DeclareVole(False) in taken


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    rules=st.sampled_from(RULES),
    bid=st.sampled_from(["rot", "play", "sans-prendre"]),
)
def test_batch_plays_the_scalar_rule_of_thumb_for_any_seed(seed: int, rules: str, bid: str) -> None:
    _check([_started(seed + k, rules, bid, plays=k) for k in range(8)])


def test_batch_rollouts_are_the_scalar_rollouts() -> None:
    """From the bidding on (the rollouts the Monte Carlo player asks for)."""
    from ombre.engine.players import _rollouts_by_rule_of_thumb

    states = [GameState(Deal.random(seed=s), rules=RULES[s % 2]) for s in range(40)]
    assert rot_batch.batch_rollouts(states) == _rollouts_by_rule_of_thumb(states)


def test_monte_carlo_bids_are_the_same_with_batch_rollouts() -> None:
    scalar, fast = MonteCarloPlayer(seed=4), rot_batch.monte_carlo_player(4)
    for s in range(12):
        view = GameState(Deal.random(seed=s)).view(1)
        assert fast.bid_values(view) == scalar.bid_values(view)


@pytest.mark.parametrize("rules", RULES)
def test_tournament_and_match_are_the_same_with_batch_rollouts(rules: str) -> None:
    """The decisions are identical, so the results are, to the last float."""
    fast = {"monte-carlo": rot_batch.monte_carlo_player}
    for seed in (0, 5):
        assert tournament(2, seed=seed, rules=rules, factories=fast) == tournament(2, seed=seed, rules=rules)
    assert match(2, seed=1, rules=rules, factories=fast) == match(2, seed=1, rules=rules)
