"""The student and teacher handouts of the exercise sets, written as Jupyter notebooks.

:func:`write_handouts` writes one notebook per exercise set twice over:

* ``student/NN-KEY.ipynb``: each question with a cell that shows the
  self-checking widget (the engine checks the answer and says why), and a
  plain ``check(...)`` line for those without widgets.  No answers, no
  solutions, and the widgets are made without their Solution panel and
  without a question of their own (``question=False``): the question is the
  one written above, the same as in the teacher's notebook.
* ``teacher/NN-KEY.ipynb``: the same questions, each followed by the
  answer, the worked solution, the source of the rule and, for the set, the
  teaching notes; an answer key at the end.

Both handouts are built from the same seeded sets, so a teacher's notebook
always matches the students' (``seed`` 0 is the book's version; any other
seed gives a fresh version of every set).  The notebooks are plain nbformat 4
JSON written with the standard library; the command line is
``python -m ombre handouts OUTDIR [--seed N]``.

>>> import tempfile, json, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     paths = write_handouts(d)
...     names = sorted(p.relative_to(d).as_posix() for p in paths)
...     nb = json.loads(pathlib.Path(d, "teacher", "01-order.ipynb").read_text())
>>> names[0], names[-1], len(names)
('README.md', 'teacher/class-summary.ipynb', 34)
>>> nb["nbformat"], nb["metadata"]["kernelspec"]["name"]
(4, 'python3')
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from collections.abc import Sequence
from pathlib import Path

from ombre.engine.rulesets import get_rules
from ombre.errors import OmbreError
from ombre.teaching.model import Exercise, ExerciseSet
from ombre.teaching.sets import all_sets, exercise_set, set_plan

__all__ = [
    "HandoutError",
    "check_line",
    "student_notebook",
    "teacher_notebook",
    "class_summary_notebook",
    "write_handouts",
    "markdown_escape",
    "plan_markdown",
    "worksheet_html",
    "answer_sheet_html",
]


class HandoutError(OmbreError):
    """The handouts cannot be written (for instance, the output folder is a file)."""


Notebook = dict[str, object]
Cell = dict[str, object]


def markdown_escape(text: str) -> str:
    """Escape the characters Markdown would read as markup (``*``, ``_``, backquotes, ``<``, ...).

    >>> markdown_escape("2*3 = 6 <b>")
    '2\\\\*3 = 6 &lt;b&gt;'
    """
    out = text.replace("\\", "\\\\")
    for ch in "*_`[]#|$":
        out = out.replace(ch, "\\" + ch)
    return out.replace("<", "&lt;").replace(">", "&gt;")


def _cell_id(*parts: str) -> str:
    return hashlib.sha1("/".join(parts).encode("utf-8")).hexdigest()[:12]


def _md(cid: str, text: str) -> Cell:
    return {"cell_type": "markdown", "id": cid, "metadata": {}, "source": _lines(text)}


def _code(cid: str, text: str, *, tags: Sequence[str] = ()) -> Cell:
    meta: dict[str, object] = {"tags": list(tags)} if tags else {}
    return {
        "cell_type": "code",
        "id": cid,
        "metadata": meta,
        "execution_count": None,
        "outputs": [],
        "source": _lines(text),
    }


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def _notebook(cells: list[Cell], title: str) -> Notebook:
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "title": title,
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _question_md(ex: Exercise, n: int) -> str:
    parts = [f"### Question {n}", ""]
    if ex.quote:
        for line_no, verse in ex.quote:
            parts.append(f"> iii.{line_no} &nbsp; *{markdown_escape(verse)}*  ")
        parts.append("")
    parts.append(f"**{markdown_escape(ex.prompt)}**")
    if ex.choices:
        parts.append("")
        for i, c in enumerate(ex.choices):
            parts.append(f"{chr(ord('a') + i)}) {markdown_escape(c.text)}  ")
    else:
        said = [f"Answer in {markdown_escape(ex.unit)}."] if ex.unit else []
        said += [markdown_escape(ex.precision)] if ex.precision else []
        if said:
            parts.append("")
            parts.append(" ".join(said))
    return "\n".join(parts)


def _answer_hint(ex: Exercise) -> tuple[str, str]:
    """The placeholder answer and what to put there."""
    if ex.choices:
        return '"a"', "the letter of your choice"
    return '""', 'a number, a fraction such as 3/8, a percentage, or "1 in N"'


def check_line(ex: Exercise) -> str:
    """The student's commented-out ``check(...)`` line; without its leading ``#`` it is a valid call.

    >>> from ombre.teaching import find
    >>> print(check_line(find("order-1")))
    # check("order-1", "")  # a number, a fraction such as 3/8, a percentage, or "1 in N"
    """
    placeholder, what = _answer_hint(ex)
    return f'# check("{ex.id}", {placeholder})  # {what}'


_SETUP = "from ombre.teaching import check\nfrom ombre.display.teaching.widgets import exercise_widget"


def _student_setup(s: ExerciseSet) -> str:
    """The students' first cell: the widgets, and the answer sheet on which every answer checked is kept."""
    return (
        "from ombre.teaching.collect import AnswerSheet\n"
        "from ombre.display.teaching.widgets import exercise_widget\n\n"
        f'sheet = AnswerSheet("{s.key}", seed={s.seed})\n'
        "check = sheet.check  # the check(...) lines below keep your answers on the sheet too"
    )


