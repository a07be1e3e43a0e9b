"""Attacks on the database (issue: never lose a game, whatever happens): each test is
named after the fault it reproduces (F1…F28) and checks that nothing is lost and
that what the command says is one true sentence.

Races use a second process (bounded to a few seconds); the moment of a failure is
chosen with a fault hook (a monkeypatched write); a full disk is a writer that
raises ENOSPC, or /dev/full.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.app import Application
from scorekeeper.core.errors import StateError
from scorekeeper.storage.lock import DirectoryLock

HAND = ["Ann: 30 -10", "Bob: 60 -0", "Cy: 0 -25"]  # points only: Ann 20, Bob 60, Cy -25


def _env(db: Path, **more: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER")}
    env.update(SCOREKEEPER_DB=str(db), PYTHONDONTWRITEBYTECODE="1", NO_COLOR="1", **more)
    return env


def _game(cli, hands: int = 0) -> str:
    r = cli("new", "rummy500", "Ann", "Bob", "Cy", "--rule", "target=100000", "--json")
    assert r.exit_code == 0, r.stderr
    for _ in range(hands):
        assert cli("hand", *HAND).exit_code == 0
    return json.loads(r.stdout)["session"]


def _hands(cli) -> int:
    return len(cli.history()["hands"])


HOLD = """
import sys, time
from scorekeeper.storage.lock import DirectoryLock
with DirectoryLock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _holder(db: Path, seconds: float) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "held"
    return p


# --- the lock -------------------------------------------------------------------------------


def test_f1_deleting_or_replacing_a_lock_file_lets_no_second_writer_in(cli, isolated_db):
    _game(cli, 1)
    holder = _holder(isolated_db, 3)
    try:
        for name in (".lock", "index.json.lock"):  # whatever a person deletes or puts there
            (isolated_db / name).unlink(missing_ok=True)
            (isolated_db / name).write_text("mine")
            (isolated_db / name).unlink()
        r = cli("--wait", "0.3", "hand", *HAND)
    finally:
        holder.kill()
        holder.wait(timeout=10)
    assert r.exit_code == 1 and r.stdout == ""
    assert "busy" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "delete" not in r.stderr.lower() and "remove" not in r.stderr.lower()
    assert _hands(cli) == 1
    assert cli("hand", *HAND).exit_code == 0  # the holder gone, the lock is free again
    assert _hands(cli) == 2


def test_f1_a_second_process_waits_while_a_command_holds_the_lock(cli, isolated_db):
    _game(cli)
    holder = _holder(isolated_db, 1.0)
    try:
        start = time.monotonic()
        r = cli("--wait", "5", "hand", *HAND)
        waited = time.monotonic() - start
    finally:
        holder.wait(timeout=10)
    assert r.exit_code == 0, r.stderr
    assert waited > 0.5  # it waited for the holder, then got through
    assert _hands(cli) == 1


def test_f27_a_symlinked_lock_file_is_never_followed_or_created(cli, isolated_db, tmp_path):
    _game(cli)
    outside = tmp_path / "outside" / "victim"
    outside.parent.mkdir()
    (isolated_db / ".lock").symlink_to(outside)
    assert cli("hand", *HAND).exit_code == 0
    assert not outside.exists()
    assert list(outside.parent.iterdir()) == []
    assert _hands(cli) == 1


def test_f2_a_creator_that_finds_the_database_made_meanwhile_writes_nothing(isolated_db):
    """Two first commands at once: the second to take the lock read an empty database
    before the first made it; it writes nothing and says so (the fault hook: the other
    creator runs between this one's read and its write)."""
    late = Application(isolated_db)
    first = Application(isolated_db)
    with late.store.writing():
        assert late.store.summaries() == []  # read while there is no database
        first.new("rummy500", ["Ann", "Bob"])  # the other creator gets there first
        with pytest.raises(StateError) as e:
            late.store.set_current(None)
    assert e.value.code == "store.created_meanwhile"
    assert "nothing was changed" in e.value.message
    assert [s["players"] for s in Application(isolated_db).sessions()["sessions"]] == [["Ann", "Bob"]]


IMPORT = """
import sys
from typer.testing import CliRunner
from scorekeeper.cli import app
r = CliRunner().invoke(app, ["import", sys.argv[1], "--json"])
sys.stdout.write(str(r.exit_code) + "\\n" + (r.stdout if r.exit_code == 0 else r.stderr))
"""


def test_f2_two_imports_into_a_new_database_keep_what_they_report(cli, isolated_db, tmp_path):
    source = tmp_path / "source"
    app = Application(source)
    for i in range(8):
        app.new("rummy500", ["Ann", "Bob"], title=f"game {i}")
        app.record_hand(["Ann: 30 -10", "Bob: 60 -0"], "line")
    export = tmp_path / "all.json"
    r = cli("--db", source, "export", "--all", "--format", "json", "--output", export)
    assert r.exit_code == 0, r.stderr
    procs = [subprocess.Popen([sys.executable, "-c", IMPORT, str(export)], env=_env(isolated_db),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=60)[0] for p in procs]
    reported = 0
    for out in outs:
        code, _, rest = out.partition("\n")
        if code == "0":
            reported += json.loads(rest)["imported"]
        else:  # the one that lost the race says so in one sentence and changed nothing
            assert "nothing was changed" in rest and len(rest.strip().splitlines()) == 1, rest
    listed = cli.json("sessions")["sessions"]
    assert len(listed) == reported == 8  # every session reported imported is there once
    assert len(list((isolated_db / "sessions").glob("*.json"))) == 8
    assert cli("db", "check").exit_code == 0
