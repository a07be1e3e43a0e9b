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
    """Every session, the current one marked with ``*``; under the table, the sentence of each
    session that waits for its variant (it needs the package P (version V), which is not installed)."""
    _table(t, doc)
    for s in doc["sessions"]:
        if s.get("waits"):
            t.print(Text(s["waits"]))


def _table(t: Any, doc: dict) -> None:
    if not doc["sessions"]:
        t.print(say("screen.sessions.no_sessions_yet_start"))
        return
    in_play = say("screen.sessions.in_play")  # said once for all the rows
    times: dict[str, str] = {}
    rows = [("*" if s["id"] == doc["current"] else "", s["id"], s["variant"], s["title"] or "",
             ", ".join(s["players"]), str(s["hands"]),
             (say("screen.sessions.won_by_names", names=names(s["winners"])) if s["finished"] else in_play),
             times[s["created"]] if s["created"] in times else times.setdefault(s["created"], local_time(s["created"])))
            for s in doc["sessions"]]
    heads = headers()
    # an ordinary 80-column terminal (short titles, three or four names) gets a line a session
    # one line a session, else the day alone, else the names and titles folded between words
    days = [(*row[:-1], row[-1][:10]) for row in rows]
    if _aligned(t, heads, rows) or _aligned(t, heads, days, gap=2) or _aligned(t, heads, days, gap=2, foldable=(4, 3)):
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


def _aligned(t: Any, headers: tuple[str, ...], rows: list[tuple[str, ...]], gap: int = 3,
             foldable: tuple[int, ...] = ()) -> bool:
    """Print a table as aligned lines of text, looking like rich's SIMPLE_HEAD table,
    when it fits the terminal's width, ``gap`` spaces between columns; the columns
    ``foldable`` (indexes, the first given way first) may fold their cells between words,
    down to their longest word, for the table to fit. Returns False (nothing printed) when it
    does not fit. A thousand rows take milliseconds this way, where a rich Table takes a second
    (SPEC §6: `sessions` stays fast as history grows). Names and titles are plain text:
    control characters are dropped, nothing is read as markup."""
    from rich.cells import cell_len

    every = [headers, *rows]
    whole = "".join(map("".join, every))  # every cell told at once, in C (a thousand rows)
    cells = every if whole.isprintable() else [tuple(map(plain, row)) for row in every]  # (as nearly always)
    ascii_only = whole.isascii()  # every character one column: a cell's width is its length

    def width(text: str) -> int:
        return len(text) if text.isascii() else cell_len(text)

    measured = [tuple(map(len if ascii_only else width, row)) for row in cells]  # each cell measured once
    widths = [max(column) for column in zip(*measured)]
    total = sum(widths) + gap * (len(widths) - 1)
    folds = False
    for i in foldable:  # the widest words of a column are as narrow as it gets
        if total <= t.out.width:
            break
        narrowest = max((width(word) for row in cells for word in row[i].split()), default=1)
        narrowest = max(narrowest, width(cells[0][i]))
        given = min(total - t.out.width, widths[i] - narrowest)
        if given > 0:
            widths[i] -= given
            total -= given
            folds = True
    if total > t.out.width:
        return False
    sep = " " * gap
    if ascii_only and not folds:  # each row one line, padded by its length (in C)
        lines = [sep.join(map(str.ljust, row, widths)).rstrip() for row in cells]
    else:
        lines = []
        for row, sizes in zip(cells, measured):
            if all(size <= w for size, w in zip(sizes, widths)):  # nothing to fold: the row as one line
                lines.append(sep.join(c + " " * (w - size) for c, size, w in zip(row, sizes, widths)).rstrip())
                continue
            folded = [_fold(c, w) for c, w in zip(row, widths)]
            for k in range(max(len(f) for f in folded)):
                parts = [f[k] if k < len(f) else "" for f in folded]
                lines.append(sep.join(p + " " * (w - width(p)) for p, w in zip(parts, widths)).rstrip())
    if not t.out.is_terminal:  # a pipe or a file: the lines as they are (no style to draw), at once
        t.out.file.write("\n".join([lines[0], "\u2500" * total, *lines[1:]]) + "\n")
        t.out.file.flush()
        return True
    text = Text("\n".join([lines[0], "\u2500" * total, *lines[1:]]), no_wrap=True, overflow="ignore")
    text.stylize("bold", 0, len(lines[0]))
    t.out.print(text, crop=False)
    return True


def _fold(cell: str, width: int) -> list[str]:
    """``cell`` as lines at most ``width`` columns wide, broken between words (a word wider
    than that keeps a line of its own)."""
    from rich.cells import cell_len

    if cell_len(cell) <= width:
        return [cell]
    lines: list[str] = []
    for word in cell.split():
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def used(t: Any, doc: dict) -> None:
    """``use``: ``Session ID (Rummy 500: Ann, Bob) is now current.``"""
    t.print(Text(say("screen.sessions.session_session_variant_players", session=doc["session"],
                     variant=variant_name(doc["variant_name"]), players=", ".join(doc["players"]))))


def deleted(t: Any, doc: dict) -> None:
    t.print(say("screen.sessions.session_session_deleted", session=doc["session"]))


def deleted_already(t: Any, doc: dict) -> None:
    t.print(say("screen.sessions.deleted_already", session=doc["session"]))
