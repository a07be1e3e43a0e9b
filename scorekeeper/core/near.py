"""Near misses: what a refused word most likely meant ("did you mean …?").

The one place the program guesses: player names, variants, rule options, cards and
the words of the one-line form all ask :func:`closest` (one answer) or
:func:`nearest` (every equally near answer, for cards: ``QX`` is as near to
``QS`` as to ``QH``). Both use :mod:`difflib` (its ratio of matching characters,
0 … 1) over texts compared as :func:`name_key` has them (case and the Unicode form
of a letter aside). Pure functions; no sentence is made here.
"""
from __future__ import annotations

import difflib
import unicodedata
from typing import Sequence

#: how alike (difflib's ratio, 0 … 1) a near miss must be: "an" finds "Ann", "stok" "stock"
CUTOFF = 0.5


def name_key(name: str) -> str:
    """What tells players' names apart: two names are one player's when they differ only in
    case or in how a letter is written in Unicode (``Zoë`` as one character, or ``e`` and ``¨``)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def closest(name: str, names: Sequence[str]) -> str | None:
    """The name among ``names`` that ``name`` most likely meant (a near miss, or the
    same name in other case), or None. Names are compared as :func:`name_key` has them
    (case and the Unicode form of a letter aside), so ``an`` finds ``Ann``; the one
    closest-match helper of the program (players, variants, rule keys, words)."""
    keyed: dict[str, str] = {}
    for n in names:
        keyed.setdefault(name_key(n), n)
    key = name_key(name)
    if key in keyed:
        return keyed[key]
    close = difflib.get_close_matches(key, list(keyed), n=1, cutoff=CUTOFF)
    return keyed[close[0]] if close else None


def nearest(word: str, words: Sequence[str], most: int = 4) -> list[str]:
    """Every one of ``words`` that is nearest to ``word`` (the same difflib ratio, at least
    :data:`CUTOFF`), in the order of ``words``; none when more than ``most`` are equally near
    (a guess among many helps nobody: ``H`` is as near to ``AH`` as to ``KH``).

    >>> nearest("QX", ["AS", "QS", "QH", "QD", "QC"])
    ['QS', 'QH', 'QD', 'QC']
    >>> nearest("1OH", ["10H", "JH", "10S"])
    ['10H']
    """
    key = name_key(word)
    if not key:
        return []
    scored = []
    for w in words:
        matcher = difflib.SequenceMatcher(None, key, name_key(w))
        if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF:
            scored.append((matcher.ratio(), w))
    best = max((r for r, _ in scored), default=0.0)
    if best < CUTOFF:
        return []
    found = [w for r, w in scored if r == best]
    return found if len(found) <= most else []


def one_edit(word: str, other: str) -> bool:
    """Whether ``word`` is ``other`` with at most one letter added, left out, changed or two
    neighbours swapped (compared as :func:`name_key` has them): ``rummy50`` and ``rummy500``,
    ``gni`` and ``gin``. A stricter test than :func:`closest`, for a word that may as well be
    something else (a player's name where a variant may stand).

    >>> one_edit("rummy50", "rummy500"), one_edit("Gina", "gin"), one_edit("Ann", "gin")
    (True, True, False)
    """
    a, b = name_key(word), name_key(other)
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long[k]), len(short))
    return short[i:] == long[i + 1:]
