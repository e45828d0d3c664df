"""Checking a record against the rules of play and Pope's constraints: one :class:`Verdict` each."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ombre.belinda.constraints import CONSTRAINTS, Constraint, History, TrickView, _single
from ombre.belinda.records import _roles, load_records
from ombre.engine.game import GameState
from ombre.engine.record import GameRecord, replay_record

__all__ = ["Verdict", "check_record", "constraint_table"]


@dataclass(frozen=True)
class Verdict:
    """One constraint (or the rules) against one record: ``ok`` and, if not, why."""

    constraint: Constraint | None  # None for the rules of play
    ok: bool
    reason: str

    @property
    def id(self) -> str:
        return self.constraint.id if self.constraint is not None else "rules"


def _history_of(state: GameState) -> History:
    b, r, k = _roles(state.players)
    tricks = []
    for n, t in enumerate(state.tricks, start=1):
        plays = [(s, _single(c)) for s, c in zip(t.seats, t.cards, strict=True)]
        tricks.append(TrickView(n, t.leader, plays, t.winner))
    return History(b, r, k, state.trump, state.ombre, state.players, tricks, state.deal.hands)


def check_record(record: GameRecord, constraints: Iterable[Constraint] = CONSTRAINTS) -> list[Verdict]:
    """Check a record against the rules of play and every constraint; one :class:`Verdict` each.

    The first verdict is for the rules: the record must replay to the end
    without a renounce.
    """
    rp = replay_record(record)
    st = rp.state
    out: list[Verdict] = []
    if rp.renounces:
        out.append(Verdict(None, False, "; ".join(r.message for r in rp.renounces)))
    elif not st.is_terminal():
        out.append(Verdict(None, False, f"the record stops in the {st.phase.value} phase"))
    else:
        out.append(Verdict(None, True, "every card follows the rules of play"))
    h = _history_of(st)
    for c in constraints:
        reason = c.test(h)
        out.append(Verdict(c, reason is None, reason or "agrees"))
    return out


def constraint_table(
    records: Mapping[str, GameRecord] | None = None, constraints: Iterable[Constraint] = CONSTRAINTS
) -> list[tuple[str, dict[str, Verdict]]]:
    """Rows of the constraint table: ``(constraint id, {reading: verdict})``, the rules first."""
    recs = records if records is not None else load_records()
    cons = tuple(constraints)
    checked = {name: check_record(rec, cons) for name, rec in recs.items()}
    ids = ["rules"] + [c.id for c in cons]
    return [(cid, {name: v[i] for name, v in checked.items()}) for i, cid in enumerate(ids)]
