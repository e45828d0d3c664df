/* Ombre book: small accessibility repairs to the theme's header controls.
   Font Awesome turns icons into <svg role="img"><title>…</title></svg>, which gives the search
   and colour-mode buttons accessible names that do not match what a sighted user sees (WCAG
   2.5.3, "label in name"). The icons are decorative: hide them, and let the search button be
   named by its visible text.
   ipywidgets sliders in the static pages draw a handle with role="slider" but no name and a
   numeric value only: name each handle after its widget's label and give it the readout as its
   spoken value (aria-valuetext), so "Manille, the Seven of Hearts" is read, not "1".
   The sidebar's expand toggles are icon-only <summary> elements: name them after their section.
   sphinx-togglebutton names its <summary> "Toggle hidden content" while it shows "Show code
   cell source": let the visible words name it. */
(function () {
  "use strict";
  function repair() {
    document.querySelectorAll(".theme-switch-button svg, .search-button svg, .search-button-field svg")
      .forEach(function (svg) {
        if (svg.getAttribute("aria-hidden") === "true" && !svg.querySelector("title")) return;
        svg.setAttribute("aria-hidden", "true");
        svg.removeAttribute("role");
        svg.removeAttribute("aria-labelledby");
        svg.querySelectorAll("title").forEach(function (t) { t.remove(); });
      });
    document.querySelectorAll("button.search-button-field[aria-label]").forEach(function (b) {
      b.removeAttribute("aria-label");
    });
    document.querySelectorAll(".search-button__kbd-shortcut").forEach(function (k) {
      k.setAttribute("aria-hidden", "true");
    });
    document.querySelectorAll(".bd-sidebar-primary details > summary").forEach(function (sum) {
      if (sum.textContent.trim() || sum.hasAttribute("aria-label")) return;
      var link = sum.parentElement && sum.parentElement.parentElement
        ? sum.parentElement.parentElement.querySelector("a") : null;
      sum.setAttribute("aria-label", "Sections of " + (link ? link.textContent.trim() : "this chapter"));
    });
    document.querySelectorAll('summary[aria-label="Toggle hidden content"]').forEach(function (sum) {
      if (sum.textContent.trim()) sum.removeAttribute("aria-label");
    });
  }
  function nameSliders() {
    document.querySelectorAll(".widget-slider").forEach(function (box) {
      var handle = box.querySelector('[role="slider"]');
      if (!handle) return;
      var label = box.querySelector(".widget-label");
      var readout = box.querySelector(".widget-readout");
      var name = label && label.textContent.trim() ? label.textContent.trim() : "Slider";
      if (handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
      if (readout) {
        var text = readout.textContent.trim();
        if (text && handle.getAttribute("aria-valuetext") !== text) handle.setAttribute("aria-valuetext", text);
      }
    });
  }
  // Above each exercise set, a button that opens (or closes) the Solution of every question, so
  // that the page prints as an answer key; its words follow the toggles it governs.
  function solutions(set) {
    return Array.prototype.filter.call(set.querySelectorAll(".ombre-ex details"), function (d) {
      var sum = d.querySelector("summary");
      return sum && sum.textContent.trim() === "Solution";
    });
  }
  function solutionKeys() {
    document.querySelectorAll(".ombre-exset").forEach(function (set) {
      var first = set.querySelector(".ombre-ex");
      if (!first || set.querySelector(".ombre-ex-key") || !solutions(set).length) return;
      var bar = document.createElement("div");
      bar.className = "ombre-ex-key";
      var button = document.createElement("button");
      button.type = "button";
      var note = document.createElement("span");
      note.className = "ombre-ex-key-note";
      note.textContent = "(to print the set as an answer key)";
      function label() {
        var all = solutions(set).every(function (d) { return d.open; });
        button.textContent = all ? "Hide all solutions" : "Show all solutions";
        return all;
      }
      button.addEventListener("click", function () {
        var open = !label();
        solutions(set).forEach(function (d) { d.open = open; });
        label();
      });
      set.addEventListener("toggle", label, true);
      label();
      bar.appendChild(button);
      bar.appendChild(note);
      set.insertBefore(bar, first);
    });
  }
  // Paper is white: a page printed in dark mode would put light text on it, so the page prints in
  // the light theme and returns to the dark one afterwards.
  var printedFrom = null;
  window.addEventListener("beforeprint", function () {
    var root = document.documentElement;
    if (root.dataset.theme !== "dark") return;
    printedFrom = "dark";
    root.dataset.theme = "light";
  });
  window.addEventListener("afterprint", function () {
    if (printedFrom) document.documentElement.dataset.theme = printedFrom;
    printedFrom = null;
  });
  // A table wider than the column scrolls sideways in its own box; on a phone that box says so.
  // A box that overflows gets the class ombre-scrolls (the cue above it, ombre.css) and
  // ombre-scrolled-end once the reader has reached its right edge; its table's caption is held to
  // the visible width (--ombre-box-width), so it is not cut off at the box's edge mid-sentence.
  var SCROLLERS = ".bd-article .pst-scrollable-table-container, .bd-article .cell_output > .output, " +
    ".bd-article .ombre-table-scroll, .bd-article .ombre-panel";
  function markScrollers() {
    document.querySelectorAll(SCROLLERS).forEach(function (box) {
      if (!box.querySelector("table") || box.closest(".om-viewer")) return;
      var wide = box.scrollWidth > box.clientWidth + 1;
      box.classList.toggle("ombre-scrolls", wide);
      box.style.setProperty("--ombre-box-width", box.clientWidth + "px");
      var end = box.scrollLeft + box.clientWidth >= box.scrollWidth - 2;
      box.classList.toggle("ombre-scrolled-end", wide && end);
      if (!box.dataset.ombreCue) {
        box.dataset.ombreCue = "1";
        box.addEventListener("scroll", function () {
          box.classList.toggle("ombre-scrolled-end", box.scrollLeft + box.clientWidth >= box.scrollWidth - 2);
        }, { passive: true });
      }
    });
  }
  var cueTimer = null;
  window.addEventListener("resize", function () {
    clearTimeout(cueTimer);
    cueTimer = setTimeout(markScrollers, 150);
  });
  window.addEventListener("load", markScrollers);
  function start() {
    markScrollers();
    repair();
    nameSliders();
    solutionKeys();
    var main = document.querySelector("main") || document.body;
    new MutationObserver(function () { nameSliders(); repair(); })
      .observe(main, { subtree: true, childList: true, characterData: true });
    var header = document.querySelector(".bd-header") || document.body;
    new MutationObserver(repair).observe(header, { subtree: true, childList: true });
    var sidebar = document.querySelector(".bd-sidebar-primary");
    if (sidebar) new MutationObserver(repair).observe(sidebar, { subtree: true, childList: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
