"""Message templates of the club (SPEC §9): people, seasons, ratings, club evenings — the refusals
and the words of their screens.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation. A name stands where the
language need not decline it (``Renamed: Ann → Anna``).
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # people
    "players.unknown": 'No one called {player!q} has played here.',
    "players.unknown.near": 'No one called {player!q} has played here; did you mean {near}?',
    "players.same_name": "The old and the new name are the same: {player}.",
    "players.empty_name": "A player's name cannot be empty.",
    "players.rename_taken": ("{new} is already a player's name here; if {old} and {new} are one person, "
                             "`{command}` joins them."),
    "players.same_table": ("{old} and {new} played at one table (session {session}): they are two people, "
                           "so nothing was merged."),
    "players.nothing_to_undo": "There is no rename or merge to take back.",
    # seasons
    "season.points": ("--points takes whole numbers from first place down, none below 0 and none greater than "
                      "the one before, separated by commas (like 10,6,4,3,2,1), not {given!q}."),
    "season.tiebreak": "--tiebreak takes {known:list} in the order they apply, each at most once, not {given!q}.",
    "season.best": "--best is how many of a player's games count: a whole number of at least 1, not {given}.",
    "season.min_games": "--min-games is a whole number of at least 0, not {given}.",
    "season.date": "{option} takes a day as YYYY-MM-DD (like 2026-03-01), not {given!q}.",
    "season.dates": "The season would end ({end}) before it begins ({start}).",
    "season.unknown": "There is no season called {season!q} (seasons: {known:list}).",
    "season.unknown.none": "There is no season called {season!q}: `scorekeeper season new` makes one.",
    "season.exists": "There is already a season called {season!q}.",
    "season.empty_name": "A season's name cannot be empty.",
    "season.unfinished": "Session {session} is not finished: only finished games count in a season.",
    # evenings
    "evening.too_few": "{count} players cannot fill one table: this game needs at least {least}.",
    "evening.cannot_seat": ("{count} players cannot all be seated at tables of {least} to {most} players: "
                            "add or leave out a player."),
    "evening.cannot_seat.exact": ("{count} players cannot all be seated at tables of {most} players: add or leave "
                                  "out a player."),
    "evening.none": "There is no club evening yet: `scorekeeper evening new` starts one.",
    "evening.empty_title": "An evening's title cannot be empty.",
    "evening.twice": "{player} is named twice among the evening's players.",
    "evening.no_variant": "Say which game the evening plays: --variant V (or set the usual one with `scorekeeper config set variant V`).",
    # a season's standings as a file (export --season NAME)
    "export.season_and_sessions": "Give either --season or sessions (--session, --all) to export, not both.",
    "export.season_format": '"{given}" is not a format of a season\'s standings: use md, csv or html.',
    "export.html_needs_season": "html is the format of a season's standings: give the season with --season.",
    "export.season.from_to": "From {start} to {end}",
    "export.season.from": "From {start}",
    "export.season.to": "Until {end}",
    "export.season.variants": "Variants: {variants:list}",
    "screen.sharing.exported_season": "Exported the standings of season {season} as {format} to {output}.",
    "club.damaged.names": ("The club file {path} is damaged ({reason}): names are shown as typed in the games "
                           "(`scorekeeper db check --repair` sets the file aside)."),
    "club.damaged.export": ("The club file {path} is damaged ({reason}): the export carries the sessions without "
                            "it (`scorekeeper db check --repair` sets the file aside)."),
    "import.club": "{file} is not a scorekeeper export: its club part is not what a club file holds.",
    # what the commands say when done
    "club.renamed": "Renamed: {old} → {new} (sessions: {count}).",
    "club.merged": "Merged: {old} → {new} (sessions: {count}).",
    "club.undone.rename": "Taken back: the rename {old} → {new}.",
    "club.undone.merge": "Taken back: the merge {old} → {new}.",
    "club.look_alike": ("{typed!q} differs from {known:or} only in case or spaces; if it is the same person, "
                        "`scorekeeper players merge` can join the two after the game."),
    "club.season_made": "Season {season}: games so far: {games}.",
    "club.season_games": "Season {season}: games now: {games}.",
    # screens
    "screen.club.name": "Name",
    "screen.club.games": "Games",
    "screen.club.wins": "Wins",
    "screen.club.last_played": "Last played",
    "screen.club.variants": "Variants",
    "screen.club.maybe_same": "Maybe the same person: {names:and}",
    "screen.club.no_players": "No one has played here yet.",
    "screen.club.spellings": "As typed in the games: {names:list}",
    "screen.club.player_line": "Games: {games}, wins: {wins}",
    "screen.club.started": "Started",
    "screen.club.variant": "Variant",
    "screen.club.title": "Title",
    "screen.club.place": "Place",
    "screen.club.playing": "playing",
    "screen.club.done": "done",
    "screen.club.finished": "Finished",
    "screen.club.rank": "#",
    "screen.club.points": "Points",
    "screen.club.average": "Average place",
    "screen.club.season": "Season {season}",
    "screen.club.season_rule": "Games: {games} · points: {points} · best counted: {best} · games to be ranked: {least}",
    "screen.club.points_beaten": "sides beaten",
    "screen.club.all_games": "all",
    "screen.club.unranked": "Not ranked yet (fewer than {least} games):",
    "screen.club.no_games": "No finished game counts here yet.",
    "screen.club.rating": "Rating",
    "screen.club.ratings_of": "{variant}: games rated: {games}",
    "screen.club.provisional": "? provisional: fewer than {settled} rated games",
    "screen.club.no_ratings": "No finished game to rate yet.",
    "screen.club.seasons_none": "No season yet: `scorekeeper season new` makes one.",
    "screen.club.from": "From",
    "screen.club.to": "To",
    "screen.club.evening": "{title}: round {round}",
    "screen.club.table": "Table {table}",
    "screen.club.start_it": "To start it:",
    "screen.club.evening_standings": "{title}: rounds: {rounds}, games finished: {games}",
    "screen.club.round_table": "Round {round}, table {table}",
    "screen.club.not_started": "not started",
    "screen.club.board": "The club",
    "screen.club.tonight": "Tonight",
    "screen.club.ratings": "Ratings",
}
