"""Shared test fixtures. No test ever touches the user's real data directory:
SCOREKEEPER_DB points every test at its own temporary database, and the
platformdirs data directory is moved into the temporary directory too."""
from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("_TYPER_FORCE_DISABLE_TERMINAL", "1")
os.environ["COLUMNS"] = "120"
os.environ.pop("FORCE_COLOR", None)
os.environ.pop("GITHUB_ACTIONS", None)

import pytest  # noqa: E402

SHARED_GAMES = Path(__file__).resolve().parents[2] / "shared" / "games"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True)
def isolated_db(tmp_path, monkeypatch):
    """Every test gets its own database directory and its own home."""
    db = tmp_path / "db"
    monkeypatch.setenv("SCOREKEEPER_DB", str(db))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    return db


def load_games(name: str) -> dict:
    """A worked-examples file: tests/fixtures/NAME, falling back to ../shared/games/NAME."""
    for base in (FIXTURES, SHARED_GAMES):
        path = base / name
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
    pytest.skip(f"{name} is not available")


@pytest.fixture
def cli():
    """Run the real command through typer's CliRunner: cli("standings", "--json")."""
    from typer.testing import CliRunner

    from scorekeeper.cli import app

    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input)

    return run
