"""The application: one object over one database, one method per command, returning plain documents."""
from scorekeeper.app.application import Application

__all__ = ["Application"]
