"""Ombre: an exact engine for the 17th-century card game, and the book around it.

The main names are re-exported here, and imported only when first used (so
``import ombre`` stays cheap and every submodule is imported once)::

    >>> from ombre import Card, Suit, GameState, Deal, get_rules
    >>> GameState(Deal.random(seed=1)).phase.value
    'bidding'

``ombre.__version__`` is the version of ``pyproject.toml``, read from the installed metadata::

    >>> import ombre
    >>> ombre.__version__.count(".") >= 2
    True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ombre.engine.cards import (
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
    from ombre.engine.game import (
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
    from ombre.engine.payments import Amount, Settlement, settle
    from ombre.engine.rules import (
        Result,
        is_trump,
        legal_plays,
        matadors,
        plain_order,
        result_of,
        trick_winner,
        trump_order,
        why_illegal,
    )
    from ombre.engine.rulesets import RULESETS, RuleSet, get_rules
    from ombre.errors import (
        BrailleError,
        IllegalActionError,
        IllegalPlayError,
        OmbreError,
        RecordError,
        RulesError,
    )

#: exported name -> the module that defines it
_EXPORTS: dict[str, str] = {
    "BASTO": "ombre.engine.cards",
    "DECK": "ombre.engine.cards",
    "PAM": "ombre.engine.cards",
    "SPADILLE": "ombre.engine.cards",
    "Card": "ombre.engine.cards",
    "CardError": "ombre.engine.cards",
    "Suit": "ombre.engine.cards",
    "format_cards": "ombre.engine.cards",
    "parse_card": "ombre.engine.cards",
    "parse_cards": "ombre.engine.cards",
    "OmbreError": "ombre.errors",
    "IllegalActionError": "ombre.errors",
    "IllegalPlayError": "ombre.errors",
    "RecordError": "ombre.errors",
    "BrailleError": "ombre.errors",
    "RulesError": "ombre.errors",
    "Action": "ombre.engine.game",
    "Bid": "ombre.engine.game",
    "Deal": "ombre.engine.game",
    "DeclareVole": "ombre.engine.game",
    "Exchange": "ombre.engine.game",
    "GameState": "ombre.engine.game",
    "NameTrump": "ombre.engine.game",
    "Phase": "ombre.engine.game",
    "Play": "ombre.engine.game",
    "SeatView": "ombre.engine.game",
    "Trick": "ombre.engine.game",
    "parse_action": "ombre.engine.game",
    "Amount": "ombre.engine.payments",
    "Settlement": "ombre.engine.payments",
    "settle": "ombre.engine.payments",
    "RULESETS": "ombre.engine.rulesets",
    "Result": "ombre.engine.rules",
    "RuleSet": "ombre.engine.rulesets",
    "get_rules": "ombre.engine.rulesets",
    "is_trump": "ombre.engine.rules",
    "legal_plays": "ombre.engine.rules",
    "matadors": "ombre.engine.rules",
    "plain_order": "ombre.engine.rules",
    "result_of": "ombre.engine.rules",
    "trick_winner": "ombre.engine.rules",
    "trump_order": "ombre.engine.rules",
    "why_illegal": "ombre.engine.rules",
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


def _find_version() -> str:
    """The package's version: pyproject.toml's, as installed (importlib.metadata).

    A source tree that was never installed reads its pyproject.toml, so the version is written
    in one place only.
    """
    from importlib import metadata

    try:
        return metadata.version("ombre")
    except metadata.PackageNotFoundError:
        import tomllib
        from pathlib import Path

        try:
            with (Path(__file__).resolve().parent.parent / "pyproject.toml").open("rb") as fh:
                return str(tomllib.load(fh)["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "0+unknown"


def __getattr__(name: str) -> Any:
    """Import a re-exported name on first use (PEP 562); find ``__version__`` on first use."""
    if name == "__version__":
        version = globals()["__version__"] = _find_version()
        return version
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ombre' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS) | {"__version__"})
