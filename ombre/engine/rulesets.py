"""Rule sets: the differences between the sources (stakes, fees, matadors, the vole ...), as data.

A :class:`RuleSet` names each rule on which the sources differ, with the passage it comes
from; :data:`RULESETS` holds the two the engine ships, 1665 (*The Royal Game of the Ombre*,
the braille source) and the Court Gamester as told by Morley, and :func:`get_rules` finds one
by name.  The rules every source shares (the order of the cards, legal play, results) are in
:mod:`ombre.engine.rules`; what the rule sets make the players pay, in :mod:`ombre.engine.payments`.

>>> get_rules("court-gamester").game_stake
(10, 'counters')
>>> [r.display_name for r in RULESETS.values()]
['The Royal Game (1665)', 'Court Gamester (Morley)']
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ombre.errors import RulesError

__all__ = [
    "RuleSet",
    "RULESETS",
    "RULES_1665",
    "RULES_COURT_GAMESTER",
    "get_rules",
]


@dataclass(frozen=True)
class RuleSet:
    """A named set of rules: the differences between the sources, as data.

    Amounts are ``(number, unit)`` pairs.  ``unit_values`` converts every
    unit to the smallest one (for :meth:`ombre.engine.game.GameState.returns`).
    """

    name: str
    title: str
    source: str
    #: units of account, largest first, with their value in the last unit
    unit_values: tuple[tuple[str, int], ...]
    #: each player's stake for the game when the table is empty
    game_stake: tuple[int, str]
    #: paid to the pool by each player who passes
    pass_fee: tuple[int, str]
    #: paid to the pool by the eldest hand ("for the hand, if you be eldest")
    eldest_fee: tuple[int, str]
    #: paid to the pool for each card a player takes in
    take_in_fee: tuple[int, str]
    #: matadors count only when Spadille, Manille and Basto are all in one hand
    matadors_need_all_three: bool
    #: paid by each other player for the three matadors together (0 if paid per card)
    matadors_three: tuple[int, str]
    #: paid by each other player for each card of the sequence beyond the three (for every card of
    #: it, the three included, when ``matadors_three`` is 0)
    matadors_per_card: tuple[int, str]
    #: ``"holder"``: whoever holds them is paid, win or lose; ``"ombre"``: paid to the
    #: Ombre if he wins, by him if he loses
    matadors_paid: str
    #: sans prendre: paid by each defender to a winning Ombre, by a losing Ombre to each
    sans_prendre_bonus: tuple[int, str]
    #: paid by each defender for a vole (declared, if the rule set demands it)
    vole_bonus: tuple[int, str]
    #: a vole clears all stakes on the table; must be true: the engine keeps a single table, and
    #: every win, a vole included, takes up all of it (Morley: "clears all stakes upon the table")
    vole_clears_table: bool
    #: the vole must be declared before this trick (1-based), or ``None`` for no declaration
    vole_must_be_declared_before_trick: int | None
    #: the ordinary Ombre (not sans prendre) must take in at least one card
    ombre_must_take_in: bool
    #: if all three pass, the holder of Spadille must play; otherwise (and always when Spadille is in
    #: the stock) the hand is passed out and dealt again, the pool staying on the table
    forced_spadille: bool
    #: a renounce makes the offender pay the stake again into the pool; if false (a home rule, in no
    #: source) a renounce is still flagged but costs nothing
    renounce_doubles_stake: bool
    #: an Ombre who loses without codille (no defender has more tricks than he and the other
    #: defender) is beasted: the two defenders divide the stakes on the table between them, an odd
    #: counter staying on the table, and he replaces what they took up; if false (1665), the
    #: Repuesto: nobody takes the stakes up and he doubles them, for the next hand
    loss_divides_stakes: bool = False
    #: citations, field name -> source
    citations: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Check that a (possibly home-made) rule set is consistent; raise :class:`RulesError` if not.

        >>> import dataclasses
        >>> dataclasses.replace(get_rules("1665"), name="x", pass_fee=(1, "guineas"))
        Traceback (most recent call last):
        ...
        ombre.errors.RulesError: rule set 'x': pass_fee uses 'guineas', not one of great marks, lesser marks
        """
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"rule set name must be a non-empty str, not {self.name!r}")
        where = f"rule set {self.name!r}"
        units = self.unit_values
        if not isinstance(units, tuple) or not all(
            isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) and _is_int(p[1]) and p[1] > 0
            for p in units
        ):
            raise RulesError(
                f"{where}: unit_values must be a tuple of (unit name, value in the smallest unit) pairs, "
                f"each value a positive int, not {units!r}"
            )
        known = {u for u, _ in self.unit_values}
        if not known:
            raise RulesError(f"rule set {self.name!r}: unit_values names no unit")
        if len(known) != len(units):
            raise RulesError(f"{where}: unit_values names a unit twice: {units!r}")
        citations = self.citations
        if not isinstance(citations, tuple) or not all(
            isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in citations
        ):
            raise RulesError(f"{where}: citations must be a tuple of (field name, source) pairs of str")
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "str" and not isinstance(value, str):
                raise RulesError(f"{where}: {f.name} must be a str, not {type(value).__name__} {value!r}")
            if f.type == "bool" and not isinstance(value, bool):
                raise RulesError(
                    f"{where}: {f.name} must be True or False, not {type(value).__name__} {value!r}"
                )
            if f.type == "int | None" and value is not None and not _is_int(value):
                raise RulesError(
                    f"{where}: {f.name} must be an int or None, not {type(value).__name__} {value!r}"
                )
            if f.type == "tuple[int, str]":
                if not (isinstance(value, tuple) and len(value) == 2 and _is_int(value[0])):
                    raise RulesError(
                        f"{where}: {f.name} must be a (whole number, unit) pair such as (1, "
                        f"{self.units[-1]!r}), not {value!r}"
                    )
                n, unit = value
                if unit not in known:
                    raise RulesError(
                        f"rule set {self.name!r}: {f.name} uses {unit!r}, not one of {', '.join(self.units)}"
                    )
                if n < 0:
                    raise RulesError(f"rule set {self.name!r}: {f.name} must not be negative")
        if self.matadors_paid not in ("holder", "ombre"):
            raise RulesError(f"rule set {self.name!r}: matadors_paid must be 'holder' or 'ombre'")
        before = self.vole_must_be_declared_before_trick
        if before is not None and not 2 <= before <= 9:
            raise RulesError(f"rule set {self.name!r}: the vole is declared before a trick from 2 to 9")
        if not self.vole_clears_table:
            raise RulesError(
                f"rule set {self.name!r}: vole_clears_table must be True: the engine keeps a single table, "
                "and every win, a vole included, takes up all of it"
            )

    @property
    def units(self) -> tuple[str, ...]:
        """Units of account, largest first."""
        return tuple(u for u, _ in self.unit_values)

    def value(self, amount: tuple[int, str]) -> int:
        """An amount in the smallest unit."""
        n, unit = amount
        return n * dict(self.unit_values)[unit]

    @property
    def display_name(self) -> str:
        """The rule set's name for prose and tables, where ``name`` is the engine's key.

        >>> get_rules("court-gamester").display_name
        'Court Gamester (Morley)'
        >>> import dataclasses
        >>> dataclasses.replace(get_rules("1665"), name="home", title="House rules").display_name
        'House rules'
        """
        return _DISPLAY_NAMES.get(self.name, self.title)

    def citation(self, field_name: str) -> str:
        """The source for one field, or the rule set's general source."""
        return dict(self.citations).get(field_name, self.source)

    def as_rows(self) -> list[tuple[str, str, str]]:
        """``(field, value, citation)`` rows, for the side-by-side table in the book."""
        rows = []
        for f in fields(self):
            if f.name in ("name", "citations"):
                continue
            value = getattr(self, f.name)
            shown = _MATADORS_PAID[value] if f.name == "matadors_paid" else _show(value)
            rows.append((f.name, shown, self.citation(f.name)))
        return rows


