"""Everything the commands share: options, the terminal facade, error handling.

All output goes through :class:`Terminal`, built once per run in the root
callback (a console made at import time would freeze the colour choice).
Its consoles have markup and emoji off, so names and titles are printed
exactly as typed. ``--json`` documents are written with ``json.dumps``
straight to stdout, never through rich.
"""
from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.core.errors import ExitCode, InputError, ScorekeeperError

DbOpt = Annotated[
    Optional[str],
    typer.Option("--db", metavar="DIR", help="The database directory (also SCOREKEEPER_DB); default: the user data directory.",
                 show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document and nothing else.")]
SessionOpt = Annotated[
    Optional[str],
    typer.Option("--session", "-s", metavar="ID", help="The session id (a unique prefix is enough); default: the current session.",
                 show_default=False, autocompletion=complete.session_ids),
]


class Terminal:
    """The run's consoles and modes: ``out`` (stdout) and ``err`` (stderr)."""

    def __init__(self, db: Path | None = None, debug: bool = False):
        self.db_option = db
        self.debug = debug or bool(os.environ.get("SCOREKEEPER_DEBUG"))
        self._out = self._err = None

    @property
    def out(self):
        if self._out is None:
            self._out = console(stderr=False)
        return self._out

    @property
    def err(self):
        if self._err is None:
            self._err = console(stderr=True)
        return self._err

    @property
    def color(self) -> bool:
        return self.out.color_system is not None

    def json(self, doc: Any) -> None:
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")

    def show(self, doc: Any, as_json: bool, drawing: str | Callable) -> None:
        """Print ``doc`` as JSON, or draw it for people with ``drawing``: a
        function of ``(terminal, doc)`` or the name of one in :mod:`scorekeeper.cli.render`
        (imported only then, so --json never loads rich's tables)."""
        if as_json:
            return self.json(doc)
        if isinstance(drawing, str):
            from scorekeeper.cli import render

            drawing = getattr(render, drawing)
        drawing(self, doc)

    def print(self, *things: Any) -> None:
        self.out.print(*things)


#: the width given to output that is not a terminal: wide enough that no line is wrapped or cut
PIPE_WIDTH = 10_000


def console(stderr: bool = False):
    """A rich console with markup and emoji off (user text is printed as typed).

    Colour follows rich's detection (a terminal, ``FORCE_COLOR``, ``TERM=dumb``
    means none); ``NO_COLOR`` turns off every style, bold included. Output that
    is not a terminal is never wrapped or cut: it gets a very wide line.
    """
    from rich.console import Console

    options: dict[str, Any] = {"stderr": stderr, "markup": False, "emoji": False, "highlight": False}
    if os.environ.get("NO_COLOR"):
        options["color_system"] = None
    c = Console(**options)
    if not c.is_terminal:
        c = Console(width=PIPE_WIDTH, **options)
    return c


_current: Terminal | None = None


def begin(t: Terminal) -> Terminal:
    """Make ``t`` the run's terminal (the root callback calls this once per run)."""
    global _current
    _current = t
    return t


def terminal() -> Terminal:
    """The run's :class:`Terminal`, made by the root callback."""
    return _current if _current is not None else begin(Terminal())


def db_path(db: Path | None = None) -> Path | None:
    """The ``--db`` given to the command, else to the root, else None.

    Raises :class:`InputError` for an empty path (``--db ""``), which would
    otherwise mean the current directory.
    """
    for given in (db, terminal().db_option):
        if given is not None:
            if not str(given).strip():
                raise InputError("--db was given an empty path: name the database directory.")
            return Path(given)
    return None


def store(db: Path | None = None):
    """The store named by the command's ``--db``, the root's ``--db``, SCOREKEEPER_DB or the default."""
    from scorekeeper.storage.store import Store, resolve_path

    return Store(resolve_path(db_path(db)))


def handle_errors(fn: Callable) -> Callable:
    """Turn the core's errors into one sentence on stderr and the error's exit
    code; with ``--debug`` the traceback is shown instead. Errors that are not
    :class:`ScorekeeperError` are bugs and are raised as they are."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ScorekeeperError as e:
            t = terminal()
            if t.debug:
                raise
            fail(e.message, e.exit_code)

    return wrapper


def fail(message: str, code: int = ExitCode.BAD_INPUT) -> None:
    """Print ``message`` on stderr and end the command with ``code``."""
    sys.stderr.write(message.rstrip() + "\n")
    raise typer.Exit(int(code))


def read_hand_file(name: str) -> Any:
    """Read a hand file: JSON or TOML by extension; ``-`` reads standard input
    (JSON first, then TOML). Raises :class:`InputError`."""
    import tomllib

    if name == "-":
        text = sys.stdin.read()
        label, kinds = "standard input", ("json", "toml")
    else:
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise InputError(f"The hand file {name} does not exist.") from None
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"The hand file {name} cannot be read ({getattr(e, 'strerror', None) or e}).") from None
        label = name
        suffix = path.suffix.lower()
        kinds = ("toml",) if suffix == ".toml" else ("json",) if suffix == ".json" else ("json", "toml")
    errors = []
    for kind in kinds:
        try:
            raw = json.loads(text) if kind == "json" else tomllib.loads(text)
        except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
            errors.append(f"{kind.upper()}: {e}")
        except RecursionError:
            errors.append(f"{kind.upper()}: nested too deeply")
        except ValueError:  # a whole number of thousands of digits (Python's int limit)
            errors.append(f"{kind.upper()}: a number is too long")
        else:
            if raw is None:
                where = "Standard input" if name == "-" else f"The hand file {name}"
                raise InputError(f'{where} holds no hand entry (only JSON null): a hand is a table with a '
                                 '"players" key, one entry per player (see scorekeeper hand --help).')
            return raw
    raise InputError(f"The hand in {label} is not valid {' or '.join(k.upper() for k in kinds)} ({errors[0]}).")
