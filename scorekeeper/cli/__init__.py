"""The command line: typer over :class:`scorekeeper.app.Application`.

The root callback puts the run's objects in ``ctx.obj`` (a
:class:`~scorekeeper.cli.boundary.Run`: the terminal, and the application,
built on first use). Each command parses its options, makes one call of the
application and renders the document it returns — ``--json`` prints it, people
get it drawn by :mod:`scorekeeper.cli.render`. Errors end in one place, the
root group :class:`~scorekeeper.cli.boundary.Boundary`. Commands live in
``scorekeeper/cli/commands/``, one module per group, each registering itself on
:data:`app`.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator, List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli import language
from scorekeeper.cli.language import _

# our help texts are made below and as the command modules are imported: the language first
language.early(sys.argv, os.environ)

from scorekeeper.cli.boundary import Boundary, Run  # noqa: E402

app = typer.Typer(
    name="scorekeeper",
    cls=Boundary,
    help=_("Score rummy games played with real cards: {variants} (scorekeeper rules describes each).\n\n"
           "Start a session with new, then record each hand with hand (on a terminal it asks player by "
           "player); demo plays a bundled game.\n\n"
           "Example: scorekeeper new rummy500 Ann Bob Cy"),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        from scorekeeper import __version__

        sys.stdout.write(f"scorekeeper {__version__}\n")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[Optional[str], typer.Option("--db", metavar="DIR", help=_(
        "The database directory; else SCOREKEEPER_DB, else config database, else the user data directory."),
                                               show_default=False)] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", metavar="CODE", help=_(
        "The language to speak: en, uk, ru or be; else SCOREKEEPER_LANG, else config language, else the locale."),
        show_default=False, autocompletion=complete.languages)] = None,
    debug: Annotated[bool, typer.Option("--debug", help=_("Show the traceback of any error."))] = False,
    wait: Annotated[Optional[float], typer.Option("--wait", metavar="SECONDS", min=0, max=86400, help=_(
        "How long a change waits for another scorekeeper command using the database (default 10)."),
        show_default=False)] = None,
    version: Annotated[bool, typer.Option("--version", "-V", help=_("Print the version and exit."), is_eager=True,
                                          callback=_print_version)] = False,
) -> None:
    """Score rummy games played with real cards (every variant installed: scorekeeper rules).

    Start with `scorekeeper new rummy500 Ann Bob Cy`, then record each hand with
    `scorekeeper hand`. `scorekeeper demo` plays a bundled game.
    """
    # a bad configuration file stops every command but config, which must be able to mend it
    chosen = language.start(lang, json=ctx.meta.get(language.JSON_KEY, False),
                            strict=ctx.invoked_subcommand != "config")
    ctx.obj = Run(db, debug, chosen, wait)


from scorekeeper.cli.commands import register  # noqa: E402

register(app)


@app.command("help")
def help_(
    ctx: typer.Context,
    command: Annotated[Optional[List[str]], typer.Argument(metavar="[COMMAND]...", help=_(
        "The command (and subcommand) to show the help of; none: the whole program."), show_default=False)] = None,
) -> None:
    """Show the help of the program or of a command: the same as --help.

    \b
    Examples:
      scorekeeper help
      scorekeeper help hand
      scorekeeper help db check
    """
    parent = ctx.parent
    current, shown = parent.command, parent
    for name in command or []:
        _name, found, _rest = current.resolve_command(shown, [name])  # an unknown name: a usage error
        shown = typer.Context(found, info_name=_name, parent=shown, **found.context_settings)
        current = found
    typer.echo(shown.get_help())


def command_helps(typer_app: typer.Typer = app):
    """Every command's help, as typer takes it from the command's docstring: ``(info, text)``."""
    import inspect

    for info in typer_app.registered_commands:
        if info.callback is not None and info.callback.__doc__:
            yield info, inspect.getdoc(info.callback)
    for group in typer_app.registered_groups:
        yield from command_helps(group.typer_instance)


from scorekeeper.cli.frame import frame  # noqa: E402

frame(app)  # every command draws its help and says its usage errors in the language chosen

if language.spoken() != "en":  # our commands' help in the language chosen (the docstrings are message ids)
    for _info, _text in command_helps():
        if _info.help is None:
            _info.help = _(_text)


def _summary(text: str) -> str:
    """The first paragraph of a help text, on one line."""
    return " ".join(text.split("\n\n", 1)[0].split())


def summarize(typer_app: typer.Typer = app) -> None:
    """Give every command and group its whole first paragraph as the summary the list of
    commands shows (click would cut it, mid-sentence, to what fits one line)."""
    for info, text in command_helps(typer_app):
        if info.short_help is None:
            info.short_help = _summary(info.help or text)
    for group in typer_app.registered_groups:
        texts = [getattr(h, "value", h) for h in (group.help, group.typer_instance.info.help)]
        help_text = next((h for h in texts if isinstance(h, str)), None)
        if not isinstance(group.short_help, str) and help_text:
            group.short_help = _summary(_(help_text))


summarize()


#: The root options that take a value (``--db DIR``, ``--lang CODE``): what follows them
#: is not the command's name.
ROOT_VALUE_OPTIONS = ("--db", "--lang", "--wait")


def invoked(argv: list[str], typer_app: typer.Typer = app) -> str | None:
    """The name of the command (or group) ``argv`` (the words after the program's name)
    runs, when it is one of ``typer_app``'s; None for no command, help of the whole
    program, or a name that is not a command (typer then says so, with every command)."""
    words = iter(argv)
    for word in words:
        if word in ROOT_VALUE_OPTIONS:
            next(words, None)
        elif word in ("-h", "--help", "help"):  # help COMMAND: every command is built
            return None
        elif not word.startswith("-"):
            return word if word in command_names(typer_app) else None
    return None


def _name_of(info) -> str | None:
    """A registered command's name as typer gives it (its own, else its function's)."""
    from typer.main import get_command_name

    return info.name or (get_command_name(info.callback.__name__) if info.callback is not None else None)


def command_names(typer_app: typer.Typer = app) -> set[str]:
    """The names of the commands and groups registered on ``typer_app``, as typer names them."""
    names = {_name_of(info) for info in typer_app.registered_commands} - {None}
    return names | {info.name for info in typer_app.registered_groups if info.name}


@contextmanager
def only(name: str | None, typer_app: typer.Typer = app) -> Iterator[None]:
    """Within the block, ``typer_app`` holds only the command or group called ``name``
    (all of them when None). Typer turns every registered command into a click command
    before it parses the line, reading each one's signature: for the one command a run
    invokes, that work is wasted on the others (about 12 ms a run)."""
    if name is None:
        yield
        return
    commands, groups = typer_app.registered_commands, typer_app.registered_groups
    typer_app.registered_commands = [info for info in commands if _name_of(info) == name]
    typer_app.registered_groups = [info for info in groups if info.name == name]
    try:
        yield
    finally:
        typer_app.registered_commands, typer_app.registered_groups = commands, groups


def main() -> None:
    """The console script. A bug (not a user mistake) prints one line and exits 1
    unless --debug or SCOREKEEPER_DEBUG asks for the traceback.

    Only the command the line runs is built for typer (see :func:`only`); a TAB being
    answered builds them all."""
    from scorekeeper.cli.terminal import fit_streams

    fit_streams()  # an ASCII terminal or pipe gets 7H and - where it cannot write 7♥ and —
    if os.environ.get("_SCOREKEEPER_COMPLETE", "").startswith("complete_"):  # answering a TAB
        from scorekeeper.cli.complete import read_as_typed

        read_as_typed()
        name = None
    else:
        name = invoked(language.lang_first(sys.argv[1:]))  # the line as the root group reads it
    try:
        with only(name):
            app(prog_name="scorekeeper")  # also under python -m scorekeeper (the TAB's variable, the help)
    except Exception as e:  # anything that is not a ScorekeeperError is a bug
        if "--debug" in sys.argv or os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        sys.stderr.write(_("scorekeeper: internal error ({kind}: {error}); run again with --debug.").format(
            kind=type(e).__name__, error=e) + "\n")
        sys.exit(1)
