"""300 malformed hand files (SPEC §4, §5): each is refused with one sentence
on stderr and exit 2 — never a traceback — and the database is left exactly
as it was (every file, byte for byte).

The files come from a seeded generator (the same 300 every run), in kinds
that are wrong by construction: truncated JSON, wrong types at every level,
junk cards, unknown, missing and extra players, illegal melds and lay-offs,
cards the deck does not hold, keys that do not belong, huge or negative or
fractional numbers, deep nesting, invalid UTF-8, broken TOML. They go through
the real command (typer's runner, in process, to keep the time down); a few
also through a subprocess of the console script.
"""
from __future__ import annotations

import re

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from conftest import no_document

import pytest

VALID = {"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
                     "Bob": {"melds": [], "hand": ""},
                     "Cy": {"table": 80, "hand": 85}}}
JUNK_CARDS = ["ZZ", "1H", "14S", "0S", "10X", "H7", "AS AS AS AS AS", "🂡", "JK=ZZ", "AS:sideways", "7H=8H",
              "\x00", "\x1b[31mAS", "A S", "AAS", "10", "Q", "QQ", "-", "+", "**", "S", "AS,", "=AS"]
WEIRD = [None, True, False, 0, -1, 1.5, -7.25, 10**30, -10**30, 1e308, "", "x", [], {}, [[]], {"a": 1},
         ["AS", 3], [None], "NaN"]


def _copy():
    return json.loads(json.dumps(VALID))


def malformed(rng: random.Random, i: int) -> tuple[str, bytes]:
    """The ``i``-th malformed hand file: ``(suffix, bytes)``."""
    kind = i % 15
    h = _copy()
    p = rng.choice(["Ann", "Bob", "Cy"])
    if kind == 0:  # truncated JSON
        text = json.dumps(VALID)
        return ".json", text[: rng.randrange(1, len(text) - 1)].encode()
    if kind == 1:  # the whole file of a wrong type
        return ".json", json.dumps(rng.choice([[], [VALID], "hand", 42, None, True, {"players": []},
                                               {"players": "Ann Bob Cy"}, {"players": None}, {}])).encode()
    if kind == 2:  # a player's entry of a wrong type
        h["players"][p] = rng.choice([w for w in WEIRD if not isinstance(w, dict) or w])
        if h["players"][p] == {"a": 1}:
            h["players"][p] = "AS"
    elif kind == 3:  # a field of a wrong type
        field = rng.choice(["melds", "layoffs", "hand", "table"])
        h["players"]["Ann"] = {"melds": ["7H 8H 9H"], "hand": "AS"} if field != "table" else {"table": 5, "hand": 5}
        h["players"]["Ann"][field] = rng.choice([None, True, 1.5, -3, {"x": 1}, [1, 2], [["AS"]], "NaN", -10**30])
    elif kind == 4:  # junk cards
        where = rng.choice(["melds", "layoffs", "hand"])
        junk = rng.choice(JUNK_CARDS)
        h["players"]["Ann"][where] = [f"7H 8H {junk}"] if where == "melds" else junk
    elif kind == 5:  # unknown, missing or extra players, near misses
        choice = rng.randrange(4)
        if choice == 0:
            h["players"]["Zed"] = h["players"].pop(p)
        elif choice == 1:
            del h["players"][p]
        elif choice == 2:
            h["players"]["Dee"] = {"hand": ""}
        else:
            h["players"][p.lower() + "n"] = h["players"].pop(p)
    elif kind == 6:  # illegal melds
        h["players"]["Ann"]["melds"] = [rng.choice(["7H 8H 10H", "7H 8S 9H", "QS KS AS 2S", "4C 4D", "5H 5H 5H",
                                                    "KS AS 2S", "JK 7H 8H", "2C 3C"])]
    elif kind == 7:  # cards the deck does not hold: one deck for three players
        h["players"]["Bob"] = {"melds": ["AS 2S 3S"], "hand": "7H"}
        h["players"]["Cy"] = {"hand": rng.choice(["7H", "QS", "AS", "10H"])}
        h["players"]["Ann"]["hand"] = "4D 4D" if rng.random() < 0.5 else "AS 4D"
    elif kind == 8:  # keys that do not belong
        extra = rng.choice([("knock", "Ann"), ("stock_exhausted", "yes"), ("out", "Nobody"), ("out", 3),
                            ("colour", "red"), ("out", "Ann")])
        if extra == ("out", "Ann"):  # Ann still holds cards: she did not go out
            h["out"] = "Ann"
        else:
            h[extra[0]] = extra[1]
        if extra[0] == "colour":
            h["players"]["Cy"]["colour"] = "red"
    elif kind == 9:  # huge, negative or fractional numbers
        h["players"]["Cy"] = {"table": rng.choice([-5, 2.5, 1e308, "80", True]), "hand": 85}
        if rng.random() < 0.5:
            h["players"]["Cy"] = {"table": 80, "hand": rng.choice([-1, -10**40, 0.5, float("1e308")])}
    elif kind == 10:  # a number too long to read
        return ".json", ('{"players": {"Ann": {"table": ' + "9" * rng.randrange(5000, 20000) +
                         ', "hand": 0}, "Bob": {"hand": ""}, "Cy": {"hand": 3}}}').encode()
    elif kind == 11:  # deep nesting
        depth = rng.choice([50, 500, 5000, 100000])
        if depth == 100000:
            return ".json", ("[" * depth + "]" * depth).encode()
        h["players"]["Ann"]["melds"] = "MELDS"
        text = json.dumps(h).replace('"MELDS"', "[" * depth + '"7H 8H 9H"' + "]" * depth)
        return ".json", text.encode()
    elif kind == 12:  # bytes that are not UTF-8
        return ".json", json.dumps(VALID).encode().replace(b"AS", b"A\xff\xfe")
    elif kind == 13:  # broken TOML
        return ".toml", rng.choice([b"[players.Ann\nhand = 'AS'", b"players = 3", b"[players]\nAnn = [1, 2",
                                    b"[players.Ann]\nhand = AS 4D\n", b"\x00\x01\x02", b"[[players]]\nx=1",
                                    b"[players.Ann]\nhand = 'AS'\n[players.Bob]\nhand = ''\n"])
    else:  # two players out, or nobody's entry at all
        if rng.random() < 0.5:
            h["players"]["Ann"] = {"melds": ["7H 8H 9H"], "hand": ""}
        else:
            h["players"] = {n: {} for n in ("Ann", "Bob", "Cy")}
    return ".json", json.dumps(h).encode()


