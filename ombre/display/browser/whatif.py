"""What if, in the reader's browser: another card at any step of a replay, and the engine plays on.

The page sends the game's record (written into the viewer's data when the book was built), the
step and the card; the answers are the legal cards with the rule against each other card, each
legal card's double-dummy value, and the branch as a replay viewer of its own.

>>> from ombre.engine.record.reader import example_text
>>> text = example_text("specimen.omb")
>>> opts = options(text, 0)
>>> opts["who"], len(opts["legal"]) > 0
('Ann', True)
>>> b = branch(text, 0, opts["legal"][-1]["card"], player="rule-of-thumb")
>>> b["title"].startswith("What if Ann plays"), b["html"].startswith('<div class="om-viewer"')
(True, True)
"""

from __future__ import annotations

from typing import Any

from ombre.display.html import names_isolated
from ombre.display.replay import ViewerSteps, build_viewer_steps, replay_html
from ombre.display.replay.branch import (
    branch_state,
    branch_title,
    card_choices,
    card_values,
    named_chooser,
)
from ombre.display.replay.html import viewer_result
from ombre.engine.cards import parse_card
from ombre.engine.record.reader import read_record
from ombre.errors import OmbreError

__all__ = ["options", "values", "branch", "METHODS"]

#: the most text a page may send for one game
MAX_CHARS = 200_000
#: records already read in this worker, by their text (a reader steps through one game)
_GAMES: dict[str, ViewerSteps] = {}


def _game(record: str) -> ViewerSteps:
    if not isinstance(record, str) or len(record) > MAX_CHARS:
        raise OmbreError(f"the game must be a record's text of at most {MAX_CHARS:,} characters")
    if record not in _GAMES:
        if len(_GAMES) >= 8:
            _GAMES.pop(next(iter(_GAMES)))
        _GAMES[record] = build_viewer_steps(read_record(record, path="the page's game"))
    return _GAMES[record]


def _step(rp: ViewerSteps, step: int) -> int:
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(rp.steps) - 1:
        raise OmbreError(f"the step must be a whole number 0 .. {len(rp.steps) - 2}, not {step!r}")
    return step


def options(record: str, step: int) -> dict[str, Any]:
    """The player to move at ``step``, the legal cards (and the one played) and the rule against the rest."""
    rp = _game(record)
    answer = card_choices(rp.state_at(_step(rp, step)))
    played = rp.steps[step + 1].played
    answer["played"] = str(played[1]) if played is not None else None
    return answer


def values(record: str, step: int) -> dict[str, Any]:
    """Each legal card's double-dummy value at ``step``: the Ombre's tricks and the result."""
    rp = _game(record)
    return {"values": card_values(rp.state_at(_step(rp, step)))}


def branch(
    record: str,
    step: int,
    card: str,
    player: str = "solver",
    seed: int = 0,
    earlier: list[Any] | None = None,
    viewer_id: str = "whatif",
) -> dict[str, Any]:
    """``card`` played at ``step`` instead, the hand played on by ``player``: the branch's viewer and result.

    ``earlier`` are the departures of the branch this one starts from (``[step, who, card]``),
    so a branch of a branch is titled with all of them.
    """
    rp = _game(record)
    state = rp.state_at(_step(rp, step))
    if state.trump is None or state.current_player is None:
        raise OmbreError("nobody plays a card at this point of the game")
    c = parse_card(str(card), state.trump)
    who = state.players[state.current_player]
    chooser, how = named_chooser(str(player), seed)
    branch_state(state, c, chooser)
    before: list[tuple[int, str, str]] = []
    for item in earlier or []:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], int)):
            raise OmbreError("each earlier departure must be [step, who, card]")
        if item[0] < step:
            before.append((item[0], str(item[1])[:60], str(item[2])[:60]))
    deviations = [*before, (step, who, c.spoken(state.trump))]
    title = branch_title(deviations)
    built = build_viewer_steps(state, title=title)
    page = replay_html(built, viewer_id=viewer_id, start=step + 1, deviations=deviations)
    result = viewer_result(built)
    return {
        "html": page,
        "title": title,
        "how": how,
        "from": deviations[0][0],
        **result,
        # the same words with the names isolated, for the page's live region (textContent)
        "title_said": names_isolated(title, state.players),
        "summary_said": names_isolated(str(result["summary"]), state.players),
    }


#: what the page may ask of this module, by name
METHODS = {"options": options, "values": values, "branch": branch}
