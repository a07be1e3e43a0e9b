"""Statistics across sessions (SPEC §5 ``stats``): pure functions over replayed games.

Definitions (also in docs/sharing.md, "Statistics"):

- A **game** is a session with at least one hand recorded; a session with no
  hands yet is not counted anywhere. Players are told apart by their names
  exactly as typed.
- **games**: the games a player sat in. **finished**: those whose game is over.
- **wins**: finished games the player won (a shared win counts for each
  winner). **win_rate**: wins / finished (null with no finished game), so a
  game still in play neither helps nor hurts it.
- **hands** and **average**: the hands a player scored in, and the mean of
  those hand scores in points (hand scores as ``history`` shows them, without
  end-of-game bonuses), rounded to 2 decimals.
- **best** / **worst** hand: the player's highest / lowest hand score, except
  in variants where the lowest total wins (Crazy Rummy), where the lowest
  penalty is the best hand. The first such hand (oldest session, lowest hand
  number) is named on a tie.
- Each **variant** is reported on its own: points of different variants are
  never averaged or compared together (SPEC §5).
- **head_to_head**, per opponent: ``games`` together; ``finished`` of those;
  ``ahead`` / ``behind`` / ``level``: finished games in which this player's
  final total (end-of-game bonuses included) was better than / worse than /
  equal to the opponent's — better meaning higher, or lower in Crazy Rummy.
  ``ahead + behind + level == finished``.
- **Sides** (partnerships: Canasta's four players): each player counts their side's games,
  wins and hand scores (partners score alike); a partner is no opponent, and the head-to-head
  rows are the opposing sides, named by their players joined with ``+`` (``Bob+Dee``).
- A variant with statistics of its own (its ``tally``) adds them per player and per
  opponent under its key: Gin Rummy's ``gin`` holds ``gins``, ``undercuts``, ``knocks``,
  ``average_deadwood`` and ``shutouts`` (defined in :mod:`scorekeeper.core.variants.gin.tally`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from scorekeeper.core.entry import did_you_mean, find_player
from scorekeeper.core.errors import InputError


@dataclass(frozen=True)
class Game:
    """What statistics need of one session: who played, the hand scores in
    order (points per player), the final totals, and the end of the game."""

    session: str
    title: str | None
    variant: str
    lowest_wins: bool
    players: tuple[str, ...]
    scores: tuple[dict[str, int], ...]
    totals: dict[str, int]
    finished: bool
    winners: tuple[str, ...]
    #: the variant's own statistics (:class:`~scorekeeper.core.rules.Tally`), else None
    tally: Any = None
    #: what this game holds for them (the tally's ``game_of``), else None
    figures: Any = None
    #: the variant (its name and place in the lists; a stand-in where it is not installed)
    kind: Any = None
    #: whether the lowest *total* wins under the session's rules, where it is not ``lowest_wins`` (the
    #: hand scores' way: Indian Rummy's deals games, where the scores are points and the totals chips)
    totals_lowest_win: bool | None = None
    #: the sides the players formed (each player alone, where there were no partnerships)
    sides: tuple[tuple[str, ...], ...] = ()

    def opponents(self, name: str) -> list[tuple[str, str]]:
        """``(opponent's name, a player of it)`` for each side ``name`` played against: a player, or
        a side of several named ``Bob+Dee``."""
        sides = self.sides or tuple((p,) for p in self.players)
        return [("+".join(side), side[0]) for side in sides if name not in side]


def game_of(loaded) -> Game:
    """A :class:`Game` from a replayed session (:class:`scorekeeper.app.games.Loaded`). A session
    shown with the numbers it stored (``loaded.kept``: its variant is not installed, or the one
    installed would score it otherwise) counts with those numbers, without its variant's own
    statistics (they would need its hands scored)."""
    r, st = loaded.record, loaded.state
    return Game(
        session=r["id"], title=r.get("title"), variant=r["variant"],
        lowest_wins=loaded.setup.variant.lowest_wins, players=tuple(loaded.setup.players),
        scores=tuple(dict(res.scores) for res in st.results), totals=dict(st.totals),
        finished=st.ending.finished, winners=tuple(st.ending.winners),
        tally=loaded.setup.variant.tally if loaded.kept is None else None,
        figures=_figures(loaded) if loaded.kept is None else None, kind=loaded.setup.variant,
        totals_lowest_win=loaded.setup.lowest_wins,
        sides=tuple(loaded.setup.sides),
    )


def renamed(game: Game, names: dict[str, str]) -> Game:
    """``game`` with each player's name as the club's roster has it now (``names``: as stored → now;
    :func:`scorekeeper.app.club.names_now`)."""
    if not names:
        return game
    from dataclasses import replace

    def n(name: str) -> str:
        return names.get(name, name)

    return replace(game, players=tuple(map(n, game.players)),
                   scores=tuple({n(k): v for k, v in s.items()} for s in game.scores),
                   totals={n(k): v for k, v in game.totals.items()}, winners=tuple(map(n, game.winners)),
                   sides=tuple(tuple(map(n, side)) for side in game.sides))


def _figures(loaded) -> Any:
    """What a game holds for its variant's own statistics (None without them); a game read
    from its cache (numbers only) is scored for them."""
    tally = loaded.setup.variant.tally
    if tally is None:
        return None
    from scorekeeper.app.games import scored
    from scorekeeper.core.scoring import HandResult

    st = loaded.state
    if not all(isinstance(res, HandResult) for res in st.results):
        st = scored(loaded.record, loaded.setup).state
    return tally.game_of(loaded.setup.players, st)


def _where(game: Game, number: int, score: int) -> dict[str, Any]:
    return {"score": score, "session": game.session, "title": game.title, "variant": game.variant, "hand": number}


def player_stats(name: str, games: Sequence[Game]) -> dict[str, Any]:
    """One player's statistics over ``games`` (only the games they sat in count)."""
    mine = [g for g in games if name in g.players and g.scores]
    finished = [g for g in mine if g.finished]
    wins = sum(1 for g in finished if name in g.winners)
    hands = 0
    points = 0
    best = worst = None
    best_key = worst_key = None
    for g in mine:
        sign = -1 if g.lowest_wins else 1
        for number, scores in enumerate(g.scores, 1):
            score = scores[name]
            hands += 1
            points += score
            goodness = sign * score
            if best_key is None or goodness > best_key:
                best_key, best = goodness, _where(g, number, score)
            if worst_key is None or goodness < worst_key:
                worst_key, worst = goodness, _where(g, number, score)
    return {
        "name": name,
        "games": len(mine),
        "finished": len(finished),
        "wins": wins,
        "win_rate": round(wins / len(finished), 3) if finished else None,
        "hands": hands,
        "average": round(points / hands, 2) if hands else None,
        "best": best,
        "worst": worst,
        "head_to_head": head_to_head(name, mine),
        **_own_row(name, mine),
    }


def _own_row(name: str, games: Sequence[Game]) -> dict[str, Any]:
    """``{key: {...}}``: the variant's own statistics over ``games`` (its tally's), else nothing."""
    own = [g for g in games if g.tally is not None]
    if not own:
        return {}
    tally = own[0].tally
    row = tally.empty()
    for g in own:
        tally.add(row, name, g.figures)
    return {tally.key: row}


def head_to_head(name: str, games: Sequence[Game]) -> list[dict[str, Any]]:
    """``name`` against each opponent met in ``games`` (most games together first).

    Each row: ``opponent``, ``games``, ``finished``, ``ahead``, ``behind``,
    ``level`` (see the module docstring).
    """
    rows: dict[str, dict[str, Any]] = {}
    for g in games:
        if name not in g.players or not g.scores:
            continue
        for opponent, other in g.opponents(name):
            row = rows.setdefault(opponent, {"opponent": opponent, "games": 0, "finished": 0,
                                             "ahead": 0, "behind": 0, "level": 0})
            row["games"] += 1
            if g.tally is not None:
                g.tally.add(row.setdefault(g.tally.key, g.tally.empty()), name, g.figures)
            if not g.finished:
                continue
            row["finished"] += 1
            mine, theirs = g.totals[name], g.totals[other]
            if mine == theirs:
                row["level"] += 1
            elif (mine < theirs) == (g.lowest_wins if g.totals_lowest_win is None else g.totals_lowest_win):
                row["ahead"] += 1
            else:
                row["behind"] += 1
    return sorted(rows.values(), key=lambda r: (-r["games"], r["opponent"]))


def compute(games: Sequence[Game], player: str | None = None, variant: str | None = None) -> dict[str, Any]:
    """The ``stats --json`` document: each variant on its own (SPEC §5), as Rummy 500
    points and Crazy Rummy penalties are never averaged or compared together.

    ``variant`` (a canonical id) keeps only that variant's games; ``player``
    keeps only that player's rows and the games they sat in (``sessions`` counts those;
    head-to-head still lists every opponent).
    Raises :class:`InputError` when ``player`` sat in no session at all.
    Shape: ``{"player", "variant", "sessions": N, "variants": [block, ...]}``, one
    block per variant played (in the order ``rules`` lists them: each variant's ``list_order``):
    ``{"variant", "name", "lowest_wins", "sessions", "players": [player_stats...]}``,
    players with most wins first, then most games, then by name. With ``variant``
    there is exactly that variant's block (even with no game), and its ``players``
    are also the document's ``players`` (the shape of a single-variant selection).
    """
    from scorekeeper.core.variants import get_variant

    everyone = _names(games)
    if player is not None and player not in everyone:
        # names ignore case and the Unicode form of a letter, as everywhere (one such name, else refused)
        found = find_player(player, everyone)
        if found is None:
            raise InputError("stats.no_player", player=player, hint=did_you_mean(player, everyone))
        player = found
    # with a player chosen, the games counted are that player's own (SPEC §5: "games" a player sat in)
    chosen = [g for g in games if g.scores and (variant is None or g.variant == variant)
              and (player is None or player in g.players)]
    kinds = {g.variant: g.kind for g in games if g.kind is not None}

    def variant_of(vid: str) -> Any:  # a variant not installed is known by its games' stand-in
        return kinds[vid] if vid in kinds else get_variant(vid)

    played = sorted({g.variant for g in chosen}, key=lambda v: (variant_of(v).list_order, v))
    blocks = []
    for vid in ([variant] if variant is not None else played):
        mine = [g for g in chosen if g.variant == vid]
        names = [player] if player is not None else _names(mine)
        rows = [player_stats(n, mine) for n in names]
        rows = [r for r in rows if r["games"] or (player is not None and variant is not None)]
        if not rows and variant is None:
            continue  # the player chosen never played this variant
        rows.sort(key=lambda r: (-r["wins"], -r["games"], r["name"]))
        v = variant_of(vid)
        blocks.append({"variant": vid, "name": v.name, "lowest_wins": v.lowest_wins, "sessions": len(mine),
                       "players": rows})
    doc: dict[str, Any] = {"player": player, "variant": variant, "sessions": len(chosen), "variants": blocks}
    if variant is not None:
        doc["players"] = blocks[0]["players"]
    return doc


def _names(games: Sequence[Game]) -> list[str]:
    seen: dict[str, None] = {}
    for g in games:
        for p in g.players:
            seen.setdefault(p, None)
    return list(seen)
