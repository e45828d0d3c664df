"""The edition: structure, editorial layer, annotations, glossary, and the texts of Morley and Pope."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ombre.engine.rulesets import get_rules
from ombre.errors import TextError
from ombre.sources import edition as E
from ombre.sources.braille import load_1665
from ombre.sources.morley import (
    morley_misquotations,
    morley_paragraphs,
    morley_raw,
    morley_repairs,
    morley_text,
)
from ombre.sources.pope import pope_lines, pope_passage

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ed() -> E.Edition:
    return E.load_edition()


# --------------------------------------------------------------------------- structure


def test_blocks_partition_the_decoded_text(ed: E.Edition) -> None:
    words = [w for s in ed.sections for b in s.blocks for w in b.words]
    assert words == list(load_1665().words)
    assert all(b.words for s in ed.sections for b in s.blocks)


def test_diplomatic_text_is_the_braille_text(ed: E.Edition) -> None:
    flat = " ".join(E.diplomatic_text().split())
    assert flat == " ".join(load_1665().text.split())


def test_the_pamphlets_headings_become_sections(ed: E.Edition) -> None:
    headings = [s.heading.text for s in ed.sections if s.heading is not None]
    assert headings == [
        "The Royal Game of the Ombre.",
        "How many can play at it, and with what Cards they are to play.",
        "Of the Trump",
        "Of the Stakes",
        "Of the names of the Cards, and order in ranking them",
        "Of the Matadors.",
        "Of taking in, and the order and manner of it.",
        "The End of the Game",
        "Of the Codillio.",
        "Of the Repuesto.",
        "What Games are to be played",
        "Of playing without taking in.",
        "Of the Voll.",
        "Of the Forfeitures",
        "Of playing Trumps",
        "Of what you are to say",
        "General Rules",
        "Of the Tenaces",
        "Of the Players playing his game for his best advantage",
    ]
    ids = [s.id for s in ed.sections]
    assert len(set(ids)) == len(ids) == 21
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    assert [s.number for s in ed.sections] == list(range(1, 22))


def test_card_lists_are_numbered_articles(ed: E.Edition) -> None:
    cards = ed.section("of-the-names-of-the-cards")
    items = [b.text for b in cards.blocks if b.kind == "item"]
    assert len(items) == 11 + 12
    assert items[10] == "11. And Three."
    assert items[-1] == "12. The Six."
    assert [b.text for b in cards.blocks if b.kind == "subheading"] == [
        "Of the Black Suits",
        "Of the Red Suits",
        "Observations.",
    ]


def test_transcribers_notes_are_kept_apart_from_the_1665_text(ed: E.Edition) -> None:
    notes = [b for s in ed.sections for b in s.blocks if b.kind == "note"]
    assert [b.text[:24] for b in notes] == ["Transcribers note: This ", "Transcribers note: Sever"]
    last = ed.section("of-the-players-playing-his-game").blocks
    assert last[-2].text.startswith("to the end that one may easily perceive")
    assert last[-1].kind == "finis"


def test_every_block_break_of_the_braille_is_accounted_for(ed: E.Edition) -> None:
    starts = {b.start for s in ed.sections for b in s.blocks}
    breaks = {p.start for p in load_1665().paragraphs[1:]}
    assert breaks - starts == {ls.word.position for ls in ed.lost_signs}
    assert [ls.before for ls in ed.lost_signs] == ["the piece; and though", "he have the Mallilio"]


def test_braille_lines_of_a_section(ed: E.Edition) -> None:
    lines = ed.braille_lines("of-the-tenaces")
    assert ",tenaces" in lines[0].cells
    assert (lines[0].page, lines[0].line) == (11, 21)
    assert (lines[-1].page, lines[-1].line) == (12, 20)


def test_data_faults_are_located() -> None:
    with pytest.raises(E.EditionDataError, match=r"occurs 2 times"):
        E._locate(
            {s.id: s for s in E.sections()},
            "of-the-names-of-the-cards",
            "The Spadillio",
            0,
            3,
            "annotations.json",
            "x",
        )
    err = E.EditionDataError("anchor not found", file="annotations.json", entry="jo-so")
    assert str(err) == "annotations.json [jo-so]: anchor not found"


# --------------------------------------------------------------------------- the editorial layer


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (a transposition counts two)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def test_every_emendation_is_found_once_and_reads_as_recorded(ed: E.Edition) -> None:
    assert len(ed.emendations) == 23
    for e in ed.emendations:
        sec = ed.section(e.section)
        assert sum(b.text.count(e.context) for b in sec.blocks) == 1, e.id
        block = ed.block(e.span.block)
        assert block.section == e.section
        assert block.text[e.span.start : e.span.end] == e.reading, e.id
        assert e.reason and e.correction != e.reading


def test_slips_are_a_letter_or_two_from_the_correction(ed: E.Edition) -> None:
    slips = [e for e in ed.emendations if e.certainty == "slip"]
    assert len(slips) == 13
    for e in slips:
        assert e.kind == "correction"
        assert _distance(e.reading, e.correction) <= 2, e.id


def test_supplied_ampersands(ed: E.Edition) -> None:
    supplied = [e for e in ed.emendations if e.kind == "supplied"]
    assert {e.correction.strip() for e in supplied} == {"&"}
    assert Counter(e.certainty for e in supplied) == {"certain": 6, "conjecture": 1}
    assert E.emended_text("of-the-trump").endswith("after him the second, &c.")
    assert "in your hand, & he have the Mallilio & another Trump" in E.emended_text("of-the-tenaces")


def test_emended_and_diplomatic_text(ed: E.Edition) -> None:
    dip, emd = E.diplomatic_text(), E.emended_text()
    assert dip.count("\n") == emd.count("\n")
    for reading, correction in [("The call it", "They call it"), ("a sure Games;", "a sure Game;")]:
        assert reading in dip and reading not in emd and correction in emd
    assert "goodness of ones Game," in emd and "Gane" not in emd
    assert "more then equivales the four" in emd
    assert "singly or conjointly in your hands" in emd
    assert "if the Trump be Red" in emd and "if three Trump" not in emd


SEVENTEENTH_CENTURY = [
    "alwayes",
    "chuse",
    "then",
    "onely",
    "summe",
    "do's",
    "supprest",
    "priviledge",
    "carelesly",
    "lye",
    "tother",
    "Auxilary",
    "cheifest",
    "nesessity",
    "Angle-wisse.",
    "sayes",
    "Voll",
    "Mallilio",
    "Spadillio",
    "Codillio",
    "Gagno",
    "playes",
]


@pytest.mark.parametrize("word", SEVENTEENTH_CENTURY)
def test_seventeenth_century_spelling_is_never_corrected(ed: E.Edition, word: str) -> None:
    dip, emd = E.diplomatic_text(), E.emended_text()
    pattern = rf"(?<![\w'-]){re.escape(word)}(?![\w'-])"
    assert len(re.findall(pattern, dip)) >= 1
    assert len(re.findall(pattern, emd)) >= len(re.findall(pattern, dip))
    assert all(word not in e.reading.split() for e in ed.emendations)


def test_then_for_than_is_kept(ed: E.Edition) -> None:
    emd = E.emended_text()
    assert len(re.findall(r"\bthen\b", emd)) == 10
    assert not re.search(r"\bthan\b", emd)


# --------------------------------------------------------------------------- annotations


def test_every_anchor_is_found_exactly_once_in_its_section(ed: E.Edition) -> None:
    assert len(ed.annotations) >= 100
    for a in ed.annotations:
        sec = ed.section(a.section)
        hits = sum(len(re.findall(re.escape(a.anchor), b.text)) for b in sec.blocks)
        assert hits == 1, (a.id, a.anchor, hits)
        block = ed.block(a.span.block)
        assert block.text[a.span.start : a.span.end] == a.anchor


def test_annotations_cover_words_spanish_money_and_rules(ed: E.Edition) -> None:
    kinds = Counter(a.kind for a in ed.annotations)
    assert kinds["word"] >= 25
    assert kinds["spanish"] >= 12
    assert kinds["money"] >= 8
    assert kinds["rule"] >= 35
    for s in ed.sections:
        assert ed.annotations_in(s.id), f"section {s.id} has no note"
    spanish = " ".join(a.anchor for a in ed.annotations if a.kind == "spanish")
    for word in ["Ombre", "Matadors", "Codillio", "Repuesto", "Gagno", "Punto", "Renegado", "Mallilio"]:
        assert word in spanish


def test_annotation_terms_and_sources_exist(ed: E.Edition) -> None:
    slugs = {t.slug for t in ed.glossary}
    bib = (ROOT / "book" / "references.bib").read_text(encoding="utf-8")
    keys = set(re.findall(r"^@\w+\{([^,]+),", bib, flags=re.M))
    for a in ed.annotations:
        assert set(a.terms) <= slugs, a.id
        assert a.sources and set(a.sources) <= keys, a.id
    for t in ed.glossary:
        assert t.sources and set(t.sources) <= keys, t.slug
    used = {t for a in ed.annotations for t in a.terms}
    assert len(used) >= 25


# --------------------------------------------------------------------------- glossary


def test_term_anchors_match_sphinx(ed: E.Edition) -> None:
    nodes = pytest.importorskip("sphinx.util.nodes")
    for t in ed.glossary:
        for form in t.headwords:
            assert E.term_anchor(form) == nodes._make_id("term-" + form), form


def test_glossary_page_is_generated_from_the_data() -> None:
    page = (ROOT / "book" / "glossary.md").read_text(encoding="utf-8")
    assert page == E.glossary_markdown(), (
        "regenerate book/glossary.md from ombre.sources.edition.glossary_markdown()"
    )
    assert "```{glossary}" in page
    assert page.count("{cite:p}") == len(E.glossary())


def test_glossary_lookup(ed: E.Edition) -> None:
    assert ed.term("Voll").slug == "vole"
    assert ed.term("spadille").anchor == "term-Spadille"
    with pytest.raises(KeyError):
        ed.term("Whist")


# --------------------------------------------------------------------------- Pope and Morley


def test_pope_lines() -> None:
    lines = pope_lines()
    assert sorted(lines) == list(range(25, 101))
    assert lines[49] == "Spadillio first, unconquerable Lord!"
    assert lines[92] == "Just in the jaws of ruin, and Codille."
    assert lines[100] == "The walls, the woods, and long canals reply."
    assert [n for n, _ in pope_passage(95, 98)] == [95, 96, 97, 98]
    with pytest.raises(TextError):
        pope_passage(20, 30)


def test_morley_repairs_are_recorded_and_complete() -> None:
    raw, text = morley_raw(), morley_text()
    repairs = morley_repairs()
    assert [r.id for r in repairs] == ["web-heading", "pass", "basto-brought", "canals", "entitled"]
    for r in repairs:
        assert raw.count(r.damaged) == 1
        assert r.damaged not in text
        assert r.reason
    assert not re.search(r"\w\.\w\.|\.\.\.", text)
    assert text.startswith('or "Do you play without taking in?" If the other players say "Pass,"')
    assert "Bas...o" not in text and "Basto brought a trump out of the Baron's suit" in text
    assert "the long canals reply" in text and "Belinda was entitled also" in text


def test_morley_misquotations_are_kept() -> None:
    quotes = morley_misquotations()
    assert [q.line for q in quotes] == [92, 100]
    text = morley_text()
    for q in quotes:
        assert q.morley in text
        assert q.morley.rstrip(".") not in q.pope
    assert "Just in the jaws" not in text


def test_morley_paragraphs() -> None:
    paras = morley_paragraphs()
    assert len(paras) == 24
    assert paras[11].startswith("Belinda, in the Rape of the Lock")
    assert paras[-1].startswith("Furthermore, if she had been playing Sans-prendre")


# --------------------------------------------------------------------------- the HTML of the edition


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        d = dict(attrs)
        self.tags.append((tag, d))
        if d.get("id"):
            self.ids.append(str(d["id"]))


@pytest.fixture(scope="module")
def whole_html() -> str:
    from ombre.display.edition.html import edition_html

    return str(edition_html())


def test_edition_html_ids_are_unique_and_tabs_point_at_panels(ed: E.Edition, whole_html: str) -> None:
    p = _Collect()
    p.feed(whole_html)
    assert len(p.ids) == len(set(p.ids))
    ids = set(p.ids)
    tabs = [a for t, a in p.tags if a.get("role") == "tab"]
    panels = [a for t, a in p.tags if a.get("role") == "tabpanel"]
    assert len(tabs) == len(panels) == 3 * len(ed.sections)
    assert all(t["aria-controls"] in ids and t.get("type") == "button" for t in tabs)
    assert sum(t["aria-selected"] == "true" for t in tabs) == len(ed.sections)
    assert sum("hidden" in a for a in panels) == 2 * len(ed.sections)
    toggles = [a for t, a in p.tags if t == "button" and "ombre-marks-toggle" in (a.get("class") or "")]
    assert len(toggles) == len(ed.sections) + 1
    assert all(a["aria-pressed"] == "true" for a in toggles)


def test_every_mark_and_note_is_rendered(ed: E.Edition, whole_html: str) -> None:
    import html as h

    for e in ed.emendations:
        assert f'data-emendation="{e.id}"' in whole_html
        assert f'id="ombre-em-{e.id}"' in whole_html
        assert (
            f'<span class="ombre-correction">[{h.escape(e.correction.strip())}]<span class="ombre-sr">'
            in whole_html
        )
    for a in ed.annotations:
        assert f'id="ombre-ref-{a.id}"' in whole_html and f'id="ombre-note-{a.id}"' in whole_html
    anchors = {E.term_anchor(form) for t in ed.glossary for form in t.headwords}
    for frag in re.findall(r'href="\.\./glossary\.html#([^"]+)"', whole_html):
        assert frag in anchors
    # the braille views hold every line of the source once or, where sections share it, more
    for line in load_1665().lines:
        assert h.escape(line.cells.strip().split(" ")[0]) in whole_html


def test_print_view_shows_the_diplomatic_reading_when_marks_are_off(ed: E.Edition) -> None:
    from ombre.display.edition.html import block_html

    out = block_html(ed.block("general-rules-2"))
    assert '<span class="ombre-reading" hidden>Gane</span><span class="ombre-correction">[Game]<span' in out
    plain = re.sub(r'<span class="ombre-correction">.*?</span></span>', "", out)
    plain = re.sub(r'<span class="ombre-sr">.*?</span>|<[^>]+>', "", plain)
    assert "goodness of ones Gane, and how" in plain


def test_each_mark_links_to_its_note_and_says_the_braille_s_reading(ed: E.Edition, whole_html: str) -> None:
    """A mark is a link to its editorial note, with the reading in words for a screen reader (the
    brackets alone are not spoken), and the note links back to it; nothing hangs on a description."""
    import html as h

    # a mark inside a note's link is a span (links do not nest): the note's link holds it
    pattern = (
        r'<(a|span) class="ombre-emendation [^"]*" id="ombre-mark-([^"]+)" '
        r'data-emendation="\2"( href="#ombre-em-\2")? title="[^"]*">'
        r'(<span class="ombre-reading" hidden>[^<]*</span><span class="ombre-correction">'
        r'[^<]*<span class="ombre-sr">[^<]*</span></span>)</\1>'
    )
    found = list(re.finditer(pattern, whole_html))
    assert sorted(m[2] for m in found) == sorted(e.id for e in ed.emendations)
    for m in found:
        assert (m[1] == "a") == bool(m[3]), m[2]
        if m[1] == "span":
            before = whole_html[: m.start()]
            assert before.rfind("<a ") > before.rfind("</a>"), f"{m[2]}: a span mark outside a link"
    assert sum(m[1] == "a" for m in found) > len(found) // 2
    inner = {m[2]: m[4] for m in found}
    for e in ed.emendations:
        shown = h.escape(e.correction.strip())
        if e.kind == "supplied":
            said = f"(editorial: \u201c{shown}\u201d supplied, the braille has nothing here)"
        else:
            said = f"(editorial: the braille reads \u201c{h.escape(e.reading)}\u201d)"
        assert inner[e.id] == (
            f'<span class="ombre-reading" hidden>{h.escape(e.reading)}</span>'
            f'<span class="ombre-correction">[{shown}]<span class="ombre-sr"> {said}</span></span>'
        ), e.id
        assert f'<a class="ombre-back" href="#ombre-mark-{e.id}">' in whole_html
    assert "aria-describedby" not in whole_html
    they = inner["they-call"]
    assert "(editorial: the braille reads \u201cThe\u201d)" in they


def test_a_mark_inside_a_noted_phrase_is_not_a_link_in_a_link() -> None:
    from ombre.display.edition.html import _emendation_html

    e = E.load_edition().emendation("they-call")
    inner = _emendation_html(e, link=False)
    assert inner.startswith('<span class="ombre-emendation') and "href" not in inner
    assert '<span class="ombre-sr"> (editorial: the braille reads \u201cThe\u201d)</span>' in inner


def test_the_page_and_line_label_is_said_in_words(ed: E.Edition) -> None:
    from ombre.display.edition.html import block_html

    out = block_html(ed.block("of-the-names-of-the-cards-6"))
    where = ed.block("of-the-names-of-the-cards-6").start
    short = f"p. {where.page}, l. {where.line}"
    assert (
        f'<span class="ombre-pl" title="braille page {where.page}, line {where.line}">'
        f'<span aria-hidden="true">{short}</span>'
        f'<span class="ombre-sr">Braille page {where.page}, line {where.line}. </span></span>'
    ) in out


def test_note_blocks_have_headings_and_back_links_named_after_their_lemmas(ed: E.Edition) -> None:
    import html as h

    from ombre.display.edition.html import notes_html

    for sec in ed.sections:
        notes = notes_html(sec.id, edition=ed)
        heads = re.findall(r'<h3 class="ombre-notes-title">(.*?)</h3>', notes)
        expected = []
        if ed.emendations_in(sec.id):
            expected.append(f"Editorial notes on {h.escape(sec.title)}")
        if ed.annotations_in(sec.id):
            expected.append(f"Notes on {h.escape(sec.title)}")
        assert heads == expected, sec.id
        assert '<p class="ombre-notes-title"' not in notes and 'back to the text"' not in notes
        for a in ed.annotations_in(sec.id):
            assert (
                f'<a class="ombre-back" href="#ombre-ref-{a.id}"><span aria-hidden="true">&#8593;</span>'
                f'<span class="ombre-sr">back to the text at \u201c{h.escape(a.anchor)}\u201d</span></a>'
            ) in notes
    assert '<h4 class="ombre-notes-title">' in notes_html("of-the-codillio", heading_level=4)
    with pytest.raises(ValueError):
        notes_html("of-the-codillio", heading_level=1)


def test_each_source_links_to_its_own_bibliography_entry(ed: E.Edition) -> None:
    from ombre.display.edition.html import SOURCE_LABELS, notes_html

    bib = (ROOT / "book" / "references.bib").read_text(encoding="utf-8")
    keys = set(re.findall(r"^@\w+\{([^,]+),", bib, flags=re.M))
    assert set(SOURCE_LABELS) <= keys
    assert SOURCE_LABELS["royalgame1665"] == "Royal Game 1665"
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert 'bibtex_cite_id: "cite-{key}"' in config
    for sec in ed.sections:
        notes = notes_html(sec.id, edition=ed)
        for a in ed.annotations_in(sec.id):
            links = ", ".join(
                f'<a href="../bibliography.html#cite-{k}">{SOURCE_LABELS[k]}</a>' for k in a.sources
            )
            assert f'<span class="ombre-note-sources">Sources: {links}.</span>' in notes, a.id
        assert 'href="../bibliography.html"' not in notes


def test_the_marks_toggle_says_it_acts_on_every_section_and_its_glyph_is_silent(whole_html: str) -> None:
    from ombre.display.edition.html import TOGGLE_NAME

    names = re.findall(r'<button type="button" class="ombre-marks-toggle"[^>]*>(.*?)</button>', whole_html)
    assert names and set(names) == {TOGGLE_NAME} and TOGGLE_NAME == "Editorial marks (all sections)"
    css = (ROOT / "book" / "_static" / "ombre-edition.css").read_text(encoding="utf-8")
    glyphs = re.findall(r'\.ombre-marks-toggle(?:\[aria-pressed="true"\])?::before \{([^}]*)\}', css)
    assert len(glyphs) == 2 and all('/ "";' in g for g in glyphs)


def test_the_key_s_sample_is_left_alone_by_the_toggle() -> None:
    from ombre.display.edition.html import EDITION_SCRIPT, edition_controls

    assert 'querySelectorAll(".ombre-emendation:not(.ombre-sample)")' in EDITION_SCRIPT
    bar = edition_controls()
    assert (
        '<span class="ombre-emendation ombre-sample"><span class="ombre-correction">[Game]</span></span>'
        in bar
    )
    assert "hover for" not in bar
    assert "Each is a link to its editorial note below the section" in bar
    css = (ROOT / "book" / "_static" / "ombre-edition.css").read_text(encoding="utf-8")
    assert ".ombre-marks-off .ombre-emendation:not(.ombre-sample) {" in css


def test_subheadings_are_roman_as_the_braille_cannot_attest_italics() -> None:
    css = (ROOT / "book" / "_static" / "ombre-edition.css").read_text(encoding="utf-8")
    print_rules = css[css.index("/* the print view") : css.index("/* editorial marks")]
    assert "font-style: italic" not in print_rules and "font-style:italic" not in print_rules
    assert ".ombre-b-subheading { text-align: center; }" in print_rules


def test_braille_padding_is_not_read_out(ed: E.Edition) -> None:
    from ombre.display.edition.html import braille_view_html

    table = braille_view_html("of-the-codillio", unicode=True, edition=ed)
    # p. 7, l. 2 ends in five blank cells
    row = table[table.index('<tr><th scope="row">7</th><th scope="row">2</th>') :]
    row = row[: row.index("</tr>")]
    assert row.endswith(
        '<span class="ombre-pad" aria-hidden="true">\u2800\u2800\u2800\u2800\u2800</span></td>'
        '<td class="ombre-line-print">that although the other two alwayes</td>'
    )
    for sec in ed.sections:
        for unicode in (True, False):
            page = braille_view_html(sec.id, unicode=unicode, edition=ed)
            for cell in re.findall(r'<td class="ombre-(?:braille|brf)">(.*?)</td>', page):
                spoken = re.sub(r'<span class="ombre-pad" aria-hidden="true">[^<]*</span>|<[^>]+>', "", cell)
                assert spoken == spoken.strip(" \u2800"), (sec.id, cell)


def test_the_first_lines_are_labelled_tables_with_their_print() -> None:
    from ombre.display.edition.html import first_lines_html

    doc = load_1665()
    sample = first_lines_html(3)
    groups = re.findall(
        r'<div class="ombre-panel ombre-braille-sample" role="group" aria-label="([^"]+)"', sample
    )
    assert groups == ["The first lines in Braille ASCII", "The first lines as braille cells"]
    captions = re.findall(r"<caption>(.*?)</caption>", sample)
    assert captions[0].startswith("Braille ASCII, as in the file: braille page 1, lines 1 to 3")
    assert captions[1].startswith("The same lines as braille cells: braille page 1, lines 1 to 3")
    prints = re.findall(r'<td class="ombre-line-print">(.*?)</td>', sample)
    expected = [
        " ".join(w.text for w in doc.words if (w.position.page, w.position.line) == (ln.page, ln.line))
        for ln in doc.lines[:3]
    ]
    assert prints == expected * 2 and prints[0].startswith("Transcribers note: This transcription")
    assert "<pre" not in sample


# --------------------------------------------------------------------------- the pages of the book

PAGES = ["index", "opening", "cards", "taking-in", "play"]
FRONT = """---
jupytext:
  text_representation:
    format_name: myst
