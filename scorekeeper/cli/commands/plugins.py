"""Where the variants come from: `plugins` (SPEC §8)."""
from __future__ import annotations

import typer

from scorekeeper.cli.boundary import run
from scorekeeper.cli.options import JsonOpt


def register(app: typer.Typer) -> None:
    @app.command()
    def plugins(ctx: typer.Context, json_: JsonOpt = False) -> None:
        """Every variant with the package and version it comes from, built in or a plugin.

        An installed variant whose id or alias is a built-in one's is left aside (the built-in
        one wins), and one that cannot be loaded is named: each in one sentence.

        Example: scorekeeper plugins --json
        """
        from scorekeeper.cli.render import plugins as draw

        r = run(ctx)
        r.terminal.show(r.app().plugins(), json_, draw.plugins)
