"""Gin Rummy's rule options (SPEC §2.7): one frozen record, checked when it is made.

The bonus schools differ only in numbers and a few switches, so a school is a
*preset* of option values (``modern``, ``classic``, ``palace``); options given
explicitly override the preset, and a session stores the resulting values
(:meth:`GinOptions.as_dict`), never the preset's name, so a later change of a
preset cannot change an old game's scores.

Units: every bonus, ``target`` and ``knock_limit`` are points.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from scorekeeper.core.errors import InputError
from scorekeeper.core.numbers import MAX_NUMBER, too_big, typed_number
from scorekeeper.core.rules import Said


@dataclass(frozen=True)
class OptionInfo:
    """What ``rules gin`` says about one option: its key, the values it takes in words,
    and what it does."""

    key: str
    values: str
    help: str


#: Every gin option, in the order ``rules gin`` lists them (``preset`` first).
OPTIONS: tuple[OptionInfo, ...] = (
    OptionInfo("preset", "modern, classic or palace",
               "a bonus school: modern (gin 25, big gin 31, undercut 25, box 25), classic (gin 20, no big gin, "
               "undercut 10, box 20), palace (no big gin, undercut 20, box 10 at once, no game bonus, no shutout); "
               "options given explicitly override it"),
    OptionInfo("target", "a whole number ≥ 1", "the total that ends the game (100; 150 under oklahoma)"),
    OptionInfo("knock_limit", "a whole number ≥ 0",
               "the most deadwood a knocker may hold (10); 0 is straight gin"),
    OptionInfo("gin_bonus", "a whole number ≥ 0", "the bonus for gin (25)"),
    OptionInfo("big_gin_bonus", "a whole number ≥ 0 or none",
               "the bonus for big gin, all 11 cards melded (31); none scores it as a gin"),
    OptionInfo("undercut_bonus", "a whole number ≥ 0", "the defender's bonus for an undercut (25)"),
    OptionInfo("box_bonus", "a whole number ≥ 0", "points per hand won, a box (25)"),
    OptionInfo("game_bonus", "a whole number ≥ 0", "the bonus to the player who reached the target (100)"),
    OptionInfo("shutout_bonus", "a whole number ≥ 0", "the flat shutout bonus (100, with shutout=flat)"),
    OptionInfo("equal_deadwood", "undercut or knocker",
               "equal deadwood after lay-offs: the defender undercuts, or the knocker wins with 0 (I-G1)"),
    OptionInfo("box_timing", "end or immediate",
               "boxes added at the end, or with each hand won and toward the target (I-G4)"),
    OptionInfo("shutout", "flat, double-total, double-hands or none",
               "the reward when the other player won no hand (I-G2, I-G3)"),
    OptionInfo("game_winner", "target or total",
               "the player who reached the target wins, or the higher final total (I-G5)"),
    OptionInfo("oklahoma", "true or false", "the up-card sets the knock limit"),
    OptionInfo("spades_double", "true or false", "under oklahoma, a spade up-card doubles the hand's score"),
    OptionInfo("oklahoma_ace", "gin or 1", "under oklahoma, an ace up-card allows gin only, or a knock with 1 (I-G8)"),
    OptionInfo("next_dealer", "winner, loser or alternate", "who deals the next hand"),
)

_ALLOWED = {o.key: o.values for o in OPTIONS}

_CHOICES: dict[str, tuple[Any, ...]] = {
    "equal_deadwood": ("undercut", "knocker"),
    "box_timing": ("end", "immediate"),
    "shutout": ("flat", "double-total", "double-hands", "none"),
    "game_winner": ("target", "total"),
    "oklahoma_ace": ("gin", 1),
    "next_dealer": ("winner", "loser", "alternate"),
}
_BOOLEANS = ("oklahoma", "spades_double")
_MINIMUM = {"target": 1, "knock_limit": 0, "gin_bonus": 0, "undercut_bonus": 0, "box_bonus": 0,
            "game_bonus": 0, "shutout_bonus": 0, "big_gin_bonus": 0}


@dataclass(frozen=True)
class GinOptions:
    """The options of one gin game, as stored with the session (SPEC §2.7).

    Points: ``target`` (100), ``knock_limit`` (10), ``gin_bonus`` (25),
    ``big_gin_bonus`` (31, or None: big gin scores as a gin), ``undercut_bonus``
    (25), ``box_bonus`` (25 per hand won), ``game_bonus`` (100), ``shutout_bonus``
    (100). Switches: ``equal_deadwood`` ``undercut|knocker`` (I-G1),
    ``box_timing`` ``end|immediate`` (I-G4), ``shutout``
    ``flat|double-total|double-hands|none`` (I-G3), ``game_winner``
    ``target|total`` (I-G5), ``oklahoma``, ``spades_double`` (only with
    ``oklahoma``), ``oklahoma_ace`` ``"gin"|1`` (I-G8), ``next_dealer``
    ``winner|loser|alternate``.

    Raises :class:`InputError` (``gin.option_value`` naming the option and
    what it takes; ``gin.spades_without_oklahoma``) for a value the game
    cannot be played with.
    """

    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin_bonus: int | None = 31
    undercut_bonus: int = 25
    box_bonus: int = 25
    game_bonus: int = 100
    shutout_bonus: int = 100
    equal_deadwood: str = "undercut"
    box_timing: str = "end"
    shutout: str = "flat"
    game_winner: str = "target"
    oklahoma: bool = False
    spades_double: bool = False
    oklahoma_ace: str | int = "gin"
    next_dealer: str = "winner"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _MINIMUM:
                if value is None and f.name == "big_gin_bonus":
                    continue
                if isinstance(value, bool) or not isinstance(value, int) or value < _MINIMUM[f.name]:
                    raise _bad(f.name, value)
                if value > MAX_NUMBER:
                    raise InputError("rule.too_big", key=f.name, value=value, limit=MAX_NUMBER)
            elif f.name in _BOOLEANS:
                if not isinstance(value, bool):
                    raise _bad(f.name, value)
            elif value not in _CHOICES[f.name] or isinstance(value, bool):
                raise _bad(f.name, value)
        if self.spades_double and not self.oklahoma:
            raise InputError("gin.spades_without_oklahoma")

    def as_dict(self) -> dict[str, Any]:
        """The values to store with the session: plain JSON values (``None`` for
        ``big_gin_bonus=none``), every option present."""
        return asdict(self)


def _bad(key: str, value: Any) -> InputError:
    shown = "none" if value is None else str(value).lower() if isinstance(value, bool) else value
    return InputError("gin.option_value", option=key, value=shown, allowed=Said(f"option.{key}.values", _ALLOWED[key]))


#: The bonus schools: what each preset sets (the rest keep GinOptions' defaults).
PRESETS: dict[str, dict[str, Any]] = {
    "modern": {},
    "classic": {"gin_bonus": 20, "big_gin_bonus": None, "undercut_bonus": 10, "box_bonus": 20},
    "palace": {"big_gin_bonus": None, "undercut_bonus": 20, "box_bonus": 10, "box_timing": "immediate",
               "game_bonus": 0, "shutout": "none"},
}

OKLAHOMA_TARGET = 150


def _parse(key: str, text: Any) -> Any:
    """One option's value from text (``"25"``, ``"none"``, ``"true"``) or an already typed value
    (a stored session). Raises ``gin.option_value``."""
    if key in _MINIMUM and (text is None or isinstance(text, int)) and not isinstance(text, bool):
        return text
    if key in _BOOLEANS and isinstance(text, bool):
        return text
    word = str(text).strip().lower()
    if key in _MINIMUM:
        if key == "big_gin_bonus" and word == "none":
            return None
        if too_big(word):
            raise InputError("rule.too_big", key=key, value=text, limit=MAX_NUMBER)
        number = typed_number(word)
        if number is None:
            raise _bad(key, text)
        return number
    if key in _BOOLEANS:
        if word in ("true", "yes", "1", "on"):
            return True
        if word in ("false", "no", "0", "off"):
            return False
        raise _bad(key, text)
    number = typed_number(word)
    value: Any = word if number is None else number
    if value not in _CHOICES[key]:
        raise _bad(key, text)
    return value


def options_from(given: Mapping[str, Any]) -> GinOptions:
    """The options of a new gin game from ``KEY=VALUE`` options (``given`` maps keys,
    dashes or underscores, to text or typed values).

    ``preset`` (``modern`` by default, ``classic``, ``palace``) sets the bonus
    school; the other options given override it. ``target`` is 100, or 150
    under ``oklahoma`` unless given. Raises :class:`InputError`:
    ``gin.no_tie`` for ``tie`` (the player who reached the target wins: I-G5),
    ``gin.unknown_option`` for a key gin does not have, ``gin.option_value``.

    >>> options_from({"preset": "classic", "undercut_bonus": "15"}).undercut_bonus
    15
    """
    typed: dict[str, Any] = {}
    preset = "modern"
    for raw_key, text in given.items():
        key = str(raw_key).strip().lower().replace("-", "_")
        if key == "tie":
            raise InputError("gin.no_tie")
        if key == "preset":
            preset = str(text).strip().lower()
            if preset not in PRESETS:
                raise _bad("preset", text)
            continue
        if key not in _ALLOWED:
            raise InputError("gin.unknown_option", option=key, options=[o.key for o in OPTIONS])
        typed[key] = _parse(key, text)
    values = {**PRESETS[preset], **typed}
    if "target" not in typed and values.get("oklahoma"):
        values["target"] = OKLAHOMA_TARGET
    return GinOptions(**values)
