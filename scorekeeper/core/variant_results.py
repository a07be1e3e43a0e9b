"""A variant's results checked where scorekeeper receives them (SPEC §8: a variant's failure
while a command runs is one sentence naming the variant).

:func:`scored_hand` is the one place a hand is handed to a variant's scoring: whatever the
variant gives — a score that is not a whole number (a float, NaN, text, ``True``), a number
beyond any game, no player or one who is not in the game — becomes a
:class:`~scorekeeper.core.errors.VariantError` naming the variant and the hand (exit 1), so
nothing of it is stored. (A bug of the variant's that raises is said, naming it, at the command
line's one boundary: :func:`scorekeeper.app.scorer.failure`.)
"""
from __future__ import annotations

from typing import Any

from scorekeeper.core.errors import VariantError

#: the largest number of points a hand may give a player, either way (far above any game's)
MAX_POINTS = 10 ** 9


def scored_hand(game: Any, entry: Any) -> Any:
    """``game.variant.scoring.score(entry, game)`` (``game``: the game so far, before the deal),
    its result checked: a :class:`~scorekeeper.core.scoring.HandResult` giving players of the
    game (none but them) each a whole number of points within :data:`MAX_POINTS`. Raises
    :class:`VariantError` otherwise."""
    variant, number = game.variant, game.number
    result = variant.scoring.score(entry, game)  # a bug of the variant's that raises: said at the boundary
    try:  # each player's points, read from the players (what a result's ``scores`` is made of)
        scores = {name: player.score for name, player in result.players.items()}
        given = list(scores)
    except Exception as e:
        raise VariantError("variant.bad_result", name=variant.id, number=number, kind=type(e).__name__) from e
    if not given or not set(given) <= set(game.players):
        raise VariantError("variant.bad_players", name=variant.id, number=number, given=[str(p) for p in given])
    for player, points in scores.items():
        if type(points) is not int or not -MAX_POINTS <= points <= MAX_POINTS:  # True, 7.0, NaN, "7": refused
            raise VariantError("variant.bad_score", name=variant.id, number=number, player=player,
                               value=repr(points)[:40], bound=MAX_POINTS)
    return result
