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

- **One command, one commit.** A command that changes anything runs inside
  :meth:`Store.writing`, which holds the lock of the database directory itself
  from its read to its write (:mod:`scorekeeper.storage.lock`: no lock file to
  delete or replace), waiting at most ``--wait`` seconds (10 by default), then
  "the database is busy". Everything it changes — session files, the index,
  the kept copies, files moved aside — is staged and put in place by ONE
  commit when the block ends (:mod:`scorekeeper.storage.commit`): a kill or
  Ctrl-C at any moment leaves the old state or the new, whole, and the index
  never lags behind a session file. A change committed by a command that was
  stopped before it finished is finished by the next command that changes the
  database, which says so and does nothing else (``db check --repair`` and
  ``db restore`` go on). Commands that only read take no lock and create no
  file or directory (a missing database reads as an empty one); they read a
  committed change through its journal until it is finished. Where there is
  no database yet, a changing command makes its directory to lock it, and
  takes it away again when it changes nothing: two first imports at once wait
  for each other.
- **The folder is the database.** Every change is written relative to the
  directory locked, never through a link inside it (a ``sessions/`` folder that
  is a link is refused), and the commit checks first that the path still names
  that directory (not replaced by a copy, nor a link re-pointed).
- **Damage is never overwritten.** A file that is not valid JSON, not TinyDB's
  layout, or not what the schema says raises :class:`DamagedFile` naming it
  and pointing to `scorekeeper db restore`; no command writes over it.
- **Backups.** Every state a command writes is also copied into
  ``DIR/backups/`` (:mod:`scorekeeper.storage.backups`).
- **Schema versions.** Each file records its schema; older files are upgraded
  by the numbered migrations of :mod:`scorekeeper.storage.migrations` — in memory when
  a command only reads, and for good (every file, recorded in the index) by
  the first command that changes the database.
- **Revisions are never reused.** A session file's revision grows by one with
  each save; a copy put back by `db restore` (or ``--repair``) gets one more
  than any it has had, so a question asked at one revision (the prompt, undo)
  never saves over a state it did not show.
- **Cost independent of history.** A command reads and writes the index and
  one session file; only `sessions` reads the index alone, and `export --all`
  and `stats` read every session file.

A summary row (one per session in the index; see ``scorekeeper.app.games.summary_of``)::

    {"id", "variant", "title", "players", "hands", "finished", "winners",
     "created", "updated", "revision", "entries", "chain"}
"""
from __future__ import annotations

import os
import posixpath
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator

from scorekeeper.core.errors import InputError, ScorekeeperError, StateError, StoreError, ctrl_c_lost
from scorekeeper.storage import commit, files, schema
from scorekeeper.storage.backups import BACKUPS_KEPT, Backup, Backups
from scorekeeper.storage.commit import AS_IS, JOURNAL, Journal, Transaction
from scorekeeper.storage.files import DamagedFile, atomic_write_text, damaged, dumps, fsync_directory, read_json
from scorekeeper.storage.lock import DirectoryLock, FolderGone
from scorekeeper.storage.migrations import SCHEMA_VERSION, schema_of, upgrade
from scorekeeper.storage.schema import SESSION_ID
from scorekeeper.storage.tinystore import Query, TinyDB, document, one_document_tables, open_db

__all__ = [
    "BACKUPS_KEPT", "ENV_VAR", "KEEP", "LAST", "LOCK_TIMEOUT", "SCHEMA_VERSION", "SESSION_ID", "Backup", "DamagedFile",
    "IndexFile", "Store", "atomic_write_text", "default_path", "dumps", "fsync_directory", "match_id",
    "new_record", "now", "read_json", "resolve_path", "schema_of", "session_text", "upgrade",
]

#: Seconds a changing command waits for another one to finish before giving up (SPEC §6).
LOCK_TIMEOUT = 10.0
ENV_VAR = "SCOREKEEPER_DB"
#: "leave the current session as it is" (the default of the `current` arguments)
KEEP = object()
#: "the last session saved" (:meth:`Store.save_many`'s ``current``)
LAST = object()


def default_path() -> Path:
    """The database directory used when neither ``--db`` nor ``SCOREKEEPER_DB`` is given."""
    import platformdirs

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False)) / "db"


def resolve_path(option: str | os.PathLike | None) -> Path:
    """``--db`` first, then ``SCOREKEEPER_DB``, then the configuration file's ``database``,
    then the user data directory. A path holding a NUL character (which no file system
    takes) is refused (:class:`InputError` ``db.nul``), naming where it came from."""
    if option:
        return _checked_path(str(option), "--db")
    env = os.environ.get(ENV_VAR)
    if env:
        return _checked_path(env, ENV_VAR)
    from scorekeeper.storage import config

    configured = config.read().get("database")
    return _checked_path(configured, str(config.path())) if configured else default_path()


def _checked_path(given: str, where: str) -> Path:
    if "\x00" in given:
        raise InputError("db.nul", where=where)
    return Path(given).expanduser()


def now() -> str:
    """The current time, ISO 8601 with the UTC offset."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def session_text(record: dict) -> str:
    """A session record as its file holds it (:func:`~scorekeeper.storage.files.dumps`: compact
    JSON, UTF-8 kept as is), its cache of derived numbers included: what :meth:`Store.save_many`
    writes, and may be given made beforehand (an import's forked copies make it)."""
    return dumps(record)


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


