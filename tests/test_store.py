"""The database (SPEC §6): its layout, one write per file per command, locking,
damaged files, backups, `db check` / `db restore` / `db path`, schema migrations.

Crash safety is in test_crash.py, two writers at once in test_concurrency.py,
malformed hand files in test_malformed.py.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, no_document
from scorekeeper.storage import files as files_module
from scorekeeper.storage import migrations
from scorekeeper.app.games import summary_of
from scorekeeper.storage import store as store_module
from scorekeeper.core.errors import StoreError
from scorekeeper.storage.store import BACKUPS_KEPT, SCHEMA_VERSION, Store

HAND1 = ["Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85"]  # Ann 45, Bob 0, Cy -5 (SPEC §4)
HAND2 = ["Ann: 30 -10", "Bob: 60 -0", "Cy: 0 -25"]  # points only: Ann 20, Bob 60, Cy -25


def files_of(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` with its bytes (the lock file aside)."""
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != ".lock"}


def game(cli, *hands) -> str:
    """A Rummy 500 session of Ann, Bob and Cy with ``hands`` recorded; returns its id."""
    r = cli("new", "rummy500", "Ann", "Bob", "Cy", "--json")
    assert r.exit_code == 0, r.stderr
    for hand in hands:
        r = cli("hand", *hand, "--json")
        assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)["session"]


def hand_rows(cli) -> list:
    """``(number, scores, totals)`` of every hand in ``history --json``."""
    return [(h["number"], h["scores"], h["totals"]) for h in cli.history()["hands"]]


# --- layout ----------------------------------------------------------------------------------


def test_layout_is_an_index_and_one_tinydb_file_per_session(cli, isolated_db):
    sid = game(cli, HAND1)
    index = json.loads((isolated_db / "index.json").read_text())
    assert index["_meta"]["1"]["schema"] == SCHEMA_VERSION
    assert index["_meta"]["1"]["current"] == sid
    (row,) = index["sessions"].values()
    assert (row["id"], row["hands"], row["revision"]) == (sid, 1, 2)  # new wrote revision 1, hand 2
    data = json.loads((isolated_db / "sessions" / f"{sid}.json").read_text())
    assert data["_meta"]["1"] == {"schema": SCHEMA_VERSION, "revision": 2}
    assert data["session"]["1"]["hands"][0]["form"] == "line"


def test_the_files_open_with_plain_tinydb(cli, isolated_db):
    """SPEC §6: the database is TinyDB (JSON); any TinyDB can read it."""
    from tinydb import Query, TinyDB
    from tinydb.storages import JSONStorage

    sid = game(cli, HAND1)
    db = TinyDB(isolated_db / "index.json", storage=JSONStorage, access_mode="r")
    assert db.table("sessions").get(Query().id == sid)["hands"] == 1
    s = TinyDB(isolated_db / "sessions" / f"{sid}.json", storage=JSONStorage, access_mode="r")
    assert s.table("session").get(doc_id=1)["players"] == ["Ann", "Bob", "Cy"]


def test_only_the_storage_package_imports_tinydb():
    root = Path(__file__).resolve().parents[1] / "scorekeeper"
    importers = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                       if re.search(r"^\s*(from|import) tinydb", p.read_text(encoding="utf-8"), re.M))
    assert importers and all(i.startswith("storage/") for i in importers), importers


def test_db_path_prints_the_directory_and_creates_nothing(cli, tmp_path):
    where = tmp_path / "elsewhere"
    r = cli("db", "path", "--db", where)
    assert (r.exit_code, r.stdout) == (0, f"{where}\n")
    r = cli("--db", where, "db", "path")
    assert r.stdout == f"{where}\n"
    assert not where.exists()


# --- one write per file, session file first ---------------------------------------------


@pytest.fixture
def writes(monkeypatch):
    """The database files each command replaces in its commit, in order (backup copies aside)."""
    from scorekeeper.storage import commit

    seen: list[str] = []
    real = commit.Transaction.commit

    def spy(self, command, sessions):
        seen.extend(("db/" if "/" not in s.path else "") + s.path for s in self.steps
                    if s.kind == "put" and not s.path.startswith("backups/"))
        return real(self, command, sessions)

    monkeypatch.setattr(commit.Transaction, "commit", spy)
    return seen


def test_each_command_writes_each_file_once_session_file_first(cli, writes):
    r = cli("new", "rummy500", "Ann", "Bob", "Cy", "--json")
    sid = json.loads(r.stdout)["session"]
    session, index = f"sessions/{sid}.json", "db/index.json"
    assert writes == [session, index]  # summary row and current session in ONE index write
    for args in (["hand", *HAND1], ["hand", *HAND2], ["undo", "--yes"], ["redo"], ["edit", "1", *HAND2]):
        writes.clear()
        r = cli(*args)
        assert r.exit_code == 0, (args, r.stderr)
        assert writes == [session, index], args
    writes.clear()
    cli("new", "rummy500", "Dee", "Eve")
    writes.clear()
    assert cli("use", sid).exit_code == 0
    assert writes == [index]
    writes.clear()
    assert cli("delete", sid, "--yes").exit_code == 0
    assert writes == [index]  # and the session file moved to its copies, in the same commit


