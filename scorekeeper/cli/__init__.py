"""The command line: typer over :class:`scorekeeper.app.Application`.

The root callback puts the run's objects in ``ctx.obj`` (a
:class:`~scorekeeper.cli.boundary.Run`: the terminal, and the application,
built on first use). Each command parses its options, makes one call of the
application and renders the document it returns — ``--json`` prints it, people
get it drawn by :mod:`scorekeeper.cli.render`. Errors end in one place, the
root group :class:`~scorekeeper.cli.boundary.Boundary`. Commands live in
``scorekeeper/cli/commands/``, one module per group of them, each with a
``register(app)`` that declares its commands on ``app`` (``app.command()``,
``app.add_typer()``) and is named in :data:`COMMANDS`.

The root group is :class:`Program`, a lazy group (click's documented extension
point: ``list_commands`` and ``get_command``): the names come from
:data:`COMMANDS`, and a command is built — its module imported, its signature
read by typer — only when it is asked for. A run imports and builds the one
command it runs; ``--help``, ``help COMMAND`` and a TAB after the program's
name ask for every one.
"""

import os
import sys
from typing import Any, Callable, Iterator, Optional

import typer
import typer.main
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli import language
from scorekeeper.cli.language import helptext

# our help texts are made below and as the command modules are imported: the language first
language.early(sys.argv, os.environ)

from scorekeeper.cli.boundary import Boundary, Run  # noqa: E402

#: Every command and group of commands, by name, in the order ``--help`` lists them, with
#: the module of ``scorekeeper/cli/commands/`` whose ``register(app)`` declares it (a test
#: holds this table and the modules equal).
COMMANDS: dict[str, str] = {
    "new": "game", "hand": "game", "edit": "game", "standings": "game", "history": "game", "undo": "game",
    "redo": "game", "rejoin": "events", "end": "events",
    "sessions": "sessions", "use": "sessions", "delete": "sessions",
    "demo": "demo",
    "export": "share", "import": "share", "stats": "share", "chart": "share",
    "explain": "disputes", "check": "disputes", "rules": "disputes", "plugins": "plugins",
    "watch": "board", "serve": "board",
    "help": "help",
    "players": "club", "season": "club", "ratings": "club", "evening": "club",
    "db": "db", "config": "config",
}


class Declared:
    """Stands for the program's ``typer.Typer`` while a command module's ``register(app)``
    runs: it keeps what each ``app.command(...)`` and ``app.add_typer(...)`` declares, by the
    command's name, so that each can be built on its own (:meth:`build`)."""

    def __init__(self) -> None:
        #: name -> (how to declare it on a Typer: a function of the Typer)
        self.found: dict[str, Callable[[typer.Typer], None]] = {}

    def command(self, name: str | None = None, **settings: Any) -> Callable[[Callable], Callable]:
        def keep(function: Callable) -> Callable:
            called = name or typer.main.get_command_name(function.__name__)
            self.found[called] = lambda app: app.command(name, **settings)(function)
            return function

        return keep

    def add_typer(self, typer_instance: typer.Typer, *, name: str, **settings: Any) -> None:
        # each build gets its own copy of the group: what it writes on it (the class that draws
        # its help, the help in the language spoken) never reaches the group as declared
        self.found[name] = lambda app: app.add_typer(copy_of(typer_instance), name=name, **settings)

    def declare(self, name: str, app: typer.Typer) -> None:
        """Declare the command (or group) ``name`` on ``app``. Raises KeyError for a name
        the module does not declare."""
        self.found[name](app)


def copy_of(group: typer.Typer) -> typer.Typer:
    """A copy of the command group ``group`` and its groups, down to each command's declaration
    (``typer.models.CommandInfo``; the functions themselves are shared): what is written on the
    copy's declarations leaves ``group``'s as the module declared them."""
    import copy

    twin = copy.copy(group)
    twin.info = copy.copy(group.info)
    twin.registered_callback = copy.copy(group.registered_callback)
    twin.registered_commands = [copy.copy(info) for info in group.registered_commands]
    twin.registered_groups = []
    for info in group.registered_groups:
        sub = copy.copy(info)
        if info.typer_instance is not None:
            sub.typer_instance = copy_of(info.typer_instance)
        twin.registered_groups.append(sub)
    return twin


