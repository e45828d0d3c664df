"""Analyses of Belinda's game with the double-dummy solver (:mod:`ombre.engine.solver`); her winnings."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ombre.belinda.records import SPADES, BelindaError, _roles, replay
from ombre.engine.cards import DECK, Card, Suit
from ombre.engine.game import GameState
from ombre.engine.payments import Settlement, settle
from ombre.engine.record import GameRecord
from ombre.engine.rules import (
    Result,
    effective_suit,
    is_matador,
    legal_plays,
    result_of,
    trick_winner,
    trump_order,
)
from ombre.engine.rulesets import get_rules
from ombre.engine.solver import MoveAnalysis, Objective, Position, Solver, analyse_game

__all__ = [
    "baron_after_trick_four",
    "BaronChances",
    "codille_chance",
    "CodilleChance",
    "play_analysis",
    "trick_five_leads",
    "winnings",
    "Winnings",
]


def _position_after(state: GameState, tricks: int) -> Position:
    """The position at the start of trick ``tricks + 1`` of a replayed game."""
    hands = [list(h) for h in state.hands_at_play]
    won = [0, 0, 0]
    leader = state.tricks[0].leader
    for t in state.tricks[:tricks]:
        for s, c in zip(t.seats, t.cards, strict=True):
            hands[s].remove(c)
        won[t.winner] += 1
        leader = t.winner
    assert state.trump is not None and state.ombre is not None
    hs = (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]))
    return Position(hs, state.trump, state.ombre, leader, (), (won[0], won[1], won[2]))


@dataclass(frozen=True)
class BaronChances:
    """After trick four: what the Baron can still reach, with everyone playing double dummy."""

    reading: str
    belinda_sure: int  # tricks Belinda takes in the hand against the best defence
    baron_most: int  # the most tricks the Baron can take, the third player helping, Belinda opposing
    outcome: Result  # Belinda's result against the best defence (defenders jointly)


def _most_tricks(pos: Position, seat: int, opponent: int) -> int:
    """The most tricks ``seat`` can take when everyone but ``opponent`` helps him (plain minimax)."""

    @cache
    def value(hands: tuple[frozenset[Card], ...], leader: int, trick: tuple[Card, ...], won: int) -> int:
        if not hands[leader] and not trick:
            return won
        to_move = (leader + len(trick)) % 3
        vals = []
        for c in legal_plays(sorted(hands[to_move], key=lambda x: x.index), trick, SPADES):
            hs = list(hands)
            hs[to_move] = hands[to_move] - {c}
            t = trick + (c,)
            if len(t) < 3:
                vals.append(value(tuple(hs), leader, t, won))
            else:
                w = (leader + trick_winner(t, SPADES)) % 3
                vals.append(value(tuple(hs), w, (), won + (w == seat)))
        return min(vals) if to_move == opponent else max(vals)

    return value(tuple(frozenset(h) for h in pos.hands), pos.leader, pos.trick, pos.won[seat])


def baron_after_trick_four(record: GameRecord | str) -> BaronChances:
    """Can the Baron still reach five tricks once Belinda has taken the first four?"""
    name = record if isinstance(record, str) else (record.tag("Reading") or "record")
    st = replay(record).state
    b, r, _ = _roles(st.players)
    pos = _position_after(st, 4)
    from ombre.engine.solver import solve

    sure = solve(pos)
    outcome = solve(pos, "outcome")
    most = _most_tricks(pos, r, b)
    return BaronChances(name, sure, most, outcome)


@dataclass(frozen=True)
class CodilleChance:
    """Before trick 9, from Belinda's seat: the cards the Baron might lead, and how many give codille.

    Belinda has seen her own cards (as dealt and as played) and the 24 cards
    played; every pair of last cards for the Baron and the third player that
    agrees with the voids they have shown is taken as equally likely.
    """

    reading: str
    unseen: tuple[Card, ...]
    baron_may_hold: tuple[Card, ...]
    pairs: int
    codille_pairs: int
    codille_cards: tuple[Card, ...]  # Baron's last cards that win him codille

    @property
    def chance(self) -> Fraction:
        return Fraction(self.codille_pairs, self.pairs)


def _shown(state: GameState, upto: int) -> list[Callable[[Card], bool]]:
    """For each seat, whether it may still hold a card, given the first ``upto`` tricks.

    A player who did not follow a plain suit holds none of it; one who did not
    follow a trump lead holds no trump but, at most, matadors above the card
    led (their privilege, 1665).
    """
    assert state.trump is not None
    trump = state.trump
    order = trump_order(trump)
    voids: list[set[Suit]] = [set(), set(), set()]
    # the place in the trump order (0: Spadille) of the highest trump lead each seat refused
    refused: list[int] = [len(order), len(order), len(order)]
    for t in state.tricks[:upto]:
        led = effective_suit(t.cards[0], trump)
        for s, c in zip(t.seats[1:], t.cards[1:], strict=True):
            if effective_suit(c, trump) is not led:
                if led is trump:
                    refused[s] = min(refused[s], order.index(t.cards[0]))
                else:
                    voids[s].add(led)

    def may_hold(seat: int) -> Callable[[Card], bool]:
        def test(card: Card) -> bool:
            suit = effective_suit(card, trump)
            if suit is trump and refused[seat] < len(order):
                return is_matador(card, trump) and order.index(card) < refused[seat]
            return suit not in voids[seat]

        return test

    return [may_hold(s) for s in range(3)]


def codille_chance(record: GameRecord | str) -> CodilleChance:
    """How likely codille looked to Belinda before the ninth trick (iii.92)."""
    name = record if isinstance(record, str) else (record.tag("Reading") or "record")
    rp = replay(record)
    st = rp.state
    assert st.trump is not None and st.ombre is not None
    b, r, k = _roles(st.players)
    if len(st.tricks) < 8:
        raise BelindaError("the record does not reach the ninth trick")
    seen: set[Card] = set(st.deal.hands[b]) | set(st.hands_at_play[b])
    for e in rp.exchange:
        if e.seat == b:
            seen |= {c for c in e.taken_in if c is not None}
    for t in st.tricks[:8]:
        seen |= set(t.cards)
    unseen = tuple(c for c in DECK if c not in seen)
    may_hold = _shown(st, 8)
    trump = st.trump
    pos = _position_after(st, 8)
    mine = pos.hands[b][0]
    leader = pos.leader
    pairs = 0
    codille = 0
    codille_cards: set[Card] = set()
    baron_cards: set[Card] = set()
    for bc, kc in itertools.permutations(unseen, 2):
        if not may_hold[r](bc) or not may_hold[k](kc):
            continue
        baron_cards.add(bc)
        pairs += 1
        cards = {b: mine, r: bc, k: kc}
        order = [cards[(leader + i) % 3] for i in range(3)]
        w = (leader + trick_winner(order, trump)) % 3
        won = list(pos.won)
        won[w] += 1
        if result_of(won, b) is Result.CODILLE:
            codille += 1
            codille_cards.add(bc)
    return CodilleChance(
        name,
        unseen,
        tuple(c for c in DECK if c in baron_cards),
        pairs,
        codille,
        tuple(c for c in DECK if c in codille_cards),
    )


def play_analysis(record: GameRecord | str, objective: Objective = "tricks") -> list[MoveAnalysis]:
    """Every card of the record with its double-dummy value and the best card at that moment."""
    return analyse_game(replay(record).state, objective)


def trick_five_leads(record: GameRecord | str) -> dict[Card, tuple[int, Result]]:
    """Belinda's possible leads to trick five: for each, her tricks and result with best play after."""
    st = replay(record).state
    pos = _position_after(st, 4)
    tricks = Solver(pos.trump, pos.ombre, "tricks").analyse(pos)
    outcome = Solver(pos.trump, pos.ombre, "outcome").analyse(pos)
    from ombre.engine.solver import OUTCOME_ORDER

    return {c: (tricks[c], OUTCOME_ORDER[outcome[c]]) for c in tricks}


