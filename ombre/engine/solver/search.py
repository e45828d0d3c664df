"""The double-dummy search: :class:`Solver`, alpha-beta over the cards run as zero-window tests.

The search uses the tools that make bridge solvers fast:

* cards as bit sets over codes renumbered per trump (``ombre.engine._core``),
  every suit as it counts in play one contiguous block, and then renumbered
  0, 1, ... over the cards of the deal only, so that a hand fits in one of
  CPython's 30-bit integer digits;
* a transposition table at trick starts, keyed on the position renumbered by
  relative rank (only the order of the cards still out matters, so equal
  positions share an entry), holding a lower and an upper bound;
* within one deal the cards still out fix the hands, so what depends on the
  hands alone (the relative-rank key, and its parts over each block and each
  pair of blocks, each hand's runs in a block, the sure trump tricks, the quick
  tricks of a side when the other holds no trump, the two-trick values) is
  remembered by the cards out, a one-digit integer, until a position puts a
  card in another hand;
* one card tried per run of equivalent cards (cards of one hand with no
  outstanding card between them), the matadors kept apart from the other
  trumps, since only they have the privilege of not following a lower trump;
* quick-trick bounds (top trumps in sequence, then plain cards: a defender's
  top ones, the Ombre's until a defender could still hold a higher one, once
  the other side has no trumps or must follow; for the Ombre also those plain
  cards first, then one trump lead and his sure trumps), and sure trump tricks
  checked in the trick loop itself when no trump falls, as is a trick that
  brings the Ombre to the target, so such positions cost no search;
* when a defender leads and the Ombre's sure trumps fall one trick short, a game
  over the trumps alone (the plain cards only counted, and a master of his: a
  plain card above every card of its suit out), whose rules favour the
  defenders, so that what the Ombre takes there he takes in play (``_TrumpGame``);
* move ordering: the lead that last decided a test at the same seat and
  trick count (a killer move, or the one before it; under the ``"outcome"``
  objective, the card that decided the same position before); the Ombre's
  winners first; a defender cashes plain winners the Ombre must follow, then
  leads low to a suit his partner wins, then master trumps,
  then his other low cards, and last the winners the Ombre might ruff; among
  the Ombre's winners and a defender's low cards, those that decided most
  tests for that seat so far come first (a history table); second hand plays
  his cheapest winner (the Ombre, one the third hand cannot beat; a defender
  after his partner's lead, one the Ombre cannot beat), a defender plays low
  when his partner can beat the lead; otherwise the cheapest card.  Under the
  ``"outcome"`` objective the defenders lead winners first like the Ombre,
  with no killer moves and no history table: measured over the benchmark's
  deals, those cost more than they save there.
"""

from __future__ import annotations

from bisect import bisect_right as bisect
from collections.abc import Callable
from dataclasses import dataclass

from ombre.engine._core import TABLES, legal_mask, trick_winner_codes
from ombre.engine.cards import Card, Suit, as_suit
from ombre.engine.rules import is_seat
from ombre.engine.solver.objective import Objective
from ombre.engine.solver.position import Position, PositionError, _check_position
from ombre.engine.solver.tables import (
    _BEST,
    _BITS,
    _FINAL,
    _LEAD_TRUMP,
    _NEED_HI,
    _NEED_LO,
    _NEXT,
    _NO_CARDS,
    _PACK,
    _PAIRS,
    _ROTATE,
    _SURE,
    _TERN,
    _TERN_BASE,
    _TRUMP_BOUNDS,
    _TRUMP_GAME,
    _WORST,
    _Counts,
    _layout,
    _SeatRuns,
    _SeatSplits,
)

__all__ = ["Solver", "SearchStats"]


@dataclass
class SearchStats:
    """Counters of the search: trick-start positions searched, table hits, zero-window tests."""

    nodes: int = 0
    tt_hits: int = 0
    tests: int = 0


