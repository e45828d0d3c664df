"""The student and teacher handouts: valid notebooks, answers only in the teacher's, the command line,
and both handouts executed in a real kernel."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import nbformat
import pytest

from ombre.cli import main
from ombre.teaching import GENERATORS, Exercise, all_sets, find, generate
from ombre.teaching.handouts import (
    HandoutError,
    check_line,
    class_summary_notebook,
    markdown_escape,
    write_handouts,
)

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    write_handouts(out)
    return out


def _text(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"])


def test_one_student_and_one_teacher_notebook_per_set(handouts: Path) -> None:
    sets = all_sets()
    students = sorted((handouts / "student").glob("*.ipynb"))
    teachers = sorted((handouts / "teacher").glob("[0-9]*.ipynb"))
    assert len(students) == len(teachers) == len(sets)
    assert [p.name for p in students] == [p.name for p in teachers]
    for path in students + teachers:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
    readme = (handouts / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# Ombre exercises") and "their widgets have no Solution panel" in readme


def test_students_get_questions_without_answers(handouts: Path) -> None:
    for n, s in enumerate(all_sets(), 1):
        text = _text(handouts / "student" / f"{n:02d}-{s.key}.ipynb")
        assert s.title in text
        assert "Answer:" not in text and "Answer key" not in text
        for i, ex in enumerate(s, 1):
            # the widget is made without its Solution panel: the answer is not one click away
            assert (
                f'exercise_widget("{ex.id}", number={i}, solution=False, question=False, sheet=sheet)' in text
            )
            assert markdown_escape(ex.solution) not in text
            for c in ex.choices:
                assert markdown_escape(c.feedback) not in text
        assert markdown_escape(s.notes) not in text


@pytest.mark.parametrize("kind", sorted(GENERATORS))
def test_the_students_check_line_runs_once_uncommented(kind: str) -> None:
    import ast

    ex = generate(kind, 0)
    line = check_line(ex)
    assert line.startswith("# check(")
    code = line.removeprefix("# ")
    tree = ast.parse(code)  # a SyntaxError before: the ")" was inside the trailing comment
    [stmt] = tree.body
    assert isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
    assert [ast.literal_eval(a) for a in stmt.value.args] == [ex.id, "a" if ex.choices else ""]
    assert code.split("  # ")[0].endswith(")")


def test_every_students_check_line_in_the_handouts_compiles(handouts: Path) -> None:
    lines = [
        "".join(c["source"])
        for path in sorted((handouts / "student").glob("*.ipynb"))
        for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
        if c["cell_type"] == "code" and "".join(c["source"]).startswith("# check(")
    ]
    assert len(lines) == sum(len(s) for s in all_sets())
    for line in lines:
        compile(line.removeprefix("# "), "<cell>", "exec")
        # and with an answer typed in, it runs and checks it
        exercise_id = line.split('"')[1]
        ex = find(exercise_id)
        answer = chr(ord("a") + ex.answer_index) if ex.choices else ex.answer_text.split(" ")[0]
        typed = line.removeprefix("# ").replace('"a"' if ex.choices else '""', f'"{answer}"', 1)
        namespace: dict[str, object] = {}
        exec("from ombre.teaching import check\nresult = " + typed, namespace)
        assert namespace["result"].correct  # type: ignore[attr-defined]


def test_the_students_are_told_how_to_run_the_check_line(handouts: Path) -> None:
    nb = json.loads((handouts / "student" / "01-order.ipynb").read_text(encoding="utf-8"))
    intro = "".join(nb["cells"][0]["source"])
    # before: "put your answer in the check(...) line instead and run it", but the line is a comment
    assert "delete the `#` at its start, put your answer between its quotes and run it" in intro
    chance = _text(handouts / "student" / "08-probability.ipynb")
    teacher = _text(handouts / "teacher" / "08-probability.ipynb")
    said = "Two significant figures are enough (0.67 or 67% for 2/3), or give it exactly."
    assert chance.count(said) == teacher.count(said) == 3


def test_teachers_get_answers_solutions_and_notes(handouts: Path) -> None:
    for n, s in enumerate(all_sets(), 1):
        text = _text(handouts / "teacher" / f"{n:02d}-{s.key}.ipynb")
        assert markdown_escape(s.notes) in text and "## Answer key" in text
        for ex in s:
            assert markdown_escape(ex.solution) in text
            assert f"**Answer: {markdown_escape(ex.answer_text)}.**" in text
            assert f'check("{ex.id}", ' in text


def test_a_fresh_seed_gives_matching_fresh_handouts(tmp_path: Path) -> None:
    write_handouts(tmp_path, seed=5)
    student = _text(tmp_path / "student" / "03-tricks.ipynb")
    teacher = _text(tmp_path / "teacher" / "03-tricks.ipynb")
    assert '"tricks-1s5"' in student and '"tricks-1s5"' in teacher


def test_the_command_line(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["handouts", str(tmp_path / "eds"), "--seed", "2"], out=out, err=err) == 0
    assert "wrote 17 notebooks" in out.getvalue()
    assert (tmp_path / "eds" / "teacher" / "08-probability.ipynb").exists()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    err = io.StringIO()
    assert main(["handouts", str(blocker)], out=io.StringIO(), err=err) == 2
    assert "is not a folder" in err.getvalue() and err.getvalue().count("\n") == 1
    with pytest.raises(HandoutError):
        write_handouts(blocker)


def _handouts_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["handouts", *argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_a_folder_that_is_not_empty_is_refused_without_force(tmp_path: Path) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "README.md").write_text("My course notes - do not lose\n", encoding="utf-8")
    status, out, err = _handouts_cli(str(course))
    assert (status, out) == (2, "")
    assert err == (
        f"ombre: {course}: the folder is not empty; choose a new or empty folder, or use --force "
        "(force=True) to overwrite its README.md, student/ and teacher/ notebooks\n"
    )
    assert (course / "README.md").read_text(encoding="utf-8") == "My course notes - do not lose\n"
    assert sorted(p.name for p in course.iterdir()) == ["README.md"]
    with pytest.raises(HandoutError, match="the folder is not empty"):
        write_handouts(course)
    status, out, err = _handouts_cli(str(course), "--force")
    assert (status, err) == (0, "")
    assert out == f"wrote 17 notebooks (handouts and class summary) under {course}\n"
    assert (course / "README.md").read_text(encoding="utf-8").startswith("# Ombre exercises")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _handouts_cli(str(empty))[0] == 0


def test_an_empty_folder_name_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = _handouts_cli("")
    assert (status, out) == (2, "")
    assert err == "ombre: the output folder has no name (give a folder, e.g. 'handouts')\n"
    with pytest.raises(HandoutError, match="no name"):
        write_handouts("  ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [("--seed", "-1"), ("--seed=-7",)])
def test_a_seed_below_0_is_refused_in_one_line(tmp_path: Path, argv: tuple[str, ...]) -> None:
    # before: exit 0 and 16 notebooks whose ids (order-1s-1) find() cannot read back
    target = tmp_path / "neg"
    status, out, err = _handouts_cli(str(target), *argv)
    seed = argv[-1].removeprefix("--seed=")
    assert (status, out) == (2, "")
    assert err == f"ombre: argument --seed: '{seed}' must be 0 or more (try 'ombre handouts --help')\n"
    assert not target.exists()
    with pytest.raises(HandoutError, match="the seed must be 0 or more, not -1"):
        write_handouts(target, seed=-1)
    assert not target.exists()


def test_a_folder_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    target = blocker / "eds"
    status, out, err = _handouts_cli(str(target))
    assert (status, out) == (2, "")
    assert err == f"ombre: {target}: cannot create the folder (Not a directory)\n"


def _execute(path: Path) -> nbformat.NotebookNode:
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    resources = {"metadata": {"path": str(path.parent)}}
    NotebookClient(nb, timeout=120, kernel_name="python3", resources=resources).execute()
    return nb


def test_both_handouts_run_in_a_kernel(handouts: Path) -> None:
    student = _execute(handouts / "student" / "03-tricks.ipynb")
    widgets = [
        o
        for c in student.cells
        if c.cell_type == "code"
        for o in c.outputs
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert len(widgets) == len(all_sets()[2])
    teacher = _execute(handouts / "teacher" / "08-probability.ipynb")
    verdicts = [
        o["data"]
        for c in teacher.cells
        if c.cell_type == "code" and "".join(c.source).startswith("check(")
        for o in c.outputs
        if o.get("output_type") == "execute_result"
    ]
    # check(...) shows just the message: plain text, and HTML in the colour of a right answer
    assert len(verdicts) == len(all_sets()[7])
    for data in verdicts:
        assert data["text/plain"].startswith("Right.") and "Feedback(" not in data["text/plain"]
        assert data["text/html"].startswith('<p style="color:#1b6e2d">Right.')


def test_force_never_writes_through_a_link(tmp_path: Path) -> None:
    # a link planted in the output folder would let --force overwrite any file the user can write
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me", encoding="utf-8")
    course = tmp_path / "course"
    course.mkdir()
    (course / "README.md").symlink_to(outside)
    status, out, err = _handouts_cli(str(course), "--force")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.endswith(
        "README.md: is a link or not a regular file; handouts overwrite only their own files\n"
    )
    assert outside.read_text(encoding="utf-8") == "keep me"
    (course / "README.md").unlink()
    (course / "student").rmdir()
    (course / "student").symlink_to(tmp_path, target_is_directory=True)
    status, out, err = _handouts_cli(str(course), "--force")
    assert (
        status == 2
        and err == f"ombre: {course / 'student'}: is a link; handouts are written into real folders only\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["course", "precious.txt"]


def _strings(node: object) -> list[str]:
    """Every string in a JSON value, keys included, with HTML tags dropped and entities read."""
    import html
    import re

    if isinstance(node, str):
        return [html.unescape(re.sub(r"<[^>]*>", "", node))]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in _strings(k) + _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def _leaked(texts: list[str], exercises: list[Exercise]) -> list[str]:
    """The exercises whose answer ("Answer: ...") or worked solution is found in the texts."""
    whole = "\n".join(texts)
    return [
        ex.id
        for ex in exercises
        if f"Answer: {ex.answer_text}" in whole or ex.solution in whole or ex.solution.rstrip(".") in whole
    ]


def test_no_student_widget_holds_an_answer_in_its_state() -> None:
    """What a notebook saves of its widgets is their state: the students' widgets hold no answer."""
    import ipywidgets  # type: ignore[import-untyped]

    from ombre.display.teaching.widgets import exercise_widget

    for seed in (0, 3):
        for s in all_sets(seed):
            ipywidgets.Widget.close_all()
            for i, ex in enumerate(s, 1):
                w = exercise_widget(ex, number=i, solution=False, question=False)
                assert w.solution_box is None
            state = ipywidgets.Widget.get_manager_state()
            assert _leaked(_strings(state), list(s)) == []
    # the test can fail: the teacher's widget holds its answer in its state
    ipywidgets.Widget.close_all()
    teacher = find("results-4")
    exercise_widget(teacher)
    assert _leaked(_strings(ipywidgets.Widget.get_manager_state()), [teacher]) == [teacher.id]
    ipywidgets.Widget.close_all()


