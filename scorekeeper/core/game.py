"""A game: its setup, and its state derived by replaying the hands entered.

Nothing here is stored: the store keeps the setup and the hands as entered,
and :func:`replay` derives scores, totals, the dealer and the end of the game
from them every time, so undo and edit cannot make totals drift (STYLE 5).

:class:`GameState` is the one model of a game every command reads (totals,
running totals, hands won, ranks, dealer and leader, the end and its bonuses),
whether built by replaying the hands or from the per-hand numbers a session
record caches (:meth:`GameState.from_hands`, see :mod:`scorekeeper.app.scoreboard`).
"""
from __future__ import annotations

import gc
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from scorekeeper.core.cards import Card
from scorekeeper.core.entry import HandEntry, closest, find_player, name_key, parse_entry  # noqa: F401 (closest: also for variants)
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core.messages import render
from scorekeeper.core.numbers import typed_number
from scorekeeper.core.phrase import Phrase, Said, TypedText, phrase
from functools import cached_property

from scorekeeper.core.rulebook import Scoring, Variant
from scorekeeper.core.rules import parse_rule_args, resolve_rules
from scorekeeper.core.scoring import HandResult

#: the shared default of :meth:`Scoring.moves` (a deal changes the totals by its scores)
_DEFAULT_MOVES = Scoring.moves


