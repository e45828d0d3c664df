"""The batch engine plays the scalar core's hands: same draws, same plays, same counts."""

from __future__ import annotations

import pytest

from ombre.engine import _core
from ombre.engine.cards import DECK
from ombre.engine.game import GameState

batch = pytest.importorskip("ombre.batch.random_play")


@pytest.mark.parametrize(("n", "seed"), [(1, 0), (63, 3), (64, 5), (65, 8), (301, 13), (1000, 21)])
def test_batch_hands_are_the_scalar_cores(n: int, seed: int) -> None:
    """Whole batches of 64 and a part batch (whose trump bytes end inside a random word)."""
    scalar: list[tuple[bytes, int, list[int]]] = []
    vector: list[tuple[bytes, int, list[int]]] = []
    assert batch.playouts(n, seed=seed, record=vector) == _core.playouts(n, seed=seed, record=scalar)
    assert vector == scalar


def test_batch_hands_across_chunks_are_the_scalar_cores() -> None:
    """More hands than one chunk plays, ending in a part batch: the chunks draw the core's words in turn."""
    n = batch._CHUNK + 29
    scalar: list[tuple[bytes, int, list[int]]] = []
    vector: list[tuple[bytes, int, list[int]]] = []
    assert batch.playouts(n, seed=34, record=vector) == _core.playouts(n, seed=34, record=scalar)
    assert vector == scalar


def test_batch_hands_replay_in_the_game() -> None:
    """Every batch hand is a legal hand of the public game, with the tricks the batch counted."""
    record: list[tuple[bytes, int, list[int]]] = []
    stats = batch.playouts(60, seed=2, record=record)
    ombre_tricks = [0] * 10
    for deal, trump_i, plays in record:
        tb = _core.TABLES_BY_INDEX[trump_i]
        hands = [[DECK[tb.card_of[c]] for c in deal[9 * s : 9 * s + 9]] for s in range(3)]
        game = GameState.from_position(hands, tb.trump, 0, 0, rules="court-gamester")
        for code in plays:
            game.play(DECK[tb.card_of[code]])  # raises IllegalPlayError on an illegal card
        assert game.is_terminal()
        ombre_tricks[game.tricks_won[0]] += 1
    assert tuple(ombre_tricks) == stats.ombre_tricks


def test_play_batch_plays_given_deals_legally() -> None:
    """play_batch on deals and words given from outside (a seeded shuffle, seeded words): every hand
    replays in the public game, with the tricks play_batch counted."""
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(5)
    n = 50
    trumps = rng.integers(0, 4, n).astype(np.uint8)
    perms = np.argsort(rng.random((n, 40)), axis=1).astype(np.uint8)
    words = rng.integers(0, 2**32, (n, 9))
    plays = np.zeros((n, 27), dtype=np.uint8)
    won = batch.play_batch(trumps, perms, words, plays)
    for h in range(n):
        tb = _core.TABLES_BY_INDEX[int(trumps[h])]
        hands = [[DECK[tb.card_of[c]] for c in perms[h, 9 * s : 9 * s + 9]] for s in range(3)]
        game = GameState.from_position(hands, tb.trump, 0, 0, rules="court-gamester")
        for code in plays[h]:
            game.play(DECK[tb.card_of[int(code)]])
        assert game.is_terminal()
        assert tuple(game.tricks_won) == tuple(int(x) for x in won[h])
