"""Exercises for the classroom: seeded generators, answer checking, and feedback that explains why.

An :class:`Exercise` is a question with either choices (one of them right)
or a numeric answer, a worked solution, a hint, and the source of the rule
it practises.  Every answer and every explanation is computed by the engine
(:mod:`ombre.engine.rules`, :mod:`ombre.engine.payments`, :mod:`ombre.engine.players`,
:mod:`ombre.engine.solver`, :mod:`ombre.engine.probability`), never typed in by hand, so the
exercises cannot disagree with the rules the rest of the book uses.

Each *kind* of exercise has a generator: ``generate(kind, seed)`` gives a
fresh question for every seed, and the same question for the same seed.
The exercise *sets* of the book (:data:`SET_SPECS`, :func:`exercise_set`)
are fixed selections of kinds and seeds; :func:`exercise_set` with another
seed gives a fresh version of a whole set.

>>> ex = generate("order.count", seed=3)
>>> ex.prompt
'When diamonds are trumps, how many trumps are there in the pack?'
>>> ex.check("11").correct, ex.check("12").correct
(False, True)
>>> print(ex.check("12").message)  # doctest: +ELLIPSIS
Right. Diamonds are a red suit: ...
>>> len(all_sets()), sum(len(s.exercises) for s in all_sets())
(8, 41)
>>> find("order-1").kind
'order.count'
"""

from __future__ import annotations

import html
import itertools
import json
import math
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ombre.belinda import READING_TITLES, load_record, replay
from ombre.engine.cards import BASTO, DECK, PAM, SPADILLE, SUITS, Card, Suit
from ombre.engine.game import GameState
from ombre.engine.payments import settle
from ombre.engine.players import (
    Reckoning,
    advised_bid,
    advised_discards,
    reckon,
    strength,
    trump_candidates,
    trump_preference,
)
from ombre.engine.probability import (
    hands_count,
    p_all_matadors,
    p_card_with_player,
    p_holds_at_least,
    p_holds_card,
    p_some_matador,
)
from ombre.engine.rules import (
    Result,
    card_order,
    effective_suit,
    explain_play,
    is_trump,
    legal_plays,
    manille,
    matadors,
    plain_order,
    result_of,
    trick_winner,
    trump_order,
    why_illegal,
)
from ombre.engine.rulesets import get_rules
from ombre.engine.solver import Position, solve
from ombre.errors import OmbreError
from ombre.sources.texts import pope_passage

__all__ = [
    "ExerciseError",
    "Choice",
    "Feedback",
    "Exercise",
    "ExerciseSet",
    "SetSpec",
    "SET_SPECS",
    "SetPlan",
    "SET_PLANS",
    "set_plan",
    "GENERATORS",
    "generate",
    "exercise_set",
    "all_sets",
    "find",
    "check",
    "parse_number",
    "numbers_match",
    "SEATS",
]


class ExerciseError(OmbreError, ValueError):
    """An answer that cannot be read, or an unknown exercise, set or kind."""


#: Names for the three seats in the exercises, after Pope: Belinda and the two knights.
SEATS: tuple[str, str, str] = ("Belinda", "the Baron", "the Knight")


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One answer to choose; ``feedback`` says why it is right or wrong."""

    text: str
    correct: bool
    feedback: str


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer and the reason for it."""

    correct: bool
    message: str

    def __str__(self) -> str:
        return self.message

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """In a notebook ``check(...)`` shows the message alone (``repr`` keeps the fields)."""
        p.text(self.message)

    def _repr_html_(self) -> str:
        """The message, green when right and red when not (the widgets' colours).

        >>> Feedback(False, "Not right. <b>")._repr_html_()
        '<p style="color:#a3161c">Not right. &lt;b&gt;</p>'
        """
        colour = "#1b6e2d" if self.correct else "#a3161c"
        return f'<p style="color:{colour}">{html.escape(self.message)}</p>'


@dataclass(frozen=True)
class Exercise:
    """A question with choices or a numeric answer, its solution, and its source.

    ``number`` is the exact answer of a numeric question; an answer counts as
    right if it is within ``tolerance`` of it, or within ``rel_tolerance``
    of it as a fraction of its size, or if it agrees with it to ``sig_figs``
    significant figures (see :func:`numbers_match`; :attr:`precision` says so
    in words).
    ``mistakes`` are common wrong numbers with a word on each.
    """

    id: str
    kind: str
    prompt: str
    solution: str
    choices: tuple[Choice, ...] = ()
    number: Fraction | None = None
    tolerance: float = 0.0
    rel_tolerance: float = 0.0
    sig_figs: int = 0
    unit: str = ""
    hint: str = ""
    source: str = ""
    cards: tuple[Card, ...] = ()
    trump: Suit | None = None
    quote: tuple[tuple[int, str], ...] = ()
    mistakes: tuple[tuple[Fraction, str], ...] = ()
    note: str = ""
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.choices and self.number is not None:
            raise ExerciseError(f"exercise {self.id}: give choices or a number, not both")
        if not self.choices and self.number is None:
            raise ExerciseError(f"exercise {self.id}: it needs choices or a number")
        if self.choices and sum(c.correct for c in self.choices) != 1:
            raise ExerciseError(f"exercise {self.id}: exactly one choice must be right")

    @property
    def format(self) -> str:
        """``"choice"`` or ``"number"``."""
        return "choice" if self.choices else "number"

    @property
    def answer_index(self) -> int:
        """The position of the right choice (choice exercises only)."""
        for i, c in enumerate(self.choices):
            if c.correct:
                return i
        raise ExerciseError(f"exercise {self.id} has no choices")

    @property
    def precision(self) -> str:
        """How close a numeric answer must be, as a sentence for the question (empty: exactly).

        >>> find("probability-1").precision
        'Two significant figures are enough (0.67 or 67% for 2/3), or give it exactly.'
        >>> find("order-1").precision
        ''
        """
        if self.choices:
            return ""
        parts = []
        if self.sig_figs:
            n = self.sig_figs
            word = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
            figures = "significant figure is" if n == 1 else "significant figures are"
            example = f"{2 / 3:.{n}g} or {200 / 3:.{n}g}% for 2/3"
            parts.append(f"{word.capitalize()} {figures} enough ({example})")
        if self.rel_tolerance:
            parts.append(f"within {_show_number(Fraction(self.rel_tolerance * 100))}% is close enough")
        if self.tolerance:
            parts.append(f"within {_show_number(self.tolerance)} is close enough")
        if not parts:
            return ""
        text = "; ".join(parts)
        return f"{text[0].upper()}{text[1:]}, or give it exactly."

    @property
    def answer_text(self) -> str:
        """The right answer in words: the right choice, or the number (as a fraction when exact)."""
        if self.choices:
            return self.choices[self.answer_index].text
        assert self.number is not None
        return _show_number(self.number) + (f" {self.unit}" if self.unit else "")

    def check(self, response: str | int | float | Fraction) -> Feedback:
        """Judge an answer and explain the verdict.

        For a choice exercise the answer is the choice's letter (``"b"``), its
        position (``1``) or its text; for a numeric one a number, fraction
        (``"9/40"``), percentage (``"22.5%"``) or ``"1 in 118"``.

        >>> ex = generate("tricks.winner", seed=1)
        >>> ex.check("z")
        Traceback (most recent call last):
        ...
        ombre.teaching.ExerciseError: answer with a letter from a to c, or the choice's text
        """
        if self.choices:
            i = self._choice_index(response)
            c = self.choices[i]
            return Feedback(c.correct, ("Right. " if c.correct else "Not right. ") + c.feedback)
        assert self.number is not None
        value = parse_number(response)
        odds = isinstance(response, str) and _is_odds(response)
        close = (self.tolerance, self.rel_tolerance, self.sig_figs)
        if numbers_match(value, self.number, *close, odds=odds):
            return Feedback(True, "Right. " + self.solution)
        for wrong, why in self.mistakes:
            if numbers_match(value, wrong, *close, odds=odds):
                return Feedback(False, f"Not right. {why}")
        direction = "too high" if value > self.number else "too low"
        more = f" Hint: {self.hint}" if self.hint else ""
        return Feedback(False, f"Not right: {_show_number(value)} is {direction}.{more}")

    def _choice_index(self, response: str | int | float | Fraction) -> int:
        n = len(self.choices)
        if isinstance(response, int) and not isinstance(response, bool):
            if 0 <= response < n:
                return response
            raise ExerciseError(f"choice {response} does not exist: there are {n} (0 to {n - 1})")
        text = str(response).strip()
        low = text.lower().rstrip(").")
        if len(low) == 1 and "a" <= low <= chr(ord("a") + n - 1):
            return ord(low) - ord("a")
        for i, c in enumerate(self.choices):
            if c.text.strip().lower() == text.lower():
                return i
        raise ExerciseError(f"answer with a letter from a to {chr(ord('a') + n - 1)}, or the choice's text")

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description (used by the static HTML checks and the notebooks)."""
        d: dict[str, object] = {
            "id": self.id,
            "kind": self.kind,
            "format": self.format,
            "prompt": self.prompt,
            "solution": self.solution,
            "hint": self.hint,
            "source": self.source,
            "unit": self.unit,
            "quote": [list(q) for q in self.quote],
            "cards": [str(c) for c in self.cards],
            "trump": self.trump.value if self.trump else None,
        }
        if self.choices:
            d["choices"] = [
                {"text": c.text, "correct": c.correct, "feedback": c.feedback} for c in self.choices
            ]
        else:
            assert self.number is not None
            d["number"] = float(self.number)
            d["number_text"] = _show_number(self.number)
            d["tolerance"] = self.tolerance
            d["rel_tolerance"] = self.rel_tolerance
            d["sig_figs"] = self.sig_figs
            d["precision"] = self.precision
            d["mistakes"] = [[float(v), why] for v, why in self.mistakes]
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


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
_ODDS_RE = re.compile(r"(?:about)?1in(\d+(?:\.\d*)?)")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six")


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
    """True if the answer is written as odds, ``1 in N``."""
    return _ODDS_RE.fullmatch(_normalised(raw)) is not None


def parse_number(response: str | int | float | Fraction) -> Fraction:
    """Read a numeric answer: ``12``, ``273,438,880``, ``0.225``, ``9/40``, ``22.5%``, ``1 in 118``.

    A comma groups thousands when it stands between groups of three digits
    (``273,438,880``, not ``0,225``); otherwise a single comma in a number
    without a point is a decimal comma (``0,225``, ``22,5%``).  Any other
    comma makes the answer unreadable, rather than being guessed at.

    >>> parse_number("9/40"), parse_number("22.5%"), parse_number("1 in 4")
    (Fraction(9, 40), Fraction(9, 40), Fraction(1, 4))
    >>> parse_number("273,438,880"), parse_number("0,225"), parse_number("22,5 %")
    (Fraction(273438880, 1), Fraction(9, 40), Fraction(9, 40))
    >>> parse_number("lots")
    Traceback (most recent call last):
    ...
    ombre.teaching.ExerciseError: cannot read 'lots' as a number (e.g. 12, 0.375, 3/8, 37.5% or 1 in 4)
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
        if text.endswith("%") and _NUM_RE.match(text[:-1]):
            return Fraction(text[:-1]) / 100
        if "/" in text:
            a, b = text.split("/", 1)
            if _NUM_RE.match(a) and _NUM_RE.match(b):
                return Fraction(a) / Fraction(b)
        if _NUM_RE.match(text):
            return Fraction(text)
    except ZeroDivisionError:
        raise ExerciseError(f"{raw!r} divides by zero") from None
    raise ExerciseError(f"cannot read {raw!r} as a number (e.g. 12, 0.375, 3/8, 37.5% or 1 in 4)")


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
    (``odds``: ``1 in N``) is compared by its ``N``, so ``1 in 120`` is 117.6 to two figures.

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


