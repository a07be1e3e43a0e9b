"""Message templates: Gin Rummy: its entries, arrangements, knocks and bonuses.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
}
