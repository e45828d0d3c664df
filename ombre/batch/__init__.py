"""The batch engine: hands played many at once with numpy, the same hands as the scalar engine plays.

numpy is an optional dependency (``pip install ombre[batch]``), so this package stands outside the
engine, whose modules use the standard library alone (they run in Pyodide).  One subject a module:

* :mod:`ombre.batch.random_play`: random playouts, ``ombre.engine._core.playouts``'s hands
  (:func:`playouts`, :func:`play_batch`), for the probability lab;
* :mod:`ombre.batch.rule_of_thumb`: hands finished by the 1665 rule of thumb at every seat
  (:func:`finish_by_rule_of_thumb`), for the Monte Carlo player's bidding in tournaments and matches.
"""

from __future__ import annotations

from ombre.batch.random_play import play_batch, playouts
from ombre.batch.rule_of_thumb import FACTORIES, batch_rollouts, finish_by_rule_of_thumb, monte_carlo_player

__all__ = [
    "playouts",
    "play_batch",
    "finish_by_rule_of_thumb",
    "batch_rollouts",
    "monte_carlo_player",
    "FACTORIES",
]
