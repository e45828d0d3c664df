"""The replay viewer's trick on the table as a screen reader hears it: seat by seat, seat first."""

from __future__ import annotations

import re

from ombre.belinda import load_records
from ombre.display.replay import build_viewer_steps, replay_html


def _slots(page: str) -> list[str]:
    """The slots of the trick on the table at the viewer's first step, as HTML."""
    start = page.index('aria-label="The trick on the table"')
    trick = page[start : page.index('<div class="om-centre"', start)]
    return re.findall(r'<div class="om-slot[^"]*"[^>]*>(.*?)</div>', trick, re.S)


def _said(slot: str) -> str:
    m = re.match(r'<span class="om-sr">([^<]*)</span>', slot)
    assert m, f"the slot does not begin with its words: {slot}"
    return m.group(1)


def test_each_slot_of_the_trick_says_its_seat_first_then_its_card() -> None:
    """Each slot is said as one phrase, seat first, and an empty slot says so; the card's face and
    the name under it are hidden from screen readers (heard alone, they came card first)."""
    rp = build_viewer_steps(load_records()["pole"])
    fifth = rp.trick_ends[3] + 2  # trick 5, second card
    slots = _slots(replay_html(rp, viewer_id="pole", start=fifth))
    assert [_said(s) for s in slots] == [
        "Knight: no card yet",
        "Baron: the Queen of Spades",
        "Belinda (led): the King of Clubs",
    ]
    for s in slots:
        assert '<span class="om-slot-label" aria-hidden="true">' in s
    assert 'class="om-c" data-c="Qs" aria-hidden="true"' in slots[1]
    assert '<span class="om-slot-empty" aria-hidden="true">' in slots[0]
    done = _slots(replay_html(rp, viewer_id="pole", start=fifth + 1))
    assert _said(done[0]) == "Knight: the Three of Hearts (conjectural)"
    assert _said(done[1]) == "Baron (wins): the Queen of Spades"
    assert done[0].count("(conjectural)") == 1, "said twice"
