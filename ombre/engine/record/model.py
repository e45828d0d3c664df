"""The record's model: a game as a record holds it (:class:`GameRecord` and its parts), tags, constants.

A record is plain data: :mod:`ombre.engine.record.reader` builds it from text,
:mod:`ombre.engine.record.writer` writes it back, and
:mod:`ombre.engine.record.replay` plays it through the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ombre.engine.cards import Card, CardError, Suit, parse_card
from ombre.engine.game import Bid, DeclareVole, GameState, NameTrump, Play
from ombre.engine.game import Exchange as GameExchange
from ombre.errors import RecordError

__all__ = [
    "Pos",
    "RecordCard",
    "RecordedDeal",
    "BiddingSection",
    "TrumpSection",
    "ExchangeEntry",
    "ExchangeSection",
    "VoleDeclaration",
    "RecordedTrick",
    "GameRecord",
    "BIDS",
    "RESULTS",
    "STRUCTURED_TAGS",
]

#: Bids as written in the ``Bidding:`` section, in the order of rank.
BIDS: tuple[str, ...] = ("pass", "play", "sans-prendre")
_BID_ALIASES: dict[str, str] = {
    "pass": "pass",
    "play": "play",
    "sans-prendre": "sans-prendre",
    "sans_prendre": "sans-prendre",
    "sansprendre": "sans-prendre",
}

#: Values of the ``[Result]`` tag: the four results of a hand, ``passed`` (all
#: three passed, so nobody played) and ``*`` (not finished or not known).
RESULTS: tuple[str, ...] = ("win", "codille", "repuesto", "vole", "passed", "*")

#: Tags that become fields of :class:`GameRecord`; every other tag is kept in
#: :attr:`GameRecord.tags` in the order read.
STRUCTURED_TAGS: tuple[str, ...] = ("Rules", "Players", "Dealer", "Deal", "Result")
_STRUCTURED_FOLDED = {t.casefold(): t for t in STRUCTURED_TAGS}

_HAND_SIZE = 9
_STOCK_SIZE = 13

#: A free tag's name: what the reader accepts and the writer checks before writing it.
_TAG_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Pos:
    """A place in a record's text: 1-based line and column."""

    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.line}:{self.col}"


@dataclass(slots=True)
class _Problem:
    """A problem of a record and where it is; the reader and the replay collect them."""

    message: str
    pos: Pos | None


def _record_error(message: str, path: str | None, pos: Pos | None) -> RecordError:
    return RecordError(message, path=path, line=pos.line if pos else None, col=pos.col if pos else None)


@dataclass(frozen=True, slots=True)
class RecordCard:
    """A card as a record gives it: known, conjectural (``7s?``) or unknown (``??``).

    >>> RecordCard.parse("7s?")
    RecordCard('7s?')
    >>> str(RecordCard.parse("??")), RecordCard.parse("A♠").card
    ('??', Card.parse('As'))
    """

    card: Card | None
    conjectural: bool = False
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.card is None and self.conjectural:
            raise ValueError("an unknown card (??) cannot also be conjectural")

    @property
    def known(self) -> bool:
        """True unless the card is ``??``."""
        return self.card is not None

    @classmethod
    def parse(cls, text: str, pos: Pos | None = None) -> RecordCard:
        """Read ``As``, ``A♠``, ``7s?`` or ``??``; raise :class:`CardError` otherwise."""
        if text == "??":
            return cls(None, False, pos)
        conjectural = text.endswith("?")
        core = text[:-1] if conjectural else text
        if not core or "?" in core:
            raise CardError(
                f"{text!r} is not a card (write e.g. As, 7h, ?? for unknown, 7h? for conjectural)"
            )
        try:
            card = parse_card(core)
        except CardError:
            raise CardError(f"{text!r} is not a card (write e.g. As, 7h, Kd)") from None
        return cls(card, conjectural, pos)

    def __str__(self) -> str:
        if self.card is None:
            return "??"
        return f"{self.card}?" if self.conjectural else str(self.card)

    def __repr__(self) -> str:
        return f"RecordCard({str(self)!r})"


