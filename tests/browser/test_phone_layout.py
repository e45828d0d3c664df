"""The book on a phone (390 x 844) in Chromium: nothing is wider than the screen except inside a box
that scrolls and says so; a table's caption wraps at the visible width instead of being cut; and
the numbers and quotations read as print would set them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import toc_pages, watch_page

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

LAYOUT = """() => {
  const W = window.innerWidth, art = document.querySelector('.bd-article');
  const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
  const inBox = (e) => { for (let p = e.parentElement; p && p !== art; p = p.parentElement)
    if (scrolls(p)) return true; return false; };
  const wide = [];
  for (const e of art.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.height && r.right > W + 1 && !inBox(e)) wide.push(e.tagName + ' ' + e.className);
  }
  const boxes = [...art.querySelectorAll('*')].filter(
    (e) => scrolls(e) && e.querySelector('table') && e.scrollWidth > e.clientWidth + 1
      && !e.closest('.om-viewer'));
  const uncued = boxes.filter((b) => !b.classList.contains('ombre-scrolls')
    || ['none', 'normal'].includes(getComputedStyle(b, '::before').content)).map((b) => b.className);
  const cut = [];
  for (const b of boxes) for (const c of b.querySelectorAll('caption')) {
    const r = c.getBoundingClientRect(), br = b.getBoundingClientRect();
    if (r.right > br.right + 1) cut.push(c.textContent.trim().slice(0, 60));
  }
  return {page: document.documentElement.scrollWidth, W, wide, boxes: boxes.length, uncued, cut};
}"""


@pytest.mark.parametrize("path", toc_pages())
def test_every_page_fits_a_phone_and_wide_tables_say_so(browser: Any, book_url: str, path: str) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        watch = watch_page(page, book_url)
        page.goto(f"{book_url}/{path}", wait_until="networkidle")
        page.wait_for_timeout(300)
        got = page.evaluate(LAYOUT)
        assert got["page"] <= got["W"] + 1, got["wide"]
        assert not got["wide"]
        assert not got["uncued"], got["uncued"]
        assert not got["cut"], got["cut"]
        watch.assert_clean()
    finally:
        ctx.close()


def test_the_cue_changes_at_the_end_of_a_wide_table(browser: Any, book_url: str) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        page.goto(f"{book_url}/book/teaching/probability-lab.html", wait_until="networkidle")
        box = page.locator(".ombre-scrolls").first
        box.scroll_into_view_if_needed()
        before = box.evaluate("b => getComputedStyle(b, '::before').content")
        assert "scroll sideways" in before
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; b.dispatchEvent(new Event('scroll')); }")
        page.wait_for_timeout(100)
        assert "scroll back" in box.evaluate("b => getComputedStyle(b, '::before').content")
        # columns of words are not squeezed to a word a line
        widths = (
            box.locator("tbody tr")
            .first.locator("th, td")
            .evaluate_all("cs => cs.map(c => c.getBoundingClientRect().width)")
        )
        assert min(widths) >= 110, widths
    finally:
        ctx.close()


def _article_text(page: Any) -> str:
    return page.evaluate(
        """() => { const a = document.querySelector('.bd-article').cloneNode(true);
             a.querySelectorAll('pre, code, script, style, .om-viewer').forEach(e => e.remove());
             return a.textContent; }"""
    )


@pytest.mark.parametrize("path", ["book/reference/rules.html", "book/teaching/set-pope.html"])
def test_no_doubled_closing_bracket(page: Any, book_url: str, path: str) -> None:
    page.goto(f"{book_url}/{path}", wait_until="networkidle")
    assert not re.findall(r".{40}\w\)\)", _article_text(page))  # before: "(the engine's convention))"


def test_the_lab_rounds_to_what_its_deals_support(page: Any, book_url: str) -> None:
    page.goto(f"{book_url}/book/teaching/probability-lab.html", wait_until="networkidle")
    text = _article_text(page)
    assert "100.00%" not in text and "95.42%" not in text
    row = page.locator("table", has_text="Ombre wins, 80 deals").locator("tbody tr").first.inner_text()
    assert re.search(r"\d+ of 80: \d+% \(\d+% to \d+%\)", row), row


def test_belinda_s_chance_of_codille_is_not_rounded_silently(page: Any, book_url: str) -> None:
    page.goto(f"{book_url}/book/belinda/analysis.html", wait_until="networkidle")
    text = _article_text(page)
    assert "5/8 (62%)" not in text and "5 in 8 (62.5%)" in text


def test_morley_is_quoted_with_dashes_and_curly_quotes(page: Any, book_url: str) -> None:
    page.goto(f"{book_url}/book/belinda/tricks.html", wait_until="networkidle")
    quotes = [q for q in _article_text(page).split("\n") if q.startswith("Morley: ")]
    assert len(quotes) >= 10
    for q in quotes:
        assert "--" not in q and '"' not in q and "'" not in q and "\u2013" not in q, q
    assert any("diamond\u2014spades" in q for q in quotes)


FIGURES = """() => [...document.querySelectorAll('figure.ombre-plot')].map((f) => {
  const img = f.querySelector('img'), source = f.querySelector('picture > source');
  return {phone: !!source && img.currentSrc === source.srcset, natural: img.naturalWidth,
          shown: img.getBoundingClientRect().width, alt: img.alt};
})"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}])
def test_the_lab_s_charts_keep_legible_labels(browser: Any, book_url: str, viewport: dict[str, int]) -> None:
    from ombre.display.plots import STYLE

    ctx = browser.new_context(viewport=viewport)
    try:
        page = ctx.new_page()
        page.goto(f"{book_url}/book/teaching/probability-lab.html", wait_until="networkidle")
        figures = page.evaluate(FIGURES)
        assert len(figures) >= 2, figures
        label_px = STYLE["font.size"] * STYLE["savefig.dpi"] / 72  # the labels' height in the image
        for f in figures:
            assert f["phone"] == (viewport == PHONE), f
            assert f["alt"].startswith("Line chart"), f
            assert 0 < f["shown"] <= viewport["width"], f
            # the labels as the reader sees them, in CSS px: at least 10 (the desktop figure on a
            # phone gave about 7)
            assert label_px * f["shown"] / f["natural"] >= 10, f
    finally:
        ctx.close()