@dataclass(frozen=True)
class ExerciseSet:
    """A titled set of exercises with an introduction and notes for the teacher."""

    key: str
    title: str
    intro: str
    exercises: tuple[Exercise, ...]
    notes: str
    seed: int = 0

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self.exercises)

    @property
    def title_in_text(self) -> str:
        """The title as it reads inside a sentence: only its first letter lowered, so names keep theirs.

        >>> exercise_set("pope").title_in_text
        "reading Pope's lines as plays"
        """
        return self.title[:1].lower() + self.title[1:]

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of exercise (the generators) the set draws on."""
        return frozenset(ex.kind for ex in self.exercises)

    def __len__(self) -> int:
        return len(self.exercises)


# ---------------------------------------------------------------------------
# Helpers for the generators
# ---------------------------------------------------------------------------


def _t(cards: Iterable[Card]) -> str:
    """Cards in compact symbol form: ``A♠ 2♠ K♥``."""
    return " ".join(c.symbol for c in cards)


def _name(card: Card, trump: Suit | None) -> str:
    """A card's spoken name with its symbol: ``Manille (2♠)``, ``the King of Hearts (K♥)``."""
    title = card.title(trump)
    return f"{title} ({card.symbol})" if title else f"the {card.name} ({card.symbol})"


def _cap(text: str) -> str:
    """``text`` with its first letter made capital (the rest untouched, unlike ``str.capitalize``)."""
    return text[:1].upper() + text[1:]


def _verdict(explanation: str) -> str:
    """``"legal: follows hearts"`` -> ``"It may: follows hearts."`` (and ``It may not`` for illegal)."""
    if explanation.startswith("illegal: "):
        return "It may not: " + explanation.removeprefix("illegal: ") + "."
    return "It may: " + explanation.removeprefix("legal: ") + "."


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _place(n: int) -> str:
    return {
        1: "first",
        2: "second",
        3: "third",
        4: "fourth",
        5: "fifth",
        6: "sixth",
        7: "seventh",
        8: "eighth",
        9: "ninth",
        10: "tenth",
        11: "eleventh",
        12: "twelfth",
    }[n]


def _shuffled(rng: random.Random, choices: Sequence[Choice]) -> tuple[Choice, ...]:
    out = list(choices)
    rng.shuffle(out)
    return tuple(out)


def _hand(rng: random.Random, n: int, exclude: Iterable[Card] = ()) -> list[Card]:
    pool = [c for c in DECK if c not in set(exclude)]
    return rng.sample(pool, n)


_ORDER_SRC = '1665, "Of the names of the Cards, and order in ranking them"'
_MATADOR_SRC = '1665, "Of playing Trumps" and "Of the Matadors"'
_END_SRC = '1665, "The End of the Game", "Of the Codillio", "Of the Repuesto"'
_ADVICE_SRC = '1665, "Of taking in" and "What Games are to be played"'
_TENACE_SRC = '1665, "General Rules", "Of the Tenaces" and "Of the Players playing his game"'

Generator = Callable[[random.Random, int], Exercise]
GENERATORS: dict[str, Generator] = {}


def _register(kind: str) -> Callable[[Generator], Generator]:
    def deco(fn: Generator) -> Generator:
        GENERATORS[kind] = fn
        return fn

    return deco