class Solver:
    """A solver for one trump suit, Ombre seat and objective; its transposition table is kept between calls.

    Reusing one solver for many positions of the same hand (for instance every
    step of a record) shares the table and is much faster than fresh calls.

    >>> from ombre.engine.solver import random_position, solve
    >>> p = random_position(3)
    >>> s = Solver(p.trump, p.ombre)
    >>> s.value(p) == solve(p)
    True
    >>> s.stats.nodes > 0
    True
    """

    def __init__(self, trump: Suit | str, ombre: int, objective: Objective = "tricks") -> None:
        if objective not in ("tricks", "outcome"):
            raise PositionError(f"unknown objective {objective!r} (use 'tricks' or 'outcome')")
        if not is_seat(ombre):
            raise PositionError(f"the Ombre's seat must be 0, 1 or 2, not {ombre!r}")
        self.trump = as_suit(trump, "trump")
        self.ombre = ombre
        self.objective: Objective = objective
        self._full = TABLES[self.trump]
        self._lay = _NO_CARDS[self.trump]  # replaced by the first position's cards
        # the transposition table, and the card that decided each position (outcome), by the leader's
        # seat (a table a seat: the key needs no bits for it)
        self._tt: tuple[dict[int, int], ...] = ({}, {}, {})
        self._hint: tuple[dict[int, int], ...] = ({}, {}, {})
        # remembered by the cards out alone, which fix the hands while every position comes from
        # one deal: ``_seen``, the cards each seat has held so far, tells when one does not
        self._memo2: dict[int, int] = {}
        self._keys: dict[int, int] = {}
        self._sure_by: dict[int, tuple[int, int]] = {}  # sure trump tricks (_TrumpBounds) by the trumps out
        self._lead_by: dict[int, int] = {}  # the Ombre's trump lead (lead_trump) by the trumps out
        self._trumps_by: dict[int, _TrumpFacts] = {}  # quick_ombre's counts of trumps by the trumps out
        # the trump game (_TrumpGame) by the trumps out, leader, n and need; with a master of the
        # Ombre's, by the cards out, leader and need
        self._game_by: dict[int, bool] = {}
        self._tops_by: dict[int, tuple[int, int]] = {}  # search's bounds when one side has no trump
        # each seat's runs in a block, and the leader's split of them (``leads``), by its cards out
        self._runs_by, self._splits_by = self._by_seat()
        self._seen = (0, 0, 0)
        self._stats = SearchStats()  # the counts of the searches before the last rebuild
        # the search is built over those cards (``_encode``): none before the first position
        self._search: _SearchFn
        self._counts: Callable[[], tuple[int, int]] = _no_counts

    @property
    def stats(self) -> SearchStats:
        """The search's counters so far, as a snapshot (the search keeps them in its closure)."""
        nodes, tt_hits = self._counts()
        return SearchStats(self._stats.nodes + nodes, self._stats.tt_hits + tt_hits, self._stats.tests)

    # -- public ----------------------------------------------------------------

    def value(self, pos: Position) -> int:
        """The exact value of ``pos``: the Ombre's tricks in the hand, or the outcome ordinal."""
        self._check(pos)
        hs, lead, trick, won = self._encode(pos)
        return self._exact(hs, lead, trick, won)

    def analyse(self, pos: Position) -> dict[Card, int]:
        """The value of each legal card of the seat to move, in the order of that seat's hand."""
        self._check(pos)
        out: dict[Card, int] = {}
        memo: dict[int, int] = {}
        hs, lead, trick, won = self._encode(pos)
        seat = (lead + len(trick)) % 3
        tb = self._lay.tb
        hand = hs[seat]
        legal = legal_mask(hand, trick[0] if trick else -1, tb)
        occ = hs[0] | hs[1] | hs[2]
        for t in trick:
            occ |= 1 << t
        others = occ & ~hand
        run_of: dict[int, int] = {}
        x = legal
        while x:
            c = x.bit_length() - 1
            run = self._run(c, hand, others)
            r = run & legal
            y = r
            while y:
                low = y & -y
                run_of[low.bit_length() - 1] = c
                y ^= low
            x &= ~run
        for card in pos.legal_cards():
            code = tb.code_of[card.index]
            rep = run_of[code]
            if rep not in memo:
                memo[rep] = self._value_after(hs, lead, trick, won, rep)
            out[card] = memo[rep]
        return out

    # -- encoding --------------------------------------------------------------

    def _check(self, pos: Position) -> None:
        _check_position(pos, "pos")
        if pos.trump is not self.trump or pos.ombre != self.ombre:
            raise PositionError(
                f"this solver is for {self.trump.plural} with the Ombre in seat {self.ombre}; "
                f"the position has {pos.trump.plural} and seat {pos.ombre}"
            )
        if not pos.tricks_left:
            raise PositionError("the hand is over: there is nothing to solve")
        if self.objective == "outcome" and sum(pos.won) + pos.tricks_left != 9:
            raise PositionError(
                f"the outcome needs the whole hand: {sum(pos.won)} tricks won and {pos.tricks_left} to come"
                " do not make nine (give the tricks already won)"
            )

    def _encode(self, pos: Position) -> tuple[_Counts, int, tuple[int, ...], _Counts]:
        full = self._full
        cards = full.mask(pos.trick)
        for h in pos.hands:
            cards |= full.mask(h)
        if cards & ~self._lay.cards:
            # new cards: a layout over them; the table's keys do not depend on it, the rest does
            self._lay = _layout(self._full, cards)
            for hints in self._hint:
                hints.clear()
            self._seen = (0, 0, 0)
            self._runs_by, self._splits_by = self._by_seat()
            self._stats = self.stats
            self._search, self._counts = _build_search(self)
        tb = self._lay.tb
        h0, h1, h2 = (tb.mask(h) for h in pos.hands)
        s0, s1, s2 = self._seen
        if h0 & (s1 | s2) or h1 & (s0 | s2) or h2 & (s0 | s1):
            s0 = s1 = s2 = 0
        if not s0 | s1 | s2:
            # another deal: the tables by the cards out no longer hold
            self._memo2.clear()
            self._keys.clear()
            self._sure_by.clear()
            self._lead_by.clear()
            self._trumps_by.clear()
            self._game_by.clear()
            self._tops_by.clear()
            for runs in self._runs_by:
                runs.clear()
            for splits in self._splits_by:
                splits.clear()
        self._seen = seen = (s0 | h0, s1 | h1, s2 | h2)
        for seat, cards in enumerate(seen):
            self._runs_by[seat].cards = cards
            splits = self._splits_by[seat]
            splits.cards = cards
            splits.ombre = seen[self.ombre]
            splits.partner = seen[(3 - seat - self.ombre) % 3]  # (for the Ombre's seat: not read)
        o = self.ombre
        won = (pos.won[o], pos.won[(o + 1) % 3], pos.won[(o + 2) % 3])
        return (h0, h1, h2), pos.leader, tuple(tb.code_of[c.index] for c in pos.trick), won

    def _by_seat(self) -> tuple[tuple[_SeatRuns, ...], tuple[_SeatSplits, ...]]:
        """The :class:`_SeatRuns` and :class:`_SeatSplits` tables of each seat, over the layout's cards."""
        lay = self._lay
        plain = 1 << lay.tb.trump_base
        runs = tuple(_SeatRuns(lay.run_below, lay.run_rest) for _ in range(3))
        return runs, tuple(_SeatSplits(seat, plain) for seat in runs)

    def _run(self, c: int, hand: int, others: int) -> int:
        """The run of cards of ``hand`` equivalent to ``c`` (``others``: the cards outside the hand)."""
        below = self._lay.run_below[c]
        ob = others & below
        if ob:
            return ((1 << (c + 1)) - (1 << ob.bit_length())) & hand
        return (below | (1 << c)) & hand

    # -- exact values by zero-window tests ------------------------------------------

    def _bounds(self, won: tuple[int, int, int], n: int) -> tuple[int, int]:
        o, a, b = won
        if self.objective == "tricks":
            return o, o + n
        return _WORST[o, a, b, 0], _BEST[o, a, b, 0]

    def _exact(self, hs: _Counts, lead: int, trick: tuple[int, ...], won: _Counts) -> int:
        """The exact value by a series of zero-window tests (MTD(f)): each test moves a bound."""
        n = hs[lead].bit_count() + (1 if trick else 0)
        lo, hi = self._bounds(won, n)
        if self.objective == "tricks":
            # a first guess: the Ombre's trumps, less one, is about what he makes in a random deal
            trumps = (hs[self.ombre] & self._lay.tb.trump_mask).bit_count()
            guess = won[0] + max(1, trumps - 1)
        else:
            guess = (lo + hi + 1) // 2
        while lo < hi:
            target = max(min(guess, hi), lo + 1)
            self._stats.tests += 1
            v = self._test_partial(hs, lead, trick, won, target)
            if v >= target:
                lo = v
                guess = v + 1
            else:
                hi = v
                guess = v
        return lo

    def _value_after(self, hs: _Counts, lead: int, trick: tuple[int, ...], won: _Counts, card: int) -> int:
        seat = (lead + len(trick)) % 3
        h = list(hs)
        h[seat] ^= 1 << card
        nh = (h[0], h[1], h[2])
        t = trick + (card,)
        if len(t) < 3:
            return self._exact(nh, lead, t, won)
        w = (lead + trick_winner_codes(t[0], t[1], t[2], self._lay.tb)) % 3
        nw = self._add_trick(won, w)
        if not nh[0]:
            return self._final(nw)
        return self._exact(nh, w, (), nw)

    def _add_trick(self, won: tuple[int, int, int], seat: int) -> tuple[int, int, int]:
        rel = (seat - self.ombre) % 3
        o, a, b = won
        if rel == 0:
            return (o + 1, a, b)
        if rel == 1:
            return (o, a + 1, b)
        return (o, a, b + 1)

    def _final(self, won: tuple[int, int, int]) -> int:
        if self.objective == "tricks":
            return won[0]
        return _FINAL[won]

    def _test_partial(self, hs: _Counts, lead: int, trick: tuple[int, ...], won: _Counts, target: int) -> int:
        """A fail-soft zero-window test from a position that may be inside a trick.

        The result ``v`` is a lower bound of the value if ``v >= target``, an upper bound otherwise.
        """
        if not trick:
            if not hs[0] | hs[1] | hs[2]:
                return self._final(won)
            return self._search(hs[0], hs[1], hs[2], lead, won[0], won[1], won[2], target)
        seat = (lead + len(trick)) % 3
        maxer = seat == self.ombre
        hand = hs[seat]
        legal = legal_mask(hand, trick[0], self._lay.tb)
        occ = hs[0] | hs[1] | hs[2]
        for played in trick:
            occ |= 1 << played
        others = occ & ~hand
        best = -1 if maxer else 99
        x = legal
        while x:
            c = x.bit_length() - 1
            x &= ~self._run(c, hand, others)
            h = list(hs)
            h[seat] ^= 1 << c
            nh = (h[0], h[1], h[2])
            t = trick + (c,)
            if len(t) < 3:
                v = self._test_partial(nh, lead, t, won, target)
            else:
                w = (lead + trick_winner_codes(t[0], t[1], t[2], self._lay.tb)) % 3
                v = self._test_partial(nh, w, (), self._add_trick(won, w), target)
            if maxer:
                if v > best:
                    best = v
                    if v >= target:
                        return v
            elif v < best:
                best = v
                if v < target:
                    return v
        return best

    # -- the search at trick starts ------------------------------------------------


