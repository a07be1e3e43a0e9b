"""``watch``: the scoreboard drawn to fill a terminal facing the table.

One panel per player — rank and name, the total in large figures drawn with block
characters, the last hand's score, hands won, the bar to the target — then who
deals and leads next (the coming round and its wild rank, or whatever the variant
says of its next deal: the same lines ``standings`` prints), a short chart of the
running totals and a line for notices. :func:`board` picks the largest figures,
the number of panels side by side and whether the chart fits for the terminal's
size (80×24 up to a TV's 200×60 and beyond), so a resize only means drawing again.

Everything is made from the ``board`` document of the application (``standings``
and ``chart``), so the board and ``standings`` never disagree. Names and titles go
in as :class:`rich.text.Text`, never markup.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from rich.align import Align
from rich.cells import cell_len
from rich.console import Group
from rich.layout import Layout
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from scorekeeper.cli.render.chart import BLOCKS, sample, scale, sparkline
from scorekeeper.cli.render.common import signed, variant_name
from scorekeeper.core.messages import say, say_count

#: A 3×5 pixel font: each glyph five rows of three pixels ("#" is ink).
FONT: dict[str, tuple[str, ...]] = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", "..#", "..#"),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "-": ("...", "...", "###", "...", "..."),
    "+": ("...", ".#.", "###", ".#.", "..."),
}
_COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red", "bright_cyan", "bright_magenta")


@dataclass(frozen=True)
class Size:
    """How figures are drawn: each pixel ``x`` cells wide and ``y`` rows high
    (``y == 0``: two pixels a row, with half blocks; ``x == 0``: plain digits)."""

    x: int
    y: int

    @property
    def rows(self) -> int:
        return 1 if self.x == 0 else 3 if self.y == 0 else 5 * self.y

    def width(self, text: str) -> int:
        """Columns ``text`` takes drawn at this size (a pixel's width between glyphs)."""
        if self.x == 0:
            return len(text)
        return len(text) * 4 * self.x - self.x


#: The sizes tried: each pixel 1 to 8 cells wide and as many rows high as keeps it between a
#: little wider than high (a cell is about twice as high as wide) and twice as high as wide; then
#: half blocks and plain digits. :func:`plan` chooses among them.
SIZES = tuple(sorted({Size(x, y) for x in range(1, 9) for y in range(1, 7) if x <= 3 * y and y <= x}
                     | {Size(1, 0), Size(0, 1)}, key=lambda s: (-s.rows, -s.x)))


def big(text: str, size: Size) -> list[str]:
    """``text`` (digits and signs) as lines of block characters, ``size.rows`` of them."""
    if size.x == 0:
        return [text]
    glyphs = [FONT.get(ch, FONT["-"]) for ch in text]
    pixels = [""] * 5
    for i, glyph in enumerate(glyphs):
        for r in range(5):
            pixels[r] += ("." if i else "") + glyph[r]
    if size.y == 0:  # half blocks: rows 0+1, 2+3, 4 alone
        pixels.append("." * len(pixels[0]))
        lines = []
        for r in range(0, 6, 2):
            top, bottom = pixels[r], pixels[r + 1]
            lines.append("".join("█" if a == "#" and b == "#" else "▀" if a == "#" else "▄" if b == "#" else " "
                                 for a, b in zip(top, bottom)).rstrip())
        return lines
    lines = []
    for row in pixels:
        line = "".join(("█" if p == "#" else " ") * size.x for p in row).rstrip()
        lines.extend([line] * size.y)
    return lines


def progress(total: int, target: int, width: int) -> str:
    """The way to the target as a bar of ``width`` cells and a percentage: full (100%)
    only once the target is reached, as ``standings`` draws it."""
    share = max(0.0, min(1.0, total / target)) if target else 0.0
    reached = share >= 1
    percent = f"{100 if reached else min(round(share * 100), 99)}%".rjust(4)
    cells = max(width - len(percent) - 1, 1)
    filled = cells if reached else min(round(share * cells), cells - 1)
    return "█" * filled + "·" * (cells - filled) + " " + percent


@dataclass(frozen=True)
class Plan:
    """How the board fills the screen: the figures' size, panels per row, rows of panels,
    each panel's height, and the chart's lines (0: no chart)."""

    size: Size
    columns: int
    rows: int
    panel_height: int
    chart_lines: int


#: the figures' width is planned for totals of at least this many characters (a total going
#: from 99 to 100, or from 5 to -15, never lays the board out again)
FIGURES = 3


def figure_width(totals: Sequence[str], target: int | None) -> int:
    """The characters the figures are planned for: the widest total, at least :data:`FIGURES`
    and as many as the target has (a game to 1,000 reserves four)."""
    return max([FIGURES, len(str(target)) if target else 0] + [len(t) for t in totals])


def plan(width: int, height: int, totals: Sequence[str], fixed: int, has_target: bool, chart_lines: int,
         target: int | None = None) -> Plan:
    """The layout that shows the totals largest for ``width`` × ``height`` with ``fixed``
    lines of text beside the panels: the figures' size (rows × pixel width) counted only for
    the share of the grid the panels fill, so that three players get one row of figures as
    tall as two rows would give them, not a grid with a blank slot; on a tie, fewer rows of
    panels, then the chart (``chart_lines``) kept. ``totals`` are the figures to draw; their
    width is planned as :func:`figure_width` says, so a total that gains a digit moves
    nothing. The panels are then as high as the room left allows."""
    n = max(len(totals), 1)
    inside = 3 + (1 if has_target else 0)  # the borders, the last-hand line, the bar
    digits = "8" * figure_width(totals, target)
    best: tuple | None = None
    for size in SIZES:
        for chart in ((chart_lines, 0) if chart_lines else (0,)):
            room = height - fixed - chart
            for columns in range(n, 0, -1):
                rows = math.ceil(n / columns)
                if rows * (size.rows + inside) > room or size.width(digits) > width // columns - 4:
                    continue
                shown = size.rows * max(size.x, 0.5) * n / (rows * columns)
                key = (shown, -rows, chart, size.x)
                if best is None or key > best[0]:
                    best = (key, Plan(size, columns, rows, room // rows, chart))
    if best is not None:
        return best[1]
    columns = max(1, min(n, width // 16))
    return Plan(SIZES[-1], columns, math.ceil(n / columns), 1 + inside, 0)


#: The words for one deal, by the variant's deal word: how many were played. The one place the
#: board reads a deal's word from.
PLAYED = {"hand": "screen.board.count_hands_played", "round": "screen.board.count_rounds_played",
          "deal": "screen.board.count_deals_played"}


def shortened(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: as it is, or cut with an ellipsis."""
    line = Text(text)
    line.truncate(max(width, 1), overflow="ellipsis")
    return line.plain


def wrapped(text: str, width: int) -> list[str]:
    """``text`` broken between words into lines of at most ``width`` cells (a word longer than
    that is cut with an ellipsis)."""
    lines: list[str] = []
    for word in text.split():
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(shortened(word, width))
    return lines or [""]


def heading(doc: dict, variant: Any, width: int = 10_000) -> Text:
    """``Friday — Rummy 500 · 12 hands played`` (the title, when there is one), in ``width``
    cells: a long title is shortened with an ellipsis, the variant and the count stay whole."""
    from scorekeeper.cli.render.common import deal_word_of, plain

    hands = doc["hands"]
    rest = Text(variant_name(variant.name), style="" if doc.get("title") else "bold")
    rest.append(" · " + say_count(PLAYED.get(deal_word_of(doc), PLAYED["hand"]), hands, count=hands), style="dim")
    line = Text(no_wrap=True, overflow="ellipsis")
    room = width - rest.cell_len - 3
    if doc.get("title") and room >= 6:
        line.append(shortened(plain(doc["title"]), room), style="bold")
        line.append(" — ")
    line.append_text(rest)
    line.truncate(width, overflow="ellipsis")
    return line


def panel(p: dict, doc: dict, size: Size, height: int, width: int, colour: str) -> Panel:
    """One player's panel (``width`` columns, ``height`` rows, its border included): the
    total in large figures, the last hand's score and hands won, the bar to the target,
    in the middle of the panel; its name shortened with an ellipsis where it is too long."""
    from scorekeeper.cli.render.common import plain

    finished, lead = doc["finished"], doc["players"][0]["total"] if doc["players"] else 0
    winner = finished and p["name"] in doc["winners"]
    drawn = big(str(p["total"]), size)
    # the figures centred as one block: each line left in it (a line centred alone would slide
    # a glyph's row with blank pixels at its edge sideways)
    figures = Align.center(Text("\n".join(drawn), style=("bold green" if winner else "bold"),
                                justify="left", no_wrap=True, overflow="crop"))
    facts = Text(justify="center", no_wrap=True, overflow="ellipsis")
    from scorekeeper.cli.render.common import variant_of
    from scorekeeper.cli.render.game import won_heading

    from scorekeeper.cli.render.common import deal_word_of, for_deal_word

    last = for_deal_word(deal_word_of(doc), "screen.board.last_round", "screen.board.last", "screen.board.last")
    said = [(say(last), signed(p.get("last")) or "—"),
            (won_heading(variant_of(doc)), str(p["won"]))]
    if p.get("bonus"):
        said.append((say("screen.board.bonus"), signed(p["bonus"])))
    while len(said) > 1 and sum(cell_len(k) + cell_len(v) + 4 for k, v in said) - 3 > width - 4:
        said.pop()  # a narrow panel keeps the last hand's score
    for i, (word, value) in enumerate(said):
        facts.append(("   " if i else "") + word + " ", style="dim")
        facts.append(value)
    parts: list[Any] = [figures, facts]
    target = doc.get("target")
    if target:
        parts.append(Text(progress(p["total"] - p.get("bonus", 0), target, min(width - 4, 40)), justify="center", no_wrap=True,
                          overflow="crop", style=colour))
    above = max(0, (height - 2 - len(drawn) - len(parts) + 1) // 2)  # the room left, half of it above
    title = Text(f"{p['rank']}. ", style="bold")
    title.append(plain(p["name"]), style="bold" if p["total"] == lead else "")
    if winner:
        title.append(" ★", style="bold green")
    title.truncate(max(width - 6, 4), overflow="ellipsis")  # "╭─ " and " ─╮" around it
    return Panel(Group(*([Text("")] * above), *parts), title=title, title_align="left", height=height,
                 border_style="bold green" if winner else colour, padding=(0, 1))


def next_lines(doc: dict, width: int = 10_000) -> list[Text]:
    """What comes next, or the winner — what ends ``standings``
    (:func:`scorekeeper.cli.render.game.footer_lines`) — in lines of ``width`` cells, never cut
    at the screen's edge: the coming deal and who deals and leads on one line where they fit,
    else the deal on lines of its own; who deals and leads on one line, its names shortened with
    an ellipsis where the whole sentence would not fit. The variant's own facts come first
    (:func:`variant_facts`: Indian Rummy's players in play and out, the chips)."""
    from scorekeeper.cli.render.game import coming_deal, footer_lines

    facts = [Text(line) for text in variant_facts(doc) for line in wrapped(text.plain, width)]
    if doc["finished"] or not doc.get("dealer"):
        lines = [Text(line, style=text.style) for text in footer_lines(doc) for line in wrapped(text.plain, width)]
        return lines + facts
    lines = [Text(line, style="yellow") for line in wrapped(doc["note"], width)] if doc.get("note") else []
    lines += facts
    deal, turn = coming_deal(doc)
    if deal is not None and deal.cell_len + 1 + turn.cell_len <= width:
        return lines + [Text.assemble(deal, " ", turn)]
    if deal is not None:
        lines += [Text(line, style="bold") for line in wrapped(deal.plain, width)]
    names = [doc["dealer"], doc["leader"]]
    for room in range(max(cell_len(n) for n in names), 0, -1):
        if turn.cell_len <= width:
            break
        _deal, turn = coming_deal(doc, dealer=shortened(names[0], room), leader=shortened(names[1], room))
    turn.no_wrap, turn.overflow = True, "ellipsis"
    return lines + [turn]


def variant_facts(doc: dict) -> list[Text]:
    """The variant's own facts on the board (``Screens.board``: Indian Rummy's players in play and
    out, the chips, the coming deal; Canasta's minimum first meld of each side), one line of
    "label: value" each, in the language spoken."""
    from scorekeeper.cli.render.common import variant_of

    return [Text.assemble((str(label) + ": ", "dim"), str(value))
            for label, value in variant_of(doc).screens.board(doc)]


def chart(doc: dict, width: int, colours: dict[str, str]) -> Table:
    """Each player's running total as a sparkline as wide as the screen allows; a game that
    ended with bonuses (Gin Rummy) gets a last mark for the totals with them, the ones shown."""
    names = [p["name"] for p in doc["players"]]
    name_width = min(max(cell_len(n) for n in names), max(8, width // 4))
    total_width = max(len(str(p["total"])) for p in doc["players"])
    bonus = doc["finished"] and any(p["totals"] and p["total"] != p["totals"][-1] for p in doc["players"])
    room = max(width - name_width - total_width - 4 - bonus, 8)
    hands = sample(doc["hands"], room)
    ends = {p["name"]: [p["total"]] if bonus else [] for p in doc["players"]}
    lo, hi = scale([p["totals"] + ends[p["name"]] for p in doc["players"]])
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, overflow="ellipsis", max_width=name_width)
    grid.add_column(no_wrap=True, overflow="crop")
    grid.add_column(justify="right", no_wrap=True)
    for p in doc["players"]:
        grid.add_row(Text(p["name"]), Text(sparkline([p["totals"][h - 1] for h in hands] + ends[p["name"]], lo, hi),
                                           style=colours[p["name"]]), str(p["total"]))
    grid.add_row("", Text(f"{BLOCKS[0]} {lo} … {BLOCKS[-1]} {hi}", style="dim"), "")
    return grid


def stale(notice: str) -> str:
    """The notice shown under a board that is no longer the newest: what it is first (the
    reason may be cut at the edge of the screen)."""
    return say("screen.board.not_up_to_date", reason=notice)


def board(doc: dict | None, width: int, height: int, notice: str | None = None) -> Layout:
    """The whole screen for the ``board`` document ``doc`` (None: nothing read yet) at
    ``width`` × ``height``; ``notice`` is one line said at the bottom (the database is
    busy or damaged: the board shown is the last one read). A panel per side where players form
    sides."""
    from scorekeeper.cli.render import sides
    from scorekeeper.cli.render.common import variant_of

    doc = sides.board(doc)

    bottom = Table.grid(expand=True, padding=(0, 1))
    bottom.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    bottom.add_column(no_wrap=True, justify="right")
    said = (stale(notice) if doc is not None else notice) if notice else ""
    bottom.add_row(Text(said, style="bold yellow", no_wrap=True, overflow="ellipsis"),
                   Text(say("screen.board.q_or_ctrl_c"), style="dim"))
    screen = Layout()
    if doc is None:
        screen.split_column(Layout(Text(" "), ratio=1), Layout(bottom, size=1))
        return screen
    standings, running = doc["standings"], doc["chart"]
    variant = variant_of(standings)  # a session whose variant is not installed: its stand-in
    players = standings["players"]
    seats = [p["name"] for p in running["players"]]
    colours = {name: _COLOURS[i % len(_COLOURS)] for i, name in enumerate(seats)}
    below = next_lines(standings, width)
    chart_lines = len(players) + 1 if running["hands"] else 0
    fixed = 1 + len(below) + 1  # the heading, the lines below the panels, the notice line
    shape = plan(width, height, [str(p["total"]) for p in players], fixed, bool(standings.get("target")),
                 chart_lines, standings.get("target"))
    grid = Table.grid(expand=True)
    for _i in range(shape.columns):
        grid.add_column(ratio=1)
    cells = [panel(p, standings, shape.size, shape.panel_height, width // shape.columns, colours[p["name"]])
             for p in players]
    for r in range(shape.rows):
        row = cells[r * shape.columns:(r + 1) * shape.columns]
        grid.add_row(*row, *([""] * (shape.columns - len(row))))
    parts: list[Layout] = [Layout(heading(standings, variant, width), size=1),
                           Layout(grid, size=shape.rows * shape.panel_height),
                           Layout(Group(*below), size=len(below))]
    if shape.chart_lines:
        parts.append(Layout(chart(running, width, colours), size=shape.chart_lines))
    free = height - sum(part.size or 0 for part in parts) - 1
    if free > 0:  # a layout is at least one line high: a filler only where there is room
        parts.append(Layout(Text(" "), size=free))
    parts.append(Layout(bottom, size=1))
    screen.split_column(*parts)
    return screen


def qr_lines(address: str, colour: bool) -> list[str]:
    """``address`` as a QR code in half blocks (two modules a line) for ``serve``'s terminal.
    With ``colour`` its modules are drawn black on white whatever the terminal's own colours
    (a light terminal would otherwise show it inverted, which many phones cannot read);
    without, the light modules are the terminal's text colour (a dark terminal's white)."""
    from itertools import zip_longest

    import segno

    qr = segno.make(address, error="m")
    blocks = {(1, 1): " ", (0, 1): "▀", (1, 0): "▄", (0, 0): "█"}  # 1: a dark module
    rows = [list(row) for row in qr.matrix_iter(scale=1, border=4)]
    lines = []
    for top, bottom in zip_longest(rows[0::2], rows[1::2], fillvalue=[0] * len(rows[0])):
        line = "".join(blocks[pair] for pair in zip(top, bottom))
        lines.append(f"\x1b[97;40m{line}\x1b[0m" if colour else line)
    return lines