def _ex(kind: str, seed: int, **kw: object) -> Exercise:
    """An exercise with its id; common mistakes that equal the answer (or repeat) are left out."""
    number = kw.get("number")
    mistakes = kw.get("mistakes")
    if isinstance(mistakes, tuple):
        kw["mistakes"] = _distinct(*(m for m in mistakes if m[0] != number))
    return Exercise(id=f"{kind}#{seed}", kind=kind, seed=seed, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# 1. The order of the cards
# ---------------------------------------------------------------------------


@_register("order.count")
def _order_count(rng: random.Random, seed: int) -> Exercise:
    trump = SUITS[seed % 4] if seed < 4 else rng.choice(SUITS)
    n = len(trump_order(trump))
    colour = "black" if trump.is_black else "red"
    other = 12 if n == 11 else 11
    why = (
        f"{trump.plural.title()} are a {colour} suit: "
        + (
            "its ace is Spadille or Basto already, so the trumps are Spadille, Manille (the two), Basto, "
            "K, Q, J, 7, 6, 5, 4, 3"
            if trump.is_black
            else "the trumps are Spadille, Manille (the seven), Basto, Punto (the red ace), "
            "K, Q, J, 2, 3, 4, 5, 6"
        )
        + f': {n} cards. 1665: "of Black, there are but eleven Trumps, and of Red twelve".'
    )
    return _ex(
        "order.count",
        seed,
        prompt=f"When {trump.plural} are trumps, how many trumps are there in the pack?",
        number=Fraction(n),
        solution=why,
        hint="Count the suit's own cards, then remember that both black aces are always trumps.",
        mistakes=(
            (Fraction(10), "That is the number of cards in a suit; the black aces are trumps in every suit."),
            (
                Fraction(other),
                f"That is right for a {'red' if trump.is_black else 'black'} suit. "
                f"{trump.plural.title()} are {colour}.",
            ),
            (
                Fraction(n + 1),
                "Too many: a card of the trump suit that is also a black ace is not counted twice.",
            ),
        ),
        source=_ORDER_SRC,
        trump=trump,
    )


@_register("order.highest")
def _order_highest(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    trumps = list(trump_order(trump))
    plains = [c for c in DECK if not is_trump(c, trump)]
    # two trumps (maybe a matador) and two plain cards, among them the plain king
    cards = rng.sample(trumps[3:], 1) + rng.sample(trumps[:6], 1)
    while len(set(cards)) < 2:
        cards = rng.sample(trumps, 2)
    kings = [c for c in plains if c.rank == "K"]
    cards += [rng.choice(kings)] + rng.sample([c for c in plains if c.rank != "K"], 1)
    cards = list(dict.fromkeys(cards))
    rng.shuffle(cards)
    best = max(cards, key=lambda c: strength(c, trump))
    choices = []
    for c in cards:
        if c == best:
            place = trumps.index(c) + 1
            fb = f"{_cap(_name(c, trump))} is the {_place(place)} trump, higher than every other card shown."
        elif is_trump(c, trump):
            fb = (
                f"{_cap(_name(c, trump))} is a trump, but only the {_place(trumps.index(c) + 1)}; "
                "another card shown stands higher in the order of trumps."
            )
        else:
            fb = f"{_cap(_name(c, trump))} is not a trump when {trump.plural} are trumps: any trump beats it."
        choices.append(Choice(c.symbol, c == best, fb))
    order = ", ".join(c.symbol for c in trumps)
    return _ex(
        "order.highest",
        seed,
        prompt=f"{trump.plural.title()} are trumps. Which of these cards is the highest: {_t(cards)}?",
        choices=tuple(choices),
        solution=f"{_cap(_name(best, trump))}. The trumps from the top: {order}.",
        hint="Spadille (A♠) is always first, then Manille, then Basto (A♣).",
        source=_ORDER_SRC,
        trump=trump,
    )


@_register("order.position")
def _order_position(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    trumps = trump_order(trump)
    card = rng.choice(trumps[1:])
    place = trumps.index(card) + 1
    order = ", ".join(f"{i + 1}. {c.symbol}" for i, c in enumerate(trumps))
    mistakes = []
    if card.rank == "K":
        mistakes.append(
            (
                Fraction(1),
                "The king is the highest card of a plain suit, but among the trumps "
                "the matadors stand above him.",
            )
        )
    if not trump.is_black and card.rank in "23456":
        wrong = len(trumps) - (place - 8)
        mistakes.append(
            (
                Fraction(wrong),
                "In red trumps the small cards run the other way: the two is "
                "highest of them, the six lowest.",
            )
        )
    return _ex(
        "order.position",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. Counting Spadille as the 1st trump, "
            f"what place does {card.symbol} hold among the trumps?"
        ),
        number=Fraction(place),
        solution=f"{_cap(_name(card, trump))} is the {_place(place)} trump. The order: {order}.",
        hint=(
            "Spadille, Manille, Basto"
            + (", Punto" if not trump.is_black else "")
            + ", then the king, queen and knave, then the small cards"
            + (
                " from the two up (red: the least are best)."
                if not trump.is_black
                else " from the seven down."
            )
        ),
        mistakes=tuple(mistakes),
        source=_ORDER_SRC,
        trump=trump,
    )


@_register("order.plain")
def _order_plain(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    suit = rng.choice(
        [s for s in SUITS if s is not trump and s.is_red]
        if seed % 2 == 0
        else [s for s in SUITS if s is not trump]
    )
    order = plain_order(suit, trump)
    pool = [c for c in order if c.rank in ("A", "2", "3", "4", "5", "6", "7")]
    a, b = rng.sample(pool, 2)
    hi, lo = (a, b) if order.index(a) < order.index(b) else (b, a)
    rule = (
        "In a red plain suit the ace ranks just below the knave, and the small cards run the other "
        "way from black ones: the two is above the three, the three above the four, and so on. "
        '1665: "the least small Cards of the Red are alwayes best, and the greatest of the Black".'
        if suit.is_red
        else "In a black plain suit the small cards rank as they look: seven highest, two lowest "
        "(its ace is Spadille or Basto, always a trump)."
    )
    choices = (
        Choice(hi.symbol, True, f"{hi.symbol} is higher. {rule}"),
        Choice(lo.symbol, False, f"{lo.symbol} is lower. {rule}"),
    )
    return _ex(
        "order.plain",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps, so {suit.plural} are a plain suit. "
            f"If {a.symbol} and {b.symbol} are played to a {suit.singular} lead, which is higher?"
        ),
        choices=_shuffled(rng, choices),
        solution=f"{hi.symbol}. Plain {suit.plural} from the top: {_t(order)}.",
        hint="Red and black suits rank their small cards in opposite directions.",
        source=_ORDER_SRC,
        cards=(a, b),
        trump=trump,
    )


@_register("order.punto")
def _order_punto(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice([Suit.HEARTS, Suit.DIAMONDS])
    other = Suit.DIAMONDS if trump is Suit.HEARTS else Suit.HEARTS
    options = [
        Choice(
            f"A{trump.symbol}, Punto",
            True,
            f"With {trump.plural} trumps their ace is Punto, the fourth trump, after Spadille, "
            f"Manille ({manille(trump).symbol}) and Basto.",
        ),
        Choice(
            f"K{trump.symbol}, the king of trumps",
            False,
            "The king of trumps comes fifth in a red suit: Punto, the red ace, stands above him.",
        ),
        Choice(
            f"A{other.symbol}, the other red ace",
            False,
            f"A{other.symbol} is not a trump at all: in plain {other.plural} it ranks after the knave.",
        ),
        Choice(
            f"7{trump.symbol}, Manille",
            False,
            f"7{trump.symbol} is Manille, the second trump, not the fourth.",
        ),
    ]
    return _ex(
        "order.punto",
        seed,
        prompt=f"{trump.plural.title()} are trumps. Which card is the fourth trump?",
        choices=_shuffled(rng, options),
        solution=(
            f'A{trump.symbol}, called Punto. 1665: "the Red Ace enters into the fourth place when '
            "it is Trump, and then is called the Punto, otherwise 'tis only rank'd after the Knave\"."
        ),
        hint="Only a red suit has a fourth matador-like card: its own ace.",
        source=_ORDER_SRC,
        trump=trump,
    )


# ---------------------------------------------------------------------------
# 2. Matadors and following suit
# ---------------------------------------------------------------------------


@_register("matadors.manille")
def _matadors_manille(rng: random.Random, seed: int) -> Exercise:
    trump = SUITS[(seed + 1) % 4] if seed < 4 else rng.choice(SUITS)
    right = manille(trump)
    choices = []
    for s in SUITS:
        c = manille(s)
        if c == right:
            fb = (
                f"{c.symbol} is Manille: the {'two' if trump.is_black else 'seven'} of a "
                f"{'black' if trump.is_black else 'red'} trump suit is the second trump."
            )
        else:
            fb = f"{c.symbol} is Manille only when {s.plural} are trumps; now it is an ordinary card."
        choices.append(Choice(c.symbol, c == right, fb))
    return _ex(
        "matadors.manille",
        seed,
        prompt=f"{trump.plural.title()} are trumps. Which card is Manille, the second matador?",
        choices=tuple(choices),
        solution=(
            f'{right.symbol}. 1665 lists the second trump as "The Mallilio, or black Deuces of either suit" '
            'in black and "The Mallilio, or Sevens of either Suit" in red: the lowest card of the suit '
            "becomes the second trump."
        ),
        hint="Black suits: the two. Red suits: the seven.",
        source=_ORDER_SRC,
        trump=trump,
    )


def _legal_situation(rng: random.Random, trump: Suit, trump_lead: bool) -> tuple[list[Card], list[Card]]:
    """A hand of five and a trick of one or two cards where some of the hand may not be played."""
    for _ in range(1000):
        cards = rng.sample(list(DECK), 7)
        lead_count = rng.choice((1, 2))
        trick, hand = cards[:lead_count], cards[lead_count:]
        led_is_trump = is_trump(trick[0], trump)
        if led_is_trump != trump_lead:
            continue
        legal = legal_plays(hand, trick, trump)
        if 1 <= len(legal) < len(hand):
            return hand, trick
    raise ExerciseError("no situation found")  # pragma: no cover


@_register("matadors.legal")
def _matadors_legal(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand, trick = _legal_situation(rng, trump, trump_lead=seed % 2 == 1)
    legal = legal_plays(hand, trick, trump)
    right = rng.choice(legal)
    wrong = [c for c in hand if c not in legal]
    shown = [right] + rng.sample(wrong, min(3, len(wrong)))
    rng.shuffle(shown)
    choices = tuple(
        Choice(c.symbol, c == right, _verdict(explain_play(hand, trick, c, trump))) for c in shown
    )
    led = trick[0]
    return _ex(
        "matadors.legal",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. The trick so far: {_t(trick)} ({led.symbol} led). "
            f"Your hand: {_t(hand)}. Which of these cards may you play: {_t(shown)}?"
        ),
        choices=choices,
        solution=(
            f"{right.symbol}. The cards you may play: {_t(legal)}. "
            + _cap(explain_play(hand, trick, right, trump).removeprefix("legal: "))
            + "."
        ),
        hint="Follow the suit led if you can; when trumps are led, remember the matadors' privilege.",
        source=_MATADOR_SRC,
        cards=tuple(trick),
        trump=trump,
    )


@_register("matadors.privilege")
def _matadors_privilege(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    mats = list(matadors(trump))
    trumps = trump_order(trump)
    held = rng.choice(mats)
    others_t = [c for c in trumps if c not in mats]
    # the lead: a lower trump, or a higher matador
    higher = [m for m in mats if strength(m, trump) > strength(held, trump)]
    led = rng.choice(higher) if higher and rng.random() < 0.4 else rng.choice(others_t)
    guard = rng.random() < 0.3
    plains = [c for c in DECK if not is_trump(c, trump)]
    hand = [held] + rng.sample(plains, 3)
    if guard:
        hand.append(rng.choice([c for c in others_t if c != led]))
    rng.shuffle(hand)
    plain = next(c for c in hand if not is_trump(c, trump))
    allowed = why_illegal(hand, [led], plain, trump) is None
    verdict = explain_play(hand, [led], plain, trump)
    # A wrong answer gets the rule that decides it, without the verdict the right answer gives.
    reason = f"Look again at the rule that decides it: {verdict.split(': ', 1)[1]}."
    choices = tuple(
        Choice(text, ok, _verdict(verdict) if ok else reason)
        for text, ok in (("Yes", allowed), ("No", not allowed))
    )
    return _ex(
        "matadors.privilege",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps and {_name(led, trump)} is led. "
            f"Your hand: {_t(hand)}. May you play {plain.symbol}?"
        ),
        choices=choices,
        solution=("Yes. " if allowed else "No. ")
        + _cap(verdict.split(": ", 1)[1])
        + '. 1665: "none but commanding Cards can force them out of your hands; as for example, the '
        "Spadillio forces the Mallilio, and the Mallilio the Basto; for all the rest you are to follow "
        'Trump".',
        hint=(
            "A matador need not be played to a lower trump; a higher matador forces it only if it is "
            "unguarded."
        ),
        source=_MATADOR_SRC,
        cards=(led,),
        trump=trump,
    )


@_register("matadors.count-legal")
def _matadors_count_legal(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand, trick = _legal_situation(rng, trump, trump_lead=seed % 2 == 0)
    legal = legal_plays(hand, trick, trump)
    return _ex(
        "matadors.count-legal",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. The trick so far: {_t(trick)}. "
            f"Your hand: {_t(hand)}. How many of your cards may you play?"
        ),
        number=Fraction(len(legal)),
        solution=f"{len(legal)}: {_t(legal)}. The rest may not be played: "
        + str(why_illegal(hand, trick, next(c for c in hand if c not in legal), trump))
        + ".",
        hint="Which suit does the first card count as? Spadille and Basto are trumps whatever their suit.",
        mistakes=((Fraction(len(hand)), "Not every card may be played: you must follow suit if you can."),),
        source=_MATADOR_SRC,
        cards=tuple(trick),
        trump=trump,
    )


# ---------------------------------------------------------------------------
# 3. Who wins the trick
# ---------------------------------------------------------------------------


def _plausible_trick(rng: random.Random, trump: Suit) -> list[Card]:
    """Three cards as they might fall: followers follow suit more often than not."""
    lead = rng.choice(list(DECK))
    led_suit = effective_suit(lead, trump)
    cards = [lead]
    for _ in range(2):
        same = [c for c in card_order(led_suit, trump) if c not in cards]
        pool = same if same and rng.random() < 0.6 else [c for c in DECK if c not in cards]
        cards.append(rng.choice(pool))
    return cards


def _why_wins(cards: Sequence[Card], trump: Suit) -> str:
    w = cards[trick_winner(cards, trump)]
    led_suit = effective_suit(cards[0], trump)
    trumps_in = [c for c in cards if is_trump(c, trump)]
    if is_trump(w, trump):
        if led_suit is trump:
            return f"Trumps were led and {_name(w, trump)} is the highest trump played."
        if len(trumps_in) == 1:
            return (
                f"{led_suit.plural.title()} were led; {_name(w, trump)} is the only trump played, so it wins."
            )
        return f"{led_suit.plural.title()} were led; {_name(w, trump)} is the highest of the trumps played."
    return (
        f"No trump was played, so the highest {led_suit.singular} wins: {_name(w, trump)}. "
        f"Plain {led_suit.plural} from the top: {_t(card_order(led_suit, trump))}."
    )


def _why_loses(card: Card, cards: Sequence[Card], trump: Suit) -> str:
    """Why ``card`` does not win the trick ``cards``, without naming the card that does.

    Wrong-answer feedback uses this, so that it explains the mistake but
    leaves the right answer to the reader (or to the solution).
    """
    led_suit = effective_suit(cards[0], trump)
    if is_trump(card, trump):
        return (
            f"{card.symbol} is a trump, but a higher trump was played to this trick; "
            "compare them in the order of the trumps."
        )
    if effective_suit(card, trump) is not led_suit:
        return (
            f"{card.symbol} is neither a trump nor a card of the suit led, so it cannot win, "
            "however high it is."
        )
    if any(is_trump(c, trump) for c in cards):
        return (
            f"{card.symbol} is a plain {led_suit.singular}, and a trump was played to this trick: "
            "any trump beats every plain card."
        )
    return (
        f"{card.symbol} is beaten by a higher {led_suit.singular}; "
        f"compare the {led_suit.plural} played in the order of plain {led_suit.plural}."
    )


@_register("tricks.winner")
def _tricks_winner(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    cards = _plausible_trick(rng, trump)
    leader = rng.randrange(3)
    seats = [(leader + i) % 3 for i in range(3)]
    win = trick_winner(cards, trump)
    why = _why_wins(cards, trump)
    choices = []
    for i, (seat, c) in enumerate(zip(seats, cards, strict=True)):
        fb = why if i == win else _why_loses(c, cards, trump)
        choices.append(Choice(f"{SEATS[seat]} ({c.symbol})", i == win, fb))
    played = "; ".join(f"{SEATS[s]} {c.symbol}" for s, c in zip(seats, cards, strict=True))
    return _ex(
        "tricks.winner",
        seed,
        prompt=f"{trump.plural.title()} are trumps. {_cap(SEATS[leader])} leads. The cards fall: {played}. "
        "Who wins the trick?",
        choices=tuple(choices),
        solution=f"{_cap(SEATS[seats[win]])}. {why}",
        hint="A trump beats every plain card; otherwise only a card of the suit led can win.",
        source='1665, "The End of the Game" ("as at Beast"); Morley',
        cards=tuple(cards),
        trump=trump,
    )


@_register("tricks.take")
def _tricks_take(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    for _ in range(1000):
        cards = rng.sample(list(DECK), 7)
        trick, hand = cards[:2], cards[2:]
        legal = legal_plays(hand, trick, trump)
        if why_illegal(trick, trick[:1], trick[1], trump) is not None:
            continue
        winners = [c for c in legal if trick_winner(trick + [c], trump) == 2]
        if len(winners) == 1 and len(legal) >= 2:
            break
    else:  # pragma: no cover
        raise ExerciseError("no situation found")
    right = winners[0]
    choices = []
    for c in legal[:4] if right in legal[:4] else [right] + legal[:3]:
        if c == right:
            fb = f"{c.symbol} takes the trick. " + _why_wins(trick + [c], trump)
        else:
            w = trick[trick_winner(trick + [c], trump)]
            fb = f"With {c.symbol} the trick goes to {w.symbol}. " + _why_loses(c, trick + [c], trump)
        choices.append(Choice(c.symbol, c == right, fb))
    return _ex(
        "tricks.take",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. You play last to the trick {_t(trick)}. "
            f"Your hand: {_t(hand)}. Which card takes the trick?"
        ),
        choices=_shuffled(rng, choices),
        solution=f"{right.symbol}. " + _why_wins(trick + [right], trump),
        hint="First find which card is winning so far; then which of your cards may beat it.",
        source='1665, "The End of the Game"; "Of playing Trumps"',
        cards=tuple(trick),
        trump=trump,
    )


# ---------------------------------------------------------------------------
# 4. Results and payments
# ---------------------------------------------------------------------------

_RESULT_WORDS = {
    Result.WIN: "the Ombre wins the game",
    Result.CODILLE: "codille: a defender takes up the stakes",
    Result.REPUESTO: "repuesto: the Ombre doubles the stake",
    Result.VOLE: "the vole: the Ombre took every trick",
}

_CODILLE_Q = '"Codillio when the Player is beasted, and another wins more Tricks then he" (1665)'
_REPUESTO_Q = '"Repuesto when the Player wins no more Tricks then another" (1665)'
#: Said wherever the two defenders tie above the Ombre (1-4-4), a case the pamphlet leaves open.
_TIED_DEFENDERS = (
    'The pamphlet\'s Codillio, "another wins more Tricks then he", could be read as codille here; '
    "this edition follows the convention that codille needs one defender with more tricks than each "
    "other player, so that somebody can take up the stakes"
)


def _why_result(tricks: Sequence[int], ombre: int) -> str:
    """Why the hand ended as it did, true for every split of the tricks.

    >>> print(_why_result((1, 4, 4), 0))  # doctest: +ELLIPSIS
    Both defenders took 4, more than the Ombre's 1, but neither took more than the other, ...
    >>> print(_why_result((3, 3, 3), 0))  # doctest: +ELLIPSIS
    Both defenders took 3, as many as the Ombre's 3, and nobody took more: ...
    """
    o = tricks[ombre]
    hi, lo = sorted((tricks[s] for s in range(3) if s != ombre), reverse=True)
    r = result_of(tricks, ombre)
    if r is Result.VOLE:
        return 'The Ombre took all nine tricks: the vole (1665 "the Voll").'
    if r is Result.WIN:
        if o >= 5:
            return (
                f'The Ombre took {o} tricks: "he who can win five tricks of the Nine, has a sure Games '
                '[Game]" (1665).'
            )
        return (
            f"The Ombre took {o} and the defenders split theirs {hi}-{lo}, so the Ombre has more than "
            'either: "or if he win Four, and can so divide the Tricks, as one may win Two, '
            'the other Three" (1665).'
        )
    if r is Result.CODILLE:
        return f"A defender took {hi}, more than the Ombre's {o} and the other defender's {lo}: {_CODILLE_Q}."
    if hi == lo > o:
        return (
            f"Both defenders took {hi}, more than the Ombre's {o}, but neither took more than the other, "
            f"so neither can take up the stakes. {_TIED_DEFENDERS}, and scores the hand as repuesto: "
            f"{_REPUESTO_Q}."
        )
    if hi == lo == o:
        return f"Both defenders took {o}, as many as the Ombre's {o}, and nobody took more: {_REPUESTO_Q}."
    return (
        f"One defender took {hi}, as many as the Ombre's {o}, and nobody took more, so the Ombre has "
        f"not won and no defender has won more than the Ombre: {_REPUESTO_Q}."
    )


def _why_not_result(chosen: Result, tricks: Sequence[int], ombre: int) -> str:
    """Why ``chosen`` is not the result of the split ``tricks``, without naming the result that is.

    >>> print(_why_not_result(Result.CODILLE, (1, 4, 4), 0))  # doctest: +ELLIPSIS
    Not codille: both defenders took 4, so neither took more than each other player. ...
    """
    o = tricks[ombre]
    hi, lo = sorted((tricks[s] for s in range(3) if s != ombre), reverse=True)
    if result_of(tricks, ombre) is chosen:
        raise ExerciseError(f"{chosen} is the result of {tuple(tricks)}")
    if chosen is Result.VOLE:
        return f"Not the vole: that is all nine tricks for the Ombre, who took {o}."
    if chosen is Result.WIN and o == 9:
        return "Not a plain win: look again at how many of the nine tricks the Ombre took."
    if chosen is Result.WIN:
        level = "as many as" if hi == o else "more than"
        return (
            f"Not a win: the Ombre wins only with more tricks than each defender, and a defender took "
            f"{hi}, {level} the Ombre's {o}."
        )
    if chosen is Result.CODILLE:
        if hi == lo > o:
            return (
                f"Not codille: both defenders took {hi}, so neither took more than each other player. "
                f"{_TIED_DEFENDERS}."
            )
        if hi <= o:
            return (
                f"Not codille: that needs a defender with more tricks than the Ombre's {o}, "
                "and none took more."
            )
    # Left: repuesto chosen, and the result is a win, the vole or codille, so one player is ahead of both.
    assert chosen is Result.REPUESTO
    ahead = "the Ombre" if o > hi else "a defender"
    n = max(o, hi)
    return (
        f"Not repuesto: that is when nobody takes more tricks than each other player, and here {ahead} "
        f"took {n}, more than each of the others."
    )


@_register("results.outcome")
def _results_outcome(rng: random.Random, seed: int) -> Exercise:
    wanted = [Result.WIN, Result.CODILLE, Result.REPUESTO][seed % 3] if seed < 9 else rng.choice(list(Result))
    splits = [(a, b, 9 - a - b) for a in range(10) for b in range(10 - a)]
    rng.shuffle(splits)
    tricks = next(
        t
        for t in splits
        if result_of(t, 0) is wanted
        and (wanted is Result.VOLE or t[0] < 9)
        and (t[0] in (3, 4) or wanted is not Result.WIN or rng.random() < 0.3)
    )
    r = result_of(tricks, 0)
    why = _why_result(tricks, 0)
    choices = tuple(
        Choice(_RESULT_WORDS[x], x is r, why if x is r else _why_not_result(x, tricks, 0))
        for x in (Result.WIN, Result.CODILLE, Result.REPUESTO, Result.VOLE)
    )
    return _ex(
        "results.outcome",
        seed,
        prompt=(
            f"Belinda is the Ombre. At the end of the hand she has taken {_plural(tricks[0], 'trick')}, "
            f"the Baron {tricks[1]} and the Knight {tricks[2]}. What is the result?"
        ),
        choices=choices,
        solution=f"{_cap(_RESULT_WORDS[r])}. {why}",
        hint="Compare the Ombre's tricks with each defender's, not with both together.",
        source=_END_SRC,
    )


def _distinct(*pairs: tuple[Fraction, str]) -> tuple[tuple[Fraction, str], ...]:
    """Common mistakes without repeated values (the first word on a value wins)."""
    out: dict[Fraction, str] = {}
    for v, why in pairs:
        out.setdefault(v, why)
    return tuple(out.items())


def _matador_hand(rng: random.Random, trump: Suit, seq: int) -> list[Card]:
    """A hand of nine with exactly ``seq`` trumps in unbroken sequence from Spadille."""
    top = list(trump_order(trump))
    hand = top[:seq]
    rest = [c for c in DECK if c not in top[: seq + 1]]
    hand += rng.sample(rest, 9 - seq)
    return hand


@_register("results.matadors")
def _results_matadors(rng: random.Random, seed: int) -> Exercise:
    rules_name = "1665" if seed % 2 == 0 else "court-gamester"
    rules = get_rules(rules_name)
    trump = rng.choice(SUITS)
    seq = rng.choice((3, 3, 4, 5))
    hand = _matador_hand(rng, trump, seq)
    others = [c for c in DECK if c not in hand]
    rng.shuffle(others)
    hands = (tuple(hand), tuple(others[:9]), tuple(others[9:18]))
    st = settle(
        rules, ombre=0, tricks_won=(5, 2, 2), hands_at_play=hands, trump=trump, passes=(1, 2), eldest=0
    )
    paid = [t for t in st.transfers if t.payer == 1 and t.payee == 0 and "matador" in t.reason]
    amount = sum(t.amount.value(rules) for t in paid)
    unit = rules.units[-1]
    seqcards = list(trump_order(trump))[:seq]
    rate = ""
    if rules_name == "1665":
        great = dict(rules.unit_values)[rules.units[0]]
        # the pamphlet gives the worth of the marks as an example, not a rule: say the count uses it
        rate = f" Count a great mark as {great} lesser marks, the pamphlet's example rate."
        why = (
            f"Under the 1665 rules the three matadors together earn {rules.matadors_three[0]} great marks "
            f"from each player, and each further trump in unbroken sequence one lesser mark (the "
            f"pamphlet's \"one Mark or Counter\" does not say which mark; a lesser one is the engine's "
            f"reading): "
            f"{seq} in sequence make {rules.matadors_three[0]} x {great} + {seq - 3} = {amount} lesser "
            f"marks, counting a great mark as {great} lesser ones. That rate is the pamphlet's example, "
            f'not a rule: "if you value the great ones at {great}. pence, the lesser may be pence the '
            'piece (and so according as you please)". 1665: "the others pay three of the greater Marks ... '
            'for all which the others are to pay you one Mark or Counter, the piece, even to nine".'
        )
        mist: tuple[tuple[Fraction, str], ...] = _distinct(
            (
                Fraction(seq),
                "That is the Court Gamester's way (a counter a card); in 1665 the three "
                "matadors together earn three great marks.",
            ),
            (
                Fraction(rules.matadors_three[0] + seq - 3),
                f"Count in lesser marks: at the pamphlet's example rate a great mark is {great} lesser "
                "marks.",
            ),
        )
    else:
        why = (
            f"In the Court Gamester (as Morley tells it) each defender pays a winning Ombre one counter for "
            f"every matador in sequence: {seq} in sequence make {amount} counters, as Belinda's four "
            '(A♠ 2♠ A♣ K♠) earn her "four counters from each".'
        )
        mist = (
            (Fraction(3), "The false matadors count too: every trump in unbroken sequence from Spadille."),
        )
    return _ex(
        "results.matadors",
        seed,
        prompt=(
            f"Rules: {rules.title}. The Ombre names {trump.plural} and holds "
            f"{_t(sorted(hand, key=lambda c: -strength(c, trump)))}. She wins the game. "
            f"How many {unit} does each defender pay her for her matadors?{rate}"
        ),
        number=Fraction(amount),
        unit=unit,
        solution=f"{amount} {unit}: her trumps in sequence from Spadille are {_t(seqcards)}. {why}",
        hint="First count the trumps she holds in unbroken sequence from Spadille.",
        mistakes=mist,
        source='1665, "Of the Matadors"; Morley (Court Gamester)',
        cards=tuple(sorted(hand, key=lambda c: -strength(c, trump))),
        trump=trump,
    )


@_register("results.compare")
def _results_compare(rng: random.Random, seed: int) -> Exercise:
    questions = [
        (
            "Belinda holds the matadors but loses the game. Under which rules is she still paid for them?",
            "matadors_paid",
        ),
        (
            "A player takes all nine tricks without having declared the vole. Under which rules does he "
            "still "
            "gain by it?",
            "vole_must_be_declared_before_trick",
        ),
        ("Under which rules does the eldest hand pay a fee for the hand?", "eldest_fee"),
    ]
    q, fld = questions[seed % len(questions)]
    r1665, rcg = get_rules("1665"), get_rules("court-gamester")
    if fld == "matadors_paid":
        ans = [r.name for r in (r1665, rcg) if r.matadors_paid == "holder"]
    elif fld == "vole_must_be_declared_before_trick":
        ans = [r.name for r in (r1665, rcg) if r.vole_must_be_declared_before_trick is None]
    else:
        ans = [r.name for r in (r1665, rcg) if r.eldest_fee[0] > 0]
    # each choice as the rule sets it claims, and each rule set's word on the point
    claims = {
        "The 1665 rules only": {"1665"},
        "The Court Gamester only": {"court-gamester"},
        "Both": {"1665", "court-gamester"},
        "Neither": set(),
    }
    right = next(t for t, names in claims.items() if names == set(ans))
    expl = f"1665: {r1665.citation(fld)}. Court Gamester: {rcg.citation(fld)}."
    says = {
        r1665.name: f"the 1665 rules: {r1665.citation(fld)}",
        rcg.name: f"the Court Gamester: {rcg.citation(fld)}",
    }

    def why_not(t: str) -> str:
        # One source the choice gets wrong (the first), and only that one, so the other is left to find.
        src = next(k for k in says if (k in claims[t]) != (k in ans))
        return f"Look again at {says[src]}."

    choices = tuple(Choice(t, t == right, expl if t == right else why_not(t)) for t in claims)
    return _ex(
        "results.compare",
        seed,
        prompt=q,
        choices=choices,
        solution=f"{right}. {expl}",
        hint="Look at the rule-set table: the two sources differ on exactly this point.",
        source="1665; Court Gamester/Morley",
    )


# ---------------------------------------------------------------------------
# 5. Reading Pope's lines as plays
# ---------------------------------------------------------------------------


def _quote(first: int, last: int) -> tuple[tuple[int, str], ...]:
    """Pope's lines ``first`` to ``last`` (iii.), from :func:`ombre.sources.texts.pope_passage`."""
    return tuple(pope_passage(first, last))


#: The record the Pope questions follow: the book's replay of the published reconstruction.
_POPE_READING = "pole"
#: The reading in which the King of Clubs at trick 5 is the third player's card, not Belinda's lead.
_POPE_OTHER_READING = "king-of-clubs"
#: The Pope questions of the book's set (seed 0): the items of :func:`_pope_items`, in the order of the poem.
_POPE_SET_ITEMS = (0, 1, 3, 4, 5, 8)


@cache
def _pope_state(reading: str) -> GameState:
    """The engine's replay of one shipped reading of Belinda's game (:mod:`ombre.belinda`)."""
    st = replay(reading).state
    if tuple(st.players) != ("Belinda", "Baron", "Knight") or len(st.tricks) != 9:
        raise ExerciseError(f"the record {reading!r} is not Belinda's game in nine tricks")
    return st


def _pope_trick(n: int, reading: str = _POPE_READING) -> tuple[tuple[tuple[int, Card], ...], int]:
    """Trick ``n`` of a reading: ``(seat, card)`` in the order played, and the winner's seat."""
    t = _pope_state(reading).tricks[n - 1]
    return tuple(zip(t.seats, t.cards, strict=True)), t.winner


#: How a question names the record it follows.
_POPE_RECORDS = {
    "pole": "the book's replay of the published reconstruction",
    "king-of-clubs": f"the book's other reading, {READING_TITLES['king-of-clubs']}",
}


def _pope_won(reading: str = _POPE_READING, upto: int = 9) -> tuple[int, int, int]:
    """Tricks won by Belinda, the Baron and the Knight in the first ``upto`` tricks of a reading."""
    tricks = _pope_state(reading).tricks[:upto]
    won = [sum(1 for t in tricks if t.winner == s) for s in range(3)]
    return won[0], won[1], won[2]


def _pope_plays(n: int, called: dict[Card, str] | None = None, reading: str = _POPE_READING) -> str:
    """Trick ``n`` of a reading in words, ``"Belinda leads ...; the Baron plays ...; and ..."``.

    ``called`` gives a card the words the question calls it by; a card that the record marks as
    the project's completion (``3h?``) is named as the small card the reconstruction leaves open.
    """
    plays, _ = _pope_trick(n, reading)
    completed = [rc.conjectural for rc in load_record(reading).tricks[n - 1].cards]
    said = []
    for i, (s, c) in enumerate(plays):
        if called and c in called:
            what = called[c]
        elif completed[i] and c.rank not in "AKQJ":
            what = f"a small {c.suit.singular} ({c.symbol} in the replay)"
        else:
            what = _name(c, Suit.SPADES)
        said.append(f"{SEATS[s]} {'leads' if i == 0 else 'plays'} {what}")
    return f"{_cap(said[0])}; {said[1]}; and {said[2]}"


def _trick_numbers(ns: Sequence[int]) -> str:
    """``[1, 2, 3, 4, 9]`` -> ``"1-4 and 9"``."""
    runs: list[list[int]] = []
    for n in ns:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _pope_items() -> list[Callable[[random.Random, int], Exercise]]:
    S = Suit.SPADES

    def trumps(rng: random.Random, seed: int) -> Exercise:
        n = len(trump_order(S))
        return _ex(
            "pope.line",
            seed,
            quote=_quote(46, 46),
            trump=S,
            prompt="Belinda names spades. How many trumps are there in the pack for this hand?",
            number=Fraction(n),
            solution=(
                f"{n}. Spades are black: Spadille, Manille (2♠), Basto (A♣), then K Q J 7 6 5 4 3 of "
                "spades. The Baron and the Knight can hold at most the trumps Belinda has not got."
            ),
            mistakes=(
                (Fraction(12), "Twelve is the count for a red suit; spades are black."),
                (Fraction(10), "Basto, the ace of clubs, is a trump too."),
            ),
            hint="Black suits have one trump fewer than red ones.",
            source=_ORDER_SRC,
        )

    def spadillio(rng: random.Random, seed: int) -> Exercise:
        plays, _ = _pope_trick(1)
        lead = plays[0][1]
        if lead != SPADILLE or not all(is_trump(c, S) for _, c in plays[1:]):
            raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not open with Spadille and two trumps")
        cards = [SPADILLE, manille(S), BASTO, Card("K", S)]
        choices = [
            Choice(
                c.symbol,
                c == lead,
                f"{_cap(_name(c, S))}: "
                + (
                    'the first trump, which no card can beat, "unconquerable Lord".'
                    if c == lead
                    else "not Spadillio."
                ),
            )
            for c in cards
        ]
        return _ex(
            "pope.line",
            seed,
            quote=_quote(49, 50),
            trump=S,
            prompt="Which card leads the first trick?",
            choices=_shuffled(rng, choices),
            solution=(
                "A♠, Spadille. It is the first trump in every suit, so nothing can beat it; "
                'both others must play trumps to it ("two captive trumps").'
            ),
            hint="Spadillio is the Spanish name of the ace of spades.",
            source=_ORDER_SRC,
        )

    def manillio(rng: random.Random, seed: int) -> Exercise:
        options = [Card("2", S), Card("7", S), Card("7", Suit.HEARTS), BASTO]
        choices = [
            Choice(
                c.symbol,
                c == manille(S),
                "Right card: with spades trumps the two of spades is Manille."
                if c == manille(S)
                else (
                    f"{c.symbol} is Manille only when {c.suit.plural} are trumps."
                    if c.rank in "27"
                    else "A♣ is Basto, the third matador, who leads the next trick (line 53)."
                ),
            )
            for c in options
        ]
        return _ex(
            "pope.line",
            seed,
            quote=_quote(51, 52),
            trump=S,
            prompt="Which card is Manillio here?",
            choices=_shuffled(rng, choices),
            solution="2♠. In a black trump suit the two is Manille, the second trump.",
            hint="Spades are black.",
            source=_ORDER_SRC,
        )

    def plebeian(rng: random.Random, seed: int) -> Exercise:
        plays, _ = _pope_trick(3)
        lead = plays[0][1]
        gone = [_pope_trick(n)[0][0][1] for n in (1, 2)]
        if (
            lead != BASTO
            or gone != [SPADILLE, manille(S)]
            or sorted(is_trump(c, S) for _, c in plays[1:]) != [False, True]
        ):
            raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 53-54 at trick 3")
        choices = (
            Choice(
                "He held no trump at all",
                True,
                "Trumps were led and he must follow with a trump if he has one; Spadille and Manille were "
                "already played, so no matador could be held back. A plain card means he had no trump.",
            ),
            Choice(
                "He chose to keep a trump back",
                False,
                'He could not: "for all the rest you are to follow Trump" (1665). Only a matador above the '
                "card led may be held back, and Spadille and Manille had already been played.",
            ),
            Choice(
                "He revoked, breaking the rule",
                False,
                "Nothing in the poem says so, and the rules give an innocent reading: he had no trumps.",
            ),
            Choice(
                "He was trumping the trick",
                False,
                "A plebeian card is a plain card, not a trump; it cannot win a trick led with a trump.",
            ),
        )
        return _ex(
            "pope.line",
            seed,
            quote=_quote(53, 54),
            trump=S,
            cards=(lead,),
            prompt=(
                f"Basto ({lead.symbol}) leads the third trick. One player follows with a trump, the other "
                'with a "Plebeian card" (a plain card). What does that plain card tell us?'
            ),
            choices=_shuffled(rng, choices),
            solution=(
                "He held no trump. A player must follow a trump lead with a trump; only a matador "
                "may be held back against a lower trump, and the higher matadors were gone."
            ),
            hint="Which trumps could still have been privileged at the third trick?",
            source=_MATADOR_SRC,
        )

    def pam(rng: random.Random, seed: int) -> Exercise:
        plays, won = _pope_trick(4)
        winner = dict(plays)[won]
        if PAM not in dict(plays).values() or winner != Card("K", S):
            raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 55-64 at trick 4")
        choices = (
            Choice(
                "J♣, here only a plain club",
                True,
                "Pam is the knave of clubs, the best card at Loo; in Ombre it is an ordinary club, so with "
                f'spades trumps it falls to {_name(winner, S)} at trick 4, "undistinguish\'d".',
            ),
            Choice(
                "J♣, the highest trump at Ombre",
                False,
                "That is Pam's place at Loo, not at Ombre: here it is a plain club.",
            ),
            Choice("J♠, a trump", False, "Pam is the knave of clubs, not of spades."),
            Choice("A♣, Basto", False, "Basto is the ace of clubs, already played at the third trick."),
        )
        return _ex(
            "pope.line",
            seed,
            quote=_quote(61, 64),
            trump=S,
            cards=(PAM,),
            prompt='Which card is "mighty Pam", and what is it worth in this game?',
            choices=_shuffled(rng, choices),
            solution="J♣. The best card at Loo, but only a plain club at Ombre.",
            hint='"the fights of Lu": Pam\'s power belongs to another game.',
            source="Glossary: Pam (Pope iii.61; Morley)",
        )

    def amazon(rng: random.Random, seed: int) -> Exercise:
        plays, won = _pope_trick(5)
        trick = [c for _, c in plays]
        w = trick[trick_winner(trick, S)]
        queen, king = Card("Q", S), Card("K", Suit.CLUBS)
        if dict(plays).get(1) != queen or dict(plays)[won] != w or king not in trick:
            raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 67-70 at trick 5")
        other, other_won = _pope_trick(5, _POPE_OTHER_READING)
        other_w = dict(other)[other_won]
        third = (
            f"{_cap(_POPE_RECORDS[_POPE_OTHER_READING])}, has {SEATS[dict((c, s) for s, c in other)[king]]} "
            f"play the King of Clubs and {SEATS[other[0][0]]} lead {other[0][1].symbol}; "
            f"{other_w.symbol} wins there {'too' if other_w == w else 'instead'}."
        )
        choices = tuple(
            Choice(
                c.symbol,
                c == w,
                _why_wins(trick, S)
                if c == w
                else _why_loses(c, trick, S)
                if c in trick
                else f"{c.symbol} was not played to this trick: read again which cards fell.",
            )
            for c in (*trick, Card("K", S))
        )
        return _ex(
            "pope.line",
            seed,
            quote=_quote(67, 70),
            trump=S,
            cards=tuple(trick),
            prompt=(
                f"In {_POPE_RECORDS[_POPE_READING]}: "
                + _pope_plays(5, {queen: f'his "warlike Amazon", {_name(queen, S)}'})
                + ". Which card wins the trick?"
            ),
            choices=_shuffled(rng, choices),
            solution=f"{w.symbol}. " + _why_wins(trick, S) + " " + third,
            hint='"Th\' imperial consort of the crown of Spades" is a trump.',
            source=_ORDER_SRC + "; the records of Belinda's game",
        )

    def knave(rng: random.Random, seed: int) -> Exercise:
        plays, won = _pope_trick(8)
        trick = [c for _, c in plays]
        knave_d, queen_h = Card("J", Suit.DIAMONDS), Card("Q", Suit.HEARTS)
        led = effective_suit(trick[0], S)
        # Belinda's last cards: the ones she plays to tricks 8 and 9
        left = [c for n in (8, 9) for s, c in _pope_trick(n)[0] if s == 0]
        if (
            plays[0] != (1, knave_d)
            or won != 1
            or (0, queen_h) not in plays
            or any(is_trump(c, S) or effective_suit(c, S) is led for c in left)
        ):
            raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 87-88 at trick 8")
        choices = (
            Choice(
                "Diamonds were led and neither a diamond nor a trump beat it",
                True,
                "A card of another plain suit never wins, however high: only a higher diamond or a trump "
                "could have taken the knave. " + _why_wins(trick, S),
            ),
            Choice(
                "Diamonds rank above hearts",
                False,
                "No suit outranks another except the trumps; what matters is the suit led.",
            ),
            Choice("The knave is a matador", False, "The matadors here are A♠, 2♠ and A♣."),
            Choice(
                "Belinda chose to let the Baron win",
                False,
                f"She had no choice: her last cards were {_t(left)}, with no {led.singular} and no trump "
                "left, and a heart cannot win a diamond trick.",
            ),
        )
        return _ex(
            "pope.line",
            seed,
            quote=_quote(87, 88),
            trump=S,
            cards=tuple(trick),
            prompt=(
                f"Trick 8 in {_POPE_RECORDS[_POPE_READING]}: "
                + _pope_plays(8)
                + ". Why does the Knave of Diamonds win the Queen of Hearts?"
            ),
            choices=_shuffled(rng, choices),
            solution="Diamonds were led; a heart cannot win a diamond trick. " + _why_wins(trick, S),
            hint="Which suit was led?",
            source='1665, "The End of the Game"; the records of Belinda\'s game',
        )

    def codille(rng: random.Random, seed: int) -> Exercise:
        b, r, k = _pope_won(upto=8)
        tricks = (b, r + 1, k)
        res = result_of(tricks, 0)
        choices = tuple(
            Choice(
                _RESULT_WORDS[x],
                x is res,
                _why_result(tricks, 0) if x is res else _why_not_result(x, tricks, 0),
            )
            for x in (Result.WIN, Result.CODILLE, Result.REPUESTO)
        )
        return _ex(
            "pope.line",
            seed,
            quote=_quote(91, 94),
            prompt=(
                f"After eight tricks Belinda has {b}, the Baron {r} and the Knight {k} "
                f"(in {_POPE_RECORDS[_POPE_READING]}). If the Baron takes the last trick, what is the result?"
            ),
            choices=choices,
            solution=f"{_cap(_RESULT_WORDS[res])}. " + _why_result(tricks, 0),
            hint="Compare Belinda's tricks with the Baron's.",
            source=_END_SRC,
        )

    def ace(rng: random.Random, seed: int) -> Exercise:
        plays, won = _pope_trick(9)
        ace_h, king_h = Card("A", Suit.HEARTS), Card("K", Suit.HEARTS)
        if plays[0] != (1, ace_h) or (0, king_h) not in plays or won != 0:
            raise ExerciseError(f"{_POPE_RECORDS[_POPE_READING]} does not follow lines 95-98 at trick 9")
        order = plain_order(Suit.HEARTS, S)
        choices = (
            Choice(
                "Hearts are not trumps, and the red ace of a plain suit ranks below the knave",
                True,
                f"Plain hearts from the top: {_t(order)}. 1665: the red ace is the Punto when its suit is "
                "trumps, \"otherwise 'tis only rank'd after the Knave\".",
            ),
            Choice(
                "The king always beats the ace",
                False,
                "Not always: with hearts trumps the ace of hearts would be Punto, the fourth trump, above "
                "the king.",
            ),
            Choice(
                "The king of hearts is a trump",
                False,
                "Spades are trumps: the king of hearts is a plain card.",
            ),
        )
        return _ex(
            "pope.line",
            seed,
            quote=_quote(95, 98),
            trump=S,
            cards=(ace_h, king_h),
            prompt=(
                "At the last trick the Baron leads the Ace of Hearts and Belinda plays the King of Hearts "
                f"(in {_POPE_RECORDS[_POPE_READING]}). Why does her King of Hearts beat his Ace of Hearts?"
            ),
            choices=_shuffled(rng, choices),
            solution=f"Hearts are a plain red suit here: {_t(order)}.",
            hint="What is a red ace worth when its suit is not trumps?",
            source=_ORDER_SRC,
        )

    def result(rng: random.Random, seed: int) -> Exercise:
        tricks = _pope_won()
        st = _pope_state(_POPE_READING)
        numbers = [[n for n, t in enumerate(st.tricks, start=1) if t.winner == s] for s in range(3)]
        took = [_trick_numbers(ns) if ns else "none" for ns in numbers]
        won_with = [_name(t.winning_card, S) for t in st.tricks if t.winner == 0]
        return _ex(
            "pope.line",
            seed,
            quote=_quote(99, 100),
            prompt=(
                f"In {_POPE_RECORDS[_POPE_READING]}, Belinda took tricks {took[0]}, the Baron tricks "
                f"{took[1]}, the Knight {took[2]}. How many tricks did Belinda win?"
            ),
            number=Fraction(tricks[0]),
            solution=(
                f"{tricks[0]}: she won with {', '.join(won_with[:-1])} and {won_with[-1]}. "
                + _why_result(tricks, 0)
            ),
            hint="Count the tricks the poem gives her, not the Baron.",
            source=_END_SRC,
        )

    return [trumps, spadillio, manillio, plebeian, pam, amazon, knave, codille, ace, result]


@cache
def _pope_versions(n: int) -> tuple[tuple[int, ...], ...]:
    """The selections of Pope items for fresh versions of the set, in a fixed shuffled order.

    Each is ``len(_POPE_SET_ITEMS)`` of the ``n`` items in the order of the poem, sharing at most
    two places with the book's selection, so that every version asks mostly other questions.
    """
    book = _POPE_SET_ITEMS
    out = [
        c
        for c in itertools.combinations(range(n), len(book))
        if sum(a == b for a, b in zip(c, book, strict=True)) <= 2
    ]
    random.Random("pope.line:versions").shuffle(out)
    return tuple(out)


@_register("pope.line")
def _pope_line(rng: random.Random, seed: int) -> Exercise:
    """Item ``seed % 10``; in a fresh version of the Pope set, that version's own items.

    :func:`exercise_set` deals version ``v`` of a set with the seeds ``base + 1000 * v``.  For
    the Pope set the bases are :data:`_POPE_SET_ITEMS`; version ``v`` asks the items of the
    ``v``-th selection of :func:`_pope_versions`, still in the order of the poem.
    """
    items = _pope_items()
    base, version = seed % 1000, seed // 1000
    if version == 0 or base not in _POPE_SET_ITEMS:
        return items[seed % len(items)](rng, seed)
    versions = _pope_versions(len(items))
    picks = versions[(version - 1) % len(versions)]
    return items[picks[_POPE_SET_ITEMS.index(base)]](rng, seed)


# ---------------------------------------------------------------------------
# 6. Choosing trumps and the exchange by the 1665 advice
# ---------------------------------------------------------------------------


#: The book's own count of sure tricks (:func:`ombre.engine.players.reckon`), named as such: the pamphlet
#: gives examples ("the three Matadors, or six or seven good Trumps"), not a count for each card.
_COUNTS = "each matador, each king of another suit, and one for every two other trumps"
_RULE_OF_THUMB = f"the book's rule of thumb, which counts {_COUNTS}"
_PAMPHLET_COUNT = (
    '1665 names "the three Matadors, or six or seven good Trumps without them" as three sure tricks, '
    'and counts kings "as good as Trumps"'
)


def _lone_matadors(r: Reckoning) -> str:
    """A sentence on each matador the rule of thumb counts although a higher matador is not held."""
    tops = matadors(r.trump)
    out = []
    for m in r.matadors:
        over = [c for c in tops[: tops.index(m)] if c not in r.matadors]
        if over:
            out.append(
                f"The rule of thumb counts {m.symbol} as a trick although {_t(over)}, which you do not "
                f"hold, can beat it."
            )
    return " ".join(out)


def _advice_hand(rng: random.Random, want: Callable[[list[Card]], bool]) -> list[Card]:
    for _ in range(5000):
        hand = rng.sample(list(DECK), 9)
        if want(hand):
            return hand
    raise ExerciseError("no hand found")  # pragma: no cover


@_register("advice.sure-tricks")
def _advice_sure(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand = _advice_hand(
        rng, lambda h: 2 <= reckon(h, trump).sure_tricks <= 5 and len(reckon(h, trump).other_trumps) >= 1
    )
    r = reckon(hand, trump)
    shown = sorted(hand, key=lambda c: -strength(c, trump))
    return _ex(
        "advice.sure-tricks",
        seed,
        prompt=(
            f"Your hand: {_t(shown)}. If you name {trump.plural}, how many sure tricks does the book's rule "
            f"of thumb give it? (The rule of thumb counts {_COUNTS}. That count is this book's, not the "
            f"pamphlet's: {_PAMPHLET_COUNT}.)"
        ),
        number=Fraction(r.sure_tricks),
        solution=" ".join(x for x in (f"{r.sure_tricks}. {_cap(r.explain())}.", _lone_matadors(r)) if x),
        hint='"the Kings of any Suit are alwayes accounted as good as Trumps" (1665).',
        mistakes=(
            (
                Fraction(len(r.matadors) + len(r.other_trumps) + len(r.kings)),
                "Not every trump is a sure trick: the rule of thumb counts the trumps below the matadors "
                'one for every two, as 1665 makes "six or seven good Trumps" three sure tricks.',
            ),
        ),
        source=_ADVICE_SRC,
        cards=tuple(shown),
        trump=trump,
    )


@_register("advice.bid")
def _advice_bid(rng: random.Random, seed: int) -> Exercise:
    want_play = seed % 2 == 0
    hand = _advice_hand(
        rng,
        lambda h: (advised_bid(h) == "play") == want_play and (2 <= trump_candidates(h)[0].sure_tricks <= 4),
    )
    best = trump_candidates(hand)[0]
    bid = advised_bid(hand)
    verdict = "Play" if bid == "play" else "Pass"
    why = " ".join(
        x for x in (f"The best trump is {best.trump.plural}: {best.explain()}.", _lone_matadors(best)) if x
    )
    choices = (
        Choice(
            "Play (be the Ombre)",
            bid == "play",
            why
            + (
                " That is three sure tricks at least."
                if bid == "play"
                else " That is fewer than three sure tricks: 1665 says never to play with less."
            ),
        ),
        Choice(
            "Pass",
            bid == "pass",
            why
            + (
                " With fewer than three sure tricks, pass."
                if bid == "pass"
                else " That makes three sure tricks or more, enough to play."
            ),
        ),
    )
    return _ex(
        "advice.bid",
        seed,
        prompt=(
            f"You are first to speak. Your hand: {_t(sorted(hand, key=lambda c: c.index))}. 1665 advises "
            'playing only with "three sure Tricks in his hand at least". Counting sure tricks by '
            f"{_RULE_OF_THUMB}, do you play or pass?"
        ),
        choices=choices,
        solution=f'{verdict}. {why} 1665: "One is never to play unless he have three sure Tricks in his hand '
        'at least".',
        hint="Reckon the hand by the rule of thumb for its best trump suit: matadors, kings, and half the "
        "other trumps.",
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: c.index)),
    )


@_register("advice.trump")
def _advice_trump(rng: random.Random, seed: int) -> Exercise:
    def clear_best(h: list[Card]) -> bool:
        c = trump_candidates(h)
        return (
            c[0].sure_tricks >= 3
            and c[0].sure_tricks - c[1].sure_tricks <= 1
            and trump_preference(c[0], h) < trump_preference(c[1], h)
        )

    hand = _advice_hand(rng, clear_best)
    cands = trump_candidates(hand)
    best = cands[0].trump
    top = trump_preference(cands[0], hand)
    reasons = (
        "fewer sure tricks.",
        "as many sure tricks, but fewer trumps.",
        'as many sure tricks and trumps, but a red suit, and 1665 prefers black "because there are '
        'fewer Trumps of it".',
        "as many sure tricks and trumps, but you hold its king, which would be a sure trick if another "
        "suit were trumps.",
    )
    # why each other suit comes after the best one: the first of the four preferences that decides
    deciding = {
        r.trump: next(i for i in range(4) if trump_preference(r, hand)[i] != top[i]) for r in cands[1:]
    }
    choices = []
    for r in cands:
        if r.trump is best:
            fb = f"Best: {r.explain()}."
        else:
            fb = f"{_cap(r.explain())}; {reasons[deciding[r.trump]]}"
        choices.append(Choice(r.trump.plural.title(), r.trump is best, fb))
    why_not = []
    for i in sorted(set(deciding.values())):
        suits = [t.plural for t, k in deciding.items() if k == i]
        one = len(suits) == 1
        compared = (
            "fewer sure tricks",
            "as many sure tricks, but fewer trumps",
            f"as many sure tricks and trumps, but {'is' if one else 'are'} red, and 1665 prefers black "
            '"because there are fewer Trumps of it"',
            f"as many sure tricks and trumps, but you hold {'its' if one else 'their'} king, and 1665 would "
            'rather "choose that Suit of which you have not the King"',
        )
        named = suits[0] if one else ", ".join(suits[:-1]) + " and " + suits[-1]
        why_not.append(f"{named} {'gives' if one else 'give'} {compared[i]}")
    verdict = _cap("; ".join(why_not)) + "."
    choices.sort(key=lambda c: SUITS.index(Suit.parse(c.text)))
    return _ex(
        "advice.trump",
        seed,
        prompt=(
            f"Your hand: {_t(sorted(hand, key=lambda c: c.index))}. You will play. Counting sure tricks by "
            f"{_RULE_OF_THUMB}, which suit should you name trumps? (Between suits that count the same, "
            "the rule of thumb takes the one with more trumps, then the 1665 preferences: a black suit, "
            "then one whose king you do not hold.)"
        ),
        choices=tuple(choices),
        solution=f"{best.plural.title()}. {_cap(cands[0].explain())}. {verdict}",
        hint="Reckon the hand four times, once for each trump suit.",
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: c.index)),
    )


@_register("advice.discard")
def _advice_discard(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    hand = _advice_hand(rng, lambda h: 2 <= len(advised_discards(h, trump)) <= 6)
    throw = advised_discards(hand, trump)
    return _ex(
        "advice.discard",
        seed,
        prompt=(
            f"You are the Ombre with {trump.plural} trumps. Your hand: "
            f"{_t(sorted(hand, key=lambda c: -strength(c, trump)))}. Following the 1665 advice, how many "
            "cards do you throw out and take in from the stock?"
        ),
        number=Fraction(len(throw)),
        solution=(
            f'{len(throw)}: {_t(throw)}. Keep the trumps and the kings; "all other Cards but them and '
            'Trumps, are to be discarded" (1665).'
        ),
        hint="Which of your cards are neither trumps nor kings?",
        mistakes=(
            (
                Fraction(len(throw) + sum(1 for c in hand if c.rank == "K" and not is_trump(c, trump))),
                'Keep the kings: 1665 counts them "as good as Trumps".',
            ),
        ),
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: -strength(c, trump))),
        trump=trump,
    )


