"""The application: one object over one database, one method per command, returning plain documents.

- :mod:`~scorekeeper.app.application` — :class:`Application`, what the command line calls;
- :mod:`~scorekeeper.app.games` — a stored record as a game: its numbers from the
  record's cache of derived numbers when they are for its hands, else scored once;
- :mod:`~scorekeeper.app.sessions` — the changes (new, a hand, undo, redo, edit, use,
  delete), each scoring only the hands it changes, checked before anything is written;
- :mod:`~scorekeeper.app.report`, :mod:`~scorekeeper.app.audit`, :mod:`~scorekeeper.app.stats`,
  :mod:`~scorekeeper.app.exporting` — the documents (standings, history, chart, explain,
  audit, stats) and the export formats and import;
- :mod:`~scorekeeper.app.scoreboard` — the cache of derived numbers kept in each record.

Imports go one way: application → sessions, report, audit, exporting, stats → games →
scoreboard, the core and the store.
"""
from scorekeeper.app.application import Application

__all__ = ["Application"]
