"""The database lock: one lock, held on the database directory itself (SPEC §6).

A command that changes the database holds :class:`DirectoryLock` from its read to
its write. The lock is ``flock`` on an open descriptor of the database
directory — not on a file inside it — so nothing a person can delete, replace or
turn into a symlink breaks it or redirects it: there is no lock file. After the
lock is taken, the directory at the path is checked to be the very directory
locked (same device and inode); a directory that was renamed away or replaced
meanwhile is let go and the new one locked.

Waiting polls (``LOCK_NB``) every few milliseconds, up to the seconds asked, so
Ctrl-C ends a wait at once. Where there is no ``flock`` (Windows), the same
class locks the first byte of ``DIR/.lock`` with ``msvcrt`` (opened without
following a link); this is the only lock scorekeeper takes.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

from scorekeeper.core.errors import StoreError

try:  # pragma: no cover - chosen by platform
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

#: how long one wait between two tries lasts, at most (seconds)
POLL = 0.05


class FolderGone(Exception):
    """The database directory is not there (any more) to be locked: the store makes it and
    tries again (a first command, or another that removed the empty one it had made)."""


class DirectoryLock:
    """The exclusive lock of the database directory ``root`` (which must exist).

    :meth:`acquire` waits at most ``timeout`` seconds and raises :class:`StoreError`
    ``store.busy`` when another command still holds it, ``store.lock_failed`` when the
    system refuses the lock. :meth:`release` lets it go (closing the descriptor)."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    @property
    def fd(self) -> int:
        """The open descriptor of the directory locked: a change is written relative to it,
        so it lands in the directory locked whatever the path names meanwhile."""
        assert self._fd is not None, "the lock is not held"
        return self._fd

    def still_there(self) -> bool:
        """Whether the path still names the directory locked (same device and inode): not
        renamed away, replaced by a copy, or re-pointed by a link meanwhile."""
        return self._fd is not None and self._still_there(self._fd)

    def acquire(self, timeout: float) -> None:
        deadline = time.monotonic() + max(0.0, timeout)
        pause = 0.002
        while True:
            fd = self._open()
            try:
                got = self._try(fd)
            except OSError as e:
                os.close(fd)
                raise StoreError("store.lock_failed", path=self.root, strerror=e.strerror) from None
            if got:
                if self._still_there(fd):
                    self._fd = fd
                    return
                os.close(fd)  # the directory was replaced (or removed) while we waited: lock the one there now
                if not self.root.exists():
                    raise FolderGone()
                continue
            os.close(fd)
            left = deadline - time.monotonic()
            if left <= 0:
                raise StoreError("store.busy", path=self.root, seconds=timeout)
            time.sleep(min(pause, left))
            pause = min(pause * 2, POLL)

    def __enter__(self) -> "DirectoryLock":
        self.acquire(10.0)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    # -- the platform's lock ---------------------------------------------------
    def _open(self) -> int:
        try:
            if fcntl is not None:
                return os.open(self.root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)  # pragma: no cover - Windows
            return os.open(self.root / ".lock", flags, 0o600)  # pragma: no cover - Windows
        except FileNotFoundError:
            raise FolderGone() from None
        except OSError as e:
            raise StoreError("store.lock_failed", path=self.root, strerror=e.strerror) from None

    @staticmethod
    def _try(fd: int) -> bool:
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            return True
        import msvcrt  # pragma: no cover - Windows

        try:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:  # pragma: no cover - Windows
            return False
        return True  # pragma: no cover - Windows

    def _still_there(self, fd: int) -> bool:
        """Whether the directory at the path is still the one ``fd`` locked."""
        if fcntl is None:  # pragma: no cover - Windows
            return True
        try:
            now = os.stat(self.root)
        except OSError:
            return False
        held = os.fstat(fd)
        return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)
