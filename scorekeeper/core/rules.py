"""What a variant is, as data: its facts, its options and its rule-book functions.

A :class:`Variant` declares the facts of its rule book as typed fields (the
players, the deal, the card values, what makes a meld legal, how a hand ends,
the goal, who wins, the end bonuses, the word the book uses for a deal); the
rule-book functions that score a hand and end the game live in the variant's
own module. Its house-rule options (``new --rule KEY=VALUE``, SPEC §2.6) are a
typed frozen dataclass (a :class:`RuleSet`), checked when it is made: a bad
key or value is refused with the allowed values, never silently replaced.

Nothing here imports a variant: the registry (:mod:`scorekeeper.core.variants`)
loads the variants, and each variant imports this module.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
import functools
from functools import cached_property
from typing import Any, Callable, ClassVar, Iterator, Sequence

from scorekeeper.core.cards import RANKS, Card
from scorekeeper.core.errors import InputError
from scorekeeper.core.melds import MeldReading, MeldRules
from scorekeeper.core.messages import add_variant_texts, render, variant_words
from scorekeeper.core.numbers import MAX_NUMBER, TooBig, too_big


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

# A game's setup and results are defined by :mod:`scorekeeper.core.game`, which imports
# this module; here they are named only in words, so that nothing imports back.
GameSetup = Any
HandResult = Any


# -- parsing option values ------------------------------------------------------


def whole_number(minimum: int) -> Callable[[Any], int]:
    """A parser for a whole number ≥ ``minimum`` and at most
    :data:`~scorekeeper.core.numbers.MAX_NUMBER` (beyond it: :class:`~scorekeeper.core.numbers.TooBig`)."""

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
    """A parser accepting one of ``choices`` (case-insensitive); digits become ints."""

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
    """A parser for ``true``/``yes``/``1``/``on`` or ``false``/``no``/``0``/``off``."""
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
    """A field of a :class:`RuleSet`: its default, allowed values in words, parser and help;
    ``choices``, the values one types where they are a short list (by default those of a
    :func:`one_of` / :func:`one_of_enum` / :func:`boolean` parser)."""
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
    ``worked_out`` (``{key: FromOptions}``: defaults worked out from the other options) and
    ``refused`` (``{key: message code}``: another variant's option this one refuses in a
    sentence of its own, Gin Rummy's ``tie``). :func:`resolve_rules` reads them.

    It is also a read-only mapping of option key to value, so ``dict(rules)``
    is what the store saves (plain JSON values).
    """

    presets: ClassVar[Presets | None] = None
    worked_out: ClassVar[Mapping[str, FromOptions]] = {}
    refused: ClassVar[Mapping[str, str]] = {}

    def __post_init__(self) -> None:
        for opt in self.options():
            value = getattr(self, opt.key)
            try:
                typed = opt.parse(value)
            except (ValueError, TypeError):
                raise value_refused(opt, _said(value)) from None
            object.__setattr__(self, opt.key, typed)
        self.check()

    def check(self) -> None:
        """Refuse a combination of values the game cannot be played with (nothing, unless a
        variant says otherwise). Raises :class:`InputError`."""

    @classmethod
    def options(cls) -> tuple[Option, ...]:
        return tuple(Option(f.name, f.default, f.metadata["values"], f.metadata["parse"], f.metadata["help"],
                            f.metadata.get("choices", ()))
                     for f in fields(cls))

    def __getitem__(self, key: str) -> Any:
        if key not in self._keys():
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


def _said(value: Any) -> Any:
    """A value as a refusal says it: ``true``/``false``, ``none``."""
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else value


@functools.lru_cache(maxsize=None)
def _option_keys(rule_set: type) -> tuple[str, ...]:
    """The option keys of a :class:`RuleSet` class, in order (read on every ``rules[key]``:
    worked out once per class)."""
    return tuple(f.name for f in fields(rule_set))


