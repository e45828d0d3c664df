"""The game state (ombre.engine.game): deal, bidding, trump, exchange, vole declaration, play, settlement."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from ombre.engine.cards import DECK, SPADILLE, Card, CardError, Suit, format_cards, parse_cards
from ombre.engine.game import (
    Bid,
    Deal,
    DeclareVole,
    Exchange,
    GameState,
    NameTrump,
    Phase,
    Play,
    Trick,
    parse_action,
)
from ombre.engine.payments import Amount
from ombre.engine.rules import Result
from ombre.engine.rulesets import RuleSet, get_rules
from ombre.errors import IllegalActionError, IllegalPlayError, OmbreError, RulesError

S = Suit.SPADES
PLAYERS = ("Belinda", "Baron", "Knight")

# Belinda's game (Pope, Rape of the Lock iii; hands after the exchange as reconstructed after Pole)
BELINDA = "As 2s Ac Ks Kc Kh Qh 6d 7d"
BARON = "Qs Js 7s 6s 5s Kd Qd Jd Ah"
KNIGHT = "4s 3s 4c Jc Jh 2h 3h 4h 5h"
BELINDA_PLAY = [
    "As 5s 3s",  # iii.49 "Spadillio first ... Led off two captive trumps"
    "2s 6s 4s",  # iii.51 "As many more Manillio forc'd to yield"
    "Ac 7s 4c",  # iii.53 "Gain'd but one trump and one Plebeian card"
    "Ks Js Jc",  # iii.55-64: the King of spades; the knave; Pam
    "Kc Qs 5h",  # iii.65-74: the Baron's Amazon takes the Club's black Tyrant
    "Kd 4h 6d",  # iii.75-: the Baron's diamonds
    "Qd 3h 7d",
    "Jd 2h Qh",  # Belinda throws the Queen of Hearts
    "Ah Jh Kh",  # iii.95 "An Ace of Hearts steps forth: The King unseen"
]


def belinda_position(rules: str | RuleSet = "court-gamester") -> GameState:
    return GameState.from_position(
        hands=[parse_cards(BELINDA), parse_cards(BARON), parse_cards(KNIGHT)],
        trump=S,
        ombre=0,
        leader=0,
        rules=rules,
        players=PLAYERS,
    )


def play_tricks(state: GameState, tricks: list[str]) -> None:
    for t in tricks:
        for c in t.split():
            if state.phase is Phase.VOLE:
                state.apply(DeclareVole(False))
            state.play(c)


# ---------------------------------------------------------------------------
# deal
# ---------------------------------------------------------------------------


def test_random_deal_is_seeded_and_complete_1665() -> None:
    """1665: three players, nine cards a piece, thirteen in the stock."""
    d = Deal.random(seed=42, dealer=1)
    assert d == Deal.random(seed=42, dealer=1)
    assert d != Deal.random(seed=43, dealer=1)
    assert [len(h) for h in d.hands] == [9, 9, 9] and len(d.stock) == 13
    assert sorted([c for h in d.hands for c in h] + [c for c in d.stock if c]) == sorted(DECK)
    assert d.eldest == 2


def test_eldest_is_after_the_dealer_morley() -> None:
    """Morley: "the game begins, from the hand on the right of the dealer" (seats run in play order)."""
    for dealer in range(3):
        st = GameState(Deal.random(seed=1, dealer=dealer))
        assert st.current_player == (dealer + 1) % 3


@pytest.mark.parametrize(
    ("hands", "stock", "dealer", "message"),
    [
        (("As",) * 3, (), 0, "has 1 cards"),
        (None, ("As",), 0, "stock has 1 cards"),
        (None, None, 3, "dealer's seat"),
    ],
)
def test_bad_deals_are_clear_errors(
    hands: tuple[str, ...] | None, stock: tuple[str, ...] | None, dealer: int, message: str
) -> None:
    good = Deal.random(seed=1)
    h = good.hands if hands is None else tuple(tuple(parse_cards(x)) for x in hands)
    s = good.stock if stock is None else tuple(parse_cards(" ".join(stock)))
    with pytest.raises(OmbreError, match=message):
        Deal(h, s, dealer)  # type: ignore[arg-type]


def test_deal_rejects_a_card_dealt_twice() -> None:
    good = Deal.random(seed=1)
    hands = (good.hands[0], good.hands[1], good.hands[1])
    with pytest.raises(OmbreError, match="dealt twice"):
        Deal(hands, good.stock)


def test_deal_may_have_unknown_stock_cards_but_they_cannot_be_drawn() -> None:
    good = Deal.random(seed=1)
    d = Deal(good.hands, (None,) * 13)
    st = GameState(d)
    for a in ("play", "pass", "pass", "trump spades"):
        st.apply(parse_action(a))
    with pytest.raises(IllegalActionError, match="unknown"):
        st.apply(Exchange((d.hands[1][0],)))


# ---------------------------------------------------------------------------
# bidding (1665: "the first hand having alwayes the choice to play or pass, after him the second")
# ---------------------------------------------------------------------------


def test_first_to_play_becomes_ombre_1665() -> None:
    st = GameState(Deal.random(seed=5, dealer=2), players=PLAYERS)
    assert st.legal_actions() == [Bid("pass"), Bid("play"), Bid("sans-prendre")]
    st.apply(Bid("pass"))
    st.apply(Bid("play"))
    assert st.legal_actions() == [Bid("pass"), Bid("sans-prendre")]
    with pytest.raises(IllegalActionError, match="Knight may not bid 'play'"):
        st.apply(Bid("play"))
    st.apply(Bid("pass"))
    assert st.phase is Phase.TRUMP and st.ombre == 1 and st.current_player == 1
    assert not st.sans_prendre


def test_sans_prendre_outranks_play_1665() -> None:
    """1665: a player "having once demanded whether any one will play without taking in" binds
    himself to take in; a later player who plays without taking in becomes the Ombre."""
    st = GameState(Deal.random(seed=5, dealer=2))
    st.apply(Bid("play"))
    st.apply(Bid("sans-prendre"))
    assert st.phase is Phase.TRUMP and st.ombre == 1 and st.sans_prendre
    assert [s for s, _ in st.bids] == [0, 1]


def test_all_pass_redeal_1665() -> None:
    st = GameState(Deal.random(seed=5), rules="1665", players=PLAYERS)
    for _ in range(3):
        st.apply(Bid("pass"))
    assert st.is_terminal() and st.passed_out and st.result is None
    assert st.legal_actions() == []
    pay = st.payments()
    assert st.deal.eldest == 1
    assert pay["Baron"] == {"great marks": -1, "lesser marks": -2}  # stake, passing, eldest
    assert pay["Belinda"] == {"great marks": -1, "lesser marks": -1}
    assert st.settlement().pool_after.get("great marks") == 3


def test_forced_spadille_option_hoyle() -> None:
    """Hoyle, Court Gamester: in some rules, if all pass, the holder of Spadille must play."""
    forced = dataclasses.replace(get_rules("court-gamester"), name="forced", forced_spadille=True)
    for seed in range(20):
        d = Deal.random(seed=seed)
        st = GameState(d, rules=forced)
        for _ in range(3):
            st.apply(Bid("pass"))
        holder = next((s for s in range(3) if SPADILLE in d.hands[s]), None)
        if holder is None:
            assert st.passed_out
        else:
            assert st.ombre == holder and st.forced_spadille and st.phase is Phase.TRUMP


def test_bid_parsing() -> None:
    assert Bid.parse("Without taking in") == Bid("sans-prendre")
    with pytest.raises(IllegalActionError, match="unknown bid"):
        Bid("double")


# ---------------------------------------------------------------------------
# naming trump and the exchange
# ---------------------------------------------------------------------------


def start(seed: int = 5, bids: tuple[str, ...] = ("play", "pass", "pass"), **kw: object) -> GameState:
    st = GameState(Deal.random(seed=seed, dealer=2), players=PLAYERS, **kw)  # type: ignore[arg-type]
    for b in bids:
        st.apply(Bid(b))
    return st


def test_trump_named_before_taking_in_1665() -> None:
    """1665 #c: name the trump before looking at the cards taken in."""
    st = start()
    assert st.legal_actions() == [NameTrump(s) for s in (S, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)]
    with pytest.raises(IllegalActionError, match="naming trump phase"):
        st.apply(Exchange(()))
    st.apply(NameTrump(Suit.HEARTS))
    assert st.trump is Suit.HEARTS and st.phase is Phase.EXCHANGE and st.current_player == 0


