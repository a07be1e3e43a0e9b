"""Contract Rummy as a :class:`~scorekeeper.core.rulebook.Variant`: its facts and collaborators."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import PlayedCard
from scorekeeper.core.game import Ending, GameSoFar
from scorekeeper.core.melds import MeldReading
from scorekeeper.core.phrase import phrase
from scorekeeper.core.rulebook import (CardValues, Codec, Deals, Endings, Melds, Pack, Question, Scoring, Table,
                                       Texts, Variant, Wilds)
from scorekeeper.core.scoring import HandResult
from scorekeeper.core.variants.contract import check, oneline, score
from scorekeeper.core.variants.contract.options import MAX_PLAYERS, MIN_PLAYERS, ContractRules
from scorekeeper.core.variants.contract.templates import TEMPLATES

#: I-1, I-6, I-7 as they read for contract, and the variant's own I-C1 … I-C13, with the
#: option that changes each
INTERPRETATIONS = {"I-1": "tie", "I-6": None, "I-7": None, "I-C1": "exact_contract", "I-C2": "extra_melds",
                   "I-C3": "wild_limit", "I-C4": "adjacent_runs", "I-C5": None, "I-C6": None, "I-C7": None,
                   "I-C8": "last_deal", "I-C9": None, "I-C10": None, "I-C11": None, "I-C12": "deuces_wild",
                   "I-C13": "cut_bonus"}

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

class ContractScoring(Scoring):
    """A deal's penalties (the cut bonus where there is one); after the last deal the lowest total wins."""

    def score(self, entry: Any, game: GameSoFar) -> HandResult:
        return score.score_deal(entry, game)

    def end(self, game: GameSoFar) -> Ending:
        return score.end_of_game(game)

    def hand_facts(self, result: HandResult) -> dict:
        return score.hand_facts(result)

    def game_facts(self, state: Any) -> dict:
        return score.state_facts(state)


class ContractDeals(Deals):
    """One deal per contract of the ``contracts`` option; the packs and jokers as the options say."""

    def count(self, rules: Mapping[str, Any]) -> int:
        return len(rules.deals)

    def words(self, rules: Mapping[str, Any], round_: int) -> Any:
        return score.deal_words(rules, round_)

    def packs(self, rules: Mapping[str, Any], players: int) -> tuple[int, int]:
        return rules["packs"], rules["jokers"]

    def dealt(self, players: int) -> Any:
        return phrase("contract.dealt", first=10, later=12)


class ContractMelds(Melds):
    """Sets of three or more of a rank, runs of four or more; each deal's contract."""

    def judge(self, cards: Sequence[PlayedCard], rules: Mapping[str, Any], round_: int = 0,
              wild: int | None = None) -> MeldReading:
        return check.read_meld(cards, rules)

    def judge_deal(self, rules: Mapping[str, Any], round_: int, melds: Sequence[Sequence[PlayedCard]]) -> dict:
        return {"contract": check.judge_deal(rules, round_, melds)}


class ContractCodec(Codec):
    """The shared entry with ``cut`` (who cut the pack exactly) and ``"melds": []`` (did not go
    down); its one-line words ``cut`` and ``[]`` (:mod:`scorekeeper.core.variants.contract.oneline`)."""

    def read(self, raw: Any, game: GameSoFar) -> score.RawDeal:
        # read when the deal is scored, so that a refusal of its keys, cards or players names its contract too
        return score.take_entry(raw, game.in_play)

    def read_line(self, args: Sequence[str], players: Sequence[str]) -> dict:
        return oneline.read_line(args, players)

    def write_line(self, entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
        return oneline.write_line(entry, players)

    def answer_melds(self, text: str, entry: dict, game: GameSoFar, name: str) -> None:
        """The contract's melds, or ``[]``: the player did not go down (``"melds": []``, I-C11)."""
        if self.own(name, text, game).strip() == oneline.NOT_DOWN:
            entry["players"].setdefault(name, {})["melds"] = []
            return
        super().answer_melds(text, entry, game, name)

    def answer_cut(self, text: str, entry: dict, game: GameSoFar) -> None:
        self.answer_player_or_nobody("cut", text, entry, game)

    def answers(self, entry: Any, players: Sequence[str]) -> dict[tuple[str, str], str]:
        from scorekeeper.core.entry import find_player

        found = super().answers(entry, players)
        for name, part in (entry.get("players") or {}).items() if isinstance(entry, dict) else ():
            player = find_player(name, players) if isinstance(name, str) else None
            if player is not None and isinstance(part, dict) and part.get("melds") == [] and "table" not in part:
                found[(player, "melds")] = oneline.NOT_DOWN
        cut = entry.get("cut") if isinstance(entry, dict) else None
        if isinstance(cut, str) and find_player(cut, players):
            found[("", "cut")] = find_player(cut, players) or ""
        return found


class ContractTable(Table):
    """Each player's melds (checked against the deal's contract), lay-offs and cards left; who went
    out; who cut the pack exactly, where there is a cut bonus."""

    def also(self, game: GameSoFar, entry: Mapping[str, Any]) -> list[Question]:
        if not game.rules["cut_bonus"]:
            return []
        return [Question("cut", phrase("contract.prompt.cut"))]


_PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

CONTRACT = Variant(
    id="contract",
    name="Contract Rummy",
    aliases=("contract-rummy", "joker-rummy"),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    rules_type=ContractRules,
    summary=SUMMARY,
    interpretations=INTERPRETATIONS,
    # two packs and one joker for 3-4 players, three packs and two jokers for 5-8; 10 cards each
    # in deals 1-4, 12 in deals 5-7 (never checked, I-C7)
    pack=Pack(decks={n: 2 if n <= 4 else 3 for n in _PLAYERS}, jokers={n: 1 if n <= 4 else 2 for n in _PLAYERS},
              cards={n: 10 for n in _PLAYERS}),
    card_values=CardValues(ace=15, low_ace=15, court=10, ten=10, joker=15),
    # nobody out needs "stock_exhausted" (I-C6): the prompt asks who went out
    endings=Endings({"out", "stock"}, required=True),
    lowest_wins=True,
    deal_word="deal",  # the rule book's word: "Deal 3" on every screen, as its contracts are named
    scoring=ContractScoring(),
    codec=ContractCodec(keys=score.PLAYER_KEYS),
    # the melds are asked, and checked against the contract, though they score nothing
    table=ContractTable(asks="melds", also_keys=("cut",)),
    deals=ContractDeals(),
    # only the cards left in a hand count, against their holder
    melds=ContractMelds(wilds=Wilds.JOKERS, ace_high=True),
    texts=Texts(templates=TEMPLATES, goal="contract.goal", words={"cut": oneline.CUT_WORDS}),
    list_order=60,
)
