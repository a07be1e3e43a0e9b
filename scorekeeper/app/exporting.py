"""Sharing results: the JSON export (and reading it back), CSV rows and Markdown (SPEC §5).

Three formats, built from stored session records:

- **JSON** — everything, as stored: each session's setup, rules, the hands as
  entered, what undo took, and the audit trail, inside
  ``{"format": "scorekeeper-export", "schema": 1, "exported": TIME, "sessions": [...]}``.
  :func:`read_import` reads such a file back and checks every session by
  replaying its hands through the core before anything is stored.
- **CSV** — one row per player per hand, for spreadsheets. Text cells that a
  spreadsheet would take for a formula (starting ``=``, ``+``, ``-``, ``@``,
  tab or CR) get a leading ``'``; score cells stay plain numbers.
- **Markdown** — to paste in a chat: title, date, variant and rule options,
  the standings with the winner, and the hand-by-hand table, with names
  escaped so nothing in them is read as Markdown.

Nothing here prints or writes files; the ``export`` and ``import`` commands do.
Reading sessions goes through the store's public methods only.
"""
from __future__ import annotations

import csv
import gc
import io
import json
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from scorekeeper.core.errors import InputError, ScorekeeperError, StateError, StoreError, VariantError
from scorekeeper.core.game import check_text
from scorekeeper.core.phrase import phrase
from scorekeeper.app import report
from scorekeeper.app.progress import counted
from scorekeeper.app.games import Loaded, game_of, scored, summary_of, trail_refusal
from scorekeeper.app.scorer import SetupRefused
from scorekeeper.storage.trail import differing_hands, events_differ
from scorekeeper.app.scoreboard import derive
from scorekeeper.storage.schema import validate_session
from scorekeeper.storage.store import KEEP, LAST, atomic_write_text, now

#: The version of the export document; :func:`read_import` refuses newer ones.
EXPORT_SCHEMA = 1
#: What the ``format`` key of an export document says.
EXPORT_FORMAT = "scorekeeper-export"
#: The export formats, and the file extensions that imply them.
FORMATS = ("json", "csv", "md")
EXTENSIONS = {".json": "json", ".csv": "csv", ".md": "md", ".markdown": "md"}

#: The columns of the CSV export, in order.
CSV_COLUMNS = ("session", "date", "title", "variant", "hand", "player", "hand_score", "running_total",
               "bonus", "finished", "winner")



# -- reading sessions ----------------------------------------------------------

def each_record(store, session_ids: Iterable[str]) -> Iterator[dict]:
    """The stored records of ``session_ids``, in that order, one at a time: each session
    file is read (once) when the next record is asked for, so a caller that handles each record and lets it go
    never holds more than one (`export --all` of a thousand sessions holding them all
    at once: about 100 ms more, in allocating and freeing memory).

    Raises :class:`~scorekeeper.core.errors.StoreError` for a missing or damaged file.
    """
    for sid in session_ids:
        yield store.load(sid)


def game(store, record: dict, row: dict | None = None) -> Loaded:
    """A stored record of ``store`` as a game: its numbers from its cache when fresh and written
    with its index ``row``, else scored (:func:`scorekeeper.app.games.game_of`: a session whose
    variant is not installed from the numbers it stored); a record the rules refuse is a damaged
    database (:func:`scorekeeper.app.games.damaged`, exit 1); a session whose variant fails to
    load raises its :class:`VariantError`; other errors name the session."""
    from scorekeeper.app.games import damaged

    try:
        return game_of(record, row=row)
    except SetupRefused as e:
        raise e.damaged(store.session_path(record["id"])) from None
    except (InputError, StateError) as e:
        raise damaged(store, record["id"], e) from None
    except VariantError:
        raise
    except ScorekeeperError as e:
        raise type(e)("session.refused", session=record["id"], cause=e) from None


def each_game(store, session_ids: Iterable[str], notices: list[str] | None = None) -> Iterator[Loaded]:
    """:func:`game` of each of ``session_ids``, in that order, one at a time (see :func:`each_record`).
    One session whose variant fails to load never stops the others (SPEC §8): it is read from the
    numbers it stored (:func:`scorekeeper.app.games.kept_game`), and left out when it stored none.
    ``notices``, when given, gets the sentence of each session shown with the numbers it stored
    (:func:`scorekeeper.app.report.kept_json`) or left out."""
    from scorekeeper.app.games import kept_game

    rows = {s["id"]: s for s in store.summaries()}
    for r in each_record(store, session_ids):
        try:
            loaded = game(store, r, rows.get(r["id"]))
        except VariantError as e:
            try:
                loaded = kept_game(r, e)
            except VariantError as none_stored:
                if notices is not None:
                    notices.append(none_stored.message)
                continue
        if notices is not None and loaded.kept is not None:
            notices += report.kept_json(loaded)["notices"]
        yield loaded


def each_sound_record(store, session_ids: Iterable[str]) -> Iterator[dict]:
    """:func:`each_record`, each record checked as every reader of a session checks it
    (:func:`game`): the JSON export copies records as stored, and never copies one whose
    hands the rules refuse. Raises :class:`~scorekeeper.core.errors.StoreError`
    (``session.rules_refuse``, as ``history`` and the CSV export do) for such a session. A
    session whose variant cannot be had here is sound (it waits for it): copied as stored."""
    from scorekeeper.app.games import from_cache

    rows = {s["id"]: s for s in store.summaries()}
    for r in each_record(store, session_ids):
        if from_cache(r, rows.get(r["id"])):  # its numbers are these rules' of these hands: sound
            yield r
            continue
        try:
            game(store, r, rows.get(r["id"]))
        except VariantError:
            pass
        yield r


