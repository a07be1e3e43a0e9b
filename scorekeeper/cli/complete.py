"""What TAB completes: variant names, rule options (and after ``KEY=`` the values it
takes where they are a short list: a variant's presets, ``tie=play-on``), session
ids, player names, languages, export formats and the commands ``help`` shows.

The shell scripts in ``completions/`` call the program back on every TAB
(``_SCOREKEEPER_COMPLETE=complete_bash`` and friends, the scripts typer writes).
:func:`answer` answers: it reads the words typed as text (:func:`choices` —
nothing is converted, so pydantic, which typer converts values with, is never
loaded, and no command runs), finds the command, option or argument being typed
and asks it through click's public ``shell_complete``, which calls the
``autocompletion=`` function below. Each returns ``(value, help)`` pairs (zsh,
fish and PowerShell show the help beside the value; bash shows the values only).

These run on every TAB, so this module imports nothing heavy when loaded:
the variant registry or the application is imported inside the function that
needs it. A database that cannot be read completes nothing rather than failing.
"""
from __future__ import annotations

from typing import Any

import typer

from scorekeeper.core.errors import ScorekeeperError

Choices = list[tuple[str, str]]


def command_names(ctx: typer.Context, incomplete: str) -> Choices:
    """The names of the commands ``help`` can show (``help``, ``help db``): the program's commands,
    then, after a group's name, its own; each with its short help. Nothing after a command that has
    no commands of its own."""
    group = ctx.parent.command if ctx.parent is not None else None
    named = ctx.params.get("command") or []
    for word in named if isinstance(named, list) else [named]:
        group = group.get_command(ctx, word) if hasattr(group, "list_commands") else None
    if not hasattr(group, "list_commands"):
        return []
    out = []
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name) if name.startswith(incomplete) else None
        if sub is not None and not sub.hidden:
            out.append((name, sub.get_short_help_str()))
    return out


def variant_names(incomplete: str) -> Choices:
    """Variant ids and aliases starting with ``incomplete`` (``new``, ``check``, ``rules``)."""
    from scorekeeper.core.variants import VARIANTS

    out = []
    for v in VARIANTS.values():
        for name in (v.id, *v.aliases):
            if name.startswith(incomplete.lower()):
                out.append((name, v.name if name == v.id else f"{v.name} (alias of {v.id})"))
    return out


def rule_options(ctx: typer.Context, incomplete: str) -> Choices:
    """``KEY=`` for the rule options of the variant typed on the line (all options when none is),
    in the order ``rules`` lists them: those taken but not stored first (Gin Rummy's ``preset``);
    after ``KEY=``, the values it takes where they are a short list (``tie=play-on``)."""
    from scorekeeper.core.variants import VARIANTS

    variant = _variant_on_line(ctx)
    variants = [variant] if variant else list(VARIANTS.values())
    options: dict[str, Any] = {}
    for v in variants:
        for option in v.listed_options + v.options:
            options.setdefault(option.key, option)
    key, eq, value = incomplete.partition("=")
    if eq:
        option = options.get(key.strip().lower().replace("-", "_"))
        if option is None:
            return []
        return [(f"{key}={choice}", "") for choice in option.choices if choice.startswith(value)]
    return [(f"{k}=", o.values) for k, o in options.items() if k.startswith(incomplete.lower().replace("-", "_"))]


def session_ids(ctx: typer.Context, incomplete: str) -> Choices:
    """Session ids starting with ``incomplete``: the current one first, then the newest first;
    each with its variant, players and title."""
    listed = _sessions(ctx)
    if listed is None:  # a damaged or unreadable database completes nothing: TAB never fails
        return []
    current, rows = listed["current"], listed["sessions"]
    out = []
    for row in sorted(reversed(rows), key=lambda r: r["id"] != current):
        if not row["id"].startswith(incomplete):
            continue
        about = f"{row['variant']}: {', '.join(row['players'])}"
        if row.get("title"):
            about += f" — {row['title']}"
        if row["id"] == current:
            about += " (current)"
        out.append((row["id"], about))
    return out


def player_names(ctx: typer.Context, incomplete: str) -> Choices:
    """Player names for ``--dealer``/``--player``: the names typed on a ``new`` line, else the
    players of the session named by ``--session`` (or of the current session)."""
    typed = ctx.params.get("players") or (_positionals(ctx)[1:] if _has_param(ctx, "players") else [])
    if typed:
        return [(p, "") for p in typed if p.startswith(incomplete)]
    application = _application(ctx)
    if application is None:
        return []
    try:
        sid = application.session_id(ctx.params.get("session"))
        row = next((r for r in application.sessions()["sessions"] if r["id"] == sid), None)
    except (ScorekeeperError, OSError):  # no current session, or an unreadable database: nothing to offer
        return []
    players = row["players"] if row else []
    return [(p, "") for p in players if p.casefold().startswith(incomplete.casefold())]


