"""Sphinx extension for the Ombre book: keep every page offline.

Jupyter Book 1 always loads sphinx-thebe, which writes a CDN address (unpkg) into every page as
a script constant, twice. Live kernels through Thebe are switched off in this book, so the
scripts are dropped from each page: no page names another host, and the console stays clean.

Docutils writes each bibliography entry as ``role="doc-biblioentry"`` inside ``role="list"``;
ARIA 1.2 deprecates that role, and a list of them has no list items for a screen reader, so
the entries are written as list items.

The bibliography is in author-year form: citations read "[Morley, 1891]", the list gives each
entry the same label, and it is sorted by author (or editor), or by title when a work has
neither, then by year: the ``ombre`` pybtex style below, the plain style with that order.

A card written in a page's text or in a table computed by a code cell (``K♥``, ``7♦?``) is read
by a screen reader as "K black heart suit" and shows as an unknown glyph on a braille display:
every such card in the running text of a page becomes the ``role="img"`` span of
:func:`ombre.display.cardtext.card_text_html`, named as the viewer names it ("the King of
Hearts"). Code, literal blocks and raw HTML (figures, widgets, ``table_html``, which name their
cards themselves) are left as they are.

Tables written in a page's Markdown (or in Markdown made by a code cell) are announced as a
screen reader expects: a table with the class ``ombre-row-headers`` (the ``{table}`` directive's
``:class:``, as :func:`ombre.display.html.markdown_table` writes it) has its first column as
row headers (docutils' stub column, written as ``th``), one with ``ombre-row-headers-2`` its
first two; and every header cell of every table says what it heads: ``scope="col"`` in the
header rows, ``scope="row"`` in a stub column. A table's caption says what it shows, without
a "Table 1" before it: Jupyter Book's LaTeX extension turns ``numfig`` on for every builder,
and this one turns it off again (no page refers to a table or figure by number). Nor does a
caption end in a "#" link to the table: Sphinx gives each captioned table an id of its own
(``id3``), which no page can name, and links it from the caption, where a screen reader reads
the "#" as part of the table's name. A table given a ``:name:`` keeps its link.

A game record in a page (a fenced block in the ``omb`` language, or a cell's output made by
:func:`ombre.display.lexer.record_markdown`) is highlighted by the package's Pygments lexer. Its
entry point finds it in an installed package; the extension adds it as well, so a tree that was
not reinstalled since the lexer came builds the same.

The braille downloads are written when the build starts, by the command a reader would run
(``python -m ombre export brf``): the 1665 pamphlet, 40 cells by 25 lines, and each of Belinda's
readings told in words, into ``book/_generated/braille/`` (ignored by git), where the pages link
them with MyST's ``{download}`` role; Sphinx copies each linked file into ``_build/html/_downloads``.
Writing them at every build, not in a page's cell, keeps them there when the notebook cache
spares the page its execution.

A split of the tricks in a page's text ("4-4-1", "3–3–3") is kept on one line (``ombre-split``,
``white-space: nowrap`` in ``ombre.css``): a line break after "4-" reads as a different number.

The theme's rough edges, smoothed where the build writes them. The theme's Jinja macro files
(``_static/webpack-macros.html``, ``_static/sbt-webpack-macros.html``) are copied into the output
with its static files (pydata-sphinx-theme issue 1122): they are no pages, and are removed. The
root ``index.html`` that sphinx-external-toc writes is a bare ``<meta>`` redirect: it is rewritten
as a page with the book's language and title and a link to follow. Font Awesome's script (1.5 MB,
to draw a dozen icons as SVG) is not loaded (``book/_templates/layout.html`` applies
:func:`without_icon_script`) nor published: the theme's stylesheet draws the same icons from its
webfont, and each icon is marked ``aria-hidden``, as the script marked the SVG it drew.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from docutils import nodes
from pybtex.plugin import register_plugin  # type: ignore[import-untyped]
from pybtex.style.formatting import toplevel  # type: ignore[import-untyped]
from pybtex.style.formatting.plain import Style as PlainStyle  # type: ignore[import-untyped]
from pybtex.style.formatting.unsrt import date, pages  # type: ignore[import-untyped]
from pybtex.style.labels import BaseLabelStyle  # type: ignore[import-untyped]
from pybtex.style.sorting import BaseSortingStyle  # type: ignore[import-untyped]
from pybtex.style.template import (  # type: ignore[import-untyped]
    field,
    first_of,
    join,
    optional,
    optional_field,
    sentence,
    tag,
    words,
)
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.writers.html5 import HTML5Translator

from ombre import cli
from ombre.belinda import READINGS
from ombre.display.cardtext import CARD_TOKEN, card_text_html
from ombre.display.html import ROW_HEADERS_CLASS
from ombre.display.lexer import OmbreRecordLexer


class AuthorTitleYearSorting(BaseSortingStyle):  # type: ignore[misc]
    """Sort by the authors' (else the editors') surnames, else by the title; then year (a work
    with no date after the dated ones) and title."""

    def sorting_key(self, entry: Any) -> tuple[str, str, str]:
        persons = entry.persons.get("author") or entry.persons.get("editor") or []
        title = str(entry.fields.get("title", "")).strip("{}")
        title = title[4:] if title.startswith("The ") else title
        names = " ".join(" ".join(p.prelast_names + p.last_names + p.first_names) for p in persons)
        return ((names or title).strip("{}").lower(), entry.fields.get("year", "~"), title.lower())


def _plain(text: str) -> str:
    return text.replace("{", "").replace("}", "")


class AuthorYearLabels(BaseLabelStyle):  # type: ignore[misc]
    """Each entry labelled as the pages cite it: "Morley, 1891", "Hoyle's Games, n.d."."""

    def format_labels(self, sorted_entries: Any) -> Any:
        for entry in sorted_entries:
            persons = entry.persons.get("author") or entry.persons.get("editor") or []
            names = " and ".join(_plain(" ".join(p.prelast_names + p.last_names)) for p in persons)
            title = _plain(entry.fields.get("title", entry.key))
            yield f"{names or title}, {entry.fields.get('year', 'n.d.')}"


class OmbreStyle(PlainStyle):  # type: ignore[misc]
    """The plain pybtex style, sorted by :class:`AuthorTitleYearSorting` and labelled by
    :class:`AuthorYearLabels`; an article shows its volume and issue even when its pages are not
    known (plain drops the volume then)."""

    default_sorting_style = "ombre"
    default_label_style = "ombre"

    def get_article_template(self, e: Any) -> Any:
        volume = join[field("volume"), optional["(", field("number"), ")"]]
        volume_and_pages = first_of[
            optional[join[volume, ":", pages]],
            optional[volume],
            words["pages", pages],
        ]
        return toplevel[
            self.format_names("author"),
            self.format_title(e, "title"),
            sentence[tag("em")[field("journal")], optional[volume_and_pages], date],
            sentence[optional_field("note")],
            self.format_web_refs(e),
        ]


register_plugin("pybtex.style.sorting", "ombre", AuthorTitleYearSorting)
register_plugin("pybtex.style.labels", "ombre", AuthorYearLabels)
register_plugin("pybtex.style.formatting", "ombre", OmbreStyle)


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
        body = context["body"] = body.replace('role="doc-biblioentry"', 'role="listitem"')
    if isinstance(body, str):
        context["body"] = drop_table_links(body)


# text kept exactly as written: code, literal and doctest blocks, raw HTML, comments, signatures
_AS_WRITTEN = (nodes.FixedTextElement, nodes.literal, nodes.math, addnodes.desc_signature)


def _written_as_is(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _AS_WRITTEN):
            return True
        parent = parent.parent
    return False


def _wrap_in_text(doctree: nodes.Node, pattern: re.Pattern[str], html_of: Callable[[str], str]) -> int:
    """Each match of ``pattern`` in the doctree's running text replaced by the raw HTML
    ``html_of(match)``; code, literal blocks and raw HTML are left as written. Returns how many."""
    wrapped = 0
    for text in list(doctree.findall(nodes.Text)):
        source = str(text)
        if not pattern.search(source) or _written_as_is(text):
            continue
        pieces: list[nodes.Node] = []
        at = 0
        for m in pattern.finditer(source):
            if m.start() > at:
                pieces.append(nodes.Text(source[at : m.start()]))
            pieces.append(nodes.raw(m.group(0), html_of(m.group(0)), format="html"))
            at = m.end()
            wrapped += 1
        if at < len(source):
            pieces.append(nodes.Text(source[at:]))
        text.parent.replace(text, pieces)
    return wrapped


def name_cards_in_text(doctree: nodes.Node) -> int:
    """Each card token in the doctree's running text made a named span; returns how many."""
    return _wrap_in_text(doctree, CARD_TOKEN, card_text_html)