def test_no_executed_student_notebook_holds_an_answer(handouts: Path) -> None:
    """Every student notebook run in a kernel, saved with its widget state: no answer, no solution."""
    sets = all_sets()
    for n, s in enumerate(sets, 1):
        path = handouts / "student" / f"{n:02d}-{s.key}.ipynb"
        nb = _execute(path)
        assert nb.metadata.get("widgets"), "the widget state is saved with the notebook"
        saved = json.loads(nbformat.writes(nb))
        assert _leaked(_strings(saved), list(s)) == [], path.name
    # the teacher's notebook of a set has every answer: the check finds them
    teacher = json.loads((handouts / "teacher" / "04-results.ipynb").read_text(encoding="utf-8"))
    assert _leaked(_strings(teacher), list(sets[3])) == [ex.id for ex in sets[3]]


def test_a_static_page_with_solutions_hidden_holds_no_answer() -> None:
    from ombre.display.teaching.html import standalone_page

    sets = all_sets() + all_sets(2)
    exercises = [ex for s in sets for ex in s]
    hidden = standalone_page(sets, solutions=False)
    assert "<summary>Solution</summary>" not in hidden
    assert _leaked(_strings(hidden), exercises) == []
    # the page's data, read as the script reads it, has neither
    data = [
        json.loads(block.split(">", 1)[1])
        for block in hidden.split('<script type="application/json"')[1:]
        for block in [block.split("</script>")[0].replace("<\\/", "</")]
    ]
    assert len(data) == len(exercises) and not any("solution" in d or "number_text" in d for d in data)
    shown = standalone_page(sets)
    assert sorted(_leaked(_strings(shown), exercises)) == sorted(ex.id for ex in exercises)