def test_a_failed_command_writes_nothing(cli, writes, isolated_db):
    game(cli, HAND1)
    before = files_of(isolated_db)
    writes.clear()
    r = cli("hand", "Ann: 7H 8H ZZ", "Bob: -", "Cy: 0 -0")
    assert r.exit_code == 2
    assert writes == [] and files_of(isolated_db) == before


def test_save_many_writes_the_index_once(isolated_db, writes):
    st = Store(isolated_db)
    from scorekeeper.core.game import new_setup, replay
    from scorekeeper.core.variants import get_variant

    pairs = []
    for i in range(3):
        setup = new_setup(get_variant("rummy500"), ["Ann", "Bob"], [], None)
        rec = store_module.new_record(f"bulk{i}", "rummy500", ["Ann", "Bob"], dict(setup.rules), None, "Ann")
        pairs.append((rec, summary_of(rec, replay(setup, []))))
    with st.writing():
        st.save_many(pairs, current="bulk2")
    assert writes == ["sessions/bulk0.json", "sessions/bulk1.json", "sessions/bulk2.json", "db/index.json"]
    assert Store(isolated_db).current_id() == "bulk2"


def test_a_session_file_is_the_text_tinydb_writes(tmp_path):
    """save_many writes a session file's two tables in one piece of text (the record's text may be
    made beforehand, in an import's forked copies): byte for byte what TinyDB writes for them."""
    from scorekeeper.storage.tinystore import document, one_document_tables, open_db

    record = {"id": "0a1b2c3d", "title": "Ёлка \u2028 ✓ \"quoted\" \\", "players": ["Ann", "Bob"], "rules": {"target": 500},
              "hands": [{"entry": {"players": {"Ann": {"melds": ["7H 8H 9H"], "hand": ""}}}}], "none": None,
              "derived": {"hands": [{"scores": {"Ann": 24, "Bob": -3}, "won": ["Ann"]}], "finished": False}}
    meta = {"schema": SCHEMA_VERSION, "revision": 3}
    written = []
    db = open_db(tmp_path / "s.json", fresh=True, sink=lambda path, text: written.append(text))
    with db.storage.held():
        db.table("_meta").insert(document(meta))
        db.table("session").insert(document(record))
    made = one_document_tables([("_meta", files_module.dumps(meta)), ("session", store_module.session_text(record))])
    assert written == [made]
    assert json.loads(made) == {"_meta": {"1": meta}, "session": {"1": record}}


def test_a_change_outside_writing_is_a_bug(isolated_db):
    with pytest.raises(RuntimeError):
        Store(isolated_db).set_current(None)


# --- read-only commands take no lock and create nothing ---------------------------------

READ_ONLY = [
    ["sessions"], ["sessions", "--json"], ["standings"], ["standings", "--json"], ["history"],
    ["history", "--json"], ["history", "--audit"], ["explain"], ["explain", "--json"], ["stats"],
    ["stats", "--json"], ["chart"], ["export", "--format", "json"], ["export", "--all", "--format", "csv"],
    ["export", "--format", "md"], ["rules"], ["check", "rummy500", "QS KS AS"], ["db", "path"], ["db", "check"],
    ["db", "check", "--json"], ["db", "restore", "--list"],
]


def _exists(cli, command: str) -> bool:
    return cli(command, "--help").exit_code == 0


def test_read_only_commands_create_nothing_where_there_is_no_database(cli, tmp_path):
    where = tmp_path / "nothing" / "here"
    ran = 0
    for args in READ_ONLY:
        if not _exists(cli, args[0]):
            continue
        r = cli(*args, "--db", where)
        ran += 1
        assert "Traceback" not in (r.stdout + r.stderr), args
        assert r.exit_code in (0, 2), (args, r.stderr)
        assert not where.exists() and not where.parent.exists(), args
    assert ran >= 10


def test_read_only_commands_change_no_file_of_a_database(cli, isolated_db):
    game(cli, HAND1, HAND2)
    before = files_of(isolated_db)
    names = sorted(p.name for p in isolated_db.rglob("*"))
    for args in READ_ONLY:
        if not _exists(cli, args[0]):
            continue
        r = cli(*args)
        assert r.exit_code == 0, (args, r.stderr)
        assert files_of(isolated_db) == before, args
        assert sorted(p.name for p in isolated_db.rglob("*")) == names, args


def test_read_only_commands_work_while_another_command_holds_the_lock(cli, isolated_db):
    from scorekeeper.storage.lock import DirectoryLock

    game(cli, HAND1)
    with DirectoryLock(isolated_db):
        assert cli("standings", "--json").exit_code == 0
        assert cli("sessions", "--json").exit_code == 0


