"""Another question like this one: an exercise drawn by the engine's seeded generator in the reader's
browser, written as the book's exercise pages write theirs.

The page sends the kind of the question it is like and a seed; the answer is the question's HTML
(:func:`ombre.display.teaching.html.exercise_html`, the same markup, the same data) so that the
page's own script checks it as it checks the book's questions, with the same feedback. The seed is
shown in the question's heading: the same seed always deals the same question, so a teacher can
say "question 3, seed 12" (``ombre.teaching.generate(kind, 12)`` in Python deals it too).

>>> d = draw("order.count", 12, question=1)
>>> d["id"], d["title"], d["seed"]
('ex-order-1-seed12', 'Question 1, seed 12', 12)
>>> d["html"].startswith('<section class="ombre-ex" id="ex-order-1-seed12"')
True
>>> draw("order.count", -1)
Traceback (most recent call last):
...
ombre.errors.OmbreError: a seed is a whole number from 0 to 1,000,000,000, not -1
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ombre.display.teaching.html import exercise_html, question_tag
from ombre.errors import OmbreError
from ombre.teaching import Exercise, generate

__all__ = ["draw", "METHODS", "MAX_SEED", "REDRAWS", "MAX_AVOID"]

#: the largest seed a page may ask for
MAX_SEED = 1_000_000_000
#: how many seeds after the one asked for are tried for a question not already on the page
REDRAWS = 60
#: the most questions a page may say it holds
MAX_AVOID = 500


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OmbreError(f"{what} is a whole number from {low:,} to {high:,}, not {value!r}")
    return value


def _dealt(kind: str, seed: int, avoid: set[str]) -> tuple[Exercise, int, bool]:
    """The question of ``seed``, or of the first of the next seeds whose question is not in ``avoid``;
    with its seed, and whether it repeats one (the kind has too few versions)."""
    for s in range(seed, min(seed + REDRAWS, MAX_SEED) + 1):
        ex = generate(kind, s)
        if question_tag(ex) not in avoid:
            return ex, s, False
    return generate(kind, seed), seed, True


def draw(
    kind: str,
    seed: int,
    question: int = 1,
    solutions: bool = True,
    heading_level: int = 2,
    prefix: str = "ex-",
    avoid: list[str] | None = None,
) -> dict[str, Any]:
    """A question of ``kind`` dealt from ``seed``, like question number ``question`` of its set.

    ``avoid`` holds the :func:`~ombre.display.teaching.html.question_tag` of the questions on the page:
    a seed whose question is among them gives way to the next seed that deals another (the heading
    shows the seed that dealt it). ``solutions`` and ``heading_level`` follow the page's set.

    >>> from ombre.display.teaching.html import question_tag
    >>> first = draw("probability.hands", 3)
    >>> again = draw("probability.hands", 3, avoid=[question_tag(generate("probability.hands", 3))])
    >>> first["seed"], again["seed"], again["note"].startswith("This kind of question")
    (3, 3, True)
    """
    if not isinstance(kind, str):
        raise OmbreError("the kind of exercise must be text, like 'order.count'")
    seed = _whole(seed, "a seed", 0, MAX_SEED)
    question = _whole(question, "a question's number", 1, 99)
    heading_level = _whole(heading_level, "a heading level", 2, 6)
    if not isinstance(prefix, str) or not prefix.replace("-", "").replace("_", "").isalnum():
        raise OmbreError(f"the prefix of element ids must be letters, digits, - or _, not {prefix!r}")
    tags = avoid or []
    if not isinstance(tags, list) or len(tags) > MAX_AVOID or not all(isinstance(t, str) for t in tags):
        raise OmbreError(f"avoid is a list of at most {MAX_AVOID} question tags")
    ex, dealt, repeats = _dealt(kind, seed, set(tags))
    key = kind.split(".", 1)[0]
    ex = replace(ex, id=f"{key}-{question}-seed{dealt}")
    title = f"Question {question}, seed {dealt}"
    html = exercise_html(
        ex, question, heading_level=heading_level, prefix=prefix, solutions=bool(solutions), title=title
    )
    note = "This kind of question has few versions: this one is already on the page." if repeats else ""
    return {"html": html, "id": f"{prefix}{ex.id}", "title": title, "seed": dealt, "kind": kind, "note": note}


#: what the page may ask of this module (ombre.display.browser.api)
METHODS = {"draw": draw}
