"""What if on the built book's replays, in headless Chromium: Belinda's game branched by the live engine.

The answers are checked against CPython's, which the page carries (``engine_reference`` of
:func:`ombre.display.replay.replay_html` on the published reconstruction): the legal cards at
three steps, their double-dummy values, and the result of one branch played on by the solver.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import BUILD, PageWatch

pytestmark = [pytest.mark.browser, pytest.mark.book]

PAGE = "book/belinda/tricks.html"
ENGINE_MS = 120_000  # a cold engine on a busy two-core machine


def _reference(page: Any) -> dict[str, Any]:
    ref: dict[str, Any] = page.evaluate("document.querySelector('#pole').omViewer.data.ref")
    assert ref and "branch" in ref
    return ref


def _show(page: Any, step: int) -> None:
    page.evaluate("(k) => document.querySelector('#pole').omViewer.show(k, {hash: false})", step)


def test_what_if_branches_belinda_as_cpython_does(watched: tuple[Any, PageWatch], book_url: str) -> None:
    page, _watch = watched
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{book_url}/{PAGE}")
    viewer = page.locator("#pole")
    ref = _reference(page)
    opener = viewer.get_by_role("button", name="What if…")
    opener.click()
    expect(opener).to_have_attribute("aria-expanded", "true")
    card = viewer.get_by_label("plays")
    status = viewer.locator(".om-status")
    for key, answer in ref.items():
        if key == "branch":
            continue
        step = int(key)
        _show(page, step)
        legal = [c["card"] for c in answer["options"]["legal"]]
        expect(card).to_be_enabled(timeout=ENGINE_MS)
        assert card.locator("option").evaluate_all("os => os.map(o => o.value)") == legal
        refused = " ".join(f"({r['rule']})" for r in answer["options"]["refused"])
        for r in answer["options"]["refused"]:
            expect(viewer.locator(".om-wi-refused")).to_contain_text(f"({r['rule']})")
        assert refused is not None
        viewer.get_by_role("button", name="Show card values").click()
        items = viewer.locator(".om-wi-valuelist li")
        expect(items).to_have_count(len(answer["values"]), timeout=ENGINE_MS)
        got = items.evaluate_all(
            "ls => ls.map(l => [l.dataset.card, Number(l.dataset.tricks), l.dataset.result])"
        )
        assert got == [[v["card"], v["tricks"], v["result"]] for v in answer["values"]]
        expect(status).to_contain_text("Card values")
    # no horizontal scroll at 390 px with the panel open
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # the branch: the card CPython played, the others by the solver
    b = ref["branch"]
    _show(page, b["step"])
    expect(card.locator(f'option[value="{b["card"]}"]')).to_have_count(1, timeout=ENGINE_MS)
    card.select_option(b["card"])
    viewer.get_by_label("The others play by").select_option("solver")
    viewer.get_by_role("button", name="Play it and let the engine finish").click()
    branch = page.locator(".om-wi-branch .om-viewer")
    expect(branch).to_have_count(1, timeout=ENGINE_MS)
    expect(branch.locator(".om-title")).to_contain_text("What if")
    expect(status).to_contain_text("What if")
    data = branch.evaluate("el => el.omViewer.data")
    assert data["steps"][-1]["k"] == b["tricks"]
    branch.evaluate("el => el.omViewer.show(el.omViewer.data.steps.length - 1, {hash: false})")
    expect(branch.locator(".om-result p").first).to_have_text(b["summary"])

    # one key back to the recorded game, at the step where the branch began
    branch.focus()
    page.keyboard.press("Escape")
    expect(page.locator(".om-wi-branch")).to_have_count(0)
    assert page.evaluate("document.querySelector('#pole').omViewer.step") == b["step"]
    expect(status).to_contain_text("Back to the recorded game")
    expect(viewer).to_be_focused()


def test_from_a_file_the_what_if_explains_itself_and_the_viewer_steps(page: Any) -> None:
    path = BUILD / PAGE
    if not path.exists():
        pytest.skip(f"the book is not built at {BUILD}")
    page.goto(path.resolve().as_uri())
    viewer = page.locator("#pole")
    viewer.get_by_role("button", name="What if…").click()
    expect(viewer.locator(".om-wi-state")).to_contain_text("served over http")
    expect(viewer.locator(".om-status")).to_contain_text("What if is off")
    expect(viewer.get_by_label("plays")).to_be_disabled()
    before = page.evaluate("document.querySelector('#pole').omViewer.step")
    viewer.get_by_role("button", name="Next card").click()
    assert page.evaluate("document.querySelector('#pole').omViewer.step") == before + 1
