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

# isort: off
if TYPE_CHECKING:  # what a type checker reads; each name is re-exported (`X as X`)
    from ombre.engine.cards import (
        BASTO as BASTO,
        DECK as DECK,
        PAM as PAM,
        SPADILLE as SPADILLE,
        Card as Card,
        CardError as CardError,
        Suit as Suit,
        format_cards as format_cards,
        parse_card as parse_card,
        parse_cards as parse_cards,
    )
    from ombre.engine.game import (
        Action as Action,
        Bid as Bid,
        Deal as Deal,
        DeclareVole as DeclareVole,
        Exchange as Exchange,
        GameState as GameState,
        NameTrump as NameTrump,
        Phase as Phase,
        Play as Play,
        SeatView as SeatView,
        Trick as Trick,
        parse_action as parse_action,
    )
    from ombre.engine.payments import (
        Amount as Amount,
        Settlement as Settlement,
        settle as settle,
    )
    from ombre.engine.rules import (
        Result as Result,
        is_trump as is_trump,
        legal_plays as legal_plays,
        matadors as matadors,
        plain_order as plain_order,
        result_of as result_of,
        trick_winner as trick_winner,
        trump_order as trump_order,
        why_illegal as why_illegal,
    )
    from ombre.engine.rulesets import (
        RULESETS as RULESETS,
        RuleSet as RuleSet,
        get_rules as get_rules,
    )
    from ombre.errors import (
        BrailleError as BrailleError,
        IllegalActionError as IllegalActionError,
        IllegalPlayError as IllegalPlayError,
        OmbreError as OmbreError,
        RecordError as RecordError,
        RulesError as RulesError,
    )
# isort: on

#: The facade's names, by the module that defines each: the one list the package imports from
#: (the imports above say the same to a type checker; a test keeps the two alike).
_EXPORTS_BY_MODULE: dict[str, tuple[str, ...]] = {
    "ombre.engine.cards": (
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
    ),
    "ombre.errors": (
        "OmbreError",
        "IllegalActionError",
        "IllegalPlayError",
        "RecordError",
        "BrailleError",
        "RulesError",
    ),
    "ombre.engine.game": (
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
    ),
    "ombre.engine.payments": ("Amount", "Settlement", "settle"),
    "ombre.engine.rulesets": ("RULESETS", "RuleSet", "get_rules"),
    "ombre.engine.rules": (
        "Result",
        "is_trump",
        "legal_plays",
        "matadors",
        "plain_order",
        "result_of",
        "trick_winner",
        "trump_order",
        "why_illegal",
    ),
}
#: exported name -> the module that defines it
_EXPORTS: dict[str, str] = {name: module for module, names in _EXPORTS_BY_MODULE.items() for name in names}

__all__ = list(_EXPORTS)


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
