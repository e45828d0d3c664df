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
  function start() {
    repair();
    nameSliders();
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
