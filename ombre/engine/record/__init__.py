"""Game records: a plain-text format for whole games of Ombre, in the spirit of PGN.

A file holds one or more games.  Each game is a block of tag pairs followed by
its movetext::

    [Event "A specimen hand"]
    [Rules "1665"]
    [Players "Ann; Ben; Cat"]
    [Dealer "Cat"]
    [Deal "As 2s Ac Ks Qs Js Kh Kd Kc / ... / ... / ..."]
    Bidding: play pass pass
    Trump: spades
    Exchange: discard 4h take 3s / refuse / refuse
    1. As 3c 4c { Spadille leads. }
    2. ...

Players are listed in the order of play, beginning with the eldest hand (the
dealer's right), so the dealer is always the third name; the hands of
``[Deal]`` are given in the same order, then the 13-card stock, top card
first.  ``??`` is a card nobody knows; ``7s?`` is a card supplied by
reconstruction rather than attested.  Comments are ``{ ... }`` (several lines,
line breaks kept) or ``;`` to the end of the line; a comment belongs to the
element it follows (a section, a trick, the vole declaration), and comments
before the first movetext element belong to the game.  The book's reference
page *record-format* describes every detail.

>>> text = '''[Rules "1665"]
... [Players "Ann; Ben; Cat"]
... [Deal "?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? /
...        ?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??"]
... Bidding: play pass pass ; Ann plays
... Trump: hearts
... '''
>>> [game] = read_records(text)
>>> game.players, game.dealer, game.trump.suit, game.bidding.comments
(('Ann', 'Ben', 'Cat'), 'Cat', <Suit.HEARTS: 'h'>, ('Ann plays',))
>>> read_records(write_record(game)) == [game]
True
"""

from __future__ import annotations

from ombre.engine.record.model import (
    BIDS,
    RESULTS,
    STRUCTURED_TAGS,
    BiddingSection,
    ExchangeEntry,
    ExchangeSection,
    GameRecord,
    Pos,
    RecordCard,
    RecordedDeal,
    RecordedTrick,
    TrumpSection,
    VoleDeclaration,
)
from ombre.engine.record.reader import (
    check_records,
    example_names,
    example_text,
    normalize_comment,
    parse_records,
    read_deal_value,
    read_record,
    read_record_file,
    read_records,
    stream_records,
)
from ombre.engine.record.replay import ExchangeTurn, RecordReplay, RenounceNote, replay_record
from ombre.engine.record.text import record_account
from ombre.engine.record.writer import write_record, write_records

__all__ = [
    "Pos",
    "RecordCard",
    "RecordedDeal",
    "BiddingSection",
    "TrumpSection",
    "ExchangeEntry",
    "ExchangeSection",
    "VoleDeclaration",
    "RecordedTrick",
    "GameRecord",
    "BIDS",
    "RESULTS",
    "STRUCTURED_TAGS",
    "normalize_comment",
    "read_records",
    "read_record",
    "read_deal_value",
    "read_record_file",
    "example_text",
    "example_names",
    "replay_record",
    "RecordReplay",
    "RenounceNote",
    "ExchangeTurn",
    "record_account",
    "parse_records",
    "check_records",
    "stream_records",
    "write_record",
    "write_records",
]
