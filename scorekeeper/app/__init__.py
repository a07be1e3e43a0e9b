"""The application: one object over one database, one method per command, returning plain documents."""
