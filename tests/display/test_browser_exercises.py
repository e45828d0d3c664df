"""The live engine's drawn exercises (ombre.display.browser.exercises): the same markup and the same data
as the book's questions, so the page's script judges a drawn question exactly as a built-in one; the
same seed deals the same question; a question already on the page gives way to another; no answer
in a students' page; bad requests get a plain message."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest

from ombre.display.browser import api
from ombre.display.browser.exercises import REDRAWS, draw
from ombre.display.teaching.html import exercise_html, exercise_set_html, question_tag
from ombre.errors import OmbreError
from ombre.teaching import SET_SPECS, exercise_set, generate


def _data(html: str) -> dict[str, object]:
    block = html.split('<script type="application/json"', 1)[1].split(">", 1)[1].split("</script>")[0]
    return json.loads(block.replace("<\\/", "</"))  # type: ignore[no-any-return]


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids += [v for k, v in attrs if k == "id" and v]


@pytest.mark.parametrize("spec", SET_SPECS, ids=lambda s: s.key)
def test_a_drawn_question_is_written_as_the_book_writes_it(spec: object) -> None:
    """For every kind of every set: the fragment is exercise_html of generate(kind, seed), data and all."""
    for n, (kind, _base) in enumerate(spec.items, 1):  # type: ignore[attr-defined]
        d = draw(kind, 40 + n, question=n)
        ex = replace(generate(kind, 40 + n), id=f"{spec.key}-{n}-seed{40 + n}")  # type: ignore[attr-defined]
        assert d["seed"] == 40 + n and d["kind"] == kind and d["note"] == ""
        assert d["html"] == exercise_html(ex, n, title=f"Question {n}, seed {40 + n}")
        data = _data(d["html"])
        assert data["kind"] == kind and data["question"] == question_tag(ex)
        p = _Ids()
        p.feed(d["html"])
        assert p.ids[0] == d["id"] and len(p.ids) == len(set(p.ids))


def test_the_data_judges_right_and_wrong_answers_as_the_exercise_does() -> None:
    """What the page's script reads (the choices and their feedback, the number and the common
    mistakes) is the exercise's own, so its verdicts are Exercise.check's."""
    choice = draw("tricks.winner", 7, question=1)
    ex = generate("tricks.winner", 7)
    data = _data(choice["html"])
    for i, c in enumerate(data["choices"]):  # type: ignore[arg-type]
        fb = ex.check(i)
        assert (c["correct"], ("Right. " if c["correct"] else "Not right. ") + c["feedback"]) == (
            fb.correct,
            fb.message,
        )
    number = draw("order.count", 12, question=1)
    ex = generate("order.count", 12)
    data = _data(number["html"])
    assert ex.number is not None and data["number"] == float(ex.number)
    assert ex.check(str(ex.number)).correct and not ex.check("3").correct
    assert data["mistakes"] == [[float(v), why] for v, why in ex.mistakes]
    assert (data["tolerance"], data["rel_tolerance"], data["sig_figs"]) == (
        ex.tolerance,
        ex.rel_tolerance,
        ex.sig_figs,
    )
    assert data["solution"] == ex.solution and data["hint"] == ex.hint


def test_the_same_seed_deals_the_same_question_and_another_seed_another() -> None:
    assert draw("pope.line", 12, question=2) == draw("pope.line", 12, question=2)
    prompts = {_data(draw("tricks.winner", s)["html"])["prompt"] for s in range(1, 6)}
    assert len(prompts) == 5


def test_a_question_already_on_the_page_gives_way_to_the_next_seed() -> None:
    s = exercise_set("order")
    on_page = [question_tag(ex) for ex in s]
    seed = next(k for k in range(1, 500) if question_tag(generate("order.count", k)) in on_page)
    d = draw("order.count", seed, avoid=on_page)
    assert d["seed"] > seed and d["seed"] <= seed + REDRAWS and d["note"] == ""
    assert _data(d["html"])["question"] not in on_page
    assert f"Question 1, seed {d['seed']}" in d["html"]


def test_a_students_page_draws_without_the_answer() -> None:
    kind = SET_SPECS[3].items[0][0]
    hidden = draw(kind, 3, solutions=False)
    ex = generate(kind, 3)
    assert "<summary>Solution</summary>" not in hidden["html"]
    assert ex.solution not in hidden["html"] and "number_text" not in _data(hidden["html"])
    assert "<summary>Solution</summary>" in draw(kind, 3)["html"]


def test_the_set_tells_the_script_its_name_and_how_it_is_written() -> None:
    html = exercise_set_html(exercise_set("tricks", seed=4), solutions=False, heading_level=3)
    assert re.match(
        '<div class="ombre-exset" data-ombre-set="tricks-s4" data-ombre-solutions="0" '
        'data-ombre-prefix="ex-">',
        html,
    )
    # a plain list of exercises is not a set of the book: no progress is kept for it
    assert exercise_set_html(list(exercise_set("tricks"))).startswith('<div class="ombre-exset"><style>')
    # print hides the live controls, as it hides the Check buttons
    assert "@media print{.ombre-ex-progress,.ombre-ex-more{display:none!important}}" in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"kind": "order.count", "seed": -1}, "a seed is a whole number from 0 to 1,000,000,000, not -1"),
        ({"kind": "order.count", "seed": "12"}, "a seed is a whole number from 0 to 1,000,000,000, not '12'"),
        ({"kind": "order.count", "seed": True}, "a seed is a whole number from 0 to 1,000,000,000, not True"),
        ({"kind": "nonsense", "seed": 1}, "unknown kind of exercise 'nonsense'"),
        ({"kind": "order.count", "seed": 1, "question": 0}, "a question's number is a whole number"),
        ({"kind": "order.count", "seed": 1, "prefix": '"><x'}, "the prefix of element ids"),
        ({"kind": "order.count", "seed": 1, "avoid": "abc"}, "avoid is a list"),
    ],
)
def test_a_bad_request_gets_a_plain_message(params: dict[str, object], message: str) -> None:
    answer = json.loads(api.call("exercises.draw", json.dumps(params)))
    assert set(answer) == {"error"} and answer["error"].startswith(message), answer
    with pytest.raises(OmbreError):
        draw(**params)  # type: ignore[arg-type]


def test_the_worker_gets_json() -> None:
    answer = json.loads(api.call("exercises.draw", json.dumps({"kind": "matadors.legal", "seed": 5})))
    assert answer == draw("matadors.legal", 5)
