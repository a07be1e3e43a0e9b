"""Words for people kept as data until they are shown (SPEC §7).

A :class:`Phrase` is a message code of :mod:`scorekeeper.core.messages` and its
facts: "a run of spades Q-K-A (ace high)" is ``phrase("meld.run.S.ace_high",
ranks=Ranks((12, 13, 1)))``, "two decks" is ``phrase("deck.decks.two")``. It is made
into words only when it is shown (``str(phrase)``), in the language chosen then,
so a phrase can be made once and said in any language; a phrase among the facts of
another message is shown as its words, like an error's ``cause``. A document's sentence
for people is :class:`Said`: the words, keeping their phrase, so that a screen can draw
the cards it names (:meth:`Phrase.pieces`) without reading the words back.

:class:`Ranks` is a row of ranks as a run writes them (``Q-K-A``; ``Д-К-Т`` in
Ukrainian): the rank letters of the chosen language.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping


@dataclass(frozen=True)
class Phrase:
    """Words as data: a template ``code`` and its ``facts``; ``str()`` says them in the
    chosen language. Make one with :func:`phrase`."""

    code: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        from scorekeeper.core.messages import render

        return render(self.code, self.facts)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __hash__(self) -> int:  # the facts may hold lists: a phrase hashes by its code
        return hash(self.code)

    def pieces(self, inside: bool = False) -> list:
        """The words as pieces: texts and the cards named, in order (see
        :func:`scorekeeper.core.messages.pieces`), for a screen that draws the cards its way.
        ``inside``: set inside another sentence (in parentheses), going on with a small letter
        where it may (:func:`scorekeeper.core.messages.clause`)."""
        from scorekeeper.core.messages import clause_of, pieces

        made = pieces(self.code, self.facts)
        return clause_of(made, self.code) if inside else made

    def english(self) -> str:
        """The words in English, whatever language is chosen (for ``--json``, which
        is the same in every language)."""
        with in_english():
            return str(self)


class Said(str):
    """The words of a :class:`Phrase`, said in the language spoken, keeping the phrase: a sentence
    of a document the application returns (``--json`` writes it as the string it is), whose
    screen draws the cards it names from :attr:`phrase` (:meth:`Phrase.pieces`), never reading the
    words back."""

    phrase: Phrase

    def __new__(cls, said: Phrase) -> "Said":
        self = super().__new__(cls, str(said))
        self.phrase = said
        return self

    def __reduce__(self) -> tuple:
        return (Said, (self.phrase,))


def said(value: Any) -> Any:
    """A phrase's words as :class:`Said` (keeping the phrase); anything else as it is."""
    return Said(value) if isinstance(value, Phrase) else value


def phrase(code: str, /, **facts: Any) -> Phrase:
    """``phrase("meld.set.3", ranks=…)``: the phrase of template ``code`` with ``facts``."""
    return Phrase(code, facts)


class Ranks(tuple):
    """Ranks in a row, as a run writes them: ``Q-K-A``, ``9-10-J`` (the rank letters of
    the chosen language when shown). Holds the ranks as numbers, 1 … 13."""

    def __str__(self) -> str:
        from scorekeeper.core.messages import rank_letter

        return "-".join(rank_letter(r) for r in self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Ranks({tuple(self)!r})"


class TypedText:
    """A name or title as typed, shown quoted the language's way with what a terminal would act on
    escaped (:func:`scorekeeper.core.messages.typed_text`): ``«Оля\\u001b»``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        from scorekeeper.core.messages import typed_text

        return typed_text(self.text)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"TypedText({self.text!r})"


class RankWord:
    """A rank as a document writes it (``"Q"``, ``"10"``; ``"JK"`` for a printed joker cut, Indian
    Rummy's aces wild), shown in the letters of the chosen language (``Д``, ``10``, ``Дж``)."""

    _RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

    def __init__(self, text: Any) -> None:
        self.text = str(text)

    def __str__(self) -> str:
        from scorekeeper.core.messages import pgettext, rank_letter

        if self.text == "JK":
            return pgettext("card", "JK")
        return rank_letter(self._RANKS.index(self.text) + 1) if self.text in self._RANKS else self.text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RankWord) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"RankWord({self.text!r})"


@contextmanager
def in_english() -> Iterator[None]:
    """Speak English for a while (``--json`` texts), then the chosen language again."""
    from scorekeeper.core import messages

    with messages.english():
        yield


def english(value: Any) -> Any:
    """``value`` with a phrase in it said in English (see :meth:`Phrase.english`)."""
    if isinstance(value, (Phrase, Ranks)):
        with in_english():
            return str(value)
    return value
