"""North American Braille ASCII (BRF), uncontracted grade 1: decoder, encoder, Unicode cells.

The 1665 pamphlet survives in this project only as a braille file (see
``ombre/sources/data/README.md``).  This module reads it back into print and
writes print into braille again, keeping for every word the place where it
stands in the braille (page, line, cell), so any passage can be shown beside
its cells.

**The cells.**  Each of the 64 braille cells has one ASCII character
(``a`` = dot 1, ``,`` = dot 6, ``#`` = dots 3456, ...).  Upper- and lower-case
letters are the same cell.  The grade 1 signs read here are those of English
Braille American Edition (EBAE): the capital sign ``,`` (``,,`` for a word in
capitals), the number sign ``#`` with the letters ``a``-``j`` as the digits
1-0, the letter sign ``;``, and the punctuation cells ``1`` (comma), ``2``
(semicolon), ``3`` (colon), ``4`` (full stop), ``6`` (exclamation mark),
``8`` (question mark, or an opening quotation mark before a word), ``0``
(closing quotation mark), ``'`` (apostrophe), ``-`` (hyphen; ``--`` a dash)
and ``7``, the parenthesis, the same cell for "(" and ")": the first ``7``
opens and the next one closes, since EBAE parentheses do not nest.  The cells
that only contracted braille uses (``&`` "and", ``!`` "the", ...) raise a
:class:`~ombre.errors.BrailleError`, as does anything that is no cell at all.

**The layout.**  Lines are 40 cells, pages 25 lines, and an empty line
separates pages.  The text runs on from line to line like a stream: words are
never split; a word that does not fit moves to the next line and the rest of
the line is padded with spaces; a space that falls after cell 40 begins the
next line.  So a line that begins with a space continues a line that was full.
A run of two or more spaces inside a line separates blocks (headings,
paragraphs) of the transcription, and a word moved to a new line although it
would have fitted after one space marks a forced line break.  A block break
that falls exactly at the end of a line cannot be seen in the cells: the
decoder reads it as one space (the edition's structure data restores those).

>>> brf = ",game of the ,ombre4  ,l',ombre is a\\n,spanish ,game at ,cards1 as much as to"
>>> doc = decode(brf + "\\nsay1 ,the ,man3")
>>> doc.paragraphs[0].text
'Game of the Ombre.'
>>> doc.paragraphs[1].text
"L'Ombre is a Spanish Game at Cards, as much as to say, The Man:"
>>> doc.words[-3].text, doc.words[-3].position
('say,', Place(page=1, line=3, cell=1))
>>> encode_word("1665.")
'#affe4'
>>> to_unicode(",ombre")
'⠠⠕⠍⠃⠗⠑'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ombre.errors import BrailleError

__all__ = [
    "WIDTH",
    "PAGE_LENGTH",
    "measure",
    "unusual_geometry",
    "EXPORT_FORMAT",
    "CELLS",
    "Place",
    "Word",
    "Paragraph",
    "BrailleLine",
    "BrfFormat",
    "BrailleDocument",
    "decode",
    "decode_cells",
    "encode",
    "encode_blocks",
    "encode_word",
    "to_unicode",
    "from_unicode",
    "dots",
    "cell_name",
    "load_1665",
    "source_1665",
    "iter_cells",
    "words_in",
]

#: Cells in a line of the transcription.
WIDTH = 40
#: Lines in a page of the transcription.
PAGE_LENGTH = 25

#: The 64 cells in Unicode order: ``CELLS[n]`` is the ASCII sign of U+2800 + n,
#: where bit k of n is dot k + 1.
CELLS = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="

_CELL_INDEX = {c: i for i, c in enumerate(CELLS)}
# Lower-case letters and ` { | } ~ are the same cells as A-Z and @ [ \ ] ^.
for _low, _up in zip("abcdefghijklmnopqrstuvwxyz`{|}~", "ABCDEFGHIJKLMNOPQRSTUVWXYZ@[\\]^", strict=True):
    _CELL_INDEX[_low] = _CELL_INDEX[_up]

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_DIGIT_LETTERS = "jabcdefghi"  # digit d is written with _DIGIT_LETTERS[d]

# What each cell used by contracted braille (or as a prefix) would have meant:
# an uncontracted text should not contain them, so the decoder names them.
_UNUSED_CELLS = {
    "&": "the contraction 'and'",
    "!": "the contraction 'the'",
    "(": "the contraction 'of'",
    ")": "the contraction 'with'",
    "=": "the contraction 'for'",
    "*": "the contraction 'ch'",
    "%": "the contraction 'sh'",
    "?": "the contraction 'th'",
    ":": "the contraction 'wh'",
    "\\": "the contraction 'ou'",
    "[": "the contraction 'ow'",
    "]": "the contraction 'er'",
    ">": "the contraction 'ar'",
    "/": "the contraction 'st'",
    "+": "the contraction 'ing'",
    "<": "the contraction 'gh'",
    "$": "the contraction 'ed'",
    "5": "the contraction 'en'",
    "9": "the contraction 'in'",
    "@": "a dot-4 prefix (accent or contraction)",
    "^": "a dots-45 prefix (contraction)",
    "_": "a dots-456 prefix (contraction)",
    '"': "a dot-5 prefix (contraction)",
    ".": "the italic sign (italics are not represented in this print text)",
}

_PUNCTUATION = {"1": ",", "2": ";", "3": ":", "4": ".", "6": "!", "0": "\u201d", "'": "'", "-": "-"}


def dots(cell: str) -> tuple[int, ...]:
    """The raised dots (1-6) of one Braille ASCII cell.

    >>> dots("4"), dots(","), dots("#"), dots(" ")
    ((2, 5, 6), (6,), (3, 4, 5, 6), ())
    """
    n = _cell_number(cell)
    return tuple(k + 1 for k in range(6) if n >> k & 1)


def cell_name(cell: str) -> str:
    """A readable name of a cell for messages: its sign and its dots.

    >>> cell_name("&")
    "'&' (dots 12346)"
    """
    d = dots(cell)
    return f"{cell!r} (" + ("dots " + "".join(map(str, d)) if d else "blank") + ")"


def _cell_number(cell: str) -> int:
    n = _CELL_INDEX.get(cell)
    if n is None or len(cell) != 1:
        raise BrailleError(f"{cell!r} is not a Braille ASCII cell")
    return n


def to_unicode(cells: str, *, blank: str = "\u2800") -> str:
    """Braille ASCII to Unicode braille patterns (U+2800 block).

    A space becomes ``blank`` (the empty cell U+2800 by default, so lines keep
    their width); newlines are kept.

    >>> to_unicode("#affe4")
    '⠼⠁⠋⠋⠑⠲'
    >>> to_unicode("a b", blank=" ")
    '⠁ ⠃'
    """
    out = []
    for ch in cells:
        if ch == "\n":
            out.append(ch)
        elif ch == " ":
            out.append(blank)
        else:
            out.append(chr(0x2800 + _cell_number(ch)))
    return "".join(out)


def from_unicode(text: str) -> str:
    """Unicode braille patterns (dots 1-6) back to Braille ASCII; spaces and newlines kept.

    >>> from_unicode('⠠⠕⠍⠃⠗⠑⠀⠼⠁')
    ',ombre #a'
    """
    out = []
    for i, ch in enumerate(text):
        code = ord(ch) - 0x2800
        if ch in " \n":
            out.append(ch)
        elif 0 <= code < 64:
            out.append(CELLS[code].lower() if CELLS[code].isalpha() else CELLS[code])
        else:
            raise BrailleError(f"character {i + 1} ({ch!r}) is not a six-dot braille pattern")
    return "".join(out)


# --------------------------------------------------------------------------- places and words


@dataclass(frozen=True, order=True, slots=True)
class Place:
    """Where a cell stands in the braille: page, line on the page, cell in the line (all from 1)."""

    page: int
    line: int
    cell: int

    def __str__(self) -> str:
        return f"p. {self.page}, l. {self.line}, c. {self.cell}"


@dataclass(frozen=True, slots=True)
class Word:
    """One decoded word: its print text, its cells as in the source, and where they stand.

    ``gap`` is the number of spaces before the word in the running text
    (1 inside a paragraph); ``break_before`` is true for a word that a forced
    line break moved to a new line.
    """

    text: str
    cells: str
    position: Place
    gap: int = 1
    break_before: bool = False

    @property
    def end(self) -> Place:
        """The position of the word's last cell (words are never split across lines)."""
        return Place(self.position.page, self.position.line, self.position.cell + len(self.cells) - 1)

    @property
    def unicode(self) -> str:
        """The word's cells as Unicode braille."""
        return to_unicode(self.cells)


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A block of the transcription: words separated by single spaces.

    ``separator`` is exactly what stood between this block and the one
    before: a run of spaces (``"  "``), ``"\\n"`` for a forced line break, or
    ``""`` (or leading spaces) for the first block.
    """

    words: tuple[Word, ...]
    separator: str

    @property
    def text(self) -> str:
        """The block's print text."""
        return " ".join(w.text for w in self.words)

    @property
    def start(self) -> Place:
        return self.words[0].position

    @property
    def end(self) -> Place:
        return self.words[-1].end


