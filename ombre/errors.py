"""The package's exceptions: every error a user can cause is an :class:`OmbreError`.

This module imports nothing from :mod:`ombre`, so every other module may
import it.  The command line turns an :class:`OmbreError` into one line on
standard error and exit status 2.

>>> err = RecordError("unknown tag 'Evnt'", path="games.omb", line=3, col=2)
>>> str(err)
"games.omb:3:2: unknown tag 'Evnt'"
>>> isinstance(err, OmbreError)
True
>>> str(IllegalPlayError("must follow hearts", card="Ks", seat=1))
'must follow hearts'
"""

from __future__ import annotations

__all__ = [
    "OmbreError",
    "IllegalPlayError",
    "IllegalActionError",
    "RecordError",
    "BrailleError",
    "TextError",
    "RulesError",
]


class OmbreError(Exception):
    """Base class of every error the package raises on bad input or an illegal move."""


class IllegalActionError(OmbreError):
    """An action that the current state does not allow (wrong phase, wrong turn, bad bid ...).

    ``seat`` is the seat that tried to act, when known.
    """

    def __init__(self, message: str, *, seat: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat


class IllegalPlayError(IllegalActionError):
    """A card that may not be played now; the message names the rule broken.

    Typical messages: ``"must follow hearts"``, ``"must play a trump: trumps
    were led"``, ``"it is the Baron's turn, not Belinda's"``,
    ``"the Queen of Spades is not in this hand"``.  ``card`` is the card's
    text (``"Ks"``) when a card was involved.
    """

    def __init__(self, message: str, *, card: str | None = None, seat: int | None = None) -> None:
        super().__init__(message, seat=seat)
        self.card = card


class RulesError(OmbreError):
    """An unknown rule set or an inconsistent rule-set option."""


class RecordError(OmbreError):
    """A problem in a game record, located as ``FILE:LINE:COL: message``.

    ``line`` and ``col`` count from 1; either may be ``None`` when unknown,
    and the location is then shortened (``FILE:LINE: message``, ``FILE: message``).

    >>> str(RecordError("missing [Deal] tag", path="a.omb", line=1))
    'a.omb:1: missing [Deal] tag'
    >>> str(RecordError("empty file"))
    '<record>: empty file'
    """

    def __init__(
        self, message: str, *, path: str | None = None, line: int | None = None, col: int | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.col = col

    @property
    def location(self) -> str:
        """``FILE:LINE:COL`` (as much of it as is known)."""
        loc = self.path if self.path is not None else "<record>"
        if self.line is not None:
            loc += f":{self.line}"
            if self.col is not None:
                loc += f":{self.col}"
        return loc

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class BrailleError(OmbreError):
    """A problem in a braille (BRF) text, located by braille page, line and cell (all from 1).

    >>> str(BrailleError("unknown sign '}'", page=3, line=12, cell=7))
    "braille page 3, line 12, cell 7: unknown sign '}'"
    """

    def __init__(
        self,
        message: str,
        *,
        page: int | None = None,
        line: int | None = None,
        cell: int | None = None,
        path: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.page = page
        self.line = line
        self.cell = cell
        self.path = path

    @property
    def location(self) -> str:
        """A readable location, e.g. ``braille page 3, line 12, cell 7``."""
        parts = []
        if self.path is not None:
            parts.append(self.path)
        if self.page is not None:
            parts.append(f"braille page {self.page}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.cell is not None:
            parts.append(f"cell {self.cell}")
        return ", ".join(parts) if parts else "<braille>"

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class TextError(OmbreError):
    """A fault in Pope's or Morley's text or its repair data, or a request for lines that do not exist."""
