"""``serve``: the scoreboard as one web page, and the JSON document the page polls.

The page (:func:`page`) is plain HTML with its words in the language spoken; its
script (``web/board.js``) draws the board from the document :func:`document`
makes and asks for it again every second. Every sentence and every figure the page
shows beyond the application's own documents (the points a player still needs, who
is ahead, the newest hand, who went out) is worked out here, from those documents,
so the script only lays things out. Names and titles reach the page only as
HTML-escaped text (the title in the page) or as JSON that the script puts in with
``textContent`` (never as HTML); the JSON inside the page escapes ``<``, so no name
can end the block it stands in.
"""
from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

from scorekeeper.cli.render.common import deal_number, deal_word_of, for_deal_word, rank_said, variant_name
from scorekeeper.core.messages import say, say_count

#: The words for one deal, by the variant's deal word (``hand``, ``round``, ``deal``): how many
#: were played (a count), a deal's heading in the history, one deal by its number, and none played
#: yet. The one place the page reads a deal's word from.
DEAL_WORDS = {
    "hand": ("screen.page.count_hands_played", "screen.page.hand", "screen.page.hand_number",
             "screen.page.no_hands_yet"),
    "round": ("screen.page.count_rounds_played", "screen.page.round", "screen.page.round_number",
              "screen.page.no_rounds_yet"),
    "deal": ("screen.page.count_deals_played", "screen.page.deal", "screen.page.deal_number",
             "screen.page.no_deals_yet"),
}


def deal_said(doc: dict) -> tuple[str, str, str, str]:
    """The codes of :data:`DEAL_WORDS` for the variant of ``doc`` (a standings document)."""
    return DEAL_WORDS.get(deal_word_of(doc), DEAL_WORDS["hand"])


def words() -> dict[str, str]:
    """The page's fixed words, in the language spoken."""
    return {
        "total": say("screen.page.total"), "last": say("screen.page.last"), "bonus": say("screen.page.bonus"),
        "wild": say("screen.page.wild"), "dealer": say("screen.page.dealer"), "out": say("screen.page.out"),
        "final": say("screen.page.final"), "carried": say("screen.page.carried_over"),
        "history": say("screen.page.history"), "chart": say("screen.page.chart"),
        "leading": say("screen.page.leading"),
        "target": say("screen.page.target"), "full_screen": say("screen.page.full_screen"),
        "scan": say("screen.page.scan_to_follow"),
        "offline": say("screen.page.board_cannot_be_reached"),
    }


def said(doc: dict | None, notice: str | None) -> dict[str, Any]:
    """The sentences of the board ``doc`` (the application's ``board`` document with its
    history) said in the language spoken, for the page to show as text: ``heading`` (the
    variant and how many deals were played), ``deal`` (a deal's heading in the history),
    ``hands`` (each hand's own heading, "Hand 3"), ``none`` (no hand played yet, in the
    variant's word), ``coming`` (what comes next in large
    type, one fact a line: the coming round and its wild rank or the contract, who deals
    and leads — or the winner), ``next`` (the same as ``standings`` ends with),
    ``to_go`` (each player's points still needed to reach the target, said), ``wilds``
    (each hand's wild rank as the language writes it, or ""), ``won`` (the heading of hands
    won), ``notice`` (why the newest state could not be read, or None), ``last`` (the heading of
    the last deal's score, in the variant's word for a deal)."""
    from scorekeeper.cli.render.board import stale, variant_facts
    from scorekeeper.cli.render.common import variant_of
    from scorekeeper.cli.render.game import coming_deal, footer_lines, won_heading

    if doc is None:
        return {"heading": "", "deal": "", "hands": [], "none": "", "coming": [], "next": [], "to_go": {},
                "wilds": [], "won": "", "notice": notice, "last": say("screen.page.last")}
    notice = stale(notice) if notice else None
    standings = doc["standings"]
    variant = variant_of(standings)  # a session whose variant is not installed: its stand-in
    count, heading, number, none = deal_said(standings)
    hands = standings["hands"]
    history = doc.get("history", {}).get("hands", [])
    # the variant's own facts (Indian Rummy's players in play and out, the chips), before who deals next
    facts = [line.plain for line in variant_facts(standings)]
    if standings["finished"]:
        coming = [line.plain for line in footer_lines(standings)] + facts
    else:
        deal, turn = coming_deal(standings)
        coming = (([standings["note"]] if standings.get("note") else []) + ([deal.plain] if deal else []) + facts
                  + [turn.plain])
    to_go = {name: say_count("screen.page.points_to_go", points, count=points)
             for name, points in figures(doc)["to_go"].items()}
    return {"heading": variant_name(variant.name) + " · " + say_count(count, hands, count=hands),
            "deal": say(heading), "hands": [say(number, number=deal_number(h)) for h in history], "none": say(none),
            "coming": coming, "next": facts + [line.plain for line in footer_lines(standings)], "to_go": to_go,
            "wilds": [rank_said(h["wild"]) if h.get("wild") else "" for h in history],
            "won": won_heading(variant), "notice": notice,
            "last": say(for_deal_word(deal_word_of(standings), "screen.page.last_round", "screen.page.last",
                                      "screen.page.last"))}


