"""Accessibility of the project's HTML outside the viewer: no empty column headers, and the
braille cells of a neighbouring section said to be so in words, not only shown fainter."""

from __future__ import annotations

import re

from ombre.display.edition_figures import card_orders_html
from ombre.display.edition_html import braille_view_html
from ombre.display.plots import table_html
from ombre.edition import load_edition


def test_a_corner_cell_is_not_an_empty_column_header() -> None:
    t = table_html(["", "Monte Carlo"], [["Hands won", 12]])
    assert re.findall(r"<th[ >][^>]*>(.*?)</th>", t) == ["Monte Carlo"]
    assert t.startswith('<table class="ombre-table"') and ">Hands won</td>" in t


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
    from ombre.display.exercises_html import exercise_html
    from ombre.exercises import find

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


def test_cards_in_the_edition_figures_have_their_names() -> None:
    page = str(card_orders_html())
    named = re.findall(r'<span class="ombre-(?:red|black)" role="img" aria-label="([^"]+)"', page)
    assert "the Two of Spades" in named and "the Knave of Diamonds" in named
    assert page.count('<span class="ombre-red"') + page.count('<span class="ombre-black"') == len(named)