def _cards_text(cards: Iterable[RecordCard]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """The ``[Deal]`` tag: three hands in the order of :attr:`GameRecord.players`, then the stock.

    The stock is listed top card first: when the exchange does not say which
    cards a player took in, he takes them from the top.
    """

    hands: tuple[tuple[RecordCard, ...], tuple[RecordCard, ...], tuple[RecordCard, ...]]
    stock: tuple[RecordCard, ...]
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def all_cards(self) -> tuple[RecordCard, ...]:
        """Every card of the deal: the three hands, then the stock."""
        return self.hands[0] + self.hands[1] + self.hands[2] + self.stock

    @property
    def complete(self) -> bool:
        """True when no card of the deal is ``??``."""
        return all(c.known for c in self.all_cards())

    @property
    def conjectural(self) -> bool:
        """True when some card of the deal is a reconstruction (``7s?``)."""
        return any(c.conjectural for c in self.all_cards())

    @classmethod
    def unknown(cls) -> RecordedDeal:
        """A deal of which nothing is known: every card ``??``."""
        hand = tuple(RecordCard(None) for _ in range(_HAND_SIZE))
        return cls((hand, hand, hand), tuple(RecordCard(None) for _ in range(_STOCK_SIZE)))

    def __str__(self) -> str:
        return " / ".join(_cards_text(h) for h in (*self.hands, self.stock))


@dataclass(frozen=True, slots=True)
class BiddingSection:
    """The ``Bidding:`` section: the bids in the order made, eldest hand first."""

    bids: tuple[str, ...]
    comments: tuple[str, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)
    bid_pos: tuple[Pos, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TrumpSection:
    """The ``Trump:`` section: the suit the Ombre named."""

    suit: Suit
    comments: tuple[str, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ExchangeEntry:
    """One player's turn at the exchange.

    ``discards`` is empty for a player who refuses to take in.  ``takes`` is
    ``None`` when the record does not say which cards came from the stock (they
    are then the top cards); otherwise it has as many cards as ``discards``.
    """

    discards: tuple[RecordCard, ...]
    takes: tuple[RecordCard, ...] | None = None
    pos: Pos | None = field(default=None, compare=False, repr=False)

    @property
    def refused(self) -> bool:
        return not self.discards

    def __str__(self) -> str:
        if not self.discards:
            return "refuse"
        text = "discard " + _cards_text(self.discards)
        if self.takes is not None:
            text += " take " + _cards_text(self.takes)
        return text


@dataclass(frozen=True, slots=True)
class ExchangeSection:
    """The ``Exchange:`` section: one entry a player, the Ombre first, then in turn."""

    entries: tuple[ExchangeEntry, ...]
    comments: tuple[str, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class VoleDeclaration:
    """The word ``Vole`` in the movetext: the Ombre declares a vole before trick ``before_trick``."""

    before_trick: int
    comments: tuple[str, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class RecordedTrick:
    """One trick as recorded: its number and the cards in the order played."""

    number: int
    cards: tuple[RecordCard, ...]
    comments: tuple[str, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as a record holds it; ``read_records(write_record(g)) == [g]``.

    Positions (``pos`` fields) say where each element was read, for error
    messages; they take no part in equality.
    """

    players: tuple[str, str, str]
    deal: RecordedDeal
    rules: str = "1665"
    tags: tuple[tuple[str, str], ...] = ()
    result: str | None = None
    comments: tuple[str, ...] = ()
    bidding: BiddingSection | None = None
    trump: TrumpSection | None = None
    exchange: ExchangeSection | None = None
    vole: VoleDeclaration | None = None
    tricks: tuple[RecordedTrick, ...] = ()
    path: str | None = field(default=None, compare=False, repr=False)
    pos: Pos | None = field(default=None, compare=False, repr=False)
    tag_pos: tuple[tuple[str, Pos], ...] = field(default=(), compare=False, repr=False)

    @property
    def dealer(self) -> str:
        """The dealer: the last of the three players (play runs eldest, middle, dealer)."""
        return self.players[2]

    @property
    def eldest(self) -> str:
        """The eldest hand, on the dealer's right: speaks and leads first."""
        return self.players[0]

    def tag(self, name: str) -> str | None:
        """The value of an unstructured tag such as ``Event``, or ``None``."""
        for key, value in self.tags:
            if key == name:
                return value
        return None

    def seat_of(self, name: str) -> int:
        """The seat (0 = eldest, 2 = dealer) of a player named in the record."""
        return self.players.index(name)

    def _repr_html_(self) -> str:
        from ombre.display.replay import record_html  # display layer, imported lazily

        return record_html(self)

    @property
    def conjectural(self) -> bool:
        """True when some card of the deal, the exchange or the play is a reconstruction (``7s?``)."""
        return any(c.conjectural for c in self._record_cards())

    @property
    def conjectural_cards(self) -> frozenset[Card]:
        """The cards marked as reconstructions (``7s?``) anywhere in the deal, the exchange or the play."""
        return frozenset(c.card for c in self._record_cards() if c.conjectural and c.card is not None)

    def _record_cards(self) -> list[RecordCard]:
        cards: list[RecordCard] = list(self.deal.all_cards())
        if self.exchange is not None:
            for e in self.exchange.entries:
                cards.extend(e.discards)
                cards.extend(e.takes or ())
        for t in self.tricks:
            cards.extend(t.cards)
        return cards

    def replay(self) -> GameState:
        """The engine's state where the record ends; raises a located :class:`RecordError`.

        A renounce is accepted and noted in the state's ``renounces`` (and
        penalised in its settlement); :func:`~ombre.engine.record.replay.replay_record` gives more detail.
        """
        from ombre.engine.record.replay import replay_record  # the replay imports this module

        return replay_record(self).state

    @classmethod
    def from_state(
        cls,
        state: GameState,
        *,
        tags: Iterable[tuple[str, str]] = (),
        comments: Iterable[str] = (),
    ) -> GameRecord:
        """The record of a hand played with the engine, from its deal and its moves so far.

        The players are listed from the eldest hand, so seat numbers change if the
        dealer is not seat 2.

        >>> from ombre.engine.game import Deal, GameState, parse_action
        >>> st = GameState(Deal.random(seed=3, dealer=2), players=["Ann", "Ben", "Cat"])
        >>> for move in ("pass", "play", "pass", "trump hearts"):
        ...     st.apply(parse_action(move))
        >>> rec = GameRecord.from_state(st, tags=[("Event", "Seed 3")])
        >>> rec.bidding.bids, rec.trump.suit.plural, rec.replay().phase.value
        (('pass', 'play', 'pass'), 'hearts', 'exchange')
        """
        deal = state.deal
        order = [(deal.dealer + 1 + i) % 3 for i in range(3)]
        players = tuple(state.players[s] for s in order)
        hands = tuple(tuple(RecordCard(c) for c in deal.hands[s]) for s in order)
        stock = tuple(RecordCard(c) for c in deal.stock)
        bids: list[str] = []
        suit: Suit | None = None
        entries: list[ExchangeEntry] = []
        vole: VoleDeclaration | None = None
        tricks: list[list[RecordCard]] = []
        for action in state.history:
            if isinstance(action, Bid):
                bids.append(action.kind)
            elif isinstance(action, NameTrump):
                suit = action.suit
            elif isinstance(action, GameExchange):
                entries.append(ExchangeEntry(tuple(RecordCard(c) for c in action.discards)))
            elif isinstance(action, DeclareVole):
                done = sum(1 for t in tricks if len(t) == 3)
                if action.declared:
                    vole = VoleDeclaration(done + 1)
            elif isinstance(action, Play):
                if not tricks or len(tricks[-1]) == 3:
                    tricks.append([])
                tricks[-1].append(RecordCard(action.card))
        result: str | None = None
        if state.passed_out:
            result = "passed"
        elif state.result is not None:
            result = state.result.value
        return cls(
            players=(players[0], players[1], players[2]),
            deal=RecordedDeal((hands[0], hands[1], hands[2]), stock),
            rules=state.rules.name,
            tags=tuple(tags),
            result=result,
            comments=tuple(comments),
            bidding=BiddingSection(tuple(bids)) if bids else None,
            trump=TrumpSection(suit) if suit is not None else None,
            exchange=ExchangeSection(tuple(entries)) if suit is not None and (entries or tricks) else None,
            vole=vole,
            tricks=tuple(RecordedTrick(i, tuple(t)) for i, t in enumerate(tricks, start=1)),
        )
