"""The annotated canto: its parts cover the canto, its notes sit on real lines and name their sources,
and each line of the game links to the trick the records quote it at."""

from __future__ import annotations

import re

import pytest

from ombre.belinda.canto import CANTO_NOTES, canto_parts, notes_for, trick_of_line
from ombre.errors import OmbreError
from ombre.sources.pope import canto_lines, canto_source, pope_lines


def test_the_whole_canto_is_shipped_and_agrees_with_the_game_s_lines() -> None:
    lines = canto_lines()
    assert sorted(lines) == list(range(1, 179))
    assert all(lines[n] == verse for n, verse in pope_lines().items())
    assert lines[178] == "The conqu'ring force of unresisted steel?"
    assert "Parrott" in canto_source() and "1-178" in canto_source()


def test_the_parts_cover_every_line_once_in_order() -> None:
    covered = [n for p in canto_parts() for n in range(p.first, p.last + 1)]
    assert covered == list(range(1, 179))
    titles = {(p.first, p.last): p.title for p in canto_parts()}
    assert titles[(45, 100)] == "The game" and (101, 104) in titles


def test_notes_sit_on_lines_of_the_canto_and_name_their_sources() -> None:
    firsts = [n.first for n in CANTO_NOTES]
    assert firsts == sorted(firsts)
    for note in CANTO_NOTES:
        assert 1 <= note.first <= note.last <= 178
        cites_parrott = "Parrott" in note.note
        assert cites_parrott == ("parrott1906" in note.sources), note.first
        for line in re.findall(r"note on iii\.(\d+)", note.note):
            assert 1 <= int(line) <= 178
        assert note.words or note.note
    assert notes_for(41) == ()
    with pytest.raises(OmbreError, match="1 to 178"):
        notes_for(179)


def test_every_trick_is_linked_from_its_lines() -> None:
    tricks = trick_of_line()
    assert sorted(set(tricks.values())) == list(range(1, 10))
    assert min(tricks) >= 45 and max(tricks) <= 100
    # the lines the readers quote for the famous cards
    assert tricks[49] == 1 and tricks[53] == 3 and tricks[61] == 4 and tricks[67] == 5
    assert tricks[75] == 6 and tricks[88] == 8 and tricks[95] == 9
