"""Random playouts vectorised over many deals with numpy: ``ombre.engine._core.playouts``'s hands.

numpy is an optional dependency (``pip install ombre[batch]``), so this module stands outside the
engine, whose modules use the standard library alone (they run in Pyodide).  It draws the same
random bytes as the scalar core, in the same order, from the same seed (numpy's MT19937 takes
over the state of :class:`random.Random`), sorts the same keys and plays by the same rules, one
numpy operation for every deal at once: for the same ``n`` and ``seed`` the hands, the plays and
the counts are those of ``ombre.engine._core.playouts``.

>>> from ombre.engine import _core
>>> playouts(300, seed=4) == _core.playouts(300, seed=4)
True
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from ombre.engine._core import _BATCH, _DEAL_TOPS, _RELABEL_TOPS, TABLES_BY_INDEX, PlayoutStats

__all__ = ["playouts", "play_batch"]

U8 = npt.NDArray[np.uint8]

#: ``_TRUMP_BASE[trump index]``: the lowest code of the trumps (a label at or above it is a trump)
_TRUMP_BASE = np.array([tb.trump_base for tb in TABLES_BY_INDEX], dtype=np.int16)
#: ``_BLOCK[trump index, code]``: the lowest code of the code's block (the suit it counts as)
_BLOCK = np.array([tb.block_base for tb in TABLES_BY_INDEX], dtype=np.int16)


def _mt(rng: random.Random) -> np.random.MT19937:
    """numpy's MT19937 in the state of ``rng``: its raw words are the words ``rng`` would draw next."""
    words = rng.getstate()[1]
    mt = np.random.MT19937()
    mt.state = {
        "bit_generator": "MT19937",
        "state": {"key": np.array(words[:624], dtype=np.uint32), "pos": words[624]},
    }
    return mt


