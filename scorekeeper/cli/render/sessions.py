"""Keeping sessions: sessions, use, delete."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, names, plain, records, table, variant_name
from scorekeeper.core.messages import say


def headers() -> tuple[str, ...]:
    return ("", *map(say, ("screen.sessions.id", "screen.sessions.variant", "screen.sessions.title",
                           "screen.sessions.players", "screen.sessions.hands", "screen.sessions.state",
                           "screen.sessions.started")))


def sessions(t: Any, doc: dict) -> None:
    """Every session, the current one marked with ``*``."""
    if not doc["sessions"]:
        t.print(say("screen.sessions.no_sessions_yet_start"))
        return
    rows = [("*" if s["id"] == doc["current"] else "", s["id"], s["variant"], s["title"] or "",
             ", ".join(s["players"]), str(s["hands"]),
             (say("screen.sessions.won_by_names", names=names(s["winners"])) if s["finished"]
              else say("screen.sessions.in_play")),
             local_time(s["created"]))
            for s in doc["sessions"]]
    heads = headers()
    if _aligned(t, heads, rows):
        return
    # narrower: the table with its titles, names and states folded between words, its
    # columns closer if need be; narrower still, each session as lines of its own
    for padding in ((0, 1), (0, 1, 0, 0)):
        drawn = table(padding=padding)
        for i, col in enumerate(heads):
            # an id is copied from here: it never wraps
            drawn.add_column(col, overflow="fold", no_wrap=i == 1)
        for row in rows:
            drawn.add_row(*(Text(plain(cell)) for cell in row))
        if fit_columns(t, drawn):
            t.print(drawn)
            return
    records(t, heads[1:], [row[1:] for row in rows], marks=[row[0] for row in rows])


def local_time(stamp: str, seconds: bool = False) -> str:
    """A stored UTC ISO 8601 time as people read it: local time, to the minute
    (``2026-12-01T06:26:00+00:00`` → ``2026-12-01 08:26`` in Kyiv), or to the second with
    ``seconds`` (copies saved within a minute). A time that cannot be read is shown as stored."""
    from datetime import datetime, timezone

    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)[:19 if seconds else 16]
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone().strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def _aligned(t: Any, headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> bool:
    """Print a table as aligned lines of text, looking like rich's SIMPLE_HEAD table,
    when it fits the terminal's width; returns False (nothing printed) when it does
    not. A thousand rows take milliseconds this way, where a rich Table takes a second
    (SPEC §6: `sessions` stays fast as history grows). Names and titles are plain text:
    control characters are dropped, nothing is read as markup."""
    from rich.cells import cell_len

    cells = [tuple(plain(c) for c in row) for row in [headers, *rows]]
    lengths = [[cell_len(c) for c in row] for row in cells]
    widths = [max(row[i] for row in lengths) for i in range(len(headers))]
    total = sum(widths) + 3 * (len(widths) - 1)
    if total > t.out.width:
        return False
    lines = ["   ".join(c + " " * (w - n) for c, n, w in zip(row, ns, widths)).rstrip()
             for row, ns in zip(cells, lengths)]
    text = Text("\n".join([lines[0], "\u2500" * total, *lines[1:]]), no_wrap=True, overflow="ignore")
    text.stylize("bold", 0, len(lines[0]))
    t.out.print(text, crop=False)
    return True


def used(t: Any, doc: dict) -> None:
    """``use``: ``Session ID (Rummy 500: Ann, Bob) is now current.``"""
    t.print(Text(say("screen.sessions.session_session_variant_players", session=doc["session"],
                     variant=variant_name(doc["variant_name"]), players=", ".join(doc["players"]))))


def deleted(t: Any, doc: dict) -> None:
    t.print(say("screen.sessions.session_session_deleted", session=doc["session"]))
