"""The live engine in the reader's browser: Pyodide and the ``ombre`` wheel, served with the book.

Pyodide is fetched from the npm registry at a pinned version and checked against the registry's
own sha512 before anything is unpacked (it is 14 MB: never in git). The ``ombre`` wheel is built
from this checkout at every build. Both land in ``_static`` of the HTML output, where
``ombre-live.js`` loads them into a Web Worker the first time a reader asks for something live.

>>> sorted(PYODIDE_FILES)[:2]
['package.json', 'pyodide-lock.json']
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

# The JupyterLite kernel (jupyterlite-pyodide-kernel 0.8.6) is built against this release: one
# Pyodide serves the book and the lite site.
PYODIDE_VERSION = "314.0.6"
PYODIDE_SHA512 = "BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
# what loadPyodide asks for in a browser (package.json and README carry the licence, MPL-2.0)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
    "README.md",
)
#: the builders of pages read in a browser (not the EPUB, whose reader runs no Python)
WEB_BUILDERS = ("html", "dirhtml", "singlehtml")
ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "_build" / "vendor" / f"pyodide-{PYODIDE_VERSION}"


class VendorError(RuntimeError):
    """A download that is missing or does not match its pinned checksum."""


def _registry() -> str:
    return os.environ.get("npm_config_registry", "https://registry.npmjs.org/").rstrip("/")


def check_sha512(data: bytes, integrity: str = PYODIDE_SHA512) -> None:
    """Refuse bytes whose sha512 is not the pinned one (the npm registry's ``dist.integrity``).

    >>> check_sha512(b"x", base64.b64encode(hashlib.sha512(b"x").digest()).decode())
    >>> check_sha512(b"y", base64.b64encode(hashlib.sha512(b"x").digest()).decode())
    Traceback (most recent call last):
    ...
    ombre_live.VendorError: sha512 mismatch: expected 1KbLgbpmUi…, got mqd1qqrZyk…
    """
    got = base64.b64encode(hashlib.sha512(data).digest()).decode()
    if got != integrity:
        raise VendorError(f"sha512 mismatch: expected {integrity[:10]}…, got {got[:10]}…")


def ensure_pyodide(cache: Path = CACHE) -> Path:
    """The folder of Pyodide's files, downloaded and checked on first use."""
    if all((cache / name).is_file() for name in PYODIDE_FILES):
        return cache
    url = f"{_registry()}/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
    logger.info(f"ombre_live: fetching {url}")
    try:
        with urllib.request.urlopen(url, timeout=120) as response:  # noqa: S310 (a pinned https URL)
            data = response.read()
    except OSError as exc:
        raise VendorError(f"cannot fetch Pyodide {PYODIDE_VERSION} from {url}: {exc}") from exc
    check_sha512(data)
    cache.parent.mkdir(parents=True, exist_ok=True)
    # unpacked beside the cache, then renamed: a build stopped half-way leaves no half a Pyodide
    tmp = Path(tempfile.mkdtemp(prefix="pyodide-", dir=cache.parent))
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise VendorError(f"the Pyodide package has no {name}")
            (tmp / name).write_bytes(member.read())
    shutil.rmtree(cache, ignore_errors=True)
    tmp.rename(cache)
    return cache


_SKIPPED = {".git", ".venv", "_build", "build", "dist", "node_modules", "book", "notebooks", "tests"}
_SKIPPED |= {"benchmarks", "vendor", "__pycache__"}


def _not_in_wheel(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n in _SKIPPED or n.endswith(".egg-info")]


def build_wheel(outdir: Path) -> Path:
    """The ``ombre`` wheel of this checkout, built without the network (setuptools is pinned)."""
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # built from a copy, so no stale build/ folder of the checkout leaks old modules in
        src = Path(tmp) / "src"
        shutil.copytree(ROOT, src, ignore=_not_in_wheel)
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
            + ["-w", str(outdir), str(src)],
            check=True,
            capture_output=True,
        )
    wheels = sorted(outdir.glob("ombre-*.whl"))
    if len(wheels) != 1:
        raise VendorError(f"expected one ombre wheel in {outdir}, found {len(wheels)}")
    return wheels[0]


def write_live_assets(static: Path) -> dict[str, Any]:
    """Pyodide under ``static/pyodide/``; the wheel and its manifest under ``static/ombre-live/``."""
    pyodide = static / "pyodide"
    pyodide.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(ensure_pyodide() / name, pyodide / name)
    live = static / "ombre-live"
    shutil.rmtree(live, ignore_errors=True)
    wheel = build_wheel(live)
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "wheel": wheel.name,
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
    }
    (live / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def _check_early(app: Sphinx) -> None:
    # fail at the start of a build, not after every page has run, when Pyodide cannot be had
    if app.builder.name in WEB_BUILDERS:
        ensure_pyodide()


def _finish(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.name in WEB_BUILDERS:
        write_live_assets(Path(app.outdir) / "_static")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _check_early)
    app.connect("build-finished", _finish)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