def _children(view: dict[str, str | None]) -> dict[str, dict[str, bool]]:
    """A view of staged or pending changes (:func:`scorekeeper.storage.commit.overlay`) by
    folder: ``{folder: {name: whether it is there}}``."""
    out: dict[str, dict[str, bool]] = {}
    for rel, where in view.items():
        folder, name = posixpath.split(rel)
        out.setdefault(folder, {})[name] = where is not None
    return out


class Store:
    """The database directory.

    Reading methods never create anything. Methods that change anything must
    run inside :meth:`writing`, which holds the lock from the read to the commit;
    within it, what the command changes is staged and read back as staged, and
    put in place by one commit when the block ends.

    Raises :class:`DamagedFile` / :class:`StoreError` for files that cannot be
    used, :class:`StateError` for a session that does not exist.
    """

    def __init__(self, root: Path | str, wait: float | None = None):
        self.root = Path(root)
        # the paths every read asks for, made once (an export reads a thousand session files)
        self._index_path, self._sessions_dir = self.root / "index.json", self.root / "sessions"
        self._sessions_text, self._root_text = str(self._sessions_dir), str(self.root) + os.sep
        self._journal_path = self.root / JOURNAL
        #: seconds a change waits for another command's lock (``--wait``)
        self.wait = LOCK_TIMEOUT if wait is None else wait
        #: many files are written (an import): flushed to disk with one sync() at the commit
        self.bulk = False
        #: the journal of a change a stopped command committed and this one finished (maintenance says so)
        self.finished: Journal | None = None
        self._depth = 0
        self._maintenance = False  # `db check --repair`, `db restore`: the index is rebuilt from the files
        self._lock: DirectoryLock | None = None
        self._txn: Transaction | None = None
        self._command: str | None = None
        self._made: list[Path] = []  # folders made to lock the database (taken back when nothing is committed)
        self._index_db: TinyDB | None = None
        self._revisions: dict[str, int] = {}
        self._written: set[str] = set()  # session files this command has written (a first `new`, an import)
        self._first_copies: set[str] = set()  # sessions of this command that have no copy yet
        self._sessions_ok = False  # sessions/ checked to be no link, in this command
        self._journal_key: tuple | None = None
        self._pending: tuple[Journal | None, dict[str, str | None], dict[str, dict[str, bool]]] = (None, {}, {})
        self._kept = Backups(self.root, self.index_path, self)

    # -- paths --------------------------------------------------------------
    @property
    def index_path(self) -> Path:
        return self._index_path

    @property
    def sessions_dir(self) -> Path:
        return self._sessions_dir

    @property
    def backups_dir(self) -> Path:
        return self.root / "backups"

    def session_path(self, session_id: str) -> Path:
        if not SESSION_ID.fullmatch(session_id):
            raise StateError("store.not_an_id", given=session_id)
        return self.sessions_dir / f"{session_id}.json"

    def rel(self, path: Path) -> str:
        """``path`` relative to the database directory, with ``/`` (raises ValueError outside it)."""
        if isinstance(path, Path):  # (its text is already normal: a path under the directory is the rest of it)
            text = str(path)
            if text.startswith(self._root_text) and os.sep == "/":
                return text[len(self._root_text):]
        return Path(path).relative_to(self.root).as_posix()

    def exists(self) -> bool:
        """Whether anything has been stored here yet."""
        return self.index_path.exists() or self.sessions_dir.is_dir()

    # -- what a command sees: the files, with its own changes and a pending commit's -------------
    def _pending_view(self) -> tuple[Journal | None, dict[str, str | None], dict[str, dict[str, bool]]]:
        """A change committed by a command that was stopped before it finished (its journal)
        and what it makes of the files; nothing while this command holds the lock (it
        finished any such change when it took the lock)."""
        if self._lock is not None:
            return (None, {}, {})
        key = files.file_key(self._journal_path)
        if key != self._journal_key:
            self._journal_key = key
            journal, view = commit.pending(self.root) if key is not None else (None, {})
            self._pending = (journal, view, _children(view))
        return self._pending

    def _where(self, rel: str) -> Any:
        """Where the content of ``rel`` is now: :data:`AS_IS`, a database-relative path, or None (gone)."""
        if self._txn is not None:
            found = self._txn.source(rel)
            if found is not AS_IS:
                return found
        return self._pending_view()[1].get(rel, AS_IS)

    def source_path(self, path: Path) -> Path | None:
        """The file to read for the database file ``path`` as this command sees it (itself,
        the temporary file of a staged or pending change), or None when it is gone."""
        try:
            rel = self.rel(path)
        except ValueError:
            return Path(path)
        found = self._where(rel)
        if found is AS_IS:
            return path if isinstance(path, Path) else Path(path)
        return None if found is None else self.root / found

    def present(self, path: Path) -> bool:
        """Whether anything (a file, a folder, a link, a pipe…) stands at ``path`` as this command sees it."""
        where = self.source_path(path)
        return where is not None and os.path.lexists(where)

    def listed(self, rel: str) -> list[str] | None:
        """The names in the folder ``rel`` ("" the database directory) as this command sees
        them; None when it is missing, not a folder or a link (nothing is read through it).
        Temporary files of a staged or pending change are not listed."""
        folder = self.root / rel if rel else self.root
        names: set[str] | None = None
        try:
            if not os.path.islink(folder):
                names = set(os.listdir(folder))
        except (FileNotFoundError, NotADirectoryError):
            names = None
        except OSError as e:  # a folder it may not read: one sentence, never a traceback
            raise StoreError("store.folder_unreadable", path=folder, strerror=e.strerror or str(e)) from None
        changes: dict[str, bool] = dict(self._pending_view()[2].get(rel, {}))
        if self._txn is not None:
            changes.update(self._txn.children.get(rel, {}))
        if names is None:
            if os.path.islink(folder) or not any(changes.values()):
                return None
            names = set()
        for name, there in changes.items():
            if there:
                names.add(name)
            else:
                names.discard(name)
        return sorted(n for n in names if not (n.startswith(".") and self._hidden(f"{rel}/{n}" if rel else n)))

    def _hidden(self, rel: str) -> bool:
        """Whether ``rel`` is a temporary file of a staged or pending change (never a leftover,
        never a stray)."""
        if self._txn is not None and rel in self._txn.own_files:
            return True
        pending = self._pending_view()
        return bool(pending[1]) and files.is_temporary(posixpath.basename(rel)) and rel in set(pending[1].values())

    def _sessions_folder_checked(self) -> None:
        """Refuse a ``sessions/`` that is a link (never read or written through); under the lock,
        checked once (every change is made relative to the folder opened without following one)."""
        if self._sessions_ok:
            return
        if os.path.islink(self.sessions_dir):
            raise StoreError("store.folder_link", path=self.sessions_dir)
        self._sessions_ok = self._lock is not None

    # -- locking and the commit ---------------------------------------------------------
    @contextmanager
    def writing(self, command: str | None = None, *, finishing: bool = False) -> Iterator["Store"]:
        """Hold the database lock, waiting at most ``wait`` seconds, for a command that
        changes the database (re-entrant); its changes are committed as one when the
        outermost block ends normally, and taken back when it fails.

        ``command`` names the command (what a journal says of it). Where there is no
        database yet, its directory is made to be locked, and taken away again when
        nothing is committed. Taking the lock finishes a change committed by a command
        that was stopped: then :class:`StoreError` ``store.finished_stopped`` says so and
        nothing else is done, unless ``finishing`` (`db check --repair`, `db restore`: they
        go on, and :attr:`finished` tells what was finished). Entering also finishes any
        pending schema upgrade of the whole database. Raises :class:`StoreError` ("the
        database is busy") on timeout.
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
        self._command = command
        self._maintenance = finishing
        try:
            self._take_lock()
            try:
                self._finish_stopped(finishing)
                self._finish_upgrade()
                yield self
                if ctrl_c_lost():  # a Ctrl-C Python dropped while a module loaded: nothing is kept
                    raise KeyboardInterrupt
                self._commit()
            except BaseException:
                if self._txn is not None:
                    self._txn.discard()
                raise
            finally:
                self._let_go()
        finally:
            self._depth = 0
            self._command = None
            self._maintenance = False

    def _take_lock(self) -> None:
        """Lock the database directory (made where missing), and open this command's transaction."""
        lock = DirectoryLock(self.root)
        for _ in range(20):
            self._make_root()
            try:
                lock.acquire(self.wait)
                break
            except FolderGone:  # removed by another command that made it and changed nothing: again
                continue
        else:  # pragma: no cover - a directory made and removed twenty times over
            raise StoreError("store.lock_failed", path=self.root, strerror="the directory keeps disappearing")
        self._lock = lock
        self._forget()
        self._txn = Transaction(self.root, lock, bulk=self.bulk)

    def _make_root(self) -> None:
        """Make the database directory and the folders above it that are missing (0700), noted."""
        missing = []
        path = self.root
        while not os.path.isdir(path):
            if os.path.lexists(path):
                raise StoreError("store.path_is_file", path=path)
            missing.append(path)
            if path.parent == path:
                break
            path = path.parent
        for folder in reversed(missing):
            try:
                files.fs_mkdir(folder, mode=0o700)
                self._made.append(folder)
            except FileExistsError:
                pass
            except OSError as e:
                raise StoreError("store.cannot_create", path=self.root, strerror=e.strerror) from None

    def _let_go(self) -> None:
        """Close the transaction and release the lock; a directory this command made and
        committed nothing to is removed first (while the lock still keeps others out)."""
        txn, lock = self._txn, self._lock
        self._txn = None
        if txn is not None:
            txn.folders.close()
        try:
            if (txn is None or not txn.committed) and self._made:
                for folder in reversed(self._made):
                    try:
                        files.fs_rmdir(folder)
                    except OSError:
                        break
        finally:
            self._made = []
            self._lock = None
            self._forget()
            if lock is not None:
                lock.release()

    def _finish_stopped(self, finishing: bool) -> None:
        """Finish a change committed by a command that was stopped before it finished."""
        assert self._lock is not None
        try:
            journal = commit.finish(self.root, self._lock)
        except DamagedFile:
            if not finishing:
                raise
            self.set_aside(self.root / JOURNAL)  # a journal no one can follow: kept for people
            return
        self._forget()
        if journal is None:
            return
        self.finished = journal
        if not finishing:
            code = "store.finished_stopped" if journal.sessions else "store.finished_stopped.index"
            raise StoreError(code, command=journal.command or "", sessions=journal.sessions)

    def _commit(self) -> None:
        assert self._txn is not None
        if not self._txn.changes:
            return
        sessions = sorted({posixpath.basename(s.path)[:-5] for s in self._txn.steps
                           if s.path.startswith("sessions/") and s.path.endswith(".json")})
        try:
            self._txn.commit(self._command, sessions)
        except OSError as e:
            raise StoreError("store.unwritable", path=e.filename or self.root, strerror=e.strerror or str(e)) from None

    def _forget(self) -> None:
        """Drop what was read, so the next read sees the files as they are now."""
        self._index_db = None
        self._revisions = {}
        self._sessions_ok = False
        self._first_copies = set()

    def take_lock(self) -> None:
        """Inside :meth:`writing` (the lock is taken when it starts: nothing more to do)."""
        self._for_write()

    def _for_write(self) -> None:
        """Called before any change: inside :meth:`writing`."""
        if not self._depth or self._txn is None:
            raise RuntimeError("a change to the database outside Store.writing()")

    # -- staging changes ------------------------------------------------------------------
    def _unwritable(self, e: OSError, path: Path) -> StoreError:
        import errno

        if e.errno == errno.ELOOP:
            where = Path(e.filename) if isinstance(e.filename, str) and e.filename else path.parent
            if not where.is_absolute():
                where = self.root / where
            return StoreError("store.folder_link", path=where)
        return StoreError("store.unwritable", path=path, strerror=e.strerror or str(e))

    def put(self, rel: str, data: bytes, sync: bool = True, new_folder: bool = False) -> None:
        """Stage ``data`` as the file ``rel`` (see :meth:`Transaction.put`). Raises :class:`OSError`."""
        self._for_write()
        assert self._txn is not None
        self._txn.put(rel, data, sync, new_folder)

    def move(self, rel: str, to: str) -> None:
        """Stage moving ``rel`` to ``to``. Raises :class:`OSError`."""
        self._for_write()
        assert self._txn is not None
        self._txn.move(rel, to)

    def remove(self, rel: str) -> None:
        """Stage removing the file ``rel``."""
        self._for_write()
        assert self._txn is not None
        self._txn.remove(rel)

    def _stage_text(self, path: Path, text: str) -> None:
        """The ``sink`` of the store's TinyDB files: stage the file and a kept copy of it (the
        first copy of a session this command adds is kept without listing its folder)."""
        rel = self.rel(path)
        if rel.startswith("sessions/"):
            self._sessions_folder_checked()
        try:
            self.put(rel, text.encode("utf-8"))
        except OSError as e:
            raise self._unwritable(e, path) from None
        try:
            self._kept.keep(path, text, first=path.stem in self._first_copies)
        except OSError:
            pass  # a backup folder that is a link (or cannot be made): no copy through it; the file is saved

    @contextmanager
    def _changing(self, db: TinyDB) -> Iterator[TinyDB]:
        """The TinyDB changes made in this block are staged as ONE write of its file."""
        try:
            with db.storage.held():
                yield db
        except OSError as e:
            raise self._unwritable(e, db.storage.path) from None

    # -- opening files -------------------------------------------------------
    def _open_index(self, path: Path, found: dict | None = None, read_only: bool = True) -> TinyDB:
        """TinyDB over an index file (``path``: index.json or a copy of it), upgraded in
        memory and checked when read; ``found["schema"]`` gets the schema as found. Under the
        lock it is read once: what this command read is what it writes back, whatever is done
        to the file meanwhile (deleted by hand: written whole again in the commit)."""

        def prepare(data: dict) -> None:
            if found is not None:
                found["schema"] = schema_of(data)
            upgrade("index", data, path)
            data.setdefault("sessions", {})
            schema.check_index(data.get("_meta", {}).get("1"), data["sessions"], path)

        return open_db(path, read_only=read_only, prepare=prepare, sink=self._stage_text, source=self.source_path,
                       watch=self._lock is None or path != self.index_path or read_only)

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
        changed. Where there is no index but session files, only ``rebuilding`` it may go on;
        an index listing no session while session files are there is refused too."""
        if self._index_db is None:
            self._index_db = self._open_index(self.index_path, read_only=False)
        db = self._index_db
        if rebuilding or self._maintenance:
            return db
        data = db.storage.read()
        if data is None or not data.get("sessions"):
            orphans = [p for p in self.session_files() if p.stem not in self._written]
            if orphans:
                # sessions without their index, or an index emptied of them (not the ones this
                # command just wrote): never start a new, empty list over them
                if data is None:
                    raise StoreError("store.index_missing", path=self.index_path, count=len(orphans))
                raise StoreError("store.index_emptied", path=self.index_path, count=len(orphans))
        return db

    def _meta(self) -> dict:
        return self._index().table("_meta").get(doc_id=1) or _fresh_meta()

    def summaries(self) -> list[dict]:
        """Every session's summary row, oldest first (reads the index only); a session
        listed twice counts once (its latest row; `db check --repair` drops the other)."""
        rows: dict[str, dict] = {}
        # the rows as read (TinyDB's storage, checked when read), not through its table, which
        # makes a document of each row first: `sessions` reads a thousand of them
        for r in ((self._index().storage.read() or {}).get("sessions") or {}).values():
            if r["id"] not in rows or r.get("revision", 0) >= rows[r["id"]].get("revision", 0):
                rows[r["id"]] = r
        return sorted(map(dict, rows.values()), key=lambda r: (r.get("created", ""), r["id"]))

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
        if os.path.dirname(path) == self._sessions_text:  # (path.parent == sessions_dir, without making a path)
            self._sessions_folder_checked()
        db = open_db(path, read_only=True, watch=False, prepare=_upgrading("session", path), source=self.source_path)
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

    def as_kept(self, path: Path) -> bool:
        """Whether a session file holds exactly what its newest kept copy holds (what scorekeeper
        last wrote to it: every save keeps a copy in the same commit)."""
        copies = [b for b in self.backups(path) if not b.deleted]
        if not copies:
            return False
        try:
            mine, kept = self.source_path(path), self.source_path(copies[0].path)
            return mine is not None and kept is not None and files.read_bytes(mine) == files.read_bytes(kept)
        except ScorekeeperError:
            return False

    def load(self, session_id: str) -> dict:
        """The whole session record (see :mod:`scorekeeper.storage.schema`). Reads one file."""
        record, revision = self.read_session(self.session_path(session_id), session_id)
        self._revisions[session_id] = revision
        return record

    def revision(self, session_id: str) -> int | None:
        """The revision of a session file as this store last read or wrote it (None: not read)."""
        return self._revisions.get(session_id)

    def unlisted(self) -> list[str]:
        """Ids of session files the index does not list."""
        listed = {r["id"] for r in self._index().table("sessions").all()}
        return [p.stem for p in self.session_files() if p.stem not in listed and SESSION_ID.fullmatch(p.stem)]

    def new_id(self) -> str:
        """A fresh session id (8 hex digits) used by no session listed, on disk or kept in the backups."""
        import secrets

        ids = {r["id"] for r in self._index().table("sessions").all()}
        ids |= {p.stem for p in self.session_files()} | set(self.backed_up_sessions())
        while True:
            candidate = secrets.token_hex(4)
            if candidate not in ids:
                return candidate

    # -- changes ------------------------------------------------------------
    def save(self, record: dict, summary: dict, current: Any = KEEP) -> None:
        """Write a session record, then its summary row (and, when given, the
        current session) in ONE write of the index, committed together."""
        self.save_many([(record, summary)], current=current)

    def save_many(self, pairs: Iterable[tuple[dict, dict] | tuple[dict, dict, str]], current: Any = KEEP, *,
                  checked: bool = False) -> None:
        """Stage several ``(record, summary)`` pairs: each session file once, then the
        index once (for imports and bulk loads); they are committed together with the
        rest of the command. ``pairs`` is taken one pair at a time, so the later ones may still
        be in the making while the first are staged (an import whose sessions are checked in
        forked copies). A pair may hold a third item, the record's text (:func:`session_text`)
        made beforehand: the file is then written without encoding the record here. ``current``
        (an id, None, or :data:`LAST`: the last session of ``pairs``) also sets the current
        session in the same index write. ``checked``: the records were checked against the
        record schema in this command already (:func:`scorekeeper.storage.schema.validate_session`,
        an import's check), so only the summary rows are checked here. With no pair, nothing
        is written."""
        self._for_write()
        self._index()  # an index that cannot be used stops the command before any file is written
        rows = []
        # several sessions (a list of more than one, or a stream: an import's): whose copies are
        # kept is read once, from the folders' listing, instead of asking each session's files
        several = len(pairs) > 1 if isinstance(pairs, (list, tuple)) else True
        kept = set(self.backed_up_sessions()) if several else None
        for record, summary, *made in pairs:
            sid = record["id"]
            path = self.session_path(sid)
            try:  # what is written must read back: never a file every command refuses
                if not checked:
                    schema.check_session({"revision": 1}, record, path, sid)
                schema.check_row({**summary, "id": sid}, "1", self.index_path)
            except DamagedFile as e:
                raise StoreError("store.cannot_save", session=sid, reason=e.reason) from None
            revision = self._next_revision(sid, path, kept)
            if kept is not None and sid not in kept and revision == 1:
                self._first_copies.add(sid)  # no copy of it anywhere: its first is kept without a listing
            meta = {"schema": SCHEMA_VERSION, "revision": revision}
            # the file TinyDB reads (see the module docstring), its two tables written here at once
            self._stage_text(path, one_document_tables([("_meta", dumps(meta)),
                                                        ("session", made[0] if made else session_text(record))]))
            self._revisions[sid] = revision
            self._written.add(sid)
            rows.append({**summary, "id": sid, "revision": revision})
        if rows:
            self._change_index(rows, (), rows[-1]["id"] if current is LAST else current)

    def _next_revision(self, session_id: str, path: Path, kept: set[str] | None = None) -> int:
        """The revision the next save of a session file gets: one more than its file's, or,
        for a session whose file is gone (deleted, then imported or put back again), one more
        than any copy of it kept (``kept``: the sessions that have copies, when known)."""
        if session_id in self._revisions:
            return self._revisions[session_id] + 1
        if kept is not None and session_id not in kept and not self.present(path):
            return 1
        try:
            return self.read_session(path, session_id)[1] + 1
        except DamagedFile:
            raise
        except StoreError:
            return self.highest_revision(session_id) + 1

    def highest_revision(self, session_id: str) -> int:
        """The highest revision the session's file and every kept copy of it hold (0: none)."""
        found = [0]
        path = self.session_path(session_id)
        for where in [path] + [b.path for b in self.backups(path)]:
            try:
                found.append(self.read_session(where, session_id)[1])
            except ScorekeeperError:
                continue
        row = self.summary(session_id) if self.present(self.index_path) else None
        if row is not None and isinstance(row.get("revision"), int) and not isinstance(row.get("revision"), bool):
            found.append(row["revision"])
        return max(found)

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
        """Remove a session: its summary row goes from the index (the current session is
        unset if it was this one) and its file is moved to its kept copies (as
        ``N-deleted.json``), so `scorekeeper db restore --session ID` can bring it back —
        both in the command's one commit."""
        self._for_write()
        self._change_index((), [session_id], KEEP)
        path = self.session_path(session_id)
        if self.present(path):
            try:
                self._kept.keep(path, tag="-deleted")
            except OSError as e:
                raise self._unwritable(e, self.backups_dir) from None

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
        """Replace ``backup.of`` — the file, or whatever stands in its place (a link, a pipe, a
        folder) — with the backup's content: what stood there is moved to
        ``backups/set-aside/`` (never deleted), and the copy put back is kept as the newest
        copy. A session file put back gets a revision above any it has had (revisions are
        never reused). The caller checks the backup first and updates the index after."""
        self._for_write()
        target = backup.of
        source = self.source_path(backup.path)
        raw = files.read_bytes(source) if source is not None else None
        if raw is None:
            raise StoreError("store.session_missing", path=backup.path)
        text = raw.decode("utf-8")
        if target.parent == self.sessions_dir:
            import json

            data = json.loads(text)
            data["_meta"]["1"]["revision"] = self.highest_revision(target.stem) + 1
            self._revisions[target.stem] = data["_meta"]["1"]["revision"]
            text = dumps(data)
        if self.present(target):
            self.set_aside(target)
        self._stage_text(target, text)
        self._index_db = None

    def set_aside(self, path: Path, name: str | None = None) -> Path:
        """Move a (damaged or replaced) file — or whatever stands in its place — to
        ``backups/set-aside/`` (as ``name``, by default its own name, and the time), at the
        commit; returns where it will be."""
        self._for_write()
        try:
            target = self._kept.set_aside(path, name)
        except OSError as e:
            raise self._unwritable(e, self.backups_dir / "set-aside") from None
        if path == self.index_path:
            self._index_db = None
        return target

    def write_index_rows(self, rows: list[dict], current: str | None) -> None:
        """Write a whole new index holding ``rows`` (rebuilding a lost index)."""
        self._for_write()
        if self.present(self.index_path):
            self.set_aside(self.index_path)
        self._index_db = None
        self._change_index(rows, (), current, rebuilding=True)

    def leftovers(self) -> list[Path]:
        """Temporary files left by commands that were killed while writing: only names
        scorekeeper makes (``.NAME.json.XXXXXXXX.tmp``, see :func:`files.is_temporary`),
        never one a committed change still needs."""
        found = []
        for folder in ["", "sessions"] + self._kept.folders():
            for name in self.listed(folder) or ():
                path = self.root / folder / name if folder else self.root / name
                if files.is_temporary(name) and files._kind_of(path) == "file":
                    found.append(path)
        return sorted(found)

    def strays(self) -> list[Path]:
        """What ``sessions/`` holds that is not a session file (``ID.json``); hidden files
        (a name starting with a dot: temporary files among them) are not looked at."""
        return sorted(self.sessions_dir / n for n in self.listed("sessions") or ()
                      if not n.startswith(".") and not (n.endswith(".json") and SESSION_ID.fullmatch(n[:-5])))

    def session_files(self) -> list[Path]:
        """Every ``sessions/*.json`` file (the session files on disk, as this command sees them)."""
        self._sessions_folder_checked()
        return [self.sessions_dir / n for n in self.listed("sessions") or ()
                if n.endswith(".json") and not n.startswith(".")]

    # -- schema upgrades ----------------------------------------------------
    def _finish_upgrade(self) -> None:
        """Under the lock: if the index is of an older schema, upgrade every
        session file, then the index (recording the migrations), in this command's
        commit. Each migration can run twice on a file."""
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
            db = open_db(path, prepare=_upgrading("session", path), sink=self._stage_text)
            self._rewrite(db)
        applied: list[str] = []
        db = open_db(self.index_path, sink=self._stage_text,
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
        except OSError:
            pass  # no copy through a linked backup folder
        with self._changing(db):
            if meta is not None:
                db.table("_meta").update(meta, doc_ids=[1])
            else:
                db.storage.write(db.storage.read())
