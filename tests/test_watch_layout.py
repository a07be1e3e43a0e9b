"""`watch` uses the screen it is given (issue 31): the panels on one row where the figures fit
it at the same size, as high as the room allows; the line saying who deals and leads never
cut at the screen's edge (it is shortened by rule: the coming deal on a line of its own, then
the names with an ellipsis); a long title or name shortened with an ellipsis, the variant and
the count kept; nothing moves when a total gains a digit. Drawn in memory at 80×24, 120×40 and
200×60, and once in a pseudo-terminal resized through the three.

The games (points given as numbers; "-" is the player who went out):
- Contract Rummy started at deal 7 (`new --round 7`), nothing played: its contract is the
  longest of the seven, "Deal 7, the last — three runs (R4+R4+R4): going down is going out.";
- Rummy 500 with three players, one hand: Ann 40 − 5 = +35, Bob out 0, Cy 10 − 30 = −20.
"""
from __future__ import annotations

import re

import pytest

from test_board import Screen, drawn

SIZES = [(80, 24), (120, 40), (200, 60)]
LONG = ["Анастасія Олександрівна Шевчук", "Олександра Володимирівна Бойко", "Костянтин Вікторович Ковальчук",
        "Валентина Миколаївна Мельничук"]
CONTRACT_7 = "Deal 7, the last — three runs (R4+R4+R4): going down is going out."


def panel_titles(lines: list[str]) -> list[tuple[int, str]]:
    """(line, title) of each panel's top border."""
    return [(i, t) for i, line in enumerate(lines) for t in re.findall(r"╭─ (.+?) ─", line)]


@pytest.mark.parametrize("width,height", SIZES)
def test_the_next_dealer_line_is_never_cut(cli, application, width, height):
    cli("new", "contract", "Ann", "Bob", "Cy", "Dee", "--round", "7")
    lines = drawn(application.board(), width, height)
    assert len(lines) == height and all(len(line) <= width for line in lines)
    text = "\n".join(line.rstrip() for line in lines)
    # the contract whole, and who deals and leads whole: on one line where both fit (200 columns),
    # else on two
    assert CONTRACT_7 in text and "Next: Ann deals, Bob leads." in text
    if width >= len(CONTRACT_7) + len(" Next: Ann deals, Bob leads."):
        assert f"{CONTRACT_7} Next: Ann deals, Bob leads." in text
    assert "…" not in text


def test_long_names_are_shortened_by_rule_never_by_the_terminal(cli, application):
    cli("new", "contract", *LONG, "--round", "7")
    for width, height in SIZES:
        lines = drawn(application.board(), width, height)
        assert all(len(line) <= width for line in lines)
        turn = next(line[line.index("Next: "):].rstrip() for line in lines if "Next: " in line)
        whole = f"Next: {LONG[0]} deals, {LONG[1]} leads."
        if width >= len(whole):
            assert turn == whole
        else:  # each name shortened by as much, the sentence kept whole
            match = re.fullmatch(r"Next: (.+…) deals, (.+…) leads\.", turn)
            assert match, turn
            assert LONG[0].startswith(match.group(1)[:-1]) and LONG[1].startswith(match.group(2)[:-1])
            assert len(match.group(1)) == len(match.group(2))
        # the panels' names: whole where they fit, else shortened with an ellipsis, never cut bare
        for _row, title in panel_titles(lines):
            name = title.split(". ", 1)[1]
            assert name in LONG or (name.endswith("…") and any(n.startswith(name[:-1]) for n in LONG)), title


def test_a_long_title_keeps_the_variant_and_the_count(cli, application):
    title = "П'ятниця у Шевчуків — великий турнір з довгою назвою, яка не влазить у рядок"
    cli.new("rummy500", "Ann", "Bob", "Cy", title=title)
    cli.record("Ann: 40 -5", "Bob: -", "Cy: 10 -30")
    for width, height in SIZES:
        first = drawn(application.board(), width, height)[0].rstrip()
        assert first.endswith(" — Rummy 500 · 1 hand played"), first
        shown = first[:-len(" — Rummy 500 · 1 hand played")]
        assert shown == title or (shown.endswith("…") and title.startswith(shown[:-1])), shown
        assert len(first) <= width


