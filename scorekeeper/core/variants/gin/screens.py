"""What Gin Rummy's screens add to the common ones, as words kept as data
(:class:`~scorekeeper.core.rules.Screens`): worked out from a hand's ``context`` (SPEC §2.7
JSON: ``kind``, ``knocker``, ``knock_limit``, ``upcard``, ``multiplier``, ``deadwood``,
``arrangement``, ``school``), the standings document (``won``, ``bonus``, ``shutout``) and the
session's options, never from a rendered sentence."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.cards import parse_card
from scorekeeper.core.messages import Joined
from scorekeeper.core.phrase import Phrase, phrase
from scorekeeper.core.rulebook import Screens

_KINDS = ("knock", "gin", "big_gin", "undercut", "void")


def _cards(texts: Any) -> list:
    return [parse_card(str(t)) for t in texts or ()]


def summary(context: Mapping[str, Any]) -> Phrase | None:
    """A hand in one cell of ``history``: its kind, with the up-card and the doubling where
    Oklahoma's up-card was given (``knock, up 5♠, ×2``)."""
    k = context.get("kind")
    if k not in _KINDS:
        return None
    said = phrase(f"gin.screen.kind.{k}")
    up = context.get("upcard")
    if not up:
        return said
    facts = {"kind": said, "card": parse_card(str(up)), "multiplier": context.get("multiplier") or 1}
    return phrase("gin.screen.summary.up_doubled" if facts["multiplier"] > 1 else "gin.screen.summary.up", **facts)


def _kind_line(c: Mapping[str, Any]) -> Phrase:
    facts: dict[str, Any] = {"kind": phrase(f"gin.screen.a_kind.{c['kind']}")}
    if not c.get("knocker"):
        return phrase("gin.screen.kind_line", **facts)
    facts.update(knocker=c["knocker"], limit=c.get("knock_limit"))
    if not c.get("upcard"):
        return phrase("gin.screen.kind_line.knocked", **facts)
    facts["card"] = parse_card(str(c["upcard"]))
    doubled = (c.get("multiplier") or 1) > 1
    return phrase("gin.screen.kind_line.up_doubled" if doubled else "gin.screen.kind_line.up", **facts)


def _school(sc: Mapping[str, Any]) -> Phrase:
    big = (phrase("gin.screen.no_big_gin") if sc["big_gin_bonus"] is None
           else phrase("gin.screen.big_gin", points=sc["big_gin_bonus"]))
    timing = phrase("gin.screen.at_once" if sc["box_timing"] == "immediate" else "gin.screen.at_the_end")
    return phrase("gin.screen.school", school=phrase("gin.screen.preset_named", preset=sc["preset"]) if sc["preset"] else phrase("gin.screen.own_school"), gin=sc["gin_bonus"],
                  big=big, undercut=sc["undercut_bonus"], box=sc["box_bonus"], timing=timing, game=sc["game_bonus"],
                  shutout=sc["shutout_bonus"] if sc["shutout"] == "flat" else sc["shutout"])


def found(context: Mapping[str, Any]) -> list[Phrase]:
    """For each player whose cards were given, the melds, lay-offs and deadwood scorekeeper
    found in them (explain, and the prompt's preview before a hand is saved)."""
    lines = []
    for player, a in (context.get("arrangement") or {}).items():
        melds = Joined((_cards(m) for m in a.get("melds") or ()), ", ") or phrase("gin.screen.no_meld")
        dead = _cards(a.get("deadwood_cards")) or phrase("gin.screen.no_deadwood")
        onto = [phrase("gin.screen.layoff", cards=_cards(x["cards"]), meld=_cards(x["meld"]))
                for x in a.get("layoffs_onto") or ()]
        if onto:
            lines.append(phrase("gin.screen.found_layoffs", player=player, melds=melds, layoffs=Joined(onto, "; "),
                                deadwood=dead))
        else:
            lines.append(phrase("gin.screen.found", player=player, melds=melds, deadwood=dead))
    return lines


def explained(context: Mapping[str, Any]) -> list[Phrase]:
    """What ``explain`` says about a hand before the players' lines: the kind of hand (who
    knocked, the knock limit, the up-card, the doubling), each player's deadwood, the bonus
    school applied, and what was found in each player's cards."""
    if context.get("kind") not in _KINDS:
        return []
    lines = [_kind_line(context)]
    if context.get("deadwood"):
        lines.append(phrase("gin.screen.deadwood", each=Joined(
            (phrase("gin.screen.points_of", player=p, points=n) for p, n in context["deadwood"].items()), ", ")))
    if context.get("school"):
        lines.append(_school(context["school"]))
    return lines + found(context)


def standings(doc: Mapping[str, Any]) -> list[Phrase]:
    """After the standings table: boxes (hands won), and once the game is over the end
    bonuses and whether it was a shutout."""
    players = doc.get("players") or ()
    lines = [phrase("gin.screen.boxes", each=Joined(
        (phrase("gin.screen.points_of", player=p["name"], points=p["won"]) for p in players), ", "))]
    if doc.get("finished"):
        lines.append(phrase("gin.screen.end_bonuses", each=Joined(
            (phrase("gin.screen.bonus_of", player=p["name"], points=p["bonus"]) for p in players), ", ")))
        if doc.get("shutout") is not None:
            lines.append(phrase("gin.screen.shutout" if doc["shutout"] else "gin.screen.no_shutout"))
        if doc.get("target") and any(p["bonus"] for p in players):
            # "To target" beside a total the end bonuses are in: say why it shows less (I-G4)
            lines.append(phrase("gin.screen.target_without_bonuses", target=doc["target"]))
    return lines


def intro(rules: Mapping[str, Any]) -> list[Phrase]:
    """How to answer at the prompt: the cards each player shows; under Oklahoma, the up-card last."""
    lines = [phrase("gin.screen.intro")]
    if rules.get("oklahoma"):
        lines.append(phrase("gin.screen.intro.oklahoma"))
    return lines


class GinScreens(Screens):
    """Gin Rummy's screens: the kind of hand and the arrangement found, boxes and end bonuses."""

    def hand(self, context: Mapping[str, Any]) -> list[Phrase]:
        return explained(context)

    def preview(self, context: Mapping[str, Any]) -> list[Phrase]:
        return found(context)

    def summary(self, context: Mapping[str, Any]) -> Phrase | None:
        return summary(context)

    def standings(self, doc: Mapping[str, Any]) -> list[Phrase]:
        return standings(doc)

    def intro(self, rules: Mapping[str, Any]) -> list[Phrase]:
        return intro(rules)


SCREENS = GinScreens(summary_heading="gin.screen.summary.heading")
