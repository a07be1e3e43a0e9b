"""Canasta's rule options (SPEC §2.10): one frozen :class:`~scorekeeper.api.RuleSet`, checked
when it is made.

Units: ``target`` and ``concealed_bonus`` are points; ``first_meld`` four minimums in points, for
a side's total below 0, from 0, from 1,500 and from 3,000 (the thresholds of the rule book).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.api import RuleSet, one_of, option, whole_number

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: the totals from which each minimum of ``first_meld`` applies (below the first: the first minimum)
THRESHOLDS = (0, 1500, 3000)
FIRST_MELD = "15,50,90,120"
#: what going out earns (not concealed): the rule book's figure
OUT_BONUS = 100


def first_meld_values(text: Any) -> str:
    """A parser for ``first_meld``: four whole numbers ≥ 0 separated by commas, written back the
    one way (``"15,50,90,120"``). Raises ``ValueError`` for anything else."""
    if isinstance(text, (bool, int)):
        raise ValueError(text)
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 4 or not all(p.isdigit() and len(p) <= 6 for p in parts):
        raise ValueError(text)
    return ",".join(str(int(p)) for p in parts)


def minimum_first_meld(rules: Any, total: int) -> int:
    """The points a side's first meld of a hand must hold, its total before the hand being
    ``total`` (SPEC §2.10, I-K5): the ``first_meld`` minimum of the band ``total`` is in
    (negative; 0–1,495; 1,500–2,995; 3,000 and over)."""
    values = [int(v) for v in str(rules["first_meld"]).split(",")]
    band = 0 if total < THRESHOLDS[0] else 1 + sum(1 for t in THRESHOLDS[1:] if total >= t)
    return values[band]


@dataclass(frozen=True, eq=False)
class CanastaRules(RuleSet):
    """The options of one Canasta game, as stored with the session (SPEC §2.10): ``target``
    (5,000), ``canastas_to_go_out`` (1; 2 for two players, I-K2), ``concealed_bonus`` (200, the
    whole going-out bonus when going out concealed, I-K3), ``first_meld`` (``15,50,90,120``,
    I-K5) and ``tie`` (``play-on``, I-K4). Raises :class:`~scorekeeper.api.InputError`
    ``rule.bad_value`` for a value outside what each takes."""

    target: int = option(5000, "a whole number ≥ 1", whole_number(1),
                         "the total a side must reach at the end of a hand to end the game (5,000)")
    canastas_to_go_out: int = option(1, "a whole number ≥ 1", whole_number(1),
                                     "the canastas a side needs before one of its players may go out "
                                     "(1; 2 for two players, I-K2)")
    concealed_bonus: int = option(200, "a whole number ≥ 0", whole_number(0),
                                  "the going-out bonus for going out concealed, in place of the 100 (200, I-K3)")
    first_meld: str = option(FIRST_MELD, "four whole numbers separated by commas", first_meld_values,
                             "the minimum first meld of a side whose total is negative, from 0, from 1,500 and "
                             "from 3,000 (15,50,90,120): shown, not checked (I-K5)")
    tie: str = option("play-on", "play-on or shared", one_of("play-on", "shared"),
                      "equal highest totals at or past the target: play another hand, or share the win (I-K4)")

    by_players = {"canastas_to_go_out": {2: 2, 3: 1, 4: 1}}
