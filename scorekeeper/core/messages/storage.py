"""Message templates: the database: files, the lock, the record schema, backups, migrations, maintenance.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.

- ``store.*``: errors of the store (files, lock, ids); ``store.reason.*`` and
  ``store.record.*`` say what is wrong with a damaged file (the ``reason`` of
  ``store.damaged``, a few words without a final stop).
- ``import.record.*``: a session record from an export file that the schema refuses.
- ``check.*``: what `db check` finds (a problem, without a final stop);
  ``restore.*``: what `db restore` did or could not do.
"""
from __future__ import annotations

_RESTORE_HINT = "`scorekeeper db restore` puts back its last good copy"

TEMPLATES: dict[str, str] = {
    # -- the store -------------------------------------------------------------------
    "store.damaged": "The database file {path} is damaged ({reason}) and was left as it is: " + _RESTORE_HINT + ".",
    "store.club_damaged": ("The club file {path} is damaged ({reason}) and was left as it is: `scorekeeper db check "
                           "--repair` sets it aside (it is kept), and the club starts again without its renames, "
                           "seasons and evenings."),
    "store.newer": "The database file {path} was written by a newer scorekeeper (schema {schema}; this one "
                   "reads up to {supported}): update scorekeeper to use it.",
    "store.unreadable": "The database file {path} cannot be read ({strerror}).",
    "store.unwritable": "The database file {path} cannot be written ({strerror}).",
    "store.session_missing": "The session file {path} is missing: `scorekeeper db check` tells what else is, "
                             "and `scorekeeper db restore` puts back its last good copy.",
    "store.index_missing": "The index {path} is missing, but there are session files ({count}); "
                           "`scorekeeper db restore` rebuilds it.",
    "store.index_emptied": "The index {path} lists no session, but there are session files ({count}); "
                           "`scorekeeper db check --repair` lists them again.",
    "store.saved_not_finished": ("The change was saved, but putting it in place in {path} was cut short "
                                 "({strerror}); the next scorekeeper command that changes the database finishes "
                                 "it: do not make the change again."),
    "store.unfinished": ("A change saved in {path} could not be put in place ({strerror}), so nothing else was "
                         "changed: free some room or mend the folder, then run the command again."),
    "store.finished_stopped": ("The last change to the database, by `scorekeeper {command}` (session "
                               "{sessions:list}), was saved but that command was stopped before it could finish "
                               "or say so; it is finished now and nothing else was done: see it with `scorekeeper "
                               "history` or `scorekeeper sessions`, then run this command again if it is another "
                               "change."),
    "store.finished_stopped.index": ("The last change to the database, by `scorekeeper {command}`, was saved but "
                                     "that command was stopped before it could finish or say so; it is finished "
                                     "now and nothing else was done: see it with `scorekeeper sessions`, then run "
                                     "this command again if it is another change."),
    "store.folder_link": ("The database folder {path} is a symbolic link, which scorekeeper never follows, so "
                          "nothing was changed: put a folder of its own in its place."),
    "store.folder_replaced": ("The database folder {path} was replaced while this command held it (moved away, "
                              "copied over or re-pointed by a link), so nothing was changed: run the command "
                              "again."),
    "store.cannot_save": "Session {session} cannot be saved: {reason}.",
    "store.folder_unreadable": "The database folder {path} cannot be read ({strerror}).",
    "db.nul": "The database path given by {where} holds a NUL character, which no file name can: give the path "
              "again.",
    "store.path_is_file": "The database path {path} is a file, not a directory.",
    "store.cannot_create": "The database directory {path} cannot be created ({strerror}).",
    "store.busy": "The database is busy: another scorekeeper command is changing {path} and did not finish "
                  "within {seconds:g} seconds; try again when it is done.",
    "store.lock_failed": "The database {path} cannot be locked ({strerror}).",
    "store.no_current": "There is no current session: start one with `scorekeeper new VARIANT NAME...`.",
    "store.no_such_session": 'No session has an id starting with "{prefix}"; `scorekeeper sessions` lists them.',
    "store.ambiguous_id": '"{prefix}" could be {ids:list}: give more of the id.',
    "store.not_an_id": '"{given}" is not a session id.',
    "store.empty_id": "An empty session id names no session: give the id (`scorekeeper sessions` lists them).",

    # -- why a file is damaged (no final stop) ------------------------------------------
    "store.reason.directory": "it is a directory, not a file",
    "store.reason.link": "it is a symbolic link, which scorekeeper never follows",
    "store.reason.special": "it is not a regular file (a pipe or a device), which scorekeeper never reads",
    "store.reason.too_big": "it holds {size:#byte|bytes}, more than the {limit:,} a database file may",
    "store.reason.repeated_key": 'it gives the key "{key}" twice',
    "store.reason.empty": "it is empty",
    "store.reason.not_text": "it is not text",
    "store.reason.not_json": "not valid JSON at line {line}, column {column}",
    "store.reason.too_deep": "it is nested too deeply",
    "store.reason.club": "it is not what the club file holds",
    "store.reason.club.roster": "its rename or merge {number} is not what the club file holds",
    "store.reason.club.season": "its season {number} is not what the club file holds",
    "store.reason.club.evening": "its evening {number} is not what the club file holds",
    "store.reason.not_object": "it holds a JSON {found} where an object belongs",
    "store.reason.no_table": 'its "{table}" table is missing or not an object',
    "store.reason.table_not_object": 'its "{table}" table is not an object',
    "store.reason.no_document": 'its "{table}" table has no document 1',
    "store.reason.document_id": 'its "{table}" table has a document id "{row}" that is not a number',
    "store.reason.document_not_object": 'its "{table}" table has a document {row} that is not an object',
    "store.reason.unupgradable": "it cannot be upgraded from schema {schema}",
    "store.reason.current": "its current session is not an id",
    "store.reason.row_not_object": "its session row {row} is not an object",
    "store.reason.row_field": 'its session row {row} has no valid "{key}"',
    "store.reason.row_id": "its session row {row} has an id that cannot be a file name",
    "store.reason.revision": "it has no revision number",
    "store.reason.journal": "it is not a journal of changes scorekeeper can follow",
    "store.record.field.id": 'its session has no valid "id" (an id)',
    "store.record.field.variant": 'its session has no valid "variant" (a variant)',
    "store.record.field.players": 'its session has no valid "players" (a list of names)',
    "store.record.field.rules": 'its session has no valid "rules" (the rule options)',
    "store.record.field.title": 'its session has no valid "title"',
    "store.record.field.dealer": 'its session has no valid "dealer" (one of the players)',
    "store.record.field.created": 'its session has no valid "created" (a time)',
    "store.record.field.hands": 'its session has no valid "hands" (a list of hands)',
    "store.record.field.undone": 'its session has no valid "undone" (a list of hands)',
    "store.record.field.audit": 'its session has no valid "audit" (the audit trail)',
    "store.record.field.carried": 'its session has no valid "carried" (whole points per player)',
    "store.record.field.package": 'its session has no valid "package" (the package and version that scored it)',
    "store.record.field.first_round": 'its session has no valid "first_round" (a whole number of 1 or more)',
    "store.record.carried": 'its points carried over name "{name}", who is not one of the players',
    "store.record.field.events": 'its session has no valid "events" (the events between deals)',
    "store.record.events": 'its events between deals name "{name}", who is not one of the players',
    "store.record.field.sides": 'its session has no valid "sides" (lists of players)',
    "store.record.entry": 'its session has a hand without an entry in "{key}"',
    "store.record.held": 'it holds session "{held}", not "{expected}"',
    "store.record.control": ('its "{key}" holds a control character (an escape sequence, perhaps), which '
                             "scorekeeper never writes"),
    "store.record.control_item": ('the "{field}" of record {number} of its "{key}" holds a control character (an '
                                  "escape sequence, perhaps), which scorekeeper never writes"),
    "store.record.variant": "its variant cannot be used: {cause}",
    "store.record.variant_form": 'its variant is written "{given}" instead of "{expected}"',
    "store.record.setup": "its players and dealer are refused: {cause}",
    "store.record.round": "its first round is refused: {cause}",
    "store.record.dealer": 'its session has no valid "dealer" (one of the players)',
    "store.record.rules": "its rule options are refused: {cause}",
    "store.record.rules_missing": "its rule options lack {keys:list}",
    "store.record.rule_form": "its rule option {key} is stored as {given}, not as {expected}",

    # -- a session record from an export file ---------------------------------------------
    "import.record.not_object": "{where} is not a session record.",
    "import.record.missing": "{where} lacks {keys:list}.",
    "import.record.id": "{where}: the id {shown} is not a session id (letters, digits, - and _ only).",
    "import.record.list": '{where} ({id}): "{key}" must be a list of records.',
    "import.record.entry": '{where} ({id}): every record in "{key}" needs its "entry".',
    "import.record.type.players": '{where} ({id}): "players" must be a list of names.',
    "import.record.type.rules": '{where} ({id}): "rules" must be an object of rule options.',
    "import.record.type.created": '{where} ({id}): "created" must be a time.',
    "import.record.type.title": '{where} ({id}): "title" must be text or null.',
    "import.record.type.variant": '{where} ({id}): "variant" must be the id of a variant.',
    "import.record.type.dealer": '{where} ({id}): "dealer" must be one of the players.',
    "import.record.type.carried": '{where} ({id}): "carried" must give whole points per player.',
    "import.record.type.package": ('{where} ({id}): "package" must give the name and version of the package that '
                                   "scored it."),
    "import.record.type.events": ('{where} ({id}): "events" must be a list of events between deals, each with its '
                                  '"kind" and "after" (a deal number).'),
    "import.record.events": ('{where} ({id}): the events between deals name "{name}", who is not one of the '
                             'players; nothing was imported.'),
    "import.record.type.sides": '{where} ({id}): "sides" must be a list of sides, each a list of players.',
    "import.record.type.first_round": '{where} ({id}): "first_round" must be a whole number of 1 or more.',
    "import.record.control": ('{where} ({id}): "{key}" holds a control character (an escape sequence, '
                              "perhaps), which no export of scorekeeper holds; nothing was imported."),
    "import.record.control_item": ('{where} ({id}): the "{field}" of record {number} of "{key}" holds a control '
                                   "character (an escape sequence, perhaps), which no export of scorekeeper holds; "
                                   "nothing was imported."),
    "import.record.carried": ('{where} ({id}): the points carried over name "{name}", who is not one of the '
                              'players; nothing was imported.'),
    "import.record.variant": "{where} ({id}): {cause}; nothing was imported.",
    "import.record.variant_form": '{where} ({id}): the variant is written "{given}" instead of "{expected}"; '
                                  "nothing was imported.",
    "import.record.setup": "{where} ({id}): {cause}; nothing was imported.",
    "import.record.round": "{where} ({id}): {cause}; nothing was imported.",
    "import.record.dealer": '{where} ({id}): the dealer "{dealer}" is not written as in "players"; '
                            "nothing was imported.",
    "import.record.rules": "{where} ({id}): {cause}; nothing was imported.",
    "import.record.rules_missing": "{where} ({id}): the rule options lack {keys:list}; nothing was imported.",
    "import.record.rule_form": "{where} ({id}): the rule option {key} is written {given} instead of {expected}; "
                               "nothing was imported.",

    # -- db check: what it finds (no final stop) ----------------------------------------------
    "check.not_session_file": "this is not a session file of scorekeeper; --repair moves it to "
                              "backups/set-aside/",
    "check.backups_linked": "this folder is a symbolic link, so no copy is kept through it: put a folder of "
                            "its own in its place",
    "check.listed_twice": "session {session} is listed twice; --repair keeps one row",
    "check.index_missing": "the index is missing while there are session files ({count}): `scorekeeper db restore` "
                           "puts back its last good copy, or --repair rebuilds it from the session files",
    "check.old_schema": "the database has schema {schema}; the next command that changes it (or --repair) "
                        "upgrades it to {current}",
    "check.damaged": "damaged ({reason}): " + _RESTORE_HINT,
    "check.club_damaged": ("damaged ({reason}): `scorekeeper db check --repair` sets it aside (it is kept), and the "
                           "club starts again without its renames, seasons and evenings"),
    "check.unreadable": "{cause}.",
    "check.deleted_listed": "session {session} was deleted but the index still lists it",
    "check.file_missing": "the index lists session {session} but its file is missing: "
                          "`scorekeeper db restore --session {session}` puts back its last good copy",
    "check.file_missing_no_copy": "the index lists session {session} but its file is missing and no copy of it "
                                  "is kept",
    # a session whose variant cannot be loaded (SPEC §8): sound, and left as it is
    "check.waiting": ("waiting for its variant: {cause}; --repair and db restore leave it and its kept copies "
                      "as they are"),
    "check.session_refused": "session {session}: {cause}; `scorekeeper db restore --session {session}` puts "
                             "back its last good copy",
    "check.no_longer_scores": "its hands no longer score: {cause}",
    "check.trail_untypeable": ("record {record} of its audit trail (hand {hand}) holds an entry no one could have "
                               "typed, so it was written outside scorekeeper: {cause}"),
    "check.trail_untypeable.round": ("record {record} of its audit trail (round {hand}) holds an entry no one could "
                                     "have typed, so it was written outside scorekeeper: {cause}"),
    "check.setup_unreadable": "its setup cannot be read",
    "check.cache_wrong": "session {session}: the numbers kept with its hands disagree with replaying them; "
                         "--repair derives them again",
    "check.trail_differs": ("session {session}: hand {number} ({players:and}) is not what the audit trail "
                            "recorded: it was changed outside scorekeeper; --repair puts back the last kept copy "
                            "that agrees with the trail"),
    "check.trail_differs_hands": ("session {session}: {count:#hand of its file differs|hands of its file differ} "
                                  "from the audit trail ({hands:list}: changed outside scorekeeper); --repair puts "
                                  "back the last kept copy that agrees with the trail"),
    "check.trail_put_back": ("session {session}: {count:#hand|hands} ({hands:list}) put back as recorded in the audit "
                             "trail, from the copy {copy} (saved {saved}); totals {totals:list}; the changed file "
                             "is kept as {aside}"),
    "check.trail_put_back_same": ("session {session}: {count:#hand|hands} ({hands:list}) put back as recorded in the "
                                  "audit trail, from the copy {copy} (saved {saved}); no total changes; the changed "
                                  "file is kept as {aside}"),
    "check.total_back": "{player} {before} → {after}",
    "check.trail_no_copy": ("session {session}: {count:#hand of its file differs|hands of its file differ} from the "
                            "audit trail ({hands:list}) and no kept copy agrees with the trail, so the file is left "
                            "as it is: compare `scorekeeper history --audit` with the table's own record"),
    "check.variant_refuses": ("session {session} is as scorekeeper wrote it, but its variant as installed now refuses "
                              "it ({cause}): the variant changed since, so there is nothing to put back; install the "
                              "version that scored it"),
    "check.trail_broken": ("session {session}: record {record} of its audit trail is not what was recorded (the "
                           "chain that links the records is broken): the file was changed outside scorekeeper; "
                           "--repair puts back the last copy scorekeeper wrote"),
    "check.trail_cut": ("session {session}: its audit trail does not end where the index recorded it (records "
                        "removed or changed outside scorekeeper); --repair puts back the last copy scorekeeper "
                        "wrote"),
    "check.events_differ": ("session {session}: its events between deals (a rejoin, a split) are not what its "
                            "audit trail recorded: the file was changed outside scorekeeper; --repair puts back the "
                            "last copy scorekeeper wrote"),
    "check.copy_differs": ("session {session}: the file differs from the copy {copy} kept when it was saved: it was "
                           "changed outside scorekeeper; --repair puts back the last copy scorekeeper wrote"),
    "check.changed_put_back": ("session {session}: put back from the copy {copy} (saved {saved}), the last state "
                               "scorekeeper wrote; totals {totals:list}; the changed file is kept as {aside}"),
    "check.changed_put_back_same": ("session {session}: put back from the copy {copy} (saved {saved}), the last state "
                                    "scorekeeper wrote; no total changes; the changed file is kept as {aside}"),
    "check.changed_no_copy": ("session {session}: no kept copy can be told to be the last state scorekeeper wrote, so "
                              "the file is left as it is: compare `scorekeeper history --audit` with the table's own "
                              "record"),
    "check.title_control": ("session {session}: its title holds a control character (an escape sequence, perhaps), "
                            "which scorekeeper never takes: it was written outside scorekeeper, and every screen "
                            "shows it escaped"),
    "check.pending": ("a change committed by `scorekeeper {command}` is not finished yet (that command was stopped); "
                      "the next command that changes the database, or --repair, finishes it"),
    "check.copy_damaged": ("this kept copy is damaged ({reason}), so `db restore` cannot put it back; --repair moves "
                           "it to backups/set-aside/"),
    "check.copy_unreadable": ("this kept copy cannot be read ({cause}), so `db restore` cannot put it back; --repair "
                              "moves it to backups/set-aside/"),
    "check.not_listed": "session {session} is not listed in the index",
    "check.stale_row": "the row of session {session} is stale: {differences:list}",
    "check.differs": '"{key}" is {listed!q} where the session file says {filed!q}',
    "check.stale_revision": "the row of session {session} is stale: revision {listed} where the session file "
                            "is at revision {filed}",
    "check.no_current": "the current session {current} does not exist",
    "check.leftovers": "temporary files left by a scorekeeper command that was stopped while writing (the "
                       "database files are whole); --repair removes them",

    # -- db restore ------------------------------------------------------------------------
    "restore.no_database": "There is no database at {path}: nothing to restore.",
    "restore.no_good_copy": "No good copy of session {session} is kept, so it cannot be put back.",
    "restore.no_such_id": 'No session, kept copy or deleted session has an id starting with "{prefix}".',
    "restore.already": "sessions/{session}.json already holds its newest kept copy (saved at {saved}): "
                       "nothing to put back.",
    "restore.put_back": "{file}: put back as saved at {saved}.",
    "restore.index_rebuilt_no_copy": "index.json: no good copy was kept; rebuilt from the session files.",
    "restore.index_rebuilt": "index.json: rebuilt from the session files.",
    "restore.row_rebuilt": "index.json: the row of session {session} rebuilt from its file.",
    "restore.unlisted": "index.json: deleted session {session} no longer listed.",
    # what the copies put back lack (noun phrases, listed in the sentences below)
    "restore.lacks": "{count:#hand|hands} of session {session} ({hands:list})",
    "restore.other_version": "the present version of {count:#hand|hands} of session {session} ({hands:list})",
    "restore.lost": "The copies put back lack {losses:and}.",
    "restore.waiting": ("Session {session} needs the variant {variant}, which cannot be loaded here, so it is left "
                        "as it is, and its copies too: install that variant's package."),
    "restore.finished": ("The last change, by `scorekeeper {command}`, had been saved but not finished (that command "
                         "was stopped); it is finished now."),
    "restore.changed": ("The database changed while you were asked, so nothing was restored: run "
                        "`scorekeeper db restore` again to see what it would lose now."),
    "restore.failed": "{file}: {cause}; no good copy of it is kept.",
    # the configuration file (storage/config.py)
    "config.bad_toml": ("The configuration file {path} is not valid TOML at line {line}, column {column} ({problem}): "
                        "correct that line, or "
                        "replace it with `scorekeeper config set KEY VALUE` (or `config unset KEY`)."),
    "config.number_too_long": ("The configuration file {path} holds a number of thousands of digits, more than any "
                               "setting takes: correct it, or replace it with `scorekeeper config set KEY VALUE`."),
    "config.unreadable": "The configuration file {path} cannot be read ({reason}).",
    "config.special": ("The configuration file {path} is not a file but a pipe, a socket or a device, which "
                       "scorekeeper never reads: remove it, or point SCOREKEEPER_CONFIG at a file."),
    "config.directory": ("The configuration file {path} is a folder, not a file: remove it, or point "
                         "SCOREKEEPER_CONFIG at a file."),
    "config.too_big": ("The configuration file {path} is larger than a configuration file may be ({limit:,} bytes): "
                       "correct it, or replace it with `scorekeeper config set KEY VALUE`."),
    "config.too_deep": ("The configuration file {path} is nested too deeply to be read: correct it, or replace the "
                        "line with `scorekeeper config set KEY VALUE` (or `config unset KEY`)."),
    "config.unwritable": "The configuration file {path} cannot be written ({reason}); it was left as it was.",
    "config.not_unicode": "The configuration file {path} is not UTF-8 text: save it as UTF-8.",
    "config.unknown_key": ('The configuration file {path}, line {line}: "{key}" is not a setting; the settings '
                           "are {keys:list}."),
    "config.not_text": 'The configuration file {path}, line {line}: {key} must be a text in quotes, like {key} = "…".',
    "config.not_list": ('The configuration file {path}, line {line}: {key} must be a list of texts in quotes, '
                        'like {key} = ["…", "…"].'),
}
