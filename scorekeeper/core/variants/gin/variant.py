"""Gin Rummy: SPEC §2.7, I-G1…I-G10 (the rules themselves are in :mod:`scorekeeper.core.variants.gin`).

The rule book, in short: two players, one deck without jokers, ten cards each,
ace low. Melds score nothing: only the deadwood counts (ace 1, J Q K 10, 2–10
face value). A hand ends by a **knock** (the knocker's deadwood at most the
knock limit, 10) or a **void hand** (the stock ran down: 0 : 0, the same
dealer deals again). The defender lays off onto the knocker's melds, never
against gin. Exactly one player scores: gin d + 25, big gin d + 31, an
undercut (the defender holds as little or less) (k − d) + 25, otherwise the
knocker d − k. The hand's winner deals the next hand, and the non-dealer
leads. The game ends after the hand in which a total reaches 100: 100 to the
player who reached it, 25 per hand won to each player (boxes), 100 more for a
shutout; the player who reached the target wins.

Worked example (SPEC §4): Ann knocks holding 5♦ (5) after 7-8-9♥, Q♠ Q♦ Q♣,
2-3-4♣; Bob melds K♠ K♥ K♦, lays off 10♥ J♥ on the hearts and 5♣ on the clubs,
and holds 9 + 6 + 3 + 1 = 19: Ann scores 19 − 5 = 14.

Options come in bonus schools (``preset=modern|classic|palace``); explicit
options override the preset and the session stores the resulting values.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.game import GameSetup
from scorekeeper.core.variants.gin import facts, tally
from scorekeeper.core.variants.gin.screens import SCREENS
from scorekeeper.core.variants.gin.templates import TEMPLATES
from scorekeeper.core.variants.gin.entry import GinHand, parse_hand
from scorekeeper.core.variants.gin.game import end_of_game
from scorekeeper.core.variants.gin import oneline
from scorekeeper.core.variants.gin.oneline import parse_line, write_line
from scorekeeper.core.variants.gin.options import PRESETS, GinRules
from scorekeeper.core.variants.gin.score import MELD_RULES, score_hand
from scorekeeper.core.melds import MeldRules
from scorekeeper.core.rules import CardValues, Deal, Tally, Variant, Wilds
from scorekeeper.core.scoring import HandResult

def _options(setup: GameSetup) -> GinRules:
    return setup.rules


#: the options that make a bonus school (SPEC §2.7 ``preset``)
SCHOOL_KEYS = ("gin_bonus", "big_gin_bonus", "undercut_bonus", "box_bonus", "box_timing", "game_bonus",
               "shutout", "shutout_bonus")


def school(options: GinRules) -> dict:
    """The bonus school in force: the preset whose values these are (``modern``, ``classic``,
    ``palace``, or None for a school of the table's own), and its values."""
    values = {key: getattr(options, key) for key in SCHOOL_KEYS}
    defaults = GinRules()
    name = next((n for n, preset in PRESETS.items()
                 if all(values[k] == preset.get(k, getattr(defaults, k)) for k in SCHOOL_KEYS)), None)
    return {"preset": name, **values}


def score(hand: GinHand, setup: GameSetup, number: int) -> HandResult:
    """Score one gin hand (SPEC §2.7) under the session's options; the context also
    names the bonus school applied (``school``)."""
    options = _options(setup)
    result = score_hand(hand, options)
    result.context["school"] = school(options)
    result.context["knock"] = result.context["knocker"]  # who knocked, as Carousel's context says it
    return result


def meld_rules(rules: Mapping[str, Any]) -> MeldRules:
    """Gin melds: no wild cards, the ace always low."""
    return MELD_RULES


def shutout(state: Any) -> dict:
    """What standings add for gin: ``shutout`` once the game is over (the other player won no hand, I-G2)."""
    if not state.ending.finished:
        return {}
    return {"shutout": min(state.won.values()) == 0}


def hand_facts(result: HandResult) -> dict:
    """SPEC §2.7 JSON additions per hand: ``kind``, ``knocker``, ``deadwood`` (points per
    player), ``knock_limit``, ``multiplier``, ``upcard``, and for ``cards`` entries the
    ``arrangement`` chosen (``melds``, ``layoffs``, ``deadwood_cards`` per player)."""
    c = result.context
    doc = {key: c.get(key) for key in ("kind", "knocker", "deadwood", "knock_limit", "multiplier", "upcard")}
    if c.get("arrangement"):
        doc["arrangement"] = c["arrangement"]
    return doc


def tally_game(players: Sequence[str], state: Any) -> tally.GinGame:
    """What one gin game holds for ``stats``: each hand's facts, the end and whether it was a shutout."""
    return tally.GinGame(tuple(players), tuple(res.context for res in state.results), state.ending.finished,
                         tuple(state.ending.winners), bool(state.facts.get("shutout")))


#: One deck without jokers, ten cards each (SPEC §2).
DEAL = Deal(decks={2: 1}, jokers={2: 0}, cards={2: 10})
VALUES = CardValues(ace=1, low_ace=1, court=10, ten=10)

GIN = Variant(
    id=facts.ID,
    name=facts.NAME,
    aliases=facts.ALIASES,
    min_players=facts.MIN_PLAYERS,
    max_players=facts.MAX_PLAYERS,
    rules_type=GinRules,
    summary=facts.SUMMARY,
    interpretations=tuple(facts.INTERPRETATIONS),
    player_keys=facts.PLAYER_KEYS,
    deal=DEAL,
    card_values=VALUES,
    wilds=Wilds.NONE,
    ace_high=False,
    melds_score=False,  # melds score nothing: only the deadwood counts
    endings=frozenset({"knock", "stock"}),
    ending_required=True,
    lowest_wins=False,
    deal_word="hand",
    won_counts="won",
    score=score,
    end=end_of_game,
    bonuses={"gin": GinRules.gin_bonus, "big_gin": GinRules.big_gin_bonus,
             "undercut": GinRules.undercut_bonus, "box": GinRules.box_bonus,
             "target": GinRules.game_bonus, "shutout": GinRules.shutout_bonus},
    read_entry=parse_hand,
    read_line=parse_line,
    write_line=write_line,
    cards_question="gin.prompt.cards",
    check_answer=oneline.check_answer,
    asks_also=oneline.asks_also,
    dealer_option="next_dealer",
    meld_rules_of=meld_rules,
    state_facts=shutout,
    hand_facts=hand_facts,
    goal_code="gin.goal",
    prompt_asks=facts.PROMPT_ASKS,
    interpretation_options={key: o for key, o in facts.INTERPRETATION_OPTIONS.items() if o},
    list_order=50,
    tally=Tally(facts.ID, tally_game, tally.empty, tally.add_game,
                columns=tuple((key, f"gin.screen.stats.{key}")
                              for key in ("gins", "undercuts", "knocks", "average_deadwood", "shutouts")),
                title="gin.screen.stats.title", versus_title="gin.screen.stats.versus_title"),
    screens=SCREENS,
    templates=TEMPLATES,
)

