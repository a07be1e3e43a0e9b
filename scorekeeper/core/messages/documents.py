"""Message templates: exported documents: the Markdown and text results (app/exporting).

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # -- app/exporting.py --
    "export.doc.bonus": "Bonus",
    "export.doc.carried_over": "carried over",
    "export.doc.date_date": "- Date: {date}",
    "export.doc.dealer": "Dealer",
    "export.doc.each_cell_hand_s": "Each cell: the hand's score → the running total.",
    "export.doc.exported_date": "Exported {date}.",
    "export.doc.final": "Final",
    "export.doc.final_standings": "Final standings",
    "export.doc.hand": "Hand",
    "export.doc.hand_by_hand": "Hand by hand",
    "export.doc.no_hands_yet": "No hands yet.",
    "export.doc.number_points": "{number} (points)",
    "export.doc.out": "Out",
    "export.doc.player": "Player",
    "export.doc.players_players": "- Players: {players}",
    "export.doc.points_hand_was_entered": "(points): the hand was entered as points, not card by card.",
    "export.md.points.round": "(points): the round was entered as points, not card by card.",
    "export.md.points.deal": "(points): the deal was entered as points, not card by card.",
    "export.doc.rules_defaults": "- Rules: the defaults",
    "export.doc.rules_rules": "- Rules: {rules}",
    "export.doc.session_session_hands": "- Session: `{session}`, {hands}",
    "export.doc.standings": "Standings",
    "export.doc.total": "Total",
    "export.doc.variant_session_session": "{variant}, session {session}",
    "export.doc.variant_variant_id": "- Variant: {variant} (`{id}`)",
    "export.doc.variant_variant_id_lowest": "- Variant: {variant} (`{id}`) — lowest total wins",
    "export.doc.wild": "Wild",
}

#: code -> (singular, plural) templates of a message whose whole text depends on a count
PLURALS: dict[str, tuple[str, str]] = {
    # -- app/exporting.py --
    "export.doc.game_in_play_after": ("Game in play after {n} hand; {dealer} deals next.",
                                        "Game in play after {n} hands; {dealer} deals next."),
    # a session whose variant is not installed: who deals next is its variant's to say
    "export.doc.game_in_play_after_hands": ("Game in play after {n} hand.", "Game in play after {n} hands."),
    "export.doc.n_hands": ("{n} hand",
                             "{n} hands"),
    "export.doc.names_share_win_after": ("**{names} share the win** after {n} hand.",
                                           "**{names} share the win** after {n} hands."),
    "export.doc.names_wins_after_n": ("**{names} wins** after {n} hand.",
                                        "**{names} wins** after {n} hands."),
    "export.doc.rummy_results_n_sessions": ("# Rummy results: {n} session",
                                              "# Rummy results: {n} sessions"),
}
