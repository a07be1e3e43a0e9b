"""Sharing results: export, import, stats."""
from __future__ import annotations

import sys
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import counts_rounds, deal_word_of, fit_columns, fits, table, variant_name
from scorekeeper.core.messages import number, say, say_count


def exported(t: Any, doc: dict) -> None:
    """``export -o FILE``: the line on stderr (stdout may be the export itself)."""
    if doc.get("season") is not None:
        sys.stderr.write(say("screen.sharing.exported_season", season=doc["season"], format=doc["format"],
                             output=doc["output"]) + "\n")
        return
    n = doc["sessions"]
    sys.stderr.write(say_count("screen.sharing.exported_n_sessions_as", n, n=n, format=doc["format"],
                               output=doc["output"]) + "\n")


def imported(t: Any, doc: dict, verbose: bool = False) -> None:
    """``import``: how many sessions were imported, and how many were renamed or skipped;
    ``verbose`` (``-v``) first says what became of each session."""
    outcomes = doc["sessions"]
    for o in outcomes if verbose else ():
        if o["action"] == "imported":
            t.print(Text(say("screen.sharing.imported_session_id", id=o["id"])))
        elif o["action"] == "renamed" and o.get("already"):
            t.print(Text(say("screen.sharing.imported_session_id_as", id=o["id"],
                                                                                  new=o["imported_as"])))
        elif o["action"] == "renamed":
            t.print(Text(say("screen.sharing.imported_session_id_as_new", id=o["id"], new=o["imported_as"])))
        elif o.get("already", True):
            t.print(Text(say("screen.sharing.skipped_session_id_it", id=o["id"])))
        else:
            t.print(Text(say("screen.sharing.skipped_session_id_database", id=o["id"])))
    said = say_count("screen.sharing.imported_of_n_sessions", len(outcomes), imported=doc["imported"],
                     n=len(outcomes))
    renamed = sum(o["action"] == "renamed" for o in outcomes)
    if (renamed or doc["skipped"]) and not verbose:
        said += " " + say("screen.sharing.under_new_id_renamed", renamed=renamed, skipped=doc["skipped"])
    t.print(Text(said))


def _percent(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)}%"


def _hand(where: dict | None, rounds: bool | str = False) -> str:
    """``+45 (3f9a hand 2)``; ``rounds``: the variant calls a deal a round (Carousel, Crazy Rummy:
    True or "round") or a deal (Contract, Indian Rummy: "deal")."""
    if where is None:
        return "—"
    score = f"{'+' if where['score'] > 0 else ''}{where['score']}"
    if rounds == "deal":
        return say("stats.where_deal", score=score, session=where["session"], number=where["hand"])
    if rounds:
        return say("stats.where_round", score=score, session=where["session"], number=where["hand"])
    return say("screen.sharing.score_session_hand_hand", score=score, session=where["session"], hand=where["hand"])


def stats(t: Any, doc: dict) -> None:
    """The stats: for each variant on its own, one row per player, then head to head."""
    n = doc["sessions"]
    if doc["variant"]:
        said = ("screen.sharing.statistics_n_games_of", n)
    else:
        said = ("screen.sharing.statistics_n_games", n)
    t.print(Text(say_count(*said, n=n, variant=doc["variant"]), style="bold"))
    blocks = [b for b in doc["variants"] if b["players"] and any(p["games"] for p in b["players"])]
    if not blocks:
        t.print(say("screen.sharing.no_games_to_count"))
        return
    for block in blocks:
        _variant_stats(t, block)


#: the columns of a player's row: counts, then hands (English keys; headings said in the language spoken)
_COUNTS = ("Games", "Finished", "Wins", "Win rate", "Hands", "Average")


def _heading(key: str) -> str:
    return {"Games": say("screen.sharing.games"), "Finished": say("screen.sharing.finished"),
            "Wins": say("screen.sharing.wins"), "Win rate": say("screen.sharing.win_rate"),
            "Hands": say("screen.sharing.hands"), "Average": say("screen.sharing.average"), "Ahead": say("screen.sharing.ahead"), "Behind": say("screen.sharing.behind"),
            "Level": say("screen.sharing.level")}[key]


