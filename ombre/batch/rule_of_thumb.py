"""Hands finished by the 1665 rule of thumb at every seat, many at once with numpy.

The Monte Carlo player weighs each bid by playing the hand out, in a dozen worlds and for every bid
and trump it tries, with :class:`~ombre.engine.players.RuleOfThumbPlayer` at all three seats: those
rollouts are most of a tournament's time, and they are independent games.  :func:`finish_by_rule_of_thumb`
plays any number of them at once, one numpy operation over all the games at each card: the same
choices as :func:`~ombre.engine.players.choose_card` (its lead, ``_is_master``, ``_trumps_out``,
``_lowest``, :func:`~ombre.engine.players.strength`), the same legal plays (following suit, the
matadors' privilege) and the same winner of each trick, over each trump's codes
(``ombre.engine._core.TABLES_BY_INDEX``, where every suit as it counts in play is a run of codes,
weakest first, and the trumps are the top run); the Ombre declares the vole when
``RuleOfThumbPlayer._sure_of_vole`` would.  Each hand is then settled by the game itself
(:meth:`~ombre.engine.game.GameState.returns` of the tricks won), so the payments have one implementation.

>>> from ombre.engine.game import Deal, GameState
>>> from ombre.engine.players import RuleOfThumbPlayer, _finish_by_rule_of_thumb
>>> states = [GameState(Deal.random(seed=seed)) for seed in range(6)]
>>> for st in states:
...     _finish_by_rule_of_thumb(st, RuleOfThumbPlayer(), until_play=True)
>>> fast = finish_by_rule_of_thumb(states)
>>> slow = []
>>> for st in states:
...     st = st.clone(); _finish_by_rule_of_thumb(st, RuleOfThumbPlayer()); slow.append(st.returns())
>>> fast.returns == slow
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ombre.engine._core import TABLES_BY_INDEX
from ombre.engine.cards import DECK, SUITS, Suit
from ombre.engine.game import Action, DeclareVole, GameState, Phase, Play
from ombre.engine.players import (
    MonteCarloPlayer,
    Player,
    RuleOfThumbPlayer,
    _finish_by_rule_of_thumb,
    strength,
)

__all__ = ["Finished", "finish_by_rule_of_thumb", "batch_rollouts", "monte_carlo_player", "FACTORIES"]

B = npt.NDArray[np.bool_]
I64 = npt.NDArray[np.int64]

_CODES = np.arange(40, dtype=np.int64)
#: larger than any key of :data:`_LOW_KEY` and :data:`_MASTER_KEY`
_NONE = 1 << 20
#: by trump index and code: the card (its index in the deck), its block (the suit it counts as, as in
#: ``SUITS``), and whether it is a trump
_CARD_OF = np.array([tb.card_of for tb in TABLES_BY_INDEX], dtype=np.int64)
_BLOCK = np.array([tb.block_of for tb in TABLES_BY_INDEX], dtype=np.int64)
_TRUMP = np.array([[c >= tb.trump_base for c in range(40)] for tb in TABLES_BY_INDEX])
#: the matadors (codes 37 to 39 under every trump) above each code: those a trump led with it does not force
_PRIVILEGED = (_CODES[None, :] > _CODES[:, None]) & (_CODES[None, :] >= 37)


def _low_key(trump: Suit, code: int) -> int:
    """``_lowest``'s order, smallest first: plain before trumps, non-kings before kings, weakest, by card."""
    card = DECK[TABLES_BY_INDEX[SUITS.index(trump)].card_of[code]]
    is_trump = code >= TABLES_BY_INDEX[SUITS.index(trump)].trump_base
    return is_trump << 16 | (card.rank == "K") << 15 | strength(card, trump) << 6 | card.index


#: ``_lowest``'s order (the smallest key is the card to throw away), and the order of a plain lead
#: among winners: the strongest, then the first in card order (as a stable sort by strength leaves them)
_LOW_KEY = np.array([[_low_key(t, c) for c in range(40)] for t in SUITS], dtype=np.int64)
_MASTER_KEY = np.array(
    [
        [strength(DECK[tb.card_of[c]], tb.trump) << 6 | (63 - tb.card_of[c]) for c in range(40)]
        for tb in TABLES_BY_INDEX
    ],
    dtype=np.int64,
)
#: ``_SAME[t][c, d]``: codes ``c`` and ``d`` count as the same suit; ``_ABOVE``: and ``d`` is the higher
_SAME = np.array([np.equal.outer(b, b) for b in _BLOCK])
_ABOVE = _SAME & (_CODES[None, :] > _CODES[:, None])[None]


