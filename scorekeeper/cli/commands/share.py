"""Sharing results: export, import, stats, chart (SPEC §5)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext
from scorekeeper.cli.options import DbOpt, JsonOpt, PagerOpt, SessionOpt
from scorekeeper.core.errors import InputError

AllOpt = Annotated[bool, typer.Option("--all", "-a", help=helptext("help.export.all"))]
FormatOpt = Annotated[
    Optional[str],
    typer.Option("--format", help=helptext("help.export.format"),
                 show_default=False, autocompletion=complete.export_formats),
]
OutputOpt = Annotated[
    Optional[Path],
    typer.Option("--output", "-o", help=helptext("help.export.output"),
                 show_default=False),
]
ForceOpt = Annotated[bool, typer.Option("--force", help=helptext("help.export.force"))]
SeasonOpt = Annotated[
    Optional[str],
    typer.Option("--season", metavar="NAME", help=helptext("help.export.season"), show_default=False,
                 autocompletion=complete.season_names),
]


def _standard_input() -> bytes | str:
    """The export on standard input, at most as large as an export may be: an endless pipe is
    refused once it gives more (one sentence, nothing imported)."""
    from scorekeeper.app.exporting import MAX_IMPORT
    from scorekeeper.app.inputs import InputTrouble, read_standard_input
    from scorekeeper.core.errors import InputError

    stream = sys.stdin
    if stream is None:
        return b""
    try:
        if hasattr(stream, "buffer"):
            return read_standard_input(stream.buffer, MAX_IMPORT)
        return stream.read(MAX_IMPORT + 1)  # a text stream of its own (a test's): the import counts it
    except InputTrouble as e:
        if e.kind == "too_big":
            raise InputError("import.too_big", file="-", limit=MAX_IMPORT) from None
        raise InputError("cli.stdin_unreadable", reason=e.facts.get("reason", "")) from None
    except OSError as e:
        raise InputError("cli.stdin_unreadable", reason=e.strerror or str(e)) from None


def register(app: typer.Typer) -> None:
    @app.command("export")
    def export(
        ctx: typer.Context,
        given_format: Annotated[Optional[str], typer.Argument(
            metavar="FORMAT", help=helptext("help.export.format_argument"), show_default=False,
            autocompletion=complete.export_formats)] = None,
        session: SessionOpt = None,
        all_: AllOpt = False,
        format_: FormatOpt = None,
        output: OutputOpt = None,
        force: ForceOpt = False,
        season: SeasonOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Export one session (default: the current one) or --all, as json, csv or md.

        JSON holds everything (setup, rules, hands as entered, undo and audit
        trail) and reads back with scorekeeper import. Without -o the export is
        printed on standard output. --season NAME exports a season's standings
        instead, as md, csv or html (a page for the club's website).

        \b
        Examples:
          scorekeeper export --all --format json -o club.json
          scorekeeper export md
          scorekeeper export --all --format csv -o season.csv --force
          scorekeeper export --season spring --format html -o spring.html
        """
        from scorekeeper.cli.render import sharing as draw

        from scorekeeper.cli.render.progress import bar

        if given_format is not None and format_ is not None and given_format != format_:
            raise InputError("cli.export.two_formats", argument=given_format, option=format_)
        format_ = format_ if format_ is not None else given_format
        r = run(ctx)
        with bar(r.terminal, "cli.progress.export") as progress:
            doc = r.app(db).export(session, all_, format_, output, force, progress, season)
        if doc["output"] is None:
            sys.stdout.write(doc["text"])
        else:
            draw.exported(r.terminal, doc)
        r.terminal.notices(doc)

    @app.command("import")
    def import_(
        ctx: typer.Context,
        file: Annotated[str, typer.Argument(help=helptext("help.import.file"), show_default=False)],
        skip_existing: Annotated[bool, typer.Option("--skip-existing", help=helptext("help.import.skip_existing"))] = False,
        as_new: Annotated[bool, typer.Option("--as-new", help=helptext("help.import.as_new"))] = False,
        verbose: Annotated[bool, typer.Option("--verbose", "-v", help=helptext("help.import.verbose"))] = False,
        json_: JsonOpt = False,
        db: DbOpt = None,
    ) -> None:
        """Read a JSON export back into the database, every session exactly as exported.

        Every session is checked by replaying its hands before anything is
        stored; a bad file stores nothing. A session already in the database
        (same id, same content) is skipped, so importing the same file twice
        adds nothing; --as-new imports copies of it anyway. A different session
        whose id is taken is imported under a new id (or skipped with
        --skip-existing).

        \b
        Examples:
          scorekeeper import club.json
          scorekeeper import club.json --as-new
        """
        from scorekeeper.cli.render import sharing as draw

        from scorekeeper.cli.render.progress import bar

        r = run(ctx)
        text = _standard_input() if file == "-" else None
        with bar(r.terminal, "cli.progress.import", show=not json_) as progress:
            doc = r.app(db).import_(file, skip_existing, text=text, as_new=as_new, progress=progress)
        r.terminal.show(doc, json_, lambda t, d: draw.imported(t, d, verbose))

    @app.command()
    def stats(
        ctx: typer.Context,
        player: Annotated[Optional[str], typer.Option("--player", "-p", help=helptext("help.stats.player"),
                                                      show_default=False,
                                                      autocompletion=complete.all_player_names)] = None,
        variant: Annotated[Optional[str], typer.Option("--variant", help=helptext("help.stats.variant"),
                                                       show_default=False,
                                                       autocompletion=complete.variant_names)] = None,
        json_: JsonOpt = False,
        pager: PagerOpt = True,
        db: DbOpt = None,
    ) -> None:
        """Across sessions: games, wins, win rate, average and best and worst hand, head to head.

        Each variant is reported on its own (Rummy 500 points and Crazy Rummy
        penalties are never averaged together); --variant shows one. A game is
        a session with at least one hand. Win rate is wins over
        finished games. Head to head counts finished games in which the player
        ended ahead of, behind or level with each opponent (in Crazy Rummy the
        lower total is ahead).

        \b
        Examples:
          scorekeeper stats
          scorekeeper stats --player Ann --variant rummy500 --json
        """
        from scorekeeper.cli.render import sharing as draw

        from scorekeeper.cli.render.progress import bar

        r = run(ctx)
        with bar(r.terminal, "cli.progress.stats", show=not json_) as progress:
            doc = r.app(db).stats(player, variant, progress)
        r.terminal.show(doc, json_, draw.stats, page=pager)

    @app.command()
    def chart(ctx: typer.Context, json_: JsonOpt = False, session: SessionOpt = None, db: DbOpt = None) -> None:
        """Each player's running total hand by hand, drawn in the terminal.

        The totals as lines across the terminal on a points axis that fits them
        (end bonuses included), each player with a marker and colour of their own;
        a narrow terminal gets one sparkline per player. Readable without colour
        and when piped.

        Example: scorekeeper chart --session 3f9a
        """
        from scorekeeper.cli.render import chart as draw

        r = run(ctx)
        r.terminal.show(r.app(db).chart(session), json_, draw.chart)
