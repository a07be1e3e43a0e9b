"""Message templates: the sentences that join others.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation. ``{items}`` is
the items but the last, already joined with commas; ``{text}`` a whole sentence said
about a session or a hand.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    "join.and": "{items} and {last}",
    "join.or": "{items} or {last}",
    "join.session": "Session {session}: {text}",
    "join.hand": "Hand {hand}: {text}",
    # a mistake in a player's part of an entry (its place in the entry names the player)
    "join.player": "{player}: {text}",
    # a text quoted as it was typed (``{x!q}``): each language's own quotes («1ч»)
    "join.quoted": '"{text}"',
}