@dataclass(frozen=True)
class Finished:
    """What :func:`finish_by_rule_of_thumb` made of each state: the actions it took, in order (the
    cards played and the Ombre's vole declaration), the tricks each seat won, whether the vole was
    declared, and each seat's returns (:meth:`~ombre.engine.game.GameState.returns`)."""

    actions: list[list[Action]]
    tricks_won: list[tuple[int, int, int]]
    vole_declared: list[bool]
    returns: list[list[float]]


def finish_by_rule_of_thumb(states: Sequence[GameState]) -> Finished:
    """Play every state (in play, at the vole declaration, or over) to its end by the rule of thumb at every
    seat, as ``ombre.engine.players._finish_by_rule_of_thumb`` plays one, and settle it; the states are
    not changed.

    >>> from ombre.engine.game import Deal
    >>> from ombre.engine.players import RuleOfThumbPlayer, _finish_by_rule_of_thumb
    >>> st = GameState(Deal.random(seed=3))
    >>> _finish_by_rule_of_thumb(st, RuleOfThumbPlayer(), until_play=True)  # bids and exchanges
    >>> done = finish_by_rule_of_thumb([st])
    >>> " ".join(map(str, done.actions[0][:6])), done.tricks_won, done.returns
    ('5c Kc 5s Kh Jh 3s', [(3, 1, 5)], [[-19.0, -17.0, 36.0]])
    """
    live = [i for i, st in enumerate(states) if not st.is_terminal()]
    g = len(live)
    actions: list[list[Action]] = [[] for _ in states]
    tricks_won = [st.tricks_won for st in states]
    declared = [st.vole_declared for st in states]
    if g:
        _play([states[i] for i in live], [actions[i] for i in live], tricks_won, declared, live)
    played_here = set(live)
    returns = [
        st.returns(finished=(tricks_won[i], declared[i])) if i in played_here else st.returns()
        for i, st in enumerate(states)
    ]
    return Finished(actions, tricks_won, declared, returns)


