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

from dataclasses import dataclass, field
from typing import AbstractSet, Any, Iterable, Sequence

from scorekeeper.core.cards import (Card, CardCount, PlayedCard, parse_cards, parse_played_cards,
                                    plain_played_cards, split_melds)
from scorekeeper.core.errors import Collect, InputError
from scorekeeper.core.near import closest, name_key  # noqa: F401  (where players' names are matched)


@dataclass(frozen=True, init=False)
class PlayerEntry:
    """One player's part of a hand, checked and typed (what a hand file's ``{"melds": …,
    "hand": …}`` for the player becomes).

    ``name`` — the player, as the session spells it;
    ``melds`` — melds put down, each a tuple of :class:`~scorekeeper.core.cards.PlayedCard`,
    ``None`` when not given;
    ``layoffs`` — cards laid off (rummy500/rum500);
    ``hand`` — cards left in hand (:class:`~scorekeeper.core.cards.Card`), or ``None`` when given
    as points; an empty tuple: nothing left (the player went out);
    ``hand_points`` — the points in hand when given as a number (counted on paper);
    ``table`` — points put on the table, when given as a number (points-only).
    """

    name: str
    melds: tuple[tuple[PlayedCard, ...], ...] | None = None
    layoffs: tuple[PlayedCard, ...] = ()
    hand: tuple[Card, ...] | None = None
    hand_points: int | None = None
    table: int | None = None

    def __init__(self, name: str, melds: tuple[tuple[PlayedCard, ...], ...] | None = None,
                 layoffs: tuple[PlayedCard, ...] = (), hand: tuple[Card, ...] | None = None,
                 hand_points: int | None = None, table: int | None = None) -> None:
        # the fields set at once (a frozen dataclass's own __init__ sets them one by one through
        # object.__setattr__, several times slower: every hand read makes one per player)
        self.__dict__.update(name=name, melds=melds, layoffs=layoffs, hand=hand, hand_points=hand_points,
                             table=table)

    @property
    def points_only(self) -> bool:
        """No cards at all: the table counted this player on paper (I-6)."""
        return self.hand is None and not self.melds and not self.layoffs

    @property
    def empty_hand(self) -> bool:
        """No cards left in hand, given as cards (see :meth:`nothing_left` for points)."""
        return self.hand is not None and len(self.hand) == 0

    def nothing_left(self, zero_is_empty: bool = True) -> bool:
        """No cards left in hand: an empty list of cards, or (``zero_is_empty``: where every
        card left in hand counts something) a points-only 0 (I-6)."""
        return self.empty_hand or (zero_is_empty and self.hand is None and self.hand_points == 0)

    def physical_cards(self) -> list[Card]:
        """Every physical card this player showed: melds, lay-offs and hand."""
        cards = [pc.card for meld in self.melds or () for pc in meld]
        cards += [pc.card for pc in self.layoffs]
        cards += list(self.hand or ())
        return cards


@dataclass(frozen=True, init=False)
class HandEntry:
    """A whole hand, checked and typed: what the shared codec's
    :meth:`~scorekeeper.core.rulebook.codec.Codec.read` gives a variant's scoring.

    ``players`` — each player's :class:`PlayerEntry` by name, in seat order (every player in
    play, nobody else); ``knock`` — who knocked, or None; ``out`` — who went out, where the entry
    says it (else the player with no card left, if any); ``stock_exhausted`` — the stock ran
    out; ``ended_given`` — the entry said how the hand ended."""

    players: dict[str, PlayerEntry]
    knock: str | None = None
    out: str | None = None
    stock_exhausted: bool = False
    ended_given: bool = field(default=False)

    def __init__(self, players: dict[str, PlayerEntry], knock: str | None = None, out: str | None = None,
                 stock_exhausted: bool = False, ended_given: bool = False) -> None:
        # at once, as PlayerEntry's
        self.__dict__.update(players=players, knock=knock, out=out, stock_exhausted=stock_exhausted,
                             ended_given=ended_given)


