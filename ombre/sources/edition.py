"""The edition of *The Royal Game of the Ombre* (1665): text, structure, editorial layer, notes, glossary.

The text is the braille source decoded by :mod:`ombre.sources.braille`: the
*diplomatic* text, exactly what the source says, seventeenth-century spelling
and punctuation kept.  Everything the edition adds is data in
``ombre/sources/data/edition/`` and is kept apart from the text:

* ``structure.json``: the pamphlet's own structure.  Its headings become
  sections with stable ids; each section is a run of blocks (heading,
  paragraph, numbered article ...), each found by the words it starts with.
* ``emendations.json``: every change the edition makes (a reading that looks
  like a transcription slip, or an ampersand the transcription lost), with the
  reading, the correction, the kind, the certainty and the reason.  The
  corrected text is never silent: :func:`emended_text` applies them, the book
  shows them in brackets, and the reader can switch them off.
* ``annotations.json``: standoff notes (anchor phrase, note, glossary terms,
  sources); each anchor is found exactly once in its section.
* ``glossary.json``: the glossary, with every form of each term.

>>> ed = load_edition()
>>> [s.id for s in ed.sections][:4]
['transcribers-note', 'title-page', 'the-royal-game', 'how-many-can-play']
>>> ed.section("of-the-codillio").blocks[1].text[:29]
'The call it Codillio when the'
>>> e = ed.emendation("they-call")
>>> (e.reading, e.correction, e.certainty)
('The', 'They', 'slip')
>>> emended_text("of-the-codillio").split("\\n")[1][:30]
'They call it Codillio when the'
>>> term_anchor("Sans prendre"), term_anchor("l'Ombre")
('term-Sans-prendre', 'term-l-Ombre')
"""

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ombre.errors import OmbreError
from ombre.sources.braille import (
    EXPORT_FORMAT,
    BrailleDocument,
    BrailleLine,
    BrfFormat,
    Place,
    Word,
    encode_blocks,
    load_1665,
)

__all__ = [
    "EditionDataError",
    "Block",
    "Section",
    "Span",
    "Emendation",
    "Annotation",
    "Term",
    "LostSign",
    "Edition",
    "BLOCK_KINDS",
    "ANNOTATION_KINDS",
    "load_edition",
    "sections",
    "section",
    "emendations",
    "annotations",
    "glossary",
    "glossary_markdown",
    "diplomatic_text",
    "emended_text",
    "term_anchor",
    "count_words",
]

#: The kinds of block of the edition's text (``structure.json``).
BLOCK_KINDS = ("heading", "subheading", "paragraph", "item", "title", "imprint", "note", "finis")
#: The kinds of note of the edition (``annotations.json``).
ANNOTATION_KINDS = ("word", "spanish", "money", "rule", "transcription", "crux", "context")
EMENDATION_KINDS = ("correction", "supplied")
CERTAINTIES = ("certain", "slip", "conjecture")


class EditionDataError(OmbreError):
    """A fault in the edition's data files, naming the file and the entry.

    >>> str(EditionDataError("anchor not found", file="annotations.json", entry="jo-so"))
    'annotations.json [jo-so]: anchor not found'
    """

    def __init__(self, message: str, *, file: str, entry: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.entry = entry

    def __str__(self) -> str:
        where = self.file + (f" [{self.entry}]" if self.entry else "")
        return f"{where}: {self.message}"


# --------------------------------------------------------------------------- the text and its structure


@dataclass(frozen=True)
class Block:
    """A heading, paragraph, numbered article ... of the pamphlet: a run of decoded words."""

    id: str
    kind: str
    section: str
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        """The diplomatic text of the block (words separated by single spaces)."""
        return " ".join(w.text for w in self.words)

    @property
    def start(self) -> Place:
        return self.words[0].position

    @property
    def end(self) -> Place:
        return self.words[-1].end


@dataclass(frozen=True)
class Section:
    """A section of the pamphlet: its heading (if it has one) and the blocks under it."""

    id: str
    title: str
    kind: str
    number: int
    blocks: tuple[Block, ...]

    @property
    def heading(self) -> Block | None:
        return next((b for b in self.blocks if b.kind == "heading"), None)

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for b in self.blocks for w in b.words)

    @property
    def text(self) -> str:
        """The diplomatic text, one block a line."""
        return "\n".join(b.text for b in self.blocks)

    @property
    def start(self) -> Place:
        return self.blocks[0].start

    @property
    def end(self) -> Place:
        return self.blocks[-1].end


