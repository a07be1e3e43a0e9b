"""The kept copies of the database files: ``DIR/backups/`` (SPEC §6).

::

    DIR/backups/index/*.json       the last BACKUPS_KEPT states of index.json written
    DIR/backups/sessions/ID/*.json the last BACKUPS_KEPT states of each session file written
    DIR/backups/set-aside/         damaged or replaced files moved away by
                                   `scorekeeper db restore` (never deleted)

Every state a command writes is also copied here, so the newest copy of a
file is its last good state; a deleted session's file is moved here too
(named ``...-deleted.json``), and a schema upgrade keeps the copy of the file
it replaces. Copy names are UTC times, so they sort oldest first.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from scorekeeper.storage.files import fsync_directory
from scorekeeper.storage.schema import SESSION_ID

#: How many earlier good states of each file ``DIR/backups/`` keeps.
BACKUPS_KEPT = 5


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


class Backups:
    """The backups directory of the database at ``root`` (whose index is ``index_path``)."""

    def __init__(self, root: Path, index_path: Path):
        self.dir = root / "backups"
        self.index_path = index_path

    def folder_of(self, path: Path) -> Path:
        """Where the copies of the database file ``path`` are kept."""
        if path == self.index_path:
            return self.dir / "index"
        return self.dir / "sessions" / path.stem

    def keep(self, path: Path, text: str | None = None, tag: str = "") -> None:
        """Keep a copy of a database file's content — ``text``, or the file itself moved
        here when ``text`` is None — and drop all but the newest :data:`BACKUPS_KEPT`.
        Only content a command wrote, or read and checked, gets here. ``tag``
        "-deleted" marks the copy of a deleted session. The copies are not fsynced:
        `db restore` checks a copy before using it. Raises :class:`OSError`."""
        folder = self.folder_of(path)
        folder.mkdir(parents=True, exist_ok=True)
        n = 0
        while True:  # a name not taken yet, still in time order
            target = folder / f"{stamp(n)}{tag}.json"
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

    def of(self, path: Path) -> list[Backup]:
        """The kept copies of a database file, newest first."""
        folder = self.folder_of(path)
        if not folder.is_dir():
            return []
        found = sorted((p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")),
                       reverse=True)
        return [Backup(p, path, mtime(p), p.stem.endswith("-deleted")) for p in found]

    def sessions(self) -> list[str]:
        """Ids of the sessions that have copies (deleted ones included)."""
        folder = self.dir / "sessions"
        if not folder.is_dir():
            return []
        return sorted(p.name for p in folder.iterdir() if p.is_dir() and SESSION_ID.fullmatch(p.name))

    def set_aside(self, path: Path) -> Path:
        """Move a (damaged or replaced) file to ``set-aside/``; returns its new path.
        Raises :class:`OSError`."""
        folder = self.dir / "set-aside"
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{path.name}.{stamp()}"
        os.replace(path, target)
        fsync_directory(path.parent)
        return target

    def folders(self) -> list[Path]:
        """Every folder holding copies (where killed commands may leave temporary files)."""
        found = [self.dir / "index"]
        if (self.dir / "sessions").is_dir():
            found += [p for p in (self.dir / "sessions").iterdir() if p.is_dir()]
        return found


def stamp(later: int = 0) -> str:
    """The UTC time as a file name that sorts in time order (``later`` microseconds on)."""
    return (datetime.now(timezone.utc) + timedelta(microseconds=later)).strftime("%Y%m%dT%H%M%S.%fZ")


def mtime(path: Path) -> str:
    """When a file was last written (ISO 8601, UTC), or "" when that cannot be told."""
    try:
        t = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(t, timezone.utc).replace(microsecond=0).isoformat()
