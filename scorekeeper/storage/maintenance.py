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

from dataclasses import dataclass, field
from pathlib import Path

from scorekeeper.core.errors import ScorekeeperError, StateError, StoreError
from scorekeeper.app.scoreboard import cache_is_wrong, derive
from scorekeeper.storage.store import (KEEP, SCHEMA_VERSION, SESSION_ID, Backup, DamagedFile, Store, check_index, match_id,
                               check_session, read_json, schema_of, upgrade)

#: The summary fields a session file decides (``updated`` and ``revision`` are bookkeeping).
SUMMARY_FIELDS = ("variant", "title", "players", "hands", "finished", "winners", "created")


@dataclass
class Finding:
    """One thing `db check` found: the ``file`` it concerns, a ``problem`` sentence,
    its ``kind`` ("damaged": a file cannot be used and `db restore` can put back a
    good copy; "unreadable": a file from a newer scorekeeper, or one that cannot be
    opened, which nothing replaces; "missing"; "stale": the index disagrees with a
    session file; "note": nothing is wrong but something is worth knowing), whether
    ``--repair`` can fix it and whether it did."""

    file: str
    problem: str
    kind: str
    repairable: bool = False
    repaired: bool = False

    @property
    def wrong(self) -> bool:
        """Whether this still needs attention (notes never do)."""
        return self.kind != "note" and not self.repaired

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
    index_state: str = "ok"  # ok | missing | damaged | none
    current: str | None = None
    rows: dict[str, dict] = field(default_factory=dict)
    upserts: list[dict] = field(default_factory=list)
    remove: list[str] = field(default_factory=list)
    drop_current: bool = False
    old_schema: bool = False
    leftovers: list[Path] = field(default_factory=list)
    good: dict[str, dict] = field(default_factory=dict)  # id -> summary rebuilt from its session file
    recache: list[tuple] = field(default_factory=list)  # (record, state) whose cache of derived numbers is wrong


def _rel(store: Store, path: Path) -> str:
    try:
        return str(path.relative_to(store.root))
    except ValueError:
        return str(path)


def replay_summary(store: Store, path: Path, session_id: str) -> dict:
    """The summary row a session file gives (its record replayed through the core).

    Raises :class:`DamagedFile` / :class:`StoreError` for a file that cannot be
    read, and :class:`StateError` naming the hand for hands that no longer score.
    """
    return _replayed(store, path, session_id)[0]


def _replayed(store: Store, path: Path, session_id: str):
    """``(summary row, record, state)`` of a session file, as :func:`replay_summary` reads it."""
    from scorekeeper.core.game import replay
    from scorekeeper.app.sessions import entries_of, setup_of, summary_of

    record, revision = store.read_session(path, session_id)
    try:
        setup = setup_of(record)
        state = replay(setup, entries_of(record))
    except ScorekeeperError as e:
        raise StateError(f"its hands no longer score: {e.message}") from None
    except (KeyError, ValueError, TypeError) as e:
        raise StateError(f"its setup cannot be read ({type(e).__name__}: {e})") from None
    row = summary_of(record, state)
    row["revision"] = revision
    return row, record, state


def _deleted(store: Store, session_id: str) -> bool:
    """Whether the newest kept copy of a session is the one `delete` made."""
    backups = store.backups(store.session_path(session_id))
    return bool(backups) and backups[0].deleted


