"""The viewer's HTML: one self-contained element that replays a game (no kernel, no network).

:func:`replay_html` writes the table, the buttons, the commentary and the result, with the
viewer's CSS, its data (:mod:`ombre.display.replay.packing`) and its script (``static/``)
inline; :func:`render_position` writes one position with the cards drawn, for the widget.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Literal

from ombre.display.cardtext import card_text_html
from ombre.display.html import inline_assets, name_html, names_html, tricks_word
from ombre.display.replay.branch import branch_state, card_choices, card_values, has_solver, named_chooser
from ombre.display.replay.model import (
    ViewerStep,
    ViewerSteps,
    build_viewer_steps,
)
from ombre.display.replay.packing import json_for_script, pack_steps
from ombre.display.svg import card_back_svg, card_svg
from ombre.engine.cards import Card, Suit
from ombre.engine.rules import is_seat
from ombre.errors import OmbreError
from ombre.words import possessive

if TYPE_CHECKING:
    from ombre.engine.game import GameState
    from ombre.engine.record import GameRecord

__all__ = ["replay_html", "render_position", "viewer_assets", "viewer_result", "record_text"]

Seat = int
Pos = Literal["bottom", "right", "left"]

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
    rp: ViewerSteps,
    step: ViewerStep,
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
    hand_label = html.escape(f"{possessive(name)} hand: {what}")
    empty = "" if hand else '<li class="om-hand-empty">no cards left</li>'
    role_html = f'<span class="om-role">{role}</span>' if role else ""
    # values under the cards need the cards side by side, not overlapping
    hand_class = "om-hand om-spread" if values else "om-hand"
    return (
        '<div class="om-seat-head">'
        f'<span class="om-name">{name_html(name)}</span>{role_html}'
        '<span class="om-turn">to play</span>'
        '<span class="om-pile"><span class="om-stack" aria-hidden="true" '
        f'style="width:{11 * won + 16 if won else 0}px">'
        f"{stack}</span>"
        f'<span class="om-count">{tricks_word(won)}</span></span>'
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


def _table_html(
    rp: ViewerSteps, step: ViewerStep, *, bottom: Seat, mode: CardMode, size: float, new: bool
) -> str:
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
                f'<span class="om-slot-label" aria-hidden="true">{name_html(name)}</span></div>'
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
            f'<span class="om-slot-label" aria-hidden="true">{names_html(label, [name])}</span></div>'
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


def _notes_html(
    rp: ViewerSteps, current: int | None = None, viewer_id: str | None = None, level: int = 4
) -> str:
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


def _outcome_html(rp: ViewerSteps, *, hidden: bool, level: int = 4) -> str:
    o = rp.outcome
    if o is None:
        return ""
    rows = "".join(
        f'<tr><th scope="row">{name_html(rp.players[s])}</th>'
        f'<td class="om-num">{rp.steps[-1].tricks[s]}</td>'
        f'<td class="om-num">{html.escape(o.net[s])}</td></tr>'
        for s in range(3)
    )
    transfers = "".join(f"<li>{names_html(t, rp.players)}</li>" for t in o.transfers)
    attr = " hidden" if hidden else ""
    return (
        f'<div class="om-result"{attr}><h{level} class="om-part">Result</h{level}>'
        f"<p>{names_html(o.summary, rp.players)}</p>"
        f"<table><caption>Payments under {html.escape(o.rules_title)}</caption>"
        '<thead><tr><th scope="col">Player</th><th scope="col">Tricks</th>'
        '<th scope="col">Net</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        f'<details class="om-extra"><summary>Every payment</summary><ul>{transfers}</ul>'
        f"<p>Left in the pool: {html.escape(o.pool)}.</p></details></div>"
    )


#: a game with conjectural cards keeps room under every hand for their marks, so that the table
#: (and the buttons below it) keeps its height as the marked cards are played
_CONJ_ROOM = ' data-conj=""'


def _legend(rp: ViewerSteps) -> str:
    if not rp.conjectural:
        return ""
    return (
        '<p class="om-legend">Cards marked <span class="om-q" aria-hidden="true">?</span>'
        '<span class="om-sr">with a question mark</span> '
        "are conjectural: the record supplies them where its sources do not say which cards they were.</p>"
    )


def _bottom_seat(rp: ViewerSteps, seat_view: Seat | None) -> Seat:
    if seat_view is not None:
        return seat_view
    if rp.ombre is not None:
        return rp.ombre
    return rp.steps[0].to_move if rp.steps[0].to_move is not None else 0


def _check_seat(seat_view: Seat | None) -> None:
    if seat_view is not None and not is_seat(seat_view):
        raise OmbreError(f"seat_view must be a seat (0, 1 or 2) or None, not {seat_view!r}")


def render_position(
    rp: ViewerSteps,
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
    >>> "Spadille, the Ace of Spades" in render_position(build_viewer_steps(s), 0)
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
        f'<div class="om-viewer om-static" role="region" aria-label="{html.escape("Replay: " + rp.title)}"'
        f"{_CONJ_ROOM if rp.conjectural else ''}>"
        f"<style>{viewer_assets()[0]}</style>"
        f'<h3 class="om-title">{names_html(rp.title, rp.players)}</h3>'
        '<div class="om-layout"><div class="om-main">'
        f'<div class="om-table" role="group" aria-label="The card table">{"".join(seats)}'
        f'<div class="om-trick" role="group" aria-label="The trick on the table">{table}</div></div>'
        + (f'<p class="om-status">{names_html(st.announcement, rp.players)}</p>' if show_status else "")
        + f'<p class="om-where">{names_html(st.position, rp.players)}</p>'
        f"{_legend(rp)}{result}</div>{notes}</div></div>"
    )


@cache
def viewer_assets() -> tuple[str, str]:
    """The viewer's CSS and JavaScript, read once from the package data.

    >>> css, js = viewer_assets()
    >>> ".om-viewer" in css and "OmbreViewer" in js
    True
    """
    return inline_assets("ombre.display.replay", "viewer.css", "viewer.js")


_ID_RE = re.compile(r"[^a-z0-9]+")


def _default_id(rp: ViewerSteps) -> str:
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
    source: GameRecord | GameState | ViewerSteps,
    *,
    seat_view: Seat | None = None,
    viewer_id: str | None = None,
    title: str | None = None,
    start: int | str = 0,
    card_size: float = 52,
    heading_level: int = 3,
    whatif: bool = True,
    engine_reference: Sequence[int] = (),
    deviations: Sequence[tuple[int, str, str]] = (),
) -> str:
    """One self-contained HTML element that replays a game with buttons and keys (no kernel).

    ``source`` is a game record, an engine state, or a :class:`ViewerSteps` already built.
    ``seat_view`` shows only that seat's cards (the others face down); ``None`` shows all hands.
    ``viewer_id`` names the viewer in links (``#<viewer_id>-trick-5`` when a page holds several
    viewers, ``#trick-5`` when it holds one); by default it comes from the title.  ``start`` is
    the position shown first (a step number or a link name such as ``"trick-4"``); a link in the
    page address overrides it.  ``heading_level`` is the level of the viewer's title (``3``:
    an ``<h3>``; use one more than the heading of the section it sits in); its parts (the
    commentary, the result) are one level below.

    The element carries its CSS, its data (as JSON) and the viewer script inline; the script is
    defined once per page, so several viewers can share a page.

    With ``whatif`` the data carries the game's record, so that, where the book's live engine
    runs, the reader can play another card at any step (:mod:`ombre.display.browser.whatif`);
    ``deviations`` are a branch's own departures from the game it left.  ``engine_reference``
    names steps at which CPython's answers (the legal cards, their values, and one branch) go
    into the data, for the browser tests to compare the browser's engine against.
    """
    _check_seat(seat_view)
    if heading_level not in (1, 2, 3, 4, 5):
        raise OmbreError(f"heading_level must be 1 .. 5, not {heading_level!r}")
    rp = source if isinstance(source, ViewerSteps) else build_viewer_steps(source, title=title)
    if title is not None and isinstance(source, ViewerSteps):
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

    # each step's HTML: a region for each seat, in ``order``, then the trick on the table
    regions = [
        [_seat_html(rp, st, s, mode="ref", seat_view=seat_view, size=card_size) for s in order]
        + [_table_html(rp, st, bottom=bottom, mode="ref", size=card_size, new=True)]
        for st in rp.steps
    ]
    used: set[Card] = set()
    for st in rp.steps:
        for hand in st.hands:
            used.update(hand)
        used.update(c for _, c in st.table)
    faces = {str(c): card_svg(c, rp.trump, card_size) for c in sorted(used, key=lambda c: c.index)}
    if seat_view is not None:
        faces["??"] = card_back_svg(card_size)
    data = pack_steps(rp, regions, faces, start=first)
    rec = record_text(source, rp) if whatif else None
    if rec is not None:
        data["rec"] = rec
        data["dev"] = [list(d) for d in deviations]
        if engine_reference:
            data["ref"] = _reference(rp, engine_reference)
    css, js = viewer_assets()
    st0 = rp.steps[first]
    seats_html = "".join(
        f'<section class="om-seat{" om-to-move" if seat == st0.to_move else ""}" data-pos="{pos[seat]}" '
        f'data-seat="{seat}" data-region="{i}">{regions[first][i]}</section>'
        for i, seat in enumerate(order)
    )
    table0 = regions[first][3]
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
        f'<div class="om-viewer" id="{vid}" tabindex="0" role="region" aria-label="{label}"'
        f"{_CONJ_ROOM if rp.conjectural else ''}>"
        f"<style>{css}</style>"
        f'<h{heading_level} class="om-title" id="{vid}-title">'
        f"{names_html(rp.title, rp.players)}</h{heading_level}>"
        '<div class="om-layout"><div class="om-main">'
        f'<div class="om-table" role="group" aria-label="The card table">{seats_html}'
        '<div class="om-trick" role="group" aria-label="The trick on the table" '
        f'data-region="3">{table0}</div>'
        "</div>"
        f'<p class="om-nojs">{_NO_SCRIPT}</p>'
        f'<div class="om-controls" role="group" aria-label="Step through the game" hidden>{controls}</div>'
        f'<div class="om-jump" role="group" aria-label="Go to a trick" hidden>'
        f'<span class="om-jump-label">Go to trick:</span>{"".join(jumps)}</div>'
        # below the buttons, so that they stay put as the words change length
        '<p class="om-status" role="status" aria-live="polite" aria-atomic="true">'
        f"{names_html(st0.announcement, rp.players)}</p>"
        f'<p class="om-where">{names_html(st0.position, rp.players)}</p>'
        '<p class="om-keys" hidden>Keys, when the replay or one of its buttons has focus: '
        "left and right arrows for a card, up and down arrows for a trick, "
        "Home and End for the start and the end.</p>"
        f"{_whatif_html(vid) if rec is not None else ''}"
        f"{_legend(rp)}"
        f"{_outcome_html(rp, hidden=True, level=heading_level + 1)}</div>"
        f"{_notes_html(rp, viewer_id=vid, level=heading_level + 1)}</div>"
        f'<script type="application/json" class="om-data">{json_for_script(data)}</script>'
        f"<script>{js}</script></div>"
    )


def record_text(source: object, rp: ViewerSteps) -> str | None:
    """The game record of what a viewer shows, for the live engine; ``None`` if it has none.

    A record is written as it is; an engine state (or built steps) from a dealt hand becomes a
    record of its deal and moves.  A position set up without a deal has no record.
    """
    from ombre.engine.record import GameRecord
    from ombre.engine.record.reader import read_record
    from ombre.engine.record.writer import write_record

    if isinstance(source, GameRecord):
        return write_record(source)
    state = source if not isinstance(source, ViewerSteps) else rp.state_at(len(rp.steps) - 1)
    try:
        text = write_record(GameRecord.from_state(state))  # type: ignore[arg-type]
        read_record(text)  # a position without a deal writes a record that does not read back
    except (OmbreError, ValueError, AttributeError, TypeError):
        return None
    return text


def viewer_result(rp: ViewerSteps) -> dict[str, object]:
    """How a game shown ended, JSON-ready: the sentence, the tricks and the net by player."""
    o = rp.outcome
    return {
        "summary": o.summary if o is not None else "",
        "tricks": list(rp.steps[-1].tricks),
        "net": list(o.net) if o is not None else [],
    }


def _reference(rp: ViewerSteps, steps: Sequence[int]) -> dict[str, object]:
    """CPython's answers at ``steps``: the choices and values, and a branch at the first step."""
    out: dict[str, object] = {}
    for k in steps:
        state = rp.state_at(k)
        out[str(k)] = {"options": card_choices(state), "values": card_values(state)}
    if steps and has_solver():
        k = steps[0]
        state = rp.state_at(k)
        card = card_choices(state)["legal"][-1]["card"]
        branch_state(state, card, named_chooser("solver")[0])
        out["branch"] = {"step": k, "card": card, **viewer_result(build_viewer_steps(state))}
    return out


