"""Random playouts vectorised over many deals with numpy: ``ombre.engine._core.playouts``'s hands.

numpy is an optional dependency (``pip install ombre[batch]``), so this module stands outside the
engine, whose modules use the standard library alone (they run in Pyodide).  It draws the same
random words as the scalar core, in the same order, from the same seed (numpy's MT19937 takes
over the state of :class:`random.Random`), sorts the same keys, gives the same words to the plays
(a player obliged to follow takes the card at place ``w % k`` of his ``k`` cards of the suit, found in
a table over the suit's twelve bits) and plays by the same rules, one numpy operation for a few
thousand deals at once: for the same ``n`` and ``seed`` the hands, the plays and the counts are those
of ``ombre.engine._core.playouts``.

>>> from ombre.engine import _core
>>> playouts(300, seed=4) == _core.playouts(300, seed=4)
True
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from ombre.engine._core import _BATCH, _PLAY_WORDS, TABLES_BY_INDEX, PlayoutStats

__all__ = ["playouts", "play_batch"]

U8 = npt.NDArray[np.uint8]
I64 = npt.NDArray[np.int64]

#: hands drawn and played at once: whole batches of the core's draw, few enough that numpy's arrays
#: stay in the processor's caches (measured here, best and median of five rounds in one process,
#: hands a second: 1,288 a chunk 417,000 and 338,000; 2,548 469,000 and 408,000; 4,088 461,000 and
#: 414,000; 8,176 170,000 and 152,000): 40 batches of 64, 2,560 hands, the nearest to the best
_CHUNK = 40 * _BATCH

# A seat's cards in play are one int64: bit ``8 - place`` for the place of each card in the order dealt
# to it, and bit ``48 - code`` for each card's code.  Both run downwards, so the last card dealt still in
# hand is a set's lowest bit, found by one multiplication (a de Bruijn sequence, :func:`_low`) and one
# lookup.
_CARD = (1 << 49) - 1
_DE_BRUIJN = 0x03F79D71B4CB0A89
#: ``_BIT_SLOT[k]``: the de Bruijn index of bit ``k`` (the top six bits of ``2**k * _DE_BRUIJN``, distinct)
_BIT_SLOT = np.array([((_DE_BRUIJN << k) % 2**64) >> 58 for k in range(64)], dtype=np.int64)
#: by place in the deal (nine to each seat): the place's bit, its slot, and the seat as a 27 x 3 matrix
_PLACE_BITS = np.array([1 << (8 - p % 9) for p in range(27)], dtype=np.int64)
_PLACE_SLOTS = _BIT_SLOT[8 - np.arange(27) % 9]
#: ``_CODE_SLOTS[code]``: the slot of the code's bit
_CODE_SLOTS = _BIT_SLOT[48 - np.arange(40)]
_SEATS = np.arange(27, dtype=np.int64) // 9
_SEAT_OF_PLACE = np.eye(3)[_SEATS]


#: ``_BLOCK_RANKS[trump index][code]``: the rank (0..3) of the code's block, lowest codes first
_BLOCK_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(set(tb.block_base)).index(b) for b in tb.block_base) for tb in TABLES_BY_INDEX
)


def _code_bits(mask: int) -> int:
    """A code bit set as a hand's bits: code ``c`` at bit ``48 - c``."""
    return sum(1 << (48 - c) for c in range(40) if mask >> c & 1)


def _lead(trump: int, code: int) -> int:
    """What a lead of ``code`` sets (see :data:`_LEAD`)."""
    tb = TABLES_BY_INDEX[trump]
    privileged = min(max(code - 36, 0), 3)
    block = _BLOCK_RANKS[trump][code]
    top = max(c for c in range(40) if tb.follow_mask[code] >> c & 1)
    return _code_bits(tb.follow_mask[code]) | privileged << 49 | (48 - top) << 51 | (trump * 4 + block) << 57


#: by ``trump index * 40 + code`` led: the codes of its suit (bits 9 to 48), how many of the matadors
#: lose their privilege to it (bits 49 and 50: none, Basto, Basto and Manille, all three), the bit of the
#: highest code of its suit (bits 51 to 56), and its suit's row of :data:`_COUNTS` (from bit 57)
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
#: by how many matadors lose their privilege (as in :data:`_LEAD`): the cards that must follow a trump led,
#: all but the matadors that keep it (Spadille, Manille and Basto are codes 39, 38 and 37 under every trump)
_MUST = np.array([~_code_bits(sum(1 << c for c in range(37 + i, 40))) for i in range(4)], dtype=np.int64)
#: a block's cards as a window of twelve bits, its highest code at bit 0 (see :data:`_LEAD`): how many
#: there are, and ``_PICK[window * 12 + j]`` the bit of the one with the ``j``-th lowest code
_BLOCK_SIZE = np.array([w.bit_count() for w in range(4096)], dtype=np.int64)
_PICK = np.zeros(4096 * 12, dtype=np.int64)
for _w in range(1, 4096):
    for _j, _b in enumerate(b for b in range(11, -1, -1) if _w >> b & 1):
        _PICK[_w * 12 + _j] = 1 << _b


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


