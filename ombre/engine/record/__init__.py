"""Game records: a plain-text format for whole games of Ombre, in the spirit of PGN.

A file holds one or more games.  Each game is a block of tag pairs followed by
its movetext::

    [Event "A specimen hand"]
    [Rules "1665"]
    [Players "Ann; Ben; Cat"]
    [Dealer "Cat"]
    [Deal "As 2s Ac Ks Qs Js Kh Kd Kc / ... / ... / ..."]
    Bidding: play pass pass
    Trump: spades
    Exchange: discard 4h take 3s / refuse / refuse
    1. As 3c 4c { Spadille leads. }
    2. ...

Players are listed in the order of play, beginning with the eldest hand (the
dealer's right), so the dealer is always the third name; the hands of
``[Deal]`` are given in the same order, then the 13-card stock, top card
first.  ``??`` is a card nobody knows; ``7s?`` is a card supplied by
reconstruction rather than attested.  Comments are ``{ ... }`` (several lines,
line breaks kept) or ``;`` to the end of the line; a comment belongs to the
element it follows (a section, a trick, the vole declaration), and comments
before the first movetext element belong to the game.  The book's reference
page *record-format* describes every detail.

>>> text = '''[Rules "1665"]
... [Players "Ann; Ben; Cat"]
... [Deal "?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? /
...        ?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??"]
... Bidding: play pass pass ; Ann plays
... Trump: hearts
... '''
>>> [game] = read_records(text)
>>> game.players, game.dealer, game.trump.suit, game.bidding.comments
(('Ann', 'Ben', 'Cat'), 'Cat', <Suit.HEARTS: 'h'>, ('Ann plays',))
>>> read_records(write_record(game)) == [game]
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Literal, NoReturn

from ombre.engine.cards import DECK, Card, CardError, Suit, format_cards, parse_card
from ombre.engine.game import Bid, Deal, DeclareVole, GameState, NameTrump, Phase, Play
from ombre.engine.game import Exchange as GameExchange
from ombre.engine.payments import POOL
from ombre.engine.rules import legal_plays
from ombre.engine.rulesets import RuleSet, get_rules
from ombre.errors import IllegalActionError, OmbreError, RecordError, RulesError

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
    "normalize_comment",
    "read_records",
    "read_record",
    "read_deal_value",
    "read_record_file",
    "example_text",
    "example_names",
    "replay_record",
    "RecordReplay",
    "RenounceNote",
    "ExchangeTurn",
    "parse_records",
    "check_records",
    "write_record",
    "write_records",
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


# --------------------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class Pos:
    """A place in a record's text: 1-based line and column."""

    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.line}:{self.col}"


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
        penalised in its settlement); :func:`replay_record` gives more detail.
        """
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


# --------------------------------------------------------------------------- comments


def normalize_comment(raw: str) -> str:
    """The canonical text of a comment: how the reader stores what it found between braces.

    Trailing spaces and leading/trailing blank lines go; text on the line of the
    opening brace loses its leading space; the following lines lose the
    indentation they all share.  Line breaks are kept, so verse stays verse.

    >>> normalize_comment("  Spadillio first  ")
    'Spadillio first'
    >>> normalize_comment("\\n    49  Spadillio first,\\n    50  Led off two captive trumps\\n")
    '49  Spadillio first,\\n50  Led off two captive trumps'
    """
    lines = [line.rstrip() for line in raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    first = lines[0].strip()
    rest = lines[1:]
    indents = [line[: len(line) - len(line.lstrip())] for line in rest if line]
    common = os.path.commonprefix(indents) if indents else ""
    rest = [line[len(common) :] for line in rest]
    out = ([first] if first else []) + rest
    while out and not out[0]:
        out.pop(0)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def _write_comment(text: str) -> str:
    body = text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
    if "\n" not in body:
        return "{ " + body + " }"
    return "{\n" + "\n".join("  " + line if line else "" for line in body.split("\n")) + "\n}"


# --------------------------------------------------------------------------- lexer


@dataclass(slots=True)
class _Problem:
    message: str
    pos: Pos | None


@dataclass(slots=True)
class _Tok:
    kind: Literal["tag", "comment", "word", "slash"]
    text: str
    pos: Pos
    # for tags: the name and the per-character positions of the (unescaped) value
    name: str = ""
    value_pos: list[Pos] = field(default_factory=list)
    blank_before: bool = False  # a blank line separates this token from the one before


_TAG_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_WORD_STOP = set(" \t\n\r\f\v{};[]/")


class _Lexer:
    def __init__(self, text: str, problems: list[_Problem]) -> None:
        self.s = text
        self.i = 0
        self.line = 1
        self.col = 1
        self.problems = problems

    def pos(self) -> Pos:
        return Pos(self.line, self.col)

    def advance(self) -> str:
        ch = self.s[self.i]
        self.i += 1
        if ch == "\n":
            self.line += 1
            self.col = 1
        else:
            self.col += 1
        return ch

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def skip_line(self) -> None:
        while self.i < len(self.s) and self.s[self.i] != "\n":
            self.advance()

    def skip_inline_space(self) -> None:
        while self.peek() in (" ", "\t"):
            self.advance()

    def tokens(self) -> Iterator[_Tok]:
        newlines = 0
        while self.i < len(self.s):
            ch = self.peek()
            if ch.isspace():
                newlines += ch == "\n"
                self.advance()
                continue
            blank = newlines >= 2
            newlines = 0
            tok: _Tok | None = None
            if ch == "{":
                tok = self.brace_comment()
            elif ch == ";":
                start = self.pos()
                self.advance()
                begin = self.i
                self.skip_line()
                tok = _Tok("comment", normalize_comment(self.s[begin : self.i]), start)
            elif ch == "[":
                tok = self.tag()
            elif ch == "/":
                tok = _Tok("slash", "/", self.pos())
                self.advance()
            elif ch in "}]":
                what = "comment" if ch == "}" else "tag"
                opener = "{" if ch == "}" else "["
                self.problems.append(
                    _Problem(f"{ch!r} closes a {what} that was never opened with {opener!r}", self.pos())
                )
                self.advance()
            else:
                start = self.pos()
                begin = self.i
                while self.i < len(self.s) and self.s[self.i] not in _WORD_STOP:
                    self.advance()
                tok = _Tok("word", self.s[begin : self.i], start)
            if tok is not None:
                tok.blank_before = blank
                yield tok

    def brace_comment(self) -> _Tok | None:
        start = self.pos()
        opened = (self.i, self.line, self.col)
        self.advance()
        buf: list[str] = []
        while self.i < len(self.s):
            at = self.pos()
            ch = self.advance()
            if ch == "}":
                return _Tok("comment", normalize_comment("".join(buf)), start)
            if ch == "{":
                # most likely this comment's '}' is missing: say so here, not where the text it
                # swallowed breaks the record, and read on after the line it was opened on
                self.problems.append(
                    _Problem(
                        "comment not closed: '{' has no matching '}' before the next '{' at "
                        f"{at.line}:{at.col} (inside a comment, write \\{{ for a brace)",
                        start,
                    )
                )
                self.i, self.line, self.col = opened
                self.skip_line()
                return None
            if ch == "\\" and self.peek() in ("{", "}", "\\"):
                buf.append(self.advance())
            else:
                buf.append(ch)
        self.problems.append(_Problem("comment not closed: '{' has no matching '}'", start))
        return None

    def tag(self) -> _Tok | None:
        start = self.pos()
        self.advance()
        self.skip_inline_space()
        m = _TAG_NAME_RE.match(self.s, self.i)
        if not m:
            self.problems.append(_Problem('a tag needs a name: write [Name "value"]', self.pos()))
            self.skip_line()
            return None
        name = m.group(0)
        for _ in name:
            self.advance()
        self.skip_inline_space()
        if self.peek() != '"':
            self.problems.append(_Problem(f'tag [{name}] needs a quoted value: [{name} "value"]', self.pos()))
            self.skip_line()
            return None
        quote = self.pos()
        self.advance()
        buf: list[str] = []
        where: list[Pos] = []
        while True:
            if self.i >= len(self.s):
                self.problems.append(_Problem(f"tag [{name}]: the value's closing '\"' is missing", quote))
                return None
            here = self.pos()
            ch = self.advance()
            if ch == '"':
                break
            if ch == "\\" and self.peek() in ('"', "\\"):
                ch = self.advance()
            buf.append(ch)
            where.append(here)
        self.skip_inline_space()
        if self.peek() != "]":
            self.problems.append(_Problem(f"tag [{name}] is not closed with ']'", self.pos()))
            self.skip_line()
            return None
        self.advance()
        return _Tok("tag", "".join(buf), start, name=name, value_pos=where)


# --------------------------------------------------------------------------- parser

_SECTIONS = ("bidding", "trump", "exchange")
_TRICK_RE = re.compile(r"([0-9]{1,3})\.")
_RESULT_SET = set(RESULTS)


def _split_value(value: str, where: list[Pos], seps: str) -> list[tuple[str, Pos]]:
    """Split a tag value into words (and separator characters in ``seps``) with their positions."""
    out: list[tuple[str, Pos]] = []
    i = 0
    n = len(value)
    while i < n:
        ch = value[i]
        if ch.isspace():
            i += 1
        elif ch in seps:
            out.append((ch, where[i]))
            i += 1
        else:
            j = i
            while j < n and not value[j].isspace() and value[j] not in seps:
                j += 1
            out.append((value[i:j], where[i]))
            i = j
    return out


@dataclass(slots=True)
class _PendingEntry:
    """An exchange turn being read: ``mode`` is None, "discard", "take" or "refuse"."""

    mode: str | None = None
    discards: list[RecordCard] = field(default_factory=list)
    takes: list[RecordCard] | None = None
    pos: Pos | None = None


class _GameBuilder:
    """Collects one game's tags, elements and comments while the parser walks the tokens."""

    def __init__(self, path: str | None, problems: list[_Problem], start: Pos) -> None:
        self.path = path
        self.problems = problems
        self.start = start
        self.tags: list[tuple[str, str]] = []
        self.tag_pos: list[tuple[str, Pos]] = []
        self.seen_tags: set[str] = set()
        self.players: tuple[str, str, str] | None = None
        self.dealer: tuple[str, Pos] | None = None
        self.deal_groups: list[list[RecordCard]] | None = None
        self.deal_pos: Pos = start
        self.rules = "1665"
        self.result: str | None = None
        self.comments: list[str] = []
        self.bidding: BiddingSection | None = None
        self.trump: TrumpSection | None = None
        self.trump_pos: Pos = start
        self.trump_opened = False
        self.trump_words = 0
        self.trump_comments: list[str] = []
        self.exchange: ExchangeSection | None = None
        self.entry: _PendingEntry | None = None
        self.vole: VoleDeclaration | None = None
        self.tricks: list[RecordedTrick] = []
        # the element the next comment belongs to: "game", a section name, "vole" or "trick"
        self.last = "game"
        self.section: str | None = None  # where loose words go: a section name or "play"
        self.moved = False  # any movetext seen

    def problem(self, message: str, pos: Pos | None) -> None:
        self.problems.append(_Problem(message, pos))

    def ends_before(self, tag: _Tok) -> bool:
        """Whether ``tag`` begins the next game rather than adding to this one.

        It does after this game's movetext, and after a blank line once this
        game has its [Players] and [Deal].  A tag repeated within the header
        adds to this game, and :meth:`add_tag` reports it as a duplicate.
        """
        if self.moved:
            return True
        return tag.blank_before and {"Players", "Deal"} <= self.seen_tags

    # ---- tags

    def add_tag(self, tok: _Tok) -> None:
        name = tok.name
        if name in self.seen_tags:
            hint = ""
            if {"Players", "Deal"} <= self.seen_tags:
                hint = " (to begin another game, leave a blank line before its tags)"
            self.problem(f"duplicate tag [{name}]{hint}", tok.pos)
            return
        if name not in STRUCTURED_TAGS and name.casefold() in _STRUCTURED_FOLDED:
            right = _STRUCTURED_FOLDED[name.casefold()]
            self.problem(f"tag [{name}]: tags are case-sensitive; did you mean [{right}]?", tok.pos)
            return
        self.seen_tags.add(name)
        self.tag_pos.append((name, tok.pos))
        value = tok.text
        vpos = tok.value_pos
        first = vpos[0] if vpos else tok.pos
        if name == "Players":
            self.read_players(value, first)
        elif name == "Dealer":
            self.dealer = (value.strip(), first)
        elif name == "Deal":
            self.read_deal(value, vpos, tok.pos)
        elif name == "Rules":
            try:
                self.rules = get_rules(value).name
            except RulesError as exc:
                self.problem(str(exc), first)
        elif name == "Result":
            if value.strip() not in _RESULT_SET:
                self.problem(f"[Result] {value!r} is not a result (use one of {', '.join(RESULTS)})", first)
            else:
                self.result = value.strip()
        else:
            self.tags.append((name, value))

    def read_players(self, value: str, pos: Pos) -> None:
        names = [n.strip() for n in value.split(";")]
        if len(names) != 3 or not all(names):
            found = len([n for n in names if n])
            self.problem(
                f"[Players] must name three players separated by ';', eldest hand first (found {found})", pos
            )
        elif len(set(names)) != 3:
            self.problem("[Players]: the three names must differ", pos)
        else:
            self.players = (names[0], names[1], names[2])

    def read_deal(self, value: str, vpos: list[Pos], tagpos: Pos) -> None:
        groups: list[list[RecordCard]] = [[]]
        for word, wpos in _split_value(value, vpos, "/"):
            if word == "/":
                groups.append([])
                continue
            try:
                groups[-1].append(RecordCard.parse(word, wpos))
            except CardError as exc:
                self.problem(str(exc), wpos)
                groups[-1].append(RecordCard(None, False, wpos))
        self.deal_groups = groups
        self.deal_pos = tagpos

    def build_deal(self, players: tuple[str, str, str]) -> RecordedDeal | None:
        groups = self.deal_groups
        pos = self.deal_pos
        if groups is None:
            return None
        if len(groups) != 4:
            self.problem(f"deal: {len(groups)} groups; give three hands and the stock, separated by '/'", pos)
            return None
        ok = True
        total = sum(len(g) for g in groups)
        if total != len(DECK):
            self.problem(f"deal: {total} cards (the pack has {len(DECK)})", pos)
            ok = False
        for name, g in zip(players, groups, strict=False):
            if len(g) != _HAND_SIZE:
                self.problem(f"deal: {name} has {len(g)} cards ({_HAND_SIZE} are dealt to each)", pos)
                ok = False
        if len(groups[3]) != _STOCK_SIZE:
            self.problem(f"deal: the stock has {len(groups[3])} cards (it should have {_STOCK_SIZE})", pos)
            ok = False
        seen: set[Card] = set()
        for rc in (c for g in groups for c in g):
            if rc.card is not None:
                if rc.card in seen:
                    self.problem(f"duplicate card {rc.card} in the deal", rc.pos)
                    ok = False
                seen.add(rc.card)
        if not ok:
            return None
        return RecordedDeal((tuple(groups[0]), tuple(groups[1]), tuple(groups[2])), tuple(groups[3]), pos)

    # ---- movetext

    def comment(self, text: str) -> None:
        if not text:
            return
        last = self.last
        if last == "bidding" and self.bidding is not None:
            self.bidding = replace(self.bidding, comments=self.bidding.comments + (text,))
        elif last == "trump":
            if self.trump is not None:
                self.trump = replace(self.trump, comments=self.trump.comments + (text,))
            else:
                self.trump_comments.append(text)
        elif last == "exchange" and self.exchange is not None:
            self.exchange = replace(self.exchange, comments=self.exchange.comments + (text,))
        elif last == "vole" and self.vole is not None:
            self.vole = replace(self.vole, comments=self.vole.comments + (text,))
        elif last == "trick" and self.tricks:
            t = self.tricks[-1]
            self.tricks[-1] = replace(t, comments=t.comments + (text,))
        else:
            self.comments.append(text)

    def word(self, tok: _Tok) -> None:
        self.moved = True
        text = tok.text
        low = text.lower()
        if low.endswith(":") and low[:-1] in _SECTIONS:
            self.open_section(low[:-1], tok.pos)
        elif low == "vole":
            self.declare_vole(tok.pos)
        elif _TRICK_RE.fullmatch(text):
            self.open_trick(int(text[:-1]), tok.pos)
        elif self.section == "bidding":
            self.add_bid(text, tok.pos)
        elif self.section == "trump":
            self.set_trump(text, tok.pos)
        elif self.section == "exchange":
            self.exchange_word(text, tok.pos)
        elif self.section == "play":
            self.play_card(text, tok.pos)
        elif low.endswith(":"):
            self.problem(f"unknown section {text!r} (the sections are Bidding:, Trump:, Exchange:)", tok.pos)
        else:
            self.problem(
                f"{text!r} is out of place: expected Bidding:, Trump:, Exchange:, Vole or a trick number "
                "such as '1.'",
                tok.pos,
            )

    def slash(self, tok: _Tok) -> None:
        self.moved = True
        if self.section == "exchange":
            self.finish_entry(tok.pos)
            self.entry = _PendingEntry()
        else:
            self.problem("'/' is out of place (it separates the players' turns in Exchange:)", tok.pos)

    def open_section(self, name: str, pos: Pos) -> None:
        self.close_section()
        self.section = None
        title = name.title() + ":"
        if self.tricks or self.vole is not None:
            self.problem(f"{title} must come before the tricks", pos)
            return
        order = _SECTIONS.index(name)
        present = (self.bidding, True if self.trump_opened else None, self.exchange)
        if present[order] is not None:
            self.problem(f"{title} appears twice", pos)
            return
        later = [
            s for s, p in zip(_SECTIONS[order + 1 :], present[order + 1 :], strict=True) if p is not None
        ]
        if later:
            self.problem(f"{title} must come before {later[0].title()}:", pos)
            return
        self.section = name
        self.last = name
        if name == "bidding":
            self.bidding = BiddingSection((), (), pos)
        elif name == "exchange":
            self.exchange = ExchangeSection((), (), pos)
            self.entry = _PendingEntry()
        else:
            self.trump_pos = pos
            self.trump_opened = True

    def close_section(self) -> None:
        if self.section == "exchange":
            self.finish_entry(None)
            self.entry = None
        elif self.section == "trump" and self.trump_words == 0:
            self.problem("Trump: names no suit (write e.g. 'Trump: spades')", self.trump_pos)
            self.trump_words = 1  # reported once

    def add_bid(self, text: str, pos: Pos) -> None:
        bid = _BID_ALIASES.get(text.lower())
        if bid is None:
            self.problem(f"{text!r} is not a bid (the bids are {', '.join(BIDS)})", pos)
        elif self.bidding is not None:
            b = self.bidding
            self.bidding = replace(b, bids=b.bids + (bid,), bid_pos=b.bid_pos + (pos,))

    def set_trump(self, text: str, pos: Pos) -> None:
        self.trump_words += 1
        if self.trump_words > 1:
            self.problem(f"Trump: names one suit; {text!r} is one word too many", pos)
            return
        try:
            suit = Suit.parse(text)
        except CardError:
            self.problem(f"{text!r} is not a suit (write spades, clubs, hearts or diamonds)", pos)
            return
        self.trump = TrumpSection(suit, tuple(self.trump_comments), self.trump_pos)

    def exchange_word(self, text: str, pos: Pos) -> None:
        cur = self.entry
        if cur is None:
            return
        low = text.lower()
        if low in ("discard", "discards"):
            if cur.mode is not None:
                self.problem("'discard' begins a player's turn; separate the turns with '/'", pos)
            else:
                cur.mode, cur.pos = "discard", pos
        elif low in ("take", "takes"):
            if cur.mode != "discard":
                self.problem("'take' must follow 'discard CARDS'", pos)
            else:
                cur.mode, cur.takes = "take", []
        elif low in ("refuse", "refuses"):
            if cur.mode is not None:
                self.problem("'refuse' is a whole turn; separate the turns with '/'", pos)
            else:
                cur.mode, cur.pos = "refuse", pos
        elif cur.mode not in ("discard", "take"):
            self.problem(
                f"{text!r} is out of place in Exchange: (write 'discard CARDS take CARDS' or 'refuse')", pos
            )
        else:
            try:
                rc = RecordCard.parse(text, pos)
            except CardError as exc:
                self.problem(str(exc), pos)
                rc = RecordCard(None, False, pos)
            if cur.mode == "discard":
                cur.discards.append(rc)
            elif cur.takes is not None:
                cur.takes.append(rc)

    def finish_entry(self, at: Pos | None) -> None:
        cur = self.entry
        if cur is None or self.exchange is None:
            return
        if cur.mode is None:
            if at is not None or self.exchange.entries:
                self.problem(
                    "empty turn in Exchange: (write 'refuse' for a player who takes in nothing)",
                    at or self.exchange.pos,
                )
            return
        if cur.mode == "refuse":
            entry = ExchangeEntry((), None, cur.pos)
        elif not cur.discards:
            self.problem("'discard' names no cards (write 'refuse' to take in nothing)", cur.pos)
            return
        elif cur.takes is not None and len(cur.takes) != len(cur.discards):
            self.problem(
                f"exchange: {len(cur.discards)} cards discarded but {len(cur.takes)} taken in", cur.pos
            )
            return
        else:
            takes = None if cur.takes is None else tuple(cur.takes)
            entry = ExchangeEntry(tuple(cur.discards), takes, cur.pos)
        self.exchange = replace(self.exchange, entries=self.exchange.entries + (entry,))

    def declare_vole(self, pos: Pos) -> None:
        self.close_section()
        self.section = None
        if self.vole is not None:
            self.problem("the vole is declared twice", pos)
        elif self.tricks and len(self.tricks[-1].cards) < 3:
            self.problem("a vole is declared between tricks, not in the middle of one", pos)
        else:
            self.vole = VoleDeclaration(len(self.tricks) + 1, (), pos)
            self.last = "vole"

    def open_trick(self, number: int, pos: Pos) -> None:
        self.close_section()
        self.section = None
        expected = len(self.tricks) + 1
        if expected > 9:
            self.problem("a hand has only nine tricks", pos)
            return
        if number != expected:
            self.problem(f"trick number {expected} expected, found {number}", pos)
        self.tricks.append(RecordedTrick(expected, (), (), pos))
        self.section = "play"
        self.last = "trick"

    def play_card(self, text: str, pos: Pos) -> None:
        t = self.tricks[-1]
        try:
            rc = RecordCard.parse(text, pos)
        except CardError as exc:
            if len(t.cards) >= 3 and t.number < 9:
                # most likely the next trick's number, miswritten ("Four."): one problem, and the
                # cards that follow go to that trick rather than each being "one too many"
                self.problem(
                    f"trick number {t.number + 1} expected (written '{t.number + 1}.'), found {text!r}", pos
                )
                self.open_trick(t.number + 1, pos)
                return
            self.problem(str(exc), pos)
            rc = RecordCard(None, False, pos)
        if len(t.cards) >= 3:
            self.problem(f"trick {t.number} already has three cards; {text!r} is one too many", pos)
        else:
            self.tricks[-1] = replace(t, cards=t.cards + (rc,))

    def finish(self) -> GameRecord | None:
        self.close_section()
        for t in self.tricks:
            if len(t.cards) != 3 and (t is not self.tricks[-1] or not t.cards):
                self.problem(
                    f"trick {t.number} has {len(t.cards)} cards (only the last trick recorded may be short)",
                    t.pos,
                )
        if self.trump is None and self.exchange is not None:
            self.problem(
                "Exchange: needs Trump: before it (the trump is named before taking in)", self.exchange.pos
            )
        self.check_cards_played()
        if "Players" not in self.seen_tags:
            self.problem('missing tag [Players "eldest; middle; dealer"]', self.start)
        if "Deal" not in self.seen_tags:
            self.problem("missing tag [Deal] (write ?? for a card that is not known)", self.start)
        if self.players is None:
            return None
        if self.dealer is not None and self.dealer[0] != self.players[2]:
            self.problem(
                f"[Dealer] {self.dealer[0]!r} must be the last of the [Players] ({self.players[2]!r}): "
                "players are listed from the eldest hand, on the dealer's right",
                self.dealer[1],
            )
        deal = self.build_deal(self.players)
        if deal is None:
            return None
        return GameRecord(
            players=self.players,
            deal=deal,
            rules=self.rules,
            tags=tuple(self.tags),
            result=self.result,
            comments=tuple(self.comments),
            bidding=self.bidding,
            trump=self.trump,
            exchange=self.exchange,
            vole=self.vole,
            tricks=tuple(self.tricks),
            path=self.path,
            pos=self.start,
            tag_pos=tuple(self.tag_pos),
        )

    def check_cards_played(self) -> None:
        """A card is played only once."""
        played: dict[Card, int] = {}
        for t in self.tricks:
            for rc in t.cards:
                if rc.card is None:
                    continue
                if rc.card in played:
                    self.problem(
                        f"trick {t.number}: {rc.card} was already played to trick {played[rc.card]}", rc.pos
                    )
                else:
                    played[rc.card] = t.number