@dataclass(frozen=True, slots=True)
class BrailleLine:
    """One line of the source: page, line on the page, running number in the file, and its cells."""

    page: int
    line: int
    number: int
    cells: str

    @property
    def unicode(self) -> str:
        return to_unicode(self.cells)


@dataclass(frozen=True, slots=True)
class BrfFormat:
    """How a BRF file is laid out, so that re-encoding gives back the same bytes.

    The defaults are those of the 1665 transcription: lower-case letters,
    ``\\n`` line ends, the last line not padded and no newline after it, and
    a blank line between pages.  ``form_feed`` ends each page but the last
    with a form feed after its line end instead, as embossers and braille
    displays expect of a BRF file (:data:`EXPORT_FORMAT`).
    """

    width: int = WIDTH
    page_length: int = PAGE_LENGTH
    newline: str = "\n"
    upper: bool = False
    pad_last_line: bool = False
    final_newline: bool = False
    form_feed: bool = False

    def __post_init__(self) -> None:
        if self.width < 1 or self.page_length < 1:
            raise BrailleError(
                f"a braille page needs at least one line of one cell, not {self.width} x {self.page_length}"
            )


#: The layout of the BRF files this package writes for readers: CR LF line ends, a form feed
#: after each full page, a line end after the last line (give it the reader's width and length
#: with :func:`dataclasses.replace`).
EXPORT_FORMAT = BrfFormat(newline="\r\n", final_newline=True, form_feed=True)


