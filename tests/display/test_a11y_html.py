"""Accessibility of the project's HTML outside the viewer: no empty column headers, and the
braille cells of a neighbouring section said to be so in words, not only shown fainter."""

from __future__ import annotations

import re

from ombre.display.edition.figures import card_orders_html
from ombre.display.edition.html import braille_view_html
from ombre.display.html import table_html
from ombre.sources.edition import load_edition


def test_a_corner_cell_is_not_an_empty_column_header() -> None:
    t = table_html(["", "Monte Carlo"], [["Hands won", 12]])
    assert re.findall(r'<th scope="col"[^>]*>(.*?)</th>', t) == ["Monte Carlo"]
    assert re.findall(r'<th scope="row"[^>]*>(.*?)</th>', t) == ["Hands won"]
    assert t.startswith('<table class="ombre-table"') and "<thead><tr><td " in t


def test_the_card_orders_figure_has_no_empty_header() -> None:
    page = str(card_orders_html())
    heads = re.findall(r"<th[ >][^>]*>(.*?)</th>", page, re.S)
    assert heads and all(h.strip() for h in heads)
    assert '<thead><tr><td></td><th scope="col">1665, black suits</th>' in page


OUTSIDE = re.compile(
    r'<span class="ombre-cells-outside"><span class="ombre-sr">\(from the (previous|next) section\) </span>'
    r'([^<]+)(<span class="ombre-sr"> \(end of the previous section\)</span>)?</span>'
)


def test_cells_of_the_neighbouring_sections_are_labelled() -> None:
    ed = load_edition()
    found = {"previous": 0, "next": 0}
    for sec in ed.sections:
        for unicode in (True, False):
            page = braille_view_html(sec.id, unicode=unicode, edition=ed)
            spans = OUTSIDE.findall(page)
            assert page.count('class="ombre-cells-outside"') == len(spans), sec.id
            for side, cells, end in spans:
                assert cells.strip()
                assert bool(end) == (side == "previous")
                found[side] += 1
    assert found["previous"] > 0 and found["next"] > 0


def test_cards_in_exercise_text_have_their_names() -> None:
    from ombre.display.cardtext import card_label, card_text_html
    from ombre.display.teaching.html import exercise_html
    from ombre.teaching import find

    assert card_label("7♦?") == "the Seven of Diamonds, conjectural"
    assert card_text_html("A♠ & K♥") == (
        '<span class="ombre-card-text" role="img" aria-label="the Ace of Spades">A♠</span> &amp; '
        '<span class="ombre-card-text" role="img" aria-label="the King of Hearts">K♥</span>'
    )
    assert card_text_html("K♥s or AK♥") == "K♥s or AK♥"  # only whole tokens
    page = exercise_html(find("matadors-1"), 1)
    assert (
        '<label for="ex-matadors-1-c1">b) <span class="ombre-card-text" role="img" '
        'aria-label="the Two of Clubs">2♣</span></label>' in page
    )
    assert '"card_names": {"2♠": "the Two of Spades"' in page
    # a question ending on a card: its ? is the question's, not a conjectural mark
    asks = exercise_html(find("matadors-4"), 4)
    assert 'aria-label="the Two of Spades">2♠</span>?' in asks and "conjectural" not in asks
    assert '"2♠?"' not in asks


def test_cards_in_the_edition_figures_have_their_names() -> None:
    page = str(card_orders_html())
    named = re.findall(r'<span class="ombre-(?:red|black)" role="img" aria-label="([^"]+)"', page)
    assert "the Two of Spades" in named and "the Knave of Diamonds" in named
    assert page.count('<span class="ombre-red"') + page.count('<span class="ombre-black"') == len(named)


def test_table_cells_name_their_cards_and_escape_the_rest() -> None:
    t = table_html(
        ["Card", "Note <b>"], [["K♥", "7♦? & <i>not</i> a card"], ["Q♠ (the Queen)", 3]], caption="A♠ & co"
    )
    named = '<span class="ombre-card-text" role="img" aria-label="{}">{}</span>'
    assert f">{named.format('the King of Hearts', 'K♥')}</th>" in t  # the row's header
    assert (
        named.format("the Seven of Diamonds, conjectural", "7♦?")
        + " &amp; &lt;i&gt;not&lt;/i&gt; a card</td>"
        in t
    )
    assert f">{named.format('the Queen of Spades', 'Q♠')} (the Queen)</th>" in t
    assert ">Note &lt;b&gt;</th>" in t and "<b>" not in t and "<i>" not in t
    assert f">{named.format('the Ace of Spades', 'A♠')} &amp; co</caption>" in t
    assert ">3</td>" in t and t.count("ombre-card-text") == 4


def test_the_book_names_each_card_in_running_text_and_leaves_code_alone() -> None:
    import sys
    from pathlib import Path

    from docutils.core import publish_doctree, publish_from_doctree

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
    from ombre_book import name_cards_in_text

    doc = publish_doctree(
        "Belinda leads **K♣?**, then 7♦; ``K♥`` is code.\n\n"
        "=======  ======\nReading  Cards\n=======  ======\nPole     A♠ 2♠\n=======  ======\n\n"
        "::\n\n    Card.parse('A♣')\n"
    )
    assert name_cards_in_text(doc) == 4
    out = publish_from_doctree(doc, writer_name="html").decode()
    assert (
        '<strong><span class="ombre-card-text" role="img" aria-label="the King of Clubs, conjectural">'
        "K♣?</span></strong>, then "
        '<span class="ombre-card-text" role="img" aria-label="the Seven of Diamonds">7♦</span>;'
    ) in out
    assert 'aria-label="the Ace of Spades">A♠</span> <span' in out and 'aria-label="the Two of Spades"' in out
    assert ">K♥</tt>" in out and "Card.parse('A♣')" in out
    assert out.count("ombre-card-text") == 4


def test_the_book_makes_a_marked_table_s_first_columns_row_headers() -> None:
    import sys
    from pathlib import Path

    from docutils.core import publish_doctree, publish_from_doctree

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
    from ombre_book import drop_table_links, mark_row_headers

    rst = (
        ".. table:: Payments\n   :class: ombre-row-headers-2\n\n"
        "   =====  =====  ======\n   From   To     Amount\n   =====  =====  ======\n"
        "   Baron  Pool   3\n   =====  =====  ======\n\n"
        ".. table:: Named\n   :name: kept\n   :class: ombre-row-headers\n\n"
        "   ====  ====\n   Card  Rank\n   ====  ====\n   Ace   1\n   ====  ====\n\n"
        "=====  =====\nPlain  table\n=====  =====\nA      1\n=====  =====\n"
    )
    doc = publish_doctree(rst)
    assert mark_row_headers(doc) == 2
    out = publish_from_doctree(doc, writer_name="html5").decode()
    baron = '<tr><th class="stub"><p>Baron</p></th>\n<th class="stub"><p>Pool</p></th>\n<td><p>3</p></td>'
    assert baron in out
    assert '<tr><th class="stub"><p>Ace</p></th>\n<td><p>1</p></td>' in out and 'id="kept"' in out
    # two columns of the first table (head and body), one of the second; none of the plain one
    assert out.count("stub") == 6
    link = '<a class="headerlink" href="#{}" title="Link to this table">#</a>'
    kept = f"<caption>Named{link.format('kept')}</caption>"
    assert (
        drop_table_links(f"<caption>Made up{link.format('id7')}</caption>{kept}")
        == f"<caption>Made up</caption>{kept}"
    )