kernelspec:
  display_name: Python 3
  name: python3
---
"""


def _cells(text: str) -> list[str]:
    cells = re.findall(r"```\{code-cell\} ipython3\n(.*?)```", text, flags=re.S)
    return ["\n".join(ln for ln in c.splitlines() if not ln.startswith(":tags:")) for c in cells]


@pytest.mark.parametrize("name", PAGES)
def test_edition_pages_run_and_refer_to_real_terms_and_sources(name: str, ed: E.Edition) -> None:
    import ast

    text = (ROOT / "book" / "edition" / f"{name}.md").read_text(encoding="utf-8")
    assert text.startswith(FRONT)
    forms = {f.lower() for t in ed.glossary for f in t.headwords}
    for term in re.findall(r"\{term\}`([^`<]+)`", text):
        assert term.lower() in forms, term
    bib = (ROOT / "book" / "references.bib").read_text(encoding="utf-8")
    keys = set(re.findall(r"^@\w+\{([^,]+),", bib, flags=re.M))
    for group in re.findall(r"\{cite:[pt]\}`([^`]+)`", text):
        assert set(group.split(",")) <= keys, group
    ns: dict[str, object] = {}
    outputs = []
    for code in _cells(text):
        tree = ast.parse(code)
        last = tree.body[-1]
        if isinstance(last, ast.Expr):
            exec(compile(ast.Module(tree.body[:-1], []), name, "exec"), ns)
            outputs.append(eval(compile(ast.Expression(last.value), name, "eval"), ns))
        else:
            exec(compile(tree, name, "exec"), ns)
    html_out = "".join(o._repr_html_() if hasattr(o, "_repr_html_") else "" for o in outputs)
    if name != "index":
        assert html_out.count('<section class="ombre-edition-section"') >= 2
        assert "ombre-edition-controls" in html_out


def test_the_pages_show_every_section_once() -> None:
    shown = []
    for name in PAGES:
        text = (ROOT / "book" / "edition" / f"{name}.md").read_text(encoding="utf-8")
        shown += re.findall(r'section_html\("([a-z0-9-]+)"', text)
    assert shown == [s.id for s in E.sections()]


# --------------------------------------------------------------------------- in a browser

_BROWSER_SCRIPT = r"""
import json, sys
from playwright.sync_api import sync_playwright
url, axe = sys.argv[1], sys.argv[2]
out = {}
with sync_playwright() as p:
    args = ["--headless", "--no-sandbox", "--disable-gpu"]
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
    pg = b.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(url)
    reading = pg.locator('[data-emendation="they-call"] .ombre-reading')
    correction = pg.locator('[data-emendation="they-call"] .ombre-correction')
    mark = pg.locator('[data-emendation="they-call"]')
    out["before"] = [reading.is_visible(), correction.is_visible()]
    out["mark"] = mark.aria_snapshot()
    # from the keyboard: Tab from the heading's note link reaches the mark, which shows its focus
    # and opens its editorial note
    pg.locator("#ombre-ref-codillio").focus()
    pg.keyboard.press("Tab")
    out["tab"] = [pg.evaluate("document.activeElement.id"),
                  pg.evaluate("getComputedStyle(document.activeElement).outlineStyle")]
    pg.keyboard.press("Enter")
    out["hash"] = pg.evaluate("location.hash")
    toggle = pg.locator("#ombre-of-the-codillio .ombre-marks-toggle")
    out["toggle"] = toggle.aria_snapshot()
    toggle.focus()
    pg.keyboard.press("Enter")
    out["after"] = [reading.is_visible(), correction.is_visible()]
    out["pressed"] = [t.get_attribute("aria-pressed") for t in pg.locator(".ombre-marks-toggle").all()]
    out["mark_off"] = [mark.aria_snapshot(), mark.get_attribute("href")]
    sample = pg.locator(".ombre-edition-controls .ombre-emendation.ombre-sample .ombre-correction")
    out["sample_off"] = sample.is_visible()
    out["toggle_off"] = toggle.aria_snapshot()
    toggle.click()
    out["again"] = [reading.is_visible(), correction.is_visible(), mark.get_attribute("href")]
    sid = "#ombre-of-the-codillio"
    pg.locator(sid + "-tab-print").focus()
    pg.keyboard.press("ArrowRight")
    out["arrow"] = [pg.locator(sid + "-braille").is_visible(), pg.locator(sid + "-print").is_visible(),
                    pg.evaluate("document.activeElement.id")]
    pg.keyboard.press("End")
    out["end"] = [pg.locator(sid + "-brf").is_visible(), pg.get_attribute(sid + "-tab-brf", "aria-selected")]
    pg.locator(sid + "-tab-print").click()
    out["click"] = [pg.locator(sid + "-print").is_visible(), pg.locator(sid + "-brf").is_visible()]
    first_line = pg.locator(sid + "-brf tbody tr").first
    out["brf_line"] = [cell.inner_text() for cell in first_line.locator("th, td").all()]  # th: page, line
    if axe:
        pg.add_script_tag(path=axe)
        res = pg.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
        bad = [v for v in res["violations"] if v.get("impact") in ("serious", "critical")]
        out["axe"] = [v["id"] + ": " + v["nodes"][0]["html"][:80] for v in bad]
    out["errors"] = errors
    b.close()
