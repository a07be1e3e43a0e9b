"""Sharing results: export, import, stats."""
from __future__ import annotations

import sys
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import table
from scorekeeper.core.messages import _, ngettext


def exported(t: Any, doc: dict) -> None:
    """``export -o FILE``: the line on stderr (stdout may be the export itself)."""
    n = doc["sessions"]
    sys.stderr.write(ngettext("Exported {n} session as {format} to {output}.",
                              "Exported {n} sessions as {format} to {output}.", n).format(
        n=n, format=doc["format"], output=doc["output"]) + "\n")


def imported(t: Any, doc: dict) -> None:
    """``import``: one line per session, then how many were imported."""
    outcomes = doc["sessions"]
    for o in outcomes:
        if o["action"] == "imported":
            t.print(Text(_("Imported session {id}.").format(id=o["id"])))
        elif o["action"] == "renamed":
            t.print(Text(_("Imported session {id} as {new_id} (its id was taken).").format(
                id=o["id"], new_id=o["imported_as"])))
        else:
            t.print(Text(_("Skipped session {id}: it is already in the database.").format(id=o["id"])))
    t.print(Text(ngettext("{imported} of {n} session imported.", "{imported} of {n} sessions imported.",
                          len(outcomes)).format(imported=doc["imported"], n=len(outcomes))))


def _percent(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)}%"


def _hand(where: dict | None) -> str:
    if where is None:
        return "—"
    score = where["score"]
    return _("{score} ({session} hand {hand})").format(score=f"{'+' if score > 0 else ''}{score}",
                                                       session=where["session"], hand=where["hand"])


def stats(t: Any, doc: dict) -> None:
    """The stats tables: one row per player, then head to head."""
    n = doc["sessions"]
    if doc["variant"]:
        said = ngettext("Statistics: {n} game of {variant}", "Statistics: {n} games of {variant}", n)
    else:
        said = ngettext("Statistics: {n} game", "Statistics: {n} games", n)
    t.print(Text(said.format(n=n, variant=doc["variant"]), style="bold"))
    if not doc["players"] or not any(p["games"] for p in doc["players"]):
        t.print(_("No games to count yet (a game counts once it has a hand)."))
        return
    drawn = table()
    drawn.add_column(_("Player"), overflow="fold")
    for col in (_("Games"), _("Finished"), _("Wins"), _("Win rate"), _("Hands"), _("Average")):
        drawn.add_column(col, justify="right")
    drawn.add_column(_("Best hand"), overflow="fold")
    drawn.add_column(_("Worst hand"), overflow="fold")
    for p in doc["players"]:
        drawn.add_row(Text(p["name"]), str(p["games"]), str(p["finished"]), str(p["wins"]),
                      _percent(p["win_rate"]), str(p["hands"]),
                      "—" if p["average"] is None else f"{p['average']:.2f}", _hand(p["best"]), _hand(p["worst"]))
    t.print(drawn)
    h2h = table(title=_("Head to head (finished games)"), title_justify="left")
    h2h.add_column(_("Player"), overflow="fold")
    h2h.add_column(_("Opponent"), overflow="fold")
    for col in (_("Games"), _("Finished"), _("Ahead"), _("Behind"), _("Level")):
        h2h.add_column(col, justify="right")
    for p in doc["players"]:
        for row in p["head_to_head"]:
            h2h.add_row(Text(p["name"]), Text(row["opponent"]), str(row["games"]), str(row["finished"]),
                        str(row["ahead"]), str(row["behind"]), str(row["level"]))
    if h2h.row_count:
        t.print()
        t.print(h2h)
    if any(p.get("gin") for p in doc["players"]):
        from scorekeeper.cli.render import gin

        gin.stats(t, doc)
