"""The display layer's shared words and tables (ombre/display/html.py): the book's Sphinx extension
imports them without matplotlib, and the edition's figures and the code cells' tables are one table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ombre.display.html import ROW_HEADERS_CLASS, markdown_table, table_html
from ombre.words import capitalise

ROOT = Path(__file__).resolve().parents[2]


def test_the_sphinx_extension_does_not_import_matplotlib() -> None:
    """The extension reads ``ROW_HEADERS_CLASS`` and the card names; matplotlib (slow to import, and
    nothing to do with a table's class) must not come with them."""
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'book' / '_ext')!r})\n"
        "import ombre_book\n"
        "assert ombre_book.ROW_HEADERS_CLASS == 'ombre-row-headers'\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_one_table_for_code_cells_and_figures() -> None:
    styled = table_html(["", "Wins"], [["K♥ & co", 3]], caption="Hands")
    assert 'aria-label="the King of Hearts">K♥</span> &amp; co</th>' in styled
    assert ' style="' in styled
    plain = table_html(["", "paid"], [["<b>1</b>", "3"]], caption="Runs", markup=True, inline_style=False)
    assert plain == (
        '<table class="ombre-table"><caption>Runs</caption><thead><tr><td></td><th scope="col">paid</th>'
        '</tr></thead><tbody><tr><th scope="row"><b>1</b></th><td>3</td></tr></tbody></table>'
    )
    assert table_html(["a"], [], classes="ombre-splits").startswith('<table class="ombre-table ombre-splits"')


def test_markdown_table_class_is_the_extensions() -> None:
    assert f":class: {ROW_HEADERS_CLASS}\n" in markdown_table("T", "| a |\n|---|")
    assert capitalise("élan") == "Élan" and capitalise("") == ""


def test_a_simulated_chance_is_rounded_to_what_its_deals_support() -> None:
    import re

    from ombre.display.html import estimate_text, supported_decimals
    from ombre.display.plots import convergence_plot
    from ombre.engine.probability import Simulation

    # the probability lab's 80 deals: before, "100.00% (95.42% to 100.00%)"
    assert estimate_text(80, 80) == "100% (95% to 100%)"
    assert estimate_text(60, 80) == "75% (65% to 83%)"
    # more deals, more decimals; never more than two
    assert [supported_decimals(n // 4, n) for n in (80, 3000, 100_000)] == [0, 0, 1]
    assert supported_decimals(8, 10**7) == 2
    sim = Simulation(hits=60, trials=80, path=((1, 1.0), (2, 1.0), (80, 0.75)))
    plot = convergence_plot(sim, None, "winning")
    assert not re.search(r"\d\.\d\d%", plot.alt + plot.caption), plot.alt


def test_an_exact_chance_is_shown_honestly() -> None:
    from fractions import Fraction

    from ombre.display.html import chance_text

    assert chance_text(Fraction(5, 8)) == "5 in 8 (62.5%)"  # before: "5/8 (62%)"
    assert chance_text(Fraction(2, 3)) == "2 in 3 (about 67%)"
    assert chance_text(Fraction(3, 4)) == "3 in 4 (75%)"
