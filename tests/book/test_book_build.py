"""Checks on the built HTML that need no browser: every internal link and anchor resolves, and no
page refers to a CDN or any other host for a script, stylesheet, font or image."""

from __future__ import annotations

import html
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html"))
REQUIRED = os.environ.get("OMBRE_REQUIRE_BROWSER") == "1"

pytestmark = pytest.mark.book


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.resources: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"] or "")
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        for key in ("src",) if tag in ("script", "img", "iframe", "source") else ():
            if a.get(key):
                self.resources.append(a[key] or "")
        linked = ("stylesheet", "preload", "icon", "modulepreload")
        if tag == "link" and a.get("href") and a.get("rel") in linked:
            self.resources.append(a["href"] or "")


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def _pages() -> list[Path]:
    if not (BUILD / "index.html").exists():
        if REQUIRED:
            pytest.fail(f"the book is not built at {BUILD}", pytrace=False)
        pytest.skip(f"the book is not built at {BUILD}: run `make build` first")
    return sorted(p for p in BUILD.rglob("*.html") if "_static" not in p.parts and "_sources" not in p.parts)


def test_internal_links_and_anchors_resolve() -> None:
    pages = _pages()
    parsed = {p: _parse(p) for p in pages}
    broken = []
    for page, links in parsed.items():
        for href in links.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(BUILD)}: {href} (no such file)")
                continue
            frag = unquote(parts.fragment)
            if frag and target.suffix == ".html" and target in parsed:
                # a replay's positions too (#pole-trick-5): the note of that position carries the id
                if frag not in parsed[target].ids:
                    broken.append(f"{page.relative_to(BUILD)}: {href} (no anchor #{frag})")
    assert not broken, "\n".join(broken)


def test_no_page_loads_anything_from_another_host() -> None:
    offenders = []
    for page in _pages():
        for src in _parse(page).resources:
            if urlsplit(src).scheme in ("http", "https") or src.startswith("//"):
                offenders.append(f"{page.relative_to(BUILD)}: {src}")
    assert not offenders, "\n".join(offenders)


def test_no_cdn_anywhere_in_the_html() -> None:
    cdn = re.compile(r"https?://(cdn\.jsdelivr|unpkg\.com|cdnjs\.cloudflare|code\.jquery|fonts\.googleapis)")
    hits = [str(p.relative_to(BUILD)) for p in _pages() if cdn.search(p.read_text(encoding="utf-8"))]
    assert not hits, hits


# --------------------------------------------------------------------------- text alternatives


