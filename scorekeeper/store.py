"""Where sessions are kept: TinyDB files in one directory (SPEC §6).

Layout of the database directory (``--db`` > ``SCOREKEEPER_DB`` > the
platformdirs user data directory)::

    DIR/index.json            the index: schema version, current session, one
                              summary row per session (for `sessions`)
    DIR/sessions/ID.json      one session: its setup, the hands as entered,
                              what undo took (for redo) and the audit trail
    DIR/.lock                 held by every command that changes anything

One command touches the index and one session file, whatever the number of
sessions kept. Every write goes to a temporary file in the same directory,
is fsynced and renamed over the old one, so a crash leaves the old or the new
file, whole. Commands that only read take no lock and create nothing.

This is the only module that imports tinydb.

A session record (what :meth:`Store.load` returns and :meth:`Store.save` takes)::

    {"id": "3f9a0c1e", "variant": "rummy500", "players": ["Ann", "Bob"],
     "rules": {"target": 500, ...}, "title": None, "dealer": "Ann",
     "created": "2026-11-29T20:15:00+00:00",
     "hands": [{"entry": {...hand file...}, "form": "file", "time": "..."}],
     "undone": [...hands taken back by undo, last on top...],
     "audit": [{"time": ..., "action": "entered|edited|undone|redone", "number": 3,
                "entry": {...}, "previous": {...} | None}]}
"""
from __future__ import annotations

import json
import os
import secrets
import tempfile
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from tinydb import TinyDB
from tinydb.storages import Storage

from scorekeeper.core.errors import StateError, StoreError