print(json.dumps(out))
"""


@pytest.mark.browser
def test_view_tabs_and_marks_toggle_in_chromium(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    if not Path("/usr/bin/chromium").exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium")
    pytest.importorskip("playwright")
    from ombre.display.edition.html import edition_html

    css = (ROOT / "book" / "_static" / "ombre-edition.css").read_text(encoding="utf-8")
    page = tmp_path / "edition.html"
    page.write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Edition</title>'
        f"<style>{css}</style></head><body><main><h1>Edition</h1>"
        f"{edition_html(['of-the-trump', 'of-the-codillio'])}</main></body></html>",
        encoding="utf-8",
    )
    script = tmp_path / "drive.py"
    script.write_text(_BROWSER_SCRIPT, encoding="utf-8")
    axe = ROOT / "tests" / "browser" / "vendor" / "axe.min.js"
    run = subprocess.run(
        [sys.executable, str(script), page.as_uri(), str(axe) if axe.exists() else ""],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["before"] == [False, True]
    # the mark is a link whose name carries the braille's reading (the brackets are not spoken)
    name = '"[They] (editorial: the braille reads \u201cThe\u201d)"'
    assert out["mark"] == f"- 'link {name}':\n  - /url: \"#ombre-em-they-call\""
    assert out["tab"] == ["ombre-mark-they-call", "solid"]
    assert out["hash"] == "#ombre-em-they-call"
    # the toggle's name is its words, not its box; its state is the pressed state
    assert out["toggle"] == '- button "Editorial marks (all sections)" [pressed]'
    assert out["toggle_off"] == '- button "Editorial marks (all sections)"'
    assert out["after"] == [True, False]  # marks off: the braille's reading, no brackets
    assert out["pressed"] == ["false"] * 3  # every toggle on the page follows
    assert out["mark_off"] == ["- text: The", None]  # plain text, no longer a link
    assert out["sample_off"]  # the key keeps its sample
    assert out["again"] == [False, True, "#ombre-em-they-call"]
    assert out["arrow"] == [True, False, "ombre-of-the-codillio-tab-braille"]
    assert out["end"] == [True, "true"]
    assert out["click"] == [True, False]
    assert out["brf_line"][:2] == ["6", "22"] and ",codillio4" in out["brf_line"][2]
    assert out.get("axe", []) == []
    assert out["errors"] == []


# --------------------------------------------------------------------------- notes that state rules


def _matador_payment(rules_name: str, run: int, wins: bool) -> tuple[int, int]:
    """What defender 1 pays the Ombre (seat 0) for the matadors, in the smallest unit, when the
    Ombre holds a run of ``run`` trumps from Spadille; and what the Ombre pays defender 1."""
    from ombre.engine.cards import DECK, Suit
    from ombre.engine.payments import settle
    from ombre.engine.rules import trump_order
    from ombre.engine.rulesets import get_rules

    trump = Suit.SPADES
    order = trump_order(trump)
    others = [c for c in DECK if c not in order]
    hand = (*order[:run], *others[: 9 - run])
    rest = [c for c in DECK if c not in hand and c not in order]
    rules = get_rules(rules_name)
    tricks = (5, 2, 2) if wins else (3, 4, 2)
    st = settle(
        rules,
        ombre=0,
        tricks_won=tricks,
        hands_at_play=(hand, tuple(rest[:9]), tuple(rest[9:18])),
        trump=trump,
    )
    to_ombre = sum(
        t.amount.value(rules) for t in st.transfers if (t.payer, t.payee) == (1, 0) and "matadors" in t.reason
    )
    by_ombre = sum(
        t.amount.value(rules) for t in st.transfers if (t.payer, t.payee) == (0, 1) and "matadors" in t.reason
    )
    return to_ombre, by_ombre


def test_the_matadors_note_says_what_the_rule_sets_do(ed: E.Edition) -> None:
    note = next(a for a in ed.annotations if a.id == "all-in-a-hand").note
    # "holds all three ... three great marks, and one mark for every further trump ... a lesser mark"
    assert "all three" in note and "three great marks" in note
    assert "one mark for every further trump" in note and "read by the engine as a lesser mark" in note
    assert _matador_payment("1665", 2, wins=True) == (0, 0)
    assert _matador_payment("1665", 3, wins=True) == (3 * 12, 0)
    assert _matador_payment("1665", 5, wins=True) == (3 * 12 + 2, 0)
    # the later rules "also count nothing unless all three are in one hand"
    assert "also count nothing unless all three are in one hand" in note
    assert "any unbroken run" not in note
    assert _matador_payment("court-gamester", 1, wins=True) == (0, 0)
    assert _matador_payment("court-gamester", 2, wins=True) == (0, 0)
    # "a counter for every trump of the run, matadors included ... to him if he wins"
    assert "a counter for every trump of the run, matadors included" in note
    assert _matador_payment("court-gamester", 3, wins=True) == (3, 0)
    assert _matador_payment("court-gamester", 4, wins=True) == (4, 0)
    assert "only for the Ombre's hand, to him if he wins" in note
    # Morley never says a losing Ombre pays: the note gives that to Hoyle, as the rule set's citation does
    assert _matador_payment("court-gamester", 4, wins=False) == (0, 4)
    assert "That a losing Ombre pays them to each is Hoyle's rule" in note
    assert "by him if he loses" not in note and "as Morley tells it" not in note
    assert "hoyle" in next(a for a in ed.annotations if a.id == "all-in-a-hand").sources
    assert "Hoyle: a losing Ombre pays them" in get_rules("court-gamester").citation("matadors_paid")


def test_the_two_readings_of_one_mark_are_marked_as_the_engines(ed: E.Edition) -> None:
    """ "one Mark or Counter, the piece" is a lesser mark for the matadors and a great one for the
    vole: both notes call it the engine's reading and point at each other."""
    rules = get_rules("1665")
    assert rules.matadors_per_card[1] == "lesser marks" and rules.vole_bonus[1] == "great marks"
    matadors = ed.annotation("all-in-a-hand").note
    vole = ed.annotation("vole-mark").note
    assert "is read by the engine as a lesser mark. That is the engine's interpretation" in matadors
    assert "under Of the Voll it reads as a great mark" in matadors
    assert f"see the note on '{ed.annotation('vole-mark').anchor.rstrip(';')}' there" in matadors
    assert "The engine reads it as a great mark: that is its interpretation" in vole
    assert f"see the note on '{ed.annotation('all-in-a-hand').anchor}' under Of the Matadors" in vole
    from ombre.display.edition.figures import matadors_html, payments_html

    assert "a lesser mark is the engine's reading of it" in matadors_html()
    pay = payments_html()
    for label in ("each further trump of the run, from each", "the vole, from each"):
        row = pay[pay.index(label) :]
        row = row[: row.index("</tr>")]
        assert row.count("the engine&#x27;s reading") == 1, label
    # the vole's great mark says why: "likewise" points back to the greater marks of the section before
    vole_row = pay[pay.index("the vole, from each") :]
    assert "one of the greater Marks or Counters" in vole_row[: vole_row.index("</tr>")]


