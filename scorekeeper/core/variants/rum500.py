"""Rum 500 (Michigan rum): Rummy 500's rule book with another deal (SPEC §2.1–§2.3, I-3).

It is the same game as :mod:`scorekeeper.core.variants.rummy500` (the scoring, the end, the
options); it deals 13 cards each to 2 players (not 10), plays with one deck up to 7 players,
two for 8 (not from 5: I-3, 8 × 7 cards cannot come from one deck), and a set is 3 or 4 cards.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from scorekeeper.core.rulebook import Pack
from scorekeeper.core.variants.rummy500 import RUMMY500, Rummy500Melds, Rummy500Rules, by_count, summary

#: one deck up to 7 players, two for 8 (I-3)
DECKS = {n: 2 if n >= 8 else 1 for n in range(2, 9)}


@dataclass(frozen=True, eq=False)
class Rum500Rules(Rummy500Rules):
    """Rum 500's options: Rummy 500's, one deck up to 7 players."""

    by_players = {"decks": DECKS}

RUM500 = replace(
    RUMMY500,
    id="rum500",
    name="Rum 500",
    aliases=("michigan-rum",),
    summary=summary("3 or 4 cards of one rank") + " One deck (two for 8 players, I-3); 13 cards each for 2 players, else 7.",
    interpretations={"I-1": "tie", "I-3": "decks", "I-5": None, "I-6": None, "I-7": None},
    pack=Pack(decks=DECKS, jokers=by_count(0, 0), cards=by_count(13, 7)),
    rules_type=Rum500Rules,
    list_order=20,
    melds=Rummy500Melds(ace_high=True, score=True, sets_grow=False),
)

#: The object the entry point ``rum500`` names (SPEC §8).
VARIANT = RUM500
