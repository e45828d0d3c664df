/* Ombre book: small accessibility repairs to the theme's header controls.
   Font Awesome turns icons into <svg role="img"><title>…</title></svg>, which gives the search
   and colour-mode buttons accessible names that do not match what a sighted user sees (WCAG
   2.5.3, "label in name"). The icons are decorative: hide them, and let the search button be
   named by its visible text. */
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
  }
  function start() {
    repair();
    var header = document.querySelector(".bd-header") || document.body;
    new MutationObserver(repair).observe(header, { subtree: true, childList: true });
    var sidebar = document.querySelector(".bd-sidebar-primary");
    if (sidebar) new MutationObserver(repair).observe(sidebar, { subtree: true, childList: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
