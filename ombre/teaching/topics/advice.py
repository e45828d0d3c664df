"""Exercises on choosing trumps and the exchange by the 1665 advice: sure tricks, play or pass, which
suit, what to throw out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from ombre.engine.cards import BASTO, DECK, SPADILLE, SUITS, Card, Suit
from ombre.engine.players import (
    Reckoning,
    advised_bid,
    advised_discards,
    reckon,
    strength,
    trump_candidates,
    trump_preference,
)
from ombre.engine.rules import is_trump, matadors, trump_order
from ombre.teaching.answers import ExerciseError
from ombre.teaching.generators import Topic, _ex, _shuffled, _t
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec
from ombre.words import capitalise, listed

__all__ = ["TOPIC"]

_ADVICE_SRC = '1665, "Of taking in" and "What Games are to be played"'

#: This topic's set, its teaching plan and its generators, registered below.
TOPIC = Topic(
    SetSpec(
        "advice",
        "Choosing trumps and the exchange",
        "The 1665 pamphlet gives rules of thumb: play only with three sure tricks, counting kings as good as "
        "trumps; prefer a black trump suit and one whose king you lack; throw out everything but trumps "
        "and kings.",
        (
            ("advice.sure-tricks", 0),
            ("advice.bid", 0),
            ("advice.bid", 1),
            ("advice.trump", 2),
            ("advice.black", 0),
        ),
        "The reckoning is the one the book's rule-of-thumb computer player uses, so students can watch it in "
        "play. It is a rule of thumb, not a proof: the computer players page measures it against a player "
        "that solves sampled deals.",
    ),
    SetPlan(
        "advice",
        25,
        (),
        "a pack of cards, to deal practice hands and reckon them",
        objectives=(
            "reckon a hand's sure tricks by the book's count of the 1665 advice",
            "decide whether to play or pass, and which suit to name, from that reckoning",
        ),
        points=(2, 1, 1, 1, 1),
    ),
)


#: The book's own count of sure tricks (:func:`ombre.engine.players.reckon`), named as such: the pamphlet
#: gives examples ("the three Matadors, or six or seven good Trumps"), not a count for each card.
_COUNTS = "each matador, each king of another suit, and one for every two other trumps"
_RULE_OF_THUMB = f"the book's rule of thumb, which counts {_COUNTS}"
_PAMPHLET_COUNT = (
    '1665 names "the three Matadors, or six or seven good Trumps without them" as three sure tricks, '
    'and counts kings "as good as Trumps"'
)


def _lone_matadors(r: Reckoning) -> str:
    """A sentence on each matador the rule of thumb counts although a higher matador is not held."""
    tops = matadors(r.trump)
    out = []
    for m in r.matadors:
        over = [c for c in tops[: tops.index(m)] if c not in r.matadors]
        if over:
            out.append(
                f"The rule of thumb counts {m.symbol} as a trick although {_t(over)}, which you do not "
                f"hold, can beat it."
            )
    return " ".join(out)


def _advice_hand(rng: random.Random, want: Callable[[list[Card]], bool]) -> list[Card]:
    for _ in range(5000):
        hand = rng.sample(list(DECK), 9)
        if want(hand):
            return hand
    raise ExerciseError("no hand found")  # pragma: no cover


@TOPIC.generator("advice.sure-tricks")
def _advice_sure(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand = _advice_hand(
        rng, lambda h: 2 <= reckon(h, trump).sure_tricks <= 5 and len(reckon(h, trump).other_trumps) >= 1
    )
    r = reckon(hand, trump)
    shown = sorted(hand, key=lambda c: -strength(c, trump))
    return _ex(
        "advice.sure-tricks",
        seed,
        prompt=(
            f"Your hand: {_t(shown)}. If you name {trump.plural}, how many sure tricks does the book's rule "
            f"of thumb give it? (The rule of thumb counts {_COUNTS}. That count is this book's, not the "
            f"pamphlet's: {_PAMPHLET_COUNT}.)"
        ),
        number=Fraction(r.sure_tricks),
        solution=" ".join(
            x for x in (f"{r.sure_tricks}. {capitalise(r.explain())}.", _lone_matadors(r)) if x
        ),
        hint='"the Kings of any Suit are alwayes accounted as good as Trumps" (1665).',
        mistakes=(
            (
                Fraction(len(r.matadors) + len(r.other_trumps) + len(r.kings)),
                "Not every trump is a sure trick: the rule of thumb counts the trumps below the matadors "
                'one for every two, as 1665 makes "six or seven good Trumps" three sure tricks.',
            ),
        ),
        source=_ADVICE_SRC,
        cards=tuple(shown),
        trump=trump,
    )


@TOPIC.generator("advice.bid")
def _advice_bid(rng: random.Random, seed: int) -> Exercise:
    want_play = seed % 2 == 0
    hand = _advice_hand(
        rng,
        lambda h: (advised_bid(h) == "play") == want_play and (2 <= trump_candidates(h)[0].sure_tricks <= 4),
    )
    best = trump_candidates(hand)[0]
    bid = advised_bid(hand)
    verdict = "Play" if bid == "play" else "Pass"
    why = " ".join(
        x for x in (f"The best trump is {best.trump.plural}: {best.explain()}.", _lone_matadors(best)) if x
    )
    choices = (
        Choice(
            "Play (be the Ombre)",
            bid == "play",
            why
            + (
                " That is three sure tricks at least."
                if bid == "play"
                else " That is fewer than three sure tricks: 1665 says never to play with less."
            ),
        ),
        Choice(
            "Pass",
            bid == "pass",
            why
            + (
                " With fewer than three sure tricks, pass."
                if bid == "pass"
                else " That makes three sure tricks or more, enough to play."
            ),
        ),
    )
    return _ex(
        "advice.bid",
        seed,
        prompt=(
            f"You are first to speak. Your hand: {_t(sorted(hand, key=lambda c: c.index))}. 1665 advises "
            'playing only with "three sure Tricks in his hand at least". Counting sure tricks by '
            f"{_RULE_OF_THUMB}, do you play or pass?"
        ),
        choices=choices,
        solution=f'{verdict}. {why} 1665: "One is never to play unless he have three sure Tricks in his hand '
        'at least".',
        hint="Reckon the hand by the rule of thumb for its best trump suit: matadors, kings, and half the "
        "other trumps.",
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: c.index)),
    )


@TOPIC.generator("advice.trump")
def _advice_trump(rng: random.Random, seed: int) -> Exercise:
    def clear_best(h: list[Card]) -> bool:
        c = trump_candidates(h)
        return (
            c[0].sure_tricks >= 3
            and c[0].sure_tricks - c[1].sure_tricks <= 1
            and trump_preference(c[0], h) < trump_preference(c[1], h)
        )

    hand = _advice_hand(rng, clear_best)
    cands = trump_candidates(hand)
    best = cands[0].trump
    top = trump_preference(cands[0], hand)
    reasons = (
        "fewer sure tricks.",
        "as many sure tricks, but fewer trumps.",
        'as many sure tricks and trumps, but a red suit, and 1665 prefers black "because there are '
        'fewer Trumps of it".',
        "as many sure tricks and trumps, but you hold its king, which would be a sure trick if another "
        "suit were trumps.",
    )
    # why each other suit comes after the best one: the first of the four preferences that decides
    deciding = {
        r.trump: next(i for i in range(4) if trump_preference(r, hand)[i] != top[i]) for r in cands[1:]
    }
    choices = []
    for r in cands:
        if r.trump is best:
            fb = f"Best: {r.explain()}."
        else:
            fb = f"{capitalise(r.explain())}; {reasons[deciding[r.trump]]}"
        choices.append(Choice(r.trump.plural.title(), r.trump is best, fb))
    why_not = []
    for i in sorted(set(deciding.values())):
        suits = [t.plural for t, k in deciding.items() if k == i]
        one = len(suits) == 1
        compared = (
            "fewer sure tricks",
            "as many sure tricks, but fewer trumps",
            f"as many sure tricks and trumps, but {'is' if one else 'are'} red, and 1665 prefers black "
            '"because there are fewer Trumps of it"',
            f"as many sure tricks and trumps, but you hold {'its' if one else 'their'} king, and 1665 would "
            'rather "choose that Suit of which you have not the King"',
        )
        named = listed(suits)
        why_not.append(f"{named} {'gives' if one else 'give'} {compared[i]}")
    verdict = capitalise("; ".join(why_not)) + "."
    choices.sort(key=lambda c: SUITS.index(Suit.parse(c.text)))
    return _ex(
        "advice.trump",
        seed,
        prompt=(
            f"Your hand: {_t(sorted(hand, key=lambda c: c.index))}. You will play. Counting sure tricks by "
            f"{_RULE_OF_THUMB}, which suit should you name trumps? (Between suits that count the same, "
            "the rule of thumb takes the one with more trumps, then the 1665 preferences: a black suit, "
            "then one whose king you do not hold.)"
        ),
        choices=tuple(choices),
        solution=f"{best.plural.title()}. {capitalise(cands[0].explain())}. {verdict}",
        hint="Reckon the hand four times, once for each trump suit.",
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: c.index)),
    )


@TOPIC.generator("advice.discard")
def _advice_discard(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand = _advice_hand(rng, lambda h: 2 <= len(advised_discards(h, trump)) <= 6)
    throw = advised_discards(hand, trump)
    kings = sum(1 for c in hand if c.rank == "K" and not is_trump(c, trump))
    mistakes = [(Fraction(len(throw) + kings), 'Keep the kings: 1665 counts them "as good as Trumps".')]
    # Spadille and Basto thrown out by a student who counts trumps by their suit alone
    aces = [
        f"{n} ({c.symbol})"
        for c, n in ((SPADILLE, "Spadille"), (BASTO, "Basto"))
        if c in hand and c.suit != trump
    ]
    if aces:
        are = (
            "are trumps whatever suit is named: keep them"
            if len(aces) > 1
            else "is a trump whatever suit is named: keep it"
        )
        mistakes.append((Fraction(len(throw) + len(aces)), f"{listed(aces)} {are}."))
    # nine cards: the cards kept are never as many as the cards thrown, so this is never the answer
    mistakes.append((Fraction(len(hand) - len(throw)), "That is how many cards you keep; how many go out?"))
    return _ex(
        "advice.discard",
        seed,
        prompt=(
            f"You are the Ombre with {trump.plural} trumps. Your hand: "
            f"{_t(sorted(hand, key=lambda c: -strength(c, trump)))}. Following the 1665 advice, how many "
            "cards do you throw out and take in from the stock?"
        ),
        number=Fraction(len(throw)),
        solution=(
            f'{len(throw)}: {_t(throw)}. Keep the trumps and the kings; "all other Cards but them and '
            'Trumps, are to be discarded" (1665).'
        ),
        hint="Which of your cards are neither trumps nor kings?",
        mistakes=tuple(mistakes),
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: -strength(c, trump))),
        trump=trump,
    )


@TOPIC.generator("advice.black")
def _advice_black(rng: random.Random, seed: int) -> Exercise:
    black = rng.choice([Suit.SPADES, Suit.CLUBS])
    red = rng.choice([Suit.HEARTS, Suit.DIAMONDS])
    smalls = {s: [c for c in trump_order(s)[6:] if c.suit is s] for s in (black, red)}
    hand = [SPADILLE, BASTO] + rng.sample(smalls[black], 2) + rng.sample(smalls[red], 2)
    other_black = Suit.CLUBS if black is Suit.SPADES else Suit.SPADES
    other_red = Suit.DIAMONDS if red is Suit.HEARTS else Suit.HEARTS
    hand += rng.sample([Card(r, other_black) for r in "34567JQ"], 1)
    hand += rng.sample([Card(r, other_red) for r in "23456JQ"], 2)
    ranked = trump_candidates(hand)
    cands = {r.trump: r for r in ranked}
    best = ranked[0].trump
    if best is not black:  # pragma: no cover - the hand is built so that it is
        raise ExerciseError(f"advice.black #{seed}: {best.plural} came out best, not {black.plural}")
    same = "The count is the same, so the pamphlet's next rule decides: which suit has fewer trumps?"

    def why_not(suit: Suit) -> str:
        r = cands[suit]
        level = same if r.sure_tricks == cands[black].sure_tricks else "Another suit counts more sure tricks."
        return f"By the book's rule of thumb, {r.explain()}. {level}"

    # every suit in which the hand holds four trumps: the other red suit's two cards make four as well
    choices = (
        Choice(
            black.plural.title(),
            True,
            f"By the book's rule of thumb, {cands[black].explain()}. As good as any red suit by the count, "
            "and black is preferred: "
            '"because there are fewer Trumps of it" (11 against 12), fewer are left against you.',
        ),
        Choice(red.plural.title(), False, why_not(red)),
        Choice(other_red.plural.title(), False, why_not(other_red)),
    )
    return _ex(
        "advice.black",
        seed,
        prompt=(
            f"Your hand: {_t(sorted(hand, key=lambda c: c.index))}. With both black aces you have four "
            f"trumps in {black.plural}, in {red.plural} or in {other_red.plural}. Which should you name?"
        ),
        choices=_shuffled(rng, choices),
        solution=(
            f'{best.plural.title()}. 1665, "Of taking in" 4: "First, the Black Suit is to be '
            "preferr'd before the Red, because there are fewer Trumps of it\"."
        ),
        hint="How many trumps does each suit have?",
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: c.index)),
    )
