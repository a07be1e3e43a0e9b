"""Database files as bytes on disk: written all or nothing, read and parsed (SPEC §6).

- the calls that change the disk (``fs_*``), each behind :data:`hook`, and the
  temporary file a change is written to first (:func:`write_temporary`); the
  database's own files are put in place by one commit
  (:mod:`scorekeeper.storage.commit`), a file outside it (the configuration
  file, an export) by :func:`atomic_write_text`: a checked temporary file,
  flushed and renamed over the old one, so a crash or a full disk leaves the
  old or the new file, whole.
- :func:`read_json` reads one file's JSON object, or says in a
  :class:`DamagedFile` what is wrong with it.

Errors carry codes and facts (templates in :mod:`scorekeeper.core.messages.storage`).
"""
from __future__ import annotations

import errno
import json
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

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


# -- the calls that change the disk ----------------------------------------------------
#
# Every call scorekeeper makes that changes what is on disk — creating a file, writing
# it, flushing it, renaming, removing, making or removing a folder — goes through the few
# functions below, relative to an open folder where it is inside the database. ``hook``,
# when set, is called with the call's name just before each: the crash tests stop the
# command there (tests/test_crash_commands.py, which also checks against strace that these
# are all the calls a command makes).

#: called as ``hook(name, target)`` just before each call that changes the disk (tests only):
#: ``target`` is the file or folder (a name or path; for ``write``, ``fsync`` and ``chmod`` the
#: open descriptor; for ``sync`` None)
hook: Callable[[str, Any], None] | None = None


def _before(name: str, target: Any = None) -> None:
    if hook is not None:
        hook(name, target)


def fs_mkdir(name: str | Path, dir_fd: int | None = None, mode: int = 0o700) -> None:
    _before("mkdir", name)
    os.mkdir(name, mode, dir_fd=dir_fd)


def fs_rmdir(name: str | Path, dir_fd: int | None = None) -> None:
    _before("rmdir", name)
    os.rmdir(name, dir_fd=dir_fd)


def fs_create(name: str | Path, dir_fd: int | None = None, mode: int = 0o600) -> int:
    """A new file (never one that exists, never through a link), open for writing."""
    _before("create", name)
    return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                   | getattr(os, "O_CLOEXEC", 0), mode, dir_fd=dir_fd)


def fs_write_all(fd: int, data: bytes) -> None:
    """Write all of ``data``: a short write is written on, never taken for the whole."""
    view = memoryview(data)
    while view:
        _before("write", fd)
        n = os.write(fd, view)
        if n <= 0:  # pragma: no cover - a regular file never writes nothing without an error
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        view = view[n:]


def fs_fsync(fd: int) -> None:
    _before("fsync", fd)
    os.fsync(fd)


def fs_sync() -> None:
    _before("sync")
    os.sync()


def fs_rename(src: str | Path, dst: str | Path, src_dir_fd: int | None = None, dst_dir_fd: int | None = None) -> None:
    _before("rename", dst)
    os.replace(src, dst, src_dir_fd=src_dir_fd, dst_dir_fd=dst_dir_fd)


def fs_unlink(name: str | Path, dir_fd: int | None = None) -> None:
    _before("unlink", name)
    os.unlink(name, dir_fd=dir_fd)


def fs_chmod(fd: int, mode: int) -> None:
    _before("chmod", fd)
    os.fchmod(fd, mode)


def open_folder(name: str | Path, dir_fd: int | None = None, follow: bool = False) -> int:
    """An open descriptor of a folder (``name`` inside ``dir_fd``), never through a link unless
    ``follow``. Raises :class:`OSError` (``ELOOP`` or ``ENOTDIR`` for a link or a file)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    return os.open(name, flags, dir_fd=dir_fd)


def fsync_folder(fd: int) -> None:
    """Make the renames in an open folder durable (ignored where folders cannot be flushed)."""
    try:
        fs_fsync(fd)
    except OSError:
        pass


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (ignored where directories cannot be opened)."""
    try:
        fd = open_folder(directory, follow=True)
    except OSError:
        return
    try:
        fsync_folder(fd)
    finally:
        os.close(fd)


def temporary_name(final: str) -> str:
    """A fresh name for the temporary file of ``final`` (``.NAME.XXXXXXXX.tmp``: eight random
    letters and digits, from 40 random bits)."""
    import base64

    return f".{final}.{base64.b32encode(os.urandom(5)).decode('ascii').lower()}.tmp"


