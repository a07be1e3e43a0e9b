"""The settings: config set, unset, list, get."""
from __future__ import annotations

import sys
from typing import Any

from rich.text import Text

from scorekeeper.cli.render.common import fit_columns, plain, records, table
from scorekeeper.core.messages import render, say


def as_text(value: Any) -> str:
    """A setting's value on one line: a list with commas, as the environment takes it."""
    return ", ".join(value) if isinstance(value, list) else str(value)


def not_set(key: str) -> None:
    sys.stderr.write(render("cli.config.not_set", {"key": key}) + "\n")


def was_set(t: Any, doc: dict) -> None:
    t.print(say("screen.config.key_value_in_path", key=doc["key"], value=as_text(doc["value"]), path=doc["path"]))
    if doc["overridden_by"]:
        t.print(say("screen.config.variable_is_set_in", variable=doc["overridden_by"]))


def unset(t: Any, doc: dict) -> None:
    if doc["was_set"]:
        t.print(say("screen.config.key_is_no_longer", key=doc["key"], path=doc["path"]))
    else:
        t.print(say("screen.config.key_was_not_set", key=doc["key"], path=doc["path"]))


def _from(row: dict) -> str:
    if row["from"] == "file":
        return say("screen.config.file")
    if row["from"] == "default":
        return say("screen.config.default")
    return say("screen.config.environment_variable", variable=row["from"])


def listing(t: Any, doc: dict) -> None:
    """Each setting with its value and where it comes from, then the file."""
    defaults = {"language": say("screen.config.locale_else_english"), "variant": say("screen.config.none_new_variant"),
                "players": say("screen.config.none_new_variant_name"), "rules": say("screen.config.none"),
                "database": say("screen.config.user_data_directory")}
    rows = [(row["key"], as_text(row["value"]) if row["value"] is not None else defaults[row["key"]], _from(row))
            for row in doc["settings"]]
    heads = (say("screen.config.setting"), say("screen.config.value"), say("screen.config.from"))
    drawn = table()
    for head in heads:
        drawn.add_column(head, overflow="fold")
    for row in rows:
        drawn.add_row(*(Text(plain(cell)) for cell in row))
    if fit_columns(t, drawn):
        t.print(drawn)
    else:
        records(t, heads, rows)
    said = "screen.config.configuration_file_path" if doc["exists"] else "screen.config.configuration_file_path_not"
    t.print(say(said, path=doc["path"]))
