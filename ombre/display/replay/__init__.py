"""A replay of a game, card by card, as one self-contained HTML element (no kernel, no network).

The engine computes every position when the page is built: the hands after each card, the
trick on the table, who won it, the tricks each player holds, what a screen reader should
announce, and the result and payments at the end.  The page's script (``static/viewer.js``,
inlined and defined once per page) only shows the positions it is given.

>>> from ombre.engine.game import GameState
>>> from ombre.engine.cards import parse_cards, Suit
>>> state = GameState.from_position(
...     hands=[parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")],
...     trump=Suit.SPADES, ombre=0, leader=0, players=["Ann", "Ben", "Cat"])
>>> for card in ["As", "2s", "3s"]:
...     state.play(card)
>>> rp = build_replay(state)
>>> len(rp.steps), rp.steps[-1].tricks, rp.steps[-1].announcement
(4, (1, 0, 0), 'Cat plays the Three of Spades. Ann wins the trick: Ann 1, Ben 0, Cat 0.')
>>> html = replay_html(state, viewer_id="demo")
>>> html.startswith('<div class="om-viewer" id="demo"') and "OmbreViewer" in html
True
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

from ombre.display.cardtext import card_text_html
from ombre.display.svg import card_back_svg, card_svg
from ombre.engine.cards import Card, Suit
from ombre.engine.game import DeclareVole, GameState, Play
from ombre.engine.payments import POOL
from ombre.engine.rules import card_order, is_seat, legal_plays, trump_order
from ombre.errors import OmbreError

if TYPE_CHECKING:
    from ombre.engine.game import Trick
    from ombre.engine.record import GameRecord

__all__ = [
    "ReplayStep",
    "ReplayNote",
    "ReplayOutcome",
    "Replay",
    "build_replay",
    "replay_html",
    "render_position",
    "viewer_assets",
    "sort_hand",
    "pack_strings",
    "trick_html",
    "state_html",
    "record_html",
]

Seat = int
Pos = Literal["bottom", "right", "left"]
_ORDINALS = ("first", "second", "third")


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class ReplayStep:
    """One position of the replay: step 0 is before the first card, step ``k`` after ``k`` cards.

    ``trick`` is the number of the trick in progress (or just completed) and ``in_trick`` how
    many of its cards lie on the table; ``winner`` is set on the step that completes a trick.
    """

    index: int
    trick: int
    in_trick: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    table: tuple[tuple[Seat, Card], ...]
    leader: Seat | None
    to_move: Seat | None
    winner: Seat | None
    tricks: tuple[int, int, int]
    played: tuple[Seat, Card] | None
    legal: tuple[Card, ...]
    announcement: str
    position: str
    anchor: str
    #: the whole trick in words (who led what, who played what, who won): announced when a move
    #: covers more than one card or goes back
    summary: str = ""


@dataclass(frozen=True)
class ReplayNote:
    """Commentary (or verse) belonging to a trick; trick 0 is everything said before play."""

    trick: int
    heading: str
    text: str


@dataclass(frozen=True)
class ReplayOutcome:
    """How the hand ended: a sentence, the net amounts by seat, each payment, the pool."""

    summary: str
    rules_title: str
    net: tuple[str, str, str]
    transfers: tuple[str, ...]
    pool: str


@dataclass(frozen=True)
class Replay:
    """Every position of one game, computed by the engine, ready to be shown.

    ``actions`` are the moves of the play phase (cards, and a vole declaration if made), which
    :meth:`state_at` replays from ``start_state`` to rebuild the engine's state at any step.
    """

    title: str
    players: tuple[str, str, str]
    trump: Suit
    ombre: Seat | None
    steps: tuple[ReplayStep, ...]
    notes: tuple[ReplayNote, ...]
    outcome: ReplayOutcome | None
    start_state: GameState
    actions: tuple[Play | DeclareVole, ...]
    total_tricks: int
    #: cards a record supplies by reconstruction (``7s?``), marked as such when shown
    conjectural: frozenset[Card] = frozenset()

    @property
    def trick_ends(self) -> tuple[int, ...]:
        """The step at which each completed trick ends, trick 1 first."""
        return tuple(s.index for s in self.steps if s.winner is not None)

    def step_of(self, anchor: str) -> int:
        """The step a link names: ``start``, ``trick-5`` (its end) or ``trick-5-card-2``.

        >>> from ombre.engine.game import GameState
        >>> from ombre.engine.cards import parse_cards, Suit
        >>> s = GameState.from_position([parse_cards("As"), parse_cards("2s"), parse_cards("3s")],
        ...                             trump=Suit.SPADES, ombre=0, leader=0)
        >>> build_replay(s).step_of("start")
        0
        """
        for step in self.steps:
            if step.anchor == anchor:
                return step.index
        raise OmbreError(f"no position called {anchor!r} in this replay (try 'start' or 'trick-1')")

    def state_at(self, step: int) -> GameState:
        """A fresh engine state at ``step`` (``0`` .. ``len(steps) - 1``)."""
        if not 0 <= step < len(self.steps):
            raise OmbreError(f"step must be 0 .. {len(self.steps) - 1}, not {step}")
        state = self.start_state.clone()
        cards = 0
        for action in self.actions:
            if cards == step and isinstance(action, Play):
                break
            state.apply(action, strict=False)
            if isinstance(action, Play):
                cards += 1
        return state


# --------------------------------------------------------------------------- words


def _cap(text: str) -> str:
    """Capitalise the first letter only: ``the Baron`` -> ``The Baron``."""
    return text[:1].upper() + text[1:]


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _tricks_word(n: int) -> str:
    return "no tricks" if n == 0 else ("1 trick" if n == 1 else f"{n} tricks")


def _counts(players: Sequence[str], won: Sequence[int]) -> str:
    return ", ".join(f"{players[s]} {won[s]}" for s in range(3))


def sort_hand(cards: Iterable[Card], trump: Suit | None) -> tuple[Card, ...]:
    """A hand in the order a player holds it: trumps from the highest, then the other suits.

    Plain suits follow in the order spades, hearts, clubs, diamonds (so colours alternate),
    each from its highest card.

    >>> from ombre.engine.cards import parse_cards, format_cards
    >>> format_cards(sort_hand(parse_cards("3d Kh Ac 2s As Qd"), Suit.SPADES))
    'As 2s Ac Kh Qd 3d'
    """
    cards = list(cards)
    if trump is None:
        return tuple(sorted(cards, key=lambda c: c.index))
    suits = [Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS]
    rank: dict[Card, tuple[int, int]] = {}
    for i, card in enumerate(trump_order(trump)):
        rank[card] = (0, i)
    for n, suit in enumerate(s for s in suits if s is not trump):
        for i, card in enumerate(card_order(suit, trump)):
            rank.setdefault(card, (n + 1, i))
    return tuple(sorted(cards, key=lambda c: rank[c]))


def _anchor(trick: int, in_trick: int) -> str:
    if trick == 0:
        return "start"
    return f"trick-{trick}" if in_trick == 3 else f"trick-{trick}-card-{in_trick}"


# --------------------------------------------------------------------------- building


def _play_start(state: GameState) -> tuple[GameState, tuple[Play | DeclareVole, ...]]:
    """The state before the first card of the play phase, and the play-phase moves after it."""
    start = state.clone()
    moves: list[Play | DeclareVole] = []
    while start.history and isinstance(start.history[-1], (Play, DeclareVole)):
        last = start.undo()
        assert isinstance(last, (Play, DeclareVole))
        moves.append(last)
    moves.reverse()
    return start, tuple(moves)


def _state_of(source: GameRecord | GameState) -> GameState:
    if isinstance(source, GameState):
        return source
    replay = getattr(source, "replay", None)
    if replay is None:
        raise OmbreError(f"cannot replay {type(source).__name__}: give a GameState or a GameRecord")
    state = replay()
    if not isinstance(state, GameState):
        raise OmbreError("the record's replay() did not give a GameState")
    return state


def _record_notes(record: GameRecord, players: Sequence[str]) -> list[ReplayNote]:
    notes: list[ReplayNote] = []
    if record.comments:
        notes.append(ReplayNote(0, "Before play", "\n\n".join(record.comments)))
    sections = (
        ("Bidding", record.bidding.comments if record.bidding else ()),
        ("Trump", record.trump.comments if record.trump else ()),
        ("Exchange", record.exchange.comments if record.exchange else ()),
    )
    for heading, comments in sections:
        if comments:
            notes.append(ReplayNote(0, heading, "\n\n".join(comments)))
    for trick in record.tricks:
        if trick.comments:
            notes.append(ReplayNote(trick.number, f"Trick {trick.number}", "\n\n".join(trick.comments)))
    if record.vole is not None and record.vole.comments:
        before = record.vole.before_trick
        text = "\n\n".join(record.vole.comments)
        notes.append(ReplayNote(before, f"The vole (before trick {before})", text))
    notes.sort(key=lambda n: n.trick)
    return notes


def _outcome(state: GameState) -> ReplayOutcome | None:
    if not state.is_terminal() or state.result is None:
        return None
    names = state.players
    won = state.tricks_won
    ombre = state.ombre
    assert ombre is not None
    o = names[ombre]
    others = [s for s in range(3) if s != ombre]
    rest = f"{names[others[0]]} {won[others[0]]}, {names[others[1]]} {won[others[1]]}"
    result = state.result.value
    if result == "win":
        summary = f"{_cap(o)}, the Ombre, wins with {_tricks_word(won[ombre])} ({rest})."
    elif result == "vole":
        summary = f"The vole: {o}, the Ombre, takes all nine tricks."
    elif result == "codille":
        w = max(others, key=lambda s: won[s])
        summary = (
            f"Codille: {names[w]} takes {_tricks_word(won[w])}, more than {o}, the Ombre "
            f"({_tricks_word(won[ombre])}), and takes up the stakes."
        )
    else:
        summary = (
            f"Repuesto: {o}, the Ombre, takes {_tricks_word(won[ombre])} and no more than "
            f"the best of the others ({rest}); "
            + (
                "the others divide the stakes, and the Ombre replaces them."
                if state.rules.loss_divides_stakes
                else "the stake is doubled and stays for the next hand."
            )
        )
    st = state.settlement()
    units = state.rules.units

    def who(seat: int) -> str:
        return "the pool" if seat == POOL else names[seat]

    transfers = tuple(
        f"{_cap(who(t.payer))} pays {who(t.payee)} {t.amount.format(units, signed=False)}: {t.reason}."
        for t in st.transfers
    )
    return ReplayOutcome(
        summary=summary,
        rules_title=state.rules.title,
        net=(st.net[0].format(units), st.net[1].format(units), st.net[2].format(units)),
        transfers=transfers,
        pool=st.pool_after.format(units, signed=False),
    )


def build_replay(
    source: GameRecord | GameState,
    *,
    title: str | None = None,
    notes: Sequence[ReplayNote] | None = None,
) -> Replay:
    """Every position of a game's play, computed by the engine.

    ``source`` is a :class:`~ombre.engine.record.GameRecord` (replayed by the engine; its comments
    become the notes beside each trick) or a :class:`~ombre.engine.game.GameState` in or after the
    play phase (its play so far is replayed).  ``notes`` replaces the record's comments.
    """
    state = _state_of(source)
    record = None if isinstance(source, GameState) else source
    start, actions = _play_start(state)
    trump = start.trump
    if trump is None:
        raise OmbreError("this game never reached the play (no trump was named): nothing to replay")
    players = state.players
    if title is None:
        event = record.tag("Event") if record is not None else None
        title = event or f"{players[0]}, {players[1]} and {players[2]}"
    if notes is None:
        notes = _record_notes(record, players) if record is not None else []
    total = 9
    steps: list[ReplayStep] = []
    live = start.clone()
    conjectural = record.conjectural_cards if record is not None else frozenset()

    def said(card: Card) -> str:
        return card.spoken(trump) + (" (conjectural)" if card in conjectural else "")

    def trick_words(number: int, table: tuple[tuple[Seat, Card], ...], winner: Seat | None) -> str:
        plays = [
            f"{_cap(players[seat]) if i == 0 else players[seat]} {'led' if i == 0 else 'played'} {said(card)}"
            for i, (seat, card) in enumerate(table)
        ]
        words = f"Trick {number}{'' if winner is not None else ' so far'}: {'; '.join(plays)}."
        if winner is not None:
            words += f" {_cap(players[winner])} wins the trick: {_counts(players, live.tricks_won)}."
        return words

    def snapshot(played: tuple[Seat, Card] | None, completed: bool, announcement: str) -> ReplayStep:
        done = len(live.tricks)
        trick = live.current_trick
        leader: Seat | None
        winner: Seat | None = None
        if completed:
            last = live.tricks[-1]
            number, in_trick = done, 3
            table = tuple(zip(last.seats, last.cards, strict=True))
            leader, winner = last.leader, last.winner
        elif trick is not None and trick.cards:
            number, in_trick = done + 1, len(trick.cards)
            table = tuple(zip(trick.seats, trick.cards, strict=True))
            leader = trick.leader
        else:
            number, in_trick, table = done, 0, ()
            leader = trick.leader if trick is not None else None
        index = len(steps)
        to_move = live.current_player
        if index == 0:
            anchor = "start"
            position = "Before the first trick" if done == 0 else f"After trick {done} of {total}"
        else:
            anchor = _anchor(number, in_trick)
            if winner is not None:
                position = f"Trick {number} of {total}: won by {live.players[winner]}"
            else:
                position = f"Trick {number} of {total}, {_ORDINALS[in_trick - 1]} card"
        legal: tuple[Card, ...] = ()
        if to_move is not None and not live.is_terminal():
            on_table = trick.cards if trick is not None else ()
            legal = tuple(legal_plays(live.hand(to_move), on_table, trump))
        hands = live.hands
        summary = trick_words(number, table, winner) if table else announcement
        if table and live.is_terminal():
            end = _outcome(live)
            if end is not None:
                summary += " " + end.summary
        return ReplayStep(
            index=index,
            trick=number,
            in_trick=in_trick,
            hands=(sort_hand(hands[0], trump), sort_hand(hands[1], trump), sort_hand(hands[2], trump)),
            table=table,
            leader=leader,
            to_move=to_move,
            winner=winner,
            tricks=live.tricks_won,
            played=played,
            legal=legal,
            announcement=announcement,
            position=position,
            anchor=anchor,
            summary=summary,
        )

    first = live.current_player
    words = ["Before the first trick." if not live.tricks else f"After trick {len(live.tricks)}."]
    if start.ombre is not None:
        words.append(f"{_cap(players[start.ombre])} is the Ombre; {trump.plural} are trumps.")
    if first is not None:
        words.append(f"{_cap(players[first])} leads.")
    steps.append(snapshot(None, False, " ".join(words)))
    declared: list[str] = []
    for action in actions:
        if isinstance(action, DeclareVole):
            live.apply(action, strict=False)
            if action.declared and start.ombre is not None:
                declared.append(f"{_cap(players[start.ombre])} declares the vole.")
            continue
        seat = live.current_player
        assert seat is not None
        before = len(live.tricks)
        live.apply(action, strict=False)
        completed = len(live.tricks) > before
        words = declared + [f"{_cap(players[seat])} plays {said(action.card)}."]
        declared = []
        if completed:
            winner = live.tricks[-1].winner
            words.append(f"{_cap(players[winner])} wins the trick: {_counts(players, live.tricks_won)}.")
        if live.is_terminal():
            outcome = _outcome(live)
            if outcome is not None:
                words.append(outcome.summary)
        steps.append(snapshot((seat, action.card), completed, " ".join(words)))
    return Replay(
        title=title,
        players=players,
        trump=trump,
        ombre=start.ombre,
        steps=tuple(steps),
        notes=tuple(notes),
        outcome=_outcome(state) if len(actions) and state.is_terminal() else None,
        start_state=start,
        actions=actions,
        total_tricks=total,
        conjectural=conjectural,
    )


# --------------------------------------------------------------------------- rendering

CardMode = Literal["ref", "inline"]


def _positions(bottom: Seat) -> dict[Seat, Pos]:
    """Where each seat sits: ``bottom`` nearest the reader, the next in play on the right.

    Play runs counter-clockwise (to the right, Morley), so seen from above it goes from the
    bottom seat to the right-hand seat and then to the left-hand one.
    """
    return {bottom: "bottom", (bottom + 1) % 3: "right", (bottom + 2) % 3: "left"}


_CONJ_MARK = '<span class="om-q" aria-hidden="true">?</span>'
_CONJ = _CONJ_MARK + '<span class="om-sr">(conjectural)</span>'


def _card_html(
    card: Card | None, trump: Suit, mode: CardMode, size: float, conj: bool = False, *, hidden: bool = False
) -> str:
    """A card's face (or its text until the script draws it); ``hidden`` hides it from screen
    readers, for a card whose words are said beside it."""
    key = "??" if card is None else str(card)
    mark = (_CONJ_MARK if hidden else _CONJ) if conj and card is not None else ""
    aria = ' aria-hidden="true"' if hidden else ""
    if mode == "inline":
        face = card_back_svg(size) if card is None else card_svg(card, trump, size)
        return f'<span class="om-c"{aria}>{face}</span>{mark}'
    # until the script puts the card's face here, the card is written as text, with its name
    text = "?" if card is None else card_text_html(card.symbol)
    return f'<span class="om-c" data-c="{key}"{aria}>{text}</span>{mark}'


def _seat_html(
    rp: Replay,
    step: ReplayStep,
    seat: Seat,
    *,
    mode: CardMode,
    seat_view: Seat | None,
    size: float,
    legal: frozenset[Card] = frozenset(),
    values: Mapping[Card, str] | None = None,
) -> str:
    name = rp.players[seat]
    role = "Ombre" if seat == rp.ombre else ("defender" if rp.ombre is not None else "")
    won = step.tricks[seat]
    stack = "<span></span>" * won
    hand = step.hands[seat]
    hidden = seat_view is not None and seat != seat_view
    items = []
    for card in hand:
        shown: Card | None = None if hidden else card
        conj = card in rp.conjectural and not hidden
        classes = [c for c, on in (("om-legal", card in legal and not hidden), ("om-conj", conj)) if on]
        cls = f' class="{" ".join(classes)}"' if classes else ""
        value = ""
        if values is not None and card in values and not hidden:
            value = f'<span class="om-value">{html.escape(values[card])}</span>'
        items.append(f"<li{cls}>{_card_html(shown, rp.trump, mode, size, conj)}{value}</li>")
    what = f"{len(hand)} hidden cards" if hidden else f"{len(hand)} cards"
    if len(hand) == 1:
        what = what.replace("cards", "card")
    hand_label = html.escape(f"{_possessive(name)} hand: {what}")
    empty = "" if hand else '<li class="om-hand-empty">no cards left</li>'
    role_html = f'<span class="om-role">{role}</span>' if role else ""
    # values under the cards need the cards side by side, not overlapping
    hand_class = "om-hand om-spread" if values else "om-hand"
    return (
        '<div class="om-seat-head">'
        f'<span class="om-name">{html.escape(name)}</span>{role_html}'
        '<span class="om-turn">to play</span>'
        '<span class="om-pile"><span class="om-stack" aria-hidden="true" '
        f'style="width:{11 * won + 16 if won else 0}px">'
        f"{stack}</span>"
        f'<span class="om-count">{_tricks_word(won)}</span></span>'
        "</div>"
        f'<ul class="{hand_class}" aria-label="{hand_label}">{"".join(items)}{empty}</ul>'
    )


_DIRECTION_SVG = (
    '<svg viewBox="0 0 60 60" aria-hidden="true" focusable="false">'
    '<path d="M21 50A22 22 0 0 0 52 33" fill="none" stroke="currentColor" stroke-width="2.2"/>'
    '<path d="M52 33L55.5 40.5M52 33L45.5 37.5" fill="none" stroke="currentColor" stroke-width="2.2" '
    'stroke-linecap="round"/>'
    '<path d="M48 20A22 22 0 0 0 12 20" fill="none" stroke="currentColor" stroke-width="2.2"/>'
    '<path d="M12 20L10.5 28M12 20L19.5 22.5" fill="none" stroke="currentColor" stroke-width="2.2" '
    'stroke-linecap="round"/>'
    "</svg>"
)


def _table_html(rp: Replay, step: ReplayStep, *, bottom: Seat, mode: CardMode, size: float, new: bool) -> str:
    """The trick on the table: a slot for each seat, its card (or none yet) under the seat's name.

    A screen reader hears each slot as one phrase, the seat first ("the Baron (led): the Queen of
    Spades", "the Knight: no card yet"); the card's face and the name under it, which say the same
    to the eye, are hidden from it.
    """
    pos = _positions(bottom)
    played = dict(step.table)
    slots = []
    for seat in sorted(pos, key=lambda s: ("left", "right", "bottom").index(pos[s])):
        name = rp.players[seat]
        card = played.get(seat)
        attrs = f' data-pos="{pos[seat]}"'
        cls = "om-slot"
        if card is None:
            said = html.escape(f"{name}: no card yet")
            slots.append(
                f'<div class="{cls}"{attrs}><span class="om-sr">{said}</span>'
                '<span class="om-slot-empty" aria-hidden="true"></span>'
                f'<span class="om-slot-label" aria-hidden="true">{html.escape(name)}</span></div>'
            )
            continue
        notes = []
        if seat == step.leader:
            notes.append("led")
        if seat == step.winner:
            notes.append("wins")
            cls += " om-winner"
        if new and step.played is not None and step.played[0] == seat:
            attrs += " data-new"
        label = name + (f" ({', '.join(notes)})" if notes else "")
        conj = card in rp.conjectural
        said = html.escape(f"{label}: {card.spoken(rp.trump)}" + (" (conjectural)" if conj else ""))
        slots.append(
            f'<div class="{cls}"{attrs}><span class="om-sr">{said}</span>'
            f"{_card_html(card, rp.trump, mode, size, conj, hidden=True)}"
            f'<span class="om-slot-label" aria-hidden="true">{html.escape(label)}</span></div>'
        )
    if step.trick == 0:
        where = "No trick yet"
    elif step.in_trick == 0:
        where = f"Trick {step.trick} gathered"
    else:
        where = f"Trick {step.trick}"
    centre = (
        f'<div class="om-centre">{_DIRECTION_SVG}<span>{where}</span>'
        f"<span>{html.escape(rp.trump.plural.capitalize())} are trumps</span>"
        "<span>play passes to the right</span></div>"
    )
    return "".join(slots) + centre


_VERSE_LINE = re.compile(r"^\s*(\d{1,4})\s+(\S.*)$")


def _note_body(text: str) -> str:
    """Commentary paragraphs, and verse (lines that begin with a line number) with numbers in the margin."""
    out: list[str] = []
    verse: list[tuple[str, str]] = []
    para: list[str] = []

    def flush_verse() -> None:
        if verse:
            lines = "".join(
                f'<li><span class="om-ln">{html.escape(n)}</span><span>{html.escape(t)}</span></li>'
                for n, t in verse
            )
            out.append(f'<ol class="om-verse">{lines}</ol>')
            verse.clear()

    def flush_para() -> None:
        if para:
            out.append(f"<p>{html.escape(chr(10).join(para))}</p>")
            para.clear()

    for line in text.split("\n"):
        m = _VERSE_LINE.match(line)
        if m:
            flush_para()
            verse.append((m.group(1), m.group(2)))
        elif not line.strip():
            flush_para()
            flush_verse()
        else:
            flush_verse()
            para.append(line.strip())
    flush_para()
    flush_verse()
    return "".join(out)


def _notes_html(rp: Replay, current: int | None = None, viewer_id: str | None = None, level: int = 4) -> str:
    """The verse and commentary beside the table.

    With ``viewer_id`` (a replay with its script) each heading links to its position,
    ``#<viewer_id>-trick-5``, and the first note of each position carries that id, so the
    link has a target in the page even where the script does not run (or in print).  Without
    it (a static position) the headings are plain text: there is no other position to go to.
    """
    ends = rp.trick_ends
    blocks = []
    targeted: set[str] = set()
    for note in rp.notes:
        if note.trick == 0:
            target = 0
        elif note.trick <= len(ends):
            target = ends[note.trick - 1]
        else:
            target = -1
        heading = html.escape(note.heading)
        ident = ""
        if target >= 0 and viewer_id is not None:
            name = f"{viewer_id}-{rp.steps[target].anchor}"
            heading = f'<a class="om-goto" href="#{name}" data-step="{target}">{heading}</a>'
            if name not in targeted:
                targeted.add(name)
                ident = f' id="{name}"'
        cls = "om-note om-current" if note.trick == current else "om-note"
        blocks.append(
            f'<div class="{cls}"{ident} data-trick="{note.trick}"><div class="om-note-head">{heading}</div>'
            f"{_note_body(note.text)}</div>"
        )
    if not blocks:
        return ""
    return (
        f'<aside class="om-notes" aria-label="{html.escape("Verse and commentary: " + rp.title)}">'
        f'<h{level} class="om-part">Verse and commentary</h{level}>' + "".join(blocks) + "</aside>"
    )


def _outcome_html(rp: Replay, *, hidden: bool, level: int = 4) -> str:
    o = rp.outcome
    if o is None:
        return ""
    rows = "".join(
        f'<tr><th scope="row">{html.escape(rp.players[s])}</th>'
        f'<td class="om-num">{rp.steps[-1].tricks[s]}</td>'
        f'<td class="om-num">{html.escape(o.net[s])}</td></tr>'
        for s in range(3)
    )
    transfers = "".join(f"<li>{html.escape(t)}</li>" for t in o.transfers)
    attr = " hidden" if hidden else ""
    return (
        f'<div class="om-result"{attr}><h{level} class="om-part">Result</h{level}>'
        f"<p>{html.escape(o.summary)}</p>"
        f"<table><caption>Payments under {html.escape(o.rules_title)}</caption>"
        '<thead><tr><th scope="col">Player</th><th scope="col">Tricks</th>'
        '<th scope="col">Net</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        f'<details class="om-extra"><summary>Every payment</summary><ul>{transfers}</ul>'
        f"<p>Left in the pool: {html.escape(o.pool)}.</p></details></div>"
    )


def _legend(rp: Replay) -> str:
    if not rp.conjectural:
        return ""
    return (
        '<p class="om-legend">Cards marked <span class="om-q" aria-hidden="true">?</span>'
        '<span class="om-sr">with a question mark</span> '
        "are conjectural: the record supplies them where its sources do not say which cards they were.</p>"
    )


def _bottom_seat(rp: Replay, seat_view: Seat | None) -> Seat:
    if seat_view is not None:
        return seat_view
    if rp.ombre is not None:
        return rp.ombre
    return rp.steps[0].to_move if rp.steps[0].to_move is not None else 0


def _check_seat(seat_view: Seat | None) -> None:
    if seat_view is not None and not is_seat(seat_view):
        raise OmbreError(f"seat_view must be a seat (0, 1 or 2) or None, not {seat_view!r}")


def render_position(
    rp: Replay,
    step: int,
    *,
    seat_view: Seat | None = None,
    mark_legal: bool = False,
    values: Mapping[Card, str] | None = None,
    card_size: float = 52,
    show_notes: bool = True,
    show_status: bool = True,
) -> str:
    """One position as static HTML with the cards drawn inline (no script): for the widget.

    ``mark_legal`` outlines the cards the player to move may play; ``values`` writes a short
    text (a solver's value) under those cards.  ``show_status=False`` leaves out the sentence
    that tells what was just played, for a widget that announces it in its own live region.

    >>> from ombre.engine.game import GameState
    >>> from ombre.engine.cards import parse_cards, Suit
    >>> s = GameState.from_position([parse_cards("As"), parse_cards("2s"), parse_cards("3s")],
    ...                             trump=Suit.SPADES, ombre=0, leader=0, players=["A", "B", "C"])
    >>> "Spadille, the Ace of Spades" in render_position(build_replay(s), 0)
    True
    """
    _check_seat(seat_view)
    if not 0 <= step < len(rp.steps):
        raise OmbreError(f"step must be 0 .. {len(rp.steps) - 1}, not {step}")
    st = rp.steps[step]
    bottom = _bottom_seat(rp, seat_view)
    pos = _positions(bottom)
    legal = frozenset(st.legal) if mark_legal else frozenset()
    seats = []
    for seat in sorted(pos, key=lambda s: ("left", "right", "bottom").index(pos[s])):
        cls = "om-seat om-to-move" if seat == st.to_move else "om-seat"
        inner = _seat_html(
            rp,
            st,
            seat,
            mode="inline",
            seat_view=seat_view,
            size=card_size,
            legal=legal if seat == st.to_move else frozenset(),
            values=values if seat == st.to_move else None,
        )
        seats.append(f'<section class="{cls}" data-pos="{pos[seat]}" data-seat="{seat}">{inner}</section>')
    table = _table_html(rp, st, bottom=bottom, mode="inline", size=card_size, new=False)
    notes = _notes_html(rp, current=st.trick) if show_notes else ""
    result = _outcome_html(rp, hidden=step != len(rp.steps) - 1)
    return (
        f'<div class="om-viewer om-static" role="region" aria-label="{html.escape("Replay: " + rp.title)}">'
        f"<style>{viewer_assets()[0]}</style>"
        f'<h3 class="om-title">{html.escape(rp.title)}</h3>'
        '<div class="om-layout"><div class="om-main">'
        f'<div class="om-table" role="group" aria-label="The card table">{"".join(seats)}'
        f'<div class="om-trick" role="group" aria-label="The trick on the table">{table}</div></div>'
        + (f'<p class="om-status">{html.escape(st.announcement)}</p>' if show_status else "")
        + f'<p class="om-where">{html.escape(st.position)}</p>'
        f"{_legend(rp)}{result}</div>{notes}</div></div>"
    )


@cache
def viewer_assets() -> tuple[str, str]:
    """The viewer's CSS and JavaScript, read once from the package data.

    >>> css, js = viewer_assets()
    >>> ".om-viewer" in css and "OmbreViewer" in js
    True
    """
    base = resources.files("ombre.display.replay") / "static"
    css = (base / "viewer.css").read_text(encoding="utf-8")
    js = (base / "viewer.js").read_text(encoding="utf-8")
    # both are inlined into the page: they must not end their own element or open another
    for name, text, tag in (("viewer.css", css, "style"), ("viewer.js", js, "script")):
        if f"</{tag}" in text.lower() or "<script" in text.lower() or "<!--" in text:
            raise OmbreError(f"{name} cannot be inlined: it contains '</{tag}', '<script' or '<!--'")
    return css, js


def _json_for_script(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left raw."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_TOKEN_RE = re.compile(r'<[A-Za-z][\w-]*|\s[\w:-]+="[^"]*"|/?>|</[\w-]+>|[^<>\s]+|\s+')
_PUA = re.compile("[\ue000-\uf8ff]")
_PUA_FIRST = 0xE000
_PUA_SIZE = 0x1900


def pack_strings(strings: Sequence[str]) -> tuple[list[str], list[str]]:
    """Shrink many similar HTML strings with a shared dictionary of repeated pieces.

    Each string is cut into tags, attributes and words; every piece that repeats often enough
    to be worth it goes into the dictionary once and is replaced by one private-use character
    (U+E000 onwards; any such character already in the text becomes U+FFFD, so the text
    cannot fake a reference).  ``viewer.js`` expands them again.

    >>> words, packed = pack_strings(['<i class="card">a</i>', '<i class="card">b</i>'])
    >>> words
    [' class="card"']
    >>> [p.replace("\ue000", "#") for p in packed]
    ['<i#>a</i>', '<i#>b</i>']
    """
    clean = [_PUA.sub("\ufffd", s) for s in strings]
    tokenised = [_TOKEN_RE.findall(s) for s in clean]
    for s, toks in zip(clean, tokenised, strict=True):
        assert "".join(toks) == s
    counts: dict[str, int] = {}
    for toks in tokenised:
        for t in toks:
            counts[t] = counts.get(t, 0) + 1
    # a piece of n characters used k times saves about (n - 1) * k - n - 3 characters
    gain = {t: (len(t) - 1) * k - len(t) - 3 for t, k in counts.items()}
    chosen = sorted((t for t in gain if gain[t] > 0), key=lambda t: (-gain[t], t))[:_PUA_SIZE]
    code = {t: chr(_PUA_FIRST + i) for i, t in enumerate(chosen)}
    packed = ["".join(code.get(t, t) for t in toks) for toks in tokenised]
    return chosen, packed


_ID_RE = re.compile(r"[^a-z0-9]+")


def _default_id(rp: Replay) -> str:
    slug = _ID_RE.sub("-", rp.title.lower()).strip("-")[:40].strip("-")
    return "ombre-" + (slug or "replay")


#: shown until the viewer's script runs (and removes it): in a notebook opened without running it
#: (an untrusted notebook runs no scripts) the replay has no buttons, only its first position
_NO_SCRIPT = (
    "<strong>No buttons?</strong> The replay's buttons and keys need its script. In a notebook, "
    "run this cell (or trust the notebook: <em>Trust Notebook</em> in the command palette) to get "
    "them; until then only the first position is shown."
)


def replay_html(
    source: GameRecord | GameState | Replay,
    *,
    seat_view: Seat | None = None,
    viewer_id: str | None = None,
    title: str | None = None,
    start: int | str = 0,
    card_size: float = 52,
    heading_level: int = 3,
) -> str:
    """One self-contained HTML element that replays a game with buttons and keys (no kernel).

    ``source`` is a game record, an engine state, or a :class:`Replay` already built.
    ``seat_view`` shows only that seat's cards (the others face down); ``None`` shows all hands.
    ``viewer_id`` names the viewer in links (``#<viewer_id>-trick-5`` when a page holds several
    viewers, ``#trick-5`` when it holds one); by default it comes from the title.  ``start`` is
    the position shown first (a step number or a link name such as ``"trick-4"``); a link in the
    page address overrides it.  ``heading_level`` is the level of the viewer's title (``3``:
    an ``<h3>``; use one more than the heading of the section it sits in); its parts (the
    commentary, the result) are one level below.

    The element carries its CSS, its data (as JSON) and the viewer script inline; the script is
    defined once per page, so several viewers can share a page.
    """
    _check_seat(seat_view)
    if heading_level not in (1, 2, 3, 4, 5):
        raise OmbreError(f"heading_level must be 1 .. 5, not {heading_level!r}")
    rp = source if isinstance(source, Replay) else build_replay(source, title=title)
    if title is not None and isinstance(source, Replay):
        rp = replace(rp, title=title)
    vid = viewer_id if viewer_id is not None else _default_id(rp)
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", vid):
        raise OmbreError(f"viewer_id {vid!r} must start with a letter and use only letters, digits, - and _")
    first = rp.step_of(start) if isinstance(start, str) else start
    if not 0 <= first < len(rp.steps):
        raise OmbreError(f"start must be a step 0 .. {len(rp.steps) - 1}, not {start!r}")
    bottom = _bottom_seat(rp, seat_view)
    pos = _positions(bottom)
    order = sorted(pos, key=lambda s: ("left", "right", "bottom").index(pos[s]))

    frags: list[str] = []
    index: dict[str, int] = {}

    def frag(text: str) -> int:
        if text not in index:
            index[text] = len(frags)
            frags.append(text)
        return index[text]

    regions: list[list[int]] = []
    steps_data: list[dict[str, object]] = []
    for st in rp.steps:
        r = [frag(_seat_html(rp, st, s, mode="ref", seat_view=seat_view, size=card_size)) for s in order]
        r.append(frag(_table_html(rp, st, bottom=bottom, mode="ref", size=card_size, new=True)))
        regions.append(r)
        steps_data.append(
            {
                "r": r,
                "a": st.announcement,
                "ta": st.summary,
                "w": st.position,
                "h": st.anchor,
                "m": st.to_move,
                "t": st.trick,
                "k": list(st.tricks),
            }
        )
    used: set[Card] = set()
    for st in rp.steps:
        for hand in st.hands:
            used.update(hand)
        used.update(c for _, c in st.table)
    keys = [str(c) for c in sorted(used, key=lambda c: c.index)]
    faces = [card_svg(c, rp.trump, card_size) for c in sorted(used, key=lambda c: c.index)]
    if seat_view is not None:
        keys.append("??")
        faces.append(card_back_svg(card_size))
    words, packed = pack_strings(faces + frags)
    data = {
        "v": 1,
        "start": first,
        "done": rp.outcome is not None,
        "ends": list(rp.trick_ends),
        "dict": words,
        "cards": dict(zip(keys, packed[: len(keys)], strict=True)),
        "frags": packed[len(keys) :],
        "steps": steps_data,
    }
    css, js = viewer_assets()
    st0 = rp.steps[first]
    seats_html = "".join(
        f'<section class="om-seat{" om-to-move" if seat == st0.to_move else ""}" data-pos="{pos[seat]}" '
        f'data-seat="{seat}" data-region="{i}">{frags[regions[first][i]]}</section>'
        for i, seat in enumerate(order)
    )
    table0 = frags[regions[first][3]]
    jumps = ['<button type="button" class="om-btn" data-step="0">Start</button>']
    for t, end in enumerate(rp.trick_ends, start=1):
        jumps.append(
            f'<button type="button" class="om-btn" data-step="{end}" aria-label="Trick {t}">{t}</button>'
        )
    controls = "".join(
        f'<button type="button" class="om-btn" data-act="{act}" aria-keyshortcuts="{keys}">{label}</button>'
        for act, label, keys in (
            ("first", "First", "Home"),
            ("prevtrick", "Previous trick", "ArrowUp"),
            ("prev", "Previous card", "ArrowLeft"),
            ("next", "Next card", "ArrowRight"),
            ("nexttrick", "Next trick", "ArrowDown"),
            ("last", "Last", "End"),
        )
    )
    label = html.escape(f"Replay: {rp.title}")
    return (
        f'<div class="om-viewer" id="{vid}" tabindex="0" role="region" aria-label="{label}">'
        f"<style>{css}</style>"
        f'<h{heading_level} class="om-title" id="{vid}-title">{html.escape(rp.title)}</h{heading_level}>'
        '<div class="om-layout"><div class="om-main">'
        f'<div class="om-table" role="group" aria-label="The card table">{seats_html}'
        '<div class="om-trick" role="group" aria-label="The trick on the table" '
        f'data-region="3">{table0}</div>'
        "</div>"
        '<p class="om-status" role="status" aria-live="polite" aria-atomic="true">'
        f"{html.escape(st0.announcement)}</p>"
        f'<p class="om-nojs">{_NO_SCRIPT}</p>'
        f'<div class="om-controls" role="group" aria-label="Step through the game" hidden>{controls}</div>'
        f'<div class="om-jump" role="group" aria-label="Go to a trick" hidden>'
        f'<span class="om-jump-label">Go to trick:</span>{"".join(jumps)}</div>'
        f'<p class="om-where">{html.escape(st0.position)}</p>'
        '<p class="om-keys" hidden>Keys, when the replay or one of its buttons has focus: '
        "left and right arrows for a card, up and down arrows for a trick, "
        "Home and End for the start and the end.</p>"
        f"{_legend(rp)}"
        f"{_outcome_html(rp, hidden=True, level=heading_level + 1)}</div>"
        f"{_notes_html(rp, viewer_id=vid, level=heading_level + 1)}</div>"
        f'<script type="application/json" class="om-data">{_json_for_script(data)}</script>'
        f"<script>{js}</script></div>"
    )


# --------------------------------------------------------------------------- notebook display


def trick_html(trick: Trick, players: Sequence[str] | None = None) -> str:
    """A trick as a row of cards, each labelled with who played it (for ``Trick._repr_html_``).

    >>> from ombre.engine.game import Trick
    >>> from ombre.engine.cards import parse_cards
    >>> t = Trick(leader=2, cards=tuple(parse_cards("Kd 2d Ac")), trump=Suit.HEARTS)
    >>> out = trick_html(t, ["Ann", "Ben", "Cat"])
    >>> "Cat led the King of Diamonds" in out and "Ben wins" in out
    True
    """
    names = list(players) if players is not None else [f"Seat {s}" for s in range(3)]
    cells = []
    for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
        verb = "led" if i == 0 else "played"
        caption = html.escape(f"{names[seat]} {verb} {card.spoken(trick.trump)}")
        cells.append(
            '<figure style="margin:0 6px 0 0;text-align:center;max-width:90px">'
            f"{card_svg(card, trick.trump, 56)}"
            f'<figcaption style="font-size:80%">{caption}</figcaption></figure>'
        )
    winner = ""
    if trick.cards:
        who = "wins" if trick.complete else "is winning"
        name = html.escape(names[trick.winner])
        winner = f"<p>{name} {who} the trick ({trick.trump.plural} are trumps).</p>"
    row = f'<div style="display:flex;align-items:flex-start">{"".join(cells)}</div>'
    return f'<div class="ombre-trick">{row}{winner}</div>'


def state_html(state: GameState) -> str:
    """A game state as a picture: the table once play has begun, else the hands (``_repr_html_``).

    >>> from ombre.engine.game import Deal
    >>> "Seat 1&#x27;s hand" in state_html(GameState(Deal.random(seed=2)))
    True
    """
    if state.trump is not None and (state.tricks or state.current_trick is not None):
        rp = build_replay(state)
        return render_position(rp, len(rp.steps) - 1, show_notes=False)
    from ombre.display.svg import cards_html

    rows = []
    for seat in range(3):
        name = state.players[seat]
        label = f"{_possessive(name)} hand"
        hand = sort_hand(state.hand(seat), state.trump)
        rows.append(
            f"<div><strong>{html.escape(name)}</strong>{cards_html(hand, state.trump, 44, label=label)}</div>"
        )
    phase = html.escape(f"The hand is in the {state.phase.value} phase.")
    return f'<div class="ombre-state"><p>{phase}</p>{"".join(rows)}</div>'


def record_html(record: GameRecord) -> str:
    """A game record as an interactive replay, or its state if play never began (``_repr_html_``)."""
    try:
        return replay_html(record)
    except OmbreError:
        return state_html(_state_of(record))
