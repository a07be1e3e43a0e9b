"""Everything about files: the TinyDB store, the lock, the record schema, backups, migrations, maintenance.

The only package that imports tinydb.
"""
