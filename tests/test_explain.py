"""`explain`: every score of a hand, card by card, with the rule each line applies (SPEC §5).

The worked examples (tests/fixtures/shared_*.json, the demo game) carry scores
worked out by hand; here every hand of every game is explained and the lines of
each player's explanation must add up to that hand-worked score. The single
cases below name their arithmetic in a comment.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import FIXTURES, PTY_TIMEOUT, load_games, no_document, terminal_env
from scorekeeper.app import Application, audit
from scorekeeper.app.games import Loaded, open_game
from scorekeeper.core.variants import VARIANTS

DEMO = Path(__file__).resolve().parents[1] / "scorekeeper" / "data" / "demo_rummy500.json"


def _games() -> list[tuple[str, dict]]:
    """Every worked game whose variant exists: (label, game)."""
    out = []
    for name in sorted(p.name for p in FIXTURES.glob("*.json")):
        data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
        for game in data.get("games", []):
            if game["variant"] in VARIANTS:
                out.append((f"{name}:{game.get('id', '?')}", game))
    out.append(("demo", json.loads(DEMO.read_text(encoding="utf-8"))))
    return out


GAMES = _games()


def play(game: dict) -> Loaded:
    """Record a worked game through the application (the CLI's own path)."""
    app = Application()
    app.new(game["variant"], game["players"], game.get("rules", []), game.get("title"))
    for hand in game["hands"]:
        app.record_hand(hand, "file")
    return open_game(app.store, None)


def explain(cli, *args: str) -> dict:
    result = cli("explain", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# --- every worked example adds up -------------------------------------------------------


@pytest.mark.parametrize("label,game", GAMES, ids=[g[0] for g in GAMES])
def test_explanations_add_up_to_the_hand_worked_scores(label, game):
    loaded = play(game)
    expected = game["expect"]["scores"]
    assert loaded.state.hands == len(expected)
    for number, scores in enumerate(expected, 1):
        doc = audit.explain_json(loaded, number)
        assert doc["number"] == number
        for name, want in scores.items():
            p = doc["players"][name]
            # the lines are the explanation: their sum is the score, and the score is the hand-worked one
            assert sum(line["points"] for line in p["lines"]) == p["score"] == want, (label, number, name)
            # the arithmetic ends on the score, written with a real minus sign
            figure = f"−{-want}" if want < 0 else str(want)
            assert p["arithmetic"] == figure or p["arithmetic"].endswith(f"= {figure}"), p["arithmetic"]
            for line in p["lines"]:
                assert line["reason"] and line["rule"], line
    # the end of the game: hand scores plus the end bonuses shown by explain give the final totals
    last = audit.explain_json(loaded)
    assert last["finished"] == game["expect"]["finished"]
    for name, total in game["expect"]["totals"].items():
        bonus = last.get("end_bonus", {}).get(name, {"points": 0})["points"]
        assert last["players"][name]["total"] + bonus == total, (label, name)


CLI_GAMES = [g for g in GAMES if g[0] == "demo" or g[0].startswith("shared_")]


@pytest.mark.parametrize("label,game", CLI_GAMES, ids=[g[0] for g in CLI_GAMES])
def test_explain_through_the_cli_matches_history(cli, label, game):
    play(game)
    hist = json.loads(cli("history", "--json").stdout)
    for h in hist["hands"]:
        doc = explain(cli, str(h["number"]))
        assert {n: p["score"] for n, p in doc["players"].items()} == h["scores"]
        assert {n: p["total"] for n, p in doc["players"].items()} == h["totals"]


# --- the lines say what counted what ------------------------------------------------------


SPEC_HAND = {"players": {
    "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
    "Bob": {"melds": [], "hand": ""},
    "Cy": {"table": 80, "hand": 85},
}}


def test_spec_example_card_by_card(cli, tmp_path):
    cli("new", "rummy500", "Ann", "Bob", "Cy")
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(SPEC_HAND))
    assert cli("hand", "--file", str(f)).exit_code == 0
    doc = explain(cli)
    assert doc["number"] == 1 and doc["variant"] == "rummy500" and doc["context"] == {}
    ann = doc["players"]["Ann"]
    # 7+8+9 = 24 (run), 10+10+10 = 30 (set), 10 laid off, A♠ 15 + 4♦ 4 = 19 left: 24 + 30 + 10 − 19 = 45
    by_card = {line["card"]: line for line in ann["lines"]}
    assert [by_card[c]["points"] for c in ("7H", "8H", "9H")] == [7, 8, 9]
    assert [by_card[c]["points"] for c in ("QS", "QD", "QC")] == [10, 10, 10]
    assert by_card["10H"]["points"] == 10 and by_card["10H"]["part"] == "layoff"
    assert "laid off by Ann" in by_card["10H"]["reason"]
    assert by_card["AS"]["points"] == -15 and "ace" in by_card["AS"]["reason"]
    assert by_card["AS"]["rule"] == {"id": None, "ids": [], "name": "Cards and card values"}
    assert by_card["4D"]["points"] == -4
    assert ann["score"] == 45 and ann["total"] == 45
    # Cy counted on paper: 80 − 85 = −5, citing I-6
    cy = doc["players"]["Cy"]
    assert cy["score"] == -5 and cy["points_only"] is True
    assert [line["card"] for line in cy["lines"]] == [None, None]
    assert all(line["rule"]["id"] == "I-6" for line in cy["lines"])
    # Bob went out with nothing on the table: 0, no lines
    assert doc["players"]["Bob"]["score"] == 0 and doc["players"]["Bob"]["lines"] == []
    assert doc["won"] == ["Bob"] and doc["ended"] == "out"
    # by name and interpretation id, never a section of the specification (SPEC §5)
    assert [(r["id"], r["name"]) for r in doc["rules"]] == [
        (None, "Cards and card values"), (None, "Melds and lay-offs"),
        (None, "Rummy 500 and Rum 500: scoring a hand"), ("I-6", "Where the rules are silent")]
    assert all(r["title"] for r in doc["rules"])
    assert "end_bonus" not in doc and doc["finished"] is False


def test_low_ace_and_lay_off_on_an_opponents_meld():
    game = json.loads(DEMO.read_text(encoding="utf-8"))
    loaded = play({**game, "hands": game["hands"][:1]})
    doc = audit.explain_json(loaded, 1)
    bob = {line["card"]: line for line in doc["players"]["Bob"]["lines"]}
    # Bob's A♠ 2♠ 3♠: the ace is low, 1 (1 + 2 + 3 = 6)
    assert bob["AS"]["points"] == 1 and "low ace" in bob["AS"]["reason"]
    # Bob laid off 10♥ on Ann's 7♥ 8♥ 9♥: 10, for Bob
    assert bob["10H"]["points"] == 10 and "on Ann's run" in bob["10H"]["reason"]
    cy = {line["card"]: line for line in doc["players"]["Cy"]["lines"]}
    # Cy's A♦ left in hand costs 15
    assert cy["AD"]["points"] == -15


def test_player_filter_ignores_case(cli):
    play(load_games("shared_rummy500.json")["games"][0])
    doc = explain(cli, "1", "--player", "ann")
    assert list(doc["players"]) == ["Ann"]


def test_default_is_the_last_hand(cli):
    game = json.loads(DEMO.read_text(encoding="utf-8"))
    play({**game, "hands": game["hands"][:3]})
    assert explain(cli)["number"] == 3


def test_finished_game_names_the_winner(cli):
    play(json.loads(DEMO.read_text(encoding="utf-8")))
    doc = explain(cli)
    # hand 13: Bob reaches 409 + 91 = 500 and is highest (Ann 414 + 78 = 492)
    assert doc["finished"] is True and doc["winners"] == ["Bob"]
    assert doc["players"]["Bob"]["total"] == 500
    earlier = explain(cli, "12")
    assert earlier["finished"] is False and earlier["winners"] == []


def test_carousel_end_bonus_is_explained(cli):
    game = next(g for label, g in GAMES if label.endswith(":game-to-150"))
    play(game)
    doc = explain(cli)
    assert doc["finished"] is True
    bonus = doc["end_bonus"]
    assert set(bonus) == set(game["players"])
    assert all(b["reason"] for b in bonus.values() if b["points"])
    assert "I-2" in [r["id"] for r in doc["rules"]]
    text = cli("explain")
    assert "End of the game" in text.stdout


@pytest.mark.parametrize("game_id,player,bonus", [
    # Ann knocked with 5♣ (5); Bob holds A♥ 2♥ (3), Cy 10♠ (10): Bob undercuts,
    # (5 − 3) + (10 − 3) = 9, +10 undercut bonus = 19
    ("undercut", "Bob", 10),
    # Bob went out (0); Ann holds 7♣ 6♦ (13): 13 − 0 = 13, +25 for going out = 38
    ("going-out", "Bob", 25),
])
def test_carousel_bonuses_are_lines_with_their_rule(game_id, player, bonus):
    game = next(g for label, g in GAMES if label == f"shared_carousel.json:{game_id}")
    doc = audit.explain_json(play(game))
    lines = doc["players"][player]["lines"]
    bonuses = [line for line in lines if line["part"] == "bonus"]
    assert [b["points"] for b in bonuses] == [bonus]
    assert bonuses[0]["rule"]["name"] == "Carousel: scoring a round"
    assert doc["players"][player]["score"] == game["expect"]["scores"][0][player]


def test_crazy_wild_card_in_hand_counts_25(cli, tmp_path):
    cli("new", "crazy", "Ann", "Bob", "Cy")
    f = tmp_path / "hand.json"
    # SPEC §4 example, played as round 1 (aces wild): Ann went out 0; Bob 7♥ 7 + K♠ 10 = 17; Cy A♦, wild: 25
    f.write_text(json.dumps({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "7H KS"}, "Cy": {"hand": "AD"}}}))
    assert cli("hand", "--file", str(f)).exit_code == 0
    doc = explain(cli)
    assert doc["context"]["round"] == 1
    assert {n: p["score"] for n, p in doc["players"].items()} == {"Ann": 0, "Bob": 17, "Cy": 25}
    (line,) = doc["players"]["Cy"]["lines"]
    assert line["card"] == "AD" and line["points"] == 25 and "wild" in line["reason"]
    assert "round 1" in cli("explain").stdout


