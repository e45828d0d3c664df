"""The edition as TEI P5 XML, and the diplomatic and emended texts read back from it.

:func:`edition_tei` writes the whole pamphlet: a ``teiHeader`` naming the sources (the 1665
print, the British Library copy, Project Gutenberg #9177, the braille transcription) and this
edition's responsibility; the sections as ``<div>``; ``<pb/>`` and ``<lb/>`` where the braille's
pages and lines begin; every emendation as ``<choice><sic>…</sic><corr>…</corr></choice>`` with
its reason in a standoff ``<note>``; the notes as ``<note target targetEnd>`` pointing at anchors
in the text; the glossary as a list in the ``<back>``, which the notes link to.

:func:`read_tei` reads such a file back into the two texts, exactly (the round trip is tested).
:func:`tei_schema` is the RELAX NG schema the file is checked against: no TEI schema is to be had
from the package registries this project installs from, so the project ships its own, a subset
of TEI P5's elements and content models (``data/tei/ombre-tei.rng``). It checks the structure
this module writes; it is not ``tei_all``.

>>> from ombre.sources.edition import diplomatic_text, emended_text
>>> xml = edition_tei()
>>> xml.startswith('<?xml version="1.0" encoding="UTF-8"?>')
True
>>> read_tei(xml) == (diplomatic_text(), emended_text())
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from importlib import resources
from xml.sax.saxutils import escape, quoteattr

from ombre.errors import OmbreError
from ombre.sources.edition import Block, Edition, Section, load_edition

__all__ = ["TeiError", "edition_tei", "read_tei", "tei_schema"]

TEI_NS = "http://www.tei-c.org/ns/1.0"
_T = "{" + TEI_NS + "}"
_XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
#: the edition's certainty, as TEI's ``@cert``
_CERT = {"certain": "high", "slip": "medium", "conjecture": "low"}
#: blocks written as an element of their own kind; the others are ``<p type="kind">``
_BLOCK_ELEMENT = {"heading": "head"}


class TeiError(OmbreError):
    """A TEI file this module cannot read back: not XML, or not the edition's structure."""


def _attrs(**values: str | int | None) -> str:
    out = []
    for key, value in values.items():
        if value is None:
            continue
        name = "xml:id" if key == "xml_id" else key
        out.append(f" {name}={quoteattr(str(value))}")
    return "".join(out)


# --------------------------------------------------------------------------- writing


def _marks(ed: Edition, block: Block) -> tuple[dict[int, list[str]], dict[int, tuple[int, str]]]:
    """What goes where in a block's diplomatic text: milestones (breaks, anchors) by offset, and
    the emendations, each as (end offset, the ``<choice>`` opening) by start offset."""
    emends = sorted((e for e in ed.emendations if e.span.block == block.id), key=lambda e: e.span.start)
    choices: dict[int, tuple[int, str]] = {}
    inside: list[tuple[int, int]] = []
    for e in emends:
        choices[e.span.start] = (e.span.end, e.id)
        inside.append((e.span.start, e.span.end))

    def outside(offset: int, *, at_end: bool) -> int:
        # an anchor never falls inside a <choice>: it moves to the choice's edge
        for start, end in inside:
            if start < offset < end:
                return end if at_end else start
        return offset

    milestones: dict[int, list[str]] = {}
    for a in (a for a in ed.annotations if a.span.block == block.id):
        milestones.setdefault(outside(a.span.start, at_end=False), []).append(f'<anchor xml:id="n-{a.id}"/>')
        end = outside(a.span.end, at_end=True)
        milestones.setdefault(end, []).insert(0, f'<anchor xml:id="n-{a.id}-end"/>')
    return milestones, choices


def _breaks(block: Block, last: list[int]) -> dict[int, str]:
    """``<pb/>``/``<lb/>`` before each word that begins a braille page or line (``last`` is the
    page and line of the word before, carried from block to block)."""
    out: dict[int, str] = {}
    offset = 0
    for w in block.words:
        p = w.position
        mark = ""
        if p.page != last[0]:
            mark = f'<pb n="{p.page}"/><lb n="{p.line}"/>'
        elif p.line != last[1]:
            mark = f'<lb n="{p.line}"/>'
        if mark:
            out[offset] = mark
        last[0], last[1] = p.page, p.line
        offset += len(w.text) + 1
    return out


def _block_body(ed: Edition, block: Block, last: list[int]) -> str:
    text = block.text
    milestones, choices = _marks(ed, block)
    breaks = _breaks(block, last)
    by_id = {e.id: e for e in ed.emendations}
    out: list[str] = []
    i = 0
    while i <= len(text):
        out.extend(milestones.get(i, ()))
        if i in choices:
            end, eid = choices[i]
            e = by_id[eid]
            sic = []
            for j in range(i, end):
                if j in breaks and j != i:
                    sic.append(breaks[j])
                sic.append(escape(text[j]))
            if i in breaks:
                out.append(breaks[i])
            cert = _CERT.get(e.certainty)
            sic_xml = f"<sic>{''.join(sic)}</sic>" if end > i else "<sic/>"
            out.append(
                f'<choice xml:id="e-{e.id}">{sic_xml}<corr resp="#editors" cert="{cert}" type="{e.kind}">'
                f"{escape(e.correction)}</corr></choice>"
            )
            if end > i:
                i = end
                continue
        if i in breaks:
            out.append(breaks[i])
        if i < len(text):
            out.append(escape(text[i]))
        i += 1
    return "".join(out)


