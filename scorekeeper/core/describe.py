"""The rules of each variant in words and figures, for ``rules`` (SPEC §2, §2.6)
and for ``check``'s round.

Everything here is read from the facts the :class:`~scorekeeper.core.rules.Variant`
declares (its options, ``deal``, ``rounds``, ``wilds``, ``lowest_wins``), so a new
variant is described correctly without touching this module; nothing is learnt
by playing a variant.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from scorekeeper.core.interpretations import INTERPRETATIONS
from scorekeeper.core.messages import render
from scorekeeper.core.rulebook import Variant
from scorekeeper.core.scoring import Phrase, phrase


def seats(n: int) -> tuple[str, ...]:
    """``n`` placeholder player names, for working out what a variant does at ``n`` players."""
    return tuple(f"P{i}" for i in range(1, n + 1))


def won_heading(variant: Variant) -> Phrase:
    """The name of the standings' column of hands won (I-7), for what it counts, as data:
    "Went out" where winning a hand is going out, else "Rounds won" / "Hands won" (the
    variant's word for a deal). Every place that shows the count (standings, the board,
    the Markdown export) says it with this."""
    endings = variant.endings
    if "won" in endings.words:  # the variant's own word for it (Indian Rummy: "Declared")
        return phrase(endings.words["won"])
    if endings.won == "out":
        return phrase("won_heading.out")
    return phrase("won_heading.rounds" if variant.deal_word == "round" else "won_heading.hands")


def _player_range(a: int, b: int) -> Phrase:
    return phrase("describe.players", count=a) if a == b else phrase("describe.player_range", least=a, most=b)


def by_player_count(variant: Variant, what: Callable[[int], Any], show: Callable[[Any], str]) -> str:
    """Say how ``what(n)`` varies with the player count: ``"1 deck for 2–4 players,
    2 decks for 5–8 players"``, or just ``"1 deck"`` when it never changes."""
    groups: list[tuple[int, int, Any]] = []
    for n in range(variant.min_players, variant.max_players + 1):
        value = what(n)
        if groups and groups[-1][2] == value:
            groups[-1] = (groups[-1][0], n, value)
        else:
            groups.append((n, n, value))
    if len(groups) == 1:
        return show(groups[0][2])
    return render("describe.by_count", {"parts": [phrase("describe.for_players", value=show(v),
                                                         players=_player_range(a, b)) for a, b, v in groups]})


def _deck_words(pair: tuple[int, int]) -> str:
    decks, jokers = pair
    if jokers:
        return render("describe.decks_jokers", {"decks": decks, "jokers": jokers})
    return render("describe.decks", {"decks": decks})


def decks_text(variant: Variant) -> str:
    """The decks (and jokers) in play by player count, with the default options."""
    return by_player_count(variant, lambda n: variant.deals.packs(variant.rules_for({}, n), n), _deck_words)


def dealt_text(variant: Variant) -> str:
    """The cards dealt by player count."""
    return by_player_count(variant, lambda n: str(variant.deals.dealt(n)), str)


def fixed_rounds(variant: Variant) -> int | None:
    """The number of hands after which the game always ends (Crazy Rummy: 13),
    or None when it ends on a target total instead."""
    return variant.deals.count(variant.rules_for({}, variant.min_players))


def goal_text(variant: Variant) -> str:
    """``"first to 500+; highest total wins"`` or ``"13 rounds; lowest total wins"``."""
    if variant.texts.goal:
        return render(variant.texts.goal, {"target": variant.target})
    who = phrase("describe.lowest" if variant.lowest_wins else "describe.highest")
    if variant.target is not None:
        return render("describe.goal_target", {"target": variant.target, "who": who})
    rounds = fixed_rounds(variant)
    if rounds:
        return render("describe.goal_rounds", {"rounds": rounds, "who": who})
    return render("describe.goal", {"who": who})


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def option_json(variant: Variant, key: str) -> dict:
    """One rule option: key, default (a value, or by player count), allowed values, what it does."""
    option = variant.option(key)
    assert option is not None, key
    doc: dict[str, Any] = {"key": option.key, "values": option.values, "help": option.help}
    if callable(option.default):
        by_count = {str(n): _plain(option.default_for(n))
                    for n in range(variant.min_players, variant.max_players + 1)}
        doc["default"] = by_count
        doc["default_text"] = render("describe.default_by_count",
                                     {"values": by_player_count(variant, option.default_for, str)})
    else:
        doc["default"] = _plain(option.default)
        doc["default_text"] = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
    return doc


def variant_row(variant: Variant) -> dict:
    """A row of the variants table (SPEC §2)."""
    return {
        "id": variant.id, "aliases": list(variant.aliases), "name": variant.name,
        "players": {"min": variant.min_players, "max": variant.max_players},
        "decks": decks_text(variant), "dealt": dealt_text(variant), "goal": goal_text(variant),
    }


def variant_facts(variant: Variant) -> dict:
    """The facts a variant declares, as plain data (for renderers and the prompt):
    the word for a deal, jokers and wild cards, whether melds score, how a hand
    ends, the number of rounds or the target, the end bonuses, the card values."""
    values = variant.card_values
    melds, endings = variant.melds, variant.endings
    return {
        "deal_word": variant.deal_word, "has_jokers": variant.pack.has_jokers, "has_wild_cards": melds.has_wild_cards,
        "wilds": str(melds.wilds), "round_matters": variant.deals.round_matters, "ace_high": melds.ace_high,
        "melds_score": melds.score, "endings": sorted(endings.ways),
        "ending_required": endings.required, "rounds": fixed_rounds(variant), "target": variant.target,
        "lowest_wins": variant.lowest_wins, "bonuses": dict(variant.scoring.bonuses),
        "card_values": {"ace": values.ace, "low_ace": values.low_ace, "court": values.court, "ten": values.ten,
                        "pips": values.pips, "joker": values.joker, "wild": values.wild},
    }


def variant_rules(variant: Variant) -> dict:
    """Everything ``rules VARIANT`` shows: the row, the summary, every option and
    the interpretations (I-1…) that apply, each with its sentence."""
    doc = variant_row(variant)
    doc["lowest_wins"] = variant.lowest_wins
    doc["summary"] = variant.summary
    doc["facts"] = variant_facts(variant)
    doc["options"] = [option_json(variant, o.key) for o in variant.listed_options + variant.options]
    if variant.presets:
        doc["presets"] = {name: {k: _plain(v) for k, v in values.items()} for name, values in variant.presets.items()}
    doc["interpretations"] = [
        {"id": key, "text": INTERPRETATIONS.get(key, ""), "option": option}
        for key, option in variant.interpretations.items()
    ]
    return doc


def variants_json(variants: Iterable[Variant]) -> dict:
    """``rules`` without a variant: ``{"variants": [row, ...]}``."""
    return {"variants": [variant_row(v) for v in variants]}
