"""Reading game records: comments, the lexer and the parser, and the problems they find, located.

:func:`read_records` raises the first problem; :func:`parse_records` collects
them all and :func:`check_records` replays the sound games too.
:func:`read_deal_value` reads a ``[Deal]`` value on its own (``Deal.parse`` uses it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Literal

from ombre.engine.cards import DECK, Card, CardError, Suit
from ombre.engine.record.model import (
    _BID_ALIASES,
    _HAND_SIZE,
    _STOCK_SIZE,
    _STRUCTURED_FOLDED,
    _TAG_NAME_RE,
    BIDS,
    RESULTS,
    STRUCTURED_TAGS,
    BiddingSection,
    ExchangeEntry,
    ExchangeSection,
    GameRecord,
    Pos,
    RecordCard,
    RecordedDeal,
    RecordedTrick,
    TrumpSection,
    VoleDeclaration,
    _Problem,
    _record_error,
)
from ombre.engine.record.replay import _Replayer
from ombre.engine.rulesets import get_rules
from ombre.errors import RecordError, RulesError

__all__ = [
    "normalize_comment",
    "read_records",
    "read_record",
    "read_deal_value",
    "read_record_file",
    "example_text",
    "example_names",
    "parse_records",
    "check_records",
    "stream_records",
]


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


# --------------------------------------------------------------------------- lexer


@dataclass(slots=True)
class _Tok:
    kind: Literal["tag", "comment", "word", "slash"]
    text: str
    pos: Pos
    # for tags: the name and the per-character positions of the (unescaped) value
    name: str = ""
    value_pos: list[Pos] = field(default_factory=list)
    blank_before: bool = False  # a blank line separates this token from the one before


# runs the lexer takes whole rather than a character at a time (reading stays fast on long comments)
_WORD_RE = re.compile(r"[^ \t\n\r\f\v{};\[\]/]*")
_SPACE_RE = re.compile(r"\s*")
_COMMENT_STOP_RE = re.compile(r"[{}\\]")
_VALUE_STOP_RE = re.compile(r'["\\]')


def _value_positions(raw: str, first: Pos, limit: int) -> list[Pos]:
    """The positions of the first ``limit`` characters of a tag's value, written ``raw`` from ``first``."""
    where: list[Pos] = []
    line, col = first.line, first.col
    i = 0
    while i < len(raw) and len(where) < limit:
        where.append(Pos(line, col))
        step = 2 if raw[i] == "\\" and raw[i + 1 : i + 2] in ('"', "\\") else 1
        for ch in raw[i : i + step]:
            line, col = (line + 1, 1) if ch == "\n" else (line, col + 1)
        i += step
    return where