def _parse(text: str, path: str | None) -> tuple[list[tuple[GameRecord, bool]], list[_Problem]]:
    """The games of ``text``, each with a flag saying whether it was read without a problem."""
    text = text.removeprefix("\ufeff")  # a byte-order mark (Notepad's "UTF-8 with BOM") is not text
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    problems: list[_Problem] = []
    games: list[tuple[GameRecord, bool]] = []
    lexer = _Lexer(text, problems)
    builder: _GameBuilder | None = None
    first_problem = 0

    def finish(b: _GameBuilder) -> None:
        game = b.finish()
        if game is not None:
            games.append((game, len(problems) == first_problem))

    for tok in lexer.tokens():
        if builder is None:
            builder = _GameBuilder(path, problems, tok.pos)
        elif tok.kind == "tag" and builder.ends_before(tok):
            finish(builder)
            first_problem = len(problems)
            builder = _GameBuilder(path, problems, tok.pos)
        if tok.kind == "tag":
            builder.add_tag(tok)
        elif tok.kind == "comment":
            builder.comment(tok.text)
        elif tok.kind == "slash":
            builder.slash(tok)
        else:
            builder.word(tok)
    if builder is not None and (builder.seen_tags or builder.moved):
        finish(builder)
    return games, problems


def _sorted_errors(problems: Iterable[_Problem], path: str | None) -> list[RecordError]:
    ordered = sorted(problems, key=lambda p: (p.pos.line, p.pos.col) if p.pos else (0, 0))
    return [_record_error(p.message, path, p.pos) for p in ordered]


