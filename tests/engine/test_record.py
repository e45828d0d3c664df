"""Game records: the reader, the writer, the replay, and the golden records.

Rules cited: 1665 = The Royal Game of the Ombre; Court Gamester/Morley.
Payments asserted here were worked out by hand from the rule sets (see the comments).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ombre.engine.cards import Card, Suit
from ombre.engine.game import Bid, Deal, GameState, NameTrump
from ombre.engine.record import (
    GameRecord,
    RecordCard,
    RecordedDeal,
    check_records,
    example_names,
    example_text,
    normalize_comment,
    parse_records,
    read_record,
    read_record_file,
    read_records,
    replay_record,
    stream_records,
    write_record,
    write_records,
)
from ombre.errors import RecordError

GOLDEN = Path(__file__).parents[1] / "data" / "golden"
SPECIMEN = example_text("specimen.omb")

# a complete, canonical deal used by the small hand-made records below
DEAL = (
    "2s 3s 6s Ks 2c Jc 4h 3d Jd / Ac Ah 2h 3h Jh Kh 4d 5d Qd / As 3c 4c 5c Qc Kc 7h 6d Kd / "
    "6c 4s 7s 6h 5h Ad Qh 2d Js 7c 5s 7d Qs"
)
HEAD = f'[Rules "1665"]\n[Players "Ann; Ben; Cat"]\n[Deal "{DEAL}"]\n'
SPECIMEN_MOVES = """Bidding: play pass pass
Trump: spades
Exchange: discard 2c Jc 4h 3d Jd / discard 3h 4d 5d / discard 3c 7h 6d
1. 2s Ac As
2. Js Ks Qh
3. 7s Kh 5s
4. 3s Jh 5c
5. 6s Qd Kc
6. 4s Ah Kd
7. 5h 2h 7c
8. Ad Qc 6h
9. 2d 4c 6c
"""


def problems(text: str) -> list[str]:
    return [str(p) for p in check_records(text, path="t.omb")]


def first_error(text: str) -> str:
    with pytest.raises(RecordError) as info:
        read_records(text, path="t.omb")
    return str(info.value)


# --------------------------------------------------------------------------- reading


def test_specimen_tags_deal_and_sections() -> None:
    [g] = read_records(SPECIMEN)
    assert g.players == ("Ann", "Ben", "Cat")
    assert g.eldest == "Ann" and g.dealer == "Cat"
    assert g.rules == "1665" and g.result == "win"
    assert g.tag("Event") == "A specimen hand"
    assert [str(c) for c in g.deal.hands[0]] == "2s 3s 6s Ks 2c Jc 4h 3d Jd".split()
    assert str(g.deal.stock[0]) == "6c" and len(g.deal.stock) == 13
    assert g.deal.complete and not g.conjectural
    assert g.bidding is not None and g.bidding.bids == ("play", "pass", "pass")
    assert g.trump is not None and g.trump.suit is Suit.SPADES
    assert g.exchange is not None
    first = g.exchange.entries[0]
    assert [str(c) for c in first.discards] == ["2c", "Jc", "4h", "3d", "Jd"]
    assert first.takes is not None and [str(c) for c in first.takes] == ["6c", "4s", "7s", "6h", "5h"]
    assert g.exchange.entries[1].takes is None
    assert len(g.tricks) == 9 and [str(c) for c in g.tricks[0].cards] == ["2s", "Ac", "As"]


def test_comments_attach_to_what_they_follow() -> None:
    [g] = read_records(SPECIMEN)
    assert g.comments == (
        "Cat deals, so Ann, on the dealer's right, is the eldest hand: she speaks\n"
        "first and leads to the first trick.",
    )
    assert g.bidding is not None and g.bidding.comments[0].startswith("Ann holds Manille")
    assert g.exchange is not None and g.exchange.comments[0].startswith("Ann lays out five")
    assert g.tricks[0].comments == ("Ann leads Manille; Cat's Spadille takes it.",)
    assert g.tricks[1].comments == ()
    assert g.tricks[8].comments == ("Ann 5, Ben 3, Cat 1: a plain win.",)  # a ';' comment


def test_verse_with_line_numbers_keeps_its_lines() -> None:
    # Belinda's game will be encoded this way: verse with line numbers on each trick,
    # unknown cards (??) and conjectural ones (7s?).
    text = (
        HEAD.replace("Kd / 6c", "Kd? / 6c").replace("7d Qs", "?? ??")
        + "Bidding: play pass pass\nTrump: spades\n"
        + "Exchange: discard 2c Jc 4h 3d Jd / discard 3h 4d 5d / discard 3c 7h 6d\n"
        + "1. 2s Ac As\n"
        + "{\n    49  Spadillio first, unconquerable Lord!\n"
        + "    50  Led off two captive trumps, and swept the board.\n\n"
        + "    Prose: a conjecture, since the hands are not known.\n}\n"
    )
    [g] = read_records(text)
    assert g.tricks[0].comments == (
        "49  Spadillio first, unconquerable Lord!\n"
        "50  Led off two captive trumps, and swept the board.\n"
        "\n"
        "Prose: a conjecture, since the hands are not known.",
    )
    assert g.conjectural and not g.deal.complete
    assert str(g.deal.hands[2][8]) == "Kd?" and g.deal.stock[-1] == RecordCard(None)
    assert read_records(write_record(g)) == [g]
    state = g.replay()
    assert state.tricks_won == (0, 0, 1)


def test_record_cards() -> None:
    assert RecordCard.parse("7s?") == RecordCard(Card.parse("7s"), conjectural=True)
    assert RecordCard.parse("??").card is None
    assert str(RecordCard.parse("K♥?")) == "Kh?"
    for bad in ("?", "7s??", "Xs", "10h", "?7s"):
        with pytest.raises(ValueError):
            RecordCard.parse(bad)
    with pytest.raises(ValueError):
        RecordCard(None, conjectural=True)


def test_several_games_per_file_and_games_without_movetext() -> None:
    two = write_records([read_record(SPECIMEN), read_record(HEAD)])
    games = read_records(two)
    assert len(games) == 2 and games[1].tricks == ()
    # games without movetext follow each other after a blank line
    three = HEAD + "\n" + HEAD + "\n" + HEAD.replace("Ann; Ben; Cat", "Dan; Eve; Fay")
    assert [g.players[0] for g in read_records(three)] == ["Ann", "Ann", "Dan"]
    # after a game's movetext, its next tag begins the next game, blank line or not
    assert [g.tag("Event") for g in read_records(SPECIMEN + SPECIMEN)] == ["A specimen hand"] * 2


def _insert_line(text: str, after: int, line: str) -> str:
    lines = text.splitlines(keepends=True)
    return "".join(lines[:after] + [line + "\n"] + lines[after:])


def test_a_repeated_tag_in_the_header_is_a_duplicate_where_it_stands() -> None:
    # the specimen's lines 1-3 are [Event], [Source], [Rules]; [Players] and [Deal] follow
    text = _insert_line(SPECIMEN, 3, '[Rules "court-gamester"]')
    assert problems(text) == ["t.omb:4:1: duplicate tag [Rules]"]
    assert problems(_insert_line(SPECIMEN, 3, '[Event "Another"]')) == ["t.omb:4:1: duplicate tag [Event]"]
    # the game is still read, with its first value
    [game], errs = parse_records(text)
    assert game.rules == "1665" and game.players == ("Ann", "Ben", "Cat") and len(errs) == 1
    # once the header has [Players] and [Deal], the message says how to begin another game
    assert problems(_insert_line(SPECIMEN, 9, f'[Deal "{DEAL}"]')) == [
        "t.omb:10:1: duplicate tag [Deal] (to begin another game, leave a blank line before its tags)"
    ]
    assert problems(HEAD + HEAD) == [
        f"t.omb:{n}:1: duplicate tag [{tag}] (to begin another game, leave a blank line before its tags)"
        for n, tag in ((4, "Rules"), (5, "Players"), (6, "Deal"))
    ]


def test_a_miscased_structured_tag_is_an_error_naming_the_right_spelling() -> None:
    text = SPECIMEN.replace('[Rules "1665"]', '[rules "court-gamester"]')
    assert problems(text) == ["t.omb:3:1: tag [rules]: tags are case-sensitive; did you mean [Rules]?"]
    assert first_error(HEAD + '[RESULT "win"]\n') == (
        "t.omb:4:1: tag [RESULT]: tags are case-sensitive; did you mean [Result]?"
    )
    # free tags are free text, whatever their case; the writer will not write a look-alike
    assert read_record(HEAD + '[event "x"]\n').tags == (("event", "x"),)
    with pytest.raises(ValueError, match="tag name 'players' cannot be written as a free tag"):
        write_record(GameRecord(("A", "B", "C"), RecordedDeal.unknown(), tags=(("players", "x"),)))


def test_deal_tag_may_span_lines_and_use_symbols() -> None:
    text = HEAD.replace("Jd / Ac", "Jd\n   / A♣").replace("2s 3s", "2♠ 3s")
    [g] = read_records(text)
    assert str(g.deal.hands[1][0]) == "Ac" and str(g.deal.hands[0][0]) == "2s"


def test_line_endings_do_not_matter() -> None:
    assert read_records(SPECIMEN.replace("\n", "\r\n")) == read_records(SPECIMEN)


# --------------------------------------------------------------------------- errors of form


def test_a_bad_card_is_located() -> None:
    text = HEAD + "Bidding: play pass pass\nTrump: spades\n1. 2s Xs As\n"
    assert first_error(text) == "t.omb:6:7: 'Xs' is not a card (write e.g. As, 7h, Kd)"


def test_deal_card_counts_and_duplicates() -> None:
    msgs = problems(HEAD.replace("7d Qs", "7d Qs ??"))
    assert "t.omb:3:1: deal: 41 cards (the pack has 40)" in msgs
    assert "t.omb:3:1: deal: the stock has 14 cards (it should have 13)" in msgs
    msgs = problems(HEAD.replace("2s 3s 6s", "2s 3s"))
    assert msgs[:2] == [
        "t.omb:3:1: deal: 39 cards (the pack has 40)",
        "t.omb:3:1: deal: Ann has 8 cards (9 are dealt to each)",
    ]
    # the duplicate is located at its second appearance: line 3, column 10 + its offset
    text = HEAD.replace("6s Ks 2c", "6s Ks 7h")
    col = text.splitlines()[2].rindex("7h") + 1
    assert problems(text) == [f"t.omb:3:{col}: duplicate card 7h in the deal"]
    assert problems(HEAD.replace(" / 6c", " 6c")) == [
        "t.omb:3:1: deal: 3 groups; give three hands and the stock, separated by '/'"
    ]


def test_missing_and_inconsistent_tags() -> None:
    assert problems('[Rules "1665"]\n1. As\n') == [
        't.omb:1:1: missing tag [Players "eldest; middle; dealer"]',
        "t.omb:1:1: missing tag [Deal] (write ?? for a card that is not known)",
    ]
    assert problems(HEAD + '[Dealer "Ann"]\n') == [
        "t.omb:4:10: [Dealer] 'Ann' must be the last of the [Players] ('Cat'): "
        "players are listed from the eldest hand, on the dealer's right"
    ]
    assert problems(HEAD.replace('"1665"', '"hoyle"')) == [
        "t.omb:1:9: unknown rule set 'hoyle' (known: 1665, court-gamester)"
    ]
    assert problems(HEAD.replace("Ann; Ben; Cat", "Ann; Ben")) == [
        "t.omb:2:11: [Players] must name three players separated by ';', eldest hand first (found 2)"
    ]
    assert problems(HEAD.replace("Ann; Ben; Cat", "Ann; Ann; Cat")) == [
        "t.omb:2:11: [Players]: the three names must differ"
    ]
    assert problems(HEAD + '[Result "won"]\n') == [
        "t.omb:4:10: [Result] 'won' is not a result (use one of win, codille, repuesto, vole, passed, *)"
    ]


def test_lexical_errors_are_located() -> None:
    assert problems(HEAD + "{ never closed\n") == ["t.omb:4:1: comment not closed: '{' has no matching '}'"]
    assert problems(HEAD + "}\n") == ["t.omb:4:1: '}' closes a comment that was never opened with '{'"]
    assert problems(HEAD + '[Event "x"\n') == ["t.omb:4:11: tag [Event] is not closed with ']'"]
    assert problems(HEAD + '[Event "x\n') == ["t.omb:4:8: tag [Event]: the value's closing '\"' is missing"]
    assert problems(HEAD + "[Event x]\n") == ['t.omb:4:8: tag [Event] needs a quoted value: [Event "value"]']
    assert problems(HEAD + '[ "x"]\n') == ['t.omb:4:3: a tag needs a name: write [Name "value"]']


def test_movetext_errors_are_located() -> None:
    base = HEAD + "Bidding: play pass pass\nTrump: spades\nExchange: refuse\n"
    assert problems(base + "2. 2s\n")[0] == "t.omb:7:1: trick number 1 expected, found 2"
    assert problems(base + "1. 2s Ac As Ks\n") == [
        "t.omb:7:13: trick 1 already has three cards; 'Ks' is one too many"
    ]
    assert problems(base + "1. 2s Ac\n2. Js\n") == [
        "t.omb:7:1: trick 1 has 2 cards (only the last trick recorded may be short)"
    ]
    assert (
        problems(base + "1. 2s Ac As\n2. 2s\n")[0] == "t.omb:8:4: trick 2: 2s was already played to trick 1"
    )
    assert problems(base + "1. 2s Ac Vole As\n")[0] == (
        "t.omb:7:10: a vole is declared between tricks, not in the middle of one"
    )
    assert (
        problems(HEAD + "Trump: spades\nBidding: play\n")[0] == "t.omb:5:1: Bidding: must come before Trump:"
    )
    assert problems(HEAD + "Bidding: play\nBidding: pass\n")[0] == "t.omb:5:1: Bidding: appears twice"
    assert problems(HEAD + "Bidding: bid\n") == [
        "t.omb:4:10: 'bid' is not a bid (the bids are pass, play, sans-prendre)"
    ]
    assert problems(HEAD + "Trump: stars\n") == [
        "t.omb:4:8: 'stars' is not a suit (write spades, clubs, hearts or diamonds)"
    ]
    assert problems(HEAD + "Hello there\n")[0].startswith("t.omb:4:1: 'Hello' is out of place")
    assert problems(HEAD + "Play: x\n")[0].startswith("t.omb:4:1: unknown section 'Play:'")
    assert problems(HEAD + "1. As / Ac\n")[0] == (
        "t.omb:4:7: '/' is out of place (it separates the players' turns in Exchange:)"
    )
    ex = HEAD + "Bidding: play pass pass\nTrump: spades\nExchange: "
    assert problems(ex + "discard 2c Jc take 6c\n") == [
        "t.omb:6:11: exchange: 2 cards discarded but 1 taken in"
    ]
    assert problems(ex + "discard / refuse\n") == [
        "t.omb:6:11: 'discard' names no cards (write 'refuse' to take in nothing)"
    ]
    assert problems(ex + "refuse / / refuse\n") == [
        "t.omb:6:20: empty turn in Exchange: (write 'refuse' for a player who takes in nothing)"
    ]
    assert problems(ex + "take 6c\n")[0] == "t.omb:6:11: 'take' must follow 'discard CARDS'"
    assert problems(HEAD + "Exchange: refuse\n") == [
        "t.omb:4:1: Exchange: needs Trump: before it (the trump is named before taking in)"
    ]


def test_check_collects_every_problem_in_order() -> None:
    text = HEAD.replace("Ks 2c", "Ks 2x") + "Bidding: play bid\nTrump: stars\n1. 2s Zz\n"
    msgs = problems(text)
    assert [m.split(": ", 1)[0] for m in msgs] == ["t.omb:3:20", "t.omb:4:15", "t.omb:5:8", "t.omb:6:7"]
    assert "'2x' is not a card" in msgs[0] and "'Zz' is not a card" in msgs[3]


def test_empty_text() -> None:
    assert problems("") == [
        't.omb:1:1: no game found (a game begins with tags such as [Players "..."] and [Deal "..."])'
    ]
    assert first_error("  \n; just a comment\n").startswith("t.omb:1:1: no game found")


def test_read_record_file_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the file"):
        read_record_file(str(tmp_path / "missing.omb"))
    bad = tmp_path / "latin1.omb"
    bad.write_bytes(b'[Event "\xe9"]')
    with pytest.raises(RecordError, match="not a UTF-8 text file"):
        read_record_file(str(bad))
    with pytest.raises(RecordError):
        read_record(SPECIMEN + "\n" + SPECIMEN)  # two games


# --------------------------------------------------------------------------- writing


def test_writer_is_canonical() -> None:
    [g] = read_records(SPECIMEN)
    text = write_record(g)
    assert text.startswith('[Event "A specimen hand"]\n[Source ')
    assert (
        "\nExchange: discard 2c Jc 4h 3d Jd take 6c 4s 7s 6h 5h / discard 3h 4d 5d / discard 3c 7h 6d\n"
        in text
    )
    assert "\n9. 2d 4c 6c\n{ Ann 5, Ben 3, Cat 1: a plain win. }\n" in text
    assert read_records(text) == [g]
    assert write_record(read_records(text)[0]) == text


def test_writer_escapes_quotes_and_braces() -> None:
    g = GameRecord(
        ('A "Q" B', "C\\D", "E"),
        RecordedDeal.unknown(),
        tags=(("Event", 'say "hi" \\ bye'),),
        comments=("a } brace and a \\ backslash",),
    )
    text = write_record(g)
    assert '[Players "A \\"Q\\" B; C\\\\D; E"]' in text and "{ a \\} brace and a \\\\ backslash }" in text
    assert read_records(text) == [g]


def test_writer_refuses_what_it_cannot_write() -> None:
    with pytest.raises(ValueError, match="player name"):
        write_record(GameRecord(("A;B", "C", "D"), RecordedDeal.unknown()))
    with pytest.raises(ValueError, match="tag name"):
        write_record(GameRecord(("A", "B", "C"), RecordedDeal.unknown(), tags=(("Deal", "x"),)))


def test_normalize_comment() -> None:
    assert normalize_comment("  one line  ") == "one line"
    assert normalize_comment("first\n    second\n      third\n") == "first\nsecond\n  third"
    assert normalize_comment("\n\n   a\n\n   b\n\n") == "a\n\nb"


# --------------------------------------------------------------------------- replay


def test_specimen_replay_and_payments() -> None:
    rp = replay_record(read_record(SPECIMEN))
    data = rp.to_json()
    assert data["players"] == ["Ann", "Ben", "Cat"]
    assert data["ombre"] == "Ann" and data["trump"] == "spades" and data["rules"] == "1665"
    assert data["tricks"][0] == {
        "number": 1,
        "leader": "Ann",
        "cards": ["2s", "Ac", "As"],
        "players": ["Ann", "Ben", "Cat"],
        "winner": "Cat",  # Spadille beats Manille and Basto (1665)
        "conjectural": [],
        "comments": ["Ann leads Manille; Cat's Spadille takes it."],
    }
    assert data["tricks"][1]["leader"] == "Cat"  # the winner leads to the next trick
    assert data["tricks_won"] == {"Ann": 5, "Ben": 3, "Cat": 1}
    assert data["result"] == "win"
    # 1665: one great mark each for the game (3 on the table); lesser marks for passing (Ben,
    # Cat), for the hand as eldest (Ann) and one a card taken in (Ann 5, Ben 3, Cat 3): 14.
    # Ann takes up 3 great + 14 lesser, having paid 1 great + 6 lesser herself.
    assert data["payments"] == {
        "Ann": {"great marks": 2, "lesser marks": 8},
        "Ben": {"great marks": -1, "lesser marks": -4},
        "Cat": {"great marks": -1, "lesser marks": -4},
    }
    assert data["pool"] == {"great marks": 0, "lesser marks": 0}
    assert data["exchange"][1] == {
        "player": "Ben",
        "discards": ["3h", "4d", "5d"],
        "taken_in": ["Ad", "Qh", "2d"],
    }
    report = rp.report()
    assert "Trick 1: Ann 2s, Ben Ac, Cat As" in report and "won by Cat" in report
    assert "Result: win" in report and "Ann  +2 great marks, +8 lesser marks" in report


def test_replay_returns_the_engine_state() -> None:
    state = read_record(SPECIMEN).replay()
    assert isinstance(state, GameState) and state.is_terminal()
    assert state.tricks_won == (5, 3, 1) and state.ombre == 0 and state.deal.dealer == 2


def test_a_renounce_is_flagged_and_penalised() -> None:
    text = SPECIMEN.replace("7s Kh 5s", "7s Kh Kc").replace("6s Qd Kc", "6s Qd 5s")
    rp = replay_record(read_record(text, path="r.omb"))
    assert [r.message for r in rp.renounces] == [
        "trick 3: Cat must play a trump: trumps were led (holds 5s)",
        "trick 4: Cat must play a trump: trumps were led (holds 5s)",
    ]
    assert rp.renounces[0].pos is not None and (rp.renounces[0].pos.line, rp.renounces[0].pos.col) == (24, 10)
    # 1665 "If you Renounce, you are to double the Stake": Cat pays the stake again, twice
    assert rp.state.payments()["Cat"] == {"great marks": -7, "lesser marks": -32}
    assert problems(text)[0] == "t.omb:24:10: trick 3: Cat must play a trump: trumps were led (holds 5s)"


def test_golden_renounce_message() -> None:
    [g] = read_record_file(str(GOLDEN / "renounce-1665.omb"))
    assert [r.message for r in replay_record(g).renounces] == [
        "trick 3: Ben must follow hearts (holds 3h 4h Jh Kh)"
    ]


def test_hand_checked_payments_of_the_golden_games() -> None:
    def net(name: str) -> dict[str, dict[str, int]]:
        return json.loads((GOLDEN / f"{name}.json").read_text())["payments"]

    # codille (1665): Ben takes up 3 great + 14 lesser marks and Ann makes them good
    assert net("codille-1665")["Ann"] == {"great marks": -4, "lesser marks": -20}
    assert net("codille-1665")["Ben"] == {"great marks": 2, "lesser marks": 10}
    # a declared vole with four matadors (1665): +2 great +8 lesser for the game, a great
    # mark from each for the vole, 3 great + 1 lesser from each for the matadors
    assert net("vole-declared-1665")["Ann"] == {"great marks": 10, "lesser marks": 10}
    # Court Gamester/Morley: a fish of ten each, a counter for each pass, five matadors in
    # sequence paid one counter each by each defender: 32 - 10 + 2 * 5 = 32
    assert net("matadors-court-gamester") == {
        "Ann": {"counters": 32},
        "Ben": {"counters": -16},
        "Cat": {"counters": -16},
    }
    # without taking in (1665): a great mark from each defender besides the stakes
    assert net("sans-prendre-1665")["Ben"] == {"great marks": 4, "lesser marks": 8}
    # all pass: stakes and fees stay on the table
    passed = json.loads((GOLDEN / "passed-1665.json").read_text())
    assert passed["result"] is None and passed["passed_out"] is True
    assert passed["pool"] == {"great marks": 3, "lesser marks": 4}


def test_explicit_takes_choose_the_cards_drawn() -> None:
    # list the stock in another order, and say which cards each player took in
    stock = "7d Qs 5s 7c Js 2d Qh Ad 5h 6h 7s 4s 6c"
    text = HEAD.replace("6c 4s 7s 6h 5h Ad Qh 2d Js 7c 5s 7d Qs", stock) + SPECIMEN_MOVES.replace(
        "Exchange: discard 2c Jc 4h 3d Jd / discard 3h 4d 5d / discard 3c 7h 6d",
        "Exchange: discard 2c Jc 4h 3d Jd take 6c 4s 7s 6h 5h / discard 3h 4d 5d take Ad Qh 2d"
        " / discard 3c 7h 6d take Js 7c 5s",
    )
    assert replay_record(read_record(text)).to_json()["tricks_won"] == {"Ann": 5, "Ben": 3, "Cat": 1}
    bad = text.replace("take Ad Qh 2d", "take Ad Qh 3h")
    col = bad.splitlines()[5].rindex("3h") + 1
    assert first_replay_error(bad) == (
        f"t.omb:6:{col}: exchange: 3h is taken in but is not in the stock (or was taken already)"
    )


def first_replay_error(text: str) -> str:
    with pytest.raises(RecordError) as info:
        read_record(text, path="t.omb").replay()
    return str(info.value)


def test_replay_errors_are_located() -> None:
    moves = SPECIMEN_MOVES
    assert first_replay_error(HEAD + moves.replace("3. 7s Kh 5s", "3. 7s 5s Kh")) == (
        "t.omb:9:7: trick 3: it is Ben's turn, not Cat's"
    )
    assert first_replay_error(HEAD + moves.replace("3. 7s Kh", "3. 7s 3h")) == (
        "t.omb:9:7: trick 3: the Three of Hearts is not in Ben's hand"
    )
    assert first_replay_error(HEAD + moves.replace("play pass pass", "play pass pass pass")) == (
        "t.omb:4:25: bidding: the bidding is over; 'pass' is one bid too many"
    )
    assert first_replay_error(HEAD + moves.replace("play pass pass", "play pass")) == (
        "t.omb:4:1: bidding: unfinished (Cat has not spoken)"
    )
    assert first_replay_error(HEAD + moves.replace(" / discard 3c 7h 6d", "")) == (
        "t.omb:6:1: exchange: Cat's turn is missing (write 'refuse' if he took in nothing)"
    )
    assert first_replay_error(
        HEAD + moves.replace("discard 3c 7h 6d", "discard 3c 7h 6d / refuse")
    ).startswith("t.omb:6:74: exchange: no one else may take in")
    assert first_replay_error(HEAD + moves.replace("Bidding: play pass pass\n", "")) == (
        "t.omb:4:1: Bidding: is missing; replay needs the bids before the trump and the play"
    )
    assert first_replay_error(HEAD + "Bidding: pass pass pass\nTrump: spades\n") == (
        "t.omb:5:1: all three passed, so nobody plays: nothing can follow the bidding"
    )
    assert first_replay_error(HEAD.replace("Jd / Ac", "?? / Ac") + moves) == (
        "t.omb:3:32: deal: Ann's hand has 1 unknown card (??); replay needs every card dealt to a player "
        "(mark a reconstruction like 7s?)"
    )
    assert first_replay_error(HEAD + moves.replace("4. 3s Jh 5c", "4. 3s ?? 5c")).startswith(
        "t.omb:10:7: trick 4: an unknown card (??) cannot be replayed"
    )
    assert first_replay_error(HEAD + '[Result "codille"]\n' + moves) == (
        "t.omb:4:1: [Result] says 'codille', but the replay gives 'win'"
    )
    assert first_replay_error(HEAD + '[Result "win"]\n' + moves.split("5.")[0]) == (
        "t.omb:4:1: [Result] says 'win', but the record stops before the end of the hand"
    )


def test_vole_declarations() -> None:
    vole = (GOLDEN / "vole-declared-1665.omb").read_text()
    [g] = read_records(vole)
    assert g.vole is not None and g.vole.before_trick == 5 and replay_record(g).state.vole_declared
    # 1665: "declare before the fifth Trick"
    assert "\nVole\n5. " in vole
    late = vole.replace("Vole\n", "").replace("6. ", "Vole\n6. ")
    assert problems(late)[0].endswith(
        "the vole is declared before trick 6, but it must be declared before trick 5 "
        '(1665, "Of the Voll": "declare before the fifth Trick")'
    )
    # Court Gamester/Morley have no declaration
    court = vole.replace('"1665"', '"court-gamester"').replace('[Result "vole"]\n', "")
    assert "rules have no vole declaration" in problems(court)[0]
    # a declaration by an Ombre who then loses a trick before the fifth cannot stand
    lost = HEAD + SPECIMEN_MOVES.replace("1. 2s", "Vole\n1. 2s")
    assert "the vole declared before trick 1 cannot stand: Ann had lost a trick" in problems(lost)[0]
    # 1665 says only "declare before the fifth Trick": the message says whose rule this is
    assert problems(lost)[0].endswith(
        "This is the engine's convention, not the 1665 rule (which says only \"declare before the fifth "
        'Trick"): the engine takes the declaration when the first 4 tricks are played, and only from an '
        "Ombre who has won them all"
    )


def test_records_from_states_replay_to_the_same_state() -> None:
    state = GameState(Deal.random(seed=11, dealer=2), rules="court-gamester", players=["Ann", "Ben", "Cat"])
    state.apply(Bid("play"))
    state.apply(Bid("pass"))
    state.apply(Bid("pass"))
    state.apply(NameTrump(Suit.HEARTS))
    rng_moves = 0
    while not state.is_terminal():
        state.apply(state.legal_actions()[rng_moves % len(state.legal_actions())])
        rng_moves += 7
    rec = GameRecord.from_state(state)
    again = read_record(write_record(rec)).replay()
    assert again.history == state.history
    assert again.payments() == state.payments()


def test_the_viewer_replays_a_record() -> None:
    from ombre.display.replay import build_viewer_steps

    rp = build_viewer_steps(read_record(SPECIMEN))
    assert rp.players == ("Ann", "Ben", "Cat") and len(rp.steps) == 28
    assert any(n.heading == "Trick 1" for n in rp.notes)


# --------------------------------------------------------------------------- example and golden records


@pytest.mark.parametrize("name", example_names())
def test_example_records_are_sound(name: str) -> None:
    text = example_text(name)
    assert check_records(text, path=name) == []
    games = read_records(text)
    assert read_records(write_records(games)) == games
    for g in games:
        replay_record(g)


def test_examples_are_listed() -> None:
    assert {"specimen.omb", "fragment.omb"} <= set(example_names())
    with pytest.raises(RecordError):
        example_text("no-such.omb")


GOLDEN_NAMES = sorted(p.stem for p in GOLDEN.glob("*.omb"))


def test_there_are_golden_records() -> None:
    assert len(GOLDEN_NAMES) >= 8
    results = {json.loads((GOLDEN / f"{n}.json").read_text())["result"] for n in GOLDEN_NAMES}
    assert {"win", "codille", "repuesto", "vole", None} <= results


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_record(name: str) -> None:
    text = (GOLDEN / f"{name}.omb").read_text(encoding="utf-8")
    [g] = read_records(text, path=name)
    assert write_record(g) == text  # golden records are kept in canonical form
    data = replay_record(g).to_json()
    expected_path = GOLDEN / f"{name}.json"
    if os.environ.get("OMBRE_UPDATE_GOLDEN") == "1":
        expected_path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert data == json.loads(expected_path.read_text(encoding="utf-8"))
    assert sum(data["tricks_won"].values()) == len(data["tricks"])


def test_parse_records_keeps_going_after_a_bad_game() -> None:
    games, errs = parse_records(HEAD.replace("Ann; Ben; Cat", "Ann") + "\n" + SPECIMEN)
    assert len(games) == 1 and games[0].tag("Event") == "A specimen hand"
    assert len(errs) == 1


# ------------------------------------------------------------- sans prendre: only the defenders exchange

_SANS_PRENDRE = SPECIMEN.split("[Result")[0] + "Bidding: sans-prendre\nTrump: spades\n"


@pytest.mark.parametrize(
    "exchange",
    [
        "Exchange: discard 2c take 6c / refuse / refuse",
        "Exchange: refuse / refuse / refuse",
        "Exchange: discard 2c Jc take 6c 4s",
    ],
)
def test_a_sans_prendre_ombre_given_an_exchange_turn_is_named(exchange: str) -> None:
    problems = check_records(_SANS_PRENDRE + exchange + "\n", path="sp.omb")
    assert [str(p) for p in problems] == [
        "sp.omb:12:11: exchange: Ann plays sans prendre and does not exchange; "
        "the turns are Ben's and Cat's only"
    ]


def test_the_defenders_exchange_against_a_sans_prendre_ombre() -> None:
    text = _SANS_PRENDRE + "Exchange: discard 3h take 6c / refuse\n"
    assert check_records(text, path="sp.omb") == []
    [turn, refused] = replay_record(read_records(text)[0]).exchange
    assert (turn.player, [str(c) for c in turn.discards], refused.player) == ("Ben", ["3h"], "Cat")


def test_an_unclosed_comment_is_reported_where_it_opens_not_where_it_ends() -> None:
    # a '{' without its '}' used to swallow the moves up to the next comment's '}', and the
    # record was then blamed for its trick numbers four lines on
    moves = SPECIMEN_MOVES.replace("2. Js Ks Qh", "2. Js Ks Qh {unterminated")
    moves = moves.replace("5. 6s Qd Kc", "5. 6s Qd Kc { a comment }")
    assert problems(HEAD + moves) == [
        "t.omb:8:13: comment not closed: '{' has no matching '}' before the next '{' at 11:13"
        " (inside a comment, write \\{ for a brace)"
    ]
    # reading resumes on the line after the '{' and counts lines and columns from there, so a
    # later error is located where it is, blank lines and all
    moves = SPECIMEN_MOVES.replace("2. Js Ks Qh", "2. Js Ks Qh { unclosed note\n\n\n")
    moves = moves.replace("6. 4s Ah Kd", "6. 4s Ah Xx { closed }")
    assert problems(HEAD + moves) == [
        "t.omb:8:13: comment not closed: '{' has no matching '}' before the next '{' at 15:13"
        " (inside a comment, write \\{ for a brace)",
        "t.omb:15:10: 'Xx' is not a card (write e.g. As, 7h, Kd)",
    ]


def test_a_brace_in_a_comment_is_written_escaped_and_read_back() -> None:
    game = GameRecord(("A", "B", "C"), RecordedDeal.unknown(), comments=("a {brace} and a \\",))
    text = write_record(game)
    assert "{ a \\{brace\\} and a \\\\ }" in text
    assert read_record(text).comments == ("a {brace} and a \\",)


def test_a_miswritten_trick_number_is_one_problem() -> None:
    # 'Four.' after trick 2's three cards: trick 3 miswritten, not four cards too many
    moves = SPECIMEN_MOVES.replace("3. 7s Kh 5s", "Four. 7s Kh 5s")
    assert problems(HEAD + moves) == ["t.omb:9:1: trick number 3 expected (written '3.'), found 'Four.'"]
    # a bad card inside a trick is still a bad card
    assert problems(HEAD + SPECIMEN_MOVES.replace("3. 7s Kh 5s", "3. 7s Kx 5s")) == [
        "t.omb:9:7: 'Kx' is not a card (write e.g. As, 7h, Kd)"
    ]


def test_reading_grows_linearly_with_the_number_of_comments() -> None:
    # Many comments on one trick once made reading quadratic (its tuple was rebuilt for each);
    # four times as many must not take sixteen times as long.  A generous ratio of CPU times, each
    # the best of five taken in turn (a busy spell spoils one of each), rather than a limit in
    # seconds: linear reading gives about 4, a quadratic reader far more than the bound of 8.
    import gc
    import time

    texts = [
        HEAD + SPECIMEN_MOVES.replace("1. 2s Ac As", "1. 2s Ac As " + "{a note} " * n)
        for n in (10_000, 40_000)
    ]
    best = [float("inf"), float("inf")]
    # without the collector: in the whole test session one full collection of its large heap,
    # due when the allocations cross a threshold, costs more than the reading measured
    gc.collect()
    gc.disable()
    try:
        for _ in range(5):
            for k, text in enumerate(texts):
                t0 = time.process_time()
                [game], found = parse_records(text)
                best[k] = min(best[k], time.process_time() - t0)
                assert not found and len(game.tricks[0].comments) == (10_000, 40_000)[k]
    finally:
        gc.enable()
    assert best[1] / best[0] < 8.0, best


@pytest.mark.parametrize(
    "text",
    [
        "\n\n".join([SPECIMEN] * 3),
        ("\ufeff" + SPECIMEN + "\n\n" + SPECIMEN).replace("\n", "\r\n"),
        SPECIMEN.replace("{ Ann leads", "{ Ann leads {") + "\n\n" + SPECIMEN,  # a '{' left open
        SPECIMEN + '\n\n[Event "open\n\n[Players "A; B; C"]\n\n' + SPECIMEN,  # a quote left open
        SPECIMEN + "\n\n[Players\n\n" + SPECIMEN.replace("Ks Qh", "Ks Qx") + "\n\n{ never closed\n\n[A",
        "",
    ],
)
def test_read_in_blocks_as_in_one_piece(text: str) -> None:
    # A file is read a block at a time; wherever the blocks are cut, the games and the problems
    # are those of the whole text, in the same order.
    import random

    games, errors = parse_records(text, path="t.omb")
    rng = random.Random(0)
    for _ in range(20):
        blocks, i = [], 0
        while i < len(text):
            n = rng.choice([1, 2, 7, 50, 400])
            blocks.append(text[i : i + n])
            i += n
        read = list(stream_records(blocks, path="t.omb"))
        assert [g for g, _ in read if g is not None] == games
        assert [str(p) for _, found in read for p in found] == [str(p) for p in errors]
    checked = [str(p) for _, found in stream_records([text], path="t.omb", check=True) for p in found]
    assert checked == [str(p) for p in check_records(text, path="t.omb")]


def test_memory_follows_one_game_not_the_file() -> None:
    # 50 MB of records once took 2.7 GB to replay: read a game at a time, the peak of memory
    # is the same for 40 games as for 10 (a generous ratio; a whole-file read grows fourfold)
    import tracemalloc

    def peak(games: int) -> int:
        blocks = (SPECIMEN + "\n" for _ in range(games))
        tracemalloc.start()
        try:
            count = sum(g is not None for g, _ in stream_records(blocks))
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            assert count == games

    assert peak(40) < 1.5 * peak(10)


# --------------------------------------------------------------------------- the account in words

RECORD_FILES = sorted(
    [
        *(Path(__file__).parents[2] / "ombre" / "engine" / "record" / "examples").glob("*.omb"),
        *(Path(__file__).parents[2] / "ombre" / "belinda" / "records").glob("*.omb"),
        *GOLDEN.glob("*.omb"),
    ]
)


def test_the_account_covers_every_shipped_record() -> None:
    names = {p.name for p in RECORD_FILES}
    assert {
        *example_names(),
        "belinda-1-pole.omb",
        "belinda-2-king-of-clubs.omb",
        "belinda-3-baker.omb",
    } <= names


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.name)
def test_the_account_tells_hands_tricks_winners_and_payments(path: Path) -> None:
    from ombre.engine.record import record_account
    from ombre.engine.rules import trick_winner

    for game in read_record_file(str(path)):
        replay = replay_record(game)
        st = replay.state
        names = st.players
        lines = record_account(replay)
        # plain ASCII, one paragraph a line, nothing a braille layout would read as a break
        for line in lines:
            assert line.isascii() and line.isprintable() and line == line.strip() and "  " not in line, line
            assert not any(token.endswith("?") for token in line.split()), line  # conjecture said in words
        assert lines[2] == (
            f"Players, in the order of play: {names[0]}, the eldest hand; {names[1]}; {names[2]}, the dealer."
        )
        # each dealt hand by suit: nine cards, each suit once
        for seat in range(3):
            [hand] = [ln for ln in lines[3:8] if ln.startswith(f"{names[seat]}: ")]
            groups = hand.removeprefix(f"{names[seat]}: ").removesuffix(".").split("; ")
            suits = [g.split(": ")[0] for g in groups]
            assert len(suits) == 4 and len(set(suits)) == 4
            cards = [c for g in groups for c in g.split(": ")[1].split(", ") if c != "none"]
            assert len(cards) == 9, hand
        # each trick: the cards in the order played, and the winner as the rules judge it
        for n, t in enumerate(st.tricks, start=1):
            [line] = [ln for ln in lines if ln.startswith(f"Trick {n}: ")]
            said = line.removeprefix(f"Trick {n}: ").split("; ")
            assert [s.split(" ")[0] for s in said] == [names[s] for s in t.seats]
            assert all(c.name in s for c, s in zip(t.cards, said, strict=True))
            winner = t.seats[trick_winner(t.cards, st.trump)]
            assert winner == t.winner and line.endswith(f". {names[winner]} wins the trick.")
        if st.is_terminal():
            settlement = st.settlement()
            [paid] = [ln for ln in lines if ln.startswith("Payments: ")]
            for seat, part in enumerate(paid.removeprefix("Payments: ").split("; ")):
                net = settlement.net[seat].as_dict(st.rules.units)
                assert part.startswith(names[seat])
                assert ("receives" in part) == any(v > 0 for v in net.values())
                assert ("pays" in part) == any(v < 0 for v in net.values())
                assert all(f"{abs(v)} {u.removesuffix('s')}" in part for u, v in net.items() if v)
            assert lines[-1] == "End of the game."
            if st.result is not None:
                assert any(ln.startswith("Result: ") for ln in lines)
        else:
            assert lines[-1].startswith("The record stops here")


def test_the_account_names_a_renounce_in_its_trick() -> None:
    from ombre.engine.record import record_account

    [game] = read_record_file(str(GOLDEN / "renounce-1665.omb"))
    lines = record_account(replay_record(game))
    at = next(i for i, ln in enumerate(lines) if ln.startswith("A renounce: "))
    assert lines[at - 1].startswith("Trick 3: ")
    assert lines[at] == (
        "A renounce: Ben plays the Two of Spades, but Ben must follow hearts and holds the Three of "
        "Hearts, the Four of Hearts, the Knave of Hearts and the King of Hearts."
    )
    assert "Result: repuesto: Ann, the Ombre, loses" in lines[-4]
