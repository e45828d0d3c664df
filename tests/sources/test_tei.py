"""The edition as TEI: valid against its schema, every pointer resolving, and a round trip."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ombre import cli
from ombre.sources.edition import diplomatic_text, emended_text, load_edition
from ombre.sources.tei import TEI_NS, TeiError, edition_tei, read_tei, tei_schema

etree = pytest.importorskip("lxml.etree")


@pytest.fixture(scope="module")
def xml() -> str:
    return edition_tei()


def test_valid_against_the_schema(xml: str) -> None:
    schema = etree.RelaxNG(etree.fromstring(tei_schema().encode()))
    assert schema.validate(etree.fromstring(xml.encode())), schema.error_log


def test_the_schema_refuses_what_it_should(xml: str) -> None:
    schema = etree.RelaxNG(etree.fromstring(tei_schema().encode()))
    broken = xml.replace('cert="high"', 'cert="sure"', 1)
    assert not schema.validate(etree.fromstring(broken.encode()))
    stray = xml.replace("<lb n=", "<hi>x</hi><lb n=", 1)
    assert not schema.validate(etree.fromstring(stray.encode()))


def test_round_trip(xml: str) -> None:
    assert read_tei(xml) == (diplomatic_text(), emended_text())


def test_every_pointer_resolves(xml: str) -> None:
    ids = set(re.findall(r'xml:id="([^"]+)"', xml))
    assert len(ids) == len(re.findall(r'xml:id="', xml)), "an xml:id is used twice"
    pointers = re.findall(r'(?:target|targetEnd|resp)="#([^"]+)"', xml)
    assert pointers and set(pointers) <= ids


def test_everything_of_the_edition_is_there(xml: str) -> None:
    ed = load_edition()
    root = etree.fromstring(xml.encode())
    ns = {"t": TEI_NS}
    assert len(root.findall(".//t:choice", ns)) == len(ed.emendations)
    notes = root.findall(".//t:back/t:div[@type='notes']/t:note", ns)
    assert len(notes) == len(ed.emendations) + len(ed.annotations)
    assert len(root.findall(".//t:back//t:label", ns)) == len(ed.glossary)
    for a in ed.annotations:
        for slug in a.terms:
            assert f'<ref target="#g-{slug}">' in xml
    # one <pb/> for each braille page the text runs over
    pages = {w.position.page for s in ed.sections for b in s.blocks for w in b.words}
    assert sorted(int(n) for n in re.findall(r'<pb n="(\d+)"/>', xml)) == sorted(pages)


def test_an_emendation_changes_only_the_emended_text() -> None:
    ed = load_edition()
    e = ed.emendations[0]
    changed = replace(ed, emendations=(replace(e, correction="QQ"), *ed.emendations[1:]))
    dip, emd = read_tei(edition_tei(changed))
    assert dip == diplomatic_text()
    assert emd != emended_text() and "QQ" in emd


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=200))
def test_anything_else_is_a_clear_error(junk: str) -> None:
    with pytest.raises(TeiError):
        read_tei(junk)


def test_the_command(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "e.xml"
    assert cli.main(["export", "tei", str(target)], out=out, err=err) == 0
    assert read_tei(target.read_bytes()) == (diplomatic_text(), emended_text())
    assert str(target) in err.getvalue()
    assert cli.main(["export", "tei", str(tmp_path / "no" / "e.xml")], out=out, err=err) == 2
