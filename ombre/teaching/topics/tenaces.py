"""Exercises on tenaces and counting trumps, and on how the defenders share the tricks."""

from __future__ import annotations

import random
from fractions import Fraction

from ombre.engine.cards import DECK, SUITS, Card, Suit
from ombre.engine.players import strength
from ombre.engine.rules import Result, is_trump, result_of, trump_order
from ombre.engine.solver import Position, solve
from ombre.teaching.generators import Topic, _ex, _t
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec
from ombre.teaching.topics.results import _RESULT_WORDS

__all__ = ["TOPIC"]

_TENACE_SRC = '1665, "General Rules", "Of the Tenaces" and "Of the Players playing his game"'

#: This topic's set, its teaching plan and its generators, registered below.
TOPIC = Topic(
    SetSpec(
        "tenaces",
        "Tenaces and counting trumps",
        "Count the trumps; keep a tenace for the opponent to lead into; and, as a defender, share the tricks "
        "so as not to hand the Ombre a 4-3-2.",
        (
            ("tenaces.count", 0),
            ("tenaces.draw", 1),
            ("tenaces.lead", 0),
            ("tenaces.lead", 1),
            ("tenaces.split", 0),
        ),
        "The tenace answers are computed by the double-dummy solver. Have students play the two-card ending "
        "both ways with cards on the desk.",
    ),
    SetPlan(
        "tenaces",
        30,
        (),
        "a pack of cards, to play the two-card endings both ways",
        objectives=(
            "recognise a tenace and count the tricks it takes with each player to lead",
            "explain why the lead matters in a two-card ending",
        ),
        points=(2, 2, 2, 2, 1),
    ),
)


@TOPIC.generator("tenaces.count")
def _tenaces_count(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    trumps = list(trump_order(trump))
    mine = rng.sample(trumps, rng.randint(2, 5))
    fallen = rng.sample([c for c in trumps if c not in mine], rng.randint(2, 5))
    out = len(trumps) - len(mine) - len(fallen)
    return _ex(
        "tenaces.count",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. You hold the trumps "
            f"{_t(sorted(mine, key=lambda c: -strength(c, trump)))}, "
            f"and these trumps have been played: {_t(sorted(fallen, key=lambda c: -strength(c, trump)))}. "
            "How many "
            "trumps have you not yet seen (in the other hands or out of play)?"
        ),
        number=Fraction(out),
        solution=(
            f"{out}: {trump.plural} have {len(trumps)} trumps; {len(trumps)} - {len(mine)} held - "
            f'{len(fallen)} played = {out}. 1665: "it importing so much that the player counts the Trumps, '
            "as the miscounting only one, do's often lose the Game\"."
        ),
        hint=f"Start from the number of trumps in {trump.plural}: black suits have 11, red 12.",
        mistakes=(
            (
                # the other colour's total: 11 for a red suit (one too few), 12 for a black one
                Fraction(out - 1 if trump.is_red else out + 1),
                "Check the total: 11 trumps in a black suit, 12 in a red one.",
            ),
        ),
        source=_TENACE_SRC,
        trump=trump,
    )


@TOPIC.generator("tenaces.draw")
def _tenaces_draw(rng: random.Random, seed: int) -> Exercise:
    trump = SUITS[seed % 4] if seed < 4 else rng.choice(SUITS)
    trumps = list(trump_order(trump))
    rounds = 3
    extra = rng.randint(1, 2 if trump.is_black else 3)
    held = 3 + extra
    left = len(trumps) - held - 2 * rounds
    return _ex(
        "tenaces.draw",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. You hold the three matadors and {extra} other trump"
            f"{'s' if extra > 1 else ''}, and lead your matadors one after another. Both opponents follow "
            "with a trump each time. How many trumps can still be against you?"
        ),
        number=Fraction(max(left, 0)),
        solution=(
            f"{max(left, 0)}: {len(trumps)} trumps - {held} of yours - {2 * rounds} that fell = {left}. "
            '1665: "if you have three Matadors with two other Trumps your best way is first to play you '
            "[your] Matadors, to see how the Trump lie, and if both follow, you are sure that if three [the] "
            'Trump be Red, there remains onely one Trump in their hands; if Black, none at all".'
        ),
        hint="Count: the suit's trumps, less yours, less two for every round both followed.",
        mistakes=(
            (
                Fraction(max(left + (1 if trump.is_black else -1), 0)),
                "Check the total: 11 trumps in a black suit, 12 in a red one.",
            ),
            (
                Fraction(left + extra),
                f"Your {extra} other trump{'s' if extra > 1 else ''} are not against you.",
            ),
            (Fraction(left + rounds), "Both opponents followed each time: two trumps fell in every round."),
        ),
        source=_TENACE_SRC,
        trump=trump,
    )


