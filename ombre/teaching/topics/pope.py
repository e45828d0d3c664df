"""Exercises reading Pope's lines (The Rape of the Lock, iii.25-100) as plays of Belinda's game."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from ombre.belinda import READING_TITLES, load_record, replay
from ombre.engine.cards import BASTO, PAM, SPADILLE, Card, Suit
from ombre.engine.game import GameState
from ombre.engine.rules import (
    Result,
    effective_suit,
    is_trump,
    manille,
    plain_order,
    result_of,
    trick_winner,
    trump_order,
)
from ombre.sources.pope import pope_passage
from ombre.teaching.answers import ExerciseError
from ombre.teaching.generators import (
    _END_SRC,
    _MATADOR_SRC,
    _ORDER_SRC,
    SEATS,
    Generator,
    Topic,
    _ex,
    _name,
    _shuffled,
    _t,
)
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec
from ombre.teaching.topics.results import _RESULT_WORDS, _why_not_result, _why_result
from ombre.teaching.topics.tricks import _why_loses, _why_wins
from ombre.words import capitalise, listed

__all__ = ["TOPIC"]

#: The record the Pope questions follow: the book's replay of Pole's hands (1895, probably his).
_POPE_READING = "pole"
#: The reading in which the King of Clubs at trick 5 is the third player's card, not Belinda's lead.
_POPE_OTHER_READING = "king-of-clubs"
#: The Pope questions of the book's set (seed 0): the items of :data:`_POPE_ITEMS`, in the order of the poem.
_POPE_SET_ITEMS = (0, 1, 3, 4, 5, 8)

#: This topic's set, its teaching plan and its generators, registered below.
TOPIC = Topic(
    SetSpec(
        "pope",
        "Reading Pope's lines as plays",
        "Canto III of The Rape of the Lock narrates Belinda's game trick by trick. Each question quotes the "
        "lines and asks what happens at the table.",
        tuple(("pope.line", i) for i in _POPE_SET_ITEMS),
        "Read the whole passage (iii.25-100) aloud first. The questions follow the order of the poem, so "
        "the set "
        "can accompany a close reading; the replay page shows every trick with its lines.",
    ),
    SetPlan(
        "pope",
        30,
        (),
        "Canto III, lines 25 to 100, and the replay of Belinda's game (the tricks page shows the lines "
        "beside each trick)",
        objectives=(
            "match Pope's lines to the plays of Belinda's game, trick by trick",
            "use the rules of the game to explain what a line of the poem describes",
        ),
        points=(2, 1, 1, 1, 1, 1),
    ),
)


def _quote(first: int, last: int) -> tuple[tuple[int, str], ...]:
    """Pope's lines ``first`` to ``last`` (iii.), from :func:`ombre.sources.pope.pope_passage`."""
    return tuple(pope_passage(first, last))


#: Belinda's trumps in Canto III.
_SPADES = Suit.SPADES


@cache
def _pope_state(reading: str) -> GameState:
    """The engine's replay of one shipped reading of Belinda's game (:mod:`ombre.belinda`)."""
    st = replay(reading).state
    if tuple(st.players) != ("Belinda", "Baron", "Knight") or len(st.tricks) != 9:
        raise ExerciseError(f"the record {reading!r} is not Belinda's game in nine tricks")
    return st


def _pope_trick(n: int, reading: str = _POPE_READING) -> tuple[tuple[tuple[int, Card], ...], int]:
    """Trick ``n`` of a reading: ``(seat, card)`` in the order played, and the winner's seat."""
    t = _pope_state(reading).tricks[n - 1]
    return tuple(zip(t.seats, t.cards, strict=True)), t.winner


#: How a question names the record it follows.
_POPE_RECORDS = {
    "pole": "the book's replay of the reconstruction printed in 1895, probably Pole's",
    "king-of-clubs": f"the book's other reading, {READING_TITLES['king-of-clubs']}",
}


def _pope_won(reading: str = _POPE_READING, upto: int = 9) -> tuple[int, int, int]:
    """Tricks won by Belinda, the Baron and the Knight in the first ``upto`` tricks of a reading."""
    tricks = _pope_state(reading).tricks[:upto]
    won = [sum(1 for t in tricks if t.winner == s) for s in range(3)]
    return won[0], won[1], won[2]


