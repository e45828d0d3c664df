"""Computer players: random, rule-of-thumb (the 1665 advice), and perfect-information Monte Carlo.

Every player sees only what its seat may see: :meth:`Player.choose` is given
the seat's :class:`~ombre.engine.game.SeatView` and returns one of its legal
actions.  :func:`play_hand` seats three players at a deal and plays the hand
to the end.

* :class:`RandomPlayer` picks a legal action at random (seeded).
* :class:`RuleOfThumbPlayer` follows the advice of *The Royal Game of the
  Ombre* (1665): play only with three sure tricks, counting kings "as good as
  Trumps"; between trump suits prefer black, and a suit whose king you lack;
  in the exchange keep only trumps and kings; as the Ombre draw trumps with
  the matadors and count them; as a defender take tricks from the Ombre, not
  from your fellow.  The reckoning it uses is public (:func:`reckon`,
  :func:`advised_trump`, :func:`advised_bid`, :func:`advised_discards`) so
  the exercises and the play widget can explain it.
* :class:`MonteCarloPlayer` bids and exchanges like the rule-of-thumb player
  but chooses its cards by perfect-information Monte Carlo: it deals the
  cards it cannot see at random, consistently with everything its seat has
  seen (the cards played, and the suits each player has shown he lacks),
  asks an evaluator what each of its legal cards is worth in every such
  world, and plays the card with the best average.  The evaluator is the
  double-dummy solver of :mod:`ombre.engine.solver` (:class:`SolverEvaluator`).

>>> from ombre.engine.game import Deal
>>> state = play_hand(Deal.random(seed=5), [RuleOfThumbPlayer(), RuleOfThumbPlayer(), RandomPlayer(seed=1)])
>>> state.is_terminal()
True
>>> r = reckon(parse_cards("As 2s Ac Kh 4d 5d 6c 7c Qh"), Suit.SPADES)
>>> r.sure_tricks, advised_bid(parse_cards("As 2s Ac Kh 4d 5d 6c 7c Qh"))
(4, 'play')
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ombre.engine.cards import DECK, SUITS, Card, Suit, format_cards, parse_cards  # noqa: F401 (doctests)
from ombre.engine.game import (
    Action,
    Bid,
    Deal,
    DeclareVole,
    Exchange,
    GameState,
    NameTrump,
    Phase,
    Play,
    SeatView,
    Trick,
)
from ombre.engine.probability import mean_interval, sign_flip_p
from ombre.engine.rules import (
    beats,
    card_order,
    effective_suit,
    is_matador,
    is_trump,
    matadors,
    trick_winner,
    trump_order,
)
from ombre.engine.rulesets import get_rules
from ombre.engine.solver import Objective, Position, Solver
from ombre.errors import OmbreError

__all__ = [
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "MonteCarloPlayer",
    "Evaluator",
    "SolverEvaluator",
    "Reckoning",
    "reckon",
    "advised_trump",
    "trump_candidates",
    "trump_preference",
    "advised_bid",
    "advised_discards",
    "hint",
    "choose_card",
    "describe_hand",
    "play_hand",
    "sample_world",
    "hidden_constraints",
    "strength",
    "PLAYER_KINDS",
    "make_player",
    "tournament",
    "TournamentResult",
    "match",
    "MatchResult",
    "mean_interval",
]


class Player(Protocol):
    """A computer player: given its seat's view, return a legal action."""

    name: str

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal_actions``."""
        ...


# ---------------------------------------------------------------------------
# The rule of thumb: sure tricks reckoned after the 1665 advice
# ---------------------------------------------------------------------------


def strength(card: Card, trump: Suit) -> int:
    """A card's strength in play: trumps above everything, each suit in its own order.

    >>> strength(Card.parse("As"), Suit.HEARTS) > strength(Card.parse("Kh"), Suit.HEARTS)
    True
    >>> strength(Card.parse("2d"), Suit.SPADES) > strength(Card.parse("7d"), Suit.SPADES)  # red: low is high
    True
    """
    return _STRENGTH[trump][card.index]


def _strength_table(trump: Suit) -> tuple[int, ...]:
    table = [0] * 40
    for s in SUITS:
        order = card_order(s, trump)
        for i, c in enumerate(order):
            table[c.index] = (100 if s is trump else 0) + len(order) - i
    return tuple(table)


_STRENGTH: dict[Suit, tuple[int, ...]] = {t: _strength_table(t) for t in SUITS}


@dataclass(frozen=True)
class Reckoning:
    """A hand reckoned by the 1665 advice for one trump suit.

    ``sure_tricks`` = matadors held + kings of the plain suits ("the Kings of
    any Suit are alwayes accounted as good as Trumps") + one for every two
    other trumps ("six or seven good Trumps without them" make three sure
    tricks).  1665, "What Games are to be played": "One is never to play
    unless he have three sure Tricks in his hand at least, as the three
    Matadors, or six or seven good Trumps without them".
    """

    trump: Suit
    matadors: tuple[Card, ...]
    kings: tuple[Card, ...]
    other_trumps: tuple[Card, ...]
    rest: tuple[Card, ...]

    @property
    def trumps(self) -> tuple[Card, ...]:
        """Every trump in the hand, highest first."""
        return tuple(sorted(self.matadors + self.other_trumps, key=lambda c: -strength(c, self.trump)))

    @property
    def sure_tricks(self) -> int:
        return len(self.matadors) + len(self.kings) + len(self.other_trumps) // 2

    def explain(self) -> str:
        """The reckoning in words.

        >>> print(reckon(parse_cards("As Ac Kd Qs 5s 3h 4h 5h 6h"), Suit.SPADES).explain())
        spades trumps: 2 matadors (A♠ A♣), 1 king (K♦), 2 other trumps (Q♠ 5♠) count 1: 4 sure tricks
        """
        m = len(self.matadors)
        k = len(self.kings)
        o = len(self.other_trumps)
        parts = [
            f"{m} matador{'s' if m != 1 else ''}" + (f" ({_symbols(self.matadors)})" if m else ""),
            f"{k} king{'s' if k != 1 else ''}" + (f" ({_symbols(self.kings)})" if k else ""),
            f"{o} other trump{'s' if o != 1 else ''}"
            + (f" ({_symbols(self.other_trumps)}) count {o // 2}" if o else ""),
        ]
        n = self.sure_tricks
        return f"{self.trump.plural} trumps: " + ", ".join(parts) + f": {n} sure trick{'s' if n != 1 else ''}"


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def reckon(hand: Iterable[Card], trump: Suit) -> Reckoning:
    """Reckon ``hand`` with ``trump`` named, by the 1665 advice (see :class:`Reckoning`).

    >>> reckon(parse_cards("As 2s Ac Kc Kh 3d 4d 5d 6d"), Suit.SPADES).sure_tricks
    5
    """
    cards = sorted(set(hand), key=lambda c: -strength(c, trump))
    mats = tuple(c for c in cards if is_matador(c, trump))
    others = tuple(c for c in cards if is_trump(c, trump) and not is_matador(c, trump))
    kings = tuple(c for c in cards if c.rank == "K" and not is_trump(c, trump))
    rest = tuple(c for c in cards if c not in mats and c not in others and c not in kings)
    return Reckoning(trump, mats, kings, others, rest)


def trump_candidates(hand: Iterable[Card]) -> list[Reckoning]:
    """The four trump suits reckoned, best first by the 1665 advice.

    Order: more sure tricks; then more trumps; then black before red ("the
    Black Suit is to be preferr'd before the Red, because there are fewer
    Trumps of it"); then a suit whose king you lack ("you are rather to choose
    that Suit of which you have not the King, because besides your three
    Trumps, you have a King, which is as good as a fourth"), 1665 "Of taking
    in" 4.  (The king rule is mostly already in the count: a king of another
    suit counts a whole trick, the trump king only half.)

    >>> [r.trump.value for r in trump_candidates(parse_cards("As Ac Kh 3d 4d 5c 6c Qh Jh"))]
    ['c', 'd', 'h', 's']
    """
    cards = list(hand)
    reckonings = [reckon(cards, s) for s in SUITS]
    return sorted(reckonings, key=lambda r: (*trump_preference(r, cards), SUITS.index(r.trump)))


def trump_preference(r: Reckoning, hand: Iterable[Card]) -> tuple[int, int, int, int]:
    """The 1665 order of preference between trump suits as a sort key (smaller is better):
    more sure tricks, more trumps, black before red, a suit whose king you lack.

    >>> h = parse_cards("As Ac 4s 5s 2h 5h 4c Jc 4d")
    >>> trump_preference(reckon(h, Suit.SPADES), h), trump_preference(reckon(h, Suit.HEARTS), h)
    ((-3, -4, 0, 0), (-3, -4, 1, 0))
    """
    holds_king = any(c.rank == "K" and c.suit is r.trump for c in hand)
    return (-r.sure_tricks, -len(r.trumps), 0 if r.trump.is_black else 1, 1 if holds_king else 0)


def advised_trump(hand: Iterable[Card]) -> Suit:
    """The trump the 1665 advice would name for ``hand`` (see :func:`trump_candidates`).

    >>> advised_trump(parse_cards("As Ac Kh 3d 4d 5c 6c Qh Jh"))
    <Suit.CLUBS: 'c'>
    """
    return trump_candidates(hand)[0].trump


def advised_bid(hand: Iterable[Card], *, sans_prendre_at: int = 6) -> str:
    """``"pass"``, ``"play"`` (three sure tricks or more) or ``"sans-prendre"`` (a sure game).

    1665: "he is never to take in, or play, unless he have three sure Tricks in
    his hand at least"; "When one has a sure Game in his hand, he is to play
    without taking in".  A sure game is taken here as ``sans_prendre_at`` sure
    tricks or more.

    >>> advised_bid(parse_cards("5s 6s 5d 6d 7d 3h 4h 5h 6c"))
    'pass'
    >>> advised_bid(parse_cards("As 2s 5d 6d 7d 3h 4h 5h 6h"))  # hearts: Spadille and four small trumps
    'play'
    """
    best = trump_candidates(hand)[0]
    if best.sure_tricks >= sans_prendre_at:
        return "sans-prendre"
    return "play" if best.sure_tricks >= 3 else "pass"


def advised_discards(hand: Iterable[Card], trump: Suit, *, most: int = 9, least: int = 0) -> tuple[Card, ...]:
    """The cards to throw out in the exchange: everything but trumps and kings, weakest first.

    1665, "What Games are to be played": "all other Cards but them [kings]
    and Trumps, are to be discarded".  At most ``most`` cards (what the stock
    still holds), at least ``least`` (the Ombre must take in at least one
    card): if the rule leaves fewer, the weakest kings and trumps go too.

    >>> format_cards(advised_discards(parse_cards("As 2s Ac Kh 4d 5d 6c 7c Qh"), Suit.SPADES))
    '5d 4d 6c 7c Qh'
    >>> format_cards(advised_discards(parse_cards("As 2s Ac Kh 4d 5d 6c 7c Qh"), Suit.SPADES, most=2))
    '5d 4d'
    """
    cards = list(dict.fromkeys(hand))
    r = reckon(cards, trump)
    # weakest first: plain cards by strength, then kings, then trumps from the bottom
    throw = sorted(r.rest, key=lambda c: (strength(c, trump), c.index))
    keep_order = sorted(r.kings, key=lambda c: c.index) + sorted(r.trumps, key=lambda c: strength(c, trump))
    if len(throw) < least:
        throw += keep_order[: least - len(throw)]
    return tuple(throw[:most])


# ---------------------------------------------------------------------------
# Reading a view
# ---------------------------------------------------------------------------


def _unplayed_order(view: SeatView, suit: Suit) -> list[Card]:
    """The cards of ``suit`` (as it counts in play) not yet played, highest first."""
    assert view.trump is not None
    return [c for c in card_order(suit, view.trump) if c not in view.played]


def _is_master(card: Card, view: SeatView) -> bool:
    """True if no unplayed card outside our hand can beat ``card`` in its own suit."""
    assert view.trump is not None
    suit = effective_suit(card, view.trump)
    for c in _unplayed_order(view, suit):
        if c == card:
            return True
        if c not in view.hand:
            return False
    return True


def _trumps_out(view: SeatView) -> int:
    """Trumps neither played nor in our hand (they may be in other hands or out of play)."""
    assert view.trump is not None
    return sum(1 for c in trump_order(view.trump) if c not in view.played and c not in view.hand)


def hidden_constraints(view: SeatView) -> dict[int, frozenset[Card]]:
    """For each other seat, the cards it cannot hold, from the suits it has failed to follow.

    A player who did not follow a plain suit holds none of it; one who did not
    follow a trump lead holds no trump but (perhaps) matadors above the card
    led, which the matadors' privilege let him keep (1665, "Of playing Trumps").
    """
    if view.trump is None:
        return {s: frozenset() for s in range(3) if s != view.seat}
    trump = view.trump
    banned: dict[int, set[Card]] = {s: set() for s in range(3) if s != view.seat}
    tricks: list[Trick] = list(view.tricks)
    if view.current_trick is not None and view.current_trick.cards:
        tricks.append(view.current_trick)
    for t in tricks:
        led = t.cards[0]
        led_suit = effective_suit(led, trump)
        for seat, c in zip(t.seats[1:], t.cards[1:], strict=True):
            if seat == view.seat or effective_suit(c, trump) is led_suit:
                continue
            if led_suit is trump:
                keep = {m for m in matadors(trump) if strength(m, trump) > strength(led, trump)}
                banned[seat].update(x for x in trump_order(trump) if x not in keep)
            else:
                banned[seat].update(card_order(led_suit, trump))
    return {s: frozenset(b) for s, b in banned.items()}


def _hand_sizes(view: SeatView) -> tuple[int, int, int]:
    """How many cards each seat holds now (play phase): one fewer for those who played to this trick."""
    played_now = view.current_trick.seats if view.current_trick is not None else ()
    n = len(view.hand) + (view.seat in played_now)
    return (n - (0 in played_now), n - (1 in played_now), n - (2 in played_now))


Hands3 = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def sample_world(view: SeatView, rng: random.Random) -> Hands3:
    """Deal the cards ``view``'s seat cannot see to the other two hands, uniformly among the deals
    consistent with what it has seen (cards played, its own hand and discards, shown voids).

    The cards not dealt to a hand are out of play (the other players' discards
    and the stock).  Raises :class:`~ombre.errors.OmbreError` outside the play
    phase or if no consistent deal exists.

    >>> pos = GameState.from_position(
    ...     hands=[parse_cards("Kh Qd"), parse_cards("2s 3h"), parse_cards("Jc 4d")],
    ...     trump=Suit.SPADES, ombre=0, leader=0)
    >>> pos.play("Kh"); pos.play("3h"); pos.play("Jc")   # seat 2 shows it has no hearts
    >>> hands = sample_world(pos.view(1), random.Random(0))
    >>> format_cards(hands[1]), len(hands[0]), len(hands[2])
    ('2s', 1, 1)
    >>> any(c.suit is Suit.HEARTS for c in hands[2])
    False
    """
    if view.phase not in (Phase.PLAY, Phase.VOLE) or view.trump is None:
        raise OmbreError("worlds can be sampled only once play has begun")
    sizes = _hand_sizes(view)
    me = view.seat
    a, b = [s for s in range(3) if s != me]
    seen = set(view.hand) | set(view.played) | set(view.discards)
    unseen = [c for c in DECK if c not in seen]
    banned = hidden_constraints(view)
    na, nb = sizes[a], sizes[b]
    only_a = [c for c in unseen if c in banned[b] and c not in banned[a]]
    only_b = [c for c in unseen if c in banned[a] and c not in banned[b]]
    both = [c for c in unseen if c not in banned[a] and c not in banned[b]]
    # count the consistent deals for each split of the free cards, then pick one split by weight
    options: list[tuple[int, int, int]] = []
    weights: list[int] = []
    for ka in range(0, na + 1):  # cards of `both` that go to a
        ra = na - ka
        if ra > len(only_a) or ka > len(both):
            continue
        for kb in range(0, nb + 1):
            rb = nb - kb
            if rb > len(only_b) or ka + kb > len(both):
                continue
            w = math.comb(len(only_a), ra) * math.comb(len(only_b), rb) * math.comb(len(both), ka)
            w *= math.comb(len(both) - ka, kb)
            if w:
                options.append((ka, kb, 0))
                weights.append(w)
    if not options:
        raise OmbreError("no deal of the unseen cards agrees with what this seat has seen")
    ka, kb, _ = rng.choices(options, weights=weights)[0]
    free = rng.sample(both, len(both))
    hand_a = rng.sample(only_a, na - ka) + free[:ka]
    hand_b = rng.sample(only_b, nb - kb) + free[ka : ka + kb]
    hands: list[tuple[Card, ...]] = [(), (), ()]
    hands[me] = tuple(view.hand)
    hands[a] = tuple(sorted(hand_a, key=lambda c: c.index))
    hands[b] = tuple(sorted(hand_b, key=lambda c: c.index))
    return (hands[0], hands[1], hands[2])


# ---------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------


class RandomPlayer:
    """Plays a random legal action (seeded): the baseline.

    >>> from ombre.engine.game import Deal, GameState
    >>> RandomPlayer(seed=3).choose(GameState(Deal.random(seed=1)).view(1))
    Bid(kind='pass')
    """

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        if not view.legal_actions:
            raise OmbreError(f"seat {view.seat} has no move to make now")
        return self._rng.choice(view.legal_actions)


class RuleOfThumbPlayer:
    """Plays by the 1665 advice (see the module docstring); deterministic.

    >>> from ombre.engine.game import Deal, GameState
    >>> view = GameState(Deal.random(seed=1)).view(1)
    >>> format_cards(view.hand), RuleOfThumbPlayer().choose(view)
    ('2s 3s 6s Ks 2c Jc 4h 3d Jd', Bid(kind='pass'))
    """

    def __init__(self, name: str = "rule of thumb", *, sans_prendre_at: int = 6) -> None:
        self.name = name
        self.sans_prendre_at = sans_prendre_at

    def choose(self, view: SeatView) -> Action:
        if not view.legal_actions:
            raise OmbreError(f"seat {view.seat} has no move to make now")
        if view.phase is Phase.BIDDING:
            return self._bid(view)
        if view.phase is Phase.TRUMP:
            return NameTrump(advised_trump(view.hand))
        if view.phase is Phase.EXCHANGE:
            return self._exchange(view)
        if view.phase is Phase.VOLE:
            return DeclareVole(self._sure_of_vole(view))
        return Play(choose_card(view))

    def _bid(self, view: SeatView) -> Action:
        return _bid_for(view.hand, view.legal_actions, self.sans_prendre_at)

    def _exchange(self, view: SeatView) -> Action:
        assert view.trump is not None and view.ombre is not None
        sizes = [len(a.discards) for a in view.legal_actions if isinstance(a, Exchange)]
        return _exchange_for(
            view.hand, view.trump, view.seat, view.ombre, min(sizes), max(sizes), view.stock_left
        )

    def _sure_of_vole(self, view: SeatView) -> bool:
        assert view.trump is not None
        return all(_is_master(c, view) for c in view.hand) and _trumps_out(view) == 0


def _bid_for(hand: Sequence[Card], legal: Iterable[Action], sans_prendre_at: int) -> Bid:
    """The rule-of-thumb bid (:func:`advised_bid`), or the best one below it that is still open."""
    want = advised_bid(hand, sans_prendre_at=sans_prendre_at)
    allowed = {a.kind for a in legal if isinstance(a, Bid)}
    if want == "sans-prendre" and "sans-prendre" in allowed:
        return Bid("sans-prendre")
    if want in ("play", "sans-prendre") and "play" in allowed:
        return Bid("play")
    return Bid("pass")


def _exchange_for(
    hand: Sequence[Card], trump: Suit, seat: int, ombre: int, least: int, most: int, stock_left: int
) -> Exchange:
    """The rule-of-thumb exchange: keep trumps and kings; the first defender leaves three for his fellow.

    1665: "no good Cards may lye dormant in the Stock"; Morley: the first
    defender "usually leaves some" for the other.
    """
    if seat != ombre and (ombre + 1) % 3 == seat:
        most = max(least, min(most, stock_left - 3))
    return Exchange(advised_discards(hand, trump, most=most, least=least))


def _lowest(cards: Sequence[Card], trump: Suit) -> Card:
    """The card to throw away: plain before trumps, non-kings before kings, weakest first."""
    return min(cards, key=lambda c: (is_trump(c, trump), c.rank == "K", strength(c, trump), c.index))


def choose_card(view: SeatView) -> Card:
    """The rule-of-thumb choice of card (see :class:`RuleOfThumbPlayer`)."""
    assert view.trump is not None and view.current_trick is not None
    trump = view.trump
    legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
    if len(legal) == 1:
        return legal[0]
    trick = view.current_trick
    me = view.seat
    ombre = view.ombre
    if not trick.cards:
        return _lead(view, legal)
    led_suit = effective_suit(trick.cards[0], trump)
    best = trick.cards[trick_winner(trick.cards, trump)]
    winner = trick.winner
    partner_winning = me != ombre and winner != ombre
    last = len(trick.cards) == 2
    winners = sorted((c for c in legal if beats(c, best, led_suit, trump)), key=lambda c: strength(c, trump))
    if partner_winning:
        # let the better-placed defender take it (1665, "General Rules"): throw the lowest card;
        # but if the Ombre is still to play, cover with a sure winner when partner's card is not one
        if not last and not _is_master(best, view):
            sure = [c for c in winners if _is_master(c, view)]
            if sure:
                return sure[0]
        return _lowest(legal, trump)
    if winners:
        if last:
            return winners[0]
        sure = [c for c in winners if _is_master(c, view)]
        if sure:
            return sure[0]
        if me != ombre:
            # second hand for the defence: make the Ombre pay for the trick
            return winners[0] if len(winners) == 1 else winners[-1]
        return winners[0]
    return _lowest(legal, trump)


def _lead(view: SeatView, legal: Sequence[Card]) -> Card:
    assert view.trump is not None
    trump = view.trump
    me = view.seat
    trumps = sorted((c for c in legal if is_trump(c, trump)), key=lambda c: -strength(c, trump))
    plain = [c for c in legal if not is_trump(c, trump)]
    masters_plain = sorted((c for c in plain if _is_master(c, view)), key=lambda c: -strength(c, trump))
    opponents_may_trump = _trumps_out(view) > 0
    if me == view.ombre:
        # "begin with a Matador or two ... to fetch out those Trump" and count them (1665)
        if trumps and opponents_may_trump and _is_master(trumps[0], view):
            return trumps[0]
        if masters_plain and not opponents_may_trump:
            return masters_plain[0]
        if trumps and opponents_may_trump and len(trumps) > _trumps_out(view):
            return trumps[0] if _is_master(trumps[0], view) else trumps[-1]
        if masters_plain:
            return masters_plain[0]
        if plain:
            return _lowest(plain, trump)
        return trumps[-1]
    # a defender leads his winners, else a small card of a plain suit, never trumps by choice
    if masters_plain:
        return masters_plain[0]
    if plain:
        by_suit: dict[Suit, list[Card]] = {}
        for c in plain:
            by_suit.setdefault(c.suit, []).append(c)
        longest = max(by_suit.values(), key=lambda cs: (len(cs), -SUITS.index(cs[0].suit)))
        return _lowest(longest, trump)
    return trumps[-1]


# ---------------------------------------------------------------------------
# Monte Carlo
# ---------------------------------------------------------------------------


class Evaluator(Protocol):
    """Values each legal card of the seat to move in a full-information position, from ``seat``'s side."""

    def values(self, position: Position, seat: int) -> dict[Card, float]: ...


