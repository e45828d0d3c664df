"""The replay viewer's layout and manners in the built book, at a desktop width and a phone's.

At 1280 x 900 the book's column gives a viewer 688-790 px: the current trick's verse must sit
beside the cards, both in the window together; at 390 x 844 the verse stacks below and nothing
overflows. The reader arriving on "The game, trick by trick" meets the replay first. The
buttons stay put as the words change; single cards are said with their place in the trick; a
move past the end says so; a viewer reached by the keyboard shows its title clear of the sticky
header; hands lie side by side where their seat has room; the trick buttons mark the trick in
progress; the page's contents mark the viewer in view. Names set as text by the script are
isolated, so a right-to-left override in a name cannot reorder the words after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ombre.display.replay import build_viewer_steps, replay_html

from .conftest import serve, watch_page
from .test_viewer_browser import belinda

pytestmark = pytest.mark.browser

TRICKS = "book/belinda/tricks.html"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

_BOX = """(el) => { const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; }"""


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.eval_on_selector(selector, _BOX)
    return box


def _header_bottom(page: Any) -> float:
    bottom: float = page.evaluate(
        "() => { const h = document.querySelector('#pst-header, .bd-header');"
        " return h ? h.getBoundingClientRect().bottom : 0; }"
    )
    return bottom


def _open(page: Any, url: str, viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    page.goto(url, wait_until="networkidle")
    page.wait_for_function("document.querySelector('#pole') && document.querySelector('#pole').omViewer")


def _visible_part(page: Any, selector: str) -> float:
    """How many pixels of ``selector`` show, clipped by its scrolling box and the window."""
    shown: float = page.eval_on_selector(
        selector,
        """(el) => {
          let r = el.getBoundingClientRect();
          let top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
          for (let p = el.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflowY === 'auto' || s.overflowY === 'scroll' || s.overflowY === 'hidden') {
              const q = p.getBoundingClientRect();
              top = Math.max(top, q.top); bottom = Math.min(bottom, q.bottom);
            }
          }
          const header = document.querySelector('#pst-header, .bd-header');
          if (header) top = Math.max(top, header.getBoundingClientRect().bottom);
          return Math.max(0, bottom - top);
        }""",
    )
    return shown


# ----------------------------------------------------------------------------- the verse beside the cards


@pytest.mark.parametrize("trick", [1, 5, 9])
def test_the_verse_sits_beside_the_cards_at_a_desktop_width(page: Any, book_url: str, trick: int) -> None:
    watch = watch_page(page, book_url)
    _open(page, f"{book_url}/{TRICKS}#pole-trick-{trick}", DESKTOP)
    viewer = _box(page, "#pole")
    assert 680 <= viewer["width"] <= 800, f"the book's column gave the viewer {viewer['width']}px"
    table = _box(page, "#pole .om-table")
    verse = _box(page, "#pole .om-note.om-current")
    assert verse["left"] >= table["right"], f"the verse ({verse}) is not right of the table ({table})"
    # both in the window together: the whole table, and a good part of the current trick's verse
    assert table["top"] >= _header_bottom(page) - 1 and table["bottom"] <= DESKTOP["height"], table
    assert _visible_part(page, "#pole .om-note.om-current") >= 120
    watch.assert_clean()


def test_stepping_keeps_the_current_verse_in_view_beside_the_table(page: Any, book_url: str) -> None:
    _open(page, f"{book_url}/{TRICKS}#pole-start", DESKTOP)
    page.focus("#pole")
    for _ in range(9):
        page.keyboard.press("ArrowDown")
        table = _box(page, "#pole .om-table")
        verse = _box(page, "#pole .om-note.om-current")
        assert verse["left"] >= table["right"]
        assert table["bottom"] <= DESKTOP["height"]
        assert _visible_part(page, "#pole .om-note.om-current") >= 60


def test_on_a_phone_the_verse_stacks_and_nothing_overflows(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    _open(page, f"{book_url}/{TRICKS}#pole-trick-5", PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"
    table = _box(page, "#pole .om-table")
    notes = _box(page, "#pole .om-notes")
    assert notes["top"] >= table["bottom"], "the verse stacks below the table"
    wide = page.eval_on_selector(
        "#pole",
        """(root) => { const edge = root.getBoundingClientRect().right + 1;
          return Array.from(root.querySelectorAll('*')).filter((e) => {
            if (e.closest('.om-sr, [hidden]')) return false;
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.right > edge; }).map((e) => e.className.baseVal ?? e.className); }""",
    )
    assert wide == [], f"these stick out of the viewer: {wide[:5]}"
    # the cards stay legible: at least 40 px wide, the verse at its ordinary size
    card = page.eval_on_selector("#pole .om-hand .om-c", "(e) => e.getBoundingClientRect().width")
    assert card >= 40
    size = page.eval_on_selector("#pole .om-verse", "(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 14
    watch.assert_clean()


def test_the_reader_meets_the_replay_first(page: Any, book_url: str) -> None:
    _open(page, f"{book_url}/{TRICKS}", DESKTOP)
    top = page.evaluate("document.querySelector('.om-viewer').getBoundingClientRect().top + scrollY")
    assert top < 2 * DESKTOP["height"], f"the first replay starts {top}px down the page"
    # the tables of each trick come after the replays, still in the page for readers without the
    # script and on paper
    after = page.evaluate(
        """() => { const tables = Array.from(document.querySelectorAll('table'))
            .filter((t) => t.textContent.includes('Cards played (the winner in bold)'));
          const last = Array.from(document.querySelectorAll('.om-viewer')).pop();
          return tables.length > 0 && tables.every((t) =>
            last.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING); }"""
    )
    assert after


# ----------------------------------------------------------------------------- the replay's manners


def test_the_buttons_stay_put_as_the_words_change(page: Any, book_url: str) -> None:
    _open(page, f"{book_url}/{TRICKS}#pole-start", DESKTOP)
    page.focus("#pole")
    controls, jumps, heights = [], [], set()
    for _ in range(27):
        page.keyboard.press("ArrowRight")
        viewer = _box(page, "#pole")
        controls.append(_box(page, "#pole .om-controls")["top"] - viewer["top"])
        jumps.append(_box(page, "#pole .om-jump")["top"] - viewer["top"])
        heights.add(round(_box(page, "#pole .om-status")["height"]))
    assert len(heights) > 1, "the status changes height (else the test proves nothing)"
    # still to within 2 px (a card's outline), where the status once moved them by 15
    assert max(controls) - min(controls) <= 2, f"the step buttons moved: {sorted(set(controls))}"
    assert max(jumps) - min(jumps) <= 2, f"the trick buttons moved: {sorted(set(jumps))}"


def test_single_cards_are_said_with_their_place_and_the_end_is_said(page: Any, book_url: str) -> None:
    _open(page, f"{book_url}/{TRICKS}#pole-trick-4", DESKTOP)
    status = page.locator("#pole .om-status")
    page.locator("#pole").get_by_role("button", name="Next card").click()
    said = status.text_content().replace("\u2068", "").replace("\u2069", "")
    assert said == "Trick 5, first card. Belinda plays the King of Clubs.", said
    page.locator("#pole").get_by_role("button", name="Next card").click()
    assert status.text_content().startswith("Trick 5, second card. ")
    page.locator("#pole").get_by_role("button", name="Last").click()
    page.focus("#pole")
    page.keyboard.press("ArrowRight")
    assert status.text_content().startswith("The end of the game: there is no card after this. Trick 9")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")
    assert status.text_content().startswith("The start of the play: there is no card before this.")


def test_the_trick_buttons_mark_the_trick_in_progress(page: Any, book_url: str) -> None:
    _open(page, f"{book_url}/{TRICKS}#pole-trick-4", DESKTOP)
    viewer = page.locator("#pole")
    jump = viewer.get_by_role("button", name="Trick 5")
    viewer.get_by_role("button", name="Next card").click()
    assert jump.get_attribute("aria-current") == "true"
    assert viewer.get_by_role("button", name="Trick 4").get_attribute("aria-current") is None
    viewer.get_by_role("button", name="Next trick").click()
    assert jump.get_attribute("aria-current") == "step"
    # the trick in progress looks marked, differently from the trick at its end
    look = jump.evaluate("(b) => getComputedStyle(b).backgroundColor")
    viewer.get_by_role("button", name="Previous card").click()
    assert jump.evaluate("(b) => getComputedStyle(b).backgroundColor") not in (look, "rgba(0, 0, 0, 0)")


def test_tabbing_to_a_viewer_shows_its_title_clear_of_the_header(page: Any, book_url: str) -> None:
    _open(page, f"{book_url}/{TRICKS}", DESKTOP)
    # from the link just before the second replay (the first one's braille), by the keyboard
    page.focus('a[href$="belinda-pole.brf"]')
    page.evaluate("window.scrollTo(0, 0)")
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "king-of-clubs":
            break
    assert page.evaluate("document.activeElement.id") == "king-of-clubs"
    title = _box(page, "#king-of-clubs .om-title")
    assert title["top"] >= _header_bottom(page), (
        f"the title is under the header ({title}, header at {_header_bottom(page)})"
    )
    assert title["bottom"] <= DESKTOP["height"]


def test_hands_lie_side_by_side_where_the_seat_has_room(page: Any, book_url: str) -> None:
    for viewport in (DESKTOP, PHONE):
        _open(page, f"{book_url}/{TRICKS}#pole-trick-5", viewport)
        hands = page.eval_on_selector_all(
            "#pole .om-seat .om-hand",
            """(hands) => hands.map((h) => {
              const cards = Array.from(h.querySelectorAll(':scope > li .om-c'));
              const w = cards.length ? cards[0].getBoundingClientRect().width : 0;
              const lefts = cards.map((c) => c.getBoundingClientRect().left);
              const gaps = lefts.slice(1).map((x, i) => x - lefts[i]);
              return {room: h.clientWidth, need: cards.length * (w + 5), width: w, gaps: gaps}; })""",
        )
        roomy = [h for h in hands if h["need"] <= h["room"]]
        assert roomy, f"no seat has room for its hand at {viewport}: {hands}"
        for h in roomy:
            assert min(h["gaps"]) >= h["width"], f"cards overlap in a seat with room: {h}"


def test_the_contents_mark_the_viewer_in_view(page: Any, book_url: str) -> None:
    _open(page, f"{book_url}/{TRICKS}#king-of-clubs-trick-5", DESKTOP)
    if page.locator("#pst-page-toc-nav").count() == 0:
        pytest.skip("this theme shows no contents for the page")
    active = "() => Array.from(document.querySelectorAll('#pst-page-toc-nav a.active')).map((a) => a.hash)"
    page.wait_for_timeout(300)
    assert page.evaluate(active) == ["#the-king-of-clubs-played-by-the-third-player-on-this-edition-s-hands"]
    # scrolled back up into the middle of the first, tall, viewer: its heading far above the window
    page.evaluate(
        "() => { const v = document.querySelector('#pole'); window.scrollTo(0, "
        "v.getBoundingClientRect().top + scrollY + v.offsetHeight / 2); }"
    )
    page.wait_for_timeout(400)
    assert page.evaluate(active) == ["#pole-s-hands-1895-completed-by-this-edition"]
    page.evaluate("() => document.querySelector('#baker').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)
    assert page.evaluate(active) == ["#sans-prendre-as-baker-argues-on-this-edition-s-hands"]


# ----------------------------------------------------------------------------- names isolated

RTL = "\u202eArabic \u0639\u0644\u064a"  # an override and a right-to-left name


@pytest.fixture(scope="module")
def rtl_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("rtl-site")
    game = build_viewer_steps(belinda((RTL, "the Baron", "<img src=x onerror=alert(1)>")), title="Isolated")
    (root / "rtl.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Names</title></head>'
        f"<body><main>{replay_html(game, viewer_id='rtl')}</main></body></html>",
        "utf-8",
    )
    yield from serve(root)


def test_a_bidi_override_in_a_name_cannot_reorder_the_words_after_it(page: Any, rtl_site: str) -> None:
    watch = watch_page(page, rtl_site)
    page.goto(f"{rtl_site}/rtl.html")
    viewer = page.locator("#rtl")
    viewer.get_by_role("button", name="Next card").click()
    status = viewer.locator(".om-status")
    text = status.text_content()
    assert f"\u2068{RTL}\u2069 plays Spadille" in text, text
    # laid out: "plays" stays left of "Spadille", as it would not under an unclosed override
    order = status.evaluate(
        """(el) => { const node = el.firstChild, text = node.textContent;
          const at = (word) => { const r = document.createRange(); const i = text.indexOf(word);
            r.setStart(node, i); r.setEnd(node, i + word.length); return r.getBoundingClientRect().left; };
          return [at('plays'), at('Spadille'), at('the Ace')]; }"""
    )
    assert order == sorted(order), f"the words after the name are reordered: {order}"
    # the position line and the whole-trick summary (a move of more than one card) too
    viewer.get_by_role("button", name="Next trick").click()
    assert f"\u2068{RTL}\u2069" in status.text_content()
    assert viewer.locator(f'.om-seat[data-seat="0"] .om-name bdi:text-is("{RTL}")').count() == 1
    assert viewer.locator("img").count() == 0
    assert watch.dialogs == []
    watch.assert_clean()
