"""The static replay viewer: positions computed by the engine, the page data, escaping, size."""

from __future__ import annotations

import html
import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ombre.display.html import names_isolated
from ombre.display.play.widget import PlayWidget
from ombre.display.replay import (
    ViewerNote,
    ViewerSteps,
    build_viewer_steps,
    pack_strings,
    render_position,
    replay_html,
    sort_hand,
    viewer_assets,
)
from ombre.engine.cards import DECK, Card, Suit, parse_cards
from ombre.engine.game import Bid, Deal, DeclareVole, Exchange, GameState, NameTrump, Phase
from ombre.engine.players import RuleOfThumbPlayer, play_hand
from ombre.engine.record import GameRecord, read_records
from ombre.errors import OmbreError
from ombre.words import minus_signs

# Belinda's game as W. Pole reconstructs it (small cards chosen to keep the play legal): Belinda
# eldest and the Ombre, dealt a junk club she discards for the Four of Diamonds.
DEALT = ("As 2s Ac Ks Kc Kh Qh 3d 2c", "Qs Js 7s 6s 5s Kd Qd Jd Ah", "4s 3s 4c Jc Jh 2h 3h 4h 5h")
PLAY = "As 5s 3s  2s 6s 4s  Ac 7s 4c  Ks Js Jc  Kc Qs 2h  Kd 3h 3d  Qd 4h 4d  Jd 5h Qh  Ah Jh Kh"
NAMES = ("Belinda", "the Baron", "the Knight")


def belinda_state(
    names: tuple[str, str, str] = NAMES, rules: str = "court-gamester", cards: int = 27
) -> GameState:
    hands = tuple(tuple(parse_cards(h)) for h in DEALT)
    four = Card.parse("4d")
    used = {c for h in hands for c in h} | {four}
    stock = (four,) + tuple(c for c in DECK if c not in used)
    state = GameState(Deal(hands, stock, dealer=2), rules=rules, players=list(names))  # type: ignore[arg-type]
    for action in (Bid("play"), Bid("pass"), Bid("pass"), NameTrump(Suit.SPADES)):
        state.apply(action)
    state.apply(Exchange((Card.parse("2c"),)))
    state.apply(Exchange(()))
    state.apply(Exchange(()))
    for card in PLAY.split()[:cards]:
        if state.phase is Phase.VOLE:
            state.apply(DeclareVole(False))
        state.play(card)
    return state


VERSE = {
    0: "45  The skilful Nymph reviews her force with care;\n46  Let Spades be trumps! she said",
    1: "49  Spadillio first, unconquerable Lord!\n50  Led off two captive trumps",
    5: "65  Thus far both armies to Belinda yield;\nA note of commentary after the verse.",
    9: "95  An Ace of Hearts steps forth: The King unseen\n96  Lurk'd in her hand",
}


def _notes() -> list[ViewerNote]:
    return [ViewerNote(t, "Before play" if t == 0 else f"Trick {t}", text) for t, text in VERSE.items()]


@pytest.fixture(scope="module")
def belinda() -> ViewerSteps:
    return build_viewer_steps(belinda_state(), notes=_notes(), title="Belinda's game")