def seated_sides(players: Sequence[str], sides: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """``sides`` in seat order (each side's players, and the sides by their first player's seat),
    checked to hold every one of ``players`` exactly once. Raises :class:`InputError`
    (``teams.unknown_player``, ``teams.player_twice``, ``teams.player_missing``)."""
    seat = {p: i for i, p in enumerate(players)}
    seen: set[str] = set()
    for side in sides:
        for p in side:
            if p not in seat:
                raise InputError("teams.unknown_player", name=str(p), players=list(players))
            if p in seen:
                raise InputError("teams.player_twice", player=p)
            seen.add(p)
    missing = [p for p in players if p not in seen]
    if missing:
        raise InputError("teams.player_missing", players=missing)
    ordered = [tuple(sorted(side, key=seat.__getitem__)) for side in sides if side]
    return tuple(sorted(ordered, key=lambda side: seat[side[0]]))


@dataclass(frozen=True)
class GameSetup:
    """What a session fixes when it starts: the variant, the players in seat
    order, the rule options (typed: the variant's :class:`RuleSet`; a plain
    mapping of stored values is checked and made typed), the first
    dealer's seat (0-based), and ``carried``: the totals a game begun on paper
    starts from (points per player, in seat order; 0 for a player not named).
    Carried points count in the totals and toward the target; they are not a hand.
    ``first_round`` is the round (deal) the first hand recorded is, for a game begun on
    paper where rounds differ (Crazy Rummy's wild rank): 1 unless ``new --round``.
    ``sides``: how the players form sides scored as one (SPEC §8), each a tuple of names: the
    sides a table chose (``new --teams``), else (given empty) the variant's
    (:meth:`~scorekeeper.core.rulebook.deals.Deals.sides`: each player alone unless the rule book
    plays in partnerships); kept in seat order, each side's players too. Partners carry the same
    points over."""

    variant: Variant
    players: tuple[str, ...]
    rules: Mapping[str, Any]
    first_dealer: int = 0
    carried: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False)
    first_round: int = field(default=1, compare=False)
    sides: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.rules, self.variant.rules_type):
            object.__setattr__(self, "rules", resolve_rules(self.variant, self.rules, len(self.players)))
        given = dict(self.carried or {})
        if any(p not in self.players for p in given) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in given.values()):
            raise InputError("carry.not_points_per_player", players=list(self.players))
        object.__setattr__(self, "carried", {p: given[p] for p in self.players if given.get(p)})
        # sides of one are every player alone: the variant's own sides (none chosen) then
        chosen = self.sides if any(len(side) > 1 for side in self.sides) else None
        sides = seated_sides(self.players, self.variant.deals.sides(self.players, chosen))
        object.__setattr__(self, "sides", sides)
        for side in sides:
            if len({self.carried.get(p, 0) for p in side}) > 1:
                raise InputError("carry.partners_differ", players=list(side))

    @property
    def partnered(self) -> bool:
        """Whether some side has more than one player (partnerships): the screens then show sides."""
        return any(len(side) > 1 for side in self.sides)

    def side_of(self, player: str) -> tuple[str, ...]:
        """The side ``player`` plays in (``(player,)`` where each plays alone)."""
        return next(side for side in self.sides if player in side)

    def round_of(self, number: int) -> int:
        """The round (deal) hand ``number`` (1-based, as recorded) is: ``number`` in a game
        recorded from its start, later in a game continued from paper (``new --round``)."""
        return number + self.first_round - 1

    def start_totals(self) -> dict[str, int]:
        """Each player's total before the first hand: what was carried over, else 0, and what
        every player starts with where the variant says so (Indian Rummy's deals games: 80 chips
        a deal, :meth:`~scorekeeper.core.rulebook.scoring.Scoring.opening`)."""
        return dict(self._start_totals)

    @cached_property
    def _start_totals(self) -> dict[str, int]:
        # worked out once: a replay asks for them after every deal (a copy is given, never this one)
        opening = self.variant.scoring.opening(self.rules)
        return {p: self.carried.get(p, 0) + opening for p in self.players}

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total wins under these rules (the variant's ``lowest_wins``, unless
        its scoring says otherwise for them: Indian Rummy's deals games, where the most chips win)."""
        return self.variant.scoring.lowest_wins(self.rules)

    @cached_property
    def moves(self) -> Any:
        """What a deal changes in the totals, as a function of its result (the chips that change
        hands in Indian Rummy's deals games), or None where it is the deal's scores."""
        scoring = self.variant.scoring
        if type(scoring).moves is _DEFAULT_MOVES:
            return None
        rules = self.rules
        return lambda result: scoring.moves(result, rules)

    @property
    def first(self) -> str:
        """The first dealer."""
        return self.players[self.first_dealer]



@dataclass(frozen=True, init=False)
class GameSoFar:
    """The game up to a deal, as a variant's scoring and checks see it (SPEC §8: the game so
    far): ``setup``, and ``played``, the deals before it in order (each a :class:`HandResult`,
    or a :class:`HandSummary` where only the numbers are known). What a rule may ask of it:

    * ``number`` — the coming deal's number as recorded (1 = the first recorded);
    * ``round`` — its number in the game (later than ``number`` in a game continued from paper,
      ``new --round``);
    * ``totals`` — each player's total before it, in points (what was carried over included);
    * ``in_play`` — who takes part in it (the variant's
      :meth:`~scorekeeper.core.rulebook.deals.Deals.in_play`), in seat order;
    * ``dealer`` — who deals it; :meth:`left_of` — the next player to the left in play;
    * ``events`` — the events between deals so far (:class:`Event`: a rejoin, a split), each
      with what it changed in the totals (included in ``totals``).

    Given to :meth:`~scorekeeper.core.rulebook.scoring.Scoring.score` (the game before the deal
    it scores) and :meth:`~scorekeeper.core.rulebook.scoring.Scoring.end` (the game after its
    deals)."""

    setup: GameSetup
    played: Sequence[Any] = ()
    #: who deals the coming deal, where the caller knows it (else worked out from the deals played)
    known_dealer: str | None = None
    #: the coming deal's number where the deals before it are not given (:meth:`at`)
    numbered: int | None = None

    def __init__(self, setup: GameSetup, played: Sequence[Any] = (), known_dealer: str | None = None,
                 numbered: int | None = None) -> None:
        # the fields set at once (a frozen dataclass's own __init__ sets them one by one: a replay
        # makes two of these a deal)
        self.__dict__.update(setup=setup, played=played, known_dealer=known_dealer, numbered=numbered)

    @classmethod
    def at(cls, setup: GameSetup, number: int) -> "GameSoFar":
        """Deal ``number`` of a game whose deals before it are not known: its number (and so its
        round, wild rank or contract), the deal passing left from the first dealer; the totals
        are what was carried over. For judging one deal alone (a test, a worked example)."""
        return cls(setup, (), setup.players[(setup.first_dealer + number - 1) % len(setup.players)], number)

    @property
    def variant(self) -> Variant:
        """The game's :class:`~scorekeeper.core.rulebook.Variant`."""
        return self.setup.variant

    @property
    def rules(self) -> Mapping[str, Any]:
        """The session's options, typed (the variant's :class:`~scorekeeper.core.rules.RuleSet`):
        ``game.rules["target"]``."""
        return self.setup.rules

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the session, in seat order (those out of play too)."""
        return self.setup.players

    @property
    def sides(self) -> tuple[tuple[str, ...], ...]:
        """The sides (:attr:`GameSetup.sides`): each player alone unless the variant plays in sides."""
        return self.setup.sides

    def side_of(self, player: str) -> tuple[str, ...]:
        """The side ``player`` belongs to (SPEC §8: the game so far knows it)."""
        return self.setup.side_of(player)

    @property
    def number(self) -> int:
        """The coming deal's number as recorded: 1 for the first deal recorded."""
        return self.numbered if self.numbered is not None else len(self.played) + 1

    @property
    def round(self) -> int:
        """The coming deal's number in the game: :attr:`number`, later in a game continued from
        paper (``new --round``). What a deal-by-deal rule (a wild rank, a contract) reads."""
        return self.setup.round_of(self.number)

    @cached_property
    def totals(self) -> dict[str, int]:
        """Each player's total before the coming deal, in points: carried over plus what every
        deal changed (its scores, or the variant's :meth:`~Scoring.moves`) and every event."""
        totals = self.setup.start_totals()
        played = self.played
        if isinstance(played, PlayedHands):
            for p, s in played.score_sums.items():
                totals[p] = totals.get(p, 0) + s
            return totals
        moves = self.setup.moves
        for r in played:
            for p, s in (r.scores if moves is None else moves(r)).items():
                totals[p] += s
        return totals

    @property
    def events(self) -> Sequence["Event"]:
        """The events between deals so far, in order (none where ``played`` is a plain list)."""
        return getattr(self.played, "events", ())

    @cached_property
    def in_play(self) -> tuple[str, ...]:
        """The players who take part in the coming deal, in seat order (the variant's
        :meth:`~scorekeeper.core.rulebook.deals.Deals.in_play`: everyone by default)."""
        return tuple(self.setup.variant.deals.in_play(self))

    @cached_property
    def dealer(self) -> str:
        """The player who deals the coming deal."""
        if self.known_dealer is not None:
            return self.known_dealer
        return dealers(self.setup, self.played)[-1]

    def left_of(self, player: str) -> str:
        """The next player to the left of ``player`` (in seat order) who takes part in the
        coming deal."""
        players, playing = self.setup.players, set(self.in_play)
        i = players.index(player)
        for step in range(1, len(players) + 1):
            other = players[(i + step) % len(players)]
            if other in playing:
                return other
        return player


def dealers(setup: GameSetup, results: Sequence[Any]) -> list[str]:
    """Who deals each deal of a game whose deals so far are ``results``: the first dealer, then
    each next one as the variant's deals pass the deal
    (:meth:`~scorekeeper.core.rulebook.deals.Deals.next_dealer`); one more name than
    ``results``: the dealer of the coming deal. Time linear in the deals."""
    deals = setup.variant.deals
    events = list(getattr(results, "events", ()))
    from scorekeeper.core.rulebook.deals import Deals

    if not events and type(deals).next_dealer is Deals.next_dealer and type(deals).in_play is Deals.in_play:
        # the rule book's own way (the deal passes to the left, everyone in every deal): seat after seat
        players, first = setup.players, setup.first_dealer
        return [players[(first + n) % len(players)] for n in range(len(results) + 1)]
    out = [setup.first]
    played = PlayedHands.of(setup)
    while events and events[0].after <= 0:
        played.add_event(events.pop(0))
    for n, r in enumerate(results, 1):
        played.append(r)
        while events and events[0].after <= n:  # an event after this deal counts for the next one
            played.add_event(events.pop(0))
        out.append(deals.next_dealer(GameSoFar(setup, played), out[-1], r))
    return out


def ending_of(setup: GameSetup, results: Sequence[Any]) -> "Ending":
    """Whether the game is over after ``results``, who won and the end bonuses (the variant's
    :meth:`~scorekeeper.core.rulebook.scoring.Scoring.end`)."""
    return setup.variant.scoring.end(GameSoFar(setup, results))


def _in_english(code: str, facts: Mapping[str, Any]) -> str:
    """Message ``code`` in English whatever language is spoken (stored texts)."""
    from scorekeeper.core import messages

    with messages.english():
        return render(code, facts)


@dataclass(frozen=True)
class Ending:
    """Whether the game is over after some hands, who won, and the end bonuses
    (points per player, 0 for most variants). ``note`` explains a tie being
    played off or how the bonuses were given: the sentence of ``note_code``
    with ``note_facts`` (a cached ending keeps the sentence only)."""

    finished: bool
    winners: list[str] = field(default_factory=list)
    bonus: dict[str, int] = field(default_factory=dict)
    note: str = ""
    #: each player's end bonus explained, as ``player -> (code, facts)``
    bonus_facts: dict[str, tuple[str, dict]] = field(default_factory=dict)
    #: the refusal of a hand after the end, where the variant has more to say (Crazy Rummy's 13 rounds)
    after_end: tuple[str, dict] | None = None
    note_code: str = ""
    note_facts: dict = field(default_factory=dict)
    #: the rule each player's end bonus comes from, where it is not the variant's ``end_rule``
    #: (Carousel's +100 is its own rule; the 25s per round won are I-2's): ``player -> rule id``
    bonus_rules: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, finished: bool, winners: Sequence[str] = (), bonus: Mapping[str, int] | None = None,
           note: str = "", facts: Mapping[str, Any] | None = None,
           bonus_facts: Mapping[str, tuple[str, dict]] | None = None,
           bonus_rules: Mapping[str, str] | None = None) -> "Ending":
        """An ending whose note is message ``note`` (a code) with ``facts``: ``finished``
        (the game is over), ``winners`` (names, in seat order), ``bonus`` (end bonuses, points
        per player), ``bonus_facts`` (``{player: (code, facts)}``: why each bonus, in words as
        data) and ``bonus_rules`` (``{player: rule}``: the rule each bonus cites).
        ``Ending.of(True, ["Ann"])``; ``Ending(False)`` while the game goes on."""
        facts = dict(facts or {})
        # the note is kept (and cached) in English, whatever language is spoken: a cache and
        # --json are the same in every language (SPEC §7); people get it from note_code
        text = _in_english(note, facts) if note else ""
        return cls(finished, list(winners), dict(bonus or {}), text, dict(bonus_facts or {}),
                   note_code=note, note_facts=facts, bonus_rules=dict(bonus_rules or {}))

    @property
    def said_note(self) -> str:
        """The note in the language spoken now (the stored :attr:`note` is English)."""
        return render(self.note_code, self.note_facts) if self.note_code else self.note

    @property
    def bonus_reasons(self) -> dict[str, str]:
        """Each player's end bonus explained, as a sentence (a ``Said``, keeping its phrase)."""
        return {p: Said(Phrase(code, facts)) for p, (code, facts) in self.bonus_facts.items()}


