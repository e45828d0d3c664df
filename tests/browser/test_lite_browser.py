"""The notebooks in JupyterLite, served with the book: each opens, runs every cell on Pyodide with
no error and no request off 127.0.0.1, and its widgets answer a reader's clicks.

One page load per notebook (the kernel takes tens of seconds to start on a busy machine).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import watch_page
from .lite import cell_errors, open_notebook, run_all

pytestmark = pytest.mark.browser

# JupyterLite asks for optional files (settings overrides, translations) that a site need not have
_OPTIONAL = ("overrides.json", "/api/translations/", "favicon.ico")


@pytest.fixture()
def lite(page: Any, book_url: str, book_dir: Path) -> Any:
    if not (book_dir / "lite" / "jupyter-lite.json").is_file():
        pytest.fail("the book was built without its JupyterLite site (_build/html/lite)")
    page.set_default_timeout(120_000)
    watch = watch_page(page, book_url)
    yield page, book_url
    problems = [p for p in watch.problems() if not any(o in p for o in _OPTIONAL)]
    assert not problems, "\n".join(problems)


def _run(page: Any, url: str, notebook: str) -> None:
    open_notebook(page, url, notebook)
    run_all(page)
    assert cell_errors(page) == []


def _widget(page: Any, button: str) -> Any:
    """The first widget of the notebook's outputs with a button reading ``button``."""
    has = page.locator(".widget-button", has_text=button)
    return page.locator(".jp-OutputArea .widget-vbox", has=has).first


def test_replay_belinda_in_jupyterlite(lite: Any) -> None:
    page, url = lite
    _run(page, url, "replay-belinda")
    out = page.locator(".jp-OutputArea")
    # the cells drove the widget into a what-if and back: their printed answers, computed in the browser
    expect(out.filter(has_text="What if Belinda plays the King of Hearts at card 13")).to_have_count(1)
    expect(out.filter(has_text="False 12 Belinda plays the King of Clubs.")).to_have_count(1)
    widget = _widget(page, "Next card")
    before = widget.inner_text()
    widget.locator(".widget-button", has_text="Next card").click()
    expect(widget).not_to_have_text(before)
    # the what-if: choose another card at this point and let the engine finish the hand
    menu = widget.locator(".widget-dropdown select").last
    options = menu.locator("option").all_inner_texts()
    assert options, "the What if menu offers no card"
    menu.select_option(label=options[-1])
    widget.locator(".widget-button", has_text="Play it and let the engine finish").click()
    expect(widget.locator(".widget-button", has_text="Return to the recorded game")).to_be_enabled()


def test_play_against_the_computer_in_jupyterlite(lite: Any) -> None:
    page, url = lite
    _run(page, url, "play-against-the-computer")
    game = _widget(page, "Hint")
    for _ in range(3):  # a few moves: whatever is legal now (a bid, a card), the first enabled one
        before = game.inner_text()
        moves = game.locator(".widget-button:enabled").filter(has_not_text="Hint")
        moves = moves.filter(has_not_text="New hand")
        moves.first.click()
        expect(game).not_to_have_text(before)


def test_exercises_in_jupyterlite(lite: Any) -> None:
    page, url = lite
    _run(page, url, "exercises")
    first = page.locator(".jp-OutputArea .widget-vbox").first  # exercise_widget("order-1")
    feedback = first.locator(".widget-html.ombre-live")
    first.locator("input[type=text]").fill("11")
    first.locator(".widget-button", has_text="Check").click()
    expect(feedback).to_contain_text("Not right")


def test_getting_started_in_jupyterlite(lite: Any) -> None:
    page, url = lite
    _run(page, url, "getting-started")
    readout = page.locator(".jp-OutputArea .ombre-slider-readout").first
    expect(readout).to_have_text("Spadille, the Ace of Spades", use_inner_text=True)
    page.locator(".jp-OutputArea .widget-slider [role=slider]").first.focus()
    page.keyboard.press("ArrowRight")
    expect(readout).to_have_text("Manille, the Seven of Hearts", use_inner_text=True)


def test_class_summary_in_jupyterlite(lite: Any) -> None:
    # a teacher with nothing installed: the example class is written, read and summarised on Pyodide
    page, url = lite
    _run(page, url, "class-summary")
    out = page.locator(".jp-OutputArea")
    expect(out.filter(has_text="17 answer files")).to_have_count(1)
    expect(
        out.locator("caption", has_text="The class summary of the order of the cards, per question")
    ).to_have_count(1)
    expect(out.filter(has_text="answers-ordre-dee.json: line 2")).to_have_count(1)
