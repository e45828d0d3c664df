"""The static replay viewer in headless Chromium: buttons, keys, links, two viewers, escaping, axe.

The pages under test are generated here (a standalone HTML file per case, served from
127.0.0.1).  The stepping tests take the page as a parameter: set ``OMBRE_REPLAY_PAGES`` to
paths in the built book (comma-separated, e.g. ``book/belinda/replay.html``) and they run on the
first viewer of each of those pages too, checking the counts shown against the counts the engine
wrote into that viewer's data.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ombre.display.replay import ViewerNote, build_viewer_steps, replay_html
from ombre.engine.cards import DECK, Card, Suit, parse_cards
from ombre.engine.game import Bid, Deal, DeclareVole, Exchange, GameState, NameTrump, Phase

from .conftest import BUILD, Lab, run_all_cells, run_axe, serve, watch_page

pytestmark = pytest.mark.browser

DEALT = ("As 2s Ac Ks Kc Kh Qh 3d 2c", "Qs Js 7s 6s 5s Kd Qd Jd Ah", "4s 3s 4c Jc Jh 2h 3h 4h 5h")
PLAY = "As 5s 3s  2s 6s 4s  Ac 7s 4c  Ks Js Jc  Kc Qs 2h  Kd 3h 3d  Qd 4h 4d  Jd 5h Qh  Ah Jh Kh"
EVIL = "<img src=x onerror=alert(1)>"


def belinda(names: tuple[str, str, str] = ("Belinda", "the Baron", "the Knight")) -> GameState:
    """Belinda's game as Pole reconstructs it (see tests/display/test_viewer.py)."""
    hands = tuple(tuple(parse_cards(h)) for h in DEALT)
    four = Card.parse("4d")
    used = {c for h in hands for c in h} | {four}
    stock = (four,) + tuple(c for c in DECK if c not in used)
    state = GameState(Deal(hands, stock, dealer=2), rules="court-gamester", players=list(names))  # type: ignore[arg-type]
    for action in (Bid("play"), Bid("pass"), Bid("pass"), NameTrump(Suit.SPADES)):
        state.apply(action)
    for discard in (("2c",), (), ()):
        state.apply(Exchange(tuple(Card.parse(c) for c in discard)))
    for card in PLAY.split():
        if state.phase is Phase.VOLE:
            state.apply(DeclareVole(False))
        state.play(card)
    return state


NOTES = [
    ViewerNote(1, "Trick 1", "49  Spadillio first, unconquerable Lord!\n50  Led off two captive trumps"),
    ViewerNote(5, "Trick 5", "65  Thus far both armies to Belinda yield;\nA <b>note</b> & more."),
]


def _page(title: str, *viewers: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}</title></head><body><main><h1>{title}</h1>"
        + "".join(viewers)
        + "<p>After the viewers.</p></main></body></html>"
    )


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("viewer-site")
    game = build_viewer_steps(belinda(), notes=NOTES, title="Belinda's game")
    (root / "one.html").write_text(_page("One replay", replay_html(game, viewer_id="belinda")), "utf-8")
    (root / "two.html").write_text(
        _page(
            "Two replays",
            replay_html(game, viewer_id="belinda"),
            replay_html(game, viewer_id="baron", seat_view=1, title="From the Baron's seat"),
        ),
        "utf-8",
    )
    evil = build_viewer_steps(
        belinda((EVIL, "the Baron", "<script>alert(2)</script>")),
        notes=[ViewerNote(1, "<img src=y onerror=alert(3)>", "<svg onload=alert(4)>")],
        title="<b onmouseover=alert(5)>bold</b>",
    )
    (root / "evil.html").write_text(_page("Escaping", replay_html(evil, viewer_id="evil")), "utf-8")
    from importlib import resources

    from ombre.engine.record import read_records

    text = (resources.files("ombre.engine.record") / "examples" / "fragment.omb").read_text(encoding="utf-8")
    [fragment] = read_records(text)
    (root / "fragment.html").write_text(_page("Unfinished", replay_html(fragment, viewer_id="f")), "utf-8")
    yield from serve(root)


