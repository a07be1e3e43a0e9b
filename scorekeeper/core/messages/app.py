"""Message templates: sessions, undo/redo/edit, explain, audit, export and import, stats.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
}
