"""The project's benchmarks: one figure a line, ``name value unit``.

Usage::

    python benchmarks/run.py                 # every group
    python benchmarks/run.py --only playouts # one group
    python benchmarks/run.py --quick         # shorter runs (for a smoke test)

Times are CPU seconds of this process (``time.process_time``), so other
programs on a shared machine disturb the figures less than wall-clock time
would; each figure is the best of a few repeats.  Never part of the tests.

Adding a group: write a function ``bench_NAME(quick: bool) -> list[tuple[str, float, str]]``
below and register it in :data:`GROUPS` (the registration point is marked).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

Figure = tuple[str, float, str]


def _best(fn: Callable[[], object], repeats: int) -> float:
    """The smallest CPU time of ``repeats`` calls of ``fn``."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def bench_playouts(quick: bool) -> list[Figure]:
    """Complete random legal hands a second, and the time to list the legal plays."""
    from ombre.engine import _core
    from ombre.engine.cards import Suit, parse_cards
    from ombre.engine.game import Deal, Exchange, GameState, Phase, parse_action
    from ombre.engine.rules import legal_plays

    n = 5_000 if quick else 50_000
    _core.playouts(500, seed=0)  # warm up
    secs = _best(lambda: _core.playouts(n, seed=1), 2 if quick else 3)
    figures: list[Figure] = [("playouts_per_s", round(n / secs), "hands/s")]
    try:
        from ombre import batch
    except ImportError:  # numpy is optional
        pass
    else:
        nb = 20_000 if quick else 200_000
        batch.playouts(1_000, seed=0)  # warm up
        secs = _best(lambda: batch.playouts(nb, seed=1), 2 if quick else 3)
        figures.append(("playouts_batch_per_s", round(nb / secs), "hands/s"))

    # listing the legal plays through the public API (a Card list in, a Card list out),
    # from a mixture of positions: a lead, following suit, trumps led with the privilege
    hand = parse_cards("As 2s 5s Kh 3h Qd 7c 4c Jd")
    tricks = [parse_cards(""), parse_cards("Jh"), parse_cards("Ks"), parse_cards("7d"), parse_cards("2c Ac")]

    reps = 2_000 if quick else 20_000

    def run_rules() -> None:
        for _ in range(reps):
            for t in tricks:
                legal_plays(hand, t, Suit.SPADES)

    secs = _best(run_rules, 3)
    figures.append(("legal_plays_us", round(secs / (reps * len(tricks)) * 1e6, 2), "us"))

    # the same through GameState.legal_actions() in the play phase of a seeded deal
    state = GameState(Deal.random(seed=3))
    for text in ("play", "pass", "pass", "trump spades"):
        state.apply(parse_action(text))
    state.apply(state.legal_actions()[0])  # the Ombre takes in one card
    while state.phase is Phase.EXCHANGE:
        state.apply(Exchange(()))  # the defenders refuse

    def run_state() -> None:
        for _ in range(reps):
            state.legal_actions()

    secs = _best(run_state, 3)
    figures.append(("legal_actions_us", round(secs / reps * 1e6, 2), "us"))

    # the fast core: one legal-move mask
    tb = _core.TABLES[Suit.SPADES]
    h = tb.mask(hand)
    leds = [-1, tb.code("Jh"), tb.code("Ks"), tb.code("7d"), tb.code("2c")]
    reps_core = 20_000 if quick else 200_000

    def run_core() -> None:
        lm = _core.legal_mask
        for _ in range(reps_core):
            for led in leds:
                lm(h, led, tb)

    secs = _best(run_core, 3)
    figures.append(("legal_mask_ns", round(secs / (reps_core * len(leds)) * 1e9, 1), "ns"))
    return figures


# ---------------------------------------------------------------------------
# REGISTRATION POINT: add new groups here, name -> function(quick) -> figures.
# ---------------------------------------------------------------------------
def bench_book(quick: bool) -> list[Figure]:
    """Wall-clock seconds to build the whole book: from nothing, then again from its cache."""
    import subprocess
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    exe = Path(sys.executable).with_name("jupyter-book")
    with tempfile.TemporaryDirectory() as out:
        cmd = [str(exe), "build", "-W", "-n", "--keep-going", "--path-output", out, str(root)]

        def build() -> float:
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            return time.perf_counter() - t0

        clean = build()
        cached = build()
    return [("book_build_clean_s", round(clean, 1), "s"), ("book_build_cached_s", round(cached, 1), "s")]