@_register("advice.black")
def _advice_black(rng: random.Random, seed: int) -> Exercise:
    black = rng.choice([Suit.SPADES, Suit.CLUBS])
    red = rng.choice([Suit.HEARTS, Suit.DIAMONDS])
    smalls = {s: [c for c in trump_order(s)[6:] if c.suit is s] for s in (black, red)}
    hand = [SPADILLE, BASTO] + rng.sample(smalls[black], 2) + rng.sample(smalls[red], 2)
    other_black = Suit.CLUBS if black is Suit.SPADES else Suit.SPADES
    other_red = Suit.DIAMONDS if red is Suit.HEARTS else Suit.HEARTS
    hand += rng.sample([Card(r, other_black) for r in "34567JQ"], 1)
    hand += rng.sample([Card(r, other_red) for r in "23456JQ"], 2)
    ranked = trump_candidates(hand)
    cands = {r.trump: r for r in ranked}
    best = ranked[0].trump
    if best is not black:  # pragma: no cover - the hand is built so that it is
        raise ExerciseError(f"advice.black #{seed}: {best.plural} came out best, not {black.plural}")
    choices = (
        Choice(
            black.plural.title(),
            True,
            f"By the book's rule of thumb, {cands[black].explain()}. As good as {red.plural} by the count, "
            "and black is preferred: "
            '"because there are fewer Trumps of it" (11 against 12), fewer are left against you.',
        ),
        Choice(
            red.plural.title(),
            False,
            f"By the book's rule of thumb, {cands[red].explain()}. The count is the same, but 1665 prefers "
            "the black suit, which "
            "has one trump fewer.",
        ),
    )
    return _ex(
        "advice.black",
        seed,
        prompt=(
            f"Your hand: {_t(sorted(hand, key=lambda c: c.index))}. With both black aces you have four "
            f"trumps in {black.plural} or in {red.plural}. Which should you name?"
        ),
        choices=_shuffled(rng, choices),
        solution=(
            f'{best.plural.title()}. 1665, "Of taking in" 4: "First, the Black Suit is to be '
            "preferr'd before the Red, because there are fewer Trumps of it\"."
        ),
        hint="How many trumps does each suit have?",
        source=_ADVICE_SRC,
        cards=tuple(sorted(hand, key=lambda c: c.index)),
    )