@dataclass
class Target:
    """A page holding a viewer, and where it is served."""

    url: str
    origin: str
    engine: GameState | None  # the game it shows, when the test knows it


def _book_pages() -> list[str]:
    """Pages of the built book that hold a replay: ``OMBRE_REPLAY_PAGES``, else every such page."""
    raw = os.environ.get("OMBRE_REPLAY_PAGES")
    if raw is not None:
        return [p.strip() for p in raw.split(",") if p.strip()]
    if not BUILD.is_dir():
        return []
    found = []
    for path in sorted(BUILD.rglob("*.html")):
        rel = path.relative_to(BUILD).as_posix()
        if rel.startswith(("_static/", "_sources/", "_images/")):
            continue
        # the element itself, not the escaped text of a doctest on the API reference
        if '<div class="om-viewer"' in path.read_text(encoding="utf-8", errors="replace"):
            found.append(rel)
    return found


@pytest.fixture(params=["standalone", *_book_pages()])
def target(request: pytest.FixtureRequest, site: str) -> Iterator[Target]:
    if request.param == "standalone":
        yield Target(f"{site}/one.html", site, belinda())
        return
    if not (BUILD / request.param).exists():
        pytest.skip(f"{request.param} is not in the built book at {BUILD}")
    for origin in serve(BUILD):
        yield Target(f"{origin}/{request.param}", origin, None)


# ----------------------------------------------------------------------------- helpers

_SHOWN = """(root) => {
  const seat = (s) => root.querySelector(`.om-seat[data-seat="${s}"]`);
  const count = (s) => {
    const t = seat(s).querySelector('.om-count').textContent;
    return t === 'no tricks' ? 0 : parseInt(t, 10);
  };
  const labels = (els) => Array.from(els).map((e) => e.getAttribute('aria-label'));
  const hand = (s) => labels(seat(s).querySelectorAll('.om-hand svg'));
  return {
    counts: [count(0), count(1), count(2)],
    hands: [hand(0), hand(1), hand(2)],
    table: labels(root.querySelectorAll('.om-trick svg[role=img]')),
    status: root.querySelector('.om-status').textContent,
    where: root.querySelector('.om-where').textContent,
    toMove: Array.from(root.querySelectorAll('.om-seat.om-to-move')).map((e) => Number(e.dataset.seat)),
    step: root.omViewer.step,
    hash: location.hash,
  };
}"""


def _plain(text: str) -> str:
    """``text`` without the isolates (FSI, PDI) the script puts around names."""
    return text.replace("\u2068", "").replace("\u2069", "")


def _shown(page: Any, selector: str = ".om-viewer") -> dict[str, Any]:
    shown: dict[str, Any] = page.eval_on_selector(selector, _SHOWN)
    return shown


def _data(page: Any, selector: str = ".om-viewer") -> dict[str, Any]:
    data: dict[str, Any] = page.eval_on_selector(
        selector, "(root) => JSON.parse(root.querySelector('script.om-data').textContent)"
    )
    return data


def _check(page: Any, data: dict[str, Any], k: int, engine: GameState | None) -> None:
    """The position shown is step ``k``: the counts, status and, when known, the engine's cards."""
    shown = _shown(page)
    step = data["steps"][k]
    assert shown["step"] == k
    assert shown["counts"] == step["k"], f"step {k}: shown {shown['counts']}, data {step['k']}"
    # one card forward says that card, a longer move the whole trick, a move back the position
    # reached (as taken back); which of them depends on where the viewer came from
    back = (
        "Taken back: " + step["a"]
        if k == 0
        else f"Taken back to {step['w'][0].lower()}{step['w'][1:]}. {step['ta']}"
    )
    one = f"{step['c']} {step['a']}" if step["c"] else step["a"]  # one card on: its place, then the card
    assert shown["status"] in (step["a"], one, step["ta"], back), f"step {k}: {shown['status']!r}"
    assert shown["where"] == step["w"]
    assert shown["toMove"] == ([] if step["m"] is None else [step["m"]])
    if engine is not None:
        rp = build_viewer_steps(engine)
        st = rp.state_at(k)
        assert shown["counts"] == list(st.tricks_won), f"step {k}: the engine says {st.tricks_won}"
        trump = rp.trump
        assert [sorted(h) for h in shown["hands"]] == [sorted(c.spoken(trump) for c in h) for h in st.hands]
        assert sorted(shown["table"]) == sorted(c.spoken(trump) for _, c in rp.steps[k].table)


