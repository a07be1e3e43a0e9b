"""Gin Rummy for people (SPEC §2.7): the prompt's introduction, what ``explain`` adds
(the arrangement, each player's deadwood, the kind of hand, the bonus school), what
``standings`` add (boxes, the end bonuses, a shutout) and the presets of ``rules gin``.

Everything is drawn from the documents the application returns (a hand's
``context``, the standings), never worked out here.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.cards import card_list
from scorekeeper.cli.render.common import styled, variant_name
from scorekeeper.core.messages import _, number


def _kind_words(kind: str) -> str:
    return {
        "knock": _("a knock"), "undercut": _("an undercut"), "gin": _("gin"), "big_gin": _("big gin"),
        "void": _("a void hand"),
    }.get(kind, kind)


def intro(out: Any, doc: dict, oklahoma: bool) -> None:
    """Which hand this is, who dealt and leads, and how to answer. ``doc`` is the
    application's ``table`` document (its ``dealer``/``leader`` are the standings')."""
    head = Text(_("Hand {number} of {variant}").format(number=doc["number"],
                                                       variant=variant_name(doc["variant_name"])),
                style="bold")
    if doc.get("title"):
        head.append(" — ")
        head.append(doc["title"])
    head.append(" " + _("(session {session}).").format(session=doc["session"]) + " ")
    dealer = doc.get("dealer") or doc["dealer_of_next"]
    leader = doc.get("leader") or doc["leader_of_next"]
    head.append(styled(_("Dealer: {dealer}; first move: {leader}."), "bold", dealer=dealer, leader=leader))
    out.print(head)
    out.print(Text(_('For each player: the cards they show, in any order (10; 11 for big gin): scorekeeper '
                     'finds the melds, the lay-offs and the deadwood. Add "knock" after the knocker\'s cards '
                     '(and "big" for big gin), or answer "stock" when asked who knocked. The deadwood as '
                     'points ("19") or the melds ("7H 8H 9H, QS QD QC -5D") are taken too.')))
    if oklahoma:
        out.print(Text(_("Oklahoma: the up-card is asked last; it sets the knock limit.")))
    out.print(Text(_("Cards: 7H 10S QD AS (T for 10). Ctrl-C leaves without saving."), style="dim"))


def explain(t: Any, doc: dict) -> None:
    """Before the players' lines: the kind of hand, each player's deadwood, the arrangement
    found for ``cards`` entries, and the bonus school applied."""
    c = doc.get("context") or {}
    if not c.get("kind"):
        return
    line = Text(_("Kind of hand: "), style="bold")
    line.append(_kind_words(c["kind"]))
    if c.get("knocker"):
        line.append(" — " + _("{knocker} knocked; knock limit {limit}").format(knocker=c["knocker"],
                                                                              limit=c["knock_limit"]))
        if c.get("upcard"):
            line.append(" " + _("(up-card "))
            line.append(card_list([c["upcard"]], t))
            line.append(")")
        if c.get("multiplier", 1) > 1:
            line.append(", " + _("score doubled"))
    line.append(".")
    t.print(line)
    if c.get("deadwood"):
        dead = Text(_("Deadwood: "), style="bold")
        dead.append(", ".join(f"{name} {points}" for name, points in c["deadwood"].items()) + ".")
        t.print(dead)
    sc = c.get("school")
    if sc:
        t.print(_school(sc))


def _school(sc: dict) -> Text:
    line = Text(_("Bonus school: "), style="bold")
    line.append(sc["preset"] or _("the table's own"))
    big = _("no big gin") if sc["big_gin_bonus"] is None else _("big gin {points}").format(points=sc["big_gin_bonus"])
    timing = _("at once") if sc["box_timing"] == "immediate" else _("at the end")
    line.append(" (" + _("gin {gin}, {big}, undercut {undercut}, box {box} {timing}, game {game}, shutout {shutout}")
                .format(gin=sc["gin_bonus"], big=big, undercut=sc["undercut_bonus"], box=sc["box_bonus"],
                        timing=timing, game=sc["game_bonus"],
                        shutout=sc["shutout_bonus"] if sc["shutout"] == "flat" else sc["shutout"]) + ").")
    return line


def standings(t: Any, doc: dict) -> None:
    """After the standings table: boxes (hands won), and once the game is over whether it
    was a shutout (the end bonuses and why the winner wins are in the note)."""
    boxes = Text(_("Boxes (hands won): "), style="bold")
    boxes.append(", ".join(f"{p['name']} {p['won']}" for p in doc["players"]) + ".")
    t.print(boxes)
    if doc.get("finished"):
        bonus = Text(_("End bonuses: "), style="bold")
        bonus.append(", ".join(f"{p['name']} +{p['bonus']}" for p in doc["players"]) + ".")
        t.print(bonus)
        if doc.get("shutout") is not None:
            t.print(Text(_("A shutout: the other player won no hand.") if doc["shutout"]
                         else _("No shutout: both players won a hand.")))


def presets(t: Any, doc: dict) -> None:
    """``rules gin``: the bonus schools, each with the values it sets."""
    if not doc.get("presets"):
        return
    t.print(Text(_("Presets (--rule preset=NAME; options given as well override it)"), style="bold"))
    for name, values in doc["presets"].items():
        line = Text(f"  {name}  ", style="bold")
        shown = ", ".join(f"{k}={'none' if v is None else v}" for k, v in values.items())
        line.append(shown or _("the defaults above"))
        t.print(line)


def stats(t: Any, doc: dict, key: str) -> None:
    """``stats``: gins, undercuts, knocks, average deadwood and shutouts (under ``key`` in
    each row), per player and head to head, where there are gin games."""
    rows = [p for p in doc["players"] if p.get(key)]
    if not rows:
        return
    from scorekeeper.cli.render.common import table

    heads = (_("Gins"), _("Undercuts"), _("Knocks"), _("Average deadwood"), _("Shutouts"))

    def cells(g: dict) -> list[str]:
        avg = "—" if g["average_deadwood"] is None else number(g["average_deadwood"], 2)
        return [str(g["gins"]), str(g["undercuts"]), str(g["knocks"]), avg, str(g["shutouts"])]

    drawn = table(title=_("Gin Rummy"), title_justify="left")
    drawn.add_column(_("Player"), overflow="fold")
    for h in heads:
        drawn.add_column(h, justify="right")
    for p in rows:
        drawn.add_row(Text(p["name"]), *cells(p[key]))
    t.print()
    t.print(drawn)
    h2h = table(title=_("Gin Rummy head to head"), title_justify="left")
    h2h.add_column(_("Player"), overflow="fold")
    h2h.add_column(_("Opponent"), overflow="fold")
    for h in heads:
        h2h.add_column(h, justify="right")
    for p in rows:
        for row in p["head_to_head"]:
            if row.get(key):
                h2h.add_row(Text(p["name"]), Text(row["opponent"]), *cells(row[key]))
    if h2h.row_count:
        t.print()
        t.print(h2h)
