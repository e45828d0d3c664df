/* Ombre's live engine, the page's side: window.OmbreLive.call(method, params) answers with a
   Promise. The worker (and with it Python, 6 MB compressed) is started only on the first call, so
   a reader who never asks for anything live downloads nothing. Pages opened from file:// cannot
   start it (browsers refuse module workers there): OmbreLive.unavailable() then says why, and the
   static viewers and exercises keep working as they are.
   Every change of state is announced to the page as an "ombre-live" event on document, with
   detail {state: "loading"|"ready"|"failed", message}, for the controls that wait on it;
   OmbreLive.bind() wires a control's status line and its disabled state to those events. */
(function () {
  "use strict";
  if (window.OmbreLive) return;
  var script = document.currentScript;
  var base = script ? new URL(".", script.src).href : null;
  var worker = null;
  var pending = {};
  var nextId = 1;
  var state = "idle";
  var message = "";

  function announce(newState, text) {
    state = newState;
    message = text;
    document.dispatchEvent(new CustomEvent("ombre-live", { detail: { state: newState, message: text } }));
  }

  function unavailable() {
    if (location.protocol === "file:") {
      return "The live engine needs the book served over http (for example `make serve`); " +
        "opened from a file, the pages stay as they were built.";
    }
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      return "This browser cannot run the live engine (it needs WebAssembly and Web Workers).";
    }
    if (!base) return "The live engine's script could not find its own folder.";
    return "";
  }

  function failAll(reason) {
    for (var id in pending) {
      if (Object.prototype.hasOwnProperty.call(pending, id)) pending[id].reject(new Error(reason));
    }
    pending = {};
  }

  function start() {
    if (worker) return;
    var why = unavailable();
    if (why) {
      announce("failed", why);
      return;
    }
    announce("loading", "Starting the live engine");
    try {
      worker = new Worker(base + "ombre-live-worker.js", { type: "module" });
    } catch (err) {
      worker = null;
      announce("failed", "The live engine could not start: " + err.message);
      return;
    }
    worker.onmessage = function (event) {
      var m = event.data;
      if (m.progress) {
        announce(m.progress === "ready" ? "ready" : "loading", m.detail);
        return;
      }
      if (m.failed) {
        announce("failed", "The live engine could not start: " + m.failed);
        failAll(m.failed);
        return;
      }
      var p = pending[m.id];
      if (!p) return;
      delete pending[m.id];
      if (Object.prototype.hasOwnProperty.call(m, "error")) p.reject(new Error(m.error));
      else p.resolve(m.result);
    };
    worker.onerror = function (event) {
      var reason = event.message || "the worker failed to load";
      announce("failed", "The live engine could not start: " + reason);
      failAll(reason);
    };
  }

  function call(method, params) {
    start();
    if (state === "failed") return Promise.reject(new Error(message));
    return new Promise(function (resolve, reject) {
      var id = nextId++;
      pending[id] = { resolve: resolve, reject: reject };
      worker.postMessage({ id: id, method: method, params: params || {} });
    });
  }

  // The words a status line shows for each state; "loading" says what is being fetched, once.
  function statusText(feature) {
    if (state === "loading") return message + " (the first use downloads Python, about 6 MB)…";
    if (state === "ready") return feature + ": the engine is ready.";
    if (state === "failed") return feature + " is off: " + message;
    return "";
  }

  /* A live control's common chores: its status line (an aria-live region) follows the engine's
     progress, and when the engine cannot run the controls are disabled and the line says why.
     opts: {status: element, controls: [elements], feature: "Drawing a deal"}. */
  function bind(opts) {
    var status = opts.status;
    var controls = opts.controls || [];
    var feature = opts.feature || "The live engine";
    if (!status.hasAttribute("aria-live")) status.setAttribute("aria-live", "polite");
    function render() {
      var off = unavailable() || (state === "failed" ? message : "");
      controls.forEach(function (c) { c.disabled = !!off; });
      if (off) status.textContent = feature + " is off: " + off;
      else if (state !== "idle") status.textContent = statusText(feature);
    }
    document.addEventListener("ombre-live", render);
    render();
  }

  /* Put the engine's HTML (a replay viewer) into el and run its scripts: scripts set with
     innerHTML never run, so each is replaced by a new script element with the same text. */
  function insertHTML(el, html) {
    el.innerHTML = html;
    el.querySelectorAll("script").forEach(function (old) {
      if (old.type && !/^(text\/javascript|module)$/.test(old.type)) return;  // data (JSON) stays data
      var fresh = document.createElement("script");
      Array.prototype.forEach.call(old.attributes, function (a) { fresh.setAttribute(a.name, a.value); });
      fresh.textContent = old.textContent;
      old.replaceWith(fresh);
    });
    if (window.OmbreViewer) window.OmbreViewer.scan();
  }

  window.OmbreLive = {
    call: call,
    start: start,
    unavailable: unavailable,
    bind: bind,
    insertHTML: insertHTML,
    state: function () { return state; },
    message: function () { return message; }
  };
})();