def _variant_stats(t: Any, block: dict) -> None:
    """One variant's tables. A table too wide for the terminal is drawn as two: the
    counts, then the best and worst hands; nothing is cut (SPEC §5 "For people")."""
    t.print()
    games = block["sessions"]
    title = Text(variant_name(block["name"]), style="bold")
    title.append(" (" + say("screen.sharing.variant_n", variant=block["variant"],
                            n=say_count("screen.sharing.n_games", games, n=games)) + ")")
    if block.get("lowest_wins"):
        title.append(say("screen.sharing.lowest_score_is_best"))
    t.print(title)
    rows = block["players"]
    # Carousel's and Crazy Rummy's rounds, Contract and Indian Rummy's deals, are never "hands"
    rounds: bool | str = "deal" if deal_word_of(block) == "deal" else counts_rounds(block)
    whole = _player_table(rows, _COUNTS, True, rounds)
    if fits(t, whole):  # its columns measured once
        t.print(whole)
    else:
        for part in (_player_table(rows, _COUNTS, False, rounds), _player_table(rows, (), True, rounds)):
            fit_columns(t, part)
            t.print(part)
    h2h = table(title=say("screen.sharing.head_to_head_finished"), title_justify="left")
    h2h.add_column(say("screen.sharing.player"), overflow="fold")
    h2h.add_column(say("screen.sharing.opponent"), overflow="fold")
    for col in ("Games", "Finished", "Ahead", "Behind", "Level"):
        h2h.add_column(_heading(col), justify="right", overflow="fold")
    for p in rows:
        for row in p["head_to_head"]:
            if not row["finished"]:  # the table counts finished games: a pair with none has nothing to show
                continue
            h2h.add_row(Text(p["name"]), Text(row["opponent"]), str(row["games"]), str(row["finished"]),
                        str(row["ahead"]), str(row["behind"]), str(row["level"]))
    if h2h.row_count:
        t.print()
        fit_columns(t, h2h)
        t.print(h2h)
    from scorekeeper.core.errors import ScorekeeperError
    from scorekeeper.core.variants import get_variant

    try:
        tally = get_variant(block["variant"]).tally  # the variant's own statistics, where it has any
    except ScorekeeperError:  # a variant not installed: its sessions count with the numbers they stored
        tally = None
    if tally is not None and tally.columns and any(p.get(tally.key) for p in block["players"]):
        _tally(t, block, tally)


def _player_table(rows: list[dict], counts: tuple[str, ...], hands: bool, rounds: bool | str = False):
    drawn = table()
    drawn.add_column(say("screen.sharing.player"), overflow="fold")
    deals = rounds == "deal"
    for col in counts:
        said = (say("stats.deals") if deals else say("stats.rounds")) if rounds and col == "Hands" else _heading(col)
        drawn.add_column(said, justify="right", overflow="fold")
    if hands:
        drawn.add_column(say("stats.best_deal" if deals else "stats.best_round" if rounds
                             else "screen.sharing.best_hand"), overflow="fold")
        drawn.add_column(say("stats.worst_deal" if deals else "stats.worst_round" if rounds
                             else "screen.sharing.worst_hand"), overflow="fold")
    for p in rows:
        cells = {"Games": str(p["games"]), "Finished": str(p["finished"]), "Wins": str(p["wins"]),
                 "Win rate": _percent(p["win_rate"]), "Hands": str(p["hands"]),
                 "Average": "—" if p["average"] is None else number(p["average"], 2)}
        drawn.add_row(Text(p["name"]), *[cells[c] for c in counts],
                      *((_hand(p["best"], rounds), _hand(p["worst"], rounds)) if hands else ()))
    return drawn


def _tally(t: Any, block: dict, tally: Any) -> None:
    """``stats``: a variant's own figures (Gin Rummy's gins, undercuts, knocks, average deadwood,
    shutouts) under ``tally.key`` in each row, per player and head to head, as its
    :class:`~scorekeeper.core.rules.Tally` declares the columns."""
    rows = [p for p in block["players"] if p.get(tally.key)]
    heads = [say(code) for _key, code in tally.columns]

    def cells(figures: dict) -> list[str]:
        out = []
        for key, _code in tally.columns:
            value = figures.get(key)
            out.append("—" if value is None else number(value, 2) if isinstance(value, float) else str(value))
        return out

    drawn = table(title=say(tally.title), title_justify="left")
    drawn.add_column(say("screen.sharing.player"), overflow="fold")
    for h in heads:
        drawn.add_column(h, justify="right")
    for p in rows:
        drawn.add_row(Text(p["name"]), *cells(p[tally.key]))
    t.print()
    t.print(drawn)
    h2h = table(title=say(tally.versus_title), title_justify="left")
    h2h.add_column(say("screen.sharing.player"), overflow="fold")
    h2h.add_column(say("screen.sharing.opponent"), overflow="fold")
    for h in heads:
        h2h.add_column(h, justify="right")
    for p in rows:
        for row in p["head_to_head"]:
            if row.get(tally.key):
                h2h.add_row(Text(p["name"]), Text(row["opponent"]), *cells(row[tally.key]))
    if h2h.row_count:
        t.print()
        t.print(h2h)
