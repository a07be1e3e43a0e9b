"""The frame around our help texts and the usage errors, in the spoken language (SPEC §7).

typer draws ``--help`` with click's help formatter and says a usage error with
click's English ("Usage:", "Options:", "[required]", "No such option: …",
"Missing argument …"). Here, through the extension points click documents:

- :class:`Formatter` (``Context.formatter_class``): the "Usage:" prefix and the
  section titles ("Arguments", "Options", "Commands") in the spoken language;
- :class:`Framed` (mixed into our command and group classes): the usage line and
  the rows of arguments and options made from the parameters themselves — each
  metavar a word of the language (``ВАРІАНТ ГРАВЕЦЬ…``, ``КЛЮЧ=ЗНАЧЕННЯ``),
  "[required]" and the help option's "Show this message and exit."
  translated — never a type name such as ``<list[str]>`` or ``{variant}``;
- :func:`usage_error`: a usage error said again from its data (``NoSuchOption``'s
  ``option_name`` and ``possibilities``, ``BadParameter``'s ``param``,
  ``MissingParameter``'s ``param``), with the usage line and where help is; and
  :func:`aborted` for "Aborted!".

click is reached only through typer's public names (``typer.Context``,
``typer.BadParameter``, ``typer.core``): typer vendors click and exports none of
its usage errors but ``BadParameter``, so a usage error is told by what every one
of them carries (:func:`is_usage_error`) and its kind by its class's name and
data; our own (:class:`UnexpectedArguments`, :class:`UnknownCommand`) are kinds
of ``typer.BadParameter``.
"""
from __future__ import annotations

import sys
from typing import Any, Iterable

import typer
from typer.core import TyperCommand, TyperGroup

from scorekeeper.cli.language import helptext, pgettext, say
from scorekeeper.core.errors import ScorekeeperError

#: click's help formatter, as the context class names it (``Context.formatter_class``)
_BaseFormatter = typer.Context.formatter_class


#: the exit status of a usage error (click's, as ``typer.BadParameter`` has it)
USAGE_EXIT = 2


def is_usage_error(error: BaseException) -> bool:
    """Whether ``error`` is a usage error of the command line (an unknown option, a missing or
    wrong argument…): click's ``UsageError`` and its kinds, which typer raises but does not
    export (only ``typer.BadParameter``), told by what each carries — the context it arose in,
    the message it formats and the usage errors' exit status — rather than by a private name."""
    if isinstance(error, typer.BadParameter):
        return True
    return (isinstance(error, Exception) and hasattr(error, "ctx") and callable(getattr(error, "format_message", None))
            and getattr(error, "exit_code", None) == USAGE_EXIT)


def section_title(name: str) -> str:
    """A help section's title ("Arguments", "Options", "Commands") in the spoken language."""
    titles = {"Arguments": pgettext("help section", "Arguments"), "Options": pgettext("help section", "Options"),
              "Commands": pgettext("help section", "Commands")}
    return titles.get(name, name)


class Formatter(_BaseFormatter):
    """click's help formatter, with the frame words in the spoken language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, helptext("help.usage") if prefix is None else prefix)

    def section(self, name: str):
        return super().section(section_title(name))


class Context(typer.Context):
    """typer's context, drawing help with :class:`Formatter`."""

    formatter_class = Formatter


