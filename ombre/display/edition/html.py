"""The edition of the 1665 pamphlet as HTML: diplomatic text, editorial marks, notes, three views.

Each section of the pamphlet is rendered by :func:`section_html` as one
``<section>`` holding

* three views, as accessible tabs (``role=tablist``/``tab``/``tabpanel``,
  arrow keys move between them): **Print** (the diplomatic text in the
  period face, with the edition's marks), **Braille** (the source's lines as
  Unicode braille cells) and **Braille ASCII** (the lines as the file has
  them), both with braille page and line numbers and the print of each line
  beside it;
* the editorial marks: each emendation in square brackets, a link to its
  editorial note (the braille's reading and the reason), with the reading also
  in words for a screen reader and on hover (``title``); a real
  ``<button aria-pressed>``, named for what it does ("all sections"), switches
  every mark on the page off (showing the diplomatic reading, no longer a
  link) and on again;
* the notes, under headings ("Notes on ...", "Editorial notes on ..."): every
  anchor phrase links to its note and each note links back, named after its
  lemma; notes link to the glossary (``glossary.html#term-...`` as Sphinx
  makes them) and each source to its own bibliography entry
  (``bibliography.html#cite-KEY``, the ids ``bibtex_cite_id`` gives them).

The small script that runs the tabs and the toggle is inlined (no CDN) and
runs once however many sections a page shows.  Styles: the classes are
prefixed ``ombre-``; the book's stylesheet is ``book/_static/ombre-edition.css``.

>>> page = section_html("of-the-codillio")
>>> 'role="tablist"' in page and 'aria-pressed="true"' in page
True
>>> '<a class="ombre-emendation' in page and 'href="#ombre-em-they-call"' in page
True
>>> '[They]<span class="ombre-sr"> (editorial: the braille reads “The”)</span>' in page
True
>>> "glossary.html#term-Codille" in page
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from ombre.sources.braille import BrailleLine, Word, load_1665, to_unicode
from ombre.sources.edition import Annotation, Block, Edition, Emendation, Section, load_edition

__all__ = [
    "Html",
    "EDITION_SCRIPT",
    "SOURCE_LABELS",
    "edition_controls",
    "section_html",
    "block_html",
    "notes_html",
    "braille_view_html",
    "braille_lines_html",
    "first_lines_html",
    "bibliography_anchor",
    "TOGGLE_NAME",
    "edition_html",
]

#: Short labels for the bibliography keys cited in notes.
SOURCE_LABELS = {
    "royalgame1665": "Royal Game 1665",
    "gutenberg9177": "Project Gutenberg #9177",
    "morley1891": "Morley 1891",
    "pope1714": "Pope 1714",
    "parrott1906": "Parrott 1906",
    "seymour1728": "Court Gamester 1728",
    "cotgrave1662": "Wits Interpreter 1662",
    "cotton1674": "Cotton 1674",
    "hoyle": "Hoyle",
    "eb1911ombre": "Encyclopaedia Britannica 1911",
    "parlett": "Parlett",
    "ebae": "EBAE",
    "liblouis": "liblouis",
}

_KIND_LABELS = {
    "word": "word",
    "spanish": "Spanish",
    "money": "stakes and coins",
    "rule": "the rule",
    "transcription": "transcription",
    "crux": "crux",
    "context": "context",
}

_CERTAINTY_LABELS = {"certain": "certain", "slip": "a slip", "conjecture": "a conjecture"}

#: The inline script: tabs with arrow keys, and the editorial-marks toggle (all toggles stay in step).
EDITION_SCRIPT = """<script>
(function () {
  if (window.ombreEditionReady) { return; }
  window.ombreEditionReady = true;
  function setMarks(on) {
    document.querySelectorAll(".ombre-marks-toggle").forEach(function (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    // the key's sample stays as it is; a mark that is off is plain text, no longer a link
    document.querySelectorAll(".ombre-emendation:not(.ombre-sample)").forEach(function (e) {
      var r = e.querySelector(".ombre-reading"), c = e.querySelector(".ombre-correction");
      if (r) { r.hidden = on; }
      if (c) { c.hidden = !on; }
      if (on && e.dataset.href) { e.setAttribute("href", e.dataset.href); }
      if (!on && e.hasAttribute("href")) {
        e.dataset.href = e.getAttribute("href");
        e.removeAttribute("href");
      }
    });
    document.documentElement.classList.toggle("ombre-marks-off", !on);
  }
  function select(tab, focus) {
    var list = tab.closest('[role="tablist"]');
    list.querySelectorAll('[role="tab"]').forEach(function (t) {
      var on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      var panel = document.getElementById(t.getAttribute("aria-controls"));
      if (panel) { panel.hidden = !on; }
    });
    if (focus) { tab.focus(); }
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest(".ombre-marks-toggle");
    if (b) { setMarks(b.getAttribute("aria-pressed") !== "true"); return; }
    var t = ev.target.closest('.ombre-views [role="tab"]');
    if (t) { select(t, false); }
  });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target.closest && ev.target.closest('.ombre-views [role="tab"]');
    if (!t) { return; }
    var tabs = Array.prototype.slice.call(t.closest('[role="tablist"]').querySelectorAll('[role="tab"]'));
    var i = tabs.indexOf(t);
    if (ev.key === "ArrowRight") { i = (i + 1) % tabs.length; }
    else if (ev.key === "ArrowLeft") { i = (i + tabs.length - 1) % tabs.length; }
    else if (ev.key === "Home") { i = 0; }
    else if (ev.key === "End") { i = tabs.length - 1; }
    else { return; }
    ev.preventDefault();
    select(tabs[i], true);
  });
})();
</script>"""


class Html(str):
    """A string of HTML that notebooks and the book display as HTML (``_repr_html_``)."""

    def _repr_html_(self) -> str:
        return str(self)


#: The marks toggle's name: every toggle switches every mark on the page, and says so.
TOGGLE_NAME = "Editorial marks (all sections)"


def _toggle_button() -> str:
    return (
        '<button type="button" class="ombre-marks-toggle" aria-pressed="true" '
        'title="Show or hide the edition\'s corrections and supplied signs in every section of the page">'
        f"{TOGGLE_NAME}</button>"
    )


def edition_controls() -> Html:
    """The bar at the top of an edition page: the marks toggle, a key to the marks, and the script.

    >>> bar = edition_controls()
    >>> bar.count("<button") == 1 and "<script>" in bar
    True
    """
    return Html(
        '<div class="ombre-edition-controls">'
        + _toggle_button()
        + '<p class="ombre-legend">'
        + '<span class="ombre-emendation ombre-sample"><span class="ombre-correction">[Game]</span></span> '
        + "(in square brackets and colour) is an editorial correction or supplied sign. Each is a link "
        + "to its editorial note below the section, which gives the braille's reading and the reason; "
        + "a screen reader hears the reading with the mark, and hovering shows it too. "
        + "The button switches the marks of every section off, to show the text exactly as the source "
        + "has it, and on again. "
        + '<span class="ombre-anchor ombre-sample">Underlined words</span> have a note; '
        + "each section offers three views: print, braille cells, and the Braille ASCII of the file."
        + "</p>"
        + EDITION_SCRIPT
        + "</div>"
    )


# --------------------------------------------------------------------------- the print view


@dataclass
class _Node:
    start: int
    end: int
    kind: str  # "note" or "emendation"
    obj: Annotation | Emendation | None
    number: int = 0
    children: list[_Node] = field(default_factory=list)


def _tree(text_len: int, marks: Sequence[_Node]) -> _Node:
    root = _Node(0, text_len, "root", None)
    order = sorted(marks, key=lambda m: (m.start, -(m.end - m.start), 0 if m.kind == "note" else 1))
    stack = [root]
    for m in order:
        while len(stack) > 1:
            top = stack[-1]
            inside = top.start <= m.start and m.end <= top.end and not (m.start == m.end == top.end)
            if inside and top.kind == "note":
                break
            stack.pop()
        stack[-1].children.append(m)
        if m.kind == "note":
            stack.append(m)
    return root


def _render(text: str, node: _Node, ed: Edition, *, in_link: bool = False) -> str:
    out = []
    pos = node.start
    for child in node.children:
        out.append(escape(text[pos : child.start]))
        if child.kind == "emendation":
            assert isinstance(child.obj, Emendation)
            out.append(_emendation_html(child.obj, link=not in_link))
        else:
            assert isinstance(child.obj, Annotation)
            a = child.obj
            inner = _render(text, child, ed, in_link=True)
            out.append(
                f'<a class="ombre-anchor ombre-anchor-{a.kind}" id="ombre-ref-{a.id}" '
                f'href="#ombre-note-{a.id}" '
                f'title="{escape(_plain(a.note))}">{inner}</a>'
                f'<sup class="ombre-noteref" aria-hidden="true">{child.number}</sup>'
            )
        pos = child.end
    out.append(escape(text[pos : node.end]))
    return "".join(out)


def _plain(text: str) -> str:
    return " ".join(text.split())


def _emendation_html(e: Emendation, *, link: bool = True) -> str:
    """A mark: a link to its editorial note (a plain span inside a phrase that already links to a
    note), the correction in brackets with the braille's reading in words for a screen reader, and
    the diplomatic reading, hidden until the marks are switched off."""
    correction = e.correction.strip()
    trailing = " " if e.correction.endswith(" ") else ""
    if e.kind == "supplied":
        title = f"Editorial: '{correction}' supplied (the braille has nothing here). {e.reason}"
        said = f"editorial: \u201c{correction}\u201d supplied, the braille has nothing here"
    else:
        title = f"Editorial: the braille reads '{e.reading}'. {e.reason}"
        said = f"editorial: the braille reads \u201c{e.reading}\u201d"
    tag = "a" if link else "span"
    href = f' href="#ombre-em-{escape(e.id)}"' if link else ""
    return (
        f'<{tag} class="ombre-emendation ombre-emendation-{e.kind} ombre-certainty-{e.certainty}" '
        f'id="ombre-mark-{escape(e.id)}" data-emendation="{escape(e.id)}"{href} title="{escape(title)}">'
        f'<span class="ombre-reading" hidden>{escape(e.reading)}</span>'
        f'<span class="ombre-correction">[{escape(correction)}]'
        f'<span class="ombre-sr"> ({escape(said)})</span></span>'
        f"</{tag}>{trailing}"
    )


_BLOCK_TAGS = {
    "heading": "ombre-b-heading",
    "subheading": "ombre-b-subheading",
    "paragraph": "ombre-b-paragraph",
    "item": "ombre-b-item",
    "title": "ombre-b-title",
    "imprint": "ombre-b-imprint",
    "note": "ombre-b-note",
    "finis": "ombre-b-finis",
}


def _numbers(ed: Edition, sec: Section) -> dict[str, int]:
    """Note numbers of a section, in the order the anchors stand in the text."""
    order = {b.id: k for k, b in enumerate(sec.blocks)}
    notes = sorted(ed.annotations_in(sec.id), key=lambda a: (order[a.span.block], a.span.start))
    return {a.id: k for k, a in enumerate(notes, start=1)}


def block_html(block: Block, *, edition: Edition | None = None, numbers: dict[str, int] | None = None) -> str:
    """One block of the print view: the diplomatic text with its marks, and its braille page and line.

    >>> out = block_html(load_edition().block("the-end-of-the-game-2"))
    >>> 'data-braille="p. 6, l. 14"' in out and "[Game]" in out
    True
    >>> said = '<span class="ombre-sr">Braille page 6, line 14. </span>'
    >>> '<span aria-hidden="true">p. 6, l. 14</span>' + said in out
    True
    """
    ed = edition or load_edition()
    numbers = numbers if numbers is not None else _numbers(ed, ed.section(block.section))
    marks = [
        _Node(a.span.start, a.span.end, "note", a, numbers.get(a.id, 0))
        for a in ed.annotations
        if a.span.block == block.id
    ]
    marks += [
        _Node(e.span.start, e.span.end, "emendation", e) for e in ed.emendations if e.span.block == block.id
    ]
    text = block.text
    body = _render(text, _tree(len(text), marks), ed)
    where = f"p. {block.start.page}, l. {block.start.line}"
    label = (
        '<span class="ombre-note-label">Transcriber\'s note, not part of the 1665 text: </span>'
        if block.kind == "note"
        else ""
    )
    return (
        f'<p class="ombre-block {_BLOCK_TAGS[block.kind]}" id="ombre-{block.id}" data-braille="{where}">'
        f'<span class="ombre-pl" title="braille page {block.start.page}, line {block.start.line}">'
        f'<span aria-hidden="true">{where}</span>'
        f'<span class="ombre-sr">Braille page {block.start.page}, line {block.start.line}. </span></span>'
        f"{label}{body}</p>"
    )


# --------------------------------------------------------------------------- the braille views


def _pad(cells: str) -> str:
    """Blank cells that only pad a line: shown, but not read out as a run of blank braille cells."""
    return f'<span class="ombre-pad" aria-hidden="true">{escape(cells)}</span>' if cells else ""


def _line_cells_html(ln: BrailleLine, words: Sequence[Word], *, unicode: bool) -> str:
    """The cells of one line; those outside ``words`` (a neighbouring section's) muted and said so."""
    text = ln.cells
    end = len(text.rstrip(" "))
    start = end - len(text[:end].lstrip(" "))
    lo = words[0].position.cell - 1 if words else end
    hi = words[-1].end.cell if words else end
    lo, hi = max(lo, start), min(hi, end)
    parts = [(text[start:lo], "previous"), (text[lo:hi], ""), (text[hi:end], "next")]
    cells = [_pad(to_unicode(text[:start]) if unicode else text[:start])]
    for chunk, outside in parts:
        if not chunk:
            continue
        shown = to_unicode(chunk) if unicode else chunk
        if outside and chunk.strip():
            # muted, and said in words: the faintness alone would not tell a screen reader
            said = f'<span class="ombre-sr">(from the {outside} section) </span>'
            if outside == "previous":
                end_said = '<span class="ombre-sr"> (end of the previous section)</span>'
            else:
                end_said = ""
            cells.append(f'<span class="ombre-cells-outside">{said}{escape(shown)}{end_said}</span>')
        else:
            cells.append(escape(shown))
    cells.append(_pad(to_unicode(text[end:]) if unicode else text[end:]))
    if not text.strip():
        cells.append('<span class="ombre-sr">(a blank line)</span>')
    return "".join(cells)


def braille_lines_html(
    lines: Sequence[BrailleLine],
    words: Sequence[Word],
    *,
    unicode: bool,
    caption: str,
) -> str:
    """Braille lines as a table: page, line, cells (Unicode or ASCII), and the print of ``words``
    on each line. Cells of a line that are not among ``words`` are muted, and screen-reader text
    says which section they come from; the blank cells that pad a line are not read out.

    >>> from ombre.sources.braille import load_1665
    >>> doc = load_1665()
    >>> table = braille_lines_html(doc.lines[:1], doc.words, unicode=True, caption="The first line")
    >>> "<caption>The first line</caption>" in table and '<td class="ombre-line-print">' in table
    True
    """
    by_line: dict[tuple[int, int], list[Word]] = {}
    for w in words:  # once, not once a line: the first lines are drawn with every word of the file
        by_line.setdefault((w.position.page, w.position.line), []).append(w)
    rows = []
    for ln in lines:
        on_line = by_line.get((ln.page, ln.line), [])
        printed = " ".join(w.text for w in on_line)
        rows.append(
            f'<tr><th scope="row">{ln.page}</th><th scope="row">{ln.line}</th>'
            f'<td class="{"ombre-braille" if unicode else "ombre-brf"}">'
            f"{_line_cells_html(ln, on_line, unicode=unicode)}</td>"
            f'<td class="ombre-line-print">{escape(printed)}</td></tr>'
        )
    name = "Braille" if unicode else "Braille ASCII"
    return (
        f'<table class="ombre-braille-table"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col">Page</th><th scope="col">Line</th><th scope="col">{name}</th>'
        f'<th scope="col">Print</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def braille_view_html(section_id: str, *, unicode: bool, edition: Edition | None = None) -> str:
    """The source lines of a section as a table: page, line, cells (Unicode or ASCII), and their print.

    Cells of a shared first or last line that belong to the neighbouring
    sections are muted, and screen-reader text says which section they come from.

    >>> table = braille_view_html("of-the-trump", unicode=False)
    >>> "<th scope=\\"col\\">Braille ASCII</th>" in table and ",trump" in table
    True
    """
    ed = edition or load_edition()
    sec = ed.section(section_id)
    lines = ed.braille_lines(section_id)
    name = "Braille" if unicode else "Braille ASCII"
    first, last = lines[0], lines[-1]
    caption = (
        f"{name}: braille page {first.page}, line {first.line}, to page {last.page}, line {last.line}"
        + (" (Unicode cells)" if unicode else " (the file's characters)")
    )
    return braille_lines_html(lines, sec.words, unicode=unicode, caption=caption)


def first_lines_html(count: int = 3) -> Html:
    """The first ``count`` lines of the source file, twice: as the file has them (Braille ASCII)
    and as braille cells, each table with the page, the line and the print of every line.

    >>> sample = first_lines_html(3)
    >>> sample.count("<table"), sample.count('<td class="ombre-line-print">')
    (2, 6)
    """
    doc = load_1665()
    lines = doc.lines[:count]
    first, last = lines[0], lines[-1]
    where = f"braille page {first.page}, lines {first.line} to {last.line}"
    out = []
    views = [
        (False, "The first lines in Braille ASCII", f"Braille ASCII, as in the file: {where}"),
        (True, "The first lines as braille cells", f"The same lines as braille cells: {where}"),
    ]
    for unicode, label, caption in views:
        caption += ", with the print of each line"
        table = braille_lines_html(lines, doc.words, unicode=unicode, caption=caption)
        out.append(
            f'<div class="ombre-panel ombre-braille-sample" role="group" aria-label="{escape(label)}" '
            f'tabindex="0">{table}</div>'
        )
    return Html("".join(out))


# --------------------------------------------------------------------------- notes


def bibliography_anchor(key: str) -> str:
    """The id of a work's entry in the book's bibliography (``bibtex_cite_id: "cite-{key}"``).

    >>> bibliography_anchor("royalgame1665")
    'cite-royalgame1665'
    """
    return f"cite-{key}"


def _sources(keys: Sequence[str], bibliography_url: str) -> str:
    links = ", ".join(
        f'<a href="{escape(bibliography_url)}#{escape(bibliography_anchor(k))}">'
        f"{escape(SOURCE_LABELS.get(k, k))}</a>"
        for k in keys
    )
    return f'<span class="ombre-note-sources">Sources: {links}.</span>'


def _back(target: str, lemma: str) -> str:
    """A link from a note back to the text, named after the words it goes back to."""
    return (
        f'<a class="ombre-back" href="#{escape(target)}"><span aria-hidden="true">&#8593;</span>'
        f'<span class="ombre-sr">back to the text at \u201c{escape(lemma)}\u201d</span></a>'
    )


def _notes_heading(level: int, text: str) -> str:
    if not 2 <= level <= 6:
        raise ValueError(f"a heading level from 2 to 6, not {level}")
    return f'<h{level} class="ombre-notes-title">{escape(text)}</h{level}>'


def notes_html(
    section_id: str,
    *,
    glossary_url: str = "../glossary.html",
    bibliography_url: str = "../bibliography.html",
    heading_level: int = 3,
    edition: Edition | None = None,
) -> str:
    """The notes of a section: editorial notes (every emendation with its reason), then the annotations.

    Each block has a heading (``heading_level``: 3 under the ``##`` heading of a book page).

    >>> notes = notes_html("of-the-tenaces")
    >>> notes.count('class="ombre-editorial-note"'), 'href="../glossary.html#term-Tenace"' in notes
    (5, True)
    >>> '<h3 class="ombre-notes-title">Notes on Of the Tenaces</h3>' in notes
    True
    """
    ed = edition or load_edition()
    sec = ed.section(section_id)
    numbers = _numbers(ed, sec)
    parts = []
    order = {b.id: k for k, b in enumerate(sec.blocks)}
    emends = sorted(ed.emendations_in(section_id), key=lambda e: (order[e.span.block], e.span.start))
    if emends:
        items = []
        for e in emends:
            shown = e.correction.strip()
            if e.kind == "supplied":
                what = f"<q>{escape(shown)}</q> supplied"
            else:
                what = f"the braille reads <q>{escape(e.reading)}</q>, corrected to <q>{escape(shown)}</q>"
            items.append(
                f'<li class="ombre-editorial-note" id="ombre-em-{escape(e.id)}">'
                f"{_back(f'ombre-mark-{e.id}', f'[{shown}]')} "
                f'<span class="ombre-emendation-label">[{escape(shown)}]</span> {what} '
                f"({_CERTAINTY_LABELS[e.certainty]}). {escape(e.reason)}</li>"
            )
        parts.append(
            '<div class="ombre-editorial-notes">'
            + _notes_heading(heading_level, f"Editorial notes on {sec.title}")
            + f"<ul>{''.join(items)}</ul></div>"
        )
    notes = sorted(ed.annotations_in(section_id), key=lambda a: numbers[a.id])
    if notes:
        items = []
        for a in notes:
            terms = ""
            if a.terms:
                links = ", ".join(
                    f'<a href="{escape(glossary_url)}#{ed.term(t).anchor}">{escape(ed.term(t).term)}</a>'
                    for t in a.terms
                )
                terms = f' <span class="ombre-note-terms">Glossary: {links}.</span>'
            items.append(
                f'<li class="ombre-note ombre-note-{a.kind}" id="ombre-note-{a.id}" value="{numbers[a.id]}">'
                f"{_back(f'ombre-ref-{a.id}', a.anchor)} "
                f'<span class="ombre-note-kind">{_KIND_LABELS[a.kind]}</span> '
                f'<q class="ombre-lemma">{escape(a.anchor)}</q> {escape(a.note)}{terms} '
                f"{_sources(a.sources, bibliography_url)}</li>"
            )
        parts.append(
            '<div class="ombre-notes">'
            + _notes_heading(heading_level, f"Notes on {sec.title}")
            + f"<ol>{''.join(items)}</ol></div>"
        )
    return '<div class="ombre-section-notes">' + "".join(parts) + "</div>"


# --------------------------------------------------------------------------- a whole section


def section_html(
    section_id: str,
    *,
    figure: str = "",
    notes: bool = True,
    glossary_url: str = "../glossary.html",
    bibliography_url: str = "../bibliography.html",
    heading_level: int = 3,
    edition: Edition | None = None,
) -> Html:
    """One section of the pamphlet: the three views, an optional figure, and its notes.

    ``figure`` (HTML, e.g. an engine-computed table) is placed after the text
    and before the notes, whose headings are of ``heading_level``.  The page
    should show :func:`edition_controls` once; the section carries the script
    too, so it works on its own.
    """
    ed = edition or load_edition()
    sec = ed.section(section_id)
    numbers = _numbers(ed, sec)
    sid = f"ombre-{sec.id}"
    views = [("print", "Print"), ("braille", "Braille"), ("brf", "Braille ASCII")]
    tabs = []
    for k, (key, label) in enumerate(views):
        tabs.append(
            f'<button type="button" role="tab" id="{sid}-tab-{key}" aria-controls="{sid}-{key}" '
            f'aria-selected="{"true" if k == 0 else "false"}" '
            f'tabindex="{0 if k == 0 else -1}">{label}</button>'
        )
    print_view = "".join(block_html(b, edition=ed, numbers=numbers) for b in sec.blocks)
    panels = [
        f'<div role="tabpanel" id="{sid}-print" aria-labelledby="{sid}-tab-print" tabindex="0" '
        f'class="ombre-panel ombre-print ombre-kind-{sec.kind}">{print_view}</div>',
        f'<div role="tabpanel" id="{sid}-braille" aria-labelledby="{sid}-tab-braille" tabindex="0" '
        f'class="ombre-panel" hidden>{braille_view_html(sec.id, unicode=True, edition=ed)}</div>',
        f'<div role="tabpanel" id="{sid}-brf" aria-labelledby="{sid}-tab-brf" tabindex="0" '
        f'class="ombre-panel" hidden>{braille_view_html(sec.id, unicode=False, edition=ed)}</div>',
    ]
    toolbar = (
        '<div class="ombre-section-bar">'
        f'<div class="ombre-views" role="tablist" aria-label="Views of {escape(sec.title)}">'
        f"{''.join(tabs)}</div>"
        f"{_toggle_button()}</div>"
    )
    body = toolbar + "".join(panels)
    if figure:
        body += f'<div class="ombre-figure">{figure}</div>'
    if notes:
        body += notes_html(
            sec.id,
            glossary_url=glossary_url,
            bibliography_url=bibliography_url,
            heading_level=heading_level,
            edition=ed,
        )
    return Html(
        f'<section class="ombre-edition-section" id="{sid}" aria-label="{escape(sec.title)}" '
        f'data-section="{sec.number}">{body}{EDITION_SCRIPT}</section>'
    )


def edition_html(section_ids: Sequence[str] | None = None) -> Html:
    """Several sections (default: the whole pamphlet) after one controls bar.

    >>> whole = edition_html()
    >>> whole.count('<section class="ombre-edition-section"') == len(load_edition().sections)
    True
    """
    ed = load_edition()
    ids = [s.id for s in ed.sections] if section_ids is None else list(section_ids)
    return Html(edition_controls() + "".join(section_html(i, edition=ed) for i in ids))
