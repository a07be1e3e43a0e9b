"""``history``: hand by hand, each player's score and running total; for a finished
game then the end bonuses, the final totals and the winner (SPEC §5 "For people").

Crazy Rummy's rows also say each round's wild rank and who went out; a variant that
declares a hand's summary (:class:`~scorekeeper.core.rules.Screens`) has it in a column
of its own (Gin Rummy: the kind of hand, the up-card and the doubling). The table
takes the first layout that fits the terminal (closer columns, then no dealer,
then the players split into several tables), so no name and no cell ``+50 → 165``
is split at an ordinary width; piped output is never wrapped
(:mod:`scorekeeper.cli.terminal`).
"""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from scorekeeper.cli.render import sides
from scorekeeper.cli.render.cards import sentence
from scorekeeper.cli.render.common import (column_widths, deal_number, deal_word_of, for_deal_word, fit_columns, heading,
                                           rank_said, signed, split, table, variant_of,
                                           table_width, winners_line)
from scorekeeper.core.messages import say


def history(t: Any, doc: dict) -> None:
    """The ``history`` document (``Application.history``) for people (a column per side where
    players form sides)."""
    doc = sides.history(doc)
    heading(t, doc["standings"], say("screen.history.history"))
    for n, drawn in enumerate(_tables(t, doc)):
        if n:
            t.print()
        t.print(drawn)
    if not doc["hands"]:
        t.print(say(for_deal_word(deal_word_of(doc), "screen.history.no_rounds_yet", "screen.history.no_deals_yet",
                                  "screen.history.no_hands_yet")))
        return
    if doc.get("finished"):
        t.print(winners_line(doc["winners"], len(doc["hands"]), deal_word_of(doc),
                             split=bool(doc["standings"].get("split"))))
        if doc["standings"].get("note"):
            t.print(Text(doc["standings"]["note"]))


_LAYOUTS = ((1, True), (0, True), (0, False))  # (gap between columns, dealer column), closest first


def _tables(t: Any, doc: dict) -> list:
    """The tables the history is drawn as: the first way that fits the terminal.
    One table when it fits (closer columns, then no dealer; then names folded at
    their spaces); else the players split into the fewest tables of about as
    many players each, every table with its hand column, so that no name and
    no cell ``+50 → 165`` is broken. A name wider than the terminal alone is
    folded in tables of one player each. The columns are measured once."""
    players = list(doc["players"])
    measured = column_widths(t, _table(doc, players, 0, True, t))
    lead, widths = measured[:-len(players)], dict(zip(players, measured[-len(players):]))
    at = 2 if variant_of(doc).deals.round_matters else 1  # the dealer's column: after the hand (and the wild rank)

    def columns(group: list[str], dealer: bool) -> list[tuple[int, int]]:
        return (lead if dealer else lead[:at] + lead[at + 1:]) + [widths[p] for p in group]

    for count in range(1, len(players) + 1):
        groups = split(players, count)
        for narrowest in (False, True):  # as wide as they come; else names folded at their spaces
            for gap, dealer in _LAYOUTS:
                if all(table_width(columns(g, dealer), gap, narrowest) <= t.out.width for g in groups):
                    drawn = [_table(doc, g, gap, dealer, t) for g in groups]
                    if narrowest:
                        for d in drawn:
                            fit_columns(t, d)
                    return drawn
    drawn = [_table(doc, [p], 0, False, t) for p in players]
    for d in drawn:
        fit_columns(t, d)  # narrower still: rich folds the names too wide for the terminal
    return drawn


def _cell(score: int, total: int) -> str:
    return f"{signed(score)} → {total}"


