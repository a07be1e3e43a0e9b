"""A write is all or nothing (SPEC §6): a `hand` command killed at any moment
leaves the previous history or the new one, whole.

strace's fault injection kills the real command (a subprocess) on entering
one of its system calls — the writes, fsyncs, renames, truncates, unlinks and
mkdirs it makes. One traced run lists them in order; a kill on entering call k
leaves on disk what the calls before k did, so two calls with nothing that
changes the disk between them (a write to a file, a rename, an unlink, a
mkdir that made a directory…; an fsync or a mkdir of a directory that exists
changes nothing a process can see) leave the same files: the test kills the
command once at each such state, and at least once at each kind of call it
makes. After each kill, `history --json` must show the old or the new history,
`db check` must find nothing damaged (at most temporary files left, which
--repair removes), and the next `hand` must work (the lock died with the
process; killed after its commit, the command's change is finished by the next
command, which says so, and the one after records its hand). Skipped where
strace is missing or cannot trace. tests/test_crash_commands.py does the same
for every other writing command, in-process.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.app import Application

STRACE = shutil.which("strace")
#: the system calls at which the command is killed, each at every one of its calls
SYSCALLS = ("write", "pwrite64", "writev", "fsync", "fdatasync", "rename", "renameat", "renameat2", "truncate",
            "ftruncate", "unlink", "unlinkat", "mkdir", "mkdirat", "link", "linkat")
HAND = {"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
                    "Bob": {"melds": [], "hand": ""}, "Cy": {"table": 80, "hand": 85}}}
LINE = ["Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85"]


def _strace_works() -> bool:
    if not STRACE:
        return False
    try:
        return subprocess.run([STRACE, "-f", "-o", os.devnull, "true"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


pytestmark = pytest.mark.skipif(not _strace_works(), reason="strace is missing or cannot trace here")


def _env(db: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER")}
    env.update(SCOREKEEPER_DB=str(db), PYTHONDONTWRITEBYTECODE="1", NO_COLOR="1")
    return env


def _history(cli, db: Path) -> list:
    r = cli("history", "--json", "--db", db)
    assert r.exit_code == 0, r.stderr
    return [(h["number"], h["scores"], h["totals"], h["entry"]) for h in json.loads(r.stdout)["hands"]]


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A database with one Rummy 500 session of 6 hands (so every file has its 5 kept copies)."""
    db = tmp_path_factory.mktemp("crash") / "template"
    app = Application(db)
    app.new("rummy500", ["Ann", "Bob", "Cy"], ["target=100000"])
    for _ in range(6):
        app.record_hand(HAND, "file", again=True)  # the same cards each hand
    return db


def _run(db: Path, inject: str | None, log: str = os.devnull, *options: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "scorekeeper", "hand", *LINE, "--again", "--json"]
    if inject:
        cmd = [STRACE, "-f", "-qq", *options, "-o", log, "-e", inject] + cmd
    return subprocess.run(cmd, env=_env(db), capture_output=True, text=True, timeout=120)


#: calls that change what is on disk when they succeed (an fsync changes nothing a process can see)
CHANGES = {"write", "pwrite64", "writev", "rename", "renameat", "renameat2", "truncate", "ftruncate", "unlink",
           "unlinkat", "mkdir", "mkdirat", "link", "linkat"}


def _calls(db: Path, log: Path) -> list[tuple[str, int, bool]]:
    """The :data:`SYSCALLS` a `hand` makes, in order (one traced run): ``(name, N, changes)``,
    N counting the calls of that name (strace's ``when=N``), ``changes`` whether the call
    changed the disk (succeeded, and was not a write to a pipe or a terminal)."""
    r = _run(db, "trace=" + ",".join(SYSCALLS), str(log), "-y")
    assert r.returncode == 0, r.stderr
    calls: list[tuple[str, int, bool]] = []
    counts: dict[str, int] = {}
    pids = set()
    for line in log.read_text().splitlines():
        pid, _, call = line.partition(" ")
        name = call.strip().split("(", 1)[0]
        if name not in SYSCALLS:
            continue
        pids.add(pid)
        counts[name] = counts.get(name, 0) + 1
        result = call.rsplit("=", 1)[-1].split()[0] if "=" in call else "?"
        target = call.split("(", 1)[1]
        changes = (name in CHANGES and not result.startswith("-") and result != "?"
                   and not target.split(",", 1)[0].split("<", 1)[-1].startswith(("pipe:", "/dev/")))
        calls.append((name, counts[name], changes))
    assert len(pids) == 1, pids  # one process: strace's counts are that process's
    return calls


