"""The ONE schema of what the database stores (SPEC §6): a session record, the index,
and the cache of derived scores kept in a record.

Used alike by the store when it reads a file (:func:`check_session`,
:func:`check_index`), by import (:func:`validate_session`), by `db check` and
`db restore` (through the store) and by the scoreboard when it reads the cache
(:func:`cached_derived`).

A session record (document 1 of a session file's ``session`` table)::

    {"id": "3f9a0c1e", "variant": "rummy500", "players": ["Ann", "Bob"],
     "rules": {"target": 500, ...every option of the variant...}, "title": None,
     "dealer": "Ann", "created": "2026-11-29T20:15:00+00:00",
     "hands": [{"entry": {...hand file...}, "form": "file", "time": "..."}],
     "undone": [...hands taken back by undo, last on top...],
     "audit": [{"time": ..., "action": "entered|edited|undone|redone", "number": 3,
                "entry": {...}, "previous": {...} | None}],
     "derived": {...optional cache of the scores the hands give, see cached_derived...},
     "carried": {"Ann": 120, ...},   # optional: totals carried over from a game begun on paper
     "first_round": 5,               # optional: the round a game begun on paper continues at
     "events": [{"kind": "rejoin", "player": "Cy", "after": 5, "time": "..."}],
                                     # optional: events between deals (SPEC §2.9: a rejoin, a split)
     "sides": [["Ann", "Cy"], ["Bob", "Dee"]]}  # optional: the partnerships, where players form sides

``events`` is optional too: the events between deals in effect, in the order they were made,
each with its ``kind`` (what the variant calls it), ``after`` (the deals played before it, a
whole number ≥ 1), and ``player`` where it names one; whether the variant takes it, and what it
changes, is the rules' to say when the session is replayed. The audit trail records each as
``action`` ``event`` (made, or made again by redo: ``undo`` "redone") or ``event_undone``, with
the event under ``event`` and ``number`` its ``after``.

``carried`` (``new --carry``) is optional: a record without it (every session
written before it existed) carried nothing. ``first_round`` (``new --round``, a whole
number ≥ 1) is optional too: without it the first hand is round 1. Each key is a player, written as in
``players``; each value a whole number of points. ``sides`` (a list of sides, each a list of
players, written as in ``players``) is kept where players form sides of more than one
(partnerships); without it the variant's own sides (each player alone elsewhere). That they are sides
the variant plays, every player in exactly one, is the application's to say, as for the players.

``package`` (optional) names the package and version of the variant that scored the session,
``{"name": "scorekeeper-knock", "version": "0.1.0"}``; a record without it was made before
sessions recorded it.

This schema checks a record's shape: its types, and that what it names inside itself is
there (the points carried over name players of the session; every change of the audit trail
but an undo keeps the hand as it then stood). What a well-shaped record means — a variant of
that id, players, dealer and rule options the variant accepts, hands that score — is the
application's to say (:mod:`scorekeeper.app.scorer`: a session whose variant is not installed
is sound, and waits for it).

The record's types (and those of its cache) are declared once, as ``TypedDict``
classes checked by pydantic's ``TypeAdapter`` (:func:`_validators`): pydantic is loaded
by typer for every command anyway. Declaring the same schema in pydantic-core's own terms
(``core_schema``, checked by a ``SchemaValidator``) skips the model building and saves
about 7 ms of CPU a command that reads a record (4% of ``standings``), under what is worth
a form of its own (10 ms, or 5%: ``python benchmarks/bench_mechanisms.py``, which times
the two; docs/performance.md). The index is checked without pydantic: a TAB that
completes a session id reads the index, and loading pydantic would cost it about 45 ms.

Problems are data: ``(kind, facts)`` found by :func:`find_problem`, turned into
a :class:`~scorekeeper.storage.files.DamagedFile` (code ``store.record.*``) by
the store, or an :class:`~scorekeeper.core.errors.InputError` (code
``import.record.*``) for import.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Sequence

from scorekeeper.core.errors import InputError
from scorekeeper.storage.files import damaged

#: A session id is also a file name: letters, digits, ``-`` and ``_`` only.
SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


# -- the index (no pydantic: see the module docstring) ------------------------------

#: A summary row of the index (one per session): the keys every row must hold, with
#: their types. Rows also hold ``title``, ``updated`` and ``revision``.
SUMMARY_ROW: dict[str, type] = {"id": str, "variant": str, "players": list, "hands": int, "finished": bool,
                                "winners": list, "created": str}


def check_index(meta: Any, rows: Any, path: Path) -> None:
    """Check an (upgraded) index: ``meta`` is document 1 of its ``_meta`` table (None when
    missing), ``rows`` its ``sessions`` table (``{id: row}``). Raises :class:`DamagedFile`."""
    if not isinstance(meta, dict):
        raise damaged(path, "store.reason.no_table", table="_meta")
    if not isinstance(meta.get("current"), (str, type(None))):
        raise damaged(path, "store.reason.current")
    if not isinstance(rows, dict):
        raise damaged(path, "store.reason.table_not_object", table="sessions")
    for doc_id, row in rows.items():
        check_row(row, doc_id, path)


def check_row(row: Any, doc_id: str, path: Path) -> None:
    """Check one summary row (document ``doc_id`` of the index). Raises :class:`DamagedFile`."""
    try:  # the common case told in one expression (`sessions` reads a thousand rows): JSON's exact types
        if (type(row["id"]) is str and type(row["variant"]) is str and type(row["players"]) is list
                and type(row["hands"]) is int and type(row["finished"]) is bool and type(row["winners"]) is list
                and type(row["created"]) is str and SESSION_ID.fullmatch(row["id"])):
            return
    except (KeyError, TypeError):
        pass
    if not isinstance(row, dict):
        raise damaged(path, "store.reason.row_not_object", row=doc_id)
    for key, kind in SUMMARY_ROW.items():
        value = row.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise damaged(path, "store.reason.row_field", row=doc_id, key=key)
    if not SESSION_ID.fullmatch(row["id"]):
        raise damaged(path, "store.reason.row_id", row=doc_id)


# -- the session record (pydantic, built when first needed) --------------------------

#: The largest number of points (or hands) a stored number may be: far above any game's.
MAX_POINTS = 10 ** 9
#: What an audit record says was done (``action``).
AUDIT_ACTIONS = ("entered", "edited", "undone", "redone", "event", "event_undone")
#: the audit actions that record an event between deals (no hand entry: the event instead)
EVENT_ACTIONS = ("event", "event_undone")

#: Text scorekeeper writes and screens show: no control character (C0, DEL, C1) and no line or
#: paragraph separator (a pattern of pydantic-core's regular expressions)
PLAIN_TEXT = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029]*$"

#: The keys a record must hold, in the order their problems are reported.
RECORD_KEYS = ("id", "hands", "undone", "audit", "players", "rules", "created", "title", "variant", "dealer")

_VALIDATORS: Any = None


def _validators() -> Any:
    """The pydantic validators of the record and of its cache (built once, on first use;
    see the module docstring): ``.record`` and ``.derived``, each a ``TypeAdapter`` of the
    ``TypedDict`` classes declared here. Strict: nothing is converted (true is not 1, "5" is
    not 5); a key not declared is ignored."""
    global _VALIDATORS
    if _VALIDATORS is not None:
        return _VALIDATORS
    from types import SimpleNamespace
    from typing import Annotated, Literal, Optional

    from pydantic import ConfigDict, Field, TypeAdapter, with_config
    from typing_extensions import NotRequired, TypedDict

    # text shown on screens that scorekeeper writes itself (a time, how a hand was given):
    # never a control character (an escape sequence would reach the terminal)
    Plain = Annotated[str, Field(pattern=PLAIN_TEXT)]

    strict = with_config(ConfigDict(strict=True))

    @strict
    class KeptEntry(TypedDict):
        """An entry as the audit trail keeps it: a hand file's object, each player's part an object."""

        players: Annotated[dict[str, dict[str, Any]], Field(min_length=1)]

    @strict
    class StoredEvent(TypedDict):
        """An event between deals as stored (a rejoin, a split): its kind, the deals played before
        it, the player it names; what it changes is the rules' to say."""

        kind: str
        after: Annotated[int, Field(ge=1, le=MAX_POINTS)]
        player: NotRequired[str]
        time: NotRequired[str]

    @strict
    class AuditRecord(TypedDict):
        """One record of the audit trail: what was done to which hand, when (see scorekeeper.app.sessions);
        ``entry`` and ``previous`` None where there is none."""

        time: Plain
        action: Literal[AUDIT_ACTIONS]  # type: ignore[valid-type]
        number: Annotated[int, Field(ge=1, le=MAX_POINTS)]
        entry: NotRequired[Optional[KeptEntry]]
        previous: NotRequired[Optional[KeptEntry]]
        form: NotRequired[Plain]
        base: NotRequired[Optional[Annotated[int, Field(ge=0)]]]
        undo: NotRequired[Optional[Literal["undone", "redone"]]]
        event: NotRequired["StoredEvent"]
        # a digest of the record and of the chain before it (scorekeeper.storage.trail.link)
        chain: NotRequired[Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]]

    @strict
    class StoredHand(TypedDict):
        """A hand as entered (in ``hands`` and ``undone``): its ``entry``, and how and when."""

        entry: Any
        time: NotRequired[Plain]
        form: NotRequired[Plain]

    @strict
    class Package(TypedDict):
        """The package and version of the variant that scored the session (scorekeeper.app.scorer)."""

        name: str
        version: str

    @strict
    class SessionRecord(TypedDict):
        """The session record, its fields in the order their problems are reported."""

        id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
        hands: list[StoredHand]
        undone: list[StoredHand]
        audit: list[AuditRecord]
        players: Annotated[list[str], Field(min_length=1)]
        rules: dict[str, Any]
        created: Plain
        title: Optional[str]
        variant: str
        dealer: str
        # points a game can hold: a total carried over from paper is bounded (a number of thousands
        # of digits would be stored, then fail every command that shows it)
        carried: NotRequired[Optional[dict[str, Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]]]]
        first_round: NotRequired[Annotated[int, Field(ge=1, le=MAX_POINTS)]]
        package: NotRequired[Optional[Package]]
        # the events between deals (a rejoin, a split), in the order they were made
        events: NotRequired[list[StoredEvent]]
        # the partnerships, where players form sides: each side a list of players
        sides: NotRequired[Annotated[list[Annotated[list[str], Field(min_length=1)]], Field(min_length=1)]]

    @strict
    class DerivedHand(TypedDict):
        """One hand of the cache: points per player, who won it, points only, how it ended."""

        scores: dict[str, int]
        won: list[str]
        points_only: bool
        ended: str

    @strict
    class DerivedCache(TypedDict):
        """``record["derived"]``: what replaying the hands gave, and which rules code (``scorer``)
        derived it (see scorekeeper.app.scoreboard)."""

        scorer: str
        hands: list[DerivedHand]
        finished: bool
        winners: list[str]
        bonus: dict[str, int]
        note: str

    _VALIDATORS = SimpleNamespace(record=TypeAdapter(SessionRecord), derived=TypeAdapter(DerivedCache))
    return _VALIDATORS


