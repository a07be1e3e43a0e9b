"""Rule options (``new --rule KEY=VALUE``, SPEC §2.6) and the variant record.

Each variant is a :class:`Variant`: a frozen record of its name, player
counts, options with defaults and allowed values, and its scoring and
end-of-game functions. Options are checked when a session starts; a bad key
or value is refused with the allowed values, never silently replaced.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from scorekeeper.core.errors import InputError

if TYPE_CHECKING:
    from scorekeeper.core.entry import HandEntry
    from scorekeeper.core.game import Ending, GameSetup
    from scorekeeper.core.melds import MeldReading, MeldRules
    from scorekeeper.core.scoring import HandResult


def whole_number(minimum: int) -> Callable[[str], int]:
    """A parser for a whole number ≥ ``minimum``."""

    def parse(text: str) -> int:
        value = int(str(text).strip())
        if value < minimum:
            raise ValueError(text)
        return value

    return parse


def one_of(*choices: str) -> Callable[[str], Any]:
    """A parser accepting one of ``choices`` (case-insensitive)."""

    def parse(text: str) -> Any:
        value = str(text).strip().lower()
        if value not in choices:
            raise ValueError(text)
        return int(value) if value.isdigit() else value

    return parse


def boolean(text: str) -> bool:
    value = str(text).strip().lower()
    if value in ("true", "yes", "1", "on"):
        return True
    if value in ("false", "no", "0", "off"):
        return False
    raise ValueError(text)


@dataclass(frozen=True)
class Option:
    """A house-rule option: ``key``, its default (a value, or a function of the
    player count), the allowed values in words, a parser, and what it does."""

    key: str
    default: Any
    values: str
    parse: Callable[[str], Any]
    help: str

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default


@dataclass(frozen=True)
class Variant:
    """One rummy variant, as the rule book has it.

    ``score(entry, setup, number)`` scores hand ``number`` (1-based) of a game
    and returns a :class:`HandResult`; ``end(setup, results)`` says whether the
    game is over, who won and the end bonuses; ``decks(setup)`` gives
    ``(decks, jokers)``; ``check_setup`` refuses impossible option combinations;
    ``meld_rules``/``meld_value`` let ``check`` judge a single meld.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    summary: str
    interpretations: tuple[str, ...]
    player_keys: frozenset[str]
    knock_allowed: bool
    lowest_wins: bool
    score: Callable[["HandEntry", "GameSetup", int], "HandResult"]
    end: Callable[["GameSetup", Sequence["HandResult"]], "Ending"]
    decks: Callable[["GameSetup"], tuple[int, int]]
    dealt: Callable[[int], str]
    #: ``meld_rules(rules, round)``: what makes a meld legal (round matters for Crazy Rummy's wild rank)
    meld_rules: Callable[[Mapping[str, Any], int], "MeldRules"] = field(default=lambda rules, rnd: None)
    #: ``meld_value(reading, rules)``: a meld's points where melds score (rummy500, rum500), else None
    meld_value: Callable[["MeldReading", Mapping[str, Any]], int | None] = field(default=lambda reading, rules: None)
    check_setup: Callable[[Mapping[str, Any], int], None] = field(default=lambda rules, players: None)

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)


def parse_rule_args(variant: Variant, args: Sequence[str], players: int) -> dict[str, Any]:
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
            raise InputError(f'The rule option "{arg}" is not KEY=VALUE (for example target=300).')
        given[key] = value
    return resolve_rules(variant, given, players)


def resolve_rules(variant: Variant, given: Mapping[str, Any], players: int) -> dict[str, Any]:
    """Check option values given as text (or already typed) and fill in defaults."""
    from scorekeeper.core.variants import ALL_OPTION_KEYS

    rules: dict[str, Any] = {}
    for key, value in given.items():
        option = variant.option(key)
        if option is None:
            if key in ALL_OPTION_KEYS:
                raise InputError(
                    f'The option "{key}" does not apply to {variant.name}; '
                    f"its options are {', '.join(o.key for o in variant.options)}."
                )
            raise InputError(
                f'"{key}" is not a rule option; {variant.name} has {", ".join(o.key for o in variant.options)}.'
            )
        try:
            rules[key] = option.parse(str(value).lower() if isinstance(value, bool) else value)
        except (ValueError, TypeError):
            raise InputError(f'{key}={value} is not allowed: {key} takes {option.values}.') from None
    for option in variant.options:
        rules.setdefault(option.key, option.default_for(players))
    variant.check_setup(rules, players)
    return rules
