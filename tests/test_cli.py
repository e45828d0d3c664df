"""The command line, through ``ombre.cli.main`` and once through ``python -m ombre``."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ombre import cli
from ombre.engine.game import Deal
from ombre.engine.record import (
    check_records,
    example_text,
    read_record,
    read_record_file,
    read_records,
    replay_record,
    write_records,
)
from ombre.words import CONTROL

GOLDEN = Path(__file__).parent / "data" / "golden"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def specimen(tmp_path: Path) -> Path:
    path = tmp_path / "specimen.omb"
    path.write_text(example_text("specimen.omb"), encoding="utf-8")
    return path


def assert_one_line_error(status: int, out: str, err: str) -> str:
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.rstrip("\n")


# --------------------------------------------------------------------------- replay


def test_replay_prints_tricks_result_and_payments(specimen: Path) -> None:
    status, out, err = run("replay", str(specimen))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "A specimen hand (The Royal Game of the Ombre (1665))"
    assert "Trick 1: Ann 2s, Ben Ac, Cat As    won by Cat" in lines
    assert "Tricks won: Ann 5, Ben 3, Cat 1" in lines
    assert "Result: win" in lines
    assert "  Ann  +2 great marks, +8 lesser marks" in lines


def test_replay_json(specimen: Path) -> None:
    status, out, _ = run("replay", str(specimen), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["players"] == ["Ann", "Ben", "Cat"]
    assert [t["leader"] for t in data["tricks"]][:3] == ["Ann", "Cat", "Ann"]
    assert data["tricks"][0]["cards"] == ["2s", "Ac", "As"] and data["tricks"][0]["winner"] == "Cat"
    assert len(data["tricks"]) == 9
    assert data["tricks_won"] == {"Ann": 5, "Ben": 3, "Cat": 1}
    assert data["result"] == "win" and data["ombre"] == "Ann" and data["trump"] == "spades"
    assert data["rules"] == "1665"
    assert data["payments"]["Ben"] == {"great marks": -1, "lesser marks": -4}
    assert data["units"] == ["great marks", "lesser marks"]


def test_replay_several_games_and_game_option(tmp_path: Path) -> None:
    games = [read_record((GOLDEN / f"{n}.omb").read_text()) for n in ("codille-1665", "vole-declared-1665")]
    path = tmp_path / "two.omb"
    path.write_text(write_records(games), encoding="utf-8")
    status, out, _ = run("replay", str(path), "--json")
    assert status == 0
    both = json.loads(out)
    assert [g["result"] for g in both] == ["codille", "vole"]
    status, out, _ = run("replay", str(path), "--json", "--game", "2")
    assert status == 0 and json.loads(out)["result"] == "vole"
    status, out, _ = run("replay", str(path))
    assert status == 0 and "Result: codille" in out and "Result: vole" in out
    line = assert_one_line_error(*run("replay", str(path), "--game", "3"))
    assert line == f"ombre: {path}: --game 3, but the file holds 2 game(s)"
    line = assert_one_line_error(*run("replay", str(path), "--game", "0"))
    assert line == "ombre: argument --game: '0' must be 1 or more (try 'ombre replay --help')"


def test_replay_of_an_unfinished_record(tmp_path: Path) -> None:
    path = tmp_path / "fragment.omb"
    path.write_text(example_text("fragment.omb"), encoding="utf-8")
    status, out, _ = run("replay", str(path), "--json")
    data = json.loads(out)
    assert status == 0 and data["result"] is None and data["complete"] is False
    assert data["payments"] is None and data["unfinished_trick"] == {"leader": "Ann", "cards": ["Jd"]}
    status, out, _ = run("replay", str(path))
    assert "The record stops here (the hand is in the play phase)." in out


def test_replay_errors_are_one_located_line(tmp_path: Path, specimen: Path) -> None:
    bad = tmp_path / "bad.omb"
    bad.write_text(example_text("specimen.omb").replace("3. 7s Kh 5s", "3. 7s Xs 5s"), encoding="utf-8")
    line = assert_one_line_error(*run("replay", str(bad)))
    assert line == f"{bad}:24:7: 'Xs' is not a card (write e.g. As, 7h, Kd)"
    unplayable = tmp_path / "unplayable.omb"
    unplayable.write_text(
        example_text("specimen.omb").replace("3. 7s Kh 5s", "3. 7s 5s Kh"), encoding="utf-8"
    )
    line = assert_one_line_error(*run("replay", str(unplayable)))
    assert line == f"{unplayable}:24:7: trick 3: it is Ben's turn, not Cat's"


def test_a_renounce_replays_with_its_penalty(tmp_path: Path) -> None:
    status, out, _ = run("replay", str(GOLDEN / "renounce-1665.omb"), "--json")
    data = json.loads(out)
    assert status == 0
    assert data["renounces"] == [
        {
            "trick": 3,
            "player": "Ben",
            "card": "2s",
            "message": "trick 3: Ben must follow hearts (holds 3h 4h Jh Kh)",
        }
    ]
    assert {
        "from": "Ben",
        "to": "the pool",
        "amount": {"great marks": 3, "lesser marks": 4},
        "reason": "renounce: doubles the stake",
    } in data["transfers"]


# --------------------------------------------------------------------------- check


def test_check_clean(specimen: Path) -> None:
    status, out, err = run("check", str(specimen))
    assert (status, out) == (0, "")
    assert err == f"{specimen}: 1 game, no problems\n"


def test_check_lists_every_problem(tmp_path: Path) -> None:
    text = example_text("specimen.omb")
    text = text.replace("3. 7s Kh 5s", "3. 7s Kh Kc").replace("6s Qd Kc", "6s Qd 5s")  # renounces
    text += '\n[Players "A; B"]\n[Deal "As"]\nBidding: bid\n'
    path = tmp_path / "bad.omb"
    path.write_text(text, encoding="utf-8")
    status, out, err = run("check", str(path))
    assert status == 2 and err == ""
    assert out.splitlines() == [
        f"{path}:24:10: trick 3: Cat must play a trump: trumps were led (holds 5s)",
        f"{path}:25:10: trick 4: Cat must play a trump: trumps were led (holds 5s)",
        f"{path}:32:11: [Players] must name three players separated by ';', eldest hand first (found 2)",
        f"{path}:34:10: 'bid' is not a bid (the bids are pass, play, sans-prendre)",
    ]


def test_check_empty_file_and_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty.omb"
    empty.write_text("", encoding="utf-8")
    status, out, _ = run("check", str(empty))
    assert status == 2 and out.startswith(f"{empty}:1:1: no game found")
    monkeypatch.setattr(sys, "stdin", io.StringIO(example_text("specimen.omb")))
    assert run("check", "-")[0] == 0


# --------------------------------------------------------------------------- deal


def test_deal_prints_a_record_of_the_seeded_deal() -> None:
    status, out, _ = run("deal", "--seed", "42")
    assert status == 0
    [g] = read_records(out)
    deal = Deal.random(seed=42, dealer=2)
    assert [tuple(c.card for c in h) for h in g.deal.hands] == [deal.hands[0], deal.hands[1], deal.hands[2]]
    assert tuple(c.card for c in g.deal.stock) == deal.stock
    assert g.players == ("Eldest", "Middle", "Dealer") and g.rules == "1665"
    assert g.tag("Event") == "Random deal (seed 42)"
    assert run("deal", "--seed", "42")[1] == out  # deterministic
    assert run("deal", "--seed", "43")[1] != out


def test_deal_options() -> None:
    status, out, _ = run(
        "deal", "--seed", "1", "--rules", "court-gamester", "--players", "Belinda; The Baron; The Knight"
    )
    [g] = read_records(out)
    assert status == 0 and g.rules == "court-gamester" and g.dealer == "The Knight"
    line = assert_one_line_error(*run("deal", "--seed", "1", "--players", "A; B"))
    assert line.startswith("ombre: --players needs three different names")


# --------------------------------------------------------------------------- solve

_SPECIMEN_HEAD = example_text("specimen.omb").split("[Result")[0]


def test_solve_a_file_with_a_passed_hand_and_a_deal_only_goes_on_with_the_others(tmp_path: Path) -> None:
    passed = _SPECIMEN_HEAD + "Bidding: pass pass pass\n"
    fragment = example_text("fragment.omb")
    path = tmp_path / "multi.omb"
    path.write_text(
        "\n".join([example_text("specimen.omb"), passed, _SPECIMEN_HEAD, fragment]), encoding="utf-8"
    )
    status, out, err = run("solve", str(path))
    assert status == 0
    sections = out.split("\n\n")
    assert len(sections) == 4
    assert sections[1].splitlines() == [
        "A specimen hand",
        "All three passed: nobody played this hand, so there is nothing to solve.",
    ]
    assert sections[2].splitlines() == [
        "A specimen hand",
        "The record stops before the play (in the bidding phase), so there is nothing to solve.",
    ]
    assert sections[3].splitlines()[0] == "An unfinished hand, partly reconstructed"
    assert len([line for line in sections[3].splitlines() if line[:5].strip().isdigit()]) == 13
    assert err == (
        f"ombre: {path}: solved 2 of 4 games; skipped game 2 (all three passed: nobody played this hand), "
        "game 3 (the record stops before the play (in the bidding phase))\n"
    )


def test_solve_a_hand_with_no_card_played_yet(tmp_path: Path) -> None:
    path = tmp_path / "notrick.omb"
    path.write_text(_SPECIMEN_HEAD + "Bidding: play pass pass\nTrump: spades\n", encoding="utf-8")
    assert run("solve", str(path)) == (
        0,
        "A specimen hand\nNo card has been played yet, so there is nothing to solve.\n",
        "",
    )


def test_solve_stops_at_a_renounce_and_locates_it(tmp_path: Path) -> None:
    text = example_text("specimen.omb").split("7. 5h 2h 7c")[0].replace('[Result "win"]\n', "")
    path = tmp_path / "revoke.omb"
    path.write_text(text + "7. 5h Ad 7c\n", encoding="utf-8")
    assert run("check", str(path))[1] == f"{path}:27:7: trick 7: Ben must follow hearts (holds 2h)\n"
    status, out, err = run("solve", str(path))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[-2].split() == ["7", "Ann", "5h", "5", "tricks", "6c", "5", "tricks"]
    assert lines[-1] == (
        f"Renounce: {path}:27:7: trick 7: Ben must follow hearts (holds 2h). "
        "The solver plays by the rules, so it values no card from there on."
    )


def test_solve_keeps_the_conjectural_marks_and_aligns_the_columns() -> None:
    from importlib import resources

    path = str(resources.files("ombre.engine.record").joinpath("examples/fragment.omb"))
    status, out, _ = run("solve", path)
    lines = out.splitlines()
    assert status == 0
    assert lines[2] == "Some cards are conjectural (marked ? in the record)."
    assert lines[3] == "trick  player  card  value     best alternative"
    assert lines[4] == "    1  Ann     As    6 tricks  Ac 6 tricks"
    assert lines[11] == "    3  Ben     4c?   6 tricks  6s 6 tricks"
    assert lines[15] == "    4  Cat     3s?   6 tricks  Ks 6 tricks"
    path = str(resources.files("ombre.belinda").joinpath("records/belinda-1-pole.omb"))
    status, out, _ = run("solve", path)
    assert status == 0
    assert [line.split()[:3] for line in out.splitlines() if line.startswith("    1  ")] == [
        ["1", "Belinda", "As"],
        ["1", "Baron", "5s?"],
        ["1", "Knight", "4s?"],
    ]


# --------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], "ombre: the following arguments are required: COMMAND (try 'ombre --help')"),
        (["deal"], "ombre: the following arguments are required: --seed (try 'ombre deal --help')"),
        (
            ["deal", "--seed", "x"],
            "ombre: argument --seed: 'x' is not a whole number (try 'ombre deal --help')",
        ),
        (
            ["deal", "--seed", "1", "--rules", "hoyle"],
            "ombre: unknown rule set 'hoyle' (known: 1665, court-gamester)",
        ),
        (["replay"], "ombre: the following arguments are required: FILE (try 'ombre replay --help')"),
        (["replay", "/no/such/file.omb"], "ombre: /no/such/file.omb: no such file"),
        (["check", "/no/such/file.omb"], "ombre: /no/such/file.omb: no such file"),
        (["replay", "x.omb", "--colour"], "ombre: unrecognized arguments: --colour (try 'ombre --help')"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(argv: list[str], expected: str) -> None:
    assert assert_one_line_error(*run(*argv)) == expected


def test_unknown_subcommand() -> None:
    line = assert_one_line_error(*run("frobnicate"))
    assert line.startswith(
        "ombre: argument COMMAND: invalid choice: 'frobnicate' (choose from 'replay', 'check', 'deal'"
    )
    assert line.endswith("(try 'ombre --help')")


def test_directory_and_binary_files(tmp_path: Path) -> None:
    assert (
        assert_one_line_error(*run("check", str(tmp_path)))
        == f"ombre: {tmp_path}: is a directory, not a record file"
    )
    # decode reads braille, so its message names a braille file
    assert (
        assert_one_line_error(*run("decode", str(tmp_path)))
        == f"ombre: {tmp_path}: is a directory, not a braille file"
    )
    binary = tmp_path / "x.omb"
    binary.write_bytes(b"\xff\xfe\x00")
    assert assert_one_line_error(*run("replay", str(binary))) == f"ombre: {binary}: not a UTF-8 text file"


def test_a_seed_too_long_is_called_too_long_not_a_fraction() -> None:
    # Python refuses to convert more than 4,300 digits; the number is whole all the same
    line = assert_one_line_error(*run("deal", "--seed", "7" * 5000))
    assert line.startswith("ombre: argument --seed: a number of 5,000 digits is too long (at most ")
    assert len(line) < 200  # the number is not echoed
    assert "is not a whole number" in assert_one_line_error(*run("deal", "--seed", "7.5"))
    assert "5,000 digits is too long" in assert_one_line_error(*run("replay", "--game", "7" * 5000, "x.omb"))


@pytest.mark.parametrize("command", ["replay", "check", "solve", "decode"])
def test_only_regular_files_are_read(tmp_path: Path, command: str) -> None:
    # a FIFO with no writer once blocked for ever; /dev/zero never ends
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    kind = "braille file" if command == "decode" else "record file"
    line = assert_one_line_error(*run(command, str(fifo)))
    assert line == f"ombre: {fifo}: is a named pipe (FIFO), not a {kind}"
    line = assert_one_line_error(*run(command, "/dev/zero"))
    assert line == f"ombre: /dev/zero: is a device, not a {kind}"


def test_a_file_larger_than_the_cap_is_refused_and_the_cap_can_be_raised(specimen: Path) -> None:
    size = specimen.stat().st_size
    line = assert_one_line_error(*run("check", "--max-bytes", str(size - 1), str(specimen)))
    assert line == f"ombre: {specimen}: more than {size - 1:,} bytes, the most read of a record file " + (
        "(--max-bytes N reads more)"
    )
    assert run("check", "--max-bytes", str(size), str(specimen))[0] == 0
    assert cli.MAX_BYTES >= 50_000_000  # a large collection of records is read by default


def test_replay_of_many_games_as_json_is_one_list(tmp_path: Path) -> None:
    # the games are replayed one at a time; the JSON is what json.dump writes for the list
    path = tmp_path / "three.omb"
    text = example_text("specimen.omb")
    path.write_text("\n".join([text] * 3), encoding="utf-8")
    status, out, _ = run("replay", "--json", str(path))
    [game] = read_records(text)
    assert (
        status == 0
        and out == json.dumps([replay_record(game).to_json()] * 3, indent=2, ensure_ascii=False) + "\n"
    )


def test_check_caps_the_problems_it_prints(tmp_path: Path) -> None:
    path = tmp_path / "bad.omb"
    text = example_text("specimen.omb") + "\n\nfoo\n" * 250
    path.write_text(text, encoding="utf-8")
    total = len(check_records(text))
    status, out, err = run("check", str(path))
    lines = out.splitlines()
    assert status == 2 and err == "" and len(lines) == cli.MAX_ERRORS + 1
    assert lines[-1] == f"{path}: and {total - cli.MAX_ERRORS} more problems"
    status, out, err = run("check", "--max-errors", "3", str(path))
    assert out.splitlines()[3:] == [f"{path}: and {total - 3} more problems"]


def test_a_record_saved_with_a_byte_order_mark(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bom = tmp_path / "bom.omb"
    bom.write_bytes(b"\xef\xbb\xbf" + example_text("specimen.omb").encode("utf-8"))
    assert run("check", str(bom)) == (0, "", f"{bom}: 1 game, no problems\n")
    status, out, _ = run("replay", str(bom))
    assert status == 0 and "Result: win" in out
    assert read_record_file(str(bom))[0].players == ("Ann", "Ben", "Cat")
    assert read_records("\ufeff" + example_text("specimen.omb"))[0].players == ("Ann", "Ben", "Cat")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(bom.read_bytes()), encoding="latin-1"))
    assert run("check", "-") == (0, "", "-: 1 game, no problems\n")


@pytest.mark.parametrize("command", ["check", "replay", "solve", "decode"])
@pytest.mark.parametrize("encoding", ["utf-8", "latin-1", "ascii"])
def test_binary_standard_input_is_one_line_whatever_the_locale(
    command: str, encoding: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"6\xf27\xad\xe30p\xff.\xdd"
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors="surrogateescape")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert assert_one_line_error(*run(command, "-")) == "ombre: -: not a UTF-8 text file"


def test_a_reader_that_stops_early_is_not_an_error(specimen: Path) -> None:
    done = subprocess.Popen(
        [sys.executable, "-m", "ombre", "replay", str(specimen)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": ""},
    )
    assert done.stdout is not None and done.stderr is not None
    done.stdout.close()  # as `| head` does, before the program has written anything
    err = done.stderr.read().decode()
    assert done.wait(timeout=120) == 0
    assert err == ""


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "replay" in capsys.readouterr().out
    assert cli.main(["replay", "--help"]) == 0
    assert "--json" in capsys.readouterr().out


def test_a_new_subcommand_is_one_table_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    def arguments(p: argparse.ArgumentParser) -> None:
        p.add_argument("name")

    def hello(args: argparse.Namespace) -> int:
        args.out.write(f"hello {args.name}\n")
        return 0

    monkeypatch.setattr(
        cli, "SUBCOMMANDS", [*cli.SUBCOMMANDS, cli.Subcommand("hello", "say hello", arguments, hello)]
    )
    assert run("hello", "Belinda") == (0, "hello Belinda\n", "")


# --------------------------------------------------------------------------- python -m ombre


def test_python_dash_m_ombre(specimen: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ombre", "replay", str(specimen), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"] == "win"
    bad = tmp_path / "bad.omb"
    bad.write_text('[Players "A; B; C"]\n[Deal "As"]\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ombre", "check", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and done.stderr == ""
    assert done.stdout.splitlines()[0].startswith(f"{bad}:2:1: deal: 1 groups")
    done = subprocess.run(
        [sys.executable, "-m", "ombre", "replay", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_version_prints_the_package_version() -> None:
    import ombre

    assert run("--version") == (0, f"ombre {ombre.__version__}\n", "")
    done = subprocess.run(
        [sys.executable, "-m", "ombre", "--version"], capture_output=True, text=True, timeout=120, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"ombre {ombre.__version__}\n", "")


def test_export_brf_writes_the_pamphlet_in_the_reader_s_geometry(tmp_path: Path) -> None:
    from ombre.sources.braille import decode

    out = tmp_path / "ombre-1665.brf"
    status, printed, said = run("export", "brf", str(out), "--line-length", "30", "--page-length", "18")
    assert (status, printed) == (0, "")
    brf = out.read_bytes().decode("ascii")
    pages = brf.split("\r\n\f")
    assert said == f"{out}: the 1665 pamphlet in braille, {len(pages)} pages of 18 lines of 30 cells\n"
    lines = brf.replace("\f", "").removesuffix("\r\n").split("\r\n")
    assert max(len(line) for line in lines) <= 30 and all(p.count("\r\n") <= 18 for p in pages)
    assert decode(brf, width=30, page_length=18).words[1].text == "note:"
    assert run("export", "brf", "-")[1].replace("\f", "").split("\r\n")[0].startswith(",transcribers")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["export", "pdf", "x"], "invalid choice: 'pdf'"),
        (["export", "brf", "x", "--page-length", "0"], "--page-length: '0' must be 1 or more"),
        (["export", "brf", "x", "--line-length", "5"], "braille page 1, line 1, cell 1: the word"),
        (["export", "brf", "/no/such/folder/x.brf"], "/no/such/folder/x.brf: cannot write the file"),
    ],
)
def test_export_errors_are_one_located_line(argv: list[str], expected: str) -> None:
    assert expected in assert_one_line_error(*run(*argv))


# --------------------------------------------------------------------------- export brf --record

ROOT = Path(__file__).parents[1]
SHIPPED_RECORDS = sorted(
    [*(ROOT / "ombre/engine/record/examples").glob("*.omb"), *(ROOT / "ombre/belinda/records").glob("*.omb")]
)


def _brf_pages(brf: str, width: int, length: int) -> list[list[str]]:
    """The pages of an exported BRF, each a list of lines, after checking the file's layout."""
    assert brf.endswith("\r\n") and "\n" not in brf.replace("\r\n", "")
    pages = [page.removesuffix("\r\n").split("\r\n") for page in brf.split("\r\n\f")]
    for lines in pages:
        assert 0 < len(lines) <= length
        assert all(0 < len(line) <= width and line.strip() for line in lines)
    return pages


