"""Settling a hand: stakes, the pool on the table, and what each player pays or receives.

Amounts carry their units (1665: great and lesser marks; Court Gamester:
counters).  Every payment is between two players or between a player and
the pool, so for every hand the players' net amounts plus the change in the
pool sum to zero.

>>> from ombre.engine.cards import parse_cards, Suit
>>> from ombre.engine.rulesets import get_rules
>>> hands = (parse_cards("As 2s Ac Ks Kc Kh Qh 2d 3d"), parse_cards("Qs Js 7s 6s 5s Kd Qd Jd Ah"),
...          parse_cards("4s 3s 4c Jc Jh 2h 3h 4h 5h"))
>>> st = settle(get_rules("court-gamester"), ombre=0, tricks_won=(5, 4, 0), hands_at_play=hands,
...             trump=Suit.SPADES, passes=(1, 2), eldest=0)
>>> st.result, str(st.net[0]), str(st.net[1]), str(st.pool_after)
(<Result.WIN: 'win'>, '+30 counters', '-15 counters', '0')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ombre.engine.cards import Card, Suit
from ombre.engine.rules import Result, codille_winner, is_seat, matador_sequence, result_of
from ombre.engine.rulesets import RuleSet
from ombre.errors import RulesError

__all__ = ["Amount", "Transfer", "Settlement", "settle", "POOL"]

#: The pool as a party to a transfer.
POOL = -1


@dataclass(frozen=True)
class Amount:
    """An amount of money in named units, e.g. 3 great marks and 1 lesser mark (may be negative).

    >>> a = Amount.of(3, "great marks") + Amount.of(1, "lesser marks")
    >>> str(a), str(-a)
    ('+3 great marks, +1 lesser mark', '-3 great marks, -1 lesser mark')
    >>> a.as_dict(("great marks", "lesser marks"))
    {'great marks': 3, 'lesser marks': 1}
    >>> str(Amount.of(2, "counters") * 3), bool(Amount())
    ('+6 counters', False)
    """

    parts: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        merged: dict[str, int] = {}
        for unit, n in self.parts:
            merged[unit] = merged.get(unit, 0) + n
        object.__setattr__(self, "parts", tuple(sorted((u, n) for u, n in merged.items() if n)))

    @classmethod
    def of(cls, n: int, unit: str) -> Amount:
        return cls(((unit, n),))

    @classmethod
    def from_pair(cls, pair: tuple[int, str]) -> Amount:
        """From a rule set's ``(number, unit)`` field."""
        return cls.of(pair[0], pair[1])

    def __add__(self, other: Amount) -> Amount:
        return Amount(self.parts + other.parts)

    def __neg__(self) -> Amount:
        return Amount(tuple((u, -n) for u, n in self.parts))

    def __sub__(self, other: Amount) -> Amount:
        return self + (-other)

    def __mul__(self, k: int) -> Amount:
        return Amount(tuple((u, n * k) for u, n in self.parts))

    __rmul__ = __mul__

    def __bool__(self) -> bool:
        return bool(self.parts)

    def get(self, unit: str) -> int:
        return dict(self.parts).get(unit, 0)

    def as_dict(self, units: Sequence[str] = ()) -> dict[str, int]:
        """``{unit: number}`` with every unit in ``units`` (zeros included), then any others."""
        out = {u: self.get(u) for u in units}
        for u, n in self.parts:
            out.setdefault(u, n)
        return out

    def value(self, rules: RuleSet) -> int:
        """The amount in the rule set's smallest unit (pence for 1665, counters)."""
        worth = dict(rules.unit_values)
        try:
            return sum(n * worth[u] for u, n in self.parts)
        except KeyError as e:
            raise RulesError(f"unit {e.args[0]!r} is not one of the rule set's {rules.units}") from None

    def __str__(self) -> str:
        if not self.parts:
            return "0"
        return ", ".join(f"{n:+d} {u if abs(n) != 1 else u.removesuffix('s')}" for u, n in self.parts)

    def format(self, units: Sequence[str], *, signed: bool = True) -> str:
        """Like ``str`` but ``0 counters`` rather than ``0`` when empty, units in the given order.

        >>> Amount.of(3, "great marks").format(("great marks", "lesser marks"), signed=False)
        '3 great marks'
        >>> Amount().format(("counters",))
        '0 counters'
        """
        if not self.parts:
            return f"0 {units[-1]}" if units else "0"
        order = {u: i for i, u in enumerate(units)}
        parts = sorted(self.parts, key=lambda p: order.get(p[0], len(order)))
        sign = "+" if signed else ""
        return ", ".join(f"{n:{sign}d} {u if abs(n) != 1 else u.removesuffix('s')}" for u, n in parts)


@dataclass(frozen=True)
class Transfer:
    """One payment: ``payer`` gives ``payee`` the ``amount`` (a seat, or :data:`POOL`), and why."""

    payer: int
    payee: int
    amount: Amount
    reason: str


