"""Belinda's game (Pope, *The Rape of the Lock*, iii.25-100): records, the poem as constraints, analyses.

Three readings of the game are shipped as game records (package data,
``ombre/belinda/records/belinda-*.omb``):

``pole``
    the published full reconstruction (probably W. Pole's, *The Evolution of
    Whist*, 1895), completed with particular small cards;
``king-of-clubs``
    the reading in which the King of Clubs at trick 5 is the third player's
    card, not Belinda's lead (Morley: "or possibly the other player");
``baker``
    O. R. Baker's reading: Belinda plays without taking in and nobody
    exchanges.

Every line of Pope that says something about the cards is a
:class:`Constraint` with its line numbers, checked against a record by
:func:`check_record`.  :func:`count_deals` counts the deals (the three hands
as played and the thirteen cards that take no part) for which some legal play
satisfies a set of constraints, and says where each card can be.  The
analyses use the double-dummy solver (:mod:`ombre.engine.solver`).

>>> rows = check_record(load_record("pole"))
>>> [r.id for r in rows if not r.ok]
['iii.37-44', 'iii.79-80']
>>> [r.reason for r in rows if r.id == "iii.79-80"]
['no clubs among the cards that fall to the diamonds (4♥, 6♦, 5♥, 7♦)']

Counting the deals with every card of Belinda's and the Baron's hands pinned
(the third player's hand and the stock are then what is counted):

>>> st = replay("pole").state
>>> pins = {c: "Belinda" for c in st.hands_at_play[0]} | {c: "Baron" for c in st.hands_at_play[1]}
>>> count_deals(CONSTRAINTS, fixed=pins).total
1480
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Literal

from ombre.engine.cards import DECK, Card, Suit
from ombre.engine.game import GameState
from ombre.engine.payments import Settlement, settle
from ombre.engine.record import GameRecord, RecordReplay, read_record, replay_record
from ombre.engine.rules import (
    Result,
    effective_suit,
    is_matador,
    is_trump,
    legal_plays,
    result_of,
    trick_winner,
    trump_order,
)
from ombre.engine.rulesets import get_rules
from ombre.engine.solver import MoveAnalysis, Objective, Position, Solver, analyse_game
from ombre.errors import OmbreError

__all__ = [
    "BelindaError",
    "READINGS",
    "READING_TITLES",
    "load_record",
    "load_records",
    "replay",
    "Token",
    "TrickView",
    "History",
    "Constraint",
    "CONSTRAINTS",
    "text_constraints",
    "Verdict",
    "check_record",
    "constraint_table",
    "DealCount",
    "count_deals",
    "CountError",
    "deal_is_consistent",
    "PLACES",
    "baron_after_trick_four",
    "BaronChances",
    "codille_chance",
    "CodilleChance",
    "play_analysis",
    "trick_five_leads",
    "winnings",
    "Winnings",
]

SPADES = Suit.SPADES
BELINDA, BARON = "Belinda", "Baron"

#: The shipped readings: name -> record file in ``ombre/engine/record/examples/``.
READINGS: dict[str, str] = {
    "pole": "belinda-1-pole.omb",
    "king-of-clubs": "belinda-2-king-of-clubs.omb",
    "baker": "belinda-3-baker.omb",
}

#: Short titles for tables.
READING_TITLES: dict[str, str] = {
    "pole": "Pole (1895)",
    "king-of-clubs": "King of Clubs third",
    "baker": "Baker (sans prendre)",
}

#: Where a card can be in a deal as played: a hand, or out of play.
PLACES: tuple[str, str, str, str] = ("Belinda", "Baron", "Knight", "out of play")


class BelindaError(OmbreError):
    """A reading that is not known, or a record that is not Belinda's game."""


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------


def load_record(name: str) -> GameRecord:
    """The record of one reading (``pole``, ``king-of-clubs``, ``baker``).

    >>> load_record("baker").bidding.bids
    ('sans-prendre',)
    """
    if name not in READINGS:
        raise BelindaError(f"unknown reading {name!r} (known: {', '.join(READINGS)})")
    return _load(name)


@cache
def _load(name: str) -> GameRecord:
    path = f"records/{READINGS[name]}"
    text = resources.files("ombre.belinda").joinpath(path).read_text(encoding="utf-8")
    return read_record(text, path=f"ombre/belinda/{path}")


def load_records() -> dict[str, GameRecord]:
    """Every reading's record, in the order of :data:`READINGS`."""
    return {name: load_record(name) for name in READINGS}


def replay(record: GameRecord | str) -> RecordReplay:
    """The engine's replay of a reading (by name) or of a record."""
    rec = load_record(record) if isinstance(record, str) else record
    return replay_record(rec)