@dataclass(frozen=True)
class HandSummary:
    """One hand as the game model needs it: ``scores`` in points per player,
    the players who ``won`` it, whether it was entered as ``points_only`` and
    how it ``ended``. A :class:`HandResult` has the same four, with the lines."""

    scores: dict[str, int]
    won: tuple[str, ...]
    points_only: bool
    ended: str


def rank_totals(players: Sequence[str], totals: Mapping[str, int], lowest_wins: bool) -> list[tuple[int, str, int]]:
    """``(rank, name, total)`` for ``players`` in rank order: the highest total first
    (the lowest with ``lowest_wins``), seat order between equal totals, which share
    a rank (1, 2, 2, 4). Totals are points, end bonuses included (SPEC §5 standings)."""
    sign = 1 if lowest_wins else -1
    seat = {p: i for i, p in enumerate(players)}
    order = sorted(players, key=lambda p: (sign * totals[p], seat[p]))
    ranked, rank, previous = [], 0, None
    for i, p in enumerate(order, 1):
        if totals[p] != previous:
            rank, previous = i, totals[p]
        ranked.append((rank, p, totals[p]))
    return ranked


@dataclass
class GameState:
    """The one model of a game after its hands, used by every command.

    ``results`` are the hands in order: :class:`HandResult` when the game was
    replayed (:func:`replay`), :class:`HandSummary` when it was read from the
    numbers cached in a session record (:meth:`from_hands`); both give
    ``scores``, ``won``, ``points_only`` and ``ended``. From them: ``totals``
    (end bonuses included once finished), ``hand_totals``, ``running_totals()``,
    ``won``, ``ranking()``, and who deals and leads next.
    """

    setup: GameSetup
    results: Sequence[HandResult | HandSummary]
    ending: Ending

    def __post_init__(self) -> None:
        # the hands as a PlayedHands, which keeps their sums and the events between them
        if not isinstance(self.results, PlayedHands):
            self.results = PlayedHands.of(self.setup, self.results)

    @classmethod
    def from_hands(cls, setup: GameSetup, hands: Sequence[HandSummary], ending: Ending,
                   events: Sequence["Event"] = ()) -> "GameState":
        """The model from per-hand numbers already known (a session record's cache), with the
        ``events`` between them (each with what it changed)."""
        return cls(setup, PlayedHands.of(setup, hands, events), ending)

    @property
    def events(self) -> Sequence["Event"]:
        """The events between deals (a rejoin, a split), in order, each with what it changed."""
        return self.results.events  # type: ignore[attr-defined]

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self.setup.players

    @property
    def hands(self) -> int:
        """How many hands were played."""
        return len(self.results)

    @property
    def summaries(self) -> list[HandSummary]:
        """The hands as :class:`HandSummary` (numbers only)."""
        return [r if isinstance(r, HandSummary) else HandSummary(dict(r.scores), tuple(r.won), r.points_only, r.ended)
                for r in self.results]

    @property
    def hand_totals(self) -> dict[str, int]:
        """The points carried over plus what the hands changed (their scores, or the variant's
        :meth:`~Scoring.moves`) and the events between them, before end-of-game bonuses."""
        totals = self.setup.start_totals()
        for p, s in self.results.score_sums.items():  # type: ignore[attr-defined]
            totals[p] = totals.get(p, 0) + s
        return totals

    @property
    def totals(self) -> dict[str, int]:
        """Standings totals: hand scores plus end bonuses (SPEC §5)."""
        base = self.hand_totals
        return {p: base[p] + self.ending.bonus.get(p, 0) for p in self.setup.players}

    def running_totals(self) -> list[dict[str, int]]:
        """The total after each hand, from the points carried over (bonuses not included:
        history shows hand scores); what an event between deals changed counts from the next
        hand on (:meth:`event_totals`: the totals just after each event)."""
        run = self.setup.start_totals()
        moves = self.setup.moves
        events = list(self.events)
        out = []
        for n, r in enumerate(self.results):
            while events and events[0].after <= n:
                for p, s in events.pop(0).change.items():
                    run[p] += s
            for p, s in (r.scores if moves is None else moves(r)).items():
                run[p] += s
            out.append(dict(run))
        return out

    def event_totals(self) -> list[dict[str, int]]:
        """The totals just after each event between deals (:attr:`events`, in order)."""
        run = self.setup.start_totals()
        moves = self.setup.moves
        results = list(self.results)
        done = 0
        out = []
        for e in self.events:
            while done < min(e.after, len(results)):
                for p, s in (results[done].scores if moves is None else moves(results[done])).items():
                    run[p] += s
                done += 1
            for p, s in e.change.items():
                run[p] += s
            out.append(dict(run))
        return out

    @property
    def won(self) -> dict[str, int]:
        """Hands (rounds) won per player (I-7)."""
        counts = {p: 0 for p in self.setup.players}
        for r in self.results:
            for p in r.won:
                counts[p] += 1
        return counts

    def ranking(self) -> list[tuple[int, str, int]]:
        """``(rank, name, total)`` in rank order; equal totals share a rank (1, 2, 2). Where players
        form sides of more than one, the sides are ranked and each partner has the side's rank,
        partners together (Ann and Cy 1, Bob and Dee 2)."""
        if not self.setup.partnered:
            return rank_totals(self.setup.players, self.totals, self.setup.lowest_wins)
        return [(rank, p, total) for rank, side, total in self.side_ranking() for p in side]

    def side_ranking(self) -> list[tuple[int, tuple[str, ...], int]]:
        """``(rank, side, total)`` for each side in rank order (:func:`rank_totals` of the sides,
        each side's total being its players'); each player alone where there are no partnerships."""
        totals = self.totals
        by_first = {side[0]: side for side in self.setup.sides}
        ranked = rank_totals(list(by_first), {p: totals[p] for p in by_first}, self.setup.lowest_wins)
        return [(rank, by_first[p], total) for rank, p, total in ranked]

    @property
    def facts(self) -> dict[str, Any]:
        """What the variant adds to the standings (Gin Rummy: ``shutout`` once finished)."""
        return dict(self.setup.variant.scoring.game_facts(self))

    @cached_property
    def dealers(self) -> list[str]:
        """Who deals each deal, from the first to the one after the last (:func:`dealers`)."""
        return dealers(self.setup, self.results)

    def dealer_of(self, number: int) -> str:
        """Who deals hand ``number`` (1-based, up to the hand after the last): as the variant's
        deals pass it (:meth:`~scorekeeper.core.rulebook.deals.Deals.next_dealer`: to the left
        every deal, unless the rule book says otherwise; Gin Rummy: the hand's winner)."""
        return self.dealers[max(number, 1) - 1]

    def leader_of(self, number: int) -> str:
        """Who leads hand ``number``: the player left of its dealer who takes part in it (with
        two players, the non-dealer)."""
        return self.so_far(number).left_of(self.dealer_of(number))

    def so_far(self, number: int) -> "GameSoFar":
        """The game as it stood before hand ``number`` (1-based), the events before it included."""
        before = max(number - 1, 0)
        played = self.results if before == len(self.results) else self.results.first(before)  # type: ignore[attr-defined]
        return GameSoFar(self.setup, played, self.dealer_of(number))

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next deal; None once the game is over."""
        return None if self.ending.finished else self.dealer_of(self.hands + 1)

    @property
    def next_leader(self) -> str | None:
        """Who leads (plays first in) the next deal; None once the game is over."""
        return None if self.ending.finished else self.leader_of(self.hands + 1)


#: what :func:`check_text` checks: ``title`` or ``player`` (the older phrases are still read)
TEXT_KINDS = {"title": "title", "player": "player", "the title": "title", "a player's name": "player"}


def check_text(text: str, what: str) -> str:
    """Refuse control characters (escape sequences, newlines, tabs, the line and paragraph
    separators U+2028/U+2029) in a name or title: they would be sent to the terminal as
    they are, and break the lines of a CSV or Markdown export (SPEC §6); and text that was
    not UTF-8 (a lone surrogate: bytes a Latin-1 terminal typed), ``text.undecodable``.

    ``what`` is ``"title"`` or ``"player"``. Returns ``text``; raises
    :class:`InputError` ``text.control.title`` / ``text.control.player``.
    """
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs")
                and c not in "\u200d"), None)
    if bad is not None and unicodedata.category(bad) == "Cs":  # bytes that were not UTF-8 (surrogateescape)
        raise InputError("text.undecodable", shown=TypedText(text))  # «Наз\\udcffр»: the letters as typed
    if bad is not None:
        kind = TEXT_KINDS.get(what)
        code, facts = (f"text.control.{kind}", {}) if kind else ("text.control", {"what": what})
        raise InputError(code, text=text, shown=TypedText(text), char=ord(bad), **facts)
    return text


#: the longest player's name and title (characters) a new session takes: a name fits a
#: column of the standings at 80 columns, a title one line
MAX_LENGTH = {"player": 40, "title": 100}


def check_length(text: str, what: str) -> str:
    """Refuse a name or title longer than :data:`MAX_LENGTH` allows (counted in characters,
    a letter and its accent written as one). ``what`` is ``"title"`` or ``"player"``.
    Checked where a name or title is given (``new``, ``config set players``), not where a
    stored session is read. Returns ``text``; raises :class:`InputError`
    ``text.too_long.player`` / ``text.too_long.title``."""
    length = len(unicodedata.normalize("NFC", text))
    limit = MAX_LENGTH[what]
    if length > limit:
        raise InputError(f"text.too_long.{what}", text=text, limit=limit, length=length)
    return text


def hand_number(number: int, count: int, word: str = "hand") -> int:
    """Check that hand ``number`` exists among ``count`` hands; returns it. ``word`` is the
    variant's word for a deal (``Variant.deal_word``): a "round" is said as a round.

    Raises :class:`StateError` naming the hands there are and the nearest one.
    """
    said = ".round" if word == "round" else ""
    if count == 0:
        raise StateError("game.no_hands_yet" + said, number=number)
    if not 1 <= number <= count:
        nearest = min(max(number, 1), count)
        raise StateError(("game.no_such_hand_one" if count == 1 else "game.no_such_hand") + said,
                         number=number, count=count, nearest=nearest)
    return number


#: the largest total (either sign) a game begun on paper may carry over: far above any game's
MAX_CARRIED = 10 ** 9


def _named_player(name: str, players: Sequence[str], code: str) -> str:
    """The player ``name`` names (any case), else :class:`InputError` ``code`` (``code_near`` with
    the near miss): ``carry.unknown_player``, ``teams.unknown_player``."""
    found = find_player(str(name), players)
    if found is not None:
        return found
    near = closest(str(name), players)
    if near is None:
        raise InputError(code, name=str(name), players=list(players))
    raise InputError(code + "_near", name=str(name), near=near, players=list(players))


def parse_teams(text: str, players: Sequence[str]) -> list[list[str]]:
    """Read ``new --teams "Ann+Cy,Bob+Dee"``: sides separated by ``,`` (or ``;``), the players of
    a side by ``+``, each name matched to ``players`` regardless of case. The variant says which
    teams it plays (:meth:`~scorekeeper.core.rulebook.deals.Deals.sides`), the setup that every
    player is in one side. Raises :class:`InputError` (``teams.empty``, ``teams.unknown_player``
    with the near miss)."""
    import re

    sides = [[n.strip() for n in part.split("+")] for part in re.split(r"[,;]", str(text)) if part.strip()]
    if not sides or any(not n for side in sides for n in side):
        raise InputError("teams.empty", text=str(text))
    return [[_named_player(n, players, "teams.unknown_player") for n in side] for side in sides]


def parse_carry(args: Sequence[str] | Mapping[str, Any], players: Sequence[str],
                sides: Sequence[Sequence[str]] = ()) -> dict[str, int]:
    """Read ``new --carry NAME=POINTS`` values (or a mapping of name to points): the
    totals a game begun on paper starts from. Names match regardless of case. Where players
    form ``sides`` of more than one, a side's total is carried as ``Ann+Cy=1200`` (each partner
    then starts from it) and a partner alone is refused.

    Raises :class:`InputError` for a value that is not NAME=POINTS, a name that is not
    a player (with the near miss), points that are not a whole number, more than
    :data:`MAX_CARRIED` either way, or a player carried twice; where there are partnerships,
    for a partner alone (``carry.side_needed``) or players that are not a side (``carry.not_a_side``).
    """
    partnered = any(len(side) > 1 for side in sides)
    if partnered:
        return _carry_sides(args, players, sides)
    pairs = list(args.items()) if isinstance(args, Mapping) else []
    if not isinstance(args, Mapping):
        for arg in args:
            name, eq, points = str(arg).rpartition("=")
            if not eq or not name.strip():
                raise InputError("carry.not_name_points", arg=str(arg))
            pairs.append((name.strip(), points))
    carried: dict[str, int] = {}
    for name, points in pairs:
        found = _named_player(str(name), players, "carry.unknown_player")
        text = str(points).strip()
        value = points if isinstance(points, int) and not isinstance(points, bool) else typed_number(text, signed=True)
        if isinstance(points, bool) or value is None:
            raise InputError("carry.bad_points", player=found, points=text)
        if found in carried:
            raise InputError("carry.twice", player=found)
        if abs(value) > MAX_CARRIED:
            raise InputError("carry.too_large", player=found, limit=MAX_CARRIED)
        carried[found] = value
    return carried


def _carry_sides(args: Sequence[str] | Mapping[str, Any], players: Sequence[str],
                 sides: Sequence[Sequence[str]]) -> dict[str, int]:
    """:func:`parse_carry` where players form sides: ``SIDE=POINTS``, a side written as its
    players joined by ``+`` in any order; each partner carries the side's total."""
    pairs: list[tuple[str, Any]] = []
    if isinstance(args, Mapping):
        pairs = [(str(name), points) for name, points in args.items()]
    else:
        for arg in args:
            name, eq, points = str(arg).rpartition("=")
            if not eq or not name.strip():
                raise InputError("carry.not_name_points", arg=str(arg))
            pairs.append((name, points))
    carried: dict[str, int] = {}
    for name, points in pairs:
        names = [_named_player(n.strip(), players, "carry.unknown_player") for n in name.split("+")]
        side = next((s for s in sides if set(s) == set(names) and len(s) == len(names)), None)
        if side is None:
            if len(names) == 1:
                partners = next(s for s in sides if names[0] in s)
                raise InputError("carry.side_needed", player=names[0], side="+".join(partners))
            raise InputError("carry.not_a_side", players=names, sides=["+".join(s) for s in sides])
        if any(p in carried for p in side):
            raise InputError("carry.twice", player="+".join(side))
        one = parse_carry({side[0]: points}, players)
        carried.update({p: one.get(side[0], 0) for p in side})
    return carried


