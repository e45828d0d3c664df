"""The exercises that follow the sources and the records: the Pope questions built from the shipped
records of Belinda's game, fresh versions of the sets, the trump-count mistake, the 1665 mark rate."""

from __future__ import annotations

from fractions import Fraction

from ombre.belinda import replay
from ombre.engine.cards import Card, Suit
from ombre.engine.rules import trump_order
from ombre.teaching import SET_SPECS, exercise_set, find, generate

POLE = replay("pole").state
OTHER = replay("king-of-clubs").state


def test_the_trick_five_question_shows_the_record_s_cards_and_names_the_record() -> None:
    ex = generate("pope.line", 5)
    trick = POLE.tricks[4]
    assert ex.cards == trick.cards == (Card("K", Suit.CLUBS), Card("Q", Suit.SPADES), Card("3", Suit.HEARTS))
    assert (
        "In the book's replay of the reconstruction printed in 1895, probably Pole's: "
        "Belinda leads the King of Clubs" in ex.prompt
    )
    assert "a small heart (3♥ in the replay)" in ex.prompt and "4♥" not in ex.prompt
    # the other reading, in which the Knight plays the King of Clubs, is named in the solution
    king = OTHER.tricks[4].cards.index(Card("K", Suit.CLUBS))
    assert OTHER.tricks[4].seats[king] == 2
    assert "King of Clubs third, has the Knight play the King of Clubs and Belinda lead 7♣" in ex.solution
    assert ex.answer_text == "Q♠" == trick.winning_card.symbol
    assert find("pope-5").prompt == ex.prompt


def test_the_knave_question_plays_the_record_s_trick_eight() -> None:
    ex = generate("pope.line", 6)
    trick = POLE.tricks[7]
    assert (
        ex.cards == trick.cards == (Card("J", Suit.DIAMONDS), Card("J", Suit.HEARTS), Card("Q", Suit.HEARTS))
    )
    assert "the Knight plays the Knave of Hearts (J♥)" in ex.prompt
    left = [c for t in POLE.tricks[7:] for s, c in zip(t.seats, t.cards, strict=True) if s == 0]
    feedback = " ".join(c.feedback for c in ex.choices)
    assert "no trump she wished to spend" not in feedback
    assert f"her last cards were {' '.join(c.symbol for c in left)}, with no diamond and no trump" in feedback


def test_the_counting_questions_count_the_record() -> None:
    won = [sum(1 for t in POLE.tricks[:8] if t.winner == s) for s in range(3)]
    codille = generate("pope.line", 7)
    assert (
        f"After eight tricks Belinda has {won[0]}, the Baron {won[1]} and the Knight {won[2]}"
        in codille.prompt
    )
    result = generate("pope.line", 9)
    assert result.number == Fraction(sum(1 for t in POLE.tricks if t.winner == 0)) == 5
    assert "Belinda took tricks 1-4 and 9, the Baron tricks 5-8, the Knight none" in result.prompt
    ace = generate("pope.line", 8)
    assert ace.cards == (Card("A", Suit.HEARTS), Card("K", Suit.HEARTS))
    assert POLE.tricks[8].cards[0] == Card("A", Suit.HEARTS) and POLE.tricks[8].winner == 0


def test_a_fresh_pope_set_asks_other_questions_in_the_order_of_the_poem() -> None:
    book = exercise_set("pope")
    for seed in (1, 7, 23):
        fresh = exercise_set("pope", seed)
        changed = sum(a.prompt != b.prompt for a, b in zip(book, fresh, strict=True))
        assert changed >= len(book) - 2, seed
        first_lines = [ex.quote[0][0] for ex in fresh]
        assert first_lines == sorted(set(first_lines)), seed  # distinct items, as the poem runs
    assert [ex.prompt for ex in exercise_set("pope", 1)] != [ex.prompt for ex in exercise_set("pope", 2)]
    # the book's set is unchanged: items 0, 1, 3, 4, 5 and 8
    assert [ex.quote[0][0] for ex in book] == [46, 49, 53, 61, 67, 95]


def test_a_fresh_probability_set_asks_other_questions() -> None:
    book, fresh = exercise_set("probability"), exercise_set("probability", 7)
    assert sum(a.prompt != b.prompt for a, b in zip(book, fresh, strict=True)) >= 3
    # the count of hands is the one question of its kind
    assert book.exercises[2].prompt == fresh.exercises[2].prompt


def test_the_trump_count_mistake_is_the_other_colour_s_total() -> None:
    seen = set()
    for seed in range(40):
        ex = generate("tenaces.count", seed)
        assert ex.trump is not None and ex.number is not None
        wrong_total = 11 if ex.trump.is_red else 12
        assert len(trump_order(ex.trump)) == 23 - wrong_total
        miscount = ex.number + (wrong_total - len(trump_order(ex.trump)))
        assert "Check the total" in ex.check(miscount).message
        seen.add(ex.trump.is_red)
    assert seen == {True, False}
    diamonds = find("tenaces-1")
    assert diamonds.trump is Suit.DIAMONDS and diamonds.number == 4
    assert "Check the total: 11 trumps in a black suit, 12 in a red one." in diamonds.check(3).message
    assert "Check the total" not in diamonds.check(5).message


def test_the_1665_payments_say_the_mark_rate_is_the_pamphlet_s_example() -> None:
    ex = find("results-4")
    assert "Count a great mark as 12 lesser marks, the pamphlet's example rate" in ex.prompt
    assert ex.number == 38
    assert "the lesser may be pence the piece (and so according as you please)" in ex.solution
    notes = next(s.notes for s in SET_SPECS if s.key == "results")
    assert "a great mark is worth twelve" not in notes and "example rate, 12 to a great mark" in notes
    assert "example rate" not in find("results-5").prompt  # the Court Gamester counts counters


def test_each_question_states_the_conventions_its_key_rests_on() -> None:
    # the 1-4-4 split: the pamphlet's words fit codille and repuesto alike, so the question says which
    tied = find("results-3")
    assert (
        "Baron 4 and the Knight 4" in tied.prompt and "this book counts it codille only when" in tied.prompt
    )
    assert all("1665" in find(f"results-{i}").prompt for i in (1, 2, 3, 4))
    # "one Mark" for a further matador: the question says it is read as a lesser mark, and 60 (the
    # great-mark reading, the engine's for the vole) gets a note saying so, not "too high"
    matadors = find("results-4")
    assert "this book reads it as a lesser one" in matadors.prompt
    assert 'reads each further trump\'s "one Mark" as a great mark' in matadors.check("60").message
    # every note of the 1665 question can appear: none collapses into another
    for seed in range(0, 200, 2):
        ex = generate("results.matadors", seed)
        assert ex.mistakes and all(ex.check(v).message.endswith(why) for v, why in ex.mistakes)


def test_the_quotations_keep_the_source_s_words() -> None:
    ace = generate("pope.line", 8)
    assert "\"otherwise 'tis only rank'd after the Knave\"" in ace.choices[ace.answer_index].feedback
    sure = generate("pope.line", 9)
    assert '"he who can win five tricks of the Nine, has a sure Games [Game]"' in sure.solution