def _tenace_position(
    rng: random.Random,
) -> tuple[Suit, tuple[Card, Card], tuple[Card, Card], tuple[Card, Card]]:

    trump = rng.choice(SUITS)
    order = list(trump_order(trump))
    i = rng.randrange(0, 4)
    mine = (order[i], order[i + 2])
    his = (order[i + 1], rng.choice(order[i + 3 :]))
    plains = [c for c in DECK if not is_trump(c, trump)]
    third = tuple(rng.sample(plains, 2))
    return trump, mine, his, (third[0], third[1])


@TOPIC.generator("tenaces.lead")
def _tenaces_lead(rng: random.Random, seed: int) -> Exercise:
    trump, mine, his, third = _tenace_position(rng)
    me, opp = 0, 1
    hands = [list(mine), list(his), list(third)]
    you_lead = solve(Position.from_hands(hands, trump=trump, ombre=me, leader=me))
    he_leads = solve(Position.from_hands(hands, trump=trump, ombre=me, leader=opp))
    ask_you = seed % 2 == 0
    n = you_lead if ask_you else he_leads
    who = "you lead" if ask_you else "he leads (and the third player, who has no trump, plays before you)"
    swapped = (
        "That is what you win if he leads: here you lead, and he plays after you."
        if ask_you
        else "That is what you win if you lead: here he leads, and you play after him."
    )
    return _ex(
        "tenaces.lead",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps and two tricks are left. You hold {_t(mine)}; the player on "
            f"your right holds {_t(his)}; the third player holds only plain cards ({_t(third)}). If {who}, "
            "how many of the two tricks do you win with best play?"
        ),
        number=Fraction(n),
        solution=(
            f"{n}. If you lead you win {you_lead}, if he leads you win {he_leads}: "
            f'{_t(mine)} is a tenace over his {his[0].symbol}, "two Cards, which if you have the leading, '
            'you are sure to lose one of them. If the player lead to you, you are sure to win them both" '
            "(1665). (Computed by the double-dummy solver.)"
        ),
        hint="Who plays last to the trick can wait to see the other's card.",
        mistakes=((Fraction(he_leads if ask_you else you_lead), swapped),),
        source=_TENACE_SRC,
        cards=tuple(mine) + tuple(his),
        trump=trump,
    )


@TOPIC.generator("tenaces.split")
def _tenaces_split(rng: random.Random, seed: int) -> Exercise:
    cases = [(4, 3, 1), (4, 1, 3), (3, 3, 2), (3, 2, 3), (4, 2, 2), (3, 4, 1)]
    o, a, b = cases[seed % len(cases)] if seed < 12 else rng.choice(cases)
    res_a = result_of((o, a + 1, b), 0)
    res_b = result_of((o, a, b + 1), 0)
    rank = {Result.VOLE: 0, Result.WIN: 1, Result.REPUESTO: 2, Result.CODILLE: 3}
    if rank[res_a] == rank[res_b]:
        right = "either"
    else:
        right = "baron" if rank[res_a] > rank[res_b] else "knight"
    text = {
        "baron": f"The Baron (now on {a})",
        "knight": f"The Knight (now on {b})",
        "either": "It makes no difference",
    }
    fbs = {
        "baron": f"If the Baron takes it: {o}-{a + 1}-{b}, {_RESULT_WORDS[res_a]}.",
        "knight": f"If the Knight takes it: {o}-{a}-{b + 1}, {_RESULT_WORDS[res_b]}.",
    }
    both = f"{fbs['baron']} {fbs['knight']}"
    wrong = {
        "baron": f"{fbs['baron']} Now work out what happens if the Knight takes it, and compare.",
        "knight": f"{fbs['knight']} Now work out what happens if the Baron takes it, and compare.",
        "either": "It does make a difference: the two ways of sharing the last trick end the hand "
        "differently. Work out the result of each.",
    }
    choices = tuple(
        Choice(text[k], k == right, both if k == right else wrong[k]) for k in ("baron", "knight", "either")
    )
    return _ex(
        "tenaces.split",
        seed,
        prompt=(
            f"Belinda, the Ombre, has {o} tricks, the Baron {a}, the Knight {b}. The last trick will go "
            "to one "
            "of the two defenders. Which of them should take it, for the defence's sake?"
        ),
        choices=choices,
        solution=(
            f'{text[right]}. {both} 1665: the defenders are "never to win more then one trick, if they '
            "cannot win more then two because of the advantage they give the Player by it in dividing the "
            'tricks", and they strive to make it Repuesto or Codillio.'
        ),
        hint="The Ombre wins with four only if the other five are split 3-2.",
        source=_TENACE_SRC,
    )
