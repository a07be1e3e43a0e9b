"""A variant's own words: its message templates, its catalogs, and the words people type."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from scorekeeper.core.rulebook.part import Part


@dataclass(eq=False)
class Texts(Part):
    """The variant's own texts.

    ``templates``: its message templates (code → English ``str.format`` template, the codes
    prefixed with its id: ``indian.drop.first``), joined to the program's when the variant is
    made (a code already another's is refused); its explanation lines, errors and its
    ``section.REF`` / ``interpretation.ID`` texts. ``catalogs``: a folder of gettext catalogs for
    them (``LANG/LC_MESSAGES/<id>.mo``), or None (a built-in variant's are the program's; else
    English only). ``words``: the words of its own that people type, by meaning
    (``{"drop": ("drop", "дроп", …)}``), understood in every language beside the shared ones
    (``out``, ``knock``, ``stock`` …), with near-word suggestions; a language's forms may also
    come from the catalog (the message ``word.MEANING``: its translation lists the forms,
    separated by ``|``). ``goal``: the goal in words where "highest total wins" does not say it
    (a message code taking ``target``)."""

    templates: Mapping[str, str] = field(default_factory=dict)
    catalogs: Any = None
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    goal: str = ""

    def meaning(self, word: str) -> str | None:
        """What ``word`` (any case) says among the variant's own words, in any language: a
        key of :attr:`words`, or of the forms its catalogs list; None for none of them."""
        return self._meanings().get(word.strip().lower())

    def forms(self) -> dict[str, str]:
        """Every word of the variant's own, lower case → its meaning (its ``words`` and the
        forms of the message ``word.MEANING`` in each language its catalogs have)."""
        return dict(self._meanings())

    def _meanings(self) -> dict[str, str]:
        cached = self.__dict__.get("_cached_meanings")
        if cached is None:
            from scorekeeper.core.messages import catalog_forms

            cached = {}
            for meaning, words in self.words.items():
                for w in (meaning, *words, *catalog_forms(f"word.{meaning}", self.catalogs, self.variant.id)):
                    cached.setdefault(w.strip().lower(), meaning)
            self.__dict__["_cached_meanings"] = cached
        return cached