def _pope_plays(n: int, called: dict[Card, str] | None = None, reading: str = _POPE_READING) -> str:
    """Trick ``n`` of a reading in words, ``"Belinda leads ...; the Baron plays ...; and ..."``.

    ``called`` gives a card the words the question calls it by; a card that the record marks as
    the project's completion (``3h?``) is named as the small card the reconstruction leaves open.
    """
    plays, _ = _pope_trick(n, reading)
    completed = [rc.conjectural for rc in load_record(reading).tricks[n - 1].cards]
    said = []
    for i, (s, c) in enumerate(plays):
        if called and c in called:
            what = called[c]
        elif completed[i] and c.rank not in "AKQJ":
            what = f"a small {c.suit.singular} ({c.symbol} in the replay)"
        else:
            what = _name(c, Suit.SPADES)
        said.append(f"{SEATS[s]} {'leads' if i == 0 else 'plays'} {what}")
    return f"{capitalise(said[0])}; {said[1]}; and {said[2]}"


def _trick_numbers(ns: Sequence[int]) -> str:
    """``[1, 2, 3, 4, 9]`` -> ``"1-4 and 9"``."""
    runs: list[list[int]] = []
    for n in ns:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]
    return listed(parts)


def _pope_trumps(rng: random.Random, seed: int) -> Exercise:
    """iii.46: how many trumps there are when Belinda names spades."""
    n = len(trump_order(_SPADES))
    return _ex(
        "pope.line",
        seed,
        quote=_quote(46, 46),
        trump=_SPADES,
        prompt="Belinda names spades. How many trumps are there in the pack for this hand?",
        number=Fraction(n),
        solution=(
            f"{n}. Spades are black: Spadille, Manille (2♠), Basto (A♣), then K Q J 7 6 5 4 3 of "
            "spades. The Baron and the Knight can hold at most the trumps Belinda has not got."
        ),
        mistakes=(
            (Fraction(12), "Twelve is the count for a red suit; spades are black."),
            (Fraction(10), "Basto, the ace of clubs, is a trump too."),
        ),
        hint="Black suits have one trump fewer than red ones.",
        source=_ORDER_SRC,
    )


def _pope_spadillio(rng: random.Random, seed: int) -> Exercise:
    """iii.49-50: the card that leads the first trick."""
    plays, _ = _pope_trick(1)
    lead = plays[0][1]
    if lead != SPADILLE or not all(is_trump(c, _SPADES) for _, c in plays[1:]):
        raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not open with Spadille and two trumps")
    cards = [SPADILLE, manille(_SPADES), BASTO, Card("K", _SPADES)]
    choices = [
        Choice(
            c.symbol,
            c == lead,
            f"{capitalise(_name(c, _SPADES))}: "
            + (
                'the first trump, which no card can beat, "unconquerable Lord".'
                if c == lead
                else "not Spadillio."
            ),
        )
        for c in cards
    ]
    return _ex(
        "pope.line",
        seed,
        quote=_quote(49, 50),
        trump=_SPADES,
        prompt="Which card leads the first trick?",
        choices=_shuffled(rng, choices),
        solution=(
            "A♠, Spadille. It is the first trump in every suit, so nothing can beat it; "
            'both others must play trumps to it ("two captive trumps").'
        ),
        hint="Spadillio is the Spanish name of the ace of spades.",
        source=_ORDER_SRC,
    )


def _pope_manillio(rng: random.Random, seed: int) -> Exercise:
    """iii.51-52: which card Manillio is."""
    options = [Card("2", _SPADES), Card("7", _SPADES), Card("7", Suit.HEARTS), BASTO]
    choices = [
        Choice(
            c.symbol,
            c == manille(_SPADES),
            "Right card: with spades trumps the two of spades is Manille."
            if c == manille(_SPADES)
            else (
                f"{c.symbol} is Manille only when {c.suit.plural} are trumps."
                if c.rank in "27"
                else "A♣ is Basto, the third matador, who leads the next trick (line 53)."
            ),
        )
        for c in options
    ]
    return _ex(
        "pope.line",
        seed,
        quote=_quote(51, 52),
        trump=_SPADES,
        prompt="Which card is Manillio here?",
        choices=_shuffled(rng, choices),
        solution="2♠. In a black trump suit the two is Manille, the second trump.",
        hint="Spades are black.",
        source=_ORDER_SRC,
    )