def test_exchange_order_ombre_first_then_the_others_1665() -> None:
    """1665: the Ombre takes in first, "and after him the second, &c.", while the stock lasts."""
    st = start(bids=("pass", "play", "pass"))
    st.apply(NameTrump(S))
    deal = st.deal
    assert st.current_player == 1
    discards = tuple(deal.hands[1][:3])
    st.apply(Exchange(discards))
    assert set(st.hand(1)) == (set(deal.hands[1]) - set(discards)) | set(deal.stock[:3])
    assert st.current_player == 2
    st.apply(Exchange(()))  # a defender may refuse (1665)
    assert st.current_player == 0
    st.apply(Exchange(tuple(deal.hands[0][:2])))
    assert st.phase is Phase.PLAY and st.current_player == 0  # eldest leads
    assert st.taken_in == (2, 3, 0)
    assert st.discards[1] == discards
    assert len(st.stock_left) == 8


def test_ordinary_ombre_must_take_in_1665() -> None:
    """1665 #b: "you oblige your self to take in, though your Game be never so good"."""
    st = start()
    st.apply(NameTrump(S))
    assert all(isinstance(a, Exchange) and a.discards for a in st.legal_actions())
    assert len(st.legal_actions()) == 2**9 - 1
    with pytest.raises(IllegalActionError, match="must take in at least one card"):
        st.apply(Exchange(()))


