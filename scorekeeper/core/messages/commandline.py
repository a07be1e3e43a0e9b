"""Message templates: the command line's own words: help frame, questions, notices (cli).

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
}

#: code -> (singular, plural) templates of a message whose whole text depends on a count
PLURALS: dict[str, tuple[str, str]] = {
}
