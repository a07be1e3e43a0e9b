"""Rum 500 (Michigan rum): Rummy 500's rule book with another deal (SPEC §2.1–§2.3, I-3).

It is the same game as :mod:`scorekeeper.core.variants.rummy500` (the scoring, the end, the
options); it deals 13 cards each to 2 players (not 10), plays with one deck up to 7 players,
two for 8 (not from 5: I-3, 8 × 7 cards cannot come from one deck), and a set is 3 or 4 cards.
"""
from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.rules import Deal
from scorekeeper.core.variants.rummy500 import RUMMY500, Rummy500Rules, by_count, sets_of_four, summary

_DECKS = {n: 2 if n >= 8 else 1 for n in range(2, 9)}

RUM500 = replace(
    RUMMY500,
    id="rum500",
    name="Rum 500",
    aliases=("michigan-rum",),
    summary=summary("3 or 4 cards of one rank") + " One deck (two for 8 players, I-3); 13 cards each for 2 players, else 7.",
    interpretations=("I-1", "I-3", "I-5", "I-6", "I-7"),
    deal=Deal(decks=_DECKS, jokers=by_count(0, 0), cards=by_count(13, 7)),
    rules_type=Rummy500Rules,
    option_defaults={"decks": _DECKS},
    list_order=20,
    meld_rules_of=sets_of_four,
)

#: The object the entry point ``rum500`` names (SPEC §8).
VARIANT = RUM500
