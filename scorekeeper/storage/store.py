"""Where sessions are kept: TinyDB files in one directory (SPEC §6).

Layout of the database directory (``--db`` > ``SCOREKEEPER_DB`` > the
platformdirs user data directory)::

    DIR/index.json                 the index: schema version, migrations applied,
                                   current session, one summary row per session
    DIR/sessions/ID.json           one session: its setup, the hands as entered,
                                   what undo took (for redo) and the audit trail
    DIR/backups/                   the last good states of each file (scorekeeper.storage.backups)

Every file is a TinyDB JSON database, read and written through TinyDB
(:mod:`scorekeeper.storage.tinystore`): ``index.json`` has the tables ``_meta``
(document 1: ``{"schema", "current", "migrations"}``) and ``sessions`` (the
summary rows); a session file has ``_meta`` (document 1: ``{"schema",
"revision"}``, the revision counting its saves) and ``session`` (document 1:
the session record, see :mod:`scorekeeper.storage.schema`).

The promises, and how they are kept:

- **All or nothing.** A file is never rewritten in place: it is written to a
  temporary file in the same directory, fsynced, renamed over the old one and
  the directory fsynced (:mod:`scorekeeper.storage.files`). A crash leaves the
  old or the new file, whole.
- **One write per file per command**, the session file before the index, so
  the index can only ever lag behind a session file (a stale summary row),
  never point to hands that were not saved. `scorekeeper db check` finds such
  a row and ``--repair`` rebuilds it from the session file; the next change to
  that session rewrites it anyway.
- **Locking.** A command that changes anything runs inside :meth:`Store.writing`,
  which holds the lock of the database directory itself from its read to its
  write (:mod:`scorekeeper.storage.lock`: no lock file to delete or replace),
  waiting at most ``--wait`` seconds (10 by default), then "the database is
  busy". Commands that only read take no lock and create no file or directory:
  a missing database reads as an empty one. A command that began where there was
  no database and finds, once it holds the lock, that another command created
  one meanwhile writes nothing and says so (two first imports at once).
- **Damage is never overwritten.** A file that is not valid JSON, not TinyDB's
  layout, or not what the schema says raises :class:`DamagedFile` naming it
  and pointing to `scorekeeper db restore`; no command writes over it.
- **Backups.** Every state a command writes is also copied into
  ``DIR/backups/`` (:mod:`scorekeeper.storage.backups`).
- **Schema versions.** Each file records its schema; older files are upgraded
  by the numbered migrations of :mod:`scorekeeper.storage.migrations` — in memory when
  a command only reads, and for good (every file, recorded in the index) by
  the first command that changes the database.
- **Cost independent of history.** A command reads and writes the index and
  one session file; only `sessions` reads the index alone, and `export --all`
  and `stats` read every session file.

A summary row (one per session in the index; see ``scorekeeper.app.games.summary_of``)::

    {"id", "variant", "title", "players", "hands", "finished", "winners",
     "created", "updated", "revision"}
"""
from __future__ import annotations

import os
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator

from scorekeeper.core.errors import InputError, ScorekeeperError, StateError, StoreError
from scorekeeper.storage import files, schema
from scorekeeper.storage.backups import BACKUPS_KEPT, Backup, Backups
from scorekeeper.storage.files import (DamagedFile, atomic_write_text, damaged, directory_syncs_deferred, dumps,
                                       fsync_directory, read_json)
from scorekeeper.storage.migrations import SCHEMA_VERSION, schema_of, upgrade
from scorekeeper.storage.schema import SESSION_ID
from scorekeeper.storage.tinystore import Query, TinyDB, document, open_db

__all__ = [
    "BACKUPS_KEPT", "ENV_VAR", "KEEP", "LOCK_TIMEOUT", "SCHEMA_VERSION", "SESSION_ID", "Backup", "DamagedFile",
    "IndexFile", "Store", "atomic_write_text", "default_path", "directory_syncs_deferred", "dumps",
    "fsync_directory", "match_id", "new_record", "now", "read_json", "resolve_path", "schema_of", "upgrade",
]

#: Seconds a changing command waits for another one to finish before giving up (SPEC §6).
LOCK_TIMEOUT = 10.0
ENV_VAR = "SCOREKEEPER_DB"
#: "leave the current session as it is" (the default of the `current` arguments)
KEEP = object()


