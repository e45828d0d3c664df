"""The exercise sets of the book: every topic's set and generators, collected in the book's order,
and the lookups on them (:func:`generate`, :func:`exercise_set`, :func:`find`, :func:`check`).

The order of :data:`TOPICS` is the order of the sets, of their ids and of :data:`GENERATORS`;
to add a topic, write its module under :mod:`ombre.teaching.topics` and add it here.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction

from ombre.teaching.answers import ExerciseError
from ombre.teaching.generators import Generator, Topic
from ombre.teaching.model import Exercise, ExerciseSet, Feedback, SetPlan, SetSpec
from ombre.teaching.topics import advice, matadors, order, pope, probability, results, tenaces, tricks

__all__ = [
    "TOPICS",
    "GENERATORS",
    "SET_SPECS",
    "SET_PLANS",
    "generate",
    "set_plan",
    "exercise_set",
    "all_sets",
    "find",
    "check",
    "versions",
    "VERSION_SEEDS",
    "SET_REDRAWS",
]

#: How many seeds :func:`versions` deals to count a kind's different questions.
VERSION_SEEDS = 200
#: How many further seeds :func:`exercise_set` tries for a question not already in the set.
SET_REDRAWS = 60
_REDRAW_STEP = 7919

#: The topics in the book's order, which fixes the order of the sets and of the kinds.
TOPICS: tuple[Topic, ...] = (
    order.TOPIC,
    matadors.TOPIC,
    tricks.TOPIC,
    results.TOPIC,
    pope.TOPIC,
    advice.TOPIC,
    tenaces.TOPIC,
    probability.TOPIC,
)

#: Every kind of exercise and its generator, topic by topic.
GENERATORS: dict[str, Generator] = {kind: fn for t in TOPICS for kind, fn in t.generators.items()}
#: The sets of the book, one for each topic.
SET_SPECS: tuple[SetSpec, ...] = tuple(t.spec for t in TOPICS)
#: The teaching plan of each set of :data:`SET_SPECS`, in the same order.
SET_PLANS: tuple[SetPlan, ...] = tuple(t.plan for t in TOPICS)

_SPEC_BY_KEY = {s.key: s for s in SET_SPECS}
_PLAN_BY_KEY = {p.key: p for p in SET_PLANS}


def _check_topics() -> None:
    """Each kind has one generator, each set one key, and a set asks only its own topic's kinds."""
    if sum(len(t.generators) for t in TOPICS) != len(GENERATORS) or len(_SPEC_BY_KEY) != len(TOPICS):
        raise ExerciseError("two topics declare the same kind of exercise or the same set")
    for t in TOPICS:
        if len(t.plan.points) != len(t.spec.items) or min(t.plan.points, default=0) < 1:
            raise ExerciseError(
                f"the set {t.spec.key!r} needs one whole number of points (1 or more) a question"
            )
        if not t.plan.objectives:
            raise ExerciseError(f"the set {t.spec.key!r} has no learning objectives")
        unknown = {kind for kind, _ in t.spec.items} - set(t.generators)
        if unknown:
            raise ExerciseError(
                f"the set {t.spec.key!r} asks kinds it has no generator for: {sorted(unknown)}"
            )


_check_topics()


def generate(kind: str, seed: int = 0) -> Exercise:
    """A fresh exercise of ``kind``; the same seed gives the same exercise.

    >>> generate("tricks.winner", seed=5) == generate("tricks.winner", seed=5)
    True
    >>> generate("nonsense")
    Traceback (most recent call last):
    ...
    ombre.teaching.answers.ExerciseError: unknown kind of exercise 'nonsense'; known kinds: order.count, ...
    """
    fn = GENERATORS.get(kind)
    if fn is None:
        known = ", ".join(GENERATORS)
        raise ExerciseError(f"unknown kind of exercise {kind!r}; known kinds: {known}")
    return fn(random.Random(f"{kind}:{seed}"), seed)


def set_plan(key: str) -> SetPlan:
    """The teaching plan of the set called ``key``.

    >>> p = set_plan("results")
    >>> p.minutes, p.rules
    (30, ('1665', 'court-gamester'))
    >>> set_plan("order").rules
    ()
    """
    plan = _PLAN_BY_KEY.get(key)
    if plan is None:
        raise ExerciseError(f"unknown exercise set {key!r}; sets: {', '.join(_PLAN_BY_KEY)}")
    return plan


def _fresh(kind: str, seed: int, asked: set[tuple[object, ...]]) -> Exercise:
    """The exercise of ``kind`` for ``seed``, or, if the set has asked that question already, the first of
    the next :data:`SET_REDRAWS` seeds (a step of 7919 apart) that asks another; a kind with fewer versions
    than the set asks of it repeats one."""
    ex = generate(kind, seed)
    for k in range(1, SET_REDRAWS + 1):
        if ex.question_key not in asked:
            return ex
        ex = generate(kind, seed + _REDRAW_STEP * k)
    return generate(kind, seed)


def versions(kind: str, seeds: int = VERSION_SEEDS) -> int:
    """How many different questions ``kind`` asks over the seeds ``0`` to ``seeds - 1``.

    >>> versions("probability.hands"), versions("order.count"), versions("tricks.winner", 50)
    (1, 4, 50)
    """
    return len({generate(kind, s).question_key for s in range(seeds)})


def exercise_set(key: str, seed: int = 0) -> ExerciseSet:
    """The set called ``key``; ``seed`` 0 is the book's version, other seeds give fresh questions.

    Within a set no question is asked twice (drawn without replacement), as far as the kind has
    versions enough: a repeat is dealt again from a further seed, and the exercise keeps the seed
    that dealt it.

    >>> s = exercise_set("order")
    >>> s.title, len(s), s.exercises[0].id
    ('The order of the cards', 5, 'order-1')
    >>> exercise_set("order", seed=1).exercises[1].prompt != s.exercises[1].prompt
    True
    """
    spec = _SPEC_BY_KEY.get(key)
    if spec is None:
        raise ExerciseError(f"unknown exercise set {key!r}; sets: {', '.join(_SPEC_BY_KEY)}")
    out: list[Exercise] = []
    for i, (kind, base) in enumerate(spec.items):
        ex = _fresh(kind, base + 1000 * seed, {e.question_key for e in out})
        out.append(replace(ex, id=f"{key}-{i + 1}" if seed == 0 else f"{key}-{i + 1}s{seed}"))
    return ExerciseSet(spec.key, spec.title, spec.intro, tuple(out), spec.notes, seed)


def all_sets(seed: int = 0) -> list[ExerciseSet]:
    """Every set of the book, in order."""
    return [exercise_set(s.key, seed) for s in SET_SPECS]


def find(exercise_id: str) -> Exercise:
    """The exercise with this id (``order-1``, or ``order-2s7`` for seed 7).

    >>> find("pope-2").quote[0][0]
    49
    """
    m = re.fullmatch(r"([a-z]+)-(\d+)(?:s(\d+))?", exercise_id.strip())
    if not m:
        raise ExerciseError(f"{exercise_id!r} is not an exercise id (like order-1)")
    key, n, seed = m.group(1), int(m.group(2)), int(m.group(3) or 0)
    s = exercise_set(key, seed)
    if not 1 <= n <= len(s):
        raise ExerciseError(f"set {key!r} has exercises 1 to {len(s)}, not {n}")
    return s.exercises[n - 1]


def check(exercise_id: str, response: str | int | float | Fraction) -> Feedback:
    """Check an answer to the exercise with this id (for notebooks without widgets).

    >>> check("order-1", 12).correct
    True
    """
    return find(exercise_id).check(response)
