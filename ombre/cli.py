"""The command line: ``python -m ombre SUBCOMMAND ...`` (or the ``ombre`` script).

Subcommands::

    replay FILE [--json] [--game N]   replay a game record trick by trick, then result and payments
    check FILE                        validate records; each problem as FILE:LINE:COL: message
    deal --seed N [--rules R]         a random deal, printed as a game record
    decode FILE [--strict]            decode a braille (BRF) file, one paragraph a line (another
                                      geometry than 40 x 25 is a warning, with --strict an error)
    export brf OUT [--line-length N] [--page-length N]
                                      the 1665 pamphlet as a BRF file in the reader's lines and pages
    export brf --record FILE OUT [--game N] [--line-length N] [--page-length N]
                                      the games of a record, told in words (players, hands, tricks
                                      and winners, result, payments), as a BRF file
    export tei OUT                    the edition as TEI P5 XML (diplomatic text, emendations, notes,
                                      glossary, the braille's pages and lines)
    solve FILE [--objective O]        the double-dummy value of each card played in a record
    sweep [--reading R] [--seating S] [--exact | --deals N --seed N] [--workers N | --scheduler ADDRESS]
          [--checkpoint FILE] [--out FILE]
                                      the double-dummy figures of Belinda's game over the deals that fit
                                      Pope's lines (ombre.belinda.sweep)
    handouts OUTDIR [--seed N]        student notebooks (no answers) and teacher notebooks of the exercises
                                      (OUTDIR must be new or empty, unless --force)
    class-summary FOLDER              the class's answer files (*.json) summarised: per question right
                                      first time, later, wrong, unanswered; per student points

``python -m ombre --version`` prints the package's version (``ombre.__version__``).

Every error a user can cause (a missing file, a bad record, bad arguments)
ends the program with exit status 2 and one readable line on standard
error, never a traceback.

Adding a subcommand: write ``def _NAME_arguments(p: argparse.ArgumentParser)``
to declare its options and ``def _NAME(args: argparse.Namespace) -> int`` to
run it (import heavy modules inside it, so that the other subcommands stay
quick), then add ``Subcommand("NAME", "one-line help", _NAME_arguments, _NAME)``
to :data:`SUBCOMMANDS`.  Raise :class:`~ombre.errors.OmbreError` (or
:class:`CommandError`) for bad input; print to ``args.out`` / ``args.err``.

>>> main(["deal", "--seed", "1"])  # doctest: +ELLIPSIS
[Event "Random deal (seed 1)"]
...
0
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn, TextIO

from ombre.errors import OmbreError, RecordError
from ombre.words import plural, shortened, visible

if TYPE_CHECKING:
    from ombre.engine.record import GameRecord

__all__ = ["main", "Subcommand", "SUBCOMMANDS", "CommandError", "build_parser"]

PROG = "ombre"


class CommandError(OmbreError):
    """A problem with the command line itself (an option's value, a file that cannot be read)."""


@dataclass(frozen=True)
class Subcommand:
    """One subcommand: its name, a line of help, a function declaring its options, and its body."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""
    #: True for a command whose standard output is a file's bytes (BRF's CR LF and form feeds), not text
    raw_output: bool = False


class _Visible:
    """A text stream that shows every control character escaped but the line end
    (:func:`ombre.words.visible`): a name, tag or comment from a file cannot move the cursor, clear
    the screen, retitle the window or reorder the line on the reader's terminal.  The escapes are
    valid inside JSON strings, so ``replay --json`` stays JSON."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(visible(text, keep="\n"))

    def flush(self) -> None:
        self.stream.flush()


class _ShowVersion(Exception):
    """Raised by ``--version``, so that :func:`main` prints the version on its own ``out``."""


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the package's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        raise _ShowVersion


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{message} (try '{self.prog} --help')")


# --------------------------------------------------------------------------- helpers


#: The most a command reads of one file unless ``--max-bytes`` says otherwise: far more than any
#: collection of records or braille book, far less than a machine's memory.
MAX_BYTES = 100_000_000
_BLOCK = 1 << 20


def _read_blocks(path: str, kind: str = "record file", max_bytes: int = MAX_BYTES) -> Iterator[str]:
    """The text of ``path`` (``-``: standard input) a block at a time, read as UTF-8 whatever the locale.

    Only a regular file (or standard input) is read: a FIFO would block for ever and a device
    such as /dev/zero never ends.  More than ``max_bytes`` is refused.  ``kind`` names what the
    command reads, for the messages.
    """
    fh: BinaryIO | None = None
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream put in place of stdin (tests, notebooks)
                yield str(sys.stdin.read()).removeprefix("\ufeff")
                return
        else:
            # O_NONBLOCK: opening a FIFO with no writer does not wait, so it can be refused
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                os.close(fd)
                what = (
                    "a directory"
                    if stat.S_ISDIR(mode)
                    else "a named pipe (FIFO)"
                    if stat.S_ISFIFO(mode)
                    else "a device"
                    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                    else "not a regular file"
                )
                raise CommandError(f"{path}: is {what}, not a {kind}")
            fh = stream = os.fdopen(fd, "rb")
        decoder = codecs.getincrementaldecoder("utf-8-sig")()
        total = 0
        while block := stream.read(_BLOCK):
            total += len(block)
            if total > max_bytes:
                raise CommandError(
                    f"{path}: more than {max_bytes:,} bytes, the most read of a {kind} "
                    "(--max-bytes N reads more)"
                )
            yield str(decoder.decode(block))
        yield str(decoder.decode(b"", final=True))
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: is a directory, not a {kind}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a UTF-8 text file") from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    finally:
        if fh is not None:
            fh.close()


def _read_text(path: str, kind: str = "record file", max_bytes: int = MAX_BYTES) -> str:
    """The whole text of ``path``, as :func:`_read_blocks` reads it."""
    return "".join(_read_blocks(path, kind, max_bytes))


def _max_bytes_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--max-bytes",
        type=_positive,
        default=MAX_BYTES,
        metavar="N",
        help=f"read at most N bytes of the file (default {MAX_BYTES:,})",
    )


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def _whole(text: str) -> int:
    """A whole number given as an option's value; a message that says what is wrong otherwise."""
    try:
        return int(text)
    except ValueError:
        digits = text.strip().lstrip("+-").replace("_", "")
        if digits.isdecimal():  # a whole number, longer than Python converts from text
            limit = sys.get_int_max_str_digits()
            raise argparse.ArgumentTypeError(
                f"a number of {len(digits):,} digits is too long (at most {limit:,} are read)"
            ) from None
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _set_seed(text: str) -> int:
    """An exercise sets' seed: 0 or more, the seeds that :func:`ombre.teaching.find` reads back."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


# --------------------------------------------------------------------------- replay


def _replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a game-record file ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="print the replay as JSON")
    _max_bytes_argument(p)
    p.add_argument(
        "--game",
        type=_positive,
        metavar="N",
        help="replay only the N-th game of the file (counting from 1); default: every game",
    )


def _games(args: argparse.Namespace) -> Iterator[tuple[int, GameRecord]]:
    """The games of ``args.file`` with their numbers (from 1), read a game at a time (memory does not
    grow with the file); only game ``args.game`` if given.  The first problem is raised, located."""
    from ombre.engine.record import stream_records

    count = 0
    for game, problems in stream_records(_read_blocks(args.file, max_bytes=args.max_bytes), path=args.file):
        if problems:
            raise problems[0]
        if game is not None:
            count += 1
            if args.game is None or args.game == count:
                yield count, game
    if not count:
        raise RecordError('no game found (a game begins with tags such as [Players "..."])', path=args.file)
    if args.game is not None and args.game > count:
        raise CommandError(f"{args.file}: --game {args.game}, but the file holds {count} game(s)")


def _replay(args: argparse.Namespace) -> int:
    from ombre.engine.record import replay_record

    out: TextIO = args.out
    first: str | None = None  # the first game's JSON, written alone if it is the only one
    for number, game in _games(args):
        replay = replay_record(game)
        if not args.json:
            out.write(("\n" if number > 1 and args.game is None else "") + replay.report())
            continue
        item = json.dumps(replay.to_json(), indent=2, ensure_ascii=False)
        if first is None:
            first = item
            continue
        if first:  # a second game: the games go in a list, as json.dump(list, indent=2) writes it
            out.write("[\n" + _indent(first))
            first = ""
        out.write(",\n" + _indent(item))
    if first is not None:
        out.write(first + "\n" if first else "\n]\n")
    return 0


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.split("\n"))


# --------------------------------------------------------------------------- check


#: The most problems ``check`` prints for one file; it counts the rest.
MAX_ERRORS = 100


def _check_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a game-record file ('-' for standard input)")
    p.add_argument(
        "--max-errors",
        type=_positive,
        default=MAX_ERRORS,
        metavar="N",
        help=f"print at most N problems, then how many more there are (default {MAX_ERRORS})",
    )
    _max_bytes_argument(p)


def _check(args: argparse.Namespace) -> int:
    from ombre.engine.record import stream_records

    games = problems = 0
    blocks = _read_blocks(args.file, max_bytes=args.max_bytes)
    for game, found in stream_records(blocks, path=args.file, check=True):
        games += game is not None
        for p in found:
            problems += 1
            if problems <= args.max_errors:
                args.out.write(_located(p) + "\n")
    if problems > args.max_errors:
        args.out.write(f"{args.file}: and {plural(problems - args.max_errors, 'more problem')}\n")
    if problems:
        return 2
    args.err.write(f"{args.file}: {plural(games, 'game')}, no problems\n")
    return 0


# --------------------------------------------------------------------------- deal


def _deal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=_whole, required=True, metavar="N", help="the seed of the shuffle")
    p.add_argument("--rules", default="1665", metavar="R", help="rule set: 1665 (default) or court-gamester")
    p.add_argument(
        "--players",
        default="Eldest; Middle; Dealer",
        metavar="NAMES",
        help="three names separated by ';', eldest hand first, dealer last",
    )


def _deal(args: argparse.Namespace) -> int:
    from ombre.engine.game import Deal, GameState
    from ombre.engine.record import GameRecord, write_record
    from ombre.engine.rulesets import get_rules

    rules = get_rules(args.rules)
    names = [n.strip() for n in args.players.split(";")]
    if len(names) != 3 or not all(names) or len(set(names)) != 3:
        raise CommandError(f"--players needs three different names separated by ';', not {args.players!r}")
    state = GameState(Deal.random(seed=args.seed, dealer=2), rules=rules, players=names)
    tags = [
        ("Event", f"Random deal (seed {args.seed})"),
        ("Source", f"Deal.random(seed={args.seed}, dealer=2)"),
    ]
    args.out.write(write_record(GameRecord.from_state(state, tags=tags)))
    return 0


# --------------------------------------------------------------------------- decode


def _decode_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "file",
        metavar="FILE",
        help="a braille (BRF) file, grade 1, in any line and page length ('-' for stdin)",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="refuse a layout other than the 1665 file's 40 cells a line and 25 lines a page "
        "(without it, a warning on standard error)",
    )
    _max_bytes_argument(p)


def _decode(args: argparse.Namespace) -> int:
    from ombre.sources.braille import decode, unusual_geometry

    doc = decode(
        _read_text(args.file, "braille file", args.max_bytes), path=args.file, width=None, page_length=None
    )
    unusual = unusual_geometry(doc)
    if unusual and args.strict:
        raise CommandError(f"{args.file}: {unusual} (--strict)")
    if unusual:
        args.err.write(f"{PROG}: {args.file}: warning: {unusual}\n")
    args.out.write(doc.text + "\n")
    return 0


# --------------------------------------------------------------------------- export


def _export_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "format",
        choices=("brf", "tei"),
        help="brf: braille ready to emboss or read on a display; tei: the edition as TEI P5 XML",
    )
    p.add_argument("target", metavar="OUT", help="the file to write ('-' for standard output)")
    p.add_argument(
        "--record",
        metavar="FILE",
        help="a game-record file ('-' for standard input): write its games, told in words, "
        "instead of the pamphlet",
    )
    p.add_argument("--game", type=_positive, metavar="N", help="with --record: only the N-th game (from 1)")
    p.add_argument("--line-length", type=_positive, default=40, metavar="N", help="cells a line (default 40)")
    p.add_argument("--page-length", type=_positive, default=25, metavar="N", help="lines a page (default 25)")


def _export(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from ombre.sources.braille import EXPORT_FORMAT

    fmt = replace(EXPORT_FORMAT, width=args.line_length, page_length=args.page_length)
    if args.format == "tei":
        return _export_tei(args)
    if args.record is not None:
        brf, what = _record_brf(args, fmt)
    elif args.game is not None:
        raise CommandError("--game chooses a game of a record: give the file with --record")
    else:
        from ombre.sources.edition import load_edition

        brf, what = load_edition().to_brf(fmt), "the 1665 pamphlet"
    pages = brf.count("\f") + 1
    # BRF is ASCII; newline="" keeps its CR LF line ends and form feeds as they are
    said = f"{what} in braille, {pages} pages of {fmt.page_length} lines of {fmt.width} cells"
    return _write_export(args, brf, "ascii", "", said)


def _write_export(args: argparse.Namespace, text: str, encoding: str, newline: str, said: str) -> int:
    """Write an export to ``args.target`` (``-``: standard output) and say what was written."""
    if args.target == "-":
        args.out.write(text)
        return 0
    try:
        with open(args.target, "w", encoding=encoding, newline=newline) as fh:
            fh.write(text)
    except OSError as exc:
        raise CommandError(f"{args.target}: cannot write the file ({exc.strerror or exc})") from None
    args.err.write(f"{args.target}: {said}\n")
    return 0


def _export_tei(args: argparse.Namespace) -> int:
    from ombre.sources.tei import edition_tei

    if args.record is not None or args.game is not None:
        raise CommandError("export tei writes the 1665 edition: --record and --game are for export brf")
    xml = edition_tei()
    said = f"the 1665 edition as TEI P5 XML ({len(xml.encode()):,} bytes)"
    return _write_export(args, xml, "utf-8", "\n", said)


def _record_brf(args: argparse.Namespace, fmt: Any) -> tuple[str, str]:
    """The games of ``--record``, each told in words (the engine's account) and laid out in braille
    from a new page; and what the file holds, for the closing message."""
    from ombre.engine.record import read_records, record_account, replay_record
    from ombre.errors import BrailleError
    from ombre.sources.braille import encode_blocks

    games = read_records(_read_text(args.record, "game record"), path=args.record)
    numbers = list(range(1, len(games) + 1))
    if args.game is not None:
        if args.game > len(games):
            raise CommandError(f"{args.record}: --game {args.game}, but the file holds {len(games)} game(s)")
        numbers = [args.game]
    pages = []
    for number in numbers:
        account = record_account(replay_record(games[number - 1]))
        try:
            pages.append(encode_blocks(account, fmt))
        except BrailleError as exc:
            raise CommandError(f"{args.record}: game {number} in braille: {exc}") from None
    what = f"{args.record} ({plural(len(numbers), 'game')})"
    # each game after the first begins a page: the form feed after the last page's line end
    return "\f".join(pages), what


# --------------------------------------------------------------------------- handouts


def _handouts_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "outdir", metavar="OUTDIR", help="new or empty folder for student/ and teacher/ (created if missing)"
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="write into a folder that is not empty, overwriting its README.md and notebooks",
    )
    p.add_argument(
        "--seed",
        type=_set_seed,
        default=0,
        metavar="N",
        help="0 (default) for the book's sets, a higher number for fresh questions",
    )


def _handouts(args: argparse.Namespace) -> int:
    from ombre.teaching.handouts import write_handouts

    paths = write_handouts(args.outdir, seed=args.seed, force=args.force)
    notebooks = [p for p in paths if p.suffix == ".ipynb"]
    args.out.write(f"wrote {len(notebooks)} notebooks (handouts and class summary) under {args.outdir}\n")
    return 0


# --------------------------------------------------------------------------- class-summary


def _class_summary_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("folder", metavar="FOLDER", help="the folder of the students' answer files (*.json)")


def _class_summary(args: argparse.Namespace) -> int:
    from ombre.teaching.collect import class_summary

    summaries, problems = class_summary(args.folder)
    args.out.write("\n\n".join(s.text() for s in summaries) + ("\n" if summaries else ""))
    for line in problems:  # each file left out, in one located line
        args.err.write(_one_line(f"{PROG}: {line}") + "\n")
    return 2 if problems else 0


# --------------------------------------------------------------------------- solve


def _solve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a game-record file ('-' for standard input)")
    p.add_argument(
        "--objective",
        choices=("tricks", "outcome"),
        default="tricks",
        help="value each card by the Ombre's tricks (default) or by his result (win, repuesto, codille)",
    )
    p.add_argument("--game", type=_positive, metavar="N", help="only the N-th game of the file (from 1)")
    _max_bytes_argument(p)


def _solve(args: argparse.Namespace) -> int:
    from ombre.engine.record import replay_record
    from ombre.engine.solver import analyse_game, value_text

    out: TextIO = args.out
    skipped: list[str] = []
    solved = 0
    for k, (number, game) in enumerate(_games(args)):
        solved += 1
        replay = replay_record(game)
        state = replay.state
        names = state.players
        if k:
            out.write("\n")
        title = game.tag("Event") or f"{names[0]}, {names[1]} and {names[2]}"
        out.write(f"{title}\n")
        if state.ombre is None or state.trump is None:
            if state.passed_out:
                why = "all three passed: nobody played this hand"
            else:
                why = f"the record stops before the play (in the {state.phase.value} phase)"
            out.write(f"{why[0].upper()}{why[1:]}, so there is nothing to solve.\n")
            skipped.append(f"game {number} ({why})")
            continue
        current = state.current_trick
        tricks = [*state.tricks, *([current] if current is not None else [])]
        if not any(t.cards for t in tricks):
            out.write("No card has been played yet, so there is nothing to solve.\n")
            skipped.append(f"game {number} (no card played yet)")
            continue
        renounce = replay.renounces[0] if replay.renounces else None
        cut = None
        if renounce is not None:
            # the solver plays by the rules: value the cards before the renounce only
            cut = 3 * (renounce.trick - 1) + tricks[renounce.trick - 1].seats.index(renounce.seat)
        steps = analyse_game(state, args.objective, cards=cut)
        what = "the Ombre's tricks in the hand" if args.objective == "tricks" else "the Ombre's result"
        out.write(
            f"Ombre: {names[state.ombre]}; trumps: {state.trump.plural}. Each value is {what} "
            "when every card from there on is best (double dummy).\n"
        )
        if game.conjectural:
            out.write("Some cards are conjectural (marked ? in the record).\n")
        recorded = [c for t in game.tricks for c in t.cards]

        rows = [("trick", "player", "card", "value", "best alternative", "")]
        for m in steps:
            alt = m.best_alternative
            other = "(forced)" if alt is None else f"{alt[0]} {value_text(alt[1], args.objective)}"
            note = ""
            if m.cost:
                best = " ".join(str(c) for c in m.best_cards)
                note = f"<- not best: {best} gives {value_text(m.best, args.objective)}"
            value = value_text(m.value, args.objective)
            rc = recorded[m.step] if m.step < len(recorded) else None
            card = str(rc) if rc is not None and rc.card == m.card else str(m.card)  # 5s? as replay shows it
            rows.append((str(m.trick), names[m.seat], card, value, other, note))
        widths = [max(len(row[i]) for row in rows) for i in range(5)]  # the widest cell of each column
        for row in rows if steps else []:
            cells = [row[0].rjust(widths[0])] + [
                c.ljust(w) for c, w in zip(row[1:5], widths[1:], strict=True)
            ]
            out.write("  ".join([*cells, row[5]]).rstrip() + "\n")
        if renounce is not None:
            where = RecordError(
                renounce.message,
                path=args.file,
                line=renounce.pos.line if renounce.pos else None,
                col=renounce.pos.col if renounce.pos else None,
            )
            out.write(
                f"Renounce: {where}. The solver plays by the rules, so it values no card from there on.\n"
            )
    if skipped and solved > 1:
        args.err.write(
            f"{PROG}: {args.file}: solved {solved - len(skipped)} of {solved} games; "
            f"skipped {', '.join(skipped)}\n"
        )
    return 0


def _sweep_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--reading",
        default="text",
        help="text (what the lines state and the rules deduce, the default) or readings (and every reading)",
    )
    p.add_argument(
        "--seating",
        default="baron-second",
        help="who plays second, after Belinda: baron-second (Pole's seating, the default) or knight-second",
    )
    p.add_argument("--exact", action="store_true", help="every deal of the reduced space, not a sample")
    p.add_argument("--deals", type=_positive, default=10_000, metavar="N", help="deals in the sample (10000)")
    p.add_argument("--seed", type=int, default=1, metavar="N", help="the sample's seed (1)")
    p.add_argument(
        "--workers", type=_positive, metavar="N", help="local worker processes (default: every core)"
    )
    p.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on a Dask distributed cluster (tcp://host:8786)"
    )
    p.add_argument("--checkpoint", metavar="FILE", help="write results here as they come; resume from it")
    p.add_argument(
        "--out", dest="data", metavar="FILE", help="write the finished sweep as a data file (JSON)"
    )
    p.add_argument(
        "--chunk", type=_positive, default=8, metavar="N", help="deals a worker takes at a time (8)"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _sweep(args: argparse.Namespace) -> int:
    from ombre.belinda.sweep import SweepSpec, run_sweep, write_data

    spec = SweepSpec(args.reading, args.seating, "exact" if args.exact else "sample", args.deals, args.seed)
    command = f"python -m ombre sweep --reading {spec.reading} --seating {spec.seating} " + (
        "--exact" if args.exact else f"--deals {spec.deals} --seed {spec.seed}"
    )
    result = run_sweep(
        spec,
        checkpoint=args.checkpoint,
        workers=args.workers,
        scheduler=args.scheduler,
        chunk=args.chunk,
        progress=not args.no_progress,
    )
    if args.data:
        write_data(result, args.data, command)
    weight = sum(result.column("weight"))
    solved = plural(len(result.rows), "deal")
    args.out.write(f"{solved} solved ({weight:,} deals of the space); sha256 {result.content_hash()}\n")
    return 0


# --------------------------------------------------------------------------- the table

#: Every subcommand, in the order ``--help`` lists them.  Add new ones here.
SUBCOMMANDS: list[Subcommand] = [
    Subcommand(
        "replay",
        "replay a game record trick by trick, then the result and payments",
        _replay_arguments,
        _replay,
    ),
    Subcommand(
        "check",
        "validate game records; print every problem as FILE:LINE:COL: message (exit 2 if any)",
        _check_arguments,
        _check,
    ),
    Subcommand("deal", "print a random deal as a game record", _deal_arguments, _deal),
    Subcommand("decode", "decode a braille (BRF) file, one paragraph a line", _decode_arguments, _decode),
    Subcommand(
        "export",
        "write the 1665 pamphlet, or a game record told in words, as braille (BRF) in the reader's "
        "line and page length",
        _export_arguments,
        _export,
        raw_output=True,
    ),
    Subcommand(
        "solve",
        "the double-dummy value of each card played in a record, and the best alternative",
        _solve_arguments,
        _solve,
    ),
    Subcommand(
        "sweep",
        "solve the deals that fit Pope's lines (a uniform sample, or all), locally or on a Dask cluster",
        _sweep_arguments,
        _sweep,
    ),
    Subcommand(
        "handouts",
        "write the exercise sets as student notebooks (no answers) and teacher notebooks (solutions)",
        _handouts_arguments,
        _handouts,
    ),
    Subcommand(
        "class-summary",
        "summarise a folder of students' answer files: per question and per student (exit 2 if a file "
        "could not be read; it is named in one line and left out)",
        _class_summary_arguments,
        _class_summary,
    ),
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand of :data:`SUBCOMMANDS`."""
    parser = _Parser(
        prog=PROG,
        description="Ombre, the 17th-century card game: one subcommand for each task "
        "(see 'ombre COMMAND --help').",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for cmd in SUBCOMMANDS:
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.description or cmd.help)
        cmd.arguments(p)
        p.set_defaults(run=cmd.run, raw_output=cmd.raw_output)
    return parser


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    Errors are printed as one line on ``err`` (default standard error) and give status 2.
    """
    stdout = out if out is not None else sys.stdout
    stderr = err if err is not None else sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else sys.argv[1:])
        args.out = stdout if getattr(args, "raw_output", False) else _Visible(stdout)
        args.err = _Visible(stderr)
        status: int = args.run(args)
        stdout.flush()  # inside the try: a reader that went away (| head) is met here, not at exit
        return status
    except _ShowVersion:
        from ombre import __version__

        stdout.write(f"{PROG} {__version__}\n")
        return 0
    except SystemExit as exc:  # --help prints and exits; keep its status
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except RecordError as exc:  # already located: FILE:LINE:COL: message
        stderr.write(_located(exc) + "\n")
        return 2
    except OmbreError as exc:
        stderr.write(_one_line(f"{PROG}: {exc}") + "\n")
        return 2
    except BrokenPipeError:
        # the reader stopped early (| head): that is not an error.  Point standard output at
        # devnull so that Python's own flush at exit finds no pipe to complain about.
        if out is None:
            _silence_stdout()
        return 0
    except KeyboardInterrupt:
        stderr.write(f"{PROG}: interrupted\n")
        return 130


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor behind sys.stdout
        pass


#: The most characters a message echoes of one word of the input (a tag, a card): a word of a record
#: a megabyte long is not shown whole.
ECHO = 200


def _one_line(text: str) -> str:
    """A message as one line a terminal shows as it is: its line ends made spaces, every other
    control character escaped, and each huge word of the input cut to :data:`ECHO` characters."""
    return visible(shortened(" ".join(text.split("\n")).strip(), ECHO))


def _located(error: RecordError) -> str:
    """A record's problem as one line, ``FILE:LINE:COL: message``; the file's name is shown whole."""
    return visible(error.location) + ": " + _one_line(error.message)