def check_names(players: Sequence[str]) -> list[str]:
    """The players' names as texts, checked as :func:`new_setup` checks them (not their
    count, which is the variant's): none empty, none with spaces around it or a ``:``,
    no two the same ignoring case and Unicode form (:func:`name_key`).

    Raises :class:`InputError` (``player.empty_name``, ``player.name_spaces``,
    ``player.name_colon``, ``player.named_twice``)."""
    players = [str(p) for p in players]
    for p in players:
        check_text(p, "player")
        if not p.strip():
            raise InputError("player.empty_name")
        if p != p.strip():
            raise InputError("player.name_spaces", name=p)
        if ":" in p:
            raise InputError("player.name_colon", name=p)
    seen = set()
    for p in players:
        if name_key(p) in seen:
            raise InputError("player.named_twice", name=p)
        seen.add(name_key(p))
    return players


#: the signs that join or separate players' names where several are typed as one word
#: (``--teams Ann+Cy,Bob+Dee``, ``--carry Ann+Cy=120``, a side's part ``Ann+Cy: …``)
NAME_SEPARATORS = ("+", ",")


def check_separators(players: Sequence[str]) -> None:
    """Refuse a name typed for a new game or a rename that holds ``+`` or ``,``: it could not be
    told apart from two names where names are joined (:data:`NAME_SEPARATORS`). Names already
    stored are read as they are (this is not part of :func:`check_names`). Raises
    :class:`InputError` ``player.name_separator`` naming the name and the sign."""
    for p in players:
        for sign in NAME_SEPARATORS:
            if sign in str(p):
                raise InputError("player.name_separator", name=str(p), sign=sign)


