"""Collecting a class's work: the students' answer files and the teacher's class summary.

A student saves an **answer file** for a set, from the book's page of the set (the *Save my answers*
button) or from the students' notebook (``sheet.save(...)``), and hands it in.  The file records
what the student answered, every try in order; it does not record verdicts: the teacher's summary
judges every answer again with the engine, so a file cannot claim a score.

The format, version 1, is a small JSON object (UTF-8)::

    {
      "format": "ombre-answers",
      "version": 1,
      "set": "order",                  the set's key
      "seed": 0,                       0 for the book's questions, N for the fresh version of seed N
      "student": "Ada",                as the student wrote it (may be empty)
      "date": "3 March",               as the student wrote it (may be empty; nothing reads the clock)
      "answers": {                     exercise id -> the answers tried, first first
        "order-1": ["11", "12"],       a number as typed
        "order-2": ["b"]               a choice by its letter
      },
      "score": {"points": 5, "of": 7}  optional: what the student was shown; the summary ignores it
    }

:func:`class_summary` reads a folder of such files (``*.json``) into a :class:`ClassSummary` for
each set and seed found: per question, how many students were right first time, right after a
wrong try, only wrong, or did not answer, and the commonest wrong answers; per student, the points
of the marking scheme (:attr:`~ombre.teaching.model.SetPlan.points`) and the questions right first
time.  A file that cannot be read is reported in one located line (:class:`AnswerFileError`) and
left out; the command line is ``python -m ombre class-summary FOLDER``, the notebook
``notebooks/class-summary.ipynb`` (also ``teacher/class-summary.ipynb`` of the handouts).
:func:`example_class` writes a seeded made-up class's files, to try the summary without a class.

>>> sheet = AnswerSheet("order", student="Ada")
>>> sheet.check("order-1", "11").correct, sheet.check("order-1", "12").correct
(False, True)
>>> sheet.check("order-2", 1).correct  # a choice by its position: saved as its letter
True
>>> sheet.answers["order-2"], sheet.score()
(['b'], (3, 7))
>>> read_answers(sheet.to_json()) == sheet
True
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ombre.errors import OmbreError
from ombre.teaching.answers import ExerciseError, _show_number
from ombre.teaching.model import Exercise, ExerciseSet, Feedback
from ombre.teaching.sets import exercise_set, set_plan

__all__ = [
    "ANSWERS_FORMAT",
    "ANSWERS_VERSION",
    "AnswerFileError",
    "AnswerSheet",
    "read_answers",
    "load_answers",
    "QuestionSummary",
    "StudentResult",
    "ClassSummary",
    "summarise",
    "class_summary",
    "EXAMPLE_STUDENTS",
    "example_class",
]

#: The ``format`` field of every answer file.
ANSWERS_FORMAT = "ombre-answers"
#: The version of the format this module writes and reads.
ANSWERS_VERSION = 1
#: The largest answer file read (a set's answers take a few hundred bytes).
MAX_ANSWER_FILE = 256 * 1024
#: How many of the commonest wrong answers a question's summary keeps.
COMMON_WRONG = 3


class AnswerFileError(OmbreError):
    """An answer file or folder cannot be read; the message names the file and where in it."""


def _letter(i: int) -> str:
    return chr(ord("a") + i)


@dataclass
class AnswerSheet:
    """One student's answers to one set (and seed), every try kept in order.

    :meth:`check` judges an answer as :func:`ombre.teaching.check` does and records it;
    :meth:`save` writes the answer file.  An answer the engine cannot read (``"abc"`` for a
    number) raises :class:`~ombre.teaching.ExerciseError` and is not recorded, as the
    widgets and the book's page ask again.
    """

    set_key: str
    seed: int = 0
    student: str = ""
    date: str = ""
    answers: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._set = exercise_set(self.set_key, self.seed)  # an unknown set fails here
        self._by_id = {ex.id: ex for ex in self._set}

    @property
    def exercises(self) -> ExerciseSet:
        return self._set

    @property
    def exercise_ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    def exercise(self, exercise_id: str) -> Exercise:
        ex = self._by_id.get(exercise_id)
        if ex is None:
            ids = ", ".join(self._by_id)
            raise ExerciseError(f"{exercise_id!r} is not a question of this set ({ids})")
        return ex

    def record(self, exercise_id: str, response: str | int | float | Fraction) -> str:
        """Record an answer as the file keeps it (a choice as its letter); return that text."""
        ex = self.exercise(exercise_id)
        if ex.choices:
            text = _letter(ex._choice_index(response))
        else:
            text = str(response).strip()
        self.answers.setdefault(exercise_id, []).append(text)
        return text

    def check(self, exercise_id: str, response: str | int | float | Fraction) -> Feedback:
        """Judge ``response`` to ``exercise_id``, record it, and return the verdict (a ``Feedback``)."""
        fb = self.exercise(exercise_id).check(response)  # unreadable: raises, nothing recorded
        self.record(exercise_id, response)
        return fb

    def score(self) -> tuple[int, int]:
        """``(points, of)``: the marking scheme's points for the questions answered right at some try."""
        points = set_plan(self.set_key).points
        got = sum(
            p for ex, p in zip(self._set, points, strict=True) if _right_at(ex, self.answers.get(ex.id, []))
        )
        return got, sum(points)

    @property
    def file_name(self) -> str:
        """The answer file's usual name, ``answers-SET-STUDENT.json`` (``student`` when unnamed).

        >>> AnswerSheet("order", student="Ada Byron").file_name
        'answers-order-ada-byron.json'
        """
        who = "".join(ch if ch.isalnum() else "-" for ch in self.student.strip().lower()) or "student"
        return f"answers-{self.set_key}-{who}.json"

    def to_dict(self) -> dict[str, object]:
        got, of = self.score()
        return {
            "format": ANSWERS_FORMAT,
            "version": ANSWERS_VERSION,
            "set": self.set_key,
            "seed": self.seed,
            "student": self.student,
            "date": self.date,
            "answers": {k: list(v) for k, v in self.answers.items()},
            "score": {"points": got, "of": of},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    def save(
        self, path: str | Path | None = None, *, student: str | None = None, date: str | None = None
    ) -> Path:
        """Write the answer file and return its path; ``student`` and ``date``, if given, are written on
        the sheet first.  The file is ``path``, or :attr:`file_name` in the folder ``path`` (by default
        the current folder)."""
        if student is not None:
            self.student = student
        if date is not None:
            self.date = date
        target = Path(self.file_name if path is None else path)
        if target.is_dir():
            target = target / self.file_name
        try:
            target.write_text(self.to_json(), encoding="utf-8")
        except OSError as exc:
            raise AnswerFileError(f"{target}: cannot write the file ({exc.strerror or exc})") from None
        return target

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AnswerSheet):
            return NotImplemented
        mine = (self.set_key, self.seed, self.student, self.date, self.answers)
        return mine == (other.set_key, other.seed, other.student, other.date, other.answers)


