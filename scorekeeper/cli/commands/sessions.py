"""Keeping sessions: sessions, use, delete."""
from __future__ import annotations

from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext
from scorekeeper.cli.commands.game import confirm
from scorekeeper.cli.options import DbOpt, JsonOpt, YesOpt

IdArg = Annotated[str, typer.Argument(help=helptext("help.session_id"), show_default=False,
                                      autocompletion=complete.session_ids)]


def register(app: typer.Typer) -> None:
    @app.command("sessions")
    def list_sessions(
        ctx: typer.Context,
        variant: Annotated[Optional[str], typer.Option("--variant", help=helptext("help.sessions.variant"),
                                                       show_default=False,
                                                       autocompletion=complete.variant_names)] = None,
        player: Annotated[Optional[str], typer.Option("--player", help=helptext("help.sessions.player"),
                                                      show_default=False)] = None,
        limit: Annotated[Optional[int], typer.Option("--limit", "-n", help=helptext("help.sessions.limit"),
                                                     show_default=False)] = None,
        json_: JsonOpt = False,
        db: DbOpt = None,
    ) -> None:
        """List every session, the current one marked.

        \b
        Examples:
          scorekeeper sessions --json
          scorekeeper sessions --variant gin --player ann --limit 10
        """
        from scorekeeper.cli.render import sessions as draw

        r = run(ctx)
        r.terminal.show(r.app(db).sessions(variant, player, limit, waiting=True), json_, draw.sessions)

    @app.command()
    def use(ctx: typer.Context, session_id: Annotated[str, typer.Argument(
            metavar="SESSION", help=helptext("help.use.session"), show_default=False,
            autocompletion=complete.session_ids)], db: DbOpt = None) -> None:
        """Make a session the current one, by its id or its title.

        \b
        Examples:
          scorekeeper use 3f9a
          scorekeeper use "Friday night"
        """
        from scorekeeper.cli.render import sessions as draw

        r = run(ctx)
        draw.used(r.terminal, r.app(db).use(session_id))

    @app.command()
    def delete(ctx: typer.Context, session_id: IdArg, yes: YesOpt = False, db: DbOpt = None) -> None:
        """Delete a session for good.

        Example: scorekeeper delete 3f9a --yes
        """
        from scorekeeper.cli.render import sessions as draw

        r = run(ctx)
        application = r.app(db)
        target = application.to_delete(session_id)
        if target["already"]:  # run again after it was cut short: says what was done
            return draw.deleted_already(r.terminal, target)
        sid = target["session"]
        if not yes:  # the question names the game: its title, if any, and its players
            row = next((s for s in application.sessions()["sessions"] if s["id"] == sid), {})
            what = "delete_titled" if row.get("title") else "delete"
            confirm(yes, what, session=sid, title=row.get("title"), players=list(row.get("players") or []))
        draw.deleted(r.terminal, application.delete(sid))