#: how the tricks of a hand fell among the three players ("4-4-1", "3–3–3"): nine tricks, so one
#: digit each, joined by hyphens or en dashes
SPLIT = re.compile(r"(?<![\w.\-–])\d([-–])\d\1\d(?![\w\-–]|\.\d)")


def keep_splits_whole(doctree: nodes.Node) -> int:
    """Each split of the tricks in the doctree's running text ("4-4-1") kept on one line; returns
    how many.

    >>> from docutils.core import publish_doctree
    >>> doc = publish_doctree("A 4-4-1 split, or 3–3–3; not 1-2-3-4 nor ``4-4-1``.")
    >>> keep_splits_whole(doc)
    2
    >>> [n.astext() for n in doc.findall(nodes.raw)]
    ['<span class="ombre-split">4-4-1</span>', '<span class="ombre-split">3–3–3</span>']
    """
    return _wrap_in_text(doctree, SPLIT, lambda split: f'<span class="ombre-split">{split}</span>')


def _name_cards(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if app.builder.format == "html":
        name_cards_in_text(doctree)
        keep_splits_whole(doctree)


def _row_header_columns(classes: list[str]) -> int:
    for cls in classes:
        if cls == ROW_HEADERS_CLASS:
            return 1
        count = cls.removeprefix(ROW_HEADERS_CLASS + "-")
        if cls.startswith(ROW_HEADERS_CLASS + "-") and count.isdigit():
            return int(count)
    return 0


def mark_row_headers(doctree: nodes.Node) -> int:
    """The first column of each table with the class ``ombre-row-headers`` (the first two with
    ``ombre-row-headers-2``, ...) made stub columns, that is row headers; returns how many tables."""
    marked = 0
    for table in doctree.findall(nodes.table):
        columns = _row_header_columns(table["classes"])
        if not columns:
            continue
        for tgroup in table.findall(nodes.tgroup):
            colspecs = [c for c in tgroup.children if isinstance(c, nodes.colspec)]
            for colspec in colspecs[:columns]:
                colspec["stub"] = 1
        marked += 1
    return marked


#: the "#" link Sphinx puts in a caption, to an id of its own making (``id3``)
_MADE_UP_TABLE_LINK = re.compile(r'<a class="headerlink" href="#id\d+" title="Link to this table">[^<]*</a>')


def drop_table_links(body: str) -> str:
    """A page's HTML without the "#" links of its captions to tables that have no name.

    >>> drop_table_links('<caption><span class="caption-text">Trumps</span><a class="headerlink" '
    ...                  'href="#id3" title="Link to this table">#</a></caption>')
    '<caption><span class="caption-text">Trumps</span></caption>'
    """
    return _MADE_UP_TABLE_LINK.sub("", body)


def _tables(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    mark_row_headers(doctree)


def visit_entry(self: HTML5Translator, node: nodes.entry) -> None:
    """A table cell as docutils writes it, a header cell with its ``scope``: ``col`` in the
    table's head, ``row`` in a stub column."""
    HTML5Translator.visit_entry(self, node)
    start = self.body[-1]
    if start.startswith("<th") and " scope=" not in start:
        scope = "col" if isinstance(node.parent.parent, nodes.thead) else "row"
        self.body[-1] = f'<th scope="{scope}"{start[3:]}'


#: Where the braille downloads are written, under the book's source tree (ignored by git).
BRAILLE_DIR = Path("book") / "_generated" / "braille"

#: The pamphlet's BRF file, in the braille folder.
PAMPHLET_BRF = "royal-game-of-ombre-1665.brf"


def reading_brf(name: str) -> str:
    """The BRF file of one of Belinda's readings (``pole`` -> ``belinda-pole.brf``)."""
    return f"belinda-{name}.brf"


def write_braille_downloads(folder: Path) -> list[Path]:
    """The pamphlet and each of Belinda's readings as BRF files in ``folder``, 40 cells by 25 lines,
    written by ``python -m ombre export brf``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    records = resources.files("ombre.belinda").joinpath("records")
    jobs: list[tuple[list[str], Path]] = [([], folder / PAMPHLET_BRF)]
    jobs += [
        (["--record", str(records.joinpath(READINGS[name]))], folder / reading_brf(name)) for name in READINGS
    ]
    for extra, target in jobs:
        err = io.StringIO()
        if cli.main(["export", "brf", str(target), *extra], out=io.StringIO(), err=err) != 0:
            raise ExtensionError(f"ombre_book: the braille download {target.name}: {err.getvalue().strip()}")
    return [target for _, target in jobs]


#: The edition as TEI P5 XML (``python -m ombre export tei``), offered on the edition's pages.
TEI_FILE = Path("book") / "_generated" / "tei" / "royal-game-of-ombre-1665.tei.xml"


def write_tei_download(target: Path) -> Path:
    """The edition's TEI file at ``target``, written by ``python -m ombre export tei``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    err = io.StringIO()
    if cli.main(["export", "tei", str(target)], out=io.StringIO(), err=err) != 0:
        raise ExtensionError(f"ombre_book: the TEI download: {err.getvalue().strip()}")
    return target


def _braille_downloads(app: Sphinx) -> None:
    write_braille_downloads(Path(app.srcdir) / BRAILLE_DIR)
    write_tei_download(Path(app.srcdir) / TEI_FILE)


def _no_numbers(app: Sphinx, config: Any) -> None:
    config.numfig = False


#: Font Awesome's script tag as the theme's macros write it, and its files in the output
_ICON_SCRIPT = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js(\?[^"]*)?"></script>')
_ICON_FILES = ("scripts/fontawesome.js", "scripts/fontawesome.js.map", "scripts/fontawesome.js.LICENSE.txt")
#: an icon element of the theme (``<i class="fa-solid fa-bars">``) not yet hidden from screen readers
_ICON = re.compile(r'<i class="([^"]*\bfa-[^"]*)"(?![^>]*aria-hidden)')


def without_icon_script(html: str) -> str:
    """A part of a page without Font Awesome's script, its icons hidden from screen readers.

    >>> without_icon_script('<link href="t.css" />\\n  <script defer src="../_static/scripts/fontawesome.js'
    ...                     '?digest=55c2"></script>\\n<i class="fa-solid fa-bars"></i>')
    '<link href="t.css" />\\n<i class="fa-solid fa-bars" aria-hidden="true"></i>'
    """
    return _ICON.sub(r'<i class="\1" aria-hidden="true"', _ICON_SCRIPT.sub("", html))


#: the redirect sphinx-external-toc writes as the root index.html when the root page is not "index"
_BARE_REDIRECT = re.compile(r'\s*<meta http-equiv="Refresh" content="0; url=([^"]+)" />\s*')


#: the redirect page's colours, the book's ink and baize in light and in dark mode (a page with none
#: is dark-on-dark for axe, which takes a transparent page for white)
_REDIRECT_STYLE = (
    "body{font-family:Georgia,serif;background:#fbf8ef;color:#1d1a16}a{color:#1f5a3a}"
    "@media (prefers-color-scheme:dark){body{background:#2a2722;color:#ece6d6}a{color:#7fd69a}}"
)


def redirect_page(target: str, title: str, language: str) -> str:
    """The root page sending a reader on to ``target``: a page with a language and a title, whose
    link works where the refresh does not.

    >>> print(redirect_page("book/intro.html", "Ombre & Co", "en"))  # doctest: +ELLIPSIS
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Ombre &amp; Co</title>
    <meta http-equiv="Refresh" content="0; url=book/intro.html">
    ...
    <p><a href="book/intro.html">Ombre &amp; Co</a></p>
    ...
    """
    from html import escape

    href, name = escape(target), escape(title)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(language)}">\n<head>\n<meta charset="utf-8">\n<title>{name}</title>\n'
        f'<meta http-equiv="Refresh" content="0; url={href}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<style>{_REDIRECT_STYLE}</style>\n"
        f'<link rel="canonical" href="{href}">\n'  # no icon: the refresh would cut its request short
        f'</head>\n<body>\n<main>\n<p><a href="{href}">{name}</a></p>\n</main>\n</body>\n</html>\n'
    )


def _finish_output(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    static = out / "_static"
    for template in static.rglob("*.html"):  # the theme's Jinja macros, copied as static files
        if "{% macro" in template.read_text(encoding="utf-8", errors="replace"):
            template.unlink()
    for name in _ICON_FILES:
        (static / name).unlink(missing_ok=True)
    index = out / "index.html"
    bare = _BARE_REDIRECT.fullmatch(index.read_text(encoding="utf-8")) if index.exists() else None
    if bare:
        title = app.config.html_title or app.config.project
        index.write_text(redirect_page(bare.group(1), title, app.config.language or "en"), encoding="utf-8")


def _add_filters(app: Sphinx) -> None:
    templates = getattr(app.builder, "templates", None)
    if templates is not None and hasattr(templates, "environment"):
        templates.environment.filters["ombre_without_icon_script"] = without_icon_script


def setup(app: Sphinx) -> dict[str, Any]:
    for alias in OmbreRecordLexer.aliases:
        app.add_lexer(alias, OmbreRecordLexer)
    app.connect("config-inited", _no_numbers, priority=900)
    app.connect("builder-inited", _braille_downloads)
    app.connect("builder-inited", _add_filters)
    # after sphinx-external-toc writes the root redirect (priority 500)
    app.connect("build-finished", _finish_output, priority=900)
    app.connect("html-page-context", _drop_thebe, priority=900)
    app.connect("doctree-resolved", _name_cards)
    app.connect("doctree-resolved", _tables)
    app.add_node(nodes.entry, override=True, html=(visit_entry, HTML5Translator.depart_entry))
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
