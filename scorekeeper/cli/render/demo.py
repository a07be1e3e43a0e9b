"""``demo``: the bundled game, hand by hand."""
from __future__ import annotations

import sys
import time
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.cards import card_list
from scorekeeper.cli.render.common import signed, variant_name
from scorekeeper.cli.render.game import standings
from scorekeeper.core.cards import parse_cards
from scorekeeper.core.messages import say, say_count


def demo(t: Any, doc: dict) -> None:
    """What is played, each hand's entries and scores, then the standings."""
    facts = {"variant": variant_name(doc["variant_name"]), "players": ", ".join(doc["players"]),
             "target": doc["target"], "title": doc.get("title")}
    said = ("screen.demo.demo_title_variant_players" if doc.get("title") else
            "screen.demo.demo_game_variant_players")
    t.print(Text(say(said, **facts), style="bold"))
    n = len(doc["hands"])
    if doc["throwaway"]:
        said = ("screen.demo.recording_n_hands_into", n)
    else:
        said = ("screen.demo.recording_n_hands_into_database", n)
    t.print(Text(say_count(*said, n=n, database=doc["database"]), style="dim"))
    paced = t.out.is_terminal and sys.stdout.isatty()  # a person watching: never a pipe, a file or a test
    for hand in doc["hands"]:  # each hand under its title: a line a player, what was entered and the score
        t.print()
        _hand(t, hand)
        if paced:
            sys.stdout.flush()
            time.sleep(PAUSE)
    t.print()
    standings(t, doc["standings"])


#: seconds the demo waits after each hand on a terminal, to be read as it is played
PAUSE = 0.6


def _hand(t: Any, hand: dict) -> None:
    """One hand of the demo: its title, then each player on one line — what they put down, laid
    off and held, the hand's score and the new total (``+46 → 46``)."""
    doc = hand["hand"]
    t.print(Text(say("screen.game.hand_number", number=doc["number"]), style="bold"))
    from rich.table import Table

    drawn = Table.grid(padding=(0, 2))
    drawn.add_column(overflow="fold")
    drawn.add_column(overflow="fold", ratio=1)
    drawn.add_column(justify="right", no_wrap=True)
    for name, e in hand["players"].items():
        score = doc["scores"][name]
        drawn.add_row(Text(f"  {name}"), _described(e, t),
                      Text(f"{signed(score) or '0'} → {doc['totals'][name]}"))
    t.print(drawn)


def _described(e: dict, t: Any) -> Text:
    """``melded 7♥ 8♥ 9♥; laid off 10♥; holds A♠ 4♦`` from a player's part of a hand file."""

    def shown(value: Any) -> Text:
        if isinstance(value, int):
            return Text(say_count("screen.demo.n_points", value, n=value))
        found = parse_cards(value)
        return card_list(found, t) if found else Text(say("screen.demo.nothing"))

    parts: list[Text] = []
    melds = e.get("melds") or []
    if isinstance(melds, str):
        melds = [m for m in melds.replace(";", ",").split(",") if m.strip()]
    if melds:
        melded = Text(say("screen.demo.melded") + " ")
        for i, m in enumerate(melds):
            if i:
                melded.append(", ")
            melded.append(shown(m))
        parts.append(melded)
    if e.get("layoffs"):
        parts.append(Text(say("screen.demo.laid_off") + " ").append(shown(e["layoffs"])))
    if "table" in e:
        parts.append(Text(say_count("screen.demo.n_points_on_table", e["table"], n=e["table"])))
    hand = e.get("hand")
    parts.append(Text(say("screen.demo.went_out")) if hand in ("", []) else Text(say("screen.demo.holds") + " ").append(shown(hand)))
    return Text("; ").join(parts)
