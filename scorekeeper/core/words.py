"""The words people type at the table, in every language (SPEC §7).

The one-line form and the prompt understand the English words (``out``, ``knock``,
``stock``, ``all``, ``:low``/``:high``) and, beside them, the words Ukrainian, Russian and
Belarusian players naturally type (вийшов/вышел/выйшаў and their feminine forms,
стук/постукала, резерв/запас/колода, усіх/все/усе, молодший/младший/нізкі, старший/старшы …),
whatever language the program speaks, so a table that switches languages never has to
retype. Case does not matter. Pure data: no catalog is read here. A variant's own words
(Gin Rummy's ``big``, Contract Rummy's ``cut``) are its own
(:class:`~scorekeeper.core.rulebook.texts.Texts`).
"""
from __future__ import annotations

#: each meaning and the words that say it (lowercase)
WORDS: dict[str, frozenset[str]] = {
    "out": frozenset({"out", "вийшов", "вийшла", "вихід", "вышел", "вышла", "выход", "выйшаў", "выйшла", "выхад"}),
    "knock": frozenset({"knock", "стук", "постукав", "постукала", "стукнув", "стукнула", "постучал", "постучала",
                        "пастукаў", "пастукала"}),
    "stock": frozenset({"stock", "stock_exhausted", "stock-exhausted", "резерв", "колода", "запас", "калода"}),
    "all": frozenset({"all", "everyone", "again", "усіх", "всіх", "усі", "всі", "все", "всех", "усе", "ўсе"}),
    "nobody": frozenset({"nobody", "none", "ніхто", "никто", "нікто"}),
    "low": frozenset({"low", "lo", "молодший", "младший", "нізкі", "малодшы"}),
    "high": frozenset({"high", "hi", "старший", "старшы"}),
}

_MEANING = {word: meaning for meaning, words in WORDS.items() for word in words}


def meaning(word: str) -> str | None:
    """What a typed ``word`` says (``"out"``, ``"knock"``, ``"stock"``, ``"all"``, ``"nobody"``,
    ``"low"``, ``"high"``), or None for a word that is none of them (a variant's own words are
    its to read: :meth:`scorekeeper.core.rulebook.codec.Codec.meaning`).

    >>> meaning("Постукала"), meaning("вышел"), meaning("7H")
    ('knock', 'out', None)
    """
    return _MEANING.get(word.strip().lower())


def says(word: str, what: str) -> bool:
    """Whether ``word`` says ``what`` (one of the meanings of :data:`WORDS`)."""
    return meaning(word) == what
