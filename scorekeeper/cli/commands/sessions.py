"""Keeping sessions: sessions, use, delete."""
from __future__ import annotations

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.terminal import DbOpt, JsonOpt, handle_errors, store, terminal

IdArg = Annotated[str, typer.Argument(help="The session id (a unique prefix is enough).", show_default=False,
                                      autocompletion=complete.session_ids)]


def register(app: typer.Typer) -> None:
    @app.command("sessions")
    @handle_errors
    def list_sessions(json_: JsonOpt = False, db: DbOpt = None) -> None:
        """List every session, the current one marked.

        Example: scorekeeper sessions --json
        """
        from scorekeeper.app import report

        st = store(db)
        doc = report.sessions_json(st.current_id(), st.summaries())
        t = terminal()
        if json_:
            return t.json(doc)
        if not doc["sessions"]:
            t.print("No sessions yet: start one with scorekeeper new VARIANT NAME...")
            return
        headers = ("", "Id", "Variant", "Title", "Players", "Hands", "State", "Started")
        rows = [("*" if s["id"] == doc["current"] else "", s["id"], s["variant"], s["title"] or "",
                 ", ".join(s["players"]), str(s["hands"]),
                 ("won by " + " and ".join(s["winners"])) if s["finished"] else "in play", s["created"][:16])
                for s in doc["sessions"]]
        if not _aligned(t, headers, rows):
            from rich import box
            from rich.table import Table
            from rich.text import Text

            table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            for col in headers:
                # an id is copied from here: it never wraps
                table.add_column(col, overflow="fold", no_wrap=col == "Id")
            for row in rows:
                table.add_row(*(Text(cell) for cell in row))
            t.print(table)

    @app.command()
    @handle_errors
    def use(session_id: IdArg, db: DbOpt = None) -> None:
        """Make a session the current one.

        Example: scorekeeper use 3f9a
        """
        from scorekeeper.app import sessions

        loaded = sessions.use(store(db), session_id)
        t = terminal()
        from rich.text import Text

        t.print(Text(f"Session {loaded.record['id']} ({loaded.setup.variant.name}: "
                     f"{', '.join(loaded.setup.players)}) is now current."))

    @app.command()
    @handle_errors
    def delete(
        session_id: IdArg,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
        db: DbOpt = None,
    ) -> None:
        """Delete a session for good.

        Example: scorekeeper delete 3f9a --yes
        """
        from scorekeeper.app import sessions
        from scorekeeper.cli.commands.game import confirm

        st = store(db)
        sid = st.resolve(session_id)
        confirm(yes, f"Delete session {sid} for good?")
        sessions.delete(st, sid)
        terminal().print(f"Session {sid} deleted.")


def _aligned(t, headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> bool:
    """Print a table as aligned lines of text, looking like rich's SIMPLE_HEAD table,
    when it fits the terminal's width; returns False (nothing printed) when it does
    not. A thousand rows take milliseconds this way, where a rich Table takes a second
    (SPEC §6: `sessions` stays fast as history grows). Names and titles are plain text:
    control characters are dropped, nothing is read as markup."""
    from rich.cells import cell_len
    from rich.control import strip_control_codes
    from rich.text import Text

    def clean(cell: str) -> str:
        return strip_control_codes(cell.replace("\n", " ").replace("\r", " ").replace("\t", " "))

    table = [tuple(clean(c) for c in row) for row in [headers, *rows]]
    lengths = [[cell_len(c) for c in row] for row in table]
    widths = [max(row[i] for row in lengths) for i in range(len(headers))]
    total = sum(widths) + 3 * (len(widths) - 1)
    if total > t.out.width:
        return False
    lines = ["   ".join(c + " " * (w - n) for c, n, w in zip(row, ns, widths)).rstrip()
             for row, ns in zip(table, lengths)]
    text = Text("\n".join([lines[0], "\u2500" * total, *lines[1:]]), no_wrap=True, overflow="ignore")
    text.stylize("bold", 0, len(lines[0]))
    t.out.print(text, crop=False)
    return True