_declared: dict[str, Declared] = {}


def declared(module: str) -> Declared:
    """What the command module ``module`` (``game``, ``db``…) declares; the module is
    imported on first use."""
    if module not in _declared:
        import importlib

        found = Declared()
        importlib.import_module(f"scorekeeper.cli.commands.{module}").register(found)
        _declared[module] = found
    return _declared[module]


def one_command(name: str) -> typer.Typer:
    """A Typer declaring only the command (or group) ``name`` of :data:`COMMANDS`, drawn as
    ours (:func:`scorekeeper.cli.frame.frame`), its help in the spoken language. It is built on
    its own declarations (a group's are copies, :func:`copy_of`): building it in one language
    changes nothing a later build, in any language, starts from."""
    from scorekeeper.cli.frame import frame

    one = typer.Typer(rich_markup_mode=None)
    declared(COMMANDS[name]).declare(name, one)
    frame(one)  # every command draws its help and says its usage errors in the language chosen
    if language.spoken() != "en":  # our commands' help in the language chosen (the docstrings are message ids)
        for info, text, code in command_helps(one):
            if info.help is None:
                info.help = language.pgettext(code, text)
    summarize(one)
    return one


def every_command() -> typer.Typer:
    """A Typer declaring every command of :data:`COMMANDS` (importing every command module):
    for the catalogs, which take each command's help as a message id, and for tests."""
    every = typer.Typer(rich_markup_mode=None)
    for name, module in COMMANDS.items():
        declared(module).declare(name, every)
    return every


#: the commands built so far, by name and the language their help speaks: a command is the
#: parsed shape of its function, the same for every run in a process (tests run many)
_built: dict[tuple[str, str], Any] = {}