# ----------------------------------------------------------------------------- stepping


def test_step_through_every_card_by_buttons(page: Any, target: Target) -> None:
    watch = watch_page(page, target.origin)
    page.goto(target.url)
    data = _data(page)
    last = len(data["steps"]) - 1
    _check(page, data, 0, target.engine)
    nxt = page.locator(".om-viewer").first.get_by_role("button", name="Next card")
    for k in range(1, last + 1):
        nxt.click()
        if k in data["ends"] or k == last:
            _check(page, data, k, target.engine)
        else:
            assert _shown(page)["step"] == k
    assert nxt.get_attribute("aria-disabled") == "true"
    assert page.locator(".om-viewer .om-result").first.is_visible()
    prev = page.locator(".om-viewer").first.get_by_role("button", name="Previous card")
    prev.click()
    _check(page, data, last - 1, target.engine)
    assert not page.locator(".om-viewer .om-result").first.is_visible()
    root = page.locator(".om-viewer").first
    root.get_by_role("button", name="Previous trick").click()
    assert _shown(page)["step"] == max(e for e in data["ends"] if e < last - 1)
    root.get_by_role("button", name="First").click()
    _check(page, data, 0, target.engine)
    root.get_by_role("button", name="Next trick").click()
    _check(page, data, data["ends"][0], target.engine)
    root.get_by_role("button", name="Last").click()
    _check(page, data, last, target.engine)
    root.get_by_role("button", name="Trick 5").click()
    _check(page, data, data["ends"][4], target.engine)
    watch.assert_clean()


def test_step_through_every_card_by_keys(page: Any, target: Target) -> None:
    watch = watch_page(page, target.origin)
    page.goto(target.url)
    data = _data(page)
    last = len(data["steps"]) - 1
    root = page.locator(".om-viewer").first
    root.focus()
    for k in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        if k in data["ends"] or k == last:
            _check(page, data, k, target.engine)
    page.keyboard.press("ArrowRight")  # nothing beyond the end
    assert _shown(page)["step"] == last
    page.keyboard.press("Home")
    _check(page, data, 0, target.engine)
    page.keyboard.press("ArrowDown")
    _check(page, data, data["ends"][0], target.engine)
    page.keyboard.press("ArrowDown")
    _check(page, data, data["ends"][1], target.engine)
    page.keyboard.press("ArrowUp")
    _check(page, data, data["ends"][0], target.engine)
    page.keyboard.press("ArrowLeft")
    _check(page, data, data["ends"][0] - 1, target.engine)
    page.keyboard.press("End")
    _check(page, data, last, target.engine)
    # keys reach the viewer from its buttons too, and the page does not scroll on them
    root.get_by_role("button", name="First").click()
    y = page.evaluate("window.scrollY")
    page.keyboard.press("ArrowRight")
    assert _shown(page)["step"] == 1 and page.evaluate("window.scrollY") == y
    watch.assert_clean()


