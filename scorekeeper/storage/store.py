"""Where sessions are kept: TinyDB files in one directory (SPEC §6).

Layout of the database directory (``--db`` > ``SCOREKEEPER_DB`` > the
platformdirs user data directory)::

    DIR/index.json                 the index: schema version, migrations applied,
                                   current session, one summary row per session
    DIR/sessions/ID.json           one session: its setup, the hands as entered,
                                   what undo took (for redo) and the audit trail
    DIR/backups/index/*.json       the last 5 states of index.json written
    DIR/backups/sessions/ID/*.json the last 5 states of each session file written
    DIR/backups/set-aside/         damaged or replaced files moved away by
                                   `scorekeeper db restore` (never deleted)
    DIR/.lock                      held by every command that changes anything

Every file is a TinyDB JSON database: ``index.json`` has the tables ``_meta``
(document 1: ``{"schema", "current", "migrations"}``) and ``sessions`` (the
summary rows); a session file has ``_meta`` (document 1: ``{"schema",
"revision"}``, the revision counting its saves) and ``session`` (document 1:
the session record below).

The promises, and how they are kept:

- **All or nothing.** A file is never rewritten in place: it is written to a
  temporary file in the same directory, fsynced, renamed over the old one and
  the directory fsynced. A crash leaves the old or the new file, whole.
- **One write per file per command**, the session file before the index, so
  the index can only ever lag behind a session file (a stale summary row),
  never point to hands that were not saved. `scorekeeper db check` finds such
  a row and ``--repair`` rebuilds it from the session file; the next change to
  that session rewrites it anyway.
- **Locking.** A command that changes anything runs inside :meth:`Store.writing`,
  which holds ``DIR/.lock`` from its read to its write (waiting at most 10 s,
  then "the database is busy"). Commands that only read take no lock and
  create no file or directory: a missing database reads as an empty one.
- **Damage is never overwritten.** A file that is not valid JSON, not a JSON
  object, or lacks what the schema needs raises :class:`DamagedFile` naming it
  and pointing to `scorekeeper db restore`; no command writes over it.
- **Backups.** Every state a command writes is also copied into
  ``DIR/backups/`` (the last :data:`BACKUPS_KEPT` per file), so the newest
  copy of a file is its last good state; a deleted session's file is moved
  there too, and a schema upgrade keeps the copy of the file it replaces.
- **Schema versions.** Each file records its schema; older files are upgraded
  by the numbered migrations of :mod:`scorekeeper.storage.migrations` — in memory when
  a command only reads, and for good (every file, recorded in the index) by
  the first command that changes the database.
- **Cost independent of history.** A command reads and writes the index and
  one session file; only `sessions` reads the index alone, and `export --all`
  and `stats` read every session file.

This is the only module that imports tinydb.

A session record (what :meth:`Store.load` returns and :meth:`Store.save` takes)::

    {"id": "3f9a0c1e", "variant": "rummy500", "players": ["Ann", "Bob"],
     "rules": {"target": 500, ...}, "title": None, "dealer": "Ann",
     "created": "2026-11-29T20:15:00+00:00",
     "hands": [{"entry": {...hand file...}, "form": "file", "time": "..."}],
     "undone": [...hands taken back by undo, last on top...],
     "audit": [{"time": ..., "action": "entered|edited|undone|redone", "number": 3,
                "entry": {...}, "previous": {...} | None}],
     "derived": {...the scores the hands give, see scorekeeper.app.scoreboard...}}

A summary row (one per session in the index; see ``sessions.summary_of``)::

    {"id", "variant", "title", "players", "hands", "finished", "winners",
     "created", "updated", "revision"}
"""
from __future__ import annotations

import json
import os
import re
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator


from scorekeeper.core.errors import StateError, StoreError

#: The schema this program writes; see :mod:`scorekeeper.storage.migrations` for the history.
SCHEMA_VERSION = 2
#: Seconds a changing command waits for another one to finish before giving up (SPEC §6).
LOCK_TIMEOUT = 10.0
#: How many earlier good states of each file ``DIR/backups/`` keeps.
BACKUPS_KEPT = 5
ENV_VAR = "SCOREKEEPER_DB"