def _data(page: str) -> dict[str, object]:
    m = re.search(r'<script type="application/json" class="om-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: dict[str, object] = json.loads(m.group(1))
    return data


def _unpack(words: list[str], text: str) -> str:
    return re.sub("[\ue000-\uf8ff]", lambda m: words[ord(m.group(0)) - 0xE000], text)


# ----------------------------------------------------------------------------- the positions


def test_one_step_per_card_and_the_engine_agrees_at_each(belinda: ViewerSteps) -> None:
    assert len(belinda.steps) == 28
    assert belinda.trick_ends == tuple(range(3, 28, 3))
    for step in belinda.steps:
        state = belinda.state_at(step.index)
        assert step.tricks == state.tricks_won
        assert {frozenset(h) for h in step.hands} == {frozenset(h) for h in state.hands}
        assert step.hands == tuple(sort_hand(h, Suit.SPADES) for h in state.hands)
        assert step.to_move == state.current_player
    final = belinda_state()
    assert belinda.steps[-1].tricks == final.tricks_won == (5, 4, 0)


def test_tricks_and_winners(belinda: ViewerSteps) -> None:
    winners = [belinda.steps[e].winner for e in belinda.trick_ends]
    assert winners == [0, 0, 0, 0, 1, 1, 1, 1, 0]
    five = belinda.steps[belinda.step_of("trick-5")]
    assert five.table == ((0, Card.parse("Kc")), (1, Card.parse("Qs")), (2, Card.parse("2h")))
    assert five.leader == 0 and five.in_trick == 3 and five.trick == 5
    middle = belinda.steps[belinda.step_of("trick-6-card-2")]
    assert middle.table == ((1, Card.parse("Kd")), (2, Card.parse("3h")))
    assert middle.to_move == 0 and middle.winner is None


def test_announcements(belinda: ViewerSteps) -> None:
    a = [s.announcement for s in belinda.steps]
    assert a[0] == "Before the first trick. Belinda is the Ombre; spades are trumps. Belinda leads."
    assert a[1] == "Belinda plays Spadille, the Ace of Spades."
    assert a[11] == "The Baron plays the Knave of Spades."
    assert a[12] == (
        "The Knight plays the Knave of Clubs. Belinda wins the trick: Belinda 4, the Baron 0, the Knight 0."
    )
    assert a[-1].endswith("Belinda, the Ombre, wins with 5 tricks (the Baron 4, the Knight 0).")


def test_anchors(belinda: ViewerSteps) -> None:
    anchors = [s.anchor for s in belinda.steps]
    assert anchors[:4] == ["start", "trick-1-card-1", "trick-1-card-2", "trick-1"]
    assert anchors[-1] == "trick-9"
    assert len(set(anchors)) == len(anchors)
    assert belinda.step_of("trick-5") == 15
    with pytest.raises(OmbreError, match="no position called"):
        belinda.step_of("trick-10")


def test_outcome_and_payments(belinda: ViewerSteps) -> None:
    o = belinda.outcome
    assert o is not None
    st = belinda_state().settlement()
    assert o.net == tuple(minus_signs(st.net[s].format(("counters",))) for s in range(3))
    # Morley: Belinda is paid four matadors by each, and takes up the stakes; a loss has a minus sign
    assert o.net[0] == "+30 counters" and o.net[1] == "\u221215 counters"
    assert "The Baron pays Belinda 4 counters: 4 matadors." in o.transfers
    assert o.pool == "0 counters"


def test_amounts_of_two_units_have_no_sign_inside() -> None:
    # 1665 amounts in great and lesser marks: each unit unsigned, not "3 great marks, +4 lesser marks"
    won = build_viewer_steps(belinda_state(rules="1665")).outcome
    assert won is not None
    assert "The pool pays Belinda 3 great marks, 4 lesser marks: takes up the stakes." in won.transfers
    state = play_hand(Deal.random(seed=2, dealer=2), [RuleOfThumbPlayer()] * 3)
    assert str(state.result) == "repuesto"
    o = build_viewer_steps(state).outcome
    assert o is not None
    assert o.pool == "6 great marks, 32 lesser marks"
    assert "Seat 0 pays the pool 3 great marks, 16 lesser marks: " in " ".join(o.transfers)
    assert not any("+" in t for t in (*won.transfers, *o.transfers, won.pool, o.pool))


def test_state_at_rebuilds_the_vole_declaration(belinda: ViewerSteps) -> None:
    st = belinda.state_at(12)
    assert st.phase is Phase.PLAY and st.current_player == 0 and not st.vole_declared
    with pytest.raises(OmbreError):
        belinda.state_at(28)


def test_unfinished_game_has_no_result() -> None:
    rp = build_viewer_steps(belinda_state(cards=10))
    assert len(rp.steps) == 11 and rp.outcome is None
    page = replay_html(rp)
    assert _data(page)["done"] is False


def test_no_play_no_replay() -> None:
    with pytest.raises(OmbreError, match="never reached the play"):
        build_viewer_steps(GameState(Deal.random(seed=1)))


def test_sort_hand() -> None:
    hand = parse_cards("3d Kh Ac 2s As Qd 7h Ah")
    assert [str(c) for c in sort_hand(hand, Suit.HEARTS)] == ["As", "7h", "Ac", "Ah", "Kh", "2s", "Qd", "3d"]


# ----------------------------------------------------------------------------- the page


def test_page_data_matches_the_engine(belinda: ViewerSteps) -> None:
    page = replay_html(belinda, viewer_id="belinda")
    data = _data(page)
    words = data["dict"]
    assert isinstance(words, list)
    frags = [_unpack(words, f) for f in data["frags"]]  # type: ignore[attr-defined]
    steps = data["steps"]
    assert isinstance(steps, list) and len(steps) == 28
    assert data["ends"] == list(belinda.trick_ends)
    seats_in_regions = [int(s) for s in re.findall(r'data-seat="(\d)" data-region="\d"', page)]
    assert sorted(seats_in_regions) == [0, 1, 2]
    for k, st in enumerate(steps):
        engine = belinda.state_at(k)
        for region, seat in enumerate(seats_in_regions):
            frag = frags[st["r"][region]]
            won = engine.tricks_won[seat]
            words_for = "no tricks" if won == 0 else ("1 trick" if won == 1 else f"{won} tricks")
            assert f'<span class="om-count">{words_for}</span>' in frag
            shown = re.findall(r'data-c="(\w\w)"', frag)
            assert set(shown) == {str(c) for c in engine.hand(seat)}
        # the words a script sets as text carry the names between isolates (FSI .. PDI)
        assert st["a"] == names_isolated(belinda.steps[k].announcement, belinda.players)
        assert st["a"].replace("\u2068", "").replace("\u2069", "") == belinda.steps[k].announcement
        assert st["c"] == (f"Trick {belinda.steps[k].trick}, " if k else "") + (
            ("first", "second", "third")[belinda.steps[k].in_trick - 1] + " card." if k else ""
        )
        assert st["h"] == belinda.steps[k].anchor
        assert st["m"] == engine.current_player
        assert st["k"] == list(engine.tricks_won)
    # every card named in a fragment has a face
    cards = data["cards"]
    assert isinstance(cards, dict)
    for frag in frags:
        for key in re.findall(r'data-c="([^"]+)"', frag):
            assert key in cards
    for key, face in cards.items():
        svg = ET.fromstring(_unpack(words, face))
        assert svg.get("aria-label") == Card.parse(key).spoken(Suit.SPADES)


def test_page_is_one_element_with_its_script(belinda: ViewerSteps) -> None:
    page = replay_html(belinda, viewer_id="belinda")
    assert page.startswith('<div class="om-viewer" id="belinda" tabindex="0" role="region"')
    assert page.endswith("</script></div>")
    assert page.count("<script") == 2 and page.count("<style>") == 1
    assert "window.OmbreViewer" in page
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page and "@import" not in page and "url(" not in page
    for label in ("First", "Previous trick", "Previous card", "Next card", "Next trick", "Last"):
        assert f">{label}</button>" in page
    assert 'aria-live="polite"' in page
    assert "prefers-reduced-motion" in page


def test_without_its_script_the_replay_says_how_to_get_the_buttons(belinda: ViewerSteps) -> None:
    import html as html_module

    page = replay_html(belinda, viewer_id="belinda")
    # the controls are hidden until the script runs; the note is visible until then
    assert '<div class="om-controls" role="group" aria-label="Step through the game" hidden>' in page
    note = re.search(r'<p class="om-nojs">(.*?)</p>', page)
    assert note is not None and "hidden" not in page[note.start() - 1 : note.start() + 30]
    text = html_module.unescape(re.sub(r"<[^>]+>", "", note.group(1)))
    assert "run this cell" in text and "trust the notebook" in text
    assert "only the first position is shown" in text
    # the script removes the note when it shows the buttons
    js = viewer_assets()[1]
    assert 'root.querySelector(".om-nojs")' in js and "removeChild(nojs)" in js


def test_size_budget(belinda: ViewerSteps) -> None:
    """One replay's script, style and data stay well under 200 KB, even with every hand open."""
    page = replay_html(belinda)
    assert len(page.encode("utf-8")) < 120_000
    hidden = replay_html(belinda, seat_view=0)
    assert len(hidden.encode("utf-8")) < 120_000


def test_seat_view_hides_the_other_hands(belinda: ViewerSteps) -> None:
    page = replay_html(belinda, seat_view=0, viewer_id="v")
    data = _data(page)
    words = data["dict"]
    assert isinstance(words, list)
    frags = [_unpack(words, f) for f in data["frags"]]  # type: ignore[attr-defined]
    first = data["steps"][0]["r"]  # type: ignore[index]
    seats = [int(s) for s in re.findall(r'data-seat="(\d)" data-region', page)]
    regions = dict(zip(seats, first[:3], strict=True))
    assert re.findall(r'data-c="(\w\w)"', frags[regions[0]])  # her own cards face up
    assert set(re.findall(r'data-c="([^"]+)"', frags[regions[1]])) == {"??"}
    assert "the Baron&#x27;s hand: 9 hidden cards" in frags[regions[1]]
    assert "??" in data["cards"]  # type: ignore[operator]
    with pytest.raises(OmbreError, match="seat_view"):
        replay_html(belinda, seat_view=3)


def test_start_position_and_ids(belinda: ViewerSteps) -> None:
    assert _data(replay_html(belinda, start="trick-4"))["start"] == 12
    assert _data(replay_html(belinda, start=5))["start"] == 5
    assert replay_html(belinda).startswith('<div class="om-viewer" id="ombre-belinda-s-game"')
    for bad in ("1abc", "a b", 'x"onclick="y', ""):
        with pytest.raises(OmbreError, match="viewer_id"):
            replay_html(belinda, viewer_id=bad)
    with pytest.raises(OmbreError):
        replay_html(belinda, start=99)


EVIL = "<img src=x onerror=alert(1)>"


def test_names_comments_and_titles_are_escaped() -> None:
    state = belinda_state(names=(EVIL, "</script><script>alert(2)</script>", 'Tom & "Jerry"'))
    notes = [ViewerNote(1, "Trick 1 <b>", "<script>alert(3)</script>\n12  <i>verse</i> & more")]
    rp = build_viewer_steps(state, notes=notes, title="<svg onload=alert(4)>")
    for page in (replay_html(rp, viewer_id="x"), render_position(rp, 3)):
        assert "<img" not in page and "<svg onload" not in page and "<i>" not in page and "<b>" not in page
        assert "alert(2)</script>" not in page.split('class="om-data">')[-1].split("</script>")[0]
        assert "&lt;img src=x onerror=alert(1)&gt;" in page
        assert "&lt;svg onload=alert(4)&gt;" in page
        assert page.count("<script") <= 2
    page = replay_html(rp, viewer_id="x")
    # inside the JSON nothing can close the script element early
    body = page.split('<script type="application/json" class="om-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in body and ">" not in body
    data = _data(page)
    words = data["dict"]
    assert isinstance(words, list)
    frags = [_unpack(words, f) for f in data["frags"]]  # type: ignore[attr-defined]
    assert any("&lt;img src=x onerror=alert(1)&gt;" in f for f in frags)
    assert not any("<img" in f or "<script" in f for f in frags)
    # the announcements are plain text; the script sets them with textContent
    steps = data["steps"]
    assert isinstance(steps, list)
    assert steps[1]["a"] == f"\u2068{EVIL}\u2069 plays Spadille, the Ace of Spades."


def _played_with_the_second_player_ombre(name: str) -> PlayWidget:
    """A hand played out in the widget, the computer called ``name`` the Ombre (the student passes)."""
    from ombre.display.play.widget import PlayWidget

    for seed in range(40):
        w = PlayWidget(seed=seed, names=("me", name, "K"))
        while not w.state.is_terminal():
            w.act(RuleOfThumbPlayer().choose(w.state.view(0)) if w.phase != "bidding" else "pass")
        if w.state.ombre == 1:
            return w
    pytest.fail("no hand in 40 made the second player the Ombre")


def test_the_play_widget_escapes_the_computer_players_names() -> None:
    w = _played_with_the_second_player_ombre(EVIL)
    assert "<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi> was the Ombre" in w.status.value
    for part in (w.status, w.table, w.last_trick, w.history, w.hint_text):
        assert "<img" not in part.value


RTL = "\u202eArabic \u0639\u0644\u064a"  # an override and a right-to-left name


def test_right_to_left_names_are_isolated_so_they_cannot_reorder_the_sentence() -> None:
    rp = build_viewer_steps(belinda_state(names=(RTL, "the Baron", "the Knight")))
    for page in (
        replay_html(rp, viewer_id="x"),
        render_position(rp, 3),
        render_position(rp, len(rp.steps) - 1),
    ):
        # attributes (aria-label), words for screen readers alone and the script's data are not laid out
        text = re.sub(r"<script.*?</script>|<span class=\"om-sr\">[^<]*</span>", "", page, flags=re.S)
        text = re.sub(r'"[^"]*"', "", text)
        assert text.count(RTL) == text.count(f"<bdi>{RTL}</bdi>") > 0
    assert f'<th scope="row"><bdi>{RTL}</bdi></th>' in replay_html(rp, viewer_id="x")
    # the words the viewer's script sets as text (status, position) carry the name between isolates
    data = _data(replay_html(rp, viewer_id="x"))
    for st in data["steps"]:  # type: ignore[attr-defined]
        for key in ("a", "ta", "w"):
            assert st[key].count(RTL) == st[key].count(f"\u2068{RTL}\u2069")
    assert any(RTL in st["a"] for st in data["steps"])  # type: ignore[attr-defined]


def _laid_out(page: str) -> str:
    """What of ``page`` is laid out as text: no attributes, no script, no words for screen readers alone."""
    text = re.sub(r"<script.*?</script>|<span class=\"om-sr\">[^<]*</span>", "", page, flags=re.S)
    return re.sub(r'"[^"]*"', "", text)


@pytest.mark.parametrize("name", [RTL, EVIL])
def test_the_play_widget_and_the_browser_table_isolate_and_escape_names(name: str) -> None:
    from ombre.display.browser import table as browser_table

    shown = html.escape(name)
    w = _played_with_the_second_player_ombre(name)
    parts = [w.status.value, w.table.value, w.last_trick.value, w.history.value, w.hint_text.value]
    h = w.hand
    # the page's table answers from the same hand (ombre.display.browser.table.view)
    browser_table.HANDS["hostile"] = h
    try:
        v = browser_table.view("hostile")
    finally:
        del browser_table.HANDS["hostile"]
    parts += [v["prompt_html"], v["table_html"], v["result_html"], v["detail_html"], *v["log_html"]]
    parts += [h.text_html(h.hint()) if not h.state.is_terminal() else ""]
    for part in parts:
        assert "<img" not in part
        text = _laid_out(part)
        assert text.count(shown) == text.count(f"<bdi>{shown}</bdi>")
    assert f"<bdi>{shown}</bdi> was the Ombre" in v["detail_html"]


def test_what_if_answers_isolate_the_names_the_page_sets_as_text() -> None:
    from ombre.display.browser import whatif
    from ombre.engine.record import example_text

    text = example_text("specimen.omb").replace('[Players "Ann; Ben; Cat"]', f'[Players "{RTL}; Ben; Cat"]')
    assert RTL in text
    opts = whatif.options(text, 0)
    b = whatif.branch(text, 0, opts["legal"][-1]["card"], player="rule-of-thumb")
    assert b["title_said"] == names_isolated(b["title"], [RTL, "Ben", "Cat"])
    assert f"\u2068{RTL}\u2069 plays" in b["title_said"]
    assert b["summary_said"].replace("\u2068", "").replace("\u2069", "") == b["summary"]


def test_a_record_that_cannot_be_replayed_shows_itself_and_the_located_problem() -> None:
    from ombre.engine.record import example_text, read_record

    bad = example_text("specimen.omb").replace("3. 7s Kh 5s", "3. 7s 5s Kh")
    page = read_record(bad, path="x.omb")._repr_html_()
    assert "x.omb:24:7: trick 3: it is Ben&#x27;s turn, not Cat&#x27;s" in page
    assert "<pre>[Event &quot;A specimen hand&quot;]" in page and "Traceback" not in page


def test_private_use_characters_in_input_cannot_fake_references() -> None:
    words, packed = pack_strings(['<span class="a">\ue000</span>', '<span class="a">b</span>'])
    expanded = [_unpack(words, p) for p in packed]
    assert expanded == ['<span class="a">\ufffd</span>', '<span class="a">b</span>']


def test_pack_round_trip(belinda: ViewerSteps) -> None:
    frags = [render_position(belinda, k) for k in (0, 5, 27)]
    words, packed = pack_strings(frags)
    assert [_unpack(words, p) for p in packed] == frags
    assert sum(map(len, packed)) < sum(map(len, frags)) / 2


def test_verse_lines_get_numbers_in_the_margin(belinda: ViewerSteps) -> None:
    page = render_position(belinda, 3)
    assert '<span class="om-ln">49</span><span>Spadillio first, unconquerable Lord!</span>' in page
    assert "<p>A note of commentary after the verse.</p>" in page
    # the note of the trick shown is marked current; a static position has no other position to
    # link to, so its headings are plain text
    assert '<div class="om-note om-current" data-trick="1">' in page
    assert '<div class="om-note-head">Trick 5</div>' in page
    assert "om-goto" not in page and 'href="#' not in page


def test_links_in_the_notes_have_targets_without_the_script(belinda: ViewerSteps) -> None:
    """Each heading in the notes links to its position, and the page holds an element of that
    id (the note), so the link works where the script does not run, or in print."""
    page = replay_html(belinda, viewer_id="pole")
    hrefs = re.findall(r'<a class="om-goto" href="#([^"]+)"', page)
    ids = re.findall(r' id="([^"]+)"', page)
    assert hrefs[:2] == ["pole-start", "pole-trick-1"] and hrefs[-1] == "pole-trick-9"
    assert set(hrefs) <= set(ids)
    assert len(ids) == len(set(ids))  # no id twice, though several notes share a position
    assert '<div class="om-note" id="pole-trick-5" data-trick="5">' in page


def test_render_position_marks_legal_cards_and_values(belinda: ViewerSteps) -> None:
    step = belinda.step_of("trick-6-card-2")  # Belinda must follow diamonds
    page = render_position(belinda, step, mark_legal=True, values={Card.parse("3d"): "4 · win"})
    legal = re.findall(r'<li class="om-legal"><span class="om-c"><svg[^>]*aria-label="([^"]+)"', page)
    assert legal == ["the Three of Diamonds", "the Four of Diamonds"]
    assert '<span class="om-value">4 · win</span>' in page
    assert "<script" not in page
    with pytest.raises(OmbreError):
        render_position(belinda, 28)


def test_result_block_only_on_the_last_step(belinda: ViewerSteps) -> None:
    assert '<div class="om-result" hidden>' in render_position(belinda, 26)
    last = render_position(belinda, 27)
    assert '<div class="om-result"><h4 class="om-part">Result</h4>' in last
    assert '<td class="om-num">+30 counters</td>' in last


# ----------------------------------------------------------------------------- records


def _record(name: str) -> GameRecord:
    from importlib import resources

    folder = (
        ("ombre.belinda", "records") if name.startswith("belinda") else ("ombre.engine.record", "examples")
    )
    path = resources.files(folder[0]) / folder[1] / f"{name}.omb"
    [record] = read_records(path.read_text(encoding="utf-8"), path=str(path))
    return record


def test_a_record_with_its_comments() -> None:
    record = _record("specimen")
    rp = build_viewer_steps(record)
    assert rp.title == "A specimen hand"
    assert len(rp.steps) == 28 and rp.outcome is not None
    assert rp.steps[-1].tricks == record.replay().tricks_won
    assert [(n.trick, n.heading) for n in rp.notes] == [
        (0, "Before play"),
        (0, "Bidding"),
        (0, "Exchange"),
        (1, "Trick 1"),
        (5, "Trick 5"),
        (9, "Trick 9"),
    ]
    assert rp.notes[3].text == "Ann leads Manille; Cat's Spadille takes it."
    assert not rp.conjectural and 'class="om-legend"' not in replay_html(record)


def test_an_unfinished_partly_conjectural_record() -> None:
    record = _record("fragment")
    rp = build_viewer_steps(record)
    assert len(rp.steps) == 14 and rp.outcome is None
    assert rp.conjectural == frozenset(parse_cards("4c 2h 4h 3s 6c"))
    page = render_position(rp, 12)
    # the Three of Spades (conjectural) lies on the table, marked, with words for screen readers
    assert re.search(r'aria-label="the Three of Spades".*?</svg></span><span class="om-q"', page, re.S)
    assert page.count("(conjectural)") >= 3
    assert 'class="om-legend"' in page
    # a note on a trick the record never finished has no link
    assert '<div class="om-note-head">Trick 5</div>' in page


# ----------------------------------------------------------------------------- notebook display


def test_value_objects_draw_themselves() -> None:
    from ombre.engine.game import Trick

    trick = Trick(leader=1, cards=tuple(parse_cards("Kd 2d Ac")), trump=Suit.HEARTS)
    out = trick._repr_html_()
    assert "Seat 1 led the King of Diamonds" in out and "Seat 0 wins the trick" in out
    assert out.count("<svg") == 3
    # before the play: the three hands; in play: the table at the latest card
    fresh = GameState(Deal.random(seed=4))._repr_html_()
    assert fresh.count('role="img"') == 27 and "bidding phase" in fresh
    mid = belinda_state(cards=14)._repr_html_()
    assert "<bdi>The Baron</bdi> plays the Queen of Spades." in mid and "<script" not in mid
    record = _record("specimen")
    page = record._repr_html_()
    assert page.startswith('<div class="om-viewer" id="ombre-a-specimen-hand"') and "OmbreViewer" in page
    assert Card.parse("As")._repr_svg_().startswith("<svg")


@pytest.mark.parametrize("name", ["belinda-1-pole", "belinda-2-king-of-clubs", "belinda-3-baker"])
def test_belindas_records_replay_within_the_budget(name: str) -> None:
    record = _record(name)
    rp = build_viewer_steps(record)
    assert len(rp.steps) == 28 and rp.steps[-1].tricks == record.replay().tricks_won == (5, 4, 0)
    # Pope's lines beside every trick, with their numbers
    assert {n.trick for n in rp.notes} >= set(range(1, 10))
    page = replay_html(rp, viewer_id="b")
    assert len(page.encode("utf-8")) < 200_000
    assert '<span class="om-ln">49</span><span>Spadillio first, unconquerable Lord!</span>' in page


# --------------------------------------------------------------------------- the built book

_BUILT = Path(os.environ.get("BOOK_HTML", Path(__file__).resolve().parents[2] / "_build" / "html"))
_LINKED_PAGES = (
    "book/belinda/tricks.html",
    "book/belinda/analysis.html",
    "book/teaching/play.html",
    "book/belinda/index.html",
    "book/belinda/constraints.html",
    "book/belinda/deals.html",
)


@pytest.mark.book
@pytest.mark.parametrize("path", _LINKED_PAGES)
def test_every_fragment_link_resolves_without_the_script(path: str) -> None:
    """On the pages with replays, every link to a place in the same page has an element of that
    id in the HTML as built: no link depends on the viewer's script to find its target."""
    page = _BUILT / path
    if not page.exists():
        pytest.skip(f"the book is not built at {_BUILT}")
    text = page.read_text(encoding="utf-8")
    ids = set(re.findall(r'\bid="([^"]+)"', text))
    fragments = [f for f in re.findall(r'<a\b[^>]*\bhref="#([^"]*)"', text) if f]
    assert fragments
    assert sorted({f for f in fragments if f not in ids}) == []
    if path == "book/belinda/tricks.html":
        goto = re.findall(r'class="om-goto" href="#([^"]+)"', text)
        # three replays, 13 links each: the four notes before play (the game, the bidding, the
        # trump, the exchange) and the nine tricks
        assert len(goto) == 39 and len(set(goto)) == 30
        assert {"pole-trick-9", "king-of-clubs-start", "baker-trick-5"} <= set(goto)
        # no empty quotation anywhere (trick 9 once printed Morley: “”), in table or replay
        assert not re.search(r"Morley: (“”|&quot;&quot;|\"\")", text)


# ----------------------------------------------------------------------------- accessibility


def test_each_step_has_its_whole_trick_in_words(belinda: ViewerSteps) -> None:
    s = [st.summary for st in belinda.steps]
    assert s[0] == belinda.steps[0].announcement
    assert s[1] == "Trick 1 so far: Belinda led Spadille, the Ace of Spades."
    assert s[14] == ("Trick 5 so far: Belinda led the King of Clubs; the Baron played the Queen of Spades.")
    assert s[15] == (
        "Trick 5: Belinda led the King of Clubs; the Baron played the Queen of Spades; "
        "the Knight played the Two of Hearts. The Baron wins the trick: Belinda 4, the Baron 1, the Knight 0."
    )
    assert s[-1].endswith("Belinda, the Ombre, wins with 5 tricks (the Baron 4, the Knight 0).")
    data = _data(replay_html(belinda, viewer_id="b"))
    steps = data["steps"]
    assert isinstance(steps, list)
    assert [st["ta"] for st in steps] == [names_isolated(t, belinda.players) for t in s]


def test_conjectural_cards_are_announced_as_conjectural() -> None:
    rp = build_viewer_steps(_record("fragment"))
    said = [st.announcement for st in rp.steps if st.played is not None and st.played[1] in rp.conjectural]
    assert said and all("(conjectural)" in a for a in said)
    three = next(st for st in rp.steps if st.played is not None and st.played[1] == Card.parse("3s"))
    assert "the Three of Spades (conjectural)" in three.announcement
    assert "the Three of Spades (conjectural)" in three.summary
    others = [
        st.announcement for st in rp.steps if st.played is not None and st.played[1] not in rp.conjectural
    ]
    assert others and not any("conjectural" in a for a in others)


def test_legend_says_what_marks_the_conjectural_cards() -> None:
    page = replay_html(_record("fragment"), viewer_id="f")
    legend = re.search(r'<p class="om-legend">(.*?)</p>', page, re.S)
    assert legend is not None
    said = re.sub(r'<span class="om-q" aria-hidden="true">\?</span>', "", legend.group(1))
    said = re.sub(r"<[^>]+>", "", said)
    assert said.startswith("Cards marked with a question mark are conjectural:")


def test_landmarks_are_named_by_their_replay_and_headings_nest(belinda: ViewerSteps) -> None:
    one = replay_html(belinda, viewer_id="a", title="First reading")
    two = replay_html(belinda, viewer_id="b", title="Second reading", heading_level=4)
    assert 'aria-label="Verse and commentary: First reading"' in one
    assert 'aria-label="Verse and commentary: Second reading"' in two
    assert '<h3 class="om-title" id="a-title">First reading</h3>' in one
    assert '<h4 class="om-title" id="b-title">Second reading</h4>' in two
    assert '<h5 class="om-part">Verse and commentary</h5>' in two and '<h4 class="om-part">' not in two
    assert '<h5 class="om-part">Result</h5>' in two
    with pytest.raises(OmbreError, match="heading_level"):
        replay_html(belinda, heading_level=7)


def test_before_its_script_runs_the_viewer_writes_each_card_with_its_name(belinda: ViewerSteps) -> None:
    page = replay_html(belinda, viewer_id="v")
    # Belinda's first card, face up in the page as text until the script draws its face
    assert (
        '<span class="om-c" data-c="As"><span class="ombre-card-text" role="img" '
        'aria-label="the Ace of Spades">A♠</span></span>'
    ) in page
    assert not re.search(r'data-c="\w\w">[^<]', page)
    # a conjectural card: the name is plain, the mark stays the viewer's own "(conjectural)"
    from ombre.belinda import load_records

    pole = replay_html(load_records()["pole"], viewer_id="pole")
    assert re.search(
        r'data-c="4s"><span class="ombre-card-text" role="img" aria-label="the Four of Spades">4♠</span>'
        r'</span><span class="om-q" aria-hidden="true">\?</span><span class="om-sr">\(conjectural\)</span>',
        pole,
    )


# --------------------------------------------------------------------------- seats and rule sets


def test_the_viewer_refuses_a_bool_seat() -> None:
    state = GameState.from_position(["As", "2s", "3s"], "s", ombre=0, leader=0)
    replay = build_viewer_steps(state)
    assert "Spadille" in render_position(replay, 0, seat_view=0)
    with pytest.raises(OmbreError, match="seat_view must be a seat"):
        render_position(replay, 0, seat_view=True)


def test_the_replay_says_the_defenders_divide_under_the_court_gamester() -> None:
    text = (Path(__file__).parents[1] / "data" / "golden" / "repuesto-1665.omb").read_text(encoding="utf-8")
    outcomes = {}
    for name in ("1665", "court-gamester"):
        [game] = read_records(text.replace('[Rules "1665"]', f'[Rules "{name}"]'))
        outcome = build_viewer_steps(game).outcome
        assert outcome is not None
        outcomes[name] = outcome
    assert outcomes["1665"].summary.endswith("the stake is doubled and stays for the next hand.")
    court = outcomes["court-gamester"]
    assert court.summary.endswith("the others divide the stakes, and the Ombre replaces them.")
    assert court.net == ("\u221242 counters", "+5 counters", "+5 counters") and court.pool == "32 counters"
    assert (
        "The pool pays Ben 16 counters: half the stakes: the Ombre lost, and the defenders divide them."
        in (court.transfers)
    )
    assert "Ann pays the pool 32 counters: beasted: replaces the stakes." in court.transfers