SCHEMA_VERSION = 1
LOCK_TIMEOUT = 10.0
ENV_VAR = "SCOREKEEPER_DB"


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


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all or nothing: temp file, fsync, rename, fsync the directory."""
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
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that never rewrites a file in place.

    Reading a missing file gives an empty database without creating it;
    reading a damaged one raises :class:`StoreError` naming the file (it is
    never overwritten). Writing replaces the file atomically.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)

    def read(self) -> dict | None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as e:
            raise StoreError(f"The database file {self.path} cannot be read ({e.strerror}).") from None
        try:
            data = json.loads(text) if text.strip() else None
        except (json.JSONDecodeError, UnicodeDecodeError):
            data = "damaged"
        if data is None and text.strip() == "":
            data = "damaged"
        if not isinstance(data, dict):
            raise StoreError(
                f"The database file {self.path} is damaged and was left as it is; "
                "`scorekeeper db check` and `scorekeeper db restore` can recover it."
            )
        return data

    def write(self, data: dict) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        except OSError as e:
            raise StoreError(f"The database file {self.path} cannot be written ({e.strerror}).") from None

    def close(self) -> None:
        pass


def _open(path: Path) -> TinyDB:
    return TinyDB(path, storage=AtomicJSONStorage)


class Store:
    """The database directory. Methods that change anything must run inside
    :meth:`writing`, which holds the lock from the read to the write."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self._locked = False

    # -- locking ------------------------------------------------------------
    @contextmanager
    def writing(self) -> Iterator["Store"]:
        """Hold the database lock (waiting at most 10 s) for a command that changes it."""
        from filelock import FileLock, Timeout

        if self.root.exists() and not self.root.is_dir():
            raise StoreError(f"The database path {self.root} is a file, not a directory.")
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"The database directory {self.root} cannot be created ({e.strerror}).") from None
        lock = FileLock(str(self.root / ".lock"), timeout=LOCK_TIMEOUT)
        try:
            with lock:
                self._locked = True
                try:
                    yield self
                finally:
                    self._locked = False
        except Timeout:
            raise StoreError(f"The database is busy: another scorekeeper command holds {self.root}.") from None

    def _check_locked(self) -> None:
        if not self._locked:
            raise RuntimeError("a change to the database outside Store.writing()")

    # -- files --------------------------------------------------------------
    @property
    def index_path(self) -> Path:
        return self.root / "index.json"

    def session_path(self, session_id: str) -> Path:
        return self.root / "sessions" / f"{session_id}.json"

    def _index(self) -> TinyDB:
        return _open(self.index_path)

    # -- the index ----------------------------------------------------------
    def summaries(self) -> list[dict]:
        """Every session's summary row, oldest first."""
        if not self.index_path.exists():
            return []
        rows = [dict(r) for r in self._index().table("sessions").all()]
        return sorted(rows, key=lambda r: (r.get("created", ""), r["id"]))

    def current_id(self) -> str | None:
        """The current session's id, or None."""
        if not self.index_path.exists():
            return None
        meta = self._index().table("_meta").get(doc_id=1)
        return meta.get("current") if meta else None

    def resolve(self, prefix: str | None) -> str:
        """The id a ``--session`` prefix names, or the current session.

        Raises :class:`StateError` when there is none or the prefix is ambiguous.
        """
        ids = [r["id"] for r in self.summaries()]
        if prefix is None:
            current = self.current_id()
            if current is None or current not in ids:
                raise StateError("There is no current session: start one with `scorekeeper new VARIANT NAME...`.")
            return current
        matches = [i for i in ids if i.startswith(prefix)]
        if prefix in ids:
            return prefix
        if not matches:
            raise StateError(f'No session has an id starting with "{prefix}"; `scorekeeper sessions` lists them.')
        if len(matches) > 1:
            raise StateError(f'"{prefix}" could be {", ".join(matches)}: give more of the id.')
        return matches[0]

    def load(self, session_id: str) -> dict:
        """The whole session record (see the module docstring)."""
        path = self.session_path(session_id)
        if not path.exists():
            raise StoreError(f"The session file {path} is missing; `scorekeeper db check` can help.")
        doc = _open(path).table("session").get(doc_id=1)
        if doc is None:
            raise StoreError(f"The session file {path} holds no session; `scorekeeper db check` can help.")
        return dict(doc)

    # -- changes ------------------------------------------------------------
    def new_id(self) -> str:
        ids = {r["id"] for r in self.summaries()}
        while True:
            candidate = secrets.token_hex(4)
            if candidate not in ids:
                return candidate

    def save(self, record: dict, summary: dict) -> None:
        """Write a session record, then its summary row in the index."""
        self._check_locked()
        table = _open(self.session_path(record["id"])).table("session")
        if table.contains(doc_id=1):
            table.update(_replace_all(record), doc_ids=[1])
        else:
            from tinydb.table import Document

            table.insert(Document(record, doc_id=1))
        self._save_summary(summary)

    def _save_summary(self, summary: dict) -> None:
        db = self._index()
        meta = db.table("_meta")
        if not meta.contains(doc_id=1):
            from tinydb.table import Document

            meta.insert(Document({"schema": SCHEMA_VERSION, "current": None}, doc_id=1))
        from tinydb import Query

        db.table("sessions").upsert(summary, Query().id == summary["id"])

    def set_current(self, session_id: str | None) -> None:
        self._check_locked()
        db = self._index()
        meta = db.table("_meta")
        if meta.contains(doc_id=1):
            meta.update({"current": session_id}, doc_ids=[1])
        else:
            from tinydb.table import Document

            meta.insert(Document({"schema": SCHEMA_VERSION, "current": session_id}, doc_id=1))

    def delete(self, session_id: str) -> None:
        """Remove a session and its summary; the current session is unset if it was this one."""
        self._check_locked()
        from tinydb import Query

        self._index().table("sessions").remove(Query().id == session_id)
        if self.current_id() == session_id:
            self.set_current(None)
        try:
            self.session_path(session_id).unlink()
        except FileNotFoundError:
            pass


def _replace_all(record: dict):
    """A TinyDB update operation that makes the document equal to ``record``."""

    def transform(doc: dict) -> None:
        doc.clear()
        doc.update(record)

    return transform


def new_record(session_id: str, variant: str, players: list[str], rules: dict[str, Any],
               title: str | None, dealer: str) -> dict:
    """A fresh session record with no hands."""
    return {"id": session_id, "variant": variant, "players": players, "rules": rules, "title": title,
            "dealer": dealer, "created": now(), "hands": [], "undone": [], "audit": []}
