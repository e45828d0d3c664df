"""What the engine's objects show in a notebook (``_repr_html_``): a trick, a game state, a record.

A record shows itself as the viewer (:func:`~ombre.display.replay.html.replay_html`); a state
in play as the table at its last card, before play as its hands; a trick as its row of cards.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ombre.display.replay.html import render_position, replay_html
from ombre.display.replay.model import _state_of, build_viewer_steps, sort_hand
from ombre.display.svg import card_svg
from ombre.engine.game import GameState
from ombre.errors import OmbreError
from ombre.words import possessive

if TYPE_CHECKING:
    from ombre.engine.game import Trick
    from ombre.engine.record import GameRecord

__all__ = ["trick_html", "state_html", "record_html"]


def trick_html(trick: Trick, players: Sequence[str] | None = None) -> str:
    """A trick as a row of cards, each labelled with who played it (for ``Trick._repr_html_``).

    >>> from ombre.engine.game import Trick
    >>> from ombre.engine.cards import Suit, parse_cards
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
        rp = build_viewer_steps(state)
        return render_position(rp, len(rp.steps) - 1, show_notes=False)
    from ombre.display.svg import cards_html

    rows = []
    for seat in range(3):
        name = state.players[seat]
        label = f"{possessive(name)} hand"
        hand = sort_hand(state.hand(seat), state.trump)
        rows.append(
            f"<div><strong>{html.escape(name)}</strong>{cards_html(hand, state.trump, 44, label=label)}</div>"
        )
    phase = html.escape(f"The hand is in the {state.phase.value} phase.")
    return f'<div class="ombre-state"><p>{phase}</p>{"".join(rows)}</div>'


def record_html(record: GameRecord) -> str:
    """A game record as an interactive replay, or its state if play never began, or, if it cannot be
    replayed, the located problem and the record as written (``_repr_html_``)."""
    try:
        return replay_html(record)
    except OmbreError:
        pass
    try:
        return state_html(_state_of(record))
    except OmbreError as exc:
        # a notebook shows what it can: the located problem and the record as written, no traceback
        from ombre.engine.record import write_record

        return (
            '<div class="ombre-record-error"><p role="alert">'
            "<strong>This record cannot be replayed:</strong> "
            f"{html.escape(str(exc))}</p><pre>{html.escape(write_record(record))}</pre></div>"
        )
