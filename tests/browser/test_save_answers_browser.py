"""The static set page's *Save my answers*, in headless Chromium: the answers a student checks are
written, as typed, to an answer file that the teacher's ``class_summary`` reads and judges as the
engine judges them; nothing leaves 127.0.0.1 (the file is a download)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ombre.teaching import exercise_set
from ombre.teaching.collect import class_summary, read_answers
from tests.browser.conftest import answer_the_first_two

pytestmark = pytest.mark.browser


def test_the_saved_file_is_read_and_judged_by_the_class_summary(
    watched: tuple[Any, Any], book_url: str, tmp_path: Path
) -> None:
    page, _watch = watched
    s = exercise_set("tricks")
    first, second = s.exercises[0], s.exercises[1]
    page.goto(f"{book_url}/book/teaching/set-tricks.html", wait_until="networkidle")
    answer_the_first_two(page, "tricks")
    save = page.locator("[data-ombre-save='tricks']")
    save.locator("input[name=student]").fill("Ada")
    save.locator("input[name=date]").fill("4 December")
    with page.expect_download() as download:
        save.get_by_role("button", name="Save my answers").click()
    target = tmp_path / download.value.suggested_filename
    download.value.save_as(target)
    assert target.name == "answers-tricks-ada.json"
    assert "2 answered" in (save.get_by_role("status").text_content() or "")
    sheet = read_answers(target.read_text(encoding="utf-8"), source=target.name)
    assert sheet.student == "Ada" and json.loads(target.read_text())["set"] == "tricks"
    summaries, problems = class_summary(tmp_path)
    assert problems == []
    [summary] = summaries
    rows = {row.id: row for row in summary.questions}
    assert (rows[first.id].right_first_time, rows[first.id].right_eventually) == (0, 1)
    assert rows[second.id].right_first_time == 1
    assert all(row.unanswered == 1 for q, row in rows.items() if q not in (first.id, second.id))
    [student] = summary.students
    assert (student.student, student.answered, student.right_first_time) == ("Ada", 2, 1)
