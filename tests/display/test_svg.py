"""Card faces: well-formed SVG, a text alternative on every card, matadors named by trump."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from ombre.display.svg import card_back_svg, card_svg, cards_html
from ombre.engine.cards import DECK, SUITS, Card, Suit

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("trump", [None, *SUITS])
def test_every_card_is_valid_svg_with_its_name(trump: Suit | None) -> None:
    for card in DECK:
        svg = card_svg(card, trump)
        root = _parse(svg)
        assert root.tag == SVG + "svg"
        assert root.get("role") == "img"
        title = root.find(SVG + "title")
        assert title is not None
        assert title.text == card.spoken(trump) == root.get("aria-label")


def test_names_read_aloud() -> None:
    assert 'aria-label="the Queen of Hearts"' in card_svg(Card.parse("Qh"))
    assert 'aria-label="Spadille, the Ace of Spades"' in card_svg(Card.parse("As"))
    assert 'aria-label="Basto, the Ace of Clubs"' in card_svg(Card.parse("Ac"), Suit.DIAMONDS)
    assert 'aria-label="Manille, the Seven of Diamonds"' in card_svg(Card.parse("7d"), Suit.DIAMONDS)
    assert 'aria-label="the Seven of Diamonds"' in card_svg(Card.parse("7d"), Suit.HEARTS)


def _scroll_text(svg: str) -> list[str]:
    root = _parse(svg)
    return [t.text or "" for t in root.iter(SVG + "text") if t.get("font-style") == "italic"]


def test_matadors_marked_by_name_depending_on_trump() -> None:
    spades, hearts = Suit.SPADES, Suit.HEARTS
    assert _scroll_text(card_svg(Card.parse("As"), hearts)) == ["Spadille"]
    assert _scroll_text(card_svg(Card.parse("Ac"), hearts)) == ["Basto"]
    assert _scroll_text(card_svg(Card.parse("2s"), spades)) == ["Manille"]
    assert _scroll_text(card_svg(Card.parse("2s"), hearts)) == []
    assert _scroll_text(card_svg(Card.parse("7h"), hearts)) == ["Manille"]
    assert _scroll_text(card_svg(Card.parse("Ah"), hearts)) == ["Punto"]
    assert _scroll_text(card_svg(Card.parse("Ah"), spades)) == []
    # without a trump only the two black aces have titles
    named = [str(c) for c in DECK if _scroll_text(card_svg(c))]
    assert named == ["As", "Ac"]


def test_corner_index_shows_rank_twice() -> None:
    root = _parse(card_svg(Card.parse("Jd")))
    ranks = [t.text for t in root.iter(SVG + "text")]
    assert ranks == ["J", "J"]


def _pip_paths(svg: str) -> list[ET.Element]:
    return [p for p in _parse(svg).iter(SVG + "path") if "scale(" in (p.get("transform") or "")]


@pytest.mark.parametrize("rank, pips", [("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7)])
def test_number_cards_have_their_pips(rank: str, pips: int) -> None:
    # two corner pips plus the pips of the face
    assert len(_pip_paths(card_svg(Card(rank, Suit.CLUBS)))) == pips + 2


def test_red_and_black_differ_without_colour() -> None:
    """Red pips are hollow outlines over a pale tint; black pips are solid."""
    for card in DECK:
        for path in _pip_paths(card_svg(card)):
            if card.suit.is_red:
                assert path.get("stroke") == "currentColor" and path.get("fill-opacity") == ".16"
            else:
                assert path.get("stroke") is None and path.get("fill-opacity") is None


def test_court_cards_differ_from_each_other() -> None:
    faces = {rank: card_svg(Card(rank, Suit.HEARTS)) for rank in "KQJ"}
    assert len(set(faces.values())) == 3
    strip = {r: re.sub(r"<title>.*?</title>|aria-label=\"[^\"]*\"|>[KQJ]<", "", s) for r, s in faces.items()}
    assert len(set(strip.values())) == 3


def test_colours_are_css_variables_with_fallbacks() -> None:
    svg = card_svg(Card.parse("Kh"))
    for var in ("--ombre-card-face", "--ombre-card-ink", "--ombre-card-red", "--ombre-card-edge"):
        assert f"var({var},#" in svg
    assert "var(--ombre-card-back,#" in card_back_svg()


def test_no_external_references_and_no_ids() -> None:
    for card in DECK:
        svg = card_svg(card, Suit.SPADES)
        assert "href" not in svg and "url(" not in svg and "<image" not in svg
        assert " id=" not in svg  # many cards on one page must not clash


def test_size_sets_width_and_height() -> None:
    root = _parse(card_svg(Card.parse("3c"), size=44))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("44", "66", "0 0 60 90")
    with pytest.raises(ValueError):
        card_svg(Card.parse("3c"), size=0)
    with pytest.raises(TypeError):
        card_svg("As")  # type: ignore[arg-type]


def test_card_back() -> None:
    root = _parse(card_back_svg(40))
    assert root.get("aria-label") == "a hidden card"
    title = root.find(SVG + "title")
    assert title is not None and title.text == "a hidden card"
    assert root.get("width") == "40"


def test_cards_html_lists_faces_and_backs() -> None:
    html = cards_html([Card.parse("As"), None, Card.parse("7h")], Suit.HEARTS, label="Belinda's <hand>")
    root = ET.fromstring(html)
    assert root.tag == "ul" and root.get("aria-label") == "Belinda's <hand>"
    labels = [li[0].get("aria-label") for li in root]
    assert labels == ["Spadille, the Ace of Spades", "a hidden card", "Manille, the Seven of Hearts"]


def test_card_repr_svg() -> None:
    assert Card.parse("Qh")._repr_svg_() == card_svg(Card.parse("Qh"))
