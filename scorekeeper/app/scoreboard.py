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
otherwise the session is replayed. A :class:`Board` is the light, pure
summary commands read: built from the cache (:func:`board_from_cache`) or
from a replayed game (:func:`board_from_state`); :func:`board_of` picks.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.core.game import GameSetup, GameState, rank_totals

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
        "hands": [{"scores": r.scores, "won": list(r.won), "points_only": r.points_only, "ended": r.ended}
                  for r in state.results],
        "finished": ending.finished, "winners": list(ending.winners), "bonus": dict(ending.bonus),
        "note": ending.note,
    }


@dataclass(frozen=True)
class BoardHand:
    """One hand on the scoreboard: ``scores`` in points per player, the players
    who ``won`` it, whether it was entered as ``points_only``, how it ``ended``."""

    scores: dict[str, int]
    won: tuple[str, ...]
    points_only: bool
    ended: str


@dataclass(frozen=True)
class Board:
    """What ``stats`` and the CSV/Markdown exports need of a session, all in points.

    ``running`` is the sum of hand scores after each hand (bonuses not
    included, as ``history`` shows); ``totals`` include the end bonuses;
    ``ranking`` is ``(rank, name, total)`` as in ``standings``.
    """

    setup: GameSetup
    hands: tuple[BoardHand, ...]
    finished: bool
    winners: tuple[str, ...]
    bonus: dict[str, int]
    note: str

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def lowest_wins(self) -> bool:
        return self.setup.variant.lowest_wins

    @property
    def count(self) -> int:
        """How many hands were played."""
        return len(self.hands)

    def running(self) -> list[dict[str, int]]:
        """The total after each hand, hand scores only."""
        run = {p: 0 for p in self.players}
        out = []
        for h in self.hands:
            for p in self.players:
                run[p] += h.scores[p]
            out.append(dict(run))
        return out

    @property
    def totals(self) -> dict[str, int]:
        """Hand scores plus end bonuses, per player."""
        totals = {p: self.bonus.get(p, 0) for p in self.players}
        for h in self.hands:
            for p in self.players:
                totals[p] += h.scores[p]
        return totals

    @property
    def won(self) -> dict[str, int]:
        """Hands won per player."""
        counts = {p: 0 for p in self.players}
        for h in self.hands:
            for p in h.won:
                counts[p] += 1
        return counts

    def ranking(self) -> list[tuple[int, str, int]]:
        """``(rank, name, total)`` in rank order (the same ranking as ``standings``)."""
        return rank_totals(self.players, self.totals, self.lowest_wins)

    def dealer_of(self, number: int) -> str:
        """Who dealt hand ``number`` (1-based)."""
        return self.setup.dealer_of(number)

    @property
    def next_dealer(self) -> str | None:
        return None if self.finished else self.setup.dealer_of(self.count + 1)


def board_from_state(state: GameState) -> Board:
    """The scoreboard of a replayed game."""
    e = state.ending
    hands = tuple(BoardHand(r.scores, tuple(r.won), r.points_only, r.ended) for r in state.results)
    return Board(state.setup, hands, e.finished, tuple(e.winners), dict(e.bonus), e.note)


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


def board_from_cache(record: dict, setup: GameSetup) -> Board | None:
    """The scoreboard from ``record["derived"]``, or None when there is no cache,
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
            hands.append(BoardHand(_points(h.get("scores"), players, True), _names(h.get("won"), players),
                                   h["points_only"], h["ended"]))
        if not isinstance(d.get("finished"), bool) or not isinstance(d.get("note"), str):
            return None
        return Board(setup, tuple(hands), d["finished"], _names(d.get("winners"), players),
                     _points(d.get("bonus"), players, False), d["note"])
    except ValueError:
        return None


def board_of(record: dict) -> Board:
    """A stored session's scoreboard: from its cache when fresh, else by replaying
    its hands. Raises what :func:`scorekeeper.core.game.replay` raises, naming the session."""
    from scorekeeper.app.sessions import setup_of

    setup = setup_of(record)
    board = board_from_cache(record, setup)
    if board is not None:
        return board
    from scorekeeper.app.exporting import replayed

    return board_from_state(replayed(record).state)


def cache_is_wrong(record: dict, state: GameState) -> bool:
    """Whether a record holds a cache of this rules code that disagrees with
    ``state``, its replay (a cache of other rules code is not wrong, only unused)."""
    d = record.get("derived")
    if d is None:
        return False
    if isinstance(d, dict) and d.get("scorer") != scorer_stamp():
        return False
    return d != derive(state)
