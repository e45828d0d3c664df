"""Writing game records: the canonical text of a :class:`~ombre.engine.record.model.GameRecord`."""

from __future__ import annotations

from collections.abc import Iterable

from ombre.engine.record.model import _STRUCTURED_FOLDED, _TAG_NAME_RE, GameRecord, _cards_text

__all__ = ["write_record", "write_records"]


def _write_comment(text: str) -> str:
    body = text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
    if "\n" not in body:
        return "{ " + body + " }"
    return "{\n" + "\n".join("  " + line if line else "" for line in body.split("\n")) + "\n}"


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def write_record(record: GameRecord) -> str:
    """The canonical text of one game, ending with a newline.

    >>> from ombre.engine.cards import Suit
    >>> from ombre.engine.record import RecordedDeal, TrumpSection
    >>> deal = RecordedDeal.unknown()
    >>> g = GameRecord(("Ann", "Ben", "Cat"), deal, tags=(("Event", "Test"),),
    ...                trump=TrumpSection(Suit.SPADES, ("Let Spades be trumps!",)))
    >>> print(write_record(g), end="")
    [Event "Test"]
    [Rules "1665"]
    [Players "Ann; Ben; Cat"]
    [Dealer "Cat"]
    [Deal "?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? / ?? ?? ?? ?? ?? ?? ?? ?? ?? / \
?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??"]
    Trump: spades
    { Let Spades be trumps! }
    """
    for name, _ in record.tags:
        if name.casefold() in _STRUCTURED_FOLDED or not _TAG_NAME_RE.fullmatch(name):
            raise ValueError(f"tag name {name!r} cannot be written as a free tag")
    for p in record.players:
        if ";" in p or p != p.strip() or not p:
            raise ValueError(f"player name {p!r} cannot be written (no ';', no surrounding spaces)")
    lines: list[str] = [_tag(k, v) for k, v in record.tags]
    lines.append(_tag("Rules", record.rules))
    lines.append(_tag("Players", "; ".join(record.players)))
    lines.append(_tag("Dealer", record.dealer))
    lines.append(_tag("Deal", str(record.deal)))
    if record.result is not None:
        lines.append(_tag("Result", record.result))
    lines.extend(_write_comment(c) for c in record.comments)

    def section(head: str, body: str, comments: tuple[str, ...]) -> None:
        lines.append(f"{head} {body}".rstrip())
        lines.extend(_write_comment(c) for c in comments)

    if record.bidding is not None:
        section("Bidding:", " ".join(record.bidding.bids), record.bidding.comments)
    if record.trump is not None:
        section("Trump:", record.trump.suit.plural, record.trump.comments)
    if record.exchange is not None:
        section("Exchange:", " / ".join(str(e) for e in record.exchange.entries), record.exchange.comments)
    for t in record.tricks:
        if record.vole is not None and record.vole.before_trick == t.number:
            section("Vole", "", record.vole.comments)
        section(f"{t.number}.", _cards_text(t.cards), t.comments)
    if record.vole is not None and record.vole.before_trick > len(record.tricks):
        section("Vole", "", record.vole.comments)
    return "\n".join(lines) + "\n"


def write_records(records: Iterable[GameRecord]) -> str:
    """Several games, separated by blank lines."""
    return "\n".join(write_record(r) for r in records)
