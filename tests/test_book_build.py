"""Checks on the built HTML that need no browser: every internal link and anchor resolves, and no
page refers to a CDN or any other host for a script, stylesheet, font or image."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html"))
REQUIRED = os.environ.get("OMBRE_REQUIRE_BROWSER") == "1"

pytestmark = pytest.mark.book

REPLAY_POSITION = re.compile(r"(?:[\w-]+-)?(?:start|trick-\d+(?:-card-\d+)?)")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.resources: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"] or "")
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        for key in ("src",) if tag in ("script", "img", "iframe", "source") else ():
            if a.get(key):
                self.resources.append(a[key] or "")
        linked = ("stylesheet", "preload", "icon", "modulepreload")
        if tag == "link" and a.get("href") and a.get("rel") in linked:
            self.resources.append(a["href"] or "")


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def _pages() -> list[Path]:
    if not (BUILD / "index.html").exists():
        if REQUIRED:
            pytest.fail(f"the book is not built at {BUILD}", pytrace=False)
        pytest.skip(f"the book is not built at {BUILD}: run `make build` first")
    return sorted(p for p in BUILD.rglob("*.html") if "_static" not in p.parts and "_sources" not in p.parts)


def test_internal_links_and_anchors_resolve() -> None:
    pages = _pages()
    parsed = {p: _parse(p) for p in pages}
    # a replay viewer's positions (#start, #trick-5, #pole-trick-5-card-2) are links its script follows
    replays = {p for p in pages if 'class="om-goto"' in p.read_text(encoding="utf-8")}
    broken = []
    for page, links in parsed.items():
        for href in links.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(BUILD)}: {href} (no such file)")
                continue
            frag = unquote(parts.fragment)
            if frag and target.suffix == ".html" and target in parsed:
                is_position = target in replays and REPLAY_POSITION.fullmatch(frag)
                if frag not in parsed[target].ids and not is_position:
                    broken.append(f"{page.relative_to(BUILD)}: {href} (no anchor #{frag})")
    assert not broken, "\n".join(broken)


def test_no_page_loads_anything_from_another_host() -> None:
    offenders = []
    for page in _pages():
        for src in _parse(page).resources:
            if urlsplit(src).scheme in ("http", "https") or src.startswith("//"):
                offenders.append(f"{page.relative_to(BUILD)}: {src}")
    assert not offenders, "\n".join(offenders)


def test_no_cdn_anywhere_in_the_html() -> None:
    cdn = re.compile(r"https?://(cdn\.jsdelivr|unpkg\.com|cdnjs\.cloudflare|code\.jquery|fonts\.googleapis)")
    hits = [str(p.relative_to(BUILD)) for p in _pages() if cdn.search(p.read_text(encoding="utf-8"))]
    assert not hits, hits
