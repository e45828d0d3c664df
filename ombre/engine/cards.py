"""Cards and the 40-card Spanish-suited pack as played in English Ombre.

The pack is the ordinary French-suited pack with the eights, nines and tens
removed (1665: "by discarding the Eights, Nines, and Tens out of the Pack,
there remains thirteen Cards in the Stock").

Notation: a card is its rank letter then its suit letter, ``As`` (Ace of
spades), ``7h``, ``Kd``, ``Jc``.  Ranks are ``A 2 3 4 5 6 7 J Q K``; suits
``s c h d``.  Input may also use Unicode suit symbols (``A♠``), ``10``-free
long forms (``king of spades``) and the historical names of the special cards
(Spadille/Spadillio, Basto, Pam).  Manille and Punto depend on the trump suit,
so :func:`parse_card` only accepts them when a trump is given.

>>> Card.parse("As")
Card.parse('As')
>>> str(Card.parse("A♠"))
'As'
>>> Card.parse("Spadillio").name
'Ace of Spades'
>>> Card.parse("manille", trump=Suit.HEARTS)
Card.parse('7h')
>>> [str(c) for c in parse_cards("As 2s Ac")]
['As', '2s', 'Ac']
>>> len(DECK)
40
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ombre.errors import OmbreError

__all__ = [
    "Suit",
    "RANKS",
    "RANK_NAMES",
    "Card",
    "DECK",
    "card_mask",
    "CardError",
    "parse_card",
    "parse_cards",
    "as_suit",
    "as_card",
    "as_cards",
    "format_cards",
    "SPADILLE",
    "BASTO",
    "PAM",
]


class CardError(OmbreError, ValueError):
    """A card could not be read; the message says which text and why.

    It is both an :class:`~ombre.errors.OmbreError` and a :class:`ValueError`.
    """


class Suit(enum.StrEnum):
    """The four suits, by their one-letter notation."""

    SPADES = "s"
    CLUBS = "c"
    HEARTS = "h"
    DIAMONDS = "d"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``♠``."""
        return _SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The English name, as in "must follow hearts"."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """``spade``, ``club``, ``heart``, ``diamond``."""
        return self.plural[:-1]

    @property
    def is_black(self) -> bool:
        """Spades and clubs are black; hearts and diamonds red."""
        return self in (Suit.SPADES, Suit.CLUBS)

    @property
    def is_red(self) -> bool:
        return not self.is_black

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter, symbol or name.

        >>> Suit.parse("♥"), Suit.parse("Clubs"), Suit.parse("d")
        (<Suit.HEARTS: 'h'>, <Suit.CLUBS: 'c'>, <Suit.DIAMONDS: 'd'>)
        """
        if not isinstance(text, str):
            raise TypeError(
                f"Suit.parse: expected a suit's text such as 'spades', not {type(text).__name__} {text!r}"
            )
        key = text.strip().lower()
        suit = _SUIT_ALIASES.get(key)
        if suit is None:
            raise CardError(f"unknown suit {text!r} (use s, c, h, d or a suit name)")
        return suit

    def __str__(self) -> str:
        return self.value


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)

_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_ALIASES: dict[str, Suit] = {}
for _s in SUITS:
    for _alias in (_s.value, _s.symbol, _s.plural, _s.singular):
        _SUIT_ALIASES[_alias] = _s
for _alias, _s in (("♤", Suit.SPADES), ("♧", Suit.CLUBS), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS)):
    _SUIT_ALIASES[_alias] = _s

#: Rank letters in notation order (not playing order, which depends on trumps).
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")

