"""Random playouts vectorised over many deals with numpy: ``ombre.engine._core.playouts``'s hands.

numpy is an optional dependency (``pip install ombre[batch]``), so this module stands outside the
engine, whose modules use the standard library alone (they run in Pyodide).  It draws the same
random words as the scalar core, in the same order, from the same seed (numpy's MT19937 takes
over the state of :class:`random.Random`), sorts the same keys and plays by the same rules, one
numpy operation for a few thousand deals at once: for the same ``n`` and ``seed`` the hands, the
plays and the counts are those of ``ombre.engine._core.playouts``.

>>> from ombre.engine import _core
>>> playouts(300, seed=4) == _core.playouts(300, seed=4)
True
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from ombre.engine._core import _BATCH, _BLOCK_RANKS, TABLES_BY_INDEX, PlayoutStats

__all__ = ["playouts", "play_batch"]

U8 = npt.NDArray[np.uint8]
I64 = npt.NDArray[np.int64]

#: hands drawn and played at once: whole batches of the core's draw, few enough that numpy's arrays
#: stay in the processor's caches (measured here, best of eight in one process: 2,548 hands a chunk
#: 425,000 hands a second, 4,088 389,000, 8,176 less than half)
_CHUNK = 91 * _BATCH

# A seat's cards in play are one int64: bit ``8 - place`` for the place of each card in the order dealt
# to it, and bit ``48 - label`` for each label it holds.  Both run downwards, so the card played (the
# last card dealt, or the highest label of the suit led) is a set's lowest bit, found by one
# multiplication (a de Bruijn sequence, :func:`_low`) and one lookup.
_CARD = (1 << 49) - 1
_LABELS = _CARD ^ 511
_DE_BRUIJN = 0x03F79D71B4CB0A89
#: ``_BIT_SLOT[k]``: the de Bruijn index of bit ``k`` (the top six bits of ``2**k * _DE_BRUIJN``, distinct)
_BIT_SLOT = np.array([((_DE_BRUIJN << k) % 2**64) >> 58 for k in range(64)], dtype=np.int64)
#: by place in the deal (nine to each seat): the place's bit, its slot, and the seat as a 27 x 3 matrix
_PLACE_BITS = np.array([1 << (8 - p % 9) for p in range(27)], dtype=np.int64)
_PLACE_SLOTS = _BIT_SLOT[8 - np.arange(27) % 9]
#: ``_LABEL_SLOTS[label]``: the slot of the label's bit
_LABEL_SLOTS = _BIT_SLOT[48 - np.arange(40)]
_SEATS = np.arange(27, dtype=np.int64) // 9
_SEAT_OF_PLACE = np.eye(3)[_SEATS]


def _label_bits(mask: int) -> int:
    """A code bit set as a hand's label bits: code ``c`` at bit ``48 - c``."""
    return sum(1 << (48 - c) for c in range(40) if mask >> c & 1)


def _lead(trump: int, code: int) -> int:
    """What a lead of ``code`` sets (see :data:`_LEAD`)."""
    tb = TABLES_BY_INDEX[trump]
    privileged = min(max(code - 36, 0), 3)
    block = _BLOCK_RANKS[trump][code]
    return _label_bits(tb.follow_mask[code]) | privileged << 49 | (trump * 4 + block) * 40 << 51


#: by ``trump index * 40 + code`` led: the labels of its suit (bits 9 to 48), how many of the matadors
#: lose their privilege to it (bits 49 and 50: none, Basto, Basto and Manille, all three), and where
#: its suit's row of :data:`_COUNTS` starts (from bit 51)
_LEAD = np.array([_lead(t, c) for t in range(4) for c in range(40)], dtype=np.int64)
#: by ``(trump index * 4 + block led) * 40 + code``: the code if it can win the trick (a card of the
#: block led or a trump), else -1
_COUNTS = np.array(
    [
        c if tb.win_mask[ranks.index(rank)] >> c & 1 else -1
        for tb, ranks in zip(TABLES_BY_INDEX, _BLOCK_RANKS, strict=True)
        for rank in range(4)
        for c in range(40)
    ],
    dtype=np.int64,
)
#: ``_BLOCK_KEY[trump index, code]``: the rank of the code's block and the code, the relabelling key's
#: bits other than its word
_BLOCK_KEY = np.array(_BLOCK_RANKS, dtype=np.int64) << 40 | np.arange(40, dtype=np.int64)
#: the labels as the bits above a dealing key's true code
_LABEL_KEY = np.arange(40, dtype=np.int64) << 8


def _mt(rng: random.Random) -> np.random.MT19937:
    """numpy's MT19937 in the state of ``rng``: its raw words are the words ``rng`` would draw next."""
    words = rng.getstate()[1]
    mt = np.random.MT19937()
    mt.state = {
        "bit_generator": "MT19937",
        "state": {"key": np.array(words[:624], dtype=np.uint32), "pos": words[624]},
    }
    return mt


