"""What TAB completes: variant names, rule options, session ids, player names, languages
and export formats.

The shell scripts in ``completions/`` call the program back on every TAB
(``_SCOREKEEPER_COMPLETE=complete_bash`` and friends); typer then calls the
``autocompletion=`` function of the option or argument being typed. Each
function here returns ``(value, help)`` pairs (zsh, fish and PowerShell show
the help beside the value; bash shows the values only).

These run on every TAB, so this module imports nothing heavy when loaded:
the variant registry or the application is imported inside the function that
needs it. A database that cannot be read completes nothing rather than failing.
"""
from __future__ import annotations

from typing import Any

import typer

from scorekeeper.core.errors import ScorekeeperError

Choices = list[tuple[str, str]]


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


def languages(incomplete: str) -> Choices:
    """The languages ``--lang`` takes (``en``, ``uk``, ``ru``, ``be``)."""
    from scorekeeper.locale import LANGUAGES

    return [(code, "") for code in LANGUAGES if code.startswith(incomplete.lower())]


#: The formats ``export --format`` takes: ``scorekeeper.app.exporting.FORMATS`` (a test holds
#: the two equal), written out here because that module loads the whole application.
EXPORT_FORMATS = ("json", "csv", "md")


def export_formats(incomplete: str) -> Choices:
    """The formats ``export --format`` takes: ``json``, ``csv``, ``md``."""
    return [(f, "") for f in EXPORT_FORMATS if f.startswith(incomplete.lower())]


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


def read_as_typed() -> None:
    """While the program answers a TAB, keep the words typed as they are (text),
    and the help shown beside each choice too.

    Typer converts every parameter's value through a pydantic ``TypeAdapter``,
    and loading pydantic costs about as much as typer, rich and tinydb
    together — on every TAB. Completion runs no command: it only reads what
    was typed so far (the callbacks above take text), so the conversion can
    be skipped. For zsh and fish typer also renders each choice's help as rich
    markup, loading rich and eating a title such as ``[bold]x``; this app's
    help has no markup (``rich_markup_mode=None``), so it is shown as it is.

    This reaches into typer (``typer.core.build_runtime_param``,
    ``typer._coercion.RuntimeParam``, ``typer._completion_classes._sanitize_help_text``);
    with a typer version that lacks them nothing changes and TAB is merely
    slower. Call it only in completion mode.
    """
    from dataclasses import dataclass

    try:
        from typer import _coercion, _completion_classes, core
    except ImportError:  # pragma: no cover - another typer layout
        return
    if hasattr(_completion_classes, "_sanitize_help_text"):
        _completion_classes._sanitize_help_text = str
    base = getattr(_coercion, "RuntimeParam", None)
    if base is None or not hasattr(core, "build_runtime_param"):  # pragma: no cover
        return

    @dataclass(frozen=True)
    class AsTyped(base):  # type: ignore[misc, valid-type]
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            return value

    def build(descriptor: Any) -> Any:
        return AsTyped(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)

    core.build_runtime_param = build
