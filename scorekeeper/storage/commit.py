"""One command, one commit (SPEC §6): every change a command makes to the database —
session files, the index, kept copies, files moved aside or removed — happens in one
atomic step, or not at all.

A command that changes the database stages each change in a :class:`Transaction` while
it holds the lock:

- a file to write (``put``) is written at once to a temporary file beside it
  (``.NAME.XXXXXXXX.tmp``, private, flushed to disk), and read back from there by the
  command itself (:meth:`Transaction.source`);
- a file to move (``move``: a deleted session to its copies, a damaged file to
  ``backups/set-aside/``) or remove (``remove``: what killed commands left) is only noted.

Its commit (:meth:`Transaction.commit`) writes the list of these steps to a journal,
``DIR/journal.json`` (a temporary file flushed, then renamed into place: that rename is
the commit), then carries them out in order — the temporary files renamed over the
files they replace, the moves, the removals — and removes the journal. Every step is
made relative to the directory the command locked (never through a link inside it),
after checking that the path still names that directory.

A kill or Ctrl-C before the journal is in place leaves the database as it was (only
temporary files, which ``db check --repair`` removes); after it, the change is made:
whoever reads the database reads it through the journal (:func:`pending`, the state
after every step), and the next command that changes it finishes the steps
(:func:`finish`) — each step can be carried out twice — and says what it finished.
Ctrl-C is held from the commit to the end of the steps, so a command that is
interrupted says truly whether its change was made.

The journal::

    {"journal": 1, "command": "hand", "sessions": ["3f9a0c1e"],
     "steps": [["put", ".3f9a0c1e.json.k2x8_q0a.tmp", "sessions/3f9a0c1e.json"],
               ["move", "sessions/3f9a0c1e.json", "backups/sessions/3f9a0c1e/00000007-deleted.json"],
               ["remove", "sessions/.old.json.abcdefgh.tmp"]]}

Paths are relative to the database directory, with ``/`` between their parts; a
``put``'s first path is the temporary file's name, in the folder of the second.
"""
from __future__ import annotations

import errno
import json
import os
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from scorekeeper.core.errors import StoreError
from scorekeeper.storage import files
from scorekeeper.storage.files import damaged

#: the journal's name in the database directory
JOURNAL = "journal.json"
#: :meth:`Transaction.source` of a path no step touches: read it where it is
AS_IS: Any = object()


@dataclass
class Step:
    """One step of a commit: ``put`` (``path`` written from the temporary file ``tmp``, a
    name in the same folder), ``move`` (``path`` to ``to``) or ``remove`` (``path``)."""

    kind: str
    path: str
    to: str | None = None
    tmp: str | None = None

    def as_json(self) -> list[str]:
        if self.kind == "put":
            return ["put", self.tmp or "", self.path]
        if self.kind == "move":
            return ["move", self.path, self.to or ""]
        return ["remove", self.path]


def _step_of(item: Any) -> Step | None:
    if not (isinstance(item, list) and item and all(isinstance(x, str) and x for x in item)):
        return None
    if item[0] == "put" and len(item) == 3 and "/" not in item[1]:
        return Step("put", item[2], tmp=item[1])
    if item[0] == "move" and len(item) == 3:
        return Step("move", item[1], to=item[2])
    if item[0] == "remove" and len(item) == 2:
        return Step("remove", item[1])
    return None


def _safe(rel: str) -> bool:
    """Whether a journal's path stays inside the database directory."""
    parts = rel.split("/")
    return bool(rel) and not rel.startswith("/") and all(p not in ("", ".", "..") for p in parts)


def _tmp_path(step: Step) -> str:
    """The database-relative path of a ``put``'s temporary file."""
    folder = posixpath.dirname(step.path)
    return posixpath.join(folder, step.tmp) if folder else step.tmp  # type: ignore[arg-type]


def overlay(steps: Iterable[Step], view: dict[str, str | None] | None = None) -> dict[str, str | None]:
    """What ``steps`` (not yet carried out) make of the files they touch: ``{path: where its
    content is now}`` (a temporary file, the file a move takes it from) or None (gone)."""
    view = {} if view is None else view
    for step in steps:
        if step.kind == "put":
            view[step.path] = _tmp_path(step)
        elif step.kind == "move":
            assert step.to is not None
            view[step.to] = view.get(step.path, step.path)
            view[step.path] = None
        else:
            view[step.path] = None
    return view


