"""The command line's own words that it says before (or without) loading the other templates:
the help texts typer is given when the commands are declared (the program's, the options' and
arguments'), the help's frame words (usage line, "[required]", what an option takes) and the
internal-error line. Code -> English template, like every template module; :mod:`scorekeeper.core.messages`
merges them into its :data:`~scorekeeper.core.messages.TEMPLATES` (each code is the gettext context,
``msgctxt``). A plain table that imports nothing, so that an English ``--help`` reads it without
loading the other templates or a catalog (:func:`scorekeeper.cli.language.helptext`).
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # the club (SPEC §9)
    "help.players": ("Everyone who ever played here, and renaming or joining their names.\n\n"
                     "Example: scorekeeper players show Ann"),
    "help.players.name": "A person's name, as `scorekeeper players` lists it.",
    "help.players.old": "The name to change, as `scorekeeper players` lists it.",
    "help.players.new": "The new name.",
    "help.players.merge_a": "The spelling that goes: its games become B's.",
    "help.players.merge_b": "The spelling that stays.",
    "help.season": ("Seasons: finished games gathered and scored by placement.\n\n"
                    "Example: scorekeeper season standings spring"),
    "help.season.name": "The season's name (one word or in quotes).",
    "help.season.sessions": "Session ids (or unique starts of them).",
    "help.season.points": ("The points of the places, first place first (like 10,6,4,3,2,1); default: the number "
                           "of sides finishing below."),
    "help.season.best": "Only a player's best N games count.",
    "help.season.min_games": "Players with fewer games are listed below the line, unranked.",
    "help.season.tiebreak": ("What separates players equal on points, in order: wins, average (place), "
                             "head-to-head (default: all three in that order)."),
    "help.season.from": "The first day (YYYY-MM-DD, local time) of the games counted.",
    "help.season.to": "The last day (YYYY-MM-DD) of the games counted.",
    "help.season.variant": "Only games of this variant count (may be given more than once).",
    "help.season.title": "A title for the season's table and exports.",
    "help.ratings.variant": "Only this variant's ratings.",
    "help.ratings.season": "Only the games of this season.",
    "help.evening": ("A club evening: players seated at several tables, round after round.\n\n"
                     "Example: scorekeeper evening next"),
    "help.evening.title": "The evening's title.",
    "help.evening.names": "The evening's players (several words, or one with commas).",
    "help.evening.players": "The names that follow are the players (may be left out).",
    "help.evening.variant": "The game the tables play (default: the usual variant).",
    "help.evening.season": "Sum the evening by this season's rule (default: sides beaten).",
    "help.check.cards": (
        "The cards of a meld, like QS KS AS; a comma (or ;) separates melds, each judged on its "
        "own."),
    "help.check.variant_session": (
        "Left out, the cards come first and the current session's variant and rules (or --session's) "
        "judge them."),
    "help.check.deal": (
        "A deal number: also say whether the melds make what that deal asks for (Contract Rummy's "
        "contract)."),
    "help.check.round": "The Crazy Rummy round (1-13), which sets the wild rank; required there.",
    "help.check.wild": ("The rank the cut card made wild (Indian Rummy: 7, Q, A; JK for a printed joker, "
                        "which makes the aces wild); printed jokers are always wild."),
    "help.check.rule": "A rule option KEY=VALUE, as for new (e.g. decks=2, set_duplicates=true).",
    "help.config": (
        "The usual language, variant, players, house rules and database, kept in a file.\n\nEach "
        "setting is taken from the command line first, then its environment variable "
        "(SCOREKEEPER_LANG, SCOREKEEPER_VARIANT, SCOREKEEPER_PLAYERS, SCOREKEEPER_RULES, "
        "SCOREKEEPER_DB), then the configuration file (SCOREKEEPER_CONFIG names another), else the "
        "default.\n\nExample: scorekeeper config set players Ann Bob Cy"),
    "help.config.key": "language, variant, players, rules or database.",
    "help.config.set.values": "The value; players and rules take several (or one with commas).",
    "help.db": "Where the database lives, and checking and recovering it.\n\nExample: scorekeeper db check",
    "help.db.check.repair": (
        "Fix what the session files can answer for: stale or missing rows of the index, a current "
        "session that is gone, leftovers of stopped commands, scores kept with a session's hands "
        "that disagree with replaying them."),
    "help.db.restore.list": "List the kept copies instead, newest first.",
    "help.db.rescore.session": (
        "The session to score again (an id or a unique start of one); default: every session scored "
        "by another version than the one installed."),
    "help.db.restore.session": (
        "Put back this session's newest kept copy (also of a deleted session), whatever state its "
        "file is in."),
    "help.demo.db": (
        "The database directory to record the game into; default: a throw-away one, deleted at the "
        "end (SCOREKEEPER_DB is not used)."),
    "help.edit.number": "The hand to re-record.",
    "help.rejoin.player": "The eliminated player who comes back in.",
    "help.end.split": "The players left share the game (asked first unless --yes).",
    "help.explain.number": "The hand to explain (default: the last).",
    "help.explain.player": "Only this player.",
    "help.export.all": "Every session in the database.",
    "help.export.force": "Overwrite the -o file if it exists.",
    "help.export.format_argument": "json, csv or md (html with --season): the same as --format.",
    "help.export.format": (
        "json (everything, for import), csv (one row per player per hand) or md (Markdown to paste "
        "in a chat); default: from the -o extension, else json."),
    "help.export.season": "A season's standings instead of sessions: md, csv or html (a web page).",
    "help.export.output": "Write to this file (atomically) instead of standard output.",
    "help.hand.again": (
        "Record the hand even when it is, card for card, the hand before it (refused otherwise: a "
        "command run twice)."),
    "help.hand.entries": (
        "One argument per player, \"NAME: WHAT\": cards with no mark are melds (a comma between "
        "melds), \"+\" starts the cards laid off, \"-\" the cards left in hand (\"-\" alone: went out); "
        "numbers instead of cards are points (\"Cy: 80 -85\"). Add \"knock\" or \"out\" after a player, "
        "or a separate argument \"stock\"."),
    "help.hand.file": "A hand file in JSON or TOML (by extension); - reads standard input.",
    "help.help.command": "The command (and subcommand) to show the help of; none: the whole program.",
    "help.history.audit": "Every version of every hand, with its time.",
    "help.import.as_new": "Import sessions already in the database again, as copies under new ids.",
    "help.import.file": "A file written by scorekeeper export --format json (- reads standard input).",
    "help.import.skip_existing": "Skip sessions whose id is already in the database.",
    "help.import.verbose": "Say what became of each session, not only how many were imported.",
    "help.new.carry": (
        "Start a player from a total carried over from a game begun on paper (history shows it as "
        "a first row, not a hand); in a game of sides, a side's total (Ann+Cy=1200); repeatable."),
    "help.new.dealer": "Who deals first (default: the first player).",
    "help.new.like": (
        "Start the next game of this session (id or title): the same variant, players and rules."),
    "help.new.players": "The players in seat order. Default: SCOREKEEPER_PLAYERS, else config players.",
    "help.new.round": (
        "Continue a game begun on paper at round (deal) N, where rounds differ (crazy: N sets the "
        "wild rank; contract: deal N)."),
    "help.new.title": "A title for the session.",
    "help.new.teams": (
        "The sides, where the variant is played in partnerships: the partners of "
        'each side joined by + and the sides separated by a comma, "Ann+Cy,Bob+Dee" (default: the '
        "first and third players against the second and fourth)."),
    "help.new.variant_default": "Default: SCOREKEEPER_VARIANT, else config variant.",
    "help.option.db": (
        "The database directory; else SCOREKEEPER_DB, else config database, else the user data "
        "directory."),
    "help.option.debug": "Show the traceback of any error.",
    "help.option.help": "Show this message and exit.",
    "help.option.install_completion": "Install completion for the current shell.",
    "help.option.json": "Print one JSON document and nothing else.",
    "help.option.lang": (
        "The language to speak: en, uk, ru or be; else SCOREKEEPER_LANG, else config language, "
        "else the locale."),
    "help.option.pager": (
        "On a terminal, show output longer than the screen through the pager (PAGER, else less)."),
    "help.option.rule": "A rule option KEY=VALUE (see scorekeeper rules VARIANT); repeatable.",
    "help.option.session": "The session id (a unique prefix is enough); default: the current session.",
    "help.option.show_completion": (
        "Show completion for the current shell, to copy it or customize the installation."),
    "help.option.version": "Print the version and exit.",
    "help.option.wait": (
        "How long a change waits for another scorekeeper command using the database (default 10)."),
    "help.option.yes": "Do not ask for confirmation.",
    "help.program": (
        "Score rummy games played with real cards: {variants}; scorekeeper rules describes each.\n\n"
        "Start a session with new, then record each hand with hand (on a terminal it asks player "
        "by player); demo plays a bundled game.\n\nExample: scorekeeper new rummy500 Ann Bob Cy"),
    "help.required": "[required]",
    # what the program's name typed alone prints: the commands to start with, then where the rest is
    "help.short.commands": "Commands to start with",
    "help.short.more": (
        "scorekeeper --help lists every command and option; scorekeeper help COMMAND shows one "
        "command's help."),
    "help.serve.club": (
        "The club board in place of a game's: the evening's tables as they play, the evening's points, "
        "the season's standings and the ratings."),
    "help.serve.season": "With --club: this season's standings and rule (default: the newest season).",
    "help.serve.variant": "With --club: this variant's ratings (default: the evening's variant).",
    "help.serve.host": "The address to listen on (default 127.0.0.1: this computer only).",
    "help.serve.lan": (
        "Let the phones and the TV on the local network in: the address gets a secret part, kept "
        "in the database folder, and a QR code."),
    "help.serve.new_secret": (
        "Give the address a new secret part (the old address stops working); without it the address "
        "stays the same from one start to the next."),
    "help.serve.port": "The port to listen on (0: any free one).",
    "help.session_id": "The session id (a unique prefix is enough).",
    "help.sessions.limit": "Only the latest so many sessions.",
    "help.sessions.player": "Only the sessions this player sat in.",
    "help.sessions.variant": "Only the sessions of this variant.",
    "help.stats.player": "Only this player (name as typed).",
    "help.stats.variant": "Only sessions of this variant.",
    "help.usage": "Usage: ",
    "help.usage.command": "COMMAND [ARGS]…",
    "help.usage.options": "[OPTIONS]",
    "help.use.session": (
        "The session id (a unique prefix is enough), or its title (a unique start of it is enough)."),
    "help.value.at_least": "{what} ≥ {low}",
    "help.value.between": "{what} from {low} to {high}",
    "help.value.bool": "true or false",
    "help.value.number": "a number",
    "help.value.other": "another value",
    "help.value.whole_number": "a whole number",
    "help.variant": "A variant: {variants}; or an alias, as scorekeeper rules lists them.",
    "help.variants.and": "{items} and {last}",
    "help.variants.or": "{items} or {last}",
    "program.internal_error": "scorekeeper: internal error ({kind}: {error}); run again with --debug.",
}