def test_three_players_get_one_row_of_panels_that_fill_the_screen(cli, application):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record("Ann: 40 -5", "Bob: -", "Cy: 10 -30")
    for width, height in ((120, 40), (200, 60)):
        lines = drawn(application.board(), width, height)
        titles = panel_titles(lines)
        assert [t for _r, t in titles] == ["1. Ann", "2. Bob", "3. Cy"] and len({r for r, _t in titles}) == 1
        bottoms = [i for i, line in enumerate(lines) if "╰" in line]
        # below the panels only: the line saying who deals next, the chart (3 players and its
        # scale: 4 lines) and the bottom line; no blank third of the screen
        assert bottoms and height - 1 - bottoms[0] <= 1 + 4 + 1
    # the panels' figures are as tall on 120×40 as two rows would have given them (10 rows of
    # blocks): the row takes 15 of the figures' rows here
    lines = drawn(application.board(), 120, 40)
    assert sum("██" in line for line in lines) >= 15


def test_nothing_moves_when_a_total_gains_a_digit(cli, application):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    # Ann out with 99 on the table: 99; Bob 10 − 5 = 5; Cy 12 − 5 = 7: the widest total two digits
    cli.record("Ann: 99 -0", "Bob: 10 -5", "Cy: 12 -5")
    doc = application.board()
    for width, height in SIZES:
        before = drawn(doc, width, height)
        grown = {**doc, "standings": {**doc["standings"], "players": [
            {**p, "total": p["total"] + 1 if p["name"] == "Ann" else p["total"]} for p in doc["standings"]["players"]]}}
        after = drawn(grown, width, height)  # Ann 100: a third digit
        frame = lambda lines: [re.sub(r"[^│╭╮╰╯─]", " ", line) for line in lines]  # noqa: E731
        assert frame(after) == frame(before), (width, height)


def styled(text: str) -> str:
    """A pattern for ``text`` as the terminal gets it: style codes (bold names) anywhere in it."""
    return r"(?:\x1b\[[0-9;]*m)*".join(re.escape(ch) for ch in text)


def test_watch_in_a_terminal_resized_to_each_size(cli, exe, isolated_db):
    cli("new", "contract", "Ann", "Bob", "Cy", "Dee", "--round", "7")
    screen = Screen(exe, isolated_db, rows=24, columns=80)
    try:
        # 80×24: the contract on its line, then who deals and leads on the next
        screen.shows(styled(CONTRACT_7) + r"[^\n]*\r?\n" + styled("Next: Ann deals, Bob leads."), within=10)
        screen.child.setwinsize(40, 120)
        screen.shows(r"\n {102}q or Ctrl-C: leave")  # redrawn 120 columns wide
        screen.child.setwinsize(60, 200)  # 200 columns: both on one line
        screen.shows(styled(CONTRACT_7 + " Next: Ann deals, Bob leads."))
        screen.shows(r"\n {182}q or Ctrl-C: leave")
    finally:
        screen.leave()
    assert screen.child.exitstatus == 0


def test_a_game_that_ends_with_bonuses_draws_them_as_the_charts_last_mark(cli, application):
    """Gin Rummy to 30 with boxes of 50 (as tests/test_gin_cli.py plays it): Ann wins two hands
    of 2 (12 − 10), Bob one of 35; the totals with the boxes are Ann 4 + 2 × 50 = 104 and Bob
    35 + 50 = 85. The chart's marks: Ann 2, 4, 4 then 104; Bob 0, 0, 35 then 85; on the scale
    0…104 of eight blocks, 2 and 4 are ▁, 35 is ▃ (35/104 × 7 = 2.4), 85 is ▇ (5.7), 104 is █."""
    from scorekeeper.cli.render.page import figures

    cli.new("gin", "Ann", "Bob", rules=["target=30", "game_bonus=0", "box_bonus=50", "shutout=none"])
    small = {"players": {"Ann": {"hand": 10}, "Bob": {"hand": 12}}, "knock": "Ann"}
    cli.record(small)
    cli.record(small)
    cli.record({"players": {"Ann": {"hand": 45}, "Bob": {"hand": 10}}, "knock": "Bob"})
    doc = application.board(history=True)
    text = "\n".join(drawn(doc, 80, 24))
    assert re.search(r"Ann +▁▁▁█ +104\b", text) and re.search(r"Bob +▁▁▃▇ +85\b", text), text
    # the page's chart takes the same last step; the game is over: nobody leading, nothing to go
    seen = figures(doc)
    assert seen["final"] == {"Ann": 104, "Bob": 85} and seen["start"] == {"Ann": 0, "Bob": 0}
    assert seen["ahead"] == [] and seen["to_go"] == {} and seen["newest"] == 3 and seen["target"] == 30