def _roles(players: Sequence[str]) -> tuple[int, int, int]:
    """Seats of Belinda, the Baron and the third player."""
    if BELINDA not in players or BARON not in players:
        raise BelindaError(
            f"Belinda's game needs players named {BELINDA!r} and {BARON!r}, not {tuple(players)}"
        )
    b, r = players.index(BELINDA), players.index(BARON)
    return b, r, 3 - b - r


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
    prune early; the test itself checks them too.  ``kind`` is ``"text"`` for
    what the lines say outright and ``"reading"`` for an interpretation.
    """

    id: str
    lines: tuple[int, int]
    claim: str
    kind: Literal["text", "reading"]
    tricks: tuple[int, ...]
    test: Test = field(repr=False)
    places: tuple[tuple[Card, int, str | None], ...] = ()
    #: tricks whose cards the test reads, besides those in ``tricks`` (see :func:`count_deals`)
    reads: tuple[int, ...] = ()

    @property
    def verse(self) -> list[tuple[int, str]]:
        """Pope's lines for this constraint, with their numbers."""
        from ombre.sources.texts import pope_passage

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


def _trick4_pam(h: History) -> str | None:
    r = _first(_at(h, J_C, 4, None, ""), _won_by(h, 4, h.belinda, "Belinda"))
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


def _her_hearts(h: History) -> str | None:
    return _first(_at(h, Q_H, 8, h.belinda, "Belinda"), _at(h, K_H, 9, h.belinda, "Belinda"))


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
    Constraint("iii.25-27", (25, 27), "Belinda is the Ombre, against the two knights", "text", (), _ombre),
    Constraint("iii.29-30", (29, 30), "each player holds nine cards", "text", (9,), _nine),
    Constraint(
        "iii.31-34", (31, 34), "Belinda's hand, when she spreads it, holds a matador", "text", (9,), _matador
    ),
    Constraint(
        "iii.37-44",
        (37, 44),
        "all four kings, queens and knaves take part in the play",
        "reading",
        (9,),
        _courts,
    ),
    Constraint("iii.45-46", (45, 46), "spades are trumps", "text", (), _spades),
    Constraint(
        "iii.49-50",
        (49, 50),
        "trick 1: Belinda leads Spadille, both knights play trumps, she wins",
        "text",
        (1,),
        _trick1,
        ((A_S, 1, B),),
    ),
    Constraint(
        "iii.51-52",
        (51, 52),
        "trick 2: Belinda leads Manille, both knights play trumps, she wins",
        "text",
        (2,),
        _trick2,
        ((M_S, 2, B),),
    ),
    Constraint(
        "iii.53-54",
        (53, 54),
        "trick 3: Belinda leads Basto and wins one trump and one Plebeian card (not a king, queen or knave)",
        "text",
        (3,),
        _trick3,
        ((A_C, 3, B),),
    ),
    Constraint(
        "iii.55-58",
        (55, 58),
        "trick 4: Belinda leads the King of Spades",
        "text",
        (4,),
        _trick4_king,
        ((K_S, 4, B),),
    ),
    Constraint(
        "iii.59-60",
        (59, 60),
        "trick 4: the Knave of Spades falls to the King",
        "text",
        (4,),
        _trick4_knave,
        ((J_S, 4, None),),
    ),
    Constraint(
        "iii.61-64",
        (61, 64),
        "trick 4: Pam falls too, and its holder has no trump left",
        "text",
        (4, 9),
        _trick4_pam,
        ((J_C, 4, None),),
        (1, 2, 3, 4),
    ),
    Constraint("iii.65", (65, 65), "Belinda wins tricks 1 to 4", "text", (1, 2, 3, 4), _yield),
    Constraint(
        "iii.66-68",
        (66, 68),
        "trick 5: the Baron's Queen of Spades wins",
        "text",
        (5,),
        _trick5_queen,
        ((Q_S, 5, R),),
    ),
    Constraint(
        "iii.69-74",
        (69, 74),
        "trick 5: the King of Clubs falls to her",
        "text",
        (5,),
        _trick5_king,
        ((K_C, 5, None),),
    ),
    Constraint(
        "iii.75", (75, 75), "the Baron leads diamonds to tricks 6 and 7", "text", (6, 7), _diamonds_led
    ),
    Constraint(
        "iii.76-78",
        (76, 78),
        "tricks 6 and 7: the Baron's King and Queen of Diamonds lead and win",
        "text",
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
        "text",
        (8,),
        _trick8,
        ((J_D, 8, R), (Q_H, 8, None)),
    ),
    Constraint(
        "iii.89-94",
        (89, 94),
        "after eight tricks Belinda and the Baron have four each: the last decides",
        "text",
        (8,),
        _jaws,
    ),
    Constraint(
        "iii.95",
        (95, 95),
        "trick 9: the Ace of Hearts leads",
        "text",
        (9,),
        _ace_leads,
        ((A_H, 9, R),),
    ),
    Constraint(
        "iii.95-96",
        (95, 96),
        "the King and Queen of Hearts are Belinda's",
        "text",
        (8, 9),
        _her_hearts,
        ((Q_H, 8, B), (K_H, 9, B)),
    ),
    Constraint(
        "iii.97-98",
        (97, 98),
        "trick 9: Belinda's King of Hearts takes the Ace",
        "text",
        (9,),
        _king_wins,
        ((K_H, 9, B),),
    ),
    Constraint("iii.99-100", (99, 100), "Belinda wins the game", "text", (9,), _she_wins),
)


