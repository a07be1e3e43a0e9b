"""The usual settings of a table (config get/set/unset/list/path), their precedence
(flag > environment > configuration file > default), new taking them, new --like,
use by title, and help/-V. Every test has its own configuration file (conftest sets
SCOREKEEPER_CONFIG), never the user's."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest


@pytest.fixture
def config_file() -> Path:
    return Path(os.environ["SCOREKEEPER_CONFIG"])


def test_the_tests_never_use_the_real_configuration_directory(cli, config_file, tmp_path, monkeypatch):
    assert cli("config", "path").stdout.strip() == str(config_file)
    monkeypatch.delenv("SCOREKEEPER_CONFIG")
    shown = Path(cli("config", "path").stdout.strip())
    assert shown == tmp_path / "xdg-config" / "scorekeeper" / "config.toml"  # platformdirs, under XDG_CONFIG_HOME


def test_set_get_list_unset_round_trip(cli, config_file):
    assert not config_file.exists()
    assert cli("config", "get", "players").exit_code == 1  # not set: nothing on stdout
    assert cli("config", "set", "players", "Ann", "Bob", 'Cy "the cat" \\ O\'Neil').exit_code == 0
    assert cli("config", "set", "variant", "500").exit_code == 0          # an alias is kept as the id
    assert cli("config", "set", "rules", "target=300, gin:preset=classic").exit_code == 0
    data = tomllib.loads(config_file.read_text(encoding="utf-8"))         # what we write is TOML
    assert data == {"players": ["Ann", "Bob", 'Cy "the cat" \\ O\'Neil'], "variant": "rummy500",
                    "rules": ["target=300", "gin:preset=classic"]}
    assert cli("config", "get", "variant").stdout == "rummy500\n"
    listed = {row["key"]: row for row in cli.json("config", "list")["settings"]}
    assert listed["players"]["from"] == "file" and listed["language"]["from"] == "default"
    assert listed["database"]["from"] == "SCOREKEEPER_DB"                 # the environment wins over the file
    done = cli("config", "unset", "variant")
    assert done.exit_code == 0 and "variant" in done.stdout
    assert "variant" not in tomllib.loads(config_file.read_text(encoding="utf-8"))


def test_comments_and_other_lines_are_kept(cli, config_file):
    config_file.parent.mkdir(parents=True)
    config_file.write_text('# our table\nlanguage = "uk"  # Тарас reads Ukrainian\n', encoding="utf-8")
    assert cli("config", "set", "variant", "gin").exit_code == 0
    text = config_file.read_text(encoding="utf-8")
    assert text.startswith('# our table\nlanguage = "uk"  # Тарас reads Ukrainian\n') and 'variant = "gin"' in text


@pytest.mark.parametrize("args,words", [
    (["set", "colour", "red"], ['"colour" is not a setting', "language, variant, players, rules, database"]),
    (["set", "language", "xx"], ['"xx"', "en, uk, ru, be"]),
    (["set", "variant", "poker"], ['"poker"']),
    (["set", "rules", "gin:target=x"], ["target=x is not allowed"]),
    (["set", "rules", "tagret=300"], ['"tagret" is not a rule option of any variant']),
    (["set", "players", "Ann:1"], ['"Ann:1"', '":"']),
    (["set", "language", "uk", "ru"], ["language takes one value"]),
    (["set", "players", "Ann", "", "Bob"], ["A player's name cannot be empty."]),
    (["set", "players", ",", ","], ["A player's name cannot be empty."]),
    (["set", "players", "Ann", "B" * 41], ["a player's name can be at most 40 characters long (this one has 41)"]),
])
def test_a_bad_value_is_refused_in_one_sentence(cli, config_file, args, words):
    result = cli("config", *args)
    assert result.exit_code == 2, result.output
    assert all(w in result.stderr for w in words), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert not config_file.exists()  # nothing stored


def test_a_bad_file_is_one_sentence_naming_file_and_line_and_config_mends_it(cli, config_file):
    config_file.parent.mkdir(parents=True)
    config_file.write_text('variant = "gin"\nplayers = [Ann, Bob]\n', encoding="utf-8")  # names unquoted: line 2
    result = cli("standings")
    assert result.exit_code == 2
    assert str(config_file) in result.stderr and "line 2" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert cli("config", "set", "players", "Ann", "Bob").exit_code == 0     # replaces the broken line
    assert tomllib.loads(config_file.read_text(encoding="utf-8")) == {"variant": "gin", "players": ["Ann", "Bob"]}
    assert cli("new").exit_code == 0


def test_a_wrong_key_or_kind_in_the_file_names_its_line_and_unset_removes_it(cli, config_file):
    config_file.parent.mkdir(parents=True)
    config_file.write_text('language = "en"\ncolour = "red"\n', encoding="utf-8")
    result = cli("sessions")
    assert result.exit_code == 2 and "line 2" in result.stderr and '"colour" is not a setting' in result.stderr
    assert cli("config", "unset", "colour").exit_code == 0
    config_file.write_text('players = "Ann Bob"\n', encoding="utf-8")
    result = cli("new", "gin")
    assert result.exit_code == 2 and "line 1" in result.stderr and "list" in result.stderr


def test_language_flag_beats_environment_beats_file_beats_locale(cli, monkeypatch):
    def heading(*args):
        return cli(*args, "rules").stdout.splitlines()[-1]  # the line that tells how to see one variant

    english = heading()
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    russian = heading()
    assert cli("config", "set", "language", "uk").exit_code == 0
    ukrainian = heading()
    monkeypatch.setenv("SCOREKEEPER_LANG", "be")
    belarusian = heading()
    assert len({english, russian, ukrainian, belarusian}) == 4
    assert heading("--lang", "en") == english


def test_database_flag_beats_environment_beats_file_beats_default(cli, tmp_path, monkeypatch):
    assert cli("config", "set", "database", str(tmp_path / "from-file")).exit_code == 0
    assert cli("db", "path").stdout.strip() == os.environ["SCOREKEEPER_DB"]
    monkeypatch.delenv("SCOREKEEPER_DB")
    assert cli("db", "path").stdout.strip() == str(tmp_path / "from-file")
    assert cli("db", "path", "--db", str(tmp_path / "flag")).stdout.strip() == str(tmp_path / "flag")
    assert cli("config", "unset", "database").exit_code == 0
    assert cli("db", "path").stdout.strip() == str(tmp_path / "xdg-data" / "scorekeeper" / "db")


def test_new_takes_the_usual_variant_players_and_house_rules(cli):
    cli("config", "set", "players", "Ann", "Bob", "Cy")
    cli("config", "set", "rules", "target=300", "carousel:knock_limit=3")
    doc = cli.json("new", "rummy500")
    assert doc["variant"] == "rummy500" and doc["players"] == ["Ann", "Bob", "Cy"] and doc["rules"]["target"] == 300
    carousel = cli.json("new", "carousel", "--rule", "target=200")       # the line wins, key by key
    assert carousel["rules"]["target"] == 200 and carousel["rules"]["knock_limit"] == 3
    crazy = cli.json("new", "crazy", "Dee", "Eve", "Fay")                # crazy has no target: not applied
    assert crazy["players"] == ["Dee", "Eve", "Fay"]
    result = cli("new", "Ann", "Bob")                                    # no usual variant: Ann is no variant
    assert result.exit_code == 2 and '"ann"' in result.stderr.lower()
    cli("config", "set", "variant", "gin")
    assert cli.json("new", "Dee", "Eve")["players"] == ["Dee", "Eve"]    # the first word is a player then
    cli("config", "set", "players", "Ann", "Bob")
    assert cli.json("new")["variant"] == "gin"


def test_new_with_nothing_set_says_what_to_do(cli):
    result = cli("new", "gin")
    assert result.exit_code == 2 and "config set players" in result.stderr
    result = cli("new")
    assert result.exit_code == 2 and "config set variant" in result.stderr


def test_environment_players_and_rules_beat_the_file(cli, monkeypatch):
    cli("config", "set", "players", "Ann", "Bob")
    monkeypatch.setenv("SCOREKEEPER_PLAYERS", "Dee, Eve,Fay")
    monkeypatch.setenv("SCOREKEEPER_RULES", "target=250")
    doc = cli.json("new", "rum500")
    assert doc["players"] == ["Dee", "Eve", "Fay"] and doc["rules"]["target"] == 250


def test_new_like_starts_the_next_game_with_the_same_players_variant_and_rules(cli):
    cli.new("gin", "Ann", "Bob", rules=["preset=classic", "knock_limit=7"], title="Tuesday gin")
    first = cli.standings()
    cli.new("rummy500", "Cy", "Dee", title="Other")
    doc = cli.json("new", "--like", "tuesday")                          # by title
    assert doc["variant"] == "gin" and doc["players"] == ["Ann", "Bob"]
    assert doc["rules"]["knock_limit"] == 7 and doc["rules"]["gin_bonus"] == 20  # classic: gin 20
    assert doc["session"] != first["session"]
    again = cli.json("new", "--like", first["session"][:5], "--rule", "knock_limit=5")
    assert again["rules"]["knock_limit"] == 5 and again["rules"]["gin_bonus"] == 20
    result = cli("new", "--like", "tuesday", "gin", "Cy")
    assert result.exit_code == 2 and "--like" in result.stderr


def test_use_by_title_exact_then_unique_prefix_and_ambiguous_names_them(cli):
    friday = cli.new("rummy500", "Ann", "Bob", title="Friday")["session"]
    night = cli.new("rummy500", "Ann", "Bob", title="Friday night")["session"]
    sunday = cli.new("crazy", "Ann", "Bob", "Cy", title="Sunday")["session"]
    assert cli("use", "friday").exit_code == 0 and cli.standings()["session"] == friday   # exact title first
    assert cli("use", "sun").exit_code == 0 and cli.standings()["session"] == sunday
    result = cli("use", "Fri")
    assert result.exit_code == 2 and friday in result.stderr and night in result.stderr
    assert cli("use", night[:6]).exit_code == 0 and cli.standings()["session"] == night  # ids still first
    assert cli("use", "Monday").exit_code == 2


def test_help_command_is_the_same_as_help_option(cli):
    for path in ([], ["hand"], ["db", "check"], ["config", "set"]):
        assert cli("help", *path).stdout == cli(*path, "--help").stdout
    result = cli("help", "hnad")
    assert result.exit_code == 2 and "hnad" in result.stderr


def test_dash_v_is_version(cli):
    assert cli("-V").stdout == cli("--version").stdout and cli("-V").stdout.startswith("scorekeeper ")


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_command_summaries_are_whole_in_the_root_help(lang):
    """The list of commands shows each command's whole first paragraph (click would cut it
    with "..." to fit a line), in every language, at 80 columns."""
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "80", "SCOREKEEPER_LANG": lang}
    out = subprocess.run([sys.executable, "-m", "scorekeeper", "--help"], env=env, capture_output=True, text=True,
                         timeout=60).stdout
    listing = out.split("\n\n")[-1]
    assert "config" in listing and "help" in listing
    assert "..." not in listing, listing
    assert all(len(line) <= 80 for line in out.splitlines())


def test_demo_never_uses_the_configured_database(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DB")
    cli("config", "set", "database", str(tmp_path / "ours"))
    assert cli("demo").exit_code == 0
    assert not (tmp_path / "ours").exists()


def test_help_command_through_the_console_script_builds_the_command_it_shows():
    """The program builds only the command a line runs; ``help hand`` must still find ``hand``."""
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "80"}

    def shown(*args):
        return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, capture_output=True,
                              text=True, timeout=60)

    via_help, via_option = shown("help", "hand"), shown("hand", "--help")
    assert via_help.returncode == 0 and via_help.stdout == via_option.stdout


def test_the_writer_writes_toml_that_reads_back_as_written():
    """Our writer of flat keys: any text or list of texts reads back unchanged with tomllib."""
    from hypothesis import given, settings, strategies as st

    from scorekeeper.storage.config import dumps_value

    texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)

    @settings(max_examples=300, deadline=None)
    @given(st.one_of(texts, st.lists(texts, max_size=5)))
    def round_trip(value):
        assert tomllib.loads(f"players = {dumps_value(value)}\n")["players"] == value

    round_trip()


def test_a_file_that_is_not_utf8_is_one_sentence(cli, config_file):
    config_file.parent.mkdir(parents=True)
    config_file.write_bytes(b'language = "\xff"\n')
    result = cli("standings")
    assert result.exit_code == 2 and str(config_file) in result.stderr and "Traceback" not in result.stderr
    assert cli("config", "set", "language", "en").exit_code == 0   # mended
    assert tomllib.loads(config_file.read_text(encoding="utf-8")) == {"language": "en"}


def test_tab_offers_the_settings_after_config_set(tmp_path):
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith(("_SCOREKEEPER", "_TYPER_COMPLETE", "COMP_"))}
    env.update(_SCOREKEEPER_COMPLETE="complete_bash", COMP_WORDS="scorekeeper config set p", COMP_CWORD="3")
    done = subprocess.run([sys.executable, "-m", "scorekeeper"], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["players"], (done.stdout, done.stderr)


@pytest.mark.parametrize("args, words", [
    (["rules", "target=abc"], "target=abc is not allowed"),           # every variant with a target takes a number
    (["rules", "gin:target=0"], "target=0 is not allowed"),           # Gin's target is a whole number >= 1
    (["players", "Ann"], 'not only "Ann"'),                            # new needs at least two players
    (["players", "Ann, Bob, ann"], '"ann" is named twice'),           # the same name ignoring case
    (["players", "Zoë", "Zoe\u0308"], "is named twice"),               # the same name in another Unicode form
])
def test_config_set_refuses_what_new_would_refuse(cli, config_file, args, words):
    result = cli("config", "set", *args)
    assert result.exit_code == 2, result.stdout
    assert words in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert not config_file.exists()                                  # nothing written


def test_config_set_still_takes_house_rules_that_some_variant_allows(cli, config_file):
    assert cli("config", "set", "rules", "target=300", "gin:preset=classic").exit_code == 0
    assert tomllib.loads(config_file.read_text(encoding="utf-8"))["rules"] == ["target=300", "gin:preset=classic"]


def test_a_bad_setting_from_the_file_or_environment_says_where_it_came_from(cli, config_file, monkeypatch):
    config_file.parent.mkdir(parents=True, exist_ok=True)
    config_file.write_text('players = ["Ann", "Bob"]\nrules = ["target=abc"]\n', encoding="utf-8")  # edited by hand
    result = cli("new", "rummy500")
    assert result.exit_code == 2
    assert "target=abc is not allowed" in result.stderr and str(config_file) in result.stderr
    assert "config unset rules" in result.stderr
    config_file.write_text('players = ["Ann"]\n', encoding="utf-8")
    result = cli("new", "rummy500")
    assert result.exit_code == 2 and str(config_file) in result.stderr and '"Ann"' in result.stderr
    monkeypatch.setenv("SCOREKEEPER_PLAYERS", "Ann,ANN")
    result = cli("new", "rummy500")
    assert result.exit_code == 2
    assert "named twice" in result.stderr and "SCOREKEEPER_PLAYERS" in result.stderr
    monkeypatch.setenv("SCOREKEEPER_RULES", "gin:target=0")
    result = cli("new", "gin", "Ann", "Bob")
    assert result.exit_code == 2 and "SCOREKEEPER_RULES" in result.stderr
    assert cli.json("sessions")["sessions"] == []                    # nothing stored


@pytest.mark.parametrize("args", [("Ann,", "Bob,"), ("Ann, Bob",), ("Ann ,Bob ,",), ("Ann", "Bob")])
def test_players_are_split_at_commas_in_every_argument(cli, config_file, args):
    assert cli("config", "set", "players", *args).exit_code == 0
    assert tomllib.loads(config_file.read_text(encoding="utf-8"))["players"] == ["Ann", "Bob"]
