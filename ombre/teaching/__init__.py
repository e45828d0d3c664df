"""Exercises for the classroom: seeded generators, answer checking, and feedback that explains why.

An :class:`Exercise` is a question with either choices (one of them right)
or a numeric answer, a worked solution, a hint, and the source of the rule
it practises.  Every answer and every explanation is computed by the engine
(:mod:`ombre.engine.rules`, :mod:`ombre.engine.payments`, :mod:`ombre.engine.players`,
:mod:`ombre.engine.solver`, :mod:`ombre.engine.probability`), never typed in by hand, so the
exercises cannot disagree with the rules the rest of the book uses.

Each *kind* of exercise has a generator: ``generate(kind, seed)`` gives a
fresh question for every seed, and the same question for the same seed.
The exercise *sets* of the book (:data:`SET_SPECS`, :func:`exercise_set`)
are fixed selections of kinds and seeds; :func:`exercise_set` with another
seed gives a fresh version of a whole set.

The package: :mod:`~ombre.teaching.model` (exercises, feedback, sets, plans),
:mod:`~ombre.teaching.answers` (reading a student's number), :mod:`~ombre.teaching.generators`
(what the generators share, and :class:`~ombre.teaching.generators.Topic`), one module per topic
under :mod:`ombre.teaching.topics`, each declaring its set and its generators,
:mod:`~ombre.teaching.sets` (the topics in the book's order, and the lookups) and
:mod:`~ombre.teaching.handouts` (the student and teacher handouts).  This module re-exports
their public names.

>>> ex = generate("order.count", seed=3)
>>> ex.prompt
'When diamonds are trumps, how many trumps are there in the pack?'
>>> ex.check("11").correct, ex.check("12").correct
(False, True)
>>> print(ex.check("12").message)  # doctest: +ELLIPSIS
Right. Diamonds are a red suit: ...
>>> len(all_sets()), sum(len(s.exercises) for s in all_sets())
(8, 41)
>>> find("order-1").kind
'order.count'
"""

from __future__ import annotations

from ombre.teaching.answers import ExerciseError, numbers_match, parse_number
from ombre.teaching.generators import SEATS
from ombre.teaching.model import Choice, Exercise, ExerciseSet, Feedback, SetPlan, SetSpec
from ombre.teaching.sets import (
    GENERATORS,
    SET_PLANS,
    SET_SPECS,
    VERSION_SEEDS,
    all_sets,
    check,
    exercise_set,
    find,
    generate,
    set_plan,
    versions,
)

__all__ = [
    "ExerciseError",
    "Choice",
    "Feedback",
    "Exercise",
    "ExerciseSet",
    "SetSpec",
    "SET_SPECS",
    "SetPlan",
    "SET_PLANS",
    "set_plan",
    "GENERATORS",
    "generate",
    "exercise_set",
    "all_sets",
    "find",
    "check",
    "parse_number",
    "numbers_match",
    "SEATS",
    "versions",
    "VERSION_SEEDS",
]
