"""The precomputed tables of the search: outcome bounds, the layout of a deal's cards, runs, sure tricks.

Tables that depend only on the rules are built once at import (``_FINAL``, ``_WORST``,
``_BEST``, ``_NEED_LO``, ``_NEED_HI``, ``_TERN``, ``_TERN_BASE``); the others are filled on first use
and shared by every solver (``_PAIRS``, ``_SURE``, ``_TRUMP_BOUNDS``, ``_LEAD_TRUMP``, ``_PACK``,
``_TRUMP_RUNS``, ``_TRUMP_GAME``), but for each seat's runs (a solver's ``_SeatRuns``).
Every name is private to the solver's package; :mod:`ombre.engine.solver.search` reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ombre.engine._core import TABLES, Tables
from ombre.engine.cards import SUITS, Suit
from ombre.engine.rules import result_of
from ombre.engine.solver.objective import outcome_value

__all__: list[str] = []

_NEXT = (1, 2, 0)
#: ``_ROTATE[w]``: the places in a trick in playing order when place ``w`` leads
_ROTATE = ((0, 1, 2), (1, 2, 0), (2, 0, 1))


_Counts = tuple[int, int, int]
_Bound = dict[tuple[int, int, int, int], int]


def _outcome_tables() -> tuple[dict[_Counts, int], _Bound, _Bound]:
    """Final outcomes, and bounds on the outcome given how many of the remaining tricks the Ombre takes.

    ``final[o, a, b]``: ordinal of the result of a finished hand (Ombre o tricks, defenders a, b).
    ``worst[o, a, b, q]``: the least ordinal reachable when the Ombre takes at least q more tricks.
    ``best[o, a, b, q]``: the greatest ordinal reachable when the defenders take at least q more.
    """
    final: dict[_Counts, int] = {}
    for o in range(10):
        for a in range(10 - o):
            b = 9 - o - a
            final[o, a, b] = outcome_value(result_of((o, a, b), 0))
    worst: _Bound = {}
    best: _Bound = {}
    for o in range(10):
        for a in range(10 - o):
            for b in range(10 - o - a):
                n = 9 - o - a - b
                for q in range(n + 1):
                    lo = 3
                    hi = 0
                    for x in range(n + 1):
                        for y in range(n - x + 1):
                            v = final[o + x, a + y, b + n - x - y]
                            if x >= q:
                                lo = min(lo, v)
                            if n - x >= q:
                                hi = max(hi, v)
                    worst[o, a, b, q] = lo
                    best[o, a, b, q] = hi
    return final, worst, best


_FINAL, _WORST, _BEST = _outcome_tables()


def _needs(bound: _Bound, ok: Callable[[int, int], bool]) -> _Bound:
    """``need[o, a, b, target]``: the least q whose bound passes ``ok(bound, target)`` (10 if none)."""
    need: _Bound = {}
    for (o, a, b, q), v in sorted(bound.items()):
        for target in range(5):
            if ok(v, target) and (o, a, b, target) not in need:
                need[o, a, b, target] = q
    for o in range(10):
        for a in range(10 - o):
            for b in range(10 - o - a):
                for target in range(5):
                    need.setdefault((o, a, b, target), 10)
    return need


#: the least number of tricks to come that decides a zero-window test: for the Ombre, to reach
#: the target; for the defenders, to keep him below it
_NEED_LO = _needs(_WORST, lambda v, t: v >= t)
_NEED_HI = _needs(_BEST, lambda v, t: v < t)


#: the width of a layout's code set, since a position holds at most 27 cards (the search's
#: keys shift by the literal 27, which Python folds into a constant)
_W = 27
#: ``_BITS[c]`` is ``1 << c``: a lookup, where the shift would make a new integer
_BITS = tuple(1 << c for c in range(_W))


@dataclass(frozen=True)
class _Layout:
    """Tables for the search over the cards of one deal, renumbered 0, 1, ... in code order.

    Only the cards in play get a code, so a hand fits in one 30-bit digit of
    CPython's integers, on which every bit operation is cheaper than on two.
    """

    #: the fast core's tables over these cards only (:meth:`ombre.engine._core.Tables.from_order`)
    tb: Tables
    #: the cards this layout covers, as codes of :data:`ombre.engine._core.TABLES`
    cards: int
    #: codes of the same block strictly below each code; for a matador, only the matadors below it
    run_below: tuple[int, ...]
    #: what a run topped by each code leaves of a hand's cards in its block when no card out of
    #: the hand is below it (the complement of the run's cards and those below)
    run_rest: tuple[int, ...]
    plain_masks: tuple[int, ...]
    #: the blocks' masks, lowest codes first (the trumps last)
    blocks_up: tuple[int, ...]


def _layout(full: Tables, cards: int) -> _Layout:
    """The layout over ``cards`` (codes of ``full``), keeping their order."""
    codes = []
    x = cards
    while x:
        low = x & -x
        codes.append(low.bit_length() - 1)
        x ^= low
    m = len(codes)
    assert m <= _W
    matadors = 0
    x = full.matadors & cards
    while x:  # a matador's new code is the count of the cards below it
        low = x & -x
        matadors |= 1 << (cards & (low - 1)).bit_count()
        x ^= low
    card_of = tuple(map(full.card_of.__getitem__, codes))
    block_of = tuple(map(full.block_of.__getitem__, codes))
    tb = Tables.from_order(full.trump, card_of, block_of, matadors)
    follow = tb.follow_mask
    below = [follow[c] & ((1 << c) - 1) & (matadors if matadors >> c & 1 else -1) for c in range(m)]
    plains = tuple(b for b in tb.block_mask if b and b != tb.trump_mask)
    blocks_up = tuple(sorted(b for b in tb.block_mask if b))
    rest = tuple(~(b | 1 << c) for c, b in enumerate(below))
    return _Layout(tb, cards, tuple(below), rest, plains, blocks_up)


class _SeatRuns(dict[int, tuple[int, ...]]):
    """One seat's runs of equivalent cards in a block, read by the block's cards out.

    Within one deal each card out stays in one hand, so the cards out of a block fix each
    hand's cards in it: ``[out]``, for ``out`` the cards of one block still out, is the code of
    the top card of each run (cards with no card of another hand between them) of the seat's cards
    among them, lowest first, the seat's cards being ``cards`` (those it has held: the solver's
    ``_seen``).  The matadors are kept apart from the other trumps (the layout's ``run_below``).
    Filled on first use, one table a seat and deal (a table shared across deals, by the cards and
    those out, shared few entries and cost a second lookup and fill).  The search reads it only
    where the seat holds a card of the block.

    >>> lay = _layout(TABLES[SUITS[0]], 0b1111)
    >>> seat = _SeatRuns(lay.run_below, lay.run_rest)
    >>> seat.cards = 0b1011
    >>> seat[0b1111]  # the seat's cards 0, 1 and 3 out, card 2 in another hand: two runs
    (1, 3)
    """

    # (slots: an attribute read costs less than from a __dict__)
    __slots__ = ("run_below", "run_rest", "cards")

    def __init__(self, run_below: tuple[int, ...], run_rest: tuple[int, ...]) -> None:
        super().__init__()
        self.run_below = run_below
        self.run_rest = run_rest
        self.cards = 0

    def __missing__(self, out: int) -> tuple[int, ...]:
        x = out & self.cards
        others = out - x
        run_below = self.run_below
        run_rest = self.run_rest
        v: tuple[int, ...] = ()
        while x:
            c = x.bit_length() - 1
            ob = others & run_below[c]
            # the run goes down to the card out below ``c``, if any
            x &= (1 << ob.bit_length()) - 1 if ob else run_rest[c]
            v = (c,) + v
        self[out] = v
        return v


_Split = tuple[int, tuple[int, ...], int, bool, bool]


class _SeatSplits(dict[int, _Split]):
    """One seat's runs in a block split for the move ordering, read by the block's cards out (as
    :class:`_SeatRuns`, the seat's, from which it reads them), with how a defender on lead classes
    them (the search's ``leads``).

    ``[out]`` is ``(top, low, kind, partner, partner_no_trump)``: ``top`` the top card of the
    highest run when no card out of the seat's hand is above it (a winner), else -1, and ``low``
    the tops of the other runs, lowest first; ``kind`` 2 for the trumps' block, 1 for a plain suit
    the Ombre holds (a winner there is cashed), else 0; and whether ``low`` are leads to the
    partner, who beats the Ombre's best card of the suit, the Ombre following it (``partner``) or
    holding no trump (``partner_no_trump``).  The cards are ``cards`` (the seat's, as its runs'),
    ``ombre`` and ``partner`` (those the Ombre and the seat's partner have held); the plain codes
    are those below ``plain``.

    >>> lay = _layout(TABLES[SUITS[0]], 0b1111)
    >>> runs = _SeatRuns(lay.run_below, lay.run_rest)
    >>> seat = _SeatSplits(runs, 1 << 8)
    >>> runs.cards = seat.cards = 0b0101
    >>> seat.ombre, seat.partner = 0b0010, 0b1000
    >>> seat[0b1111]  # low cards 0 and 2, the partner's card 3 above the Ombre's card 1
    (-1, (0, 2), 1, True, True)
    """

    __slots__ = ("runs", "cards", "ombre", "partner", "plain")

    def __init__(self, runs: _SeatRuns, plain: int) -> None:
        super().__init__()
        self.runs = runs
        self.plain = plain
        self.cards = self.ombre = self.partner = 0

    def __missing__(self, out: int) -> _Split:
        low = self.runs[out]
        top = low[-1]
        if (out - (out & self.cards)) >> top:  # a card out of the hand above its top run
            top = -1
        else:
            low = low[:-1]
        if out >= self.plain:  # the trumps' block
            v = self[out] = (top, low, 2, False, False)
            return v
        ombre = out & self.ombre
        beats = (out & self.partner).bit_length() > ombre.bit_length()
        v = self[out] = (top, low, 1 if ombre else 0, beats and ombre > 0, beats)
        return v


_Plays = tuple[tuple[int, int], ...]


class _Pairs(dict[int, tuple[_Plays, int, _Plays, _Plays]]):
    """A hand of two cards as the two-trick minimax plays it, filled on first use.

    ``[hand]`` is ``(plays, low, first, second)``: ``plays`` each card played with the one kept,
    ``((lo, hi), (hi, lo))``, the lower card first, ``low`` the lower card's bit, and each of
    ``plays`` alone (a code set has at most 351 hands of two cards).

    >>> _PAIRS[0b1010]
    (((1, 3), (3, 1)), 2, ((1, 3),), ((3, 1),))
    """

    def __missing__(self, hand: int) -> tuple[_Plays, int, _Plays, _Plays]:
        hi = hand.bit_length() - 1
        lo = (hand ^ (1 << hi)).bit_length() - 1
        v = self[hand] = (((lo, hi), (hi, lo)), 1 << lo, ((lo, hi),), ((hi, lo),))
        return v


_PAIRS = _Pairs()

#: a layout over no cards, for a solver that has seen no position yet
_NO_CARDS: dict[Suit, _Layout] = {s: _layout(TABLES[s], 0) for s in SUITS}


class _Sure(dict[int, int]):
    """How many of B's trumps win whatever is played against A's: |B| less a matching.

    ``[ta << 12 | tb]``, trumps shifted down to bit 0, filled on first use.  Scanning from
    the top, each of A's trumps can take one of B's below it; B's trumps left untaken are
    sure tricks.

    >>> _SURE[0b0101 << 12 | 0b1010]  # B holds the top trump and the third
    1
    """

    def __missing__(self, k: int) -> int:
        ta = k >> 12
        tb = k & 0xFFF
        v = 0
        free = 0
        # a run of A's trumps at a time, then the run of B's below it (a loop a card costs more;
        # and inline, as a function's call would cost about as much as the loop)
        bits = _BITS
        while tb:
            n = tb.bit_length()
            free += (ta >> n).bit_count()
            ta &= bits[n] - 1
            n = ta.bit_length()
            run = (tb >> n).bit_count()
            tb &= bits[n] - 1
            if run > free:
                v += run - free
                free = 0
            else:
                free -= run
        self[k] = v
        return v


_SURE = _Sure()


class _TrumpBounds(dict[int, int]):
    """Both sides' sure trump tricks, by the three hands' trumps packed to the trumps out (:data:`_PACK`).

    ``[tO | tD1 << 12 | tD2 << 24]`` is ``lo_q | hi_q << 4``: the Ombre's trumps
    that win against both defenders' (``lo_q``), and the most that one defender's
    trumps win against the Ombre's (``hi_q``; the defenders' trumps do not add up,
    both may have to fall on one trump lead).  Filled on first use.
    """

    def __missing__(self, k: int) -> int:
        t0 = k & 0xFFF
        tD1 = k >> 12 & 0xFFF
        tD2 = k >> 24
        sure = _SURE
        one = sure[t0 << 12 | tD1]
        two = sure[t0 << 12 | tD2]
        v = sure[(tD1 | tD2) << 12 | t0] | (one if one > two else two) << 4
        self[k] = v
        return v


def _tern() -> tuple[int, ...]:
    """``[x]``: the bits of ``x`` (12 at most) as base-3 digits, ``sum(3 ** i for each bit i)``.

    A block's cards out as the search's table key holds them, one number for their count and
    owners by relative rank: ``_TERN_BASE[count] + _TERN[h0] + 2 * _TERN[h1]``, for ``h0`` and
    ``h1`` two hands' cards packed to the cards out (:data:`_PACK`), has a base-3 digit a card
    (1: in ``h0``, 2: in ``h1``, 0: in the third hand); the numbers of ``count`` cards start at
    ``_TERN_BASE[count]``, after those of fewer, so all of a block's 12 codes at most are below 2 ** 20.

    >>> _TERN[0b101]
    10
    """
    tern: tuple[int, ...] = (0,)
    for i in range(12):  # the numbers with bit ``i`` follow those without it
        tern += tuple(v + 3**i for v in tern)
    return tern


_TERN = _tern()
_TERN_BASE: tuple[int, ...] = tuple((3**c - 1) // 2 for c in range(13))


class _Pack(dict[int, int]):
    """``[out << 12 | x]``: the bits of ``x`` at the places of ``out``'s bits, packed down to bit 0
    (``pext``; trumps shifted down to bit 0, as in :data:`_SURE`).  Filled on first use.

    >>> _PACK[0b11100 << 12 | 0b10100]
    5
    """

    def __missing__(self, k: int) -> int:
        out = k >> 12
        x = k & out
        v = 0
        bits = _BITS
        while x:  # each bit of ``x`` goes down by the bits of ``out`` below it (by + and -: fast paths)
            low = x & -x
            v += bits[(out & (low - 1)).bit_count()]
            x -= low
        self[k] = v
        return v


_PACK = _Pack()


class _LeadTrump(dict[int, int]):
    """Tricks the Ombre, on lead, is sure of by leading one trump and then his sure trumps.

    ``[tO | tD1 << 12 | tD2 << 24 | matadors << 36]``: the three hands' trumps packed to the
    trumps out (:data:`_PACK`: only their order counts), and the matadors among those.  For each
    trump he might lead: whatever trump (or other card, when allowed) each defender plays to it,
    the Ombre wins the trick if his card is the highest, and afterwards :data:`_SURE` counts what
    his remaining trumps win against the defenders' remaining ones, whoever leads.  A defender
    holding a trump that the privilege does not excuse must play a trump (any one); otherwise he
    may also keep his trumps.  The least over the defenders' replies is what that lead
    guarantees; the best lead gives the bound.  Filled on first use.

    >>> _LEAD_TRUMP[0b1010 | 0b0101 << 12]  # the 2nd trump out beats his 3rd, however he leads
    1
    """

    def __missing__(self, k: int) -> int:
        tO = k & 0xFFF
        tD1 = k >> 12 & 0xFFF
        tD2 = k >> 24 & 0xFFF
        matadors = k >> 36
        sure = _SURE
        # a defender's trumps between two of the Ombre's are equivalent replies (they beat the
        # same of his trumps and leave the same counts): one of each such group is tried
        reps1 = []
        y = tD1
        while y:
            b1 = y & -y
            reps1.append(b1)
            above = tO & -(b1 << 1)  # the Ombre's trumps above this group
            y &= -(above & -above) if above else 0
        reps2 = []
        y = tD2
        while y:
            b2 = y & -y
            reps2.append(b2)
            above = tO & -(b2 << 1)
            y &= -(above & -above) if above else 0
        # the highest replies first, a plain card last: a reply that beats the lead most often
        # refutes it
        reps1.reverse()
        reps2.reverse()
        v = 0
        most = tO.bit_count()
        tD = tD1 | tD2
        x = tO
        while x:  # his highest trump first: it most often gives the bound
            low = 1 << x.bit_length() >> 1
            # his trumps below it with no defender's between make the same lead (only the order
            # counts, and the privilege excuses the same of the defenders' trumps): skipped
            d = tD & (low - 1)
            x &= (1 << d.bit_length() >> 1) - 1 if d else 0
            owed = ~(matadors & -(low << 1))  # the trumps the privilege does not excuse
            rest = tO ^ low
            opts1 = reps1 if tD1 & owed else [*reps1, 0]
            opts2 = reps2 if tD2 & owed else [*reps2, 0]
            least = 99
            for r1 in opts1:
                for r2 in opts2:
                    got = sure[((tD1 ^ r1) | (tD2 ^ r2)) << 12 | rest]
                    if low > r1 and low > r2:
                        got += 1
                    if got < least:
                        least = got
                        if least <= v:
                            break
                if least <= v:
                    break
            if least > v:
                v = least
                if v == most:
                    break  # a trick from every trump he holds
        self[k] = v
        return v


_LEAD_TRUMP = _LeadTrump()


_TRUMP_BOUNDS = _TrumpBounds()


class _TrumpRuns(dict[int, tuple[int, ...]]):
    """The top trump of each run of a hand, matadors apart, as its bit, lowest first.

    ``[hand | matadors << 12]``, trumps packed (no trump out between two bits), filled on first
    use.  (In :class:`_TrumpGame` the lowest first take fewer entries: a low trump is the likelier
    play for a hand that cannot win the trick.)

    >>> [c.bit_length() - 1 for c in _TRUMP_RUNS[0b1101 | 0b1000 << 12]]  # the 4th with the 3rd, the matador
    [0, 2, 3]
    """

    def __missing__(self, k: int) -> tuple[int, ...]:
        hand = k & 0xFFF
        matadors = k >> 12
        # a trump tops its run unless the next one up is the hand's and a matador like it or not
        tops = hand & ~(hand >> 1 & ~(matadors ^ matadors >> 1))
        reps = []
        while tops:
            low = tops & -tops
            reps.append(low)
            tops -= low
        v = self[k] = tuple(reps)
        return v


_TRUMP_RUNS = _TrumpRuns()


class _TrumpGame(dict[int, bool]):
    """Whether the Ombre surely takes ``need`` of the tricks to come, by a game over the trumps alone.

    ``[t0 | t1 << 12 | t2 << 24 | place << 36 | n << 38 | need << 42 | matadors << 46 | masters << 58]``:
    the trumps of the three hands in playing order from the leader, packed to the trumps out
    (:data:`_PACK`), the Ombre's place among them, ``n`` the tricks left, the tricks to reach,
    the matadors among the trumps out, and the Ombre's masters: his plain cards above every
    card of their suit out of his hand.  Filled on first use.

    Each hand holds its trumps and ``n`` less as many plain cards, of unknown suits.  The rules
    of the game favour the defenders, so when the Ombre reaches ``need`` in it he takes as many
    tricks in any position with these cards: a defender may play a trump or (while he holds
    one) a plain card to any plain lead, and need not follow a trump lead while the privilege
    excuses him; the Ombre, when a plain card is led, plays a plain card while he holds one (he
    may have to follow suit).  A trick with no trump goes to whichever player the defenders
    choose, unless the Ombre plays a master to it in its suit (he leads it, or follows with it):
    then it is his.  A defender leading a plain card chooses how the Ombre answers: with a card
    that is no master (while he holds one), with a master in its suit (while he holds one), or,
    void in the suit when all his plain cards are masters, by throwing one away or trumping.
    A master stays a master as cards fall.  The Ombre follows the game's play with his real
    cards, and each trick he takes in the game he takes in play.

    >>> # four trumps out, four tricks left: the Ombre second holds the 1st, 2nd and 4th, the leader the 3rd
    >>> _TRUMP_GAME[0b0010 | 0b1101 << 12 | 0 << 24 | 1 << 36 | 4 << 38 | 3 << 42]  # all three win
    True
    >>> # one trump out, the Ombre's; he leads, two tricks left: the trump and his master
    >>> _TRUMP_GAME[0b1 | 0 << 12 | 0 << 24 | 0 << 36 | 2 << 38 | 2 << 42 | 1 << 58]
    True
    """

    def __missing__(self, key: int) -> bool:
        v = self[key] = _trump_trick(
            key & 0xFFF,
            key >> 12 & 0xFFF,
            key >> 24 & 0xFFF,
            key >> 36 & 3,
            key >> 38 & 15,
            key >> 42 & 15,
            key >> 46 & 0xFFF,
            key >> 58,
            key,
            self,
        )
        return v


#: by the Ombre's place, the places in a trick with his last (a defender's trick more often
#: refutes a test than his own)
_DEFENDERS_FIRST = ((1, 2, 0), (0, 2, 1), (0, 1, 2))
#: ``_NEXT_KEYS[place][w]``: the next trick's key part when place ``w`` (0 the leader) takes this
#: one: the Ombre's place from the new leader, less one trick to reach when ``w`` is the Ombre
_NEXT_KEYS = tuple(tuple(((p - w) % 3 << 36) - (w == p) * (1 << 42) for w in range(3)) for p in range(3))
#: and the Ombre's place from the new leader alone
_NEXT_PLACES = tuple(tuple((p - w) % 3 for w in range(3)) for p in range(3))
#: by the Ombre's place, the above and whether it is the second or the third
_BY_PLACE = tuple((_NEXT_KEYS[p], _NEXT_PLACES[p], _DEFENDERS_FIRST[p], p == 1, p == 2) for p in range(3))
#: the plain cards of :class:`_TrumpGame` (trumps are their bits, packed, 1 and up): the Ombre's
#: card that is no master, his master played in its suit, his master thrown away; and a
#: defender's plain lead (``-1``, answered by a card that is no master), answered by a master
#: in its suit, by a master thrown away
_PLAIN, _MASTER, _THROWN, _LEAD_TO_MASTER, _LEAD_TO_THROW = -1, -2, -3, -4, -5
#: the places of the tricks left, the tricks to reach, the matadors out and the Ombre's masters
#: in a key of :class:`_TrumpGame`
_N_KEY, _NEED_KEY, _MATADORS_KEY, _MASTER_KEY = 1 << 38, 1 << 42, 1 << 46, 1 << 58


def _trump_trick(  # noqa: C901, PLR0913 - the three hands' choices, inline for speed
    h0: int,
    h1: int,
    h2: int,
    place: int,
    n: int,
    need: int,
    matadors: int,
    masters: int,
    key: int,
    game: _TrumpGame,
    pack: _Pack = _PACK,
    sure: _Sure = _SURE,
    runs: _TrumpRuns = _TRUMP_RUNS,
) -> bool:
    """The entry ``key`` of :class:`_TrumpGame` by one trick: the Ombre's choices any, the defenders' all.

    The key's fields come decoded (an entry's entries after a trick are made here, from them);
    the module's tables come as defaults (local names are fast).
    """
    t0 = h0.bit_count()
    t1 = h1.bit_count()
    t2 = h2.bit_count()
    held = t0 if place == 0 else (t1 if place == 1 else t2)
    # (every caller has found his sure trumps short of ``need``: a defender's trump beats at most
    # one of his, and a lower one, so that many he reaches anyway)
    if need > held + masters:
        return False  # the defenders may take every other trick: he has his trumps and masters at most
    plain = n - held  # the Ombre's plain cards
    if place:
        if need == held + masters and held:
            # he needs a trick from every trump he holds: the leader's top trump, led, takes one
            # (higher than all, it excuses none); or, when he holds trumps alone, the leader's
            # plain card makes him trump it, and the other defender's top trump takes his
            ho = h1 if place == 1 else h2
            if h0 > ho or (not plain and n != t0 and (h2 if place == 1 else h1) > ho):
                return False
        # a defender on lead may first play plain tricks, each of the three a plain card (his a
        # master no more) and won by the leader, while each holds one: the entry ``jump`` tricks
        # on refutes this one, and asked first it spares the entries between (the same leader,
        # the same key less ``jump`` tricks)
        jump = plain - masters
        held_plain = n - t0
        if held_plain < jump:
            jump = held_plain
        held_plain = n - (t2 if place == 1 else t1)
        if held_plain < jump:
            jump = held_plain
        if jump > 1:
            jk = key - jump * _N_KEY
            r = game.get(jk)
            if r is None:
                r = game[jk] = _trump_trick(h0, h1, h2, place, n - jump, need, matadors, masters, jk, game)
            if not r:
                return False
    tight = need == held + masters  # he needs a trick from every trump and master he holds
    mat = matadors * 4096
    # his plain card when he need not follow a trump lead: one that is no master while he holds one
    spare = _PLAIN if plain > masters else _THROWN
    # runs lowest first; the leader may lead a plain card while he holds one (a defender's first:
    # it refutes a test more often)
    o0 = o0t = runs[h0 + mat]
    if place == 0:
        if masters:
            o0 = o0 + (_MASTER,)
        if plain > masters:
            o0 = o0 + (_PLAIN,)
    elif n != t0:
        if not plain:
            o0 = (_PLAIN,) + o0t
        elif plain == masters:
            o0 = (_LEAD_TO_THROW, _LEAD_TO_MASTER) + o0t
        elif masters:
            o0 = (_PLAIN, _LEAD_TO_MASTER) + o0t
        else:
            o0 = (_PLAIN,) + o0t
    o1t = runs[h1 + mat]
    o1p = o1t if n == t1 else (o1t + (spare,) if place == 1 else (_PLAIN,) + o1t)
    o2t = runs[h2 + mat]
    o2p = o2t if n == t2 else (o2t + (spare,) if place == 2 else (_PLAIN,) + o2t)
    ombre_plain = place and plain  # a defender's plain lead says how the Ombre answers it
    if ombre_plain:
        # void in the suit led he may trump it instead of throwing a master away
        throw = (_THROWN,) + (o1t if place == 1 else o2t)
    # the next trick's key, less the hands, and the Ombre's place in it, by the place that takes
    # this one; with no trump the defenders choose who takes the trick
    next_keys, next_places, plain_last, ombre1, ombre2 = _BY_PLACE[place]
    n1 = n - 1
    look = game.get
    trick = _trump_trick
    common = need * _NEED_KEY + n1 * _N_KEY
    kept = masters * _MASTER_KEY
    plain_rest = matadors * _MATADORS_KEY + common  # a trick with no trump leaves the matadors out the same
    reached: bool | None  # an entry after the trick (None: not made yet)
    # (cards are bits, so a hand less its card is a subtraction and disjoint sets join by
    # addition, and fields are placed by multiplication: CPython 3.11 has fast paths for
    # these on ints, none for the bitwise operators)
    for c0 in o0:
        if c0 < 0:
            if ombre_plain:
                answer = (_PLAIN,) if c0 == _PLAIN else ((_MASTER,) if c0 == _LEAD_TO_MASTER else throw)
                opts1 = answer if ombre1 else o1p
                thirds = answer if ombre2 else o2p
            else:
                opts1 = o1p
                thirds = o2p
            g0 = h0
        else:
            # to a trump lead a hand with a trump the privilege does not excuse (a matador above
            # the trump led) must play a trump
            excused = matadors & -(c0 + c0)
            opts1 = o1t if (h1 & excused) != h1 else o1p
            thirds = o2t if (h2 & excused) != h2 else o2p
            g0 = h0 - c0
        if place == 0:  # the Ombre's card, and his trumps after it
            mine = c0
            mt = g0
        ok1 = True
        for c1 in opts1:
            g1 = h1 - c1 if c1 > 0 else h1
            if ombre1:
                mine = c1
                mt = g1
            ok2 = not ombre2
            for c2 in thirds:
                g2 = h2 - c2 if c2 > 0 else h2
                if ombre2:
                    mine = c2
                    mt = g2
                if c0 > c1 and c0 > c2:
                    w = 0 if c0 > 0 else -1  # -1: no trump
                elif c1 > c2:
                    w = 1 if c1 > 0 else -1
                else:
                    w = 2 if c2 > 0 else -1
                if w < 0 and mine == _MASTER:
                    w = place  # his master in its suit, and no trump
                if w == place:
                    if need == 1:  # this trick reaches the test
                        if ombre2:
                            ok2 = True
                            break
                        continue
                elif w >= 0 and tight and mine != _PLAIN:
                    # he needs every trump and master he holds and loses one
                    if not ombre2:
                        ok2 = False
                        break
                    continue
                # his sure trumps after the trick, as :class:`_TrumpGame` counts them (packing keeps
                # the order, and with no trump taken the defenders' choice leaves the test the same)
                left = g0 + g1 + g2
                got = sure[(left - mt) * 4096 + mt]
                if got >= (need - 1 if w == place else need):
                    if ombre2:
                        ok2 = True
                        break
                    continue
                if mine < _PLAIN:  # a master played
                    rest_m = kept - _MASTER_KEY
                    masters_left = masters - 1
                else:
                    rest_m = kept
                    masters_left = masters
                if w < 0:
                    # no trump fell: the hands are still packed to the trumps out, and whichever
                    # player the defenders choose takes the trick (his sure trumps, one short of
                    # the test, reach it when he does)
                    reached = True
                    for w in plain_last:
                        if w == place and got + 1 >= need:
                            continue
                        if w == 0:
                            a, b, c = h0, h1, h2
                        elif w == 1:
                            a, b, c = h1, h2, h0
                        else:
                            a, b, c = h2, h0, h1
                        ck = a + b * 4096 + c * 16777216 + plain_rest + next_keys[w] + rest_m
                        r = look(ck)
                        if r is None:
                            r = game[ck] = trick(
                                a,
                                b,
                                c,
                                next_places[w],
                                n1,
                                need - (w == place),
                                matadors,
                                masters_left,
                                ck,
                                game,
                            )
                        if not r:
                            reached = False
                            break
                else:
                    # the trick's end: the hands after it, packed to the trumps still out
                    left *= 4096
                    k0 = pack[left + g0]
                    k1 = pack[left + g1]
                    k2 = pack[left + g2]
                    m1 = pack[left + matadors]
                    if w == 1:
                        k0, k1, k2 = k1, k2, k0
                    elif w == 2:
                        k0, k1, k2 = k2, k0, k1
                    ck = k0 + k1 * 4096 + k2 * 16777216 + m1 * _MATADORS_KEY + common + rest_m + next_keys[w]
                    reached = look(ck)
                    if reached is None:
                        reached = game[ck] = trick(
                            k0, k1, k2, next_places[w], n1, need - (w == place), m1, masters_left, ck, game
                        )
                if reached == ombre2:
                    ok2 = ombre2
                    break
            if ok2 == ombre1:
                ok1 = ok2
                break
            ok1 = ok2
        if ok1 == (place == 0):
            return ok1
    return place != 0


_TRUMP_GAME = _TrumpGame()