def text_constraints() -> tuple[Constraint, ...]:
    """The constraints of kind ``"text"`` (what the lines say outright)."""
    return tuple(c for c in CONSTRAINTS if c.kind == "text")


# ---------------------------------------------------------------------------
# Checking a record
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """One constraint (or the rules) against one record: ``ok`` and, if not, why."""

    constraint: Constraint | None  # None for the rules of play
    ok: bool
    reason: str

    @property
    def id(self) -> str:
        return self.constraint.id if self.constraint is not None else "rules"


def _history_of(state: GameState) -> History:
    b, r, k = _roles(state.players)
    tricks = []
    for n, t in enumerate(state.tricks, start=1):
        plays = [(s, _single(c)) for s, c in zip(t.seats, t.cards, strict=True)]
        tricks.append(TrickView(n, t.leader, plays, t.winner))
    return History(b, r, k, state.trump, state.ombre, state.players, tricks, state.deal.hands)


def check_record(record: GameRecord, constraints: Iterable[Constraint] = CONSTRAINTS) -> list[Verdict]:
    """Check a record against the rules of play and every constraint; one :class:`Verdict` each.

    The first verdict is for the rules: the record must replay to the end
    without a renounce.
    """
    rp = replay_record(record)
    st = rp.state
    out: list[Verdict] = []
    if rp.renounces:
        out.append(Verdict(None, False, "; ".join(r.message for r in rp.renounces)))
    elif not st.is_terminal():
        out.append(Verdict(None, False, f"the record stops in the {st.phase.value} phase"))
    else:
        out.append(Verdict(None, True, "every card follows the rules of play"))
    h = _history_of(st)
    for c in constraints:
        reason = c.test(h)
        out.append(Verdict(c, reason is None, reason or "agrees"))
    return out


def constraint_table(
    records: Mapping[str, GameRecord] | None = None, constraints: Iterable[Constraint] = CONSTRAINTS
) -> list[tuple[str, dict[str, Verdict]]]:
    """Rows of the constraint table: ``(constraint id, {reading: verdict})``, the rules first."""
    recs = records if records is not None else load_records()
    cons = tuple(constraints)
    checked = {name: check_record(rec, cons) for name, rec in recs.items()}
    ids = ["rules"] + [c.id for c in cons]
    return [(cid, {name: v[i] for name, v in checked.items()}) for i, cid in enumerate(ids)]


# ---------------------------------------------------------------------------
# Counting the deals
# ---------------------------------------------------------------------------


class CountError(BelindaError):
    """The count by classes of cards cannot be made (a trick's winner would depend on a rank)."""


@dataclass(frozen=True)
class DealCount:
    """The deals consistent with a set of constraints and the rules of play.

    A deal is the three hands as played (at the first lead) and the thirteen
    cards that take no part (the stock left and any discards), as a set.
    ``total`` counts them exactly.  They were enumerated by *classes*: the
    cards no constraint names are grouped by the suit they count as and by
    court or plain rank (``small spades``, ``club pips`` ...), and the count
    checks that no trick's winner ever depends on which card of a class was
    played, so every card of a class is interchangeable with the others and
    each class-level deal stands for a product of multinomial coefficients.
    """

    total: int
    class_deals: int
    tokens: tuple[Token, ...]
    #: card -> {place: number of deals with the card there}
    places: Mapping[Card, Mapping[str, int]]
    constraints: tuple[str, ...]

    def place_of(self, card: Card) -> dict[str, int]:
        return dict(self.places[card])

    def forced(self) -> dict[Card, str]:
        """Cards that are in the same place in every deal."""
        out = {}
        for c, pl in self.places.items():
            where = [p for p, n in pl.items() if n]
            if len(where) == 1:
                out[c] = where[0]
        return out

    def free(self) -> dict[Card, dict[str, int]]:
        """Cards that can be in more than one place, with the number of deals for each."""
        return {
            c: {p: n for p, n in pl.items() if n} for c, pl in self.places.items() if c not in self.forced()
        }