def test_open_a_trick_by_its_link(page: Any, target: Target) -> None:
    watch = watch_page(page, target.origin)
    page.goto(target.url)
    data = _data(page)
    trick = min(5, len(data["ends"]))
    page.goto("about:blank")
    page.goto(f"{target.url}#trick-{trick}")
    k = data["ends"][trick - 1]
    _check(page, data, k, target.engine)
    marked = page.locator(".om-viewer").first.locator(".om-note.om-current")
    assert set(marked.evaluate_all("(els) => els.map((e) => e.dataset.trick)")) <= {str(trick)}
    # navigating writes the position into the address, to be shared
    page.locator(".om-viewer").first.get_by_role("button", name="Next card").click()
    several = page.locator(".om-viewer").count() > 1
    prefix = page.locator(".om-viewer").first.get_attribute("id") + "-" if several else ""
    assert _shown(page)["hash"] == "#" + prefix + data["steps"][k + 1]["h"]
    page.goto("about:blank")
    page.goto(target.url + "#trick-1-card-1")
    _check(page, data, 1, target.engine)
    watch.assert_clean()


# ----------------------------------------------------------------------------- the generated pages


def test_link_and_live_region_on_the_standalone_page(page: Any, site: str) -> None:
    watch = watch_page(page, site)
    page.goto(f"{site}/one.html#trick-5")
    shown = _shown(page)
    assert shown["counts"] == [4, 1, 0]
    assert _plain(shown["where"]) == "Trick 5 of 9: won by the Baron"
    assert page.locator(".om-note.om-current .om-note-head").inner_text() == "Trick 5"
    status = page.locator(".om-status")
    assert status.get_attribute("aria-live") == "polite"
    assert page.locator(".om-nojs").count() == 0, "the script removes the note for pages without it"
    page.get_by_role("button", name="Next card").click()
    # the names between isolates (FSI .. PDI), a single card with its place in the trick
    assert status.inner_text() == "Trick 6, first card. \u2068The Baron\u2069 plays the King of Diamonds."
    # a move back says where it went back to, and the whole trick there, not "plays" again
    page.get_by_role("button", name="Trick 4").click()
    assert _plain(status.inner_text()) == (
        "Taken back to trick 4 of 9: won by Belinda. Trick 4: Belinda led the King of Spades; "
        "the Baron played the Knave of Spades; the Knight played the Knave of Clubs. "
        "Belinda wins the trick: Belinda 4, the Baron 0, the Knight 0."
    )
    # a move forward of more than one card says the whole trick reached
    page.get_by_role("button", name="Trick 5").click()
    assert _plain(status.inner_text()) == (
        "Trick 5: Belinda led the King of Clubs; the Baron played the Queen of Spades; "
        "the Knight played the Two of Hearts. The Baron wins the trick: Belinda 4, the Baron 1, the Knight 0."
    )
    page.get_by_role("button", name="Trick 4").click()
    # a heading in the notes is a link to its trick
    page.get_by_role("link", name="Trick 1").click()
    assert _shown(page)["step"] == 3 and _shown(page)["hash"] == "#trick-1"
    # opening a link after load (hashchange) moves the viewer too
    page.evaluate("location.hash = '#trick-9'")
    page.wait_for_function("document.querySelector('.om-viewer').omViewer.step === 27")
    watch.assert_clean()


