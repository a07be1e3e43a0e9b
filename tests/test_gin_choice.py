"""Gin Rummy: the knocker chooses her layout (SPEC §2.7), and the explanations that say why.

From the cards alone, the knocker's cards are laid out the way that gives her the best
result once the defender has answered as well as they can; ties go to the least deadwood,
then to the layout that leaves the defender the most. Figures are worked out by hand:
deadwood counts ace 1, J Q K 10, 2–10 face value.
"""
from __future__ import annotations

from conftest import flat

from scorekeeper.core.errors import InputError
from scorekeeper.core.variants.gin import GinRules, score_entry

P = ["Ann", "Bob"]

#: The issue's hand. Ann holds 3♠ 4♠ 5♠ 3♥ 3♦ 9♣-K♣; Bob 6♠ 7♠ 2♠ A♠ 3♣ J♦ Q♦ K♦ A♦ A♥.
ANN = "3S 4S 5S 3H 3D 9C 10C JC QC KC"
BOB = "6S 7S 2S AS 3C JD QD KD AD AH"


def score(ann: dict, bob: dict, knock: str = "Ann"):
    return score_entry({"players": {"Ann": ann, "Bob": bob}, "knock": knock}, P, GinRules())


def codes(result) -> list[str]:
    return [n["code"] for n in result.context["notes"]]


def test_the_knocker_lays_out_the_cards_that_win():
    # Layout A (least deadwood): 3-4-5♠ and 9-K♣, keeping 3♥ 3♦ = 6. Bob melds J-Q-K♦ and
    #   A♠ A♦ A♥, lays off 2♠ below and 6♠ 7♠ above 3-4-5♠ and keeps 3♣ = 3 < 6: Bob undercuts,
    #   (6 − 3) + 25 = 28.
    # Layout B: 3♠ 3♥ 3♦ and 9-K♣, keeping 4♠ 5♠ = 9 ≤ 10. Bob lays off 3♣ on the threes, melds
    #   J-Q-K♦ and A♠ A♦ A♥, keeps 6♠ 7♠ 2♠ = 15 > 9: Ann scores 15 − 9 = 6.
    # Ann chooses B: +6 (not Bob +28).
    r = score({"cards": ANN}, {"cards": BOB})
    assert r.scores == {"Ann": 6, "Bob": 0}
    assert r.context["deadwood"] == {"Ann": 9, "Bob": 15}
    assert r.context["arrangement"]["Ann"]["melds"] == [["3S", "3H", "3D"], ["9C", "10C", "JC", "QC", "KC"]]
    assert r.context["arrangement"]["Bob"]["layoffs"] == ["3C"]
    chosen = next(n for n in r.context["notes"] if n["code"] == "gin.note.layout_chosen")["facts"]
    # the other layout, and what it would have given: Bob 28
    assert (chosen["other_deadwood"], chosen["other_d"]) == (6, 3)
    assert (chosen["other_winner"], chosen["other_points"], chosen["winner"], chosen["points"]) == ("Bob", 28, "Ann", 6)


def test_an_arranged_layout_is_never_told_a_worse_one_is_better():
    # Entered as layout A (Bob +28, worked above): the note points to layout B, which wins Ann 6.
    r = score({"melds": "3S 4S 5S, 9C 10C JC QC KC", "hand": "3H 3D"}, {"cards": BOB})
    assert r.scores == {"Ann": 0, "Bob": 28}
    facts = next(n for n in r.context["notes"] if n["code"] == "gin.note.better_layout")["facts"]
    assert (facts["deadwood"], facts["winner"], facts["points"]) == (9, "Ann", 6)
    assert "better" in " ".join(r.notes)
    # Entered as layout B (Ann +6): layout A has less deadwood but loses, so nothing is "better".
    r = score({"melds": "3S 3H 3D, 9C 10C JC QC KC", "hand": "4S 5S"}, {"cards": BOB})
    assert r.scores == {"Ann": 6, "Bob": 0}
    assert not any(c.startswith("gin.note.better") for c in codes(r))
    assert "better" not in " ".join(r.notes)


def test_equally_good_layouts_are_said_with_the_rule_that_chose():
    # Ann: A♠ A♦ A♣, 2♠ 2♥ 2♦, 3♦, 4♠ 4♥ 4♦. Layouts within 10:
    #   L1 sets of aces, twos, fours, keeping 3♦ (3); L1' without the aces (A♠ A♦ A♣ 3♦ = 6);
    #   L1'' without the twos (2♠ 2♥ 2♦ 3♦ = 9); L3 run A-2-3♦ and the fours, keeping A♠ A♣ 2♠ 2♥ (6).
    # Bob: A♥ 3♥ 4♣ 3♠ 3♣ 2♣ 7♣ 5♦ 10♦ J♠ melds 3♥ 3♠ 3♣; 7♣ 5♦ 10♦ J♠ = 32 stay always.
    #   vs L1: lays off A♥, 2♣, 4♣: d = 32, Ann 32 − 3 = 29;
    #   vs L1': A♥ stays: 33 − 6 = 27;  vs L1'': 2♣ stays: 34 − 9 = 25;
    #   vs L3: lays off 4♣ only, keeps A♥ 2♣ too: 35 − 6 = 29.
    # L1 and L3 both give 29: the least deadwood (3) is taken.
    r = score({"cards": "AS 3D 4S 4H 4D 2D AD 2S 2H AC"}, {"cards": "AH 3H 4C 3S 3C 2C 7C 5D 10D JS"})
    assert r.scores == {"Ann": 29, "Bob": 0}
    facts = next(n for n in r.context["notes"] if n["code"] == "gin.note.layouts_equal_least")["facts"]
    assert (facts["count"], facts["deadwood"]) == (2, 3)
    assert "least deadwood" in " ".join(r.notes)


