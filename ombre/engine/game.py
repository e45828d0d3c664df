"""The state of one hand of Ombre, in the style of OpenSpiel: legal actions, apply, undo.

Seats are numbered 0, 1, 2 in the order of play, which runs
counter-clockwise (to the right; Morley).  The dealer sits at ``dealer``;
the eldest hand, ``(dealer + 1) % 3``, speaks first and leads to the first
trick (Morley: "the game begins, from the hand on the right of the dealer").

A hand passes through the phases ``bidding`` -> ``naming trump`` ->
``exchange`` -> ``play`` (with a ``vole declaration`` before the fifth trick
under the 1665 rules) -> ``finished``.  Every move is a small value object
with a text form: :class:`Bid`, :class:`NameTrump`, :class:`Exchange`,
:class:`DeclareVole`, :class:`Play`.

>>> state = GameState(Deal.random(seed=7, dealer=2), rules="1665")
>>> state.phase, state.current_player
(<Phase.BIDDING: 'bidding'>, 0)
>>> state.apply(Bid("play")); state.apply(Bid("pass")); state.apply(Bid("pass"))
>>> state.apply(NameTrump(Suit.SPADES))
>>> state.phase
<Phase.EXCHANGE: 'exchange'>

A position in the play phase can be set up directly:

>>> from ombre.engine.cards import parse_cards
>>> pos = GameState.from_position(
...     hands=[parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")],
...     trump=Suit.SPADES, ombre=0, leader=0)
>>> [str(c) for c in pos.legal_cards()]
['As', 'Kh']
>>> pos.play("As"); [str(c) for c in pos.legal_cards()]
['2s']
>>> pos.play("Qh")
Traceback (most recent call last):
...
ombre.errors.IllegalPlayError: must play a trump: Spadille forces Manille
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ombre.engine._core import CARD_SPACE, legal_mask
from ombre.engine.cards import (
    DECK,
    SPADILLE,
    SUITS,
    Card,
    CardError,
    Suit,
    as_card,
    as_cards,
    as_suit,
    card_mask,
    format_cards,
    parse_card,
)
from ombre.engine.payments import Amount, Settlement, settle
from ombre.engine.rules import Result, is_seat, result_of, trick_winner, why_illegal
from ombre.engine.rulesets import RuleSet, get_rules
from ombre.errors import IllegalActionError, IllegalPlayError, OmbreError, RecordError, RulesError

__all__ = [
    "Phase",
    "Bid",
    "NameTrump",
    "Exchange",
    "DeclareVole",
    "Play",
    "Action",
    "parse_action",
    "Deal",
    "Trick",
    "Renounce",
    "SeatView",
    "GameState",
    "Suit",
]

BID_KINDS = ("pass", "play", "sans-prendre")


class Phase(enum.StrEnum):
    """The phases of a hand, in order."""

    BIDDING = "bidding"
    TRUMP = "naming trump"
    EXCHANGE = "exchange"
    VOLE = "vole declaration"
    PLAY = "play"
    FINISHED = "finished"

    def __str__(self) -> str:
        return self.value


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Bid:
    """``pass``, ``play`` (be the Ombre and take in) or ``sans-prendre`` (play without taking in).

    1665: "the first hand having alwayes the choice to play or pass, after
    him the second"; playing without taking in outranks an ordinary game.

    >>> str(Bid("sans-prendre")), Bid.parse("Pass")
    ('sans-prendre', Bid(kind='pass'))
    """

    kind: str

    def __post_init__(self) -> None:
        if self.kind not in BID_KINDS:
            raise IllegalActionError(f"unknown bid {self.kind!r} (bids are pass, play, sans-prendre)")

    @classmethod
    def parse(cls, text: str) -> Bid:
        if not isinstance(text, str):
            raise TypeError(
                f"Bid.parse: expected a bid's text such as 'pass', not {type(text).__name__} {text!r}"
            )
        key = text.strip().lower().replace(" ", "-").replace("_", "-")
        aliases = {"without-taking-in": "sans-prendre", "sans-prendre": "sans-prendre", "i-pass": "pass"}
        return cls(aliases.get(key, key))

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True)
class NameTrump:
    """The Ombre names the trump suit (before looking at the cards taken in, 1665, "Of taking in", article 3).

    >>> str(NameTrump(Suit.HEARTS))
    'trump hearts'
    """

    suit: Suit

    def __init__(self, suit: Suit | str) -> None:
        object.__setattr__(self, "suit", as_suit(suit, "NameTrump"))  # "spades" and "s" are read

    def __str__(self) -> str:
        return f"trump {self.suit.plural}"


@dataclass(frozen=True)
class Exchange:
    """Discard these cards and take in as many from the top of the stock (none: refuse).

    The discards are kept in card order, so two exchanges of the same cards are equal.

    >>> from ombre.engine.cards import parse_cards
    >>> str(Exchange(tuple(parse_cards("Kd 3h")))), str(Exchange(()))
    ('exchange 3h Kd', 'exchange -')
    """

    discards: tuple[Card, ...] = ()

    def __init__(self, discards: Iterable[Card | str] | str = ()) -> None:
        given = as_cards(discards, what="Exchange")  # cards or card texts ("2c 3h", ("2c",))
        cards = tuple(sorted(set(given), key=lambda c: c.index))
        if len(cards) != len(given):
            raise IllegalActionError("the same card is discarded twice")
        object.__setattr__(self, "discards", cards)

    def __str__(self) -> str:
        return "exchange " + (format_cards(self.discards) if self.discards else "-")


@dataclass(frozen=True)
class DeclareVole:
    """The Ombre declares (or not) that he plays for the vole (1665: "before the fifth Trick").

    >>> str(DeclareVole()), str(DeclareVole(False))
    ('vole', 'no vole')
    """

    declared: bool = True

    def __str__(self) -> str:
        return "vole" if self.declared else "no vole"


@dataclass(frozen=True)
class Play:
    """Play a card to the trick.

    >>> str(Play(Card.parse("As")))
    'As'
    """

    card: Card

    def __init__(self, card: Card | str) -> None:
        object.__setattr__(self, "card", as_card(card, what="Play"))  # "As" is read as a card

    def __str__(self) -> str:
        return str(self.card)


#: Any action of a game: a bid, naming trumps, an exchange, declaring the vole or playing a card.
Action = Bid | NameTrump | Exchange | DeclareVole | Play

#: one shared Play action per card (actions are immutable)
_PLAYS: tuple[Play, ...] = tuple(Play(c) for c in DECK)


def parse_action(text: str) -> Action:
    """Read an action from its text form (as printed by ``str(action)``).

    >>> parse_action("trump spades"), parse_action("Ks")
    (NameTrump(suit=<Suit.SPADES: 's'>), Play(card=Card.parse('Ks')))
    >>> parse_action("exchange 2h 3h")
    Exchange(discards=(Card.parse('2h'), Card.parse('3h')))
    >>> parse_action("vole"), parse_action("pass")
    (DeclareVole(declared=True), Bid(kind='pass'))
    """
    raw = text.strip()
    low = raw.lower()
    if low in ("vole", "no vole"):
        return DeclareVole(low == "vole")
    if low.startswith("trump "):
        return NameTrump(Suit.parse(raw[6:]))
    if low == "exchange" or low.startswith("exchange "):
        rest = raw[8:].strip()
        if rest in ("", "-"):
            return Exchange(())
        return Exchange(tuple(parse_card(t) for t in rest.replace(",", " ").split()))
    key = low.replace(" ", "-")
    if key in BID_KINDS or key in ("without-taking-in", "i-pass"):
        return Bid.parse(raw)
    try:
        return Play(parse_card(raw))
    except CardError:
        raise IllegalActionError(
            f"cannot read {raw!r} as an action (a bid, 'trump SUIT', 'exchange CARDS', 'vole' or a card)"
        ) from None


# ---------------------------------------------------------------------------
# Value objects: deal, trick, renounce
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Three hands of nine cards and the thirteen-card stock (top card first), and the dealer's seat.

    ``hands[seat]`` belongs to that seat.  Stock entries may be ``None`` for a
    card a record does not know; drawing one is an error.

    >>> d = Deal.random(seed=1)
    >>> [len(h) for h in d.hands], len(d.stock), d.dealer, d.eldest
    ([9, 9, 9], 13, 0, 1)
    >>> Deal.random(seed=1) == d
    True
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card | None, ...]
    dealer: int = 0

    def __post_init__(self) -> None:
        hands = tuple(tuple(h) for h in self.hands)
        if len(hands) != 3:
            raise OmbreError(f"a deal has three hands, not {len(hands)}")
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "stock", tuple(self.stock))
        for seat, h in enumerate(hands):
            if len(h) != 9:
                raise OmbreError(f"hand {seat} has {len(h)} cards; each player is dealt nine (1665)")
        if len(self.stock) != 13:
            raise OmbreError(f"the stock has {len(self.stock)} cards; it must have thirteen (1665)")
        known = [c for h in hands for c in h] + [c for c in self.stock if c is not None]
        seen: set[Card] = set()
        for c in known:
            if not isinstance(c, Card):
                raise OmbreError(f"{c!r} is not a card")
            if c in seen:
                raise OmbreError(f"the {c.name} is dealt twice")
            seen.add(c)
        if not is_seat(self.dealer):
            raise OmbreError(f"the dealer's seat must be 0, 1 or 2, not {self.dealer!r}")

    @property
    def eldest(self) -> int:
        """The seat after the dealer's: speaks first and leads first."""
        return (self.dealer + 1) % 3

    @classmethod
    def random(cls, seed: int | str | bytes | None = None, dealer: int = 0) -> Deal:
        """A shuffled deal from ``random.Random(seed)``; the same seed gives the same deal.

        A whole-number seed must be 0 or more: ``random.Random`` takes ``-n`` as ``n``, so a
        negative seed would silently repeat another's deal.

        >>> Deal.random(seed=-1)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ombre.errors.OmbreError: the seed must be 0 or more, not -1 (a negative seed would deal ...)
        """
        if isinstance(seed, int) and seed < 0:
            raise OmbreError(
                f"the seed must be 0 or more, not {seed} (a negative seed would deal seed {-seed}'s cards)"
            )
        rng = random.Random(seed)
        cards = list(DECK)
        rng.shuffle(cards)
        # dealt three at a time to the eldest first (Morley), which for a shuffled pack
        # is as good as taking nine each
        hands = [cards[9 * i : 9 * i + 9] for i in range(3)]
        order = [(dealer + 1 + i) % 3 for i in range(3)]
        by_seat: list[tuple[Card, ...]] = [(), (), ()]
        for h, seat in zip(hands, order, strict=True):
            by_seat[seat] = tuple(sorted(h, key=lambda c: c.index))
        return cls((by_seat[0], by_seat[1], by_seat[2]), tuple(cards[27:]), dealer)

    def __str__(self) -> str:
        """The deal as text: the record format's ``[Deal]`` notation, hands by seat, then the dealer.

        The hands of seats 0, 1 and 2 and the stock (top card first, ``??`` for a card not known),
        separated by ``/``, then ``; dealer`` and the dealer's seat.  A record lists the eldest hand
        first, so with the dealer in seat 2 the part before ``;`` is the record's ``[Deal]`` value.
        :meth:`parse` reads it back.

        >>> from ombre.engine.cards import DECK
        >>> d = Deal((DECK[:9], DECK[9:18], DECK[18:27]), DECK[27:], dealer=2)
        >>> for part in str(d).split(" / "):
        ...     print(part)
        As 2s 3s 4s 5s 6s 7s Js Qs
        Ks Ac 2c 3c 4c 5c 6c 7c Jc
        Qc Kc Ah 2h 3h 4h 5h 6h 7h
        Jh Qh Kh Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd; dealer 2
        >>> Deal.parse(str(d)) == d, Deal.parse(str(Deal.random(seed=1))) == Deal.random(seed=1)
        (True, True)
        """
        groups = [" ".join(str(c) for c in h) for h in self.hands]
        groups.append(" ".join("??" if c is None else str(c) for c in self.stock))
        return f"{' / '.join(groups)}; dealer {self.dealer}"

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a deal written by ``str``; raise a :class:`~ombre.errors.RecordError` saying what is wrong.

        The hands and the stock are read by the record format's reader, with its messages; a hand
        may not hold an unknown card (``??``), and a deal marks no card as conjectural (``7s?``).

        >>> Deal.parse("As 2s / Ks; dealer 0")
        Traceback (most recent call last):
        ...
        ombre.errors.RecordError: <deal>:1:1: deal: 2 groups; give three hands and the stock, separated by '/'
        >>> Deal.parse(str(Deal.random(seed=1)).replace("; dealer 0", ""))
        Traceback (most recent call last):
        ...
        ombre.errors.RecordError: <deal>: the deal ends with its dealer's seat, e.g. '; dealer 0'
        """
        from ombre.engine.record.reader import read_deal_value  # the reader imports this module

        if not isinstance(text, str):
            raise TypeError(f"Deal.parse: expected a deal's text, not {type(text).__name__} {text!r}")
        body, semicolon, tail = text.rpartition(";")
        words = tail.split()
        if not semicolon or len(words) != 2 or words[0] != "dealer" or words[1] not in ("0", "1", "2"):
            raise RecordError("the deal ends with its dealer's seat, e.g. '; dealer 0'", path="<deal>")
        recorded = read_deal_value(body)
        groups = ("seat 0", "seat 1", "seat 2", "the stock")
        for group, cards in zip(groups, (*recorded.hands, recorded.stock), strict=True):
            for rc in cards:
                col = rc.pos.col if rc.pos is not None else None
                if rc.conjectural:
                    raise RecordError(
                        f"deal: {rc} in {group} is marked conjectural; a deal's cards are known or ??",
                        path="<deal>",
                        line=1,
                        col=col,
                    )
                if rc.card is None and group != "the stock":
                    raise RecordError(
                        f"deal: {group}'s hand has an unknown card (??); only the stock may have one",
                        path="<deal>",
                        line=1,
                        col=col,
                    )
        hands = tuple(tuple(rc.card for rc in h if rc.card is not None) for h in recorded.hands)
        stock = tuple(rc.card for rc in recorded.stock)
        return cls((hands[0], hands[1], hands[2]), stock, int(words[1]))

    def _repr_html_(self) -> str:
        from ombre.display.hands import deal_html  # display layer, imported lazily

        return deal_html(self)


@dataclass(frozen=True)
class Trick:
    """One trick: who led, the cards in the order played, and the trump suit.

    >>> from ombre.engine.cards import parse_cards
    >>> t = Trick(leader=2, cards=tuple(parse_cards("Kd 2d Ac")), trump=Suit.HEARTS)
    >>> t.seats, t.winner, str(t.winning_card)
    ((2, 0, 1), 1, 'Ac')
    """

    leader: int
    cards: tuple[Card, ...]
    trump: Suit

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if len(cards) > 3:
            raise OmbreError(f"a trick holds at most three cards, one from each player, not {len(cards)}")
        for c in cards:
            if not isinstance(c, Card):
                raise TypeError(f"Trick: expected Cards, not {type(c).__name__} {c!r}")
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise OmbreError(f"the {twice.name} is played twice to one trick")
        if not is_seat(self.leader):
            raise OmbreError(f"the leader's seat must be 0, 1 or 2, not {self.leader!r}")
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "trump", as_suit(self.trump, "trump"))

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card."""
        return tuple((self.leader + i) % 3 for i in range(len(self.cards)))

    @property
    def complete(self) -> bool:
        return len(self.cards) == 3

    @property
    def winner(self) -> int:
        """The seat whose card wins (so far, for an unfinished trick)."""
        return (self.leader + trick_winner(self.cards, self.trump)) % 3

    @property
    def winning_card(self) -> Card:
        return self.cards[trick_winner(self.cards, self.trump)]

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, if any."""
        for s, c in zip(self.seats, self.cards, strict=True):
            if s == seat:
                return c
        return None

    def __str__(self) -> str:
        return format_cards(self.cards)

    def _repr_html_(self) -> str:
        from ombre.display.replay import trick_html  # display layer, imported lazily

        return trick_html(self)


@dataclass(frozen=True)
class Renounce:
    """A card played against the rule of following (a revoke), accepted in non-strict replay.

    1665, "Of the Forfeitures": "If you Renounce, you are to double the Stake".
    """

    trick: int  # 1-based
    seat: int
    card: Card
    rule: str


@dataclass(frozen=True)
class SeatView:
    """What one seat can see: its own hand and discards, the bidding, trump, and the cards played."""

    seat: int
    phase: Phase
    current_player: int | None
    dealer: int
    players: tuple[str, str, str]
    rules: str
    bids: tuple[tuple[int, Bid], ...]
    ombre: int | None
    sans_prendre: bool
    trump: Suit | None
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    taken_in: tuple[int, int, int]
    stock_left: int
    vole_declared: bool
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    tricks_won: tuple[int, int, int]
    played: frozenset[Card]
    legal_actions: tuple[Action, ...]


# ---------------------------------------------------------------------------
# Game state
# ---------------------------------------------------------------------------


def _chunk_table() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """``_CHUNKS[k][m]``: the cards of the 10-bit mask ``m`` of the ``k``-th suit, in card order."""
    return tuple(
        tuple(tuple(DECK[10 * k + i] for i in range(10) if m >> i & 1) for m in range(1024)) for k in range(4)
    )


_CHUNKS = _chunk_table()


def _cards(mask: int) -> tuple[Card, ...]:
    """The cards of a card-index bit set, in card order."""
    c = _CHUNKS
    return c[0][mask & 1023] + c[1][mask >> 10 & 1023] + c[2][mask >> 20 & 1023] + c[3][mask >> 30 & 1023]


@dataclass
class _Core:
    """The mutable part of a state; every field holds an immutable value, so a copy is a snapshot."""

    phase: Phase
    turn: int | None
    bids: tuple[tuple[int, Bid], ...] = ()
    ombre: int | None = None
    sans_prendre: bool = False
    forced: bool = False
    trump: Suit | None = None
    hands: tuple[int, int, int] = (0, 0, 0)
    stock_pos: int = 0
    exchangers: tuple[int, ...] = ()
    discards: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] = ((), (), ())
    taken_in: tuple[int, int, int] = (0, 0, 0)
    vole_declared: bool = False
    vole_offered: bool = False
    tricks: tuple[Trick, ...] = ()
    leader: int = 0
    trick_cards: tuple[Card, ...] = ()
    tricks_won: tuple[int, int, int] = (0, 0, 0)
    hands_at_play: tuple[int, int, int] = (0, 0, 0)
    renounces: tuple[Renounce, ...] = ()
    passed_out: bool = False
    history: tuple[Action, ...] = field(default_factory=tuple)


class GameState:
    """One hand of Ombre from the deal to the settlement.

    ``rules`` is a rule-set name or :class:`~ombre.engine.rulesets.RuleSet`; ``players``
    names the seats (used in messages and payments); ``pool`` is what lies on
    the table from earlier hands (a repuesto's doubled stake), in the rule
    set's units.

    >>> GameState(Deal.random(seed=1), players="ABC")
    Traceback (most recent call last):
    ...
    TypeError: players: expected three names (a list of texts), not str 'ABC'
    >>> GameState(Deal.random(seed=1), pool=Amount.of(3, "guineas"))
    Traceback (most recent call last):
    ...
    ombre.errors.RulesError: pool: 'guineas' is not one of the rule set's units (great marks, lesser marks)
    """

    def __init__(
        self,
        deal: Deal,
        rules: str | RuleSet = "1665",
        players: Sequence[str] | None = None,
        pool: Amount | None = None,
    ) -> None:
        if not isinstance(deal, Deal):
            raise TypeError(f"deal: expected a Deal, not {type(deal).__name__} {deal!r}")
        self.deal = deal
        self.rules: RuleSet = get_rules(rules)
        if players is None:
            names: tuple[str, ...] = ("Seat 0", "Seat 1", "Seat 2")
        elif isinstance(players, str) or not isinstance(players, Iterable):
            raise TypeError(
                f"players: expected three names (a list of texts), not {type(players).__name__} {players!r}"
            )
        else:
            names = tuple(players)
            for name in names:
                if not isinstance(name, str):
                    raise TypeError(f"players: a name is a text, not {type(name).__name__} {name!r}")
        if len(names) != 3 or len(set(names)) != 3:
            raise OmbreError(f"three different player names are needed, not {names!r}")
        self.players: tuple[str, str, str] = (names[0], names[1], names[2])
        if pool is None:
            pool = Amount()
        elif not isinstance(pool, Amount):
            raise TypeError(
                f"pool: expected an Amount such as Amount.of(2, {self.rules.units[-1]!r}), "
                f"not {type(pool).__name__} {pool!r}"
            )
        for unit, _ in pool.parts:
            if unit not in self.rules.units:
                raise RulesError(
                    f"pool: {unit!r} is not one of the rule set's units ({', '.join(self.rules.units)})"
                )
        self.pool_before: Amount = pool
        self._s = _Core(
            phase=Phase.BIDDING,
            turn=deal.eldest,
            hands=(card_mask(deal.hands[0]), card_mask(deal.hands[1]), card_mask(deal.hands[2])),
        )
        self._undo: list[_Core] = []

    # -- construction at the play phase -----------------------------------

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        trump: Suit | str,
        ombre: int,
        leader: int,
        *,
        tricks: Sequence[Trick] = (),
        trick_cards: Iterable[Card | str] | str = (),
        rules: str | RuleSet = "1665",
        players: Sequence[str] | None = None,
        sans_prendre: bool = False,
        vole_declared: bool = False,
        dealer: int | None = None,
    ) -> GameState:
        """A state in the play phase: the cards still held, trump, the Ombre, the leader of the trick.

        ``tricks`` are the tricks already played (they count for ``tricks_won``);
        ``trick_cards`` the cards already played to the current trick, from the
        leader on.  Hands may hold fewer than nine cards, but each seat must
        hold as many as it still has to play.  Cards not in any hand or trick
        are treated as out of play (the stock and discards).  Under a rule set
        that wants the vole declared before trick *k* (1665: the fifth), a
        position with fewer than *k* - 1 tricks played still asks the Ombre at
        the right moment; otherwise ``vole_declared`` says whether he did.
        """
        trump_s = as_suit(trump, "trump")
        hs = [as_cards(h, what="hands") for h in hands]
        if len(hs) != 3:
            raise OmbreError(f"a position needs three hands, not {len(hs)}")
        current = as_cards(trick_cards, what="trick_cards")
        for name, seat in (("ombre", ombre), ("leader", leader)):
            if not is_seat(seat):
                raise OmbreError(f"{name} must be seat 0, 1 or 2, not {seat!r}")
        if len(current) > 2:
            raise OmbreError("a trick in progress holds at most two cards")
        if tricks and tricks[-1].winner != leader:
            raise OmbreError(f"the last trick was won by seat {tricks[-1].winner}, who must lead now")
        seen: set[Card] = set()
        for c in [c for h in hs for c in h] + [c for t in tricks for c in t.cards] + list(current):
            if c in seen:
                raise OmbreError(f"the {c.name} appears twice in the position")
            seen.add(c)
        if any(not t.complete or t.trump is not trump_s for t in tricks):
            raise OmbreError("earlier tricks must be complete and played with the same trump")
        left = len(hs[leader]) + (1 if current else 0)
        if len(tricks) + left > 9:
            raise OmbreError(f"{len(tricks)} tricks played and {left} to come make more than nine")
        for seat in range(3):
            played_now = sum(1 for i in range(len(current)) if (leader + i) % 3 == seat)
            if len(hs[seat]) != left - played_now:
                raise OmbreError(
                    f"seat {seat} holds {len(hs[seat])} cards but should hold {left - played_now}"
                    " (every seat plays one card to each trick)"
                )
        dealer_seat = (leader - 1) % 3 if dealer is None else dealer
        at_play_cards = [list(h) for h in hs]
        for t in [*tricks, Trick(leader, current, trump_s)]:
            for seat, c in zip(t.seats, t.cards, strict=True):
                at_play_cards[seat].append(c)
        if any(len(h) > 9 for h in at_play_cards):
            raise OmbreError("a seat has played and held more than nine cards")
        # a nominal deal for the record of seats: the hands at play, padded from the unseen cards
        unseen = [c for c in DECK if c not in seen]
        padded = []
        for h in at_play_cards:
            k = 9 - len(h)
            padded.append(tuple(h) + tuple(unseen[:k]))
            unseen = unseen[k:]
        nominal = Deal((padded[0], padded[1], padded[2]), tuple(unseen), dealer_seat)
        state = cls(nominal, rules=rules, players=players)
        won = [0, 0, 0]
        for t in tricks:
            won[t.winner] += 1
        bits = (card_mask(hs[0]), card_mask(hs[1]), card_mask(hs[2]))
        at_play = [card_mask(h) for h in at_play_cards]
        before = state.rules.vole_must_be_declared_before_trick
        state._s = _Core(
            phase=Phase.PLAY,
            turn=(leader + len(current)) % 3,
            ombre=ombre,
            sans_prendre=sans_prendre,
            trump=trump_s,
            hands=bits,
            hands_at_play=(at_play[0], at_play[1], at_play[2]),
            vole_declared=vole_declared,
            vole_offered=vole_declared or before is None or len(tricks) >= before - 1,
            tricks=tuple(tricks),
            leader=leader,
            trick_cards=current,
            tricks_won=(won[0], won[1], won[2]),
        )
        if left == 0:
            state._s.phase = Phase.FINISHED
            state._s.turn = None
        return state

    @classmethod
    def from_actions(
        cls,
        deal: Deal,
        actions: Iterable[Action | str],
        rules: str | RuleSet = "1665",
        players: Sequence[str] | None = None,
        *,
        strict: bool = True,
    ) -> GameState:
        """Replay ``actions`` (objects or their text forms) from the deal."""
        state = cls(deal, rules=rules, players=players)
        for a in actions:
            state.apply(parse_action(a) if isinstance(a, str) else a, strict=strict)
        return state

    # -- read-only properties ------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self._s.turn

    @property
    def trump(self) -> Suit | None:
        return self._s.trump

    @property
    def ombre(self) -> int | None:
        """The seat of the Ombre (the player), once the bidding is over."""
        return self._s.ombre

    @property
    def sans_prendre(self) -> bool:
        """True if the Ombre plays without taking in."""
        return self._s.sans_prendre

    @property
    def forced_spadille(self) -> bool:
        """True if the Ombre was forced to play by holding Spadille when all passed."""
        return self._s.forced

    @property
    def vole_declared(self) -> bool:
        return self._s.vole_declared

    @property
    def passed_out(self) -> bool:
        """True if all three passed and the hand is to be dealt again."""
        return self._s.passed_out

    @property
    def bids(self) -> tuple[tuple[int, Bid], ...]:
        """``(seat, bid)`` in the order spoken."""
        return self._s.bids

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The cards each seat holds now, in card order."""
        h = self._s.hands
        return (_cards(h[0]), _cards(h[1]), _cards(h[2]))

    def hand(self, seat: int) -> tuple[Card, ...]:
        return _cards(self._s.hands[seat])

    @property
    def hands_at_play(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's nine cards when play began (after the exchange)."""
        h = self._s.hands_at_play
        return (_cards(h[0]), _cards(h[1]), _cards(h[2]))

    @property
    def discards(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return self._s.discards

    @property
    def taken_in(self) -> tuple[int, int, int]:
        """How many cards each seat took in from the stock."""
        return self._s.taken_in

    @property
    def stock_left(self) -> tuple[Card | None, ...]:
        """The cards still in the stock, top first."""
        return self.deal.stock[self._s.stock_pos :]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self._s.tricks

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (possibly with no cards yet), during play."""
        if self._s.phase not in (Phase.PLAY, Phase.VOLE) or self._s.trump is None:
            return None
        return Trick(self._s.leader, self._s.trick_cards, self._s.trump)

    @property
    def tricks_won(self) -> tuple[int, int, int]:
        return self._s.tricks_won

    @property
    def renounces(self) -> tuple[Renounce, ...]:
        """Revokes accepted while replaying with ``strict=False``."""
        return self._s.renounces

    @property
    def history(self) -> tuple[Action, ...]:
        return self._s.history

    def is_terminal(self) -> bool:
        return self._s.phase is Phase.FINISHED

    @property
    def result(self) -> Result | None:
        """The result once all nine tricks are played (``None`` before, and for a passed-out hand).

        Also ``None`` for a position (:meth:`from_position`) begun with fewer than nine cards a hand
        and without its earlier tricks: its counts do not sum to nine, so the hand has no result.
        """
        s = self._s
        if s.phase is not Phase.FINISHED or s.passed_out or s.ombre is None or sum(s.tricks_won) != 9:
            return None
        return result_of(s.tricks_won, s.ombre)

    def settlement(self, *, finished: tuple[tuple[int, int, int], bool] | None = None) -> Settlement:
        """Who pays what, and what is left in the pool, under this state's rule set.

        ``finished``: the tricks each seat won and whether the vole was declared, for a hand in play
        that was played to its end elsewhere (the batch engine plays many at once, :mod:`ombre.batch`),
        settled as if its cards had been played here.
        """
        if finished is None and not self.is_terminal():
            raise IllegalActionError("the hand is not over; there is nothing to settle yet")
        s = self._s
        tricks_won, vole_declared = finished if finished is not None else (s.tricks_won, s.vole_declared)
        passes = tuple(seat for seat, b in s.bids if b.kind == "pass")
        return settle(
            self.rules,
            ombre=s.ombre,
            tricks_won=tricks_won,
            hands_at_play=self.hands_at_play,
            trump=s.trump,
            sans_prendre=s.sans_prendre,
            vole_declared=vole_declared,
            passes=passes,
            eldest=self.deal.eldest if s.bids else None,
            taken_in=s.taken_in,
            renouncers=tuple(r.seat for r in s.renounces),
            pool=self.pool_before,
        )

    def payments(self) -> dict[str, dict[str, int]]:
        """Each player's net amount by name, with units named: ``{"Belinda": {"great marks": 3, ...}}``."""
        st = self.settlement()
        return {self.players[seat]: st.net[seat].as_dict(self.rules.units) for seat in range(3)}

    def returns(self, *, finished: tuple[tuple[int, int, int], bool] | None = None) -> list[float]:
        """Each seat's net gain in the smallest unit (pence or counters), OpenSpiel style.

        They do not sum to zero: the pool takes or gives the difference.  ``finished``: as for
        :meth:`settlement`, the end of a hand played elsewhere.
        """
        if finished is None and not self.is_terminal():
            return [0.0, 0.0, 0.0]
        st = self.settlement(finished=finished)
        return [float(st.net[seat].value(self.rules)) for seat in range(3)]

    def zero_sum_returns(self) -> list[float]:
        """Each seat's gain with the pool's share charged to all three alike: they sum to zero.

        What a hand puts into the pool (the stakes, a repuesto) or takes out of it is not lost
        or found: it is played for in the hands to come, and each player has the same claim on
        it.  So the pool's change is split equally among the three seats, and each seat scores
        :meth:`returns` less their mean.  Computer players are compared on this basis.

        >>> st = GameState(Deal.random(seed=11))
        >>> while not st.is_terminal():
        ...     st.apply(st.legal_actions()[0])
        >>> abs(sum(st.zero_sum_returns())) < 1e-9
        True
        """
        gains = self.returns()
        share = sum(gains) / 3
        return [g - share for g in gains]

    # -- legal actions -----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take, in a fixed order."""
        s = self._s
        if s.phase is Phase.BIDDING:
            return [Bid(k) for k in self._legal_bids()]
        if s.phase is Phase.TRUMP:
            return [NameTrump(x) for x in SUITS]
        if s.phase is Phase.EXCHANGE:
            assert s.turn is not None
            hand = _cards(s.hands[s.turn])
            lo, hi = self._exchange_bounds(s.turn)
            return [Exchange(combo) for n in range(lo, hi + 1) for combo in itertools.combinations(hand, n)]
        if s.phase is Phase.VOLE:
            return [DeclareVole(True), DeclareVole(False)]
        if s.phase is Phase.PLAY:
            return [_PLAYS[c.index] for c in self.legal_cards()]
        return []

    def legal_cards(self) -> list[Card]:
        """The cards the current player may play, in card order (empty outside the play phase).

        The same set as :func:`ombre.engine.rules.legal_plays`, computed with bit masks.
        """
        s = self._s
        if s.phase is not Phase.PLAY or s.turn is None or s.trump is None:
            return []
        led = s.trick_cards[0].index if s.trick_cards else -1
        return list(_cards(legal_mask(s.hands[s.turn], led, CARD_SPACE[s.trump])))

    def _legal_bids(self) -> list[str]:
        kinds = {b.kind for _, b in self._s.bids}
        out = ["pass"]
        if not kinds & {"play", "sans-prendre"}:
            out.append("play")
        if "sans-prendre" not in kinds:
            out.append("sans-prendre")
        return out

    def _exchange_bounds(self, seat: int) -> tuple[int, int]:
        s = self._s
        left = 13 - s.stock_pos
        hi = min(len(_cards(s.hands[seat])), left)
        lo = 0
        if seat == s.ombre and not s.sans_prendre and self.rules.ombre_must_take_in and hi > 0:
            lo = 1
        return lo, hi

    # -- moves ---------------------------------------------------------------

    def _name(self, seat: int | None) -> str:
        return self.players[seat] if seat is not None else "nobody"

    def apply(self, action: Action, *, strict: bool = True) -> None:
        """Make a move.  Raises :class:`IllegalActionError` (or :class:`IllegalPlayError`) naming the rule.

        With ``strict=False`` a card played against the rule of following is
        accepted and recorded as a renounce (see :attr:`renounces`), as
        happens in a recorded game; everything else stays strict.
        """
        s = self._s
        if s.phase is Phase.FINISHED:
            raise IllegalActionError("the hand is over")
        snapshot = _Core(**vars(s))
        if isinstance(action, Play):
            self._apply_play(action.card, strict)
        elif isinstance(action, Bid):
            self._apply_bid(action)
        elif isinstance(action, NameTrump):
            self._apply_trump(action)
        elif isinstance(action, Exchange):
            self._apply_exchange(action)
        elif isinstance(action, DeclareVole):
            self._apply_vole(action)
        else:
            raise IllegalActionError(f"{action!r} is not an Ombre action")
        self._s.history = snapshot.history + (action,)
        self._undo.append(snapshot)

    def _wrong_phase(self, what: str) -> IllegalActionError:
        phase = self._s.phase.value
        return IllegalActionError(f"{what} is not allowed now: the hand is in the {phase} phase")

    def _apply_bid(self, bid: Bid) -> None:
        """Bidding as in 1665: "the first hand having alwayes the choice to play or pass, after him the
        second"; each speaks once; a bid to play without taking in outranks an ordinary game and ends
        the bidding.  If all pass: forced Spadille if the rule set has it (Hoyle), else a new deal."""
        s = self._s
        if s.phase is not Phase.BIDDING:
            raise self._wrong_phase(f"bidding {bid.kind!r}")
        seat = s.turn
        assert seat is not None
        if bid.kind not in self._legal_bids():
            raise IllegalActionError(
                f"{self._name(seat)} may not bid {bid.kind!r}: a higher bid has been made", seat=seat
            )
        s.bids = s.bids + ((seat, bid),)
        if bid.kind == "sans-prendre":
            self._start_game(seat, sans_prendre=True)
            return
        if len(s.bids) < 3:
            s.turn = (seat + 1) % 3
            return
        players = [p for p, b in s.bids if b.kind == "play"]
        if players:
            self._start_game(players[0], sans_prendre=False)
            return
        if self.rules.forced_spadille:
            for p in range(3):
                if s.hands[p] >> SPADILLE.index & 1:
                    s.forced = True
                    self._start_game(p, sans_prendre=False)
                    return
        s.passed_out = True
        s.phase = Phase.FINISHED
        s.turn = None

    def _start_game(self, ombre: int, *, sans_prendre: bool) -> None:
        s = self._s
        s.ombre = ombre
        s.sans_prendre = sans_prendre
        s.phase = Phase.TRUMP
        s.turn = ombre

    def _apply_trump(self, action: NameTrump) -> None:
        """The Ombre names the trump before taking in (1665, "Of taking in", article 3; Morley: before he
        deals to himself)."""
        s = self._s
        if s.phase is not Phase.TRUMP:
            raise self._wrong_phase("naming the trump")
        assert s.ombre is not None
        s.trump = action.suit
        first = s.ombre if not s.sans_prendre else (s.ombre + 1) % 3
        s.exchangers = tuple((first + i) % 3 for i in range(3 if not s.sans_prendre else 2))
        s.phase = Phase.EXCHANGE
        self._next_exchanger()

    def _next_exchanger(self) -> None:
        """The Ombre takes in first, then the others in turn while the stock lasts (1665, "Of taking in");
        then the eldest hand leads (Morley)."""
        s = self._s
        if s.exchangers and s.stock_pos < 13:
            s.turn = s.exchangers[0]
            s.exchangers = s.exchangers[1:]
            return
        s.exchangers = ()
        s.phase = Phase.PLAY
        s.leader = self.deal.eldest
        s.turn = s.leader
        s.hands_at_play = s.hands

    def _apply_exchange(self, action: Exchange) -> None:
        """Discard and take in as many from the top of the stock (1665 "Of taking in").  Two rules are the
        engine's conventions, under both rule sets: a defender may always refuse (1665 lets him only
        against a game without taking in), and an ordinary Ombre must take in at least one card (1665,
        article 2, binds only a player who has asked whether any will play without taking in)."""
        s = self._s
        if s.phase is not Phase.EXCHANGE:
            raise self._wrong_phase("an exchange")
        seat = s.turn
        assert seat is not None
        hand = s.hands[seat]
        for c in action.discards:
            if not hand >> c.index & 1:
                raise IllegalActionError(
                    f"{self._name(seat)} cannot discard the {c.name}: not in hand", seat=seat
                )
        lo, hi = self._exchange_bounds(seat)
        n = len(action.discards)
        if n > hi:
            raise IllegalActionError(
                f"{self._name(seat)} cannot take in {n} cards: only {13 - s.stock_pos} left in the stock",
                seat=seat,
            )
        if n < lo:
            raise IllegalActionError(
                f"{self._name(seat)} asked to play, and so must take in at least one card (1665)", seat=seat
            )
        drawn = self.deal.stock[s.stock_pos : s.stock_pos + n]
        if any(c is None for c in drawn):
            raise IllegalActionError("a card taken in from the stock is unknown in this deal", seat=seat)
        hand &= ~card_mask(action.discards)
        hand |= card_mask(c for c in drawn if c is not None)
        s.hands = _replace3(s.hands, seat, hand)
        s.discards = _replace3(s.discards, seat, s.discards[seat] + action.discards)
        s.taken_in = _replace3(s.taken_in, seat, s.taken_in[seat] + n)
        s.stock_pos += n
        self._next_exchanger()

    def _apply_vole(self, action: DeclareVole) -> None:
        """The vole declaration, "before the fifth Trick" (1665 "Of the Voll")."""
        s = self._s
        if s.phase is not Phase.VOLE:
            raise self._wrong_phase("declaring the vole")
        s.vole_declared = action.declared
        s.phase = Phase.PLAY

    def play(self, card: Card | str) -> None:
        """Play a card for the current player; raise :class:`IllegalPlayError` naming the rule."""
        c = as_card(card, self._s.trump)
        self.apply(Play(c))

    def _apply_play(self, card: Card, strict: bool) -> None:
        """Play a card (legality: :func:`ombre.engine.rules.why_illegal`); the winner of a trick leads to the
        next (Morley); under 1665 the Ombre who has won the first four tricks is asked about the vole."""
        s = self._s
        if s.phase is not Phase.PLAY:
            raise IllegalPlayError(
                f"no card can be played now: the hand is in the {s.phase.value} phase", card=str(card)
            )
        seat = s.turn
        assert seat is not None and s.trump is not None
        hand = s.hands[seat]
        if not hand >> card.index & 1:
            for other in range(3):
                if s.hands[other] >> card.index & 1:
                    raise IllegalPlayError(
                        f"it is {self._name(seat)}'s turn, not {self._name(other)}'s",
                        card=str(card),
                        seat=seat,
                    )
            raise IllegalPlayError(
                f"the {card.name} is not in {self._name(seat)}'s hand", card=str(card), seat=seat
            )
        reason = why_illegal(_cards(hand), s.trick_cards, card, s.trump)
        if reason is not None:
            if strict:
                raise IllegalPlayError(reason, card=str(card), seat=seat)
            s.renounces = s.renounces + (Renounce(len(s.tricks) + 1, seat, card, reason),)
        s.hands = _replace3(s.hands, seat, hand & ~(1 << card.index))
        s.trick_cards = s.trick_cards + (card,)
        if len(s.trick_cards) < 3:
            s.turn = (seat + 1) % 3
            return
        trick = Trick(s.leader, s.trick_cards, s.trump)
        w = trick.winner
        s.tricks = s.tricks + (trick,)
        s.tricks_won = _replace3(s.tricks_won, w, s.tricks_won[w] + 1)
        s.trick_cards = ()
        s.leader = w
        s.turn = w
        if not any(s.hands):
            s.phase = Phase.FINISHED
            s.turn = None
            return
        before = self.rules.vole_must_be_declared_before_trick
        if (
            before is not None
            and not s.vole_offered
            and len(s.tricks) == before - 1
            and s.ombre is not None
            and s.tricks_won[s.ombre] == len(s.tricks)
        ):
            s.vole_offered = True
            s.phase = Phase.VOLE
            s.turn = s.ombre

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._undo:
            raise IllegalActionError("there is nothing to undo")
        last = self._s.history[-1]
        self._s = self._undo.pop()
        return last

    def clone(self) -> GameState:
        """An independent copy (undo history included)."""
        other = GameState.__new__(GameState)
        other.deal = self.deal
        other.rules = self.rules
        other.players = self.players
        other.pool_before = self.pool_before
        other._s = _Core(**vars(self._s))
        other._undo = list(self._undo)
        return other

    # -- views -----------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """What ``seat`` can see now (for computer players and widgets)."""
        if not is_seat(seat):
            raise OmbreError(f"seat must be 0, 1 or 2, not {seat!r}")
        s = self._s
        played = frozenset(c for t in s.tricks for c in t.cards) | frozenset(s.trick_cards)
        return SeatView(
            seat=seat,
            phase=s.phase,
            current_player=s.turn,
            dealer=self.deal.dealer,
            players=self.players,
            rules=self.rules.name,
            bids=s.bids,
            ombre=s.ombre,
            sans_prendre=s.sans_prendre,
            trump=s.trump,
            hand=_cards(s.hands[seat]),
            discards=s.discards[seat],
            taken_in=s.taken_in,
            stock_left=13 - s.stock_pos,
            vole_declared=s.vole_declared,
            tricks=s.tricks,
            current_trick=self.current_trick,
            tricks_won=s.tricks_won,
            played=played,
            legal_actions=tuple(self.legal_actions()) if s.turn == seat else (),
        )

    def __repr__(self) -> str:
        return (
            f"<GameState {self._s.phase.value}, to act: {self._name(self._s.turn)}, "
            f"trump: {self._s.trump.plural if self._s.trump else '-'}, tricks: {self._s.tricks_won}>"
        )

    def _repr_html_(self) -> str:
        from ombre.display.replay import state_html  # display layer, imported lazily

        return state_html(self)


_T = TypeVar("_T")


def _replace3(t: tuple[_T, _T, _T], i: int, v: _T) -> tuple[_T, _T, _T]:
    """``t`` with item ``i`` replaced by ``v``."""
    if i == 0:
        return (v, t[1], t[2])
    if i == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)