def test_exchange_limited_by_the_stock() -> None:
    st = start()
    st.apply(NameTrump(S))
    st.apply(Exchange(st.hand(0)))  # nine cards in: four left
    lens = {len(a.discards) for a in st.legal_actions() if isinstance(a, Exchange)}
    assert lens == {0, 1, 2, 3, 4}
    with pytest.raises(IllegalActionError, match="only 4 left"):
        st.apply(Exchange(st.hand(1)[:5]))
    st.apply(Exchange(st.hand(1)[:4]))
    assert st.phase is Phase.PLAY  # the stock is exhausted: the third player cannot take in


def test_sans_prendre_ombre_does_not_exchange_morley() -> None:
    """Morley: against a sans-prendre Ombre the first defender may change all nine cards."""
    st = start(bids=("play", "sans-prendre"))
    st.apply(NameTrump(S))
    assert st.current_player == 2
    assert max(len(a.discards) for a in st.legal_actions() if isinstance(a, Exchange)) == 9


def test_cannot_discard_a_card_not_held() -> None:
    st = start()
    st.apply(NameTrump(S))
    foreign = st.deal.hands[1][0]
    with pytest.raises(IllegalActionError, match="cannot discard"):
        st.apply(Exchange((foreign,)))


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------


def test_belinda_game_replays_to_a_win_pope_morley() -> None:
    st = belinda_position()
    play_tricks(st, BELINDA_PLAY)
    assert st.is_terminal() and st.result is Result.WIN
    assert st.tricks_won == (5, 4, 0)
    assert [t.winner for t in st.tricks] == [0, 0, 0, 0, 1, 1, 1, 1, 0]
    assert [t.leader for t in st.tricks] == [0, 0, 0, 0, 0, 1, 1, 1, 1]
    assert st.payments() == {
        "Belinda": {"counters": 28},
        "Baron": {"counters": -14},
        "Knight": {"counters": -14},
    }


def test_belinda_game_1665_asks_for_the_vole_before_the_fifth_trick() -> None:
    """1665 "Of the Voll": "you are to declare before the fifth Trick"."""
    st = belinda_position("1665")
    for t in BELINDA_PLAY[:4]:
        for c in t.split():
            st.play(c)
    assert st.phase is Phase.VOLE and st.current_player == 0
    assert st.legal_actions() == [DeclareVole(True), DeclareVole(False)]
    with pytest.raises(IllegalPlayError, match="vole declaration phase"):
        st.play("Kc")
    st.apply(DeclareVole(True))
    assert st.vole_declared
    play_tricks(st, BELINDA_PLAY[4:])
    assert st.result is Result.WIN  # the vole failed: 1665 names no penalty