def write_temporary(dir_fd: int, final: str, data: bytes, sync: bool = True, mode: int = 0o600) -> str:
    """Write ``data`` to a new temporary file for ``final`` in the open folder ``dir_fd`` and
    check it holds every byte (flushed to the disk when ``sync``); returns its name. On
    failure the file is removed again and the :class:`OSError` goes on."""
    while True:
        name = temporary_name(final)
        try:
            fd = fs_create(name, dir_fd, mode)
            break
        except FileExistsError:  # pragma: no cover - eight random letters met another
            continue
    try:
        try:
            fs_write_all(fd, data)
            if sync:
                fs_fsync(fd)
            if os.fstat(fd).st_size != len(data):  # checked: never a cut file put in place
                raise OSError(errno.EIO, os.strerror(errno.EIO))
        finally:
            os.close(fd)
    except BaseException:
        try:
            fs_unlink(name, dir_fd)
        except OSError:
            pass
        raise
    return name


#: Whether this process has put a file in place (a change kept): what Ctrl-C says (see
#: :func:`change_kept`); :func:`forget_kept` when a command starts afresh (tests).
_kept = False


def change_kept() -> bool:
    """Whether a file was written for good by this process (a change is kept)."""
    return _kept


def note_kept() -> None:
    """Note that a change was made for good (called with Ctrl-C held, see :func:`interrupts_held`)."""
    global _kept
    _kept = True


