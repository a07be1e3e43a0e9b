"""Gin Rummy's own words for its screens (SPEC §7, §8): message code → English template,
taken when the variant is made (:attr:`~scorekeeper.core.rules.Variant.templates`); the
translations are in the program's catalogs under the same codes."""
from __future__ import annotations

from scorekeeper.core.variants.gin import messages

TEMPLATES: dict[str, str] = {
    # its entries, arrangements, knocks and bonuses
    **messages.TEMPLATES,
    # its own word of the one-line form, as the language spoken writes it back: big gin
    "gin.word.big": "big",
    # the questions at the table: each player's shown cards, and (Oklahoma) the up-card
    "gin.prompt.cards": "  cards (10; 11 for big gin): ",
    "gin.prompt.upcard": "The up-card (it sets the knock limit): ",
    # the kind of hand, as history's cell says it
    "gin.screen.kind.knock": "knock",
    "gin.screen.kind.gin": "gin",
    "gin.screen.kind.big_gin": "big gin",
    "gin.screen.kind.undercut": "undercut",
    "gin.screen.kind.void": "void",
    # history: a hand in one cell (the kind, the up-card under Oklahoma, the doubling)
    "gin.screen.summary.heading": "Kind",
    "gin.screen.summary.up": "{kind}, up {card}",
    "gin.screen.summary.up_doubled": "{kind}, up {card}, ×{multiplier}",
    # explain: the kind of hand in a sentence
    "gin.screen.a_kind.knock": "a knock",
    "gin.screen.a_kind.gin": "gin",
    "gin.screen.a_kind.big_gin": "big gin",
    "gin.screen.a_kind.undercut": "an undercut",
    "gin.screen.a_kind.void": "a void hand",
    "gin.screen.kind_line": "Kind of hand: {kind}.",
    "gin.screen.kind_line.knocked": "Kind of hand: {kind} — {knocker} knocked; knock limit {limit}.",
    "gin.screen.kind_line.up": "Kind of hand: {kind} — {knocker} knocked; knock limit {limit} (up-card {card}).",
    "gin.screen.kind_line.up_doubled": (
        "Kind of hand: {kind} — {knocker} knocked; knock limit {limit} (up-card {card}), score doubled."),
    "gin.screen.deadwood": "Deadwood: {each}.",
    "gin.screen.points_of": "{player} {points}",
    # explain: the bonus school applied (a preset named as it is typed: preset=modern)
    "gin.screen.preset_named": "preset={preset}",
    "gin.screen.school": ("Bonus school: {school} (gin {gin}, {big}, undercut {undercut}, box {box} {timing}, "
                          "game {game}, shutout {shutout})."),
    "gin.screen.own_school": "the table's own",
    "gin.screen.no_big_gin": "no big gin",
    "gin.screen.big_gin": "big gin {points}",
    "gin.screen.at_once": "at once",
    "gin.screen.at_the_end": "at the end",
    # explain and the prompt's preview: what was found in each player's cards
    "gin.screen.found": "Arrangement found for {player}: {melds}; deadwood: {deadwood}.",
    "gin.screen.found_layoffs": "Arrangement found for {player}: {melds}; {layoffs}; deadwood: {deadwood}.",
    "gin.screen.no_meld": "no meld",
    "gin.screen.no_deadwood": "none",
    "gin.screen.layoff": "lays off {cards} on {meld}",
    # standings: boxes, the end bonuses, a shutout
    "gin.screen.boxes": "Boxes (hands won): {each}.",
    "gin.screen.end_bonuses": "End bonuses: {each}.",
    "gin.screen.bonus_of": "{player} +{points}",
    "gin.screen.shutout": "A shutout: the other player won no hand.",
    "gin.screen.no_shutout": "No shutout: both players won a hand.",
    "gin.screen.target_without_bonuses": ("To target counts the hands' points only: the end bonuses (boxes added at "
                                          "the end, the game bonus, a shutout) do not count toward {target} (I-G4)."),
    # the prompt: how to answer
    "gin.screen.intro": (
        'For each player: the cards they show, in any order (10; 11 for big gin): scorekeeper finds the melds, '
        'the lay-offs and the deadwood. Add "knock" after the knocker\'s cards (and "big" for big gin), or answer '
        '"stock" when asked who knocked. The deadwood as points ("19") or the melds ("7H 8H 9H, QS QD QC -5D") '
        'are taken too.'),
    "gin.screen.intro.oklahoma": "Oklahoma: the up-card is asked last; it sets the knock limit.",
    # stats: the variant's own figures
    "gin.screen.stats.title": "Gin Rummy",
    "gin.screen.stats.versus_title": "Gin Rummy head to head",
    "gin.screen.stats.gins": "Gins",
    "gin.screen.stats.undercuts": "Undercuts",
    "gin.screen.stats.knocks": "Knocks",
    "gin.screen.stats.average_deadwood": "Average deadwood",
    "gin.screen.stats.shutouts": "Shutouts",
}