def export_format(given: str | None, output: Path | None = None) -> str:
    """The export format: as given (``markdown`` is ``md``), else implied by the
    ``output`` file's extension, else json. Raises :class:`InputError` for
    anything but json, csv and md."""
    if given is None:
        if output is not None and output.suffix.lower() in (".html", ".htm"):
            raise InputError("export.html_needs_season")
        return EXTENSIONS.get(output.suffix.lower(), "json") if output is not None else "json"
    fmt = given.strip().lower()
    fmt = {"markdown": "md"}.get(fmt, fmt)
    if fmt in ("html", "htm"):  # the format of a season's standings (export --season NAME)
        raise InputError("export.html_needs_season")
    if fmt not in FORMATS:
        raise InputError("export.format", given=given)
    return fmt


def export(store, session: str | None = None, all_: bool = False, format_: str | None = None,
           output: Path | None = None, force: bool = False, progress: Any = None) -> dict:
    """The ``export`` command: ``{"format", "sessions": n, "output": path or None,
    "text": the export, or None once written to ``output``}``.

    One session (default: the current one) or every session (``all_``), in
    ``format_`` (:func:`export_format`). With ``output`` the text is written
    there atomically; an existing file needs ``force``. Raises
    :class:`InputError` for ``all_`` with a session, an empty database or an
    existing file, :class:`StoreError` for a file that cannot be written.
    ``progress(done, total)``, when given, is called as each session is written out.
    (A season's standings: :func:`scorekeeper.app.club_export.export_season`.)
    """
    if all_ and session is not None:
        raise InputError("export.session_and_all")
    if output is not None and str(output) == "-":
        output = None
    output = Path(output) if output is not None else None
    fmt = export_format(format_, output)
    if output is not None and output.is_dir():  # --force would not help: a folder is never replaced
        raise InputError("export.directory", path=output)
    if output is not None and not force and (output.exists() or output.is_symlink()):
        raise InputError("export.exists", path=output)
    if all_:
        ids = [s["id"] for s in store.summaries()]
        if not ids:
            raise InputError("export.empty")
    else:
        ids = [store.resolve(session)]
    stamp = now()
    # each session is read, written out and let go before the next is read (each_record)
    count = len(ids)
    notices: list[str] = []
    if fmt == "json":
        club = club_export(store, notices) if all_ else None
        text = export_json(counted(each_sound_record(store, ids), count, progress), stamp, club)
    elif fmt == "csv":
        text = export_csv(counted(each_game(store, ids, notices), count, progress))
    else:
        text = export_markdown(counted(each_game(store, ids, notices), count, progress), stamp, count)
    extra = {"notices": notices} if notices else {}
    if output is None:
        return {"format": fmt, "sessions": count, "output": None, "text": text, **extra}
    write_output(output, text, force)
    return {"format": fmt, "sessions": count, "output": str(output), "text": None, **extra}


