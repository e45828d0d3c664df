"""Exercises on the chances of a deal: every hand of nine cards equally likely, chances as counts."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from ombre.engine.cards import BASTO, PAM, SPADILLE, SUITS, Card, Suit
from ombre.engine.probability import (
    hands_count,
    p_all_matadors,
    p_card_with_player,
    p_holds_at_least,
    p_holds_card,
    p_some_matador,
)
from ombre.engine.rules import manille
from ombre.teaching.generators import Topic, _ex, _name, _shuffled
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec
from ombre.words import capitalise

__all__ = ["TOPIC"]

_PROB_SRC = "Counting hands: C(40, 9) hands, all equally likely"

#: This topic's set, its teaching plan and its generators, registered below.
TOPIC = Topic(
    SetSpec(
        "probability",
        "Probability",
        "Every hand of nine cards is equally likely, so chances are counts of hands. The probability lab "
        "checks "
        "each count against a simulation.",
        (
            ("probability.card", 0),
            ("probability.with-player", 0),
            ("probability.hands", 0),
            ("probability.matadors", 0),
            ("probability.compare", 2),
        ),
        'The numeric answers accept fractions, decimals, percentages and "1 in N", exactly or to two '
        "significant figures (0.67 or 67% for 2/3; 1 in 150 for 1 in 147). The lab page "
        "plots a simulation closing in on each exact value.",
    ),
    SetPlan(
        "probability",
        30,
        (),
        "the probability lab page, which checks each count by simulation",
        objectives=(
            "count hands with C(n, k) and turn a count into a chance",
            "compute the chance of holding given cards, one card at a time or by counting hands",
            "compare two chances and say which is larger",
        ),
        points=(2, 2, 2, 2, 1),
    ),
)


@TOPIC.generator("probability.card")
def _prob_card(rng: random.Random, seed: int) -> Exercise:
    card = rng.choice([SPADILLE, BASTO, PAM, Card("K", rng.choice(SUITS))])
    p = p_holds_card(card)
    return _ex(
        "probability.card",
        seed,
        prompt=(
            f"Before the deal, what is the chance that you will be dealt {_name(card, None)}? "
            "Answer as a fraction (like 1/2) or a decimal."
        ),
        number=p,
        sig_figs=2,
        solution=(
            f"9/40 = {float(p):.3f}: nine of the forty cards come to you, and every card is as "
            "likely as any other to be one of them."
        ),
        hint="How many of the 40 cards are yours?",
        mistakes=(
            (Fraction(1, 40), "1/40 is the chance that one given card is the first one you are dealt."),
            (
                Fraction(1, 3),
                "There is also the stock: the 40 cards go 9, 9, 9 to the players and 13 to the stock.",
            ),
        ),
        source=_PROB_SRC,
    )


@TOPIC.generator("probability.with-player")
def _prob_with_player(rng: random.Random, seed: int) -> Exercise:
    card = rng.choice([SPADILLE, BASTO, Card("2", Suit.SPADES)])
    p = p_card_with_player()
    return _ex(
        "probability.with-player",
        seed,
        prompt=(
            f"You have looked at your nine cards and {_name(card, Suit.SPADES)} is not among them. What "
            "is the "
            "chance that the player on your right holds it (before anyone takes in)?"
        ),
        number=p,
        sig_figs=2,
        solution=(
            f"9/31 = {float(p):.3f}. You cannot see 31 cards: his 9, the other player's 9 and the stock's "
            "13, "
            "and the card is equally likely to be any of them."
        ),
        hint="Count the cards you cannot see.",
        mistakes=(
            (Fraction(1, 2), "The card may also lie in the stock of thirteen."),
            (Fraction(9, 40), "You have seen your own nine cards: only 31 places are left."),
        ),
        source=_PROB_SRC,
    )


@TOPIC.generator("probability.hands")
def _prob_hands(rng: random.Random, seed: int) -> Exercise:
    n = hands_count()
    return _ex(
        "probability.hands",
        seed,
        prompt="How many different hands of nine cards can be dealt from the forty-card pack?",
        number=Fraction(n),
        solution=(
            f"{n:,}: the number of ways to choose 9 cards from 40, C(40, 9) = 40 x 39 x ... x 32 / "
            "(9 x 8 x ... x 1). The order in which the cards arrive does not matter."
        ),
        hint="Choose 9 of 40; the order does not matter.",
        mistakes=(
            (
                Fraction(math.perm(40, 9)),
                "That counts the order the cards arrive in; divide by 9! = 362,880.",
            ),
        ),
        source=_PROB_SRC,
    )


@TOPIC.generator("probability.matadors")
def _prob_matadors(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    p = p_all_matadors(trump)
    return _ex(
        "probability.matadors",
        seed,
        prompt=(
            f"What is the chance of being dealt all three matadors for {trump.plural} (A♠, "
            f'{manille(trump).symbol} and A♣)? Answer as a fraction, a decimal, or "1 in N".'
        ),
        number=p,
        sig_figs=2,
        solution=(
            f"{p.numerator}/{p.denominator} = {float(p):.4f}, about 1 in {round(1 / p)}: the hands holding "
            "the three named cards are C(37, 6), out of C(40, 9) hands."
        ),
        hint="Fix the three cards in your hand; count the ways to choose the other six.",
        mistakes=(
            (
                Fraction(9, 40) ** 3,
                "The three cards are not independent: once one is yours, fewer places "
                "are left for the others.",
            ),
        ),
        source=_PROB_SRC,
        trump=trump,
    )


@TOPIC.generator("probability.compare")
def _prob_compare(rng: random.Random, seed: int) -> Exercise:
    events = [
        ("being dealt Spadille", p_holds_card(SPADILLE)),
        ("being dealt at least one matador for spades", p_some_matador(Suit.SPADES)),
        ("being dealt three or more kings", p_holds_at_least(3, 4)),
        ("being dealt five or more trumps of hearts", p_holds_at_least(5, 12)),
        ("being dealt all three matadors for spades", p_all_matadors(Suit.SPADES)),
    ]
    a, b = rng.sample(events, 2)
    hi, lo = (a, b) if a[1] > b[1] else (b, a)
    fb = (
        f"{capitalise(hi[0])}: {hi[1].numerator}/{hi[1].denominator} = {float(hi[1]):.4f}; "
        f"{lo[0]}: {lo[1].numerator}/{lo[1].denominator} = {float(lo[1]):.4f}."
    )
    wrong = (
        f"{capitalise(lo[0])} has the chance {lo[1].numerator}/{lo[1].denominator} = {float(lo[1]):.4f}. "
        "Count the other chance the same way and compare the two."
    )
    choices = (Choice(capitalise(hi[0]), True, fb), Choice(capitalise(lo[0]), False, wrong))
    return _ex(
        "probability.compare",
        seed,
        prompt=f"Which is more likely: {a[0]}, or {b[0]}?",
        choices=_shuffled(rng, choices),
        solution=f"{capitalise(hi[0])}. {fb} (Exact counts over the C(40, 9) hands.)",
        hint="Estimate each: how many cards are involved, and how many must you get?",
        source=_PROB_SRC,
    )
