"""A variant's house-rule options (``new --rule KEY=VALUE``, SPEC §2.6): a typed frozen
dataclass (a :class:`RuleSet`), checked when it is made: a bad key or value is refused with
the allowed values, never silently replaced; presets, defaults worked out from other options
and defaults by player count; and reading them from what is typed or stored.

The variant itself (its facts and collaborators) is :mod:`scorekeeper.core.rulebook`. Nothing
here imports a variant: the registry (:mod:`scorekeeper.core.variants`) loads the variants.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
import functools
from typing import Any, Callable, ClassVar, Iterator, Sequence

from scorekeeper.core.errors import InputError
from scorekeeper.core.messages import variant_words
from scorekeeper.core.numbers import MAX_NUMBER, TooBig, too_big

#: a variant (:class:`scorekeeper.core.rulebook.Variant`), named only in words here: the variant
#: imports this module for its options
Variant = Any


@dataclass(frozen=True)
class Said:
    """A word of the program kept as data and said in the language spoken when it is
    shown: ``pgettext(context, text)`` (a variant's name, as the rule books of that
    language write it, SPEC §7; an option's allowed values under ``option.KEY.values``),
    else as a catalog without that context has it. ``text`` is the English."""

    context: str
    text: str

    def __str__(self) -> str:
        return variant_words(self.context, self.text)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)



# -- parsing option values ------------------------------------------------------


def whole_number(minimum: int) -> Callable[[Any], int]:
    """A parser for a whole number ≥ ``minimum`` and at most
    :data:`~scorekeeper.core.numbers.MAX_NUMBER` (beyond it: :class:`~scorekeeper.core.numbers.TooBig`).
    A parser takes the value as typed (text, or the stored value) and returns it typed, or
    raises ``ValueError``, which the rule set reports as ``rule.bad_value`` naming the option
    and its allowed values (exit 2): ``option(100, "a whole number ≥ 1", whole_number(1), …)``."""

    def parse(text: Any) -> int:
        if isinstance(text, bool):
            raise ValueError(text)
        if too_big(text):
            raise TooBig(text)
        value = int(str(text).strip())
        if value > MAX_NUMBER:
            raise TooBig(text)
        if value < minimum:
            raise ValueError(text)
        return value

    return parse


def value_refused(opt: "Option", value: Any) -> InputError:
    """The refusal of ``value`` for the option ``opt``: ``rule.too_big`` for a number beyond
    what any game holds (:data:`~scorekeeper.core.numbers.MAX_NUMBER`), else ``rule.bad_value``."""
    if too_big(value):
        return InputError("rule.too_big", key=opt.key, value=value, limit=MAX_NUMBER)
    return InputError("rule.bad_value", key=opt.key, value=value, values=opt.said_values)


def one_of(*choices: str) -> Callable[[Any], Any]:
    """A parser accepting one of ``choices`` (case-insensitive); digits become ints. Anything
    else raises ``ValueError`` (``rule.bad_value``); ``choices`` are what TAB offers."""

    def parse(text: Any) -> Any:
        value = str(text).strip().lower()
        if value not in choices:
            raise ValueError(text)
        return int(value) if value.isdigit() else value

    parse.choices = choices  # type: ignore[attr-defined]  (the words one types: Option.choices)
    return parse


def one_of_enum(kind: type[StrEnum]) -> Callable[[Any], StrEnum]:
    """A parser accepting one of an enumeration's values (case-insensitive)."""

    def parse(text: Any) -> StrEnum:
        return kind(str(text).strip().lower())

    parse.choices = tuple(k.value for k in kind)  # type: ignore[attr-defined]
    return parse


def or_none(parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A parser taking what ``parse`` takes, or ``none`` (None: Gin Rummy's ``big_gin_bonus=none``)."""

    def parse_or_none(text: Any) -> Any:
        if text is None or str(text).strip().lower() == "none":
            return None
        return parse(text)

    return parse_or_none


def boolean(text: Any) -> bool:
    """A parser for ``true``/``yes``/``1``/``on`` or ``false``/``no``/``0``/``off``; anything
    else raises ``ValueError`` (``rule.bad_value``)."""
    value = str(text).strip().lower()
    if value in ("true", "yes", "1", "on"):
        return True
    if value in ("false", "no", "0", "off"):
        return False
    raise ValueError(text)


boolean.choices = ("true", "false")  # type: ignore[attr-defined]


# -- options --------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A house-rule option: ``key``, its default (a value, or a function of the
    player count), the allowed values in words, a parser, and what it does."""

    key: str
    default: Any
    values: str
    parse: Callable[[Any], Any]
    help: str
    #: the values one types, where they are a short list (``("face", "5-10-15")``); () for a number
    choices: tuple[str, ...] = ()

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default

    @property
    def said_values(self) -> Said:
        """The allowed values in words, said in the language spoken (message code ``option.KEY.values``)."""
        return Said(f"option.{self.key}.values", self.values)


def option(default: Any, values: str, parse: Callable[[Any], Any], help: str,
           choices: Sequence[str] | None = None) -> Any:
    """A field of a :class:`RuleSet`: its ``default`` (the typed value), ``values`` (the allowed
    values in words, as ``rules`` lists them: "a whole number ≥ 1"), ``parse`` (a parser:
    :func:`whole_number`, :func:`one_of`, :func:`boolean`, :func:`or_none`, or a function of
    your own raising ``ValueError``) and ``help`` (what it does, one line); ``choices``, the
    values one types where they are a short list (by default those of a :func:`one_of` /
    :func:`one_of_enum` / :func:`boolean` parser)::

        target: int = option(100, "a whole number ≥ 1", whole_number(1), "the total that ends the game")
    """
    found = tuple(getattr(parse, "choices", ())) if choices is None else tuple(choices)
    return field(default=default, metadata={"values": values, "parse": parse, "help": help,
                                            "choices": tuple(str(c) for c in found)})


@dataclass(frozen=True)
class FromOptions:
    """An option's value worked out from the other options' typed values where it is not
    given (Gin Rummy's ``target``, 150 under ``oklahoma``; Contract Rummy's ``jokers`` from
    the ``packs``): ``of(values)`` gives it, ``shown`` says it in words for ``rules``."""

    of: Callable[[Mapping[str, Any]], Any]
    shown: str


@dataclass(frozen=True)
class Presets:
    """Named sets of option values a table picks with ``new --rule preset=NAME`` (Gin Rummy's
    bonus schools, Contract Rummy's Bicycle and Liverpool), as data: ``sets`` maps each name to
    ``{key: value}`` (a value as text is read by the option's own parser, or a
    :class:`FromOptions`); ``default`` is the set used when none is named; ``values`` and
    ``help`` are what ``rules`` says of ``preset``. The name is never stored: options given
    as well override the set's values, and a session stores the values in force."""

    default: str
    sets: Mapping[str, Mapping[str, Any]]
    values: str
    help: str

    @property
    def option(self) -> Option:
        """``preset`` as ``rules`` lists it (before the stored options)."""
        return Option("preset", self.default, self.values, lambda v: str(v).strip().lower(), self.help,
                      tuple(self.sets))

    def shown(self) -> dict[str, dict[str, Any]]:
        """Each set as ``rules`` shows it: a worked-out value in its words."""
        return {name: {k: v.shown if isinstance(v, FromOptions) else v for k, v in values.items()}
                for name, values in self.sets.items()}


class RuleSet(Mapping):
    """A variant's options, as a frozen dataclass (subclasses declare the fields
    with :func:`option`). Each value is checked and made typed when the set is
    made; a bad one raises :class:`InputError` ``rule.bad_value``; then :meth:`check`
    refuses the combinations the game cannot be played with.

    A subclass may declare, as class attributes: ``presets`` (a :class:`Presets`),
    ``by_players`` (``{key: {players: value}}``: a default by player count),
    ``worked_out`` (``{key: FromOptions}``: defaults worked out from the other options) and
    ``refused`` (``{key: message code}``: another variant's option this one refuses in a
    sentence of its own, Gin Rummy's ``tie``). :func:`resolve_rules` reads them.

    It is also a read-only mapping of option key to value, so ``dict(rules)``
    is what the store saves (plain JSON values).
    """

    presets: ClassVar[Presets | None] = None
    worked_out: ClassVar[Mapping[str, FromOptions]] = {}
    refused: ClassVar[Mapping[str, str]] = {}
    #: defaults that depend on the player count: ``{key: {players: value}}`` (Rummy 500's ``decks``)
    by_players: ClassVar[Mapping[str, Mapping[int, Any]]] = {}

    def __post_init__(self) -> None:
        for opt in self.options():
            value = getattr(self, opt.key)
            try:
                typed = opt.parse(value)
            except (ValueError, TypeError):
                raise value_refused(opt, as_typed(value)) from None
            object.__setattr__(self, opt.key, typed)
        self.check()

    def check(self) -> None:
        """Refuse a combination of values the game cannot be played with (nothing, unless a
        variant says otherwise). Raises :class:`InputError`."""

    @classmethod
    def options(cls) -> tuple[Option, ...]:
        """The options the class declares, in order: each its ``key``, ``default``, ``values``,
        ``parse``, ``help`` and ``choices``."""
        return tuple(Option(f.name, f.default, f.metadata["values"], f.metadata["parse"], f.metadata["help"],
                            f.metadata.get("choices", ()))
                     for f in fields(cls))

    def __getitem__(self, key: str) -> Any:
        if key not in _option_keys(type(self)):  # (read for every option a rule asks: no call more than needed)
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())

    def _keys(self) -> tuple[str, ...]:
        return _option_keys(type(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self)!r})"


def as_typed(value: Any) -> Any:
    """An option's value as it is typed (``--rule key=VALUE``) and as a refusal or an export
    says it: ``true``/``false``, ``none``; any other value as it is."""
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else value


@functools.lru_cache(maxsize=None)
def _option_keys(rule_set: type) -> tuple[str, ...]:
    """The option keys of a :class:`RuleSet` class, in order (read on every ``rules[key]``:
    worked out once per class)."""
    return tuple(f.name for f in fields(rule_set))


# -- reading options ----------------------------------------------------------------


def _no_variant_known() -> frozenset[str]:
    return frozenset()


#: Lists every option key of every variant, to tell "not for this variant" from "no such
#: option". Nothing here imports a variant: the registry (:mod:`scorekeeper.core.variants`),
#: which alone knows every variant, sets it when imported -- before any variant is made, as
#: every variant's module is in its package.
every_option_key: Callable[[], Collection[str]] = _no_variant_known


def unknown_option(key: str, variant: Any, keys: Sequence[str]) -> InputError:
    """The error for option ``key`` that ``variant`` (its name as said) does not have, whose
    options are ``keys``: ``rule.not_for_variant`` for another variant's option, else
    ``rule.unknown_near`` with the option it most likely meant (``targte`` → ``target``,
    fact ``near``), else ``rule.unknown``."""
    from scorekeeper.core.near import closest

    if key in every_option_key():
        return InputError("rule.not_for_variant", key=key, variant=variant, keys=list(keys))
    near = closest(key, keys)
    if near is not None:
        return InputError("rule.unknown_near", key=key, near=near, variant=variant, keys=list(keys))
    return InputError("rule.unknown", key=key, variant=variant, keys=list(keys))


def parse_rule_args(variant: Variant, args: Sequence[str], players: int) -> RuleSet:
    """Read ``KEY=VALUE`` options for ``variant`` and fill in the defaults.

    Raises :class:`InputError` for a malformed option, an unknown key (listing
    the keys), a key that does not apply to the variant, or a bad value
    (listing what is allowed).
    """
    given: dict[str, str] = {}
    for arg in args:
        key, eq, value = str(arg).partition("=")
        key = key.strip().lower().replace("-", "_")
        if not eq or not key:
            raise InputError("rule.not_key_value", arg=arg)
        given[key] = value
    return resolve_rules(variant, given, players)


def resolve_rules(variant: Variant, given: Mapping[str, Any], players: int) -> RuleSet:
    """Check option values given as text (or already typed: a stored session) and fill in the
    rest: from the named preset (or the default one) where the rule set has :class:`Presets`,
    then the worked-out values (:class:`FromOptions`), then the defaults for ``players``.

    Raises :class:`InputError`: a refused key's own code (``RuleSet.refused``),
    ``rule.not_for_variant`` / ``rule.unknown`` for a key that is not the variant's,
    ``rule.bad_value`` for a value (or a preset name) outside what is allowed, and what the
    rule set's ``check`` and the variant's ``check_setup`` raise.
    """
    kind = variant.rules_type
    presets = kind.presets
    options = {o.key: o for o in variant.options}
    keys = [o.key for o in variant.listed_options] + list(options)
    values: dict[str, Any] = {}
    chosen = None if presets is None else presets.default
    for raw_key, value in given.items():
        key = str(raw_key).strip().lower().replace("-", "_")
        if presets is not None and key == "preset":
            chosen = str(value).strip().lower()
            if chosen not in presets.sets:
                raise InputError("rule.bad_value", key=key, value=value, values=presets.option.said_values)
            continue
        if key in kind.refused:
            raise InputError(kind.refused[key])
        opt = options.get(key)
        if opt is None:
            raise unknown_option(key, variant.said_name, keys)
        values[key] = _parsed(opt, value)
    worked = dict(kind.worked_out)
    for key, value in (presets.sets[chosen] if presets is not None and chosen else {}).items():
        if key in values:
            continue
        if isinstance(value, FromOptions):
            worked[key] = value
        else:
            values[key] = _parsed(options[key], value)
    for key, opt in options.items():
        if key not in values and key not in worked:
            values[key] = opt.default_for(players)
    for key, rule in worked.items():
        if key not in values:
            values[key] = _parsed(options[key], rule.of(values))
    rules = variant.rules_for(values, players)
    variant.scoring.check_setup(rules, players)
    return rules


def _parsed(opt: Option, value: Any) -> Any:
    """``value`` read by the option's parser. Raises :class:`InputError` ``rule.bad_value``."""
    try:
        return opt.parse(str(value).lower() if isinstance(value, bool) else value)
    except (ValueError, TypeError):
        raise value_refused(opt, as_typed(value)) from None
