"""How Indian Rummy's deals follow one another: how many, who takes part, and the two events
between deals of a pool (SPEC §2.9 "The game", I-N4, I-N5).

* A points game has ``deals`` deals (6); a deals game 2, 3 or 6; a pool has no fixed number.
* In a pool a player whose total reaches the limit (101, 201, 61) is eliminated: they hold no
  cards, deal no more, are not asked for and are refused in an entry (:meth:`IndianDeals.in_play`;
  the deal passes to the next player to the left who is still in).
* **Rejoin** (I-N4): an eliminated player may come back once per game, before it has ended,
  while no remaining player's total is above 79 (pool101), 174 (pool201) or 44 (pool61); they
  come back at the highest remaining total plus 1. Worked example (pool101): Ann 72, Bob 58, Cy
  eliminated at 104 after deal 5: Cy rejoins at 73 (72 + 1), a change of −31.
* **Split** (I-N5): when two or three players are left they may end the game by agreement and
  share it.
"""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.api import Deals, GameSoFar, StateError, find_player, phrase
from scorekeeper.core.variants.indian.options import REJOIN_ABOVE, IndianRules

#: the events between deals a pool takes: a rejoin (``rejoin NAME``) and a split (``end --split``)
EVENTS = ("rejoin", "split")


class IndianDeals(Deals):
    """Deals by the ``game`` option; in a pool, only the players under the limit take part."""

    def count(self, rules: Mapping[str, Any]) -> int | None:
        return rules.deal_count  # type: ignore[attr-defined]

    def packs(self, rules: Mapping[str, Any], players: int) -> tuple[int, int]:
        return rules["packs"], rules["jokers"]

    def in_play(self, game: GameSoFar) -> tuple[str, ...]:
        """In a pool, the players whose total is under the limit; else everyone."""
        limit = game.rules.limit  # type: ignore[attr-defined]
        if limit is None:
            return game.players
        totals = game.totals
        return tuple(p for p in game.players if totals[p] < limit)

    def events(self) -> tuple[str, ...]:
        return EVENTS

    def apply(self, game: GameSoFar, event: Mapping[str, Any]) -> dict[str, int]:
        """A rejoin or a split at its place (after ``event["after"]`` deals): checked, and what it
        changes in the totals (a rejoin: the player's total to the highest remaining plus 1)."""
        rules: IndianRules = game.rules  # type: ignore[assignment]
        kind = event.get("kind")
        if kind not in EVENTS:
            return super().apply(game, event)
        if not rules.pool:
            raise StateError(f"indian.{kind}.not_pool", game=rules.game)
        if not game.played:
            raise StateError("indian.event.no_deal_yet", kind=kind)
        ending = self.variant.scoring.end(game)
        if ending.finished:
            raise StateError(f"indian.{kind}.game_over", winners=list(ending.winners))
        in_play = list(game.in_play)
        if kind == "split":
            if len(in_play) not in (2, 3):
                raise StateError("indian.split.players", players=in_play, count=len(in_play))
            return {}
        return self._rejoin(game, rules, event.get("player"), in_play)

    def _rejoin(self, game: GameSoFar, rules: IndianRules, name: Any, in_play: list[str]) -> dict[str, int]:
        if not rules["rejoin"]:
            raise StateError("indian.rejoin.off")
        player = find_player(name, game.players) if isinstance(name, str) else None
        if player is None:
            raise StateError("indian.rejoin.who", name=name, players=list(game.players))
        totals = game.totals
        if player in in_play:
            raise StateError("indian.rejoin.in_play", player=player, total=totals[player], limit=rules.limit)
        if any(e.kind == "rejoin" and e.player == player for e in game.events):
            raise StateError("indian.rejoin.once", player=player)
        highest = max(totals[p] for p in in_play)
        above = REJOIN_ABOVE[rules.game]
        if highest > above:
            leader = next(p for p in in_play if totals[p] == highest)
            raise StateError("indian.rejoin.too_late", player=player, leader=leader, total=highest, above=above)
        return {player: highest + 1 - totals[player]}

    def event_words(self, event: Mapping[str, Any], change: Mapping[str, int], totals: Mapping[str, int]) -> Any:
        """"Cy rejoins at 73 after deal 5." / "The game ends by agreement after deal 7." """
        if event.get("kind") == "rejoin":
            player = str(event.get("player"))
            return phrase("indian.event.rejoin", player=player, after=event.get("after"), total=totals.get(player))
        if event.get("kind") == "split":
            return phrase("indian.event.split", after=event.get("after"))
        return super().event_words(event, change, totals)
