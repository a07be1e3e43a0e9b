"""The kept copies of the database files: ``DIR/backups/`` (SPEC §6).

::

    DIR/backups/index/N.json       the last BACKUPS_KEPT states of index.json written
    DIR/backups/sessions/ID/N.json the last BACKUPS_KEPT states of each session file written
    DIR/backups/set-aside/         damaged, replaced or stray files moved away by
                                   `scorekeeper db restore` / `db check --repair` (never deleted)

Every state a command writes is also copied here, so the newest copy of a
file is its last good state; a deleted session's file is moved here too
(named ``N-deleted.json``), and a schema upgrade keeps the copy of the file
it replaces. Copies are numbered by the database itself — N is one more than
the highest number in the folder — so their order never depends on the clock
(copies named by time, from earlier versions, count as older than any numbered
one). Copies are private like the live files (0600) and the folders are made
without following a link: a folder that is a symlink is never written or
pruned through.
"""
from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from scorekeeper.storage.files import fsync_directory
from scorekeeper.storage.schema import SESSION_ID

#: How many earlier good states of each file ``DIR/backups/`` keeps.
BACKUPS_KEPT = 5
#: a copy's name: its number (or, from earlier versions, a UTC time), "-deleted" for a deleted session
_COPY = re.compile(r"(?:(?P<n>\d{8,})|(?P<t>\d{8}T\d{6}\.\d{6}Z))(?P<deleted>-deleted)?\.json")


@dataclass(frozen=True)
class Backup:
    """One kept copy of a file: ``path`` of the copy, ``of`` the file it is a copy
    of, ``saved`` when that content was written (ISO 8601), ``number`` its place in
    the order the database kept them (-1: a copy named by time, older than any numbered one)."""

    path: Path
    of: Path
    saved: str
    #: the copy `delete` made of a session it deleted
    deleted: bool = False
    number: int = 0


def order(path: Path) -> tuple[int, str] | None:
    """Where a copy's name puts it among its folder's copies (None: not a copy scorekeeper makes)."""
    m = _COPY.fullmatch(path.name)
    if m is None:
        return None
    return (int(m["n"]), "") if m["n"] else (-1, m["t"])


def private_dir(root: Path, *parts: str) -> Path:
    """``root/parts...``, each folder made (0700) where missing and none of them a link or
    anything but a folder. Raises :class:`OSError` (``ELOOP`` for a link)."""
    import errno

    path = root
    for part in parts:
        path = path / part
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            raise OSError(errno.ELOOP, "a symbolic link where a folder belongs", str(path))
        if not stat.S_ISDIR(st.st_mode):
            raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
    return path


def linked_folder(root: Path) -> Path | None:
    """The first of ``backups/`` and its folders that is a symlink (None: none is)."""
    base = root / "backups"
    candidates = [base]
    if base.is_dir() and not base.is_symlink():
        candidates += [base / "index", base / "sessions", base / "set-aside"]
        sessions = base / "sessions"
        if sessions.is_dir() and not sessions.is_symlink():
            candidates += list(sessions.iterdir())
    return next((p for p in candidates if p.is_symlink()), None)


