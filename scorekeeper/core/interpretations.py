"""What the rules say where the rule books are silent (SPEC §2.6), and the
names of the SPEC sections scores cite.

The texts are message templates (``interpretation.I-1``, ``section.§2.1`` in
:mod:`scorekeeper.core.messages.game`), one place, so that ``rules VARIANT``, ``explain`` and the
README all say the same thing. A variant lists the interpretations that apply
to it (:attr:`~scorekeeper.core.rules.Variant.interpretations`) and brings the
templates of its own; each id maps to one sentence here.
"""
from __future__ import annotations

from typing import Iterator, Mapping

from scorekeeper.core.messages import TEMPLATES, render


class _Said(Mapping[str, str]):
    """Id -> sentence for every template ``PREFIX.ID`` there is (the program's, and those a
    loaded variant brought, SPEC §8), each said when it is read (in the language chosen then,
    SPEC §7), never once at import."""

    def __init__(self, prefix: str):
        self._prefix = prefix + "."

    def __getitem__(self, key: str) -> str:
        if self._prefix + str(key) not in TEMPLATES:
            raise KeyError(key)
        return render(self._prefix + key, {})

    def __contains__(self, key: object) -> bool:
        return self._prefix + str(key) in TEMPLATES

    def __iter__(self) -> Iterator[str]:
        return iter([code[len(self._prefix):] for code in TEMPLATES if code.startswith(self._prefix)])

    def __len__(self) -> int:
        return sum(1 for code in TEMPLATES if code.startswith(self._prefix))


#: Interpretation id -> the sentence stating the default and how to change it (SPEC §2.6): the
#: templates ``interpretation.ID``. Which option changes one is the variant's to say
#: (:attr:`~scorekeeper.core.rules.Variant.interpretation_options`).
INTERPRETATIONS: Mapping[str, str] = _Said("interpretation")

#: Rule section -> its title, so an explanation can name the rule it cites: the templates ``section.REF``.
SECTIONS: Mapping[str, str] = _Said("section")


def rule_name(ref: str) -> str:
    """A cited rule as people read it: a rule section by its name ("Rummy 500 and Rum 500:
    scoring a hand"), an interpretation by the id ``rules`` prints ("I-6"); never the
    section number of the specification, which users do not have (``""`` when unknown)."""
    if ref in INTERPRETATIONS or (ref.startswith("I-") and not ref.startswith("§")):
        return ref
    return SECTIONS.get(ref, "")


def rule_names(rule: str) -> str:
    """A line's rule citation (``"§2.2, §2.3"``) as people read it:
    ``"Melds and lay-offs, Rummy 500 and Rum 500: scoring a hand"``."""
    return ", ".join(name for name in (rule_name(ref) for ref in rule_refs(rule)) if name)


def rule_refs(rule: str) -> list[str]:
    """Split a line's rule citation (``"§2.2, §2.3"``, ``"§2.3, I-6"``) into its parts."""
    return [part.strip() for part in str(rule).replace(";", ",").split(",") if part.strip()]


def is_interpretation(ref: str) -> bool:
    """Whether a cited rule is an interpretation (``I-5``, ``I-G3``), which people know by its id."""
    return ref in INTERPRETATIONS or (ref.startswith("I-") and not ref.startswith("§"))


#: The rule cited where a line names interpretations only: the part of ``rules`` that lists them.
SILENT = "§2.6"


def rule_json(rule: str) -> dict | None:
    """A line's rule citation (``"§2.3, I-6"``) as ``--json`` gives it (SPEC §5: a rule by its name and
    the interpretation ids ``rules`` prints, never a section of the specification):
    ``{"id": "I-6", "ids": ["I-6"], "name": "Rummy 500 and Rum 500: scoring a hand"}`` — ``id`` the
    first interpretation cited (None when none is), ``ids`` all of them, ``name`` the rules cited by
    name ("Where the rules are silent" when only interpretations are). None for no citation."""
    refs = rule_refs(rule)
    if not refs:
        return None
    ids = [ref for ref in refs if is_interpretation(ref)]
    names = [SECTIONS.get(ref, "") for ref in refs if not is_interpretation(ref)]
    name = ", ".join(n for n in names if n) or SECTIONS.get(SILENT, "")
    return {"id": ids[0] if ids else None, "ids": ids, "name": name}


def rule_title(ref: str) -> str:
    """What a cited rule is: a SPEC section's title, or an interpretation's sentence;
    ``""`` when the reference is not known."""
    if ref in INTERPRETATIONS:
        return INTERPRETATIONS[ref]
    return SECTIONS.get(ref, "")
