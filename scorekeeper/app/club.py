"""The club (SPEC §9): people across sessions, seasons, ratings and club evenings, over the index
and the club file (:mod:`scorekeeper.storage.club`).

**Renames and merges are a roster kept beside the sessions.** A session keeps the names typed
when it began (SPEC §6: stored as entered; its audit trail's chain and `db check` stay as they
are). ``players rename`` / ``merge`` add a change to the club file naming the sessions it applies
to (those holding the old name then); every command that shows people across sessions — and the
standings, history and stats of a session — shows each name as the roster has it now
(:func:`names_now`); ``players undo`` marks the last change undone. An export of every session
carries the club file, and `import` brings it in.

Each function below is one command's work and returns its plain document (the ``--json`` shape).
"""
from __future__ import annotations

import math
from datetime import date, datetime
from statistics import NormalDist
from typing import Any, Iterable, Sequence

from scorekeeper.core import club as core
from scorekeeper.core.club import Change, Result, SeasonRule
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.storage import club as club_file
from scorekeeper.storage.store import Store, now


# -- the roster -----------------------------------------------------------------------------------


def changes_of(data: dict) -> list[Change]:
    """The roster's changes in effect (not undone), oldest first."""
    return [Change(c["kind"], c["old"], c["new"], tuple(c["sessions"])) for c in data["roster"] if not c.get("undone")]


def names_now(store: Store, data: dict | None = None, rows: Sequence[dict] | None = None) -> dict[str, dict[str, str]]:
    """``{session: {name as stored: name now}}`` for the sessions a rename or merge touches."""
    data = club_file.read(store) if data is None else data
    changes = changes_of(data)
    if not changes:
        return {}
    rows = store.summaries() if rows is None else rows
    return core.names_in(changes, {r["id"]: r["players"] for r in rows})


def names_shown(store: Store, rows: Sequence[dict] | None = None) -> tuple[dict[str, dict[str, str]], list[str]]:
    """:func:`names_now` for the commands of a session (standings, history, stats, new): where the
    club file is damaged they go on with the names as typed, and a notice says so (the club's own
    commands stop with one sentence instead). ``(names, notices)``."""
    from scorekeeper.core.messages import say
    from scorekeeper.storage.files import DamagedFile

    try:
        return names_now(store, None, rows), []
    except DamagedFile as e:
        return {}, [say("club.damaged.names", path=e.path, reason=e.reason)]


def renamed_doc(doc: Any, names: dict[str, str]) -> Any:
    """A session's document (standings, history, a hand's scores) with each player's name as the
    roster has it now: names in ``players`` (and their ``name``), ``winners``, ``dealer``, ``leader``,
    ``sides``, and the keys of ``scores``, ``totals``, ``bonus`` and the like."""
    if not names:
        return doc
    if isinstance(doc, dict):
        out = {}
        for key, value in doc.items():
            if key in ("title", "session", "id", "variant", "note", "notices", "lines", "reason", "entry"):
                out[key] = value
            elif isinstance(value, str) and key in ("name", "dealer", "leader", "player", "winner"):
                out[key] = names.get(value, value)
            else:
                value = renamed_doc(value, names)
                out[names.get(key, key) if isinstance(key, str) else key] = value
        return out
    if isinstance(doc, list):
        return [names.get(x, x) if isinstance(x, str) else renamed_doc(x, names) for x in doc]
    return doc


def _rows(store: Store) -> list[dict]:
    return store.summaries() if store.exists() else []


def _people(rows: Sequence[dict], names: dict[str, dict[str, str]]) -> dict[str, list[dict]]:
    """Each person (their name now) with the index rows of their sessions."""
    out: dict[str, list[dict]] = {}
    for row in rows:
        own = names.get(row["id"], {})
        for name in dict.fromkeys(own.get(p, p) for p in row["players"]):
            out.setdefault(name, []).append(row)
    return out


def _won(row: dict, name: str, own: dict[str, str]) -> bool:
    return bool(row.get("finished")) and name in {own.get(w, w) for w in row.get("winners") or ()}


