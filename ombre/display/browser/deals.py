"""Belinda's deals, in the reader's browser: a deal that fits the poem, drawn by a seed, and solved.

The deal is drawn uniformly from the exact count (:func:`ombre.belinda.counting.draw_deal`):
Belinda's, the Baron's and the third player's hands as played, and the thirteen cards out of play. The seed is
the reader's to see and set, so a class can all look at deal 7.

>>> d = draw(7)
>>> [h["name"] for h in d["hands"]], [len(h["cards"]) for h in d["hands"]]
(['Belinda', 'the Baron', 'the Knight', 'Out of play'], [9, 9, 9, 13])
>>> s = solve(7)
>>> s["tricks"] >= 5, s["outcome"] in ("win", "codille", "remise")
(True, True)
>>> draw(-1)
Traceback (most recent call last):
...
ombre.errors.OmbreError: the seed must be a whole number from 0 to 999999999, not -1
"""

from __future__ import annotations

import functools
import html
from typing import Any

from ombre.belinda import CONSTRAINTS, DealCount, count_deals, draw_deal, text_constraints
from ombre.belinda.records import SPADES
from ombre.display.svg import card_label, cards_html
from ombre.engine.cards import Card
from ombre.engine.solver import Position
from ombre.engine.solver import solve as solve_position
from ombre.errors import OmbreError

__all__ = ["draw", "solve", "deal_hands", "METHODS"]

#: who holds each part of a drawn deal, in the order of :func:`~ombre.belinda.counting.draw_deal`
HOLDERS = ("Belinda", "the Baron", "the Knight", "Out of play")
MAX_SEED = 999_999_999


@functools.cache
def _count(readings: bool) -> DealCount:
    # the exact count takes seconds; a page draws many deals of the same count
    return count_deals(CONSTRAINTS if readings else text_constraints())


def deal_hands(seed: int, readings: bool = False) -> tuple[tuple[Card, ...], ...]:
    """The deal number ``seed`` draws: three hands as played and the cards out of play."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OmbreError(f"the seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return draw_deal(_count(bool(readings)), seed)


def draw(seed: int, readings: bool = False) -> dict[str, Any]:
    """The deal as text (each card named) and as card pictures; ``readings`` adds both readings'
    constraints to the poem's text."""
    parts = deal_hands(seed, readings)
    count = _count(bool(readings))
    hands = []
    pictures = []
    for name, cards in zip(HOLDERS, parts, strict=True):
        named = [card_label(c, SPADES) for c in cards]  # "Spadille, the Ace of Spades": ";" between cards
        hands.append({"name": name, "cards": [str(c) for c in cards], "text": "; ".join(named)})
        title = html.escape(f"{name} ({len(cards)} cards)")
        row = cards_html(cards, SPADES, 36, label=f"{name}: cards")
        heading = f'<p class="om-deal-holder">{title}</p>'
        pictures.append(f'<div role="group" aria-label="{title}">{heading}{row}</div>')
    return {
        "seed": seed,
        "readings": bool(readings),
        "total": count.total,
        "hands": hands,
        "html": f'<div class="om-drawn-deal">{"".join(pictures)}</div>',
    }


def solve(seed: int, readings: bool = False) -> dict[str, Any]:
    """The deal's double-dummy value from Belinda's first lead (spades trumps, Belinda the Ombre):
    the tricks she takes and her result with best play on both sides."""
    hands = deal_hands(seed, readings)
    position = Position((hands[0], hands[1], hands[2]), SPADES, 0, 0)
    tricks = solve_position(position)
    outcome = solve_position(position, "outcome").value
    text = (
        f"With best play on both sides Belinda takes {tricks} trick{'s' if tricks != 1 else ''} "
        f"of nine: {outcome}."
    )
    return {"seed": seed, "readings": bool(readings), "tricks": tricks, "outcome": outcome, "text": text}


#: what the page may ask of this module, by name
METHODS = {"draw": draw, "solve": solve}
