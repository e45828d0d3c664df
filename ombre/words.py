"""Small helpers for the English the package writes, shared by every layer (they import nothing).

>>> capitalise("the Baron wins"), possessive("Belinda"), possessive("Ombres"), plural(1, "mark")
('The Baron wins', "Belinda's", "Ombres'", '1 mark')
>>> listed(["Spadille"]), listed(["Spadille", "Manille", "Basto"])
('Spadille', 'Spadille, Manille and Basto')
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["capitalise", "possessive", "plural", "listed"]


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