@dataclass
class SolverEvaluator:
    """Asks the double-dummy solver (:mod:`ombre.engine.solver`) for the value of every legal card.

    With the ``"outcome"`` objective a card is worth the Ombre's result with
    best play afterwards (codille 0, repuesto 1, win 2, vole 3), counted
    positive for the Ombre and negative for a defender.  The solvers (one per
    trump and Ombre seat) keep their transposition tables until :meth:`reset`.
    """

    objective: Objective = "outcome"
    _solvers: dict[tuple[Suit, int], Solver] = field(default_factory=dict, repr=False)

    def reset(self) -> None:
        """Forget the transposition tables (call between hands to bound memory)."""
        self._solvers.clear()

    def values(self, position: Position, seat: int) -> dict[Card, float]:
        key = (position.trump, position.ombre)
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = Solver(position.trump, position.ombre, self.objective)
        sign = 1.0 if seat == position.ombre else -1.0
        return {c: sign * v for c, v in solver.analyse(position).items()}


#: Plays hands to their end with the rule of thumb at every seat and gives each one's returns
#: (:meth:`~ombre.engine.game.GameState.returns`), leaving the states as they were: the Monte Carlo
#: player's bid rollouts.  ``_rollouts_by_rule_of_thumb`` plays them one by one;
#: ``ombre.batch.batch_rollouts`` (numpy) plays them all at once, with the same results.
Rollouts = Callable[[Sequence[GameState]], list[list[float]]]


