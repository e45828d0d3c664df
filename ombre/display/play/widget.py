"""Play a whole hand against two computer players in JupyterLab, then replay it.

:class:`PlayWidget` deals a seeded hand with the student as the eldest hand
(first to speak and to lead), and takes the student through every phase:
the bidding (pass, play, or play without taking in), naming the trump, the
exchange (pick the cards to throw out), the vole declaration when the 1665
rules ask for it, and the nine tricks, with only the legal cards enabled and
the reason shown for the others.  The computer players (the 1665 rule of
thumb or the Monte Carlo player of :mod:`ombre.engine.players`) answer at once.
*Hint* gives the rule-of-thumb advice for the moment, with its reason.  When
the hand is over the widget shows the result and the payments, and the
finished hand in the replay viewer (:class:`ombre.display.replay.widget.ReplayWidget`).

Everything can be driven from Python, which is how the tests use it:

>>> w = PlayWidget(seed=4, opponents="rule-of-thumb")
>>> w.phase, w.legal_texts()
('bidding', ['pass', 'play', 'sans-prendre'])
>>> w.hint().startswith(("Pass", "Play"))
True
>>> w.autoplay()  # the student's moves made by the rule of thumb, to the end
>>> w.state.is_terminal(), "Result" in w.status.value or "passed" in w.status.value
(True, True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ombre.display.cardtext import card_text_html
from ombre.display.html import name_html
from ombre.display.live import display_with_live_regions, live_html, say
from ombre.display.replay import build_viewer_steps, render_position, sort_hand
from ombre.display.replay.widget import why_allowed
from ombre.display.svg import card_svg, cards_html
from ombre.engine.cards import Card, Suit
from ombre.engine.game import (
    Action,
    Bid,
    Deal,
    DeclareVole,
    Exchange,
    GameState,
    NameTrump,
    Phase,
    Play,
    Trick,
    parse_action,
)
from ombre.engine.players import Player, RuleOfThumbPlayer, hint, make_player
from ombre.engine.rules import explain_winner, why_illegal
from ombre.errors import IllegalActionError, OmbreError
from ombre.words import capitalise

__all__ = ["PlayWidget"]

_BID_LABELS = {"pass": "Pass", "play": "Play (take in)", "sans-prendre": "Play without taking in"}


class PlayWidget:
    """One hand against two computer players; display it as the last expression of a cell (:attr:`box`)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        opponents: str = "rule-of-thumb",
        rules: str = "1665",
        names: tuple[str, str, str] = ("You", "the Baron", "the Knight"),
        card_size: float = 52,
    ) -> None:
        self.seed = seed
        self.opponents = opponents
        self.rules = rules
        self.names = names
        self.card_size = card_size
        self.human = 0
        #: the hand so far: a line for the deal, for each move and for each trick taken
        self.log: list[str] = []
        #: where the lines since the student's last move begin in :attr:`log`
        self.since = 0
        self._tricks_before = 0
        self.computers: dict[int, Player] = {}
        self.table = widgets.HTML()
        self.last_trick = widgets.HTML()
        #: the announcements: a persistent live region (see :mod:`ombre.display.live`)
        self.status = live_html()
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hint_button = widgets.Button(description="Hint", tooltip="Advice from the 1665 rule of thumb")
        self.new_button = widgets.Button(description="New hand", tooltip="Deal a new hand")
        self.hint_text = live_html()
        self.history = widgets.HTML()
        self.replay_area = widgets.VBox()
        self.hint_button.on_click(lambda _b: self._show_hint())
        self.new_button.on_click(lambda _b: self.new_hand(self.seed + 1))
        #: the widget that is shown: the table, the moves the student may make, the hint and the log
        self.box = widgets.VBox(
            [
                self.table,
                self.last_trick,
                self.status,
                self.actions,
                widgets.HBox([self.hint_button, self.new_button]),
                self.hint_text,
                self.history,
                self.replay_area,
            ]
        )
        self.new_hand(seed)

    # -- the game ----------------------------------------------------------------

    def new_hand(self, seed: int) -> None:
        """Deal hand ``seed`` (the student is the eldest hand) and let the computers act."""
        self.seed = seed
        deal = Deal.random(seed=seed, dealer=(self.human - 1) % 3)
        self.state = GameState(deal, rules=self.rules, players=self.names)
        self.computers = {s: make_player(self.opponents, seed * 3 + s) for s in range(3) if s != self.human}
        self.log = [f"Hand {seed} is dealt; you are the eldest hand and speak first."]
        self.since = 0
        self._tricks_before = 0
        say(self.hint_text, "")
        self.replay_area.children = ()
        self._advance()
        self._refresh()

    @property
    def phase(self) -> str:
        """The phase of the hand, in words (``bidding``, ``naming trump``, ``exchange``, ``play`` ...)."""
        return str(self.state.phase)

    def legal(self) -> list[Action]:
        """The student's legal actions now (empty when it is not the student's turn)."""
        if self.state.current_player != self.human:
            return []
        return self.state.legal_actions()

    def legal_texts(self) -> list[str]:
        """The student's legal actions as text (exchanges summarised as their bounds)."""
        acts = self.legal()
        if acts and isinstance(acts[0], Exchange):
            sizes = sorted({len(a.discards) for a in acts if isinstance(a, Exchange)})
            return [f"exchange {sizes[0]} to {sizes[-1]} cards"]
        return [str(a) for a in acts]

    def act(self, action: Action | str) -> None:
        """Make the student's move (an action or its text, e.g. ``"play"``, ``"Ks"``), then the computers'."""
        if self.state.is_terminal():
            raise IllegalActionError("the hand is over: deal a new one")
        if self.state.current_player != self.human:
            raise IllegalActionError("it is not your turn")
        a = parse_action(action) if isinstance(action, str) else action
        tricks = len(self.state.tricks)
        self.state.apply(a)
        self.since = len(self.log)
        self._tricks_before = tricks
        self._record(self.human, a, tricks)
        self._advance()
        self._refresh()

    def hint(self) -> str:
        """The 1665 rule of thumb's advice for the student's move now."""
        return hint(self.state.view(self.human))

    def autoplay(self) -> None:
        """Play the student's moves by the rule of thumb until the hand is over (for tests and demos)."""
        rot = RuleOfThumbPlayer()
        while not self.state.is_terminal():
            self.act(rot.choose(self.state.view(self.human)))

    def _advance(self) -> None:
        st = self.state
        while not st.is_terminal() and st.current_player != self.human:
            seat = st.current_player
            assert seat is not None
            action = self.computers[seat].choose(st.view(seat))
            tricks = len(st.tricks)
            st.apply(action)
            self._record(seat, action, tricks)

    def _record(self, seat: int, action: Action, tricks_before: int) -> None:
        """Log ``action`` (just applied) and, if it ended a trick, who won it."""
        st = self.state
        self.log.append(self._describe(seat, action))
        if len(st.tricks) > tricks_before:
            winner = st.tricks[-1].winner
            wins = "You win" if winner == self.human else f"{capitalise(self.names[winner])} wins"
            counts = ", ".join(f"{self.names[s]} {st.tricks_won[s]}" for s in range(3))
            why = explain_winner(st.tricks[-1].cards, st.tricks[-1].trump)
            self.log.append(f"{wins} trick {len(st.tricks)}: {why}. Tricks: {counts}.")

    def _describe(self, seat: int, action: Action) -> str:
        who = self.names[seat]
        you = seat == self.human
        if isinstance(action, Bid):
            verb = {
                "pass": "pass" if you else "passes",
                "play": "play" if you else "plays",
                "sans-prendre": "play without taking in" if you else "plays without taking in",
            }
            return f"{capitalise(who) if not you else 'You'} {verb[action.kind]}."
        if isinstance(action, NameTrump):
            return f"{'You name' if you else capitalise(who) + ' names'} {action.suit.plural} trumps."
        if isinstance(action, Exchange):
            n = len(action.discards)
            if you:
                shown = " ".join(c.symbol for c in action.discards) or "nothing"
                return f"You throw out {shown} and take in {n} card{'s' if n != 1 else ''}."
            return f"{capitalise(who)} takes in {n} card{'s' if n != 1 else ''}."
        if isinstance(action, DeclareVole):
            decl = "declare" if action.declared else "do not declare"
            return f"{'You' if you else capitalise(who)} {decl if you else decl + 's'} the vole.".replace(
                "do not declares", "does not declare"
            )
        card = action.card
        plays = "You play" if you else capitalise(who) + " plays"
        # the card's own name is its text alternative (a named span in the widget); only a title is added
        title = card.title(self.state.trump)
        said = f"{plays} {card.symbol} ({title})" if title else f"{plays} {card.symbol}"
        why = self._why_allowed(seat, card)
        return f"{said}: {why}." if why else f"{said}."

    def _why_allowed(self, seat: int, card: Card) -> str:
        """The rule that allowed ``card`` (just played by ``seat``) if it did not follow the suit led."""
        st = self.state
        trick = st.current_trick if st.current_trick is not None and st.current_trick.cards else None
        cards = trick.cards if trick is not None else st.tricks[-1].cards if st.tricks else ()
        if card not in cards:
            return ""  # not a card just played
        if st.trump is None:
            return ""
        return why_allowed(st.hand(seat), cards[: cards.index(card)], card, st.trump)

    # -- drawing -------------------------------------------------------------------

    def _show_hint(self) -> None:
        text = self.hint() if not self.state.is_terminal() else "The hand is over."
        say(self.hint_text, f"<p><b>Hint:</b> {card_text_html(text)}</p>")

    def _button(
        self, label: str, action: Action, tooltip: str = "", disabled: bool = False
    ) -> widgets.Button:
        b = widgets.Button(
            description=label,
            tooltip=tooltip or label,
            disabled=disabled,
            layout=widgets.Layout(width="auto"),
        )
        b.on_click(lambda _b: self._click(action))
        return b

    def _click(self, action: Action) -> None:
        """A button's move: stale clicks (no longer legal) are ignored; the buttons wait meanwhile."""
        if not self._still_legal(action):
            return
        for b in self.actions.children:
            b.disabled = True
        try:
            self.act(action)
        except OmbreError as e:
            self._refresh()
            say(self.status, f"<p>{card_text_html(str(e))}. {card_text_html(self._prompt())}</p>")

    def _still_legal(self, action: Action) -> bool:
        st = self.state
        if st.is_terminal() or st.current_player != self.human:
            return False
        if isinstance(action, Exchange):  # its cards are checked by the engine
            return st.phase is Phase.EXCHANGE
        return action in st.legal_actions()

    def _refresh(self) -> None:
        st = self.state
        self.table.value = self._table_html()
        self.history.value = (
            "<details><summary>What has happened</summary><ol>"
            + "".join(f"<li>{card_text_html(line)}</li>" for line in self.log)
            + "</ol></details>"
        )
        buttons: list[widgets.Widget] = []
        if st.is_terminal():
            since = " ".join(self.log[self.since :])
            say(self.status, (f"<p>{card_text_html(since)}</p>" if since else "") + self._result_html())
            if not st.passed_out and not self.replay_area.children:
                from ombre.display.replay.widget import ReplayWidget

                rw = ReplayWidget({f"Hand {self.seed}": st}, card_size=self.card_size)
                self.replay = rw
                self.replay_area.children = (widgets.HTML("<h3>ViewerSteps the hand</h3>"), rw.box)
        else:
            say(self.status, f"<p>{card_text_html(self._prompt())}</p>")
            buttons = self._action_buttons()
        self.actions.children = tuple(buttons)
        self.last_trick.value = self._last_trick_html()

    def _prompt(self) -> str:
        """Everything since the student's last move (their own move first), then what to do now."""
        st = self.state
        last = " ".join(self.log[self.since :])
        if st.phase is Phase.BIDDING:
            return f"{last} Your bid?"
        if st.phase is Phase.TRUMP:
            return f"{last} You are the Ombre: name the trump suit."
        if st.phase is Phase.EXCHANGE:
            return f"{last} Choose the cards to throw out, then take in as many from the stock."
        if st.phase is Phase.VOLE:
            return f"{last} You have won the first four tricks: do you declare the vole?"
        return f"{last} Your turn: choose a card (the legal ones are enabled)."

    def _action_buttons(self) -> list[widgets.Widget]:
        st = self.state
        acts = self.legal()
        if st.phase is Phase.BIDDING:
            return [self._button(_BID_LABELS[a.kind], a) for a in acts if isinstance(a, Bid)]
        if st.phase is Phase.TRUMP:
            return [self._button(f"{s.symbol} {s.plural.title()}", NameTrump(s)) for s in Suit]
        if st.phase is Phase.VOLE:
            return [
                self._button("Declare the vole", DeclareVole(True)),
                self._button("Do not declare", DeclareVole(False)),
            ]
        if st.phase is Phase.EXCHANGE:
            return self._exchange_widgets()
        hand = sort_hand(st.hand(self.human), st.trump)
        trick = st.current_trick.cards if st.current_trick is not None else ()
        out: list[widgets.Widget] = []
        assert st.trump is not None
        for c in hand:
            reason = why_illegal(hand, trick, c, st.trump)
            out.append(
                self._button(
                    c.symbol,
                    Play(c),
                    tooltip=c.spoken(st.trump) + (f": {reason}" if reason else ""),
                    disabled=reason is not None,
                )
            )
        return out

    def _exchange_widgets(self) -> list[widgets.Widget]:
        st = self.state
        sizes = sorted({len(a.discards) for a in self.legal() if isinstance(a, Exchange)})
        least, most = sizes[0], sizes[-1]
        toggles = [
            widgets.ToggleButton(
                description=c.symbol,
                tooltip=f"throw out {c.spoken(st.trump)}",
                layout=widgets.Layout(width="auto"),
            )
            for c in sort_hand(st.hand(self.human), st.trump)
        ]
        cards = sort_hand(st.hand(self.human), st.trump)
        go = widgets.Button(
            description=f"Take in ({least} to {most})",
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )

        def submit(_b: Any) -> None:
            chosen = tuple(c for c, t in zip(cards, toggles, strict=True) if t.value)
            if not least <= len(chosen) <= most:
                say(
                    self.status,
                    f"<p>Throw out between {least} and {most} cards (you chose {len(chosen)}). "
                    f"{card_text_html(self._prompt())}</p>",
                )
                return
            self._click(Exchange(chosen))

        go.on_click(submit)
        return [*toggles, go]

    def _table_html(self) -> str:
        st = self.state
        if st.phase in (Phase.PLAY, Phase.VOLE) or (st.is_terminal() and st.trump is not None):
            rp = build_viewer_steps(st)
            return render_position(
                rp,
                len(rp.steps) - 1,
                seat_view=self.human,
                mark_legal=True,
                card_size=self.card_size,
                show_status=False,  # the status below says it, and more
            )
        trump = st.trump
        hand = sort_hand(st.hand(self.human), trump)
        bids = "; ".join(f"{self.names[s]}: {b.kind}" for s, b in st.bids) or "none yet"
        lines = [
            f"<p><b>Your hand</b>{' (' + trump.plural + ' trumps)' if trump else ''}:</p>",
            cards_html(hand, trump, self.card_size, label="Your hand"),
            f"<p>Bids so far: {card_text_html(bids)}. Cards in the stock: {len(st.stock_left)}.</p>",
        ]
        if st.discards[self.human]:
            thrown = " ".join(c.symbol for c in st.discards[self.human])
            lines.append(f"<p>You threw out: {card_text_html(thrown)}.</p>")
        return "".join(lines)

    def _last_trick_html(self) -> str:
        """The trick completed since the student's last move, once the table has moved on from it.

        While the student is to lead the table itself still shows that trick, and at the end of
        the hand the table shows the last one: then nothing is drawn here.
        """
        st = self.state
        if st.is_terminal() or len(st.tricks) <= self._tricks_before:
            return ""
        if st.current_trick is None or not st.current_trick.cards:
            return ""
        return self._trick_figure(st.tricks[-1], len(st.tricks))

    def _trick_figure(self, trick: Trick, number: int) -> str:
        cells = []
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            who = "You" if seat == self.human else capitalise(self.names[seat])
            verb = "led" if i == 0 else "played"
            caption = f"{who} {verb} {card.symbol}"
            cells.append(
                '<figure style="margin:0 6px 0 0;text-align:center;max-width:90px">'
                f"{card_svg(card, trick.trump, self.card_size * 0.8)}"
                f'<figcaption style="font-size:80%">{card_text_html(caption)}</figcaption></figure>'
            )
        won = "You won" if trick.winner == self.human else f"{capitalise(self.names[trick.winner])} won"
        return (
            f'<div class="ombre-last-trick" role="group" aria-label="The last trick, trick {number}">'
            f"<p style='margin:.3em 0'><b>The last trick (trick {number}):</b> {card_text_html(won)} it.</p>"
            f'<div style="display:flex;align-items:flex-start">{"".join(cells)}</div></div>'
        )

    def _result_html(self) -> str:
        st = self.state
        if st.passed_out:
            return "<p>All passed: press <b>New hand</b> to deal again.</p>"
        assert st.ombre is not None and st.result is not None
        tricks = ", ".join(f"{self.names[s]} {st.tricks_won[s]}" for s in range(3))
        settled = st.settlement()
        # Amount.format names one unit in the singular ("-1 great mark"), as the settlement's table does
        money = "; ".join(
            f"{st.players[s]}: " + (settled.net[s].format(st.rules.units) if settled.net[s] else "nothing")
            for s in range(3)
        )
        # the name is the caller's text: escaped and isolated, as every page shows a name
        ombre = "You were" if st.ombre == self.human else f"{name_html(capitalise(self.names[st.ombre]))} was"
        return (
            f"<p><b>Result: {card_text_html(str(st.result))}.</b> {ombre} the Ombre. "
            f"Tricks: {card_text_html(tricks)}. "
            f"Payments ({card_text_html(st.rules.title)}): {card_text_html(money)}.</p>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        display_with_live_regions(self.box)
