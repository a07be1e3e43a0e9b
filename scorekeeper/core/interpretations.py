"""What the rules say where the rule books are silent (SPEC §2.6), and the
names of the SPEC sections scores cite.

The texts are message templates (``interpretation.I-1``, ``section.§2.1`` in
:mod:`scorekeeper.core.messages.game`), one place, so that ``rules VARIANT``, ``explain`` and the
README all say the same thing. A variant lists the interpretations that apply
to it (:attr:`~scorekeeper.core.rules.Variant.interpretations`); each id maps
to one sentence here.
"""
from __future__ import annotations

from scorekeeper.core.messages import render

#: Interpretation id → the sentence stating the default and how to change it (SPEC §2.6).
INTERPRETATIONS: dict[str, str] = {
    key: render(f"interpretation.{key}", {}) for key in ("I-1", "I-2", "I-3", "I-4", "I-5", "I-6", "I-7")
}

#: Interpretation id → the rule option that changes it, where there is one.
INTERPRETATION_OPTIONS: dict[str, str | None] = {
    "I-1": "tie", "I-2": "round_bonus", "I-3": "decks", "I-4": None, "I-5": None, "I-6": None, "I-7": None,
}

#: SPEC section → its title, so an explanation can name the rule it cites.
SECTIONS: dict[str, str] = {
    key: render(f"section.{key}", {}) for key in ("§2", "§2.1", "§2.2", "§2.3", "§2.4", "§2.5", "§2.6", "§4")
}


def interpretation(key: str) -> str:
    """The sentence for ``"I-1"`` … ``"I-7"``. Raises :class:`KeyError` for an unknown id."""
    return INTERPRETATIONS[key]


def rule_name(ref: str) -> str:
    """A cited rule as people read it: a rule section by its name ("Rummy 500 and Rum 500:
    scoring a hand"), an interpretation by the id ``rules`` prints ("I-6"); never the
    section number of the specification, which users do not have (``""`` when unknown)."""
    if ref in INTERPRETATIONS or (ref.startswith("I-") and not ref.startswith("§")):
        return ref
    if ref in SECTIONS:
        return SECTIONS[ref]
    from scorekeeper.core.messages import TEMPLATES

    return render(f"section.{ref}", {}) if f"section.{ref}" in TEMPLATES else ""


def rule_names(rule: str) -> str:
    """A line's rule citation (``"§2.2, §2.3"``) as people read it:
    ``"Melds and lay-offs, Rummy 500 and Rum 500: scoring a hand"``."""
    return ", ".join(name for name in (rule_name(ref) for ref in rule_refs(rule)) if name)


def rule_refs(rule: str) -> list[str]:
    """Split a line's rule citation (``"§2.2, §2.3"``, ``"§2.3, I-6"``) into its parts."""
    return [part.strip() for part in str(rule).replace(";", ",").split(",") if part.strip()]


def rule_title(ref: str) -> str:
    """What a cited rule is: a SPEC section's title, or an interpretation's sentence;
    ``""`` when the reference is not known."""
    if ref in INTERPRETATIONS:
        return INTERPRETATIONS[ref]
    return SECTIONS.get(ref, "")