def find_problem(record: Any) -> tuple[str, dict] | None:
    """The first thing wrong with a session record, as ``(kind, facts)``, or None.

    Kinds: ``not_object``; ``missing`` (``keys``); ``id`` (``shown``: the id as
    JSON); ``type`` (``key``: a field of the wrong type); ``item`` (``key``:
    hands, undone or audit holding something that is not a record); ``entry``
    (``key``: a hand without its entry); ``carried`` (``name``: a key of ``carried`` that is not
    one of the players); ``events`` (``name``: a player an event between deals names who is not
    one of the players). Nothing here asks the rules (see the module docstring).
    """
    if not isinstance(record, dict):
        return "not_object", {}
    from pydantic_core import ValidationError

    try:
        _validators().record.validate_python(record)
    except ValidationError as e:
        return _first(e.errors(include_url=False, include_input=False), record)
    return _meaning(record)


def _first(errors: list[dict], record: dict) -> tuple[str, dict]:
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        return "missing", {"keys": missing}
    order = {k: i for i, k in enumerate(RECORD_KEYS)}
    err = min(errors, key=lambda e: order.get(e["loc"][0], len(order)))
    key = err["loc"][0]
    if err.get("type") == "string_pattern_mismatch":  # a text scorekeeper writes (PLAIN_TEXT) holding a control
        if err["loc"] == ("created",):
            return "control", {"key": key}
        if len(err["loc"]) == 3 and err["loc"][2] in ("time", "form"):
            return "control_item", {"key": key, "number": err["loc"][1] + 1, "field": err["loc"][2]}
    if key == "id":
        return "id", {"shown": json.dumps(record["id"], ensure_ascii=False)}
    if key in ("hands", "undone") and len(err["loc"]) > 1:
        return ("entry" if err["loc"][2:] == ("entry",) else "item"), {"key": key}
    if key == "audit" and len(err["loc"]) > 1:
        return "item", {"key": key}
    return "type", {"key": key}