def metavar_words() -> dict[str, str]:
    """Every word shown for what an argument or option takes (a metavar), as English writes it,
    with the word of the spoken language."""
    return {
        "DIR": pgettext("metavar", "DIR"), "CODE": pgettext("metavar", "CODE"),
        "SECONDS": pgettext("metavar", "SECONDS"), "FILE": pgettext("metavar", "FILE"),
        "ID": pgettext("metavar", "ID"), "N": pgettext("metavar", "N"), "COUNT": pgettext("metavar", "COUNT"),
        "VARIANT": pgettext("metavar", "VARIANT"), "PLAYER": pgettext("metavar", "PLAYER"),
        "ENTRY": pgettext("metavar", "ENTRY"), "NAME": pgettext("metavar", "NAME"),
        "TITLE": pgettext("metavar", "TITLE"), "NAME=POINTS": pgettext("metavar", "NAME=POINTS"),
        "CARDS": pgettext("metavar", "CARDS"), "FORMAT": pgettext("metavar", "FORMAT"),
        "PATH": pgettext("metavar", "PATH"), "COMMAND": pgettext("metavar", "COMMAND"),
        "ROUND": pgettext("metavar", "ROUND"), "TEXT": pgettext("metavar", "TEXT"),
        "NUMBER": pgettext("metavar", "NUMBER"), "VALUE": pgettext("metavar", "VALUE"),
        "SESSION": pgettext("metavar", "SESSION"), "KEY": pgettext("metavar", "KEY"),
        "KEY=VALUE": pgettext("metavar", "KEY=VALUE"), "HOST": pgettext("metavar", "HOST"),
        "PORT": pgettext("metavar", "PORT"), "RANK": pgettext("metavar", "RANK"),
        "DATE": pgettext("metavar", "DATE"), "LIST": pgettext("metavar", "LIST"),
    }


def metavar_word(word: str) -> str:
    """A metavar (``DIR``, ``VARIANT``, ``NAME=POINTS``, ``KEY=VALUE``: one of
    :func:`metavar_words`) as a word of the spoken language; any other word as it is."""
    return metavar_words().get(word, word)


#: the word for a parameter that names none itself, by the parameter's name
_WORD_OF = {"variant": "VARIANT", "players": "PLAYER", "player": "NAME", "number": "N", "entry": "ENTRY",
            "rule": "KEY=VALUE", "title": "TITLE", "dealer": "NAME", "session": "ID", "cards": "CARDS",
            "file": "FILE", "output": "FILE", "path": "PATH", "format": "FORMAT", "round": "N",
            "command": "COMMAND", "carry": "NAME=POINTS", "like": "ID", "name": "NAME", "limit": "COUNT", "deal": "N",
            "host": "HOST", "port": "PORT", "session_id": "SESSION", "key": "KEY", "values": "VALUE"}


def metavar(param: Any) -> str:
    """The word shown for ``param``'s value: its own metavar, else one named after it, in the
    spoken language, with "…" when it takes several values."""
    given = param.metavar if isinstance(getattr(param, "metavar", None), str) and param.metavar else None
    name = (param.name or "").rstrip("_")  # round_, format_: Python's names, never the user's
    word = given or _WORD_OF.get(name, (name or "VALUE").upper())
    said = metavar_word(word)
    if getattr(param, "nargs", 1) == -1 or getattr(param, "multiple", False) and param.param_type_name == "argument":
        said += "…"
    return said


def _is_flag(param: Any) -> bool:
    return bool(getattr(param, "is_flag", False) or getattr(param, "count", False))


def _option_help(param: Any, ctx: Any) -> str:
    """An option's help text, in the spoken language where typer or click wrote it."""
    name = param.name or ""
    if set(param.opts) & set(ctx.help_option_names):
        return helptext("help.option.help")
    if name == "install_completion":
        return helptext("help.option.install_completion")
    if name == "show_completion":
        return helptext("help.option.show_completion")
    return param.help or ""


def _extra(param: Any) -> str:
    return "  " + helptext("help.required") if getattr(param, "required", False) else ""