def test_no_vole_declaration_under_court_gamester_morley() -> None:
    st = belinda_position("court-gamester")
    play_tricks(st, BELINDA_PLAY[:4])
    assert st.phase is Phase.PLAY


def test_illegal_plays_name_the_rule_and_the_player() -> None:
    st = belinda_position()
    with pytest.raises(IllegalPlayError, match="it is Belinda's turn, not Baron's"):
        st.play("Qs")
    st.play("As")
    with pytest.raises(IllegalPlayError, match="must play a trump: trumps were led") as info:
        st.play("Kd")
    assert info.value.card == "Kd" and info.value.seat == 1
    st.play("5s")
    with pytest.raises(IllegalPlayError, match="it is Knight's turn, not Belinda's"):
        st.play("Kc")
    with pytest.raises(IllegalPlayError, match="the Queen of Clubs is not in Knight's hand"):
        st.play("Qc")
    st.play("3s")
    st.play("Kc")  # Belinda leads a club; the Baron has none, so any card is legal
    assert set(st.legal_cards()) == set(st.hand(1)) and len(st.hand(1)) == 8


def test_must_follow_message() -> None:
    st = belinda_position()
    st.play("Kh")
    with pytest.raises(IllegalPlayError, match="must follow hearts"):
        st.play("Kd")


def test_legal_actions_in_play_are_plays() -> None:
    st = belinda_position()
    assert st.legal_actions() == [Play(c) for c in sorted(parse_cards(BELINDA))]
    st.play("As")
    assert {str(a) for a in st.legal_actions()} == {"Qs", "Js", "7s", "6s", "5s"}


@pytest.mark.parametrize("doubles", [True, False])
def test_renounce_in_a_recorded_game_is_flagged_and_penalised_1665(doubles: bool) -> None:
    """1665 "Of the Forfeitures": "If you Renounce, you are to double the Stake"; a home rule set
    with ``renounce_doubles_stake=False`` flags the renounce and fines nothing."""
    rules = get_rules("1665")
    if not doubles:
        rules = dataclasses.replace(rules, name="home", renounce_doubles_stake=False)
    st = belinda_position(rules)
    st.play("As")
    st.play("5s")
    with pytest.raises(IllegalPlayError):
        st.play("4c")
    st.apply(Play(Card.parse("4c")), strict=False)  # the Knight revokes
    assert len(st.renounces) == 1
    r = st.renounces[0]
    assert (r.trick, r.seat, str(r.card), r.rule) == (1, 2, "4c", "must play a trump: trumps were led")
    # finish the hand with the Knight's cards shifted
    rest = [
        "2s 6s 4s",
        "Ac 7s 3s",
        "Ks Js Jc",
        "Kc Qs 5h",
        "Kd 4h 6d",
        "Qd 3h 7d",
        "Jd 2h Qh",
        "Ah Jh Kh",
    ]
    play_tricks(st, rest)
    assert st.is_terminal() and st.result is Result.WIN
    st_clean = belinda_position(rules)
    play_tricks(st_clean, BELINDA_PLAY)
    diff = st.settlement().net[2] - st_clean.settlement().net[2]
    assert diff.get("great marks") == (-3 if doubles else 0)  # the stake (3 great marks) paid again
    assert st.settlement().pool_after.get("great marks") == (3 if doubles else 0)
    fines = [t for t in st.settlement().transfers if t.reason == "renounce: doubles the stake"]
    assert len(fines) == (1 if doubles else 0)


def test_from_position_checks_its_input() -> None:
    with pytest.raises(OmbreError, match="appears twice"):
        GameState.from_position([parse_cards("As"), parse_cards("As"), parse_cards("Kh")], S, 0, 0)
    with pytest.raises(OmbreError, match="should hold"):
        GameState.from_position([parse_cards("As Kd"), parse_cards("2s"), parse_cards("Kh")], S, 0, 0)
    t = Trick(0, tuple(parse_cards("As 2s 3s")), S)
    with pytest.raises(OmbreError, match="must lead now"):
        GameState.from_position(
            [parse_cards("Kh"), parse_cards("Qh"), parse_cards("Jh")], S, 0, 1, tricks=[t]
        )
    st = GameState.from_position(
        [parse_cards("Kh"), parse_cards("Qh"), parse_cards("Jh")], S, 0, 0, tricks=[t]
    )
    assert st.tricks_won == (1, 0, 0)
    st.play("Kh")
    st.play("Qh")
    st.play("Jh")
    assert st.is_terminal() and st.tricks_won == (2, 0, 0)


