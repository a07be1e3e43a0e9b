"""Everything about files; the only package that imports tinydb.

- :mod:`~scorekeeper.storage.files` — bytes on disk: the atomic write (temp file,
  fsync, rename, fsync of the directory), reading a JSON object, :class:`DamagedFile`;
- :mod:`~scorekeeper.storage.tinystore` — the ``tinydb.Storage`` over one file
  (atomic writes, one write per change, read-only opening that creates nothing);
- :mod:`~scorekeeper.storage.schema` — the one schema of the stored session record,
  the index and the cache of derived scores (store, import and `db check` use it);
- :mod:`~scorekeeper.storage.migrations` — the numbered schema upgrades;
- :mod:`~scorekeeper.storage.backups` — the kept copies of every file;
- :mod:`~scorekeeper.storage.store` — the :class:`Store`: the index, the session files, the lock;
- :mod:`~scorekeeper.storage.maintenance` — `db check` and `db restore`.
"""