def _tokens(named: Iterable[Card]) -> tuple[Token, ...]:
    named_set = set(named)
    tokens: list[Token] = [_single(c) for c in DECK if c in named_set]
    groups: dict[tuple[Suit, bool, bool], list[Card]] = {}
    for c in DECK:
        if c in named_set:
            continue
        key = (effective_suit(c, SPADES), is_trump(c, SPADES), c.rank in "KQJ")
        groups.setdefault(key, []).append(c)
    for (suit, trump, court), cards in groups.items():
        cards.sort(key=_power, reverse=True)
        if len(cards) == 1:
            tokens.append(_single(cards[0]))
            continue
        kind = "small trumps" if trump else ("court cards" if court else "pips")
        name = f"{suit.singular} {kind}" if not trump else "small trumps"
        tokens.append(Token(f"{name} ({' '.join(c.symbol for c in cards)})", tuple(cards)))
    return tuple(tokens)


def _privileged(card: Card, limit: int) -> bool:
    """A matador above a trump led of strength ``limit`` (it need not be played to it)."""
    return is_matador(card, SPADES) and _power(card) > limit


def _beats(a: Token, b: Token, led: Suit) -> bool | None:
    """Does ``a`` beat ``b`` (the card winning so far) to a trick led in ``led``?  ``None``: it depends."""
    if a.trump != b.trump:
        return a.trump
    if not a.trump and a.suit is not led:
        return False
    pa = [_power(c) for c in a.cards]
    pb = [_power(c) for c in b.cards]
    if min(pa) > max(pb):
        return True
    if max(pa) < min(pb):
        return False
    return None


def _winner(plays: Sequence[tuple[int, Token]]) -> int:
    led = plays[0][1].suit
    best = 0
    for i in (1, 2):
        b = _beats(plays[i][1], plays[best][1], led)
        if b is None:
            raise CountError(
                f"the winner between {plays[i][1]} and {plays[best][1]} depends on which card of a class "
                "is played: name those cards in the constraints"
            )
        if b:
            best = i
    # the result must not depend on ranks either way
    for i in range(3):
        if i != best and _beats(plays[i][1], plays[best][1], led) is None:
            raise CountError(f"the winner depends on the ranks within {plays[i][1]}")
    return plays[best][0]


