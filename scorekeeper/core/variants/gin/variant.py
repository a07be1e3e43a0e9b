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

from scorekeeper.core.errors import InputError
from scorekeeper.core.game import Ending, GameSoFar
from scorekeeper.core.melds import MeldRules
from scorekeeper.core.phrase import phrase
from scorekeeper.core.rulebook import (CardValues, Codec, Deals, Endings, Melds, Pack, Question, Scoring, Table,
                                       Texts, Variant)
from scorekeeper.core.scoring import HandResult
from scorekeeper.core.variants.gin import facts, oneline
from scorekeeper.core.variants.gin.entry import GinHand, parse_hand
from scorekeeper.core.variants.gin.game import end_of_game
from scorekeeper.core.variants.gin.options import PRESETS, GinRules
from scorekeeper.core.variants.gin.score import MELD_RULES, score_hand
from scorekeeper.core.variants.gin.screens import SCREENS
from scorekeeper.core.variants.gin.tally import TALLY
from scorekeeper.core.variants.gin.templates import TEMPLATES

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


class GinScoring(Scoring):
    """Exactly one player scores a hand; the end bonuses once a total reaches the target."""

    def score(self, entry: GinHand, game: GameSoFar) -> HandResult:
        """Score one gin hand (SPEC §2.7) under the session's options; the context also
        names the bonus school applied (``school``)."""
        options: GinRules = game.rules
        result = score_hand(entry, options)
        result.context["school"] = school(options)
        result.context["knock"] = result.context["knocker"]  # who knocked, as Carousel's context says it
        return result

    def end(self, game: GameSoFar) -> Ending:
        return end_of_game(game)

    def hand_facts(self, result: HandResult) -> dict:
        """SPEC §2.7 JSON additions per hand: ``kind``, ``knocker``, ``deadwood`` (points per
        player), ``knock_limit``, ``multiplier``, ``upcard``, and for ``cards`` entries the
        ``arrangement`` chosen (``melds``, ``layoffs``, ``deadwood_cards`` per player)."""
        c = result.context
        doc = {key: c.get(key) for key in ("kind", "knocker", "deadwood", "knock_limit", "multiplier", "upcard")}
        if c.get("arrangement"):
            doc["arrangement"] = c["arrangement"]
        return doc

    def game_facts(self, state: Any) -> dict:
        """What standings add for gin: ``shutout`` once the game is over (the other player won no hand, I-G2)."""
        if not state.ending.finished:
            return {}
        return {"shutout": min(state.won.values()) == 0}


class GinMelds(Melds):
    """Gin melds: no wild cards, the ace always low; they score nothing."""

    def rules(self, rules: Mapping[str, Any], round_: int = 0, wild: int | None = None) -> MeldRules:
        return MELD_RULES


class GinDeals(Deals):
    """Who deals next follows ``next_dealer``: the hand's winner (default), the player after
    the winner (``loser``) or turn about (``alternate``); a void hand is dealt again by the
    same dealer."""

    def next_dealer(self, game: GameSoFar, dealer: str, result: Any) -> str:
        won = list(getattr(result, "won", None) or ())
        if not won:  # nobody won the hand (a void hand): the same dealer deals again
            return dealer
        rule = game.rules["next_dealer"]
        if rule == "winner":
            return won[0]
        if rule == "loser":
            return game.left_of(won[0])
        return game.left_of(dealer)