def default_path() -> Path:
    """The database directory used when neither ``--db`` nor ``SCOREKEEPER_DB`` is given."""
    import platformdirs

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False)) / "db"


def resolve_path(option: str | os.PathLike | None) -> Path:
    """``--db`` first, then ``SCOREKEEPER_DB``, then the configuration file's ``database``,
    then the user data directory."""
    if option:
        return Path(option).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from scorekeeper.storage import config

    configured = config.read().get("database")
    return Path(configured).expanduser() if configured else default_path()


def now() -> str:
    """The current time, ISO 8601 with the UTC offset."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def new_record(session_id: str, variant: str, players: list[str], rules: dict[str, Any],
               title: str | None, dealer: str) -> dict:
    """A fresh session record with no hands."""
    return {"id": session_id, "variant": variant, "players": players, "rules": rules, "title": title,
            "dealer": dealer, "created": now(), "hands": [], "undone": [], "audit": []}


def match_id(prefix: str, ids: Iterable[str], none_found: ScorekeeperError) -> str:
    """The one id in ``ids`` that ``prefix`` names (the whole id, or an unambiguous
    start of it). Raises :class:`InputError` ``store.empty_id`` for an empty prefix,
    ``none_found``, or a :class:`StateError` listing the ids it could be."""
    if not prefix.strip():  # an unset variable ("$ID") must never name every session
        raise InputError("store.empty_id")
    ids = list(ids)
    if prefix in ids:
        return prefix
    matches = sorted(i for i in ids if i.startswith(prefix))
    if not matches:
        raise none_found
    if len(matches) > 1:
        raise StateError("store.ambiguous_id", prefix=prefix, ids=matches)
    return matches[0]


@dataclass(frozen=True)
class IndexFile:
    """An index file as read (upgraded in memory, checked): ``schema`` as found on
    disk, ``meta`` (document 1 of ``_meta``) and ``rows`` (the summary rows by document id)."""

    schema: int
    meta: dict
    rows: dict[str, dict]


def _upgrading(kind: str, path: Path):
    """The ``prepare`` of a file read through TinyDB: bring its data to this schema in memory."""

    def prepare(data: dict) -> None:
        upgrade(kind, data, path)

    return prepare


def _fresh_meta() -> dict:
    return {"schema": SCHEMA_VERSION, "current": None, "migrations": []}


class Store:
    """The database directory.

    Reading methods never create anything. Methods that change anything must
    run inside :meth:`writing`, which holds the lock from the read to the write;
    within it, the index and session files are read afresh once and each
    change writes each file it touches exactly once.

    Raises :class:`DamagedFile` / :class:`StoreError` for files that cannot be
    used, :class:`StateError` for a session that does not exist.
    """

    def __init__(self, root: Path | str, wait: float | None = None):
        self.root = Path(root)
        #: seconds a change waits for another command's lock (``--wait``)
        self.wait = LOCK_TIMEOUT if wait is None else wait
        self._began_without_database = False
        self._depth = 0
        self._lock_stack: ExitStack | None = None
        self._locked = False
        self._index_db: TinyDB | None = None
        self._revisions: dict[str, int] = {}
        self._written: set[str] = set()  # session files this store has written (a first `new`, an import)
        self._kept = Backups(self.root, self.index_path)

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

    def session_path(self, session_id: str) -> Path:
        if not SESSION_ID.fullmatch(session_id):
            raise StateError("store.not_an_id", given=session_id)
        return self.sessions_dir / f"{session_id}.json"

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
            raise StoreError("store.path_is_file", path=self.root)
        self._depth = 1
        self._lock_stack = ExitStack()
        self._began_without_database = not self.root.is_dir()
        try:
            with self._lock_stack:
                if not self._began_without_database:
                    self._acquire()
                yield self
        finally:
            self._depth = 0
            self._lock_stack = None

    def _acquire(self) -> None:
        assert self._lock_stack is not None
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError("store.cannot_create", path=self.root, strerror=e.strerror) from None
        from scorekeeper.storage.lock import DirectoryLock

        lock = DirectoryLock(self.root)
        lock.acquire(self.wait)
        self._lock_stack.callback(lock.release)
        self._lock_stack.callback(self._unlocked)
        self._locked = True
        if self._began_without_database and (self.index_path.exists() or self.session_files()):
            # another command created the database while this one read it as empty: what this one
            # decided (ids, what is already there) may be wrong, so it writes nothing
            raise StateError("store.created_meanwhile", path=self.root)
        self._forget()
        self._finish_upgrade()

    def _unlocked(self) -> None:
        self._locked = False
        self._forget()

    def _forget(self) -> None:
        """Drop what was read, so the next read sees the files as they are now."""
        self._index_db = None
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

    # -- opening files -------------------------------------------------------
    def _keep_copy(self, path: Path, text: str) -> None:
        """After a write: keep a copy of the new state in the file's backups."""
        try:
            self._kept.keep(path, text)
        except OSError:
            pass  # the file itself is saved; `db restore --list` shows which copies are kept

    @contextmanager
    def _changing(self, db: TinyDB) -> Iterator[TinyDB]:
        """The TinyDB changes made in this block are written as ONE write of its file."""
        try:
            with db.storage.held():
                yield db
        except OSError as e:
            raise StoreError("store.unwritable", path=db.storage.path, strerror=e.strerror) from None

    def _open_index(self, path: Path, found: dict | None = None, read_only: bool = True) -> TinyDB:
        """TinyDB over an index file (``path``: index.json or a copy of it), upgraded in
        memory and checked when read; ``found["schema"]`` gets the schema as found."""

        def prepare(data: dict) -> None:
            if found is not None:
                found["schema"] = schema_of(data)
            upgrade("index", data, path)
            data.setdefault("sessions", {})
            schema.check_index(data.get("_meta", {}).get("1"), data["sessions"], path)

        return open_db(path, read_only=read_only, prepare=prepare, after_write=self._keep_copy)

    def read_index(self, path: Path | None = None) -> IndexFile | None:
        """An index file (``path``, index.json by default: a backup copy can be read too) as
        read and checked, or None when there is none. Raises :class:`DamagedFile` /
        :class:`StoreError`."""
        found: dict = {}
        db = self._open_index(path or self.index_path, found)
        if db.storage.read() is None:
            return None
        rows = {str(doc.doc_id): dict(doc) for doc in db.table("sessions").all()}
        return IndexFile(found["schema"], dict(db.table("_meta").get(doc_id=1)), rows)

    # -- the index ----------------------------------------------------------
    def _index(self, rebuilding: bool = False) -> TinyDB:
        """TinyDB over index.json (upgraded in memory when old), read again only when the file
        changed. Where there is no index but session files, only ``rebuilding`` it may go on."""
        if self._index_db is None:
            self._index_db = self._open_index(self.index_path, read_only=False)
        db = self._index_db
        if db.storage.read() is None and not rebuilding:
            orphans = [p for p in self.session_files() if p.stem not in self._written]
            if orphans:
                # sessions without their index (not the ones this command just wrote):
                # never start a new, empty index over them
                raise StoreError("store.index_missing", path=self.index_path, count=len(orphans))
        return db

    def _meta(self) -> dict:
        return self._index().table("_meta").get(doc_id=1) or _fresh_meta()

    def summaries(self) -> list[dict]:
        """Every session's summary row, oldest first (reads the index only); a session
        listed twice counts once (its latest row; `db check --repair` drops the other)."""
        rows: dict[str, dict] = {}
        for r in self._index().table("sessions").all():
            if r["id"] not in rows or r.get("revision", 0) >= rows[r["id"]].get("revision", 0):
                rows[r["id"]] = dict(r)
        return sorted(rows.values(), key=lambda r: (r.get("created", ""), r["id"]))

    def summary(self, session_id: str) -> dict | None:
        """One session's summary row, or None."""
        row = self._index().table("sessions").get(Query().id == session_id)
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
        ids = [r["id"] for r in self._index().table("sessions").all()]
        if prefix is None:
            current = self.current_id()
            if current is None or current not in ids:
                raise StateError("store.no_current")
            return current
        return match_id(prefix, ids, StateError("store.no_such_session", prefix=prefix))

    # -- session files ------------------------------------------------------
    def read_session(self, path: Path, session_id: str | None = None) -> tuple[dict, int]:
        """The record and revision held by a session file (``path``: a session file or a
        copy of one), upgraded in memory when old and checked against the schema.

        Raises :class:`DamagedFile`, or :class:`StoreError` when it is missing.
        """
        db = open_db(path, read_only=True, watch=False, prepare=_upgrading("session", path))
        if db.storage.read() is None:
            raise StoreError("store.session_missing", path=path)
        docs = []
        for table in ("_meta", "session"):
            doc = db.table(table).get(doc_id=1)
            if doc is None:
                code = "store.reason.no_document" if table in db.tables() else "store.reason.no_table"
                raise damaged(path, code, table=table)
            docs.append(doc)
        meta, record = docs
        schema.check_session(meta, record, path, session_id)
        return dict(record), meta["revision"]

    def load(self, session_id: str) -> dict:
        """The whole session record (see :mod:`scorekeeper.storage.schema`). Reads one file."""
        record, revision = self.read_session(self.session_path(session_id), session_id)
        self._revisions[session_id] = revision
        return record

    def revision(self, session_id: str) -> int | None:
        """The revision of a session file as this store last read or wrote it (None: not read)."""
        return self._revisions.get(session_id)

    def lagging(self, session_id: str) -> int | None:
        """The revision the index lists for a session whose file is further on (a change
        whose index write failed or was cut short), else None. The file must have been read."""
        row = self.summary(session_id)
        filed = self._revisions.get(session_id)
        listed = row.get("revision") if row is not None else None
        if filed is None or not isinstance(listed, int) or listed >= filed:
            return None
        return listed

    def unlisted(self) -> list[str]:
        """Ids of session files the index does not list (a `new` whose index write failed)."""
        listed = {r["id"] for r in self._index().table("sessions").all()}
        return [p.stem for p in self.session_files() if p.stem not in listed and SESSION_ID.fullmatch(p.stem)]

    def new_id(self) -> str:
        """A fresh session id (8 hex digits) not used in the index."""
        import secrets

        ids = {r["id"] for r in self._index().table("sessions").all()}
        while True:
            candidate = secrets.token_hex(4)
            if candidate not in ids:
                return candidate

    # -- changes ------------------------------------------------------------
    def save(self, record: dict, summary: dict, current: Any = KEEP) -> None:
        """Write a session record, then its summary row (and, when given, the
        current session) in ONE write of the index."""
        self.save_many([(record, summary)], current=current)

    def save_many(self, pairs: Iterable[tuple[dict, dict]], current: Any = KEEP, *, all_or_nothing: bool = False,
                  checked: bool = False) -> None:
        """Write several ``(record, summary)`` pairs: each session file once, then
        the index once (for imports and bulk loads). ``current`` (an id or None)
        also sets the current session in the same index write.

        The session files are the commit: once one is in place the change is made, and
        the index only lists it. When the index cannot be written after that, the
        :class:`StoreError` ``store.saved_index_stale`` says the change was kept and
        that `db check --repair` lists it. With ``all_or_nothing`` (an import of new
        sessions), the index write is the commit instead: if anything fails or is
        interrupted first, the session files written are taken away again and nothing
        is kept. ``checked``: the records were checked against the record schema in this
        command already (:func:`scorekeeper.storage.schema.validate_session`, an import's
        check), so only the summary rows are checked here."""
        pairs = list(pairs)
        for record, summary in pairs:  # what is written must read back: never a file every command refuses
            sid = record["id"]
            path = self.session_path(sid)
            try:
                if not checked:
                    schema.check_session({"revision": 1}, record, path, sid)
                schema.check_row({**summary, "id": sid}, "1", self.index_path)
            except DamagedFile as e:
                raise StoreError("store.cannot_save", session=sid, reason=e.reason) from None
        self._for_write()
        self._index()  # an index that cannot be used stops the command before any file is written
        rows = []
        made: list[Path] = []  # the session files this call created (all_or_nothing takes them away on failure)
        try:
            # one fsync of sessions/ before the index names the files; an import (all or nothing:
            # the index write is its commit) flushes all its new files at once (files.writes_batched)
            with files.writes_batched() if all_or_nothing else ExitStack(), directory_syncs_deferred():
                for record, summary in pairs:
                    sid = record["id"]
                    path = self.session_path(sid)
                    revision = self._revision_of(sid, path) + 1
                    if revision == 1:
                        made.append(path)
                    db = open_db(path, fresh=True, after_write=None if all_or_nothing else self._keep_copy)
                    with self._changing(db):
                        db.table("_meta").insert(document({"schema": SCHEMA_VERSION, "revision": revision}))
                        db.table("session").insert(document(record))
                    self._revisions[sid] = revision
                    self._written.add(sid)
                    rows.append({**summary, "id": sid, "revision": revision})
            self._change_index(rows, (), current)
        except BaseException as e:
            if all_or_nothing:
                with files.interrupts_held():
                    for path in made:
                        try:
                            path.unlink()
                        except FileNotFoundError:
                            pass
                    files.forget_kept()
                self._forget()
                raise
            if not rows or not isinstance(e, StoreError) or e.code != "store.unwritable":
                raise
            raise StoreError("store.saved_index_stale", path=self.index_path, strerror=e.facts["strerror"]) from None
        if all_or_nothing:  # the copies of what is now listed
            self._keep_copies(made)

    def _keep_copies(self, made: list[Path]) -> None:
        """After an all-or-nothing save: keep the first copy of each file it created
        (``made``), ``backups/sessions/`` checked once for them all. Each file is read
        back rather than its text kept from the write (10 MB for an import of 1,000)."""
        if not made:
            return
        try:
            sessions = self._kept.sessions_folder()
        except OSError:
            return  # the files themselves are saved; `db restore --list` shows which copies are kept
        for path in made:
            try:
                self._kept.keep_first(sessions, path, path.read_text(encoding="utf-8"))
            except OSError:
                pass

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

    def _change_index(self, rows: list[dict], remove: Iterable[str], current: Any, rebuilding: bool = False) -> None:
        db = self._index(rebuilding)
        remove = list(remove)
        with self._changing(db):
            meta = db.table("_meta")
            if meta.get(doc_id=1) is None:  # a new index: its tables in the order every index has them
                meta.insert(document(_fresh_meta()))
                db.table("sessions").truncate()
            table = db.table("sessions")
            # one pass to find each row's document, then one update per changed row and
            # one insert for all new ones, so a bulk import does not scan the table per row;
            # a session listed twice keeps one row
            keep: dict[str, Any] = {}
            twice: list[int] = []
            for doc in table.all():
                other = keep.get(doc["id"])
                if other is None:
                    keep[doc["id"]] = doc
                elif (doc.get("revision") or 0) >= (other.get("revision") or 0):
                    twice.append(other.doc_id)
                    keep[doc["id"]] = doc
                else:
                    twice.append(doc.doc_id)
            doc_of = {sid: doc.doc_id for sid, doc in keep.items()}
            if twice:
                table.remove(doc_ids=twice)
            fresh = []
            for row in rows:
                if row["id"] in doc_of:
                    table.update(row, doc_ids=[doc_of[row["id"]]])
                else:
                    fresh.append(row)
            if fresh:
                table.insert_multiple(fresh)
            if remove:
                table.remove(Query().id.one_of(remove))
            fields: dict[str, Any] = {}
            if current is not KEEP:
                fields["current"] = current
            elif meta.get(doc_id=1).get("current") in remove:
                fields["current"] = None
            fields["schema"] = SCHEMA_VERSION
            meta.update(fields, doc_ids=[1])

    def delete(self, session_id: str) -> None:
        """Remove a session: its summary row goes in one write of the index (the
        current session is unset if it was this one), then its file is moved to
        the backups, so `scorekeeper db restore --session ID` can bring it back."""
        self._for_write()
        self._change_index((), [session_id], KEEP)
        path = self.session_path(session_id)
        if path.exists():
            try:
                self._kept.keep(path, tag="-deleted")
            except OSError as e:
                raise StoreError("store.unwritable", path=self.backups_dir, strerror=e.strerror) from None

    # -- backups ------------------------------------------------------------
    def backups(self, path: Path) -> list[Backup]:
        """The kept copies of a database file, newest first."""
        return self._kept.of(path)

    def linked_backups(self) -> Path | None:
        """The first folder of ``backups/`` that is a symlink (no copy is kept through it), or None."""
        from scorekeeper.storage.backups import linked_folder

        return linked_folder(self.root)

    def backed_up_sessions(self) -> list[str]:
        """Ids of the sessions that have backups (deleted ones included)."""
        return self._kept.sessions()

    def put_back(self, backup: Backup) -> None:
        """Replace ``backup.of`` with the backup's content (the replaced file, if any,
        is moved to ``backups/set-aside/``, never deleted). The caller checks the
        backup first and updates the index after."""
        self._for_write()
        target = backup.of
        try:
            raw = files.read_bytes(backup.path)
            if raw is None:
                raise StoreError("store.session_missing", path=backup.path)
            text = raw.decode("utf-8")
            if target.exists():
                self.set_aside(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            files.atomic_write_text(target, text)
        except OSError as e:
            raise StoreError("store.unwritable", path=target, strerror=e.strerror) from None
        self._forget()

    def set_aside(self, path: Path, name: str | None = None) -> Path:
        """Move a (damaged or replaced) file to ``backups/set-aside/`` (as ``name``, by default
        its own name, and the time); returns its new path."""
        self._for_write()
        try:
            target = self._kept.set_aside(path, name)
        except OSError as e:
            raise StoreError("store.unwritable", path=self.backups_dir, strerror=e.strerror) from None
        if path == self.index_path:
            self._forget()
        return target

    def write_index_rows(self, rows: list[dict], current: str | None) -> None:
        """Write a whole new index holding ``rows`` (rebuilding a lost index)."""
        self._for_write()
        if self.index_path.exists():
            self.set_aside(self.index_path)
        self._forget()
        self._change_index(rows, (), current, rebuilding=True)

    def leftovers(self) -> list[Path]:
        """Temporary files left by commands that were killed while writing: only names
        scorekeeper makes (``.NAME.json.XXXXXXXX.tmp``, see :func:`files.is_temporary`)."""
        found = []
        for folder in [self.root, self.sessions_dir] + self._kept.folders():
            if folder.is_dir() and not folder.is_symlink():
                found += [p for p in folder.iterdir() if files.is_temporary(p.name) and p.is_file()
                          and not p.is_symlink()]
        return sorted(found)

    def strays(self) -> list[Path]:
        """What ``sessions/`` holds that is not a session file (``ID.json``); hidden files
        (a name starting with a dot: temporary files among them) are not looked at."""
        if not self.sessions_dir.is_dir():
            return []
        return sorted(p for p in self.sessions_dir.iterdir() if not p.name.startswith(".")
                      and not (p.suffix == ".json" and SESSION_ID.fullmatch(p.stem)))

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
        try:
            self.read_index()  # an index of the wrong shape is left for `db restore` too
        except DamagedFile:
            return
        for path in self.session_files():
            try:
                sdata = read_json(path)
                if sdata is None or schema_of(sdata) >= SCHEMA_VERSION:
                    continue
                self.read_session(path, path.stem)  # only a file that reads well is rewritten
            except DamagedFile:
                continue  # left as it is; reported when read
            db = open_db(path, prepare=_upgrading("session", path), after_write=self._keep_copy)
            self._rewrite(db)
        applied: list[str] = []
        db = open_db(self.index_path, after_write=self._keep_copy,
                     prepare=lambda d: applied.extend(upgrade("index", d, self.index_path)))
        db.storage.read()
        self.read_index()  # checked before it is rewritten
        migrations_done = list(db.table("_meta").get(doc_id=1).get("migrations", []))
        migrations_done += [{"name": n, "time": now()} for n in applied]
        self._rewrite(db, {"migrations": migrations_done})
        self._index_db = None

    def _rewrite(self, db: TinyDB, meta: dict | None = None) -> None:
        """Write an upgraded file back (keeping a copy of the file it replaces first)."""
        path = db.storage.path
        try:
            self._kept.keep(path, path.read_text(encoding="utf-8"))
        except OSError as e:
            raise StoreError("store.unwritable", path=path, strerror=e.strerror) from None
        with self._changing(db):
            if meta is not None:
                db.table("_meta").update(meta, doc_ids=[1])
            else:
                db.storage.write(db.storage.read())