def _whatif_html(vid: str) -> str:
    """The What if controls: shown by the script when the game has a record; off until the engine runs."""
    panel = f"{vid}-whatif"
    players = "".join(
        f'<option value="{value}">{label}</option>'
        for value, label in (
            ("solver", "the double-dummy solver"),
            ("rule-of-thumb", "the 1665 rule of thumb"),
            ("monte-carlo", "the Monte Carlo player"),
        )
    )
    return (
        '<div class="om-whatif" hidden>'
        f'<button type="button" class="om-btn om-wi-open" aria-expanded="false" aria-controls="{panel}">'
        "What if…</button>"
        f'<div class="om-wi-panel" id="{panel}" role="group" aria-label="What if" hidden>'
        '<p class="om-wi-state"></p>'
        f'<p class="om-wi-row"><label for="{panel}-card">Instead, <span class="om-wi-who">the player</span> '
        f'plays</label> <select id="{panel}-card" class="om-wi-card"></select></p>'
        f'<p class="om-wi-row"><label for="{panel}-player">The others play by</label> '
        f'<select id="{panel}-player" class="om-wi-player">{players}</select> '
        f'<label for="{panel}-seed">seed</label> '
        f'<input id="{panel}-seed" class="om-wi-seed" type="number" min="0" step="1" value="1" '
        'inputmode="numeric"></p>'
        '<p class="om-wi-row"><button type="button" class="om-btn om-wi-play">'
        "Play it and let the engine finish</button> "
        '<button type="button" class="om-btn om-wi-values">Show card values</button></p>'
        '<p class="om-wi-refused"></p>'
        '<ul class="om-wi-valuelist"></ul>'
        "</div></div>"
    )