def about_player(player: str, error: InputError) -> InputError:
    """``error`` (about a card, a meld, the cards of a part) said of ``player``'s part of
    the hand: "Ann: …", with ``player`` as a fact and ``error`` as its ``cause``."""
    return InputError("entry.about_player", player=player, cause=error)


def did_you_mean(name: str, names: Sequence[str]) -> str:
    """`` (did you mean "Ann"?)`` when a near miss exists, else ``""``.

    TRANSITIONAL, for callers still writing their own sentences: give the near miss as
    a fact instead (:func:`closest`, or :func:`unknown_name` for a player)."""
    from scorekeeper.core.messages import render

    near = closest(name, names)
    return render("name.did_you_mean", {"near": near}) if near is not None else ""


def unknown_name(name: str, players: Sequence[str], role: str | None = None) -> InputError:
    """The error for ``name`` that is no session player: with the near miss, if any
    (``near``), and the players; ``role`` (``"knock"``, ``"out"``) when a key named them."""
    near = closest(str(name), players)
    code = "name.unknown" if role is None else "name.unknown_role"
    facts: dict[str, Any] = {"name": name, "players": list(players)}
    if role is not None:
        facts["role"] = role
    if near is not None:
        code += "_near"
        facts["near"] = near
    return InputError(code, **facts)


def find_player(name: str, players: Sequence[str]) -> str | None:
    """The session player called ``name``: exactly, else the one whose :func:`name_key` it
    has (ignoring case); None if none."""
    if name in players:
        return name
    key = name_key(name)
    matched = [p for p in players if name_key(p) == key]
    return matched[0] if len(matched) == 1 else None


def match_player(name: str, players: Sequence[str]) -> str:
    """The session player called ``name``: exactly, else ignoring case (SPEC §4).
    Raises :class:`InputError` (``name.unknown``, with the near miss as ``near``)."""
    found = find_player(name, players)
    if found is None:
        raise unknown_name(name, players)
    return found


def player_named(name: Any, players: Sequence[str], role: str, session: Sequence[str] | None = None) -> str:
    """The session player a name given for ``role`` (``"knock"``, ``"out"``) means,
    exactly or ignoring case. ``session``: every player of the session, where ``players`` are
    those in play. Raises :class:`InputError`: ``entry.not_in_play`` for a player of the session
    who is out of the game, else ``name.unknown`` (:func:`unknown_name`)."""
    found = find_player(name, players) if isinstance(name, str) else None
    if found is None:
        if session is not None and isinstance(name, str) and find_player(name, session):
            raise InputError("entry.not_in_play", player=find_player(name, session), players=list(players))
        raise unknown_name(name, players, role)
    return found


def players_named(given: Iterable[Any], players: Sequence[str], session: Sequence[str] | None = None) -> dict[str, Any]:
    """Each name ``given`` (the keys of an entry's ``players``) matched to the session player it
    means, exactly or ignoring case: ``{player as the session spells it: name as given}``, in the
    order given. ``session``: every player of the session, where ``players`` are those in play.
    A player left out is not refused here (each rule book says so in its own words). Raises
    :class:`InputError`: ``entry.not_in_play`` (a player of the session out of the game),
    ``name.unknown`` (:func:`unknown_name`, with the near miss), ``entry.player_twice`` (two
    names for one player)."""
    named: dict[str, Any] = {}
    for name in given:
        found = find_player(name, players) if isinstance(name, str) else None
        if found is None and session is not None and isinstance(name, str) and find_player(name, session):
            raise InputError("entry.not_in_play", player=find_player(name, session), players=list(players))
        if found is None:
            raise unknown_name(name, players)
        if found in named:
            raise InputError("entry.player_twice", player=found, names=[named[found], name])
        named[found] = name
    return named


def session_names(raw: Any, players: Sequence[str]) -> Any:
    """A hand entry with every player's name spelled as the session spells it
    (``"ann"`` → ``"Ann"``), for storing; anything it cannot match is left as it is
    (:func:`parse_entry` says what is wrong)."""
    if not isinstance(raw, dict):
        return raw
    out = dict(raw)
    given = raw.get("players")
    if isinstance(given, dict):
        named = {}
        for name, part in given.items():
            found = find_player(name, players) if isinstance(name, str) else None
            key = found if found is not None and found not in named else name
            named[key] = part
        out["players"] = named
    for role in ("knock", "out"):
        if isinstance(raw.get(role), str):
            out[role] = find_player(raw[role], players) or raw[role]
    return out