def write_output(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` as the database writes its files: a temporary file beside it,
    checked to hold every byte, flushed, then renamed over the old one — a full disk is one
    sentence and exit 1, the old file as it was and no cut one. An existing file needs ``force``
    (:class:`InputError`, exit 2); a file that cannot be written is a :class:`StoreError` (exit 1).
    The file keeps the old one's permissions, or gets what a new file gets under the umask."""
    if not force and (path.exists() or path.is_symlink()):
        raise InputError("export.exists", path=path)
    try:
        mode = path.stat().st_mode & 0o777 if path.is_file() else None
    except OSError:
        mode = None
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        atomic_write_text(path, text, mode)
    except OSError as e:
        raise StoreError("export.unwritable", path=path, reason=e.strerror or str(e)) from None


def read_import_file(name: str | Path) -> bytes:
    """The bytes of the file to import: a regular file of at most :data:`MAX_IMPORT` bytes (a
    FIFO, a socket or a device is refused before a byte is read, never waited on). Raises
    :class:`InputError`."""
    from scorekeeper.storage.files import InputTrouble, read_input

    try:
        return read_input(Path(name), MAX_IMPORT)
    except InputTrouble as e:
        trouble = e
    if trouble.kind == "missing":
        raise InputError("import.no_file", path=name)
    if trouble.kind == "directory":
        raise InputError("import.directory", path=name)
    if trouble.kind == "special":
        raise InputError("import.special", path=name)
    if trouble.kind == "unreadable":
        raise InputError("import.unreadable", path=name, reason=trouble.facts["reason"])
    raise InputError("import.too_big", file=str(name), limit=MAX_IMPORT)


# -- JSON -------------------------------------------------------------------

def export_document(records: Iterable[dict], exported: str) -> dict:
    """The JSON export: ``{"format", "schema", "exported", "sessions": [record, ...]}``.

    Records are included as stored (see :mod:`scorekeeper.storage.store`) without the
    cache of derived numbers (``derived``): an export holds what was entered,
    and an import derives the numbers again (:func:`exported_record`).
    """
    sessions = [exported_record(r) for r in records]
    return {"format": EXPORT_FORMAT, "schema": EXPORT_SCHEMA, "exported": exported, "sessions": sessions}


def exported_record(record: dict) -> dict:
    """A stored record as the JSON export holds it: without its cache of derived numbers."""
    return {k: v for k, v in record.items() if k != "derived"}


def club_export(store, notices: list[str] | None = None) -> dict | None:
    """The club file (SPEC §9: the roster's renames and merges, the seasons, the evenings) as an
    export of every session carries it, or None when it holds nothing — or is damaged: then the
    export carries the sessions alone, and a notice added to ``notices`` says so."""
    from scorekeeper.core.messages import say
    from scorekeeper.storage import club as club_file
    from scorekeeper.storage.files import DamagedFile

    try:
        data = club_file.read(store)
    except DamagedFile as e:
        if notices is not None:
            notices.append(say("club.damaged.export", path=e.path, reason=e.reason))
        return None
    return data if any(data[k] for k in ("roster", "seasons", "evenings")) else None


def merge_club(store, club: dict, outcomes: Sequence[dict], label: str) -> bool:
    """Bring an export's club file into the database's (under the lock, staged in the import's commit):
    each rename or merge not already there (its sessions under the ids they were imported as; one
    already there and taken back in the export is taken back here too: an export made before a
    ``players undo`` never brings the change back), each season whose name is new, each evening not
    already there. Returns whether anything was added.
    Raises :class:`InputError` ``import.club`` for a club part that is not what a club file holds."""
    from scorekeeper.storage import club as club_file
    from scorekeeper.storage.files import DamagedFile

    try:
        club = club_file.check(json.loads(json.dumps(club)), Path(label))
    except DamagedFile:
        raise InputError("import.club", file=label) from None
    ids = {o["id"]: o["imported_as"] or o["id"] for o in outcomes}
    data = club_file.read(store)
    added = False

    def same(change: dict) -> dict:  # a change is the same one whether or not it was taken back since
        return {k: v for k, v in change.items() if k != "undone"}

    for change in club["roster"]:
        change = {**change, "sessions": [ids.get(sid, sid) for sid in change["sessions"]]}
        here = next((c for c in data["roster"] if same(c) == same(change)), None)
        if here is None:
            data["roster"].append(change)
            added = True
        elif change.get("undone") and not here.get("undone"):  # taken back where the export was made
            here["undone"] = change["undone"]
            added = True
    names = {s["name"] for s in data["seasons"]}
    for season in club["seasons"]:
        if season["name"] not in names:
            data["seasons"].append({**season, "added": [ids.get(i, i) for i in season.get("added", [])],
                                    "removed": [ids.get(i, i) for i in season.get("removed", [])]})
            added = True
    for evening in club["evenings"]:
        if not any(e["title"] == evening["title"] and e["created"] == evening["created"] for e in data["evenings"]):
            data["evenings"].append(evening)
            added = True
    if added:
        club_file.write(store, data)
    return added


def export_json(records: Iterable[dict], exported: str, club: dict | None = None) -> str:
    """:func:`export_document` as text: the header keys one per line, then one
    session per line (compact, UTF-8 kept as is), so even a thousand sessions
    are written in a fraction of a second and a diff shows which sessions changed.
    ``records`` are taken one at a time (see :func:`each_record`)."""
    head = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},"
            for k, v in export_document((), exported).items() if k != "sessions"]
    if club is not None:
        head.append(f"  \"club\": {json.dumps(club, ensure_ascii=False)},")
    # check_circular=False: a stored record is JSON, it holds no cycle (and checking costs a sixth of the time)
    body = ",\n".join("    " + json.dumps(exported_record(r), ensure_ascii=False, separators=(", ", ": "),
                                           check_circular=False) for r in records)
    return "{\n" + "\n".join(head) + '\n  "sessions": [\n' + body + ("\n" if body else "") + "  ]\n}\n"


#: the largest export :func:`read_import` reads (bytes): a club's seasons are a few megabytes
MAX_IMPORT = 64 * 1024 * 1024
#: a JSON escape of half a character (a surrogate), which only a pair may hold
_LONE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def read_import(text: str | bytes, label: str, progress: Any = None, club: list | None = None) -> list[Checked]:
    """Read an export document (its bytes, or its text) and check every session in it.

    Each session is checked as a new game would be (players, dealer, rule
    options) and its hands are replayed through the core, so a file that
    would give a session that cannot be scored is refused as a whole.
    Returns the sessions in file order. Raises :class:`InputError` naming
    ``label`` (the file) and, where it applies, the session. ``progress(done, total)``,
    when given, is called as each session is checked. The club file the export carries is
    added to ``club`` when given.
    """
    return check_all(read_sessions(text, label, club), label, progress)


def read_sessions(text: str | bytes, label: str, club: list | None = None) -> list:
    """The sessions of an export document (its bytes, or its text), as parsed: the document read
    and checked (JSON, UTF-8, its format and schema, at least one session), not yet the sessions
    themselves (:func:`check_all`); the club file it carries (an export of every session) is added to
    ``club`` when given. Raises :class:`InputError` naming ``label`` (the file)."""
    from scorekeeper.storage.files import RepeatedKey, no_repeated_keys

    from scorekeeper.core.syntax import too_deep

    if len(text) > MAX_IMPORT:
        raise InputError("import.too_big", file=label, limit=MAX_IMPORT)
    if too_deep(text):  # refused before the parser follows it down
        raise InputError("import.too_deep", file=label)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("import.not_utf8", path=label) from None
    try:
        doc = json.loads(text, object_pairs_hook=no_repeated_keys)
    except json.JSONDecodeError as e:
        from scorekeeper.core.syntax import json_fault

        raise InputError("import.not_json", file=label, **json_fault(e)) from None
    except RecursionError:
        raise InputError("import.too_deep", file=label) from None
    except RepeatedKey as e:  # JSON keeps the last silently; an export never gives a key twice
        raise InputError("import.repeated_key", file=label, key=e.key) from None
    except ValueError:  # a whole number of thousands of digits (Python's int limit)
        raise InputError("import.number_too_long", file=label) from None
    if not gc.isenabled():
        # the console script runs without the cycle collector but for a pass now and then while
        # hands are scored (core.game.COLLECT_EVERY): the parsed document (a million objects, no
        # cycles; still freed as soon as it is let go) is left out of those passes
        gc.freeze()
    if _LONE_SURROGATE.search(text):  # an escaped half of a character: never stored, never half-imported
        try:
            json.dumps(doc, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise InputError("import.not_text", file=label) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("sessions"), list) or "schema" not in doc:
        raise InputError("import.not_export", file=label)
    schema = doc["schema"]
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise InputError("import.schema_type", file=label, value=schema)
    if schema > EXPORT_SCHEMA:
        raise InputError("import.schema_newer", file=label, schema=schema, supported=EXPORT_SCHEMA)
    if not doc["sessions"]:
        raise InputError("import.empty", file=label)
    if club is not None and doc.get("club") is not None:  # the club file an export of every session carries
        club.append(doc["club"])
    return doc["sessions"]


@dataclass
class Checked:
    """A session of an export, checked (:func:`check_record`): its ``record`` as it will be
    stored, the cache of ``derived`` numbers its replay gave (:func:`scorekeeper.app.scoreboard.derive`,
    which does not depend on the session's id) and its index row (``summary``, without its
    ``updated``; its ``id`` is made again when it is stored under another). ``text``: the record as
    its file will hold it, its derived numbers in it (:func:`scorekeeper.storage.store.session_text`),
    where a forked copy made it while checking; None where the store is to make it."""

    record: dict
    derived: dict
    summary: dict
    text: str | None = None


def checked(record: Any, label: str, index: int) -> Checked:
    """:func:`check_record`, and what storing the session needs of its replay."""
    loaded = check_record(record, label, index)
    summary = summary_of(loaded.record, loaded.state, updated="")  # its time made when it is stored
    return Checked(loaded.record, derive(loaded.state, loaded.record), summary)


#: the fewest sessions an import checks in more than one process (forking costs milliseconds)
PARALLEL_FROM = 64


def check_all(sessions: list, label: str, progress: Any = None) -> list[Checked]:
    """Every session of an export :func:`checked`, in file order; the first refused (in file order)
    raises its :class:`InputError` (see :func:`each_checked`)."""
    with each_checked(sessions, label, progress) as items:
        return list(items)


@contextmanager
def each_checked(sessions: list, label: str, progress: Any = None) -> Iterator[Iterable[Checked]]:
    """Every session of an export :func:`checked`, in file order, one at a time as its check is done;
    the first refused (in file order) raises its :class:`InputError`. ``progress(done, total)``, when
    given, is called as each is given.

    Replaying thousands of hands is most of an import's cost, so where the machine has more than one
    processor (Linux) and the export holds at least :data:`PARALLEL_FROM` sessions, the work is
    shared: the sessions are dealt out in turn, one share per processor (four at most: with two, one
    copy takes the sessions 1, 3, 5…, the other 2, 4, 6…), each checked by a forked copy of this
    process, forked when the block starts, which sends back,
    session after session, its derived numbers, its row and its file's text (:class:`_Checkers`:
    plain data; a copy writes nothing and ignores Ctrl-C, which this process answers by stopping
    them). This process meanwhile takes each as it comes, in file order, free to store the ones given
    while the copies check the rest (:func:`import_file`): the copies keep pace with each other, so
    when they are done little is left to store. A copy that finds a refused session stops there:
    this process checks that session again itself, and its refusal is the one said. The copies are
    stopped when the block ends, whatever ends it. Where the work is not shared, every session is
    checked here before the block's body runs."""
    total = len(sessions)
    runs = _runs(total)
    if len(runs) == 1:
        yield [checked(record, label, i) for i, record in counted(enumerate(sessions, 1), total, progress)]
        return
    checkers = _Checkers(sessions, label, runs)
    try:
        yield checkers.each(progress)
    finally:
        checkers.stop()


def _runs(total: int) -> list[range]:
    """The shares of the sessions (indexes from 0) to check at once: one, all of them, unless forking
    pays; else one per processor (four at most), dealt out in turn (``range(k, total, n)``)."""
    import sys
    import threading

    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if (total < PARALLEL_FROM or cpus < 2 or not sys.platform.startswith("linux") or not hasattr(os, "fork")
            or threading.active_count() > 1):  # (a fork copies one thread: never with others running)
        return [range(total)]
    n = min(cpus, 4)
    return [range(k, total, n) for k in range(n)]


def _as_imported(record: dict) -> dict:
    """A record of an export as :func:`check_record` takes it (what it may leave out filled in, no cache)."""
    record = {"title": None, "undone": [], "audit": [], **record}
    record.pop("derived", None)
    return record


class _Checkers:
    """Forked copies of this process, one per share of the sessions of an export (:func:`_runs`), each
    checking its share in order (:func:`checked`) and writing to a pipe, for each session it passes, a
    frame: its length (4 bytes) and ``(derived, summary, text)`` pickled; it stops at the first session
    it refuses. This process reads every copy's pipe as data comes (a copy is never kept waiting on a
    full pipe while another's session is taken) and gives the sessions in file order (:meth:`each`)."""

    def __init__(self, sessions: list, label: str, runs: list[range]) -> None:
        self.sessions, self.label = sessions, label
        self.copies: dict[int, _Copy] = {}  # by pipe: the copies still sending
        self.owner: list[_Copy | None] = [None] * len(sessions)  # the copy checking each session
        try:
            for run in runs:
                copy = _Copy(*_fork_checker(sessions, label, run))
                self.copies[copy.pipe] = copy
                for i in run:
                    self.owner[i] = copy
        except BaseException:
            self.stop()
            raise

    def each(self, progress: Any = None) -> Iterator[Checked]:
        """Each session checked, in file order, as it comes; one a copy did not pass (refused, or the
        copy failed) is checked here, and raises here."""
        total = len(self.sessions)
        for i, copy in enumerate(self.owner):
            result = self._next(copy) if copy is not None else None
            if result is not None:
                derived, summary, text = result
                yield Checked(_as_imported(self.sessions[i]), derived, summary, text)
            else:
                yield checked(self.sessions[i], self.label, i + 1)
            if progress is not None:
                progress(i + 1, total)

    def _next(self, copy: "_Copy") -> Any:
        """``copy``'s next result, waiting for it (reading whichever pipes have data meanwhile); None
        when the copy sends no more."""
        import select

        while not copy.results and copy.pipe in self.copies:
            ready, _, _ = select.select(list(self.copies), [], [])
            for pipe in ready:
                self.copies[pipe].read(self.copies)
        return copy.results.popleft() if copy.results else None

    def stop(self) -> None:
        """End the copies still running and wait for them (their pipes closed)."""
        for copy in list(self.copies.values()):
            copy.stop(self.copies)


class _Copy:
    """One forked checker as :class:`_Checkers` reads it: its process id, its pipe, the bytes read
    and not yet a whole frame, and the results read and not yet taken."""

    def __init__(self, pid: int, pipe: int) -> None:
        from collections import deque

        self.pid, self.pipe = pid, pipe
        self.data = bytearray()
        self.results: deque = deque()

    def read(self, open_copies: dict) -> None:
        """Read what the pipe holds; at its end the copy is waited for and its pipe closed."""
        import pickle

        chunk = os.read(self.pipe, 1 << 20)
        if not chunk:
            self.stop(open_copies)
            return
        self.data += chunk
        while len(self.data) >= 4:
            size = int.from_bytes(self.data[:4], "little")
            if len(self.data) < 4 + size:
                break
            self.results.append(pickle.loads(self.data[4:4 + size]))
            del self.data[:4 + size]

    def stop(self, open_copies: dict) -> None:
        """End the copy (it may still be running), wait for it, close its pipe."""
        import signal

        if open_copies.pop(self.pipe, None) is None:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)  # not waited for yet: the id is still this copy's
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        try:
            os.close(self.pipe)
        except OSError:
            pass


#: the pipe's room asked for (Linux lets a process ask for up to /proc/sys/fs/pipe-max-size, 1 MiB
#: unless raised): about a hundred sessions' frames
_PIPE_SIZE = 1 << 20


def _fork_checker(sessions: list, label: str, run: range) -> tuple[int, int]:
    """Fork a copy of this process that checks the sessions of ``run`` and writes to a pipe, frame
    after frame (see :class:`_Checkers`), ``(derived, summary, text)`` of each session before the
    first it refuses. Returns its process id and the pipe's reading end."""
    import pickle
    import signal

    from scorekeeper.storage import store

    read, write = os.pipe()
    try:  # room for many sessions' frames: a copy is never kept waiting while this process writes files
        import fcntl

        fcntl.fcntl(write, getattr(fcntl, "F_SETPIPE_SZ", 1031), _PIPE_SIZE)
    except OSError:
        pass
    pid = os.fork()
    if pid == 0:  # the copy: it only computes, then ends without running anything of this process's
        code = 0
        try:
            os.close(read)
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to answer
            for i in run:
                try:
                    done = checked(sessions[i], label, i + 1)
                except BaseException:
                    break
                # the session file's text made here too, beside the check (the parent only writes it)
                text = store.session_text({**done.record, "derived": done.derived})
                frame = pickle.dumps((done.derived, done.summary, text), protocol=pickle.HIGHEST_PROTOCOL)
                data = memoryview(len(frame).to_bytes(4, "little") + frame)
                while data:
                    data = data[os.write(write, data):]
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    return pid, read


def check_record(record: Any, label: str, index: int) -> Loaded:
    """Check session ``index`` (1-based) of the export ``label`` and score its hands;
    returns it as :class:`Loaded`.

    ``title``, ``undone`` and ``audit`` may be left out (null, no hand, no
    trail); everything else a stored record holds must be there, as the one
    storage schema says (:func:`scorekeeper.storage.schema.validate_session`:
    codes ``import.record.*`` with the fact ``where``, "club.json, session 2"); its setup
    must make sense to its variant, which must be installed, as for every stored session
    (:func:`scorekeeper.app.scorer.rules_of`: ``import.record.<kind>``, and
    ``import.record.variant``). Then the hands are scored: a refusal of the rules is the
    ``cause`` of an ``import.*`` error with the facts ``file``, ``index`` and ``session``.
    The package and version the record names (``package``) are kept as they are.
    """
    where = {"file": label, "index": index}
    if isinstance(record, dict):
        # a record written by hand may leave out what has an obvious empty value; a cache of
        # derived numbers is never taken from a file: the import derives them again
        record = {"title": None, "undone": [], "audit": [], **record}
        record.pop("derived", None)
    said_where = phrase("import.where", **where)
    record = validate_session(record, said_where)
    where["session"] = record["id"]
    try:
        if record.get("title") is not None:
            check_text(record["title"], "the title")
        loaded = scored(record)
        refusal = trail_refusal(record, loaded.setup, loaded.state)  # db check would report it the moment it is stored
        if refusal is not None:
            raise refusal
        changed = differing_hands(record)  # so would a hand that is not what the trail recorded
        if changed:
            raise InputError("import.trail_differs", number=changed[0], **where)
        if events_differ(record):  # nor would a rejoin or a split the trail does not record
            raise InputError("import.events_differ", **where)
        # (what the import keeps of the replay until it stores the session is only the numbers
        # :func:`checked` derives from it, never every hand's explanation lines)
        return Loaded(record, loaded.setup, loaded.state, False)
    except SetupRefused as e:  # what the record means, as every reader of a stored session checks it
        raise InputError(_IMPORT_REFUSALS[e.kind], where=said_where, id=record["id"], **e.facts) from None
    except VariantError as e:  # its variant is not installed here (or fails to load): nothing to score it with
        cause = e.facts.get("unknown") or e  # no package to name: the variants there are
        raise InputError("import.record.variant", where=said_where, id=record["id"], cause=cause) from None
    except (InputError, StateError) as e:
        if e.code in ("import.trail_differs", "import.events_differ"):
            raise
        if e.code == "session.hand_refused":
            raise InputError("import.hand_refused", hand=e.hand, cause=e.facts["cause"], **where) from None
        if e.code == "session.hand_after_end":
            raise InputError("import.after_end", hand=e.hand, **where) from None
        raise InputError("import.refused", cause=e, **where) from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
        raise InputError("import.invalid", kind=type(e).__name__, detail=str(e), **where) from None


#: the sentence of an imported record whose setup the rules refuse, by what is wrong with it
#: (:class:`scorekeeper.app.scorer.SetupRefused`)
_IMPORT_REFUSALS = {"variant_form": "import.record.variant_form", "setup": "import.record.setup", "round": "import.record.round",
                    "dealer": "import.record.dealer", "rules": "import.record.rules",
                    "rules_missing": "import.record.rules_missing", "rule_form": "import.record.rule_form"}


# -- CSV --------------------------------------------------------------------

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """A text cell a spreadsheet will not run: a leading ``'`` before ``= + - @``, tab or CR;
    a control character other than a tab or a line break (an escape sequence, which no name or
    title scorekeeper takes holds) written as its escape (``\\u001b``), so printing the export
    never acts on a terminal.

    >>> safe_cell("=SUM(A1)")
    "'=SUM(A1)"
    """
    text = controls_escaped(text)
    return "'" + text if text.startswith(_FORMULA_START) else text


#: control characters but the tab and the line breaks (C0, DEL, C1): never sent as they are
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def controls_escaped(text: str) -> str:
    """``text`` with each control character but the tab and the line breaks written as its escape."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if not text.isprintable() else text


class _Quoted:
    """Text cells as the :mod:`csv` module writes them in a row (quoted where they hold
    a comma, a quote or a line break), joined by commas, without the line end."""

    def __init__(self) -> None:
        self._out = io.StringIO()
        # the export's line end: the csv module also quotes a cell holding it
        self._writer = csv.writer(self._out, lineterminator="\n")

    def __call__(self, *cells: str) -> str:
        self._out.seek(0)
        self._out.truncate()
        self._writer.writerow(cells)
        return self._out.getvalue()[:-1]


def csv_lines(loaded: Iterable[Loaded]) -> Iterator[str]:
    """One line per player per hand, in :data:`CSV_COLUMNS` order (without the line end).

    ``hand_score``, ``running_total`` and ``bonus`` are ints (points);
    ``running_total`` is the sum of hand scores so far, as in ``history``;
    ``bonus`` is the end-of-game bonus (Carousel), on the last hand's rows of a
    finished game and 0 elsewhere; ``finished`` says whether the game is over
    (``yes``/``no``) and ``winner`` whether this player won it. Text cells are
    passed through :func:`safe_cell`. A session with no hands has no rows.
    Each item is a game (:func:`game`).

    Each session's text cells are quoted once, by the csv module, and each
    player's; the numbers and ``yes``/``no`` never need quoting, so each line
    is those pieces joined by commas, as ``csv.writer`` would write the row.
    """
    quoted = _Quoted()
    for g in loaded:
        r, st = g.record, g.state
        ending = st.ending
        finished = ending.finished
        head = quoted(safe_cell(r["id"]), safe_cell(str(r.get("created", ""))[:10]),
                      safe_cell(r.get("title") or ""), r["variant"])
        state = "yes" if finished else "no"
        # (an empty cell alone would be written "", but in a row it is written empty)
        players = [(p, quoted(safe_cell(p)) if p else "", "yes" if finished and p in ending.winners else "no")
                   for p in g.setup.players]
        count = st.hands
        for number, (hand, totals) in enumerate(zip(st.results, st.running_totals()), 1):
            last = finished and number == count
            scores = hand.scores
            for player, cell, won in players:
                bonus = ending.bonus.get(player, 0) if last else 0
                yield f"{head},{number},{cell},{scores[player]},{totals[player]},{bonus},{state},{won}"


def export_csv(loaded: Iterable[Loaded]) -> str:
    """The CSV export: a header row (:data:`CSV_COLUMNS`), then :func:`csv_lines`, each line ending in ``\\n``."""
    return "\n".join([_Quoted()(*CSV_COLUMNS), *csv_lines(loaded), ""])


# -- Markdown -----------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|~&$])")


def md_escape(text: str) -> str:
    """User text made inert in Markdown (and safe in a table cell).

    The characters Markdown could read in running text or a table cell
    (``\\ ` * _ { } [ ] < > | ~ & $``) are backslash-escaped and line breaks
    become spaces, so ``[red]Bob`` or ``*Ann*|x`` print as typed.
    """
    text = controls_escaped(text.replace("\r\n", " ").replace("\n", " ").replace("\r", " "))
    return _MD_SPECIAL.sub(r"\\\1", text)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _hands(n: int) -> str:
    from scorekeeper.core.messages import say_count

    return say_count("export.doc.n_hands", n, n=n)


def session_markdown(g: Loaded, level: int = 1, words: dict[Any, str] | None = None) -> str:
    """One session in Markdown: heading, date, variant and rules, standings, hand by hand.

    ``g`` is a game (:func:`game`); ``level`` is the heading level of the
    session's title (its parts are one below). The standings are the
    ``standings`` document (:func:`scorekeeper.app.report.standings_json`). ``words``: the
    phrases said so far in this export that many sessions say alike (a heading, a column's name,
    the variant, the rules, the players), each said once for all of them.
    """
    r, st = g.record, g.state
    variant = g.setup.variant
    doc = report.standings_json(g)
    count = st.hands
    h, sub = "#" * level, "#" * (level + 1)
    from scorekeeper.core.messages import join, pgettext, rank_letter, render, say, say_count

    def once(code: str, **facts: str) -> str:  # a phrase said alike in many sessions (a heading, the players)
        if words is None:
            return say(code, **facts)
        key = (code, *facts.items()) if facts else code
        if key not in words:
            words[key] = say(code, **facts)
        return words[key]

    # Carousel and Crazy Rummy count rounds, Contract Rummy deals (their rule books' words)
    word = variant.deal_word if variant.deal_word in ("round", "deal") else None
    said_count = render(f"export.md.count.{word}", {"n": count}) if word else _hands(count)

    name = pgettext("variant", variant.name)  # as the rule books of the language write it
    title = md_escape(r["title"]) if r.get("title") else say("export.doc.variant_session_session", variant=name,
                                                             session=r["id"])
    # each option as it is typed (--rule KEY=VALUE), never translated (SPEC §7): in code, not in the words
    from scorekeeper.core.rules import as_typed

    rules = ", ".join(f"`{k}={as_typed(v)}`" for k, v in r["rules"].items())
    said_name = {p: md_escape(p) for p in g.setup.players}  # each name escaped once, however often it is shown
    # a column and a row per side where players form sides (partners score alike): each side shown by its
    # first player's figures, named by its players
    players = [side[0] for side in g.setup.sides] if g.setup.partnered else list(g.setup.players)
    shown = {p: " & ".join(said_name[q] for q in g.setup.side_of(p)) for p in players}
    if g.setup.partnered:
        doc = {**doc, "players": [row for row in doc["players"] if row["name"] in players],
               "winners": [w for w in doc["winners"] if w in players]}
    said_variant = once("export.doc.variant_variant_id_lowest" if g.setup.lowest_wins else "export.doc.variant_variant_id",
                        variant=name, id=variant.id)
    lines = [f"{h} {title}", "",
             once("export.doc.date_date", date=str(r.get("created", ""))[:10]),
             said_variant,
             once("export.doc.rules_rules", rules=rules) if rules else once("export.doc.rules_defaults"),
             once("export.doc.players_players", players=", ".join(shown[p] for p in players)),
             say("export.doc.session_session_hands", session=r["id"], hands=said_count), ""]

    said = once("export.doc.final_standings") if doc["finished"] else once("export.doc.standings")
    lines += [f"{sub} {said}", ""]
    has_bonus = any(p["bonus"] for p in doc["players"])
    from scorekeeper.core.describe import won_heading

    header = ["#", once("export.doc.player"), once("export.doc.total"), str(won_heading(variant))] + (
        [once("export.doc.bonus")] if has_bonus else [])
    lines += ["| " + " | ".join(header) + " |", "|" + "|".join(["---:", "---", "---:", "---:"] +
                                                             (["---:"] if has_bonus else [])) + "|"]
    for p in doc["players"]:
        player = shown[p["name"]]
        if doc["finished"] and p["name"] in doc["winners"]:
            player = f"**{player}**"
        cells = [str(p["rank"]), player, str(p["total"]), str(p["won"])]
        if has_bonus:
            cells.append(_signed(p["bonus"]) if p["bonus"] else "")
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    if doc["finished"]:
        names = join([shown[w] for w in doc["winners"]], "and")
        if word:
            won = render(f"export.md.{'won' if len(doc['winners']) == 1 else 'shared'}.{word}",
                         {"names": names, "n": count})
        else:
            won = say_count("export.doc.names_wins_after_n" if len(doc["winners"]) == 1
                            else "export.doc.names_share_win_after", count, names=names, n=count)
        lines.append(won)
    elif doc["dealer"] is None:
        lines.append(say_count("export.doc.game_in_play_after_hands", count, n=count))
    elif word:
        lines.append(render(f"export.md.in_play.{word}", {"n": count, "dealer": said_name[doc["dealer"]]}))
    else:
        lines.append(say_count("export.doc.game_in_play_after", count, n=count, dealer=said_name[doc["dealer"]]))
    if doc.get("note"):  # the standings document's, in the language spoken
        lines += ["", md_escape(doc["note"])]
    for notice in doc.get("notices", ()):  # shown with the numbers it stored: why (SPEC §8)
        lines += ["", md_escape(notice)]
    lines.append("")

    said = once(f"export.md.by_deal.{word}") if word else once("export.doc.hand_by_hand")
    lines += [f"{sub} {said}", ""]
    if not st.results:
        lines += [once("export.doc.no_hands_yet"), ""]
        return "\n".join(lines)
    # a game whose rounds each have their wild rank (Crazy Rummy): the rank, and who went out
    by_round = variant.deals.round_matters
    waiting = isinstance(g.kept, VariantError)  # its variant is not installed: who dealt is its to say
    head = [once(f"export.md.column.{word}") if word else once("export.doc.hand"),
            *([once("export.doc.wild")] if by_round else []), once("export.doc.dealer"),
            *([once("export.doc.out")] if by_round else [])]
    blank = "| " * (len(head) - 1)  # the cells after the first of a row that is not a hand
    lines.append("| " + " | ".join(head) + " | " + " | ".join(shown[p] for p in players) + " |")
    lines.append("|---:|" + "---|" * (len(head) - 1) + "---:|" * len(players))
    if g.setup.carried:  # a game begun on paper: where the totals start, not a hand
        start = g.setup.start_totals()
        said = once("export.doc.carried_over")
        lines.append(f"|  | {said} | " + "| " * (len(head) - 2) + " | ".join(str(start[p]) for p in players) + " |")
    for number, (hand, totals) in enumerate(zip(st.results, st.running_totals()), 1):
        shown = g.setup.round_of(number)  # a game continued from paper at deal 5 goes on from 5
        said_number = say("export.doc.number_points", number=shown) if hand.points_only else str(shown)
        scores = hand.scores
        row = [said_number]
        if by_round:
            row.append(rank_letter(variant.deals.wild_rank(g.setup.rules, g.setup.round_of(number))))
        row.append("—" if waiting else said_name[st.dealer_of(number)])
        if by_round:
            out = report.went_out(hand)
            row.append(said_name[out] if out in said_name else "—")
        row += [f"{_signed(scores[p])} → {totals[p]}" for p in players]
        lines.append("| " + " | ".join(row) + " |")
    if doc["finished"]:
        # the end of the game: the end bonuses, the final totals, the winner
        if has_bonus:
            bonus = st.ending.bonus
            said = once("export.doc.bonus")
            lines.append(f"| {said} {blank}| " + " | ".join(_signed(bonus.get(p, 0)) for p in players) + " |")
        final = st.totals
        said = once("export.doc.final")
        lines.append(f"| {said} {blank}| " + " | ".join(f"**{final[p]}**" if p in doc["winners"] else str(final[p])
                                                          for p in players) + " |")
    lines += ["", once(f"export.md.cell.{word}") if word else once("export.doc.each_cell_hand_s")]
    if any(hand.points_only for hand in st.results):
        lines += ["", once(f"export.md.points.{word}") if word else once("export.doc.points_hand_was_entered")]
    if doc["finished"]:
        lines += ["", won]
    lines.append("")
    return "\n".join(lines)


def export_markdown(loaded: Iterable[Loaded], exported: str, count: int | None = None) -> str:
    """The Markdown export: one session as a document, several under one heading.
    ``count`` says how many ``loaded`` holds when it is read one at a time (see :func:`each_game`)."""
    if count is None:
        loaded = list(loaded)
        count = len(loaded)
    if count == 1:  # one session, unless it was left out (its variant fails and it stored no numbers)
        first = next(iter(loaded), None)
        if first is not None:
            return session_markdown(first, 1)
        loaded, count = [], 0
    from scorekeeper.core.messages import say, say_count

    parts = [say_count("export.doc.rummy_results_n_sessions", count, n=count), "",
             say("export.doc.exported_date", date=exported[:10]), ""]
    words: dict[Any, str] = {}
    for item in loaded:
        parts.append(session_markdown(item, 2, words))
    return "\n".join(parts)


# -- importing into a store ---------------------------------------------------

def same_content(stored: dict, imported: dict) -> bool:
    """Whether an imported record holds what a stored one does (the cache of derived
    numbers left out): the same session, exported and imported again."""
    def content(record: dict) -> str:
        return json.dumps({k: v for k, v in record.items() if k != "derived"}, sort_keys=True, ensure_ascii=False)

    return content(stored) == content(imported)


def import_file(store, text: str | bytes, label: str, skip_existing: bool = False, as_new: bool = False,
                progress: Any = None) -> list[dict]:
    """The ``import`` command: the export ``text`` (named ``label``) read (:func:`read_sessions`),
    every session checked (:func:`each_checked`) and stored (:func:`import_sessions`); returns
    :func:`import_sessions`' outcomes. Where the sessions are checked in forked copies, they are
    stored as they come, while the copies check the rest (the lock is then held from the start of
    the checking); else every session is checked before the lock is taken. Raises the first
    refusal, nothing stored. The club file the export carries is merged in the same commit
    (:func:`merge_club`)."""
    club: list = []
    sessions = read_sessions(text, label, club)
    with each_checked(sessions, label, progress) as items:
        return import_sessions(store, items, skip_existing, as_new, club[0] if club else None, label,
                               count=len(sessions))


def import_sessions(store, items: Iterable[Checked], skip_existing: bool = False, as_new: bool = False,
                    club: dict | None = None, label: str = "", count: int | None = None) -> list[dict]:
    """Store checked sessions (from :func:`read_import`, or as they are checked:
    :func:`each_checked`) under the lock: every session file (each with its derived numbers
    computed afresh), then the index once, and the export's ``club`` file merged
    (:func:`merge_club`, ``label`` naming the export), all in one commit. ``count``: how many
    ``items`` gives, where it is not a list.

    A session already in the store (same id, same content) is skipped, so importing
    the same export twice adds nothing; with ``as_new`` it is imported anyway, as a
    copy under a new id. A different session whose id is taken gets a new id, or is
    skipped with ``skip_existing``. When the store has no current session, the last
    session imported becomes current. All or nothing: if a write fails, a session is
    refused or Ctrl-C comes before the index lists them, the session files this call wrote
    are taken away again (and the error or KeyboardInterrupt goes on).
    Returns one outcome per session: ``{"id", "imported_as": new id or None,
    "action": "imported" | "renamed" | "skipped", "already": bool}`` (``already``:
    the database holds this very session).
    """
    outcomes: list[dict] = []
    if count is None:
        items = list(items)
        count = len(items)
    store.bulk = count > 1  # several files: one flush of the disk for them all
    with store.writing("import"):
        existing = {s["id"] for s in store.summaries()}
        taken = set(existing)

        def pairs() -> Iterator[tuple[dict, dict] | tuple[dict, dict, str]]:
            for item in items:
                record = dict(item.record)
                original = record["id"]
                action, already = "imported", False
                if original in existing:
                    already = original in taken and same_content(store.load(original), record)
                    if skip_existing or (already and not as_new):
                        outcomes.append({"id": original, "imported_as": None, "action": "skipped", "already": already})
                        continue
                    record["id"] = store.new_id()
                    while record["id"] in existing:
                        record["id"] = store.new_id()
                    action = "renamed"
                record["derived"] = item.derived
                existing.add(record["id"])
                outcomes.append({"id": original, "imported_as": record["id"], "action": action, "already": already})
                row = {**item.summary, "id": record["id"], "updated": now()}
                if item.text is not None and record["id"] == original:
                    yield record, row, item.text  # the file's text as the checking made it
                else:
                    yield record, row

        # each record was checked against the record schema when it was read (validate_session): an id the
        # store gave and the derived numbers (no field of the schema) are all that changed since
        store.save_many(pairs(), current=LAST if store.current_id() is None else KEEP, checked=True)
        if club is not None:  # (the ids each session was imported as known once they are all stored)
            merge_club(store, club, outcomes, label)
    return outcomes
