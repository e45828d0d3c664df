"""The static exercises in headless Chromium, on a standalone page served from 127.0.0.1.

Wrong and right answers get the engine's feedback in a live region; the solution opens from the
keyboard; nothing of the answer shows before the student answers; the page's script judges every
answer exactly as Python does; no request leaves 127.0.0.1; axe-core finds nothing serious.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ombre.display.teaching.html import standalone_page
from ombre.teaching import Exercise, ExerciseError, all_sets, find

from .conftest import Lab, run_all_cells, run_axe, serve, watch_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def exercises_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("exercises")
    (root / "index.html").write_text(standalone_page(all_sets(), "Ombre exercises"), encoding="utf-8")
    yield from serve(root)


@pytest.fixture()
def ex_page(page: Any, exercises_url: str) -> Iterator[Any]:
    watch = watch_page(page, exercises_url)
    page.goto(f"{exercises_url}/index.html", wait_until="load")
    yield page
    watch.assert_clean()


def _wrong(ex: Exercise) -> int:
    return next(i for i, c in enumerate(ex.choices) if not c.correct)


def test_choice_wrong_then_right_with_feedback_announced(ex_page: Any) -> None:
    ex = find("tricks-1")
    feedback = ex_page.locator("#ex-tricks-1-feedback")
    assert feedback.get_attribute("role") == "status"
    assert feedback.get_attribute("aria-live") == "polite"
    expect(feedback).to_have_text("")
    w = _wrong(ex)
    ex_page.check(f"#ex-tricks-1-c{w}")
    ex_page.click("#ex-tricks-1 button[type=submit]")
    expect(feedback).to_have_text("Not right. " + ex.choices[w].feedback)
    expect(feedback).to_have_class("ombre-ex-feedback ombre-ex-wrong")
    ex_page.check(f"#ex-tricks-1-c{ex.answer_index}")
    ex_page.click("#ex-tricks-1 button[type=submit]")
    expect(feedback).to_have_text("Right. " + ex.choices[ex.answer_index].feedback)
    expect(feedback).to_have_class("ombre-ex-feedback ombre-ex-right")


def test_cards_in_choices_and_feedback_are_named(ex_page: Any) -> None:
    """A card written K♥ is read as "the King of Hearts", in the choices and in the feedback."""
    ex = find("matadors-1")
    group = ex_page.locator("#ex-matadors-1")
    for i, name in enumerate(
        ["the Two of Spades", "the Two of Clubs", "the Seven of Hearts", "the Seven of Diamonds"]
    ):
        expect(group.get_by_role("radio", name=f"{chr(ord('a') + i)}) {name}", exact=True)).to_have_count(1)
    ex_page.check(f"#ex-matadors-1-c{ex.answer_index}")
    ex_page.click("#ex-matadors-1 button[type=submit]")
    feedback = ex_page.locator("#ex-matadors-1-feedback")
    expect(feedback).to_have_text("Right. " + ex.choices[ex.answer_index].feedback)
    named = feedback.get_by_role("img", name="the Two of Clubs")
    expect(named.first).to_have_text("2♣")
    # the card's plain name, never its title: the feedback may say Manille, the name does not
    labels = feedback.locator("[role=img]").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert labels and all(label.startswith("the ") and "Manille" not in label for label in labels)


def test_checking_with_nothing_chosen_asks_for_an_answer(ex_page: Any) -> None:
    ex_page.click("#ex-order-2 button[type=submit]")
    expect(ex_page.locator("#ex-order-2-feedback")).to_have_text("Choose an answer first.")


def test_numeric_answer_from_the_keyboard(ex_page: Any) -> None:
    box = ex_page.locator("#ex-order-1-answer")
    box.fill("11")
    box.press("Enter")  # the form submits: no mouse needed
    feedback = ex_page.locator("#ex-order-1-feedback")
    expect(feedback).to_contain_text("Not right. That is right for a black suit")
    box.fill("12")
    box.press("Enter")
    expect(feedback).to_contain_text("Right. Hearts are a red suit")
    box.fill("eleven")  # a count may be written in words
    box.press("Enter")
    expect(feedback).to_contain_text("Not right. That is right for a black suit")
    box.fill("a dozen")
    box.press("Enter")
    expect(feedback).to_contain_text("Cannot read that as a number")


def test_radio_choice_and_check_by_keyboard_only(ex_page: Any) -> None:
    ex = find("order-4")
    ex_page.focus("#ex-order-4-c0")
    # arrow keys move the choice within the group; Tab leaves it for the Check button
    target = ex.answer_index
    if target == 1:
        ex_page.keyboard.press("ArrowDown")
    else:
        ex_page.keyboard.press("Space")
    ex_page.keyboard.press("Tab")
    focused = ex_page.evaluate("document.activeElement.textContent")
    assert focused == "Check"
    ex_page.keyboard.press("Enter")
    expect(ex_page.locator("#ex-order-4-feedback")).to_contain_text("Right.")


def test_solution_hidden_until_opened_by_keyboard(ex_page: Any) -> None:
    ex = find("probability-4")
    solution = ex_page.locator("#ex-probability-4 details").nth(1)
    text = solution.locator("p").first
    assert solution.get_attribute("open") is None
    expect(text).to_be_hidden()
    summary = solution.locator("summary")
    summary.focus()
    ex_page.keyboard.press("Enter")
    expect(text).to_be_visible()
    expect(text).to_contain_text(f"Answer: {ex.answer_text}.")
    ex_page.keyboard.press("Space")
    expect(text).to_be_hidden()


def test_no_answer_is_visible_before_answering(ex_page: Any) -> None:
    visible = ex_page.evaluate("document.body.innerText")
    for s in all_sets():
        for ex in s:
            for c in ex.choices:
                assert c.feedback not in visible
            if ex.number is not None:
                assert ex.solution not in visible
    assert ex_page.locator("details[open]").count() == 0


def test_page_script_judges_exactly_as_python(ex_page: Any) -> None:
    cases: list[tuple[str, str]] = []
    for s in all_sets():
        for ex in s:
            if ex.number is None:
                continue
            answer = ex.answer_text.split(" ")[0]
            cases += [(ex.id, answer), (ex.id, "0"), (ex.id, "1 in 118"), (ex.id, "22.5%"), (ex.id, "9/40")]
            cases += [(ex.id, str(float(v))) for v, _ in ex.mistakes]
            # roundings to two figures, decimal commas, thousands, and commas that cannot be read
            cases += [(ex.id, t) for t in TYPED]
    verdicts = ex_page.evaluate(
        """cases => cases.map(([id, text]) => {
            const el = document.querySelector('script[data-ombre-ex-data="ex-' + id + '"]');
            const v = window.ombreExercises.judge(JSON.parse(el.textContent), text);
            return [v.correct, v.message];
        })""",
        cases,
    )
    for (ex_id, text), (verdict, message) in zip(cases, verdicts, strict=True):
        assert verdict == _python_verdict(ex_id, text), (ex_id, text)
        if verdict is not None:  # the same words too: the note, or the answer echoed as typed
            assert message == find(ex_id).check(text).message, (ex_id, text)
    # the table holds both verdicts on the chance questions, not only wrong ones
    chance = [
        v for (ex_id, _), (v, _m) in zip(cases, verdicts, strict=True) if ex_id.startswith("probability")
    ]
    assert chance.count(True) >= 20 and chance.count(False) >= 20 and None in chance


TYPED = [
    *"0.23 23% 22% 0.22 0,225 22,5% 0.2 0.24 0.29 29% 0,29 0.3 28% 0.0085 0.85% 0.009".split(),
    *"12 12,0 1,2,3 1,5.3 273,438,880 273438880 273,438,881".split(),
    *("1 in 4.4", "1 in 120", "about 1 in 117,6", "1 in 130"),
    # odds as a fraction, a fraction in words, a place, and an answer echoed as written
    *("1/120", "1/130", "1 out of 118", "1 out of 4", "9 in 40", "9 out of 40", "8th", "1st", "3rd"),
    *("0.0086", "0,0086", " 0.2 "),
    # counts in words, as Python reads them
    *("twelve", "Eleven", "twenty-one", "a hundred and twelve", "zero", "seventeen", "hundred", "one two"),
]


def _python_verdict(ex_id: str, text: str) -> bool | None:
    try:
        return find(ex_id).check(text).correct
    except ExerciseError:  # the page says it cannot read the answer, and judges nothing
        return None


def test_a_decimal_comma_and_a_rounded_chance_are_right(ex_page: Any) -> None:
    box = ex_page.locator("#ex-probability-1-answer")
    assert box.get_attribute("inputmode") == "text"  # before: "decimal", no key for / or %
    feedback = ex_page.locator("#ex-probability-1-feedback")
    for typed in ("0,225", "23%", "22%"):  # before: "225 is too high", "0.23 is too high", "too low"
        box.fill(typed)
        box.press("Enter")
        expect(feedback).to_have_text("Right. " + find("probability-1").solution)
    expect(ex_page.locator("#ex-probability-1-format")).to_contain_text(find("probability-1").precision)


def test_no_serious_accessibility_violations(ex_page: Any) -> None:
    ex_page.check("#ex-tricks-2-c0")
    ex_page.click("#ex-tricks-2 button[type=submit]")
    ex_page.locator("#ex-pope-1 details").nth(1).locator("summary").click()
    violations = run_axe(ex_page)
    report = [f"{v['id']} ({v['impact']}): {v['help']}" for v in violations]
    assert not report, "\n".join(report)


def test_exercise_and_play_widgets_answer_in_jupyterlab(page: Any, jupyterlab: Lab) -> None:
    """In a live kernel the widget checks an answer; the play widget gives a hint and takes a bid."""
    page.set_default_timeout(60000)
    page.goto(jupyterlab.notebook_url("exercises.ipynb"))
    run_all_cells(page)
    first = page.locator(".jp-OutputArea .widget-vbox").first
    box = first.locator("input[type=text]").first
    expect(box).to_be_visible(timeout=60000)
    box.fill("11")
    first.get_by_role("button", name="Check").click()
    expect(first).to_contain_text("Not right. That is right for a black suit")
    box.fill("12")
    first.get_by_role("button", name="Check").click()
    expect(first).to_contain_text("Right. Hearts are a red suit")

    page.goto(jupyterlab.notebook_url("play-against-the-computer.ipynb"))
    run_all_cells(page)
    game = page.locator(".jp-OutputArea .widget-vbox").first
    game.get_by_role("button", name="Hint").click()
    expect(game).to_contain_text("Hint:")
    game.get_by_role("button", name="Pass").click()
    expect(game).to_contain_text("You pass.")