@dataclass(frozen=True)
class Settlement:
    """The outcome of a hand in money: transfers, each seat's net amount, the pool before and after."""

    rules: RuleSet
    result: Result | None
    transfers: tuple[Transfer, ...]
    net: tuple[Amount, Amount, Amount]
    pool_before: Amount
    pool_after: Amount

    def __str__(self) -> str:
        u = self.rules.units
        nets = "; ".join(f"seat {i}: {self.net[i].format(u)}" for i in range(3))
        return f"{self.result or 'passed'}: {nets}; pool {self.pool_after.format(u, signed=False)}"


def settle(
    rules: RuleSet,
    *,
    ombre: int | None,
    tricks_won: Sequence[int],
    hands_at_play: Sequence[Iterable[Card]],
    trump: Suit | None,
    sans_prendre: bool = False,
    vole_declared: bool = False,
    passes: Sequence[int] = (),
    eldest: int | None = None,
    taken_in: Sequence[int] = (0, 0, 0),
    renouncers: Sequence[int] = (),
    pool: Amount | None = None,
) -> Settlement:
    """Settle one hand under ``rules``.  ``ombre`` is ``None`` when all passed (the pool carries over).

    The steps, with their sources (see :class:`~ombre.engine.rulesets.RuleSet` for the numbers):

    1. If the table is empty, each player stakes for the game (1665 "great
       Marks you stake each one one for the Game"; Court Gamester, a fish of
       ten counters).  A pool carried from a repuesto is played for instead.
    2. Fees into the pool: for passing, for the hand if eldest, and for each
       card taken in (1665, "Of the Stakes"; Morley: a counter for passing).
    3. The stakes: a winning Ombre (and a vole) "takes up the Stakes"; on
       codille the defender takes them up "and tother makes it good" (1665),
       i.e. the Ombre puts the same again on the table; on repuesto "the
       Player doubles the Stake, without any ones winning it" (1665).  Where
       the rule set's ``loss_divides_stakes`` is true (Morley: "when he loses
       the two opponents will divide the stakes between them, unless one of
       them should have taken more tricks than the Ombre"), a loss without
       codille instead gives each defender half the stakes, an odd counter
       staying on the table (the engine's convention; Morley is silent), and
       the beasted Ombre replaces what they took up ("he has to replace the
       stakes").  The result is still a repuesto (:func:`~ombre.engine.rules.result_of`);
       the transfers say who took what.
    4. Without taking in: each defender pays a winning Ombre, or a losing
       Ombre pays each (1665; Morley: three counters).
    5. The vole bonus, if declared in time where the rule set demands it (1665 "Of the Voll").
    6. Matadors (1665 "Of the Matadors"; Morley).
    7. A renounce: the offender pays the stake again into the pool (1665
       "If you Renounce, you are to double the Stake"; Morley "beasted for
       revokes"), unless the rule set's ``renounce_doubles_stake`` is false.

    A win, a vole or codille takes up everything on the table: the engine
    keeps a single table, so Morley's vole that "clears all stakes upon the
    table" is settled as every win is (``RuleSet.vole_clears_table``).
    """
    _check_inputs(rules, ombre, tricks_won, hands_at_play, passes, eldest, taken_in, renouncers, pool)
    net = [Amount(), Amount(), Amount()]
    table = pool if pool is not None else Amount()
    pool_before = table
    transfers: list[Transfer] = []

    def pay(payer: int, payee: int, amount: Amount, reason: str) -> None:
        nonlocal table
        if not amount or payer == payee:
            return
        if payer == POOL:
            table = table - amount
        else:
            net[payer] = net[payer] - amount
        if payee == POOL:
            table = table + amount
        else:
            net[payee] = net[payee] + amount
        transfers.append(Transfer(payer, payee, amount, reason))

    if not table:
        for seat in range(3):
            pay(seat, POOL, Amount.from_pair(rules.game_stake), "stake for the game")
    for seat in passes:
        pay(seat, POOL, Amount.from_pair(rules.pass_fee), "for passing")
    if eldest is not None:
        pay(eldest, POOL, Amount.from_pair(rules.eldest_fee), "for the hand, as eldest")
    for seat in range(3):
        fee = Amount.from_pair(rules.take_in_fee) * taken_in[seat]
        n = taken_in[seat]
        pay(seat, POOL, fee, f"for {n} {'card' if n == 1 else 'cards'} taken in")
    stake = table
    fined = renouncers if rules.renounce_doubles_stake else ()
    if ombre is None or trump is None:
        for seat in fined:
            pay(seat, POOL, stake, "renounce: doubles the stake")
        return Settlement(rules, None, tuple(transfers), (net[0], net[1], net[2]), pool_before, table)

    result = result_of(tricks_won, ombre)
    defenders = [s for s in range(3) if s != ombre]
    wins = result.ombre_wins
    if wins:
        reason = "the vole clears the table" if result is Result.VOLE else "takes up the stakes"
        pay(POOL, ombre, table, reason)
    elif result is Result.CODILLE:
        w = codille_winner(tricks_won, ombre)
        assert w is not None
        taken = table
        reason = "codille" if tricks_won[w] < 9 else "codille (a vole by a defender clears the table)"
        pay(POOL, w, taken, reason)
        pay(ombre, POOL, taken, "beasted: makes good the stakes")
    elif rules.loss_divides_stakes:
        half = Amount(tuple((unit, n // 2) for unit, n in table.parts))
        for d in defenders:
            pay(POOL, d, half, "half the stakes: the Ombre lost, and the defenders divide them")
        pay(ombre, POOL, half * 2, "beasted: replaces the stakes")
    else:
        pay(ombre, POOL, table, "repuesto: doubles the stake, which stays for the next hand")

    if sans_prendre:
        bonus = Amount.from_pair(rules.sans_prendre_bonus)
        for d in defenders:
            if wins:
                pay(d, ombre, bonus, "without taking in")
            else:
                pay(ombre, d, bonus, "lost without taking in")

    if result is Result.VOLE and (rules.vole_must_be_declared_before_trick is None or vole_declared):
        for d in defenders:
            pay(d, ombre, Amount.from_pair(rules.vole_bonus), "the vole")

    hands = [list(h) for h in hands_at_play]
    minimum = 3 if rules.matadors_need_all_three else 1

    def matador_amount(seq: int) -> Amount:
        if rules.matadors_three[0]:
            extra = Amount.from_pair(rules.matadors_per_card) * (seq - 3)
            return Amount.from_pair(rules.matadors_three) + extra
        return Amount.from_pair(rules.matadors_per_card) * seq

    if rules.matadors_paid == "holder":
        for seat in range(3):
            seq = matador_sequence(hands[seat], trump)
            if seq >= minimum:
                for other in range(3):
                    if other != seat:
                        pay(other, seat, matador_amount(seq), f"{seq} matadors")
    elif rules.matadors_paid == "ombre":
        seq = matador_sequence(hands[ombre], trump)
        if seq >= minimum:
            for d in defenders:
                if wins:
                    pay(d, ombre, matador_amount(seq), f"{seq} matadors")
                else:
                    pay(ombre, d, matador_amount(seq), f"{seq} matadors, paid by the losing Ombre")
    else:
        raise RulesError(f"unknown matadors_paid {rules.matadors_paid!r} (holder or ombre)")

    for seat in fined:
        pay(seat, POOL, stake, "renounce: doubles the stake")

    return Settlement(rules, result, tuple(transfers), (net[0], net[1], net[2]), pool_before, table)


def _check_inputs(
    rules: RuleSet,
    ombre: int | None,
    tricks_won: Sequence[int],
    hands_at_play: Sequence[Iterable[Card]],
    passes: Sequence[int],
    eldest: int | None,
    taken_in: Sequence[int],
    renouncers: Sequence[int],
    pool: Amount | None,
) -> None:
    """Refuse arguments that no hand of Ombre can give, naming the argument.

    >>> from ombre.engine.rulesets import get_rules
    >>> settle(get_rules("1665"), ombre=0, tricks_won=(5, 4, 0), hands_at_play=((), (), ()),
    ...        trump=Suit.SPADES, passes=(7,))
    Traceback (most recent call last):
    ...
    ombre.errors.RulesError: passes: a seat is 0, 1 or 2, not 7
    """
    if not isinstance(rules, RuleSet):
        raise RulesError(
            f"rules: expected a RuleSet (ombre.engine.rulesets.get_rules({rules!r}) gives one), "
            f"not {type(rules).__name__} {rules!r}"
        )

    def seat(name: str, value: object) -> None:
        if not is_seat(value):
            raise RulesError(f"{name}: a seat is 0, 1 or 2, not {value!r}")

    def counts(name: str, values: Sequence[int]) -> tuple[int, ...]:
        try:
            out = tuple(values)
        except TypeError:
            raise RulesError(f"{name}: expected three counts, one a seat, not {values!r}") from None
        if len(out) != 3:
            raise RulesError(f"{name}: expected three counts, one a seat, not {len(out)}: {out}")
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in out):
            raise RulesError(f"{name}: every count must be a whole number, not negative: {out}")
        return out

    if ombre is not None:
        seat("ombre", ombre)
    won = counts("tricks_won", tricks_won)
    if sum(won) > 9:
        raise RulesError(f"tricks_won: nine tricks are played, not {sum(won)}: {won}")
    hands = tuple(hands_at_play)
    if len(hands) != 3:
        raise RulesError(f"hands_at_play: expected the three players' hands, not {len(hands)}")
    for name, seats in (("passes", passes), ("renouncers", renouncers)):
        for s in seats:
            seat(name, s)
    if len(set(passes)) != len(tuple(passes)):
        raise RulesError(f"passes: a player passes once a hand, not {tuple(passes)}")
    if eldest is not None:
        seat("eldest", eldest)
    taken = counts("taken_in", taken_in)
    if any(n > 9 for n in taken) or sum(taken) > 13:
        raise RulesError(
            "taken_in: a player takes in at most his nine cards, and all three at most the "
            f"thirteen of the stock, not {taken}"
        )
    if pool is not None and not isinstance(pool, Amount):
        raise RulesError(f"pool: expected an Amount, not {type(pool).__name__} {pool!r}")