@dataclass
class Journal:
    """A journal as read: what command made it, which sessions it changes, its steps."""

    command: str | None
    sessions: list[str]
    steps: list[Step] = field(default_factory=list)


def read_journal(root: Path) -> Journal | None:
    """The journal of the database at ``root``, or None when there is none. Raises
    :class:`~scorekeeper.storage.files.DamagedFile` for one that cannot be followed."""
    path = root / JOURNAL
    raw = files.read_bytes(path, limit=64 * 1024 * 1024)
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise damaged(path, "store.reason.journal") from None
    if not isinstance(data, dict) or data.get("journal") != 1 or not isinstance(data.get("steps"), list):
        raise damaged(path, "store.reason.journal")
    steps = [_step_of(item) for item in data["steps"]]
    if any(s is None or not _safe(s.path) or (s.to is not None and not _safe(s.to)) for s in steps):
        raise damaged(path, "store.reason.journal")
    command = data.get("command") if isinstance(data.get("command"), str) else None
    sessions = [s for s in data.get("sessions") or [] if isinstance(s, str)]
    return Journal(command, sessions, steps)  # type: ignore[arg-type]


def _done(root: Path, step: Step) -> bool:
    """Whether a step of a journal is carried out (each tells by itself: a ``put`` whose temporary
    file is gone, a ``move`` whose target is there or whose source is gone, a ``remove`` whose file
    is gone)."""
    if step.kind == "put":
        return not os.path.lexists(root / _tmp_path(step))
    if step.kind == "move":
        return os.path.lexists(root / step.to) or not os.path.lexists(root / step.path)  # type: ignore[operator]
    return not os.path.lexists(root / step.path)


def pending(root: Path) -> tuple[Journal | None, dict[str, str | None]]:
    """For a command that only reads: the journal of a change committed but not finished
    (its command was stopped), and what its steps not yet carried out make of the files
    (:func:`overlay`); ``(None, {})`` when there is none. A journal that cannot be followed
    is ignored here (the files are read as they are; `db check` reports it)."""
    try:
        journal = read_journal(root)
    except StoreError:
        return None, {}
    if journal is None:
        return None, {}
    return journal, overlay([step for step in journal.steps if not _done(root, step)])


class Folders:
    """The folders of the database, opened relative to the locked directory's descriptor
    ``root_fd`` and never through a link; folders made where missing (0700) are noted so a
    command that changes nothing can take them away again."""

    #: folders kept open at most; deeper ones (a session's copies) are closed beyond it
    CAP = 32

    def __init__(self, root_fd: int):
        self.root_fd = root_fd
        self._fds: dict[str, int] = {"": root_fd}
        self._last = ""
        self.made: list[str] = []

    def get(self, rel: str, create: bool = True, new: bool = False) -> int:
        """The descriptor of folder ``rel`` ("" is the database directory); ``new``: most likely
        missing (made first, then opened). Raises :class:`OSError` (``ELOOP``/``ENOTDIR`` for a
        link or a file on the way)."""
        if rel in self._fds:
            self._last = rel
            return self._fds[rel]
        if len(self._fds) > self.CAP:  # an import makes a thousand folders: never a thousand open at once
            for other in [r for r in self._fds if r.count("/") >= 2 and r != self._last]:
                os.close(self._fds.pop(other))
        parent, name = posixpath.split(rel)
        pfd = self.get(parent, create)
        if new and create:
            try:
                files.fs_mkdir(name, pfd, 0o700)
                self.made.append(rel)
            except FileExistsError:
                pass
        try:
            fd = files.open_folder(name, pfd)
        except FileNotFoundError:
            if not create:
                raise
            try:
                files.fs_mkdir(name, pfd, 0o700)
                self.made.append(rel)
            except FileExistsError:
                pass
            fd = files.open_folder(name, pfd)
        except OSError as e:
            if e.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                raise OSError(errno.ELOOP, "a symbolic link or a file where a folder belongs", rel) from None
            raise
        self._fds[rel] = fd
        self._last = rel
        return fd

    def close(self) -> None:
        for rel, fd in self._fds.items():
            if rel:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._fds = {"": self.root_fd}

    def take_back(self) -> None:
        """Remove the folders made (when empty), newest first: a command that changed nothing
        leaves nothing."""
        self.close()
        for rel in reversed(self.made):
            parent, name = posixpath.split(rel)
            try:
                files.fs_rmdir(name, self.get(parent, create=False))
            except OSError:
                pass
        self.made = []
        self.close()


