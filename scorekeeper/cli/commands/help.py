"""``help [COMMAND]...``: the help of the program or of a command."""
from __future__ import annotations

from typing import List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.language import helptext


def register(app: typer.Typer) -> None:
    @app.command("help")
    def help_(
        ctx: typer.Context,
        command: Annotated[Optional[List[str]], typer.Argument(metavar="COMMAND", help=helptext("help.help.command"),
            show_default=False, autocompletion=complete.command_names)] = None,
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
            # the command's own context class draws its help (ours: the frame words in the language spoken)
            context_class = getattr(found, "context_class", typer.Context)
            shown = context_class(found, info_name=_name, parent=shown, **found.context_settings)
            current = found
        typer.echo(shown.get_help())
