"""``demo``: the bundled game, hand by hand."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.cards import card_list
from scorekeeper.cli.render.game import hand_scores, standings
from scorekeeper.core.cards import parse_cards


def demo(t: Any, doc: dict) -> None:
    """What is played, each hand's entries and scores, then the standings."""
    t.print(Text(f"Demo: {doc.get('title') or 'a game'} — {doc['variant_name']}, "
                 f"{', '.join(doc['players'])}, to {doc['target']}.", style="bold"))
    where = "a throw-away database" if doc["throwaway"] else str(doc["database"])
    t.print(Text(f"Recording {len(doc['hands'])} hands into {where}.", style="dim"))
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
            return Text(f"{value} points")
        found = parse_cards(value)
        return card_list(found, t) if found else Text("nothing")

    parts: list[Text] = []
    melds = e.get("melds") or []
    if isinstance(melds, str):
        melds = [m for m in melds.replace(";", ",").split(",") if m.strip()]
    if melds:
        melded = Text("melded ")
        for i, m in enumerate(melds):
            if i:
                melded.append(", ")
            melded.append(shown(m))
        parts.append(melded)
    if e.get("layoffs"):
        parts.append(Text("laid off ").append(shown(e["layoffs"])))
    if "table" in e:
        parts.append(Text(f"{e['table']} on the table"))
    hand = e.get("hand")
    parts.append(Text("went out") if hand in ("", []) else Text("holds ").append(shown(hand)))
    return Text("; ").join(parts)
