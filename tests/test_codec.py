"""Each variant's codec: a stored hand entry written in the variant's one-line form
(``codec.write_line``) reads back (``codec.read_line``) to the same entry, and so
to the same scores.

Two kinds of check, both in the core:

* a property (hypothesis) per built-in variant: any entry in the form the one-line
  reader stores (each variant's own keys included: Gin Rummy's cards, ``big_gin`` and
  ``upcard``, Contract Rummy's ``cut`` and ``[]``), written and read back, is the very
  same entry; it scores the same, or is refused for the same reason;
* every worked example of the shared game files, each hand written and read back, scores
  what the example worked out by hand (the working is in each example's ``note``).
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import load_games
from scorekeeper.core.errors import InputError
from scorekeeper.core.game import GameSoFar, new_setup, score_entry
from scorekeeper.core.oneline import as_arguments
from scorekeeper.core.variants import get_variant

from scorekeeper.core.variants import BUILT_IN as _LISTED

BUILT_IN = sorted(_LISTED)
PLAYERS = ("Ann", "Bob", "Cy")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARDS = tuple(r + s for r in RANKS for s in "SHDC")

card = st.sampled_from(CARDS)
cards = st.lists(card, min_size=1, max_size=6).map(" ".join)
points = st.integers(0, 300)


def round_trip(variant, entry: dict, players) -> dict:
    """``entry`` written in the variant's one-line form and read back."""
    return variant.codec.read_line(as_arguments(variant.codec.write_line(entry, players)), players)


def outcome(setup, entry: dict):
    """What scoring ``entry`` as hand 1 gives: the scores, or the refusal's code."""
    try:
        return score_entry(GameSoFar.at(setup, 1), entry).scores
    except InputError as e:
        return e.code


@st.composite
def shared_part(draw, variant, not_down: bool = False) -> dict:
    """One player's part as the shared one-line reader stores it, with the keys ``variant`` takes."""
    keys = variant.codec.keys
    if "table" in keys and draw(st.booleans()):  # counted on paper
        return {"table": draw(points), "hand": draw(points)}
    part: dict = {}
    if not_down and draw(st.booleans()):
        part["melds"] = []  # did not go down (Contract Rummy)
    elif draw(st.booleans()):
        part["melds"] = draw(st.lists(st.lists(card, min_size=3, max_size=4).map(" ".join), min_size=1, max_size=3))
    if "layoffs" in keys and draw(st.booleans()):
        part["layoffs"] = draw(cards)
    part["hand"] = draw(st.one_of(points, cards, st.just("")))
    return part


@st.composite
def shared_entry(draw, variant, players, not_down: bool = False) -> dict:
    """A hand as the shared reader stores it: every player's part and how the hand ended."""
    entry: dict = {"players": {p: draw(shared_part(variant, not_down)) for p in players}}
    endings = ["none", "stock"] + (["out"] if variant.endings.out else []) + (
        ["knock"] if variant.endings.knock else [])
    how = draw(st.sampled_from(endings))
    if how == "stock":
        entry["stock_exhausted"] = True
    elif how in ("out", "knock"):
        entry[how] = draw(st.sampled_from(players))
    return entry


@st.composite
def gin_entry(draw) -> dict:
    """A Gin Rummy hand as its one-line reader stores it: each player's cards as shown, arranged,
    as points, or nothing; a knock (big gin) or a void hand; the up-card or not."""
    players = PLAYERS[:2]
    gin = get_variant("gin")
    parts = {}
    for p in players:
        form = draw(st.sampled_from(["cards", "arranged", "points", "none"]))
        if form == "cards":
            parts[p] = {"cards": draw(st.lists(card, min_size=1, max_size=11).map(" ".join))}
        elif form == "arranged":
            part = draw(shared_part(gin))
            part["hand"] = draw(st.one_of(cards, st.just("")))
            parts[p] = part
        elif form == "points":
            parts[p] = {"hand": draw(points)}
        else:
            parts[p] = {}
    entry: dict = {"players": parts}
    if draw(st.booleans()):
        entry["knock"] = draw(st.sampled_from(players))
        if draw(st.booleans()):
            entry["big_gin"] = True
    else:
        entry["stock_exhausted"] = True
    if draw(st.booleans()):
        entry["upcard"] = draw(card)
    return entry


@st.composite
def indian_entry(draw) -> dict:
    """An Indian Rummy deal as its one-line reader stores it: each player's melds and cards left out,
    points, a drop (first, middle), a wrong show, or nothing (the last player in); who declared;
    the wild rank or not."""
    parts = {}
    for p in PLAYERS:
        form = draw(st.sampled_from(["cards", "points", "drop", "middle", "wrong", "none"]))
        if form == "cards":
            part: dict = {}
            if draw(st.booleans()):
                part["melds"] = draw(st.lists(st.lists(card, min_size=3, max_size=4).map(" ".join), min_size=1,
                                              max_size=4))
            part["hand"] = draw(st.one_of(cards, st.just("")))
            parts[p] = part
        elif form == "points":
            parts[p] = {"hand": draw(points)}
        elif form in ("drop", "middle"):
            parts[p] = {"drop": "first" if form == "drop" else "middle"}
        elif form == "wrong":
            parts[p] = {"wrong": True}
        else:
            parts[p] = {}
    entry: dict = {"players": parts}
    empty = [p for p, part in parts.items() if not part]
    if empty or draw(st.booleans()):  # a part with nothing said is the declarer's
        entry["out"] = empty[0] if empty else draw(st.sampled_from(PLAYERS))
        for p in empty[1:]:
            parts[p] = {"wrong": True}
    if draw(st.booleans()):
        entry["wild"] = draw(st.sampled_from(RANKS + ("JK",)))
    return entry


