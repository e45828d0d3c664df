"""A progress bar for a long simulation or tournament in JupyterLab (an ipywidgets bar and a count)."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["progress_bar"]


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
