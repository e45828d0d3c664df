"""Reading and judging answers: numbers as students write them, and when a number is close enough.

:func:`parse_number` reads ``12``, ``8th``, ``9/40``, ``9 in 40``, ``22.5%``, ``1 in 118`` or
``1 out of 118`` or ``twelve``; :func:`numbers_match`
says whether it agrees with the exact answer, by the rule the static pages' script also uses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction

from ombre.errors import OmbreError

__all__ = ["ExerciseError", "parse_number", "numbers_match", "COUNT_WORDS"]


class ExerciseError(OmbreError, ValueError):
    """An answer that cannot be read, or an unknown exercise, set or kind."""


def _show_number(x: Fraction | float) -> str:
    """``12``, ``9/40``, or a decimal for a float."""
    if isinstance(x, Fraction):
        if x.denominator == 1:
            return f"{x.numerator:,}" if abs(x.numerator) >= 10_000 else str(x.numerator)
        return f"{x.numerator}/{x.denominator}"
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.6g}"


_NUM_RE = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_THOUSANDS_RE = re.compile(r"[1-9]\d{0,2}(,\d{3})+(\.\d*)?")
#: odds, ``1 in N``, ``1 out of N`` or ``1/N``: a chance written so is compared by its ``N``
_ODDS_RE = re.compile(r"(?:about)?1(?:in|outof|/)(\d+(?:\.\d*)?)")
#: ``9 in 40``, ``9 out of 40``: a fraction in words
_RATIO_RE = re.compile(r"(?:about)?(\d+(?:\.\d*)?)(?:in|outof)(\d+(?:\.\d*)?)")
#: a place, ``8th``, ``1st``, ``22nd``, ``3rd``: the number
_ORDINAL_RE = re.compile(r"(\d+)(?:st|nd|rd|th)")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six")
#: a count in words, ``twelve``, ``twenty-one``, ``a hundred and twelve`` (0 to 999): the words, and
#: the pattern they make once an answer's spaces are dropped (the pages' script builds
#: its own from the same words, :data:`COUNT_WORDS`)
COUNT_WORDS: dict[str, int] = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen".split()
    )
} | {w: 10 * n for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}


def _count_pattern(words: Iterable[str]) -> str:
    """The regular expression of a count in words (longest words first, so *seventeen* is not *seven*)."""
    units = "|".join(sorted((w for w in words if COUNT_WORDS[w] < 20 and w != "zero"), key=len, reverse=True))
    tens = "|".join(w for w in words if COUNT_WORDS[w] >= 20)
    return rf"^(?:(?:(a|{units})hundred(?:and)?)?(?:({tens})-?)?({units})?|zero)$"


_WORDS_RE = re.compile(_count_pattern(COUNT_WORDS))


def _count_in_words(text: str) -> int | None:
    """``twentyone`` (a normalised answer) as 21; None if it is not a count in words.

    >>> [_count_in_words(w) for w in ("twelve", "twenty-one", "ahundredandtwelve", "zero", "", "hundred")]
    [12, 21, 112, 0, None, None]
    """
    m = _WORDS_RE.fullmatch(text)
    if not m or not text:
        return None
    hundreds, tens, units = m.groups()
    if text == "zero":
        return 0
    return (
        (100 * (1 if hundreds == "a" else COUNT_WORDS[hundreds]) if hundreds else 0)
        + (COUNT_WORDS[tens] if tens else 0)
        + (COUNT_WORDS[units] if units else 0)
    )


def _comma(m: re.Match[str]) -> str:
    """One run of digits, points and commas, its commas read: thousands (``273,438,880``) if they
    group the digits in threes, a decimal comma (``0,225``) if there is one and no point; any other
    comma is left in, and the text cannot be read."""
    tok = m.group(0)
    if "," not in tok:
        return tok
    if _THOUSANDS_RE.fullmatch(tok):
        return tok.replace(",", "")
    if tok.count(",") == 1 and "." not in tok:
        return tok.replace(",", ".")
    return tok


def _normalised(raw: str) -> str:
    """The answer as :func:`parse_number` reads it: lower case, no spaces or ``_``, commas read."""
    text = re.sub(r"[\s\ufeff_]", "", raw.lower())
    return re.sub(r"[\d.,]+", _comma, text)


def _is_odds(raw: str) -> bool:
    """True if the answer is written as odds: ``1 in N``, ``1 out of N`` or ``1/N``."""
    return _ODDS_RE.fullmatch(_normalised(raw)) is not None


def parse_number(response: str | int | float | Fraction) -> Fraction:
    """Read a numeric answer: ``12``, ``273,438,880``, ``0.225``, ``9/40``, ``22.5%``, ``1 in 118``,
    ``1 out of 118``, ``9 in 40``, a place, ``8th``, or a count in words, ``twelve``.

    A comma groups thousands when it stands between groups of three digits
    (``273,438,880``, not ``0,225``); otherwise a single comma in a number
    without a point is a decimal comma (``0,225``, ``22,5%``).  Any other
    comma makes the answer unreadable, rather than being guessed at.

    >>> parse_number("9/40"), parse_number("22.5%"), parse_number("1 in 4")
    (Fraction(9, 40), Fraction(9, 40), Fraction(1, 4))
    >>> parse_number("273,438,880"), parse_number("0,225"), parse_number("22,5 %")
    (Fraction(273438880, 1), Fraction(9, 40), Fraction(9, 40))
    >>> parse_number("9 in 40"), parse_number("1 out of 118"), parse_number("8th")
    (Fraction(9, 40), Fraction(1, 118), Fraction(8, 1))
    >>> parse_number("twelve"), parse_number("Twenty-One"), parse_number("a hundred and twelve")
    (Fraction(12, 1), Fraction(21, 1), Fraction(112, 1))
    >>> parse_number("lots")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ombre.teaching.answers.ExerciseError: cannot read 'lots' as a number (e.g. 12, twelve, 0.375, ...)
    """
    if isinstance(response, bool):
        raise ExerciseError("a number is needed, not True or False")
    if isinstance(response, (int, Fraction)):
        return Fraction(response)
    if isinstance(response, float):
        if not math.isfinite(response):
            raise ExerciseError(f"{response} is not a number that can be checked")
        return Fraction(response)
    raw = response.strip()
    text = _normalised(raw)
    try:
        m = _ODDS_RE.fullmatch(text)
        if m:
            d = Fraction(m.group(1))
            if d == 0:
                raise ZeroDivisionError
            return 1 / d
        m = _RATIO_RE.fullmatch(text)
        if m:
            return Fraction(m.group(1)) / Fraction(m.group(2))
        m = _ORDINAL_RE.fullmatch(text)
        if m:
            return Fraction(m.group(1))
        if text.endswith("%") and _NUM_RE.match(text[:-1]):
            return Fraction(text[:-1]) / 100
        if "/" in text:
            a, b = text.split("/", 1)
            if _NUM_RE.match(a) and _NUM_RE.match(b):
                return Fraction(a) / Fraction(b)
        if _NUM_RE.match(text):
            return Fraction(text)
        count = _count_in_words(text)
        if count is not None:
            return Fraction(count)
    except ZeroDivisionError:
        raise ExerciseError(f"{raw!r} divides by zero") from None
    raise ExerciseError(
        f"cannot read {raw!r} as a number (e.g. 12, twelve, 0.375, 3/8, 37.5%, 1 in 4 or 8th)"
    )


def _pow10(e: int) -> float:
    """``10 ** e`` as the static pages' script computes it (a negative power by division)."""
    return float(10**e) if e >= 0 else 1 / float(10**-e)