# --- refusals -------------------------------------------------------------------------------


def test_unknown_hand_number(cli):
    play(load_games("shared_rummy500.json")["games"][0])
    for n in ("7", "0", "-1"):
        r = cli("explain", "--", n) if n.startswith("-") else cli("explain", n)
        assert r.exit_code == 2
        assert r.stdout == ""
        assert "no hand" in r.stderr and "did you mean 1?" in r.stderr


def test_no_hands_yet(cli):
    cli("new", "rummy500", "Ann", "Bob")
    r = cli("explain", "--json")
    assert r.exit_code == 2 and no_document(r.stdout) and "no hands yet" in r.stderr


def test_unknown_player(cli):
    play(load_games("shared_rummy500.json")["games"][0])
    r = cli("explain", "--player", "Anne", "--json")
    assert r.exit_code == 2 and no_document(r.stdout)
    assert 'did you mean "Ann"' in r.stderr


def test_no_session(cli):
    r = cli("explain")
    assert r.exit_code == 2 and "Traceback" not in r.stderr


# --- what people read -------------------------------------------------------------------------


def test_text_output_has_the_cards_the_sum_and_the_rules(cli, tmp_path):
    cli("new", "rummy500", "Ann", "Bob", "Cy")
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(SPEC_HAND))
    cli("hand", "--file", str(f))
    r = cli("explain")
    assert r.exit_code == 0
    out = r.stdout
    for word in ("Hand 1", "Card", "Points", "Reason", "Rule", "Ann", "Bob", "Cy",
                 "Rummy 500 and Rum 500: scoring a hand", "I-6", "Rules applied", "went out"):
        assert word in out, word
    # rules are cited by name and interpretation id: people have no SPEC (issue 12)
    assert "§" not in out and "SPEC" not in out
    # Ann: 24 + 30 + 10 − 19 = 45, as the scorer adds it up
    arithmetic = explain(cli)["players"]["Ann"]["arithmetic"]
    assert arithmetic.endswith("= 45") and "− 19" in arithmetic
    assert f"Sum: {arithmetic}" in out
    # no colour (NO_COLOR): suits are letters, never symbols
    assert not re.search("[♠♥♦♣]", out)
    assert "AS left in hand" in out