def count_deals(
    constraints: Iterable[Constraint] = CONSTRAINTS,
    fixed: Mapping[Card, str] | None = None,
) -> DealCount:
    """Count the deals for which some legal play satisfies every constraint (exactly).

    The setting is Belinda's game: Belinda, the eldest hand, is the Ombre in
    seat 0 and leads; the Baron plays second and the third player (the
    dealer) third; spades are trumps.  ``fixed`` pins cards to places (see
    :data:`PLACES`), for tests that compare with a brute-force enumeration.
    The search runs trick by trick over the classes of cards (see
    :class:`DealCount`), checks the rule of following by remembering each
    player's shown voids, prunes with the constraints after every card, and
    collects the distinct class-level deals.  A state met again after a
    complete trick is skipped; for that, a constraint must declare in
    ``tricks`` and ``reads`` every trick whose cards it looks at (beyond the
    cards each hand has played, the tricks won and where the named cards fell).
    """
    cons = tuple(constraints)
    pins = dict(fixed or {})
    for pinned, place in pins.items():
        if place not in PLACES:
            raise BelindaError(f"unknown place {place!r} for {pinned} (places: {', '.join(PLACES)})")
    named_by_constraints = set(MATADORS)
    for c in cons:
        named_by_constraints |= c.names()
    named = set(pins) | named_by_constraints
    tokens = _tokens(named)
    index = {t: i for i, t in enumerate(tokens)}
    sizes = [len(t.cards) for t in tokens]
    seats = {B: 0, R: 1, K: 2}
    placed: dict[Card, tuple[int, int | None]] = {}
    forced: dict[tuple[int, int], int] = {}  # (trick, seat) -> the token that seat must play there
    for c in cons:
        for card, n, who in c.places:
            placed[card] = (n, seats[who] if who is not None else None)
            if who is not None:
                forced[n, seats[who]] = index[_single(card)]
    players = (B, R, K)
    by_trick: dict[int, list[Constraint]] = {n: [] for n in range(1, 10)}
    setting = History(0, 1, 2, SPADES, 0, players, [])
    for c in cons:
        if not c.tricks:
            if c.test(setting) is not None:
                return DealCount(0, 0, tokens, {}, tuple(x.id for x in cons))
        for n in c.tricks:
            by_trick[n].append(c)

    used = [0] * len(tokens)
    hands: list[Counter[int]] = [Counter(), Counter(), Counter()]
    # per seat: suits shown void (plain), and the strongest trump led when a trump was refused
    voids: list[set[Suit]] = [set(), set(), set()]
    refused_trump: list[int | None] = [None, None, None]
    history = History(0, 1, 2, SPADES, 0, players, [])
    found: set[tuple[tuple[tuple[int, int], ...], ...]] = set()

    def legal_for(seat: int, tok: Token) -> bool:
        """Does the card agree with the voids this player has shown (the rule of following)?"""
        if tok.suit in voids[seat]:
            return False
        limit = refused_trump[seat]
        # after refusing a trump lead, a player may still hold only matadors above the card led
        return not (tok.trump and limit is not None and not all(_privileged(c, limit) for c in tok.cards))

    def note_void(seat: int, tok: Token, trick: TrickView) -> tuple[set[Suit], int | None]:
        """Remember what a card that does not follow suit shows; return the old state to restore."""
        before = (set(voids[seat]), refused_trump[seat])
        lead = trick.lead
        if lead is None or tok.suit is lead.suit:
            return before
        if lead.trump:
            # matadors are named cards, so a class led is never above one: its strongest card will do
            p = max(_power(c) for c in lead.cards)
            prev = refused_trump[seat]
            refused_trump[seat] = p if prev is None else max(prev, p)
        else:
            voids[seat].add(lead.suit)
        return before

    # cards pinned to each hand and not yet played: a hand must keep room for them
    pinned_left = [sum(1 for p in pins.values() if p == players[s]) for s in range(3)]

    def pin_ok(tok: Token, seat: int, n: int) -> bool:
        card = tok.card
        mine = card is not None and pins.get(card) == players[seat]
        if not mine and pinned_left[seat] > 9 - n:
            return False  # every card still to come from this hand is pinned
        if card is None:
            return True
        if card in placed:
            pn, pseat = placed[card]
            if pn != n or (pseat is not None and pseat != seat):
                return False
        if card in pins and pins[card] != players[seat]:
            return False
        return True

    def check(n: int) -> bool:
        for c in by_trick[n]:
            if c.test(history) is not None:
                return False
        return True

    def finish() -> None:
        # every constraint has been checked after each card of the tricks it looks at
        # a pinned card is in the hand it is pinned to, or (pinned out of play) in none
        for card, place in pins.items():
            i = index[_single(card)]
            held = [hands[s][i] for s in range(3)]
            if place == "out of play" and any(held):
                return
            if place != "out of play" and not held[players.index(place)]:
                return
        key = tuple(tuple(sorted(hands[s].items())) for s in range(3))
        found.add(key)

    # A state after a complete trick that was met before leads to the same deals: skip it.  What
    # the future can depend on: the cards each hand has played (as multisets), the voids shown,
    # the leader, the tricks won, where the named cards fell, and the tricks that constraints
    # still to be checked read.  Constraints see a card's identity only if they name it; of the
    # others, its suit, whether a trump, whether a court card.
    seen: set[object] = set()
    by_name = {i for i, t in enumerate(tokens) if t.card is not None and t.card in named_by_constraints}
    named_indices = {c.index for c in named_by_constraints}
    still_read: dict[int, frozenset[int]] = {}
    for k in range(1, 10):
        later = [c for c in cons if any(t > k for t in c.tricks)]
        still_read[k] = frozenset(t for c in later for t in (*c.tricks, *c.reads) if t <= k)

    def looks(i: int) -> object:
        tok = tokens[i]
        return i if i in by_name else (tok.suit, tok.trump, tok.court, len(tok.cards) > 1)

    def state_key(k: int) -> object:
        keep = still_read[k]
        past = tuple(
            (t.number, t.leader, t.winner, tuple((s, looks(index[tok])) for s, tok in t.plays))
            for t in history.tricks
            if t.number in keep
        )
        named_at = tuple(sorted((c, w) for c, w in history._where.items() if c in named_indices))
        wins = tuple(history.won(s) for s in range(3))
        return (
            k,
            history.tricks[-1].winner,
            tuple(tuple(sorted(h.items())) for h in hands),
            tuple(frozenset(v) for v in voids),
            tuple(refused_trump),
            wins,
            named_at,
            past,
        )

    def play(n: int, leader: int) -> None:
        trick = history.tricks[-1]
        pos = len(trick.plays)
        if pos == 3:
            if not check(n):  # what can be judged before the winner is known
                return
            w = _winner(trick.plays)
            trick.winner = w
            if not check(n):
                trick.winner = None
                return
            if n == 9:
                finish()
            else:
                k = state_key(n)
                if k not in seen:  # the same state again leads to the same deals
                    seen.add(k)
                    history.tricks.append(TrickView(n + 1, w, []))
                    play(n + 1, w)
                    history.tricks.pop()
            trick.winner = None
            return
        seat = (leader + pos) % 3
        must = forced.get((n, seat))
        for i, tok in enumerate(tokens):
            if must is not None and i != must:
                continue
            if used[i] >= sizes[i]:
                continue
            if not pin_ok(tok, seat, n) or not legal_for(seat, tok):
                continue
            mine = tok.card is not None and pins.get(tok.card) == players[seat]
            pinned_left[seat] -= mine
            used[i] += 1
            hands[seat][i] += 1
            history.add(seat, tok)
            saved = note_void(seat, tok, trick)
            if check(n):
                play(n, leader)
            voids[seat], refused_trump[seat] = saved
            history.take_back()
            pinned_left[seat] += mine
            hands[seat][i] -= 1
            if not hands[seat][i]:
                del hands[seat][i]
            used[i] -= 1

    history.tricks.append(TrickView(1, 0, []))
    play(1, 0)

    # weigh each class-level deal by the number of concrete deals it stands for
    total = 0
    places: dict[Card, dict[str, int]] = {c: dict.fromkeys(PLACES, 0) for c in DECK}
    for key in found:
        counts = [dict(key[s]) for s in range(3)]
        weight = 1
        for i, size in enumerate(sizes):
            ks = [counts[s].get(i, 0) for s in range(3)]
            rest = size - sum(ks)
            weight *= math.factorial(size) // (
                math.factorial(ks[0]) * math.factorial(ks[1]) * math.factorial(ks[2]) * math.factorial(rest)
            )
        total += weight
        for i, tok in enumerate(tokens):
            size = sizes[i]
            ks = [counts[s].get(i, 0) for s in range(3)]
            rest = size - sum(ks)
            for place, k in zip(PLACES, [*ks, rest], strict=True):
                if k:
                    share = weight * k // size
                    for member in tok.cards:
                        places[member][place] += share
    return DealCount(total, len(found), tokens, places, tuple(c.id for c in cons))