def all_player_names(ctx: typer.Context, incomplete: str) -> Choices:
    """Every player name in the database (``stats --player``), most sessions first."""
    listed = _sessions(ctx)
    if listed is None:  # an unreadable database completes nothing
        return []
    rows = listed["sessions"]
    counts: dict[str, int] = {}
    for row in rows:
        for p in row["players"]:
            counts[p] = counts.get(p, 0) + 1
    names = sorted(counts, key=lambda p: (-counts[p], p.casefold()))
    return [(p, f"{counts[p]} session{'s' if counts[p] != 1 else ''}") for p in names
            if p.casefold().startswith(incomplete.casefold())]


def people(ctx: typer.Context, incomplete: str) -> Choices:
    """Every person's name as the club's roster has it now (``players show``, ``rename``, ``merge``)."""
    application = _application(ctx)
    if application is None:
        return []
    try:
        found = application.players()["players"]
    except (ScorekeeperError, OSError):
        return []
    return [(p["name"], "") for p in found if p["name"].casefold().startswith(incomplete.casefold())]


def season_names(ctx: typer.Context, incomplete: str) -> Choices:
    """The seasons' names (``season standings``, ``add``, ``remove``, ``ratings --season``)."""
    application = _application(ctx)
    if application is None:
        return []
    try:
        found = application.seasons()["seasons"]
    except (ScorekeeperError, OSError):
        return []
    return [(s["name"], s.get("title") or "") for s in found if s["name"].startswith(incomplete)]


def languages(incomplete: str) -> Choices:
    """The languages ``--lang`` takes (``en``, ``uk``, ``ru``, ``be``)."""
    from scorekeeper.locale import LANGUAGES

    return [(code, "") for code in LANGUAGES if code.startswith(incomplete.lower())]


#: The formats ``export --format`` takes: ``scorekeeper.app.exporting.FORMATS`` (a test holds
#: the two equal), written out here because that module loads the whole application.
EXPORT_FORMATS = ("json", "csv", "md")


def export_formats(ctx: typer.Context, incomplete: str) -> Choices:
    """The formats ``export --format`` takes: ``json``, ``csv``, ``md``; with ``--season``: ``md``,
    ``csv``, ``html`` (a season's standings)."""
    season = ctx.params.get("season") is not None or "--season" in line_words()
    formats = ("md", "csv", "html") if season else EXPORT_FORMATS
    return [(f, "") for f in formats if f.startswith(incomplete.lower())]


# -- helpers -----------------------------------------------------------------------------

def _has_param(ctx: typer.Context, name: str) -> bool:
    return any(p.name == name for p in ctx.command.params)


def line_words() -> list[str]:
    """The words typed before the one being completed, the program's name left out, as the
    shell script hands them over: ``COMP_WORDS``/``COMP_CWORD`` (bash) or
    ``_TYPER_COMPLETE_ARGS`` (zsh, fish, PowerShell)."""
    import os
    import shlex

    def split(text: str) -> list[str]:
        try:
            return shlex.split(text)
        except ValueError:  # an unclosed quote in the word being typed
            return text.split()

    if "COMP_WORDS" in os.environ:
        words = split(os.environ["COMP_WORDS"])
        return words[1:int(os.environ.get("COMP_CWORD", len(words)))]
    text = os.environ.get("_TYPER_COMPLETE_ARGS", "")
    words = split(text)[1:]
    return words if text.endswith(" ") else words[:-1]


def _positionals(ctx: typer.Context) -> list[str]:
    """The command's positional words typed so far (``new carousel Ann Bob --dealer`` →
    ``["carousel", "Ann", "Bob"]``). Needed while an option's value is being completed: the
    line is then incomplete and the parser leaves the positional parameters unset."""
    args = line_words()
    takes_value = {}
    for p in ctx.command.params:
        if getattr(p, "param_type_name", "") == "option":
            for opt in (*p.opts, *p.secondary_opts):
                takes_value[opt] = not p.is_flag
    words = args[args.index(ctx.info_name) + 1:] if ctx.info_name in args else list(args)
    out, skip = [], False
    for w in words:
        if skip:
            skip = False
        elif w.startswith("-") and w != "-":
            name, eq, _ = w.partition("=")
            skip = takes_value.get(name, False) and not eq
        else:
            out.append(w)
    return out


def _variant_on_line(ctx: typer.Context):
    """The variant named by the command's first argument, if it names one."""
    from scorekeeper.core.errors import InputError
    from scorekeeper.core.variants import get_variant

    name = ctx.params.get("variant")
    if not name and _has_param(ctx, "variant"):
        words = _positionals(ctx)
        name = words[0] if words else None
    if not name:
        return None
    try:
        return get_variant(name)
    except InputError:
        return None


