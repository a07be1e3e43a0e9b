"""Canasta as a :class:`~scorekeeper.api.Variant`: its facts and collaborators (SPEC §2.10)."""
from __future__ import annotations

from typing import Sequence

from scorekeeper.api import CardValues, Deals, Endings, InputError, Pack, Texts, Variant, Wilds
from scorekeeper.core.variants.canasta.codec import CONCEALED_WORDS, CanastaCodec, CanastaTable
from scorekeeper.core.variants.canasta.entry import PLAYER_KEYS
from scorekeeper.core.variants.canasta.melds import CanastaMelds
from scorekeeper.core.variants.canasta.options import MAX_PLAYERS, MIN_PLAYERS, CanastaRules
from scorekeeper.core.variants.canasta.screens import SCREENS
from scorekeeper.core.variants.canasta.scoring import CanastaScoring
from scorekeeper.core.variants.canasta.templates import TEMPLATES

SUMMARY = (
    "Four players play in two sides of two, partners facing each other (seats 1 and 3 against 2 and 4, or as "
    "new --teams \"Ann+Cy,Bob+Dee\" says); two or three play each alone. Two packs and four jokers; 11 cards "
    "each for 4 players, 13 for 3, 15 for 2. Jokers and 2s are wild. Card values: joker 50, 2 and ace 20, "
    "K Q J 10 9 8 10, 7 6 5 4 and a black 3 5. A meld is three or more cards of one rank (4 to ace), at least "
    "two natural and at most three wild; a side has one meld of a rank, partners adding to it. A canasta is a "
    "meld of seven or more: natural (no wild card) or mixed. Red threes are laid out when drawn; black threes "
    "are melded only by the player going out. A player may go out once the side has a canasta (two for two "
    "players). Each hand a side scores its melded cards, 500 per natural canasta and 300 per mixed one, 100 per "
    "red three (800 for all four; against a side that melded nothing), 100 for going out (200 concealed), "
    "minus the cards left in its players' hands. The first side to 5,000 at the end of a hand ends the game; "
    "the higher total wins. A side's minimum first meld (15 below 0, 50, 90 from 1,500, 120 from 3,000) is "
    "shown with the standings."
)

#: I-6 (points only) as it reads for every variant, and Canasta's own I-K1 … I-K6, with the option that
#: changes each
INTERPRETATIONS = {"I-6": None, "I-K1": None, "I-K2": "canastas_to_go_out", "I-K3": "concealed_bonus",
                   "I-K4": "tie", "I-K5": "first_meld", "I-K6": None}

_PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)


class CanastaDeals(Deals):
    """Four players play as two sides, partners facing each other (I-K1) or as ``--teams`` says;
    two or three play each alone. The deal passes to the left."""

    def sides(self, players: Sequence[str], teams: Sequence[Sequence[str]] | None = None
              ) -> tuple[tuple[str, ...], ...]:
        if len(players) != 4:
            if teams is not None:
                raise InputError("canasta.teams.four_only", count=len(players))
            return tuple((p,) for p in players)
        if teams is None:
            return ((players[0], players[2]), (players[1], players[3]))
        if len(teams) != 2 or any(len(side) != 2 for side in teams):
            raise InputError("canasta.teams.two_of_two")
        return tuple(tuple(side) for side in teams)


CANASTA = Variant(
    id="canasta",
    name="Canasta",
    aliases=("classic-canasta",),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    rules_type=CanastaRules,
    summary=SUMMARY,
    interpretations=INTERPRETATIONS,
    # two packs and four jokers (108 cards); 15 cards each for 2 players, 13 for 3, 11 for 4
    pack=Pack(decks={n: 2 for n in _PLAYERS}, jokers={n: 4 for n in _PLAYERS}, cards={2: 15, 3: 13, 4: 11}),
    # the shared record of values (a 7 counts 5, an 8 10: see melds.value, which scores)
    card_values=CardValues(ace=20, low_ace=20, court=10, ten=10, pips=5, joker=50, wild=20),
    # a hand ends when a player goes out or the stock runs out, and the entry says which
    endings=Endings({"out", "stock"}, required=True),
    lowest_wins=False,
    deal_word="hand",
    scoring=CanastaScoring(bonuses={"out": 100, "concealed": CanastaRules.concealed_bonus,
                                    "natural_canasta": 500, "mixed_canasta": 300, "red_three": 100,
                                    "all_red_threes": 800}, end_rule="§2.10"),
    codec=CanastaCodec(keys=frozenset(PLAYER_KEYS)),
    table=CanastaTable(asks="melds", also_keys=("concealed",)),
    deals=CanastaDeals(),
    melds=CanastaMelds(wilds=Wilds.JOKERS, ace_high=False, score=True),
    screens=SCREENS,
    texts=Texts(templates=TEMPLATES, goal="canasta.goal", words={"concealed": CONCEALED_WORDS}),
    list_order=80,
)

