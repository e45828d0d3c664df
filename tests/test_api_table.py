"""The table of public names on reference/engine.md (book/_ext/ombre_api.py): every row has a
whole first sentence, rendered, with no reStructuredText markup left over; every public module
is in it, and every class or function the book's pages import."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
import sys
from pathlib import Path

import pytest

import ombre
import ombre.display

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_ext"))

from ombre_api import MODULES, api_entries, api_table_html, first_sentence, render_inline  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

RAW_MARKUP = re.compile(r":[a-z]+:`|``|(?<![\w<])\*\w|`")


@pytest.fixture(scope="module")
def entries() -> list:  # type: ignore[type-arg]
    return api_entries()


def test_inline_markup_becomes_html() -> None:
    assert render_inline("raise :class:`CardError` now") == "raise <code>CardError</code> now"
    assert render_inline("the :class:`~ombre.engine.game.GameState`") == "the <code>GameState</code>"
    assert (
        render_inline("the :func:`ombre.engine.payments.settle`")
        == "the <code>ombre.engine.payments.settle</code>"
    )
    assert render_inline("cards: ``As 2s Ac``") == "cards: <code>As 2s Ac</code>"
    assert render_inline("of *The Royal Game* (1665)") == "of <em>The Royal Game</em> (1665)"
    assert render_inline("**the privilege**") == "<strong>the privilege</strong>"
    assert render_inline("``a < b`` & c") == "<code>a &lt; b</code> &amp; c"
    assert render_inline("x * y * z") == "x * y * z"


def test_first_sentence_is_whole() -> None:
    assert first_sentence("Settle one hand. <code>ombre</code> is None.") == "Settle one hand."
    assert first_sentence("Money, e.g. 3 marks and 1 mark. More.") == "Money, e.g. 3 marks and 1 mark."
    assert first_sentence("One (see <code>a. B</code>) thing. Next") == "One (see <code>a. B</code>) thing."
    assert first_sentence("A list follows:") == "A list follows."


def test_every_row_has_a_rendered_summary(entries: list) -> None:  # type: ignore[type-arg]
    assert len(entries) > 100
    for e in entries:
        assert e.summary_html.strip(), f"{e.module}.{e.name} has no summary"
        assert not RAW_MARKUP.search(e.summary_html), f"{e.module}.{e.name}: {e.summary_html}"
        assert e.summary_html.rstrip().endswith((".", "?", ")", '"')), (
            f"{e.module}.{e.name}: {e.summary_html}"
        )


def test_rows_the_review_found_wrong(entries: list) -> None:  # type: ignore[type-arg]
    by_name = {(e.module, e.name): e.summary_html for e in entries}
    assert by_name["ombre.engine.cards", "parse_card"] == (
        "Read one card; raise <code>CardError</code> naming the text if it is not one."
    )
    assert (
        by_name["ombre.engine.cards", "format_cards"]
        == "Canonical text for a list of cards: <code>As 2s Ac</code>."
    )
    assert "<code>POOL</code>" in by_name["ombre.engine.payments", "Transfer"]
    assert by_name["ombre.sources.braille", "source_1665"] == (
        "The braille file of <em>The Royal Game of the Ombre</em> (1665), exactly as stored."
    )
    assert by_name["ombre.engine.payments", "settle"] == "Settle one hand under <code>rules</code>."
    assert by_name["ombre.engine.players", "trump_preference"].endswith("a suit whose king you lack.")
    assert by_name["ombre.engine.players", "sample_world"].endswith(
        "(cards played, its own hand and discards, shown voids)."
    )
    assert by_name["ombre.sources.edition", "glossary"] == (
        "The glossary's terms, each with its forms and definition (<code>glossary.json</code>)."
    )
    assert by_name["ombre.sources.edition", "emendations"].startswith("Every editorial change of the edition")
    assert by_name["ombre.sources.edition", "annotations"].startswith("Every note of the edition")


def test_no_braille_numerals_leak_into_citations(entries: list) -> None:  # type: ignore[type-arg]
    """A citation gives the article in words ("1665, "Of taking in", article 3"), never the braille
    number sign and letter it was written as (#c)."""
    for e in entries:
        assert not re.search(r"#[a-j]\b", e.summary_html), f"{e.module}.{e.name}: {e.summary_html}"
    by_name = {(e.module, e.name): e.summary_html for e in entries}
    assert by_name["ombre.engine.game", "NameTrump"] == (
        "The Ombre names the trump suit (before looking at the cards taken in, "
        '1665, "Of taking in", article 3).'
    )


def test_table_html_has_one_row_a_name(entries: list) -> None:  # type: ignore[type-arg]
    table = api_table_html()
    assert table.count("<tr>") == len(entries) + 1
    assert "<td></td>" not in table


def _public_modules() -> list[str]:
    """Every module of the package whose name has no leading underscore (a package counts when its
    ``__init__`` defines public names of its own, not only re-exports)."""
    names = []
    for info in pkgutil.walk_packages(ombre.__path__, "ombre."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        defined = [getattr(vars(module).get(n), "__module__", "") for n in getattr(module, "__all__", ())]
        own = [m for m in defined if m == info.name]
        if not info.ispkg or own:
            names.append(info.name)
    return names


def test_every_public_module_is_in_the_table() -> None:
    assert "ombre.errors" in _public_modules() and "ombre.display.cardtext" in _public_modules()
    assert sorted(_public_modules()) == sorted(MODULES)


def test_the_table_reads_every_public_class_and_function(entries: list) -> None:  # type: ignore[type-arg]
    """Each module says its public names in ``__all__``, which the table reads: a class or function
    defined there without an underscore is named in it."""
    rows = {(e.module, e.name) for e in entries}
    for name in MODULES:
        module = importlib.import_module(name)
        assert hasattr(module, "__all__"), name
        for attr, obj in vars(module).items():
            if attr.startswith("_") or not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            if obj.__module__ == name:
                assert attr in module.__all__, f"{name}.{attr} is not in __all__"
                assert (name, attr) in rows, f"{name}.{attr}"


_IMPORT = re.compile(r"from (ombre(?:\.\w+)*) import (\([^)]*\)|[^\n]+)")


def _code_of_the_pages() -> list[tuple[str, str]]:
    """The text of every book page and the code of every notebook, with its path."""
    pages = [(str(p.relative_to(ROOT)), p.read_text()) for p in sorted((ROOT / "book").rglob("*.md"))]
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        pages.append((str(nb.relative_to(ROOT)), code))
    return pages


def test_what_the_book_pages_import_is_in_the_table(entries: list) -> None:  # type: ignore[type-arg]
    """Every module a page or notebook imports, and every class or function it imports, has its
    rows (a name imported from ``ombre`` or ``ombre.display`` is looked up where it is defined);
    constants (``DECK``, ``POOL``) have no docstring and so no row."""
    rows = {(e.module, e.name) for e in entries}
    seen = 0
    for path, text in _code_of_the_pages():
        for m in _IMPORT.finditer(text):
            module = importlib.import_module(m.group(1))
            for item in m.group(2).strip("()").split(","):
                attr = item.split("#")[0].split(" as ")[0].strip()
                if not attr:
                    continue
                obj = getattr(module, attr)
                seen += 1
                if inspect.ismodule(obj):
                    assert obj.__name__ in MODULES, f"{path}: {obj.__name__}"
                elif inspect.isclass(obj) or inspect.isfunction(obj):
                    assert (obj.__module__, attr) in rows, f"{path}: {obj.__module__}.{attr}"
    assert seen > 100
