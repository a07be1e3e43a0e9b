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
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from scorekeeper.core.shown import CONTROL as _CONTROL, escaped


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

    @property
    def unicode(self) -> bool:
        """Whether standard output can write the characters beyond ASCII our drawings use."""
        return writes_unicode(self.out.file)

    @property
    def chart_width(self) -> int:
        """The width to draw a picture across: the terminal's, or 80 columns for output that
        is not a terminal (which gets lines as long as they come, :data:`PIPE_WIDTH`)."""
        return self.out.width if self.out.width < PIPE_WIDTH else 80

    def json(self, doc: Any) -> None:
        # a standard output that cannot write every character gets JSON's \u escapes: the same document
        sys.stdout.write(json.dumps(doc, ensure_ascii=not writes_unicode(sys.stdout), indent=2) + "\n")

    def show(self, doc: Any, as_json: bool, draw: Callable[["Terminal", Any], None],
             for_people: tuple[str, ...] = (), page: bool = False) -> None:
        """Print ``doc`` as JSON, or draw it for people with ``draw(terminal, doc)``
        (a function of :mod:`scorekeeper.cli.render`). ``for_people`` names the
        fields the application adds for the drawing only: they are not part of the
        ``--json`` document. ``page``: a drawing longer than the terminal goes through
        the pager (:meth:`paged`). The document's ``notices`` follow the drawing on standard
        error (:meth:`notices`)."""
        if as_json:
            return self.json({k: v for k, v in doc.items() if k not in for_people} if for_people else doc)
        if page:
            with self.paged():
                draw(self, doc)
        else:
            draw(self, doc)
        self.notices(doc)

    def notices(self, doc: Any) -> None:
        """The sentences a document gives beside what it shows (``notices``: a session shown with
        the numbers it stored, SPEC §8), each on standard error."""
        from rich.text import Text

        for notice in doc.get("notices") or () if isinstance(doc, dict) else ():
            self.err.print(Text(str(notice)))

    @contextmanager
    def paged(self) -> Iterator[None]:
        """Within the block, what is printed on a terminal is held; then, when it is longer
        than the terminal is high, it is shown through the pager (``PAGER``, else ``less``;
        colour kept with ``LESS=-R`` unless ``LESS`` says otherwise), else printed. Output that
        is not a terminal is printed as it comes, never paged."""
        out = self.out
        if not out.is_terminal or not sys.stdout.isatty():
            yield
            return
        with out.capture() as held:
            yield
        text = held.get()
        if text.count("\n") < out.height - 1:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        import pydoc

        os.environ.setdefault("LESS", "-R")
        pydoc.pager(text)

    def print(self, *things: Any, **options: Any) -> None:
        self.out.print(*things, **options)


#: the width given to output that is not a terminal: wide enough that no line is wrapped or cut
PIPE_WIDTH = 10_000


_CONSOLE: Any = None


def _console_class() -> Any:
    """A rich :class:`~rich.console.Console` that escapes every control character in the text it
    draws, whatever its origin (a name, a title, a time or a note read from a file, a variant's
    words): only rich's own control codes (colours, the cursor) reach the terminal."""
    global _CONSOLE
    if _CONSOLE is None:
        from rich.console import Console
        from rich.segment import Segment

        class Escaping(Console):
            def render(self, renderable: Any, options: Any = None) -> Any:
                for segment in super().render(renderable, options):
                    if segment.control is None and _CONTROL.search(segment.text):
                        yield Segment(escaped(segment.text), segment.style)
                    else:
                        yield segment

            def on_broken_pipe(self) -> None:
                """A reader that left (``| head -1``): rich's own answer is exit 1, even after the
                hand was saved; the command's error boundary says it as any failed write of the
                output (:func:`scorekeeper.cli.boundary.output_failed`: 0 once the change is kept)."""
                import errno

                self.quiet = True
                raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

        _CONSOLE = Escaping
    return _CONSOLE