def test_a_changing_command_waits_for_the_lock_then_says_the_database_is_busy(cli, isolated_db, monkeypatch):
    from scorekeeper.storage.lock import DirectoryLock

    game(cli, HAND1)
    before = files_of(isolated_db)
    monkeypatch.setattr(store_module, "LOCK_TIMEOUT", 0.3)
    with DirectoryLock(isolated_db):
        for args in (["hand", *HAND2], ["new", "rummy500", "Dee", "Eve"], ["undo", "--yes"]):
            r = cli(*args)
            assert r.exit_code == 1, args
            assert "the database is busy" in r.stderr.lower()
            assert r.stdout == "" or args[0] == "undo"
            assert len(r.stderr.strip().splitlines()) == 1
    assert files_of(isolated_db) == before
    assert cli("hand", *HAND2).exit_code == 0  # free again


def test_a_failed_first_command_creates_no_database(cli, isolated_db):
    assert cli("use", "nope").exit_code == 2
    assert cli("new", "rummy500", "Ann").exit_code == 2  # too few players
    assert not isolated_db.exists()


# --- damaged files --------------------------------------------------------------------------

DAMAGE = {
    "truncated": lambda text: text[: len(text) // 2],
    "empty": lambda text: "",
    "binary junk": lambda text: "\x00\xff\xfe garbage \x01",
    "a list": lambda text: "[1, 2, 3]",
    "a string": lambda text: '"index"',
    "a number": lambda text: "42",
    "null": lambda text: "null",
    "missing keys": lambda text: json.dumps({"_meta": {"1": {"schema": SCHEMA_VERSION}},
                                              "sessions": {"1": {"id": "x"}},
                                              "session": {"1": {"id": "x"}}}),
    "wrong types": lambda text: text.replace('"players":[', '"players":"Ann",[', 1).replace(
        '"players":"Ann",[', '"players":7,"x":[', 1),
    "deeply nested": lambda text: "[" * 100000 + "]" * 100000,
}


def _damage(path: Path, how: str) -> bytes:
    text = path.read_text(encoding="utf-8")
    new = DAMAGE[how](text)
    data = new.encode("latin-1") if how == "binary junk" else new.encode("utf-8")
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("which", ["index", "session"])
@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_a_damaged_file_is_named_never_overwritten_and_db_restore_recovers_it(cli, isolated_db, which, how):
    sid = game(cli, HAND1, HAND2)
    good = hand_rows(cli)
    path = isolated_db / "index.json" if which == "index" else isolated_db / "sessions" / f"{sid}.json"
    damaged = _damage(path, how)
    commands = [["hand", *HAND1], ["standings"], ["history", "--json"], ["undo", "--yes"]]
    if which == "index":  # a damaged session file does not stop other sessions
        commands += [["sessions"], ["new", "rum500", "A", "B"]]
    for args in commands:
        r = cli(*args)
        assert r.exit_code == 1, (args, r.stdout, r.stderr)
        assert no_document(r.stdout)
        (line,) = r.stderr.strip().splitlines()
        assert str(path) in line and "scorekeeper db restore" in line and "Traceback" not in line
        assert path.read_bytes() == damaged, args
    r = cli("db", "check")
    assert r.exit_code == 1 and "damaged" in r.stdout
    r = cli("db", "check", "--repair")  # repair leaves damaged files to restore
    assert r.exit_code == 1 and path.read_bytes() == damaged
    r = cli("db", "restore")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert hand_rows(cli) == good  # the newest copy is the last state written
    assert cli("db", "check").exit_code == 0
    set_aside = list((isolated_db / "backups" / "set-aside").iterdir())
    assert [p.read_bytes() for p in set_aside] == [damaged]  # kept, never deleted
    assert cli("hand", *HAND1).exit_code == 0


def test_a_file_from_a_newer_scorekeeper_is_refused_and_left_alone(cli, isolated_db):
    game(cli, HAND1)
    index = isolated_db / "index.json"
    data = json.loads(index.read_text())
    data["_meta"]["1"]["schema"] = SCHEMA_VERSION + 1
    index.write_text(json.dumps(data))
    before = index.read_bytes()
    for args in (["standings"], ["hand", *HAND2], ["db", "restore"]):
        r = cli(*args)
        assert r.exit_code == 1 and "newer scorekeeper" in r.stderr
    r = cli("db", "check")
    assert r.exit_code == 1 and "newer scorekeeper" in r.stdout
    assert cli("db", "check", "--repair").exit_code == 1
    assert index.read_bytes() == before


def test_a_missing_session_file_is_reported_and_restored(cli, isolated_db):
    sid = game(cli, HAND1)
    good = hand_rows(cli)
    (isolated_db / "sessions" / f"{sid}.json").unlink()
    r = cli("standings")
    assert r.exit_code == 1 and "is missing" in r.stderr and "db restore" in r.stderr
    r = cli("db", "check", "--json")
    assert r.exit_code == 1
    (problem,) = json.loads(r.stdout)["problems"]
    assert problem["kind"] == "missing" and sid in problem["problem"]
    assert cli("db", "restore").exit_code == 0
    assert hand_rows(cli) == good


def test_a_hand_that_no_longer_scores_is_reported_by_db_check(cli, isolated_db):
    sid = game(cli, HAND1, HAND2)
    path = isolated_db / "sessions" / f"{sid}.json"
    data = json.loads(path.read_text())
    data["session"]["1"]["hands"][1]["entry"]["players"]["Ann"] = {"hand": "ZZ"}
    path.write_text(json.dumps(data))
    r = cli("db", "check", "--json")
    assert r.exit_code == 1
    (problem,) = json.loads(r.stdout)["problems"]
    assert problem["kind"] == "damaged" and "no longer score" in problem["problem"] and "ZZ" in problem["problem"]
    assert cli("db", "restore").exit_code == 0  # the newest copy that replays
    assert len(hand_rows(cli)) == 2


# --- the index heals from the session files ----------------------------------------------


def _index(db: Path) -> dict:
    return json.loads((db / "index.json").read_text())


def _write_index(db: Path, data: dict) -> None:
    (db / "index.json").write_text(json.dumps(data))


def test_db_check_finds_a_stale_row_and_repair_rebuilds_it(cli, isolated_db):
    """What a crash between the session file's write and the index's leaves."""
    sid = game(cli, HAND1, HAND2)
    data = _index(isolated_db)
    data["sessions"]["1"]["hands"] = 1
    data["sessions"]["1"]["revision"] = 2
    _write_index(isolated_db, data)
    r = cli("db", "check")
    assert r.exit_code == 1
    assert f'the row of session {sid} is stale: "hands" is 1 where the session file says 2' in r.stdout
    assert "db check --repair" in r.stdout
    r = cli("db", "check", "--repair", "--json")
    assert r.exit_code == 0, r.stdout
    doc = json.loads(r.stdout)
    assert doc["ok"] and [p["repaired"] for p in doc["problems"]] == [True]
    row = _index(isolated_db)["sessions"]["1"]
    assert (row["hands"], row["revision"]) == (2, 3)
    assert cli("db", "check").exit_code == 0


def test_the_next_change_to_a_session_heals_its_row(cli, isolated_db):
    game(cli, HAND1)
    data = _index(isolated_db)
    data["sessions"]["1"]["hands"] = 7
    _write_index(isolated_db, data)
    assert cli("hand", *HAND2).exit_code == 0
    assert _index(isolated_db)["sessions"]["1"]["hands"] == 2


def test_db_check_repairs_orphans_a_dangling_current_session_and_leftovers(cli, isolated_db):
    a = game(cli, HAND1)
    b = game(cli)
    data = _index(isolated_db)
    data["sessions"] = {k: v for k, v in data["sessions"].items() if v["id"] != a}  # `new` killed before the index
    data["_meta"]["1"]["current"] = "deadbeef"
    _write_index(isolated_db, data)
    (isolated_db / ".index.json.k2j4h5l1.tmp").write_text("{")
    r = cli("db", "check")
    assert r.exit_code == 1
    assert f"session {a} is not listed in the index" in r.stdout
    assert "the current session deadbeef does not exist" in r.stdout
    assert "temporary files" in r.stdout
    r = cli("db", "check", "--repair")
    assert r.exit_code == 0, r.stdout
    assert {s["id"] for s in json.loads(cli("sessions", "--json").stdout)["sessions"]} == {a, b}
    assert _index(isolated_db)["_meta"]["1"]["current"] is None
    assert not (isolated_db / ".index.json.k2j4h5l1.tmp").exists()


def test_a_lost_index_is_rebuilt_from_the_session_files(cli, isolated_db):
    a = game(cli, HAND1)
    shutil.rmtree(isolated_db / "backups")
    (isolated_db / "index.json").unlink()
    r = cli("sessions", "--json")  # not read as an empty database: says so, creates nothing
    assert r.exit_code == 1 and "index.json is missing" in r.stderr and no_document(r.stdout)
    assert not (isolated_db / "index.json").exists()
    r = cli("db", "check")
    assert r.exit_code == 1 and "the index is missing" in r.stdout
    assert cli("db", "restore").exit_code == 0
    assert [s["id"] for s in json.loads(cli("sessions", "--json").stdout)["sessions"]] == [a]


def test_db_check_of_no_database_is_fine_and_creates_nothing(cli, isolated_db):
    r = cli("db", "check", "--repair")
    assert r.exit_code == 0 and "no database" in r.stdout
    assert not isolated_db.exists()


# --- backups -------------------------------------------------------------------------------


def test_the_last_five_states_of_each_file_are_kept(cli, isolated_db):
    sid = game(cli, HAND1, HAND2, HAND1, HAND2, HAND1, HAND2)
    kept = sorted((isolated_db / "backups" / "sessions" / sid).iterdir())
    assert len(kept) == BACKUPS_KEPT
    counts = [len(json.loads(p.read_text())["session"]["1"]["hands"]) for p in kept]
    assert counts == [2, 3, 4, 5, 6]  # oldest first; the newest is the file as it is now
    assert kept[-1].read_bytes() == (isolated_db / "sessions" / f"{sid}.json").read_bytes()
    assert len(list((isolated_db / "backups" / "index").iterdir())) == BACKUPS_KEPT
    r = cli("db", "restore", "--list", "--json")
    rows = json.loads(r.stdout)["backups"]
    assert len(rows) == 2 * BACKUPS_KEPT and all(row["good"] for row in rows)


def test_a_deleted_session_comes_back_with_db_restore_session(cli, isolated_db):
    sid = game(cli, HAND1, HAND2)
    good = hand_rows(cli)
    assert cli("delete", sid, "--yes").exit_code == 0
    assert not (isolated_db / "sessions" / f"{sid}.json").exists()
    assert cli("db", "check").exit_code == 0  # a deletion is not damage
    r = cli("db", "restore", "--session", sid[:4])
    assert r.exit_code == 0, r.stderr
    assert f"sessions/{sid}.json: put back" in r.stdout
    assert cli("use", sid).exit_code == 0
    assert hand_rows(cli) == good
    r = cli("db", "restore", "--session", sid)
    assert "nothing to put back" in r.stdout


def test_restoring_an_old_index_drops_sessions_deleted_since(cli, isolated_db):
    a = game(cli, HAND1)
    b = game(cli, HAND2)
    old_index = (isolated_db / "index.json").read_bytes()  # lists a and b
    assert cli("delete", a, "--yes").exit_code == 0
    backups = isolated_db / "backups" / "index"
    shutil.rmtree(backups)
    backups.mkdir()
    (backups / "20000101T000000.000000Z.json").write_bytes(old_index)
    (isolated_db / "index.json").write_text("{broken")
    assert cli("db", "restore").exit_code == 0
    ids = [s["id"] for s in json.loads(cli("sessions", "--json").stdout)["sessions"]]
    assert ids == [b]
    assert cli("db", "check").exit_code == 0


def test_restore_of_nothing_damaged_says_so(cli, isolated_db):
    game(cli, HAND1)
    before = files_of(isolated_db)
    r = cli("db", "restore")
    assert r.exit_code == 0 and "Nothing needed restoring" in r.stdout
    assert files_of(isolated_db) == before
    r = cli("db", "restore", "--session", "zzz")
    assert r.exit_code == 2 and "zzz" in r.stderr


def test_restore_without_a_good_copy_fails_clearly(cli, isolated_db):
    sid = game(cli, HAND1)
    shutil.rmtree(isolated_db / "backups")
    (isolated_db / "sessions" / f"{sid}.json").write_text("junk")
    r = cli("db", "restore")
    assert r.exit_code == 1 and "no good copy" in r.stderr
    assert (isolated_db / "sessions" / f"{sid}.json").read_text() == "junk"


# --- schema versions and migrations --------------------------------------------------------


def test_migrations_are_numbered_in_order_up_to_the_schema_version():
    numbers = [migrations.number_of(m) for m in migrations.MIGRATIONS]
    assert numbers == list(range(1, SCHEMA_VERSION + 1))
    assert all(m.__name__.startswith(f"m{n:03d}_") for n, m in zip(numbers, migrations.MIGRATIONS))
    assert all(m.__doc__ for m in migrations.MIGRATIONS)


def test_migrations_can_run_twice():
    data = json.loads((FIXTURES / "db_v0" / "sessions" / "0a1b2c3d.json").read_text())
    migrations.migrate("session", data, 0)
    once = json.dumps(data, sort_keys=True)
    migrations.migrate("session", data, 0)
    assert json.dumps(data, sort_keys=True) == once


@pytest.fixture
def v0(isolated_db) -> Path:
    """A database of schema 0 (tests/fixtures/db_v0/README.md says what it holds)."""
    shutil.copytree(FIXTURES / "db_v0", isolated_db, ignore=shutil.ignore_patterns("*.md"))
    return isolated_db


def test_a_schema_0_database_reads_without_being_changed(cli, v0):
    before = files_of(v0)
    r = cli("standings", "--json")
    assert r.exit_code == 0, r.stderr
    totals = {p["name"]: p["total"] for p in json.loads(r.stdout)["players"]}
    assert totals == {"Ann": 65, "Bob": 60, "Cy": -30}  # worked out in db_v0/README.md
    assert len(hand_rows(cli)) == 2
    assert cli("sessions").exit_code == 0
    r = cli("db", "check")
    assert r.exit_code == 0 and "schema 0" in r.stdout
    assert files_of(v0) == before


def test_the_first_change_migrates_every_file_and_records_it(cli, v0):
    r = cli("hand", *HAND2)  # Ann 20, Bob 60, Cy -25 → totals 85, 120, -55
    assert r.exit_code == 0, r.stderr
    meta = _index(v0)["_meta"]["1"]
    assert meta["schema"] == SCHEMA_VERSION
    assert [m["name"] for m in meta["migrations"]] == ["m001_audit_trail", "m002_revisions"]
    for sid in ("0a1b2c3d", "9f8e7d6c"):
        data = json.loads((v0 / "sessions" / f"{sid}.json").read_text())
        assert data["_meta"]["1"]["schema"] == SCHEMA_VERSION
        rec = data["session"]["1"]
        assert "undone" in rec and "audit" in rec
        old = sorted((v0 / "backups" / "sessions" / sid).iterdir())[0]  # the file as it was, kept
        assert old.read_bytes() == (FIXTURES / "db_v0" / "sessions" / f"{sid}.json").read_bytes()
    totals = {p["name"]: p["total"] for p in json.loads(cli("standings", "--json").stdout)["players"]}
    assert totals == {"Ann": 85, "Bob": 120, "Cy": -55}
    assert cli("db", "check").exit_code == 0
    assert cli("undo", "--yes").exit_code == 0 and cli("redo").exit_code == 0  # audit and redo work on it
    before = _index(v0)["_meta"]["1"]["migrations"]
    assert cli("hand", *HAND2).exit_code == 0
    assert _index(v0)["_meta"]["1"]["migrations"] == before  # applied once each


def test_db_check_repair_migrates_too(cli, v0):
    r = cli("db", "check", "--repair")
    assert r.exit_code == 0, r.stdout
    assert _index(v0)["_meta"]["1"]["schema"] == SCHEMA_VERSION


def test_a_store_reads_an_old_file_in_memory_only(v0):
    st = Store(v0)
    assert st.schema()["schema"] == SCHEMA_VERSION  # upgraded as read
    assert st.load("0a1b2c3d")["audit"] == []
    assert "schema" not in _index(v0)["_meta"]["1"]
    with pytest.raises(StoreError):
        st.load("ffffffff")


def test_sessions_lists_every_row_from_the_index_alone(cli, isolated_db, monkeypatch):
    """`sessions` reads index.json only (its cost does not depend on the session files),
    and prints names and titles exactly as typed."""
    ids = [json.loads(cli("new", "rummy500", "[red]Ann", "Bob", "--title", title, "--json").stdout)["session"]
           for title in ("[bold]Friday", ":joker: night", "=SUM(A1)")]
    opened = []
    real = files_module.read_json
    monkeypatch.setattr(files_module, "read_json", lambda path: opened.append(path.name) or real(path))
    r = cli("sessions")
    assert r.exit_code == 0
    assert opened == ["index.json"]
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["Id", "Variant", "Title", "Players", "Hands", "State", "Started"]
    for sid, title in zip(ids, ("[bold]Friday", ":joker: night", "=SUM(A1)")):
        (line,) = [ln for ln in lines if sid in ln]
        assert title in line and "[red]Ann, Bob" in line
    assert [ln for ln in lines if ln.startswith("*")][0].split()[1] == ids[-1]


def test_a_record_that_would_not_read_back_is_not_written(isolated_db):
    st = Store(isolated_db)
    record = store_module.new_record("abc", "rummy500", ["Ann", "Bob"], {}, None, "Ann")
    del record["audit"]
    summary = {"id": "abc", "variant": "rummy500", "players": ["Ann", "Bob"], "hands": 0, "finished": False,
               "winners": [], "created": record["created"], "title": None}
    with pytest.raises(StoreError, match="cannot be saved"):
        with st.writing():
            st.save(record, summary)
    assert not isolated_db.exists()


def test_a_store_sees_what_another_process_wrote(cli, isolated_db):
    game(cli, HAND1)
    st = Store(isolated_db)
    assert [r["hands"] for r in st.summaries()] == [1]
    assert cli("hand", *HAND2).exit_code == 0  # another Store, as another process would be
    assert [r["hands"] for r in st.summaries()] == [2]


# --- one schema: the rule options are checked through the variant ------------------------


def _rewrite_record(db: Path, sid: str, change) -> Path:
    path = db / "sessions" / f"{sid}.json"
    data = json.loads(path.read_text())
    change(data["session"]["1"])
    path.write_text(json.dumps(data))
    return path


def test_a_session_missing_a_rule_option_is_a_damaged_session(cli, isolated_db):
    sid = game(cli, HAND1)
    path = _rewrite_record(isolated_db, sid, lambda record: record["rules"].pop("target"))
    damaged = path.read_bytes()
    for args in (["standings"], ["history", "--json"], ["hand", *HAND2], ["export", "--format", "json"]):
        r = cli(*args)
        assert r.exit_code == 1, (args, r.stdout, r.stderr)
        (line,) = r.stderr.strip().splitlines()
        assert str(path) in line and "damaged" in line and "scorekeeper db restore" in line, args
        assert "target" in line and "internal error" not in line and "KeyError" not in line, args
    r = cli("db", "check", "--json")
    assert r.exit_code == 1
    (problem,) = json.loads(r.stdout)["problems"]
    assert problem["kind"] == "damaged" and problem["file"] == f"sessions/{sid}.json" and "target" in problem["problem"]
    assert path.read_bytes() == damaged
    assert cli("db", "restore").exit_code == 0
    assert json.loads(cli("standings", "--json").stdout)["hands"] == 1


@pytest.mark.parametrize("change, words", [
    (lambda record: record["rules"].update(target="lots"), "target=lots is not allowed"),
    (lambda record: record["rules"].update(target="500"), 'its rule option target is stored as "500", not as 500'),
    (lambda record: record["rules"].update(colour="red"), '"colour" is not a rule option'),
    (lambda record: record.update(variant="RUMMY500"), 'its variant is written "RUMMY500" instead of "rummy500"'),
    (lambda record: record.update(dealer="ann"), 'no valid "dealer"'),
    (lambda record: record.update(players=["Ann", "Ann", "Cy"], dealer="Ann"), "named twice"),
])
def test_a_session_the_rules_refuse_is_a_damaged_session(cli, isolated_db, change, words):
    sid = game(cli, HAND1)
    path = _rewrite_record(isolated_db, sid, change)
    r = cli("standings")
    assert r.exit_code == 1 and str(path) in r.stderr and "db restore" in r.stderr
    assert words in r.stderr, r.stderr


# --- the schema as import and the scoreboard's cache use it ------------------------------

def _record() -> dict:
    rules = {"target": 500, "tie": "play-on", "ace_in_hand": 15, "card_values": "face", "out_bonus": 0,
             "decks": 1, "set_duplicates": False}
    record = store_module.new_record("abc", "rummy500", ["Ann", "Bob"], rules, None, "Ann")
    record["hands"] = [{"entry": {"players": {"Ann": {"table": 30, "hand": 10}, "Bob": {"table": 0, "hand": 5}}},
                        "form": "file", "time": record["created"]}]
    return record


@pytest.mark.parametrize("change, sentence", [
    (lambda r: r.clear() or r.update(x=1), "club.json, session 2 lacks id, hands, undone, audit, players, rules, "
                                           "created, title, variant, dealer."),
    (lambda r: r.pop("players"), "club.json, session 2 lacks players."),
    (lambda r: r.update(id="../../escape"), 'club.json, session 2: the id "../../escape" is not a session id '
                                            "(letters, digits, - and _ only)."),
    (lambda r: r.update(hands="none"), 'club.json, session 2 (abc): "hands" must be a list of records.'),
    (lambda r: r.update(audit=[3]), 'club.json, session 2 (abc): "audit" must be a list of records.'),
    (lambda r: r["hands"][0].pop("entry"), 'club.json, session 2 (abc): every record in "hands" needs its "entry".'),
    (lambda r: r.update(players="Ann"), 'club.json, session 2 (abc): "players" must be a list of names.'),
    (lambda r: r.update(rules=[]), 'club.json, session 2 (abc): "rules" must be an object of rule options.'),
    (lambda r: r.update(created=5), 'club.json, session 2 (abc): "created" must be a time.'),
    (lambda r: r.update(title=5), 'club.json, session 2 (abc): "title" must be text or null.'),
])
def test_validate_session_says_what_import_refuses(change, sentence):
    from scorekeeper.core.errors import InputError
    from scorekeeper.storage.schema import validate_session

    record = _record()
    assert validate_session(record, "club.json, session 2") is record
    change(record)
    with pytest.raises(InputError) as e:
        validate_session(record, "club.json, session 2")
    assert e.value.message == sentence
    assert e.value.code.startswith("import.record.")


def _cache() -> dict:
    return {"scorer": "stamp", "hands": [{"scores": {"Ann": 20, "Bob": -5}, "won": ["Ann"], "points_only": True,
                                          "ended": ""}],
            "finished": False, "winners": [], "bonus": {}, "note": ""}


@pytest.mark.parametrize("change", [
    lambda d: d.update(scorer="rules-of-long-ago"),
    lambda d: d.update(hands="lots"),
    lambda d: d.update(hands=d["hands"] * 2),
    lambda d: d["hands"][0].update(scores={"Ann": "many", "Bob": -5}),
    lambda d: d["hands"][0].update(scores={"Ann": True, "Bob": -5}),
    lambda d: d["hands"][0].update(scores={"Ann": 20}),
    lambda d: d["hands"][0].update(won=["Zed"]),
    lambda d: d.update(winners=["Zed"]),
    lambda d: d.update(bonus={"Zed": 5}),
    lambda d: d.pop("finished"),
    lambda d: d.update(note=None),
])
def test_a_cache_of_derived_scores_is_used_only_when_it_fits(change):
    from scorekeeper.storage.schema import cached_derived

    record = _record()
    record["derived"] = _cache()
    assert cached_derived(record, ("Ann", "Bob"), "stamp") is record["derived"]
    change(record["derived"])
    assert cached_derived(record, ("Ann", "Bob"), "stamp") is None
    del record["derived"]
    assert cached_derived(record, ("Ann", "Bob"), "stamp") is None


def test_a_cache_that_cannot_be_used_is_not_damage(isolated_db):
    record = _record()
    record["derived"] = "junk"
    summary = {"id": "abc", "variant": "rummy500", "players": ["Ann", "Bob"], "hands": 1, "finished": False,
               "winners": [], "created": record["created"], "title": None}
    st = Store(isolated_db)
    with st.writing():
        st.save(record, summary)
    assert Store(isolated_db).load("abc")["derived"] == "junk"


# --- the TinyDB storage -----------------------------------------------------------------------

def test_the_tinydb_storage_opens_without_creating_and_writes_once_all_or_nothing(tmp_path, monkeypatch):
    from tinydb import TinyDB
    from tinydb.storages import JSONStorage

    from scorekeeper.storage.tinystore import FileStorage, document, open_db

    path = tmp_path / "deep" / "file.json"
    db = open_db(path, read_only=True)
    assert db.table("t").all() == [] and db.tables() == set()
    assert not path.exists() and not path.parent.exists()  # opening and reading create nothing
    with pytest.raises(RuntimeError):
        db.table("t").insert({"a": 1})
    assert not path.exists()

    seen = []
    real = files_module.atomic_write_text
    monkeypatch.setattr(files_module, "atomic_write_text", lambda p, text: seen.append(p) or real(p, text))
    db = TinyDB(path, storage=FileStorage)
    with db.storage.held():  # several table operations, one write
        db.table("_meta").insert(document({"schema": SCHEMA_VERSION}))
        db.table("t").insert_multiple([{"a": 1}, {"a": 2}])
        db.table("t").update({"b": True}, doc_ids=[2])
    assert seen == [path]
    assert path.read_text() == '{"_meta":{"1":{"schema":%d}},"t":{"1":{"a":1},"2":{"a":2,"b":true}}}' % SCHEMA_VERSION
    plain = TinyDB(path, storage=JSONStorage, access_mode="r")  # any TinyDB reads it
    assert plain.table("t").get(doc_id=2) == {"a": 2, "b": True}
    plain.close()

    before = path.read_bytes()
    with pytest.raises(ZeroDivisionError):
        with db.storage.held():  # a change that fails half-way writes nothing
            db.table("t").insert({"a": 3})
            1 / 0
    assert path.read_bytes() == before and len(seen) == 1
    assert [d["a"] for d in db.table("t").all()] == [1, 2]  # what was read is read again


def test_the_tinydb_storage_refuses_what_is_not_tinydb_layout(tmp_path):
    from scorekeeper.storage.files import DamagedFile
    from scorekeeper.storage.tinystore import open_db

    path = tmp_path / "file.json"
    for text, reason in [('{"t": []}', 'its "t" table is not an object'),
                         ('{"t": {"x": {}}}', 'its "t" table has a document id "x" that is not a number'),
                         ('{"t": {"1": 5}}', 'its "t" table has a document 1 that is not an object')]:
        path.write_text(text)
        with pytest.raises(DamagedFile) as e:
            open_db(path, read_only=True).table("t").all()
        assert e.value.path == path and e.value.reason.message == reason
        assert f"is damaged ({reason})" in e.value.message


def test_a_command_loads_no_filelock(tmp_path):
    """One lock implementation (scorekeeper.storage.lock): filelock is not used at all."""
    import subprocess
    import sys

    code = ("import sys\nfrom scorekeeper.app import Application\n"
            f"app = Application({str(tmp_path / 'db')!r})\n"
            "app.new('rummy500', ['Ann', 'Bob'])\napp.record_hand(['Ann: 80 -5', 'Bob: 20 -30'], form='line')\n"
            "print('filelock' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


def test_an_index_rebuilt_by_repair_makes_the_newest_game_in_play_current(cli, isolated_db):
    """A lost index no longer says which game was current: `db check --repair` rebuilds it from the
    session files and makes current the game in play begun last (a new user found `standings`
    then telling them to start a new game, though theirs was listed "in play"). A finished game is
    never made current; where every game is finished, none is."""
    from scorekeeper.storage.maintenance import rebuilt_current

    finished = cli.new("rummy500", "Ann", "Bob", rules=["target=50"])["session"]
    cli.record("Ann: 7H 8H 9H 10H -", "Bob: -KD")  # Ann 7 + 8 + 9 + 10 = 34
    cli.record("Ann: 2S 3S 4S 5S 6S -", "Bob: -QD")  # Ann 34 + 2 + 3 + 4 + 5 + 6 = 54 ≥ 50: over
    assert cli.standings(finished)["finished"] is True
    playing = cli.new("rummy500", "Cy", "Dee")["session"]
    cli("use", finished)  # the index said so, and is lost: a finished game is not made current again
    (isolated_db / "index.json").unlink()
    assert cli("db", "check", "--repair").exit_code == 0
    assert cli.standings()["session"] == playing
    assert {s["id"] for s in cli.json("sessions")["sessions"]} == {finished, playing}
    rows = [{"id": "a1", "created": "2026-12-01T20:00:00+00:00", "finished": False},
            {"id": "b2", "created": "2026-12-07T20:00:00+00:00", "finished": False},
            {"id": "c3", "created": "2026-12-08T20:00:00+00:00", "finished": True}]
    assert rebuilt_current(rows) == "b2" and rebuilt_current(rows[2:]) is None
