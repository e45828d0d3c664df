"""Pope's lines as constraints on the play, in the poem's order, and the tokens and histories they test.

A :class:`Constraint` tests a :class:`History`: the tricks as far as they go,
each card a :class:`Token` (one card, or a class of cards that no constraint
tells apart).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from ombre.belinda.records import SPADES
from ombre.engine.cards import DECK, Card, Suit
from ombre.engine.rules import effective_suit, is_trump, result_of, trump_order

__all__ = ["Token", "TrickView", "History", "Constraint", "CONSTRAINTS", "text_constraints"]


# ---------------------------------------------------------------------------
# Tokens and histories: what a constraint looks at
# ---------------------------------------------------------------------------


@cache
def _power(card: Card) -> int:
    """Strength within the suit the card counts as (spades trumps); larger is stronger."""
    order = trump_order(SPADES) if is_trump(card, SPADES) else _plain(card.suit)
    return len(order) - order.index(card)


@cache
def _plain(suit: Suit) -> tuple[Card, ...]:
    from ombre.engine.rules import plain_order

    return plain_order(suit, SPADES)


@dataclass(frozen=True)
class Token:
    """A card, or a class of cards that no constraint tells apart (``small spades``), as played.

    Constraints ask a token only what it is: the card (if it is one card),
    the suit it counts as, whether it is a trump or a court card.  Its label,
    which the constraints' reasons quote, is in the book's notation (``Q♣``,
    ``spade pips (7♠ 6♠)``), never the record's card codes.
    """

    label: str
    cards: tuple[Card, ...]
    #: the card's index (``Card.index``) if the token is one card, else -1
    index: int = field(init=False, compare=False)
    #: the suit it counts as in play
    suit: Suit = field(init=False, compare=False)
    trump: bool = field(init=False, compare=False)
    #: king, queen or knave (a trump's title does not make it a court card)
    court: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        first = self.cards[0]
        object.__setattr__(self, "index", first.index if len(self.cards) == 1 else -1)
        object.__setattr__(self, "suit", effective_suit(first, SPADES))
        object.__setattr__(self, "trump", is_trump(first, SPADES))
        object.__setattr__(self, "court", first.rank in "KQJ")

    @property
    def card(self) -> Card | None:
        """The card, if the token is one card."""
        return self.cards[0] if self.index >= 0 else None

    def is_card(self, card: Card) -> bool:
        return self.index == card.index

    def __str__(self) -> str:
        return self.label


@cache
def _single(card: Card) -> Token:
    return Token(card.symbol, (card,))


@dataclass
class TrickView:
    """One trick as far as it has been played: who led, the cards with their seats, the winner."""

    number: int
    leader: int
    plays: list[tuple[int, Token]] = field(default_factory=list)
    winner: int | None = None

    @property
    def lead(self) -> Token | None:
        return self.plays[0][1] if self.plays else None

    @property
    def full(self) -> bool:
        """All three cards are down."""
        return len(self.plays) == 3

    @property
    def complete(self) -> bool:
        """All three cards are down and the winner is known."""
        return len(self.plays) == 3 and self.winner is not None

    def card_of(self, seat: int) -> Token | None:
        for s, t in self.plays:
            if s == seat:
                return t
        return None

    def followers(self) -> list[tuple[int, Token]]:
        return self.plays[1:]

    def has(self, card: Card) -> bool:
        return any(t.is_card(card) for _, t in self.plays)


@dataclass
class History:
    """A play as far as it goes, for the constraints: seats by role, trump, the tricks.

    ``dealt`` is the hands as dealt, when known (a record); ``finished`` is
    true once all nine tricks are complete.
    """

    belinda: int
    baron: int
    knight: int
    trump: Suit | None
    ombre: int | None
    players: tuple[str, str, str]
    tricks: list[TrickView]
    dealt: tuple[tuple[Card, ...], ...] | None = None
    _where: dict[int, tuple[int, int]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for tr in self.tricks:
            for s, t in tr.plays:
                if t.index >= 0:
                    self._where[t.index] = (tr.number, s)

    def trick(self, n: int) -> TrickView | None:
        return self.tricks[n - 1] if 0 < n <= len(self.tricks) else None

    @property
    def finished(self) -> bool:
        return len(self.tricks) == 9 and self.tricks[-1].complete

    def won(self, seat: int, upto: int = 9) -> int:
        return sum(1 for t in self.tricks[:upto] if t.winner == seat)

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.players[seat]

    def played_by(self, seat: int) -> list[Token]:
        out = []
        for tr in self.tricks:
            for s, t in tr.plays:
                if s == seat:
                    out.append(t)
        return out

    def where(self, card: Card) -> tuple[int, int] | None:
        """``(trick, seat)`` of the card, if it has been played."""
        return self._where.get(card.index)

    def add(self, seat: int, tok: Token) -> None:
        """Play a token to the current trick."""
        trick = self.tricks[-1]
        trick.plays.append((seat, tok))
        if tok.index >= 0:
            self._where[tok.index] = (trick.number, seat)

    def take_back(self) -> None:
        """Undo the last :meth:`add`."""
        _, tok = self.tricks[-1].plays.pop()
        if tok.index >= 0:
            del self._where[tok.index]


Test = Callable[[History], str | None]


@dataclass(frozen=True)
class Constraint:
    """What one passage of Pope says about the cards, as a test on a play.

    ``test`` returns ``None`` when the play agrees (or cannot yet disagree:
    tests are written to work on a play cut short, so the deal counter can
    prune) and otherwise the reason it fails.  ``tricks`` are the tricks the
    test looks at (``()``: the setting, checked before play), ``places`` the
    cards it puts at a trick (and a seat, by role), which lets the counter
    prune early; the test itself checks them too.  ``kind`` says how the claim
    rests on the poem: ``"stated"``, what the lines say outright;
    ``"deduction"``, what the rules of play make of stated facts (an illegal
    play is refused anyway, so a deduction never changes a count); and
    ``"reading"``, an interpretation of the words that a careful reader may
    or may not accept.
    """

    id: str
    lines: tuple[int, int]
    claim: str
    kind: Literal["stated", "deduction", "reading"]
    tricks: tuple[int, ...]
    test: Test = field(repr=False)
    places: tuple[tuple[Card, int, str | None], ...] = ()
    #: tricks whose cards the test reads, besides those in ``tricks``
    #: (see :func:`~ombre.belinda.counting.count_deals`)
    reads: tuple[int, ...] = ()

    @property
    def verse(self) -> list[tuple[int, str]]:
        """Pope's lines for this constraint, with their numbers."""
        from ombre.sources.pope import pope_passage

        return pope_passage(*self.lines)

    def names(self) -> frozenset[Card]:
        """The cards the constraint names."""
        return frozenset(c for c, _, _ in self.places) | _EXTRA_NAMES.get(self.id, frozenset())


