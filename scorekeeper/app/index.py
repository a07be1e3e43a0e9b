"""The ``sessions`` document, from the index alone (no session file, no rules loaded:
a TAB that completes a session id reads it)."""
from __future__ import annotations

#: The keys of a summary row that ``sessions --json`` shows, in order.
SESSION_KEYS = ("id", "variant", "title", "players", "hands", "finished", "winners", "created")


def sessions_json(current: str | None, summaries: list[dict]) -> dict:
    """``sessions --json``: ``{"current": id or None, "sessions": [row, ...]}``, rows oldest first."""
    keys = SESSION_KEYS
    return {"current": current, "sessions": [dict(zip(keys, map(s.get, keys))) for s in summaries]}  # (each row in C)