def _draw(mt: np.random.MT19937, n: int) -> tuple[U8, I64, I64]:
    """Trump indexes, dealt cards and play words of ``n`` hands, drawn as the core draws them.

    The core draws a batch of 64 hands at a time: their trump bytes, then a word a code for each
    hand's deal, then nine words a hand for the plays; whole batches are drawn in one call.
    The dealt cards (hands x 27, nine to each seat, seat 0 first) are codes; the words hands x 9.
    """
    whole, rest = divmod(n, _BATCH)
    step = _BATCH // 4 + (40 + _PLAY_WORDS) * _BATCH
    raw = mt.random_raw(whole * step).reshape(whole, step)
    trumps = (raw[:, : _BATCH // 4].astype("<u4").view(np.uint8) & 3).reshape(-1)
    deal = raw[:, _BATCH // 4 : _BATCH // 4 + 40 * _BATCH].reshape(whole * _BATCH, 40)
    words = raw[:, _BATCH // 4 + 40 * _BATCH :].reshape(whole * _BATCH, _PLAY_WORDS)
    if rest:
        trumps = np.concatenate([trumps, _trump_bytes(mt, rest) & 3])
        deal = np.concatenate([deal, mt.random_raw(40 * rest).reshape(rest, 40)])
        words = np.concatenate([words, mt.random_raw(_PLAY_WORDS * rest).reshape(rest, _PLAY_WORDS)])
    # a dealing key: the word, then the code, which breaks a tie of words as the core's sort does
    keys = deal.view(np.int64) << 8
    keys |= np.arange(40, dtype=np.int64)
    keys.sort(axis=-1)
    return trumps.astype(np.uint8), keys[:, :27] & 0xFF, words.view(np.int64)


def play_batch(trumps: U8, perms: U8, words: I64, plays: U8 | None = None) -> I64:
    """Play the hands given by their draws (as ``ombre.engine._core.playouts`` plays them).

    ``perms[h]`` is hand ``h``'s deal, codes in the order dealt (nine to each seat, seat 0 first);
    ``words[h]`` its nine words for the plays (one a trick, below ``2**32``).
    Returns the tricks each seat won (hands x 3); ``plays``, if given (hands x 27), gets the codes
    played, trick by trick.
    """
    dealt = perms[:, :27].astype(np.int64)
    return _play(trumps, dealt, words.astype(np.int64), plays, _Scratch(len(trumps)))


class _Scratch:
    """What playing ``m`` hands at once needs that does not depend on the hands: indexes, and arrays to
    fill, which a run of many chunks makes once (the first writes to a new array of that size cost page
    faults: measured, about a third of the time of setting a chunk up)."""

    def __init__(self, m: int) -> None:
        self.m = m
        self.rows = np.arange(m, dtype=np.int64)
        #: ``table[(seat * m + hand) * 64 + slot of a bit]``: the card (its bits, and its code above
        #: bit 52) that the bit of a seat's cards stands for
        self.table = np.empty(3 * m * 64, dtype=np.int64)
        self.slots = (_SEATS * m + self.rows[:, None]) * 64
        self.place_slots = self.slots + _PLACE_SLOTS
        #: by ``seat * m + hand``: the next seat's index, and the seat's tally (four bits a seat)
        self.nxt = np.concatenate([self.rows + m, self.rows + 2 * m, self.rows])
        self.tally = np.repeat(np.array([1, 1 << 4, 1 << 8], dtype=np.int64), m)


def _play(trumps: U8, dealt: I64, words: I64, plays: U8 | None, scratch: _Scratch) -> I64:
    """:func:`play_batch` of the dealt cards and words as :func:`_draw` gives them, with the indexes and
    arrays of ``scratch`` (made for ``len(trumps)`` hands)."""
    m = scratch.m
    cards = (1 << (48 - dealt)) | _PLACE_BITS
    # by ``seat * m + hand``: the seat's cards (sums of distinct bits below 2**49: exact as floats)
    hands = (cards.astype(np.float64) @ _SEAT_OF_PLACE).T.reshape(-1).astype(np.int64)
    table = scratch.table
    value = cards | dealt << 52
    table[scratch.slots + _CODE_SLOTS[dealt]] = value
    table[scratch.place_slots] = value
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
        follow = lead & _CARD
        must = _MUST[lead >> 49 & 3]
        shift = lead >> 51 & 63
        counts = (lead >> 57) * 40
        w = words[:, trick]
        t12 = []
        for s in (b, c):
            h = hands[s]
            suit = h & follow
            # obliged (a card of the suit led that no privilege excuses): the card at place ``w % k`` of
            # the ``k`` of the suit in code order, and the word's quotient is left for the next player;
            # otherwise the last card dealt
            window = suit >> shift
            k = _BLOCK_SIZE[window]
            obliged = suit & must != 0
            k1 = np.maximum(k, 1)
            pick = _PICK[window * 12 + w % k1] << shift
            w = np.where(obliged, w // k1, w)
            v = table[(s << 6) + _low(np.where(obliged, pick, h))]
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
        trumps, dealt, words = _draw(mt, min(_CHUNK, n - start))
        if len(trumps) != scratch.m:  # the last, shorter chunk
            scratch = _Scratch(len(trumps))
        plays = np.empty((len(trumps), 27), dtype=np.uint8) if record is not None else None
        won = _play(trumps, dealt, words, plays, scratch)
        if record is not None and plays is not None:
            deals = dealt.astype(np.uint8)
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
