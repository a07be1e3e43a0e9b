"""What a card left in hand costs in Contract Rummy (SPEC §2.8, the §2.1 column), and
what all the cards in play are worth (the bound of I-6).

Face values (``card_values=face``): ace 15, K Q J 10, 10 … 2 face value, joker 15
(``joker_value``). ``card_values=5-10-15``: 2-9 count 5, 10-K 10, ace 15. A 2 under
``deuces_wild=true`` counts ``deuce_value`` (15) whatever the scale.

Bound (I-6): two packs and one joker are worth 2 × (4 × 15 + 12 × 10 + 4 × (2 + … + 10))
+ 15 = 2 × (60 + 120 + 216) + 15 = 807; three packs and two jokers 3 × 396 + 30 = 1218.
"""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.cards import Card
from scorekeeper.core.phrase import Phrase, phrase

ACE = 15
COURT = 10


def penalty(card: Card, rules: Mapping[str, Any]) -> tuple[int, Phrase]:
    """``(points, reason)``: what ``card`` left in hand costs under ``rules`` (SPEC §2.8)."""
    if card.is_joker:
        return rules["joker_value"], phrase("contract.value.joker", amount=rules["joker_value"])
    if card.rank == 2 and rules["deuces_wild"]:
        return rules["deuce_value"], phrase("contract.value.deuce", amount=rules["deuce_value"])
    if card.rank == 1:
        return ACE, phrase("contract.value.ace", amount=ACE)
    if card.rank >= 11:
        return COURT, phrase("contract.value.court", amount=COURT)
    if rules["card_values"] == "5-10-15":
        amount = 10 if card.rank == 10 else 5
        return amount, phrase("contract.value.scale", amount=amount)
    return card.rank, phrase("contract.value.face", amount=card.rank)


def pack_points(rules: Mapping[str, Any]) -> int:
    """What one pack of 52 is worth in hand under ``rules`` (396 at face values)."""
    return sum(4 * penalty(Card(rank, "S"), rules)[0] for rank in range(1, 14))


def deck_bound(rules: Mapping[str, Any]) -> int:
    """What all the cards in play are worth: ``packs`` packs and ``jokers`` jokers (I-6)."""
    return rules["packs"] * pack_points(rules) + rules["jokers"] * rules["joker_value"]