def _meaning(record: dict) -> tuple[str, dict] | None:
    """What a well-typed record names inside itself and does not hold."""
    # every change but an undo leaves the hand as it then stood; an event's record holds the event
    if any(ev.get("entry") is None and ev["action"] not in ("undone", *EVENT_ACTIONS) for ev in record["audit"]):
        return "item", {"key": "audit"}
    if any(ev["action"] in EVENT_ACTIONS and ev.get("event") is None for ev in record["audit"]):
        return "item", {"key": "audit"}
    stranger = next((ev["player"] for ev in record.get("events") or () if "player" in ev
                     and ev["player"] not in record["players"]), None)
    if stranger is not None:
        return "events", {"name": stranger}
    stranger = next((name for name in record.get("carried") or {} if name not in record["players"]), None)
    if stranger is not None:
        return "carried", {"name": stranger}
    return None


def check_session(meta: Any, record: Any, path: Path, session_id: str | None = None) -> dict:
    """Check an (upgraded) session file: ``meta`` and ``record`` are document 1 of its
    ``_meta`` and ``session`` tables (None when missing). Returns the record; raises
    :class:`DamagedFile` naming ``path`` (and, with ``session_id``, when the file holds
    another session)."""
    if meta is None:
        raise damaged(path, "store.reason.no_table", table="_meta")
    rev = meta.get("revision")
    if not isinstance(rev, int) or isinstance(rev, bool):
        raise damaged(path, "store.reason.revision")
    if record is None:
        raise damaged(path, "store.reason.no_document", table="session")
    problem = find_problem(record)
    if problem is None:
        if session_id is not None and record["id"] != session_id:
            raise damaged(path, "store.record.held", held=record["id"], expected=session_id)
        return record
    kind, facts = problem
    if kind == "not_object":
        raise damaged(path, "store.reason.no_document", table="session")
    if kind == "missing":
        raise damaged(path, f"store.record.field.{facts['keys'][0]}")
    if kind == "id":
        raise damaged(path, "store.record.field.id")
    if kind == "type":
        raise damaged(path, f"store.record.field.{facts['key']}")
    if kind == "item" and facts["key"] == "audit":
        raise damaged(path, "store.record.field.audit")
    if kind in ("item", "entry"):
        raise damaged(path, "store.record.entry", key=facts["key"])
    raise damaged(path, f"store.record.{kind}", **facts)


