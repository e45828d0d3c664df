"""Property tests over random seeded games, and cross-checks of three implementations of play.

* a naive reference written here from the card orders as printed in 1665
  (independent of :mod:`ombre.engine.rules`),
* :mod:`ombre.engine.rules` (the public rules, used by the game state),
* :mod:`ombre.engine._core` (the fast bit-set core).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ombre.engine import _core
from ombre.engine.cards import DECK, SUITS, Card, Suit
from ombre.engine.game import Bid, Deal, Exchange, GameState, Phase
from ombre.engine.payments import Amount
from ombre.engine.rules import legal_plays, trick_winner
from ombre.engine.rulesets import get_rules

# ---------------------------------------------------------------------------
# the naive reference: orders typed in from 1665 "Of the names of the Cards"
# ---------------------------------------------------------------------------

_BLACK_TRUMPS = "A♠ 2* A♣ K* Q* J* 7* 6* 5* 4* 3*"  # * = the trump suit
_RED_TRUMPS = "A♠ 7* A♣ A* K* Q* J* 2* 3* 4* 5* 6*"
_BLACK_PLAIN = "K Q J 7 6 5 4 3 2"
_RED_PLAIN = "K Q J A 2 3 4 5 6 7"


def _ref_orders(trump: Suit) -> tuple[list[Card], dict[Suit, list[Card]]]:
    pattern = _BLACK_TRUMPS if trump.is_black else _RED_TRUMPS
    trumps = [Card.parse(t.replace("*", trump.value)) if "*" in t else Card.parse(t) for t in pattern.split()]
    plain: dict[Suit, list[Card]] = {}
    for s in SUITS:
        if s is not trump:
            ranks = (_BLACK_PLAIN if s.is_black else _RED_PLAIN).split()
            plain[s] = [Card(r, s) for r in ranks]
    return trumps, plain


def ref_strength(card: Card, trump: Suit) -> tuple[bool, int]:
    trumps, plain = _ref_orders(trump)
    if card in trumps:
        return True, -trumps.index(card)
    return False, -plain[card.suit].index(card)


def ref_suit(card: Card, trump: Suit) -> str:
    return "trump" if ref_strength(card, trump)[0] else card.suit.value


def ref_legal(hand: list[Card], trick: list[Card], trump: Suit) -> set[Card]:
    if not trick:
        return set(hand)
    led = trick[0]
    ls = ref_suit(led, trump)
    if ls != "trump":
        follow = {c for c in hand if ref_suit(c, trump) == ls}
        return follow or set(hand)
    trumps = {c for c in hand if ref_suit(c, trump) == "trump"}
    matadors = set(_ref_orders(trump)[0][:3])
    not_excused = {
        c for c in trumps if not (c in matadors and ref_strength(c, trump) > ref_strength(led, trump))
    }
    return trumps if not_excused else set(hand)


def ref_winner(trick: list[Card], trump: Suit) -> int:
    ls = ref_suit(trick[0], trump)
    counting = [
        (ref_strength(c, trump), i) for i, c in enumerate(trick) if ref_suit(c, trump) in ("trump", ls)
    ]
    return max(counting)[1]


cards_st = st.lists(st.sampled_from(DECK), min_size=1, max_size=12, unique=True)
suit_st = st.sampled_from(SUITS)


@given(
    cards=st.lists(st.sampled_from(DECK), min_size=3, max_size=12, unique=True),
    trump=suit_st,
    n_trick=st.integers(0, 2),
)
@settings(max_examples=400, deadline=None)
def test_rules_legal_plays_match_the_naive_reference(cards: list[Card], trump: Suit, n_trick: int) -> None:
    trick, hand = cards[:n_trick], cards[n_trick:]
    got = legal_plays(hand, trick, trump)
    assert got, "the legal set is never empty"
    assert set(got) == ref_legal(hand, trick, trump)


@given(
    cards=st.lists(st.sampled_from(DECK), min_size=3, max_size=12, unique=True),
    trump=suit_st,
    n_trick=st.integers(0, 2),
)
@settings(max_examples=400, deadline=None)
def test_core_legal_mask_matches_the_rules(cards: list[Card], trump: Suit, n_trick: int) -> None:
    trick, hand = cards[:n_trick], cards[n_trick:]
    tb = _core.TABLES[trump]
    led = tb.code_of[trick[0].index] if trick else -1
    mask = _core.legal_mask(tb.mask(hand), led, tb)
    assert set(_core.codes_to_cards(mask, tb)) == set(legal_plays(hand, trick, trump))


@given(trick=st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True), trump=suit_st)
@settings(max_examples=400, deadline=None)
def test_trick_winner_three_ways(trick: list[Card], trump: Suit) -> None:
    tb = _core.TABLES[trump]
    c0, c1, c2 = (tb.code_of[c.index] for c in trick)
    expected = ref_winner(trick, trump)
    assert trick_winner(trick, trump) == expected
    assert _core.trick_winner_codes(c0, c1, c2, tb) == expected


# ---------------------------------------------------------------------------
# whole random games through the public game state
# ---------------------------------------------------------------------------


def random_policy_game(seed: int, rules: str, pool: Amount | None) -> GameState:
    rng = random.Random(seed)
    game = GameState(Deal.random(seed=seed, dealer=rng.randrange(3)), rules=rules, pool=pool)
    while not game.is_terminal():
        actions = game.legal_actions()
        assert actions, f"no legal action in {game!r}"
        if game.phase is Phase.BIDDING and rng.random() < 0.6:
            actions = [a for a in actions if a != Bid("pass")] or actions
        action = rng.choice(actions)
        if game.phase is Phase.EXCHANGE:
            # prefer small exchanges, as players do, but keep it legal
            assert isinstance(action, Exchange)
            small = [a for a in actions if isinstance(a, Exchange) and len(a.discards) <= rng.randrange(1, 6)]
            action = rng.choice(small or actions)
        game.apply(action)
        check_invariants(game)
    return game


def check_invariants(game: GameState) -> None:
    if game.phase is Phase.PLAY:
        seat, trick = game.current_player, game.current_trick
        assert seat is not None and trick is not None and game.trump is not None
        by_rules = legal_plays(game.hand(seat), trick.cards, game.trump)
        assert by_rules and set(game.legal_cards()) == set(by_rules), "the state agrees with the rules"
    if game.phase in (Phase.PLAY, Phase.VOLE, Phase.FINISHED) and not game.passed_out:
        held = [c for h in game.hands for c in h]
        played = [c for t in game.tricks for c in t.cards]
        trick = game.current_trick
        if trick is not None:
            played += list(trick.cards)
        discarded = [c for d in game.discards for c in d]
        stock = [c for c in game.stock_left if c is not None]
        everything = held + played + discarded + stock
        assert len(everything) == 40 and set(everything) == set(DECK), "40 cards conserved"
        sizes = {len(h) + (1 if trick and trick.card_of(s) else 0) for s, h in enumerate(game.hands)}
        assert len(sizes) == 1, "every seat holds as many cards as the others, counting the trick"


@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.sampled_from(["1665", "court-gamester"]),
    carried=st.integers(0, 40),
)
@settings(max_examples=60, deadline=None)
def test_random_games_keep_the_invariants(seed: int, rules: str, carried: int) -> None:
    rs = get_rules(rules)
    pool = Amount.of(carried, rs.units[-1]) if carried else None
    game = random_policy_game(seed, rules, pool)
    assert game.is_terminal() and game.current_player is None
    settlement = game.settlement()
    total = sum((n for n in settlement.net), Amount()) + settlement.pool_after - settlement.pool_before
    assert not total, "payments plus the change in the pool sum to zero"
    if game.passed_out:
        assert game.tricks == () and game.result is None
        return
    assert game.trump is not None
    assert len(game.tricks) == 9, "nine tricks"
    assert sum(game.tricks_won) == 9
    assert all(len(t.cards) == 3 for t in game.tricks), "three cards a trick"
    for i, t in enumerate(game.tricks):
        winner = ref_winner(list(t.cards), game.trump)
        assert t.winner == (t.leader + winner) % 3, "the winner holds the highest card that counts"
        if i:
            assert t.leader == game.tricks[i - 1].winner, "the winner leads next"
    assert game.tricks[0].leader == game.deal.eldest
    assert game.result is not None


@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=30, deadline=None)
def test_core_playouts_are_legal_games(seed: int) -> None:
    """Every hand the fast core plays is a legal hand under the public rules, with the same tricks."""
    record: list[tuple[bytes, int, list[int]]] = []
    stats = _core.playouts(5, seed=seed, record=record)
    assert stats.hands == 5 and len(record) == 5
    for deal, trump_i, plays in record:
        tb = _core.TABLES_BY_INDEX[trump_i]
        hands = [[DECK[tb.card_of[c]] for c in deal[9 * s : 9 * s + 9]] for s in range(3)]
        game = GameState.from_position(hands, tb.trump, 0, 0, rules="court-gamester")
        assert len(plays) == 27
        for code in plays:
            game.play(DECK[tb.card_of[code]])  # raises IllegalPlayError if the core cheated
        assert game.is_terminal()


def test_core_playout_statistics_are_plausible() -> None:
    """A sanity check on the random playouts (seeded, so exact)."""
    stats = _core.playouts(2000, seed=7)
    assert sum(stats.results.values()) == 2000 == sum(stats.ombre_tricks)
    # with random cards the eldest (who leads) averages about three tricks of nine
    mean = sum(i * n for i, n in enumerate(stats.ombre_tricks)) / 2000
    assert 2.5 < mean < 3.5
    assert stats.results == _core.playouts(2000, seed=7).results


def test_core_playout_choices_are_uniform() -> None:
    """Each card the fast core plays is a uniformly random one of the legal cards.

    Seeded, so the counts are exact and the test cannot flake; the bounds are
    five standard deviations.  The checks: the position of the card played
    among the legal cards (by code) is uniform for every number of legal
    cards; the same for a seat's second and later cards to one block (where a
    choice could lean on the earlier ones), and for the pair of positions when
    both players after the leader must follow (their choices share a random
    word: they must be independent); and when every card is legal, the card
    played is from a block the seat has already followed in as often as the
    number of such cards in hand predicts.
    """
    record: list[tuple[bytes, int, list[int]]] = []
    _core.playouts(5000, seed=11, record=record)
    counts: dict[int, list[int]] = {}
    again: dict[int, list[int]] = {}
    pairs: dict[int, list[int]] = {}  # by k1 * 16 + k2: the pairs of positions, pos1 * k2 + pos2
    observed = expected = variance = 0.0
    for deal, trump_i, plays in record:
        tb = _core.TABLES_BY_INDEX[trump_i]
        hands = [sum(1 << c for c in deal[9 * s : 9 * s + 9]) for s in range(3)]
        followed: list[int] = [0, 0, 0]  # by seat: the blocks (as code masks) already followed in
        leader = 0
        for t in range(9):
            trick = plays[3 * t : 3 * t + 3]
            chosen: list[tuple[int, int]] = []  # (k, position) of the followers who had to follow
            for i, c in enumerate(trick):
                seat = (leader + i) % 3
                legal = _core.legal_mask(hands[seat], trick[0] if i else -1, tb)
                assert legal >> c & 1
                k = legal.bit_count()
                if legal == hands[seat]:
                    if k > 1:
                        p = (legal & followed[seat]).bit_count() / k
                        observed += bool(followed[seat] >> c & 1)
                        expected += p
                        variance += p * (1 - p)
                else:
                    pos = (legal & ((1 << c) - 1)).bit_count()
                    block = tb.follow_mask[c]
                    table = again if followed[seat] & block else counts
                    table.setdefault(k, [0] * k)[pos] += 1
                    followed[seat] |= block
                    if i:
                        chosen.append((k, pos))
                hands[seat] ^= 1 << c
            if len(chosen) == 2:
                (k1, p1), (k2, p2) = chosen
                pairs.setdefault(k1 * 16 + k2, [0] * (k1 * k2))[p1 * k2 + p2] += 1
            leader = (leader + _core.trick_winner_codes(trick[0], trick[1], trick[2], tb)) % 3
    for table, least in ((counts, 10_000), (again, 10_000), (pairs, 2_000)):
        assert sum(map(sum, table.values())) > least
        for row in table.values():
            n, k = sum(row), len(row)
            for hits in row:
                assert abs(hits - n / k) <= 5 * (n * (1 / k) * (1 - 1 / k)) ** 0.5 + 1, (k, row)
    assert variance > 1000
    assert abs(observed - expected) <= 5 * variance**0.5