def console(stderr: bool = False):
    """A rich console with markup and emoji off (user text is printed as typed) and every
    control character in what it draws escaped (:func:`_console_class`).

    Colour follows rich's detection (a terminal, ``FORCE_COLOR``, ``TERM=dumb``
    means none); ``NO_COLOR`` turns off every style, bold included. Output that
    is not a terminal is never wrapped or cut: it gets a very wide line.
    """
    Console = _console_class()
    options: dict[str, Any] = {"stderr": stderr, "markup": False, "emoji": False, "highlight": False}
    if os.environ.get("NO_COLOR"):
        options["color_system"] = None
    c = Console(**options)
    if not c.is_terminal:
        c = Console(width=PIPE_WIDTH, file=Trimmed(stderr), **options)
    return c


class Trimmed:
    """Standard output (or error) for output that is not a terminal: each line written
    without the spaces a table pads it with at its end (a pipe, a file, ``grep``)."""

    def __init__(self, stderr: bool = False) -> None:
        self.stderr = stderr
        self.pending = ""

    @property
    def stream(self) -> Any:
        return sys.stderr if self.stderr else sys.stdout  # as it is now (a test may have swapped it)

    def write(self, text: str) -> int:
        lines = (self.pending + text).split("\n")
        self.pending = lines.pop()
        if lines:
            self.stream.write("".join(line.rstrip(" ") + "\n" for line in lines))
        return len(text)

    def flush(self) -> None:
        if self.pending.strip(" "):  # a line not ended yet keeps its spaces until it is
            self.stream.write(self.pending)
            self.pending = ""
        self.stream.flush()

    def isatty(self) -> bool:
        return False

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"



#: what a character outside an output's encoding is written as (``PYTHONIOENCODING=ascii``,
#: a C locale): suits as their letters, the punctuation of our sentences as ASCII
PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-", "−": "-", "→": "->", "←": "<-",
         "…": "...", "·": ".", "×": "x", "≥": ">=", "≤": "<=", "“": '"', "”": '"', "„": '"', "«": '"',
         "»": '"', "‘": "'", "’": "'", "█": "#", "▌": "#", "▏": "|", "•": "*", "✓": "v", "✗": "x",
         "\u00a0": " ", "\u2009": " ", "\u202f": " "}
#: the name of the codec error handler that writes :data:`PLAIN`
PLAIN_ERRORS = "scorekeeper-plain"
#: characters our output uses that not every encoding has
_PROBE = "♥—→█"


def writes_unicode(stream: Any) -> bool:
    """Whether ``stream`` can write the characters our output uses (suit symbols, dashes, arrows)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        _PROBE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata

    bad = error.object[error.start:error.end]
    out = []
    for ch in bad:
        if ch in PLAIN:
            out.append(PLAIN[ch])
            continue
        name = unicodedata.name(ch, "")
        if name.startswith("BOX DRAWINGS"):  # a table's lines
            across, down = "HORIZONTAL" in name, "VERTICAL" in name
            out.append("-" if across and not down else "|" if down and not across else "+")
            continue
        if name.startswith(("LOWER", "UPPER", "FULL BLOCK", "LEFT")) and "BLOCK" in name:  # a bar's cells
            out.append("#" if "FULL" in name or "SEVEN" in name or "THREE QUARTERS" in name else
                       "=" if "HALF" in name or "FIVE" in name else "_")
            continue
        stripped = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        try:
            stripped.encode(error.encoding)
            out.append(stripped or "?")
        except UnicodeEncodeError:
            out.append("?")
    return "".join(out), error.end


def fit_streams() -> None:
    """Make standard output and standard error write what their encoding lacks as
    :data:`PLAIN` text (``7♥`` as ``7H``, ``—`` as ``-``, else ``?``) instead of
    failing: ``PYTHONIOENCODING=ascii`` or a C locale. Streams that write Unicode,
    and streams that cannot be reconfigured, are left as they are."""
    import codecs

    try:
        codecs.lookup_error(PLAIN_ERRORS)
    except LookupError:
        codecs.register_error(PLAIN_ERRORS, _plain)
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not writes_unicode(stream) and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors=PLAIN_ERRORS)
            except (ValueError, OSError):  # pragma: no cover - a stream that cannot change its errors
                pass
