"""An Indian Rummy deal as entered (SPEC §2.9 "Entering an Indian deal"), read and typed.

A deal is the hand-file structure of SPEC §4 with Indian Rummy's own keys::

    {"wild": "7",                      # the deal's wild rank: a rank, or "JK" for a printed joker cut
     "out": "Ann",                     # who declared (optional where exactly one player shows melds
                                       #   and nothing in hand)
     "players": {
        "Ann": {"melds": ["2H 3H 4H", "5S 6S 7C", "9D 9C 9S", "KH KD KS JK"], "hand": ""},
        "Bob": {"melds": ["8C 9C 10C"], "hand": "2D 5D 6H KC QS JD AS 4C 7S 3D"},
        "Cy":  {"hand": 35},           # counted on paper, 0-80
        "Dee": {"drop": "first"},      # or "middle"
        "Eve": {"wrong": true}}}       # declared wrongly; their cards need not be shown

A player's part holds ``melds`` (every meld they arranged) and ``hand`` (the cards left out: a
string or a list; empty for the declarer; a whole number 0-80 counted on paper), or ``drop``,
or ``wrong``; the last player in after everyone else dropped is ``{}`` (I-N6). ``melds`` without
``hand`` means nothing is left out of them.

:func:`read_deal` checks the shape (validations 3, 4, 6 and 8 of §2.9: keys, cards, players, the
wild rank, points and drops); what needs the whole deal and the rules is checked when it is
scored (:mod:`scorekeeper.core.variants.indian.scoring`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from scorekeeper.api import (RANKS, Card, InputError, PlayedCard, parse_cards, phrase, player_named, players_named,
                             split_melds)

TOP_KEYS = ("players", "out", "wild")
PLAYER_KEYS = ("melds", "hand", "drop", "wrong")
DROPS = ("first", "middle")
#: the words a wild rank may be typed as, beyond the ranks themselves (T for ten; the Cyrillic
#: letters Т К Д В for ace, king, queen, jack, as cards are typed)
_RANK_WORDS = {r: i for i, r in enumerate(RANKS, 1)} | {"T": 10, "1": None, "\u0422": 1, "\u041a": 13,
                                                        "\u0414": 12, "\u0412": 11}
_JOKER_WORDS = ("JK", "*", "JOKER", "\u0414\u0416", "\u0414\u0416\u041e\u041a\u0415\u0420")  # ДЖ, ДЖОКЕР


@dataclass(frozen=True)
class WildCut:
    """The deal's wild rank: ``rank`` (1 ace … 13 king) and ``text`` as a document writes it
    (``"7"``, ``"A"``; ``"JK"`` when a printed joker was cut, which makes the aces wild: I-N1)."""

    rank: int
    text: str

    @property
    def joker_cut(self) -> bool:
        return self.text == "JK"


def read_wild(value: Any) -> WildCut:
    """A wild rank as typed (``"7"``, ``"q"``, ``"10"``, ``"T"``, ``"JK"``, ``7``). Raises
    :class:`InputError` ``indian.wild_not_rank`` (validation 3)."""
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 10:
        return WildCut(value, str(value))
    text = str(value).strip().upper() if isinstance(value, str) else None
    if text in _JOKER_WORDS:
        return WildCut(1, "JK")  # a printed joker cut: the aces are wild (I-N1)
    rank = _RANK_WORDS.get(text) if text is not None else None
    if rank is None:
        raise InputError("indian.wild_not_rank", value=value)
    return WildCut(rank, RANKS[rank - 1])


@dataclass(frozen=True)
class Part:
    """One player's part of a deal: ``melds`` (None: not given), ``hand`` (the cards left out;
    None: given as points or not at all), ``points`` (counted on paper), ``drop`` (``"first"`` /
    ``"middle"``) and ``wrong`` (a wrong show)."""

    name: str
    melds: tuple[tuple[PlayedCard, ...], ...] | None = None
    hand: tuple[Card, ...] | None = None
    points: int | None = None
    drop: str | None = None
    wrong: bool = False

    @property
    def left(self) -> bool:
        """The player left the deal: dropped or showed wrongly."""
        return self.drop is not None or self.wrong

    @property
    def empty(self) -> bool:
        """``{}``: nothing said (the last player in after everyone else dropped, I-N6)."""
        return self.melds is None and self.hand is None and self.points is None and not self.left

    @property
    def card_level(self) -> bool:
        """The player's cards were shown (melds or cards left out)."""
        return self.melds is not None or self.hand is not None

    @property
    def shows_all(self) -> bool:
        """Every card in melds, none left out (what a declarer shows)."""
        return bool(self.melds) and not self.hand and self.points is None

    @property
    def points_only(self) -> bool:
        return self.points is not None and self.melds is None and self.hand is None

    def physical_cards(self) -> list[Card]:
        """Every card the player showed: melds and cards left out (a wild's declared meaning is not a card)."""
        return [pc.card for meld in self.melds or () for pc in meld] + list(self.hand or ())

    @property
    def card_count(self) -> int:
        return len(self.physical_cards())


