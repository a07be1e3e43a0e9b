"""Message templates: exported documents: the Markdown and text results (app/exporting).

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
}

#: code -> (singular, plural) templates of a message whose whole text depends on a count
PLURALS: dict[str, tuple[str, str]] = {
}