def _right_at(ex: Exercise, tries: Sequence[str]) -> int | None:
    """The position (1, 2, ...) of the first right try, or ``None``; an unreadable try is wrong."""
    for n, text in enumerate(tries, 1):
        try:
            if ex.check(text).correct:
                return n
        except ExerciseError:
            continue
    return None


def _line_of(text: str, needle: str) -> int:
    """The line of ``text`` where ``needle`` first appears (1 if nowhere), to locate a bad field."""
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def read_answers(text: str, source: str = "<answers>") -> AnswerSheet:
    """Read an answer file's text; any problem is an :class:`AnswerFileError` naming ``source`` and the line.

    >>> read_answers('{"format": "ombre-answers", "version": 1, "set": "order"', "ada.json")
    Traceback (most recent call last):
    ...
    ombre.teaching.collect.AnswerFileError: ada.json: line 1, column 57: not JSON (Expecting ',' delimiter)
    >>> read_answers('{"format": "ombre-answers", "version": 1,\\n "set": "whist", "answers": {}}', "bo.json")
    Traceback (most recent call last):
    ...
    ombre.teaching.collect.AnswerFileError: bo.json: line 2: "set": unknown exercise set 'whist'; sets: ...
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AnswerFileError(
            f"{source}: line {exc.lineno}, column {exc.colno}: not JSON ({exc.msg})"
        ) from None

    def bad(key: str, why: str) -> AnswerFileError:
        return AnswerFileError(f'{source}: line {_line_of(text, json.dumps(key))}: "{key}": {why}')

    if not isinstance(data, dict):
        raise AnswerFileError(f"{source}: line 1: an answer file is a JSON object {{...}}")
    if data.get("format") != ANSWERS_FORMAT:
        raise bad("format", f"this is not an Ombre answer file (expected {ANSWERS_FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise bad("version", "expected a whole number")
    if version != ANSWERS_VERSION:
        raise bad("version", f"version {version}; this ombre reads version {ANSWERS_VERSION}")
    key, seed = data.get("set"), data.get("seed", 0)
    if not isinstance(key, str):
        raise bad("set", 'expected the set\'s key, such as "order"')
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise bad("seed", "expected a whole number, 0 or more")
    strings: dict[str, str] = {}
    for name in ("student", "date"):
        value = data.get(name, "")
        if not isinstance(value, str):
            raise bad(name, "expected text")
        strings[name] = value
    try:
        sheet = AnswerSheet(key, seed, strings["student"], strings["date"])
    except ExerciseError as exc:
        raise bad("set", str(exc)) from None
    answers = data.get("answers")
    if not isinstance(answers, dict):
        raise bad("answers", "expected an object of exercise ids and the answers tried")
    for ex_id, tries in answers.items():
        if ex_id not in sheet._by_id:
            raise bad(ex_id, f"not a question of the set {key!r}, seed {seed} ({', '.join(sheet._by_id)})")
        if not isinstance(tries, list) or not all(isinstance(t, str) for t in tries):
            raise bad(ex_id, "expected a list of the answers tried, as text")
        sheet.answers[ex_id] = list(tries)
    return sheet


def load_answers(path: str | Path) -> AnswerSheet:
    """Read the answer file at ``path`` (see :func:`read_answers`)."""
    p = Path(path)
    try:
        if not p.is_file():
            raise AnswerFileError(f"{p}: not a file")
        if p.stat().st_size > MAX_ANSWER_FILE:
            raise AnswerFileError(f"{p}: larger than {MAX_ANSWER_FILE // 1024} KB; not an answer file")
        raw = p.read_bytes()
    except OSError as exc:
        raise AnswerFileError(f"{p}: cannot read the file ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise AnswerFileError(f"{p}: byte {exc.start}: not UTF-8 text") from None
    return read_answers(text, str(p))


@dataclass(frozen=True)
class QuestionSummary:
    """How the class did on one question; the four counts add up to the number of students."""

    number: int
    id: str
    points: int
    right_first_time: int
    right_eventually: int
    wrong: int
    unanswered: int
    #: the commonest wrong answers with how many students gave each, commonest first
    common_wrong: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class StudentResult:
    """One student's result: points of the marking scheme, and questions right first time."""

    student: str
    file: str
    points: int
    right_first_time: int
    answered: int


