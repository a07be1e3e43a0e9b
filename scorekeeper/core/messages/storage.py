"""Message templates: the database: files, the lock, the record schema, backups, migrations, maintenance.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
}