def kill_points(calls: list[tuple[str, int, bool]]) -> list[tuple[str, int]]:
    """One call at each state of the disk the command passes through (the first call
    after each change), plus the first call of each kind: ``[(name, N)]``."""
    points, kinds, fresh = [], set(), True
    for name, n, changes in calls:
        if fresh or name not in kinds:
            points.append((name, n))
            kinds.add(name)
        fresh = changes
    return points


def test_kill_points_are_one_per_state_and_kind():
    calls = [("mkdir", 1, False), ("write", 1, True), ("write", 2, True), ("fsync", 1, False),
             ("rename", 1, True), ("mkdir", 2, False), ("fsync", 2, False), ("write", 3, True)]
    assert kill_points(calls) == [("mkdir", 1), ("write", 1), ("write", 2), ("fsync", 1), ("rename", 1),
                                  ("mkdir", 2)]
    # nothing changes the disk between mkdir 2 and write 3: a kill at fsync 2 or write 3 leaves
    # what a kill at mkdir 2 leaves


def test_a_hand_killed_at_any_write_leaves_the_old_or_the_new_history(template, tmp_path, cli):
    old = _history(cli, template)
    work = tmp_path / "db"
    shutil.copytree(template, work)
    done = _run(work, None)
    assert done.returncode == 0, done.stderr
    new = _history(cli, work)
    assert len(new) == len(old) + 1 and new[:-1] == old

    shutil.rmtree(work)
    shutil.copytree(template, work)
    calls = _calls(work, tmp_path / "trace.log")
    points = kill_points(calls)
    assert len(points) <= len(calls) and len(calls) < 200  # the command makes far fewer calls than that
    kills: dict[str, int] = {}
    outcomes = {"old": 0, "new": 0}
    for syscall, n in points:  # the calls it never makes cannot be interrupted
        shutil.rmtree(work)
        shutil.copytree(template, work)
        r = _run(work, f"inject={syscall}:signal=KILL:when={n}")
        assert r.returncode in (-9, 137), (syscall, n, r.returncode, r.stderr)  # the run makes the same calls
        kills[syscall] = n
        seen = _history(cli, work)
        assert seen in (old, new), (syscall, n)
        outcomes["old" if seen == old else "new"] += 1
        check = cli("db", "check", "--json", "--db", work)
        problems = json.loads(check.stdout)["problems"]
        assert all(p["kind"] in ("stale", "note") and p["repairable"] for p in problems), (syscall, n, problems)
        if problems and any(p["kind"] == "stale" for p in problems):
            assert cli("db", "check", "--repair", "--db", work).exit_code == 0
        again = cli("hand", *LINE, "--again", "--json", "--db", work)
        if again.exit_code == 1 and "was stopped before it could finish" in again.stderr:
            # killed after its commit: the next command finished it, said so and did nothing else
            assert seen == new, (syscall, n)
            again = cli("hand", *LINE, "--again", "--json", "--db", work)
        assert again.exit_code == 0, (syscall, n, again.stderr)
        assert len(_history(cli, work)) == len(seen) + 1
    # the command was killed at each kind of call it makes on its way to a saved hand
    assert {"write", "fsync"} <= set(kills)
    assert set(kills) & {"rename", "renameat", "renameat2"}
    assert outcomes["old"] and outcomes["new"]