def _c(text: str) -> Card:
    return Card.parse(text)


A_S, M_S, A_C, K_S, Q_S, J_S = _c("As"), _c("2s"), _c("Ac"), _c("Ks"), _c("Qs"), _c("Js")
J_C, K_C = _c("Jc"), _c("Kc")
K_D, Q_D, J_D = _c("Kd"), _c("Qd"), _c("Jd")
K_H, Q_H, A_H = _c("Kh"), _c("Qh"), _c("Ah")
COURT_CARDS: tuple[Card, ...] = tuple(c for c in DECK if c.rank in "KQJ")
MATADORS: tuple[Card, ...] = (A_S, M_S, A_C)

_EXTRA_NAMES: dict[str, frozenset[Card]] = {"iii.31-34": frozenset(MATADORS)}


def _lead_by(h: History, n: int, card: Card, who: int, label: str) -> str | None:
    t = h.trick(n)
    if t is None or not t.plays:
        return None
    if t.leader != who or not t.lead or not t.lead.is_card(card):
        return f"trick {n} is led by {h.name(t.leader)} with {t.lead}, not by {label}"
    return None


def _won_by(h: History, n: int, who: int, label: str) -> str | None:
    t = h.trick(n)
    if t is None or not t.complete or t.winner == who:
        return None
    return f"trick {n} is won by {h.name(t.winner)}, not {label}"


