"""The registry of variants (SPEC §8): every variant, built in or installed from
elsewhere, is declared in the entry-point group ``scorekeeper.variants``, each
entry named by the variant's id and naming the :class:`~scorekeeper.core.rules.Variant`
object (``rummy500 = "scorekeeper.core.variants.rummy500:VARIANT"``). This
package knows no variant by name.

Finding one is lazy. A built-in variant lives in this package as the module (or
package) named by its id, whose ``VARIANT`` is the object its entry point names:
an id that is such a module is imported straight, without reading any installed
package's metadata (a session of a built-in variant pays nothing for the lookup).
Installed packages' entry points are read only for an id that is not a built-in
one, an alias (``500``, ``manipulation``: each variant declares its own), or when
every variant is listed (:func:`every_variant`, ``rules``).

A variant that fails to load (its module raises on import, the entry names no
:class:`Variant`, or its id is another's) is kept aside as a :class:`VariantError`
naming it in one sentence (exit 1): :func:`get_variant` raises it for that variant
alone, :func:`every_variant` leaves it out and :func:`broken` lists it, so the
other variants never notice.

:data:`VARIANTS` (every variant by id) and :data:`ALL_OPTION_KEYS` are made when
first read, as :func:`every_variant` is.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from scorekeeper.core import rules
from scorekeeper.core.errors import InputError, VariantError
from scorekeeper.core.plugins import declared
from scorekeeper.core.rules import Variant

_loaded: dict[str, Variant] = {}  # id -> variant, each loaded once
_broken: dict[str, VariantError] = {}  # id -> why it could not be loaded


def _accept(name: str, value: Any, where: str) -> Variant:
    """Check what an entry (or a built-in module) gave for ``name`` and keep it.
    Raises :class:`VariantError`."""
    if not isinstance(value, Variant):
        raise VariantError("variant.not_a_variant", name=name, where=where, kind=type(value).__name__)
    if value.id != name:
        raise VariantError("variant.id_mismatch", name=name, where=where, id=value.id)
    taken = _loaded.get(name)
    if taken is not None and taken is not value:
        raise VariantError("variant.id_taken", name=name, where=where)
    _loaded[name] = value
    return value


def _built_in(key: str) -> Variant | None:
    """The built-in variant ``key`` (the ``VARIANT`` of this package's module of that name),
    or None when there is no such module: then the installed packages are asked."""
    if not key.isidentifier() or key.startswith("_") or not key.islower():
        return None
    name = f"{__name__}.{key}"
    try:
        if importlib.util.find_spec(name) is None:
            return None
        module = importlib.import_module(name)
    except Exception as e:  # a built-in module that does not import is a broken variant, named
        raise _failed(key, name, e) from e
    value = getattr(module, "VARIANT", None)
    if value is None:  # a module of the rules shared by variants (common), not a variant
        return None
    return _accept(key, value, name)


def _failed(name: str, where: str, error: BaseException) -> VariantError:
    found = VariantError("variant.failed", name=name, where=where, kind=type(error).__name__,
                         error=str(error).strip().splitlines()[0] if str(error).strip() else "")
    _broken[name] = found
    return found


def _where(ep: Any) -> str:
    dist = getattr(ep, "dist", None)
    return f"{ep.value} ({dist.metadata['Name']} {dist.version})" if dist is not None else ep.value


def _from_entry(name: str, ep: Any) -> Variant:
    """Load the variant an entry point names. Raises :class:`VariantError`."""
    if name in _broken:
        raise _broken[name]
    if name in _loaded:
        return _loaded[name]
    try:
        value = ep.load()
    except Exception as e:  # whatever a plugin raises on import is its failure alone
        raise _failed(name, _where(ep), e) from e
    try:
        return _accept(name, value, _where(ep))
    except VariantError as e:
        _broken[name] = e
        raise


def every_variant() -> dict[str, Variant]:
    """Every variant that loads, by id, in the order they are listed (each variant's
    ``list_order``, then its id); the failures are left out: :func:`broken` says why."""
    found = []
    for name, ep in declared().items():
        try:
            found.append(_loaded[name] if name in _loaded else _from_entry(name, ep))
        except VariantError:
            continue
    return {v.id: v for v in sorted(found, key=lambda v: (v.list_order, v.id))}


def broken() -> list[VariantError]:
    """The declared variants that could not be loaded, each a :class:`VariantError` naming
    it (after :func:`every_variant`), by id."""
    return [_broken[name] for name in sorted(_broken)]


def _every_option_key() -> set[str]:
    """Every key ``new --rule`` takes for some variant (listed-only ones, like Gin's ``preset``, too)."""
    return {o.key for v in every_variant().values() for o in v.options + v.listed_options}


# Telling "does not apply to this variant" from "is not a rule option" needs every variant's
# options: the rules ask the registry through this (nothing in the rules imports a variant).
rules.every_option_key = _every_option_key


def __getattr__(name: str) -> Any:
    """:data:`VARIANTS` and :data:`ALL_OPTION_KEYS`, made (loading every variant) when first read."""
    if name == "VARIANTS":
        value: Any = every_variant()
    elif name == "ALL_OPTION_KEYS":
        value = {o.key for v in every_variant().values() for o in v.options}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # the variants are fixed once loaded: read it once
    return value


def get_variant(name: str) -> Variant:
    """The variant called ``name`` (id or alias, any case).

    Raises :class:`InputError` (``variant.unknown``, ``variant.unknown_near``) for a name that
    is no variant's, :class:`VariantError` (exit 1) for a declared variant that fails to load.
    """
    key = str(name).strip().lower()
    found = _loaded.get(key)
    if found is not None:
        return found
    if key in _broken:
        raise _broken[key]
    found = _built_in(key)
    if found is not None:
        return found
    entries = declared()
    if key in entries:
        return _from_entry(key, entries[key])
    variants = every_variant()
    for v in variants.values():
        if key in v.aliases:
            return v
    from scorekeeper.core.game import closest  # only for a name that is no variant's

    names = list(variants) + [a for v in variants.values() for a in v.aliases]
    near = closest(key, names)
    if near is None:
        raise InputError("variant.unknown", name=name, variants=list(variants))
    raise InputError("variant.unknown_near", name=name, near=near, variants=list(variants))
