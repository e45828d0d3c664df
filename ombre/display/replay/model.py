"""The viewer's steps: every position of a game's play, computed by the engine, ready to be shown.

:func:`build_viewer_steps` replays a :class:`~ombre.engine.record.GameRecord` (or takes a
:class:`~ombre.engine.game.GameState`) and keeps, for each card played, the hands, the trick on
the table, who won it, the tricks each player holds and what a screen reader should announce;
and at the end the result and the payments.  The HTML of :mod:`ombre.display.replay.html` and
the widget of :mod:`ombre.display.replay.widget` only show these positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ombre.display.html import tricks_word
from ombre.engine.cards import Card, Suit
from ombre.engine.game import DeclareVole, GameState, Play
from ombre.engine.payments import POOL
from ombre.engine.rules import card_order, legal_plays, trump_order
from ombre.errors import OmbreError
from ombre.words import capitalise, minus_signs

if TYPE_CHECKING:
    from ombre.engine.record import GameRecord

__all__ = [
    "ViewerStep",
    "ViewerNote",
    "ViewerOutcome",
    "ViewerSteps",
    "build_viewer_steps",
    "sort_hand",
]

Seat = int
_ORDINALS = ("first", "second", "third")


@dataclass(frozen=True)
class ViewerStep:
    """One position the viewer shows: step 0 is before the first card, step ``k`` after ``k`` cards.

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

    @property
    def card_context(self) -> str:
        """Where the last card played falls, said before it as the reader steps one card on.

        ``"Trick 3, second card."``; empty before the first card.
        """
        return f"Trick {self.trick}, {_ORDINALS[self.in_trick - 1]} card." if self.in_trick else ""


@dataclass(frozen=True)
class ViewerNote:
    """Commentary (or verse) belonging to a trick; trick 0 is everything said before play."""

    trick: int
    heading: str
    text: str


@dataclass(frozen=True)
class ViewerOutcome:
    """How the hand ended: a sentence, the net amounts by seat, each payment, the pool."""

    summary: str
    rules_title: str
    net: tuple[str, str, str]
    transfers: tuple[str, ...]
    pool: str


@dataclass(frozen=True)
class ViewerSteps:
    """Every position of one game, computed by the engine, ready to be shown (the viewer's steps).

    (Not to be confused with replaying a record, :func:`ombre.engine.record.replay_record`: a
    record is replayed first, then its play is cut into these steps.)

    ``actions`` are the moves of the play phase (cards, and a vole declaration if made), which
    :meth:`state_at` replays from ``start_state`` to rebuild the engine's state at any step.
    """

    title: str
    players: tuple[str, str, str]
    trump: Suit
    ombre: Seat | None
    steps: tuple[ViewerStep, ...]
    notes: tuple[ViewerNote, ...]
    outcome: ViewerOutcome | None
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
        >>> build_viewer_steps(s).step_of("start")
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


def _record_notes(record: GameRecord, players: Sequence[str]) -> list[ViewerNote]:
    notes: list[ViewerNote] = []
    if record.comments:
        notes.append(ViewerNote(0, "Before play", "\n\n".join(record.comments)))
    sections = (
        ("Bidding", record.bidding.comments if record.bidding else ()),
        ("Trump", record.trump.comments if record.trump else ()),
        ("Exchange", record.exchange.comments if record.exchange else ()),
    )
    for heading, comments in sections:
        if comments:
            notes.append(ViewerNote(0, heading, "\n\n".join(comments)))
    for trick in record.tricks:
        if trick.comments:
            notes.append(ViewerNote(trick.number, f"Trick {trick.number}", "\n\n".join(trick.comments)))
    if record.vole is not None and record.vole.comments:
        before = record.vole.before_trick
        text = "\n\n".join(record.vole.comments)
        notes.append(ViewerNote(before, f"The vole (before trick {before})", text))
    notes.sort(key=lambda n: n.trick)
    return notes


def _outcome(state: GameState) -> ViewerOutcome | None:
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
        summary = f"{capitalise(o)}, the Ombre, wins with {tricks_word(won[ombre])} ({rest})."
    elif result == "vole":
        summary = f"The vole: {o}, the Ombre, takes all nine tricks."
    elif result == "codille":
        w = max(others, key=lambda s: won[s])
        summary = (
            f"Codille: {names[w]} takes {tricks_word(won[w])}, more than {o}, the Ombre "
            f"({tricks_word(won[ombre])}), and takes up the stakes."
        )
    else:
        summary = (
            f"Repuesto: {o}, the Ombre, takes {tricks_word(won[ombre])} and no more than "
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
        f"{capitalise(who(t.payer))} pays {who(t.payee)} {t.amount.format(units, signed=False)}: {t.reason}."
        for t in st.transfers
    )
    return ViewerOutcome(
        summary=summary,
        rules_title=state.rules.title,
        # a loss with a minus sign, as print sets it ("−15 counters"), for the page and its reader alike
        net=(
            minus_signs(st.net[0].format(units)),
            minus_signs(st.net[1].format(units)),
            minus_signs(st.net[2].format(units)),
        ),
        transfers=transfers,
        pool=st.pool_after.format(units, signed=False),
    )


def build_viewer_steps(
    source: GameRecord | GameState,
    *,
    title: str | None = None,
    notes: Sequence[ViewerNote] | None = None,
) -> ViewerSteps:
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
    steps: list[ViewerStep] = []
    live = start.clone()
    conjectural = record.conjectural_cards if record is not None else frozenset()

    def said(card: Card) -> str:
        return card.spoken(trump) + (" (conjectural)" if card in conjectural else "")

    def trick_words(number: int, table: tuple[tuple[Seat, Card], ...], winner: Seat | None) -> str:
        plays = [
            f"{capitalise(players[seat])} led {said(card)}"
            if i == 0
            else f"{players[seat]} played {said(card)}"
            for i, (seat, card) in enumerate(table)
        ]
        words = f"Trick {number}{'' if winner is not None else ' so far'}: {'; '.join(plays)}."
        if winner is not None:
            words += f" {capitalise(players[winner])} wins the trick: {_counts(players, live.tricks_won)}."
        return words

    def snapshot(played: tuple[Seat, Card] | None, completed: bool, announcement: str) -> ViewerStep:
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
        return ViewerStep(
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
        words.append(f"{capitalise(players[start.ombre])} is the Ombre; {trump.plural} are trumps.")
    if first is not None:
        words.append(f"{capitalise(players[first])} leads.")
    steps.append(snapshot(None, False, " ".join(words)))
    declared: list[str] = []
    for action in actions:
        if isinstance(action, DeclareVole):
            live.apply(action, strict=False)
            if action.declared and start.ombre is not None:
                declared.append(f"{capitalise(players[start.ombre])} declares the vole.")
            continue
        seat = live.current_player
        assert seat is not None
        before = len(live.tricks)
        live.apply(action, strict=False)
        completed = len(live.tricks) > before
        words = declared + [f"{capitalise(players[seat])} plays {said(action.card)}."]
        declared = []
        if completed:
            winner = live.tricks[-1].winner
            words.append(
                f"{capitalise(players[winner])} wins the trick: {_counts(players, live.tricks_won)}."
            )
        if live.is_terminal():
            outcome = _outcome(live)
            if outcome is not None:
                words.append(outcome.summary)
        steps.append(snapshot((seat, action.card), completed, " ".join(words)))
    return ViewerSteps(
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