def test_the_printable_worksheets_hold_no_answers_and_the_answer_sheets_the_points(handouts: Path) -> None:
    from ombre.teaching import set_plan

    for n, s in enumerate(all_sets(), 1):
        sheet = (handouts / "student" / f"{n:02d}-{s.key}-worksheet.html").read_text(encoding="utf-8")
        assert "Name:" in sheet and "Date:" in sheet
        assert sheet.count('class="q"') == len(s)
        assert _leaked(_strings(sheet), list(s)) == []
        answers = (handouts / "teacher" / f"{n:02d}-{s.key}-answers.html").read_text(encoding="utf-8")
        rows = re.findall(r'<tr><th scope="row">(\d+)</th><td>(.*?)</td><td>(\d+)</td></tr>', answers)
        assert [int(p) for _, _, p in rows] == list(set_plan(s.key).points)
        assert [html.unescape(a) for _, a, _ in rows] == [ex.answer_text for ex in s]


def test_the_teachers_notebook_states_objectives_time_materials_and_marks(handouts: Path) -> None:
    from ombre.teaching import set_plan

    for n, s in enumerate(all_sets(), 1):
        text = _text(handouts / "teacher" / f"{n:02d}-{s.key}.ipynb")
        plan = set_plan(s.key)
        assert all(markdown_escape(o) in text for o in plan.objectives)
        assert f"about {plan.minutes} minutes" in text and markdown_escape(plan.materials) in text
        assert f"({plan.total_points} points)" in text
        student = _text(handouts / "student" / f"{n:02d}-{s.key}.ipynb")
        assert (
            "Name:" in student and "sheet.save(" in student and f'AnswerSheet("{s.key}", seed=0)' in student
        )