def _first(*reasons: str | None) -> str | None:
    for r in reasons:
        if r is not None:
            return r
    return None


def _at(h: History, card: Card, n: int, who: int | None, label: str) -> str | None:
    """The card, if played, is played to trick ``n`` (by ``who``)."""
    w = h.where(card)
    if w is None:
        t = h.trick(n)
        if t is not None and t.full:
            return f"the {card.name} does not fall at trick {n}"
        return None
    if w[0] != n:
        return f"the {card.name} is played to trick {w[0]}, not to trick {n}"
    if who is not None and w[1] != who:
        return f"the {card.name} is played by {h.name(w[1])}, not by {label}"
    return None


def _ombre(h: History) -> str | None:
    if h.ombre != h.belinda:
        return f"the Ombre is {h.name(h.ombre)}, not Belinda"
    return None


def _nine(h: History) -> str | None:
    if h.dealt is not None:
        bad = [h.players[s] for s, hand in enumerate(h.dealt) if len(hand) != 9]
        if bad:
            return f"{', '.join(bad)} not dealt nine cards"
    if h.finished:
        for s in range(3):
            if len(h.played_by(s)) != 9:
                return f"{h.players[s]} plays {len(h.played_by(s))} cards, not nine"
    return None


def _matador(h: History) -> str | None:
    if h.dealt is not None:
        hand = h.dealt[h.belinda]
        if not any(c in MATADORS for c in hand):
            return "Belinda's hand, as dealt, holds no matador"
        return None
    played = h.played_by(h.belinda)
    if any(t.card in MATADORS for t in played):
        return None
    return "Belinda holds no matador" if h.finished else None


def _spades(h: History) -> str | None:
    if h.trump is not SPADES:
        return f"trumps are {h.trump.plural if h.trump else 'not named'}, not spades"
    return None


def _both_trumps(h: History, n: int) -> str | None:
    t = h.trick(n)
    if t is None:
        return None
    for s, tok in t.followers():
        if not tok.trump:
            return f"at trick {n} {h.name(s)} plays {tok}, not a trump"
    return None


def _trick1(h: History) -> str | None:
    return _first(
        _lead_by(h, 1, A_S, h.belinda, "Belinda with Spadille"),
        _both_trumps(h, 1),
        _won_by(h, 1, h.belinda, "Belinda"),
        _at(h, A_S, 1, h.belinda, "Belinda"),
    )


def _trick2(h: History) -> str | None:
    return _first(
        _lead_by(h, 2, M_S, h.belinda, "Belinda with Manille"),
        _both_trumps(h, 2),
        _won_by(h, 2, h.belinda, "Belinda"),
        _at(h, M_S, 2, h.belinda, "Belinda"),
    )


def _plebeian(tok: Token) -> bool:
    return not tok.trump and not tok.court


def _trick3(h: History) -> str | None:
    r = _first(
        _lead_by(h, 3, A_C, h.belinda, "Belinda with Basto"),
        _won_by(h, 3, h.belinda, "Belinda"),
        _at(h, A_C, 3, h.belinda, "Belinda"),
    )
    if r is not None:
        return r
    t = h.trick(3)
    if t is None:
        return None
    f = t.followers()
    for s, tok in f:
        if not tok.trump and tok.court:
            return f"at trick 3 {h.name(s)} plays {tok}, a court card, not a Plebeian one"
    trumps = sum(1 for _, tok in f if tok.trump)
    if len(f) == 2 and (trumps != 1 or not any(_plebeian(tok) for _, tok in f)):
        cards = " and ".join(str(tok) for _, tok in f)
        return f"Basto gains {cards}: not one trump and one Plebeian card"
    return None