def _row(table: str, label: str) -> list[str]:
    row = table[table.index(label) :]
    row = row[: row.index("</tr>")]
    return [re.sub(r"<small.*?</small>|<[^>]+>", "", c).strip() for c in row.split("<td>")[1:]]


def test_the_stakes_table_pays_the_three_matadors_as_the_cards_page_does() -> None:
    """ "the three matadors, from each of the other two": what the engine settles, 3 counters under
    the Court Gamester (a counter a matador), not the 0 of its per-card rule set."""
    from ombre.display.edition.figures import matadors_html, payments_html

    pay = payments_html()
    assert _row(pay, "the three matadors, from each of the other two") == ["3 great marks", "3 counters"]
    assert _row(pay, "each further trump of the run, from each") == ["1 lesser mark", "1 counter"]
    assert _row(pay, "the matadors are paid") == [
        "to whoever holds them, win or lose",
        "to the Ombre if he wins; by him if he loses",
    ]
    cards = matadors_html()
    three = cards[cards.index('<tr><th scope="row">3</th>') :]
    assert [re.sub(r"<[^>]+>", "", c) for c in three[: three.index("</tr>")].split("<td>")[2:]] == [
        "3 great marks",
        "3 counters",
    ]


def test_the_figures_speak_to_a_reader_and_name_functions_only_in_their_provenance() -> None:
    from ombre.display.edition import figures as fig

    names = re.compile(
        r"\b(trump_order|plain_order|legal_plays|explain_play|result_of|analyse|settle|RULES_\w+)\b"
    )
    for make in (fig.card_orders_html, fig.matadors_html, fig.privilege_html, fig.splits_html,
                 fig.payments_html, fig.tenace_html, fig.trump_count_html):  # fmt: skip
        out = str(make())
        provenance = re.findall(r'<p class="ombre-computed">.*?</p>', out)
        assert provenance and "Computed by the engine: ombre." in provenance[-1], make.__name__
        rest = re.sub(r'<p class="ombre-computed">.*?</p>', "", out)
        for tag in ("caption", "th", "p"):
            for text in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", rest, re.S):
                assert not names.search(text), (make.__name__, text)


