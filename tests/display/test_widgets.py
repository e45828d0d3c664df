"""The JupyterLab replay widget, driven from Python: moving, branching, reconstructions, solver."""

from __future__ import annotations

import re

import pytest

from ombre.display.replay import branch, build_viewer_steps
from ombre.display.replay import widget as W
from ombre.display.replay.widget import ReplayWidget, engine_chooser, highest_card, solver_values
from ombre.engine.cards import DECK, Card, Suit, parse_cards
from ombre.engine.game import Bid, Deal, DeclareVole, Exchange, GameState, NameTrump, Phase
from ombre.errors import OmbreError

DEALT = ("As 2s Ac Ks Kc Kh Qh 3d 2c", "Qs Js 7s 6s 5s Kd Qd Jd Ah", "4s 3s 4c Jc Jh 2h 3h 4h 5h")
POLE = "As 5s 3s  2s 6s 4s  Ac 7s 4c  Ks Js Jc  Kc Qs 2h  Kd 3h 3d  Qd 4h 4d  Jd 5h Qh  Ah Jh Kh"
# another reading of trick 5: the Knight, not Belinda, holds the King of Clubs?  Here simply a
# different legal order of the small cards, enough to tell two reconstructions apart
OTHER = "As 6s 4s  2s 5s 3s  Ac 7s 4c  Ks Js Jc  Kc Qs 2h  Kd 3h 3d  Qd 4h 4d  Jd 5h Qh  Ah Jh Kh"


def game(play: str = POLE) -> GameState:
    hands = tuple(tuple(parse_cards(h)) for h in DEALT)
    four = Card.parse("4d")
    used = {c for h in hands for c in h} | {four}
    stock = (four,) + tuple(c for c in DECK if c not in used)
    names = ["Belinda", "the Baron", "the Knight"]
    state = GameState(Deal(hands, stock, dealer=2), rules="court-gamester", players=names)  # type: ignore[arg-type]
    for action in (Bid("play"), Bid("pass"), Bid("pass"), NameTrump(Suit.SPADES)):
        state.apply(action)
    for discard in (("2c",), (), ()):
        state.apply(Exchange(tuple(Card.parse(c) for c in discard)))
    for card in play.split():
        if state.phase is Phase.VOLE:
            state.apply(DeclareVole(False))
        state.play(card)
    return state


def _counts(html: str) -> list[int]:
    """The trick counts shown, by seat."""
    out = {}
    for seat, words in re.findall(r'data-seat="(\d)">.*?<span class="om-count">([^<]+)</span>', html, re.S):
        out[int(seat)] = 0 if words == "no tricks" else int(words.split()[0])
    return [out[0], out[1], out[2]]


@pytest.fixture()
def widget() -> ReplayWidget:
    return ReplayWidget({"Pole": game(), "Another": game(OTHER)}, chooser=highest_card, analysis=False)


def test_moves_and_controls_agree(widget: ReplayWidget) -> None:
    assert widget.step == 0 and widget.slider.value == 0 and widget.slider.max == 27
    assert widget.buttons["prev"].disabled and not widget.buttons["next"].disabled
    widget.buttons["next"].click()
    assert widget.step == 1 and widget.slider.value == 1
    assert "Belinda plays Spadille, the Ace of Spades." in widget.announce.value
    widget.buttons["next_trick"].click()
    assert widget.step == 3
    widget.slider.value = 14
    assert widget.step == 14
    widget.buttons["prev_trick"].click()
    assert widget.step == 12
    widget.buttons["last"].click()
    assert widget.step == 27 and widget.buttons["next"].disabled
    assert '<div class="om-result"><h4 class="om-part">Result</h4>' in widget.view.value
    widget.buttons["first"].click()
    assert widget.step == 0
    widget.go(99)
    assert widget.step == 27


