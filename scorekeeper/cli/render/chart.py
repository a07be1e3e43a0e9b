"""``chart``: each player's running total hand by hand, as a sparkline.

One line per player of block characters ``▁▂▃▄▅▆▇█`` (one per hand), all on
one scale that includes 0, so a chart reads the same with or without colour
and when piped; colour only tells the lines apart. rich is imported only
when a chart is drawn, and names go in as :class:`rich.text.Text`, never as
markup.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from scorekeeper.cli.render.common import heading, table as drawn_table, winners_line
from scorekeeper.core.messages import _, ngettext

#: The eight levels of a sparkline, lowest first.
BLOCKS = "▁▂▃▄▅▆▇█"
_COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red", "bright_cyan", "bright_magenta")


def scale(series: Sequence[Sequence[int]]) -> tuple[int, int]:
    """The lowest and highest value of all series, 0 included (points)."""
    values = [v for s in series for v in s]
    return min([0, *values]), max([0, *values])


def sparkline(values: Sequence[int], lo: int, hi: int) -> str:
    """One block character per value: ``▁`` at ``lo`` up to ``█`` at ``hi``."""
    if hi == lo:
        return BLOCKS[0] * len(values)
    top = len(BLOCKS) - 1
    return "".join(BLOCKS[max(0, min(top, round((v - lo) / (hi - lo) * top)))] for v in values)


def sample(count: int, room: int) -> list[int]:
    """Which hands (1-based) to draw when ``count`` hands do not fit in ``room``
    characters: every k-th hand, always ending with the last one."""
    if count <= room or room < 1:
        return list(range(1, count + 1))
    step = math.ceil(count / room)
    picked = list(range(step, count + 1, step))
    if picked[-1] != count:
        picked.append(count)
    return picked


def axis(hands: Sequence[int]) -> str:
    """A line of hand numbers under the sparklines (1, 5, 10… where they fit)."""
    line = [" "] * len(hands)
    free = 0
    for i, number in enumerate(hands):
        label = str(number)
        if (i == 0 or number % 5 == 0) and i >= free and i + len(label) <= len(hands):
            line[i:i + len(label)] = label
            free = i + len(label) + 1
    return "".join(line)


def chart(t: Any, doc: dict[str, Any]) -> None:
    """Draw the chart (the ``chart --json`` document) on the terminal ``t``."""
    from rich.text import Text

    heading(t, doc, _("Chart: "))
    if not doc["hands"]:
        t.print(_("No hands yet: the chart starts after the first hand."))
        return
    names = [p["name"] for p in doc["players"]]
    width = t.out.width
    player, total, running, by_hand = _("Player"), _("Total"), _("Running total"), _("By hand")
    name_width = min(max(len(player), *(len(n) for n in names)), max(8, width // 3))
    total_width = max(len(total), *(len(str(p["total"])) for p in doc["players"]))
    room = width - name_width - total_width - 4  # two gaps of two spaces between the three columns
    hands = sample(doc["hands"], max(room, 8))
    lo, hi = scale([p["totals"] for p in doc["players"]])

    table = drawn_table()
    table.add_column(player, overflow="fold", min_width=name_width, max_width=name_width)
    table.add_column(running if len(hands) >= len(running) else by_hand, no_wrap=True, overflow="crop")
    table.add_column(total, justify="right", no_wrap=True)
    for i, p in enumerate(doc["players"]):
        line = sparkline([p["totals"][h - 1] for h in hands], lo, hi)
        winner = doc["finished"] and p["name"] in doc["winners"]
        table.add_row(Text(p["name"], style="bold" if winner else ""),
                      Text(line, style=_COLOURS[i % len(_COLOURS)]), str(p["total"]))
    table.add_row("", Text(axis(hands), style="dim"), "")
    t.print(table)
    rounds = _deal_word(doc) == "round"  # Carousel and Crazy Rummy count rounds (their rule books' word)
    if rounds:
        legend = (_("Rounds 1 to {hands}: {low_mark} {low} … {high_mark} {high} points; lowest total wins.")
                  if doc["lowest_wins"] else
                  _("Rounds 1 to {hands}: {low_mark} {low} … {high_mark} {high} points; highest total wins."))
    else:
        legend = (_("Hands 1 to {hands}: {low_mark} {low} … {high_mark} {high} points; lowest total wins.")
                  if doc["lowest_wins"] else
                  _("Hands 1 to {hands}: {low_mark} {low} … {high_mark} {high} points; highest total wins."))
    legend = legend.format(hands=doc["hands"], low_mark=BLOCKS[0], low=lo, high_mark=BLOCKS[-1], high=hi)
    if len(hands) < doc["hands"] and rounds:
        legend += " " + ngettext("One mark every {every} round (the last mark is round {last}).",
                                 "One mark every {every} rounds (the last mark is round {last}).",
                                 hands[0]).format(every=hands[0], last=doc["hands"])
    elif len(hands) < doc["hands"]:
        legend += " " + ngettext("One mark every {every} hand (the last mark is hand {last}).",
                                 "One mark every {every} hands (the last mark is hand {last}).",
                                 hands[0]).format(every=hands[0], last=doc["hands"])
    if any(p["total"] != (p["totals"][-1] if p["totals"] else 0) for p in doc["players"]):
        legend += " " + _("Totals include the end-of-game bonuses.")
    t.print(Text(legend))
    if doc["finished"]:
        t.print(winners_line(doc["winners"]))


def _deal_word(doc: dict) -> str:
    """The variant's word for one deal ("hand" or "round"); "hand" for a variant not installed."""
    from scorekeeper.core.variants import get_variant

    try:
        return get_variant(doc["variant"]).deal_word
    except Exception:  # a variant that cannot be loaded: its chart still draws
        return "hand"
