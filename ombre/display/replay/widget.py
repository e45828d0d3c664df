"""The replay in JupyterLab (ipywidgets, live kernel), with "what if" branches.

:class:`ReplayWidget` shows the same table as the static viewer (:func:`render_position`), with
ipywidgets buttons and a slider to move through the game.  At any position the reader may pick
another legal card for the player to move; the engine then plays the hand out (best play by the
double-dummy solver when :mod:`ombre.engine.solver` is available, otherwise the 1665 rule of thumb of
:mod:`ombre.engine.players`, otherwise the highest legal card) and the widget shows that branch until
the reader returns to the recorded game.  When the solver is available, each legal card is
labelled with its value: the tricks the Ombre then takes with best play, and the result.

Everything can be driven from Python, which is how the tests use it:

>>> from ombre.engine.game import GameState
>>> from ombre.engine.cards import parse_cards, Suit
>>> s = GameState.from_position([parse_cards("As Kh"), parse_cards("2s Qh"), parse_cards("3s Jh")],
...                             trump=Suit.SPADES, ombre=0, leader=0, players=["Ann", "Ben", "Cat"])
>>> for card in ["As", "2s", "3s", "Kh", "Qh", "Jh"]:
...     s.play(card)
>>> w = ReplayWidget(s, chooser=highest_card, analysis=False)
>>> w.go(3); w.step, w.current.steps[w.step].tricks
(3, (1, 0, 0))
>>> w.what_if("Kh", step=0)
>>> w.in_branch, w.step, w.current.steps[-1].tricks
(True, 1, (2, 0, 0))
>>> w.back_to_record(); w.in_branch
False
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ombre.display.cardtext import card_text_html
from ombre.display.live import display_with_live_regions, live_html, say
from ombre.display.replay import ViewerSteps, branch, build_viewer_steps, render_position, sort_hand
from ombre.display.replay.branch import (
    Chooser,
    branch_state,
    engine_chooser,
    highest_card,
    refused_by_rule,
    solver_values,
    why_allowed,
)
from ombre.engine.cards import Card, parse_card
from ombre.engine.game import GameState, Phase
from ombre.engine.rules import explain_winner
from ombre.errors import OmbreError
from ombre.words import capitalise

__all__ = [
    "ReplayWidget",
    "Chooser",
    "solver_values",
    "engine_chooser",
    "highest_card",
    "labelled_slider",
    "why_allowed",
]


def labelled_slider(options: Sequence[str], description: str) -> Any:
    """A slider over ``options`` that shows the chosen option in full, on a line of its own.

    An ipywidgets slider's own readout is at most half a default widget wide (148px) and cuts a
    long label ("Spadille, the Ace of Spa").  Here the slider has no readout; a
    :class:`ipywidgets.Stack` of labels below it shows the option at the slider's index.  The
    two are joined by ``jslink``, in the browser, so the label follows the slider in a static
    page with no kernel as well as in JupyterLab.

    >>> box = labelled_slider(["Spadille, the Ace of Spades", "Manille, the Seven of Hearts"], "Trumps")
    >>> slider, readout = box.children
    >>> slider.readout, [label.value for label in readout.children], readout.selected_index
    (False, ['Spadille, the Ace of Spades', 'Manille, the Seven of Hearts'], 0)
    """
    labels = list(options)
    if not labels:
        raise ValueError("a slider needs at least one option")
    slider = widgets.SelectionSlider(
        options=labels,
        description=description,
        readout=False,
        continuous_update=False,
        style={"description_width": "initial"},
        layout=widgets.Layout(width="95%"),
    )
    readout = widgets.Stack(children=[widgets.Label(value=label) for label in labels], selected_index=0)
    readout.add_class("ombre-slider-readout")
    widgets.jslink((slider, "index"), (readout, "selected_index"))
    return widgets.VBox([slider, readout])


def _label(source: object, index: int) -> str:
    if isinstance(source, ViewerSteps):
        return source.title
    if isinstance(source, GameState):
        return f"Game {index + 1}"
    event = getattr(source, "tag", None)
    name = event("Event") if callable(event) else None
    return str(name) if name else f"Record {index + 1}"


class ReplayWidget:
    """A replay in a live kernel: step through a game, switch reconstructions, branch off.

    ``games`` is one game (a :class:`~ombre.engine.record.GameRecord`, a :class:`~ombre.engine.game.GameState`
    or a built :class:`~ombre.display.replay.ViewerSteps`), a list of them, or a mapping from a label
    to a game; several games give a "Reconstruction" menu.  ``seat_view`` shows only that seat's
    cards.  ``chooser`` plays the branches (default: :func:`engine_chooser`).  ``analysis``
    labels each legal card with the solver's value when the solver is available.

    Display it as the last expression of a cell (it is an ipywidgets ``VBox``: :attr:`box`).
    """

    def __init__(
        self,
        games: object,
        *,
        seat_view: int | None = None,
        chooser: Chooser | None = None,
        analysis: bool = True,
        card_size: float = 52,
    ) -> None:
        items: list[tuple[str, ViewerSteps]] = []
        if isinstance(games, Mapping):
            for label, game in games.items():
                items.append((str(label), self._as_steps(game)))
        elif isinstance(games, Sequence) and not isinstance(games, str):
            for i, game in enumerate(games):
                items.append((_label(game, i), self._as_steps(game)))
        else:
            items.append((_label(games, 0), self._as_steps(games)))
        if not items:
            raise OmbreError("ReplayWidget needs at least one game")
        self.games: list[tuple[str, ViewerSteps]] = items
        self.seat_view = seat_view
        if chooser is None:
            chooser, how = engine_chooser()
        else:
            doc = getattr(chooser, "__doc__", None) or getattr(chooser, "__name__", None)
            how = str(doc).strip().splitlines()[0] if doc else "the given player"
        self.chooser: Chooser = chooser
        self.how = how
        self.card_size = card_size
        self.game_index = 0
        self.branch: ViewerSteps | None = None
        self.branch_from: int | None = None
        #: the branch's departures from the record: (step, who, card), earliest first
        self.deviations: list[tuple[int, str, Card]] = []
        self.step = 0
        self._values: dict[tuple[int, int], dict[Card, tuple[int, str]] | None] = {}
        self.has_solver = branch.has_solver()

        # -- widgets
        #: the position shown: the static viewer's table (:meth:`html`)
        self.view = widgets.HTML()
        #: what was just played: one persistent live region, only its text changes
        self.announce = live_html()
        self.slider = widgets.IntSlider(
            value=0, min=0, max=len(self.recorded.steps) - 1, description="Card", continuous_update=True
        )
        self.buttons: dict[str, widgets.Button] = {}
        for act, label, tip in (
            ("first", "First", "Before the first card"),
            ("prev_trick", "Previous trick", "The end of the previous trick"),
            ("prev", "Previous card", "One card back"),
            ("next", "Next card", "One card on"),
            ("next_trick", "Next trick", "The end of the next trick"),
            ("last", "Last", "The end of the game"),
        ):
            b = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, act=act: getattr(self, act)())
            self.buttons[act] = b
        self.game_menu = widgets.Dropdown(
            options=[(label, i) for i, (label, _) in enumerate(self.games)],
            value=0,
            description="Reconstruction",
            style={"description_width": "initial"},
            layout=widgets.Layout(display="" if len(self.games) > 1 else "none"),
        )
        self.alternative = widgets.Dropdown(
            options=[], description="What if", style={"description_width": "initial"}
        )
        self.play_button = widgets.Button(
            description="Play it and let the engine finish", layout=widgets.Layout(width="auto")
        )
        self.back_button = widgets.Button(
            description="Return to the recorded game", layout=widgets.Layout(width="auto")
        )
        self.show_values = widgets.Checkbox(
            value=analysis and self.has_solver,
            description="Show the solver's value of each legal card",
            disabled=not self.has_solver,
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.note = widgets.HTML()
        #: the cards the What if menu leaves out, and the rule that forbids them
        self.refused = widgets.HTML()
        self.play_button.on_click(lambda _b: self._play_clicked())
        self.alternative.observe(lambda _c: self._update_play_button(), names="value")
        self.back_button.on_click(lambda _b: self.back_to_record())
        self.slider.observe(self._on_slider, names="value")
        self.game_menu.observe(self._on_game, names="value")
        self.show_values.observe(lambda _c: self._refresh(), names="value")
        #: the widget that is shown: the menus, the position, its buttons and the slider
        self.box = widgets.VBox(
            [
                self.game_menu,
                self.view,
                self.announce,
                widgets.HBox(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap")),
                self.slider,
                widgets.HBox(
                    [self.alternative, self.play_button, self.back_button],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.refused,
                self.show_values,
                self.note,
            ]
        )
        self._refresh()

    # -- games -------------------------------------------------------------------

    @staticmethod
    def _as_steps(game: object) -> ViewerSteps:
        if isinstance(game, ViewerSteps):
            return game
        return build_viewer_steps(game)  # type: ignore[arg-type]

    @property
    def recorded(self) -> ViewerSteps:
        """The recorded game now chosen (not a branch)."""
        return self.games[self.game_index][1]

    @property
    def current(self) -> ViewerSteps:
        """What is on the table: the branch if the reader has branched off, else the record."""
        return self.branch if self.branch is not None else self.recorded

    @property
    def in_branch(self) -> bool:
        return self.branch is not None

    def select(self, index: int) -> None:
        """Show reconstruction ``index`` (keeping the step where possible); leaves any branch."""
        if not 0 <= index < len(self.games):
            raise OmbreError(f"there are {len(self.games)} games; {index} is not one of them")
        self.game_index = index
        self.branch = None
        self.branch_from = None
        self.deviations = []
        if self.game_menu.value != index:
            self.game_menu.value = index  # calls back into select, harmlessly
        self.step = min(self.step, len(self.recorded.steps) - 1)
        self._refresh()

    # -- moving ------------------------------------------------------------------

    def go(self, step: int) -> None:
        """Show position ``step`` (0 = before the first card), clamped to the game."""
        self.step = max(0, min(len(self.current.steps) - 1, int(step)))
        self._refresh()

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(len(self.current.steps) - 1)

    def next(self) -> None:
        self.go(self.step + 1)

    def prev(self) -> None:
        self.go(self.step - 1)

    def next_trick(self) -> None:
        """The end of the next trick (or the end of the game)."""
        later = [e for e in self.current.trick_ends if e > self.step]
        self.go(later[0] if later else len(self.current.steps) - 1)

    def prev_trick(self) -> None:
        """The end of the previous trick (or the start)."""
        earlier = [e for e in self.current.trick_ends if e < self.step]
        self.go(earlier[-1] if earlier else 0)

    # -- what if -----------------------------------------------------------------

    def state(self) -> GameState:
        """The engine's state at the position shown."""
        return self.current.state_at(self.step)

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play at the position shown."""
        state = self.state()
        if state.phase is not Phase.PLAY:
            return []
        return list(sort_hand(state.legal_cards(), state.trump))

    def what_if(self, card: Card | str | None, *, step: int | None = None) -> None:
        """Play ``card`` instead at ``step`` (default: the position shown); the engine plays on.

        The widget then shows the branch from the new card; :meth:`back_to_record` returns.
        """
        if card is None:
            raise OmbreError("choose a card first")
        if step is not None:
            self.go(step)
        state = self.state()
        c = card if isinstance(card, Card) else parse_card(card, state.trump)
        at = self.step
        trump = state.trump
        assert trump is not None
        branch_state(state, c, self.chooser)
        mover = self.current.players[self.current.steps[at].to_move or 0]
        # a branch of a branch keeps the departures made before this card
        earlier = [d for d in self.deviations if d[0] < at] if self.in_branch else []
        self.deviations = [*earlier, (at, mover, c)]
        title = "What if " + ", and ".join(
            f"{who} plays {card.spoken(trump)} at card {step + 1}" for step, who, card in self.deviations
        )
        self.branch_from = self.deviations[0][0]
        self.branch = build_viewer_steps(state, title=title)
        self.step = at + 1
        self._refresh()

    def back_to_record(self) -> None:
        """Leave the branch and show the recorded game where the branch began."""
        at = self.branch_from if self.branch_from is not None else self.step
        self.branch = None
        self.branch_from = None
        self.deviations = []
        self.step = min(at, len(self.recorded.steps) - 1)
        self._refresh()

    def values(self) -> dict[Card, tuple[int, str]] | None:
        """The solver's values at the position shown (cached), or ``None`` without a solver."""
        key = (id(self.current), self.step)
        if key not in self._values:
            self._values[key] = solver_values(self.state()) if self.has_solver else None
        return self._values[key]

    # -- display -----------------------------------------------------------------

    def _recorded_next(self) -> Card | None:
        """The card played next, at the position shown, in the game shown (record or branch)."""
        rp = self.current
        if self.step >= len(rp.steps) - 1:
            return None
        played = rp.steps[self.step + 1].played
        return played[1] if played is not None else None

    def _update_play_button(self) -> None:
        chosen = self.alternative.value
        same = chosen is not None and chosen == self._recorded_next()
        self.play_button.disabled = chosen is None or same
        self.play_button.tooltip = (
            "That card is the one played: choose another under What if" if same else "Play the chosen card"
        )

    def _play_clicked(self) -> None:
        if self.play_button.disabled or self.alternative.value is None:
            return  # a stray or second click
        self.what_if(self.alternative.value)

    def _on_slider(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.step:
            self.go(change["new"])

    def _on_game(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.game_index or self.in_branch:
            self.select(change["new"])

    def html(self) -> str:
        """The HTML of the position shown (what :attr:`view` holds; the announcement is apart)."""
        labels: dict[Card, str] | None = None
        if self.show_values.value:
            vals = self.values()
            if vals:
                labels = {c: f"{t} · {r}" for c, (t, r) in vals.items()}
        return render_position(
            self.current,
            self.step,
            seat_view=self.seat_view,
            mark_legal=True,
            values=labels,
            card_size=self.card_size,
            show_status=False,
        )

    def _refresh(self) -> None:
        rp = self.current
        self.view.value = self.html()
        say(self.announce, f'<p style="margin:.3em 0">{html.escape(self.announcement())}</p>')
        self.slider.max = len(rp.steps) - 1
        if self.slider.value != self.step:
            self.slider.value = self.step
        last = len(rp.steps) - 1
        for act in ("first", "prev", "prev_trick"):
            self.buttons[act].disabled = self.step == 0
        for act in ("next", "next_trick", "last"):
            self.buttons[act].disabled = self.step == last
        legal = self.legal_cards() if self.step < last else []
        recorded = rp.steps[self.step + 1].played if self.step < last else None
        options = []
        for c in legal:
            text = c.spoken(rp.trump)
            if recorded is not None and recorded[1] == c:
                text += " (as played)"
            options.append((text, c))
        self.alternative.options = options
        # the card as played is chosen first: a stray click plays nothing new
        as_played = recorded[1] if recorded is not None else None
        self.alternative.value = as_played if any(c == as_played for _, c in options) else None
        mover = rp.steps[self.step].to_move
        who = rp.players[mover] if mover is not None else None
        self.alternative.description = f"What if {who} plays" if who is not None else "What if"
        self.alternative.disabled = not options
        self.refused.value = self._refused_html() if self.step < last else ""
        self._update_play_button()
        self.back_button.disabled = not self.in_branch
        parts = []
        if self.in_branch:
            parts.append(
                f"<strong>A branch:</strong> {html.escape(rp.title)}; the engine played on with "
                f"{html.escape(self.how)}."
            )
        if self.show_values.value and self.has_solver:
            parts.append(
                "Under each card the player to move may play: the tricks the Ombre then takes, and "
                "the result, with best play by everyone (the double-dummy solver)."
            )
        self.note.value = "<p>" + "<br>".join(parts) + "</p>" if parts else ""

    def announcement(self) -> str:
        """What the live region says at the position shown: the replay's announcement, with reasons.

        A card that does not follow the suit led gets the rule that allows it (the player has none
        of the suit, or a matador's privilege), and the end of a trick the reason its winner wins
        (:func:`ombre.engine.rules.explain_play`, :func:`ombre.engine.rules.explain_winner`).
        """
        rp = self.current
        step = rp.steps[self.step]
        text = step.announcement
        if self.step == 0 or step.played is None:
            return text
        seat, card = step.played
        before = rp.steps[self.step - 1]
        on_table = tuple(c for _, c in before.table) if before.in_trick < 3 else ()
        why = why_allowed(before.hands[seat], on_table, card, rp.trump)
        if why:
            # said in parentheses after the card: its own aside becomes a clause
            why = why.replace(" (", "; ").replace(")", "")
            text = _insert_after(text, f"{capitalise(rp.players[seat])} plays ", ".", f" ({why})")
        if step.winner is not None:
            won = explain_winner([c for _, c in step.table], rp.trump)
            text = _insert_after(
                text, f"{capitalise(rp.players[step.winner])} wins the trick", ".", f". {capitalise(won)}"
            )
        return text

    def _refused_html(self) -> str:
        """The cards of the player to move that the What if menu leaves out, grouped by the rule."""
        state = self.state()
        seat = state.current_player
        if state.phase is not Phase.PLAY or seat is None or self.seat_view not in (None, seat):
            return ""  # nor another seat's hidden cards
        by_rule = {rule: [c.symbol for c in cards] for rule, cards in refused_by_rule(state).items()}
        if not by_rule:
            return ""
        who = capitalise(state.players[seat])
        lines = [f"{who} may not play {' '.join(cards)} ({rule})." for rule, cards in by_rule.items()]
        return f'<p class="ombre-refused">{card_text_html(" ".join(lines), conjectural=False)}</p>'

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        display_with_live_regions(self.box)


def _insert_after(text: str, marker: str, end: str, words: str) -> str:
    """``text`` with ``words`` put after ``marker`` (and, if ``end`` is given, before the next ``end``).

    >>> _insert_after("Ann plays the Two of Clubs. Ann wins the trick: Ann 1.", "Ann plays ", ".", " (why)")
    'Ann plays the Two of Clubs (why). Ann wins the trick: Ann 1.'
    >>> _insert_after("Ann wins the trick: Ann 1. Ann wins.", "Ann wins the trick", ".", ". Why")
    'Ann wins the trick: Ann 1. Why. Ann wins.'
    """
    at = text.find(marker)
    if at < 0:  # worded otherwise: the words go at the end, as a sentence
        return f"{text} {capitalise(words.strip(' .()'))}."
    at += len(marker)
    if end:
        stop = text.find(end, at)
        at = stop if stop >= 0 else len(text)
    return text[:at] + words + text[at:]
