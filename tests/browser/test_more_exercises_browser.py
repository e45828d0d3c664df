"""Unlimited exercises in the built book, in headless Chromium: "Another like this" deals a question
in the reader's browser (the live engine) that the page checks with the same feedback as CPython's
Exercise.check; a question by its seed is the one CPython deals from it; the progress on a set is kept
across a reload and cleared by Reset; under file:// the button says why it is off and the progress
still works; print hides the new controls; no request leaves 127.0.0.1."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ombre.teaching import Exercise, exercise_set, generate
from tests.browser.conftest import answer_the_first_two

pytestmark = pytest.mark.browser

ENGINE = 90_000  # ms: the first draw starts the engine (about 4 s here, more on a busy machine)


def _wrong_number(ex: Exercise) -> str:
    assert ex.number is not None
    return str(float(ex.mistakes[0][0])) if ex.mistakes else str(ex.number + 7)


def test_another_like_this_draws_a_question_checked_as_python_checks_it(
    watched: tuple[Any, Any], book_url: str
) -> None:
    page, watch = watched
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{book_url}/book/teaching/set-order.html", wait_until="networkidle")
    origin = page.locator("#ex-order-1")
    another = origin.get_by_role("button", name="Another like this")
    assert another.get_attribute("aria-disabled") is None
    another.click()
    drawn = page.locator('[data-ombre-from="ex-order-1"]')
    expect(drawn).to_have_count(1, timeout=ENGINE)
    title = drawn.locator("h2").inner_text()
    m = re.fullmatch(r"Question 1, seed (\d+)", title)
    assert m, title
    seed = int(m[1])
    ex = generate("order.count", seed)
    # the new question has the focus and is announced; nothing of its answer shows yet
    assert page.evaluate("document.activeElement.textContent") == title
    expect(page.locator(".ombre-ex-announce")).to_contain_text(f"{title}, like Question 1, is on the page.")
    expect(drawn.locator(".ombre-ex-prompt")).to_have_text(ex.prompt)
    assert ex.solution not in page.evaluate("document.body.innerText")
    assert drawn.locator("details[open]").count() == 0

    box, feedback = drawn.locator("input[type=text]"), drawn.locator(".ombre-ex-feedback")
    wrong = _wrong_number(ex)
    box.fill(wrong)
    box.press("Enter")
    expect(feedback).to_have_text(ex.check(wrong).message)
    expect(feedback).to_have_class("ombre-ex-feedback ombre-ex-wrong")
    box.fill(ex.answer_text.split(" ")[0])
    drawn.get_by_role("button", name="Check").click()
    expect(feedback).to_have_text(ex.check(ex.answer_text.split(" ")[0]).message)
    expect(feedback).to_have_class("ombre-ex-feedback ombre-ex-right")
    expect(drawn.locator(".ombre-ex-state")).to_have_text("Answered.")

    # a question a teacher names by its seed: question 2, seed 12, exactly as CPython deals it
    page.get_by_label("Question", exact=True).select_option(label="2")
    page.get_by_label("seed", exact=True).fill("12")
    page.get_by_role("button", name="Draw this seed").click()
    named = page.locator("#ex-order-2-seed12")
    expect(named).to_have_count(1, timeout=ENGINE)
    choice = generate("order.highest", 12)
    wrong_at = next(i for i, c in enumerate(choice.choices) if not c.correct)
    named.locator(f"#ex-order-2-seed12-c{wrong_at}").check()
    named.get_by_role("button", name="Check").click()
    expect(named.locator(".ombre-ex-feedback")).to_have_text(choice.check(wrong_at).message)
    named.locator(f"#ex-order-2-seed12-c{choice.answer_index}").check()
    named.get_by_role("button", name="Check").click()
    expect(named.locator(".ombre-ex-feedback")).to_have_text(choice.check(choice.answer_index).message)

    # readable at 390 px: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # on paper, a worksheet: neither the progress box nor the new buttons
    page.emulate_media(media="print")
    assert page.locator(".ombre-ex-progress, .ombre-ex-more").filter(visible=True).count() == 0
    page.emulate_media(media="screen")
    assert not [u for u in watch.external], watch.external


def test_progress_is_kept_across_a_reload_and_reset_clears_it(
    watched: tuple[Any, Any], book_url: str
) -> None:
    page, _watch = watched
    s = exercise_set("tricks")
    n = len(s)
    page.goto(f"{book_url}/book/teaching/set-tricks.html", wait_until="networkidle")
    summary = page.locator(".ombre-ex-summary")
    left = "; ".join(f"Question {i}" for i in range(1, n + 1))
    expect(summary).to_have_text(f"0 answered, 0 right first time, {n} left: {left}.")
    answer_the_first_two(page, "tricks")
    after = f"2 answered, 1 right first time, {n - 2} left: " + "; ".join(
        f"Question {i}" for i in range(3, n + 1)
    )
    expect(summary).to_have_text(after + ".")
    expect(page.locator("#ex-tricks-1 .ombre-ex-state")).to_have_text("Answered.")
    expect(page.locator("#ex-tricks-2 .ombre-ex-state")).to_have_text("Answered: right first time.")

    page.reload(wait_until="networkidle")
    expect(summary).to_have_text(after + ".")
    expect(page.locator("#ex-tricks-2 .ombre-ex-state")).to_have_text("Answered: right first time.")
    # the set's own progress only: another set starts at nothing
    page.goto(f"{book_url}/book/teaching/set-order.html", wait_until="networkidle")
    expect(page.locator(".ombre-ex-summary")).to_contain_text("0 answered, 0 right first time")

    page.go_back(wait_until="networkidle")
    reset = page.get_by_role("button", name="Reset progress")
    reset.focus()
    page.keyboard.press("Enter")
    expect(summary).to_contain_text(f"0 answered, 0 right first time, {n} left")
    expect(page.locator(".ombre-ex-announce")).to_contain_text("Progress reset.")
    expect(page.locator("#ex-tricks-2-feedback")).to_have_text("")
    page.reload(wait_until="networkidle")
    expect(summary).to_contain_text(f"0 answered, 0 right first time, {n} left")


def test_from_a_file_another_says_why_it_is_off_and_progress_still_works(page: Any, book_dir: Path) -> None:
    wasm: list[str] = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
    page.goto((book_dir / "book/teaching/set-order.html").as_uri(), wait_until="load")
    note = page.locator(".ombre-ex-off")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Another like this is off: The live engine needs the book served over http")
    another = page.locator("#ex-order-1").get_by_role("button", name="Another like this")
    assert another.get_attribute("aria-disabled") == "true"
    another.focus()  # still reachable by the keyboard, and it says why when pressed
    page.keyboard.press("Enter")
    expect(page.locator(".ombre-ex-announce")).to_contain_text("Another like this is off")
    assert page.locator("[data-ombre-from]").count() == 0
    box = page.locator("#ex-order-1-answer")
    box.fill("12")
    box.press("Enter")
    expect(page.locator(".ombre-ex-summary")).to_contain_text("1 answered, 1 right first time, 4 left")
    assert wasm == []
