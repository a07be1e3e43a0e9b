"""Gin Rummy's facts as data, for the variant record, ``rules gin`` and the README (SPEC §2, §2.7).

Nothing here is computed: the variant row of SPEC §2, the rules summary, and the
interpretations I-G1…I-G10 with the option that changes each.
"""
from __future__ import annotations

from scorekeeper.core.gin.entry import PLAYER_KEYS as _PLAYER, TOP_KEYS as _TOP

ID = "gin"
NAME = "Gin Rummy"
ALIASES = ("gin-rummy",)
MIN_PLAYERS = MAX_PLAYERS = 2
DECKS, JOKERS = 1, 0
DEALT = "10 cards each, the 21st turned up"
LOWEST_WINS = False
#: The per-player keys of a gin hand entry, and the top-level ones.
PLAYER_KEYS = frozenset(_PLAYER)
TOP_KEYS = frozenset(_TOP)
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
    "scorekeeper arranges them (the least deadwood; for the knocker, of equal arrangements the one that leaves "
    "the defender the most), or give the melds, lay-offs and deadwood, or the deadwood as points. The game ends "
    "after the hand in which a total reaches the target (100; 150 under oklahoma): 100 to the player who reached "
    "it, 25 per hand won to each player (boxes), 100 more for a shutout; the player who reached the target wins. "
    "Bonus schools: preset=modern (default), classic, palace; Oklahoma: the up-card sets the knock limit."
)

#: Interpretation id → the sentence stating the default and how to change it (SPEC §2.7).
INTERPRETATIONS: dict[str, str] = {
    "I-G1": ("Equal deadwood after lay-offs is an undercut: the defender scores the undercut bonus "
             "(equal_deadwood=knocker: the knocker wins the hand with 0 points)."),
    "I-G2": "A shutout means the loser won no hand: a hand won with 0 points spoils it; a void hand does not.",
    "I-G3": ("A shutout adds shutout_bonus (100) to the winner's total (shutout=flat); shutout=double-total doubles "
             "the winner's final total, double-hands adds the winner's hand points once more, none adds nothing."),
    "I-G4": ("Boxes (box_bonus per hand won) are added at the end and do not count toward the target "
             "(box_timing=immediate: added with each hand won, toward the target)."),
    "I-G5": ("The player who reached the target wins even when the other player's boxes bring them higher, and "
             "the standings say so (game_winner=total: the higher final total wins, a tie going to the player "
             "who reached the target)."),
    "I-G6": ("An arranged entry is scored as entered, even when a better arrangement or a missed lay-off "
             "existed; explain points it out."),
    "I-G7": ("Lay-offs go only onto the knocker's melds given card by card: when the knocker is counted on paper, "
             "give the defender's deadwood after lay-offs as points."),
    "I-G8": "Under Oklahoma an ace up-card allows gin only (oklahoma_ace=1: a knock with 1).",
    "I-G9": ("Under Oklahoma with spades_double a spade up-card doubles the hand's score, bonus included; a box "
             "credited at once is not doubled, and a hand won is still one box."),
    "I-G10": ("The game bonus goes to the player whose total reached the target, even when a defender's "
              "undercut took it there."),
}

#: Interpretation id → the rule option that changes it, where there is one.
INTERPRETATION_OPTIONS: dict[str, str | None] = {
    "I-G1": "equal_deadwood", "I-G2": None, "I-G3": "shutout", "I-G4": "box_timing", "I-G5": "game_winner",
    "I-G6": None, "I-G7": None, "I-G8": "oklahoma_ace", "I-G9": "spades_double", "I-G10": None,
}
