"""Sharing results: export, import, stats."""
from __future__ import annotations

import sys
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, natural_width, table, variant_name
from scorekeeper.core.messages import _, ngettext, number


def exported(t: Any, doc: dict) -> None:
    """``export -o FILE``: the line on stderr (stdout may be the export itself)."""
    n = doc["sessions"]
    sys.stderr.write(ngettext("Exported {n} session as {format} to {output}.",
                              "Exported {n} sessions as {format} to {output}.", n).format(
        n=n, format=doc["format"], output=doc["output"]) + "\n")


def imported(t: Any, doc: dict, verbose: bool = False) -> None:
    """``import``: how many sessions were imported, and how many were renamed or skipped;
    ``verbose`` (``-v``) first says what became of each session."""
    outcomes = doc["sessions"]
    for o in outcomes if verbose else ():
        if o["action"] == "imported":
            t.print(Text(_("Imported session {id}.").format(id=o["id"])))
        elif o["action"] == "renamed" and o.get("already"):
            t.print(Text(_("Imported session {id} as {new}, a copy (--as-new).").format(id=o["id"],
                                                                                  new=o["imported_as"])))
        elif o["action"] == "renamed":
            t.print(Text(_("Imported session {id} as {new}: the database holds another session with its id.")
                         .format(id=o["id"], new=o["imported_as"])))
        elif o.get("already", True):
            t.print(Text(_("Skipped session {id}: it is already in the database.").format(id=o["id"])))
        else:
            t.print(Text(_("Skipped session {id}: the database holds another session with its id "
                           "(--skip-existing).").format(id=o["id"])))
    said = ngettext("{imported} of {n} session imported.", "{imported} of {n} sessions imported.",
                    len(outcomes)).format(imported=doc["imported"], n=len(outcomes))
    renamed = sum(o["action"] == "renamed" for o in outcomes)
    if (renamed or doc["skipped"]) and not verbose:
        said += " " + _("Under a new id: {renamed}; skipped: {skipped} (-v says which).").format(
            renamed=renamed, skipped=doc["skipped"])
    t.print(Text(said))


def _percent(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)}%"


def _hand(where: dict | None) -> str:
    if where is None:
        return "—"
    score = where["score"]
    return _("{score} ({session} hand {hand})").format(score=f"{'+' if score > 0 else ''}{score}",
                                                       session=where["session"], hand=where["hand"])


def stats(t: Any, doc: dict) -> None:
    """The stats: for each variant on its own, one row per player, then head to head."""
    n = doc["sessions"]
    if doc["variant"]:
        said = ngettext("Statistics: {n} game of {variant}", "Statistics: {n} games of {variant}", n)
    else:
        said = ngettext("Statistics: {n} game", "Statistics: {n} games", n)
    t.print(Text(said.format(n=n, variant=doc["variant"]), style="bold"))
    blocks = [b for b in doc["variants"] if b["players"] and any(p["games"] for p in b["players"])]
    if not blocks:
        t.print(_("No games to count yet (a game counts once it has a hand)."))
        return
    for block in blocks:
        _variant_stats(t, block)


#: the columns of a player's row: counts, then hands (English keys; headings said in the language spoken)
_COUNTS = ("Games", "Finished", "Wins", "Win rate", "Hands", "Average")


def _heading(key: str) -> str:
    return {"Games": _("Games"), "Finished": _("Finished"), "Wins": _("Wins"), "Win rate": _("Win rate"),
            "Hands": _("Hands"), "Average": _("Average"), "Ahead": _("Ahead"), "Behind": _("Behind"),
            "Level": _("Level")}[key]


def _variant_stats(t: Any, block: dict) -> None:
    """One variant's tables. A table too wide for the terminal is drawn as two: the
    counts, then the best and worst hands; nothing is cut (SPEC §5 "For people")."""
    t.print()
    games = block["sessions"]
    title = Text(variant_name(block["name"]), style="bold")
    title.append(" (" + _("{variant}, {n}").format(variant=block["variant"], n=ngettext(
        "{n} game", "{n} games", games).format(n=games)) + ")")
    if block.get("lowest_wins"):
        title.append(_(": the lowest score is the best"))
    t.print(title)
    rows = block["players"]
    whole = _player_table(rows, _COUNTS, True)
    if natural_width(t, whole) <= t.out.width:
        t.print(whole)
    else:
        for part in (_player_table(rows, _COUNTS, False), _player_table(rows, (), True)):
            fit_columns(t, part)
            t.print(part)
    h2h = table(title=_("Head to head (finished games)"), title_justify="left")
    h2h.add_column(_("Player"), overflow="fold")
    h2h.add_column(_("Opponent"), overflow="fold")
    for col in ("Games", "Finished", "Ahead", "Behind", "Level"):
        h2h.add_column(_heading(col), justify="right", overflow="fold")
    for p in rows:
        for row in p["head_to_head"]:
            h2h.add_row(Text(p["name"]), Text(row["opponent"]), str(row["games"]), str(row["finished"]),
                        str(row["ahead"]), str(row["behind"]), str(row["level"]))
    if h2h.row_count:
        t.print()
        fit_columns(t, h2h)
        t.print(h2h)
    from scorekeeper.core.variants import get_variant

    tally = get_variant(block["variant"]).tally  # the variant's own statistics, where it has any
    if tally is not None and any(p.get(tally.key) for p in block["players"]):
        from scorekeeper.cli.render import gin  # the only variant with statistics of its own

        gin.stats(t, block, tally.key)


def _player_table(rows: list[dict], counts: tuple[str, ...], hands: bool):
    drawn = table()
    drawn.add_column(_("Player"), overflow="fold")
    for col in counts:
        drawn.add_column(_heading(col), justify="right", overflow="fold")
    if hands:
        drawn.add_column(_("Best hand"), overflow="fold")
        drawn.add_column(_("Worst hand"), overflow="fold")
    for p in rows:
        cells = {"Games": str(p["games"]), "Finished": str(p["finished"]), "Wins": str(p["wins"]),
                 "Win rate": _percent(p["win_rate"]), "Hands": str(p["hands"]),
                 "Average": "—" if p["average"] is None else number(p["average"], 2)}
        drawn.add_row(Text(p["name"]), *[cells[c] for c in counts],
                      *((_hand(p["best"]), _hand(p["worst"])) if hands else ()))
    return drawn
