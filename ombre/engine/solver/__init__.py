"""A double-dummy solver for Ombre: every hand visible, best play by every side.

The Ombre plays against the two defenders, who are treated as one side.  Two
objectives are offered (:mod:`~ombre.engine.solver.objective`): ``"tricks"``, the
tricks the Ombre takes in the whole hand, and ``"outcome"``, his result from codille
to vole, the defenders minimising it jointly.

:func:`solve` gives the value of a position, :func:`analyse` the value of
every legal card (as bridge's play analysers do).  The search is alpha-beta
over the cards, run as zero-window tests ("can the Ombre reach at least k?"),
with the tools that make bridge solvers fast (:mod:`~ombre.engine.solver.search`).

>>> pos = Position.from_hands(["Ks 5c", "Kd 4d", "5h As"], trump="s", ombre=0, leader=0,
...                             won=(3, 2, 2))
>>> solve(pos), solve(pos, objective="outcome")
(4, <Result.WIN: 'win'>)
>>> {str(c): v for c, v in analyse(pos).items()}
{'Ks': 3, '5c': 4}
>>> {str(c): str(v) for c, v in analyse(pos, "outcome").items()}
{'Ks': 'codille', '5c': 'win'}

Leading the King of trumps loses a trick: Spadille, alone in the third hand,
need not be played to it (the matadors' privilege) and waits to beat it.

The package, one subject a module (this one re-exports their public names):

* :mod:`~ombre.engine.solver.objective`: the two objectives, the outcome ordinal;
* :mod:`~ombre.engine.solver.position`: :class:`Position` and its checks;
* :mod:`~ombre.engine.solver.tables`: the precomputed tables of the search;
* :mod:`~ombre.engine.solver.search`: :class:`Solver` and its search;
* :mod:`~ombre.engine.solver.analysis`: :func:`solve`, :func:`analyse`, the analysis of a whole play.
"""

from __future__ import annotations

from ombre.engine.solver.analysis import MoveAnalysis, analyse, analyse_game, analyse_play, solve, value_text
from ombre.engine.solver.objective import OUTCOME_ORDER, Objective, outcome_value
from ombre.engine.solver.position import Position, PositionError, random_position
from ombre.engine.solver.search import SearchStats, Solver

__all__ = [
    "Objective",
    "OUTCOME_ORDER",
    "PositionError",
    "Position",
    "Solver",
    "SearchStats",
    "solve",
    "analyse",
    "outcome_value",
    "random_position",
    "MoveAnalysis",
    "analyse_play",
    "analyse_game",
    "value_text",
]
