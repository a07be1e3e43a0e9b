"""Contract Rummy's one-line form (SPEC §2.8, §4.2): the shared form, plus two words.

Each argument is ``NAME: WHAT`` as for every variant — melds separated by ``,``, ``+`` before
the cards laid off, ``-`` before the cards left in hand (``-`` alone: went out; ``-42``: 42
points counted on paper), ``out`` — and a separate argument ``stock`` when the deal was
abandoned with nobody out. Contract Rummy adds:

* ``cut`` (or ``зріз``, ``срез``, ``зрэз``) — this player cut the pack exactly (the cut bonus, where ``cut_bonus`` is above 0);
* ``[]`` — this player did not go down (``"melds": []``; leaving melds out says nothing).

Examples::

    "Ann: 7H 7S 7D, QC QD JK +7C -"      went down with two sets, laid off 7♣, went out
    "Bob: [] -KS QS 3C"                  did not go down, holds K♠ Q♠ 3♣
    "Dee: -42 cut"                       counted on paper, cut the pack exactly
"""
from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.core.errors import InputError
from scorekeeper.core.messages import say
from scorekeeper.core.oneline import parse_line_entries, seat_of, write_line_entries, write_part
from scorekeeper.core.variants.contract.score import PLAYER_KEYS

#: the word for "did not go down" (``"melds": []``)
NOT_DOWN = "[]"

#: this player cut the pack exactly (зріз/срез/зрэз колоди), in every language
CUT_WORDS = ("cut", "зріз", "зрізав", "зрізала", "зняв", "зняла", "срез", "срезал", "срезала", "снял", "сняла",
             "зрэз", "зрэзаў", "зрэзала", "зняў")
_CUT = frozenset(CUT_WORDS)


def says_cut(word: str) -> bool:
    """Whether ``word`` (any case) says that this player cut the pack exactly."""
    return word.strip().lower() in _CUT


def read_line(args: Sequence[str], players: Sequence[str]) -> dict:
    """The raw deal entry one-line arguments give. Raises :class:`InputError` naming the
    argument or player at fault (``line.word_twice`` for ``cut`` given twice)."""
    plain: list[str] = []
    cut: str | None = None
    not_down: list[str] = []
    for arg in args:
        text = str(arg)
        name, colon, body = text.partition(":")
        if not colon:
            plain.append(text)
            continue
        words = body.split()
        typed_cut = next((w for w in words if says_cut(w)), None)  # cut, зріз, срез, зрэз
        if typed_cut is not None:
            if cut is not None:
                raise InputError("line.word_twice", player=name.strip(), word=typed_cut, other=cut)
            cut = name.strip()
            words = [w for w in words if not says_cut(w)]
        if NOT_DOWN in words:
            not_down.append(name.strip())
            words = [w for w in words if w != NOT_DOWN]
        plain.append(f"{name}:{' '.join(words)}" if words or not body.strip() else f"{name}: ")
    entry = parse_line_entries(plain, players, False, PLAYER_KEYS)
    if cut is not None:
        entry["cut"] = _spelled(cut, entry)
    for name in not_down:
        player = _spelled(name, entry)
        part = entry["players"].get(player)
        if part is not None and "melds" not in part:
            part["melds"] = []
    return entry


def _spelled(name: str, entry: dict) -> str:
    """The name as the entry (the session) spells it."""
    from scorekeeper.core.entry import name_key

    return next((p for p in entry["players"] if name_key(p) == name_key(name)), name)


def write_line(entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
    """A stored deal entry in Contract Rummy's one-line form: the shared form, ``[]`` first in the
    part of a player who did not go down (``"melds": []``) and ``cut`` after the part of the
    player who cut the pack exactly; names as ``players`` spell them. :func:`read_line` reads it
    back to the same entry."""
    lines = write_line_entries(entry, players, _written_part)
    cutter = seat_of(entry.get("cut"), lines) if isinstance(entry, dict) else None
    if cutter is not None:
        lines[cutter] = (lines[cutter] + " " + say("contract.word.cut")).strip()
    return lines


def _written_part(part: Any) -> str:
    text = write_part(part)
    if isinstance(part, dict) and part.get("melds") == []:
        return f"{NOT_DOWN} {text}".strip()
    return text
