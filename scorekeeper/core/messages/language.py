"""Message templates: choosing the language.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    "language.unknown": "{value!q} ({where}) is not a language scorekeeper speaks: the languages are {languages:list}.",
}
