"""Cards written in text (``K♥``, ``7♦?``) with a text alternative for screen readers and braille.

A suit symbol alone is read as "black heart suit" or shown as an unknown character; each card
in the project's HTML text is therefore a ``role="img"`` span named as the viewer names it
("the King of Hearts"), with ", conjectural" for a card marked ``?``.  The name is the card's
plain name, never its title: a question that asks which card is Manille must not answer itself.

>>> card_text_html("Right. 2♣ is Manille")
'Right. <span class="ombre-card-text" role="img" aria-label="the Two of Clubs">2♣</span> is Manille'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from ombre.engine.cards import Card

__all__ = ["CARD_TOKEN", "card_label", "card_text_html", "card_names"]

#: A card written in text: a rank and a suit symbol, optionally marked ? (conjectural), not inside
#: a longer word.
CARD_TOKEN = re.compile(r"(?<![\w♠♣♥♦])([AKQJ2-7][♠♣♥♦])(\?)?(?![\w♠♣♥♦])")


def card_label(token: str) -> str:
    """The spoken name of a card token: ``"7♦?"`` -> ``"the Seven of Diamonds, conjectural"``.

    >>> card_label("J♦")
    'the Knave of Diamonds'
    """
    m = CARD_TOKEN.fullmatch(token)
    if m is None:
        raise ValueError(f"{token!r} is not a card written as rank and suit symbol (e.g. K♥)")
    name = "the " + Card.parse(m.group(1)).name
    return name + (", conjectural" if m.group(2) else "")


def _token(m: re.Match[str], conjectural: bool) -> str:
    return m.group(0) if conjectural else m.group(1)


def card_text_html(text: str, *, conjectural: bool = True) -> str:
    """``text`` escaped for HTML, every card in it a named ``role="img"`` span.

    ``conjectural=False`` is for text that never marks a card as conjectural, such as the
    exercises' questions: a ``?`` after a card is then the question's mark, left as text.

    >>> card_text_html("May you play 2♠?", conjectural=False)
    'May you play <span class="ombre-card-text" role="img" aria-label="the Two of Spades">2♠</span>?'
    """
    out: list[str] = []
    at = 0
    for m in CARD_TOKEN.finditer(text):
        out.append(html.escape(text[at : m.start()], quote=True))
        token = _token(m, conjectural)
        out.append(
            f'<span class="ombre-card-text" role="img" aria-label="{html.escape(card_label(token))}">'
            f"{html.escape(token)}</span>"
        )
        at = m.start() + len(token)
    out.append(html.escape(text[at:], quote=True))
    return "".join(out)


def card_names(texts: Iterable[str], *, conjectural: bool = True) -> dict[str, str]:
    """Every card token in ``texts`` and its spoken name, for a script that writes those texts.

    >>> card_names(["Right. 2♣ is Manille", "not 7♦?"])
    {'2♣': 'the Two of Clubs', '7♦?': 'the Seven of Diamonds, conjectural'}
    >>> card_names(["May you play 2♠?"], conjectural=False)
    {'2♠': 'the Two of Spades'}
    """
    found = (_token(m, conjectural) for t in texts for m in CARD_TOKEN.finditer(t))
    return {token: card_label(token) for token in found}
