"""The configuration file: a table's usual settings, kept in TOML.

Where it lives: ``SCOREKEEPER_CONFIG`` names the file; else ``config.toml`` in the
platform's configuration directory (platformdirs: on Linux
``~/.config/scorekeeper/config.toml``). It holds flat keys only::

    language = "uk"
    variant = "rummy500"
    players = ["Ann", "Bob", "Cy"]
    rules = ["target=300", "gin:preset=classic"]
    database = "~/rummy"

It is read with :mod:`tomllib`; it is written by :func:`set_value` /
:func:`unset_value` with a small writer of our own (flat keys whose values are
strings or lists of strings need no more), line by line, so comments and the
other lines stay as they were, and a file that is not valid TOML can still be
mended by setting or unsetting the key of its broken line. Every write is
atomic (:func:`scorekeeper.storage.files.atomic_write_text`).

Errors are :class:`~scorekeeper.core.errors.InputError` naming the file and the
line: ``config.bad_toml``, ``config.unknown_key``, ``config.not_text``,
``config.not_list``, ``config.unreadable``; a file that is not a regular file
(``config.special``: a FIFO, a socket, a device — refused, never read or waited
on), too large (``config.too_big``) or nested too deeply (``config.too_deep``) is
refused in one sentence; ``config.unwritable`` (a :class:`StoreError`) when it
cannot be replaced.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from scorekeeper.core.errors import InputError

ENV_VAR = "SCOREKEEPER_CONFIG"
#: the largest configuration file read (bytes): a few settings take a few hundred
MAX_CONFIG = 256 * 1024
#: the settings and whether each holds one text or a list of texts
KEYS = {"language": str, "variant": str, "players": list, "rules": list, "database": str}

_ASSIGNS = re.compile(r"""^\s*(?:"([^"]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")
_TABLE = re.compile(r"^\s*\[")


def path() -> Path:
    """The configuration file: ``SCOREKEEPER_CONFIG``, else ``config.toml`` in the user
    configuration directory. The file need not exist."""
    given = os.environ.get(ENV_VAR)
    if given:
        return Path(given).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("scorekeeper", appauthor=False)) / "config.toml"


def _key_of(line: str) -> str | None:
    found = _ASSIGNS.match(line)
    if not found:
        return None
    return next(g for g in found.groups() if g is not None)


def _line_of(text: str, key: str) -> int:
    """The line (from 1) where ``key`` is assigned or its table starts; 1 when not found."""
    for number, line in enumerate(text.splitlines(), 1):
        if _key_of(line) == key or re.match(rf"^\s*\[+\s*{re.escape(key)}\s*[\].]", line):
            return number
    return 1


def read(where: Path | None = None) -> dict[str, Any]:
    """The settings the file holds: ``{key: str | list[str]}`` (no file: ``{}``).

    Raises :class:`InputError` naming the file and the line when it is not valid TOML,
    names something that is not a setting, or gives a setting a value of the wrong kind."""
    where = path() if where is None else where
    raw = _read(where)
    if raw is None:
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("config.not_unicode", path=str(where)) from None
    import tomllib

    from scorekeeper.core.syntax import too_deep

    if too_deep(raw):  # refused before the parser follows it down (a traceback from every command, else)
        raise InputError("config.too_deep", path=str(where))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        from scorekeeper.core.syntax import toml_fault

        raise InputError("config.bad_toml", path=str(where), **toml_fault(e, text)) from None
    except RecursionError:
        raise InputError("config.too_deep", path=str(where)) from None
    except ValueError:  # a whole number of thousands of digits (Python's int limit)
        raise InputError("config.number_too_long", path=str(where)) from None
    for key, value in data.items():
        kind = KEYS.get(key)
        if kind is None:
            raise InputError("config.unknown_key", path=str(where), line=_line_of(text, key), key=key,
                             keys=list(KEYS))
        if kind is str and not isinstance(value, str):
            raise InputError("config.not_text", path=str(where), line=_line_of(text, key), key=key)
        if kind is list and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise InputError("config.not_list", path=str(where), line=_line_of(text, key), key=key)
    return data