def deal_is_consistent(
    hands: Sequence[Iterable[Card]], constraints: Iterable[Constraint] = CONSTRAINTS
) -> bool:
    """Is there a legal play of these hands (Belinda, Baron, third player) that satisfies the constraints?

    An independent check for :func:`count_deals`: it plays real cards with
    :func:`ombre.engine.rules.legal_plays` and :func:`ombre.engine.rules.trick_winner`.
    Two shortcuts keep it quick: a card a constraint puts at a trick (and
    seat) is played only there, and a position reached again after a
    complete trick is not searched twice.  A position is "the same" when the
    cards still held are the same and the tricks played look the same to the
    constraints, which see only the cards they name and, of the others, the
    suit, trump and court rank.
    """
    cons = tuple(constraints)
    hs = [list(h) for h in hands]
    if len(hs) != 3 or any(len(h) != 9 for h in hs):
        raise BelindaError("a deal as played has three hands of nine cards")
    by_trick: dict[int, list[Constraint]] = {n: [] for n in range(1, 10)}
    setting = History(0, 1, 2, SPADES, 0, (B, R, K), [], tuple(tuple(h) for h in hs))
    for c in cons:
        if not c.tricks and c.test(setting) is not None:
            return False
        for n in c.tricks:
            by_trick[n].append(c)
    seats = {B: 0, R: 1, K: 2}
    placed = {card: (n, seats[who] if who is not None else None) for c in cons for card, n, who in c.places}
    named = set(MATADORS).union(*(c.names() for c in cons))
    history = History(0, 1, 2, SPADES, 0, (B, R, K), [], None)
    held = [set(h) for h in hs]
    if any(who is not None and card not in held[who] for card, (_, who) in placed.items()):
        return False  # a card a constraint gives to one player is in another hand
    seen: set[object] = set()

    def ok(n: int) -> bool:
        return all(c.test(history) is None for c in by_trick[n])

    def looks(tok: Token) -> object:
        return tok.index if tok.cards[0] in named else (tok.suit, tok.trump, tok.court)

    def key() -> object:
        past = tuple(
            (t.leader, t.winner, tuple((s, looks(tok)) for s, tok in t.plays)) for t in history.tricks
        )
        return (tuple(frozenset(h) for h in held), past)

    def play(n: int, leader: int) -> bool:
        trick = history.tricks[-1]
        pos = len(trick.plays)
        if pos == 3:
            cards = [t.cards[0] for _, t in trick.plays]
            trick.winner = (leader + trick_winner(cards, SPADES)) % 3
            good = ok(n)
            if good:
                if n == 9:
                    good = all(c.test(history) is None for c in cons)
                else:
                    k = key()
                    if k in seen:
                        good = False  # searched before, in vain (a success ends the search)
                    else:
                        seen.add(k)
                        history.tricks.append(TrickView(n + 1, trick.winner, []))
                        good = play(n + 1, trick.winner)
                        history.tricks.pop()
            trick.winner = None
            return good
        seat = (leader + pos) % 3
        on_table = [t.cards[0] for _, t in trick.plays]
        for card in legal_plays(sorted(held[seat], key=lambda c: c.index), on_table, SPADES):
            where = placed.get(card)
            if where is not None and (where[0] != n or where[1] not in (None, seat)):
                continue
            held[seat].discard(card)
            history.add(seat, _single(card))
            good = ok(n) and play(n, leader)
            history.take_back()
            held[seat].add(card)
            if good:
                return True
        return False

    history.tricks.append(TrickView(1, 0, []))
    return play(1, 0)


