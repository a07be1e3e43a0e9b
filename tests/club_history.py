"""A club's history, built fast: several hundred finished games of six variants among 40 people
over two seasons, written through the store in one commit (each session replayed through the
core once, its record, audit trail and index row made as the commands make them). Used by
tests/test_club_history.py and benchmarks/bench_club.py.

**Who plays whom.** 36 regulars, P00–P35: player ``Pnn`` is of class ``nn % 4`` (a, b, c, d) and
group ``nn // 4`` (0–8). Evening ``e`` (0–35) seats nine tables of four; table ``t`` holds the
class-``k`` player of group ``(t + k·e) mod 9``, in seat order a, b, c, d — so everyone plays every
evening, people meet many others over the year, and the players of one class never share a
table. Four occasional players, P36 (a), P37 (b), P38 (c), P39 (d), sit at a tenth table of their
own on evenings 0 and 1 and from evening 18 on.

**When.** Evenings 0–17 every five days from 2 March 2026 (the last on 26 May), evenings 18–35
every five days from 1 June (the last on 25 August): season one is March–May, season two
June–August. Each table's game begins at 12:00 UTC plus a minute per table (the second Gin game
of a table 30 seconds later), so no two games begin at the same moment.

**What happens.** Evening ``e`` plays ``VARIANTS[e % 6]``, and at every table the same way:

============  ===============================================  ==============================
variant       the game (seats a, b, c, d)                      finishing places
============  ===============================================  ==============================
rummy500      target=100, tie=shared; one hand: a 50 − 30,     b and c 1st (tied at 100),
              b 100 out, c 110 − 10, d 80 − 10                 d 3rd (70), a 4th (20)
gin           two games, a against b and d against c,          a 1st, b 2nd; d 1st, c 2nd
              target=10: one knock each
contract      contracts=S3+S3 (one deal, lowest total wins):   b 1st (0), a and d 2nd (20),
              b out, a 20, d 20, c 35 left in hand             c 4th (35)
crazy         thirteen rounds, each: c out, a 5, b 10, d 20    c 1st (0), a 2nd (65), b 3rd
                                                               (130), d 4th (260)
canasta       target=100, one hand in points: a+c 300,         a and c 1st, b and d 2nd
              b+d 100, the stock ran out
indian        game=points deals=1: d shows, a 20, b 30, c 40   d 1st, a 2nd, b 3rd, c 4th
============  ===============================================  ==============================

Two things differ from that, on purpose. On evenings 18–20 (Rummy 500, Gin, Contract Rummy)
P05 is typed ``p05`` (one person, two spellings: ``players merge`` joins them). On evening 35
(Indian Rummy) table 0 — P00 (a), P33 (b), P30 (c), P27 (d) — finishes upside down: c shows, b
20, a 30, d 40: c 1st, b 2nd, a 3rd, d 4th.

:func:`plan` gives every game with the places it must finish in (the tests' own account, made
without the program), :func:`build` writes them.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

VARIANTS = ("rummy500", "gin", "contract", "crazy", "canasta", "indian")
EVENINGS = 36
REGULARS = [f"P{i:02d}" for i in range(36)]
OCCASIONAL = ["P36", "P37", "P38", "P39"]
PEOPLE = REGULARS + OCCASIONAL
SEASON_ONE = ("2026-03-01", "2026-05-31")
SEASON_TWO = ("2026-06-01", "2026-08-31")

#: the Gin knock: the knocker keeps 4D (4), the other 41 in cards no meld of the knocker's takes
_KNOCK = "7H 8H 9H QS QD QC 2C 3C 4C 4D knock"
_LOSE = "5S 6S 7S KD 9C 8D 6C 4H 2H 2S"


@dataclass(frozen=True)
class Game:
    """One game to write: its variant, players (in seat order), rule options, hands (each the
    one-line arguments, or a hand file's dict), when it began, and its finishing places as the
    plan says them: ``(rank, (names of the side, …))`` in finishing order."""

    sid: str
    variant: str
    players: tuple[str, ...]
    rules: tuple[str, ...]
    hands: tuple[Any, ...]
    created: str
    places: tuple[tuple[int, tuple[str, ...]], ...]
    evening: int


def evening_day(e: int) -> datetime:
    """Evening ``e``'s day at noon UTC: every five days from 2 March 2026 (0-17), from 1 June (18-35),
    and (a longer history, for the benchmarks) from 1 September on (36 and later)."""
    if e < 36:
        start = datetime(2026, 3, 2, 12, tzinfo=timezone.utc) if e < 18 else datetime(2026, 6, 1, 12, tzinfo=timezone.utc)
        return start + timedelta(days=5 * (e % 18))
    return datetime(2026, 9, 1, 12, tzinfo=timezone.utc) + timedelta(days=5 * (e - 36))


def tables(e: int) -> list[list[str]]:
    """Evening ``e``'s tables, each in seat order a, b, c, d (the occasional table last, when it plays)."""
    out = [[REGULARS[4 * ((t + k * e) % 9) + k] for k in range(4)] for t in range(9)]
    if e in (0, 1) or e >= 18:
        out.append(list(OCCASIONAL))
    return out


def _typed(name: str, e: int) -> str:
    return "p05" if name == "P05" and 18 <= e <= 20 else name


def _games_at(e: int, t: int, seats: list[str], when: datetime, n: int) -> list[Game]:
    a, b, c, d = (_typed(x, e) for x in seats)
    variant = VARIANTS[e % 6]
    stamp = when.isoformat()

    def one(players, rules, hands, places, sid=f"{n:08x}", created=stamp):
        return Game(sid, variant, tuple(players), tuple(rules), tuple(hands), created,
                    tuple((r, tuple(side)) for r, side in places), e)

    if variant == "rummy500":
        return [one([a, b, c, d], ["target=100", "tie=shared"],
                    [[f"{a}: 50 -30", f"{b}: 100 -0", f"{c}: 110 -10", f"{d}: 80 -10"]],
                    [(1, [b]), (1, [c]), (3, [d]), (4, [a])])]
    if variant == "gin":
        later = (when + timedelta(seconds=30)).isoformat()
        return [one([a, b], ["target=10"], [[f"{a}: {_KNOCK}", f"{b}: {_LOSE}"]], [(1, [a]), (2, [b])]),
                one([d, c], ["target=10"], [[f"{d}: {_KNOCK}", f"{c}: {_LOSE}"]], [(1, [d]), (2, [c])],
                    sid=f"{n + 1:08x}", created=later)]
    if variant == "contract":
        return [one([a, b, c, d], ["contracts=S3+S3"], [[f"{a}: -20", f"{b}: -", f"{c}: -35", f"{d}: -20"]],
                    [(1, [b]), (2, [a]), (2, [d]), (4, [c])])]
    if variant == "crazy":
        return [one([a, b, c, d], [], [[f"{a}: -5", f"{b}: -10", f"{c}: -", f"{d}: -20"]] * 13,
                    [(1, [c]), (2, [a]), (3, [b]), (4, [d])])]
    if variant == "canasta":
        hand = {"players": {a: {"points": 300}, c: {}, b: {"points": 100}, d: {}}, "stock_exhausted": True}
        return [one([a, b, c, d], ["target=100"], [hand], [(1, [a, c]), (2, [b, d])])]
    if e == 35 and t == 0:  # the upset: c shows, b 20, a 30, d 40
        return [one([a, b, c, d], ["game=points", "deals=1"], [[f"{a}: 30", f"{b}: 20", f"{c}: 0 show", f"{d}: 40"]],
                    [(1, [c]), (2, [b]), (3, [a]), (4, [d])])]
    return [one([a, b, c, d], ["game=points", "deals=1"], [[f"{a}: 20", f"{b}: 30", f"{c}: 40", f"{d}: 0 show"]],
                [(1, [d]), (2, [a]), (3, [b]), (4, [c])])]


def plan(evenings: int = EVENINGS) -> list[Game]:
    """Every game of the history, oldest first (see the module's notes)."""
    out: list[Game] = []
    for e in range(evenings):
        day = evening_day(e)
        for t, seats in enumerate(tables(e)):
            out += _games_at(e, t, seats, day + timedelta(minutes=t), len(out))
    return out


def record_of(game: Game) -> tuple[dict, dict]:
    """The session record and index row of ``game``, as `new` and `hand` would have written them
    (each hand in the audit trail, linked to the one before)."""
    from scorekeeper.app.games import summary_of
    from scorekeeper.app.scoreboard import derive
    from scorekeeper.app.scorer import PACKAGE, package_of
    from scorekeeper.core.game import new_setup, replay
    from scorekeeper.core.variants import get_variant
    from scorekeeper.storage.store import new_record
    from scorekeeper.storage.trail import head, link

    variant = get_variant(game.variant)
    setup = new_setup(variant, list(game.players), list(game.rules))
    record = new_record(game.sid, variant.id, list(setup.players), dict(setup.rules), None,
                        setup.players[setup.first_dealer])
    record["created"] = game.created
    entries = []
    for number, hand in enumerate(game.hands, 1):
        form = "line" if isinstance(hand, list) else "file"
        raw = variant.codec.read_line_for(list(hand), setup) if form == "line" else hand
        entries.append(raw)
        record["hands"].append({"entry": raw, "form": form, "time": game.created})
        kept = {"time": game.created, "action": "entered", "number": number, "entry": raw, "previous": None,
                "form": form, "base": number}
        kept["chain"] = link(head(record["audit"]), kept)
        record["audit"].append(kept)
    state = replay(setup, entries)
    assert state.ending.finished, game
    package = package_of(variant)
    if package is not None:
        record[PACKAGE] = package
    record["derived"] = derive(state, record)
    return record, summary_of(record, state, updated=game.created)


def build(db: Path, evenings: int = EVENINGS, count: int | None = None) -> list[Game]:
    """Write the history into the database ``db`` (one commit); returns :func:`plan`'s games (its
    first ``count`` of them, when given)."""
    import json

    from scorekeeper.storage.store import Store

    games = plan(evenings)[:count]
    pairs = []
    for game in games:
        record, row = record_of(game)
        pairs.append((json.loads(json.dumps(record)), row))  # as it reads back from its file
    store = Store(db)
    store.bulk = True
    with store.writing("import"):
        store.save_many(pairs, current=pairs[-1][0]["id"])
    return games
