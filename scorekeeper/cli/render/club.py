"""The club (SPEC §9): players, a person's record, seasons, ratings and a club evening. Names and
titles are user text: always :class:`rich.text.Text`, never markup."""
from __future__ import annotations

import shlex
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import plain, table
from scorekeeper.core.messages import number, say


def _day(stamp: str) -> str:
    from scorekeeper.cli.render.sessions import local_time

    return local_time(stamp)[:10]


def _print_table(t: Any, heads: list[str], rows: list[list[str]], right: tuple[int, ...] = ()) -> None:
    drawn = table()
    for i, head in enumerate(heads):
        drawn.add_column(head, justify="right" if i in right else "left", overflow="fold")
    for row in rows:
        drawn.add_row(*(Text(plain(str(cell))) for cell in row))
    t.print(drawn)


def _points(value: Any) -> str:
    return number(value, 0 if float(value).is_integer() else 2)


def players(t: Any, doc: dict) -> None:
    if not doc["players"]:
        t.print(say("screen.club.no_players"))
        return
    heads = [say("screen.club.name"), say("screen.club.games"), say("screen.club.wins"),
             say("screen.club.last_played"), say("screen.club.variants")]
    rows = [[p["name"], str(p["games"]), str(p["wins"]), _day(p["last_played"]), ", ".join(p["variants"])]
            for p in doc["players"]]
    _print_table(t, heads, rows, right=(1, 2))
    for group in doc["maybe_same"]:
        t.print(Text(say("screen.club.maybe_same", names=[repr_name(n) for n in group])))


def repr_name(name: str) -> str:
    """A name as typed, quoted where spaces around it would not be seen."""
    return f'"{name}"' if name != name.strip() or "  " in name else name


def player(t: Any, doc: dict) -> None:
    t.print(Text(plain(doc["name"]), style="bold"))
    t.print(Text(say("screen.club.player_line", games=doc["games"], wins=doc["wins"])))
    if doc["spellings"] != [doc["name"]]:
        t.print(Text(say("screen.club.spellings", names=[repr_name(n) for n in doc["spellings"]])))
    if doc["maybe_same"]:
        t.print(Text(say("screen.club.maybe_same", names=[repr_name(n) for n in [doc["name"], *doc["maybe_same"]]])))
    _print_table(t, [say("screen.club.variant"), say("screen.club.games"), say("screen.club.finished"),
                     say("screen.club.wins")],
                 [[v["variant"], str(v["games"]), str(v["finished"]), str(v["wins"])] for v in doc["variants"]],
                 right=(1, 2, 3))
    _print_table(t, [say("screen.club.started"), say("screen.sessions.id"), say("screen.club.variant"), say("screen.club.title"),
                     say("screen.club.place")],
                 [[_day(s["created"]), s["id"], s["variant"], s["title"] or "",
                   str(s["place"]) if s["place"] is not None else say("screen.club.playing")]
                  for s in doc["sessions"]])


def changed(t: Any, doc: dict) -> None:
    code = "club.renamed" if doc["kind"] == "rename" else "club.merged"
    t.print(Text(say(code, old=doc["old"], new=doc["new"], count=len(doc["sessions"]))))


def undone(t: Any, doc: dict) -> None:
    t.print(Text(say(f"club.undone.{doc['kind']}", old=doc["old"], new=doc["new"])))


def look_alikes(t: Any, found: list[dict]) -> None:
    """What ``new`` notes on standard error of a name typed like a known one."""
    for item in found:
        t.err.print(Text(say("club.look_alike", typed=item["typed"], known=item["known"])))


def season_made(t: Any, doc: dict) -> None:
    t.print(Text(say("club.season_made", season=doc["season"], games=doc["games"])))


def season_games(t: Any, doc: dict) -> None:
    t.print(Text(say("club.season_games", season=doc["season"], games=doc["games"])))


def seasons(t: Any, doc: dict) -> None:
    if not doc["seasons"]:
        t.print(say("screen.club.seasons_none"))
        return
    _print_table(t, [say("screen.club.name"), say("screen.club.title"), say("screen.club.from"), say("screen.club.to"),
                     say("screen.club.variants"), say("screen.club.games")],
                 [[s["name"], s["title"] or "", s["from"] or "", s["to"] or "", ", ".join(s["variants"]),
                   str(s["games"])] for s in doc["seasons"]], right=(5,))


