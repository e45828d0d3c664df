"""The 40-card pack and its notation (ombre.engine.cards)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ombre.engine.cards import (
    BASTO,
    DECK,
    PAM,
    SPADILLE,
    Card,
    CardError,
    Suit,
    as_card,
    as_cards,
    as_suit,
    format_cards,
    parse_card,
    parse_cards,
)
from ombre.errors import OmbreError


def test_pack_has_forty_cards_no_eights_nines_tens_1665() -> None:
    """1665: "discarding the Eights, Nines, and Tens out of the Pack"."""
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert {c.rank for c in DECK} == {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}
    assert [c.index for c in DECK] == list(range(40))


def test_notation_round_trips_for_every_card() -> None:
    for c in DECK:
        assert parse_card(str(c)) == c
        assert parse_card(c.symbol) == c
        assert parse_card(c.name) == c
        assert Card.from_index(c.index) == c


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("As", "As"),
        ("A♠", "As"),
        ("a♤", "As"),
        ("Spadille", "As"),
        ("spadillio", "As"),
        ("Basto", "Ac"),
        ("PAM", "Jc"),
        ("king of hearts", "Kh"),
        ("Knave of Diamonds", "Jd"),
        ("jack of clubs", "Jc"),
        ("7 ♦", "7d"),
        ("1s", "As"),
    ],
)
def test_parse_accepts_symbols_names_and_historical_titles(text: str, card: str) -> None:
    assert str(parse_card(text)) == card


@pytest.mark.parametrize(
    ("text", "trump", "card"),
    [
        ("Manille", Suit.SPADES, "2s"),
        ("Manillio", Suit.CLUBS, "2c"),
        ("Mallilio", Suit.HEARTS, "7h"),  # the 1665 spelling
        ("manille", Suit.DIAMONDS, "7d"),
        ("Punto", Suit.HEARTS, "Ah"),
        ("Ponto", Suit.DIAMONDS, "Ad"),
    ],
)
def test_manille_and_punto_depend_on_trump_1665(text: str, trump: Suit, card: str) -> None:
    """1665: the Mallilio is the black deuce or red seven of trumps; the Punto the red trump ace."""
    assert str(parse_card(text, trump)) == card


def test_punto_does_not_exist_in_black_trumps() -> None:
    with pytest.raises(CardError, match="no Punto"):
        parse_card("punto", Suit.SPADES)


def test_manille_needs_a_trump() -> None:
    with pytest.raises(CardError, match="give the trump"):
        parse_card("Manille")


@pytest.mark.parametrize("text", ["10s", "8h", "Xs", "K", "", "Kx", "queen of cups"])
def test_bad_cards_raise_card_error_naming_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert text.strip() in str(info.value)


def test_card_error_is_both_ombre_error_and_value_error() -> None:
    with pytest.raises(OmbreError):
        parse_card("10s")
    with pytest.raises(ValueError):
        parse_card("9d")


def test_special_cards_and_titles() -> None:
    assert (str(SPADILLE), str(BASTO), str(PAM)) == ("As", "Ac", "Jc")
    assert SPADILLE.title() == "Spadille" and BASTO.title(Suit.HEARTS) == "Basto"
    assert Card.parse("2s").title(Suit.SPADES) == "Manille"
    assert Card.parse("2s").title(Suit.CLUBS) is None
    assert Card.parse("7h").title(Suit.HEARTS) == "Manille"
    assert Card.parse("Ah").title(Suit.HEARTS) == "Punto"
    assert Card.parse("Ad").title(Suit.HEARTS) is None
    assert PAM.title(Suit.CLUBS) is None  # Pam is only a plain club in Ombre (Pope iii.61)


def test_spoken_names_for_screen_readers() -> None:
    assert Card.parse("Ks").spoken() == "the King of Spades"
    assert SPADILLE.spoken() == "Spadille, the Ace of Spades"
    assert Card.parse("7d").spoken(Suit.DIAMONDS) == "Manille, the Seven of Diamonds"


def test_parse_and_format_lists() -> None:
    cards = parse_cards("As, 2s  Ac\tKh")
    assert format_cards(cards) == "As 2s Ac Kh"
    assert parse_cards(["Kd", "Qd"]) == [Card("K", "d"), Card("Q", "d")]
    assert parse_cards("") == []


def test_suits() -> None:
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.SPADES.is_black and Suit.DIAMONDS.is_red
    assert Suit.CLUBS.plural == "clubs" and Suit.CLUBS.singular == "club"
    assert str(Suit.HEARTS) == "h" and Suit.HEARTS.symbol == "♥"
    with pytest.raises(CardError, match="unknown suit"):
        Suit.parse("cups")


def test_cards_are_ordered_and_hashable() -> None:
    assert sorted([Card.parse("Kd"), Card.parse("As")]) == [Card.parse("As"), Card.parse("Kd")]
    assert len({Card.parse("As"), SPADILLE}) == 1
    assert Card.parse("Kh").bit == 1 << 29


# --------------------------------------------------------------------------- nonsense refused, texts accepted


@pytest.mark.parametrize("text", ["Kings", "Aces", "Sevens", "Queens?", "kingofspades"])
def test_a_rank_word_glued_to_more_letters_is_not_a_card(text: str) -> None:
    with pytest.raises(CardError, match="a rank word needs its suit after a space"):
        parse_card(text)


def test_rank_words_with_a_space_and_rank_letters_still_read() -> None:
    assert [str(parse_card(t)) for t in ("king of spades", "king spades", "K of spades", "Ks", "K♠")] == [
        "Ks"
    ] * 5
    assert str(parse_card("seven of hearts")) == "7h" and str(parse_card("two hearts")) == "2h"


@pytest.mark.parametrize("index", [-1, 40, True, 1.0])
def test_from_index_only_from_0_to_39(index: object) -> None:
    with pytest.raises(CardError, match="a card's index runs from 0 to 39"):
        Card.from_index(index)  # type: ignore[arg-type]


def test_from_index_ends() -> None:
    assert (str(Card.from_index(0)), str(Card.from_index(39))) == ("As", "Kd")


def test_the_trump_may_be_given_as_text() -> None:
    assert Card.parse("2s").title("s") == "Manille"
    assert Card.parse("7h").title("hearts") == "Manille"
    assert Card.parse("Ah").spoken("♥") == "Punto, the Ace of Hearts"
    assert str(Card.parse("manille", trump="h")) == "7h"
    assert str(parse_card("punto", trump="diamonds")) == "Ad"
    with pytest.raises(CardError, match="unknown suit 'x'"):
        Card.parse("2s").title("x")


def test_the_shared_conversions() -> None:
    assert as_suit("spades") is Suit.SPADES and as_suit(Suit.CLUBS) is Suit.CLUBS
    assert as_card("king of hearts") == Card("K", Suit.HEARTS) and as_card(SPADILLE) is SPADILLE
    assert as_cards("As, Kh") == (SPADILLE, Card("K", Suit.HEARTS))
    assert as_cards([SPADILLE, "2s"]) == (SPADILLE, Card("2", Suit.SPADES))
    with pytest.raises(
        TypeError, match=r"^trump: expected a Suit or a suit's text such as 'spades', not int 3$"
    ):
        as_suit(3, "trump")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^Play: expected a Card or a card's text such as 'As', not int 12$"):
        as_card(12, what="Play")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected cards"):
        as_cards(SPADILLE)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="unknown suit 'x'"):
        as_suit("x")


# --------------------------------------------------------------------------- the parsers name what they got


@pytest.mark.parametrize(
    ("call", "kind", "fragments"),
    [
        (lambda: parse_cards(None), TypeError, ("parse_cards: expected a text", "NoneType None")),
        (lambda: parse_cards(5), TypeError, ("parse_cards: expected a text", "int 5")),
        (lambda: parse_cards(b"As"), TypeError, ("parse_cards: expected a text", "bytes b'As'")),
        (lambda: parse_cards(bytearray(b"As")), TypeError, ("parse_cards: expected a text", "bytearray")),
        (lambda: parse_cards(SPADILLE), TypeError, ("parse_cards: expected a text", "Card")),
        (lambda: parse_cards(["As", 3]), TypeError, ("parse_cards: expected a Card", "int 3")),
        (lambda: parse_cards(["As", "Zz"]), CardError, ("'Zz'",)),
        (lambda: Card(1, 2), TypeError, ("rank: expected a rank letter", "int 1")),
        (lambda: Card("K", 2), TypeError, ("suit: expected a Suit", "int 2")),
        (lambda: Card("K", None), TypeError, ("suit: expected a Suit", "NoneType None")),
        (lambda: Card("8", "s"), CardError, ("unknown rank '8'",)),
        (lambda: Suit.parse(None), TypeError, ("Suit.parse: expected a suit's text", "NoneType None")),
    ],
)
def test_parsers_name_what_they_got(
    call: Callable[[], object], kind: type[Exception], fragments: tuple[str, ...]
) -> None:
    with pytest.raises(kind) as info:
        call()
    assert all(f in str(info.value) for f in fragments), str(info.value)


def test_parse_cards_takes_cards_and_texts_mixed() -> None:
    assert parse_cards([SPADILLE, "Kh", ""]) == [SPADILLE, Card("K", Suit.HEARTS)]
    assert parse_cards(c for c in parse_cards("2s 7h")) == parse_cards("2s 7h")
    assert parse_cards(["manille", SPADILLE], trump="h") == parse_cards("7h As")
    assert Card("K", "hearts") == Card.parse("Kh")