def check_typed_name(name: str) -> str:
    """A player's name as typed where names are given anew (``players rename``, ``evening new``;
    ``new`` and ``config set players`` check the same through :func:`check_names`): no control
    character (:func:`check_text`), not too long (:func:`check_length`), no ``:`` (it ends the name
    in the one-line form) and no ``+`` or ``,`` (:func:`check_separators`). Returns ``name``;
    raises :class:`InputError`."""
    check_text(name, "player")
    check_length(name, "player")
    if ":" in name:
        raise InputError("player.name_colon", name=name)
    check_separators([name])
    return name


def new_setup(
    variant: Variant, players: Sequence[str], rule_args: Sequence[str] = (), dealer: str | None = None,
    carry: Sequence[str] | Mapping[str, Any] = (), first_round: int | None = None,
    teams: str | Sequence[Sequence[str]] | None = None,
) -> GameSetup:
    """Check a new game: player count and names, options, first dealer, the sides (``teams``:
    ``"Ann+Cy,Bob+Dee"`` or lists of names, see :func:`parse_teams`; None: the variant's own,
    :meth:`~scorekeeper.core.rulebook.deals.Deals.sides`), the points carried over from paper
    (``carry``: ``NAME=POINTS`` values, a side's ``Ann+Cy=POINTS``, see :func:`parse_carry`)
    and the round a game begun on paper continues at (``first_round``: ``new --round``).

    Raises :class:`InputError` for a wrong count, a duplicate or empty name,
    an unknown dealer, a bad option, a bad carry, a carried total that already
    reaches the target (the game would be over), or a round where rounds do not
    differ or past the last.
    """
    players = check_names(players)
    n = len(players)
    if not variant.min_players <= n <= variant.max_players:
        exact = variant.min_players == variant.max_players  # Gin Rummy: two players, no more, no fewer
        raise InputError("game.player_count_exact" if exact else "game.player_count", variant=variant.said_name,
                         min=variant.min_players,
                         max=variant.max_players, count=n)
    rules = parse_rule_args(variant, rule_args, n)
    first = 0
    if dealer is not None:
        # names match without regard to case, as in one-line entries ("bob:" is Bob)
        dealer = find_player(str(dealer), players) or dealer
        if dealer not in players:
            near = closest(dealer, players)
            if near is None:
                raise InputError("game.unknown_dealer", dealer=dealer)
            raise InputError("game.unknown_dealer_near", dealer=dealer, near=near)
        first = players.index(dealer)
    if isinstance(teams, str):
        teams = parse_teams(teams, players)
    elif teams is not None:
        teams = [[_named_player(str(n), players, "teams.unknown_player") for n in side] for side in teams]
    sides = seated_sides(players, variant.deals.sides(tuple(players), teams))
    carried = parse_carry(carry, players, sides) if carry else {}
    target = rules["target"] if "target" in rules else None
    if target is not None:
        reached = [p for p in players if carried.get(p, 0) >= target]
        if reached:
            raise InputError("carry.reaches_target", players=reached, points=carried[reached[0]], target=target)
    if carried:
        variant.scoring.check_carried(rules, carried)
    start = 1
    if first_round is not None:
        last = _last_round(variant, rules)
        if last is None:  # deals that do not differ: the refusal says what ends that game instead
            raise _no_rounds(variant, rules, first_round)
        if not 1 <= first_round <= last and variant.deal_word == "deal":  # Contract Rummy's deals
            raise InputError("round.out_of_range.deal", variant=variant.said_name, round=first_round, last=last)
        if not 1 <= first_round <= last:
            raise InputError("round.out_of_range", variant=variant.said_name, round=first_round, last=last)
        start = first_round
    return GameSetup(variant, tuple(players), rules, first, carried, start, sides)


