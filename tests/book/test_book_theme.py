"""The theme's output in the built book, without a browser: no template file published, a root
redirect with a language and a title, a favicon at the root, and no Font Awesome script."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html"))

pytestmark = pytest.mark.book


@pytest.fixture(scope="module")
def build() -> Path:
    if not (BUILD / "index.html").exists():
        if os.environ.get("OMBRE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the book is not built at {BUILD}", pytrace=False)
        pytest.skip(f"the book is not built at {BUILD}: run `make build` first")
    return BUILD


def _pages(build: Path) -> list[Path]:
    """The book's own pages (the JupyterLite site under lite/ is JupyterLab's, not the theme's)."""
    skip = {"_static", "_sources", "lite"}
    return [p for p in build.rglob("*.html") if not skip & set(p.relative_to(build).parts)]


def test_the_root_redirect_has_a_language_and_a_title(build: Path) -> None:
    import yaml

    index = (build / "index.html").read_text(encoding="utf-8")
    first = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))["root"] + ".html"
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert index.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert f"<title>{config['title']}</title>" in index
    assert f'<meta http-equiv="Refresh" content="0; url={first}">' in index
    assert f'<a href="{first}">{config["title"]}</a>' in index  # for a reader whose browser does not refresh
    assert re.search(r"<main>.*</main>", index, re.S)


def test_no_template_file_is_published(build: Path) -> None:
    assert not (build / "_static" / "webpack-macros.html").exists()
    assert not (build / "_static" / "sbt-webpack-macros.html").exists()
    published = build.rglob("*.html")
    assert not [p for p in published if "{% macro" in p.read_text(encoding="utf-8", errors="replace")]


def test_a_favicon_at_the_root_and_on_every_page(build: Path) -> None:
    ico = (build / "favicon.ico").read_bytes()
    assert ico[:4] == b"\x00\x00\x01\x00" and len(ico) < 1_000_000  # an ICO header, small
    assert (build / "_static" / "favicon.svg").read_text(encoding="utf-8").startswith("<svg ")
    pages = [p for p in _pages(build) if p != build / "index.html"]  # the redirect asks for /favicon.ico
    assert len(pages) > 30
    missing = [p for p in pages if 'favicon.svg"' not in p.read_text(encoding="utf-8")]
    assert not missing


def test_no_page_loads_font_awesome_s_script_and_every_icon_is_hidden(build: Path) -> None:
    assert not (build / "_static" / "scripts" / "fontawesome.js").exists()
    icons = 0
    for page in _pages(build):
        text = page.read_text(encoding="utf-8")
        assert "fontawesome.js" not in text, page
        tags = re.findall(r'<i class="[^"]*\bfa-[^"]*"[^>]*>', text)
        assert all('aria-hidden="true"' in tag for tag in tags), (page, tags)
        icons += len(tags)
    assert icons > 100  # the theme still shows its icons, drawn by its webfont


def test_the_theme_starts_in_a_mode_it_accepts(build: Path) -> None:
    intro = (build / "book" / "intro.html").read_text(encoding="utf-8")
    assert '<body data-default-mode="auto">' in intro
    assert '|| "auto";' in intro  # the inline script's fallback before anything is stored


def test_a_split_of_the_tricks_stays_on_one_line(build: Path) -> None:
    glossary = (build / "book" / "glossary.html").read_text(encoding="utf-8")
    assert '<span class="ombre-split">4-4-1</span>' in glossary
    css = (build / "_static" / "ombre.css").read_text(encoding="utf-8")
    assert ".ombre-split { white-space: nowrap; }" in css