def test_an_emendation_is_placed_where_its_reading_stands(ed: E.Edition) -> None:
    """The page and line of the reading itself, not of the paragraph it is in (the review's rows)."""
    where = {e.id: ed.position(e.span) for e in ed.emendations}
    expected = {
        "and-c-taking-in": (5, 2), "equivales": (6, 5), "repuesto-forfeitures": (10, 6),
        "and-c-say": (11, 2), "and-c-tenaces": (12, 20), "and-he-have": (12, 5), "and-another": (12, 6),
        "one-of-them": (12, 7), "he-playes": (12, 8), "play-your-matadors": (13, 9),
        "table-left": (14, 6), "only-observe": (14, 7),
    }  # fmt: skip
    for eid, (page, line) in expected.items():
        assert (where[eid].page, where[eid].line) == (page, line), eid
        # the old table gave the page where the paragraph begins, a page earlier for each of these
        assert ed.block(ed.emendation(eid).span.block).start.page == page - 1, eid
    for e in ed.emendations:
        word = next(w for w in ed.block(e.span.block).words if w.position == where[e.id])
        if e.reading:
            assert e.reading.split(" ")[0] in word.text, e.id
        else:  # a supplied sign: the word it stands before
            assert word.text == e.at.split("}")[1].split()[0], e.id