def _save_cell(s: ExerciseSet) -> str:
    return 'sheet.save(student="", date="")  # your name and the date between the quotes, then run this cell'


def student_notebook(s: ExerciseSet, number: int) -> Notebook:
    """The student's notebook for set ``s``: questions and checking cells, no answers."""
    key = f"student/{s.key}/{s.seed}"
    cells: list[Cell] = [
        _md(
            _cell_id(key, "title"),
            f"# {number}. {markdown_escape(s.title)}\n\n{markdown_escape(s.intro)}\n\n"
            "Run the cell below first. Each question then has a widget under it: choose or type your "
            "answer and press **Check**; the engine says whether it is right and why. Without widgets, "
            "use the `check(...)` line under the widget instead: delete the `#` at its start, put your "
            "answer between its quotes and run it. Every answer you check is kept, and the last cell "
            "saves them in a file to hand in.\n\n"
            "Name: ______________________________ &nbsp; Date: ______________",
        ),
        _code(_cell_id(key, "setup"), _student_setup(s)),
    ]
    for i, ex in enumerate(s.exercises, 1):
        cells.append(_md(_cell_id(key, ex.id, "q"), _question_md(ex, i)))
        cells.append(
            _code(
                _cell_id(key, ex.id, "w"),
                f'exercise_widget("{ex.id}", number={i}, solution=False, question=False, sheet=sheet)',
            )
        )
        cells.append(_code(_cell_id(key, ex.id, "c"), check_line(ex)))
    cells.append(
        _md(
            _cell_id(key, "save-title"),
            "## Hand in your answers\n\nWrite your name and the date in the cell below and run it: it "
            "saves every answer you checked, in order, in a file named after the set and you "
            f"(`answers-{s.key}-YOURNAME.json`, beside this notebook). Hand that file in; your teacher "
            "marks it with `python -m ombre class-summary`.",
        )
    )
    cells.append(_code(_cell_id(key, "save"), _save_cell(s)))
    return _notebook(cells, f"{s.title} (student)")


