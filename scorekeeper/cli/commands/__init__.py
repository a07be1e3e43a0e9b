"""Command modules. Each has ``register(app)``; add new modules to MODULES."""
from __future__ import annotations

import importlib

MODULES = ("game", "sessions", "demo", "share", "disputes", "db", "config", "board")


def register(app) -> None:
    for name in MODULES:
        importlib.import_module(f"scorekeeper.cli.commands.{name}").register(app)
