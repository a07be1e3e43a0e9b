"""The board for the whole table: watch (a terminal facing the table), serve (a web page)."""
from __future__ import annotations

import sys
from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import interruption_told, run
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
        new_secret: Annotated[bool, typer.Option("--new-secret", help=helptext("help.serve.new_secret"))] = False,
        club: Annotated[bool, typer.Option("--club", help=helptext("help.serve.club"))] = False,
        season: Annotated[Optional[str], typer.Option("--season", metavar="NAME", help=helptext("help.serve.season"),
                                                      show_default=False, autocompletion=complete.season_names)] = None,
        variant: Annotated[Optional[str], typer.Option("--variant", metavar="VARIANT", help=helptext("help.serve.variant"),
                                                       show_default=False, autocompletion=complete.variant_names)] = None,
        db: DbOpt = None,
    ) -> None:
        """The scoreboard, the hand-by-hand history and the chart as a web page for phones and the TV.

        The page updates itself within two seconds of a change. Only this computer can open
        it unless --lan (or --host) says otherwise; then its address carries a secret part,
        kept in the database folder (the same address after a restart; --new-secret changes
        it), and a QR code of it is shown. Ctrl-C stops it.

        With --club it shows the club board instead: the tables of the evening's round
        (their totals, playing or done), the evening's points, the season's standings and
        the ratings.

        \b
        Examples:
          scorekeeper serve
          scorekeeper serve --lan
          scorekeeper serve --club --lan
        """
        import errno
        import socket

        from scorekeeper.cli import serve as web
        from scorekeeper.cli.render.board import qr_lines
        from scorekeeper.cli.render.common import plain
        from scorekeeper.core.errors import InputError

        r = run(ctx)
        for option, given in (("--season", season), ("--variant", variant)):
            if given is not None and not club:
                raise InputError("cli.serve.club_only", option=option)
        if club and session:
            raise InputError("cli.serve.club_session")
        application = r.app(db)
        if session:
            session = application.session_id(session)
        if club:
            _check_club(application, season, variant)
        try:
            started = web.start(application, session, host, port, lan, r.language, new_secret=new_secret,
                                debug=r.debug, club=(season, variant) if club else None)
        except (UnicodeError, ValueError, socket.gaierror):  # a name no resolver takes (too long, not a name)
            raise InputError("cli.serve.bad_host", host=host) from None
        except OSError as e:
            if host and e.errno == errno.EADDRNOTAVAIL:  # an address of another computer
                raise InputError("cli.serve.bad_host", host=host) from None
            raise StoreError("cli.serve.cannot_listen", host=host or ("0.0.0.0" if lan else "127.0.0.1"),
                             port=port, reason=e.strerror or str(e)) from None
        out = sys.stdout
        from scorekeeper.cli.boundary import for_the_terminal

        def said(code: str, **facts: object) -> None:  # a sentence wrapped between words on a terminal
            out.write(for_the_terminal(say(code, **facts), out.isatty()) + "\n")

        said("cli.command.board.board_is_at_address", address=started.address)
        if started.reachable:
            for line in qr_lines(started.address, colour=r.terminal.color):
                out.write(line + "\n")
            said("cli.command.board.open_it_on_phone")
        elif not web.loopback(host or ("0.0.0.0" if lan else "127.0.0.1")):
            said("cli.command.board.no_network")
        if started.unkept:
            said("cli.command.board.secret_not_kept", reason=started.unkept)
        said("cli.command.board.ctrl_c_stops_board")
        out.flush()
        try:
            web.serve_forever(started.server)
        except KeyboardInterrupt:
            sys.stderr.write(for_the_terminal(plain(say("cli.command.board.stopped_board_is_no"))) + "\n")
            interruption_told()
            raise typer.Exit(130) from None


def _check_club(application, season: str | None, variant: str | None) -> None:
    """Refuse (:class:`InputError`, exit 2) a season or a variant the club board could not show,
    before it is served; a database that cannot be read just now is said on the page instead."""
    from scorekeeper.core.errors import InputError, ScorekeeperError

    try:
        application.club_board(season, variant)
    except InputError:
        raise
    except ScorekeeperError:
        pass