@dataclass(frozen=True)
class IndianDeal:
    """A deal as entered: each player's :class:`Part` in seat order, ``out`` (the declarer as
    given, or None) and ``wild`` (the cut, or None where not given)."""

    players: dict[str, Part]
    out: str | None = None
    wild: WildCut | None = None

    @property
    def card_level(self) -> bool:
        return any(p.card_level for p in self.players.values())


def _part(name: str, raw: Any) -> Part:
    if not isinstance(raw, dict):
        raise InputError("entry.player_not_table", player=name, value=raw)
    for key in raw:
        if key not in PLAYER_KEYS:
            raise InputError("indian.unknown_player_key", player=name, key=key, allowed=list(PLAYER_KEYS))
    drop = raw.get("drop")
    if "drop" in raw:
        if not isinstance(drop, str) or drop.strip().lower() not in DROPS:
            raise InputError("indian.drop_value", player=name, value=drop)
        drop = drop.strip().lower()
    wrong = raw.get("wrong", False)
    if not isinstance(wrong, bool):
        raise InputError("indian.wrong_value", player=name, value=wrong)
    if drop and wrong:
        raise InputError("indian.drop_and_wrong", player=name)
    if (drop or wrong) and ("melds" in raw or "hand" in raw):
        # validation 4: a player who left the deal shows no cards
        # (the word the player typed, in the language spoken: "drop", «дроп»)
        raise InputError("indian.left_shows_cards", player=name, how=phrase(f"indian.line.word.{'drop' if drop else 'wrong'}"),
                         key="melds" if "melds" in raw else "hand")
    melds = hand = points = None
    if "melds" in raw:
        melds = tuple(tuple(m) for m in split_melds(raw["melds"], "melds", player=name))
    if "hand" in raw:
        value = raw["hand"]
        if isinstance(value, (str, list)):
            hand = tuple(parse_cards(value, "hand", player=name))
        elif isinstance(value, int) and not isinstance(value, bool):
            if value < 0:
                raise InputError("entry.points_negative", player=name, key="hand", points=value)
            if melds:
                raise InputError("indian.points_and_melds", player=name, points=value)
            points = value
        else:
            raise InputError("entry.points_type", player=name, key="hand", value=value)
    elif melds is not None:
        hand = ()  # melds alone: nothing left out of them
    return Part(name, melds, hand, points, drop, wrong)


def read_deal(raw: Any, players: Sequence[str], session: Sequence[str]) -> IndianDeal:
    """Check and type a deal entry for the players in play ``players`` (seat order; ``session``:
    every player of the session). Raises :class:`InputError` for a key that is not Indian
    Rummy's, a bad card, a wild rank that is not a rank, a player out of the game, an unknown,
    missing or doubled player, a drop or wrong show that shows cards."""
    if not isinstance(raw, dict):
        raise InputError("entry.not_table")
    for key in raw:
        if key not in TOP_KEYS:
            raise InputError("indian.unknown_top_key", key=key, allowed=list(TOP_KEYS))
    given = raw.get("players")
    if not isinstance(given, dict) or not given:
        raise InputError("entry.no_players")
    named = players_named(given, players, session)
    missing = [p for p in players if p not in named]
    if missing:
        raise InputError("indian.player_missing", player=missing[0], players=list(players))
    parts = {p: _part(p, given[named[p]]) for p in players}
    out = player_named(raw["out"], players, "out", session) if "out" in raw else None
    wild = read_wild(raw["wild"]) if "wild" in raw else None
    return IndianDeal(parts, out, wild)