class Framed:
    """What our command and group classes draw themselves: the usage line and the rows of
    arguments and options (see the module's notes)."""

    context_class = Context

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [helptext("help.usage.options")] if self.get_params(ctx) else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                word = metavar(param)
                pieces.append(word if param.required else f"[{word}]")
        if isinstance(self, TyperGroup):
            pieces.append(helptext("help.usage.command"))
        return pieces

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """A command's arguments; more words than it takes are refused as data
        (:class:`UnexpectedArguments`), to be said in the spoken language."""
        if isinstance(self, TyperGroup):
            return super().parse_args(ctx, args)
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            rest = super().parse_args(ctx, args)
        except Exception as e:  # the option parser's errors name no context: this one
            if is_usage_error(e) and getattr(e, "ctx", None) is None:
                e.ctx = ctx
            raise
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            raise UnexpectedArguments(rest, ctx)
        return rest

    def resolve_command(self, ctx: Any, args: list[str]):
        """The command ``args`` name; a word that is not one is refused as data
        (:class:`UnknownCommand`, with the commands it is close to)."""
        unknown = args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None
        if unknown and not ctx.resilient_parsing:
            import difflib

            names = list(self.list_commands(ctx))
            if args[0] == "version" and ctx.parent is None:  # --version (-V) prints it
                raise UnknownCommand(args[0], [], ctx)
            raise UnknownCommand(args[0], difflib.get_close_matches(args[0], names), ctx)
        return super().resolve_command(ctx, args)

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments, options = [], []
        for param in self.get_params(ctx):
            if getattr(param, "hidden", False):
                continue
            if param.param_type_name == "argument":
                arguments.append((metavar(param), (getattr(param, "help", None) or "") + _extra(param)))
            elif param.param_type_name == "option":
                names = ", ".join(sorted(param.opts, key=lambda o: o.startswith("--")))  # -r, --rule
                if param.secondary_opts:
                    names += " / " + ", ".join(param.secondary_opts)
                if not _is_flag(param):
                    names += " " + metavar(param)
                options.append((names, _option_help(param, ctx) + _extra(param)))
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)
        if isinstance(self, TyperGroup):
            self.format_commands(ctx, formatter)


class FramedCommand(Framed, TyperCommand):
    """A command of ours (see :class:`Framed`)."""


class FramedGroup(Framed, TyperGroup):
    """A group of commands of ours, such as ``db`` (see :class:`Framed`)."""


def frame(typer_app: typer.Typer) -> None:
    """Make every command and group registered on ``typer_app`` (and its groups) ours."""
    for info in typer_app.registered_commands:
        if info.cls in (None, TyperCommand):  # typer's own class: ours instead
            info.cls = FramedCommand
    for group in typer_app.registered_groups:
        sub = group.typer_instance
        if sub is not None:
            if sub.info.cls in (None, TyperGroup) or not isinstance(sub.info.cls, type):
                sub.info.cls = FramedGroup
            if group.cls in (None, TyperGroup):
                group.cls = FramedGroup
            frame(sub)


# -- usage errors ---------------------------------------------------------------------------------------------


def _param_word(param: Any) -> str:
    if param is None:
        return ""
    if param.param_type_name == "option" and param.opts:
        return max(param.opts, key=len)
    return metavar(param)


def _expected(param: Any) -> str:
    """What ``param`` takes, said from its declared type and bounds (a whole number ≥ 0, a number)."""
    import typing

    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    kinds = {annotation, *typing.get_args(annotation)}
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if int in kinds or float in kinds:
        what = helptext("help.value.whole_number") if int in kinds else helptext("help.value.number")
        if low is not None and high is not None:
            return helptext("help.value.between").format(what=what, low=low, high=high)
        if low is not None:
            return helptext("help.value.at_least").format(what=what, low=low)
        return what
    if bool in kinds:
        return helptext("help.value.bool")
    return helptext("help.value.other")


