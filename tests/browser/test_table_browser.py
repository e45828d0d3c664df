"""A whole hand against the computer on "Playing against the computer", in headless Chromium.

The reader deals seeded hand 7, bids, names the trump, throws out cards, plays the nine tricks
(one of them with the keyboard alone) and reaches the payments, which must be those CPython
computes for the same moves (:class:`ombre.display.play.session.HandInPlay`); the finished hand
opens in the replay viewer, whose buttons work.  No request leaves 127.0.0.1, and no wasm is
fetched before the reader presses Deal.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from ombre.display.play.session import HandInPlay
from ombre.engine.game import Phase

from .conftest import PageWatch

pytestmark = pytest.mark.browser

PAGE = "book/teaching/play.html"
SEED = 7


def play_like_the_test(h: HandInPlay) -> list[str]:
    """The moves the test makes, chosen the same way in CPython: play, the hint's trump, throw out
    the lowest card, declare no vole, and play the first legal card."""
    moves = []
    while not h.state.is_terminal():
        st = h.state
        if st.phase is Phase.BIDDING:
            move = "play" if "play" in h.legal_texts() else "pass"
        elif st.phase is Phase.TRUMP:
            move = str(h.choices()[0][1])
        elif st.phase is Phase.EXCHANGE:
            move = f"exchange {h.hand()[-1]}"
        elif st.phase is Phase.VOLE:
            move = "no vole"
        else:
            move = str(next(c.card for c in h.card_choices() if c.reason is None))
        moves.append(move)
        h.act(move)
    return moves


def _wait_ready(page: Any) -> None:
    page.wait_for_function(
        "() => { const t = document.querySelector('.ombre-table').ombreTable; return t && !t.busy; }",
        timeout=60_000,
    )


def test_a_whole_hand_against_the_computer_to_its_payments(
    watched: tuple[Any, PageWatch], book_url: str
) -> None:
    page, watch = watched
    wasm: list[str] = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{book_url}/{PAGE}")
    table = page.locator(".ombre-table")
    expect(table.locator(".ot-off")).to_be_hidden()
    assert not wasm, "no wasm before the reader presses Deal"
    expected = HandInPlay(SEED, opponents="rule-of-thumb", rules="court-gamester")
    moves = play_like_the_test(expected)

    table.locator("input[name=seed]").fill(str(SEED))
    table.locator("select[name=rules]").select_option("court-gamester")
    table.get_by_role("button", name="Deal").click()
    _wait_ready(page)
    assert wasm, "the engine loads when the reader deals"
    status = table.locator(".ot-status")
    expect(status).to_have_attribute("aria-live", "polite")
    keyboard_trick_done = False
    h = HandInPlay(SEED, opponents="rule-of-thumb", rules="court-gamester")
    for move in moves:
        phase = h.state.phase
        if phase is Phase.BIDDING:
            table.locator(".ot-moves button", has_text="Play (take in)" if move == "play" else "Pass").click()
        elif phase is Phase.TRUMP:
            table.locator(".ot-moves button").first.click()
        elif phase is Phase.EXCHANGE:
            card = move.split()[1]
            toggle = table.locator(f'.ot-hand button[data-card="{card}"]')
            toggle.click()
            expect(toggle).to_have_attribute("aria-pressed", "true")
            table.locator(".ot-take-in").click()
        elif phase is Phase.VOLE:
            table.get_by_role("button", name="Do not declare").click()
        else:
            buttons = table.locator(".ot-hand button")
            # only the legal cards are enabled; the others stay focusable and say why
            for ch in h.card_choices():
                b = table.locator(f'.ot-hand button[data-card="{ch.card}"]')
                if ch.reason:
                    expect(b).to_have_attribute("aria-disabled", "true")
                    assert ch.reason in (b.get_attribute("title") or "")
                else:
                    assert b.get_attribute("aria-disabled") is None
            assert buttons.count() == len(h.card_choices())
            if not keyboard_trick_done and buttons.count() > 1:
                # the keyboard alone: focus is on the first legal card after each move; Tab to ours
                page.wait_for_function("() => document.activeElement && document.activeElement.dataset.card")
                for _ in range(12):
                    if page.evaluate("() => document.activeElement.dataset.card") == move:
                        break
                    page.keyboard.press("Tab")
                page.keyboard.press("Enter")
                keyboard_trick_done = True
            else:
                table.locator(f'.ot-hand button[data-card="{move}"]').click()
        h.act(move)
        _wait_ready(page)
        assert page.evaluate(
            "() => document.querySelector('.ombre-table').ombreTable.hand.log.length"
        ) == len(h.log), f"after {move!r} the browser's hand follows CPython's"
    assert keyboard_trick_done
    result, detail = h.outcome()
    expect(status).to_contain_text(result)
    expect(table.locator(".ot-result")).to_contain_text(detail)
    for name, paid in zip(h.state.players, h.payments(), strict=True):
        # each name between isolates (FSI .. PDI), as the script sets it
        expect(table.locator(".ot-payments")).to_contain_text(f"\u2068{name}\u2069: {paid}")
    # the finished hand in the replay viewer: its script ran (buttons shown) and it steps
    viewer = table.locator(".ot-replay .om-viewer")
    expect(viewer).to_have_attribute("data-om-ready", "")
    before = viewer.locator(".om-status").text_content()
    viewer.get_by_role("button", name="Next card").click()
    expect(viewer.locator(".om-status")).not_to_have_text(before or "")
    # readable at 390 px: nothing scrolls sideways
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    watch.assert_clean()


def test_an_illegal_card_says_why_and_a_hint_gives_the_1665_advice(
    watched: tuple[Any, PageWatch], book_url: str
) -> None:
    page, _watch = watched
    page.goto(f"{book_url}/{PAGE}")
    table = page.locator(".ombre-table")
    table.locator("input[name=seed]").fill("4")
    table.get_by_role("button", name="Deal").click()
    _wait_ready(page)
    table.get_by_role("button", name="Hint").click()
    h = HandInPlay(4)
    expect(table.locator(".ot-hint-text")).to_contain_text(h.hint().split(":")[0])


def test_under_file_the_table_says_why_it_is_off(page: Any, book_dir: Any) -> None:
    page.goto((book_dir / PAGE).as_uri())
    off = page.locator(".ombre-table .ot-off")
    expect(off).to_be_visible()
    expect(off).to_contain_text("served over http")
    # the static replay of the computers' hand still steps
    viewer = page.locator("#computer-hand")
    viewer.get_by_role("button", name="Next card").click()
    expect(viewer.locator(".om-status")).not_to_be_empty()
