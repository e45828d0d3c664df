"""In a real JupyterLab with a live kernel: the getting-started notebook runs and its widget
responds. nbval checks outputs, but only a browser sees a widget that fails to render."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import Lab, run_all_cells

pytestmark = pytest.mark.browser


def test_getting_started_runs_in_jupyterlab(page: Any, jupyterlab: Lab) -> None:
    page.set_default_timeout(60000)
    page.goto(jupyterlab.notebook_url("getting-started.ipynb"))
    run_all_cells(page)
    readout = page.locator(".jp-OutputArea .ombre-slider-readout").first
    expect(readout).to_have_text("Spadille, the Ace of Spades", timeout=60000, use_inner_text=True)
    # Outputs are produced by the kernel in this run, not stored: the card printed by cell one.
    expect(page.locator(".jp-OutputArea-output").first).to_contain_text("Spadille, the Ace of Spades")
    page.locator(".jp-OutputArea .widget-slider [role=slider]").first.focus()
    page.keyboard.press("ArrowRight")
    expect(readout).to_have_text("Manille, the Seven of Hearts", use_inner_text=True)


def test_exercise_feedback_is_a_live_region_in_jupyterlab(page: Any, jupyterlab: Lab) -> None:
    """Checking the same wrong answer twice changes the text of one persistent live region."""
    page.set_default_timeout(60000)
    page.goto(jupyterlab.notebook_url("exercises.ipynb"))
    run_all_cells(page)
    first = page.locator(".jp-OutputArea .widget-vbox").first  # exercise_widget("order-1")
    feedback = first.locator(".widget-html.ombre-live")
    expect(feedback).to_have_attribute("aria-live", "polite")
    expect(feedback).to_have_attribute("role", "status")
    region = feedback.element_handle()
    first.locator("input[type=text]").fill("11")
    check = first.locator(".widget-button", has_text="Check")
    check.click()
    expect(feedback).to_contain_text("Not right")
    once = feedback.text_content() or ""
    check.click()
    expect(feedback).not_to_have_text(once)
    expect(feedback).to_contain_text("Not right")
    assert page.evaluate("el => el.isConnected", region), "the same element, not a new one"
    # the set widgets below get the script too
    expect(page.locator(".jp-OutputArea .widget-html.ombre-live[aria-live=polite]")).not_to_have_count(0)
