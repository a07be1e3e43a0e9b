"""Where variants are declared (SPEC §8): the entry-point group ``scorekeeper.variants``.

Each entry is named by a variant's id and names the object that defines it. Reading the
group means reading every installed package's metadata, so it is done once, and only
when a variant is not a built-in one or the variants are listed; this module imports
nothing of the rules, so a help text can list the ids without loading any variant.
"""
from __future__ import annotations

from typing import Any

#: The entry-point group every variant is declared in.
GROUP = "scorekeeper.variants"

_declared: dict[str, Any] | None = None


def declared() -> dict[str, Any]:
    """Every variant declared in the group, by id (lower case): ``{id: entry point}``, in
    the order the installed packages are found (the first entry of an id wins). Reads the
    installed packages' metadata once."""
    global _declared
    if _declared is None:
        from importlib.metadata import entry_points

        found: dict[str, Any] = {}
        for ep in entry_points(group=GROUP):
            found.setdefault(ep.name.strip().lower(), ep)
        _declared = found
    return _declared


def forget() -> None:
    """Read the installed packages' metadata again when next asked (a package installed or
    removed while this process runs: :func:`scorekeeper.core.variants.forget_installed`)."""
    global _declared
    _declared = None


def declared_ids() -> list[str]:
    """The ids of every declared variant, sorted (whether or not each loads)."""
    return sorted(declared())
