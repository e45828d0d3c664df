"""What if without widgets: ombre.display.replay.branch and the browser's ombre.display.browser.whatif."""

from __future__ import annotations

import json

import pytest

from ombre.display.browser import api, whatif
from ombre.display.replay import branch, build_viewer_steps, replay_html
from ombre.display.replay.html import record_text
from ombre.engine.cards import Card
from ombre.engine.record.reader import example_text, read_record
from ombre.errors import OmbreError

TEXT = example_text("specimen.omb")


def test_options_name_the_legal_cards_and_the_rule_against_the_others() -> None:
    rp = build_viewer_steps(read_record(TEXT))
    for step in range(len(rp.steps) - 1):
        state = rp.state_at(step)
        answer = whatif.options(TEXT, step)
        assert [c["card"] for c in answer["legal"]] == [
            str(c) for c in branch.sort_hand(state.legal_cards(), state.trump)
        ]
        refused = {n for r in answer["refused"] for n in r["cards"]}
        hand = state.hand(state.current_player)  # type: ignore[arg-type]
        assert len(refused) + len(answer["legal"]) == len(hand)
        assert answer["played"] == str(rp.steps[step + 1].played[1])  # type: ignore[index]


def test_a_card_that_follows_no_rule_is_refused_with_its_rule() -> None:
    rp = build_viewer_steps(read_record(TEXT))
    step = next(k for k in range(len(rp.steps) - 1) if whatif.options(TEXT, k)["refused"])
    state = rp.state_at(step)
    bad = next(c for c in state.hand(state.current_player) if c not in state.legal_cards())  # type: ignore[arg-type]
    with pytest.raises(OmbreError, match=r"may not play .*\(.+\); legal: "):
        whatif.branch(TEXT, step, str(bad))


def test_values_are_the_solvers_and_the_branch_plays_on_to_a_result() -> None:
    pytest.importorskip("ombre.engine.solver")
    rp = build_viewer_steps(read_record(TEXT))
    vals = whatif.values(TEXT, 3)["values"]
    solved = branch.solver_values(rp.state_at(3))
    assert solved is not None
    assert {v["card"]: (v["tricks"], v["result"]) for v in vals} == {str(c): t for c, t in solved.items()}
    card = vals[0]["card"]
    answer = whatif.branch(TEXT, 3, card)
    state = branch.branch_state(rp.state_at(3), Card.parse(card), branch.named_chooser("solver")[0])
    assert answer["tricks"] == list(state.tricks_won) and answer["summary"]
    assert answer["title"].startswith("What if ") and "at card 4" in answer["title"]
    # a branch's own viewer carries its record and departures: a branch of a branch is titled with both
    data = json.loads(answer["html"].split('class="om-data">')[1].split("</script>")[0])
    assert data["dev"][0][0] == 3
    again = whatif.branch(
        data["rec"], 6, whatif.options(data["rec"], 6)["legal"][0]["card"], earlier=data["dev"]
    )
    assert again["title"].count(" plays ") == 2 and again["from"] == 3


@pytest.mark.parametrize("player", ["rule-of-thumb", "monte-carlo"])
def test_the_reader_may_choose_the_computer_player(player: str) -> None:
    answer = whatif.branch(TEXT, 20, whatif.options(TEXT, 20)["legal"][0]["card"], player=player, seed=3)
    assert answer["how"].startswith(branch.CHOOSERS[player])


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"record": TEXT, "step": 99}, "the step must be a whole number 0 .. 26"),
        ({"record": TEXT, "step": "1"}, "the step must be a whole number"),
        ({"record": 5, "step": 0}, "must be a record's text"),
        ({"record": '[Players "A; B"]', "step": 0}, "the page's game:1:1: missing tag [Deal]"),
    ],
)
def test_bad_requests_are_answered_with_a_located_message(params: dict[str, object], message: str) -> None:
    answer = json.loads(api.call("whatif.options", json.dumps(params)))
    assert message in answer["error"]


def test_bad_players_and_seeds_are_refused() -> None:
    card = whatif.options(TEXT, 0)["legal"][0]["card"]
    assert (
        "no computer player called 'oracle'"
        in json.loads(
            api.call(
                "whatif.branch", json.dumps({"record": TEXT, "step": 0, "card": card, "player": "oracle"})
            )
        )["error"]
    )
    with pytest.raises(OmbreError, match="seed must be a whole number"):
        branch.named_chooser("monte-carlo", -1)


def test_the_viewer_carries_its_record_and_cpythons_reference_answers() -> None:
    record = read_record(TEXT)
    page = replay_html(record, viewer_id="x", engine_reference=(0, 5))
    data = json.loads(page.split('class="om-data">')[1].split("</script>")[0])
    assert read_record(data["rec"]).replay().tricks_won == record.replay().tricks_won
    assert set(data["ref"]) == {"0", "5", "branch"}
    assert data["ref"]["5"]["options"] == branch.card_choices(build_viewer_steps(record).state_at(5))
    assert 'class="om-whatif" hidden' in page and "What if…" in page
    assert 'class="om-whatif"' not in replay_html(record, viewer_id="x", whatif=False)
    assert record_text(record, build_viewer_steps(record)) == data["rec"]
