"""Exercises on who wins a trick: the highest trump, or else the highest card of the suit led."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ombre.engine.cards import DECK, SUITS, Card, Suit
from ombre.engine.rules import card_order, effective_suit, is_trump, legal_plays, trick_winner, why_illegal
from ombre.teaching.answers import ExerciseError
from ombre.teaching.generators import SEATS, Topic, _ex, _name, _shuffled, _t
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec
from ombre.words import capitalise

__all__ = ["TOPIC"]

#: This topic's set, its teaching plan and its generators, registered below.
TOPIC = Topic(
    SetSpec(
        "tricks",
        "Who wins the trick",
        "A trick goes to the highest trump in it, or, if there is none, to the highest card of the suit led.",
        (
            ("tricks.winner", 1),
            ("tricks.winner", 2),
            ("tricks.winner", 7),
            ("tricks.take", 3),
            ("tricks.take", 6),
        ),
        "Most mistakes come from a high card of a suit that was not led. The play-against-the-computer "
        "notebook "
        "lets students test their answers in real hands.",
    ),
    SetPlan(
        "tricks",
        20,
        (),
        "a pack of cards, to lay out the tricks of the questions",
        objectives=(
            "find the winner of a trick of three cards, with and without trumps",
            "choose the card that takes a trick from those that may be played",
        ),
        points=(1, 1, 1, 2, 2),
    ),
)


def _plausible_trick(rng: random.Random, trump: Suit) -> list[Card]:
    """Three cards as they might fall: followers follow suit more often than not."""
    lead = rng.choice(list(DECK))
    led_suit = effective_suit(lead, trump)
    cards = [lead]
    for _ in range(2):
        same = [c for c in card_order(led_suit, trump) if c not in cards]
        pool = same if same and rng.random() < 0.6 else [c for c in DECK if c not in cards]
        cards.append(rng.choice(pool))
    return cards


def _why_wins(cards: Sequence[Card], trump: Suit) -> str:
    w = cards[trick_winner(cards, trump)]
    led_suit = effective_suit(cards[0], trump)
    trumps_in = [c for c in cards if is_trump(c, trump)]
    if is_trump(w, trump):
        if led_suit is trump:
            return f"Trumps were led and {_name(w, trump)} is the highest trump played."
        if len(trumps_in) == 1:
            return (
                f"{led_suit.plural.title()} were led; {_name(w, trump)} is the only trump played, so it wins."
            )
        return f"{led_suit.plural.title()} were led; {_name(w, trump)} is the highest of the trumps played."
    return (
        f"No trump was played, so the highest {led_suit.singular} wins: {_name(w, trump)}. "
        f"Plain {led_suit.plural} from the top: {_t(card_order(led_suit, trump))}."
    )


def _why_loses(card: Card, cards: Sequence[Card], trump: Suit) -> str:
    """Why ``card`` does not win the trick ``cards``, without naming the card that does.

    Wrong-answer feedback uses this, so that it explains the mistake but
    leaves the right answer to the reader (or to the solution).
    """
    led_suit = effective_suit(cards[0], trump)
    if is_trump(card, trump):
        return (
            f"{card.symbol} is a trump, but a higher trump was played to this trick; "
            "compare them in the order of the trumps."
        )
    if effective_suit(card, trump) is not led_suit:
        return (
            f"{card.symbol} is neither a trump nor a card of the suit led, so it cannot win, "
            "however high it is."
        )
    if any(is_trump(c, trump) for c in cards):
        return (
            f"{card.symbol} is a plain {led_suit.singular}, and a trump was played to this trick: "
            "any trump beats every plain card."
        )
    return (
        f"{card.symbol} is beaten by a higher {led_suit.singular}; "
        f"compare the {led_suit.plural} played in the order of plain {led_suit.plural}."
    )


@TOPIC.generator("tricks.winner")
def _tricks_winner(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    cards = _plausible_trick(rng, trump)
    leader = rng.randrange(3)
    seats = [(leader + i) % 3 for i in range(3)]
    win = trick_winner(cards, trump)
    why = _why_wins(cards, trump)
    choices = []
    for i, (seat, c) in enumerate(zip(seats, cards, strict=True)):
        fb = why if i == win else _why_loses(c, cards, trump)
        choices.append(Choice(f"{SEATS[seat]} ({c.symbol})", i == win, fb))
    played = "; ".join(f"{SEATS[s]} {c.symbol}" for s, c in zip(seats, cards, strict=True))
    return _ex(
        "tricks.winner",
        seed,
        prompt=f"{trump.plural.title()} are trumps. {capitalise(SEATS[leader])} leads. "
        f"The cards fall: {played}. "
        "Who wins the trick?",
        choices=tuple(choices),
        solution=f"{capitalise(SEATS[seats[win]])}. {why}",
        hint="A trump beats every plain card; otherwise only a card of the suit led can win.",
        source='1665, "The End of the Game" ("as at Beast"); Morley',
        cards=tuple(cards),
        trump=trump,
    )


@TOPIC.generator("tricks.take")
def _tricks_take(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    for _ in range(1000):
        cards = rng.sample(list(DECK), 7)
        trick, hand = cards[:2], cards[2:]
        legal = legal_plays(hand, trick, trump)
        if why_illegal(trick, trick[:1], trick[1], trump) is not None:
            continue
        winners = [c for c in legal if trick_winner(trick + [c], trump) == 2]
        if len(winners) == 1 and len(legal) >= 2:
            break
    else:  # pragma: no cover
        raise ExerciseError("no situation found")
    right = winners[0]
    choices = []
    for c in legal[:4] if right in legal[:4] else [right] + legal[:3]:
        if c == right:
            fb = f"{c.symbol} takes the trick. " + _why_wins(trick + [c], trump)
        else:
            w = trick[trick_winner(trick + [c], trump)]
            fb = f"With {c.symbol} the trick goes to {w.symbol}. " + _why_loses(c, trick + [c], trump)
        choices.append(Choice(c.symbol, c == right, fb))
    return _ex(
        "tricks.take",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. You play last to the trick {_t(trick)}. "
            f"Your hand: {_t(hand)}. Which card takes the trick?"
        ),
        choices=_shuffled(rng, choices),
        solution=f"{right.symbol}. " + _why_wins(trick + [right], trump),
        hint="First find which card is winning so far; then which of your cards may beat it.",
        source='1665, "The End of the Game"; "Of playing Trumps"',
        cards=tuple(trick),
        trump=trump,
    )
