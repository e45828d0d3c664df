"""The theme in Chromium: the root redirect page passes axe in both modes, the template files
are not served, a first visit logs nothing about the theme mode, /favicon.ico is served, the
sidebar's home link sits in a landmark, the icons still show without Font Awesome's script, and
the epigraph's attribution is legible in dark mode."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import VENDOR, run_axe, toc_pages, wait_for_transitions, watch_page

pytestmark = pytest.mark.browser

FIRST = toc_pages()[0]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_root_redirect_passes_axe(browser: Any, book_url: str, scheme: str) -> None:
    ctx = browser.new_context(color_scheme=scheme)
    try:
        page = ctx.new_page()
        watch = watch_page(page, book_url)
        # the redirect's target answers "204 No Content", so the browser stays on the redirect page
        page.route(f"{book_url}/{FIRST}", lambda route: route.fulfill(status=204))
        page.goto(f"{book_url}/index.html", wait_until="networkidle")
        page.wait_for_timeout(300)
        assert page.url == f"{book_url}/index.html"
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.title() == "Ombre: The Royal Game"
        assert page.get_by_role("link", name="Ombre: The Royal Game").get_attribute("href") == FIRST
        violations = run_axe(page)
        assert not violations, [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]
        watch.assert_clean()
    finally:
        ctx.close()


@pytest.mark.parametrize("name", ["webpack-macros.html", "sbt-webpack-macros.html"])
def test_the_theme_s_template_files_are_not_served(page: Any, book_url: str, name: str) -> None:
    response = page.request.get(f"{book_url}/_static/{name}")
    assert response.status == 404


def test_a_first_visit_logs_nothing_about_the_theme_mode(browser: Any, book_url: str) -> None:
    ctx = browser.new_context()  # a fresh profile: nothing stored yet
    try:
        page = ctx.new_page()
        messages: list[str] = []
        page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
        watch = watch_page(page, book_url)
        page.goto(f"{book_url}/{FIRST}", wait_until="networkidle")
        page.wait_for_function("document.documentElement.dataset.theme === 'light'", timeout=15_000)
        assert page.evaluate("document.documentElement.dataset.mode") == "auto"
        complaints = [m for m in messages if m.startswith(("error", "warning")) and "mode" in m]
        assert not complaints
        watch.assert_clean()
    finally:
        ctx.close()


def test_favicon_ico_is_served(page: Any, book_url: str) -> None:
    response = page.request.get(f"{book_url}/favicon.ico")
    assert response.status == 200
    assert response.body()[:4] == b"\x00\x00\x01\x00"  # an ICO


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_everything_on_a_page_sits_in_a_landmark(browser: Any, book_url: str, scheme: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        page = ctx.new_page()
        watch = watch_page(page, book_url)
        page.goto(f"{book_url}/{FIRST}", wait_until="networkidle")
        page.add_script_tag(path=str(VENDOR / "axe.min.js"))
        result = page.evaluate(
            "async () => await axe.run(document, {runOnly: ['region', 'landmark-unique'], "
            "resultTypes: ['violations']})"
        )
        assert not result["violations"], [[n["target"] for n in v["nodes"]] for v in result["violations"]]
        home = page.get_by_role("navigation", name="Home").get_by_role("link", name="Ombre: The Royal Game")
        assert home.is_visible()
        watch.assert_clean()
    finally:
        ctx.close()


def test_the_icons_show_without_font_awesome_s_script(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{book_url}/{FIRST}", wait_until="networkidle")
    assert not [u for u in scripts if "fontawesome" in u]
    page.evaluate("document.fonts.ready")
    icon = page.locator(".search-button__button i.fa-magnifying-glass").first
    box = icon.bounding_box()
    assert box is not None and box["width"] > 8 and box["height"] > 8
    drawn = icon.evaluate(
        "(e) => [getComputedStyle(e, '::before').fontFamily, getComputedStyle(e, '::before').content]"
    )
    assert "Font Awesome 6 Free" in drawn[0] and drawn[1] not in ("none", "normal", '""')
    assert page.evaluate("document.fonts.check('900 16px \"Font Awesome 6 Free\"', '\\uf002')")
    # the theme switch shows one icon, the mode's
    shown = page.locator(".theme-switch-button i.theme-switch").evaluate_all(
        "(els) => els.filter((e) => getComputedStyle(e).display !== 'none').length"
    )
    assert shown == 1
    watch.assert_clean()


def test_the_epigraph_attribution_is_legible_in_dark_mode(browser: Any, book_url: str) -> None:
    ctx = browser.new_context(color_scheme="dark")
    try:
        page = ctx.new_page()
        watch = watch_page(page, book_url)
        page.goto(f"{book_url}/{FIRST}", wait_until="networkidle")
        page.wait_for_function("document.documentElement.dataset.theme === 'dark'", timeout=15_000)
        wait_for_transitions(page)
        assert page.locator("p.attribution").count() == 1
        page.add_script_tag(path=str(VENDOR / "axe.min.js"))
        result = page.evaluate(
            "async () => await axe.run('p.attribution', "
            "{runOnly: ['color-contrast'], resultTypes: ['violations']})"
        )
        assert not result["violations"]
        watch.assert_clean()
    finally:
        ctx.close()
