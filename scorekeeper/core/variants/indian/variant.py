"""Indian Rummy as a :class:`~scorekeeper.api.Variant`: its facts and collaborators (SPEC §2.9)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.api import (CardValues, Endings, GameSoFar, HandResult, IllegalMeld, MeldReading, MeldRules, Melds,
                             Pack, PlayedCard, Scoring, Texts, Variant, Wilds, phrase)
from scorekeeper.core.variants.indian import scoring
from scorekeeper.core.variants.indian.codec import WORDS, IndianCodec, IndianTable
from scorekeeper.core.variants.indian.deals import IndianDeals
from scorekeeper.core.variants.indian.entry import PLAYER_KEYS, IndianDeal
from scorekeeper.core.variants.indian.melds import (HAND_CARDS, arrange, as_reading, declaration_fault, judge,
                                                    wild_rules)
from scorekeeper.core.variants.indian.options import MAX_PLAYERS, MIN_PLAYERS, IndianRules
from scorekeeper.core.variants.indian.screens import IndianScreens
from scorekeeper.core.variants.indian.templates import TEMPLATES

#: the interpretations of the rule book ``rules indian`` lists (SPEC §2.9), with the option that
#: changes each
INTERPRETATIONS = {"I-N1": None, "I-N2": "partial_life", "I-N3": "wrong_show", "I-N4": "rejoin", "I-N5": None,
                   "I-N6": None}

SUMMARY = (
    "13 cards each. After the deal a card is cut: every card of its rank is wild that deal (a printed joker "
    "cut makes the aces wild); printed jokers are always wild. A sequence is 3+ cards of one suit in order (ace "
    "low or high, never turning the corner); a pure sequence has no card standing for another. A set is 3 or 4 "
    "cards of one rank, all of different suits. To declare (show), a player puts all 13 cards in melds with at "
    "least two sequences, one of them pure, and scores 0. The others count the cards left out of their melds "
    "(A K Q J 10 ten, 2-9 face value, wild cards 0), every card when they lack two sequences with one pure, at "
    "most 80. A first drop costs 20, a middle drop 40, a wrong show 80. Points: after 6 deals the lowest total "
    "wins. Pools (101, 201, 61): a player reaching the limit is out; the last one left wins; an eliminated "
    "player may rejoin once; the last two or three may split. Deals (2, 3, 6): chips change hands; the most "
    "chips win."
)


class IndianScoring(Scoring):
    """A deal's points; the end by the ``game`` option; chips in a deals game."""

    def score(self, entry: IndianDeal, game: GameSoFar) -> HandResult:
        return scoring.score_deal(entry, game)

    def end(self, game: GameSoFar) -> Any:
        return scoring.end_of_game(game)

    def moves(self, result: Any, rules: Mapping[str, Any]) -> Mapping[str, int]:
        return scoring.moves(result, rules)  # type: ignore[arg-type]

    def opening(self, rules: Mapping[str, Any]) -> int:
        return scoring.opening(rules)  # type: ignore[arg-type]

    def lowest_wins(self, rules: Mapping[str, Any]) -> bool:
        return not rules.chips  # type: ignore[attr-defined]

    def check_carried(self, rules: Mapping[str, Any], carried: Mapping[str, int]) -> None:
        """A pool cannot start with a player at the limit; a deals game starts from its chips."""
        from scorekeeper.api import InputError

        if rules.chips:  # type: ignore[attr-defined]
            raise InputError("indian.carry_chips", game=rules["game"])
        limit = rules.limit  # type: ignore[attr-defined]
        reached = [p for p, points in carried.items() if limit is not None and points >= limit]
        if reached:
            raise InputError("indian.carry_limit", players=reached, points=carried[reached[0]], limit=limit)

    def hand_facts(self, result: HandResult) -> dict:
        return scoring.hand_facts(result)

    def game_facts(self, state: Any) -> dict:
        return scoring.state_facts(state)


class IndianMelds(Melds):
    """Sequences (pure or impure) and sets of different suits; the cut rank and the printed jokers wild."""

    def rules(self, rules: Mapping[str, Any], round_: int = 0, wild: int | None = None) -> MeldRules:
        return wild_rules(wild)

    def judge(self, cards: Sequence[PlayedCard], rules: Mapping[str, Any], round_: int = 0,
              wild: int | None = None) -> MeldReading:
        return as_reading(judge(cards, wild))

    def judge_together(self, rules: Mapping[str, Any], melds: Sequence[Sequence[PlayedCard]],
                       wild: int | None = None) -> dict:
        """Whether the melds are a valid declaration (``check indian CARDS --wild R``), where they
        hold a whole hand, 13 cards: two sequences, one of them pure; where they are not, an
        arrangement of the same 13 cards that would be, if there is one. Fewer or more cards: {}
        (a meld checked on its own)."""
        if sum(len(m) for m in melds) != HAND_CARDS:
            return {}
        read = []
        fault: Any = None
        for cards in melds:
            try:
                read.append(judge(cards, wild))
            except IllegalMeld:
                fault = phrase("indian.check.illegal")
                break
        if fault is None:
            found = declaration_fault(read)
            if found is None:
                return {"declaration": {"valid": True, "reason": phrase("indian.check.valid")}}
            code, facts = found
            fault = phrase(code.replace("indian.declare.", "indian.check."), **facts)
        verdict: dict[str, Any] = {"valid": False, "reason": fault, "arrangement": None}
        cards = [pc.card for meld in melds for pc in meld]
        if len(cards) == HAND_CARDS:
            arranged = arrange(cards, wild)
            if arranged is not None:
                verdict["arrangement"] = [[str(pc.card) for pc in m.cards] for m in arranged]
                verdict["reason"] = phrase("indian.check.arranged", cause=fault, melds=scoring._arranged(arranged))
        return {"declaration": verdict}


_PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

INDIAN = Variant(
    id="indian",
    name="Indian Rummy",
    aliases=("indian-rummy", "13-card", "pool-rummy"),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    rules_type=IndianRules,
    summary=SUMMARY,
    interpretations=INTERPRETATIONS,
    # one pack and one printed joker for 2 players, two packs and two printed jokers for 3-6; 13 each
    pack=Pack(decks={n: 1 if n == 2 else 2 for n in _PLAYERS}, jokers={n: 1 if n == 2 else 2 for n in _PLAYERS},
              cards={n: HAND_CARDS for n in _PLAYERS}),
    # a card left out of melds: A K Q J 10 ten, 2-9 face value, a wild card or printed joker 0
    card_values=CardValues(ace=10, low_ace=10, court=10, ten=10, joker=0, wild=0),
    # a deal ends with a declaration ("show"), said so on every screen
    endings=Endings({"out"}, words={"out": "indian.ending.out", "won": "indian.ending.won"}),
    lowest_wins=True,
    deal_word="deal",
    # who takes part in a deal depends on the totals before it (a pool): an edit scores later deals again
    scoring=IndianScoring(depends_on_game=True),
    codec=IndianCodec(keys=frozenset(PLAYER_KEYS)),
    table=IndianTable(),
    deals=IndianDeals(),
    melds=IndianMelds(wilds=Wilds.CUT_RANK, ace_high=True),
    screens=IndianScreens(summary_heading="indian.screen.summary_heading"),
    texts=Texts(templates=TEMPLATES, goal="indian.goal", words=WORDS),
    list_order=70,
)