def validate_session(data: Any, where: str) -> dict:
    """Check a session record from outside the database (an import); returns it.

    ``where`` says which record it is (``"club.json, session 2"``). The record
    must be complete: fill in what an import may leave out first (``title``
    None, ``undone`` and ``audit`` empty) and take out the ``derived`` cache.
    Raises :class:`InputError` with code ``import.record.*`` and facts
    ``where`` (and ``id`` once the id is known), e.g. ``"club.json, session 2
    lacks players."`` or ``'club.json, session 2 (3f9a0c1e): "hands" must be a list of
    records.'``. What the record means is the application's to check
    (:func:`scorekeeper.app.exporting.check_record`).
    """
    problem = find_problem(data)
    if problem is None:
        return data
    kind, facts = problem
    if kind in ("not_object", "missing", "id"):
        raise InputError(f"import.record.{kind}", where=where, **facts)
    if kind == "item" or (kind == "type" and facts["key"] in ("hands", "undone", "audit")):
        code = "import.record.list"
    elif kind == "type":
        code = f"import.record.type.{facts['key']}"
    else:
        code = f"import.record.{kind}"
    raise InputError(code, where=where, id=data["id"], **facts)


# -- the cache of derived scores -------------------------------------------------------

def cached_derived(record: dict, players: Sequence[str], scorer: str) -> dict | None:
    """``record["derived"]`` when it can be used: of the cache's shape (declared with the
    record's, in :func:`_validators`), derived by the rules code ``scorer``, covering exactly the stored hands, and
    naming only ``players`` (every player in each hand's scores). Otherwise None (the
    session is then replayed: a cache that cannot be used is not damage)."""
    d = record.get("derived")
    if not isinstance(d, dict) or d.get("scorer") != scorer:
        return None
    from pydantic_core import ValidationError

    try:
        _validators().derived.validate_python(d)
    except ValidationError:
        return None
    hands = d["hands"]
    if len(hands) != len(record.get("hands", ())):
        return None
    names = set(players)
    if not set(d["winners"]) <= names or not set(d["bonus"]) <= names:
        return None
    for h in hands:
        if set(h["scores"]) != names or not set(h["won"]) <= names:
            return None
    return d