def usage_said(error: BaseException) -> ScorekeeperError:
    """A usage error as data: its message code and facts, made from the error's own data (never
    from its English message), as a :class:`~scorekeeper.core.errors.ScorekeeperError` (whose
    ``message`` is the sentence, and ``as_json()`` what ``--json`` writes)."""
    name = type(error).__name__
    if name == "NoSuchOption":
        near = list(getattr(error, "possibilities", None) or [])
        if near:
            return ScorekeeperError("cli.frame.there_is_no_option_option", option=error.option_name,
                                    near=join_or(near))
        return ScorekeeperError("cli.frame.there_is_no_option", option=error.option_name)
    if name == "BadOptionUsage":
        param = _option_named(getattr(error, "ctx", None), error.option_name)
        if param is not None and _is_flag(param):
            return ScorekeeperError("cli.frame.option_option_takes_no", option=error.option_name)
        return ScorekeeperError("cli.frame.option_option_needs_value", option=error.option_name,
                                what=metavar(param) if param is not None else say("cli.frame.value"))
    if name == "MissingParameter":
        param = getattr(error, "param", None)
        if param is not None and param.param_type_name == "option":
            return ScorekeeperError("cli.frame.option_option_is_missing", option=_param_word(param))
        return ScorekeeperError("cli.frame.what_is_missing", what=_param_word(param))
    if name == "BadParameter":
        param = getattr(error, "param", None)
        return ScorekeeperError("cli.frame.wrong_value_for_what", what=_param_word(param), expected=_expected(param))
    if name == "UnexpectedArguments":
        return ScorekeeperError("cli.frame.unexpected_words_this_command", words=" ".join(error.words))
    if name == "UnknownCommand":
        if error.name == "version" and error.near == []:  # the version is an option of the program
            return ScorekeeperError("cli.frame.version_is_an_option")
        if error.near:
            return ScorekeeperError("cli.frame.name_is_not_command_did", name=error.name, near=join_or(error.near))
        return ScorekeeperError("cli.frame.name_is_not_command", name=error.name)
    if name == "NoCommand":
        return ScorekeeperError("cli.frame.command_is_missing")
    return ScorekeeperError("cli.frame.command_line_cannot_be")


def sentence(error: BaseException) -> str:
    """The sentence for a usage error, made from its data (never from its English message)."""
    return usage_said(error).message


def join_or(items: Iterable[str]) -> str:
    from scorekeeper.core.messages import join

    return join([str(i) for i in items], "or")


def _option_named(ctx: Any, option: str) -> Any:
    command = getattr(ctx, "command", None)
    for param in getattr(command, "params", []) if command is not None else []:
        if option in getattr(param, "opts", ()) or option in getattr(param, "secondary_opts", ()):
            return param
    return None


class UnexpectedArguments(typer.BadParameter):
    """More arguments than the command takes (``words``)."""

    def __init__(self, words: list[str], ctx: Any = None):
        super().__init__(" ".join(words), ctx=ctx)
        self.words = list(words)


class UnknownCommand(typer.BadParameter):
    """A word that is not a command (``name``), and the commands it is close to (``near``)."""

    def __init__(self, name: str, near: list[str], ctx: Any = None):
        super().__init__(name, ctx=ctx)
        self.name, self.near = name, list(near)


def usage_error(error: BaseException, as_json: bool = False, wrap: Any = None) -> int:
    """Say a usage error on standard error in the spoken language: the usage line, where
    help is, and the sentence; with ``as_json`` (the command asked for ``--json``) the error as
    data on standard output too (``{"error": {"code", "facts", "loc", "message"}}``); ``wrap(text)``
    wraps the sentence to the terminal (the boundary's ``for_the_terminal``). Returns the exit
    status (2)."""
    if as_json:
        write_json_error(usage_said(error))
    ctx = getattr(error, "ctx", None)
    lines = []
    if ctx is not None:
        lines.append(ctx.get_usage())
        names = ctx.help_option_names or ["--help"]
        lines.append(say("cli.frame.see_command_option_for", command=ctx.command_path, option=names[0]))
        lines.append("")
    lines.append(say("cli.frame.error_sentence", sentence=sentence(error)))
    if wrap is not None:  # wrapped between words on a terminal, as every error is
        lines[-1] = wrap(lines[-1])
    sys.stderr.write("\n".join(lines) + "\n")
    return int(getattr(error, "exit_code", 2) or 2)


def write_json_error(error: ScorekeeperError) -> None:
    """``{"error": …}`` on standard output: a failed ``--json`` command's error as data (SPEC §5;
    several mistakes found at once: a list), so a script never reads a sentence."""
    import json

    sys.stdout.write(json.dumps({"error": error.as_json()}, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def aborted() -> None:
    """Say that the command stopped at a question (Ctrl-C or the end of input)."""
    sys.stderr.write("\n" + say("cli.frame.stopped") + "\n")
