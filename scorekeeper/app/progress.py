"""Progress of long work (``import``, ``export --all``, ``stats``, ``db check``), as plain calls.

The application never draws: a method doing long work takes a :data:`Progress` callable
and calls it as it goes; the command line draws a bar from those calls (on a terminal only).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Optional

#: ``progress(done, total)`` — items done so far and how many there are (None when that is
#: not known beforehand)
Progress = Callable[[int, Optional[int]], None]


def counted(items: Iterable[Any], total: int, progress: Progress | None) -> Iterator[Any]:
    """``items`` one at a time, calling ``progress(done, total)`` after each is handled."""
    for done, item in enumerate(items, 1):
        yield item
        if progress is not None:
            progress(done, total)
