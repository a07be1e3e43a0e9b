"""What the rules say where the rule books are silent (SPEC §2.6), and the
names of the SPEC sections scores cite.

One place holds these texts so that ``rules VARIANT``, ``explain`` and the
README all say the same thing. A variant lists the interpretations that apply
to it (:attr:`~scorekeeper.core.rules.Variant.interpretations`); each id maps
to one sentence here.
"""
from __future__ import annotations

#: Interpretation id → the sentence stating the default and how to change it (SPEC §2.6).
INTERPRETATIONS: dict[str, str] = {
    "I-1": (
        "When two or more players share the winning total at the end, Rummy 500, Rum 500 and Carousel "
        "play another hand until the tie breaks (the standings say a tie is being played off), and "
        "Crazy Rummy, which has no fourteenth round, shares the win; the option tie=play-on|shared "
        "changes this where the variant allows it."
    ),
    "I-2": (
        "Carousel's end bonus: each player at 150 or more gets 100, and each player below it gets 25 "
        "for every round they won (round_bonus=others); round_bonus=all gives the 25s to everyone, "
        "round_bonus=none gives only the 100."
    ),
    "I-3": (
        "Rum 500 with 8 players cannot be dealt 7 cards each from one deck, so two decks are used "
        "(the decks option changes it)."
    ),
    "I-4": (
        "In Carousel, when the lowest count is shared and nobody knocked, every tied player wins the "
        "round and none of them gets the undercut bonus."
    ),
    "I-5": (
        "A laid-off ace that could attach at the low end of a run (1 point) or elsewhere (15) is never "
        "guessed: the entry says which with AS:low or AS:high; when every attachment gives the same "
        "points nothing need be said."
    ),
    "I-6": (
        "A hand, or one player's part of it, may be given as points only (no cards): it is accepted "
        "for every variant, checks that need cards are skipped, the history marks it points_only, "
        "a points-only 0 never means the player went out (say out), and the points are not bounded, "
        "so a game started on paper can be carried over."
    ),
    "I-7": (
        "A hand is won by the player who went out in Rummy 500, Rum 500 and Crazy Rummy (by nobody when "
        "the stock ran out), and by the round's winners in Carousel; this is the Won column of the "
        "standings."
    ),
}

#: Interpretation id → the rule option that changes it, where there is one.
INTERPRETATION_OPTIONS: dict[str, str | None] = {
    "I-1": "tie", "I-2": "round_bonus", "I-3": "decks", "I-4": None, "I-5": None, "I-6": None, "I-7": None,
}

#: SPEC section → its title, so an explanation can name the rule it cites.
SECTIONS: dict[str, str] = {
    "§2": "Variants, seats and the deal",
    "§2.1": "Cards and card values",
    "§2.2": "Melds and lay-offs",
    "§2.3": "Rummy 500 and Rum 500: scoring a hand",
    "§2.4": "Carousel: scoring a round",
    "§2.5": "Crazy Rummy: scoring a round",
    "§2.6": "Interpretations where the rules are silent",
    "§4": "Recording a hand",
}


def interpretation(key: str) -> str:
    """The sentence for ``"I-1"`` … ``"I-7"``. Raises :class:`KeyError` for an unknown id."""
    return INTERPRETATIONS[key]


def rule_refs(rule: str) -> list[str]:
    """Split a line's rule citation (``"§2.2, §2.3"``, ``"§2.3, I-6"``) into its parts."""
    return [part.strip() for part in str(rule).replace(";", ",").split(",") if part.strip()]


def rule_title(ref: str) -> str:
    """What a cited rule is: a SPEC section's title, or an interpretation's sentence;
    ``""`` when the reference is not known."""
    if ref in INTERPRETATIONS:
        return INTERPRETATIONS[ref]
    return SECTIONS.get(ref, "")
