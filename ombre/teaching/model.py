"""The exercise model: a question with its choices or numeric answer, the feedback on an answer,
the sets of the book and their teaching plans."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ombre.engine.cards import Card, Suit
from ombre.teaching.answers import (
    _NUMBER_WORDS,
    ExerciseError,
    _is_odds,
    _show_number,
    numbers_match,
    parse_number,
)

__all__ = ["Choice", "Feedback", "Exercise", "ExerciseSet", "SetSpec", "SetPlan"]


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
    def question_key(self) -> tuple[object, ...]:
        """What a student sees of the question: two exercises with the same key ask the same question.

        >>> from ombre.teaching import generate
        >>> generate("probability.hands", 0).question_key == generate("probability.hands", 5).question_key
        True
        """
        return (self.prompt, tuple(c.text for c in self.choices), self.cards, self.quote, self.unit)

    @property
    def answer_index(self) -> int:
        """The position of the right choice (choice exercises only)."""
        for i, c in enumerate(self.choices):
            if c.correct:
                return i
        raise ExerciseError(f"exercise {self.id} has no choices")

    @property
    def counts(self) -> bool:
        """True if the answer is a whole number asked for exactly: a count (or a place), which a
        student may write in words (``twelve``), and to which a fraction is no answer.

        >>> from ombre.teaching import find
        >>> find("order-1").counts, find("probability-1").counts
        (True, False)
        """
        return (
            not self.choices
            and self.number is not None
            and self.number.denominator == 1
            and not (self.sig_figs or self.tolerance or self.rel_tolerance)
        )

    @property
    def precision(self) -> str:
        """How close a numeric answer must be, as a sentence for the question (empty: exactly).

        >>> from ombre.teaching import find
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
        (``"9/40"``), percentage (``"22.5%"``), ``"1 in 118"`` or place (``"8th"``); a number
        that is neither right nor a common mistake is echoed as written.

        >>> from ombre.teaching import generate
        >>> ex = generate("tricks.winner", seed=1)
        >>> ex.check("z")
        Traceback (most recent call last):
        ...
        ombre.teaching.answers.ExerciseError: answer with a letter from a to c, or the choice's text
        >>> print(generate("probability.matadors", 0).check("0.0086"))  # doctest: +ELLIPSIS
        Not right: 0.0086 is too high. ...
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
        # the answer as the student wrote it (0.0086, not 43/5000)
        typed = response.strip() if isinstance(response, str) else _show_number(value)
        return Feedback(False, f"Not right: {typed} is {direction}.{more}")

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

        >>> from ombre.teaching import exercise_set
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


@dataclass(frozen=True)
class SetSpec:
    """A set of the book: its key, title, introduction, the kinds (with seeds) and the teacher's notes."""

    key: str
    title: str
    intro: str
    items: tuple[tuple[str, int], ...]
    notes: str = ""


@dataclass(frozen=True)
class SetPlan:
    """How to teach a set: the book's estimate of its class time, its rules, and what to have ready.

    ``rules`` names the rule sets (:data:`ombre.engine.rulesets.RULESETS` keys) whose payments the questions
    use, each question naming its own; an empty tuple means the questions use only the rules of
    play (the order of the cards, following suit, who wins a trick), which the engine applies alike
    under every rule set.  ``objectives`` are the learning objectives and ``points`` the marking
    scheme, one number for each question (a worked number is worth more than a choice).
    """

    key: str
    minutes: int
    rules: tuple[str, ...]
    materials: str
    #: what a student can do after the set, each finishing "Students can ..."
    objectives: tuple[str, ...] = ()
    #: the marking scheme: the points for a right answer to each question, in the set's order
    points: tuple[int, ...] = ()

    @property
    def total_points(self) -> int:
        """The points of the whole set."""
        return sum(self.points)