class Backups:
    """The backups directory of the database at ``root`` (whose index is ``index_path``)."""

    def __init__(self, root: Path, index_path: Path):
        self.root = root
        self.dir = root / "backups"
        self.index_path = index_path

    def _parts(self, path: Path) -> tuple[str, ...]:
        if path == self.index_path:
            return ("backups", "index")
        return ("backups", "sessions", path.stem)

    def folder_of(self, path: Path) -> Path:
        """Where the copies of the database file ``path`` are kept."""
        return self.root.joinpath(*self._parts(path))

    def _copies(self, folder: Path) -> list[tuple[tuple[int, str], Path]]:
        found = []
        for p in folder.iterdir():
            key = order(p)
            if key is not None and not p.is_symlink():
                found.append((key, p))
        return sorted(found)

    def keep(self, path: Path, text: str | None = None, tag: str = "") -> None:
        """Keep a copy of a database file's content — ``text``, or the file itself moved
        here when ``text`` is None — and drop all but the newest :data:`BACKUPS_KEPT`
        (only copies scorekeeper named). Only content a command wrote, or read and checked,
        gets here. ``tag`` "-deleted" marks the copy of a deleted session. The copies
        are not fsynced: `db restore` checks a copy before using it. Raises :class:`OSError`."""
        folder = private_dir(self.root, *self._parts(path))
        copies = self._copies(folder)
        number = max((k[0] for k, _ in copies), default=0) + 1
        target = folder / f"{number:08d}{tag}.json"
        if text is None:
            os.replace(path, target)
            fsync_directory(path.parent)
        else:
            _write_copy(folder, target, text)
        copies.append(((number, ""), target))
        for _, old in copies[:-BACKUPS_KEPT]:
            try:
                old.unlink()
            except OSError:
                pass

    def sessions_folder(self) -> Path:
        """``backups/sessions/``, made (0700) where missing, it and ``backups/`` checked to be
        folders and no links — once for a command that keeps many first copies
        (:meth:`keep_first`). Raises :class:`OSError` (``ELOOP`` for a link)."""
        return private_dir(self.root, "backups", "sessions")

    def keep_first(self, sessions: Path, path: Path, text: str) -> None:
        """Keep the first copy of a session file the command has just created (an import),
        ``sessions`` being :meth:`sessions_folder`: the session's folder is made (0700) and
        the copy written as number 1, without listing or pruning the folder it has just
        made. When the session's folder is already there (copies of a deleted session under
        the same id, or anything planted there) the copy is kept as :meth:`keep` keeps it,
        which never writes through a link. Raises :class:`OSError`."""
        folder = sessions / path.stem
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            self.keep(path, text)
            return
        _write_copy(folder, folder / f"{1:08d}.json", text)

    def of(self, path: Path) -> list[Backup]:
        """The kept copies of a database file, newest first (none through a linked folder)."""
        folder = self.folder_of(path)
        if not folder.is_dir() or any(p.is_symlink() for p in (self.dir, folder.parent, folder)):
            return []
        return [Backup(p, path, mtime(p), p.stem.endswith("-deleted"), key[0])
                for key, p in reversed(self._copies(folder))]

    def sessions(self) -> list[str]:
        """Ids of the sessions that have copies (deleted ones included)."""
        folder = self.dir / "sessions"
        if not folder.is_dir() or folder.is_symlink() or self.dir.is_symlink():
            return []
        return sorted(p.name for p in folder.iterdir() if p.is_dir() and SESSION_ID.fullmatch(p.name))

    def set_aside(self, path: Path, name: str | None = None) -> Path:
        """Move a (damaged, replaced or stray) file to ``set-aside/`` (as ``name``, by default its
        own, and the time); returns its new path. Raises :class:`OSError`."""
        folder = private_dir(self.root, "backups", "set-aside")
        n = 0
        while True:
            target = folder / f"{name or path.name}.{stamp()}{'.' + str(n) if n else ''}"
            if not os.path.lexists(target):
                break
            n += 1
        os.replace(path, target)
        fsync_directory(path.parent)
        return target

    def folders(self) -> list[Path]:
        """Every folder holding copies (where killed commands may leave temporary files)."""
        if not self.dir.is_dir() or self.dir.is_symlink():
            return []
        found = [self.dir / "index"]
        if (self.dir / "sessions").is_dir() and not (self.dir / "sessions").is_symlink():
            found += [p for p in (self.dir / "sessions").iterdir() if p.is_dir() and not p.is_symlink()]
        return found


def _write_copy(folder: Path, target: Path, text: str) -> None:
    """Write ``text`` as the copy ``target`` in ``folder``: a private (0600) temporary file
    renamed into place (not fsynced: `db restore` checks a copy before using it)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)  # 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def stamp() -> str:
    """The UTC time as a file name that sorts in time order (for what is set aside)."""
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")


def mtime(path: Path) -> str:
    """When a file was last written (ISO 8601, UTC), or "" when that cannot be told."""
    try:
        t = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(t, timezone.utc).replace(microsecond=0).isoformat()
