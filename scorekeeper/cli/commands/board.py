"""The board for the whole table: watch (a terminal facing the table), serve (a web page)."""
from __future__ import annotations

import sys
from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext, say
from scorekeeper.cli.options import DbOpt, SessionOpt
from scorekeeper.core.errors import StoreError


def register(app: typer.Typer) -> None:
    @app.command()
    def watch(ctx: typer.Context, session: SessionOpt = None, db: DbOpt = None) -> None:
        """A full-screen scoreboard for a screen facing the table, redrawn as hands are recorded.

        It follows the current session (or the one named), even when `use` changes it,
        and only reads the database. q or Ctrl-C leaves.

        Example: scorekeeper watch
        """
        from scorekeeper.cli.watch import watch as follow

        r = run(ctx)
        application = r.app(db)
        follow(r.terminal, application, application.session_id(session) if session else None)

    @app.command()
    def serve(
        ctx: typer.Context,
        session: SessionOpt = None,
        host: Annotated[Optional[str], typer.Option("--host", metavar="HOST", help=helptext("help.serve.host"), show_default=False)] = None,
        port: Annotated[int, typer.Option("--port", "-p", metavar="PORT", min=0, max=65535, help=helptext("help.serve.port"))] = 8765,
        lan: Annotated[bool, typer.Option("--lan", help=helptext("help.serve.lan"))]
        = False,
        db: DbOpt = None,
    ) -> None:
        """The scoreboard, the hand-by-hand history and the chart as a web page for phones and the TV.

        The page updates itself within two seconds of a change. Only this computer can open
        it unless --lan (or --host) says otherwise; then its address carries a secret part
        and a QR code of it is shown. Ctrl-C stops it.

        \b
        Examples:
          scorekeeper serve
          scorekeeper serve --lan
        """
        from scorekeeper.cli import serve as web
        from scorekeeper.cli.render.common import plain

        r = run(ctx)
        application = r.app(db)
        if session:
            session = application.session_id(session)
        try:
            server, address = web.start(application, session, host, port, lan, r.language)
        except OSError as e:
            raise StoreError("cli.serve.cannot_listen", host=host or ("0.0.0.0" if lan else "127.0.0.1"),
                             port=port, reason=e.strerror or str(e)) from None
        out = sys.stdout
        out.write(say("cli.command.board.board_is_at_address", address=address) + "\n")
        if not web.loopback(server.server_address[0]):
            import segno

            segno.make(address, error="m").terminal(out=out, compact=True)
            out.write(say("cli.command.board.open_it_on_phone") + "\n")
        out.write(say("cli.command.board.ctrl_c_stops_board") + "\n")
        out.flush()
        try:
            web.serve_forever(server)
        except KeyboardInterrupt:
            sys.stderr.write(plain(say("cli.command.board.stopped_board_is_no")) + "\n")
            raise typer.Exit(130) from None
