"""The built book in headless Chromium: an exercise set printed as a worksheet and as an answer
key (print media), the focus ring of the sidebar toggle, and the trick on the table as a screen
reader hears it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ombre.teaching import exercise_set

from .conftest import watch_page

pytestmark = pytest.mark.browser

_PRINTED = """(root) => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const all = (sel) => Array.from(root.querySelectorAll(sel));
  const solutions = all('.ombre-ex details')
    .filter((d) => d.querySelector('summary').textContent.trim() === 'Solution');
  return {
    checks: all('.ombre-ex-form button').filter(shown).length,
    emptyFeedback: all('.ombre-ex-feedback').filter((f) => !f.textContent.trim() && shown(f)).length,
    closedShown: all('.ombre-ex details:not([open])').filter(shown).length,
    keyShown: all('.ombre-ex-key').filter(shown).length,
    solutionsShown: solutions.filter((d) => d.open && shown(d) && shown(d.querySelector('p'))).length,
    boxes: all('.ombre-ex input[type=text]')
      .map((i) => [i.getBoundingClientRect().width, i.getBoundingClientRect().height]),
    width: root.getBoundingClientRect().width,
  };
}"""


def test_a_set_page_prints_as_a_worksheet_and_as_an_answer_key(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.set_viewport_size({"width": 900, "height": 1200})
    page.goto(f"{book_url}/book/teaching/set-probability.html", wait_until="networkidle")
    ex = exercise_set("probability")
    numeric = sum(1 for e in ex if e.format == "number")
    key = page.get_by_role("button", name="Show all solutions")
    assert key.is_visible()

    page.emulate_media(media="print")
    sheet = page.locator(".ombre-exset").evaluate(_PRINTED)
    assert sheet["checks"] == 0 and sheet["emptyFeedback"] == 0 and sheet["closedShown"] == 0, sheet
    assert sheet["keyShown"] == 0 and sheet["solutionsShown"] == 0, sheet
    assert len(sheet["boxes"]) == numeric
    for w, h in sheet["boxes"]:  # a box across the question to write the answer in
        assert w >= 0.9 * sheet["width"] - 60 and h >= 40, sheet["boxes"]
    assert page.locator("header.bd-header").first.is_hidden()

    page.emulate_media(media="screen")
    key.focus()
    page.keyboard.press("Enter")
    hide = page.get_by_role("button", name="Hide all solutions")
    assert hide.is_visible()
    page.emulate_media(media="print")
    answers = page.locator(".ombre-exset").evaluate(_PRINTED)
    assert answers["solutionsShown"] == len(ex.exercises), answers
    assert answers["checks"] == 0 and answers["keyShown"] == 0, answers
    printed = page.locator(".ombre-exset").inner_text()
    for e in ex:
        assert f"Answer: {e.answer_text}" in printed

    page.emulate_media(media="screen")
    hide.click()
    assert page.get_by_role("button", name="Show all solutions").is_visible()
    assert page.locator(".ombre-ex details[open]").count() == 0
    watch.assert_clean()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_sidebar_toggle_shows_a_focus_ring(browser: Any, book_url: str, width: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = ctx.new_page()
        watch = watch_page(page, book_url)
        page.goto(f"{book_url}/book/teaching/set-order.html", wait_until="networkidle")
        toggle = page.locator("button.sidebar-toggle.primary-toggle:visible").first
        for _ in range(80):  # by the keyboard (past the sidebar at 1280), so that :focus-visible applies
            page.keyboard.press("Tab")
            if toggle.evaluate("(e) => e === document.activeElement"):
                break
        else:
            pytest.fail("the sidebar toggle is not reached by Tab")
        ring = toggle.evaluate(
            "(e) => { const s = getComputedStyle(e); return [e.matches(':focus-visible'), s.outlineStyle,"
            " parseFloat(s.outlineWidth), s.boxShadow]; }"
        )
        focus_visible, style, outline_width, shadow = ring
        assert focus_visible
        assert (style != "none" and outline_width >= 2) or shadow != "none", ring
        watch.assert_clean()
    finally:
        ctx.close()


def test_the_trick_on_the_table_is_said_seat_by_seat(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/belinda/tricks.html#pole-trick-5-card-2", wait_until="networkidle")
    trick = page.locator("#pole").get_by_role("group", name="The trick on the table")
    said = trick.aria_snapshot()
    assert said.startswith(
        '- group "The trick on the table": "Knight: no card yet Baron: the Queen of Spades '
        "Belinda (led): the King of Clubs Trick 5"
    ), said
    assert "img" not in said, "a card face is heard on its own"
    page.locator("#pole").get_by_role("button", name="Next card").click()
    said = trick.aria_snapshot()
    assert "Knight: the Three of Hearts (conjectural) Baron (wins): the Queen of Spades" in said, said
    watch.assert_clean()


def test_a_page_printed_in_dark_mode_prints_dark_on_white(browser: Any, book_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 900, "height": 1200}, color_scheme="dark")
    try:
        page = ctx.new_page()
        watch = watch_page(page, book_url)
        page.goto(f"{book_url}/book/teaching/set-order.html", wait_until="networkidle")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        colour = "(e) => getComputedStyle(e).color"
        light_text = page.locator(".ombre-ex-prompt").first.evaluate(colour)
        page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
        page.emulate_media(media="print")
        assert page.evaluate("document.documentElement.dataset.theme") == "light"
        for sel in (".ombre-ex-prompt", "article p"):
            rgb = [int(v) for v in re.findall(r"\d+", page.locator(sel).first.evaluate(colour))[:3]]
            assert max(rgb) < 90, (sel, rgb, "light text on white paper")
        page.evaluate("window.dispatchEvent(new Event('afterprint'))")
        page.emulate_media(media="screen")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        assert page.locator(".ombre-ex-prompt").first.evaluate(colour) == light_text
        watch.assert_clean()
    finally:
        ctx.close()


_VIEWERS_PRINTED = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const all = (root, sel) => Array.from(root.querySelectorAll(sel));
  const dark = (c) => Math.max(...(c.match(/\\d+/g) || []).slice(0, 3).map(Number)) < 90;
  return all(document, '.om-viewer').map((v) => {
    const notes = v.querySelector('aside.om-notes');
    const last = all(notes, '.om-note').pop();
    const overlaps = all(v, 'ul.om-hand').map((hand) => {
      // the cards themselves: a fanned card overflows its place in the hand
      const boxes = all(hand, ':scope > li > .om-c').map((c) => c.getBoundingClientRect());
      return boxes.filter((b, i) => i > 0 && Math.abs(b.top - boxes[i - 1].top) < 1
        && b.left < boxes[i - 1].right - 0.5).length;
    });
    const table = getComputedStyle(v.querySelector('.om-table'));
    return {
      id: v.id,
      notesClipped: notes.scrollHeight - notes.clientHeight,
      lastNoteInside: last.getBoundingClientRect().bottom <= notes.getBoundingClientRect().bottom + 1,
      buttons: all(v, 'button').filter(shown).length,
      keys: all(v, '.om-keys, .om-jump, .om-controls').filter(shown).length,
      overlaps: overlaps.reduce((a, b) => a + b, 0),
      tableBackground: table.backgroundColor,
      tableImage: table.backgroundImage,
      tableTextDark: dark(table.color),
    };
  });
}"""


