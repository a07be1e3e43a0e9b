"""The club (SPEC §9), pure: people across sessions, seasons scored by placement, the tables of
a club evening and who sits where.

Nothing here reads a file or a clock. The application gives each finished game as a
:class:`Result` (its id, variant, when it was started, and its places: the sides in finishing
order, each with its rank) and the club's roster as a list of operations; everything else is
worked out from them.

**Names and people.** A game keeps the names typed when it began (SPEC §6: what is entered is
stored as entered). The roster is a list of renames and merges, each naming the sessions it
applies to (those that held the old name when it was made); :func:`names_in` turns it into each
session's map from a name as stored to the person's name now. Two names whose only
difference is case or spaces (``Ann`` and ``ann ``) have the same :func:`name_key` and are
offered as one person (``players merge``), never taken for one.

**Placement points.** A game's places are its sides (a player alone is a side of one): partners
share the side's place. With ``n`` places, the place ``p`` (1 first) earns ``points[p - 1]``
(0 past the end of the list), by default ``n - p``: the number of sides finishing below.
Sides tied over places ``p … p + k - 1`` share the points of those places equally and take
the rank ``p``: two tied for second under 10,6,4 get (6 + 4) / 2 = 5 each.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Iterable, Mapping, Sequence

from scorekeeper.core.errors import InputError

#: the tiebreaks a season knows, in the default order
TIEBREAKS = ("wins", "average", "head-to-head")


def name_key(name: str) -> str:
    """What two spellings of one person share when they differ only in case or spaces:
    ``"Ann Lee"``, ``" ann  lee"`` and ``"ANN LEE"`` have one key (spaces taken out, case folded)."""
    return "".join(name.split()).casefold()


# -- results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A finished game as the club sees it: ``places`` are ``(rank, side)`` in finishing order,
    each side a tuple of names (one name where each plays alone), tied sides sharing a rank."""

    session: str
    variant: str
    created: str
    places: tuple[tuple[int, tuple[str, ...]], ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for _, side in self.places for name in side)

    def renamed(self, names: Mapping[str, str]) -> "Result":
        """The same game with each name as the roster has it now (``names``: stored → now)."""
        if not names:
            return self
        return Result(self.session, self.variant, self.created,
                      tuple((rank, tuple(names.get(n, n) for n in side)) for rank, side in self.places))

    def rank_of(self, name: str) -> int | None:
        for rank, side in self.places:
            if name in side:
                return rank
        return None


def places_of(ranking: Sequence[tuple[int, Sequence[str]]], winners: Sequence[str] = ()) -> tuple:
    """Finishing places from a game's ranking of its sides (``(rank, side)``, equal totals sharing a
    rank) and its ``winners``: where the rules named winners among sides tied on the total (a tie
    played on), the winners' sides alone are first and the others tied on that total come next."""
    places = [(rank, tuple(side)) for rank, side in ranking]
    if winners:
        won = set(winners)
        top = [side for rank, side in places if rank == 1]
        firsts = [side for side in top if won & set(side)]
        if firsts and len(firsts) < len(top):
            rest = [side for side in top if not won & set(side)]
            places = ([(1, s) for s in firsts] + [(len(firsts) + 1, s) for s in rest]
                      + [(rank, s) for rank, s in places if rank != 1])
    return tuple(places)


# -- the roster --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """A rename or a merge of the roster: ``old`` becomes ``new`` in ``sessions`` (the sessions
    that held ``old`` as a person's name when it was made)."""

    kind: str  # "rename" or "merge"
    old: str
    new: str
    sessions: tuple[str, ...]


def names_in(changes: Iterable[Change], players: Mapping[str, Sequence[str]]) -> dict[str, dict[str, str]]:
    """Each session's names now: ``{session: {name as stored: name now}}`` for the sessions whose
    names the ``changes`` (oldest first) touch; ``players`` gives each session's stored names."""
    out: dict[str, dict[str, str]] = {}
    for change in changes:
        for sid in change.sessions:
            if sid not in players:
                continue
            names = out.setdefault(sid, {n: n for n in players[sid]})
            for stored, now in names.items():
                if now == change.old:
                    names[stored] = change.new
    return {sid: {k: v for k, v in names.items() if k != v} for sid, names in out.items()
            if any(k != v for k, v in names.items())}