def figures(doc: dict | None) -> dict[str, Any]:
    """What the page shows that the documents do not give as such, worked out from them:
    ``seats`` (the players in seat order, the chart's), ``target`` (the number, or None),
    ``lowest_wins``, ``ahead`` (who leads the game so far: the players ranked first once a
    hand was played, until the game ends), ``to_go`` (each player's points still needed to
    reach the target, mid-game, where the highest total wins at a target), ``newest`` (the
    newest hand's number, or None), ``start`` (each total before the first hand: carried
    over, else 0) and ``final`` (the totals with the end bonuses, where the game ended with
    some: the chart's last step)."""
    if not doc:
        return {"seats": [], "target": None, "lowest_wins": False, "ahead": [], "to_go": {}, "newest": None,
                "start": {}, "final": None}
    standings, chart, history = doc["standings"], doc["chart"], doc.get("history") or {}
    seats = [p["name"] for p in chart["players"]]
    target = standings.get("target")
    playing = not standings["finished"]
    ahead = [p["name"] for p in standings["players"] if p["rank"] == 1] if playing and standings["hands"] else []
    to_go = {}
    if target and playing and not chart["lowest_wins"]:
        to_go = {p["name"]: max(0, target - p["total"]) for p in standings["players"]}
    carried = history.get("carried") or {}
    bonus = history.get("bonus") or {}
    final = None
    if standings["finished"] and any(bonus.get(name) for name in seats):
        final = {p["name"]: p["total"] for p in chart["players"]}
    return {"seats": seats, "target": target, "lowest_wins": chart["lowest_wins"], "ahead": ahead,
            "to_go": to_go, "newest": standings["hands"] or None,
            "start": {name: carried.get(name, 0) for name in seats}, "final": final}


def document(doc: dict | None, notice: str | None, version: int) -> dict[str, Any]:
    """What the page polls (``board.json``): ``version`` (changes with every new state),
    ``standings``, ``history`` and ``chart`` (the ``--json`` documents; null before a
    session could be read), ``said`` (:func:`said`) and ``figures`` (:func:`figures`); a side in
    place of each player where players form sides (a panel, a column and a line each)."""
    from scorekeeper.cli.render import sides

    doc = sides.board(doc) or {}
    return {"version": version, "standings": doc.get("standings"), "history": doc.get("history"),
            "chart": doc.get("chart"), "said": said(doc or None, notice), "figures": figures(doc or None)}


def script_json(value: Any) -> str:
    """``value`` as JSON that can stand inside an HTML ``<script>`` block: ``<``, ``>``
    and ``&`` are written as escapes, so no text can close the block."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def qr_svg(address: str) -> bytes:
    """``address`` as a QR code in SVG, black on white (``qr.svg``, for the TV)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(address, error="m").save(out, kind="svg", border=4, dark="#000", light="#fff", xmldecl=False,
                                        omitsize=True, svgclass=None, lineclass=None)
    return out.getvalue()


def page(first: dict[str, Any], language: str, qr: bool = False) -> str:
    """The whole page: ``first`` is the :func:`document` to draw before the first poll;
    ``qr``: the page shows the QR code of its own address (``qr.svg``) on a TV."""
    standings = first.get("standings") or {}
    title = standings.get("title") or first["said"]["heading"] or "scorekeeper"
    return shell("board", language, title, words(), first, qr, MAIN, say("screen.page.scan_to_follow"),
                 header='<p id="target" hidden></p>')


def shell(name: str, language: str, title: str, said: dict, first: dict[str, Any], qr: bool, main: str, scan: str,
          header: str = "") -> str:
    """A page of ``serve`` (the board, ``name`` "board"; the club's, "club"): its head, its title bar,
    ``main`` (HTML, ``{scan}`` in it the caption of the QR code), the words it says (``said``) and
    its ``first`` document as JSON, then ``live.js`` and ``NAME.js``; ``NAME.css`` styles it.
    ``header``: HTML put in the title bar before the full-screen button. Text is escaped here."""
    return SHELL.format(name=name, lang=html.escape(language), title=html.escape(title), words=script_json(said),
                        first=script_json(first), qr="qr" if qr else "", full=html.escape(say("screen.page.full_screen")),
                        header=header, main=main.format(scan=html.escape(scan)))


def asset(name: str) -> bytes:
    """One of the page's files (``board.js``, ``board.css``, ``favicon.svg``)."""
    return resources.files("scorekeeper.cli.web").joinpath(name).read_bytes()


SHELL = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>{title}</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{name}.css">
</head>
<body data-qr="{qr}">
<header id="top"><div id="titles"><h1 id="title">{title}</h1><p id="heading"></p></div>
{header}<button id="full" type="button" hidden>{full}</button></header>
<p id="notice" hidden></p>
<main>
{main}
</main>
<script type="application/json" id="words">{words}</script>
<script type="application/json" id="first">{first}</script>
<script src="live.js"></script>
<script src="{name}.js"></script>
</body>
</html>
"""

#: the board's own part of the page (:func:`shell`)
MAIN = """<section id="players"></section>
<section id="coming"></section>
<section id="side"><div id="chart-box"><h2 id="chart-title"></h2><div id="chart"></div><div id="legend"></div></div>
<figure id="qr-box" hidden><img id="qr" alt="" width="160" height="160"><figcaption>{scan}</figcaption></figure></section>
<section id="history-box"><h2 id="history-title"></h2><div id="history"></div></section>"""
