"""A replayed record told in plain words, for a reader who cannot see the cards: :func:`record_account`.

The account says who plays, each hand by suit, the bidding, the exchange, every trick with the
card each player puts down and who wins it, then the result and what each player pays or
receives.  Cards are named in full ("the Knave of Clubs", "Spadille (the Ace of Spades)"), never
in notation or with suit symbols, so the text reads aloud and writes in uncontracted braille:
``python -m ombre export brf --record FILE`` lays it out with
:func:`ombre.sources.braille.encode_blocks`.  Each string is one paragraph, to begin a new line.

>>> from ombre.engine.record import example_text, read_record, replay_record
>>> lines = record_account(replay_record(read_record(example_text("specimen.omb"))))
>>> print(lines[4])  # doctest: +ELLIPSIS
Ann: trumps: Manille (the Two of Spades), King, Six, Three; clubs: Knave, Two; hearts: Four; ...
>>> print(lines[14])  # doctest: +ELLIPSIS
Trick 1: Ann leads Manille (the Two of Spades); Ben plays Basto (the Ace of Clubs); Cat plays ...
>>> lines[-4]
'Result: Ann, the Ombre, wins the game with 5 tricks.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ombre.engine.cards import RANK_NAMES, SUITS, Card, Suit
from ombre.engine.payments import Amount
from ombre.engine.record.replay import SPOKEN_BIDS, RecordReplay
from ombre.engine.rules import Result, card_order, codille_winner
from ombre.words import listed, plural

__all__ = ["record_account"]


def record_account(replay: RecordReplay) -> list[str]:
    """The game of ``replay`` in plain English, one paragraph a string (plain ASCII).

    Players in the order of play, the hands as dealt (and as played, when the exchange changed
    them) by suit, the bidding, the trump, the exchange, each trick with its winner as the engine
    judges it, the tricks won, the result, and each player's payment and the pool in words.  A
    card the record marks as conjecture (``7s?``) is called conjectural.
    """
    st = replay.state
    rec = replay.record
    names = st.players
    trump = st.trump
    guessed = rec.conjectural_cards

    def card(c: Card | None) -> str:
        return _card_name(c, trump, c in guessed)

    lines = [
        rec.tag("Event") or f"A game of Ombre: {names[0]}, {names[1]} and {names[2]}",
        f"Rules: {st.rules.title}.",
        f"Players, in the order of play: {names[0]}, the eldest hand; {names[1]}; {names[2]}, the dealer.",
    ]
    if guessed:
        lines.append("Some cards are not known and are supplied by conjecture: each is called conjectural.")
    lines.append("The hands as dealt, by suit" + (f", with {trump.plural} as trumps:" if trump else ":"))
    lines += [f"{names[s]}: {_hand_by_suit(st.deal.hands[s], trump, guessed)}." for s in range(3)]
    if st.bids:
        lines.append("Bidding: " + "; ".join(f"{names[s]} {SPOKEN_BIDS[b.kind]}" for s, b in st.bids) + ".")
    if st.passed_out:
        lines.append("All three passed: nobody plays.")
    if st.ombre is not None:
        lines.append(f"{names[st.ombre]} is the Ombre" + (f"; trumps are {trump.plural}." if trump else "."))
    if replay.exchange:
        turns = [
            f"{e.player} discards {listed(map(card, e.discards))} "
            f"and takes in {listed(map(card, e.taken_in))}"
            if e.discards
            else f"{e.player} takes in nothing"
            for e in replay.exchange
        ]
        lines.append("The exchange: " + "; ".join(turns) + ".")
    if trump is not None and any(e.discards for e in replay.exchange):
        lines.append("The hands in play, after the exchange:")
        lines += [f"{names[s]}: {_hand_by_suit(st.hands_at_play[s], trump, guessed)}." for s in range(3)]
    if st.vole_declared and st.ombre is not None:
        lines.append(f"{names[st.ombre]} declares the vole: to take all nine tricks.")

    def plays(seats: Sequence[int], cards: Sequence[Card]) -> str:
        said = [
            f"{names[s]} {'leads' if k == 0 else 'plays'} {card(c)}"
            for k, (s, c) in enumerate(zip(seats, cards, strict=True))
        ]
        return "; ".join(said)

    current = st.current_trick
    unfinished = [current] if current is not None and current.cards else []
    for n, t in enumerate([*st.tricks, *unfinished], start=1):
        if n <= len(st.tricks):
            lines.append(f"Trick {n}: {plays(t.seats, t.cards)}. {names[t.winner]} wins the trick.")
        else:
            lines.append(f"Trick {n}, not finished: {plays(t.seats, t.cards)}.")
        lines += [
            f"A renounce: {r.player} plays {card(r.card)}, but {r.player} {r.rule} "
            f"and holds {listed(map(card, r.holds))}."
            for r in replay.renounces
            if r.trick == n
        ]
    if st.tricks:
        lines.append("Tricks won: " + ", ".join(f"{names[s]} {st.tricks_won[s]}" for s in range(3)) + ".")
    if not st.is_terminal():
        lines.append(f"The record stops here, in the {st.phase.value} phase: the hand is not finished.")
        return lines
    if st.result is not None and st.ombre is not None:
        lines.append("Result: " + _result(st.result, names, st.ombre, st.tricks_won))
    settlement = st.settlement()
    units = st.rules.units
    lines.append(
        "Payments: " + "; ".join(f"{names[s]} {_paid(settlement.net[s], units)}" for s in range(3)) + "."
    )
    lines.append(f"Left in the pool: {_amount(settlement.pool_after.as_dict(units)) or 'nothing'}.")
    lines.append("End of the game.")
    return lines


def _card_name(card: Card | None, trump: Suit | None, conjectural: bool) -> str:
    """``the Five of Spades (conjectural)``, ``Spadille (the Ace of Spades)``, ``an unknown card``."""
    if card is None:
        return "an unknown card"
    title = card.title(trump)
    note = ", conjectural" if conjectural else ""
    if title:
        return f"{title} (the {card.name}{note})"
    return f"the {card.name}" + (" (conjectural)" if conjectural else "")


def _hand_by_suit(cards: Iterable[Card], trump: Suit | None, guessed: frozenset[Card]) -> str:
    """Each suit of a hand with its ranks, highest first: trumps first (a matador by its title and
    its card), then the other suits in the order spades, clubs, hearts, diamonds; "none" for a void."""
    held = set(cards)
    groups: list[tuple[str, Sequence[Card]]] = [("trumps", card_order(trump, trump))] if trump else []
    groups += [(s.plural, _suit_order(s, trump)) for s in SUITS if s is not trump]
    parts = []
    for label, order in groups:
        ranks = []
        for c in order:
            if c in held:
                title = c.title(trump)
                word = f"{title} (the {c.name})" if title else RANK_NAMES[c.rank]
                ranks.append(word + (" (conjectural)" if c in guessed else ""))
        parts.append(f"{label}: {', '.join(ranks) if ranks else 'none'}")
    return "; ".join(parts)


def _suit_order(suit: Suit, trump: Suit | None) -> Sequence[Card]:
    """The cards that count as ``suit`` when it is not trumps, highest first (1665); before trumps
    are named, a black ace, a trump whatever the trump suit, heads its suit."""
    if trump is not None:
        return card_order(suit, trump)
    order = card_order(suit, next(s for s in SUITS if s is not suit))
    return (Card("A", suit), *order) if suit.is_black else order


def _amount(amount: dict[str, int]) -> str:
    """``3 great marks and 1 lesser mark`` (the numbers without their signs), ``""`` for none."""
    parts = [plural(abs(n), unit.removesuffix("s")) for unit, n in amount.items() if n]
    return listed(parts) if parts else ""


def _paid(net: Amount, units: Sequence[str]) -> str:
    """What a player's net amount means in words: ``receives 30 counters``, ``pays 1 great mark``."""
    amounts = net.as_dict(units)
    gained = _amount({u: n for u, n in amounts.items() if n > 0})
    lost = _amount({u: n for u, n in amounts.items() if n < 0})
    said = [f"receives {gained}"] if gained else []
    said += [f"pays {lost}"] if lost else []
    return " and ".join(said) or "neither pays nor receives anything"


def _result(result: Result, names: Sequence[str], ombre: int, won: Sequence[int]) -> str:
    """The result in a sentence, from the Ombre's tricks against the defenders' (1665)."""
    who = names[ombre]
    if result is Result.VOLE:
        return f"the vole: {who}, the Ombre, takes all nine tricks."
    if result is Result.WIN:
        return f"{who}, the Ombre, wins the game with {plural(won[ombre], 'trick')}."
    if result is Result.CODILLE:
        taker = codille_winner(won, ombre)
        winner = names[taker] if taker is not None else "a defender"
        return f"codille: {winner} takes more tricks than {who}, the Ombre, and wins the game."
    return (
        f"repuesto: {who}, the Ombre, loses, but nobody takes more tricks than each of the others; "
        f"{who} doubles the stakes."
    )
