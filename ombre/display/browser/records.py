"""A game record the reader pastes or uploads: ``ombre check``'s located problems, then the replay.

>>> from ombre.engine.record.reader import example_text
>>> check(example_text("specimen.omb"))["problems"]
[]
>>> bad = check('[Players "A; B"]')
>>> bad["problems"][0]["line"], bad["problems"][0]["col"]
(1, 1)
>>> replay(example_text("specimen.omb"))["html"].startswith("<div")
True
"""

from __future__ import annotations

from typing import Any

from ombre.display.replay import replay_html
from ombre.engine.record.reader import check_records, read_records
from ombre.errors import OmbreError

__all__ = ["check", "replay", "METHODS"]

#: the most text a page may send (a record file of many games is far smaller)
MAX_CHARS = 2_000_000
#: the most problems sent back; the count of the rest is said
MAX_PROBLEMS = 50
_PATH = "pasted record"


def _sized(text: str) -> str:
    if not isinstance(text, str):
        raise OmbreError("the record must be text")
    if len(text) > MAX_CHARS:
        raise OmbreError(f"the record has {len(text):,} characters; the most the page reads is {MAX_CHARS:,}")
    return text


def check(text: str) -> dict[str, Any]:
    """Every problem of form and of play, located (line, column, message), as ``ombre check`` finds them."""
    problems = check_records(_sized(text), path=_PATH)
    return {
        "problems": [
            {"line": p.line, "col": p.col, "message": p.message, "text": str(p)}
            for p in problems[:MAX_PROBLEMS]
        ],
        "more": max(0, len(problems) - MAX_PROBLEMS),
    }


def replay(text: str, game: int = 0) -> dict[str, Any]:
    """The replay viewer's HTML for game number ``game`` (from 0) of a sound record."""
    games = read_records(_sized(text), path=_PATH)
    if not isinstance(game, int) or not 0 <= game < len(games):
        raise OmbreError(f"the record holds {len(games)} game(s); there is no game {game!r}")
    return {"html": replay_html(games[game], viewer_id="pasted-game"), "games": len(games)}


#: what the page may ask of this module, by name
METHODS = {"check": check, "replay": replay}