def _table(doc: dict, players: list[str], gap: int, dealer: bool, t: Any = None):
    variant = variant_of(doc)
    # a game whose rounds each have their wild rank (Crazy Rummy): each round's wild rank and who went out
    crazy = variant.deals.round_matters
    drawn = table(padding=(0, gap))
    word = deal_word_of(doc)
    drawn.add_column(say(for_deal_word(word, "screen.history.round", "screen.history.deal", "screen.history.hand")),
                     justify="right", overflow="fold")
    if crazy:
        drawn.add_column(say("screen.history.wild"), overflow="fold")
    if dealer:
        drawn.add_column(say("screen.history.dealer"), overflow="fold")
    if crazy:
        drawn.add_column(say("screen.history.out"), overflow="fold")
    screens = variant.screens  # a hand in one cell, where the variant says one (Gin Rummy's kind of hand)
    summary = bool(screens.summary_heading)
    blank = [""] * ((1 if crazy else 0) + (1 if dealer else 0) + (1 if crazy else 0) + (1 if summary else 0))
    if summary:
        drawn.add_column(say(screens.summary_heading), overflow="fold")
    for p in players:
        drawn.add_column(Text(p), justify="right", overflow="fold")
    hands = doc["hands"]
    if doc.get("carried"):  # a game begun on paper: where the totals start, not a hand
        drawn.add_row(Text(say("screen.history.carried_over"), style="dim"), *blank,
                      *[str(doc["carried"][p]) for p in players])
    between: dict[int, list[dict]] = {}  # the events between deals (a rejoin, a split), after the deal they followed
    for event in doc.get("events") or ():
        between.setdefault(event["after"], []).append(event)
    for h in hands:
        row: list = [str(deal_number(h)) + (say("screen.history.points") if h["points_only"] else "")]
        if crazy:
            # the rank the hand was scored with (a game continued from paper at round N starts there)
            wild = h.get("wild")
            row.append(rank_said(wild) if wild else "")
        if dealer:
            row.append(Text(h["dealer"] or "—"))  # none said where the variant is not installed
        if crazy:
            row.append(Text(h.get("out") or "—"))
        if summary:
            said = screens.summary(h["context"]) if isinstance(h.get("context"), dict) else None
            row.append(sentence(said, t) if said is not None else "")
        row += [_cell(h["scores"][p], h["totals"][p]) for p in players]
        drawn.add_row(*row)
        for event in between.get(h["number"], ()):
            drawn.add_row(*_event_row(event, players, summary, len(blank)))
    for column, p in zip(drawn.columns[-len(players):], players):
        # a cell is never folded: a column is as wide as its widest cell (the name may fold)
        column.min_width = max((cell_len(_cell(h["scores"][p], h["totals"][p])) for h in hands), default=None)
    if doc.get("finished") and hands:
        bonus = doc.get("bonus") or {}
        if any(bonus.values()):
            drawn.add_row(say("screen.history.bonus"), *blank, *[signed(bonus.get(p, 0)) or "0" for p in players])
        winners = set(doc.get("winners", ()))
        drawn.add_row(say("screen.history.final"), *blank,
                      *[Text(str(doc["totals"][p]), style="bold" if p in winners else "") for p in players])
    return drawn


def _event_row(event: dict, players: list[str], summary: bool, blanks: int) -> list:
    """The row of an event between deals: its words (in the hand's summary column where there is
    one, else under the hand's number) and, for each player whose total it changed, the change and
    the total after it."""
    words = Text(event["words"], style="italic")
    cells: list = ["", *([""] * (blanks - 1)), words] if summary else [words, *([""] * blanks)]
    change = event.get("change") or {}
    return cells + [f"{signed(change[p])} → {event['totals'][p]}" if change.get(p) else "" for p in players]


def end_bonuses(doc: dict) -> dict[str, int]:
    """The end bonuses a ``hand`` document's totals hold: ``{name: points}`` when that
    hand ended the game with bonuses, else empty."""
    standings = doc.get("standings") or {}
    if not doc.get("finished") or doc.get("number") != standings.get("hands"):
        return {}
    bonus = {p["name"]: p["bonus"] for p in standings.get("players", ())}
    return bonus if any(bonus.values()) else {}
