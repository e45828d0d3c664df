"""A whole hand against the computer, played in the reader's browser: the page's side of the table.

The page holds a hand's id; each answer is the whole view of the hand as the student sees it
(what was said since their last move, the table, the moves they may make and the cards with the
rule against the illegal ones, and at the end the result, the payments and the replay viewer).
The hand itself is a :class:`ombre.display.play.session.HandInPlay`, as in the JupyterLab widget.
Every text is plain; every ``*_html`` field was escaped here (cards as named spans).

>>> v = new(seed=4, opponents="rule-of-thumb", rules="1665")
>>> v["phase"], [c["action"] for c in v["choices"]]
('bidding', ['pass', 'play', 'sans-prendre'])
>>> hint(v["id"])["hint"].startswith(("Pass", "Play"))
True
>>> act(v["id"], "trump hearts")  # the page gets {"error": ...} from ombre.display.browser.api.call
Traceback (most recent call last):
...
ombre.errors.IllegalActionError: naming the trump is not allowed now: the hand is in the bidding phase
"""

from __future__ import annotations

from typing import Any

from ombre.display.play.session import OPPONENTS, HandInPlay, rules_offered
from ombre.display.replay import replay_html
from ombre.engine.game import Phase, parse_action
from ombre.errors import OmbreError

__all__ = ["options", "new", "act", "hint", "view", "METHODS"]

#: the hands in play, by id (one worker serves one page: a few hands at most)
HANDS: dict[str, HandInPlay] = {}
#: the most hands kept; the oldest goes first
MAX_HANDS = 8
#: the id of the finished hand's viewer on the page
VIEWER_ID = "your-hand"
_count = [0]


def options() -> dict[str, Any]:
    """What the reader may choose: the opponents and the rule sets (key -> name)."""
    return {"opponents": dict(OPPONENTS), "rules": rules_offered()}


def _hand(hand_id: str) -> HandInPlay:
    found = HANDS.get(hand_id) if isinstance(hand_id, str) else None
    if found is None:
        raise OmbreError(f"no hand {str(hand_id)[:20]!r} is in play: deal again")
    return found


def new(seed: int = 0, opponents: str = "rule-of-thumb", rules: str = "1665") -> dict[str, Any]:
    """Deal hand ``seed`` with the student as the eldest hand; the computers act until it is their turn."""
    h = HandInPlay(seed, opponents=opponents, rules=rules)
    _count[0] += 1
    hand_id = f"hand-{_count[0]}"
    HANDS[hand_id] = h
    while len(HANDS) > MAX_HANDS:
        del HANDS[next(iter(HANDS))]
    return view(hand_id)


def act(hand_id: str, action: str) -> dict[str, Any]:
    """The student's move, then the computers': ``"pass"``, ``"trump spades"``, ``"exchange 2h"``, ``"Ks"``.

    A move that is not allowed now comes back as ``{"error": the reason}`` and changes nothing.
    """
    h = _hand(hand_id)
    if not isinstance(action, str):
        raise OmbreError("the move must be text, such as 'pass' or 'Ks'")
    move = parse_action(action)
    for choice in h.card_choices():  # the rule that forbids a card, in the words the page shows
        if choice.reason and choice.card == getattr(move, "card", None):
            raise OmbreError(f"{choice.card.symbol} may not be played: {choice.reason}")
    h.act(move)
    return view(hand_id)


def hint(hand_id: str) -> dict[str, str]:
    """The 1665 rule of thumb's advice for the student's move now, with its reasoning."""
    h = _hand(hand_id)
    said = h.hint()
    return {"hint": said, "hint_html": h.text_html(said)}


def view(hand_id: str) -> dict[str, Any]:
    """The hand as the student sees it now, for the page to draw."""
    h = _hand(hand_id)
    st = h.state
    over = st.is_terminal()
    trump = st.trump
    exchange = None
    if st.phase is Phase.EXCHANGE and st.current_player == h.human:
        least, most = h.exchange_bounds()
        exchange = {
            "least": least,
            "most": most,
            "cards": [{"card": str(c), "text": c.symbol, "name": c.spoken(trump)} for c in h.hand()],
        }
    result, detail = h.outcome()
    replay = ""
    if over and not st.passed_out:
        replay = replay_html(
            st, viewer_id=VIEWER_ID, title=f"Hand {h.seed}, as you played it", heading_level=4
        )
    return {
        "id": hand_id,
        "seed": h.seed,
        "opponents": h.opponents,
        "rules": h.rules,
        "phase": h.phase,
        "over": over,
        "trump": trump.plural if trump is not None else "",
        "prompt": h.prompt(),
        "prompt_html": h.text_html(h.prompt()),
        "table_html": h.table_html(40),
        "last_trick_html": h.last_trick_html(40),
        "log": list(h.log),
        "log_html": [h.text_html(line) for line in h.log],
        "choices": [{"action": str(a), "label": label} for label, a in h.choices()],
        "cards": [
            {"card": str(c.card), "text": c.card.symbol, "name": c.spoken, "reason": c.reason or ""}
            for c in h.card_choices()
        ],
        "exchange": exchange,
        "tricks": list(st.tricks_won),
        "result": result,
        "result_html": h.text_html(result),
        "detail": detail,
        "detail_html": h.text_html(detail),
        "payments": h.payments(),
        "players": list(st.players),
        "replay_html": replay,
    }


#: what the page may ask of this module, by name
METHODS = {"options": options, "new": new, "act": act, "hint": hint, "view": view}