def _application(ctx: typer.Context):
    """The application over the database the line names: ``--db`` on the command or
    before it, else SCOREKEEPER_DB or the default; None for an unusable path."""
    from scorekeeper.app import Application

    db = None
    c: Any = ctx
    while c is not None and db is None:
        db = (c.params or {}).get("db")
        c = c.parent
    try:
        return Application(db)
    except (ScorekeeperError, OSError):  # an unusable path completes nothing
        return None


def _sessions(ctx: typer.Context) -> dict | None:
    """The ``sessions`` document of the database the line names, or None when it cannot be read."""
    application = _application(ctx)
    if application is None:
        return None
    try:
        return application.sessions()
    except (ScorekeeperError, OSError):
        return None


# -- answering a TAB ------------------------------------------------------------------------

#: The shells whose scripts call the program back (``_SCOREKEEPER_COMPLETE=complete_SHELL``).
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def split_words(text: str) -> list[str]:
    """The words of a command line as the shell hands it over (quotes removed); an unclosed
    quote keeps what follows it as the last word."""
    import shlex

    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    words: list[str] = []
    try:
        for word in lexer:
            words.append(word)
    except ValueError:  # an unclosed quote in the word being typed
        words.append(lexer.token)
    return words


def typed(shell: str, environ: Any = None) -> tuple[list[str], str, str]:
    """``(words, incomplete, prefix)``: the words typed before the one being completed (the
    program's name left out), that word (with what bash split off it put back) and the part of
    it the shell does not replace (bash splits a word at "=": after ``--rule preset=`` it
    replaces only what follows the "=", so the choices are given without ``preset=``)."""
    import os

    env = os.environ if environ is None else environ
    if shell == "bash":
        words = split_words(env.get("COMP_WORDS", ""))
        at = int(env.get("COMP_CWORD", len(words)) or 0)
        before, incomplete = words[1:at], (words[at] if at < len(words) else "")
        if incomplete == "=" and before:  # the cursor just after "=": bash makes the "=" the word completed
            before, incomplete = [*before, "="], ""
        joined: list[str] = []
        glue = False  # bash makes "preset=cl" three words: preset, =, cl
        for word in before:
            if word == "=" and joined:
                joined[-1] += word
                glue = True
            elif glue:
                joined[-1] += word
                glue = False
            else:
                joined.append(word)
        prefix = joined.pop() if glue else ""
        return joined, prefix + incomplete, prefix
    text = env.get("_TYPER_COMPLETE_ARGS", "")
    words = split_words(text)[1:]
    if shell in ("powershell", "pwsh"):
        incomplete = env.get("_TYPER_COMPLETE_WORD_TO_COMPLETE", "")
        return (words[:-1] if incomplete else words), incomplete, ""
    if words and not text.endswith(" "):
        return words[:-1], words[-1], ""
    return words, "", ""


def _takes_value(param: Any) -> bool:
    return not (getattr(param, "is_flag", False) or getattr(param, "count", False))


def _option(command: Any, ctx: Any, name: str) -> Any:
    return next((p for p in command.get_params(ctx) if p.param_type_name == "option"
                 and name in (*p.opts, *p.secondary_opts)), None)


def _keep(ctx: Any, param: Any, value: Any) -> None:
    """Note a value typed for ``param``, as text (a repeatable option's values as a list)."""
    if getattr(param, "multiple", False):
        ctx.params.setdefault(param.name, []).append(value)
    else:
        ctx.params[param.name] = value


def _arguments(ctx: Any, words: list[str]) -> Any:
    """Give the positional ``words`` to the command's arguments (as text) and return the
    argument the next word goes to (None when there is none)."""
    arguments = [p for p in ctx.command.get_params(ctx) if p.param_type_name == "argument"]
    rest = list(words)
    for param in arguments:
        if param.nargs == -1:
            ctx.params[param.name] = rest
            return param
        if not rest:
            return param
        ctx.params[param.name] = rest[0] if param.nargs == 1 else rest[:param.nargs]
        rest = rest[param.nargs:]
    return None


def _items(found: Any) -> Choices:
    """``(value, help)`` of click's completion items; an item asking the shell for file or
    directory names is left to the shell, which offers them when nothing else is."""
    return [(str(item.value), item.help or "") for item in found if item.type not in ("file", "dir")]


