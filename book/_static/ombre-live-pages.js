/* The book's own live controls, on the pages that offer them (loaded by those pages only):
   "Draw a deal that fits the poem" (book/belinda/deals) and "Your own game" (book/reference/your-game).
   Every answer comes from the live engine (OmbreLive.call); text from a record is only ever set
   with textContent, and the engine's HTML is escaped by Python before it arrives. */
(function () {
  "use strict";
  var live = window.OmbreLive;

  function say(status, text) { status.textContent = text; }
  function failed(status, what) {
    return function (err) { say(status, what + ": " + (err && err.message ? err.message : err)); };
  }

  function deals(root) {
    var seed = root.querySelector("input[name=seed]");
    var readings = root.querySelector("input[name=readings]");
    var draw = root.querySelector("button.om-draw");
    var another = root.querySelector("button.om-another");
    var solveButton = root.querySelector("button.om-solve");
    var status = root.querySelector(".om-live-status");
    var out = root.querySelector(".om-deal-out");
    var result = root.querySelector(".om-solve-result");
    live.bind({ status: status, controls: [draw, another], feature: "Drawing a deal" });
    solveButton.disabled = true;
    var shown = null;

    function params() { return { seed: Number(seed.value), readings: readings.checked }; }
    function show() {
      var p = params();
      result.textContent = "";
      solveButton.disabled = true;
      live.call("deals.draw", p).then(function (d) {
        shown = p;
        out.textContent = "";
        var list = document.createElement("ul");
        list.className = "om-deal-text";
        d.hands.forEach(function (h) {
          var li = document.createElement("li");
          li.dataset.cards = h.cards.join(" ");
          li.textContent = h.name + ": " + h.text;
          list.appendChild(li);
        });
        var pics = document.createElement("div");
        pics.innerHTML = d.html;  // card pictures written (and escaped) by Python
        pics.setAttribute("aria-hidden", "true");  // the list above says the same in words
        out.appendChild(list);
        out.appendChild(pics);
        solveButton.disabled = false;
        say(status, "Deal " + d.seed + " of " + d.total.toLocaleString("en") + " drawn.");
      }, failed(status, "No deal"));
    }
    draw.addEventListener("click", show);
    another.addEventListener("click", function () {
      seed.value = String(Math.floor(Math.random() * 1000000));
      show();
    });
    solveButton.addEventListener("click", function () {
      if (!shown) return;
      say(status, "Solving deal " + shown.seed + "…");
      live.call("deals.solve", shown).then(function (s) {
        result.dataset.tricks = String(s.tricks);
        result.dataset.outcome = s.outcome;
        result.textContent = s.text;
        say(status, "Deal " + s.seed + " solved: " + s.text);
      }, failed(status, "Not solved"));
    });
  }

  // line and column (from 1) to an offset in the text, for putting the cursor at a problem
  function offsetOf(text, line, col) {
    var at = 0;
    for (var n = 1; n < line; n++) {
      var next = text.indexOf("\n", at);
      if (next < 0) return text.length;
      at = next + 1;
    }
    return Math.min(text.length, at + Math.max(0, col - 1));
  }

  function record(root) {
    var area = root.querySelector("textarea");
    var file = root.querySelector("input[type=file]");
    var sample = root.querySelector("button.om-sample");
    var check = root.querySelector("button.om-check");
    var status = root.querySelector(".om-live-status");
    var problems = root.querySelector(".om-problems");
    var viewer = root.querySelector(".om-record-replay");
    live.bind({ status: status, controls: [check], feature: "Checking a record" });

    file.addEventListener("change", function () {
      var f = file.files && file.files[0];
      if (!f) return;
      var reader = new FileReader();  // read here, in the page: the file goes nowhere
      reader.onload = function () { area.value = String(reader.result); say(status, f.name + " read."); };
      reader.onerror = function () { say(status, "The file could not be read."); };
      reader.readAsText(f);
    });
    sample.addEventListener("click", function () {
      area.value = document.querySelector(".om-sample-record").textContent;
      say(status, "The specimen record is in the box.");
      area.focus();
    });
    check.addEventListener("click", function () {
      var text = area.value;
      problems.textContent = "";
      viewer.textContent = "";
      say(status, "Checking…");
      live.call("records.check", { text: text }).then(function (c) {
        if (!c.problems.length) {
          return live.call("records.replay", { text: text }).then(function (r) {
            live.insertHTML(viewer, r.html);
            say(status, "The record is sound" + (r.games > 1 ? " (" + r.games + " games; the first is shown)" : "") +
              ": it is in the viewer below.");
          });
        }
        var list = document.createElement("ol");
        c.problems.forEach(function (p) {
          var li = document.createElement("li");
          var b = document.createElement("button");
          b.type = "button";
          b.className = "om-problem";
          b.dataset.line = p.line;
          b.dataset.col = p.col;
          b.textContent = p.line + ":" + p.col + ": " + p.message;
          b.addEventListener("click", function () {
            var at = offsetOf(area.value, p.line, p.col);
            area.focus();
            area.setSelectionRange(at, at);
          });
          li.appendChild(b);
          list.appendChild(li);
        });
        problems.appendChild(list);
        var n = c.problems.length + c.more;
        say(status, n + " problem" + (n === 1 ? "" : "s") + " in the record; the first: " + c.problems[0].text);
      }).catch(failed(status, "Not checked"));
    });
  }

  function setUp() {
    if (!live) return;
    document.querySelectorAll(".om-live-deals").forEach(deals);
    document.querySelectorAll(".om-live-record").forEach(record);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
