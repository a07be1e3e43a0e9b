"""``demo``: the bundled game, hand by hand."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.cards import card_list
from scorekeeper.cli.render.common import variant_name
from scorekeeper.cli.render.game import hand_scores, standings
from scorekeeper.core.cards import parse_cards
from scorekeeper.core.messages import _, ngettext


def demo(t: Any, doc: dict) -> None:
    """What is played, each hand's entries and scores, then the standings."""
    facts = {"variant": variant_name(doc["variant_name"]), "players": ", ".join(doc["players"]),
             "target": doc["target"], "title": doc.get("title")}
    said = (_("Demo: {title} — {variant}, {players}, to {target}.") if doc.get("title") else
            _("Demo: a game — {variant}, {players}, to {target}."))
    t.print(Text(said.format(**facts), style="bold"))
    n = len(doc["hands"])
    if doc["throwaway"]:
        said = ngettext("Recording {n} hand into a throw-away database.",
                        "Recording {n} hands into a throw-away database.", n)
    else:
        said = ngettext("Recording {n} hand into {database}.", "Recording {n} hands into {database}.", n)
    t.print(Text(said.format(n=n, database=doc["database"]), style="dim"))
    for hand in doc["hands"]:
        t.print()
        for name, e in hand["players"].items():
            t.print(Text(f"  {name}: ").append(_described(e, t)))
        hand_scores(t, hand["hand"])
    t.print()
    standings(t, doc["standings"])


def _described(e: dict, t: Any) -> Text:
    """``melded 7♥ 8♥ 9♥; laid off 10♥; holds A♠ 4♦`` from a player's part of a hand file."""

    def shown(value: Any) -> Text:
        if isinstance(value, int):
            return Text(ngettext("{n} point", "{n} points", value).format(n=value))
        found = parse_cards(value)
        return card_list(found, t) if found else Text(_("nothing"))

    parts: list[Text] = []
    melds = e.get("melds") or []
    if isinstance(melds, str):
        melds = [m for m in melds.replace(";", ",").split(",") if m.strip()]
    if melds:
        melded = Text(_("melded") + " ")
        for i, m in enumerate(melds):
            if i:
                melded.append(", ")
            melded.append(shown(m))
        parts.append(melded)
    if e.get("layoffs"):
        parts.append(Text(_("laid off") + " ").append(shown(e["layoffs"])))
    if "table" in e:
        parts.append(Text(ngettext("{n} point on the table", "{n} points on the table", e["table"]).format(
            n=e["table"])))
    hand = e.get("hand")
    parts.append(Text(_("went out")) if hand in ("", []) else Text(_("holds") + " ").append(shown(hand)))
    return Text("; ").join(parts)
