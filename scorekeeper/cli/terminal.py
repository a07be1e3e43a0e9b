"""The terminal: the run's consoles, and JSON written straight to stdout.

All output goes through :class:`Terminal`, built once per run by the root
callback (a console made at import time would freeze the colour choice). Its
consoles have markup and emoji off, so names and titles are printed exactly
as typed. ``--json`` documents are written with ``json.dumps`` straight to
stdout, never through rich. Drawing for people lives in
:mod:`scorekeeper.cli.render`, which this module never imports.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable


class Terminal:
    """The run's consoles: ``out`` (stdout) and ``err`` (stderr), made on first use."""

    def __init__(self) -> None:
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

    def show(self, doc: Any, as_json: bool, draw: Callable[["Terminal", Any], None],
             for_people: tuple[str, ...] = ()) -> None:
        """Print ``doc`` as JSON, or draw it for people with ``draw(terminal, doc)``
        (a function of :mod:`scorekeeper.cli.render`). ``for_people`` names the
        fields the application adds for the drawing only: they are not part of the
        ``--json`` document."""
        if as_json:
            return self.json({k: v for k, v in doc.items() if k not in for_people} if for_people else doc)
        draw(self, doc)

    def print(self, *things: Any, **options: Any) -> None:
        self.out.print(*things, **options)


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

