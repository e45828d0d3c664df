"""The package's facade, ``ombre``: the names it re-exports, imported when first used."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import ombre

ROOT = Path(__file__).resolve().parents[1]


def test_the_type_checkers_imports_and_the_table_name_the_same_names_from_the_same_modules() -> None:
    tree = ast.parse((ROOT / "ombre" / "__init__.py").read_text(encoding="utf-8"))
    [block] = [n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING"]
    typed = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names:
            assert alias.asname == alias.name, f"{alias.name} is re-exported as itself"
            typed[alias.name] = node.module
    assert typed == ombre._EXPORTS
    assert ombre.__all__ == list(ombre._EXPORTS) and len(ombre.__all__) == 43


def test_every_name_is_the_object_its_module_defines() -> None:
    for name, module in ombre._EXPORTS.items():
        assert getattr(ombre, name) is getattr(importlib.import_module(module), name)
    assert set(ombre.__all__) <= set(dir(ombre))


def test_importing_the_package_imports_no_submodule_until_a_name_is_used() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, ombre; print(sorted(m for m in sys.modules if m.startswith('ombre.')))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert run.stdout.strip() == "[]"


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        ombre.Spadillio  # noqa: B018
    except AttributeError as exc:
        assert "no attribute 'Spadillio'" in str(exc)
    else:
        raise AssertionError("ombre.Spadillio should not exist")
