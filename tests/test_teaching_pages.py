"""Computed text on the built teaching pages: the probability lab's table of hands and its second
figure, the amounts of the play page's result, and the advice set's word on whose count it uses."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from ombre.belinda import load_record, replay

ROOT = Path(__file__).resolve().parents[1]
BUILD = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html"))
REQUIRED = os.environ.get("OMBRE_REQUIRE_BROWSER") == "1"

pytestmark = pytest.mark.book


def _page(path: str) -> str:
    page = BUILD / path
    if not page.exists():
        if REQUIRED:
            pytest.fail(f"the book is not built at {BUILD}", pytrace=False)
        pytest.skip(f"the book is not built at {BUILD}: run `make build` first")
    return page.read_text(encoding="utf-8")


def _text(fragment: str) -> str:
    """The words of an HTML fragment, with the typographic quotes of MyST's prose made plain."""
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())
    return text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))


def _win_table_rows(page: str) -> list[list[str]]:
    start = page.index("How often the eldest hand wins as the Ombre")
    table = page[start : page.index("</table>", start)]
    body = table[table.index("<tbody") :]
    rows = re.findall(r"<tr[ >](.*?)</tr>", body, re.S)
    return [[_text(c) for c in re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", row, re.S)] for row in rows]


def test_only_belinda_s_row_marks_guessed_cards() -> None:
    rows = _win_table_rows(_page("book/teaching/probability-lab.html"))
    assert len(rows) == 3
    record = load_record("pole")
    state = replay(record).state
    guessed = [c for c in state.hands_at_play[state.ombre] if c in record.conjectural_cards]
    assert guessed, "Pole's record has guessed cards in Belinda's hand"
    for card in guessed:
        assert f"{card.symbol}?" in rows[0][1]
    # the invented hands share cards with Pole's guesses (5♣ 6♣), but they are nobody's completion
    assert "?" not in rows[1][1] and "?" not in rows[2][1]
    assert rows[1][1].startswith("A♠ A♣ 5♠ 4♠ K♥")


def test_the_second_figure_is_introduced_with_the_table_s_precision() -> None:
    page = _page("book/teaching/probability-lab.html")
    rows = _win_table_rows(page)
    second = re.match(r"(\d+\.\d\d)% \((\d+\.\d\d)% to (\d+\.\d\d)%\)", rows[1][3])
    assert second, rows[1][3]
    assert all(re.match(r"\d+\.\d\d% \(\d+\.\d\d% to \d+\.\d\d%\)$", r[3]) for r in rows)
    text = _text(page[page.index("How often the eldest hand wins as the Ombre") :])
    intro = re.search(
        r"The figure below follows the second hand of the table \(([^)]*)\).*?at (\d+\.\d\d)%\.", text
    )
    assert intro and intro[1] == rows[1][0] and intro[2] == second[1]
    caption = re.search(
        r"<figcaption>Simulated chance of winning with Spadille, Basto[^<]*?: ([\d.]+)%", page
    )
    assert caption and caption[1] == second[1]
    assert text.index("The figure below follows") < text.index("Simulated chance of winning with Spadille")


def test_the_play_page_result_has_no_sign_inside_an_amount() -> None:
    page = _page("book/teaching/play.html")
    result = page[page.index('class="om-result"') :]
    result = _text(result[: result.index("</details>")])
    amounts = re.findall(r"(?:pays [^:]*?|Left in the pool:) (\d[^:.]*)", result)
    assert amounts
    assert not [a for a in amounts if "+" in a], amounts


def test_the_advice_page_names_the_count_as_the_book_s() -> None:
    text = _text(_page("book/teaching/set-advice.html"))
    assert "the 1665 reckoning" not in text and "By the 1665 advice" not in text
    assert "by the book's own rule of thumb" in text
    assert '"the three Matadors, or six or seven good Trumps without them"' in text
