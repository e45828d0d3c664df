"""What if: another card at some step of a game, and the engine plays the hand on (no widgets).

The JupyterLab widget (:mod:`ombre.display.replay.widget`) and the reader's browser
(:mod:`ombre.display.browser.whatif`) both branch a game here: the legal cards of the player to
move, the rule that forbids each other card (:func:`refusal`), the solver's value of each legal
card (:func:`solver_values`), and a computer player to finish the hand (:func:`engine_chooser`,
:func:`finish`).  Standard library and the engine only: this runs in Pyodide.

>>> from ombre.engine.game import GameState
>>> from ombre.engine.cards import parse_cards, Suit
>>> s = GameState.from_position([parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")],
...                             trump=Suit.SPADES, ombre=0, leader=0, players=["Ann", "Ben", "Cat"])
>>> s.play("As")
>>> refusal(s, parse_cards("Qh")[0])
'must play a trump: Spadille forces Manille'
>>> b = branch_state(s, "2s", highest_card)
>>> b.is_terminal(), b.tricks_won
(True, (2, 0, 0))
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from ombre.display.replay.model import sort_hand
from ombre.engine.cards import Card, Suit, parse_card
from ombre.engine.game import DeclareVole, GameState, Phase, Play
from ombre.engine.rules import effective_suit, explain_play, why_illegal
from ombre.errors import OmbreError

__all__ = [
    "Chooser",
    "has_solver",
    "named_chooser",
    "card_choices",
    "card_values",
    "branch_title",
    "solver_values",
    "engine_chooser",
    "player_chooser",
    "highest_card",
    "finish",
    "refusal",
    "refused_by_rule",
    "branch_state",
    "why_allowed",
    "CHOOSERS",
]

#: Picks the card for the player to move in a state in the play phase.
Chooser = Callable[[GameState], Card]


def _solver() -> Any | None:
    """The solver module, if it is installed and offers what the branches need."""
    try:
        mod = importlib.import_module("ombre.engine.solver")
    except ImportError:
        return None
    if not all(hasattr(mod, name) for name in ("Position", "analyse", "OUTCOME_ORDER")):
        return None
    return mod


def has_solver() -> bool:
    """Whether the double-dummy solver is there to value cards and play best."""
    return _solver() is not None


def solver_values(state: GameState) -> dict[Card, tuple[int, str]] | None:
    """The solver's value of each legal card: (the Ombre's tricks, the result), or ``None``.

    ``None`` when :mod:`ombre.engine.solver` is not available or the state is not in the play phase.
    """
    mod = _solver()
    if mod is None or state.phase is not Phase.PLAY or state.ombre is None:
        return None
    position = mod.Position.from_state(state)
    tricks: dict[Card, int] = mod.analyse(position, "tricks")
    outcome: dict[Card, Any] = mod.analyse(position, "outcome")
    return {card: (tricks[card], str(outcome[card].value)) for card in tricks}


def highest_card(state: GameState) -> Card:
    """The simplest computer player: the highest legal card (trumps first, by the order of play).

    >>> from ombre.engine.cards import parse_cards, Suit
    >>> s = GameState.from_position([parse_cards("As 3d"), parse_cards("2s Qh"), parse_cards("3s Jh")],
    ...                             trump=Suit.SPADES, ombre=0, leader=0)
    >>> highest_card(s)
    Card.parse('As')
    """
    legal = state.legal_cards()
    if not legal:
        raise OmbreError("nobody can play a card now")
    return sort_hand(legal, state.trump)[0]


def _best_play(mod: Any) -> Chooser:
    order = list(mod.OUTCOME_ORDER)

    def best(state: GameState) -> Card:
        legal = state.legal_cards()
        if len(legal) == 1:
            return legal[0]
        values = solver_values(state)
        assert values is not None and state.trump is not None
        ombre_moves = state.current_player == state.ombre

        def score(card: Card) -> tuple[int, int]:
            tricks, result = values[card]
            key = (order.index(next(r for r in order if r.value == result)), tricks)
            return key if ombre_moves else (-key[0], -key[1])

        top = max(score(c) for c in legal)
        # the cheapest of the equally good cards
        return [c for c in sort_hand(legal, state.trump) if score(c) == top][-1]

    return best


def player_chooser(player: Any) -> Chooser:
    """A chooser from a computer player of :mod:`ombre.engine.players` (it sees only its own view)."""

    def choose(state: GameState) -> Card:
        seat = state.current_player
        assert seat is not None
        action = player.choose(state.view(seat))
        if not isinstance(action, Play):
            raise OmbreError(f"the computer player answered {action} where a card was needed")
        return action.card

    return choose


def engine_chooser() -> tuple[Chooser, str]:
    """The best available computer play and its description.

    Double-dummy best play when the solver is available (the Ombre maximises his result, then his
    tricks; the defenders together minimise them; among equal cards the lowest is played),
    otherwise the 1665 rule of thumb (:class:`ombre.engine.players.RuleOfThumbPlayer`), otherwise the
    highest legal card.
    """
    mod = _solver()
    if mod is not None:
        return _best_play(mod), CHOOSERS["solver"]
    try:
        players = importlib.import_module("ombre.engine.players")
        rot = players.RuleOfThumbPlayer()
    except (ImportError, AttributeError):
        return highest_card, "the highest legal card"
    return player_chooser(rot), CHOOSERS["rule-of-thumb"]


#: the computer players a reader may choose to play a branch on, by name, and how each is said
CHOOSERS = {
    "solver": "the double-dummy solver (best play for every side)",
    "rule-of-thumb": "the 1665 rule of thumb",
    "monte-carlo": "the Monte Carlo player",
}


def named_chooser(name: str, seed: int = 0) -> tuple[Chooser, str]:
    """The computer player called ``name`` in :data:`CHOOSERS` (``seed`` for Monte Carlo), and its words.

    >>> named_chooser("rule-of-thumb")[1]
    'the 1665 rule of thumb'
    >>> named_chooser("oracle")
    Traceback (most recent call last):
    ...
    ombre.errors.OmbreError: no computer player called 'oracle' (choose solver, rule-of-thumb or monte-carlo)
    """
    from ombre.engine import players  # the players import the solver: only when one is chosen

    if name == "solver":
        mod = _solver()
        if mod is None:
            raise OmbreError("the double-dummy solver is not available here")
        return _best_play(mod), CHOOSERS[name]
    if name == "rule-of-thumb":
        return player_chooser(players.RuleOfThumbPlayer()), CHOOSERS[name]
    if name == "monte-carlo":
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
            raise OmbreError(f"the Monte Carlo seed must be a whole number 0 .. {2**32 - 1}, not {seed!r}")
        return player_chooser(players.MonteCarloPlayer(seed=seed)), f"{CHOOSERS[name]} (seed {seed})"
    raise OmbreError(f"no computer player called {name!r} (choose solver, rule-of-thumb or monte-carlo)")


def finish(state: GameState, chooser: Chooser) -> None:
    """Play ``state`` to the end; a vole is never declared on the reader's behalf."""
    while not state.is_terminal():
        if state.phase is Phase.VOLE:
            state.apply(DeclareVole(False))
            continue
        state.apply(Play(chooser(state)))


