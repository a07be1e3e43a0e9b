"""A session's scoreboard, and the cache of derived numbers kept in its record.

The hands as entered are the truth (SPEC §6: stored as entered, scores
derived). Replaying them through the rules costs about half a millisecond a
hand, which adds up when ``stats`` and ``export --all`` read every session.
So each save also keeps, inside the session record, what the replay gave::

    record["derived"] = {
        "scorer": STAMP,                  # which rules code derived it (see scorer_stamp)
        "hands": [{"scores": {name: points}, "won": [names], "points_only": bool,
                   "ended": "out" | "knock" | "stock" | ""}, ...],
        "finished": bool, "winners": [names], "bonus": {name: points}, "note": str,
    }

The cache is written in the same single write as the hands, and used only
when its stamp is this rules code's and it covers exactly the stored hands;
otherwise the session is replayed. Either way the result is the one game
model, :class:`scorekeeper.core.game.GameState`: built from the cache
(:func:`board_from_cache`, numbers only) or replayed; the caller replays when it gives None.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from scorekeeper.core.game import Ending, GameSetup, GameState, HandSummary

_STAMP: str | None = None


def scorer_stamp() -> str:
    """What identifies the rules code: a short hash of the text of every file
    under ``scorekeeper/core/`` (computed once per process, when first needed).
    Any change to the rules makes every cache written before it stale."""
    global _STAMP
    if _STAMP is None:
        core = Path(__file__).resolve().parent.parent / "core"
        digest = hashlib.sha256()
        for path in sorted(core.rglob("*.py")):
            digest.update(path.relative_to(core).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
        _STAMP = digest.hexdigest()[:16]
    return _STAMP


def derive(state: GameState) -> dict:
    """The cache of a replayed game (the shape in the module docstring)."""
    ending = state.ending
    return {
        "scorer": scorer_stamp(),
        "hands": [{"scores": dict(h.scores), "won": list(h.won), "points_only": h.points_only, "ended": h.ended}
                  for h in state.summaries],
        "finished": ending.finished, "winners": list(ending.winners), "bonus": dict(ending.bonus),
        "note": ending.note,
    }


def _names(value: Any, players: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) and p in players for p in value):
        raise ValueError("not a list of players")
    return tuple(value)


def _points(value: Any, players: tuple[str, ...], every: bool) -> dict[str, int]:
    if not isinstance(value, dict) or (every and set(value) != set(players)) or not set(value) <= set(players):
        raise ValueError("not points per player")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        raise ValueError("not whole points")
    return {p: value[p] for p in players if p in value}


def board_from_cache(record: dict, setup: GameSetup) -> GameState | None:
    """The game model from ``record["derived"]``, or None when there is no cache,
    it was written by other rules code, it does not cover exactly the stored
    hands, or it is not of the expected shape (then the session is replayed)."""
    d = record.get("derived")
    if not isinstance(d, dict) or d.get("scorer") != scorer_stamp():
        return None
    raw = d.get("hands")
    if not isinstance(raw, list) or len(raw) != len(record.get("hands", ())):
        return None
    players = setup.players
    try:
        hands = []
        for h in raw:
            if not isinstance(h, dict) or not isinstance(h.get("points_only"), bool) \
                    or not isinstance(h.get("ended"), str):
                return None
            hands.append(HandSummary(_points(h.get("scores"), players, True), _names(h.get("won"), players),
                                     h["points_only"], h["ended"]))
        if not isinstance(d.get("finished"), bool) or not isinstance(d.get("note"), str):
            return None
        ending = Ending(d["finished"], list(_names(d.get("winners"), players)),
                        _points(d.get("bonus"), players, False), d["note"])
        return GameState.from_hands(setup, hands, ending)
    except ValueError:
        return None


def cache_is_wrong(record: dict, state: GameState) -> bool:
    """Whether a record holds a cache of this rules code that disagrees with
    ``state``, its replay (a cache of other rules code is not wrong, only unused)."""
    d = record.get("derived")
    if d is None:
        return False
    if isinstance(d, dict) and d.get("scorer") != scorer_stamp():
        return False
    return d != derive(state)
