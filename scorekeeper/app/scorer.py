"""Which variant scores a session, whether it can here, and the rules it is played by
(SPEC §8 "a variant's life"): the application's one place for both.

**The package that scored it.** A session records the package and the version of the variant
that scored it, ``record["package"] = {"name": "scorekeeper-knock", "version": "0.1.0"}``
(a built-in variant's package is ``scorekeeper``). ``new`` records it, every save records the
version that scored the hands saved, and export and import keep it. A session made before
sessions recorded it has none: it is taken to be of the version at hand. Reading a session,
:func:`scorer_of` says what this installation has for it (a :class:`Scorer`):

- its variant, of the version recorded: the session is scored as ever;
- no variant of that id (the package was uninstalled) or one that fails to load: the session
  *waits* for it (``Scorer.refusal``, a :class:`VariantError` naming the package and version,
  exit 1). It stays listed, its numbers are read from what was stored
  (:func:`scorekeeper.app.games.kept_game`), a command that would score it says the sentence, `db check`
  reports it as waiting and `--repair` and `db restore` leave it and its copies alone;
- another version of it (``Scorer.differs``): never scored again silently. Where the installed
  version gives the stored numbers the session is read as ever; where it gives others, the
  commands show the stored numbers and say the version differs, and `db rescore` shows, player
  by player, what the installed version would change before storing it
  (:mod:`scorekeeper.app.games` asks this module and does what it says).

**The rules of a stored session.** Storage checks a record's shape
(:mod:`scorekeeper.storage.schema`); what it means — a variant of that id, players and a dealer
it accepts, rule options that are exactly its options as ``new`` writes them — is checked here,
once per setup, by :func:`rules_of`, which also resolves the typed rules every command plays by
(remembered: `stats` and `export --all` read many sessions of a few setups). A record they
refuse is a damaged session file (:class:`SetupRefused`).

**A variant's failure** while a command runs (a bug in its scoring, a fact a screen cannot
show) is one sentence naming it, never a traceback: :func:`failure` tells an exception raised
in a variant's code from scorekeeper's own by the frames of its traceback.
"""
from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Mapping

from scorekeeper.core.errors import InputError, ScorekeeperError, StoreError, VariantError

if TYPE_CHECKING:  # `sessions` reads this module: it loads no rule book
    from scorekeeper.core.rulebook import Variant

#: the key of a session record that names the package and version that scored it
PACKAGE = "package"
#: the package of the variants built in
BUILT_IN_PACKAGE = "scorekeeper"


# -- the package that scored a session --------------------------------------------------

def package_of(variant: Variant) -> dict | None:
    """``{"name", "version"}`` of the package that defines ``variant`` as loaded here (a
    built-in variant's is scorekeeper's), or None for a variant the registry did not load."""
    from scorekeeper.core.variants import origin

    found = origin(variant.id)
    return None if found is None else {"name": found.package, "version": found.version}


def recorded(record: Mapping[str, Any]) -> dict | None:
    """The package and version a session (or its index row) records, or None (made before
    sessions recorded it)."""
    found = record.get(PACKAGE)
    return found if isinstance(found, dict) and "name" in found and "version" in found else None


@dataclass(frozen=True)
class Scorer:
    """What this installation has for a session's variant (:func:`scorer_of`).

    ``variant`` is None when it cannot be had: ``refusal`` then says why (``session.needs_package``
    or ``session.needs_variant`` when no installed package declares it; the registry's own
    :class:`VariantError` when it fails to load). ``recorded`` is the package and version the
    session records (None: made before sessions recorded it), ``installed`` those of the variant
    loaded here."""

    variant: Variant | None
    recorded: dict | None
    installed: dict | None
    refusal: VariantError | None = None

    @property
    def waiting(self) -> bool:
        """Whether the session waits for its variant (not installed, or failing to load)."""
        return self.variant is None

    @property
    def missing(self) -> bool:
        """Whether no installed package declares the variant (it was uninstalled): the
        session's stored numbers are shown (a variant that fails to load is named instead)."""
        return self.refusal is not None and self.refusal.code in NEEDS

    @property
    def differs(self) -> bool:
        """Whether the session was scored by another version than the one installed."""
        return (self.variant is not None and self.recorded is not None and self.installed is not None
                and (self.recorded["name"], self.recorded["version"]) != (self.installed["name"],
                                                                          self.installed["version"]))

    def facts(self, record: Mapping[str, Any]) -> dict:
        """The facts of the sentences of a session scored by another version than the one
        installed (``session.version_differs`` and its kin): ``session``, ``variant``, ``package``,
        ``stored`` and ``installed`` (the versions)."""
        assert self.recorded is not None and self.installed is not None
        return dict(session=record["id"], variant=record["variant"], package=self.recorded["name"],
                    stored=self.recorded["version"], installed=self.installed["version"])


#: the codes of a session whose variant no installed package declares
NEEDS = ("session.needs_package", "session.needs_variant")


