"""What the rules say where the rule books are silent (SPEC §2.6), and the
names of the SPEC sections scores cite.

The texts are message templates (``interpretation.I-1``, ``section.§2.1`` in
:mod:`scorekeeper.core.messages.game`), one place, so that ``rules VARIANT``, ``explain`` and the
README all say the same thing. A variant lists the interpretations that apply
to it (:attr:`~scorekeeper.core.rules.Variant.interpretations`); each id maps
to one sentence here.
"""
from __future__ import annotations

from typing import Iterator, Mapping

from scorekeeper.core.messages import render


class _Said(Mapping[str, str]):
    """Id → sentence, each said when it is read (in the language chosen then, SPEC §7),
    never once at import."""

    def __init__(self, prefix: str, keys: tuple[str, ...]):
        self._prefix, self._keys = prefix, keys

    def __getitem__(self, key: str) -> str:
        if key not in self._keys:
            raise KeyError(key)
        return render(f"{self._prefix}.{key}", {})

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


#: Interpretation id → the sentence stating the default and how to change it (SPEC §2.6).
INTERPRETATIONS: Mapping[str, str] = _Said(
    "interpretation", ("I-1", "I-2", "I-3", "I-4", "I-5", "I-6", "I-7", *(f"I-G{i}" for i in range(1, 11))))

#: Interpretation id → the rule option that changes it, where there is one.
INTERPRETATION_OPTIONS: dict[str, str | None] = {
    "I-1": "tie", "I-2": "round_bonus", "I-3": "decks", "I-4": None, "I-5": None, "I-6": None, "I-7": None,
    # Gin Rummy (SPEC §2.7)
    "I-G1": "equal_deadwood", "I-G2": None, "I-G3": "shutout", "I-G4": "box_timing", "I-G5": "game_winner",
    "I-G6": None, "I-G7": None, "I-G8": "oklahoma_ace", "I-G9": "spades_double", "I-G10": None,
}

#: SPEC section → its title, so an explanation can name the rule it cites.
SECTIONS: Mapping[str, str] = _Said("section", ("§2", "§2.1", "§2.2", "§2.3", "§2.4", "§2.5", "§2.6", "§2.7", "§4"))


def interpretation(key: str) -> str:
    """The sentence for ``"I-1"`` … ``"I-7"``, ``"I-G1"`` … ``"I-G10"``. Raises :class:`KeyError` for an unknown id."""
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
