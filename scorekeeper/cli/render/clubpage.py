"""``serve --club``: the club board as one web page, and the JSON document the page polls.

The page (:func:`page`) is plain HTML with its words in the language spoken; its script
(``web/club.js``) draws the board from the document :func:`document` makes and asks for it
again every second. Everything the page shows — the tables of the evening's round with their
live totals and whether they play or are done, the evening's points, the season's standings and
the ratings — is said here, in the language spoken, as lists of text (``shown``): the script only
lays them out, so no sentence is made in it. Names and titles reach the page only as
HTML-escaped text (the title in the page) or as JSON that the script puts in with
``textContent``, never as HTML.
"""
from __future__ import annotations

from typing import Any

from scorekeeper.cli.render.common import variant_name
from scorekeeper.core.messages import number, say, say_count

#: what a table's state is called (:data:`scorekeeper.app.clubboard.WAITING` …)
STATES = {"waiting": "screen.club.not_started", "playing": "screen.club.playing", "done": "screen.club.done"}
#: the ratings' "provisional" mark, and how many rated games settle a rating (SPEC §9)
PROVISIONAL = "?"


def words() -> dict[str, str]:
    """The page's fixed words, in the language spoken."""
    return {"offline": say("screen.page.board_cannot_be_reached"), "full_screen": say("screen.page.full_screen"),
            "scan": say("screen.clubpage.scan")}


def variant_said(vid: str) -> str:
    """A variant's name as the language writes it (its id where it is not installed here)."""
    from scorekeeper.core.errors import InputError
    from scorekeeper.core.variants import get_variant

    try:
        return variant_name(get_variant(vid).name)
    except InputError:
        return vid


def _points(value: Any) -> str:
    return number(value, 0 if float(value).is_integer() else 2)


def _heads(*codes: str) -> list[str]:
    return [say(f"screen.club.{code}") for code in codes]


def _standing_rows(lines: list[dict], least: int) -> list[dict]:
    """A season's (or the evening's) lines as the page's rows — rank, name, points, games, wins —
    the players not ranked yet below a row saying why."""
    def row(p: dict) -> dict:
        return {"rank": str(p["rank"]) if p["ranked"] else "", "name": p["name"],
                "cells": [_points(p["points"]), str(p["games"]), str(p["wins"])]}

    rows = [row(p) for p in lines if p["ranked"]]
    below = [row(p) for p in lines if not p["ranked"]]
    if below:
        rows.append({"divider": say("screen.club.unranked", least=least)})
        rows += below
    return rows


def table_rows(table: dict) -> list[dict]:
    """A table's rows: its players (or sides) by rank with their totals, the winners marked;
    before its session is started, the players as seated, without figures."""
    from scorekeeper.cli.render import sides

    standings = table.get("standings")
    if standings is None:
        return [{"rank": "", "name": name, "total": "", "mark": ""} for name in table["players"]]
    standings = sides.standings(standings)
    winners = set(standings["winners"]) if standings["finished"] else set()
    leading = not standings["finished"] and standings["hands"] > 0
    return [{"rank": str(p["rank"]), "name": p["name"], "total": str(p["total"]),
             "mark": "winner" if p["name"] in winners else "ahead" if leading and p["rank"] == 1 else ""}
            for p in standings["players"]]


def tables_shown(evening: dict) -> list[dict]:
    """Each table of the evening's round: ``name`` (Table 2), ``state`` (its key) and ``state_said``,
    ``hands`` (how many were played, in the variant's word; "" before it starts) and ``rows``."""
    from scorekeeper.cli.render.page import deal_said

    out = []
    for table in evening["now"]:
        standings = table["standings"]
        hands = say_count(deal_said(standings)[0], standings["hands"], count=standings["hands"]) if standings else ""
        out.append({"name": say("screen.clubpage.table", table=table["table"]), "state": table["state"],
                    "state_said": say(STATES[table["state"]]), "hands": hands, "rows": table_rows(table)})
    return out


