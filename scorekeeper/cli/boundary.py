"""The run's shared objects (``ctx.obj``) and the one error boundary.

The root callback puts a :class:`Run` in ``ctx.obj``: the :class:`~scorekeeper.cli.terminal.Terminal`
and the application over the database the line names (built on first use, once
per run, so ``--help`` and TAB load no more than typer). Commands take it with
:func:`run`.

:class:`Boundary` is the root command group: any
:class:`~scorekeeper.core.errors.ScorekeeperError` a command (or the root
callback) raises ends there as its sentence on stderr and its exit code;
``--debug`` (or SCOREKEEPER_DEBUG) lets it through with its traceback. The
console script and typer's CliRunner both go through it.
"""
from __future__ import annotations

import os
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from scorekeeper.cli import frame, language
from scorekeeper.core.errors import ScorekeeperError, ctrl_c_inside, ctrl_c_lost
from scorekeeper.core.shown import escaped
from scorekeeper.cli.terminal import Terminal


class Run:
    """What one run of the program shares: the terminal, the root's ``--db``, ``--debug``,
    and the application (built once, on first use)."""

    def __init__(self, db: str | None = None, debug: bool = False, language: str = "en",
                 wait: float | None = None):
        self.db_option = db
        #: ``--wait SECONDS``: how long a change waits for another command (None: the default)
        self.wait = wait
        #: the language chosen for the run (a ``--json`` run makes its document in English)
        self.language = language
        self.debug = debug or bool(os.environ.get("SCOREKEEPER_DEBUG"))
        self.terminal = Terminal()
        self._apps: dict[str | None, Any] = {}

    def app(self, db: str | None = None):
        """The application over the database named by the command's ``--db``, else the
        root's, else SCOREKEEPER_DB or the user data directory; one per database per run
        (imported only when a command needs it: ``--help`` and TAB stay quick)."""
        given = db if db is not None else self.db_option
        if given not in self._apps:
            from scorekeeper.app import Application

            self._apps[given] = Application(given, self.wait)
        return self._apps[given]


def run(ctx: typer.Context) -> Run:
    """The run's :class:`Run` (made by the root callback)."""
    found = ctx.find_object(Run)
    if found is None:  # a command invoked without the root callback (never from the command line)
        found = ctx.ensure_object(Run)
    return found


def _debugging(ctx: Any) -> bool:
    obj = getattr(ctx, "obj", None)
    if isinstance(obj, Run):
        return obj.debug
    return bool(getattr(ctx, "params", {}).get("debug")) or bool(os.environ.get("SCOREKEEPER_DEBUG"))


class Boundary(frame.Framed, TyperGroup):
    """The root group: turns the core's errors into one sentence on stderr and the
    error's exit code. An exception raised in a variant's code is that variant's failure, said
    in one sentence naming it (exit 1: :func:`scorekeeper.app.scorer.failure`). Other errors that
    are not :class:`ScorekeeperError` are bugs and pass through (``main`` prints them as an
    internal error). ``--debug`` lets every one through with its traceback."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """A ``--lang`` after the command is read by the root option (SPEC §7: before or
        after the command, like ``--db``); whether the command asks for ``--json`` is
        noted for the root callback."""
        rest = super().parse_args(ctx, debug_first(language.lang_first(list(args))))  # the words after the name
        ctx.meta[language.JSON_KEY] = language.wants_json(rest)
        return rest

    def make_context(self, info_name: Any, args: list[str], parent: Any = None, **extra: Any) -> Any:
        """The root's context; a usage error on the root's own options is said in the spoken
        language (:func:`scorekeeper.cli.frame.usage_error`); Ctrl-C while the line is parsed
        is said as anywhere else (:func:`interrupted`), as is any error after a Ctrl-C (:func:`ctrl_c_before`)."""
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except KeyboardInterrupt:
            raise typer.Exit(interrupted()) from None
        except Exception as e:
            if ctrl_c_before(e):
                raise typer.Exit(interrupted()) from None
            if not frame.is_usage_error(e):
                raise
            if type(e).__name__ == "NoArgsIsHelpError":
                raise typer.Exit(asked_for_help(e)) from None
            raise typer.Exit(frame.usage_error(e, language.wants_json(list(args)), for_the_terminal)) from None

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The program's help, the variants listed from the registry (SPEC §8)."""
        from scorekeeper.cli.options import with_variants

        given = self.help
        self.help = with_variants(given, "and")
        try:
            super().format_help(ctx, formatter)
        finally:  # the list is made again for every help drawn
            self.help = given

    def invoke(self, ctx: Any) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a write error of buffered output surfaces here, not at exit
            return result
        except typer.Abort as e:  # Ctrl-C or the end of input at a question
            if isinstance(e.__context__, KeyboardInterrupt):  # Ctrl-C: 130 and whether anything was saved
                sys.stderr.write("\n")
                raise typer.Exit(interrupted()) from None
            frame.aborted()
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            if _debugging(ctx):
                raise
            raise typer.Exit(interrupted()) from None
        except typer.Exit:  # a command's own end (--help too): no error at all
            raise
        except Exception as e:
            if ctrl_c_before(e) and not _debugging(ctx):
                raise typer.Exit(interrupted()) from None
            raise typer.Exit(_failed(ctx, e)) from None