def _no_rounds(variant: Variant, rules: Mapping[str, Any], first_round: int) -> InputError:
    """The refusal of ``new --round`` for a variant whose deals do not differ, saying what ends
    that game: its target, its fixed number of deals (Indian Rummy's points and deals games:
    "ends after its 6 deals"), or nothing where it has neither (a pool ends when one player is left)."""
    facts = {"variant": variant.said_name, "round": first_round}
    deals = variant.deals.count(rules)
    if deals:
        return InputError("round.not_for_variant.deals", **facts, deals=deals)
    if "target" not in rules:
        return InputError("round.not_for_variant.no_target", **facts)
    return InputError("round.not_for_variant", **facts)


def _last_round(variant: Variant, rules: Mapping[str, Any]) -> int | None:
    """The last round (deal) of a game whose rounds differ (Crazy Rummy's 13 wild ranks,
    Contract Rummy's contracts): the variant's number of deals; None where rounds do not differ."""
    deals = variant.deals
    return deals.count(rules) if deals.differ else None


#: hands scored between two passes of the cycle collector while it is switched off (the console
#: script switches it off: a command is short). Scoring a hand leaves about a hundred objects in
#: reference cycles (meld readings and their cards, search closures), which only the collector
#: frees: without a pass now and then a replay of thousands of hands, or an import of a
#: thousand sessions, would keep them all (about 10 kB a hand).
COLLECT_EVERY = 500
_scored_since_pass = 0


def _free_cycles() -> None:
    """After a hand is scored: every :data:`COLLECT_EVERY` hands, when the collector is off,
    one pass over the young objects (a few milliseconds), so memory stays flat in the hands."""
    global _scored_since_pass
    _scored_since_pass += 1
    if _scored_since_pass >= COLLECT_EVERY:
        _scored_since_pass = 0
        if not gc.isenabled():
            gc.collect(1)


def score_entry(game: GameSoFar, raw: Any) -> HandResult:
    """Check and score one raw deal entry as the coming deal of ``game``: what a hand file holds
    (a mapping, ``{"players": {"Ann": {"hand": "3C AD"}, …}, "knock": "Ann"}``), read by the
    variant's codec (:meth:`~scorekeeper.core.rulebook.codec.Codec.read`), its points checked
    against what the decks hold (I-6), then scored
    (:meth:`~scorekeeper.core.rulebook.scoring.Scoring.score`). Returns the
    :class:`~scorekeeper.core.scoring.HandResult`, points per player. Raises
    :class:`~scorekeeper.core.errors.InputError` naming the player, key, card or rule of an
    entry the rules refuse. What a variant's tests score a worked hand with::

        score_entry(GameSoFar(new_setup(VARIANT, ("Ann", "Bob"))), {"knock": "Ann", "players": …})
    """
    _free_cycles()
    v = game.variant
    entry = v.codec.read(raw, game)
    check_points(entry, game)
    from scorekeeper.core.variant_results import scored_hand

    return scored_hand(game, entry)  # the variant's scores, checked where they come in


