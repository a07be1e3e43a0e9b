"""Contract Rummy as a :class:`~scorekeeper.core.rules.Variant`: its facts and rule-book functions."""
from __future__ import annotations

from scorekeeper.core.phrase import phrase
from scorekeeper.core.rules import CardValues, Deal, Variant, Wilds
from scorekeeper.core.variants.contract import check, oneline, options, score
from scorekeeper.core.variants.contract.options import MAX_PLAYERS, MIN_PLAYERS, ContractRules
from scorekeeper.core.variants.contract.templates import TEMPLATES

#: I-1, I-6, I-7 as they read for contract, and the variant's own I-C1 … I-C13.
INTERPRETATIONS = ("I-1", "I-6", "I-7", *(f"I-C{i}" for i in range(1, 14)))

SUMMARY = (
    "Seven deals, each with its contract: the melds a player must put down in one turn before anything else "
    "(deal 1 two sets, S3+S3; 2 a set and a run, S3+R4; 3 two runs, R4+R4; 4 three sets; 5 two sets and a run; "
    "6 a set and two runs; 7 three runs). A set is 3+ cards of one rank (identical cards fine, no upper size), "
    "a run 4+ cards of one suit in sequence, the ace low or high but never inside (A-2-...-K-A is a run). "
    "Jokers are wild (JK=7H says what one stands for). Once down, further cards go only as lay-offs onto any "
    "meld on the table. When a player goes out, everyone scores the cards left in hand: ace 15, K Q J 10, "
    "10-2 face value, joker 15; the player who went out 0. Melds and lay-offs score nothing. In the last deal "
    "going down is going out. After the last deal the lowest total wins; a tie is shared."
)

_PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

CONTRACT = Variant(
    id="contract",
    name="Contract Rummy",
    aliases=("contract-rummy", "joker-rummy"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_type=ContractRules,
    summary=SUMMARY,
    interpretations=INTERPRETATIONS,
    player_keys=score.PLAYER_KEYS,
    # two packs and one joker for 3-4 players, three packs and two jokers for 5-8; 10 cards each
    # in deals 1-4, 12 in deals 5-7 (never checked, I-C7)
    deal=Deal(decks={n: 2 if n <= 4 else 3 for n in _PLAYERS}, jokers={n: 1 if n <= 4 else 2 for n in _PLAYERS},
              cards={n: 10 for n in _PLAYERS}),
    card_values=CardValues(ace=15, low_ace=15, court=10, ten=10, joker=15),
    wilds=Wilds.JOKERS,
    ace_high=True,
    melds_score=False,  # only the cards left in a hand count, against their holder
    endings=frozenset({"out", "stock"}),
    lowest_wins=True,
    deal_word="deal",  # the rule book's word: "Deal 3" on every screen, as its contracts are named
    score=score.score_deal,
    end=score.end_of_game,
    read_entry=score.take_entry,
    option_defaults=options.option_defaults(),
    read_line=oneline.read_line,
    write_line=oneline.write_line,
    hand_facts=score.hand_facts,
    state_facts=score.state_facts,
    judge_meld=check.read_meld,
    judge_deal=lambda rules, deal, melds: {"contract": check.judge_deal(rules, deal, melds)},
    decks_of=lambda rules: (rules["packs"], rules["jokers"]),
    interpretation_options={"I-1": "tie", "I-C1": "exact_contract", "I-C2": "extra_melds", "I-C3": "wild_limit",
                            "I-C4": "adjacent_runs", "I-C8": "last_deal", "I-C12": "deuces_wild",
                            "I-C13": "cut_bonus"},
    deal_words=score.deal_words,
    goal_code="contract.goal",
    dealt_words=lambda players: phrase("contract.dealt", first=10, later=12),
    asks_also=score.asks_also,
    prompt_asks="melds",  # the melds are asked, and checked against the contract, though they score nothing
    ending_required=True,  # nobody out needs "stock_exhausted" (I-C6): the prompt asks who went out
    templates=TEMPLATES,
    list_order=60,
)
