"""The settings: config set, unset, list, get."""
from __future__ import annotations

import sys
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, plain, records, table
from scorekeeper.core.messages import _, render


def as_text(value: Any) -> str:
    """A setting's value on one line: a list with commas, as the environment takes it."""
    return ", ".join(value) if isinstance(value, list) else str(value)


def not_set(key: str) -> None:
    sys.stderr.write(render("cli.config.not_set", {"key": key}) + "\n")


def was_set(t: Any, doc: dict) -> None:
    t.print(_("{key} = {value} (in {path}).").format(key=doc["key"], value=as_text(doc["value"]), path=doc["path"]))
    if doc["overridden_by"]:
        t.print(_("{variable} is set in the environment and takes precedence over the file.").format(
            variable=doc["overridden_by"]))


def unset(t: Any, doc: dict) -> None:
    if doc["was_set"]:
        t.print(_("{key} is no longer set (in {path}); its default applies.").format(key=doc["key"], path=doc["path"]))
    else:
        t.print(_("{key} was not set (in {path}).").format(key=doc["key"], path=doc["path"]))


def _from(row: dict) -> str:
    if row["from"] == "file":
        return _("the file")
    if row["from"] == "default":
        return _("default")
    return _("environment: {variable}").format(variable=row["from"])


def listing(t: Any, doc: dict) -> None:
    """Each setting with its value and where it comes from, then the file."""
    defaults = {"language": _("the locale, else English"), "variant": _("none (new VARIANT)"),
                "players": _("none (new VARIANT NAME...)"), "rules": _("none"),
                "database": _("the user data directory")}
    rows = [(row["key"], as_text(row["value"]) if row["value"] is not None else defaults[row["key"]], _from(row))
            for row in doc["settings"]]
    heads = (_("Setting"), _("Value"), _("From"))
    drawn = table()
    for head in heads:
        drawn.add_column(head, overflow="fold")
    for row in rows:
        drawn.add_row(*(Text(plain(cell)) for cell in row))
    if fit_columns(t, drawn):
        t.print(drawn)
    else:
        records(t, heads, rows)
    said = _("Configuration file: {path}") if doc["exists"] else _("Configuration file: {path} (not written yet)")
    t.print(said.format(path=doc["path"]))