class _Lexer:
    def __init__(self, text: str, problems: list[_Problem], line: int = 1, blank: bool = False) -> None:
        self.s = text
        self.i = 0
        self.blank = blank  # the text follows a blank line (a piece of a longer text)
        self.line = line
        self.col = 1
        self.problems = problems
        self.ran_off = False  # a comment or a tag's value ran to the end of the text unclosed

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

    def move_to(self, k: int) -> None:
        """Move to index ``k`` (not before the current one), counting the lines and columns passed."""
        s = self.s
        lines = s.count("\n", self.i, k)
        if lines:
            self.line += lines
            self.col = k - s.rfind("\n", self.i, k)
        else:
            self.col += k - self.i
        self.i = k

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def skip_line(self) -> None:
        end = self.s.find("\n", self.i)
        self.move_to(len(self.s) if end < 0 else end)

    def skip_inline_space(self) -> None:
        while self.peek() in (" ", "\t"):
            self.advance()

    def tokens(self) -> Iterator[_Tok]:
        newlines = 2 if self.blank else 0
        while self.i < len(self.s):
            ch = self.peek()
            if ch.isspace():
                m = _SPACE_RE.match(self.s, self.i)
                assert m is not None  # \s* matches, if only the empty string
                newlines += self.s.count("\n", self.i, m.end())
                self.move_to(m.end())
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
                m = _WORD_RE.match(self.s, begin)
                assert m is not None  # [...]* matches, if only the empty string
                self.move_to(m.end())
                tok = _Tok("word", self.s[begin : self.i], start)
            if tok is not None:
                tok.blank_before = blank
                yield tok

    def brace_comment(self) -> _Tok | None:
        start = self.pos()
        opened = (self.i, self.line, self.col)
        s = self.s
        j = self.i + 1
        buf: list[str] = []
        while (m := _COMMENT_STOP_RE.search(s, j)) is not None:
            k = m.start()
            buf.append(s[j:k])
            ch = s[k]
            if ch == "}":
                self.move_to(k + 1)
                return _Tok("comment", normalize_comment("".join(buf)), start)
            if ch == "{":
                # most likely this comment's '}' is missing: say so here, not where the text it
                # swallowed breaks the record, and read on after the line it was opened on
                self.move_to(k)
                at = self.pos()
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
            if s[k + 1 : k + 2] in ("{", "}", "\\"):  # an escaped brace or backslash
                buf.append(s[k + 1])
                j = k + 2
            else:
                buf.append("\\")
                j = k + 1
        self.move_to(len(s))
        self.ran_off = True
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
        self.move_to(m.end())
        self.skip_inline_space()
        if self.peek() != '"':
            self.problems.append(_Problem(f'tag [{name}] needs a quoted value: [{name} "value"]', self.pos()))
            self.skip_line()
            return None
        quote = self.pos()
        self.advance()
        s = self.s
        begin = j = self.i
        buf: list[str] = []
        while True:
            m = _VALUE_STOP_RE.search(s, j)
            if m is None:
                self.move_to(len(s))
                self.ran_off = True
                self.problems.append(_Problem(f"tag [{name}]: the value's closing '\"' is missing", quote))
                return None
            k = m.start()
            buf.append(s[j:k])
            if s[k] == '"':
                break
            if s[k + 1 : k + 2] in ('"', "\\"):  # an escaped quote or backslash
                buf.append(s[k + 1])
                j = k + 2
            else:
                buf.append("\\")
                j = k + 1
        # where each character of the value is: the deal's cards are located one by one, any
        # other tag by its first character (a position for each character of a long value
        # took far more memory than the text)
        raw = s[begin:k]
        where = _value_positions(raw, Pos(quote.line, quote.col + 1), len(raw) if name == "Deal" else 1)
        self.move_to(k + 1)
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
        # a section's growing parts are lists, made tuples once in finish(): rebuilding a tuple
        # for each comment or bid made reading quadratic in their number
        self.bidding: BiddingSection | None = None
        self.bids: list[str] = []
        self.bid_pos: list[Pos] = []
        self.bidding_comments: list[str] = []
        self.trump: TrumpSection | None = None
        self.trump_pos: Pos = start
        self.trump_opened = False
        self.trump_words = 0
        self.trump_comments: list[str] = []
        self.exchange: ExchangeSection | None = None
        self.entries: list[ExchangeEntry] = []
        self.exchange_comments: list[str] = []
        self.entry: _PendingEntry | None = None
        self.vole: VoleDeclaration | None = None
        self.vole_comments: list[str] = []
        self.tricks: list[RecordedTrick] = []
        self.trick_comments: list[list[str]] = []  # one list a trick, as self.tricks
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
            self.bidding_comments.append(text)
        elif last == "trump":
            self.trump_comments.append(text)
        elif last == "exchange" and self.exchange is not None:
            self.exchange_comments.append(text)
        elif last == "vole" and self.vole is not None:
            self.vole_comments.append(text)
        elif last == "trick" and self.tricks:
            self.trick_comments[-1].append(text)
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
            self.bids.append(bid)
            self.bid_pos.append(pos)

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
        self.trump = TrumpSection(suit, (), self.trump_pos)

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
            if at is not None or self.entries:
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
        self.entries.append(entry)

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
        self.trick_comments.append([])
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
            bidding=None
            if self.bidding is None
            else replace(
                self.bidding,
                bids=tuple(self.bids),
                bid_pos=tuple(self.bid_pos),
                comments=tuple(self.bidding_comments),
            ),
            trump=None if self.trump is None else replace(self.trump, comments=tuple(self.trump_comments)),
            exchange=None
            if self.exchange is None
            else replace(self.exchange, entries=tuple(self.entries), comments=tuple(self.exchange_comments)),
            vole=None if self.vole is None else replace(self.vole, comments=tuple(self.vole_comments)),
            tricks=tuple(
                replace(t, comments=tuple(c)) for t, c in zip(self.tricks, self.trick_comments, strict=True)
            ),
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


# where a game may begin: a tag at the start of a line after a blank line
_GAME_START_RE = re.compile(r"\n[ \t]*\n(?=\[)")


