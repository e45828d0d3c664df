"""The package as people expect it: one version (pyproject.toml's) in the metadata, ``ombre.__version__``
and CITATION.cff; an SPDX licence with its LICENSE file, shipped in the wheel."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
import yaml

import ombre

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_version_is_pyproject_s() -> None:
    assert ombre.__version__ == PROJECT["version"]
    assert metadata.version("ombre") == PROJECT["version"]


def test_an_uninstalled_tree_reads_its_pyproject(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert ombre._find_version() == PROJECT["version"]


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the Ombre contributors" in text
    assert "Permission is hereby granted, free of charge" in text


def test_citation_cff() -> None:
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    # the fields CFF 1.2.0 requires, and those this project gives
    assert cff["cff-version"] == "1.2.0"
    assert cff["message"] and cff["title"]
    assert cff["authors"] == [{"name": "The Ombre contributors"}]
    assert cff["type"] == "software"
    assert cff["version"] == PROJECT["version"]
    assert cff["license"] == PROJECT["license"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(cff["date-released"]))


def _setuptools_major() -> int:
    try:
        return int(metadata.version("setuptools").split(".")[0])
    except metadata.PackageNotFoundError:
        return 0


@pytest.mark.slow
def test_the_wheel_ships_the_licence_and_says_it(tmp_path: Path) -> None:
    # a copy of what the wheel is built from, so the build leaves nothing in the working tree
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "ombre", source / "ombre", ignore=shutil.ignore_patterns("__pycache__"))
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path / "dist"), "."]
    if _setuptools_major() >= 77:  # the installed setuptools knows PEP 639: build offline with it
        command.insert(4, "--no-build-isolation")
    done = subprocess.run(command, cwd=source, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    # the table form `license = { text = ... }` made setuptools warn, through pip as a
    # BuildBackendWarning, that it stops building after 2027-02-18
    log = done.stdout + done.stderr
    assert "BuildBackendWarning" not in log and "DeprecationWarning" not in log
    assert not re.search(r"license.{0,40}deprecated", log, re.IGNORECASE)
    [wheel] = (tmp_path / "dist").glob("ombre-*.whl")
    with zipfile.ZipFile(wheel) as whl:
        info = f"ombre-{PROJECT['version']}.dist-info"
        assert whl.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
        meta = whl.read(f"{info}/METADATA").decode()
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
    assert "License-Expression: MIT" in meta.splitlines()
    assert "License-File: LICENSE" in meta.splitlines()
    assert f"Version: {PROJECT['version']}" in meta.splitlines()
    assert "ombre = ombre.cli:main" in entry_points
    assert "[pygments.lexers]\nombre = ombre.display.lexer:OmbreRecordLexer" in entry_points
