"""A record replayed through the engine: :func:`replay_record` and the :class:`RecordReplay` it gives.

The replay checks every bid, exchange and card against the rules; a renounce
is noted (and penalised by the rule set), any other problem is located in the
record's text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from ombre.engine.cards import Card, format_cards
from ombre.engine.game import Bid, Deal, DeclareVole, GameState, NameTrump, Phase, Play
from ombre.engine.game import Exchange as GameExchange
from ombre.engine.payments import POOL
from ombre.engine.record.model import (
    ExchangeEntry,
    GameRecord,
    Pos,
    RecordCard,
    RecordedTrick,
    _Problem,
    _record_error,
)
from ombre.engine.rules import legal_plays
from ombre.engine.rulesets import RuleSet, get_rules
from ombre.errors import IllegalActionError, OmbreError, RulesError

__all__ = ["replay_record", "RecordReplay", "RenounceNote", "ExchangeTurn", "SPOKEN_BIDS"]

#: Each bid as a sentence says it: "Ann passes", "Ann plays without taking in".
SPOKEN_BIDS = {"pass": "passes", "play": "plays", "sans-prendre": "plays without taking in"}


@dataclass(frozen=True, slots=True)
class RenounceNote:
    """A renounce found in a replayed record: the card, the rule broken, and where it was written.

    ``rule`` is the rule as the engine words it ("must follow hearts"), ``holds`` the cards the
    player could have played.
    """

    trick: int
    seat: int
    player: str
    card: Card
    message: str
    pos: Pos | None = field(default=None, compare=False, repr=False)
    rule: str = field(default="", compare=False, repr=False)
    holds: tuple[Card, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ExchangeTurn:
    """What one turn at the exchange did in the replay: the cards laid out and those taken in."""

    seat: int
    player: str
    discards: tuple[Card, ...]
    taken_in: tuple[Card | None, ...]


@dataclass(frozen=True, eq=False)
class RecordReplay:
    """A record replayed by the engine: the final :class:`~ombre.engine.game.GameState` and what it met.

    ``state`` is where the record ends (the hand is finished if the record
    gives all nine tricks).  ``renounces`` are the revokes found, which the
    engine's rule set penalises in :meth:`~ombre.engine.game.GameState.settlement`.
    """

    record: GameRecord
    state: GameState
    exchange: tuple[ExchangeTurn, ...]
    renounces: tuple[RenounceNote, ...]

    @property
    def complete(self) -> bool:
        """True when the hand is over (nine tricks played, or all three passed)."""
        return self.state.is_terminal()

    @property
    def result(self) -> str | None:
        """``win``, ``codille``, ``repuesto``, ``vole``; ``passed`` if all passed; ``None`` if unfinished."""
        if self.state.passed_out:
            return "passed"
        r = self.state.result
        return None if r is None else r.value

    def to_json(self) -> dict[str, Any]:
        """The replay as plain JSON data (see the *record-format* page for every key)."""
        st = self.state
        rec = self.record
        names = st.players
        units = list(st.rules.units)

        def who(seat: int | None) -> str | None:
            return None if seat is None else ("the pool" if seat == POOL else names[seat])

        def rec_cards(number: int) -> tuple[RecordCard, ...]:
            return rec.tricks[number - 1].cards if number <= len(rec.tricks) else ()

        tricks = [
            {
                "number": i,
                "leader": who(t.leader),
                "cards": [str(c) for c in t.cards],
                "players": [who(s) for s in t.seats],
                "winner": who(t.winner),
                "conjectural": [str(c.card) for c in rec_cards(i) if c.conjectural],
                "comments": list(rec.tricks[i - 1].comments) if i <= len(rec.tricks) else [],
            }
            for i, t in enumerate(st.tricks, start=1)
        ]
        current = st.current_trick
        out: dict[str, Any] = {
            "event": rec.tag("Event"),
            "source": rec.tag("Source"),
            "rules": st.rules.name,
            "rules_title": st.rules.title,
            "players": list(names),
            "eldest": rec.eldest,
            "dealer": rec.dealer,
            "conjectural": rec.conjectural,
            "bids": [{"player": who(s), "bid": b.kind} for s, b in st.bids],
            "ombre": who(st.ombre),
            "sans_prendre": st.sans_prendre,
            "trump": st.trump.plural if st.trump is not None else None,
            "exchange": [
                {
                    "player": e.player,
                    "discards": [str(c) for c in e.discards],
                    "taken_in": [str(c) if c is not None else "??" for c in e.taken_in],
                }
                for e in self.exchange
            ],
            "vole_declared": st.vole_declared,
            "tricks": tricks,
            "unfinished_trick": (
                {"leader": who(current.leader), "cards": [str(c) for c in current.cards]}
                if current is not None and current.cards
                else None
            ),
            "tricks_won": {names[s]: st.tricks_won[s] for s in range(3)},
            "complete": self.complete,
            "passed_out": st.passed_out,
            "result": st.result.value if st.result is not None else None,
            "renounces": [
                {"trick": r.trick, "player": r.player, "card": str(r.card), "message": r.message}
                for r in self.renounces
            ],
            "units": units,
            "payments": None,
            "transfers": [],
            "pool": None,
        }
        if st.is_terminal():
            settlement = st.settlement()
            out["payments"] = st.payments()
            out["transfers"] = [
                {
                    "from": who(t.payer),
                    "to": who(t.payee),
                    "amount": t.amount.as_dict(units),
                    "reason": t.reason,
                }
                for t in settlement.transfers
            ]
            out["pool"] = settlement.pool_after.as_dict(units)
        return out

    def report(self) -> str:
        """A plain-text account: the bidding, the exchange, trick by trick, the result and payments."""
        st = self.state
        rec = self.record
        names = st.players
        lines: list[str] = []
        title = rec.tag("Event") or f"{names[0]}, {names[1]} and {names[2]}"
        lines.append(f"{title} ({st.rules.title})")
        lines.append(f"Players in the order of play: {names[0]} (eldest), {names[1]}, {names[2]} (dealer)")
        if rec.conjectural:
            lines.append("Some cards are conjectural (marked ? in the record).")
        if st.bids:
            lines.append("Bidding: " + "; ".join(f"{names[s]} {SPOKEN_BIDS[b.kind]}" for s, b in st.bids))
        if st.passed_out:
            lines.append("All three passed: nobody plays.")
        if st.ombre is not None:
            trump = f"; trumps: {st.trump.plural}" if st.trump is not None else ""
            lines.append(f"Ombre: {names[st.ombre]}{trump}")
        if self.exchange:
            turns = []
            for e in self.exchange:
                if not e.discards:
                    turns.append(f"{e.player} refuses")
                else:
                    taken = " ".join(str(c) if c is not None else "??" for c in e.taken_in)
                    turns.append(f"{e.player} discards {format_cards(e.discards)}, takes in {taken}")
            lines.append("Exchange: " + "; ".join(turns))
        if st.vole_declared:
            lines.append(f"{names[st.ombre] if st.ombre is not None else 'The Ombre'} declares the vole.")
        width = max(len(n) for n in names)

        def shown(number: int, k: int, card: Card) -> str:
            recorded = rec.tricks[number - 1].cards if number <= len(rec.tricks) else ()
            return str(recorded[k]) if k < len(recorded) and recorded[k].card == card else str(card)

        for i, t in enumerate(st.tricks, start=1):
            plays = ", ".join(
                f"{names[s]} {shown(i, k, c)}" for k, (s, c) in enumerate(zip(t.seats, t.cards, strict=True))
            )
            lines.append(f"Trick {i}: {plays:<{3 * width + 16}} won by {names[t.winner]}")
        current = st.current_trick
        if current is not None and current.cards:
            n = len(st.tricks) + 1
            plays = ", ".join(
                f"{names[s]} {shown(n, k, c)}"
                for k, (s, c) in enumerate(zip(current.seats, current.cards, strict=True))
            )
            lines.append(f"Trick {len(st.tricks) + 1} (unfinished): {plays}")
        for r in self.renounces:
            lines.append(f"Renounce: {r.message}")
        if st.tricks:
            lines.append("Tricks won: " + ", ".join(f"{names[s]} {st.tricks_won[s]}" for s in range(3)))
        if not st.is_terminal():
            lines.append(f"The record stops here (the hand is in the {st.phase.value} phase).")
            return "\n".join(lines) + "\n"
        if st.result is not None:
            lines.append(f"Result: {st.result.value}")
        settlement = st.settlement()
        units = st.rules.units
        lines.append("Payments (net):")
        for s in range(3):
            lines.append(f"  {names[s]:<{width}}  {settlement.net[s].format(units)}")
        lines.append(f"  {'pool':<{width}}  {_unsigned(settlement.pool_after.as_dict(units))} on the table")
        return "\n".join(lines) + "\n"


def _unsigned(amount: dict[str, int]) -> str:
    parts = [f"{n} {unit.removesuffix('s') if n == 1 else unit}" for unit, n in amount.items() if n]
    return ", ".join(parts) if parts else "nothing"


class _Stop(Exception):
    """Replay cannot go on (the problem has been collected)."""


class _Replayer:
    def __init__(self, record: GameRecord, problems: list[_Problem] | None) -> None:
        self.record = record
        self.problems = problems
        self.renounces: list[RenounceNote] = []
        self.exchange: list[ExchangeTurn] = []

    def complain(self, message: str, pos: Pos | None) -> None:
        """A problem that does not stop the replay."""
        if self.problems is None:
            raise _record_error(message, self.record.path, pos or self.record.pos)
        self.problems.append(_Problem(message, pos or self.record.pos))

    def fail(self, message: str, pos: Pos | None) -> NoReturn:
        """A problem after which the replay cannot go on."""
        self.complain(message, pos)
        raise _Stop

    def tag_pos(self, name: str) -> Pos | None:
        return dict(self.record.tag_pos).get(name)

    def stock(self) -> list[Card | None]:
        """The stock in the order it is drawn: cards named in ``take`` first, in their turn."""
        rec = self.record
        remaining = list(rec.deal.stock)
        order: list[RecordCard] = []
        entries = rec.exchange.entries if rec.exchange is not None else ()
        for entry in entries:
            if entry.refused:
                continue
            if entry.takes is None:
                n = len(entry.discards)
                order.extend(remaining[:n])
                del remaining[:n]
                continue
            for t in entry.takes:
                idx = next((i for i, rc in enumerate(remaining) if rc.card == t.card), None)
                if idx is None:
                    what = "an unknown card" if t.card is None else str(t.card)
                    self.fail(
                        f"exchange: {what} is taken in but is not in the stock (or was taken already)",
                        t.pos or entry.pos,
                    )
                order.append(remaining.pop(idx))
        order.extend(remaining)
        return [rc.card for rc in order]

    def build(self) -> tuple[GameState, RuleSet]:
        rec = self.record
        try:
            rules = get_rules(rec.rules)
        except RulesError as exc:
            self.fail(str(exc), self.tag_pos("Rules"))
        deal_pos = rec.deal.pos or self.tag_pos("Deal")
        hands: list[tuple[Card, ...]] = []
        for name, hand in zip(rec.players, rec.deal.hands, strict=True):
            unknown = [c for c in hand if c.card is None]
            if unknown:
                self.fail(
                    f"deal: {name}'s hand has {len(unknown)} unknown card{'s' if len(unknown) > 1 else ''} "
                    "(??); replay needs every card dealt to a player (mark a reconstruction like 7s?)",
                    unknown[0].pos or deal_pos,
                )
            hands.append(tuple(c.card for c in hand if c.card is not None))
        stock = self.stock()
        try:
            deal = Deal((hands[0], hands[1], hands[2]), tuple(stock), dealer=2)
            state = GameState(deal, rules=rules, players=rec.players)
        except OmbreError as exc:
            self.fail(f"deal: {exc}", deal_pos)
        return state, rules

    def run(self) -> RecordReplay | None:
        try:
            state, rules = self.build()
        except _Stop:
            return None
        try:
            self.play_out(state, rules)
        except _Stop:
            pass
        return RecordReplay(self.record, state, tuple(self.exchange), tuple(self.renounces))

    def play_out(self, state: GameState, rules: RuleSet) -> None:
        rec = self.record
        names = rec.players
        later_trump = rec.trump or rec.exchange or rec.vole or (rec.tricks[0] if rec.tricks else None)
        # ---- bidding
        if rec.bidding is not None:
            b = rec.bidding
            for i, bid in enumerate(b.bids):
                pos = b.bid_pos[i] if i < len(b.bid_pos) else b.pos
                if state.phase is not Phase.BIDDING:
                    self.fail(f"bidding: the bidding is over; {bid!r} is one bid too many", pos)
                try:
                    state.apply(Bid(bid))
                except IllegalActionError as exc:
                    self.fail(f"bidding: {exc.message}", pos)
        if later_trump is not None:
            if state.phase is Phase.BIDDING:
                seat = state.current_player
                who = names[seat] if seat is not None else "a player"
                if rec.bidding is None:
                    self.fail(
                        "Bidding: is missing; replay needs the bids before the trump and the play",
                        later_trump.pos,
                    )
                self.fail(f"bidding: unfinished ({who} has not spoken)", rec.bidding.pos)
            if state.passed_out:
                self.fail(
                    "all three passed, so nobody plays: nothing can follow the bidding", later_trump.pos
                )
        # ---- trump
        later_exchange = rec.exchange or rec.vole or (rec.tricks[0] if rec.tricks else None)
        if rec.trump is not None:
            state.apply(NameTrump(rec.trump.suit))
        elif later_exchange is not None:
            self.fail(
                "Trump: is missing; replay needs the trump before the exchange and the play",
                later_exchange.pos,
            )
        # ---- exchange
        if rec.exchange is not None:
            entries = rec.exchange.entries
            if state.sans_prendre and state.ombre is not None and entries:
                self.sans_prendre_exchange(state, state.ombre, entries)
            for entry in entries:
                self.exchange_turn(state, entry)
        later_play = rec.vole or (rec.tricks[0] if rec.tricks else None)
        if state.phase is Phase.EXCHANGE and later_play is not None:
            seat = state.current_player
            who = names[seat] if seat is not None else "a player"
            if rec.exchange is None:
                self.fail(
                    "Exchange: is missing; replay needs each turn at the exchange "
                    "(write 'refuse' for a player who takes in nothing)",
                    later_play.pos,
                )
            self.fail(
                f"exchange: {who}'s turn is missing (write 'refuse' if he took in nothing)", rec.exchange.pos
            )
        # ---- vole and play
        limit = rules.vole_must_be_declared_before_trick
        if rec.vole is not None:
            if limit is None:
                self.complain(
                    f"the {rules.name} rules have no vole declaration "
                    f"({rules.citation('vole_must_be_declared_before_trick')})",
                    rec.vole.pos,
                )
            elif rec.vole.before_trick > limit:
                self.complain(
                    f"the vole is declared before trick {rec.vole.before_trick}, but it must be declared "
                    f"before trick {limit} ({rules.citation('vole_must_be_declared_before_trick')})",
                    rec.vole.pos,
                )
        for trick in rec.tricks:
            for rc in trick.cards:
                self.offer_vole(state)
                self.play(state, trick, rc)
        if rec.vole is not None and rec.vole.before_trick <= len(state.tricks) + 1:
            self.offer_vole(state)
        if (
            rec.vole is not None
            and limit is not None
            and rec.vole.before_trick <= limit
            and len(state.tricks) >= limit
            and not state.vole_declared
        ):
            ombre = names[state.ombre] if state.ombre is not None else "the Ombre"
            self.complain(
                f"the vole declared before trick {rec.vole.before_trick} cannot stand: {ombre} had lost a "
                f"trick before trick {limit}. This is the engine's convention, not the 1665 rule (which says "
                f'only "declare before the fifth Trick"): the engine takes the declaration when the first '
                f"{limit - 1} tricks are played, and only from an Ombre who has won them all",
                rec.vole.pos,
            )
        self.check_result(state)

    def sans_prendre_exchange(self, state: GameState, ombre: int, entries: Sequence[ExchangeEntry]) -> None:
        """A sans-prendre Ombre does not exchange: say so when the record gives him a turn.

        Three turns, or a first turn that discards the Ombre's cards rather than those of the
        defender whose turn it is, means the Ombre's turn was written in.
        """
        names = self.record.players
        seat = state.current_player
        first = [c.card for c in entries[0].discards if c.card is not None]
        ombres = state.hand(ombre)
        written_in = len(entries) > 2 or (
            seat is not None
            and bool(first)
            and all(c in ombres for c in first)
            and not all(c in state.hand(seat) for c in first)
        )
        if written_in:
            turn = seat if seat is not None else (ombre + 1) % 3
            defenders = [names[turn], names[3 - ombre - turn]]
            self.fail(
                f"exchange: {names[ombre]} plays sans prendre and does not exchange; "
                f"the turns are {defenders[0]}'s and {defenders[1]}'s only",
                entries[0].pos,
            )

    def exchange_turn(self, state: GameState, entry: ExchangeEntry) -> None:
        names = self.record.players
        if state.phase is not Phase.EXCHANGE:
            self.fail(
                "exchange: no one else may take in (every player has had his turn, or the stock is empty); "
                "this turn is one too many",
                entry.pos,
            )
        seat = state.current_player
        assert seat is not None
        unknown = [c for c in entry.discards if c.card is None]
        if unknown:
            self.fail(
                f"exchange: {names[seat]} discards an unknown card (??); replay needs the cards discarded",
                unknown[0].pos or entry.pos,
            )
        discards = tuple(c.card for c in entry.discards if c.card is not None)
        n = len(discards)
        before = state.stock_left
        try:
            state.apply(GameExchange(discards))
        except IllegalActionError as exc:
            self.fail(f"exchange: {exc.message}", entry.pos)
        self.exchange.append(ExchangeTurn(seat, names[seat], discards, tuple(before[:n])))

    def offer_vole(self, state: GameState) -> None:
        if state.phase is Phase.VOLE:
            vole = self.record.vole
            declared = vole is not None and vole.before_trick <= len(state.tricks) + 1
            state.apply(DeclareVole(declared))

    def play(self, state: GameState, trick: RecordedTrick, rc: RecordCard) -> None:
        names = self.record.players
        n = trick.number
        if state.phase is not Phase.PLAY:
            self.fail(
                f"trick {n}: no card can be played now (the hand is in the {state.phase.value} phase)",
                rc.pos or trick.pos,
            )
        if rc.card is None:
            self.fail(
                f"trick {n}: an unknown card (??) cannot be replayed; write the card or a conjecture (7s?)",
                rc.pos or trick.pos,
            )
        seat = state.current_player
        assert seat is not None and state.trump is not None
        hand = state.hand(seat)
        current = state.current_trick
        on_table = current.cards if current is not None else ()
        before = len(state.renounces)
        try:
            state.apply(Play(rc.card), strict=False)
        except IllegalActionError as exc:
            self.fail(f"trick {n}: {exc.message}", rc.pos or trick.pos)
        if len(state.renounces) > before:
            r = state.renounces[-1]
            legal = legal_plays(hand, on_table, state.trump)
            message = f"trick {n}: {names[seat]} {r.rule} (holds {format_cards(legal)})"
            self.renounces.append(
                RenounceNote(n, seat, names[seat], rc.card, message, rc.pos, r.rule, tuple(legal))
            )
            if self.problems is not None:
                self.problems.append(_Problem(message, rc.pos or trick.pos))

    def check_result(self, state: GameState) -> None:
        said = self.record.result
        if said is None or said == "*":
            return
        pos = self.tag_pos("Result")
        if state.passed_out:
            actual: str | None = "passed"
        else:
            actual = state.result.value if state.result is not None else None
        if actual is None:
            self.complain(f"[Result] says {said!r}, but the record stops before the end of the hand", pos)
        elif actual != said:
            self.complain(f"[Result] says {said!r}, but the replay gives {actual!r}", pos)


def replay_record(record: GameRecord) -> RecordReplay:
    """Replay a record with the engine; raise a located :class:`~ombre.errors.RecordError` if it cannot
    be replayed.

    A renounce does not stop the replay: it is noted in
    :attr:`RecordReplay.renounces` and penalised by the rule set.  A record
    may stop anywhere (after the deal, the bidding, in the middle of a
    trick); the replay then ends there.

    >>> from ombre.engine.record import example_text, read_record
    >>> rp = replay_record(read_record(example_text("specimen.omb")))
    >>> rp.result, rp.to_json()["tricks_won"]
    ('win', {'Ann': 5, 'Ben': 3, 'Cat': 1})
    """
    result = _Replayer(record, None).run()
    assert result is not None  # without a problem list, every problem is raised
    return result
