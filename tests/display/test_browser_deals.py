"""The live engine's deals and solve modules (ombre.display.browser.deals, .solve), in CPython."""

from __future__ import annotations

import json

import pytest

from ombre.belinda import CONSTRAINTS, deal_is_consistent, text_constraints
from ombre.display.browser import api, deals, solve
from ombre.engine.cards import DECK
from ombre.engine.solver import Position, random_position
from ombre.engine.solver import solve as solve_position
from ombre.errors import OmbreError


@pytest.mark.parametrize("readings", [False, True])
def test_a_drawn_deal_fits_the_poem_and_holds_every_card_once(readings: bool) -> None:
    for seed in (0, 7, 123456):
        hands = deals.deal_hands(seed, readings)
        assert sorted(c.index for h in hands for c in h) == sorted(c.index for c in DECK)
        assert deal_is_consistent(hands[:3], CONSTRAINTS if readings else text_constraints())


def test_the_seed_decides_the_deal() -> None:
    assert deals.deal_hands(5) == deals.deal_hands(5)
    assert len({deals.deal_hands(s) for s in range(8)}) == 8


def test_draw_names_every_card_and_escapes_nothing_from_outside() -> None:
    d = deals.draw(3)
    assert [len(h["cards"]) for h in d["hands"]] == [9, 9, 9, 13]
    assert d["hands"][0]["text"].count(";") == 8  # nine cards named
    assert d["html"].count("<svg") == 40


def test_solve_is_the_solver_on_the_drawn_hands() -> None:
    hands = deals.deal_hands(9, True)
    position = Position((hands[0], hands[1], hands[2]), "s", 0, 0)
    got = deals.solve(9, True)
    assert got["tricks"] == solve_position(position)
    assert got["outcome"] == solve_position(position, "outcome").value
    assert str(got["tricks"]) in got["text"]


@pytest.mark.parametrize("seed", [-1, 1.5, True, "7", 10**9])
def test_a_bad_seed_is_refused_in_words(seed: object) -> None:
    answer = json.loads(api.call("deals.draw", json.dumps({"seed": seed})))
    assert "seed must be a whole number" in answer["error"]


def test_solve_seeded_gives_the_solvers_values_of_the_benchmark_deals() -> None:
    out = solve.seeded([0, 1, 2], repeats=2)
    assert out["tricks"] == [solve_position(random_position(s)) for s in range(3)]
    assert len(out["ms"]) == 3
    with pytest.raises(OmbreError, match="repeats"):
        solve.seeded([1], repeats=0)
    with pytest.raises(OmbreError, match="seeds must be"):
        solve.seeded([-1])