def refusal(state: GameState, card: Card) -> str:
    """The rule that forbids ``card`` to the player to move (:func:`ombre.engine.rules.why_illegal`)."""
    seat = state.current_player
    if seat is None or state.trump is None:
        return "nobody can play a card now"
    trick = state.current_trick
    on_table = trick.cards if trick is not None and len(trick.cards) < 3 else ()
    return why_illegal(state.hand(seat), on_table, card, state.trump) or "it is not a legal card here"


def refused_by_rule(state: GameState) -> dict[str, list[Card]]:
    """The cards of the player to move that are not legal, grouped by the rule that forbids them."""
    seat = state.current_player
    if state.phase is not Phase.PLAY or seat is None:
        return {}
    legal = state.legal_cards()
    by_rule: dict[str, list[Card]] = {}
    for c in sort_hand(state.hand(seat), state.trump):
        if c not in legal:
            by_rule.setdefault(refusal(state, c), []).append(c)
    return by_rule


def branch_state(state: GameState, card: Card | str, chooser: Chooser) -> GameState:
    """``state`` (changed in place and returned) with ``card`` played and the hand played on.

    A card the player may not play is refused with the rule that forbids it and the legal cards.
    """
    if state.phase is not Phase.PLAY or state.current_player is None:
        raise OmbreError("nobody plays a card at this point of the game")
    c = card if isinstance(card, Card) else parse_card(card, state.trump)
    legal = state.legal_cards()
    if c not in legal:
        who = state.players[state.current_player]
        allowed = ", ".join(str(x) for x in sort_hand(legal, state.trump)) or "none"
        raise OmbreError(f"{who} may not play the {c.name} here ({refusal(state, c)}); legal: {allowed}")
    state.apply(Play(c))
    finish(state, chooser)
    return state


