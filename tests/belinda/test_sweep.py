"""The sweep over the deals that fit the poem: unranking, figures, checkpoints, a kill and resume, Dask."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from ombre.belinda import CONSTRAINTS, consistent_play, count_deals, deal_is_consistent, draw_deal, replay
from ombre.belinda.sweep import (
    COLUMNS,
    SweepError,
    SweepSpec,
    read_checkpoint,
    read_data,
    run_sweep,
    shipped_sweep,
    sweep_chunk,
    write_data,
)
from ombre.cli import main

ROOT = Path(__file__).resolve().parents[2]
SPEC = SweepSpec("readings", "baron-second", "sample", deals=6, seed=3)


@pytest.fixture(scope="module")
def reference() -> tuple[tuple[int, ...], ...]:
    """The rows of SPEC, computed in this process."""
    return run_sweep(SPEC, workers=1, progress=False).rows


# --- the exact space: unranking ---------------------------------------------------------------------


def test_unrank_is_a_bijection_onto_the_deals_counted() -> None:
    st = replay("pole").state
    pins = {c: "Belinda" for c in st.hands_at_play[0]} | {c: "Baron" for c in st.hands_at_play[1]}
    count = count_deals(CONSTRAINTS, fixed=pins)
    deals = [count.unrank(r) for r in range(count.total)]
    assert len(set(deals)) == count.total == 1480
    for d in deals[:: count.total // 25]:
        assert set(d[0]) == set(st.hands_at_play[0])
        assert deal_is_consistent(d[:3], CONSTRAINTS)
    with pytest.raises(Exception, match="not between 0 and 1479"):
        count.unrank(count.total)
    # drawing a deal is unranking a number drawn uniformly
    assert draw_deal(count, 5) in deals


def test_the_reduced_space_weighs_up_to_the_count() -> None:
    count = count_deals(CONSTRAINTS)
    weights = [count.unrank_reduced(r)[1] for r in range(count.reduced_total())]
    assert sum(weights) == count.total and len(weights) == count.reduced_total()
    assert count.reduced_total() < count.total // 100


def test_the_knight_second_deals_are_by_seat() -> None:
    b = count_deals(CONSTRAINTS, baron_second=False)
    assert b.players == ("Belinda", "Knight", "Baron")
    deal = b.unrank(12345)
    play = consistent_play(deal[:3], CONSTRAINTS, baron_second=False)
    # trick 5: Belinda leads, the Knight plays second and the Baron third, with his Queen of Spades
    assert play is not None and play[4][2] in deal[2] and play[4][2].symbol == "Q♠"
    assert consistent_play(deal[:3], CONSTRAINTS) is None  # the same hands, seated the other way


# --- the figures -------------------------------------------------------------------------------------


def test_rows_depend_on_the_seed_and_number_alone(reference: tuple[tuple[int, ...], ...]) -> None:
    assert [r[0] for r in reference] == list(range(6))
    assert all(len(r) == len(COLUMNS) for r in reference)
    assert [tuple(r) for r in sweep_chunk(SPEC, [4, 2])] == [reference[4], reference[2]]
    other = run_sweep(
        SweepSpec("readings", "baron-second", "sample", deals=6, seed=4), workers=1, progress=False
    )
    assert [r[1] for r in other.rows] != [r[1] for r in reference]


def test_figures_agree_with_the_play() -> None:
    rows = sweep_chunk(SweepSpec("readings", "baron-second", deals=40, seed=1), range(40))
    col = {name: [r[COLUMNS.index(name)] for r in rows] for name in COLUMNS}
    # Belinda wins every deal that fits (iii.99-100), so from trick 9 on best play gives her five tricks
    assert set(col["tricks_9"]) == {5} and set(col["outcome_9"]) == {2}
    for r in rows:
        # a card that gives away tricks changes the value from one trick to the next by its cost at most
        for n in range(1, 9):
            t, t_next = r[COLUMNS.index(f"tricks_{n}")], r[COLUMNS.index(f"tricks_{n + 1}")]
            # (the defenders' mistakes can only add to it; her own take off at most what they cost)
            assert t_next >= t - r[COLUMNS.index(f"belinda_cost_{n}")]
        kc = r[COLUMNS.index("kc_tricks")]
        assert kc in (-1, r[COLUMNS.index("belinda_cost_5")])


# --- errors ---------------------------------------------------------------------------------------


def test_unknown_reading_or_seating() -> None:
    with pytest.raises(SweepError, match="unknown reading 'poem' .known: text, readings."):
        SweepSpec("poem", "baron-second")
    with pytest.raises(SweepError, match="unknown seating 'left'"):
        SweepSpec("text", "left")


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "--reading", "poem"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown reading 'poem'" in err


# --- checkpoints ----------------------------------------------------------------------------------


def test_resume_from_a_partial_checkpoint(tmp_path: Path, reference: tuple[tuple[int, ...], ...]) -> None:
    ckpt = tmp_path / "s.ckpt"
    part = run_sweep(SPEC, checkpoint=ckpt, workers=1, progress=False, limit=2, chunk=1)
    assert not part.complete and len(read_checkpoint(ckpt, SPEC)) == 2
    with ckpt.open("a") as fh:
        fh.write("[2,17,1,5")  # a write cut short by a kill
    full = run_sweep(SPEC, checkpoint=ckpt, workers=1, progress=False)
    assert full.rows == reference
    lines = ckpt.read_text().splitlines()
    assert len(lines) == 1 + 6 and sorted(json.loads(x)[0] for x in lines[1:]) == list(range(6))


def test_a_checkpoint_of_another_sweep_is_refused(tmp_path: Path) -> None:
    ckpt = tmp_path / "s.ckpt"
    run_sweep(SPEC, checkpoint=ckpt, workers=1, progress=False, limit=1)
    before = ckpt.read_text()
    other = SweepSpec("readings", "baron-second", "sample", deals=6, seed=4)
    with pytest.raises(SweepError, match="another sweep .seed 3 not 4.: refused, never merged"):
        run_sweep(other, checkpoint=ckpt, workers=1, progress=False)
    with pytest.raises(SweepError, match="another sweep .seating 'baron-second' not 'knight-second'"):
        run_sweep(SweepSpec("readings", "knight-second", deals=6, seed=3), checkpoint=ckpt, progress=False)
    header = json.loads(before.splitlines()[0])
    header["engine_version"] = "0.0.1"
    ckpt.write_text(json.dumps(header) + "\n" + "".join(x + "\n" for x in before.splitlines()[1:]))
    with pytest.raises(SweepError, match="written by ombre 0.0.1, not .*: refused"):
        run_sweep(SPEC, checkpoint=ckpt, workers=1, progress=False)
    ckpt.write_text("hello\n")
    with pytest.raises(SweepError, match="not a sweep checkpoint"):
        read_checkpoint(ckpt, SPEC)


def _sweep_command(ckpt: Path) -> list[str]:
    return [
        sys.executable, "-m", "ombre", "sweep", "--reading", "readings", "--deals", "6", "--seed", "3",
        "--workers", "1", "--chunk", "1", "--no-progress", "--checkpoint", str(ckpt),
    ]  # fmt: skip


#: the command line's sweep, stopped for good once two deals are in its checkpoint, so that the kill
#: lands mid-run however fast the search is (a kill timed by polling the file raced a fast run)
_STOPPED_AFTER_TWO = """
import sys, time
from ombre.belinda import sweep
from ombre.cli import main
add = sweep._Checkpoint.add
added = []
def add_then_stop(self, rows):
    add(self, rows)
    added.append(1)
    if len(added) == 2:
        time.sleep(3600)
