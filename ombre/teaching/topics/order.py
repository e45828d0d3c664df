"""Exercises on the order of the cards: the trumps of a black and a red suit, and the plain suits."""

from __future__ import annotations

import random
from fractions import Fraction

from ombre.engine.cards import DECK, SUITS, Suit
from ombre.engine.players import strength
from ombre.engine.rules import is_trump, manille, plain_order, trump_order
from ombre.teaching.generators import _ORDER_SRC, Topic, _ex, _name, _shuffled, _t
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec
from ombre.words import capitalise

__all__ = ["TOPIC"]

#: This topic's set, its teaching plan and its generators, registered below.
TOPIC = Topic(
    SetSpec(
        "order",
        "The order of the cards",
        "The order of the cards changes with the trump suit. These questions practise the table of trumps "
        "for black and red suits and the order of the plain suits.",
        (
            ("order.count", 2),
            ("order.highest", 1),
            ("order.position", 4),
            ("order.plain", 0),
            ("order.punto", 1),
        ),
        "Start with the two tables on the rules page. Students usually trip over the red small cards "
        "(the two above the six) and over Basto being a trump in every suit. Ask them to say the order aloud "
        "for one black and one red suit before the set.",
    ),
    SetPlan(
        "order",
        20,
        (),
        "the two tables of the order of the cards on the rules page",
        objectives=(
            "name the trumps of a black and of a red suit in order, Manille and Punto included",
            "place a card in the order of its suit, trumps or plain",
            "count the trumps in the pack for any trump suit",
        ),
        points=(2, 1, 2, 1, 1),
    ),
)


def _place(n: int) -> str:
    return {
        1: "first",
        2: "second",
        3: "third",
        4: "fourth",
        5: "fifth",
        6: "sixth",
        7: "seventh",
        8: "eighth",
        9: "ninth",
        10: "tenth",
        11: "eleventh",
        12: "twelfth",
    }[n]


@TOPIC.generator("order.count")
def _order_count(rng: random.Random, seed: int) -> Exercise:
    trump = SUITS[seed % 4] if seed < 4 else rng.choice(SUITS)
    n = len(trump_order(trump))
    colour = "black" if trump.is_black else "red"
    other = 12 if n == 11 else 11
    why = (
        f"{trump.plural.title()} are a {colour} suit: "
        + (
            "its ace is Spadille or Basto already, so the trumps are Spadille, Manille (the two), Basto, "
            "K, Q, J, 7, 6, 5, 4, 3"
            if trump.is_black
            else "the trumps are Spadille, Manille (the seven), Basto, Punto (the red ace), "
            "K, Q, J, 2, 3, 4, 5, 6"
        )
        + f': {n} cards. 1665: "of Black, there are but eleven Trumps, and of Red twelve".'
    )
    return _ex(
        "order.count",
        seed,
        prompt=f"When {trump.plural} are trumps, how many trumps are there in the pack?",
        number=Fraction(n),
        solution=why,
        hint="Count the suit's own cards, then remember that both black aces are always trumps.",
        mistakes=(
            (Fraction(10), "That is the number of cards in a suit; the black aces are trumps in every suit."),
            (
                Fraction(other),
                f"That is right for a {'red' if trump.is_black else 'black'} suit. "
                f"{trump.plural.title()} are {colour}"
                # a black suit's own ace is one of the black aces: counted twice, it makes 12
                + (
                    f": the ace of {trump.plural} is already one of the two black aces, so it is not "
                    "counted twice."
                    if trump.is_black
                    else "."
                ),
            ),
            *(
                ()
                if trump.is_black
                else (
                    (
                        Fraction(n + 1),
                        f"Too many: count the ten {trump.plural} and the two black aces, each once; "
                        f"Punto, the red ace, is one of the ten {trump.plural}.",
                    ),
                )
            ),
        ),
        source=_ORDER_SRC,
        trump=trump,
    )