def test_each_card_is_announced_in_one_persistent_live_region(
    widget: ReplayWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    import html

    from ombre.display.live import LIVE_CLASS, LIVE_SCRIPT

    region = widget.announce
    assert LIVE_CLASS in region._dom_classes and widget.box.children.index(region) == 2
    for _ in range(27):
        widget.buttons["next"].click()
        assert widget.announce is region and "aria-live" not in region.value
        said = html.unescape(re.sub(r"<[^>]+>", "", region.value))
        assert said == widget.announcement()
        assert said.startswith(widget.current.steps[widget.step].announcement.split(".")[0])
        assert 'class="om-status"' not in widget.view.value  # said once, in the live region only
    assert said.startswith(
        "Belinda plays the King of Hearts. Belinda wins the trick: Belinda 5, the Baron 4, the Knight 0. "
        "No trump was played and the King of Hearts is the highest heart "
        '(a plain red Ace ranks below the Knave, 1665: "only rank\'d after the Knave"). '
        "Belinda, the Ombre, wins"
    )
    # displayed with the script that makes the region live
    shown: list[object] = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    widget._ipython_display_()
    assert getattr(shown[0], "data", None) == LIVE_SCRIPT and shown[1] is widget.box
    assert 'setAttribute("aria-live", "polite")' in LIVE_SCRIPT
    assert 'setAttribute("role", "status")' in LIVE_SCRIPT


def test_every_trick_shows_the_engines_counts(widget: ReplayWidget) -> None:
    for end in widget.current.trick_ends:
        widget.go(end)
        assert _counts(widget.view.value) == list(widget.state().tricks_won)
    assert _counts(widget.view.value) == [5, 4, 0]


def test_what_if_branches_and_returns(widget: ReplayWidget) -> None:
    widget.go(12)  # Belinda to lead to trick 5; she led the King of Clubs
    options = dict((label, card) for label, card in widget.alternative.options)
    assert options["the King of Clubs (as played)"] == Card.parse("Kc")
    assert set(options.values()) == set(parse_cards("Kc Kh Qh 3d 4d"))
    assert widget.alternative.description == "What if Belinda plays"
    widget.what_if("Kh")
    assert widget.in_branch and widget.step == 13
    branch = widget.current
    assert branch.steps[13].played == (0, Card.parse("Kh"))
    # the branch begins with the recorded game
    assert [s.played for s in branch.steps[:13]] == [s.played for s in widget.recorded.steps[:13]]
    assert branch.title == "What if Belinda plays the King of Hearts at card 13"
    # the engine played it out; the widget walks the branch like a record
    assert len(branch.steps) == 28 and branch.outcome is not None
    widget.last()
    assert _counts(widget.view.value) == list(widget.state().tricks_won)
    assert "A branch:" in widget.note.value
    assert not widget.back_button.disabled
    # a branch of the branch keeps the place to return to
    widget.go(14)
    widget.what_if(widget.legal_cards()[-1])
    widget.back_button.click()
    assert not widget.in_branch and widget.step == 12 and widget.back_button.disabled
    assert widget.current is widget.recorded


def test_the_play_button_plays_the_chosen_card(widget: ReplayWidget) -> None:
    widget.go(13)  # the Baron, second to trick 5
    widget.alternative.value = Card.parse("Ah")
    widget.play_button.click()
    assert widget.in_branch and widget.current.steps[14].played == (1, Card.parse("Ah"))


def test_a_double_click_makes_one_branch_and_nested_titles_name_every_departure(
    widget: ReplayWidget,
) -> None:
    widget.go(12)
    assert widget.alternative.value == Card.parse("Kc")  # the card as played is chosen first
    assert widget.play_button.disabled, "playing the card as played would branch off for nothing"
    widget.alternative.value = Card.parse("Kh")
    assert not widget.play_button.disabled
    widget.play_button.click()
    widget.play_button.click()  # the second click of a double click
    assert widget.step == 13 and widget.deviations == [(12, "Belinda", Card.parse("Kh"))]
    assert widget.current.title == "What if Belinda plays the King of Hearts at card 13"
    as_played = widget.current.steps[14].played
    assert as_played is not None and widget.alternative.value == as_played[1]
    assert widget.play_button.disabled
    # a deliberate branch of the branch, at the next card with a choice: the title names both
    while len(widget.legal_cards()) < 2:
        widget.next()
    at, mover = widget.step, widget.current.players[widget.current.steps[widget.step].to_move or 0]
    other = widget.legal_cards()[-1]
    assert other != widget.alternative.value
    widget.alternative.value = other
    widget.play_button.click()
    assert widget.current.title == (
        f"What if Belinda plays the King of Hearts at card 13, and {mover} plays "
        f"{other.spoken(Suit.SPADES)} at card {at + 1}"
    )
    assert widget.current.title in widget.note.value
    widget.back_to_record()
    assert widget.step == 12 and widget.deviations == []


def test_illegal_what_if_is_refused(widget: ReplayWidget) -> None:
    widget.go(17)  # the Baron led the King of Diamonds; Belinda must follow diamonds
    with pytest.raises(
        OmbreError, match=r"may not play the King of Hearts here \(must follow diamonds\); legal: 3d, 4d$"
    ):
        widget.what_if("Kh")
    widget.go(1)  # Spadille led: the Baron must play a trump
    with pytest.raises(OmbreError, match=r"the King of Diamonds here \(must play a trump: trumps were led\)"):
        widget.what_if("Kd")
    with pytest.raises(OmbreError, match="choose a card"):
        widget.what_if(None)
    assert not widget.in_branch


def test_switching_reconstructions(widget: ReplayWidget) -> None:
    assert widget.game_menu.options == (("Pole", 0), ("Another", 1))
    widget.go(2)
    widget.game_menu.value = 1
    assert widget.game_index == 1 and widget.step == 2
    assert widget.current.steps[2].played == (1, Card.parse("6s"))
    widget.what_if("7s", step=1)
    widget.game_menu.value = 0
    assert not widget.in_branch and widget.current.steps[2].played == (1, Card.parse("5s"))
    with pytest.raises(OmbreError):
        widget.select(2)


def test_one_game_hides_the_menu_and_accepts_records_states_and_replays() -> None:
    w = ReplayWidget(build_viewer_steps(game(), title="Built"), chooser=highest_card)
    assert w.game_menu.layout.display == "none" and w.games[0][0] == "Built"
    w2 = ReplayWidget([game(), game(OTHER)], chooser=highest_card)
    assert [label for label, _ in w2.games] == ["Game 1", "Game 2"]
    with pytest.raises(OmbreError):
        ReplayWidget([], chooser=highest_card)


def test_seat_view_hides_other_hands() -> None:
    w = ReplayWidget(game(), seat_view=1, chooser=highest_card, analysis=False)
    assert w.view.value.count('aria-label="a hidden card"') == 18


def test_without_a_solver_the_engine_uses_the_rule_of_thumb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(branch, "_solver", lambda: None)
    chooser, how = engine_chooser()
    assert how == "the 1665 rule of thumb"
    w = ReplayWidget(game())
    assert not w.has_solver and w.show_values.disabled and not w.show_values.value
    assert w.values() is None and 'class="om-value"' not in w.view.value
    w.what_if("Kc", step=0)
    assert w.current.outcome is not None and "rule of thumb" in w.note.value
    assert solver_values(w.state()) is None


def test_solver_values_light_up_the_cards() -> None:
    solver = pytest.importorskip("ombre.engine.solver")
    w = ReplayWidget(game())
    assert w.has_solver and w.show_values.value and w.how.startswith("the double-dummy solver")
    vals = w.values()
    assert vals is not None
    position = solver.Position.from_state(w.state())
    assert {c: t for c, (t, _) in vals.items()} == solver.analyse(position, "tricks")
    labels = re.findall(r'<span class="om-value">([^<]+)</span>', w.view.value)
    assert len(labels) == 9 and all(re.fullmatch(r"\d · (win|vole|codille|repuesto)", x) for x in labels)
    w.show_values.value = False
    assert 'class="om-value"' not in w.view.value
    # best play by every side from the recorded position after trick 4
    w.what_if("Kh", step=12)
    final = w.current.steps[-1].tricks
    assert final[0] == vals_at(w, 12)[Card.parse("Kh")]


def vals_at(w: ReplayWidget, step: int) -> dict[Card, int]:
    values = solver_values(w.recorded.state_at(step))
    assert values is not None
    return {c: t for c, (t, _) in values.items()}


def test_widget_displays_as_its_box(widget: ReplayWidget) -> None:
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == widget.box.model_id


def test_labelled_slider_shows_each_option_in_full() -> None:
    import ipywidgets as widgets

    from ombre.engine.rules import trump_order

    names = [c.spoken(Suit.HEARTS) for c in trump_order(Suit.HEARTS)]
    box = W.labelled_slider(names, "Hearts trumps")
    slider, readout = box.children
    assert isinstance(slider, widgets.SelectionSlider) and slider.readout is False
    assert list(slider.options) == names and names[0] == "Spadille, the Ace of Spades"
    assert [label.value for label in readout.children] == names
    assert "ombre-slider-readout" in readout._dom_classes
    # the label follows the slider in the browser: a jslink from the slider's index
    links = [
        w
        for w in widgets.widgets.widget._instances.values()
        if isinstance(w, widgets.widget_link.Link)
        and w.source == (slider, "index")
        and w.target == (readout, "selected_index")
    ]
    assert len(links) == 1
    slider.index = 3  # in Python the link does nothing; the browser moves the label
    assert slider.value == "Punto, the Ace of Hearts"
    with pytest.raises(ValueError):
        W.labelled_slider([], "nothing")


def test_the_announcements_say_why_a_card_was_allowed_and_why_the_trick_was_won(widget: ReplayWidget) -> None:
    said = {}
    for step in range(1, 28):
        widget.go(step)
        said[step] = widget.announcement()
    # trick 3: Basto led, the Knight has no trump left; Basto is the highest trump played
    assert said[9] == (
        "The Knight plays the Four of Clubs (no trump left, so any card may be played). "
        "Belinda wins the trick: Belinda 3, the Baron 0, the Knight 0. "
        "Basto, the third matador, is the highest trump played."
    )
    # trick 5: clubs led, the Baron trumps with no club in his hand
    assert said[14] == (
        "The Baron plays the Queen of Spades "
        "(no clubs left, so any card may be played; no duty to trump, Morley)."
    )
    assert said[15].endswith("The Queen of Spades is the only trump played.")
    # a card that follows suit, or leads, is said without a reason
    assert said[2] == "The Baron plays the Five of Spades."
    assert said[16] == "The Baron plays the King of Diamonds."
    assert said[6].endswith("Manille, the second matador, is the highest trump played.")


def test_a_matadors_privilege_is_named_when_it_is_used() -> None:
    s = GameState.from_position(
        [parse_cards("5s Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")],
        trump=Suit.SPADES,
        ombre=0,
        leader=0,
        players=["Ann", "Ben", "Cat"],
    )
    for card in ["5s", "Qh", "3s", "Kh", "2s", "Jh"]:
        s.play(card)
    w = ReplayWidget(s, chooser=highest_card, analysis=False)
    w.go(2)
    assert w.announcement() == (
        "Ben plays the Queen of Hearts (Manille need not be played to a lower trump; "
        "the matadors' privilege, 1665)."
    )


def test_the_what_if_menu_names_the_cards_it_leaves_out_and_the_rule(widget: ReplayWidget) -> None:
    widget.go(17)  # the Baron led the King of Diamonds: Belinda may not play her hearts
    shown = [card for _, card in widget.alternative.options]
    assert shown == parse_cards("3d 4d")
    text = re.sub(r"<[^>]+>", "", widget.refused.value)
    assert text == "Belinda may not play K♥ Q♥ (must follow diamonds)."
    assert 'aria-label="the King of Hearts">K♥</span>' in widget.refused.value
    widget.go(1)  # Spadille led: the Baron's plain cards are refused
    text = re.sub(r"<[^>]+>", "", widget.refused.value)
    assert text == "The Baron may not play A♥ K♦ Q♦ J♦ (must play a trump: trumps were led)."
    widget.go(12)  # Belinda to lead: every card may be led
    assert widget.refused.value == ""
    widget.last()
    assert widget.refused.value == ""
    hidden = ReplayWidget(game(), seat_view=0, chooser=highest_card, analysis=False)
    hidden.go(1)  # the Baron's cards are hidden from Belinda's view
    assert hidden.refused.value == ""
    hidden.go(17)
    assert "Belinda may not play" in hidden.refused.value