def _blocks(ed: Edition, section: Section, last: list[int]) -> Iterator[str]:
    blocks = section.blocks
    k = 0
    while k < len(blocks):
        b = blocks[k]
        if b.kind == "item":
            items = []
            while k < len(blocks) and blocks[k].kind == "item":
                items.append(f'<item xml:id="b-{blocks[k].id}">{_block_body(ed, blocks[k], last)}</item>')
                k += 1
            yield "<list>" + "".join(items) + "</list>"
            continue
        tag = _BLOCK_ELEMENT.get(b.kind, "p") if k == 0 or b.kind != "heading" else "p"
        kind = None if tag == "head" else b.kind
        yield f"<{tag}{_attrs(xml_id='b-' + b.id, type=kind)}>{_block_body(ed, b, last)}</{tag}>"
        k += 1


def _header() -> str:
    # the sources and this edition's responsibility: data beside the schema, not code
    return resources.files("ombre.sources").joinpath("data/tei/header.xml").read_text(encoding="utf-8")


def edition_tei(ed: Edition | None = None) -> str:
    """The whole edition as one TEI P5 document (UTF-8 text, its XML declaration first)."""
    ed = ed if ed is not None else load_edition()
    last = [0, 0]
    body = []
    for s in ed.sections:
        inner = "\n".join(_blocks(ed, s, last))
        body.append(f"<div{_attrs(xml_id='s-' + s.id, type=s.kind, n=s.title)}>\n{inner}\n</div>")
    terms = {t.slug: t for t in ed.glossary}
    notes = []
    for e in ed.emendations:
        notes.append(f'<note type="emendation" target="#e-{e.id}">{escape(e.reason)}</note>')
    for a in ed.annotations:
        links = "".join(f' <ref target="#g-{slug}">{escape(terms[slug].term)}</ref>' for slug in a.terms)
        see = f" See{links}." if links else ""
        notes.append(
            f"<note{_attrs(type=a.kind, target='#n-' + a.id, targetEnd='#n-' + a.id + '-end')}>"
            f"{escape(a.note)}{see}</note>"
        )
    gloss = []
    for t in ed.glossary:
        forms = "".join(f", <term>{escape(f)}</term>" for f in t.forms)
        gloss.append(
            f'<label xml:id="g-{t.slug}"><term>{escape(t.term)}</term>{forms}</label>'
            f"<item><gloss>{escape(t.definition)}</gloss></item>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<TEI xmlns="{TEI_NS}" xml:lang="en">\n{_header()}<text>\n<body>\n'
        + "\n".join(body)
        + '\n</body>\n<back>\n<div type="notes">\n'
        + "\n".join(notes)
        + '\n</div>\n<div type="glossary">\n<list type="gloss">\n'
        + "\n".join(gloss)
        + "\n</list>\n</div>\n</back>\n</text>\n</TEI>\n"
    )


# --------------------------------------------------------------------------- reading back


def _text_of(el: ET.Element, *, emended: bool) -> str:
    """The running text of a block element: a choice gives its sic or its corr; milestones none."""
    out = [el.text or ""]
    for child in el:
        if child.tag == _T + "choice":
            pick = child.find(_T + ("corr" if emended else "sic"))
            if pick is None:
                raise TeiError(f"a choice without {'corr' if emended else 'sic'} in block {el.get(_XML_ID)}")
            out.append(_text_of(pick, emended=emended))
        elif child.tag in (_T + "pb", _T + "lb", _T + "anchor"):
            pass
        else:
            raise TeiError(f"unexpected element {child.tag.removeprefix(_T)} in block {el.get(_XML_ID)}")
        out.append(child.tail or "")
    return "".join(out)


def read_tei(xml: str | bytes) -> tuple[str, str]:
    """The diplomatic and the emended text of an edition written by :func:`edition_tei`.

    Each is one block a line, as :func:`~ombre.sources.edition.diplomatic_text` and
    :func:`~ombre.sources.edition.emended_text` give them.

    >>> read_tei("<TEI/>")
    Traceback (most recent call last):
    ...
    ombre.sources.tei.TeiError: not a TEI document of this edition: its root is TEI, not tei:TEI (http://www.tei-c.org/ns/1.0)
    """
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise TeiError(f"not well-formed XML: {exc}") from None
    if root.tag != _T + "TEI":
        found = root.tag.replace(_T, "tei:")
        raise TeiError(f"not a TEI document of this edition: its root is {found}, not tei:TEI ({TEI_NS})")
    body = root.find(f"{_T}text/{_T}body")
    if body is None:
        raise TeiError("no text/body in the TEI document")
    blocks: list[ET.Element] = []
    for div in body.findall(_T + "div"):
        for el in div:
            if el.tag == _T + "list":
                blocks.extend(el.findall(_T + "item"))
            else:
                blocks.append(el)
    dip = "\n".join(_text_of(b, emended=False) for b in blocks)
    emd = "\n".join(_text_of(b, emended=True) for b in blocks)
    return dip, emd


def tei_schema() -> str:
    """The RELAX NG schema (XML syntax) of the TEI this module writes: a subset of TEI P5."""
    return resources.files("ombre.sources").joinpath("data/tei/ombre-tei.rng").read_text(encoding="utf-8")
