"""The whole of Canto III annotated: its parts, glosses of hard words, notes with their sources, and
the trick each card-bearing line belongs to.

The notes are this edition's own words.  Facts taken from T. M. Parrott's 1906 notes are cited to
them by line (``parrott1906``, "note on iii.N"); a note with no source key is this edition's own
reading of the lines.  Which trick a line tells is not kept here: it comes from the verse the game
records quote at each trick, so the canto and the replays cannot disagree.

>>> parts = canto_parts()
>>> [(p.first, p.last) for p in parts][:3]
[(1, 24), (25, 44), (45, 100)]
>>> trick_of_line()[88], trick_of_line()[95]
(8, 9)
>>> gloss = next(n for n in CANTO_NOTES if n.first == 37)
>>> gloss.words[1]
('succinct', 'girded, tucked up for action')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ombre.belinda.records import load_record
from ombre.errors import OmbreError
from ombre.sources.pope import canto_lines

__all__ = ["CantoPart", "CantoNote", "CANTO_NOTES", "canto_parts", "trick_of_line", "notes_for"]


@dataclass(frozen=True)
class CantoPart:
    """A movement of the canto: its lines and what happens in it."""

    first: int
    last: int
    title: str
    summary: str


@dataclass(frozen=True)
class CantoNote:
    """A note on lines ``first``-``last``: glosses of hard words, a note, and the sources it rests on."""

    first: int
    last: int
    words: tuple[tuple[str, str], ...] = ()
    note: str = ""
    sources: tuple[str, ...] = ()


_PARTS: tuple[CantoPart, ...] = (
    CantoPart(
        1,
        24,
        "Hampton Court, afternoon",
        "The palace on the Thames where the queen takes counsel and tea, and the court's idle talk; the "
        "afternoon turns, judges sign sentences so juries may dine, and the toilet's labours end.",
    ),
    CantoPart(
        25,
        44,
        "The players and the cards",
        "Belinda challenges two knights to Ombre; the sylphs settle on her cards by rank; the court "
        "cards are paraded as an army.",
    ),
    CantoPart(
        45,
        100,
        "The game",
        "Spades are trumps. Belinda's matadors and King take four tricks, the Baron's Queen of Spades "
        "and diamonds take four, and her King of Hearts takes the last: she wins, five tricks to four.",
    ),
    CantoPart(
        101,
        104,
        "The poet's warning",
        "Pope turns from the triumph to the reader: mortals are too soon cast down and too soon elated; "
        "the day she has won will be cursed.",
    ),
    CantoPart(
        105,
        146,
        "Coffee",
        "Coffee is roasted, ground and served; its fumes send the Baron new plans for the lock. "
        "Clarissa hands him scissors; the sylphs fight to save the lock, and Ariel, finding an earthly "
        "lover in Belinda's heart, gives up.",
    ),
    CantoPart(
        147,
        178,
        "The lock",
        "The Baron cuts the lock, slicing a sylph in two on the way; Belinda screams; the Baron boasts "
        "that his fame will last as long as the fashionable world, and the canto ends on the power of "
        "steel.",
    ),
)

_P = ("parrott1906",)

#: The notes, in the order of the canto.  Glosses are short; notes say what a reader needs.
CANTO_NOTES: tuple[CantoNote, ...] = (
    CantoNote(
        3,
        4,
        (("structure", "building"), ("frame", "construction, build")),
        "Hampton Court, the royal palace up the Thames from London, where Queen Anne sometimes held "
        "her council (Parrott, note on iii.3).",
        _P,
    ),
    CantoNote(
        5,
        6,
        (("foredoom", "decide beforehand the downfall of"),),
        "The zeugma joins the fall of foreign tyrants and of nymphs at home: statesmen plot both "
        "conquests (Parrott, note on iii.3).",
        _P,
    ),
    CantoNote(
        7,
        8,
        (("ANNA", "Queen Anne (reigned 1702-1714)"), ("three realms", "England, Scotland and Ireland")),
        "Counsel and tea in one breath: tea was still a costly luxury of the rich (Parrott, note on iii.8).",
        _P,
    ),
    CantoNote(9, 10, (), "The party that set out by boat in Canto II (Parrott, note on iii.9).", _P),
    CantoNote(
        17,
        18,
        (("Snuff", "powdered tobacco, newly fashionable"),),
        "Snuff-taking is said to have become the fashion after 1702, and the Spectator mocked it "
        "(Parrott, note on iii.17).",
        _P,
    ),
    CantoNote(
        21,
        22,
        (("dine", "take the main meal of the day, in mid-afternoon"),),
        "The satire is on justice hurried so that judges and jurors can eat; the dinner hour fixes the "
        "time of day (Parrott, note on iii.22).",
        _P,
    ),
    CantoNote(
        25,
        28,
        (
            ("advent'rous", "daring"),
            ("singly", "alone, one against two: the Ombre plays against both others"),
            ("doom", "fate, judgment"),
        ),
        "One of the two knights is the Baron (Parrott, note on iii.26); the other is never named. "
        "Ombre is the three-handed game in which one player, the Ombre, takes on the other two "
        "(Parrott, note on iii.27).",
        _P,
    ),
    CantoNote(
        29,
        30,
        (("bands", "the three hands of cards, as troops"), ("the sacred nine", "the nine Muses")),
        "Each player holds nine cards (Parrott, notes on iii.27 and iii.30).",
        _P,
    ),
    CantoNote(
        31,
        36,
        (
            ("aërial guard", "the sylphs, Belinda's guardian spirits"),
            ("Matadore", "one of the three top trumps"),
            ("fond of place", "eager for precedence"),
        ),
        "The sylphs, the machinery added when the poem was enlarged (Parrott, introduction), sit on the "
        "cards by rank, Ariel, their "
        "chief, on a matador: the women they once were cared for precedence, and so do they. The "
        "lines tell the reader before play that Belinda holds a matador.",
        _P,
    ),
    CantoNote(
        37,
        44,
        (
            ("forky", "forked"),
            ("succinct", "girded, tucked up for action"),
            ("halberts", "halberds, long-handled axes"),
            ("particolour'd troops", "the numeral cards, in their suit colours"),
            ("velvet plain", "the cloth of the card table"),
        ),
        "A review of the court cards as the pictures show them: kings with beards, queens holding a "
        "flower, knaves with halberds. Whether all twelve take part in the play is a question the "
        "lines raise but do not answer (see the constraints).",
    ),
    CantoNote(
        45,
        46,
        (),
        "The trump is named as a god creates by a word: what she says, is. Naming trumps makes "
        "Belinda the Ombre.",
    ),
    CantoNote(
        47,
        48,
        (("sable", "black"), ("swarthy Moors", "dark-skinned North Africans, an epic army")),
        "Black matadors: the Ace of Spades, the Two (with spades trumps) and the Ace of Clubs "
        "(Parrott, note on iii.27).",
        _P,
    ),
    CantoNote(
        49,
        54,
        (
            ("Spadillio", "the Ace of Spades, the first matador"),
            ("Manillio", "with a black suit trumps, its Two, the second matador"),
            ("Basto", "the Ace of Clubs, the third matador"),
            ("Plebeian card", "a low card, neither trump nor court card"),
            ("verdant field", "the green cloth"),
        ),
        "The 'Plebeian card' at Basto's trick shows that one opponent has no trump left (Parrott, "
        "note on iii.54).",
        _P,
    ),
    CantoNote(
        55,
        64,
        (
            ("hoary", "white-haired, old"),
            ("Pam", "the Knave of Clubs, the top card at Loo"),
            ("Lu", "Loo, another card game of the day"),
        ),
        "Pope describes the picture on the card: the King of Spades shows one leg, the rest hidden by "
        "his robe. Pam's "
        "power belongs to another game; at Ombre, with spades trumps, he is a plain club and falls "
        "'undistinguish'd' (Parrott, note on iii.61).",
        _P,
    ),
    CantoNote(
        65,
        74,
        (
            ("Amazon", "a warrior woman: the Queen of Spades"),
            ("Club's black Tyrant", "the King of Clubs"),
            ("boots", "profits, avails"),
            ("globe", "the orb of royal regalia"),
        ),
        "'His' Amazon is the Baron's Queen of Spades, the last trump out. The King of Clubs is the "
        "one king who holds an orb (Parrott, note on iii.74). Whether Belinda led him or the third "
        "player played him is discussed on the constraints page.",
        _P,
    ),
    CantoNote(
        75,
        86,
        (
            ("pours apace", "plays one after another, quickly"),
            ("refulgent", "shining"),
            ("promiscuous", "mixed, confused"),
            ("dye", "colour"),
        ),
        "Again the card's picture: the King of Diamonds 'shows but half his face'. The Baron's diamonds are "
        "masters now that the trumps are out; the clubs, diamonds and hearts that strew the table are "
        "the losing cards Belinda and the third player throw on them (Parrott, note on iii.79).",
        _P,
    ),
    CantoNote(
        87,
        92,
        (("Codille", "the defeat in which an opponent takes more tricks than the Ombre"),),
        "The Knave of Diamonds takes the Queen of Hearts: with four tricks each, Belinda faces codille "
        "on the last (Parrott, note on iii.27).",
        _P,
    ),
    CantoNote(
        93,
        98,
        (("distemper'd", "disordered, diseased"), ("nice", "finely balanced")),
        "When a red suit is not trumps its Ace ranks below its court cards, so the King beats it "
        "(Parrott, note on iii.27). Belinda's King of Hearts takes the last trick, and the game.",
        _P,
    ),
    CantoNote(
        99,
        100,
        (("canals", "the ornamental waters of Hampton Court's gardens"),),
        "The shout of the victor, as in epic; Dennis thought it improper for a lady, and Parrott "
        "defends it as mock-heroic (Parrott, notes on iii.99 and iii.100).",
        _P,
    ),
    CantoNote(
        101,
        104,
        (("elate", "elated"),),
        "The poet speaks in his own voice, as epic narrators do before a reversal: the triumph at cards "
        "leads straight to the loss of the lock.",
    ),
    CantoNote(
        105,
        112,
        (
            ("berries", "coffee beans, roasted at the table"),
            ("the mill", "the coffee mill"),
            ("Altars of Japan", "lacquered ('japanned') stands"),
            ("China's earth", "porcelain cups"),
        ),
        "Coffee is roasted and ground in the room (Parrott, notes on iii.106-107).",
        _P,
    ),
    CantoNote(
        117,
        120,
        (),
        "A gibe at coffee-house politicians who see through everything with their eyes half shut "
        "(Parrott, note on iii.117-118).",
        _P,
    ),
    CantoNote(
        121,
        124,
        (
            ("Scylla", "daughter of King Nisus"),
            ("Nisus' injur'd hair", "the purple lock on which his power hung"),
        ),
        "Scylla cut her father's lock for love of his enemy and was turned into a bird (Ovid, "
        "Metamorphoses VIII; Parrott, note on iii.122). The parallel warns the Baron.",
        _P,
    ),
    CantoNote(
        127,
        134,
        (("two-edg'd weapon", "a pair of scissors"), ("engine", "device, instrument")),
        "Clarissa arms the Baron as ladies of romance arm their knights; Pope had no particular lady "
        "in mind (Parrott, note on iii.127).",
        _P,
    ),
    CantoNote(
        139,
        146,
        (("nosegay", "small bunch of flowers"),),
        "Ariel can guard Belinda only while she rejects men; the 'earthly lover' ends his power "
        "(Parrott, note on iii.144).",
        _P,
    ),
    CantoNote(
        147,
        154,
        (("Forfex", "Latin for scissors"),),
        "The sylph cut in two and whole again parodies Milton's wounded angel (Paradise Lost VI; "
        "Parrott, notes on iii.147 and iii.152).",
        _P,
    ),
    CantoNote(
        163,
        170,
        (
            ("Atalantis", "Mrs Manley's New Atalantis (1709), a scandal chronicle"),
            ("small pillow", "the ornamental pillow of a lady's bed, for receiving morning visits"),
            ("solemn days", "days of formal visits"),
        ),
        "The Baron's fame is to last as long as the trifles of fashionable life (Parrott, notes on "
        "iii.165-167).",
        _P,
    ),
    CantoNote(
        171,
        178,
        (
            ("receives its date", "has its term, its end"),
            ("labour of the Gods", "the walls of Troy"),
            ("unresisted", "irresistible"),
        ),
        "Mock-epic to the end: the scissors that took the lock are the steel that brought down Troy "
        "(Parrott, notes on iii.173 and iii.178).",
        _P,
    ),
)


def canto_parts() -> tuple[CantoPart, ...]:
    """The movements of the canto, covering lines 1-178 in order, each once."""
    return _PARTS


_LINES = re.compile(r"^Pope, iii\.(\d+)-(\d+):")


@cache
def trick_of_line() -> dict[int, int]:
    """Line -> the trick it tells, from the verse the records quote at each trick (Pole's record)."""
    rec = load_record("pole")
    out: dict[int, int] = {}
    for n, trick in enumerate(rec.tricks, start=1):
        for c in trick.comments:
            m = _LINES.match(c)
            if m:
                for line in range(int(m.group(1)), int(m.group(2)) + 1):
                    out.setdefault(line, n)
    return out


def notes_for(line: int) -> tuple[CantoNote, ...]:
    """The notes that begin at ``line``."""
    if line not in canto_lines():
        raise OmbreError(f"Canto III has lines 1 to 178, not {line}")
    return tuple(n for n in CANTO_NOTES if n.first == line)