@dataclass(frozen=True, order=True)
class Span:
    """Characters ``start:end`` of the diplomatic text of block ``block``."""

    block: str
    start: int
    end: int


@dataclass(frozen=True)
class Emendation:
    """One editorial change: ``reading`` (what the braille says) becomes ``correction``.

    ``kind`` is ``correction`` (a slip) or ``supplied`` (a lost sign; the
    reading is then empty); ``certainty`` is ``certain``, ``slip`` or
    ``conjecture``.
    """

    id: str
    section: str
    at: str
    reading: str
    correction: str
    kind: str
    certainty: str
    reason: str
    span: Span

    @property
    def context(self) -> str:
        """The phrase around the reading, as the diplomatic text has it."""
        return self.at.replace("{", "").replace("}", "")


@dataclass(frozen=True)
class Annotation:
    """A note on the phrase ``anchor`` of a section."""

    id: str
    section: str
    anchor: str
    kind: str
    note: str
    terms: tuple[str, ...]
    sources: tuple[str, ...]
    span: Span


@dataclass(frozen=True)
class Term:
    """A glossary entry; every form becomes a term of the book's glossary page."""

    slug: str
    term: str
    forms: tuple[str, ...]
    definition: str
    sources: tuple[str, ...]
    see: tuple[str, ...]

    @property
    def headwords(self) -> tuple[str, ...]:
        return (self.term, *self.forms)

    @property
    def anchor(self) -> str:
        """The HTML id Sphinx gives the glossary entry of the main form."""
        return term_anchor(self.term)


@dataclass(frozen=True)
class LostSign:
    """A place where the braille shows a block break (two spaces) that is no break of the print."""

    section: str
    before: str
    explanation: str
    word: Word


def term_anchor(term: str) -> str:
    """The id Sphinx's ``{glossary}`` gives a term (``glossary.html#term-...``).

    Follows ``sphinx.util.nodes.make_id`` with the prefix ``term``: accents
    dropped, runs of other characters turned into one hyphen, capitals kept.

    >>> term_anchor("Spadille"), term_anchor("Bête"), term_anchor("Angle-wisse")
    ('term-Spadille', 'term-Bete', 'term-Angle-wisse')
    """
    text = unicodedata.normalize("NFKD", "term-" + term).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-zA-Z0-9._]+", "-", " ".join(text.split()))
    return re.sub(r"^[-0-9._]+|-+$", "", text)


