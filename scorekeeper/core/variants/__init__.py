"""The registry of variants: each variant's rules live in its own module, loaded
only when the variant is asked for.

:func:`get_variant` accepts ids and aliases (``500``, ``manipulation``) and
always returns the canonical :class:`~scorekeeper.core.rules.Variant`. A
canonical id (what a stored session names) loads that variant's module only;
an alias or a name that is no variant's loads every variant, since each
declares its aliases in its own module. So do :data:`VARIANTS` (every variant
by id, in the order of :data:`VARIANT_IDS`) and :data:`ALL_OPTION_KEYS`, which
are made when first read.
"""
from __future__ import annotations

import importlib
from typing import Any

from scorekeeper.core import rules
from scorekeeper.core.errors import InputError
from scorekeeper.core.rules import Variant

#: Each variant's id, in the order the variants are listed, and where it is defined:
#: its module in this package, and the module's name for it.
_DEFINED_IN = {
    "rummy500": ("rummy500", "RUMMY500"),
    "rum500": ("rummy500", "RUM500"),
    "carousel": ("carousel", "CAROUSEL"),
    "crazy": ("crazy", "CRAZY"),
    "gin": ("gin", "GIN"),
}

#: The canonical ids, in the order the variants are listed (loading none).
VARIANT_IDS: tuple[str, ...] = tuple(_DEFINED_IN)


def _load(variant_id: str) -> Variant:
    """The variant of a canonical id, its module imported if it is not yet."""
    module, name = _DEFINED_IN[variant_id]
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def _every_variant() -> dict[str, Variant]:
    return {variant_id: _load(variant_id) for variant_id in _DEFINED_IN}


def _every_option_key() -> set[str]:
    """Every key ``new --rule`` takes for some variant (listed-only ones, like Gin's ``preset``, too)."""
    return {o.key for v in _every_variant().values() for o in v.options + v.listed_options}


# Telling "does not apply to this variant" from "is not a rule option" needs every variant's
# options: the rules ask the registry through this (nothing in the rules imports a variant).
rules.every_option_key = _every_option_key


def __getattr__(name: str) -> Any:
    """:data:`VARIANTS` and :data:`ALL_OPTION_KEYS`, made (loading every variant) when first read."""
    if name == "VARIANTS":
        value: Any = _every_variant()
    elif name == "ALL_OPTION_KEYS":
        value = {o.key for v in _every_variant().values() for o in v.options}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # the variants are fixed once loaded: read it once
    return value


def get_variant(name: str) -> Variant:
    """The variant called ``name`` (id or alias, any case). Raises :class:`InputError`."""
    key = str(name).strip().lower()
    if key in _DEFINED_IN:
        return _load(key)
    variants = _every_variant()
    for v in variants.values():
        if key in v.aliases:
            return v
    from scorekeeper.core.game import closest  # only for a name that is no variant's

    names = list(variants) + [a for v in variants.values() for a in v.aliases]
    near = closest(key, names)
    if near is None:
        raise InputError("variant.unknown", name=name, variants=list(variants))
    raise InputError("variant.unknown_near", name=name, near=near, variants=list(variants))
