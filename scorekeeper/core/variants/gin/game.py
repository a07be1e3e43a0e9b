"""The gin game: its end, its bonuses and the deal (SPEC §2.7, I-G2…I-G5, I-G10).

The game ends after the hand in which a total reaches ``target`` (100; 150
under Oklahoma). Only one player scores in a hand, so exactly one player
reaches it: that player (the *reacher*) gets ``game_bonus`` (100), even when
the points came from an undercut (I-G10). Each player gets ``box_bonus`` (25)
per hand won — at the end, or with each hand under ``box_timing=immediate``,
where boxes count toward the target (I-G4). A **shutout** — the other player
won no hand, a 0-point hand win (``equal_deadwood=knocker``) spoiling it (I-G2)
— adds ``shutout_bonus`` (``flat``), doubles the reacher's final total
(``double-total``), adds the reacher's hand points once more
(``double-hands``), or nothing (``none``) (I-G3).

The reacher wins (``game_winner=target``) even when the other player's boxes
lift them higher, and the ending says why (I-G5); under ``game_winner=total``
the higher final total wins, a tie going to the reacher.

The end is the core's :class:`~scorekeeper.core.game.Ending`, as every variant's: the bonus
per player with its reasons (``bonus_facts``), and a note made of every bonus given and why
the winner wins, whose facts also name the ``reacher``, whether it was a ``shutout`` and
whether the winner is ranked below the other on final totals (``winner_below``, I-G5).

Worked example (gin.json "game-to-100"): Ann's hands 37, 48 and 18 reach 103;
Bob's 28 and 14 make 42. Ann: 103 + 100 (game) + 3 × 25 (boxes) = 278; Bob:
42 + 2 × 25 = 92. Ann wins.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.game import Ending, GameSoFar, PlayedHands
from scorekeeper.core.phrase import Phrase
from scorekeeper.core.scoring import HandResult, Joined
from scorekeeper.core.variants.gin.options import GinRules


def hands_won(players: Sequence[str], hands: Sequence[HandResult]) -> dict[str, int]:
    """Hands won per player (boxes): the player who scored, even 0 (I-G2); a void hand is nobody's.
    Read from the kept counts of :class:`~scorekeeper.core.game.PlayedHands`, else counted."""
    if isinstance(hands, PlayedHands):
        return {p: hands.won_counts.get(p, 0) for p in players}
    won = {p: 0 for p in players}
    for h in hands:
        for p in h.won:
            won[p] += 1
    return won


def _undercut(hand: HandResult) -> bool:
    context = getattr(hand, "context", None)
    return isinstance(context, dict) and context.get("kind") == "undercut"


def _reached(options: GinRules, players: list[str], hands: Sequence[HandResult],
             start: Mapping[str, int]) -> tuple[str | None, bool, dict[str, int]]:
    """``(reacher, undercut, totals)``: who first reached the target (None if nobody yet),
    whether the hand that did was the defender's undercut (I-G10), and the totals in points
    (``start`` plus every hand's scores)."""
    target = options.target
    if isinstance(hands, PlayedHands):
        totals = {p: start.get(p, 0) + hands.score_sums.get(p, 0) for p in players}
        if not hands:
            return None, False, totals
        last = hands[-1]
        scores = last.scores
        # a gin hand's scores are never negative, so totals only grow: if nobody had reached
        # the target before the last hand, the last hand is the one that reached it
        if not any(totals[p] - scores.get(p, 0) >= target for p in players):
            reacher = next((p for p in players if totals[p] >= target), None)
            return reacher, reacher is not None and _undercut(last), totals
        # hands after the one that reached the target: find that hand (not met in a replay,
        # which refuses a hand after the end)
    totals = {p: start.get(p, 0) for p in players}
    reacher = None
    undercut = False
    for h in hands:
        for p, s in h.scores.items():
            totals[p] += s
        if reacher is None:
            reacher = next((p for p in players if totals[p] >= target), None)
            undercut = reacher is not None and _undercut(h)
    return reacher, undercut, totals


def end_of_game(game: GameSoFar) -> Ending:
    """Whether the game is over after ``hands`` (in order), and if so who won and the
    end bonuses (points per player), each with its reason (SPEC §2.7), as the core's
    :class:`~scorekeeper.core.game.Ending`.

    Totals are the points the setup carries over from paper (``new --carry``) plus the
    sums of the hand scores (boxes included under ``box_timing=immediate``); the game
    is over once one reaches ``target``. Each player's ``bonus_facts`` is ``gin.end.reasons``
    with the phrases of their bonuses; the note is ``gin.end.notes`` with every phrase
    (``notes``), the ``reacher``, ``shutout`` (the other player won no hand) and
    ``winner_below`` (the reacher wins ranked second on final totals, I-G5). Asked after
    every hand of a replay, it reads the sums and hands won that
    :class:`~scorekeeper.core.game.PlayedHands` keeps, and the last hand only: time
    independent of the number of hands.
    """
    setup, hands = game.setup, game.played
    options: GinRules = setup.rules
    players = list(setup.players)
    reacher, undercut, totals = _reached(options, players, hands, setup.start_totals())
    if reacher is None:
        return Ending(False)
    won = hands_won(players, hands)
    other = next(p for p in players if p != reacher)
    notes: list[Phrase] = []
    bonus = {p: 0 for p in players}
    reasons: dict[str, list[Phrase]] = {p: [] for p in players}

    def give(p: str, amount: int, code: str, /, **facts: Any) -> None:
        bonus[p] += amount
        notes.append(Phrase(code, facts))
        reasons[p].append(notes[-1])

    code = "gin.end.game_bonus_undercut" if undercut else "gin.end.game_bonus"
    give(reacher, options.game_bonus, code if options.game_bonus else "gin.end.no_game_bonus",
         player=reacher, target=options.target, total=totals[reacher], points=options.game_bonus)
    for p in players:
        if options.box_timing == "immediate":
            give(p, 0, "gin.end.boxes_at_once", player=p, count=won[p], box=options.box_bonus)
        else:
            give(p, won[p] * options.box_bonus, "gin.end.boxes", player=p, count=won[p], box=options.box_bonus,
                 points=won[p] * options.box_bonus)
    shutout = won[other] == 0
    if shutout:
        if options.shutout == "flat":
            give(reacher, options.shutout_bonus, "gin.end.shutout_flat", player=reacher, loser=other,
                 points=options.shutout_bonus)
        elif options.shutout == "double-total":
            so_far = totals[reacher] + bonus[reacher]
            give(reacher, so_far, "gin.end.shutout_double_total", player=reacher, loser=other, total=so_far,
                 points=so_far)
        elif options.shutout == "double-hands":
            give(reacher, totals[reacher], "gin.end.shutout_double_hands", player=reacher, loser=other,
                 points=totals[reacher])
        else:
            give(reacher, 0, "gin.end.shutout_none", player=reacher, loser=other)
    final = {p: totals[p] + bonus[p] for p in players}
    below = False
    if options.game_winner == "total" and final[other] > final[reacher]:
        winner = other
        notes.append(Phrase("gin.end.winner_total", {"player": other, "total": final[other], "other": reacher,
                                                      "other_total": final[reacher]}))
    elif options.game_winner == "total":
        winner = reacher
        code = "gin.end.winner_total_tie" if final[other] == final[reacher] else "gin.end.winner_total"
        notes.append(Phrase(code, {"player": reacher, "total": final[reacher], "other": other,
                                   "other_total": final[other]}))
    else:
        winner = reacher
        below = final[other] > final[reacher]
        notes.append(Phrase("gin.end.winner_below" if below else "gin.end.winner_target", {
            "player": reacher, "target": options.target, "total": final[reacher], "other": other,
            "other_total": final[other]}))
    return Ending.of(True, [winner], bonus, note="gin.end.notes",
                     facts={"notes": Joined(tuple(notes), " "), "reacher": reacher, "shutout": shutout,
                            "winner_below": below},
                     bonus_facts={p: ("gin.end.reasons", {"player": p, "reasons": Joined(tuple(r), " ")})
                                  for p, r in reasons.items()})
