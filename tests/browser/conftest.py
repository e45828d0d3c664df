"""Shared fixtures for browser tests: Debian's Chromium driven by Playwright, the built book
served from 127.0.0.1, and a guard that fails a test on any request to another host or any
console error beyond the known Jupyter Book 1 noise.

Chromium is never downloaded (`playwright install` is not used): the tests launch
/usr/bin/chromium. Where it is missing they skip with a message, unless OMBRE_REQUIRE_BROWSER=1
(set by .ci/run), which turns the skip into a failure.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html"))
VENDOR = Path(__file__).parent / "vendor"
CHROMIUM = os.environ.get("OMBRE_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("OMBRE_REQUIRE_BROWSER") == "1"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

# Known console noise: sphinx-thebe (Jupyter Book 1) declares its config twice, and the pages the
# tests serve outside the book (handouts, standalone viewers) have no favicon. The book's theme mode
# and favicon are its own to get right (test_book_theme.py).
KNOWN_NOISE = (
    "Identifier 'THEBE_JS_URL' has already been declared",
    "favicon.ico",
)


def _need(condition: bool, message: str) -> None:
    if condition:
        return
    if REQUIRED:
        pytest.fail(message + " (OMBRE_REQUIRE_BROWSER=1 makes this a failure)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    _need(
        shutil.which(CHROMIUM) is not None or Path(CHROMIUM).exists(),
        f"Chromium not found at {CHROMIUM}: install it with `sudo apt-get install chromium` "
        "(or set OMBRE_CHROMIUM to its path)",
    )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": LAUNCH_ARGS}


def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on a free port of 127.0.0.1 until the generator is closed."""
    sys.path.insert(0, str(ROOT / "tools"))
    from book_pdf import served

    with served(directory) as origin:
        yield origin


@pytest.fixture(scope="session")
def book_dir() -> Path:
    _need(
        (BUILD / "index.html").exists(),
        f"the book is not built at {BUILD}: run `make build` first",
    )
    return BUILD


@pytest.fixture(scope="session")
def book_url(book_dir: Path) -> Iterator[str]:
    yield from serve(book_dir)


@dataclass
class PageWatch:
    """What a page did: requests to other hosts, console errors, uncaught exceptions."""

    origin: str
    external: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        noise = [e for e in self.errors if not any(n in e for n in KNOWN_NOISE)]
        failed = [f for f in self.failed if not any(n in f for n in KNOWN_NOISE)]
        return (
            [f"request to another host: {u}" for u in self.external]
            + [f"console error: {e}" for e in noise]
            + [f"failed request: {f}" for f in failed]
            + [f"dialog opened: {d}" for d in self.dialogs]
        )

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(problems)


def _failed(request: Any) -> bool:
    """Whether a failed request is the book's fault: one cancelled because the page navigated away
    (``net::ERR_ABORTED``, as a favicon still loading when a test opens the next page) is not; a
    missing file shows as its 404 response, an external request in ``external``."""
    return request.failure != "net::ERR_ABORTED"


def watch_page(page: Any, origin: str) -> PageWatch:
    """Record everything on ``page`` that the book must not do; external requests are aborted."""
    watch = PageWatch(origin)

    def route(route: Any) -> None:
        url = route.request.url
        if url.startswith(origin) or url.startswith(("data:", "blob:", "about:")):
            route.continue_()
        else:
            watch.external.append(url)
            route.abort()

    page.route("**/*", route)
    page.on("console", lambda m: watch.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: watch.errors.append(str(e)))
    page.on("requestfailed", lambda r: watch.failed.append(f"{r.url} ({r.failure})") if _failed(r) else None)
    page.on("response", lambda r: watch.failed.append(f"{r.url} ({r.status})") if r.status >= 400 else None)

    def on_dialog(d: Any) -> None:
        watch.dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", on_dialog)
    return watch


@pytest.fixture()
def watched(page: Any, book_url: str) -> Iterator[tuple[Any, PageWatch]]:
    """A Playwright page on the book with the guard attached; the test fails if the guard saw anything."""
    watch = watch_page(page, book_url)
    yield page, watch
    watch.assert_clean()


def wait_for_transitions(page: Any) -> None:
    """Wait until no CSS transition or finite animation runs: a colour check made while the theme
    fades from light to dark (the buttons' 0.15 s transitions) would measure a colour in between."""
    page.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)",
        timeout=15_000,
    )


def run_axe(page: Any) -> list[dict[str, Any]]:
    """Inject the vendored axe-core and return the serious and critical violations."""
    page.add_script_tag(path=str(VENDOR / "axe.min.js"))
    result: dict[str, Any] = page.evaluate(
        """async () => await axe.run(document, {resultTypes: ['violations']})"""
    )
    return [v for v in result["violations"] if v.get("impact") in ("serious", "critical")]


def toc_pages() -> list[str]:
    """Every page of the table of contents, as paths of the built HTML (``book/intro.html``)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from book_pdf import toc_pages as pages

    return pages()


@dataclass
class Lab:
    """A JupyterLab server started by the tests on 127.0.0.1 with a known token."""

    url: str
    token: str

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """Start ``jupyter lab`` on a free port of 127.0.0.1 over a scratch copy of notebooks/.

    The copy keeps the tests from writing outputs or checkpoints into the repository."""
    import secrets
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    work = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
        "JUPYTER_CONFIG_DIR": str(work / "config"),
        "JUPYTERLAB_SETTINGS_DIR": str(work / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(work / "workspaces"),
        "MPLBACKEND": "Agg",
    }
    # No announcements or update checks: the lab must not reach for the network.
    apputils = work / "settings" / "@jupyterlab" / "apputils-extension"
    apputils.mkdir(parents=True)
    (apputils / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}', encoding="utf-8"
    )
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={work / 'notebooks'}",
        "--LabApp.news_url=",
        "--ServerApp.open_browser=False",
    ]
    log = open(work / "lab.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None:
                    break
                time.sleep(0.25)
        else:
            pytest.fail("jupyter lab did not start in 60 s: " + (work / "lab.log").read_text())
        if proc.poll() is not None:
            pytest.fail("jupyter lab exited: " + (work / "lab.log").read_text())
        yield Lab(url, token)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def run_all_cells(page: Any) -> None:
    """Run every cell of the open notebook from JupyterLab's Run menu and wait for the kernel."""
    page.locator(".jp-Notebook").first.wait_for(timeout=60000)
    select = page.get_by_role("button", name="Select Kernel")
    try:  # JupyterLab may ask which kernel to start; the notebook's own (python3) is preselected
        select.wait_for(timeout=5000)
        select.click()
    except Exception:  # noqa: BLE001 - no dialog: the kernel started by itself
        pass
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(timeout=60000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def answer_the_first_two(page: Any, key: str) -> None:
    """On set ``key``'s page: question 1 wrong then right, question 2 right (one right first time)."""
    from ombre.teaching import exercise_set

    first, second = exercise_set(key).exercises[:2]
    wrong = next(i for i, c in enumerate(first.choices) if not c.correct)
    for question, choice in ((1, wrong), (1, first.answer_index), (2, second.answer_index)):
        page.check(f"#ex-{key}-{question}-c{choice}")
        page.click(f"#ex-{key}-{question} button[type=submit]")
