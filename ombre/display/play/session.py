"""One hand against two computer players, with no widget: what the JupyterLab widget and the page share.

:class:`HandInPlay` deals a seeded hand with the student as the eldest hand (first to speak and
to lead) and keeps it: the student's legal moves (the cards with the rule that forbids the
others), the computers' answers (the 1665 rule of thumb or the Monte Carlo player of
:mod:`ombre.engine.players`), the hand told line by line, the 1665 hint, and the result with
the payments under the chosen rule set.  :class:`ombre.display.play.widget.PlayWidget` draws it
with ipywidgets; :mod:`ombre.display.browser.table` answers the page in the reader's browser
with it.  Only the standard library and the engine are imported, so it runs in Pyodide.

>>> h = HandInPlay(seed=4, opponents="rule-of-thumb")
>>> h.phase, h.legal_texts()
('bidding', ['pass', 'play', 'sans-prendre'])
>>> h.hint().startswith(("Pass", "Play"))
True
>>> h.autoplay()
>>> h.state.is_terminal(), h.outcome()[0]
(True, 'Result: win.')
"""

from __future__ import annotations

from dataclasses import dataclass

from ombre.display.html import names_card_text_html
from ombre.display.replay import build_viewer_steps, render_position, sort_hand
from ombre.display.replay.branch import why_allowed
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
    Trick,
    parse_action,
)
from ombre.engine.players import Player, RuleOfThumbPlayer, hint, make_player
from ombre.engine.rules import explain_winner, why_illegal
from ombre.engine.rulesets import RULESETS
from ombre.errors import IllegalActionError, OmbreError
from ombre.words import capitalise, minus_signs

__all__ = ["BID_LABELS", "OPPONENTS", "CardChoice", "HandInPlay", "rules_offered"]

#: the computer players a student may face, with their names for a menu
OPPONENTS = {"rule-of-thumb": "the 1665 rule of thumb", "monte-carlo": "the Monte Carlo player"}
#: the bids as a button names them
BID_LABELS = {"pass": "Pass", "play": "Play (take in)", "sans-prendre": "Play without taking in"}
#: the names the computers sit under (the student is "You")
NAMES = ("You", "the Baron", "the Knight")


def rules_offered() -> dict[str, str]:
    """The engine's rule sets, for a menu: key -> name for prose.

    >>> rules_offered()
    {'1665': 'The Royal Game (1665)', 'court-gamester': 'Court Gamester (Morley)'}
    """
    return {key: r.display_name for key, r in RULESETS.items()}


@dataclass(frozen=True)
class CardChoice:
    """A card of the student's hand when it is theirs to play: its name, and why it may not be played."""

    card: Card
    #: the card's full name with its title, e.g. "Spadille, the Ace of Spades"
    spoken: str
    #: the rule that forbids it, or ``None`` for a legal card
    reason: str | None


