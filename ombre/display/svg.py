"""Card faces drawn as SVG by the package: no images from anywhere else.

The design is simple and period-flavoured rather than modern: rank and suit in two corners,
pips in the traditional places, court cards as small drawn figures with the attributes Pope
gives them (iii.37-42: kings "with hoary whiskers and a forky beard", queens whose "hands
sustain a flow'r", knaves with "caps on their heads, and halberts in their hand"), and the
matadors named on a scroll (Spadille, Manille, Basto; Punto for the red trump ace).  Which card
is Manille or Punto depends on the trump, so :func:`card_svg` takes it.

Suits can be told apart without colour: the four pips have different shapes, and red pips are
drawn hollow (an outline over a pale tint) while black pips are solid, as in cards printed in
black and stencilled in colour.  Every card carries a text alternative (``role="img"``, an
``aria-label`` and a ``<title>``) that says its name in words.

Colours come from CSS variables with fallbacks, so a page can restyle the cards for light and
dark themes: ``--ombre-card-face``, ``--ombre-card-ink``, ``--ombre-card-red``,
``--ombre-card-edge`` and ``--ombre-card-back``.

>>> from ombre.engine.cards import Card, Suit
>>> svg = card_svg(Card.parse("Qh"))
>>> svg.startswith("<svg") and 'aria-label="the Queen of Hearts"' in svg
True
>>> "Manille" in card_svg(Card.parse("2s"), trump=Suit.SPADES)
True
>>> "Manille" in card_svg(Card.parse("2s"), trump=Suit.HEARTS)
False
>>> "a hidden card" in card_back_svg()
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Collection, Iterable

from ombre.engine.cards import Card, Suit

__all__ = [
    "CARD_WIDTH",
    "CARD_HEIGHT",
    "card_svg",
    "card_back_svg",
    "card_label",
    "cards_html",
]

#: The card's own coordinate system (its ``viewBox``): 60 by 90 units, the 2:3 of a playing card.
CARD_WIDTH = 60
#: The height of that coordinate system (:data:`CARD_WIDTH` is its width).
CARD_HEIGHT = 90

_INK = "var(--ombre-card-ink,#1d1a16)"
_RED = "var(--ombre-card-red,#a3161c)"
_FACE = "var(--ombre-card-face,#fdfaf0)"
_EDGE = "var(--ombre-card-edge,#6b6455)"
_BACK = "var(--ombre-card-back,#7a2430)"
_SERIF = "Georgia,'Times New Roman',serif"

# Pip outlines in a 20 by 20 box centred on the origin.
_PIP_PATHS: dict[Suit, str] = {
    Suit.HEARTS: (
        "M0 9C-2 6.2-9 2.4-9-3.4C-9-7.4-6.2-9.4-3.6-9.4C-1.8-9.4-.5-8.3 0-6.8"
        "C.5-8.3 1.8-9.4 3.6-9.4C6.2-9.4 9-7.4 9-3.4C9 2.4 2 6.2 0 9Z"
    ),
    Suit.DIAMONDS: "M0-10L7.2 0L0 10L-7.2 0Z",
    Suit.SPADES: (
        "M0-10C-2.2-6-9-2.6-9 2.6C-9 6-6.6 7.6-4.2 7.6C-2.7 7.6-1.4 6.9-.7 6L-2.8 10H2.8L.7 6"
        "C1.4 6.9 2.7 7.6 4.2 7.6C6.6 7.6 9 6 9 2.6C9-2.6 2.2-6 0-10Z"
    ),
    Suit.CLUBS: (
        "M0-9.6A4.3 4.3 0 1 0 0-1A4.3 4.3 0 1 0 0-9.6Z"
        "M-5.2-3.2A4.3 4.3 0 1 0-5.2 5.4A4.3 4.3 0 1 0-5.2-3.2Z"
        "M5.2-3.2A4.3 4.3 0 1 0 5.2 5.4A4.3 4.3 0 1 0 5.2-3.2Z"
        "M-1-1.5L-3 10H3L1-1.5Z"
    ),
}

# Pip centres for the number cards, in card units; pips below the middle are drawn upside down.
_PIP_LAYOUT: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((30, 24), (30, 66)),
    "3": ((30, 24), (30, 45), (30, 66)),
    "4": ((21, 24), (39, 24), (21, 66), (39, 66)),
    "5": ((21, 24), (39, 24), (30, 45), (21, 66), (39, 66)),
    "6": ((21, 24), (39, 24), (21, 45), (39, 45), (21, 66), (39, 66)),
    "7": ((21, 24), (39, 24), (30, 34.5), (21, 45), (39, 45), (21, 66), (39, 66)),
}


def _num(x: float) -> str:
    """Shortest text for a coordinate: ``3``, ``2.5``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _colour(suit: Suit) -> str:
    return _RED if suit.is_red else _INK