def _play(
    states: list[GameState],
    actions: list[list[Action]],
    tricks_won: list[tuple[int, int, int]],
    declared: list[bool],
    live: list[int],
) -> None:
    """Play the live ``states`` out, appending to their ``actions``; their tricks won and vole declarations
    go to ``tricks_won[live[k]]`` and ``declared[live[k]]``."""
    g = len(states)
    rows = np.arange(g)
    trump = np.array([SUITS.index(st.trump or Suit.SPADES) for st in states], dtype=np.int64)  # all in play
    card_of = _CARD_OF[trump]
    block = _BLOCK[trump]
    is_trump = _TRUMP[trump]
    low_key = _LOW_KEY[trump]
    master_key = _MASTER_KEY[trump]
    above = _ABOVE[trump].astype(np.float32)
    same = _SAME[trump]
    code_of = np.argsort(card_of, axis=1)  # by card index: its code under the game's trump
    hands = np.zeros((g, 3, 40), dtype=bool)
    played = np.zeros((g, 40), dtype=bool)
    trick = np.full((g, 3), -1, dtype=np.int64)
    n_trick = np.zeros(g, dtype=np.int64)
    best = np.zeros(g, dtype=np.int64)
    best_seat = np.zeros(g, dtype=np.int64)
    turn = np.zeros(g, dtype=np.int64)
    ombre = np.zeros(g, dtype=np.int64)
    won = np.zeros((g, 3), dtype=np.int64)
    n_tricks = np.zeros(g, dtype=np.int64)
    vole = np.zeros(g, dtype=bool)
    ask_at = np.full(g, 99, dtype=np.int64)  # the tricks played when the Ombre is asked about the vole
    pending = np.zeros(g, dtype=bool)
    for k, st in enumerate(states):
        for seat, h in enumerate(st.hands):
            hands[k, seat, code_of[k, [c.index for c in h]]] = True
        current = st.current_trick
        assert current is not None and st.ombre is not None and st.current_player is not None
        seen = [c.index for t in st.tricks for c in t.cards] + [c.index for c in current.cards]
        played[k, code_of[k, seen]] = True
        for i, c in enumerate(current.cards):
            trick[k, i] = code_of[k, c.index]
        n_trick[k] = len(current.cards)
        if current.cards:
            best[k] = code_of[k, current.winning_card.index]
            best_seat[k] = current.winner
        turn[k] = st.current_player
        ombre[k] = st.ombre
        won[k] = st.tricks_won
        n_tricks[k] = len(st.tricks)
        vole[k] = st.vole_declared
        before = st.rules.vole_must_be_declared_before_trick
        pending[k] = st.phase is Phase.VOLE
        if before is not None and not st.vole_declared and len(st.tricks) < before - 1:
            ask_at[k] = before - 1  # not yet asked
    done = np.zeros(g, dtype=bool)
    steps: list[I64] = []
    vole_step = np.full(g, -1, dtype=np.int64)
    if pending.any():
        vole[pending] = _sure_of_vole(hands, played, ombre, is_trump, above, rows)[pending]
        vole_step[pending] = 0
    while not done.all():
        me = turn
        hand = hands[rows, me]
        unseen = ~played & ~hand  # neither played nor in the hand: the others', or out of play
        master = _masters(hand, unseen, above)
        trumps_out = (unseen & is_trump).sum(1)
        leading = n_trick == 0
        led = np.where(leading, 0, trick[:, 0])
        follow = block == block[rows, led][:, None]
        legal = _legal(hand, follow, is_trump, led, leading)
        # games begun together lead (and follow) together: work out only the choices some game needs
        any_lead, all_lead = bool(leading.any()), bool(leading.all())
        if any_lead:
            lead = _lead(legal, hand, master, trumps_out, me == ombre, block, is_trump, low_key, master_key)
        if not all_lead:
            after = _follow(
                legal,
                follow,
                is_trump,
                master,
                unseen,
                same,
                best,
                best_seat,
                me,
                ombre,
                n_trick,
                low_key,
                rows,
            )
        choice = lead if all_lead else after if not any_lead else np.where(leading, lead, after)
        active = ~done
        card = np.where(active, np.where(legal.sum(1) == 1, _top(legal), choice), 0)  # 0: a game over
        act = rows[active]
        hands[act, me[act], card[act]] = False
        played[act, card[act]] = True
        trick[act, n_trick[act]] = card[act]
        steps.append(np.where(active, card, -1))
        beats = active & (leading | ((card > best) & (follow | is_trump)[rows, card]))
        best = np.where(beats, card, best)
        best_seat = np.where(beats, me, best_seat)
        n_trick = n_trick + active
        turn = np.where(active, (me + 1) % 3, turn)
        end = n_trick == 3
        if end.any():
            won[rows[end], best_seat[end]] += 1
            turn = np.where(end, best_seat, turn)
            n_trick[end] = 0
            trick[end] = -1
            n_tricks = n_tricks + end
            done |= end & ~hands.any(axis=(1, 2))
            # 1665: the Ombre who has won every trick so far is asked about the vole before the fifth
            ask = end & ~done & (n_tricks == ask_at) & (won[rows, ombre] == n_tricks)
            if ask.any():
                vole[ask] = _sure_of_vole(hands, played, ombre, is_trump, above, rows)[ask]
                vole_step[ask] = len(steps)
    plays = np.stack(steps, axis=1) if steps else np.zeros((g, 0), dtype=np.int64)
    cards = np.take_along_axis(card_of, np.maximum(plays, 0), axis=1)
    for k in range(g):
        out: list[Action] = [
            Play(DECK[c]) for c, p in zip(cards[k].tolist(), plays[k].tolist(), strict=True) if p >= 0
        ]
        if vole_step[k] >= 0:
            out.insert(int(vole_step[k]), DeclareVole(bool(vole[k])))
        actions[k].extend(out)
        tricks_won[live[k]] = (int(won[k, 0]), int(won[k, 1]), int(won[k, 2]))
        declared[live[k]] = bool(vole[k])


def _masters(hand: B, unseen: B, above: npt.NDArray[np.float32]) -> B:
    """``_is_master`` of each card in hand: no card of its suit above it is unseen."""
    out: B = (above @ unseen[:, :, None].astype(np.float32))[:, :, 0] == 0
    return out


def _sure_of_vole(
    hands: B, played: B, ombre: I64, is_trump: B, above: npt.NDArray[np.float32], rows: I64
) -> B:
    """``RuleOfThumbPlayer._sure_of_vole`` for each game's Ombre: every card he holds is a master and no
    trump is out."""
    hand = hands[rows, ombre]
    unseen = ~played & ~hand
    weak = (hand & ~_masters(hand, unseen, above)).any(axis=1) | (unseen & is_trump).any(axis=1)
    sure: B = np.logical_not(weak)
    return sure


def _top(mask: B) -> I64:
    """The highest code of each row's set (-1 if empty)."""
    out: I64 = np.where(mask, _CODES, -1).max(1)
    return out


def _bottom(mask: B) -> I64:
    """The lowest code of each row's set (40 if empty)."""
    out: I64 = np.where(mask, _CODES, 40).min(1)
    return out


def _least(mask: B, key: I64) -> I64:
    """The code of the smallest ``key`` in each row's set."""
    out: I64 = np.where(mask, key, _NONE).argmin(1)
    return out


