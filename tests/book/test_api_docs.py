"""What the API reference (book/reference/api.md, made by autosummary) is made from: every public
module names its public names in ``__all__``, and each one defined there has its documentation;
the reference's page lists every subject of the package (a new module within one has its page
from the package tree, with nothing to list)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
from sphinx.pycode import ModuleAnalyzer

import ombre

ROOT = Path(__file__).resolve().parents[2]


def public_modules() -> list[str]:
    """Every module and package of ``ombre`` with no leading underscore in its name."""
    return sorted(
        info.name
        for info in pkgutil.walk_packages(ombre.__path__, "ombre.")
        if not any(part.startswith("_") for part in info.name.split("."))
    )


def _assigned(module: object) -> set[str]:
    """The names a module's own top-level statements assign (its constants, not its imports)."""
    names: set[str] = set()
    for stmt in ast.parse(inspect.getsource(module)).body:  # type: ignore[arg-type]
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
        for target in targets:
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)} if target else set()
    return names


def _auto_doc(name: str, doc: str) -> bool:
    """A docstring Python wrote itself: a dataclass's or named tuple's signature, an Enum's default."""
    return doc.startswith(f"{name}(") or doc == "An enumeration."


@pytest.mark.parametrize("name", public_modules())
def test_every_public_name_has_its_documentation(name: str) -> None:
    """A class or function defined in the module and named in ``__all__`` has a docstring of its
    own; a constant assigned there and named in ``__all__`` has a ``#:`` comment (autodoc's)."""
    module = importlib.import_module(name)
    commented = {attr for ns, attr in ModuleAnalyzer.for_module(name).find_attr_docs() if ns == ""}
    assigned = _assigned(module)
    for attr in getattr(module, "__all__", ()):
        obj = getattr(module, attr)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            if obj.__module__ == name:
                doc = obj.__doc__ or ""
                assert doc.strip() and not _auto_doc(attr, doc), f"{name}.{attr} has no docstring"
        elif attr in assigned:
            assert attr in commented, f"{name}.{attr} has no #: comment"


@pytest.mark.parametrize("name", public_modules())
def test_public_classes_and_functions_are_in_all(name: str) -> None:
    """A module says its public names in ``__all__``: a class or function defined there without an
    underscore is named in it (so that the test above reads it)."""
    module = importlib.import_module(name)
    defined = [
        attr
        for attr, obj in vars(module).items()
        if not attr.startswith("_")
        and (inspect.isclass(obj) or inspect.isfunction(obj))
        and obj.__module__ == name
    ]
    if defined:
        assert hasattr(module, "__all__"), name
    for attr in defined:
        assert attr in module.__all__, f"{name}.{attr} is not in __all__"


def test_the_reference_lists_every_subject_of_the_package() -> None:
    """The API reference's table names each top-level module and package of ``ombre`` (each one's
    page lists its own modules, recursively, so these are the only names written by hand)."""
    page = (ROOT / "book" / "reference" / "api.md").read_text(encoding="utf-8")
    table = page[page.index(".. autosummary::") :]
    listed = re.findall(r"^ {3}(ombre\.\w+)$", table[: table.index("```")], re.M)
    top = sorted(n for n in public_modules() if n.count(".") == 1)
    assert sorted(listed) == top
