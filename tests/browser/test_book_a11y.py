"""Accessibility of the built book beyond axe's serious violations: dark mode contrast of the
project's own outputs, the replay viewer's keys and links on a real page, unique landmarks,
no empty table headers, and the braille cells of the neighbouring sections."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import VENDOR, wait_for_transitions, watch_page

pytestmark = pytest.mark.browser

# The pages the accessibility review found unreadable in dark mode (every edition page, every
# exercise set, and the teaching and reference pages with the project's tables and figures).
DARK_PAGES = [
    "book/edition/cards.html",
    "book/edition/play.html",
    "book/edition/taking-in.html",
    "book/edition/opening.html",
    "book/teaching/set-matadors.html",
    "book/teaching/computer-players.html",
    "book/teaching/probability-lab.html",
    "book/teaching/teachers-guide.html",
    "book/reference/engine.html",
    "book/belinda/tricks.html",
]


def _axe(page: Any, rules: list[str]) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(VENDOR / "axe.min.js"))
    result: dict[str, Any] = page.evaluate(
        "async (rules) => await axe.run(document, {runOnly: rules, resultTypes: ['violations']})", rules
    )
    violations: list[dict[str, Any]] = result["violations"]
    return violations


def _report(violations: list[dict[str, Any]]) -> list[str]:
    return [
        f"{v['id']}: {n['target']} {n.get('failureSummary', '')[:160]}"
        for v in violations
        for n in v["nodes"]
    ]


@pytest.mark.parametrize("path", DARK_PAGES)
def test_dark_mode_contrast(browser: Any, book_url: str, path: str) -> None:
    """With the OS in dark mode (the theme follows it), axe finds no contrast failure."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    try:
        page = ctx.new_page()
        watch = watch_page(page, book_url)
        page.goto(f"{book_url}/{path}", wait_until="networkidle")
        # the theme's script sets the mode from the OS setting; on a loaded machine it may come late
        page.wait_for_function("document.documentElement.dataset.theme === 'dark'", timeout=15_000)
        if path.startswith("book/edition/"):
            # the braille views too, cells of the neighbouring sections included
            page.evaluate("document.querySelectorAll('[role=tab][id$=-tab-braille]').forEach(t => t.click())")
        wait_for_transitions(page)
        report = _report(_axe(page, ["color-contrast"]))
        assert not report, f"{path}:\n" + "\n".join(report[:20])
        watch.assert_clean()
    finally:
        ctx.close()


