"""A Pygments lexer for game records (``.omb``), and the fenced block a book page shows one in.

The format is described in :mod:`ombre.engine.record`. The lexer gives each piece of a record the
token a Pygments style colours:

- ``[`` and ``]`` of a tag, the ``/`` between hands and turns: ``Punctuation``;
- a tag's name (``Players``): ``Name.Tag``; its value: ``String.Double`` (``String.Escape`` for
  an escaped quotation mark or backslash);
- a comment in braces or after ``;``: ``Comment.Multiline``, ``Comment.Single``;
- ``Bidding:``, ``Trump:``, ``Exchange:`` and ``Vole``: ``Keyword``;
- a bid, the trump's suit and the value of ``[Result]``, the game's own words: ``Name.Builtin``;
- ``discard``, ``take``, ``refuse``: ``Keyword.Pseudo``;
- a card (``As``, ``7h``, ``K♠``): ``Name.Constant``, its conjecture mark ``?`` an ``Operator``;
  a card nobody knows (``??``): ``Keyword.Constant``;
- a trick's number (``1.``): ``Number.Integer``, then ``Punctuation``.

Anything the reader would refuse as a word (``Jx``, a stray ``}``, a result that is not one)
is an ``Error`` token, so the highlighting shows a mistake where the reader will report it.

It is registered as the Pygments plugin ``omb`` (entry point ``pygments.lexers`` in
``pyproject.toml``; aliases ``omb``, ``ombre-record``, files ``*.omb``), and the book's Sphinx
extension adds it too, so that the book finds it in a tree that was not reinstalled.

>>> from pygments.token import Name, Number
>>> tokens = list(OmbreRecordLexer().get_tokens("1. As 7h? ??\\n"))
>>> tokens[:2]
[(Token.Literal.Number.Integer, '1'), (Token.Punctuation, '.')]
>>> [value for token, value in tokens if token in Name.Constant]
['As', '7h']
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

# Pygments ships no type hints (and typeshed's stubs are not among the pinned tools)
from pygments.lexer import RegexLexer, bygroups, default, words  # type: ignore[import-untyped]
from pygments.token import (  # type: ignore[import-untyped]
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

__all__ = ["OmbreRecordLexer", "record_markdown", "RECORD_LANGUAGE"]

#: The language name of a fenced record block (``omb``), the lexer's first alias.
RECORD_LANGUAGE = "omb"

# a word ends where the reader's word does (whitespace, a comment, a tag, a slash) or at a quote
_END = r"(?=[\s{};\[\]/\"]|$)"
_SUIT = "schd♠♣♥♦♤♧♡♢"
_CARD = rf"((?:10|[A2-7JQK1])[{_SUIT}])(\??){_END}"
_BIDS = ("pass", "play", "sans-prendre", "sans_prendre", "sansprendre")  # as the reader's aliases
_EXCHANGE_WORDS = ("discards", "discard", "takes", "take", "refuses", "refuse")
_TAG_OPEN = r"(\[)(\s*)({name})(\s*)(\")"
_Rules = list[Any]  # Pygments' rules: (regex, token or callback[, next state]), default(...)


def _cards() -> _Rules:
    """The rules shared by the movetext and the ``[Deal]`` value: cards and the unknown card."""
    return [
        (r"\?\?" + _END, Keyword.Constant),
        (_CARD, bygroups(Name.Constant, Operator)),
        (r"/", Punctuation),
    ]


class OmbreRecordLexer(RegexLexer):  # type: ignore[misc]
    """Pygments lexer for Ombre game records (the ``.omb`` format of :mod:`ombre.engine.record`)."""

    name = "Ombre game record"
    aliases: ClassVar[list[str]] = [RECORD_LANGUAGE, "ombre-record"]
    filenames: ClassVar[list[str]] = ["*.omb"]
    mimetypes: ClassVar[list[str]] = ["text/x-ombre-record"]
    # section names and words are read in any case (the reader's rule)
    flags = re.IGNORECASE | re.MULTILINE

    tokens: ClassVar[dict[str, _Rules]] = {
        "root": [
            (r"\s+", Whitespace),
            (r"\{", Comment.Multiline, "comment"),
            (r";.*?$", Comment.Single),
            (
                _TAG_OPEN.format(name="Deal"),
                bygroups(Punctuation, Whitespace, Name.Tag, Whitespace, String.Double),
                ("tag-end", "deal"),
            ),
            (
                _TAG_OPEN.format(name="Result"),
                bygroups(Punctuation, Whitespace, Name.Tag, Whitespace, String.Double),
                ("tag-end", "result"),
            ),
            (
                _TAG_OPEN.format(name="[A-Za-z][A-Za-z0-9_]*"),
                bygroups(Punctuation, Whitespace, Name.Tag, Whitespace, String.Double),
                ("tag-end", "string"),
            ),
            (r"(trump)(:)", bygroups(Keyword, Punctuation), "trump"),
            (r"(bidding|exchange)(:)", bygroups(Keyword, Punctuation)),
            (r"vole" + _END, Keyword),
            (r"(\d+)(\.)", bygroups(Number.Integer, Punctuation)),
            (words(_BIDS, suffix=_END), Name.Builtin),
            (words(_EXCHANGE_WORDS, suffix=_END), Keyword.Pseudo),
            *_cards(),
            (r"[^\s{};\[\]/\"]+|.", Error),
        ],
        "trump": [
            (r"[ \t]+", Whitespace),
            (words(("spades", "clubs", "hearts", "diamonds", *_SUIT), suffix=_END), Name.Builtin, "#pop"),
            default("#pop"),
        ],
        "comment": [
            (r"\\[{}\\]", Comment.Multiline),  # an escaped brace or backslash
            (r"\}", Comment.Multiline, "#pop"),
            (r"\{", Error),  # the reader takes it for a comment whose '}' is missing
            (r"[^{}\\]+|\\", Comment.Multiline),
        ],
        "string": [
            (r"\\[\\\"]", String.Escape),
            (r"\"", String.Double, "#pop"),
            (r"[^\"\\]+|\\", String.Double),
        ],
        "deal": [
            (r"\s+", Whitespace),
            (r"\"", String.Double, "#pop"),
            *_cards(),
            (r"[^\s\"/]+", Error),
        ],
        "result": [
            (words(("win", "codille", "repuesto", "vole", "passed"), suffix=r"(?=\")"), Name.Builtin),
            (r"\*(?=\")", Name.Builtin),
            (r"\"", String.Double, "#pop"),
            (r"[^\"]+", Error),
        ],
        "tag-end": [
            (r"\s+", Whitespace),
            (r"\]", Punctuation, "#pop"),
            (r"[^\]\s]+", Error),
        ],
    }


def record_markdown(text: str) -> str:
    """A record as a fenced Markdown block in the ``omb`` language, for a book cell's output.

    A cell that shows ``Markdown(record_markdown(text))`` gets the record highlighted by this
    lexer, as a page's own fenced block in the ``omb`` language is; the fence is longer than any
    run of backticks in the record, so a comment cannot close it.

    >>> print(record_markdown('[Rules "1665"]\\n'))
    ```omb
    [Rules "1665"]
    ```
    """
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{RECORD_LANGUAGE}\n{text.rstrip(chr(10))}\n{fence}"