@dataclass(frozen=True)
class BrailleDocument:
    """A decoded BRF file: its lines, its blocks and words with positions, and its layout.

    ``flow`` is the print text with the source's exact spacing (block
    separators of several spaces, ``\\n`` for a forced line break);
    :func:`encode` of ``flow`` with ``format`` gives back the braille.
    """

    lines: tuple[BrailleLine, ...]
    paragraphs: tuple[Paragraph, ...]
    format: BrfFormat = field(default_factory=BrfFormat)

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for p in self.paragraphs for w in p.words)

    @property
    def text(self) -> str:
        """The print text, one block (paragraph or heading) a line."""
        return "\n".join(p.text for p in self.paragraphs)

    @property
    def flow(self) -> str:
        """The print text with the source's exact spacing and forced line breaks."""
        return "".join(p.separator + p.text for p in self.paragraphs)

    @property
    def pages(self) -> int:
        return self.lines[-1].page if self.lines else 0

    def line(self, page: int, line: int) -> BrailleLine:
        """The source line at ``page``, ``line``.

        >>> load_1665().line(1, 1).cells[:20]
        ',transcribers note3 '
        """
        for ln in self.lines:
            if ln.page == page and ln.line == line:
                return ln
        raise BrailleError("no such line in the braille", page=page, line=line)

    def lines_between(self, start: Place, end: Place) -> tuple[BrailleLine, ...]:
        """The source lines from the one holding ``start`` to the one holding ``end``."""
        key0, key1 = (start.page, start.line), (end.page, end.line)
        return tuple(ln for ln in self.lines if key0 <= (ln.page, ln.line) <= key1)

    def to_brf(self) -> str:
        """The braille again, laid out from the decoded text (equal to the source it came from)."""
        return encode(self.flow, self.format)


