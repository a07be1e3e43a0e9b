"""``serve``: the scoreboard as one web page, and the JSON document the page polls.

The page (:func:`page`) is plain HTML with its words in the language spoken; its
script (``web/board.js``) draws the board from the document :func:`document`
makes and asks for it again every second. Names and titles reach the page only
as HTML-escaped text (the title in the page) or as JSON that the script puts in
with ``textContent`` (never as HTML); the JSON inside the page escapes ``<``, so
no name can end the block it stands in.
"""
from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

from scorekeeper.cli.render.common import rank_said, variant_name
from scorekeeper.core.messages import say, say_count


def words() -> dict[str, str]:
    """The page's fixed words, in the language spoken."""
    return {
        "total": say("screen.page.total"), "last": say("screen.page.last"), "bonus": say("screen.page.bonus"), "target": say("screen.page.to_target"),
        "hand": say("screen.page.hand"), "wild": say("screen.page.wild"), "dealer": say("screen.page.dealer"), "final": say("screen.page.final"),
        "carried": say("screen.page.carried_over"), "history": say("screen.page.history"), "chart": say("screen.page.chart"),
        "no_hands": say("screen.page.no_hands_yet"),
        "offline": say("screen.page.board_cannot_be_reached"),
    }


def said(doc: dict | None, notice: str | None) -> dict[str, Any]:
    """The sentences of the board ``doc`` (the application's ``board`` document with its
    history) said in the language spoken, for the page to show as text: ``heading``,
    ``next`` (the lines that end ``standings``: who deals and leads next, the coming
    round, or the winner), ``wilds`` (each hand's wild rank as the language writes it,
    or ""), ``notice`` (why the newest state could not be read, or None)."""
    from scorekeeper.cli.render.game import footer_lines, won_heading
    from scorekeeper.core.variants import get_variant

    from scorekeeper.cli.render.board import stale

    if doc is None:
        return {"heading": "", "next": [], "wilds": [], "won": "", "notice": notice}
    notice = stale(notice) if notice else None
    standings = doc["standings"]
    variant = get_variant(standings["variant"])
    hands = standings["hands"]
    played = say_count(*(("screen.page.count_rounds_played", hands) if variant.deal_word == "round"
              else ("screen.page.count_hands_played", hands)), count=hands)
    wilds = [h.get("wild") for h in doc.get("history", {}).get("hands", [])]
    return {"heading": variant_name(variant.name) + " · " + played,
            "next": [line.plain for line in footer_lines(standings)],
            "wilds": [rank_said(w) if w else "" for w in wilds], "won": won_heading(variant), "notice": notice}


def document(doc: dict | None, notice: str | None, version: int) -> dict[str, Any]:
    """What the page polls (``board.json``): ``version`` (changes with every new state),
    ``standings``, ``history`` and ``chart`` (the ``--json`` documents; null before a
    session could be read) and ``said`` (:func:`said`)."""
    doc = doc or {}
    return {"version": version, "standings": doc.get("standings"), "history": doc.get("history"),
            "chart": doc.get("chart"), "said": said(doc or None, notice)}


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
    return PAGE.format(lang=html.escape(language), title=html.escape(title),
                       words=script_json(words()), first=script_json(first))


def asset(name: str) -> bytes:
    """The page's script or style sheet (``board.js``, ``board.css``)."""
    return resources.files("scorekeeper.cli.web").joinpath(name).read_bytes()


PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="board.css">
</head>
<body>
<header><h1 id="title">{title}</h1><p id="heading"></p></header>
<p id="notice" hidden></p>
<main>
<section id="players"></section>
<section id="next"></section>
<section id="chart-box"><h2 id="chart-title"></h2><div id="chart"></div></section>
<section id="history-box"><h2 id="history-title"></h2><div id="history"></div></section>
</main>
<script type="application/json" id="words">{words}</script>
<script type="application/json" id="first">{first}</script>
<script src="board.js"></script>
</body>
</html>
"""