def check_points(entry: Any, game: GameSoFar) -> None:
    """Refuse points no table can hold (I-6): the points given on paper, a player's table
    or hand, or all of them together, worth more than all the cards of the game's decks can
    be (on the table each card at the most it counts there, in hand as ``ace_in_hand`` says:
    an ace 1 there under ``ace_in_hand=1``). It is a typing slip (a game begun on paper is
    carried over with ``new --carry``). Raises :class:`InputError` naming the players, the
    points and the bound. An entry of a variant's own shape (not a :class:`HandEntry`) is the
    variant's to check."""
    if not isinstance(entry, HandEntry):
        return
    given = {"table": [(p, e.table) for p, e in entry.players.items() if e.table is not None],
             "hand": [(p, e.hand_points) for p, e in entry.players.items() if e.hand_points is not None]}
    if not given["table"] and not given["hand"]:
        return
    b = game.variant.scoring.bounds(game)
    bound = {"table": b.table, "hand": b.hand}
    jokers = "_jokers" if b.jokers else ""
    facts = {"decks": b.decks, "jokers": b.jokers}
    for where in ("hand", "table"):
        for p, points in given[where]:
            if points > bound[where]:
                raise InputError(f"points.over_decks_{where}{jokers}", player=p, points=points, bound=bound[where],
                                 **facts)
    for where, what in (("table", "points.sum.tables"), ("hand", "points.sum.hands")):
        total = sum(points for _, points in given[where])
        if total > bound[where]:
            players = [p for p, _ in given[where]]
            raise InputError(f"points.over_decks_sum{jokers}", what=phrase(what, players=players), players=players,
                             points=total, bound=bound[where], **facts)
    total = sum(points for where in given for _, points in given[where])
    players = list(dict.fromkeys(p for where in ("table", "hand") for p, _ in given[where]))
    if total > b.anywhere:
        raise InputError(f"points.over_decks_sum{jokers}", what=phrase("points.sum.both", players=players),
                         players=players, points=total, bound=b.anywhere, **facts)
    # the cards shown card by card are cards the points given cannot be: each at the most it counts
    most = most_points(game)
    shown = sum(most(c) for e in entry.players.values() for c in e.physical_cards())
    if shown and shown + total > b.anywhere:
        raise InputError(f"points.over_decks_sum{jokers}", what=phrase("points.sum.cards_and_points", shown=shown,
                                                                       given=total, players=players),
                         players=players, points=shown + total, bound=b.anywhere, **facts)


def most_points(game: GameSoFar) -> Callable[[Card], int]:
    """What a card can count at the most in the coming deal of ``game`` (on the table or in hand,
    an ace high, a wild card of the round as a wild), as the bound of I-6 counts it: the cards of
    the game's decks at these values add up to ``scoring.bounds(game).anywhere``."""
    variant = game.variant
    values = variant.scoring.values(game.rules)
    wild = None
    if values.wild is not None:
        try:
            wild = variant.deals.wild_rank(game.rules, game.round)
        except InputError:  # a deal after the last: refused when it is scored
            wild = None
    held_ace = values.ace if values.ace_held is None else values.ace_held
    by_rank = {0: values.joker or 0}
    for rank in range(1, 14):
        most = max(values.ace, values.low_ace, held_ace) if rank == 1 else (
            values.court if rank >= 11 else values.pip(rank))
        by_rank[rank] = max(most, values.wild) if rank == wild else most
    return lambda card: by_rank[card.rank]


@dataclass(frozen=True)
class Event:
    """An event between deals, as applied: ``record``, the event as stored (``{"kind": "rejoin",
    "player": "Ann", "after": 5}``: what happened and the number of deals played before it), and
    ``change``, what it changed in the totals (points per player), as the variant's
    :meth:`~scorekeeper.core.rulebook.deals.Deals.apply` worked it out at its place."""

    record: Mapping[str, Any]
    change: Mapping[str, int]

    @property
    def kind(self) -> str:
        """What the event is, as the variant names it (``"rejoin"``, ``"split"``)."""
        return str(self.record.get("kind"))

    @property
    def after(self) -> int:
        """The number of deals played before it (the deal it followed)."""
        return int(self.record.get("after") or 0)

    @property
    def player(self) -> str | None:
        """The player the event names (a rejoin's), or None."""
        return self.record.get("player")


class PlayedHands(list):
    """The hands of a game scored so far, in order (a list of :class:`HandResult` or
    :class:`HandSummary`), that keeps the sum of what they changed in the totals as hands are
    added: ``score_sums``, points per player, carried points not included (each hand's scores,
    or the variant's :meth:`~Scoring.moves` where ``moves`` is given: :meth:`of`), with the
    ``events`` between the hands (:class:`Event`, each changing the totals too); and
    ``won_counts``, the hands each player won.

    A game's end is asked after every hand it replays; the variants that end on totals
    read the sum from here (:func:`scorekeeper.core.variants.common.sum_scores`) instead of
    adding every hand again, so replaying ``n`` hands reads each hand's scores once and
    costs time linear in ``n``. Only :meth:`append` (:meth:`extend`), :meth:`add_event`,
    :meth:`pop` and :meth:`replace` change it (what slicing or ``+`` makes is a plain list;
    :meth:`first` and :meth:`then` make PlayedHands)."""

    def __init__(self, players: Sequence[str], results: Sequence[HandResult | HandSummary] = (),
                 moves: Any = None):
        super().__init__()
        #: points per player, the sum of what the hands (and the events) changed in the totals
        self.score_sums: dict[str, int] = {p: 0 for p in players}
        #: hands won per player (a hand won by two counts for each; a hand nobody won, for no one)
        self.won_counts: dict[str, int] = {p: 0 for p in players}
        #: what a hand changes in the totals, as a function of its result; None: its scores
        self.moves = moves
        #: the events between the hands, in order
        self.events: list[Event] = []
        for r in results:
            self.append(r)

    @classmethod
    def of(cls, setup: GameSetup, results: Sequence[HandResult | HandSummary] = (),
           events: Sequence[Event] = ()) -> "PlayedHands":
        """The hands of a game of ``setup`` (its way of changing the totals), the ``events``
        between them put in after the hands they follow."""
        played = cls(setup.players, (), setup.moves)
        pending = list(events)
        for n, r in enumerate([None, *results]):
            if r is not None:
                played.append(r)
            while pending and pending[0].after <= n:
                played.add_event(pending.pop(0))
        for e in pending:  # after deals not given: kept, at the end
            played.add_event(e)
        return played

    def append(self, result: HandResult | HandSummary) -> None:  # type: ignore[override]
        super().append(result)
        self._add(result, 1)

    def add_event(self, event: Event) -> None:
        """An event after the hands so far, its change added to the sums."""
        self.events.append(event)
        sums = self.score_sums
        for p, s in event.change.items():
            sums[p] = sums.get(p, 0) + s

    def replace(self, index: int, result: HandResult | HandSummary) -> None:
        """Put ``result`` in place of hand ``index`` (0-based), the sums following."""
        self._add(self[index], -1)
        super().__setitem__(index, result)
        self._add(result, 1)

    def pop(self) -> HandResult | HandSummary:  # type: ignore[override]
        """Take the last hand away, the sums following; returns it (the events after it stay)."""
        result = super().pop()
        self._add(result, -1)
        return result

    def pop_event(self) -> Event:
        """Take the last event away, the sums following; returns it."""
        event = self.events.pop()
        sums = self.score_sums
        for p, s in event.change.items():
            sums[p] = sums.get(p, 0) - s
        return event

    def first(self, count: int) -> "PlayedHands":
        """The first ``count`` hands, with the events that came before the hand after them."""
        out = PlayedHands(tuple(self.score_sums), list(self)[:count], self.moves)
        for e in self.events:
            if e.after <= count:
                out.add_event(e)
        return out

    def then(self, result: HandResult | HandSummary) -> "PlayedHands":
        """A copy with ``result`` added as the next hand."""
        out = PlayedHands(tuple(self.score_sums), list(self), self.moves)
        for e in self.events:
            out.add_event(e)
        out.append(result)
        return out

    def extend(self, results: Iterable[HandResult | HandSummary]) -> None:  # type: ignore[override]
        for r in results:
            self.append(r)

    def __iadd__(self, results: Iterable[HandResult | HandSummary]) -> "PlayedHands":  # type: ignore[override]
        self.extend(results)
        return self

    def __reduce__(self) -> tuple:
        # a copy (or an unpickled one) is made again from its players, hands and events
        return (_played_again, (tuple(self.score_sums), list(self), self.moves, list(self.events)))

    def _add(self, result: HandResult | HandSummary, sign: int) -> None:
        sums = self.score_sums
        for p, s in (result.scores if self.moves is None else self.moves(result)).items():
            sums[p] = sums.get(p, 0) + sign * s
        wins = self.won_counts
        for p in result.won:
            wins[p] = wins.get(p, 0) + sign

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("PlayedHands changes by append(), extend(), add_event(), pop() and replace() only")

    __setitem__ = __delitem__ = insert = remove = clear = sort = reverse = _refuse  # type: ignore[assignment]