def ctrl_c_before(e: BaseException) -> bool:
    """Whether the error ``e`` came of a Ctrl-C: Python wrapped it on its way (a class being
    made: a RuntimeError, :func:`~scorekeeper.core.errors.ctrl_c_inside`), or dropped it before
    (:func:`~scorekeeper.core.errors.ctrl_c_lost`), when a module may have been left half made
    and nothing after it can be believed. Either is said as the interruption (exit 130)."""
    return ctrl_c_inside(e) or ctrl_c_lost()


def _failed(ctx: Any, e: Exception) -> int:
    """Say what stopped a command (the run's own errors, an error of the system's, a usage
    error, a variant's failure) and return its exit code; raise ``e`` again when it is a bug
    or ``--debug`` asks for the traceback."""
    if isinstance(e, OSError):
        if _debugging(ctx):
            raise e
        if not output_error(e) or getattr(e, "filename", None):
            return system_refused(e)
        return output_failed(e)
    if isinstance(e, ScorekeeperError):
        if _debugging(ctx):
            raise e
        return said(ctx, e)
    if not frame.is_usage_error(e):  # a command's arguments or options are said from the error's data
        # raised in a variant's code (a bug in its scoring, a fact a screen cannot show):
        # one sentence naming the variant, exit 1 (SPEC §8); anything else is scorekeeper's bug
        from scorekeeper.app.scorer import failure

        found = failure(e)
        if found is None or _debugging(ctx):
            raise e
        return said(ctx, found)
    if type(e).__name__ == "NoArgsIsHelpError":
        return asked_for_help(e)
    return frame.usage_error(e, bool(ctx.meta.get(language.JSON_KEY)), for_the_terminal)


def said(ctx: Any, e: ScorekeeperError) -> int:
    """Say ``e`` on standard error, in the run's language, and return its exit code."""
    obj = getattr(ctx, "obj", None)
    from scorekeeper.core.messages import suits_as_letters

    if ctx.meta.get(language.JSON_KEY):  # a script reads the error as data, never the sentence
        frame.write_json_error(e)
    # one card notation on the screen: where there is no colour the tables write 7H, and so do the errors
    from scorekeeper.cli.terminal import console

    letters = console(stderr=True).color_system is None
    with language.speaking(obj.language if isinstance(obj, Run) else language.spoken()), \
            suits_as_letters(letters):
        sys.stderr.write(for_the_terminal(e.message.rstrip()) + "\n")
    return int(e.exit_code)


def asked_for_help(e: Exception) -> int:
    """A group typed with nothing after it (``scorekeeper``, ``scorekeeper db``): click's
    ``no_args_is_help`` raises a usage error that holds the help (``NoArgsIsHelpError``, told by
    its name: the library does not export it). Help asked for by typing nothing is no error:
    the help is printed on stdout and the exit code is 0 (returned)."""
    ctx = getattr(e, "ctx", None)
    text = ctx.get_help() if ctx is not None else e.format_message()  # type: ignore[attr-defined]
    sys.stdout.write(text.rstrip("\n") + "\n")
    return 0


