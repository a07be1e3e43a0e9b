"""`db rescore [SESSION]`: a session scored by another version of its variant, scored again by
the version installed — shown player by player first, stored only when agreed (SPEC §8).

A session keeps the numbers the version that scored it gave, and the package and version it was
(``record["package"]``, :mod:`scorekeeper.app.scorer`). When another version is installed and it
would score the session otherwise, every command shows the stored numbers and says so
(:func:`scorekeeper.app.games.of_another_version`); :func:`plan` works out what the installed
version would change, :func:`store` stores it (the numbers it derives, its package and
version) for the sessions a person agreed to, under the lock, refusing when any of them changed
since it was shown.
"""
from __future__ import annotations

from typing import Any

from scorekeeper.core.errors import InputError, StateError, VariantError
from scorekeeper.app.games import Loaded, save, scored, setup_of
from scorekeeper.app.scoreboard import stored_board
from scorekeeper.app.scorer import SetupRefused, recorded, scorer_of


def candidates(store) -> list[str]:
    """The sessions scored by another version of their variant than the one installed, by their
    index rows (oldest first): each row names the package and version its session records."""
    found = []
    for row in store.summaries():
        if recorded(row) is None:
            continue  # made before sessions recorded it: taken to be of the version at hand
        scorer = scorer_of(row)
        if scorer.differs:
            found.append(row["id"])
    return found


def plan(store, session: str | None = None) -> dict:
    """What ``db rescore`` would do: ``{"sessions": [entry, ...]}`` for the session named (an id
    prefix), else for every session scored by another version than the one installed
    (:func:`candidates`). Each entry: ``session``, ``title``, ``variant``, ``package``, ``from``
    (the version it records; null for a session made before sessions recorded it), ``to`` (the
    version installed), ``revision`` (its file's), ``players`` (``[{"name", "before", "after"}]``:
    each total, end bonuses included, as stored and as the installed version gives it),
    ``hands`` (the numbers of the hands whose scores change), ``finished`` and ``winners`` (each
    ``{"before", "after"}``), ``changes`` (whether any number changes) and ``refusal`` (null, or
    the sentence of why it cannot be scored again: its variant is not installed, or the
    installed version refuses a hand; such a session keeps what it stored)."""
    ids = [store.resolve(session)] if session is not None else candidates(store)
    return {"sessions": [_entry(store, sid, store.load(sid))[0] for sid in ids]}


def _entry(store, sid: str, record: dict) -> tuple[dict, Loaded | None]:
    """One session's entry of :func:`plan`, and the session as the installed version scores it
    (None when it cannot be scored again)."""
    scorer = scorer_of(record)
    stored_version = scorer.recorded["version"] if scorer.recorded else None
    entry: dict[str, Any] = {
        "session": sid, "title": record.get("title"), "variant": record["variant"],
        "package": (scorer.installed or scorer.recorded or {}).get("name"), "from": stored_version,
        "to": scorer.installed["version"] if scorer.installed else None, "revision": store.revision(sid),
        "players": [], "hands": [], "finished": None, "winners": None, "changes": False, "refusal": None,
    }
    try:
        setup = setup_of(record, scorer)
    except VariantError as e:
        entry["refusal"] = e.message
        return entry, None
    except SetupRefused as e:
        entry["refusal"] = e.damaged(store.session_path(sid)).message
        return entry, None
    try:
        fresh = scored(record, setup)
    except (InputError, StateError) as e:
        refusal = VariantError("session.version_refuses", cause=e, **scorer.facts(record)) if scorer.differs else e
        entry["refusal"] = refusal.message
        return entry, None
    before = stored_board(record, setup) or fresh.state
    after = fresh.state
    totals_before, totals_after = before.totals, after.totals
    entry["players"] = [{"name": p, "before": totals_before[p], "after": totals_after[p]} for p in setup.players]
    entry["hands"] = [n for n, (b, a) in enumerate(zip(before.summaries, after.summaries), 1) if b != a]
    entry["finished"] = {"before": before.ending.finished, "after": after.ending.finished}
    entry["winners"] = {"before": list(before.ending.winners), "after": list(after.ending.winners)}
    entry["changes"] = bool(entry["hands"]) or totals_before != totals_after or (
        entry["finished"]["before"] != entry["finished"]["after"]) or (
        entry["winners"]["before"] != entry["winners"]["after"])
    return entry, fresh


def store_plan(store, session: str | None = None, expect: list[dict] | None = None) -> dict:
    """``db rescore`` agreed to: under the lock, each session of :func:`plan` that the installed
    version can score is stored as it scores it — its numbers, its package and version — (one
    whose numbers do not change records the version alone). ``expect``: the entries shown to a
    person (:func:`plan`'s); nothing is stored when any session changed since
    (:class:`StateError` ``rescore.changed``). Returns the plan, each entry with ``stored``."""
    with store.writing():
        shown = plan(store, session)
        if expect is not None and _key(shown["sessions"]) != _key(expect):
            raise StateError("rescore.changed")
        for entry in shown["sessions"]:
            entry["stored"] = False
            if entry["refusal"] is not None:
                continue
            record = store.load(entry["session"])
            _again, fresh = _entry(store, entry["session"], record)
            if fresh is None:  # pragma: no cover - the plan just scored it under the same lock
                continue
            if not entry["changes"] and entry["from"] == entry["to"]:
                continue  # nothing to store: the same version, the same numbers
            save(store, record, fresh.state)
            entry["stored"] = True
    return shown


def _key(entries: list[dict]) -> list[tuple]:
    """What must be as it was shown: each session, its file's revision and what would change."""
    return [(e["session"], e["revision"], e["to"], e["changes"],
             tuple((p["name"], p["before"], p["after"]) for p in e["players"])) for e in entries]