def test_from_position_with_a_trick_in_progress() -> None:
    st = GameState.from_position(
        [parse_cards("Kh"), parse_cards("Qh 4s"), parse_cards("Jh 2s")], "spades", 0, 0, trick_cards=["Ks"]
    )
    assert st.current_player == 1 and [str(c) for c in st.legal_cards()] == ["4s"]
    st.play("4s")
    # Manille need not be played to the King of trumps (the matadors' privilege, 1665)
    assert {str(c) for c in st.legal_cards()} == {"2s", "Jh"}


# ---------------------------------------------------------------------------
# undo, clone, history, view
# ---------------------------------------------------------------------------


def random_game(seed: int, rules: str = "1665") -> GameState:
    import random

    rng = random.Random(seed)
    st = GameState(Deal.random(seed=seed, dealer=seed % 3), rules=rules, players=PLAYERS)
    while not st.is_terminal():
        acts = st.legal_actions()
        if st.phase is Phase.BIDDING:
            acts = [a for a in acts if a != Bid("pass")] or acts
        st.apply(rng.choice(acts))
    return st


def test_undo_to_the_start_and_clone_independence() -> None:
    st = random_game(11)
    n = len(st.history)
    c = st.clone()
    undone = [c.undo() for _ in range(n)]
    assert undone[::-1] == list(st.history)
    assert c.phase is Phase.BIDDING and c.hands == st.deal.hands
    assert st.is_terminal()  # the original is untouched
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        c.undo()


def test_history_replays_from_text() -> None:
    st = random_game(12)
    texts = [str(a) for a in st.history]
    again = GameState.from_actions(st.deal, texts, rules="1665", players=PLAYERS)
    assert again.history == st.history and again.tricks == st.tricks and again.payments() == st.payments()


def test_apply_after_the_end_is_an_error() -> None:
    st = random_game(13)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        st.apply(Bid("pass"))


def test_view_shows_only_what_a_seat_can_see() -> None:
    st = start()
    st.apply(NameTrump(S))
    st.apply(Exchange(st.hand(0)[:2]))
    v1 = st.view(1)
    assert v1.hand == st.hand(1) and v1.discards == () and v1.current_player == 1
    assert v1.legal_actions and st.view(0).legal_actions == ()
    v0 = st.view(0)
    assert len(v0.discards) == 2 and v0.taken_in == (2, 0, 0) and v0.stock_left == 11
    assert v0.trump is S and v0.ombre == 0
    for f in dataclasses.fields(v0):
        assert f.name not in ("hands", "deal", "stock")
    with pytest.raises(OmbreError):
        st.view(3)


def test_terminal_returns_and_settlement() -> None:
    st = random_game(14, rules="court-gamester")
    st_pay = st.settlement()
    assert st.returns() == [float(n.get("counters")) for n in st_pay.net]
    assert not st.is_terminal() or st.result is not None or st.passed_out
    early = GameState(Deal.random(seed=1))
    assert early.returns() == [0.0, 0.0, 0.0]
    with pytest.raises(IllegalActionError, match="not over"):
        early.settlement()


def test_parse_action_errors() -> None:
    with pytest.raises(IllegalActionError, match="cannot read 'hello'"):
        parse_action("hello")
    assert parse_action("exchange -") == Exchange(())
    assert parse_action("no vole") == DeclareVole(False)
    with pytest.raises(IllegalActionError, match="twice"):
        Exchange(tuple(parse_cards("As As")))


# ------------------------------------------------------------- texts where cards and suits are expected


def _to_trump(seed: int = 1) -> GameState:
    st = GameState(Deal.random(seed=seed))
    for b in ("play", "pass", "pass"):
        st.apply(Bid(b))
    return st


@pytest.mark.parametrize("text", ["spades", "s", "♠", "Spades"])
def test_name_trump_reads_a_suit_text(text: str) -> None:
    assert NameTrump(text).suit is S
    st = _to_trump()
    st.apply(NameTrump(text))
    assert st.trump is S and "trump: spades" in repr(st)
    while st.phase is Phase.EXCHANGE or st.phase is Phase.VOLE:
        st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])  # a card can be played
    assert len(st.current_trick.cards) == 1  # type: ignore[union-attr]


