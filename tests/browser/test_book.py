"""Every page of the built book in headless Chromium: it loads, requests nothing from another
host, logs no console error beyond the known Jupyter Book noise, and passes axe-core with no
serious or critical violation. A page with an ipywidgets slider shows it rendered and movable
from the keyboard, which proves the vendored widget JavaScript works offline."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import run_axe, toc_pages, watch_page

pytestmark = pytest.mark.browser

PAGES = toc_pages()


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_offline_and_passes_axe(page: Any, book_url: str, path: str) -> None:
    watch = watch_page(page, book_url)
    response = page.goto(f"{book_url}/{path}", wait_until="networkidle")
    assert response is not None and response.status == 200, path
    assert page.locator("main h1").count() >= 1, f"{path} has no heading"
    violations = run_axe(page)
    report = [
        f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes'][:3]]}"
        for v in violations
    ]
    assert not report, f"{path}:\n" + "\n".join(report)
    watch.assert_clean()


def test_index_redirects_to_the_landing_page(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/index.html", wait_until="networkidle")
    assert page.url.endswith(PAGES[0])
    watch.assert_clean()


def test_a_shared_trick_link_opens_its_replay_in_view(page: Any, book_url: str) -> None:
    """A teacher's link to one position of one of several replays on a page shows that replay,
    scrolled into view, at that position."""
    watch = watch_page(page, book_url)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{book_url}/book/belinda/tricks.html#king-of-clubs-trick-5", wait_until="networkidle")
    viewer = page.locator("#king-of-clubs")
    page.wait_for_function("document.querySelector('#king-of-clubs').omViewer !== undefined")
    assert page.evaluate("document.querySelector('#king-of-clubs').omViewer.step") == 15
    top = page.evaluate("document.querySelector('#king-of-clubs').getBoundingClientRect().top")
    assert 0 <= top < 844, f"the replay is not in view (top at {top}px)"
    assert viewer.locator(".om-status").count() == 1
    watch.assert_clean()


def test_edition_views_and_marks_work_in_the_built_book(page: Any, book_url: str) -> None:
    """On a page of the 1665 edition: the three views of a section switch by click and by arrow
    keys, and the editorial marks switch off and on, every toggle on the page together."""
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/edition/cards.html", wait_until="networkidle")
    sid = "ombre-of-the-names-of-the-cards"
    print_panel, braille_panel, brf_panel = (page.locator(f"#{sid}-{v}") for v in ("print", "braille", "brf"))
    assert print_panel.is_visible() and not braille_panel.is_visible()
    page.locator(f"#{sid}-tab-braille").click()
    assert braille_panel.is_visible() and not print_panel.is_visible()
    cells = [ch for ch in braille_panel.inner_text() if "\u2801" <= ch <= "\u28ff"]  # Unicode braille
    assert len(cells) > 100
    page.keyboard.press("ArrowRight")
    assert brf_panel.is_visible()
    assert page.locator(f"#{sid}-tab-brf").get_attribute("aria-selected") == "true"
    assert page.evaluate("document.activeElement.id") == f"{sid}-tab-brf"
    page.keyboard.press("Home")
    assert print_panel.is_visible()

    toggles = page.locator("button.ombre-marks-toggle")
    assert toggles.count() >= 2
    # 1665 prints "an interrupted"; the edition reads "uninterrupted", marked as editorial
    emendation = page.locator('[data-emendation="uninterrupted"]').first
    correction, reading = emendation.locator(".ombre-correction"), emendation.locator(".ombre-reading")
    assert correction.is_visible() and "uninterrupted" in correction.inner_text()
    assert not reading.is_visible()
    toggles.first.focus()
    page.keyboard.press("Enter")
    pressed = [toggles.nth(i).get_attribute("aria-pressed") for i in range(toggles.count())]
    assert pressed == ["false"] * toggles.count()
    assert reading.is_visible() and "interrupted" in reading.inner_text() and not correction.is_visible()
    page.keyboard.press("Space")
    assert toggles.last.get_attribute("aria-pressed") == "true"
    assert correction.is_visible() and not reading.is_visible()
    watch.assert_clean()


def test_edition_marks_labels_and_notes_speak_in_the_built_book(page: Any, book_url: str) -> None:
    """What a screen reader meets on an edition page (the accessibility tree): a mark is a link to
    its note that says the braille's reading; the page-and-line label is said in words, apart from
    the article number; the notes have headings and back links named after their lemmas; each
    source links to its entry; the toggle is named for every section, without its box glyph; the
    key keeps its sample when the marks are off; subheadings are roman."""
    from ombre.sources.edition import load_edition

    ed = load_edition()
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/edition/taking-in.html", wait_until="networkidle")
    mark = page.locator('[data-emendation="they-call"]')
    snap = mark.aria_snapshot()
    assert 'link "[They] (editorial: the braille reads \u201cThe\u201d)"' in snap, snap
    assert '/url: "#ombre-em-they-call"' in snap
    for title in ("Notes on Of the Codillio", "Editorial notes on Of the Codillio"):
        assert page.get_by_role("heading", name=title, level=3, exact=True).count() == 1, title
    back = f"back to the text at \u201c{ed.annotation('tother').anchor}\u201d"
    assert page.get_by_role("link", name=back, exact=True).get_attribute("href") == "#ombre-ref-tother"
    assert page.get_by_role("link", name="back to the text", exact=True).count() == 0
    sources = page.locator(".ombre-note-sources a")
    hrefs = sources.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs and all(h.startswith("../bibliography.html#cite-") for h in hrefs), hrefs
    assert page.get_by_role("link", name="Royal Game 1665", exact=True).count() > 0
    toggles = page.get_by_role("button", name="Editorial marks (all sections)", exact=True)
    assert toggles.count() == page.locator("button.ombre-marks-toggle").count() >= 2
    assert toggles.first.aria_snapshot() == '- button "Editorial marks (all sections)" [pressed]'
    toggles.first.click()
    assert toggles.first.aria_snapshot() == '- button "Editorial marks (all sections)"'
    assert page.locator(".ombre-legend .ombre-emendation.ombre-sample .ombre-correction").is_visible()
    assert mark.aria_snapshot() == "- text: The"
    toggles.first.click()

    page.goto(f"{book_url}/book/edition/cards.html", wait_until="networkidle")
    queen = next(b for b in ed.section("of-the-names-of-the-cards").blocks if b.text == "5. Queen.")
    said = page.locator(f"#ombre-{queen.id}").aria_snapshot()
    where = queen.start
    assert said == f"- paragraph: Braille page {where.page}, line {where.line}. 5. Queen.", said
    subheading = page.locator(".ombre-b-subheading").first
    assert subheading.evaluate("e => getComputedStyle(e).fontStyle") == "normal"
    watch.assert_clean()


def test_the_first_braille_lines_are_labelled_with_their_print(page: Any, book_url: str) -> None:
    """The edition's index: the first lines of the file are two labelled tables (Braille ASCII,
    then braille cells), each line with its print, and the blank cells padding a line are silent."""
    from ombre.sources.braille import load_1665

    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/book/edition/index.html", wait_until="networkidle")
    ascii_, cells = (
        page.get_by_role("group", name=name, exact=True)
        for name in ("The first lines in Braille ASCII", "The first lines as braille cells")
    )
    assert ascii_.get_by_role("table").count() == cells.get_by_role("table").count() == 1
    assert (ascii_.locator("caption").text_content() or "").strip()
    assert (cells.locator("caption").text_content() or "").strip()
    first = cells.get_by_role("row").nth(1).aria_snapshot()
    doc = load_1665()
    assert " ".join(w.text for w in doc.words if (w.position.page, w.position.line) == (1, 1)) in first
    assert '\u2800"' not in first and "\u2800\n" not in first, first  # no trailing blank cell is said
    assert page.locator("pre.ombre-braille, pre.ombre-brf").count() == 0
    page.goto(f"{book_url}/book/edition/taking-in.html", wait_until="networkidle")
    page.click("#ombre-of-the-codillio-tab-braille")
    row = page.locator("#ombre-of-the-codillio-braille tbody tr").nth(5)
    # page and line are the row's headers (th), then the cells and the print
    assert row.locator("th").nth(1).text_content() == "2"
    said = row.locator("td").nth(0).aria_snapshot()
    assert not said.rstrip('"').endswith("\u2800"), said
    watch.assert_clean()


_OVERLAPS = """(root) => {
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const cards = [...root.querySelectorAll(".om-c svg")].map(box);
  const out = [];
  for (const q of root.querySelectorAll(".om-q")) {
    if (!q.closest(".om-table")) continue;
    const r = box(q);
    if (cards.some((c) => meet(r, c))) out.push("a ? mark on a card");
  }
  // the caption keeps clear of the cards by a few pixels, not only by not touching them
  for (const t of root.querySelectorAll(".om-centre span")) {
    const b = box(t);
    const r = { left: b.left - 3, right: b.right + 3, top: b.top - 3, bottom: b.bottom + 3 };
    if (cards.some((c) => meet(r, c))) out.push("the caption '" + t.textContent + "' on a card");
  }
  return [out, root.querySelectorAll(".om-table .om-q").length];
}"""


@pytest.mark.parametrize("width", [1280, 400])
@pytest.mark.parametrize(
    "path,viewer,hashes",
    [
        ("book/belinda/tricks.html", "#pole", ["pole-start", "pole-trick-5", "pole-trick-7"]),
        ("book/belinda/tricks.html", "#king-of-clubs", ["king-of-clubs-trick-6"]),
        ("book/belinda/analysis.html", ".om-viewer", [""]),
        ("book/teaching/play.html", "#computer-hand", ["trick-1", "trick-5"]),
    ],
)
def test_replay_marks_and_captions_cover_no_card(
    page: Any, book_url: str, width: int, path: str, viewer: str, hashes: list[str]
) -> None:
    """The yellow ? of a conjectural card sits beside its card, never on it (nor on the next card
    of a fanned hand), and the caption in the middle of the table runs into no card."""
    page.set_viewport_size({"width": width, "height": 900})
    marks = 0
    for h in hashes:
        page.goto(f"{book_url}/{path}#{h}" if h else f"{book_url}/{path}", wait_until="networkidle")
        found, n = page.locator(viewer).first.evaluate(_OVERLAPS)
        assert found == [], f"{path}#{h} at {width}px: {found}"
        marks += n
    if "belinda" in path:
        assert marks > 0  # the Belinda replays do show conjectural cards


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_braille_view_keeps_each_line_and_its_print_on_one_row(
    page: Any, book_url: str, width: int, scheme: str
) -> None:
    """The braille tabs: every row one line high (the print of a braille line does not wrap), the
    print column as wide as its longest line; at 1280 px the whole table fits the column, narrower
    it scrolls sideways in its own (focusable) panel rather than squeezing the print."""
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{book_url}/book/edition/opening.html", wait_until="networkidle")
    page.evaluate(f"document.documentElement.dataset.theme = '{scheme}'")
    page.evaluate("document.fonts.ready.then(() => true)")
    for view in ("braille", "brf"):
        page.click(f"#ombre-of-the-stakes-tab-{view}")
        got = page.evaluate(
            """v => {
              const panel = document.getElementById('ombre-of-the-stakes-' + v);
              const rows = [...panel.querySelectorAll('tbody tr')];
              const lh = parseFloat(getComputedStyle(rows[0].children[3]).fontSize) * 2.6;  // under two lines
              const tall = rows.filter(r => r.children[3].getBoundingClientRect().height > lh).length;
              const cut = rows.filter(r => r.children[3].scrollWidth > r.children[3].clientWidth + 1).length;
              return {tall, cut, fits: panel.scrollWidth <= panel.clientWidth + 1, rows: rows.length,
                      focusable: panel.tabIndex === 0, w: [panel.scrollWidth, panel.clientWidth]};
            }""",
            view,
        )
        assert got["rows"] >= 10 and got["tall"] == 0 and got["cut"] == 0, repr((view, got))
        assert got["focusable"]
        if width >= 1280:
            assert got["fits"], (view, got)


@pytest.mark.parametrize("width", [1280, 390])
def test_edition_tables_and_margin_labels_read_well(page: Any, book_url: str, width: int) -> None:
    """The emendations table gives its reason column room (no one-word lines) and fits the page
    without sideways scrolling; the margin labels of the print view stay on one line."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{book_url}/book/edition/index.html", wait_until="networkidle")
    box = page.locator(".ombre-table-scroll")
    fits = box.evaluate("d => d.scrollWidth <= d.clientWidth + 1")
    assert fits
    reason_width = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('table.ombre-emendations tbody td:nth-child(4)')]"
        ".map(td => td.getBoundingClientRect().width))"
    )
    assert reason_width >= (300 if width >= 1280 else 320)
    rows = page.locator("table.ombre-emendations tbody tr").count()
    height = page.locator("table.ombre-emendations").bounding_box()["height"]
    assert height / rows < 180, f"{height / rows:.0f}px a row"
    page.goto(f"{book_url}/book/edition/play.html", wait_until="networkidle")
    lines = page.evaluate(
        "() => [...document.querySelectorAll('.ombre-pl')].map(e => [e.textContent,"
        " Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))])"
    )
    assert lines and all(n == 1 for _, n in lines), lines