def files_of(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def table(cli, isolated_db):
    """A Rummy 500 session (Ann Bob Cy, one deck) with one good hand recorded."""
    assert cli("new", "rummy500", "Ann", "Bob", "Cy").exit_code == 0
    good = cli("hand", "--file", "-", input=json.dumps(VALID))
    assert good.exit_code == 0, good.stderr
    return isolated_db


def test_300_malformed_hand_files_are_refused_cleanly_and_change_nothing(cli, table, tmp_path):
    rng = random.Random(20261129)
    before = files_of(table)
    history = cli("history", "--json").stdout
    folder = tmp_path / "hands"
    folder.mkdir()
    for i in range(300):
        suffix, data = malformed(rng, i)
        path = folder / f"hand{i:03d}{suffix}"
        path.write_bytes(data)
        args = ["hand", "--file", path] + (["--json"] if i % 2 else [])
        r = cli(*args)
        where = f"file {i} ({data[:120]!r})"
        assert r.exception is None or isinstance(r.exception, SystemExit), (where, r.exception)
        assert r.exit_code == 2, (where, r.exit_code, r.stdout, r.stderr)
        assert no_document(r.stdout), where
        lines = r.stderr.strip().splitlines()
        # one sentence; several mistakes found at once: a line saying how many, then one line each
        several = re.fullmatch(r"(\d+) mistakes in this entry:", lines[0])
        assert "Traceback" not in r.stderr, (where, r.stderr)
        assert len(lines) == (1 + int(several.group(1)) if several else 1), (where, r.stderr)
        assert files_of(table) == before, where
    assert cli("history", "--json").stdout == history
    assert cli("db", "check").exit_code == 0


def test_malformed_files_through_the_console_script(table, tmp_path):
    rng = random.Random(7)
    before = files_of(table)
    env = {k: v for k, v in os.environ.items()}
    env["SCOREKEEPER_DB"] = str(table)
    for i in (0, 4, 10, 11, 12, 13):
        suffix, data = malformed(rng, i)
        path = tmp_path / f"bad{i}{suffix}"
        path.write_bytes(data)
        r = subprocess.run([sys.executable, "-m", "scorekeeper", "hand", "--file", str(path)], env=env,
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2, (i, r.stderr)
        assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "scorekeeper", "hand", "--file", "-"], env=env, input="[[[",
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert files_of(table) == before


LONG = "9" * 5000  # longer than Python reads as a whole number (its int limit)


@pytest.mark.parametrize("args", [
    ["hand", f"Ann: {LONG} -5", "Bob: -", "Cy: -2C"],  # table points
    ["hand", f"Ann: 10 -{LONG}", "Bob: -", "Cy: -2C"],  # points in hand
    ["new", "rummy500", "Ann", "Bob", "--carry", f"Ann={LONG}"],
    ["new", "rummy500", "Ann", "Bob", "--carry", "Ann=²"],  # a digit, but not a decimal one
    ["new", "gin", "Ann", "Bob", "--rule", f"knock_limit={LONG}"],
    ["new", "rummy500", "Ann", "Bob", "--rule", f"target={LONG}"],
])
def test_a_number_too_long_to_read_is_refused_in_one_sentence(cli, table, args):
    before = files_of(table)
    r = cli(*args)
    assert r.exit_code == 2, (r.exit_code, r.stderr[:300], r.exception)
    assert len(r.stderr.strip().splitlines()) == 1 and "internal error" not in r.stderr
    assert files_of(table) == before


def test_an_export_holding_a_number_too_long_is_refused_and_nothing_imported(cli, table, tmp_path):
    export = json.loads(cli("export").stdout)
    text = json.dumps(export).replace('"table": 80', f'"table": {LONG}')
    assert LONG in text
    path = tmp_path / "long.json"
    path.write_text(text, encoding="utf-8")
    before = files_of(table)
    r = cli("import", str(path), "--as-new")
    assert r.exit_code == 2
    assert r.stderr.strip() == f"{path} is not a scorekeeper export: it holds a number too long to read."
    assert files_of(table) == before


def test_typed_numbers():
    from scorekeeper.core.numbers import max_digits, typed_number

    assert typed_number("12") == 12 and typed_number("0") == 0
    assert typed_number("-5") is None and typed_number("-5", signed=True) == -5 and typed_number("+7", signed=True) == 7
    for text in ("", "-", "+", "1e3", "1.5", "²", " 12", "--5", "9" * (max_digits() + 1), LONG):
        assert typed_number(text, signed=True) is None, text
    assert typed_number("9" * 30) == 10 ** 30 - 1  # long, but a number: the rules say it is too many points
