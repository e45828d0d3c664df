"""The rules of three-handed Ombre: order of the cards, legal play, the trick, results.

Everything here is a pure function of cards (no game state), so it can be
used by the game state, the record reader, the solver and the book alike.
Sources are cited as in ``rules-and-sources``: "1665" is *The Royal Game of
the Ombre* (the braille source), "Morley" his 1891 note founded on *The Court
Gamester*, "Hoyle" a 19th-century *Hoyle's Games*, "1911 EB" the
*Encyclopaedia Britannica* article.  The rules on which the sources differ (stakes, fees,
the vole ...) are data, in :mod:`ombre.engine.rulesets`.

>>> from ombre.engine.cards import Card, Suit, parse_cards
>>> [str(c) for c in trump_order(Suit.SPADES)][:4]
['As', '2s', 'Ac', 'Ks']
>>> hand = parse_cards("2s 5s Kh Qd")
>>> [str(c) for c in legal_plays(hand, parse_cards("As"), Suit.SPADES)]
['2s', '5s']
>>> why_illegal(hand, parse_cards("3h"), Card.parse("Qd"), Suit.SPADES)
'must follow hearts'
>>> result_of((5, 3, 1), ombre=0)
<Result.WIN: 'win'>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from ombre.engine.cards import BASTO, DECK, SPADILLE, SUITS, Card, Suit, as_card, as_cards, as_suit
from ombre.errors import RulesError

__all__ = [
    "Result",
    "is_trump",
    "effective_suit",
    "trump_order",
    "plain_order",
    "card_order",
    "manille",
    "matadors",
    "is_matador",
    "legal_plays",
    "why_illegal",
    "explain_play",
    "is_seat",
    "explain_winner",
    "trick_winner",
    "beats",
    "matador_sequence",
    "result_of",
    "codille_winner",
]


class Result(enum.StrEnum):
    """How a hand ended, judged from the Ombre's tricks against the defenders' (1665, Morley).

    * ``WIN``: the Ombre took more tricks than each defender (five or more,
      or four with the other five split 3-2) and not all nine.
    * ``VOLE``: the Ombre took all nine tricks (1665 "the Voll").  Whether
      the vole earns anything beyond the win depends on the rule set (1665:
      only if declared before the fifth trick).
    * ``CODILLE``: one defender took more tricks than each other player
      (1665 "Codillio"); he takes up the stakes.  A defender who takes all
      nine tricks has won codille: 1665 speaks of the vole only as the
      Ombre's undertaking; Morley's "if any one wins all the nine tricks"
      lets him clear the table, which on the engine's single table is what
      codille does already, so no rule set can ask for anything else.
    * ``REPUESTO``: nobody took more tricks than each other player (4-4-1,
      3-3-3, and 1-4-4 with the two defenders level): the Ombre has lost but
      nobody takes up the stakes, which he doubles (1665 "Repuesto").
    """

    WIN = "win"
    CODILLE = "codille"
    REPUESTO = "repuesto"
    VOLE = "vole"

    @property
    def ombre_wins(self) -> bool:
        """True for ``WIN`` and ``VOLE``."""
        return self in (Result.WIN, Result.VOLE)

    def __str__(self) -> str:
        return self.value


# ---------------------------------------------------------------------------
# Order of the cards
# ---------------------------------------------------------------------------


def is_trump(card: Card, trump: Suit | str) -> bool:
    """True if ``card`` is a trump: a card of the trump suit, or either black ace.

    1665: "the Spadillio, or Ace of Spades is always the first Card, and
    alwayes Trump, be the Trump what suit soever; and the Basto, or Ace of
    Clubs alwayes the third."

    >>> from ombre.engine.cards import Card, Suit
    >>> is_trump(Card.parse("Ac"), Suit.HEARTS), is_trump(Card.parse("Kc"), Suit.HEARTS)
    (True, False)
    """
    if not isinstance(trump, Suit):
        trump = as_suit(trump, "trump")
    return card.suit is trump or card.index == SPADILLE.index or card.index == BASTO.index


def effective_suit(card: Card, trump: Suit | str) -> Suit:
    """The suit a card counts as in play: the trump suit for every trump, else its own suit.

    Spadille and Basto belong to the trumps, never to their own suits (1665).

    >>> from ombre.engine.cards import Card, Suit
    >>> effective_suit(Card.parse("As"), Suit.DIAMONDS)
    <Suit.DIAMONDS: 'd'>
    """
    trump = as_suit(trump, "trump")
    return trump if is_trump(card, trump) else card.suit


def manille(trump: Suit | str) -> Card:
    """The second matador: the two of a black trump suit, the seven of a red one (1665).

    >>> str(manille(Suit.CLUBS)), str(manille(Suit.HEARTS))
    ('2c', '7h')
    """
    trump = as_suit(trump, "trump")
    return Card("2" if trump.is_black else "7", trump)


def trump_order(trump: Suit | str) -> tuple[Card, ...]:
    """The trumps, highest first: eleven in a black suit, twelve in a red one.

    1665, "Of the names of the Cards": black: Spadillio, Mallilio (the black
    deuce), Basto, King, Queen, Knave, 7, 6, 5, 4, 3; red: Spadillio,
    Mallilio (the red seven), Basto, Punto (the red ace), King, Queen, Knave,
    2, 3, 4, 5, 6.  "Of Black, there are but eleven Trumps, and of Red
    twelve."  Court Gamester, Morley and 1911 EB agree.

    >>> from ombre.engine.cards import format_cards
    >>> format_cards(trump_order(Suit.HEARTS))
    'As 7h Ac Ah Kh Qh Jh 2h 3h 4h 5h 6h'
    >>> len(trump_order(Suit.CLUBS))
    11
    """
    return _TRUMP_ORDER[as_suit(trump, "trump")]


def plain_order(suit: Suit | str, trump: Suit | str) -> tuple[Card, ...]:
    """A suit that is not trumps, highest first.

    Black: K Q J 7 6 5 4 3 2 (its ace is always a trump); red: K Q J A 2 3 4
    5 6 7.  1665: the red ace is the Punto when trump, "otherwise 'tis only
    rank'd after the Knave", and "the least small Cards of the Red are alwayes best, and the
    greatest of the Black".  Raises :class:`~ombre.errors.RulesError` if
    ``suit`` is the trump suit.

    >>> from ombre.engine.cards import format_cards
    >>> format_cards(plain_order(Suit.DIAMONDS, Suit.SPADES))
    'Kd Qd Jd Ad 2d 3d 4d 5d 6d 7d'
    >>> format_cards(plain_order(Suit.SPADES, Suit.HEARTS))
    'Ks Qs Js 7s 6s 5s 4s 3s 2s'
    """
    suit, trump = as_suit(suit), as_suit(trump, "trump")
    if suit is trump:
        raise RulesError(f"{suit.plural} are trumps here; use trump_order for their order")
    return _PLAIN_ORDER[suit]


def card_order(suit: Suit | str, trump: Suit | str) -> tuple[Card, ...]:
    """The cards that count as ``suit`` in play, highest first (trumps or plain)."""
    suit, trump = as_suit(suit), as_suit(trump, "trump")
    return _TRUMP_ORDER[trump] if suit is trump else _PLAIN_ORDER[suit]


def matadors(trump: Suit | str) -> tuple[Card, Card, Card]:
    """Spadille, Manille and Basto for this trump suit: "the Matadors or killing Cards" (1665).

    >>> [c.title(Suit.DIAMONDS) for c in matadors(Suit.DIAMONDS)]
    ['Spadille', 'Manille', 'Basto']
    """
    return _MATADORS[as_suit(trump, "trump")]


def is_matador(card: Card, trump: Suit | str) -> bool:
    """True for Spadille, Manille and Basto (1665, "Of the Matadors")."""
    if not isinstance(trump, Suit):
        trump = as_suit(trump, "trump")
    return card.index in _MATADOR_INDEXES[trump]


#: by trump suit: the matadors, and their card indexes (made once: the rule of thumb asks of every card)
_MATADORS: dict[Suit, tuple[Card, Card, Card]] = {t: (SPADILLE, manille(t), BASTO) for t in Suit}
_MATADOR_INDEXES: dict[Suit, frozenset[int]] = {
    t: frozenset(c.index for c in m) for t, m in _MATADORS.items()
}


def _power(card: Card, trump: Suit) -> int:
    """Strength within the suit a card counts as; larger is stronger (trumps above everything)."""
    if is_trump(card, trump):
        order = _TRUMP_ORDER[trump]
        return 100 + len(order) - order.index(card)
    order = _PLAIN_ORDER[card.suit]
    return len(order) - order.index(card)


def _build_orders() -> tuple[dict[Suit, tuple[Card, ...]], dict[Suit, tuple[Card, ...]]]:
    trumps: dict[Suit, tuple[Card, ...]] = {}
    plains: dict[Suit, tuple[Card, ...]] = {}
    for s in SUITS:
        if s.is_black:
            ranks = ["K", "Q", "J", "7", "6", "5", "4", "3"]
            trumps[s] = (SPADILLE, Card("2", s), BASTO) + tuple(Card(r, s) for r in ranks)
            plains[s] = tuple(Card(r, s) for r in ["K", "Q", "J", "7", "6", "5", "4", "3", "2"])
        else:
            ranks = ["A", "K", "Q", "J", "2", "3", "4", "5", "6"]
            trumps[s] = (SPADILLE, Card("7", s), BASTO) + tuple(Card(r, s) for r in ranks)
            plains[s] = tuple(Card(r, s) for r in ["K", "Q", "J", "A", "2", "3", "4", "5", "6", "7"])
    return trumps, plains


_TRUMP_ORDER, _PLAIN_ORDER = _build_orders()

#: per trump, by card index: the suit each card counts as, its power, and the matadors' indexes
_EFFECTIVE: dict[Suit, tuple[Suit, ...]] = {
    t: tuple(t if (c.suit is t or c in (SPADILLE, BASTO)) else c.suit for c in DECK) for t in SUITS
}
_POWER: dict[Suit, tuple[int, ...]] = {t: tuple(_power(c, t) for c in DECK) for t in SUITS}
_MATADOR_INDEX: dict[Suit, frozenset[int]] = {t: frozenset(c.index for c in matadors(t)) for t in SUITS}


# ---------------------------------------------------------------------------
# Legal play
# ---------------------------------------------------------------------------


def _privileged(card: Card, led: Card, trump: Suit) -> bool:
    """True if ``card`` is a matador above the trump ``led``, so need not be played to it."""
    return is_matador(card, trump) and _power(card, trump) > _power(led, trump)


def legal_plays(hand: Iterable[Card], trick_cards: Sequence[Card], trump: Suit | str) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick that began with ``trick_cards``.

    * The leader may play any card.
    * A plain suit led must be followed if possible; a player who cannot
      follow may play any card, "and is not obliged to play a trump unless he
      please" (Morley; there is no duty to trump).
    * A trump led must be followed with a trump (1665, "for all the rest you
      are to follow Trump"), except for **the matadors' privilege**: a matador
      need not be played to the lead of a lower trump, "that none but
      commanding Cards can force them out of your hands; as for example, the
      Spadillio forces the Mallilio, and the Mallilio the Basto" (1665, "Of
      playing Trumps").  So a player whose only trumps are matadors higher
      than the card led may play any card, while one holding any other trump
      must play a trump, though never a particular one (Hoyle: "if spadille
      be led, and you hold manille or basto unguarded, you must play it").

    The result keeps the order of ``hand`` (without repeats).  Card texts are read too.

    >>> from ombre.engine.cards import parse_cards, format_cards
    >>> s = Suit.SPADES
    >>> format_cards(legal_plays(parse_cards("2s Kh Qd"), parse_cards("5s"), s))  # privilege
    '2s Kh Qd'
    >>> format_cards(legal_plays(parse_cards("2s Kh Qd"), parse_cards("As"), s))  # forced
    '2s'
    >>> format_cards(legal_plays(parse_cards("2s 4s Kh"), parse_cards("As"), s))  # guarded
    '2s 4s'
    >>> legal_plays("3h Ks", "Kh", "spades")  # card texts are read
    [Card.parse('3h')]
    """
    trump = as_suit(trump, "trump")
    cards = list(dict.fromkeys(as_cards(hand, trump, "hand") if isinstance(hand, str) else hand))
    try:
        if not isinstance(trick_cards, str):
            _refuse_complete(trick_cards)
        return _legal_plays(cards, trick_cards, trump)
    except (TypeError, AttributeError):
        # card texts ("Kh"), or something that is not a card: read them, or say what is wrong
        trick = as_cards(trick_cards, trump, "trick")
        _refuse_complete(trick)
        return _legal_plays(list(dict.fromkeys(as_cards(cards, trump, "hand"))), trick, trump)


