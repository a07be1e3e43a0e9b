"""Tables and lines for people, drawn with rich from the ``--json`` documents.

User text (names, titles) always goes in as :class:`rich.text.Text`, never as
markup. Suits show as ♠ ♥ ♦ ♣ (hearts and diamonds red) when the terminal
has colour, and as letters otherwise (SPEC §3).
"""
from __future__ import annotations

import re

from rich import box
from rich.table import Table
from rich.text import Text

from scorekeeper.cli.terminal import Terminal

_CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards(text: str, t: Terminal, style: str = "") -> Text:
    """Program text holding cards (``A♣ 2♣``): coloured suits, or letters without colour."""
    if not t.color:
        return Text(_CARD.sub(lambda m: m.group(1) + _LETTER[m.group(2)], text), style=style)
    out = Text(style=style)
    pos = 0
    for m in _CARD.finditer(text):
        out.append(text[pos:m.start()])
        out.append(m.group(0), style="red" if m.group(2) in "♥♦" else "")
        pos = m.end()
    out.append(text[pos:])
    return out


def signed(n: int | None) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


def heading(t: Terminal, doc: dict, title_prefix: str = "") -> None:
    name = Text(title_prefix, style="bold")
    if doc.get("title"):
        name.append(doc["title"])
        name.append(f" ({doc['variant']}, session {doc['session']})", style="dim")
    else:
        name.append(f"{doc['variant']}, session {doc['session']}")
    t.print(name)


def standings(t: Terminal, doc: dict) -> None:
    """The standings table, the dealer/leader line and the winner banner."""
    # the first layout that fits: a narrow terminal gets closer columns, then no bar
    for bar, gap in ((True, 1), (True, 0), (False, 0)):
        table = _standings_table(doc, bar, gap)
        if _natural_width(t, table) <= t.out.width:
            break
    heading(t, doc, "Standings: ")
    t.print(table)
    footer(t, doc)


def _standings_table(doc: dict, bar: bool, gap: int) -> Table:
    """Rank, player, total, last hand, hands won, bonus (when any), progress toward the target.

    Nothing is cut: in a narrow terminal a long name folds onto the next line.
    """
    target = doc.get("target")
    show_target = bool(target) and doc["variant"] != "crazy"
    show_bonus = any(p["bonus"] for p in doc["players"])
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, gap))
    table.add_column("#", justify="right", overflow="fold")
    table.add_column("Player", overflow="fold")
    for name in ("Total", "Last", "Won") + (("Bonus",) if show_bonus else ()):
        table.add_column(name, justify="right", overflow="fold")
    if show_target:
        table.add_column("To target", justify="right", overflow="fold")
    lead = doc["players"][0]["total"] if doc["players"] else 0
    for p in doc["players"]:
        row = [str(p["rank"]), Text(p["name"], style="bold" if p["total"] == lead else ""), str(p["total"]),
               signed(p.get("last")), str(p["won"])]
        if show_bonus:
            row.append(signed(p["bonus"]) if p["bonus"] else "")
        if show_target:
            row.append(_progress(p["total"], target, bar))
        table.add_row(*row)
    return table


def _natural_width(t: Terminal, table: Table) -> int:
    """How wide ``table`` is when nothing has to wrap."""
    return t.out.measure(table, options=t.out.options.update_width(1_000_000)).maximum


def _progress(total: int, target: int, bar: bool = True) -> str:
    share = max(0.0, min(1.0, total / target)) if target else 0
    filled = round(share * 10)
    percent = f"{round(share * 100)}%"
    return "█" * filled + "·" * (10 - filled) + " " + percent if bar else percent


def footer(t: Terminal, doc: dict) -> None:
    """Who deals and leads next, the round and its wild rank, or the winner."""
    if doc["finished"]:
        names = " and ".join(doc["winners"])
        line = Text("Game over: ", style="bold green")
        line.append(names, style="bold")
        line.append(" win" if len(doc["winners"]) > 1 else " wins", style="bold green")
        line.append(f" after {doc['hands']} hand{'s' if doc['hands'] != 1 else ''}.")
        t.print(line)
        if doc.get("note"):
            t.print(Text(doc["note"]))
        return
    if doc.get("note"):
        t.print(Text(doc["note"], style="yellow"))
    line = Text()
    if doc.get("round"):
        from scorekeeper.report import wild_words

        line.append(f"Round {doc['round']} — {wild_words(doc['wild'])}. ", style="bold")
    line.append("Next: ")
    line.append(doc["dealer"], style="bold")
    line.append(" deals, ")
    line.append(doc["leader"], style="bold")
    line.append(" leads")
    line.append(" and gets the eighth card." if doc.get("round") else ".")
    t.print(line)


def hand_scores(t: Terminal, doc: dict, number: int) -> None:
    """One hand's scores beside the new totals."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, title_justify="left")
    table.add_column("Player", overflow="fold")
    table.add_column("Hand", justify="right", overflow="fold")
    table.add_column("Total", justify="right", overflow="fold")
    for name, score in doc["scores"].items():
        table.add_row(Text(name), signed(score), str(doc["totals"][name]))
    title = Text(f"Hand {number}", style="bold")
    if doc.get("context", {}).get("round"):
        title.append(f" (round {doc['context']['round']})")
    t.print(title)
    t.print(table)


def history(t: Terminal, doc: dict, players: list[str]) -> None:
    """Hand by hand: each player's score and running total."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Hand", justify="right", overflow="fold")
    table.add_column("Dealer", overflow="fold")
    for p in players:
        table.add_column(Text(p), justify="right", overflow="fold")
    for h in doc["hands"]:
        mark = " (points)" if h["points_only"] else ""
        table.add_row(str(h["number"]) + mark, Text(h["dealer"]),
                      *[f"{signed(h['scores'][p])} → {h['totals'][p]}" for p in players])
    t.print(table)
    if not doc["hands"]:
        t.print("No hands yet.")
