"""Exercises on the matadors and following suit: which card is Manille, what may be played, the
matadors' privilege.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ombre.engine.cards import DECK, SUITS, Card, Suit
from ombre.engine.players import strength
from ombre.engine.rules import (
    explain_play,
    is_trump,
    legal_plays,
    manille,
    matadors,
    trump_order,
    why_illegal,
)
from ombre.teaching.answers import ExerciseError
from ombre.teaching.generators import _MATADOR_SRC, _ORDER_SRC, Topic, _ex, _name, _t
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec
from ombre.words import capitalise

__all__ = ["TOPIC"]

#: This topic's set, its teaching plan and its generators, registered below.
TOPIC = Topic(
    SetSpec(
        "matadors",
        "Matadors and following suit",
        "Spadille, Manille and Basto are the matadors. A player must follow suit, and trumps must answer "
        "trumps, except that a matador need not be played to a lower trump.",
        (
            ("matadors.manille", 0),
            ("matadors.legal", 1),
            ("matadors.legal", 2),
            ("matadors.privilege", 3),
            ("matadors.count-legal", 4),
        ),
        "The privilege is the rule most readers of Pope have never met. Have the class find the sentence "
        "in the "
        '1665 text ("none but commanding Cards can force them out of your hands") before answering.',
    ),
    SetPlan(
        "matadors",
        20,
        (),
        "the rules page on following suit and the privilege of the matadors",
        objectives=(
            "say which cards are matadors for a given trump",
            "decide whether a card may be played, following suit or renouncing by a matador's privilege",
            "count the legal plays from a hand",
        ),
        points=(1, 1, 1, 1, 2),
    ),
)


def _verdict(explanation: str) -> str:
    """``"legal: follows hearts"`` -> ``"It may: follows hearts."`` (and ``It may not`` for illegal)."""
    if explanation.startswith("illegal: "):
        return "It may not: " + explanation.removeprefix("illegal: ") + "."
    return "It may: " + explanation.removeprefix("legal: ") + "."


@TOPIC.generator("matadors.manille")
def _matadors_manille(rng: random.Random, seed: int) -> Exercise:
    trump = SUITS[(seed + 1) % 4] if seed < 4 else rng.choice(SUITS)
    right = manille(trump)
    choices = []
    for s in SUITS:
        c = manille(s)
        if c == right:
            fb = (
                f"{c.symbol} is Manille: the {'two' if trump.is_black else 'seven'} of a "
                f"{'black' if trump.is_black else 'red'} trump suit is the second trump."
            )
        else:
            fb = f"{c.symbol} is Manille only when {s.plural} are trumps; now it is an ordinary card."
        choices.append(Choice(c.symbol, c == right, fb))
    return _ex(
        "matadors.manille",
        seed,
        prompt=f"{trump.plural.title()} are trumps. Which card is Manille, the second matador?",
        choices=tuple(choices),
        solution=(
            f'{right.symbol}. 1665 lists the second trump as "The Mallilio, or black Deuces of either suit" '
            'in black and "The Mallilio, or Sevens of either Suit" in red: the lowest card of the suit '
            "becomes the second trump."
        ),
        hint="Black suits: the two. Red suits: the seven.",
        source=_ORDER_SRC,
        trump=trump,
    )


def _legal_situation(rng: random.Random, trump: Suit, trump_lead: bool) -> tuple[list[Card], list[Card]]:
    """A hand of five and a trick of one or two cards where some of the hand may not be played."""
    for _ in range(1000):
        cards = rng.sample(list(DECK), 7)
        lead_count = rng.choice((1, 2))
        trick, hand = cards[:lead_count], cards[lead_count:]
        led_is_trump = is_trump(trick[0], trump)
        if led_is_trump != trump_lead:
            continue
        legal = legal_plays(hand, trick, trump)
        if 1 <= len(legal) < len(hand):
            return hand, trick
    raise ExerciseError("no situation found")  # pragma: no cover


@TOPIC.generator("matadors.legal")
def _matadors_legal(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand, trick = _legal_situation(rng, trump, trump_lead=seed % 2 == 1)
    legal = legal_plays(hand, trick, trump)
    right = rng.choice(legal)
    wrong = [c for c in hand if c not in legal]
    shown = [right] + rng.sample(wrong, min(3, len(wrong)))
    rng.shuffle(shown)
    choices = tuple(
        Choice(c.symbol, c == right, _verdict(explain_play(hand, trick, c, trump))) for c in shown
    )
    led = trick[0]
    return _ex(
        "matadors.legal",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. The trick so far: {_t(trick)} ({led.symbol} led). "
            f"Your hand: {_t(hand)}. Which of these cards may you play: {_t(shown)}?"
        ),
        choices=choices,
        solution=(
            f"{right.symbol}. The cards you may play: {_t(legal)}. "
            + capitalise(explain_play(hand, trick, right, trump).removeprefix("legal: "))
            + "."
        ),
        hint="Follow the suit led if you can; when trumps are led, remember the matadors' privilege.",
        source=_MATADOR_SRC,
        cards=tuple(trick),
        trump=trump,
    )


@TOPIC.generator("matadors.privilege")
def _matadors_privilege(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    mats = list(matadors(trump))
    trumps = trump_order(trump)
    held = rng.choice(mats)
    others_t = [c for c in trumps if c not in mats]
    # the lead: a lower trump, or a higher matador
    higher = [m for m in mats if strength(m, trump) > strength(held, trump)]
    led = rng.choice(higher) if higher and rng.random() < 0.4 else rng.choice(others_t)
    guard = rng.random() < 0.3
    plains = [c for c in DECK if not is_trump(c, trump)]
    hand = [held] + rng.sample(plains, 3)
    if guard:
        hand.append(rng.choice([c for c in others_t if c != led]))
    rng.shuffle(hand)
    plain = next(c for c in hand if not is_trump(c, trump))
    allowed = why_illegal(hand, [led], plain, trump) is None
    verdict = explain_play(hand, [led], plain, trump)
    # A wrong answer gets the rule that decides it, without the verdict the right answer gives.
    reason = f"Look again at the rule that decides it: {verdict.split(': ', 1)[1]}."
    choices = tuple(
        Choice(text, ok, _verdict(verdict) if ok else reason)
        for text, ok in (("Yes", allowed), ("No", not allowed))
    )
    return _ex(
        "matadors.privilege",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps and {_name(led, trump)} is led. "
            f"Your hand: {_t(hand)}. May you play {plain.symbol}?"
        ),
        choices=choices,
        solution=("Yes. " if allowed else "No. ")
        + capitalise(verdict.split(": ", 1)[1])
        + '. 1665: "none but commanding Cards can force them out of your hands; as for example, the '
        "Spadillio forces the Mallilio, and the Mallilio the Basto; for all the rest you are to follow "
        'Trump".',
        hint=(
            "A matador need not be played to a lower trump; a higher matador forces it only if it is "
            "unguarded."
        ),
        source=_MATADOR_SRC,
        cards=(led,),
        trump=trump,
    )


@TOPIC.generator("matadors.count-legal")
def _matadors_count_legal(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand, trick = _legal_situation(rng, trump, trump_lead=seed % 2 == 0)
    legal = legal_plays(hand, trick, trump)
    return _ex(
        "matadors.count-legal",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. The trick so far: {_t(trick)}. "
            f"Your hand: {_t(hand)}. How many of your cards may you play?"
        ),
        number=Fraction(len(legal)),
        solution=f"{len(legal)}: {_t(legal)}. The rest may not be played: "
        + str(why_illegal(hand, trick, next(c for c in hand if c not in legal), trump))
        + ".",
        hint="Which suit does the first card count as? Spadille and Basto are trumps whatever their suit.",
        mistakes=((Fraction(len(hand)), "Not every card may be played: you must follow suit if you can."),),
        source=_MATADOR_SRC,
        cards=tuple(trick),
        trump=trump,
    )
