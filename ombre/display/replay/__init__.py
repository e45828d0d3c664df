"""A replay of a game, card by card, as one self-contained HTML element (no kernel, no network).

The engine computes every position when the page is built: the hands after each card, the
trick on the table, who won it, the tricks each player holds, what a screen reader should
announce, and the result and payments at the end.  The page's script (``static/viewer.js``,
inlined and defined once per page) only shows the positions it is given.

The parts: :mod:`~ombre.display.replay.model` (the positions, built from a record or a state),
:mod:`~ombre.display.replay.html` (the element, and one position for the widget),
:mod:`~ombre.display.replay.packing` (the positions packed into the page's data),
:mod:`~ombre.display.replay.notebook` (what tricks, states and records show in a notebook) and
:mod:`~ombre.display.replay.widget` (the JupyterLab widget, imported on its own: it needs ipywidgets).

>>> from ombre.engine.game import GameState
>>> from ombre.engine.cards import parse_cards, Suit
>>> state = GameState.from_position(
...     hands=[parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")],
...     trump=Suit.SPADES, ombre=0, leader=0, players=["Ann", "Ben", "Cat"])
>>> for card in ["As", "2s", "3s"]:
...     state.play(card)
>>> rp = build_viewer_steps(state)
>>> len(rp.steps), rp.steps[-1].tricks, rp.steps[-1].announcement
(4, (1, 0, 0), 'Cat plays the Three of Spades. Ann wins the trick: Ann 1, Ben 0, Cat 0.')
>>> html = replay_html(state, viewer_id="demo")
>>> html.startswith('<div class="om-viewer" id="demo"') and "OmbreViewer" in html
True
"""

from __future__ import annotations

from ombre.display.replay.html import render_position, replay_html, viewer_assets
from ombre.display.replay.model import (
    ViewerNote,
    ViewerOutcome,
    ViewerStep,
    ViewerSteps,
    build_viewer_steps,
    sort_hand,
)
from ombre.display.replay.notebook import record_html, state_html, trick_html
from ombre.display.replay.packing import pack_strings

__all__ = [
    "ViewerStep",
    "ViewerNote",
    "ViewerOutcome",
    "ViewerSteps",
    "build_viewer_steps",
    "replay_html",
    "render_position",
    "viewer_assets",
    "sort_hand",
    "pack_strings",
    "trick_html",
    "state_html",
    "record_html",
]
