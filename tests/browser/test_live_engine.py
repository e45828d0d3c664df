"""The live engine's core on the built book, in headless Chromium: loading, failure, and the
controls of the deals page and of "Your own game".

The answers are checked against CPython's, computed here by the same functions
(:mod:`ombre.display.browser.deals`, :func:`ombre.engine.record.reader.check_records`).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from ombre.display.browser import deals
from ombre.engine.record.reader import check_records, example_text

from .conftest import BUILD, PageWatch, watch_page

pytestmark = [pytest.mark.browser, pytest.mark.book]

DEALS = "book/belinda/deals.html"
GAME = "book/reference/your-game.html"
ENGINE_MS = 120_000  # a cold engine on a busy two-core machine
ENGINE_FILES = (".wasm", ".whl", "pyodide", "python_stdlib", "ombre-live/manifest")


def _requests(page: Any) -> list[str]:
    """Every URL the page and its workers ask for, collected from the context (workers included)."""
    urls: list[str] = []
    page.context.on("request", lambda r: urls.append(r.url))
    return urls


def test_the_engine_loads_from_local_files_only(watched: tuple[Any, PageWatch], book_url: str) -> None:
    page, watch = watched
    urls = _requests(page)
    wasm_types: list[str] = []
    page.context.on(
        "response",
        lambda r: wasm_types.append(r.headers.get("content-type", "")) if r.url.endswith(".wasm") else None,
    )
    page.goto(f"{book_url}/{DEALS}")
    assert not [u for u in urls if any(f in u for f in ENGINE_FILES)], "the engine loaded before first use"
    info = page.evaluate("OmbreLive.call('ready')")
    assert info["wheel"].startswith("ombre-") and info["pyodide"]
    assert page.evaluate("OmbreLive.state()") == "ready"
    assert any(u.endswith("pyodide.asm.wasm") for u in urls)
    assert any(u.endswith(".whl") for u in urls)
    assert all(u.startswith(book_url) or u.startswith(("data:", "blob:")) for u in urls), urls
    assert wasm_types == ["application/wasm"]  # or the browser compiles it the slow way, or not at all
    # a bad request is a message, not a broken engine
    err = page.evaluate("OmbreLive.call('nowhere.at_all').then(() => '', e => e.message)")
    assert err == "no live method 'nowhere.at_all'"
    assert not watch.external


def test_a_page_without_live_features_requests_no_engine(
    watched: tuple[Any, PageWatch], book_url: str
) -> None:
    page, _watch = watched
    urls = _requests(page)
    page.goto(f"{book_url}/book/glossary.html")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.mouse.wheel(0, 2000)
    page.locator("main").click(position={"x": 5, "y": 5})
    page.wait_for_timeout(500)
    assert page.evaluate("OmbreLive.state()") == "idle"
    assert not [u for u in urls if any(f in u for f in ENGINE_FILES)]


def test_draw_a_deal_and_solve_it_as_cpython_does(watched: tuple[Any, PageWatch], book_url: str) -> None:
    page, _watch = watched
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{book_url}/{DEALS}")
    root = page.locator(".om-live-deals")
    root.get_by_label("Seed").fill("11")
    status = root.locator(".om-live-status")
    expect(root.get_by_role("button", name="Solve")).to_be_disabled()
    root.get_by_role("button", name="Draw a deal that fits the poem").click()
    expect(status).to_contain_text("Deal 11 of", timeout=ENGINE_MS)
    hands = deals.deal_hands(11)
    shown = root.locator(".om-deal-text li").evaluate_all("ls => ls.map(l => l.dataset.cards)")
    assert shown == [" ".join(str(c) for c in h) for h in hands]
    expect(root.locator(".om-deal-text li").first).to_contain_text("Belinda: ")
    expect(root.locator(".om-drawn-deal svg").first).to_be_attached()
    root.get_by_role("button", name="Solve").click()
    result = root.locator(".om-solve-result")
    expected = deals.solve(11)
    expect(result).to_have_text(expected["text"], timeout=ENGINE_MS)
    assert result.get_attribute("data-tricks") == str(expected["tricks"])
    assert result.get_attribute("data-outcome") == expected["outcome"]
    expect(status).to_contain_text("solved")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_malformed_record_gives_the_located_error(watched: tuple[Any, PageWatch], book_url: str) -> None:
    page, _watch = watched
    page.goto(f"{book_url}/{GAME}")
    root = page.locator(".om-live-record")
    text = example_text("specimen.omb").replace("[Players", "[Players\n[Oops", 1)
    expected = check_records(text, path="pasted record")
    assert expected
    root.get_by_label("The game record").fill(text)
    root.get_by_role("button", name="Check and replay").click()
    first = root.locator("button.om-problem").first
    located = f"{expected[0].line}:{expected[0].col}: {expected[0].message}"
    expect(first).to_have_text(located, timeout=ENGINE_MS)
    expect(root.locator(".om-live-status")).to_contain_text("problem")
    first.click()
    area = root.get_by_label("The game record")
    expect(area).to_be_focused()
    at = area.evaluate("a => a.selectionStart")
    before = text[:at]
    assert before.count("\n") + 1 == expected[0].line
    assert at - (before.rfind("\n") + 1) + 1 == expected[0].col
    expect(root.locator(".om-record-replay .om-viewer")).to_have_count(0)


def test_a_sound_record_is_replayed(watched: tuple[Any, PageWatch], book_url: str) -> None:
    page, _watch = watched
    page.goto(f"{book_url}/{GAME}")
    root = page.locator(".om-live-record")
    root.get_by_role("button", name="Fill in the specimen record").click()
    assert root.get_by_label("The game record").input_value() == example_text("specimen.omb")
    root.get_by_role("button", name="Check and replay").click()
    viewer = root.locator(".om-record-replay .om-viewer")
    expect(viewer).to_have_count(1, timeout=ENGINE_MS)
    expect(root.locator(".om-live-status")).to_contain_text("sound")
    # the inserted viewer's script ran: it steps
    page.wait_for_function("document.querySelector('.om-record-replay .om-viewer').omViewer !== undefined")
    before = viewer.evaluate("el => el.omViewer.step")
    viewer.get_by_role("button", name="Next card").click()
    assert viewer.evaluate("el => el.omViewer.step") == before + 1


def test_from_a_file_the_viewer_steps_and_the_live_controls_explain_themselves(page: Any) -> None:
    for name in (DEALS, GAME, "book/belinda/tricks.html"):
        if not (BUILD / name).exists():
            pytest.skip(f"the book is not built at {BUILD}")
    watch = watch_page(page, (BUILD / "index.html").resolve().as_uri().rsplit("/", 1)[0])
    urls = _requests(page)
    page.goto((BUILD / "book/belinda/tricks.html").resolve().as_uri())
    viewer = page.locator("#pole")
    viewer.focus()
    before = page.evaluate("document.querySelector('#pole').omViewer.step")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.querySelector('#pole').omViewer.step") == before + 1

    page.goto((BUILD / DEALS).resolve().as_uri())
    root = page.locator(".om-live-deals")
    expect(root.locator(".om-live-status")).to_contain_text("Drawing a deal is off")
    expect(root.locator(".om-live-status")).to_contain_text("served over http")
    expect(root.get_by_role("button", name="Draw a deal that fits the poem")).to_be_disabled()

    page.goto((BUILD / GAME).resolve().as_uri())
    root = page.locator(".om-live-record")
    expect(root.locator(".om-live-status")).to_contain_text("Checking a record is off")
    expect(root.get_by_role("button", name="Check and replay")).to_be_disabled()
    root.get_by_role("button", name="Fill in the specimen record").click()  # the box stays a box
    assert root.get_by_label("The game record").input_value().startswith("[")
    assert not [u for u in urls if any(f in u for f in ENGINE_FILES)]
    assert not watch.external
