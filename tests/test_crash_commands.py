"""Every writing command is one commit (SPEC §6, issue 35): killed (as kill -9 does) or
interrupted by Ctrl-C just before any of the file-system calls it makes, it leaves the
old state or the new one, whole, and what it says is true.

How. Every call scorekeeper makes that changes the disk — a file created, written,
flushed, renamed or removed, a folder made or removed — goes through
``scorekeeper.storage.files`` (``fs_*``), which calls ``files.hook`` just before it. Each
command runs in a forked child of this test process (everything is imported already, so
a run costs milliseconds, not a Python start), through the console script's own entry
point (``scorekeeper.__main__.run``, the ``argv`` of a real command line). At call k the
child's hook either ends the child at once, before the call — ``os._exit``: no cleanup,
no ``finally``, what kill -9 leaves — or sends the child SIGINT, as a Ctrl-C arriving at
that moment. One run of each command under strace (attached to the forked child) checks
that the hook sees every such system call the command makes in the files it works on, in
the same order: so a kill at each hook call is a kill at each system call.

After each kill: the state (what ``sessions``, ``history``, the configuration file or the
export show) is the old one or the new one; `db check` finds what it found before or
after the command and nothing else (temporary files left, or a change committed but not
finished, are notes); a change committed but not finished makes the next command say so
in one sentence and do nothing else; `db check --repair` then leaves a clean database.
After each Ctrl-C: exit 130, one sentence, "nothing was changed" exactly when the state
is the old one, and nothing left behind (no temporary file, no journal).

Default run: a kill at each state of the disk the command passes through (the first call,
and each call after one that changed the disk: a kill before a flush leaves what a kill
before the next call leaves), and Ctrl-C at the calls around the commit and at 3 more
chosen with a fixed seed. ``SCOREKEEPER_CRASH_FULL=1``: a kill and a Ctrl-C before every
call. Linux only (fork, strace).
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from scorekeeper.app import Application
from scorekeeper.core.errors import StateError
from scorekeeper.storage import commit

FULL = bool(os.environ.get("SCOREKEEPER_CRASH_FULL"))
STRACE = shutil.which("strace")
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or not hasattr(os, "fork"),
                                reason="forks the command and kills it at each call: Linux only")

HAND = ["Ann: 30 -10", "Bob: 60 -0", "Cy: 0 -25"]  # points only: Ann 20, Bob 60, Cy -25
#: the calls that change what is on disk (a flush changes nothing a process can see)
CHANGING = {"create", "write", "rename", "unlink", "mkdir", "rmdir"}


# --- running a command in a forked child ---------------------------------------------------------


class Area:
    """The files one command works on: ``db``, ``config`` (the configuration file), ``out``
    (an export's file), all under ``root``; ``home`` (HOME, caches) lies outside it."""

    def __init__(self, base: Path):
        self.base = base
        self.root = base / "area"
        self.db = self.root / "db"
        self.config = self.root / "config" / "config.toml"
        self.out = self.root / "out" / "export.md"
        self.home = base / "home"

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER")}
        env.update(SCOREKEEPER_DB=str(self.db), SCOREKEEPER_CONFIG=str(self.config), NO_COLOR="1",
                   HOME=str(self.home), XDG_CACHE_HOME=str(self.home / "cache"), COLUMNS="120",
                   XDG_CONFIG_HOME=str(self.home / "config"), XDG_DATA_HOME=str(self.home / "data"))
        return env

    def copy_from(self, template: "Area") -> None:
        if self.root.exists():
            shutil.rmtree(self.root)
        shutil.copytree(template.root, self.root, symlinks=True)
        self.home.mkdir(parents=True, exist_ok=True)


class Ran:
    def __init__(self, code: int, stdout: str, stderr: str, calls: list[tuple[str, str]]):
        self.code, self.stdout, self.stderr, self.calls = code, stdout, stderr, calls


def run(area: Area, argv: list[str], *, kill_at: int | None = None, interrupt_at: int | None = None,
        ready: Callable[[int], None] | None = None) -> Ran:
    """Run ``scorekeeper ARGV`` in a forked child over ``area``. ``kill_at`` k: the child ends
    just before its k-th call that changes the disk (k from 1); ``interrupt_at`` k: SIGINT then.
    ``ready(pid)``: called with the child waiting, before it starts (strace attaches there).
    Returns the exit code (137 for a kill), its output, and the calls seen (name, target)."""
    io_dir = area.base / "io"
    io_dir.mkdir(exist_ok=True)
    out, err, calls_file = io_dir / "out", io_dir / "err", io_dir / "calls"
    go_r, go_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 99
        try:
            os.close(go_w)
            os.read(go_r, 1)
            os.close(go_r)
            code = _child(area, argv, kill_at, interrupt_at, out, err, calls_file)
        except BaseException:  # pragma: no cover - reported by the parent as exit 99
            pass
        finally:
            os._exit(code)
    os.close(go_r)
    if ready is not None:
        ready(pid)
    os.write(go_w, b"x")
    os.close(go_w)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    calls = [tuple(line.split("\t", 1)) for line in calls_file.read_text().splitlines()] if calls_file.exists() else []
    return Ran(code, out.read_text(errors="replace"), err.read_text(errors="replace"), calls)  # type: ignore[arg-type]


def _child(area: Area, argv: list[str], kill_at: int | None, interrupt_at: int | None, out: Path, err: Path,
           calls_file: Path) -> int:
    import itertools
    import secrets

    from scorekeeper.storage import files

    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(fd, 1)
    os.close(fd)
    fd = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(fd, 2)
    os.close(fd)
    fd = os.open(os.devnull, os.O_RDONLY)
    os.dup2(fd, 0)
    os.close(fd)
    sys.stdin = open(0, encoding="utf-8", closefd=False)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
    os.environ.clear()
    os.environ.update(area.env())
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    ids = (f"{n:08x}" for n in itertools.count(0xc0ffee00))  # the same ids in every run
    secrets.token_hex = lambda nbytes=None: next(ids)  # type: ignore[assignment]
    files._kept = False
    log = open(calls_file, "w", encoding="utf-8")
    count = 0

    def hook(name: str, target: Any) -> None:
        nonlocal count
        count += 1
        log.write(f"{name}\t{target}\n")
        log.flush()
        if count == kill_at:
            os._exit(137)  # as kill -9: nothing more runs, not even a finally
        if count == interrupt_at:
            os.kill(os.getpid(), signal.SIGINT)

    files.hook = hook
    sys.argv = ["scorekeeper", *(a.replace("{area}", str(area.root)) for a in argv)]
    try:
        from scorekeeper.__main__ import run as console_script

        console_script()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    for stream in (sys.stdout, sys.stderr):  # as Python does at its exit, which os._exit skips
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    log.close()
    return code


# --- what the command leaves ----------------------------------------------------------------------


def state(area: Area) -> Any:
    """What a person can see of the files the commands work on: each session listed (its hands,
    the standings of each), the current one, the configuration file and the export file."""
    app = Application(area.db)
    seen: dict[str, Any] = {}
    try:
        listed = app.sessions()
        seen["current"] = listed["current"]
        seen["sessions"] = {}
        for row in listed["sessions"]:
            try:
                hands = app.history(row["id"])["hands"]
                seen["sessions"][row["id"]] = [(h["number"], h["scores"], h["totals"]) for h in hands]
            except Exception as e:  # a damaged session: as the commands say it
                seen["sessions"][row["id"]] = getattr(e, "code", type(e).__name__)
    except Exception as e:
        seen["database"] = getattr(e, "code", type(e).__name__)
    try:  # the club (SPEC §9): the people as the roster names them, the seasons, the last evening
        people = app.players()  # (not when each last played: a run's own clock)
        seen["players"] = ([(p["name"], p["games"], p["wins"], p["variants"]) for p in people["players"]],
                           people["maybe_same"])
        seen["seasons"] = app.seasons()
        try:
            evening = app.evening_show()
            seen["evening"] = {k: v for k, v in evening.items() if k != "created"}
        except StateError:  # no evening yet
            seen["evening"] = None
    except Exception as e:
        seen["club"] = getattr(e, "code", type(e).__name__)
    seen["config"] = area.config.read_text() if area.config.exists() else None
    seen["export"] = area.out.read_text() if area.out.exists() else None
    return seen


def problems(area: Area) -> list[tuple]:
    """What `db check` finds that needs attention (its notes aside: temporary files left, a
    change committed and not finished)."""
    doc = Application(area.db).db_check()
    return sorted((f["kind"], f["file"], f["problem"].split(":")[0]) for f in doc["findings"] if f["wrong"])


def leftovers(area: Area) -> list[str]:
    return sorted(str(p.relative_to(area.root)) for p in area.root.rglob("*")
                  if p.name.endswith(".tmp") or p.name == "journal.json")


# --- the commands and their databases -------------------------------------------------------------


def _game(app: Application, variant: str, players: list[str], hands: int, title: str) -> str:
    sid = app.new(variant, players, ["target=100000"] if variant.startswith("rum") else [], title)["session"]
    for _ in range(hands):
        app.record_hand([f"{name}: {30 + 10 * i} -{i}" for i, name in enumerate(players)], "line")
    return sid


def build(area: Area, command: str) -> list[str]:
    """Make the template for ``command``; returns its command line (``{area}``: the area it runs in)."""
    area.home.mkdir(parents=True, exist_ok=True)
    area.config.parent.mkdir(parents=True)
    area.config.write_text('players = ["Ann", "Bob", "Cy"]\n# the table\nvariant = "rummy500"\n')
    area.out.parent.mkdir(parents=True)
    app = Application(area.db)
    first = _game(app, "rummy500", ["Ann", "Bob", "Cy"], 3, "first")
    second = _game(app, "rum500", ["Dee", "Eve"], 2, "second")
    app.use(first)
    if command == "hand":
        return ["hand", *HAND]
    if command == "edit":
        return ["edit", "2", "Ann: 90 -0", "Bob: 0 -5", "Cy: 0 -5"]
    if command == "undo":
        return ["undo", "--yes"]
    if command == "redo":
        app.undo()
        return ["redo"]
    if command == "new":
        return ["new", "carousel", "Fay", "Gus", "Hal"]
    if command == "use":
        return ["use", second]
    if command == "delete":
        return ["delete", second, "--yes"]
    if command == "import":  # an export of everything, which carries the club file: a rename and a season
        source = Application(area.base / "source")
        for i in range(3):
            _game(source, "rummy500", ["Ann", "Bob"], 1 + i, f"imported {i}")
        source.rename_player("Bob", "Robert")
        source.season_new("theirs")
        exported = area.root / "in" / "club.json"
        exported.parent.mkdir()
        source.export(all_=True, format_="json", output=exported)
        return ["import", "{area}/in/club.json"]
    if command == "restore":  # a damaged session file and a deleted one: whole restore
        path = area.db / "sessions" / f"{second}.json"
        path.write_text(path.read_text()[:40])
        return ["db", "restore", "--yes"]
    if command == "restore-session":
        app.delete(second)
        return ["db", "restore", "--session", second, "--yes"]
    if command == "repair":  # a stale row, a stray file, leftovers, a hand changed by hand
        index = json.loads((area.db / "index.json").read_text())
        for row in index["sessions"].values():
            if row["id"] == second:
                row["hands"] = 7
        (area.db / "index.json").write_text(json.dumps(index))
        (area.db / "sessions" / "notes.txt").write_text("my notes")
        (area.db / "sessions" / f".{first}.json.abcdefgh.tmp").write_text("{")
        path = area.db / "sessions" / f"{first}.json"
        doc = json.loads(path.read_text())
        doc["session"]["1"]["hands"][1]["entry"]["players"]["Ann"]["table"] = 90
        path.write_text(json.dumps(doc))
        return ["db", "check", "--repair"]
    if command == "config-set":
        return ["config", "set", "players", "Ann", "Bob", "Dee"]
    if command == "config-unset":
        return ["config", "unset", "players"]
    if command == "export":
        area.out.write_text("# last week's\n")
        return ["export", "--all", "--format", "md", "-o", "{area}/out/export.md", "--force"]
    return club(area, app, command)


def club(area: Area, app: Application, command: str) -> list[str]:
    """The club's writing commands (SPEC §9), over the template's two games and a finished one."""
    done = app.new("rummy500", ["Ann", "Bob"], ["target=100"], "done")["session"]
    app.record_hand(["Ann: 100 -0", "Bob: 5 -5"], "line")
    if command == "players-rename":
        return ["players", "rename", "Ann", "Anna"]
    if command == "players-merge":  # Dee never sat at a table with Ann
        return ["players", "merge", "Dee", "Ann"]
    if command == "players-undo":
        app.rename_player("Ann", "Anna")
        return ["players", "undo"]
    if command == "season-new":
        return ["season", "new", "spring", "--points", "10,6,4", "--min-games", "1"]
    if command == "season-add":
        app.season_new("winter", from_="2000-01-01", to="2000-01-31")
        return ["season", "add", "winter", done]
    if command == "season-remove":
        app.season_new("all")
        return ["season", "remove", "all", done]
    if command == "evening-new":
        return ["evening", "new", "Night", "--variant", "rummy500", "--players", "Ann", "Bob", "Cy", "Dee", "Eve",
                "Fay"]
    if command == "evening-next":
        app.evening_new("Night", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], "rummy500")
        return ["evening", "next"]
    if command == "export-season":
        app.season_new("all")
        area.out.write_text("# last season's\n")
        return ["export", "--season", "all", "--format", "md", "-o", "{area}/out/export.md", "--force"]
    raise AssertionError(command)