def _points(value: Any, player: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError("entry.points_type", player=player, key=key, value=value)
    if value < 0:
        raise InputError("entry.points_negative", player=player, key=key, points=value)
    return value


def _melds(value: Any, name: str, count: CardCount | None) -> tuple[tuple[PlayedCard, ...], ...]:
    if type(value) is list:  # the stored form: each meld a string of plain cards, read at once
        left = count.left if count is not None else 0
        melds = []
        for item in value:
            cards = plain_played_cards(item, count)
            if cards is None:
                break
            if cards:  # (an empty meld is none, as split_melds reads it)
                melds.append(tuple(cards))
        else:
            return tuple(melds)
        if count is not None:
            count.left = left  # read the full way, counted again from the start
    return tuple(map(tuple, split_melds(value, "melds", player=name, count=count)))


def _layoffs(value: Any, name: str, count: CardCount | None) -> tuple[PlayedCard, ...]:
    if not isinstance(value, (str, list)):
        raise InputError("entry.layoffs_type", player=name, value=value)
    return tuple(parse_played_cards(value, "layoffs", player=name, count=count))


def _hand(value: Any, name: str, count: CardCount | None) -> tuple[Card, ...] | int:
    """The cards left in hand, or their points given as a number."""
    if isinstance(value, (str, list)):
        return tuple(parse_cards(value, "hand", player=name, count=count))
    return _points(value, name, "hand")


#: the parts of a player's entry made of cards, in the order they are read, and their readers
_PARTS = (("melds", _melds), ("layoffs", _layoffs), ("hand", _hand))


def _player_entry(name: str, raw: Any, allowed: AbstractSet[str], most_cards: int | None = None) -> PlayerEntry:
    if not isinstance(raw, dict):
        raise InputError("entry.player_not_table", player=name, value=raw)
    if not allowed.issuperset(raw):
        unknown = [k for k in raw if k not in allowed]
        raise InputError("entry.unknown_key", player=name, key=unknown[0], allowed=sorted(allowed))
    if "hand" not in raw:
        raise InputError("entry.hand_missing", player=name)
    given = [(key, read) for key, read in _PARTS if key in raw]
    # the cards counted as they are read: a part holding more than the game has is refused before all is read
    count = CardCount(most_cards, name) if most_cards is not None else None
    try:  # read straight through (no place kept for a mistake while none is met: the usual entry has none)
        parts = {key: read(raw[key], name, count) for key, read in given}
    except InputError:
        # every part that cannot be read is said at once, each with its place: read again, gathering them
        count = CardCount(most_cards, name) if most_cards is not None else None
        mistakes = Collect()
        for key, read in given:
            with mistakes.at(key):
                read(raw[key], name, count)
        mistakes.raise_any()
        raise AssertionError("a part refused once is refused again") from None  # pragma: no cover
    melds = parts.get("melds")
    layoffs: tuple[PlayedCard, ...] = parts.get("layoffs", ())
    hand = parts["hand"] if isinstance(parts["hand"], tuple) else None
    hand_points = parts["hand"] if hand is None else None
    table = None
    if "table" in raw:
        if melds or layoffs:
            raise InputError("entry.table_and_cards", player=name)
        table = _points(raw["table"], name, "table")
    return PlayerEntry(name, melds, layoffs, hand, hand_points, table)


#: the keys an entry may hold at its top, by whether going out ends a hand and whether a player may knock
_TOP_KEYS = {(out, knock): frozenset({"players", "stock_exhausted"} | ({"out"} if out else set())
                                     | ({"knock"} if knock else set()))
             for out in (False, True) for knock in (False, True)}


def parse_entry(
    raw: Any,
    players: Sequence[str],
    player_keys: AbstractSet[str],
    knock_allowed: bool,
    zero_is_empty: bool = True,
    out_bonus: int = 0,
    out_ends: bool = True,
    most_cards: int | None = None,
    session: Sequence[str] | None = None,
) -> HandEntry:
    """Check and type a hand entry for a session with ``players`` in seat order.

    ``player_keys`` are the per-player keys the variant accepts; ``knock`` is
    only accepted where ``knock_allowed``. ``zero_is_empty``: a points-only 0 in
    hand means no cards left, so it follows the rules of going out (I-6): only one
    player holds nothing, nobody else went out, and where going out scores
    (``out_bonus`` points) the entry must name that player as ``out``, since the
    bonus is not to be guessed. ``out_ends``: going out ends a hand; where it does not
    (Knock Rummy: only a knock does) a hand with nothing left is a count of 0, and ``out``
    is no key of the entry. ``most_cards``: the most cards one player's part may show (every
    card of the game's decks), counted while reading, so that a part holding more is refused
    before the rest of it is read (``cards.more_than_game_of_player``). ``session``: every player
    of the session, where ``players`` are only those who take part in this deal (the others were
    eliminated: ``entry.not_in_play``). Raises :class:`InputError`.
    """
    if not isinstance(raw, dict):
        raise InputError("entry.not_table")
    top = _TOP_KEYS[bool(out_ends), bool(knock_allowed)]
    for key in raw:
        if key not in top:
            if key == "knock":
                raise InputError("entry.knock_not_here")
            raise InputError("entry.unknown_top_key", key=key, allowed=sorted(top))
    given = raw.get("players")
    if not isinstance(given, dict) or not given:
        raise InputError("entry.no_players")
    named = players_named(given, players, session)  # session spelling -> the name as given
    missing = [p for p in players if p not in named]
    if missing:
        raise InputError("entry.player_missing", player=missing[0])
    try:  # each player's part read straight through (the usual entry has no mistake)
        entries = {p: _player_entry(p, given[named[p]], player_keys, most_cards) for p in players}
    except InputError:
        mistakes = Collect()  # every player's mistakes at once, each with its place: read again, gathering them
        for p in players:
            with mistakes.at("players", named[p]):
                _player_entry(p, given[named[p]], player_keys, most_cards)
        mistakes.raise_any()
        raise AssertionError("a part refused once is refused again") from None  # pragma: no cover
    knock = player_named(raw["knock"], players, "knock", session) if "knock" in raw else None
    out = player_named(raw["out"], players, "out", session) if "out" in raw else None
    stock = raw.get("stock_exhausted", False)
    if not isinstance(stock, bool):
        raise InputError("entry.stock_type", value=stock)
    ways = [w for w, on in (("knock", knock), ("out", out), ("stock_exhausted", stock)) if on]
    if len(ways) > 1:
        raise InputError("entry.two_endings", ways=ways)
    if out is not None and not (entries[out].empty_hand or entries[out].hand_points is not None):
        held = len(entries[out].hand or ())
        raise InputError("entry.out_holds_cards", player=out, count=held, cards=entries[out].hand)
    if out is not None and entries[out].hand_points:
        raise InputError("entry.out_with_points", player=out, points=entries[out].hand_points)
    empty = [p for p, e in entries.items() if out_ends and e.nothing_left(zero_is_empty)]
    if len(empty) > 1:
        raise InputError("entry.two_out" if len(empty) == 2 else "entry.several_out", players=empty)
    if out is not None and empty and empty[0] != out:
        raise InputError("entry.out_not_empty", player=out, other=empty[0])
    if knock is not None and empty:
        raise InputError("entry.knock_and_out", player=knock, other=empty[0])
    if stock and empty:
        raise InputError("entry.stock_and_out", player=empty[0])
    if out is None and empty and out_bonus and entries[empty[0]].hand is None:
        raise InputError("entry.zero_needs_out", player=empty[0], bonus=out_bonus)
    if out is None and empty:
        out = empty[0]
    return HandEntry(entries, knock, out, bool(stock), bool(ways))