sweep._Checkpoint.add = add_then_stop
sys.exit(main(sys.argv[1:]))
"""


def test_a_killed_run_resumes_with_identical_totals(
    tmp_path: Path, reference: tuple[tuple[int, ...], ...]
) -> None:
    ckpt = tmp_path / "killed.ckpt"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", _STOPPED_AFTER_TWO, *_sweep_command(ckpt)[3:]]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if ckpt.exists() and ckpt.read_text().count("\n") >= 3:  # the header and two deals
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert len(read_checkpoint(ckpt, SPEC)) < 6
    done = subprocess.run(_sweep_command(ckpt), env=env, capture_output=True, text=True, check=True)
    resumed = run_sweep(SPEC, checkpoint=ckpt, workers=1, progress=False)  # nothing left to do
    assert resumed.rows == reference
    assert resumed.content_hash() in done.stdout


# --- running elsewhere ------------------------------------------------------------------------------


def _distributed() -> ModuleType:
    """Dask distributed (``ombre[sweep]``): skipped where it is not installed, except in CI
    (``.ci/run`` sets OMBRE_REQUIRE_SWEEP=1, and the Makefile's venv installs the sweep extra)."""
    if os.environ.get("OMBRE_REQUIRE_SWEEP") == "1":
        import distributed

        return distributed
    return pytest.importorskip("distributed")


def test_local_worker_processes_give_the_same_rows(reference: tuple[tuple[int, ...], ...]) -> None:
    assert run_sweep(SPEC, workers=2, chunk=2, progress=False).rows == reference


def test_dask_local_cluster_gives_the_single_process_result(reference: tuple[tuple[int, ...], ...]) -> None:
    distributed = _distributed()
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cl:
        assert len(cl.workers) == 2
        result = run_sweep(SPEC, scheduler=cl, chunk=2, progress=False)
    assert result.rows == reference


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    _distributed()
    with pytest.raises(SweepError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run_sweep(SPEC, scheduler="tcp://127.0.0.1:9", progress=False)


# --- the data file ----------------------------------------------------------------------------------


def test_data_file_round_trip(tmp_path: Path, reference: tuple[tuple[int, ...], ...]) -> None:
    result = run_sweep(SPEC, workers=1, progress=False)
    path = tmp_path / "sweep.json"
    write_data(result, path, "python -m ombre sweep --reading readings --deals 6 --seed 3")
    back, command = read_data(path)
    assert back.rows == reference and back.spec == SPEC and command.endswith("--seed 3")
    assert back.header["space"]["deals"] == count_deals(CONSTRAINTS).total == 6_242_460
    path.write_text(path.read_text().replace("[0,", "[0 ,", 1).replace(",5,", ",4,", 1))
    with pytest.raises(SweepError, match="do not match their hash"):
        read_data(path)
    with pytest.raises(SweepError, match="not complete"):
        write_data(run_sweep(SPEC, workers=1, progress=False, limit=1), path, "x")


SHIPPED = sorted(p.stem for p in (ROOT / "ombre" / "belinda" / "data").glob("sweep-*.json"))


def test_both_readings_are_shipped_for_the_books_seating() -> None:
    assert {"sweep-text-baron-second", "sweep-readings-baron-second"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_data_are_whole_samples_of_this_engine(name: str) -> None:
    result, command = shipped_sweep(name)
    assert result.complete and command.startswith("python -m ombre sweep")
    if result.spec.mode == "sample":
        assert result.spec.deals == 10_000 and result.spec.seed == 1
    else:  # every deal of the reduced space, weighed: the weights sum to the count
        assert sum(result.column("weight")) == result.header["space"]["deals"]
    # the space it samples is the count of the current constraints (the same under both seatings)
    reading = name.split("-")[1]
    assert result.header["space"]["deals"] == {"text": 370_068_580, "readings": 6_242_460}[reading]
    # its first rows are computed again, as they were
    assert [tuple(r) for r in sweep_chunk(result.spec, [0, 1])] == list(result.rows[:2])