def players(store: Store) -> dict:
    """``players``: everyone who ever played, by name: ``games`` (sessions), ``wins`` (finished games
    won), ``last_played`` (when their latest session began, UTC ISO 8601), ``variants``; and
    ``maybe_same``: the names that differ only in case or spaces, in groups."""
    rows = _rows(store)
    data = club_file.read(store)
    names = names_now(store, data, rows)
    people = _people(rows, names)
    out = []
    for name in sorted(people, key=lambda n: (n.casefold(), n)):
        sessions = people[name]
        out.append({"name": name, "games": len(sessions),
                    "wins": sum(_won(r, name, names.get(r["id"], {})) for r in sessions),
                    "last_played": max(r["created"] for r in sessions),
                    "variants": sorted({r["variant"] for r in sessions})})
    return {"players": out, "maybe_same": core.look_alikes(people)}


def known_names(store: Store) -> list[str]:
    """Every person's name now (what ``new`` compares a name typed with)."""
    rows = _rows(store)
    if not rows:
        return []
    return sorted(_people(rows, names_now(store, None, rows)))


def _unknown(name: str, known: Iterable[str]) -> InputError:
    from scorekeeper.core.near import closest

    near = closest(name, sorted(known))
    if near is not None:
        return InputError("players.unknown.near", player=name, near=near)
    return InputError("players.unknown", player=name)


def player_show(store: Store, name: str) -> dict:
    """``players show NAME``: ``name``, ``games``, ``wins``, ``spellings`` (the names stored in the
    games, where a rename or merge joined them), ``maybe_same``, ``variants`` (``variant``,
    ``games``, ``wins``, ``finished``) and ``sessions`` (newest first: ``id``, ``variant``, ``title``,
    ``created``, ``finished``, ``place``: the rank in a finished game, else null, ``players``)."""
    rows = _rows(store)
    data = club_file.read(store)
    names = names_now(store, data, rows)
    people = _people(rows, names)
    if name not in people:
        raise _unknown(name, people)
    sessions = people[name]
    spellings: set[str] = set()
    listed, variants = [], {}
    for row in sorted(sessions, key=lambda r: (r["created"], r["id"]), reverse=True):
        own = names.get(row["id"], {})
        spellings.update(p for p in row["players"] if own.get(p, p) == name)
        place = None
        for rank, side in row.get("places") or ():
            if name in {own.get(p, p) for p in side}:
                place = rank
        won = _won(row, name, own)
        v = variants.setdefault(row["variant"], {"variant": row["variant"], "games": 0, "finished": 0, "wins": 0})
        v["games"] += 1
        v["finished"] += bool(row.get("finished"))
        v["wins"] += won
        listed.append({"id": row["id"], "variant": row["variant"], "title": row.get("title"),
                       "created": row["created"], "finished": bool(row.get("finished")), "won": won,
                       "place": place, "players": [own.get(p, p) for p in row["players"]]})
    return {"name": name, "games": len(sessions), "wins": sum(s["won"] for s in listed),
            "spellings": sorted(spellings), "maybe_same": core.look_alike(name, people),
            "variants": sorted(variants.values(), key=lambda v: v["variant"]), "sessions": listed}


def merge_command(old: str, new: str) -> str:
    """The command line that merges ``old`` into ``new`` (``players merge``), each name quoted for
    a POSIX shell as it must be typed (a space, a quote, ``$``): copied from a sentence, it runs as
    shown in every language."""
    import shlex

    return f"scorekeeper players merge {shlex.quote(old)} {shlex.quote(new)}"


