"""The club file, ``DIR/club.json`` (SPEC §9): the roster's renames and merges, the seasons and
the club evenings, kept beside the sessions, never inside them.

It is written like every other file of the database: staged in the command's transaction and
put in place by its one commit (:mod:`scorekeeper.storage.commit`); read as this command sees it
(a change staged or committed but not finished included), never through a link or a special file.
A file that is not what :func:`check` says is damaged (one sentence, exit 1: ``store.club_damaged``), never
written over; `db check --repair` sets it aside (:mod:`scorekeeper.storage.maintenance`), and the commands of
a session show the names as typed meanwhile (:func:`scorekeeper.app.club.names_shown`).

The file::

    {"club": 1,
     "roster": [{"kind": "rename", "old": "Ann", "new": "Anna", "sessions": ["3f9a0c1e"],
                 "time": "2026-…", "undone": null}],
     "seasons": [{"name": "spring", "title": null, "from": "2026-03-01", "to": null,
                  "variants": [], "added": [], "removed": [], "rule": {…}, "created": "2026-…"}],
     "evenings": [{"title": "Club night", "variant": "rummy500", "players": [...],
                   "created": "2026-…", "rounds": [[["Ann", "Bob", "Cy"], […]], …]}]}
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.core.errors import StoreError
from scorekeeper.storage import files
from scorekeeper.storage.files import DamagedFile

#: the club file's name in the database directory
CLUB = "club.json"
VERSION = 1


def fresh() -> dict:
    return {"club": VERSION, "roster": [], "seasons": [], "evenings": []}


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _text_or_none(value: Any) -> bool:
    return value is None or isinstance(value, str)


def check(data: Any, path: Path) -> dict:
    """The club file's data as read, checked field by field. Raises :class:`DamagedFile`."""
    def bad(part: str | None = None, number: int = 0) -> Exception:
        """The file is damaged: as a whole, or its ``part`` (roster, season, evening) ``number``."""
        if part is None:
            return DamagedFile("store.club_damaged", path=Path(path), reason=StoreError("store.reason.club"))
        return DamagedFile("store.club_damaged", path=Path(path),
                           reason=StoreError(f"store.reason.club.{part}", number=number))

    if not isinstance(data, dict) or data.get("club") != VERSION:
        raise bad()
    for key in ("roster", "seasons", "evenings"):
        if not isinstance(data.get(key, []), list):
            raise bad()
        data.setdefault(key, [])
    for i, change in enumerate(data["roster"]):
        if not (isinstance(change, dict) and change.get("kind") in ("rename", "merge")
                and isinstance(change.get("old"), str) and isinstance(change.get("new"), str)
                and _strings(change.get("sessions")) and isinstance(change.get("time"), str)
                and _text_or_none(change.get("undone"))):
            raise bad("roster", i + 1)
    for i, season in enumerate(data["seasons"]):
        if not (isinstance(season, dict) and isinstance(season.get("name"), str) and season["name"]
                and all(_text_or_none(season.get(k)) for k in ("title", "from", "to"))
                and all(_strings(season.get(k, [])) for k in ("variants", "added", "removed"))
                and isinstance(season.get("rule", {}), dict) and isinstance(season.get("created"), str)):
            raise bad("season", i + 1)
    for i, evening in enumerate(data["evenings"]):
        rounds = evening.get("rounds") if isinstance(evening, dict) else None
        if not (isinstance(evening, dict) and isinstance(evening.get("title"), str)
                and isinstance(evening.get("variant"), str) and _strings(evening.get("players"))
                and isinstance(evening.get("created"), str) and isinstance(rounds, list)
                and all(isinstance(r, list) and all(_strings(t) for t in r) for r in rounds)):
            raise bad("evening", i + 1)
    return data


def read(store: Any) -> dict:
    """The club file as the command sees it (:meth:`Store.source_path`), or a fresh one where there
    is none. Raises :class:`DamagedFile` / :class:`StoreError`."""
    path = store.root / CLUB
    where = store.source_path(path)
    data = files.read_json(where) if where is not None else None
    if data is None:
        return fresh()
    return check(data, path)


def write(store: Any, data: dict) -> None:
    """Stage the club file (inside :meth:`Store.writing`: put in place by the command's commit).
    Raises :class:`StoreError` when it cannot be written."""
    check(data, store.root / CLUB)
    try:
        store.put(CLUB, files.dumps(data).encode("utf-8"))
    except OSError as e:
        raise store._unwritable(e, store.root / CLUB) from None