def parse_records(text: str, path: str | None = None) -> tuple[list[GameRecord], list[RecordError]]:
    """Read every game of ``text`` and collect every problem of form instead of stopping at the first.

    Returns the games that could be built and the problems (each a located
    :class:`RecordError`), in the order of the text.  The games are not
    replayed; :func:`check_records` does that too.

    >>> games, problems = parse_records('[Players "A; B"]', path="x.omb")
    >>> games
    []
    >>> for p in problems: print(p)
    x.omb:1:1: missing tag [Deal] (write ?? for a card that is not known)
    x.omb:1:11: [Players] must name three players separated by ';', eldest hand first (found 2)
    """
    games, problems = _parse(text, path)
    return [g for g, _ in games], _sorted_errors(problems, path)


def check_records(text: str, path: str | None = None) -> list[RecordError]:
    """Every problem in ``text``, located: its form, then the replay of each sound game.

    A renounce counts as a problem here (it is usually a slip of transcription);
    :meth:`GameRecord.replay` accepts it, and the rule set penalises it.  An
    empty list means the records are sound.

    >>> text = example_text("specimen.omb").replace("7s Kh 5s", "7s Kh Kc").replace("Qd Kc", "Qd 5s")
    >>> for p in check_records(text, path="s.omb"): print(p)
    s.omb:24:10: trick 3: Cat must play a trump: trumps were led (holds 5s)
    s.omb:25:10: trick 4: Cat must play a trump: trumps were led (holds 5s)
    """
    games, problems = _parse(text, path)
    for game, clean in games:
        if clean:
            _Replayer(game, problems).run()
    if not games and not problems:
        problems.append(_Problem(_NO_GAME, Pos(1, 1)))
    return _sorted_errors(problems, path)