def test_two_viewers_on_one_page(page: Any, site: str) -> None:
    watch = watch_page(page, site)
    page.goto(f"{site}/two.html#baron-trick-3")
    one, two = ".om-viewer#belinda", ".om-viewer#baron"
    assert _shown(page, one)["step"] == 0
    assert _shown(page, two)["step"] == 9
    # the Baron's view hides the other hands
    hidden = page.eval_on_selector_all(
        two + ' .om-seat[data-seat="0"] .om-hand svg', "(els) => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert hidden and set(hidden) == {"a hidden card"}
    # each viewer's controls and keys move only that viewer
    page.locator(one).get_by_role("button", name="Next card").click()
    assert (_shown(page, one)["step"], _shown(page, two)["step"]) == (1, 9)
    assert page.evaluate("location.hash") == "#belinda-trick-1-card-1"
    page.locator(two).focus()
    page.keyboard.press("ArrowRight")
    assert (_shown(page, one)["step"], _shown(page, two)["step"]) == (1, 10)
    assert page.evaluate("location.hash") == "#baron-trick-4-card-1"
    # links in the notes carry the viewer's name
    href = page.locator(one).get_by_role("link", name="Trick 5").get_attribute("href")
    assert href == "#belinda-trick-5"
    # a plain link opens the first viewer only
    page.goto("about:blank")
    page.goto(f"{site}/two.html#trick-5")
    assert (_shown(page, one)["step"], _shown(page, two)["step"]) == (15, 0)
    assert page.evaluate("window.OmbreViewer.viewers.length") == 2
    watch.assert_clean()


def test_same_id_twice_is_made_unique(page: Any, site: str, tmp_path: Path) -> None:
    watch = watch_page(page, site)
    page.goto(f"{site}/two.html")
    # a third viewer with a clashing id, added after load, gets its own id and works alone
    page.evaluate(
        """() => {
      const html = document.querySelector('#belinda').outerHTML
        .replace(/ data-om-ready=""/, '');
      const box = document.createElement('div');
      box.innerHTML = html;
      document.querySelector('main').appendChild(box.firstChild);
      window.OmbreViewer.scan();
    }"""
    )
    ids = page.eval_on_selector_all(".om-viewer", "(els) => els.map((e) => e.id)")
    assert ids == ["belinda", "baron", "belinda-2"]
    watch.assert_clean()


def test_record_text_is_shown_not_run(page: Any, site: str) -> None:
    watch = watch_page(page, site)
    page.goto(f"{site}/evil.html")
    root = page.locator(".om-viewer")
    root.get_by_role("button", name="Last").click()
    root.get_by_role("button", name="Trick 1").click()
    root.hover()
    page.mouse.move(10, 10)
    assert root.locator(".om-title").inner_text() == "<b onmouseover=alert(5)>bold</b>"
    assert root.locator('.om-seat[data-seat="0"] .om-name').inner_text() == EVIL
    assert root.locator('.om-seat[data-seat="2"] .om-name').inner_text() == "<script>alert(2)</script>"
    assert EVIL in root.locator(".om-status").inner_text()
    assert root.locator(".om-note-head").inner_text() == "<img src=y onerror=alert(3)>"
    assert root.locator("img, b, svg[onload]").count() == 0
    assert page.locator("script").count() == 2
    page.wait_for_timeout(200)
    assert watch.dialogs == []
    watch.assert_clean()


def test_reduced_motion_turns_off_the_card_slide(page: Any, site: str) -> None:
    watch = watch_page(page, site)
    page.goto(f"{site}/one.html")
    page.get_by_role("button", name="Next card").click()
    moving = page.eval_on_selector(".om-trick .om-new .om-c", "(e) => getComputedStyle(e).animationName")
    assert moving == "om-slide-bottom"
    page.emulate_media(reduced_motion="reduce")
    page.get_by_role("button", name="Next card").click()
    still = page.eval_on_selector(".om-trick .om-new .om-c", "(e) => getComputedStyle(e).animationName")
    assert still == "none"
    watch.assert_clean()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_serious_violation(page: Any, site: str, theme: str) -> None:
    watch = watch_page(page, site)
    page.goto(f"{site}/two.html#belinda-trick-9")
    if theme == "dark":
        page.evaluate(
            "document.documentElement.dataset.theme = 'dark';"
            "document.body.style.background = '#1e1e1e'; document.body.style.color = '#ddd';"
        )
    violations = run_axe(page)
    report = [
        f"{v['id']} ({v['impact']}): {v['help']} {[n['target'] for n in v['nodes'][:3]]}" for v in violations
    ]
    assert not report, "\n".join(report)
    watch.assert_clean()


def test_focus_is_visible(page: Any, site: str) -> None:
    page.goto(f"{site}/one.html")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('om-viewer')")
    style = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert style not in ("none", "")
    page.keyboard.press("Tab")
    tag = page.evaluate("(e => e.tagName + ' ' + getComputedStyle(e).outlineStyle)(document.activeElement)")
    assert tag.startswith("BUTTON") and not tag.endswith("none")


def test_an_unfinished_record(page: Any, site: str) -> None:
    watch = watch_page(page, site)
    page.goto(f"{site}/fragment.html")
    root = page.locator(".om-viewer")
    data = _data(page)
    assert len(data["steps"]) == 14 and data["done"] is False
    for k in range(1, 14):
        root.get_by_role("button", name="Next card").click()
        assert _shown(page)["counts"] == data["steps"][k]["k"]
    assert root.locator(".om-result").count() == 0
    assert root.get_by_role("button", name="Next card").get_attribute("aria-disabled") == "true"
    # conjectural cards are marked, in words too
    assert root.locator(".om-q").first.is_visible()
    assert "(conjectural)" in root.locator(".om-table").inner_text()
    watch.assert_clean()


# ----------------------------------------------------------------------------- JupyterLab


def test_replay_notebook_in_jupyterlab(page: Any, jupyterlab: Lab) -> None:
    """The replay notebook runs in a real JupyterLab; its static viewer and its widget respond."""
    page.set_default_timeout(60000)
    page.goto(jupyterlab.notebook_url("replay-belinda.ipynb"))
    run_all_cells(page)
    # the static viewer: its inline script runs in the notebook's output
    viewer = page.locator(".jp-OutputArea .om-viewer#pole")
    expect(viewer.locator(".om-status")).to_contain_text("Before the first trick")
    viewer.get_by_role("button", name="Next trick").click()
    # the script sets the names between isolates (FSI .. PDI)
    b, n, k = "\u2068Belinda\u2069", "\u2068Baron\u2069", "\u2068Knight\u2069"
    won = f"{b} wins the trick: {b} 1, {n} 0, {k} 0."
    expect(viewer.locator(".om-status")).to_contain_text(won)
    # the widget: the cells below it left it after trick 4 of the recorded game
    box = page.locator(".jp-OutputArea .widget-vbox").first
    # what was played is said in one persistent live region, made one by the script shown with it
    status = box.locator(".widget-html.ombre-live")
    expect(status).to_have_count(1)
    expect(status).to_have_attribute("role", "status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(box.locator(".om-status")).to_have_count(0)
    expect(status).to_contain_text("Belinda wins the trick: Belinda 4, Baron 0, Knight 0.")
    region = status.element_handle()
    box.locator(".widget-button", has_text="Next card").click()
    expect(status).to_have_text("Belinda plays the King of Clubs.")
    assert page.evaluate("el => el.isConnected", region), "the same element, not a new one"
    # solver values are written under the Baron's legal cards
    expect(box.locator(".om-value").first).to_be_visible()
    # what if the Baron threw the Ace of Hearts?
    box.locator(".widget-dropdown select").nth(1).select_option(label="the Ace of Hearts")
    box.locator(".widget-button", has_text="Play it and let the engine finish").click()
    note = box.locator(".widget-html").last
    expect(note).to_contain_text("A branch: What if Baron plays the Ace of Hearts")
    # a card that does not follow suit is said with the rule that allows it
    expect(status).to_have_text(
        "Baron plays the Ace of Hearts (no clubs left, so any card may be played; no duty to trump, Morley)."
    )
    box.locator(".widget-button", has_text="Last").click()
    expect(box.locator(".om-result")).to_be_visible()
    box.locator(".widget-button", has_text="Return to the recorded game").click()
    expect(status).to_have_text("Belinda plays the King of Clubs.")
    # another reconstruction
    box.locator(".widget-dropdown select").first.select_option(
        label="Sans prendre, as Baker argues, on this edition's hands"
    )
    expect(box.locator(".om-title")).to_have_text(
        "Belinda's game: sans prendre, as Baker argues, on this edition's hands"
    )
