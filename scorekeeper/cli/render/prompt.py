"""The hand asked at the table: the introduction and the scores shown before saving.

Each function takes the run's terminal (for colour) and ``out``, the console the
dialog is seen on (standard output, or standard error when the output is
redirected).
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.cards import cards
from scorekeeper.cli.render.common import signed, table, wild_words

ASKS_TABLE = ('For each player: the melds put down (a comma between melds; or the points on the table '
              'as one number), the cards laid off, and the cards left in hand (or their points; '
              '"out" if none are left). Enter skips melds and lay-offs; the whole part fits on one '
              'line too, as in `scorekeeper hand`: 7H 8H 9H +10H -AS 4D.')
ASKS_HAND = 'For each player: the cards left in hand, or their points; "out" if none are left.'


def intro(t: Any, out: Any, doc: dict, asks_table: bool, knock_allowed: bool) -> None:
    """What hand this is, who dealt and led, and how to answer. ``doc`` is the
    application's ``table`` document."""
    head = Text(f"Round {doc['round']}" if doc.get("round") else f"Hand {doc['number']}", style="bold")
    head.append(f" of {doc['variant_name']}")
    if doc.get("title"):
        head.append(" — ")
        head.append(doc["title"])
    head.append(f" (session {doc['session']})")
    if doc.get("round"):  # Crazy Rummy: the round says which rank is wild
        head.append(f" — {wild_words(doc['wild'])}", style="bold")
    head.append(". ")
    head.append(doc["dealer_of_next"], style="bold")
    head.append(" dealt, ")
    head.append(doc["leader_of_next"], style="bold")
    head.append(" got the eighth card and led." if doc.get("round") else " led.")
    out.print(head)
    out.print(Text(ASKS_TABLE if asks_table else ASKS_HAND))
    if knock_allowed:
        out.print(Text('After the knocker\'s cards, add "knock" (for example: 3C AD knock).'))
    out.print(Text("Cards: 7H 10S QD AS (T for 10, JK for a joker). Ctrl-C leaves without saving.", style="dim"))


def preview(t: Any, out: Any, doc: dict, how_ended: dict[str, str]) -> None:
    """The hand's scores (with the arithmetic) and the new totals, before saving.
    ``doc`` is the application's ``preview_hand`` document; ``how_ended`` says who
    went out or knocked (``{"Ann": "knocked"}``)."""
    drawn = table()
    drawn.add_column("Player", overflow="fold")
    drawn.add_column("Hand", justify="right", overflow="fold")
    drawn.add_column("Total", justify="right", overflow="fold")
    drawn.add_column("How", overflow="fold")
    for name, ps in doc["players"].items():
        how = ps["arithmetic"] if ps["lines"] else ""
        terms, _, total = how.rpartition(" = ")
        if terms == total:  # one term: "-5 = -5" says nothing more than "-5"
            how = total
        if name in how_ended:
            how = f"{how_ended[name]}: {how}" if how not in ("", "0") else how_ended[name]
        if ps.get("note"):
            how = f"{how} ({ps['note']})" if how else ps["note"]
        drawn.add_row(Text(name), signed(ps["score"]), str(doc["totals"][name]), cards(how, t))
    out.print()
    out.print(Text(f"Hand {doc['number']} would score:", style="bold"))
    out.print(drawn)
    for note in doc.get("notes") or ():
        out.print(Text(note, style="dim"))
    ending = doc["standings"]
    if ending["finished"]:
        winners = ending["winners"]
        out.print(Text(f"This hand ends the game: {' and '.join(winners)} win{'' if len(winners) > 1 else 's'}.",
                       style="bold green"))
        if doc.get("note"):
            out.print(Text(doc["note"]))
    elif doc.get("note"):
        out.print(Text(doc["note"], style="yellow"))


def refused(out: Any, sentence: str) -> None:
    out.print(Text(f"This hand cannot be recorded: {sentence}", style="red"))


def try_again(out: Any, sentence: str) -> None:
    out.print(Text(f"  {sentence} Try again.", style="red"))


def say(out: Any, text: str, style: str = "") -> None:
    out.print(Text(text, style=style))