_NO_GAME = 'no game found (a game begins with tags such as [Players "..."] and [Deal "..."])'


def _record_error(message: str, path: str | None, pos: Pos | None) -> RecordError:
    return RecordError(message, path=path, line=pos.line if pos else None, col=pos.col if pos else None)


def read_records(text: str, path: str | None = None) -> list[GameRecord]:
    """Read every game in ``text``; raise the first problem as a located :class:`RecordError`.

    >>> read_records("1. As", path="bad.omb")
    Traceback (most recent call last):
    ...
    ombre.errors.RecordError: bad.omb:1:1: missing tag [Players "eldest; middle; dealer"]
    """
    games, problems = parse_records(text, path)
    if problems:
        raise problems[0]
    if not games:
        raise _record_error(
            'no game found (a game begins with tags such as [Players "..."])', path, Pos(1, 1)
        )
    return games


def read_record(text: str, path: str | None = None) -> GameRecord:
    """Read a text that holds exactly one game."""
    games = read_records(text, path)
    if len(games) != 1:
        raise _record_error(f"expected one game, found {len(games)}", path, games[1].pos)
    return games[0]


def example_text(name: str) -> str:
    """The text of an example record shipped in ``ombre/engine/record/examples`` (e.g. ``"specimen.omb"``)."""
    try:
        return resources.files("ombre.engine.record").joinpath("examples", name).read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError):
        raise RecordError("no such example record (see ombre/engine/record/examples)", path=name) from None