def test_counts_in_words() -> None:
    assert [E.count_words(n) for n in (0, 1, 2, 3, 12, 19, 20, 21)] == [
        "no", "one", "two", "three", "twelve", "nineteen", "twenty", "21",
    ]  # fmt: skip
    with pytest.raises(ValueError):
        E.count_words(-1)


# --------------------------------------------------------------------------- sources, readings and glosses


_PROVENANCE = (
    "The print symbols &, [ ] and italics did not survive the transcription and cannot be "
    "recovered by decoding."
)


def test_the_lost_ampersands_cite_the_provenance_note_not_the_braille(ed: E.Edition) -> None:
    """The braille's only notes are the transcriber's two, which say nothing of lost signs; the
    statement is the provenance note kept with the sources, quoted exactly."""
    readme = (ROOT / "ombre" / "sources" / "data" / "README.md").read_text(encoding="utf-8")
    assert _PROVENANCE in " ".join(readme.replace("`", "").split())
    notes = [b for s in ed.sections for b in s.blocks if b.kind == "note"]
    assert [(b.start.page, b.start.line, b.end.line) for b in notes] == [(1, 1, 5), (14, 9, 10)]
    assert not any("survive" in b.text or "ampersand" in b.text.lower() for b in notes)
    and_c = [e for e in ed.emendations if e.id.startswith("and-c-")]
    assert len(and_c) == 5
    for e in and_c:
        assert "'The print symbols &, [ ] and italics did not survive the transcription'" in e.reason, e.id
        assert "says the transcription's provenance note (not a note in the braille)" in e.reason, e.id
    assert not any("its notes" in e.reason for e in ed.emendations)
    gap = ed.annotation("counters-piece-gap").note
    assert "its notes" not in gap and "the provenance note that came with the transcription" in gap
    assert "'The print symbols &, [ ] and italics did not survive the transcription'" in gap
    page = (ROOT / "book" / "edition" / "index.md").read_text(encoding="utf-8")
    assert "the transcription's notes say" not in page and "{glue:md}`lost_quote`" in page


