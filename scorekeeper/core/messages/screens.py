"""Message templates: the screens: titles, column headings, lines of tables and reports (cli/render).

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # -- cli/render/game.py --
    "screen.game.before_edit": "Before the edit",
    "screen.game.bonus": "Bonus",
    "screen.game.deal": "Deal",
    "screen.game.deal_number": "Deal {number}",
    "screen.game.deal_number_changes": "Deal {number} changes:",
    "screen.game.deal_number_dealt_by": "Deal {number}, dealt by {dealer}:",
    "screen.game.deal_number_no_score": "Deal {number}: no score changes.",
    "screen.game.deal_number_put_back": "Deal {number} put back.",
    "screen.game.deal_number_taken_back": "Deal {number} taken back (scorekeeper redo puts it back).",
    "screen.game.edit_of_deal_number": ("The edit of deal {number} taken back: the deal is as it was (scorekeeper redo "
                                        "makes the edit again)."),
    "screen.game.edit_of_deal_number_made": "The edit of deal {number} made again.",
    "screen.game.edit_of_hand_number": ("The edit of hand {number} taken back: the hand is as it was (scorekeeper redo "
                                        "makes the edit again)."),
    "screen.game.edit_of_hand_number_made": "The edit of hand {number} made again.",
    "screen.game.edit_of_round_number": ("The edit of round {number} taken back: the round is as it was (scorekeeper redo "
                                         "makes the edit again)."),
    "screen.game.edit_of_round_number_made": "The edit of round {number} made again.",
    "screen.game.entry": "Entry",
    "screen.game.hand": "Hand",
    "screen.game.hand_number": "Hand {number}",
    "screen.game.hand_number_changes": "Hand {number} changes:",
    "screen.game.hand_number_dealt_by": "Hand {number}, dealt by {dealer}:",
    "screen.game.hand_number_no_score": "Hand {number}: no score changes.",
    "screen.game.hand_number_put_back": "Hand {number} put back.",
    "screen.game.hand_number_taken_back": "Hand {number} taken back (scorekeeper redo puts it back).",
    "screen.game.hands_won": "Hands won",
    "screen.game.how_it_ended_ending": "How it ended: {ending}",
    "screen.game.last": "Last",
    "screen.game.next_dealer_deals_leader": "Next: {dealer} deals, {leader} leads and gets the eighth card.",
    "screen.game.next_dealer_deals_leader_leads": "Next: {dealer} deals, {leader} leads.",
    "screen.game.now": "Now",
    "screen.game.player": "Player",
    "screen.game.player_old_new_total": "{player} {old} → {new} (total {old_total} → {total})",
    "screen.game.player_total_old_total": "{player}: total {old_total} → {total}",
    "screen.game.round": "Round",
    "screen.game.round_number": "Round {number}",
    "screen.game.round_number_changes": "Round {number} changes:",
    "screen.game.round_number_dealt_by": "Round {number}, dealt by {dealer}:",
    "screen.game.round_number_no_score": "Round {number}: no score changes.",
    "screen.game.round_number_put_back": "Round {number} put back.",
    "screen.game.round_number_taken_back": "Round {number} taken back (scorekeeper redo puts it back).",
    "screen.game.round_number_wild_dealt": "Round {number} — {wild}, dealt by {dealer}:",
    "screen.game.round_round": "(round {round})",
    "screen.game.round_round_wild": "Round {round} — {wild}.",
    "screen.game.rounds_won": "Rounds won",
    "screen.game.score": "Score",
    "screen.game.standings": "Standings: ",
    "screen.game.started_variant_session_session": "Started {variant} session {session} for {players}.",
    "screen.game.to_target": "To target",
    "screen.game.total": "Total",
    "screen.game.went_out": "Went out",
}
