"""Gin Rummy (SPEC §2.7) as one package: two players, one deck, ten cards each, ace low,
melds score nothing.

The rules as pure functions, in these modules:

* :mod:`~scorekeeper.core.variants.gin.variant` — the :class:`~scorekeeper.core.rules.Variant`
  record (``VARIANT``, the object the entry point ``gin`` names, SPEC §8);
* :mod:`~scorekeeper.core.variants.gin.options` — :class:`GinRules` (every option declared
  once, checked on construction; presets ``modern``, ``classic``, ``palace`` as data);
* :mod:`~scorekeeper.core.variants.gin.arrange` — :func:`best_arrangement` (the knocker's least
  deadwood, ties broken against the defender) and :func:`defender_arrangement` (own melds
  plus lay-offs onto the knocker's melds, chains included);
* :mod:`~scorekeeper.core.variants.gin.entry` and :mod:`~scorekeeper.core.variants.gin.score` — a hand entry
  read (:func:`parse_hand`) and scored (:func:`score_hand`, :func:`score_entry`) into a
  :class:`~scorekeeper.core.scoring.HandResult` whose ``context`` holds the gin facts;
* :mod:`~scorekeeper.core.variants.gin.game` — :func:`end_of_game` (game bonus, boxes, shutouts,
  who wins, as the core's :class:`~scorekeeper.core.game.Ending`; who deals next is the option
  ``next_dealer``, which the variant declares as its ``dealer_option``);
* :mod:`~scorekeeper.core.variants.gin.oneline` — :func:`parse_line`, the one-line form where typing
  just the cards is the easy path; :mod:`~scorekeeper.core.variants.gin.facts` — the variant's facts
  as data (summary, interpretations I-G1…I-G10).
"""
from scorekeeper.core.variants.gin.arrange import (
    Arrangement,
    GinMeld,
    best_arrangement,
    card_value,
    deadwood_points,
    defender_arrangement,
    least_deadwood_arrangements,
    meld_of,
)
from scorekeeper.core.variants.gin.entry import GinHand, GinPlayer, parse_hand
from scorekeeper.core.variants.gin.game import end_of_game, hands_won
from scorekeeper.core.variants.gin.oneline import parse_line
from scorekeeper.core.variants.gin.options import PRESETS, GinRules
from scorekeeper.core.variants.gin.score import knock_limit, multiplier, score_entry, score_hand

__all__ = [
    "Arrangement", "GinHand", "GinMeld", "GinPlayer", "GinRules", "PRESETS",
    "best_arrangement", "card_value", "deadwood_points", "defender_arrangement", "end_of_game",
    "hands_won", "knock_limit", "least_deadwood_arrangements", "meld_of", "multiplier",
    "parse_hand", "parse_line", "score_entry", "score_hand",
]
from scorekeeper.core.variants.gin.variant import GIN as VARIANT  # noqa: E402  (the entry point's object, SPEC §8)

__all__ += ["VARIANT"]
