/* Ombre replay viewer: displays positions computed by the ombre package (Python) at build time.
   No network, no dependencies. Inlined once per viewer; defined once per page. Every viewer is a
   .om-viewer element holding its data as JSON in a script element of class om-data.
   The HTML fragments in the data were escaped by the package; names and card words are only
   ever set here through textContent. */
(function () {
  "use strict";
  var VERSION = 2;
  if (window.OmbreViewer && window.OmbreViewer.version >= VERSION) {
    window.OmbreViewer.scan();
    return;
  }

  var viewers = [];

  function pageViewers() {
    return Array.prototype.slice.call(document.querySelectorAll(".om-viewer[data-om-ready]"));
  }

  // A name set as plain text (a live region's words) between first-strong and pop directional
  // isolates, the textContent form of <bdi>: a right-to-left name or an override in it cannot
  // reorder the words around it. The package's own sentences come with their names so isolated.
  function iso(name) {
    return "\u2068" + name + "\u2069";
  }

  // Expand the shared pieces the package packed into private-use characters (U+E000 on).
  function unpack(words, text) {
    return text.replace(/[\uE000-\uF8FF]/g, function (c) {
      return words[c.charCodeAt(0) - 0xe000];
    });
  }

  function Viewer(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector("script.om-data").textContent);
    var words = this.data.dict || [];
    for (var f = 0; f < this.data.frags.length; f++) this.data.frags[f] = unpack(words, this.data.frags[f]);
    this.step = -1;
    this.templates = {};
    this.regions = Array.prototype.slice.call(root.querySelectorAll("[data-region]"));
    this.current = [];
    this.seatEls = Array.prototype.slice.call(root.querySelectorAll(".om-seat"));
    this.status = root.querySelector(".om-status");
    this.where = root.querySelector(".om-where");
    this.result = root.querySelector(".om-result");
    this.notes = root.querySelector(".om-notes");
    this.anchors = {};
    for (var i = 0; i < this.data.steps.length; i++) this.anchors[this.data.steps[i].h] = i;
    var cards = this.data.cards;
    for (var key in cards) {
      if (Object.prototype.hasOwnProperty.call(cards, key)) {
        var t = document.createElement("template");
        t.innerHTML = unpack(words, cards[key]);
        this.templates[key] = t.content.firstChild;
      }
    }
    this.bind();
  }

  Viewer.prototype.prefix = function () {
    return pageViewers().length > 1 ? this.root.id + "-" : "";
  };

  Viewer.prototype.last = function () {
    return this.data.steps.length - 1;
  };

  Viewer.prototype.hydrate = function (el) {
    var spots = el.querySelectorAll(".om-c[data-c]");
    for (var i = 0; i < spots.length; i++) {
      var tpl = this.templates[spots[i].getAttribute("data-c")];
      if (tpl) {
        spots[i].textContent = "";
        spots[i].appendChild(tpl.cloneNode(true));
      }
    }
  };

  Viewer.prototype.show = function (k, opts) {
    opts = opts || {};
    k = Math.max(0, Math.min(this.last(), k));
    var prev = this.step;
    var s = this.data.steps[k];
    for (var r = 0; r < this.regions.length; r++) {
      var f = s.r[r];
      if (this.current[r] !== f) {
        this.regions[r].innerHTML = this.data.frags[f];
        this.hydrate(this.regions[r]);
        this.current[r] = f;
      }
    }
    var fresh = this.root.querySelector(".om-trick [data-new]");
    if (fresh && k === prev + 1) fresh.classList.add("om-new");
    for (var j = 0; j < this.seatEls.length; j++) {
      var seat = Number(this.seatEls[j].getAttribute("data-seat"));
      this.seatEls[j].classList.toggle("om-to-move", seat === s.m);
    }
    if (k !== prev) this.status.textContent = this.announce(k, prev);
    this.where.textContent = s.w;
    if (this.result) this.result.hidden = k !== this.last() || !this.data.done;
    this.step = k;
    this.updateControls(s);
    this.markNote(s.t);
    if (this.whatif) this.whatif.stepped();
    if (opts.hash) this.writeHash();
  };

  // One card forward: where it falls in its trick, and that card. A longer move: the whole trick reached (who led what, who
  // played what, who won). Any move back: the position reached, said as taken back.
  Viewer.prototype.announce = function (k, prev) {
    var s = this.data.steps[k];
    var whole = s.ta || s.a;
    if (prev < 0) return s.a;
    if (k === prev + 1) return (s.c ? s.c + " " : "") + s.a;
    if (k > prev) return whole;
    if (k === 0) return "Taken back: " + s.a;
    return "Taken back to " + s.w.charAt(0).toLowerCase() + s.w.slice(1) + ". " + whole;
  };

  Viewer.prototype.updateControls = function (s) {
    var k = this.step;
    var last = this.last();
    var acts = this.root.querySelectorAll("button[data-act]");
    for (var i = 0; i < acts.length; i++) {
      var act = acts[i].getAttribute("data-act");
      var back = act === "first" || act === "prev" || act === "prevtrick";
      // aria-disabled, not disabled: a disabled button would drop the keyboard focus
      acts[i].setAttribute("aria-disabled", String(back ? k === 0 : k === last));
    }
    // the button of the trick shown is marked, at its end ("step") and while its cards fall ("true")
    var jumps = this.root.querySelectorAll("button[data-step]");
    for (var j = 0; j < jumps.length; j++) {
      var target = Number(jumps[j].getAttribute("data-step"));
      var trick = this.data.ends.indexOf(target) + 1;
      if (target === k) jumps[j].setAttribute("aria-current", "step");
      else if (k > 0 && trick > 0 && trick === s.t) jumps[j].setAttribute("aria-current", "true");
      else jumps[j].removeAttribute("aria-current");
    }
  };

  Viewer.prototype.markNote = function (trick) {
    if (!this.notes) return;
    var items = this.notes.querySelectorAll(".om-note[data-trick]");
    var mark = null;
    for (var i = 0; i < items.length; i++) {
      var on = Number(items[i].getAttribute("data-trick")) === trick;
      items[i].classList.toggle("om-current", on);
      if (on && !mark) mark = items[i];
    }
    if (mark && this.notes.scrollHeight > this.notes.clientHeight) {
      // measured from the box itself (offsetTop would depend on which of them is positioned)
      var top = mark.getBoundingClientRect().top - this.notes.getBoundingClientRect().top + this.notes.scrollTop;
      if (top < this.notes.scrollTop || top + mark.offsetHeight > this.notes.scrollTop + this.notes.clientHeight) {
        this.notes.scrollTop = Math.max(0, top - 8);
      }
    }
  };

  Viewer.prototype.writeHash = function () {
    var h = "#" + this.prefix() + this.data.steps[this.step].h;
    if (window.location.hash !== h && window.history && window.history.replaceState) {
      window.history.replaceState(null, "", h);
    }
  };

  Viewer.prototype.fromHash = function () {
    var h = decodeURIComponent((window.location.hash || "").replace(/^#/, ""));
    if (!h) return null;
    var own = this.root.id + "-";
    if (h.indexOf(own) === 0 && Object.prototype.hasOwnProperty.call(this.anchors, h.slice(own.length))) {
      return this.anchors[h.slice(own.length)];
    }
    if (pageViewers()[0] === this.root && Object.prototype.hasOwnProperty.call(this.anchors, h)) {
      return this.anchors[h];
    }
    return null;
  };

  Viewer.prototype.trickTarget = function (dir) {
    var ends = this.data.ends;
    var k = this.step;
    if (dir > 0) {
      for (var i = 0; i < ends.length; i++) if (ends[i] > k) return ends[i];
      return this.last();
    }
    for (var j = ends.length - 1; j >= 0; j--) if (ends[j] < k) return ends[j];
    return 0;
  };

  Viewer.prototype.act = function (name) {
    var k = this.step;
    var to = {
      first: 0,
      prev: k - 1,
      next: k + 1,
      last: this.last(),
      prevtrick: this.trickTarget(-1),
      nexttrick: this.trickTarget(1)
    }[name];
    if (to === undefined) return;
    // nowhere further to go: say so, rather than nothing
    if (to > this.last() || (to === k && k === this.last() && name !== "first")) {
      this.status.textContent = "The end of the game: there is no card after this. " + this.data.steps[k].ta;
      return;
    }
    if (to < 0 || (to === k && k === 0)) {
      this.status.textContent = "The start of the play: there is no card before this. " + this.data.steps[0].a;
      return;
    }
    this.show(to, { hash: true });
  };

  Viewer.prototype.bind = function () {
    var self = this;
    var root = this.root;
    root.querySelector(".om-controls").hidden = false;
    var nojs = root.querySelector(".om-nojs");
    if (nojs) nojs.parentNode.removeChild(nojs);
    root.querySelector(".om-jump").hidden = false;
    var keys = root.querySelector(".om-keys");
    if (keys) keys.hidden = false;
    root.addEventListener("click", function (ev) {
      var el = ev.target.closest ? ev.target.closest("button[data-act], button[data-step], a.om-goto") : null;
      if (!el || !root.contains(el)) return;
      if (el.hasAttribute("data-act")) self.act(el.getAttribute("data-act"));
      else {
        ev.preventDefault();
        self.show(Number(el.getAttribute("data-step")), { hash: true });
        // a link in the commentary: bring the table into view, the focus stays on the link
        if (el.tagName === "A") {
          var table = root.querySelector(".om-table");
          if (table && table.scrollIntoView) table.scrollIntoView({ block: "nearest" });
        }
      }
    });
    root.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      // the game keys belong to the replay itself and its buttons; in the commentary, the
      // result or anywhere else they scroll as usual
      var t = ev.target;
      if (t !== root && !(t && t.closest && t.closest(".om-controls, .om-jump"))) {
        if (ev.key === "Escape" && self.whatif && self.whatif.back()) ev.preventDefault();
        return;
      }
      var map = {
        ArrowRight: "next",
        ArrowLeft: "prev",
        ArrowDown: "nexttrick",
        PageDown: "nexttrick",
        ArrowUp: "prevtrick",
        PageUp: "prevtrick",
        Home: "first",
        End: "last"
      };
      var name = map[ev.key];
      if (!name) {
        if (ev.key === "Escape" && self.whatif && self.whatif.back()) ev.preventDefault();
        return;
      }
      ev.preventDefault();
      self.act(name);
    });
    if (this.data.rec && root.querySelector(".om-whatif")) this.whatif = new WhatIf(this);
  };


  // What if: another card at this step, played on by the live engine (OmbreLive, in a worker).
  // The branch is a viewer of its own, put just after this one; Escape or its button comes back.
  function WhatIf(viewer) {
    var root = viewer.root;
    this.v = viewer;
    this.box = root.querySelector(".om-whatif");
    this.open = root.querySelector(".om-wi-open");
    this.panel = root.querySelector(".om-wi-panel");
    this.state = root.querySelector(".om-wi-state");
    this.who = root.querySelector(".om-wi-who");
    this.card = root.querySelector(".om-wi-card");
    this.player = root.querySelector(".om-wi-player");
    this.seed = root.querySelector(".om-wi-seed");
    this.play = root.querySelector(".om-wi-play");
    this.valuesBtn = root.querySelector(".om-wi-values");
    this.refused = root.querySelector(".om-wi-refused");
    this.valueList = root.querySelector(".om-wi-valuelist");
    this.branchBox = null;
    this.asked = 0;
    this.box.hidden = false;
    var self = this;
    this.open.addEventListener("click", function () {
      var on = self.open.getAttribute("aria-expanded") !== "true";
      self.open.setAttribute("aria-expanded", String(on));
      self.panel.hidden = !on;
      if (on) self.refresh(true);
    });
    this.play.addEventListener("click", function () { self.branch(); });
    this.valuesBtn.addEventListener("click", function () { self.values(); });
    this.player.addEventListener("change", function () { self.seed.disabled = self.player.value !== "monte-carlo"; });
    this.seed.disabled = true;
  }

  WhatIf.prototype.live = function () {
    if (!window.OmbreLive) return "The live engine is not on this page.";
    return window.OmbreLive.unavailable();
  };

  WhatIf.prototype.say = function (text) {
    this.v.status.textContent = text;
  };

  WhatIf.prototype.enable = function (on) {
    var ctl = [this.card, this.player, this.play, this.valuesBtn];
    for (var i = 0; i < ctl.length; i++) ctl[i].disabled = !on;
    this.seed.disabled = !on || this.player.value !== "monte-carlo";
  };

  WhatIf.prototype.call = function (method, params) {
    params.record = this.v.data.rec;
    return window.OmbreLive.call(method, params);
  };

  WhatIf.prototype.stepped = function () {
    if (this.open.getAttribute("aria-expanded") === "true") this.refresh(false);
  };

  // the legal cards at the step shown, and the rule against each other card
  WhatIf.prototype.refresh = function (announce) {
    var self = this;
    var why = this.live();
    this.valueList.textContent = "";
    if (why) {
      this.enable(false);
      this.state.textContent = "What if is off: " + why;
      if (announce) this.say(this.state.textContent);
      return;
    }
    var k = this.v.step;
    if (k >= this.v.last()) {
      this.enable(false);
      this.card.textContent = "";
      this.refused.textContent = "";
      this.state.textContent = "The game is over: step back to a card to play another.";
      if (announce) this.say(this.state.textContent);
      return;
    }
    var ask = ++this.asked;
    this.enable(false);
    this.state.textContent = window.OmbreLive.state() === "ready" ? "Asking the engine…" : "Starting the live engine…";
    this.call("whatif.options", { step: k }).then(function (a) {
      if (ask !== self.asked) return;
      self.who.textContent = a.who ? iso(a.who) : "the player";
      self.card.textContent = "";
      for (var i = 0; i < a.legal.length; i++) {
        var o = document.createElement("option");
        o.value = a.legal[i].card;
        o.textContent = a.legal[i].name + (a.legal[i].card === a.played ? " (as played)" : "");
        self.card.appendChild(o);
      }
      var alt = a.legal.filter(function (c) { return c.card !== a.played; });
      if (alt.length) self.card.value = alt[0].card;
      var lines = a.refused.map(function (r) { return iso(a.who) + " may not play " + r.cards.join(", ") + " (" + r.rule + ")."; });
      self.refused.textContent = lines.join(" ");
      self.enable(true);
      var said = iso(a.who) + " may play " + a.legal.length + (a.legal.length === 1 ? " card" : " cards") + " here.";
      self.state.textContent = said;
      if (announce) self.say("What if: " + said + (lines.length ? " " + lines.join(" ") : ""));
    }, function (err) { self.failed(err, ask); });
  };

  WhatIf.prototype.failed = function (err, ask) {
    if (ask !== undefined && ask !== this.asked) return;
    this.state.textContent = "The engine could not answer: " + err.message;
    this.say(this.state.textContent);
    this.enable(!this.live());
  };

  WhatIf.prototype.values = function () {
    var self = this;
    var ask = ++this.asked;
    this.state.textContent = "Asking the solver…";
    this.call("whatif.values", { step: this.v.step }).then(function (a) {
      if (ask !== self.asked) return;
      self.valueList.textContent = "";
      for (var i = 0; i < a.values.length; i++) {
        var li = document.createElement("li");
        li.textContent = a.values[i].text;
        li.setAttribute("data-card", a.values[i].card);
        li.setAttribute("data-tricks", String(a.values[i].tricks));
        li.setAttribute("data-result", a.values[i].result);
        self.valueList.appendChild(li);
      }
      var said = a.values.length ? "Card values, with best play by everyone: " +
        a.values.map(function (x) { return x.text; }).join("; ") + "." : "No values here.";
      self.state.textContent = "Card values shown below.";
      self.say(said);
    }, function (err) { self.failed(err, ask); });
  };

  WhatIf.prototype.branch = function () {
    var self = this;
    var k = this.v.step;
    var params = { step: k, card: this.card.value, player: this.player.value,
      seed: Math.max(0, parseInt(this.seed.value, 10) || 0), earlier: this.v.data.dev || [],
      viewer_id: this.v.root.id + "-whatif" };
    var ask = ++this.asked;
    this.state.textContent = "The engine plays the hand on…";
    this.say(this.state.textContent);
    this.call("whatif.branch", params).then(function (a) {
      if (ask !== self.asked) return;
      self.close();
      var box = document.createElement("div");
      box.className = "om-wi-branch";
      box.setAttribute("data-from", String(k));
      var back = document.createElement("button");
      back.type = "button";
      back.className = "om-btn om-wi-back";
      back.setAttribute("aria-keyshortcuts", "Escape");
      back.textContent = "Back to the recorded game (Escape)";
      back.addEventListener("click", function () { self.back(); });
      box.appendChild(back);
      var holder = document.createElement("div");
      holder.innerHTML = a.html; // the package's own HTML: names escaped by Python's html.escape
      box.appendChild(holder);
      box.addEventListener("keydown", function (ev) {
        if (ev.key === "Escape" && !ev.defaultPrevented) { ev.preventDefault(); self.back(); }
      });
      self.v.root.parentNode.insertBefore(box, self.v.root.nextSibling);
      self.branchBox = box;
      scan();
      var broot = holder.querySelector(".om-viewer");
      if (broot) broot.focus();
      self.state.textContent = a.title_said + ".";
      self.say(a.title_said + ", the others playing by " + a.how + ". " + a.summary_said);
    }, function (err) { self.failed(err, ask); });
  };

  WhatIf.prototype.close = function () {
    if (!this.branchBox) return;
    var inner = this.branchBox.querySelectorAll(".om-viewer");
    for (var i = 0; i < inner.length; i++) {
      var w = inner[i].omViewer;
      if (w && w.whatif) w.whatif.close();
      var at = viewers.indexOf(w);
      if (at >= 0) viewers.splice(at, 1);
    }
    this.branchBox.parentNode.removeChild(this.branchBox);
    this.branchBox = null;
  };

  WhatIf.prototype.back = function () {
    if (!this.branchBox) return false;
    var from = Number(this.branchBox.getAttribute("data-from"));
    this.close();
    this.v.root.focus();
    this.v.show(from, { hash: true });
    this.say("Back to the recorded game, before card " + (from + 1) + ". " + this.v.data.steps[from].w);
    return true;
  };

  Viewer.prototype.linkGotos = function () {
    var prefix = this.prefix();
    var links = this.root.querySelectorAll("a.om-goto[data-step]");
    for (var i = 0; i < links.length; i++) {
      var k = Number(links[i].getAttribute("data-step"));
      links[i].setAttribute("href", "#" + prefix + this.data.steps[k].h);
    }
  };

  function uniqueIds() {
    var seen = {};
    var all = document.querySelectorAll(".om-viewer");
    for (var i = 0; i < all.length; i++) {
      var id = all[i].id || "ombre-replay";
      var n = 1;
      var candidate = id;
      while (seen[candidate]) {
        n += 1;
        candidate = id + "-" + n;
      }
      if (candidate !== all[i].id) all[i].id = candidate;
      seen[candidate] = true;
    }
  }

  // The book's "on this page" contents (the theme's) marks the section whose heading last crossed
  // the top of the window: a tall viewer scrolled back into view, or one reached by a link, left
  // the mark on another section. A viewer across the top of the window marks its own section.
  var spy = null;

  function markContents(root) {
    var nav = document.getElementById("pst-page-toc-nav");
    if (!nav) return;
    var link = null;
    var sec = root.closest("section[id]");
    while (sec && !link) {
      link = nav.querySelector('a[href="#' + sec.id + '"]');
      sec = sec.parentElement && sec.parentElement.closest("section[id]");
    }
    if (!link) return;
    var links = nav.querySelectorAll("a");
    for (var i = 0; i < links.length; i++) {
      var on = links[i] === link;
      links[i].classList.toggle("active", on);
      if (on) links[i].setAttribute("aria-current", "true");
      else links[i].removeAttribute("aria-current");
    }
    var items = nav.querySelectorAll("li");
    for (var j = 0; j < items.length; j++) items[j].classList.toggle("active", items[j].contains(link));
  }

  function watchContents(root) {
    if (document.readyState === "loading") {
      // the viewer's script runs as the page is read, before the contents after the article exist
      document.addEventListener("DOMContentLoaded", function () { watchContents(root); }, { once: true });
      return;
    }
    if (!document.getElementById("pst-page-toc-nav") || !window.IntersectionObserver) return;
    if (!spy) {
      var header = document.querySelector("#pst-header, .bd-header");
      var top = header ? Math.round(header.getBoundingClientRect().height) : 0;
      spy = new IntersectionObserver(function (entries) {
        for (var i = 0; i < entries.length; i++) if (entries[i].isIntersecting) markContents(entries[i].target);
      }, { rootMargin: "-" + top + "px 0px -70% 0px", threshold: 0 });
    }
    spy.observe(root);
  }

  function bringBack(root) {
    return function () {
      root.scrollIntoView({ block: "start" });
      markContents(root);
    };
  }

  function scan() {
    var fresh = document.querySelectorAll(".om-viewer:not([data-om-ready])");
    if (!fresh.length) return;
    uniqueIds();
    for (var i = 0; i < fresh.length; i++) {
      var root = fresh[i];
      if (!root.querySelector("script.om-data")) continue;
      root.setAttribute("data-om-ready", "");
      var v = new Viewer(root);
      viewers.push(v);
      root.omViewer = v;
      watchContents(root);
    }
    for (var j = 0; j < viewers.length; j++) {
      var w = viewers[j];
      w.linkGotos();
      if (w.step < 0) {
        var at = w.fromHash();
        w.show(at === null ? w.data.start : at, { hash: false });
        // bring the viewer of a shared link (#trick-5) into view; the note that carries the id
        // (the link's target without the script) may be scrolled to by the browser at load, so
        // bring the viewer back once the page has loaded
        if (at !== null) {
          w.root.scrollIntoView({ block: "start" });
          markContents(w.root);
          if (document.readyState !== "complete") {
            window.addEventListener("load", bringBack(w.root), { once: true });
          }
        }
      }
    }
  }

  window.addEventListener("hashchange", function () {
    for (var i = 0; i < viewers.length; i++) {
      var at = viewers[i].fromHash();
      if (at !== null && at !== viewers[i].step) {
        viewers[i].show(at, { hash: false });
        viewers[i].root.scrollIntoView({ block: "start" });
        markContents(viewers[i].root);
      }
    }
  });

  window.OmbreViewer = { version: VERSION, scan: scan, viewers: viewers };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  scan();
})();