def _pip(suit: Suit, x: float, y: float, size: float, *, flip: bool = False) -> str:
    """One suit pip ``size`` units tall centred on (x, y): solid if black, hollow if red."""
    scale = size / 20
    transform = f"translate({_num(x)} {_num(y)}) scale({_num(scale)})"
    if flip:
        transform += " rotate(180)"
    path = _PIP_PATHS[suit]
    if suit.is_red:
        # Hollow: a pale tint inside a firm outline (about 1.1 card units whatever the size).
        width = _num(1.1 / scale)
        return (
            f'<path transform="{transform}" d="{path}" fill="currentColor" fill-opacity=".16" '
            f'stroke="currentColor" stroke-width="{width}" stroke-linejoin="round"/>'
        )
    return f'<path transform="{transform}" d="{path}" fill="currentColor"/>'


def _corner(card: Card) -> str:
    """Rank letter and small pip, top left; the same turned about the centre, bottom right."""
    rank = card.rank
    text = (
        f'<text x="7.5" y="14" text-anchor="middle" font-family="{_SERIF}" font-size="13" '
        f'font-weight="700" fill="currentColor">{rank}</text>'
    )
    index = text + _pip(card.suit, 7.5, 22, 8.5)
    return f'<g>{index}</g><g transform="rotate(180 30 45)">{index}</g>'


def _scroll(name: str) -> str:
    """A scroll across the foot of the card bearing a matador's (or Punto's) name."""
    return (
        '<path d="M12.5 77.5H47.5L45.5 82L47.5 86.5H12.5L14.5 82Z" '
        f'style="fill:{_FACE};stroke:{_INK}" stroke-width=".8" stroke-linejoin="round"/>'
        f'<text x="30" y="84.6" text-anchor="middle" font-family="{_SERIF}" font-size="8.2" '
        f'font-style="italic" font-weight="700" textLength="{_num(min(29, 4.4 * len(name)))}" '
        f'lengthAdjust="spacingAndGlyphs" style="fill:{_INK}">{html.escape(name)}</text>'
    )


def _ace(card: Card, title: str | None) -> str:
    size = 34 if title in ("Spadille", "Basto") else 26
    parts = [_pip(card.suit, 30, 44, size)]
    if title in ("Spadille", "Basto"):
        # The great aces were the ornamented cards of the pack: a ring of dots round the pip.
        for i in range(12):
            angle = math.pi * 2 * i / 12
            parts.append(
                f'<circle cx="{_num(30 + 22 * math.sin(angle))}" cy="{_num(44 - 22 * math.cos(angle))}" '
                'r=".9" fill="currentColor"/>'
            )
    return "".join(parts)