#: the commands that write a file of their own (the configuration file, an export), not the database
OWN_FILE = ("config-set", "config-unset", "export", "export-season")
COMMANDS = ["hand", "edit", "undo", "redo", "new", "use", "delete", "import", "restore", "restore-session", "repair",
            "config-set", "config-unset", "export", "players-rename", "players-merge", "players-undo", "season-new",
            "season-add", "season-remove", "evening-new", "evening-next", "export-season"]


def _warm(area: Area, argv: list[str]) -> None:
    """Run the command once in this process (as typer's test runner does), so every module it
    needs is imported and its command built before the children are forked."""
    from typer.testing import CliRunner

    import scorekeeper.__main__  # noqa: F401  (the children's entry point)
    from scorekeeper.cli import app

    CliRunner().invoke(app, [a.replace("{area}", str(area.root)) for a in argv], env=area.env())


@pytest.fixture(scope="module")
def templates(tmp_path_factory) -> dict[str, tuple[Area, list[str], Any, Any, list, list, Ran]]:
    """Per command: its template area, command line, the state before and after, `db check`'s
    problems before and after, and the complete run (with the calls it makes)."""
    out = {}
    for command in COMMANDS:
        base = tmp_path_factory.mktemp(command)
        template = Area(base / "template")
        argv = build(template, command)
        work = Area(base)
        work.copy_from(template)
        _warm(work, argv)  # its modules imported and its command built here: each child starts from them
        work.copy_from(template)
        old, old_problems = state(work), problems(work)
        done = run(work, argv)
        assert done.code == 0, (command, done.stderr)
        new, new_problems = state(work), problems(work)
        assert new != old, command
        assert not leftovers(work), (command, leftovers(work))
        out[command] = (template, argv, old, new, old_problems, new_problems, done)
    return out


