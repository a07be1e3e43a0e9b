"""Message templates: the command line: files given to commands, prompts, terminal.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # the label of the progress bar of long work on a terminal (cli.render.progress)
    "cli.progress.import": "Checking the sessions",
    "cli.progress.export": "Exporting the sessions",
    "cli.progress.stats": "Reading the sessions",
    "cli.progress.db_check": "Checking the database",
    # -- options and files ------------------------------------------------------------
    "cli.hand_file.missing": "The hand file {name} does not exist.",
    "cli.hand_file.directory": "{name} is a folder, not a hand file: give the file's name.",
    "cli.hand_file.too_big": "The hand file {name} is larger than a hand file may be ({limit:,} bytes).",
    "cli.hand_file.stdin_not_unicode": "The hand on standard input is not UTF-8 text: save it as UTF-8.",
    "cli.stdin_unreadable": "Standard input cannot be read ({reason}).",
    "cli.os_error": "The system refused the command the use of {path} ({strerror}); nothing was changed.",
    "cli.os_error_kept": ("The system refused the command the use of {path} ({strerror}) after the change was "
                          "saved; the change was kept."),
    "cli.hand_file.repeated_key": 'The hand file gives the key "{key}" twice in one object; nothing was stored.',
    "cli.hand_file.unreadable": "The hand file {name} cannot be read ({reason}).",
    "cli.hand_file.special": ("{name} is not a file but a pipe, a socket or a device, which scorekeeper never reads "
                              "from a name: give a hand file, or - for standard input."),
    "cli.hand_file.not_unicode": "The hand file {name} is not UTF-8 text: save it as UTF-8.",
    "cli.hand_file.null": 'The hand file {name} holds no hand entry (only JSON null): a hand is a table with a '
                          '"players" key, one entry per player (see scorekeeper hand --help).',
    "cli.hand_file.null_stdin": 'Standard input holds no hand entry (only JSON null): a hand is a table with a '
                                '"players" key, one entry per player (see scorekeeper hand --help).',
    "cli.hand_file.empty": ('The hand file {name} is empty: a hand is a table with a "players" key, one entry per '
                            'player (see scorekeeper hand --help).'),
    "cli.hand_file.empty_stdin": ('Standard input is empty: a hand is a table with a "players" key, one entry per '
                                  'player (see scorekeeper hand --help).'),
    "cli.standard_input": "standard input",  # where a hand file is read from with --file -
    # the place and the problem: scorekeeper.core.syntax (never the parser's English)
    "cli.hand_file.invalid": "The hand in {label} is not valid {kind} at line {line}, column {column}: {problem}.",
    # standard input, read as JSON and as TOML: the reading that went further is told
    "cli.hand_file.invalid_either": ("The hand in {label} is neither valid JSON nor valid TOML (read as {kind}: "
                                     "line {line}, column {column}: {problem})."),
    "cli.hand_file.too_deep": "The hand in {label} is not valid {kinds:or} ({kind}: nested too deeply).",
    "cli.hand_file.number_too_long": "The hand in {label} is not valid {kinds:or} ({kind}: a number is too long).",
    # -- recording hands ----------------------------------------------------------------
    "cli.interrupted": "Interrupted (Ctrl-C): nothing was changed.",
    "cli.interrupted_kept": "Interrupted (Ctrl-C): the change was saved before the interruption.",
    "cli.output_failed": "The output could not be written ({strerror}).",
    "cli.output_failed_kept": "The change was saved, but its output could not be written ({strerror}).",
    "cli.export.two_formats": "Give the format once: {argument} and --format {option} say different things.",
    "cli.entry.both": "Give the hand either on the command line or with --file, not both.",
    "cli.entry.none": 'No hand was given and there is no terminal to ask on: give it as arguments '
                      '(scorekeeper {command} "Ann: 7H 8H 9H -AS 4D" "Bob: -"), or with --file FILE '
                      "(see scorekeeper hand --help).",
    # -- questions (asked, or refused without a terminal) -----------------------------------
    "cli.ask.undo": "Take back hand {hand}?",
    "cli.ask.delete": "Delete session {session} ({players:and}) for good?",
    "cli.ask.delete_titled": "Delete session {session} ({title!q}: {players:and}) for good?",
    "cli.ask.undo.no_terminal": "Take back hand {hand}? There is no terminal to ask on: add --yes.",
    "cli.ask.undo_round": "Take back round {hand}?",
    "cli.ask.undo_round.no_terminal": "Take back round {hand}? There is no terminal to ask on: add --yes.",
    # undo's last change was an edit: the hand goes back to what it was
    "cli.ask.undo_edit": "Take back the edit of hand {hand}?",
    "cli.ask.undo_edit.no_terminal": "Take back the edit of hand {hand}? There is no terminal to ask on: add --yes.",
    "cli.ask.undo_edit_round": "Take back the edit of round {hand}?",
    "cli.ask.undo_edit_round.no_terminal": ("Take back the edit of round {hand}? There is no terminal to ask on: "
                                            "add --yes."),
    # Contract and Indian Rummy call a hand a deal
    "cli.ask.undo_deal": "Take back deal {hand}?",
    "cli.ask.undo_deal.no_terminal": "Take back deal {hand}? There is no terminal to ask on: add --yes.",
    "cli.ask.undo_edit_deal": "Take back the edit of deal {hand}?",
    "cli.ask.undo_edit_deal.no_terminal": ("Take back the edit of deal {hand}? There is no terminal to ask on: "
                                           "add --yes."),
    # undo's last change was an event between deals (a rejoin, a split), shown before the question
    "cli.ask.undo_event": "Take it back?",
    "cli.ask.undo_event.no_terminal": ("Take back what was done after deal {hand}? There is no terminal to ask on: "
                                       "add --yes."),
    "cli.ask.split": "End the game here, {players:and} sharing it?",
    "cli.ask.split.no_terminal": ("End the game here, {players:and} sharing it? There is no terminal to ask on: "
                                  "add --yes."),
    "cli.end.how": "Say how the game ends: scorekeeper end --split (the players left share it).",
    "cli.ask.restore": "Putting back the kept copies loses {losses:and}. Put them back?",
    "cli.ask.restore.no_terminal": ("Putting back the kept copies would lose {losses:and}, and there is no terminal "
                                    "to ask on: add --yes to put them back all the same."),
    "cli.ask.rescore": "Store these scores?",
    "cli.ask.rescore.no_terminal": ("Scoring these sessions again changes their scores, and there is no terminal to "
                                    "ask on: add --yes to store them."),
    "cli.ask.delete.no_terminal": ("Delete session {session} ({players:and}) for good? There is no terminal to ask "
                                   "on: add --yes."),
    "cli.ask.delete_titled.no_terminal": ("Delete session {session} ({title!q}: {players:and}) for good? There is no "
                                          "terminal to ask on: add --yes."),
    # -- the board (watch, serve) ---------------------------------------------------------
    "cli.watch.no_terminal": "watch draws a full-screen board and needs a terminal; "
                             "for a program, use scorekeeper standings --json.",
    "cli.serve.cannot_listen": "The board cannot listen on {host} port {port} ({reason}); "
                               "choose another with --port.",
    "cli.serve.bad_host": ("The board cannot listen on {host!q}: it is no address of this computer; leave --host "
                           "out, or give one of its addresses (such as 192.168.1.20)."),
    "cli.serve.club_only": "{option} chooses what the club board shows: give it with --club.",
    "cli.serve.club_session": ("--session names the game the board follows; the club board (--club) follows the "
                               "evening's tables: give one or the other."),
    # what the board's server answers a request it refuses (as text, in the table's language)
    "cli.serve.answer.bad_request": "This is not a request the board can answer.",
    "cli.serve.answer.other_host": ("The board answers only at the address it printed on this computer "
                                    "(127.0.0.1 or localhost)."),
    "cli.serve.answer.not_found": "There is nothing here: open the address the board printed, or scan its code.",
    "cli.serve.answer.not_allowed": "The board can only be looked at: it answers GET and HEAD, nothing else.",
    "cli.serve.answer.too_long": "The request is too long for the board.",
    "cli.serve.answer.fault": "The board could not be drawn just now: it tries again at the next look.",
    "cli.serve.answer.busy": "The board has too many connections open: try again in a moment.",
    # -- the hand asked at the table (prompt) ------------------------------------------------
    "cli.prompt.finished": "The game is finished ({winners:and} won): start a new session with `scorekeeper new`.",
    # {hint} is always "" now (the near miss has its own template): kept while tests/test_guards.py pins it
    # a variant asking for the cards each player shows (Gin Rummy): each player's cards (where the
    # variant has no words of its own for it), then who knocked
    # "Bob: -" typed at a question about Ann's cards
    # a number typed at "melds:" where melds score nothing and there are no table points (Contract Rummy)
    # config get
    "cli.config.not_set": "{key} is not set.",
    # -- a variant that counts rounds (Carousel, Crazy Rummy): its word where the others say "hand"
    "stats.rounds": "Rounds",
    "stats.best_round": "Best round",
    "stats.worst_round": "Worst round",
    "stats.where_round": "{score} ({session} round {number})",
    # -- a variant that counts deals (Contract, Indian Rummy): its word where the others say "hand"
    "stats.deals": "Deals",
    "stats.best_deal": "Best deal",
    "stats.worst_deal": "Worst deal",
    "stats.where_deal": "{score} ({session} deal {number})",
}
