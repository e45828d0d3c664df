"""The vendored ipywidgets manager renders widget state in the static book, with no kernel and
no CDN: the getting-started page's slider is drawn and moves with the keyboard, and the label
below it (linked to the slider in the browser) shows each card's name in full."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import watch_page

pytestmark = pytest.mark.browser


def test_slider_renders_and_moves_with_the_keyboard(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/notebooks/getting-started.html", wait_until="networkidle")
    slider = page.locator(".widget-slider").first
    expect(slider).to_be_visible(timeout=15000)
    readout = page.locator(".ombre-slider-readout").first
    expect(readout).to_have_text("Spadille, the Ace of Spades", use_inner_text=True)
    handle = page.locator(".widget-slider .noUi-handle, .widget-slider [role=slider]").first
    handle.focus()
    page.keyboard.press("ArrowRight")
    expect(readout).to_have_text("Manille, the Seven of Hearts", use_inner_text=True)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(readout).to_have_text("Punto, the Ace of Hearts", use_inner_text=True)
    page.keyboard.press("End")
    expect(readout).to_have_text("the Six of Hearts", use_inner_text=True)
    # the whole name is shown: the label is not cut by its box
    label = readout.locator(".widget-label:visible").first
    assert label.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    watch.assert_clean()
