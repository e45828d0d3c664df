"""A compact core for fast play: hands as int bit sets over cards renumbered per trump.

For each trump suit the 40 cards get *codes* 0..39 so that every suit as it
counts in play is one contiguous block, weakest card first, and the trumps
are the top block:

* plain suits first (in the order spades, clubs, hearts, diamonds, the
  trump suit left out), each from its lowest card to its king;
* then the trumps, from the lowest to Spadille, so Spadille is always code
  39, Manille 38 and Basto 37.

Then following suit is one mask lookup, the matadors' privilege one table
lookup (:data:`PRIV`), and the winner of a trick one comparison of codes
(:func:`trick_winner_codes`).  The public rules in :mod:`ombre.engine.rules` are the
reference; the tests check this core against them.

>>> from ombre.engine.cards import Card, Suit
>>> tb = TABLES[Suit.SPADES]
>>> tb.code_of[Card.parse("As").index], tb.code_of[Card.parse("2s").index], tb.trump_base
(39, 38, 29)
>>> tb.cards(legal_mask(tb.mask(["2s", "Kh", "Qd"]), tb.code("5s"), tb))  # privilege
['2s', 'Kh', 'Qd']
>>> tb.cards(legal_mask(tb.mask(["2s", "Kh", "Qd"]), tb.code("As"), tb))  # forced
['2s']
"""

from __future__ import annotations

import random
import struct
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ombre.engine.cards import DECK, SUITS, Card, Suit, parse_card
from ombre.engine.rules import card_order

__all__ = [
    "Tables",
    "TABLES",
    "TABLES_BY_INDEX",
    "PRIV",
    "MATADOR_MASK",
    "legal_mask",
    "CardSpace",
    "CARD_SPACE",
    "trick_winner_codes",
    "PlayoutStats",
    "playouts",
    "random_deal_codes",
    "perft",
    "codes_to_cards",
]

#: Codes of the matadors under every trump: Spadille, Manille, Basto.
SPADILLE_CODE, MANILLE_CODE, BASTO_CODE = 39, 38, 37
MATADOR_MASK = (1 << SPADILLE_CODE) | (1 << MANILLE_CODE) | (1 << BASTO_CODE)


