"""The database itself: `db path`, `db check`, `db restore` (SPEC §6)."""
from __future__ import annotations

from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli.terminal import DbOpt, JsonOpt, handle_errors, store, terminal

db_app = typer.Typer(
    name="db",
    help="Where the database lives, and checking and recovering it.\n\nExample: scorekeeper db check",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@db_app.command("path")
@handle_errors
def path(db: DbOpt = None) -> None:
    """Print the database directory (from --db, SCOREKEEPER_DB or the user data directory).

    Example: scorekeeper db path
    """
    import sys

    sys.stdout.write(f"{store(db).root}\n")


@db_app.command("check")
@handle_errors
def check(
    repair: Annotated[bool, typer.Option("--repair", help="Fix what the session files can answer for: stale or "
                                         "missing rows of the index, a current session that is gone, leftovers of "
                                         "stopped commands, scores kept with a session's hands that disagree "
                                         "with replaying them.")] = False,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Read every file of the database and replay every session; report what is wrong (exit 1 if anything is).

    Without --repair nothing is written. Damaged files are left to `scorekeeper db restore`.

    Example: scorekeeper db check --repair
    """
    from scorekeeper.storage import maintenance

    report = maintenance.check(store(db), repair)
    t = terminal()
    if json_:
        t.json(report.as_json())
    else:
        from rich.text import Text

        if not report.exists:
            t.print(Text(f"There is no database at {report.root} yet: nothing to check."))
        else:
            t.print(Text(f"Checked {report.root}: {report.files} file(s), {report.sessions} session(s), "
                         f"{report.hands} hand(s)."))
        for f in report.findings:
            mark = "repaired" if f.repaired else ("note" if f.kind == "note" else "problem")
            t.print(Text(f"{mark}: {f.file}: {f.problem}"))
        if report.exists:
            if report.ok:
                t.print("All is well." if not any(f.repaired for f in report.findings) else "All is well now.")
            elif not repair and any(f.repairable and f.wrong for f in report.findings):
                t.print("`scorekeeper db check --repair` fixes what is marked repairable above.")
    if not report.ok:
        raise typer.Exit(1)


@db_app.command("restore")
@handle_errors
def restore(
    session: Annotated[Optional[str], typer.Option("--session", "-s", metavar="ID", help="Put back this session's newest kept "
                                                   "copy (also of a deleted session), whatever state its file is "
                                                   "in.", show_default=False)] = None,
    list_: Annotated[bool, typer.Option("--list", help="List the kept copies instead, newest first.")] = False,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Put back the newest good copy of every damaged or missing file, then bring the index in line.

    The last 5 good states of each file are kept in DIR/backups/; a file that is
    replaced is moved to DIR/backups/set-aside/, never deleted.

    \b
    Examples:
      scorekeeper db restore
      scorekeeper db restore --list
      scorekeeper db restore --session 3f9a
    """
    from rich.text import Text

    from scorekeeper.storage import maintenance

    st = store(db)
    t = terminal()
    if list_:
        rows = maintenance.list_backups(st, session)
        if json_:
            return t.json({"database": str(st.root), "backups": rows})
        if not rows:
            t.print(Text(f"No copies are kept in {st.root / 'backups'}."))
            return
        from rich import box
        from rich.table import Table

        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for col in ("File", "Saved", "Copy", "State"):
            table.add_column(col, overflow="fold")
        for r in rows:
            state = ("reads well" if r["good"] else "damaged") + (", deleted session" if r["deleted"] else "")
            table.add_row(Text(r["file"]), r["saved"], Text(r["backup"]), state)
        t.print(table)
        return
    report = maintenance.restore(st, session)
    if json_:
        t.json(report.as_json())
    else:
        for line in report.restored:
            t.print(Text(line))
        for line in report.failed:
            t.err.print(Text(line))
        if not report.restored and not report.failed:
            t.print("Nothing needed restoring: every file reads well (--session ID puts back an earlier state "
                    "of one session).")
    if not report.ok:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db")