def _pope_plebeian(rng: random.Random, seed: int) -> Exercise:
    """iii.53-54: what the "Plebeian card" played to Basto's lead tells us."""
    plays, _ = _pope_trick(3)
    lead = plays[0][1]
    gone = [_pope_trick(n)[0][0][1] for n in (1, 2)]
    if (
        lead != BASTO
        or gone != [SPADILLE, manille(_SPADES)]
        or sorted(is_trump(c, _SPADES) for _, c in plays[1:]) != [False, True]
    ):
        raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 53-54 at trick 3")
    choices = (
        Choice(
            "He held no trump at all",
            True,
            "Trumps were led and he must follow with a trump if he has one; Spadille and Manille were "
            "already played, so no matador could be held back. A plain card means he had no trump.",
        ),
        Choice(
            "He chose to keep a trump back",
            False,
            'He could not: "for all the rest you are to follow Trump" (1665). Only a matador above the '
            "card led may be held back, and Spadille and Manille had already been played.",
        ),
        Choice(
            "He revoked, breaking the rule",
            False,
            "Nothing in the poem says so, and the rules give an innocent reading: he had no trumps.",
        ),
        Choice(
            "He was trumping the trick",
            False,
            "A plebeian card is a plain card, not a trump; it cannot win a trick led with a trump.",
        ),
    )
    return _ex(
        "pope.line",
        seed,
        quote=_quote(53, 54),
        trump=_SPADES,
        cards=(lead,),
        prompt=(
            f"Basto ({lead.symbol}) leads the third trick. One player follows with a trump, the other "
            'with a "Plebeian card" (a plain card). What does that plain card tell us?'
        ),
        choices=_shuffled(rng, choices),
        solution=(
            "He held no trump. A player must follow a trump lead with a trump; only a matador "
            "may be held back against a lower trump, and the higher matadors were gone."
        ),
        hint="Which trumps could still have been privileged at the third trick?",
        source=_MATADOR_SRC,
    )


def _pope_pam(rng: random.Random, seed: int) -> Exercise:
    """iii.61-64: which card "mighty Pam" is, and its worth at Ombre."""
    plays, won = _pope_trick(4)
    winner = dict(plays)[won]
    if PAM not in dict(plays).values() or winner != Card("K", _SPADES):
        raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 55-64 at trick 4")
    choices = (
        Choice(
            "J♣, here only a plain club",
            True,
            "Pam is the knave of clubs, the best card at Loo; in Ombre it is an ordinary club, so with "
            f'spades trumps it falls to {_name(winner, _SPADES)} at trick 4, "undistinguish\'d".',
        ),
        Choice(
            "J♣, the highest trump at Ombre",
            False,
            "That is Pam's place at Loo, not at Ombre: here it is a plain club.",
        ),
        Choice("J♠, a trump", False, "Pam is the knave of clubs, not of spades."),
        Choice("A♣, Basto", False, "Basto is the ace of clubs, already played at the third trick."),
    )
    return _ex(
        "pope.line",
        seed,
        quote=_quote(61, 64),
        trump=_SPADES,
        cards=(PAM,),
        prompt='Which card is "mighty Pam", and what is it worth in this game?',
        choices=_shuffled(rng, choices),
        solution="J♣. The best card at Loo, but only a plain club at Ombre.",
        hint='"the fights of Lu": Pam\'s power belongs to another game.',
        source="Glossary: Pam (Pope iii.61; Morley)",
    )


def _pope_amazon(rng: random.Random, seed: int) -> Exercise:
    """iii.67-70: which card wins trick 5, to which the Baron plays his Amazon, the Queen of Spades."""
    plays, won = _pope_trick(5)
    trick = [c for _, c in plays]
    w = trick[trick_winner(trick, _SPADES)]
    queen, king = Card("Q", _SPADES), Card("K", Suit.CLUBS)
    if dict(plays).get(1) != queen or dict(plays)[won] != w or king not in trick:
        raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 67-70 at trick 5")
    other, other_won = _pope_trick(5, _POPE_OTHER_READING)
    other_w = dict(other)[other_won]
    third = (
        f"{capitalise(_POPE_RECORDS[_POPE_OTHER_READING])}, "
        f"has {SEATS[dict((c, s) for s, c in other)[king]]} "
        f"play the King of Clubs and {SEATS[other[0][0]]} lead {other[0][1].symbol}; "
        f"{other_w.symbol} wins there {'too' if other_w == w else 'instead'}."
    )
    choices = tuple(
        Choice(
            c.symbol,
            c == w,
            _why_wins(trick, _SPADES)
            if c == w
            else _why_loses(c, trick, _SPADES)
            if c in trick
            else f"{c.symbol} was not played to this trick: read again which cards fell.",
        )
        for c in (*trick, Card("K", _SPADES))
    )
    return _ex(
        "pope.line",
        seed,
        quote=_quote(67, 70),
        trump=_SPADES,
        cards=tuple(trick),
        prompt=(
            f"In {_POPE_RECORDS[_POPE_READING]}: "
            + _pope_plays(5, {queen: f'his "warlike Amazon", {_name(queen, _SPADES)}'})
            + ". Which card wins the trick?"
        ),
        choices=_shuffled(rng, choices),
        solution=f"{w.symbol}. " + _why_wins(trick, _SPADES) + " " + third,
        hint='"Th\' imperial consort of the crown of Spades" is a trump.',
        source=_ORDER_SRC + "; the records of Belinda's game",
    )