def _say(text: str) -> None:
    """One sentence on standard error (nothing when even that cannot be written)."""
    try:
        sys.stderr.write(for_the_terminal(text) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


#: whether this run has said that it was interrupted (see :func:`interruption_told`)
told = False


def interrupted() -> int:
    """Ctrl-C: one sentence on standard error saying whether the change was saved
    (the store notes the moment a file is put in place, with Ctrl-C held); returns 130.
    A second Ctrl-C is ignored while this is said."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # not the main thread
        pass
    from scorekeeper.app.application import change_kept

    _say(ScorekeeperError("cli.interrupted_kept" if change_kept() else "cli.interrupted").message)
    interruption_told()
    return 130


def interruption_told() -> None:
    """Note that the run has said it was interrupted (:func:`interrupted`, or a command's own
    sentence, as ``board`` says it stopped). typer answers a Ctrl-C that reaches it past the
    boundary (while an error is being said, or between the command's end and the exit) with
    exit 130 and no word: the console script says it then (:func:`scorekeeper.__main__.run`)."""
    global told
    told = True


#: errors of a write to standard output: a full disk, /dev/full, a lost terminal, a file too big
_OUTPUT_ERRNOS = {"ENOSPC", "EIO", "EDQUOT", "EFBIG", "EPIPE", "ENXIO", "EBADF"}


def output_error(e: OSError) -> bool:
    """Whether ``e`` is a failed write of the output (errno of a full disk, a closed pipe…)."""
    import errno

    return e.errno in {getattr(errno, name) for name in _OUTPUT_ERRNOS if hasattr(errno, name)}


def output_failed(e: OSError) -> int:
    """Standard output could not be written: one sentence (none for a closed pipe: the reader
    left, as ``| head`` does), standard output sent to /dev/null so nothing more fails at
    exit, and exit status 1 — but 0 for a closed pipe once the command's change was saved (the
    hand is recorded: the reader only left before the table was all shown)."""
    import errno

    from scorekeeper.app.application import change_kept

    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)  # what is still buffered goes nowhere instead of failing again at exit
        os.close(fd)
    except OSError:
        pass
    if e.errno == errno.EPIPE:
        return 0 if change_kept() else 1
    code = "cli.output_failed_kept" if change_kept() else "cli.output_failed"
    _say(ScorekeeperError(code, strerror=e.strerror or str(e)).message)
    return 1


def system_refused(e: OSError) -> int:
    """An error of the system's that no part of the program said in its own words (a file or
    folder it may not use): one sentence naming it and saying whether the change was kept, exit 1."""
    from scorekeeper.app.application import change_kept

    what = e.filename if getattr(e, "filename", None) else "-"
    code = "cli.os_error_kept" if change_kept() else "cli.os_error"
    _say(ScorekeeperError(code, path=str(what), strerror=e.strerror or str(e)).message)
    return 1


def debug_first(args: list[str]) -> list[str]:
    """``args`` with ``--debug`` moved to the front, where the root option reads it: like
    ``--db`` and ``--lang`` it may come before or after the command (SPEC §5); nothing
    after ``--`` is touched."""
    end = args.index("--") if "--" in args else len(args)
    if "--debug" not in args[:end]:
        return args
    return ["--debug"] + [a for a in args[:end] if a != "--debug"] + args[end:]




def for_the_terminal(text: str, terminal: bool | None = None) -> str:
    """``text`` wrapped between words to the width of the terminal standard error is
    (else as it is: a pipe or a file gets each sentence on one line). ``terminal``: whether
    the text goes to a terminal, where it is not standard error (the prompt's console).
    Control characters a sentence quotes (a token typed with an escape sequence) are shown
    escaped (``\u001b``), on a terminal and off it."""
    text = escaped(text)
    if not (sys.stderr.isatty() if terminal is None else terminal):
        return text
    import shutil
    import textwrap

    width = shutil.get_terminal_size().columns
    # an indented line (a refusal at the prompt) goes on at its indentation, never at column 0
    return "\n".join(textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False,
                                   subsequent_indent=line[:len(line) - len(line.lstrip(" "))]) or line
                     for line in text.splitlines())