def _legal(hand: B, follow: B, is_trump: B, led: I64, leading: B) -> B:
    """The legal plays (``ombre.engine._core.legal_mask``): the suit led, else anything; to a trump led,
    anything if the seat's only trumps are matadors above the card led (their privilege, 1665)."""
    suit = hand & follow
    trumps = hand & is_trump
    forced = (trumps & ~_PRIVILEGED[led]).any(1)
    led_trump = is_trump[np.arange(len(led)), led]
    obliged = np.where(led_trump, forced, suit.any(1))
    return np.where((~leading & obliged)[:, None], suit, hand)


def _lead(
    legal: B,
    hand: B,
    master: B,
    trumps_out: I64,
    is_ombre: B,
    block: I64,
    is_trump: B,
    low_key: I64,
    master_key: I64,
) -> I64:
    """``ombre.engine.players._lead`` for every game."""
    rows = np.arange(len(legal))
    trumps = legal & is_trump
    n_trumps = trumps.sum(1)
    has_trump = n_trumps > 0
    top, bottom = _top(trumps), _bottom(trumps)
    plain = legal & ~is_trump
    has_plain = plain.any(1)
    masters = plain & master
    has_master = masters.any(1)
    best_master = np.where(masters, master_key, -1).argmax(1)
    top_is_master = master[rows, np.maximum(top, 0)]
    may_trump = trumps_out > 0
    # the Ombre: "begin with a Matador or two ... to fetch out those Trump" and count them (1665)
    as_ombre = np.where(
        has_trump & may_trump & top_is_master,
        top,
        np.where(
            has_master & ~may_trump,
            best_master,
            np.where(
                has_trump & may_trump & (n_trumps > trumps_out),
                np.where(top_is_master, top, bottom),
                np.where(has_master, best_master, np.where(has_plain, _least(plain, low_key), bottom)),
            ),
        ),
    )
    # a defender: his winners, else the lowest of his longest plain suit (the first in suit order)
    counts = (plain[:, :, None] & (block[:, :, None] == np.arange(4))).sum(1)
    longest = plain & (block == counts.argmax(1)[:, None])
    as_defender = np.where(has_master, best_master, np.where(has_plain, _least(longest, low_key), bottom))
    out: I64 = np.where(is_ombre, as_ombre, as_defender)
    return out


def _follow(
    legal: B,
    follow: B,
    is_trump: B,
    master: B,
    unseen: B,
    same: B,
    best: I64,
    best_seat: I64,
    me: I64,
    ombre: I64,
    n_trick: I64,
    low_key: I64,
    rows: I64,
) -> I64:
    """``ombre.engine.players.choose_card`` after the lead, for every game."""
    winners = legal & (_CODES > best[:, None]) & (follow | is_trump)
    has_winner = winners.any(1)
    low, high = _bottom(winners), _top(winners)
    sure = winners & master
    has_sure = sure.any(1)
    low_sure = _bottom(sure)
    lowest = _least(legal, low_key)
    last = n_trick == 2
    defender = me != ombre
    best_is_master = ~(same[rows, best] & unseen).any(1)  # a played card: none of its suit is unseen
    # a defender lets his fellow take the trick, covering with a sure winner if the Ombre is still to play
    for_fellow = np.where(~last & ~best_is_master & has_sure, low_sure, lowest)
    own = np.where(
        has_winner, np.where(last, low, np.where(has_sure, low_sure, np.where(defender, high, low))), lowest
    )
    return np.where(defender & (best_seat != ombre), for_fellow, own)


def batch_rollouts(states: Sequence[GameState]) -> list[list[float]]:
    """Each state's returns once played out by the rule of thumb: the :class:`MonteCarloPlayer`'s
    ``rollouts``, the bidding and exchange played one state at a time, then the play all at once.

    >>> from ombre.engine.game import Deal
    >>> batch_rollouts([GameState(Deal.random(seed=1))])  # doctest: +ELLIPSIS
    [[...]]
    """
    rot = RuleOfThumbPlayer()
    started = []
    for st in states:
        st = st.clone()
        _finish_by_rule_of_thumb(st, rot, until_play=True)
        started.append(st)
    return finish_by_rule_of_thumb(started).returns


def monte_carlo_player(seed: int = 0) -> MonteCarloPlayer:
    """The tournament's Monte Carlo player with its bid rollouts played in a batch: the same decisions.

    >>> monte_carlo_player(3).rollouts is batch_rollouts
    True
    """
    return MonteCarloPlayer(seed=seed, rollouts=batch_rollouts)


#: The player factories (by kind, as ``ombre.engine.players.PLAYER_KINDS``) whose large runs the batch
#: engine plays: ``tournament(..., factories=FACTORIES)`` and ``match``, the same results, sooner.
FACTORIES: dict[str, Callable[[int], Player]] = {"monte-carlo": monte_carlo_player}
