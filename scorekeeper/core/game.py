"""A game: its setup, and its state derived by replaying the hands entered.

Nothing here is stored: the store keeps the setup and the hands as entered,
and :func:`replay` derives scores, totals, the dealer and the end of the game
from them every time, so undo and edit cannot make totals drift (STYLE 5).
"""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.core.entry import did_you_mean, parse_entry
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core.rules import Variant, parse_rule_args
from scorekeeper.core.scoring import HandResult


@dataclass(frozen=True)
class GameSetup:
    """What a session fixes when it starts: the variant, the players in seat
    order, the resolved rule options, and the first dealer's seat (0-based)."""

    variant: Variant
    players: tuple[str, ...]
    rules: Mapping[str, Any]
    first_dealer: int = 0

    def dealer_of(self, number: int) -> str:
        """Who deals hand ``number`` (1-based): the deal passes left every hand (SPEC §2)."""
        return self.players[(self.first_dealer + number - 1) % len(self.players)]

    def leader_of(self, number: int) -> str:
        """Who leads hand ``number``: the player left of its dealer."""
        return self.players[(self.first_dealer + number) % len(self.players)]


@dataclass(frozen=True)
class Ending:
    """Whether the game is over after some hands, who won, and the end bonuses
    (points per player, 0 for most variants). ``note`` explains a tie being
    played off or how the bonuses were given."""

    finished: bool
    winners: list[str] = field(default_factory=list)
    bonus: dict[str, int] = field(default_factory=dict)
    note: str = ""
    bonus_reasons: dict[str, str] = field(default_factory=dict)
    #: the sentence refusing a hand after the end, where the variant has more to say (Crazy Rummy's 13 rounds)
    after_end: str = ""


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
    """A game after its hands: per-hand results (in order), running totals in
    points (end bonuses included once finished), and who deals and leads next."""

    setup: GameSetup
    results: list[HandResult]
    ending: Ending

    @property
    def hands(self) -> int:
        return len(self.results)

    @property
    def hand_totals(self) -> dict[str, int]:
        """Sum of hand scores, before end-of-game bonuses."""
        totals = {p: 0 for p in self.setup.players}
        for r in self.results:
            for p, s in r.scores.items():
                totals[p] += s
        return totals

    @property
    def totals(self) -> dict[str, int]:
        """Standings totals: hand scores plus end bonuses (SPEC §5)."""
        base = self.hand_totals
        return {p: base[p] + self.ending.bonus.get(p, 0) for p in self.setup.players}

    def running_totals(self) -> list[dict[str, int]]:
        """The total after each hand (bonuses not included: history shows hand scores)."""
        run = {p: 0 for p in self.setup.players}
        out = []
        for r in self.results:
            for p, s in r.scores.items():
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
        """``(rank, name, total)`` in rank order; equal totals share a rank (1, 2, 2)."""
        return rank_totals(self.setup.players, self.totals, self.setup.variant.lowest_wins)

    @property
    def next_dealer(self) -> str | None:
        return None if self.ending.finished else self.setup.dealer_of(self.hands + 1)

    @property
    def next_leader(self) -> str | None:
        return None if self.ending.finished else self.setup.leader_of(self.hands + 1)


def check_text(text: str, what: str) -> str:
    """Refuse control characters (escape sequences, newlines, tabs) in a name or
    title: they would be sent to the terminal as they are (SPEC §6).

    Returns ``text``; raises :class:`InputError` naming ``what``.
    """
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf") and c not in "\u200d"), None)
    if bad is not None:
        raise InputError(f"{json.dumps(text, ensure_ascii=True)}: {what} cannot hold control characters "
                         f"(U+{ord(bad):04X}), which terminals would act on.")
    return text


def hand_number(number: int, count: int) -> int:
    """Check that hand ``number`` exists among ``count`` hands; returns it.

    Raises :class:`StateError` naming the hands there are and the nearest one.
    """
    if count == 0:
        raise StateError(f"There is no hand {number}: this session has no hands yet.")
    if not 1 <= number <= count:
        nearest = min(max(number, 1), count)
        span = "hand 1" if count == 1 else f"hands 1 to {count}"
        raise StateError(f"There is no hand {number}: this session has {span} (did you mean {nearest}?).")
    return number


def new_setup(
    variant: Variant, players: Sequence[str], rule_args: Sequence[str] = (), dealer: str | None = None
) -> GameSetup:
    """Check a new game: player count and names, options, first dealer.

    Raises :class:`InputError` for a wrong count, a duplicate or empty name,
    an unknown dealer, or a bad option.
    """
    players = [str(p) for p in players]
    for p in players:
        check_text(p, "a player's name")
        if not p.strip():
            raise InputError("A player's name cannot be empty.")
        if p != p.strip():
            raise InputError(f'"{p}": a player\'s name cannot start or end with spaces.')
        if ":" in p:
            raise InputError(f'"{p}": a player\'s name cannot hold ":" (it ends the name in one-line entries).')
    seen = set()
    for p in players:
        if p.casefold() in seen:
            raise InputError(f'"{p}" is named twice: every player needs a different name.')
        seen.add(p.casefold())
    n = len(players)
    if not variant.min_players <= n <= variant.max_players:
        raise InputError(
            f"{variant.name} is played by {variant.min_players} to {variant.max_players} players, not {n}."
        )
    rules = parse_rule_args(variant, rule_args, n)
    first = 0
    if dealer is not None:
        # names match without regard to case, as in one-line entries ("bob:" is Bob)
        dealer = next((p for p in players if p.casefold() == str(dealer).casefold()), dealer)
        if dealer not in players:
            raise InputError(f'The dealer "{dealer}" is not one of the players{did_you_mean(dealer, players)}.')
        first = players.index(dealer)
    return GameSetup(variant, tuple(players), rules, first)


def score_entry(setup: GameSetup, raw: Any, number: int) -> HandResult:
    """Check and score one raw hand entry as hand ``number`` of the game."""
    v = setup.variant
    entry = parse_entry(raw, setup.players, set(v.player_keys), v.knock_allowed)
    return v.score(entry, setup, number)


def replay(setup: GameSetup, entries: Sequence[Any]) -> GameState:
    """Derive the game's state from its stored hand entries, in order.

    Raises :class:`InputError` (prefixed with the hand number) if a stored
    hand no longer scores, and :class:`StateError` if a hand follows the end.
    """
    results: list[HandResult] = []
    ending = setup.variant.end(setup, results)
    for number, raw in enumerate(entries, 1):
        if ending.finished:
            raise StateError(f"Hand {number} comes after the end of the game.")
        try:
            results.append(score_entry(setup, raw, number))
        except InputError as e:
            raise InputError(f"Hand {number}: {e.message}") from None
        ending = setup.variant.end(setup, results)
    return GameState(setup, results, ending)


def play(setup: GameSetup, entries: Sequence[Any], raw: Any) -> tuple[GameState, HandResult]:
    """Score ``raw`` as the next hand after ``entries``; refuse it once the game is over.

    Returns the new state and the new hand's result. Raises :class:`StateError`
    when the game is finished, :class:`InputError` for a bad entry.
    """
    state = replay(setup, entries)
    if state.ending.finished:
        who = " and ".join(state.ending.winners)
        raise StateError(state.ending.after_end
                         or f"The game is finished ({who} won): start a new session with `scorekeeper new`.")
    result = score_entry(setup, raw, state.hands + 1)
    results = state.results + [result]
    return GameState(setup, results, setup.variant.end(setup, results)), result