def change_names(store: Store, kind: str, old: str, new: str) -> dict:
    """``players rename OLD NEW`` (``kind`` "rename": NEW is no one's name yet) or ``players merge
    A B`` (``kind`` "merge": A's games become B's, both known). One commit of the club file; no
    session file changes. ``{"kind", "old", "new", "sessions": [ids]}``. Refuses (:class:`InputError`)
    an unknown name, the same name twice, a rename to a known name (``players.rename_taken``: merge
    them), and two names that sat at one table (``players.same_table``: two people)."""
    from scorekeeper.core.game import check_typed_name

    new = new.strip() if kind == "rename" else new
    if kind == "rename":
        if not new:
            raise InputError("players.empty_name")
        check_typed_name(new)
    command = f"players {kind}"
    with store.writing(command):
        rows = _rows(store)
        data = club_file.read(store)
        names = names_now(store, data, rows)
        people = _people(rows, names)
        if old not in people:
            raise _unknown(old, people)
        if old == new:
            raise InputError("players.same_name", player=old)
        if kind == "rename":  # a name someone has, or one that differs from it only in case or spaces
            taken = new if new in people else next(iter(core.look_alike(new, set(people) - {old})), None)
            if taken is not None:
                raise InputError("players.rename_taken", old=old, new=taken, command=merge_command(old, taken))
        if kind == "merge" and new not in people:
            raise _unknown(new, people)
        sessions = [r["id"] for r in people[old]]
        if kind == "merge":
            both = [sid for sid in sessions if sid in {r["id"] for r in people[new]}]
            if both:
                raise InputError("players.same_table", old=old, new=new, session=both[0])
        data["roster"].append({"kind": kind, "old": old, "new": new, "sessions": sessions, "time": now(),
                               "undone": None})
        club_file.write(store, data)
    return {"kind": kind, "old": old, "new": new, "sessions": sessions}


def undo_names(store: Store) -> dict:
    """``players undo``: take back the last rename or merge still in effect (it stays in the club
    file, marked undone, for the record). ``{"kind", "old", "new", "sessions"}``. Raises
    :class:`StateError` ``players.nothing_to_undo``."""
    with store.writing("players undo"):
        data = club_file.read(store)
        live = [c for c in data["roster"] if not c.get("undone")]
        if not live:
            raise StateError("players.nothing_to_undo")
        last = live[-1]
        last["undone"] = now()
        club_file.write(store, data)
    return {"kind": last["kind"], "old": last["old"], "new": last["new"], "sessions": list(last["sessions"])}


def look_alikes_of(store: Store, typed: Sequence[str]) -> list[dict]:
    """What ``new`` says of names typed that differ from a known one only in case or spaces:
    ``[{"typed": "ann ", "known": ["Ann"]}]`` (none where the club file is damaged: the names as typed)."""
    from scorekeeper.storage.files import DamagedFile

    try:
        known = known_names(store)
    except DamagedFile:
        return []
    out = []
    for name in typed:
        same = core.look_alike(name, known)
        if same and name not in known:
            out.append({"typed": name, "known": same})
    return out


# -- finished games ----------------------------------------------------------------------------------


def results(store: Store, rows: Sequence[dict] | None = None, data: dict | None = None) -> list[Result]:
    """Every finished game as a :class:`Result`, oldest first, each name as the roster has it now.
    A row written before rows kept their places is read from its session file."""
    rows = _rows(store) if rows is None else rows
    data = club_file.read(store) if data is None else data
    names = names_now(store, data, rows)
    out = []
    missing = [r["id"] for r in rows if r.get("finished") and not isinstance(r.get("places"), list)]
    places: dict[str, list] = {}
    if missing:
        from scorekeeper.app.exporting import each_game
        from scorekeeper.app.games import places_json

        for loaded in each_game(store, missing):
            places[loaded.record["id"]] = places_json(loaded.state)
    for row in rows:
        if not row.get("finished"):
            continue
        got = row.get("places") if isinstance(row.get("places"), list) else places.get(row["id"])
        if not got:
            continue
        result = Result(row["id"], row["variant"], row["created"],
                        tuple((int(rank), tuple(side)) for rank, side in got))
        out.append(result.renamed(names.get(row["id"], {})))
    out.sort(key=lambda r: (r.created, r.session))
    return out


def local_day(moment: str) -> str:
    """The day (ISO 8601, local time) of a time stored in UTC."""
    return datetime.fromisoformat(moment).astimezone().date().isoformat()


# -- seasons --------------------------------------------------------------------------------------


def _day(text: str | None, what: str) -> str | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise InputError("season.date", option=what, given=text) from None


