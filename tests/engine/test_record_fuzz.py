"""Property tests of the game-record format (hypothesis).

* Any text at all: the reader returns games or raises :class:`RecordError`
  (located, ``FILE:LINE:COL: message``), never anything else; ``check`` too.
* Sound golden records with a few words replaced, deleted or doubled: ``check``
  and the replay report every problem located, and raise nothing else.
* Any record the model can hold: ``read_records(write_record(r)) == [r]``,
  and writing is canonical (writing what was read gives the same text).

Set ``OMBRE_FUZZ_EXAMPLES`` (default 200) for a longer run.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ombre.engine.cards import DECK, SUITS
from ombre.engine.record import (
    BIDS,
    RESULTS,
    STRUCTURED_TAGS,
    BiddingSection,
    ExchangeEntry,
    ExchangeSection,
    GameRecord,
    RecordCard,
    RecordedDeal,
    RecordedTrick,
    TrumpSection,
    VoleDeclaration,
    check_records,
    normalize_comment,
    parse_records,
    read_records,
    replay_record,
    write_record,
    write_records,
)
from ombre.errors import RecordError

FUZZ = settings(
    max_examples=int(os.environ.get("OMBRE_FUZZ_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
FEW = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
GOLDEN = Path(__file__).parents[1] / "data" / "golden"
GOLDEN_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(GOLDEN.glob("*.omb"))]

# ------------------------------------------------------------------ arbitrary text

_FRAGMENTS = [
    '[Players "Ann; Ben; Cat"]',
    '[Deal "',
    '"]',
    '[Rules "1665"]',
    '[Result "win"]',
    "??",
    " / ",
    "As",
    "7h?",
    "Kd",
    "Bidding:",
    "play",
    "pass",
    "sans-prendre",
    "Trump:",
    "spades",
    "Exchange:",
    "discard",
    "take",
    "refuse",
    "Vole",
    "1.",
    "2.",
    "9.",
    "10.",
    "{",
    "}",
    "\\",
    ";",
    "\n",
    " ",
    "\t",
    "\r",
    "[",
    "]",
    '"',
    "♠",
    "99999999999999999999.",
]
_SOUP = st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=3)), max_size=60).map("".join)
_DEAL = " ".join(str(c) for c in DECK[:9]) + " / " + " ".join(str(c) for c in DECK[9:18]) + " / "
_DEAL += " ".join(str(c) for c in DECK[18:27]) + " / " + " ".join(str(c) for c in DECK[27:])
_HEAD = f'[Rules "1665"]\n[Players "Ann; Ben; Cat"]\n[Deal "{_DEAL}"]\n'


def _assert_located(err: RecordError, path: str) -> None:
    assert err.path == path
    assert err.line is None or err.line >= 1
    assert err.col is None or err.col >= 1
    assert str(err).startswith(path + ":")
    assert err.message


@FUZZ
@given(st.one_of(st.text(), _SOUP, _SOUP.map(lambda s: _HEAD + s)))
def test_reader_raises_only_located_record_errors(text: str) -> None:
    try:
        games = read_records(text, path="fuzz.omb")
    except RecordError as err:
        _assert_located(err, "fuzz.omb")
    else:
        assert games
    games, problems = parse_records(text, path="fuzz.omb")
    for p in problems:
        _assert_located(p, "fuzz.omb")


@FUZZ
@given(_SOUP.map(lambda s: _HEAD + s))
def test_check_raises_nothing_and_locates_every_problem(text: str) -> None:
    for p in check_records(text, path="fuzz.omb"):
        assert isinstance(p, RecordError)
        _assert_located(p, "fuzz.omb")


_WORDS = [str(c) for c in DECK] + [
    "??",
    "7h?",
    "pass",
    "play",
    "sans-prendre",
    "Vole",
    "/",
    "1.",
    "9.",
    "refuse",
]


@FUZZ
@given(
    st.sampled_from(GOLDEN_TEXTS),
    st.lists(
        st.tuples(
            st.integers(0, 10_000), st.sampled_from(["replace", "delete", "double"]), st.sampled_from(_WORDS)
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_golden_records_give_only_located_errors(
    text: str, edits: list[tuple[int, str, str]]
) -> None:
    """Sound records with a few words changed: every problem is found, located, and nothing else escapes."""
    words = text.split(" ")
    for at, how, word in edits:
        i = at % len(words)
        if how == "replace":
            words[i] = word
        elif how == "delete":
            del words[i]
        else:
            words.insert(i, words[i])
    mutated = " ".join(words)
    for p in check_records(mutated, path="m.omb"):
        _assert_located(p, "m.omb")
    try:
        games = read_records(mutated, path="m.omb")
        for g in games:
            replay_record(g).to_json()
    except RecordError as err:
        _assert_located(err, "m.omb")


# ------------------------------------------------------------------ generated records

_NAME = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters=";\r"), min_size=1, max_size=12
).filter(lambda s: s == s.strip() and s != "")
_COMMENT = (
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40).map(normalize_comment).filter(bool)
)
_COMMENTS = st.lists(_COMMENT, max_size=2).map(tuple)
_TAG_NAME = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda n: n.casefold() not in {t.casefold() for t in STRUCTURED_TAGS}
)
_TAG_VALUE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"), max_size=20)


@st.composite
def _record_card(draw: st.DrawFn, card_index: int) -> RecordCard:
    kind = draw(st.sampled_from(["known", "known", "conjectural", "unknown"]))
    if kind == "unknown":
        return RecordCard(None)
    return RecordCard(DECK[card_index], kind == "conjectural")


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    players = draw(st.lists(_NAME, min_size=3, max_size=3, unique=True))
    order = draw(st.permutations(range(40)))
    cards = [draw(_record_card(i)) for i in order]
    deal = RecordedDeal((tuple(cards[0:9]), tuple(cards[9:18]), tuple(cards[18:27])), tuple(cards[27:]))
    tag_names = draw(st.lists(_TAG_NAME, max_size=3, unique=True))
    tags = tuple((n, draw(_TAG_VALUE)) for n in tag_names)
    rules = draw(st.sampled_from(["1665", "court-gamester"]))
    result = draw(st.one_of(st.none(), st.sampled_from(RESULTS)))
    bidding = draw(
        st.one_of(
            st.none(),
            st.builds(BiddingSection, st.lists(st.sampled_from(BIDS), max_size=4).map(tuple), _COMMENTS),
        )
    )
    trump = draw(st.one_of(st.none(), st.builds(TrumpSection, st.sampled_from(SUITS), _COMMENTS)))
    exchange = None
    if trump is not None and draw(st.booleans()):
        entries = []
        for _ in range(draw(st.integers(0, 3))):
            n = draw(st.integers(0, 4))
            discards = tuple(draw(_record_card(draw(st.integers(0, 39)))) for _ in range(n))
            takes = None
            if n and draw(st.booleans()):
                takes = tuple(draw(_record_card(draw(st.integers(0, 39)))) for _ in range(n))
            entries.append(ExchangeEntry(discards, takes))
        exchange = ExchangeSection(tuple(entries), draw(_COMMENTS))
    n_tricks = draw(st.integers(0, 9))
    pool = list(draw(st.permutations(range(40))))
    tricks = []
    for k in range(1, n_tricks + 1):
        size = 3 if k < n_tricks else draw(st.integers(1, 3))
        tricks.append(
            RecordedTrick(k, tuple(draw(_record_card(pool.pop())) for _ in range(size)), draw(_COMMENTS))
        )
    vole = None
    if draw(st.booleans()):
        last_open = bool(tricks) and len(tricks[-1].cards) < 3
        top = len(tricks) if last_open else len(tricks) + 1
        if top >= 1:
            vole = VoleDeclaration(draw(st.integers(1, top)), draw(_COMMENTS))
    return GameRecord(
        players=(players[0], players[1], players[2]),
        deal=deal,
        rules=rules,
        tags=tags,
        result=result,
        comments=draw(_COMMENTS),
        bidding=bidding,
        trump=trump,
        exchange=exchange,
        vole=vole,
        tricks=tuple(tricks),
    )


@FUZZ
@given(records())
def test_write_then_read_gives_the_same_record(record: GameRecord) -> None:
    text = write_record(record)
    assert read_records(text, path="rt.omb") == [record]
    # canonical: writing what was read gives the same text again
    assert write_record(read_records(text)[0]) == text


@FEW
@given(st.lists(records(), min_size=1, max_size=3))
def test_several_games_per_file(games: list[GameRecord]) -> None:
    assert read_records(write_records(games)) == games


@FUZZ
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=60))
def test_normalized_comments_survive_a_round_trip(raw: str) -> None:
    text = normalize_comment(raw)
    assume(text)
    game = GameRecord(("A", "B", "C"), RecordedDeal.unknown(), comments=(text,))
    assert read_records(write_record(game)) == [game]