def _trump_bytes(mt: np.random.MT19937, n: int) -> U8:
    """What ``Random.randbytes(n)`` returns (``getrandbits(8 * n)`` little-endian): a last part-word
    keeps its high bytes."""
    words = mt.random_raw((n + 3) // 4).astype("<u4")
    out = words.view(np.uint8)
    if n % 4:
        last = int(words[-1]) >> (32 - 8 * (n % 4))
        tail = np.frombuffer(last.to_bytes(n % 4, "little"), dtype=np.uint8)
        out = np.concatenate([out[: 4 * (len(words) - 1)], tail])
    return out


def _draw(mt: np.random.MT19937, n: int) -> tuple[U8, I64]:
    """Trump indexes and dealt cards of ``n`` hands, drawn as the core draws them.

    The core draws a batch of 28 hands at a time: their trump bytes, then a word a code for each
    hand's deal, then a word a code for each hand's relabelling; whole batches are drawn in one call.
    The dealt cards (hands x 27, nine to each seat, seat 0 first) are ``label << 8 | true code``.
    """
    whole, rest = divmod(n, _BATCH)
    step = _BATCH // 4 + 80 * _BATCH
    raw = mt.random_raw(whole * step).reshape(whole, step)
    trumps = (raw[:, : _BATCH // 4].astype("<u4").view(np.uint8) & 3).reshape(-1)
    # (deal or relabelling, hand, code)
    words = raw[:, _BATCH // 4 :].reshape(whole, 2, _BATCH, 40).swapaxes(0, 1).reshape(2, whole * _BATCH, 40)
    if rest:
        trumps = np.concatenate([trumps, _trump_bytes(mt, rest) & 3])
        words = np.concatenate([words, mt.random_raw(80 * rest).reshape(2, rest, 40)], axis=1)
    deal, relabel = words.view(np.int64)
    # a relabelling key: the rank of the code's block, the word, and the code, which breaks a tie of
    # words as the core's sort does; sorted, the codes in label order
    relabel <<= 8
    relabel |= _BLOCK_KEY[trumps]
    relabel.sort(axis=-1)
    relabel &= 0xFF
    # a dealing key: the word, the label (the tie-break), and the label's true code, which comes along
    deal <<= 16
    deal |= _LABEL_KEY
    deal |= relabel
    deal.sort(axis=-1)
    return trumps.astype(np.uint8), deal[:, :27] & 0xFFFF


def play_batch(trumps: U8, perms: U8, trs: U8, plays: U8 | None = None) -> I64:
    """Play the hands given by their draws (as ``ombre.engine._core.playouts`` plays them).

    ``perms[h]`` is hand ``h``'s deal, labels in the order dealt (nine to each seat, seat 0 first);
    ``trs[h, label]`` the true code of a label (a random order of the codes within each block).
    Returns the tricks each seat won (hands x 3); ``plays``, if given (hands x 27), gets the true
    codes played, trick by trick.
    """
    labels = perms[:, :27].astype(np.int64)
    dealt = labels << 8 | np.take_along_axis(trs, labels, axis=1)
    return _play(trumps, dealt, plays, _Scratch(len(trumps)))


class _Scratch:
    """What playing ``m`` hands at once needs that does not depend on the hands: indexes, and arrays to
    fill, which a run of many chunks makes once (the first writes to a new array of that size cost page
    faults: measured, about a third of the time of setting a chunk up)."""

    def __init__(self, m: int) -> None:
        self.m = m
        self.rows = np.arange(m, dtype=np.int64)
        self.rows4 = self.rows * 4
        self.rows40 = self.rows * 40
        #: ``table[(seat * m + hand) * 64 + slot of a bit]``: the card (its bits, and its true code above
        #: bit 52) that the bit of a seat's cards stands for
        self.table = np.empty(3 * m * 64, dtype=np.int64)
        self.slots = (_SEATS * m + self.rows[:, None]) * 64
        self.place_slots = self.slots + _PLACE_SLOTS
        #: by ``hand * 40 + true code``: the card's bits (read for the matadors only)
        self.by_code = np.empty(m * 40, dtype=np.int64)
        #: by ``hand * 4 + matadors that lose their privilege``: the cards that must follow a trump led
        self.keep = np.full((m, 4), -1, dtype=np.int64)
        #: by ``seat * m + hand``: the next seat's index, and the seat's tally (four bits a seat)
        self.nxt = np.concatenate([self.rows + m, self.rows + 2 * m, self.rows])
        self.tally = np.repeat(np.array([1, 1 << 4, 1 << 8], dtype=np.int64), m)


def _play(trumps: U8, dealt: I64, plays: U8 | None, scratch: _Scratch) -> I64:
    """:func:`play_batch` of the dealt cards as :func:`_draw` gives them, with the indexes and arrays of
    ``scratch`` (made for ``len(trumps)`` hands)."""
    m = scratch.m
    rows4, rows40 = scratch.rows4, scratch.rows40
    labels = dealt >> 8
    true = dealt & 0xFF
    cards = (1 << (48 - labels)) | _PLACE_BITS
    # by ``seat * m + hand``: the seat's cards (sums of distinct bits below 2**49: exact as floats)
    hands = (cards.astype(np.float64) @ _SEAT_OF_PLACE).T.reshape(-1).astype(np.int64)
    table = scratch.table
    value = cards | true << 52
    table[scratch.slots + _LABEL_SLOTS[labels]] = value
    table[scratch.place_slots] = value
    # the matadors' label bits (0 when not dealt: then no hand holds them), and the trumps that must
    # follow a trump led by how many matadors lose their privilege (``_LEAD``): a hand's four side by side
    by_code = scratch.by_code
    by_code.reshape(m, 40)[:, 37:] = 0
    by_code[rows40[:, None] + true] = cards
    basto, manille, spadille = (by_code[rows40 + c] for c in (37, 38, 39))
    keep = scratch.keep
    keep[:, 0] = ~(basto | manille | spadille)
    keep[:, 1] = ~(manille | spadille)
    keep[:, 2] = ~spadille
    must_by = keep.reshape(-1)
    toff = trumps.astype(np.int64) * 40
    nxt, tally = scratch.nxt, scratch.tally
    won = np.zeros(m, dtype=np.int64)
    a = scratch.rows
    for trick in range(9):
        b = nxt[a]
        c = nxt[b]
        # the lead: the leader's last card dealt that is still in hand
        h = hands[a]
        v = table[(a << 6) + _low(h)]
        hands[a] = h ^ (v & _CARD)
        t0 = v >> 52
        lead = _LEAD[toff + t0]
        follow = lead & _LABELS
        must = must_by[rows4 + (lead >> 49 & 3)]
        counts = lead >> 51
        t12 = []
        for s in (b, c):
            h = hands[s]
            suit = h & follow
            # obliged (a card of the suit led that no privilege excuses): the highest label of the suit;
            # otherwise the last card dealt
            v = table[(s << 6) + _low(np.where(suit & must != 0, suit, h))]
            hands[s] = h ^ (v & _CARD)
            t12.append(v >> 52)
        t1, t2 = t12
        c1 = _COUNTS[counts + t1]
        beat1 = c1 > t0
        beat2 = _COUNTS[counts + t2] > np.maximum(c1, t0)
        if plays is not None:
            plays[:, 3 * trick] = t0
            plays[:, 3 * trick + 1] = t1
            plays[:, 3 * trick + 2] = t2
        a = np.where(beat2, c, np.where(beat1, b, a))
        won += tally[a]
    return np.stack([won & 15, won >> 4 & 15, won >> 8], axis=1)


def _low(x: I64) -> I64:
    """The slot (:data:`_BIT_SLOT`) of each number's lowest set bit."""
    return ((x & -x).view(np.uint64) * np.uint64(_DE_BRUIJN) >> np.uint64(58)).view(np.int64)


def playouts(n: int, seed: int = 0, record: list[tuple[bytes, int, list[int]]] | None = None) -> PlayoutStats:
    """Play ``n`` complete random hands, a few thousand at a time: ``ombre.engine._core.playouts``'s hands.

    ``record`` gets what the core's gets: for each hand ``(deal, trump index, plays)``.
    """
    mt = _mt(random.Random(seed))
    hist = np.zeros(10, dtype=np.int64)
    results = dict.fromkeys(("win", "codille", "repuesto", "vole"), 0)
    scratch = _Scratch(min(_CHUNK, n))
    for start in range(0, n, _CHUNK):
        trumps, dealt = _draw(mt, min(_CHUNK, n - start))
        if len(trumps) != scratch.m:  # the last, shorter chunk
            scratch = _Scratch(len(trumps))
        plays = np.empty((len(trumps), 27), dtype=np.uint8) if record is not None else None
        won = _play(trumps, dealt, plays, scratch)
        if record is not None and plays is not None:
            deals = (dealt & 0xFF).astype(np.uint8)
            for h in range(len(trumps)):
                record.append((deals[h].tobytes(), int(trumps[h]), plays[h].tolist()))
        o, d1, d2 = won[:, 0], won[:, 1], won[:, 2]
        vole = o == 9
        win = ~vole & (o > d1) & (o > d2)
        codille = ((d1 > o) & (d1 > d2)) | ((d2 > o) & (d2 > d1))
        results["win"] += int(win.sum())
        results["codille"] += int(codille.sum())
        results["repuesto"] += int((~vole & ~win & ~codille).sum())
        results["vole"] += int(vole.sum())
        hist += np.bincount(o, minlength=10)
    return PlayoutStats(n, results, tuple(int(x) for x in hist))
