"""The Pygments lexer of game records: every shipped record tokenises without an error token, the
pieces of a record get their tokens, and a mistake the reader refuses is an error token."""

from __future__ import annotations

import tomllib
from importlib import import_module
from pathlib import Path

import pytest
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, String, _TokenType

from ombre.display.lexer import RECORD_LANGUAGE, OmbreRecordLexer, record_markdown
from ombre.engine.record import example_text, read_record, read_records

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(
    [
        *(ROOT / "ombre/engine/record/examples").glob("*.omb"),
        *(ROOT / "ombre/belinda/records").glob("*.omb"),
        *(ROOT / "tests/data/golden").glob("*.omb"),
    ]
)


def tokens(text: str) -> list[tuple[_TokenType, str]]:
    return [(t, v) for t, v in OmbreRecordLexer().get_tokens(text) if v.strip()]


def values(text: str, kind: _TokenType) -> list[str]:
    """The values of the tokens of exactly this type (``Keyword``, not ``Keyword.Pseudo``)."""
    return [v for t, v in tokens(text) if t is kind]


def test_every_record_is_shipped_and_checked() -> None:
    assert len(SHIPPED) >= 14  # 2 examples, 3 readings of Belinda's game, 9 golden records


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_record_has_no_error_token(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    all_tokens = list(OmbreRecordLexer().get_tokens(text))
    assert "".join(v for _, v in all_tokens).rstrip("\n") == text.rstrip("\n")  # nothing dropped
    assert [(t, v) for t, v in all_tokens if t in Error] == []
    assert 'class="err"' not in highlight(text, OmbreRecordLexer(), HtmlFormatter())
    # every card of the record is a card token: the deal's 40, the exchange's, the tricks'
    [game] = read_records(text)
    turns = game.exchange.entries if game.exchange else ()
    exchanged = sum(len(e.discards) + len(e.takes or ()) for e in turns)
    played = sum(len(t.cards) for t in game.tricks)
    cards = values(text, Name.Constant) + values(text, Keyword.Constant)
    assert len(cards) == 40 + exchanged + played


def test_the_pieces_of_the_specimen() -> None:
    text = example_text("specimen.omb")
    game = read_record(text)
    assert values(text, Name.Tag) == ["Event", "Source", "Rules", "Players", "Dealer", "Deal", "Result"]
    assert values(text, Keyword) == ["Bidding", "Trump", "Exchange"]
    assert values(text, Name.Builtin) == ["win", "play", "pass", "pass", "spades"]
    assert values(text, Keyword.Pseudo) == ["discard", "take", "discard", "discard"]
    assert values(text, Number.Integer) == [str(n) for n in range(1, 10)]
    comments = "".join(values(text, Comment.Multiline))
    assert comments.count("{") == comments.count("}") == 5  # the game, two sections, two tricks
    assert "Cat deals, so Ann" in comments and "Four tricks in a row" in comments
    assert values(text, Comment.Single) == ["; Ann 5, Ben 3, Cat 1: a plain win."]
    assert '"Ann; Ben; Cat"' in "".join(values(text, String.Double))  # a ';' in a tag is not a comment
    assert values(text, Name.Constant)[-3:] == [str(c) for c in game.tricks[-1].cards]


def test_unknown_and_conjectural_cards_and_the_vole() -> None:
    fragment = example_text("fragment.omb")
    assert values(fragment, Keyword.Constant) == ["??"] * 13
    game = read_record(fragment)
    played = [c for t in game.tricks for c in t.cards]
    marked = [c for c in (*game.deal.all_cards(), *played) if c.conjectural]
    assert len(values(fragment, Operator)) == len(marked) == 8
    vole = (ROOT / "tests/data/golden/vole-declared-1665.omb").read_text(encoding="utf-8")
    assert "Vole" in values(vole, Keyword)
    assert values(vole, Name.Builtin)[0] == "vole"  # the [Result]


@pytest.mark.parametrize(
    ("mistake", "error"),
    [
        ("1. As 2s Jx\n", "Jx"),  # not a card
        ("Bidding: plays\n", "plays"),  # not a bid
        ('[Result "won"]\n', "won"),  # not a result
        ('[Deal "As Kx / ?? / ?? / ??"]\n', "Kx"),  # not a card of the deal
        ("1. As }\n", "}"),  # a brace that was never opened
        ("{ a { b }\n", "{"),  # the reader's missing '}'
    ],
)
def test_a_mistake_is_an_error_token(mistake: str, error: str) -> None:
    assert values(mistake, Error) == [error]


def test_escapes_and_case() -> None:
    assert values(r'[Event "The \"Royal\" Game"]', String.Escape) == [r"\"", r"\""]
    assert values(r"{ a \{ brace \} }", Error) == []
    assert values("BIDDING: Play PASS\ntrump: S\n", Name.Builtin) == ["Play", "PASS", "S"]


def test_the_entry_point_names_this_lexer() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    target = pyproject["project"]["entry-points"]["pygments.lexers"]["ombre"]
    module, name = target.split(":")
    assert getattr(import_module(module), name) is OmbreRecordLexer
    assert OmbreRecordLexer.aliases[0] == RECORD_LANGUAGE == "omb"
    assert "*.omb" in OmbreRecordLexer.filenames


def test_record_markdown_fences_a_record_that_holds_backticks() -> None:
    block = record_markdown("{ ```not a fence``` }\n")
    assert block.startswith("````omb\n") and block.endswith("\n````")
