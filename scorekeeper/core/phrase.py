"""Words for people kept as data until they are shown (SPEC §7).

A :class:`Phrase` is a message code of :mod:`scorekeeper.core.messages` and its
facts: "a run of spades Q-K-A (ace high)" is ``Phrase("meld.run_ace_high",
suit_name=…, ranks=…)``, "two decks" is ``Phrase("deck.decks.two")``. It is made
into words only when it is shown (``str(phrase)``), in the language chosen then,
so a phrase can be made once and said in any language; a phrase among the facts of
another message is shown as its words, like an error's ``cause``.

:class:`Ranks` is a row of ranks as a run writes them (``Q-K-A``; ``Д-К-Т`` in
Ukrainian): the rank letters of the chosen language.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Mapping


class Phrase:
    """Words as data: a template ``code`` and its ``facts``; ``str()`` says them."""

    __slots__ = ("code", "facts")

    def __init__(self, code: str, /, **facts: Any):
        self.code = code
        self.facts: Mapping[str, Any] = facts

    def __str__(self) -> str:
        from scorekeeper.core.messages import render

        return render(self.code, self.facts)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def english(self) -> str:
        """The words in English, whatever language is chosen (for ``--json``, which
        is the same in every language)."""
        with in_english():
            return str(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.code, dict(self.facts)) == (other.code, dict(other.facts))

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        facts = "".join(f", {k}={v!r}" for k, v in self.facts.items())
        return f"Phrase({self.code!r}{facts})"


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


@contextmanager
def in_english() -> Iterator[None]:
    """Speak English for a while (``--json`` texts), then the chosen language again.

    TRANSITIONAL: :mod:`scorekeeper.core.messages` has no way yet to render one
    message in English without changing the language, so this swaps it and back."""
    from scorekeeper.core import messages

    saved = messages._translations
    messages.use(None)
    try:
        yield
    finally:
        messages.use(saved)


def english(value: Any) -> Any:
    """``value`` with a phrase in it said in English (see :meth:`Phrase.english`)."""
    if isinstance(value, (Phrase, Ranks)):
        with in_english():
            return str(value)
    return value
