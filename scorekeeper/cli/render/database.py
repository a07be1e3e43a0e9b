"""The database itself: db check, db restore (and --list)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, records, table
from scorekeeper.cli.render.sessions import local_time
from scorekeeper.core.messages import _, ngettext


def check(t: Any, doc: dict, repair: bool = False) -> None:
    """``db check``: what was read, each finding, and the verdict."""
    if not doc["exists"]:
        t.print(Text(_("There is no database at {database} yet: nothing to check.").format(database=doc["database"])))
    else:
        t.print(Text(_("Checked {database}: {files}, {sessions}, {hands}.").format(
            database=doc["database"],
            files=ngettext("{n} file", "{n} files", doc["files"]).format(n=doc["files"]),
            sessions=ngettext("{n} session", "{n} sessions", doc["sessions"]).format(n=doc["sessions"]),
            hands=ngettext("{n} hand", "{n} hands", doc["hands"]).format(n=doc["hands"]))))
    findings = doc["problems"]
    for f in findings:
        said = (_("repaired: {file}: {problem}") if f["repaired"] else
                _("note: {file}: {problem}") if f["kind"] == "note" else _("problem: {file}: {problem}"))
        t.print(Text(said.format(file=f["file"], problem=f["problem"])))
    if doc["exists"]:
        if doc["ok"]:
            t.print(_("All is well.") if not any(f["repaired"] for f in findings) else _("All is well now."))
        elif not repair and any(f["repairable"] and f["kind"] != "note" and not f["repaired"]
                                             for f in findings):
            t.print(_("`scorekeeper db check --repair` fixes what is marked repairable above."))


def restored(t: Any, doc: dict) -> None:
    """``db restore``: each file put back (stdout) or not (stderr)."""
    for line in doc["restored"]:
        t.print(Text(line))
    for line in doc["failed"]:
        t.err.print(Text(line))
    if not doc["restored"] and not doc["failed"]:
        t.print(_("Nothing needed restoring: every file reads well (--session ID puts back an earlier state "
                  "of one session)."))


def backups(t: Any, doc: dict) -> None:
    """``db restore --list``: the kept copies, newest first."""
    rows = doc["backups"]
    if not rows:
        t.print(Text(_("No copies are kept in {folder}.").format(folder=Path(doc["database"]) / "backups")))
        return
    heads = (_("File"), _("Saved"), _("Copy"), _("State"))
    cells = []
    for r in rows:
        if r["deleted"]:
            state = _("reads well, deleted session") if r["good"] else _("damaged, deleted session")
        else:
            state = _("reads well") if r["good"] else _("damaged")
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
