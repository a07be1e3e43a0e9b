"""Checking and recovering the database: `scorekeeper db check` and `db restore` (SPEC §6).

- :func:`check` reads every file of the database — the index and each session
  file — checks it against the schema, replays every session's hands through
  the core (a hand that no longer scores is reported), and compares each
  summary row of the index with what its session file says. It never writes;
  with ``repair=True`` it takes the lock and fixes, in one write of the index,
  what the session files can answer for: stale or missing summary rows, a
  current session that no longer exists, a deleted session still listed, and
  leftovers of killed commands, and a session's cache of derived numbers
  that disagrees with its replay (rewritten in that session's file). Damaged
  files are left to :func:`restore`.
- :func:`restore` puts back, for every damaged or missing file, the newest
  kept copy that reads and replays well — the last state written, since every
  write keeps a copy — (the damaged file is moved to ``backups/set-aside/``,
  never deleted), or for ``session=ID`` that session's newest good copy — a
  deleted session's too — and then brings the index in line with the session
  files.

Both return plain data for the ``db`` commands to print.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from scorekeeper.core.errors import ScorekeeperError, StateError, StoreError, VariantError
from scorekeeper.core.messages import render
from scorekeeper.storage import commit
from scorekeeper.storage.files import DamagedFile
from scorekeeper.storage.migrations import SCHEMA_VERSION
from scorekeeper.storage.schema import SESSION_ID
from scorekeeper.storage.store import KEEP, Backup, Store, match_id
from scorekeeper.storage.trail import agrees, broken_at, differing_hands, events_differ, head, players_changed

#: a control character (C0, DEL, C1) or a line or paragraph separator: never in a title scorekeeper takes
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")

#: The summary fields a session file decides (``updated`` and ``revision`` are bookkeeping).
SUMMARY_FIELDS = ("variant", "title", "players", "hands", "finished", "winners", "created")

#: What `db check` and `db restore` need of the application: ``replay(record)`` scores a
#: (checked) session record's hands and returns ``(summary row, derived cache)`` —
#: the row the index keeps for it and the cache of derived numbers its record keeps
#: (``{"scorer": ..., ...}``, see scorekeeper.app.scoreboard). Raises
#: :class:`ScorekeeperError` when a hand no longer scores, or a :class:`StateError` of code
#: ``check.trail_untypeable`` (``….round`` where deals are rounds) when a record of the audit trail
#: holds an entry the rules refuse (reported as it is, the hands in effect scoring). Raises a
#: :class:`DamagedFile` when the record's setup makes no sense to the rules, and a
#: :class:`VariantError` when the session's variant cannot be loaded here (not installed, or
#: failing to load): such a session *waits* for it — reported as waiting, never as damaged, and
#: neither its file, nor its kept copies, nor its index row is touched (SPEC §8).
Replay = Callable[[dict], "tuple[dict, dict]"]


@dataclass
class Finding:
    """One thing `db check` found: the ``file`` it concerns, what it is (``code`` and
    ``facts``: :attr:`problem` is the sentence), its ``kind`` ("damaged": a file cannot
    be used and `db restore` can put back a good copy; "unreadable": a file from a newer
    scorekeeper, or one that cannot be opened, which nothing replaces; "missing";
    "stale": the index disagrees with a session file; "changed": a session changed outside
    scorekeeper (against its audit trail, its chain, its newest kept copy or its row);
    "refused": a session as scorekeeper wrote it that its variant, as installed now, refuses
    (the variant changed: nothing to put back); "text": a title holding a control character;
    "waiting": a session whose variant cannot be loaded here, waiting for its package — left
    alone, never damaged; "note": nothing is wrong but something is worth knowing), whether
    ``--repair`` can fix it and whether it did."""

    file: str
    code: str
    facts: dict
    kind: str
    repairable: bool = False
    repaired: bool = False

    @property
    def problem(self) -> str:
        return render(self.code, self.facts)

    @property
    def error(self) -> StoreError:
        """The finding as an error (to carry as the ``cause`` of another)."""
        return StoreError(self.code, **self.facts)

    @property
    def wrong(self) -> bool:
        """Whether this still needs attention (notes and sessions waiting for their variant never do)."""
        return self.kind not in ("note", "waiting") and not self.repaired

    def as_json(self) -> dict:
        return {"file": self.file, "kind": self.kind, "problem": self.problem, "repairable": self.repairable,
                "repaired": self.repaired}


@dataclass
class CheckReport:
    """What :func:`check` found in the database at ``root``."""

    root: Path
    exists: bool
    schema: int | None = None
    files: int = 0
    sessions: int = 0
    hands: int = 0
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.wrong for f in self.findings)

    def as_json(self) -> dict:
        return {"database": str(self.root), "exists": self.exists, "ok": self.ok, "schema": self.schema,
                "files": self.files, "sessions": self.sessions, "hands": self.hands,
                "problems": [f.as_json() for f in self.findings]}


@dataclass
class _Scan:
    """The database as read by one pass of :func:`check` (what a repair needs)."""

    report: CheckReport
    index_state: str = "ok"  # ok | missing | damaged | unreadable | none
    club_aside: Path | None = None  # a damaged club file, which a repair sets aside
    index_error: StoreError | None = None  # why the index is unreadable
    current: str | None = None
    rows: dict[str, dict] = field(default_factory=dict)
    upserts: list[dict] = field(default_factory=list)
    remove: list[str] = field(default_factory=list)
    drop_current: bool = False
    old_schema: bool = False
    leftovers: list[Path] = field(default_factory=list)
    strays: list[Path] = field(default_factory=list)  # what sessions/ holds that is not a session file
    bad_copies: list[Path] = field(default_factory=list)  # kept copies that cannot be read
    twice: bool = False  # a session listed twice in the index
    # id -> (path, record, derived, hand numbers): sessions whose hands disagree with their audit trail
    changed: dict[str, tuple[Path, dict, dict, list[int]]] = field(default_factory=dict)
    good: dict[str, dict] = field(default_factory=dict)  # id -> summary rebuilt from its session file
    waiting: set[str] = field(default_factory=set)  # sessions whose variant cannot be loaded: left alone
    waiting_rows: dict[str, dict] = field(default_factory=dict)  # their rows, from what they store
    recache: list[tuple] = field(default_factory=list)  # (record, summary) whose cache of derived numbers is wrong


def _rel(store: Store, path: Path) -> str:
    try:
        return str(path.relative_to(store.root))
    except ValueError:
        return str(path)


def replay_summary(store: Store, path: Path, session_id: str, replay: Replay) -> dict:
    """The summary row a session file gives (its record replayed through the core).

    Raises :class:`DamagedFile` / :class:`StoreError` for a file that cannot be
    read, and :class:`StateError` naming the hand for hands that no longer score.
    """
    return _replayed(store, path, session_id, replay)[0]


def _replayed(store: Store, path: Path, session_id: str, replay: Replay) -> tuple[dict, dict, dict]:
    """``(summary row, record, fresh derived cache)`` of a session file, as :func:`replay_summary` reads it."""
    record, revision = store.read_session(path, session_id)
    try:
        row, derived = replay(record)
    except (DamagedFile, VariantError):  # its setup makes no sense to the rules / it waits for its variant
        raise
    except ScorekeeperError as e:
        if e.code.startswith("check.trail_untypeable"):  # the hands score; a record of the trail does not
            raise
        raise StateError("check.no_longer_scores", cause=e) from None
    except (KeyError, ValueError, TypeError) as e:
        raise StateError("check.setup_unreadable", error=type(e).__name__, detail=str(e)) from None
    row["revision"] = revision
    return row, record, derived


def cache_is_wrong(record: dict, derived: dict) -> bool:
    """Whether a record holds a cache of the same rules code as ``derived`` (its replay's)
    that disagrees with it, its digest included (a cache of other rules code is not wrong,
    only unused; nor is one written before caches carried a digest whose numbers agree)."""
    d = record.get("derived")
    if d is None:
        return False
    if isinstance(d, dict) and d.get("scorer") != derived.get("scorer"):
        return False
    if isinstance(d, dict) and "digest" not in d:
        return d != {k: v for k, v in derived.items() if k != "digest"}
    return d != derived


def _trail_finding(record: dict, changed: list[int]) -> tuple[str, dict]:
    """The finding of a session whose hands ``changed`` disagree with its audit trail."""
    players = players_changed(record, changed[0]) if len(changed) == 1 else []
    if players:
        return "check.trail_differs", {"session": record["id"], "number": changed[0], "players": players}
    return "check.trail_differs_hands", {"session": record["id"], "count": len(changed), "hands": changed}


def _totals(record: dict, derived: dict) -> dict[str, int]:
    """Each player's total as a replay ``derived`` of ``record`` gives it (carried points and
    end bonuses included)."""
    totals = {p: (record.get("carried") or {}).get(p, 0) + derived.get("bonus", {}).get(p, 0)
              for p in record["players"]}
    for h in derived.get("hands", ()):
        for p, points in h.get("scores", {}).items():
            totals[p] = totals.get(p, 0) + points
    return totals


def _put_back_trail(store: Store, scan: _Scan, replay: Replay) -> dict[str, tuple[str, dict, bool]]:
    """For each session changed outside scorekeeper (see :func:`_tampered`), put back the copy
    that holds what scorekeeper last wrote (:func:`_truth_copy`; the changed file is set aside,
    never deleted). When no copy can be told to be it, nothing is put back: the file is never
    made the truth. Returns, per session, what was done as ``(code, facts, repaired)``."""
    done: dict[str, tuple[str, dict, bool]] = {}
    for sid, (path, record, derived, changed) in scan.changed.items():
        row = scan.rows.get(sid)
        found = _truth_copy(store, sid, record, scan.good[sid]["revision"], row, replay)
        if found is not None:
            b, copy, copy_derived = found
            before, after = _totals(record, derived), _totals(copy, copy_derived)
            aside = store.set_aside(path)
            store.put_back(b)
            facts = {"session": sid, "count": len(changed), "hands": changed, "copy": _rel(store, b.path),
                     "saved": b.saved, "aside": _rel(store, aside)}
            moved = [StoreError("check.total_back", player=p, before=before[p], after=after[p])
                     for p in record["players"] if before.get(p) != after.get(p)]
            kind = "check.trail_put_back" if changed else "check.changed_put_back"
            if moved:
                done[sid] = (kind, {**facts, "totals": moved}, True)
            else:
                done[sid] = (kind + "_same", facts, True)
        elif changed:
            done[sid] = ("check.trail_no_copy", {"session": sid, "count": len(changed), "hands": changed}, False)
        else:
            done[sid] = ("check.changed_no_copy", {"session": sid}, False)
    return done


def _stored_row(record: dict, revision: int) -> dict:
    """The index row of a session whose variant cannot be loaded, from what its file stores (its
    hands are not scored again: the numbers of its cache, when it has one)."""
    from scorekeeper.storage.store import now

    derived = record.get("derived") if isinstance(record.get("derived"), dict) else {}
    winners = derived.get("winners")
    return {"id": record["id"], "variant": record["variant"], "title": record.get("title"),
            "players": list(record["players"]), "hands": len(record["hands"]),
            "finished": derived.get("finished") is True,
            "winners": list(winners) if isinstance(winners, list) and all(isinstance(w, str) for w in winners) else [],
            "created": record["created"], "updated": now(), "revision": revision,
            "chain": head(record.get("audit") or [])}


def _content(record: dict) -> dict:
    """What a session record holds, its cache of derived numbers aside."""
    return {k: v for k, v in record.items() if k != "derived"}


def _tampered(store: Store, path: Path, record: dict, revision: int, row: dict | None) -> tuple[str, dict] | None:
    """How a session file whose hands agree with its audit trail was nevertheless changed outside
    scorekeeper — a hand changed or removed together with its record of the trail — as ``(code,
    facts)``, or None: its trail's chain is broken (:func:`scorekeeper.storage.trail.broken_at`), its
    trail ends elsewhere than the index recorded with the same revision, or it differs from the copy
    kept when it was saved (or is older than that copy)."""
    sid = record["id"]
    audit = record.get("audit") or []
    broken = broken_at(audit)
    if broken is not None:
        return "check.trail_broken", {"session": sid, "record": broken}
    if events_differ(record):  # a rejoin or a split added, removed or changed in the file
        return "check.events_differ", {"session": sid}
    listed = row.get("chain") if row is not None else None
    if isinstance(listed, str) and row.get("revision") == revision and listed != head(audit):  # type: ignore[union-attr]
        return "check.trail_cut", {"session": sid}
    newest = next((b for b in store.backups(path) if not b.deleted), None)
    if newest is None:
        return None
    try:
        copy, kept = store.read_session(newest.path, sid)
    except ScorekeeperError:
        return None  # a copy that cannot be read is reported on its own
    if kept > revision or (kept == revision and _content(copy) != _content(record)):
        return "check.copy_differs", {"session": sid, "copy": _rel(store, newest.path)}
    return None


def _truth_copy(store: Store, session_id: str, record: dict, revision: int, row: dict | None,
                replay: Replay) -> tuple[Backup, dict, dict] | None:
    """The kept copy of a session changed outside scorekeeper that holds what scorekeeper last
    wrote, as ``(copy, its record, its derived cache)``, or None when none can be told to be it.
    Only a copy that replays and agrees with its own trail and chain counts; of those: the one
    whose revision and trail the index lists; else the newest copy, when it is one of them and at
    least as new as the file; else (the hands changed, the trail untouched) the newest one whose
    hands are the file's trail's."""
    copies = [b for b in store.backups(store.session_path(session_id)) if not b.deleted]
    intact: list[tuple[Backup, dict, dict, int]] = []
    for b in copies:
        try:
            copy_row, copy, copy_derived = _replayed(store, b.path, session_id, replay)
        except ScorekeeperError:
            continue
        if differing_hands(copy) or events_differ(copy) or broken_at(copy.get("audit") or []) is not None:
            continue
        intact.append((b, copy, copy_derived, copy_row["revision"]))
    listed = row.get("chain") if row is not None else None
    if isinstance(listed, str):
        for b, copy, copy_derived, revision in intact:
            if revision == row.get("revision") and head(copy.get("audit") or []) == listed:  # type: ignore[union-attr]
                return b, copy, copy_derived
    if intact and intact[0][0] is copies[0] and intact[0][3] >= revision:
        b, copy, copy_derived, _ = intact[0]
        return b, copy, copy_derived
    if broken_at(record.get("audit") or []) is None:
        for b, copy, copy_derived, _ in intact:
            if agrees(copy, record):
                return b, copy, copy_derived
    return None


def _deleted(store: Store, session_id: str) -> bool:
    """Whether the newest kept copy of a session is the one `delete` made."""
    backups = store.backups(store.session_path(session_id))
    return bool(backups) and backups[0].deleted


def _scan(store: Store, replay: Replay) -> _Scan:
    report = CheckReport(store.root, store.root.is_dir())
    scan = _Scan(report)
    if not report.exists:
        scan.index_state = "none"
        return scan

    def add(file: Path | str, kind: str, code: str, repairable: bool = False, **facts: Any) -> None:
        where = file if isinstance(file, str) else _rel(store, file)
        report.findings.append(Finding(where, code, facts, kind, repairable))

    try:
        journal = commit.read_journal(store.root)
        if journal is not None:
            add(commit.JOURNAL, "note", "check.pending", repairable=True, command=journal.command or "",
                sessions=journal.sessions)
    except DamagedFile as e:
        add(commit.JOURNAL, "damaged", "check.damaged", repairable=True, reason=e.reason)
    try:
        files = {p.stem: p for p in store.session_files() if SESSION_ID.fullmatch(p.stem)}
    except StoreError as e:  # a sessions/ folder that is a link: nothing is read through it
        if e.code != "store.folder_link":
            raise  # a folder it may not read: one sentence, nothing checked or changed
        add(store.sessions_dir, "unreadable", "check.unreadable", cause=e)
        return scan
    try:  # the club file (SPEC §9): the roster, seasons and evenings kept beside the sessions
        from scorekeeper.storage import club as club_file

        if store.present(store.root / club_file.CLUB):
            club_file.read(store)
            report.files += 1
    except DamagedFile as e:  # set aside by a repair (never deleted): the club starts again without it
        add(club_file.CLUB, "damaged", "check.club_damaged", repairable=True, reason=e.reason)
        scan.club_aside = store.root / club_file.CLUB
    except StoreError as e:
        add(club_file.CLUB, "unreadable", "check.unreadable", cause=e)
    scan.strays = store.strays()
    for p in scan.strays:
        add(p, "stale", "check.not_session_file", repairable=True)

    # the index
    index = store.index_path
    try:
        found = store.read_index()
        if found is None:
            scan.index_state = "missing"
            if files:
                add(index, "missing", "check.index_missing", repairable=True, count=len(files))
        else:
            report.files += 1
            report.schema = found.schema
            scan.current = found.meta.get("current")
            scan.rows = {r["id"]: r for r in found.rows.values()}
            seen: set[str] = set()
            for r in found.rows.values():
                if r["id"] in seen:
                    add(index, "stale", "check.listed_twice", repairable=True, session=r["id"])
                    scan.twice = True
                seen.add(r["id"])
            if found.schema < SCHEMA_VERSION:
                scan.old_schema = True
                add(index, "note", "check.old_schema", repairable=True, schema=found.schema, current=SCHEMA_VERSION)
    except DamagedFile as e:
        scan.index_state = "damaged"
        add(index, "damaged", "check.damaged", reason=e.reason)
    except StoreError as e:  # from a newer scorekeeper, or not readable at all: not for restore to replace
        scan.index_state = "unreadable"
        scan.index_error = e
        add(index, "unreadable", "check.unreadable", cause=e)

    # every session, listed or on disk
    for sid in sorted(set(scan.rows) | set(files)):
        row = scan.rows.get(sid)
        path = files.get(sid) or store.session_path(sid)
        if sid not in files:
            if _deleted(store, sid):
                add(index, "stale", "check.deleted_listed", repairable=True, session=sid)
                scan.remove.append(sid)
            elif store.backups(path):
                add(path, "missing", "check.file_missing", session=sid)
            else:
                add(path, "missing", "check.file_missing_no_copy", session=sid)
            continue
        report.files += 1
        try:
            summary, record, derived = _replayed(store, path, sid, replay)
        except DamagedFile as e:
            if row is None and scan.index_state == "ok" and not store.backups(path):
                # unlisted, never kept, not a session: a stray file, which --repair moves aside
                report.files -= 1
                scan.strays.append(path)
                add(path, "stale", "check.not_session_file", repairable=True)
                continue
            add(path, "damaged", "check.damaged", reason=e.reason)
            continue
        except StoreError as e:
            add(path, "unreadable", "check.unreadable", cause=e)
            continue
        except StateError as e:
            if store.as_kept(path):  # exactly as scorekeeper wrote it: the variant changed, not the file
                add(path, "refused", "check.variant_refuses", session=sid, cause=e)
            else:
                add(path, "damaged", "check.session_refused", session=sid, cause=e)
            continue
        except VariantError as e:  # sound, waiting for its variant: nothing of it is touched (see Replay)
            add(path, "waiting", "check.waiting", cause=e)
            report.sessions += 1
            report.hands += row["hands"] if row is not None else 0
            scan.waiting.add(sid)  # nor its copies; its row, from what it stores, if the index is rebuilt
            stored, revision = store.read_session(path, sid)
            scan.waiting_rows[sid] = row or _stored_row(stored, revision)
            continue
        report.sessions += 1
        report.hands += summary["hands"]
        scan.good[sid] = summary
        changed = differing_hands(record)
        tampered = None if changed else _tampered(store, path, record, summary["revision"], row)
        if changed or tampered:  # changed behind the program's back: reported, never built on (no cache, no row)
            code, facts = _trail_finding(record, changed) if changed else tampered  # type: ignore[misc]
            add(path, "changed", code, repairable=True, **facts)
            scan.changed[sid] = (path, record, derived, changed)
            continue
        if record.get("title") is not None and _CONTROL.search(record["title"]):
            add(path, "text", "check.title_control", session=sid)
        if cache_is_wrong(record, derived):
            add(path, "stale", "check.cache_wrong", repairable=True, session=sid)
            record["derived"] = derived
            scan.recache.append((record, summary))
        if scan.index_state in ("damaged", "unreadable"):
            continue
        if row is None:
            if scan.index_state == "ok":
                add(path, "stale", "check.not_listed", repairable=True, session=sid)
            scan.upserts.append(summary)
            continue
        differ = [k for k in SUMMARY_FIELDS if row.get(k) != summary.get(k)]
        if differ:
            add(index, "stale", "check.stale_row", repairable=True, session=sid,
                differences=[StoreError("check.differs", key=k, listed=row.get(k), filed=summary.get(k))
                             for k in differ])
        elif row.get("revision") != summary["revision"]:
            add(index, "stale", "check.stale_revision", repairable=True, session=sid, listed=row.get("revision"),
                filed=summary["revision"])
        if differ or row.get("revision") != summary["revision"]:
            scan.upserts.append({**summary, "updated": row.get("updated", summary["updated"])})

    if scan.index_state == "ok" and scan.current is not None:
        listed = (set(scan.rows) | {r["id"] for r in scan.upserts}) - set(scan.remove)
        if scan.current not in listed:
            add(index, "stale", "check.no_current", repairable=True, current=scan.current)
            scan.drop_current = True

    linked = store.linked_backups()
    if linked is not None:
        add(linked, "note", "check.backups_linked")
    # the kept copies: one that cannot be read could not be put back (--repair sets it aside)
    for path in [store.index_path] + [store.session_path(i) for i in store.backed_up_sessions()
                                      if i not in scan.waiting]:
        for b in store.backups(path):
            try:
                if path == store.index_path:
                    store.read_index(b.path)
                else:
                    store.read_session(b.path, path.stem)
            except DamagedFile as e:
                add(b.path, "stale", "check.copy_damaged", repairable=True, reason=e.reason)
                scan.bad_copies.append(b.path)
            except StoreError as e:
                add(b.path, "stale", "check.copy_unreadable", repairable=True, cause=e)
                scan.bad_copies.append(b.path)
    scan.leftovers = store.leftovers()
    if scan.leftovers:
        add(", ".join(_rel(store, p) for p in scan.leftovers), "note", "check.leftovers", repairable=True)
    return scan


def check(store: Store, repair: bool = False, *, replay: Replay) -> CheckReport:
    """Check every file of the database; with ``repair``, fix what can be fixed
    from the session files (under the lock, one write of the index). Never
    writes without ``repair``, and never over a damaged file. ``replay``: see
    :data:`Replay` (the application passes its own).

    Raises :class:`StoreError` when the database path is a file, not a directory,
    and ``store.folder_unreadable`` for a folder it may not open.
    """
    try:
        return _check(store, repair, replay)
    except OSError as e:
        raise StoreError("store.folder_unreadable", path=e.filename or store.root,
                         strerror=e.strerror or str(e)) from None


def rebuilt_current(rows: list[dict]) -> str | None:
    """The session an index rebuilt from the session files makes current: the game in play begun
    last (a lost index no longer says which one was current, and the table's game is most likely
    the newest still going); None when every game is finished. ``rows``: index rows."""
    in_play = [r for r in rows if not r.get("finished")]
    return max(in_play, key=lambda r: (str(r.get("created") or ""), r["id"]))["id"] if in_play else None


def _check(store: Store, repair: bool, replay: Replay) -> CheckReport:
    if store.root.exists() and not store.root.is_dir():
        raise StoreError("store.path_is_file", path=store.root)
    if not repair or not store.root.is_dir():
        return _scan(store, replay).report
    before = _scan(store, replay)  # as found, before the lock finishes any schema upgrade
    with store.writing("db check --repair", finishing=True):  # also finishes a pending schema upgrade
        first = _scan(store, replay)
        trail = _put_back_trail(store, first, replay)
        if any(repaired for _c, _f, repaired in trail.values()):
            first = _scan(store, replay)
            put_back = {sid for sid, (_c, _f, repaired) in trail.items() if repaired}
            # its row follows the file put back (a new revision): that is this repair's doing, not a finding
            first.report.findings = [f for f in first.report.findings if not (
                f.facts.get("session") in put_back and f.code in ("check.stale_row", "check.stale_revision"))]
        if first.index_state == "missing" and (first.good or first.waiting_rows):
            rows = list(first.good.values()) + list(first.waiting_rows.values())
            store.write_index_rows(rows, rebuilt_current(rows))
        elif first.index_state == "ok" and (first.upserts or first.remove or first.drop_current or first.twice):
            store.put_rows(first.upserts, first.remove, None if first.drop_current else KEEP)
        if first.recache and first.index_state == "ok":
            store.save_many(first.recache)
        for p in first.leftovers:  # in the same commit as the rest
            store.remove(store.rel(p))
        for p in first.strays:  # never deleted: moved where `db restore` keeps what it replaced
            store.set_aside(p)
        for p in first.bad_copies:  # never deleted either: a copy no one can read, kept for people
            store.set_aside(p, f"{p.parent.name}-copy-{p.name}")
        if first.club_aside is not None:  # a damaged club file: kept, out of the way
            store.set_aside(first.club_aside)
        after = _scan(store, replay)
    key = lambda f: (f.file, f.problem)  # noqa: E731
    still = {key(f) for f in after.report.findings}
    findings: list[Finding] = []
    for f in before.report.findings + first.report.findings + after.report.findings:
        if key(f) in {key(g) for g in findings}:
            continue
        f.repaired = f.repairable and key(f) not in still
        findings.append(f)
    for f in findings:  # what was done about a session changed against its audit trail
        if f.kind == "changed" and f.facts.get("session") in trail:
            f.code, f.facts, f.repaired = trail[f.facts["session"]]
    report = after.report
    report.findings = findings
    return report


# -- restoring --------------------------------------------------------------------

@dataclass
class RestoreReport:
    """What :func:`restore` did: ``done`` and ``undone`` as ``(code, facts)``;
    :attr:`restored` and :attr:`failed` are their sentences (for files it could not
    bring back, ``failed``)."""

    root: Path
    done: list[tuple[str, dict]] = field(default_factory=list)
    undone: list[tuple[str, dict]] = field(default_factory=list)

    @property
    def restored(self) -> list[str]:
        return [render(code, facts) for code, facts in self.done]

    @property
    def failed(self) -> list[str]:
        return [render(code, facts) for code, facts in self.undone]

    @property
    def ok(self) -> bool:
        return not self.undone

    def as_json(self) -> dict:
        return {"database": str(self.root), "ok": self.ok, "restored": self.restored, "failed": self.failed}


def good_index_backup(store: Store) -> Backup | None:
    """The newest kept copy of the index that reads well."""
    for b in store.backups(store.index_path):
        try:
            if store.read_index(b.path) is None:
                continue
        except ScorekeeperError:
            continue
        return b
    return None


def good_session_backup(store: Store, session_id: str, replay: Replay) -> Backup | None:
    """The newest kept copy of a session file that reads well and whose hands replay."""
    for b in store.backups(store.session_path(session_id)):
        try:
            replay_summary(store, b.path, session_id, replay)
        except ScorekeeperError:
            continue
        return b
    return None


def list_backups(store: Store, session: str | None = None) -> list[dict]:
    """Every kept copy (of one session, with ``session``), newest first per file:
    ``[{"file", "backup", "saved", "good", "deleted"}]``. "good" means it reads
    well (hands are replayed only by `restore`)."""
    paths = [store.index_path] if session is None else []
    ids = store.backed_up_sessions() if session is None else [_backup_id(store, session)]
    paths += [store.session_path(i) for i in ids]
    out = []
    for path in paths:
        for b in store.backups(path):
            try:
                if path == store.index_path:
                    good = store.read_index(b.path) is not None
                else:
                    store.read_session(b.path, path.stem)
                    good = True
            except ScorekeeperError:
                good = False
            out.append({"file": _rel(store, path), "backup": _rel(store, b.path), "saved": b.saved, "good": good,
                        "deleted": b.deleted})
    return out


def _backup_id(store: Store, prefix: str) -> str:
    """A session id from a prefix, among the sessions listed, on disk or backed up."""
    ids = set(store.backed_up_sessions()) | {p.stem for p in store.session_files()}
    try:
        ids |= {r["id"] for r in store.summaries()}
    except ScorekeeperError:
        pass
    return match_id(prefix, sorted(ids), StateError("restore.no_such_id", prefix=prefix))


def _entries_of(store: Store, path: Path, session_id: str) -> list | None:
    """The hand entries a session file (or copy) holds now, or None when it cannot be read."""
    try:
        record, _revision = store.read_session(path, session_id)
    except ScorekeeperError:
        return None
    return [h.get("entry") for h in record["hands"]]


def _lost(session_id: str, copy: list, now: list | None, listed: int | None) -> list[StoreError]:
    """What a copy holding the entries ``copy`` lacks against the session as it is now:
    its entries ``now`` (None: the file cannot be read, then only the ``listed`` count of
    hands of its index row can say). Each loss is a :class:`StoreError` whose sentence is a
    noun phrase (``2 hands of session 3f9a (4, 5)``)."""
    out = []
    count = len(now) if now is not None else listed or 0
    lacks = list(range(len(copy) + 1, count + 1))
    if lacks:
        out.append(StoreError("restore.lacks", session=session_id, count=len(lacks), hands=lacks))
    if now is not None:
        other = [n for n in range(1, min(len(copy), len(now)) + 1) if copy[n - 1] != now[n - 1]]
        if other:
            out.append(StoreError("restore.other_version", session=session_id, count=len(other), hands=other))
    return out


def _waiting_variant(store: Store, session_id: str, replay: Replay) -> str | None:
    """The variant a session needs and cannot load here (its file, else its newest copy, scored
    to tell), or None."""
    path = store.session_path(session_id)
    for where in [path] + [b.path for b in store.backups(path)][:1]:
        try:
            record, _revision = store.read_session(where, session_id)
            replay(record)
        except VariantError:
            return str(record["variant"])
        except ScorekeeperError:
            continue
        return None
    return None


def restore_losses(store: Store, session: str | None = None, *, replay: Replay) -> list[StoreError]:
    """See :func:`_restore_losses`; a folder it may not read is one sentence."""
    try:
        return _restore_losses(store, session, replay=replay)
    except OSError as e:
        raise StoreError("store.folder_unreadable", path=e.filename or store.root,
                         strerror=e.strerror or str(e)) from None


def _restore_losses(store: Store, session: str | None = None, *, replay: Replay) -> list[StoreError]:
    """What :func:`restore` (with the same ``session``) would lose if run now: for each session
    file it would put back, the hands the copy lacks and the hands it holds in another
    version (see :func:`_lost`), as errors whose sentences are noun phrases; ``[]``: nothing.
    Reads only. Raises what :func:`restore` raises for an unknown session or database."""
    if not store.root.is_dir():
        raise StoreError("restore.no_database", path=store.root)
    losses: list[StoreError] = []
    scan = _scan(store, replay)
    planned: list[str] = []
    if session is not None:
        sid = _backup_id(store, session)
        planned.append(sid)
    planned += [Path(f.file).stem for f in scan.report.findings
                if f.kind in ("damaged", "missing") and f.file.startswith("sessions/")]
    for sid, (_path, record, _derived, _changed) in scan.changed.items():  # put back what was last written
        found = _truth_copy(store, sid, record, scan.good[sid]["revision"], scan.rows.get(sid), replay)
        if found is not None and sid not in planned:
            losses += _lost(sid, [h.get("entry") for h in found[1]["hands"]],
                            [h.get("entry") for h in record["hands"]], None)
    for sid in dict.fromkeys(planned):
        b = good_session_backup(store, sid, replay)
        if b is None:
            continue
        copy = _entries_of(store, b.path, sid) or []
        path = store.session_path(sid)
        row = scan.rows.get(sid)
        listed = row.get("hands") if row else None
        if sid in scan.good:  # a file that reads and replays: every hand of it counts
            losses += _lost(sid, copy, _entries_of(store, path, sid), listed)
        else:  # damaged or missing: what it held is told by the hands it still shows, or its row
            held = _entries_of(store, path, sid) if path.exists() else None
            losses += _lost(sid, copy, None, max(len(held or ()), listed or 0))
    return losses


def restore(store: Store, session: str | None = None, *, replay: Replay,
            expect: list[str] | None = None) -> RestoreReport:
    """See :func:`_restore`; a folder it may not read is one sentence (``store.folder_unreadable``)."""
    try:
        return _restore(store, session, replay=replay, expect=expect)
    except OSError as e:
        raise StoreError("store.folder_unreadable", path=e.filename or store.root,
                         strerror=e.strerror or str(e)) from None


def _restore(store: Store, session: str | None = None, *, replay: Replay,
             expect: list[str] | None = None) -> RestoreReport:
    """Put back the newest good copy of every damaged or missing file (or, with
    ``session``, of that session's file, whatever its state), then bring the
    index in line with the session files. Replaced files are moved to
    ``backups/set-aside/``. What the copies lack against the files now is said
    first (:func:`restore_losses`). With ``expect`` (the sentences of the losses a
    person agreed to), nothing is done unless the losses under the lock are still
    exactly those. ``replay``: see :data:`Replay`. Raises :class:`StateError` for an
    unknown session or losses that changed meanwhile (``restore.changed``), and
    :class:`StoreError` when the database does not exist."""
    report = RestoreReport(store.root)
    done = report.done.append
    if not store.root.is_dir():
        raise StoreError("restore.no_database", path=store.root)
    with store.writing("db restore", finishing=True):
        if store.finished is not None:
            done(("restore.finished", {"command": store.finished.command or ""}))
        if session is not None:
            sid = _backup_id(store, session)
            waiting = _waiting_variant(store, sid, replay)
            if waiting is not None:
                raise StoreError("restore.waiting", session=sid, variant=waiting)
        losses = _restore_losses(store, session, replay=replay)
        if expect is not None and [e.message for e in losses] != list(expect):
            raise StateError("restore.changed")
        if losses:
            done(("restore.lost", {"losses": losses}))
        if session is not None:
            sid = _backup_id(store, session)
            b = good_session_backup(store, sid, replay)
            if b is None:
                raise StoreError("restore.no_good_copy", session=sid)
            if _same(b.path, store.session_path(sid)):
                done(("restore.already", {"session": sid, "saved": b.saved}))
            else:
                store.put_back(b)
                done(("restore.put_back", {"file": f"sessions/{sid}.json", "saved": b.saved}))
        first = _scan(store, replay)
        if first.index_state == "unreadable":
            assert first.index_error is not None
            raise first.index_error
        if first.index_state == "damaged" or (first.index_state == "missing" and
                                              (store.session_files() or store.backups(store.index_path))):
            b = good_index_backup(store)
            if b is not None:
                store.put_back(b)
                done(("restore.put_back", {"file": "index.json", "saved": b.saved}))
            elif first.index_state == "damaged":
                store.set_aside(store.index_path)
                done(("restore.index_rebuilt_no_copy", {}))
        # damaged or missing session files
        scan = _scan(store, replay)
        for f in scan.report.findings:
            if f.kind not in ("damaged", "missing") or not f.file.startswith("sessions/"):
                continue
            sid = Path(f.file).stem
            b = good_session_backup(store, sid, replay)
            if b is None:
                report.undone.append(("restore.failed", {"file": f.file, "cause": f.error}))
                continue
            store.put_back(b)
            done(("restore.put_back", {"file": f.file, "saved": b.saved}))
        # sessions changed against their audit trail: the last copy that agrees with it
        for code, facts, repaired in _put_back_trail(store, _scan(store, replay), replay).values():
            (done if repaired else report.undone.append)((code, facts))
        # the index in line with the session files
        scan = _scan(store, replay)
        if scan.index_state == "missing":
            if scan.good or scan.waiting_rows:
                rows = list(scan.good.values()) + list(scan.waiting_rows.values())
                store.write_index_rows(rows, rebuilt_current(rows))
                if not any(facts.get("file") == "index.json" or code.startswith("restore.index")
                           for code, facts in report.done):
                    done(("restore.index_rebuilt", {}))
        elif scan.index_state == "ok":
            if scan.upserts or scan.remove or scan.drop_current:
                store.put_rows(scan.upserts, scan.remove, None if scan.drop_current else KEEP)
                put_back = {Path(facts["file"]).stem for code, facts in report.done if code == "restore.put_back"}
                put_back |= {facts["session"] for code, facts in report.done if code.startswith("check.trail_put")}
                for r in scan.upserts:
                    if r["id"] not in put_back:  # a session put back gets its row with it: said once
                        done(("restore.row_rebuilt", {"session": r["id"]}))
                for sid_ in scan.remove:
                    done(("restore.unlisted", {"session": sid_}))
        for p in scan.leftovers:  # in the same commit as the rest
            store.remove(store.rel(p))
    return report


def _same(a: Path, b: Path) -> bool:
    """Whether two files hold the same bytes (a missing file holds none)."""
    from scorekeeper.storage.files import read_bytes

    try:
        return read_bytes(a) == read_bytes(b)
    except ScorekeeperError:  # a link, a special file, unreadable: not the same
        return False