def _pope_knave(rng: random.Random, seed: int) -> Exercise:
    """iii.87-88: why the Knave of Diamonds wins trick 8."""
    plays, won = _pope_trick(8)
    trick = [c for _, c in plays]
    knave_d, queen_h = Card("J", Suit.DIAMONDS), Card("Q", Suit.HEARTS)
    led = effective_suit(trick[0], _SPADES)
    # Belinda's last cards: the ones she plays to tricks 8 and 9
    left = [c for n in (8, 9) for s, c in _pope_trick(n)[0] if s == 0]
    if (
        plays[0] != (1, knave_d)
        or won != 1
        or (0, queen_h) not in plays
        or any(is_trump(c, _SPADES) or effective_suit(c, _SPADES) is led for c in left)
    ):
        raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 87-88 at trick 8")
    choices = (
        Choice(
            "Diamonds were led and neither a diamond nor a trump beat it",
            True,
            "A card of another plain suit never wins, however high: only a higher diamond or a trump "
            "could have taken the knave. " + _why_wins(trick, _SPADES),
        ),
        Choice(
            "Diamonds rank above hearts",
            False,
            "No suit outranks another except the trumps; what matters is the suit led.",
        ),
        Choice("The knave is a matador", False, "The matadors here are A♠, 2♠ and A♣."),
        Choice(
            "Belinda chose to let the Baron win",
            False,
            f"She had no choice: her last cards were {_t(left)}, with no {led.singular} and no trump "
            "left, and a heart cannot win a diamond trick.",
        ),
    )
    return _ex(
        "pope.line",
        seed,
        quote=_quote(87, 88),
        trump=_SPADES,
        cards=tuple(trick),
        prompt=(
            f"Trick 8 in {_POPE_RECORDS[_POPE_READING]}: "
            + _pope_plays(8)
            + ". Why does the Knave of Diamonds win the Queen of Hearts?"
        ),
        choices=_shuffled(rng, choices),
        solution="Diamonds were led; a heart cannot win a diamond trick. " + _why_wins(trick, _SPADES),
        hint="Which suit was led?",
        source='1665, "The End of the Game"; the records of Belinda\'s game',
    )


def _pope_codille(rng: random.Random, seed: int) -> Exercise:
    """iii.91-94: the result if the Baron took the last trick."""
    b, r, k = _pope_won(upto=8)
    tricks = (b, r + 1, k)
    res = result_of(tricks, 0)
    choices = tuple(
        Choice(
            _RESULT_WORDS[x],
            x is res,
            _why_result(tricks, 0) if x is res else _why_not_result(x, tricks, 0),
        )
        for x in (Result.WIN, Result.CODILLE, Result.REPUESTO)
    )
    return _ex(
        "pope.line",
        seed,
        quote=_quote(91, 94),
        prompt=(
            f"After eight tricks Belinda has {b}, the Baron {r} and the Knight {k} "
            f"(in {_POPE_RECORDS[_POPE_READING]}). If the Baron takes the last trick, what is the result?"
        ),
        choices=choices,
        solution=f"{capitalise(_RESULT_WORDS[res])}. " + _why_result(tricks, 0),
        hint="Compare Belinda's tricks with the Baron's.",
        source=_END_SRC,
    )