def example_names() -> list[str]:
    """The example records shipped with the package, by file name."""
    folder = resources.files("ombre.engine.record").joinpath("examples")
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".omb"))


def read_record_file(path: str) -> list[GameRecord]:
    """Read every game in a record file (UTF-8); errors name the file."""
    try:
        with open(path, encoding="utf-8-sig") as fh:
            text = fh.read()
    except UnicodeDecodeError as exc:
        raise RecordError(f"not a UTF-8 text file ({exc.reason})", path=path) from None
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror or exc}", path=path) from None
    return read_records(text, path)


# --------------------------------------------------------------------------- writer


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def write_record(record: GameRecord) -> str:
    """The canonical text of one game, ending with a newline.

    >>> deal = RecordedDeal.unknown()
    >>> g = GameRecord(("Ann", "Ben", "Cat"), deal, tags=(("Event", "Test"),),
    ...                trump=TrumpSection(Suit.SPADES, ("Let Spades be trumps!",)))
    >>> print(write_record(g), end="")
    [Event "Test"]
    [Rules "1665"]
    [Players "Ann; Ben; Cat"]
    [Dealer "Cat"]
    [Deal "?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? / \
?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??"]
    Trump: spades
    { Let Spades be trumps! }
    """
    for name, _ in record.tags:
        if name.casefold() in _STRUCTURED_FOLDED or not _TAG_NAME_RE.fullmatch(name):
            raise ValueError(f"tag name {name!r} cannot be written as a free tag")
    for p in record.players:
        if ";" in p or p != p.strip() or not p:
            raise ValueError(f"player name {p!r} cannot be written (no ';', no surrounding spaces)")
    lines: list[str] = [_tag(k, v) for k, v in record.tags]
    lines.append(_tag("Rules", record.rules))
    lines.append(_tag("Players", "; ".join(record.players)))
    lines.append(_tag("Dealer", record.dealer))
    lines.append(_tag("Deal", str(record.deal)))
    if record.result is not None:
        lines.append(_tag("Result", record.result))
    lines.extend(_write_comment(c) for c in record.comments)

    def section(head: str, body: str, comments: tuple[str, ...]) -> None:
        lines.append(f"{head} {body}".rstrip())
        lines.extend(_write_comment(c) for c in comments)

    if record.bidding is not None:
        section("Bidding:", " ".join(record.bidding.bids), record.bidding.comments)
    if record.trump is not None:
        section("Trump:", record.trump.suit.plural, record.trump.comments)
    if record.exchange is not None:
        section("Exchange:", " / ".join(str(e) for e in record.exchange.entries), record.exchange.comments)
    for t in record.tricks:
        if record.vole is not None and record.vole.before_trick == t.number:
            section("Vole", "", record.vole.comments)
        section(f"{t.number}.", _cards_text(t.cards), t.comments)
    if record.vole is not None and record.vole.before_trick > len(record.tricks):
        section("Vole", "", record.vole.comments)
    return "\n".join(lines) + "\n"


def write_records(records: Iterable[GameRecord]) -> str:
    """Several games, separated by blank lines."""
    return "\n".join(write_record(r) for r in records)


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True, slots=True)
class RenounceNote:
    """A renounce found in a replayed record: the card, the rule broken, and where it was written."""

    trick: int
    seat: int
    player: str
    card: Card
    message: str
    pos: Pos | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ExchangeTurn:
    """What one turn at the exchange did in the replay: the cards laid out and those taken in."""

    seat: int
    player: str
    discards: tuple[Card, ...]
    taken_in: tuple[Card | None, ...]