@dataclass(frozen=True)
class Edition:
    """The whole edition: decoded source, sections, editorial layer, notes and glossary."""

    document: BrailleDocument
    sections: tuple[Section, ...]
    emendations: tuple[Emendation, ...]
    annotations: tuple[Annotation, ...]
    glossary: tuple[Term, ...]
    lost_signs: tuple[LostSign, ...]

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(f"no section {section_id!r}; sections are {', '.join(s.id for s in self.sections)}")

    def block(self, block_id: str) -> Block:
        for s in self.sections:
            for b in s.blocks:
                if b.id == block_id:
                    return b
        raise KeyError(f"no block {block_id!r}")

    def emendation(self, emendation_id: str) -> Emendation:
        for e in self.emendations:
            if e.id == emendation_id:
                return e
        raise KeyError(f"no emendation {emendation_id!r}")

    def annotation(self, annotation_id: str) -> Annotation:
        for a in self.annotations:
            if a.id == annotation_id:
                return a
        raise KeyError(f"no annotation {annotation_id!r}")

    def term(self, slug_or_form: str) -> Term:
        """A glossary entry by slug or by any of its forms.

        >>> load_edition().term("Mallilio").term
        'Manille'
        """
        for t in self.glossary:
            if slug_or_form == t.slug or slug_or_form in t.headwords:
                return t
        raise KeyError(f"no glossary term {slug_or_form!r}")

    def position(self, span: Span) -> Place:
        """Where in the braille the text of ``span`` stands: the page, line and cell of its word.

        The word is the one the span begins in (for a supplied sign, the word it stands before),
        not the start of the block, which may lie a page earlier.

        >>> ed = load_edition()
        >>> e = ed.emendation("repuesto-forfeitures")
        >>> str(ed.block(e.span.block).start), str(ed.position(e.span))
        ('p. 9, l. 18, c. 15', 'p. 10, l. 6, c. 1')
        """
        block = self.block(span.block)
        offset = 0
        found = block.words[0]
        for w in block.words:
            if offset > span.start:
                break
            found = w
            offset += len(w.text) + 1
        return found.position

    def emendations_in(self, section_id: str) -> tuple[Emendation, ...]:
        return tuple(e for e in self.emendations if e.section == section_id)

    def annotations_in(self, section_id: str) -> tuple[Annotation, ...]:
        return tuple(a for a in self.annotations if a.section == section_id)

    def braille_lines(self, section_id: str) -> tuple[BrailleLine, ...]:
        """The source lines that hold the section (the first and last may be shared with neighbours)."""
        s = self.section(section_id)
        return self.document.lines_between(s.start, s.end)

    def to_brf(self, fmt: BrfFormat = EXPORT_FORMAT) -> str:
        """The pamphlet as a BRF file for a reader: each heading and paragraph from a new line, in
        the lines and pages of ``fmt`` (by default 40 cells by 25 lines, a form feed after each page).

        The words are the source's (the diplomatic text, which grade 1 writes as the transcriber
        did; an emendation such as "&c." has no uncontracted sign), laid out again, so a reader's
        width and page length can differ from the 1665 transcription's.

        >>> from dataclasses import replace
        >>> brf = load_edition().to_brf(replace(EXPORT_FORMAT, width=32, page_length=20))
        >>> lines = brf.replace("\\f", "").split("\\r\\n")
        >>> max(len(line) for line in lines), lines[0]
        (32, ',transcribers note3 ,this       ')
        """
        return encode_blocks((b.text for s in self.sections for b in s.blocks), fmt)

    def block_text(self, block: Block, *, emended: bool = True) -> str:
        """A block's text, with the edition's emendations applied (or the diplomatic text)."""
        text = block.text
        if not emended:
            return text
        for e in sorted(
            (e for e in self.emendations if e.span.block == block.id),
            key=lambda e: e.span.start,
            reverse=True,
        ):
            text = text[: e.span.start] + e.correction + text[e.span.end :]
        return text


# --------------------------------------------------------------------------- loading and checking


def _read(name: str) -> Any:
    path = resources.files("ombre.sources").joinpath(f"data/edition/{name}")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise EditionDataError(f"not valid JSON: {err}", file=name) from err


def _find_words(words: Sequence[Word], phrase: str, start: int) -> int:
    """Index of the first word at or after ``start`` where the words of ``phrase`` begin, or -1."""
    want = phrase.split(" ")
    for i in range(start, len(words) - len(want) + 1):
        if all(words[i + k].text == w for k, w in enumerate(want)):
            return i
    return -1


