"""A deal and a solver position drawn as hands of cards, for notebook display (``_repr_html_``).

Each hand is a list of card images named for screen readers (:func:`ombre.display.svg.cards_html`),
under a line that says whose hand it is; a card of the stock nobody knows is drawn face down and
named "a hidden card".

>>> from ombre.engine.game import Deal
>>> out = deal_html(Deal.random(seed=1))
>>> out.count('class="ombre-cards"'), "Seat 1 (the eldest hand)" in out, "top card first" in out
(4, True, True)
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ombre.display.html import tricks_word
from ombre.display.replay import sort_hand, trick_html
from ombre.display.svg import cards_html
from ombre.engine.game import Trick

if TYPE_CHECKING:
    from ombre.engine.game import Deal
    from ombre.engine.solver import Position

__all__ = ["deal_html", "position_html"]

_SIZE = 40


def _hand(title: str, row: str) -> str:
    name = html.escape(title)
    return f'<div role="group" aria-label="{name}"><p style="margin:.4em 0 .2em">{name}</p>{row}</div>'


def deal_html(deal: Deal, size: float = _SIZE) -> str:
    """The three hands by seat (the dealer and the eldest hand named) and the stock, top card first."""
    parts = []
    for seat, hand in enumerate(deal.hands):
        role = " (the dealer)" if seat == deal.dealer else " (the eldest hand)" if seat == deal.eldest else ""
        title = f"Seat {seat}{role}"
        parts.append(_hand(title, cards_html(hand, None, size, label=f"Seat {seat}'s hand")))
    title = f"The stock ({len(deal.stock)} cards, top card first)"
    parts.append(_hand(title, cards_html(deal.stock, None, size, label="The stock")))
    return f'<div class="ombre-deal">{"".join(parts)}</div>'


def position_html(position: Position, size: float = _SIZE) -> str:
    """The hands left (the Ombre, the seat to move and the tricks won named), and the trick so far.

    >>> from ombre.engine.solver import Position
    >>> p = Position.from_hands(["Kh", "2s Qh", "3s Jh"], trump="s", ombre=0, leader=0, trick="As")
    >>> out = position_html(p)
    >>> "Spades are trumps" in out, "Seat 1 (to move): no tricks" in out, "Seat 0 led Spadille" in out
    (True, True, True)
    """
    trump = position.trump
    parts = [f"<p>{html.escape(trump.plural.capitalize())} are trumps.</p>"]
    for seat, hand in enumerate(position.hands):
        roles = [r for r, at in (("the Ombre", position.ombre), ("to move", position.to_move)) if at == seat]
        won = position.won[seat]
        title = f"Seat {seat}{' (' + ', '.join(roles) + ')' if roles else ''}: {tricks_word(won)}"
        row = cards_html(sort_hand(hand, trump), trump, size, label=f"Seat {seat}'s hand")
        parts.append(_hand(title, row))
    if position.trick:
        parts.append(trick_html(Trick(position.leader, position.trick, trump)))
    return f'<div class="ombre-position">{"".join(parts)}</div>'