def plan_markdown(s: ExerciseSet) -> str:
    """The set's teaching plan for the teacher: objectives, time, rules, materials and marking scheme.

    >>> from ombre.teaching import exercise_set
    >>> print(plan_markdown(exercise_set("order")))  # doctest: +ELLIPSIS
    **Learning objectives.** Students can:
    <BLANKLINE>
    - name the trumps ...
    **Marking scheme** (7 points): ...
    """
    plan = set_plan(s.key)
    lines = ["**Learning objectives.** Students can:", ""]
    lines += [f"- {markdown_escape(o)}" for o in plan.objectives]
    rules = ", ".join(get_rules(r).display_name for r in plan.rules) or "the rules of play alone"
    lines += [
        "",
        f"**Time:** about {plan.minutes} minutes. **Rules:** {markdown_escape(rules)}. "
        f"**Materials:** {markdown_escape(plan.materials)}.",
        "",
        f"**Marking scheme** ({plan.total_points} points): "
        + "; ".join(f"question {i}: {p}" for i, p in enumerate(plan.points, 1))
        + ". A question earns its points when it is answered right; the class summary also counts "
        "the questions right first time.",
    ]
    return "\n".join(lines)


def teacher_notebook(s: ExerciseSet, number: int) -> Notebook:
    """The teacher's notebook for set ``s``: questions, answers, worked solutions, sources and notes."""
    key = f"teacher/{s.key}/{s.seed}"
    cells: list[Cell] = [
        _md(
            _cell_id(key, "title"),
            f"# {number}. {markdown_escape(s.title)}: teacher's handout\n\n"
            f"{markdown_escape(s.intro)}\n\n{plan_markdown(s)}\n\n"
            f"**Notes for the teacher.** {markdown_escape(s.notes)}\n\n"
            "Every answer below was computed by the `ombre` engine; the students' notebooks of the same "
            "seed hold the same questions without them.",
        ),
        _code(_cell_id(key, "setup"), _SETUP),
    ]
    key_rows = ["| Question | Answer |", "|---|---|"]
    for i, ex in enumerate(s.exercises, 1):
        cells.append(_md(_cell_id(key, ex.id, "q"), _question_md(ex, i)))
        sol = [f"**Answer: {markdown_escape(ex.answer_text)}.** {markdown_escape(ex.solution)}"]
        if ex.choices:
            sol.append("")
            sol.append("Why each choice is right or wrong:")
            sol.append("")
            for j, c in enumerate(ex.choices):
                mark = "right" if c.correct else "wrong"
                letter = chr(ord("a") + j)
                sol.append(f"- {letter}) {markdown_escape(c.text)} ({mark}): {markdown_escape(c.feedback)}")
        if ex.mistakes:
            sol.append("")
            sol.append("Common wrong answers:")
            sol.append("")
            for value, why in ex.mistakes:
                shown = (
                    str(value.numerator)
                    if value.denominator == 1
                    else f"{value.numerator}/{value.denominator}"
                )
                sol.append(f"- {shown}: {markdown_escape(why)}")
        if ex.hint:
            sol.append("")
            sol.append(f"*Hint for students who are stuck:* {markdown_escape(ex.hint)}")
        if ex.source:
            sol.append("")
            sol.append(f"*Source:* {markdown_escape(ex.source)}. *Exercise id:* `{ex.id}`.")
        cells.append(_md(_cell_id(key, ex.id, "s"), "\n".join(sol)))
        answer = f'"{chr(ord("a") + ex.answer_index)}"' if ex.choices else f'"{ex.answer_text.split(" ")[0]}"'
        cells.append(_code(_cell_id(key, ex.id, "c"), f'check("{ex.id}", {answer})'))
        key_rows.append(f"| {i} | {markdown_escape(ex.answer_text)} |")
    cells.append(_md(_cell_id(key, "key"), "## Answer key\n\n" + "\n".join(key_rows)))
    return _notebook(cells, f"{s.title} (teacher)")


#: The sets of the made-up class of the class-summary notebook.
EXAMPLE_SETS = ("order", "results")