def _scan(store: Store) -> _Scan:
    report = CheckReport(store.root, store.root.is_dir())
    scan = _Scan(report)
    if not report.exists:
        scan.index_state = "none"
        return scan
    add = report.findings.append
    files = {p.stem: p for p in store.session_files()}
    for name, p in list(files.items()):
        if not SESSION_ID.fullmatch(name):
            add(Finding(_rel(store, p), "this file is not a session file of scorekeeper and was left alone", "note"))
            del files[name]

    # the index
    index = store.index_path
    try:
        data = read_json(index)
        if data is None:
            scan.index_state = "missing"
            if files:
                add(Finding(_rel(store, index), f"the index is missing while {len(files)} session file(s) exist: "
                            "`scorekeeper db restore` puts back its last good copy, or --repair rebuilds it "
                            "from the session files", "missing", repairable=True))
        else:
            report.files += 1
            schema = schema_of(data)
            report.schema = schema
            upgrade("index", data, index)
            check_index(data, index)
            meta = data["_meta"]["1"]
            scan.current = meta.get("current")
            scan.rows = {r["id"]: r for r in data["sessions"].values()}
            if schema < SCHEMA_VERSION:
                scan.old_schema = True
                add(Finding(_rel(store, index), f"the database has schema {schema}; the next command that changes "
                            f"it (or --repair) upgrades it to {SCHEMA_VERSION}", "note", repairable=True))
    except DamagedFile as e:
        scan.index_state = "damaged"
        add(Finding(_rel(store, index), f"damaged ({e.reason}): `scorekeeper db restore` puts back its last "
                    "good copy", "damaged"))
    except StoreError as e:  # from a newer scorekeeper, or not readable at all: not for restore to replace
        scan.index_state = "unreadable"
        add(Finding(_rel(store, index), e.message, "unreadable"))

    # every session, listed or on disk
    for sid in sorted(set(scan.rows) | set(files)):
        row = scan.rows.get(sid)
        path = files.get(sid) or store.session_path(sid)
        where = _rel(store, path)
        if sid not in files:
            if _deleted(store, sid):
                add(Finding(_rel(store, index), f"session {sid} was deleted but the index still lists it",
                            "stale", repairable=True))
                scan.remove.append(sid)
            else:
                has = bool(store.backups(path))
                add(Finding(where, f"the index lists session {sid} but its file is missing"
                            + (f": `scorekeeper db restore --session {sid}` puts back its last good copy" if has
                               else " and no copy of it is kept"), "missing"))
            continue
        report.files += 1
        try:
            summary, record, state = _replayed(store, path, sid)
        except DamagedFile as e:
            add(Finding(where, f"damaged ({e.reason}): `scorekeeper db restore` puts back its last good copy",
                        "damaged"))
            continue
        except StoreError as e:
            add(Finding(where, e.message, "unreadable"))
            continue
        except StateError as e:
            add(Finding(where, f"session {sid}: {e.message}; `scorekeeper db restore --session {sid}` puts "
                        "back its last good copy", "damaged"))
            continue
        report.sessions += 1
        report.hands += summary["hands"]
        scan.good[sid] = summary
        if cache_is_wrong(record, state):
            add(Finding(where, f"session {sid}: the numbers kept with its hands disagree with replaying them; "
                        "--repair derives them again", "stale", repairable=True))
            scan.recache.append((record, state))
        if scan.index_state in ("damaged", "unreadable"):
            continue
        if row is None:
            if scan.index_state == "ok":
                add(Finding(where, f"session {sid} is not listed in the index", "stale", repairable=True))
            scan.upserts.append(summary)
            continue
        differ = [k for k in SUMMARY_FIELDS if row.get(k) != summary.get(k)]
        if differ or row.get("revision") != summary["revision"]:
            what = ", ".join(f"{k} {row.get(k)!r} where the session file says {summary.get(k)!r}"
                             for k in differ) or (f"revision {row.get('revision')} where the session file is at "
                                                  f"revision {summary['revision']}")
            add(Finding(_rel(store, index), f"the row of session {sid} is stale: {what}", "stale",
                        repairable=True))
            scan.upserts.append({**summary, "updated": row.get("updated", summary["updated"])})

    if scan.index_state == "ok" and scan.current is not None:
        listed = (set(scan.rows) | {r["id"] for r in scan.upserts}) - set(scan.remove)
        if scan.current not in listed:
            add(Finding(_rel(store, index), f"the current session {scan.current} does not exist", "stale",
                        repairable=True))
            scan.drop_current = True

    scan.leftovers = store.leftovers()
    if scan.leftovers:
        add(Finding(", ".join(_rel(store, p) for p in scan.leftovers),
                    "temporary files left by a command that was stopped while writing (the database files are "
                    "whole); --repair removes them", "note", repairable=True))
    return scan


def check(store: Store, repair: bool = False) -> CheckReport:
    """Check every file of the database; with ``repair``, fix what can be fixed
    from the session files (under the lock, one write of the index). Never
    writes without ``repair``, and never over a damaged file.

    Raises :class:`StoreError` when the database path is a file, not a directory.
    """
    if store.root.exists() and not store.root.is_dir():
        raise StoreError(f"The database path {store.root} is a file, not a directory.")
    if not repair or not store.root.is_dir():
        return _scan(store).report
    before = _scan(store)  # as found, before the lock finishes any schema upgrade
    with store.writing():
        store.take_lock()  # also finishes a pending schema upgrade
        first = _scan(store)
        if first.index_state == "missing" and first.good:
            store.write_index_rows(list(first.good.values()), None)
        elif first.index_state == "ok" and (first.upserts or first.remove or first.drop_current):
            store.put_rows(first.upserts, first.remove, None if first.drop_current else KEEP)
        if first.recache and first.index_state == "ok":
            from scorekeeper.app.sessions import summary_of

            for record, state in first.recache:
                record["derived"] = derive(state)
            store.save_many([(r, summary_of(r, s)) for r, s in first.recache])
        for p in first.leftovers:
            try:
                p.unlink()
            except FileNotFoundError:
                pass
        after = _scan(store)
    key = lambda f: (f.file, f.problem)  # noqa: E731
    still = {key(f) for f in after.report.findings}
    findings: list[Finding] = []
    for f in before.report.findings + first.report.findings + after.report.findings:
        if key(f) in {key(g) for g in findings}:
            continue
        f.repaired = f.repairable and key(f) not in still
        findings.append(f)
    report = after.report
    report.findings = findings
    return report


