"""Words and tables for pages: a count of tricks, a percentage, an accessible table.

One implementation of each, for the viewer, the widgets, the edition's figures, the book's code
cells and the book's Sphinx extension (which imports :data:`ROW_HEADERS_CLASS` from here, so
this module must never import matplotlib).  Escaping is the standard library's
:func:`html.escape` (quotes included); text that may hold a card (``K♥``) goes through
:func:`~ombre.display.cardtext.card_text_html` instead, which escapes the rest.

>>> tricks_word(1), percent(0.224)
('1 trick', '22.40%')
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from importlib import resources

from ombre.display.cardtext import card_text_html
from ombre.engine.probability import wilson_interval
from ombre.words import capitalise

__all__ = [
    "tricks_word",
    "percent",
    "interval_text",
    "estimate_text",
    "supported_decimals",
    "chance_text",
    "ROW_HEADERS_CLASS",
    "table_html",
    "markdown_table",
    "inline_assets",
    "name_html",
    "names_isolated",
    "names_card_text_html",
    "names_html",
]


def name_html(name: str) -> str:
    """A player's name in a page: escaped, and isolated in ``<bdi>`` so that a right-to-left name, or
    a bidi override inside it, cannot reorder the sentence around it.

    >>> name_html("<img src=x onerror=alert(1)>")
    '<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>'
    """
    return f"<bdi>{html.escape(name)}</bdi>"


def names_html(text: str, names: Iterable[str]) -> str:
    """``text`` escaped, with each of the player ``names`` in it isolated as :func:`name_html` does.

    >>> names_html("Ann plays; Bob passes; Annabel passes", ["Ann", "Bob", "Annabel"])
    '<bdi>Ann</bdi> plays; <bdi>Bob</bdi> passes; <bdi>Annabel</bdi> passes'
    """
    pieces = _pieces(text, names)
    return "".join(name_html(piece) if is_name else html.escape(piece) for piece, is_name in pieces)


def names_card_text_html(text: str, names: Iterable[str]) -> str:
    """``text`` as :func:`~ombre.display.cardtext.card_text_html` writes it (escaped, cards as named
    spans), with each of the player ``names`` in it isolated as :func:`name_html` does.

    >>> names_card_text_html("Ann plays 2♠", ["Ann"])  # doctest: +ELLIPSIS
    '<bdi>Ann</bdi> plays <span class="ombre-card-text" role="img" aria-label="the Two of Spades">2♠</span>'
    """
    pieces = _pieces(text, names)
    return "".join(name_html(piece) if is_name else card_text_html(piece) for piece, is_name in pieces)


#: Unicode's first-strong isolate and pop directional isolate: ``<bdi>`` for plain text
FSI, PDI = "\u2068", "\u2069"


def names_isolated(text: str, names: Iterable[str]) -> str:
    """``text`` with each of the player ``names`` in it between FSI and PDI, for text a script sets
    with ``textContent`` (a live region's words): the plain-text form of :func:`names_html`.

    >>> names_isolated("Ann plays", ["Ann"]) == "\u2068Ann\u2069 plays"
    True
    """
    return "".join(FSI + piece + PDI if is_name else piece for piece, is_name in _pieces(text, names))


def _pieces(text: str, names: Iterable[str]) -> list[tuple[str, bool]]:
    """``text`` cut into pieces, each marked whether it is one of the ``names`` (whole words only),
    as written or capitalised at the start of a sentence ("The Baron")."""
    given = [n for n in names if n]
    found = sorted({*given, *(capitalise(n) for n in given)}, key=len, reverse=True)  # "Annabel" before "Ann"
    if not found:
        return [(text, False)]
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in found) + r")(?!\w)")
    out: list[tuple[str, bool]] = []
    at = 0
    for m in pattern.finditer(text):
        out += [(text[at : m.start()], False), (m.group(), True)]
        at = m.end()
    return [*out, (text[at:], False)]


#: The class by which the book's Sphinx extension makes a Markdown table's first column its row headers.
ROW_HEADERS_CLASS = "ombre-row-headers"


def tricks_word(n: int) -> str:
    """``no tricks``, ``1 trick``, ``5 tricks``."""
    return "no tricks" if n == 0 else ("1 trick" if n == 1 else f"{n} tricks")


def percent(x: float) -> str:
    """A chance as a percentage with two decimals: ``0.224`` -> ``22.40%``."""
    return f"{100 * x:.2f}%"


def supported_decimals(hits: int, trials: int) -> int:
    """How many decimals of a percentage a simulation's count supports: the first figure of its 95%
    interval's half-width, and no more than two (80 deals support whole percentages, 100,000 two
    decimals of a chance under one percent).

    >>> supported_decimals(80, 80), supported_decimals(675, 3000), supported_decimals(19, 3000)
    (0, 0, 1)
    >>> supported_decimals(780, 100_000)
    2
    """
    lo, hi = wilson_interval(hits, trials)
    half = 100 * (hi - lo) / 2
    return 2 if half <= 0 else max(0, min(2, -math.floor(math.log10(half))))


def estimate_text(hits: int, trials: int) -> str:
    """A simulated chance and its 95% interval, rounded to what ``trials`` deals support.

    >>> estimate_text(80, 80)  # not "100.00% (95.42% to 100.00%)"
    '100% (95% to 100%)'
    >>> estimate_text(19, 3000), estimate_text(780, 100_000)
    ('0.6% (0.4% to 1.0%)', '0.78% (0.73% to 0.84%)')
    """
    lo, hi = wilson_interval(hits, trials)
    d = supported_decimals(hits, trials)
    return f"{100 * hits / trials:.{d}f}% ({100 * lo:.{d}f}% to {100 * hi:.{d}f}%)"


def interval_text(hits: int, trials: int) -> str:
    """``"22% (95% interval 20% to 25%)"`` for a simulation's count, rounded as :func:`estimate_text`.

    >>> interval_text(224, 1000)
    '22% (95% interval 20% to 25%)'
    """
    return estimate_text(hits, trials).replace(" (", " (95% interval ", 1)


def chance_text(chance: Fraction) -> str:
    """An exact chance as a count and a percentage that does not round it silently.

    >>> chance_text(Fraction(5, 8)), chance_text(Fraction(1, 3)), chance_text(Fraction(1, 2))
    ('5 in 8 (62.5%)', '1 in 3 (about 33%)', '1 in 2 (50%)')
    """
    pct = 100 * chance
    for d in range(3):
        if (pct * 10**d).denominator == 1:
            return f"{chance.numerator} in {chance.denominator} ({float(pct):.{d}f}%)"
    return f"{chance.numerator} in {chance.denominator} (about {float(pct):.0f}%)"


#: the cells' inline style, for a table shown where the book's stylesheet is not (a notebook)
_CELL_STYLE = (
    ' style="padding:.25em .6em;border-bottom:1px solid rgba(127,127,127,.45);'
    'text-align:left;vertical-align:top"'
)


def table_html(
    header: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    row_headers: bool = True,
    markup: bool = False,
    inline_style: bool = True,
    classes: str = "",
) -> str:
    """A plain, accessible HTML table (column headers with ``scope``, optional caption), cells escaped.

    For computed tables on book pages, where a Markdown table in a cell's output would not be
    rendered.  Every card written in the caption, a header or a cell (``A♠``) is a named
    ``role="img"`` span (:func:`~ombre.display.cardtext.card_text_html`); other text is escaped.
    The first cell of each row labels the row (a ``th`` with ``scope="row"``), unless
    ``row_headers`` is false; an empty corner cell is a plain cell, not an empty column header.

    ``markup=True`` takes the headers and cells as HTML already written (the edition's
    figures); ``inline_style=False`` leaves the look to the book's stylesheet; ``classes`` are
    added to ``ombre-table``.

    >>> t = table_html(["Card", "Place"], [["A♠", 1]], caption="Trumps")
    >>> t.startswith('<table class="ombre-table"') and ">Trumps</caption>" in t
    True
    >>> '">Place</th>' in t and 'aria-label="the Ace of Spades">A♠</span></th><td' in t
    True
    >>> t.count('scope="col"'), t.count('scope="row"')
    (2, 1)
    >>> corner = table_html(["", "Wins"], [["Baron", 3]])
    >>> corner.count("<th ") == 2 and corner.count("<td ") == 2
    True
    >>> table_html(["Card", "Place"], [["A♠", 1]], row_headers=False).count("<th ")
    2
    >>> table_html(["", "paid"], [["1", "<b>3</b>"]], markup=True, inline_style=False).split("</thead>")[1]
    '<tbody><tr><th scope="row">1</th><td><b>3</b></td></tr></tbody></table>'
    """
    cell = _CELL_STYLE if inline_style else ""

    def text(value: object) -> str:
        return str(value) if markup else card_text_html(str(value))

    cap_style = ' style="caption-side:top;text-align:left;font-weight:600"' if inline_style else ""
    cap = f"<caption{cap_style}>{card_text_html(caption)}</caption>" if caption else ""
    head = "".join(
        f'<th scope="col"{cell}>{text(h)}</th>' if str(h).strip() else f"<td{cell}></td>" for h in header
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<th scope="row"{cell}>{text(c)}</th>' if row_headers and i == 0 else f"<td{cell}>{text(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    table_style = ' style="border-collapse:collapse;margin:.75em 0"' if inline_style else ""
    cls = f"ombre-table {classes}" if classes else "ombre-table"
    return (
        f'<table class="{cls}"{table_style}>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    )


def markdown_table(caption: str, table: str | Sequence[str], *, row_headers: int = 1) -> str:
    """A Markdown table (its lines, or the text) with a caption, as a MyST ``{table}`` directive.

    For Markdown shown by a code cell of a book page (rendered as MyST).  The caption is the
    table's ``<caption>``.  Its first ``row_headers`` columns label the rows: the table has the
    class ``ombre-row-headers`` (``ombre-row-headers-2`` for two columns, and so on), by which the
    book's Sphinx extension makes them row headers (``th scope="row"``).  A newline in the
    caption is a space.

    >>> print(markdown_table("Tricks won", ["| Reading | Tricks |", "|---|---:|", "| Pole | 5 |"]))
    :::{table} Tricks won
    :class: ombre-row-headers
    <BLANKLINE>
    | Reading | Tricks |
    |---|---:|
    | Pole | 5 |
    :::
    >>> markdown_table("Payments", "| From | To |\\n|---|---|", row_headers=2).splitlines()[:2]
    [':::{table} Payments', ':class: ombre-row-headers-2']
    >>> markdown_table("Calls", "| call | does |\\n|---|---|", row_headers=0).splitlines()[:2]
    [':::{table} Calls', '']
    """
    text = table if isinstance(table, str) else "\n".join(table)
    title = " ".join(caption.split())
    cls = ROW_HEADERS_CLASS if row_headers == 1 else f"{ROW_HEADERS_CLASS}-{row_headers}"
    options = f":class: {cls}\n" if row_headers > 0 else ""
    return f":::{{table}} {title}\n{options}\n{text.strip()}\n:::"


def inline_assets(package: str, css_name: str, js_name: str) -> tuple[str, str]:
    """A package's ``static/`` stylesheet and script, checked that they can be inlined in a page.

    Inlined, neither may end its own element or open another one.

    >>> css, js = inline_assets("ombre.display.replay", "viewer.css", "viewer.js")
    >>> ".om-viewer" in css and "OmbreViewer" in js
    True
    """
    from ombre.errors import OmbreError

    base = resources.files(package) / "static"
    css = (base / css_name).read_text(encoding="utf-8")
    js = (base / js_name).read_text(encoding="utf-8")
    for name, text, tag in ((css_name, css, "style"), (js_name, js, "script")):
        if f"</{tag}" in text.lower() or "<script" in text.lower() or "<!--" in text:
            raise OmbreError(f"{name} cannot be inlined: it contains '</{tag}', '<script' or '<!--'")
    return css, js