class GinCodec(Codec):
    """Gin's own entry: each player's cards (or the arranged form, or points), ``knock`` and
    ``big_gin``, the ``upcard``; its one-line form where typing just the cards is the easy path
    (:mod:`scorekeeper.core.variants.gin.oneline`); at the table, one answer per player."""

    def read(self, raw: Any, game: GameSoFar) -> GinHand:
        return parse_hand(raw, game.in_play)

    def read_line(self, args: Sequence[str], players: Sequence[str]) -> dict:
        return oneline.parse_line(args, players)

    def write_line(self, entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
        return oneline.write_line(entry, players)

    def forget(self, entry: dict, player: str) -> None:
        if entry.get("knock") == player:
            entry.pop("big_gin", None)
        super().forget(entry, player)

    def checked(self, entry: dict, name: str) -> dict:
        """``entry`` (what ``name``'s answer gives) as gin checks and completes it; a refusal
        speaks of the words typed in the answer (its one-line form: ``big``), not of a hand
        file's keys."""
        try:
            return oneline.check_answer(entry, name)
        except InputError as e:
            raise (e if "form" in e.facts else e.given_as("line")) from None

    def answer_cards(self, text: str, entry: dict, game: GameSoFar, name: str) -> None:
        """One player's cards, read as the one-line form reads ``NAME: TEXT`` and checked at once."""
        said = self.checked(self.read_line([f"{name}: {text}"], [name]), name)
        if said.get("knock") == name and entry.get("knock") and entry["knock"] != name:
            raise InputError("prompt.second_knocker", knocker=entry["knock"], player=name)
        entry["players"][name] = said["players"][name]
        entry.update({key: value for key, value in said.items() if key != "players"})

    def answer_ending(self, text: str, entry: dict, game: GameSoFar) -> None:
        """Who knocked, or ``stock`` (a void hand; "nobody" says the same)."""
        if text.lower() in ("void", "stock ran out") or self.says(text, "stock") or self.says(text, "nobody"):
            entry["stock_exhausted"] = True
            return
        if not text:
            raise InputError("prompt.no_ending")
        knocker = self.player_named(text, game, ("stock",))
        said = self.checked({"players": {knocker: entry["players"].get(knocker, {})}, "knock": knocker}, knocker)
        entry.update({key: value for key, value in said.items() if key != "players"})

    def answer_upcard(self, text: str, entry: dict, game: GameSoFar) -> None:
        entry["upcard"] = oneline.read_upcard(text)

    def answers(self, entry: Any, players: Sequence[str]) -> dict[tuple[str, str], str]:
        """Each player's cards in gin's one-line form; ``stock`` for a void hand; the up-card."""
        from scorekeeper.core.entry import find_player
        from scorekeeper.core.oneline import spoken_word

        if not isinstance(entry, dict):
            return {}
        lines = self.write_line(entry, players)
        found: dict[tuple[str, str], str] = {}
        for name in entry.get("players") or {}:
            player = find_player(name, players) if isinstance(name, str) else None
            if player is not None:
                found[(player, "cards")] = lines.get(player, "")
        if entry.get("stock_exhausted"):
            found[("", "ending")] = spoken_word("stock")
        if entry.get("upcard") is not None:
            found[("", "upcard")] = str(entry["upcard"])
        return found


class GinTable(Table):
    """Each player shows their cards in one answer; then who knocked, where no answer said it;
    under Oklahoma the up-card, unless the hand is void."""

    def also(self, game: GameSoFar, entry: Mapping[str, Any]) -> list[Question]:
        if not game.rules.get("oklahoma") or entry.get("stock_exhausted"):
            return []
        return [Question("upcard", phrase("gin.prompt.upcard"))]


#: One deck without jokers, ten cards each (SPEC §2).
PACK = Pack(decks={2: 1}, jokers={2: 0}, cards={2: 10})
VALUES = CardValues(ace=1, low_ace=1, court=10, ten=10)

GIN = Variant(
    id=facts.ID,
    name=facts.NAME,
    aliases=facts.ALIASES,
    players=(facts.MIN_PLAYERS, facts.MAX_PLAYERS),
    rules_type=GinRules,
    summary=facts.SUMMARY,
    interpretations=dict(facts.INTERPRETATION_OPTIONS),
    pack=PACK,
    card_values=VALUES,
    endings=Endings({"knock", "stock"}, required=True, won="won"),
    lowest_wins=False,
    deal_word="hand",
    scoring=GinScoring(bonuses={"gin": GinRules.gin_bonus, "big_gin": GinRules.big_gin_bonus,
                                "undercut": GinRules.undercut_bonus, "box": GinRules.box_bonus,
                                "target": GinRules.game_bonus, "shutout": GinRules.shutout_bonus}),
    codec=GinCodec(keys=facts.PLAYER_KEYS),
    table=GinTable(asks="cards", cards_question="gin.prompt.cards", also_keys=("upcard",)),
    deals=GinDeals(),
    melds=GinMelds(ace_high=False),  # melds score nothing: only the deadwood counts
    screens=SCREENS,
    tally=TALLY,
    texts=Texts(templates=TEMPLATES, goal="gin.goal", words={"big": oneline.BIG_WORDS}),
    list_order=50,
)
