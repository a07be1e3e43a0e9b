"""A session whose variant is not installed, read from the numbers it stored (SPEC §8).

Its hands cannot be scored here, but its record keeps, beside the hands as entered, the numbers
they derived when it was last saved (``record["derived"]``, :mod:`scorekeeper.app.scoreboard`):
each hand's scores, who won it and how it ended, the end of the game. :func:`kept_game` makes
of them a :class:`~scorekeeper.app.games.Loaded` game, ``kept`` holding the sentence that says
why (``session.needs_package``), whose variant is a stand-in (:func:`stand_in`): the facts the
stored numbers tell — its id, whether the lowest total wins — and the shared defaults for the
rest, with a scoring that refuses with the session's sentence. So every reading command shows
it from there (standings, history, chart, the board, stats, the exports), without naming who
deals (the rotation is the variant's); whatever would score it (a hand, an edit, undo,
explain, ``history --audit``) says the sentence, exit 1.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import ScorekeeperError, VariantError
from scorekeeper.core.game import Ending, GameSetup
from scorekeeper.core.rulebook import CardValues, Endings, Pack, Scoring, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.app.games import Loaded
from scorekeeper.app.scoreboard import stored_board, stored_numbers
from scorekeeper.app.scorer import NEEDS


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


def stand_in(variant_id: str, lowest_wins: bool, refusal: ScorekeeperError | None = None,
             ending: Ending | None = None) -> Variant:
    """The variant of a session whose variant is not installed: its id (as its name too), whether
    the lowest total wins (as its stored numbers say; highest where they do not), its deals called
    hands, the shared defaults for the rest; its scoring refuses with ``refusal``."""
    refusal = refusal if refusal is not None else VariantError("variant.unknown", name=variant_id, variants=[])
    return Variant(id=variant_id, name=variant_id, aliases=(), players=(1, 1000), summary="", interpretations={},
                   rules_type=NoRules, pack=Pack({}, {}, {}), card_values=CardValues(ace=1, low_ace=1),
                   endings=Endings(frozenset(), won="won"), lowest_wins=lowest_wins, deal_word="hand",
                   scoring=Refusing(refusal, ending if ending is not None else Ending(False)))


def kept_game(record: dict, refusal: VariantError) -> Loaded:
    """A session whose variant cannot be had here, as a game of the numbers it stored
    (``kept``: ``refusal``, the sentence saying why). Raises ``refusal`` when it stored none that
    can be believed (:func:`~scorekeeper.app.scoreboard.stored_numbers`)."""
    if refusal.code not in NEEDS:  # the registry's sentence names the variant: the session too
        refusal = VariantError("session.refused", session=record["id"], cause=refusal)
    numbers = stored_numbers(record)
    if numbers is None:
        raise refusal
    players = tuple(record["players"])
    ending = Ending(numbers["finished"], list(numbers["winners"]), dict(numbers["bonus"]), numbers["note"])
    variant = stand_in(record["variant"], bool(numbers.get("lowest_wins", False)), refusal, ending)
    dealer = players.index(record["dealer"]) if record["dealer"] in players else 0
    setup = GameSetup(variant, players, NoRules(), dealer, dict(record.get("carried") or {}),
                      record.get("first_round") or 1)
    state = stored_board(record, setup)
    assert state is not None  # the numbers were believed above
    return Loaded(record, setup, state, False, kept=refusal)


def waiting(loaded: Loaded) -> bool:
    """Whether ``loaded`` is a session read from its stored numbers because its variant is not
    installed (:func:`kept_game`)."""
    return isinstance(loaded.kept, VariantError)
