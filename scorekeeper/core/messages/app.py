"""Message templates: sessions, undo/redo/edit, explain, audit, export and import, stats.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # the bundled demo game's session title, in the language spoken (app.Application.demo)
    "demo.title": "Friday night at the Parkers",
    # the database named
    "db.empty_path": "--db was given an empty path: name the database directory.",
    # reading and scoring a session
    "session.rules_refuse": ("The session file {path} holds what the rules refuse ({cause}); `scorekeeper db check` "
                             "tells more and `scorekeeper db restore --session {session}` puts back its last good "
                             "state."),
    "session.changed_outside": ("Session {session} was changed outside scorekeeper: hand {hand} is not what its audit "
                                "trail recorded. `scorekeeper db check` tells more and `scorekeeper db check --repair` "
                                "puts back the last copy scorekeeper wrote."),
    "session.events_changed_outside": ("Session {session} was changed outside scorekeeper: its events between deals "
                                       "(a rejoin, a split) are not what its audit trail recorded. `scorekeeper db "
                                       "check` tells more and `scorekeeper db check --repair` puts back the last copy "
                                       "scorekeeper wrote."),
    "session.hand_refused": "{cause}.",
    "session.hand_after_end": "Hand {hand} comes after the end of the game.",
    "session.refused": "{cause}.",
    # a session's variant (SPEC §8 "a variant's life", scorekeeper.app.scorer)
    "session.needs_package": ("Session {session} needs the package {package} (version {version}), which is not "
                              "installed."),
    "session.needs_variant": 'Session {session} needs the variant "{variant}", which is not installed.',
    "session.kept": "{cause}: its scores are shown as stored.",
    "session.version_differs": ("Session {session} was scored by {package} {stored}; {installed}, installed now, "
                                "scores it otherwise: the scores shown are the ones stored, and "
                                "`scorekeeper db rescore {session}` shows what would change."),
    "session.version_differs.change": ("Session {session} was scored by {package} {stored}; {installed}, installed "
                                       "now, scores it otherwise: `scorekeeper db rescore {session}` shows what "
                                       "would change and stores it, and then the session can be changed."),
    "session.version_differs.explain": ("Session {session} was scored by {package} {stored}; this is how "
                                        "{installed}, installed now, scores it, which differs from the scores "
                                        "stored (`scorekeeper db rescore {session}` shows what would change)."),
    "session.version_refuses": ("Session {session} was scored by {package} {stored}; {installed}, installed now, "
                                "refuses it ({cause}), and it has no scores stored to show: install {package} "
                                "{stored} again to read it."),
    "rescore.changed": ("A session was changed by another command while the question was open, so nothing was "
                        "stored: `scorekeeper db rescore` shows again what would change."),
    # changing a session
    "session.nothing_to_undo": "There is no hand to undo in this session.",
    "session.nothing_to_undo.round": "There is no round to undo in this session.",
    "session.nothing_to_undo.deal": "There is no deal to undo in this session.",
    "session.changed_meanwhile": ("Session {session} was changed by another command while this one was open, so "
                                  "nothing was saved; what was entered: {entry}."),
    "session.changed_meanwhile_undo": ("Session {session} was changed by another command while the question was "
                                       "open, so nothing was taken back: `scorekeeper undo` shows the last hand "
                                       "as it is now."),
    "session.nothing_to_redo": "There is nothing to redo: nothing was undone since the last change.",
    "session.same_as_last": ("This is hand {hand} again, card for card (a command run twice?): nothing was "
                             "recorded. If the same cards really came again, add --again."),
    # the same, said with the variant's word for a deal (Carousel, Crazy Rummy: round; Contract Rummy: deal)
    "session.same_as_last.round": ("This is round {hand} again, card for card (a command run twice?): nothing "
                                   "was recorded. If the same cards really came again, add --again."),
    "session.same_as_last.deal": ("This is deal {hand} again, card for card (a command run twice?): nothing "
                                  "was recorded. If the same cards really came again, add --again."),
    "session.edit_ends_game": ("With this edit the game would end at hand {hand}, before the later hands: "
                               "undo them first."),
    # sessions
    "sessions.limit": "--limit is how many sessions to list: a whole number of at least 1, not {limit}.",
    # explain
    "explain.no_hands": "This session has no hands yet: there is nothing to explain.",
    "explain.no_hands.round": "This session has no rounds yet: there is nothing to explain.",
    "explain.no_hands.deal": "This session has no deals yet: there is nothing to explain.",
    # stats
    "stats.no_player": 'No session has a player called "{player}"{hint}.',
    # export
    "export.session_and_all": "Give either --session or --all, not both.",
    "export.format": '"{given}" is not an export format: use json, csv or md.',
    "export.empty": "There are no sessions to export: the database is empty.",
    "export.exists": "{path} already exists: add --force to overwrite it.",
    "export.directory": "{path} is a folder: give -o the name of a file to write, like {path}/club.json.",
    "export.unwritable": "{path} cannot be written ({reason}).",
    # import
    "import.no_file": "The file {path} does not exist.",
    "import.directory": "{path} is a directory, not an export file.",
    "import.not_utf8": "{path} is not a scorekeeper export: it is not UTF-8 text.",
    "import.unreadable": "The file {path} cannot be read ({reason}).",
    "import.special": ("{path} is not a file but a pipe, a socket or a device, which scorekeeper never reads from a "
                       "name: give an export file, or - for standard input."),
    "import.not_json": ("{file} is not a scorekeeper export: it is not valid JSON (line {line}, column {column}: "
                        "{problem})."),
    "import.repeated_key": '{file} is not a scorekeeper export: it gives the key "{key}" twice in one object; '
                           "nothing was imported.",
    "import.not_text": "{file} holds text that is not UTF-8 (half of a character written as \\u escape); "
                       "nothing was imported.",
    "import.too_big": "{file} is larger than an export may be ({limit:,} bytes); nothing was imported.",
    "import.too_deep": "{file} is not a scorekeeper export: it is nested too deeply.",
    "import.number_too_long": "{file} is not a scorekeeper export: it holds a number too long to read.",
    "import.not_export": ('{file} is not a scorekeeper export: it needs "schema" and a list of "sessions" '
                          "(scorekeeper export --format json writes one)."),
    "import.schema_type": '{file}: "schema" must be a whole number, not {value!q}.',
    "import.schema_newer": ("{file} was written with export schema {schema}; this scorekeeper reads up to "
                            "{supported}: update scorekeeper to import it."),
    "import.empty": "{file} holds no sessions.",
    # import: one session of the file ({file}, session {index}, and its id once it is one); what the
    # storage schema refuses in a record is in core/messages/storage.py (import.record.*), said of "where"
    "import.where": "{file}, session {index}",
    "import.hand_refused": "{file}, session {index} ({session}): hand {hand}: {cause}; nothing was imported.",
    "import.after_end": ("{file}, session {index} ({session}): hand {hand} comes after the end of the game; "
                         "nothing was imported."),
    "import.refused": "{file}, session {index} ({session}): {cause}; nothing was imported.",
    "import.trail_differs": ("{file}, session {index} ({session}): hand {number} is not what its audit trail "
                             "recorded (the file was changed after it was exported); nothing was imported."),
    "import.events_differ": ("{file}, session {index} ({session}): its events between deals (a rejoin, a split) "
                             "are not what its audit trail recorded (the file was changed after it was exported); "
                             "nothing was imported."),
    "import.invalid": "{file}, session {index} ({session}) is not a valid session; nothing was imported.",
    # the settings (config set and unset; new and use taking them)
    "config.no_such_key": '"{key}" is not a setting; the settings are {keys:list}.',
    "config.no_value": "Give the value of {key}: scorekeeper config set {key} VALUE.",
    "config.one_value": "{key} takes one value, not {values:list}; quote a value that holds spaces.",
    "config.bad_rule": ('{rule!q} is not a house rule: write KEY=VALUE (for every variant with that option) or '
                        "VARIANT:KEY=VALUE (for one variant)."),
    "config.unknown_rule": '"{key}" is not a rule option of any variant; the options are {keys:list}.',
    "config.unknown_rule_near": ('"{key}" is not a rule option of any variant (did you mean {near}?); the options '
                                 'are {keys:list}.'),
    "config.too_few_players": "players takes at least two names, not only {name!q}.",
    "config.from_file": ("{cause} (it is the {key} setting of the configuration file {path}: change it with "
                         "scorekeeper config set {key} VALUE..., or remove it with scorekeeper config unset {key})."),
    "config.from_env": "{cause} (it is the environment variable {var}: change it, or unset it).",
    "config.bad_name": '{name!q} cannot be a player\'s name: ":" ends the name in one-line entries.',
    "new.no_variant": ("No variant was given and none is set: scorekeeper new VARIANT NAME..., or set the usual one "
                       "with scorekeeper config set variant VARIANT."),
    "new.no_players": ("No players were given and none are set: scorekeeper new VARIANT NAME..., or set the usual "
                       "ones with scorekeeper config set players NAME...."),
    "new.variant_or_player": ('"{name}" is not a variant (did you mean "{near}"?); if {name} is a player, put -- '
                              'before the names (scorekeeper new -- {names}).'),
    "new.like_and_players": "--like takes the players of session {session}: give no players with it.",
    "use.no_such_session": ('No session has an id or a title starting with "{given}"; `scorekeeper sessions` '
                            'lists them.'),
    "use.titles": 'More than one session has a title starting with "{title}": {sessions:list}; give the id.',
}
