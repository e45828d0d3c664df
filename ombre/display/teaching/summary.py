"""The class summary as two HTML tables, for the teachers' guide and the class-summary notebook.

:func:`class_summary_html` draws a :class:`~ombre.teaching.collect.ClassSummary`: per question, how
many students were right first time, right later, wrong, or did not answer, and the commonest wrong
answers; per student, the points of the marking scheme.  ``ClassSummary.text()`` is the same
summary as plain text, for the command line.

>>> import tempfile
>>> from ombre.teaching.collect import class_summary, example_class
>>> with tempfile.TemporaryDirectory() as d:
...     _ = example_class(d, "order", students=("Ada", "Ben"))
...     [summary], _ = class_summary(d)
>>> h = class_summary_html(summary)
>>> h.count("<table"), "per question</caption>" in h, ">Ada</th>" in h
(2, True, True)
"""

from __future__ import annotations

from ombre.display.html import table_html
from ombre.teaching.collect import ClassSummary

__all__ = ["class_summary_html"]


def class_summary_html(summary: ClassSummary) -> str:
    """The summary's table per question and its table per student."""
    what = summary.title[:1].lower() + summary.title[1:]
    if summary.seed:
        what += f" (fresh questions, seed {summary.seed})"
    questions = [
        [
            str(q.number),
            q.points,
            q.right_first_time,
            q.right_eventually,
            q.wrong,
            q.unanswered,
            ", ".join(f"{a} ({c})" for a, c in q.common_wrong) or "none",
        ]
        for q in summary.questions
    ]
    students = [
        [s.student or "(no name)", f"{s.points} of {summary.total_points}", s.right_first_time, s.answered]
        for s in summary.students
    ]
    return table_html(
        [
            "Question",
            "Points",
            "Right first time",
            "Right later",
            "Wrong",
            "Not answered",
            "Wrong answers (students)",
        ],
        questions,
        caption=f"The class summary of {what}, per question",
    ) + table_html(
        ["Student", "Points", "Right first time", "Questions answered"],
        students,
        caption=f"The class summary of {what}, per student",
    )
