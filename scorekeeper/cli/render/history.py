"""``history``: hand by hand, each player's score and running total; for a finished
game then the end bonuses, the final totals and the winner (SPEC §5 "For people").

Crazy Rummy's rows also say each round's wild rank and who went out. The table
takes the first layout that fits the terminal (closer columns, then no dealer),
so a cell ``+50 → 165`` is never split at an ordinary width; piped output is
never wrapped (:mod:`scorekeeper.cli.terminal`).
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, heading, natural_width, rank_said, signed, table, winners_line
from scorekeeper.core.messages import _


def history(t: Any, doc: dict) -> None:
    """The ``history`` document (``Application.history``) for people."""
    heading(t, doc["standings"], _("History: "))
    drawn = None
    for gap, dealer in ((1, True), (0, True), (0, False)):
        drawn = _table(doc, gap, dealer)
        if natural_width(t, drawn) <= t.out.width:
            break
    else:
        fit_columns(t, drawn)  # narrower still: folded, whole words where they fit
    t.print(drawn)
    if not doc["hands"]:
        t.print(_("No hands yet."))
        return
    if doc.get("finished"):
        t.print(winners_line(doc["winners"], len(doc["hands"])))
        if doc["standings"].get("note"):
            t.print(Text(doc["standings"]["note"]))


def _cell(score: int, total: int) -> str:
    return f"{signed(score)} → {total}"


def _table(doc: dict, gap: int, dealer: bool):
    players = list(doc["players"])
    # a game whose rounds each have their wild rank (Crazy Rummy): its wild rank and who went out
    crazy = any((h.get("context") or {}).get("wild") for h in doc["hands"])
    drawn = table(padding=(0, gap))
    drawn.add_column(_("Hand"), justify="right", overflow="fold")
    if crazy:
        drawn.add_column(_("Wild"), overflow="fold")
    if dealer:
        drawn.add_column(_("Dealer"), overflow="fold")
    if crazy:
        drawn.add_column(_("Out"), overflow="fold")
    for p in players:
        drawn.add_column(Text(p), justify="right", overflow="fold")
    hands = doc["hands"]
    if doc.get("carried"):  # a game begun on paper: where the totals start, not a hand
        blank = [""] * ((1 if crazy else 0) + (1 if dealer else 0) + (1 if crazy else 0))
        drawn.add_row(Text(_("carried over"), style="dim"), *blank, *[str(doc["carried"][p]) for p in players])
    for h in hands:
        row: list = [str(h["number"]) + (_(" (points)") if h["points_only"] else "")]
        if crazy:
            wild = (h.get("context") or {}).get("wild")
            row.append(rank_said(wild) if wild else "")
        if dealer:
            row.append(Text(h["dealer"]))
        if crazy:
            row.append(Text(h.get("out") or "—"))
        row += [_cell(h["scores"][p], h["totals"][p]) for p in players]
        drawn.add_row(*row)
    if doc.get("finished") and hands:
        blank = [""] * ((1 if crazy else 0) + (1 if dealer else 0) + (1 if crazy else 0))
        bonus = doc.get("bonus") or {}
        if any(bonus.values()):
            drawn.add_row(_("Bonus"), *blank, *[signed(bonus.get(p, 0)) or "0" for p in players])
        winners = set(doc.get("winners", ()))
        drawn.add_row(_("Final"), *blank,
                      *[Text(str(doc["totals"][p]), style="bold" if p in winners else "") for p in players])
    return drawn


def end_bonuses(doc: dict) -> dict[str, int]:
    """The end bonuses a ``hand`` document's totals hold: ``{name: points}`` when that
    hand ended the game with bonuses, else empty."""
    standings = doc.get("standings") or {}
    if not doc.get("finished") or doc.get("number") != standings.get("hands"):
        return {}
    bonus = {p["name"]: p["bonus"] for p in standings.get("players", ())}
    return bonus if any(bonus.values()) else {}
