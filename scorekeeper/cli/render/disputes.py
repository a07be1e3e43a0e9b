"""Settling disputes at the table: explain, check, rules."""
from __future__ import annotations

from typing import Any

from rich.padding import Padding
from rich.text import Text

from scorekeeper.cli.render import sides
from scorekeeper.cli.render.cards import card_list, sentence, sentence_of
from scorekeeper.cli.render.common import (counts_rounds, deal_number, deal_word_of, for_deal_word,
                                           natural_width, player_range, signed,
                                           table, variant_name, variant_of, wild_words,
                                           winners_line)
from scorekeeper.core.messages import say, say_count, variant_words


def _round_words(doc: dict, rounds: bool = False) -> str:
    """``round 7, sevens are wild`` for a hand of a variant whose wild rank is the round's
    (without ``round 7`` where the heading is the round's own number already)."""
    # the rank the hand was scored with (a game continued from paper at round N starts there)
    wild = doc.get("wild")
    if wild is None:
        return ""
    words = [] if rounds else [say("screen.disputes.round_round", round=doc.get("round") or deal_number(doc))]
    return ", ".join(words + [wild_words(wild)])


def _kind(kind: str) -> str:
    """A legal meld's kind (``run``, ``set``, as the document says it) for people."""
    return {"run": say("screen.disputes.run"), "set": say("screen.disputes.set")}.get(kind, kind)


def _card_cell(card: str | None, t: Any) -> Text:
    if not card:
        return Text("—", style="dim")
    return card_list([card], t)


def explain(t: Any, doc: dict) -> None:
    """``explain``: per player a table of every card (card, points, reason, rule),
    the arithmetic of the score, then end-of-game bonuses and the rules cited (per side where
    players form sides)."""
    doc = sides.explain(doc)
    rounds = counts_rounds(doc)
    word = deal_word_of(doc)  # Contract Rummy's deals are named as its contracts are
    title = Text(say(for_deal_word(word, "screen.disputes.round_number", "screen.disputes.deal_number",
                                   "screen.disputes.hand_number"), number=deal_number(doc)), style="bold")
    extra = _round_words(doc, rounds)
    if extra:
        title.append(f" ({extra})")
    title.append(" — " + say("screen.disputes.variant_session_session", variant=doc["variant"],
                             session=doc["session"]),
                 style="dim")
    t.print(title)
    t.print(_ended_line(t, doc))
    for said in variant_of(doc).screens.hand(doc.get("context") or {}):  # the variant's words about the hand
        t.print(sentence(said, t))
    for note in doc.get("notes") or ():
        t.print(sentence(note, t, "yellow"))
    for name, p in doc["players"].items():
        _player(t, doc, name, p)
    bonus = doc.get("end_bonus")
    if bonus:
        t.print()
        t.print(Text(say("screen.disputes.end_of_game"), style="bold"))
        drawn = table()
        drawn.add_column(say("screen.disputes.player"), overflow="fold")
        drawn.add_column(say("screen.disputes.bonus"), justify="right")
        drawn.add_column(say("screen.disputes.reason"), overflow="fold", ratio=1)
        drawn.add_column(say("screen.disputes.total"), justify="right")
        for name, b in bonus.items():
            drawn.add_row(Text(name), signed(b["points"]) or "0", sentence(b.get("reason") or "", t), str(b["total"]))
        t.print(drawn)
    if doc.get("finished"):
        t.print(winners_line(doc["winners"]))
    if doc.get("note"):
        t.print(Text(doc["note"]))
    if doc.get("rules"):
        t.print()
        t.print(Text(say("screen.disputes.rules_applied"), style="bold"))
        rows: list[tuple[Text, Text | None]] = []
        for r in doc["rules"]:  # by name; an interpretation by its id and what it says
            name = r.get("id") or r.get("name", "")
            said = r["title"] if r.get("title") and r["title"] != name else None
            rows.append((Text(name, style="bold"), Text(said) if said else None))
        _hanging(t, rows, 2)


def _ended_line(t: Any, doc: dict) -> Text:
    ended, context = doc.get("ended"), doc.get("context") or {}
    # who knocked or went out, where the hand names them (the common context keys): the round's
    # winners may be others (Carousel's undercut)
    by = context.get("out") if ended == "out" else context.get("knock") if ended == "knock" else None
    who = [by] if by else list(doc.get("won") or [])
    endings = variant_of(doc).endings
    if ended in ("out", "knock") and who and ended in endings.words:  # the variant's own word for it
        return sentence_of("screen.disputes.dealer_dealer_names_ending", t, bold=("dealer", "names"),
                           dealer=doc["dealer"], names=who, how=say(endings.word(ended)))
    if ended == "stock":
        said = "screen.disputes.dealer_dealer_stock_ran"
    elif ended == "out" and who:
        said = "screen.disputes.dealer_dealer_names_went"
    elif ended == "knock" and who:
        said = "screen.disputes.dealer_dealer_names_knocked"
    elif who:
        said = "screen.disputes.dealer_dealer_won_by"
    else:
        said = "screen.disputes.dealer_dealer"
    return sentence_of(said, t, bold=("dealer", "names"), dealer=doc["dealer"], names=who)


