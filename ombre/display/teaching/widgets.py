"""Self-checking exercises in JupyterLab (ipywidgets, live kernel).

:class:`ExerciseWidget` shows one :class:`~ombre.teaching.Exercise`: the
question (with Pope's lines and the cards, when it has them), radio buttons
or a text box for the answer (with a visible line under it saying how a number
may be written), a *Check* button, a feedback line that says why
the answer is right or wrong (the engine's own explanation), a hint and the
solution behind toggles, and *New question*, which asks the exercise's
generator for a fresh one of the same kind (a different one: seeds that deal
the same question again are skipped, and a kind with only one question has
the button disabled, saying why).  ``solution=False`` leaves the Solution
panel out, as in the students' handouts, and builds nothing of it: no answer or worked solution is
held in any widget, so none is saved in the notebook's widget state; ``question=False`` leaves out the
question's quotation and prompt where the page already writes them above the
widget (the students' notebooks), and then there is no *New question*, so that
the widget always answers the question written on the page.  The feedback line is one persistent
live region (:mod:`ombre.display.live`): screen readers announce every check,
the same answer checked twice included.

Every card written in the question, the feedback, the hint and the solution
(``K♥``) is a named ``role="img"`` span (:mod:`ombre.display.cardtext`).  The
radio buttons' labels are plain text (ipywidgets puts no markup there), so the
group's tooltip names the cards of the choices instead.

Everything can be driven from Python, which is how the tests use it:

>>> from ombre.teaching import find
>>> w = ExerciseWidget(find("order-1"))
>>> w.answer("11").correct, w.feedback.value.count("Not right")
(False, 1)
>>> w.answer("12").correct
True
>>> w.solution_box is not None and w.solution_box.selected_index is None  # closed until asked for
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ombre.display.cardtext import CARD_TOKEN, card_names
from ombre.display.live import display_with_live_regions, live_html, say, show_live_script
from ombre.display.svg import cards_html
from ombre.display.teaching.html import answer_format_html, exercise_text_html
from ombre.errors import OmbreError
from ombre.teaching import Exercise, ExerciseSet, Feedback, exercise_set, find, generate
from ombre.teaching.collect import AnswerSheet

__all__ = ["ExerciseWidget", "ExerciseSetBox", "exercise_widget", "set_widget"]

#: how many further seeds *New question* tries for a question different from the one shown
NEW_QUESTION_TRIES = 40
_SEED_STEP = 7919


def _choices_named(labels: list[str]) -> str | None:
    """The choices with each card named (``b) the Two of Clubs``), or ``None`` if none has a card."""
    names = card_names(labels, conjectural=False)
    if not names:
        return None
    return "; ".join(
        CARD_TOKEN.sub(lambda m: names[m.group(1)] + (m.group(2) or ""), label) for label in labels
    )


class ExerciseWidget:
    """One exercise as an ipywidgets box (:attr:`box`); display it as the last expression of a cell."""

    def __init__(
        self,
        exercise: Exercise,
        *,
        number: int | None = None,
        allow_new: bool = True,
        solution: bool = True,
        question: bool = True,
        sheet: AnswerSheet | None = None,
    ) -> None:
        self.exercise = exercise
        #: the student's answer sheet, on which every checked answer to a question of its set is recorded
        self.sheet = sheet
        self.number = number
        #: whether the widget writes the question (quotation and prompt) itself
        self.shows_question = question
        allow_new = allow_new and question
        self.last: Feedback | None = None
        self._fresh = 0
        self._checks = 0
        self.question = widgets.HTML()
        self.choices = widgets.RadioButtons(
            options=[],
            value=None,
            description="Your answer",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.text = widgets.Text(description="Answer:")
        # what the answer may be written as, in visible text under the box (a placeholder would
        # vanish as soon as the student types, and screen readers do not all read it)
        self.format_note = widgets.HTML()
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.new_button = widgets.Button(
            description="New question",
            tooltip="A fresh question of the same kind",
            layout=widgets.Layout(display="" if allow_new else "none"),
        )
        self.new_note = widgets.HTML()
        if allow_new and self._only_one_question():
            self._no_new_question()
        #: the verdict: one persistent live region (see :mod:`ombre.display.live`)
        self.feedback = live_html()
        self.hint_box = widgets.Accordion(children=[widgets.HTML()], selected_index=None)
        self.hint_box.set_title(0, "Hint")
        #: the Solution panel, or ``None`` without one (``solution=False``): then no widget holds the answer
        self.solution_box: widgets.Accordion | None = None
        if solution:
            self.solution_box = widgets.Accordion(children=[widgets.HTML()], selected_index=None)
            self.solution_box.set_title(0, "Solution")
        self.has_solution = solution
        self.check_button.on_click(lambda _b: self._check_clicked())
        self.new_button.on_click(lambda _b: self.new_question())
        #: the widget that is shown: the question, the answer box, its buttons and the feedback
        self.box = widgets.VBox(
            [
                self.question,
                self.choices,
                self.text,
                self.format_note,
                widgets.HBox([self.check_button, self.new_button, self.new_note]),
                self.feedback,
                self.hint_box,
                *([self.solution_box] if self.solution_box is not None else []),
            ]
        )
        self._show()

    # -- driving it --------------------------------------------------------------

    def answer(self, response: str | int) -> Feedback:
        """Give an answer (a choice's position or letter, or the text to type) and check it."""
        ex = self.exercise
        if ex.choices:
            index = response if isinstance(response, int) else ex._choice_index(response)
            self.choices.value = index
        else:
            self.text.value = str(response)
        fb = self.check()
        if fb is None:
            raise OmbreError("the answer could not be checked")
        return fb

    def check(self) -> Feedback | None:
        """Check what is entered now; show the verdict and why (``None`` if nothing was entered)."""
        ex = self.exercise
        if ex.choices:
            if self.choices.value is None:
                self._say(None, "Choose an answer first.")
                return None
            fb = ex.check(int(self.choices.value))
        else:
            if not self.text.value.strip():
                self._say(None, "Type an answer first.")
                return None
            try:
                fb = ex.check(self.text.value)
            except OmbreError as e:
                self._say(None, str(e))
                return None
        self.last = fb
        if self.sheet is not None and ex.id in self.sheet.exercise_ids:  # not a "New question"
            self.sheet.record(ex.id, int(self.choices.value) if ex.choices else self.text.value)
        self._say(fb.correct, fb.message)
        return fb

    def _candidates(self) -> list[int]:
        base = self.exercise.seed if self.exercise.seed is not None else 0
        return [base + _SEED_STEP * k for k in range(1, NEW_QUESTION_TRIES + 1)]

    def _only_one_question(self) -> bool:
        shown = self.exercise.question_key
        return all(generate(self.exercise.kind, s).question_key == shown for s in self._candidates())

    def _no_new_question(self) -> None:
        self.new_button.disabled = True
        self.new_button.tooltip = "This kind of exercise has only one question"
        self.new_note.value = "<small>(This kind of exercise has only one question.)</small>"

    def new_question(self) -> None:
        """Replace the question by a fresh one of the same kind, different from the one shown.

        Seeds that deal the same question again are skipped; if none of the next
        :data:`NEW_QUESTION_TRIES` differs, the question stays and the button is disabled.
        """
        ex = self.exercise
        shown = ex.question_key
        for seed in self._candidates():
            fresh = generate(ex.kind, seed)
            if fresh.question_key != shown:
                break
        else:
            self._no_new_question()
            return
        self._fresh += 1
        self.exercise = fresh
        self.last = None
        self._show()

    # -- drawing -----------------------------------------------------------------

    def _check_clicked(self) -> None:
        self.check()

    def _say(self, correct: bool | None, message: str) -> None:
        colour = {True: "#1b6e2d", False: "#a3161c", None: "inherit"}[correct]
        say(self.feedback, f'<div style="color:{colour};margin:.4em 0">{exercise_text_html(message)}</div>')

    def _show(self) -> None:
        ex = self.exercise
        parts = []
        title = f"Question {self.number}" if self.number is not None else "Question"
        if not self.shows_question:
            title = f"Your answer to question {self.number}" if self.number is not None else "Your answer"
        parts.append(f"<h3 style='margin:.2em 0'>{exercise_text_html(title)}</h3>")
        if ex.quote and self.shows_question:
            lines = "<br>".join(f"<small>iii.{n}</small> {exercise_text_html(t)}" for n, t in ex.quote)
            parts.append(f"<blockquote style='font-style:italic;margin:.4em 0 .6em 1em'>{lines}</blockquote>")
        if ex.cards:
            parts.append(
                cards_html(ex.cards, None, 40, label="Cards shown: " + ", ".join(c.name for c in ex.cards))
            )
        if self.shows_question:
            parts.append(f"<p><b>{exercise_text_html(ex.prompt)}</b></p>")
        if ex.precision:
            parts.append(f"<p><small>{exercise_text_html(ex.precision)}</small></p>")
        self.question.value = "".join(parts)
        if ex.choices:
            labels = [f"{chr(ord('a') + i)}) {c.text}" for i, c in enumerate(ex.choices)]
            self.choices.options = [(label, i) for i, label in enumerate(labels)]
            self.choices.tooltip = _choices_named(labels)
            self.choices.value = None
            self.choices.layout.display = ""
            self.text.layout.display = "none"
            self.format_note.layout.display = "none"
        else:
            self.choices.options = []
            self.choices.layout.display = "none"
            self.text.value = ""
            self.text.description = f"Answer ({ex.unit}):" if ex.unit else "Answer:"
            self.text.layout.display = ""
            self.format_note.value = f"<small>Write {answer_format_html(ex)}.</small>"
            self.format_note.layout.display = ""
        say(self.feedback, "")
        self.hint_box.children[0].value = (
            f"<p>{exercise_text_html(ex.hint)}</p>" if ex.hint else "<p>No hint for this one.</p>"
        )
        self.hint_box.selected_index = None
        if self.solution_box is None:  # the students' widget: the answer is never put in a widget
            return
        source = f"<p><small>Source: {exercise_text_html(ex.source)}</small></p>" if ex.source else ""
        answer = exercise_text_html(ex.answer_text)
        self.solution_box.children[
            0
        ].value = f"<p><b>Answer: {answer}.</b> {exercise_text_html(ex.solution)}</p>{source}"
        self.solution_box.selected_index = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        display_with_live_regions(self.box)


class ExerciseSetBox(widgets.VBox):  # type: ignore[misc]
    """A set's widgets in one box (:attr:`exercise_widgets`), shown with the live-region script."""

    def __init__(self, children: list[Any], exercise_widgets: list[ExerciseWidget]) -> None:
        super().__init__(children)
        #: the set's exercises, one widget each
        self.exercise_widgets = exercise_widgets

    def _ipython_display_(self) -> None:
        from IPython.display import display

        show_live_script()
        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]


def exercise_widget(
    exercise: Exercise | str,
    *,
    number: int | None = None,
    solution: bool = True,
    question: bool = True,
    sheet: AnswerSheet | None = None,
) -> ExerciseWidget:
    """The widget for an exercise or an exercise id (``"order-1"``); ``solution=False`` hides the answer,
    ``question=False`` the question written above it (and *New question* with it); each answer checked
    is recorded on ``sheet`` (the students' handouts, :mod:`ombre.teaching.collect`)."""
    ex = find(exercise) if isinstance(exercise, str) else exercise
    return ExerciseWidget(ex, number=number, solution=solution, question=question, sheet=sheet)


def set_widget(exercises: ExerciseSet | str, seed: int = 0, *, solution: bool = True) -> ExerciseSetBox:
    """A whole set, one widget per exercise, under its title and introduction."""
    s = exercise_set(exercises, seed) if isinstance(exercises, str) else exercises
    items = [ExerciseWidget(ex, number=i + 1, solution=solution) for i, ex in enumerate(s.exercises)]
    head = widgets.HTML(f"<h2>{exercise_text_html(s.title)}</h2><p>{exercise_text_html(s.intro)}</p>")
    return ExerciseSetBox([head] + [w.box for w in items], items)
