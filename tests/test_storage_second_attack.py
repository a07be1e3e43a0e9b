"""The second attack on the database (issue 35, "never lose a game, second attack"): each test is
named after the fault it reproduces and checks that nothing is lost and that what the command
says is one true sentence. Killing every writing command at every file-system call is
tests/test_crash_commands.py; a full disk while the index, the journal or a session file is
written, tests/test_storage_attacks.py (``test_f8_…``).

Faults are made with a fault hook (``scorekeeper.storage.files.hook``, called before every call
that changes the disk), special files (FIFOs, sockets, devices), links, files changed by hand,
and small variants installed as packages the way pip lays them out.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from scorekeeper.app import Application

HAND = ["Ann: 30 -10", "Bob: 60 -0", "Cy: 0 -25"]  # points only: Ann 20, Bob 60, Cy -25


def _env(db: Path, **more: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER", "_TYPER"))}
    env.update(SCOREKEEPER_DB=str(db), NO_COLOR="1", SCOREKEEPER_LANG="en", **more)
    return env


def _game(cli, hands: int = 0, *players: str) -> str:
    r = cli("new", "rummy500", *(players or ("Ann", "Bob", "Cy")), "--rule", "target=100000", "--json")
    assert r.exit_code == 0, r.stderr
    for _ in range(hands):
        assert cli("hand", *HAND).exit_code == 0
    return json.loads(r.stdout)["session"]


def _one_sentence(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


def _hands(cli, session: str | None = None) -> int:
    return len(cli.history(session)["hands"])


def _record(db: Path, sid: str) -> tuple[Path, dict]:
    path = db / "sessions" / f"{sid}.json"
    return path, json.loads(path.read_text())


@pytest.fixture
def hook(monkeypatch):
    """Set the fault hook: ``hook.set(fn)``; ``fn(call, target)`` runs before each call that
    changes the disk."""
    from scorekeeper.storage import files

    class Hook:
        def set(self, fn) -> None:
            monkeypatch.setattr(files, "hook", fn)
            monkeypatch.setattr(files, "_kept", False)

    return Hook()


@pytest.fixture
def sigint_restored():
    handler = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, handler)


def _ctrl_c() -> None:
    """Ctrl-C to the main thread now (as a terminal's reaches a program of one thread)."""
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)


# --- high: the import that Ctrl-C turned into ghosts ------------------------------------------


def test_ctrl_c_just_after_an_import_puts_its_index_in_place_keeps_what_it_imported(cli, isolated_db, tmp_path,
                                                                                     hook, sigint_restored):
    """It deleted the session files the index now listed and said "nothing was changed": now the
    index and the files switch together, and Ctrl-C after the switch says the change was saved."""
    source = Application(tmp_path / "source")
    for i in range(3):
        source.new("rummy500", ["Ann", "Bob"], title=f"game {i}")
        source.record_hand(["Ann: 30 -10", "Bob: 60 -0"], "line")
    export = tmp_path / "all.json"
    source.export(all_=True, format_="json", output=export)
    _game(cli, 1)
    hook.set(lambda call, target: _ctrl_c() if call == "rename" and str(target) == "index.json" else None)
    r = cli("import", export)
    assert r.exit_code == 130
    assert r.stderr.strip() == "Interrupted (Ctrl-C): the change was saved before the interruption."
    hook.set(None)
    listed = cli.json("sessions")["sessions"]
    assert len(listed) == 4 and len(list((isolated_db / "sessions").glob("*.json"))) == 4
    imported = [row for row in listed if row["players"] == ["Ann", "Bob"]]
    assert len(imported) == 3
    for row in imported:  # each imported session whole: Ann 30 - 10 = 20, Bob 60
        assert cli.totals(row["id"]) == {"Ann": 20, "Bob": 60}
    assert cli("db", "check").exit_code == 0


def _many(cli, tmp_path, count: int) -> dict:
    """An export of ``count`` sessions (one session of two hands, under ``count`` ids)."""
    _game(cli, 2)
    export = tmp_path / "one.json"
    assert cli("export", "-o", export).exit_code == 0
    doc = json.loads(export.read_text())
    (one,) = doc["sessions"]
    doc["sessions"] = [{**one, "id": f"many{i:04d}", "title": f"night {i}"} for i in range(count)]
    return doc