# -- the facts of a variant -------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """The deal by player count: decks, jokers and cards dealt to each player
    (``extra_to_leader`` more to the player left of the dealer, Crazy Rummy)."""

    decks: Mapping[int, int]
    jokers: Mapping[int, int]
    cards: Mapping[int, int]
    extra_to_leader: int = 0


class CardScale(StrEnum):
    """How cards are valued: by face, or on the 5-10-15 scale (Rummy 500's option)."""

    FACE = "face"
    FIVE_TEN_FIFTEEN = "5-10-15"


@dataclass(frozen=True)
class CardValues:
    """What a card counts: ``ace`` (high, or in hand), ``low_ace`` (at the low end
    of a run), ``court`` (J Q K), ``ten``, ``pips`` (2–9; None means face value),
    ``joker`` and ``wild`` (a wild card of the round) where the game has them."""

    ace: int
    low_ace: int
    court: int = 10
    ten: int = 10
    pips: int | None = None
    joker: int | None = None
    wild: int | None = None
    scale: CardScale = CardScale.FACE
    #: what an ace left in hand counts where it is not ``ace`` (Rummy 500's ``ace_in_hand=1``), else None
    ace_held: int | None = None

    def pip(self, rank: int) -> int:
        """A 2–10's value."""
        if rank == 10:
            return self.ten
        return rank if self.pips is None else self.pips


@dataclass(frozen=True)
class DeckBounds:
    """What all the cards of a game's decks are worth, in points (I-6): ``table`` on the table,
    ``hand`` in hand, ``anywhere`` each card where it counts most; ``decks`` and ``jokers``."""

    table: int
    hand: int
    anywhere: int
    decks: int
    jokers: int


class Wilds(StrEnum):
    """Which cards are wild: none, the jokers, or the rank named by the round number."""

    NONE = "none"
    JOKERS = "jokers"
    ROUND_RANK = "round rank"


@dataclass(frozen=True)
class Tally:
    """A variant's own statistics (``stats``, SPEC §5), added to each player's row and to each
    head-to-head row under ``key``: ``game_of(players, state)`` gives what one game holds for
    them (``state`` a scored :class:`~scorekeeper.core.game.GameState`), ``empty()`` a row of
    zeros, ``add(row, name, game)`` adds a game's figures for player ``name`` to ``row``;
    ``columns``, ``title`` and ``versus_title`` say how ``stats`` shows them."""

    key: str
    game_of: Callable[[Sequence[str], Any], Any]
    empty: Callable[[], dict]
    add: Callable[[dict, str, Any], dict]
    #: how ``stats`` shows the figures: ``(figure key, heading message code)`` in column order (a
    #: figure None is shown as "—", a fraction with two decimals), under the message codes ``title``
    #: (per player) and ``versus_title`` (head to head)
    columns: tuple[tuple[str, str], ...] = ()
    title: str = ""
    versus_title: str = ""


@dataclass(frozen=True)
class Screens:
    """What a variant's screens add to the common ones, as words kept as data (each a
    :class:`~scorekeeper.core.phrase.Phrase`, said in the language spoken), worked out from the
    documents the application returns; the screens draw them, never knowing the variant.
    Each is optional:

    * ``hand(context)`` -> the lines ``explain`` shows about a hand before the players' lines
      (``context``: the hand's, as ``explain --json`` has it; Gin Rummy: the kind of hand, the
      deadwood, the bonus school, what was found in each player's cards);
    * ``preview(context)`` -> the lines the prompt's preview shows before "Save hand N?"
      (Gin Rummy: the melds, lay-offs and deadwood found);
    * ``summary(context)`` -> a hand in one cell of ``history`` (or None), under the heading
      ``summary_heading`` (a message code) (Gin Rummy: the kind of hand, the up-card, the doubling);
    * ``standings(doc)`` -> the lines after the standings table (``doc``: the standings
      document; Gin Rummy: boxes, end bonuses, a shutout);
    * ``intro(rules)`` -> how to answer at the prompt, in place of the common words (Gin Rummy:
      the cards each player shows; under Oklahoma the up-card last).
    """

    hand: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    preview: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    summary: Callable[[Mapping[str, Any]], Any] | None = None
    summary_heading: str = ""
    standings: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    intro: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None

    def hand_lines(self, context: Any) -> list:
        """The ``hand`` lines for ``context`` ([] where the variant declares none)."""
        return list(self.hand(context)) if self.hand is not None and isinstance(context, Mapping) else []

    def preview_lines(self, context: Any) -> list:
        """The ``preview`` lines for ``context`` ([] where the variant declares none)."""
        return list(self.preview(context)) if self.preview is not None and isinstance(context, Mapping) else []

    def summary_of(self, context: Any) -> Any:
        """The ``summary`` of a hand with ``context`` (None where there is none)."""
        return self.summary(context) if self.summary is not None and isinstance(context, Mapping) else None

    def standings_lines(self, doc: Mapping[str, Any]) -> list:
        """The ``standings`` lines for the standings ``doc`` ([] where none)."""
        return list(self.standings(doc)) if self.standings is not None else []

    def intro_lines(self, rules: Mapping[str, Any]) -> list | None:
        """The ``intro`` lines under ``rules``, or None: the common words."""
        return list(self.intro(rules)) if self.intro is not None else None


@dataclass(frozen=True, eq=False)
class Variant:
    """One rummy variant, as the rule book has it.

    Facts: ``min_players``/``max_players``; ``deal`` (decks, jokers, cards by
    player count); ``card_values``; ``wilds`` and ``ace_high`` (what a legal meld
    is, per round); ``melds_score``; ``endings`` (how a hand may end: ``knock``,
    ``out``, ``stock``) and ``ending_required`` (the entry must say which);
    ``rounds`` (a fixed number, or None: the game ends at the ``target`` option);
    ``lowest_wins``; ``bonuses`` (points by name: ``out``, ``undercut``,
    ``target``, ``round``); ``deal_word`` ("hand", "round" or "deal": what the
    screens call one deal); ``rules_type`` (its
    options as a :class:`RuleSet` subclass), with ``option_defaults`` giving the
    defaults that depend on the player count.

    Rule-book functions: ``score(entry, setup, number)`` scores hand ``number``
    (1-based) as a :class:`HandResult`; ``end(setup, results)`` says whether the
    game is over, who won and the end bonuses; ``check_setup(variant, rules,
    players)`` refuses impossible option combinations; ``value_meld(reading,
    rules)`` gives a meld's points where melds score.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    rules_type: type[RuleSet]
    summary: str
    interpretations: tuple[str, ...]
    player_keys: frozenset[str]
    deal: Deal
    card_values: CardValues
    wilds: Wilds
    ace_high: bool
    melds_score: bool
    endings: frozenset[str]
    lowest_wins: bool
    deal_word: str
    #: ``score(entry, setup, number)`` -> HandResult
    score: Callable[[Any, GameSetup, int], HandResult]
    #: ``end(setup, results)`` -> Ending
    end: Callable[[GameSetup, Sequence[HandResult]], Any]
    rounds: int | None = None
    ending_required: bool = False
    bonuses: Mapping[str, int] = field(default_factory=dict)
    option_defaults: Mapping[str, Mapping[int, Any]] = field(default_factory=dict)
    value_meld: Callable[[MeldReading, Mapping[str, Any]], int] | None = None
    #: ``values_of(rules)`` -> the card values under the session's options (Rummy 500's
    #: ``card_values``); None: always ``card_values``
    values_of: Callable[[Mapping[str, Any]], CardValues] | None = None
    #: whether a hand's points are deadwood (Gin Rummy: melded cards in hand count nothing),
    #: not every card left in hand; then a points-only 0 does not mean no cards are left (I-6)
    hand_is_deadwood: bool = False
    check_setup: Callable[[Variant, Mapping[str, Any], int], None] = field(
        default=lambda variant, rules, players: None)
    #: ``read_entry(raw, players)`` -> the entry ``score`` takes, for a variant whose hand
    #: entries are not the shared structure (Gin Rummy's cards, knock and up-card); None: the shared one
    read_entry: Callable[[Any, Sequence[str]], Any] | None = None
    #: ``read_line(args, players)`` -> a raw entry from one-line arguments; None: the shared form
    read_line: Callable[[Sequence[str], Sequence[str]], dict] | None = None
    #: ``write_line(entry, players)`` -> a stored entry back in the variant's one-line form,
    #: ``{player: text, "": separate arguments}``, what ``read_line`` reads back to the same entry
    #: (Gin Rummy's cards, ``big`` and ``up=CARD``; Contract Rummy's ``cut`` and ``[]``); None:
    #: the shared form (:func:`~scorekeeper.core.oneline.write_line_entries`)
    write_line: Callable[[Any, Sequence[str]], dict[str, str]] | None = None
    #: the option saying who deals the next hand, for a variant whose deal does not pass left every
    #: hand (Gin Rummy's ``next_dealer``): its value ``winner`` (the hand's winner deals), ``loser``
    #: (the player after the winner), ``alternate`` or ``left`` (the deal passes left); a hand nobody
    #: won (a void hand) is dealt again by the same dealer. "": the deal passes left every hand
    dealer_option: str = ""
    #: ``meld_rules_of(rules)`` -> what makes a meld legal, where the variant says it itself
    meld_rules_of: Callable[[Mapping[str, Any]], MeldRules] | None = None
    #: ``state_facts(state)`` -> what the standings add for the variant (Gin Rummy: ``shutout``)
    state_facts: Callable[[Any], Mapping[str, Any]] | None = None
    #: ``hand_facts(result)`` -> what ``hand --json`` and ``history --json`` add per hand
    #: (Gin Rummy: ``kind``, ``knocker``, ``deadwood``, ``knock_limit``, ``multiplier``, ``arrangement``)
    hand_facts: Callable[[Any], Mapping[str, Any]] | None = None
    #: the goal in words where "highest total wins" does not say it (a message code taking ``target``)
    goal_code: str = ""
    #: what the prompt asks each player for at the table: ``"parts"`` (the melds, lay-offs and
    #: cards left in hand that score, see ``scorekeeper.cli.prompt.parts_asked``), ``"melds"``
    #: (the melds, lay-offs and cards left in hand, the melds checked though they score nothing:
    #: Contract Rummy's contracts) or ``"cards"`` (one answer per player, the player's part read with
    #: the variant's one-line form, :attr:`cards_question` and :attr:`check_answer`; then who knocked,
    #: where no answer said it: Gin Rummy's cards shown)
    prompt_asks: str = "parts"
    #: what a hand won (I-7; ``won`` in the standings) is: ``"out"``, the player went out
    #: (Rummy 500, Rum 500, Crazy Rummy), or ``"won"``, the player is among the hand's winners
    #: (Carousel's round winners, Gin Rummy's boxes) — the standings name their column after it
    won_counts: str = "out"
    #: interpretation id (of :attr:`interpretations`) -> the option that changes it, where one does
    interpretation_options: Mapping[str, str] = field(default_factory=dict)
    #: the variant's own message templates (code -> English template), taken when it is loaded
    #: (SPEC §8); its explanation lines, errors and its ``section.REF``/``interpretation.ID`` texts
    templates: Mapping[str, str] = field(default_factory=dict)
    #: a folder of gettext catalogs for the variant's own texts (``LANG/LC_MESSAGES/<id>.mo``);
    #: None: they are in the program's catalogs (a built-in variant), or English only
    catalogs: Any = None
    #: where ``rules`` and the help list the variant: by this number, then by id
    list_order: int = 1000
    #: ``judge_meld(cards, rules)`` -> the reading of one meld, for a variant whose melds are not
    #: the shared ones (Contract Rummy: sets of any size, runs of four); raises ``IllegalMeld``.
    #: None: :func:`~scorekeeper.core.melds.read_meld` under :meth:`meld_rules`
    judge_meld: Callable[[Sequence[Any], Mapping[str, Any]], MeldReading] | None = None
    #: ``judge_deal(rules, number, melds)`` -> ``{key: verdict}``: whether ``melds`` make what deal
    #: ``number`` asks for, for a variant whose deals ask for particular melds (Contract Rummy's
    #: contracts, ``check … --deal N``); the verdict a mapping whose ``reason`` is words as data
    judge_deal: Callable[[Mapping[str, Any], int, Sequence[Any]], Mapping[str, Any]] | None = None
    #: ``decks_of(rules)`` -> ``(decks, jokers)`` in play, for a variant whose options set them
    #: (Contract Rummy's ``packs`` and ``jokers``); None: by player count (and a ``decks`` option)
    decks_of: Callable[[Mapping[str, Any]], tuple[int, int]] | None = None
    #: ``deal_words(rules, number)`` -> what deal ``number`` asks for, in words as data, or None
    #: past the last (Contract Rummy: "Deal 3 — two runs (R4+R4)."), said with the standings and
    #: when the prompt asks for that deal; None: the variant's deals all ask the same
    deal_words: Callable[[Mapping[str, Any], int], Any] | None = None
    #: ``asks_also(rules, entry)`` -> ``[(key, question), ...]`` or ``[(key, question, read), ...]``:
    #: the deal's other facts the prompt asks for at the table, once every player's part is in
    #: (``entry``: the hand as answered so far), each a top-level key of the entry, the question words
    #: as data. Without ``read`` the answer names one player or nobody (Contract Rummy's ``cut``, where
    #: there is a cut bonus); ``read(text)`` reads any other answer as the value stored under ``key``
    #: (None: nothing stored), raising :class:`InputError` to ask again (Gin Rummy's ``upcard`` under
    #: Oklahoma, unless the hand is void). ``rules`` and ``entry`` None: every key it may ask (to give
    #: an edited deal's answers again). None: nothing more
    asks_also: Callable[[Mapping[str, Any] | None, Mapping[str, Any] | None], Sequence[tuple]] | None = None
    #: the question the prompt asks each player where ``prompt_asks`` is ``"cards"``, a message code
    #: (Gin Rummy: "cards (10; 11 for big gin)"); "": the common words
    cards_question: str = ""
    #: ``check_answer(entry, player)`` -> the entry one player's answer at the prompt gives (``read_line``
    #: of ``"NAME: TEXT"``, where ``prompt_asks`` is ``"cards"``), checked at once and completed with
    #: what it says of the hand; also given ``{"players": {player: part}, "knock": player}`` when the
    #: knocker is named after their part (Gin Rummy: nothing at all given is refused, 10 cards are
    #: shown, 11 only by the knocker, whose 11 cards mark ``big_gin``). Raises :class:`InputError`.
    #: None: the answer as read
    check_answer: Callable[[dict, str], dict] | None = None
    #: ``dealt_words(players)`` -> the cards dealt in words as data, where they change from deal to
    #: deal (Contract Rummy: 10 each in deals 1-4, 12 in deals 5-7); None: :attr:`deal` says it
    dealt_words: Callable[[int], Any] | None = None
    #: the variant's own statistics, where it has any (Gin Rummy's gins, undercuts, knocks …)
    tally: Tally | None = None
    #: the rule the end-of-game bonuses come from, as an explanation cites it (``"§2.4, I-2"``)
    end_rule: str = ""
    #: what the variant's screens add to the common ones, as words (:class:`Screens`)
    screens: Screens = Screens()

    def __post_init__(self) -> None:
        """The variant's own texts join the program's as soon as it is made (SPEC §8), however
        it is reached. Raises ``ValueError`` for a message code that is already another's."""
        if self.templates or self.catalogs is not None:
            add_variant_texts(self.id, self.templates, self.catalogs)

    # -- facts read as the rest of the program asks for them --

    @property
    def said_name(self) -> Said:
        """The name as a fact of a sentence: said as the language being spoken writes it."""
        return Said("variant", self.name)

    @cached_property
    def options(self) -> tuple[Option, ...]:
        """The options, with the defaults that depend on the player count."""
        out = []
        for o in self.rules_type.options():
            by_count = self.option_defaults.get(o.key)
            if by_count is not None:
                o = Option(o.key, by_count.__getitem__, o.values, o.parse, o.help, o.choices)
            out.append(o)
        return tuple(out)

    @property
    def listed_options(self) -> tuple[Option, ...]:
        """Options ``new`` takes that are not stored (``preset``: the values it sets are), listed
        by ``rules`` before the stored ones: from the rule set's :class:`Presets`."""
        presets = self.rules_type.presets
        return () if presets is None else (presets.option,)

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        """The named sets of option values as ``rules`` shows them ({} where there are none)."""
        presets = self.rules_type.presets
        return {} if presets is None else presets.shown()

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options + self.listed_options if o.key == key), None)

    @property
    def knock_allowed(self) -> bool:
        return "knock" in self.endings

    @property
    def has_jokers(self) -> bool:
        return any(self.deal.jokers.values())

    @property
    def has_wild_cards(self) -> bool:
        return self.wilds is not Wilds.NONE

    @property
    def round_matters(self) -> bool:
        """Whether what makes a meld legal changes from round to round (the wild rank)."""
        return self.wilds is Wilds.ROUND_RANK

    @property
    def target(self) -> int | None:
        """The default target total, where the game ends on one."""
        o = self.option("target")
        return None if o is None else o.default_for(self.min_players)

    def decks(self, setup: GameSetup) -> tuple[int, int]:
        """``(decks, jokers)`` in play for the setup (the ``decks`` option where there is one)."""
        return self.decks_in(setup.rules, len(setup.players))

    def decks_in(self, rules: Mapping[str, Any], players: int) -> tuple[int, int]:
        """``(decks, jokers)`` in play under ``rules`` for ``players`` players."""
        if self.decks_of is not None:
            return self.decks_of(rules)
        decks = rules["decks"] if "decks" in rules else self.deal.decks[players]
        return decks, self.deal.jokers[players]

    def dealt(self, players: int) -> str:
        """The cards dealt in words: ``"7 cards each, 8 to the player left of the dealer"``."""
        if self.dealt_words is not None:
            return str(self.dealt_words(players))
        each = self.deal.cards[players]
        if self.deal.extra_to_leader:
            return render("deal.cards_each_extra", {"each": each, "leader": each + self.deal.extra_to_leader})
        return render("deal.cards_each", {"each": each})

    def wild_rank(self, round_: int) -> int | None:
        """The rank wild in round ``round_`` (Crazy Rummy: the round number), else None.

        Raises :class:`InputError` ``crazy.no_such_round`` for a round outside the game.
        """
        if self.wilds is not Wilds.ROUND_RANK:
            return None
        if self.rounds is not None and not 1 <= round_ <= self.rounds:
            raise InputError("crazy.no_such_round", rounds=self.rounds, round=round_)
        return round_

    def meld_rules(self, rules: Mapping[str, Any], round_: int = 0) -> MeldRules:
        """What makes a meld legal in round ``round_`` (the wild rank, the ace, identical
        cards in a set only with two decks and ``set_duplicates``)."""
        if self.meld_rules_of is not None:
            return self.meld_rules_of(rules)
        duplicates = bool(rules.get("set_duplicates")) and rules.get("decks") == 2
        if self.wilds is Wilds.JOKERS:
            return MeldRules(wild=_is_joker, ace_high=self.ace_high, set_duplicates=duplicates,
                             wild_name=Said("wild", "joker"))
        if self.wilds is Wilds.ROUND_RANK:
            rank = self.wild_rank(round_)
            return MeldRules(wild=_RankWild(rank), ace_high=self.ace_high, set_duplicates=duplicates,
                             wild_name=Said("wild", f"wild {RANKS[rank - 1]}"))
        return MeldRules(ace_high=self.ace_high, set_duplicates=duplicates)

    def meld_value(self, reading: MeldReading, rules: Mapping[str, Any]) -> int | None:
        """A meld's points where melds score (Rummy 500, Rum 500), else None."""
        if not self.melds_score or self.value_meld is None:
            return None
        return self.value_meld(reading, rules)

    def facts_of(self, result: HandResult) -> dict[str, Any]:
        """What the variant adds to a hand's JSON (nothing for most variants)."""
        return dict(self.hand_facts(result)) if self.hand_facts is not None else {}

    def line_entry(self, args: Sequence[str], players: Sequence[str]) -> dict:
        """The raw hand entry one-line arguments give (SPEC §4.2), in the variant's own form
        where it has one. Raises :class:`InputError`."""
        if self.read_line is not None:
            return self.read_line(args, players)
        from scorekeeper.core.oneline import parse_line_entries

        return parse_line_entries(list(args), players, self.knock_allowed, self.player_keys)

    def entry_lines(self, entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
        """A stored hand entry in the variant's one-line form (SPEC §4.2): ``{player: text}``
        (each player's part, with the words of the player who knocked or went out) and, under
        ``""``, the separate arguments (``stock``); names spelled as ``players`` spell them.
        What :meth:`line_entry` reads back to the same entry. Not a mapping: ``{}``."""
        if self.write_line is not None:
            return dict(self.write_line(entry, players))
        from scorekeeper.core.oneline import write_line_entries

        return write_line_entries(entry, players)

    def values_for(self, rules: Mapping[str, Any]) -> CardValues:
        """The card values under ``rules``."""
        return self.values_of(rules) if self.values_of is not None else self.card_values

    @property
    def zero_is_empty(self) -> bool:
        """Whether a points-only 0 in hand means no cards are left (I-6): the hand counts
        every card left in it, and every card counts something."""
        v = self.card_values
        counts = [v.ace, v.low_ace, v.court, v.ten, v.pips if v.pips is not None else 2, v.joker, v.wild]
        return not self.hand_is_deadwood and all(c is None or c > 0 for c in counts)

    def out_bonus(self, rules: Mapping[str, Any]) -> int:
        """The points going out scores (Carousel's 25, Rummy 500's ``out_bonus``), 0 when none."""
        return int(self.bonuses.get("out") or rules.get("out_bonus") or 0)

    def deck_points(self, setup: GameSetup, number: int) -> tuple[int, int, int]:
        """``(points, decks, jokers)``: what all the cards of the game's decks are worth
        in hand ``number``, each card at the most it can count (an ace high, a wild card of
        the round as a wild), worked out from the card values, decks and jokers (I-6)."""
        bounds = self.deck_bounds(setup, number)
        return bounds.anywhere, bounds.decks, bounds.jokers

    def deck_bounds(self, setup: GameSetup, number: int) -> "DeckBounds":
        """What all the cards of the game's decks are worth in hand ``number`` (I-6), in points:
        on the table (each card at the most it counts there: an ace high, a wild as a wild), in
        hand (an ace as ``ace_in_hand`` says) and anywhere (each card where it counts most)."""
        values = self.values_for(setup.rules)
        decks, jokers = self.decks(setup)
        wild = None
        if self.wilds is Wilds.ROUND_RANK and values.wild is not None:
            try:
                wild = self.wild_rank(setup.round_of(number))
            except InputError:  # a round after the last: refused when it is scored
                wild = None
        table = held = anywhere = 0
        for rank in range(1, 14):
            if rank == 1:
                on, off = max(values.ace, values.low_ace), values.ace if values.ace_held is None else values.ace_held
            else:
                on = off = values.court if rank >= 11 else values.pip(rank)
            if rank == wild:
                on, off = max(on, values.wild), max(off, values.wild)
            table, held, anywhere = table + 4 * on, held + 4 * off, anywhere + 4 * max(on, off)
        joker = jokers * (values.joker or 0)
        return DeckBounds(decks * table + joker, decks * held + joker, decks * anywhere + joker, decks, jokers)

    def rules_for(self, values: Mapping[str, Any], players: int) -> RuleSet:
        """The typed options from already-checked values, defaults filled in for ``players``."""
        given = {o.key: values[o.key] if o.key in values else o.default_for(players) for o in self.options}
        return self.rules_type(**given)


def _is_joker(card: Card) -> bool:
    return card.is_joker


@dataclass(frozen=True)
class _RankWild:
    """Wild when of ``rank`` (a named callable, so two rule sets of one round compare equal)."""

    rank: int

    def __call__(self, card: Card) -> bool:
        return card.rank == self.rank


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
    variant.check_setup(variant, rules, players)
    return rules


def _parsed(opt: Option, value: Any) -> Any:
    """``value`` read by the option's parser. Raises :class:`InputError` ``rule.bad_value``."""
    try:
        return opt.parse(str(value).lower() if isinstance(value, bool) else value)
    except (ValueError, TypeError):
        raise value_refused(opt, _said(value)) from None
