"""Computer players: legal and seeded, the 1665 reckoning, world sampling, and a small tournament."""

from __future__ import annotations

import random
import re

import pytest

from ombre.display.cardtext import CARD_TOKEN, card_label
from ombre.engine.cards import Suit, parse_cards
from ombre.engine.game import Bid, Deal, Exchange, GameState, NameTrump, Phase, Play
from ombre.engine.players import (
    MonteCarloPlayer,
    RandomPlayer,
    RuleOfThumbPlayer,
    SolverEvaluator,
    advised_bid,
    advised_discards,
    advised_trump,
    hidden_constraints,
    hint,
    make_player,
    match,
    mean_interval,
    play_hand,
    reckon,
    sample_world,
    tournament,
    trump_candidates,
)
from ombre.engine.rules import legal_plays
from ombre.errors import OmbreError


class Recorder:
    """Wraps a player and checks that every action it takes is legal in the state it saw."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = "recorder"
        self.actions = 0

    def choose(self, view):  # type: ignore[no-untyped-def]
        action = self.inner.choose(view)  # type: ignore[attr-defined]
        assert action in view.legal_actions, (view.phase, action)
        self.actions += 1
        return action


@pytest.mark.parametrize("seed", range(12))
def test_rule_of_thumb_and_random_play_legal_complete_hands(seed: int) -> None:
    players = [Recorder(RuleOfThumbPlayer()), Recorder(RandomPlayer(seed)), Recorder(RuleOfThumbPlayer())]
    state = play_hand(Deal.random(seed=seed), players)
    assert state.is_terminal()
    if not state.passed_out:
        assert sum(state.tricks_won) == 9


def test_monte_carlo_plays_legal_hands() -> None:
    for seed in (3, 4):
        mc = Recorder(MonteCarloPlayer(samples=3, bid_samples=3, seed=seed))
        others = [Recorder(RuleOfThumbPlayer()), Recorder(RandomPlayer(1))]
        state = play_hand(Deal.random(seed=seed), [mc, *others])
        assert state.is_terminal() and mc.actions >= 1


def test_players_are_deterministic() -> None:
    def run() -> tuple[object, ...]:
        players = [MonteCarloPlayer(samples=3, bid_samples=4, seed=9), RuleOfThumbPlayer(), RandomPlayer(2)]
        return play_hand(Deal.random(seed=21), players).history

    assert run() == run()


def test_reckoning_counts_matadors_kings_and_half_the_other_trumps() -> None:
    r = reckon(parse_cards("As 2s Ac Ks Qs 5s Kh 3d 4d"), Suit.SPADES)
    assert [str(c) for c in r.matadors] == ["As", "2s", "Ac"]
    assert [str(c) for c in r.kings] == ["Kh"]
    assert len(r.other_trumps) == 3 and r.sure_tricks == 3 + 1 + 1
    # six good trumps without matadors make three sure tricks (1665)
    assert reckon(parse_cards("Kh Qh Jh 2h 3h 4h 5c 6c 7d"), Suit.HEARTS).sure_tricks == 3


def test_trump_choice_prefers_black_and_the_suit_whose_king_you_lack() -> None:
    # both black aces and two small cards of spades and of hearts: equal counts, black preferred
    hand = parse_cards("As Ac 4s 5s 2h 5h 3c Jd 4d")
    assert advised_trump(hand) is Suit.SPADES
    # with the king of spades, naming spades makes the king a mere trump; clubs keeps it a winner
    hand = parse_cards("As Ac Ks 5s 4c 5c 2h 3h 6d")
    best = trump_candidates(hand)[0]
    assert best.trump is Suit.CLUBS and best.sure_tricks > reckon(hand, Suit.SPADES).sure_tricks


def test_bid_follows_three_sure_tricks() -> None:
    assert advised_bid(parse_cards("As 2s Ac 4d 5d 6d 3h 4h 5h")) == "play"
    assert advised_bid(parse_cards("5s 6s 5d 6d 7d 3h 4h 5h 6c")) == "pass"
    assert advised_bid(parse_cards("As 2s Ac Ks Qs Js Kh Kd Kc")) == "sans-prendre"
    # the threshold of a sure game is six sure tricks: the three matadors and three kings make
    # six; with a small heart for the Kc, five, which is a game to play, not a sure one
    six = parse_cards("As 2s Ac Kh Kd Kc 4h 5d 6c")
    five = parse_cards("As 2s Ac Kh Kd 3h 4h 5d 6c")
    assert [reckon(h, Suit.SPADES).sure_tricks for h in (six, five)] == [6, 5]
    assert (advised_bid(six), advised_bid(five)) == ("sans-prendre", "play")


def test_discards_keep_trumps_and_kings_within_bounds() -> None:
    hand = parse_cards("As 2s Ac Kh 4d 5d 6c 7c Qh")
    assert {str(c) for c in advised_discards(hand, Suit.SPADES)} == {"4d", "5d", "6c", "7c", "Qh"}
    assert len(advised_discards(hand, Suit.SPADES, most=2)) == 2
    only_good = parse_cards("As 2s Ac Ks Qs Js Kh Kd Kc")
    forced = advised_discards(only_good, Suit.SPADES, least=1)
    assert [str(c) for c in forced] == ["Kc"]


def _play_phase(seed: int) -> GameState:
    state = GameState(Deal.random(seed=seed))
    state.apply(Bid("play"))
    while state.phase is Phase.BIDDING:
        state.apply(Bid("pass"))
    state.apply(NameTrump(Suit.SPADES))
    while state.phase is Phase.EXCHANGE:
        seat = state.current_player
        assert seat is not None
        state.apply(Exchange(state.hand(seat)[:1]) if seat == state.ombre else Exchange(()))
    return state


def test_sampled_worlds_agree_with_everything_seen() -> None:
    rng = random.Random(4)
    for seed in range(6):
        state = _play_phase(seed)
        # play a few tricks by the rule of thumb
        rot = RuleOfThumbPlayer()
        for _ in range(10):
            if state.is_terminal():
                break
            seat = state.current_player
            assert seat is not None
            state.apply(rot.choose(state.view(seat)))
        if state.is_terminal():
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        banned = hidden_constraints(view)
        for _ in range(20):
            hands = sample_world(view, rng)
            assert hands[seat] == view.hand
            for other in range(3):
                assert len(hands[other]) == len(state.hand(other))
                if other != seat:
                    assert not set(hands[other]) & banned[other]
                    assert not set(hands[other]) & view.played
            # the real hands are one of the worlds that the constraints allow
            for other in range(3):
                if other != seat:
                    assert not set(state.hand(other)) & banned[other]


def test_voids_are_read_from_the_tricks() -> None:
    pos = GameState.from_position(
        hands=[parse_cards("Kh Qd 2c"), parse_cards("2s 3h 4c"), parse_cards("Jc 4d 5d")],
        trump=Suit.SPADES,
        ombre=0,
        leader=0,
    )
    pos.play("Kh")
    pos.play("3h")
    pos.play("Jc")  # seat 2 shows no hearts
    banned = hidden_constraints(pos.view(0))
    assert parse_cards("Ah")[0] in banned[2] and parse_cards("Ah")[0] not in banned[1]


def test_trump_void_keeps_privileged_matadors_possible() -> None:
    # seat 1 holds only Manille among trumps and does not play it to a small trump: it may still hold it
    pos = GameState.from_position(
        hands=[parse_cards("5s Qd"), parse_cards("2s Kh"), parse_cards("3s Jc")],
        trump=Suit.SPADES,
        ombre=0,
        leader=0,
    )
    pos.play("5s")
    assert legal_plays(parse_cards("2s Kh"), parse_cards("5s"), Suit.SPADES) == parse_cards("2s Kh")
    pos.play("Kh")
    banned = hidden_constraints(pos.view(2))[1]
    assert parse_cards("2s")[0] not in banned and parse_cards("As")[0] not in banned
    assert parse_cards("Ks")[0] in banned and parse_cards("Ac")[0] not in banned


def test_monte_carlo_draws_with_spadille_when_the_solver_says_so() -> None:
    # the Ombre leads with two cards left: As first wins both tricks in every world, Kh first only one
    pos = GameState.from_position(
        hands=[parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")],
        trump=Suit.SPADES,
        ombre=0,
        leader=0,
    )
    mc = MonteCarloPlayer(samples=4, seed=1, evaluator=SolverEvaluator("tricks"))
    action = mc.choose(pos.view(0))
    assert action == Play(parse_cards("As")[0])


def test_hints_speak_for_every_phase() -> None:
    state = GameState(Deal.random(seed=2))
    text = hint(state.view(state.current_player or 0))
    assert text.startswith(("Pass", "Play")) and "sure trick" in text
    state = _play_phase(3)
    seat = state.current_player
    assert seat is not None
    assert hint(state.view(seat)).startswith("Play ")
    assert hint(state.view((seat + 1) % 3)) == "It is not your turn."


def test_make_player_and_errors() -> None:
    assert make_player("rule-of-thumb").name == "rule of thumb"
    with pytest.raises(OmbreError, match="unknown player kind"):
        make_player("oracle")
    with pytest.raises(OmbreError, match="three players"):
        play_hand(Deal.random(seed=1), [RandomPlayer()])
    with pytest.raises(OmbreError, match="no move"):
        RandomPlayer().choose(GameState(Deal.random(seed=1)).view(2))


def test_mean_interval() -> None:
    m, lo, hi = mean_interval([2.0, 4.0, 6.0, 8.0])
    assert m == 5.0 and lo < 5.0 < hi
    # Student's t with 3 degrees of freedom (3.182), not z = 1.96: sd 2.582 / sqrt(4) = 1.291
    assert hi - m == pytest.approx(3.1824 * 1.2910, rel=1e-3)
    with pytest.raises(OmbreError):
        mean_interval([1.0])


def test_small_tournament_is_seeded_and_random_loses() -> None:
    kinds = ("rule-of-thumb", "random", "monte-carlo")
    a = tournament(4, seed=2, kinds=kinds)
    b = tournament(4, seed=2, kinds=kinds)
    assert a == b
    assert a.hands == 12 and a.deals == 4
    assert a.standing("random")[0] < a.standing("rule-of-thumb")[0]
    assert "random" in a.table()


def test_duplicate_match_pairs_each_seat_with_the_baseline() -> None:
    r = match(3, seed=1, challenger="random")
    assert r == match(3, seed=1, challenger="random")  # seeded
    assert (r.deals, r.hands, r.challenger, r.baseline, r.unit) == (
        3,
        9,
        "random",
        "rule-of-thumb",
        "lesser marks",
    )
    # the first deal by hand: the baseline alone, then the challenger in each seat in turn
    deal = Deal.random(seed="match-1-0", dealer=0)
    rot = RuleOfThumbPlayer()
    ref = play_hand(deal, [rot] * 3).zero_sum_returns()
    rnd = RandomPlayer(seed=1)
    diffs = [
        play_hand(deal, [rnd if s == seat else rot for s in range(3)]).zero_sum_returns()[seat] - ref[seat]
        for seat in range(3)
    ]
    assert r.per_deal[0] == pytest.approx(sum(diffs) / 3)
    m, lo, hi = r.difference()
    assert lo <= m <= hi and m == pytest.approx(sum(r.per_deal) / 3)
    side = "challenger" if lo > 0 else "baseline" if hi < 0 else "undecided"
    assert r.verdict() == (side if r.p_value() < 0.05 else "undecided")
    # a random player is far worse than the rule of thumb: eight deals show it
    assert match(8, seed=0, challenger="random").verdict() == "baseline"
    with pytest.raises(OmbreError):
        match(1)


# --- the play widget --------------------------------------------------------------------------------


def test_play_widget_takes_a_student_through_a_whole_hand() -> None:
    from ombre.display.play.widget import PlayWidget

    w = PlayWidget(seed=6, opponents="rule-of-thumb")
    assert w.phase == "bidding" and w.state.current_player == 0
    assert [b.description for b in w.actions.children][0] == "Pass"
    w.act("play")
    # naming the trump: one button per suit; then the exchange with toggles and a take-in button
    if w.phase == "naming trump":
        assert len(w.actions.children) == 4
        w.act("trump spades")
    if w.phase == "exchange":
        *toggles, go = w.actions.children
        toggles[-1].value = True
        go.click()
        assert w.phase != "exchange" or w.state.current_player != 0
    rot = RuleOfThumbPlayer()
    while not w.state.is_terminal():
        if w.phase == "play":
            enabled = [b for b in w.actions.children if not b.disabled]
            legal = [str(c) for c in w.state.legal_cards()]
            assert sorted(b.description for b in enabled) == sorted(
                parse_cards(" ".join(legal))[i].symbol for i in range(len(legal))
            )
        w.act(rot.choose(w.state.view(0)))
    assert "Result" in w.status.value
    assert w.replay_area.children, "the finished hand is shown in the replay viewer"
    assert w.replay.recorded.steps[-1].tricks == w.state.tricks_won


def test_play_widget_refuses_moves_out_of_turn_and_gives_hints() -> None:
    from ombre.display.live import LIVE_CLASS
    from ombre.display.play.widget import PlayWidget

    w = PlayWidget(seed=2)
    assert "sure trick" in w.hint()
    w._show_hint()
    assert "Hint:" in w.hint_text.value and LIVE_CLASS in w.hint_text._dom_classes
    with pytest.raises(OmbreError):
        w.act("trump hearts")  # nobody has bid yet: naming a trump is out of turn
    w.new_hand(9)
    assert w.seed == 9 and w.phase == "bidding"


def _plain(html_text: str) -> str:
    import html
    import re

    # a card's named span and a name's <bdi> are inline: they leave no space ("K♣." stays "K♣.")
    inline = re.sub(r"</?(span|bdi)\b[^>]*>", "", html_text)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", inline))).strip()


def test_play_widget_announces_everything_since_the_students_move() -> None:
    from ombre.display.live import LIVE_CLASS
    from ombre.display.play.widget import PlayWidget

    w = PlayWidget(seed=3, opponents="rule-of-thumb")
    status = w.status
    assert LIVE_CLASS in status._dom_classes and "aria-live" not in status.value
    rot = RuleOfThumbPlayer()
    seen_last_trick = 0
    while not w.state.is_terminal():
        w.act(rot.choose(w.state.view(0)))
        assert w.status is status and "aria-live" not in status.value, "one persistent live region"
        text = _plain(status.value)
        since = w.log[w.since :]
        assert since[0].startswith("You ") and all(line in text for line in since)
        if w.state.is_terminal():
            break
        trick = w.state.current_trick
        if w._tricks_before < len(w.state.tricks) and trick is not None and trick.cards:
            # the table has moved on to the next lead: the completed trick is shown beside it
            done = w.state.tricks[-1]
            shown = _plain(w.last_trick.value)
            assert f"The last trick (trick {len(w.state.tricks)})" in shown
            assert all(c.symbol in shown for c in done.cards)
            seen_last_trick += 1
        else:
            assert w.last_trick.value == ""
    assert seen_last_trick == 7
    # hand 3: the student leads the Five of Clubs; the computers' answers and the winner are told
    first = " ".join(w.log)
    # the card's name is its span's text alternative, so the log does not spell it a second time
    # a card that does not follow suit is told with the rule that allows it; a trick with why it is won
    assert (
        "You play 5♣. The Baron plays K♣. The Knight plays 5♠: no clubs left, so any card may be played "
        "(no duty to trump, Morley). The Knight wins trick 1: the Five of Spades is the only trump played. "
        "Tricks: You 0, the Baron 0, the Knight 1. The Knight plays K♥." in first
    )
    assert (
        "The Knight wins trick 3: Spadille, the first matador, is the highest trump played." in first
        and "The Knight wins trick 4: no trump was played and the King of Diamonds is the highest diamond."
        in first
    )
    assert w._describe(w.human, Play(parse_cards("As")[0])) == "You play A♠ (Spadille)."
    last = _plain(status.value)
    assert "The Baron wins trick 9: Basto, the third matador, is the highest trump played." in last
    assert "Result: win." in last


def test_play_widget_result_line_names_a_single_mark_in_the_singular() -> None:
    from ombre.display.play.widget import PlayWidget
    from ombre.words import minus_signs

    w = PlayWidget(seed=4, opponents="rule-of-thumb")
    w.autoplay()
    said = _plain(w.status.value)
    assert (
        "Payments (The Royal Game of the Ombre (1665)): You: +2 great marks, +12 lesser marks; "
        "the Baron: \u22121 great mark, \u22126 lesser marks; "
        "the Knight: \u22121 great mark, \u22126 lesser marks." in said
    )
    assert "1 great marks" not in said
    # the same words as the settlement's own table
    settled = w.state.settlement()
    assert all(minus_signs(settled.net[s].format(w.state.rules.units)) in said for s in range(3))


def test_play_widget_tells_the_others_bids_and_ignores_stale_clicks() -> None:
    from ombre.display.play.widget import PlayWidget

    w = PlayWidget(seed=1, opponents="monte-carlo")
    take_in = next(b for b in w.actions.children if b.description == "Play (take in)")
    take_in.click()
    said = _plain(w.status.value)
    assert said.startswith("You play. The Baron plays without taking in. The Baron names hearts trumps.")
    assert said.endswith("Choose the cards to throw out, then take in as many from the stock.")
    take_in.click()  # the second click of a double click, on a button no longer legal
    assert _plain(w.status.value) == said and w.phase == "exchange"
    assert "2♠ 3♠" in w.hint() and "2s" not in w.hint()  # the hint names cards as the buttons do
    # while a move is made, every button of the row is disabled
    states: list[list[bool]] = []
    act = w.act
    w.act = lambda a: (states.append([b.disabled for b in w.actions.children]), act(a))[1]  # type: ignore[method-assign]
    *toggles, go = w.actions.children
    for t in toggles[:7]:
        t.value = True
    go.click()
    assert states and all(all(row) for row in states)


def test_play_widget_names_the_cards_it_writes() -> None:
    from ombre.display.play.widget import PlayWidget

    w = PlayWidget(seed=6, opponents="rule-of-thumb")
    w.autoplay()
    history = w.history.value
    assert "♠" in history or "♥" in history or "♣" in history or "♦" in history
    spans = re.findall(
        r'<span class="ombre-card-text" role="img" aria-label="([^"]+)">([^<]+)</span>', history
    )
    assert spans and all(name == card_label(card) for name, card in spans)
    # every card the log writes is in a named span: none is left as bare text
    bare = re.sub(r"<span class=\"ombre-card-text\"[^>]*>[^<]*</span>", "", history)
    assert not CARD_TOKEN.search(re.sub(r"<[^>]+>", "", bare))


def test_tournament_gains_are_zero_sum_and_counted_over_the_same_hands() -> None:
    r = tournament(3, seed=5, kinds=("rule-of-thumb", "random", "monte-carlo"))
    for i in range(r.deals):
        assert sum(r.per_deal[k][i] for k in r.kinds) == pytest.approx(0.0, abs=1e-9)
    assert len(r.pool_per_deal) == r.deals and r.hands_held == 9
    assert r.pool_per_hand == pytest.approx(sum(r.pool_per_deal) / 3)
    assert all(r.ombre_wins[k] <= r.ombre_hands[k] <= r.hands_held for k in r.kinds)
    assert "zero-sum" in r.table()


def test_match_counts_like_for_like_ombre_hands() -> None:
    r = match(6, seed=2, challenger="random")
    assert r.both_ombre <= min(r.challenger_ombre, r.baseline_ombre)
    assert r.both_challenger_wins <= min(r.both_ombre, r.challenger_ombre_wins)
    assert r.both_baseline_wins <= min(r.both_ombre, r.baseline_ombre_wins)
    # recount the like-for-like hands by hand from the deals
    rot, rnd = RuleOfThumbPlayer(), RandomPlayer(seed=2)
    both = 0
    for i in range(6):
        deal = Deal.random(seed=f"match-2-{i}", dealer=i % 3)
        ref = play_hand(deal, [rot] * 3)
        for seat in range(3):
            st = play_hand(deal, [rnd if s == seat else rot for s in range(3)])
            both += st.ombre == seat == ref.ombre and not st.passed_out and not ref.passed_out
    assert r.both_ombre == both


def test_verdict_is_conservative_near_zero() -> None:
    from ombre.engine.players import MatchResult

    def result(per_deal: tuple[float, ...]) -> MatchResult:
        return MatchResult("a", "b", "1665", "lesser marks", per_deal, 0, 0, 0, 0, 0)

    # one big deal among ties: the mean is above zero but nothing is shown
    assert result((0.0,) * 23 + (30.0,)).verdict() == "undecided"
    # three clear deals are too few for the sign-flip test (p = 0.25)
    assert result((10.0, 11.0, 12.0)).verdict() == "undecided"
    assert result(tuple(float(x) for x in range(1, 13))).verdict() == "challenger"
    assert result(tuple(-float(x) for x in range(1, 13))).verdict() == "baseline"
