"""The board's secret: the part of ``serve --lan``'s address that keeps the page to the table.

It is kept in the database folder, in a small file of its own (:data:`NAME`), so that a
restart of ``serve`` keeps the address every phone and the TV already opened; ``serve
--new-secret`` replaces it. It is not part of the database proper: no session, the index
or a backup refers to it, and ``db check`` does not look at it.
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Callable

from scorekeeper.storage.files import atomic_write_text, fsync_directory

#: the file's name in the database folder
NAME = "board-secret"
#: what a kept secret looks like (``secrets.token_urlsafe``'s letters); anything else is made again
SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _read(path: Path) -> str | None:
    """The secret kept at ``path``; None when there is no file or it holds no secret (a
    link, a folder, a device or a FIFO is never opened for reading)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except (FileNotFoundError, OSError):
        return None
    try:
        import stat

        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        text = os.read(fd, 256).decode("ascii", "replace").strip()
    finally:
        os.close(fd)
    return text if SECRET.fullmatch(text) else None


def board_secret(root: Path, make: Callable[[], str], new: bool = False) -> str:
    """The secret kept in the database folder ``root``: the one there, else (or with ``new``)
    one made by ``make`` and kept there before it is given. Two ``serve`` starting at once
    over a folder without one agree on the first kept. Raises :class:`OSError` when it
    cannot be kept (a read-only folder, a full disk)."""
    path = Path(root) / NAME
    found = None if new else _read(path)
    if found:
        return found
    secret = make()
    Path(root).mkdir(parents=True, exist_ok=True)
    if new or os.path.lexists(path):  # a new one asked for, or something unusable in its place
        atomic_write_text(path, secret + "\n")
        return secret
    fd, tmp = tempfile.mkstemp(prefix=f".{NAME}.", suffix=".tmp", dir=root)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secret + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # put in place only if there is still none: the first one kept wins
        except FileExistsError:
            return _read(path) or board_secret(root, make, new=True)
        fsync_directory(path.parent)
        return secret
    finally:
        os.unlink(tmp)
