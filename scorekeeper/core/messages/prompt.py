"""The words of the questions at the table that a variant's table and codec say
(:mod:`scorekeeper.core.rulebook`): the questions and the refusals of an answer."""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    "prompt.cards": "  cards: ",
    "prompt.cards.who_knocked": 'Who knocked? (a name; "stock" if the stock ran out): ',
    "prompt.how_did_round_end": ("How did the round end? Who knocked (a name), \"stock\" (the stock ran out), or "
                                     "\"out NAME\": "),
    "prompt.knock_not_allowed": ("{variant} has no knocking: a hand ends when a player goes out or the stock "
                                     "runs out."),
    "prompt.knock_without_cards": 'Give the knocker\'s cards (or their points) before "knock".',
    "prompt.knocked": "knocked",
    "prompt.laid_off": "laid off:",
    "prompt.left_in_hand": "left in hand:",
    "prompt.melds": "melds:",
    "prompt.melds_not_points": ("{player}: {points} is not melds — in {variant} melds score nothing, so type "
                                    "the cards put down (7H 8H 9H, QS QD QC), [] if {player} did not go down, "
                                    "or Enter for none."),
    "prompt.no_ending": 'Name who knocked, or type "stock" if the stock ran out.',
    "prompt.not_a_player": '"{text}" is not a player of this session{hint}; the players are {players:list}.',
    "prompt.not_a_player_near": '"{text}" is not a player of this session (did you mean "{near}"?); '
                                    'the players are {players:list}.',
    "prompt.nothing_in_hand": 'Say what is left in hand: the cards, their points, or "out" if none are left.',
    "prompt.other_players_part": ("This answer is {player}'s cards only: type {other}'s part where {other} is "
                                      "asked."),
    "prompt.out_and_knock": "{player} cannot both go out and knock.",
    "prompt.second_knocker": "{knocker} already knocked: a round has one knocker.",
    "prompt.second_out": "{gone} already went out: only one player goes out in a hand.",
    "prompt.went_out": "went out",
    "prompt.who_went_out_name": "Who went out? (a name; Enter: nobody, the stock ran out): ",
}
