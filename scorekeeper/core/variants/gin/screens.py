"""What Gin Rummy's screens add to the common ones, as words kept as data
(:class:`~scorekeeper.core.rules.Screens`): worked out from a hand's ``context`` (SPEC §2.7
JSON: ``kind``, ``upcard``, ``multiplier``, ``arrangement``), never from a rendered sentence."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.cards import parse_card
from scorekeeper.core.phrase import Phrase, phrase
from scorekeeper.core.rules import Screens

_KINDS = ("knock", "gin", "big_gin", "undercut", "void")


def _cards(texts: Any) -> list:
    return [parse_card(str(t)) for t in texts or ()]


class _Joined(tuple):
    """Items said one after another with ``sep`` between them (melds with ", ", lay-offs "; ")."""

    sep = ", "

    def __str__(self) -> str:
        from scorekeeper.core.messages import show

        return self.sep.join(show(item) for item in self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class _Semicolons(_Joined):
    sep = "; "


def kind(context: Mapping[str, Any]) -> Phrase | None:
    """The kind of hand in words (``knock``, ``gin``, ``big gin``, ``undercut``, ``void``)."""
    k = context.get("kind")
    return phrase(f"gin.screen.kind.{k}") if k in _KINDS else None


def summary(context: Mapping[str, Any]) -> Phrase | None:
    """A hand in one cell of ``history``: its kind, with the up-card and the doubling where
    Oklahoma's up-card was given (``knock, up 5♠, ×2``)."""
    said = kind(context)
    if said is None:
        return None
    up = context.get("upcard")
    if not up:
        return said
    facts = {"kind": said, "card": parse_card(str(up)), "multiplier": context.get("multiplier") or 1}
    return phrase("gin.screen.summary.up_doubled" if facts["multiplier"] > 1 else "gin.screen.summary.up", **facts)


def found(context: Mapping[str, Any]) -> list[Phrase]:
    """For each player whose cards were given, the melds, lay-offs and deadwood scorekeeper
    found in them (explain, and the prompt's preview before a hand is saved)."""
    lines = []
    for player, a in (context.get("arrangement") or {}).items():
        melds = _Joined(_cards(m) for m in a.get("melds") or ()) or phrase("gin.screen.no_meld")
        dead = _cards(a.get("deadwood_cards")) or phrase("gin.screen.no_deadwood")
        onto = [phrase("gin.screen.layoff", cards=_cards(x["cards"]), meld=_cards(x["meld"]))
                for x in a.get("layoffs_onto") or ()]
        if onto:
            lines.append(phrase("gin.screen.found_layoffs", player=player, melds=melds, layoffs=_Semicolons(onto),
                                deadwood=dead))
        else:
            lines.append(phrase("gin.screen.found", player=player, melds=melds, deadwood=dead))
    return lines


SCREENS = Screens(hand=found, summary=summary, summary_heading="gin.screen.summary.heading")
