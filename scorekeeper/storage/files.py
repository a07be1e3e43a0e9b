"""Database files as bytes on disk: written all or nothing, read and parsed (SPEC §6).

- :func:`atomic_write_text` never rewrites a file in place: it writes a
  temporary file in the same directory, fsyncs it, renames it over the old
  one and fsyncs the directory, so a crash leaves the old or the new file,
  whole. :func:`directory_syncs_deferred` lets a bulk save fsync each
  directory once.
- :func:`read_json` reads one file's JSON object, or says in a
  :class:`DamagedFile` what is wrong with it.

Errors carry codes and facts (templates in :mod:`scorekeeper.core.messages.storage`).
"""
from __future__ import annotations

import json
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from scorekeeper.core.errors import StoreError


class DamagedFile(StoreError):
    """A database file that cannot be used as it is (exit 1).

    Facts: ``path`` (the file) and ``reason`` (a :class:`StoreError` saying what
    is wrong with it in a few words, code ``store.reason.*``). Make one with
    :func:`damaged`.
    """

    @property
    def path(self) -> Path:
        return Path(self.facts["path"])

    @property
    def reason(self) -> StoreError:
        return self.facts["reason"]


def damaged(path: Path, code: str, **facts: Any) -> DamagedFile:
    """The error for ``path`` damaged for the reason ``code`` (``store.reason.*``) with ``facts``."""
    return DamagedFile("store.damaged", path=Path(path), reason=StoreError(code, **facts))


# -- writing --------------------------------------------------------------------

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


#: Whether this process has put a file in place with :func:`atomic_write_text` (a change kept):
#: what Ctrl-C says (see :func:`change_kept`); :func:`forget_kept` when a change is undone.
_kept = False


def change_kept() -> bool:
    """Whether a file was written for good by this process (a change is kept)."""
    return _kept


def forget_kept() -> None:
    """Say no change is kept (the files written were taken away again: an import cut short)."""
    global _kept
    _kept = False


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Within the block, Ctrl-C (SIGINT) waits: it is delivered when the block ends, so a
    change and the note that it was made happen together (main thread, where the system
    can hold a signal; elsewhere nothing is held)."""
    import signal
    import threading

    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


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


#: While not None, the files :func:`atomic_write_text` wrote in a :func:`writes_batched` block, as
#: ``(temporary file, path)``: put in place when the block ends
_batch: list[tuple[str, Path]] | None = None


@contextmanager
def writes_batched() -> Iterator[None]:
    """Within this block :func:`atomic_write_text` writes each file's temporary file and
    leaves it there; when the block ends normally, one ``sync()`` makes them all durable,
    then they are renamed into place together (Ctrl-C held) and each directory is fsynced
    once. A bulk write of many files (an import of a thousand sessions) pays for one flush
    instead of one per file, and a crash still leaves each file old or new, whole (nothing
    is renamed before its content is on disk). On failure, or Ctrl-C, within the block the
    temporary files are removed and nothing is put in place. Where ``sync()`` is not known
    to wait for the disk (other than Linux), each file is written as outside the block."""
    global _batch, _kept
    if _batch is not None or not sys.platform.startswith("linux"):
        yield
        return
    _batch = []
    try:
        yield
        pending = _batch
        if pending:
            directories = sorted({path.parent for _, path in pending})
            os.sync()
            with interrupts_held():
                for tmp, path in pending:
                    os.replace(tmp, path)
                _kept = True
            pending.clear()
            for directory in directories:
                fsync_directory(directory)
    finally:
        for tmp, _ in _batch or ():
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
        _batch = None


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all or nothing: temp file, fsync, rename, fsync the
    directory (at the end of a :func:`directory_syncs_deferred` block, within one).

    The rename and the note that a change is kept (:func:`change_kept`) happen with
    Ctrl-C held, so an interrupted command can say truly whether its change was made.
    Raises :class:`OSError`; the temporary file is removed on failure.
    """
    import tempfile

    global _kept
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    if _batch is not None:  # put in place, after one sync, when the batch ends
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
        except BaseException:
            os.unlink(tmp)
            raise
        _batch.append((tmp, path))
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        with interrupts_held():
            os.replace(tmp, path)
            _kept = True
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


