"""Reading a hand entry: the hand-file structure of SPEC §4, checked and typed.

A hand entry (what is stored, exactly as entered) is a dict::

    {"players": {NAME: PLAYER, ...},        # every session player, nobody else
     "knock": NAME, "out": NAME,            # optional; knock is carousel only
     "stock_exhausted": true}               # optional

    PLAYER = {"melds": "7H 8H 9H, QS QD QC" | ["7H 8H 9H", ...],
              "layoffs": "10H" | ["10H"],    # rummy500 / rum500
              "hand": "AS 4D" | ["AS", "4D"] | 19,   # cards left, or their points
              "table": 80}                   # rummy500 / rum500 points-only

:func:`parse_entry` turns it into a :class:`HandEntry` or raises
:class:`InputError` with one sentence naming the player, the key or the card.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Sequence

from scorekeeper.core.cards import Card, PlayedCard, parse_cards, parse_played_cards, quoted, split_melds
from scorekeeper.core.errors import InputError


@dataclass(frozen=True)
class PlayerEntry:
    """One player's part of a hand.

    ``melds`` — melds put down (cards), ``None`` when not given;
    ``layoffs`` — cards laid off (rummy500/rum500);
    ``hand`` — cards left in hand, or ``None`` when given as points;
    ``hand_points`` — the points in hand when given as a number;
    ``table`` — points put on the table, when given as a number (points-only).
    """

    name: str
    melds: tuple[tuple[PlayedCard, ...], ...] | None = None
    layoffs: tuple[PlayedCard, ...] = ()
    hand: tuple[Card, ...] | None = None
    hand_points: int | None = None
    table: int | None = None

    @property
    def points_only(self) -> bool:
        """No cards at all: the table counted this player on paper (I-6)."""
        return self.hand is None and not self.melds and not self.layoffs

    @property
    def empty_hand(self) -> bool:
        """No cards left in hand, given as cards (a points-only 0 is not "out", I-6)."""
        return self.hand is not None and len(self.hand) == 0

    def physical_cards(self) -> list[Card]:
        """Every physical card this player showed: melds, lay-offs and hand."""
        cards = [pc.card for meld in self.melds or () for pc in meld]
        cards += [pc.card for pc in self.layoffs]
        cards += list(self.hand or ())
        return cards


@dataclass(frozen=True)
class HandEntry:
    """A whole hand: each player's entry in seat order and how the hand ended."""

    players: dict[str, PlayerEntry]
    knock: str | None = None
    out: str | None = None
    stock_exhausted: bool = False
    ended_given: bool = field(default=False)


def did_you_mean(name: str, names: Sequence[str]) -> str:
    """`` (did you mean "Ann"?)`` when a near miss exists, else ``""``."""
    close = difflib.get_close_matches(name, list(names), n=1, cutoff=0.5)
    if not close:
        lowered = {n.lower(): n for n in names}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    return f' (did you mean "{close[0]}"?)' if close else ""


