"""Exact chances of Ombre deals, and simulations that estimate them.

Every chance here is counted exactly, as a :class:`~fractions.Fraction`,
from the number of ways to deal nine cards out of forty, and can be checked
against a seeded simulation that deals at random.  The two must agree: the
probability lab in the book plots the simulated estimate closing in on the
exact value.

A hand of nine is dealt from the forty cards (1665: three hands of nine and
a stock of thirteen), so there are C(40, 9) = 273,438,880 possible hands for
one player, all equally likely.  The chance that the hand holds ``k`` given
cards out of ``n`` named ones is the hypergeometric count
C(n, k) C(40 - n, 9 - k) / C(40, 9).

>>> hands_count()
273438880
>>> p_holds_card()
Fraction(9, 40)
>>> p_all_matadors()
Fraction(21, 2470)
>>> str(EVENTS["spadille"].exact)
'9/40'
>>> sim = simulate(EVENTS["spadille"], trials=2000, seed=1)
>>> abs(sim.estimate - 9 / 40) < 0.03
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ombre.engine.cards import BASTO, DECK, SPADILLE, Card, Suit, as_suit, card_mask
from ombre.engine.rules import manille, trump_order
from ombre.errors import OmbreError

__all__ = [
    "HAND_SIZE",
    "PACK_SIZE",
    "STOCK_SIZE",
    "ProbabilityError",
    "hands_count",
    "p_holds_card",
    "p_holds_all",
    "p_holds_exactly",
    "p_holds_at_least",
    "p_all_matadors",
    "p_some_matador",
    "p_all_matadors_for_some_trump",
    "trump_count_distribution",
    "p_card_with_player",
    "SimDeal",
    "deal_sample",
    "Event",
    "EVENTS",
    "Simulation",
    "simulate",
    "wilson_interval",
    "t_quantile",
    "mean_interval",
    "sign_flip_p",
    "MEAN_INTERVAL_METHOD",
    "SIGN_FLIP_METHOD",
    "estimate_band",
    "format_fraction",
    "hypergeometric_table",
    "ombre_win_chance",
    "MANILLES",
]

#: Cards in the pack.
PACK_SIZE = 40
#: Cards in each of the three hands as dealt.
HAND_SIZE = 9
#: Cards left in the stock after the deal.
STOCK_SIZE = 13

#: The four possible Manilles, one for each trump suit (2s 2c 7h 7d).
MANILLES: tuple[Card, ...] = tuple(manille(s) for s in Suit)


class ProbabilityError(OmbreError, ValueError):
    """A question that has no answer as asked (e.g. more cards than a hand holds)."""


def hands_count(cards: int = PACK_SIZE, size: int = HAND_SIZE) -> int:
    """How many different hands of ``size`` cards can be dealt from ``cards`` cards.

    >>> hands_count(), hands_count(31, 9)
    (273438880, 20160075)
    """
    if not 0 <= size <= cards:
        raise ProbabilityError(f"cannot deal {size} cards from {cards}")
    return math.comb(cards, size)


def p_holds_exactly(k: int, n: int, *, hand: int = HAND_SIZE, pack: int = PACK_SIZE) -> Fraction:
    """The chance that a ``hand``-card hand holds exactly ``k`` of ``n`` named cards.

    >>> p_holds_exactly(1, 1)
    Fraction(9, 40)
    >>> p_holds_exactly(0, 3) + p_holds_exactly(1, 3) + p_holds_exactly(2, 3) + p_holds_exactly(3, 3)
    Fraction(1, 1)
    """
    if not (0 <= n <= pack and 0 <= hand <= pack):
        raise ProbabilityError(f"{n} named cards or a hand of {hand} do not fit a pack of {pack}")
    if k < 0 or k > n or k > hand or hand - k > pack - n:
        return Fraction(0)
    return Fraction(math.comb(n, k) * math.comb(pack - n, hand - k), math.comb(pack, hand))


def p_holds_at_least(k: int, n: int, *, hand: int = HAND_SIZE, pack: int = PACK_SIZE) -> Fraction:
    """The chance that a hand holds ``k`` or more of ``n`` named cards.

    >>> p_holds_at_least(5, 11)  # five or more trumps of a black suit
    Fraction(8951, 191216)
    """
    return sum((p_holds_exactly(j, n, hand=hand, pack=pack) for j in range(max(k, 0), n + 1)), Fraction(0))


def p_holds_card(card: Card = SPADILLE) -> Fraction:
    """The chance that one player is dealt a particular card: 9/40 whatever the card.

    >>> p_holds_card(Card.parse("Kh"))
    Fraction(9, 40)
    """
    return p_holds_exactly(1, 1)


def p_holds_all(cards: Iterable[Card]) -> Fraction:
    """The chance that one player is dealt every one of ``cards``.

    >>> p_holds_all([SPADILLE, BASTO])
    Fraction(3, 65)
    """
    n = len(set(cards))
    return p_holds_exactly(n, n)


def p_all_matadors(trump: Suit | str = Suit.SPADES) -> Fraction:
    """The chance of being dealt Spadille, Manille and Basto of a given trump.

    The three are three named cards whatever the trump, so the answer is the
    same for every suit: C(37, 6) / C(40, 9) = 21/2470, about once in 118 deals.

    >>> p_all_matadors(Suit.HEARTS) == p_all_matadors(Suit.CLUBS)
    True
    """
    return p_holds_all([SPADILLE, manille(as_suit(trump, "trump")), BASTO])


def p_some_matador(trump: Suit = Suit.SPADES) -> Fraction:
    """The chance of being dealt at least one of the three matadors of a given trump.

    >>> p_some_matador()
    Fraction(1077, 1976)
    """
    return 1 - p_holds_exactly(0, 3)


def p_all_matadors_for_some_trump() -> Fraction:
    """The chance that the hand holds Spadille, Basto and at least one of the four Manilles.

    Such a hand can name a trump that gives it all three matadors.  Counted
    as C(38, 7) - C(34, 7) hands with both black aces and some Manille, out
    of C(40, 9).

    >>> p_all_matadors_for_some_trump()
    Fraction(242, 9139)
    """
    both_aces = math.comb(PACK_SIZE - 2, HAND_SIZE - 2)
    no_manille = math.comb(PACK_SIZE - 2 - len(MANILLES), HAND_SIZE - 2)
    return Fraction(both_aces - no_manille, hands_count())


def trump_count_distribution(trump: Suit) -> list[Fraction]:
    """The chance of being dealt exactly 0, 1, ..., 9 trumps when ``trump`` is named.

    A black suit has eleven trumps, a red one twelve (1665).

    >>> dist = trump_count_distribution(Suit.HEARTS)
    >>> len(dist), sum(dist)
    (10, Fraction(1, 1))
    >>> trump_count_distribution(Suit.SPADES)[9] < dist[9]
    True
    """
    n = len(trump_order(trump))
    return [p_holds_exactly(k, n) for k in range(HAND_SIZE + 1)]


def p_card_with_player(unseen: int = PACK_SIZE - HAND_SIZE, hand: int = HAND_SIZE) -> Fraction:
    """The chance that one unseen card lies in a given other player's hand.

    From your seat, ``unseen`` cards are hidden (31 before the exchange: two
    hands of nine and the stock of thirteen), and any one of them is in a
    given opponent's hand with chance ``hand / unseen``.

    >>> p_card_with_player()
    Fraction(9, 31)
    """
    if not 0 < hand <= unseen:
        raise ProbabilityError(f"a hand of {hand} among {unseen} unseen cards is impossible")
    return Fraction(hand, unseen)


# ---------------------------------------------------------------------------
# Simulation
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SimDeal:
    """A random deal as bit sets: three hands of nine (seat 0 first) and the stock of thirteen."""

    hands: tuple[int, int, int]
    stock: int

    def holds(self, seat: int, card: Card) -> bool:
        """True if ``seat`` was dealt ``card``."""
        return bool(self.hands[seat] >> card.index & 1)

    def count(self, seat: int, cards: Iterable[Card] | int) -> int:
        """How many of ``cards`` (cards, or a bit set of them) were dealt to ``seat``."""
        mask = cards if isinstance(cards, int) else card_mask(cards)
        return (self.hands[seat] & mask).bit_count()


_BITS = tuple(1 << i for i in range(PACK_SIZE))


def deal_sample(rng: random.Random) -> SimDeal:
    """Shuffle the forty cards with ``rng`` and deal three hands of nine and a stock.

    >>> d = deal_sample(random.Random(3))
    >>> [bin(h).count("1") for h in d.hands], bin(d.stock).count("1")
    ([9, 9, 9], 13)
    """
    order = rng.sample(_BITS, PACK_SIZE)
    return SimDeal((sum(order[0:9]), sum(order[9:18]), sum(order[18:27])), sum(order[27:]))


@dataclass(frozen=True)
class Event:
    """A question about the deal to seat 0, with its exact chance and a test for one deal."""

    key: str
    description: str
    exact: Fraction
    occurs: Callable[[SimDeal], bool]
    working: str = ""


def _trump_cards(trump: Suit) -> tuple[Card, ...]:
    return trump_order(trump)


_KINGS = card_mask(c for c in DECK if c.rank == "K")
_HEART_TRUMPS = card_mask(_trump_cards(Suit.HEARTS))
_SPADE_MATADORS = card_mask((SPADILLE, manille(Suit.SPADES), BASTO))
_MANILLE_MASK = card_mask(MANILLES)
_BLACK_ACES = card_mask((SPADILLE, BASTO))
_SPADILLE_BIT = SPADILLE.bit

#: The questions of the probability lab, each with its exact answer.
EVENTS: dict[str, Event] = {
    e.key: e
    for e in (
        Event(
            "spadille",
            "You are dealt Spadille (the Ace of Spades).",
            p_holds_card(SPADILLE),
            lambda d: bool(d.hands[0] & _SPADILLE_BIT),
            "9 of the 40 cards come to you, so any one card is yours with chance 9/40.",
        ),
        Event(
            "all-matadors",
            "You are dealt all three matadors for spades (Spadille, Manille 2♠, Basto).",
            p_all_matadors(Suit.SPADES),
            lambda d: d.count(0, _SPADE_MATADORS) == 3,
            "Hands with the three named cards: C(37, 6); all hands: C(40, 9).",
        ),
        Event(
            "some-matador",
            "You are dealt at least one matador for spades.",
            p_some_matador(Suit.SPADES),
            lambda d: d.count(0, _SPADE_MATADORS) >= 1,
            "One minus the chance of none: 1 - C(37, 9) / C(40, 9).",
        ),
        Event(
            "matadors-any-trump",
            "You are dealt Spadille, Basto and a Manille, so some trump gives you all three matadors.",
            p_all_matadors_for_some_trump(),
            lambda d: d.hands[0] & _BLACK_ACES == _BLACK_ACES and bool(d.hands[0] & _MANILLE_MASK),
            "Hands with both black aces, C(38, 7), less those with no Manille, C(34, 7).",
        ),
        Event(
            "five-heart-trumps",
            "You are dealt five or more of the twelve trumps when hearts are trumps.",
            p_holds_at_least(5, _HEART_TRUMPS.bit_count()),
            lambda d: d.count(0, _HEART_TRUMPS) >= 5,
            "Sum over k = 5..9 of C(12, k) C(28, 9 - k) / C(40, 9).",
        ),
        Event(
            "three-kings",
            "You are dealt three or four kings.",
            p_holds_at_least(3, 4),
            lambda d: d.count(0, _KINGS) >= 3,
            "[C(4, 3) C(36, 6) + C(4, 4) C(36, 5)] / C(40, 9).",
        ),
    )
}


@dataclass(frozen=True)
class Simulation:
    """The outcome of a simulation: hits out of trials, and the running estimate along the way."""

    hits: int
    trials: int
    path: tuple[tuple[int, float], ...] = field(default=())

    @property
    def estimate(self) -> float:
        """Hits divided by trials."""
        return self.hits / self.trials if self.trials else math.nan

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval (95% by default) for the true chance."""
        return wilson_interval(self.hits, self.trials, z)


