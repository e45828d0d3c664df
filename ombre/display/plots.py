"""Figures for the probability lab and the tournament, in one small shared style, with alt text.

Every function returns a :class:`Plot`: the matplotlib figure and a text
alternative that says what the figure shows in words and numbers.  Show it
with :meth:`Plot.html` (an ``<img>`` with that ``alt`` and a caption, which
works the same in JupyterLab and in the built book) or just as the last
expression of a cell.  On a narrow screen the page shows a phone-sized
drawing of the same figure (:meth:`Plot.png` with ``phone=True``): shrunk to
a phone's width, the desktop figure's labels would be about 7 pixels high.

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
import pickle
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from ombre.display.html import estimate_text, percent
from ombre.engine.players import TournamentResult
from ombre.engine.probability import Simulation, estimate_band, wilson_interval
from ombre.words import signed

__all__ = [
    "STYLE",
    "PALETTE",
    "PHONE_FIGSIZE",
    "PHONE_MEDIA",
    "Plot",
    "phone_figure",
    "style",
    "convergence_plot",
    "tournament_plot",
]

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


#: The phone-sized figure (inches): about 440 px wide at ``savefig.dpi``, so a 390 px screen shows its
#: 10 pt labels at about 12 px; taller, so the legend can sit below the axes instead of over the data.
PHONE_FIGSIZE: tuple[float, float] = (4.0, 4.6)
#: The screens that get the phone-sized figure (the book's own breakpoint for phones).
PHONE_MEDIA = "(max-width: 600px)"


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

    def png(self, *, phone: bool = False) -> bytes:
        """The figure as PNG bytes (no timestamp or software tag, so the bytes are reproducible).

        With ``phone=True``, the same figure drawn for a phone (:func:`phone_figure`).
        """
        buf = io.BytesIO()
        with style():
            figure = phone_figure(self.figure) if phone else self.figure
            figure.savefig(buf, format="png", bbox_inches="tight", metadata={"Software": None})
        return buf.getvalue()

    def html(self) -> str:
        """A ``<figure>`` with the image inline (``alt`` = :attr:`alt`) and the caption.

        The image is a ``<picture>``: screens no wider than :data:`PHONE_MEDIA` load the
        phone-sized figure, the others (and whatever ignores ``<picture>``) the desktop one.  Its
        empty elements are closed (``/>``), as the EPUB's XHTML needs.
        """
        data = base64.b64encode(self.png()).decode("ascii")
        phone = base64.b64encode(self.png(phone=True)).decode("ascii")
        cap = f"<figcaption>{html.escape(self.caption)}</figcaption>" if self.caption else ""
        return (
            f'<figure class="ombre-plot" style="margin:1em 0"><picture>'
            f'<source media="{PHONE_MEDIA}" srcset="data:image/png;base64,{phone}" />'
            f'<img alt="{html.escape(self.alt, quote=True)}" src="data:image/png;base64,{data}" '
            f'style="max-width:100%;height:auto" /></picture>{cap}</figure>'
        )

    def _repr_html_(self) -> str:
        return self.html()


def phone_figure(figure: Figure) -> Figure:
    """A copy of ``figure`` drawn for a phone: :data:`PHONE_FIGSIZE`, titles wrapped to its width and
    the legend below the axes (on a narrow chart, a legend inside would cover the data).

    The copy is made by pickling, so the figure itself is left as it was.

    >>> with style():
    ...     fig = Figure()
    ...     ax = fig.add_subplot()
    ...     _ = ax.plot([1, 2], [3, 4], label="estimate")
    ...     _ = ax.set_title("The chance of being dealt all three matadors: simulation against the count")
    ...     _ = ax.legend()
    >>> small = phone_figure(fig)
    >>> small.get_size_inches().tolist(), fig.get_size_inches().tolist()
    ([4.0, 4.6], [6.4, 3.6])
    >>> print(small.axes[0].get_title())
    The chance of being dealt all three
    matadors: simulation against the count

    Panels side by side are stacked, each as tall as a one-panel phone figure:

    >>> with style():
    ...     pair = Figure(figsize=(7.6, 3.4))
    ...     left, right = pair.subplots(1, 2, sharey=True)
    >>> stacked = phone_figure(pair)
    >>> stacked.get_size_inches().tolist()
    [4.0, 9.2]
    >>> [ax.get_subplotspec().rowspan.start for ax in stacked.axes]
    [0, 1]
    """
    small: Figure = pickle.loads(pickle.dumps(figure))
    panels = [ax for ax in small.axes if ax.get_subplotspec() is not None]
    width, height = PHONE_FIGSIZE
    if len(panels) > 1:
        # panels side by side are stacked: a phone has the height, not the width
        column = small.add_gridspec(len(panels), 1)
        for i, ax in enumerate(panels):
            ax.set_subplotspec(column[i])
        height *= len(panels)
    small.set_size_inches(width, height)
    for ax in small.axes:
        ax.set_title(textwrap.fill(ax.get_title(), 38))
        if ax.get_legend() is not None:
            handles, labels = ax.get_legend_handles_labels()
            ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, -0.22))
    with style():
        small.tight_layout()
    return small


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
                float(exact), color=PALETTE["red"], lw=1.6, ls="--", label=f"exact: {percent(float(exact))}"
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
                    label=f"estimate above {percent(top)}",
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
    # the estimate as the sample supports it (80 deals: "75% (65% to 83%)", not "75.00% (64.52% ...")
    shown = estimate_text(sim.hits, sim.trials)
    said, interval = shown.split(" (", 1)
    ending = (
        f"The estimate starts at {first:.0%} and ends at {said} after {sim.trials:,} "
        f"deals (95% interval {interval.rstrip(')')})"
    )
    axis = ""
    if top is not None:
        axis = f" The chance axis stops at {percent(top)}"
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
            f"logarithmic axis, against the exact value {percent(p)} drawn as a dashed line, inside a "
            f"shaded band that narrows around it. {ending}: the last estimate lies {where}, and its interval "
            f"{holds}.{axis}"
        )
        caption = f"Simulated chance of {what}: {said} from {sim.trials:,} deals; exact {percent(p)}."
    else:
        alt = (
            f"Line chart: the simulated chance of {what} after 1 to {sim.trials:,} random deals, on a "
            f"logarithmic axis. {ending}; the shaded band of its 95% interval narrows as deals are "
            f"added.{axis}"
        )
        caption = f"Simulated chance of {what}: {said} from {sim.trials:,} deals."
    if clipped:
        caption += f" Estimates above {percent(top or 1.0)} are drawn on the top edge."
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
        f"{labels.get(k, k)} {signed(m, 1)} (95% interval {signed(lo, 1)} to {signed(hi, 1)})"
        for k, (m, lo, hi) in zip(kinds, stats, strict=True)
    ]
    alt = (
        f"Bar chart of the mean gain per hand in {result.unit} over {result.deals} deals: "
        + "; ".join(parts)
        + "."
    )
    return Plot(fig, alt, f"Tournament under the {result.rules} rules: gains per hand in {result.unit}.")
