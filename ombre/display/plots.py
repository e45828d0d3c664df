"""Figures for the probability lab and the tournament, in one small shared style, with alt text.

Every function returns a :class:`Plot`: the matplotlib figure and a text
alternative that says what the figure shows in words and numbers.  Show it
with :meth:`Plot.html` (an ``<img>`` with that ``alt`` and a caption, which
works the same in JupyterLab and in the built book) or just as the last
expression of a cell.

The figures never use pyplot's global state: they are built on
:class:`matplotlib.figure.Figure` directly, so nothing depends on a backend.

>>> from ombre.engine.probability import EVENTS, simulate
>>> sim = simulate(EVENTS["spadille"], trials=2000, seed=1)
>>> plot = convergence_plot(sim, EVENTS["spadille"].exact, "holding Spadille")
>>> plot.alt.startswith("Line chart: the simulated chance of holding Spadille")
True
>>> '<img alt="Line chart' in plot.html()
True
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from ombre.display.cardtext import card_text_html
from ombre.engine.players import TournamentResult
from ombre.engine.probability import Simulation, estimate_band, wilson_interval

__all__ = [
    "STYLE",
    "PALETTE",
    "Plot",
    "style",
    "convergence_plot",
    "tournament_plot",
    "interval_text",
    "table_html",
    "markdown_table",
    "progress_bar",
]

#: The class by which the book's Sphinx extension makes a Markdown table's first column its row headers.
ROW_HEADERS_CLASS = "ombre-row-headers"

#: The palette shared by every figure (the book's baize green, ink, and a period red and gold).
PALETTE: dict[str, str] = {
    "ink": "#1d1a16",
    "green": "#1f5a3a",
    "red": "#a3161c",
    "gold": "#9a7412",
    "grey": "#6b6455",
    "band": "#cfe3d6",
}

#: matplotlib settings shared by every figure: small, legible, plain.
STYLE: dict[Any, Any] = {
    "figure.figsize": (6.4, 3.6),
    "figure.dpi": 100,
    "savefig.dpi": 110,
    "font.family": "DejaVu Sans",
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "axes.edgecolor": PALETTE["grey"],
    "axes.labelcolor": PALETTE["ink"],
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#d9d4c7",
    "grid.linewidth": 0.6,
    "xtick.color": PALETTE["ink"],
    "ytick.color": PALETTE["ink"],
    "legend.frameon": False,
    "svg.hashsalt": "ombre",
}


@contextmanager
def style() -> Iterator[None]:
    """Apply :data:`STYLE` while a figure is drawn."""
    with matplotlib.rc_context(STYLE):
        yield


@dataclass
class Plot:
    """A figure with its text alternative and a caption."""

    figure: Figure
    alt: str
    caption: str = ""

    def png(self) -> bytes:
        """The figure as PNG bytes (no timestamp or software tag, so the bytes are reproducible)."""
        buf = io.BytesIO()
        with style():
            self.figure.savefig(buf, format="png", bbox_inches="tight", metadata={"Software": None})
        return buf.getvalue()

    def html(self) -> str:
        """A ``<figure>`` with the image inline (``alt`` = :attr:`alt`) and the caption."""
        data = base64.b64encode(self.png()).decode("ascii")
        cap = f"<figcaption>{html.escape(self.caption)}</figcaption>" if self.caption else ""
        return (
            f'<figure class="ombre-plot" style="margin:1em 0"><img alt="{html.escape(self.alt, quote=True)}" '
            f'src="data:image/png;base64,{data}" style="max-width:100%;height:auto">{cap}</figure>'
        )

    def _repr_html_(self) -> str:
        return self.html()


def _percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def convergence_plot(
    sim: Simulation,
    exact: Fraction | float | None,
    what: str,
    *,
    title: str | None = None,
    top: float | None = None,
) -> Plot:
    """The running estimate of a simulation against the exact chance, trials on a log scale.

    A shaded band shows the 95% interval around the exact value that an
    estimate from that many deals falls in, so the reader sees the estimate
    settle inside a band that narrows like one over the square root of the
    number of deals.  With ``exact=None`` (a chance nobody can count, such as
    winning against computer players) the band is the 95% interval of the
    estimate itself.

    ``top`` stops the chance axis there (a rare event's curve is otherwise
    flattened against zero by the first few estimates); estimates above it
    are drawn as triangles on the top edge, and the text alternative says how
    many.  The text alternative also says where the last estimate stands
    against the band and whether its own interval holds the exact value: a
    95% interval misses it about one time in twenty.

    >>> from ombre.engine.probability import EVENTS, simulate
    >>> event = EVENTS["all-matadors"]
    >>> plot = convergence_plot(simulate(event, 2000, seed=1), event.exact, "all three", top=0.03)
    >>> "The chance axis stops at 3.00%" in plot.alt
    True
    """
    if not sim.path:
        raise ValueError("the simulation kept no running estimates (points=0)")
    if top is not None and not 0 < top <= 1:
        raise ValueError(f"the top of the chance axis must be above 0 and at most 1, not {top}")
    ns = [n for n, _ in sim.path]
    est = [e for _, e in sim.path]
    lows, highs = [], []
    for n, e in sim.path:
        lo, hi = wilson_interval(round(e * n), n) if exact is None else estimate_band(float(exact), n)
        lows.append(lo)
        highs.append(hi)
    clipped = [(n, e) for n, e in sim.path if top is not None and e > top]
    with style():
        fig = Figure()
        ax = fig.add_subplot()
        band = "95% of estimates fall here" if exact is not None else "95% interval of the estimate"
        ax.fill_between(ns, lows, highs, color=PALETTE["band"], label=band, lw=0)
        if exact is not None:
            ax.axhline(
                float(exact), color=PALETTE["red"], lw=1.6, ls="--", label=f"exact: {_percent(float(exact))}"
            )
        ax.plot(ns, est, color=PALETTE["green"], lw=1.8, marker="o", ms=3, label="simulated estimate")
        if top is not None:
            ax.set_ylim(0, top)
            if clipped:
                ax.plot(
                    [n for n, _ in clipped],
                    [top] * len(clipped),
                    ls="none",
                    marker="^",
                    ms=6,
                    color=PALETTE["green"],
                    clip_on=False,
                    label=f"estimate above {_percent(top)}",
                )
        ax.set_xscale("log")
        ax.set_xlabel("deals simulated (log scale)")
        ax.set_ylabel("chance")
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
        default = (
            f"The chance of {what}: simulation against the exact count"
            if exact is not None
            else f"The chance of {what}: a simulation"
        )
        ax.set_title(title or default)
        ax.legend(loc="best")
        fig.tight_layout()
    lo, hi = sim.interval()
    first = est[0]
    ending = (
        f"The estimate starts at {_percent(first)} and ends at {_percent(sim.estimate)} after {sim.trials:,} "
        f"deals (95% interval {_percent(lo)} to {_percent(hi)})"
    )
    axis = ""
    if top is not None:
        axis = f" The chance axis stops at {_percent(top)}"
        if clipped:
            last = clipped[-1][0]
            one = len(clipped) == 1
            axis += (
                f"; {len(clipped)} {'estimate lies' if one else 'estimates lie'} above it "
                f"(the last after {last:,} deals) and {'is' if one else 'are'} drawn as triangles on the "
                "top edge"
            )
        axis += "."
    if exact is not None:
        p = float(exact)
        inside = lows[-1] <= sim.estimate <= highs[-1]
        where = (
            "inside the shaded band"
            if inside
            else f"{'below' if sim.estimate < p else 'above'} the exact value and outside the shaded band"
        )
        holds = (
            "includes the exact value"
            if lo <= p <= hi
            else "misses the exact value, as a 95% interval does about one time in twenty"
        )
        alt = (
            f"Line chart: the simulated chance of {what} after 1 to {sim.trials:,} random deals, on a "
            f"logarithmic axis, against the exact value {_percent(p)} drawn as a dashed line, inside a "
            f"shaded band that narrows around it. {ending}: the last estimate lies {where}, and its interval "
            f"{holds}.{axis}"
        )
        caption = (
            f"Simulated chance of {what}: {_percent(sim.estimate)} from {sim.trials:,} deals; "
            f"exact {_percent(p)}."
        )
    else:
        alt = (
            f"Line chart: the simulated chance of {what} after 1 to {sim.trials:,} random deals, on a "
            f"logarithmic axis. {ending}; the shaded band of its 95% interval narrows as deals are "
            f"added.{axis}"
        )
        caption = f"Simulated chance of {what}: {_percent(sim.estimate)} from {sim.trials:,} deals."
    if clipped:
        caption += f" Estimates above {_percent(top or 1.0)} are drawn on the top edge."
    return Plot(fig, alt, caption)


def tournament_plot(result: TournamentResult, *, names: dict[str, str] | None = None) -> Plot:
    """Each player's mean gain per hand with its 95% interval, as horizontal bars."""
    labels = names or {
        "monte-carlo": "Monte Carlo",
        "rule-of-thumb": "Rule of thumb (1665)",
        "random": "Random",
    }
    kinds = list(result.kinds)
    stats = [result.standing(k) for k in kinds]
    with style():
        fig = Figure(figsize=(6.4, 2.6))
        ax = fig.add_subplot()
        ys = list(range(len(kinds)))[::-1]
        colours = [PALETTE["green"], PALETTE["gold"], PALETTE["red"], PALETTE["grey"]]
        for y, (m, lo, hi), c in zip(ys, stats, colours, strict=False):
            ax.barh(y, m, color=c, height=0.6)
            ax.errorbar(m, y, xerr=[[m - lo], [hi - m]], color=PALETTE["ink"], capsize=4, lw=1.2)
        ax.axvline(0, color=PALETTE["grey"], lw=1)
        ax.set_yticks(ys, [labels.get(k, k) for k in kinds])
        ax.set_xlabel(f"mean gain per hand ({result.unit}), with 95% interval")
        ax.set_title(f"{result.deals} deals, each played three times")
        fig.tight_layout()
    parts = [
        f"{labels.get(k, k)} {m:+.1f} (95% interval {lo:+.1f} to {hi:+.1f})"
        for k, (m, lo, hi) in zip(kinds, stats, strict=True)
    ]
    alt = (
        f"Bar chart of the mean gain per hand in {result.unit} over {result.deals} deals: "
        + "; ".join(parts)
        + "."
    )
    return Plot(fig, alt, f"Tournament under the {result.rules} rules: gains per hand in {result.unit}.")