def _translate(mask: int, table: Sequence[int]) -> int:
    """Move each set bit ``b`` of ``mask`` to bit ``table[b]``."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << table[low.bit_length() - 1]
        mask ^= low
    return out


@dataclass(frozen=True)
class Tables:
    """Renumbering tables for one trump suit (see the module docstring)."""

    trump: Suit
    #: ``code_of[card.index]``
    code_of: tuple[int, ...]
    #: ``card_of[code]`` is a card index
    card_of: tuple[int, ...]
    #: ``block_of[code]``: the index (0..3, as in :data:`ombre.engine.cards.SUITS`) of the suit it counts as
    block_of: tuple[int, ...]
    #: ``block_mask[suit index]``: the codes of that suit as it counts in play
    block_mask: tuple[int, ...]
    #: ``follow_mask[code]``: the codes that follow a lead of ``code`` (its block)
    follow_mask: tuple[int, ...]
    #: ``win_mask[code]``: the codes that can win a trick led with ``code`` (its block and the trumps)
    win_mask: tuple[int, ...]
    #: ``block_base[code]``: the lowest code of its block
    block_base: tuple[int, ...]
    trump_mask: int
    trump_base: int
    #: ``priv[code]``: the matadors above a trump led with ``code`` (they need not be played to it);
    #: only meaningful when ``code`` is a trump
    priv: tuple[int, ...]
    #: the codes of the matadors: Spadille, Manille and Basto
    matadors: int

    @classmethod
    def from_order(
        cls, trump: Suit, card_of: tuple[int, ...], block_of: tuple[int, ...], matadors: int
    ) -> Tables:
        """The tables over the cards ``card_of`` (card indexes in code order), ``block_of`` giving each
        code's block: every block contiguous, weakest card first, the trumps last.

        The solver builds them over the cards of one deal only (a card not among them has code -1).

        >>> tb = TABLES[Suit.HEARTS]
        >>> Tables.from_order(tb.trump, tb.card_of, tb.block_of, tb.matadors) == tb
        True
        """
        code_of = [-1] * 40
        for code, idx in enumerate(card_of):
            code_of[idx] = code
        masks = [0, 0, 0, 0]
        for code, b in enumerate(block_of):
            masks[b] |= 1 << code
        block_mask = tuple(masks)
        tmask = block_mask[SUITS.index(trump)]
        # (``map`` over a bound method: the solver builds these for every deal)
        follow = tuple(map(block_mask.__getitem__, block_of))
        win = tuple(f | tmask for f in follow)
        bases = tuple(map(block_of.index, block_of))
        tbase = (tmask & -tmask).bit_length() - 1 if tmask else len(card_of)
        priv = tuple(matadors & ~((2 << c) - 1) for c in range(len(card_of)))
        return cls(
            trump,
            tuple(code_of),
            card_of,
            block_of,
            block_mask,
            follow,
            win,
            bases,
            tmask,
            tbase,
            priv,
            matadors,
        )

    def code(self, card: Card | str) -> int:
        c = card if isinstance(card, Card) else parse_card(card)
        return self.code_of[c.index]

    def mask(self, cards: Iterable[Card | str]) -> int:
        """The code bit set of some cards (the one conversion, for the game's tests and the solver)."""
        m = 0
        code_of = self.code_of
        for c in cards:
            m |= 1 << code_of[(c if isinstance(c, Card) else parse_card(c)).index]
        return m

    def card_mask(self, code_mask: int) -> int:
        """Translate a code bit set back to a card-index bit set."""
        return _translate(code_mask, self.card_of)

    def code_mask(self, card_mask: int) -> int:
        """Translate a card-index bit set (``Card.bit``) to a code bit set."""
        return _translate(card_mask, self.code_of)

    def cards(self, code_mask: int) -> list[str]:
        """The cards of a code bit set as text, in card order (for tests and doctests)."""
        return [str(c) for c in codes_to_cards(code_mask, self)]


def _build(trump: Suit) -> Tables:
    order: list[Card] = []
    blocks: list[int] = []
    for s in SUITS:
        if s is trump:
            continue
        cards = list(reversed(card_order(s, trump)))
        order += cards
        blocks += [SUITS.index(s)] * len(cards)
    trumps = list(reversed(card_order(trump, trump)))
    order += trumps
    blocks += [SUITS.index(trump)] * len(trumps)
    assert len(order) == 40 and len(set(order)) == 40
    return Tables.from_order(trump, tuple(c.index for c in order), tuple(blocks), MATADOR_MASK)


#: Tables by trump suit, and by suit index.
TABLES: dict[Suit, Tables] = {s: _build(s) for s in SUITS}
TABLES_BY_INDEX: tuple[Tables, ...] = tuple(TABLES[s] for s in SUITS)

#: ``PRIV[code]``: the matadors above a trump led with this code (they need not be played to it).
#: Only meaningful when ``code`` is a trump; the same for every trump suit.
PRIV: tuple[int, ...] = TABLES[Suit.SPADES].priv


@dataclass(frozen=True)
class CardSpace:
    """The tables of legal play over card indexes (``Card.bit``) instead of codes, for the game state.

    A trump suit's :class:`Tables` translated; :func:`legal_mask` reads either.
    """

    #: ``follow_mask[card index]``: the cards that follow a lead of that card
    follow_mask: tuple[int, ...]
    #: ``priv[card index]``: the matadors above a trump led with that card
    priv: tuple[int, ...]
    trump_mask: int


def _card_space(tb: Tables) -> CardSpace:
    follow = tuple(tb.card_mask(tb.follow_mask[tb.code_of[i]]) for i in range(40))
    priv = tuple(tb.card_mask(tb.priv[tb.code_of[i]]) for i in range(40))
    return CardSpace(follow, priv, tb.card_mask(tb.trump_mask))


#: By trump suit: the tables of legal play of :data:`TABLES` over card indexes.
CARD_SPACE: dict[Suit, CardSpace] = {s: _card_space(TABLES[s]) for s in SUITS}


def legal_mask(hand: int, led: int, tb: Tables | CardSpace) -> int:
    """The legal plays (a bit set) from ``hand`` to a trick led with ``led`` (-1: leading).

    Over codes with a trump suit's :class:`Tables`, over card indexes with its :data:`CARD_SPACE`.
    Follow the suit led; if trumps are led, a hand whose only trumps are
    matadors above the card led may play anything (the matadors' privilege,
    1665 "Of playing Trumps"); see :func:`ombre.engine.rules.legal_plays`.

    >>> from ombre.engine.cards import Card
    >>> hand = Card.parse("2s").bit | Card.parse("Kh").bit
    >>> legal_mask(hand, Card.parse("As").index, CARD_SPACE[Suit.SPADES]) == Card.parse("2s").bit
    True
    """
    if led < 0:
        return hand
    fm = tb.follow_mask[led]
    if fm != tb.trump_mask:
        return hand & fm or hand
    t = hand & fm
    return t if t & ~tb.priv[led] else hand


def trick_winner_codes(c0: int, c1: int, c2: int, tb: Tables) -> int:
    """Position (0, 1, 2) of the winning card of a trick given as codes, leader first.

    A card can win only if it is a trump or of the block led; among those the highest code wins.
    The one implementation over codes: :func:`perft` and the solver call it (a call in the solver's
    innermost loop costs 0.3% of its instructions, so none inlines it).

    >>> tb = TABLES[Suit.HEARTS]
    >>> trick_winner_codes(tb.code("Kd"), tb.code("2d"), tb.code("Ac"), tb)
    2
    """
    ok = tb.win_mask[c0]
    if c1 > c0 and ok >> c1 & 1:
        return 2 if c2 > c1 and ok >> c2 & 1 else 1
    return 2 if c2 > c0 and ok >> c2 & 1 else 0


def random_deal_codes(rng: random.Random) -> tuple[int, int, int]:
    """Three disjoint random nine-card hands (as code bit sets; codes are a relabelling of the pack)."""
    keys = array("I", rng.randbytes(160))
    while len(set(keys)) < 40:  # ties would bias the sort; redraw (about once in five million)
        keys = array("I", rng.randbytes(160))
    perm = sorted(range(40), key=keys.__getitem__)
    bit = _BIT
    return (
        sum(map(bit.__getitem__, perm[0:9])),
        sum(map(bit.__getitem__, perm[9:18])),
        sum(map(bit.__getitem__, perm[18:27])),
    )


_BIT: tuple[int, ...] = tuple(1 << i for i in range(40))


@dataclass(frozen=True)
class PlayoutStats:
    """Counts over a run of random playouts (the Ombre is always the eldest hand, seat 0)."""

    hands: int
    results: dict[str, int]
    ombre_tricks: tuple[int, ...]  # histogram 0..9


def playouts(n: int, seed: int = 0, record: list[tuple[bytes, int, list[int]]] | None = None) -> PlayoutStats:
    """Play ``n`` complete random hands: a random deal, a random trump, uniformly random legal cards.

    The eldest hand (seat 0) is the Ombre and leads; the result is counted
    for each hand.  How the randomness stays exact yet cheap (the batch
    engine, :mod:`ombre.batch`, draws the same random words in the same
    order and plays the same hands):

    * Random bytes are drawn for 64 hands at a time (``Random.randbytes``):
      first one byte a hand, which chooses the trump (its two low bits);
      then 40 random 32-bit words a hand for the deal; then nine words a
      hand for the plays, one a trick (words little-endian, as
      ``randbytes`` gives them).
    * The deal: each hand sorts 64-bit keys, read as floats: the low byte is
      the code (so keys never tie; plus 40 for each hand before it in its
      group of six, whose seats' cards are read at once: the order is the
      same), then one random word, and a top byte that orders the hands of
      a batch, so that one sort serves the whole batch.  The sorted codes
      are a uniformly random order of the pack;
      the first nine go to seat 0, the next nine to seat 1, the next nine to
      seat 2, and each seat keeps its cards in that order (a bytearray,
      which the garbage collector need not track).
    * When every card of the hand is legal (a lead, or a player void in the
      suit led), the last card of that order still in hand is played: a
      uniformly random one, and what remains is still in uniformly random
      order.
    * When the choice is restricted to one block (following suit, or trumps
      to a trump lead when the matadors' privilege excuses none of the
      seat's trumps), the ``k`` legal cards are the seat's cards of that
      block, and the one at place ``w % k`` of them in ascending code order
      is played, ``w`` the trick's word.  When both players after the leader
      are so restricted, the first takes ``w % k1`` and the second
      ``(w // k1) % k2``: the pair is ``w % (k1 * k2)`` written in two
      digits, so the two choices are independent.  A choice that does not
      look at the dealt order leaves the rest of that order uniformly random.

    Two departures from uniform remain, both far below anything a test could
    see.  Two equal words among a hand's 40 dealing keys (780 pairs) are
    ordered by code: about once in 5.5 million hands (780 / 2**32).  And a
    32-bit word taken modulo ``m`` (``k``, or ``k1 * k2``) favours the first
    ``2**32 % m`` places by one part in about ``2**32 / m``; over a hand the
    ``m`` of its restricted tricks add up to about 17 on average (41 at most
    in 20,000 hands), so that happens about once in 250 million hands.  (The
    dealing order could also come from a draw a card, the ``i``-th card at
    place ``word % (40 - i)`` of those left: measured, it costs more than the
    sort, as each of its 27 steps is a call from C into Python's integers.)

    With a list as ``record``, each hand appends ``(deal, trump index, plays)``:
    ``deal`` the 27 dealt codes (nine each, seat 0 first) and ``plays`` the
    27 codes in the order played (for tests).

    >>> st = playouts(200, seed=1)
    >>> st.hands, sum(st.results.values()), sum(st.ombre_tricks)
    (200, 200, 200)
    """
    rng = random.Random(seed)
    maketrans = bytes.maketrans
    seat_chars = _SEAT_CHARS
    mod40 = _MOD40
    all40 = (1 << 40) - 1
    bin_a, bin_b, bin_c = _BINARY
    spaces = _SPACES
    pbit = _BIT  # a code's bit in a seat's plain cards
    choose = _CHOICES
    after1, after2 = _AFTER1, _AFTER2
    randbytes = rng.randbytes
    low2 = _LOW2
    pack_batch = _PACK_BATCH
    seat_places = _SEAT_PLACES
    group_cuts = _GROUP_CUTS
    # tally[won]: hands by the tricks won, kept as one number (see ``lead``)
    tally = [0] * 100
    xa = xb = xc = 0
    # the dealing keys, made once: a batch writes its words over the last batch's (the other items never
    # change, and a short last batch reads only its own keys)
    slots = array("I", _DEAL_KEYS)
    for first in range(0, n, _BATCH):
        # random bytes for a batch of hands: a trump, 40 dealing keys and nine words for the plays a hand;
        # the keys sorted once for the whole batch, as their top bytes keep the hands apart
        batch = min(_BATCH, n - first)
        trumps = randbytes(batch).translate(low2)
        pack = pack_batch if batch == _BATCH else struct.Struct(f"<{40 * batch}d").pack
        dealing = randbytes(160 * batch)
        words = _PLAYS.iter_unpack(randbytes(4 * _PLAY_WORDS * batch))
        # the words written into the keys (measured: 0.14 K instructions a hand fewer than four byte slices)
        slots[1 : 80 * batch : 2] = array("I", dealing)
        keys = array("d", slots.tobytes()[3 : 320 * batch + 3]).tolist()
        keys.sort()
        # the sorted keys' low bytes: ``code + 40 * (hand % _GROUP)``, distinct in a group of six hands
        low = pack(*keys)[0::8]
        perms = bytearray(low).translate(mod40)
        # by hand: its trump, its seats' places in ``perms`` (the deal: a uniformly random order of the 40
        # codes, nine to each seat), the words of its first eight tricks, and for the first hand of each
        # group of six the group's places in ``low`` (None for the others)
        # (zip stops at the batch's hands: the tables are a full batch's)
        for ti, (places_a, places_b, places_c), plays, cut in zip(  # noqa: B905
            trumps, seat_places, words, group_cuts
        ):
            if cut is None:
                # the numerals of the hand's group, the hand's forty digits last
                xa >>= 40
                xb >>= 40
                xc >>= 40
            else:
                # each seat's cards in six hands as one binary numeral read from one scatter of the seats
                # over the low bytes (``bytes.maketrans``): its digit ``40 * hand + code`` from the end is
                # 1 where the seat holds the code in that hand
                part = low[cut]
                digits = maketrans(part, seat_chars[: len(part)])[len(part) - 1 :: -1]
                xa = int(digits.translate(bin_a), 2)
                xb = int(digits.translate(bin_b), 2)
                xc = int(digits.translate(bin_c), 2)
            # the seats' cards as the leader ("a") and the two players after him, in the dealt order
            la, lb, lc = perms[places_a], perms[places_b], perms[places_c]
            follow, tbase, plain, tbit, tchoose, must, ends = spaces[ti]
            # and two bit sets a seat, each below 2**30 so that Python's one-digit fast paths serve them:
            # its plain cards (code bits) and its trumps (bits from the lowest trump), from its numeral's
            # last digits; a card played leaves them by subtraction, which the interpreter specialises for
            # ints and ``^`` not
            sa, sb, sc = xa & all40, xb & all40, xc & all40
            pa, pb, pc = sa & plain, sb & plain, sc & plain
            ta, tb, tc = sa >> tbase, sb >> tbase, sc >> tbase
            # the leader's seat as the number added for a trick it wins: 1, 10 or 0 for seats 0, 1, 2 (so
            # ``won`` is the Ombre's tricks and ten times the next seat's, a small int that needs no new
            # object)
            won = 0
            lead = 1
            log: list[int] | None = None
            if record is not None:
                log = []
                record.append((bytes(perms[places_a.start : places_c.stop]), ti, log))
            # the last place of a seat's cards still in hand: the same for every seat (see the trick's end)
            r = 8
            # a trick's word, for the plays after the leader's
            for w in plays:
                c0 = la[r]
                # the best card so far, which tells whose it is (the codes differ)
                best = c0
                if c0 < tbase:
                    pa -= pbit[c0]
                    fm = follow[c0]
                    lg = pb & fm
                    if lg:
                        cs, k = choose[lg]
                        if k > 1:
                            c1 = cs[w % k]
                            w //= k
                        else:  # the word's arithmetic spared: w % 1 is 0, w // 1 is w
                            c1 = cs[0]
                        lb.remove(c1)
                        pb -= pbit[c1]
                        if c1 > best:
                            best = c1
                    else:
                        c1 = lb[r]
                        if c1 >= tbase:  # a trump beats a plain lead
                            tb -= tbit[c1]
                            best = c1
                        else:
                            pb -= pbit[c1]
                    lg = pc & fm
                    if lg:
                        cs, k = choose[lg]
                        c2 = cs[w % k] if k > 1 else cs[0]
                        lc.remove(c2)
                        pc -= pbit[c2]
                        if c2 > best:  # a trump played before is above any plain card
                            best = c2
                    else:
                        c2 = lc[r]
                        if c2 >= tbase:
                            tc -= tbit[c2]
                            if c2 > best:
                                best = c2
                        else:
                            pc -= pbit[c2]
                else:
                    ta -= tbit[c0]
                    pv = must[c0]
                    if tb & pv:
                        cs, k = tchoose[tb]
                        if k > 1:
                            c1 = cs[w % k]
                            w //= k
                        else:
                            c1 = cs[0]
                        lb.remove(c1)
                        tb -= tbit[c1]
                        if c1 > best:
                            best = c1
                    elif (c1 := lb[r]) >= tbase:  # a privileged matador, which may win
                        tb -= tbit[c1]
                        if c1 > best:
                            best = c1
                    else:  # a plain card is below a trump led
                        pb -= pbit[c1]
                    if tc & pv:
                        cs, k = tchoose[tc]
                        c2 = cs[w % k] if k > 1 else cs[0]
                        lc.remove(c2)
                        tc -= tbit[c2]
                        if c2 > best:
                            best = c2
                    elif (c2 := lc[r]) >= tbase:
                        tc -= tbit[c2]
                        if c2 > best:
                            best = c2
                    else:
                        pc -= pbit[c2]
                if log is not None:
                    log += (c0, c1, c2)
                if best != c0:
                    if best == c1:
                        pa, pb, pc = pb, pc, pa
                        ta, tb, tc = tb, tc, ta
                        la, lb, lc = lb, lc, la
                        lead = after1[lead]
                    else:
                        pa, pb, pc = pc, pa, pb
                        ta, tb, tc = tc, ta, tb
                        la, lb, lc = lc, la, lb
                        lead = after2[lead]
                won += lead
                # a card read at the last place stays there, past the cards still in hand, and a card chosen
                # is removed: so each seat has ``r`` cards left, at places ``0 .. r - 1``
                r -= 1
            # the last trick: a card beats the best so far if above it and of the block led or a trump
            c0, c1, c2 = la[0], lb[0], lc[0]
            if log is not None:
                log += (c0, c1, c2)
            end = ends[c0]
            best = c0
            last = lead
            if c1 > best and (c1 < end or c1 >= tbase):
                best = c1
                last = after1[lead]
            if c2 > best and (c2 < end or c2 >= tbase):
                last = after2[lead]
            tally[won + last] += 1
    results = {"win": 0, "codille": 0, "repuesto": 0, "vole": 0}
    hist = [0] * 10
    for won, count in enumerate(tally):
        if count:
            o, d1 = won % 10, won // 10
            d2 = 9 - o - d1
            hist[o] += count
            if o == 9:
                results["vole"] += count
            elif o > d1 and o > d2:
                results["win"] += count
            elif d1 > o and d1 > d2 or d2 > o and d2 > d1:
                results["codille"] += count
            else:
                results["repuesto"] += count
    return PlayoutStats(n, results, tuple(hist))


#: hands whose random bytes are drawn, and keys sorted, at once (64: the sort's 2,560 keys make it sort
#: runs of 40, each a hand's own, and then merges runs whose keys never interleave)
_BATCH = 64
#: hands whose seats' cards are read at once, as ``40 * _GROUP`` distinct bytes (at most 256) stand for
#: their codes (measured: 85.0 K instructions a hand, against 87.0 K reading each hand's alone)
_GROUP = 6
#: a low byte's code
_MOD40 = bytes(b % 40 for b in range(256))
#: the random 32-bit words a hand takes for its plays: one a trick
_PLAY_WORDS = 9
#: a hand's play words as read: those of the first eight tricks (the last trick's, a card each, chooses
#: nothing), read by hand from the batch's bytes with no list of them all nor slice of it
_PLAYS = struct.Struct(f"<{_PLAY_WORDS - 1}I4x")
_PACK_BATCH = struct.Struct(f"<{40 * _BATCH}d").pack
#: a byte's two low bits (a trump index from a random byte)
_LOW2 = bytes(b & 3 for b in range(256))
#: the top bytes (sign and high exponent bits) of the dealing keys of a batch: ``12 + hand``,
#: so that the keys are positive floats, finite and normal, and sort hand by hand
_DEAL_TOPS = b"".join(bytes([12 + i]) * 40 for i in range(_BATCH))
#: the dealing keys of a batch before their random words (bytes 1 to 4) are written: the code plus 40 for
#: each hand before it in its group (:data:`_GROUP`), then the top; after three bytes, so that each key's
#: word is a 32-bit item of an array over them (the odd items: written all at once), and five after
_DEAL_KEYS = (
    bytes(3)
    + b"".join(bytes([c % (40 * _GROUP), 0, 0, 0, 0, 0, 0, top]) for c, top in enumerate(_DEAL_TOPS))
    + bytes(5)
)


def _counted(codes: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Codes with their number (a tuple's unpacking costs less than a call of ``len``)."""
    return codes, len(codes)


def _space(
    tb: Tables,
) -> tuple[
    tuple[int, ...],
    int,
    int,
    tuple[int, ...],
    tuple[tuple[tuple[int, ...], int], ...],
    tuple[int, ...],
    tuple[int, ...],
]:
    """A trump's tables for ``playouts``, whose seats keep their trumps apart, bit ``code - trump_base``."""
    base = tb.trump_base
    size = 40 - base
    return (
        tb.follow_mask,
        base,
        (1 << base) - 1,
        tuple(1 << c - base if c >= base else 0 for c in range(40)),
        tuple(_counted(tuple(base + i for i in range(size) if m >> i & 1)) for m in range(1 << size)),
        tuple(~(p >> base) for p in PRIV),
        tuple(f.bit_length() for f in tb.follow_mask),
    )


#: By trump index: the follow masks by code (a plain block's, below ``2**30``), the lowest trump code,
#: the plain codes' bits, each code's bit among the trumps, a seat's trumps as their codes in ascending
#: order and their number (by those bits), ``must[code]``: the trumps that must follow a trump lead of
#: ``code`` (by those bits): all but the matadors above it (the matadors' privilege), and ``ends[code]``:
#: the code past its block
_SPACES = tuple(_space(tb) for tb in TABLES_BY_INDEX)


def _choices() -> dict[int, tuple[tuple[int, ...], int]]:
    """By a seat's cards of one plain block (code bits): their codes in ascending order and their number,
    under any trump."""
    out: dict[int, tuple[tuple[int, ...], int]] = {}
    for tb in TABLES_BY_INDEX:
        for m in tb.block_mask:
            if m < 1 << tb.trump_base:
                # the subsets of the block by their highest code, each from one without it
                subsets: list[tuple[int, tuple[int, ...]]] = [(0, ())]
                for c in (c for c in range(40) if m >> c & 1):
                    subsets += [(key | 1 << c, cs + (c,)) for key, cs in subsets]
                out.update((key, _counted(cs)) for key, cs in subsets[1:])
    return out


#: ``_CHOICES[cards]``: a seat's cards of one plain block (a code bit set) as their codes in ascending order,
#: and their number
_CHOICES = _choices()
#: ``_AFTER1[lead]``, ``_AFTER2[lead]``: the next seat and the one after, as in ``playouts`` (1, 10, 0)
_AFTER1: tuple[int, ...] = tuple({1: 10, 10: 0, 0: 1}.get(i, 0) for i in range(11))
_AFTER2: tuple[int, ...] = tuple({1: 0, 10: 1, 0: 10}.get(i, 0) for i in range(11))

#: by hand of a batch: the places of its seats' cards in the batch's dealt order, as slices made once
#: (measured: 1.7 K fewer instructions a hand than slicing ``perms[d : d + 9]`` and so on)
_SEAT_PLACES = tuple(
    tuple(slice(40 * h + 9 * s, 40 * h + 9 * s + 9) for s in range(3)) for h in range(_BATCH)
)
#: by hand of a batch: for the first of each group of six hands, the group's places in the batch's low
#: bytes; None for the others
_GROUP_CUTS = tuple(slice(40 * h, 40 * (h + _GROUP)) if h % _GROUP == 0 else None for h in range(_BATCH))
#: the seat dealt each place of the deal's order ("d": not dealt), as characters, for each hand of a group
_SEAT_CHARS = (b"a" * 9 + b"b" * 9 + b"c" * 9 + b"d" * 13) * _GROUP
#: by seat: a translation of those characters to binary digits, 1 for the seat's own
_BINARY = tuple(bytes.maketrans(b"abcd", bytes(48 + (t == s) for t in b"abcd")) for s in b"abc")


def perft(hands: Sequence[int], leader: int, trick: Sequence[int], tb: Tables, depth: int) -> int:
    """How many sequences of ``depth`` legal plays there are from a position (as in chess "perft").

    ``hands`` are code bit sets by seat, ``trick`` the codes already played to
    the current trick by ``leader`` and those after him.  Sequences that end
    the hand early (no cards left) count once.  Used as a regression oracle
    and by the solver's tests.

    >>> tb = TABLES[Suit.SPADES]
    >>> perft([tb.mask(["As", "Kh"]), tb.mask(["2s", "Qh"]), tb.mask(["3s", "Jh"])], 0, [], tb, 6)
    2
    """
    hs = list(hands)
    return _perft(hs, leader, list(trick), tb, depth)


def _perft(hs: list[int], leader: int, trick: list[int], tb: Tables, depth: int) -> int:
    if depth == 0:
        return 1
    seat = (leader + len(trick)) % 3
    h = hs[seat]
    if not h:
        return 1
    legal = legal_mask(h, trick[0] if trick else -1, tb)
    total = 0
    while legal:
        low = legal & -legal
        legal ^= low
        c = low.bit_length() - 1
        hs[seat] = h ^ low
        if len(trick) == 2:
            w = (leader + trick_winner_codes(trick[0], trick[1], c, tb)) % 3
            total += _perft(hs, w, [], tb, depth - 1)
        else:
            total += _perft(hs, leader, trick + [c], tb, depth - 1)
        hs[seat] = h
    return total


def codes_to_cards(code_mask: int, tb: Tables) -> list[Card]:
    """The cards of a code bit set, in card order (:meth:`Tables.mask` is the converse)."""
    return [DECK[i] for i in sorted(tb.card_of[c] for c in range(len(tb.card_of)) if code_mask >> c & 1)]
