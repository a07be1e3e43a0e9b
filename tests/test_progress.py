"""A progress bar on long work (import, export --all, stats, db check): drawn on standard
error in a terminal, gone when the work ends; never when piped, never under --json.

The database: 30 copies of one Rummy 500 session (one hand, points given: Ann 60 − 5 = 55,
Bob 0 − 20 = −20), 30 being more than the 20 items that make work long
(scorekeeper.cli.render.progress.LEAST)."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from scorekeeper.app import Application
from scorekeeper.cli.render.progress import LEAST

SESSIONS = 30
HIDE_CURSOR = "\x1b[?25l"  # rich hides the cursor while a bar is drawn


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """An export of 30 sessions."""
    where = tmp_path_factory.mktemp("club")
    app = Application(where / "db")
    app.new("rummy500", ["Ann", "Bob"], title="Club")
    app.record_hand({"players": {"Ann": {"table": 60, "hand": 5}, "Bob": {"table": 0, "hand": 20}}})
    doc = json.loads(app.export(all_=True)["text"])
    one = doc["sessions"][0]
    doc["sessions"] = [dict(one, id=f"{i:08x}") for i in range(1, SESSIONS + 1)]
    path = where / "club.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def env_for(db: Path, term: str = "xterm") -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "_TYPER_FORCE_DISABLE_TERMINAL")}
    env.update(SCOREKEEPER_DB=str(db), TERM=term, NO_COLOR="1", COLUMNS="100")
    return env


def in_terminal(exe: Path, db: Path, *args: str, term: str = "xterm") -> str:
    """What a command writes to a terminal (stdout and stderr are the same pseudo-terminal)."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(str(exe), list(args), env=env_for(db, term), encoding="utf-8", timeout=120,
                          dimensions=(40, 100))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return child.before


def piped(exe: Path, db: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env_for(db), timeout=120)


def test_the_threshold_is_below_the_sessions_here():
    assert SESSIONS >= LEAST


def test_import_draws_a_bar_in_a_terminal_and_none_when_piped_or_under_json(exe, tmp_path, club):
    said = in_terminal(exe, tmp_path / "a", "import", str(club))
    assert HIDE_CURSOR in said and "Checking the sessions" in said and f"{SESSIONS}/{SESSIONS}" in said
    assert said.rstrip().endswith(f"{SESSIONS} of {SESSIONS} sessions imported.")
    r = piped(exe, tmp_path / "b", "import", str(club))
    assert r.returncode == 0 and r.stdout == f"{SESSIONS} of {SESSIONS} sessions imported.\n" and r.stderr == ""
    said = in_terminal(exe, tmp_path / "c", "import", str(club), "--json")
    assert HIDE_CURSOR not in said and "Checking" not in said
    assert json.loads(said)["imported"] == SESSIONS


@pytest.fixture
def filled(tmp_path, club) -> Path:
    db = tmp_path / "db"
    Application(db).import_(club)
    return db


def test_export_stats_and_db_check_draw_a_bar_in_a_terminal(exe, filled, tmp_path):
    out = tmp_path / "all.json"
    said = in_terminal(exe, filled, "export", "--all", "-o", str(out))
    assert HIDE_CURSOR in said and "Exporting the sessions" in said and f"{SESSIONS}/{SESSIONS}" in said
    assert len(json.loads(out.read_text(encoding="utf-8"))["sessions"]) == SESSIONS
    said = in_terminal(exe, filled, "stats", "--no-pager")
    assert HIDE_CURSOR in said and "Reading the sessions" in said
    said = in_terminal(exe, filled, "db", "check")
    assert HIDE_CURSOR in said and "Checking the database" in said and "All is well." in said


def test_piped_json_and_a_dumb_terminal_get_no_bar(exe, filled):
    doc = piped(exe, filled, "stats", "--json")
    assert doc.stderr == "" and json.loads(doc.stdout)  # the document and nothing else
    said = in_terminal(exe, filled, "db", "check", "--json")
    assert HIDE_CURSOR not in said and json.loads(said)["ok"] is True
    said = in_terminal(exe, filled, "db", "check", term="dumb")  # a terminal that cannot redraw a line
    assert HIDE_CURSOR not in said and "Checking the database" not in said and "All is well." in said


def test_short_work_draws_no_bar(exe, tmp_path):
    db = tmp_path / "db"
    app = Application(db)
    app.new("rummy500", ["Ann", "Bob"])  # one session: not long work
    said = in_terminal(exe, db, "db", "check")
    assert HIDE_CURSOR not in said and "All is well." in said