class Program(Boundary):
    """The root group, lazy (click's "lazily loading subcommands"): it lists every name of
    :data:`COMMANDS` and builds a command only when asked for it, once."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS) + [name for name in self.commands if name not in COMMANDS]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            key = (cmd_name, language.spoken())
            if key not in _built:
                _built[key] = typer.main.get_group(one_command(cmd_name)).get_command(ctx, cmd_name)
            self.commands[cmd_name] = _built[key]
        return self.commands.get(cmd_name)


app = typer.Typer(
    name="scorekeeper",
    cls=Program,
    help=helptext("help.program"),
    invoke_without_command=True,  # the program's name alone: a short help (root)
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
    db: Annotated[Optional[str], typer.Option("--db", metavar="DIR", help=helptext("help.option.db"),
                                               show_default=False)] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", metavar="CODE", help=helptext("help.option.lang"),
        show_default=False, autocompletion=complete.languages)] = None,
    debug: Annotated[bool, typer.Option("--debug", help=helptext("help.option.debug"))] = False,
    wait: Annotated[Optional[float], typer.Option("--wait", metavar="SECONDS", min=0, max=86400, help=helptext("help.option.wait"),
        show_default=False)] = None,
    version: Annotated[bool, typer.Option("--version", "-V", help=helptext("help.option.version"), is_eager=True,
                                          callback=_print_version)] = False,
) -> None:
    """Score rummy games played with real cards (every variant installed: scorekeeper rules).

    Start with `scorekeeper new rummy500 Ann Bob Cy`, then record each hand with
    `scorekeeper hand`. `scorekeeper demo` plays a bundled game.
    """
    # a bad configuration file stops every command but config, which must be able to mend it (and the
    # short help of the program's name alone, which names it)
    chosen = language.start(lang, json=ctx.meta.get(language.JSON_KEY, False),
                            strict=ctx.invoked_subcommand not in ("config", None))
    ctx.obj = Run(db, debug, chosen, wait)
    if ctx.invoked_subcommand is None:  # the program's name alone: what to start with, on one screen
        sys.stdout.write(short_help(ctx))
        raise typer.Exit(0)


#: the commands the short help (the program's name typed alone) names, in its order
FIRST_COMMANDS = ("new", "hand", "standings", "history", "undo", "explain", "demo")


def short_help(ctx: typer.Context) -> str:
    """What ``scorekeeper`` typed alone prints: the usage line, what the program does, the
    commands to start with (each with its summary) and where the whole help is. It fits a
    terminal of 24 rows at 80 columns (tests/test_short_help.py), where ``--help`` takes three
    screens."""
    from scorekeeper.cli.frame import section_title

    command = ctx.command
    formatter = ctx.make_formatter()
    command.format_usage(ctx, formatter)
    text = command.help or ""
    from scorekeeper.cli.options import with_variants

    formatter.write_paragraph()
    with formatter.indentation():
        formatter.write_text(_summary(with_variants(text, "and") or ""))
    rows = []
    for name in FIRST_COMMANDS:
        found = command.get_command(ctx, name)
        if found is not None:
            rows.append((name, found.get_short_help_str(limit=1000)))
    with formatter.section(helptext("help.short.commands") if rows else section_title("Commands")):
        formatter.write_dl(rows)
    formatter.write_paragraph()
    formatter.write_text(helptext("help.short.more"))
    return formatter.getvalue()


def command_helps(typer_app: typer.Typer | None = None, within: str = "") -> Iterator[tuple[Any, str, str]]:
    """Every command's help, as typer takes it from the command's docstring: ``(info, text, code)``
    (of every command when no ``typer_app`` is given), ``code`` its message code, the gettext
    context of its translation: ``help.command.NAME`` (``help.command.GROUP.NAME`` in a group)."""
    import inspect

    typer_app = every_command() if typer_app is None else typer_app
    for info in typer_app.registered_commands:
        if info.callback is not None and info.callback.__doc__:
            name = info.name or typer.main.get_command_name(info.callback.__name__)
            yield info, inspect.getdoc(info.callback), f"help.command.{within}{name}"
    for group in typer_app.registered_groups:
        yield from command_helps(group.typer_instance, f"{within}{group.name}.")


def _summary(text: str) -> str:
    """The first paragraph of a help text, on one line."""
    return " ".join(text.split("\n\n", 1)[0].split())


def summarize(typer_app: typer.Typer) -> None:
    """Give every command and group its whole first paragraph as the summary the list of
    commands shows (click would cut it, mid-sentence, to what fits one line)."""
    for info, text, _code in command_helps(typer_app):
        if info.short_help is None:
            info.short_help = _summary(info.help or text)
    for group in typer_app.registered_groups:
        texts = [getattr(h, "value", h) for h in (group.help, group.typer_instance.info.help)]
        help_text = next((h for h in texts if isinstance(h, str)), None)
        if not isinstance(group.short_help, str) and help_text:
            group.short_help = _summary(help_text)  # made in the language spoken (helptext)


def main() -> None:
    """The console script. A bug (not a user mistake) prints one line and exits 1
    unless --debug or SCOREKEEPER_DEBUG asks for the traceback."""
    from scorekeeper.cli.terminal import fit_streams

    fit_streams()  # an ASCII terminal or pipe gets 7H and - where it cannot write 7♥ and —
    instruction = os.environ.get("_SCOREKEEPER_COMPLETE", "")
    if instruction.startswith("complete_"):  # answering a TAB: the line is read as text, nothing runs
        from scorekeeper.cli.complete import answer

        sys.exit(answer(typer.main.get_command(app), instruction))
    try:
        app(prog_name="scorekeeper")  # also under python -m scorekeeper (the TAB's variable, the help)
    except Exception as e:  # anything that is not a ScorekeeperError is a bug
        if "--debug" in sys.argv or os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        from scorekeeper.cli.boundary import ctrl_c_before, interrupted

        if ctrl_c_before(e):  # a Ctrl-C Python wrapped on its way out, or dropped: said as every Ctrl-C is
            sys.exit(interrupted())
        sys.stderr.write(helptext("program.internal_error").format(
            kind=type(e).__name__, error=e) + "\n")
        sys.exit(1)