def rule_of(points: str | None = None, best: int | None = None, min_games: int | None = None,
            tiebreak: str | None = None, base: dict | None = None) -> dict:
    """A season's rule as stored (``{"points": [..] | null, "best", "min_games", "tiebreak": [..]}``):
    what is given over ``base``. Raises :class:`InputError`."""
    rule = dict(base or {})
    if points is not None:
        rule["points"] = list(core.parse_points(points))
    if best is not None:
        if best < 1:
            raise InputError("season.best", given=best)
        rule["best"] = best
    if min_games is not None:
        if min_games < 0:
            raise InputError("season.min_games", given=min_games)
        rule["min_games"] = min_games
    if tiebreak is not None:
        rule["tiebreak"] = list(core.parse_tiebreak(tiebreak))
    return rule


def season_rule(rule: dict) -> SeasonRule:
    points = rule.get("points")
    return SeasonRule(tuple(points) if points else None, rule.get("best"), int(rule.get("min_games") or 0),
                      tuple(rule.get("tiebreak") or core.TIEBREAKS))


def _season(data: dict, name: str) -> dict:
    for season in data["seasons"]:
        if season["name"] == name:
            return season
    known = [s["name"] for s in data["seasons"]]
    raise InputError("season.unknown", season=name, known=known) if known else InputError("season.unknown.none",
                                                                                           season=name)


def season_new(store: Store, name: str, from_: str | None, to: str | None, variants: Sequence[str],
               title: str | None, rule: dict) -> dict:
    """``season new NAME``: the season's document (:func:`season_doc`) once stored."""
    from scorekeeper.core.game import check_length, check_text
    from scorekeeper.core.variants import get_variant

    name = name.strip()
    if not name:
        raise InputError("season.empty_name")
    check_text(name, "title")
    check_length(name, "title")
    if title is not None:
        check_text(title, "title")
        check_length(title, "title")
    start, end = _day(from_, "--from"), _day(to, "--to")
    if start and end and end < start:
        raise InputError("season.dates", start=start, end=end)
    vids = sorted({get_variant(v).id for v in variants})
    with store.writing("season new"):
        data = club_file.read(store)
        if any(s["name"] == name for s in data["seasons"]):
            raise InputError("season.exists", season=name)
        data["seasons"].append({"name": name, "title": title, "from": start, "to": end, "variants": vids,
                                "added": [], "removed": [], "rule": rule, "created": now()})
        club_file.write(store, data)
    return season_doc(store, name)


def season_change(store: Store, name: str, sessions: Sequence[str], add: bool) -> dict:
    """``season add NAME SESSION…`` / ``season remove NAME SESSION…``: ``{"season", "sessions": [ids],
    "games": n}`` (the season's games after it)."""
    with store.writing("season add" if add else "season remove"):
        data = club_file.read(store)
        season = _season(data, name)
        ids = [store.resolve(s) for s in sessions]
        for sid in ids:
            row = store.summary(sid)
            if add and not (row and row.get("finished")):
                raise InputError("season.unfinished", session=sid)
            into, out_of = ("added", "removed") if add else ("removed", "added")
            if sid in season[out_of]:
                season[out_of].remove(sid)
            if sid not in season[into]:
                season[into].append(sid)
        club_file.write(store, data)
    doc = season_doc(store, name)
    return {"season": name, "sessions": ids, "games": doc["games"]}


def season_games(season: dict, all_results: Sequence[Result]) -> list[Result]:
    """The finished games of a season: those in its dates and variants, and those added, less those
    removed."""
    out = []
    for r in all_results:
        if r.session in season["removed"]:
            continue
        if r.session not in season["added"]:
            day = local_day(r.created)
            if season.get("from") and day < season["from"] or season.get("to") and day > season["to"]:
                continue
            if season.get("variants") and r.variant not in season["variants"]:
                continue
        out.append(r)
    return out


def seasons(store: Store) -> dict:
    """``season list``: ``{"seasons": [{"name", "title", "from", "to", "variants", "games"}]}``."""
    data = club_file.read(store)
    every = results(store, data=data)
    return {"seasons": [{"name": s["name"], "title": s.get("title"), "from": s.get("from"), "to": s.get("to"),
                         "variants": list(s.get("variants") or []), "games": len(season_games(s, every))}
                        for s in data["seasons"]]}