#: The English name of each rank letter.
RANK_NAMES: dict[str, str] = {
    "A": "Ace",
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "J": "Knave",
    "Q": "Queen",
    "K": "King",
}
_RANK_ALIASES: dict[str, str] = {r.lower(): r for r in RANKS}
_RANK_ALIASES.update({name.lower(): r for r, name in RANK_NAMES.items()})
_RANK_ALIASES.update({"jack": "J", "ace": "A", "1": "A"})


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card of the 40-card pack; immutable and hashable.

    ``index`` runs 0..39, suit by suit (spades, clubs, hearts, diamonds) in
    notation rank order, and is the card's bit in a bit-set hand.

    >>> c = Card("K", Suit.HEARTS)
    >>> c, c.index, c.name
    (Card.parse('Kh'), 29, 'King of Hearts')
    """

    index: int

    def __init__(self, rank: str, suit: Suit | str) -> None:
        if not isinstance(rank, str):
            raise TypeError(f"rank: expected a rank letter such as 'K', not {type(rank).__name__} {rank!r}")
        suit_v = suit if isinstance(suit, Suit) else as_suit(suit, "suit")
        if rank not in RANKS:
            raise CardError(f"unknown rank {rank!r} (ranks are {' '.join(RANKS)}; no 8, 9 or 10 in Ombre)")
        object.__setattr__(self, "index", SUITS.index(suit_v) * 10 + RANKS.index(rank))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with bit number ``index`` (0..39)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(DECK):
            raise CardError(f"a card's index runs from 0 to 39, not {index!r}")
        return DECK[index]

    @property
    def rank(self) -> str:
        return RANKS[self.index % 10]

    @property
    def suit(self) -> Suit:
        return SUITS[self.index // 10]

    @property
    def bit(self) -> int:
        """``1 << index``: this card as a one-card bit set."""
        return 1 << self.index

    @property
    def name(self) -> str:
        """Plain English name: ``Knave of Clubs``."""
        return f"{RANK_NAMES[self.rank]} of {self.suit.name.title()}"

    @property
    def symbol(self) -> str:
        """Compact form with a suit symbol: ``A♠``."""
        return self.rank + self.suit.symbol

    def title(self, trump: Suit | str | None = None) -> str | None:
        """The card's historical title, if it has one with this trump.

        Spadille and Basto are titles in every deal; Manille (the black two or
        red seven of trumps) and Punto (the red trump ace) only when their suit
        is trumps (1665, "Of the names of the Cards").

        >>> Card.parse("2s").title(Suit.SPADES), Card.parse("2s").title(Suit.HEARTS)
        ('Manille', None)
        """
        if self == SPADILLE:
            return "Spadille"
        if self == BASTO:
            return "Basto"
        if trump is not None:
            trump = as_suit(trump, "trump")
        if trump is not None and self.suit == trump:
            if self.rank == ("2" if trump.is_black else "7"):
                return "Manille"
            if trump.is_red and self.rank == "A":
                return "Punto"
        return None

    def spoken(self, trump: Suit | str | None = None) -> str:
        """Full name for screen readers and prose.

        >>> Card.parse("As").spoken()
        'Spadille, the Ace of Spades'
        >>> Card.parse("7d").spoken(Suit.DIAMONDS)
        'Manille, the Seven of Diamonds'
        >>> Card.parse("Qh").spoken()
        'the Queen of Hearts'
        """
        title = self.title(trump)
        return f"{title}, the {self.name}" if title else f"the {self.name}"

    @classmethod
    def parse(cls, text: str, trump: Suit | str | None = None) -> Card:
        return parse_card(text, trump)

    def __str__(self) -> str:
        return self.rank + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from ombre.display.svg import card_svg  # display layer, imported lazily

        return card_svg(self)


#: The 40 cards in :attr:`Card.index` order: suit by suit, in notation rank order.
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)


def card_mask(cards: Iterable[Card]) -> int:
    """The cards as a bit set (bit ``card.index``, as :attr:`Card.bit`): the one conversion.

    >>> card_mask([SPADILLE, BASTO]) == (1 << 0) | (1 << 10)
    True
    """
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


#: Spadille, the Ace of Spades: the first matador whatever the trumps.
SPADILLE = Card("A", Suit.SPADES)
#: Basto, the Ace of Clubs: the third matador whatever the trumps.
BASTO = Card("A", Suit.CLUBS)
#: Pam, the Knave of Clubs, as Pope names it (the name is Loo's).
PAM = Card("J", Suit.CLUBS)

_NAMED: dict[str, Card] = {
    "spadille": SPADILLE,
    "spadillio": SPADILLE,
    "spadilio": SPADILLE,
    "basto": BASTO,
    "pam": PAM,
}
_TRUMP_NAMED = {"manille", "manillio", "mallilio", "manilio", "punto", "ponto"}

# a rank word needs a space after it ("king of spades", "king spades"), so that "Kings" or "Aces"
# is not read as the King or Ace of spades; a rank letter may touch its suit ("Ks", "K♠")
_CARD_RE = re.compile(
    r"^(?:(ace|king|queen|knave|jack|two|three|four|five|six|seven)\s+(?:of\s+)?"
    r"|(10|[A2-7JQK1])\s*(?:of\s+)?)(\S.*)$",
    re.I,
)
_GLUED_WORD_RE = re.compile(r"^(ace|king|queen|knave|jack|two|three|four|five|six|seven)[^\s]", re.I)


def parse_card(text: str, trump: Suit | str | None = None) -> Card:
    """Read one card; raise :class:`CardError` naming the text if it is not one."""
    if not isinstance(text, str):
        raise TypeError(f"expected a card's text such as 'As', not {type(text).__name__} {text!r}")
    if trump is not None:
        trump = as_suit(trump, "trump")
    raw = text.strip()
    key = raw.lower()
    if key in _NAMED:
        return _NAMED[key]
    if key in _TRUMP_NAMED:
        if trump is None:
            raise CardError(f"{raw!r} names a different card for each trump suit; give the trump")
        if key in ("punto", "ponto"):
            if trump.is_black:
                raise CardError(f"there is no Punto when {trump.plural} are trumps (only red suits have one)")
            return Card("A", trump)
        return Card("2" if trump.is_black else "7", trump)
    if _GLUED_WORD_RE.match(raw):  # "Kings", "Aces": not the King or the Ace of spades
        raise CardError(
            f"cannot read {raw!r} as a card: a rank word needs its suit after a space, "
            "as in 'king of spades' (or write Ks)"
        )
    m = _CARD_RE.match(raw)
    if not m:
        raise CardError(f"cannot read {raw!r} as a card (write e.g. As, 7h, Kd)")
    rank_txt, suit_txt = (m.group(1) or m.group(2)).lower(), m.group(3)
    if rank_txt == "10":
        raise CardError(f"{raw!r}: there are no tens in the Ombre pack")
    rank = _RANK_ALIASES.get(rank_txt)
    if rank is None:
        raise CardError(f"cannot read {raw!r} as a card")
    try:
        suit = Suit.parse(suit_txt)
    except CardError as e:
        raise CardError(f"cannot read {raw!r} as a card: {e}") from None
    return Card(rank, suit)


def parse_cards(text: str | Iterable[Card | str], trump: Suit | str | None = None) -> list[Card]:
    """Read cards separated by spaces or commas (or an iterable of cards and card texts).

    A :class:`Card` in the iterable is kept and an empty text skipped; anything else that is not
    a card's text is a :class:`TypeError` naming what it got.

    >>> parse_cards([SPADILLE, "Kh", ""])
    [Card.parse('As'), Card.parse('Kh')]
    >>> parse_cards(None)
    Traceback (most recent call last):
    ...
    TypeError: parse_cards: expected a text such as 'As Kh' or an iterable of cards, not NoneType None
    >>> parse_cards(b"As")
    Traceback (most recent call last):
    ...
    TypeError: parse_cards: expected a text such as 'As Kh' or an iterable of cards, not bytes b'As'
    """
    if isinstance(text, str):
        return [parse_card(t, trump) for t in re.split(r"[\s,]+", text.strip()) if t]
    if isinstance(text, (bytes, bytearray, Card)) or not isinstance(text, Iterable):
        raise TypeError(
            "parse_cards: expected a text such as 'As Kh' or an iterable of cards, "
            f"not {type(text).__name__} {text!r}"
        )
    return [as_card(t, trump, "parse_cards") for t in text if not (isinstance(t, str) and not t)]


def as_suit(value: Suit | str, what: str = "suit") -> Suit:
    """``value`` as a :class:`Suit`: a suit is kept, a text (``"s"``, ``"spades"``, ``"♠"``) is read.

    The one conversion the package's entry points share, so that each accepts what the others do.
    ``what`` names the argument in the error: :class:`CardError` for an unknown suit's text,
    :class:`TypeError` for something that is not a suit at all.

    >>> as_suit("Hearts"), as_suit(Suit.CLUBS)
    (<Suit.HEARTS: 'h'>, <Suit.CLUBS: 'c'>)
    >>> as_suit(3, "trump")
    Traceback (most recent call last):
    ...
    TypeError: trump: expected a Suit or a suit's text such as 'spades', not int 3
    """
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    raise TypeError(
        f"{what}: expected a Suit or a suit's text such as 'spades', not {type(value).__name__} {value!r}"
    )


def as_card(value: Card | str, trump: Suit | str | None = None, what: str = "card") -> Card:
    """``value`` as a :class:`Card`: a card is kept, a text (``"As"``, ``"king of hearts"``) is read.

    >>> as_card("Kh"), as_card(SPADILLE)
    (Card.parse('Kh'), Card.parse('As'))
    >>> as_card(12)
    Traceback (most recent call last):
    ...
    TypeError: card: expected a Card or a card's text such as 'As', not int 12
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value, trump)
    raise TypeError(
        f"{what}: expected a Card or a card's text such as 'As', not {type(value).__name__} {value!r}"
    )


def as_cards(
    values: Iterable[Card | str] | str, trump: Suit | str | None = None, what: str = "cards"
) -> tuple[Card, ...]:
    """Cards from a text (``"As Kh"``) or from an iterable of cards and card texts.

    >>> as_cards("As, Kh"), as_cards([SPADILLE, "2s"])
    ((Card.parse('As'), Card.parse('Kh')), (Card.parse('As'), Card.parse('2s')))
    """
    if isinstance(values, str):
        return tuple(parse_cards(values, trump))
    if isinstance(values, (bytes, bytearray, Card)) or not isinstance(values, Iterable):
        raise TypeError(
            f"{what}: expected cards (a text such as 'As Kh' or a sequence of cards), "
            f"not {type(values).__name__} {values!r}"
        )
    return tuple(as_card(v, trump, what) for v in values)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text for a list of cards: ``As 2s Ac``."""
    return " ".join(str(c) for c in cards)
