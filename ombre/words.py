r"""Small helpers for the English the package writes, shared by every layer (they import nothing).

>>> capitalise("the Baron wins"), possessive("Belinda"), possessive("Ombres"), plural(1, "mark")
('The Baron wins', "Belinda's", "Ombres'", '1 mark')
>>> listed(["Spadille"]), listed(["Spadille", "Manille", "Basto"])
('Spadille', 'Spadille, Manille and Basto')

Text that came from a user's file is shown with its control characters escaped (:func:`visible`),
and a message shortens what it echoes of the input (:func:`shortened`):

>>> print(visible("Ann\x1b[2J"), shortened("unknown tag 'Ev" + "e" * 200 + "nt'", limit=8))
Ann\u001b[2J unknown tag 'Eveeeee… (198 more characters)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = [
    "capitalise",
    "possessive",
    "plural",
    "listed",
    "visible",
    "shortened",
    "typographic",
    "minus_signs",
    "signed",
    "CONTROL",
    "MINUS",
]


def capitalise(text: str) -> str:
    """``text`` with its first letter made capital, the rest untouched (unlike ``str.capitalize``).

    >>> capitalise("the King of Hearts")
    'The King of Hearts'
    """
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """``Belinda's``; a name ending in *s* takes the apostrophe alone."""
    return name + ("'" if name.endswith("s") else "'s")


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an *s* unless ``n`` is one: ``plural(3, "counter")`` is ``3 counters``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def listed(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: one or more words in a sentence."""
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


#: What must not reach a terminal or a reader raw: the C0 controls (escape sequences, bells, line
#: ends), DEL, the C1 controls (including NEL), the line and paragraph separators, the bidi controls
#: that reorder the text around them (LRM, RLM, ALM, embeddings, overrides, isolates), the byte
#: order mark, and lone surrogates (an undecodable file name; they cannot even be written).
CONTROL = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
)

# the short escapes that JSON and Python share; every other control is written \uXXXX (valid in a
# JSON string too, so that escaping JSON output leaves it JSON)
_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def visible(text: str, keep: str = "") -> str:
    r"""``text`` with every :data:`CONTROL` character but those in ``keep`` shown as an escape.

    >>> visible("Ann\u202e; Ben\nCat\x85")
    'Ann\\u202e; Ben\\nCat\\u0085'
    >>> print(visible("one\ntwo\tthree", keep="\n"))
    one
    two\tthree
    """

    def escape(match: re.Match[str]) -> str:
        ch = match.group()
        if ch in keep:
            return ch
        return _SHORT.get(ch) or f"\\u{ord(ch):04x}"

    return CONTROL.sub(escape, text)


def shortened(text: str, limit: int = 80) -> str:
    """``text`` with each run of more than ``limit`` characters without a space cut to ``limit``
    and the count of the rest, so that a message does not echo a whole huge word of the input.

    >>> shortened("not a bid: " + "x" * 1000, limit=10)
    'not a bid: xxxxxxxxxx… (990 more characters)'
    """
    return re.sub(
        rf"\S{{{limit + 1},}}",
        lambda m: f"{m.group()[:limit]}… ({len(m.group()) - limit:,} more characters)",
        text,
    )


def typographic(text: str) -> str:
    r"""A quotation from a web copy set as print sets it: ``--`` (and a hyphen after a space where a dash
    stands, ``heart -``) as an em dash, straight quotes as curly ones.  For display only: the source's
    text stays as it is.

    >>> typographic("a club or a diamond--spades are played out--Belinda's King")
    'a club or a diamond—spades are played out—Belinda’s King'
    >>> print(typographic('"Thus is she \'between the jaws of ruin.\' But a heart -"'))
    “Thus is she ‘between the jaws of ruin.’ But a heart—”
    >>> typographic('his hand-- five Matadores, "Pa.s.s," he said')
    'his hand—five Matadores, “Pa.s.s,” he said'
    """
    text = re.sub(r"\s*--\s*|\s+-(?=[\s\"']|$)\s*", "\u2014", text)
    text = re.sub(r'(^|[\s(\[\u2014])"(?=[\w\'])', "\\1\u201c", text).replace('"', "\u201d")
    text = re.sub(r"(^|[\s(\[\u2014\u201c])'(?=\w)", "\\1\u2018", text)
    return text.replace("'", "\u2019")


#: The minus sign (U+2212), as print sets a negative number; a hyphen is shorter and sits lower.
MINUS = "\u2212"


def minus_signs(text: str) -> str:
    """``text`` for display with each negative number's hyphen set as a minus sign (:data:`MINUS`).

    Only a hyphen that starts a number is one: a split of the tricks (``4-4-1``), a range of pages
    (``iii.3-5``) and a hyphenated word keep theirs.

    >>> minus_signs("Baron -15 counters, Knight +15 (-1.5 a hand); 4-4-1, iii.3-5, seat-2")
    'Baron −15 counters, Knight +15 (−1.5 a hand); 4-4-1, iii.3-5, seat-2'
    """
    return re.sub(r"(?<![\w.\-\u2212])-(?=\d)", MINUS, text)


def signed(number: float, places: int = 0) -> str:
    """``number`` with its sign, a gain or a loss, to ``places`` decimals, a loss with a minus sign.

    A number that rounds to zero has no sign (not ``-0.0``).

    >>> signed(30), signed(-15), signed(-39.84, 1), signed(0.04, 1), signed(-0.04, 1)
    ('+30', '−15', '−39.8', '0.0', '0.0')
    """
    text = f"{number:+.{places}f}"
    if not text.strip("+-0."):
        return text[1:]
    return minus_signs(text)
