"""The registry of variants: each variant's rules live in its own module.

:func:`get_variant` accepts ids and aliases (``500``, ``manipulation``) and
always returns the canonical :class:`~scorekeeper.core.rules.Variant`.
"""
from __future__ import annotations

from scorekeeper.core.errors import InputError
from scorekeeper.core.game import closest
from scorekeeper.core.rules import Variant
from scorekeeper.core.variants.carousel import CAROUSEL
from scorekeeper.core.variants.crazy import CRAZY
from scorekeeper.core.variants.rummy500 import RUM500, RUMMY500

VARIANTS: dict[str, Variant] = {v.id: v for v in (RUMMY500, RUM500, CAROUSEL, CRAZY)}


def _register_optional() -> None:
    """Variants still being written (Gin Rummy) join the registry once their module exists."""
    import importlib

    for module, name in (("gin", "GIN"),):
        try:
            mod = importlib.import_module(f"scorekeeper.core.variants.{module}")
        except ModuleNotFoundError:
            continue
        variant = getattr(mod, name)
        VARIANTS[variant.id] = variant


_register_optional()

ALL_OPTION_KEYS = {o.key for v in VARIANTS.values() for o in v.options}


def get_variant(name: str) -> Variant:
    """The variant called ``name`` (id or alias, any case). Raises :class:`InputError`."""
    key = str(name).strip().lower()
    for v in VARIANTS.values():
        if key == v.id or key in v.aliases:
            return v
    names = [v.id for v in VARIANTS.values()] + [a for v in VARIANTS.values() for a in v.aliases]
    near = closest(key, names)
    if near is None:
        raise InputError("variant.unknown", name=name, variants=list(VARIANTS))
    raise InputError("variant.unknown_near", name=name, near=near, variants=list(VARIANTS))