def season_doc(store: Store, name: str) -> dict:
    data = club_file.read(store)
    season = _season(data, name)
    games = season_games(season, results(store, data=data))
    return {"season": name, "title": season.get("title"), "from": season.get("from"), "to": season.get("to"),
            "variants": list(season.get("variants") or []), "rule": _rule_json(season.get("rule") or {}),
            "games": len(games)}


def _rule_json(rule: dict) -> dict:
    r = season_rule(rule)
    return {"points": list(r.points) if r.points else None, "best": r.best, "min_games": r.min_games,
            "tiebreak": list(r.tiebreak)}


def _number(value) -> int | float:
    """Points as JSON: a whole number where it is one, else rounded to 2 decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def standings_json(lines: Sequence[core.Standing]) -> list[dict]:
    return [{"name": s.name, "rank": s.rank, "ranked": s.ranked, "points": _number(s.points), "games": s.games,
             "counted": s.counted, "wins": s.wins, "average": round(float(s.average), 2)} for s in lines]


def season_standings(store: Store, name: str, override: dict) -> dict:
    """``season standings NAME``: ``{"season", "title", "from", "to", "variants", "rule", "games",
    "players": [{"name", "rank" (null below the line), "ranked", "points", "games", "counted",
    "wins", "average"}]}``; ``override`` (the options given) over the season's stored rule."""
    data = club_file.read(store)
    season = _season(data, name)
    rule = {**(season.get("rule") or {}), **override}
    games = season_games(season, results(store, data=data))
    doc = season_doc(store, name)
    doc["rule"] = _rule_json(rule)
    doc["players"] = standings_json(core.standings(games, season_rule(rule)))
    return doc


# -- ratings ---------------------------------------------------------------------------------------

#: how many rated games make a rating more than provisional
SETTLED = 5
#: a new player's displayed rating
START = 1000
#: the chance to finish ahead that a 100-point gap means (Elo's: 1 / (1 + 10^(-1/4)) = 0.640)
GAP_CHANCE = 0.64


def scale(beta: float) -> float:
    """Displayed points per unit of the ordinal μ − 3σ. Thurstone–Mosteller says A finishes ahead of B
    with chance Φ((μA − μB) / √(2β² + σA² + σB²)); once σ has settled it is about Φ(Δμ / (√2·β)), so a
    gap of Δμ = Φ⁻¹(0.64)·√2·β (2.11 with openskill's β = 25/6) means 64%, and is shown as 100 points."""
    return 100 / (NormalDist().inv_cdf(GAP_CHANCE) * math.sqrt(2) * beta)


def shown_rating(mu: float, sigma: float, beta: float, mu0: float, sigma0: float) -> int:
    """The one number shown: ``1000 + scale·((μ − 3σ) − (μ0 − 3σ0))``, rounded (a new player: 1000)."""
    return round(START + scale(beta) * ((mu - 3 * sigma) - (mu0 - 3 * sigma0)))


def rate(games: Sequence[Result]) -> dict[str, dict]:
    """Every player's rating from ``games`` (oldest first), by openskill's ThurstoneMostellerFull with
    its defaults: each game's sides are teams, ranked by place (ties as ties). ``{name: {"mu",
    "sigma", "games"}}``. Deterministic: the same games in the same order give the same numbers."""
    from openskill.models import ThurstoneMostellerFull

    model = ThurstoneMostellerFull()
    ratings: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for game in games:
        if len(game.places) < 2:
            continue
        teams = [[ratings.get(n) or model.rating(name=n) for n in side] for _, side in game.places]
        rated = model.rate(teams, ranks=[rank for rank, _ in game.places])
        for team in rated:
            for player in team:
                ratings[player.name] = player
                counts[player.name] = counts.get(player.name, 0) + 1
    return {name: {"mu": r.mu, "sigma": r.sigma, "games": counts[name]} for name, r in ratings.items()}