@st.composite
def canasta_entry(draw) -> dict:
    """A Canasta hand as its one-line reader stores it: each player alone (three players) with
    melds, red threes (a count) and the cards left, or the cards left only, or a score counted on
    paper (either sign), or nothing; who went out, concealed or not, or the stock."""
    parts = {}
    for p in PLAYERS:
        form = draw(st.sampled_from(["melds", "hand", "points", "none"]))
        if form == "melds":
            part: dict = {"melds": draw(st.lists(st.lists(card, min_size=3, max_size=7).map(" ".join),
                                                 min_size=1, max_size=3))}
            if draw(st.booleans()):
                part["red_threes"] = draw(st.integers(0, 4))
            part["hand"] = draw(st.one_of(cards, st.just("")))
            parts[p] = part
        elif form == "hand":
            parts[p] = {"hand": draw(st.one_of(cards, st.just("")))}
        elif form == "points":
            parts[p] = {"points": draw(st.integers(-10_000, 10_000))}
        else:
            parts[p] = {}
    entry: dict = {"players": parts}
    how = draw(st.sampled_from(["out", "stock", "none"]))
    if how == "out":
        entry["out"] = draw(st.sampled_from(PLAYERS))
    elif how == "stock":
        entry["stock_exhausted"] = True
    if draw(st.booleans()):
        entry["concealed"] = True
    return entry


def entries(variant_id: str):
    """The entries of ``variant_id`` to write and read back, and the players of its session."""
    variant = get_variant(variant_id)
    if variant_id == "gin":
        return gin_entry(), PLAYERS[:2]
    if variant_id == "indian":
        return indian_entry(), PLAYERS
    if variant_id == "canasta":
        return canasta_entry(), PLAYERS
    players = PLAYERS[:max(variant.min_players, min(3, variant.max_players))]
    base = shared_entry(variant, players, not_down=variant.table.asks == "melds")
    keys = list(variant.table.also_keys)
    if not keys:
        return base, players

    @st.composite
    def with_also(draw) -> dict:  # the deal's other facts naming a player (Contract Rummy's cut)
        entry = draw(base)
        for key in keys:
            if draw(st.booleans()):
                entry[key] = draw(st.sampled_from(players))
        return entry

    return with_also(), players


@pytest.mark.parametrize("variant_id", BUILT_IN)
def test_an_entry_written_on_one_line_reads_back_the_same(variant_id):
    variant = get_variant(variant_id)
    strategy, players = entries(variant_id)
    setup = new_setup(variant, list(players))

    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(strategy)
    def check(entry):
        back = round_trip(variant, entry, players)
        assert back == entry
        assert outcome(setup, back) == outcome(setup, entry)

    check()


def test_the_property_sees_each_variant_s_own_keys():
    """The strategies above do make the keys a variant adds (else the property would miss them)."""
    gin, _ = entries("gin")
    contract, _ = entries("contract")
    seen: set[str] = set()
    for strategy in (gin, contract):
        @settings(max_examples=40, deadline=None)
        @given(strategy)
        def collect(entry):
            seen.update(entry)
            for part in entry["players"].values():
                seen.update(f"player.{k}" for k in part if part.get(k) != [])
                seen.update("player.[]" for k in part if part.get(k) == [])

        collect()
    assert {"big_gin", "upcard", "cut", "player.cards", "player.[]"} <= seen


GAME_FILES = ("shared_rummy500.json", "shared_carousel.json", "shared_crazy.json", "shared_gin.json",
              "shared_contract.json", "canasta_cases.json")


def _games():
    for name in GAME_FILES:
        try:
            games = load_games(name)["games"]
        except pytest.skip.Exception:  # pragma: no cover - the file is kept with the tests
            continue
        for game in games:
            yield pytest.param(game, id=f"{name}:{game['id']}")


@pytest.mark.parametrize("game", list(_games()))
def test_the_worked_examples_written_on_one_line_score_as_worked_out(game):
    """Each hand of a worked example, written in its variant's one-line form and read back, scores
    what the example's hand-worked answer says (``expect.scores``, its working in ``note``)."""
    variant = get_variant(game["variant"])
    setup = new_setup(variant, game["players"], game.get("rules") or [])
    expected = game["expect"]["scores"]
    for number, hand in enumerate(game["hands"], 1):
        back = round_trip(variant, hand, setup.players)
        if number <= len(expected):
            assert score_entry(GameSoFar.at(setup, number), back).scores == expected[number - 1]