def _build_sections(doc: BrailleDocument, data: dict[str, Any]) -> tuple[Section, ...]:
    words = doc.words
    starts: list[tuple[int, str, str, str, str, int]] = []  # index, section, title, kind, block kind, number
    pos = 0
    seen: set[str] = set()
    for number, sec in enumerate(data["sections"], start=1):
        sid = sec["id"]
        if sid in seen or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", sid):
            raise EditionDataError(
                "section ids must be unique lower-case slugs", file="structure.json", entry=sid
            )
        seen.add(sid)
        for blk in sec["blocks"]:
            if blk["kind"] not in BLOCK_KINDS:
                raise EditionDataError(
                    f"unknown block kind {blk['kind']!r}", file="structure.json", entry=sid
                )
            i = _find_words(words, blk["starts"], pos if not starts else pos + 1)
            if i < 0:
                raise EditionDataError(
                    f"block starting {blk['starts']!r} not found after {words[pos].position}",
                    file="structure.json",
                    entry=sid,
                )
            if not starts and i != 0:
                raise EditionDataError("the first block must start at the first word", file="structure.json")
            starts.append((i, sid, sec["title"], sec["kind"], blk["kind"], number))
            pos = i
    out: list[Section] = []
    for k, (i, sid, title, skind, bkind, number) in enumerate(starts):
        j = starts[k + 1][0] if k + 1 < len(starts) else len(words)
        n_in_section = sum(1 for s in starts[:k] if s[1] == sid)
        block = Block(f"{sid}-{n_in_section + 1}", bkind, sid, tuple(words[i:j]))
        if out and out[-1].id == sid:
            prev = out[-1]
            out[-1] = Section(prev.id, prev.title, prev.kind, prev.number, prev.blocks + (block,))
        else:
            out.append(Section(sid, title, skind, number, (block,)))
    return tuple(out)


def _locate(
    sections: dict[str, Section],
    section_id: str,
    phrase: str,
    offset: int,
    length: int,
    file: str,
    entry: str,
) -> Span:
    """The span (``offset``, ``length`` in ``phrase``) of the one place ``phrase`` occurs in the section."""
    sec = sections.get(section_id)
    if sec is None:
        raise EditionDataError(f"unknown section {section_id!r}", file=file, entry=entry)
    hits = [(b, m.start()) for b in sec.blocks for m in re.finditer(re.escape(phrase), b.text)]
    if len(hits) != 1:
        raise EditionDataError(
            f"{phrase!r} occurs {len(hits)} times in section {section_id!r}; it must occur exactly once",
            file=file,
            entry=entry,
        )
    block, at = hits[0]
    return Span(block.id, at + offset, at + offset + length)


def _emendations(sections: dict[str, Section], data: dict[str, Any]) -> tuple[Emendation, ...]:
    out = []
    for e in data["emendations"]:
        m = re.fullmatch(r"([^{}]*)\{([^{}]*)\}([^{}]*)", e["at"])
        if m is None:
            raise EditionDataError(
                "'at' must hold the reading in one pair of braces", file="emendations.json", entry=e["id"]
            )
        if e["kind"] not in EMENDATION_KINDS or e["certainty"] not in CERTAINTIES:
            raise EditionDataError("unknown kind or certainty", file="emendations.json", entry=e["id"])
        reading = m.group(2)
        if (e["kind"] == "supplied") != (reading == ""):
            raise EditionDataError(
                "a supplied sign has an empty reading, a correction has one",
                file="emendations.json",
                entry=e["id"],
            )
        context = m.group(1) + reading + m.group(3)
        span = _locate(
            sections, e["section"], context, len(m.group(1)), len(reading), "emendations.json", e["id"]
        )
        out.append(
            Emendation(
                e["id"],
                e["section"],
                e["at"],
                reading,
                e["correction"],
                e["kind"],
                e["certainty"],
                e["reason"],
                span,
            )
        )
    return tuple(out)


def _annotations(
    sections: dict[str, Section], data: dict[str, Any], slugs: set[str]
) -> tuple[Annotation, ...]:
    out = []
    for a in data["annotations"]:
        if a["kind"] not in ANNOTATION_KINDS:
            raise EditionDataError(f"unknown kind {a['kind']!r}", file="annotations.json", entry=a["id"])
        unknown = [t for t in a["terms"] if t not in slugs]
        if unknown:
            raise EditionDataError(
                f"unknown glossary terms {unknown}", file="annotations.json", entry=a["id"]
            )
        span = _locate(sections, a["section"], a["anchor"], 0, len(a["anchor"]), "annotations.json", a["id"])
        out.append(
            Annotation(
                a["id"],
                a["section"],
                a["anchor"],
                a["kind"],
                a["note"],
                tuple(a["terms"]),
                tuple(a["sources"]),
                span,
            )
        )
    return tuple(out)