# where the printed notes of the first replay stopped: does Morley's sentence lie inside the box?
_BASTO_INSIDE = """() => {
  const notes = document.querySelector('#pole aside.om-notes');
  const p = Array.from(notes.querySelectorAll('p'))
    .find((e) => e.textContent.includes('the third trump, Basto,'));
  return p.getBoundingClientRect().bottom <= notes.getBoundingClientRect().bottom + 1;
}"""


def test_a_belinda_replay_prints_whole_without_its_controls(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi, as Chromium prints it
    page.goto(f"{book_url}/book/belinda/tricks.html", wait_until="networkidle")
    on_screen = page.evaluate(_VIEWERS_PRINTED)
    assert len(on_screen) == 3
    # on the screen the notes scroll in their box, the buttons work and the hands are fanned
    assert all(v["notesClipped"] > 0 and v["buttons"] > 0 and v["overlaps"] > 0 for v in on_screen), on_screen
    assert not page.evaluate(_BASTO_INSIDE)

    page.emulate_media(media="print")
    printed = page.evaluate(_VIEWERS_PRINTED)
    for v in printed:
        assert v["notesClipped"] <= 1 and v["lastNoteInside"], v  # every line of verse and commentary
        assert v["buttons"] == 0 and v["keys"] == 0, v
        assert v["overlaps"] == 0, v  # each card of a hand in full
        assert v["tableBackground"] == "rgb(255, 255, 255)" and v["tableImage"] == "none", v
        assert v["tableTextDark"], v
    # the sentence the scrolling box cut off, and all that follows it, is on the paper
    assert page.evaluate(_BASTO_INSIDE)
    assert page.locator("#jb-print-toc").is_hidden()
    page.emulate_media(media="screen")
    watch.assert_clean()


def test_an_edition_page_prints_without_code_toggles_or_contents(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/edition/play.html", wait_until="networkidle")
    toggles = page.locator("details.hide.above-input > summary")
    assert toggles.count() > 0 and toggles.first.is_visible()
    sections = page.locator("section.ombre-edition-section")
    assert sections.count() > 0

    page.emulate_media(media="print")
    assert page.get_by_text("Show code cell source").filter(visible=True).count() == 0
    assert page.locator("details.hide.above-input").filter(visible=True).count() == 0
    assert page.locator("#jb-print-toc").is_hidden()
    # what the code cells print, the edition's text, is still on the paper
    assert sections.filter(visible=True).count() == sections.count()
    page.emulate_media(media="screen")
    watch.assert_clean()