def test_a_student_notebook_saves_an_answer_file_the_summary_reads(handouts: Path, tmp_path: Path) -> None:
    """Hand out, answer, collect, summarise: the students' cells run as written, then class_summary."""
    from ombre.teaching.collect import class_summary

    nb = json.loads((handouts / "student" / "01-order.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    setup, save = code[0], code[-1]
    s = all_sets()[0]
    for who, right in (("Ada", True), ("Bo", False)):
        ns: dict[str, object] = {}
        exec(setup, ns)  # noqa: S102 - the handout's own first cell
        for ex in s:
            answer = chr(ord("a") + ex.answer_index) if ex.choices else ex.answer_text.split(" ")[0]
            if not right and ex.choices:
                answer = "b" if answer == "a" else "a"
            exec(f"check({ex.id!r}, {answer!r})", ns)  # noqa: S102 - as a student's check line
        cell = save.replace('student=""', f'student="{who}"').replace(
            "sheet.save(", f'sheet.save({str(tmp_path / who)!r} + ".json", ', 1
        )
        exec(cell, ns)  # noqa: S102
    [summary], problems = class_summary(tmp_path)
    assert problems == []
    by_name = {st.student: st for st in summary.students}
    assert by_name["Ada"].right_first_time == len(s) and by_name["Ada"].points == summary.total_points
    choice = [q for q, ex in zip(summary.questions, s, strict=True) if ex.choices]
    assert all(q.right_first_time == 1 and q.wrong == 1 for q in choice)


def _cells(nb: dict[str, object]) -> list[tuple[object, ...]]:
    cells = nb["cells"]
    assert isinstance(cells, list)
    return [(c["cell_type"], c["id"], "".join(c["source"])) for c in cells]


def test_the_class_summary_notebook_is_one_notebook(handouts: Path) -> None:
    # the book's notebooks/class-summary.ipynb (executed, checked by nbval) is the handouts' own
    book = json.loads((ROOT / "notebooks" / "class-summary.ipynb").read_text(encoding="utf-8"))
    handed = json.loads((handouts / "teacher" / "class-summary.ipynb").read_text(encoding="utf-8"))
    assert _cells(book) == _cells(handed) == _cells(class_summary_notebook())
    assert "teacher/class-summary.ipynb" in (handouts / "README.md").read_text(encoding="utf-8")


def test_a_teacher_points_the_class_summary_notebook_at_a_folder(handouts: Path, tmp_path: Path) -> None:
    from ombre.teaching.collect import AnswerSheet

    folder = tmp_path / "answers"
    folder.mkdir()
    sheet = AnswerSheet("tricks", seed=3, student="Zoë")
    first = sheet.exercises.exercises[0]
    sheet.check(first.id, "a")
    sheet.save(folder)
    path = tmp_path / "class-summary.ipynb"
    nb = json.loads((handouts / "teacher" / "class-summary.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:  # as the notebook tells the teacher: FOLDER = "answers"
        if "".join(cell["source"]).startswith("FOLDER = None"):
            cell["source"] = 'FOLDER = "answers"'
    path.write_text(json.dumps(nb), encoding="utf-8")
    done = _execute(path)
    text = "\n".join(
        o.get("text", "") + o.get("data", {}).get("text/html", "")
        for c in done.cells
        if c.cell_type == "code"
        for o in c.outputs
    )
    assert "1 answer file: answers-tricks-zoë.json" in text
    assert "fresh questions, seed 3" in text and ">Zoë</th>" in text
    assert "Ada" not in text  # no example class beside a real folder
    assert sorted(p.name for p in folder.iterdir()) == ["answers-tricks-zoë.json"]  # nothing removed
