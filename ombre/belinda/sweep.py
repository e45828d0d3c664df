"""Every deal that fits the poem: the double-dummy figures of Belinda's game, swept over the exact space.

A sweep takes deals from the exact space that :func:`~ombre.belinda.counting.count_deals`
counts, for one reading of Pope (:data:`SWEEP_READINGS`) and one seating
(:data:`SEATINGS`), and solves each double dummy at
every step of the play Pope describes (:func:`deal_figures`).  Two modes:

``sample``
    ``deals`` deals drawn uniformly (with replacement) by unranking: deal
    ``i`` of seed ``s`` is :meth:`~ombre.belinda.counting.DealCount.unrank` of a number drawn from
    ``random.Random(f"ombre-sweep:{s}:{i}")``, so each deal depends on the
    seed and its number alone, whichever worker solves it.
``exact``
    every deal of the reduced space (:meth:`~ombre.belinda.counting.DealCount.reduced_total`), each
    weighed by the number of deals it stands for.

Results go to a checkpoint (JSON lines: a header, then one row a deal) as
they come, so a run killed at any moment resumes where it stopped, with no
deal lost or counted twice.  The work runs in this process, in local worker
processes, or on a Dask distributed cluster (``scheduler``); tqdm draws the
progress bar when it is installed.  Dask and tqdm are optional dependencies
(``pip install ombre[sweep]``), imported only when a sweep asks for them.

>>> spec = SweepSpec("readings", "baron-second", "sample", deals=2, seed=1)
>>> result = run_sweep(spec, workers=1, progress=False)
>>> [row[0] for row in result.rows], result.column("tricks_1")[0] >= 5
([0, 1], True)
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ombre.belinda.constraints import CONSTRAINTS, K_C, Constraint, text_constraints
from ombre.belinda.counting import Deal, DealCount, consistent_play, count_deals
from ombre.belinda.records import SPADES, BelindaError
from ombre.engine.solver import Position, Solver

__all__ = [
    "SweepError",
    "SWEEP_READINGS",
    "SEATINGS",
    "SWEEP_FORMAT",
    "COLUMNS",
    "SweepSpec",
    "SweepResult",
    "deal_figures",
    "run_sweep",
    "sweep_chunk",
    "read_checkpoint",
    "write_data",
    "read_data",
    "shipped_sweep",
    "shipped_sweeps",
]

#: The readings a sweep can take: the text constraints alone, or the text with both readings.
SWEEP_READINGS: dict[str, Callable[[], tuple[Constraint, ...]]] = {
    "text": text_constraints,
    "readings": lambda: CONSTRAINTS,
}

#: The seatings a sweep can take, by name: does the Baron play second?  Pope does not say who dealt,
#: so who sits on Belinda's right is an assumption; the book's reconstructions follow Pole, with the
#: Baron second (``baron_second`` of :func:`~ombre.belinda.counting.count_deals`).
SEATINGS: dict[str, bool] = {"baron-second": True, "knight-second": False}

#: The format of checkpoints and data files; a change of figures or columns raises it.
SWEEP_FORMAT = 1

Mode = Literal["sample", "exact"]

#: The figures of one deal, in the order of a row.  ``tricks_N`` and ``outcome_N``: Belinda's
#: tricks in the hand and her result (0 codille, 1 repuesto, 2 win, 3 vole) with best play from
#: the start of trick N; ``belinda_cost_N`` / ``baron_cost_N``: the tricks the card each played
#: to trick N gave away against the best card (for Belinda, hers; for the Baron, the defenders');
#: ``kc_tricks`` / ``kc_outcome``: what leading the King of Clubs to trick 5 cost Belinda (-1: the
#: King of Clubs is the third player's card); ``weight``: the deals the row stands for.
COLUMNS: tuple[str, ...] = (
    "deal",
    "rank",
    "weight",
    *(f"tricks_{n}" for n in range(1, 10)),
    *(f"outcome_{n}" for n in range(1, 10)),
    *(f"belinda_cost_{n}" for n in range(1, 10)),
    *(f"baron_cost_{n}" for n in range(1, 10)),
    "kc_tricks",
    "kc_outcome",
)

_DEFAULT_CHUNK = 8


class SweepError(BelindaError):
    """A sweep that cannot run: an unknown reading or seating, a checkpoint of another sweep, no scheduler."""


def _version() -> str:
    import ombre

    return str(ombre.__version__)


@dataclass(frozen=True)
class SweepSpec:
    """What a sweep computes: reading, seating, mode, number of deals (a sample's) and seed.

    >>> SweepSpec("poem", "baron-second")
    Traceback (most recent call last):
    ...
    ombre.belinda.sweep.SweepError: unknown reading 'poem' (known: text, readings)
    """

    reading: str
    seating: str
    mode: Mode = "sample"
    deals: int = 10_000
    seed: int = 0

    def __post_init__(self) -> None:
        if self.reading not in SWEEP_READINGS:
            raise SweepError(f"unknown reading {self.reading!r} (known: {', '.join(SWEEP_READINGS)})")
        if self.seating not in SEATINGS:
            raise SweepError(f"unknown seating {self.seating!r} (known: {', '.join(SEATINGS)})")
        if self.mode not in ("sample", "exact"):
            raise SweepError(f"unknown mode {self.mode!r} (use 'sample' or 'exact')")
        if self.mode == "sample" and self.deals < 1:
            raise SweepError(f"a sample needs at least one deal, not {self.deals}")

    def header(self) -> dict[str, Any]:
        """What identifies the sweep in a checkpoint or data file."""
        spec = asdict(self)
        if self.mode == "exact":
            spec["deals"] = self.size()
            spec["seed"] = None
        return {"ombre-sweep": SWEEP_FORMAT, "engine_version": _version(), "spec": spec}

    def size(self) -> int:
        """The number of rows the sweep makes."""
        return self.deals if self.mode == "sample" else _count(self.reading, self.seating).reduced_total()


@cache
def _count(reading: str, seating: str) -> DealCount:
    return count_deals(SWEEP_READINGS[reading](), baron_second=SEATINGS[seating])


def _position(hands: Sequence[Sequence[Any]], leader: int, won: tuple[int, int, int]) -> Position:
    hs = tuple(tuple(h) for h in hands)
    return Position((hs[0], hs[1], hs[2]), SPADES, 0, leader, (), won)


def deal_figures(deal: Deal, constraints: Iterable[Constraint], baron_second: bool = True) -> list[int]:
    """The figures of one deal (the columns of :data:`COLUMNS` from ``tricks_1`` on).

    The play is the first one that fits the constraints
    (:func:`~ombre.belinda.counting.consistent_play`); where Pope names no card, it
    takes each hand's cards in the deck's order, so a figure about a small card is
    about that choice.  ``deal``: the hands by seat (see
    :meth:`~ombre.belinda.counting.DealCount.unrank`); Belinda is the Ombre in seat 0, and the
    Baron in seat 1 when ``baron_second``, else in seat 2.
    """
    play = consistent_play(deal[:3], constraints, baron_second)
    if play is None:
        raise SweepError("no play of this deal fits the constraints")
    baron = 1 if baron_second else 2
    tricks_solver = Solver(SPADES, 0, "tricks")
    outcome_solver = Solver(SPADES, 0, "outcome")
    hands = [list(h) for h in deal[:3]]
    won = [0, 0, 0]
    leader = 0
    tricks_at: list[int] = []
    outcome_at: list[int] = []
    belinda_cost = [0] * 9
    baron_cost = [0] * 9
    kc_tricks = kc_outcome = -1
    for n, cards in enumerate(play, start=1):
        pos = _position(hands, leader, (won[0], won[1], won[2]))
        tricks_at.append(tricks_solver.value(pos))
        outcome_at.append(outcome_solver.value(pos))
        for card in cards:
            seat = pos.to_move
            if seat in (0, baron):
                values = tricks_solver.analyse(pos)
                if seat == 0:
                    belinda_cost[n - 1] = max(values.values()) - values[card]
                else:
                    baron_cost[n - 1] = values[card] - min(values.values())
                if n == 5 and seat == 0 and card == K_C:
                    kc_tricks = max(values.values()) - values[card]
                    outcomes = outcome_solver.analyse(pos)
                    kc_outcome = max(outcomes.values()) - outcomes[card]
            pos = pos.play(card)
        for seat in range(3):
            hands[seat] = list(pos.hands[seat])
        winner = pos.leader
        won[winner] += 1
        leader = winner
    return [*tricks_at, *outcome_at, *belinda_cost, *baron_cost, kc_tricks, kc_outcome]


def _deal(spec: SweepSpec, i: int) -> tuple[int, int, Deal]:
    """Deal number ``i`` of the sweep: (rank, weight, deal)."""
    count = _count(spec.reading, spec.seating)
    if spec.mode == "sample":
        rank = random.Random(f"ombre-sweep:{spec.seed}:{i}").randrange(count.total)
        return rank, 1, count.unrank(rank)
    deal, weight = count.unrank_reduced(i)
    return i, weight, deal


def sweep_chunk(spec: SweepSpec, numbers: Sequence[int]) -> list[list[int]]:
    """The rows of the deals ``numbers`` (what one worker computes at a time)."""
    cons = SWEEP_READINGS[spec.reading]()
    rows = []
    for i in numbers:
        rank, weight, deal = _deal(spec, i)
        rows.append([i, rank, weight, *deal_figures(deal, cons, SEATINGS[spec.seating])])
    return rows


@dataclass(frozen=True)
class SweepResult:
    """A sweep's rows (sorted by deal number) and what identifies it."""

    spec: SweepSpec
    header: dict[str, Any]
    rows: tuple[tuple[int, ...], ...]

    def column(self, name: str) -> list[int]:
        """One column of every row (see :data:`COLUMNS`)."""
        if name not in COLUMNS:
            raise SweepError(f"unknown column {name!r}")
        j = COLUMNS.index(name)
        return [row[j] for row in self.rows]

    @property
    def complete(self) -> bool:
        """Every deal of the sweep has its row."""
        return len(self.rows) == self.spec.size()

    def records(self) -> list[dict[str, int]]:
        """Every row as a mapping from column name to value."""
        return [dict(zip(COLUMNS, row, strict=True)) for row in self.rows]

    def share(self, test: Callable[[dict[str, int]], bool]) -> tuple[int, int]:
        """``(hits, total)``: the deals (weighed) for which ``test`` holds, and all the deals.

        For a sample, each row weighs one (give the pair to a Wilson interval); for an exact
        sweep, rows weigh the deals they stand for and the share is exact.
        """
        hits = total = 0
        for rec in self.records():
            total += rec["weight"]
            hits += rec["weight"] if test(rec) else 0
        return hits, total

    def content_hash(self) -> str:
        """SHA-256 of the rows as canonical JSON: equal for equal results, however they were run."""
        return _rows_hash(self.rows)


def _rows_hash(rows: Iterable[Sequence[int]]) -> str:
    text = json.dumps([list(r) for r in rows], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# ---------------------------------------------------------------------------
# The checkpoint: a header line, then one row a line, appended as results come
# ---------------------------------------------------------------------------


def read_checkpoint(path: str | Path, spec: SweepSpec) -> dict[int, tuple[int, ...]]:
    """The rows already in a checkpoint, by deal number; a checkpoint of another sweep is refused.

    A line cut short by a kill (no newline at its end) is dropped from the file.
    """
    p = Path(path)
    if not p.exists():
        return {}
    data = p.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with p.open("r+b") as fh:  # the last write was cut short: drop it
            fh.truncate(end)
        data = data[:end]
    lines = data.decode("utf-8").splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as e:
        raise SweepError(f"{p}:1: not a sweep checkpoint ({e.msg})") from None
    _check_header(header, spec, f"{p}:1")
    rows: dict[int, tuple[int, ...]] = {}
    for lineno, line in enumerate(lines[1:], start=2):
        try:
            row = tuple(json.loads(line))
        except json.JSONDecodeError as e:
            raise SweepError(f"{p}:{lineno}: a row that is not JSON ({e.msg})") from None
        if len(row) != len(COLUMNS) or not all(isinstance(x, int) for x in row):
            raise SweepError(f"{p}:{lineno}: a row of {len(row)} values, not {len(COLUMNS)} integers")
        old = rows.setdefault(row[0], row)
        if old != row:
            raise SweepError(
                f"{p}:{lineno}: deal {row[0]} is in the checkpoint twice, with different figures"
            )
    return rows


def _check_header(header: object, spec: SweepSpec, where: str) -> None:
    want = spec.header()
    if not isinstance(header, dict) or "ombre-sweep" not in header:
        raise SweepError(f"{where}: not a sweep checkpoint (no 'ombre-sweep' header)")
    if header.get("ombre-sweep") != want["ombre-sweep"]:
        raise SweepError(
            f"{where}: a checkpoint of format {header.get('ombre-sweep')}, not {want['ombre-sweep']}: "
            "refused, start a new one"
        )
    if header.get("engine_version") != want["engine_version"]:
        raise SweepError(
            f"{where}: written by ombre {header.get('engine_version')}, not {want['engine_version']}: "
            "refused (its figures may differ), start a new one"
        )
    theirs = header.get("spec")
    if theirs != want["spec"]:
        diff = ", ".join(
            f"{k} {theirs.get(k)!r} not {v!r}" if isinstance(theirs, dict) else k
            for k, v in want["spec"].items()
            if not isinstance(theirs, dict) or theirs.get(k) != v
        )
        raise SweepError(f"{where}: the checkpoint is of another sweep ({diff}): refused, never merged")


class _Checkpoint:
    """Appends rows to the checkpoint file, each batch in one write, flushed to disk."""

    def __init__(self, path: Path, spec: SweepSpec, fresh: bool) -> None:
        self.fh = path.open("a", encoding="utf-8")
        if fresh:
            self.fh.write(json.dumps(spec.header(), sort_keys=True) + "\n")
            self._sync()

    def _sync(self) -> None:
        self.fh.flush()
        os.fsync(self.fh.fileno())

    def add(self, rows: Iterable[Sequence[int]]) -> None:
        text = "".join(json.dumps(list(r), separators=(",", ":")) + "\n" for r in rows)
        self.fh.write(text)
        self._sync()

    def close(self) -> None:
        self.fh.close()


# ---------------------------------------------------------------------------
# Running: in this process, in local worker processes, or on a Dask cluster
# ---------------------------------------------------------------------------


def _chunks(numbers: Sequence[int], size: int) -> list[list[int]]:
    return [list(numbers[k : k + size]) for k in range(0, len(numbers), size)]


def _run_here(spec: SweepSpec, chunks: list[list[int]]) -> Iterator[list[list[int]]]:
    for chunk in chunks:
        yield sweep_chunk(spec, chunk)


def _run_local(spec: SweepSpec, chunks: list[list[int]], workers: int) -> Iterator[list[list[int]]]:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(sweep_chunk, spec, chunk) for chunk in chunks]
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()


def _run_dask(spec: SweepSpec, chunks: list[list[int]], scheduler: Any) -> Iterator[list[list[int]]]:
    """Connect first (so that an unreachable scheduler fails at once), then yield the chunks' rows."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise SweepError(
            "--scheduler needs Dask distributed: pip install 'ombre[sweep]' (dask[distributed])"
        ) from None
    if hasattr(scheduler, "submit"):
        client = scheduler  # a Client the caller owns
    else:
        try:  # an address, or a cluster object (LocalCluster)
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as e:
            raise SweepError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None

    def rows() -> Iterator[list[list[int]]]:
        try:
            futures = [client.submit(sweep_chunk, spec, chunk, pure=False) for chunk in chunks]
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            if client is not scheduler:
                client.close()

    return rows()


def _progress(total: int, done: int, enabled: bool) -> Any:
    """A tqdm bar (rate and ETA), or ``None`` when it is off or tqdm is not installed."""
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, initial=done, unit="deal", desc="sweep", smoothing=0.05)


def run_sweep(
    spec: SweepSpec,
    *,
    checkpoint: str | Path | None = None,
    workers: int | None = None,
    scheduler: Any = None,
    chunk: int = _DEFAULT_CHUNK,
    progress: bool = True,
    limit: int | None = None,
) -> SweepResult:
    """Run a sweep (or resume it from ``checkpoint``) and return its rows.

    ``workers``: local worker processes (default: every core; 1 runs in this
    process); ``scheduler``: a Dask scheduler's address (``tcp://host:8786``),
    a ``distributed.Client`` or a ``LocalCluster``, used instead of local
    processes.  ``limit`` stops after that many new deals (the result is
    then partial: :attr:`SweepResult.complete` is false).
    """
    if chunk < 1:
        raise SweepError(f"a chunk holds at least one deal, not {chunk}")
    path = Path(checkpoint) if checkpoint is not None else None
    done = read_checkpoint(path, spec) if path is not None else {}
    fresh = path is not None and (not path.exists() or path.stat().st_size == 0)
    unsolved = [i for i in range(spec.size()) if i not in done]
    if limit is not None:
        unsolved = unsolved[:limit]
    chunks = _chunks(unsolved, chunk)
    if scheduler is not None:
        if isinstance(scheduler, str) and not scheduler.strip():
            raise SweepError("an empty scheduler address")
        runs = _run_dask(spec, chunks, scheduler)
    else:
        n = workers if workers is not None else (os.cpu_count() or 1)
        if n < 1:
            raise SweepError(f"at least one worker, not {n}")
        runs = _run_here(spec, chunks) if n == 1 or len(chunks) <= 1 else _run_local(spec, chunks, n)
    store = _Checkpoint(path, spec, fresh) if path is not None else None
    bar = _progress(spec.size(), len(done), progress)
    try:
        for rows in runs:
            if store is not None:
                store.add(rows)
            for row in rows:
                done[row[0]] = tuple(row)
            if bar is not None:
                bar.update(len(rows))
    finally:
        if store is not None:
            store.close()
        if bar is not None:
            bar.close()
    return SweepResult(spec, spec.header(), tuple(done[i] for i in sorted(done)))


# ---------------------------------------------------------------------------
# The data file shipped with the package
# ---------------------------------------------------------------------------

_DATA = "data"


def write_data(result: SweepResult, path: str | Path, command: str) -> None:
    """Write a complete sweep as a data file: command, seed, engine version, rows and their hash."""
    if not result.complete:
        raise SweepError(f"the sweep is not complete ({len(result.rows)} of {result.spec.size()} deals)")
    out = {
        "about": "Double-dummy figures of Belinda's game over deals that fit Pope's lines "
        "(ombre.belinda.sweep); one row a deal, columns as named.",
        "command": command,
        **result.header,
        "columns": list(COLUMNS),
        "sha256": result.content_hash(),
        "rows": [list(r) for r in result.rows],
    }
    count = _count(result.spec.reading, result.spec.seating)
    # the space sampled, so that a reader (the book) needs no count of its own
    out["space"] = {
        "deals": count.total,
        "class_deals": count.class_deals,
        "reduced_deals": count.reduced_total(),
    }
    text = json.dumps({k: v for k, v in out.items() if k != "rows"}, indent=1, sort_keys=True)
    rows = ",\n".join(json.dumps(list(r), separators=(",", ":")) for r in result.rows)
    Path(path).write_text(text[:-2] + ',\n "rows": [\n' + rows + "\n ]\n}\n", encoding="utf-8")


def read_data(path: str | Path) -> tuple[SweepResult, str]:
    """A data file written by :func:`write_data`: the result and its command; its hash is checked.

    The result's ``header`` has the file's ``space``: the deals of the space sampled, its class-level
    deals and its reduced deals (:meth:`~ombre.belinda.counting.DealCount.reduced_total`).
    """
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise SweepError(f"{p}: cannot read the sweep data ({e})") from None
    if data.get("columns") != list(COLUMNS) or data.get("ombre-sweep") != SWEEP_FORMAT:
        raise SweepError(f"{p}: sweep data of another format")
    rows = tuple(tuple(r) for r in data["rows"])
    if _rows_hash(rows) != data.get("sha256"):
        raise SweepError(f"{p}: the rows do not match their hash")
    spec = SweepSpec(**data["spec"]) if data["spec"]["mode"] == "sample" else _exact_spec(data["spec"])
    header = {k: data[k] for k in ("ombre-sweep", "engine_version", "spec", "space") if k in data}
    return SweepResult(spec, header, rows), str(data["command"])


def _exact_spec(spec: dict[str, Any]) -> SweepSpec:
    return SweepSpec(spec["reading"], spec["seating"], "exact", 1, 0)


def shipped_sweeps() -> dict[tuple[str, str, str], tuple[SweepResult, str]]:
    """Every data file shipped in ``ombre/belinda/data/``, by (reading, seating, mode).

    >>> ("readings", "baron-second", "sample") in shipped_sweeps()
    True
    """
    from importlib import resources

    out: dict[tuple[str, str, str], tuple[SweepResult, str]] = {}
    for ref in sorted(resources.files("ombre.belinda").joinpath(_DATA).iterdir(), key=lambda r: r.name):
        if ref.name.startswith("sweep-") and ref.name.endswith(".json"):
            result, command = shipped_sweep(ref.name.removesuffix(".json"))
            out[result.spec.reading, result.spec.seating, result.spec.mode] = (result, command)
    return out


def shipped_sweep(name: str) -> tuple[SweepResult, str]:
    """A data file shipped in ``ombre/belinda/data/`` (``sweep-text-baron-second``, ...).

    >>> result, command = shipped_sweep("sweep-readings-baron-second")
    >>> command.startswith("python -m ombre sweep")
    True
    """
    from importlib import resources

    ref = resources.files("ombre.belinda").joinpath(f"{_DATA}/{name}.json")
    if not ref.is_file():
        raise SweepError(f"no shipped sweep {name!r}")
    with resources.as_file(ref) as p:
        return read_data(p)
