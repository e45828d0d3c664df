"""The notebooks in JupyterLite: a classroom's JupyterLab in the browser, served with the book.

After every HTML build the notebooks of ``LITE_NOTEBOOKS`` are built into a JupyterLite site in
``_build/html/lite/``, running on the same Pyodide as the live engine (``ombre_live``), entirely
from local files: the kernel's ``pyodideUrl`` is the vendored Pyodide, every wheel the kernel loads
(``ombre_lite_wheels.txt``, pinned with sha256) is fetched once into ``_build/vendor/`` and listed in
a Pyodide lock of local files only, and piplite never falls back to the package index. The build
fails when anything the site loads would come from another host (:func:`network_urls`).

The probability lab stays out: it draws with matplotlib, which has no offline wasm build.

>>> lite_link("replay-belinda")
'lite/notebooks/index.html?path=replay-belinda.ipynb'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from ombre_live import (
    PYODIDE_FILES,
    PYODIDE_VERSION,
    ROOT,
    WEB_BUILDERS,
    VendorError,
    build_wheel,
    ensure_pyodide,
)
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: the notebooks a class can open in the browser (``notebooks/<name>.ipynb``)
LITE_NOTEBOOKS = (
    "getting-started",
    "replay-belinda",
    "exercises",
    "play-against-the-computer",
    "class-summary",
)
LITE_FOLDER = "lite"
WHEELS_TXT = Path(__file__).with_name("ombre_lite_wheels.txt")
#: what the kernel installs while Pyodide starts, so no notebook needs a ``%pip`` cell
PREFETCH = ("ombre", "ipywidgets")
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
_URL = re.compile(r"""https?://[^\s"'<>)]+""")
_LOCAL_HOSTS = ("127.0.0.1", "localhost")


class LiteError(RuntimeError):
    """The JupyterLite site cannot be built, or would load something from the network."""


def lite_link(notebook: str, prefix: str = "") -> str:
    """The address (relative to the book's root, after ``prefix``) that opens ``notebook`` in JupyterLite."""
    return f"{prefix}{LITE_FOLDER}/notebooks/index.html?path={notebook}.ipynb"


def lite_python() -> str:
    """The Python with ``jupyterlite-core``, the Pyodide kernel and ``pyodide-lock[uv]`` installed.

    The book's own environment (``pip install -e ".[book]"``); ``OMBRE_LITE_PYTHON`` may name another.
    """
    python = os.environ.get("OMBRE_LITE_PYTHON", sys.executable)
    probe = "import jupyterlite_core, jupyterlite_pyodide_kernel, pyodide_lock, uv"
    if subprocess.run([python, "-c", probe], capture_output=True).returncode != 0:
        raise LiteError(
            f"{python} lacks jupyterlite-core, jupyterlite-pyodide-kernel or pyodide-lock[uv]: "
            'install the book\'s tools with  pip install -c constraints.txt -e ".[book,dev]"'
            "  (or set OMBRE_LITE_PYTHON to a Python that has them)"
        )
    return python


def ensure_wheels(python: str = sys.executable) -> Path:
    """The kernel's wheels at the pinned versions, each checked against its sha256 by pip."""
    pins = WHEELS_TXT.read_bytes()
    cache = ROOT / "_build" / "vendor" / f"lite-wheels-{hashlib.sha256(pins).hexdigest()[:12]}"
    wanted = sum(1 for line in pins.decode().splitlines() if re.match(r"[A-Za-z0-9]", line))
    if cache.is_dir() and len(list(cache.glob("*.whl"))) == wanted:
        return cache
    tmp = cache.with_name(cache.name + ".part")
    shutil.rmtree(tmp, ignore_errors=True)
    # pure-Python wheels for Pyodide's Python; --require-hashes refuses any file not pinned
    args = ["download", "-q", "--no-deps", "--only-binary=:all:", "--require-hashes", "--python-version"]
    args += ["3.14", "--platform", "any", "--implementation", "py", "--abi", "none"]
    done = subprocess.run([python, "-m", "pip", *args, "-r", str(WHEELS_TXT), "-d", str(tmp)], text=True)
    if done.returncode != 0 or len(list(tmp.glob("*.whl"))) != wanted:
        raise VendorError(f"cannot fetch the JupyterLite kernel's wheels listed in {WHEELS_TXT.name}")
    shutil.rmtree(cache, ignore_errors=True)
    tmp.rename(cache)
    return cache


def _kernel_stand_in(python: str) -> Path:
    # ipywidgets requires widgetsnbextension, whose real wheel carries the classic notebook's
    # JavaScript: the kernel ships an empty stand-in, which is what the lock lists
    prefix = subprocess.run([python, "-c", "import sys; print(sys.prefix)"], capture_output=True, text=True)
    ext = Path(prefix.stdout.strip(), "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension")
    wheels = sorted(ext.glob("static/pypi/widgetsnbextension-4.*.whl"))
    if wheels:
        return wheels[-1]
    raise LiteError("the Pyodide kernel's widgetsnbextension stand-in is missing from its lab extension")