def _carry_out(folders: Folders, step: Step, again: bool) -> bool:
    """Carry out one step; ``again``: it may have been carried out already (finishing a
    stopped command's journal), then a step with nothing left to do is passed over.
    Returns whether anything was done."""
    if step.kind == "put":
        folder, name = posixpath.split(step.path)
        fd = folders.get(folder)
        if again and not _lexists(step.tmp, fd):  # type: ignore[arg-type]
            return False
        files.fs_rename(step.tmp, name, fd, fd)  # type: ignore[arg-type]
        return True
    if step.kind == "move":
        sfolder, sname = posixpath.split(step.path)
        dfolder, dname = posixpath.split(step.to)  # type: ignore[arg-type]
        sfd, dfd = folders.get(sfolder), folders.get(dfolder)
        if again and (not _lexists(sname, sfd) or _lexists(dname, dfd)):
            return False
        files.fs_rename(sname, dname, sfd, dfd)
        return True
    folder, name = posixpath.split(step.path)
    try:
        fd = folders.get(folder, create=False)
    except FileNotFoundError:
        return False
    try:
        files.fs_unlink(name, fd)
    except FileNotFoundError:
        return False
    return True


def _lexists(name: str, dir_fd: int) -> bool:
    try:
        os.lstat(name, dir_fd=dir_fd)
    except FileNotFoundError:
        return False
    return True


class Transaction:
    """The changes one command makes, staged until its commit (see the module docstring).

    ``root`` is the database directory and ``lock`` its :class:`~scorekeeper.storage.lock.DirectoryLock`,
    held. ``bulk``: many files are written (an import): they are flushed to disk with one
    ``sync()`` at the commit rather than one by one."""

    def __init__(self, root: Path, lock: Any, bulk: bool = False):
        self.root = root
        self.lock = lock
        self.bulk = bulk
        self.folders = Folders(lock.fd)
        self.steps: list[Step] = []
        self.view: dict[str, str | None] = {}
        #: the view by folder: ``{folder: {name: whether it is there}}`` (what a listing adds or takes away)
        self.children: dict[str, dict[str, bool]] = {}
        self._tmps: set[str] = set()  # the temporary files written (database-relative)
        self._last: dict[str, Step] = {}  # the last step that touches each path
        self.committed = False

    def _note(self, rel: str, there: bool) -> None:
        folder, name = posixpath.split(rel)
        self.children.setdefault(folder, {})[name] = there

    @property
    def own_files(self) -> set[str]:
        """The temporary files this command wrote (database-relative)."""
        return self._tmps

    # -- staging -------------------------------------------------------------------
    def put(self, rel: str, data: bytes, sync: bool = True, new_folder: bool = False) -> None:
        """Write ``data`` as the file ``rel`` at the commit (to its temporary file now).
        ``sync=False``: not flushed to the disk before the commit (a kept copy: checked before
        any use); ``new_folder``: its folder is most likely missing. Raises :class:`OSError`."""
        folder, name = posixpath.split(rel)
        fd = self.folders.get(folder, new=new_folder)
        last = self._last.get(rel)
        tmp = files.write_temporary(fd, name, data, sync=sync and not self.bulk)
        self._tmps.add(posixpath.join(folder, tmp) if folder else tmp)
        if last is not None and last.kind == "put" and last.path == rel:  # written again: the last text counts
            old = last.tmp
            last.tmp = tmp
            self._drop(folder, old)
        else:
            self._add(Step("put", rel, tmp=tmp))
        self.view[rel] = posixpath.join(folder, tmp) if folder else tmp
        self._note(rel, True)

    def move(self, rel: str, to: str) -> None:
        """Move ``rel`` (a file or whatever stands there) to ``to`` at the commit; the folder of
        ``to`` is made now. Raises :class:`OSError`."""
        self.folders.get(posixpath.dirname(rel), create=False)
        self.folders.get(posixpath.dirname(to))
        self._add(Step("move", rel, to=to))
        overlay([self.steps[-1]], self.view)
        self._note(rel, False)
        self._note(to, True)

    def remove(self, rel: str) -> None:
        """Remove the file ``rel`` at the commit."""
        self._add(Step("remove", rel))
        self.view[rel] = None
        self._note(rel, False)

    def _add(self, step: Step) -> None:
        self.steps.append(step)
        self._last[step.path] = step
        if step.to is not None:
            self._last[step.to] = step

    def _drop(self, folder: str, tmp: str | None) -> None:
        if tmp is None:
            return
        try:
            files.fs_unlink(tmp, self.folders.get(folder))
        except OSError:
            pass
        self._tmps.discard(posixpath.join(folder, tmp) if folder else tmp)

    # -- reading what is staged -------------------------------------------------------
    def source(self, rel: str) -> Any:
        """Where the content of ``rel`` is as this command left it so far: a database-relative
        path to read, None (gone), or :data:`AS_IS` (untouched)."""
        return self.view.get(rel, AS_IS)

    def own(self, rel: str) -> bool:
        """Whether ``rel`` is a temporary file of this command."""
        return rel in self._tmps

    @property
    def changes(self) -> bool:
        return bool(self.steps)

    # -- the commit -------------------------------------------------------------------
    def commit(self, command: str | None, sessions: list[str]) -> None:
        """Put every staged change in place as one: see the module docstring. Raises
        :class:`StoreError` ``store.folder_replaced`` (nothing done) when the path no longer
        names the directory locked, :class:`OSError` before the commit (nothing done), and
        :class:`StoreError` ``store.saved_not_finished`` when a step failed after it (the
        change is made; the next command finishes it)."""
        if not self.steps:
            return
        if self.bulk:
            files.fs_sync()  # every temporary file on the disk before the journal names it
        text = json.dumps({"journal": 1, "command": command, "sessions": sessions,
                           "steps": [s.as_json() for s in self.steps]}, ensure_ascii=False, separators=(",", ":"))
        root_fd = self.folders.root_fd
        tmp = files.write_temporary(root_fd, JOURNAL, text.encode("utf-8"))
        self._tmps.add(tmp)
        if not self.lock.still_there():
            raise StoreError("store.folder_replaced", path=self.root)
        touched = sorted({posixpath.dirname(s.path) for s in self.steps}
                         | {posixpath.dirname(s.to) for s in self.steps if s.to})
        with files.interrupts_held():  # Ctrl-C waits until every file is in place and the journal gone
            files.fs_rename(tmp, JOURNAL, root_fd, root_fd)  # the commit
            self.committed = True
            files.note_kept()
            self._tmps.clear()
            try:
                files.fsync_folder(root_fd)
                for step in self.steps:
                    _carry_out(self.folders, step, again=False)
            except OSError as e:
                raise StoreError("store.saved_not_finished", path=self.root, strerror=e.strerror or str(e)) from None
            try:
                for rel in touched:
                    if rel and not rel.startswith("backups/"):  # kept copies are checked before any use
                        files.fsync_folder(self.folders.get(rel, create=False))
                files.fsync_folder(root_fd)  # every step durable before the journal goes
                files.fs_unlink(JOURNAL, root_fd)
            except OSError:
                pass  # every step is carried out: the next command only removes the journal

    def discard(self) -> None:
        """Take back what was staged and not committed: the temporary files written and the
        folders made (when empty)."""
        if not self.committed:
            for rel in sorted(self._tmps):
                folder, name = posixpath.split(rel)
                try:
                    files.fs_unlink(name, self.folders.get(folder, create=False))
                except OSError:
                    pass
            self._tmps.clear()
            self.folders.take_back()
        self.folders.close()