def test_every_shipped_record_has_a_braille_account() -> None:
    assert {p.name for p in SHIPPED_RECORDS} >= {"specimen.omb", "fragment.omb", "belinda-1-pole.omb"}
    assert len(SHIPPED_RECORDS) == 5


@pytest.mark.parametrize("path", SHIPPED_RECORDS, ids=lambda p: p.name)
@pytest.mark.parametrize(("width", "length"), [(40, 25), (32, 20), (24, 12)])
def test_export_brf_record_in_the_reader_s_geometry(
    path: Path, width: int, length: int, tmp_path: Path
) -> None:
    from ombre.engine.record import record_account, replay_record
    from ombre.sources.braille import decode

    out = tmp_path / "game.brf"
    argv = ["export", "brf", "--record", str(path), str(out)]
    status, printed, said = run(*argv, "--line-length", str(width), "--page-length", str(length))
    assert (status, printed) == (0, "")
    brf = out.read_bytes().decode("ascii")
    pages = _brf_pages(brf, width, length)
    assert all(len(lines) == length for lines in pages[:-1])  # one game: only its last page is short
    assert (
        said == f"{out}: {path} (1 game) in braille, {len(pages)} pages of {length} lines of {width} cells\n"
    )
    # read back, the braille says the engine's account word for word, each trick with its winner
    [game] = read_record_file(str(path))
    replay = replay_record(game)
    account = record_account(replay)
    doc = decode(brf, width=width, page_length=length)
    assert [w.text for w in doc.words] == " ".join(account).split()
    assert doc.pages == len(pages) and doc.to_brf() == brf
    names = replay.state.players
    for n, trick in enumerate(replay.state.tricks, start=1):
        assert f"Trick {n}:" in doc.text and f"{names[trick.winner]} wins the trick." in doc.text
    # each paragraph of the account begins a braille line
    first = 0
    for paragraph in account:
        assert doc.words[first].position.cell == 1, paragraph
        first += len(paragraph.split())