# ---------------------------------------------------------------------------
# Analyses with the solver
# ---------------------------------------------------------------------------


def _position_after(state: GameState, tricks: int) -> Position:
    """The position at the start of trick ``tricks + 1`` of a replayed game."""
    hands = [list(h) for h in state.hands_at_play]
    won = [0, 0, 0]
    leader = state.tricks[0].leader
    for t in state.tricks[:tricks]:
        for s, c in zip(t.seats, t.cards, strict=True):
            hands[s].remove(c)
        won[t.winner] += 1
        leader = t.winner
    assert state.trump is not None and state.ombre is not None
    hs = (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]))
    return Position(hs, state.trump, state.ombre, leader, (), (won[0], won[1], won[2]))


@dataclass(frozen=True)
class BaronChances:
    """After trick four: what the Baron can still reach, with everyone playing double dummy."""

    reading: str
    belinda_sure: int  # tricks Belinda takes in the hand against the best defence
    baron_most: int  # the most tricks the Baron can take, the third player helping, Belinda opposing
    outcome: Result  # Belinda's result against the best defence (defenders jointly)


def _most_tricks(pos: Position, seat: int, opponent: int) -> int:
    """The most tricks ``seat`` can take when everyone but ``opponent`` helps him (plain minimax)."""

    @cache
    def value(hands: tuple[frozenset[Card], ...], leader: int, trick: tuple[Card, ...], won: int) -> int:
        if not hands[leader] and not trick:
            return won
        to_move = (leader + len(trick)) % 3
        vals = []
        for c in legal_plays(sorted(hands[to_move], key=lambda x: x.index), trick, SPADES):
            hs = list(hands)
            hs[to_move] = hands[to_move] - {c}
            t = trick + (c,)
            if len(t) < 3:
                vals.append(value(tuple(hs), leader, t, won))
            else:
                w = (leader + trick_winner(t, SPADES)) % 3
                vals.append(value(tuple(hs), w, (), won + (w == seat)))
        return min(vals) if to_move == opponent else max(vals)

    return value(tuple(frozenset(h) for h in pos.hands), pos.leader, pos.trick, pos.won[seat])


def baron_after_trick_four(record: GameRecord | str) -> BaronChances:
    """Can the Baron still reach five tricks once Belinda has taken the first four?"""
    name = record if isinstance(record, str) else (record.tag("Reading") or "record")
    st = replay(record).state
    b, r, _ = _roles(st.players)
    pos = _position_after(st, 4)
    from ombre.engine.solver import solve

    sure = solve(pos)
    outcome = solve(pos, "outcome")
    most = _most_tricks(pos, r, b)
    return BaronChances(name, sure, most, outcome)


@dataclass(frozen=True)
class CodilleChance:
    """Before trick 9, from Belinda's seat: the cards the Baron might lead, and how many give codille.

    Belinda has seen her own cards (as dealt and as played) and the 24 cards
    played; every pair of last cards for the Baron and the third player that
    agrees with the voids they have shown is taken as equally likely.
    """

    reading: str
    unseen: tuple[Card, ...]
    baron_may_hold: tuple[Card, ...]
    pairs: int
    codille_pairs: int
    codille_cards: tuple[Card, ...]  # Baron's last cards that win him codille

    @property
    def chance(self) -> Fraction:
        return Fraction(self.codille_pairs, self.pairs)


def _shown(state: GameState, upto: int) -> list[Callable[[Card], bool]]:
    """For each seat, whether it may still hold a card, given the first ``upto`` tricks.

    A player who did not follow a plain suit holds none of it; one who did not
    follow a trump lead holds no trump but, at most, matadors above the card
    led (their privilege, 1665).
    """
    assert state.trump is not None
    trump = state.trump
    order = trump_order(trump)
    voids: list[set[Suit]] = [set(), set(), set()]
    # the place in the trump order (0: Spadille) of the highest trump lead each seat refused
    refused: list[int] = [len(order), len(order), len(order)]
    for t in state.tricks[:upto]:
        led = effective_suit(t.cards[0], trump)
        for s, c in zip(t.seats[1:], t.cards[1:], strict=True):
            if effective_suit(c, trump) is not led:
                if led is trump:
                    refused[s] = min(refused[s], order.index(t.cards[0]))
                else:
                    voids[s].add(led)

    def may_hold(seat: int) -> Callable[[Card], bool]:
        def test(card: Card) -> bool:
            suit = effective_suit(card, trump)
            if suit is trump and refused[seat] < len(order):
                return is_matador(card, trump) and order.index(card) < refused[seat]
            return suit not in voids[seat]

        return test

    return [may_hold(s) for s in range(3)]