def bench_replay(quick: bool) -> list[Figure]:
    """One step of the static replay viewer in headless Chromium (median, ms), and the page's size.

    A step is what a click on "Next card" does: the script swaps the changed regions in, draws
    the new cards and the browser recomputes style and layout (forced by reading a size).  The
    game is the package's specimen record, 27 cards.  Chromium is Debian's (/usr/bin/chromium or
    ``OMBRE_CHROMIUM``).
    """
    import os
    from importlib import resources

    from playwright.sync_api import sync_playwright

    from ombre.display.replay import replay_html
    from ombre.engine.record import read_records

    text = (resources.files("ombre.engine.record") / "examples" / "specimen.omb").read_text(encoding="utf-8")
    [record] = read_records(text)
    t0 = time.process_time()
    viewer = replay_html(record, viewer_id="bench")
    build_ms = (time.process_time() - t0) * 1000
    page_html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head>'
        f"<body><main>{viewer}</main></body></html>"
    )
    rounds = 3 if quick else 20
    chromium = os.environ.get("OMBRE_CHROMIUM", "/usr/bin/chromium")
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.set_content(page_html)
        median: float = page.evaluate(
            """(rounds) => {
              const v = document.querySelector('.om-viewer').omViewer;
              const last = v.data.steps.length - 1;
              const times = [];
              for (let r = 0; r < rounds; r++) {
                v.show(0, {hash: false});
                for (let k = 1; k <= last; k++) {
                  const t0 = performance.now();
                  v.show(k, {hash: false});
                  void document.body.offsetHeight;
                  times.push(performance.now() - t0);
                }
              }
              times.sort((a, b) => a - b);
              return times[Math.floor(times.length / 2)];
            }""",
            rounds,
        )
        browser.close()
    return [
        ("replay_step_ms", round(median, 2), "ms"),
        ("replay_build_ms", round(build_ms, 1), "ms"),
        ("replay_page_kb", round(len(viewer.encode("utf-8")) / 1000, 1), "kB"),
    ]


def bench_tournament(quick: bool) -> list[Figure]:
    """The three-way tournament (context) and the head-to-head duplicate match (the comparison).

    Every figure is computed by the methods the book's page of the computer players uses:
    :meth:`TournamentResult.standing` and :meth:`~TournamentResult.difference` (mean zero-sum gain per
    hand with its 95% t interval), :attr:`~TournamentResult.pool_per_hand` and
    :meth:`MatchResult.difference` and :meth:`~MatchResult.p_value` (the sign-flip test).

    ``tournament_pool_per_hand``: the stakes left on the table, what went into the pool on average
    per hand (negative: out of it).  The pool is played for in later hands, so it is charged to the
    three players alike (each seat scores its own gain less the three seats' average);
    ``tournament_gain_sum_per_hand``, the three kinds' mean gains added, shows that this scoring
    is zero-sum.  ``match_*``: the Monte Carlo player against the rule of thumb in the same seat of
    the same deal (with ``--quick``, the book's own match: 24 deals, seed 0).
    """
    from ombre.engine.players import match, tournament

    try:  # with numpy the Monte Carlo player's bid rollouts are played at once: the same results
        from ombre.batch import FACTORIES as factories
    except ImportError:
        factories = None
    deals = 24 if quick else 240
    t0 = time.process_time()
    r = tournament(deals, seed=0, factories=factories)
    secs = time.process_time() - t0
    short = {"monte-carlo": "strong", "rule-of-thumb": "rule_of_thumb", "random": "random"}
    figures: list[Figure] = [("tournament_deals", r.deals, "deals"), ("tournament_hands", r.hands, "hands")]
    unit = r.unit.replace(" ", "_") + "/hand"
    for kind in r.kinds:
        m, lo, hi = r.standing(kind)
        name = f"tournament_{short[kind]}"
        figures += [
            (f"{name}_mean", round(m, 2), unit),
            (f"{name}_ci_low", round(lo, 2), unit),
            (f"{name}_ci_high", round(hi, 2), unit),
            (f"{name}_ombre_won", r.ombre_wins[kind], f"of_{r.ombre_hands[kind]}"),
        ]
    for a, b in (("monte-carlo", "rule-of-thumb"), ("rule-of-thumb", "random")):
        m, lo, hi = r.difference(a, b)
        name = f"tournament_{short[a]}_minus_{short[b]}"
        figures += [
            (f"{name}_mean", round(m, 2), unit),
            (f"{name}_ci_low", round(lo, 2), unit),
            (f"{name}_ci_high", round(hi, 2), unit),
        ]
    figures += [
        ("tournament_pool_per_hand", round(r.pool_per_hand, 2), f"{unit}_charged_to_all_three_alike"),
        ("tournament_gain_sum_per_hand", round(sum(r.standing(k)[0] for k in r.kinds), 2) + 0.0, unit),
        ("tournament_cpu_s", round(secs, 1), "s"),
    ]

    t0 = time.process_time()
    duel = match(deals, seed=0, factories=factories)
    secs = time.process_time() - t0
    m, lo, hi = duel.difference()
    figures += [
        ("match_deals", duel.deals, "deals"),
        ("match_strong_minus_rule_of_thumb_mean", round(m, 2), unit),
        ("match_strong_minus_rule_of_thumb_ci_low", round(lo, 2), unit),
        ("match_strong_minus_rule_of_thumb_ci_high", round(hi, 2), unit),
        ("match_sign_flip_p", float(f"{duel.p_value():.3g}"), "p_two_sided"),  # 1/20001 at the least
        ("match_same_gain_hands", duel.same, f"of_{duel.hands}"),
        ("match_both_ombre_strong_won", duel.both_challenger_wins, f"of_{duel.both_ombre}"),
        ("match_both_ombre_rule_of_thumb_won", duel.both_baseline_wins, f"of_{duel.both_ombre}"),
        ("match_cpu_s", round(secs, 1), "s"),
    ]
    return figures