@dataclass(frozen=True)
class ClassSummary:
    """A class's answers to one set (and seed)."""

    set_key: str
    seed: int
    title: str
    total_points: int
    questions: tuple[QuestionSummary, ...]
    students: tuple[StudentResult, ...]

    def text(self) -> str:
        """The summary as plain-text tables (the command's output)."""
        version = "the book's questions" if self.seed == 0 else f"fresh questions, seed {self.seed}"
        n = len(self.students)
        lines = [f"{self.title} ({self.set_key}, {version}): {n} student{'s' if n != 1 else ''}", ""]
        lines.append(
            "question  points  right first time  right later  wrong  unanswered  common wrong answers"
        )
        for q in self.questions:
            common = ", ".join(f"{a!r} x{c}" for a, c in q.common_wrong) or "-"
            lines.append(
                f"{q.number:>2} {q.id:<12} {q.points:>3} {q.right_first_time:>17} {q.right_eventually:>12} "
                f"{q.wrong:>6} {q.unanswered:>11}  {common}"
            )
        lines += ["", f"student                    points (of {self.total_points})  right first time  file"]
        for s in self.students:
            name = s.student or "(no name)"
            lines.append(f"{name:<26} {s.points:>13} {s.right_first_time:>17}  {s.file}")
        return "\n".join(lines)


def summarise(sheets: Iterable[tuple[str, AnswerSheet]]) -> ClassSummary:
    """The summary of ``(file name, sheet)`` pairs, all of one set and seed."""
    pairs = list(sheets)
    if not pairs:
        raise AnswerFileError("no answer files to summarise")
    first = pairs[0][1]
    if any((s.set_key, s.seed) != (first.set_key, first.seed) for _, s in pairs):
        raise AnswerFileError("a summary takes the answer files of one set and seed")
    exs = first.exercises
    points = set_plan(first.set_key).points
    right: dict[str, list[int | None]] = {ex.id: [] for ex in exs}
    wrong_answers: dict[str, Counter[str]] = {ex.id: Counter() for ex in exs}
    students = []
    for name, sheet in pairs:
        got = first_time = answered = 0
        for ex, p in zip(exs, points, strict=True):
            tries = sheet.answers.get(ex.id, [])
            at = _right_at(ex, tries) if tries else None
            right[ex.id].append(at if tries else -1)
            answered += bool(tries)
            got += p if at is not None else 0
            first_time += at == 1
            # each student's wrong answers once, as typed but without case and spaces at the ends
            wrong_answers[ex.id].update({t.strip().lower() for t in tries[: (at or len(tries) + 1) - 1]})
        students.append(StudentResult(sheet.student, name, got, first_time, answered))
    questions = []
    for i, (ex, p) in enumerate(zip(exs, points, strict=True), 1):
        ats = right[ex.id]
        questions.append(
            QuestionSummary(
                i,
                ex.id,
                p,
                sum(a == 1 for a in ats),
                sum(a is not None and a > 1 for a in ats),
                sum(a is None for a in ats),
                sum(a == -1 for a in ats),
                tuple(sorted(wrong_answers[ex.id].items(), key=lambda kv: (-kv[1], kv[0]))[:COMMON_WRONG]),
            )
        )
    students.sort(key=lambda s: (s.student.lower(), s.file))
    return ClassSummary(first.set_key, first.seed, exs.title, sum(points), tuple(questions), tuple(students))