# -- restoring --------------------------------------------------------------------

@dataclass
class RestoreReport:
    """What :func:`restore` did: ``restored`` sentences, and ``failed`` ones for
    files it could not bring back."""

    root: Path
    restored: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failed

    def as_json(self) -> dict:
        return {"database": str(self.root), "ok": self.ok, "restored": self.restored, "failed": self.failed}


def good_index_backup(store: Store) -> Backup | None:
    """The newest kept copy of the index that reads well."""
    for b in store.backups(store.index_path):
        try:
            data = read_json(b.path)
            if data is None:
                continue
            upgrade("index", data, b.path)
            check_index(data, b.path)
        except ScorekeeperError:
            continue
        return b
    return None


def good_session_backup(store: Store, session_id: str) -> Backup | None:
    """The newest kept copy of a session file that reads well and whose hands replay."""
    for b in store.backups(store.session_path(session_id)):
        try:
            data = read_json(b.path)
            if data is None:
                continue
            upgrade("session", data, b.path)
            check_session(data, b.path, session_id)
            replay_summary(store, b.path, session_id)
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
                data = read_json(b.path)
                good = data is not None
                if good:
                    kind = "index" if path == store.index_path else "session"
                    upgrade(kind, data, b.path)
                    if kind == "index":
                        check_index(data, b.path)
                    else:
                        check_session(data, b.path, path.stem)
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
    return match_id(prefix, ids, f'No session, kept copy or deleted session has an id starting with "{prefix}".')


def restore(store: Store, session: str | None = None) -> RestoreReport:
    """Put back the newest good copy of every damaged or missing file (or, with
    ``session``, of that session's file, whatever its state), then bring the
    index in line with the session files. Replaced files are moved to
    ``backups/set-aside/``. Raises :class:`StateError` for an unknown session
    and :class:`StoreError` when the database does not exist."""
    report = RestoreReport(store.root)
    if not store.root.is_dir():
        raise StoreError(f"There is no database at {store.root}: nothing to restore.")
    with store.writing():
        store.take_lock()
        if session is not None:
            sid = _backup_id(store, session)
            b = good_session_backup(store, sid)
            if b is None:
                raise StoreError(f"No good copy of session {sid} is kept, so it cannot be put back.")
            if _same(b.path, store.session_path(sid)):
                report.restored.append(f"sessions/{sid}.json already holds its newest kept copy (saved at "
                                       f"{b.saved}): nothing to put back.")
            else:
                store.put_back(b)
                report.restored.append(f"sessions/{sid}.json: put back as saved at {b.saved}.")
        first = _scan(store)
        if first.index_state == "unreadable":
            (finding,) = [f for f in first.report.findings if f.kind == "unreadable" and f.file == "index.json"]
            raise StoreError(finding.problem)
        if first.index_state == "damaged" or (first.index_state == "missing" and
                                              (store.session_files() or store.backups(store.index_path))):
            b = good_index_backup(store)
            if b is not None:
                store.put_back(b)
                report.restored.append(f"index.json: put back as saved at {b.saved}.")
            elif first.index_state == "damaged":
                store.set_aside(store.index_path)
                report.restored.append("index.json: no good copy was kept; rebuilt from the session files.")
        # damaged or missing session files
        scan = _scan(store)
        for f in scan.report.findings:
            if f.kind not in ("damaged", "missing") or not f.file.startswith("sessions/"):
                continue
            sid = Path(f.file).stem
            b = good_session_backup(store, sid)
            if b is None:
                report.failed.append(f"{f.file}: {f.problem}; no good copy of it is kept.")
                continue
            store.put_back(b)
            report.restored.append(f"{f.file}: put back as saved at {b.saved}.")
        # the index in line with the session files
        scan = _scan(store)
        if scan.index_state == "missing":
            if scan.good:
                store.write_index_rows(list(scan.good.values()), None)
                if not any(r.startswith("index.json") for r in report.restored):
                    report.restored.append("index.json: rebuilt from the session files.")
        elif scan.index_state == "ok":
            if scan.upserts or scan.remove or scan.drop_current:
                store.put_rows(scan.upserts, scan.remove, None if scan.drop_current else KEEP)
                for r in scan.upserts:
                    report.restored.append(f"index.json: the row of session {r['id']} rebuilt from its file.")
                for sid_ in scan.remove:
                    report.restored.append(f"index.json: deleted session {sid_} no longer listed.")
        for p in scan.leftovers:
            try:
                p.unlink()
            except FileNotFoundError:
                pass
    return report


def _same(a: Path, b: Path) -> bool:
    """Whether two files hold the same bytes (a missing file holds none)."""
    try:
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False
