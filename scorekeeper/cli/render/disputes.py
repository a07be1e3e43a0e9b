"""Settling disputes at the table: explain, check, rules."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.cards import card_list, cards
from scorekeeper.core.messages import _
from scorekeeper.cli.render.common import natural_width, signed, table, wild_words, winners_line

_ENDED = {"out": "went out", "knock": "knocked"}


def _context_words(context: dict) -> str:
    words = []
    if context.get("round"):
        words.append(f"round {context['round']}")
    if context.get("wild"):
        words.append(wild_words(str(context["wild"])))
    return ", ".join(words)


def _card_cell(card: str | None, t: Any) -> Text:
    if not card:
        return Text("—", style="dim")
    return card_list([card], t)


def _single_term(arithmetic: str) -> bool:
    """``"25 = 25"``: one term, which says no more than the score."""
    left = arithmetic.rpartition(" = ")[0]
    return " + " not in left and " − " not in left


def explain(t: Any, doc: dict) -> None:
    """``explain``: per player a table of every card (card, points, reason, rule),
    the arithmetic of the score, then end-of-game bonuses and the rules cited."""
    title = Text(f"Hand {doc['number']}", style="bold")
    extra = _context_words(doc.get("context") or {})
    if extra:
        title.append(f" ({extra})")
    title.append(f" — {doc['variant']}, session {doc['session']}", style="dim")
    t.print(title)
    t.print(_ended_line(doc))
    for note in doc.get("notes") or ():
        t.print(cards(note, t, "yellow"))
    for name, p in doc["players"].items():
        _player(t, doc, name, p)
    bonus = doc.get("end_bonus")
    if bonus:
        t.print()
        t.print(Text("End of the game", style="bold"))
        drawn = table()
        drawn.add_column("Player", overflow="fold")
        drawn.add_column("Bonus", justify="right")
        drawn.add_column("Reason", overflow="fold", ratio=1)
        drawn.add_column("Total", justify="right")
        for name, b in bonus.items():
            drawn.add_row(Text(name), signed(b["points"]) or "0", cards(b.get("reason") or "", t), str(b["total"]))
        t.print(drawn)
    if doc.get("finished"):
        t.print(winners_line(doc["winners"], "."))
    if doc.get("note"):
        t.print(Text(doc["note"]))
    if doc.get("rules"):
        t.print()
        t.print(Text("Rules applied", style="bold"))
        for r in doc["rules"]:
            line = Text(f"  {r['ref']}", style="bold")
            if r.get("title"):
                line.append(f"  {r['title']}")
            t.print(line)


def _ended_line(doc: dict) -> Text:
    line = Text("Dealer: ")
    line.append(doc["dealer"], style="bold")
    ended, context = doc.get("ended"), doc.get("context") or {}
    if ended == "stock":
        line.append(". The stock ran out.")
    elif ended in _ENDED and context.get(ended):
        # Carousel names who knocked or went out: the round's winners may be others (an undercut)
        line.append(". ")
        line.append(context[ended], style="bold")
        line.append(f" {_ENDED[ended]}.")
    elif ended in _ENDED and doc.get("won"):
        line.append(". ")
        line.append(" and ".join(doc["won"]), style="bold")
        line.append(f" {_ENDED[ended]}.")
    elif doc.get("won"):
        line.append(". Won by ")
        line.append(" and ".join(doc["won"]), style="bold")
        line.append(".")
    else:
        line.append(".")
    return line


def _player(t: Any, doc: dict, name: str, p: dict) -> None:
    t.print()
    head = Text(name, style="bold")
    head.append(f"  {signed(p['score']) or '0'}", style="bold")
    head.append(f"  (total {p['total']})", style="dim")
    if p.get("points_only"):
        head.append("  counted on paper (I-6)", style="dim")
    t.print(head)
    if p["lines"]:
        drawn = table()
        drawn.add_column("Card")
        drawn.add_column("Points", justify="right")
        drawn.add_column("Reason", overflow="fold", ratio=1)
        drawn.add_column("Rule", overflow="fold")
        for ln in p["lines"]:
            points = "" if ln["part"] == "count" else signed(ln["points"]) or "0"
            drawn.add_row(_card_cell(ln.get("card"), t), points, cards(ln["reason"], t), Text(ln["rule"]))
        t.print(drawn)
    else:
        gone = name in (doc.get("won") or []) and doc.get("ended") == "out"
        t.print(Text("  Went out with nothing on the table: 0." if gone else "  Nothing counted: 0."))
    arithmetic = p["arithmetic"]
    if _single_term(arithmetic):
        arithmetic = str(p["score"])
    sums = Text("  Sum: ")
    sums.append(arithmetic, style="bold")
    t.print(sums)
    if p.get("note"):
        t.print(cards("  " + p["note"], t, "dim"))


def check(t: Any, doc: dict) -> None:
    """``check``: each meld's verdict, kind, points and why."""
    if doc.get("round"):
        wild = f": {wild_words(doc['wild'])}" if doc.get("wild") and " " not in doc["wild"] else ""
        t.print(Text(f"{doc['variant']}, round {doc['round']}{wild}", style="dim"))
    for m in doc["melds"]:
        line = card_list(m["cards"], t, "bold")
        if m["legal"]:
            line.append("  legal", style="bold green")
            line.append(f" {m['kind']}")
            if m.get("value") is not None:
                line.append(f", {m['value']} points")
        else:
            line.append("  not legal", style="bold red")
        t.print(line)
        why = Text("  ")
        why.append(cards(m["reason"], t))
        if m.get("arithmetic"):
            why.append(f" ({m['arithmetic']})")
        t.print(why)
    if len(doc["melds"]) > 1 and doc.get("value") is not None:
        t.print(Text(f"Together: {doc['value']} points.", style="bold"))