def class_summary(folder: str | Path) -> tuple[list[ClassSummary], list[str]]:
    """Read every ``*.json`` answer file in ``folder``: one summary per set and seed, and the problems.

    The problems are one located line each (a file that is not an answer file, or is damaged); those
    files are left out of the summaries.  A folder that cannot be read, or holds no answer file at
    all, is an :class:`AnswerFileError`.
    """
    root = Path(folder)
    if not root.is_dir():
        raise AnswerFileError(f"{root}: not a folder")
    try:
        paths = sorted(p for p in root.iterdir() if p.suffix.lower() == ".json")
    except OSError as exc:
        raise AnswerFileError(f"{root}: cannot read the folder ({exc.strerror or exc})") from None
    if not paths:
        raise AnswerFileError(f"{root}: no answer files (*.json) in the folder")
    groups: dict[tuple[str, int], list[tuple[str, AnswerSheet]]] = {}
    problems: list[str] = []
    for p in paths:
        try:
            sheet = load_answers(p)
        except AnswerFileError as exc:
            problems.append(str(exc))
            continue
        groups.setdefault((sheet.set_key, sheet.seed), []).append((os.path.basename(p), sheet))
    return [summarise(groups[k]) for k in sorted(groups)], problems


#: The made-up students of :func:`example_class`.
EXAMPLE_STUDENTS = ("Ada", "Ben", "Cy", "Dot", "Eli", "Fay", "Gus", "Hal")


def _wrong_answer(ex: Exercise, rng: random.Random) -> str:
    """A wrong answer a student might give: a common mistake of a numeric question, or a wrong choice."""
    if ex.choices:
        return _letter(rng.choice([i for i in range(len(ex.choices)) if i != ex.answer_index]))
    if ex.mistakes:
        return _show_number(rng.choice(ex.mistakes)[0])
    assert ex.number is not None  # every numeric question has a note (tested); this is a fallback
    return _show_number(ex.number + 1)


def _right_answer(ex: Exercise) -> str:
    """The right answer as a student would type it: a choice's letter, or the number."""
    if ex.choices:
        return _letter(ex.answer_index)
    assert ex.number is not None
    return _show_number(ex.number)


def example_class(
    folder: str | Path,
    set_key: str,
    *,
    seed: int = 0,
    students: Sequence[str] = EXAMPLE_STUDENTS,
    draw: int = 0,
) -> list[Path]:
    """Write the answer files of a made-up class for set ``set_key`` (and ``seed``) into ``folder``.

    For trying the class summary without a class: each student answers each question through an
    :class:`AnswerSheet`, as the students' widgets do, and saves the file with :meth:`AnswerSheet.save`.
    The answers are drawn from a seeded generator (``draw`` picks another class): about half right
    first time; otherwise one wrong try, a common mistake (or another choice), then the right answer
    as often as not; now and then a question left out.  The same arguments always write the same files.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     paths = example_class(d, "order", students=("Ada", "Ben"))
    ...     [summary], problems = class_summary(d)
    >>> [p.name for p in paths], len(summary.students), problems
    (['answers-order-ada.json', 'answers-order-ben.json'], 2, [])
    """
    paths = []
    for who in students:
        rng = random.Random(f"example-class:{set_key}:{seed}:{draw}:{who}")
        sheet = AnswerSheet(set_key, seed, student=who, date="(the lesson's date)")
        for ex in sheet.exercises:
            roll = rng.random()
            if roll < 0.08:  # not answered
                continue
            if roll >= 0.55:  # a wrong try first, then, as often as not, the right answer
                sheet.check(ex.id, _wrong_answer(ex, rng))
                if rng.random() < 0.5:
                    sheet.check(ex.id, _right_answer(ex))
            else:
                sheet.check(ex.id, _right_answer(ex))
        paths.append(sheet.save(folder))
    return paths
