/* "Play a hand against the computer" in the page: the reader's side of ombre.display.browser.table.
   The engine (OmbreLive, Pyodide in a worker) is started only when the reader presses Deal. Every
   rule, move of the computers, hint and payment comes from Python; this script only draws buttons.
   Plain texts are set with textContent; the *_html fields were escaped by Python. */
(function () {
  "use strict";
  var RED = { "\u2665": 1, "\u2666": 1 };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function cardButton(text, name, extra) {
    var b = el("button", "ot-card");
    b.type = "button";
    var face = el("span", RED[text.slice(-1)] ? "ot-red" : "", text);
    b.appendChild(face);
    b.appendChild(el("span", "ot-sr", ", " + name + (extra || "")));
    return b;
  }

  function Table(root) {
    this.root = root;
    this.q = function (s) { return root.querySelector(s); };
    this.status = this.q(".ot-status");
    this.deal = this.q(".ot-deal");
    this.hand = null;
    this.busy = false;
    var self = this;
    var why = window.OmbreLive ? window.OmbreLive.unavailable() : "The live engine's script is missing.";
    if (why) {
      var off = this.q(".ot-off");
      off.textContent = "Playing here is off: " + why + " The hand played by the computer players below still replays.";
      off.hidden = false;
      this.deal.setAttribute("aria-disabled", "true");
      this.deal.addEventListener("click", function () { self.say(off.textContent); });
      return;
    }
    this.deal.addEventListener("click", function () { self.start(); });
    this.q(".ot-hint").addEventListener("click", function () { self.askHint(); });
    document.addEventListener("ombre-live", function (e) {
      if (self.busy && e.detail && e.detail.state === "loading") self.say(e.detail.message + "…");
    });
  }

  Table.prototype.say = function (text) { this.status.textContent = text; };
  Table.prototype.sayHtml = function (html) { this.status.innerHTML = html; };

  Table.prototype.call = function (method, params) {
    var self = this;
    this.busy = true;
    return window.OmbreLive.call(method, params).then(function (v) {
      self.busy = false;
      return v;
    }, function (err) {
      self.busy = false;
      self.say(err.message);
      throw err;
    });
  };

  Table.prototype.start = function () {
    var self = this;
    if (this.busy) return;
    var seed = parseInt(this.q("input[name=seed]").value, 10);
    if (!(seed >= 0)) { this.say("Choose a hand number: a whole number, 0 or more."); return; }
    var params = { seed: seed, opponents: this.q("select[name=opponents]").value, rules: this.q("select[name=rules]").value };
    this.say(window.OmbreLive.state() === "ready" ? "Dealing hand " + seed + "…" : "Starting the live engine…");
    this.call("table.new", params).then(function (v) { self.show(v, true); }, function () {});
  };

  Table.prototype.move = function (action) {
    var self = this;
    if (this.busy || !this.hand) return;
    this.call("table.act", { hand_id: this.hand.id, action: action }).then(function (v) { self.show(v, true); }, function () {});
  };

  Table.prototype.askHint = function () {
    var self = this;
    var out = this.q(".ot-hint-text");
    if (!this.hand || this.busy) { out.textContent = "Deal a hand first."; return; }
    this.call("table.hint", { hand_id: this.hand.id }).then(function (h) {
      out.innerHTML = "<b>Hint (1665):</b> " + h.hint_html;
    }, function () {});
  };

  Table.prototype.show = function (v, focus) {
    this.hand = v;
    this.q(".ot-play").hidden = false;
    this.q(".ot-hint-text").textContent = "";
    this.q(".ot-table").innerHTML = v.table_html;
    this.q(".ot-last").innerHTML = v.last_trick_html;
    var log = this.q(".ot-log ol");
    log.innerHTML = v.log_html.map(function (l) { return "<li>" + l + "</li>"; }).join("");
    var moves = this.q(".ot-moves");
    var cards = this.q(".ot-hand");
    var note = this.q(".ot-reasons");
    moves.textContent = "";
    cards.textContent = "";
    note.textContent = "";
    this.q(".ot-hint").hidden = v.over;
    var self = this;
    var first = null;
    v.choices.forEach(function (c) {
      var b = el("button", "ot-move", c.label);
      b.type = "button";
      b.addEventListener("click", function () { self.move(c.action); });
      moves.appendChild(b);
      first = first || b;
    });
    if (v.exchange) this.exchangeControls(v.exchange, moves, cards);
    var reasons = [];
    v.cards.forEach(function (c) {
      var b = cardButton(c.text, c.name, c.reason ? ": may not be played, " + c.reason : "");
      b.setAttribute("data-card", c.card);
      if (c.reason) {
        b.setAttribute("aria-disabled", "true");
        b.title = c.reason;
        if (reasons.indexOf(c.reason) < 0) reasons.push(c.reason);
        b.addEventListener("click", function () { self.say(c.text + " may not be played: " + c.reason + "."); });
      } else {
        b.addEventListener("click", function () { self.move(c.card); });
        first = first || b;
      }
      cards.appendChild(b);
    });
    cards.setAttribute("aria-label", v.cards.length ? "Your cards: choose one to play" : "Your cards");
    if (reasons.length) note.textContent = "The greyed cards may not be played: " + reasons.join("; ") + ".";
    var result = this.q(".ot-result");
    var replay = this.q(".ot-replay");
    if (v.over) {
      this.sayHtml(v.prompt_html + " <b>" + v.result_html + "</b> " + v.detail_html);
      result.innerHTML = "<p><b>" + v.result_html + "</b> " + v.detail_html + "</p>";
      var pay = el("ul", "ot-payments");
      // each name between isolates (the plain-text <bdi>), so it cannot reorder what follows it
      v.payments.forEach(function (p, i) { pay.appendChild(el("li", "", "\u2068" + v.players[i] + "\u2069: " + p)); });
      result.appendChild(pay);
      this.showReplay(replay, v.replay_html);
      var again = this.q(".ot-deal");
      if (focus) again.focus();
    } else {
      result.textContent = "";
      replay.textContent = "";
      this.sayHtml(v.prompt_html);
      if (focus && first) first.focus();
    }
  };

  Table.prototype.exchangeControls = function (ex, moves, cards) {
    var self = this;
    var chosen = {};
    ex.cards.forEach(function (c) {
      var b = cardButton(c.text, c.name);
      b.setAttribute("aria-pressed", "false");
      b.setAttribute("data-card", c.card);
      b.title = "throw out " + c.name;
      b.addEventListener("click", function () {
        chosen[c.card] = !chosen[c.card];
        b.setAttribute("aria-pressed", chosen[c.card] ? "true" : "false");
      });
      cards.appendChild(b);
    });
    cards.setAttribute("aria-label", "Your cards: press those to throw out");
    var go = el("button", "ot-move ot-take-in", "Take in (" + ex.least + " to " + ex.most + " cards)");
    go.type = "button";
    go.addEventListener("click", function () {
      var out = ex.cards.filter(function (c) { return chosen[c.card]; }).map(function (c) { return c.card; });
      if (out.length < ex.least || out.length > ex.most) {
        self.say("Throw out between " + ex.least + " and " + ex.most + " cards (you chose " + out.length + ").");
        return;
      }
      self.move("exchange " + (out.length ? out.join(" ") : "-"));
    });
    moves.appendChild(go);
  };

  // The viewer's own script is inline in its HTML: a script set through innerHTML does not run, so
  // each is replaced by a fresh element, which does.
  Table.prototype.showReplay = function (box, html) {
    box.innerHTML = html ? "<h3>The hand in the replay viewer</h3>" + html : "";
    Array.prototype.forEach.call(box.querySelectorAll("script:not([type])"), function (old) {
      var s = document.createElement("script");
      s.textContent = old.textContent;
      old.parentNode.replaceChild(s, old);
    });
  };

  function scan() {
    Array.prototype.forEach.call(document.querySelectorAll(".ombre-table:not([data-ot-ready])"), function (root) {
      root.setAttribute("data-ot-ready", "");
      root.ombreTable = new Table(root);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
