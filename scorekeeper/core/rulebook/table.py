"""What the questions at the table ask, and in what order (SPEC §4.1)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.core.phrase import Phrase, phrase
from scorekeeper.core.rulebook.part import Part

#: the game so far (:class:`scorekeeper.core.game.GameSoFar`), named only in words here: the game
#: model imports the variant
GameSoFar = Any



@dataclass(frozen=True)
class Question:
    """One question of the dialog at the table.

    ``key`` names what the answer gives, and is what the codec reads it as
    (:meth:`~scorekeeper.core.rulebook.codec.Codec.answer`): a part of a player's entry
    (``melds``, ``layoffs``, ``hand``, or ``cards`` where each player shows their cards in one
    answer), ``ending`` (how the deal ended), or a fact of the deal (``wild``, ``cut``,
    ``upcard``); ``player`` whose part it is (None: the deal's); ``words`` the question as words
    (a :class:`~scorekeeper.core.phrase.Phrase`)."""

    key: str
    words: Phrase
    player: str | None = None

    @property
    def about(self) -> tuple[str, str]:
        """``(player, key)``: the answer's place among the answers (``""`` for the deal's)."""
        return (self.player or "", self.key)


#: each part of a player's entry and the question that asks for it
PART_QUESTIONS = {"melds": "prompt.melds", "layoffs": "prompt.laid_off", "hand": "prompt.left_in_hand",
                  "cards": "prompt.cards"}


@dataclass(eq=False)
class Table(Part):
    """What the prompt asks at the table, in order: the deal's facts asked first
    (:meth:`first`), then each player who takes part, their parts one question at a time
    (:meth:`part`), then how the deal ended where the answers do not say it (:meth:`ending`),
    then the deal's other facts (:meth:`also`). The answers are read by the variant's codec
    into the same entry a hand file holds.

    ``asks``: ``"parts"`` (the default: melds — where what goes on the table scores, as points
    or cards —, lay-offs and the cards left in hand), ``"melds"`` (the same, the melds asked and
    checked though they score nothing: Contract Rummy's contracts) or ``"cards"`` (one answer per
    player, the player's part in the variant's one-line form: Gin Rummy's cards shown);
    ``cards_question``: the message code of that one question (Gin Rummy: "cards (10; 11 for big
    gin)")."""

    asks: str = "parts"
    cards_question: str = ""
    #: the keys of the deal's other facts :meth:`also` may ask (so ``edit`` can start from them)
    also_keys: tuple[str, ...] = field(default=())

    def parts(self) -> tuple[str, ...]:
        """The parts of a player's entry asked for, in order: ``hand`` always; ``melds`` and
        ``layoffs`` where what goes on the table scores (``table`` among the codec's keys:
        Rummy 500) or where the melds are asked though they score nothing (``asks="melds"``)."""
        if self.asks == "cards":
            return ("cards",)
        keys = self.variant.codec.keys
        out = []
        if "melds" in keys and ("table" in keys or self.asks == "melds"):
            out.append("melds")
            if "layoffs" in keys:
                out.append("layoffs")
        out.append("hand")
        return tuple(out)

    def intro(self, rules: Mapping[str, Any]) -> Sequence[Phrase] | None:
        """How to answer, in words, in place of the common ones (None: the common words)."""
        return self.variant.screens.intro(rules)

    def first(self, game: "GameSoFar") -> list[Question]:
        """The deal's facts asked before any player (Indian Rummy: the wild rank cut): none."""
        return []

    def asked(self, game: "GameSoFar") -> tuple[str, ...]:
        """The players asked for their parts, in seat order: those in play."""
        return tuple(game.in_play)

    def skip(self, game: "GameSoFar", player: str, entry: Mapping[str, Any]) -> bool:
        """Whether ``player`` is not asked for a part this time, given the answers so far (``entry``,
        the raw entry being built): the part is then left empty. Never, by default (Canasta: a
        partner of a side whose score was given on paper)."""
        return False

    def part(self, game: "GameSoFar", player: str, part: Mapping[str, Any], asked: Sequence[str]) -> Question | None:
        """The next question about ``player``'s part, given the part so far and the keys
        ``asked`` already; None when the part is complete."""
        for key in self.parts():
            if key in asked:
                continue
            if "hand" in part:  # the whole part was given in one answer (the one-line form)
                return None
            if key == "layoffs" and ("table" in part or part.get("melds") == []):
                continue  # nothing to lay off after table points, or for a player who did not go down
            code = self.cards_question if key == "cards" and self.cards_question else PART_QUESTIONS[key]
            return Question(key, phrase(code), player)
        return None

    def ending(self, game: "GameSoFar", entry: Mapping[str, Any]) -> Question | None:
        """How the deal ended, where the answers do not say it and the variant needs it."""
        parts = entry.get("players") or {}
        if self.asks == "cards":
            return None if entry.get("knock") else Question("ending", phrase("prompt.cards.who_knocked"))
        hands = [p.get("hand") for p in parts.values()]
        if entry.get("knock") or any(h == "" for h in hands):
            return None  # a knock was given, or the player with no cards left went out
        endings = self.variant.endings
        if endings.knock:
            return Question("ending", phrase("prompt.how_did_round_end"))
        if endings.required or any(isinstance(h, int) and not isinstance(h, bool) for h in hands):
            return Question("ending", phrase("prompt.who_went_out_name"))
        return None

    def also(self, game: "GameSoFar", entry: Mapping[str, Any]) -> list[Question]:
        """The deal's other facts, asked once the players' parts and the ending are in
        (Contract Rummy: who cut the pack exactly; Gin Rummy under Oklahoma: the up-card): none."""
        return []
