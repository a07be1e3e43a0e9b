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
    percent = f"{round(share * 100)}%".rjust(4)
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
        from scorekeeper.app.report import wild_words

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


# ---------------------------------------------------------------- settling disputes

_ASCII_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQKTajqkt])([SHDCshdc])(?![0-9A-Za-z])")
_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def typed_cards(text: str, t: Terminal, style: str = "") -> Text:
    """Cards as typed (``7H 8H +10H -AS``): with colour, shown with suit symbols
    (hearts and diamonds red); without, as typed."""
    if not t.color:
        return Text(text, style=style)
    shown = _ASCII_CARD.sub(lambda m: ("10" if m.group(1) in "Tt" else m.group(1).upper()) + _SYMBOL[m.group(2).upper()],
                            text)
    return cards(shown, t, style)


def _card_cell(card: str | None, t: Terminal) -> Text:
    if not card:
        return Text("—", style="dim")
    from scorekeeper.core.cards import card_symbol, parse_card

    return cards(card_symbol(parse_card(card)), t)


def _context_words(context: dict) -> str:
    words = []
    if context.get("round"):
        words.append(f"round {context['round']}")
    if context.get("wild"):
        from scorekeeper.app.report import wild_words

        words.append(wild_words(str(context["wild"])))
    return ", ".join(words)


_ENDED = {"out": "went out", "knock": "knocked"}


def explain(t: Terminal, doc: dict) -> None:
    """``explain``: per player a table of every card (card, points, reason, rule),
    the arithmetic of the score, then end-of-game bonuses and the rules cited."""
    title = Text(f"Hand {doc['number']}", style="bold")
    extra = _context_words(doc.get("context") or {})
    if extra:
        title.append(f" ({extra})")
    title.append(f" — {doc['variant']}, session {doc['session']}", style="dim")
    t.print(title)
    line = Text("Dealer: ")
    line.append(doc["dealer"], style="bold")
    if doc.get("ended") == "stock":
        line.append(". The stock ran out.")
    elif doc.get("ended") in _ENDED and (doc.get("context") or {}).get(doc["ended"]):
        # Carousel names who knocked or went out: the round's winners may be others (an undercut)
        line.append(". ")
        line.append(doc["context"][doc["ended"]], style="bold")
        line.append(f" {_ENDED[doc['ended']]}.")
    elif doc.get("ended") in _ENDED and doc.get("won"):
        line.append(". ")
        line.append(" and ".join(doc["won"]), style="bold")
        line.append(f" {_ENDED[doc['ended']]}.")
    elif doc.get("won"):
        line.append(". Won by ")
        line.append(" and ".join(doc["won"]), style="bold")
        line.append(".")
    else:
        line.append(".")
    t.print(line)
    for note in doc.get("notes") or ():
        t.print(cards(note, t, "yellow"))
    for name, p in doc["players"].items():
        t.print()
        head = Text(name, style="bold")
        head.append(f"  {signed(p['score']) or '0'}", style="bold")
        head.append(f"  (total {p['total']})", style="dim")
        if p.get("points_only"):
            head.append("  counted on paper (I-6)", style="dim")
        t.print(head)
        if p["lines"]:
            table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            table.add_column("Card")
            table.add_column("Points", justify="right")
            table.add_column("Reason", overflow="fold", ratio=1)
            table.add_column("Rule", overflow="fold")
            for ln in p["lines"]:
                points = "" if ln["part"] == "count" else signed(ln["points"]) or "0"
                table.add_row(_card_cell(ln.get("card"), t), points, cards(ln["reason"], t), Text(ln["rule"]))
            t.print(table)
        else:
            gone = name in (doc.get("won") or []) and doc.get("ended") == "out"
            t.print(Text("  Went out with nothing on the table: 0." if gone else "  Nothing counted: 0."))
        arithmetic = p["arithmetic"]
        left = arithmetic.rpartition(" = ")[0]
        if not re.search(r" [+−] ", left):  # a single term: "25 = 25" says no more than the score
            arithmetic = str(p["score"])
        sums = Text("  Sum: ")
        sums.append(arithmetic, style="bold")
        t.print(sums)
        if p.get("note"):
            t.print(cards("  " + p["note"], t, "dim"))
    bonus = doc.get("end_bonus")
    if bonus:
        t.print()
        t.print(Text("End of the game", style="bold"))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("Player", overflow="fold")
        table.add_column("Bonus", justify="right")
        table.add_column("Reason", overflow="fold", ratio=1)
        table.add_column("Total", justify="right")
        for name, b in bonus.items():
            table.add_row(Text(name), signed(b["points"]) or "0", cards(b.get("reason") or "", t), str(b["total"]))
        t.print(table)
    if doc.get("finished"):
        t.print(Text(f"Game over: {' and '.join(doc['winners'])} "
                     f"{'win' if len(doc['winners']) > 1 else 'wins'}.", style="bold green"))
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


