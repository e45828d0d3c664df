"""What a topic module writes its exercises with: :class:`Topic`, through which it declares its set
and registers its generators, and the helpers the generators share (cards in words, the sources
cited, ``_ex`` to make an exercise).

The underscored helpers are private to :mod:`ombre.teaching`: the topic modules use them, nothing
outside the package should.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from ombre.engine.cards import Card, Suit
from ombre.teaching.answers import ExerciseError
from ombre.teaching.model import Choice, Exercise, SetPlan, SetSpec

__all__ = ["SEATS", "Generator", "Topic"]

#: Names for the three seats in the exercises, after Pope: Belinda and the two knights.
SEATS: tuple[str, str, str] = ("Belinda", "the Baron", "the Knight")


#: A generator: the seeded random source and the seed, to one exercise.
Generator = Callable[[random.Random, int], Exercise]


class Topic:
    """One topic of the exercises: its set of the book (what it asks, how to teach it) and its generators.

    A topic module declares its set once, the :class:`SetSpec` and its :class:`SetPlan` together,
    and registers each generator with :meth:`generator`; :mod:`ombre.teaching.sets` collects the
    topics in the book's order.

    >>> t = Topic(SetSpec("dice", "Dice", "", (("dice.roll", 0),)), SetPlan("dice", 10, (), "two dice"))
    >>> @t.generator("dice.roll")
    ... def _roll(rng: random.Random, seed: int) -> Exercise:
    ...     return _ex("dice.roll", seed, prompt="How many sides?", solution="6.", number=Fraction(6))
    >>> list(t.generators), t.generators["dice.roll"](random.Random(0), 0).id
    (['dice.roll'], 'dice.roll#0')
    """

    def __init__(self, spec: SetSpec, plan: SetPlan) -> None:
        if plan.key != spec.key:
            raise ExerciseError(f"the plan {plan.key!r} is not for the set {spec.key!r}")
        self.spec = spec
        self.plan = plan
        #: The kinds of exercise of this topic and their generators, in the order registered.
        self.generators: dict[str, Generator] = {}

    def generator(self, kind: str) -> Callable[[Generator], Generator]:
        """A decorator that registers the function as the generator of ``kind`` (``"<set key>.<name>"``)."""
        if not kind.startswith(f"{self.spec.key}.") or kind in self.generators:
            raise ExerciseError(f"{kind!r} is not a new kind of the topic {self.spec.key!r}")

        def deco(fn: Generator) -> Generator:
            self.generators[kind] = fn
            return fn

        return deco


def _t(cards: Iterable[Card]) -> str:
    """Cards in compact symbol form: ``A♠ 2♠ K♥``."""
    return " ".join(c.symbol for c in cards)


def _name(card: Card, trump: Suit | None) -> str:
    """A card's spoken name with its symbol: ``Manille (2♠)``, ``the King of Hearts (K♥)``."""
    title = card.title(trump)
    return f"{title} ({card.symbol})" if title else f"the {card.name} ({card.symbol})"


def _shuffled(rng: random.Random, choices: Sequence[Choice]) -> tuple[Choice, ...]:
    out = list(choices)
    rng.shuffle(out)
    return tuple(out)


_ORDER_SRC = '1665, "Of the names of the Cards, and order in ranking them"'
_MATADOR_SRC = '1665, "Of playing Trumps" and "Of the Matadors"'
_END_SRC = '1665, "The End of the Game", "Of the Codillio", "Of the Repuesto"'


def _distinct(*pairs: tuple[Fraction, str]) -> tuple[tuple[Fraction, str], ...]:
    """Common mistakes without repeated values (the first word on a value wins)."""
    out: dict[Fraction, str] = {}
    for v, why in pairs:
        out.setdefault(v, why)
    return tuple(out.items())


def _ex(kind: str, seed: int, **kw: object) -> Exercise:
    """An exercise with its id; common mistakes that equal the answer (or repeat) are left out."""
    number = kw.get("number")
    mistakes = kw.get("mistakes")
    if isinstance(mistakes, tuple):
        kw["mistakes"] = _distinct(*(m for m in mistakes if m[0] != number))
    return Exercise(id=f"{kind}#{seed}", kind=kind, seed=seed, **kw)  # type: ignore[arg-type]