def _trick4_king(h: History) -> str | None:
    return _first(
        _lead_by(h, 4, K_S, h.belinda, "Belinda with the King of Spades"),
        _at(h, K_S, 4, h.belinda, "Belinda"),
    )


def _trick4_knave(h: History) -> str | None:
    t = h.trick(4)
    r = _at(h, J_S, 4, None, "")
    if r is None and t is not None and t.lead is not None and t.lead.is_card(J_S):
        r = "the Knave of Spades leads trick 4 instead of falling to it"
    return _first(r, _won_by(h, 4, h.belinda, "Belinda"))


def _trick4_pam_falls(h: History) -> str | None:
    return _first(_at(h, J_C, 4, None, ""), _won_by(h, 4, h.belinda, "Belinda"))


def _trick4_pam(h: History) -> str | None:
    r = _trick4_pam_falls(h)
    if r is not None:
        return r
    w = h.where(J_C)
    if w is None:
        return None
    seat = w[1]
    if seat == h.belinda:
        return "Pam is Belinda's own card"
    if not h.finished:
        return None
    # no trump left after trick 4: every trump this player plays is played by then
    early = sum(1 for tr in h.tricks[:4] for s, t in tr.plays if s == seat and t.trump)
    later = sum(1 for t in h.played_by(seat) if t.trump) - early
    if later:
        return f"{h.name(seat)}, who played Pam, still holds {later} trump(s) after trick 4"
    return None


def _yield(h: History) -> str | None:
    for n in range(1, 5):
        r = _won_by(h, n, h.belinda, "Belinda")
        if r is not None:
            return r
    return None


def _trick5_queen(h: History) -> str | None:
    t = h.trick(5)
    r = _at(h, Q_S, 5, h.baron, "the Baron")
    if r is not None or t is None or not t.complete or t.winner is None:
        return r
    won = t.card_of(t.winner)
    if t.winner != h.baron or won is None or not won.is_card(Q_S):
        return f"trick 5 is won by {h.name(t.winner)} with {won}, not by the Baron's Queen of Spades"
    return None


def _trick5_king(h: History) -> str | None:
    r = _at(h, K_C, 5, None, "")
    t = h.trick(5)
    if r is not None or t is None or not t.complete or t.winner is None:
        return r
    tok = t.card_of(t.winner)
    if tok is not None and tok.is_card(K_C):
        return "the King of Clubs wins trick 5 instead of falling"
    return None


def _diamonds_led(h: History) -> str | None:
    for n in (6, 7):
        t = h.trick(n)
        if t is None or not t.plays:
            continue
        if t.leader != h.baron:
            return f"trick {n} is led by {h.name(t.leader)}, not the Baron"
        if t.lead is not None and t.lead.suit is not Suit.DIAMONDS:
            return f"the Baron leads {t.lead} to trick {n}, not a diamond"
    return None


def _king_queen(h: History) -> str | None:
    return _first(
        _lead_by(h, 6, K_D, h.baron, "the Baron with the King of Diamonds"),
        _won_by(h, 6, h.baron, "the Baron"),
        _at(h, K_D, 6, h.baron, "the Baron"),
        _lead_by(h, 7, Q_D, h.baron, "the Baron with the Queen of Diamonds"),
        _won_by(h, 7, h.baron, "the Baron"),
        _at(h, Q_D, 7, h.baron, "the Baron"),
    )


def _disorder(h: History) -> str | None:
    t6, t7 = h.trick(6), h.trick(7)
    if t6 is None or t7 is None or not t6.full or not t7.full:
        return None
    fallen = [tok for t in (t6, t7) for s, tok in t.plays if s != t.leader]
    suits = {tok.suit for tok in fallen}
    missing = [s.plural for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS) if s not in suits]
    if missing:
        cards = ", ".join(str(tok) for tok in fallen)
        return f"no {' or '.join(missing)} among the cards that fall to the diamonds ({cards})"
    return None


