"""The *Save my answers* button of an exercise set's static page: the answer file, saved in the browser.

Kept apart from :mod:`ombre.display.teaching.html` and its checking script: this script only listens.
After the page's own script has judged an answer (it marks the form ``data-ombre-ex-answered``), a
second listener on the same ``submit`` event, added later so run later, keeps the answer as typed (a
choice by its letter); the button writes the answer file of :mod:`ombre.teaching.collect` (format
``ombre-answers``, version 1) with the name and date the student typed, for the teacher's
``python -m ombre class-summary``.  Nothing leaves the browser: the file is a download.

>>> from ombre.teaching import exercise_set
>>> h = save_answers_html(exercise_set("order"))
>>> 'data-ombre-save="order"' in h and '"ex-order-1": "order-1"' in h
True
"""

from __future__ import annotations

import json
from html import escape

from ombre.teaching import ExerciseSet
from ombre.teaching.collect import ANSWERS_FORMAT, ANSWERS_VERSION

__all__ = ["save_answers_html", "SAVE_JS"]

#: The recording and saving script; one per page, for every set on it.
SAVE_JS = r"""
(function () {
  if (window.ombreSave) { return; }
  var tries = {};
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form || !form.hasAttribute || !form.hasAttribute("data-ombre-ex")) { return; }
    var verdict = form.getAttribute("data-ombre-ex-answered");
    if (verdict !== "true" && verdict !== "false") { return; }  // not read: asked again, not kept
    var all = document.querySelectorAll("script[data-ombre-save-ids]");
    var dom = form.getAttribute("data-ombre-ex"), id = null, i;
    for (i = 0; i < all.length && id === null; i++) {
      var ids = JSON.parse(all[i].textContent);
      if (ids[dom]) { id = ids[dom]; }
    }
    if (id === null) { return; }
    var picked = form.querySelector("input[type=radio]:checked");
    var text = picked ? "abcdefghij".charAt(Number(picked.value))
                      : form.querySelector("input[type=text]").value.trim();
    (tries[id] = tries[id] || []).push(text);
  });
  function save(button) {
    var wrap = button.closest("[data-ombre-save]");
    var info = JSON.parse(wrap.querySelector("script[data-ombre-save-ids]").textContent);
    var meta = JSON.parse(wrap.getAttribute("data-ombre-save-meta"));
    var answers = {}, key;
    for (key in info) { if (tries[info[key]]) { answers[info[key]] = tries[info[key]].slice(); } }
    var file = {
      format: meta.format, version: meta.version, set: meta.set, seed: meta.seed,
      student: wrap.querySelector("input[name=student]").value.trim(),
      date: wrap.querySelector("input[name=date]").value.trim(),
      answers: answers
    };
    var who = file.student.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "student";
    var blob = new Blob([JSON.stringify(file, null, 1) + "\n"], {type: "application/json"});
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "answers-" + meta.set + "-" + who + ".json";
    document.body.appendChild(a); a.click(); a.remove();
    wrap.querySelector("[role=status]").textContent =
      "Saved " + a.download + " with " + Object.keys(answers).length + " answered questions.";
    window.ombreSave.last = file;
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target;
    if (b && b.hasAttribute && b.hasAttribute("data-ombre-save-button")) { save(b); }
  });
  window.ombreSave = {tries: tries, save: save, last: null};
})();
"""


def save_answers_html(s: ExerciseSet, *, prefix: str = "ex-") -> str:
    """The name and date boxes and the *Save my answers* button for set ``s``, with the script that keeps
    the answers (``prefix`` as given to :func:`~ombre.display.teaching.html.exercise_set_html`)."""
    from ombre.display.teaching.html import _dom_id  # the forms' ids, written by that module

    ids = {_dom_id(ex.id, prefix): ex.id for ex in s}
    meta = {"format": ANSWERS_FORMAT, "version": ANSWERS_VERSION, "set": s.key, "seed": s.seed}
    did = f"save-{escape(s.key)}"
    data = json.dumps(ids).replace("</", "<\\/")
    return (
        f'<section class="ombre-ex ombre-save" data-ombre-save="{escape(s.key)}" '
        f"data-ombre-save-meta='{escape(json.dumps(meta))}' aria-labelledby=\"{did}-title\">"
        f'<h2 id="{did}-title">Hand in your answers</h2>'
        "<p>Every answer you check on this page is kept (in this page only, until you leave it). Write "
        "your name and the date, then save the file and hand it in.</p>"
        f'<p><label for="{did}-name">Name:</label> <input type="text" id="{did}-name" name="student" '
        f'autocomplete="name"> <label for="{did}-date">Date:</label> '
        f'<input type="text" id="{did}-date" name="date"></p>'
        '<div><button type="button" data-ombre-save-button>Save my answers</button></div>'
        '<p role="status" aria-live="polite"></p>'
        f'<script type="application/json" data-ombre-save-ids>{data}</script>'
        f"<script>{SAVE_JS}</script></section>"
    )