def why_allowed(hand: Sequence[Card], on_table: Sequence[Card], card: Card, trump: Suit) -> str:
    """The rule that allows a card that does not follow the suit led; ``""`` for one that follows.

    ``hand`` is the player's hand before or after the card is played.  A card played against the
    rule (a renounce, accepted in a record's replay) is called so.  The replay and the play widget
    both say it (:func:`ombre.engine.rules.explain_play` without its ``legal:``).
    """
    if not on_table or effective_suit(card, trump) is effective_suit(on_table[0], trump):
        return ""
    said = explain_play((*hand, card) if card not in hand else hand, on_table, card, trump)
    if said.startswith("illegal: "):
        return "a renounce: " + said.removeprefix("illegal: ")
    return said.removeprefix("legal: ")


# --------------------------------------------------------------------------- in words, for a page


def card_choices(state: GameState) -> dict[str, Any]:
    """The player to move, the legal cards and the others with their rule, in words (JSON-ready)."""
    seat = state.current_player
    if state.phase is not Phase.PLAY or seat is None or state.trump is None:
        return {"who": None, "legal": [], "refused": []}
    legal = sort_hand(state.legal_cards(), state.trump)
    return {
        "who": state.players[seat],
        "legal": [{"card": str(c), "name": c.spoken(state.trump)} for c in legal],
        "refused": [
            {"rule": rule, "cards": [c.spoken(state.trump) for c in cards]}
            for rule, cards in refused_by_rule(state).items()
        ],
    }


def card_values(state: GameState) -> list[dict[str, Any]]:
    """Each legal card's double-dummy value: the Ombre's tricks and the result, with a sentence."""
    values = solver_values(state)
    if values is None:
        return []
    trump = state.trump
    out = []
    for c in sort_hand(values, trump):
        tricks, result = values[c]
        name = c.spoken(trump)
        said = f"{name}: the Ombre takes {tricks} trick{'s' if tricks != 1 else ''}, {result}"
        out.append({"card": str(c), "name": name, "tricks": tricks, "result": result, "text": said})
    return out


def branch_title(deviations: Sequence[tuple[int, str, str]]) -> str:
    """``What if Belinda plays the King of Clubs at card 13`` (and each earlier departure).

    >>> branch_title([(0, "Ann", "the Ace of Spades"), (4, "Ben", "the Two of Hearts")])
    'What if Ann plays the Ace of Spades at card 1, and Ben plays the Two of Hearts at card 5'
    """
    return "What if " + ", and ".join(
        f"{who} plays {card} at card {step + 1}" for step, who, card in deviations
    )