def ratings(store: Store, variant: str | None = None, season: str | None = None) -> dict:
    """``ratings``: per variant (``variant``: that one only), from every finished game (``season``: of
    that season), rebuilt from the history each time. ``{"season", "variants": [{"variant",
    "games", "players": [{"name", "rating", "provisional", "mu", "sigma", "games", "rank"}]}],
    "scale": {"start", "per_ordinal", "gap_chance", "settled"}}``, each variant's players by rating
    (``settled``: the games after which a rating is no longer provisional)."""
    from openskill.models import ThurstoneMostellerFull

    model = ThurstoneMostellerFull()
    rows = _rows(store)
    data = club_file.read(store)
    every = results(store, rows, data)
    if season is not None:
        every = season_games(_season(data, season), every)
    by_variant: dict[str, list[Result]] = {}
    for r in every:
        by_variant.setdefault(r.variant, []).append(r)
    out = []
    for vid in sorted(by_variant):
        if variant is not None and vid != variant:
            continue
        rated = rate(by_variant[vid])
        lines = [{"name": n, "rating": shown_rating(v["mu"], v["sigma"], model.beta, model.mu, model.sigma),
                  "provisional": v["games"] < SETTLED, "mu": round(v["mu"], 4), "sigma": round(v["sigma"], 4),
                  "games": v["games"]} for n, v in rated.items()]
        lines.sort(key=lambda x: (-x["rating"], x["name"]))
        for i, line in enumerate(lines):
            line["rank"] = i + 1 if i == 0 or line["rating"] != lines[i - 1]["rating"] else lines[i - 1]["rank"]
        out.append({"variant": vid, "games": len(by_variant[vid]), "players": lines})
    return {"season": season, "variants": out,
            "scale": {"start": START, "per_ordinal": round(scale(model.beta), 4), "gap_chance": GAP_CHANCE,
                      "settled": SETTLED}}


# -- a club evening ----------------------------------------------------------------------------------


def _side_size(variant: Any, table: int) -> int:
    """How many partners form a side at a table of ``table`` players of ``variant`` (1: each alone)."""
    try:
        sides = variant.deals.sides(tuple(f"p{i}" for i in range(table)), None)
    except InputError:
        return 1
    return max((len(s) for s in sides), default=1)


def _evening(data: dict) -> dict:
    if not data["evenings"]:
        raise StateError("evening.none")
    return data["evenings"][-1]


def table_title(title: str, round_: int, table: int) -> str:
    """The title of a table's session: the evening's, its round and table (``Club night · 2/1``)."""
    return f"{title} · {round_}/{table}"


def evening_doc(evening: dict, number: int | None = None) -> dict:
    """An evening's round ``number`` (default: the last) as a document: ``{"title", "variant",
    "round", "rounds", "players", "tables": [{"table", "players", "title", "command": [words]}]}``;
    ``command`` is the ``new`` command that starts the table's session, as its words."""
    rounds = evening["rounds"]
    n = len(rounds) if number is None else number
    tables = []
    for i, table in enumerate(rounds[n - 1], start=1):
        title = table_title(evening["title"], n, i)
        tables.append({"table": i, "players": list(table), "title": title,
                       "command": ["scorekeeper", "new", evening["variant"], *table, "--title", title]})
    return {"title": evening["title"], "variant": evening["variant"], "created": evening["created"],
            "round": n, "rounds": len(rounds), "players": list(evening["players"]), "tables": tables}