class _Images(HTMLParser):
    """Every ``<img>`` of a page with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.images.append(dict(attrs))


def _is_decorative(img: dict[str, str | None]) -> bool:
    return img.get("alt") == "" and (
        img.get("role") in ("presentation", "none") or img.get("aria-hidden") == "true"
    )


def _alt_problem(img: dict[str, str | None]) -> str | None:
    alt = img.get("alt")
    if _is_decorative(img):
        return None
    if alt is None:
        return "no alt"
    if not alt.strip():
        return "empty alt (and not marked decorative)"
    src = img.get("src") or ""
    looks_like_a_file = re.search(r"\.(svg|png|jpe?g|gif|webp)\b", alt, re.I) or "/" in alt
    if alt.strip() == src or looks_like_a_file or "_images" in alt:
        return f"alt is a file path: {alt!r}"
    return None


def test_alt_text_judge() -> None:
    assert _alt_problem({"src": "a.png"}) == "no alt"
    assert _alt_problem({"src": "a.png", "alt": " "}) == "empty alt (and not marked decorative)"
    assert _alt_problem({"src": "../_images/f1b2.svg", "alt": "../_images/f1b2.svg"}) is not None
    assert _alt_problem({"src": "x.svg", "alt": "card.svg"}) is not None
    assert _alt_problem({"src": "a.png", "alt": "", "role": "presentation"}) is None
    assert _alt_problem({"src": "a.png", "alt": "Spadille, the Ace of Spades"}) is None


def test_every_image_has_a_real_text_alternative() -> None:
    problems = []
    count = 0
    for page in _pages():
        p = _Images()
        p.feed(page.read_text(encoding="utf-8"))
        for img in p.images:
            count += 1
            why = _alt_problem(img)
            if why:
                problems.append(f"{page.relative_to(BUILD)}: <img src={img.get('src')!r}>: {why}")
    assert not problems, "\n".join(problems)


def test_the_getting_started_card_is_inline_svg_with_its_name() -> None:
    _pages()
    html = (BUILD / "notebooks" / "getting-started.html").read_text(encoding="utf-8")
    assert "<img" not in html.split('id="walk-down-the-trumps"')[0].split("<main", 1)[-1]
    assert re.search(r'<svg[^>]*role="img"[^>]*aria-label="Spadille, the Ace of Spades"', html)


# --------------------------------------------------------------------------- computed prose and tables


def _text_of(path: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))


def test_edition_counts_follow_the_data() -> None:
    from ombre.sources.edition import count_words, load_edition

    _pages()
    ed = load_edition()
    n = sum(e.certainty == "conjecture" for e in ed.emendations)
    text = _text_of(BUILD / "book" / "edition" / "index.html")
    assert f"{count_words(n).capitalize()} changes are marked as conjectures" in text
    assert f"one of {count_words(len(ed.lost_signs))} places" in text
    html = (BUILD / "book" / "edition" / "index.html").read_text(encoding="utf-8")
    table = html[html.index("The edition's emendations") :]
    table = table[: table.index("</table>")]
    assert table.count("<td>conjecture</td>") == n
    assert table.count("<tr>") == len(ed.emendations) + 1
    from ombre.engine.cards import Suit
    from ombre.engine.rules import trump_order

    red, black = (count_words(len(trump_order(s))) for s in (Suit.HEARTS, Suit.SPADES))
    cards = _text_of(BUILD / "book" / "edition" / "cards.html")
    assert f"red suits have {red} trumps and black suits {black}." in cards


def test_emendations_table_places_each_reading_in_text_order() -> None:
    """Each row gives the braille page and line of the reading itself, and the rows follow the text."""
    from ombre.sources.edition import load_edition

    _pages()
    ed = load_edition()
    html = (BUILD / "book" / "edition" / "index.html").read_text(encoding="utf-8")
    table = html[html.index("The edition's emendations") :]
    table = table[: table.index("</table>")]
    shown = [(int(p), int(ln)) for p, ln in re.findall(r"<br/?>p\. (\d+), l\. (\d+)</th>", table)]
    assert len(shown) == len(ed.emendations)
    assert shown == sorted(shown)
    assert shown == sorted((ed.position(e.span).page, ed.position(e.span).line) for e in ed.emendations)
    assert "Of the Forfeitures<br/>p. 10, l. 6" in table or "Of the Forfeitures<br>p. 10, l. 6" in table
    assert "section, braille page and line" in table


def test_edition_pages_speak_to_the_reader() -> None:
    """Link text names its target, the engine's readings are stated as the engine has them, a
    glossary term is linked in the grammar of its sentence, no function names in prose or headings,
    no braille numeral in the table of names, and the losing Ombre's matadors are credited to Hoyle."""
    from ombre.engine.rulesets import get_rules
    from ombre.sources.edition import load_edition

    _pages()
    edition = BUILD / "book" / "edition"
    html = (edition / "opening.html").read_text(encoding="utf-8")
    opening = _text_of(edition / "opening.html")
    title = re.search(r"<h1>([^<]+)", (edition / "index.html").read_text(encoding="utf-8"))
    assert title, "the edition's first page has a title"
    link = rf'href="index.html"><span[^>]*>{re.escape(title[1])}</span></a>'
    assert re.search(link, html), "the link to the edition's first page, named as that page is"
    # the pamphlet's unsized "Mark": the page says what the engine's 1665 rule set pays
    rules = get_rules("1665")
    assert f"reads it as a {rules.vole_bonus[1].removesuffix('s')}." in opening
    assert f"the engine reads a {rules.matadors_per_card[1].removesuffix('s')}," in opening
    # ... and sends the reader to the notes on those two passages: links named as the sections are,
    # to the pages that hold them
    ed = load_edition()
    for section in ("of-the-matadors", "of-the-voll"):
        named = rf'href="([a-z-]+\.html)"><span[^>]*>{re.escape(ed.section(section).title)}</span></a>'
        target = re.search(named, html)
        assert target, section
        assert f'id="ombre-{section}"' in (edition / target[1]).read_text(encoding="utf-8"), section
    # a losing Ombre pays his matadors by Hoyle's rule, as the engine cites it, and the page cites Hoyle
    assert "Hoyle" in get_rules("court-gamester").citation("matadors_paid")
    assert 'href="../bibliography.html#cite-hoyle"' in html
    # "a matador need not be played": the glossary's term, linked with the sentence's own word
    play = (edition / "play.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./glossary\.html#term-Matadors"><span[^>]*>matador</span></a>', play)
    names = re.compile(
        r"\b(trump_order|plain_order|legal_plays|explain_play|result_of|RULES_COURT_GAMESTER)\b"
    )
    for page in ("cards", "opening", "taking-in", "play"):
        text = (edition / f"{page}.html").read_text(encoding="utf-8")
        text = re.sub(r'<div class="cell_input.*?</div>\s*</div>', "", text, flags=re.S)  # shown code
        text = re.sub(r'<p class="ombre-computed">.*?</p>', "", text, flags=re.S)  # the provenance lines
        text = re.sub(r"<(script|pre|code)\b.*?</\1>", "", text, flags=re.S)
        for tag in ("p", "th", "caption"):
            for inner in re.findall(rf"<{tag}\b[^>]*>(.*?)</{tag}>", text, re.S):
                assert not names.search(inner), (page, tag, inner[:200])


def test_edition_sources_link_to_their_own_bibliography_entries() -> None:
    """Each source of an edition note links to its entry (#cite-KEY), as the glossary's citations
    do, not to the top of the bibliography."""
    from ombre.display.edition.html import SOURCE_LABELS

    _pages()
    ids = _parse(BUILD / "book" / "bibliography.html").ids
    assert {f"cite-{k}" for k in SOURCE_LABELS} <= ids
    for name in ("opening", "cards", "taking-in", "play"):
        text = (BUILD / "book" / "edition" / f"{name}.html").read_text(encoding="utf-8")
        spans = re.findall(r'<span class="ombre-note-sources">Sources: (.*?)\.</span>', text)
        assert spans, name
        for span in spans:
            links = re.findall(r'<a href="\.\./bibliography\.html#cite-([a-z0-9]+)">([^<]+)</a>', span)
            assert links and ", ".join(f"{k}:{v}" for k, v in links) == ", ".join(
                f"{k}:{html.escape(SOURCE_LABELS[k])}" for k, _ in links
            ), span
            assert len(links) == span.count("<a "), span
        assert 'Sources: <a href="../bibliography.html">' not in text  # the old link to the top
    glossary = (BUILD / "book" / "glossary.html").read_text(encoding="utf-8")
    assert 'href="bibliography.html#cite-royalgame1665"' in glossary


def test_bibliography_is_sorted_and_cited_by_author_and_year() -> None:
    _pages()
    html = (BUILD / "book" / "bibliography.html").read_text(encoding="utf-8")
    found = re.findall(r'<div class="citation" id="[^"]+" role="listitem">(.*?)</div>', html, re.S)
    labels = [
        re.sub(r"<[^>]+>", "", re.search(r'<span class="label">(.*?)</span>\s*<p>', e, re.S)[1])
        for e in found
    ]
    entries = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", e.split("<p>", 1)[1])).strip() for e in found]
    # labelled as the pages cite them, sorted by surname (or title where there is no author), then year
    assert labels == [
        "[Anonymous, 1665]",
        "[Baker, 2007/2008]",
        "[Baker, 2011/2012]",
        "[Braille Authority of North America, n.d.]",
        "[Cotgrave, 1662]",
        "[Cotton, 1674]",
        "[Encyclopaedia Britannica, 1911]",
        "[Green-Armytage, 1945]",
        "[Hoyle's Games, n.d.]",
        "[Lamb, 1821]",
        "[Liblouis, n.d.]",
        "[Morley, 1891]",
        "[Parlett, n.d.]",
        "[Peacock, 1861]",
        "[Pole, 1895]",
        "[Pope, 1714]",
        "[Pope, 1715]",
        "[Pope, 1906]",
        "[Project Gutenberg eBook 9177, n.d.]",
        "[Seymour, 1728]",
        "[Seymour, n.d.]",
        "[Silver, 2009/2010]",
        "[Tillotson, 1940]",
        "[Walls, 2009/2010]",
        "[Wimsatt, 1950]",
    ]
    assert entries[0].startswith("Anonymous. The Royal Game of the Ombre. Written at the request")
    assert entries[6] == "Encyclopaedia Britannica. Ombre. 11th edition, 1911."
    # the Gutenberg text is told apart from the pamphlet, and Parrott is named as Pope's editor
    pope1906 = entries[labels.index("[Pope, 1906]")]
    assert pope1906.startswith("Alexander Pope. The Rape of the Lock and Other Poems.")
    assert "Edited by Thomas Marc Parrott." in pope1906
    assert entries[labels.index("[Project Gutenberg eBook 9177, n.d.]")].startswith(
        "Project Gutenberg eBook 9177. The text of The Royal Game of the Ombre (1665)"
    )
    # an article's volume and issue are shown even without its pages
    assert "Connotations, 17(2–3):210–237, 2007/2008." in entries[1]
    text = _text_of(BUILD / "book" / "edition" / "index.html")
    assert "[Liblouis, n.d.]" in text and "Liblouis: an open-source" not in text
    rules = _text_of(BUILD / "book" / "reference" / "rules.html")
    assert "[Encyclopaedia Britannica, 1911]" in rules and "[Ombre, 1911]" not in rules


# --------------------------------------------------------------------------- the rules, intro, Belinda
# and teaching pages against the sources and the engine


def _page(path: str) -> str:
    """The text of a page of the book, without the book's navigation (which names every page, the
    API reference's modules too)."""
    _pages()
    page = BUILD / "book" / path
    content = re.sub(
        r'<nav class="bd-links bd-docs-nav".*?</nav>', "", page.read_text(encoding="utf-8"), flags=re.S
    )
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", content)))


def _html(page: str) -> str:
    """The HTML of a page of the book (``teaching/play.html``)."""
    _pages()
    return (BUILD / "book" / page).read_text(encoding="utf-8")


def _plain(text: str) -> str:
    """Text with typographic quotes and ellipses made plain and spaces collapsed, for comparing."""
    text = text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")).replace("\u2026", "...")
    return " ".join(text.split())


def _quotations(page: str) -> list[tuple[str, str]]:
    """The quotations (“...”) of a page's prose, outside code, each with the text that follows it."""
    raw = re.sub(r"<(script|pre|code|style)\b.*?</\1>", "", _html(page), flags=re.S)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", raw)).split())
    return [(m[1], text[m.end() : m.end() + 40]) for m in re.finditer("\u201c([^\u201d]+)\u201d", text)]


def test_the_1665_pamphlet_is_not_claimed_as_the_earliest_and_the_local_address_is_code() -> None:
    intro, rules = _page("intro.html"), _page("reference/rules.html")
    assert "1665, the earliest English account" not in intro and "The oldest English account" not in rules
    assert "exactly as printed" not in intro  # the book gives the braille source, not the print
    # the local server's address is code, not a link outside the bibliography
    raw = (BUILD / "book" / "intro.html").read_text(encoding="utf-8")
    assert 'href="http://127.0.0.1:8000' not in raw
    assert re.search(r"<code[^>]*>(<span[^>]*>)?http://127\.0\.0\.1:8000", raw)


def test_the_rules_page_quotes_the_sources_exactly_and_shows_the_rule_sets_as_the_engine_has_them() -> None:
    """Every quotation of four words or more is in the 1665 text, Morley's or Pope's (each part
    between ellipses), or is cited to a source the package does not ship; the rule-set table is
    the engine's own rows, citations and conventions included."""
    from ombre.engine.rulesets import RULESETS
    from ombre.sources.edition import diplomatic_text, emended_text
    from ombre.sources.morley import morley_text
    from ombre.sources.pope import pope_lines

    sources = [
        _plain(t).lower()
        for t in (diplomatic_text(), emended_text(), morley_text(), " ".join(pope_lines().values()))
    ]
    shipped = ("[Anonymous, 1665]", "[Morley, 1891]", "[Pope, 1714]", "[Pope, 1906]")
    quotations = _quotations("reference/rules.html")
    assert len(quotations) > 20
    for quoted, after in quotations:
        if len(quoted.split()) < 4:
            continue
        parts = [_plain(part).lower().strip(" .,;:") for part in quoted.split("\u2026")]
        found = all(any(part in src for src in sources) for part in parts if part)
        cited_elsewhere = after.startswith(" [") and not after.startswith(shipped, 1)
        assert found or cited_elsewhere, quoted
    rules = _page("reference/rules.html")
    assert "\u201d\u2019tis" not in rules  # 'tis opens with an apostrophe, not a closing quote
    plain = _plain(rules)
    for rs in RULESETS.values():
        for field, value, citation in rs.as_rows():
            if field not in ("title", "source"):
                assert _plain(f"{value} \u2014 {citation}") in plain, (rs.name, field)
    # Hoyle's rule is Hoyle's, never Morley's or the Court Gamester's
    assert not re.search(r"(Morley|Court Gamester)[^.;(]*losing Ombre pays", rules)


def test_pole_is_named_only_as_the_probable_author() -> None:
    for page in ("intro.html", "belinda/index.html", "belinda/tricks.html"):
        text = _page(page)
        named = [m.start() for m in re.finditer(r"W\. Pole", text)]
        assert named, page
        for at in named:
            assert text[max(0, at - 12) : at] == "probably by ", (page, text[max(0, at - 60) : at + 10])


def test_a_quotation_within_a_quotation_is_in_single_quotes() -> None:
    """Morley quoting Pope, quoted on the page: the inner quotation has single quotes, so no double
    quote opens before the last one closed."""
    for page in ("belinda/index.html", "belinda/tricks.html", "belinda/analysis.html"):
        marks = re.findall("[\u201c\u201d]", _page(page))
        assert marks, page
        assert all(a != b for a, b in zip(marks, marks[1:], strict=False)), page
        assert marks[0] == "\u201c" and marks[-1] == "\u201d", page


def test_the_guide_plans_each_set_and_says_how_to_print_it_and_get_the_notebooks() -> None:
    """Time, rules and materials of every set from its plan; setup; printing (which every set page
    promises); and the notebooks the pages cite, downloadable from the built site."""
    from ombre.engine.rulesets import get_rules
    from ombre.teaching import SET_SPECS, set_plan

    guide = _html("teaching/teachers-guide.html")
    start = guide.index("Planning each set")
    body = guide[guide.index("<tbody", start) : guide.index("</table>", start)]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    assert len(rows) == len(SET_SPECS)
    for spec, row in zip(SET_SPECS, rows, strict=True):
        plan = set_plan(spec.key)
        cells = [_words(c) for c in re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", row, re.S)]
        assert cells[:2] == [_words(spec.title), f"{plan.minutes} minutes"]
        assert cells[3] == plan.materials
        for name in plan.rules:
            assert get_rules(name).display_name in cells[2]
        if not plan.rules:
            assert cells[2] == "Rules of play only (alike under every rule set)"
    words = _words(guide)
    assert f"take about {sum(set_plan(s.key).minutes for s in SET_SPECS)} minutes in all" in words
    # the commands it gives exist: the Makefile's target, the pinned install of the book's extra
    assert "make lab" in words and re.search(r"^lab:", (ROOT / "Makefile").read_text(), re.M)
    assert 'pip install -c constraints.txt ".[book]"' in words and (ROOT / "constraints.txt").exists()
    assert re.search(r"^book = \[", (ROOT / "pyproject.toml").read_text(), re.M)
    assert 'id="print-a-set"' in guide
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        links = re.findall(rf'href="(\.\./\.\./_downloads/[0-9a-f]+/{re.escape(nb.name)})"', guide)
        assert links, f"the guide offers no download of {nb.name}"
        assert (BUILD / "book" / "teaching" / links[0]).resolve().read_bytes() == nb.read_bytes()
    play = _html("teaching/play.html")
    assert re.search(r'href="\.\./\.\./_downloads/[0-9a-f]+/play-against-the-computer\.ipynb"', play)
    for spec in SET_SPECS:
        page = _html(f"teaching/set-{spec.key}.html")
        assert 'href="teachers-guide.html#print-a-set"' in page, spec.key


def test_reader_facing_text_uses_the_book_s_card_notation_and_no_engine_names() -> None:
    from ombre.engine.rulesets import get_rules
    from ombre.teaching import GENERATORS, all_sets

    # a card in the engine's notation (Qc); not "As" or "Ah", which are also English words
    engine_card = re.compile(r"(?<![\w.])(?:[KQJ2-7][shdc]|A[dc])(?!\w)")
    constraints = _page("belinda/constraints.html")
    assert "✗ not in play: Q♣" in constraints and not engine_card.search(constraints)
    assert "ombre.belinda" not in constraints and "CONSTRAINTS" not in constraints
    assert "ombre.engine.solver" not in _page("belinda/analysis.html")
    players = _page("teaching/computer-players.html")
    hand = re.search(r"\) holds (.*?) after \d+ tricks", players)
    assert hand and re.fullmatch(r"(?:(?:[2-7AKQJ][♠♥♦♣]) ?)+", hand[1]), hand
    assert f"rules of {get_rules('1665').display_name}" in players
    # the teaching index counts the sets and names the topic of each generator they leave unused,
    # never a generator's key
    teaching = _page("teaching/index.html")
    sets = all_sets()
    assert f"{len(sets)} exercise sets with {sum(len(s) for s in sets)} questions" in teaching
    assert not [kind for kind in GENERATORS if kind in teaching]
    unused = set(GENERATORS) - frozenset().union(*(s.kinds for s in sets))
    for kind in unused:
        topic = next(
            s.title_in_text for s in sets if any(k.split(".")[0] == kind.split(".")[0] for k in s.kinds)
        )
        assert f"one on {topic}" in teaching, kind


# --------------------------------------------------------------------------- cards written as text

# a card written as rank and suit symbol (K♥, 7♦?), as ombre.display.cardtext finds it
_CARD = re.compile(r"(?<![\w♠♣♥♦])[AKQJ2-7][♠♣♥♦]\??(?![\w♠♣♥♦])")
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _CardText(HTMLParser):
    """The cards in a page's text that a screen reader would meet bare (``K black heart suit``):
    those outside an element named as an image (``role="img"`` with ``aria-label``), an SVG
    (named by its own label) and the page's ``<title>``, scripts and styles. Attributes are not
    text, so they are not looked at. Also the names of the ``ombre-card-text`` spans, by card."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []
        self.bare: list[str] = []
        self.named: dict[str, set[str]] = {}
        self._span: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        a = dict(attrs)
        named = a.get("role") == "img" and bool((a.get("aria-label") or "").strip())
        self.open.append((tag, named or tag in ("svg", "title", "script", "style")))
        if tag == "span" and a.get("class") == "ombre-card-text" and named:
            self._span = a["aria-label"]

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                break

    def handle_data(self, data: str) -> None:
        if self._span is not None:
            self.named.setdefault(data, set()).add(self._span)
            self._span = None
        if not any(hidden for _, hidden in self.open):
            self.bare += _CARD.findall(data)


def _card_text(page: str) -> _CardText:
    p = _CardText()
    p.feed(_html(page))
    return p


# a card each page writes, with the name it must have there (None: the page writes no card)
CARD_PAGES = {
    "belinda/index.html": ("A♣", "the Ace of Clubs"),
    "belinda/tricks.html": ("K♣", "the King of Clubs"),
    "belinda/constraints.html": ("Q♣", "the Queen of Clubs"),  # a reason: "not in play: Q♣"
    "belinda/deals.html": ("Q♥", "the Queen of Hearts"),
    "belinda/analysis.html": ("7♦", "the Seven of Diamonds"),
    "reference/rules.html": ("2♠", "the Two of Spades"),
    "teaching/computer-players.html": ("K♥", "the King of Hearts"),
    "teaching/teachers-guide.html": ("7♥", "the Seven of Hearts"),
    "teaching/set-order.html": ("A♠", "the Ace of Spades"),
}


@pytest.mark.parametrize("page", sorted(CARD_PAGES))
def test_every_card_written_in_a_pages_text_has_its_name(page: str) -> None:
    _pages()
    p = _card_text(page)
    assert not p.bare, f"{page}: cards written with no name: {' '.join(p.bare[:20])}"
    from ombre.display.cardtext import card_label

    for card, names in p.named.items():
        # the plain name, never a title: a question about Manille must not answer itself
        assert names == {card_label(card)}, (card, names)
        assert not any(title in n for n in names for title in ("Spadille", "Manille", "Basto"))
    known = CARD_PAGES[page]
    if known is None:
        assert not p.named
    else:
        card, name = known
        assert p.named.get(card) == {name}, (card, p.named.get(card))


def test_no_page_of_the_book_writes_a_card_without_its_name_outside_code() -> None:
    pages = _pages()
    problems = []
    for path in pages:
        p = _CardText()
        text = path.read_text(encoding="utf-8")
        # code shows what is typed (Card.parse("K♠")); it is read as code, character by character
        p.feed(re.sub(r"<(pre|code)\b.*?</\1>", "", text, flags=re.S))
        if p.bare:
            problems.append(f"{path.relative_to(BUILD)}: {' '.join(p.bare[:10])}")
    assert not problems, "\n".join(problems)


# --------------------------------------------------------------------------- computed text on the
# teaching pages: the probability lab's table of hands and its second figure, the amounts of the
# play page's result, and the advice set's word on whose count it uses


def _words(fragment: str) -> str:
    """The words of an HTML fragment, with the typographic quotes of MyST's prose made plain."""
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())
    return text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))


