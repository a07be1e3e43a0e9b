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
        "lowest_wins": bool,              # how the players rank (caches written before it: highest first)
        "digest": hex,                    # of the entries and setup it was derived from, and of itself
    }

The cache is written in the same single write as the hands, and used only
when its stamp is this rules code's, it covers exactly the stored hands, and
its digest (:func:`cache_digest`) is that of the record's entries and setup
and of the cache's own numbers; otherwise the session is replayed. So a number
changed by hand in the file, or a cache left beside other hands, is never
believed: the answer is always the entries' (a cache written before the
digest existed is replayed too, until the session's next save or
`db check --repair`). Either way the result is the one game
model, :class:`scorekeeper.core.game.GameState`: built from the cache
(:func:`board_from_cache`, numbers only) or replayed; the caller replays when it gives None.
"""
from __future__ import annotations

import hashlib
import json
import os

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.game import Ending, GameSetup, GameState, HandSummary, Replay
from scorekeeper.storage.schema import cached_derived

_STAMP: str | None = None


def scorer_stamp() -> str:
    """What identifies the rules code: a short hash of the text of every file
    under ``scorekeeper/core/`` (computed once per process, when first needed).
    Any change to the rules makes every cache written before it stale."""
    global _STAMP
    if _STAMP is None:
        digest = hashlib.sha256()
        for parts, path in sorted(_sources(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(
                __file__))), "core"), ())):
            digest.update("/".join(parts).encode())
            digest.update(b"\0")
            with open(path, "rb") as f:
                digest.update(f.read())
            digest.update(b"\0")
        _STAMP = digest.hexdigest()[:16]
    return _STAMP


def _sources(folder: str, parts: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    """``(path parts under core/, path)`` of every ``.py`` file under ``folder``, by
    :func:`os.scandir` (half the time of ``Path.rglob`` and ``read_bytes``); sorted by the
    parts, they come in the order ``sorted(Path.rglob())`` gave, so the stamp is the same."""
    found = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                found += _sources(entry.path, (*parts, entry.name))
            elif entry.name.endswith(".py"):
                found.append(((*parts, entry.name), entry.path))
    return found


#: The parts of a session record its scores depend on (besides its hands' entries).
_SETUP_KEYS = ("variant", "players", "rules", "dealer", "carried", "first_round")


def cache_digest(record: dict, cache: dict) -> str:
    """The digest a cache of derived numbers carries (32 hex digits): BLAKE2b of the
    canonical JSON (sorted keys, no spaces) of the record's hand entries in effect,
    its setup (:data:`_SETUP_KEYS`, and ``sides`` where kept) and the cache itself less its ``digest``. It is a
    check that the cache belongs to these entries and was not changed, not a seal
    against someone who recomputes it. Never raises for a record that is JSON."""
    kept = {"entries": [h.get("entry") for h in record.get("hands", ())],
            "setup": {k: record.get(k) for k in _SETUP_KEYS},
            "cache": {k: v for k, v in cache.items() if k != "digest"}}
    if record.get("events"):  # the events between deals count in the totals too (none: as before)
        kept["events"] = record["events"]
    if "sides" in record:  # kept only where players form sides (the digest of other records as it was)
        kept["setup"]["sides"] = record["sides"]
    text = json.dumps(kept, sort_keys=True, ensure_ascii=False, separators=(",", ":"), check_circular=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def derive(state: GameState, record: dict) -> dict:
    """The cache of a replayed game (the shape in the module docstring) of the stored
    ``record`` whose entries ``state`` replays, with its digest (:func:`cache_digest`)."""
    ending = state.ending
    cache = {
        "scorer": scorer_stamp(),
        # (each hand's numbers as its summary gives them, read from the hand itself: no summary made)
        "hands": [{"scores": dict(h.scores), "won": list(h.won), "points_only": h.points_only, "ended": h.ended}
                  for h in state.results],
        "finished": ending.finished, "winners": list(ending.winners), "bonus": dict(ending.bonus),
        "note": ending.note,
        # how the players rank, for a session shown from these numbers when its variant is not installed
        "lowest_wins": state.setup.variant.lowest_wins,
    }
    cache["digest"] = cache_digest(record, cache)
    return cache


def board_from_cache(record: dict, setup: GameSetup) -> GameState | None:
    """The game model from ``record["derived"]``, or None when there is no cache,
    it was written by other rules code, it does not cover exactly the stored
    hands, it is not of the expected shape, or its digest is missing or not that of
    the record's entries and of its own numbers (then the session is replayed).
    The shape is the storage schema's (:func:`scorekeeper.storage.schema.cached_derived`)."""
    return _board(record, setup, stored_numbers(record, scorer_stamp()))


def stored_board(record: dict, setup: GameSetup) -> GameState | None:
    """The game model from the numbers ``record["derived"]`` holds, whichever rules code derived
    them: a session scored by another version of its variant shows them as stored (SPEC §8).
    None when they cannot be believed (:func:`stored_numbers`)."""
    return _board(record, setup, stored_numbers(record))


def stored_numbers(record: dict, scorer: str | None = None) -> dict | None:
    """``record["derived"]`` when it can be believed: of the cache's shape, covering exactly the
    stored hands and naming only the record's players, its digest that of the record's entries
    and of its own numbers; derived by the rules code ``scorer`` (None: by any). Else None."""
    d = record.get("derived")
    if scorer is None:
        scorer = d.get("scorer") if isinstance(d, dict) else None
        if not isinstance(scorer, str):
            return None
    d = cached_derived(record, record.get("players") or (), scorer)
    if d is None or d.get("digest") != cache_digest(record, d):
        return None
    return d


def _board(record: dict, setup: GameSetup, d: dict | None) -> GameState | None:
    if d is None:
        return None
    players = setup.players
    # the points in seat order, as a replay gives them (the cache names every player in each hand)
    hands = [HandSummary({p: h["scores"][p] for p in players}, tuple(h["won"]), h["points_only"], h["ended"])
             for h in d["hands"]]
    bonus = d["bonus"]
    ending = Ending(d["finished"], list(d["winners"]), {p: bonus[p] for p in players if p in bonus}, d["note"])
    if record.get("events"):  # what each event between deals changed: worked out again from the numbers
        game = Replay(setup, record["events"])
        try:
            for h in hands:
                game.add(h, end=False)
            played = game.state().results
        except ScorekeeperError:  # an event the rules refuse where it stands: the session is replayed
            return None
        return GameState(setup, played, ending)
    return GameState.from_hands(setup, hands, ending)