def _pope_ace(rng: random.Random, seed: int) -> Exercise:
    """iii.95-98: why Belinda's King of Hearts beats the Ace of Hearts."""
    plays, won = _pope_trick(9)
    ace_h, king_h = Card("A", Suit.HEARTS), Card("K", Suit.HEARTS)
    if plays[0] != (1, ace_h) or (0, king_h) not in plays or won != 0:
        raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 95-98 at trick 9")
    order = plain_order(Suit.HEARTS, _SPADES)
    choices = (
        Choice(
            "Hearts are not trumps, and the red ace of a plain suit ranks below the knave",
            True,
            f"Plain hearts from the top: {_t(order)}. 1665: the red ace is the Punto when its suit is "
            "trumps, \"otherwise 'tis only rank'd after the Knave\".",
        ),
        Choice(
            "The king always beats the ace",
            False,
            "Not always: with hearts trumps the ace of hearts would be Punto, the fourth trump, above "
            "the king.",
        ),
        Choice(
            "The king of hearts is a trump",
            False,
            "Spades are trumps: the king of hearts is a plain card.",
        ),
    )
    return _ex(
        "pope.line",
        seed,
        quote=_quote(95, 98),
        trump=_SPADES,
        cards=(ace_h, king_h),
        prompt=(
            "At the last trick the Baron leads the Ace of Hearts and Belinda plays the King of Hearts "
            f"(in {_POPE_RECORDS[_POPE_READING]}). Why does her King of Hearts beat his Ace of Hearts?"
        ),
        choices=_shuffled(rng, choices),
        solution=f"Hearts are a plain red suit here: {_t(order)}.",
        hint="What is a red ace worth when its suit is not trumps?",
        source=_ORDER_SRC,
    )


def _pope_result(rng: random.Random, seed: int) -> Exercise:
    """iii.99-100: how many tricks Belinda wins."""
    tricks = _pope_won()
    st = _pope_state(_POPE_READING)
    numbers = [[n for n, t in enumerate(st.tricks, start=1) if t.winner == s] for s in range(3)]
    took = [_trick_numbers(ns) if ns else "none" for ns in numbers]
    won_with = [_name(t.winning_card, _SPADES) for t in st.tricks if t.winner == 0]
    return _ex(
        "pope.line",
        seed,
        quote=_quote(99, 100),
        prompt=(
            f"In {_POPE_RECORDS[_POPE_READING]}, Belinda took tricks {took[0]}, the Baron tricks "
            f"{took[1]}, the Knight {took[2]}. How many tricks did Belinda win?"
        ),
        number=Fraction(tricks[0]),
        solution=(
            f"{tricks[0]}: she won with {', '.join(won_with[:-1])} and {won_with[-1]}. "
            + _why_result(tricks, 0)
        ),
        hint="Count the tricks the poem gives her, not the Baron.",
        mistakes=(
            (Fraction(tricks[1]), "That is the Baron's count; count the tricks the poem gives Belinda."),
            (Fraction(tricks[0] - 1), "One short: count every trick the poem gives her, the last one too."),
        ),
        source=_END_SRC,
    )


#: The Pope questions, in the order of the poem: an item of the set is an index into this.
_POPE_ITEMS: tuple[Generator, ...] = (
    _pope_trumps,
    _pope_spadillio,
    _pope_manillio,
    _pope_plebeian,
    _pope_pam,
    _pope_amazon,
    _pope_knave,
    _pope_codille,
    _pope_ace,
    _pope_result,
)


@cache
def _pope_versions(n: int) -> tuple[tuple[int, ...], ...]:
    """The selections of Pope items for fresh versions of the set, in a fixed shuffled order.

    Each is ``len(_POPE_SET_ITEMS)`` of the ``n`` items in the order of the poem, sharing at most
    two places with the book's selection, so that every version asks mostly other questions.
    """
    book = _POPE_SET_ITEMS
    out = [
        c
        for c in itertools.combinations(range(n), len(book))
        if sum(a == b for a, b in zip(c, book, strict=True)) <= 2
    ]
    random.Random("pope.line:versions").shuffle(out)
    return tuple(out)


@TOPIC.generator("pope.line")
def _pope_line(rng: random.Random, seed: int) -> Exercise:
    """Item ``seed % 10``; in a fresh version of the Pope set, that version's own items.

    :func:`exercise_set` deals version ``v`` of a set with the seeds ``base + 1000 * v``.  For
    the Pope set the bases are :data:`_POPE_SET_ITEMS`; version ``v`` asks the items of the
    ``v``-th selection of :func:`_pope_versions`, still in the order of the poem.
    """
    base, version = seed % 1000, seed // 1000
    if version == 0 or base not in _POPE_SET_ITEMS:
        return _POPE_ITEMS[seed % len(_POPE_ITEMS)](rng, seed)
    versions = _pope_versions(len(_POPE_ITEMS))
    picks = versions[(version - 1) % len(versions)]
    return _POPE_ITEMS[picks[_POPE_SET_ITEMS.index(base)]](rng, seed)
