"""Mistakes a new user makes at the table, each said in one sentence that speaks of what
was typed, with nothing stored (found by playing the program as a family would)."""
from __future__ import annotations

from scorekeeper.cli import prompt
from scorekeeper.cli.terminal import Terminal

#: Gin Rummy: Ann melds 7-8-9♥, Q♠ Q♦ Q♣, 2-3-4♣ and holds 5♦ (deadwood 5); Bob melds K♠ K♥ K♦,
#: 2-3-4♠, lays off 6♥ on Ann's hearts and holds 8♣ 9♣ J♦ (8 + 9 + 10 = 27)
ANN = "7H 8H 9H QS QD QC 2C 3C 4C 5D"
BOB = "KS KH KD 2S 3S 4S 6H 8C 9C JD"


def asked(application, answers: list[str]) -> tuple[dict, str]:
    """The raw entry `scorekeeper hand`'s dialog gives for ``answers`` and what it wrote."""
    import contextlib
    import io

    given = iter(answers)
    shown = io.StringIO()

    def read(question: str, prefill: str = "") -> str:
        return next(given)

    with contextlib.redirect_stderr(shown), contextlib.redirect_stdout(shown):
        raw = prompt.ask_hand(Terminal(), application, application.table(), read=read)
    return raw, shown.getvalue()


def test_gin_prompt_too_few_cards_speaks_of_the_prompts_words(application):
    application.new("gin", ["Ann", "Bob"])
    raw, shown = asked(application, [ANN + " knock", "KS KH KD 2S 3S", BOB, "y"])
    said = " ".join(shown.split())
    # the answer is typed on one line: big gin is "big" there, never a hand file's "big_gin": true
    assert "Bob shows 5 cards" in said and '"big_gin"' not in said and '"knock big"' in said
    # Ann knocked with 5; Bob holds 27 after laying off 6♥: 27 − 5 = 22
    assert application.record_hand(raw, "prompt")["scores"] == {"Ann": 22, "Bob": 0}


def test_a_toml_hand_file_giving_a_key_twice_names_the_key(cli, tmp_path):
    cli.new("rummy500", "Ann", "Bob")
    path = tmp_path / "hand.toml"
    path.write_text('[players.Ann]\nhand = "AD"\nhand = "KD"\n\n[players.Bob]\nhand = ""\n', encoding="utf-8")
    r = cli("hand", "--file", str(path))
    assert r.exit_code == 2 and "line 3" in r.stderr and '"hand" is given a second time' in r.stderr, r.stderr
    path.write_text('[players.Ann]\nhand = "AD"\n[players.Ann]\nhand = "KD"\n', encoding="utf-8")
    r = cli("hand", "--file", str(path))
    assert r.exit_code == 2 and '"players.Ann" is given a second time' in r.stderr, r.stderr
    assert cli.standings()["hands"] == 0


def test_a_hand_file_that_is_not_utf8_is_said_so(cli, tmp_path):
    cli.new("rummy500", "Ann", "Bob")
    path = tmp_path / "hand.json"
    path.write_bytes(b'\xff\xfe{"players": {}}')
    r = cli("hand", "--file", str(path))
    # one sentence of our own, never Python's "'utf-8' codec can't decode byte 0xff"
    assert r.exit_code == 2 and "is not UTF-8 text" in r.stderr and "codec" not in r.stderr, r.stderr
    assert cli.standings()["hands"] == 0


def test_a_configuration_file_that_is_not_utf8_is_said_so(cli, tmp_path):
    from scorekeeper.storage import config

    where = config.path()
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_bytes(b'language = "\xff"\n')
    r = cli("config", "list")
    assert r.exit_code == 2 and "is not UTF-8 text" in r.stderr and "codec" not in r.stderr, r.stderr


def test_two_different_up_cards_on_one_line_are_refused(cli):
    cli.new("gin", "Ann", "Bob", rules=["oklahoma=true"])
    r = cli("hand", "Ann: " + ANN + " knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH", "up=QS", "up=5S")
    # which one was turned up decides the knock limit (10 or 5) and whether the hand counts double
    assert r.exit_code == 2 and "up=QS" in r.stderr and "up=5S" in r.stderr, r.stderr
    assert cli.standings()["hands"] == 0


def test_an_export_whose_audit_trail_was_damaged_is_not_imported(cli, tmp_path, monkeypatch):
    import json

    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record("Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85")
    r = cli("edit", "1", "Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 80 -85")
    assert r.exit_code == 0, r.stderr
    path = tmp_path / "club.json"
    assert cli("export", "--all", "-o", str(path)).exit_code == 0
    document = json.loads(path.read_text(encoding="utf-8"))
    # the edit's record keeps the hand as it was before: a hand no one could have typed there
    edit = next(e for e in document["sessions"][0]["audit"] if e["action"] == "edited")
    edit["previous"]["players"]["Ann"]["hand"] = {}
    path.write_text(json.dumps(document), encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "other"))
    r = cli("import", str(path))
    assert r.exit_code == 2 and "audit trail" in r.stderr and "nothing was imported" in r.stderr, r.stderr
    assert cli.json("sessions")["sessions"] == [] and cli("db", "check").exit_code == 0


