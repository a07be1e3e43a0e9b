"""``chart``: each player's running total hand by hand.

A chart to read from across the table: the running totals as lines across the
terminal's whole width, a labelled points axis whose scale fits the data (0
included, the final totals with their end bonuses too), the hands along the
bottom, and a legend of each player's marker, colour and final total. Each
player has a marker of their own (``●``, ``■``, ``▲``…; ``*``, ``#``, ``o``… where
the output cannot write them), so the chart reads the same without colour and
when piped (80 columns); colour tells the lines apart at a glance.

Drawn with rich rather than plotext: the chart then follows the rest of the
output — NO_COLOR and pipes, the names as text never markup, our own markers
and words in every language — without another dependency.

A terminal narrower than :data:`LINE_CHART_WIDTH` keeps the compact form: one
sparkline per player (``▁▂▃▄▅▆▇█``, one character per hand). rich is imported
only when a chart is drawn, and names go in as :class:`rich.text.Text`.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from scorekeeper.cli.render.common import deal_word_of, heading, table as drawn_table, winners_line
from scorekeeper.core.messages import say, say_count

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


#: the narrowest output the line chart is drawn on (narrower: the sparklines)
LINE_CHART_WIDTH = 60
#: each player's marker, by seat; where the output cannot write them, :data:`ASCII_MARKS`
MARKS = "●■▲◆▼★✚✖"
ASCII_MARKS = "*#o+x@%&"


def nice_scale(lo: int, hi: int, rows: int) -> tuple[int, int, int]:
    """``(bottom, top, step)``: a scale from ``bottom`` to ``top`` (points) holding ``lo`` and
    ``hi``, in steps of 1, 2 or 5 times a power of ten, about one step every two or three rows."""
    span = max(hi - lo, 1)
    wanted = max(span / max(rows // 2, 1), 1)
    power = 10 ** int(math.floor(math.log10(wanted)))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= wanted)
    bottom = math.floor(lo / step) * step
    top = math.ceil(hi / step) * step
    if top == bottom:
        top = bottom + step
    return bottom, top, step


def even_rows(rows: int, steps: int) -> int:
    """The number of rows nearest ``rows`` that puts the ``steps`` steps of the points axis
    the same number of rows apart (every label as far from the next): ``steps × k + 1``."""
    if steps < 1:
        return rows
    return steps * max(1, round((rows - 1) / steps)) + 1


def plot(series: Sequence[Sequence[int]], bottom: int, top: int, columns: int, rows: int) -> list[list[int | None]]:
    """A grid of ``rows`` × ``columns`` cells (row 0 at the top), each the index of the
    series drawn there or None: each series' points spread evenly across the columns,
    joined by lines (a later series drawn over an earlier one where they cross)."""
    grid: list[list[int | None]] = [[None] * columns for _ in range(rows)]

    def row_of(value: float) -> int:
        return rows - 1 - round((value - bottom) / (top - bottom) * (rows - 1))

    for index, values in enumerate(series):
        n = len(values)
        points = [(round(i * (columns - 1) / (n - 1)) if n > 1 else 0, values[i]) for i in range(n)]
        last_row = None
        for (c0, v0), (c1, v1) in zip(points, points[1:] + points[-1:]):
            for c in range(c0, max(c1, c0 + 1) if c1 > c0 else c0 + 1):
                v = v0 + (v1 - v0) * (c - c0) / (c1 - c0) if c1 > c0 else v0
                r = row_of(v)
                # the cells from the row after the last column's up (or down) to this one: a steep
                # stretch is drawn as a column of cells, a gentle one as a step
                start = r if last_row is None or last_row == r else last_row + (1 if r > last_row else -1)
                for rr in range(min(start, r), max(start, r) + 1):
                    grid[rr][c] = index
                last_row = r
    return grid


#: the chart's words for a deal, by the variant's word for one (``hand``, ``round`` as Carousel's and
#: Crazy Rummy's rule books say, ``deal`` as Contract's and Indian Rummy's): none played yet, the x
#: axis, the legend of the sparklines (lowest and highest total wins), one mark and one point every so
#: many, the sparklines' column
CHART_WORDS = {
    "hand": {"none": "screen.chart.no_hands_yet_chart", "axis": "screen.chart.hands",
             "legend": ("screen.chart.hands_1_to_hands", "screen.chart.hands_1_to_hands_low"),
             "mark": "screen.chart.one_mark_every_every_hands", "point": "screen.chart.one_point_every_every_hands",
             "by": "screen.chart.by_hand"},
    "round": {"none": "screen.chart.no_rounds_yet_chart", "axis": "screen.chart.rounds",
              "legend": ("screen.chart.rounds_1_to_hands", "screen.chart.rounds_1_to_hands_low"),
              "mark": "screen.chart.one_mark_every_every", "point": "screen.chart.one_point_every_every",
              "by": "screen.chart.by_round"},
    "deal": {"none": "screen.chart.no_deals_yet_chart", "axis": "screen.chart.deals",
             "legend": ("screen.chart.deals_1_to_hands", "screen.chart.deals_1_to_hands_low"),
             "mark": "screen.chart.one_mark_every_every_deals", "point": "screen.chart.one_point_every_every_deals",
             "by": "screen.chart.by_deal"},
}


def chart_words(doc: dict[str, Any]) -> dict[str, Any]:
    """The codes of :data:`CHART_WORDS` for the variant of ``doc``."""
    return CHART_WORDS.get(deal_word_of(doc), CHART_WORDS["hand"])


def chart(t: Any, doc: dict[str, Any]) -> None:
    """Draw the chart (the ``chart --json`` document) on the terminal ``t``: the line
    chart, or the sparklines on a terminal narrower than :data:`LINE_CHART_WIDTH` (a line per side
    where players form sides)."""
    from scorekeeper.cli.render import sides

    doc = sides.chart(doc)
    heading(t, doc, say("screen.chart.chart"))
    if not doc["hands"]:
        t.print(say(chart_words(doc)["none"]))
        return
    width = t.chart_width  # a pipe: 80 columns
    if width < LINE_CHART_WIDTH:
        return sparklines(t, doc)
    line_chart(t, doc, width)


def line_chart(t: Any, doc: dict[str, Any], width: int) -> None:
    """The running totals as lines ``width`` columns wide, axes labelled, then the legend."""
    from rich.text import Text

    marks = MARKS if t.unicode else ASCII_MARKS
    players = doc["players"]
    series = [list(p["totals"]) for p in players]
    bonus = any(p["total"] != (p["totals"][-1] if p["totals"] else 0) for p in players)
    if bonus:  # the final totals, end bonuses included, as one more point
        series = [s + [p["total"]] for s, p in zip(series, players)]
    rows = max(8, min(16, (t.out.height - 10) if t.out.is_terminal else 12))
    values = [v for s in series for v in s]
    bottom, top, step = nice_scale(min(0, *values), max(0, *values), rows)
    ticks = list(range(bottom, top + 1, step))
    rows = even_rows(rows, len(ticks) - 1)
    label_width = max(len(str(v)) for v in ticks)
    columns = width - label_width - 2
    count = len(series[0])
    kept = sample(count, columns)  # more points than columns: every k-th, always the last
    grid = plot([[s[i - 1] for i in kept] for s in series], bottom, top, columns, rows)

    def row_of(value: int) -> int:
        return rows - 1 - round((value - bottom) / (top - bottom) * (rows - 1))

    tick_rows = {row_of(v): v for v in ticks}
    zero = row_of(0)
    t.print(Text(" " * label_width + "  " + say("screen.chart.points"), style="dim"))
    for r in range(rows):
        line = Text(str(tick_rows[r]).rjust(label_width) + " ┤" if r in tick_rows else " " * label_width + " │",
                    style="dim")
        for c in range(columns):
            who = grid[r][c]
            if who is None:
                line.append("·" if r == zero and bottom < 0 else " ", style="dim")
            else:
                line.append(marks[who % len(marks)], style=_COLOURS[who % len(_COLOURS)])
        t.print(line, no_wrap=True, overflow="crop")
    words = chart_words(doc)
    title = say(words["axis"])
    t.print(Text(" " * label_width + " └" + "─" * max(columns - len(title) - 1, 0) + " " + title, style="dim"),
            no_wrap=True, overflow="crop")
    t.print(Text(" " * (label_width + 2) + _x_labels(kept, columns, bonus), style="dim"), no_wrap=True,
            overflow="crop")
    legend = Text()
    for i, p in enumerate(players):
        if i:
            legend.append("   ")
        legend.append(marks[i % len(marks)] + " ", style=_COLOURS[i % len(_COLOURS)])
        winner = doc["finished"] and p["name"] in doc["winners"]
        legend.append(p["name"], style="bold" if winner else "")
        legend.append(" " + str(p["total"]))
    t.print(legend)
    goal = (say("screen.chart.lowest_total_wins") if doc["lowest_wins"] else say("screen.chart.highest_total_wins"))
    said = goal + (" " + say("screen.chart.last_point_is_final") if bonus else "")
    if len(kept) < count - (1 if bonus else 0):
        said += " " + say_count(words["point"], kept[0], every=kept[0])
    t.print(Text(said))
    if doc["finished"]:
        t.print(winners_line(doc["winners"]))


def _x_labels(kept: Sequence[int], columns: int, bonus: bool) -> str:
    """The line under the x axis: the hand numbers where they fit (the first, every fifth and
    the last, or all of a short game), and "=" under the final totals when they hold bonuses."""
    line = [" "] * columns
    n = len(kept)
    free = 0
    for i, number in enumerate(kept):
        c = round(i * (columns - 1) / (n - 1)) if n > 1 else 0
        is_final = bonus and i == n - 1
        text = "=" if is_final else str(number)
        if not (i == 0 or i == n - 1 or number % 5 == 0 or is_final or n <= 12):
            continue
        start = min(c, columns - len(text))
        if start >= free and start + len(text) <= columns:
            line[start:start + len(text)] = text
            free = start + len(text) + 1
    return "".join(line).rstrip()


def sparklines(t: Any, doc: dict[str, Any]) -> None:
    """The compact chart of a narrow terminal: one sparkline per player."""
    from rich.text import Text
    names = [p["name"] for p in doc["players"]]
    width = t.chart_width  # a pipe: 80 columns
    player, total, running, by_hand = say("screen.chart.player"), say("screen.chart.total"), say("screen.chart.running_total"), say(chart_words(doc)["by"])
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
    words = chart_words(doc)  # Carousel and Crazy Rummy count rounds, Contract and Indian Rummy deals
    legend = words["legend"][0] if doc["lowest_wins"] else words["legend"][1]
    legend = say(legend, hands=doc["hands"], low_mark=BLOCKS[0], low=lo, high_mark=BLOCKS[-1], high=hi)
    if len(hands) < doc["hands"]:
        legend += " " + say_count(words["mark"], hands[0], every=hands[0], last=doc["hands"])
    if any(p["total"] != (p["totals"][-1] if p["totals"] else 0) for p in doc["players"]):
        legend += " " + say("screen.chart.totals_include_end_of")
    t.print(Text(legend))
    if doc["finished"]:
        t.print(winners_line(doc["winners"]))