def test_one_four_four_is_shown_as_the_engine_s_interpretation(ed: E.Edition) -> None:
    from ombre.display.edition.figures import splits_html
    from ombre.engine.rules import Result, result_of

    # the engine's scoring, under every rule set (result_of takes none), is unchanged
    assert result_of((1, 4, 4), 0) is Result.REPUESTO
    tied_above = [
        (o, a, 9 - o - a)
        for o in range(10)
        for a in range(10 - o)
        if result_of((o, a, 9 - o - a), 0) is Result.REPUESTO and o < max(a, 9 - o - a)
    ]
    assert tied_above == [(1, 4, 4)]
    note = ed.annotation("four-four-one").note
    assert "1-4-4" in note and "that is the engine's interpretation, not the pamphlet's word" in note
    assert "'another wins more Tricks then he'" in note and "counted the same way" not in note
    beasted = ed.annotation("beasted").note
    assert "and than his fellow" not in beasted and "1-4-4" in beasted and "interpretation" in beasted
    codille, repuesto = ed.term("codille").definition, ed.term("repuesto").definition
    assert "than the other defender" not in codille
    assert codille.startswith("A defeat of the Ombre in which a defender takes more tricks than the Ombre")
    assert "1-4-4" in codille and "which is its interpretation, not the pamphlet's" in codille
    assert "1-4-4" in repuesto and "its own reading of a split the pamphlet does not name" in repuesto
    out = str(splits_html())
    assert out.count("R*<small>") == 1 and "R*<small>1-4-4</small>" in out
    assert 'title="1-4-4: repuesto, the engine\'s reading"' in out
    caption = re.search(r"<caption>(.*?)</caption>", out, re.S)
    assert caption and "R* a split the pamphlet does not name" in caption[1]
    assert "R* marks 1-4-4, a split the pamphlet does not name" in out
    assert "The engine scores it as a repuesto, which is its own interpretation" in out
    # the reasons are not repeated under the table: it links to the note that gives them
    assert '<a href="#ombre-note-four-four-one">' in out and "'another wins more Tricks then he'" not in out
    # the four-trick splits are read from the engine: codille at 4-5-0 and 4-0-5 too
    assert "wins at 4-2-3 and 4-3-2 only, not at 4-0-5 (codille), 4-1-4 (repuesto), 4-4-1 (repuesto)," in out