# ---------------------------------------------------------------------------
# 7. Tenaces and counting trumps
# ---------------------------------------------------------------------------


@_register("tenaces.count")
def _tenaces_count(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    trumps = list(trump_order(trump))
    mine = rng.sample(trumps, rng.randint(2, 5))
    fallen = rng.sample([c for c in trumps if c not in mine], rng.randint(2, 5))
    out = len(trumps) - len(mine) - len(fallen)
    return _ex(
        "tenaces.count",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. You hold the trumps "
            f"{_t(sorted(mine, key=lambda c: -strength(c, trump)))}, "
            f"and these trumps have been played: {_t(sorted(fallen, key=lambda c: -strength(c, trump)))}. "
            "How many "
            "trumps have you not yet seen (in the other hands or out of play)?"
        ),
        number=Fraction(out),
        solution=(
            f"{out}: {trump.plural} have {len(trumps)} trumps; {len(trumps)} - {len(mine)} held - "
            f'{len(fallen)} played = {out}. 1665: "it importing so much that the player counts the Trumps, '
            "as the miscounting only one, do's often lose the Game\"."
        ),
        hint=f"Start from the number of trumps in {trump.plural}: black suits have 11, red 12.",
        mistakes=(
            (
                # the other colour's total: 11 for a red suit (one too few), 12 for a black one
                Fraction(out - 1 if trump.is_red else out + 1),
                "Check the total: 11 trumps in a black suit, 12 in a red one.",
            ),
        ),
        source=_TENACE_SRC,
        trump=trump,
    )