def _check_overlaps(emends: Sequence[Emendation], notes: Sequence[Annotation]) -> None:
    """Marks nest or stay apart: no emendation overlaps another or cuts across a note's anchor."""
    spans = [(e.span, "emendations.json", e.id) for e in emends] + [
        (a.span, "annotations.json", a.id) for a in notes
    ]
    for i, (s1, f1, id1) in enumerate(spans):
        for s2, f2, id2 in spans[i + 1 :]:
            if s1.block != s2.block:
                continue
            apart = s1.end <= s2.start or s2.end <= s1.start
            nested = (s1.start <= s2.start and s2.end <= s1.end) or (
                s2.start <= s1.start and s1.end <= s2.end
            )
            both_emendations = f1 == f2 == "emendations.json"
            if both_emendations and not apart and not (s1.start == s1.end or s2.start == s2.end):
                raise EditionDataError(f"overlaps emendation {id2}", file=f1, entry=id1)
            if not apart and not nested:
                raise EditionDataError(f"cuts across {id2} ({f2})", file=f1, entry=id1)
            if f1 != f2 and not apart:
                em, an = (s1, s2) if f1 == "emendations.json" else (s2, s1)
                if em.start <= an.start and an.end <= em.end and (an.start, an.end) != (em.start, em.end):
                    raise EditionDataError(
                        f"a note's anchor may hold an emendation, not lie in one ({id2})", file=f1, entry=id1
                    )


def _glossary(data: dict[str, Any]) -> tuple[Term, ...]:
    out = []
    forms: set[str] = set()
    anchors: set[str] = set()
    for t in data["terms"]:
        term = Term(
            t["slug"], t["term"], tuple(t["forms"]), t["definition"], tuple(t["sources"]), tuple(t["see"])
        )
        for form in term.headwords:
            if form.lower() in forms or term_anchor(form) in anchors:
                raise EditionDataError(
                    f"the form {form!r} is used twice", file="glossary.json", entry=term.slug
                )
            forms.add(form.lower())
            anchors.add(term_anchor(form))
        out.append(term)
    slugs = {t.slug for t in out}
    for t in out:
        missing = [s for s in t.see if s not in slugs]
        if missing or len(slugs) != len(out):
            raise EditionDataError(f"unknown or repeated slugs {missing}", file="glossary.json", entry=t.slug)
    return tuple(out)


def _lost_signs(
    doc: BrailleDocument, sections: tuple[Section, ...], data: dict[str, Any]
) -> tuple[LostSign, ...]:
    """Check that each block break of the braille is a block break of the structure or a lost sign."""
    block_starts = {b.words[0].position for s in sections for b in s.blocks}
    by_id = {s.id: s for s in sections}
    out = []
    for ls in data["lost_signs"]:
        sec = by_id.get(ls["section"])
        i = _find_words(sec.words, ls["before"], 0) if sec else -1
        if sec is None or i < 0:
            raise EditionDataError(f"lost sign before {ls['before']!r} not found", file="structure.json")
        out.append(LostSign(ls["section"], ls["before"], ls["explanation"], sec.words[i]))
    lost = {ls.word.position for ls in out}
    for para in doc.paragraphs[1:]:
        p = para.start
        if p not in block_starts and p not in lost:
            raise EditionDataError(
                f"the braille starts a new block at {p} ({para.text[:30]!r}) but the structure does not",
                file="structure.json",
            )
    for p in lost:
        if p not in {para.start for para in doc.paragraphs}:
            raise EditionDataError(
                f"no block break in the braille at the lost sign at {p}", file="structure.json"
            )
    return tuple(out)