_SearchFn = Callable[[int, int, int, int, int, int, int, int], int]
_NO_SURE = (-1, -1)  # in a solver's _sure_by: a side holds no trump
#: the Ombre's top trumps in sequence, his trumps, whether each defender holds more than the first,
#: and whether each holds any (``quick_ombre``)
_TrumpFacts = tuple[int, int, bool, bool, bool, bool]


def _no_counts() -> tuple[int, int]:
    """The counts of a solver that has built no search yet."""
    return 0, 0


def _build_search(solver: Solver) -> tuple[_SearchFn, Callable[[], tuple[int, int]]]:  # noqa: C901 - kept in one closure for speed
    """The search at trick starts, as closures over the solver's tables (local names are fast).

    ``search(h0, h1, h2, leader, o, a, b, target, n)`` is a fail-soft zero-window
    test: hands by seat, the leader of the trick about to start, the tricks
    won so far by the Ombre and the two defenders (the seat after the Ombre
    first; the defenders' are kept up to date only under the outcome objective,
    the only one that reads them), and ``n`` the tricks left (the caller knows it: a count costs more
    than an argument); it returns a lower bound of the value if that is ``>= target``,
    an upper bound otherwise.  Also returned: a function giving the positions searched and
    the table hits so far, counted in the closure (a cell costs less than an attribute).
    """
    lay = solver._lay
    tb = lay.tb
    om = solver.ombre
    d1 = _NEXT[om]
    d2 = _NEXT[d1]
    rel = [0, 0, 0]
    rel[d1] = 1
    rel[d2] = 2
    tricks_obj = solver.objective == "tricks"
    tts = solver._tt
    hints_by = solver._hint
    # the lead that last decided a test, by seat and tricks left (a killer move: siblings share it)
    killers = [-1] * 30
    killers2 = [-1] * 30  # the killer before it
    # the history of decisive leads, by seat and card: each lead that decides a test lowers its
    # entry by the tricks left, so an ascending sort puts those that decided most (and highest) first
    history = ([0] * 40, [0] * 40, [0] * 40)
    memo2 = solver._memo2
    keys = solver._keys
    sure_by = solver._sure_by
    lead_by = solver._lead_by
    trumps_by = solver._trumps_by
    game_by = solver._game_by
    tops_by = solver._tops_by
    game = _TRUMP_GAME
    pack = _PACK
    nodes = tt_hits = 0
    tbase = tb.trump_base
    follow = tb.follow_mask
    tmask = tb.trump_mask
    plain_all = ((1 << 27) - 1) ^ tmask  # the plain cards (a complement would be a negative integer)
    winm = tb.win_mask
    plains = lay.plain_masks
    blocks_up = lay.blocks_up
    blocks_down = blocks_up[::-1]
    runs_by = solver._runs_by
    splits_by = solver._splits_by
    priv = tb.priv
    # the cards a hand must play to each lead if it holds one (all it holds of the suit led then):
    # the suit led, less the matadors the privilege excuses (``legal_mask``)
    must = tuple(fm & ~pv for fm, pv in zip(follow, priv, strict=True))
    matm = tb.matadors
    bm0, bm1, bm2, bm3 = tb.block_mask
    bm01 = bm0 | bm1
    bm23 = bm2 | bm3
    # (the module's tables that ``search`` reads on few of its calls stay globals, as a closure
    # copies each of its free variables into every call's frame; ``last`` and ``small`` read
    # ``_FINAL`` likewise)
    sure_cache = _SURE
    lead_cache = _LEAD_TRUMP
    nxt = _NEXT
    bits = _BITS
    # by the leader's seat: the second's and third's seats, which of the three is the Ombre, the
    # Ombre's place (0 the leader), each place's seat relative to the Ombre, and each place's worst
    # value (where its best so far starts)
    places = tuple(
        (
            nxt[p],
            nxt[nxt[p]],
            p == om,
            nxt[p] == om,
            nxt[nxt[p]] == om,
            (p, nxt[p], nxt[nxt[p]]).index(om),
            (rel[p], rel[nxt[p]], rel[nxt[nxt[p]]]),
            -1 if p == om else 99,
            -1 if nxt[p] == om else 99,
            -1 if nxt[nxt[p]] == om else 99,
        )
        for p in range(3)
    )
    # what ``expand`` starts from, by the leader's seat: the second's and third's seats, which
    # places are the Ombre's, each place's worst value (where its best so far starts), the
    # tricks the Ombre gains if that place wins the trick, and each place's runs by the cards out
    plans = tuple(
        (
            (p1, p2, m0, m1, m2, w0, w1, w2)
            + (int(m0), int(m1), int(m2), runs_by[p0], runs_by[p1], runs_by[p2])
        )
        for p0, (p1, p2, m0, m1, m2, _, _, w0, w1, w2) in enumerate(places)
    )

    def final(o: int, a: int, b: int) -> int:
        return o if tricks_obj else _FINAL[o, a, b]

    def last(h0: int, h1: int, h2: int, leader: int, o: int, a: int, b: int) -> int:
        hs = (h0, h1, h2)
        p1 = nxt[leader]
        p2 = nxt[p1]
        c0, c1, c2 = hs[leader].bit_length() - 1, hs[p1].bit_length() - 1, hs[p2].bit_length() - 1
        w = (leader, p1, p2)[trick_winner_codes(c0, c1, c2, tb)]
        r = rel[w]
        if r == 0:
            o += 1
        elif r == 1:
            a += 1
        else:
            b += 1
        return o if tricks_obj else _FINAL[o, a, b]

    def small(h0: int, h1: int, h2: int, leader: int, o: int, a: int, b: int, target: int, n: int) -> int:
        """The test of ``search`` with two tricks left, by minimax (remembered by the cards out: ``_seen``).

        Under the tricks objective a test that the tricks won so far decide, or that the two to
        come cannot reach, returns that bound at once (``o`` or ``o + 2``); otherwise it is a
        fail-soft zero-window test, its bounds remembered.  Under the outcome objective the value
        is exact, whatever ``target``.  ``n`` (two) is there for the same call as ``search``.
        """
        if tricks_obj:
            if o >= target:
                return o
            if o + 2 < target:
                return o + 2
        mkey = h0 + h1 + h2 + (leader << 27)
        if not tricks_obj:
            mkey += (o | a << 4 | b << 8) << 29
        got = memo2.get(mkey)
        if tricks_obj:
            # bounds on the Ombre's two tricks to come, as the table holds them: a zero-window test
            # cuts more than the exact value, which a later test seldom needs
            lo_v = o
            hi_v = o + 2
            if got is not None:
                lo_v += got & 3
                if lo_v >= target:
                    return lo_v
                hi_v = o + (got >> 2)
                if hi_v < target:
                    return hi_v
            w_lo = target - 1
            w_hi = target
        else:
            if got is not None:
                return got
            w_lo = -1
            w_hi = 99
        _, _, m0, m1, m2, mpos, rpos, worst0, worst1, worst2 = places[leader]
        if leader == 0:
            H0, H1, H2 = h0, h1, h2
        elif leader == 1:
            H0, H1, H2 = h1, h2, h0
        else:
            H0, H1, H2 = h2, h0, h1
        # each hand's two cards, lowest first, as (card played, card kept) in both orders, the lower
        # one's bit, and each play alone: the legal plays are both cards, or the lower, or the higher
        both0 = _PAIRS[H0][0]
        both1, one1, lo1, hi1 = _PAIRS[H1]
        both2, one2, lo2, hi2 = _PAIRS[H2]
        rot1 = _ROTATE[1]
        rot2 = _ROTATE[2]
        # alpha-beta over the window w_lo..w_hi, fail-soft (the outcome: the whole window, exact)
        best0 = worst0
        for c0, l0 in both0:
            ok = winm[c0]
            # the legal plays, ``legal_mask`` inline as in ``expand`` (measured: 18 M instructions fewer
            # on the benchmark): the cards of the suit led (``fm``) if the hand holds one it must play
            # (``must``: a privileged matador need not be), else any card
            fm = follow[c0]
            mf = must[c0]
            y = H2 & fm
            L2 = both2 if y == H2 or not H2 & mf else (lo2 if y == one2 else hi2)
            if m0:
                a1, b1 = (best0 if best0 > w_lo else w_lo), w_hi
            else:
                a1, b1 = w_lo, (best0 if best0 < w_hi else w_hi)
            best1 = worst1
            y = H1 & fm
            for c1, l1 in both1 if y == H1 or not H1 & mf else (lo1 if y == one1 else hi1):
                if c1 > c0 and ok & bits[c1]:
                    w0, cur = 1, c1
                else:
                    w0, cur = 0, c0
                if m1:
                    a2, b2 = (best1 if best1 > a1 else a1), b1
                else:
                    a2, b2 = a1, (best1 if best1 < b1 else b1)
                best2 = worst2
                for c2, l2 in L2:
                    w = 2 if c2 > cur and ok & bits[c2] else w0
                    # the last trick, led from place w, each playing his last card
                    if w == 0:
                        w2 = trick_winner_codes(l0, l1, l2, tb)
                    elif w == 1:
                        w2 = rot1[trick_winner_codes(l1, l2, l0, tb)]
                    else:
                        w2 = rot2[trick_winner_codes(l2, l0, l1, tb)]
                    if tricks_obj:
                        # (an int plus a bool takes CPython's slow path: compared and added apart)
                        v = o + 1 if w == mpos else o
                        if w2 == mpos:
                            v += 1
                    else:
                        t = [o, a, b]
                        t[rpos[w]] += 1
                        t[rpos[w2]] += 1
                        v = _FINAL[t[0], t[1], t[2]]
                    if m2:
                        if v > best2:
                            best2 = v
                            if v >= b2:
                                break
                    elif v < best2:
                        best2 = v
                        if v <= a2:
                            break
                if m1:
                    if best2 > best1:
                        best1 = best2
                        if best1 >= b1:
                            break
                elif best2 < best1:
                    best1 = best2
                    if best1 <= a1:
                        break
            if m0:
                if best1 > best0:
                    best0 = best1
                    if best0 >= w_hi:
                        break
            elif best1 < best0:
                best0 = best1
                if best0 <= w_lo:
                    break
        if not tricks_obj:
            memo2[mkey] = best0
        else:
            if best0 >= target:
                lo_v = best0
            else:
                hi_v = best0
            memo2[mkey] = lo_v - o + ((hi_v - o) << 2)
        return best0

    shifts = tuple((bm & -bm).bit_length() - 1 if bm else 0 for bm in tb.block_mask)

    def part(x: int, i: int, h0: int, h1: int) -> int:
        """The table key's part of block ``i``, whose cards out are ``x``: their owners by relative rank
        (``_TERN``) and the matadors among them, in 22 bits of its own (the parts add up to a key)."""
        s = shifts[i]
        out = x >> s << 12
        v = (
            _TERN[pack[out | (h0 & x) >> s]]
            + 2 * _TERN[pack[out | (h1 & x) >> s]]
            + _TERN_BASE[out.bit_count()]
        )
        v = keys[x] = (v + ((x & matm).bit_count() << 20)) << 22 * i
        return v

    def sure(ta: int, tb_: int) -> int:
        """How many of B's trumps win whatever is played (see :meth:`Solver` docs): |B| - matching."""
        return sure_cache[(ta >> tbase) << 12 | tb_ >> tbase]

    def lead_trump(tO: int, tD1: int, tD2: int) -> int:
        """Tricks the Ombre, on lead, is sure of by leading one trump and then his sure trumps
        (:class:`~ombre.engine.solver.tables._LeadTrump`, by the trumps packed to those out)."""
        out = (tO | tD1 | tD2) >> tbase
        pO = pack[out << 12 | tO >> tbase]
        pD1 = pack[out << 12 | tD1 >> tbase]
        # the second defender's trumps are the rest of the trumps out
        pD2 = (1 << out.bit_count()) - 1 - pO - pD1
        return lead_cache[pO | pD1 << 12 | pD2 << 24 | pack[out << 12 | matm >> tbase] << 36]

    def trump_game(hs: _Counts, leader: int, n: int, need: int, masters: int) -> bool:
        """Whether the Ombre takes ``need`` tricks by :class:`_TrumpGame`, ``leader`` on lead, holding
        ``masters`` plain cards above every card of their suit out of his hand (or fewer)."""
        p1, p2, _, _, _, mpos, _, _, _, _ = places[leader]
        out = ((hs[0] | hs[1] | hs[2]) & tmask) >> tbase << 12
        return game[
            pack[out | (hs[leader] & tmask) >> tbase]
            | pack[out | (hs[p1] & tmask) >> tbase] << 12
            | pack[out | (hs[p2] & tmask) >> tbase] << 24
            | mpos << 36
            | n << 38
            | need << 42
            | pack[out | matm >> tbase] << 46
            | masters << 58
        ]

    def tops(hand: int, rem: int) -> int:
        q = 0
        out = rem ^ hand  # the cards out of the hand (a complement would be a negative integer)
        for bm in plains:
            # the hand's cards of the suit above every card of it outside the hand (none if void,
            # as a hand often is by then)
            x = hand & bm
            if x:
                q += (x >> (out & bm).bit_length()).bit_count()
        return q

    def rounds(hO: int, hD1: int, hD2: int, ruff1: int, ruff2: int) -> int:
        """The Ombre's plain cards that win when he plays each plain suit from the top, on lead.

        A defender beats his ``i``-th card of a suit only with a higher card kept until then,
        which takes at least ``i`` cards of the suit (cards a defender discards meanwhile only
        weaken him).  A defender who may ruff (``ruff1``, ``ruff2`` true) must follow as long as
        he holds the suit, so a suit counts no more rounds than he has cards of it, and none if
        he is void.
        """
        extra = 0
        for bm in plains:
            own = hO & bm
            if not own:
                continue
            run = own.bit_count()
            # each defender in turn, written out twice (a loop over the pair costs more)
            x = hD1 & bm
            if x:
                # ``above``: the Ombre's cards above the defender's best, who beats the next
                # one if he holds more cards of the suit than that
                held = x.bit_count()
                above = (own >> x.bit_length()).bit_count()
                if above < held and above < run:
                    run = above
                if ruff1 and held < run:
                    run = held
            elif ruff1:
                continue
            x = hD2 & bm
            if x:
                held = x.bit_count()
                above = (own >> x.bit_length()).bit_count()
                if above < held and above < run:
                    run = above
                if ruff2 and held < run:
                    run = held
            elif ruff2:
                continue
            extra += run
        return extra

    def quick_ombre(hO: int, hD1: int, hD2: int, tO: int, trumps: int, need: int) -> int:
        """Tricks the Ombre on lead is sure of: top trumps, then plain cards if safe, or a trump lead.

        The hands, ``tO`` the Ombre's trumps and ``trumps`` the trumps out (the search has them);
        ``need`` the count that would decide the test: when a defender keeps trumps,
        a count is made only if it can reach it (the result is a bound either way).
        The Ombre first cashes his ``k`` top trumps in sequence: each is higher than
        every trump out, so no privilege applies and every defender must follow with
        a trump, and a defender with at most ``k`` trumps is left with none.  Then he
        plays each plain suit from the top (``rounds``).  If no defender has a trump
        left, those cards all win, and his remaining trumps too; otherwise ``rounds``
        counts no more cards of a suit than a defender still holding trumps has of
        it: that defender must follow every time, so cannot ruff.  Short of ``need``,
        he may instead lead one trump and then his sure trumps (``lead_trump``), or
        first the plain rounds that no defender holding a trump can ruff (no trump
        falls and he keeps the lead), then that trump lead.
        """
        # the counts of trumps below, by the trumps out (which fix each hand's within one deal)
        facts = trumps_by.get(trumps)
        if facts is None:
            tD1 = hD1 & tmask
            tD2 = hD2 & tmask
            k = (tO >> (tD1 | tD2).bit_length()).bit_count() if tO else 0
            n1 = tD1.bit_count()
            n2 = tD2.bit_count()
            facts = trumps_by[trumps] = (k, tO.bit_count(), n1 > k, n2 > k, n1 > 0, n2 > 0)
        k, t, d1_, d2_, any1, any2 = facts
        if not (d1_ or d2_):
            return t + rounds(hO, hD1, hD2, False, False)
        if k >= need:
            return k
        plain = (hO & plain_all).bit_count()
        q = k
        r = -1  # the rounds against every defender holding a trump, when counted
        if k + plain >= need:
            q2 = rounds(hO, hD1, hD2, d1_, d2_)
            q += q2
            if not k:  # then those are the defenders holding more than k trumps
                r = q2
        if q < need and tO:
            q2 = lead_by.get(trumps, -1)
            if q2 < 0:
                q2 = lead_by[trumps] = lead_trump(tO, hD1 & tmask, hD2 & tmask)
            if q2 > q:
                q = q2
            if q < need <= q2 + plain:
                q2 += r if r >= 0 else rounds(hO, hD1, hD2, any1, any2)
                if q2 > q:
                    q = q2
        return q

    def start(h0: int, h1: int, h2: int, leader: int, o: int, a: int, b: int, target: int) -> int:
        """The test from a trick start with any number of tricks left (``search`` needs three)."""
        n = h0.bit_count()
        if n > 2:
            return search(h0, h1, h2, leader, o, a, b, target, n)
        if n == 2:
            return small(h0, h1, h2, leader, o, a, b, target, n)
        if n == 1:
            return last(h0, h1, h2, leader, o, a, b)
        return final(o, a, b)

    def search(h0: int, h1: int, h2: int, leader: int, o: int, a: int, b: int, target: int, n: int) -> int:
        nonlocal nodes, tt_hits
        nodes += 1
        # disjoint bit sets are joined (and parted) by + and -: CPython's int addition has a fast
        # path that the bitwise operators lack
        rem = h0 + h1 + h2
        # sure tricks for each side, whoever leads, by the trumps out ((-1, -1): one side has none);
        # quick tricks for the side on lead
        try:  # almost always there: a subscript costs less than get, a call
            sure_q = sure_by[rem & tmask]
        except KeyError:
            hs = (h0, h1, h2)
            tO = hs[om] & tmask
            tD1 = hs[d1] & tmask
            tD2 = hs[d2] & tmask
            sure_q = _NO_SURE
            if tO and tD1 | tD2:
                # packed to the trumps out (only their order counts): entries shared across deals
                # (the three hands hold every trump out: the second defender's are the rest)
                pk = _PACK
                out = (rem & tmask) >> tbase
                pO = pk[out << 12 | tO >> tbase]
                pD1 = pk[out << 12 | tD1 >> tbase]
                q = _TRUMP_BOUNDS[pO | pD1 << 12 | ((1 << out.bit_count()) - 1 - pO - pD1) << 24]
                sure_q = (q & 15, q >> 4)
            sure_by[rem & tmask] = sure_q
        lo_q, hi_q = sure_q
        if lo_q < 0:
            # one side holds no trump: the other side's trumps and top plain cards (remembered by
            # the cards out: a third of these positions come again)
            sides = tops_by.get(rem)
            if sides is not None:
                lo_q, hi_q = sides
            else:
                hs = (h0, h1, h2)
                hO = hs[om]
                tO = hO & tmask
                if tO:
                    lo_q = tO.bit_count() + tops(hO, rem)
                    hi_q = 0
                else:
                    lo_q = 0
                    hD1 = hs[d1]
                    hD2 = hs[d2]
                    tD1 = hD1 & tmask
                    tD2 = hD2 & tmask
                    hi_q = tD1.bit_count() + tops(hD1, rem) if tD1 else 0
                    if tD2:
                        q2 = tD2.bit_count() + tops(hD2, rem)
                        if q2 > hi_q:
                            hi_q = q2
                tops_by[rem] = (lo_q, hi_q)
        if tricks_obj:
            lo = o + lo_q
            hi = o + n - hi_q
        else:
            lo = _WORST[o, a, b, lo_q]
            hi = _BEST[o, a, b, hi_q]
        if lo >= target:
            return lo
        if hi < target:
            return hi
        # the transposition table: bounds on the Ombre's tricks to come, or on the outcome
        k = keys.get(rem)
        if k is None:
            # the position renumbered by relative rank, equal positions sharing a key, remembered by
            # the cards out (see ``_seen``); made here, not in a function (45K calls in the benchmark).
            # The sum of a part a block (``part``), each in bits of its own; the parts of two blocks
            # together, and of each block, are remembered in ``keys`` too, by their own cards out
            # (which recur far more often than the whole: 24K and 9K misses of 90K and 48K lookups)
            x = rem & bm01
            k = keys.get(x)
            if k is None:
                y = x & bm0
                k = keys.get(y)
                if k is None:
                    k = part(y, 0, h0, h1)
                y = x - y
                v = keys.get(y)
                if v is None:
                    v = part(y, 1, h0, h1)
                k = keys[x] = k + v
            x = rem & bm23
            v = keys.get(x)
            if v is None:
                y = x & bm2
                v = keys.get(y)
                if v is None:
                    v = part(y, 2, h0, h1)
                y = x - y
                w = keys.get(y)
                if w is None:
                    w = part(y, 3, h0, h1)
                v = keys[x] = v + w
            k += v
            keys[rem] = k
        tt = tts[leader]
        if tricks_obj:
            base = o
        else:
            base = 0
            k += (o | a << 4 | b << 8) << 88
        entry = tt.get(k)
        if entry is not None:
            tt_hits += 1
            e = (entry & 15) + base
            if e > lo:
                lo = e
            e = (entry >> 4) + base
            if e < hi:
                hi = e
            if lo >= target:
                return lo
            if hi < target:
                return hi
        hs = (h0, h1, h2)
        hO = hs[om]
        tO = hO & tmask
        # the dearer bounds for the side on lead, only when the cheap ones and the table leave
        # the test open (a bound that decides it goes into the table, so a second visit ends there)
        if leader == om:
            need = target - o if tricks_obj else _NEED_LO[o, a, b, target]
            q = quick_ombre(hO, hs[d1], hs[d2], tO, rem & tmask, need)
            if q > lo_q:
                lo_q = q
                lo = o + q if tricks_obj else _WORST[o, a, b, q]
                if lo >= target:
                    tt[k] = lo - base + ((hi - base) << 4)
                    return lo
        else:
            hL = hs[leader]
            hP = hs[d2 if leader == d1 else d1]
            need = target - o if tricks_obj else _NEED_LO[o, a, b, target]
            if need == lo_q + 1:
                # the Ombre's trumps against the defenders' lead, by the game over the trumps alone
                t = tO.bit_count()
                got: bool | None = False
                if need <= t:
                    gk = (rem & tmask) + ((leader << 4 | n) << 27) + (need << 33)
                    got = game_by.get(gk)
                    if got is None:
                        got = game_by[gk] = trump_game(hs, leader, n, need, 0)
                # then with a master of his, where it can tell: he holds two trumps or more and the
                # defenders no more than he does (measured: elsewhere the game seldom reaches the
                # test with it, and a second master adds more entries to the game than it saves)
                if not got and 1 < t and need <= t + 1 and (rem & tmask).bit_count() <= t + t:
                    gk = rem + ((leader << 4 | need) << 27) + (1 << 40)
                    got = game_by.get(gk)
                    if got is None:
                        got = game_by[gk] = tops(hO, rem) > 0 and trump_game(hs, leader, n, need, 1)
                if got:
                    lo = o + need if tricks_obj else _WORST[o, a, b, need]
                    tt[k] = lo - base + ((hi - base) << 4)
                    return lo
            need = o + n - target + 1 if tricks_obj else _NEED_HI[o, a, b, target]
            # quick tricks for the defender on lead (inline: 20K calls in the benchmark): after
            # his top trumps he counts the cards above every card out of his hand.  If the Ombre
            # has no trump left, those all win.  Otherwise he cashes no more cards of a suit than
            # the Ombre has of it (who must follow every time, so cannot ruff), and a partner void
            # in the suit and holding only trumps would have to ruff and take the lead, so no more
            # plain cards than his partner holds cards outside trumps (he discards those first)
            out = rem - hL
            tL = hL & tmask
            q = (tL >> (out & tmask).bit_length()).bit_count() if tL else 0
            if tO.bit_count() <= q:
                q += tops(hL, rem)
            elif q < need and q + (hL - tL).bit_count() >= need and q + (hO - tO).bit_count() >= need:
                # the plain cards cashed are the leader's, each followed by one of the Ombre's
                extra = 0
                for bm in plains:
                    x = hL & bm
                    if x:
                        run = (x >> (out & bm).bit_length()).bit_count()
                        if run:
                            c = (hO & bm).bit_count()
                            extra += c if c < run else run
                if extra and (hP & tmask).bit_count() > q:
                    c = (hP & plain_all).bit_count()
                    if c < extra:
                        extra = c
                q += extra
            if q <= hi_q and need == hi_q + 1 and (tO or not hi_q):
                # the defenders take this trick if the leader can lead a plain suit in
                # which their side's best card beats the Ombre's, and the Ombre cannot
                # ruff it (he holds the suit, or no trump): each defender may play his
                # best card of the suit, and only a trump beats the suit led.  No trump
                # falls to it, so a defender's sure trumps still win later, unless he
                # holds nothing but trumps (void in the suit, he would have to trump it)
                for bm in plains:
                    if hL & bm:
                        oS = hO & bm
                        if (oS or not tO) and ((hL + hP) & bm).bit_length() > oS.bit_length():
                            # the better defender's sure trumps are the cheap bound, unless the
                            # partner holds nothing but trumps: then the leader's count only
                            q2 = hi_q
                            if tO and not hP & plain_all:
                                q2 = sure(tO, hL & tmask)
                            if q2 + 1 > q:
                                q = q2 + 1
                            break
            if q > hi_q:
                hi_q = q
                hi = o + n - q if tricks_obj else _BEST[o, a, b, q]
                if hi < target:
                    tt[k] = lo - base + ((hi - base) << 4)
                    return hi
        v = expand(h0, h1, h2, leader, o, a, b, target, n, rem, k, sure_q if tricks_obj else _NO_SURE)
        if v >= target:
            if v > lo:
                lo = v
        elif v < hi:
            hi = v
        tt[k] = lo - base + ((hi - base) << 4)
        return v

    def leads(H0: int, rem: int, leader: int, m0: bool, hO: int) -> list[int]:
        """The leader's candidates, one per run of equivalent cards, in the order to try them.

        The Ombre's winners (the top run of a block with no card out above it) come first,
        highest first unless the history table says otherwise, then his low cards lowest
        first; a defender's order is given below.  ``rem`` are the cards out, ``hO`` the
        Ombre's hand.
        """
        if tricks_obj and not m0:
            # a defender first cashes plain winners the Ombre must follow (he cannot ruff them), then
            # leads low to a suit his partner wins (the partner's best card beats the Ombre's, who
            # must follow or has no trump), then master trumps, then the other low cards, and last
            # the winners the Ombre might ruff; low cards by history within each group.  A block's
            # runs are classed once, by its cards out (``_SeatSplits``)
            # (the blocks from the top down: the winners come highest first, and each block's low
            # cards go before the lower blocks' gathered so far, so that all are lowest first)
            cash: list[int] = []
            ruffable: list[int] = []
            keep = -1  # the master trump (the trumps are one block: one master at most)
            partner: tuple[int, ...] = ()
            other: tuple[int, ...] = ()
            no_trump = not hO & tmask
            splits = splits_by[leader]
            for bm in blocks_down:
                if H0 & bm:
                    top, low, kind, to_partner, to_partner_nt = splits[rem & bm]
                    if top >= 0:
                        if kind == 2:
                            keep = top
                        elif kind:
                            cash.append(top)
                        else:
                            ruffable.append(top)
                    if to_partner_nt if no_trump else to_partner:
                        partner = low + partner
                    else:
                        other = low + other
            if len(partner) > 1:
                cash += sorted(partner, key=history[leader].__getitem__)
            else:
                cash += partner
            if keep >= 0:
                cash.append(keep)
            if len(other) > 1:
                cash += sorted(other, key=history[leader].__getitem__)
            else:
                cash += other
            cash += ruffable
            return cash
        masters: list[int] = []
        rest: tuple[int, ...] = ()
        splits = splits_by[leader]
        for bm in blocks_down:
            if H0 & bm:
                top, low, _, _, _ = splits[rem & bm]
                if top >= 0:
                    masters.append(top)
                rest = low + rest
        if m0 and tricks_obj and len(masters) > 1:
            masters.sort(key=history[leader].__getitem__)
        masters += rest
        return masters

    def expand(  # noqa: C901 - one loop per card of the trick, kept inline for speed
        h0: int,
        h1: int,
        h2: int,
        leader: int,
        o: int,
        a: int,
        b: int,
        target: int,
        n: int,
        rem: int,
        hkey: int,
        sure_q: tuple[int, int],
    ) -> int:
        """Try the cards of the trick (the test of ``search``, ``n`` tricks left); ``hkey`` the table key.

        ``sure_q`` is the position's sure trump tricks, the Ombre's and the most of one defender's
        (:class:`_TrumpBounds`), or ``(-1, -1)``:
        after a trick in which no trump falls the next position has the same, and when they decide
        the test there it is not searched.
        """
        p0 = leader
        p1, p2, m0, m1, m2, best0, worst1, worst2, o0, o1, o2, runs0, runs1, runs2 = plans[p0]
        if p0 == 0:
            H0, H1, H2 = h0, h1, h2
        elif p0 == 1:
            H0, H1, H2 = h1, h2, h0
        else:
            H0, H1, H2 = h2, h0, h1

        slot = leader * 10 + n  # the killer's place: seat and tricks left
        # the killer, or the one before it when it is not a run's top card here (the outcome
        # objective: the card that decided here before), is tried before the others are listed
        # (most tests that the leader's side wins need no other lead).  Under the tricks objective
        # the card that decided here before adds little to the killers (329 of 13K lookups over the
        # 100 deals): it is not kept
        hint = killers[slot] if tricks_obj else -1
        if hint >= 0:
            if not H0 & bits[hint] or hint not in runs0[rem & follow[hint]]:
                hint = killers2[slot]
                if hint >= 0 and (not H0 & bits[hint] or hint not in runs0[rem & follow[hint]]):
                    hint = -1
        elif not tricks_obj:
            hint = hints_by[leader].get(hkey, -1)
            if hint >= 0 and (not H0 & bits[hint] or hint not in runs0[rem & follow[hint]]):
                hint = -1
        if hint >= 0:
            lead_cards = [hint]
        else:
            lead_cards = leads(H0, rem, leader, m0, H0 if m0 else H1 if m1 else H2)
        best_card = -1
        all1: tuple[int, ...] | None = None
        all2: tuple[int, ...] | None = None
        # after this trick: two tricks left go to the two-trick minimax directly
        n1 = n - 1
        child = search if n1 > 2 else small
        lo_q, hi_q = sure_q
        # the tests on the tricks after this trick (``no``), made once: the Ombre reaches the
        # target, or the sure trump tricks decide the next position (``no + lo_q >= target``,
        # ``no + n1 - hi_q < target``)
        reach = target if tricks_obj else 99
        sure_lo = target - lo_q
        sure_hi = target - n1 + hi_q
        # the Ombre's tricks after this trick, by the place (0 the leader) that wins it; the
        # defenders' (``na``, ``nb``) are counted only under the outcome objective, which reads them
        o0 += o
        o1 += o
        o2 += o
        na = a
        nb = b
        # ``plain0`` (``plain1``): the codes below it are plain cards while no trump has fallen to
        # the lead (and the second card) and the sure trump tricks are known, else -1, below every
        # card (an int, not a bool: a comparison stored, not jumped on, takes CPython's slow path)
        plain = tbase if lo_q >= 0 else -1

        for c0 in lead_cards:
            H0n = H0 - bits[c0]
            plain0 = plain if c0 < plain else -1
            # the cards the second and third players may play, as runs lowest first; the
            # cards that beat the lead are always the last runs (the led suit above it, or trumps)
            if c0 < tbase:
                fm = follow[c0]
                L1 = H1 & fm
                L2 = H2 & fm
            else:
                # a trump led: a hand holding only matadors above it need not follow (privilege)
                fm = tmask
                pv = priv[c0]
                L1 = H1 & tmask
                if (L1 | pv) == pv:
                    L1 = 0
                L2 = H2 & tmask
                if (L2 | pv) == pv:
                    L2 = 0
            # the cards above ``over1`` (``over2``) in the second's (third's) runs beat the lead,
            # or a card above it: the led suit's when he follows, else trumps
            if L1:
                seconds = runs1[rem & fm]
                over1 = c0
            else:
                over1 = c0 if c0 >= tbase else tbase - 1
                if all1 is None:
                    all1 = ()
                    for bm in blocks_up:
                        if H1 & bm:
                            all1 += runs1[rem & bm]
                seconds = all1
            if L2:
                thirds0 = runs2[rem & fm]
                void2 = -1
            else:
                L2 = H2
                void2 = tbase - 1
                if all2 is None:
                    all2 = ()
                    for bm in blocks_up:
                        if H2 & bm:
                            all2 += runs2[rem & bm]
                thirds0 = all2
            # (a single run needs no order)
            ns = len(seconds)
            if ns > 1 and (i := bisect(seconds, over1)) < ns:  # seconds[i:] beat the lead
                top3 = (L2 & winm[c0]).bit_length() - 1  # the third's best card that might win (or -1)
                if m1 or not m0:
                    # the second hand's cheapest winner the third cannot beat: the Ombre second
                    # falls back on his cheapest winner; a defender after his partner's lead tries
                    # it only when the Ombre can beat the lead, and otherwise plays low
                    j = bisect(seconds, top3, i)
                    if j == ns:
                        j = i if m1 else 0
                    if j and (m1 or top3 > c0):
                        seconds = (seconds[j],) + seconds[:j] + seconds[j + 1 :]
                elif i and top3 < c0:
                    # a defender second, his partner unable to beat the lead: his cheapest winner
                    seconds = (seconds[i],) + seconds[:i] + seconds[i + 1 :]
            nt = len(thirds0)
            best1 = worst1
            thirds_c0 = None  # the third's order while the lead wins, made once a lead
            for c1 in seconds:
                H1n = H1 - bits[c1]
                plain1 = plain0 if c1 < plain0 else -1
                # the winner so far (his seat, the Ombre's tricks if he keeps it) and ``over``: the
                # third's cards above it beat it (those of the led suit, or trumps when he does not
                # follow)
                if c1 > over1:
                    ws, wo = p1, o1
                    over = c1 if c1 > void2 else void2
                    thirds = thirds0
                    if m1 is not m2 and nt > 1:  # (bools: ``is`` is their cheapest comparison)
                        # the third hand's side is not winning: the cards that beat the trick so
                        # far first (they are the last runs; a single run needs no order)
                        i = bisect(thirds0, over)
                        if 0 < i < nt:
                            thirds = thirds0[i:] + thirds0[:i]
                else:
                    ws, wo = p0, o0
                    if thirds_c0 is None:
                        # the same while the lead wins, once a lead: the cards that beat it first
                        over0 = c0 if c0 > void2 else void2
                        thirds_c0 = thirds0
                        if m0 is not m2 and nt > 1:
                            i = bisect(thirds0, over0)
                            if 0 < i < nt:
                                thirds_c0 = thirds0[i:] + thirds0[:i]
                    over = over0
                    thirds = thirds_c0
                best2 = worst2
                for c2 in thirds:
                    if c2 > over:
                        wseat, no = p2, o2
                    else:
                        wseat, no = ws, wo
                    if no >= reach:
                        # the Ombre has reached the target with this trick: no search
                        v = no
                    elif c2 < plain1 and (no >= sure_lo or no < sure_hi):
                        # no trump fell: the next position's sure trump tricks decide it
                        v = no + lo_q if no >= sure_lo else no + n1 - hi_q
                    else:
                        if not tricks_obj:
                            r = rel[wseat]
                            na = a + 1 if r == 1 else a
                            nb = b + 1 if r == 2 else b
                        if p0 == 0:
                            v = child(H0n, H1n, H2 - bits[c2], wseat, no, na, nb, target, n1)
                        elif p0 == 1:
                            v = child(H2 - bits[c2], H0n, H1n, wseat, no, na, nb, target, n1)
                        else:
                            v = child(H1n, H2 - bits[c2], H0n, wseat, no, na, nb, target, n1)
                    if m2:
                        if v > best2:
                            best2 = v
                            if v >= target:
                                break
                    elif v < best2:
                        best2 = v
                        if v < target:
                            break
                if m1:
                    if best2 > best1:
                        best1 = best2
                        if best1 >= target:
                            break
                elif best2 < best1:
                    best1 = best2
                    if best1 < target:
                        break
            if m0:
                if best1 > best0:
                    best0 = best1
                    best_card = c0
                    if best0 >= target:
                        break
            elif best1 < best0:
                best0 = best1
                best_card = c0
                if best0 < target:
                    break
            if hint >= 0:  # the hint did not decide the test: the loop goes on over the other leads
                more = leads(H0, rem, leader, m0, H0 if m0 else H1 if m1 else H2)
                more.remove(hint)
                lead_cards += more
                hint = -1
        if best_card >= 0:
            if not tricks_obj:
                hints_by[leader][hkey] = best_card
            elif m0 == (best0 >= target):  # the leader's side decided the test with it
                if killers[slot] != best_card:
                    killers2[slot] = killers[slot]
                    killers[slot] = best_card
                history[leader][best_card] -= n
        return best0

    def counts() -> tuple[int, int]:
        return nodes, tt_hits

    return start, counts
