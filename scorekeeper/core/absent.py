"""The variant of a session whose variant is not installed (SPEC §8 "a variant's life").

Such a session is read from the numbers it stored (``scorekeeper.app.games.kept_game``); the
screens that show it ask its variant what they ask of any (its word for a deal, its endings, what
its screens add): :func:`stand_in` answers with the facts the stored numbers tell — its id (as its
name too), whether the lowest total wins — and the shared defaults of every collaborator for the
rest. Its scoring refuses every deal with the session's sentence, so whatever would score the
session says why it cannot (exit 1); the end of the game is the one stored.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import ScorekeeperError, VariantError
from scorekeeper.core.game import Ending
from scorekeeper.core.rulebook import CardValues, Endings, Pack, Scoring, Variant
from scorekeeper.core.rules import RuleSet


@dataclass(frozen=True, eq=False)
class NoRules(RuleSet):
    """The options of a variant that is not installed: none known (the record keeps them as stored)."""


class Refusing(Scoring):
    """The scoring of a variant that is not installed: every deal is refused with the sentence
    of the session waiting for it (``refusal``, exit 1); the end of the game is the one stored."""

    def __init__(self, refusal: ScorekeeperError, ending: Ending) -> None:
        super().__init__()
        object.__setattr__(self, "refusal", refusal)
        object.__setattr__(self, "stored_end", ending)

    def score(self, entry: Any, game: Any) -> Any:
        raise self.refusal  # type: ignore[attr-defined]

    def end(self, game: Any) -> Ending:
        return self.stored_end  # type: ignore[attr-defined]


def stand_in(variant_id: str, lowest_wins: bool = False, refusal: ScorekeeperError | None = None,
             ending: Ending | None = None) -> Variant:
    """The variant of a session whose variant is not installed: its id (as its name too), whether
    the lowest total wins (as its stored numbers say; highest where they do not), its deals called
    hands, the shared defaults for the rest; its scoring refuses with ``refusal`` and ends the game
    as ``ending`` (the one stored)."""
    if refusal is None:
        refusal = VariantError("variant.unknown", name=variant_id, variants=[])
    return Variant(id=variant_id, name=variant_id, aliases=(), players=(1, 1000), summary="", interpretations={},
                   rules_type=NoRules, pack=Pack({}, {}, {}), card_values=CardValues(ace=1, low_ace=1),
                   endings=Endings(frozenset(), won="won"), lowest_wins=lowest_wins, deal_word="hand",
                   scoring=Refusing(refusal, ending if ending is not None else Ending(False)))
