"""Ombre: an exact engine for the 17th-century card game, and the book around it.

The main names are re-exported here, and imported only when first used (so
``import ombre`` stays cheap and every submodule is imported once)::

    >>> from ombre import Card, Suit, GameState, Deal, get_rules
    >>> GameState(Deal.random(seed=1)).phase.value
    'bidding'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: exported name -> the module that defines it
_EXPORTS: dict[str, str] = {
    "BASTO": "ombre.cards",
    "DECK": "ombre.cards",
    "PAM": "ombre.cards",
    "SPADILLE": "ombre.cards",
    "Card": "ombre.cards",
    "CardError": "ombre.cards",
    "Suit": "ombre.cards",
    "format_cards": "ombre.cards",
    "parse_card": "ombre.cards",
    "parse_cards": "ombre.cards",
    "OmbreError": "ombre.errors",
    "IllegalActionError": "ombre.errors",
    "IllegalPlayError": "ombre.errors",
    "RecordError": "ombre.errors",
    "BrailleError": "ombre.errors",
    "RulesError": "ombre.errors",
    "Action": "ombre.game",
    "Bid": "ombre.game",
    "Deal": "ombre.game",
    "DeclareVole": "ombre.game",
    "Exchange": "ombre.game",
    "GameState": "ombre.game",
    "NameTrump": "ombre.game",
    "Phase": "ombre.game",
    "Play": "ombre.game",
    "SeatView": "ombre.game",
    "Trick": "ombre.game",
    "parse_action": "ombre.game",
    "Amount": "ombre.payments",
    "Settlement": "ombre.payments",
    "settle": "ombre.payments",
    "RULESETS": "ombre.rules",
    "Result": "ombre.rules",
    "RuleSet": "ombre.rules",
    "get_rules": "ombre.rules",
    "is_trump": "ombre.rules",
    "legal_plays": "ombre.rules",
    "matadors": "ombre.rules",
    "plain_order": "ombre.rules",
    "result_of": "ombre.rules",
    "trick_winner": "ombre.rules",
    "trump_order": "ombre.rules",
    "why_illegal": "ombre.rules",
}

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


def __getattr__(name: str) -> Any:
    """Import a re-exported name on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ombre' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
