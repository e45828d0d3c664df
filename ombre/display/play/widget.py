"""Play a whole hand against two computer players in JupyterLab, then replay it.

:class:`PlayWidget` deals a seeded hand with the student as the eldest hand
(first to speak and to lead), and takes the student through every phase:
the bidding (pass, play, or play without taking in), naming the trump, the
exchange (pick the cards to throw out), the vole declaration when the 1665
rules ask for it, and the nine tricks, with only the legal cards enabled and
the reason shown for the others.  The computer players (the 1665 rule of
thumb or the Monte Carlo player of :mod:`ombre.engine.players`) answer at once.
The hand itself is a :class:`ombre.display.play.session.HandInPlay`, which the page's
live table (:mod:`ombre.display.browser.table`) plays too.  *Hint* gives the rule-of-thumb
advice for the moment, with its reason.  When the hand is over the widget shows the result
and the payments, and the finished hand in the replay viewer
(:class:`ombre.display.replay.widget.ReplayWidget`).

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

from ombre.display.live import display_with_live_regions, live_html, say
from ombre.display.play.session import NAMES, HandInPlay
from ombre.engine.cards import Card
from ombre.engine.game import Action, Exchange, GameState, Phase, Play
from ombre.errors import OmbreError

__all__ = ["PlayWidget"]


class PlayWidget:
    """One hand against two computer players; display it as the last expression of a cell (:attr:`box`)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        opponents: str = "rule-of-thumb",
        rules: str = "1665",
        names: tuple[str, str, str] = NAMES,
        card_size: float = 52,
    ) -> None:
        self.card_size = card_size
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
        #: the hand being played, with its log (shared with the page's live table)
        self.hand = HandInPlay(seed, opponents=opponents, rules=rules, names=names)
        self.new_hand(seed)

    # -- the game: the hand in play does it ---------------------------------------

    def new_hand(self, seed: int) -> None:
        """Deal hand ``seed`` (the student is the eldest hand) and let the computers act."""
        self.hand.deal(seed)
        say(self.hint_text, "")
        self.replay_area.children = ()
        self._refresh()

    @property
    def state(self) -> GameState:
        """The engine's state of the hand."""
        return self.hand.state

    @property
    def seed(self) -> int:
        return self.hand.seed

    @property
    def human(self) -> int:
        return self.hand.human

    @property
    def names(self) -> tuple[str, str, str]:
        return self.hand.names

    @property
    def log(self) -> list[str]:
        """The hand so far, a line for each move and each trick taken."""
        return self.hand.log

    @property
    def since(self) -> int:
        """Where the lines since the student's last move begin in :attr:`log`."""
        return self.hand.since

    @property
    def _tricks_before(self) -> int:
        return self.hand.tricks_before

    @property
    def phase(self) -> str:
        """The phase of the hand, in words (``bidding``, ``naming trump``, ``exchange``, ``play`` ...)."""
        return self.hand.phase

    def legal(self) -> list[Action]:
        """The student's legal actions now (empty when it is not the student's turn)."""
        return self.hand.legal()

    def legal_texts(self) -> list[str]:
        """The student's legal actions as text (exchanges summarised as their bounds)."""
        return self.hand.legal_texts()

    def act(self, action: Action | str) -> None:
        """Make the student's move (an action or its text, e.g. ``"play"``, ``"Ks"``), then the computers'."""
        self.hand.act(action)
        self._refresh()

    def hint(self) -> str:
        """The 1665 rule of thumb's advice for the student's move now."""
        return self.hand.hint()

    def autoplay(self) -> None:
        """Play the student's moves by the rule of thumb until the hand is over (for tests and demos)."""
        self.hand.autoplay()
        self._refresh()

    def _describe(self, seat: int, action: Action) -> str:
        return self.hand.describe(seat, action)

    # -- drawing -------------------------------------------------------------------

    def _show_hint(self) -> None:
        say(self.hint_text, f"<p><b>Hint:</b> {self.hand.text_html(self.hint())}</p>")

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
        if not self.hand.still_legal(action):
            return
        for b in self.actions.children:
            b.disabled = True
        try:
            self.act(action)
        except OmbreError as e:
            self._refresh()
            said = self.hand.text_html(f"{e}. {self.hand.prompt()}")
            say(self.status, f"<p>{said}</p>")

    def _refresh(self) -> None:
        st = self.state
        self.table.value = self.hand.table_html(self.card_size)
        self.history.value = (
            "<details><summary>What has happened</summary><ol>"
            + "".join(f"<li>{self.hand.text_html(line)}</li>" for line in self.log)
            + "</ol></details>"
        )
        buttons: list[widgets.Widget] = []
        if st.is_terminal():
            since = self.hand.said()
            say(self.status, (f"<p>{self.hand.text_html(since)}</p>" if since else "") + self._result_html())
            if not st.passed_out and not self.replay_area.children:
                from ombre.display.replay.widget import ReplayWidget

                rw = ReplayWidget({f"Hand {self.seed}": st}, card_size=self.card_size)
                self.replay = rw
                self.replay_area.children = (widgets.HTML("<h3>Replay the hand</h3>"), rw.box)
        else:
            say(self.status, f"<p>{self.hand.text_html(self.hand.prompt())}</p>")
            buttons = self._action_buttons()
        self.actions.children = tuple(buttons)
        self.last_trick.value = self.hand.last_trick_html(self.card_size)

    def _action_buttons(self) -> list[widgets.Widget]:
        if self.state.phase is Phase.EXCHANGE:
            return self._exchange_widgets()
        if self.state.phase is not Phase.PLAY:
            return [self._button(label, a) for label, a in self.hand.choices()]
        return [
            self._button(
                ch.card.symbol,
                Play(ch.card),
                tooltip=ch.spoken + (f": {ch.reason}" if ch.reason else ""),
                disabled=ch.reason is not None,
            )
            for ch in self.hand.card_choices()
        ]

    def _exchange_widgets(self) -> list[widgets.Widget]:
        st = self.state
        least, most = self.hand.exchange_bounds()
        cards: list[Card] = self.hand.hand()
        toggles = [
            widgets.ToggleButton(
                description=c.symbol,
                tooltip=f"throw out {c.spoken(st.trump)}",
                layout=widgets.Layout(width="auto"),
            )
            for c in cards
        ]
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
                    f"{self.hand.text_html(self.hand.prompt())}</p>",
                )
                return
            self._click(Exchange(chosen))

        go.on_click(submit)
        return [*toggles, go]

    def _result_html(self) -> str:
        if self.state.passed_out:
            return "<p>All passed: press <b>New hand</b> to deal again.</p>"
        result, rest = self.hand.outcome()
        return f"<p><b>{self.hand.text_html(result)}</b> {self.hand.text_html(rest)}</p>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        display_with_live_regions(self.box)
