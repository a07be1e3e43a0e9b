"""Where the variants come from (`plugins`), and scoring sessions again with the version of
their variant installed (`db rescore`), SPEC §8."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, names, records, signed, table, variant_name
from scorekeeper.core.messages import say


def plugins(t: Any, doc: dict) -> None:
    """Each variant: its id, name, package, version and where it comes from; then one sentence for
    each variant left aside (its id or alias is a built-in one's) or that cannot be loaded."""
    heads = (say("screen.plugins.variant"), say("screen.plugins.name"), say("screen.plugins.package"),
             say("screen.plugins.version"), say("screen.plugins.origin"))
    origin = {"built-in": say("screen.plugins.built_in"), "plugin": say("screen.plugins.plugin")}
    rows = [(v["id"], variant_name(v["name"]), v["package"] or "", v["version"] or "",
             origin.get(v["origin"], v["origin"] or "")) for v in doc["variants"]]
    drawn = table()
    for col in heads:
        drawn.add_column(col, overflow="fold")
    for row in rows:
        drawn.add_row(*(Text(cell) for cell in row))
    if fit_columns(t, drawn):
        t.print(drawn)
    else:
        records(t, heads, rows)
    for item in doc.get("left_aside", ()) + doc.get("failed", ()):
        t.print(Text(item["error"]))


def rescore_preview(t: Any, doc: dict) -> None:
    """What `db rescore` would change, session by session: the versions, then each player whose
    total changes (stored → as the installed version scores it), the hands scored otherwise and
    the winners where they change; or that nothing changes. A session that cannot be scored again
    is named with its sentence (on standard error)."""
    if not doc["sessions"]:
        t.print(say("screen.rescore.nothing"))
        return
    for entry in doc["sessions"]:
        if entry["refusal"] is not None:
            t.err.print(Text(entry["refusal"]))
            continue
        facts = {"session": entry["session"], "variant": entry["variant"], "package": entry["package"],
                 "before": entry["from"], "after": entry["to"]}
        heading = "screen.rescore.versions" if entry["from"] else "screen.rescore.version_unrecorded"
        t.print(Text(say(heading, **facts), style="bold"))
        if not entry["changes"]:
            t.print(Text(say("screen.rescore.no_change")))
            continue
        drawn = table()
        drawn.add_column(say("screen.rescore.player"), overflow="fold")
        for col in ("screen.rescore.stored", "screen.rescore.now", "screen.rescore.change"):
            drawn.add_column(say(col), justify="right", overflow="fold")
        for p in entry["players"]:
            if p["before"] != p["after"]:
                drawn.add_row(Text(p["name"]), str(p["before"]), str(p["after"]), signed(p["after"] - p["before"]))
        if drawn.row_count:
            fit_columns(t, drawn)
            t.print(drawn)
        hands = entry["hands"]
        if hands:
            code = "screen.rescore.hand_one" if len(hands) == 1 else "screen.rescore.hands"
            t.print(Text(say(code, hands=", ".join(map(str, hands)))))
        winners = entry["winners"]
        if entry["finished"]["before"] != entry["finished"]["after"] or winners["before"] != winners["after"]:
            t.print(Text(say("screen.rescore.winners", before=_winners(winners["before"]),
                                    after=_winners(winners["after"]))))


def _winners(found: list[str]) -> str:
    return names(found) if found else "—"


def rescored(t: Any, doc: dict) -> None:
    """What `db rescore` stored: each session scored again, or whose version alone was recorded."""
    stored = [e for e in doc["sessions"] if e.get("stored")]
    for entry in stored:
        code = "screen.rescore.stored_as" if entry["changes"] else "screen.rescore.recorded"
        t.print(Text(say(code, session=entry["session"], package=entry["package"], version=entry["to"])))
    if not stored and not any(e["refusal"] for e in doc["sessions"]):
        t.print(say("screen.rescore.nothing_stored"))
