"""The database itself: `db path`, `db check`, `db restore` (SPEC §6)."""
from __future__ import annotations

import sys
from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext
from scorekeeper.cli.options import DbOpt, JsonOpt, YesOpt

db_app = typer.Typer(
    name="db",
    help=helptext("help.db"),
    no_args_is_help=True,
    rich_markup_mode=None,
)


@db_app.command("path")
def path(ctx: typer.Context, db: DbOpt = None) -> None:
    """Print the database directory (from --db, SCOREKEEPER_DB or the user data directory).

    Example: scorekeeper db path
    """
    sys.stdout.write(f"{run(ctx).app(db).db_path()['database']}\n")


@db_app.command("check")
def check(
    ctx: typer.Context,
    repair: Annotated[bool, typer.Option("--repair", help=helptext("help.db.check.repair"))] = False,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Read every file of the database and replay every session; report what is wrong (exit 1 if anything is).

    Without --repair nothing is written. Damaged files are left to `scorekeeper db restore`.

    Example: scorekeeper db check --repair
    """
    from scorekeeper.cli.render import database as draw

    from scorekeeper.cli.render.progress import bar

    r = run(ctx)
    with bar(r.terminal, "cli.progress.db_check", show=not json_) as progress:
        doc = r.app(db).db_check(repair, progress)
    r.terminal.show(doc, json_, lambda t, d: draw.check(t, d, repair), for_people=("root", "findings"))
    if not doc["ok"]:
        raise typer.Exit(1)


@db_app.command("restore")
def restore(
    ctx: typer.Context,
    session: Annotated[Optional[str], typer.Option("--session", "-s", metavar="ID", help=helptext("help.db.restore.session"), show_default=False,
                                                   autocompletion=complete.session_ids)] = None,
    list_: Annotated[bool, typer.Option("--list", help=helptext("help.db.restore.list"))] = False,
    yes: YesOpt = False,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Put back the newest good copy of every damaged or missing file, then bring the index in line.

    The last 5 good states of each file are kept in DIR/backups/; a file that is
    replaced is moved to DIR/backups/set-aside/, never deleted. When a copy lacks
    hands the database holds now, it says which and asks first (--yes does not ask).

    \b
    Examples:
      scorekeeper db restore
      scorekeeper db restore --list
      scorekeeper db restore --session 3f9a
    """
    from scorekeeper.cli.render import database as draw

    r = run(ctx)
    if list_:
        return r.terminal.show(r.app(db).backups(session), json_, draw.backups)
    application = r.app(db)
    expect = None
    if not yes:
        from scorekeeper.cli.commands.game import confirm

        losses = application.restore_losses(session)["losses"]
        if losses:
            confirm(False, "restore", losses=losses)
            expect = losses
    doc = application.restore(session, expect)
    r.terminal.show(doc, json_, draw.restored)
    if not doc["ok"]:
        raise typer.Exit(1)


@db_app.command("rescore")
def rescore(
    ctx: typer.Context,
    session: Annotated[Optional[str], typer.Argument(metavar="SESSION", help=helptext("help.db.rescore.session"),
                                                     show_default=False, autocompletion=complete.session_ids)] = None,
    yes: YesOpt = False,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Score a session again with the version of its variant installed, when another version scored it.

    Shows, player by player, what the installed version would change, and asks before storing it
    (--yes does not ask; with --json and without --yes nothing is stored). Without SESSION, every
    session scored by another version than the one installed. Until then such a session shows
    the scores it stored and cannot be changed.

    \b
    Examples:
      scorekeeper db rescore
      scorekeeper db rescore 3f9a --yes
    """
    from scorekeeper.cli.render import plugins as draw

    r = run(ctx)
    application = r.app(db)
    shown = application.rescore_preview(session)
    if json_ and not yes:  # what would change, stored nowhere
        return r.terminal.json({"sessions": [{**e, "stored": False} for e in shown["sessions"]]})
    if not json_:
        draw.rescore_preview(r.terminal, shown)
    if not shown["sessions"]:  # nothing scored by another version
        return r.terminal.json({"sessions": []}) if json_ else None
    if any(e["changes"] and e["refusal"] is None for e in shown["sessions"]):
        from scorekeeper.cli.commands.game import confirm

        confirm(yes, "rescore")
    doc = application.rescore(session, shown["sessions"])
    r.terminal.show(doc, json_, draw.rescored)
    if any(e["refusal"] is not None for e in doc["sessions"]):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db")
