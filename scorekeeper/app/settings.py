"""A table's usual settings: language, variant, players, house rules, database.

Each setting is taken, first found: from the command line (``--lang``, ``--db``,
``new``'s arguments and ``--rule``), from its environment variable
(:data:`ENV`), from the configuration file (:mod:`scorekeeper.storage.config`),
else the default. This module gives the environment and the file's part
(:func:`value`, :func:`listing`) and writes the file (:func:`set_value`,
:func:`unset_value`); the command line adds the flags.

Values: ``language`` and ``database`` are texts (the language is checked by the
command line, which knows the catalogs); ``variant`` is a variant id or alias,
stored as its id; ``players`` a list of names; ``rules`` a list of
``KEY=VALUE`` (every variant that has the option) or ``VARIANT:KEY=VALUE`` (that
variant only). In the environment a list is written with commas:
``SCOREKEEPER_PLAYERS="Ann,Bob,Cy"``.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

from scorekeeper.core.errors import InputError
from scorekeeper.storage import config as file

KEYS: tuple[str, ...] = tuple(file.KEYS)
#: each setting's environment variable: the option's name (``--lang``, ``--db``), or the setting's
ENV = {"language": "SCOREKEEPER_LANG", "variant": "SCOREKEEPER_VARIANT", "players": "SCOREKEEPER_PLAYERS",
       "rules": "SCOREKEEPER_RULES", "database": "SCOREKEEPER_DB"}


def path() -> Path:
    """The configuration file (``SCOREKEEPER_CONFIG``, else the platform's configuration directory)."""
    return file.path()


def read() -> dict[str, Any]:
    """The settings the configuration file holds. Raises :class:`InputError` naming the file
    and line when it is not valid."""
    return file.read()


def check_key(key: str) -> str:
    """``key`` if it is a setting; else :class:`InputError` ``config.no_such_key`` listing them."""
    if key not in KEYS:
        raise InputError("config.no_such_key", key=key, keys=list(KEYS))
    return key


def _from_env(key: str, text: str) -> str | list[str]:
    if file.KEYS[key] is list:
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def value(key: str, environ: dict | None = None) -> tuple[Any, str]:
    """``(value, source)`` of setting ``key``: ``source`` is the environment variable that gave
    it, ``"file"``, or ``"default"`` (value None). A bad configuration file raises
    (:class:`InputError`) only when the file is what would answer."""
    env = os.environ if environ is None else environ
    var = ENV[check_key(key)]
    if env.get(var):
        return _from_env(key, env[var]), var
    held = read()
    if key in held:
        return held[key], "file"
    return None, "default"


def listing() -> dict:
    """``config list``: ``{"path", "exists", "settings": [{"key", "value", "from", "env"}]}``;
    ``from`` is the environment variable, ``"file"`` or ``"default"``."""
    where = path()
    held = read()
    rows = []
    for key in KEYS:
        var = ENV[key]
        if os.environ.get(var):
            rows.append({"key": key, "value": _from_env(key, os.environ[var]), "from": var, "env": var})
        elif key in held:
            rows.append({"key": key, "value": held[key], "from": "file", "env": var})
        else:
            rows.append({"key": key, "value": None, "from": "default", "env": var})
    return {"path": str(where), "exists": where.exists(), "settings": rows}


def _rule_text(rule: str) -> str:
    """A house rule as stored: ``KEY=VALUE`` or ``VARIANT:KEY=VALUE`` (the variant by its id).
    The key must be an option (of that variant, when one is named) and, for a named variant,
    the value one it allows; other values are checked when a session starts."""
    from scorekeeper.core import rules
    from scorekeeper.core.variants import get_variant  # the registry tells the rules every variant's options

    text = rule.strip()
    where, colon, rest = text.partition(":")
    variant = get_variant(where) if colon and "=" not in where else None
    key, eq, val = (rest if variant is not None else text).partition("=")
    key = key.strip().lower().replace("-", "_")
    if not eq or not key:
        raise InputError("config.bad_rule", rule=rule)
    if variant is None:
        if key not in rules.every_option_key():
            from scorekeeper.core.near import closest

            keys = sorted(rules.every_option_key())
            near = closest(key, keys)
            if near is not None:
                raise InputError("config.unknown_rule_near", key=key, near=near, keys=keys)
            raise InputError("config.unknown_rule", key=key, keys=keys)
        return f"{key}={val.strip()}"
    option = variant.option(key)
    if option is None:
        raise rules.unknown_option(key, variant.said_name, [o.key for o in variant.options])
    try:
        option.parse(val.strip())
    except (ValueError, TypeError):
        raise rules.value_refused(option, val.strip()) from None
    return f"{variant.id}:{key}={val.strip()}"


def checked(key: str, values: Sequence[str]) -> str | list[str]:
    """The value ``config set KEY VALUE...`` stores, checked: ``variant`` as its id, ``players``
    as names (one argument with commas is split at them), ``rules`` as house rules.
    Raises :class:`InputError`."""
    check_key(key)
    values = [v for v in values]
    if not values or not any(v.strip() for v in values):
        raise InputError("config.no_value", key=key)
    if file.KEYS[key] is str:
        if len(values) > 1:
            raise InputError("config.one_value", key=key, values=values)
        text = values[0].strip()
        if key == "variant":
            from scorekeeper.core.variants import get_variant

            return get_variant(text).id
        return text
    if key == "players":
        from scorekeeper.core.game import check_length, check_names, check_separators, check_text

        if any(not v.strip() for v in values):
            raise InputError("player.empty_name")
        # every argument is split at its commas, as SCOREKEEPER_PLAYERS is: "Ann," "Bob," is Ann and Bob
        items = [part.strip() for v in values for part in v.split(",") if part.strip()]
        if not items:
            raise InputError("player.empty_name")
        for name in items:
            check_text(name, "player")
            check_length(name, "player")
            if ":" in name:
                raise InputError("config.bad_name", name=name)
        check_separators(items)  # (a comma has split them already) a "+" would join two in --teams
        check_names(items)  # as new checks them: no two the same ignoring case and Unicode form
        if len(items) < 2:
            raise InputError("config.too_few_players", name=items[0])
        return items
    if len(values) == 1 and "," in values[0]:
        values = values[0].split(",")
    items = [v.strip() for v in values if v.strip()]
    stored = [_rule_text(rule) for rule in items]
    check_rules(stored)
    return stored


def check_rules(stored: Sequence[str]) -> None:
    """Check house rules (as stored: ``KEY=VALUE`` or ``VARIANT:KEY=VALUE``) as ``new`` would:
    for every variant of the registry, the rules that apply to it (:func:`house_rules`)
    together, for some number of players it is played by. Raises the first variant's
    :class:`InputError` (``rule.bad_value`` and the like) when one refuses them."""
    from scorekeeper.core.rules import parse_rule_args
    from scorekeeper.core.variants import every_variant

    for variant in every_variant().values():
        applying = house_rules(variant, stored)
        if not applying:
            continue
        refused: InputError | None = None
        for count in range(variant.min_players, variant.max_players + 1):
            try:
                parse_rule_args(variant, applying, count)
            except InputError as e:
                refused = refused or e
                continue
            refused = None
            break
        if refused is not None:
            raise refused


@contextmanager
def blamed(key: str, source: str) -> Iterator[None]:
    """Within it, an :class:`InputError` about setting ``key`` is raised again saying where the
    value came from: ``source`` is ``"file"`` (``config.from_file``, naming the file) or the
    environment variable (``config.from_env``); the error itself is the ``cause``."""
    try:
        yield
    except InputError as e:
        if source == "file":
            raise InputError("config.from_file", cause=e, key=key, path=str(path())) from None
        if source in ENV.values():
            raise InputError("config.from_env", cause=e, key=key, var=source) from None
        raise


def usual(key: str) -> tuple[Any, str]:
    """:func:`value`, checked as ``config set`` checks it (:func:`checked`); a bad value raises
    :class:`InputError` saying where it came from (:func:`blamed`)."""
    found, source = value(key)
    if found is not None:
        with blamed(key, source):
            found = checked(key, found if isinstance(found, list) else [found])
    return found, source


def set_value(key: str, values: Sequence[str]) -> dict:
    """``config set``: store the checked value. ``{"key", "value", "path", "overridden_by"}``
    (``overridden_by``: the environment variable that is set and wins over the file, or None)."""
    stored = checked(key, values)
    where = file.set_value(key, stored)
    var = ENV[key]
    return {"key": key, "value": stored, "path": str(where), "overridden_by": var if os.environ.get(var) else None}


def unset_value(key: str) -> dict:
    """``config unset``: ``{"key", "path", "was_set"}``. A key that is no setting is removed
    too when the file has it (that mends a file that says something it should not)."""
    where, was = file.unset_value(key)
    if not was:
        check_key(key)
    return {"key": key, "path": str(where), "was_set": was}


def house_rules(variant, rules: Sequence[str]) -> list[str]:
    """The house rules that apply to ``variant``: ``KEY=VALUE`` when the variant has that
    option, ``VARIANT:KEY=VALUE`` when it is this variant; as ``KEY=VALUE``."""
    from scorekeeper.core.variants import get_variant

    found = []
    for rule in rules:
        where, colon, rest = rule.partition(":")
        if colon and "=" not in where:
            try:
                if get_variant(where).id == variant.id:
                    found.append(rest)
            except InputError:
                continue
        elif variant.option(rule.partition("=")[0].strip().lower().replace("-", "_")) is not None:
            found.append(rule)
    return found


def merge_rules(configured: Sequence[str], given: Sequence[str]) -> list[str]:
    """The configured rules with those given on the line put over them, key by key."""
    merged: dict[str, str] = {}
    for rule in [*configured, *given]:
        merged[str(rule).partition("=")[0].strip().lower().replace("-", "_")] = rule
    return list(merged.values())
