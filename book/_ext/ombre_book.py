"""Sphinx extension for the Ombre book: keep every page offline.

Jupyter Book 1 always loads sphinx-thebe, which writes a CDN address (unpkg) into every page as
a script constant, twice. Live kernels through Thebe are switched off in this book, so the
scripts are dropped from each page: no page names another host, and the console stays clean.

Docutils writes each bibliography entry as ``role="doc-biblioentry"`` inside ``role="list"``;
ARIA 1.2 deprecates that role, and a list of them has no list items for a screen reader, so
the entries are written as list items.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def _is_thebe(script: Any) -> bool:
    filename = getattr(script, "filename", None) or ""
    body = getattr(script, "attributes", {}).get("body", "") or ""
    return "sphinx-thebe" in filename or "THEBE_JS_URL" in body


def _drop_thebe(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    scripts = context.get("script_files")
    if scripts:
        context["script_files"] = [s for s in scripts if not _is_thebe(s)]
    body = context.get("body")
    if isinstance(body, str) and 'role="doc-biblioentry"' in body:
        context["body"] = body.replace('role="doc-biblioentry"', 'role="listitem"')


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _drop_thebe, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