def look_alikes(names: Iterable[str]) -> list[list[str]]:
    """The names that differ only in case or spaces, in groups of two or more (each sorted),
    the groups in the order of their first name: "maybe the same person"."""
    groups: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        groups.setdefault(name_key(name), []).append(name)
    return sorted((g for g in groups.values() if len(g) > 1), key=lambda g: g[0])


def look_alike(name: str, known: Iterable[str]) -> list[str]:
    """The known names that ``name`` differs from only in case or spaces (not ``name`` itself)."""
    key = name_key(name)
    return sorted(k for k in set(known) if k != name and name_key(k) == key)


# -- seasons -------------------------------------------------------------------------------------


def parse_points(text: str) -> tuple[int, ...]:
    """``--points 10,6,4,3,2,1``: whole numbers of at least 0, not rising. Raises :class:`InputError`
    ``season.points``."""
    parts = [p.strip() for p in str(text).split(",")]
    try:
        points = tuple(int(p) for p in parts)
    except ValueError:
        raise InputError("season.points", given=text) from None
    if not points or any(p < 0 or p > 1_000_000 for p in points) or any(a < b for a, b in zip(points, points[1:])):
        raise InputError("season.points", given=text)
    return points


def parse_tiebreak(text: str) -> tuple[str, ...]:
    """``--tiebreak wins,average,head-to-head`` (any of them, in the order they apply). Raises
    :class:`InputError` ``season.tiebreak``."""
    parts = tuple(p.strip().lower() for p in str(text).split(",") if p.strip())
    if not parts or any(p not in TIEBREAKS for p in parts) or len(set(parts)) != len(parts):
        raise InputError("season.tiebreak", given=text, known=list(TIEBREAKS))
    return parts


def game_points(result: Result, points: Sequence[int] | None = None) -> dict[str, Fraction]:
    """Each player's placement points for one game (see the module docstring)."""
    n = len(result.places)

    def of_place(p: int) -> Fraction:  # p counts from 1
        if points is None:
            return Fraction(n - p)
        return Fraction(points[p - 1]) if p <= len(points) else Fraction(0)

    out: dict[str, Fraction] = {}
    by_rank: dict[int, list[tuple[str, ...]]] = {}
    for rank, side in result.places:
        by_rank.setdefault(rank, []).append(side)
    for rank, sides in by_rank.items():
        shared = sum((of_place(p) for p in range(rank, rank + len(sides))), Fraction(0)) / len(sides)
        for side in sides:
            for name in side:
                out[name] = shared
    return out


@dataclass
class Standing:
    """One player's line of a season: ``points`` (of the games that count), ``games`` played,
    ``wins`` (games finished first, ties included), ``average`` placement (the mean rank), and
    ``counted`` (how many games the points come from: all, or the best N)."""

    name: str
    points: Fraction
    games: int
    wins: int
    average: Fraction
    counted: int
    rank: int | None = None
    ranked: bool = True


@dataclass(frozen=True)
class SeasonRule:
    """How a season scores: ``points`` (None: sides beaten), ``best`` (a player's best N games
    count; None: all), ``min_games`` (to be ranked), ``tiebreak`` (the order of the tiebreaks)."""

    points: tuple[int, ...] | None = None
    best: int | None = None
    min_games: int = 0
    tiebreak: tuple[str, ...] = TIEBREAKS


def standings(results: Sequence[Result], rule: SeasonRule = SeasonRule()) -> list[Standing]:
    """A season's standings: the ranked players first, in rank order (equal on points and every
    tiebreak sharing a rank: 1, 2, 2, 4), then the players below ``min_games``, unranked, by points."""
    per: dict[str, list[Fraction]] = {}
    ranks: dict[str, list[int]] = {}
    wins: dict[str, int] = {}
    for result in results:
        earned = game_points(result, rule.points)
        for rank, side in result.places:
            for name in side:
                per.setdefault(name, []).append(earned[name])
                ranks.setdefault(name, []).append(rank)
                wins[name] = wins.get(name, 0) + (rank == 1)
    lines = []
    for name, got in per.items():
        best = sorted(got, reverse=True)[:rule.best] if rule.best else got
        lines.append(Standing(name, sum(best, Fraction(0)), len(got), wins[name],
                              Fraction(sum(ranks[name]), len(ranks[name])), len(best)))
    ranked = [s for s in lines if s.games >= rule.min_games]
    below = [s for s in lines if s.games < rule.min_games]
    ahead = _ahead_counts(results, {s.name for s in ranked})
    ordered = _ordered(ranked, rule.tiebreak, ahead)
    for s in below:
        s.ranked = False
    below.sort(key=lambda s: (-s.points, -s.wins, s.average, s.name))
    return ordered + below


