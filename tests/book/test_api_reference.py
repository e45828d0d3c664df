"""The built API reference (book/reference/api.md and the module pages autosummary writes under
book/reference/api/): every public class and function of every public module has its entry with
its signature, on its module's page and only there; a role in a docstring is a link to the
entry's anchor; private names stay out."""

from __future__ import annotations

import html
import importlib
import inspect
import os
import pkgutil
import re
from pathlib import Path

import pytest

import ombre

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html"))
API = BUILD / "book" / "reference" / "api"

pytestmark = pytest.mark.book


def _pages() -> None:
    if not (BUILD / "index.html").exists():
        if os.environ.get("OMBRE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the book is not built at {BUILD}", pytrace=False)
        pytest.skip(f"the book is not built at {BUILD}: run `make build` first")


def public_modules() -> list[str]:
    """Every module and package of ``ombre`` with no leading underscore in its name."""
    return sorted(
        info.name
        for info in pkgutil.walk_packages(ombre.__path__, "ombre.")
        if not any(part.startswith("_") for part in info.name.split("."))
    )


def _page(module: str) -> str:
    _pages()
    path = API / f"{module}.html"
    assert path.exists(), f"no page for {module}"
    return path.read_text(encoding="utf-8")


def _entry(page: str, anchor: str) -> tuple[str, str]:
    """The text of an entry's signature line (``<dt id=anchor>``) and the HTML of its description."""
    m = re.search(rf'<dt class="sig sig-object py" id="{re.escape(anchor)}">(.*?)</dt>\s*<dd>', page, re.S)
    assert m, f"no entry #{anchor}"
    signature = " ".join(html.unescape(re.sub(r"<[^>]+>", "", m.group(1))).split())
    return signature, page[m.end() : page.find("</dd>", m.end())]


def _defined(module: str) -> list[tuple[str, object]]:
    mod = importlib.import_module(module)
    return [
        (name, obj)
        for name in getattr(mod, "__all__", ())
        if (inspect.isclass(obj := getattr(mod, name)) or inspect.isfunction(obj))
        and obj.__module__ == module
    ]


@pytest.mark.parametrize("module", public_modules())
def test_every_public_class_and_function_has_its_entry_with_its_signature(module: str) -> None:
    page = _page(module)
    assert f'id="module-{module}"' in page
    for name, obj in _defined(module):
        signature, _ = _entry(page, f"{module}.{name}")
        own = obj if inspect.isfunction(obj) else vars(obj).get("__init__")
        assert signature.startswith(f"{name}(" if inspect.isfunction(obj) else f"class {name}"), signature
        if inspect.isfunction(own):  # a function, or a class with an ``__init__`` of its own
            params = [p for p in inspect.signature(own).parameters if p != "self"]
            assert all(re.search(rf"\b{p}\b", signature) for p in params), (params, signature)


def test_each_entry_is_on_one_page_only_and_private_names_stay_out() -> None:
    _pages()
    seen: dict[str, str] = {}
    for path in sorted(API.glob("*.html")):
        for anchor in re.findall(
            r'<dt class="sig sig-object py" id="([^"]+)"', path.read_text(encoding="utf-8")
        ):
            assert anchor not in seen, f"{anchor} on {seen[anchor]} and {path.name}"
            seen[anchor] = path.name
            assert not any(part.startswith("_") for part in anchor.split(".")), anchor
    assert len(seen) > 300


def test_a_role_in_a_docstring_is_a_link_to_the_entry() -> None:
    """``:class:`CardError``` in ``parse_card``'s docstring links to the class on the same page; the
    display module's ``:class:`~ombre.teaching.ExerciseSet``` (a name the package re-exports) links
    to the page of the module that defines it."""
    _, parse_card = _entry(_page("ombre.engine.cards"), "ombre.engine.cards.parse_card")
    assert 'href="#ombre.engine.cards.CardError"' in parse_card

    from ombre.teaching import ExerciseSet

    where = f"{ExerciseSet.__module__}.ExerciseSet"
    page = _page("ombre.display.teaching.html")
    intro = page[page.index('id="module-ombre.display.teaching.html"') :]
    assert re.search(rf'href="{re.escape(ExerciseSet.__module__)}\.html#{re.escape(where)}"', intro)


def test_the_reference_page_links_each_subject_and_the_engine_page_links_the_reference() -> None:
    _pages()
    api = (BUILD / "book" / "reference" / "api.html").read_text(encoding="utf-8")
    for module in public_modules():
        if module.count(".") == 1:
            assert f'href="api/{module}.html#module-{module}"' in api, module
    assert re.search(r"<caption>.*The package.s subjects and modules", api)
    # what ``import ombre`` gives: links to where each name is described
    assert 'href="api/ombre.engine.cards.html#ombre.engine.cards.Card"' in api
    engine = (BUILD / "book" / "reference" / "engine.html").read_text(encoding="utf-8")
    assert 'href="api.html"' in engine


def test_a_package_page_lists_its_modules_and_no_name_twice() -> None:
    """A package's page lists its modules in a captioned table (names as row headers); a facade
    that re-exports names links to them rather than describing them again."""
    page = _page("ombre.engine")
    assert "The modules of ombre.engine" in page
    assert re.search(
        r'<th scope="row" class="stub"><p><a class="reference internal" href="ombre\.engine\.cards\.html',
        page,
    )
    display = _page("ombre.display")
    assert 'href="ombre.display.svg.html#ombre.display.svg.card_svg"' in display
    assert 'id="ombre.display.card_svg"' not in display


def test_the_generated_pages_are_not_kept_in_git() -> None:
    assert "book/reference/api/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_no_braille_numerals_leak_into_citations() -> None:
    """A citation in a docstring's prose gives the article in words ("1665, "Of taking in", article 3"),
    never the braille number sign and letter it was written as (#c)."""
    _pages()
    for path in sorted(API.glob("*.html")):
        prose = re.sub(r"<(pre|code)\b.*?</\1>", "", path.read_text(encoding="utf-8"), flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", prose))  # braille written as braille is code
        assert not re.search(r"#[a-j]\b", text), path.name
    _, name_trump = _entry(_page("ombre.engine.game"), "ombre.engine.game.NameTrump")
    assert "1665, “Of taking in”, article 3" in html.unescape(name_trump)
