"""TinyDB over one database file, through TinyDB's extension point: a :class:`tinydb.Storage`.

TinyDB keeps a file's data as ``{table: {id: document}}`` and hands all of it to
its storage on every read and every change. :class:`FileStorage` is that
storage, made for this database (TinyDB's own JSONStorage rewrites the file in
place, so a crash leaves it cut short, and creates the file merely on opening):

- **reading** parses the file (:func:`~scorekeeper.storage.files.read_json`),
  checks it is TinyDB's layout (an object of tables, each an object of
  documents numbered by id), then lets ``prepare`` upgrade and check it; the
  result is kept until the file changes on disk, so a command's many table
  operations read the file once. A missing file reads as an empty database,
  and opening creates nothing.
- **writing** hands the text to the store's ``sink``, which stages it for the
  command's one commit (:mod:`scorekeeper.storage.commit`); without one (a file
  used on its own) it replaces the file all or nothing
  (:func:`~scorekeeper.storage.files.atomic_write_text`). A read-only storage
  refuses to write (a bug, not a user error).
- ``source``, when given, says where the file's content is now: a command reads
  back what it has staged, and a command that only reads sees a change that was
  committed but not yet put in place (see :func:`scorekeeper.storage.commit.pending`).
- within :meth:`FileStorage.held`, TinyDB's writes are kept in memory and made
  as ONE write at the end of the block (none if it fails): one write per file
  per command, however many table operations a change takes.

The files stay plain TinyDB JSON: ``TinyDB(path, access_mode="r")`` reads them.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from tinydb import Query, TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from scorekeeper.storage import files
from scorekeeper.storage.files import damaged

__all__ = ["FileStorage", "check_layout", "open_db", "document", "one_document_tables", "Query"]


class FileStorage(Storage):
    """The TinyDB storage of one database file (see the module docstring).

    ``prepare(data)`` runs on the data of each fresh read (in place; it raises
    :class:`~scorekeeper.storage.files.DamagedFile` for data it refuses).
    ``fresh=True`` starts from an empty database without reading the file: the
    next write replaces it whole (a session file is written that way).
    ``watch=False`` reads the file once and never again (a file read once per command).
    """

    def __init__(self, path: Path | str, *, read_only: bool = False, fresh: bool = False,
                 prepare: Callable[[dict], None] | None = None,
                 sink: Callable[[Path, str], None] | None = None, watch: bool = True,
                 source: Callable[[Path], Path | None] | None = None):
        super().__init__()
        self.path = Path(path)
        self.read_only = read_only
        self._prepare = prepare
        self._sink = sink
        self._source = source
        self._data: dict | None = {} if fresh else None
        self._key: tuple | None = None
        self._fresh = fresh
        self._held: list[dict] | None = None
        self._watch = watch
        self._read = False

    # -- reading ------------------------------------------------------------
    def read(self) -> dict | None:
        if self._held:
            return self._held[-1]
        if self._fresh or (self._read and not self._watch):
            return self._data
        where = self.path if self._source is None else self._source(self.path)
        key = (where, files.file_key(where) if where is not None else None) if self._watch else None
        if not self._read or key != self._key:
            self._data, self._read = None, False
            data = files.read_json(where) if where is not None else None
            if data is not None:
                check_layout(data, self.path)
                if self._prepare is not None:
                    self._prepare(data)
            self._data, self._key, self._read = data, key, True
        return self._data

    def forget(self) -> None:
        """Drop what was read: the next read sees the file as it is now."""
        if not self._fresh:
            self._data, self._key, self._read = None, None, False

    # -- writing ------------------------------------------------------------
    def write(self, data: dict) -> None:
        if self.read_only:
            raise RuntimeError(f"a write to {self.path}, opened read-only")
        if self._held is not None:
            self._held[:] = [data]
            return
        self._replace(data)

    def _replace(self, data: dict) -> None:
        text = files.dumps(data)
        try:
            if self._sink is not None:
                self._sink(self.path, text)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                files.atomic_write_text(self.path, text)
        except BaseException:
            self.forget()  # TinyDB changed the data read in place; read the file again
            raise
        self._data, self._fresh, self._read = data, False, True
        where = self.path if self._source is None else self._source(self.path)
        self._key = (where, files.file_key(where) if where is not None else None) if self._watch else None

    @contextmanager
    def held(self) -> Iterator[None]:
        """Keep every write of the block in memory, then write the file once when the
        block ends normally (not at all when nothing changed or the block fails)."""
        if self._held is not None:  # already inside a held block: the outer one writes
            yield
            return
        self._held = []
        try:
            yield
            pending = self._held
        except BaseException:
            self._held = None
            self.forget()
            raise
        self._held = None
        if pending:
            self._replace(pending[-1])

    def close(self) -> None:
        pass


def check_layout(data: dict, path: Path) -> None:
    """Check that parsed data is TinyDB's layout: every table an object of documents,
    each an object under a numeric id. Raises :class:`DamagedFile`."""
    for table, docs in data.items():
        if not isinstance(docs, dict):
            raise damaged(path, "store.reason.table_not_object", table=table)
        for doc_id, doc in docs.items():
            if not doc_id.isdigit():
                raise damaged(path, "store.reason.document_id", table=table, row=doc_id)
            if not isinstance(doc, dict):
                if table == "sessions":
                    raise damaged(path, "store.reason.row_not_object", row=doc_id)
                raise damaged(path, "store.reason.document_not_object", table=table, row=doc_id)


def open_db(path: Path, **storage: Any) -> TinyDB:
    """TinyDB over ``path`` through :class:`FileStorage` (keyword arguments go to it)."""
    return TinyDB(path, storage=FileStorage, **storage)


def one_document_tables(tables: list[tuple[str, str]]) -> str:
    """The text of a file of tables that hold one document each (numbered 1), as TinyDB writes it
    (:func:`~scorekeeper.storage.files.dumps` of ``{table: {"1": document}}``), from each table's
    name and its document's text (``dumps(document)``): a session file is written without
    encoding its record again when its text was made beforehand."""
    return "{" + ",".join(f'{files.dumps(name)}:{{"1":{text}}}' for name, text in tables) + "}"


def document(doc: dict, doc_id: int = 1) -> Document:
    """A TinyDB document with a fixed id (the one-document tables ``_meta`` and ``session``)."""
    return Document(doc, doc_id=doc_id)