@_register("tenaces.draw")
def _tenaces_draw(rng: random.Random, seed: int) -> Exercise:
    trump = SUITS[seed % 4] if seed < 4 else rng.choice(SUITS)
    trumps = list(trump_order(trump))
    rounds = 3
    extra = rng.randint(1, 2 if trump.is_black else 3)
    held = 3 + extra
    left = len(trumps) - held - 2 * rounds
    return _ex(
        "tenaces.draw",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps. You hold the three matadors and {extra} other trump"
            f"{'s' if extra > 1 else ''}, and lead your matadors one after another. Both opponents follow "
            "with a trump each time. How many trumps can still be against you?"
        ),
        number=Fraction(max(left, 0)),
        solution=(
            f"{max(left, 0)}: {len(trumps)} trumps - {held} of yours - {2 * rounds} that fell = {left}. "
            '1665: "if you have three Matadors with two other Trumps your best way is first to play you '
            "[your] Matadors, to see how the Trump lie, and if both follow, you are sure that if three [the] "
            'Trump be Red, there remains onely one Trump in their hands; if Black, none at all".'
        ),
        hint="Count: the suit's trumps, less yours, less two for every round both followed.",
        source=_TENACE_SRC,
        trump=trump,
    )


def _tenace_position(
    rng: random.Random,
) -> tuple[Suit, tuple[Card, Card], tuple[Card, Card], tuple[Card, Card]]:
    trump = rng.choice(SUITS)
    order = list(trump_order(trump))
    i = rng.randrange(0, 4)
    mine = (order[i], order[i + 2])
    his = (order[i + 1], rng.choice(order[i + 3 :]))
    plains = [c for c in DECK if not is_trump(c, trump)]
    third = tuple(rng.sample(plains, 2))
    return trump, mine, his, (third[0], third[1])