def test_an_export_whose_hand_disagrees_with_its_audit_trail_is_not_imported(cli, tmp_path, monkeypatch):
    import json

    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record("Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85")
    path = tmp_path / "club.json"
    assert cli("export", "--all", "-o", str(path)).exit_code == 0
    document = json.loads(path.read_text(encoding="utf-8"))
    # Cy's table changed in the file (80 → 90): a hand that still scores, but not the one recorded
    document["sessions"][0]["hands"][0]["entry"]["players"]["Cy"]["table"] = 90
    path.write_text(json.dumps(document), encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "other"))
    r = cli("import", str(path))
    assert r.exit_code == 2 and "hand 1 is not what its audit trail recorded" in r.stderr, r.stderr
    assert "nothing was imported" in r.stderr
    assert cli.json("sessions")["sessions"] == [] and cli("db", "check").exit_code == 0


def test_control_characters_typed_in_a_card_are_shown_escaped_never_sent(cli):
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 7H 8H 9\x1b[2J -AS", "Bob: -")
    # ESC [2J would clear the screen of the terminal the sentence is written to
    assert r.exit_code == 2 and "\x1b" not in r.stderr and '"9\\u001b[2J" is not a card' in r.stderr, r.stderr
    assert cli.standings()["hands"] == 0


def test_control_characters_typed_at_the_prompt_are_shown_escaped(application):
    application.new("gin", ["Ann", "Bob"])
    raw, shown = asked(application, ["7H\x1b[2J\x07 8H", ANN + " knock", BOB, "y"])
    assert "\x1b" not in shown and "\x07" not in shown and '"7H\\u001b[2J\\u0007" is not a card' in shown, shown
    assert raw["knock"] == "Ann"


def test_an_edit_that_types_the_hand_as_it_stands_records_nothing(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record("Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 80 -85")
    cli.record("Ann: -KS", "Bob: QS QD QC -", "Cy: -5")
    before = cli.json("history", "--audit")
    r = cli("edit", "1", "Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 80 -85")
    assert r.exit_code == 0 and "Hand 1: no score changes." in " ".join(r.stdout.split()), r.stderr
    assert cli.json("history", "--audit") == before
    # so undo takes back hand 2, not an edit that changed nothing
    assert cli("undo", "--yes").exit_code == 0 and cli.standings()["hands"] == 1


def test_a_joker_as_oklahomas_up_card_is_asked_again_at_once(application):
    application.new("gin", ["Ann", "Bob"], ["oklahoma=true"])
    bob = "KS KH KD 10H JH 5C 9S 6D 3S AH"
    raw, shown = asked(application, [ANN + " knock", bob, "JK", "QS", "y"])
    said = " ".join(shown.split())
    # refused at its own question (not after the whole hand, asking for the players' parts again)
    assert "The up-card cannot be a joker: Gin Rummy is played without jokers. Correct it: your answer is offered again." in said, said
    assert raw["upcard"] == "QS" and "cannot be recorded" not in said


def test_an_empty_hand_file_or_standard_input_is_said_to_be_empty(cli, tmp_path):
    cli.new("rummy500", "Ann", "Bob")
    path = tmp_path / "hand.toml"
    path.write_text("\n", encoding="utf-8")
    r = cli("hand", "--file", str(path))
    # TOML reads an empty text as a table with no keys: it said "needs players", as for a typo
    assert r.exit_code == 2 and f"The hand file {path} is empty" in " ".join(r.stderr.split()), r.stderr
    r = cli("hand", "--file", "-", input="  \n")
    assert r.exit_code == 2 and "Standard input is empty" in r.stderr, r.stderr
    assert cli.standings()["hands"] == 0


def test_export_to_a_folder_says_to_name_a_file(cli, tmp_path):
    cli.new("rummy500", "Ann", "Bob")
    for force in ([], ["--force"]):
        r = cli("export", "-o", str(tmp_path), *force)
        # it said "already exists: add --force", and with --force failed with "Is a directory"
        assert r.exit_code == 2 and f"{tmp_path} is a folder" in " ".join(r.stderr.split()), r.stderr
    assert tmp_path.is_dir()


def test_a_folder_given_as_the_hand_file_is_said_to_be_a_folder(cli, tmp_path):
    cli.new("rummy500", "Ann", "Bob")
    folder = tmp_path / "hand.json"
    folder.mkdir()
    r = cli("hand", "--file", str(folder))
    # it said "cannot be read (Is a directory)": the system's English inside our sentence
    assert r.exit_code == 2 and f"{folder} is a folder, not a hand file" in " ".join(r.stderr.split()), r.stderr
    assert "Is a directory" not in r.stderr and cli.standings()["hands"] == 0