def bench_mc(quick: bool) -> list[Figure]:
    """The Monte Carlo player's move in play (median CPU ms), beside how often it is the best card.

    The positions are seeded: deal ``mc-I`` is bid and played by the rule of thumb at every seat
    until the ``I % 6``-th decision (counting from the first) between two or more cards of a seat
    holding no more than the player's ``depth`` cards (where it searches rather than following the
    rule of thumb).  Each move is made by a fresh ``make_player("monte-carlo", seed=I)`` (no table
    kept from an earlier move) and timed once.  ``mc_move_dd_agree`` is the share of moves that
    are a best card double dummy, from the true deal (the solver's outcome objective, from the
    mover's side); ``mc_move_dd_loss`` the mean outcome steps (codille 0 .. vole 3) given away
    against that best card.  Neither figure depends on the machine's speed.
    """
    import statistics

    from ombre.engine.game import Deal, GameState, Phase, Play
    from ombre.engine.players import MonteCarloPlayer, RuleOfThumbPlayer, make_player
    from ombre.engine.solver import Position, Solver

    depth = MonteCarloPlayer().depth
    rot = RuleOfThumbPlayer()
    times: list[float] = []
    agree = 0
    loss = 0.0
    for i in range(12 if quick else 60):
        state = GameState(Deal.random(seed=f"mc-{i}", dealer=i % 3))
        skip = i % 6
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            legal = [a for a in view.legal_actions if isinstance(a, Play)]
            if state.phase is Phase.PLAY and len(legal) > 1 and len(view.hand) <= depth:
                if skip == 0:
                    break
                skip -= 1
            state.apply(rot.choose(view))
        if state.is_terminal():
            continue  # passed out, or no such decision: the next deal
        seat = state.current_player
        assert seat is not None and state.trump is not None and state.ombre is not None
        player = make_player("monte-carlo", seed=i)
        view = state.view(seat)
        t0 = time.process_time()
        action = player.choose(view)
        times.append(time.process_time() - t0)
        assert isinstance(action, Play)
        sign = 1 if seat == state.ombre else -1
        values = Solver(state.trump, state.ombre, "outcome").analyse(Position.from_state(state))
        best = max(sign * v for v in values.values())
        agree += sign * values[action.card] == best
        loss += best - sign * values[action.card]
    n = len(times)
    return [
        ("mc_move_median_ms", round(statistics.median(times) * 1000, 1), "ms"),
        ("mc_move_positions", n, "positions"),
        ("mc_move_dd_agree", round(100 * agree / n, 1), "%"),
        ("mc_move_dd_loss", round(loss / n, 3), "outcome_steps/move"),
    ]