@dataclass(frozen=True, eq=False)
class RecordReplay:
    """A record replayed by the engine: the final :class:`~ombre.engine.game.GameState` and what it met.

    ``state`` is where the record ends (the hand is finished if the record
    gives all nine tricks).  ``renounces`` are the revokes found, which the
    engine's rule set penalises in :meth:`~ombre.engine.game.GameState.settlement`.
    """

    record: GameRecord
    state: GameState
    exchange: tuple[ExchangeTurn, ...]
    renounces: tuple[RenounceNote, ...]

    @property
    def complete(self) -> bool:
        """True when the hand is over (nine tricks played, or all three passed)."""
        return self.state.is_terminal()

    @property
    def result(self) -> str | None:
        """``win``, ``codille``, ``repuesto``, ``vole``; ``passed`` if all passed; ``None`` if unfinished."""
        if self.state.passed_out:
            return "passed"
        r = self.state.result
        return None if r is None else r.value

    def to_json(self) -> dict[str, Any]:
        """The replay as plain JSON data (see the *record-format* page for every key)."""
        st = self.state
        rec = self.record
        names = st.players
        units = list(st.rules.units)

        def who(seat: int | None) -> str | None:
            return None if seat is None else ("the pool" if seat == POOL else names[seat])

        def rec_cards(number: int) -> tuple[RecordCard, ...]:
            return rec.tricks[number - 1].cards if number <= len(rec.tricks) else ()

        tricks = [
            {
                "number": i,
                "leader": who(t.leader),
                "cards": [str(c) for c in t.cards],
                "players": [who(s) for s in t.seats],
                "winner": who(t.winner),
                "conjectural": [str(c.card) for c in rec_cards(i) if c.conjectural],
                "comments": list(rec.tricks[i - 1].comments) if i <= len(rec.tricks) else [],
            }
            for i, t in enumerate(st.tricks, start=1)
        ]
        current = st.current_trick
        out: dict[str, Any] = {
            "event": rec.tag("Event"),
            "source": rec.tag("Source"),
            "rules": st.rules.name,
            "rules_title": st.rules.title,
            "players": list(names),
            "eldest": rec.eldest,
            "dealer": rec.dealer,
            "conjectural": rec.conjectural,
            "bids": [{"player": who(s), "bid": b.kind} for s, b in st.bids],
            "ombre": who(st.ombre),
            "sans_prendre": st.sans_prendre,
            "trump": st.trump.plural if st.trump is not None else None,
            "exchange": [
                {
                    "player": e.player,
                    "discards": [str(c) for c in e.discards],
                    "taken_in": [str(c) if c is not None else "??" for c in e.taken_in],
                }
                for e in self.exchange
            ],
            "vole_declared": st.vole_declared,
            "tricks": tricks,
            "unfinished_trick": (
                {"leader": who(current.leader), "cards": [str(c) for c in current.cards]}
                if current is not None and current.cards
                else None
            ),
            "tricks_won": {names[s]: st.tricks_won[s] for s in range(3)},
            "complete": self.complete,
            "passed_out": st.passed_out,
            "result": st.result.value if st.result is not None else None,
            "renounces": [
                {"trick": r.trick, "player": r.player, "card": str(r.card), "message": r.message}
                for r in self.renounces
            ],
            "units": units,
            "payments": None,
            "transfers": [],
            "pool": None,
        }
        if st.is_terminal():
            settlement = st.settlement()
            out["payments"] = st.payments()
            out["transfers"] = [
                {
                    "from": who(t.payer),
                    "to": who(t.payee),
                    "amount": t.amount.as_dict(units),
                    "reason": t.reason,
                }
                for t in settlement.transfers
            ]
            out["pool"] = settlement.pool_after.as_dict(units)
        return out

    def report(self) -> str:
        """A plain-text account: the bidding, the exchange, trick by trick, the result and payments."""
        st = self.state
        rec = self.record
        names = st.players
        lines: list[str] = []
        title = rec.tag("Event") or f"{names[0]}, {names[1]} and {names[2]}"
        lines.append(f"{title} ({st.rules.title})")
        lines.append(f"Players in the order of play: {names[0]} (eldest), {names[1]}, {names[2]} (dealer)")
        if rec.conjectural:
            lines.append("Some cards are conjectural (marked ? in the record).")
        if st.bids:
            spoken = {"pass": "passes", "play": "plays", "sans-prendre": "plays without taking in"}
            lines.append("Bidding: " + "; ".join(f"{names[s]} {spoken[b.kind]}" for s, b in st.bids))
        if st.passed_out:
            lines.append("All three passed: nobody plays.")
        if st.ombre is not None:
            trump = f"; trumps: {st.trump.plural}" if st.trump is not None else ""
            lines.append(f"Ombre: {names[st.ombre]}{trump}")
        if self.exchange:
            turns = []
            for e in self.exchange:
                if not e.discards:
                    turns.append(f"{e.player} refuses")
                else:
                    taken = " ".join(str(c) if c is not None else "??" for c in e.taken_in)
                    turns.append(f"{e.player} discards {format_cards(e.discards)}, takes in {taken}")
            lines.append("Exchange: " + "; ".join(turns))
        if st.vole_declared:
            lines.append(f"{names[st.ombre] if st.ombre is not None else 'The Ombre'} declares the vole.")
        width = max(len(n) for n in names)

        def shown(number: int, k: int, card: Card) -> str:
            recorded = rec.tricks[number - 1].cards if number <= len(rec.tricks) else ()
            return str(recorded[k]) if k < len(recorded) and recorded[k].card == card else str(card)

        for i, t in enumerate(st.tricks, start=1):
            plays = ", ".join(
                f"{names[s]} {shown(i, k, c)}" for k, (s, c) in enumerate(zip(t.seats, t.cards, strict=True))
            )
            lines.append(f"Trick {i}: {plays:<{3 * width + 16}} won by {names[t.winner]}")
        current = st.current_trick
        if current is not None and current.cards:
            n = len(st.tricks) + 1
            plays = ", ".join(
                f"{names[s]} {shown(n, k, c)}"
                for k, (s, c) in enumerate(zip(current.seats, current.cards, strict=True))
            )
            lines.append(f"Trick {len(st.tricks) + 1} (unfinished): {plays}")
        for r in self.renounces:
            lines.append(f"Renounce: {r.message}")
        if st.tricks:
            lines.append("Tricks won: " + ", ".join(f"{names[s]} {st.tricks_won[s]}" for s in range(3)))
        if not st.is_terminal():
            lines.append(f"The record stops here (the hand is in the {st.phase.value} phase).")
            return "\n".join(lines) + "\n"
        if st.result is not None:
            lines.append(f"Result: {st.result.value}")
        settlement = st.settlement()
        units = st.rules.units
        lines.append("Payments (net):")
        for s in range(3):
            lines.append(f"  {names[s]:<{width}}  {settlement.net[s].format(units)}")
        lines.append(f"  {'pool':<{width}}  {_unsigned(settlement.pool_after.as_dict(units))} on the table")
        return "\n".join(lines) + "\n"


