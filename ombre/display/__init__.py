"""The display layer: card faces (SVG), the static replay viewer (HTML) and the JupyterLab widgets.

It imports the engine, never the reverse; the value objects (cards, tricks, game states, game
records) import it lazily when a notebook asks them to draw themselves.

Where things are: :mod:`~ombre.display.svg` and :mod:`~ombre.display.cardtext` (cards as
pictures and as named text), :mod:`~ombre.display.html` (words and accessible tables for
pages), :mod:`~ombre.display.replay` (the viewer: its steps, its HTML, its widget),
:mod:`~ombre.display.hands` (deals and solver positions), :mod:`~ombre.display.lexer` (game
records highlighted by Pygments), :mod:`~ombre.display.plots`
(matplotlib figures), :mod:`~ombre.display.live` and :mod:`~ombre.display.progress` (widget
helpers), and the subjects' own views: ``play/``, ``edition/``, ``teaching/``.

What a book page calls to show a replay::

    from ombre.display import replay_html
    from IPython.display import HTML
    HTML(replay_html(record, viewer_id="belinda-pole"))   # a GameRecord or a GameState

and in a live kernel, with "what if" branches::

    from ombre.display.replay.widget import ReplayWidget
    ReplayWidget({"Pole": record_a, "Tillotson": record_b})

>>> from ombre.engine.cards import Card
>>> card_svg(Card.parse("Kh")).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Any

from ombre.display.replay import (
    ViewerNote,
    ViewerSteps,
    build_viewer_steps,
    record_html,
    render_position,
    replay_html,
    state_html,
    trick_html,
)
from ombre.display.svg import card_back_svg, card_svg, cards_html

__all__ = [
    "card_svg",
    "card_back_svg",
    "cards_html",
    "ViewerSteps",
    "ViewerNote",
    "build_viewer_steps",
    "replay_html",
    "render_position",
    "record_html",
    "state_html",
    "trick_html",
    "ReplayWidget",
]


def __getattr__(name: str) -> Any:
    """``ReplayWidget`` on first use: ipywidgets is needed only for the live widget."""
    if name == "ReplayWidget":
        from ombre.display.replay.widget import ReplayWidget

        return ReplayWidget
    raise AttributeError(f"module 'ombre.display' has no attribute {name!r}")