def class_summary_notebook() -> Notebook:
    """The teacher's notebook that reads a folder of students' answer files into the class summary.

    The same notebook is ``notebooks/class-summary.ipynb`` (executed, in the book's downloads) and
    ``teacher/class-summary.ipynb`` of the handouts.  Left as it is, it writes a seeded made-up
    class into a temporary folder (:func:`ombre.teaching.collect.example_class`) and summarises
    that; a teacher sets ``FOLDER`` to the folder of the real files.
    """
    key = "class-summary"
    sets = " and ".join(f"*{exercise_set(k).title}*" for k in EXAMPLE_SETS)
    cells: list[Cell] = [
        _md(
            _cell_id(key, "title"),
            "# A class summary\n\n"
            "Each student who answers an exercise set saves an *answer file*: with **Save my answers** "
            "at the foot of the set's page in the book, or by running the last cell of the students' "
            "notebook written by `python -m ombre handouts`. The file (`answers-SET-NAME.json`) keeps "
            "every answer the student checked, in order, and no verdicts: this notebook judges every "
            "answer again with the engine.\n\n"
            "Put the files your students hand in into one folder. This notebook reads the folder and "
            "shows, for each set (and each fresh version of a set), per question how many students "
            "were right first time, right later, wrong, or did not answer, and the commonest wrong "
            "answers; per student, the points of the set's marking scheme. The command "
            "`python -m ombre class-summary FOLDER` prints the same summary as text.",
        ),
        _md(
            _cell_id(key, "folder-title"),
            "## Your class's folder\n\n"
            "Write the folder of your students' answer files between the quotes of `FOLDER` below, for "
            'example `FOLDER = "answers"` (a folder beside this notebook) or a full path, then run '
            "every cell (in JupyterLab: **Run**, **Run All Cells**).\n\n"
            "Left as `None`, the notebook makes a small example class of its own, so that it shows "
            f"something on a fresh copy: eight made-up students answer {sets} in their answer sheets, "
            "as the students' notebooks do, and save their files in a temporary folder. Their answers "
            "are drawn at random with a fixed seed: the right answer, or one of the question's common "
            "mistakes (`example_class` in `ombre.teaching.collect`). One damaged file is added, to show "
            "how a file that cannot be read is reported.",
        ),
        _code(_cell_id(key, "folder"), 'FOLDER = None  # or your folder of answer files, e.g. "answers"'),
        _code(
            _cell_id(key, "example"),
            "import shutil\n"
            "import tempfile\n"
            "from pathlib import Path\n\n"
            "from IPython.display import HTML, display\n\n"
            "from ombre.display.teaching.summary import class_summary_html\n"
            "from ombre.teaching.collect import class_summary, example_class\n"
            "from ombre.words import plural\n\n"
            "EXAMPLE = FOLDER is None\n"
            "if EXAMPLE:\n"
            '    FOLDER = tempfile.mkdtemp(prefix="ombre-class-")\n'
            f"    for key in ({', '.join(json.dumps(k) for k in EXAMPLE_SETS)}):\n"
            "        example_class(FOLDER, key)\n"
            "    # a file with a misspelt set: it is named in one line and left out\n"
            '    Path(FOLDER, "answers-ordre-dee.json").write_text(\n'
            '        \'{"format": "ombre-answers", "version": 1,\\n "set": "ordre", "answers": {}}\\n\'\n'
            "    )\n"
            'files = sorted(Path(FOLDER).glob("*.json"))\n'
            'print(f"{plural(len(files), \'answer file\')}:", ", ".join(p.name for p in files))',
        ),
        _md(
            _cell_id(key, "summary-title"),
            "## The summary\n\n"
            "One summary for each set and seed found in the folder. Files that cannot be read are "
            "listed first, each with the line at fault; they are left out of the summaries.",
        ),
        _code(
            _cell_id(key, "summary"),
            "summaries, problems = class_summary(FOLDER)\n"
            "for line in problems:\n"
            '    print(line.replace(str(Path(FOLDER)) + "/", ""))  # the file name, without the folder\n'
            "for summary in summaries:\n"
            "    display(HTML(class_summary_html(summary)))",
        ),
        _md(
            _cell_id(key, "text-title"),
            "## As text\n\n"
            "The same summary as `python -m ombre class-summary FOLDER` prints it, to paste into a "
            "mark book or an email.",
        ),
        _code(_cell_id(key, "text"), 'print("\\n\\n".join(summary.text() for summary in summaries))'),
        _md(
            _cell_id(key, "file-title"),
            "## What a student's file holds\n\n"
            "The first answer file of the folder: the set, the seed (0 for the book's questions), the name "
            "and date the student wrote, and every answer tried, first first. The score in it is what "
            "the student was shown; the summary does not read it.",
        ),
        _code(_cell_id(key, "file"), 'print(files[0].read_text(encoding="utf-8"))'),
        _code(
            _cell_id(key, "tidy"),
            "if EXAMPLE:  # the example class's temporary folder, not yours\n    shutil.rmtree(FOLDER)",
        ),
    ]
    return _notebook(cells, "A class summary")