def _unsigned(amount: dict[str, int]) -> str:
    parts = [f"{n} {unit.removesuffix('s') if n == 1 else unit}" for unit, n in amount.items() if n]
    return ", ".join(parts) if parts else "nothing"


class _Stop(Exception):
    """Replay cannot go on (the problem has been collected)."""


class _Replayer:
    def __init__(self, record: GameRecord, problems: list[_Problem] | None) -> None:
        self.record = record
        self.problems = problems
        self.renounces: list[RenounceNote] = []
        self.exchange: list[ExchangeTurn] = []

    def complain(self, message: str, pos: Pos | None) -> None:
        """A problem that does not stop the replay."""
        if self.problems is None:
            raise _record_error(message, self.record.path, pos or self.record.pos)
        self.problems.append(_Problem(message, pos or self.record.pos))

    def fail(self, message: str, pos: Pos | None) -> NoReturn:
        """A problem after which the replay cannot go on."""
        self.complain(message, pos)
        raise _Stop

    def tag_pos(self, name: str) -> Pos | None:
        return dict(self.record.tag_pos).get(name)

    def stock(self) -> list[Card | None]:
        """The stock in the order it is drawn: cards named in ``take`` first, in their turn."""
        rec = self.record
        remaining = list(rec.deal.stock)
        order: list[RecordCard] = []
        entries = rec.exchange.entries if rec.exchange is not None else ()
        for entry in entries:
            if entry.refused:
                continue
            if entry.takes is None:
                n = len(entry.discards)
                order.extend(remaining[:n])
                del remaining[:n]
                continue
            for t in entry.takes:
                idx = next((i for i, rc in enumerate(remaining) if rc.card == t.card), None)
                if idx is None:
                    what = "an unknown card" if t.card is None else str(t.card)
                    self.fail(
                        f"exchange: {what} is taken in but is not in the stock (or was taken already)",
                        t.pos or entry.pos,
                    )
                order.append(remaining.pop(idx))
        order.extend(remaining)
        return [rc.card for rc in order]

    def build(self) -> tuple[GameState, RuleSet]:
        rec = self.record
        try:
            rules = get_rules(rec.rules)
        except RulesError as exc:
            self.fail(str(exc), self.tag_pos("Rules"))
        deal_pos = rec.deal.pos or self.tag_pos("Deal")
        hands: list[tuple[Card, ...]] = []
        for name, hand in zip(rec.players, rec.deal.hands, strict=True):
            unknown = [c for c in hand if c.card is None]
            if unknown:
                self.fail(
                    f"deal: {name}'s hand has {len(unknown)} unknown card{'s' if len(unknown) > 1 else ''} "
                    "(??); replay needs every card dealt to a player (mark a reconstruction like 7s?)",
                    unknown[0].pos or deal_pos,
                )
            hands.append(tuple(c.card for c in hand if c.card is not None))
        stock = self.stock()
        try:
            deal = Deal((hands[0], hands[1], hands[2]), tuple(stock), dealer=2)
            state = GameState(deal, rules=rules, players=rec.players)
        except OmbreError as exc:
            self.fail(f"deal: {exc}", deal_pos)
        return state, rules

    def run(self) -> RecordReplay | None:
        try:
            state, rules = self.build()
        except _Stop:
            return None
        try:
            self.play_out(state, rules)
        except _Stop:
            pass
        return RecordReplay(self.record, state, tuple(self.exchange), tuple(self.renounces))

    def play_out(self, state: GameState, rules: RuleSet) -> None:
        rec = self.record
        names = rec.players
        later_trump = rec.trump or rec.exchange or rec.vole or (rec.tricks[0] if rec.tricks else None)
        # ---- bidding
        if rec.bidding is not None:
            b = rec.bidding
            for i, bid in enumerate(b.bids):
                pos = b.bid_pos[i] if i < len(b.bid_pos) else b.pos
                if state.phase is not Phase.BIDDING:
                    self.fail(f"bidding: the bidding is over; {bid!r} is one bid too many", pos)
                try:
                    state.apply(Bid(bid))
                except IllegalActionError as exc:
                    self.fail(f"bidding: {exc.message}", pos)
        if later_trump is not None:
            if state.phase is Phase.BIDDING:
                seat = state.current_player
                who = names[seat] if seat is not None else "a player"
                if rec.bidding is None:
                    self.fail(
                        "Bidding: is missing; replay needs the bids before the trump and the play",
                        later_trump.pos,
                    )
                self.fail(f"bidding: unfinished ({who} has not spoken)", rec.bidding.pos)
            if state.passed_out:
                self.fail(
                    "all three passed, so nobody plays: nothing can follow the bidding", later_trump.pos
                )
        # ---- trump
        later_exchange = rec.exchange or rec.vole or (rec.tricks[0] if rec.tricks else None)
        if rec.trump is not None:
            state.apply(NameTrump(rec.trump.suit))
        elif later_exchange is not None:
            self.fail(
                "Trump: is missing; replay needs the trump before the exchange and the play",
                later_exchange.pos,
            )
        # ---- exchange
        if rec.exchange is not None:
            entries = rec.exchange.entries
            if state.sans_prendre and state.ombre is not None and entries:
                self.sans_prendre_exchange(state, state.ombre, entries)
            for entry in entries:
                self.exchange_turn(state, entry)
        later_play = rec.vole or (rec.tricks[0] if rec.tricks else None)
        if state.phase is Phase.EXCHANGE and later_play is not None:
            seat = state.current_player
            who = names[seat] if seat is not None else "a player"
            if rec.exchange is None:
                self.fail(
                    "Exchange: is missing; replay needs each turn at the exchange "
                    "(write 'refuse' for a player who takes in nothing)",
                    later_play.pos,
                )
            self.fail(
                f"exchange: {who}'s turn is missing (write 'refuse' if he took in nothing)", rec.exchange.pos
            )
        # ---- vole and play
        limit = rules.vole_must_be_declared_before_trick
        if rec.vole is not None:
            if limit is None:
                self.complain(
                    f"the {rules.name} rules have no vole declaration "
                    f"({rules.citation('vole_must_be_declared_before_trick')})",
                    rec.vole.pos,
                )
            elif rec.vole.before_trick > limit:
                self.complain(
                    f"the vole is declared before trick {rec.vole.before_trick}, but it must be declared "
                    f"before trick {limit} ({rules.citation('vole_must_be_declared_before_trick')})",
                    rec.vole.pos,
                )
        for trick in rec.tricks:
            for rc in trick.cards:
                self.offer_vole(state)
                self.play(state, trick, rc)
        if rec.vole is not None and rec.vole.before_trick <= len(state.tricks) + 1:
            self.offer_vole(state)
        if (
            rec.vole is not None
            and limit is not None
            and rec.vole.before_trick <= limit
            and len(state.tricks) >= limit
            and not state.vole_declared
        ):
            ombre = names[state.ombre] if state.ombre is not None else "the Ombre"
            self.complain(
                f"the vole declared before trick {rec.vole.before_trick} cannot stand: {ombre} had lost a "
                f"trick before trick {limit}. This is the engine's convention, not the 1665 rule (which says "
                f'only "declare before the fifth Trick"): the engine takes the declaration when the first '
                f"{limit - 1} tricks are played, and only from an Ombre who has won them all",
                rec.vole.pos,
            )
        self.check_result(state)

    def sans_prendre_exchange(self, state: GameState, ombre: int, entries: Sequence[ExchangeEntry]) -> None:
        """A sans-prendre Ombre does not exchange: say so when the record gives him a turn.

        Three turns, or a first turn that discards the Ombre's cards rather than those of the
        defender whose turn it is, means the Ombre's turn was written in.
        """
        names = self.record.players
        seat = state.current_player
        first = [c.card for c in entries[0].discards if c.card is not None]
        ombres = state.hand(ombre)
        written_in = len(entries) > 2 or (
            seat is not None
            and bool(first)
            and all(c in ombres for c in first)
            and not all(c in state.hand(seat) for c in first)
        )
        if written_in:
            turn = seat if seat is not None else (ombre + 1) % 3
            defenders = [names[turn], names[3 - ombre - turn]]
            self.fail(
                f"exchange: {names[ombre]} plays sans prendre and does not exchange; "
                f"the turns are {defenders[0]}'s and {defenders[1]}'s only",
                entries[0].pos,
            )

    def exchange_turn(self, state: GameState, entry: ExchangeEntry) -> None:
        names = self.record.players
        if state.phase is not Phase.EXCHANGE:
            self.fail(
                "exchange: no one else may take in (every player has had his turn, or the stock is empty); "
                "this turn is one too many",
                entry.pos,
            )
        seat = state.current_player
        assert seat is not None
        unknown = [c for c in entry.discards if c.card is None]
        if unknown:
            self.fail(
                f"exchange: {names[seat]} discards an unknown card (??); replay needs the cards discarded",
                unknown[0].pos or entry.pos,
            )
        discards = tuple(c.card for c in entry.discards if c.card is not None)
        n = len(discards)
        before = state.stock_left
        try:
            state.apply(GameExchange(discards))
        except IllegalActionError as exc:
            self.fail(f"exchange: {exc.message}", entry.pos)
        self.exchange.append(ExchangeTurn(seat, names[seat], discards, tuple(before[:n])))

    def offer_vole(self, state: GameState) -> None:
        if state.phase is Phase.VOLE:
            vole = self.record.vole
            declared = vole is not None and vole.before_trick <= len(state.tricks) + 1
            state.apply(DeclareVole(declared))

    def play(self, state: GameState, trick: RecordedTrick, rc: RecordCard) -> None:
        names = self.record.players
        n = trick.number
        if state.phase is not Phase.PLAY:
            self.fail(
                f"trick {n}: no card can be played now (the hand is in the {state.phase.value} phase)",
                rc.pos or trick.pos,
            )
        if rc.card is None:
            self.fail(
                f"trick {n}: an unknown card (??) cannot be replayed; write the card or a conjecture (7s?)",
                rc.pos or trick.pos,
            )
        seat = state.current_player
        assert seat is not None and state.trump is not None
        hand = state.hand(seat)
        current = state.current_trick
        on_table = current.cards if current is not None else ()
        before = len(state.renounces)
        try:
            state.apply(Play(rc.card), strict=False)
        except IllegalActionError as exc:
            self.fail(f"trick {n}: {exc.message}", rc.pos or trick.pos)
        if len(state.renounces) > before:
            r = state.renounces[-1]
            legal = legal_plays(hand, on_table, state.trump)
            message = f"trick {n}: {names[seat]} {r.rule} (holds {format_cards(legal)})"
            self.renounces.append(RenounceNote(n, seat, names[seat], rc.card, message, rc.pos))
            if self.problems is not None:
                self.problems.append(_Problem(message, rc.pos or trick.pos))

    def check_result(self, state: GameState) -> None:
        said = self.record.result
        if said is None or said == "*":
            return
        pos = self.tag_pos("Result")
        if state.passed_out:
            actual: str | None = "passed"
        else:
            actual = state.result.value if state.result is not None else None
        if actual is None:
            self.complain(f"[Result] says {said!r}, but the record stops before the end of the hand", pos)
        elif actual != said:
            self.complain(f"[Result] says {said!r}, but the replay gives {actual!r}", pos)


