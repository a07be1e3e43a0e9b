"""``watch``: the scoreboard on a terminal facing the table, redrawn as the game changes.

The loop (:func:`watch`) asks the application, a few times a second, for the
board's *mark* — which session is meant and the state of the index and of that
session's file, two ``stat`` calls — and reads the board again only when the mark
changed, exactly as ``standings`` reads (no lock, no write, no file created). A
hand recorded, edited or undone from another terminal, or a ``use`` that makes
another session current, is on the screen within :data:`POLL` seconds plus one
read. While the database cannot be read (busy being restored, damaged, the
session gone) the last board read stays on the screen with the reason as a
one-line notice.

The keyboard is read in cbreak mode (keys arrive one by one, unechoed) and the screen
is rich's alternate screen (:class:`rich.live.Live`): ``q`` (or ``й``, the same key on
a Cyrillic layout) or Ctrl-C leaves, and the terminal's modes and screen are put back
as they were, whatever happens. Ctrl-C is taken as a key is: while the board is shown
its signal only marks that the table wants to leave, and the loop leaves at its next
turn (within :data:`POLL` seconds), so it never lands half-way through drawing the
board or reading the database.
"""
from __future__ import annotations

import gc
import os
import select
import sys
from typing import Any, Callable

from scorekeeper.core.errors import InputError, ScorekeeperError

#: Seconds between two looks at the database (and at the terminal's size).
POLL = 0.25
#: The keys that leave: q, Q, their Cyrillic-layout twins й, Й, and Ctrl-C as a byte.
LEAVE = (b"q", b"Q", "й".encode(), "Й".encode(), b"\x03")


class Follower:
    """The board as last read from ``application`` (session ``session``, None: the current
    one), read again only when its mark changes. ``doc`` is the last good ``board``
    document (None before the first), ``notice`` the sentence saying why the newest
    state could not be read (None when ``doc`` is the newest) and ``error`` the error it
    says (for a screen that says it otherwise: the page never shows a path)."""

    def __init__(self, application: Any, session: str | None, history: bool = False):
        self.application, self.session, self.history = application, session, history
        self.doc: dict | None = None
        self.notice: str | None = None
        self.error: ScorekeeperError | None = None
        self.mark: Any = None
        self.version = 0  # counts the changes of doc or notice

    def poll(self) -> bool:
        """Look once; read the board again if it changed. True when ``doc`` or ``notice`` changed."""
        try:
            mark = self.look()
        except ScorekeeperError as e:  # the index itself cannot be read
            return self._failed(("index", e.code), e)
        if mark == self.mark:
            return False
        self.mark = mark
        try:
            self.doc = self.read()
        except ScorekeeperError as e:
            return self._failed(mark, e)
        self.notice = self.error = None
        self.version += 1
        return True

    def look(self) -> Any:
        """What changes whenever :meth:`read` would read something else (a few ``stat`` calls)."""
        return self.application.board_mark(self.session)

    def read(self) -> dict:
        """The board as it is now."""
        return self.application.board(self.session, self.history)

    def _failed(self, mark: Any, error: ScorekeeperError) -> bool:
        self.mark = mark
        notice = error.message.splitlines()[0] if error.message else error.code
        if notice == self.notice:
            return False
        self.notice, self.error = notice, error
        self.version += 1
        return True


def keys(fd: int, timeout: float) -> bytes:
    """What was typed within ``timeout`` seconds (b"" when nothing was)."""
    ready, _w, _x = select.select([fd], [], [], timeout)
    return os.read(fd, 64) if ready else b""


def watch(terminal: Any, application: Any, session: str | None, poll: float = POLL,
          draw: Callable[..., Any] | None = None) -> None:
    """Show the board full screen until ``q`` or Ctrl-C (then :class:`KeyboardInterrupt` goes on,
    once the terminal is given back). Refuses (:class:`InputError`, exit 2) when standard
    input or output is not a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise InputError("cli.watch.no_terminal")
    import signal
    import termios
    import tty

    from rich.live import Live

    if draw is None:
        from scorekeeper.cli.render.board import board as draw
    gc.enable()  # a long run: the short commands' switched-off collector would let cycles pile up
    console = terminal.out
    follower = Follower(application, session)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    wanted: list[int] = []  # Ctrl-C: the signal noted, the loop leaves at its next turn
    before = signal.signal(signal.SIGINT, lambda number, _frame: wanted.append(number))
    try:
        tty.setcbreak(fd)
        with Live(console=console, screen=True, auto_refresh=False, redirect_stdout=False,
                  redirect_stderr=False) as live:
            shown: tuple = ()
            while True:
                follower.poll()
                # the terminal's own size (an exported COLUMNS must not pin it: a resize is followed)
                size = tuple(os.get_terminal_size(sys.stdout.fileno()))
                console.size = size
                if (follower.version, size) != shown:
                    shown = (follower.version, size)
                    live.update(draw(follower.doc, size[0], size[1], follower.notice), refresh=True)
                typed = keys(fd, poll)
                if wanted or any(key in typed for key in LEAVE):
                    break
    finally:
        signal.signal(signal.SIGINT, before)
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    if wanted:  # left with Ctrl-C: once the terminal is as it was, said as any command says it (SPEC §5, exit 130)
        raise KeyboardInterrupt
