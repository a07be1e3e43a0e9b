"""What the lay-off search costs in its bad cases (SPEC §2.2, §2.8): many melds holding jokers,
many lay-offs, jokers among them, and entries that fit no assignment, which the search must
refute whole. Target: each case well under a tenth of a second (it is part of one `hand`).

Contract Rummy, five players, three packs and sixteen jokers (``preset=liverpool``, ``jokers=16``: more
than any table plays with, to make the search's work large), deal 6 (a set and two runs each): every player down, runs read any legal way (a joker in ``JK 5H 6H 7H`` may be
4♥ or 8♥), lay-offs onto anyone's melds. Each case is timed as scoring the deal through the core
(``score_entry``: entry read, contract checked, lay-offs searched) and as the lay-off search alone
(``place_layoffs``), the median CPU time of several runs.

Then random tables (``--random N``, seeded): twenty melds (runs of 4-6 cards and sets of three), at
most eight jokers in all, as four packs hold under the Liverpool presets, and 10 to 25 lay-offs near
them, some jokers: the slowest search is shown.

    python benchmarks/bench_layoffs.py [--runs 7] [--random 300]

Figures depend on the machine and its load: run it on a quiet machine.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.core.cards import JOKER, Card, PlayedCard, parse_played_cards  # noqa: E402
from scorekeeper.core.errors import InputError  # noqa: E402
from scorekeeper.core.game import GameSetup, GameSoFar, score_entry  # noqa: E402
from scorekeeper.core.melds import IllegalMeld, TableMeld  # noqa: E402
from scorekeeper.core.variants import get_variant  # noqa: E402
from scorekeeper.core.variants.contract import melds as cm  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve")
#: each player's contract for deal 6 (S3+R4+R4), jokers in most runs
MELDS = {
    "Ann": ["7S 7H 7C", "JK 5H 6H 7H", "9C 10C JK QC"],
    "Bob": ["KS KH KD", "JK 3D 4D 5D", "JK JS QS KS"],
    "Cy": ["4C 4S 4H", "2S 3S 4S JK", "8D 9D JK JK"],
    "Dee": ["QH QD QC", "JK 9H 10H JH", "3C 4C 5C JK"],
    "Eve": ["2H 2D 2C", "5S 6S 7S 8S", "AD 2D 3D JK"],
}
#: lay-offs that fit together (each checked by hand: 8H onto Ann's JK 5H 6H 7H with the joker as 4H,
#: 6D 7D onto Bob's diamonds, KC onto Bob's kings, 10S onto Bob's spades with the joker as A, 4D onto Cy's
#: fours, 10D onto Cy's 8D 9D JK JK, QS onto Dee's queens, 6C onto Dee's clubs, 9S onto Eve's spades, 2S onto
#: Eve's twos, one joker each for Cy and Dee anywhere)
FITS = {"Ann": "8H 2C", "Bob": "6D 7D KC 10S", "Cy": "4D 10D JK", "Dee": "QS 6C JK", "Eve": "9S 2S"}
#: then the same, with one card too many: a third 8♥ (three packs hold three) where only Ann's hearts
#: run and no set of eights could take one, and Ann's first 8♥ there already: each fits alone, not together
NO_FIT = {**FITS, "Eve": "9S 2S 8H", "Dee": "QS 6C JK 8H"}
#: three runs left with gaps that only wild cards can fill, four in all (10H onto Ann's JK 5H 6H 7H leaves
#: 8-9 for its one joker; 8D onto Bob's JK 3D 4D 5D leaves 6-7; 9C onto Dee's 3C 4C 5C JK leaves 6-7-8,
#: Dee's 9-J of hearts and Ann's 9C 10C JK QC having 10H and 9C already) and three jokers laid off
GAPS = {"Ann": "10H", "Bob": "8D JK", "Cy": "JK", "Dee": "9C JK"}

#: Ann went out; the others hold a card each
HANDS = {"Ann": "", "Bob": "JC", "Cy": "JD", "Dee": "AS", "Eve": "AC"}


def entry(layoffs: dict[str, str]) -> dict:
    players = {p: {"melds": MELDS[p], "layoffs": layoffs.get(p, ""), "hand": HANDS[p]} for p in PLAYERS}
    return {"players": players}


def median_time(fn, runs: int) -> float:
    """The median CPU time of ``fn`` (the process's, which other work on a busy machine disturbs
    less than the wall clock)."""
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--random", type=int, default=300, help="random tables to search (0: none)")
    args = ap.parse_args()
    variant = get_variant("contract")
    setup = GameSetup(variant, PLAYERS, {"preset": "liverpool", "jokers": "16"})
    law = cm.law_of(setup.rules)
    table = []
    for p in PLAYERS:
        for text in MELDS[p]:
            cards = parse_played_cards(text)
            table.append(TableMeld(p, cards, cm.read(cards, law)))
    worst = 0.0
    for label, layoffs in (("fits", FITS), ("one card too many", NO_FIT), ("a joker short", GAPS)):
        pairs = [(p, c) for p in PLAYERS for c in parse_played_cards(layoffs.get(p, ""))]

        def score() -> None:
            try:
                score_entry(GameSoFar.at(setup, 6), entry(layoffs))
            except InputError:
                pass

        found = cm.place_layoffs(table, pairs, law) is not None
        search = median_time(lambda: cm.place_layoffs(table, pairs, law), args.runs)
        whole = median_time(score, args.runs)
        worst = max(worst, whole)
        print(f"{label:<20} {len(pairs):>2} lay-offs onto {len(table)} melds: "
              f"{'fit' if found else 'no fit'}; search {search * 1000:7.2f} ms, scoring the deal {whole * 1000:7.2f} ms")
    slowest = random_tables(args.random, cm.MeldLaw()) if args.random else 0.0
    if args.random:
        print(f"random tables ({args.random}): the slowest search {slowest * 1000:.2f} ms")
    worst = max(worst, slowest)
    print(f"worst: {worst * 1000:.2f} ms (target: well under 100 ms)")
    return 0 if worst < 0.1 else 1


def random_tables(count: int, law: cm.MeldLaw, seed: int = 30) -> float:
    """The slowest lay-off search over ``count`` random tables (see the module's text)."""
    rng = random.Random(seed)
    slowest = 0.0
    done = 0
    while done < count:
        melds: list[TableMeld] = []
        while len(melds) < 20:
            if rng.random() < 0.6:
                n, suit = rng.randint(4, 6), rng.choice("SHDC")
                start = rng.randint(1, 15 - n)
                cards = [PlayedCard(JOKER) if rng.random() < 0.08 else PlayedCard(Card(1 if r == 14 else r, suit))
                         for r in range(start, start + n)]
            else:
                rank = rng.randint(1, 13)
                cards = [PlayedCard(JOKER) if rng.random() < 0.05 else PlayedCard(Card(rank, rng.choice("SHDC")))
                         for _ in range(3)]
            try:
                melds.append(TableMeld("Ann", cards, cm.read(cards, law)))
            except IllegalMeld:
                pass
        on_table = sum(pc.card.is_joker for m in melds for pc in m.cards)
        if on_table > 7:
            continue
        pairs = [("Bob", PlayedCard(JOKER)) for _ in range(rng.randint(1, 8 - on_table))]
        pairs += [("Bob", PlayedCard(Card(rng.randint(1, 13), rng.choice("SHDC"))))
                  for _ in range(rng.randint(10, 25))]
        t0 = time.process_time()
        cm.place_layoffs(melds, pairs, law)
        slowest = max(slowest, time.process_time() - t0)
        done += 1
    return slowest


if __name__ == "__main__":
    raise SystemExit(main())
