"""A season's standings as a file (SPEC §9: ``export --season NAME --format md|csv|html``).

Made from the document ``season standings --json`` gives (:func:`scorekeeper.app.club.season_standings`):

- **md** — to paste in a chat or a wiki: the season's heading, its days and rule, the table of the
  ranked players, then the players not ranked yet under a line of their own; names and titles
  escaped (:func:`scorekeeper.app.exporting.md_escape`).
- **csv** — for a spreadsheet: one row per player (``rank`` empty below the line); names passed
  through :func:`scorekeeper.app.exporting.safe_cell`; numbers plain, with a decimal point.
- **html** — one page a club can put on its website as it is: self-contained (its style inside,
  no script, nothing loaded from elsewhere), UTF-8, readable on a phone, in the language the
  command runs in; every name and title HTML-escaped, so ``<b>Ann</b>`` shows as typed.

The headings and sentences are the club screen's own (:mod:`scorekeeper.core.messages.club`).
Nothing here prints or writes files.
"""
from __future__ import annotations

import csv
import html
import io
from pathlib import Path
from typing import Any, Callable

#: the season export's formats, and the file extensions that imply them
FORMATS = ("md", "csv", "html")
EXTENSIONS = {".md": "md", ".markdown": "md", ".csv": "csv", ".html": "html", ".htm": "html"}
#: the CSV columns, in order
CSV_COLUMNS = ("rank", "name", "points", "games", "counted", "wins", "average", "ranked")


def season_format(given: str | None, output: Any = None) -> str:
    """The format of a season's export: as given (``markdown`` is ``md``, ``htm`` is ``html``),
    else implied by the ``output`` file's extension, else md. Raises :class:`InputError`
    ``export.season_format`` for anything else (JSON included: ``season standings --json`` gives it)."""
    from scorekeeper.core.errors import InputError

    if given is None:
        return EXTENSIONS.get(output.suffix.lower(), "md") if output is not None else "md"
    fmt = given.strip().lower()
    fmt = {"markdown": "md", "htm": "html"}.get(fmt, fmt)
    if fmt not in FORMATS:
        raise InputError("export.season_format", given=given)
    return fmt


def export_season(store: Any, season: str, format_: str | None = None, output: Path | None = None,
                  force: bool = False, session: str | None = None, all_: bool = False) -> dict:
    """``export --season NAME``: ``{"format", "season", "sessions": the season's games, "output": path or
    None, "text": the export, or None once written to ``output``}``. ``output`` is written as every
    export is (:func:`scorekeeper.app.exporting.write_output`: atomically, an existing file only with
    ``force``). Raises :class:`InputError` for sessions asked for as well (``session``, ``all_``), a
    format that is not md, csv or html, an unknown season, an existing file or a folder."""
    from scorekeeper.app import club
    from scorekeeper.app.exporting import write_output
    from scorekeeper.core.errors import InputError
    from scorekeeper.storage.store import now

    if all_ or session is not None:
        raise InputError("export.season_and_sessions")
    if output is not None and str(output) == "-":
        output = None
    output = Path(output) if output is not None else None
    fmt = season_format(format_, output)
    if output is not None and output.is_dir():  # --force would not help: a folder is never replaced
        raise InputError("export.directory", path=output)
    if output is not None and not force and (output.exists() or output.is_symlink()):
        raise InputError("export.exists", path=output)
    doc = club.season_standings(store, season, {})
    text = season_text(doc, fmt, now())
    done = {"format": fmt, "season": doc["season"], "sessions": doc["games"], "output": None, "text": text}
    if output is not None:
        write_output(output, text, force)
        done.update(output=str(output), text=None)
    return done


def season_text(doc: dict, fmt: str, exported: str) -> str:
    """The season's standings (``doc``: :func:`scorekeeper.app.club.season_standings`) in ``fmt``,
    ``exported`` (UTC ISO 8601) the moment of the export."""
    return {"md": season_markdown, "csv": season_csv, "html": season_html}[fmt](doc, exported)


def _points(value: float | int) -> str:
    from scorekeeper.core.messages import number

    return number(value, 0 if float(value).is_integer() else 2)


def _rule_line(doc: dict) -> str:
    """The season's rule as the club screen says it: games, points, best N, the least games."""
    from scorekeeper.core.messages import say

    rule = doc["rule"]
    return say("screen.club.season_rule", games=doc["games"],
               points=",".join(map(str, rule["points"])) if rule["points"] else say("screen.club.points_beaten"),
               best=rule["best"] or say("screen.club.all_games"), least=rule["min_games"])


def _about(doc: dict, escape: Callable[[str], str]) -> list[str]:
    """The lines under the heading: the season's title, its days, its variants (each escaped)."""
    from scorekeeper.core.messages import say

    lines = []
    if doc.get("title"):
        lines.append(escape(doc["title"]))
    if doc.get("from") or doc.get("to"):
        code = ("export.season.from_to" if doc.get("from") and doc.get("to") else
                "export.season.from" if doc.get("from") else "export.season.to")
        lines.append(escape(say(code, start=doc.get("from") or "", end=doc.get("to") or "")))
    if doc.get("variants"):
        lines.append(escape(say("export.season.variants", variants=list(doc["variants"]))))
    lines.append(escape(_rule_line(doc)))
    return lines


def _heads() -> list[str]:
    from scorekeeper.core.messages import say

    return [say("screen.club.rank"), say("screen.club.name"), say("screen.club.points"), say("screen.club.games"),
            say("screen.club.wins"), say("screen.club.average")]