def match_player(name: str, players: Sequence[str]) -> str:
    """The session player called ``name``: exactly, else ignoring case (for names
    typed at the table). Raises :class:`InputError` with a "did you mean"."""
    if name in players:
        return name
    folded = [p for p in players if p.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    raise InputError(
        f'"{name}" is not a player of this session{did_you_mean(name, players)}; '
        f"the players are {', '.join(players)}."
    )


def player_named(name: Any, players: Sequence[str], role: str) -> str:
    """Check a name given for ``role`` (``"knock"``, ``"out"``) is a session player."""
    if not isinstance(name, str) or name not in players:
        raise InputError(
            f'"{role}" names {quoted(name)}, who is not a player of this session{did_you_mean(str(name), players)}; '
            f"the players are {', '.join(players)}."
        )
    return name


def _points(value: Any, player: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f'{player}: "{key}" must be cards or a whole number of points, not {quoted(value)}.')
    if value < 0:
        raise InputError(f'{player}: "{key}" points cannot be negative ({value}).')
    return value


def _player_entry(name: str, raw: Any, allowed: set[str]) -> PlayerEntry:
    if not isinstance(raw, dict):
        raise InputError(f"{name}: the entry must be a table of keys like \"hand\", not {quoted(raw)}.")
    unknown = [k for k in raw if k not in allowed]
    if unknown:
        raise InputError(
            f'{name}: "{unknown[0]}" is not a key of this variant\'s hand entries; '
            f"use {', '.join(sorted(allowed))}."
        )
    if "hand" not in raw:
        raise InputError(f'{name}: "hand" is missing: give the cards left in hand ("" after going out) or their points.')
    hand_raw = raw["hand"]
    hand = hand_points = None
    if isinstance(hand_raw, (str, list)):
        hand = tuple(parse_cards(hand_raw, f"{name}'s hand"))
    else:
        hand_points = _points(hand_raw, name, "hand")
    melds = None
    if "melds" in raw:
        melds = tuple(tuple(m) for m in split_melds(raw["melds"], f"{name}'s melds"))
    layoffs: tuple[PlayedCard, ...] = ()
    if "layoffs" in raw:
        if not isinstance(raw["layoffs"], (str, list)):
            raise InputError(f"{name}: \"layoffs\" must be cards, like \"10H\", not {quoted(raw['layoffs'])}.")
        layoffs = tuple(parse_played_cards(raw["layoffs"], f"{name}'s lay-offs"))
    table = None
    if "table" in raw:
        if melds or layoffs:
            raise InputError(f'{name}: give either "table" points or "melds"/"layoffs" cards, not both.')
        table = _points(raw["table"], name, "table")
    return PlayerEntry(name, melds, layoffs, hand, hand_points, table)


def parse_entry(
    raw: Any,
    players: Sequence[str],
    player_keys: set[str],
    knock_allowed: bool,
) -> HandEntry:
    """Check and type a hand entry for a session with ``players`` in seat order.

    ``player_keys`` are the per-player keys the variant accepts; ``knock`` is
    only accepted where ``knock_allowed``. Raises :class:`InputError`.
    """
    if not isinstance(raw, dict):
        raise InputError('A hand entry is a table with a "players" key, one entry per player.')
    top = {"players", "out", "stock_exhausted"} | ({"knock"} if knock_allowed else set())
    for key in raw:
        if key not in top:
            if key == "knock":
                raise InputError('"knock" belongs to Carousel: this variant has no knocking.')
            raise InputError(f'"{key}" is not a key of a hand entry; use {", ".join(sorted(top))}.')
    given = raw.get("players")
    if not isinstance(given, dict) or not given:
        raise InputError('A hand entry needs "players": an entry for every player of the session.')
    for name in given:
        if name not in players:
            raise InputError(
                f'"{name}" is not a player of this session{did_you_mean(str(name), players)}; '
                f"the players are {', '.join(players)}."
            )
    missing = [p for p in players if p not in given]
    if missing:
        raise InputError(f"{missing[0]} is missing from the hand: every player of the session needs an entry.")
    entries = {p: _player_entry(p, given[p], player_keys) for p in players}
    knock = player_named(raw["knock"], players, "knock") if "knock" in raw else None
    out = player_named(raw["out"], players, "out") if "out" in raw else None
    stock = raw.get("stock_exhausted", False)
    if not isinstance(stock, bool):
        raise InputError(f'"stock_exhausted" is true or false, not {quoted(stock)}.')
    ways = [w for w, on in (("knock", knock), ("out", out), ("stock_exhausted", stock)) if on]
    if len(ways) > 1:
        raise InputError(f"A hand ends one way only, but this entry gives {' and '.join(ways)}.")
    if out is not None and not (entries[out].empty_hand or entries[out].hand_points is not None):
        held = len(entries[out].hand or ())
        raise InputError(f"{out} is named as out but still holds {held} card{'s' if held != 1 else ''}.")
    if out is not None and entries[out].hand_points:
        raise InputError(f"{out} is named as out, but their hand is given as {entries[out].hand_points} points: "
                         'a player who goes out holds no cards (give 0 or "").')
    empty = [p for p, e in entries.items() if e.empty_hand]
    if len(empty) > 1:
        names = ", ".join(empty[:-1]) + " and " + empty[-1]
        raise InputError(f"Only one player can go out, but {names} {'both' if len(empty) == 2 else 'all'} "
                         "have no cards left.")
    if out is not None and empty and empty[0] != out:
        raise InputError(f"{out} is named as out, but {empty[0]} is the one with no cards left.")
    if out is None and empty and not knock and not stock:
        out = empty[0]
    if knock is not None and empty:
        raise InputError(f"{knock} knocked, but {empty[0]} has no cards left: a round ends one way only.")
    if stock and empty:
        raise InputError(f"{empty[0]} has no cards left, so {empty[0]} went out: "
                         "the hand did not end by the stock running out.")
    return HandEntry(entries, knock, out, bool(stock), bool(ways))
