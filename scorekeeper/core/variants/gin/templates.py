"""Gin Rummy's own words for its screens (SPEC §7, §8): message code → English template,
taken when the variant is made (:attr:`~scorekeeper.core.rules.Variant.templates`); the
translations are in the program's catalogs under the same codes."""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # the kind of hand, as history's cell and explain say it
    "gin.screen.kind.knock": "knock",
    "gin.screen.kind.gin": "gin",
    "gin.screen.kind.big_gin": "big gin",
    "gin.screen.kind.undercut": "undercut",
    "gin.screen.kind.void": "void",
    # history: a hand in one cell (the kind, the up-card under Oklahoma, the doubling)
    "gin.screen.summary.heading": "Kind",
    "gin.screen.summary.up": "{kind}, up {card}",
    "gin.screen.summary.up_doubled": "{kind}, up {card}, ×{multiplier}",
    # explain and the prompt's preview: what was found in each player's cards
    "gin.screen.found": "Arrangement found for {player}: {melds}; deadwood: {deadwood}.",
    "gin.screen.found_layoffs": "Arrangement found for {player}: {melds}; {layoffs}; deadwood: {deadwood}.",
    "gin.screen.no_meld": "no meld",
    "gin.screen.no_deadwood": "none",
    "gin.screen.layoff": "lays off {cards} on {meld}",
}
