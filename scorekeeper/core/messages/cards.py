"""Message templates: cards, card lists, melds, one-line entries, hand entries, check.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
}