#: A session id is also a file name: letters, digits, ``-`` and ``_`` only.
SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
RESTORE_HINT = "`scorekeeper db restore` puts back its last good copy"
#: "leave the current session as it is" (the default of the `current` arguments)
KEEP = object()


def default_path() -> Path:
    """The database directory used when neither ``--db`` nor ``SCOREKEEPER_DB`` is given."""
    import platformdirs

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False)) / "db"


def resolve_path(option: str | os.PathLike | None) -> Path:
    """``--db`` first, then ``SCOREKEEPER_DB``, then the user data directory."""
    if option:
        return Path(option).expanduser()
    env = os.environ.get(ENV_VAR)
    return Path(env).expanduser() if env else default_path()


def now() -> str:
    """The current time, ISO 8601 with the UTC offset."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


# -- errors -------------------------------------------------------------------

class DamagedFile(StoreError):
    """A database file that cannot be used as it is (exit 1). ``path`` is the
    file, ``reason`` says what is wrong with it in a few words."""

    def __init__(self, path: Path, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"The database file {path} is damaged ({reason}) and was left as it is: {RESTORE_HINT}.")


def _newer(path: Path, schema: int) -> StoreError:
    return StoreError(f"The database file {path} was written by a newer scorekeeper (schema {schema}; this one "
                      f"reads up to {SCHEMA_VERSION}): update scorekeeper to use it.")


# -- writing files ------------------------------------------------------------

def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (ignored where directories cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: While not None, directories whose renames :func:`atomic_write_text` left to fsync later.
_deferred_dirs: set[Path] | None = None


@contextmanager
def directory_syncs_deferred() -> Iterator[None]:
    """Within this block :func:`atomic_write_text` fsyncs each file but leaves the fsync
    of its directory to the end of the block, done once per directory (a bulk save of
    many session files). Every rename is durable when the block ends normally."""
    global _deferred_dirs
    outer, _deferred_dirs = _deferred_dirs, set()
    try:
        yield
        for directory in sorted(_deferred_dirs):
            fsync_directory(directory)
    finally:
        _deferred_dirs = outer


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all or nothing: temp file, fsync, rename, fsync the
    directory (at the end of a :func:`directory_syncs_deferred` block, within one).

    Raises :class:`OSError`; the temporary file is removed on failure.
    """
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if _deferred_dirs is not None:
        _deferred_dirs.add(path.parent)
    else:
        fsync_directory(path.parent)


