"""The solver's answers: the value of a position, of every legal card, and of every card of a play.

:func:`solve` and :func:`analyse` answer for one position, each with a fresh :class:`Solver`;
:func:`analyse_play` and :func:`analyse_game` go through a whole play card by card with one
solver (one transposition table), giving a :class:`MoveAnalysis` for each card played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

from ombre.engine.cards import Card, Suit, as_card
from ombre.engine.rules import Result, why_illegal
from ombre.engine.solver.objective import OUTCOME_ORDER, Objective
from ombre.engine.solver.position import Position, PositionError, _check_position
from ombre.engine.solver.search import Solver

__all__ = ["solve", "analyse", "MoveAnalysis", "value_text", "analyse_play", "analyse_game"]


@overload
def solve(position: Position, objective: Literal["tricks"] = ...) -> int: ...
@overload
def solve(position: Position, objective: Literal["outcome"]) -> Result: ...
def solve(position: Position, objective: Objective = "tricks") -> int | Result:
    """The value of ``position`` with best play by both sides.

    ``"tricks"``: how many tricks the Ombre takes in the whole hand (those
    already won included).  ``"outcome"``: the Ombre's result when the
    defenders jointly minimise it (see the module docstring).

    >>> p = Position.from_hands(["3h 5h", "Qd Kc", "4h 7c"], trump="s", ombre=0, leader=0, won=(3, 2, 2))
    >>> solve(p), solve(p, "outcome")
    (5, <Result.WIN: 'win'>)
    """
    _check_position(position)
    s = Solver(position.trump, position.ombre, objective)
    v = s.value(position)
    return OUTCOME_ORDER[v] if objective == "outcome" else v


@overload
def analyse(position: Position, objective: Literal["tricks"] = ...) -> dict[Card, int]: ...
@overload
def analyse(position: Position, objective: Literal["outcome"]) -> dict[Card, Result]: ...
def analyse(position: Position, objective: Objective = "tricks") -> dict[Card, int] | dict[Card, Result]:
    """The value of every legal card of the seat to move (see :func:`solve` for the values).

    >>> p = Position.from_hands(["3h 5h", "Qd Kc", "4h 7c"], trump="s", ombre=0, leader=0, won=(3, 2, 2))
    >>> {str(c): v for c, v in analyse(p).items()}
    {'3h': 5, '5h': 3}
    """
    _check_position(position)
    s = Solver(position.trump, position.ombre, objective)
    values = s.analyse(position)
    if objective == "outcome":
        return {c: OUTCOME_ORDER[v] for c, v in values.items()}
    return values


@dataclass(frozen=True)
class MoveAnalysis:
    """The solver's view of one card played: the value of every legal card at that moment.

    Values are from the Ombre's side (his tricks in the hand, or the outcome
    ordinal); the Ombre wants them high, the defenders low.  ``best`` is the
    best value for the player to move; :attr:`cost` how much the card played
    gave away (0 for a best card).
    """

    step: int  # 0-based count of cards played before this one
    trick: int  # 1-based
    seat: int
    ombre_to_move: bool
    card: Card
    values: Mapping[Card, int] = field(repr=False)
    value: int
    best: int
    best_cards: tuple[Card, ...]
    objective: Objective

    @property
    def cost(self) -> int:
        """How much worse (for the player to move) the card played is than the best card."""
        return abs(self.best - self.value)

    @property
    def best_alternative(self) -> tuple[Card, int] | None:
        """The best card other than the one played, with its value (``None`` if the card was forced)."""
        others = [(c, v) for c, v in self.values.items() if c != self.card]
        if not others:
            return None
        if self.ombre_to_move:
            return max(others, key=lambda cv: cv[1])
        return min(others, key=lambda cv: cv[1])


def value_text(value: int, objective: Objective) -> str:
    """A value as words: ``5 tricks`` or ``win``.

    >>> value_text(1, "tricks"), value_text(0, "outcome")
    ('1 trick', 'codille')
    """
    if objective == "outcome":
        return OUTCOME_ORDER[value].value
    return f"{value} trick{'s' if value != 1 else ''}"


def analyse_play(
    hands: Sequence[Iterable[Card | str] | str],
    trump: Suit | str,
    ombre: int,
    leader: int,
    plays: Iterable[Card | str],
    objective: Objective = "tricks",
    won: Sequence[int] = (0, 0, 0),
) -> list[MoveAnalysis]:
    """Analyse every card of a play from a starting position: each card's value and the best one.

    One solver (one transposition table) serves the whole play.

    >>> steps = analyse_play(["Ks 5c", "Kd 4d", "5h As"], "s", 0, 0, ["Ks", "4d", "As"], won=(3, 2, 2))
    >>> [(str(m.card), m.value, m.best, m.cost) for m in steps]
    [('Ks', 3, 4, 1), ('4d', 3, 3, 0), ('As', 3, 3, 0)]
    """
    pos = Position.from_hands(hands, trump, ombre, leader, won=won)
    solver = Solver(pos.trump, ombre, objective)
    out: list[MoveAnalysis] = []
    for step, raw in enumerate(plays):
        card = as_card(raw, pos.trump)
        values = solver.analyse(pos)
        if card not in values:
            seat = pos.to_move
            reason = why_illegal(pos.hands[seat], pos.trick, card, pos.trump) or "not legal here"
            raise PositionError(f"card {step + 1} ({card}): seat {seat} cannot play it: {reason}")
        is_ombre = pos.to_move == ombre
        best = max(values.values()) if is_ombre else min(values.values())
        trick = 10 - pos.tricks_left
        out.append(
            MoveAnalysis(
                step,
                trick,
                pos.to_move,
                is_ombre,
                card,
                values,
                values[card],
                best,
                tuple(c for c, v in values.items() if v == best),
                objective,
            )
        )
        pos = pos.play(card)
    return out


def analyse_game(
    state: object, objective: Objective = "tricks", *, cards: int | None = None
) -> list[MoveAnalysis]:
    """Analyse every card played in a :class:`ombre.engine.game.GameState` (a replayed record, say).

    The play is taken from the hands as they stood at the first lead and the
    tricks played since (the current unfinished trick included); ``cards``, if
    given, analyses only that many of the first cards played.
    """
    from ombre.engine.game import GameState

    if not isinstance(state, GameState):
        raise PositionError(f"expected a GameState, not {type(state).__name__}")
    if state.trump is None or state.ombre is None:
        raise PositionError("the hand never reached the play: there is nothing to analyse")
    plays = [c for t in state.tricks for c in t.cards]
    current = state.current_trick
    if current is not None:
        plays += list(current.cards)
    if cards is not None:
        plays = plays[:cards]
    leader = state.tricks[0].leader if state.tricks else (current.leader if current is not None else None)
    if leader is None:
        return []
    return analyse_play(state.hands_at_play, state.trump, state.ombre, leader, plays, objective)