def test_name_trump_refuses_a_bad_suit_at_once() -> None:
    with pytest.raises(CardError, match=r"^unknown suit 'x' \(use s, c, h, d or a suit name\)$"):
        NameTrump("x")
    with pytest.raises(TypeError, match="NameTrump: expected a Suit or a suit's text"):
        NameTrump(2)  # type: ignore[arg-type]


def test_play_and_exchange_take_card_texts() -> None:
    assert Play("As") == Play(SPADILLE)
    assert Exchange(("2c",)) == Exchange((Card("2", Suit.CLUBS),))
    assert Exchange("3h 2c").discards == (Card("2", Suit.CLUBS), Card("3", Suit.HEARTS))
    assert Exchange() == Exchange(())
    with pytest.raises(TypeError, match="Play: expected a Card or a card's text such as 'As', not int 3"):
        Play(3)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="cannot read 'Xs' as a card"):
        Play("Xs")
    with pytest.raises(IllegalActionError, match="the same card is discarded twice"):
        Exchange(("2c", "2c"))
    st = _to_trump()
    st.apply(NameTrump("h"))
    ombre = st.current_player
    assert ombre is not None
    card = st.hand(ombre)[0]
    st.apply(Exchange((str(card),)))
    assert card not in st.hand(ombre)


def test_from_position_takes_hands_as_text() -> None:
    st = GameState.from_position(hands=["As Kh", "2s Qh", "3s Jh"], trump="s", ombre=0, leader=0)
    assert [format_cards(st.hand(s)) for s in range(3)] == ["As Kh", "2s Qh", "3s Jh"]
    st = GameState.from_position(
        hands=["Kh", "2s Qh", "3s Jh"], trump="spades", ombre=0, leader=0, trick_cards="As"
    )
    assert [str(c) for c in st.current_trick.cards] == ["As"]  # type: ignore[union-attr]


def test_rules_must_be_a_name_or_a_rule_set() -> None:
    with pytest.raises(TypeError, match=r"rules: expected a rule set's name \('1665', 'court-gamester'\)"):
        GameState(Deal.random(seed=1), rules=1665)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- a trick is at most three cards


def test_a_trick_of_four_cards_or_with_a_card_twice_is_refused() -> None:
    with pytest.raises(OmbreError, match="a trick holds at most three cards, one from each player, not 4"):
        Trick(0, tuple(parse_cards("As Kd Qd 2h")), S)
    with pytest.raises(OmbreError, match="the King of Diamonds is played twice to one trick"):
        Trick(0, tuple(parse_cards("Kd Kd Ac")), Suit.HEARTS)
    with pytest.raises(OmbreError, match="the leader's seat must be 0, 1 or 2, not 3"):
        Trick(3, tuple(parse_cards("Kd")), S)
    assert Trick(0, (), S).cards == ()  # a trick with no card yet, as current_trick gives it
    assert Trick(2, tuple(parse_cards("Kd 2d Ac")), "hearts").winner == 1  # type: ignore[arg-type]


def test_a_negative_seed_is_refused_rather_than_dealing_another_seeds_cards() -> None:
    # random.Random(-1) shuffles as random.Random(1): the deal would silently repeat seed 1's
    with pytest.raises(
        OmbreError, match=r"the seed must be 0 or more, not -1 \(a negative seed would deal seed 1's"
    ):
        Deal.random(seed=-1)
    assert Deal.random(seed=0) != Deal.random(seed=1)
    assert Deal.random(seed="-1") != Deal.random(seed=1)  # a text seed is hashed, never folded


# --------------------------------------------------------------------------- arguments refused, seats checked

DEAL = Deal.random(seed=1)


