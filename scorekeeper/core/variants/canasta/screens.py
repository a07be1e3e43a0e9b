"""What Canasta's screens add to the common ones, as words kept as data: each side's base and
bonus (explain, the prompt's preview), the minimum first meld of each side for the coming hand
(standings, the board), how to answer at the prompt. Worked out from a hand's ``context`` (the
side figures of :mod:`.scoring`) and the standings document's ``sides`` (``first_meld``)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.api import Joined, Phrase, Screens, phrase


def side_name(players: Sequence[str]) -> str:
    """A side as the screens name it: ``Ann & Cy`` (a player alone: the name)."""
    return " & ".join(players)


def _side_line(figures: Mapping[str, Any]) -> Phrase:
    side = side_name(figures["players"])
    if figures.get("points_only"):
        return phrase("canasta.screen.side_on_paper", side=side)
    parts = []
    canastas = figures.get("canastas") or {}
    if canastas.get("natural"):
        parts.append(phrase("canasta.screen.natural", count=canastas["natural"]))
    if canastas.get("mixed"):
        parts.append(phrase("canasta.screen.mixed", count=canastas["mixed"]))
    if figures.get("red_threes"):
        parts.append(phrase("canasta.screen.red_threes" if figures.get("melded") else
                            "canasta.screen.red_threes_against", count=figures["red_threes"]))
    if not parts:
        return phrase("canasta.screen.side_base", side=side, base=figures["base"], bonus=figures["bonus"])
    return phrase("canasta.screen.side", side=side, base=figures["base"], bonus=figures["bonus"],
                  what=Joined(parts, ", "))


def explained(context: Mapping[str, Any]) -> list[Phrase]:
    """Each side's base (melded cards minus cards left) and bonus (canastas, red threes, going
    out); a concealed going out, as said."""
    lines = [_side_line(f) for f in context.get("sides") or ()]
    if context.get("concealed") and context.get("out"):
        lines.append(phrase("canasta.screen.concealed", player=context["out"]))
    return lines


def first_melds(doc: Mapping[str, Any]) -> Any:
    """Each side's minimum first meld for the coming hand, in words, or None (the game is over)."""
    sides = [s for s in doc.get("sides") or () if s.get("first_meld") is not None]
    if not sides:
        return None
    return Joined([phrase("canasta.screen.first_meld_of", side=side_name(s["players"]), points=s["first_meld"])
                   for s in sides], ", ")


class CanastaScreens(Screens):
    """Canasta's screens: the sides' base and bonus, the minimum first meld, how to answer."""

    def hand(self, context: Mapping[str, Any]) -> list[Phrase]:
        return explained(context)

    def preview(self, context: Mapping[str, Any]) -> list[Phrase]:
        return explained(context)

    def standings(self, doc: Mapping[str, Any]) -> list[Phrase]:
        said = first_melds(doc)
        return [] if said is None else [phrase("canasta.screen.first_meld", sides=said)]

    def board(self, doc: Mapping[str, Any]) -> list[tuple[Any, Any]]:
        said = first_melds(doc)
        return [] if said is None else [(phrase("canasta.screen.first_meld_label"), said)]

    def intro(self, rules: Mapping[str, Any]) -> list[Phrase]:
        return [phrase("canasta.screen.intro"), phrase("canasta.screen.intro.paper")]


SCREENS = CanastaScreens()
