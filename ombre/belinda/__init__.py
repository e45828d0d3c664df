"""Belinda's game (Pope, *The Rape of the Lock*, iii.25-100): records, the poem as constraints, analyses.

Three readings of the game are shipped as game records (package data,
``ombre/belinda/records/belinda-*.omb``):

``pole``
    the hands of the reconstruction printed, probably by W. Pole, in *The
    Evolution of Whist* (1895), with small cards, exchange and stock
    completed by this edition;
``king-of-clubs``
    this edition's hands for the reading in which the King of Clubs at
    trick 5 is the third player's card, not Belinda's lead (Morley: "or
    possibly the other player");
``baker``
    O. R. Baker's bid and exchange (Belinda plays without taking in and
    nobody exchanges) on this edition's hands: Baker's own hands, like
    Tillotson's (1940) and Wimsatt's (1950), are not in the sources the
    project holds.

Every line of Pope that says something about the cards is a
:class:`Constraint` with its line numbers, checked against a record by
:func:`check_record`.  :func:`count_deals` counts the deals (the three hands
as played and the thirteen cards that take no part) for which some legal play
satisfies a set of constraints, and says where each card can be.  The
analyses use the double-dummy solver (:mod:`ombre.engine.solver`);
:mod:`ombre.belinda.sweep` solves every deal that fits (or a uniform sample).

>>> rows = check_record(load_record("pole"))
>>> [r.id for r in rows if not r.ok]
['iii.37-44', 'iii.79-80']
>>> [r.id for r in check_record(load_record("king-of-clubs")) if not r.ok]
['iii.37-44', 'iii.67-69']
>>> [r.reason for r in rows if r.id == "iii.79-80"]
['no clubs among the cards that fall to the diamonds (4♥, 6♦, 5♥, 7♦)']

Counting the deals with every card of Belinda's and the Baron's hands pinned
(the third player's hand and the stock are then what is counted):

>>> st = replay("pole").state
>>> pins = {c: "Belinda" for c in st.hands_at_play[0]} | {c: "Baron" for c in st.hands_at_play[1]}
>>> count_deals(CONSTRAINTS, fixed=pins).total
1480
"""

from ombre.belinda.analysis import (
    BaronChances,
    CodilleChance,
    Winnings,
    baron_after_trick_four,
    codille_chance,
    play_analysis,
    trick_five_leads,
    winnings,
)
from ombre.belinda.checking import Verdict, check_record, constraint_table
from ombre.belinda.constraints import CONSTRAINTS, Constraint, History, Token, TrickView, text_constraints
from ombre.belinda.counting import (
    PLACES,
    CountError,
    DealCount,
    consistent_play,
    count_deals,
    deal_is_consistent,
    draw_deal,
)
from ombre.belinda.records import READING_TITLES, READINGS, BelindaError, load_record, load_records, replay

__all__ = [
    "BelindaError",
    "READINGS",
    "READING_TITLES",
    "load_record",
    "load_records",
    "replay",
    "Token",
    "TrickView",
    "History",
    "Constraint",
    "CONSTRAINTS",
    "text_constraints",
    "Verdict",
    "check_record",
    "constraint_table",
    "DealCount",
    "count_deals",
    "draw_deal",
    "CountError",
    "deal_is_consistent",
    "consistent_play",
    "PLACES",
    "baron_after_trick_four",
    "BaronChances",
    "codille_chance",
    "CodilleChance",
    "play_analysis",
    "trick_five_leads",
    "winnings",
    "Winnings",
]
