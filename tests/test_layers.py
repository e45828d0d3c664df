"""The package's layers: import-linter's contracts (``pyproject.toml``) hold, fail on a forbidden
import, and the engine runs on the standard library alone (as it must in Pyodide)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter is not installed")


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=root, capture_output=True, text=True, timeout=300, check=False
    )


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "ombre", tmp_path / "ombre", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_contracts_hold() -> None:
    run = _lint(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


_ENGINE_TO_DISPLAY = (
    "ombre/engine/_probe.py",
    "import ombre.display.svg",
    "ombre.engine is not allowed to import",
)
_SOURCES_TO_ENGINE = (
    "ombre/sources/_probe.py",
    "import ombre.engine.cards",
    "ombre.sources is not allowed to import",
)
_ENGINE_TO_MATPLOTLIB = (
    "ombre/engine/_probe.py",
    "import matplotlib",
    "ombre.engine is not allowed to import matplotlib",
)
_RULES_TO_GAME = (
    "ombre/engine/cards_probe.py",
    "import ombre.engine.game",
    "not allowed to import ombre.engine.game",
)


@pytest.mark.parametrize(
    ("module", "bad_import", "broken"),
    [_ENGINE_TO_DISPLAY, _SOURCES_TO_ENGINE, _ENGINE_TO_MATPLOTLIB, _RULES_TO_GAME],
    ids=["engine-display", "sources-engine", "engine-matplotlib", "rules-game"],
)
def test_a_forbidden_import_breaks_a_contract(
    tmp_path: Path, module: str, bad_import: str, broken: str
) -> None:
    root = _copy(tmp_path)
    (root / module).write_text(f'"""A deliberately bad import."""\n\n{bad_import}\n', encoding="utf-8")
    if module.endswith("cards_probe.py"):  # a module the engine's low layer uses
        rules = root / "ombre/engine/rules.py"
        rules.write_text(
            rules.read_text(encoding="utf-8") + "\nimport ombre.engine.cards_probe\n", encoding="utf-8"
        )
    run = _lint(root)
    assert run.returncode != 0
    assert broken in " ".join(run.stdout.split()), run.stdout


def test_the_engine_runs_on_the_standard_library_alone(tmp_path: Path) -> None:
    """In a Python with no site-packages (``-I -S``), every engine, text, Belinda and teaching module
    (not the batch engine, whose numpy is an optional dependency) imports, a seeded game is played
    to its end and solved, and nothing outside the standard library was loaded."""
    script = textwrap.dedent(
        """
        import pkgutil, sys, importlib
        sys.path.insert(0, sys.argv[1])
        import ombre
        names = [m.name for m in pkgutil.walk_packages(ombre.__path__, "ombre.")
                 if not m.name.startswith("ombre.display")
                 and m.name != "ombre.__main__" and not m.name.startswith("ombre.batch")]
        for name in names:
            importlib.import_module(name)
        from ombre.engine.game import Deal
        from ombre.engine.players import play_hand, make_player
        from ombre.engine.solver import random_position, solve
        state = play_hand(Deal.random(seed=7), [make_player("rule-of-thumb", seed=s) for s in range(3)])
        assert state.is_terminal()
        assert 0 <= solve(random_position(3)) <= 9
        outside = sorted(
            name for name, mod in sys.modules.items()
            if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "ombre"
            and not name.startswith("_")
        )
        print(len(names), outside)
        """
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    count, outside = run.stdout.split(" ", 1)
    assert int(count) >= 15
    assert outside.strip() == "[]"