def _played_again(players: Sequence[str], results: list, moves: Any, events: list) -> PlayedHands:
    played = PlayedHands(players, results, moves)
    for e in events:
        played.add_event(e)
    return played


class Replay:
    """A game played through deal by deal, with the events between deals (SPEC §8: a rejoin, a
    split) applied in their places: each event is checked by the variant's
    :meth:`~scorekeeper.core.rulebook.deals.Deals.apply` against the game as it stands after the
    deal it followed, and what it changes counts in the totals from then on. ``results`` (a
    :class:`PlayedHands`), ``dealer`` (of the coming deal) and ``ending`` follow each step.

    ``events`` are stored records (``{"kind", "after", …}``), in the order they were made.
    :meth:`state` refuses an event after a deal the game does not have."""

    def __init__(self, setup: GameSetup, events: Sequence[Mapping[str, Any]] = ()):
        self.setup = setup
        self.results = PlayedHands.of(setup)
        self.pending = [dict(e) for e in events]
        self.dealer = setup.first
        self._last_dealer: str | None = None
        self._events_now()
        self.ending = self._end()

    def so_far(self) -> GameSoFar:
        """The game before the coming deal."""
        return GameSoFar(self.setup, self.results, self.dealer)

    def _end(self, game: GameSoFar | None = None) -> Ending:
        """The end of the game as its deals stand (``game``: the game after them, where made already)."""
        return self.setup.variant.scoring.end(game if game is not None else GameSoFar(self.setup, self.results))

    def _events_now(self) -> bool:
        """Apply the events made after the deals played so far; whether there was one."""
        played = len(self.results)
        applied = False
        while self.pending and int(self.pending[0].get("after") or 0) <= played:
            applied = True
            record = self.pending.pop(0)
            if int(record.get("after") or 0) < played:  # stored out of order: not where it was made
                raise StateError("event.out_of_place", kind=record.get("kind"), after=record.get("after"),
                                 deals=played)
            game = GameSoFar(self.setup, self.results, self.dealer)
            change = self.setup.variant.deals.apply(game, record)
            self.results.add_event(Event(record, {p: int(v) for p, v in change.items() if v}))
            if self._last_dealer is not None:  # who deals next, with the event's players in play
                self.dealer = self.setup.variant.deals.next_dealer(
                    GameSoFar(self.setup, self.results), self._last_dealer, self.results[-1])
        return applied

    def add(self, result: HandResult | HandSummary, end: bool = True) -> None:
        """The next deal's result: the events after it applied, the next dealer and (``end``) the
        end of the game worked out again."""
        self.results.append(result)
        self._last_dealer = self.dealer
        after = GameSoFar(self.setup, self.results)  # the game after the deal, asked who deals next and whether it is over
        self.dealer = self.setup.variant.deals.next_dealer(after, self.dealer, result)
        if self._events_now():
            after = None  # an event changed the game since: the end is asked of it as it now stands
        if end:
            self.ending = self._end(after)

    def ask_end(self) -> Ending:
        """Work out the end of the game again (after hands added with ``end=False``)."""
        self.ending = self._end()
        return self.ending

    def state(self) -> "GameState":
        """The game after the deals given. Raises :class:`StateError` for an event stored after a
        deal the game does not have."""
        if self.pending:
            record = self.pending[0]
            raise StateError("event.after_missing_deal", kind=record.get("kind"), after=record.get("after"),
                             deals=len(self.results))
        return GameState(self.setup, self.results, self.ending)


def replay(setup: GameSetup, entries: Sequence[Any], events: Sequence[Mapping[str, Any]] = ()) -> GameState:
    """Derive the game's state from its stored hand entries, in order, with the ``events``
    between deals stored beside them (:class:`Replay`). Each hand is scored once and its scores
    read once (:class:`PlayedHands`): time linear in the hands.

    Raises :class:`InputError` (with the ``hand`` number as a fact) if a stored
    hand no longer scores, and :class:`StateError` if a hand follows the end or an event is
    refused where it stands.
    """
    game = Replay(setup, events)
    for number, raw in enumerate(entries, 1):
        if game.ending.finished:
            raise StateError("game.hand_after_end", number=number)
        try:
            result = score_entry(game.so_far(), raw)
        except InputError as e:
            raise e.with_facts(hand=number) from None
        game.add(result)
    return game.state()


def after_end(ending: Ending) -> StateError:
    """The refusal of a hand once the game is over."""
    if ending.after_end is not None:
        code, facts = ending.after_end
        return StateError(code, **facts)
    return StateError("game.finished", winners=list(ending.winners))


def play(setup: GameSetup, entries: Sequence[Any], raw: Any,
         events: Sequence[Mapping[str, Any]] = ()) -> tuple[GameState, HandResult]:
    """Score ``raw`` as the next hand after ``entries`` (and the ``events`` between them); refuse
    it once the game is over.

    Returns the new state and the new hand's result. Raises :class:`StateError` when the game
    is finished, :class:`InputError` for a bad entry.
    """
    state = replay(setup, entries, events)
    if state.ending.finished:
        raise after_end(state.ending)
    result = score_entry(state.so_far(state.hands + 1), raw)
    results = state.results
    results.append(result)
    return GameState(setup, results, ending_of(setup, results)), result
