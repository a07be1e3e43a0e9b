"""The database itself: db check, db restore (and --list)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import table


def check(t: Any, doc: dict, repair: bool = False) -> None:
    """``db check``: what was read, each finding, and the verdict."""
    if not doc["exists"]:
        t.print(Text(f"There is no database at {doc['database']} yet: nothing to check."))
    else:
        t.print(Text(f"Checked {doc['database']}: {doc['files']} file(s), {doc['sessions']} session(s), "
                     f"{doc['hands']} hand(s)."))
    findings = doc["problems"]
    for f in findings:
        mark = "repaired" if f["repaired"] else ("note" if f["kind"] == "note" else "problem")
        t.print(Text(f"{mark}: {f['file']}: {f['problem']}"))
    if doc["exists"]:
        if doc["ok"]:
            t.print("All is well." if not any(f["repaired"] for f in findings) else "All is well now.")
        elif not repair and any(f["repairable"] and f["kind"] != "note" and not f["repaired"]
                                             for f in findings):
            t.print("`scorekeeper db check --repair` fixes what is marked repairable above.")


def restored(t: Any, doc: dict) -> None:
    """``db restore``: each file put back (stdout) or not (stderr)."""
    for line in doc["restored"]:
        t.print(Text(line))
    for line in doc["failed"]:
        t.err.print(Text(line))
    if not doc["restored"] and not doc["failed"]:
        t.print("Nothing needed restoring: every file reads well (--session ID puts back an earlier state "
                "of one session).")


def backups(t: Any, doc: dict) -> None:
    """``db restore --list``: the kept copies, newest first."""
    rows = doc["backups"]
    if not rows:
        t.print(Text(f"No copies are kept in {Path(doc['database']) / 'backups'}."))
        return
    drawn = table()
    for col in ("File", "Saved", "Copy", "State"):
        drawn.add_column(col, overflow="fold")
    for r in rows:
        state = ("reads well" if r["good"] else "damaged") + (", deleted session" if r["deleted"] else "")
        drawn.add_row(Text(r["file"]), r["saved"], Text(r["backup"]), state)
    t.print(drawn)
