/* Resolve every AMD module of the vendored widget manager under this folder, whatever the depth
   of the page. The manager asks for its icon fonts relative to its modules' addresses, so this
   keeps those requests inside _static/widgets/@jupyter-widgets/ (vendored by tools/vendor-js.sh). */
(function () {
  var base = document.currentScript.src.replace(/[^/]*$/, "");
  require.config({ baseUrl: base });
})();