# --------------------------------------------------------------------------- grade 1, word by word


def _canonical(ch: str) -> str:
    """The ASCII sign of a cell in the form this module writes (lower-case letters, @[\\]^)."""
    n = _CELL_INDEX.get(ch)
    if n is None:
        return ""
    sign = CELLS[n]
    return sign.lower() if sign.isalpha() else sign


class _Decoder:
    """Back-translation state that runs across words (the parenthesis cell)."""

    def __init__(self) -> None:
        self.paren_open = False

    def word(self, cells: str, at: Place, path: str | None = None) -> str:
        out: list[str] = []
        i = 0
        n = len(cells)
        number = False
        caps_word = False

        def fail(msg: str, k: int) -> BrailleError:
            return BrailleError(msg, page=at.page, line=at.line, cell=at.cell + k, path=path)

        while i < n:
            c = cells[i]
            nxt = cells[i + 1] if i + 1 < n else ""
            if number:
                if c in _DIGIT_LETTERS:
                    out.append(str(_DIGIT_LETTERS.index(c)))
                    i += 1
                    continue
                if c == "1" and nxt and nxt in _DIGIT_LETTERS:  # 1,000
                    out.append(",")
                    i += 1
                    continue
                if c == "." and nxt and nxt in _DIGIT_LETTERS:  # decimal point
                    out.append(".")
                    i += 1
                    continue
                number = False
            if c == "#":
                if not nxt or nxt not in _DIGIT_LETTERS:
                    raise fail("the number sign '#' must be followed by a digit (a-j)", i)
                number = True
                i += 1
            elif c == ",":
                if nxt == ",":
                    after = cells[i + 2] if i + 2 < n else ""
                    if not after or after not in _LETTERS:
                        raise fail("the double capital sign ',,' must be followed by a letter", i)
                    caps_word = True
                    i += 2
                elif nxt and nxt in _LETTERS:
                    out.append(nxt.upper())
                    i += 2
                else:
                    raise fail("the capital sign ',' must be followed by a letter", i)
            elif c == ";":
                if not nxt or nxt not in _LETTERS:
                    raise fail("the letter sign ';' must be followed by a letter", i)
                out.append(nxt.upper() if caps_word else nxt)
                i += 2
            elif c in _LETTERS:
                out.append(c.upper() if caps_word else c)
                i += 1
            elif c == "7":
                out.append(")" if self.paren_open else "(")
                self.paren_open = not self.paren_open
                i += 1
            elif c == "8":
                opening = i == 0 and nxt != "" and (nxt in _LETTERS or nxt in ",#;")
                out.append("\u201c" if opening else "?")
                i += 1
            elif c == "-" and nxt == "-":
                out.append("\u2014")
                i += 2
            elif c in _PUNCTUATION:
                out.append(_PUNCTUATION[c])
                i += 1
            elif c in _UNUSED_CELLS:
                raise fail(
                    f"cell {cell_name(c)} is {_UNUSED_CELLS[c]}, "
                    "which uncontracted (grade 1) braille does not use",
                    i,
                )
            else:  # pragma: no cover - every cell is covered above
                raise fail(f"cannot read cell {cell_name(c)}", i)
        return "".join(out)


