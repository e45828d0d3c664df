"""The JupyterLite site of the book (book/_ext/ombre_lite.py): its settings, as written for
``jupyter lite build``, and the built site load nothing from another host; every notebook page and
every lite notebook's book page link to it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import ombre_lite  # noqa: E402

from tests.browser.lite import LITE_NOTEBOOKS  # noqa: E402

HTML = ROOT / "_build" / "html"


def test_network_urls_finds_a_cdn_and_spares_this_machine(tmp_path: Path) -> None:
    (tmp_path / "pypi").mkdir()
    (tmp_path / "pypi" / "all.json").write_text('{"x": {"url": "http://127.0.0.1:8000/x.whl"}}')
    (tmp_path / "jupyter-lite.json").write_text(
        json.dumps({"pyodideUrl": "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs"})
    )
    assert ombre_lite.network_urls(tmp_path) == [
        "jupyter-lite.json: https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs"
    ]


def test_the_lite_sources_name_no_host_and_keep_pyodide_lock_empty(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    fake = tmp_path / "ombre-0.1.0-py3-none-any.whl"
    fake.write_bytes(b"")
    ombre_lite.write_lite_sources(tmp_path / "src", fake, wheels, fake)
    src = tmp_path / "src"
    assert ombre_lite.network_urls(src) == []
    lite = json.loads((src / "jupyter-lite.json").read_text())
    kernel = lite["jupyter-config-data"]["litePluginSettings"][ombre_lite.KERNEL_SETTINGS]
    assert kernel["disablePyPIFallback"] is True
    assert json.loads((src / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"] == {}
    assert sorted(p.stem for p in (src / "files").glob("*.ipynb")) == sorted(LITE_NOTEBOOKS)


def test_one_list_of_lite_notebooks() -> None:
    assert ombre_lite.LITE_NOTEBOOKS == LITE_NOTEBOOKS


@pytest.mark.book
def test_the_built_lite_site_is_offline() -> None:
    site = HTML / "lite"
    assert (site / "jupyter-lite.json").is_file(), "the book was built without its JupyterLite site"
    assert ombre_lite.network_urls(site) == []
    lock = json.loads((site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text())
    assert {"ombre", "ipywidgets", "ipykernel", "micropip"} <= set(lock["packages"])
    for name in LITE_NOTEBOOKS:
        assert (site / "files" / f"{name}.ipynb").is_file()


@pytest.mark.book
@pytest.mark.parametrize(
    ("page", "notebook"),
    [
        ("notebooks/getting-started.html", "getting-started"),
        ("book/teaching/play.html", "play-against-the-computer"),
        ("book/teaching/index.html", "exercises"),
        ("book/intro.html", "replay-belinda"),
        ("book/teaching/teachers-guide.html", "replay-belinda"),
    ],
)
def test_pages_link_their_notebook_in_jupyterlite(page: str, notebook: str) -> None:
    html = (HTML / page).read_text(encoding="utf-8")
    href = ombre_lite.lite_link(notebook, "../" * page.count("/"))
    assert f'href="{href}">Open in the browser (JupyterLite)</a>' in html.replace("&amp;", "&")
