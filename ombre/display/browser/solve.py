"""The double-dummy solver on seeded deals, in the reader's browser: the benchmark's own deals.

``benchmarks/run.py --only browser`` solves the deals ``bench_solve`` solves
(:func:`ombre.engine.solver.random_position` of seeds 0-99) in the worker and in CPython, by
this one function, so the two figures measure the same work.

>>> out = seeded([1, 2])
>>> len(out["tricks"]), len(out["ms"]), all(0 <= t <= 9 for t in out["tricks"])
(2, 2, True)
>>> seeded([1] * 1001)
Traceback (most recent call last):
...
ombre.errors.OmbreError: at most 1000 seeds at a time, not 1001
"""

from __future__ import annotations

import time
from typing import Any

from ombre.engine.solver import Solver, random_position
from ombre.errors import OmbreError

__all__ = ["seeded", "METHODS"]

MAX_SEEDS = 1000


def seeded(seeds: list[int], repeats: int = 1) -> dict[str, Any]:
    """Each seed's deal solved from the first lead (tricks for the Ombre) by a fresh
    :class:`~ombre.engine.solver.search.Solver`: the values, and each deal's best time of
    ``repeats`` solves in ms."""
    if not isinstance(seeds, list) or not all(isinstance(s, int) and s >= 0 for s in seeds):
        raise OmbreError("seeds must be a list of whole numbers from 0")
    if len(seeds) > MAX_SEEDS:
        raise OmbreError(f"at most {MAX_SEEDS} seeds at a time, not {len(seeds)}")
    if not isinstance(repeats, int) or not 1 <= repeats <= 10:
        raise OmbreError(f"repeats must be from 1 to 10, not {repeats!r}")
    deals = [random_position(s) for s in seeds]
    if deals:
        Solver(deals[0].trump, deals[0].ombre).value(deals[0])  # warm the shared tables
    tricks: list[int] = []
    ms = [float("inf")] * len(deals)
    for _ in range(repeats):
        tricks = []
        for i, pos in enumerate(deals):
            t0 = time.perf_counter()
            tricks.append(Solver(pos.trump, pos.ombre).value(pos))
            ms[i] = min(ms[i], (time.perf_counter() - t0) * 1000)
    return {"tricks": tricks, "ms": ms}


#: what the page may ask of this module, by name
METHODS = {"seeded": seeded}
