"""Ombre: an exact engine for the 17th-century card game, and the book around it.

The main names are re-exported here::

    >>> from ombre import Card, Suit, GameState, Deal, get_rules
    >>> GameState(Deal.random(seed=1)).phase.value
    'bidding'
"""

from ombre.cards import (
    BASTO,
    DECK,
    PAM,
    SPADILLE,
    Card,
    CardError,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from ombre.errors import (
    BrailleError,
    IllegalActionError,
    IllegalPlayError,
    OmbreError,
    RecordError,
    RulesError,
)
from ombre.game import (
    Action,
    Bid,
    Deal,
    DeclareVole,
    Exchange,
    GameState,
    NameTrump,
    Phase,
    Play,
    SeatView,
    Trick,
    parse_action,
)
from ombre.payments import Amount, Settlement, settle
from ombre.rules import (
    RULESETS,
    Result,
    RuleSet,
    get_rules,
    is_trump,
    legal_plays,
    matadors,
    plain_order,
    result_of,
    trick_winner,
    trump_order,
    why_illegal,
)

__all__ = [
    "BASTO",
    "DECK",
    "PAM",
    "SPADILLE",
    "Card",
    "CardError",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "OmbreError",
    "IllegalActionError",
    "IllegalPlayError",
    "RecordError",
    "BrailleError",
    "RulesError",
    "Action",
    "Bid",
    "Deal",
    "DeclareVole",
    "Exchange",
    "GameState",
    "NameTrump",
    "Phase",
    "Play",
    "SeatView",
    "Trick",
    "parse_action",
    "Amount",
    "Settlement",
    "settle",
    "RULESETS",
    "Result",
    "RuleSet",
    "get_rules",
    "is_trump",
    "legal_plays",
    "matadors",
    "plain_order",
    "result_of",
    "trick_winner",
    "trump_order",
    "why_illegal",
]
