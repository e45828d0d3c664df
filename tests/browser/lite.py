"""Driving a notebook of the book's JupyterLite site (``_build/html/lite``) in headless Chromium.

Used by the browser tests (test_lite_browser.py) and by ``benchmarks/run.py --only lite``: one way
to open a notebook, wait for its kernel and run every cell. The site exposes its app as
``window.jupyterapp`` (``exposeAppInBrowser``, set by book/_ext/ombre_lite.py).
"""

from __future__ import annotations

import time
from typing import Any

#: the notebooks of the lite site (book/_ext/ombre_lite.py LITE_NOTEBOOKS)
LITE_NOTEBOOKS = (
    "getting-started",
    "replay-belinda",
    "exercises",
    "play-against-the-computer",
    "class-summary",
)

_KERNEL_IDLE = """() => {
  const nb = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = nb && nb.sessionContext && nb.sessionContext.session && nb.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}"""
_ALL_RUN = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const cells = nb.content.widgets.filter(c => c.model.type === 'code');
  return nb.sessionContext.session.kernel.status === 'idle'
    && cells.every(c => c.model.executionCount !== null
                        && !c.node.querySelector('.jp-InputPrompt').textContent.includes('*'));
}"""


def open_notebook(page: Any, base: str, notebook: str, timeout_s: float = 300) -> float:
    """Open ``notebook`` in the lite site served at ``base``; seconds until its kernel is idle."""
    t0 = time.monotonic()
    page.goto(f"{base}/lite/notebooks/index.html?path={notebook}.ipynb")
    page.wait_for_function(_KERNEL_IDLE, timeout=timeout_s * 1000, polling=100)
    return time.monotonic() - t0


def run_all(page: Any, timeout_s: float = 300) -> float:
    """Run every cell of the open notebook; seconds until the last one is done."""
    t0 = time.monotonic()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(_ALL_RUN, timeout=timeout_s * 1000, polling=100)
    return time.monotonic() - t0


def cell_errors(page: Any) -> list[str]:
    """The text of every error output (a traceback) in the open notebook."""
    texts = page.locator("[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
    return [str(t) for t in texts]