def _cells(line: dict) -> list[str]:
    """A player's row as shown: rank (empty below the line), name, points, games, wins, average place."""
    from scorekeeper.core.messages import number

    return [str(line["rank"]) if line["ranked"] else "", line["name"], _points(line["points"]), str(line["games"]),
            str(line["wins"]), number(line["average"], 2)]


def season_markdown(doc: dict, exported: str) -> str:
    """The Markdown export of a season: a heading, the lines about it, the table, the players not
    ranked yet below a line of their own, and the day of the export."""
    from scorekeeper.app.exporting import md_escape
    from scorekeeper.core.messages import say

    out = ["# " + md_escape(say("screen.club.season", season=doc["season"])), ""]
    out += [f"- {line}" for line in _about(doc, md_escape)] + [""]
    ranked = [p for p in doc["players"] if p["ranked"]]
    below = [p for p in doc["players"] if not p["ranked"]]

    def table(lines: list[dict]) -> list[str]:
        rows = ["| " + " | ".join(md_escape(h) for h in _heads()) + " |", "|--:|---|--:|--:|--:|--:|"]
        for line in lines:
            cells = _cells(line)
            cells[1] = md_escape(cells[1])
            rows.append("| " + " | ".join(cells) + " |")
        return rows + [""]

    if not doc["players"]:
        out += [md_escape(say("screen.club.no_games")), ""]
    if ranked:
        out += table(ranked)
    if below:
        out += [md_escape(say("screen.club.unranked", least=doc["rule"]["min_games"])), ""] + table(below)
    out += [md_escape(say("export.doc.exported_date", date=exported[:10])), ""]
    return "\n".join(out)


def season_csv(doc: dict, exported: str) -> str:
    """The CSV export of a season: a header row (:data:`CSV_COLUMNS`), then one row per player in
    the standings' order; ``rank`` empty and ``ranked`` ``no`` below the line."""
    from scorekeeper.app.exporting import safe_cell

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in doc["players"]:
        writer.writerow([p["rank"] if p["ranked"] else "", safe_cell(p["name"]), p["points"], p["games"],
                         p["counted"], p["wins"], f"{p['average']:.2f}", "yes" if p["ranked"] else "no"])
    return buffer.getvalue()


#: the page's own style: nothing is loaded from elsewhere
_STYLE = """\
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fafafa}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.6rem;margin:0 0 .5rem}
ul.about{list-style:none;padding:0;margin:0 0 1.25rem;color:#444}
table{border-collapse:collapse;width:100%;margin:0 0 1.5rem;background:#fff}
th,td{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
th:nth-child(2),td:nth-child(2){text-align:left;white-space:normal;overflow-wrap:anywhere}
thead th{border-bottom:2px solid #888;font-weight:600}
tbody th{font-weight:normal}
tbody tr:nth-child(-n+3) td:first-child{font-weight:700}
p.below{margin:1rem 0 .5rem;color:#444}
footer{color:#777;font-size:.85rem}
@media (prefers-color-scheme:dark){body{color:#eee;background:#161616}table{background:#1f1f1f}
th,td{border-color:#333}ul.about,p.below{color:#bbb}}
"""


def _h(text: str) -> str:
    """User text (or a sentence holding it) made inert in HTML: ``& < > " '`` escaped; a control
    character written as its escape, as the other exports do."""
    from scorekeeper.app.exporting import controls_escaped

    return html.escape(controls_escaped(text), quote=True)


def season_html(doc: dict, exported: str) -> str:
    """The season's standings as one self-contained HTML page (see the module's notes)."""
    from scorekeeper.core.messages import say, spoken_language

    heading = _h(say("screen.club.season", season=doc["season"]))
    parts = ["<!DOCTYPE html>", f'<html lang="{_h(spoken_language())}">', "<head>", '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             '<meta name="generator" content="scorekeeper">', f"<title>{heading}</title>",
             f"<style>\n{_STYLE}</style>", "</head>", "<body>", "<main>", f"<h1>{heading}</h1>",
             '<ul class="about">', *(f"<li>{line}</li>" for line in _about(doc, _h)), "</ul>"]

    def table(lines: list[dict]) -> list[str]:
        rows = ["<table>", "<thead><tr>" + "".join(f'<th scope="col">{_h(h)}</th>' for h in _heads()) + "</tr></thead>",
                "<tbody>"]
        for line in lines:
            cells = [_h(c) for c in _cells(line)]
            rows.append(f"<tr><td>{cells[0]}</td><th scope=\"row\">{cells[1]}</th>"
                        + "".join(f"<td>{c}</td>" for c in cells[2:]) + "</tr>")
        return rows + ["</tbody>", "</table>"]

    ranked = [p for p in doc["players"] if p["ranked"]]
    below = [p for p in doc["players"] if not p["ranked"]]
    if not doc["players"]:
        parts.append(f"<p>{_h(say('screen.club.no_games'))}</p>")
    if ranked:
        parts += table(ranked)
    if below:
        parts.append(f'<p class="below">{_h(say("screen.club.unranked", least=doc["rule"]["min_games"]))}</p>')
        parts += table(below)
    parts += [f"<footer>{_h(say('export.doc.exported_date', date=exported[:10]))}</footer>", "</main>", "</body>",
              "</html>", ""]
    return "\n".join(parts)
