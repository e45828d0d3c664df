"""Figures for the edition, computed by the engine when the book is built.

Each function returns HTML (an :class:`~ombre.display.edition.html.Html`)
to stand beside the passage of the 1665 text it illustrates:

* :func:`pack_html`: the forty-card pack, the deal and the stock ("How many can play");
* :func:`card_orders_html`: the order of the cards under black and under red
  trumps, the pamphlet's two lists beside the engine's orders ("Of the names of the Cards");
* :func:`matadors_html`: the matadors' bonus by length of sequence, 1665 against
  the Court Gamester ("Of the Matadors");
* :func:`privilege_html`: the matadors' privilege, trick by trick ("Of playing Trumps");
* :func:`splits_html`: every split of the nine tricks with its result ("The End of the Game");
* :func:`payments_html`: stakes and payments under the 1665 rules and the later ones ("Of the Stakes");
* :func:`tenace_html`: the tenace of the text played out and solved ("Of the Tenaces");
* :func:`trump_count_html`: counting the trumps after the matadors ("Of the Players playing his game").

>>> "Spadille" in card_orders_html() and "Punto" in card_orders_html()
True
>>> splits_html().count('class="ombre-split ')
55
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape

from ombre.display.edition.html import Html
from ombre.display.html import table_html
from ombre.display.svg import cards_html
from ombre.engine.cards import DECK, SUITS, Card, Suit, parse_cards
from ombre.engine.game import Deal
from ombre.engine.payments import Amount, settle
from ombre.engine.rules import Result, explain_play, legal_plays, plain_order, result_of, trump_order
from ombre.engine.rulesets import RULES_1665, RULES_COURT_GAMESTER, RuleSet
from ombre.engine.solver import Position, analyse, solve
from ombre.sources.edition import load_edition
from ombre.words import minus_signs

__all__ = [
    "pack_html",
    "card_orders_html",
    "matadors_html",
    "privilege_html",
    "splits_html",
    "payments_html",
    "tenace_html",
    "trump_count_html",
]


def _card(card: Card, trump: Suit | None = None) -> str:
    """A card as text: ``K♥`` (red suits marked by class as well as colour), with its title if any.

    The symbols are a ``role="img"`` named as the viewer names the card ("the King of Hearts"):
    a screen reader would say "K black heart suit", and a tooltip needs a mouse.

    >>> two = _card(Card.parse("2s"), Suit.SPADES)
    >>> 'role="img" aria-label="the Two of Spades"' in two and two.endswith(">2♠</span> Manille")
    True
    """
    title = card.title(trump) if trump is not None else None
    colour = "ombre-red" if card.suit.is_red else "ombre-black"
    label = f" {title}" if title else ""
    return (
        f'<span class="{colour}" role="img" aria-label="the {escape(card.name)}" title="{escape(card.name)}">'
        f"{escape(card.symbol)}</span>{escape(label)}"
    )


def _cards(cards: Sequence[Card], trump: Suit | None = None) -> str:
    return " ".join(_card(c, trump) for c in cards)


def _computed_by(*names: str) -> str:
    """The figure's provenance, in the small print the figures use for sources: the functions that made it.

    >>> _computed_by("ombre.engine.rules.result_of")[26:]
    '<small class="ombre-cite">Computed by the engine: ombre.engine.rules.result_of.</small></p>'
    """
    said = escape(", ".join(names))
    return f'<p class="ombre-computed"><small class="ombre-cite">Computed by the engine: {said}.</small></p>'


# --------------------------------------------------------------------------- the pack


def pack_html(seed: int = 1665) -> Html:
    """The forty cards, suit by suit, and the sizes of a deal (three hands of nine, a stock of thirteen).

    >>> "13 cards" in pack_html()
    True
    """
    rows = []
    for s in SUITS:
        cards = [c for c in DECK if c.suit is s]
        rows.append(cards_html(cards, size=34, label=f"the ten {s.plural}"))
    deal = Deal.random(seed=seed)
    sizes = ", ".join(str(len(h)) for h in deal.hands)
    text = (
        f"<p>The Ombre pack: {len(DECK)} cards, {len(DECK) // 4} in each suit (no eights, nines or tens). "
        f"A deal made by the engine (seed {seed}) gives hands of {sizes} cards and leaves "
        f"{len(deal.stock)} cards in the stock.</p>"
    )
    return Html('<div class="ombre-fig-pack">' + text + "".join(rows) + "</div>")


# --------------------------------------------------------------------------- orders


def _listed_items() -> tuple[list[str], list[str]]:
    sec = load_edition().section("of-the-names-of-the-cards")
    black: list[str] = []
    red: list[str] = []
    current = black
    for b in sec.blocks:
        if b.kind == "subheading" and b.text.startswith("Of the Red"):
            current = red
        elif b.kind == "subheading" and not b.text.startswith("Of the Black"):
            current = []
        elif b.kind == "item":
            current.append(b.text)
    return black, red


def card_orders_html() -> Html:
    """The pamphlet's two lists of trumps beside the engine's orders for each suit, and the plain orders.

    >>> table = card_orders_html()
    >>> table.count("<tr>") >= 14
    True
    """
    black, red = _listed_items()
    S, C, H, D = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS
    orders = {s: trump_order(s) for s in SUITS}
    rows = []
    for i in range(max(len(black), len(red))):
        row = [str(i + 1)]
        for items, suits in ((black, (S, C)), (red, (H, D))):
            if i < len(items):
                row.append(f'<span class="ombre-period">{escape(items[i])}</span>')
                row += [_card(orders[s][i], s) for s in suits]
            else:
                row += ["", "", ""]
        rows.append(row)
    trumps = table_html(
        [
            "",
            "1665, black suits",
            "spades trumps",
            "clubs trumps",
            "1665, red suits",
            "hearts trumps",
            "diamonds trumps",
        ],
        rows,
        caption=(
            "Trumps, highest first: the pamphlet's lists, and the engine's order of the trumps for each suit"
        ),
        markup=True,
        inline_style=False,
        classes="ombre-orders",
    )
    plain_rows = []
    for trump in SUITS:
        plains = [f"{_cards(plain_order(s, trump))}" for s in SUITS if s is not trump]
        names = ", ".join(s.plural for s in SUITS if s is not trump)
        plain_rows.append([trump.plural, names, "<br>".join(plains)])
    plain = table_html(
        ["trumps", "plain suits", "their order"],
        plain_rows,
        caption=(
            "The suits that are not trumps, highest first, in the engine's order: "
            "black K Q J 7 ... 2, red K Q J A 2 ... 7"
        ),
        markup=True,
        inline_style=False,
    )
    counts = ", ".join(f"{len(orders[s])} with {s.plural}" for s in SUITS)
    pictures = cards_html(
        orders[S], S, size=34, label="the eleven trumps when spades are trumps"
    ) + cards_html(orders[H], H, size=34, label="the twelve trumps when hearts are trumps")
    return Html(
        f'<div class="ombre-fig-orders"><p>Trumps: {counts}. The first row of cards is the order with '
        f"spades trumps, the second with hearts.</p>{pictures}{trumps}{plain}"
        + _computed_by("ombre.engine.rules.trump_order", "ombre.engine.rules.plain_order")
        + "</div>"
    )


# --------------------------------------------------------------------------- matadors


def _hand_with_sequence(n: int, trump: Suit) -> tuple[Card, ...]:
    top = list(trump_order(trump)[:n])
    others = [c for c in DECK if c not in trump_order(trump)]
    return tuple(top + others[: 9 - n])


def _matador_payment(rules: RuleSet, n: int, *, wins: bool = True) -> Amount:
    """What the first defender pays the Ombre (negative: is paid by him) for the Ombre's run of ``n`` trumps.

    Settled by :func:`ombre.engine.payments.settle` for an Ombre holding the first ``n`` trumps
    (spades trumps) who wins 5-2-2, or loses 2-5-2.

    >>> _matador_payment(RULES_1665, 3).format(RULES_1665.units)
    '+3 great marks'
    >>> _matador_payment(RULES_COURT_GAMESTER, 3, wins=False).format(RULES_COURT_GAMESTER.units)
    '-3 counters'
    """
    trump = Suit.SPADES
    order = trump_order(trump)
    hand = _hand_with_sequence(n, trump)
    rest = [c for c in DECK if c not in hand and c not in order]
    others = (tuple(rest[:9]), tuple(rest[9:18]))
    tricks = (5, 2, 2) if wins else (2, 5, 2)
    st = settle(rules, ombre=0, tricks_won=tricks, hands_at_play=(hand, *others), trump=trump)
    paid = Amount()
    for t in st.transfers:
        if "matadors" in t.reason and (t.payer, t.payee) == (1, 0):
            paid = paid + t.amount
        elif "matadors" in t.reason and (t.payer, t.payee) == (0, 1):
            paid = paid - t.amount
    return paid


def _shown(amount: Amount, rules: RuleSet) -> str:
    return amount.format(rules.units, signed=False) if amount else "nothing"


def matadors_html() -> Html:
    """What each opponent pays for an unbroken run of trumps from Spadille, under each rule set.

    Computed by :func:`ombre.engine.payments.settle` for a hand holding the first
    ``n`` trumps (spades trumps, the holder winning as Ombre).

    >>> "4 counters" in matadors_html()
    True
    """
    trump = Suit.SPADES
    order = trump_order(trump)
    rows = []
    for n in range(1, 10):
        cells = [
            str(n),
            _cards(order[:n], trump) if n <= 4 else _cards(order[:3], trump) + f" and {n - 3} more",
        ]
        for rules in (RULES_1665, RULES_COURT_GAMESTER):
            cells.append(_shown(_matador_payment(rules, n), rules))
        rows.append(cells)
    further = RULES_1665.matadors_per_card[1].removesuffix("s")
    return Html(
        table_html(
            ["run", "the cards", RULES_1665.display_name, RULES_COURT_GAMESTER.display_name],
            rows,
            caption=(
                "Each opponent pays the holder of an unbroken run of trumps from Spadille (spades trumps; "
                "the holder is the Ombre and wins)."
            ),
            markup=True,
            inline_style=False,
        )
        + f'<p class="ombre-computed"><small class="ombre-cite">For each trump after the three, the 1665 '
        f"column pays a {escape(further)}: the pamphlet says only \u201cone Mark or Counter\u201d, and a "
        f"{escape(further)} is the engine's reading of it (see the note on \u201cwhen they are all in a hand "
        "(else not)\u201d below).</small></p>" + _computed_by("ombre.engine.payments.settle")
    )


# --------------------------------------------------------------------------- the privilege


def privilege_html() -> Html:
    """Five tricks begun with a trump: what the hand may play, and the rule that says so.

    >>> out = privilege_html()
    >>> "Spadille forces Manille" in out and "privilege" in out
    True
    """
    trump = Suit.SPADES
    cases = [
        ("5s", "2s Kh Qd", "Kh", "a small trump led: the Manille may stay in the hand"),
        ("As", "2s Kh Qd", "Kh", "Spadille led: the lone Manille must fall"),
        (
            "As",
            "2s 4s Kh",
            "Kh",
            "Spadille led, the Manille guarded by a small trump: either trump will do",
        ),
        ("2s", "Ac Kh Qd", "Kh", "Manille led: the lone Basto must fall"),
        ("Ks", "As Ac Qd", "Qd", "the King led: both matadors may stay"),
    ]
    rows = []
    for led, hand_text, tried, what in cases:
        hand = parse_cards(hand_text)
        lead = parse_cards(led)
        legal = legal_plays(hand, lead, trump)
        why = explain_play(hand, lead, Card.parse(tried), trump)
        rows.append(
            [
                _card(lead[0], trump),
                _cards(hand, trump),
                _cards(legal, trump),
                f"{_card(Card.parse(tried), trump)}: {escape(why)}",
                escape(what),
            ]
        )
    return Html(
        table_html(
            ["led", "the hand", "may play", "the engine's ruling", "in words"],
            rows,
            caption="Spades trumps. Which cards may follow a trump lead, and why, in the engine's rules",
            markup=True,
            inline_style=False,
        )
        + _computed_by("ombre.engine.rules.legal_plays", "ombre.engine.rules.explain_play")
    )


# --------------------------------------------------------------------------- the end of the game

_RESULT_CLASS = {
    Result.WIN: "ombre-split-win",
    Result.VOLE: "ombre-split-vole",
    Result.CODILLE: "ombre-split-codille",
    Result.REPUESTO: "ombre-split-repuesto",
}
_RESULT_WORD = {
    Result.WIN: "win",
    Result.VOLE: "vole",
    Result.CODILLE: "codille",
    Result.REPUESTO: "repuesto",
}


def splits_html() -> Html:
    """Every split of the nine tricks (Ombre, first defender, second defender) and its result.

    Rows: the Ombre's tricks; columns: the first defender's; the second has
    the rest.  Each cell is :func:`ombre.engine.rules.result_of`.

    >>> "win: 16; vole: 1; codille: 34; repuesto: 4" in splits_html()
    True
    """
    counts: Counter[Result] = Counter()
    not_named: list[str] = []
    head = ["Ombre \\ first defender"] + [str(a) for a in range(10)]
    rows = []
    for o in range(9, -1, -1):
        row = [f"<strong>{o}</strong>"]
        for a in range(10):
            b = 9 - o - a
            if b < 0:
                row.append("")
                continue
            r = result_of((o, a, b), ombre=0)
            counts[r] += 1
            # both defenders above the Ombre and level: a split the pamphlet does not name
            unnamed = r is Result.REPUESTO and o < a == b
            if unnamed:
                not_named.append(f"{o}-{a}-{b}")
            word = _RESULT_WORD[r] + (", the engine's reading" if unnamed else "")
            row.append(
                f'<span class="ombre-split {_RESULT_CLASS[r]}" title="{o}-{a}-{b}: {word}">'
                f"{_RESULT_WORD[r][0].upper()}{'*' if unnamed else ''}<small>{o}-{a}-{b}</small></span>"
            )
        rows.append(row)
    total = sum(counts.values())
    summary = "; ".join(
        f"{_RESULT_WORD[r]}: {counts[r]}" for r in (Result.WIN, Result.VOLE, Result.CODILLE, Result.REPUESTO)
    )
    # the reasons are the note on the Repuesto's 4-4-1 (on the same page): linked, not repeated
    unnamed_note = (
        f"<p>R* marks {' and '.join(not_named)}, a split the pamphlet does not name: both defenders take "
        "more tricks than the Ombre and tie with each other. The engine scores it as a repuesto, which is "
        'its own interpretation: <a href="#ombre-note-four-four-one">the note on the Repuesto\'s 4-4-1</a> '
        "gives the pamphlet's words for both readings.</p>"
    )
    four = {f"4-{a}-{5 - a}": result_of((4, a, 5 - a), ombre=0) for a in range(6)}
    four_wins = [split for split, r in four.items() if r is Result.WIN]
    four_not = [f"{split} ({_RESULT_WORD[r]})" for split, r in four.items() if r is not Result.WIN]
    return Html(
        '<div class="ombre-fig-splits">'
        + table_html(
            head,
            rows,
            caption=(
                f"All {total} ways nine tricks can fall (Ombre-first defender-second defender). "
                "W win, V vole, C codille, R repuesto; R* a split the pamphlet does not name, "
                "scored as a repuesto by the engine (see below the table)."
            ),
            markup=True,
            inline_style=False,
            classes="ombre-splits",
        )
        + f"<p>Counting the splits: {summary}. With four tricks the Ombre wins at {' and '.join(four_wins)} "
        f"only, not at {', '.join(four_not)}.</p>"
        + unnamed_note
        + _computed_by("ombre.engine.rules.result_of")
        + "</div>"
    )


# --------------------------------------------------------------------------- payments


_RULE_FIELDS = [
    ("unit_values", "units"),
    ("game_stake", "stake for the game, each"),
    ("pass_fee", "for passing"),
    ("eldest_fee", "for the hand, if eldest"),
    ("take_in_fee", "for each card taken in"),
    ("matadors_three", "the three matadors, from each of the other two"),
    ("matadors_per_card", "each further trump of the run, from each"),
    ("matadors_paid", "the matadors are paid"),
    ("sans_prendre_bonus", "without taking in, from (or to) each"),
    ("vole_bonus", "the vole, from each"),
    ("vole_clears_table", "the vole clears the table"),
    ("vole_must_be_declared_before_trick", "the vole declared before trick"),
    ("renounce_doubles_stake", "a renounce doubles the stake"),
    ("loss_divides_stakes", "a loss without codille: the defenders divide the stakes"),
]

_SCENARIOS: list[tuple[str, tuple[int, int, int], dict[str, object]]] = [
    ("wins 5-3-1", (5, 3, 1), {}),
    ("wins 4-3-2", (4, 3, 2), {}),
    ("codille, 3-4-2", (3, 4, 2), {}),
    ("repuesto, 4-4-1", (4, 4, 1), {}),
    ("wins without taking in, 6-2-1", (6, 2, 1), {"sans_prendre": True}),
    ("the vole, declared", (9, 0, 0), {"vole_declared": True}),
]


def payments_html() -> Html:
    """The two rule sets side by side, then the same hands settled under each.

    >>> out = payments_html()
    >>> "great marks" in out and "counters" in out
    True
    """
    rows = []
    for name, label in _RULE_FIELDS:
        cells = [escape(label)]
        for rules in (RULES_1665, RULES_COURT_GAMESTER):
            value = dict((f, v) for f, v, _ in rules.as_rows())[name]
            cite = rules.citation(name)
            if name == "matadors_three":
                # settled, so that a rule set paying per card shows what the three earn, not its 0
                value = _shown(_matador_payment(rules, 3), rules)
                if not rules.matadors_three[0]:
                    unit = rules.matadors_per_card[1].removesuffix("s")
                    cite = f"{cite}, a {unit} for each. {rules.citation('matadors_per_card')}"
            elif name == "matadors_per_card":
                value = _shown(_matador_payment(rules, 4) - _matador_payment(rules, 3), rules)
            if name == "matadors_per_card" and rules is RULES_1665:
                cite += " (which mark, the pamphlet does not say: this is the engine's reading)"
            cells.append(f'{escape(value)}<br><small class="ombre-cite">{escape(cite)}</small>')
        rows.append(cells)
    rules_table = table_html(
        ["", RULES_1665.display_name, RULES_COURT_GAMESTER.display_name],
        rows,
        caption="The stakes and payments of the engine's two rule sets, each with its source",
        markup=True,
        inline_style=False,
    )
    hands = (
        parse_cards("2s Ac Ks Qs Kh Qh Jh Kd Qd"),
        parse_cards("7s 6s 5s Kc Qc Jc Ah 2h Jd"),
        parse_cards("4s 3s As 7c 6c 3h 4h Ad 2d"),
    )
    srows = []
    for label, tricks, opts in _SCENARIOS:
        cells = [escape(label)]
        for rules in (RULES_1665, RULES_COURT_GAMESTER):
            sans = bool(opts.get("sans_prendre", False))
            st = settle(
                rules,
                ombre=0,
                tricks_won=tricks,
                hands_at_play=hands,
                trump=Suit.SPADES,
                sans_prendre=sans,
                vole_declared=bool(opts.get("vole_declared", False)),
                eldest=0,
                taken_in=(0, 5, 4) if sans else (4, 3, 2),
            )
            units = rules.units
            nets = " / ".join(minus_signs(st.net[i].format(units)) if st.net[i] else "0" for i in range(3))
            pool = st.pool_after.format(units).replace("+", "") if st.pool_after else "empty"
            cells.append(
                f"{escape(st.result.value if st.result else 'passed')}: {escape(nets)}; table {escape(pool)}"
            )
        srows.append(cells)
    scen = table_html(
        ["the hand", RULES_1665.display_name, RULES_COURT_GAMESTER.display_name],
        srows,
        caption=(
            "The same hands settled under each rule set: net for the Ombre / first "
            "defender / second defender, and what is left on the table. Spades are trumps and nobody holds "
            "the three matadors. The Ombre is eldest and takes in 4 cards, the defenders 3 and 2 (against a "
            "game without taking in, 5 and 4). Only the game itself is settled: the fee that each player who "
            "passed pays to the pool (a lesser mark in 1665, a counter in the Court Gamester) is left out."
        ),
        markup=True,
        inline_style=False,
    )

    def repuesto(rules: RuleSet) -> str:
        if rules.loss_divides_stakes:
            return (
                f"under {rules.display_name} the defenders divide the stakes between them and the Ombre "
                "replaces them"
            )
        return f"under {rules.display_name} the stake stays on the table, doubled, for the next hand"

    note = (
        "<p>Under 1665 a lesser mark is a penny and a great mark twelve pence (the pamphlet's example); the "
        "Court Gamester counts in counters, a fish of ten each for the stake. In a repuesto "
        f"{repuesto(RULES_1665)}; {repuesto(RULES_COURT_GAMESTER)}.</p>"
    )
    provenance = _computed_by(
        "ombre.engine.rulesets.RULES_1665",
        "ombre.engine.rulesets.RULES_COURT_GAMESTER",
        "ombre.engine.payments.settle",
    )
    return Html('<div class="ombre-fig-payments">' + rules_table + scen + note + provenance + "</div>")


# --------------------------------------------------------------------------- the tenace


def tenace_html() -> Html:
    """The text's tenace, solved: Spadille and Basto against the Manille and a small trump.

    >>> "you lose one" in tenace_html()
    True
    """
    trump = Suit.SPADES
    hands = ["2s 5s", "As Ac", "Kh Qh"]
    names = ["he (the Player)", "you", "the third player"]
    parts = []
    for leader, title in ((1, "If you lead"), (0, "If he leads")):
        pos = Position.from_hands(hands, trump=trump, ombre=0, leader=leader)
        total = solve(pos)
        values = analyse(pos)
        lines = []
        for card, v in values.items():
            p, tricks, current = pos, [], []
            chosen: Card | None = card
            while p.tricks_left:
                if chosen is None:
                    scores = analyse(p)
                    pick = max if p.to_move == 0 else min
                    chosen = pick(scores, key=lambda c: scores[c])
                current.append(f"{names[p.to_move]} {_card(chosen, trump)}")
                p = p.play(chosen)
                chosen = None
                if not p.trick:
                    tricks.append(
                        f"{', '.join(current)}: {names[p.leader]} win{'s' if p.leader != 1 else ''}"
                    )
                    current = []
            lines.append(
                f"<li>{'; then '.join(tricks)}. He takes {v} trick{'s' if v != 1 else ''}, you {2 - v}.</li>"
            )
        verdict = "you lose one" if total == 1 else "you win both"
        parts.append(f"<p><strong>{title}</strong>: with best play {verdict}.</p><ul>{''.join(lines)}</ul>")
    cards = (
        "<p>You: "
        + _cards(parse_cards(hands[1]), trump)
        + "; he: "
        + _cards(parse_cards(hands[0]), trump)
        + "; the third player, out of trumps: "
        + _cards(parse_cards(hands[2]), trump)
        + ". Spades are trumps; two tricks to play. The engine's solver tries each card led and plays "
        "on with best play; each line gives his tricks and yours.</p>"
    )
    provenance = _computed_by("ombre.engine.solver.solve", "ombre.engine.solver.analyse")
    return Html('<div class="ombre-fig-tenace">' + cards + "".join(parts) + provenance + "</div>")


# --------------------------------------------------------------------------- counting trumps


def trump_count_html() -> Html:
    """How many trumps are still out after the Ombre's three matadors, with five trumps in his hand.

    >>> "none" in trump_count_html() and "1" in trump_count_html()
    True
    """
    rows = []
    for s in SUITS:
        total = len(trump_order(s))
        left = total - 5 - 2 * 3
        rows.append([s.plural, str(total), "5", "6", str(left) if left else "none"])
    return Html(
        table_html(
            ["trumps", "trumps in all", "in his hand", "fallen to the matadors", "still out"],
            rows,
            caption=(
                "The Ombre holds five trumps (the three matadors and two more) and leads the matadors; "
                "both opponents follow three times. Trumps still out:"
            ),
            markup=True,
            inline_style=False,
        )
        + _computed_by("ombre.engine.rules.trump_order")
    )