def test_export_brf_record_puts_each_game_on_pages_of_its_own(tmp_path: Path) -> None:
    from ombre.engine.record import record_account, replay_record
    from ombre.sources.braille import decode

    both = tmp_path / "two.omb"
    both.write_text(example_text("specimen.omb") + "\n" + example_text("fragment.omb"), encoding="utf-8")
    status, brf, _ = run("export", "brf", "--record", str(both), "-", "--page-length", "10")
    assert status == 0
    pages = _brf_pages(brf, 40, 10)
    games = read_record_file(str(both))
    accounts = [record_account(replay_record(g)) for g in games]
    status, first, _ = run("export", "brf", "--record", str(both), "-", "--page-length", "10", "--game", "1")
    assert status == 0 and brf.startswith(first + "\f")
    assert pages[len(_brf_pages(first, 40, 10))][0].startswith(",an unfinished hand")
    words = [w.text for w in decode(brf, page_length=10).words]
    assert words == " ".join(accounts[0] + accounts[1]).split()
    status, second, _ = run("export", "brf", "--record", str(both), "-", "--game", "2")
    assert status == 0 and [w.text for w in decode(second).words] == " ".join(accounts[1]).split()


@pytest.mark.parametrize(
    ("record", "argv", "expected"),
    [
        (None, ["--record", "/no/such/game.omb"], "ombre: /no/such/game.omb: no such file"),
        ('[Rules "1665"]\n1. As', [], "bad.omb:"),
        ("specimen-illegal", [], "bad.omb:22:7: trick 1: it is Ben's turn, not Cat's"),
        ("specimen", ["--line-length", "0"], "--line-length: '0' must be 1 or more"),
        ("specimen", ["--page-length", "x"], "--page-length: 'x' is not a whole number"),
        (
            "specimen",
            ["--line-length", "8"],
            "bad.omb: game 1 in braille: braille page 1, line 11, cell 1: the word 'Players,' needs 9 cells",
        ),
        ("specimen", ["--game", "2"], "bad.omb: --game 2, but the file holds 1 game(s)"),
        (
            "specimen-accent",
            [],
            "bad.omb: game 1 in braille: braille page 1, line 1, cell 4: cannot write 'ë'",
        ),
        (None, ["--game", "1"], "--game chooses a game of a record"),
    ],
)
def test_export_brf_record_errors_are_one_located_line(
    record: str | None, argv: list[str], expected: str, tmp_path: Path
) -> None:
    args = ["export", "brf", str(tmp_path / "out.brf"), *argv]
    if record is not None:
        path = tmp_path / "bad.omb"
        text = record
        if record.startswith("specimen"):
            text = example_text("specimen.omb")
            if record == "specimen-illegal":
                text = text.replace("1. 2s Ac As", "1. 2s As Ac")  # Cat has Spadille, not Basto
            if record == "specimen-accent":
                text = text.replace("A specimen hand", "Zoë's hand")
        path.write_text(text, encoding="utf-8")
        args += ["--record", str(path)]
    error = assert_one_line_error(*run(*args))
    assert expected in error
    assert not (tmp_path / "out.brf").exists()