def test_a_refused_layoff_names_the_layoffs_that_cannot_stand_together():
    # Ann: 3♠ 4♠ 5♠ 4♥ 4♦ 9♣-K♣ lays out 3-4-5♠ (keeping 4♥ 4♦ = 8) or 4♠ 4♥ 4♦ (keeping
    # 3♠ 5♠ = 8). Bob's 4♣ fits only the fours, his 2♠ only the run: each fits a layout, no
    # layout takes both. Neither card alone is to blame.
    try:
        score({"cards": "3S 4S 5S 4H 4D 9C 10C JC QC KC"},
              {"melds": "7H 8H 9H", "layoffs": "4C 2S", "hand": "6S AD 2D 9D 10D"})
    except InputError as e:
        assert e.code == "gin.layoffs_apart"
        assert {str(c) for c in e.facts["cards"]} == {"4C", "2S"}
        assert "4♣ 2♠" in e.message and "together" in e.message
    else:
        raise AssertionError("the lay-offs were accepted")
    # a lay-off that fits no layout at all is still named alone: 8♦ touches nothing of Ann's
    try:
        score({"cards": "3S 4S 5S 4H 4D 9C 10C JC QC KC"},
              {"melds": "7H 8H 9H", "layoffs": "2S 8D", "hand": "6S AD 2D 9D 10D"})
    except InputError as e:
        assert e.code == "gin.layoff_no_fit" and str(e.facts["card"]) == "8D"
    else:
        raise AssertionError("the lay-offs were accepted")


def test_the_one_line_form_and_explain_say_the_choice(cli):
    cli.new("gin", "Ann", "Bob")
    doc = cli.record(f"Ann: {ANN} knock", f"Bob: {BOB}")
    assert doc["scores"] == {"Ann": 6, "Bob": 0}           # worked in the first test
    r = cli("explain")
    assert r.exit_code == 0
    said = flat(r.stdout)
    assert "rather than" in said and "Bob would score 28" in said


def test_gin_is_a_word_that_ends_the_hand(cli):
    cli.new("gin", "Ann", "Bob")
    # Bob melds 3-4-5-6♥, 9♠ 9♦ 9♣ and J-Q-K♦: gin. Ann melds 6♠ 6♦ 6♣ and A-2-3♠ and holds
    # 7♥ 2♥ 10♦ 9♥ = 28, nothing laid off against gin: Bob 28 + 25 = 53
    doc = cli.record("Ann: 7H 2H 10D 9H 6S 6D 6C AS 2S 3S", "Bob: 3H 4H 5H 6H 9S 9D 9C JD QD KD gin")
    assert (doc["scores"], doc["kind"], doc["knocker"]) == ({"Ann": 0, "Bob": 53}, "gin", "Bob")


def test_an_upcard_typed_inside_a_players_part_gets_a_sentence(cli):
    cli.new("gin", "Ann", "Bob")
    r = cli("hand", f"Ann: {ANN} knock up=7D", f"Bob: {BOB}")
    assert r.exit_code == 2
    said = flat(r.stderr)
    assert said.startswith("Ann: the up-card is an argument of its own") and "up=7D" in said
    assert cli.history()["hands"] == []
    # the same up-card as an argument of its own is taken: Ann +6 as worked in the first test
    assert cli.record(f"Ann: {ANN} knock", f"Bob: {BOB}", "up=7D")["scores"] == {"Ann": 6, "Bob": 0}


def test_the_standings_rank_the_reacher_first_when_the_rule_makes_her_winner(cli):
    # game_bonus=0 (I-G5): Bob knocks five times with 5 against Ann's 6: 5 × 1 = 5; then Ann has
    # gin against 75: 75 + 25 = 100, the target. Final: Ann 100 + 1 box × 25 = 125; Bob 5 + 5 × 25 = 130.
    cli.new("gin", "Ann", "Bob", rules=["game_bonus=0"])
    for _ in range(5):
        cli.record({"players": {"Ann": {"hand": 6}, "Bob": {"hand": 5}}, "knock": "Bob"})
    cli.record({"players": {"Ann": {"hand": 0}, "Bob": {"hand": 75}}, "knock": "Ann"})
    st = cli.standings()
    assert st["finished"] and st["winners"] == ["Ann"]
    assert [(p["name"], p["rank"], p["total"]) for p in st["players"]] == [("Ann", 1, 125), ("Bob", 2, 130)]


def test_the_game_bonus_cites_i_g10_only_after_an_undercut(cli):
    # Ann's gin takes her to the target: the game bonus is hers, no undercut to speak of
    cli.new("gin", "Ann", "Bob")
    cli.record({"players": {"Ann": {"hand": 0}, "Bob": {"hand": 80}}, "knock": "Ann"})   # 80 + 25 = 105
    reasons = cli.json("explain")["end_bonus"]["Ann"]["reason"]
    assert "game bonus +100." in reasons and "I-G10" not in reasons
    # Ann at 75 (gin against 50: 50 + 25); Bob knocks with 8 and Ann holds 2: Ann undercuts,
    # (8 − 2) + 25 = 31, 106 ≥ 100 as the defender: the game bonus is hers by I-G10
    cli.new("gin", "Ann", "Bob")
    cli.record({"players": {"Ann": {"hand": 0}, "Bob": {"hand": 50}}, "knock": "Ann"})
    cli.record({"players": {"Ann": {"hand": 2}, "Bob": {"hand": 8}}, "knock": "Bob"})
    doc = cli.json("explain")
    assert doc["finished"] and doc["players"]["Ann"]["total"] == 106
    assert "with an undercut" in doc["end_bonus"]["Ann"]["reason"] and "I-G10" in doc["end_bonus"]["Ann"]["reason"]