def standings_table(t: Any, lines: list[dict], least: int) -> None:
    """Rank, name, points, games, wins, average place; the unranked below a line."""
    heads = [say("screen.club.rank"), say("screen.club.name"), say("screen.club.points"), say("screen.club.games"),
             say("screen.club.wins"), say("screen.club.average")]
    ranked = [p for p in lines if p["ranked"]]
    below = [p for p in lines if not p["ranked"]]

    def row(p: dict) -> list[str]:
        return [str(p["rank"]) if p["ranked"] else "", p["name"], _points(p["points"]), str(p["games"]),
                str(p["wins"]), number(p["average"], 2)]

    if ranked:
        _print_table(t, heads, [row(p) for p in ranked], right=(0, 2, 3, 4, 5))
    if below:
        t.print(Text(say("screen.club.unranked", least=least)))
        _print_table(t, heads, [row(p) for p in below], right=(0, 2, 3, 4, 5))


def season(t: Any, doc: dict) -> None:
    head = Text(say("screen.club.season", season=doc["season"]), style="bold")
    if doc.get("title"):
        head.append(" · " + plain(doc["title"]))
    t.print(head)
    rule = doc["rule"]
    t.print(Text(say("screen.club.season_rule", games=doc["games"],
                     points=",".join(map(str, rule["points"])) if rule["points"] else say("screen.club.points_beaten"),
                     best=rule["best"] or say("screen.club.all_games"), least=rule["min_games"]), style="dim"))
    if not doc["players"]:
        t.print(say("screen.club.no_games"))
        return
    standings_table(t, doc["players"], rule["min_games"])


def ratings(t: Any, doc: dict) -> None:
    if not doc["variants"]:
        t.print(say("screen.club.no_ratings"))
        return
    for i, v in enumerate(doc["variants"]):
        if i:
            t.print("")
        t.print(Text(say("screen.club.ratings_of", variant=v["variant"], games=v["games"]), style="bold"))
        _print_table(t, [say("screen.club.rank"), say("screen.club.name"), say("screen.club.rating"),
                         say("screen.club.games")],
                     [[str(p["rank"]), p["name"], f"{p['rating']}{'?' if p['provisional'] else ''}", str(p["games"])]
                      for p in v["players"]], right=(0, 2, 3))
    if any(p["provisional"] for v in doc["variants"] for p in v["players"]):
        t.print(Text(say("screen.club.provisional", settled=doc["scale"]["settled"]), style="dim"))


def command_line(words: list[str]) -> str:
    """A table's ``new`` command as it is typed in a shell."""
    return " ".join(shlex.quote(w) for w in words)


def evening(t: Any, doc: dict) -> None:
    from scorekeeper.cli.render.board import qr_lines

    t.print(Text(say("screen.club.evening", title=plain(doc["title"]), round=doc["round"]), style="bold"))
    for table_ in doc["tables"]:
        t.print("")
        line = Text(say("screen.club.table", table=table_["table"]) + ": ", style="bold")
        line.append(", ".join(plain(n) for n in table_["players"]))
        t.print(line)
        command = command_line(table_["command"])
        started = say("screen.club.start_it") + " " + plain(command)
        from rich.cells import cell_len

        if t.out.is_terminal and cell_len(started) > t.out.width:  # a command to copy is never wrapped inside:
            t.print(Text(say("screen.club.start_it")))      # it gets a line of its own, run over if it must
            t.out.print(Text(plain(command)), crop=False, no_wrap=True, overflow="ignore")
        else:
            t.print(Text(started))
        if t.out.is_terminal and t.unicode:  # (a pipe or a file gets the command alone)
            for qr in qr_lines(command, t.color):
                t.out.print(Text.from_ansi(qr) if t.color else Text(qr), crop=False, no_wrap=True)


def evening_standings(t: Any, doc: dict) -> None:
    t.print(Text(say("screen.club.evening_standings", title=plain(doc["title"]), rounds=doc["rounds"],
                     games=doc["games"]), style="bold"))
    rows = []
    for table_ in doc["tables"]:
        state = (say("screen.club.done") if table_["finished"] else say("screen.club.playing") if table_["session"]
                 else say("screen.club.not_started"))
        rows.append([say("screen.club.round_table", round=table_["round"], table=table_["table"]),
                     ", ".join(table_["players"]), table_["session"] or "", state])
    _print_table(t, ["", say("screen.sessions.players"), say("screen.sessions.id"), ""], rows)
    if doc["players"]:
        standings_table(t, doc["players"], doc["rule"]["min_games"])