@pytest.mark.skipif(not hasattr(os, "fork") or len(os.sched_getaffinity(0)) < 2, reason="one processor, no fork")
def test_an_import_checked_in_forked_copies_stores_what_a_serial_check_does(cli, isolated_db, tmp_path, monkeypatch):
    """An import of many sessions shares its checking with forked copies of itself: the
    sessions, their numbers and their rows are the same as checked one by one, and a session
    refused in a copy's share is refused with the same sentence, nothing imported."""
    from scorekeeper.app import exporting

    doc = _many(cli, tmp_path, exporting.PARALLEL_FROM + 6)
    data = json.dumps(doc).encode()
    shared = exporting.read_import(data, "x")
    with monkeypatch.context() as m:
        m.setattr(exporting, "PARALLEL_FROM", 10 ** 9)
        alone = exporting.read_import(data, "x")
    assert len(shared) == len(alone) == len(doc["sessions"])
    strip = lambda c: (c.record, c.derived, {k: v for k, v in c.summary.items() if k != "updated"})  # noqa: E731
    assert [strip(c) for c in shared] == [strip(c) for c in alone]
    bad = dict(doc, sessions=list(doc["sessions"]))
    bad["sessions"][-3] = {**doc["sessions"][-3], "dealer": "Zed"}  # in the last copy's share
    export = tmp_path / "bad.json"
    export.write_text(json.dumps(bad))
    r = cli("import", export)
    assert r.exit_code == 2
    n = len(doc["sessions"]) - 2
    assert _one_sentence(r.stderr).startswith(f"{export}, session {n} (many{n - 1:04d}): ")
    assert len(cli.json("sessions")["sessions"]) == 1  # nothing imported
    export.write_text(json.dumps(doc))
    r = cli("import", export, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["imported"] == len(doc["sessions"])
    assert cli("db", "check").exit_code == 0


def _stored(db: Path) -> dict[str, object]:
    """Every file of a database: its bytes, or for the index and its copies their rows but their times."""
    out: dict[str, object] = {}
    for path in sorted(db.rglob("*")):
        if not path.is_file() or path.name == ".lock":
            continue
        rel = str(path.relative_to(db))
        if rel == "index.json" or rel.startswith("backups/index/"):
            index = json.loads(path.read_bytes())
            for row in index["sessions"].values():
                row.pop("updated")
            out[rel] = index
        else:
            out[rel] = path.read_bytes()
    return out


@pytest.mark.skipif(not hasattr(os, "fork") or len(os.sched_getaffinity(0)) < 2, reason="one processor, no fork")
def test_an_import_stored_while_forked_copies_check_it_stores_what_a_serial_import_does(cli, tmp_path, monkeypatch):
    """Where forked copies check an import, each session is stored as it comes while the copies check
    the rest: every file written (each session file byte for byte, its kept copy, the index but its
    rows' times) is what an import checked whole first, in one process, writes. A copy that fails
    halfway leaves the rest of its run to the command, which checks it itself; a refusal in a copy's
    run stores nothing, and leaves no database where there was none."""
    from scorekeeper.app import exporting
    from scorekeeper.core.errors import InputError
    from scorekeeper.storage import store as store_module

    doc = _many(cli, tmp_path, exporting.PARALLEL_FROM + 6)
    data = json.dumps(doc).encode()
    with monkeypatch.context() as m:
        m.setattr(exporting, "PARALLEL_FROM", 10 ** 9)
        Application(tmp_path / "serial").import_("x", text=data)
    Application(tmp_path / "forked").import_("x", text=data)
    assert _stored(tmp_path / "forked") == _stored(tmp_path / "serial")

    parent, real = os.getpid(), store_module.session_text

    def failing(record: dict) -> str:  # a copy that fails on the 40th session: the rest of its run is the parent's
        if os.getpid() != parent and record["id"] == "many0040":
            os._exit(3)
        return real(record)

    with monkeypatch.context() as m:
        m.setattr(store_module, "session_text", failing)
        Application(tmp_path / "failed").import_("x", text=data)
    assert _stored(tmp_path / "failed") == _stored(tmp_path / "serial")

    bad = dict(doc, sessions=list(doc["sessions"]))
    bad["sessions"][5] = {**doc["sessions"][5], "dealer": "Zed"}  # in the first copy's run
    with pytest.raises(InputError) as refused:
        Application(tmp_path / "none").import_("x", text=json.dumps(bad).encode())
    assert refused.value.message.startswith("x, session 6 (many0005): ")
    assert not (tmp_path / "none").exists()
    with monkeypatch.context() as m, pytest.raises(InputError) as alone:
        m.setattr(exporting, "PARALLEL_FROM", 10 ** 9)
        Application(tmp_path / "none").import_("x", text=json.dumps(bad).encode())
    assert (refused.value.code, refused.value.message) == (alone.value.code, alone.value.message)


# --- the folder is the database ---------------------------------------------------------------


def test_the_folder_replaced_under_the_lock_by_a_copy_stops_the_command(cli, isolated_db, hook):
    """While `hand` holds the lock, the database folder is moved away and a copy put in its
    place: the command stops before its commit, in one sentence, and neither folder changes."""
    _game(cli, 1)
    moved = isolated_db.with_name("moved")
    done = []

    def swap(call, target):
        if not done and call == "create":
            done.append(1)
            isolated_db.rename(moved)
            shutil.copytree(moved, isolated_db, ignore=shutil.ignore_patterns("*.tmp"))

    hook.set(swap)
    r = cli("hand", *HAND)
    hook.set(None)
    assert r.exit_code == 1
    assert _one_sentence(r.stderr) == (f"The database folder {isolated_db} was replaced while this command held it "
                                       "(moved away, copied over or re-pointed by a link), so nothing was changed: "
                                       "run the command again.")
    assert _hands(cli) == 1  # the copy at the path: as it was
    assert Application(moved).history()["hands"] and len(Application(moved).history()["hands"]) == 1
    assert not list(moved.rglob("*.tmp")) and not (moved / "journal.json").exists()
    assert cli("hand", *HAND).exit_code == 0 and _hands(cli) == 2


def test_a_linked_database_repointed_under_the_lock_stops_the_command(cli, tmp_path, hook):
    real, other, link = tmp_path / "real", tmp_path / "other", tmp_path / "link"
    cli("--db", real, "new", "rummy500", "Ann", "Bob", "Cy")
    shutil.copytree(real, other)
    link.symlink_to(real)
    done = []

    def repoint(call, target):
        if not done and call == "create":
            done.append(1)
            link.unlink()
            link.symlink_to(other)

    hook.set(repoint)
    r = cli("--db", link, "hand", *HAND)
    hook.set(None)
    assert r.exit_code == 1 and "was replaced while this command held it" in r.stderr
    assert [len(Application(d).history()["hands"]) for d in (real, other)] == [0, 0]


def test_a_symlinked_sessions_folder_is_never_written_through(cli, isolated_db, tmp_path):
    sid = _game(cli, 1)
    elsewhere = tmp_path / "elsewhere"
    (isolated_db / "sessions").rename(elsewhere)
    (isolated_db / "sessions").symlink_to(elsewhere)
    before = sorted(p.name for p in elsewhere.iterdir())
    r = cli("hand", *HAND)
    assert r.exit_code == 1
    assert _one_sentence(r.stderr) == (f"The database folder {isolated_db / 'sessions'} is a symbolic link, which "
                                       "scorekeeper never follows, so nothing was changed: put a folder of its own "
                                       "in its place.")
    assert sorted(p.name for p in elsewhere.iterdir()) == before
    assert json.loads((elsewhere / f"{sid}.json").read_text())["session"]["1"]["hands"].__len__() == 1
    check = cli("db", "check")
    assert check.exit_code == 1 and "is a symbolic link" in check.stdout


def test_index_json_deleted_under_the_lock_the_hand_is_saved_and_listed(cli, isolated_db, hook):
    """The command had read the index when it was deleted: it writes the index it holds in the
    same commit as the session file, so the hand is saved and listed, and it says so."""
    _game(cli, 1)
    done = []

    def delete_index(call, target):
        if not done and call == "create":
            done.append(1)
            (isolated_db / "index.json").unlink()

    hook.set(delete_index)
    r = cli("hand", *HAND, "--json")
    hook.set(None)
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["number"] == 2
    assert cli.json("sessions")["sessions"][0]["hands"] == 2 and _hands(cli) == 2
    assert cli("db", "check").exit_code == 0


# --- revisions are never reused -----------------------------------------------------------------


def test_revisions_are_never_reused_after_db_restore_session(cli, isolated_db):
    """An edit asked at revision 4 must not save over a session that went back to revision 3
    with `db restore --session` and came forward again by one hand."""
    sid = _game(cli, 3)  # revision 1 (new) + 3 hands = 4
    app = Application(isolated_db)
    pinned = app.table(sid, 2)["revision"]
    assert pinned == 4
    path, _ = _record(isolated_db, sid)
    copies = sorted((isolated_db / "backups" / "sessions" / sid).glob("*.json"))
    copies[-1].write_text("{ damaged")  # the newest copy (revision 4) and the file itself damaged:
    path.write_text("{ damaged")        # restore puts back the copy of revision 3 (two hands)
    r = cli("db", "restore", "--session", sid, "--yes")
    assert r.exit_code == 0, r.stderr
    assert _hands(cli) == 2
    assert cli("hand", *HAND).exit_code == 0  # three hands again, at a revision never used before
    assert Application(isolated_db).table(sid)["revision"] not in (pinned, 3, 2, 1)
    with pytest.raises(Exception) as e:
        Application(isolated_db).edit(2, ["Ann: 90 -0", "Bob: 0 -5", "Cy: 0 -5"], "line", sid, revision=pinned)
    assert getattr(e.value, "code", "") == "session.changed_meanwhile"


# --- tampering seen ---------------------------------------------------------------------------

TAMPERING = {
    # the last hand and its record of the trail removed together
    "last hand and record removed": lambda r: (r["hands"].pop(), r["audit"].pop()),
    # hand 2 changed, and its record changed the same way (the chain left as it was)
    "hand and record changed": lambda r: (r["hands"][1]["entry"]["players"]["Ann"].update(table=90),
                                          r["audit"][1]["entry"]["players"]["Ann"].update(table=90)),
    # the same, the chain worked out again by someone who read the code
    "hand, record and chain changed": lambda r: _rechain(r, lambda r: (
        r["hands"][1]["entry"]["players"]["Ann"].update(table=90),
        r["audit"][1]["entry"]["players"]["Ann"].update(table=90))),
    # the last hand and record removed, the chain still whole (a shorter trail)
    "last hand removed, chain whole": lambda r: _rechain(r, lambda r: (r["hands"].pop(), r["audit"].pop())),
    # a middle record removed and the trail renumbered: the hands still agree with the trail
    "a record of an undone hand removed": None,
}


def _rechain(record: dict, change) -> None:
    from scorekeeper.storage.trail import link

    change(record)
    chain = None
    for ev in record["audit"]:
        ev.pop("chain", None)
        chain = link(chain, ev)
        ev["chain"] = chain


@pytest.mark.parametrize("how", [k for k, v in TAMPERING.items() if v is not None])
def test_a_hand_changed_or_removed_with_its_audit_record_is_seen_and_never_blessed(cli, isolated_db, how):
    """Such a change was reported only as a stale cache, and --repair wrote the changed file as
    the newest kept copy ("all is well"). Now `db check` sees it (the chain, the index's head of
    the trail, the copy kept when the file was saved), and --repair puts back that copy."""
    sid = _game(cli, 3)
    # each hand: Ann 20, Bob 60, Cy -25; three hands: Ann 60, Bob 180, Cy -75
    assert cli.totals() == {"Ann": 60, "Bob": 180, "Cy": -75}
    path, doc = _record(isolated_db, sid)
    TAMPERING[how](doc["session"]["1"])
    tampered = json.dumps(doc)
    path.write_text(tampered)
    copies = sorted((isolated_db / "backups" / "sessions" / sid).glob("*.json"))
    r = cli("db", "check", "--json")
    assert r.exit_code == 1
    (problem,) = json.loads(r.stdout)["problems"]
    assert problem["kind"] == "changed" and "changed outside scorekeeper" in problem["problem"], problem
    assert "cache" not in problem["problem"]
    r = cli("db", "check", "--repair")
    assert r.exit_code == 0, r.stdout
    (said,) = [line for line in r.stdout.splitlines() if line.startswith("repaired:")]
    assert "the last state scorekeeper wrote" in said or "as recorded in the audit trail" in said, said
    assert cli.totals() == {"Ann": 60, "Bob": 180, "Cy": -75}  # as scorekeeper wrote it
    (aside,) = (isolated_db / "backups" / "set-aside").glob(f"{sid}.json.*")
    assert aside.read_text() == tampered  # kept, never made a copy to put back
    for copy in sorted((isolated_db / "backups" / "sessions" / sid).glob("*.json")):
        assert copy.read_text() != tampered
    assert len(sorted((isolated_db / "backups" / "sessions" / sid).glob("*.json"))) >= len(copies)
    assert cli("db", "check").exit_code == 0


def test_repair_says_what_it_cannot_decide_and_leaves_the_file(cli, isolated_db):
    """No kept copy can be told to be what scorekeeper last wrote (they are gone): the changed
    file is left as it is, reported, never taken as the truth."""
    sid = _game(cli, 2)
    shutil.rmtree(isolated_db / "backups" / "sessions" / sid)
    path, doc = _record(isolated_db, sid)
    TAMPERING["hand and record changed"](doc["session"]["1"])
    path.write_text(json.dumps(doc))
    r = cli("db", "check", "--repair")
    assert r.exit_code == 1
    (said,) = [line for line in r.stdout.splitlines() if line.startswith("problem:")]
    assert said == (f"problem: sessions/{sid}.json: session {sid}: no kept copy can be told to be the last state "
                    "scorekeeper wrote, so the file is left as it is: compare `scorekeeper history --audit` with the "
                    "table's own record")
    assert path.read_text() == json.dumps(doc)
    assert not list((isolated_db / "backups" / "sessions").glob(f"{sid}/*.json"))  # not blessed as a copy


# --- every stored text shown safely -----------------------------------------------------------


def test_escape_sequences_in_an_imported_audit_record_are_refused_and_reported(cli, isolated_db, tmp_path):
    """An imported audit record's time or form reached the terminal raw through `history
    --audit`, and `db check` said all is well."""
    sid = _game(cli, 1)
    export = tmp_path / "all.json"
    assert cli("export", "-o", export).exit_code == 0
    doc = json.loads(export.read_text())
    doc["sessions"][0]["id"] = "evil0001"
    doc["sessions"][0]["audit"][0]["time"] = "\x1b[2J\x1b]0;owned\x07"
    export.write_text(json.dumps(doc))
    r = cli("import", export)
    assert r.exit_code == 2
    assert _one_sentence(r.stderr) == (f'{export}, session 1 (evil0001): the "time" of record 1 of "audit" holds a '
                                       "control character (an escape sequence, perhaps), which no export of "
                                       "scorekeeper holds; nothing was imported.")
    # the same written into a session file by hand: damaged for every command, reported by db check
    path, data = _record(isolated_db, sid)
    data["session"]["1"]["audit"][0]["form"] = "\x1b[31mred"
    path.write_text(json.dumps(data))
    for args in (["history", "--audit"], ["standings"], ["db", "check"]):
        r = cli(*args)
        assert r.exit_code == 1 and "\x1b" not in r.stdout + r.stderr, args
        assert 'the "form" of record 1 of its "audit" holds a control character' in r.stdout + r.stderr


def test_a_title_holding_escape_sequences_is_shown_escaped_on_every_screen_and_reported(isolated_db, exe):
    """A title written by hand (the commands refuse one): every screen shows the escape, never
    sends it, and `db check` reports it."""
    app = Application(isolated_db)
    sid = app.new("rummy500", ["Ann", "Bob"], title="Friday")["session"]
    path, data = _record(isolated_db, sid)
    data["session"]["1"]["title"] = "Fri\x1b[2Jday\x9b31m"
    path.write_text(json.dumps(data))
    (newest,) = sorted((isolated_db / "backups" / "sessions" / sid).glob("*.json"))[-1:]
    newest.write_text(json.dumps(data))  # its copy too, or `db check` reports the file as changed by hand
    index = json.loads((isolated_db / "index.json").read_text())
    index["sessions"]["1"]["title"] = "Fri\x1b[2Jday\x9b31m"
    (isolated_db / "index.json").write_text(json.dumps(index))
    for args in (["sessions"], ["standings"], ["history"], ["export", "--format", "md"], ["db", "check"]):
        r = subprocess.run([str(exe), *args], env=_env(isolated_db), capture_output=True, text=True)
        shown = r.stdout + r.stderr
        assert "\x1b" not in shown and "\x9b" not in shown, (args, shown)
        if args[0] == "db":
            assert r.returncode == 1 and "its title holds a control character" in shown
        elif args[0] != "export":
            assert "\\u001b" in shown, (args, shown)


# --- inputs without bounds ---------------------------------------------------------------------


@pytest.fixture
def specials(tmp_path):
    """A FIFO, a listening socket, and the devices that never end."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    sock_path = tmp_path / "sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(sock_path))
    sock.listen(1)
    yield {"a FIFO": fifo, "a socket": sock_path, "/dev/zero": Path("/dev/zero"), "/dev/urandom": Path("/dev/urandom")}
    sock.close()


def test_hand_files_imports_and_the_configuration_file_are_never_waited_on_or_read_without_end(
        cli, isolated_db, specials, tmp_path, monkeypatch):
    _game(cli)
    for what, path in specials.items():
        r = cli("hand", "--file", path)
        assert r.exit_code == 2 and _one_sentence(r.stderr) == (
            f"{path} is not a file but a pipe, a socket or a device, which scorekeeper never reads from a name: "
            "give a hand file, or - for standard input."), what
        r = cli("import", path)
        assert r.exit_code == 2 and "is not a file but a pipe, a socket or a device" in _one_sentence(r.stderr), what
        config = tmp_path / "config.toml"
        config.unlink(missing_ok=True)
        config.symlink_to(path)
        monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))
        r = cli("sessions")
        assert r.exit_code == 2 and _one_sentence(r.stderr) == (
            f"The configuration file {config} is not a file but a pipe, a socket or a device, which scorekeeper "
            "never reads: remove it, or point SCOREKEEPER_CONFIG at a file."), what
        monkeypatch.delenv("SCOREKEEPER_CONFIG")
    assert _hands(cli) == 0


@pytest.mark.parametrize("command", [["hand", "--file", "-"], ["import", "-"]])
def test_standard_input_that_never_ends_is_refused_at_its_bound(isolated_db, exe, command):
    """`import -` read standard input until memory ran out; `< /dev/zero` now gives one sentence."""
    subprocess.run([str(exe), "new", "rummy500", "Ann", "Bob"], env=_env(isolated_db), check=True,
                   capture_output=True)
    with open("/dev/zero", "rb") as zero:
        r = subprocess.run([str(exe), *command], env=_env(isolated_db), stdin=zero, capture_output=True, text=True,
                           timeout=60)
    assert r.returncode == 2, r.stderr
    assert "larger than" in _one_sentence(r.stderr)


def test_a_deeply_nested_configuration_file_is_one_sentence_and_config_set_mends_it(cli, isolated_db, tmp_path,
                                                                                    monkeypatch):
    """It gave a Python traceback from every command, `config set` included."""
    config = tmp_path / "config" / "config.toml"
    config.parent.mkdir()
    config.write_text("players = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    r = cli("sessions")
    assert r.exit_code == 2 and _one_sentence(r.stderr) == (
        f"The configuration file {config} is nested too deeply to be read: correct it, or replace the line with "
        "`scorekeeper config set KEY VALUE` (or `config unset KEY`).")
    assert cli("config", "set", "players", "Ann", "Bob").exit_code == 0
    assert config.read_text() == 'players = ["Ann", "Bob"]\n'
    assert cli("new", "rummy500").exit_code == 0


@pytest.mark.parametrize("where", ["hand file", "import"])
def test_json_nested_deeper_than_any_hand_or_export_is_refused_before_it_is_parsed(cli, isolated_db, tmp_path, where):
    _game(cli)
    deep = tmp_path / "deep.json"
    deep.write_text('{"players": {"Ann": {"melds": ' + "[" * 500 + "]" * 500 + "}}}")
    r = cli("hand", "--file", deep) if where == "hand file" else cli("import", deep)
    assert r.exit_code == 2 and "nested too deeply" in _one_sentence(r.stderr)


# --- tracebacks and internal errors ---------------------------------------------------------------


@pytest.mark.parametrize("value,said", [
    ("x", '"first_round" must be a whole number of 1 or more.'), (0, '"first_round" must be a whole number of 1 or more.'),
    (14, "--round 14 is not a round of Crazy Rummy: its rounds are 1 to 13; nothing was imported."),
])
def test_a_wrong_first_round_is_one_sentence_on_import_and_in_db_check(cli, isolated_db, tmp_path, value, said):
    r = cli("new", "crazy", "Ann", "Bob", "Cy", "--json")
    sid = json.loads(r.stdout)["session"]
    export = tmp_path / "crazy.json"
    assert cli("export", "-o", export).exit_code == 0
    doc = json.loads(export.read_text())
    doc["sessions"][0].update(id="round001", first_round=value)
    export.write_text(json.dumps(doc))
    r = cli("import", export)
    assert r.exit_code == 2 and _one_sentence(r.stderr).endswith(said), r.stderr
    path, data = _record(isolated_db, sid)
    data["session"]["1"]["first_round"] = value
    path.write_text(json.dumps(data))
    r = cli("db", "check")
    assert r.exit_code == 1 and "Traceback" not in r.stdout + r.stderr
    assert f"sessions/{sid}.json: damaged (" in r.stdout


def test_standard_output_closed_ends_quietly_and_the_command_does_its_work(isolated_db, exe):
    r = subprocess.run(f'"{exe}" new rummy500 Ann Bob >&- && "{exe}" hand "Ann: 30 -10" "Bob: 60 -0" >&-',
                       shell=True, env=_env(isolated_db), capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (0, "")
    assert len(Application(isolated_db).history()["hands"]) == 1


def test_db_restore_over_a_sessions_folder_it_may_not_read_is_one_sentence(cli, isolated_db, monkeypatch):
    _game(cli, 1)
    real = os.listdir

    def refused(path="."):
        if str(path).endswith("sessions"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "listdir", refused)
    r = cli("db", "restore", "--yes")
    assert r.exit_code == 1 and "Traceback" not in r.stderr
    assert _one_sentence(r.stderr) == (f"The database folder {isolated_db / 'sessions'} cannot be read "
                                       "(permission denied).")


def test_config_set_on_a_file_it_may_not_replace_is_one_sentence(cli, tmp_path, hook):
    """The fault hook: the folder refuses a new file (EACCES, as a folder the user may not write
    to: the tests may run as root, who may write anywhere)."""
    config = tmp_path / "config" / "config.toml"
    config.parent.mkdir()
    config.write_text('variant = "gin"\n')

    def refuse(call, target):
        if call == "create":
            raise PermissionError(13, "Permission denied")

    hook.set(refuse)
    r = cli("config", "set", "variant", "rummy500")
    assert r.exit_code == 1
    assert _one_sentence(r.stderr) == (f"The configuration file {config} cannot be written (permission denied); it "
                                       "was left as it was.")
    assert config.read_text() == 'variant = "gin"\n'
    hook.set(None)
    blocker = tmp_path / "not-a-folder"  # a file where its folder belongs: one sentence too
    blocker.write_text("mine")
    r = cli("config", "set", "variant", "rummy500", env={"SCOREKEEPER_CONFIG": str(blocker / "config.toml")})
    assert r.exit_code in (1, 2) and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert blocker.read_text() == "mine"


def test_a_configured_database_path_holding_nul_is_one_sentence(cli, tmp_path, monkeypatch):
    config = tmp_path / "config" / "config.toml"
    config.parent.mkdir()
    config.write_text('database = "/tmp/a\\u0000b"\n')
    monkeypatch.delenv("SCOREKEEPER_DB")
    r = cli("sessions")
    assert r.exit_code == 2
    assert _one_sentence(r.stderr) == (f"The database path given by {config} holds a NUL character, which no file "
                                       "name can: give the path again.")


# --- a variant's results checked where they come in ---------------------------------------------

PLUGIN = '''
from dataclasses import fields, replace
from scorekeeper.core.variants.rummy500 import RUMMY500
from scorekeeper.core.errors import InputError
from scorekeeper.core.scoring import PlayerScore

MODE = {mode!r}


def scored(result, points):
    return replace(result, players={{name: PlayerScore.explained_later(name, points(p.score), list)
                                    for name, p in result.players.items()}})


class OddScoring(type(RUMMY500.scoring)):
    def score(self, entry, game):
        result = super().score(entry, game)
        if MODE == "nan":
            return scored(result, lambda points: float("nan"))
        if MODE == "float":
            return scored(result, lambda points: points + 0.5)
        if MODE == "huge":
            return scored(result, lambda points: 10 ** 12)
        if MODE == "raise":
            return 1 / 0
        if MODE == "refuse":
            raise InputError("points.over_decks_table", player="Ann", points=1, bound=0, decks=1, jokers=0)
        return result


SCORING = OddScoring(**{{f.name: getattr(RUMMY500.scoring, f.name) for f in fields(RUMMY500.scoring) if f.init}})
VARIANT = replace(RUMMY500, id="odd500", name="Odd 500", scoring=SCORING, list_order=3000)
'''


def install(site: Path, mode: str) -> None:
    """The variant odd500 (Rummy 500 with its scores made ``mode``), laid out as pip installs it."""
    (site / "odd500_plugin.py").write_text(PLUGIN.format(mode=mode), encoding="utf-8")
    info = site / "odd-500-0.1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: odd-500\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[scorekeeper.variants]\nodd500 = odd500_plugin:VARIANT\n",
                                           encoding="utf-8")
    for cached in site.glob("__pycache__"):
        shutil.rmtree(cached)


def sk(site: Path, db: Path, *args: str) -> subprocess.CompletedProcess:
    env = _env(db, PYTHONPATH=str(site), XDG_CACHE_HOME=str(site.parent / "cache"), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.fixture
def site(tmp_path) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("mode,said", [
    ("nan", 'The variant "odd500" gave Ann nan points for hand 1, which is not a whole number of points a game can '
            "hold (at most 1,000,000,000 either way), so nothing was stored."),
    ("float", 'The variant "odd500" gave Ann 30.5 points for hand 1, which is not a whole number of points a game '
              "can hold (at most 1,000,000,000 either way), so nothing was stored."),
    ("huge", 'The variant "odd500" gave Ann 1000000000000 points for hand 1, which is not a whole number of points a '
             "game can hold (at most 1,000,000,000 either way), so nothing was stored."),
    ("raise", 'The variant "odd500" (odd-500 0.1) failed: an error in its own code. --debug shows where.'),
])
def test_a_variants_garbage_scores_or_failure_is_one_sentence_naming_it_and_nothing_is_stored(site, tmp_path, mode,
                                                                                             said):
    db = tmp_path / "db"
    install(site, mode)
    assert sk(site, db, "new", "odd500", "Ann", "Bob").returncode == 0
    r = sk(site, db, "hand", "Ann: 30 -0", "Bob: 0 -5")
    assert r.returncode == 1 and r.stdout == ""
    assert _one_sentence(r.stderr) == said
    assert json.loads(sk(site, db, "history", "--json").stdout)["hands"] == []


def test_a_session_whose_variant_is_uninstalled_waits_and_repair_and_restore_leave_it_alone(site, tmp_path):
    """With a plugin uninstalled, --repair moved every kept copy of its sessions out of `db
    restore`'s reach. Now `db check` reports the session as waiting for its package (exit 0),
    and repair and restore touch neither it nor its copies."""
    db = tmp_path / "db"
    install(site, "good")
    assert sk(site, db, "new", "odd500", "Ann", "Bob").returncode == 0
    assert sk(site, db, "hand", "Ann: 30 -0", "Bob: 0 -5").returncode == 0
    assert sk(site, db, "new", "rummy500", "Cy", "Dee").returncode == 0
    for path in [site / "odd500_plugin.py", *site.glob("odd-500-*")]:
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    files = {p: p.read_bytes() for p in db.rglob("*") if p.is_file()}
    r = sk(site, db, "db", "check")
    assert r.returncode == 0, r.stdout
    (said,) = [line for line in r.stdout.splitlines() if "waiting for its variant" in line]
    assert said.startswith("note: ") and "needs the package odd-500 (version 0.1), which is not installed" in said
    for args in (["db", "check", "--repair"], ["db", "restore", "--yes"]):
        r = sk(site, db, *args)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
    assert not (db / "backups" / "set-aside").exists()
    for path, data in files.items():  # nothing of it moved or changed (the index may be written again)
        if path.name != "index.json" and "backups/index" not in str(path):
            assert path.read_bytes() == data, path
    (sid,) = [s["id"] for s in json.loads(sk(site, db, "sessions", "--json").stdout)["sessions"]
              if s["variant"] == "odd500"]
    r = sk(site, db, "db", "restore", "--session", sid, "--yes")
    assert r.returncode == 1 and "needs the variant odd500, which cannot be loaded here" in r.stderr
    install(site, "good")  # back: the session as it was
    assert json.loads(sk(site, db, "standings", "--session", sid, "--json").stdout)["hands"] == 1


def test_a_variant_that_now_refuses_old_hands_is_reported_and_restore_drops_nothing(site, tmp_path):
    """After a plugin update refuses old hands, `db check` sent the user to `db restore
    --session`, which dropped hands. Now the session, as scorekeeper wrote it, is reported as
    refused by the variant as installed, and restore puts back nothing."""
    db = tmp_path / "db"
    install(site, "good")
    assert sk(site, db, "new", "odd500", "Ann", "Bob").returncode == 0
    for _ in range(3):
        assert sk(site, db, "hand", "Ann: 30 -0", "Bob: 0 -5").returncode == 0
    install(site, "refuse")
    r = sk(site, db, "db", "check")
    assert r.returncode == 1
    (said,) = [line for line in r.stdout.splitlines() if line.startswith("problem:")]
    assert "is as scorekeeper wrote it, but its variant as installed now refuses it" in said
    assert "db restore" not in said
    r = sk(site, db, "db", "restore", "--yes")
    assert r.returncode == 0 and "put back" not in r.stdout
    install(site, "good")
    assert len(json.loads(sk(site, db, "history", "--json").stdout)["hands"]) == 3


# --- unclear sentences ------------------------------------------------------------------------------


def test_a_socket_in_place_of_a_database_file_is_named_and_db_restore_replaces_it(cli, isolated_db):
    sid = _game(cli, 2)
    path = isolated_db / "sessions" / f"{sid}.json"
    path.unlink()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    try:
        r = cli("standings")
        assert r.exit_code == 1 and "it is not a regular file (a pipe or a device)" in _one_sentence(r.stderr)
        r = cli("db", "restore", "--yes")
        assert r.exit_code == 0, r.stderr
        assert _hands(cli) == 2
        (aside,) = (isolated_db / "backups" / "set-aside").glob(f"{sid}.json.*")
        assert aside.is_socket()  # moved aside, never deleted
    finally:
        sock.close()
    assert cli("db", "check").exit_code == 0


def test_a_stray_file_of_245_letters_is_moved_aside_and_named(cli, isolated_db):
    _game(cli, 1)
    stray = isolated_db / "sessions" / ("x" * 240 + ".txt")
    stray.write_text("notes")
    r = cli("db", "check", "--repair")
    assert r.exit_code == 0, r.stdout
    assert f"repaired: sessions/{stray.name}: this is not a session file" in r.stdout
    (aside,) = (isolated_db / "backups" / "set-aside").iterdir()
    assert aside.read_text() == "notes" and aside.name.startswith("x" * 80)
    assert cli("db", "check").exit_code == 0


def test_an_emptied_index_is_not_read_as_no_sessions(cli, isolated_db):
    _game(cli, 2)
    (isolated_db / "index.json").write_text("{}")
    r = cli("sessions")
    assert r.exit_code == 1
    assert _one_sentence(r.stderr) == (f"The index {isolated_db / 'index.json'} lists no session, but there are "
                                       "session files (1); `scorekeeper db check --repair` lists them again.")
    assert cli("db", "check", "--repair").exit_code == 0
    assert [s["hands"] for s in cli.json("sessions")["sessions"]] == [2]


# --- exports written like the database ------------------------------------------------------------


def _small_disk_works() -> bool:
    if not shutil.which("unshare") or not sys.platform.startswith("linux"):
        return False
    r = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt && echo ok"],
                       capture_output=True, text=True)
    return r.stdout.strip() == "ok"


@pytest.mark.skipif(not _small_disk_works(), reason="cannot mount a small tmpfs here (unshare -rm)")
def test_an_export_to_a_full_disk_is_exit_1_and_never_a_cut_file(cli, isolated_db, exe, tmp_path):
    """On a small file system: `export -o` exited 0 leaving 12,288 of 45,265 bytes; `export >`
    too. Now `-o` writes a checked temporary file and renames it (exit 1, the old file as it
    was), and standard output is written whole (exit 1 and one sentence)."""
    app = Application(isolated_db)
    for i in range(12):
        app.new("rummy500", ["Ann", "Bob", "Cy"], ["target=100000"], f"night {i}")
        for _ in range(8):
            app.record_hand(HAND, "line")
    size = len(app.export(all_=True, format_="md")["text"].encode())
    assert size > 8 * 1024  # more than the small file system holds
    script = (f'mount -t tmpfs -o size=8k tmpfs /mnt && echo old > /mnt/out.md && '
              f'"{exe}" export --all --format md -o /mnt/out.md --force; echo "o=$?"; cat /mnt/out.md; '
              f'ls -a /mnt; "{exe}" export --all --format md > /mnt/piped.md; echo "p=$?"')
    r = subprocess.run(["unshare", "-rm", "sh", "-c", script], env=_env(isolated_db), capture_output=True, text=True,
                       timeout=120)
    out = r.stdout.splitlines()
    assert "o=1" in out and "p=1" in out, (r.stdout, r.stderr)
    assert out[out.index("o=1") + 1] == "old"  # the old file as it was, no cut one beside it
    assert not [line for line in out if line.endswith(".tmp")]
    errors = r.stderr.strip().splitlines()
    assert errors == ["/mnt/out.md cannot be written (no space is left on the disk).",
                      "The output could not be written (no space is left on the disk)."], r.stderr


def test_a_kept_copy_agrees_with_the_trail_only_with_the_events_the_trail_says():
    """`--repair` puts back a copy only where it holds what the live file's trail says: its
    events between deals too. A copy kept before the last rejoin (the newest copy gone) has the
    trail's hands but not its rejoin: it is not taken for the last state scorekeeper wrote."""
    from scorekeeper.storage.trail import agrees

    entry = {"players": {"Ann": {"hand": 0}, "Bob": {"hand": 50}}, "out": "Ann"}
    rejoin = {"kind": "rejoin", "after": 1, "player": "Bob", "time": "2026-12-07T10:00:00+00:00"}
    entered = {"action": "entered", "number": 1, "entry": entry}
    live = {"hands": [{"entry": entry}], "events": [rejoin],
            "audit": [entered, {"action": "event", "number": 1, "entry": None, "event": rejoin}]}
    before_rejoin = {"hands": [{"entry": entry}], "audit": [entered]}
    assert agrees(live, live)
    assert not agrees(before_rejoin, live)