def bench_mc_bid(quick: bool) -> list[Figure]:
    """The Monte Carlo player's bid (median CPU ms), its rollouts played one by one and in a batch.

    The views are seeded: deal ``mc-bid-I``, the eldest hand to speak first.  Each bid is made by a
    fresh ``make_player("monte-carlo", seed=I)`` and, with numpy, by ``ombre.batch.monte_carlo_player(I)``
    (the same bid: checked here), each timed once.  ``mc_bid_rollouts``, the hands played out for one
    bid (``bid_samples`` worlds for each bid and trump tried), does not depend on the machine.
    """
    import statistics

    from ombre.engine.game import Deal, GameState
    from ombre.engine.players import MonteCarloPlayer, _rollouts_by_rule_of_thumb, make_player

    try:
        from ombre.batch import monte_carlo_player
    except ImportError:  # numpy is optional
        monte_carlo_player = None
    scalar: list[float] = []
    batch: list[float] = []
    rollouts: list[int] = []  # the hands each bid played out

    def counted(states: Sequence[GameState]) -> list[list[float]]:
        rollouts.append(len(states))
        return _rollouts_by_rule_of_thumb(states)

    for i in range(10 if quick else 40):
        deal = Deal.random(seed=f"mc-bid-{i}", dealer=i % 3)
        view = GameState(deal).view(deal.eldest)
        player = make_player("monte-carlo", seed=i)
        t0 = time.process_time()
        bid = player.choose(view)
        scalar.append(time.process_time() - t0)
        assert MonteCarloPlayer(seed=i, rollouts=counted).choose(view) == bid
        if monte_carlo_player is not None:
            fast = monte_carlo_player(i)
            t0 = time.process_time()
            assert fast.choose(view) == bid
            batch.append(time.process_time() - t0)
    figures: list[Figure] = [
        ("mc_bid_median_ms", round(statistics.median(scalar) * 1000, 1), "ms"),
        ("mc_bid_rollouts", statistics.median(rollouts), "hands/bid"),
    ]
    if batch:
        figures.append(("mc_bid_batch_median_ms", round(statistics.median(batch) * 1000, 1), "ms"))
    return figures


def bench_solve(quick: bool) -> list[Figure]:
    """The double-dummy solver: whole deals from the first lead, and the analysis of Belinda's game.

    A deal's time is the best of a few solves, each by a fresh :class:`Solver` (no table is shared
    between them); the figure is the median over the deals.  ``solve_median_positions`` (the
    median of the trick-start positions searched a deal) does not depend on the machine's speed.
    """
    import statistics

    from ombre.belinda import replay
    from ombre.engine.solver import Solver, analyse_game, random_position

    deals = [random_position(seed) for seed in range(20 if quick else 100)]
    Solver(deals[0].trump, deals[0].ombre).value(deals[0])  # warm the shared tables
    repeats = 1 if quick else 3
    figures: list[Figure] = []
    for objective, name in (("tricks", "solve_median_ms"), ("outcome", "solve_outcome_median_ms")):
        times = [float("inf")] * len(deals)
        nodes = [0] * len(deals)
        for _ in range(repeats):  # every deal, then every deal again: a busy spell spoils one solve of a deal
            for i, pos in enumerate(deals):
                t0 = time.process_time()
                solver = Solver(pos.trump, pos.ombre, objective)  # type: ignore[arg-type]
                solver.value(pos)
                times[i] = min(times[i], time.process_time() - t0)
                nodes[i] = solver.stats.nodes
        figures.append((name, round(statistics.median(times) * 1000, 2), "ms"))
        if objective == "tricks":
            figures.append(("solve_median_positions", statistics.median(nodes), "positions"))
            figures.append(("solve_positions_per_s", round(sum(nodes) / sum(times)), "positions/s"))
    state = replay("pole").state
    secs = _best(lambda: analyse_game(state), 3)
    figures.append(("belinda_analysis_s", round(secs, 4), "s"))
    return figures