def test_class_summary_reads_a_folder_and_names_a_bad_file_in_one_line(tmp_path: Path) -> None:
    from ombre.teaching.collect import AnswerSheet

    sheet = AnswerSheet("order", student="Ada")
    sheet.record("order-1", "12")
    sheet.save(tmp_path / "ada.json")
    status, out, err = run("class-summary", str(tmp_path))
    assert status == 0 and err == "" and "Ada" in out and "order-1" in out
    (tmp_path / "bo.json").write_text('{"format": "ombre-answers",\n "version": 7}', encoding="utf-8")
    status, out, err = run("class-summary", str(tmp_path))
    assert status == 2 and "Ada" in out
    assert err.count("\n") == 1 and err.startswith("ombre: ") and "bo.json: line 2" in err
    status, out, err = run("class-summary", str(tmp_path / "nowhere"))
    assert status == 2 and out == "" and err.count("\n") == 1 and "not a folder" in err


# --------------------------------------------------------------------------- terminal safety

# the characters that must never reach a terminal raw (ombre.words.CONTROL), mixed into other text
_HOSTILE = st.text(
    st.one_of(
        st.sampled_from("\x1b\x07\x08\r\n\t\x00\x7f\x85\x9b\u061c\u200e\u200f\u2028\u2029\u202e\u2067\ufeff"),
        st.characters(blacklist_categories=("Cs",)),
    ),
    min_size=1,
    max_size=30,
)


