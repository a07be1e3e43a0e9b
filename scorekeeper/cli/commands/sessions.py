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
        from scorekeeper import report

        st = store(db)
        doc = report.sessions_json(st.current_id(), st.summaries())
        t = terminal()
        if json_:
            return t.json(doc)
        from rich import box
        from rich.table import Table
        from rich.text import Text

        if not doc["sessions"]:
            t.print("No sessions yet: start one with scorekeeper new VARIANT NAME...")
            return
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for col in ("", "Id", "Variant", "Title", "Players", "Hands", "State", "Started"):
            table.add_column(col, overflow="fold")
        for s in doc["sessions"]:
            state = ("won by " + " and ".join(s["winners"])) if s["finished"] else "in play"
            table.add_row("*" if s["id"] == doc["current"] else "", s["id"], s["variant"], Text(s["title"] or ""),
                          Text(", ".join(s["players"])), str(s["hands"]), Text(state), s["created"][:16])
        t.print(table)

    @app.command()
    @handle_errors
    def use(session_id: IdArg, db: DbOpt = None) -> None:
        """Make a session the current one.

        Example: scorekeeper use 3f9a
        """
        from scorekeeper import sessions

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
        from scorekeeper import sessions
        from scorekeeper.cli.commands.game import confirm

        st = store(db)
        sid = st.resolve(session_id)
        confirm(yes, f"Delete session {sid} for good?")
        sessions.delete(st, sid)
        terminal().print(f"Session {sid} deleted.")