def needs(record: Mapping[str, Any], unknown: InputError | None = None) -> VariantError:
    """The sentence of a session whose variant is not installed: it needs the package it recorded,
    which is not installed (``session.needs_package``); else — a session made before sessions
    recorded one, or whose package is installed without that variant — its variant
    (``session.needs_variant``, with the fact ``unknown``: the registry's refusal of the id,
    which an import quotes). Exit 1."""
    package = recorded(record)
    if package is None or _installed(package["name"]):
        return VariantError("session.needs_variant", session=record["id"], variant=record["variant"],
                            unknown=unknown)
    return VariantError("session.needs_package", session=record["id"], variant=record["variant"],
                        package=package["name"], version=package["version"])


def _installed(package: str) -> bool:
    """Whether a distribution of that name is installed."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        distribution(package)
    except (PackageNotFoundError, ValueError):
        return False
    return True


def scorer_of(record: Mapping[str, Any]) -> Scorer:
    """What this installation has for the variant of a stored session (or of its index row).
    Never raises for a variant that cannot be had: the :class:`Scorer` says why."""
    from scorekeeper.core.variants import get_variant

    stored = recorded(record)
    try:
        variant = get_variant(record["variant"])
    except VariantError as e:  # declared, but it does not load: named as the registry names it
        return Scorer(None, stored, None, e)
    except InputError as unknown:  # no variant of that id is installed (any more)
        return Scorer(None, stored, None, needs(record, unknown))
    return Scorer(variant, stored, package_of(variant))


def waits(rows: list[Mapping[str, Any]]) -> dict[str, str | None]:
    """For each index row (``id``, ``variant``, ``package``), the sentence of its session waiting
    for its variant (it needs the package P (version V), which is not installed; or the variant
    fails to load), or None: what ``sessions`` says of each. A row whose package is scorekeeper
    (a built-in variant) is never looked for — so listing the sessions of built-in variants loads
    no variant; each other variant is looked for once."""
    found: dict[str, VariantError | None | bool] = {}  # variant id -> its failure, None (loads), True (missing)
    out: dict[str, str | None] = {}
    for row in rows:
        vid = str(row.get("variant"))
        package = recorded(row)
        if package is not None and package["name"] == BUILT_IN_PACKAGE:
            out[row["id"]] = None
            continue
        from scorekeeper.core.built_in import BUILT_IN  # (loads no variant)

        if vid in BUILT_IN:
            out[row["id"]] = None
            continue
        if vid not in found:
            from scorekeeper.core.variants import get_variant

            try:
                get_variant(vid)
                found[vid] = None
            except VariantError as e:
                found[vid] = e
            except InputError:
                found[vid] = True
        state = found[vid]
        out[row["id"]] = None if state is None else needs(row).message if state is True else state.message
    return out


# -- the rules of a stored session ----------------------------------------------------

class SetupRefused(StoreError):
    """A stored record whose setup the rules refuse: its variant written other than by its id,
    players or a dealer ``new`` refuses, rule options that are not exactly the variant's as
    ``new`` writes them, a first round ``new --round`` refuses. The code is the reason's,
    ``store.record.<kind>`` (``variant_form``, ``setup``, ``round``, ``dealer``, ``rules``,
    ``rules_missing``, ``rule_form``), with its facts; a command
    reading the session says its file is damaged (:meth:`damaged`), an import names the record
    (:meth:`kind`)."""

    @property
    def kind(self) -> str:
        return self.code.rpartition(".")[2]

    def damaged(self, path: Path) -> StoreError:
        """The damaged file ``path`` this makes (exit 1, pointing to `db restore`)."""
        from scorekeeper.storage.files import damaged

        return damaged(path, self.code, **self.facts)


def rules_of(record: Mapping[str, Any], variant: Variant) -> Any:
    """The typed rules (the variant's :class:`~scorekeeper.core.rules.RuleSet`) a stored record is
    played by, after checking that its setup makes sense to ``variant`` (its variant's id, its
    players and dealer, its options: every one of the variant's, each as ``new`` writes it).
    Raises :class:`SetupRefused`."""
    rules = record["rules"]
    # the sides the record keeps (where players form sides), as the variant and its players allow
    sides = tuple(tuple(side) for side in record["sides"]) if record.get("sides") is not None else None
    try:
        # each value with its type: true and 1 are equal keys, but not the same option
        key = (variant, record["variant"], tuple(record["players"]), record["dealer"],
               tuple((k, type(v), v) for k, v in rules.items()), sides, record.get("first_round"))
        hash(key)
    except TypeError:  # an option holding a list or an object: not worth remembering
        found = _checked.__wrapped__(variant, record["variant"], tuple(record["players"]), record["dealer"],
                                     tuple((k, type(v), v) for k, v in rules.items()), sides,
                                     record.get("first_round"))
    else:
        found = _checked(*key)
    if isinstance(found, SetupRefused):
        raise found.with_facts()  # a fresh one each time: the remembered one carries no traceback
    return found


@functools.lru_cache(maxsize=256)
def _checked(variant: Variant, variant_id: str, players: tuple[str, ...], dealer: str,
             stored: tuple[tuple[str, type, Any], ...],
             sides: tuple[tuple[str, ...], ...] | None = None, first_round: int | None = None) -> Any:
    """The rules of a setup, or the :class:`SetupRefused` saying what is wrong with it
    (remembered: the rules are a function of the setup alone, and a rule set is frozen, so one
    serves every session of that setup); ``sides``, where the record keeps them, must be sides the
    variant plays with these players."""
    from scorekeeper.core.game import new_setup
    from scorekeeper.core.rules import resolve_rules

    if variant.id != variant_id:
        return SetupRefused("store.record.variant_form", given=variant_id, expected=variant.id)
    try:
        new_setup(variant, players, (), dealer, teams=sides)
    except ScorekeeperError as e:
        return SetupRefused("store.record.setup", cause=e)
    if first_round not in (None, 1):  # a game begun on paper: the round `new --round` would take
        try:
            new_setup(variant, players, (), dealer, (), first_round, teams=sides)
        except ScorekeeperError as e:
            return SetupRefused("store.record.round", cause=e)
    if dealer not in players:
        return SetupRefused("store.record.dealer", dealer=dealer)
    given = {k: v for k, _, v in stored}
    try:
        resolved = resolve_rules(variant, given, len(players))
    except ScorekeeperError as e:
        return SetupRefused("store.record.rules", cause=e)
    missing = [key for key in resolved if key not in given]
    if missing:
        return SetupRefused("store.record.rules_missing", keys=missing)
    for key, value in given.items():
        # compared as stored: a typed option (a StrEnum) is stored as its text
        if json.dumps(resolved[key]) != json.dumps(value):
            return SetupRefused("store.record.rule_form", key=key, given=json.dumps(value, ensure_ascii=False),
                                expected=json.dumps(resolved[key], ensure_ascii=False))
    return resolved


# -- a variant's failure while a command runs -----------------------------------------

def failure(error: BaseException, variant: str | None = None) -> VariantError | None:
    """The sentence (``variant.broke``, exit 1) of an exception raised by a variant's code while
    a command ran — a bug in its scoring, its codec, its screens — or None when ``error`` is
    scorekeeper's own (a :class:`ScorekeeperError` is never a failure: it is already a sentence).

    A variant's code is told by the frames of the traceback: an exception that passed through a
    file of a loaded variant (its module or package, and the modules of its collaborators'
    classes; for a variant from elsewhere, its whole top-level package) is that variant's, the
    innermost such frame naming it. ``variant``: the id of the variant whose facts the caller was
    showing when ``error`` was raised in scorekeeper's own code (a fact the board cannot show):
    it is then named too. The serve module, the board and the command boundary all say a
    variant's failure through this."""
    if isinstance(error, ScorekeeperError) or not isinstance(error, Exception):
        return None
    found = _variant_in(error.__traceback__)
    if found is None and variant is not None:
        found = variant
    if found is None:
        return None
    from scorekeeper.core.variants import origin

    where = origin(found)
    facts = dict(name=found, package=where.package if where else found, version=where.version if where else "",
                 kind=type(error).__name__)
    detail = str(error).strip()
    if not detail:
        return VariantError("variant.broke.bare", **facts)
    return VariantError("variant.broke", error=detail.splitlines()[0], **facts)


def _variant_in(tb: TracebackType | None) -> str | None:
    """The id of the variant owning the innermost frame of ``tb`` that runs in a variant's code."""
    owners = _owners()
    found = None
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        owner = next((vid for path, vid in owners if name == path or (path.endswith(os.sep) and
                                                                        name.startswith(path))), None)
        found = owner or found
        tb = tb.tb_next
    return found


def _owners() -> list[tuple[str, str]]:
    """``(path, id)``: the files and folders (ending in a separator) of each loaded variant's own
    code, first its module (a built-in's module or package; the top-level package of one from
    elsewhere), then the modules of its collaborators' classes that are its own (not scorekeeper's
    shared defaults; for a built-in, those of another built-in it borrows)."""
    from scorekeeper.core import variants as registry

    own: list[tuple[str, str]] = []
    borrowed: list[tuple[str, str]] = []
    for vid, variant in registry.loaded().items():
        where = registry.origin(vid)
        if where is None:
            continue
        built_in = where.kind == "built-in"
        module = where.where.partition(":")[0]
        own += [(path, vid) for path in _paths(module if built_in else module.partition(".")[0])]
        for part in vars(variant).values():
            name = type(part).__module__
            if name.startswith("scorekeeper.core.variants.") if built_in else not name.startswith(("scorekeeper.",
                                                                                                    "builtins")):
                borrowed += [(path, vid) for path in _paths(name)]
    return own + borrowed


def _paths(module: str) -> list[str]:
    """The file of a loaded module, or its folder (ending in a separator) for a package."""
    import sys

    path = getattr(sys.modules.get(module), "__file__", None)
    if not path:
        return []
    if os.path.basename(path) == "__init__.py":
        return [os.path.dirname(path) + os.sep]
    return [path]