@dataclass(frozen=True)
class Winnings:
    """Belinda's net gain under one rule set, as played and as if she had played without taking in."""

    rules: str
    rules_title: str
    units: tuple[str, ...]
    as_played: Settlement
    sans_prendre: Settlement
    matadors: int


def winnings(record: GameRecord | str, rules: str) -> Winnings:
    """Belinda's winnings under ``rules`` (``1665`` or ``court-gamester``), with the sans prendre variant.

    The settlement is the engine's (:func:`ombre.engine.payments.settle`) on the
    tricks and hands of the record; the variant keeps the same play and makes
    the Ombre's bid sans prendre (nothing taken in).  That bid ends the bidding
    (:meth:`ombre.engine.game.GameState.apply`), so in the variant only the players who
    passed before the Ombre spoke pay for passing.

    >>> w = winnings("pole", "court-gamester")
    >>> [t.reason for t in w.as_played.transfers].count("for passing")
    2
    >>> [t.reason for t in w.sans_prendre.transfers].count("for passing")
    0
    """
    st = replay(record).state
    rs = get_rules(rules)
    if st.trump is None or st.ombre is None or not st.is_terminal():
        raise BelindaError("the record does not reach the end of the hand")
    passes = tuple(seat for seat, bid in st.bids if bid.kind == "pass")
    # where the Ombre bid (a forced Spadille never bid: then every pass came before)
    spoke = next(
        (i for i, (seat, bid) in enumerate(st.bids) if seat == st.ombre and bid.kind != "pass"), len(st.bids)
    )
    passes_before = tuple(seat for seat, bid in st.bids[:spoke] if bid.kind == "pass")

    def settled(sans_prendre: bool, taken_in: tuple[int, int, int], passes: tuple[int, ...]) -> Settlement:
        assert st.trump is not None
        return settle(
            rs,
            ombre=st.ombre,
            tricks_won=st.tricks_won,
            hands_at_play=st.hands_at_play,
            trump=st.trump,
            sans_prendre=sans_prendre,
            passes=passes,
            eldest=st.deal.eldest,
            taken_in=taken_in,
        )

    played = settled(st.sans_prendre, st.taken_in, passes)
    sans = settled(True, (0, 0, 0), passes_before)
    from ombre.engine.rules import matador_sequence

    return Winnings(
        rs.name, rs.title, rs.units, played, sans, matador_sequence(st.hands_at_play[st.ombre], st.trump)
    )