def decode_cells(cells: str) -> str:
    """Back-translate a run of cells (no page layout): words and spaces as they stand.

    >>> decode_cells("7which we shall only treat of1 and which chiefly is in vogue7")
    '(which we shall only treat of, and which chiefly is in vogue)'
    >>> decode_cells("he'd787 e4g4 #ab4 pence")
    "he'd(?) e.g. 12. pence"
    """
    dec = _Decoder()
    out = []
    pos = 0
    for m in re.finditer(r"[^ ]+", cells):
        out.append(cells[pos : m.start()])
        canon = "".join(
            _canonical(ch) or _bad_char(ch, 1, 1, m.start() + k + 1, None) for k, ch in enumerate(m.group())
        )
        out.append(dec.word(canon, Place(1, 1, m.start() + 1)))
        pos = m.end()
    out.append(cells[pos:])
    return "".join(out)


def _bad_char(ch: str, page: int, line: int, cell: int, path: str | None) -> str:
    raise BrailleError(f"{ch!r} is not a Braille ASCII cell", page=page, line=line, cell=cell, path=path)


def encode_word(word: str) -> str:
    """Print to grade 1 Braille ASCII for one word (no spaces).

    >>> encode_word("Westminster-Hall,"), encode_word("(alluding"), encode_word("he'd(?)")
    (',westminster-,hall1', '7alluding', "he'd787")
    >>> encode_word("L'OMBRE"), encode_word("1,000"), encode_word("2b")
    (",,l'ombre", '#a1jjj', '#b;b')
    """
    return _encode_word(word, Place(1, 1, 1))


def _encode_word(word: str, at: Place) -> str:
    letters = [c for c in word if c.isalpha()]
    all_caps = len(letters) >= 2 and all(c.isupper() for c in letters)
    out: list[str] = []
    number = comma_after_number = False
    caps_done = False
    for i, c in enumerate(word):
        nxt = word[i + 1] if i + 1 < len(word) else ""
        if c.isascii() and c.isdigit():
            if not number:
                out.append("#")
                number = True
            out.append(_DIGIT_LETTERS[int(c)])
            continue
        if number and c in ",." and nxt.isascii() and nxt.isdigit():
            out.append("1" if c == "," else ".")
            continue
        if number and c == ",":
            # a comma cell after digits, then a-j, would read as more digits: keep the letter sign due
            out.append("1")
            comma_after_number = True
            number = False
            continue
        was_number = number or comma_after_number
        number = comma_after_number = False
        if c.isascii() and c.isalpha():
            low = c.lower()
            if all_caps:
                if not caps_done:
                    out.append(",,")  # also ends a number
                    caps_done = True
                elif was_number and low in _DIGIT_LETTERS:
                    out.append(";")
            elif c.isupper():
                out.append(",")
            elif was_number and low in _DIGIT_LETTERS:
                out.append(";")
            out.append(low)
        elif c in "()":
            out.append("7")
        elif c in "?\u201c":
            out.append("8")
        elif c == "\u201d":
            out.append("0")
        elif c == '"':
            out.append("8" if i == 0 or word[i - 1] in "(\u2014-" else "0")
        elif c in "'\u2019":
            out.append("'")
        elif c == "\u2014":
            out.append("--")
        elif c in ",;:.!-":
            out.append({",": "1", ";": "2", ":": "3", ".": "4", "!": "6", "-": "-"}[c])
        else:
            raise BrailleError(
                f"cannot write {c!r} (in {word!r}) in uncontracted braille",
                page=at.page,
                line=at.line,
                cell=at.cell + len("".join(out)),
            )
    return "".join(out)


# --------------------------------------------------------------------------- layout


