"""The words of the exercises: quotations of the sources exact, pronouns that follow the player,
and the advice questions saying whose count of sure tricks they use, and why a suit is best."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from ombre.engine.cards import Suit
from ombre.engine.players import trump_candidates, trump_preference
from ombre.engine.rules import matadors
from ombre.sources.edition import diplomatic_text, load_edition
from ombre.sources.morley import morley_text
from ombre.sources.pope import pope_lines
from ombre.teaching import GENERATORS, SET_SPECS, Exercise, find, generate

SEEDS = range(12)
#: Double-quoted text that is not a quotation: an answer format the probability questions name.
NOT_QUOTATIONS = {"1 in N"}


def _texts(ex: Exercise) -> Iterator[str]:
    yield from (ex.prompt, ex.solution, ex.hint, ex.note)
    for c in ex.choices:
        yield from (c.text, c.feedback)
    for _, why in ex.mistakes:
        yield why


def _flat(text: str) -> str:
    return " ".join(text.split())


def _quoted_in(piece: str, source: str) -> bool:
    """``piece`` is in ``source`` as whole words: "a sure Game" is not in "a sure Games", nor
    "is only" in "'tis only"."""
    before = r"(?<![\w'])" if piece[0].isalnum() else ""
    after = r"(?!\w)" if piece[-1].isalnum() else ""
    return re.search(before + re.escape(piece) + after, source) is not None


def _all_exercises() -> Iterator[Exercise]:
    for kind in sorted(GENERATORS):
        for seed in SEEDS:
            yield generate(kind, seed)


def test_quotations_of_the_sources_are_exact() -> None:
    sources = [_flat(diplomatic_text()), _flat(morley_text()), _flat(" ".join(pope_lines().values()))]
    corrections = {e.correction.strip() for e in load_edition().emendations}
    texts = [t for ex in _all_exercises() for t in _texts(ex)]
    texts += [t for s in SET_SPECS for t in (s.intro, s.notes)]
    wrong = set()
    for text in texts:
        for quote in re.findall(r'"([^"]*)"', text):
            if quote in NOT_QUOTATIONS:
                continue
            # an editorial change is shown as the edition shows it, "you [your]": the bracket is the
            # edition's correction and the words outside it are the source's
            for mark in re.findall(r"\[([^\]]*)\]", quote):
                assert mark in corrections, f"[{mark}] is not one of the edition's corrections: {quote!r}"
            source_words = _flat(re.sub(r"\s*\[[^\]]*\]", "", quote))
            pieces = [p.strip(" .,;") for p in source_words.split("...")]
            if not all(any(_quoted_in(p, src) for src in sources) for p in pieces if p):
                wrong.add(quote)
    assert not wrong, "\n".join(sorted(wrong))


def test_a_quotation_must_be_whole_words_of_the_source() -> None:
    assert _quoted_in("has a sure Games", "whence he who can win five tricks of the Nine, has a sure Games;")
    assert not _quoted_in("has a sure Game", "has a sure Games;")
    assert not _quoted_in("is only rank'd after the Knave", "otherwise 'tis only rank'd after the Knave")
    assert _quoted_in("(and so as you please)", "the piece (and so as you please) of")


def test_the_two_misquotations_are_quoted_as_the_source_has_them() -> None:
    assert '"The Mallilio, or black Deuces of either suit"' in find("matadors-1").solution
    draw = find("tenaces-2").solution
    assert "first to play you [your] Matadors" in draw and "play your Matadors" not in draw


# An exercise whose Ombre is a woman, as its question says: Belinda named as the Ombre, or "She wins".
FEMALE_OMBRE = re.compile(r"Belinda(, | is )the Ombre|The Ombre [^.]*\. She\b")
MALE = re.compile(r"\b(he|him|his|himself)\b", re.I)


def test_pronouns_follow_a_female_ombre_in_every_generator() -> None:
    checked, wrong = set(), []
    for ex in _all_exercises():
        if not FEMALE_OMBRE.search(ex.prompt):
            continue
        checked.add(ex.kind)
        for text in _texts(ex):
            own = re.sub(r'"[^"]*"', '""', text)  # the sources' own "he" stays as they wrote it
            if MALE.search(own):
                wrong.append(f"{ex.kind} #{ex.seed}: {text}")
    assert checked >= {"results.outcome", "results.matadors", "tenaces.split"}
    assert not wrong, "\n".join(wrong)


def test_the_results_solution_of_the_book_follows_belinda() -> None:
    ex = find("results-1")
    assert "she has taken 4 tricks" in ex.prompt
    assert (
        "The Ombre took 4 and the defenders split theirs 3-2, so the Ombre has more than either"
        in ex.solution
    )


ADVICE = ("advice.sure-tricks", "advice.bid", "advice.trump")


@pytest.mark.parametrize("kind", ADVICE)
def test_advice_questions_name_the_book_s_rule_of_thumb(kind: str) -> None:
    for seed in SEEDS:
        ex = generate(kind, seed)
        assert "the book's rule of thumb" in ex.prompt
        assert "each matador, each king of another suit, and one for every two other trumps" in ex.prompt
        assert "1665 reckoning" not in ex.prompt and "By the 1665 advice" not in ex.prompt


def test_the_sure_tricks_question_separates_the_book_s_count_from_the_pamphlet_s() -> None:
    ex = find("advice-1")
    assert "That count is this book's, not the pamphlet's" in ex.prompt
    assert '"the three Matadors, or six or seven good Trumps without them"' in ex.prompt


def test_a_lone_manille_is_said_to_be_counted_by_the_rule_of_thumb_only() -> None:
    ex = find("advice-2")
    assert "2♣" in ex.prompt and "A♠" not in ex.prompt
    assert "The rule of thumb counts 2♣ as a trick although A♠, which you do not hold, can beat it." in (
        ex.solution
    )
    for seed in range(40):  # and only where a matador above one held is missing
        ex = generate("advice.bid", seed)
        best = trump_candidates(ex.cards)[0]
        tops = matadors(best.trump)
        lone = any(set(tops[: tops.index(m)]) - set(best.matadors) for m in best.matadors)
        assert ("which you do not hold, can beat it" in ex.solution) == lone, ex.solution


REASON_WORDS = (
    "fewer sure tricks",
    "as many sure tricks, but fewer trumps",
    "but is red|but are red",
    "but you hold its king|but you hold their king",
)


def test_the_best_trump_is_justified_by_what_decides_it_in_the_hand() -> None:
    for seed in range(40):
        ex = generate("advice.trump", seed)
        cands = trump_candidates(ex.cards)
        top = trump_preference(cands[0], ex.cards)
        last = ex.solution.split(" sure tricks. ", 1)[1]
        clauses = last.removesuffix(".").split("; ")
        said = {}
        for clause in clauses:
            reason = next(i for i, w in enumerate(REASON_WORDS) if re.search(w, clause))
            for suit in Suit:
                if re.search(rf"\b{suit.plural}\b", clause, re.I):
                    said[suit] = reason
        for r in cands[1:]:
            deciding = next(i for i in range(4) if trump_preference(r, ex.cards)[i] != top[i])
            assert said[r.trump] == deciding, (seed, ex.solution)
        assert cands[0].trump not in said
        if "whose king you do not hold" in ex.solution or "not the King" in ex.solution:
            assert not any(c.rank == "K" and c.suit is cands[0].trump for c in ex.cards), ex.solution


def test_the_book_s_trump_question_does_not_credit_a_king_it_holds() -> None:
    ex = find("advice-4")
    assert "K♦" in ex.prompt and ex.answer_text == "Diamonds"
    assert ex.solution.endswith("Spades, clubs and hearts give fewer sure tricks.")
    assert "whose king you do not hold" not in ex.solution