def dumps(data: Any) -> str:
    """The text of a database file (compact JSON, UTF-8 kept as is)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# -- reading and checking files -------------------------------------------------

def read_json(path: Path) -> dict | None:
    """A database file's data, or None when it does not exist.

    Raises :class:`DamagedFile` when it is not a JSON object and
    :class:`StoreError` when it cannot be read at all.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DamagedFile(path, "it is a directory, not a file") from None
    except OSError as e:
        raise StoreError(f"The database file {path} cannot be read ({e.strerror}).") from None
    if not raw.strip():
        raise DamagedFile(path, "it is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise DamagedFile(path, "it is not text") from None
    except json.JSONDecodeError as e:
        raise DamagedFile(path, f"not valid JSON at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise DamagedFile(path, "it is nested too deeply") from None
    if not isinstance(data, dict):
        raise DamagedFile(path, f"it holds a JSON {_json_type(data)} where an object belongs")
    return data


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    return {dict: "object", list: "list", str: "string", int: "number", float: "number"}.get(type(value), "value")


def _doc1(data: dict, table: str, path: Path, required: bool = True) -> dict | None:
    """Document 1 of ``table`` in a file's data (TinyDB keeps ids as strings)."""
    t = data.get(table)
    if t is None and not required:
        return None
    if not isinstance(t, dict):
        raise DamagedFile(path, f'its "{table}" table is missing or not an object')
    doc = t.get("1")
    if doc is None and not required:
        return None
    if not isinstance(doc, dict):
        raise DamagedFile(path, f'its "{table}" table has no document 1')
    return doc


def schema_of(data: dict) -> int:
    """The schema a file's data was written with (0: before schema numbers)."""
    meta = data.get("_meta")
    doc = meta.get("1") if isinstance(meta, dict) else None
    schema = doc.get("schema") if isinstance(doc, dict) else None
    return schema if isinstance(schema, int) and not isinstance(schema, bool) else 0


def upgrade(kind: str, data: dict, path: Path) -> list[str]:
    """Bring a file's data (``kind`` "index" or "session") to :data:`SCHEMA_VERSION`
    in place; returns the names of the migrations applied.

    Raises :class:`StoreError` for a file from a newer schema and
    :class:`DamagedFile` when a migration cannot make sense of it.
    """
    from scorekeeper.storage import migrations

    schema = schema_of(data)
    if schema > SCHEMA_VERSION:
        raise _newer(path, schema)
    if schema == SCHEMA_VERSION:
        return []
    try:
        applied = migrations.migrate(kind, data, schema)
    except (TypeError, AttributeError, KeyError, ValueError):
        raise DamagedFile(path, f"it cannot be upgraded from schema {schema}") from None
    meta = data.setdefault("_meta", {}).setdefault("1", {})
    meta["schema"] = SCHEMA_VERSION
    return applied


_SUMMARY_KEYS = {"id": str, "variant": str, "players": list, "hands": int, "finished": bool, "winners": list,
                 "created": str}


def check_index(data: dict, path: Path) -> dict:
    """Check upgraded index data; returns it. Raises :class:`DamagedFile`."""
    meta = _doc1(data, "_meta", path)
    if not isinstance(meta.get("current"), (str, type(None))):
        raise DamagedFile(path, "its current session is not an id")
    rows = data.setdefault("sessions", {})
    if not isinstance(rows, dict):
        raise DamagedFile(path, 'its "sessions" table is not an object')
    for doc_id, row in rows.items():
        if not isinstance(row, dict):
            raise DamagedFile(path, f"its session row {doc_id} is not an object")
        for key, kind in _SUMMARY_KEYS.items():
            value = row.get(key)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise DamagedFile(path, f'its session row {doc_id} has no valid "{key}"')
        if not SESSION_ID.fullmatch(row["id"]):
            raise DamagedFile(path, f"its session row {doc_id} has an id that cannot be a file name")
    return data


def check_session(data: dict, path: Path, session_id: str | None = None) -> dict:
    """Check upgraded session-file data; returns the session record. Raises :class:`DamagedFile`."""
    meta = _doc1(data, "_meta", path)
    rev = meta.get("revision")
    if not isinstance(rev, int) or isinstance(rev, bool):
        raise DamagedFile(path, "it has no revision number")
    rec = _doc1(data, "session", path)

    def need(key: str, kinds, what: str) -> Any:
        value = rec.get(key)
        if not isinstance(value, kinds) or isinstance(value, bool):
            raise DamagedFile(path, f'its session has no valid "{key}" ({what})')
        return value

    sid = need("id", str, "an id")
    if session_id is not None and sid != session_id:
        raise DamagedFile(path, f'it holds session "{sid}", not "{session_id}"')
    need("variant", str, "a variant")
    players = need("players", list, "a list of names")
    if not players or not all(isinstance(p, str) for p in players):
        raise DamagedFile(path, 'its session has no valid "players" (a list of names)')
    need("rules", dict, "the rule options")
    if not isinstance(rec.get("title"), (str, type(None))):
        raise DamagedFile(path, 'its session has no valid "title"')
    if rec.get("dealer") not in players:
        raise DamagedFile(path, 'its session has no valid "dealer" (one of the players)')
    need("created", str, "a time")
    for key in ("hands", "undone"):
        hands = need(key, list, "a list of hands")
        if not all(isinstance(h, dict) and "entry" in h for h in hands):
            raise DamagedFile(path, f'its session has a hand without an entry in "{key}"')
    need("audit", list, "the audit trail")
    return rec


# -- TinyDB over data already read --------------------------------------------

# tinydb is imported when a file is first worked on, not when the module loads:
# a TAB that lists session ids stays quick.

def _snapshot_storage():
    """The TinyDB storage class over one file's data read into memory: every
    table operation works on it, and the store writes the result to the file once."""
    global _Snapshot
    if _Snapshot is None:
        from tinydb.storages import Storage

        class Snapshot(Storage):
            def __init__(self, data: dict):
                self.data = data

            def read(self) -> dict:
                return self.data

            def write(self, data: dict) -> None:
                self.data = data

            def close(self) -> None:
                pass

        _Snapshot = Snapshot
    return _Snapshot


_Snapshot = None


def _tinydb(data: dict):
    from tinydb import TinyDB

    return TinyDB(data, storage=_snapshot_storage())


def session_file_data(record: dict, revision: int) -> dict:
    """The TinyDB data of a session file holding ``record``."""
    from tinydb.table import Document

    db = _tinydb({})
    db.table("_meta").insert(Document({"schema": SCHEMA_VERSION, "revision": revision}, doc_id=1))
    db.table("session").insert(Document(record, doc_id=1))
    return db.storage.data


@dataclass(frozen=True)
class Backup:
    """One kept copy of a file: ``path`` of the copy, ``of`` the file it is a copy
    of, ``saved`` when that content was written (ISO 8601). Names are UTC times,
    so they sort oldest first."""

    path: Path
    of: Path
    saved: str
    #: the copy `delete` made of a session it deleted
    deleted: bool = False


def match_id(prefix: str, ids, none_found: str) -> str:
    """The one id in ``ids`` that ``prefix`` names (the whole id, or an unambiguous
    start of it). Raises :class:`StateError` with ``none_found``, or listing the
    ids it could be."""
    if prefix in ids:
        return prefix
    matches = sorted(i for i in ids if i.startswith(prefix))
    if not matches:
        raise StateError(none_found)
    if len(matches) > 1:
        raise StateError(f'"{prefix}" could be {", ".join(matches)}: give more of the id.')
    return matches[0]


class Store:
    """The database directory.

    Reading methods never create anything. Methods that change anything must
    run inside :meth:`writing`, which holds the lock from the read to the write;
    within it, the index and session files are read afresh once and each
    change writes each file it touches exactly once.

    Raises :class:`DamagedFile` / :class:`StoreError` for files that cannot be
    used, :class:`StateError` for a session that does not exist.
    """

    def __init__(self, root: Path | str):
        self.root = Path(root)
        self._depth = 0
        self._lock_stack: ExitStack | None = None
        self._locked = False
        self._index_cache: dict | None = None
        self._index_cached_key: tuple | None = None
        self._revisions: dict[str, int] = {}
        self._written: set[str] = set()  # session files this store has written (a first `new`, an import)

    # -- paths --------------------------------------------------------------
    @property
    def index_path(self) -> Path:
        return self.root / "index.json"

    @property
    def sessions_dir(self) -> Path:
        return self.root / "sessions"

    @property
    def backups_dir(self) -> Path:
        return self.root / "backups"

    @property
    def lock_path(self) -> Path:
        return self.root / ".lock"

    def session_path(self, session_id: str) -> Path:
        if not SESSION_ID.fullmatch(session_id):
            raise StateError(f'"{session_id}" is not a session id.')
        return self.sessions_dir / f"{session_id}.json"

    def backup_dir_of(self, path: Path) -> Path:
        """Where the backups of the database file ``path`` are kept."""
        if path == self.index_path:
            return self.backups_dir / "index"
        return self.backups_dir / "sessions" / path.stem

    def exists(self) -> bool:
        """Whether anything has been stored here yet."""
        return self.index_path.exists() or self.sessions_dir.is_dir()

    # -- locking ------------------------------------------------------------
    @contextmanager
    def writing(self) -> Iterator["Store"]:
        """Hold the database lock, waiting at most :data:`LOCK_TIMEOUT` seconds, for a
        command that changes the database (re-entrant).

        Where the database does not exist yet, nothing is created until the
        first write (then the lock is taken and the index read afresh), so a
        command that fails creates nothing. Entering also finishes any pending
        schema upgrade of the whole database. Raises :class:`StoreError`
        ("the database is busy") on timeout.
        """
        if self._depth:
            self._depth += 1
            try:
                yield self
            finally:
                self._depth -= 1
            return
        if self.root.exists() and not self.root.is_dir():
            raise StoreError(f"The database path {self.root} is a file, not a directory.")
        self._depth = 1
        self._lock_stack = ExitStack()
        try:
            with self._lock_stack:
                if self.root.is_dir():
                    self._acquire()
                yield self
        finally:
            self._depth = 0
            self._lock_stack = None

    def _acquire(self) -> None:
        from filelock import FileLock, Timeout

        assert self._lock_stack is not None
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"The database directory {self.root} cannot be created ({e.strerror}).") from None
        lock = FileLock(str(self.lock_path), timeout=LOCK_TIMEOUT)
        try:
            lock.acquire()
        except Timeout:
            raise StoreError(
                f"The database is busy: another scorekeeper command is changing {self.root} and did not finish "
                f"within {LOCK_TIMEOUT:g} seconds; try again when it is done."
            ) from None
        except OSError as e:
            raise StoreError(f"The database lock {self.lock_path} cannot be taken ({e.strerror}).") from None
        self._lock_stack.callback(lock.release)
        self._lock_stack.callback(self._unlocked)
        self._locked = True
        self._forget()
        self._finish_upgrade()

    def _unlocked(self) -> None:
        self._locked = False
        self._forget()

    def _forget(self) -> None:
        """Drop what was read, so the next read sees the files as they are now."""
        self._index_cache = None
        self._revisions = {}

    def take_lock(self) -> None:
        """Inside :meth:`writing`, take the lock now even if nothing is written yet
        (`db check --repair` and `db restore` read under it before they write)."""
        self._for_write()

    def _for_write(self) -> None:
        """Called before any write: inside :meth:`writing`, with the lock taken."""
        if not self._depth:
            raise RuntimeError("a change to the database outside Store.writing()")
        if not self._locked:
            self._acquire()

    # -- the index ----------------------------------------------------------
    def _index_key(self) -> tuple | None:
        """What tells one state of index.json from another: every write renames a new
        file into place, so its inode (and time and size) change."""
        try:
            st = os.stat(self.index_path)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def _index(self) -> dict:
        """The index's data (upgraded in memory when old), read again only when the file changed."""
        key = self._index_key()
        if self._index_cache is None or key != self._index_cached_key:
            self._index_cached_key = key
            data = read_json(self.index_path)
            orphans = [p for p in self.session_files() if p.stem not in self._written] if data is None else []
            if orphans:
                # sessions without their index (not the ones this command just wrote):
                # never start a new, empty index over them
                raise StoreError(
                    f"The index {self.index_path} is missing but {len(orphans)} session file(s) "
                    "are there; `scorekeeper db restore` rebuilds it."
                )
            if data is None:
                data = {"_meta": {"1": {"schema": SCHEMA_VERSION, "current": None, "migrations": []}},
                        "sessions": {}}
            else:
                upgrade("index", data, self.index_path)
                check_index(data, self.index_path)
            self._index_cache = data
        return self._index_cache

    def _meta(self) -> dict:
        return self._index()["_meta"]["1"]

    def summaries(self) -> list[dict]:
        """Every session's summary row, oldest first (reads the index only)."""
        rows = [dict(r) for r in _tinydb(self._index()).table("sessions").all()]
        return sorted(rows, key=lambda r: (r.get("created", ""), r["id"]))

    def summary(self, session_id: str) -> dict | None:
        """One session's summary row, or None."""
        from tinydb import Query

        row = _tinydb(self._index()).table("sessions").get(Query().id == session_id)
        return dict(row) if row is not None else None

    def current_id(self) -> str | None:
        """The current session's id, or None."""
        return self._meta().get("current")

    def schema(self) -> dict:
        """``{"schema": N, "migrations": [{"name", "time"}...]}`` as the index records them."""
        meta = self._meta()
        return {"schema": meta.get("schema", SCHEMA_VERSION), "migrations": list(meta.get("migrations", []))}

    def resolve(self, prefix: str | None) -> str:
        """The id a ``--session`` prefix names, or the current session.

        Raises :class:`StateError` when there is none or the prefix is ambiguous.
        """
        ids = [r["id"] for r in self._index()["sessions"].values()]
        if prefix is None:
            current = self.current_id()
            if current is None or current not in ids:
                raise StateError("There is no current session: start one with `scorekeeper new VARIANT NAME...`.")
            return current
        return match_id(prefix, ids, f'No session has an id starting with "{prefix}"; '
                                     "`scorekeeper sessions` lists them.")

    # -- session files ------------------------------------------------------
    def read_session(self, path: Path, session_id: str | None = None) -> tuple[dict, int]:
        """The record and revision held by a session file (upgraded in memory when old).

        Raises :class:`DamagedFile`, or :class:`StoreError` when it is missing.
        """
        data = read_json(path)
        if data is None:
            raise StoreError(f"The session file {path} is missing: `scorekeeper db check` tells what else is, "
                             f"and `scorekeeper db restore` puts back its last good copy.")
        upgrade("session", data, path)
        record = check_session(data, path, session_id)
        return record, data["_meta"]["1"]["revision"]

    def load(self, session_id: str) -> dict:
        """The whole session record (see the module docstring). Reads one file."""
        record, revision = self.read_session(self.session_path(session_id), session_id)
        self._revisions[session_id] = revision
        return record

    def new_id(self) -> str:
        """A fresh session id (8 hex digits) not used in the index."""
        import secrets

        ids = {r["id"] for r in self._index()["sessions"].values()}
        while True:
            candidate = secrets.token_hex(4)
            if candidate not in ids:
                return candidate

    # -- changes ------------------------------------------------------------
    def save(self, record: dict, summary: dict, current: Any = KEEP) -> None:
        """Write a session record, then its summary row (and, when given, the
        current session) in ONE write of the index."""
        self.save_many([(record, summary)], current=current)

    def save_many(self, pairs: Iterable[tuple[dict, dict]], current: Any = KEEP) -> None:
        """Write several ``(record, summary)`` pairs: each session file once, then
        the index once (for imports and bulk loads). ``current`` (an id or None)
        also sets the current session in the same index write."""
        pairs = list(pairs)
        for record, summary in pairs:  # what is written must read back: never a file every command refuses
            sid = record["id"]
            path = self.session_path(sid)
            try:
                check_session(session_file_data(record, 1), path, sid)
                check_index({"_meta": {"1": {}}, "sessions": {"1": {**summary, "id": sid}}}, self.index_path)
            except DamagedFile as e:
                raise StoreError(f"Session {sid} cannot be saved: {e.reason}.") from None
        self._for_write()
        self._index()  # an index that cannot be used stops the command before any file is written
        rows = []
        with directory_syncs_deferred():  # one fsync of sessions/, before the index names the files
            for record, summary in pairs:
                sid = record["id"]
                path = self.session_path(sid)
                revision = self._revision_of(sid, path) + 1
                self._write(path, session_file_data(record, revision))
                self._revisions[sid] = revision
                self._written.add(sid)
                rows.append({**summary, "id": sid, "revision": revision})
        self._change_index(rows, (), current)

    def _revision_of(self, session_id: str, path: Path) -> int:
        if session_id in self._revisions:
            return self._revisions[session_id]
        try:
            return self.read_session(path, session_id)[1]
        except DamagedFile:
            raise
        except StoreError:
            return 0

    def set_current(self, session_id: str | None) -> None:
        """Make ``session_id`` (or none) the current session: one write of the index."""
        self._for_write()
        self._change_index((), (), session_id)

    def put_rows(self, rows: Iterable[dict], remove: Iterable[str] = (), current: Any = KEEP) -> None:
        """Upsert summary rows and remove others in one write of the index (`db check --repair`)."""
        self._for_write()
        self._change_index(list(rows), list(remove), current)

    def _change_index(self, rows: list[dict], remove: Iterable[str], current: Any) -> None:
        try:
            data = self._index()
            db = _tinydb(data)
            table = db.table("sessions")
            # one pass to find each row's document, then one update per changed row and
            # one insert for all new ones, so a bulk import does not scan the table per row
            doc_of = {doc["id"]: doc.doc_id for doc in table.all()} if rows else {}
            fresh = []
            for row in rows:
                if row["id"] in doc_of:
                    table.update(row, doc_ids=[doc_of[row["id"]]])
                else:
                    fresh.append(row)
            if fresh:
                table.insert_multiple(fresh)
            remove = list(remove)
            if remove:
                from tinydb import Query

                table.remove(Query().id.one_of(remove))
            meta = db.storage.data["_meta"]["1"]
            if current is not KEEP:
                meta["current"] = current
            elif meta.get("current") in remove:
                meta["current"] = None
            meta["schema"] = SCHEMA_VERSION
            self._write(self.index_path, db.storage.data)
        except BaseException:
            self._index_cache = None
            raise
        self._index_cache = db.storage.data
        self._index_cached_key = self._index_key()

    def delete(self, session_id: str) -> None:
        """Remove a session: its summary row goes in one write of the index (the
        current session is unset if it was this one), then its file is moved to
        the backups, so `scorekeeper db restore --session ID` can bring it back."""
        self._for_write()
        self._change_index((), [session_id], KEEP)
        path = self.session_path(session_id)
        if path.exists():
            self._backup(path, tag="-deleted")

    # -- files and backups --------------------------------------------------
    def _write(self, path: Path, data: dict, keep_old: bool = False) -> None:
        """Replace a database file with ``data`` (all or nothing), then keep a copy of
        the new state in its backups directory. ``keep_old`` first keeps a copy of
        the file being replaced too (before a schema upgrade rewrites it)."""
        text = dumps(data)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if keep_old and path.exists():
                self._backup(path, path.read_text(encoding="utf-8"))
            atomic_write_text(path, text)
        except OSError as e:
            raise StoreError(f"The database file {path} cannot be written ({e.strerror}).") from None
        try:
            self._backup(path, text)
        except OSError:
            pass  # the file itself is saved; `db restore --list` shows which copies are kept

    def _backup(self, path: Path, text: str | None = None, tag: str = "") -> None:
        """Keep a copy of a database file's content in its backups directory — ``text``,
        or the file itself moved there when ``text`` is None — and drop all but the
        newest :data:`BACKUPS_KEPT`. Only content this command wrote, or read and
        checked, gets here. ``tag`` "-deleted" marks the copy of a deleted session.
        The copies are not fsynced: `db restore` checks a copy before using it."""
        folder = self.backup_dir_of(path)
        folder.mkdir(parents=True, exist_ok=True)
        n = 0
        while True:  # a name not taken yet, still in time order
            target = folder / f"{_stamp(n)}{tag}.json"
            if not target.exists() and not target.with_name(target.stem.removesuffix(tag) + ".json").exists():
                break
            n += 1
        if text is None:
            os.replace(path, target)
            fsync_directory(path.parent)
        else:
            tmp = folder / f".{target.name}.tmp"
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, target)
        kept = sorted(p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
        for old in kept[:-BACKUPS_KEPT]:
            try:
                old.unlink()
            except OSError:
                pass

    def backups(self, path: Path) -> list[Backup]:
        """The kept copies of a database file, newest first."""
        folder = self.backup_dir_of(path)
        if not folder.is_dir():
            return []
        found = sorted((p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")),
                       reverse=True)
        return [Backup(p, path, _mtime(p), p.stem.endswith("-deleted")) for p in found]

    def backed_up_sessions(self) -> list[str]:
        """Ids of the sessions that have backups (deleted ones included)."""
        folder = self.backups_dir / "sessions"
        if not folder.is_dir():
            return []
        return sorted(p.name for p in folder.iterdir() if p.is_dir() and SESSION_ID.fullmatch(p.name))

    def put_back(self, backup: Backup) -> None:
        """Replace ``backup.of`` with the backup's content (the replaced file, if any,
        is moved to ``backups/set-aside/``, never deleted). The caller checks the
        backup first and updates the index after."""
        self._for_write()
        target = backup.of
        try:
            text = backup.path.read_text(encoding="utf-8")
            if target.exists():
                self.set_aside(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target, text)
        except OSError as e:
            raise StoreError(f"The database file {target} cannot be written ({e.strerror}).") from None
        self._forget()

    def set_aside(self, path: Path) -> Path:
        """Move a (damaged or replaced) file to ``backups/set-aside/``; returns its new path."""
        self._for_write()
        folder = self.backups_dir / "set-aside"
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{path.name}.{_stamp()}"
        os.replace(path, target)
        fsync_directory(path.parent)
        if path == self.index_path:
            self._forget()
        return target

    def write_index_rows(self, rows: list[dict], current: str | None) -> None:
        """Write a whole new index holding ``rows`` (rebuilding a lost index)."""
        self._for_write()
        if self.index_path.exists():
            self.set_aside(self.index_path)
        data = {"_meta": {"1": {"schema": SCHEMA_VERSION, "current": current, "migrations": []}}, "sessions": {}}
        self._index_cache = data
        self._index_cached_key = self._index_key()
        self._change_index(rows, (), KEEP)

    def leftovers(self) -> list[Path]:
        """Temporary files left by commands that were killed while writing."""
        found = []
        folders = [self.root, self.sessions_dir, self.backups_dir / "index"]
        if (self.backups_dir / "sessions").is_dir():
            folders += [p for p in (self.backups_dir / "sessions").iterdir() if p.is_dir()]
        for folder in folders:
            if folder.is_dir():
                found += [p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]
        return sorted(found)

    def session_files(self) -> list[Path]:
        """Every ``sessions/*.json`` file (the session files on disk)."""
        if not self.sessions_dir.is_dir():
            return []
        return sorted(p for p in self.sessions_dir.iterdir() if p.suffix == ".json" and not p.name.startswith("."))

    # -- schema upgrades ----------------------------------------------------
    def _finish_upgrade(self) -> None:
        """Under the lock: if the index is of an older schema, upgrade every
        session file, then the index (recording the migrations). Each migration
        can run twice on a file, so a crash half-way is finished next time."""
        try:
            data = read_json(self.index_path)
        except DamagedFile:
            return  # left as it is: reading it says so, and `db restore` can put back a good copy
        if data is None or schema_of(data) >= SCHEMA_VERSION:
            return
        for path in self.session_files():
            try:
                sdata = read_json(path)
                if sdata is None or schema_of(sdata) >= SCHEMA_VERSION:
                    continue
                upgrade("session", sdata, path)
                check_session(sdata, path, path.stem)
            except DamagedFile:
                continue  # left as it is; reported when read
            self._write(path, sdata, keep_old=True)
        applied = upgrade("index", data, self.index_path)
        check_index(data, self.index_path)
        meta = data["_meta"]["1"]
        meta["migrations"] = list(meta.get("migrations", [])) + [{"name": n, "time": now()} for n in applied]
        self._write(self.index_path, data, keep_old=True)
        self._index_cache = data
        self._index_cached_key = self._index_key()


def _stamp(later: int = 0) -> str:
    """The UTC time as a file name that sorts in time order (``later`` microseconds on)."""
    from datetime import timedelta

    return (datetime.now(timezone.utc) + timedelta(microseconds=later)).strftime("%Y%m%dT%H%M%S.%fZ")


def _mtime(path: Path) -> str:
    try:
        t = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(t, timezone.utc).replace(microsecond=0).isoformat()


def new_record(session_id: str, variant: str, players: list[str], rules: dict[str, Any],
               title: str | None, dealer: str) -> dict:
    """A fresh session record with no hands."""
    return {"id": session_id, "variant": variant, "players": players, "rules": rules, "title": title,
            "dealer": dealer, "created": now(), "hands": [], "undone": [], "audit": []}
