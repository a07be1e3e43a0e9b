"""The usual settings of a table: config get, set, unset, list, path."""
from __future__ import annotations

import sys
from typing import List

import typer
from typing_extensions import Annotated

from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext
from scorekeeper.cli.options import JsonOpt

config_app = typer.Typer(
    name="config",
    help=helptext("help.config"),
    no_args_is_help=True,
    rich_markup_mode=None,
)

def _keys(incomplete: str) -> list[str]:
    """TAB after config get/set/unset: the settings."""
    from scorekeeper.app.settings import KEYS

    return [key for key in KEYS if key.startswith(incomplete)]


KeyArg = Annotated[str, typer.Argument(metavar="KEY", help=helptext("help.config.key"),
                                       show_default=False, autocompletion=_keys)]


def _settings():
    from scorekeeper.app import settings

    return settings


@config_app.command("get")
def get(ctx: typer.Context, key: KeyArg) -> None:
    """Print the value of a setting in effect (exit 1 if it is not set).

    Lists are printed with commas, as the environment variables take them.

    Example: scorekeeper config get players
    """
    from scorekeeper.cli.render import config as draw

    run(ctx)
    found, _where = _settings().value(key)
    if found is None:
        draw.not_set(key)
        raise typer.Exit(1)
    sys.stdout.write(draw.as_text(found) + "\n")


@config_app.command("set")
def set_(
    ctx: typer.Context,
    key: KeyArg,
    values: Annotated[List[str], typer.Argument(metavar="VALUE", help=helptext("help.config.set.values"), show_default=False)],
) -> None:
    """Set a setting in the configuration file.

    \b
    Examples:
      scorekeeper config set language uk
      scorekeeper config set variant rummy500
      scorekeeper config set players Ann Bob Cy
      scorekeeper config set rules target=300 gin:preset=classic
      scorekeeper config set database ~/rummy
    """
    from scorekeeper.cli.render import config as draw

    r = run(ctx)
    if key == "language" and len(values) == 1 and values[0].strip():  # the catalogs say which there are
        from scorekeeper.core.errors import InputError
        from scorekeeper.locale import LANGUAGES

        code = values[0].strip().lower()
        if code not in LANGUAGES:
            raise InputError("language.unknown", value=values[0], where="config set language",
                             languages=list(LANGUAGES))
        values = [code]
    draw.was_set(r.terminal, _settings().set_value(key, values))


@config_app.command("unset")
def unset(ctx: typer.Context, key: KeyArg) -> None:
    """Remove a setting from the configuration file; its default applies again.

    Example: scorekeeper config unset rules
    """
    from scorekeeper.cli.render import config as draw

    r = run(ctx)
    draw.unset(r.terminal, _settings().unset_value(key))


@config_app.command("list")
def list_(ctx: typer.Context, json_: JsonOpt = False) -> None:
    """Every setting, its value and where it comes from (environment, file or default).

    Example: scorekeeper config list
    """
    from scorekeeper.cli.render import config as draw

    r = run(ctx)
    r.terminal.show(_settings().listing(), json_, draw.listing)


@config_app.command("path")
def path(ctx: typer.Context) -> None:
    """Print where the configuration file is (it need not exist yet).

    Example: scorekeeper config path
    """
    run(ctx)
    sys.stdout.write(f"{_settings().path()}\n")


def register(app: typer.Typer) -> None:
    app.add_typer(config_app, name="config")
