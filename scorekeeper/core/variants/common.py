"""Pieces of the rule book shared by several variants."""
from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.core.game import Ending, GameSetup, PlayedHands
from scorekeeper.core.rules import one_of, option
from scorekeeper.core.scoring import HandResult


def tie_option(choices: tuple[str, ...], default: str, values: str | None = None,
               help: str = "tied winning totals at the end: play-on plays another hand, shared gives a joint win"
               ) -> Any:
    """The ``tie`` option (I-1): play another hand until the tie breaks, or share the win."""
    return option(default, values or " or ".join(choices), one_of(*choices), help)


def sum_scores(setup: GameSetup, results: Sequence[HandResult]) -> dict[str, int]:
    """Each player's total in points: what was carried over from paper, plus the hand scores
    (kept by :class:`~scorekeeper.core.game.PlayedHands` as a replay adds hands, so asking after
    every hand does not add them all again)."""
    totals = setup.start_totals()
    if isinstance(results, PlayedHands):
        for p, s in results.score_sums.items():
            totals[p] = totals.get(p, 0) + s
        return totals
    for r in results:
        for p, s in r.scores.items():
            totals[p] += s
    return totals


def best_of(totals: dict[str, int], lowest_wins: bool) -> list[str]:
    """The players holding the winning total (highest, or lowest), in seat order."""
    best = (min if lowest_wins else max)(totals.values())
    return [p for p, t in totals.items() if t == best]


def tie_ending(setup: GameSetup, totals: dict[str, int]) -> Ending:
    """The end of a game whose final totals are ``totals``: one winner, or a tie
    that is shared or played off per the ``tie`` option (I-1)."""
    winners = best_of(totals, setup.variant.lowest_wins)
    if len(winners) == 1:
        return Ending.of(True, winners)
    if setup.rules["tie"] == "shared":
        return Ending.of(True, winners, note="end.shared", facts={"winners": winners, "total": totals[winners[0]]})
    return Ending.of(False, note=f"end.tie_play_on.{setup.variant.deal_word}",
                     facts={"winners": winners, "total": totals[winners[0]]})


#: the game goes on (an ending is never changed once made: one serves every deal of every game)
_GOES_ON = Ending(False)


def highest_total_ending(setup: GameSetup, results: Sequence[HandResult], target: int) -> Ending:
    """Rummy 500 / Rum 500: the game ends after the hand in which one or more totals
    reach ``target``; the highest total wins, ties per I-1. Where several reached the
    target in that hand and one total is highest, the note says why that one wins
    (``end.several_reached``: ``reached``, ``target``, ``winners``, ``total``, ``rule``)."""
    totals = sum_scores(setup, results)
    if not results or max(totals.values()) < target:
        return _GOES_ON
    ending = tie_ending(setup, totals)
    reached = [p for p, t in totals.items() if t >= target]
    if ending.finished and len(ending.winners) == 1 and len(reached) > 1:
        return Ending.of(True, ending.winners, note="end.several_reached", facts={
            "reached": reached, "target": target, "winners": ending.winners,
            "total": totals[ending.winners[0]], "rule": setup.variant.scoring.end_rule})
    return ending
