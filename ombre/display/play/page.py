"""The live table on the book's page "Playing against the computer": its controls, style and script.

The page's code cell shows :func:`table_html`; the reader deals a hand and plays it in the
browser, through :mod:`ombre.display.browser.table` in the live engine (started only when they
press *Deal*).  Opened from a file, the controls say why they are off.

>>> page = table_html(seed=7)
>>> 'name="seed"' in page and 'value="7"' in page and "Court Gamester (Morley)" in page
True
"""

from __future__ import annotations

import html
from functools import cache

from ombre.display.html import inline_assets
from ombre.display.play.session import OPPONENTS, rules_offered

__all__ = ["table_assets", "table_html"]


@cache
def table_assets() -> tuple[str, str]:
    """The table's CSS and JavaScript, read from the package data, to be inlined."""
    return inline_assets("ombre.display.play", "table.css", "table.js")


def _options(choices: dict[str, str], chosen: str) -> str:
    return "".join(
        f'<option value="{html.escape(k)}"{" selected" if k == chosen else ""}>{html.escape(v)}</option>'
        for k, v in choices.items()
    )


def table_html(seed: int = 7, opponents: str = "rule-of-thumb", rules: str = "1665") -> str:
    """The live table: hand number, opponents and rule set to choose, *Deal*, and room for the hand."""
    css, js = table_assets()
    return (
        '<div class="ombre-table" role="region" aria-label="Play a hand against the computer">'
        f"<style>{css}</style>"
        '<div class="ot-setup">'
        f'<label>Hand number <input type="number" name="seed" min="0" max="999999999" value="{int(seed)}">'
        "</label>"
        f'<label>Opponents <select name="opponents">{_options(OPPONENTS, opponents)}</select></label>'
        f'<label>Rules <select name="rules">{_options(rules_offered(), rules)}</select></label>'
        '<button type="button" class="ot-deal">Deal</button></div>'
        '<p class="ot-off" hidden></p>'
        '<p class="ot-status" role="status" aria-live="polite" aria-atomic="true"></p>'
        '<div class="ot-play" hidden>'
        '<div class="ot-table"></div><div class="ot-last"></div>'
        '<div class="ot-moves ot-row" role="group" aria-label="Your moves"></div>'
        '<div class="ot-hand ot-row" role="group" aria-label="Your cards"></div>'
        '<p class="ot-reasons"></p>'
        '<div class="ot-row"><button type="button" class="ot-hint">Hint</button></div>'
        '<div class="ot-hint-text" aria-live="polite"></div>'
        '<details class="ot-log"><summary>What has happened</summary><ol></ol></details>'
        '<div class="ot-result"></div><div class="ot-replay"></div></div>'
        f"<script>{js}</script></div>"
    )
