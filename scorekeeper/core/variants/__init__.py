"""The registry of variants (SPEC §8).

The variants built in are :data:`BUILT_IN` (kept in :mod:`scorekeeper.core.built_in`), one list
in code: each id and the module (or package) whose ``VARIANT`` is its
:class:`~scorekeeper.core.rulebook.Variant`, imported when first asked for. A variant published as its own Python package is declared in the entry-point
group ``scorekeeper.variants`` (:mod:`scorekeeper.core.plugins`), each entry named by the
variant's id and naming the object; installed packages' metadata is read only for an id or
alias that is not a built-in one, or when every variant is listed (:func:`every_variant`,
``rules``, ``plugins``).

A variant that fails to load (its module raises on import, the entry names no
:class:`Variant`, or its id is not the entry's) is kept aside as a :class:`VariantError`
naming it in one sentence (exit 1): :func:`get_variant` raises it for that variant alone,
:func:`every_variant` leaves it out and :func:`broken` lists it, so the other variants never
notice. Two variants with the same id or alias: the built-in one wins, and the other is named
in one sentence (:func:`broken`: ``variant.clash`` / ``variant.alias_clash``).

:func:`origin` says where a variant comes from: its package and version (what a session
records, SPEC §8 "a variant's life"), ``built-in`` or ``plugin``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from scorekeeper.core import rules
from scorekeeper.core.built_in import BUILT_IN  # the one list of the variants built in
from scorekeeper.core.errors import InputError, VariantError, ctrl_c_inside
from scorekeeper.core.plugins import declared
from scorekeeper.core.rulebook import Variant


@dataclass(frozen=True)
class Origin:
    """Where a variant comes from: the ``package`` and ``version`` that define it (a session
    records them) and ``kind``, ``"built-in"`` or ``"plugin"``; ``where`` the module or entry."""

    package: str
    version: str
    kind: str
    where: str

    def as_json(self) -> dict:
        return {"package": self.package, "version": self.version, "origin": self.kind, "where": self.where}


_loaded: dict[str, Variant] = {}  # id -> variant, each loaded once
_origins: dict[str, Origin] = {}  # id -> where it came from
_broken: dict[str, VariantError] = {}  # id -> why it could not be loaded (or was left aside)


def _program_version() -> str:
    from scorekeeper import __version__

    return __version__


def _accept(name: str, value: Any, where: str, origin: Origin) -> Variant:
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
    _origins[name] = origin
    return value


def _failed(name: str, where: str, error: BaseException) -> VariantError:
    found = VariantError("variant.failed", name=name, where=where, kind=type(error).__name__,
                         error=str(error).strip().splitlines()[0] if str(error).strip() else "")
    _broken[name] = found
    return found


def _built_in(key: str) -> Variant:
    """The built-in variant ``key`` (an id of :data:`BUILT_IN`). Raises :class:`VariantError`."""
    if key in _loaded:
        return _loaded[key]
    if key in _broken:
        raise _broken[key]
    where = BUILT_IN[key]
    try:
        module = importlib.import_module(where)
    except Exception as e:  # a built-in module that does not import is a broken variant, named
        if ctrl_c_inside(e):  # a Ctrl-C while its classes were made: the user's, not the variant's
            raise KeyboardInterrupt from None
        raise _failed(key, where, e) from e
    try:
        return _accept(key, getattr(module, "VARIANT", None), where,
                       Origin("scorekeeper", _program_version(), "built-in", where))
    except VariantError as e:
        _broken[key] = e
        raise


def _where(ep: Any) -> str:
    dist = getattr(ep, "dist", None)
    return f"{ep.value} ({dist.metadata['Name']} {dist.version})" if dist is not None else ep.value


def _origin_of(ep: Any) -> Origin:
    dist = getattr(ep, "dist", None)
    if dist is None:
        return Origin(ep.value.partition(":")[0].partition(".")[0], "", "plugin", ep.value)
    return Origin(dist.metadata["Name"], dist.version, "plugin", ep.value)


def _from_entry(name: str, ep: Any) -> Variant:
    """Load the variant an entry point names. Raises :class:`VariantError`."""
    if name in BUILT_IN:  # the built-in one wins (SPEC §8); the other is named at `rules`
        clash = _broken.setdefault(f"{name}:clash", VariantError("variant.clash", name=name, where=_where(ep)))
        raise clash
    if name in _broken:
        raise _broken[name]
    if name in _loaded:
        return _loaded[name]
    try:
        value = ep.load()
    except Exception as e:  # whatever a plugin raises on import is its failure alone
        if ctrl_c_inside(e):  # but a Ctrl-C while it loaded is the user's
            raise KeyboardInterrupt from None
        raise _failed(name, _where(ep), e) from e
    try:
        return _accept(name, value, _where(ep), _origin_of(ep))
    except VariantError as e:
        _broken[name] = e
        raise


def _plugins() -> dict[str, Any]:
    """The entry points of the variants from elsewhere, by id (a built-in id's entry too: it is
    named as a clash when the variants are listed)."""
    return declared()


def every_variant() -> dict[str, Variant]:
    """Every variant that loads, by id: the built-in ones, then those from elsewhere, in the order
    they are listed (each variant's ``list_order``, then its id); the failures are left out:
    :func:`broken` says why. An alias of a variant from elsewhere that is already a built-in id or
    alias is not taken (``variant.alias_clash``)."""
    found = []
    for name in BUILT_IN:
        try:
            found.append(_built_in(name))
        except VariantError:
            continue
    taken = {n for v in found for n in (v.id, *v.aliases)}
    for name, ep in _plugins().items():
        try:
            variant = _from_entry(name, ep)
        except VariantError:
            continue
        clashes = [a for a in variant.aliases if a in taken]
        if clashes:
            _broken.setdefault(f"{name}:alias", VariantError("variant.alias_clash", name=name, aliases=clashes,
                                                             where=_where(ep)))
        found.append(variant)
    return {v.id: v for v in sorted(found, key=lambda v: (v.list_order, v.id))}


def broken() -> list[VariantError]:
    """The declared variants that could not be loaded or were left aside (an id or alias that is
    another's), each a :class:`VariantError` naming it (after :func:`every_variant`), by id."""
    return [_broken[name] for name in sorted(_broken)]


def origin(name: str) -> Origin | None:
    """Where the loaded variant ``name`` comes from (None before it is loaded)."""
    return _origins.get(name)


def loaded() -> dict[str, Variant]:
    """The variants loaded so far in this process, by id (a copy)."""
    return dict(_loaded)


def forget_installed(*modules: str) -> None:
    """Forget every variant from elsewhere and the packages that declare them, as a new process
    would start (the built-in ones stay loaded): for a caller that installs or removes a plugin
    while it runs (the tests, the screen gallery). ``modules``: the plugins' modules, imported
    afresh when next asked for."""
    import importlib
    import sys

    from scorekeeper.core import plugins

    plugins.forget()
    for vid in [v for v in _loaded if v not in BUILT_IN]:
        del _loaded[vid]
        _origins.pop(vid, None)
    _broken.clear()
    for name in ("VARIANTS", "ALL_OPTION_KEYS"):
        globals().pop(name, None)
    for module in modules:
        sys.modules.pop(module, None)
    importlib.invalidate_caches()


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
    """The variant called ``name`` (id or alias, any case): a built-in one first, then one from
    elsewhere.

    Raises :class:`InputError` (``variant.unknown``, ``variant.unknown_near``) for a name that
    is no variant's, :class:`VariantError` (exit 1) for a declared variant that fails to load.
    """
    key = str(name).strip().lower()
    found = _loaded.get(key)
    if found is not None:
        return found
    if key in BUILT_IN:
        return _built_in(key)
    for built in BUILT_IN:  # a built-in alias, before any installed package is read
        try:
            variant = _built_in(built)
        except VariantError:
            continue
        if key in variant.aliases:
            return variant
    if key in _broken:
        raise _broken[key]
    entries = _plugins()
    if key in entries:
        return _from_entry(key, entries[key])
    variants = every_variant()
    for v in variants.values():
        if key in v.aliases:
            return v
    from scorekeeper.core.near import closest  # only for a name that is no variant's

    names = list(variants) + [a for v in variants.values() for a in v.aliases]
    near = closest(key, names)
    if near is None:
        raise InputError("variant.unknown", name=name, variants=list(variants))
    raise InputError("variant.unknown_near", name=name, near=near, variants=list(variants))