def _randbytes(mt: np.random.MT19937, n: int) -> U8:
    """What ``Random.randbytes(n)`` returns (``getrandbits(8 * n)`` little-endian): a last part-word
    keeps its high bytes."""
    words = mt.random_raw((n + 3) // 4).astype("<u4")
    out = words.view(np.uint8)
    if n % 4:
        last = int(words[-1]) >> (32 - 8 * (n % 4))
        tail = np.frombuffer(last.to_bytes(n % 4, "little"), dtype=np.uint8)
        out = np.concatenate([out[: 4 * (len(words) - 1)], tail])
    return out


def _draw(mt: np.random.MT19937, n: int) -> tuple[U8, U8, U8]:
    """Trump indexes, deal orders and relabellings of ``n`` hands, batch by batch as the core draws them.

    A whole batch takes ``7 + 2 * 2240`` words, so the whole batches are drawn in one call."""
    codes = np.arange(40, dtype=np.uint8)
    relabel_tops = np.array([[list(tops) for tops in by_hand] for by_hand in _RELABEL_TOPS], dtype=np.uint8)
    deal_tops = np.frombuffer(_DEAL_TOPS, dtype=np.uint8).reshape(_BATCH, 40)
    whole, rest = divmod(n, _BATCH)
    step = _BATCH // 4 + 2 * 80 * _BATCH
    raw = mt.random_raw(whole * step).astype("<u4").reshape(whole, step)
    parts = [(raw[:, : _BATCH // 4].copy().view(np.uint8), raw[:, _BATCH // 4 :].copy().view(np.uint8))]
    if rest:
        t = _randbytes(mt, rest)
        parts.append((t[None, :], _randbytes(mt, 640 * rest)[None, :]))
    trumps, perms, trs = [], [], []
    for tbytes, keybytes in parts:
        b = tbytes.shape[1]
        t = (tbytes & np.uint8(3)).reshape(-1).astype(np.uint8)
        hand = np.tile(np.arange(b), len(tbytes))
        both = keybytes.reshape(len(tbytes), 2, b, 40, 8).copy()
        both[:, :, :, :, 0] = codes
        both[:, 0, :, :, 7] = deal_tops[:b]
        both[:, 1, :, :, 7] = relabel_tops[t, hand].reshape(len(tbytes), b, 40)
        # positive finite floats sort as their bit patterns; the low byte is the code
        keys = np.sort(both.view("<u8")[..., 0], axis=-1)
        orders = (keys & 0xFF).astype(np.uint8)
        trumps.append(t)
        perms.append(orders[:, 0].reshape(-1, 40))
        trs.append(orders[:, 1].reshape(-1, 40))
    return np.concatenate(trumps), np.concatenate(perms), np.concatenate(trs)


def play_batch(trumps: U8, perms: U8, trs: U8) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]:
    """Play the hands given by their draws (as ``ombre.engine._core.playouts`` plays them).

    Returns the tricks each seat won (hands x 3) and the true codes played (hands x 27, trick by trick).
    """
    n = len(trumps)
    rows = np.arange(n)
    # hands[h, seat, k]: the k-th label dealt to the seat; a seat plays its last card in this order when it
    # may play anything, and its highest label of the block when it must follow
    hands = perms[:, :27].reshape(n, 3, 9).astype(np.int16)
    alive = np.ones((n, 3, 9), dtype=bool)
    tbase = _TRUMP_BASE[trumps][:, None]
    block = _BLOCK[trumps[:, None, None], hands]
    true = np.take_along_axis(trs.astype(np.int16), hands.reshape(n, 27), axis=1).reshape(n, 3, 9)
    positions = np.arange(9)
    leader = np.zeros(n, dtype=np.int64)
    won = np.zeros((n, 3), dtype=np.int8)
    plays = np.zeros((n, 27), dtype=np.uint8)
    for trick in range(9):
        seats = (leader[:, None] + np.arange(3)) % 3
        # the lead: the leader's last card dealt that is still in hand
        lead_alive = alive[rows, seats[:, 0]]
        k0 = np.where(lead_alive, positions, -1).max(axis=1)
        s0 = seats[:, 0]
        c0 = hands[rows, s0, k0]
        alive[rows, s0, k0] = False
        led_block = block[rows, s0, k0]
        best = true[rows, s0, k0]
        trump_led = c0 >= tbase[:, 0]
        played_true = [best]
        counts_for = [np.ones(n, dtype=bool)]
        for i in (1, 2):
            s = seats[:, i]
            a = alive[rows, s]
            h = hands[rows, s]
            tc = true[rows, s]
            same = a & (block[rows, s] == led_block[:, None])
            # to a trump lead only trumps other than the matadors above the card led oblige
            obliged = same & ~(trump_led[:, None] & (tc >= 37) & (tc > best[:, None]))
            follow = obliged.any(axis=1)
            k_follow = np.where(same, h, -1).argmax(axis=1)
            k_free = np.where(a, positions, -1).max(axis=1)
            k = np.where(follow, k_follow, k_free)
            alive[rows, s, k] = False
            c = hands[rows, s, k]
            played_true.append(true[rows, s, k])
            counts_for.append((block[rows, s, k] == led_block) | (c >= tbase[:, 0]))
        codes = np.stack(played_true, axis=1)
        # the highest true code among the cards of the suit led and the trumps wins
        winner = np.where(np.stack(counts_for, axis=1), codes, -1).argmax(axis=1)
        plays[:, 3 * trick : 3 * trick + 3] = codes
        leader = seats[rows, winner]
        won[rows, leader] += 1
    return won, plays


def playouts(n: int, seed: int = 0, record: list[tuple[bytes, int, list[int]]] | None = None) -> PlayoutStats:
    """Play ``n`` complete random hands, all at once: ``ombre.engine._core.playouts``'s hands.

    ``record`` gets what the core's gets: for each hand ``(deal, trump index, plays)``.
    """
    trumps, perms, trs = _draw(_mt(random.Random(seed)), n)
    won, plays = play_batch(trumps, perms, trs)
    if record is not None:
        deals = np.take_along_axis(trs, perms[:, :27].astype(np.intp), axis=1)
        for h in range(n):
            record.append((deals[h].tobytes(), int(trumps[h]), plays[h].tolist()))
    o, d1, d2 = won[:, 0], won[:, 1], won[:, 2]
    vole = o == 9
    win = ~vole & (o > d1) & (o > d2)
    codille = ((d1 > o) & (d1 > d2)) | ((d2 > o) & (d2 > d1))
    results = {
        "win": int(win.sum()),
        "codille": int(codille.sum()),
        "repuesto": int((~vole & ~win & ~codille).sum()),
        "vole": int(vole.sum()),
    }
    hist = np.bincount(o, minlength=10)
    return PlayoutStats(n, results, tuple(int(x) for x in hist))
