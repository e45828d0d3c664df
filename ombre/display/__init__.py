"""The display layer: card faces (SVG), the static replay viewer (HTML) and the JupyterLab widget.

It imports the engine, never the reverse; the value objects (cards, tricks, game states, game
records) import it lazily when a notebook asks them to draw themselves.

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