def _half_unit(x: float, figures: int) -> float:
    """Half a unit in the last of ``figures`` significant figures of ``x`` (``x`` not 0)."""
    e = math.floor(math.log10(abs(x)))
    if _pow10(e) > abs(x):
        e -= 1
    elif _pow10(e + 1) <= abs(x):
        e += 1
    return 0.5 * _pow10(e - figures + 1)


def numbers_match(
    value: Fraction | float,
    answer: Fraction | float,
    tolerance: float = 0.0,
    rel_tolerance: float = 0.0,
    sig_figs: int = 0,
    *,
    odds: bool = False,
) -> bool:
    """True if ``value`` is close enough to ``answer``; the static pages' script uses the same rule.

    Close enough is ``|value - answer| <= max(tolerance, rel_tolerance * |answer|) + e``, with
    ``e = 1e-9 * max(1, |answer|)`` for rounding errors; or, with ``sig_figs``, agreeing with
    ``answer`` to that many significant figures: within half a unit of the last of them, so that
    both roundings of a midpoint count (0.22 and 0.23 for 0.225).  An answer written as odds
    (``odds``: ``1 in N``, ``1/N``) is compared by its ``N``, so ``1 in 120`` and ``1/120`` are 117.6
    to two figures.

    >>> numbers_match(Fraction(1, 118), Fraction(21, 2470), rel_tolerance=0.01)
    True
    >>> numbers_match(0.23, Fraction(9, 40), rel_tolerance=0.01)
    False
    >>> [numbers_match(v, Fraction(9, 40), sig_figs=2) for v in (0.22, 0.23, 0.2, 0.24)]
    [True, True, False, False]
    >>> numbers_match(Fraction(1, 120), Fraction(21, 2470), sig_figs=2, odds=True)
    True
    """
    a, v = float(answer), float(value)
    if abs(v - a) <= max(tolerance, rel_tolerance * abs(a)) + 1e-9 * max(1.0, abs(a)):
        return True
    if not sig_figs or a == 0:
        return False
    if odds and v != 0:
        a, v = 1 / a, 1 / v
    return abs(v - a) <= _half_unit(a, sig_figs) + 1e-9 * max(1.0, abs(a))