def evening_new(store: Store, title: str, players: Sequence[str], variant: str | None) -> dict:
    """``evening new TITLE --players NAME…``: seat the players at tables (:func:`core.table_sizes`) for
    round 1, in the order given; stored in the club file (one commit). :func:`evening_doc`."""
    from scorekeeper.core.game import check_length, check_text, check_typed_name
    from scorekeeper.core.near import name_key
    from scorekeeper.core.variants import get_variant

    title = title.strip()
    if not title:
        raise InputError("evening.empty_title")
    check_text(title, "title")
    check_length(title, "title")
    names = []
    for name in players:
        name = name.strip()
        if not name:
            raise InputError("players.empty_name")
        check_typed_name(name)  # as new would take it: the table's command is typed with these names
        if any(name_key(n) == name_key(name) for n in names):
            raise InputError("evening.twice", player=name)
        names.append(name)
    if variant is None:
        from scorekeeper.app import settings

        variant = settings.usual("variant")[0]
        if variant is None:
            raise InputError("evening.no_variant")
    v = get_variant(variant)
    sizes = core.table_sizes(len(names), v.min_players, v.max_players)
    tables = core.seat(names, sizes)
    with store.writing("evening new"):
        data = club_file.read(store)
        evening = {"title": title, "variant": v.id, "players": names, "created": now(), "rounds": [tables]}
        data["evenings"].append(evening)
        club_file.write(store, data)
    return evening_doc(evening)


def evening_next(store: Store) -> dict:
    """``evening next``: seat the evening's players again for the next round, those who met tonight
    meeting as rarely as possible (:func:`core.seat`), partners differing. :func:`evening_doc`."""
    from scorekeeper.core.variants import get_variant

    with store.writing("evening next"):
        data = club_file.read(store)
        evening = _evening(data)
        v = get_variant(evening["variant"])
        sizes = core.table_sizes(len(evening["players"]), v.min_players, v.max_players)
        side = max(_side_size(v, size) for size in sizes)
        tables = core.seat(evening["players"], sizes, evening["rounds"], side, seed=evening["created"])
        evening["rounds"].append(tables)
        club_file.write(store, data)
    return evening_doc(evening)


def evening_show(store: Store) -> dict:
    """``evening show``: the last evening's last round (:func:`evening_doc`), nothing changed."""
    data = club_file.read(store)
    return evening_doc(_evening(data))


def _table_sessions(evening: dict, rows: Sequence[dict], names: dict[str, dict[str, str]]) -> dict:
    """Each table of each round, ``(round, table)``, with the index row of its session: the first
    session of the evening's variant begun after the evening with exactly the table's players (as
    the session stored them when it began, or as the roster names them now: a player renamed or
    merged after the seating keeps the table), each session given to one table."""
    used: set[str] = set()
    out: dict[tuple[int, int], dict] = {}
    later = sorted((r for r in rows if r["variant"] == evening["variant"] and r["created"] >= evening["created"]),
                   key=lambda r: (r["created"], r["id"]))
    for n, tables in enumerate(evening["rounds"], start=1):
        for t, table in enumerate(tables, start=1):
            want = sorted(table)
            for row in later:
                own = names.get(row["id"], {})
                if row["id"] not in used and want in (sorted(row["players"]), sorted(own.get(p, p) for p in row["players"])):
                    used.add(row["id"])
                    out[(n, t)] = row
                    break
    return out


def evening_standings(store: Store, season: str | None = None) -> dict:
    """``evening standings``: the last evening summed by the season rule (``season``: that season's
    rule; else the default: sides beaten). ``{"title", "variant", "rounds", "tables": [{"round",
    "table", "players", "session", "finished"}], "players": [season standings lines]}``."""
    rows = _rows(store)
    data = club_file.read(store)
    evening = _evening(data)
    rule = (_season(data, season).get("rule") or {}) if season is not None else {}
    names = names_now(store, data, rows)
    found = _table_sessions(evening, rows, names)
    finished = {r.session: r for r in results(store, rows, data)}
    tables, games = [], []
    for n, round_tables in enumerate(evening["rounds"], start=1):
        for t, table in enumerate(round_tables, start=1):
            row = found.get((n, t))
            own = names.get(row["id"], {}) if row else {}  # the table's players as the roster names them now
            tables.append({"round": n, "table": t, "players": [own.get(p, p) for p in table],
                           "session": row["id"] if row else None,
                           "finished": bool(row and row.get("finished"))})
            if row is not None and row["id"] in finished:
                games.append(finished[row["id"]])
    lines = core.standings(games, season_rule(rule))
    return {"title": evening["title"], "variant": evening["variant"], "rounds": len(evening["rounds"]),
            "rule": _rule_json(rule), "games": len(games), "tables": tables, "players": standings_json(lines)}