def table_html(
    header: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    row_headers: bool = True,
) -> str:
    """A plain, accessible HTML table (column headers with ``scope``, optional caption), cells escaped.

    For computed tables on book pages, where a Markdown table in a cell's output would not be
    rendered.  Every card written in the caption, a header or a cell (``A♠``) is a named
    ``role="img"`` span (:func:`~ombre.display.cardtext.card_text_html`); other text is escaped.
    The first cell of each row labels the row (a ``th`` with ``scope="row"``), unless
    ``row_headers`` is false.

    >>> t = table_html(["Card", "Place"], [["A♠", 1]], caption="Trumps")
    >>> t.startswith('<table class="ombre-table"') and ">Trumps</caption>" in t
    True
    >>> '">Place</th>' in t and 'aria-label="the Ace of Spades">A♠</span></th><td' in t
    True
    >>> t.count('scope="col"'), t.count('scope="row"')
    (2, 1)
    >>> corner = table_html(["", "Wins"], [["Baron", 3]])
    >>> corner.count("<th ") == 2 and corner.count("<td ") == 2
    True
    >>> table_html(["Card", "Place"], [["A♠", 1]], row_headers=False).count("<th ")
    2
    """
    cell = (
        ' style="padding:.25em .6em;border-bottom:1px solid rgba(127,127,127,.45);'
        'text-align:left;vertical-align:top"'
    )
    cap_style = "caption-side:top;text-align:left;font-weight:600"
    cap = f'<caption style="{cap_style}">{card_text_html(caption)}</caption>' if caption else ""
    # an empty corner cell is a plain cell, not an empty column header
    head = "".join(
        f'<th scope="col"{cell}>{card_text_html(str(h))}</th>' if str(h).strip() else f"<td{cell}></td>"
        for h in header
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<th scope="row"{cell}>{card_text_html(str(c))}</th>'
            if row_headers and i == 0
            else f"<td{cell}>{card_text_html(str(c))}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return (
        f'<table class="ombre-table" style="border-collapse:collapse;margin:.75em 0">{cap}'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def markdown_table(caption: str, table: str | Sequence[str], *, row_headers: int = 1) -> str:
    """A Markdown table (its lines, or the text) with a caption, as a MyST ``{table}`` directive.

    For Markdown shown by a code cell of a book page (rendered as MyST).  The caption is the
    table's ``<caption>``.  Its first ``row_headers`` columns label the rows: the table has the
    class ``ombre-row-headers`` (``ombre-row-headers-2`` for two columns, and so on), by which the
    book's Sphinx extension makes them row headers (``th scope="row"``).  A newline in the
    caption is a space.

    >>> print(markdown_table("Tricks won", ["| Reading | Tricks |", "|---|---:|", "| Pole | 5 |"]))
    :::{table} Tricks won
    :class: ombre-row-headers
    <BLANKLINE>
    | Reading | Tricks |
    |---|---:|
    | Pole | 5 |
    :::
    >>> markdown_table("Payments", "| From | To |\\n|---|---|", row_headers=2).splitlines()[:2]
    [':::{table} Payments', ':class: ombre-row-headers-2']
    >>> markdown_table("Calls", "| call | does |\\n|---|---|", row_headers=0).splitlines()[:2]
    [':::{table} Calls', '']
    """
    text = table if isinstance(table, str) else "\n".join(table)
    title = " ".join(caption.split())
    cls = ROW_HEADERS_CLASS if row_headers == 1 else f"{ROW_HEADERS_CLASS}-{row_headers}"
    options = f":class: {cls}\n" if row_headers > 0 else ""
    return f":::{{table}} {title}\n{options}\n{text.strip()}\n:::"


def interval_text(hits: int, trials: int) -> str:
    """``"22.40% (95% interval 20.6% to 24.3%)"`` for a simulation's count."""
    lo, hi = wilson_interval(hits, trials)
    return f"{_percent(hits / trials)} (95% interval {100 * lo:.1f}% to {100 * hi:.1f}%)"


def progress_bar(total: int, description: str = "Dealing") -> Callable[[int, int], None]:
    """A progress callback drawing an ipywidgets bar (for long simulations in JupyterLab).

    Pass it as ``progress=`` to :func:`ombre.engine.probability.simulate` or
    :func:`ombre.engine.players.tournament`.  It displays the bar when created.
    """
    import ipywidgets as widgets  # type: ignore[import-untyped]
    from IPython.display import display

    bar = widgets.IntProgress(value=0, min=0, max=total, description=description)
    label = widgets.Label(value=f"0 / {total:,}")
    display(widgets.HBox([bar, label]))  # type: ignore[no-untyped-call]

    def update(done: int, of: int) -> None:
        bar.max = of
        bar.value = done
        label.value = f"{done:,} / {of:,}"
        if done >= of:
            bar.bar_style = "success"

    return update