#: the temporary files :func:`atomic_write_text` makes: ``.NAME.XXXXXXXX.tmp`` (NAME: a database
#: file's name, XXXXXXXX: mkstemp's eight random letters)
_TEMPORARY = re.compile(r"\.[A-Za-z0-9_.-]+\.json\.[a-z0-9_]{8}\.tmp")


def is_temporary(name: str) -> bool:
    """Whether ``name`` is one of the temporary files :func:`atomic_write_text` makes."""
    return _TEMPORARY.fullmatch(name) is not None


def dumps(data: Any) -> str:
    """The text of a database file (compact JSON, UTF-8 kept as is)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# -- reading --------------------------------------------------------------------

def file_key(path: Path) -> tuple | None:
    """What tells one state of a file from another (None: no file). Every write renames
    a new file into place, so its inode (and time and size) change."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


#: the largest database file read (bytes): a session of thousands of hands is a few megabytes
MAX_FILE = 256 * 1024 * 1024


class RepeatedKey(ValueError):
    """A JSON object that gives one key twice (``key``)."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict:
    """``object_pairs_hook`` for :func:`json.loads`: an object, refusing a key given twice
    (:class:`RepeatedKey`) rather than keeping the last silently."""
    out = dict(pairs)  # built in C: an import parses hundreds of thousands of objects
    if len(out) != len(pairs):
        seen: set = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(key)
            seen.add(key)
    return out


def read_bytes(path: Path, limit: int = MAX_FILE) -> bytes | None:
    """The bytes of a regular file, or None when there is none. Opened without following a
    symlink and without waiting (a FIFO or a device is refused, never read): raises
    :class:`DamagedFile` (``store.reason.link``, ``store.reason.special``,
    ``store.reason.directory``, ``store.reason.too_big``) or :class:`StoreError`."""
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as e:
        import errno

        if e.errno == errno.ELOOP or os.path.islink(path):
            raise damaged(path, "store.reason.link") from None
        if e.errno == errno.EISDIR:
            raise damaged(path, "store.reason.directory") from None
        raise StoreError("store.unreadable", path=path, strerror=e.strerror) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise damaged(path, "store.reason.directory")
        if not stat.S_ISREG(st.st_mode):
            raise damaged(path, "store.reason.special")
        if st.st_size > limit:
            raise damaged(path, "store.reason.too_big", size=st.st_size, limit=limit)
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as e:
        raise StoreError("store.unreadable", path=path, strerror=e.strerror) from None
    finally:
        os.close(fd)


def read_json(path: Path) -> dict | None:
    """A database file's data, or None when it does not exist.

    Raises :class:`DamagedFile` when it is not a JSON object (a key given twice included),
    or is a link, a directory or a special file (see :func:`read_bytes`), and
    :class:`StoreError` when it cannot be read at all.
    """
    raw = read_bytes(path)
    if raw is None:
        return None
    if not raw.strip():
        raise damaged(path, "store.reason.empty")
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=no_repeated_keys)
    except UnicodeDecodeError:
        raise damaged(path, "store.reason.not_text") from None
    except json.JSONDecodeError as e:
        raise damaged(path, "store.reason.not_json", line=e.lineno, column=e.colno) from None
    except RepeatedKey as e:
        raise damaged(path, "store.reason.repeated_key", key=e.key) from None
    except RecursionError:
        raise damaged(path, "store.reason.too_deep") from None
    except ValueError:  # a whole number of thousands of digits
        raise damaged(path, "store.reason.not_json", line=1, column=1) from None
    if not isinstance(data, dict):
        raise damaged(path, "store.reason.not_object", found=json_type(data))
    return data


def json_type(value: Any) -> str:
    """The JSON type of a parsed value: ``object``, ``list``, ``string``, ``number``, ``true/false``, ``null``."""
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    return {dict: "object", list: "list", str: "string", int: "number", float: "number"}.get(type(value), "value")