def _pieces(blocks: Iterable[str]) -> Iterator[str]:
    r"""The text of ``blocks`` (line ends made ``\n``, a byte-order mark dropped) in pieces cut where a
    game may begin, so that a long file is read a piece at a time."""
    parts: list[str] = []
    tail = ""  # the end of the text held (never of a piece given out), where a cut may begin
    carry = ""  # a '\r' at the end of a block, whose '\n' may begin the next
    first = True
    for block in blocks:
        block = carry + block
        if first and block:
            block = block.removeprefix("\ufeff")  # a byte-order mark (Notepad's "UTF-8 with BOM")
            first = False
        carry = "\r" if block.endswith("\r") else ""
        block = block[: len(block) - len(carry)].replace("\r\n", "\n").replace("\r", "\n")
        if not block:
            continue
        look = tail + block
        cut = None
        for m in _GAME_START_RE.finditer(look):
            cut = m.end()
        if cut is not None:  # the cut may fall in the text held from the blocks before
            held = "".join(parts) + block
            k = len(held) - len(look) + cut
            if k > 0:
                yield held[:k]
            parts = [held[k:]] if k > 0 else [held]
            tail = parts[0][-64:]
        else:
            parts.append(block)
            tail = look[-64:]
    parts.append(carry.replace("\r", "\n"))
    rest = "".join(parts)
    if rest:
        yield rest


def _read_games(
    blocks: Iterable[str], path: str | None
) -> Iterator[tuple[GameRecord | None, bool, list[_Problem]]]:
    """The games of the text in ``blocks``, one at a time: each game (``None`` when it could not be
    built), whether it was read without a problem, and the problems found since the game before.

    The text is lexed a piece at a time (see :func:`_pieces`), so memory follows the longest
    game rather than the file.  A piece that ends inside a comment or a tag's value is lexed
    again with the rest of the text, as one.
    """
    problems: list[_Problem] = []
    builder: _GameBuilder | None = None
    pieces = iter(_pieces(blocks))
    line = 1
    first = True
    for piece in pieces:
        lexed: list[_Problem] = []
        lexer = _Lexer(piece, lexed, line, blank=not first)
        marked = [(tok, len(lexed)) for tok in lexer.tokens()]
        if lexer.ran_off:
            rest = "".join(pieces)
            if rest:
                piece += rest
                lexed = []
                lexer = _Lexer(piece, lexed, line, blank=not first)
                marked = [(tok, len(lexed)) for tok in lexer.tokens()]
        first = False
        line += piece.count("\n")
        done = 0
        for tok, mark in marked:
            # the lexer's problems come in the order of the text, as if it ran beside the parser
            problems.extend(lexed[done:mark])
            done = mark
            if builder is None:
                builder = _GameBuilder(path, problems, tok.pos)
            elif tok.kind == "tag" and builder.ends_before(tok):
                game = builder.finish()
                yield game, not problems, problems
                problems = []
                builder = _GameBuilder(path, problems, tok.pos)
            if tok.kind == "tag":
                builder.add_tag(tok)
            elif tok.kind == "comment":
                builder.comment(tok.text)
            elif tok.kind == "slash":
                builder.slash(tok)
            else:
                builder.word(tok)
        problems.extend(lexed[done:])
    if builder is not None and (builder.seen_tags or builder.moved):
        game = builder.finish()
        yield game, not problems, problems
    elif problems:
        yield None, False, problems


def _parse(text: str, path: str | None) -> tuple[list[tuple[GameRecord, bool]], list[_Problem]]:
    """The games of ``text``, each with a flag saying whether it was read without a problem."""
    games: list[tuple[GameRecord, bool]] = []
    problems: list[_Problem] = []
    for game, clean, found in _read_games([text], path):
        problems += found
        if game is not None:
            games.append((game, clean))
    return games, problems


def stream_records(
    blocks: Iterable[str], path: str | None = None, *, check: bool = False
) -> Iterator[tuple[GameRecord | None, list[RecordError]]]:
    """Read the games of a text given in blocks (a file read a block at a time), one game at a time.

    Yields each game (``None`` when its problems left too little to build it) with its problems,
    located and in the order of the text; with ``check``, a game read without a problem is
    replayed and the replay's problems are added, as :func:`check_records` does.  Memory follows
    the longest game, not the length of the text.

    >>> text = example_text("specimen.omb")
    >>> [(g.tag("Event"), p) for g, p in stream_records([text, "\\n", text[:500], text[500:]])]
    [('A specimen hand', []), ('A specimen hand', [])]
    >>> [(g, str(p[0])) for g, p in stream_records(["1. As"], path="x.omb")]
    [(None, 'x.omb:1:1: missing tag [Players "eldest; middle; dealer"]')]
    """
    seen = False
    for game, clean, found in _read_games(blocks, path):
        seen = True
        if check and clean and game is not None:
            _Replayer(game, found).run()
        yield game, _sorted_errors(found, path)
    if check and not seen:
        yield None, [_record_error(_NO_GAME, path, Pos(1, 1))]


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
