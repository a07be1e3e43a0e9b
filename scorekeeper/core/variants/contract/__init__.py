"""Contract Rummy (SPEC §2.8): Bicycle's seven-deal game, known at many tables as Liverpool,
Shanghai, Joker Rummy or "May I?", as one package.

The rule book, in short: 3-8 players; two packs and one joker for 3-4 players, three packs
and two jokers for 5-8. Deal *n* has a contract, the melds a player must put down all in one
turn before anything else ("going down"): two sets; a set and a run; two runs; three sets;
two sets and a run; a set and two runs; three runs. A set is three or more cards of one rank
(identical cards fine), a run four or more of one suit (the ace low or high, never inside;
A-2-…-K-A is a run). Jokers (and 2s under ``deuces_wild``) are wild. Once down, a player's
further cards go only as lay-offs onto any meld on the table. When a player goes out, every
player scores the cards left in hand against them (ace 15, K Q J 10, 10-2 face value, joker
15), the player who went out 0. In the last deal going down is going out. After the last
deal the lowest total wins; a tie is shared.

Modules: :mod:`.options` (the options, presets and the ``contracts`` grammar),
:mod:`.values` (card values, the I-6 bound), :mod:`.melds` (melds, contracts, lay-offs),
:mod:`.score` (the validations, scoring a deal, the end of the game), :mod:`.templates`
(the variant's words).
"""
from __future__ import annotations

from scorekeeper.core.variants.contract.variant import CONTRACT as VARIANT

__all__ = ["VARIANT"]
