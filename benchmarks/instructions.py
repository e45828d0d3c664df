"""The engine's cost as an instruction count, which a busy machine does not change.

Usage::

    python benchmarks/instructions.py                  # the solver, the first 30 benchmark deals
    python benchmarks/instructions.py 100              # the first 100
    python benchmarks/instructions.py --playouts       # random playouts, 2,000 hands
    python benchmarks/instructions.py --playouts 5000  # 5,000 hands
    python benchmarks/instructions.py --batch          # the batch engine (numpy), 51,200 hands
    python benchmarks/instructions.py --mc-bid         # the Monte Carlo player's bid, 10 of them
    python benchmarks/instructions.py --mc-bid-batch   # the same bids, rollouts in a batch (numpy)

Prints one figure.  For the solver, ``solve_instructions_g value G``: the
instructions that solving ``random_position(0)`` ... ``random_position(N - 1)``
takes (a fresh :class:`ombre.engine.solver.Solver` each, tricks objective).
For the playouts, ``playout_instructions_k value K``: the instructions of
``_core.playouts(N, seed=1)`` (the run ``benchmarks/run.py`` times) per hand; for the
batch engine, ``batch_instructions_k``, those of ``ombre.batch.playouts(N, seed=1)`` a hand
(numpy's memory traffic, a large part of its time, is not in the count).
For the Monte Carlo player's bid, ``mc_bid_instructions_m`` (``mc_bid_batch_instructions_m`` with its
rollouts in a batch): the instructions a bid, over the views ``benchmarks/run.py``'s ``mc_bid`` times
(deal ``mc-bid-I``, the eldest hand to speak first).
Each is counted by valgrind's callgrind, less those of a run that only imports.
Unlike ``solve_median_ms`` and ``playouts_per_s`` the count is the same from run
to run, so it shows gains of 1% that timings on a shared machine hide.  It needs
``valgrind`` on the PATH and takes about a minute; it is never part of the tests.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SOLVE = """
from ombre.engine.solver import Solver, random_position
deals = [random_position(seed) for seed in range({n})]
if {run}:
    for p in deals:
        Solver(p.trump, p.ombre).value(p)
"""

PLAYOUTS = """
from ombre.engine import _core
if {run}:
    _core.playouts({n}, seed=1)
"""

BATCH = """
from ombre import batch
batch.playouts(64, seed=0)
if {run}:
    batch.playouts({n}, seed=1)
"""

MC_BID = """
from ombre.engine.game import Deal, GameState
from ombre.engine.players import make_player
{make}
deals = [Deal.random(seed=f"mc-bid-{{i}}", dealer=i % 3) for i in range({n})]
views = [GameState(d).view(d.eldest) for d in deals]
make(0).choose(views[0])
if {run}:
    for i, view in enumerate(views):
        make(i).choose(view)
"""
MC_BID_SCALAR = "make = lambda i: make_player('monte-carlo', seed=i)"
MC_BID_BATCH = "from ombre.batch import monte_carlo_player as make"


def count(template: str, n: int, run: bool) -> int:
    """Instructions of one run of ``template`` (:data:`SOLVE` or :data:`PLAYOUTS`) under callgrind."""
    code = template.format(n=n, run=run)
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code]
    run_ = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run_.stderr)
    if run_.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind failed: {run_.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    modes = ("--playouts", "--batch", "--mc-bid", "--mc-bid-batch")
    mode = args[0] if args and args[0] in modes else ""
    if mode:
        args = args[1:]
    if len(args) > 1 or (args and not args[0].isdigit()):
        print(f"usage: python benchmarks/instructions.py [{' | '.join(modes)}] [N]", file=sys.stderr)
        return 2
    n = (
        int(args[0])
        if args
        else {"--playouts": 2000, "--batch": 51_200, "--mc-bid": 10, "--mc-bid-batch": 10}.get(mode, 30)
    )
    if shutil.which("valgrind") is None:
        print("benchmarks: valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 1
    bids = {
        "--mc-bid": MC_BID.replace("{make}", MC_BID_SCALAR),
        "--mc-bid-batch": MC_BID.replace("{make}", MC_BID_BATCH),
    }
    template = {"--playouts": PLAYOUTS, "--batch": BATCH, **bids}.get(mode, SOLVE)
    try:
        cost = count(template, n, True) - count(template, n, False)
    except RuntimeError as err:
        print(f"benchmarks: {err}", file=sys.stderr)
        return 1
    if mode == "--playouts":
        print(f"playout_instructions_k {cost / n / 1e3:.1f} K", flush=True)
    elif mode == "--batch":
        print(f"batch_instructions_k {cost / n / 1e3:.1f} K", flush=True)
    elif mode in bids:
        name = "mc_bid_batch_instructions_m" if mode == "--mc-bid-batch" else "mc_bid_instructions_m"
        print(f"{name} {cost / n / 1e6:.1f} M", flush=True)
    else:
        print(f"solve_instructions_g {cost / 1e9:.3f} G", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
