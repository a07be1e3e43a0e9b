"""Scoring a Canasta hand, per side, and the end of the game (SPEC §2.10).

A side scores: plus the values of every card in its melds; plus 500 for each natural canasta and
300 for each mixed one; plus 100 for each red three, 800 for all four (against it, −100 each or
−800, where it melded nothing); plus 100 for going out (``concealed_bonus``, 200, concealed);
minus the values of the cards left in its players' hands. Both partners score the side's score
(their totals are the side's), and the side's figures are the hand's ``context``::

    {"out": "Ann" | None, "concealed": bool,
     "sides": [{"players": [...], "points_only": bool, "base": int, "bonus": int,
                "canastas": {"natural": n, "mixed": n}, "red_threes": n, "melded": bool,
                "melds": [[card, ...], ...], "left": {player: [card, ...]}}]}

(``base`` — melded cards minus cards left —, ``bonus``, ``canastas`` and ``red_threes`` are null
for a side counted on paper.)

The game ends after the hand in which a side's total reaches the target (5,000); the higher
total wins, equal highest totals play another hand (``tie=play-on``) or share the win.
"""
from __future__ import annotations

from typing import Any

from scorekeeper.api import Ending, GameSoFar, HandResult, Line, PlayerScore, Scoring
from scorekeeper.core.variants.canasta import melds as cm
from scorekeeper.core.variants.canasta.entry import Deal, Side
from scorekeeper.core.variants.canasta.options import OUT_BONUS, minimum_first_meld

#: the rule cited by every line: the variant's section, "Canasta: scoring a hand"
RULE = "§2.10"


def _lines(side: Side, deal: Deal, rules: Any) -> tuple[list[Line], dict]:
    """The lines of one side's score, as the table adds them (melds, canastas, red threes, going
    out, then each partner's cards left), and the side's figures for the context."""
    figures: dict[str, Any] = {"players": list(side.players), "points_only": side.points_only}
    if side.points_only:
        line = Line(side.points, "canasta.line.points", RULE + ", I-6", "table", None, "points",
                    {"side": list(side.players), "points": side.points})
        figures.update(base=None, bonus=None, canastas=None, red_threes=None, melded=None, melds=None, left=None)
        return [line], figures
    lines: list[Line] = []
    melded = 0
    for m in side.melds or ():
        melded += m.points
        lines.append(Line(m.points, "canasta.line.meld", RULE, "meld", None, "melds",
                          {"cards": m.cards, "meld": cm.said(m), "points": m.points}))
    bonus = 0
    for m in side.melds or ():
        if m.canasta:
            points = cm.NATURAL_BONUS if m.canasta == "natural" else cm.MIXED_BONUS
            bonus += points
            lines.append(Line(points, f"canasta.line.{m.canasta}", RULE, "bonus", None, "canastas",
                              {"ranks": cm.rank_plural(m.rank), "points": points}))
    if side.red_threes:
        points = cm.ALL_RED_THREES if side.red_threes == 4 else cm.RED_THREE * side.red_threes
        against = not side.melded
        code = "canasta.line.red_threes" + (".all" if side.red_threes == 4 else "") + (".against" if against else "")
        points = -points if against else points
        bonus += points
        lines.append(Line(points, code, RULE + (", I-K6" if against else ""), "bonus", None, "red_threes",
                          {"count": side.red_threes, "points": abs(points)}))
    if deal.out is not None and deal.out in side.players:
        points = rules["concealed_bonus"] if deal.concealed else OUT_BONUS
        bonus += points
        code = "canasta.line.out_concealed" if deal.concealed else "canasta.line.out"
        lines.append(Line(points, code, RULE + (", I-K3" if deal.concealed else ""), "bonus", None, "out",
                          {"player": deal.out, "points": points}))
    left = 0
    for p in side.players:
        for card in side.hands[p]:
            points = cm.value(card)
            left += points
            lines.append(Line(-points, "canasta.line.left", RULE, "hand", card, f"left:{p}",
                              {"card": card, "player": p, "points": points}))
    figures.update(base=melded - left, bonus=bonus,
                   canastas={"natural": side.canastas("natural"), "mixed": side.canastas("mixed")},
                   red_threes=side.red_threes, melded=side.melded,
                   melds=[[str(pc) for pc in m.cards] for m in side.melds or ()],
                   left={p: [str(c) for c in side.hands[p]] for p in side.players})
    return lines, figures


def score_deal(deal: Deal, game: GameSoFar) -> HandResult:
    """One hand's scores: each player the score of their side (SPEC §2.10)."""
    players: dict[str, PlayerScore] = {}
    sides = []
    for side in deal.sides:
        lines, figures = _lines(side, deal, game.rules)
        sides.append(figures)
        for p in side.players:
            players[p] = PlayerScore(p, list(lines), points_only=side.points_only)
    players = {p: players[p] for p in game.players}
    won = list(deal.side_of(deal.out).players) if deal.out is not None else []
    context = {"out": deal.out, "concealed": deal.concealed, "sides": sides}
    return HandResult(players, won, "out" if deal.out is not None else "stock", context)


def side_totals(game: GameSoFar) -> dict[tuple[str, ...], int]:
    """Each side's total after the hands of ``game`` (a partner's total is the side's)."""
    totals = game.totals
    return {side: totals[side[0]] for side in game.sides}


def end_of_game(game: GameSoFar) -> Ending:
    """Over once a side's total reaches the target at the end of a hand: the higher total wins
    (both partners); equal highest totals play another hand or share the win (I-K4)."""
    if not game.played:
        return Ending(False)
    totals = side_totals(game)
    target = game.rules["target"]
    if max(totals.values()) < target:
        return Ending(False)
    best = max(totals.values())
    top = [side for side, total in totals.items() if total == best]
    if len(top) == 1:
        return Ending.of(True, list(top[0]))
    names = [p for side in top for p in side]
    facts = {"sides": ["+".join(side) for side in top], "total": best}
    if game.rules["tie"] == "shared":
        return Ending.of(True, names, note="canasta.end.shared", facts=facts)
    return Ending.of(False, note="canasta.end.tie", facts=facts)


class CanastaScoring(Scoring):
    """Each side's score, both partners scoring it; the first side to the target ends the game."""

    def score(self, entry: Deal, game: GameSoFar) -> HandResult:
        return score_deal(entry, game)

    def end(self, game: GameSoFar) -> Ending:
        return end_of_game(game)

    def hand_facts(self, result: HandResult) -> dict:
        """Whether the player who went out went out concealed (``out`` is every hand's)."""
        return {"concealed": bool(result.context.get("concealed"))}

    def side_hand_facts(self, result: HandResult, side: tuple[str, ...]) -> dict:
        """SPEC §2.10: a side's ``base``, ``bonus``, ``canastas`` {natural, mixed} and ``red_threes``
        (null for a side counted on paper)."""
        for figures in result.context.get("sides") or ():
            if tuple(figures["players"]) == tuple(side):
                return {key: figures.get(key) for key in ("base", "bonus", "canastas", "red_threes")}
        return {"base": None, "bonus": None, "canastas": None, "red_threes": None}

    def side_game_facts(self, state: Any, side: tuple[str, ...]) -> dict:
        """SPEC §2.10: ``first_meld``, the minimum first meld of the side in the coming hand (null
        once the game is over)."""
        if state.ending.finished:
            return {"first_meld": None}
        return {"first_meld": minimum_first_meld(state.setup.rules, state.hand_totals[side[0]])}
