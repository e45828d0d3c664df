"""The solver's cost as an instruction count, which a busy machine does not change.

Usage::

    python benchmarks/instructions.py        # the first 30 benchmark deals
    python benchmarks/instructions.py 100    # the first 100

Prints one figure, ``solve_instructions_g value G``: the instructions that
solving ``random_position(0)`` ... ``random_position(N - 1)`` takes (a fresh
:class:`ombre.engine.solver.Solver` each, tricks objective), counted by valgrind's
callgrind, less those of a run that only imports.  Unlike ``solve_median_ms``
the count is the same from run to run, so it shows gains of 1% that timings on
a shared machine hide.  It needs ``valgrind`` on the PATH and takes about a
minute for 30 deals; it is never part of the tests.
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
if {solve}:
    for p in deals:
        Solver(p.trump, p.ombre).value(p)
"""


def count(n: int, solve: bool) -> int:
    """Instructions of one run of :data:`SOLVE` under callgrind."""
    code = SOLVE.format(n=n, solve=solve)
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind failed: {run.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and not args[0].isdigit()):
        print("usage: python benchmarks/instructions.py [DEALS]", file=sys.stderr)
        return 2
    n = int(args[0]) if args else 30
    if shutil.which("valgrind") is None:
        print("benchmarks: valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 1
    try:
        solving = count(n, True) - count(n, False)
    except RuntimeError as err:
        print(f"benchmarks: {err}", file=sys.stderr)
        return 1
    print(f"solve_instructions_g {solving / 1e9:.3f} G", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