def _ahead_counts(results: Sequence[Result], names: set[str]) -> dict[tuple[str, str], int]:
    """``{(a, b): games where a finished ahead of b}`` for the players ``names``."""
    out: dict[tuple[str, str], int] = {}
    for result in results:
        where = {n: r for r, side in result.places for n in side if n in names}
        for a, b in combinations(sorted(where), 2):
            if where[a] < where[b]:
                out[(a, b)] = out.get((a, b), 0) + 1
            elif where[b] < where[a]:
                out[(b, a)] = out.get((b, a), 0) + 1
    return out


def _ordered(lines: list[Standing], tiebreak: Sequence[str], ahead: Mapping[tuple[str, str], int]) -> list[Standing]:
    """``lines`` ranked by points, then each tiebreak in turn among those still tied; a group tied on
    everything shares its rank."""
    out: list[Standing] = []

    def key_of(how: str, group: list[Standing]):
        if how == "wins":
            return lambda s: -s.wins
        if how == "average":
            return lambda s: s.average
        names = [s.name for s in group]  # head-to-head: games ahead of the others tied, less games behind
        return lambda s: -sum(ahead.get((s.name, o), 0) - ahead.get((o, s.name), 0) for o in names if o != s.name)

    def split(group: list[Standing], hows: Sequence[str]) -> list[list[Standing]]:
        if len(group) < 2 or not hows:
            return [sorted(group, key=lambda s: s.name)]
        key = key_of(hows[0], group)
        buckets: dict = {}
        for s in group:
            buckets.setdefault(key(s), []).append(s)
        parts: list[list[Standing]] = []
        for k in sorted(buckets):
            parts.extend(split(buckets[k], hows[1:]))
        return parts

    groups: dict[Fraction, list[Standing]] = {}
    for s in lines:
        groups.setdefault(s.points, []).append(s)
    for points in sorted(groups, reverse=True):
        for part in split(groups[points], tiebreak):
            rank = len(out) + 1
            for s in part:
                s.rank = rank
                out.append(s)
    return out


# -- a club evening ------------------------------------------------------------------------------