def variants(t: Any, doc: dict) -> None:
    """``rules`` without a variant: the variants table (SPEC §2)."""
    drawn = table()
    for col in ("Id", "Aliases", "Name", "Players", "Decks", "Dealt", "Goal"):
        drawn.add_column(col, overflow="fold")
    for v in doc["variants"]:
        players = v["players"]
        drawn.add_row(v["id"], ", ".join(v["aliases"]), v["name"], f"{players['min']}–{players['max']}",
                      v["decks"], v["dealt"], v["goal"])
    if natural_width(t, drawn) <= t.out.width:
        t.print(drawn)
    else:  # too narrow for the table on one line a variant: a block per variant, words kept whole
        for v in doc["variants"]:
            line = Text(v["id"], style="bold")
            line.append(f" — {v['name']}" + (f" ({', '.join(v['aliases'])})" if v["aliases"] else ""))
            t.print(line)
            for label, value in ((_("Players"), f"{v['players']['min']}–{v['players']['max']}"),
                                 (_("Decks"), v["decks"]), (_("Dealt"), v["dealt"]), (_("Goal"), v["goal"])):
                t.print(Text(f"  {label}: {value}"))
    t.print(Text("scorekeeper rules VARIANT shows a variant's rules, options and interpretations.", style="dim"))


def variant_rules(t: Any, doc: dict) -> None:
    """``rules VARIANT``: summary, options with defaults and values, interpretations."""
    head = Text(doc["name"], style="bold")
    head.append(f" ({doc['id']}" + (f"; also {', '.join(doc['aliases'])}" if doc["aliases"] else "") + ")")
    t.print(head)
    players = doc["players"]
    for label, value in (("Players", f"{players['min']}–{players['max']}"), ("Decks", doc["decks"]),
                         ("Dealt", doc["dealt"]), ("Goal", doc["goal"])):
        line = Text(f"{label}: ", style="bold")
        line.append(value)
        t.print(line)
    t.print()
    t.print(Text(doc["summary"]))
    t.print()
    t.print(Text("Options (new ... --rule KEY=VALUE)", style="bold"))
    drawn = table()
    drawn.add_column("Option")
    drawn.add_column("Default", overflow="fold")
    drawn.add_column("Allowed", overflow="fold")
    drawn.add_column("What it does", overflow="fold", ratio=1)
    for o in doc["options"]:
        drawn.add_row(o["key"], o["default_text"], o["values"], o["help"])
    t.print(drawn)
    if doc["interpretations"]:
        t.print(Text("Where the rules are silent (SPEC §2.6)", style="bold"))
        for i in doc["interpretations"]:
            line = Text(f"  {i['id']}  ", style="bold")
            line.append(i["text"])
            if i.get("option"):
                line.append(f" (option: {i['option']})", style="dim")
            t.print(line)


def rules(t: Any, doc: dict) -> None:
    """``rules``: the variants table, or one variant's rules."""
    (variants if "variants" in doc else variant_rules)(t, doc)