def _read(where: Path) -> bytes | None:
    """The bytes of the configuration file, or None when there is none: a regular file of at most
    :data:`MAX_CONFIG` bytes (a FIFO, a socket or a device is refused, never read or waited on).
    Raises :class:`InputError`."""
    from scorekeeper.storage.files import InputTrouble, read_input

    try:
        return read_input(where, MAX_CONFIG)
    except InputTrouble as e:
        if e.kind == "missing":
            return None
        if e.kind == "unreadable":
            raise InputError("config.unreadable", path=str(where), **e.facts) from None
        if e.kind == "too_big":
            raise InputError("config.too_big", path=str(where), limit=MAX_CONFIG) from None
        if e.kind == "special":
            raise InputError("config.special", path=str(where)) from None
        raise InputError("config.directory", path=str(where)) from None


def dumps_value(value: str | list[str]) -> str:
    """A TOML value: a basic string (``"Ann"``, with ``\\`` ``"`` and control characters
    escaped) or a one-line array of them."""
    if isinstance(value, list):
        return "[" + ", ".join(dumps_value(v) for v in value) + "]"
    out = []
    for ch in value:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _without(lines: list[str], key: str) -> list[str]:
    """``lines`` without the assignments of ``key`` (an array may go on over several lines)."""
    kept, skipping, depth = [], False, 0
    for line in lines:
        if skipping:
            depth += line.count("[") - line.count("]")
            skipping = depth > 0
            continue
        if _key_of(line) == key:
            value = line.split("=", 1)[1]
            depth = value.count("[") - value.count("]")
            skipping = depth > 0
            continue
        kept.append(line)
    return kept


def _write(where: Path, lines: list[str]) -> None:
    """Replace the file with ``lines`` (all or nothing). A file that cannot be written (a folder
    that may not be written, a full disk) is one sentence (:class:`StoreError`, exit 1)."""
    from scorekeeper.core.errors import StoreError
    from scorekeeper.storage.files import atomic_write_text, fs_mkdir

    try:
        missing = [folder for folder in [where.parent, *where.parent.parents] if not folder.is_dir()]
        for folder in reversed(missing):
            try:
                fs_mkdir(folder, mode=0o755)
            except FileExistsError:
                pass
        atomic_write_text(where, "".join(line + "\n" for line in lines))
    except OSError as e:
        raise StoreError("config.unwritable", path=str(where), reason=e.strerror or str(e)) from None


def _lines(where: Path) -> list[str]:
    """The file's lines, to be edited; bytes that are not UTF-8 become U+FFFD (the line they
    are in is most likely the one being replaced), so a file of another encoding — or nested too
    deeply to be read — can be mended."""
    raw = _read(where)
    return [] if raw is None else raw.decode("utf-8", errors="replace").splitlines()


def set_value(key: str, value: str | list[str], where: Path | None = None) -> Path:
    """Write ``key = value`` into the file (made if missing), in place of any line that
    set it, the other lines kept as they are, even when they are not valid TOML. A new
    key goes before the first table, where a flat key belongs. Returns the file."""
    where = path() if where is None else where
    lines = _without(_lines(where), key)
    new = f"{key} = {dumps_value(value)}"
    at = next((i for i, line in enumerate(lines) if _TABLE.match(line) and not _key_of(line)), len(lines))
    lines.insert(at, new)
    _write(where, lines)
    return where


def unset_value(key: str, where: Path | None = None) -> tuple[Path, bool]:
    """Remove ``key``'s lines from the file. Returns the file and whether it had the key."""
    where = path() if where is None else where
    lines = _lines(where)
    kept = _without(lines, key)
    if kept != lines:
        _write(where, kept)
        return where, True
    return where, False