def _court(card: Card) -> str:
    """A small standing figure: robe in the suit's colour, the suit on the breast, an emblem."""

    def ink(width: float = 0.8, *, face: bool = False) -> str:
        fill = f";fill:{_FACE}" if face else ""
        return f'style="stroke:{_INK}{fill}" stroke-width="{_num(width)}" stroke-linejoin="round"'

    hollow = 'fill="currentColor" fill-opacity=".16" stroke="currentColor" stroke-width="1.1"'
    solid = 'fill="currentColor"'
    robe_fill = hollow if card.suit.is_red else 'fill="currentColor" fill-opacity=".22" stroke="currentColor"'
    parts = [
        f'<rect x="12.5" y="14.5" width="35" height="61" rx="1.5" fill="none" {ink()}/>',
        # robe and shoulders
        f'<path d="M17.5 75L21.5 45Q30 38.5 38.5 45L42.5 75Z" {robe_fill} stroke-linejoin="round"/>',
        f'<path d="M21 51Q30 55 39 51" fill="none" {ink()}/>',
        _pip(card.suit, 30, 63, 10),
        # head
        f'<circle cx="30" cy="33" r="5.6" {ink(face=True)}/>',
        # eyes
        f'<path d="M28 32.2h.01M32 32.2h.01" style="stroke:{_INK}" stroke-width="1.3" '
        'stroke-linecap="round"/>',
    ]
    if card.rank == "K":
        parts += [
            # crown
            f'<path d="M24.5 28.5V21.5L27.2 25L30 20L32.8 25L35.5 21.5V28.5Z" {solid} {ink()}/>',
            # the hoary forked beard
            f'<path d="M25.6 35Q26.2 41.5 28.4 44.5L30 41.8L31.6 44.5Q33.8 41.5 34.4 35'
            f'Q30 38.6 25.6 35Z" {ink(face=True)}/>',
            # sceptre
            f'<path d="M38.5 50L43.5 23" {ink(1.2)} stroke-linecap="round"/>',
            f'<circle cx="43.7" cy="22" r="1.8" {solid} {ink()}/>',
        ]
    elif card.rank == "Q":
        parts += [
            # coronet
            f'<path d="M25 28.5L26 24.5H34L35 28.5Z" {solid} {ink()}/>',
            '<circle cx="26.3" cy="23.6" r="1" fill="currentColor"/>'
            '<circle cx="30" cy="23" r="1.1" fill="currentColor"/>'
            '<circle cx="33.7" cy="23.6" r="1" fill="currentColor"/>',
            # hair falling to the shoulders
            f'<path d="M24.4 31Q23.4 38 22.6 42M35.6 31Q36.6 38 37.4 42" fill="none" {ink()}/>',
            # the flower she holds
            f'<path d="M37 52Q40 40 41.5 27.5" fill="none" {ink(1)}/>',
            f'<path d="M40 36Q43.5 35 44.5 32" fill="none" {ink()}/>',
        ]
        for dx, dy in ((0, -2.6), (2.5, -0.8), (1.5, 2.1), (-1.5, 2.1), (-2.5, -0.8)):
            parts.append(f'<circle cx="{_num(41.6 + dx)}" cy="{_num(25.5 + dy)}" r="1.7" {ink(face=True)}/>')
        parts.append('<circle cx="41.6" cy="25.5" r="1.1" fill="currentColor"/>')
    else:  # the Knave
        parts += [
            # cap with a feather
            f'<path d="M24 29.5Q23.6 22.8 30.5 22.6Q36.4 22.6 36.4 29.5Z" {solid} {ink()}/>',
            f'<path d="M35.5 24.5Q40 20 40.5 16.5" fill="none" {ink(1.1)}/>',
            # halberd: a long shaft with an axe blade and a spike
            f'<path d="M43.5 74V17.5" {ink(1.2)}/>',
            f'<path d="M43.5 20.5L47 22.5V28L43.5 26.5Z" {solid} {ink()}/>',
            f'<path d="M43.5 21.5L40.5 23.5L43.5 24.5Z" {solid}/>',
            f'<path d="M43.5 17.5L43.5 15" {ink(1.6)} stroke-linecap="round"/>',
        ]
    return "".join(parts)


def card_label(card: Card, trump: Suit | None = None) -> str:
    """The words a screen reader says for ``card``: its title (if any) and name.

    >>> from ombre.engine.cards import Card
    >>> card_label(Card.parse("As"))
    'Spadille, the Ace of Spades'
    """
    return card.spoken(trump)


def _svg_open(size: float, label: str, css_class: str) -> str:
    width = _num(size)
    height = _num(size * CARD_HEIGHT / CARD_WIDTH)
    safe = html.escape(label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" '
        f'width="{width}" height="{height}" role="img" aria-label="{safe}" '
        f'style="color:{_INK}"><title>{safe}</title>'
        f'<rect x=".5" y=".5" width="59" height="89" rx="4.5" style="fill:{_FACE};stroke:{_EDGE}"/>'
    )


def card_svg(card: Card, trump: Suit | None = None, size: float = 60) -> str:
    """The face of ``card`` as one ``<svg>`` element, ``size`` CSS pixels wide.

    ``trump`` decides which card bears the name Manille (and Punto); Spadille and Basto are
    named whatever the trump.  The SVG has ``role="img"``, an ``aria-label`` and a ``<title>``.

    >>> from ombre.engine.cards import Card, Suit
    >>> s = card_svg(Card.parse("As"), size=40)
    >>> 'width="40"' in s and 'height="60"' in s and ">Spadille<" in s
    True
    >>> 'aria-label="Punto, the Ace of Hearts"' in card_svg(Card.parse("Ah"), Suit.HEARTS)
    True
    """
    if not isinstance(card, Card):
        raise TypeError(f"card_svg needs a Card, not {card!r} (use Card.parse('As'))")
    if size <= 0:
        raise ValueError(f"card size must be positive, not {size!r}")
    title = card.title(trump)
    parts = [_svg_open(size, card_label(card, trump), "ombre-card")]
    parts.append(f'<g style="color:{_colour(card.suit)}">')
    parts.append(_corner(card))
    if card.rank == "A":
        parts.append(_ace(card, title))
    elif card.rank in _PIP_LAYOUT:
        for x, y in _PIP_LAYOUT[card.rank]:
            parts.append(_pip(card.suit, x, y, 12, flip=y > 45))
    else:
        parts.append(_court(card))
    parts.append("</g>")
    if title is not None:
        parts.append(_scroll(title))
    parts.append("</svg>")
    return "".join(parts)