@TOPIC.generator("order.highest")
def _order_highest(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    trumps = list(trump_order(trump))
    plains = [c for c in DECK if not is_trump(c, trump)]
    # two trumps (maybe a matador) and two plain cards, among them the plain king
    cards = rng.sample(trumps[3:], 1) + rng.sample(trumps[:6], 1)
    while len(set(cards)) < 2:
        cards = rng.sample(trumps, 2)
    kings = [c for c in plains if c.rank == "K"]
    cards += [rng.choice(kings)] + rng.sample([c for c in plains if c.rank != "K"], 1)
    cards = list(dict.fromkeys(cards))
    rng.shuffle(cards)
    best = max(cards, key=lambda c: strength(c, trump))
    choices = []
    for c in cards:
        if c == best:
            place = trumps.index(c) + 1
            fb = (
                f"{capitalise(_name(c, trump))} is the {_place(place)} trump, "
                "higher than every other card shown."
            )
        elif is_trump(c, trump):
            fb = (
                f"{capitalise(_name(c, trump))} is a trump, but only the {_place(trumps.index(c) + 1)}; "
                "another card shown stands higher in the order of trumps."
            )
        else:
            fb = (
                f"{capitalise(_name(c, trump))} is not a trump when {trump.plural} are trumps: "
                "any trump beats it."
            )
        choices.append(Choice(c.symbol, c == best, fb))
    order = ", ".join(c.symbol for c in trumps)
    return _ex(
        "order.highest",
        seed,
        prompt=f"{trump.plural.title()} are trumps. Which of these cards is the highest: {_t(cards)}?",
        choices=tuple(choices),
        solution=f"{capitalise(_name(best, trump))}. The trumps from the top: {order}.",
        hint="Spadille (A♠) is always first, then Manille, then Basto (A♣).",
        source=_ORDER_SRC,
        trump=trump,
    )


@TOPIC.generator("order.position")
def _order_position(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    trumps = trump_order(trump)
    card = rng.choice(trumps[1:])
    place = trumps.index(card) + 1
    order = ", ".join(f"{i + 1}. {c.symbol}" for i, c in enumerate(trumps))
    mistakes = []
    if place > 1:
        # the card counted among those above it, or one of the matadors left out
        mistakes.append(
            (
                Fraction(place - 1),
                "One too few: count every trump from Spadille as 1st, Basto (A♣) among them in every "
                "suit" + ("" if trump.is_black else ", and Punto, the red ace, in a red one") + ".",
            )
        )
    mistakes.append(
        (
            Fraction(place + 1),
            "One too many: count the trumps above it, from Spadille down, and then one for the card itself.",
        )
    )
    if card.rank == "K":
        mistakes.append(
            (
                Fraction(1),
                "The king is the highest card of a plain suit, but among the trumps "
                "the matadors stand above him.",
            )
        )
    if not trump.is_black and card.rank in "23456":
        wrong = len(trumps) - (place - 8)
        mistakes.append(
            (
                Fraction(wrong),
                "In red trumps the small cards run the other way: the two is "
                "highest of them, the six lowest.",
            )
        )
    return _ex(
        "order.position",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. Counting Spadille as the 1st trump, "
            f"what place does {card.symbol} hold among the trumps?"
        ),
        number=Fraction(place),
        solution=f"{capitalise(_name(card, trump))} is the {_place(place)} trump. The order: {order}.",
        hint=(
            "Spadille, Manille, Basto"
            + (", Punto" if not trump.is_black else "")
            + ", then the king, queen and knave, then the small cards"
            + (
                " from the two up (red: the least are best)."
                if not trump.is_black
                else " from the seven down."
            )
        ),
        # the particular notes (the king, the red small cards) before the counting ones: the first wins
        mistakes=tuple(mistakes[2 if place > 1 else 1 :] + mistakes[: 2 if place > 1 else 1]),
        source=_ORDER_SRC,
        trump=trump,
    )


@TOPIC.generator("order.plain")
def _order_plain(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    suit = rng.choice(
        [s for s in SUITS if s is not trump and s.is_red]
        if seed % 2 == 0
        else [s for s in SUITS if s is not trump]
    )
    order = plain_order(suit, trump)
    pool = [c for c in order if c.rank in ("A", "2", "3", "4", "5", "6", "7")]
    a, b = rng.sample(pool, 2)
    hi, lo = (a, b) if order.index(a) < order.index(b) else (b, a)
    rule = (
        "In a red plain suit the ace ranks just below the knave, and the small cards run the other "
        "way from black ones: the two is above the three, the three above the four, and so on. "
        '1665: "the least small Cards of the Red are alwayes best, and the greatest of the Black".'
        if suit.is_red
        else "In a black plain suit the small cards rank as they look: seven highest, two lowest "
        "(its ace is Spadille or Basto, always a trump)."
    )
    choices = (
        Choice(hi.symbol, True, f"{hi.symbol} is higher. {rule}"),
        Choice(lo.symbol, False, f"{lo.symbol} is lower. {rule}"),
    )
    return _ex(
        "order.plain",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps, so {suit.plural} are a plain suit. "
            f"If {a.symbol} and {b.symbol} are played to a {suit.singular} lead, which is higher?"
        ),
        choices=_shuffled(rng, choices),
        solution=f"{hi.symbol}. Plain {suit.plural} from the top: {_t(order)}.",
        hint="Red and black suits rank their small cards in opposite directions.",
        source=_ORDER_SRC,
        cards=(a, b),
        trump=trump,
    )


@TOPIC.generator("order.punto")
def _order_punto(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice([Suit.HEARTS, Suit.DIAMONDS])
    other = Suit.DIAMONDS if trump is Suit.HEARTS else Suit.HEARTS
    options = [
        Choice(
            f"A{trump.symbol}, Punto",
            True,
            f"With {trump.plural} trumps their ace is Punto, the fourth trump, after Spadille, "
            f"Manille ({manille(trump).symbol}) and Basto.",
        ),
        Choice(
            f"K{trump.symbol}, the king of trumps",
            False,
            "The king of trumps comes fifth in a red suit: Punto, the red ace, stands above him.",
        ),
        Choice(
            f"A{other.symbol}, the other red ace",
            False,
            f"A{other.symbol} is not a trump at all: in plain {other.plural} it ranks after the knave.",
        ),
        Choice(
            f"7{trump.symbol}, Manille",
            False,
            f"7{trump.symbol} is Manille, the second trump, not the fourth.",
        ),
    ]
    return _ex(
        "order.punto",
        seed,
        prompt=f"{trump.plural.title()} are trumps. Which card is the fourth trump?",
        choices=_shuffled(rng, options),
        solution=(
            f'A{trump.symbol}, called Punto. 1665: "the Red Ace enters into the fourth place when '
            "it is Trump, and then is called the Punto, otherwise 'tis only rank'd after the Knave\"."
        ),
        hint="Only a red suit has a fourth matador-like card: its own ace.",
        source=_ORDER_SRC,
        trump=trump,
    )
