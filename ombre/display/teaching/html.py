"""Exercises as static HTML that check answers in the browser, with no kernel.

:func:`exercise_set_html` renders an :class:`~ombre.teaching.ExerciseSet`
(or any exercises) as one self-contained element: for each question a form
with radio buttons or a text box, a *Check* button, a feedback line that
screen readers announce (``role="status"``, ``aria-live="polite"``), a hint,
and the worked solution behind a ``<details>`` toggle.  Everything the page
needs to judge an answer, including the explanation of every choice, was
computed by the engine when the page was built and is embedded as JSON; the
script only compares.  Nothing about the answer is shown until the student
answers, except by opening the solution.

``solutions=False`` makes a students' page: no Solution toggle, and neither the answer in words nor
the worked solution anywhere in the page's source (a right answer is told "Right." and why, where a
choice's feedback says why).  The script still needs to know which choice is right and the number
to compare with, so those are in the page's data, as a key is in any page that marks itself; a
handout that must hold no key at all is the students' notebook (:mod:`ombre.teaching.handouts`),
whose answers are checked by the kernel.

The numeric check uses the same reading and the same tolerance rule as
:func:`ombre.teaching.parse_number` and :func:`ombre.teaching.numbers_match`
(fractions, decimals, percentages, ``1 in N``), so the static page and the
notebook widget agree.

>>> from ombre.teaching import exercise_set
>>> html = exercise_set_html(exercise_set("order"))
>>> html.count('role="status"'), html.count("<details"), '<script type="application/json"' in html
(5, 10, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape

from ombre.display.cardtext import card_names, card_text_html
from ombre.display.svg import cards_html
from ombre.teaching import Exercise, ExerciseSet

#: what a numeric answer may be written as, shown beside every answer box (here and in the widgets)
ANSWER_FORMAT_HTML = "a number, a fraction (3/8), a percentage or &#8220;1 in N&#8221;"

__all__ = [
    "exercise_html",
    "exercise_set_html",
    "exercise_text_html",
    "standalone_page",
    "EXERCISE_CSS",
    "EXERCISE_JS",
]

#: The style of the exercise forms, written with them (:func:`exercise_set_html`).
EXERCISE_CSS = """
.ombre-exset{--ombre-ex-ok:#1b6e2d;--ombre-ex-bad:#a3161c;margin:1rem 0}
html[data-theme=dark] .ombre-exset{--ombre-ex-ok:#7fd08f;--ombre-ex-bad:#ff9c9c}
.ombre-ex{border:1px solid currentColor;border-color:rgba(127,127,127,.45);border-radius:6px;
  padding:.75rem 1rem;margin:1rem 0}
.ombre-ex h2,.ombre-ex h3{margin-top:0;font-size:1.15rem}
.ombre-ex fieldset{border:0;margin:0;padding:0}
.ombre-ex legend,.ombre-ex .ombre-ex-prompt{font-size:1rem;line-height:1.5;font-weight:600;
  margin-bottom:.5rem;padding:0}
.ombre-ex-choice{display:flex;gap:.5rem;align-items:baseline;margin:.25rem 0}
.ombre-ex-choice input{transform:scale(1.2)}
.ombre-ex input[type=text]{font:inherit;padding:.2rem .4rem;min-width:12rem;
  border:1px solid rgba(127,127,127,.8);border-radius:4px;background:transparent;color:inherit}
.ombre-ex button{font:inherit;margin:.5rem .5rem 0 0;padding:.25rem .9rem;border-radius:4px;
  border:1px solid currentColor;background:transparent;color:inherit;cursor:pointer}
.ombre-ex button:focus-visible,.ombre-ex summary:focus-visible,.ombre-ex input:focus-visible{
  outline:3px solid #3b82f6;outline-offset:2px}
.ombre-ex-feedback{margin:.5rem 0;min-height:1.5em}
.ombre-ex-feedback.ombre-ex-right{color:var(--ombre-ex-ok)}
.ombre-ex-feedback.ombre-ex-wrong{color:var(--ombre-ex-bad)}
.ombre-ex-feedback strong{font-weight:700}
.ombre-ex details{margin:.35rem 0}
.ombre-ex summary{cursor:pointer;font-weight:600}
.ombre-ex-quote{margin:.5rem 0 .75rem;padding-left:.75rem;border-left:3px solid rgba(127,127,127,.6);
  font-style:italic}
.ombre-ex-quote p{margin:0}
.ombre-ex-ln{font-style:normal;font-size:.8em;margin-right:.6em;opacity:.8}
.ombre-ex-cards{margin:.25rem 0 .6rem}
.ombre-ex-source{font-size:.9em;opacity:.85}
"""

#: The checking script.  It is defined once per page (guarded by a flag on window) and works on
#: every exercise form present now or added later, through one delegated listener.
EXERCISE_JS = r"""
(function () {
  if (window.ombreExercises) { return; }
  // as parse_number: a comma groups thousands (273,438,880) or is a decimal comma (0,225)
  function normalised(raw) {
    var t = String(raw).toLowerCase().replace(/[\s\ufeff_]/g, "");
    return t.replace(/[\d.,]+/g, function (tok) {
      if (tok.indexOf(",") < 0) { return tok; }
      if (/^[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/.test(tok)) { return tok.replace(/,/g, ""); }
      if (tok.split(",").length === 2 && tok.indexOf(".") < 0) { return tok.replace(",", "."); }
      return tok;
    });
  }
  // as _ODDS_RE, _RATIO_RE and _ORDINAL_RE: 1 in N, 1 out of N, 1/N; 9 in 40; 8th
  var odds = /^(?:about)?1(?:in|outof|\/)(\d+(?:\.\d*)?)$/;
  var ratio = /^(?:about)?(\d+(?:\.\d*)?)(?:in|outof)(\d+(?:\.\d*)?)$/;
  var ordinal = /^(\d+)(?:st|nd|rd|th)$/;
  function readNumber(raw) {
    var t = normalised(raw);
    var num = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
    var m = odds.exec(t);
    if (m) { var d = parseFloat(m[1]); return d === 0 ? null : 1 / d; }
    m = ratio.exec(t);
    if (m) { var r = parseFloat(m[2]); return r === 0 ? null : parseFloat(m[1]) / r; }
    m = ordinal.exec(t);
    if (m) { return parseFloat(m[1]); }
    if (t.slice(-1) === "%" && num.test(t.slice(0, -1))) { return parseFloat(t.slice(0, -1)) / 100; }
    var slash = t.indexOf("/");
    if (slash >= 0) {
      var a = t.slice(0, slash), b = t.slice(slash + 1);
      if (num.test(a) && num.test(b)) { var q = parseFloat(b); return q === 0 ? null : parseFloat(a) / q; }
      return null;
    }
    if (num.test(t)) { return parseFloat(t); }
    return null;
  }
  function pow10(e) { return e >= 0 ? Math.pow(10, e) : 1 / Math.pow(10, -e); }
  function halfUnit(x, figures) {
    var e = Math.floor(Math.log10(Math.abs(x)));
    if (pow10(e) > Math.abs(x)) { e -= 1; } else if (pow10(e + 1) <= Math.abs(x)) { e += 1; }
    return 0.5 * pow10(e - figures + 1);
  }
  // as numbers_match: within the tolerances, or the same to sig significant figures (1 in N by N)
  function matches(v, ans, tol, rel, sig, isOdds) {
    if (Math.abs(v - ans) <= Math.max(tol, rel * Math.abs(ans)) + 1e-9 * Math.max(1, Math.abs(ans))) {
      return true;
    }
    if (!sig || ans === 0) { return false; }
    if (isOdds && v !== 0) { ans = 1 / ans; v = 1 / v; }
    return Math.abs(v - ans) <= halfUnit(ans, sig) + 1e-9 * Math.max(1, Math.abs(ans));
  }
  function judge(data, response) {
    if (data.format === "choice") {
      if (response === null || response === undefined || response === "") {
        return {correct: null, message: "Choose an answer first."};
      }
      var c = data.choices[Number(response)];
      return {correct: c.correct, message: (c.correct ? "Right. " : "Not right. ") + c.feedback};
    }
    if (String(response).trim() === "") { return {correct: null, message: "Type an answer first."}; }
    var v = readNumber(response);
    if (v === null || !isFinite(v)) {
      return {correct: null,
              message: "Cannot read that as a number: write e.g. 12, 0.375, 3/8, 37.5%, 1 in 4 or 8th."};
    }
    var isOdds = odds.test(normalised(response)), sig = data.sig_figs || 0;
    if (matches(v, data.number, data.tolerance, data.rel_tolerance, sig, isOdds)) {
      return {correct: true, message: data.solution ? "Right. " + data.solution : "Right."};
    }
    for (var i = 0; i < data.mistakes.length; i++) {
      if (matches(v, data.mistakes[i][0], data.tolerance, data.rel_tolerance, sig, isOdds)) {
        return {correct: false, message: "Not right. " + data.mistakes[i][1]};
      }
    }
    var dir = v > data.number ? "too high" : "too low";
    // the answer as the student wrote it, as Exercise.check echoes it
    return {correct: false, message: "Not right: " + String(response).trim() + " is " + dir + "." +
            (data.hint ? " Hint: " + data.hint : "")};
  }
  // the message as text, each card in it (K♥) a span named for screen readers
  function write(out, message, names) {
    var token = /(^|[^\w\u2660-\u2667])([AKQJ2-7][\u2660\u2663\u2665\u2666]\??)(?![\w\u2660-\u2667])/g;
    var at = 0, m;
    while ((m = token.exec(message)) !== null) {
      var start = m.index + m[1].length;
      // a ? after a card is the card's conjectural mark only if the names say so
      var card = m[2];
      if (!Object.prototype.hasOwnProperty.call(names, card)) { card = card.replace(/\?$/, ""); }
      if (!Object.prototype.hasOwnProperty.call(names, card)) { continue; }
      out.appendChild(document.createTextNode(message.slice(at, start)));
      var span = document.createElement("span");
      span.className = "ombre-card-text";
      span.setAttribute("role", "img");
      span.setAttribute("aria-label", names[card]);
      span.textContent = card;
      out.appendChild(span);
      at = start + card.length;
    }
    out.appendChild(document.createTextNode(message.slice(at)));
  }
  function dataFor(id) {
    var el = document.querySelector('script[data-ombre-ex-data="' + id + '"]');
    return el ? JSON.parse(el.textContent) : null;
  }
  function check(form) {
    var id = form.getAttribute("data-ombre-ex");
    var data = dataFor(id);
    var out = document.getElementById(id + "-feedback");
    if (!data || !out) { return; }
    var response;
    if (data.format === "choice") {
      var picked = form.querySelector("input[type=radio]:checked");
      response = picked ? picked.value : null;
    } else {
      response = form.querySelector("input[type=text]").value;
    }
    var verdict = judge(data, response);
    out.classList.remove("ombre-ex-right", "ombre-ex-wrong");
    if (verdict.correct === true) { out.classList.add("ombre-ex-right"); }
    if (verdict.correct === false) { out.classList.add("ombre-ex-wrong"); }
    out.textContent = "";
    // a fresh text node, so that screen readers announce a repeated message again
    window.setTimeout(function () { write(out, verdict.message, data.card_names || {}); }, 30);
    form.setAttribute("data-ombre-ex-answered", verdict.correct === null ? "" : String(verdict.correct));
  }
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form && form.hasAttribute && form.hasAttribute("data-ombre-ex")) {
      ev.preventDefault();
      check(form);
    }
  });
  window.ombreExercises = {
    readNumber: readNumber, matches: matches, judge: judge, check: check, write: write,
    normalised: normalised
  };
})();
"""


def exercise_text_html(text: str) -> str:
    """An exercise's text for HTML, each card a named span; an exercise never marks a card as
    conjectural, so a ``?`` after one ends a question (``May you play 2♠?``).

    >>> exercise_text_html("May you play 2♠?").endswith('>2♠</span>?')
    True
    """
    return card_text_html(text, conjectural=False)


def _dom_id(exercise_id: str, prefix: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in exercise_id)
    return f"{prefix}{safe}"


def exercise_html(
    ex: Exercise,
    number: int | None = None,
    *,
    heading_level: int = 2,
    prefix: str = "ex-",
    solutions: bool = True,
) -> str:
    """One exercise: question, answer form, announced feedback, hint and solution toggles, data.

    ``number`` is shown in the heading ("Question 3"); ``prefix`` starts every element id;
    ``solutions=False`` leaves out the Solution toggle and the answer and worked solution with it.

    >>> from ombre.teaching import find
    >>> h = exercise_html(find("order-1"), 1)
    >>> 'aria-live="polite"' in h and '<summary>Solution</summary>' in h and 'id="ex-order-1-answer"' in h
    True
    """
    did = _dom_id(ex.id, prefix)
    h = f"h{max(2, min(6, heading_level))}"
    title = f"Question {number}" if number is not None else "Question"
    parts = [
        f'<section class="ombre-ex" id="{did}" aria-labelledby="{did}-title">',
        f'<{h} id="{did}-title">{escape(title)}</{h}>',
    ]
    if ex.quote:
        lines = "".join(
            f'<p><span class="ombre-ex-ln">iii.{n}</span>{escape(text)}</p>' for n, text in ex.quote
        )
        first, last = ex.quote[0][0], ex.quote[-1][0]
        where = f"iii.{first}" + (f"-{last}" if last != first else "")
        parts.append(
            f'<blockquote class="ombre-ex-quote" aria-label="Pope, The Rape of the Lock, {where}">'
            f"{lines}</blockquote>"
        )
    if ex.cards:
        label = "Cards shown: " + ", ".join(c.name for c in ex.cards)
        parts.append(f'<div class="ombre-ex-cards">{cards_html(ex.cards, None, 40, label=label)}</div>')
    parts.append(f'<form class="ombre-ex-form" data-ombre-ex="{did}" novalidate>')
    if ex.choices:
        parts.append(f'<fieldset><legend id="{did}-prompt">{exercise_text_html(ex.prompt)}</legend>')
        for i, c in enumerate(ex.choices):
            cid = f"{did}-c{i}"
            parts.append(
                '<div class="ombre-ex-choice">'
                f'<input type="radio" name="{did}-choice" id="{cid}" value="{i}">'
                f'<label for="{cid}">{chr(ord("a") + i)}) {exercise_text_html(c.text)}</label></div>'
            )
        parts.append("</fieldset>")
    else:
        unit = f" ({escape(ex.unit)})" if ex.unit else ""
        precision = f". {escape(ex.precision)}" if ex.precision else ""
        parts.append(f'<p class="ombre-ex-prompt" id="{did}-prompt">{exercise_text_html(ex.prompt)}</p>')
        parts.append(
            f'<label for="{did}-answer">Your answer{unit}:</label> '
            f'<input type="text" id="{did}-answer" name="{did}-answer" inputmode="text" '
            'autocomplete="off" '
            f'spellcheck="false" aria-describedby="{did}-prompt {did}-format">'
            f' <span class="ombre-ex-source" id="{did}-format">{ANSWER_FORMAT_HTML}{precision}</span>'
        )
    parts.append('<div><button type="submit">Check</button></div></form>')
    parts.append(
        f'<div class="ombre-ex-feedback" id="{did}-feedback" role="status" aria-live="polite" '
        'aria-atomic="true"></div>'
    )
    if ex.hint:
        parts.append(f"<details><summary>Hint</summary><p>{exercise_text_html(ex.hint)}</p></details>")
    source = f'<p class="ombre-ex-source">Source: {escape(ex.source)}</p>' if ex.source else ""
    if solutions:
        parts.append(
            "<details><summary>Solution</summary>"
            f"<p><strong>Answer: {exercise_text_html(ex.answer_text)}.</strong> "
            f"{exercise_text_html(ex.solution)}</p>{source}</details>"
        )
    elif source:
        parts.append(source)
    record = ex.to_dict()
    if not solutions:  # what only a solution says: the script judges without it
        del record["solution"]
        record.pop("number_text", None)
    # the names of the cards in the feedback texts, for the script that writes them
    said = [c.feedback for c in ex.choices] + [ex.hint or ""] + [m[1] for m in ex.mistakes]
    said += [ex.solution] if solutions else []
    record["card_names"] = card_names(said, conjectural=False)
    data = json.dumps(record, ensure_ascii=False).replace("</", "<\\/")
    parts.append(f'<script type="application/json" data-ombre-ex-data="{did}">{data}</script>')
    parts.append("</section>")
    return "".join(parts)


def exercise_set_html(
    exercises: ExerciseSet | Iterable[Exercise],
    *,
    heading_level: int = 2,
    prefix: str = "ex-",
    solutions: bool = True,
) -> str:
    """A set (or list) of exercises as one element carrying its CSS and the checking script.

    The script is inline and defines itself once per page, so several sets can share a page.
    ``solutions=False`` writes the students' version (see :func:`exercise_html`).
    """
    items = list(exercises.exercises if isinstance(exercises, ExerciseSet) else exercises)
    body = "".join(
        exercise_html(ex, i + 1, heading_level=heading_level, prefix=prefix, solutions=solutions)
        for i, ex in enumerate(items)
    )
    return f'<div class="ombre-exset"><style>{EXERCISE_CSS}</style>{body}<script>{EXERCISE_JS}</script></div>'


def standalone_page(
    sets: Iterable[ExerciseSet], title: str = "Ombre exercises", *, solutions: bool = True
) -> str:
    """A complete HTML document holding the sets (for the browser tests, or to hand out offline);
    ``solutions=False`` hides the solutions by leaving them out (see :func:`exercise_html`).

    >>> from ombre.teaching import exercise_set
    >>> standalone_page([exercise_set("tricks")]).startswith("<!DOCTYPE html>")
    True
    """
    sections = []
    for s in sets:
        sections.append(
            f'<section aria-labelledby="set-{escape(s.key)}">'
            f'<h2 id="set-{escape(s.key)}">{escape(s.title)}</h2>'
            f"<p>{escape(s.intro)}</p>{exercise_set_html(s, heading_level=3, solutions=solutions)}</section>"
        )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">'
        f"<title>{escape(title)}</title></head><body><main><h1>{escape(title)}</h1>{''.join(sections)}</main>"
        "</body></html>\n"
    )