def table_sizes(count: int, least: int, most: int) -> list[int]:
    """How ``count`` players sit at tables of a variant for ``least``–``most`` players (SPEC §9):
    a two-player game at tables of 2; otherwise as many tables of 4 as possible, the others of 3
    or 5 (10: 4+3+3; 9: 4+5; 6: 3+3), of fewer tables where two ways have as many fours; never a
    table outside the range. Where tables of 3, 4 and 5 cannot seat everyone, tables as large as
    the range allows. Largest tables first. Raises :class:`InputError` ``evening.too_few`` (fewer
    players than one table needs) and ``evening.cannot_seat`` (``.exact`` where every table seats as many)."""
    if count < least:
        raise InputError("evening.too_few", count=count, least=least)
    if most <= 2:
        if count % 2:
            raise _cannot_seat(count, least, most)
        return [2] * (count // 2)
    sizes = [s for s in (4, 3, 5) if least <= s <= most]
    best: tuple | None = None
    for fours in range(count // 4, -1, -1) if 4 in sizes else [0]:
        rest = count - 4 * fours
        for fives in range(rest // 5, -1, -1) if 5 in sizes else [0]:
            left = rest - 5 * fives
            if left % 3 == 0 and (left == 0 or 3 in sizes):
                option = (fours, -(fours + fives + left // 3), fives, left // 3)
                if best is None or option > best:
                    best = option
        if best is not None:
            break
    if best is None:  # a variant whose range holds none of 3, 4, 5 (or none that adds up)
        tables = -(-count // most)
        if count < tables * least:
            raise _cannot_seat(count, least, most)
        base, extra = divmod(count, tables)
        return [base + 1] * extra + [base] * (tables - extra)
    fours, _, fives, threes = best
    return [5] * fives + [4] * fours + [3] * threes


def partners(table: Sequence[str], side_size: int) -> list[tuple[str, str]]:
    """The pairs of partners at a table seated in this order where sides are of ``side_size``
    (Canasta: partners face each other, so the sides are every ``len // side_size``-th seat)."""
    if side_size < 2:
        return []
    step = len(table) // side_size
    pairs = []
    for start in range(step):
        side = table[start::step]
        pairs.extend(combinations(sorted(side), 2))
    return pairs


@dataclass
class Seating:
    """One round of an evening: its tables (each the players in seat order)."""

    tables: list[list[str]] = field(default_factory=list)


def meetings(rounds: Iterable[Sequence[Sequence[str]]], side_size: int = 1) -> tuple[dict, dict]:
    """How often each pair met at a table in ``rounds``, and how often each pair were partners."""
    met: dict[tuple[str, str], int] = {}
    partnered: dict[tuple[str, str], int] = {}
    for tables in rounds:
        for table in tables:
            for pair in combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
            for pair in partners(table, side_size):
                partnered[pair] = partnered.get(pair, 0) + 1
    return met, partnered


def seating_cost(tables: Sequence[Sequence[str]], met: Mapping, partnered: Mapping, side_size: int = 1) -> int:
    """What a seating costs: each pair at a table who met before costs the square of how often they
    met (so one pair meeting a third time weighs more than two pairs meeting a second time), and
    partners who were partners before cost 100 times as much."""
    cost = 0
    for table in tables:
        for pair in combinations(sorted(table), 2):
            cost += met.get(pair, 0) ** 2
        for pair in partners(table, side_size):
            cost += 100 * partnered.get(pair, 0) ** 2
    return cost


def seat(players: Sequence[str], sizes: Sequence[int], before: Sequence[Sequence[Sequence[str]]] = (),
         side_size: int = 1, seed: str = "", tries: int = 40) -> list[list[str]]:
    """Seat ``players`` at tables of ``sizes`` so that pairs who met in the rounds ``before`` meet
    again as rarely as possible (:func:`seating_cost`), partners differing where sides are of
    ``side_size``. A first round (nothing before) seats the players in the order given. Otherwise
    ``tries`` random seatings (a generator seeded with ``seed``: the same evening gives the same
    seating) are each improved by swapping two players of different tables, or two seats of a
    table, while that lowers the cost; the cheapest wins."""
    players = list(players)
    if not before:
        out, at = [], 0
        for size in sizes:
            out.append(players[at:at + size])
            at += size
        return out
    met, partnered = meetings(before, side_size)
    rng = random.Random(f"{seed}|{len(before)}|{','.join(sorted(players))}")

    def cost(tables: list[list[str]]) -> int:
        return seating_cost(tables, met, partnered, side_size)

    best: list[list[str]] | None = None
    best_cost = 0
    for _ in range(tries):
        order = players[:]
        rng.shuffle(order)
        tables, at = [], 0
        for size in sizes:
            tables.append(order[at:at + size])
            at += size
        now = cost(tables)
        improved = True
        while improved and now:
            improved = False
            spots = [(t, s) for t, table in enumerate(tables) for s in range(len(table))]
            for (t1, s1), (t2, s2) in combinations(spots, 2):
                if t1 == t2 and side_size < 2:
                    continue
                tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
                after = cost(tables)
                if after < now:
                    now, improved = after, True
                else:
                    tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
        if best is None or now < best_cost:
            best, best_cost = [list(t) for t in tables], now
        if best_cost == 0:
            break
    assert best is not None
    return best


def _cannot_seat(count: int, least: int, most: int) -> InputError:
    """The refusal of ``count`` players who cannot be seated at tables of ``least`` to ``most``
    players; one number where the tables seat one number (Gin Rummy: 2, not "2 to 2")."""
    if least == most:
        return InputError("evening.cannot_seat.exact", count=count, most=most)
    return InputError("evening.cannot_seat", count=count, least=least, most=most)