def _refuse_complete(trick_cards: Sequence[Card]) -> None:
    """A trick of three cards takes no more: say so, as :func:`why_illegal` does."""
    if len(trick_cards) >= 3:
        raise RulesError(
            f"trick_cards: the trick is complete ({len(trick_cards)} cards): no card may be played to it, "
            "the next card goes to the next trick"
        )


def _legal_plays(cards: list[Card], trick_cards: Sequence[Card], trump: Suit) -> list[Card]:
    if not trick_cards:
        return cards
    eff = _EFFECTIVE[trump]
    led = trick_cards[0].index
    led_suit = eff[led]
    if led_suit is not trump:
        follow = [c for c in cards if eff[c.index] is led_suit]
        return follow or cards
    power = _POWER[trump]
    led_power = power[led]
    trumps = [c for c in cards if eff[c.index] is trump]
    for c in trumps:
        if c.index not in _MATADOR_INDEX[trump] or power[c.index] < led_power:
            return trumps
    return cards


def is_seat(value: object) -> bool:
    """True if ``value`` is a seat: the whole number 0, 1 or 2 (not ``True``, ``1.0`` or ``"1"``).

    The one seat check of the package's entry points.

    >>> is_seat(2), is_seat(True), is_seat(1.0), is_seat(3)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2


def why_illegal(
    hand: Iterable[Card | str] | str,
    trick_cards: Sequence[Card | str] | str,
    card: Card | str,
    trump: Suit | str,
) -> str | None:
    """Why ``card`` may not be played from ``hand`` to this trick, or ``None`` if it may.

    The message names the rule: ``"must follow hearts"``, ``"must play a
    trump: trumps were led"``, ``"must play a trump: Spadille forces Manille"``
    (1665, "the Spadillio forces the Mallilio, and the Mallilio the Basto").

    >>> from ombre.engine.cards import Card, parse_cards
    >>> why_illegal(parse_cards("2s Kh"), parse_cards("As"), Card.parse("Kh"), Suit.SPADES)
    'must play a trump: Spadille forces Manille'
    >>> why_illegal(parse_cards("4s Kh"), parse_cards("Js"), Card.parse("Kh"), Suit.SPADES)
    'must play a trump: trumps were led'
    >>> why_illegal(parse_cards("2s Kh"), parse_cards("Js"), Card.parse("Kh"), Suit.SPADES) is None
    True
    >>> why_illegal(parse_cards("Kh"), parse_cards("3h 4h 5h"), "Kh", "spades")
    'the trick is complete (three cards): the card goes to the next trick'

    Card texts are read too, for the hand and the trick as for the card:

    >>> why_illegal("Kh Qs", "2h 3h", "Qs", "s")
    'must follow hearts'
    """
    trump = as_suit(trump, "trump")
    card = as_card(card, trump)
    trick = as_cards(trick_cards, trump, "trick_cards")
    if len(trick) >= 3:
        return "the trick is complete (three cards): the card goes to the next trick"
    cards = list(dict.fromkeys(as_cards(hand, trump, "hand")))
    if card not in cards:
        return f"the {card.name} is not in this hand"
    if card in _legal_plays(cards, trick, trump):
        return None
    led = trick[0]
    led_suit = effective_suit(led, trump)
    if led_suit is not trump:
        return f"must follow {led_suit.plural}"
    forced = [c for c in cards if is_trump(c, trump) and not _privileged(c, led, trump)]
    if is_matador(led, trump) and forced and all(is_matador(c, trump) for c in forced):
        return f"must play a trump: {led.title(trump)} forces {forced[0].title(trump)}"
    return "must play a trump: trumps were led"


def explain_play(
    hand: Iterable[Card | str] | str,
    trick_cards: Sequence[Card | str] | str,
    card: Card | str,
    trump: Suit | str,
) -> str:
    """A short sentence saying why a play is legal or not, naming the rule (for tables and tutors).

    >>> from ombre.engine.cards import Card, parse_cards
    >>> explain_play(parse_cards("2s Kh"), parse_cards("5s"), Card.parse("Kh"), Suit.SPADES)
    "legal: Manille need not be played to a lower trump (the matadors' privilege, 1665)"
    >>> explain_play(parse_cards("3h Kh"), parse_cards("5h"), Card.parse("Kh"), Suit.SPADES)
    'legal: follows hearts'
    >>> explain_play("Kh Qs", "2h", "Kh", "s")  # card texts are read too
    'legal: follows hearts'
    """
    trump = as_suit(trump, "trump")
    card = as_card(card, trump)
    cards = list(dict.fromkeys(as_cards(hand, trump, "hand")))
    trick = as_cards(trick_cards, trump, "trick_cards")
    reason = why_illegal(cards, trick, card, trump)
    if reason is not None:
        return f"illegal: {reason}"
    if not trick:
        return "legal: the leader may lead any card"
    led = trick[0]
    led_suit = effective_suit(led, trump)
    mine = effective_suit(card, trump)
    if mine is led_suit:
        return "legal: follows trumps" if led_suit is trump else f"legal: follows {led_suit.plural}"
    if led_suit is trump:
        held = [c for c in cards if is_trump(c, trump)]
        if held:
            names = " and ".join(str(c.title(trump)) for c in held)
            return f"legal: {names} need not be played to a lower trump (the matadors' privilege, 1665)"
        return "legal: no trump left, so any card may be played"
    return f"legal: no {led_suit.plural} left, so any card may be played (no duty to trump, Morley)"


def beats(challenger: Card, best: Card, led_suit: Suit | str, trump: Suit | str) -> bool:
    """True if ``challenger`` takes the trick from ``best`` (the card winning it so far).

    A trump beats any plain card; otherwise only a higher card of the suit led wins.
    """
    return _beats(challenger, best, as_suit(led_suit, "led_suit"), as_suit(trump, "trump"))


def _beats(challenger: Card, best: Card, led_suit: Suit, trump: Suit) -> bool:
    c_trump, b_trump = is_trump(challenger, trump), is_trump(best, trump)
    if c_trump != b_trump:
        return c_trump
    if not c_trump and challenger.suit is not led_suit:
        return False
    return _power(challenger, trump) > _power(best, trump)


def trick_winner(trick_cards: Sequence[Card], trump: Suit | str) -> int:
    """The position (0 = the leader) of the card that wins the trick.

    "As at whist": the highest trump wins, otherwise the highest card of the
    suit led (1665 "the End of the Game is (as at Beast) to win most Tricks";
    Morley).  Works on an unfinished trick too (the card winning so far).

    >>> from ombre.engine.cards import parse_cards
    >>> trick_winner(parse_cards("Kd 2d Ac"), Suit.HEARTS)
    2
    >>> trick_winner(parse_cards("Ad 2d Qh"), Suit.SPADES)  # red plain: ace above two
    0
    """
    if not trick_cards:
        raise RulesError("an empty trick has no winner")
    if len(trick_cards) > 3:
        raise RulesError(f"trick_cards: a trick has at most three cards, not {len(trick_cards)}")
    if len(set(trick_cards)) != len(trick_cards):
        repeated = next(c for c in trick_cards if list(trick_cards).count(c) > 1)
        raise RulesError(f"trick_cards: {repeated} is played twice; the pack has one of each card")
    trump = as_suit(trump, "trump")
    led_suit = effective_suit(trick_cards[0], trump)
    best = 0
    for i in range(1, len(trick_cards)):
        if _beats(trick_cards[i], trick_cards[best], led_suit, trump):
            best = i
    return best


_MATADOR_PLACES = ("first", "second", "third")


def explain_winner(trick_cards: Sequence[Card], trump: Suit | str) -> str:
    """Why the card winning the trick wins it: a short clause naming the rule (for announcements).

    A matador is named by its title and place, another card by its spoken name; a plain red
    Ace beaten in its own suit is explained by the 1665 order (not trump, the red Ace is "only
    rank'd after the Knave").  Works on an unfinished trick too (the card winning so far).

    >>> from ombre.engine.cards import parse_cards
    >>> explain_winner(parse_cards("5s 2s Ac"), "spades")
    'Manille, the second matador, is the highest trump played'
    >>> explain_winner(parse_cards("Kd 2d 3s"), Suit.SPADES)
    'the Three of Spades is the only trump played'
    >>> explain_winner(parse_cards("Kd Ah 2d"), Suit.HEARTS)
    'Punto, the Ace of Hearts, is the only trump played'
    >>> print(explain_winner(parse_cards("Ah Jh Kh"), Suit.SPADES))  # doctest: +NORMALIZE_WHITESPACE
    no trump was played and the King of Hearts is the highest heart
    (a plain red Ace ranks below the Knave, 1665: "only rank'd after the Knave")
    >>> explain_winner(parse_cards("Kc 3c 4h"), Suit.SPADES)
    'no trump was played and the King of Clubs is the highest club'
    """
    trump = as_suit(trump, "trump")
    if not trick_cards:
        raise RulesError("an empty trick has no winner")
    cards = list(trick_cards)
    win = cards[trick_winner(cards, trump)]
    led_suit = effective_suit(cards[0], trump)
    if is_matador(win, trump):
        named = f"{win.title(trump)}, the {_MATADOR_PLACES[matadors(trump).index(win)]} matador,"
    else:
        named = win.spoken(trump) + ("," if win.title(trump) else "")  # "Punto, the Ace of Hearts,"
    if is_trump(win, trump):
        trumps = [c for c in cards if is_trump(c, trump)]
        if led_suit is trump or len(trumps) > 1:
            return f"{named} is the highest trump played"
        return f"{named} is the only trump played"
    why = f"no trump was played and {named} is the highest {led_suit.singular}"
    if led_suit.is_red and any(c.rank == "A" and c.suit is led_suit for c in cards if c != win):
        why += ' (a plain red Ace ranks below the Knave, 1665: "only rank\'d after the Knave")'
    return why


def matador_sequence(hand: Iterable[Card], trump: Suit | str) -> int:
    """How many trumps the hand holds in unbroken sequence from Spadille (0 without Spadille).

    The three matadors plus the "false matadors" below them (1665: "you may
    count as many as you have Cards in an interrupted series of Trumps ...
    even to nine"; Morley: Belinda's "sequence of four Matadores, Spadille,
    Manille, Basto, and the King of Spades").

    >>> from ombre.engine.cards import parse_cards
    >>> matador_sequence(parse_cards("As 2s Ac Ks Kc"), Suit.SPADES)
    4
    >>> matador_sequence(parse_cards("As Ac Ks"), Suit.SPADES)
    1
    """
    held = set(hand)
    n = 0
    for c in _TRUMP_ORDER[as_suit(trump, "trump")]:
        if c not in held:
            break
        n += 1
    return n


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


def codille_winner(tricks: Sequence[int], ombre: int) -> int | None:
    """The defender's seat who wins codille, or ``None``: one defender with more tricks than each other."""
    _check_tricks(tricks, ombre)
    best = max(tricks)
    top = [s for s in range(3) if tricks[s] == best]
    if len(top) == 1 and top[0] != ombre:
        return top[0]
    return None


def result_of(tricks: Sequence[int], ombre: int) -> Result:
    """The result of a played hand from the tricks won by seat: three counts summing to nine.

    1665, "The End of the Game": "he who can win five tricks of the Nine, has
    a sure Games [Game]; or if he win Four, and can so divide the Tricks, as one may
    win Two, the other Three: if not, 'tis either Codillio or Repuesto";
    Codillio: "another wins more Tricks then he"; Repuesto: "when the Player
    wins no more Tricks then another"; the Voll: "all the Tricks".  When the
    two defenders tie above the Ombre (1-4-4, the Ombre's tricks first) neither
    can take up the stakes, so this engine scores it as Repuesto: its own
    reading of a split the pamphlet does not name.

    >>> result_of((4, 3, 2), 0), result_of((4, 4, 1), 1), result_of((2, 4, 3), 0)
    (<Result.WIN: 'win'>, <Result.REPUESTO: 'repuesto'>, <Result.CODILLE: 'codille'>)
    >>> result_of((1, 4, 4), 0), result_of((0, 9, 0), 1)
    (<Result.REPUESTO: 'repuesto'>, <Result.VOLE: 'vole'>)
    """
    _check_tricks(tricks, ombre)
    if tricks[ombre] == 9:
        return Result.VOLE
    others = [tricks[s] for s in range(3) if s != ombre]
    if all(tricks[ombre] > t for t in others):
        return Result.WIN
    if codille_winner(tricks, ombre) is not None:
        return Result.CODILLE
    return Result.REPUESTO


def _check_tricks(tricks: Sequence[int], ombre: int) -> None:
    """Refuse anything but the tricks of a finished hand: three whole counts, none negative, nine in all.

    A hand with tricks still to play has no result yet (4-3-0 may still end 4-5-0, codille).

    >>> result_of((4, 3, 0), 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ombre.errors.RulesError: tricks: the counts of a finished hand sum to nine, not (4, 3, 0) (7): ...
    """
    try:
        counts = tuple(tricks)
    except TypeError:
        raise RulesError(f"tricks: expected three counts of tricks, not {tricks!r}") from None
    if len(counts) != 3:
        raise RulesError(f"tricks: expected three counts (one a seat), not {len(counts)}: {counts}")
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in counts):
        raise RulesError(f"tricks: every count must be a whole number of tricks, not {counts}")
    if any(t < 0 for t in counts):
        raise RulesError(f"tricks: no count may be negative, not {counts}")
    if sum(counts) != 9:
        raise RulesError(
            f"tricks: the counts of a finished hand sum to nine, not {counts} ({sum(counts)}): "
            "a hand with tricks still to play has no result yet"
        )
    if not is_seat(ombre):
        raise RulesError(f"the Ombre's seat must be 0, 1 or 2, not {ombre!r}")
