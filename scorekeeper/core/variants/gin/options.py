"""Gin Rummy's rule options (SPEC §2.7): one :class:`~scorekeeper.core.rules.RuleSet`,
checked when it is made.

The bonus schools differ only in numbers and a few switches, so a school is a *preset*
of option values (``modern``, ``classic``, ``palace``), declared as data
(:class:`~scorekeeper.core.rules.Presets`) and applied by the common
:func:`~scorekeeper.core.rules.resolve_rules`; options given explicitly override the
preset, and a session stores the resulting values (``dict(rules)``), never the preset's
name, so a later change of a preset cannot change an old game's scores. ``target`` is
100, or 150 under ``oklahoma`` unless given (a worked-out default).

Units: every bonus, ``target`` and ``knock_limit`` are points.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import InputError
from scorekeeper.core.rules import FromOptions, Presets, RuleSet, boolean, one_of, option, or_none, whole_number

OKLAHOMA_TARGET = 150

#: The bonus schools: what each preset sets (the rest keep the options' defaults).
PRESETS: dict[str, dict[str, Any]] = {
    "modern": {},
    "classic": {"gin_bonus": 20, "big_gin_bonus": None, "undercut_bonus": 10, "box_bonus": 20},
    "palace": {"big_gin_bonus": None, "undercut_bonus": 20, "box_bonus": 10, "box_timing": "immediate",
               "game_bonus": 0, "shutout": "none"},
}

_NUMBER = "a whole number ≥ 0"


@dataclass(frozen=True, eq=False)
class GinRules(RuleSet):
    """The options of one gin game, as stored with the session (SPEC §2.7): the values in
    force, a preset already applied.

    Points: ``target`` (100), ``knock_limit`` (10), ``gin_bonus`` (25),
    ``big_gin_bonus`` (31, or None: big gin scores as a gin), ``undercut_bonus``
    (25), ``box_bonus`` (25 per hand won), ``game_bonus`` (100), ``shutout_bonus``
    (100). Switches: ``equal_deadwood`` ``undercut|knocker`` (I-G1),
    ``box_timing`` ``end|immediate`` (I-G4), ``shutout``
    ``flat|double-total|double-hands|none`` (I-G3), ``game_winner``
    ``target|total`` (I-G5), ``oklahoma``, ``spades_double`` (only with
    ``oklahoma``), ``oklahoma_ace`` ``"gin"|1`` (I-G8), ``next_dealer``
    ``winner|loser|alternate``.

    Raises :class:`InputError` (``rule.bad_value`` naming the option and what it takes;
    ``gin.spades_without_oklahoma``) for a value the game cannot be played with.
    """

    target: int = option(100, "a whole number ≥ 1", whole_number(1),
                         "the total that ends the game (100; 150 under oklahoma)")
    knock_limit: int = option(10, _NUMBER, whole_number(0),
                              "the most deadwood a knocker may hold (10); 0 is straight gin")
    gin_bonus: int = option(25, _NUMBER, whole_number(0), "the bonus for gin (25)")
    big_gin_bonus: int | None = option(31, "a whole number ≥ 0 or none", or_none(whole_number(0)),
                                       "the bonus for big gin, all 11 cards melded (31); none scores it as a gin")
    undercut_bonus: int = option(25, _NUMBER, whole_number(0), "the defender's bonus for an undercut (25)")
    box_bonus: int = option(25, _NUMBER, whole_number(0), "points per hand won, a box (25)")
    game_bonus: int = option(100, _NUMBER, whole_number(0), "the bonus to the player who reached the target (100)")
    shutout_bonus: int = option(100, _NUMBER, whole_number(0), "the flat shutout bonus (100, with shutout=flat)")
    equal_deadwood: str = option("undercut", "undercut or knocker", one_of("undercut", "knocker"),
                                 "equal deadwood after lay-offs: the defender undercuts, or the knocker wins with 0 "
                                 "(I-G1)")
    box_timing: str = option("end", "end or immediate", one_of("end", "immediate"),
                             "boxes added at the end, or with each hand won and toward the target (I-G4)")
    shutout: str = option("flat", "flat, double-total, double-hands or none",
                          one_of("flat", "double-total", "double-hands", "none"),
                          "the reward when the other player won no hand (I-G2, I-G3)")
    game_winner: str = option("target", "target or total", one_of("target", "total"),
                              "the player who reached the target wins, or the higher final total (I-G5)")
    oklahoma: bool = option(False, "true or false", boolean, "the up-card sets the knock limit")
    spades_double: bool = option(False, "true or false", boolean,
                                 "under oklahoma, a spade up-card doubles the hand's score")
    oklahoma_ace: Any = option("gin", "gin or 1", one_of("gin", "1"),
                               "under oklahoma, an ace up-card allows gin only, or a knock with 1 (I-G8)")
    next_dealer: str = option("winner", "winner, loser or alternate", one_of("winner", "loser", "alternate"),
                              "who deals the next hand")

    presets = Presets(
        "modern", PRESETS, "modern, classic or palace",
        "a bonus school: modern (gin 25, big gin 31, undercut 25, box 25), classic (gin 20, no big gin, "
        "undercut 10, box 20), palace (no big gin, undercut 20, box 10 at once, no game bonus, no shutout); "
        "options given explicitly override it")
    worked_out = {"target": FromOptions(lambda values: OKLAHOMA_TARGET if values["oklahoma"] else 100,
                                        "100; 150 under oklahoma")}
    refused = {"tie": "gin.no_tie"}  # the player who reached the target wins (I-G5)

    def check(self) -> None:
        """``spades_double`` only under ``oklahoma``. Raises :class:`InputError`
        ``gin.spades_without_oklahoma``."""
        if self.spades_double and not self.oklahoma:
            raise InputError("gin.spades_without_oklahoma")