def write_lite_sources(src: Path, ombre_wheel: Path, wheels: Path, stand_in: Path) -> None:
    """The ``lite_dir`` for ``jupyter lite build``: notebooks, Pyodide, wheels and the settings."""
    shutil.rmtree(src, ignore_errors=True)
    (src / "files").mkdir(parents=True)
    for name in LITE_NOTEBOOKS:
        shutil.copyfile(ROOT / "notebooks" / f"{name}.ipynb", src / "files" / f"{name}.ipynb")
    pyodide = src / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name != "pyodide-lock.json":
            shutil.copyfile(ensure_pyodide() / name, pyodide / name)
    # Pyodide's own lock lists 357 packages that the npm release does not carry (they would come
    # from a CDN): the kernel's lock starts from none of them and gets only the wheels below
    lock = json.loads((ensure_pyodide() / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    # pyodide-lock 0.1.2 (the last for Python 3.11) wants the release in the lock's info
    lock["info"].setdefault("version", PYODIDE_VERSION)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    locked = src / "locked"
    locked.mkdir()
    for wheel in [*wheels.glob("*.whl"), ombre_wheel, stand_in]:
        shutil.copyfile(wheel, locked / wheel.name)
    kernel = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(PREFETCH)},
    }
    config_data = {
        "appName": "Ombre notebooks",
        "exposeAppInBrowser": True,
        "litePluginSettings": {KERNEL_SETTINGS: kernel},
    }
    lite = {"jupyter-lite-schema-version": 0, "jupyter-config-data": config_data}
    (src / "jupyter-lite.json").write_text(json.dumps(lite, indent=1), encoding="utf-8")
    build = {
        "LiteBuildConfig": {"contents": ["files"], "no_sourcemaps": True},
        "PyodideLockAddon": {
            "enabled": True,
            "wheels": ["locked"],
            "prefetch_extra": list(PREFETCH),
            # every wheel is local: uv must not look anything up
            "pyodide_lock_uv_options": {"extra_uv_args": ["--offline", "--no-index"]},
        },
    }
    (src / "jupyter_lite_config.json").write_text(json.dumps(build, indent=1), encoding="utf-8")


def network_urls(site: Path) -> list[str]:
    """Every address off this machine that the lite site's settings or lock would load.

    Read: each ``jupyter-lite.json`` (the kernel's ``pyodideUrl``, ``pipliteUrls``, lock URL),
    the Pyodide lock's wheels and piplite's indexes.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> _ = (site / "jupyter-lite.json").write_text('{"pyodideUrl": "https://cdn.example/p.mjs"}')
    >>> network_urls(site)
    ['jupyter-lite.json: https://cdn.example/p.mjs']
    """
    found: list[str] = []
    loaded = [
        *site.rglob("jupyter-lite.json"),
        *site.rglob("pyodide-lock.json"),
        *site.rglob("pypi/all.json"),
    ]
    for path in sorted(loaded):
        for url in _URL.findall(path.read_text(encoding="utf-8")):
            host = url.split("/")[2].split(":")[0]
            if host not in _LOCAL_HOSTS:
                found.append(f"{path.relative_to(site).as_posix()}: {url}")
    return found


def build_lite(out: Path, ombre_wheel: Path) -> dict[str, Any]:
    """Build the site into ``out`` (replaced); fail if it would load anything from the network."""
    python = lite_python()
    wheels = ensure_wheels(python)
    src = ROOT / "_build" / "lite-src"
    write_lite_sources(src, ombre_wheel, wheels, _kernel_stand_in(python))
    shutil.rmtree(out, ignore_errors=True)
    cmd = [python, "-m", "jupyterlite_core", "build", "--lite-dir", str(src), "--output-dir", str(out)]
    done = subprocess.run(cmd, cwd=src, capture_output=True, text=True)
    if done.returncode != 0:
        raise LiteError(f"jupyter lite build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    lock = json.loads((out / "static" / "pyodide-lock" / "pyodide-lock.json").read_text(encoding="utf-8"))
    missing = sorted(set(PREFETCH) - set(lock["packages"]))
    if missing:
        raise LiteError(f"the lite kernel's lock lacks {', '.join(missing)}")
    remote = network_urls(out)
    if remote:
        raise LiteError("the lite site would load from the network:\n  " + "\n  ".join(remote))
    for name in LITE_NOTEBOOKS:
        if not (out / "files" / f"{name}.ipynb").is_file():
            raise LiteError(f"the lite site lacks {name}.ipynb")
    return {"notebooks": list(LITE_NOTEBOOKS), "packages": sorted(lock["packages"])}


def _link_notebook_page(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    # a notebook's own page in the book opens it in JupyterLite, under the page's title
    name = docname.removeprefix("notebooks/")
    if docname == name or name not in LITE_NOTEBOOKS or app.builder.name not in WEB_BUILDERS:
        return
    href = lite_link(name, "../" * docname.count("/"))
    html = f'<p><a class="ombre-lite-link" href="{href}">Open in the browser (JupyterLite)</a></p>'
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None:
        section.insert(1, nodes.raw("", html, format="html"))


def _finish(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.name not in WEB_BUILDERS:
        return
    live = sorted((Path(app.outdir) / "_static" / "ombre-live").glob("ombre-*.whl"))
    wheel = live[0] if live else build_wheel(ROOT / "_build" / "lite-wheel")
    build_lite(Path(app.outdir) / LITE_FOLDER, wheel)


def setup(app: Sphinx) -> dict[str, Any]:
    # after ombre_live (priority 500), whose ombre wheel it reuses
    app.connect("doctree-resolved", _link_notebook_page)
    app.connect("build-finished", _finish, priority=600)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