def wilson_interval(hits: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``(low, high)``.

    >>> lo, hi = wilson_interval(45, 200)
    >>> round(lo, 3), round(hi, 3)
    (0.173, 0.288)
    """
    if trials <= 0:
        raise ProbabilityError("an interval needs at least one trial")
    if not 0 <= hits <= trials:
        raise ProbabilityError(f"{hits} hits out of {trials} trials is impossible")
    p = hits / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _t_central(t: float, df: int) -> float:
    """P(-t < T < t) for Student's t with ``df`` degrees of freedom, by the finite series for a whole
    number of degrees of freedom (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(2, df, 2):
            term *= c2 * (k - 1) / k
            total += term
        return math.sin(theta) * total
    if df == 1:
        return 2 * theta / math.pi
    term, total = math.cos(theta), math.cos(theta)
    for k in range(3, df, 2):
        term *= c2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * total)


def t_quantile(df: int, level: float = 0.95) -> float:
    """The two-sided critical value of Student's t: ``P(|T| < t) = level`` with ``df`` degrees of freedom.

    >>> round(t_quantile(1), 3), round(t_quantile(2), 3), round(t_quantile(23), 4), round(t_quantile(1000), 2)
    (12.706, 4.303, 2.0687, 1.96)
    """
    if df < 1:
        raise ProbabilityError(f"Student's t needs at least one degree of freedom, not {df}")
    if not 0 < level < 1:
        raise ProbabilityError(f"a confidence level lies between 0 and 1, not {level}")
    lo, hi = 0.0, 1.0
    while _t_central(hi, df) < level:
        hi *= 2
    for _ in range(200):  # bisection: the series is increasing in t
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _t_central(mid, df) < level else (lo, mid)
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2


#: How :func:`mean_interval` computes its interval, in words for the pages that show one.
MEAN_INTERVAL_METHOD = "Student's t interval for the mean, with the deals as the independent units"


def mean_interval(xs: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``xs`` and its Student's t confidence interval ``(mean, low, high)``.

    The t interval, not the normal one (z = 1.96), because a match has a few dozen deals, and many of them
    count exactly 0: it is wider, by 2.0687 against 1.96 for 24 values.

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 0.446, 4.554]
    """
    n = len(xs)
    if n < 2:
        raise ProbabilityError("a confidence interval needs at least two values")
    m = statistics.fmean(xs)
    half = t_quantile(n - 1, level) * statistics.stdev(xs) / math.sqrt(n)
    return m, m - half, m + half


#: How :func:`sign_flip_p` tests, in words for the pages that show it.
SIGN_FLIP_METHOD = (
    "a sign-flip (randomisation) test of the paired differences: if neither player were better, each "
    "deal's difference would be as likely to have the other sign"
)

#: Up to this many non-zero differences :func:`sign_flip_p` counts every assignment of signs.
SIGN_FLIP_EXACT = 16


def sign_flip_p(xs: Sequence[float], draws: int = 20_000, seed: int = 0) -> float:
    """The two-sided p-value of the sign-flip test that the paired differences ``xs`` centre on zero.

    Each difference keeps its size and takes either sign, and the p-value is the share of those sign
    patterns whose total is at least as far from zero as the observed one.  Differences of exactly 0
    (the deals on which the two players did the same) count for nothing either way, so a match full
    of them is not taken as evidence.  Up to :data:`SIGN_FLIP_EXACT` non-zero differences every
    pattern is counted; beyond that ``draws`` patterns are dealt with ``seed`` (and the p-value is
    ``(k + 1) / (draws + 1)``, never 0).

    >>> sign_flip_p([1.0, 2.0, 3.0]), sign_flip_p([0.0, 0.0]), sign_flip_p([5.0, -5.0, 0.0])
    (0.25, 1.0, 1.0)
    >>> sign_flip_p([1.0] * 20, draws=999) == 1 / 1000
    True
    """
    nz = [abs(x) for x in xs if x != 0]
    if not nz:
        return 1.0
    observed = abs(sum(x for x in xs if x != 0)) - 1e-9 * sum(nz)  # ties count as extreme
    if len(nz) <= SIGN_FLIP_EXACT:
        n = len(nz)
        extreme = 0
        for mask in range(1 << n):
            total = sum(v if mask >> i & 1 else -v for i, v in enumerate(nz))
            extreme += abs(total) >= observed
        return extreme / (1 << n)
    rng = random.Random(f"sign-flip-{seed}")
    extreme = sum(abs(sum(v if rng.random() < 0.5 else -v for v in nz)) >= observed for _ in range(draws))
    return (extreme + 1) / (draws + 1)


def estimate_band(p: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Where 95% of estimates of the chance ``p`` from ``trials`` deals fall: ``(low, high)``.

    >>> lo, hi = estimate_band(0.5, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.402, 0.598)
    """
    if trials <= 0:
        raise ProbabilityError("a band needs at least one trial")
    half = z * math.sqrt(p * (1 - p) / trials)
    return max(0.0, p - half), min(1.0, p + half)


def _checkpoints(trials: int, points: int) -> list[int]:
    """Roughly log-spaced trial counts ending at ``trials``, for plotting convergence."""
    if points <= 1:
        return [trials]
    marks = {max(1, round(trials ** (i / (points - 1)))) for i in range(points)}
    marks.add(trials)
    return sorted(marks)


def simulate(
    event: Event | Callable[[SimDeal], bool],
    trials: int,
    seed: int,
    *,
    points: int = 40,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Deal ``trials`` random deals (seeded) and count those where ``event`` occurs.

    ``path`` records the running estimate at about ``points`` log-spaced trial
    counts.  ``progress(done, total)``, if given, is called every 1% or so (for
    a progress bar; nothing is printed otherwise).

    >>> s = simulate(EVENTS["three-kings"], trials=500, seed=7, points=5)
    >>> s.trials, [n for n, _ in s.path]
    (500, [1, 5, 22, 106, 500])
    """
    if trials <= 0:
        raise ProbabilityError(f"a simulation needs a positive number of trials, not {trials}")
    occurs = event.occurs if isinstance(event, Event) else event
    rng = random.Random(seed)
    marks = _checkpoints(trials, points)
    step = max(1, trials // 100)
    path: list[tuple[int, float]] = []
    hits = 0
    nxt = 0
    for n in range(1, trials + 1):
        if occurs(deal_sample(rng)):
            hits += 1
        if n == marks[nxt]:
            path.append((n, hits / n))
            nxt = min(nxt + 1, len(marks) - 1)
        if progress is not None and (n % step == 0 or n == trials):
            progress(n, trials)
    return Simulation(hits, trials, tuple(path))


def format_fraction(p: Fraction, digits: int = 4) -> str:
    """A chance as a fraction, a decimal and "about 1 in N": ``9/40 = 0.2250 (about 1 in 4)``.

    >>> format_fraction(Fraction(21, 2470))
    '21/2470 = 0.0085 (about 1 in 118)'
    """
    if p <= 0:
        return "0"
    return f"{p.numerator}/{p.denominator} = {float(p):.{digits}f} (about 1 in {round(1 / p)})"


def hypergeometric_table(n: int, ks: Sequence[int]) -> list[tuple[int, Fraction]]:
    """``(k, chance of exactly k)`` rows for holding ``k`` of ``n`` named cards.

    >>> hypergeometric_table(4, [0, 4])
    [(0, Fraction(6293, 18278)), (4, Fraction(63, 45695))]
    """
    return [(k, p_holds_exactly(k, n)) for k in ks]


def ombre_win_chance(
    hand: Iterable[Card],
    trump: Suit,
    trials: int,
    seed: int,
    *,
    opponents: str = "rule-of-thumb",
    rules: str = "1665",
    points: int = 30,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Estimate how often the eldest hand wins as the Ombre with ``hand`` and ``trump``.

    The other 31 cards are dealt at random ``trials`` times (seeded).  In
    each deal the holder of ``hand`` plays, names ``trump`` and exchanges by
    the 1665 rule of thumb; the other two pass and defend with computer
    players of kind ``opponents`` (see :mod:`ombre.engine.players`), and the Ombre
    plays by the rule of thumb.  A hit is a win (or the vole).  There is no
    exact count to compare with: the answer depends on how everyone plays.

    >>> from ombre.engine.cards import parse_cards
    >>> sim = ombre_win_chance(parse_cards("As 2s Ac Ks Kc Kh Qh 2d 3d"), Suit.SPADES, 20, seed=1)
    >>> sim.trials, 0.5 < sim.estimate <= 1.0
    (20, True)
    """
    from ombre.engine.game import Bid, Deal, GameState, NameTrump, Phase
    from ombre.engine.players import Player, RuleOfThumbPlayer, make_player

    mine = tuple(dict.fromkeys(hand))
    if len(mine) != HAND_SIZE:
        raise ProbabilityError(f"a hand has nine different cards, not {len(mine)}")
    if trials <= 0:
        raise ProbabilityError(f"a simulation needs a positive number of trials, not {trials}")
    rng = random.Random(seed)
    rest = [c for c in DECK if c not in mine]
    players: dict[int, Player] = {0: RuleOfThumbPlayer()}
    players.update({s: make_player(opponents, seed + s) for s in (1, 2)})
    marks = _checkpoints(trials, points)
    step = max(1, trials // 100)
    path: list[tuple[int, float]] = []
    hits = 0
    nxt = 0
    for n in range(1, trials + 1):
        cards = rng.sample(rest, len(rest))
        hands = (mine, tuple(cards[:9]), tuple(cards[9:18]))
        state = GameState(Deal(hands, tuple(cards[18:]), dealer=2), rules=rules)
        state.apply(Bid("play"))
        while state.phase is Phase.BIDDING:
            state.apply(Bid("pass"))
        state.apply(NameTrump(trump))
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(players[seat].choose(state.view(seat)))
        if state.result is not None and state.result.ombre_wins:
            hits += 1
        if n == marks[nxt]:
            path.append((n, hits / n))
            nxt = min(nxt + 1, len(marks) - 1)
        if progress is not None and (n % step == 0 or n == trials):
            progress(n, trials)
    return Simulation(hits, trials, tuple(path))
