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

import hashlib
import json
from collections.abc import Iterable
from html import escape

from ombre.display.cardtext import card_names, card_text_html
from ombre.display.svg import cards_html
from ombre.teaching import Exercise, ExerciseSet
from ombre.teaching.answers import COUNT_WORDS

#: what a numeric answer may be written as, shown beside every answer box (here and in the widgets)
ANSWER_FORMAT_HTML = "a number, a fraction (3/8), a percentage or &#8220;1 in N&#8221;"
#: the same for a count (:attr:`~ombre.teaching.Exercise.counts`): fractions are no answer to "how many"
COUNT_FORMAT_HTML = "a whole number, in figures or in words (12 or twelve)"


def answer_format_html(ex: Exercise) -> str:
    """What the answer box of ``ex`` takes, as shown beside it.

    >>> from ombre.teaching import find
    >>> answer_format_html(find("order-1"))
    'a whole number, in figures or in words (12 or twelve)'
    """
    return COUNT_FORMAT_HTML if ex.counts else ANSWER_FORMAT_HTML


__all__ = [
    "answer_format_html",
    "exercise_html",
    "exercise_set_html",
    "exercise_text_html",
    "question_tag",
    "set_tag",
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
.ombre-ex-progress{margin:.75rem 0;padding:.5rem .75rem;border:1px dashed rgba(127,127,127,.6);
  border-radius:6px}
.ombre-ex-progress p{margin:.25rem 0}
.ombre-ex-progress-head{font-weight:600}
.ombre-ex-progress button,.ombre-ex-progress select,.ombre-ex-progress input{font:inherit;
  margin:.25rem .5rem .25rem 0;padding:.2rem .6rem;border-radius:4px;border:1px solid currentColor;
  background:transparent;color:inherit}
.ombre-ex-progress button{cursor:pointer}
.ombre-ex-progress input{width:6rem}
.ombre-ex-progress :focus-visible{outline:3px solid #3b82f6;outline-offset:2px}
.ombre-ex-byseed{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 .25rem}
.ombre-exset button[aria-disabled=true]{opacity:.65;cursor:not-allowed}
.ombre-ex-more{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .75rem;margin-top:.25rem}
.ombre-ex-state{font-size:.9em;opacity:.85}
.ombre-ex-off{font-size:.9em}
.ombre-ex [tabindex="-1"]:focus{outline:none}
.ombre-ex [tabindex="-1"]:focus-visible{outline:3px solid #3b82f6;outline-offset:2px}
@media print{.ombre-ex-progress,.ombre-ex-more{display:none!important}}
"""

#: The checking script.  It is defined once per page (guarded by a flag on window) and works on
#: every exercise form present now or added later, through one delegated listener.
EXERCISE_JS = r"""
(function () {
  // defined once per page; a later set's copy only sets its own set up
  if (window.ombreExercises) { window.ombreExercises.setUpAll(); return; }
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
  // as _count_in_words: twelve, twenty-one, a hundred and twelve (the words are COUNT_WORDS)
  var countWords = __COUNT_WORDS__;
  var inWords = (function () {
    var all = Object.keys(countWords);
    var units = all.filter(function (w) { return countWords[w] < 20 && w !== "zero"; })
      .sort(function (a, b) { return b.length - a.length; }).join("|");
    var tens = all.filter(function (w) { return countWords[w] >= 20; }).join("|");
    return new RegExp("^(?:(?:(a|" + units + ")hundred(?:and)?)?(?:(" + tens + ")-?)?(" + units +
                      ")?|zero)$");
  })();
  function countInWords(t) {
    var m = inWords.exec(t);
    if (!m || t === "") { return null; }
    if (t === "zero") { return 0; }
    return (m[1] ? 100 * (m[1] === "a" ? 1 : countWords[m[1]]) : 0) + (m[2] ? countWords[m[2]] : 0) +
      (m[3] ? countWords[m[3]] : 0);
  }
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
    return countInWords(t);
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
      return {correct: null, message: "Cannot read that as a number: write e.g. " +
              "12, twelve, 0.375, 3/8, 37.5%, 1 in 4 or 8th."};
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
    if (verdict.correct !== null) { progressed(form, verdict.correct); }
  }
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form && form.hasAttribute && form.hasAttribute("data-ombre-ex")) {
      ev.preventDefault();
      check(form);
    }
  });
  // --- The reader's progress on a set, kept in this browser (localStorage) under the set's name:
  // {question's id: 1 if right at the first answer, 0 if not}. No Python is needed for it.
  var STORE = "ombre-exercises:";
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  function loadProgress(key) {
    try {
      var v = JSON.parse(window.localStorage.getItem(STORE + key) || "{}");
      return v && typeof v === "object" && !Array.isArray(v) ? v : {};
    } catch (e) { return {}; }
  }
  function saveProgress(key, v) {
    // storage may be off (private windows, policies): the page still checks answers
    try { window.localStorage.setItem(STORE + key, JSON.stringify(v)); } catch (e) { return; }
  }
  function setOf(el) { return el.closest ? el.closest(".ombre-exset[data-ombre-set]") : null; }
  function questions(set) { return Array.prototype.slice.call(set.querySelectorAll(".ombre-ex")); }
  function titleOf(q) { var h = document.getElementById(q.id + "-title"); return h ? h.textContent : q.id; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text) { e.textContent = text; }
    return e;
  }
  function summaryText(set) {
    var done = loadProgress(set.getAttribute("data-ombre-set"));
    var answered = 0, first = 0;
    for (var id in done) { if (has(done, id)) { answered += 1; if (done[id] === 1) { first += 1; } } }
    var left = questions(set).filter(function (q) { return !has(done, q.id); });
    var text = answered + " answered, " + first + " right first time, " + left.length + " left";
    return left.length ? text + ": " + left.map(titleOf).join("; ") + "." : text + ".";
  }
  function refresh(set) {
    var done = loadProgress(set.getAttribute("data-ombre-set"));
    var out = set.querySelector(".ombre-ex-summary");
    if (out) { out.textContent = summaryText(set); }
    questions(set).forEach(function (q) {
      var state = q.querySelector(".ombre-ex-state");
      if (!state) { return; }
      state.textContent = !has(done, q.id) ? "Not answered yet." :
        done[q.id] === 1 ? "Answered: right first time." : "Answered.";
    });
  }
  function progressed(form, correct) {
    var q = form.closest ? form.closest(".ombre-ex") : null, set = setOf(form);
    if (!q || !set) { return; }
    var key = set.getAttribute("data-ombre-set"), done = loadProgress(key);
    if (!has(done, q.id)) { done[q.id] = correct ? 1 : 0; saveProgress(key, done); }
    refresh(set);
  }
  function say(set, message) {
    var out = set.querySelector(".ombre-ex-announce");
    if (!out) { return; }
    out.textContent = "";
    window.setTimeout(function () { out.textContent = message; }, 30);
  }
  // --- "Another like this": a question of the same kind, dealt by the engine's generator from a
  // fresh seed in the reader's browser (the live engine, ombre.display.browser.exercises), written
  // with the same markup and data as the book's questions, and so checked by judge() above.
  function liveOff() {
    if (!window.OmbreLive) { return "this page has no live engine."; }
    if (window.OmbreLive.state() === "failed") { return window.OmbreLive.message(); }
    return window.OmbreLive.unavailable();
  }
  function showOff(set) {
    var why = liveOff(), note = set.querySelector(".ombre-ex-off");
    if (note) { note.textContent = why ? "Another like this is off: " + why : ""; note.hidden = !why; }
    set.querySelectorAll(".ombre-ex-another, .ombre-ex-byseed button").forEach(function (b) {
      if (why) { b.setAttribute("aria-disabled", "true"); } else { b.removeAttribute("aria-disabled"); }
    });
  }
  var waiting = null;
  function draw(set, origin, seed, avoidRepeats) {
    var why = liveOff();
    if (why) { say(set, "Another like this is off: " + why); return; }
    var data = dataFor(origin.id), heading = document.getElementById(origin.id + "-title");
    if (!data || !data.kind || !heading) { return; }
    var avoid = avoidRepeats ? questions(set).map(function (q) {
      var d = dataFor(q.id);
      return d && d.question ? d.question : "";
    }).filter(Boolean) : [];
    waiting = set;
    say(set, window.OmbreLive.state() === "ready" ? "Drawing another question\u2026" :
        "Starting the live engine to draw another question (a few seconds the first time)\u2026");
    window.OmbreLive.call("exercises.draw", {
      kind: data.kind, seed: seed, question: Number(origin.getAttribute("data-ombre-number")) || 1,
      solutions: set.getAttribute("data-ombre-solutions") !== "0",
      heading_level: Number(heading.tagName.slice(1)) || 2,
      prefix: set.getAttribute("data-ombre-prefix") || "ex-", avoid: avoid
    }).then(function (answer) {
      waiting = null;
      var there = document.getElementById(answer.id);
      if (!there) {
        var holder = document.createElement("div");
        holder.innerHTML = answer.html;  // the engine's markup: every text in it escaped by Python
        there = holder.firstElementChild;
        there.setAttribute("data-ombre-from", origin.id);
        // after the question it is like, and after those drawn from it before
        var after = origin;
        function drawnFrom(e) { return e && e.getAttribute("data-ombre-from") === origin.id; }
        while (drawnFrom(after.nextElementSibling)) { after = after.nextElementSibling; }
        after.parentNode.insertBefore(there, after.nextSibling);
        addMore(set, there);
        showOff(set);
        refresh(set);
      }
      var title = document.getElementById(answer.id + "-title");
      if (title) { title.focus(); }
      say(set, answer.title + ", like " + titleOf(origin) + ", is on the page." +
          (answer.note ? " " + answer.note : ""));
    }, function (err) {
      waiting = null;
      say(set, "No new question: " + err.message);
    });
  }
  function randomSeed() { return 1 + Math.floor(Math.random() * 99999); }
  function addMore(set, q) {
    if (q.querySelector(".ombre-ex-more")) { return; }
    var bar = el("div", "ombre-ex-more");
    if (window.OmbreLive) {
      var another = el("button", "ombre-ex-another", "Another like this");
      another.type = "button";
      another.setAttribute("aria-describedby", set.getAttribute("data-ombre-bar") + "-off");
      another.addEventListener("click", function () {
        var from = q.getAttribute("data-ombre-from");
        draw(set, from ? document.getElementById(from) || q : q, randomSeed(), true);
      });
      bar.appendChild(another);
    }
    bar.appendChild(el("span", "ombre-ex-state"));
    q.appendChild(bar);
  }
  var bars = 0;
  function setUp(set) {
    if (set.hasAttribute("data-ombre-bar")) { return; }
    var first = set.querySelector(".ombre-ex");
    if (!first) { return; }
    bars += 1;
    var id = "ombre-ex-progress-" + bars;
    set.setAttribute("data-ombre-bar", id);
    var bar = el("div", "ombre-ex-progress");
    bar.id = id;
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-labelledby", id + "-head");
    var head = el("p", "ombre-ex-progress-head", "Your progress on this set (kept in this browser)");
    head.id = id + "-head";
    bar.appendChild(head);
    var summary = el("p", "ombre-ex-summary");
    summary.id = id + "-summary";
    bar.appendChild(summary);
    var reset = el("button", "ombre-ex-reset", "Reset progress");
    reset.type = "button";
    reset.setAttribute("aria-describedby", summary.id);
    reset.addEventListener("click", function () {
      saveProgress(set.getAttribute("data-ombre-set"), {});
      questions(set).forEach(function (q) {
        var form = q.querySelector("form[data-ombre-ex]"), out = document.getElementById(q.id + "-feedback");
        if (form) { form.reset(); form.removeAttribute("data-ombre-ex-answered"); }
        if (out) { out.textContent = ""; out.classList.remove("ombre-ex-right", "ombre-ex-wrong"); }
      });
      refresh(set);
      say(set, "Progress reset. " + summaryText(set));
    });
    bar.appendChild(reset);
    if (window.OmbreLive) {
      // a question by its seed, as a teacher gives it ("question 3, seed 12")
      var form = el("form", "ombre-ex-byseed");
      form.setAttribute("novalidate", "");
      var pick = el("select");
      pick.id = id + "-question";
      questions(set).forEach(function (q) {
        var n = q.getAttribute("data-ombre-number");
        if (n) { var o = el("option", "", n); o.value = q.id; pick.appendChild(o); }
      });
      var seed = el("input");
      seed.type = "text";
      seed.id = id + "-seed";
      seed.setAttribute("inputmode", "numeric");
      seed.setAttribute("autocomplete", "off");
      seed.setAttribute("size", "8");
      var go = el("button", "", "Draw this seed");
      go.type = "submit";
      go.setAttribute("aria-describedby", id + "-off");
      var l1 = el("label", "", "Question "), l2 = el("label", "", "seed ");
      l1.htmlFor = pick.id;
      l2.htmlFor = seed.id;
      [l1, pick, l2, seed, go].forEach(function (e) { form.appendChild(e); });
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var text = seed.value.trim();
        if (!/^\d{1,9}$/.test(text)) { say(set, "Type the seed as a whole number, for example 12."); return; }
        var origin = document.getElementById(pick.value);
        if (origin) { draw(set, origin, Number(text), false); }
      });
      bar.appendChild(form);
      var off = el("p", "ombre-ex-off");
      off.id = id + "-off";
      off.hidden = true;
      bar.appendChild(off);
    }
    var news = el("div", "ombre-ex-announce");
    news.setAttribute("role", "status");
    news.setAttribute("aria-live", "polite");
    bar.appendChild(news);
    set.insertBefore(bar, first);
    questions(set).forEach(function (q) { addMore(set, q); });
    showOff(set);
    refresh(set);
  }
  function setUpAll() { document.querySelectorAll(".ombre-exset[data-ombre-set]").forEach(setUp); }
  document.addEventListener("ombre-live", function (ev) {
    var d = ev.detail || {};
    if (waiting && d.state === "loading" && d.message) { say(waiting, d.message + "\u2026"); }
    if (d.state === "failed") { document.querySelectorAll(".ombre-exset[data-ombre-set]").forEach(showOff); }
  });
  window.ombreExercises = {
    readNumber: readNumber, matches: matches, judge: judge, check: check, write: write,
    normalised: normalised, setUpAll: setUpAll, summary: summaryText
  };
  // the book's live engine script may come later in the page: set up once the page is read
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", setUpAll); }
  else { setUpAll(); }
})();
""".replace("__COUNT_WORDS__", json.dumps(COUNT_WORDS))


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
    title: str | None = None,
) -> str:
    """One exercise: question, answer form, announced feedback, hint and solution toggles, data.

    ``number`` is shown in the heading ("Question 3") unless ``title`` is given (a drawn question
    says its seed); ``prefix`` starts every element id;
    ``solutions=False`` leaves out the Solution toggle and the answer and worked solution with it.

    >>> from ombre.teaching import find
    >>> h = exercise_html(find("order-1"), 1)
    >>> 'aria-live="polite"' in h and '<summary>Solution</summary>' in h and 'id="ex-order-1-answer"' in h
    True
    """
    did = _dom_id(ex.id, prefix)
    h = f"h{max(2, min(6, heading_level))}"
    if title is None:
        title = f"Question {number}" if number is not None else "Question"
    numbered = f' data-ombre-number="{number}"' if number is not None else ""
    parts = [
        f'<section class="ombre-ex" id="{did}" aria-labelledby="{did}-title"{numbered}>',
        f'<{h} id="{did}-title" tabindex="-1">{escape(title)}</{h}>',
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
            f' <span class="ombre-ex-source" id="{did}-format">{answer_format_html(ex)}{precision}</span>'
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
    record["question"] = question_tag(ex)
    data = json.dumps(record, ensure_ascii=False).replace("</", "<\\/")
    parts.append(f'<script type="application/json" data-ombre-ex-data="{did}">{data}</script>')
    parts.append("</section>")
    return "".join(parts)


def question_tag(ex: Exercise) -> str:
    """A short tag of what the student sees of the question (its :attr:`~Exercise.question_key`), so
    that a page can tell a drawn question that is already on it without holding anything of the answer.

    >>> from ombre.teaching import generate
    >>> question_tag(generate("probability.hands", 0)) == question_tag(generate("probability.hands", 5))
    True
    >>> len(question_tag(generate("order.count", 1)))
    16
    """
    return hashlib.sha256(repr(ex.question_key).encode("utf-8")).hexdigest()[:16]


def set_tag(s: ExerciseSet) -> str:
    """The name the page keeps a set's progress under: its key, and its seed if not the book's.

    >>> from ombre.teaching import exercise_set
    >>> set_tag(exercise_set("order")), set_tag(exercise_set("order", seed=3))
    ('order', 'order-s3')
    """
    return s.key if s.seed == 0 else f"{s.key}-s{s.seed}"


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

    A whole :class:`~ombre.teaching.ExerciseSet` is named on its element (:func:`set_tag`), so that the
    script keeps the reader's progress on it (in the browser's storage) and offers "Another like this"
    under each question when the page has the live engine.

    >>> from ombre.teaching import exercise_set
    >>> exercise_set_html(exercise_set("order")).startswith(
    ...     '<div class="ombre-exset" data-ombre-set="order" data-ombre-solutions="1"')
    True
    """
    items = list(exercises.exercises if isinstance(exercises, ExerciseSet) else exercises)
    body = "".join(
        exercise_html(ex, i + 1, heading_level=heading_level, prefix=prefix, solutions=solutions)
        for i, ex in enumerate(items)
    )
    named = ""
    if isinstance(exercises, ExerciseSet):
        named = (
            f' data-ombre-set="{escape(set_tag(exercises))}" data-ombre-solutions="{int(solutions)}"'
            f' data-ombre-prefix="{escape(prefix)}"'
        )
    return (
        f'<div class="ombre-exset"{named}><style>{EXERCISE_CSS}</style>{body}'
        f"<script>{EXERCISE_JS}</script></div>"
    )


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