#: How the book names the shipped rule sets (any other rule set is named by its title).
_DISPLAY_NAMES: dict[str, str] = {
    "1665": "The Royal Game (1665)",
    "court-gamester": "Court Gamester (Morley)",
}

#: ``matadors_paid`` in words.
_MATADORS_PAID: dict[str, str] = {
    "holder": "to whoever holds them, win or lose",
    "ombre": "to the Ombre if he wins; by him if he loses",
}


def _is_int(value: object) -> bool:
    """A whole number, not a bool (``True`` is an ``int`` to Python, but not a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        n, unit = value
        return f"{n} {unit if n != 1 else unit.removesuffix('s')}"
    if isinstance(value, tuple):
        return ", ".join(f"{u} = {v}" for u, v in value)
    return str(value)


#: The rules of *The Royal Game of the Ombre* (1665), with the engine's readings where it is silent.
RULES_1665 = RuleSet(
    name="1665",
    title="The Royal Game of the Ombre (1665)",
    source="1665",
    unit_values=(("great marks", 12), ("lesser marks", 1)),
    game_stake=(1, "great marks"),
    pass_fee=(1, "lesser marks"),
    eldest_fee=(1, "lesser marks"),
    take_in_fee=(1, "lesser marks"),
    matadors_need_all_three=True,
    matadors_three=(3, "great marks"),
    matadors_per_card=(1, "lesser marks"),
    matadors_paid="holder",
    sans_prendre_bonus=(1, "great marks"),
    vole_bonus=(1, "great marks"),
    vole_clears_table=True,
    vole_must_be_declared_before_trick=5,
    ombre_must_take_in=True,
    forced_spadille=False,
    renounce_doubles_stake=True,
    loss_divides_stakes=False,
    citations=(
        ("unit_values", '1665, "Of the Stakes": great marks "at 12. pence, the lesser ... pence the piece"'),
        ("game_stake", '1665, "Of the Stakes": "great Marks you stake each one one for the Game"'),
        ("pass_fee", '1665, "Of the Stakes": "the lesser for passing"'),
        ("eldest_fee", '1665, "Of the Stakes": "for the hand, if you be eldest"'),
        ("take_in_fee", '1665, "Of the Stakes": "for each Card you take in, one Mark"'),
        ("matadors_need_all_three", '1665, "Of the Matadors": "when they are all in a hand (else not)"'),
        ("matadors_three", '1665, "Of the Matadors": "three of the greater Marks ... the piece"'),
        ("matadors_per_card", '1665, "Of the Matadors": "one Mark or Counter, the piece, even to nine"'),
        (
            "matadors_paid",
            '1665, "Of taking in", article 5: the six counters are received even if the game is lost',
        ),
        ("sans_prendre_bonus", '1665, "Of playing without taking in"'),
        (
            "vole_bonus",
            '1665, "Of the Voll": "they likewise are to give you one Mark or Counter the piece"; the '
            'engine\'s reading: a great mark, "likewise" pointing back to the section before it, where '
            'the players pay "one of the greater Marks or Counters" for a game without taking in (in '
            '"Of the Matadors" the same "one Mark or Counter, the piece" is read as a lesser mark)',
        ),
        (
            "vole_clears_table",
            "convention: 1665 is silent; the Voll is a win, and a win takes up all the stakes on the table",
        ),
        ("vole_must_be_declared_before_trick", '1665, "Of the Voll": "declare before the fifth Trick"'),
        (
            "ombre_must_take_in",
            "convention: 1665 binds only the player who has asked whether any will play without taking in "
            '(article 2); article 1 lets the first hand take in "as many of or as few Cards as he pleases"',
        ),
        ("forced_spadille", "1665: no forced Spadille; silent on all passing, the engine deals again"),
        (
            "renounce_doubles_stake",
            '1665, "Of the Forfeitures": "If you Renounce, you are to double the Stake"',
        ),
        (
            "loss_divides_stakes",
            '1665, "Of the Repuesto": "the Player doubles the Stake, without any ones winning it"',
        ),
    ),
)

#: The rules of the *Court Gamester* (Seymour, first printed 1719) as Morley (1891) tells them: five
#: years after the poem, so not rules Pope can have known (those are the 1665 pamphlet's and Cotton's,
#: 1674), but the set Morley used to explain Belinda's game.  Each field's citation says whose it is:
#: "Morley" where the part of his note the package ships says so; "Court Gamester, later edition" with a
#: page where the page text of an undated later edition (Google Books id _UgJAAAAQAAJ; bibliography key
#: ``courtgamesterlater``) was read, not a print copy; "not checked" where no copy was consulted;
#: "convention" where the engine chose.
RULES_COURT_GAMESTER = RuleSet(
    name="court-gamester",
    title="The Court Gamester (Seymour, 1719; 5th ed. 1728), as told by Morley (1891)",
    source="Court Gamester/Morley",
    unit_values=(("counters", 1),),
    game_stake=(10, "counters"),
    pass_fee=(1, "counters"),
    eldest_fee=(0, "counters"),
    take_in_fee=(0, "counters"),
    matadors_need_all_three=True,
    matadors_three=(3, "counters"),
    matadors_per_card=(1, "counters"),
    matadors_paid="ombre",
    sans_prendre_bonus=(3, "counters"),
    vole_bonus=(0, "counters"),
    vole_clears_table=True,
    vole_must_be_declared_before_trick=None,
    ombre_must_take_in=True,
    forced_spadille=False,
    renounce_doubles_stake=True,
    loss_divides_stakes=True,
    citations=(
        ("unit_values", "Morley: counters"),
        (
            "game_stake",
            "Court Gamester, later edition, p. 27 (page text, not a print copy): each player stakes a fish, "
            "reckoned at ten counters or sometimes twelve; the engine takes ten",
        ),
        ("pass_fee", 'Morley: the others say "Pass", "each depositing his counter"'),
        ("eldest_fee", "Morley: none named"),
        ("take_in_fee", "Morley: none named"),
        (
            "matadors_need_all_three",
            "Court Gamester and Hoyle, not checked against a copy: false matadors count only below the three",
        ),
        ("matadors_three", "Morley: a counter a matador (four for Belinda's four), so three for the three"),
        ("matadors_per_card", 'Morley: Belinda is paid "four counters from each" for four matadors'),
        ("matadors_paid", "Morley: to the winning Ombre; Hoyle: a losing Ombre pays them"),
        ("sans_prendre_bonus", 'Morley: "receives three counters from each ... pays three counters to each"'),
        ("vole_bonus", "Morley: the vole clears the table instead"),
        ("vole_clears_table", 'Morley: "clears all stakes upon the table"'),
        ("vole_must_be_declared_before_trick", "Morley: no declaration named"),
        (
            "ombre_must_take_in",
            'convention; Morley: the Ombre "begins by discarding from his hand two, three, or more cards"',
        ),
        (
            "forced_spadille",
            "Court Gamester, later edition, pp. 32 and 41 (page text): when all pass each lays down a "
            "counter; forced Spadille is described there as another sort of Ombre, not the game itself",
        ),
        ("renounce_doubles_stake", 'Morley: "beasted for revokes": pays the value of the stake'),
        (
            "loss_divides_stakes",
            'Morley: "when he loses the two opponents will divide the stakes between them, unless one of '
            'them should have taken more tricks than the Ombre"; "For if the Ombre be beasted he has to '
            "replace the stakes.\" Morley's rule, not the Court Gamester's: in its later edition (pp. 24 "
            "and 27, page text) the stakes a beasted Ombre lays down lie on the board with the stake to "
            "be played for at the next deal, and at codille the winner takes up the stake while the "
            "Ombre lays one down; the pages read divide nothing. An odd counter, of which Morley says "
            "nothing, stays on the table (the engine's convention)",
        ),
    ),
)

#: The rule sets by name.
RULESETS: dict[str, RuleSet] = {r.name: r for r in (RULES_1665, RULES_COURT_GAMESTER)}


def get_rules(name: str | RuleSet) -> RuleSet:
    """The rule set called ``name`` (a :class:`RuleSet` is returned unchanged).

    >>> get_rules("1665").game_stake
    (1, 'great marks')
    >>> get_rules("hoyle")
    Traceback (most recent call last):
    ...
    ombre.errors.RulesError: unknown rule set 'hoyle' (known: 1665, court-gamester)
    """
    if isinstance(name, RuleSet):
        return name
    if not isinstance(name, str):
        raise TypeError(
            f"rules: expected a rule set's name ({', '.join(repr(n) for n in RULESETS)}) or a RuleSet, "
            f"not {type(name).__name__} {name!r}"
        )
    key = name.strip().lower()
    if key in RULESETS:
        return RULESETS[key]
    raise RulesError(f"unknown rule set {name!r} (known: {', '.join(RULESETS)})")
