"""Message templates: the command line's own words: help frame, questions, notices (cli).

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # -- cli/frame.py --
    "cli.frame.command_is_missing": "A command is missing.",
    "cli.frame.command_line_cannot_be": "The command line cannot be read.",
    "cli.frame.error_sentence": "Error: {sentence}",
    "cli.frame.name_is_not_command": "\"{name}\" is not a command.",
    "cli.frame.name_is_not_command_did": "\"{name}\" is not a command (did you mean {near}?).",
    "cli.frame.option_option_is_missing": "The option {option} is missing.",
    "cli.frame.option_option_needs_value": "The option {option} needs a value ({what}).",
    "cli.frame.option_option_takes_no": "The option {option} takes no value.",
    "cli.frame.see_command_option_for": "See '{command} {option}' for help.",
    "cli.frame.stopped": "Stopped.",
    "cli.frame.there_is_no_option": "There is no option {option}.",
    "cli.frame.there_is_no_option_option": "There is no option {option} (did you mean {near}?).",
    "cli.frame.unexpected_words_this_command": "Unexpected {words!q}: this command takes no more arguments.",
    "cli.frame.value": "a value",
    "cli.frame.version_is_an_option": "\"version\" is not a command: scorekeeper --version (or -V) prints the version.",
    "cli.frame.what_is_missing": "{what} is missing.",
    "cli.frame.wrong_value_for_what": "Wrong value for {what}: it takes {expected}.",
    # -- cli/prompt.py --
    "cli.prompt.answer_y_save_or": "Answer y (save) or n (do not save).",
    "cli.prompt.enter_keeps_answer": "(Enter keeps: {answer}) ",
    "cli.prompt.nothing_saved": "Nothing saved.",
    "cli.prompt.save_deal_number_y": "Save deal {number}? [Y/n] ",
    "cli.prompt.save_hand_number_y": "Save hand {number}? [Y/n] ",
    "cli.prompt.save_round_number_y": "Save round {number}? [Y/n] ",
    "cli.prompt.type_whose_part_again": "Type whose part again? (a name or \"all\"; Enter: all) ",
    "cli.prompt.type_whose_part_again_name": ("Type whose part again? (a name or \"all\"; Enter: leave without saving) "),
    "cli.prompt.type_whose_part_again_name_or": ("Type whose part again? (a name or \"all\"; Enter: {player}) "),
    # -- cli/commands/board.py --
    "cli.command.board.board_is_at_address": "The board is at {address}",
    "cli.command.board.ctrl_c_stops_board": "Ctrl-C stops the board.",
    "cli.command.board.no_network": ("This computer is on no network, so no phone can reach the board: it opens "
                                     "only here. Join the Wi-Fi and start serve again."),
    "cli.command.board.secret_not_kept": ("The address's secret part could not be kept in the database folder "
                                          "({reason}): the next serve will have a new address."),
    "cli.command.board.open_it_on_phone": ("Open it on a phone or a TV on the same network (scan the code); the address "
                                              "holds a secret part: share it only with the table."),
    "cli.command.board.stopped_board_is_no": ("Stopped: the board is no longer served (it only read the database: nothing was "
                                                     "changed)."),
    # -- cli/commands/game.py --
    "cli.command.game.answer_y_yes_or": "Answer y (yes) or n (no).",
    "cli.command.game.declined": "Nothing was changed.",
    "cli.command.game.question_y_n": "{question} [y/N]",
}

#: code -> (singular, plural) templates of a message whose whole text depends on a count
PLURALS: dict[str, tuple[str, str]] = {
}