class HandInPlay:
    """One hand: the student (seat 0, the eldest hand) against two computer players."""

    def __init__(
        self,
        seed: int = 0,
        *,
        opponents: str = "rule-of-thumb",
        rules: str = "1665",
        names: tuple[str, str, str] = NAMES,
    ) -> None:
        if opponents not in OPPONENTS:
            raise OmbreError(f"unknown opponents {opponents!r} (known: {', '.join(OPPONENTS)})")
        if rules not in RULESETS:
            raise OmbreError(f"unknown rule set {rules!r} (known: {', '.join(RULESETS)})")
        self.opponents = opponents
        self.rules = rules
        self.names = names
        self.human = 0
        self.deal(seed)

    def deal(self, seed: int) -> None:
        """Deal hand ``seed`` (the student is the eldest hand) and let the computers act."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 10**9:
            raise OmbreError(f"the hand's number must be a whole number 0 .. 999999999, not {seed!r}")
        self.seed = seed
        deal = Deal.random(seed=seed, dealer=(self.human - 1) % 3)
        self.state = GameState(deal, rules=self.rules, players=self.names)
        self.computers: dict[int, Player] = {
            s: make_player(self.opponents, seed * 3 + s) for s in range(3) if s != self.human
        }
        #: the hand so far: a line for the deal, for each move and for each trick taken
        self.log = [f"Hand {seed} is dealt; you are the eldest hand and speak first."]
        #: where the lines since the student's last move begin in :attr:`log`
        self.since = 0
        #: the tricks played before the student's last move
        self.tricks_before = 0
        self._advance()

    # -- the student's moves -------------------------------------------------------

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
            least, most = self.exchange_bounds()
            return [f"exchange {least} to {most} cards"]
        return [str(a) for a in acts]

    def exchange_bounds(self) -> tuple[int, int]:
        """The fewest and the most cards the student may throw out now."""
        sizes = sorted({len(a.discards) for a in self.legal() if isinstance(a, Exchange)})
        if not sizes:
            raise IllegalActionError("it is not your exchange")
        return sizes[0], sizes[-1]

    def choices(self) -> list[tuple[str, Action]]:
        """The student's moves as buttons name them, in the bidding, naming the trump and the vole."""
        st = self.state
        acts = self.legal()
        if st.phase is Phase.BIDDING:
            return [(BID_LABELS[a.kind], a) for a in acts if isinstance(a, Bid)]
        if st.phase is Phase.TRUMP:
            return [(f"{s.symbol} {s.plural.title()}", NameTrump(s)) for s in Suit]
        if st.phase is Phase.VOLE:
            return [("Declare the vole", DeclareVole(True)), ("Do not declare", DeclareVole(False))]
        return []

    def hand(self) -> list[Card]:
        """The student's cards, sorted as the table shows them."""
        return list(sort_hand(self.state.hand(self.human), self.state.trump))

    def card_choices(self) -> list[CardChoice]:
        """The student's cards when it is theirs to play, with the rule against the illegal ones."""
        st = self.state
        if st.phase is not Phase.PLAY or st.current_player != self.human or st.trump is None:
            return []
        hand = self.hand()
        trick = st.current_trick.cards if st.current_trick is not None else ()
        return [CardChoice(c, c.spoken(st.trump), why_illegal(hand, trick, c, st.trump)) for c in hand]

    def still_legal(self, action: Action) -> bool:
        """Whether ``action`` may be made now (a stale click may not); the engine checks an exchange."""
        st = self.state
        if st.is_terminal() or st.current_player != self.human:
            return False
        if isinstance(action, Exchange):
            return st.phase is Phase.EXCHANGE
        return action in st.legal_actions()

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
        self.tricks_before = tricks
        self._record(self.human, a, tricks)
        self._advance()

    def hint(self) -> str:
        """The 1665 rule of thumb's advice for the student's move now, with its reasoning."""
        if self.state.is_terminal():
            return "The hand is over."
        return hint(self.state.view(self.human))

    def autoplay(self) -> None:
        """Play the student's moves by the rule of thumb until the hand is over (for tests and demos)."""
        rot = RuleOfThumbPlayer()
        while not self.state.is_terminal():
            self.act(rot.choose(self.state.view(self.human)))

    # -- the computers, and the hand told ------------------------------------------

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
        """Log ``action`` (just applied) and, if it ended a trick, who won it and why."""
        st = self.state
        self.log.append(self.describe(seat, action))
        if len(st.tricks) > tricks_before:
            winner = st.tricks[-1].winner
            wins = "You win" if winner == self.human else f"{capitalise(self.names[winner])} wins"
            counts = ", ".join(f"{self.names[s]} {st.tricks_won[s]}" for s in range(3))
            why = explain_winner(st.tricks[-1].cards, st.tricks[-1].trump)
            self.log.append(f"{wins} trick {len(st.tricks)}: {why}. Tricks: {counts}.")

    def describe(self, seat: int, action: Action) -> str:
        """``action`` of ``seat`` in a sentence (a card not following suit with the rule allowing it)."""
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
            if you:
                return f"You {'declare' if action.declared else 'do not declare'} the vole."
            return f"{capitalise(who)} {'declares' if action.declared else 'does not declare'} the vole."
        card = action.card
        plays = "You play" if you else capitalise(who) + " plays"
        # the card's own name is its text alternative (a named span in HTML); only a title is added
        title = card.title(self.state.trump)
        said = f"{plays} {card.symbol} ({title})" if title else f"{plays} {card.symbol}"
        why = self._why_allowed(seat, card)
        return f"{said}: {why}." if why else f"{said}."

    def _why_allowed(self, seat: int, card: Card) -> str:
        """The rule that allowed ``card`` (just played by ``seat``) if it did not follow the suit led."""
        st = self.state
        trick = st.current_trick if st.current_trick is not None and st.current_trick.cards else None
        cards = trick.cards if trick is not None else st.tricks[-1].cards if st.tricks else ()
        if card not in cards or st.trump is None:
            return ""  # not a card just played
        return why_allowed(st.hand(seat), cards[: cards.index(card)], card, st.trump)

    def said(self) -> str:
        """Everything since the student's last move, their own move first."""
        return " ".join(self.log[self.since :])

    def prompt(self) -> str:
        """Everything since the student's last move, then what to do now."""
        st = self.state
        last = self.said()
        if st.is_terminal():
            return last
        if st.phase is Phase.BIDDING:
            return f"{last} Your bid?"
        if st.phase is Phase.TRUMP:
            return f"{last} You are the Ombre: name the trump suit."
        if st.phase is Phase.EXCHANGE:
            return f"{last} Choose the cards to throw out, then take in as many from the stock."
        if st.phase is Phase.VOLE:
            return f"{last} You have won the first four tricks: do you declare the vole?"
        return f"{last} Your turn: choose a card (the legal ones are enabled)."

    def outcome(self) -> tuple[str, str]:
        """The result, and who was the Ombre with the tricks and the payments; ``("", "")`` while it lasts."""
        st = self.state
        if not st.is_terminal():
            return "", ""
        if st.passed_out:
            return "All passed.", "Deal a new hand."
        assert st.ombre is not None and st.result is not None
        tricks = ", ".join(f"{self.names[s]} {st.tricks_won[s]}" for s in range(3))
        settled = st.settlement()
        # Amount.format names one unit in the singular ("-1 great mark"), as the settlement's table does
        money = "; ".join(
            f"{st.players[s]}: "
            + (minus_signs(settled.net[s].format(st.rules.units)) if settled.net[s] else "nothing")
            for s in range(3)
        )
        ombre = "You were" if st.ombre == self.human else f"{capitalise(self.names[st.ombre])} was"
        return (
            f"Result: {st.result}.",
            f"{ombre} the Ombre. Tricks: {tricks}. Payments ({st.rules.title}): {money}.",
        )

    def payments(self) -> list[str]:
        """Each player's net payment in words (``+2 great marks, +12 lesser marks``); empty while it lasts."""
        st = self.state
        if not st.is_terminal() or st.passed_out:
            return []
        settled = st.settlement()
        return [
            minus_signs(settled.net[s].format(st.rules.units)) if settled.net[s] else "nothing"
            for s in range(3)
        ]

    # -- drawing (HTML, escaped here; the widget and the page show it as it is) ------

    def text_html(self, text: str) -> str:
        """``text`` of this hand in HTML: escaped, cards as named spans, the players' names in ``<bdi>``
        so that a name cannot reorder the text around it."""
        return names_card_text_html(text, self.names)

    def table_html(self, card_size: float = 52) -> str:
        """The table as the student sees it: the position in play, or their hand and the bids before."""
        st = self.state
        if st.phase in (Phase.PLAY, Phase.VOLE) or (st.is_terminal() and st.trump is not None):
            rp = build_viewer_steps(st)
            return render_position(
                rp,
                len(rp.steps) - 1,
                seat_view=self.human,
                mark_legal=True,
                card_size=card_size,
                show_status=False,  # the status says it, and more
            )
        trump = st.trump
        bids = "; ".join(f"{self.names[s]}: {b.kind}" for s, b in st.bids) or "none yet"
        lines = [
            f"<p><b>Your hand</b>{' (' + trump.plural + ' trumps)' if trump else ''}:</p>",
            cards_html(self.hand(), trump, card_size, label="Your hand"),
            f"<p>Bids so far: {self.text_html(bids)}. Cards in the stock: {len(st.stock_left)}.</p>",
        ]
        if st.discards[self.human]:
            thrown = " ".join(c.symbol for c in st.discards[self.human])
            lines.append(f"<p>You threw out: {self.text_html(thrown)}.</p>")
        return "".join(lines)

    def last_trick_html(self, card_size: float = 52) -> str:
        """The trick completed since the student's last move, once the table has moved on from it.

        While the student is to lead the table itself still shows that trick, and at the end of
        the hand the table shows the last one: then nothing is drawn here.
        """
        st = self.state
        if st.is_terminal() or len(st.tricks) <= self.tricks_before:
            return ""
        if st.current_trick is None or not st.current_trick.cards:
            return ""
        return self._trick_figure(st.tricks[-1], len(st.tricks), card_size)

    def _trick_figure(self, trick: Trick, number: int, card_size: float) -> str:
        cells = []
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            who = "You" if seat == self.human else capitalise(self.names[seat])
            verb = "led" if i == 0 else "played"
            caption = f"{who} {verb} {card.symbol}"
            cells.append(
                '<figure style="margin:0 6px 0 0;text-align:center;max-width:90px">'
                f"{card_svg(card, trick.trump, card_size * 0.8)}"
                f'<figcaption style="font-size:80%">{self.text_html(caption)}</figcaption></figure>'
            )
        won = "You won" if trick.winner == self.human else f"{capitalise(self.names[trick.winner])} won"
        return (
            f'<div class="ombre-last-trick" role="group" aria-label="The last trick, trick {number}">'
            f"<p style='margin:.3em 0'><b>The last trick (trick {number}):</b> {self.text_html(won)} it.</p>"
            f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{"".join(cells)}</div></div>'
        )