def _player(t: Any, doc: dict, name: str, p: dict) -> None:
    t.print()
    head = Text(name, style="bold")
    head.append(f"  {signed(p['score']) or '0'}", style="bold")
    head.append("  " + say("screen.disputes.total_total", total=p["total"]), style="dim")
    if p.get("points_only"):
        head.append("  " + say("screen.disputes.counted_on_paper_i"), style="dim")
    t.print(head)
    if p["lines"]:
        drawn = table()
        drawn.add_column(say("screen.disputes.card"))
        drawn.add_column(say("screen.disputes.points"), justify="right")
        drawn.add_column(say("screen.disputes.reason"), overflow="fold", ratio=1)
        drawn.add_column(say("screen.disputes.rule"), overflow="fold")
        above = None
        for ln in p["lines"]:
            points = "" if ln["part"] == "count" else signed(ln["points"]) or "0"
            rule = ln.get("rule_name", "")
            # a rule is named where it starts to apply: the rows under it that apply it too are left blank
            drawn.add_row(_card_cell(ln.get("card"), t), points, sentence(ln["reason"], t),
                          Text("" if rule == above else rule))
            above = rule
        if natural_width(t, drawn) > t.out.width:  # the reasons get the room; a rule's name folds
            drawn.columns[-1].max_width = max(16, t.out.width // 4)
        t.print(drawn)
    else:
        gone = name in (doc.get("won") or []) and doc.get("ended") == "out"
        t.print(Text("  " + (say("screen.disputes.went_out_with_nothing") if gone else say("screen.disputes.nothing_counted_0"))))
    arithmetic = p["arithmetic"]  # one term is the score alone (core.scoring)
    sums = Text("  " + say("screen.disputes.sum") + " ")
    sums.append(arithmetic, style="bold")
    t.print(sums)
    if p.get("note"):
        note = sentence(p["note"], t, "dim")
        note.pad_left(2)
        t.print(note)


def check(t: Any, doc: dict) -> None:
    """``check``: each meld's verdict, kind, points and why."""
    if doc.get("round"):
        name = variant_name(variant_of(doc).name)  # as the language's rule books write it, not its id
        if doc.get("wild") and " " not in doc["wild"]:
            said = say("screen.disputes.variant_round_round_wild", variant=name, round=doc["round"],
                       wild=wild_words(doc["wild"]))
        else:
            said = say("screen.disputes.variant_round_round", variant=name, round=doc["round"])
        t.print(Text(said, style="dim"))
    elif doc.get("session"):  # no variant named: the session's judged them
        t.print(Text(say("screen.disputes.variant_session_session", variant=doc["variant"], session=doc["session"]),
                     style="dim"))
    for m in doc["melds"]:
        line = card_list(m["cards"], t, "bold")
        if m["legal"]:
            line.append("  " + say("screen.disputes.legal"), style="bold green")
            kind = _kind(m["kind"])
            if m.get("value") is not None:
                line.append(" " + say_count("screen.disputes.kind_value_points", m["value"], kind=kind,
                                            value=m["value"]))
            else:
                line.append(f" {kind}")
        else:
            line.append("  " + say("screen.disputes.not_legal"), style="bold red")
        t.print(line)
        why = sentence(m["reason"], t)
        if m.get("arithmetic"):
            why.append(f" ({m['arithmetic']})")
        t.print(Padding(why, (0, 0, 0, 2), expand=False))  # wrapped under itself, never back at the margin
    if len(doc["melds"]) > 1 and doc.get("value") is not None:
        t.print(Text(say_count("screen.disputes.together_value_points", doc["value"], value=doc["value"]),
                     style="bold"))
    verdict = doc.get("deal_verdict")
    if verdict and "deal" in verdict:  # check … --deal N: do the melds make what the deal asks for
        said = "screen.disputes.deal_deal_made" if verdict["met"] else "screen.disputes.deal_deal_not_made"
        line = Text(say(said, deal=verdict["deal"]), style="bold green" if verdict["met"] else "bold red")
        line.append(" — ")
        line.append(sentence(verdict["reason"], t))
        t.print(line)
    elif verdict:  # what the melds make together, whatever the deal (Indian Rummy: a valid declaration)
        good = verdict.get("met", verdict.get("valid"))
        t.print(sentence(verdict["reason"], t, "bold green" if good else "bold red"))


def variants(t: Any, doc: dict) -> None:
    """``rules`` without a variant: the variants table (SPEC §2)."""
    drawn = table()
    for col in ("screen.disputes.id", "screen.disputes.aliases", "screen.disputes.name", "screen.disputes.players",
                "screen.disputes.decks", "screen.disputes.dealt", "screen.disputes.goal"):
        drawn.add_column(say(col), overflow="fold")
    for v in doc["variants"]:
        players = v["players"]
        drawn.add_row(v["id"], ", ".join(v["aliases"]), variant_name(v["name"]), player_range(players),
                      v["decks"], v["dealt"], v["goal"])
    if natural_width(t, drawn) <= t.out.width:
        t.print(drawn)
    else:  # too narrow for the table on one line a variant: a block per variant, words kept whole
        for v in doc["variants"]:
            line = Text(v["id"], style="bold")
            line.append(f" — {variant_name(v['name'])}")
            if v["aliases"]:  # after the name, which may hold brackets of its own
                line.append(", " + say("screen.disputes.also_aliases", aliases=", ".join(v["aliases"])))
            t.print(line)
            _hanging(t, [(Text(f"{label}:"), Text(value))  # a long line wraps under its own text
                         for label, value in ((say("screen.disputes.players"), player_range(v["players"])),
                                              (say("screen.disputes.decks"), v["decks"]),
                                              (say("screen.disputes.dealt"), v["dealt"]),
                                              (say("screen.disputes.goal"), v["goal"]))], 2, 1)
    t.print(Text(say("screen.disputes.rules_variant_shows_variant"), style="dim"))
    for failed in doc.get("failed", ()):  # an installed variant that does not load: named, the others shown
        t.err.print(Text(failed["error"]))


def variant_rules(t: Any, doc: dict) -> None:
    """``rules VARIANT``: summary, options with defaults and values, interpretations."""
    head = Text(variant_name(doc["name"]), style="bold")
    head.append(f" — {doc['id']}")  # after the name, which may hold brackets of its own
    if doc["aliases"]:
        head.append(", " + say("screen.disputes.also_aliases", aliases=", ".join(doc["aliases"])))
    t.print(head)
    players = doc["players"]
    _hanging(t, [(Text(label, style="bold"), Text(value))
                 for label, value in ((say("screen.disputes.label.players"), player_range(players)),
                                      (say("screen.disputes.label.decks"), doc["decks"]),
                                      (say("screen.disputes.label.dealt"), doc["dealt"]),
                                      (say("screen.disputes.label.goal"), doc["goal"]))], 0, 1)
    t.print()
    # the variant's own texts (summary, option help), each under its message code
    t.print(Text(variant_words(f"variant.{doc['id']}.summary", doc["summary"])))
    t.print()
    t.print(Text(say("screen.disputes.options_new_rule_key"), style="bold"))
    drawn = table()
    drawn.add_column(say("screen.disputes.option"))
    drawn.add_column(say("screen.disputes.default"), overflow="fold")
    drawn.add_column(say("screen.disputes.allowed"), overflow="fold")
    drawn.add_column(say("screen.disputes.what_it_does"), overflow="fold", ratio=1)
    for o in doc["options"]:
        drawn.add_row(o["key"], o["default_text"], variant_words(f"option.{o['key']}.values", o["values"]),
                      variant_words(f"option.{o['key']}.help", o["help"]))
    t.print(drawn)
    if doc.get("presets"):
        _presets(t, doc)
    if doc["interpretations"]:
        t.print(Text(say("screen.disputes.where_rules_are_silent"), style="bold"))
        rows = []
        for i in doc["interpretations"]:
            said = Text(i["text"])
            if i.get("option"):
                said.append(" " + say("screen.disputes.option_option", option=i["option"]), style="dim")
            rows.append((Text(i["id"], style="bold"), said))
        _hanging(t, rows, 2)


def _hanging(t: Any, rows: list[tuple[Text, Text | None]], indent: int, gap: int = 2) -> None:
    """Rows of a label and what it says, each text wrapped under itself (a hanging indent: no
    wrapped line goes back to the margin), ``indent`` columns in; a row without a text is its
    label alone, across the width."""
    from rich.table import Table

    def flush(grid: Table | None) -> None:
        if grid is not None and grid.row_count:
            t.print(Padding(grid, (0, 0, 0, indent)))

    grid: Table | None = None
    for label, text in rows:
        if text is None:
            flush(grid)
            grid = None
            t.print(Padding(label, (0, 0, 0, indent)))
            continue
        if grid is None:
            grid = Table.grid(padding=(0, gap, 0, 0))
            grid.add_column(no_wrap=True)
            grid.add_column(overflow="fold")
        grid.add_row(label, text)
    flush(grid)


def rules(t: Any, doc: dict) -> None:
    """``rules``: the variants table, or one variant's rules."""
    (variants if "variants" in doc else variant_rules)(t, doc)


def _presets(t: Any, doc: dict) -> None:
    """``rules VARIANT``: the named sets of option values (``preset=NAME``), each with the values it sets."""
    from scorekeeper.core.rules import as_typed

    t.print(Text(say("screen.disputes.presets"), style="bold"))
    rows: list[tuple[Text, Text | None]] = []
    for name, values in doc["presets"].items():
        shown = ", ".join(f"{k}={as_typed(v)}" for k, v in values.items())
        rows.append((Text(name, style="bold"), Text(shown or say("screen.disputes.presets_defaults"))))
    _hanging(t, rows, 2)
