"""Counting the deals for which some legal play satisfies a set of constraints, and where each card can be."""

from __future__ import annotations

import bisect
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ombre.belinda.constraints import (
    CONSTRAINTS,
    MATADORS,
    B,
    Constraint,
    History,
    K,
    R,
    Token,
    TrickView,
    _power,
    _single,
)
from ombre.belinda.records import SPADES, BelindaError
from ombre.engine.cards import DECK, Card, Suit
from ombre.engine.rules import effective_suit, is_matador, is_trump, legal_plays, trick_winner

__all__ = [
    "DealCount",
    "count_deals",
    "CountError",
    "deal_is_consistent",
    "consistent_play",
    "draw_deal",
    "PLACES",
    "Deal",
    "Play",
]

#: Where a card can be in a deal as played: a hand, or out of play.
PLACES: tuple[str, str, str, str] = ("Belinda", "Baron", "Knight", "out of play")

#: A deal as played: the three hands by seat (Belinda's first, then who plays second and third),
#: then the cards out of play.
Deal = tuple[tuple[Card, ...], ...]

#: A play of a deal: nine tricks, each its three cards from the leader on.
Play = tuple[tuple[Card, Card, Card], ...]


def _players(baron_second: bool) -> tuple[str, str, str]:
    """The players in the order they play to a trick Belinda leads (the seating)."""
    return (B, R, K) if baron_second else (B, K, R)


class CountError(BelindaError):
    """The count by classes of cards cannot be made (a trick's winner would depend on a rank)."""


