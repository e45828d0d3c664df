"""The students' answer files and the class summary: the format round-trips, the summary counts each
student once in each column, and a damaged file is one located line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ombre.teaching import exercise_set, set_plan
from ombre.teaching.collect import (
    ANSWERS_FORMAT,
    AnswerFileError,
    AnswerSheet,
    class_summary,
    example_class,
    load_answers,
    read_answers,
    summarise,
)

GOLDEN = Path(__file__).parent.parent / "data" / "golden" / "answers-order-ada.json"


def _right(key: str, n: int) -> str:
    ex = exercise_set(key).exercises[n]
    return chr(ord("a") + ex.answer_index) if ex.choices else ex.answer_text.split(" ")[0]


def _wrong(key: str, n: int) -> str:
    ex = exercise_set(key).exercises[n]
    if ex.choices:
        return chr(ord("a") + (ex.answer_index + 1) % len(ex.choices))
    assert ex.number is not None
    return str(ex.number + 100)


def test_the_golden_file_still_reads_and_scores() -> None:
    """Version 1 as a student saved it: the format must go on reading it."""
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    sheet = read_answers(GOLDEN.read_text(encoding="utf-8"), GOLDEN.name)
    assert (sheet.student, sheet.set_key, sheet.seed) == ("Ada", "order", 0)
    assert list(sheet.score()) == [data["expected"]["points"], set_plan("order").total_points]


# every try is one of: right, wrong, or nothing; a student's tries per question up to three
_tries = st.lists(st.lists(st.sampled_from(["right", "wrong"]), max_size=3), min_size=5, max_size=5)


@given(st.lists(_tries, min_size=1, max_size=6))
@settings(max_examples=25, deadline=None)
def test_the_summary_counts_every_student_once_per_question(students: list[list[list[str]]]) -> None:
    sheets = []
    for k, per_question in enumerate(students):
        sheet = AnswerSheet("order", student=f"s{k}")
        for n, tries in enumerate(per_question):
            for t in tries:
                sheet.record(f"order-{n + 1}", _right("order", n) if t == "right" else _wrong("order", n))
        assert read_answers(sheet.to_json()) == sheet  # the file keeps everything
        sheets.append((f"s{k}.json", sheet))
    summary = summarise(sheets)
    for n, q in enumerate(summary.questions):
        assert q.right_first_time + q.right_eventually + q.wrong + q.unanswered == len(students)
        tried = [s[n] for s in students]
        assert q.right_first_time == sum(t[:1] == ["right"] for t in tried)
        assert q.unanswered == sum(not t for t in tried)
        assert q.wrong == sum(bool(t) and "right" not in t for t in tried)
    points = set_plan("order").points
    for result, s in zip(sorted(summary.students, key=lambda r: r.file), students, strict=True):
        assert result.points == sum(p for p, t in zip(points, s, strict=True) if "right" in t)


def test_common_wrong_answers_are_counted_once_per_student(tmp_path: Path) -> None:
    for who in ("a", "b", "c"):
        sheet = AnswerSheet("order", student=who)
        sheet.record("order-1", "11")
        sheet.record("order-1", " 11 ")  # the same wrong answer again counts once
        if who != "c":
            sheet.record("order-1", "10")
        sheet.save(tmp_path / f"{who}.json")
    [summary], problems = class_summary(tmp_path)
    assert problems == [] and summary.questions[0].common_wrong == (("11", 3), ("10", 2))
    assert summary.questions[0].wrong == 3 and summary.questions[1].unanswered == 3
    assert "order-1" in summary.text()


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{", "line 1, column 2: not JSON"),
        ("[]", "line 1: an answer file is a JSON object"),
        ('{"format": "x"}', 'line 1: "format": this is not an Ombre answer file'),
        (
            '{"format": "ombre-answers",\n"version": 2}',
            'line 2: "version": version 2; this ombre reads version 1',
        ),
        (
            '{"format": "ombre-answers", "version": 1,\n\n"set": "whist"}',
            'line 3: "set": unknown exercise set',
        ),
        (
            '{"format": "ombre-answers", "version": 1, "set": "order",\n"answers": {"order-9": ["1"]}}',
            'line 2: "order-9": not a question of the set',
        ),
        (
            '{"format": "ombre-answers", "version": 1, "set": "order",\n"answers": {"order-1": "12"}}',
            'line 2: "order-1": expected a list',
        ),
        ('{"format": "ombre-answers", "version": 1, "set": "order", "seed": -1}', '"seed": expected a whole'),
    ],
)
def test_a_damaged_file_is_one_located_line(text: str, where: str) -> None:
    with pytest.raises(AnswerFileError) as info:
        read_answers(text, "bo.json")
    message = str(info.value)
    assert message.startswith("bo.json: ") and where in message and "\n" not in message


def test_a_folder_with_bad_files_summarises_the_good_ones(tmp_path: Path) -> None:
    good = AnswerSheet("tricks", student="Ada")
    good.record("tricks-1", _right("tricks", 0))
    good.save(tmp_path / "ada.json")
    AnswerSheet("order", student="Bo").save(tmp_path / "bo.json")
    (tmp_path / "cy.json").write_text('{"format": "ombre-answers"', encoding="utf-8")
    (tmp_path / "dee.json").write_bytes(b"\xff\xfe")
    (tmp_path / "notes.txt").write_text("not an answer file", encoding="utf-8")
    summaries, problems = class_summary(tmp_path)
    assert [(s.set_key, len(s.students)) for s in summaries] == [("order", 1), ("tricks", 1)]
    assert [p.split(": ")[0].rsplit("/", 1)[-1] for p in problems] == ["cy.json", "dee.json"]
    with pytest.raises(AnswerFileError, match="no answer files"):
        class_summary(_empty(tmp_path))
    with pytest.raises(AnswerFileError, match="not a folder"):
        class_summary(tmp_path / "missing")


def _empty(tmp_path: Path) -> Path:
    d = tmp_path / "empty"
    d.mkdir()
    return d


def test_the_file_says_what_it_is() -> None:
    data = json.loads(AnswerSheet("pope", seed=3).to_json())
    assert data["format"] == ANSWERS_FORMAT and data["version"] == 1 and data["set"] == "pope"
    assert data["seed"] == 3 and data["answers"] == {}


def test_an_example_class_is_seeded_saved_as_students_save_and_wrong_in_common_ways(tmp_path: Path) -> None:
    one, two, other = tmp_path / "one", tmp_path / "two", tmp_path / "other"
    for folder in (one, two, other):
        folder.mkdir()
    paths = example_class(one, "tenaces")
    example_class(two, "tenaces")
    example_class(other, "tenaces", draw=1)
    texts = [p.read_text(encoding="utf-8") for p in paths]
    assert texts == [
        (two / p.name).read_text(encoding="utf-8") for p in paths
    ]  # the same seed, the same files
    assert texts != [(other / p.name).read_text(encoding="utf-8") for p in paths]
    # the files are what AnswerSheet.save writes, under the name a student's save gives them
    sheets = [load_answers(p) for p in paths]
    assert [p.name for p in paths] == [s.file_name for s in sheets]
    assert [p.read_text(encoding="utf-8") for p in paths] == [s.to_json() for s in sheets]
    # every wrong answer is one of the question's common mistakes, or a wrong choice
    [summary], problems = class_summary(one)
    assert problems == [] and len(summary.students) == 8
    exercises = {ex.id: ex for ex in exercise_set("tenaces")}
    for q in summary.questions:
        ex = exercises[q.id]
        for answer, _ in q.common_wrong:
            assert not ex.check(answer).correct
            if not ex.choices:
                assert any(ex.check(answer).message.endswith(why) for _, why in ex.mistakes), answer
    assert (
        sum(q.right_first_time for q in summary.questions) > 0 and sum(q.wrong for q in summary.questions) > 0
    )


def test_a_sheet_saved_into_a_folder_takes_its_usual_name(tmp_path: Path) -> None:
    sheet = AnswerSheet("order", student=" Ada Byron ")
    assert sheet.save(tmp_path) == tmp_path / "answers-order-ada-byron.json"
    assert sheet.save(tmp_path / "mine.json") == tmp_path / "mine.json"
    assert load_answers(tmp_path / "mine.json") == sheet