@dataclass
class MonteCarloPlayer:
    """Perfect-information Monte Carlo: sample hidden cards, solve each world double dummy, play the best.

    *Bidding.*  It deals the 31 cards it cannot see at random
    ``bid_samples`` times and, in each world, tries every bid open to it
    (pass, play, without taking in), finishing the hand with the rule of
    thumb at every seat and settling it under the rule set; it makes the bid
    with the best average gain, and names the trump (of the two the 1665
    reckoning likes best) that did better in those worlds.  (A double-dummy solve here would credit the
    defenders with sight of every card and make the player far too timid.)
    The rollouts of one decision are independent hands: ``rollouts``, if given, plays them all at
    once (``ombre.batch.batch_rollouts``, with numpy; the same results), else they are played one by one.

    *Play.*  For each decision in play, ``samples`` worlds are dealt (see
    :func:`sample_world`) and each is solved double dummy (the
    :class:`SolverEvaluator`); the card with the best average wins, ties going
    to the 1665 rule of thumb.  While more than ``depth`` cards remain in the
    hand the player follows the rule of thumb, which keeps a hand cheap.
    The exchange follows the rule of thumb.

    >>> from ombre.engine.game import Deal
    >>> mc = MonteCarloPlayer(samples=4, bid_samples=4, seed=1)
    >>> st = play_hand(Deal.random(seed=5), [mc, RuleOfThumbPlayer(), RuleOfThumbPlayer()])
    >>> st.is_terminal()
    True
    """

    samples: int = 8
    bid_samples: int = 12
    seed: int = 0
    depth: int = 7
    trump_choices: int = 2
    name: str = "Monte Carlo"
    evaluator: Evaluator = field(default_factory=SolverEvaluator)
    rollouts: Rollouts | None = None
    _rng: random.Random = field(init=False, repr=False)
    _rot: RuleOfThumbPlayer = field(init=False, repr=False)
    _hand_key: object = field(init=False, repr=False, default=None)
    _plans: dict[tuple[Card, ...], dict[str, Suit]] = field(init=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._rot = RuleOfThumbPlayer()

    def choose(self, view: SeatView) -> Action:
        if view.phase is Phase.BIDDING:
            return self._bid(view)
        if view.phase is Phase.TRUMP:
            return self._name_trump(view)
        if view.phase is not Phase.PLAY:
            return self._rot.choose(view)
        legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if not legal:
            raise OmbreError(f"seat {view.seat} has no move to make now")
        if len(legal) == 1 or len(view.hand) > self.depth:
            return self._rot.choose(view)
        return Play(self.card_values(view)[0][0])

    # -- bidding ---------------------------------------------------------------

    def bid_values(self, view: SeatView) -> dict[str, float]:
        """The estimated gain of each bid open to this seat, in the rule set's smallest unit.

        Each is the average over ``bid_samples`` random deals of the hidden
        cards, each played out by the rule of thumb at all three seats.  For
        ``play`` and ``sans-prendre`` the two trump suits the rule of thumb
        likes best are both tried, and the better one is kept (and named, if
        this seat becomes the Ombre).
        """
        allowed = [a.kind for a in view.legal_actions if isinstance(a, Bid)]
        cands = trump_candidates(view.hand)
        if cands[0].sure_tricks < 4 and "sans-prendre" in allowed and len(allowed) > 2:
            allowed.remove("sans-prendre")  # not worth simulating without a strong hand
        worlds = [self._world(view) for _ in range(self.bid_samples)]
        n = len(worlds)
        tries = [
            (kind, trump)
            for kind in allowed
            for trump in ([None] if kind == "pass" else [r.trump for r in cands[: self.trump_choices]])
        ]
        # the others' bids do not depend on the trump this seat would name: one bidding a world and bid
        bidden = {
            (kind, w): self._bid_made(view, deal, kind) for kind in allowed for w, deal in enumerate(worlds)
        }
        starts = [
            self._trump_named(bidden[kind, w], view.seat, trump) for kind, trump in tries for w in range(n)
        ]
        finish = self.rollouts if self.rollouts is not None else _rollouts_by_rule_of_thumb
        gains = [r[view.seat] for r in finish(starts)]
        values: dict[str, float] = {}
        plans: dict[str, Suit] = {}
        for i, (kind, trump) in enumerate(tries):
            v = sum(gains[i * n : i * n + n]) / n
            if kind not in values or v > values[kind]:
                values[kind] = v
                if trump is not None:
                    plans[kind] = trump
        self._plans[tuple(view.hand)] = plans
        return values

    def _bid(self, view: SeatView) -> Action:
        values = self.bid_values(view)
        best = max(values, key=lambda k: (values[k], k == "pass"))
        plans = self._plans.get(tuple(view.hand), {})
        self._plans = {tuple(view.hand): {"chosen": plans[best]} if best in plans else {}}
        return Bid(best)

    def _name_trump(self, view: SeatView) -> Action:
        planned = self._plans.get(tuple(view.hand), {}).get("chosen")
        return NameTrump(planned if planned is not None else advised_trump(view.hand))

    def _world(self, view: SeatView) -> Deal:
        """A random deal of the cards this seat cannot see (before the exchange)."""
        me = view.seat
        a, b = [s for s in range(3) if s != me]
        unseen = [c for c in DECK if c not in view.hand]
        cards = self._rng.sample(unseen, len(unseen))
        hands: list[tuple[Card, ...]] = [(), (), ()]
        hands[me] = tuple(view.hand)
        hands[a] = tuple(sorted(cards[:9], key=lambda c: c.index))
        hands[b] = tuple(sorted(cards[9:18], key=lambda c: c.index))
        return Deal((hands[0], hands[1], hands[2]), tuple(cards[18:]), view.dealer)

    def _bid_made(self, view: SeatView, deal: Deal, kind: str) -> GameState:
        """The hand once this seat has bid ``kind`` now and the others have bid by the rule of thumb."""
        st = GameState(deal, rules=view.rules)
        for _seat, bid in view.bids:
            st.apply(bid)
        st.apply(Bid(kind))
        while st.phase is Phase.BIDDING:
            seat = st.current_player
            assert seat is not None
            st.apply(_bid_for(st.hand(seat), st.legal_actions(), self._rot.sans_prendre_at))
        return st

    @staticmethod
    def _trump_named(bidden: GameState, seat: int, trump: Suit | None) -> GameState:
        """What a rollout plays out: the hand after the bidding, with ``trump`` named if ``seat`` is to
        name one (a copy)."""
        if not (bidden.phase is Phase.TRUMP and bidden.current_player == seat and trump is not None):
            return bidden  # the rollouts leave the states they are given as they were
        st = bidden.clone()
        st.apply(NameTrump(trump))
        return st

    # -- play ------------------------------------------------------------------

    def card_values(self, view: SeatView) -> list[tuple[Card, float]]:
        """Each legal card with its average value over the sampled worlds, best first."""
        assert view.trump is not None and view.ombre is not None and view.current_trick is not None
        key = (view.dealer, view.ombre, view.trump, view.hand + tuple(view.played))
        if not view.tricks and key != self._hand_key and isinstance(self.evaluator, SolverEvaluator):
            self.evaluator.reset()
        self._hand_key = key
        legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        totals = dict.fromkeys(legal, 0.0)
        trick = view.current_trick
        for _ in range(self.samples):
            hands = sample_world(view, self._rng)
            pos = Position(hands, view.trump, view.ombre, trick.leader, trick.cards, view.tricks_won)
            vals = self.evaluator.values(pos, view.seat)
            for c in legal:
                totals[c] += vals[c]
        preferred = choose_card(view)
        trump = view.trump
        ranked = sorted(legal, key=lambda c: (-totals[c], c != preferred, strength(c, trump)))
        return [(c, totals[c] / self.samples) for c in ranked]


def _rollouts_by_rule_of_thumb(states: Sequence[GameState]) -> list[list[float]]:
    """Each state played out by the rule of thumb at every seat, one at a time: its returns."""
    rot = RuleOfThumbPlayer()
    out = []
    for st in states:
        st = st.clone()
        _finish_by_rule_of_thumb(st, rot)
        out.append(st.returns())
    return out


def _finish_by_rule_of_thumb(state: GameState, rot: RuleOfThumbPlayer, *, until_play: bool = False) -> None:
    """Play ``state`` to the end with the rule of thumb at every seat (exchanges without building views);
    with ``until_play``, only until the play begins (or the hand is passed out)."""
    rules = state.rules
    while not state.is_terminal() and not (until_play and state.phase in (Phase.PLAY, Phase.VOLE)):
        seat = state.current_player
        assert seat is not None
        if state.phase is Phase.EXCHANGE and state.trump is not None and state.ombre is not None:
            hand = state.hand(seat)
            left = len(state.stock_left)
            most = min(len(hand), left)
            must = seat == state.ombre and not state.sans_prendre and rules.ombre_must_take_in
            least = 1 if must and most > 0 else 0
            state.apply(_exchange_for(hand, state.trump, seat, state.ombre, least, most, left))
        else:
            state.apply(rot.choose(state.view(seat)))


# ---------------------------------------------------------------------------
# Playing a hand
# ---------------------------------------------------------------------------


def play_hand(
    deal: Deal,
    players: Sequence[Player],
    rules: str = "1665",
    names: Sequence[str] | None = None,
    *,
    on_action: Callable[[GameState, int, Action], None] | None = None,
) -> GameState:
    """Play ``deal`` to the end with ``players[seat]`` choosing for each seat; return the final state.

    >>> from ombre.engine.game import Deal
    >>> st = play_hand(Deal.random(seed=11), [RuleOfThumbPlayer()] * 3)
    >>> st.is_terminal(), sum(st.tricks_won) in (0, 9)
    (True, True)
    """
    if len(players) != 3:
        raise OmbreError(f"a hand needs three players, not {len(players)}")
    state = GameState(deal, rules=rules, players=names)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        if on_action is not None:
            on_action(state, seat, action)
        state.apply(action)
    return state


def hint(view: SeatView) -> str:
    """Advice in words for the seat to move, from the 1665 rule of thumb (for the play widget).

    >>> from ombre.engine.game import Deal, GameState
    >>> print(hint(GameState(Deal.random(seed=1)).view(1)))  # doctest: +ELLIPSIS
    Pass: the best reckoning is spades trumps: 1 matador (2♠), 0 kings, 3 other trumps (K♠ 6♠ 3♠) count 1: ...
    """
    if not view.legal_actions:
        return "It is not your turn."
    if view.phase is Phase.BIDDING:
        best = trump_candidates(view.hand)[0]
        bid = advised_bid(view.hand)
        verb = {"pass": "Pass", "play": "Play", "sans-prendre": "Play without taking in"}[bid]
        return f"{verb}: the best reckoning is {best.explain()} (1665: play only with three sure tricks)."
    if view.phase is Phase.TRUMP:
        best = trump_candidates(view.hand)[0]
        return f"Name {best.trump.plural}: {best.explain()}."
    if view.phase is Phase.EXCHANGE:
        act = RuleOfThumbPlayer().choose(view)
        assert isinstance(act, Exchange)
        if not act.discards:
            return "Keep your cards: they are all trumps and kings."
        shown = " ".join(c.symbol for c in act.discards)
        return f"Throw out {shown}: keep only trumps and kings (1665)."
    if view.phase is Phase.VOLE:
        sure = RuleOfThumbPlayer()._sure_of_vole(view)
        return "Declare the vole: every card left is a winner." if sure else "Do not declare the vole."
    card = choose_card(view)
    return f"Play {card.symbol} ({card.spoken(view.trump)})."


# ---------------------------------------------------------------------------
# Tournament
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentResult:
    """Each kind's mean zero-sum gain per hand in every deal (in the rule set's smallest unit).

    Gains are :meth:`~ombre.engine.game.GameState.zero_sum_returns`: what a hand puts into the pool
    is charged to the three players alike, so the three kinds' gains in a deal sum to zero.
    ``pool_per_deal`` holds what went into the pool in each deal, per hand (negative when the pool
    paid out).  Every kind holds each seat's cards of every deal once, so ``ombre_hands`` and
    ``ombre_wins`` count over the same hands for every kind.
    """

    kinds: tuple[str, ...]
    rules: str
    unit: str
    hands: int
    per_deal: dict[str, tuple[float, ...]]
    ombre_hands: dict[str, int]
    ombre_wins: dict[str, int]
    pool_per_deal: tuple[float, ...] = ()

    @property
    def deals(self) -> int:
        return len(self.per_deal[self.kinds[0]])

    @property
    def hands_held(self) -> int:
        """The hands each kind held: one in each seat of every deal, the same cards for every kind."""
        return 3 * self.deals

    @property
    def pool_per_hand(self) -> float:
        """The stakes left on the table: what went into the pool, on average per hand (negative: out of it).

        The pool is played for in the hands to come, so it is charged to the three players alike
        (each seat scores its own gain less the three seats' average): the kinds' gains sum to zero.
        """
        return sum(self.pool_per_deal) / len(self.pool_per_deal) if self.pool_per_deal else 0.0

    def standing(self, kind: str) -> tuple[float, float, float]:
        """Mean gain per hand with its 95% t interval, deals as the independent units."""
        return mean_interval(self.per_deal[kind])

    def difference(self, a: str, b: str) -> tuple[float, float, float]:
        """How much more ``a`` gains per hand than ``b``, paired by deal, with its 95% t interval.

        Both play against the third kind as well as each other, so the difference also measures
        which of them makes more of the third: the head-to-head comparison is :func:`match`.
        """
        return mean_interval([x - y for x, y in zip(self.per_deal[a], self.per_deal[b], strict=True)])

    def table(self) -> str:
        """A plain-text table of the standings."""
        lines = [
            f"{self.deals} deals, {self.hands} hands, {self.rules} rules; "
            f"zero-sum gain per hand in {self.unit}"
        ]
        for k in self.kinds:
            m, lo, hi = self.standing(k)
            won = self.ombre_wins[k]
            played = self.ombre_hands[k]
            lines.append(
                f"{k:>14}: {m:+7.2f}  (95% t interval {lo:+.2f} to {hi:+.2f}); "
                f"of {self.hands_held} hands held, Ombre in {played}, won {won}"
            )
        return "\n".join(lines)


def tournament(
    deals: int,
    seed: int = 0,
    kinds: Sequence[str] = ("monte-carlo", "rule-of-thumb", "random"),
    rules: str = "1665",
    *,
    progress: Callable[[int, int], None] | None = None,
    factories: Mapping[str, Callable[[int], Player]] | None = None,
) -> TournamentResult:
    """Seat three kinds of player at ``deals`` seeded deals, each deal played three times.

    In every deal each player sits once in each seat (the three rotations of
    the table, turning one way on even deals and the other on odd ones, so
    nobody always plays just after the same opponent).  A player's score for
    a deal is its mean zero-sum gain over the three hands
    (:meth:`~ombre.engine.game.GameState.zero_sum_returns`).  ``factories`` make some kinds'
    players in place of :data:`PLAYER_KINDS`'s, from the seed: ``ombre.batch.monte_carlo_player``
    makes the same decisions as the ``monte-carlo`` kind, its bid rollouts played at once with numpy.

    >>> r = tournament(2, seed=1, kinds=("rule-of-thumb", "random", "rule-of-thumb"))
    Traceback (most recent call last):
    ...
    ombre.errors.OmbreError: the three kinds must differ, not ('rule-of-thumb', 'random', 'rule-of-thumb')
    """
    if len(kinds) != 3 or len(set(kinds)) != 3:
        raise OmbreError(f"the three kinds must differ, not {tuple(kinds)!r}")
    if deals < 2:
        raise OmbreError("a tournament needs at least two deals")
    rs = get_rules(rules)
    players = {k: make_player(k, seed, factories) for k in kinds}
    per_deal: dict[str, list[float]] = {k: [] for k in kinds}
    ombre_hands = dict.fromkeys(kinds, 0)
    ombre_wins = dict.fromkeys(kinds, 0)
    pool: list[float] = []
    hands = 0
    for i in range(deals):
        deal = Deal.random(seed=f"tournament-{seed}-{i}", dealer=i % 3)
        order = list(kinds) if i % 2 == 0 else [kinds[0], kinds[2], kinds[1]]
        totals = dict.fromkeys(kinds, 0.0)
        into_pool = 0.0
        for r in range(3):
            seating = order[r:] + order[:r]
            state = play_hand(deal, [players[k] for k in seating], rules=rules)
            hands += 1
            into_pool -= sum(state.returns())
            gains = state.zero_sum_returns()
            for seat, k in enumerate(seating):
                totals[k] += gains[seat]
            if state.ombre is not None and not state.passed_out:
                k = seating[state.ombre]
                ombre_hands[k] += 1
                ombre_wins[k] += bool(state.result is not None and state.result.ombre_wins)
        for k in kinds:
            per_deal[k].append(totals[k] / 3)
        pool.append(into_pool / 3)
        if progress is not None:
            progress(i + 1, deals)
    return TournamentResult(
        tuple(kinds),
        rules,
        rs.units[-1],
        hands,
        {k: tuple(v) for k, v in per_deal.items()},
        ombre_hands,
        ombre_wins,
        tuple(pool),
    )


#: The significance level of :meth:`MatchResult.verdict`'s sign-flip test.
VERDICT_LEVEL = 0.05


@dataclass(frozen=True)
class MatchResult:
    """A duplicate match: how much more ``challenger`` gains than ``baseline`` in the same seat of a deal.

    ``per_deal`` holds, for every deal, the challenger's zero-sum gain minus the baseline's in the
    same seat, averaged over the three seats (in the rule set's smallest unit).  ``same`` counts
    the hands in which the challenger's gain was exactly the baseline's.

    ``challenger_ombre`` and ``baseline_ombre`` count the hands in which each played as the Ombre,
    which are different hands; ``both_ombre`` counts the seats of a deal in which both did, and
    ``both_challenger_wins`` and ``both_baseline_wins`` how many of those very hands each won:
    the like-for-like comparison.
    """

    challenger: str
    baseline: str
    rules: str
    unit: str
    per_deal: tuple[float, ...]
    same: int
    challenger_ombre: int
    challenger_ombre_wins: int
    baseline_ombre: int
    baseline_ombre_wins: int
    both_ombre: int = 0
    both_challenger_wins: int = 0
    both_baseline_wins: int = 0

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    @property
    def hands(self) -> int:
        """The hands the challenger played (three a deal, one in each seat)."""
        return 3 * self.deals

    def difference(self) -> tuple[float, float, float]:
        """The challenger's extra gain per hand with its 95% t interval, deals as the independent units."""
        return mean_interval(self.per_deal)

    def p_value(self) -> float:
        """The two-sided p-value of the sign-flip test of the per-deal differences (:func:`sign_flip_p`)."""
        return sign_flip_p(self.per_deal)

    def verdict(self) -> str:
        """``"challenger"`` or ``"baseline"``, or ``"undecided"``: conservative, so two tests must agree.

        A side wins only when the whole 95% t interval lies on its side of zero *and* the sign-flip
        test, which does not lean on the differences being near normal, gives p below
        :data:`VERDICT_LEVEL`; deals of equal gain count for neither.
        """
        _, lo, hi = self.difference()
        if self.p_value() >= VERDICT_LEVEL:
            return "undecided"
        return "challenger" if lo > 0 else "baseline" if hi < 0 else "undecided"


def match(
    deals: int,
    seed: int = 0,
    challenger: str = "monte-carlo",
    baseline: str = "rule-of-thumb",
    rules: str = "1665",
    *,
    progress: Callable[[int, int], None] | None = None,
    factories: Mapping[str, Callable[[int], Player]] | None = None,
) -> MatchResult:
    """Play ``challenger`` against ``baseline`` as in duplicate bridge: same deal, same seat, same opponents.

    Each deal is played four times: once with ``baseline`` in all three
    seats, then once with ``challenger`` in each seat in turn and
    ``baseline`` in the other two.  The challenger's gain in its seat, less
    the baseline's gain in that seat of the same deal, is what the player
    made of the same cards against the same opponents; the luck of the cards,
    which swamps a tournament of a few deals, cancels out.  Gains are zero-sum
    (:meth:`~ombre.engine.game.GameState.zero_sum_returns`), so what goes into the pool is
    charged to all three seats alike.  This head-to-head match, not the three-way
    :func:`tournament`, compares two players: in a tournament both also play a third.
    ``factories``: as for :func:`tournament`.

    >>> r = match(2, seed=3, challenger="random")
    >>> r.deals, r.hands, r.verdict() in ("challenger", "baseline", "undecided")
    (2, 6, True)
    >>> match(2, challenger="random", baseline="random")
    Traceback (most recent call last):
    ...
    ombre.errors.OmbreError: a match needs two different kinds of player, not 'random' twice
    """
    if challenger == baseline:
        raise OmbreError(f"a match needs two different kinds of player, not {challenger!r} twice")
    if deals < 2:
        raise OmbreError("a match needs at least two deals")
    rs = get_rules(rules)
    ch, base = make_player(challenger, seed, factories), make_player(baseline, seed, factories)
    per_deal: list[float] = []
    same = ch_ombre = ch_wins = base_ombre = base_wins = both = both_ch = both_base = 0
    for i in range(deals):
        deal = Deal.random(seed=f"match-{seed}-{i}", dealer=i % 3)
        ref = play_hand(deal, [base] * 3, rules=rules)
        ref_gains = ref.zero_sum_returns()
        ref_won = ref.result is not None and ref.result.ombre_wins
        total = 0.0
        for seat in range(3):
            players: list[Player] = [base, base, base]
            players[seat] = ch
            state = play_hand(deal, players, rules=rules)
            diff = state.zero_sum_returns()[seat] - ref_gains[seat]
            total += diff
            same += diff == 0
            won = state.result is not None and state.result.ombre_wins
            ch_is = state.ombre == seat and not state.passed_out
            base_is = ref.ombre == seat and not ref.passed_out
            ch_ombre += ch_is
            ch_wins += ch_is and won
            base_ombre += base_is
            base_wins += base_is and ref_won
            if ch_is and base_is:  # the same cards in the same seat: like for like
                both += 1
                both_ch += won
                both_base += ref_won
        per_deal.append(total / 3)
        if progress is not None:
            progress(i + 1, deals)
    return MatchResult(
        challenger,
        baseline,
        rules,
        rs.units[-1],
        tuple(per_deal),
        same,
        ch_ombre,
        ch_wins,
        base_ombre,
        base_wins,
        both,
        both_ch,
        both_base,
    )


#: Player kinds by name, for the CLI, the tournament and the widgets.
PLAYER_KINDS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "rule-of-thumb": lambda seed: RuleOfThumbPlayer(),
    "monte-carlo": lambda seed: MonteCarloPlayer(seed=seed),
}


def make_player(
    kind: str, seed: int = 0, factories: Mapping[str, Callable[[int], Player]] | None = None
) -> Player:
    """A player of kind ``random``, ``rule-of-thumb`` or ``monte-carlo`` (made by ``factories[kind]``
    if given there).

    >>> make_player("random").name
    'random'
    """
    if factories is not None and kind in factories:
        return factories[kind](seed)
    try:
        return PLAYER_KINDS[kind](seed)
    except KeyError:
        raise OmbreError(f"unknown player kind {kind!r} (known: {', '.join(PLAYER_KINDS)})") from None


def describe_hand(cards: Iterable[Card], trump: Suit) -> str:
    """The hand highest first under ``trump``: ``As 2s Kh ...``."""
    return format_cards(sorted(cards, key=lambda c: -strength(c, trump)))
