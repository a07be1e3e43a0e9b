"""demo: a bundled real game recorded into a throw-away database."""
from __future__ import annotations

from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext

DemoDbOpt = Annotated[
    Optional[str],
    typer.Option("--db", metavar="DIR", help=helptext("help.demo.db"),
                 show_default=False),
]


def register(app: typer.Typer) -> None:
    @app.command()
    def demo(ctx: typer.Context, db: DemoDbOpt = None) -> None:
        """Play a bundled Rummy 500 game hand by hand into a throw-away database (or the one --db names).

        Example: scorekeeper demo
        """
        from scorekeeper.cli.render import demo as draw

        r = run(ctx)
        draw.demo(r.terminal, r.app(db).demo())