def _back_lattice() -> str:
    """A lattice of small lozenges filling the back's inner panel (no ids, no patterns)."""
    cells = []
    for row in range(13):
        y = 10 + row * 5.8
        offset = 2.6 if row % 2 else 0
        for col in range(8):
            x = 11.5 + offset + col * 5.2
            if x > 49:
                continue
            cells.append(f"M{_num(x)} {_num(y - 2.2)}l1.9 2.2l-1.9 2.2l-1.9-2.2z")
    return f'<path d="{"".join(cells)}" fill="currentColor" fill-opacity=".55"/>'


def card_back_svg(size: float = 60, *, label: str = "a hidden card") -> str:
    """The back of a card, for cards the viewer may not see; read aloud as ``label``.

    >>> s = card_back_svg(30)
    >>> 'aria-label="a hidden card"' in s and 'width="30"' in s
    True
    """
    if size <= 0:
        raise ValueError(f"card size must be positive, not {size!r}")
    return (
        _svg_open(size, label, "ombre-card ombre-card-back")
        + f'<g style="color:{_BACK}">'
        + '<rect x="5" y="5" width="50" height="80" rx="2.5" fill="currentColor" fill-opacity=".9"/>'
        + f'<rect x="8" y="8" width="44" height="74" rx="1.5" fill="none" style="stroke:{_FACE}" '
        + 'stroke-width="1"/>'
        + f'<g style="color:{_FACE}">{_back_lattice()}</g></g></svg>'
    )


#: The ? under a conjectural card (the viewer's mark, inline for pages without its stylesheet).
_Q_STYLE = (
    "display:block;margin:2px auto 0;width:1.1rem;height:1.1rem;border-radius:50%;background:#f2d36b;"
    "color:#1d1a16;font:700 0.75rem/1.1rem Georgia,serif;text-align:center"
)
#: Text for screen readers only.
_SR_STYLE = (
    "position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"
)


def cards_html(
    cards: Iterable[Card | None],
    trump: Suit | None = None,
    size: float = 48,
    *,
    label: str | None = None,
    conjectural: Collection[Card] = frozenset(),
    conjectural_note: str = "conjectural",
) -> str:
    """A row of cards as an HTML list (``None`` draws a hidden card), for notebook display.

    ``label`` names the list for screen readers ("Belinda's hand").  A card in
    ``conjectural`` gets a ``?`` under it, and ``conjectural_note`` in words for
    screen readers.

    >>> from ombre.engine.cards import parse_cards
    >>> row = cards_html(parse_cards("As Kh"), label="a hand")
    >>> row.count("<li") == 2 and 'aria-label="a hand"' in row
    True
    >>> row = cards_html(parse_cards("As 6d"), conjectural=parse_cards("6d"))
    >>> row.count('class="ombre-q"'), "(conjectural)" in row
    (1, True)
    """
    items = []
    for card in cards:
        face = card_back_svg(size) if card is None else card_svg(card, trump, size)
        mark = ""
        if card is not None and card in conjectural:
            mark = (
                f'<span class="ombre-q" aria-hidden="true" style="{_Q_STYLE}">?</span>'
                f'<span style="{_SR_STYLE}">({html.escape(conjectural_note)})</span>'
            )
        extra = ";position:relative" if mark else ""
        items.append(f'<li style="list-style:none;margin:0 2px 0 0;padding:0{extra}">{face}{mark}</li>')
    name = f' aria-label="{html.escape(label)}"' if label else ""
    return (
        f'<ul class="ombre-cards"{name} style="display:flex;flex-wrap:wrap;margin:0;padding:0">'
        + "".join(items)
        + "</ul>"
    )