def test_the_pages_figures_are_worked_out_from_the_documents(cli, application):
    """Rummy 500 to 500, Ann starting from 120 carried over from paper; hand 1: Ann 40 − 5 =
    +35 (155), Bob out 0 (0), Cy 10 − 30 = −20 (−20). Ann leads; the points still to go:
    Ann 500 − 155 = 345, Bob 500, Cy 520."""
    from scorekeeper.cli.render.page import document

    cli("new", "rummy500", "Ann", "Bob", "Cy", "--carry", "Ann=120")
    cli.record("Ann: 40 -5", "Bob: -", "Cy: 10 -30")
    doc = document(application.board(history=True), None, 1)
    seen, said = doc["figures"], doc["said"]
    assert seen["start"] == {"Ann": 120, "Bob": 0, "Cy": 0} and seen["final"] is None
    assert seen["ahead"] == ["Ann"] and seen["newest"] == 1 and seen["seats"] == ["Ann", "Bob", "Cy"]
    assert seen["to_go"] == {"Ann": 345, "Bob": 500, "Cy": 520}
    assert said["to_go"] == {"Ann": "345 points to go", "Bob": "500 points to go", "Cy": "520 points to go"}
    assert said["hands"] == ["Hand 1"] and said["deal"] == "Hand"
    assert said["coming"] == ["Next: Bob deals, Cy leads."]
    assert doc["history"]["hands"][0]["out"] == "Bob"  # who went out, for the history's ✓


def test_a_round_game_says_rounds_everywhere_on_the_page(cli, application):
    from scorekeeper.cli import language
    from scorekeeper.cli.render.page import document

    cli.new("crazy", "Ann", "Bob", "Cy")
    cli.record("Ann: -", "Bob: -10", "Cy: -25")  # round 1: Ann out
    said = document(application.board(history=True), None, 1)["said"]
    assert said["heading"] == "Crazy Rummy · 1 round played" and said["deal"] == "Round"
    assert said["hands"] == ["Round 1"] and said["coming"][0] == "Round 2 — twos are wild."
    with language.speaking("uk"):
        said = document(application.board(history=True), None, 1)["said"]
    assert said["deal"] == "Раунд" and said["hands"] == ["Раунд 1"]


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_carousel_s_longest_end_note_shows_whole_at_80_by_24(cli, application, lang):
    """Carousel to 150, Ann and Bob starting from 100 carried over:
    - round 1: Cy knocks with 3♣ A♦ = 4 and Bob ties at 4♠: Bob wins (K♠ 5♥ = 15 − 4) + (4 − 4) + 10 = 21 (121);
    - round 2, the stock out: Ann alone lowest with 2: (K♦ 5♦ = 15 − 2) + (Q♠ 10 − 2) = 21 (121);
    - round 3, the stock out: Ann and Bob share 3 and both win (3 − 3) + (40 − 3) = 37 (158, 158): both past
      150, and with +100 each 258 = 258, a tie played off with another round;
    - round 4: Ann knocks alone lowest with 2: (5 − 2) + (10 − 2) = 11 (169): 269 against 258 with the
      bonuses, Ann wins — the end note says both passed the target and the highest total wins.
    The board at 80×24 shows the whole end note in every language: every word, nothing cut."""
    from scorekeeper.cli import language
    from scorekeeper.cli.render.game import footer_lines

    cli("new", "carousel", "Ann", "Bob", "Cy", "--carry", "Ann=100", "--carry", "Bob=100")
    cli.record("Cy: -3C AD knock", "Bob: -4S", "Ann: -KS 5H")
    cli.record("Ann: -2C", "Bob: -KD 5D", "Cy: -QS", "stock")
    cli.record("Ann: -3C", "Bob: -2H AS", "Cy: -KS QS JS 10S", "stock")
    cli.record("Ann: -2C knock", "Bob: -5D", "Cy: -KS")
    doc = application.board()
    assert [(p["name"], p["total"]) for p in doc["standings"]["players"]][:2] == [("Ann", 269), ("Bob", 258)]
    with language.speaking(lang):
        lines = drawn(doc, 80, 24)
        note = " ".join(line.plain for line in footer_lines(doc["standings"]))
    assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
    shown = " ".join(" ".join(lines).split())
    assert " ".join(note.split()) in shown and "…" not in shown
    assert "269" in note
