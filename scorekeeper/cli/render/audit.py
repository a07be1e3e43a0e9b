"""``history --audit``: every version of every hand."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render.cards import typed_cards
from scorekeeper.cli.render.common import deal_number, deal_word_of, heading, signed, table
from scorekeeper.core.messages import say


def _action(action: str, undo: str | None = None) -> str:
    if action == "edited" and undo == "undone":
        return say("screen.audit.edit_undone")
    if action == "edited" and undo == "redone":
        return say("screen.audit.edit_redone")
    said = {"entered": say("screen.audit.entered"), "edited": say("screen.audit.edited"),
            "undone": say("screen.audit.undone_taken_back"),
            "redone": say("screen.audit.redone_put_back")}
    return said.get(action, action)


def _when(time: str | None) -> str:
    return (time or "?").replace("T", " ")[:19]


def _scores_text(scores: dict | None, previous: dict | None, change: dict, action: str) -> Text:
    out = Text()
    if action == "edited":
        for p, new in (scores or {}).items():
            old = (previous or {}).get(p)
            out.append(Text(p))
            if old is not None and old != new:
                out.append(f" {signed(old) or '0'} → {signed(new) or '0'} ({signed(change.get(p, 0))})\n")
            else:
                out.append(f" {signed(new) or '0'}\n")
    elif action == "undone":
        for p, old in (previous or {}).items():
            out.append(Text(p))
            out.append(" " + say("screen.audit.score_taken_back", score=signed(old) or "0") + "\n")
    else:
        for p, new in (scores or {}).items():
            out.append(Text(p))
            out.append(f" {signed(new) or '0'}\n")
    out.rstrip()
    return out


def _entry_text(t: Any, lines: dict, previous: dict | None, action: str) -> Text:
    out = Text()
    for p, text in lines.items():
        out.append(Text(p + ": " if p else ""))
        out.append(typed_cards(text, t))
        if action == "edited" and previous is not None and previous.get(p) != text:
            out.append("\n  " + say("screen.audit.was") + " ", style="dim")
            out.append(typed_cards(previous.get(p) or "—", t, "dim"))  # nothing given before: a dash
        out.append("\n")
    out.rstrip()
    return out


def audit(t: Any, doc: dict) -> None:
    """Hand by hand, every version with its time, what changed and the score change."""
    heading(t, doc, say("screen.audit.audit"))
    if not doc["hands"]:
        word = deal_word_of(doc)
        t.print(say("screen.audit.no_rounds_yet" if word == "round" else
                    "screen.audit.no_deals_yet" if word == "deal" else "screen.audit.no_hands_yet"))
        return
    if not doc.get("kept", True):
        t.print(Text(say("screen.audit.this_session_kept_no"), style="yellow"))
    forms = {"line": say("screen.audit.line"), "file": say("screen.audit.file"), "prompt": say("screen.audit.prompt")}
    word = deal_word_of(doc)  # Carousel's and Crazy Rummy's rounds, Contract Rummy's deals
    title = {"round": "screen.audit.round_number", "deal": "screen.audit.deal_number"}.get(
        word, "screen.audit.hand_number")
    for hand in doc["hands"]:
        t.print()
        head = Text(say(title, number=deal_number(hand)), style="bold")
        if not hand["in_effect"]:
            head.append("  " + say("screen.audit.taken_back_not_in"), style="dim")
        t.print(head)
        drawn = table()
        drawn.add_column("#", justify="right")
        drawn.add_column(say("screen.audit.when_utc"))
        drawn.add_column(say("screen.audit.what"))
        drawn.add_column(say("screen.audit.entry"), overflow="fold", ratio=2)
        drawn.add_column(say("screen.audit.scores"), overflow="fold", ratio=1)
        for v in hand["versions"]:
            what = Text(_action(v["action"], v.get("undo")))
            if v.get("form"):
                what.append(f" ({forms.get(v['form'], v['form'])})", style="dim")
            if v.get("current"):
                what.append("\n" + say("screen.audit.in_effect"), style="green")
            if v["action"] == "undone":
                entry = _entry_text(t, v["previous_lines"], None, v["action"])
            else:
                entry = _entry_text(t, v["lines"], v["previous_lines"], v["action"])
            drawn.add_row(str(v["seq"]), _when(v["time"]), what, entry,
                          _scores_text(v["scores"], v["previous_scores"], v["change"], v["action"]))
        t.print(drawn)
    _events(t, doc)


def _events(t: Any, doc: dict) -> None:
    """The events between deals (a rejoin, a split): when each was made, taken back or made again."""
    events = [e for e in doc.get("events") or () if e["action"] in ("event", "event_undone")]
    if not events:
        return
    t.print()
    t.print(Text(say("screen.audit.between_deals"), style="bold"))
    drawn = table()
    drawn.add_column("#", justify="right")
    drawn.add_column(say("screen.audit.when_utc"))
    drawn.add_column(say("screen.audit.what"))
    drawn.add_column(say("screen.audit.entry"), overflow="fold", ratio=2)
    for e in events:
        what = ("screen.audit.event_undone" if e["action"] == "event_undone" else
                "screen.audit.event_redone" if e.get("undo") == "redone" else "screen.audit.event_made")
        drawn.add_row(str(e["seq"]), _when(e["time"]), say(what), Text(e.get("words") or ""))
    t.print(drawn)
