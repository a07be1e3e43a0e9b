"""Gin Rummy's statistics (SPEC §5 ``stats``, issue 14): counted from the hands' facts.

Per player, over the gin games given:

- **gins**: hands the player won with gin or big gin (as the knocker);
- **undercuts**: hands the player won by undercutting the knocker (as the defender);
- **knocks**: hands the player ended by knocking with deadwood (a gin or big gin is counted
  under gins, not here);
- **deadwood** / **average_deadwood**: the player's deadwood after lay-offs in every
  hand that was not void (points), and its mean rounded to 2 decimals (null with none);
- **shutouts**: finished games the player won while the other player won no hand (I-G2).

Nothing here reads a database: each game is given as its players, the ``context``
of each scored hand (:func:`scorekeeper.core.variants.gin.score.score_hand`), whether it is
finished, its winners and whether it was a shutout.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.core.rulebook import Tally


@dataclass(frozen=True)
class GinGame:
    """One gin game as its statistics need it."""

    players: tuple[str, ...]
    hands: tuple[Mapping[str, Any], ...]  # each hand's context
    finished: bool
    winners: tuple[str, ...]
    shutout: bool


def empty() -> dict[str, Any]:
    return {"gins": 0, "undercuts": 0, "knocks": 0, "hands": 0, "deadwood": 0, "average_deadwood": None,
            "shutouts": 0}


def add_game(row: dict[str, Any], name: str, game: GinGame) -> dict[str, Any]:
    """Add ``game``'s figures for player ``name`` to ``row`` (a dict from :func:`empty`)."""
    for c in game.hands:
        kind = c.get("kind")
        if kind == "void" or kind is None:
            continue
        row["hands"] += 1
        row["deadwood"] += (c.get("deadwood") or {}).get(name, 0)
        if c.get("knocker") == name and kind not in ("gin", "big_gin"):
            row["knocks"] += 1
        if c.get("winner") == name and kind in ("gin", "big_gin"):
            row["gins"] += 1
        if c.get("winner") == name and kind == "undercut":
            row["undercuts"] += 1
    if game.finished and game.shutout and name in game.winners:
        row["shutouts"] += 1
    row["average_deadwood"] = round(row["deadwood"] / row["hands"], 2) if row["hands"] else None
    return row


class GinTally(Tally):
    """Gin Rummy's own statistics: gins, undercuts, knocks, average deadwood, shutouts."""

    def game_of(self, players: Sequence[str], state: Any) -> GinGame:
        """What one gin game holds for ``stats``: each hand's facts, the end and whether it was a shutout."""
        return GinGame(tuple(players), tuple(res.context for res in state.results), state.ending.finished,
                       tuple(state.ending.winners), bool(state.facts.get("shutout")))

    def empty(self) -> dict[str, Any]:
        return empty()

    def add(self, row: dict[str, Any], name: str, game: GinGame) -> dict[str, Any]:
        return add_game(row, name, game)


TALLY = GinTally(key="gin", columns=tuple((key, f"gin.screen.stats.{key}") for key in
                                          ("gins", "undercuts", "knocks", "average_deadwood", "shutouts")),
                 title="gin.screen.stats.title", versus_title="gin.screen.stats.versus_title")