@pytest.mark.parametrize("path", ["book/edition/opening.html", "book/edition/cards.html"])
def test_braille_cells_of_other_sections_are_legible_and_said(page: Any, book_url: str, path: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/{path}", wait_until="networkidle")
    page.evaluate("document.querySelectorAll('[role=tab][id$=-tab-braille]').forEach(t => t.click())")
    outside = page.locator(".ombre-cells-outside").first
    assert outside.is_visible()
    assert page.locator(".ombre-cells-outside").evaluate_all(
        "(els) => els.every((e) => getComputedStyle(e).opacity === '1')"
    )
    said = outside.locator(".ombre-sr").first.text_content() or ""
    assert said.startswith("(from the ") and said.endswith(" section) ")
    report = _report(_axe(page, ["color-contrast"]))
    assert not report, "\n".join(report[:20])
    watch.assert_clean()


@pytest.mark.parametrize(
    "path",
    [
        "book/edition/cards.html",
        "book/edition/opening.html",
        "book/teaching/computer-players.html",
        "book/teaching/teachers-guide.html",
    ],
)
def test_no_empty_table_header(page: Any, book_url: str, path: str) -> None:
    page.goto(f"{book_url}/{path}", wait_until="networkidle")
    report = _report(_axe(page, ["empty-table-header"]))
    assert not report, "\n".join(report)


def test_tricks_page_landmarks_and_headings(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/belinda/tricks.html", wait_until="networkidle")
    report = _report(_axe(page, ["landmark-unique", "heading-order"]))
    assert not report, "\n".join(report)
    names = page.locator("aside.om-notes").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert len(names) == 3 and len(set(names)) == 3
    assert (
        names[0] == "Verse and commentary: Belinda's game: "
        "the hands attributed to Pole (1895), completed by this edition"
    )
    # the section heading is an h3; the viewer's title one level below it
    section = page.locator("h3", has_text=re.compile(r"Pole.s hands")).first
    assert section.is_visible()
    assert page.locator("#pole .om-title").evaluate("(e) => e.tagName") == "H4"
    watch.assert_clean()


def test_keys_scroll_in_the_commentary_and_step_on_the_controls(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{book_url}/book/belinda/tricks.html", wait_until="networkidle")
    page.wait_for_function("document.querySelector('#pole').omViewer !== undefined")
    step = "document.querySelector('#pole').omViewer.step"
    link = page.locator("#pole a.om-goto").nth(1)
    link.focus()
    page.evaluate("document.querySelector('#pole .om-notes').scrollTop = 0")
    y = page.evaluate("window.scrollY")
    page.keyboard.press("PageDown")
    page.wait_for_timeout(300)
    scrolled = (
        page.evaluate("window.scrollY")
        - y
        + page.evaluate("document.querySelector('#pole .om-notes').scrollTop")
    )
    assert scrolled > 0, "PageDown from a commentary link scrolled nothing"
    assert page.evaluate(step) == 0
    link.focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate(step) == 0, "ArrowDown in the commentary moved the game"
    page.locator("#pole").get_by_role("button", name="Next card").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(step) == 1
    page.keyboard.press("ArrowDown")
    assert page.evaluate(step) == 3
    page.locator("#pole").get_by_role("button", name="Trick 2").focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(step) == 2
    watch.assert_clean()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_commentary_link_brings_the_table_into_view(page: Any, book_url: str, width: int) -> None:
    watch = watch_page(page, book_url)
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{book_url}/book/belinda/tricks.html", wait_until="networkidle")
    page.wait_for_function("document.querySelector('#pole').omViewer !== undefined")
    link = page.locator("#pole a.om-goto", has_text="Trick 5")
    link.scroll_into_view_if_needed()
    link.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.querySelector('#pole').omViewer.step") == 15
    box = page.locator("#pole .om-table").bounding_box()
    assert box is not None
    top, bottom = box["y"], box["y"] + box["height"]
    assert bottom > 0 and top < 844, f"the table is out of view ({top:.0f}..{bottom:.0f})"
    assert page.evaluate("document.activeElement.textContent") == "Trick 5"
    watch.assert_clean()


def _plain(text: str | None) -> str:
    """``text`` without the isolates (FSI, PDI) the viewer's script puts around names."""
    return (text or "").replace("\u2068", "").replace("\u2069", "")


def test_a_trick_jump_announces_the_whole_trick(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/belinda/tricks.html", wait_until="networkidle")
    pole = page.locator("#pole")
    status = pole.locator(".om-status")
    pole.get_by_role("button", name="Trick 5").click()
    assert _plain(status.text_content()) == (
        "Trick 5: Belinda led the King of Clubs; Baron played the Queen of Spades; "
        "Knight played the Three of Hearts (conjectural). Baron wins the trick: Belinda 4, Baron 1, Knight 0."
    )
    pole.get_by_role("button", name="Previous card").click()
    assert _plain(status.text_content()) == (
        "Taken back to trick 5 of 9, second card. "
        "Trick 5 so far: Belinda led the King of Clubs; Baron played the Queen of Spades."
    )
    pole.get_by_role("button", name="Next card").click()
    assert _plain(status.text_content()) == (
        "Trick 5, third card. Knight plays the Three of Hearts (conjectural). "
        "Baron wins the trick: Belinda 4, Baron 1, Knight 0."
    )
    assert (
        pole.locator(".om-legend")
        .text_content()
        .startswith(  # type: ignore[union-attr]
            "Cards marked ?with a question mark are conjectural"
        )
    )
    watch.assert_clean()


def test_exercise_cards_are_named_in_the_book(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/teaching/set-matadors.html", wait_until="networkidle")
    first = page.locator("section.ombre-ex").first
    assert first.get_by_role("radio", name="b) the Two of Clubs", exact=True).count() == 1
    spans = page.locator(".ombre-card-text[role=img]")
    assert spans.count() > 20
    labels = spans.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert all(label.startswith("the ") for label in labels)
    report = _report(_axe(page, ["aria-allowed-role", "role-img-alt", "label"]))
    assert not report, "\n".join(report)
    watch.assert_clean()


def test_edition_figure_cards_are_named(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/edition/play.html", wait_until="networkidle")
    king = page.locator('span.ombre-red[title="King of Hearts"]').first
    assert king.get_attribute("role") == "img"
    assert "the King of Hearts" in king.locator("xpath=..").aria_snapshot()
    watch.assert_clean()


@pytest.mark.parametrize(
    "path, caption, card, name",
    [
        ("belinda/tricks.html", "Cards played (the winner in bold)", "K♣", "the King of Clubs"),
        ("reference/rules.html", None, "2♠", "the Two of Spades"),
    ],
)
def test_cards_in_the_computed_tables_are_named(
    page: Any, book_url: str, path: str, caption: str | None, card: str, name: str
) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/{path}", wait_until="networkidle")
    main = page.locator("main")
    tables = main.locator("table:not(.om-viewer table)")
    if caption is not None:
        tables = tables.filter(has_text=caption)
    named = tables.get_by_role("img", name=name, exact=True)
    # waits for the page to settle first (a loaded machine once counted before the tables were there)
    expect(named.first).to_have_text(card)
    assert named.count() > 0
    # each card written in the page's text is named as the viewer names it, by its plain name
    from ombre.display.cardtext import card_label

    pairs = main.locator(".ombre-card-text").evaluate_all(
        "(els) => els.map((e) => [e.textContent, e.getAttribute('aria-label')])"
    )
    assert pairs and all(label == card_label(text) for text, label in pairs)
    report = _report(_axe(page, ["aria-allowed-role", "role-img-alt"]))
    assert not report, "\n".join(report)
    watch.assert_clean()