def _trick8(h: History) -> str | None:
    return _first(
        _lead_by(h, 8, J_D, h.baron, "the Baron with the Knave of Diamonds"),
        _won_by(h, 8, h.baron, "the Baron"),
        _at(h, J_D, 8, h.baron, "the Baron"),
        _at(h, Q_H, 8, None, ""),
    )


def _jaws(h: History) -> str | None:
    t = h.trick(8)
    if t is None or not t.complete:
        return None
    b, r = h.won(h.belinda, 8), h.won(h.baron, 8)
    if (b, r) != (4, 4):
        return f"after eight tricks Belinda has {b} and the Baron {r}, not four each"
    return None


def _ace_leads(h: History) -> str | None:
    return _first(
        _lead_by(h, 9, A_H, h.baron, "the Baron with the Ace of Hearts"), _at(h, A_H, 9, h.baron, "the Baron")
    )


def _her_king(h: History) -> str | None:
    return _at(h, K_H, 9, h.belinda, "Belinda")


def _her_queen(h: History) -> str | None:
    return _at(h, Q_H, 8, h.belinda, "Belinda")


def _amazon_her_host(h: History) -> str | None:
    return _at(h, K_C, 5, h.belinda, "Belinda")


def _king_wins(h: History) -> str | None:
    return _first(_won_by(h, 9, h.belinda, "Belinda"), _at(h, K_H, 9, h.belinda, "Belinda"))


def _she_wins(h: History) -> str | None:
    if not h.finished:
        return None
    won = tuple(h.won(s) for s in range(3))
    res = result_of(won, h.belinda)
    if not res.ombre_wins:
        return f"Belinda's game ends in {res.value} ({won[h.belinda]} tricks)"
    return None


def _courts(h: History) -> str | None:
    if not h.finished:
        return None
    played = {t.card for tr in h.tricks for _, t in tr.plays if t.card is not None}
    classes = Counter(t for tr in h.tricks for _, t in tr.plays if t.card is None)
    missing = []
    for c in COURT_CARDS:
        if c in played:
            continue
        # a class of several court cards counts as all in play only if all its cards were played
        if any(c in t.cards and n == len(t.cards) for t, n in classes.items()):
            continue
        missing.append(c.symbol)
    if missing:
        return f"not in play: {' '.join(missing)}"
    return None


B, R, K = "Belinda", "Baron", "Knight"