@pytest.mark.parametrize(
    ("kwargs", "kind", "fragments"),
    [
        ({"deal": "deal"}, TypeError, ("deal: expected a Deal", "str 'deal'")),
        ({"deal": None}, TypeError, ("deal: expected a Deal", "NoneType None")),
        ({"players": "ABC"}, TypeError, ("players: expected three names", "str 'ABC'")),
        ({"players": 3}, TypeError, ("players: expected three names", "int 3")),
        ({"players": ["A", 2, "C"]}, TypeError, ("players: a name is a text", "int 2")),
        ({"players": ["A", "B"]}, OmbreError, ("three different player names",)),
        ({"pool": 5}, TypeError, ("pool: expected an Amount", "int 5")),
        ({"pool": (2, "lesser marks")}, TypeError, ("pool: expected an Amount",)),
        ({"pool": Amount.of(3, "guineas")}, RulesError, ("pool: 'guineas' is not one of", "great marks")),
        (
            {"pool": Amount.of(2, "lesser marks"), "rules": "court-gamester"},
            RulesError,
            ("pool: 'lesser marks' is not one of", "counters"),
        ),
    ],
)
def test_game_state_refuses_bad_arguments(
    kwargs: dict[str, Any], kind: type[Exception], fragments: tuple[str, ...]
) -> None:
    args = {"deal": DEAL, **kwargs}
    with pytest.raises(kind) as info:
        GameState(**args)
    assert all(f in str(info.value) for f in fragments), str(info.value)


def test_a_pool_in_the_rule_sets_units_is_settled() -> None:
    pool = Amount.of(4, "lesser marks")
    state = GameState(DEAL, pool=pool)
    for bid in ("pass", "pass", "pass"):
        state.apply(Bid(bid))
    assert state.passed_out and state.pool_before == pool
    st = state.settlement()
    # the three passes' fees and the eldest's fee (a lesser mark each) join the four lying there
    assert [st.net[seat] for seat in range(3)] == [
        -Amount.of(1, "lesser marks"),
        -Amount.of(2, "lesser marks"),
        -Amount.of(1, "lesser marks"),
    ]
    assert st.pool_after == Amount.of(8, "lesser marks")


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda: Deal.parse(None), ("Deal.parse: expected a deal's text", "NoneType None")),
        (lambda: Deal.parse(5), ("Deal.parse: expected a deal's text", "int 5")),
        (lambda: Bid.parse(None), ("Bid.parse: expected a bid's text", "NoneType None")),
        (lambda: Bid.parse(["pass"]), ("Bid.parse: expected a bid's text", "list")),
    ],
)
def test_deal_and_bid_parsers_name_what_they_got(
    call: Callable[[], object], fragments: tuple[str, ...]
) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert all(f in str(info.value) for f in fragments), str(info.value)


@pytest.mark.parametrize("dealer", [True, False, 1.0, "0"])
def test_a_deal_refuses_a_dealer_that_is_not_a_seat(dealer: Any) -> None:
    with pytest.raises(OmbreError, match="the dealer's seat must be 0, 1 or 2"):
        Deal(DEAL.hands, DEAL.stock, dealer)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_deal_with_any_dealer_reads_back(dealer: int) -> None:
    deal = Deal(DEAL.hands, DEAL.stock, dealer)
    assert str(deal).endswith(f"; dealer {dealer}")
    assert Deal.parse(str(deal)) == deal


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda: Trick(True, (), Suit.SPADES), ("the leader's seat must be 0, 1 or 2", "True")),
        (lambda: GameState(DEAL).view(True), ("seat must be 0, 1 or 2", "True")),
        (
            lambda: GameState.from_position(["As", "2s", "3s"], "s", ombre=True, leader=0),
            ("ombre must be seat 0, 1 or 2", "True"),
        ),
        (
            lambda: GameState.from_position(["As", "2s", "3s"], "s", ombre=0, leader=0, dealer=True),
            ("the dealer's seat must be 0, 1 or 2", "True"),
        ),
    ],
)
def test_seats_are_checked_alike_everywhere(call: Callable[[], object], fragments: tuple[str, ...]) -> None:
    with pytest.raises(OmbreError) as info:
        call()
    assert all(f in str(info.value) for f in fragments), str(info.value)


def test_a_short_position_finished_has_no_result_but_a_full_hand_does() -> None:
    s = GameState.from_position(
        [parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")], trump=S, ombre=0, leader=0
    )
    for card in ["As", "2s", "3s", "Kh", "Qh", "Jh"]:
        s.play(card)
    assert s.is_terminal() and s.tricks_won == (2, 0, 0) and s.result is None