def codille_chance(record: GameRecord | str) -> CodilleChance:
    """How likely codille looked to Belinda before the ninth trick (iii.92)."""
    name = record if isinstance(record, str) else (record.tag("Reading") or "record")
    rp = replay(record)
    st = rp.state
    assert st.trump is not None and st.ombre is not None
    b, r, k = _roles(st.players)
    if len(st.tricks) < 8:
        raise BelindaError("the record does not reach the ninth trick")
    seen: set[Card] = set(st.deal.hands[b]) | set(st.hands_at_play[b])
    for e in rp.exchange:
        if e.seat == b:
            seen |= {c for c in e.taken_in if c is not None}
    for t in st.tricks[:8]:
        seen |= set(t.cards)
    unseen = tuple(c for c in DECK if c not in seen)
    may_hold = _shown(st, 8)
    trump = st.trump
    pos = _position_after(st, 8)
    mine = pos.hands[b][0]
    leader = pos.leader
    pairs = 0
    codille = 0
    codille_cards: set[Card] = set()
    baron_cards: set[Card] = set()
    for bc, kc in itertools.permutations(unseen, 2):
        if not may_hold[r](bc) or not may_hold[k](kc):
            continue
        baron_cards.add(bc)
        pairs += 1
        cards = {b: mine, r: bc, k: kc}
        order = [cards[(leader + i) % 3] for i in range(3)]
        w = (leader + trick_winner(order, trump)) % 3
        won = list(pos.won)
        won[w] += 1
        if result_of(won, b) is Result.CODILLE:
            codille += 1
            codille_cards.add(bc)
    return CodilleChance(
        name,
        unseen,
        tuple(c for c in DECK if c in baron_cards),
        pairs,
        codille,
        tuple(c for c in DECK if c in codille_cards),
    )


def play_analysis(record: GameRecord | str, objective: Objective = "tricks") -> list[MoveAnalysis]:
    """Every card of the record with its double-dummy value and the best card at that moment."""
    return analyse_game(replay(record).state, objective)


def trick_five_leads(record: GameRecord | str) -> dict[Card, tuple[int, Result]]:
    """Belinda's possible leads to trick five: for each, her tricks and result with best play after."""
    st = replay(record).state
    pos = _position_after(st, 4)
    tricks = Solver(pos.trump, pos.ombre, "tricks").analyse(pos)
    outcome = Solver(pos.trump, pos.ombre, "outcome").analyse(pos)
    from ombre.engine.solver import OUTCOME_ORDER

    return {c: (tricks[c], OUTCOME_ORDER[outcome[c]]) for c in tricks}


@dataclass(frozen=True)
class Winnings:
    """Belinda's net gain under one rule set, as played and as if she had played without taking in."""

    rules: str
    rules_title: str
    units: tuple[str, ...]
    as_played: Settlement
    sans_prendre: Settlement
    matadors: int


def winnings(record: GameRecord | str, rules: str) -> Winnings:
    """Belinda's winnings under ``rules`` (``1665`` or ``court-gamester``), with the sans prendre variant.

    The settlement is the engine's (:func:`ombre.engine.payments.settle`) on the
    tricks and hands of the record; the variant keeps the same play and makes
    the Ombre's bid sans prendre (nothing taken in).  That bid ends the bidding
    (:meth:`ombre.engine.game.GameState.apply`), so in the variant only the players who
    passed before the Ombre spoke pay for passing.

    >>> w = winnings("pole", "court-gamester")
    >>> [t.reason for t in w.as_played.transfers].count("for passing")
    2
    >>> [t.reason for t in w.sans_prendre.transfers].count("for passing")
    0
    """
    rec = load_record(record) if isinstance(record, str) else record
    st = replay_record(rec).state
    rs = get_rules(rules)
    if st.trump is None or st.ombre is None or not st.is_terminal():
        raise BelindaError("the record does not reach the end of the hand")
    passes = tuple(seat for seat, bid in st.bids if bid.kind == "pass")
    # where the Ombre bid (a forced Spadille never bid: then every pass came before)
    spoke = next(
        (i for i, (seat, bid) in enumerate(st.bids) if seat == st.ombre and bid.kind != "pass"), len(st.bids)
    )
    passes_before = tuple(seat for seat, bid in st.bids[:spoke] if bid.kind == "pass")

    def settled(sans_prendre: bool, taken_in: tuple[int, int, int], passes: tuple[int, ...]) -> Settlement:
        assert st.trump is not None
        return settle(
            rs,
            ombre=st.ombre,
            tricks_won=st.tricks_won,
            hands_at_play=st.hands_at_play,
            trump=st.trump,
            sans_prendre=sans_prendre,
            passes=passes,
            eldest=st.deal.eldest,
            taken_in=taken_in,
        )

    played = settled(st.sans_prendre, st.taken_in, passes)
    sans = settled(True, (0, 0, 0), passes_before)
    from ombre.engine.rules import matador_sequence

    return Winnings(
        rs.name, rs.title, rs.units, played, sans, matador_sequence(st.hands_at_play[st.ombre], st.trump)
    )