def encode(text: str, fmt: BrfFormat | None = None) -> str:
    """Print text to a laid-out BRF file: grade 1 cells, lines of 40, pages of 25.

    Spaces are kept as they stand (a run of spaces separates blocks), a
    newline forces a new braille line, and a word that would cross the end of
    a line moves to the next one.

    >>> for line in encode("Of the Trump  There is no turning up Trump", BrfFormat(width=20)).split("\\n"):
    ...     print(repr(line))
    ',of the ,trump      '
    ',there is no turning'
    ' up ,trump'
    """
    fmt = fmt or BrfFormat()
    width, plen = fmt.width, fmt.page_length
    lines: list[str] = []
    cur: list[str] = []
    col = 0

    def where(cell: int) -> Place:
        k = len(lines)
        return Place(k // plen + 1, k % plen + 1, cell)

    def newline() -> None:
        nonlocal cur, col
        lines.append("".join(cur) + " " * (width - col))
        cur, col = [], 0

    for k, part in enumerate(text.split("\n")):
        if k:
            if not part or part[0] == " ":
                raise BrailleError(
                    "a forced line break must be followed by a word", page=where(1).page, line=where(1).line
                )
            if col == 0:
                raise BrailleError(
                    "a forced line break cannot begin a line", page=where(1).page, line=where(1).line
                )
            newline()
        for m in re.finditer(r"( *)([^ ]+)|( +)$", part):
            if m.group(3) is not None:
                break  # trailing spaces before a line break or the end: padding
            gap, word = len(m.group(1)), m.group(2)
            cells = _encode_word(word, where(col + gap + 1))
            if len(cells) > width:
                raise BrailleError(
                    f"the word {word!r} needs {len(cells)} cells; a line holds {width}",
                    page=where(1).page,
                    line=where(1).line,
                    cell=1,
                )
            if col + gap + len(cells) <= width:
                cur.append(" " * gap + cells)
                col += gap + len(cells)
                continue
            room = width - col
            spaces = min(gap, room)
            cur.append(" " * spaces)
            col += spaces
            carry = gap - spaces
            if carry + len(cells) > width:
                raise BrailleError(
                    f"a run of {gap} spaces before {word!r} does not fit the layout",
                    page=where(1).page,
                    line=where(1).line,
                )
            newline()
            cur.append(" " * carry + cells)
            col = carry + len(cells)
    if cur:
        last = "".join(cur)
        lines.append(last + " " * (width - col) if fmt.pad_last_line else last)
    if fmt.upper:
        lines = [ln.upper() for ln in lines]
    if fmt.form_feed:
        pages = [fmt.newline.join(lines[k : k + plen]) for k in range(0, len(lines), plen)]
        return (fmt.newline + "\f").join(pages) + (fmt.newline if fmt.final_newline and pages else "")
    out: list[str] = []
    for k, ln in enumerate(lines):
        if k and k % plen == 0:
            out.append("")
        out.append(ln)
    return fmt.newline.join(out) + (fmt.newline if fmt.final_newline and out else "")


def encode_blocks(blocks: Iterable[str], fmt: BrfFormat = EXPORT_FORMAT) -> str:
    """Paragraphs of print (headings, paragraphs, lines of an account) as a BRF file for a
    reader, each from a new line, in the lines and pages of ``fmt`` (by default 40 cells by 25
    lines, CR LF line ends and a form feed after each page).

    >>> from dataclasses import replace
    >>> brf = encode_blocks(["Trick 1:", "Ann leads Spadille."], replace(EXPORT_FORMAT, width=12))
    >>> brf.split(EXPORT_FORMAT.newline)
    [',trick #a3  ', ',ann leads  ', ',spadille4', '']
    """
    return encode("\n".join(blocks), fmt)


def decode(
    brf: str, *, path: str | None = None, width: int | None = WIDTH, page_length: int | None = PAGE_LENGTH
) -> BrailleDocument:
    """Decode a BRF file (uncontracted, 40 x 25) into words with their braille positions.

    Raises :class:`~ombre.errors.BrailleError`, located by page, line and
    cell, on any sign it cannot read or any break of the layout.  A ``width`` or ``page_length``
    of ``None`` reads the file's own geometry (:func:`measure`): other BRF files use other line
    and page lengths, and a fragment has no pages at all; :func:`unusual_geometry` says how the
    result differs from the 1665 file's.

    >>> decode("#a4 ,the ,spadillio1 or ,ace of ,spades4").text
    '1. The Spadillio, or Ace of Spades.'
    >>> try:
    ...     decode("#a4 ,the &")
    ... except BrailleError as err:
    ...     print(err.page, err.line, err.cell, err.message[:40])
    1 1 10 cell '&' (dots 12346) is the contraction
    """
    newline = "\r\n" if "\r\n" in brf else "\n"
    raw = brf.split(newline)
    final_newline = len(raw) > 1 and raw[-1] == ""
    if final_newline:
        raw.pop()
    if not raw or raw == [""]:
        raise BrailleError("the file is empty", path=path)
    form_feed = "\f" in brf
    if form_feed and len(raw) > 1 and raw[-1] == "\f":
        raw.pop()  # a form feed after the last page ends the file, not a page of its own
    if width is None or page_length is None:
        measured = _measure(raw, form_feed)
        width = measured[0] if width is None else width
        page_length = measured[1] if page_length is None else page_length

    # pages and lines
    lines: list[BrailleLine] = []
    page, ln_no = 1, 0
    has_lower = has_upper = False
    for number, text in enumerate(raw, start=1):
        while form_feed and text.startswith("\f"):
            # a form feed ends a page, however short (it comes after the page's last line end)
            if ln_no == 0:
                raise BrailleError("an empty page (two form feeds)", page=page, path=path)
            page, ln_no, text = page + 1, 0, text[1:]
        if text == "" and not form_feed:
            if ln_no != page_length:
                raise BrailleError(
                    f"a blank line (page break) after {ln_no} lines; a page holds {page_length}",
                    page=page,
                    line=ln_no + 1,
                    path=path,
                )
            page, ln_no = page + 1, 0
            continue
        ln_no += 1
        if ln_no > page_length:
            raise BrailleError(
                f"a page holds {page_length} lines; "
                + ("a form feed must end each page" if form_feed else "a blank line must separate pages"),
                page=page,
                line=ln_no,
                path=path,
            )
        if len(text) > width:
            raise BrailleError(
                f"the line is longer than {width} cells", page=page, line=ln_no, cell=width + 1, path=path
            )
        canon = []
        for k, ch in enumerate(text):
            sign = _canonical(ch)
            if not sign:
                _bad_char(ch, page, ln_no, k + 1, path)
            has_lower |= ch.islower()
            has_upper |= ch.isupper()
            canon.append(sign)
        cells = "".join(canon)
        if not cells.strip():
            raise BrailleError("a line of blank cells inside a page", page=page, line=ln_no, path=path)
        lines.append(BrailleLine(page, ln_no, number, cells))
    if ln_no == 0:
        raise BrailleError("the file ends with a page break", page=page, path=path)

    # the running text: words with their gaps, undoing the line layout
    dec = _Decoder()
    paragraphs: list[Paragraph] = []
    current: list[Word] = []
    separator = ""
    prev_end: int | None = None  # last non-blank cell of the previous line
    for bl in lines:
        matches = list(re.finditer(r"[^ ]+", bl.cells))
        lead = matches[0].start()
        for k, m in enumerate(matches):
            cells = m.group()
            at = Place(bl.page, bl.line, m.start() + 1)
            forced = False
            if k:
                gap = m.start() - matches[k - 1].end()
            elif prev_end is None:
                gap = lead
            elif lead:
                gap = (width - prev_end) + lead
            elif prev_end == width or prev_end + 1 + len(cells) <= width:
                forced, gap = True, 0
            else:
                gap = 1
            text = dec.word(cells, at, path)
            if prev_end is None and k == 0:
                separator = " " * gap
            elif forced or gap >= 2:
                paragraphs.append(Paragraph(tuple(current), separator))
                current = []
                separator = "\n" if forced else " " * gap
            current.append(Word(text, cells, at, gap, forced))
        prev_end = matches[-1].end()
    paragraphs.append(Paragraph(tuple(current), separator))

    last = raw[-1]
    fmt = BrfFormat(
        width=width,
        page_length=page_length,
        newline=newline,
        upper=has_upper and not has_lower,
        pad_last_line=len(last) == width and last.endswith(" "),
        final_newline=final_newline,
        form_feed=form_feed,
    )
    return BrailleDocument(tuple(lines), tuple(paragraphs), fmt)


def measure(brf: str) -> tuple[int, int]:
    """The line and page length a BRF file was laid out in, as far as its cells show: the longest
    line, and the lines of its first page (of the longest page when form feeds end the pages, which
    may be short; of the whole file when it has no page break, as a fragment has none).

    >>> measure(",a line of some cells\\n,and another\\n")
    (21, 2)
    >>> measure(source_1665())
    (40, 25)
    """
    raw = brf.split("\r\n" if "\r\n" in brf else "\n")
    if len(raw) > 1 and raw[-1] == "":
        raw.pop()
    return _measure(raw, "\f" in brf)


def _measure(raw: Sequence[str], form_feed: bool) -> tuple[int, int]:
    width = max((len(t.lstrip("\f")) for t in raw), default=1)
    pages = [0]
    for text in raw:
        if form_feed and text.startswith("\f"):
            pages.append(0)
        if text.lstrip("\f") == "" and not form_feed:
            pages.append(0)
            continue
        pages[-1] += 1
    return max(width, 1), max(max(pages) if form_feed else pages[0], 1)


def unusual_geometry(doc: BrailleDocument) -> str | None:
    """How the layout of ``doc`` differs from the 1665 file's 40 cells a line and 25 lines a page,
    or ``None``: a fragment (one page, no line over 40 cells, at most 25 lines) does not differ.

    >>> print(unusual_geometry(decode(",the ,royal ,game of the ,ombre4 " * 3, width=None, page_length=None)))
    lines of 99 cells (the 1665 file has 40)
    >>> unusual_geometry(decode(",the ,royal ,game", width=None, page_length=None)) is None
    True
    """
    fmt, found = doc.format, []
    if fmt.width > WIDTH:
        found.append(f"lines of {fmt.width} cells (the 1665 file has {WIDTH})")
    paged = doc.pages > 1 and not fmt.form_feed
    if fmt.page_length > PAGE_LENGTH or (paged and fmt.page_length != PAGE_LENGTH):
        found.append(f"pages of {fmt.page_length} lines (the 1665 file has {PAGE_LENGTH})")
    return "; ".join(found) or None


# --------------------------------------------------------------------------- the 1665 source


def source_1665() -> str:
    """The braille file of *The Royal Game of the Ombre* (1665), exactly as stored.

    >>> source_1665()[:22]
    ',transcribers note3 ,t'
    """
    src = resources.files("ombre.sources").joinpath("data/royal-game-of-ombre-1665.brf")
    return src.read_text(encoding="ascii")


@cache
def load_1665() -> BrailleDocument:
    """The 1665 pamphlet decoded (cached).

    >>> doc = load_1665()
    >>> doc.pages, len(doc.lines), len(doc.words)
    (14, 338, 2367)
    >>> doc.paragraphs[0].text[:34]
    'Transcribers note: This transcript'
    """
    return decode(source_1665(), path="royal-game-of-ombre-1665.brf")


def iter_cells(doc: BrailleDocument) -> Iterator[tuple[Place, str]]:
    """Every non-blank cell of a document with its position (for fuzzing and display)."""
    for bl in doc.lines:
        for k, ch in enumerate(bl.cells):
            if ch != " ":
                yield Place(bl.page, bl.line, k + 1), ch


def words_in(doc: BrailleDocument, start: Place, end: Place) -> Sequence[Word]:
    """The words of ``doc`` whose first cell lies between ``start`` and ``end`` inclusive."""
    return [w for w in doc.words if start <= w.position <= end]
