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

from scorekeeper.core.game import Ending, GameSetup, GameState, HandSummary
from scorekeeper.storage.schema import cached_derived

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


def board_from_cache(record: dict, setup: GameSetup) -> GameState | None:
    """The game model from ``record["derived"]``, or None when there is no cache,
    it was written by other rules code, it does not cover exactly the stored
    hands, or it is not of the expected shape (then the session is replayed).
    The shape is the storage schema's (:func:`scorekeeper.storage.schema.cached_derived`)."""
    players = setup.players
    d = cached_derived(record, players, scorer_stamp())
    if d is None:
        return None
    # the points in seat order, as a replay gives them (the cache names every player in each hand)
    hands = [HandSummary({p: h["scores"][p] for p in players}, tuple(h["won"]), h["points_only"], h["ended"])
             for h in d["hands"]]
    bonus = d["bonus"]
    ending = Ending(d["finished"], list(d["winners"]), {p: bonus[p] for p in players if p in bonus}, d["note"])
    return GameState.from_hands(setup, hands, ending)