def replay_record(record: GameRecord) -> RecordReplay:
    """Replay a record with the engine; raise a located :class:`RecordError` if it cannot be replayed.

    A renounce does not stop the replay: it is noted in
    :attr:`RecordReplay.renounces` and penalised by the rule set.  A record
    may stop anywhere (after the deal, the bidding, in the middle of a
    trick); the replay then ends there.

    >>> rp = replay_record(read_record(example_text("specimen.omb")))
    >>> rp.result, rp.to_json()["tricks_won"]
    ('win', {'Ann': 5, 'Ben': 3, 'Cat': 1})
    """
    result = _Replayer(record, None).run()
    assert result is not None  # without a problem list, every problem is raised
    return result


def read_deal_value(
    value: str, names: tuple[str, str, str] = ("seat 0", "seat 1", "seat 2"), path: str = "<deal>"
) -> RecordedDeal:
    """A ``[Deal]`` tag's value read on its own: three hands of nine and the stock of thirteen.

    The same reader and messages as in a record; the first problem is raised as a
    :class:`RecordError` located by column (``names`` name the hands in the messages).

    >>> str(read_deal_value(" / ".join(["?? " * 9] * 3 + ["?? " * 13])).hands[0][0])
    '??'
    >>> read_deal_value("As 2s / Ks")
    Traceback (most recent call last):
    ...
    ombre.errors.RecordError: <deal>:1:1: deal: 2 groups; give three hands and the stock, separated by '/'
    """
    problems: list[_Problem] = []
    start = Pos(1, 1)
    builder = _GameBuilder(path, problems, start)
    builder.read_deal(value, [Pos(1, i + 1) for i in range(len(value))], start)
    deal = builder.build_deal(names)
    if problems or deal is None:
        raise _sorted_errors(problems, path)[0]
    return deal