def test_the_two_suspected_slips_are_emended_or_labelled_crux_and_listed(ed: E.Edition) -> None:
    """'three' for 'the' is corrected as a conjecture, like 'an uninterrupted'; 'playe' may be a spelling
    of the time and could stand for 'play' or 'playes', so it is a crux. The index lists the cruxes
    from the data."""
    e = ed.emendation("the-trump-red")
    assert (e.reading, e.correction, e.kind, e.certainty) == ("three", "the", "correction", "conjecture")
    assert "'an uninterrupted'" in e.reason and ed.emendation("uninterrupted").certainty == "conjecture"
    dip, emd = E.diplomatic_text(), E.emended_text()
    assert "if three Trump be Red" in dip and "if the Trump be Red" in emd and "if three Trump" not in emd
    assert "corrects 'three' to 'the', a conjecture" in ed.annotation("count-trumps").note
    cruxes = sorted((a for a in ed.annotations if a.kind == "crux"), key=lambda a: ed.position(a.span))
    assert [a.anchor for a in cruxes] == [
        "Secondly, the of Black,",
        "as many of or as few Cards",
        "except Player playe without taking in",
        "intimate cunning Beast Players,",
    ]
    playe = ed.annotation("playe").note
    assert playe.startswith("So the braille reads.") and "'playes'" in playe and "left as it stands" in playe
    assert "except Player playe without taking in" in emd
    assert not any("playe" in e.reading.split() for e in ed.emendations)
    # the rule the 'playe' note explained keeps a note of its own, labelled as a rule
    assert ed.annotation("may-refuse").kind == "rule"
    page = (ROOT / "book" / "edition" / "index.md").read_text(encoding="utf-8")
    assert "{glue:md}`crux_count` readings are left\nso: {glue:md}`cruxes`." in page
    assert '("Secondly, the of Black";' not in page


def test_the_words_a_modern_reader_needs_are_glossed(ed: E.Edition) -> None:
    glosses = {
        "in-fine": ("In fine,", "In fine: in short"),
        "discover": ("may discover your Game,", "discover: reveal"),
        "cheifest": ("the cheifest", "cheifest: chiefest"),
        "knave": ("6. Knave.", "Knave: the court card below the queen"),
    }
    for nid, (anchor, gloss) in glosses.items():
        a = ed.annotation(nid)
        assert (a.anchor, a.kind) == (anchor, "word") and a.note.startswith(gloss), nid
    knave = ed.term("Knave")
    assert knave.slug == "knave" and "jack" in knave.definition
    assert "knave" in ed.annotation("red-ace").terms and "knave" in ed.annotation("knave").terms
    assert "Knave\n  The court card below the queen" in E.glossary_markdown()


def test_the_transcriber_s_material_cites_the_transcription(ed: E.Edition) -> None:
    assert ed.annotation("diagrams").sources == ("gutenberg9177",)
    assert ed.annotation("jessel").sources == ("gutenberg9177",)
    assert "gutenberg9177" in ed.annotation("two-three-four").sources
    # every note whose anchor lies in a transcriber's note cites the transcription, not only 1665
    for a in ed.annotations:
        if ed.block(a.span.block).kind == "note":
            assert "gutenberg9177" in a.sources and "royalgame1665" not in a.sources, a.id