def _assert_no_control(text: str, keep: str = "") -> None:
    assert not [ch for ch in CONTROL.findall(text) if ch not in keep], repr(text)


def _specimen_with(name: str, event: str, comment: str) -> str:
    return (
        example_text("specimen.omb")
        .replace("Ann;", f"{name};")
        .replace('"Ann"', f'"{name}"')
        .replace("A specimen hand", event)
        .replace("\n1. ", f"\n{{{comment}}}\n1. ", 1)
    )


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=_HOSTILE, event=_HOSTILE, comment=_HOSTILE)
def test_no_control_character_reaches_the_terminal(name: str, event: str, comment: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.omb"
        path.write_text(_specimen_with(name, event, comment), encoding="utf-8")
        for argv in (["replay"], ["replay", "--json"], ["check"], ["solve"]):
            status, out, err = run(*argv, str(path))
            assert status in (0, 2)
            _assert_no_control(out, keep="\n")
            _assert_no_control(err, keep="\n")
            if status == 2:
                assert err.count("\n") <= 1 or argv == ["check"]
            if argv == ["replay", "--json"] and status == 0:
                # the escapes are JSON's: the names read back as the reader read them
                assert json.loads(out)["players"] == list(read_record_file(str(path))[0].players)
    status, out, err = run("deal", "--seed", "1", "--players", f"{name}; Ben; Cat")
    _assert_no_control(out, keep="\n")
    _assert_no_control(err, keep="\n")


def test_escape_sequences_are_shown_not_obeyed(tmp_path: Path) -> None:
    path = tmp_path / "x.omb"
    path.write_text(_specimen_with("Ann\x1b[2J\u202e", "Event\x1b]0;owned\x07", "note"), encoding="utf-8")
    status, out, _ = run("replay", str(path))
    assert status == 0
    assert "Players in the order of play: Ann\\u001b[2J\\u202e (eldest)" in out
    status, out, _ = run("solve", str(path))
    assert out.startswith("Event\\u001b]0;owned\\u0007\n")


def test_a_message_echoes_a_huge_word_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "huge.omb"
    word = "X" * 1_000_000
    path.write_text(example_text("specimen.omb").replace("3. 7s Kh 5s", f"3. 7s {word} 5s"), encoding="utf-8")
    for command in ("replay", "check", "solve"):
        status, out, err = run(command, str(path))
        line = (out + err).strip()
        assert status == 2 and "\n" not in line
        assert len(line) < 500 + len(str(path))
        assert f"{path}:24:7: 'XXXX" in line and "… (999," in line and "more characters)" in line


def test_an_undecodable_file_name_is_one_escaped_line(tmp_path: Path) -> None:
    name = os.fsdecode(b"bad\xff\x1b.omb")  # a lone surrogate stands for the byte that is not UTF-8
    status, out, err = run("check", str(tmp_path / name))
    line = assert_one_line_error(status, out, err)
    assert "bad\\udcff\\u001b.omb" in line


# --------------------------------------------------------------------------- the hostile corpus

HOSTILE_FILES = sorted((Path(__file__).parent / "data" / "hostile").glob("*.*"))
COMMANDS = [
    ["replay"],
    ["replay", "--json"],
    ["check"],
    ["solve"],
    ["decode"],
    ["export", "brf", "-", "--record"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("path", HOSTILE_FILES, ids=lambda p: p.name)
def test_every_command_over_the_hostile_corpus(command: list[str], path: Path) -> None:
    """Each file of tests/data/hostile/ (see its README) gives clean output or a located one-line
    error: never a traceback, never a control character on the terminal."""
    status, out, err = run(*command, str(path))
    assert status in (0, 2) and "Traceback" not in out + err
    # BRF on standard output keeps its CR LF and form feeds, as the file would
    _assert_no_control(out, keep="\n\r\f" if command[0] == "export" else "\n")
    _assert_no_control(err, keep="\n")
    if status == 2:  # check lists the record's problems on standard output, one a line
        problems = (out if command == ["check"] and out else err).splitlines()
        assert problems and all(line.removeprefix("ombre: ").startswith(str(path)) for line in problems), err
        assert len(problems) == 1 or command == ["check"]
        assert max(map(len, problems)) < 500 + len(str(path))  # a huge word is not echoed whole


def test_decode_reads_other_geometry_with_a_warning_and_strict_refuses_it(tmp_path: Path) -> None:
    from dataclasses import replace

    from ombre.sources.braille import encode, load_1665

    source = load_1665()
    wide = tmp_path / "wide.brf"
    wide.write_text(encode(source.flow, replace(source.format, width=52, page_length=30)), encoding="ascii")
    status, out, err = run("decode", str(wide))
    # the same words (a block break that falls at a line's end cannot be seen in any geometry)
    assert status == 0 and out.split() == source.text.split()
    assert (
        err == f"ombre: {wide}: warning: lines of 52 cells (the 1665 file has 40); pages of 30 lines "
        "(the 1665 file has 25)\n"
    )
    line = assert_one_line_error(*run("decode", "--strict", str(wide)))
    assert line.startswith(f"ombre: {wide}: lines of 52 cells") and line.endswith("(--strict)")
    fragment = tmp_path / "fragment.brf"
    fragment.write_text("\r\n".join(source_1665_lines()[30:33]) + "\r\n", encoding="ascii")
    assert run("decode", "--strict", str(fragment))[::2] == (0, "")


def source_1665_lines() -> list[str]:
    from ombre.sources.braille import source_1665

    return source_1665().splitlines()