@_register("tenaces.lead")
def _tenaces_lead(rng: random.Random, seed: int) -> Exercise:
    trump, mine, his, third = _tenace_position(rng)
    me, opp = 0, 1
    hands = [list(mine), list(his), list(third)]
    you_lead = solve(Position.from_hands(hands, trump=trump, ombre=me, leader=me))
    he_leads = solve(Position.from_hands(hands, trump=trump, ombre=me, leader=opp))
    ask_you = seed % 2 == 0
    n = you_lead if ask_you else he_leads
    who = "you lead" if ask_you else "he leads (and the third player, who has no trump, plays before you)"
    return _ex(
        "tenaces.lead",
        seed,
        prompt=(
            f"{trump.plural.title()} are trumps and two tricks are left. You hold {_t(mine)}; the player on "
            f"your right holds {_t(his)}; the third player holds only plain cards ({_t(third)}). If {who}, "
            "how many of the two tricks do you win with best play?"
        ),
        number=Fraction(n),
        solution=(
            f"{n}. If you lead you win {you_lead}, if he leads you win {he_leads}: "
            f'{_t(mine)} is a tenace over his {his[0].symbol}, "two Cards, which if you have the leading, '
            'you are sure to lose one of them. If the player lead to you, you are sure to win them both" '
            "(1665). (Computed by the double-dummy solver.)"
        ),
        hint="Who plays last to the trick can wait to see the other's card.",
        source=_TENACE_SRC,
        cards=tuple(mine) + tuple(his),
        trump=trump,
    )


@_register("tenaces.split")
def _tenaces_split(rng: random.Random, seed: int) -> Exercise:
    cases = [(4, 3, 1), (4, 1, 3), (3, 3, 2), (3, 2, 3), (4, 2, 2), (3, 4, 1)]
    o, a, b = cases[seed % len(cases)] if seed < 12 else rng.choice(cases)
    res_a = result_of((o, a + 1, b), 0)
    res_b = result_of((o, a, b + 1), 0)
    rank = {Result.VOLE: 0, Result.WIN: 1, Result.REPUESTO: 2, Result.CODILLE: 3}
    if rank[res_a] == rank[res_b]:
        right = "either"
    else:
        right = "baron" if rank[res_a] > rank[res_b] else "knight"
    text = {
        "baron": f"The Baron (now on {a})",
        "knight": f"The Knight (now on {b})",
        "either": "It makes no difference",
    }
    fbs = {
        "baron": f"If the Baron takes it: {o}-{a + 1}-{b}, {_RESULT_WORDS[res_a]}.",
        "knight": f"If the Knight takes it: {o}-{a}-{b + 1}, {_RESULT_WORDS[res_b]}.",
    }
    both = f"{fbs['baron']} {fbs['knight']}"
    wrong = {
        "baron": f"{fbs['baron']} Now work out what happens if the Knight takes it, and compare.",
        "knight": f"{fbs['knight']} Now work out what happens if the Baron takes it, and compare.",
        "either": "It does make a difference: the two ways of sharing the last trick end the hand "
        "differently. Work out the result of each.",
    }
    choices = tuple(
        Choice(text[k], k == right, both if k == right else wrong[k]) for k in ("baron", "knight", "either")
    )
    return _ex(
        "tenaces.split",
        seed,
        prompt=(
            f"Belinda, the Ombre, has {o} tricks, the Baron {a}, the Knight {b}. The last trick will go "
            "to one "
            "of the two defenders. Which of them should take it, for the defence's sake?"
        ),
        choices=choices,
        solution=(
            f'{text[right]}. {both} 1665: the defenders are "never to win more then one trick, if they '
            "cannot win more then two because of the advantage they give the Player by it in dividing the "
            'tricks", and they strive to make it Repuesto or Codillio.'
        ),
        hint="The Ombre wins with four only if the other five are split 3-2.",
        source=_TENACE_SRC,
    )


# ---------------------------------------------------------------------------
# 8. Probability
# ---------------------------------------------------------------------------

_PROB_SRC = "Counting hands: C(40, 9) hands, all equally likely"


@_register("probability.card")
def _prob_card(rng: random.Random, seed: int) -> Exercise:
    card = rng.choice([SPADILLE, BASTO, PAM, Card("K", rng.choice(SUITS))])
    p = p_holds_card(card)
    return _ex(
        "probability.card",
        seed,
        prompt=(
            f"Before the deal, what is the chance that you will be dealt {_name(card, None)}? "
            "Answer as a fraction (like 1/2) or a decimal."
        ),
        number=p,
        sig_figs=2,
        solution=(
            f"9/40 = {float(p):.3f}: nine of the forty cards come to you, and every card is as "
            "likely as any other to be one of them."
        ),
        hint="How many of the 40 cards are yours?",
        mistakes=(
            (Fraction(1, 40), "1/40 is the chance that one given card is the first one you are dealt."),
            (
                Fraction(1, 3),
                "There is also the stock: the 40 cards go 9, 9, 9 to the players and 13 to the stock.",
            ),
        ),
        source=_PROB_SRC,
    )


@_register("probability.with-player")
def _prob_with_player(rng: random.Random, seed: int) -> Exercise:
    card = rng.choice([SPADILLE, BASTO, Card("2", Suit.SPADES)])
    p = p_card_with_player()
    return _ex(
        "probability.with-player",
        seed,
        prompt=(
            f"You have looked at your nine cards and {_name(card, Suit.SPADES)} is not among them. What "
            "is the "
            "chance that the player on your right holds it (before anyone takes in)?"
        ),
        number=p,
        sig_figs=2,
        solution=(
            f"9/31 = {float(p):.3f}. You cannot see 31 cards: his 9, the other player's 9 and the stock's "
            "13, "
            "and the card is equally likely to be any of them."
        ),
        hint="Count the cards you cannot see.",
        mistakes=(
            (Fraction(1, 2), "The card may also lie in the stock of thirteen."),
            (Fraction(9, 40), "You have seen your own nine cards: only 31 places are left."),
        ),
        source=_PROB_SRC,
    )


@_register("probability.hands")
def _prob_hands(rng: random.Random, seed: int) -> Exercise:
    n = hands_count()
    return _ex(
        "probability.hands",
        seed,
        prompt="How many different hands of nine cards can be dealt from the forty-card pack?",
        number=Fraction(n),
        solution=(
            f"{n:,}: the number of ways to choose 9 cards from 40, C(40, 9) = 40 x 39 x ... x 32 / "
            "(9 x 8 x ... x 1). The order in which the cards arrive does not matter."
        ),
        hint="Choose 9 of 40; the order does not matter.",
        mistakes=(
            (
                Fraction(math.perm(40, 9)),
                "That counts the order the cards arrive in; divide by 9! = 362,880.",
            ),
        ),
        source=_PROB_SRC,
    )


@_register("probability.matadors")
def _prob_matadors(rng: random.Random, seed: int) -> Exercise:
    trump = rng.choice(SUITS)
    p = p_all_matadors(trump)
    return _ex(
        "probability.matadors",
        seed,
        prompt=(
            f"What is the chance of being dealt all three matadors for {trump.plural} (A♠, "
            f'{manille(trump).symbol} and A♣)? Answer as a fraction, a decimal, or "1 in N".'
        ),
        number=p,
        sig_figs=2,
        solution=(
            f"{p.numerator}/{p.denominator} = {float(p):.4f}, about 1 in {round(1 / p)}: the hands holding "
            "the three named cards are C(37, 6), out of C(40, 9) hands."
        ),
        hint="Fix the three cards in your hand; count the ways to choose the other six.",
        mistakes=(
            (
                Fraction(9, 40) ** 3,
                "The three cards are not independent: once one is yours, fewer places "
                "are left for the others.",
            ),
        ),
        source=_PROB_SRC,
        trump=trump,
    )


