"""The hand against the computer without a widget (ombre.display.play.session) and its page side
(ombre.display.browser.table, through the worker's entry point api.call)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from ombre.display.browser import table
from ombre.display.browser.api import call
from ombre.display.play.page import table_html
from ombre.display.play.session import HandInPlay
from ombre.engine.game import Phase
from ombre.errors import OmbreError


def _call(name: str, **params: Any) -> Any:
    return json.loads(call(name, json.dumps(params)))


def test_a_seeded_hand_is_the_same_hand_every_time() -> None:
    a, b = HandInPlay(7), HandInPlay(7)
    assert a.state.hand(0) == b.state.hand(0) and a.log == b.log
    assert HandInPlay(8).state.hand(0) != a.state.hand(0)


def test_illegal_cards_carry_the_rule_that_forbids_them() -> None:
    h = HandInPlay(3)
    h.act("play" if "play" in h.legal_texts() else "pass")
    seen = False
    while not h.state.is_terminal():
        if h.state.phase is Phase.PLAY:
            choices = h.card_choices()
            legal = set(h.state.legal_cards())
            assert {c.card for c in choices if c.reason is None} == legal
            seen = seen or any(c.reason for c in choices)
        h.act(h.legal()[0])
    assert seen, "some card was refused with its reason"


def test_bad_choices_are_refused_with_a_clear_error() -> None:
    with pytest.raises(OmbreError, match="unknown opponents"):
        HandInPlay(1, opponents="deep-blue")
    with pytest.raises(OmbreError, match="unknown rule set"):
        HandInPlay(1, rules="hoyle")
    with pytest.raises(OmbreError, match="whole number"):
        HandInPlay(-3)


def test_a_whole_seeded_hand_through_the_page_entry_point_to_its_payments() -> None:
    v = _call("table.new", seed=7, opponents="rule-of-thumb", rules="court-gamester")
    mirror = HandInPlay(7, rules="court-gamester")
    phases = set()
    while not v["over"]:
        phases.add(v["phase"])
        if v["exchange"]:
            move = "exchange " + v["exchange"]["cards"][-1]["card"]
        elif v["choices"]:
            move = v["choices"][0]["action"] if v["phase"] != "bidding" else "play"
        else:
            move = next(c["card"] for c in v["cards"] if not c["reason"])
            refused = [c for c in v["cards"] if c["reason"]]
            if refused:
                err = _call("table.act", hand_id=v["id"], action=refused[0]["card"])
                assert refused[0]["reason"] in err["error"]
        mirror.act(move)
        v = _call("table.act", hand_id=v["id"], action=move)
        assert "error" not in v, v
        assert v["log"] == mirror.log
    assert {"bidding", "play"} <= phases
    assert v["result"] == mirror.outcome()[0] and v["payments"] == mirror.payments()
    assert len(v["payments"]) == 3 and v["result"].startswith("Result: ")
    assert 'id="your-hand"' in v["replay_html"] and "<script>" in v["replay_html"]
    assert _call("table.hint", hand_id=v["id"])["hint"] == "The hand is over."
    assert "hand is over" in _call("table.act", hand_id=v["id"], action="pass")["error"]


def test_the_page_side_keeps_few_hands_and_names_a_lost_one() -> None:
    ids = [table.new(seed=s)["id"] for s in range(table.MAX_HANDS + 2)]
    assert len(table.HANDS) <= table.MAX_HANDS and ids[-1] in table.HANDS and ids[0] not in table.HANDS
    assert "deal again" in _call("table.hint", hand_id=ids[0])["error"]
    assert set(_call("table.options")["rules"]) == {"1665", "court-gamester"}


def test_the_page_side_imports_no_widget_library() -> None:
    code = (
        "import sys, ombre.display.browser.table, ombre.display.play.session, ombre.display.play.page; "
        "banned = ('ipywidgets', 'IPython', 'matplotlib', 'numpy', 'pygments'); "
        "print(sorted(m for m in banned if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_page_table_has_named_controls_and_its_script() -> None:
    page = table_html(seed=7)
    assert '<button type="button" class="ot-deal">Deal</button>' in page
    assert 'role="status" aria-live="polite"' in page and "OmbreLive" in page
    assert page.count("<label>") == 3
