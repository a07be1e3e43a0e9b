"""What ``serve --club`` shows (SPEC §9): the club evening's tables as they stand, the evening's
points, a season's standings and the ratings, as one plain document.

Read as ``standings`` reads (no lock, no file written or created), from the documents of the
club's own commands: ``evening standings`` (each table of the evening and the session found for
it, :func:`scorekeeper.app.club.evening_standings`), ``standings`` of each table's session (its
live totals), ``season standings`` and ``ratings``.
"""
from __future__ import annotations

from typing import Any, Iterable

from scorekeeper.core.errors import StateError

#: a table's state: no session found for it yet, a session being played, a finished one
WAITING, PLAYING, DONE = "waiting", "playing", "done"


def newest_season(store: Any) -> str | None:
    """The name of the season made last (None: there is none)."""
    from scorekeeper.storage import club as club_file

    seasons = club_file.read(store)["seasons"]
    return seasons[-1]["name"] if seasons else None


def club_board(application: Any, season: str | None = None, variant: str | None = None) -> dict:
    """``{"evening", "season", "ratings", "sessions"}``:

    - ``evening``: None when no evening was seated; else the ``evening standings`` document
      (``title``, ``variant``, ``rounds``, ``rule``, ``games``, ``tables`` of every round,
      ``players``: the evening's points by the rule of the season shown) and ``now``: the
      tables of its last round, each ``{"table", "players" (as seated), "title", "session"
      (or None), "state"}`` (:data:`WAITING`, :data:`PLAYING`, :data:`DONE`) and ``standings``:
      the ``standings --json`` document of its session (None before it is started);
    - ``season``: the ``season standings`` document of ``season`` (default: the season made
      last), None when there is no season;
    - ``ratings``: the ``ratings`` document of ``variant`` (default: the evening's variant; with
      no evening, every variant's), from every finished game;
    - ``sessions``: the ids of the sessions the tables play (what :meth:`mark` watches).

    Raises :class:`InputError` for a season or variant not known, :class:`StoreError` for a
    damaged file."""
    from scorekeeper.app import club, report
    from scorekeeper.app.games import open_game

    store = application.store
    chosen = season if season is not None else newest_season(store)
    try:
        evening = application.evening_standings(chosen)
    except StateError as e:
        if e.code != "evening.none":
            raise
        evening = None
    sessions: list[str] = []
    if evening is not None:
        names = club.names_now(store)
        now = []
        for table in evening["tables"]:
            if table["round"] != evening["rounds"]:
                continue
            standings = None
            if table["session"] is not None:
                sessions.append(table["session"])
                standings = report.standings_json(open_game(store, table["session"]))
                standings = club.renamed_doc(standings, names.get(table["session"], {}))
            state = WAITING if standings is None else DONE if standings["finished"] else PLAYING
            now.append({"table": table["table"], "players": list(table["players"]),
                        "title": club.table_title(evening["title"], table["round"], table["table"]),
                        "session": table["session"], "state": state, "standings": standings})
        evening = {**evening, "now": now}
    standings = application.season_standings(chosen) if chosen is not None else None
    if variant is None and evening is not None:
        variant = evening["variant"]
    return {"evening": evening, "season": standings, "ratings": application.ratings(variant),
            "sessions": sessions}


def mark(application: Any, sessions: Iterable[str]) -> tuple:
    """What changes whenever :func:`club_board` would read something else: the state of the index
    (every session begun, every hand recorded, edited or undone changes it), of the club file
    (an evening seated, a season made, a rename) and of the files of ``sessions`` (the tables'
    sessions last read). A few ``stat`` calls; reads and creates nothing."""
    from scorekeeper.storage import club as club_file
    from scorekeeper.storage.files import file_key

    store = application.store
    return (file_key(store.index_path), file_key(store.root / club_file.CLUB),
            tuple(file_key(store.session_path(sid)) for sid in sessions))