def check(t: Terminal, doc: dict) -> None:
    """``check``: each meld's verdict, kind, points and why."""
    if doc.get("round"):
        from scorekeeper.app.report import wild_words

        wild = f": {wild_words(doc['wild'])}" if doc.get("wild") and " " not in doc["wild"] else ""
        t.print(Text(f"{doc['variant']}, round {doc['round']}{wild}", style="dim"))
    for m in doc["melds"]:
        from scorekeeper.core.cards import card_symbol, parse_played

        def shown(token: str) -> str:
            pc = parse_played(token)
            text = card_symbol(pc.card)
            return text + ("=" + card_symbol(pc.stands_for) if pc.stands_for else "") + (f":{pc.ace}" if pc.ace else "")

        line = cards(" ".join(shown(c) for c in m["cards"]), t, "bold")
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


def variants(t: Terminal, doc: dict) -> None:
    """``rules`` without a variant: the variants table (SPEC §2)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for col in ("Id", "Aliases", "Name", "Players", "Decks", "Dealt", "Goal"):
        table.add_column(col, overflow="fold")
    for v in doc["variants"]:
        players = v["players"]
        table.add_row(v["id"], ", ".join(v["aliases"]), v["name"], f"{players['min']}–{players['max']}",
                      v["decks"], v["dealt"], v["goal"])
    t.print(table)
    t.print(Text("scorekeeper rules VARIANT shows a variant's rules, options and interpretations.", style="dim"))


def variant_rules(t: Terminal, doc: dict) -> None:
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
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Option")
    table.add_column("Default", overflow="fold")
    table.add_column("Allowed", overflow="fold")
    table.add_column("What it does", overflow="fold", ratio=1)
    for o in doc["options"]:
        table.add_row(o["key"], o["default_text"], o["values"], o["help"])
    t.print(table)
    if doc["interpretations"]:
        t.print(Text("Where the rules are silent (SPEC §2.6)", style="bold"))
        for i in doc["interpretations"]:
            line = Text(f"  {i['id']}  ", style="bold")
            line.append(i["text"])
            if i.get("option"):
                line.append(f" (option: {i['option']})", style="dim")
            t.print(line)


_ACTIONS = {"entered": "entered", "edited": "edited", "undone": "undone (taken back)", "redone": "redone (put back)"}


def _when(time: str | None) -> str:
    return (time or "?").replace("T", " ")[:19]


def _scores_text(scores: dict | None, previous: dict | None, change: dict, action: str) -> Text:
    out = Text()
    if action == "edited":
        for p, new in (scores or {}).items():
            old = (previous or {}).get(p)
            if old is not None and old != new:
                out.append(Text(p))
                out.append(f" {signed(old) or '0'} → {signed(new) or '0'} ({signed(change.get(p, 0))})\n")
            else:
                out.append(Text(p))
                out.append(f" {signed(new) or '0'}\n")
    elif action == "undone":
        for p, old in (previous or {}).items():
            out.append(Text(p))
            out.append(f" {signed(old) or '0'} taken back\n")
    else:
        for p, new in (scores or {}).items():
            out.append(Text(p))
            out.append(f" {signed(new) or '0'}\n")
    out.rstrip()
    return out


def _entry_text(t: Terminal, lines: dict, previous: dict | None, action: str) -> Text:
    out = Text()
    for p, text in lines.items():
        out.append(Text(p + ": " if p else ""))
        out.append(typed_cards(text, t))
        if action == "edited" and previous is not None and previous.get(p) != text:
            out.append("\n  was: ", style="dim")
            out.append(typed_cards(previous.get(p, ""), t, "dim"))
        out.append("\n")
    out.rstrip()
    return out


def audit(t: Terminal, doc: dict) -> None:
    """``history --audit``: hand by hand, every version with its time, what changed and the score change."""
    heading(t, doc, "Audit: ")
    if not doc["hands"]:
        t.print("No hands yet.")
        return
    if not doc.get("kept", True):
        t.print(Text("This session kept no audit trail: its hands are listed as entered.", style="yellow"))
    for hand in doc["hands"]:
        t.print()
        head = Text(f"Hand {hand['number']}", style="bold")
        if not hand["in_effect"]:
            head.append("  (taken back, not in effect)", style="dim")
        t.print(head)
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("#", justify="right")
        table.add_column("When (UTC)")
        table.add_column("What")
        table.add_column("Entry", overflow="fold", ratio=2)
        table.add_column("Scores", overflow="fold", ratio=1)
        for v in hand["versions"]:
            what = Text(_ACTIONS.get(v["action"], v["action"]))
            if v.get("form"):
                what.append(f" ({v['form']})", style="dim")
            if v.get("current"):
                what.append("\nin effect", style="green")
            if v["action"] == "undone":
                entry = _entry_text(t, v["previous_lines"], None, v["action"])
            else:
                entry = _entry_text(t, v["lines"], v["previous_lines"], v["action"])
            table.add_row(str(v["seq"]), _when(v["time"]), what, entry,
                          _scores_text(v["scores"], v["previous_scores"], v["change"], v["action"]))
        t.print(table)