def commit_at(command: str, calls: list[tuple[str, str]]) -> int:
    """The call (from 1) that commits the change: the journal renamed into place (the database's
    commands), the file renamed over the old one (the configuration file, an export)."""
    for k, (name, target) in enumerate(calls, 1):
        if name == "rename" and (target == "journal.json" or command in OWN_FILE):
            return k
    raise AssertionError(f"{command} commits nothing: {calls}")


def kill_points(calls: list[tuple[str, str]], commit: int | None = None) -> list[int]:
    """Before which calls (from 1) to kill: every call in a full run. Else one at each state of
    the disk from the commit on (the commit itself, then each call after one that changed the
    disk: a kill before a flush leaves what a kill before the next call leaves) and at each kind
    of call; before the commit, where every kill leaves the old state and only temporary files
    differ, the first call, the last and one between."""
    if FULL:
        return list(range(1, len(calls) + 1))
    start = 1 if commit is None else commit
    points, kinds, fresh = set(), set(), True
    for k, (name, _target) in enumerate(calls, 1):
        if k >= start and (fresh or name not in kinds):
            points.add(k)
            kinds.add(name)
        fresh = k < start or name in CHANGING
    if commit is not None and commit > 1:
        points |= {1, (1 + commit - 1) // 2 or 1, commit - 1}
    return sorted(points)


def interrupt_points(command: str, calls: list[tuple[str, str]]) -> list[int]:
    """Before which calls to send Ctrl-C: every call in a full run; else the ones around the
    commit (the journal put in place) and 3 more, chosen with a fixed seed."""
    if FULL:
        return list(range(1, len(calls) + 1))
    commit = commit_at(command, calls)
    chosen = {max(1, commit - 1), commit, min(len(calls), commit + 1)}
    chosen |= set(random.Random(f"{command}-35").sample(range(1, len(calls) + 1), min(2, len(calls))))
    return sorted(chosen)


def test_kill_points_are_one_per_state_and_kind(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "FULL", False)
    calls = [("mkdir", "a"), ("create", "b"), ("write", "3"), ("fsync", "3"), ("create", "c"), ("write", "4"),
             ("fsync", "4"), ("rename", "journal.json"), ("fsync", "5")]
    # a kill before call 5 (create c) leaves what a kill before call 4 leaves (the flush between
    # them changes nothing), so 5 is passed over; every other call follows one that changed the
    # disk, or is the first of its kind (the rename, after a flush)
    assert kill_points(calls) == [1, 2, 3, 4, 6, 7, 8, 9]
    # with the commit at call 8: before it, the first call, the last and one between
    assert kill_points(calls, commit=8) == [1, 4, 7, 8, 9]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_killed_before_any_call_leaves_the_old_state_or_the_new(templates, tmp_path, command):
    template, argv, old, new, old_problems, new_problems, done = templates[command]
    work = Area(tmp_path)
    points = kill_points(done.calls, commit_at(command, done.calls))
    assert points and len(done.calls) < 5000
    outcomes = {"old": 0, "new": 0}
    for k in points:
        work.copy_from(template)
        killed = run(work, argv, kill_at=k)
        where = (command, k, done.calls[k - 1])
        assert killed.code == 137, (where, killed.code, killed.stderr)  # the run makes the same calls
        seen = state(work)
        assert seen in (old, new), where
        outcomes["old" if seen == old else "new"] += 1
        assert problems(work) in (old_problems, new_problems), where  # temporary files, a pending commit: notes
        if work.db.exists() and commit.pending(work.db)[1]:
            # committed, not finished: the next command finishes it, says so, and does nothing else
            assert seen == new, where
            again = run(work, argv)
            if command == "delete":  # read first, for its question: the session is gone already, and it says so
                assert again.code == 0 and "was deleted already" in again.stdout, (where, again.stdout)
            elif command in ("restore", "restore-session", "repair"):  # they finish it, say so, and go on
                assert again.code == 0 and "not finished" in again.stdout, (where, again.stdout, again.stderr)
            else:
                assert again.code == 1 and "was stopped before it could finish" in again.stderr, (where, again.stderr)
                assert len(again.stderr.strip().splitlines()) == 1
            assert state(work) == new, where
        if command in OWN_FILE:  # the next write of the file takes them away
            again = run(work, argv)
            assert again.code == 0 and state(work) == new and not leftovers(work), (where, again.stderr)
        else:  # `db check --repair` leaves nothing behind, and changes nothing that was there
            Application(work.db).db_check(repair=True)
            assert not leftovers(work), where
            if command not in ("restore", "repair"):  # (their old state is a damaged one, which repair mends)
                assert state(work) == seen, where
    assert outcomes["old"] and outcomes["new"], outcomes
    print(f"{command}: {len(done.calls)} calls, killed before {len(points)} of them: {outcomes}")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_interrupted_before_any_call_says_truly_whether_it_saved(templates, tmp_path, command):
    template, argv, old, new, old_problems, new_problems, done = templates[command]
    work = Area(tmp_path)
    work.copy_from(template)
    planted = leftovers(work)
    said = set()
    for k in interrupt_points(command, done.calls):
        work.copy_from(template)
        r = run(work, argv, interrupt_at=k)
        where = (command, k, done.calls[k - 1], r.stderr)
        assert r.code == 130, where
        (line,) = r.stderr.strip().splitlines()
        seen = state(work)
        if line == "Interrupted (Ctrl-C): nothing was changed.":
            assert seen == old, where
            said.add("nothing")
        else:
            assert line == "Interrupted (Ctrl-C): the change was saved before the interruption.", where
            assert seen == new, where
            said.add("saved")
        # taken back, or finished: never left for another command (the ones planted there before stay)
        assert set(leftovers(work)) <= set(planted), where
        assert problems(work) in (old_problems, new_problems), where
    assert "nothing" in said and "saved" in said, said
    print(f"{command}: Ctrl-C before {len(interrupt_points(command, done.calls))} of {len(done.calls)} calls")


# --- the hook sees every call -------------------------------------------------------------------

#: strace's names of the calls that change the disk, as the hook names them
TRACED = {"openat": "create", "open": "create", "creat": "create", "write": "write", "pwrite64": "write",
          "writev": "write", "rename": "rename", "renameat": "rename", "renameat2": "rename", "unlink": "unlink",
          "unlinkat": "unlink", "mkdir": "mkdir", "mkdirat": "mkdir", "rmdir": "rmdir", "fsync": "fsync",
          "fdatasync": "fsync", "sync": "sync", "syncfs": "sync", "fchmod": "chmod", "fchmodat": "chmod",
          "chmod": "chmod", "truncate": "truncate", "ftruncate": "truncate", "link": "link", "linkat": "link",
          "symlink": "link", "symlinkat": "link"}


def _strace_works() -> bool:
    if not STRACE:
        return False
    try:
        return subprocess.run([STRACE, "-f", "-o", os.devnull, "true"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def traced(area: Area, argv: list[str], log: Path) -> tuple[Ran, list[str]]:
    """Run the command with strace attached to its child: the calls that change a file under
    the area, in order, named as the hook names them."""
    holder: dict[str, subprocess.Popen] = {}

    def attach(pid: int) -> None:
        p = subprocess.Popen([STRACE, "-f", "-y", "-s", "0", "-p", str(pid), "-o", str(log),
                              "-e", "trace=" + ",".join(TRACED)], stderr=subprocess.PIPE, text=True)
        holder["p"] = p
        said = p.stderr.readline()  # "strace: Process N attached": from then on every call is seen
        assert "attached" in said, said

    ran = run(area, argv, ready=attach)
    holder["p"].wait(timeout=60)
    prefix = str(area.root)
    seen = []
    for line in log.read_text().splitlines():
        found = re.match(r"(?:\d+\s+)?(\w+)\((.*)\)\s+=\s+(-?\d+|\?)", line)
        if not found:
            continue
        name, args, _result = found.groups()
        if name not in TRACED or (prefix not in args and name not in ("sync", "syncfs")):
            continue  # (a sync names no file: it flushes them all)
        kind = TRACED[name]
        if kind == "create" and "O_CREAT" not in args:
            continue  # an open for reading
        if kind == "unlink" and "AT_REMOVEDIR" in args:
            kind = "rmdir"
        if name in ("write", "pwrite64", "writev") and "/io/" in args:
            continue  # the command's own output, sent to the test's files
        seen.append(kind)
    return ran, seen


@pytest.mark.skipif(not _strace_works(), reason="strace is missing or cannot trace here")
@pytest.mark.parametrize("command", COMMANDS if FULL else ["import", "restore", "repair", "config-set", "export"])
def test_the_hook_sees_every_call_that_changes_the_disk(templates, tmp_path, command):
    """strace attached to the child lists the system calls that change a file the command works
    on; the hook saw the same ones, in the same order (so killing at each hook call is killing at
    each system call). (Every command in a full run; five that between them make every kind of
    call otherwise.)"""
    template, argv, _old, _new, _op, _np, done = templates[command]
    work = Area(tmp_path)
    work.copy_from(template)
    ran, seen = traced(work, argv, tmp_path / "strace.log")
    assert ran.code == 0, ran.stderr
    assert seen == [name for name, _target in ran.calls]
    assert seen and {"create", "write", "rename"} <= set(seen)