_PRINT_CSS = (
    "@page{size:A4;margin:15mm}body{font:11pt/1.4 Georgia,serif;max-width:46em;margin:auto}"
    "h1{font-size:15pt;margin:0 0 .3em}.who{margin:.4em 0 1em}.q{break-inside:avoid;margin:.6em 0}"
    ".line{border-bottom:1px solid #000;height:1.6em}table{border-collapse:collapse;width:100%}"
    "th,td{border:1px solid #000;padding:.2em .4em;text-align:left;vertical-align:top}"
)


def _page(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{_PRINT_CSS}</style></head><body><main>{body}</main></body></html>\n"
    )


def worksheet_html(s: ExerciseSet, number: int) -> str:
    """The set as a one-page printable worksheet: name and date lines, each question, a line to answer on."""
    parts = [
        f"<h1>{number}. {html.escape(s.title)}</h1>",
        '<p class="who">Name: ______________________________ Date: ______________</p>',
    ]
    for i, ex in enumerate(s.exercises, 1):
        quote = "".join(f"<br><i>iii.{n} {html.escape(v)}</i>" for n, v in ex.quote)
        cards = f"<br>Cards: {html.escape(' '.join(c.symbol for c in ex.cards))}" if ex.cards else ""
        choices = "".join(f"<br>{chr(ord('a') + j)}) {html.escape(c.text)}" for j, c in enumerate(ex.choices))
        said = " ".join(x for x in ((f"Answer in {ex.unit}." if ex.unit else ""), ex.precision) if x)
        parts.append(
            f'<div class="q"><b>{i}.</b> {quote and quote[4:] + "<br>"}{html.escape(ex.prompt)}{cards}'
            f'{choices}{"<br>" + html.escape(said) if said else ""}<div class="line"></div></div>'
        )
    return _page(f"{s.title}: worksheet", "".join(parts))


