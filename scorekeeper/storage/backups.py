"""The kept copies of the database files: ``DIR/backups/`` (SPEC §6).

::

    DIR/backups/index/N.json       the last BACKUPS_KEPT states of index.json written
    DIR/backups/sessions/ID/N.json the last BACKUPS_KEPT states of each session file written
    DIR/backups/set-aside/         damaged, replaced or stray files moved away by
                                   `scorekeeper db restore` / `db check --repair` (never deleted)

Every state a command writes is also copied here, in the same commit as the
file itself (:mod:`scorekeeper.storage.commit`), so the newest copy of a file
is its last state written; a deleted session's file is moved here too (named
``N-deleted.json``), and a schema upgrade keeps the copy of the file it
replaces. Copies are numbered by the database itself — N is one more than
the highest number in the folder — so their order never depends on the clock
(copies named by time, from earlier versions, count as older than any numbered
one). Copies are private like the live files (0600) and the folders are made
without following a link: a folder that is a symlink is never written or
pruned through (no copy is kept there; the change itself is made).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

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


#: the longest name a file set aside keeps of its own (the rest is a digest of it): a stray file
#: of 245 letters still fits a file system's 255 once its time is added
_ASIDE_NAME = 100


def aside_name(name: str) -> str:
    """The name (without its time) a file set aside is kept under: its own, or for a long
    one its start and a digest of the whole."""
    if len(name.encode("utf-8", "surrogateescape")) <= _ASIDE_NAME:
        return name
    import hashlib

    digest = hashlib.blake2b(name.encode("utf-8", "surrogateescape"), digest_size=6).hexdigest()
    start = name.encode("utf-8", "surrogateescape")[:_ASIDE_NAME - 13].decode("utf-8", "ignore")
    return f"{start}-{digest}"


class Backups:
    """The backups directory of the database at ``root`` (whose index is ``index_path``).

    ``store`` gives what a command sees of the database and stages its changes (see
    :class:`scorekeeper.storage.store.Store`): ``listed(rel)`` (the names in a folder as
    this command left it, None when it is missing or a link), ``put``, ``move`` and
    ``remove`` (database-relative paths, carried out at the command's commit)."""

    def __init__(self, root: Path, index_path: Path, store: Any):
        self.root = root
        self.dir = root / "backups"
        self.index_path = index_path
        self.store = store

    def _parts(self, path: Path) -> tuple[str, ...]:
        if path == self.index_path:
            return ("backups", "index")
        return ("backups", "sessions", path.stem)

    def folder_of(self, path: Path) -> Path:
        """Where the copies of the database file ``path`` are kept."""
        return self.root.joinpath(*self._parts(path))

    def _copies(self, parts: tuple[str, ...]) -> list[tuple[tuple[int, str], str]]:
        """The copies in a folder (names scorekeeper gives), oldest first; none through a link."""
        names = self.store.listed("/".join(parts))
        found = []
        for name in names or ():
            key = order(Path(name))
            if key is not None:
                found.append((key, name))
        return sorted(found)

    def keep(self, path: Path, text: str | None = None, tag: str = "", first: bool = False) -> None:
        """Keep a copy of a database file's content — ``text``, or the file itself moved
        there when ``text`` is None (`delete`) — and drop all but the newest
        :data:`BACKUPS_KEPT` (only copies scorekeeper named), at the command's commit. Only
        content a command writes, or read and checked, gets here. ``tag`` "-deleted" marks
        the copy of a deleted session. The copies are not flushed to the disk before the
        commit: `db restore` checks a copy before using it. A copy is a file of its own, never
        a second name of the live file (a file changed in place by hand, ``>`` in a shell, would
        change its copy with it). ``first``: the file has no copies yet (a session an import
        adds): its folder is not listed. Raises :class:`OSError` (a folder on the way that is a
        link: ``ELOOP``)."""
        parts = self._parts(path)
        folder = "/".join(parts)
        copies = [] if first else self._copies(parts)
        number = max((k[0] for k, _ in copies), default=0) + 1
        target = f"{folder}/{number:08d}{tag}.json"
        if text is None:
            self.store.move(self.store.rel(path), target)
        else:
            self.store.put(target, text.encode("utf-8"), sync=False, new_folder=first)
        for _, old in copies[:max(0, len(copies) + 1 - BACKUPS_KEPT)]:  # the newest BACKUPS_KEPT stay
            self.store.remove(f"{folder}/{old}")

    def of(self, path: Path) -> list[Backup]:
        """The kept copies of a database file, newest first (none through a linked folder)."""
        parts = self._parts(path)
        folder = self.root.joinpath(*parts)
        out = []
        for key, name in reversed(self._copies(parts)):
            where = self.store.source_path(folder / name)
            if where is None:
                continue
            out.append(Backup(folder / name, path, mtime(where), name[:-5].endswith("-deleted"), key[0]))
        return out

    def sessions(self) -> list[str]:
        """Ids of the sessions that have copies (deleted ones included)."""
        names = self.store.listed("backups/sessions")
        return sorted(n for n in names or () if SESSION_ID.fullmatch(n)
                      and self.store.listed(f"backups/sessions/{n}") is not None)

    def set_aside(self, path: Path, name: str | None = None) -> Path:
        """Move a (damaged, replaced or stray) file — or whatever stands in its place — to
        ``set-aside/`` (as ``name``, by default its own, and the time) at the commit; returns
        where it will be. Raises :class:`OSError`."""
        kept = aside_name(name or path.name)
        listed = set(self.store.listed("backups/set-aside") or ())
        n = 0
        while True:
            target = f"{kept}.{stamp()}{'.' + str(n) if n else ''}"
            if target not in listed:
                break
            n += 1
        self.store.move(self.store.rel(path), f"backups/set-aside/{target}")
        return self.dir / "set-aside" / target

    def folders(self) -> list[str]:
        """Every folder holding copies, database-relative (where killed commands may leave
        temporary files)."""
        if self.store.listed("backups") is None:
            return []
        found = ["backups/index"]
        for n in self.store.listed("backups/sessions") or ():
            if self.store.listed(f"backups/sessions/{n}") is not None:
                found.append(f"backups/sessions/{n}")
        return found


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