def finish(root: Path, lock: Any) -> Journal | None:
    """Under the lock: carry out the steps of a journal left by a command that was stopped
    after its commit, then remove the journal. Returns the journal when a step was still to
    be carried out (the command that made it never finished, so never said so), else None.
    Raises :class:`~scorekeeper.storage.files.DamagedFile` for a journal that cannot be
    followed, and :class:`StoreError` when a step cannot be carried out."""
    journal = read_journal(root)
    if journal is None:
        return None
    folders = Folders(lock.fd)
    did = False
    try:
        for step in journal.steps:
            try:
                did |= _carry_out(folders, step, again=True)
            except OSError as e:
                raise StoreError("store.unfinished", path=root / JOURNAL, strerror=e.strerror or str(e)) from None
        touched = sorted({posixpath.dirname(s.path) for s in journal.steps if not s.path.startswith("backups/")})
        for rel in touched:
            try:
                files.fsync_folder(folders.get(rel, create=False))
            except OSError:
                pass
        files.fsync_folder(lock.fd)
        try:
            files.fs_unlink(JOURNAL, lock.fd)
        except FileNotFoundError:
            pass
        except OSError as e:
            raise StoreError("store.unfinished", path=root / JOURNAL, strerror=e.strerror or str(e)) from None
    finally:
        folders.close()
    return journal if did else None