def _win_table_rows(page: str) -> list[list[str]]:
    start = page.index("How often the eldest hand wins as the Ombre")
    table = page[start : page.index("</table>", start)]
    body = table[table.index("<tbody") :]
    rows = re.findall(r"<tr[ >](.*?)</tr>", body, re.S)
    return [[_words(c) for c in re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", row, re.S)] for row in rows]


def test_only_belinda_s_row_marks_guessed_cards() -> None:
    from ombre.belinda import load_record, replay

    rows = _win_table_rows(_html("teaching/probability-lab.html"))
    assert len(rows) == 3
    record = load_record("pole")
    state = replay(record).state
    guessed = [c for c in state.hands_at_play[state.ombre] if c in record.conjectural_cards]
    assert guessed, "Pole's record has guessed cards in Belinda's hand"
    for card in guessed:
        assert f"{card.symbol}?" in rows[0][1]
    # the invented hands share cards with Pole's guesses (5♣ 6♣), but they are nobody's completion
    assert "?" not in rows[1][1] and "?" not in rows[2][1]
    assert rows[1][1].startswith("A♠ A♣ 5♠ 4♠ K♥")


def test_the_second_figure_is_introduced_with_the_table_s_precision() -> None:
    page = _html("teaching/probability-lab.html")
    rows = _win_table_rows(page)
    # each row rounded as its 80 deals support (estimate_text): "60 of 80: 75% (65% to 83%)"
    estimate = r"\d+ of \d+: (\d+(?:\.\d+)?)% \((\d+(?:\.\d+)?)% to (\d+(?:\.\d+)?)%\)"
    second = re.match(estimate, rows[1][3])
    assert second, rows[1][3]
    assert all(re.match(estimate + "$", r[3]) for r in rows)
    text = _words(page[page.index("How often the eldest hand wins as the Ombre") :])
    intro = re.search(
        r"The figure below follows the second hand of the table \(([^)]*)\).*?at (\d+(?:\.\d+)?)%\.", text
    )
    assert intro and intro[1] == rows[1][0] and intro[2] == second[1]
    caption = re.search(
        r"<figcaption>Simulated chance of winning with Spadille, Basto[^<]*?: ([\d.]+)%", page
    )
    assert caption and caption[1] == second[1]
    assert text.index("The figure below follows") < text.index("Simulated chance of winning with Spadille")


def test_the_play_page_result_has_no_sign_inside_an_amount() -> None:
    page = _html("teaching/play.html")
    result = page[page.index('class="om-result"') :]
    result = _words(result[: result.index("</details>")])
    amounts = re.findall(r"(?:pays [^:]*?|Left in the pool:) (\d[^:.]*)", result)
    assert amounts
    assert not [a for a in amounts if "+" in a], amounts


def test_the_advice_page_names_the_count_as_the_book_s() -> None:
    """The count of sure tricks is the book's rule of thumb, not the pamphlet's; the pamphlet's
    advice it rests on is quoted as the 1665 text has it."""
    from ombre.sources.edition import diplomatic_text

    text = _words(_html("teaching/set-advice.html"))
    assert "the 1665 reckoning" not in text and "By the 1665 advice" not in text
    source = _plain(diplomatic_text()).lower()
    quoted = [q for q, _ in _quotations("teaching/set-advice.html") if "Matadors" in q]
    assert quoted and all(_plain(q).lower().strip(" .,;:") in source for q in quoted), quoted


def test_the_guide_counts_the_versions_of_every_kind() -> None:
    # before: "each group its own questions", though several kinds have one to seven questions
    from ombre.teaching import GENERATORS, VERSION_SEEDS, versions

    guide = _html("teaching/teachers-guide.html")
    start = guide.index("How many versions each kind of question has")
    body = guide[guide.index("<tbody", start) : guide.index("</table>", start)]
    rows = [
        [_words(c) for c in re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]
    shown = {r[0]: r[-1] for r in rows}
    assert set(shown) == set(GENERATORS)
    for kind, said in shown.items():
        n = versions(kind)
        assert said == ("every seed a new one" if n == VERSION_SEEDS else str(n)), kind
    assert shown["probability.hands"] == "1"
    assert "own questions" not in _words(guide).replace("not always its own question", "")


def test_the_guides_checking_table_shows_roundings_and_a_decimal_comma_judged_by_the_engine() -> None:
    from ombre.teaching import find

    ex = find("probability-4")
    guide = _html("teaching/teachers-guide.html")
    start = guide.index("Checking a numeric answer")
    body = guide[guide.index("<tbody", start) : guide.index("</table>", start)]
    rows = [
        [_words(c) for c in re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]
    typed = [r[0] for r in rows]
    assert "1 in 120" in typed and "0,0085" in typed  # two significant figures; a decimal comma
    assert "1/120" in typed and "0.0086" in typed  # odds as a fraction; a wrong answer echoed as typed
    assert dict((r[0], r[1]) for r in rows)["1/120"] == "right"
    assert dict((r[0], r[2]) for r in rows)["0.0086"].startswith("Not right: 0.0086 is too high")
    for answer, verdict, *_ in rows:
        assert verdict == ("right" if ex.check(answer).correct else "wrong"), answer
    assert dict((r[0], r[1]) for r in rows)["1 in 120"] == "right"


class _Tables(HTMLParser):
    """Every ``<table>`` of a page: its caption's words, and its rows as (section, cells), each cell
    a (tag, scope, words) triple; the section is ``thead``, ``tbody`` or ``tfoot``."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, object]] = []
        self._open: list[dict[str, object]] = []  # tables being read (innermost last)
        self._section = "tbody"
        self._cell: list[str] | None = None
        self._caption: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table":
            t: dict[str, object] = {"class": a.get("class") or "", "caption": "", "rows": []}
            self._open.append(t)
            self.tables.append(t)
        elif not self._open:
            return
        elif tag == "caption":
            self._caption = []
        elif tag in ("thead", "tbody", "tfoot"):
            self._section = tag
        elif tag == "tr":
            rows = self._open[-1]["rows"]
            assert isinstance(rows, list)
            rows.append((self._section, []))
        elif tag in ("td", "th"):
            rows = self._open[-1]["rows"]
            assert isinstance(rows, list)
            self._cell = []
            rows[-1][1].append([tag, a.get("scope"), self._cell])

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._open:
            self._open.pop()
            self._section = "tbody"
        elif tag == "caption" and self._caption is not None and self._open:
            self._open[-1]["caption"] = " ".join("".join(self._caption).split())
            self._caption = None
        elif tag in ("td", "th"):
            self._cell = None
        elif tag in ("thead", "tfoot"):
            self._section = "tbody"

    def handle_data(self, data: str) -> None:
        if self._caption is not None:
            self._caption.append(data)
        if self._cell is not None:
            self._cell.append(data)


#: Pages whose tables are not data tables of the book: Sphinx's general index lays out its
#: entries in a table, which no page of the book writes.
NOT_DATA_PAGES = {"genindex.html"}

#: Data tables (page, caption's beginning) whose rows have no cell that labels them, with the
#: reason. None: every table of the book has row headers.
NO_ROW_HEADERS: dict[tuple[str, str], str] = {}


def _book_tables() -> list[tuple[str, dict[str, object]]]:
    found = []
    for page in _pages():
        name = page.relative_to(BUILD).as_posix()
        if name in NOT_DATA_PAGES:
            continue
        p = _Tables()
        p.feed(page.read_text(encoding="utf-8"))
        found += [(name, t) for t in p.tables]
    return found


def test_every_data_table_has_a_caption_header_scopes_and_row_headers() -> None:
    """A screen reader announces a table by its caption, and a cell by its column's header and its
    row's: every table of every page has a caption, every ``th`` a ``scope`` (``col`` in the head,
    ``row`` in the body), and every body row a ``th scope="row"`` that labels it."""
    problems = []
    tables = _book_tables()
    for page, t in tables:
        caption = str(t["caption"])
        where = f"{page}: table {caption[:50]!r}"
        if not caption:
            first = [c[2] for c in t["rows"][0][1]] if t["rows"] else []  # type: ignore[index]
            problems.append(f"{page}: a table with no caption (first row {first!r})")
        if caption.endswith("#"):
            problems.append(f"{where}: the caption ends in a link to the table, read as part of its name")
        exempt = any(page == p and caption.startswith(c) for p, c in NO_ROW_HEADERS)
        for section, cells in t["rows"]:  # type: ignore[attr-defined]
            for tag, scope, _ in cells:
                if tag == "th" and scope != ("col" if section == "thead" else "row"):
                    problems.append(f"{where}: a {section} th with scope={scope!r}")
            if section == "tbody" and cells and not exempt:
                if not any(tag == "th" and scope == "row" for tag, scope, _ in cells):
                    problems.append(f"{where}: a row with no row header: {''.join(cells[0][2])[:40]!r}")
    assert not problems, "\n".join(problems[:40])
    pages = {p for p, _ in tables}
    for page in (
        "book/belinda/index.html",
        "book/belinda/tricks.html",
        "book/belinda/constraints.html",
        "book/belinda/deals.html",
        "book/belinda/analysis.html",
        "book/reference/rules.html",
        "book/reference/record-format.html",
        "book/edition/taking-in.html",
        "book/edition/cards.html",
        "book/edition/play.html",
        "book/teaching/teachers-guide.html",
    ):
        assert page in pages, page
    captions = [str(t["caption"]) for p, t in tables if p == "book/belinda/tricks.html"]
    assert [c for c in captions if c.startswith("Trick ")] == [
        f"Trick {n}: the cards played in each reading" for n in range(1, 10)
    ]


def test_the_splits_grid_names_the_ombre_s_tricks_on_each_row() -> None:
    """The grid of the 55 splits on "The End of the Game": each row's header is the Ombre's tricks,
    9 down to 0, so a screen reader says it with each of the row's cells."""
    grid = next(
        t
        for p, t in _book_tables()
        if p == "book/edition/taking-in.html" and "ombre-splits" in str(t["class"])
    )
    body = [cells for section, cells in grid["rows"] if section == "tbody"]  # type: ignore[attr-defined]
    assert [(c[0][0], c[0][1], "".join(c[0][2])) for c in body] == [
        ("th", "row", str(o)) for o in range(9, -1, -1)
    ]
    assert sum(1 for cells in body for c in cells[1:] if "".join(c[2]).strip()) == 55


def test_the_record_format_page_highlights_its_records_with_the_package_lexer() -> None:
    from ombre.engine.record import example_text

    _pages()
    page = (BUILD / "book" / "reference" / "record-format.html").read_text(encoding="utf-8")
    opening = r'<div class="highlight-omb notranslate"><div class="highlight"><pre>'
    blocks = re.findall(opening + r"(.*?)</pre>", page, re.S)
    # the specimen, the seats, the fragment, its canonical form and a dealt record
    assert len(blocks) >= 5
    for block in blocks:
        classes = set(re.findall(r'<span class="(\w+)">', block))
        assert "err" not in classes, block
        assert {"nt", "s2"} <= classes  # tag names and values
    specimen = html.unescape(re.sub(r"<[^>]+>", "", blocks[0]))
    assert specimen.rstrip("\n") == example_text("specimen.omb").rstrip("\n")
    tokens = set(re.findall(r'<span class="(\w+)">', blocks[0]))
    # cards, sections, bids and suits, exchange words, trick numbers, both kinds of comment
    assert {"no", "k", "nb", "kp", "mi", "cm", "c1"} <= tokens


def _braille_links(page: Path) -> list[tuple[str, Path]]:
    """The links of a built page to BRF files, each with the file it resolves to."""
    hrefs = [h for h in _parse(page).links if urlsplit(h).path.endswith(".brf")]
    return [(h, (page.parent / unquote(urlsplit(h).path)).resolve()) for h in hrefs]


def test_the_braille_downloads_are_linked_and_decode() -> None:
    from ombre.belinda import READINGS, load_record
    from ombre.engine.record import record_account, replay_record
    from ombre.sources.braille import decode
    from ombre.sources.edition import load_edition

    _pages()
    # the pamphlet, on the edition's first page: 40 x 25, the edition's words in order
    [(_, pamphlet)] = _braille_links(BUILD / "book" / "edition" / "index.html")
    assert pamphlet.is_file() and BUILD in pamphlet.parents
    brf = pamphlet.read_bytes().decode("ascii")
    doc = decode(brf, width=40, page_length=25)
    blocks = [b for s in load_edition().sections for b in s.blocks]
    assert [w.text for w in doc.words] == [w.text for b in blocks for w in b.words]
    assert doc.pages == brf.count("\f") + 1 > 1
    # each of Belinda's readings, below its replay: the engine's account of the game, word for word
    tricks = BUILD / "book" / "belinda" / "tricks.html"
    page = tricks.read_text(encoding="utf-8")
    links = _braille_links(tricks)
    assert len(links) == len(READINGS)
    viewers = [page.index(f'id="{name}-trick-1"') for name in READINGS] + [len(page)]
    for k, (name, (href, path)) in enumerate(zip(READINGS, links, strict=True)):
        assert path.is_file() and BUILD in path.parents and path.name == f"belinda-{name}.brf"
        assert viewers[k] < page.index(f'href="{html.escape(href)}"') < viewers[k + 1], name
        account = record_account(replay_record(load_record(name)))
        assert [w.text for w in decode(path.read_bytes().decode("ascii")).words] == " ".join(account).split()


def test_the_tei_download_is_linked_and_reads_back() -> None:
    from ombre.sources.edition import diplomatic_text, emended_text
    from ombre.sources.tei import read_tei

    _pages()
    page = BUILD / "book" / "edition" / "index.html"
    hrefs = [h for h in _parse(page).links if urlsplit(h).path.endswith(".tei.xml")]
    assert len(hrefs) == 1
    path = (page.parent / unquote(urlsplit(hrefs[0]).path)).resolve()
    assert path.is_file() and BUILD in path.parents
    assert read_tei(path.read_bytes()) == (diplomatic_text(), emended_text())


def test_the_players_page_shows_the_head_to_head_match_and_the_pool_with_their_methods() -> None:
    # issue 31: the duplicate match is the comparison, with its interval and test named; the three-way
    # table is context, and what went into the pool is said and how it is scored
    from ombre.engine.players import match, tournament
    from ombre.engine.probability import MEAN_INTERVAL_METHOD, SIGN_FLIP_METHOD

    page = _words(_html("teaching/computer-players.html"))
    duel = match(24, seed=0)  # the page's own match
    m, lo, hi = duel.difference()
    assert f"Sign-flip test, p {duel.p_value():.3f}" in page
    assert f"95% t interval of that extra gain {lo:+.1f} to {hi:+.1f}" in page and f"{m:+.1f}" in page
    assert MEAN_INTERVAL_METHOD in page and SIGN_FLIP_METHOD in page
    assert page.index("Which player is stronger?") < page.index("The three players at one table")
    three = tournament(12, seed=0)
    pool = three.pool_per_hand
    went = f"{abs(pool):.1f} {three.unit} a hand went {'into' if pool >= 0 else 'out of'} the pool"
    assert f"{went}, charged to the three players alike" in page


# --------------------------------------------------------------------------- minus signs

_HYPHEN_MINUS = re.compile(r".{0,30}(?<![\w.\-\u2212/])-\d.{0,20}")


def _prose(page: Path) -> str:
    """A page's words outside code (code keeps its hyphens), tags dropped and spaces collapsed."""
    text = re.sub(r"<(script|style|pre|code)\b.*?</\1>", " ", page.read_text(encoding="utf-8"), flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


def test_a_loss_is_printed_with_a_minus_sign() -> None:
    pages = [p for p in _pages() if "api" not in p.relative_to(BUILD).parts]
    hyphens = {str(p.relative_to(BUILD)): _HYPHEN_MINUS.findall(_prose(p)) for p in pages}
    assert not {p: found for p, found in hyphens.items() if found}
    # the payments of the replays, the rule sets' table and the edition's figures, and the players' gains
    for path, shown in [
        ("belinda/tricks.html", "\u221215 counters"),
        ("reference/rules.html", "\u221215 counters"),
        ("edition/opening.html", "\u22121 great mark"),
        ("teaching/computer-players.html", "Random \u2212"),
    ]:
        assert shown in _prose(BUILD / "book" / path), path