#: Every constraint, in the order of the poem.
CONSTRAINTS: tuple[Constraint, ...] = (
    Constraint("iii.25-27", (25, 27), "Belinda is the Ombre, against the two knights", "stated", (), _ombre),
    Constraint("iii.29-30", (29, 30), "each player holds nine cards", "stated", (9,), _nine),
    Constraint(
        "iii.31-34",
        (31, 34),
        "Belinda's hand, when she spreads it, holds a matador",
        "stated",
        (9,),
        _matador,
    ),
    Constraint(
        "iii.37-44",
        (37, 44),
        "all four kings, queens and knaves take part in the play",
        "reading",
        (9,),
        _courts,
    ),
    Constraint("iii.45-46", (45, 46), "spades are trumps", "stated", (), _spades),
    Constraint(
        "iii.49-50",
        (49, 50),
        "trick 1: Belinda leads Spadille, both knights play trumps, she wins",
        "stated",
        (1,),
        _trick1,
        ((A_S, 1, B),),
    ),
    Constraint(
        "iii.51-52",
        (51, 52),
        "trick 2: Belinda leads Manille, both knights play trumps, she wins",
        "stated",
        (2,),
        _trick2,
        ((M_S, 2, B),),
    ),
    Constraint(
        "iii.53-54",
        (53, 54),
        "trick 3: Belinda leads Basto and wins one trump and one Plebeian card (not a king, queen or knave)",
        "stated",
        (3,),
        _trick3,
        ((A_C, 3, B),),
    ),
    Constraint(
        "iii.55-58",
        (55, 58),
        "trick 4: Belinda leads the King of Spades",
        "stated",
        (4,),
        _trick4_king,
        ((K_S, 4, B),),
    ),
    Constraint(
        "iii.59-60",
        (59, 60),
        "trick 4: the Knave of Spades falls to the King",
        "stated",
        (4,),
        _trick4_knave,
        ((J_S, 4, None),),
    ),
    Constraint(
        "iii.61-64",
        (61, 64),
        "trick 4: Pam falls to the King of Spades too",
        "stated",
        (4,),
        _trick4_pam_falls,
        ((J_C, 4, None),),
    ),
    Constraint(
        "iii.55-64",
        (55, 64),
        "Pam is a knight's, and, answering the King of Spades with a plain card, he has no trump left",
        "deduction",
        (4, 9),
        _trick4_pam,
        ((J_C, 4, None),),
        (1, 2, 3, 4),
    ),
    Constraint("iii.65", (65, 65), "Belinda wins tricks 1 to 4", "stated", (1, 2, 3, 4), _yield),
    Constraint(
        "iii.66-68",
        (66, 68),
        "trick 5: the Baron's Queen of Spades wins",
        "stated",
        (5,),
        _trick5_queen,
        ((Q_S, 5, R),),
    ),
    Constraint(
        "iii.69-74",
        (69, 74),
        "trick 5: the King of Clubs falls to her",
        "stated",
        (5,),
        _trick5_king,
        ((K_C, 5, None),),
    ),
    Constraint(
        "iii.67-69",
        (67, 69),
        "the King of Clubs is Belinda's: the Amazon invades 'her host', and he is its first victim",
        "reading",
        (5,),
        _amazon_her_host,
        ((K_C, 5, B),),
    ),
    Constraint(
        "iii.75", (75, 75), "the Baron leads diamonds to tricks 6 and 7", "stated", (6, 7), _diamonds_led
    ),
    Constraint(
        "iii.76-78",
        (76, 78),
        "tricks 6 and 7: the Baron's King and Queen of Diamonds lead and win",
        "stated",
        (6, 7),
        _king_queen,
        ((K_D, 6, R), (Q_D, 7, R)),
    ),
    Constraint(
        "iii.79-80",
        (79, 80),
        "clubs, diamonds and hearts fall to the Baron's King and Queen of Diamonds",
        "reading",
        (6, 7),
        _disorder,
    ),
    Constraint(
        "iii.87-88",
        (87, 88),
        "trick 8: the Baron's Knave of Diamonds wins the Queen of Hearts",
        "stated",
        (8,),
        _trick8,
        ((J_D, 8, R), (Q_H, 8, None)),
    ),
    Constraint(
        "iii.89-94",
        (89, 94),
        "after eight tricks Belinda and the Baron have four each: the last decides",
        "deduction",
        (8,),
        _jaws,
    ),
    Constraint(
        "iii.95",
        (95, 95),
        "trick 9: the Ace of Hearts leads",
        "stated",
        (9,),
        _ace_leads,
        ((A_H, 9, R),),
    ),
    Constraint(
        "iii.95-96",
        (95, 96),
        "the King of Hearts is Belinda's ('Lurk'd in her hand')",
        "stated",
        (9,),
        _her_king,
        ((K_H, 9, B),),
    ),
    Constraint(
        "iii.89-96",
        (89, 96),
        "the captive Queen of Hearts was Belinda's (her pallor at line 89; 'his captive Queen', line 96)",
        "reading",
        (8,),
        _her_queen,
        ((Q_H, 8, B),),
    ),
    Constraint(
        "iii.97-98",
        (97, 98),
        "trick 9: Belinda's King of Hearts takes the Ace",
        "stated",
        (9,),
        _king_wins,
        ((K_H, 9, B),),
    ),
    Constraint("iii.99-100", (99, 100), "Belinda wins the game", "stated", (9,), _she_wins),
)


def text_constraints() -> tuple[Constraint, ...]:
    """The constraints that rest on the text alone: what the lines state and what the rules deduce from it."""
    return tuple(c for c in CONSTRAINTS if c.kind != "reading")
