"""The lower bounds of what the program needs (pyproject.toml) are the versions the CI's
lowest-versions run installs (.ci/lowest.txt), one for one, so every lower bound is tested."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(text: str) -> str:
    return re.sub(r"[-_.]+", "-", text).lower()


def _version(text: str) -> tuple[int, ...]:
    parts = [int(p) for p in text.split(".")]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def lower_bounds() -> dict[str, tuple[int, ...]]:
    """``{name: lower bound}`` of the project's dependencies."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = {}
    for requirement in project["dependencies"]:
        match = re.match(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([0-9.]+)", requirement)
        assert match, f"{requirement}: every dependency has a lower bound"
        found[_name(match[1])] = _version(match[2])
    return found


def pinned() -> dict[str, tuple[int, ...]]:
    """``{name: version}`` of .ci/lowest.txt."""
    found = {}
    for line in (ROOT / ".ci" / "lowest.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            found[_name(name)] = _version(version)
    return found


def test_the_lowest_versions_ci_installs_are_the_lower_bounds():
    assert pinned() == lower_bounds()


def test_pydantic_is_one_that_checks_no_schema_in_rust_while_a_command_runs():
    """Before 2.11 pydantic checked every schema typer converts a value with by a validator built
    in Rust, calling back into Python: a Ctrl-C there is a Rust panic (a traceback, not our one
    sentence). 2.11 is the lowest that does not."""
    assert lower_bounds()["pydantic"] >= (2, 11)
    assert "--deselect" not in (ROOT / ".ci" / "lowest-versions").read_text(encoding="utf-8")