def bench_records(quick: bool) -> list[Figure]:
    """Reading game records: megabytes of record text read a second (lexed, parsed, built).

    The file is generated: the specimen game repeated, each copy with long comments on its
    sections and tricks, as an annotated collection has them (about 4 MB; 1 MB with ``--quick``).
    """
    from ombre.engine.record import example_text, parse_records

    verse = (
        "Spadillio first, unconquerable lord, led off two captive trumps, and swept the board. "
        "As many more Manillio forced to yield, and marched a victor from the verdant field. "
    )
    note = "{ " + verse * 3 + "}"
    game = "\n".join(
        f"{line} {note}" if line[:1].isdigit() or line.startswith(("Bidding", "Trump")) else line
        for line in example_text("specimen.omb").splitlines()
    )
    copies = max(1, (1_000_000 if quick else 4_000_000) // len(game))
    text = "\n\n".join([game] * copies) + "\n"
    games, problems = parse_records(text)
    assert len(games) == copies and not problems, problems[:1]
    secs = _best(lambda: parse_records(text), 2 if quick else 3)
    return [("record_read_mb_per_s", round(len(text.encode("utf-8")) / 1e6 / secs, 2), "MB/s")]


def page_weights(html_dir: Path) -> dict[str, int]:
    """The bytes each built page costs a first visit, by its path in ``html_dir``: its HTML, the
    scripts, stylesheets, images and icon it loads from the build, and what those stylesheets load
    (imports, images, and each declared font face's first source: a browser fetches only the faces a
    page shows, so the fonts are counted at most).  Every file counts once a page."""
    from html.parser import HTMLParser
    from urllib.parse import unquote, urlsplit

    url_in_css = re.compile(r"""@import\s+(?:url\()?["']?([^"')\s;]+)|url\(\s*["']?([^"')]+)["']?\s*\)""")
    font_face = re.compile(r"@font-face\s*{[^}]*}")

    def local(base: Path, ref: str) -> Path | None:
        parts = urlsplit(ref)
        if parts.scheme or parts.netloc or not parts.path:  # data:, another host, a fragment
            return None
        target = (base.parent / unquote(parts.path)).resolve()
        return target if target.is_file() and html_dir in target.parents else None

    def css_files(sheet: Path, seen: set[Path]) -> None:
        text = sheet.read_text(encoding="utf-8", errors="replace")
        # a font face by its first source only (woff2 before ttf, as a browser chooses)
        found = [url_in_css.search(face) for face in font_face.findall(text)]
        found += url_in_css.finditer(font_face.sub("", text))
        for m in found:
            target = local(sheet, m.group(1) or m.group(2)) if m else None
            if target is not None and target not in seen:
                seen.add(target)
                if target.suffix == ".css":
                    css_files(target, seen)

    class Loads(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.refs: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag in ("script", "img", "source") and a.get("src"):
                self.refs.append(a["src"] or "")
            rel = (a.get("rel") or "").split()
            if tag == "link" and a.get("href") and {"stylesheet", "preload", "icon"} & set(rel):
                self.refs.append(a["href"] or "")

    weights: dict[str, int] = {}
    for page in sorted(html_dir.rglob("*.html")):
        if {"_static", "_sources"} & set(page.relative_to(html_dir).parts):
            continue
        parser = Loads()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        seen: set[Path] = {page.resolve()}
        for ref in parser.refs:
            target = local(page, ref)
            if target is not None and target not in seen:
                seen.add(target)
                if target.suffix == ".css":
                    css_files(target, seen)
        weights[page.relative_to(html_dir).as_posix()] = sum(f.stat().st_size for f in seen)
    return weights


def bench_page(quick: bool) -> list[Figure]:
    """What a first visit to a page of the built book downloads (``_build/html``, or BOOK_HTML):
    the median and the largest over the pages, in kB (1000 bytes)."""
    import os
    import statistics

    html_dir = Path(os.environ.get("BOOK_HTML", Path(__file__).resolve().parents[1] / "_build" / "html"))
    if not (html_dir / "index.html").is_file():
        raise SystemExit(f"benchmarks: the book is not built at {html_dir}: run `make build` first")
    weights = list(page_weights(html_dir.resolve()).values())
    return [
        ("page_weight_kb_median", round(statistics.median(weights) / 1000), "kB"),
        ("page_weight_kb_largest", round(max(weights) / 1000), "kB"),
    ]


def bench_browser_whatif(quick: bool) -> list[Figure]:
    """One What if answer in headless Chromium on the served book (median, ms): Belinda's game branched.

    The engine is started first (not timed); each answer is a branch of the published
    reconstruction at one step, played on by the double-dummy solver, from the page's call to
    the worker until its HTML is back.  Needs the built book (``make build``).
    """
    import os
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.browser.conftest import LAUNCH_ARGS, serve

    html_dir = Path(os.environ.get("BOOK_HTML", Path(__file__).resolve().parents[1] / "_build" / "html"))
    if not (html_dir / "book" / "belinda" / "tricks.html").is_file():
        raise SystemExit(f"benchmarks: the book is not built at {html_dir}: run `make build` first")
    rounds = 3 if quick else 15
    chromium = os.environ.get("OMBRE_CHROMIUM", "/usr/bin/chromium")
    server = serve(html_dir)
    url = next(server)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            page = browser.new_page()
            page.goto(f"{url}/book/belinda/tricks.html")
            median: float = page.evaluate(
                """async (rounds) => {
                  const data = document.querySelector('#pole').omViewer.data;
                  const ask = (m, p) => OmbreLive.call(m, Object.assign({record: data.rec}, p));
                  const opts = await ask('whatif.options', {step: 9});
                  const times = [];
                  for (let r = 0; r < rounds; r++) {
                    const card = opts.legal[r % opts.legal.length].card;
                    const t0 = performance.now();
                    await ask('whatif.branch', {step: 9, card: card});
                    times.push(performance.now() - t0);
                  }
                  times.sort((a, b) => a - b);
                  return times[Math.floor(times.length / 2)];
                }""",
                rounds,
            )
            browser.close()
    finally:
        server.close()
    return [("browser_whatif_ms", round(median, 1), "ms")]


def _served_book(page_path: str) -> Path:
    """The built book's folder (``_build/html`` or BOOK_HTML), refusing one without ``page_path``."""
    import os

    html_dir = Path(os.environ.get("BOOK_HTML", Path(__file__).resolve().parents[1] / "_build" / "html"))
    if not (html_dir / page_path).is_file():
        raise SystemExit(f"benchmarks: the book is not built at {html_dir}: run `make build` first")
    return html_dir


def bench_browser_ready(quick: bool) -> list[Figure]:
    """The live engine's cold start (s): a new browser context (empty cache) opens the deals page
    and asks for the engine; from that first use until it answers ready.  The median of three
    cold starts (one with ``--quick``)."""
    import os
    import statistics

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.browser.conftest import LAUNCH_ARGS, serve

    html_dir = _served_book("book/belinda/deals.html")
    chromium = os.environ.get("OMBRE_CHROMIUM", "/usr/bin/chromium")
    server = serve(html_dir)
    url = next(server)
    times: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            for _ in range(1 if quick else 3):
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{url}/book/belinda/deals.html")
                secs: float = page.evaluate(
                    """async () => {
                      const t0 = performance.now();
                      await OmbreLive.call('ready');
                      return (performance.now() - t0) / 1000;
                    }"""
                )
                times.append(secs)
                context.close()
            browser.close()
    finally:
        server.close()
    return [("browser_engine_ready_s", round(statistics.median(times), 2), "s")]


def bench_browser_solve(quick: bool) -> list[Figure]:
    """The double-dummy solver in the browser's worker and in CPython, on the deals bench_solve
    uses (seeds 0-99; 20 with ``--quick``), by the same function
    (:func:`ombre.display.browser.solve.seeded`, best of three solves a deal): the median ms a
    deal in each, and the values must agree."""
    import os
    import statistics

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from ombre.display.browser.solve import seeded
    from tests.browser.conftest import LAUNCH_ARGS, serve

    html_dir = _served_book("book/belinda/deals.html")
    seeds = list(range(20 if quick else 100))
    repeats = 1 if quick else 3
    chromium = os.environ.get("OMBRE_CHROMIUM", "/usr/bin/chromium")
    server = serve(html_dir)
    url = next(server)
    before = seeded(seeds, repeats)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            page = browser.new_page()
            page.goto(f"{url}/book/belinda/deals.html")
            browser_out = page.evaluate(
                "([seeds, repeats]) => OmbreLive.call('solve.seeded', {seeds: seeds, repeats: repeats})",
                [seeds, repeats],
            )
            browser.close()
    finally:
        server.close()
    after = seeded(seeds, repeats)
    if not browser_out["tricks"] == before["tricks"] == after["tricks"]:
        raise SystemExit("benchmarks: the browser's solver and CPython's disagree on the benchmark deals")
    # CPython runs before and after the browser (never beside it: two cores); the quieter run counts
    cpython_ms = min(statistics.median(before["ms"]), statistics.median(after["ms"]))
    return [
        ("browser_solve_median_ms", round(statistics.median(browser_out["ms"]), 2), "ms"),
        ("solve_median_ms_cpython", round(cpython_ms, 2), "ms"),
    ]


def bench_browser(quick: bool) -> list[Figure]:
    """The live engine in the browser: its cold start, the solver, a What if answer."""
    return bench_browser_ready(quick) + bench_browser_solve(quick) + bench_browser_whatif(quick)


def bench_lite(quick: bool) -> list[Figure]:
    """The notebooks in JupyterLite (wall-clock, headless Chromium, a fresh profile: a cold start).

    ``lite_site_mb``: the size of ``_build/html/lite``; ``lite_kernel_ready_s``: opening
    ``replay-belinda`` until its kernel is idle; ``lite_run_all_s``: running all its cells.
    Needs the built book (``make build``). Wall-clock: on a shared machine, note the load.
    """
    import os

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.browser.conftest import LAUNCH_ARGS, serve
    from tests.browser.lite import open_notebook, run_all

    html_dir = Path(os.environ.get("BOOK_HTML", Path(__file__).resolve().parents[1] / "_build" / "html"))
    site = html_dir / "lite"
    if not (site / "jupyter-lite.json").is_file():
        raise SystemExit(f"benchmarks: no JupyterLite site at {site}: run `make build` first")
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file()) / 1e6
    chromium = os.environ.get("OMBRE_CHROMIUM", "/usr/bin/chromium")
    server = serve(html_dir)
    url = next(server)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            page = browser.new_page()
            ready = open_notebook(page, url, "replay-belinda")
            ran = run_all(page)
            browser.close()
    finally:
        server.close()
    load = os.getloadavg()[0]
    return [
        ("lite_site_mb", round(size, 1), "MB"),
        ("lite_kernel_ready_s", round(ready, 1), "s"),
        ("lite_run_all_s", round(ran, 1), "s"),
        ("lite_load_average", round(load, 1), "processes"),
    ]


def bench_sweep(quick: bool) -> list[Figure]:
    """Deals of Belinda's game solved a second by ``python -m ombre sweep``: one worker, every local core.

    Wall-clock time (the workers are other processes), start-up of the worker pool included; the
    reading with both interpretations, a sample of the same seed each time.
    """
    import os

    from ombre.belinda.sweep import SweepSpec, _count, run_sweep

    n = 16 if quick else 96
    spec = SweepSpec("readings", "baron-second", "sample", deals=n, seed=1)
    _count(spec.reading, spec.seating)  # the count, made once a process, is not the sweep's rate

    def rate(workers: int) -> float:
        t0 = time.perf_counter()
        run_sweep(spec, workers=workers, chunk=4, progress=False)
        return n / (time.perf_counter() - t0)

    one = rate(1)
    cores = os.cpu_count() or 1
    every = rate(cores)
    return [
        ("sweep_deals_per_s", round(one, 2), "deals/s"),
        ("sweep_deals_per_s_all_cores", round(every, 2), "deals/s"),
        ("sweep_scaling", round(every / one, 2), "x"),
    ]


GROUPS: dict[str, Callable[[bool], list[Figure]]] = {
    "playouts": bench_playouts,
    "tournament": bench_tournament,
    "mc": bench_mc,
    "mc_bid": bench_mc_bid,
    "book": bench_book,
    "replay": bench_replay,
    "solve": bench_solve,
    "records": bench_records,
    "page": bench_page,
    "browser": bench_browser,
    "lite": bench_lite,
    "sweep": bench_sweep,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", metavar="GROUP", help=f"run one group: {', '.join(GROUPS)}")
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    args = parser.parse_args(argv)
    if args.only is not None and args.only not in GROUPS:
        print(f"benchmarks: unknown group {args.only!r} (groups: {', '.join(GROUPS)})", file=sys.stderr)
        return 2
    names = [args.only] if args.only else list(GROUPS)
    try:
        for name in names:
            for fig_name, value, unit in GROUPS[name](args.quick):
                print(f"{fig_name} {value:g} {unit}", flush=True)
    except BrokenPipeError:  # e.g. piped into head
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