@cache
def load_edition() -> Edition:
    """Decode the source and read and check the edition's data (cached).

    Raises :class:`EditionDataError` on any fault in the data: a block,
    anchor or reading that is not found (or not found exactly once), an
    unknown glossary term, overlapping marks, or a block break of the braille
    that the structure does not account for.
    """
    doc = load_1665()
    structure = _read("structure.json")
    sections = _build_sections(doc, structure)
    by_id = {s.id: s for s in sections}
    terms = _glossary(_read("glossary.json"))
    emends = _emendations(by_id, _read("emendations.json"))
    notes = _annotations(by_id, _read("annotations.json"), {t.slug for t in terms})
    for file, ids in (
        ("emendations.json", [e.id for e in emends]),
        ("annotations.json", [a.id for a in notes]),
    ):
        if len(set(ids)) != len(ids):
            raise EditionDataError("ids must be unique", file=file)
    _check_overlaps(emends, notes)
    lost = _lost_signs(doc, sections, structure)
    return Edition(doc, sections, emends, notes, terms, lost)


# --------------------------------------------------------------------------- convenience


_NUMBER_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
)  # fmt: skip


def count_words(n: int) -> str:
    """A count as the edition's prose writes it: in words up to twenty, in figures above.

    >>> count_words(3), count_words(19), count_words(22)
    ('three', 'nineteen', '22')
    """
    if n < 0:
        raise ValueError(f"a count cannot be negative: {n}")
    return _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)


def sections() -> tuple[Section, ...]:
    """The sections of the pamphlet, in order (transcriber's notes and title page included)."""
    return load_edition().sections


def section(section_id: str) -> Section:
    """One section by id, e.g. ``"of-the-tenaces"``."""
    return load_edition().section(section_id)


def emendations() -> tuple[Emendation, ...]:
    """Every editorial change of the edition: its reading, certainty and reason (``emendations.json``)."""
    return load_edition().emendations


def annotations() -> tuple[Annotation, ...]:
    """Every note of the edition: the phrase it explains, its text and sources (``annotations.json``)."""
    return load_edition().annotations


def glossary() -> tuple[Term, ...]:
    """The glossary's terms, each with its forms and definition (``glossary.json``)."""
    return load_edition().glossary


def diplomatic_text(section_id: str | None = None) -> str:
    """The text exactly as the source has it, one block a line (the whole pamphlet or one section).

    >>> print(diplomatic_text("of-the-trump")[:64])
    Of the Trump
    There is no turning up Trump, nor no Trump but what
    >>> diplomatic_text("of-the-trump").endswith("after him the second, c.")
    True
    """
    ed = load_edition()
    secs = ed.sections if section_id is None else (ed.section(section_id),)
    return "\n".join(s.text for s in secs)


def emended_text(section_id: str | None = None) -> str:
    """The text with every emendation applied (the reading text of the edition).

    >>> emended_text("of-the-trump").endswith("after him the second, &c.")
    True
    """
    ed = load_edition()
    secs = ed.sections if section_id is None else (ed.section(section_id),)
    return "\n".join(ed.block_text(b) for s in secs for b in s.blocks)


def glossary_markdown() -> str:
    """The book's glossary page (``book/glossary.md``), generated from ``glossary.json``.

    Every form of a term is a headword of the Sphinx ``{glossary}``, so pages
    can write ``{term}`Spadillio``` as well as ``{term}`Spadille```.

    >>> page = glossary_markdown()
    >>> "Spadille\\nSpadillio\\n  The ace of spades" in page
    True
    """
    terms = sorted(load_edition().glossary, key=lambda t: t.term.lower())
    by_slug = {t.slug: t for t in terms}
    out = [
        "# Glossary",
        "",
        "The words of the game and of the 1665 text. Each entry lists the other spellings the sources",
        "use (each is a headword too) and the sources it rests on. The notes of the edition link here.",
        "",
        "```{glossary}",
    ]
    for t in terms:
        out.extend(t.headwords)
        out.append("  " + t.definition)
        extra = []
        if t.see:
            extra.append("See also " + ", ".join(f"{{term}}`{by_slug[s].term}`" for s in t.see) + ".")
        extra.append("Sources: {cite:p}`" + ",".join(t.sources) + "`.")
        out.append("")
        out.append("  " + " ".join(extra))
        out.append("")
    out[-1] = "```"
    return "\n".join(out) + "\n"