def lists_shown(doc: dict) -> list[dict]:
    """The page's lists, in order: the evening's points (with an evening), the season's standings,
    each variant's ratings. Each ``{"id", "title", "note", "heads", "rows", "empty", "key",
    "spare"}``: ``heads`` the columns' words (rank, name, then the figures), ``rows`` each
    ``{"rank", "name", "cells"}`` or ``{"divider": sentence}``, ``empty`` the sentence shown in
    place of rows (or None), ``key`` a sentence under the rows (or None), ``spare`` how many of
    the last columns a narrow screen may leave out (the wins), so that the names keep their room."""
    out = []
    evening, season, ratings = doc.get("evening"), doc.get("season"), doc.get("ratings") or {}
    if evening is not None:
        out.append({"id": "evening", "title": say("screen.clubpage.evening"),
                    "note": say("screen.clubpage.games", games=evening["games"]),
                    "heads": _heads("rank", "name", "points", "games", "wins"),
                    "rows": _standing_rows(evening["players"], evening["rule"]["min_games"]),
                    "empty": None if evening["players"] else say("screen.clubpage.nothing_finished"), "key": None,
                    "spare": 1})
    if season is None:
        out.append({"id": "season", "title": say("screen.clubpage.no_season_title"), "note": None,
                    "heads": [], "rows": [], "empty": say("screen.clubpage.no_season"), "key": None, "spare": 0})
    else:
        title = say("screen.clubpage.season", season=season["season"])
        if season.get("title"):
            title += " · " + season["title"]
        out.append({"id": "season", "title": title, "note": say("screen.clubpage.games", games=season["games"]),
                    "heads": _heads("rank", "name", "points", "games", "wins"),
                    "rows": _standing_rows(season["players"], season["rule"]["min_games"]),
                    "empty": None if season["players"] else say("screen.club.no_games"), "key": None, "spare": 1})
    variants = ratings.get("variants") or []
    if not variants:
        out.append({"id": "ratings", "title": say("screen.clubpage.no_ratings_title"), "note": None, "heads": [], "rows": [],
                    "empty": say("screen.club.no_ratings"), "key": None, "spare": 0})
    for v in variants:
        provisional = any(p["provisional"] for p in v["players"])
        out.append({"id": "ratings-" + v["variant"], "title": say("screen.clubpage.ratings",
                                                                  variant=variant_said(v["variant"])),
                    "note": say("screen.clubpage.games", games=v["games"]),
                    "heads": _heads("rank", "name", "rating", "games"),
                    "rows": [{"rank": str(p["rank"]), "name": p["name"],
                              "cells": [f"{p['rating']}{PROVISIONAL if p['provisional'] else ''}", str(p["games"])]}
                             for p in v["players"]],
                    "empty": None, "key": say("screen.club.provisional", settled=ratings["scale"]["settled"]) if provisional else None,
                    "spare": 0})
    return out


def shown(doc: dict | None, notice: str | None) -> dict[str, Any]:
    """Everything the page shows of the club board ``doc`` (the application's ``club_board``
    document; None before it could be read), said in the language spoken: ``title`` (the
    evening's, else "The club"), ``heading`` (the variant and round), ``tables_title``,
    ``tables`` (:func:`tables_shown`), ``no_evening`` (the sentence shown when no evening was
    seated, else None), ``lists`` (:func:`lists_shown`), ``more`` ("and N more" for every N a list
    may leave out on the TV, by N) and ``notice`` (why the newest state could not be read)."""
    from scorekeeper.cli.render.board import stale

    notice = stale(notice) if notice else None
    if doc is None:
        return {"title": say("screen.clubpage.club"), "heading": "", "tables_title": say("screen.clubpage.tables"),
                "tables": [], "no_evening": None, "lists": [], "more": [""], "notice": notice}
    evening = doc.get("evening")
    lists = lists_shown(doc)
    longest = max((len(x["rows"]) for x in lists), default=0)
    return {"title": evening["title"] if evening else say("screen.clubpage.club"),
            "heading": say("screen.clubpage.heading", variant=variant_said(evening["variant"]),
                           round=evening["rounds"]) if evening else "",
            "tables_title": say("screen.clubpage.tables"),
            "tables": tables_shown(evening) if evening else [],
            "no_evening": None if evening else say("screen.clubpage.no_evening"),
            "lists": lists, "more": [""] + [say("screen.clubpage.more", count=n) for n in range(1, longest + 1)],
            "notice": notice}


def document(doc: dict | None, notice: str | None, version: int) -> dict[str, Any]:
    """What the page polls (``club.json``): ``version`` (changes with every new state),
    ``evening``, ``season`` and ``ratings`` (the application's documents, null before they could
    be read) and ``shown`` (:func:`shown`)."""
    doc = doc or {}
    return {"version": version, "evening": doc.get("evening"), "season": doc.get("season"),
            "ratings": doc.get("ratings"), "shown": shown(doc or None, notice)}


def page(first: dict[str, Any], language: str, qr: bool = False) -> str:
    """The whole page: ``first`` is the :func:`document` to draw before the first poll; ``qr``:
    the page shows the QR code of its own address (``qr.svg``) on a TV."""
    from scorekeeper.cli.render.page import shell

    return shell("club", language, first["shown"]["title"], words(), first, qr, MAIN, say("screen.clubpage.scan"))


#: the club board's own part of the page (:func:`scorekeeper.cli.render.page.shell`)
MAIN = """<div class="column" id="left"><section id="tonight"><h2 id="tables-title"></h2><p id="no-evening" class="empty" hidden></p>
<div id="tables"></div></section><div id="evening-box" class="lists"></div></div>
<div class="column" id="middle"><div id="season-box" class="lists"></div></div>
<div class="column" id="right"><div id="ratings-box" class="lists"></div>
<figure id="qr-box" hidden><img id="qr" alt="" width="160" height="160"><figcaption>{scan}</figcaption></figure></div>"""
