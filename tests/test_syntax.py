"""A hand file, an import or a configuration file that is not valid JSON or TOML: one
sentence of our own naming the file, the line, the column and what is wrong, in the
language spoken (never the parser's English)."""
from __future__ import annotations

import json
import os
import subprocess
import tomllib

import pytest

from scorekeeper.core.syntax import found_at, json_fault, toml_fault, toml_place


@pytest.fixture(autouse=True)
def english_afterwards():
    """A command run in-process with --lang leaves its language spoken: English again after each test."""
    yield
    from scorekeeper.cli import language

    language.speak("en")


def _json_error(text):
    with pytest.raises(json.JSONDecodeError) as e:
        json.loads(text)
    return e.value


def _toml_error(text):
    with pytest.raises(tomllib.TOMLDecodeError) as e:
        tomllib.loads(text)
    return e.value


@pytest.mark.parametrize("text, line, column, code", [
    ('{"a": }', 1, 7, "syntax.json.value"),               # the "}" where a value should be: column 7
    ('{"a" 1}', 1, 6, "syntax.json.colon"),
    ('[1 2]', 1, 4, "syntax.json.comma"),
    ('{\n  a: 1}', 2, 3, "syntax.json.key"),              # line 2, the "a" after two spaces
    ('"abc', 1, 1, "syntax.json.unterminated"),
    ('{} x', 1, 4, "syntax.json.extra"),
    ('"a\tb"', 1, 3, "syntax.json.control"),
    ('"\\q"', 1, 2, "syntax.json.escape"),
])
def test_a_json_fault_is_its_place_and_what_was_expected(text, line, column, code):
    fault = json_fault(_json_error(text))
    assert (fault["line"], fault["column"], fault["problem"].code) == (line, column, code)


def test_an_unknown_json_message_still_gives_the_place():
    # position 5 is the ":" at the start of line 2
    fault = json_fault(json.JSONDecodeError("Some message of a later Python", '{"a"\n:', 5))
    assert (fault["line"], fault["column"], fault["problem"].code) == (2, 1, "syntax.json.other")


def test_the_toml_place_is_read_from_the_error_in_one_place():
    # Python 3.11–3.13: the place is only in the message's ending "(at line L, column C)"
    text = 'variant = "gin"\nplayers = [Ann, Bob]\n'
    assert toml_place(_toml_error(text), text) == (2, 12)    # "A" of Ann: column 12 of line 2
    # Python 3.14+ gives lineno/colno: they are taken as they are, the message not read
    class Later(ValueError):
        lineno, colno = 3, 4
    assert toml_place(Later("whatever it says"), "") == (3, 4)
    # "(at end of document)", or no place said: the end of the text
    text = "players = ["
    assert toml_place(_toml_error(text), text) == (1, 12)
    assert toml_place(ValueError("no place"), "a\nbc") == (2, 3)


def test_what_stands_at_the_place_is_said_from_the_text():
    assert found_at("ab\ncd", 2, 1).facts == {"found": "c"}
    assert found_at("ab\ncd\n", 1, 3).code == "syntax.end_of_line"
    assert found_at("ab", 1, 3).code == "syntax.end_of_text"
    text = "[players.Bob]\nhand = QS\n"
    fault = toml_fault(_toml_error(text), text)
    assert (fault["line"], fault["column"], fault["problem"].facts) == (2, 8, {"found": "Q"})


@pytest.mark.parametrize("lang, said", [
    ("en", "The hand in {f} is not valid JSON at line 2, column 18: a \":\" was expected after the key."),
    ("uk", "Роздача в {f} не є коректним JSON: рядок 2, стовпець 18 — після ключа очікувалася «:»."),
    ("ru", "Раздача в {f} — некорректный JSON: строка 2, столбец 18 — после ключа ожидалось «:»."),
    ("be", "Раздача ў {f} — несапраўдны JSON: радок 2, слупок 18 — пасля ключа чакалася «:»."),
])
def test_a_hand_file_that_is_not_json_is_one_sentence_in_every_language(cli, tmp_path, lang, said):
    cli.new("rummy500", "Ann", "Bob")
    bad = tmp_path / "h.json"
    bad.write_text('{"players": {"Ann": {"hand": "KS"},\n  "Bob": {"hand" "QS"}}}', encoding="utf-8")
    r = cli("--lang", lang, "hand", "--file", bad)
    assert r.exit_code == 2 and r.stderr.strip() == said.format(f=bad), r.stderr


def test_standard_input_names_the_reading_that_went_further(cli):
    cli.new("rummy500", "Ann", "Bob")
    # TOML read to line 4 (QS unquoted); JSON stopped at line 1, column 1 ("[")
    r = cli("hand", "--file", "-", input='[players.Ann]\nhand = "KS"\n[players.Bob]\nhand = QS\n')
    assert r.exit_code == 2 and r.stderr.strip() == (
        'The hand in standard input is neither valid JSON nor valid TOML (read as TOML: line 4, column 8: '
        '"Q" is not expected here).'), r.stderr


def test_an_import_that_is_not_json_and_a_bad_config_file_say_where_in_ukrainian(cli, exe, tmp_path):
    bad = tmp_path / "e.json"
    bad.write_text('{"schema": 1,\n "sessions": [}', encoding="utf-8")
    r = cli("--lang", "uk", "import", bad)
    assert r.exit_code == 2 and r.stderr.strip() == (
        f"{bad} — не експорт scorekeeper: це некоректний JSON (рядок 2, стовпець 15: очікувалося значення).")
    config = tmp_path / "config.toml"
    config.write_text('variant = "gin"\nplayers = [Ann, Bob]\n', encoding="utf-8")
    # in a process of its own: the config commands built in-process would keep their Ukrainian help
    env = {**os.environ, "SCOREKEEPER_CONFIG": str(config), "SCOREKEEPER_LANG": "uk"}
    r = subprocess.run([str(exe), "config", "list"], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2 and (f"Файл налаштувань {config} — не коректний TOML (рядок 2, стовпець 12: "
                                  '«A» тут не очікувалося)') in r.stderr, r.stderr