def answer_sheet_html(s: ExerciseSet, number: int) -> str:
    """The teacher's one-page answer sheet of the set: each question's answer and points."""
    plan = set_plan(s.key)
    rows = "".join(
        f'<tr><th scope="row">{i}</th><td>{html.escape(ex.answer_text)}</td><td>{p}</td></tr>'
        for i, (ex, p) in enumerate(zip(s.exercises, plan.points, strict=True), 1)
    )
    body = (
        f"<h1>{number}. {html.escape(s.title)}: answers</h1>"
        f"<table><caption>Answers and marking scheme ({plan.total_points} points)</caption>"
        f'<thead><tr><th scope="col">Question</th><th scope="col">Answer</th><th scope="col">Points</th></tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )
    return _page(f"{s.title}: answer sheet", body)


_README = """# Ombre exercises: student and teacher handouts

Written by `python -m ombre handouts` (seed {seed}).

- `student/`: one notebook per exercise set. Students run the first cell, then answer each question
  in its widget; the engine checks the answer and explains why it is right or wrong. No answers or
  solutions are stored in these notebooks, and their widgets have no Solution panel.
  Each notebook's last cell saves the student's answers in a file to hand in
  (`answers-SET-NAME.json`); `NN-SET-worksheet.html` is the set as a one-page printable worksheet.
- `teacher/`: the same questions with answers, worked solutions, the source of each rule, learning
  objectives, time, materials, the marking scheme, teaching notes and an answer key;
  `NN-SET-answers.html` is a one-page printable answer sheet with the points of each question.

Collect the students' answer files in one folder and run `python -m ombre class-summary FOLDER`,
or open `teacher/class-summary.ipynb` and set its `FOLDER`: per question, how many were right first
time, right later, wrong or unanswered, and the commonest wrong answers; per student, the points.

Open them in JupyterLab with the `ombre` package installed. A different `--seed` writes a fresh
version of every set; the teacher's and the students' notebooks of one seed always match.

Sets: {sets}
"""


def write_handouts(outdir: str | Path, seed: int = 0, *, force: bool = False) -> list[Path]:
    """Write the student and teacher notebooks of every set under ``outdir``; return the files written.

    ``outdir`` is created if missing.  A folder that already holds anything is refused
    (:class:`HandoutError`) unless ``force`` is true, so that no file is overwritten by surprise;
    an empty name and a seed below 0 are refused too, and a folder or file that cannot be created gives an
    :class:`HandoutError` naming it.
    """
    if not str(outdir).strip():
        raise HandoutError("the output folder has no name (give a folder, e.g. 'handouts')")
    if seed < 0:  # the ids of a seed's questions (order-1s7) have no minus sign
        raise HandoutError(f"the seed must be 0 or more, not {seed}")
    root = Path(outdir)
    try:
        if root.exists() and not root.is_dir():
            raise HandoutError(f"{root}: exists and is not a folder")
        if not force and root.is_dir() and any(root.iterdir()):
            raise HandoutError(
                f"{root}: the folder is not empty; choose a new or empty folder, or use --force "
                "(force=True) to overwrite its README.md, student/ and teacher/ notebooks"
            )
    except OSError as exc:
        raise HandoutError(f"{root}: cannot read the folder ({exc.strerror or exc})") from None
    sets = all_sets(seed)
    written: list[Path] = []
    try:
        for sub in ("student", "teacher"):
            if (root / sub).is_symlink():  # planted in a folder written with --force
                raise HandoutError(f"{root / sub}: is a link; handouts are written into real folders only")
            (root / sub).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HandoutError(f"{root}: cannot create the folder ({exc.strerror or exc})") from None
    readme = root / "README.md"
    titles = ", ".join(s.title for s in sets)
    files: list[tuple[Path, str]] = [(readme, _README.format(seed=seed, sets=titles))]
    for n, s in enumerate(sets, 1):
        name = f"{n:02d}-{s.key}.ipynb"
        for sub, make in (("student", student_notebook), ("teacher", teacher_notebook)):
            files.append((root / sub / name, json.dumps(make(s, n), ensure_ascii=False, indent=1) + "\n"))
        page = name.removesuffix(".ipynb")
        files.append((root / "student" / f"{page}-worksheet.html", worksheet_html(s, n)))
        files.append((root / "teacher" / f"{page}-answers.html", answer_sheet_html(s, n)))
    summary = json.dumps(class_summary_notebook(), ensure_ascii=False, indent=1) + "\n"
    files.append((root / "teacher" / "class-summary.ipynb", summary))
    for path, text in files:
        try:
            _write_file(path, text)
        except OSError as exc:
            raise HandoutError(f"{path}: cannot write the file ({exc.strerror or exc})") from None
        written.append(path)
    return written


def _write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, a new or a regular file, never through a link (``--force`` may
    meet a link planted in the folder, pointing anywhere)."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise HandoutError(
            f"{path}: is a link or not a regular file; handouts overwrite only their own files"
        )
    # O_NOFOLLOW: a link planted between the check and the write is refused too
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
