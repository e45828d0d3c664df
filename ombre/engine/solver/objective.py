"""What the solver computes: the two objectives, and the Ombre's results as an ordinal.

The Ombre plays against the two defenders, who are treated as one side.  Two
objectives are offered:

``"tricks"``
    The number of tricks the Ombre takes in the whole hand (those already won
    and those to come) when he maximises it and the defenders, together,
    minimise it.

``"outcome"``
    The Ombre's result, ordered from his side: codille < repuesto < win <
    vole (:data:`OUTCOME_ORDER`).  The Ombre maximises it; the defenders
    *jointly minimise* it.  This is a declared simplification: codille pays
    only the defender with most tricks, so in a real game a defender may
    prefer a repuesto (which keeps the stake on the table) to his partner's
    codille.  Minimising jointly is the Ombre's worst case: a hand the Ombre
    wins under this objective he wins against any defence.
"""

from __future__ import annotations

from typing import Literal

from ombre.engine.rules import Result

__all__ = ["Objective", "OUTCOME_ORDER", "outcome_value"]

#: What the solver values: the Ombre's tricks or his result (see the module's introduction).
Objective = Literal["tricks", "outcome"]

#: The Ombre's results from worst to best: the ordinal used by the ``"outcome"`` objective.
OUTCOME_ORDER: tuple[Result, Result, Result, Result] = (
    Result.CODILLE,
    Result.REPUESTO,
    Result.WIN,
    Result.VOLE,
)


def outcome_value(result: Result) -> int:
    """The ordinal of a result under the ``"outcome"`` objective (codille 0 ... vole 3).

    >>> outcome_value(Result.WIN), outcome_value(Result.CODILLE)
    (2, 0)
    """
    return OUTCOME_ORDER.index(result)
