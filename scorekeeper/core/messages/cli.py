"""Message templates: the command line: files given to commands, prompts, terminal.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
}