@dataclass(frozen=True)
class DealCount:
    """The deals consistent with a set of constraints and the rules of play.

    A deal is the three hands as played (at the first lead) and the thirteen
    cards that take no part (the stock left and any discards), as a set.
    ``total`` counts them exactly.  They were enumerated by *classes*: the
    cards no constraint names are grouped by the suit they count as and by
    court or plain rank (``small spades``, ``club pips`` ...), and the count
    checks that no trick's winner ever depends on which card of a class was
    played, so every card of a class is interchangeable with the others and
    each class-level deal stands for a product of multinomial coefficients.
    """

    total: int
    class_deals: int
    tokens: tuple[Token, ...]
    #: card -> {place: number of deals with the card there}
    places: Mapping[Card, Mapping[str, int]]
    constraints: tuple[str, ...]
    #: the class-level deals found, in a fixed order: per seat, (token index, how many) pairs
    deals: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = ()
    #: the seating counted (see :func:`count_deals`): the hands of :meth:`unrank` are by seat
    baron_second: bool = True
    _layouts: dict[bool, tuple[list[int], list[list[list[int]]]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def players(self) -> tuple[str, str, str]:
        """Who holds each hand of a deal of this count, by seat."""
        return _players(self.baron_second)

    def unrank(self, rank: int) -> Deal:
        """The deal numbered ``rank`` (``0 <= rank < total``) in a fixed order of all the deals counted.

        The three hands by seat, then the cards out of play.  Drawing ``rank``
        uniformly draws a deal uniformly from the exact space (:func:`draw_deal`).
        The order: the class-level deals (:attr:`deals`), each followed by the
        ways of sharing each class's cards between the hands and the cards out of
        play, as a mixed-radix number.

        >>> from ombre.belinda import CONSTRAINTS
        >>> count = count_deals(CONSTRAINTS)
        >>> first, last = count.unrank(0), count.unrank(count.total - 1)
        >>> len(first[3]), first[1] != last[1]
        (13, True)
        """
        if not 0 <= rank < self.total:
            raise CountError(f"deal number {rank} is not between 0 and {self.total - 1}")
        return self._unrank(rank, reduced=False)[0]

    def unrank_reduced(self, rank: int) -> tuple[Deal, int]:
        """Deal ``rank`` of the reduced space (see :meth:`reduced_total`) and the deals it stands for.

        Of each class, the cards in play are its strongest, shared among the hands.

        >>> from ombre.belinda import CONSTRAINTS
        >>> count = count_deals(CONSTRAINTS)
        >>> sum(count.unrank_reduced(r)[1] for r in range(count.reduced_total())) == count.total
        True
        """
        n = self.reduced_total()
        if not 0 <= rank < n:
            raise CountError(f"deal number {rank} is not between 0 and {n - 1}")
        return self._unrank(rank, reduced=True)

    def reduced_total(self) -> int:
        """The deals counted once for each way the cards in play lie, whatever is out of play.

        Every class of cards is a run of its suit, so which of its cards are out
        of play does not change the play: the double-dummy solver sees only the
        order of the hands' cards in each suit.  A deal then stands for the others
        with the same owners of each class's cards in play, in order.
        """
        for tok in self.tokens:
            powers = sorted(_power(c) for c in tok.cards)
            if powers[-1] - powers[0] != len(powers) - 1:
                raise CountError(
                    f"the class {tok} is not a run of its suit: its cards out of play may matter"
                )
        starts, shares = self._layout(True)
        return starts[-1] + math.prod(_multinomial(ks) for ks in shares[-1]) if starts else 0

    def _layout(self, reduced: bool) -> tuple[list[int], list[list[list[int]]]]:
        """For each class-level deal in order: the rank it starts at, and each class's share counts."""
        cached = self._layouts.get(reduced)
        if cached is None:
            sizes = [len(t.cards) for t in self.tokens]
            starts: list[int] = []
            shares: list[list[list[int]]] = []
            at = 0
            for key in self.deals:
                held = [dict(key[s]) for s in range(3)]
                per_token = []
                for i, size in enumerate(sizes):
                    ks = [held[s].get(i, 0) for s in range(3)]
                    # reduced: only the owners of the cards in play, in order (the rest lie out)
                    per_token.append(ks if reduced else [*ks, size - sum(ks)])
                starts.append(at)
                shares.append(per_token)
                at += math.prod(_multinomial(ks) for ks in per_token)
            cached = self._layouts[reduced] = (starts, shares)
        return cached

    def _unrank(self, rank: int, reduced: bool) -> tuple[Deal, int]:
        starts, shares = self._layout(reduced)
        k = bisect.bisect_right(starts, rank) - 1
        rank -= starts[k]
        places: list[list[Card]] = [[], [], [], []]
        stands_for = 1
        for tok, share in zip(self.tokens, shares[k], strict=True):
            ks = list(share)
            rank, r = divmod(rank, _multinomial(ks))
            stands_for *= math.comb(len(tok.cards), sum(ks[:3])) if reduced else 1
            for card in tok.cards:  # unrank one arrangement of the class's cards among the places
                if not any(ks):
                    places[3].append(card)  # reduced: the weakest cards lie out of play
                    continue
                for p in range(len(ks)):
                    if not ks[p]:
                        continue
                    ks[p] -= 1
                    n = _multinomial(ks)
                    if r < n:
                        places[p].append(card)
                        break
                    r -= n
                    ks[p] += 1
        return tuple(tuple(sorted(h, key=lambda c: c.index)) for h in places), stands_for

    def place_of(self, card: Card) -> dict[str, int]:
        return dict(self.places[card])

    def forced(self) -> dict[Card, str]:
        """Cards that are in the same place in every deal."""
        out = {}
        for c, pl in self.places.items():
            where = [p for p, n in pl.items() if n]
            if len(where) == 1:
                out[c] = where[0]
        return out

    def free(self) -> dict[Card, dict[str, int]]:
        """Cards that can be in more than one place, with the number of deals for each."""
        return {
            c: {p: n for p, n in pl.items() if n} for c, pl in self.places.items() if c not in self.forced()
        }


def _tokens(named: Iterable[Card]) -> tuple[Token, ...]:
    named_set = set(named)
    tokens: list[Token] = [_single(c) for c in DECK if c in named_set]
    groups: dict[tuple[Suit, bool, bool], list[Card]] = {}
    for c in DECK:
        if c in named_set:
            continue
        key = (effective_suit(c, SPADES), is_trump(c, SPADES), c.rank in "KQJ")
        groups.setdefault(key, []).append(c)
    for (suit, trump, court), cards in groups.items():
        cards.sort(key=_power, reverse=True)
        if len(cards) == 1:
            tokens.append(_single(cards[0]))
            continue
        kind = "small trumps" if trump else ("court cards" if court else "pips")
        name = f"{suit.singular} {kind}" if not trump else "small trumps"
        tokens.append(Token(f"{name} ({' '.join(c.symbol for c in cards)})", tuple(cards)))
    return tuple(tokens)


def _privileged(card: Card, limit: int) -> bool:
    """A matador above a trump led of strength ``limit`` (it need not be played to it)."""
    return is_matador(card, SPADES) and _power(card) > limit


def _beats(a: Token, b: Token, led: Suit) -> bool | None:
    """Does ``a`` beat ``b`` (the card winning so far) to a trick led in ``led``?  ``None``: it depends."""
    if a.trump != b.trump:
        return a.trump
    if not a.trump and a.suit is not led:
        return False
    pa = [_power(c) for c in a.cards]
    pb = [_power(c) for c in b.cards]
    if min(pa) > max(pb):
        return True
    if max(pa) < min(pb):
        return False
    return None


def _winner(plays: Sequence[tuple[int, Token]]) -> int:
    led = plays[0][1].suit
    best = 0
    for i in (1, 2):
        b = _beats(plays[i][1], plays[best][1], led)
        if b is None:
            raise CountError(
                f"the winner between {plays[i][1]} and {plays[best][1]} depends on which card of a class "
                "is played: name those cards in the constraints"
            )
        if b:
            best = i
    # the result must not depend on ranks either way
    for i in range(3):
        if i != best and _beats(plays[i][1], plays[best][1], led) is None:
            raise CountError(f"the winner depends on the ranks within {plays[i][1]}")
    return plays[best][0]


def _multinomial(counts: Sequence[int]) -> int:
    """The ways to share ``sum(counts)`` distinct cards out in groups of these sizes."""
    return math.factorial(sum(counts)) // math.prod(math.factorial(k) for k in counts)


def _weight(sizes: Sequence[int], deal: tuple[tuple[tuple[int, int], ...], ...]) -> int:
    """The number of deals of cards one deal of classes stands for (a product of multinomials)."""
    held = [dict(deal[s]) for s in range(3)]
    weight = 1
    for i, size in enumerate(sizes):
        ks = [held[s].get(i, 0) for s in range(3)]
        weight *= _multinomial([*ks, size - sum(ks)])
    return weight


def count_deals(
    constraints: Iterable[Constraint] = CONSTRAINTS,
    fixed: Mapping[Card, str] | None = None,
    baron_second: bool = True,
) -> DealCount:
    """Count the deals for which some legal play satisfies every constraint (exactly).

    The setting is Belinda's game: Belinda, the eldest hand, is the Ombre in
    seat 0 and leads; spades are trumps.  Pope does not say who sits on her
    right: by default the Baron plays second and the third player, who then
    dealt, third (Pole's seating, an assumption); ``baron_second=False``
    counts the other seating, the Baron dealing and playing third.  ``fixed`` pins cards to places (see
    :data:`PLACES`), for tests that compare with a brute-force enumeration.
    The search runs trick by trick over the classes of cards (see
    :class:`DealCount`), checks the rule of following by remembering each
    player's shown voids, prunes with the constraints after every card, and
    collects the distinct class-level deals.  A state met again after a
    complete trick is skipped; for that, a constraint must declare in
    ``tricks`` and ``reads`` every trick whose cards it looks at (beyond the
    cards each hand has played, the tricks won and where the named cards fell).
    """
    cons = tuple(constraints)
    pins = dict(fixed or {})
    for pinned, place in pins.items():
        if place not in PLACES:
            raise BelindaError(f"unknown place {place!r} for {pinned} (places: {', '.join(PLACES)})")
    named_by_constraints = set(MATADORS)
    for c in cons:
        named_by_constraints |= c.names()
    named = set(pins) | named_by_constraints
    tokens = _tokens(named)
    index = {t: i for i, t in enumerate(tokens)}
    sizes = [len(t.cards) for t in tokens]
    players = _players(baron_second)
    seats = {name: i for i, name in enumerate(players)}
    placed: dict[Card, tuple[int, int | None]] = {}
    forced: dict[tuple[int, int], int] = {}  # (trick, seat) -> the token that seat must play there
    for c in cons:
        for card, n, who in c.places:
            placed[card] = (n, seats[who] if who is not None else None)
            if who is not None:
                forced[n, seats[who]] = index[_single(card)]
    by_trick: dict[int, list[Constraint]] = {n: [] for n in range(1, 10)}
    setting = History(seats[B], seats[R], seats[K], SPADES, 0, players, [])
    for c in cons:
        if not c.tricks:
            if c.test(setting) is not None:
                return DealCount(0, 0, tokens, {}, tuple(x.id for x in cons), baron_second=baron_second)
        for n in c.tricks:
            by_trick[n].append(c)

    used = [0] * len(tokens)
    hands: list[Counter[int]] = [Counter(), Counter(), Counter()]
    # per seat: suits shown void (plain), and the strongest trump led when a trump was refused
    voids: list[set[Suit]] = [set(), set(), set()]
    refused_trump: list[int | None] = [None, None, None]
    history = History(seats[B], seats[R], seats[K], SPADES, 0, players, [])
    found: set[tuple[tuple[tuple[int, int], ...], ...]] = set()

    def legal_for(seat: int, tok: Token) -> bool:
        """Does the card agree with the voids this player has shown (the rule of following)?"""
        if tok.suit in voids[seat]:
            return False
        limit = refused_trump[seat]
        # after refusing a trump lead, a player may still hold only matadors above the card led
        return not (tok.trump and limit is not None and not all(_privileged(c, limit) for c in tok.cards))

    def note_void(seat: int, tok: Token, trick: TrickView) -> tuple[set[Suit], int | None]:
        """Remember what a card that does not follow suit shows; return the old state to restore."""
        before = (set(voids[seat]), refused_trump[seat])
        lead = trick.lead
        if lead is None or tok.suit is lead.suit:
            return before
        if lead.trump:
            # matadors are named cards, so a class led is never above one: its strongest card will do
            p = max(_power(c) for c in lead.cards)
            prev = refused_trump[seat]
            refused_trump[seat] = p if prev is None else max(prev, p)
        else:
            voids[seat].add(lead.suit)
        return before

    # cards pinned to each hand and not yet played: a hand must keep room for them
    pinned_left = [sum(1 for p in pins.values() if p == players[s]) for s in range(3)]

    def pin_ok(tok: Token, seat: int, n: int) -> bool:
        card = tok.card
        mine = card is not None and pins.get(card) == players[seat]
        if not mine and pinned_left[seat] > 9 - n:
            return False  # every card still to come from this hand is pinned
        if card is None:
            return True
        if card in placed:
            pn, pseat = placed[card]
            if pn != n or (pseat is not None and pseat != seat):
                return False
        if card in pins and pins[card] != players[seat]:
            return False
        return True

    def check(n: int) -> bool:
        for c in by_trick[n]:
            if c.test(history) is not None:
                return False
        return True

    def finish() -> None:
        # every constraint has been checked after each card of the tricks it looks at
        # a pinned card is in the hand it is pinned to, or (pinned out of play) in none
        for card, place in pins.items():
            i = index[_single(card)]
            held = [hands[s][i] for s in range(3)]
            if place == "out of play" and any(held):
                return
            if place != "out of play" and not held[players.index(place)]:
                return
        key = tuple(tuple(sorted(hands[s].items())) for s in range(3))
        found.add(key)

    # A state after a complete trick that was met before leads to the same deals: skip it.  What
    # the future can depend on: the cards each hand has played (as multisets), the voids shown,
    # the leader, the tricks won, where the named cards fell, and the tricks that constraints
    # still to be checked read.  Constraints see a card's identity only if they name it; of the
    # others, its suit, whether a trump, whether a court card.
    seen: set[object] = set()
    by_name = {i for i, t in enumerate(tokens) if t.card is not None and t.card in named_by_constraints}
    named_indices = {c.index for c in named_by_constraints}
    still_read: dict[int, frozenset[int]] = {}
    for k in range(1, 10):
        later = [c for c in cons if any(t > k for t in c.tricks)]
        still_read[k] = frozenset(t for c in later for t in (*c.tricks, *c.reads) if t <= k)

    def looks(i: int) -> object:
        tok = tokens[i]
        return i if i in by_name else (tok.suit, tok.trump, tok.court, len(tok.cards) > 1)

    def state_key(k: int) -> object:
        keep = still_read[k]
        past = tuple(
            (t.number, t.leader, t.winner, tuple((s, looks(index[tok])) for s, tok in t.plays))
            for t in history.tricks
            if t.number in keep
        )
        named_at = tuple(sorted((c, w) for c, w in history._where.items() if c in named_indices))
        wins = tuple(history.won(s) for s in range(3))
        return (
            k,
            history.tricks[-1].winner,
            tuple(tuple(sorted(h.items())) for h in hands),
            tuple(frozenset(v) for v in voids),
            tuple(refused_trump),
            wins,
            named_at,
            past,
        )

    def play(n: int, leader: int) -> None:
        trick = history.tricks[-1]
        pos = len(trick.plays)
        if pos == 3:
            if not check(n):  # what can be judged before the winner is known
                return
            w = _winner(trick.plays)
            trick.winner = w
            if not check(n):
                trick.winner = None
                return
            if n == 9:
                finish()
            else:
                k = state_key(n)
                if k not in seen:  # the same state again leads to the same deals
                    seen.add(k)
                    history.tricks.append(TrickView(n + 1, w, []))
                    play(n + 1, w)
                    history.tricks.pop()
            trick.winner = None
            return
        seat = (leader + pos) % 3
        must = forced.get((n, seat))
        for i, tok in enumerate(tokens):
            if must is not None and i != must:
                continue
            if used[i] >= sizes[i]:
                continue
            if not pin_ok(tok, seat, n) or not legal_for(seat, tok):
                continue
            mine = tok.card is not None and pins.get(tok.card) == players[seat]
            pinned_left[seat] -= mine
            used[i] += 1
            hands[seat][i] += 1
            history.add(seat, tok)
            saved = note_void(seat, tok, trick)
            if check(n):
                play(n, leader)
            voids[seat], refused_trump[seat] = saved
            history.take_back()
            pinned_left[seat] += mine
            hands[seat][i] -= 1
            if not hands[seat][i]:
                del hands[seat][i]
            used[i] -= 1

    history.tricks.append(TrickView(1, 0, []))
    play(1, 0)

    # weigh each class-level deal by the number of concrete deals it stands for
    total = 0
    places: dict[Card, dict[str, int]] = {c: dict.fromkeys(PLACES, 0) for c in DECK}
    for key in found:
        counts = [dict(key[s]) for s in range(3)]
        weight = _weight(sizes, key)
        total += weight
        for i, tok in enumerate(tokens):
            size = sizes[i]
            ks = [counts[s].get(i, 0) for s in range(3)]
            rest = size - sum(ks)
            for place, k in zip((*players, PLACES[3]), [*ks, rest], strict=True):
                if k:
                    share = weight * k // size
                    for member in tok.cards:
                        places[member][place] += share
    ids = tuple(c.id for c in cons)
    return DealCount(total, len(found), tokens, places, ids, tuple(sorted(found)), baron_second)


def draw_deal(count: DealCount, seed: int | str) -> Deal:
    """One deal of the count, drawn uniformly from its ``total`` by ``seed``: the hands as played by
    seat (Belinda's, then the Baron's and the third player's in Pole's seating), then the cards out of play.

    Deal number ``randrange(total)`` is unranked (:meth:`DealCount.unrank`).

    >>> from ombre.belinda.constraints import CONSTRAINTS
    >>> count = count_deals(CONSTRAINTS)
    >>> hands = draw_deal(count, 7)
    >>> [len(h) for h in hands], hands == draw_deal(count, 7)
    ([9, 9, 9, 13], True)
    >>> deal_is_consistent(hands[:3])
    True
    """
    if not count.deals:
        raise CountError("no deal satisfies these constraints (or the count kept no deals)")
    return count.unrank(random.Random(seed).randrange(count.total))


def deal_is_consistent(
    hands: Sequence[Iterable[Card]],
    constraints: Iterable[Constraint] = CONSTRAINTS,
    baron_second: bool = True,
) -> bool:
    """Is there a legal play of these hands (by seat: Belinda's, then the Baron's and the third player's
    in Pole's seating; see :func:`count_deals`) that satisfies the constraints?

    An independent check for :func:`count_deals`: it plays real cards with
    :func:`ombre.engine.rules.legal_plays` and :func:`ombre.engine.rules.trick_winner`
    (see :func:`consistent_play`).
    """
    return consistent_play(hands, constraints, baron_second) is not None


def consistent_play(
    hands: Sequence[Iterable[Card]],
    constraints: Iterable[Constraint] = CONSTRAINTS,
    baron_second: bool = True,
) -> Play | None:
    """The first legal play of these hands (by seat) that satisfies the constraints, or ``None``.

    The play is nine tricks, each its three cards from the leader on; the
    first is the one met first when every hand tries its cards in the deck's
    order (:data:`ombre.engine.cards.DECK`).  Two shortcuts keep it quick: a card a constraint
    puts at a trick (and seat) is played only there, and a position reached
    again after a complete trick is not searched twice.  A position is "the
    same" when the cards still held are the same and the tricks played look
    the same to the constraints, which see only the cards they name and, of
    the others, the suit, trump and court rank.

    >>> from ombre.belinda import replay, text_constraints
    >>> st = replay("pole").state
    >>> play = consistent_play(st.hands_at_play, text_constraints())
    >>> [" ".join(c.symbol for c in trick) for trick in play[3:5]]
    ['K♠ J♠ J♣', 'K♣ Q♠ 3♥']
    """
    cons = tuple(constraints)
    players = _players(baron_second)
    seats = {name: seat for seat, name in enumerate(players)}
    hs = [list(h) for h in hands]
    if len(hs) != 3 or any(len(h) != 9 for h in hs):
        raise BelindaError("a deal as played has three hands of nine cards")
    by_trick: dict[int, list[Constraint]] = {n: [] for n in range(1, 10)}
    setting = History(seats[B], seats[R], seats[K], SPADES, 0, players, [], tuple(tuple(h) for h in hs))
    for c in cons:
        if not c.tricks and c.test(setting) is not None:
            return None
        for n in c.tricks:
            by_trick[n].append(c)
    placed = {card: (n, seats[who] if who is not None else None) for c in cons for card, n, who in c.places}
    named = set(MATADORS).union(*(c.names() for c in cons))
    history = History(seats[B], seats[R], seats[K], SPADES, 0, players, [], None)
    held = [set(h) for h in hs]
    if any(who is not None and card not in held[who] for card, (_, who) in placed.items()):
        return None  # a card a constraint gives to one player is in another hand
    seen: set[object] = set()
    found: list[Play] = []

    def ok(n: int) -> bool:
        return all(c.test(history) is None for c in by_trick[n])

    def looks(tok: Token) -> object:
        return tok.index if tok.cards[0] in named else (tok.suit, tok.trump, tok.court)

    def key() -> object:
        past = tuple(
            (t.leader, t.winner, tuple((s, looks(tok)) for s, tok in t.plays)) for t in history.tricks
        )
        return (tuple(frozenset(h) for h in held), past)

    def play(n: int, leader: int) -> bool:
        trick = history.tricks[-1]
        pos = len(trick.plays)
        if pos == 3:
            cards = [t.cards[0] for _, t in trick.plays]
            trick.winner = (leader + trick_winner(cards, SPADES)) % 3
            good = ok(n)
            if good:
                if n == 9:
                    good = all(c.test(history) is None for c in cons)
                    if good:
                        found.append(tuple(_cards(t) for t in history.tricks))
                else:
                    k = key()
                    if k in seen:
                        good = False  # searched before, in vain (a success ends the search)
                    else:
                        seen.add(k)
                        history.tricks.append(TrickView(n + 1, trick.winner, []))
                        good = play(n + 1, trick.winner)
                        history.tricks.pop()
            trick.winner = None
            return good
        seat = (leader + pos) % 3
        on_table = [t.cards[0] for _, t in trick.plays]
        for card in legal_plays(sorted(held[seat], key=lambda c: c.index), on_table, SPADES):
            where = placed.get(card)
            if where is not None and (where[0] != n or where[1] not in (None, seat)):
                continue
            held[seat].discard(card)
            history.add(seat, _single(card))
            good = ok(n) and play(n, leader)
            history.take_back()
            held[seat].add(card)
            if good:
                return True
        return False

    history.tricks.append(TrickView(1, 0, []))
    play(1, 0)
    return found[0] if found else None


def _cards(trick: TrickView) -> tuple[Card, Card, Card]:
    a, b, c = (tok.cards[0] for _, tok in trick.plays)
    return (a, b, c)