def forget_kept() -> None:
    """Say no change is kept (a command run again in the same process, in tests)."""
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


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` (a file outside the database: the configuration file, an
    export) all or nothing: a checked temporary file in the same folder, flushed, renamed over
    the old one, the folder flushed. ``mode``: the file's permissions (default: private,
    0600). A full disk raises :class:`OSError` and leaves the old file as it was, never a
    cut one; the note that a change is kept is made with the rename, Ctrl-C held. The temporary
    files of the same file that an earlier write, killed, left beside it are removed after."""
    folder = open_folder(path.parent, follow=True)
    try:
        name = write_temporary(folder, path.name, data, mode=0o600 if mode is None else mode)
        try:
            if mode is not None:  # the mode asked, whatever the umask took away
                fd = os.open(name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=folder)
                try:
                    fs_chmod(fd, mode)
                finally:
                    os.close(fd)
            with interrupts_held():
                fs_rename(name, path.name, folder, folder)
                note_kept()
        except BaseException:
            try:
                fs_unlink(name, folder)
            except OSError:
                pass
            raise
        fsync_folder(folder)
        _remove_leftovers(folder, path.name)
    finally:
        os.close(folder)


def _remove_leftovers(folder: int, final: str) -> None:
    """Remove the temporary files of ``final`` that a write killed before its rename left in the
    open folder (only the names :func:`temporary_name` gives it, only regular files)."""
    pattern = re.compile(re.escape(f".{final}.") + r"[a-z0-9_]{8}\.tmp")
    try:
        names = [n for n in os.listdir(folder) if pattern.fullmatch(n)]
    except OSError:
        return
    for name in names:
        if _kind_of(name, folder) == "file":
            try:
                fs_unlink(name, folder)
            except OSError:
                pass


def atomic_write_text(path: Path, text: str, mode: int | None = None) -> None:
    """:func:`atomic_write_bytes` of ``text`` in UTF-8."""
    atomic_write_bytes(path, text.encode("utf-8"), mode)


#: the temporary files :func:`atomic_write_text` makes: ``.NAME.XXXXXXXX.tmp`` (NAME: a database
#: file's name, XXXXXXXX: mkstemp's eight random letters)
_TEMPORARY = re.compile(r"\.[A-Za-z0-9_.-]+\.json\.[a-z0-9_]{8}\.tmp")


def is_temporary(name: str) -> bool:
    """Whether ``name`` is one of the temporary files :func:`atomic_write_text` makes."""
    return _TEMPORARY.fullmatch(name) is not None


def dumps(data: Any) -> str:
    """The text of a database file (compact JSON, UTF-8 kept as is)."""
    # check_circular=False: what is stored is JSON data, which holds no cycle (checking costs an
    # import's thousands of session files about a sixth of their encoding)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), check_circular=False)


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


def _kind_of(path: Path | str, dir_fd: int | None = None) -> str | None:
    """What stands at ``path`` without following a link: ``link``, ``directory``, ``special``
    (a pipe, a socket, a device), ``file``, or None (nothing, or it cannot be told)."""
    import stat

    try:
        st = os.lstat(path, dir_fd=dir_fd) if dir_fd is not None else os.lstat(path)
    except OSError:
        return None
    if stat.S_ISLNK(st.st_mode):
        return "link"
    if stat.S_ISDIR(st.st_mode):
        return "directory"
    return "file" if stat.S_ISREG(st.st_mode) else "special"


def read_bytes(path: Path, limit: int = MAX_FILE) -> bytes | None:
    """The bytes of a regular file, or None when there is none. Opened without following a
    symlink and without waiting (a FIFO, a socket or a device is refused, never read): raises
    :class:`DamagedFile` (``store.reason.link``, ``store.reason.special``,
    ``store.reason.directory``, ``store.reason.too_big``) or :class:`StoreError`."""
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as e:
        kind = _kind_of(path)
        if kind == "link" or e.errno == errno.ELOOP:
            raise damaged(path, "store.reason.link") from None
        if kind == "directory" or e.errno == errno.EISDIR:
            raise damaged(path, "store.reason.directory") from None
        if kind == "special":  # a socket cannot even be opened: it is named all the same
            raise damaged(path, "store.reason.special") from None
        raise StoreError("store.unreadable", path=path, strerror=e.strerror) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise damaged(path, "store.reason.directory")
        if not stat.S_ISREG(st.st_mode):
            raise damaged(path, "store.reason.special")
        if st.st_size > limit:
            raise damaged(path, "store.reason.too_big", size=st.st_size, limit=limit)
        return _read_at_most(fd, limit, lambda: damaged(path, "store.reason.too_big", size=limit + 1, limit=limit))
    except OSError as e:
        raise StoreError("store.unreadable", path=path, strerror=e.strerror) from None
    finally:
        os.close(fd)


def _read_at_most(fd: int, limit: int, too_big: Callable[[], Exception]) -> bytes:
    """Every byte of an open file, refusing (``too_big()``) as soon as there are more than
    ``limit``: a file growing while it is read never takes more memory than that."""
    chunks, got = [], 0
    while True:
        chunk = os.read(fd, min(1 << 20, limit + 1 - got))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        got += len(chunk)
        if got > limit:
            raise too_big()


class InputTrouble(Exception):
    """Why a file given by a person (a hand file, an export to import, the configuration
    file) was not read: ``kind`` is ``missing``, ``directory``, ``special`` (a pipe, a socket
    or a device: never read, never waited on), ``too_big`` (``limit``) or ``unreadable``
    (``reason``: the system's words). The caller says it in a sentence of its own."""

    def __init__(self, kind: str, **facts: Any):
        super().__init__(kind)
        self.kind = kind
        self.facts = facts


def read_input(path: Path | str, limit: int) -> bytes:
    """The bytes of a file a person named, at most ``limit`` of them. A link is followed (the
    file is the person's own), but what is at its end must be a regular file: a FIFO, a socket
    or a device is refused before a byte is read (opened without waiting), as is a file larger
    than ``limit``, even one that grows while it is read. Raises :class:`InputTrouble`."""
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputTrouble("missing") from None
    except IsADirectoryError:
        raise InputTrouble("directory") from None
    except (OSError, ValueError) as e:  # ValueError: a name holding NUL
        if isinstance(e, OSError) and e.errno == errno.ENXIO:  # a socket
            raise InputTrouble("special") from None
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise InputTrouble("unreadable", reason=reason) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputTrouble("directory")
        if not stat.S_ISREG(st.st_mode):
            raise InputTrouble("special")
        if st.st_size > limit:
            raise InputTrouble("too_big", limit=limit)
        return _read_at_most(fd, limit, lambda: InputTrouble("too_big", limit=limit))
    except OSError as e:
        raise InputTrouble("unreadable", reason=e.strerror or str(e)) from None
    finally:
        os.close(fd)


def read_stream(stream: Any, limit: int) -> bytes:
    """At most ``limit`` bytes of a binary stream (standard input): an endless pipe or
    ``< /dev/zero`` is refused (:class:`InputTrouble` ``too_big``) once it has given more."""
    try:
        data = stream.read(limit + 1)
    except OSError as e:
        raise InputTrouble("unreadable", reason=e.strerror or str(e)) from None
    if data is None:  # a stream that would wait (non-blocking): nothing there yet
        data = b""
    if len(data) > limit:
        raise InputTrouble("too_big", limit=limit)
    return data


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
