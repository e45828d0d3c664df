"""The table of the package's public names on ``reference/engine.md``, made from the docstrings.

Each name gets the first sentence of its docstring, rendered as HTML: Sphinx roles
(``:class:`Card```) and inline literals become ``<code>``, ``*emphasis*`` becomes ``<em>``.
The first sentence is read from the whole first paragraph, so it is never cut where the
docstring happens to break its line.  Kept apart from the Sphinx extension so that the page's
code cell and the tests can import it without Sphinx.
"""

from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import dataclass
from html import escape

MODULES = (
    "ombre.errors",
    "ombre.engine.cards",
    "ombre.engine.rules",
    "ombre.engine.rulesets",
    "ombre.engine.payments",
    "ombre.engine.game",
    "ombre.engine.record",
    "ombre.engine.solver.objective",
    "ombre.engine.solver.position",
    "ombre.engine.solver.tables",
    "ombre.engine.solver.search",
    "ombre.engine.solver.analysis",
    "ombre.engine.players",
    "ombre.engine.probability",
    "ombre.belinda",
    "ombre.teaching",
    "ombre.teaching.handouts",
    "ombre.sources.braille",
    "ombre.sources.edition",
    "ombre.sources.texts",
    "ombre.cli",
    "ombre.display.svg",
    "ombre.display.cardtext",
    "ombre.display.replay",
    "ombre.display.hands",
    "ombre.display.live",
    "ombre.display.replay.widget",
    "ombre.display.play.widget",
    "ombre.display.plots",
    "ombre.display.teaching.html",
    "ombre.display.teaching.widgets",
    "ombre.display.edition.html",
    "ombre.display.edition.figures",
)

_ROLE = re.compile(r":(?:py:)?[a-z]+:`~?([^`]+)`")
_LITERAL = re.compile(r"``(.+?)``")
_DEFAULT_ROLE = re.compile(r"`([^`]+)`")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"<code>.*?</code>")
#: a full stop (or ! ?) that ends a sentence: followed by a space and a capital, a quote or a code
_SENTENCE_END = re.compile(r"(?<!\b[a-z]\.[a-z])(?<!\be\.g)(?<!\bi\.e)[.!?]\)?(?=\s+(?:[A-Z\"'(]|<code>))")


@dataclass(frozen=True)
class ApiEntry:
    """One row of the table: a public class or function and the first sentence of its docstring."""

    module: str
    name: str
    kind: str
    summary_html: str


def first_paragraph(doc: str) -> str:
    """The first paragraph of a docstring, as one line."""
    lines: list[str] = []
    for line in doc.strip().splitlines():
        if not line.strip():
            break
        lines.append(line.strip())
    return " ".join(lines)


def _role_text(match: re.Match[str]) -> str:
    target = match.group(1)
    shown = target.split(".")[-1] if match.group(0).split("`")[1].startswith("~") else target
    return f"<code>{shown}</code>"


def render_inline(text: str) -> str:
    """reStructuredText inline markup to HTML: roles and literals to code, emphasis to em."""
    out = escape(text, quote=False)
    codes: list[str] = []

    def keep(html: str) -> str:
        codes.append(html)
        return f"\x00{len(codes) - 1}\x00"

    out = _ROLE.sub(lambda m: keep(_role_text(m)), out)
    out = _LITERAL.sub(lambda m: keep(f"<code>{m.group(1)}</code>"), out)
    out = _DEFAULT_ROLE.sub(lambda m: keep(f"<code>{m.group(1)}</code>"), out)
    out = _STRONG.sub(r"<strong>\1</strong>", out)
    out = _EMPHASIS.sub(r"<em>\1</em>", out)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], out)


def first_sentence(html: str) -> str:
    """The first whole sentence of rendered text (never a cut inside code)."""
    masked = _CODE.sub(lambda m: "<code>" + "x" * (len(m.group(0)) - 13) + "</code>", html)
    end = _SENTENCE_END.search(masked)
    sentence = html[: end.end()] if end else html
    sentence = sentence.strip()
    if sentence.endswith(":"):
        sentence = sentence[:-1] + "."
    return sentence


def summary(obj: object) -> str:
    """The HTML summary of one object: the first sentence of its docstring."""
    return first_sentence(render_inline(first_paragraph(inspect.getdoc(obj) or "")))


def api_entries(modules: tuple[str, ...] = MODULES) -> list[ApiEntry]:
    """Every public class and function defined in ``modules``, with its summary."""
    rows: list[ApiEntry] = []
    for name in modules:
        module = importlib.import_module(name)
        public = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
        for attr in public:
            obj = getattr(module, attr, None)
            if obj is None or getattr(obj, "__module__", name) != name:
                continue
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            kind = "class" if inspect.isclass(obj) else "function"
            rows.append(ApiEntry(name, attr, kind, summary(obj)))
    return rows


def api_table_html(modules: tuple[str, ...] = MODULES) -> str:
    """The page's table: module, name, kind and what it is, one row a public name (its row header)."""
    body = "".join(
        f"<tr><td><code>{escape(e.module)}</code></td><th scope='row'><code>{escape(e.name)}</code></th>"
        f"<td>{e.kind}</td><td>{e.summary_html}</td></tr>"
        for e in api_entries(modules)
    )
    return (
        '<table class="ombre-table ombre-api"><caption>Public classes and functions of the package</caption>'
        "<thead><tr><th scope='col'>module</th><th scope='col'>name</th><th scope='col'>kind</th>"
        f"<th scope='col'>what it is</th></tr></thead><tbody>{body}</tbody></table>"
    )
