"""The schema history of the database, as a numbered list of migrations (SPEC §6).

Each migration ``mNNN_what(kind, data)`` upgrades one file's TinyDB data in
place, from schema ``NNN - 1`` to ``NNN``; ``kind`` is ``"index"`` (the data of
``index.json``) or ``"session"`` (the data of a ``sessions/ID.json``). They run
in order, once each: a file records its schema in its ``_meta`` table, and the
index records the migrations applied to the database (name and time).
:func:`upgrade` runs them on one file's data; the store does so in memory when
a command only reads an old file, and for good, on every file, under the lock,
when a command changes an old database. Each may run twice on the same file (a crash half-way through an
upgrade is finished by the next command), so each only fills in what is
missing.

The schemas:

- **0** — no schema number anywhere. ``index.json``'s ``_meta`` holds at most
  ``{"current": ID}``; session files hold only the ``session`` table, and a
  session record has no ``undone`` (nothing to redo) and no ``audit`` trail.
- **1** — ``index.json`` ``_meta`` gains ``"schema"``; every session record
  has ``"undone": []`` and ``"audit": []``.
- **2** — every file records its schema; each session file gets a ``_meta``
  table ``{"schema", "revision"}`` (the revision counts the file's saves, so
  `db check` can tell a summary row that lags behind its session file), and
  each summary row in the index carries the ``revision`` and ``updated`` time
  of its session.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from scorekeeper.core.errors import StoreError
from scorekeeper.storage.files import damaged

#: The schema this program writes: the number of the last migration below.
SCHEMA_VERSION = 2


def _meta(data: dict) -> dict:
    """Document 1 of a file's ``_meta`` table, created when missing."""
    table = data.setdefault("_meta", {})
    return table.setdefault("1", {})


def m001_audit_trail(kind: str, data: dict) -> None:
    """Schema 0 → 1: session records get an empty redo list and audit trail;
    the index's ``_meta`` gets a current session (none) when it had none."""
    if kind == "index":
        _meta(data).setdefault("current", None)
        data.setdefault("sessions", {})
        return
    for record in data.get("session", {}).values():
        record.setdefault("undone", [])
        record.setdefault("audit", [])


def m002_revisions(kind: str, data: dict) -> None:
    """Schema 1 → 2: session files get ``_meta`` with a revision (1: the save
    that made them), and summary rows the same revision and an ``updated`` time."""
    if kind == "session":
        _meta(data).setdefault("revision", 1)
        return
    _meta(data).setdefault("migrations", [])
    for row in data.get("sessions", {}).values():
        row.setdefault("revision", 1)
        row.setdefault("updated", row.get("created"))


#: Every migration, in order; migration N takes a file from schema N-1 to N.
MIGRATIONS: list[Callable[[str, dict], None]] = [m001_audit_trail, m002_revisions]


def number_of(migration: Callable) -> int:
    """``m002_revisions`` → 2."""
    return int(migration.__name__[1:4])


def migrate(kind: str, data: dict, schema: int) -> list[str]:
    """Apply to one file's ``data`` (in place) every migration above ``schema``;
    returns their names. Raises what a migration raises on data it cannot read
    (the store reports the file as damaged)."""
    applied = []
    for migration in MIGRATIONS:
        if number_of(migration) > schema:
            migration(kind, data)
            applied.append(migration.__name__)
    return applied


def schema_of(data: dict) -> int:
    """The schema a file's data was written with (0: before schema numbers)."""
    meta = data.get("_meta")
    doc = meta.get("1") if isinstance(meta, dict) else None
    schema = doc.get("schema") if isinstance(doc, dict) else None
    return schema if isinstance(schema, int) and not isinstance(schema, bool) else 0


def upgrade(kind: str, data: dict, path: Path) -> list[str]:
    """Bring a file's data (``kind`` "index" or "session") to :data:`SCHEMA_VERSION`
    in place; returns the names of the migrations applied.

    Raises :class:`StoreError` (``store.newer``) for a file from a newer schema and
    :class:`~scorekeeper.storage.files.DamagedFile` when a migration cannot make sense of it.
    """
    schema = schema_of(data)
    if schema > SCHEMA_VERSION:
        raise StoreError("store.newer", path=path, schema=schema, supported=SCHEMA_VERSION)
    if schema == SCHEMA_VERSION:
        return []
    try:
        applied = migrate(kind, data, schema)
    except (TypeError, AttributeError, KeyError, ValueError):
        raise damaged(path, "store.reason.unupgradable", schema=schema) from None
    _meta(data)["schema"] = SCHEMA_VERSION
    return applied
