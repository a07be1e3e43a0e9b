"""The audit trail as the reference for a session's hands (SPEC §6: tampering is detected,
never blessed).

Every change to a session's hands adds one record to its audit trail
(``record["audit"]``, see :mod:`scorekeeper.storage.schema`): ``entered`` and
``redone`` add a hand at the end, ``undone`` takes the last one back, ``edited``
replaces hand ``number`` — each with the entry as it then stood. Replaying those
records gives the hands the session must hold now. A session file changed by hand
(valid JSON, Ann's table 10 → 90) holds hands that disagree with its own trail:
:func:`differing_hands` names them, and `db check --repair` puts back the last kept
copy whose hands are the trail's (:func:`agrees`), never the changed entries.

A session begun before the trail existed (schema 0) has a trail that starts later:
the hands before its first record are unknown to it (:data:`UNKNOWN`) and taken as
stored. A session without any trail (an import that left it out) cannot be checked
this way and is never reported. The events between deals (Indian Rummy's rejoins and splits)
are checked against the trail alike (:func:`events_differ`).
"""
from __future__ import annotations

from typing import Any, Sequence

#: A hand the trail does not know (entered before the trail began).
UNKNOWN: Any = object()


def trail_hands(record: dict) -> list[Any] | None:
    """The hand entries the audit trail of a (checked) record says the session holds,
    oldest first, :data:`UNKNOWN` for hands entered before the trail began; None when
    the record keeps no trail."""
    audit = record.get("audit") or []
    if not audit:
        return None
    first = audit[0]
    action, number = first.get("action"), first.get("number", 1)
    if action in ("entered", "redone"):
        before = number - 1
    elif action == "undone":
        before = number
    else:  # begun by an edit: as many hands before it as the trail's changes leave unexplained
        net = sum(1 if ev.get("action") in ("entered", "redone") else -1 if ev.get("action") == "undone" else 0
                  for ev in audit)
        before = max(len(record.get("hands") or ()) - net, number)
    hands: list[Any] = [UNKNOWN] * max(before, 0)
    for ev in audit:
        action, number = ev.get("action"), ev.get("number", 0)
        if action in ("entered", "redone"):
            hands.append(ev.get("entry"))
        elif action == "undone":
            if hands:
                hands.pop()
        elif action == "edited" and 1 <= number <= len(hands):
            hands[number - 1] = ev.get("entry")
    return hands


def _differ(trailed: Sequence[Any], entries: Sequence[Any]) -> list[int]:
    return [n for n in range(1, max(len(trailed), len(entries)) + 1)
            if n > len(trailed) or n > len(entries)
            or (trailed[n - 1] is not UNKNOWN and trailed[n - 1] != entries[n - 1])]


def entries(record: dict) -> list[Any]:
    """The entries of a record's hands in effect, oldest first."""
    return [h.get("entry") if isinstance(h, dict) else None for h in record.get("hands") or ()]


def differing_hands(record: dict) -> list[int]:
    """The numbers of the hands (from 1) whose stored entries are not what the record's
    audit trail says — a hand changed, or one more or fewer than the trail gives;
    ``[]`` when they agree or the record keeps no trail."""
    trailed = trail_hands(record)
    return [] if trailed is None else _differ(trailed, entries(record))


def players_changed(record: dict, number: int) -> list[str]:
    """The players whose part of hand ``number`` differs from the trail's version of it
    (``[]`` when that cannot be told: a hand the trail or the file lacks, or an entry
    that is not a ``{"players": {...}}`` object)."""
    trailed = trail_hands(record) or []
    stored = entries(record)
    if not (1 <= number <= len(trailed) and number <= len(stored)):
        return []
    a, b = trailed[number - 1], stored[number - 1]
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return []
    pa, pb = a.get("players"), b.get("players")
    if not (isinstance(pa, dict) and isinstance(pb, dict)):
        return []
    return [str(name) for name in list(pa) + [n for n in pb if n not in pa] if pa.get(name) != pb.get(name)]


def trail_events(record: dict) -> list[Any] | None:
    """The events between deals (a rejoin, a split: ``record["events"]``) the audit trail of a
    (checked) record says the session holds, oldest first: each ``event`` record adds its event,
    each ``event_undone`` takes the last one back. None when the record keeps no trail."""
    audit = record.get("audit") or []
    if not audit:
        return None
    events: list[Any] = []
    for ev in audit:
        if ev.get("action") == "event":
            events.append(ev.get("event"))
        elif ev.get("action") == "event_undone" and events:
            events.pop()
    return events


def events_differ(record: dict) -> bool:
    """Whether a record's events between deals are not what its audit trail recorded (one
    added, removed or changed outside scorekeeper); False when the record keeps no trail."""
    trailed = trail_events(record)
    return trailed is not None and trailed != list(record.get("events") or ())


def agrees(copy: dict, reference: dict) -> bool:
    """Whether the record ``copy`` (a kept copy) holds exactly the hands and the events between
    deals the audit trail of ``reference`` (the live record) says, and agrees with its own trail."""
    trailed = trail_hands(reference)
    if trailed is None:
        return False
    return (not _differ(trailed, entries(copy)) and trail_events(reference) == list(copy.get("events") or ())
            and not differing_hands(copy) and not events_differ(copy))


# -- the chain: a record of the trail removed or changed together with its hand is seen ------------
#
# Each audit record carries ``chain``: a digest of the record (without its ``chain``) and of the
# chain before it. A record changed, or removed from the middle, breaks the chain at the record
# after it; one removed from the end leaves a shorter chain whose last digest (the *head*) is no
# longer the one the index lists for the session, nor the one of the copy kept when it was saved.
# Records written before the chain existed have none: they are folded into the digests of the
# records after them, and a trail with no ``chain`` at all is not checked this way.

def link(before: str | None, record: dict) -> str:
    """The chain after ``record``, ``before`` being the chain before it (None: the first record)."""
    import hashlib
    import json

    body = json.dumps({k: v for k, v in record.items() if k != "chain"}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return hashlib.blake2b(((before or "") + "\n" + body).encode("utf-8", "surrogatepass"),
                           digest_size=16).hexdigest()


def head(audit: Sequence[dict]) -> str | None:
    """The chain after the last record of a trail (what a new record links to): the last
    record's own ``chain`` when it has one, else worked out (None: an empty trail)."""
    if not audit:
        return None
    last = audit[-1].get("chain")
    if isinstance(last, str):
        return last
    chain = None
    for record in audit:
        chain = link(chain, record)
    return chain


def broken_at(audit: Sequence[dict]) -> int | None:
    """The first record (from 1) whose ``chain`` is not what the records up to it give, or None
    when the chain holds (records without a ``chain`` are only folded in)."""
    chain = None
    for place, record in enumerate(audit, 1):
        chain = link(chain, record)
        stored = record.get("chain")
        if stored is not None and stored != chain:
            return place
    return None


def chained(audit: Sequence[dict]) -> bool:
    """Whether a trail carries a chain at all (its last record has one)."""
    return bool(audit) and isinstance(audit[-1].get("chain"), str)
