"""Gin Rummy's facts as data, for the variant record, ``rules gin`` and the README (SPEC §2, §2.7).

Nothing here is computed: the variant row of SPEC §2, the rules summary, and the
interpretations I-G1…I-G10 with the option that changes each (their sentences are the templates
``interpretation.I-G1`` …).
"""
from __future__ import annotations

from scorekeeper.core.variants.gin.entry import PLAYER_KEYS as _PLAYER

ID = "gin"
NAME = "Gin Rummy"
ALIASES = ("gin-rummy",)
MIN_PLAYERS = MAX_PLAYERS = 2
#: The per-player keys of a gin hand entry.
PLAYER_KEYS = frozenset(_PLAYER)
#: What the interactive prompt asks each player for: the cards shown (10; 11 for big gin).
PROMPT_ASKS = "cards"

SUMMARY = (
    "Two players, one deck without jokers, 10 cards each. Melds score nothing: sets of 3 or 4 cards of one rank, "
    "runs of 3+ cards of one suit with the ace always low (Q-K-A is not a run). Deadwood, the cards in no meld, "
    "counts ace 1, J Q K 10, 2-10 face value. A hand ends by a knock (deadwood at most the knock limit, 10) or a "
    "void hand (the stock ran down: 0 : 0, the same dealer deals again). The defender lays off onto the "
    "knocker's melds (chains allowed, never against gin). Gin (no deadwood): the knocker scores the defender's "
    "deadwood + 25; big gin (11 cards melded) + 31; undercut (the defender holds less, or the same): the defender "
    "scores the difference + 25; otherwise the knocker scores the difference. Give each player's cards and "
    "scorekeeper arranges them (the knocker's cards for the knocker's best result once the defender has laid off "
    "as well as possible, then the least deadwood, then the most left to the defender; the defender's for the "
    "least deadwood), or give the melds, lay-offs and deadwood, or the deadwood as points. The game ends "
    "after the hand in which a total reaches the target (100; 150 under oklahoma): 100 to the player who reached "
    "it, 25 per hand won to each player (boxes), 100 more for a shutout; the player who reached the target wins. "
    "Bonus schools: preset=modern (default), classic, palace; Oklahoma: the up-card sets the knock limit."
)

#: Interpretation id → the rule option that changes it, where there is one.
INTERPRETATION_OPTIONS: dict[str, str | None] = {
    "I-G1": "equal_deadwood", "I-G2": None, "I-G3": "shutout", "I-G4": "box_timing", "I-G5": "game_winner",
    "I-G6": None, "I-G7": None, "I-G8": "oklahoma_ace", "I-G9": "spades_double", "I-G10": None,
}
