"""A progress bar for long work on a terminal (``import``, ``export --all``, ``stats``, ``db check``).

The application calls a plain ``progress(done, total)`` as it goes
(:mod:`scorekeeper.app.progress`); :func:`bar` gives the command that callable and draws
it with :class:`rich.progress.Progress` on standard error, transient (gone when the work
ends). Drawn only when both standard output and standard error are a terminal that can
redraw a line (not ``TERM=dumb``), never under ``--json``, and only once the work is long:
:data:`LEAST` items or more. Elsewhere the callable does nothing, so what is printed is the
same as without it.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

#: the least number of items (sessions, records) that make work long enough to show a bar
LEAST = 20


def live(terminal: Any) -> bool:
    """Whether a bar can be drawn: stdout and stderr are terminals, and not dumb ones."""
    err = terminal.err
    return (err.is_terminal and not err.is_dumb_terminal and sys.stderr.isatty() and sys.stdout.isatty())


@contextmanager
def bar(terminal: Any, code: str, show: bool = True) -> Iterator[Callable[[int, Optional[int]], None]]:
    """A ``progress(done, total)`` callable for the block; the bar, labelled with the message
    ``code`` (a ``cli.progress.*`` template), is drawn while the block runs when :func:`live`
    and ``show`` (False under ``--json``), from the first call that finds the work long."""
    if not show or not live(terminal):
        yield _nothing
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from scorekeeper.core.messages import render

    drawn = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                     TimeElapsedColumn(), console=terminal.err, transient=True)
    task: list[Any] = []

    def progress(done: int, total: Optional[int]) -> None:
        if not task:
            if (total if total is not None else done) < LEAST:
                return
            drawn.start()
            task.append(drawn.add_task(render(code, {}), total=total))
        drawn.update(task[0], completed=done, total=total)

    try:
        yield progress
    finally:
        if task:
            drawn.stop()


def _nothing(done: int, total: Optional[int]) -> None:
    """No bar: output that is not a terminal, or ``--json``."""