def test_render_colours_suits_when_the_terminal_has_colour():
    from scorekeeper.cli import render

    from scorekeeper.core.cards import Card, PlayedCard
    from scorekeeper.core.phrase import Said, phrase

    colour = SimpleNamespace(color=True)
    # a sentence is drawn from its phrase's facts: the cards it names (an ace mark is not said)
    said = Said(phrase("line.layoff", card=PlayedCard(Card(1, "H"), ace="low"), player="Bob", whose="Ann's",
                       kind="run", meld=[Card(2, "C"), Card(3, "C")], value=15, amount="+15"))
    text = render.sentence(said, colour)
    assert text.plain == said == "A♥ laid off by Bob on Ann's run 2♣ 3♣: 15, +15"
    styles = {text.plain[s.start:s.end]: str(s.style) for s in text.spans}
    assert styles["A♥"] == "red" and "2♣" not in {k for k, v in styles.items() if v == "red"}
    assert render.sentence(said, SimpleNamespace(color=False)).plain == "AH laid off by Bob on Ann's run 2C 3C: 15, +15"
    # words without their phrase are never read back for cards
    assert not render.sentence(str(said), colour).spans
    typed = render.typed_cards("7H 8h +10H -AS Ann", colour)
    assert typed.plain == "7♥ 8♥ +10♥ -A♠ Ann"
    plain = render.typed_cards("7H 8h", SimpleNamespace(color=False))
    assert plain.plain == "7H 8h"


def test_rule_texts_wrap_under_themselves_at_80_columns(exe, isolated_db):
    # `rules` on an 80-column terminal: a rule's text wrapped keeps its indent (no wrapped line
    # back at the margin), the id alone in the margin's column; so do the labels' lines
    pexpect = pytest.importorskip("pexpect")
    env = terminal_env(isolated_db)
    env.pop("COLUMNS")
    child = pexpect.spawn(str(exe), ["rules", "contract", "--no-pager"], env=env, encoding="utf-8",
                          timeout=PTY_TIMEOUT, dimensions=(50, 80))
    child.expect(pexpect.EOF)
    lines = child.before.replace("\r", "").splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("  I-6 "))
    text = lines[start][len("  I-6 "):].lstrip()
    indent = len(lines[start]) - len(text)
    follow = lines[start + 1:start + 4]
    assert all(len(line.rstrip()) <= 80 for line in lines)
    assert all(line[:indent].isspace() and not line[indent].isspace() for line in follow), follow
    dealt = next(line for line in lines if line.startswith("Dealt:"))
    after = lines[lines.index(dealt) + 1]
    assert after.startswith(" " * len("Dealt: ")) and not after.startswith("Goal"), after
    assert "exact_contract=true" in child.before and "=True" not in child.before  # presets' values as typed