def choices(root: Any, words: list[str], incomplete: str, described: bool = True) -> Choices:
    """What TAB offers for ``incomplete`` after ``words`` (the words typed after the program's
    name, whose command is ``root``, click's): ``(value, help)`` pairs. The line is read here, each word as text — nothing is
    converted or checked, no command runs — and each parameter says what it takes through
    click's ``shell_complete`` (typer calls the parameter's ``autocompletion=`` function).
    ``described``: whether the shell shows help beside the values (bash does not: then a
    command's name is offered without building the command)."""
    # each context with its command's settings, as a run makes it: the help option is -h and --help
    # (click keeps a command's help option as the first context it is asked in names it)
    ctx = typer.Context(root, info_name="scorekeeper", resilient_parsing=True, **root.context_settings)
    positional: list[str] = []
    pending = None  # the option whose value comes next
    only_arguments = False
    for word in words:
        if pending is not None:
            _keep(ctx, pending, word)
            pending = None
        elif word == "--" and not only_arguments:
            only_arguments = True
        elif word.startswith("-") and word != "-" and not only_arguments:
            name, eq, value = word.partition("=")
            param = _option(ctx.command, ctx, name)
            if param is None:
                continue
            if not _takes_value(param):
                ctx.params[param.name] = True
            elif eq:
                _keep(ctx, param, value)
            else:
                pending = param
        elif hasattr(ctx.command, "list_commands") and not positional:  # a group: this word names a command
            sub = ctx.command.get_command(ctx, word)
            if sub is None:
                return []
            ctx = typer.Context(sub, info_name=word, parent=ctx, resilient_parsing=True, **sub.context_settings)
        else:
            positional.append(word)
    argument = None if hasattr(ctx.command, "list_commands") else _arguments(ctx, positional)
    if pending is not None:
        return _items(pending.shell_complete(ctx, incomplete))
    if incomplete.startswith("-") and not only_arguments:
        name, eq, value = incomplete.partition("=")
        param = _option(ctx.command, ctx, name) if eq else None
        if param is not None and _takes_value(param):
            return [(f"{name}={v}", h) for v, h in _items(param.shell_complete(ctx, value))]
        return [(opt, p.help or "") for p in ctx.command.get_params(ctx)
                if p.param_type_name == "option" and not p.hidden
                and (getattr(p, "multiple", False) or p.name not in ctx.params)
                for opt in (*p.opts, *p.secondary_opts) if opt.startswith(incomplete)]
    if hasattr(ctx.command, "list_commands"):
        names = [n for n in ctx.command.list_commands(ctx) if n.startswith(incomplete)]
        if not described:
            return [(n, "") for n in names]
        out = []
        for name in names:
            sub = ctx.command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                out.append((name, sub.get_short_help_str()))
        return out
    return _items(argument.shell_complete(ctx, incomplete)) if argument is not None else []


def _zsh_quoted(text: str) -> str:
    return (text.replace('"', '""').replace("'", "''").replace("$", "\\$").replace("`", "\\`")
            .replace(":", r"\\:"))


def answer(root: Any, instruction: str, environ: Any = None) -> int:
    """Answer a TAB for the program whose command is ``root`` (click's; ``instruction``:
    ``complete_bash``, ``complete_zsh``…, what the scripts in ``completions/`` set
    ``_SCOREKEEPER_COMPLETE`` to): the choices on standard output, in
    the form the shell's script reads. Returns the exit status (fish asks with
    ``_TYPER_COMPLETE_FISH_ACTION=is-args`` whether there are any: 0 yes, 1 no)."""
    import os
    import sys

    env = os.environ if environ is None else environ
    shell = instruction.partition("_")[2]
    if shell not in SHELLS:
        sys.stderr.write(f"Shell {shell} not supported.\n")
        return 1
    words, incomplete, prefix = typed(shell, env)
    try:
        found = choices(root, words, incomplete, described=shell != "bash")
    except Exception:  # a TAB offers nothing rather than failing in the middle of a line
        if env.get("SCOREKEEPER_DEBUG"):
            raise
        found = []
    if shell == "bash":
        out = "\n".join(value[len(prefix):] for value, _help in found if value.startswith(prefix))
    elif shell == "zsh":
        rows = [f'"{_zsh_quoted(v)}":"{_zsh_quoted(h)}"' if h else f'"{_zsh_quoted(v)}"' for v, h in found]
        out = "_arguments '*: :((" + "\n".join(rows) + "))'" if rows else "_files"
    elif shell == "fish":
        rows = [f"{v}\t{' '.join(h.split())}" if h else v for v, h in found]
        action = env.get("_TYPER_COMPLETE_FISH_ACTION", "")
        if action == "is-args":
            return 0 if rows else 1
        out = "\n".join(rows) if action == "get-args" else ""
    else:
        out = "\n".join(f"{v}:::{h or ' '}" for v, h in found)
    sys.stdout.write(out + "\n")
    return 0
