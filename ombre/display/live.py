"""Live regions for the JupyterLab widgets: one persistent element that screen readers announce.

An ipywidgets ``HTML`` widget replaces the inside of its element on every change, so a
``<div aria-live="polite">`` written into its value is a new live region each time, and screen
readers often say nothing about a live region that appears together with its text.  ipywidgets
has no way to put ARIA attributes on a widget's own element, which is the one that stays.

Here the widget's own element carries the class ``ombre-live``, and a small script
(:data:`LIVE_SCRIPT`, shown once with each widget) gives every element of that class
``role="status"``, ``aria-live="polite"`` and ``aria-atomic="true"``, now and whenever one
is drawn later.  Only the text inside it changes afterwards, so each change is announced.
:func:`say` also makes a repeated message differ from the last one (a hidden count), so the
same message twice is announced twice.

>>> w = live_html()
>>> say(w, "You play the King of Hearts.")
>>> say(w, "You play the King of Hearts.")
>>> LIVE_CLASS in w._dom_classes, w.value.count("King of Hearts"), "(2)" in w.value
(True, 1, True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

__all__ = ["LIVE_CLASS", "LIVE_SCRIPT", "live_html", "say", "show_live_script", "display_with_live_regions"]

#: The class that marks a widget's element as a live region.
LIVE_CLASS = "ombre-live"

#: Gives every ``.ombre-live`` element its ARIA attributes, now and when drawn later.
LIVE_SCRIPT = """(function () {
  function mark(root) {
    var found = root.querySelectorAll ? root.querySelectorAll(".ombre-live") : [];
    var els = Array.prototype.slice.call(found);
    if (root.classList && root.classList.contains("ombre-live")) els.push(root);
    els.forEach(function (el) {
      if (el.getAttribute("aria-live") === "polite") return;
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
      el.setAttribute("aria-atomic", "true");
    });
  }
  mark(document);
  if (window.ombreLiveObserver) return;
  window.ombreLiveObserver = new MutationObserver(function (records) {
    records.forEach(function (r) {
      if (r.type === "attributes") mark(r.target);
      else r.addedNodes.forEach(function (n) { if (n.nodeType === 1) mark(n); });
    });
  });
  window.ombreLiveObserver.observe(document.body, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["class"]
  });
})();"""

_HIDDEN = (
    "position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
    "clip:rect(0,0,0,0);white-space:nowrap;border:0"
)


def live_html() -> widgets.HTML:
    """An HTML widget whose own (persistent) element is a polite live region."""
    w = widgets.HTML()
    w.add_class(LIVE_CLASS)
    return w


def say(w: widgets.HTML, message_html: str) -> None:
    """Put ``message_html`` in the live region ``w``; a repeat gets a hidden count so it is announced."""
    base = getattr(w, "_ombre_base", None)
    repeats = getattr(w, "_ombre_repeats", 1) + 1 if base == message_html else 1
    w._ombre_base = message_html
    w._ombre_repeats = repeats
    marker = f'<span style="{_HIDDEN}"> ({repeats})</span>' if repeats > 1 else ""
    w.value = f"<div>{message_html}{marker}</div>" if message_html else ""


def show_live_script() -> None:
    """Display the script that turns ``ombre-live`` elements into live regions (it shows nothing)."""
    from IPython.display import Javascript, display

    display(Javascript(LIVE_SCRIPT))  # type: ignore[no-untyped-call]


def display_with_live_regions(box: Any) -> None:
    """Display ``box`` after the script that turns its ``ombre-live`` elements into live regions."""
    from IPython.display import display

    show_live_script()
    display(box)  # type: ignore[no-untyped-call]