@_register("probability.compare")
def _prob_compare(rng: random.Random, seed: int) -> Exercise:
    events = [
        ("being dealt Spadille", p_holds_card(SPADILLE)),
        ("being dealt at least one matador for spades", p_some_matador(Suit.SPADES)),
        ("being dealt three or more kings", p_holds_at_least(3, 4)),
        ("being dealt five or more trumps of hearts", p_holds_at_least(5, 12)),
        ("being dealt all three matadors for spades", p_all_matadors(Suit.SPADES)),
    ]
    a, b = rng.sample(events, 2)
    hi, lo = (a, b) if a[1] > b[1] else (b, a)
    fb = (
        f"{_cap(hi[0])}: {hi[1].numerator}/{hi[1].denominator} = {float(hi[1]):.4f}; "
        f"{lo[0]}: {lo[1].numerator}/{lo[1].denominator} = {float(lo[1]):.4f}."
    )
    wrong = (
        f"{_cap(lo[0])} has the chance {lo[1].numerator}/{lo[1].denominator} = {float(lo[1]):.4f}. "
        "Count the other chance the same way and compare the two."
    )
    choices = (Choice(_cap(hi[0]), True, fb), Choice(_cap(lo[0]), False, wrong))
    return _ex(
        "probability.compare",
        seed,
        prompt=f"Which is more likely: {a[0]}, or {b[0]}?",
        choices=_shuffled(rng, choices),
        solution=f"{_cap(hi[0])}. {fb} (Exact counts over the C(40, 9) hands.)",
        hint="Estimate each: how many cards are involved, and how many must you get?",
        source=_PROB_SRC,
    )


# ---------------------------------------------------------------------------
# Generating, sets, lookup
# ---------------------------------------------------------------------------


def generate(kind: str, seed: int = 0) -> Exercise:
    """A fresh exercise of ``kind``; the same seed gives the same exercise.

    >>> generate("tricks.winner", seed=5) == generate("tricks.winner", seed=5)
    True
    >>> generate("nonsense")
    Traceback (most recent call last):
    ...
    ombre.teaching.ExerciseError: unknown kind of exercise 'nonsense'; known kinds: order.count, ...
    """
    fn = GENERATORS.get(kind)
    if fn is None:
        known = ", ".join(GENERATORS)
        raise ExerciseError(f"unknown kind of exercise {kind!r}; known kinds: {known}")
    return fn(random.Random(f"{kind}:{seed}"), seed)


@dataclass(frozen=True)
class SetSpec:
    """A set of the book: its key, title, introduction, the kinds (with seeds) and the teacher's notes."""

    key: str
    title: str
    intro: str
    items: tuple[tuple[str, int], ...]
    notes: str = ""


#: Lesser marks to a great mark under the 1665 rules: the pamphlet's example rate, not a rule of it.
_GREAT_MARK = dict(get_rules("1665").unit_values)["great marks"]

SET_SPECS: tuple[SetSpec, ...] = (
    SetSpec(
        "order",
        "The order of the cards",
        "The order of the cards changes with the trump suit. These questions practise the table of trumps "
        "for black and red suits and the order of the plain suits.",
        (
            ("order.count", 2),
            ("order.highest", 1),
            ("order.position", 4),
            ("order.plain", 0),
            ("order.punto", 1),
        ),
        "Start with the two tables on the rules page. Students usually trip over the red small cards "
        "(the two above the six) and over Basto being a trump in every suit. Ask them to say the order aloud "
        "for one black and one red suit before the set.",
    ),
    SetSpec(
        "matadors",
        "Matadors and following suit",
        "Spadille, Manille and Basto are the matadors. A player must follow suit, and trumps must answer "
        "trumps, except that a matador need not be played to a lower trump.",
        (
            ("matadors.manille", 0),
            ("matadors.legal", 1),
            ("matadors.legal", 2),
            ("matadors.privilege", 3),
            ("matadors.count-legal", 4),
        ),
        "The privilege is the rule most readers of Pope have never met. Have the class find the sentence "
        "in the "
        '1665 text ("none but commanding Cards can force them out of your hands") before answering.',
    ),
    SetSpec(
        "tricks",
        "Who wins the trick",
        "A trick goes to the highest trump in it, or, if there is none, to the highest card of the suit led.",
        (
            ("tricks.winner", 1),
            ("tricks.winner", 2),
            ("tricks.winner", 7),
            ("tricks.take", 3),
            ("tricks.take", 6),
        ),
        "Most mistakes come from a high card of a suit that was not led. The play-against-the-computer "
        "notebook "
        "lets students test their answers in real hands.",
    ),
    SetSpec(
        "results",
        "Results and payments",
        "The Ombre wins with more tricks than each defender; otherwise it is codille or repuesto. "
        "What is paid differs between the 1665 rules and the Court Gamester's.",
        (
            ("results.outcome", 0),
            ("results.outcome", 1),
            ("results.outcome", 2),
            ("results.matadors", 0),
            ("results.matadors", 1),
        ),
        "The result questions need only the trick counts. The payment questions use the rule-set table: let "
        "students compare the two columns before they answer. The 1665 payment questions count in lesser "
        f"marks at the pamphlet's example rate, {_GREAT_MARK} to a great mark; the pamphlet leaves the rate "
        'to the players ("and so according as you please").',
    ),
    SetSpec(
        "pope",
        "Reading Pope's lines as plays",
        "Canto III of The Rape of the Lock narrates Belinda's game trick by trick. Each question quotes the "
        "lines and asks what happens at the table.",
        tuple(("pope.line", i) for i in _POPE_SET_ITEMS),
        "Read the whole passage (iii.25-100) aloud first. The questions follow the order of the poem, so "
        "the set "
        "can accompany a close reading; the replay page shows every trick with its lines.",
    ),
    SetSpec(
        "advice",
        "Choosing trumps and the exchange",
        "The 1665 pamphlet gives rules of thumb: play only with three sure tricks, counting kings as good as "
        "trumps; prefer a black trump suit and one whose king you lack; throw out everything but trumps "
        "and kings.",
        (
            ("advice.sure-tricks", 0),
            ("advice.bid", 0),
            ("advice.bid", 1),
            ("advice.trump", 2),
            ("advice.black", 0),
        ),
        "The reckoning is the one the book's rule-of-thumb computer player uses, so students can watch it in "
        "play. It is a rule of thumb, not a proof: the computer players page measures it against a player "
        "that solves sampled deals.",
    ),
    SetSpec(
        "tenaces",
        "Tenaces and counting trumps",
        "Count the trumps; keep a tenace for the opponent to lead into; and, as a defender, share the tricks "
        "so as not to hand the Ombre a 4-3-2.",
        (
            ("tenaces.count", 0),
            ("tenaces.draw", 1),
            ("tenaces.lead", 0),
            ("tenaces.lead", 1),
            ("tenaces.split", 0),
        ),
        "The tenace answers are computed by the double-dummy solver. Have students play the two-card ending "
        "both ways with cards on the desk.",
    ),
    SetSpec(
        "probability",
        "Probability",
        "Every hand of nine cards is equally likely, so chances are counts of hands. The probability lab "
        "checks "
        "each count against a simulation.",
        (
            ("probability.card", 0),
            ("probability.with-player", 0),
            ("probability.hands", 0),
            ("probability.matadors", 0),
            ("probability.compare", 2),
        ),
        'The numeric answers accept fractions, decimals, percentages and "1 in N", exactly or to two '
        "significant figures (0.67 or 67% for 2/3; 1 in 150 for 1 in 147). The lab page "
        "plots a simulation closing in on each exact value.",
    ),
)

_SPEC_BY_KEY = {s.key: s for s in SET_SPECS}


@dataclass(frozen=True)
class SetPlan:
    """How to teach a set: the book's estimate of its class time, its rules, and what to have ready.

    ``rules`` names the rule sets (:data:`ombre.engine.rulesets.RULESETS` keys) whose payments the questions
    use, each question naming its own; an empty tuple means the questions use only the rules of
    play (the order of the cards, following suit, who wins a trick), which the engine applies alike
    under every rule set.
    """

    key: str
    minutes: int
    rules: tuple[str, ...]
    materials: str


#: The teaching plan of each set of :data:`SET_SPECS`, in the same order.
SET_PLANS: tuple[SetPlan, ...] = (
    SetPlan("order", 20, (), "the two tables of the order of the cards on the rules page"),
    SetPlan("matadors", 20, (), "the rules page on following suit and the privilege of the matadors"),
    SetPlan("tricks", 20, (), "a pack of cards, to lay out the tricks of the questions"),
    SetPlan("results", 30, ("1665", "court-gamester"), "the rule-set table on the rules page"),
    SetPlan(
        "pope",
        30,
        (),
        "Canto III, lines 25 to 100, and the replay of Belinda's game (the tricks page shows the lines "
        "beside each trick)",
    ),
    SetPlan("advice", 25, (), "a pack of cards, to deal practice hands and reckon them"),
    SetPlan("tenaces", 30, (), "a pack of cards, to play the two-card endings both ways"),
    SetPlan("probability", 30, (), "the probability lab page, which checks each count by simulation"),
)

_PLAN_BY_KEY = {p.key: p for p in SET_PLANS}


def set_plan(key: str) -> SetPlan:
    """The teaching plan of the set called ``key``.

    >>> p = set_plan("results")
    >>> p.minutes, p.rules
    (30, ('1665', 'court-gamester'))
    >>> set_plan("order").rules
    ()
    """
    plan = _PLAN_BY_KEY.get(key)
    if plan is None:
        raise ExerciseError(f"unknown exercise set {key!r}; sets: {', '.join(_PLAN_BY_KEY)}")
    return plan


def exercise_set(key: str, seed: int = 0) -> ExerciseSet:
    """The set called ``key``; ``seed`` 0 is the book's version, other seeds give fresh questions.

    >>> s = exercise_set("order")
    >>> s.title, len(s), s.exercises[0].id
    ('The order of the cards', 5, 'order-1')
    >>> exercise_set("order", seed=1).exercises[1].prompt != s.exercises[1].prompt
    True
    """
    spec = _SPEC_BY_KEY.get(key)
    if spec is None:
        raise ExerciseError(f"unknown exercise set {key!r}; sets: {', '.join(_SPEC_BY_KEY)}")
    out = []
    for i, (kind, base) in enumerate(spec.items):
        ex = generate(kind, base + 1000 * seed)
        out.append(_renamed(ex, f"{key}-{i + 1}" if seed == 0 else f"{key}-{i + 1}s{seed}"))
    return ExerciseSet(spec.key, spec.title, spec.intro, tuple(out), spec.notes, seed)


def _renamed(ex: Exercise, new_id: str) -> Exercise:
    from dataclasses import replace

    return replace(ex, id=new_id)


def all_sets(seed: int = 0) -> list[ExerciseSet]:
    """Every set of the book, in order."""
    return [exercise_set(s.key, seed) for s in SET_SPECS]


def find(exercise_id: str) -> Exercise:
    """The exercise with this id (``order-1``, or ``order-2s7`` for seed 7).

    >>> find("pope-2").quote[0][0]
    49
    """
    m = re.fullmatch(r"([a-z]+)-(\d+)(?:s(\d+))?", exercise_id.strip())
    if not m:
        raise ExerciseError(f"{exercise_id!r} is not an exercise id (like order-1)")
    key, n, seed = m.group(1), int(m.group(2)), int(m.group(3) or 0)
    s = exercise_set(key, seed)
    if not 1 <= n <= len(s):
        raise ExerciseError(f"set {key!r} has exercises 1 to {len(s)}, not {n}")
    return s.exercises[n - 1]


def check(exercise_id: str, response: str | int | float | Fraction) -> Feedback:
    """Check an answer to the exercise with this id (for notebooks without widgets).

    >>> check("order-1", 12).correct
    True
    """
    return find(exercise_id).check(response)
