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

import re
import textwrap
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Literal

from ombre.cards import DECK, Card, CardError, Suit, parse_card
from ombre.errors import RecordError

__all__ = [
    "Pos",
    "RecordCard",
    "RecordedDeal",
    "Bidding",
    "TrumpChoice",
    "ExchangeEntry",
    "Exchange",
    "VoleDeclaration",
    "RecordedTrick",
    "GameRecord",
    "BIDS",
    "RESULTS",
    "normalize_comment",
    "read_records",
    "read_record",
    "read_record_file",
    "parse_records",
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
            raise CardError(f"{text!r} is not a card (write e.g. As, 7h, ?? for unknown, 7h? for conjectural)")
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
class Bidding:
    """The ``Bidding:`` section: the bids in the order made, eldest hand first."""

    bids: tuple[str, ...]
    comments: tuple[str, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)
    bid_pos: tuple[Pos, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TrumpChoice:
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
class Exchange:
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
    bidding: Bidding | None = None
    trump: TrumpChoice | None = None
    exchange: Exchange | None = None
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

    def where(self, pos: Pos | None) -> tuple[str | None, int | None, int | None]:
        """``(path, line, col)`` for an error about the element at ``pos``."""
        p = pos or self.pos
        return (self.path, p.line if p else None, p.col if p else None)


# --------------------------------------------------------------------------- comments


def normalize_comment(raw: str) -> str:
    """The canonical text of a comment: how the reader stores what it found between braces.

    Trailing spaces and leading/trailing blank lines go; text on the line of the
    opening brace loses its leading space; the following lines lose their common
    indentation.  Line breaks are kept, so verse stays verse.

    >>> normalize_comment("  Spadillio first  ")
    'Spadillio first'
    >>> normalize_comment("\\n    49  Spadillio first,\\n    50  Led off two captive trumps\\n")
    '49  Spadillio first,\\n50  Led off two captive trumps'
    """
    lines = [line.rstrip() for line in raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    first = lines[0].strip()
    rest = textwrap.dedent("\n".join(lines[1:])).split("\n") if len(lines) > 1 else []
    out = ([first] if first else []) + rest
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def _write_comment(text: str) -> str:
    body = text.replace("\\", "\\\\").replace("}", "\\}")
    if "\n" not in body:
        return "{ " + body + " }"
    return "{\n" + textwrap.indent(body, "  ", lambda line: bool(line.strip())) + "\n}"


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
        while self.i < len(self.s):
            ch = self.peek()
            if ch.isspace():
                self.advance()
            elif ch == "{":
                tok = self.brace_comment()
                if tok is not None:
                    yield tok
            elif ch == ";":
                start = self.pos()
                self.advance()
                begin = self.i
                self.skip_line()
                yield _Tok("comment", normalize_comment(self.s[begin : self.i]), start)
            elif ch == "[":
                tag = self.tag()
                if tag is not None:
                    yield tag
            elif ch == "/":
                yield _Tok("slash", "/", self.pos())
                self.advance()
            elif ch in "}]":
                what = "comment" if ch == "}" else "tag"
                opener = "{" if ch == "}" else "["
                self.problems.append(_Problem(f"{ch!r} closes a {what} that was never opened with {opener!r}", self.pos()))
                self.advance()
            else:
                start = self.pos()
                begin = self.i
                while self.i < len(self.s) and self.s[self.i] not in _WORD_STOP:
                    self.advance()
                yield _Tok("word", self.s[begin : self.i], start)

    def brace_comment(self) -> _Tok | None:
        start = self.pos()
        self.advance()
        buf: list[str] = []
        while self.i < len(self.s):
            ch = self.advance()
            if ch == "}":
                return _Tok("comment", normalize_comment("".join(buf)), start)
            if ch == "\\" and self.peek() in ("}", "\\"):
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
        self.bidding: Bidding | None = None
        self.trump: TrumpChoice | None = None
        self.trump_pos: Pos = start
        self.trump_opened = False
        self.trump_words = 0
        self.trump_comments: list[str] = []
        self.exchange: Exchange | None = None
        self.entry: _PendingEntry | None = None
        self.vole: VoleDeclaration | None = None
        self.tricks: list[RecordedTrick] = []
        # the element the next comment belongs to: "game", a section name, "vole" or "trick"
        self.last = "game"
        self.section: str | None = None  # where loose words go: a section name or "play"
        self.moved = False  # any movetext seen

    def problem(self, message: str, pos: Pos | None) -> None:
        self.problems.append(_Problem(message, pos))

    # ---- tags

    def add_tag(self, tok: _Tok) -> None:
        name = tok.name
        if name in self.seen_tags:
            self.problem(f"duplicate tag [{name}]", tok.pos)
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
            if not value.strip():
                self.problem('tag [Rules] is empty: name a rule set such as "1665"', first)
            else:
                self.rules = value.strip()
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
        for name, g in zip(players, groups):
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
        later = [s for s, p in zip(_SECTIONS[order + 1 :], present[order + 1 :]) if p is not None]
        if later:
            self.problem(f"{title} must come before {later[0].title()}:", pos)
            return
        self.section = name
        self.last = name
        if name == "bidding":
            self.bidding = Bidding((), (), pos)
        elif name == "exchange":
            self.exchange = Exchange((), (), pos)
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
        self.trump = TrumpChoice(suit, tuple(self.trump_comments), self.trump_pos)

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
                    f"trick {t.number} has {len(t.cards)} cards (only the last trick recorded may be unfinished)",
                    t.pos,
                )
        if self.trump is None and self.exchange is not None:
            self.problem("Exchange: needs Trump: before it (the trump is named before taking in)", self.exchange.pos)
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


def parse_records(text: str, path: str | None = None) -> tuple[list[GameRecord], list[RecordError]]:
    """Read every game of ``text`` and collect every problem instead of stopping at the first.

    Returns the games that could be built and the problems (each a located
    :class:`RecordError`), in the order of the text.

    >>> games, problems = parse_records('[Players "A; B"]', path="x.omb")
    >>> games
    []
    >>> for p in problems: print(p)
    x.omb:1:1: missing tag [Deal] (write ?? for a card that is not known)
    x.omb:1:11: [Players] must name three players separated by ';', eldest hand first (found 2)
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    problems: list[_Problem] = []
    games: list[GameRecord] = []
    lexer = _Lexer(text, problems)
    builder: _GameBuilder | None = None
    for tok in lexer.tokens():
        if builder is None:
            builder = _GameBuilder(path, problems, tok.pos)
        elif tok.kind == "tag" and builder.moved:
            game = builder.finish()
            if game is not None:
                games.append(game)
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
        game = builder.finish()
        if game is not None:
            games.append(game)
    problems.sort(key=lambda p: (p.pos.line, p.pos.col) if p.pos else (0, 0))
    return games, [_record_error(p.message, path, p.pos) for p in problems]


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
        raise _record_error("no game found (a game begins with tags such as [Players \"...\"])", path, Pos(1, 1))
    return games


def read_record(text: str, path: str | None = None) -> GameRecord:
    """Read a text that holds exactly one game."""
    games = read_records(text, path)
    if len(games) != 1:
        raise _record_error(f"expected one game, found {len(games)}", path, games[1].pos)
    return games[0]


def read_record_file(path: str) -> list[GameRecord]:
    """Read every game in a record file (UTF-8); errors name the file."""
    try:
        with open(path, encoding="utf-8") as fh:
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
    ...                trump=TrumpChoice(Suit.SPADES, ("Let Spades be trumps!",)))
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
        if name in STRUCTURED_TAGS or not _TAG_NAME_RE.fullmatch(name):
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
