"""Positions in the play: the cards each seat holds and the trick in progress, checked as they are built.

A :class:`Position` is what the solver takes: it reads and writes itself on one line (as FEN
gives a chess position), comes from card texts or from a game in play, and refuses, with a
:class:`PositionError`, a position that cannot arise in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ombre.engine.cards import SUITS, Card, Suit, as_card, as_cards, as_suit
from ombre.engine.rules import is_seat, legal_plays, trick_winner, why_illegal
from ombre.errors import OmbreError

__all__ = ["PositionError", "Position", "random_position"]


class PositionError(OmbreError, ValueError):
    """A position that cannot arise in play (wrong card counts, a card twice, an illegal card ...)."""


@dataclass(frozen=True)
class Position:
    """A position in the play: the cards each seat still holds, and the trick in progress.

    ``hands[seat]`` are the cards seat still holds; ``trick`` the cards
    already played to the current trick, from ``leader`` on; ``won`` the
    tricks each seat has taken so far.  Seats play in the order 0, 1, 2.
    Construction checks that the position can arise in play and raises
    :class:`PositionError` otherwise.

    >>> p = Position.from_hands(["As Kh", "2s Qh", "3s Jh"], trump="s", ombre=0, leader=0)
    >>> p.to_move, p.tricks_left, [str(c) for c in p.legal_cards()]
    (0, 2, ['As', 'Kh'])
    >>> q = p.play("As").play("2s").play("3s")
    >>> q.leader, q.won
    (0, (1, 0, 0))
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    trump: Suit
    ombre: int
    leader: int
    trick: tuple[Card, ...] = ()
    won: tuple[int, int, int] = (0, 0, 0)

    def __post_init__(self) -> None:
        if not isinstance(self.trump, Suit):  # a suit's text ("d", "diamonds") is read
            object.__setattr__(self, "trump", as_suit(self.trump, "trump"))
        if len(self.hands) != 3:
            raise PositionError(f"a position has three hands, not {len(self.hands)}")
        for name, seat in (("ombre", self.ombre), ("leader", self.leader)):
            if not is_seat(seat):
                raise PositionError(f"{name} must be seat 0, 1 or 2, not {seat!r}")
        if len(self.trick) > 2:
            raise PositionError("a trick in progress holds at most two cards")
        if len(self.won) != 3 or any(w < 0 for w in self.won):
            raise PositionError(f"won must be three trick counts, not {self.won!r}")
        seen: set[Card] = set()
        for c in [c for h in self.hands for c in h] + list(self.trick):
            if c in seen:
                raise PositionError(f"the {c.name} appears twice in the position")
            seen.add(c)
        left = len(self.hands[self.leader]) + (1 if self.trick else 0)
        for seat in range(3):
            played = sum(1 for i in range(len(self.trick)) if (self.leader + i) % 3 == seat)
            if len(self.hands[seat]) != left - played:
                raise PositionError(
                    f"seat {seat} holds {len(self.hands[seat])} cards but should hold {left - played}"
                    " (every seat plays one card to each trick)"
                )
        if sum(self.won) + left > 9:
            raise PositionError(f"{sum(self.won)} tricks won and {left} to come make more than nine")
        for i, c in enumerate(self.trick):
            seat = (self.leader + i) % 3
            held = self.hands[seat] + (c,)
            reason = why_illegal(held, self.trick[:i], c, self.trump)
            if reason is not None:
                raise PositionError(f"the {c.name} cannot have been played to this trick: {reason}")

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        trump: Suit | str,
        ombre: int,
        leader: int,
        trick: Iterable[Card | str] | str = (),
        won: Sequence[int] = (0, 0, 0),
    ) -> Position:
        """Build a position from card texts (``"As Kh"``) or cards."""
        if len(hands) != 3:
            raise PositionError(f"a position has three hands, not {len(hands)}")
        t = as_suit(trump, "trump")
        hs = tuple(as_cards(h, what="hands") for h in hands)
        w = tuple(won)
        if len(w) != 3:
            raise PositionError(f"won must be three trick counts, not {w!r}")
        return cls((hs[0], hs[1], hs[2]), t, ombre, leader, as_cards(trick, what="trick"), (w[0], w[1], w[2]))

    @classmethod
    def from_state(cls, state: object) -> Position:
        """The position of a :class:`ombre.engine.game.GameState` in the play phase."""
        from ombre.engine.game import GameState, Phase

        if not isinstance(state, GameState):
            raise PositionError(f"expected a GameState, not {type(state).__name__}")
        if state.phase is not Phase.PLAY or state.trump is None or state.ombre is None:
            raise PositionError(f"the hand is in the {state.phase.value} phase, not in play")
        trick = state.current_trick
        leader = trick.leader if trick is not None else state.current_player
        assert leader is not None
        hs = state.hands
        return cls(
            (hs[0], hs[1], hs[2]),
            state.trump,
            state.ombre,
            leader,
            trick.cards if trick is not None else (),
            state.tricks_won,
        )

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % 3

    @property
    def tricks_left(self) -> int:
        """Tricks still to be finished, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play (:func:`ombre.engine.rules.legal_plays`)."""
        return legal_plays(self.hands[self.to_move], self.trick, self.trump)

    def play(self, card: Card | str) -> Position:
        """The position after the seat to move plays ``card``; raises :class:`PositionError` if illegal."""
        c = as_card(card, self.trump)
        seat = self.to_move
        if not self.tricks_left:
            raise PositionError("the hand is over")
        reason = why_illegal(self.hands[seat], self.trick, c, self.trump)
        if reason is not None:
            raise PositionError(f"seat {seat} cannot play the {c.name}: {reason}")
        hands = list(self.hands)
        hands[seat] = tuple(x for x in hands[seat] if x != c)
        trick = self.trick + (c,)
        new_hands = (hands[0], hands[1], hands[2])
        if len(trick) < 3:
            return Position(new_hands, self.trump, self.ombre, self.leader, trick, self.won)
        w = (self.leader + trick_winner(trick, self.trump)) % 3
        won = list(self.won)
        won[w] += 1
        return Position(new_hands, self.trump, self.ombre, w, (), (won[0], won[1], won[2]))

    def __str__(self) -> str:
        """The position on one line, as FEN gives a chess position: hands, then named fields.

        The hands of seats 0, 1 and 2 in the order held, separated by ``/`` (``-`` for an empty
        one), then ``; trump``, ``; ombre`` (a seat), ``; leader`` (the seat that led or is to
        lead), ``; trick`` (the cards played to it so far, ``-`` for none) and ``; won`` (each
        seat's tricks).  :meth:`parse` reads it back.

        >>> p = Position.from_hands(["Kh", "2s Qh", "3s Jh"], trump="s", ombre=0, leader=0, trick="As")
        >>> str(p)
        'Kh / 2s Qh / 3s Jh; trump spades; ombre 0; leader 0; trick As; won 0 0 0'
        >>> Position.parse(str(p)) == p
        True
        """
        hands = " / ".join(" ".join(str(c) for c in h) or "-" for h in self.hands)
        trick = " ".join(str(c) for c in self.trick) or "-"
        won = " ".join(str(n) for n in self.won)
        return (
            f"{hands}; trump {self.trump.plural}; ombre {self.ombre}; leader {self.leader}; "
            f"trick {trick}; won {won}"
        )

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position written by ``str``; raise :class:`PositionError` saying what is wrong.

        The fields after the hands may come in any order; each is needed once.  The position
        is then checked as any other (:class:`PositionError` if it cannot arise in play).

        >>> Position.parse("Kh / 2s Qh / 3s Jh; trump spades; ombre 0; leader 0; trick As")
        Traceback (most recent call last):
        ...
        ombre.engine.solver.position.PositionError: position: no 'won' field (e.g. '; won 0 0 0')
        >>> Position.parse("Kh / 2s Qh / 3s Jh; trump spades; ombre 3; leader 0; trick As; won 0 0 0")
        Traceback (most recent call last):
        ...
        ombre.engine.solver.position.PositionError: position: ombre must be a seat (0, 1 or 2), not '3'
        """
        hands_text, *fields = text.split(";")
        groups = [g.strip() for g in hands_text.split("/")]
        if len(groups) != 3:
            raise PositionError(f"position: {len(groups)} hands; give three, separated by '/'")
        example = {"trump": "spades", "ombre": "0", "leader": "0", "trick": "-", "won": "0 0 0"}
        values: dict[str, str] = {}
        for item in fields:
            key, _, value = item.strip().partition(" ")
            if key not in example:
                raise PositionError(
                    f"position: unknown field {item.strip()!r} (the fields are {', '.join(example)})"
                )
            if key in values:
                raise PositionError(f"position: the field {key!r} is given twice")
            values[key] = value.strip()
        for key, shown in example.items():
            if key not in values:
                raise PositionError(f"position: no {key!r} field (e.g. '; {key} {shown}')")

        def cards(what: str, value: str) -> tuple[Card, ...]:
            try:
                return () if value == "-" else as_cards(value)
            except OmbreError as exc:
                raise PositionError(f"position: {what}: {exc}") from None

        def seat(what: str) -> int:
            if values[what] not in ("0", "1", "2"):
                raise PositionError(f"position: {what} must be a seat (0, 1 or 2), not {values[what]!r}")
            return int(values[what])

        try:
            trump = as_suit(values["trump"], "trump")
        except OmbreError as exc:
            raise PositionError(f"position: trump: {exc}") from None
        won = values["won"].split()
        if len(won) != 3 or not all(w.isdigit() for w in won):
            raise PositionError(f"position: won must be three trick counts, not {values['won']!r}")
        hands = tuple(cards(f"seat {i}'s hand", g) for i, g in enumerate(groups))
        return cls(
            (hands[0], hands[1], hands[2]),
            trump,
            seat("ombre"),
            seat("leader"),
            cards("trick", values["trick"]),
            (int(won[0]), int(won[1]), int(won[2])),
        )

    def _repr_html_(self) -> str:
        from ombre.display.hands import position_html  # display layer, imported lazily

        return position_html(self)


def random_position(seed: int) -> Position:
    """A seeded random deal from the first lead, for tests and the benchmark.

    The deal is :meth:`ombre.engine.game.Deal.random` with the dealer in seat 2, so
    seat 0 is the eldest hand; seat 0 is the Ombre, plays without exchange
    and names the suit in which he holds most trumps (ties: more matadors,
    then the first suit in the order spades, clubs, hearts, diamonds).

    >>> p = random_position(1)
    >>> p.ombre, p.leader, [len(h) for h in p.hands]
    (0, 0, [9, 9, 9])
    """
    from ombre.engine.game import Deal
    from ombre.engine.rules import is_matador, is_trump

    deal = Deal.random(seed=seed, dealer=2)
    hand = deal.hands[0]

    def strength(s: Suit) -> tuple[int, int, int]:
        return (
            sum(1 for c in hand if is_trump(c, s)),
            sum(1 for c in hand if is_matador(c, s)),
            -SUITS.index(s),
        )

    trump = max(SUITS, key=strength)
    return Position(deal.hands, trump, 0, 0)


def _check_position(position: object, what: str = "position") -> None:
    """Refuse what is not a :class:`Position`, naming the argument ``what``."""
    if not isinstance(position, Position):
        raise TypeError(
            f"{what}: expected a Position (Position.parse or Position.from_hands), "
            f"not {type(position).__name__} {position!r}"
        )
