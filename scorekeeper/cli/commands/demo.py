"""demo: a bundled real game recorded into a throw-away database."""
from __future__ import annotations

import typer

from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import _
from scorekeeper.cli.options import DbOpt


def demo_game() -> dict:
    """The bundled Rummy 500 game (scorekeeper/data/demo_rummy500.json)."""
    import json
    from importlib import resources

    text = resources.files("scorekeeper.data").joinpath("demo_rummy500.json").read_text(encoding="utf-8")
    return json.loads(text)


def register(app: typer.Typer) -> None:
    @app.command()
    def demo(ctx: typer.Context, db: DbOpt = None) -> None:
        """Play a bundled Rummy 500 game hand by hand into a throw-away database (or the one --db names).

        Example: scorekeeper demo
        """
        from scorekeeper.cli.render import demo as draw

        r = run(ctx)
        draw.demo(r.terminal, r.app(db).demo())
