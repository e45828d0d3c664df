"""The teaching plan of each exercise set: the book's estimate of its time, its rules, what to have
ready."""

from __future__ import annotations

import pytest

from ombre.engine.rulesets import RULESETS
from ombre.teaching import SET_PLANS, SET_SPECS, ExerciseError, exercise_set, set_plan


def test_every_set_has_one_plan_in_the_same_order() -> None:
    assert [p.key for p in SET_PLANS] == [s.key for s in SET_SPECS]
    for p in SET_PLANS:
        assert 10 <= p.minutes <= 60, p
        assert p.materials and not p.materials.endswith(".")
        assert set(p.rules) <= set(RULESETS), p
    with pytest.raises(ExerciseError, match="unknown exercise set 'whist'"):
        set_plan("whist")


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_plan_names_exactly_the_rule_sets_its_questions_name(seed: int) -> None:
    """A question that depends on a rule set names it ("Rules: <title>. ..." or the two sources by
    name); the plan lists exactly those, and no rule set for a set whose questions name none."""
    for spec in SET_SPECS:
        named = set()
        for ex in exercise_set(spec.key, seed):
            said = " ".join([ex.prompt, ex.solution, *(c.text for c in ex.choices)])
            for name, rules in RULESETS.items():
                if rules.title in said or f"Rules: {rules.display_name}" in said:
                    named.add(name)
            if any(c.text in ("The 1665 rules only", "The Court Gamester only") for c in ex.choices):
                named |= {"1665", "court-gamester"}
        plan = set_plan(spec.key)
        assert named <= set(plan.rules), (spec.key, named)
        if plan.rules and seed == 0:
            assert named == set(plan.rules), (spec.key, named)
    assert set_plan("results").rules == ("1665", "court-gamester")
