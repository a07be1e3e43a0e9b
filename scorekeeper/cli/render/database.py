"""The database itself: db check, db restore (and --list)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, records, table
from scorekeeper.cli.render.sessions import local_time
from scorekeeper.core.messages import say, say_count


def check(t: Any, doc: dict, repair: bool = False) -> None:
    """``db check``: what was read, each finding, and the verdict."""
    if not doc["exists"]:
        t.print(Text(say("screen.database.there_is_no_database", database=doc["database"])))
    else:
        t.print(Text(say("screen.database.checked_database_files_sessions", database=doc["database"],
            files=say_count("screen.database.n_files", doc["files"], n=doc["files"]),
            sessions=say_count("screen.database.n_sessions", doc["sessions"], n=doc["sessions"]),
            hands=say_count("screen.database.n_hands", doc["hands"], n=doc["hands"]))))
    findings = doc["problems"]
    for f in findings:
        said = ("screen.database.repaired_file_problem" if f["repaired"] else
                "screen.database.note_file_problem" if f["kind"] in ("note", "waiting")
                else "screen.database.problem_file_problem")
        t.print(Text(say(said, file=f["file"], problem=f["problem"])))
    if doc["exists"]:
        if doc["ok"]:
            t.print(say("screen.database.all_is_well") if not any(f["repaired"] for f in findings) else say("screen.database.all_is_well_now"))
        elif not repair and any(f["repairable"] and f["kind"] != "note" and not f["repaired"]
                                             for f in findings):
            t.print(say("screen.database.db_check_repair_fixes"))


def restored(t: Any, doc: dict) -> None:
    """``db restore``: each file put back (stdout) or not (stderr)."""
    for line in doc["restored"]:
        t.print(Text(line))
    for line in doc["failed"]:
        t.err.print(Text(line))
    if not doc["restored"] and not doc["failed"]:
        t.print(say("screen.database.nothing_needed_restoring_every"))


def backups(t: Any, doc: dict) -> None:
    """``db restore --list``: the kept copies, newest first."""
    rows = doc["backups"]
    if not rows:
        t.print(Text(say("screen.database.no_copies_are_kept", folder=Path(doc["database"]) / "backups")))
        return
    heads = (say("screen.database.file"), say("screen.database.saved"), say("screen.database.copy"),
             say("screen.database.state"))
    cells = []
    for r in rows:
        if r["deleted"]:
            state = say("screen.database.reads_well_deleted_session") if r["good"] else say("screen.database.damaged_deleted_session")
        else:
            state = say("screen.database.reads_well") if r["good"] else say("screen.database.damaged")
        cells.append((r["file"], local_time(r["saved"], seconds=True), r["backup"], state))  # as sessions shows
    drawn = table()
    for col in heads:
        drawn.add_column(col, overflow="fold")
    for file, saved, backup, state in cells:
        drawn.add_row(Text(file), saved, Text(backup), state)
    if fit_columns(t, drawn):  # the states folded between words if need be
        t.print(drawn)
    else:  # a path or a time would be broken: each copy as lines of its own
        records(t, heads, cells)
