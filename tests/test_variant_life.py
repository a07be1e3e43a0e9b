"""A variant's life (SPEC §8), through the real command line in-process: each session records the
package and version that scored it; a variant uninstalled leaves its sessions listed and readable
from what they stored; a changed version is never scored again silently (`db rescore`);
`plugins` lists where each variant comes from; a variant's failure is one sentence naming it.
And the application is the one place that resolves a stored session's rules (storage checks
its shape).

The packages are laid out as pip installs them (a module and its ``*.dist-info`` with an
``entry_points.txt``) in a folder on ``sys.path``; installing, upgrading or uninstalling one
forgets what the registry loaded, as a new process would. ``tests/test_plugin_life.py`` does the
same with pip and the console script in a fresh environment.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import __version__
from scorekeeper.testing import PluginSite

#: Tens, a points game: each hand, each player scores FACTOR × (points on the table − points left
#: in hand); the game ends after the hand in which a total reaches the target (100), the highest
#: total winning. Version 0.1 has FACTOR 1, version 0.2 FACTOR 2. A player given 13 on the table
#: makes it divide by zero: the variant's own bug.
TENS = Path(__file__).resolve().parent / "fixtures" / "plugins" / "tens" / "scorekeeper_tens.py"

CLASH = '''
from dataclasses import replace
from scorekeeper_tens import VARIANT
GIN = replace(VARIANT, id="gin", name="Not Gin", aliases=())
TWO = replace(VARIANT, id="twos", name="Twos", aliases=("500", "twos-game"))
'''
BROKEN = 'raise RuntimeError("the deck is missing")\n'


class Site(PluginSite):
    """A folder on ``sys.path`` where packages are installed as pip leaves them
    (:class:`scorekeeper.testing.PluginSite`), with the Tens example at a version."""

    def tens(self, version: str = "0.1", factor: int = 1) -> None:
        source = TENS.read_text(encoding="utf-8").replace("FACTOR = 1\n", f"FACTOR = {factor}\n")
        self.install("scorekeeper-tens", version, "scorekeeper_tens", source, {"tens": "scorekeeper_tens:VARIANT"})


def forget(*modules: str) -> None:
    """What the registry knows of the variants from elsewhere, forgotten (a new process)."""
    from scorekeeper.core.variants import forget_installed

    forget_installed(*modules)


@pytest.fixture
def site(tmp_path):
    from scorekeeper.core import messages

    made = Site(tmp_path / "site")
    yield made
    made.close()
    forget("scorekeeper_tens", "clash_plugin", "broken_plugin")
    for code in [c for c in messages.TEMPLATES if c.startswith(("tens.", "section.tens"))]:
        del messages.TEMPLATES[code]  # the texts Tens brought go with it (the catalogs' tests count them)


def play_tens(cli) -> str:
    """A Tens game of two hands, worked: hand 1 Ann 30 − 5 = 25, Bob 10 − 0 = 10; hand 2 Ann
    20 − 10 = 10, Bob 40 − 5 = 35: totals Ann 35, Bob 45."""
    sid = cli.new("tens", "Ann", "Bob")["session"]
    cli.record("Ann: 30 -5", "Bob: 10 -0")
    assert cli.record("Ann: 20 -10", "Bob: 40 -5")["totals"] == {"Ann": 35, "Bob": 45}
    return sid


def file_bytes(db: Path, sid: str) -> dict[str, bytes]:
    """A session's file and every kept copy of it, by path."""
    found = {p: p.read_bytes() for p in db.rglob("*") if p.is_file() and sid in str(p.relative_to(db))}
    assert db / "sessions" / f"{sid}.json" in found and any("backups" in p.parts for p in found)
    return found


# -- the package that scored a session -----------------------------------------------------

def test_a_session_records_the_package_and_version_that_scored_it_and_export_and_import_keep_it(
        cli, site, isolated_db, tmp_path):
    from scorekeeper.storage.store import Store

    site.tens("0.1")
    tens = play_tens(cli)
    built = cli.new("rummy500", "Ann", "Bob")["session"]
    store = Store(isolated_db)
    assert store.load(tens)["package"] == {"name": "scorekeeper-tens", "version": "0.1"}
    assert store.load(built)["package"] == {"name": "scorekeeper", "version": __version__}
    rows = {s["id"]: s for s in cli.json("sessions")["sessions"]}
    assert rows[tens]["waits"] is None and rows[built]["waits"] is None

    exported = tmp_path / "all.json"
    assert cli("export", "--all", "-o", exported).exit_code == 0
    assert {s["id"]: s["package"]["name"] for s in json.loads(exported.read_text())["sessions"]} == {
        tens: "scorekeeper-tens", built: "scorekeeper"}
    other = tmp_path / "other"
    assert cli("--db", other, "import", exported).exit_code == 0
    assert Store(other).load(tens)["package"] == {"name": "scorekeeper-tens", "version": "0.1"}

    # a session made before sessions recorded it is taken to be of the version at hand
    record = store.load(tens)
    del record["package"]
    with store.writing():
        store.save(record, store.summary(tens))
    assert "notices" not in cli.standings(tens)
    # Ann 5 − 0 = 5, Bob 2 − 2 = 0: Ann 40, Bob 45; the hand records the version that scored it
    assert cli.record("Ann: 5 -0", "Bob: 2 -2", session=tens)["totals"] == {"Ann": 40, "Bob": 45}
    assert store.load(tens)["package"] == {"name": "scorekeeper-tens", "version": "0.1"}


# -- a variant no longer installed -----------------------------------------------------------

def test_an_uninstalled_variant_leaves_its_sessions_listed_readable_and_untouched(cli, site, isolated_db):
    site.tens("0.1")
    tens = play_tens(cli)
    other = cli.new("rummy500", "Ann", "Bob", "Cy")["session"]
    cli.record("Ann: 45 -0", "Bob: 0 -19", "Cy: 10 -10")  # Ann 45, Bob −19, Cy 0
    site.uninstall("scorekeeper-tens", "scorekeeper_tens")
    needs = f"Session {tens} needs the package scorekeeper-tens (version 0.1), which is not installed"

    # listed, marked
    listed = cli("sessions")
    assert listed.exit_code == 0 and f"{needs}." in listed.stdout.splitlines()
    rows = {s["id"]: s for s in cli.json("sessions")["sessions"]}
    assert rows[tens]["waits"] == f"{needs}." and rows[other]["waits"] is None
    assert [s["id"] for s in cli.json("sessions", "--variant", "tens")["sessions"]] == [tens]

    # readable from what it stored: the totals (35, 45) and each hand, who deals not said
    doc = cli.standings(tens)
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 35, "Bob": 45}
    assert [p["name"] for p in doc["players"]] == ["Bob", "Ann"] and doc["dealer"] is None
    assert doc["waiting"] == {"variant": "tens", "package": "scorekeeper-tens", "version": "0.1"}
    assert doc["notices"] == [f"{needs}: its scores are shown as stored."]
    shown = cli("standings", "--session", tens)
    assert shown.exit_code == 0 and "Bob" in shown.stdout and "45" in shown.stdout
    assert shown.stderr.strip() == f"{needs}: its scores are shown as stored."
    history = cli.history(tens)
    assert [h["scores"] for h in history["hands"]] == [{"Ann": 25, "Bob": 10}, {"Ann": 10, "Bob": 35}]
    assert [h["totals"] for h in history["hands"]] == [{"Ann": 25, "Bob": 10}, {"Ann": 35, "Bob": 45}]
    drawn = cli("history", "--session", tens)
    assert drawn.exit_code == 0 and "35" in drawn.stdout and "45" in drawn.stdout
    assert cli("chart", "--session", tens).exit_code == 0

    # every other command works as before, over the whole database too
    assert cli.record("Ann: 0 -5", "Bob: 20 -0", "Cy: 5 -5", session=other)["totals"] == {
        "Ann": 40, "Bob": 1, "Cy": 0}
    stats = cli.json("stats")
    assert {b["variant"]: b["sessions"] for b in stats["variants"]} == {"rummy500": 1, "tens": 1}
    assert cli("stats").exit_code == 0
    for fmt in ("json", "csv", "md"):
        done = cli("export", "--all", "--format", fmt)
        assert done.exit_code == 0, (fmt, done.stderr)
        assert tens in done.stdout and other in done.stdout
    csv = cli("export", "--session", tens, "--format", "csv").stdout.splitlines()
    # hand 2, Bob: 35, running total 45, no bonus, the game in play
    assert csv[4].startswith(f"{tens},") and csv[4].endswith(",tens,2,Bob,35,45,0,no,no")

    # what would score it says the sentence, exit 1
    for args in (("hand", "Ann: 1 -0", "Bob: 1 -0"), ("edit", "1", "Ann: 1 -0", "Bob: 1 -0"), ("undo", "--yes"),
                 ("redo",), ("explain",), ("history", "--audit")):
        done = cli(*args, "--session", tens)
        assert done.exit_code == 1, args
        assert done.stderr.strip() == f"{needs}.", (args, done.stderr)

    # db check: waiting, never damaged; --repair and restore leave it and its copies alone
    before = file_bytes(isolated_db, tens)
    checked = cli("db", "check", "--json")
    assert checked.exit_code == 0
    (problem,) = json.loads(checked.stdout)["problems"]
    assert problem["kind"] == "waiting" and problem["file"] == f"sessions/{tens}.json"
    assert needs[0].lower() + needs[1:] in problem["problem"]  # after "waiting for its variant: "
    assert cli("db", "check", "--repair").exit_code == 0
    assert cli("db", "restore").exit_code == 0
    assert file_bytes(isolated_db, tens) == before

    # installed again: as it was, and it plays on (Ann 5 − 0, Bob 2 − 2: Ann 40, Bob 45)
    site.tens("0.1")
    assert "notices" not in cli.standings(tens)
    assert cli.record("Ann: 5 -0", "Bob: 2 -2", session=tens)["totals"] == {"Ann": 40, "Bob": 45}


def test_a_session_whose_variant_fails_to_load_waits_in_db_check_and_counts_in_stats(cli, site, isolated_db):
    site.tens("0.1")
    tens = play_tens(cli)
    site.install("scorekeeper-tens", "0.1", "scorekeeper_tens", BROKEN, {"tens": "scorekeeper_tens:VARIANT"})
    broke = ('The variant "tens" could not be loaded from scorekeeper_tens:VARIANT (scorekeeper-tens 0.1): '
             "its own code failed while loading.")
    done = cli("standings")  # the session that needs it: the sentence, exit 1
    assert done.exit_code == 1 and done.stderr.strip() == broke
    checked = cli.json("db", "check")
    assert checked["ok"] and [p["kind"] for p in checked["problems"]] == ["waiting"]
    before = file_bytes(isolated_db, tens)
    assert cli("db", "check", "--repair").exit_code == 0 and file_bytes(isolated_db, tens) == before
    stats = cli.json("stats")  # the whole database never fails for it: its stored numbers
    (block,) = stats["variants"]
    assert {p["name"]: p["hands"] for p in block["players"]} == {"Ann": 2, "Bob": 2}
    assert stats["notices"] == [f"Session {tens}: {broke[:-1]}: its scores are shown as stored."]


# -- another version installed ----------------------------------------------------------------

def test_a_changed_version_is_never_scored_again_silently_and_db_rescore_stores_it(cli, site, isolated_db):
    site.tens("0.1")
    tens = play_tens(cli)
    # hand 3: Ann 40 − 0 = 40, Bob 5 − 5 = 0: Ann 75, Bob 45 (under the target, 100)
    assert cli.record("Ann: 40 -0", "Bob: 5 -5")["totals"] == {"Ann": 75, "Bob": 45}
    site.tens("0.2", factor=2)
    # 0.2 scores twice as much: Ann 50 + 20 + 80 = 150, Bob 20 + 70 + 0 = 90, and the game ends (Ann ≥ 100)
    differs = (f"Session {tens} was scored by scorekeeper-tens 0.1; 0.2, installed now, scores it otherwise")

    doc = cli.standings()
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 75, "Bob": 45} and not doc["finished"]
    assert doc["version_differs"] == {"package": "scorekeeper-tens", "stored": "0.1", "installed": "0.2"}
    assert doc["notices"] == [f"{differs}: the scores shown are the ones stored, and "
                              f"`scorekeeper db rescore {tens}` shows what would change."]
    assert [h["scores"]["Ann"] for h in cli.history()["hands"]] == [25, 10, 40]
    assert cli.json("chart")["players"][0]["totals"] == [25, 35, 75]
    explained = cli.json("explain", "1")  # how 0.2 scores it, and said so
    assert explained["players"]["Ann"]["score"] == 50
    assert explained["notices"] == [f"Session {tens} was scored by scorekeeper-tens 0.1; this is how 0.2, "
                                    "installed now, scores it, which differs from the scores stored "
                                    f"(`scorekeeper db rescore {tens}` shows what would change)."]
    refused = cli("hand", "Ann: 1 -0", "Bob: 1 -0")
    assert refused.exit_code == 2 and refused.stderr.strip() == (
        f"{differs}: `scorekeeper db rescore {tens}` shows what would change and stores it, and then the "
        "session can be changed.")

    # db check is content, and --repair stores nothing of 0.2
    before = file_bytes(isolated_db, tens)
    assert cli.json("db", "check")["problems"] == []
    assert cli("db", "check", "--repair").exit_code == 0 and file_bytes(isolated_db, tens) == before

    # db rescore: what 0.2 would change, player by player; asked, refused without a terminal
    (entry,) = cli.json("db", "rescore")["sessions"]
    assert entry["players"] == [{"name": "Ann", "before": 75, "after": 150}, {"name": "Bob", "before": 45, "after": 90}]
    assert entry["hands"] == [1, 2, 3] and entry["winners"] == {"before": [], "after": ["Ann"]}
    assert (entry["from"], entry["to"], entry["changes"], entry["stored"]) == ("0.1", "0.2", True, False)
    shown = cli("db", "rescore")
    assert shown.exit_code == 2 and "there is no terminal to ask on: add --yes" in shown.stderr
    lines = [" ".join(line.split()) for line in shown.stdout.splitlines()]
    assert f"Session {tens} (tens): scorekeeper-tens 0.1 → 0.2" in lines
    assert "Ann 75 150 +75" in lines and "Bob 45 90 +45" in lines
    assert "Hands 1, 2, 3 score otherwise." in lines and "Winners: — → Ann" in lines
    assert file_bytes(isolated_db, tens) == before  # nothing stored
    stored = cli("db", "rescore", "--yes")
    assert stored.exit_code == 0
    assert f"Session {tens}: stored as scorekeeper-tens 0.2 scores it." in stored.stdout
    doc = cli.standings()
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 150, "Bob": 90}
    assert doc["finished"] and doc["winners"] == ["Ann"] and "notices" not in doc
    from scorekeeper.storage.store import Store

    assert Store(isolated_db).load(tens)["package"] == {"name": "scorekeeper-tens", "version": "0.2"}
    assert cli("db", "rescore").stdout.strip() == (
        "No session was scored by another version of its variant than the one installed: there is nothing to "
        "score again.")


def test_a_new_version_that_scores_a_session_the_same_is_no_change(cli, site, isolated_db):
    site.tens("0.1")
    tens = play_tens(cli)
    site.tens("0.1.1")  # the same scoring
    doc = cli.standings()
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 35, "Bob": 45} and "notices" not in doc
    # Ann 1 − 0 = 1, Bob 3 − 3 = 0: Ann 36, Bob 45; the hand records the version that scored it
    assert cli.record("Ann: 1 -0", "Bob: 3 -3")["totals"] == {"Ann": 36, "Bob": 45}
    from scorekeeper.storage.store import Store

    assert Store(isolated_db).load(tens)["package"]["version"] == "0.1.1"


# -- where each variant comes from ------------------------------------------------------------

def test_plugins_and_rules_say_where_each_variant_comes_from_and_name_a_clash(cli, site):
    site.tens("0.1")
    site.install("clash-plugin", "1.0", "clash_plugin", CLASH,
                 {"gin": "clash_plugin:GIN", "twos": "clash_plugin:TWO"})
    site.install("broken-plugin", "0.1", "broken_plugin", BROKEN, {"broken": "broken_plugin:VARIANT"})
    doc = cli.json("plugins")
    rows = {v["id"]: v for v in doc["variants"]}
    assert (rows["gin"]["name"], rows["gin"]["package"], rows["gin"]["origin"]) == ("Gin Rummy", "scorekeeper",
                                                                                   "built-in")
    assert rows["gin"]["version"] == __version__ and rows["gin"]["where"] == "scorekeeper.core.variants.gin"
    assert (rows["tens"]["package"], rows["tens"]["version"], rows["tens"]["origin"], rows["tens"]["where"]) == (
        "scorekeeper-tens", "0.1", "plugin", "scorekeeper_tens:VARIANT")
    assert rows["twos"]["aliases"] == ["500", "twos-game"]
    clash = ('The variant "gin" from clash_plugin:GIN (clash-plugin 1.0) was left aside: "gin" is a variant built '
             "into scorekeeper, which is used instead.")
    alias = ('The variant "twos" from clash_plugin:TWO (clash-plugin 1.0): the other names 500 are already a '
             "built-in variant's and are not taken.")
    assert {e["id"]: e["error"] for e in doc["left_aside"]} == {"gin": clash, "twos": alias}
    assert [e["id"] for e in doc["failed"]] == ["broken"]
    people = cli("plugins")
    assert people.exit_code == 0
    lines = [" ".join(line.split()) for line in people.stdout.splitlines()]
    assert "tens Tens scorekeeper-tens 0.1 plugin" in lines
    assert f"gin Gin Rummy scorekeeper {__version__} built in" in lines
    assert clash in people.stdout and alias in people.stdout and doc["failed"][0]["error"] in people.stdout

    listed = cli.json("rules")
    assert {v["id"]: v["origin"] for v in listed["variants"]}["tens"] == "plugin"
    assert {v["id"]: v["package"] for v in listed["variants"]}["rummy500"] == "scorekeeper"
    said = cli("rules")
    assert clash in said.stderr.splitlines()  # one sentence
    # the built-in one wins, alias 500 too
    assert cli.new("gin", "Ann", "Bob")["variant"] == "gin" and cli.new("500", "Ann", "Bob")["variant"] == "rummy500"


def test_the_messages_of_the_clash_are_what_the_registry_says(cli, site):
    site.install("clash-plugin", "1.0", "clash_plugin", "from scorekeeper_tens import VARIANT\n" + CLASH,
                 {"gin": "clash_plugin:GIN"})
    site.tens("0.1")
    assert [e["id"] for e in cli.json("plugins")["left_aside"]] == ["gin"]


# -- a variant's failure while a command runs -----------------------------------------------

def test_a_variant_s_failure_is_one_sentence_naming_it_and_debug_shows_the_traceback(cli, site):
    site.tens("0.1")
    cli.new("tens", "Ann", "Bob")
    done = cli("hand", "Ann: 13 -2", "Bob: 1 -0")  # 13 on the table: Tens divides by zero
    assert done.exit_code == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [
        'The variant "tens" (scorekeeper-tens 0.1) failed: an error in its own code. --debug shows where.']
    debugged = cli("--debug", "hand", "Ann: 13 -2", "Bob: 1 -0")
    assert isinstance(debugged.exception, ZeroDivisionError)
    assert cli.json("standings")["hands"] == 0  # nothing was stored


def test_scorekeeper_s_own_bug_is_not_blamed_on_a_variant(site):
    from scorekeeper.app.scorer import failure
    from scorekeeper.core.errors import InputError
    from scorekeeper.core.variants import get_variant

    site.tens("0.1")
    variant = get_variant("tens")
    try:
        {}["x"]
    except KeyError as e:
        ours = e
    assert failure(ours) is None
    assert failure(InputError("variant.unknown", name="x", variants=[])) is None
    try:
        variant.scoring.score(type("E", (), {"players": {"Ann": type("P", (), {"table": 13})()}})(), None)
    except ZeroDivisionError as e:
        theirs = e
    said = failure(theirs)
    assert said is not None and said.code == "variant.broke" and said.facts["name"] == "tens"
    # a fact a screen cannot show: the caller names the variant whose facts it was showing
    assert failure(ours, variant="tens").facts["name"] == "tens"


# -- one place resolves a stored session's rules ------------------------------------------------

def test_storage_checks_a_record_s_shape_and_never_asks_the_rules():
    import re

    from scorekeeper.storage.schema import find_problem

    storage = Path(__file__).resolve().parents[1] / "scorekeeper" / "storage"
    for path in storage.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"resolve_rules|new_setup|get_variant|core\.variants|core\.game\b", text), path.name
    record = {"id": "abc", "variant": "nothing-of-the-kind", "players": ["Ann"], "rules": {"colour": "red"},
              "title": None, "dealer": "Zed", "created": "2026-12-01T20:00:00+00:00", "hands": [], "undone": [],
              "audit": []}
    assert find_problem(record) is None  # well-shaped: what it means is the application's to say
    assert find_problem({**record, "package": {"name": "x"}}) == ("type", {"key": "package"})


def _record() -> dict:
    from scorekeeper.storage.store import new_record

    rules = {"target": 500, "tie": "play-on", "ace_in_hand": 15, "card_values": "face", "out_bonus": 0,
             "decks": 1, "set_duplicates": False}
    record = new_record("abc", "rummy500", ["Ann", "Bob"], rules, None, "Ann")
    record["hands"] = [{"entry": {"players": {"Ann": {"table": 30, "hand": 10}, "Bob": {"table": 0, "hand": 5}}},
                        "form": "file", "time": record["created"]}]
    return record


@pytest.mark.parametrize("change, sentence", [
    (lambda r: r.update(variant="gin-of-mars"), '"gin-of-mars" is not a variant'),
    (lambda r: r.update(variant="RUMMY500"), 'the variant is written "RUMMY500" instead of "rummy500"'),
    (lambda r: r.update(dealer="Zed"), 'the dealer "zed" is not one of the players'),
    (lambda r: r.update(dealer="ann"), 'the dealer "ann" is not written as in "players"'),
    (lambda r: r["rules"].update(target="lots"), "target=lots is not allowed"),
    (lambda r: r["rules"].pop("target"), "the rule options lack target"),
    (lambda r: r["rules"].update(target="500"), "the rule option target is written"),
])
def test_an_import_names_what_the_rules_refuse_in_a_record(change, sentence):
    from scorekeeper.app.exporting import check_record
    from scorekeeper.core.errors import InputError

    record = _record()
    assert check_record(record, "club.json", 2).state.totals == {"Ann": 20, "Bob": -5}  # 30 − 10, 0 − 5
    record = _record()
    change(record)
    with pytest.raises(InputError) as e:
        check_record(record, "club.json", 2)
    message = e.value.message
    assert message.startswith("club.json, session 2 (abc): ") and message.endswith("; nothing was imported.")
    assert sentence.lower() in message.lower(), message


def test_a_stored_record_the_rules_refuse_is_a_damaged_file_for_every_reader(cli, isolated_db):
    from scorekeeper.storage.store import Store

    sid = cli.new("rummy500", "Ann", "Bob")["session"]
    path = isolated_db / "sessions" / f"{sid}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["session"]["1"]["rules"]["target"] = "500"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert Store(isolated_db).load(sid)["rules"]["target"] == "500"  # storage reads it: its shape is sound
    for args in (("standings",), ("stats",), ("export", "--all", "--format", "csv")):
        done = cli(*args)
        assert done.exit_code == 1, args
        assert done.stderr.strip() == (f"The database file {path} is damaged (its rule option target is stored as "
                                       '"500", not as 500) and was left as it is: `scorekeeper db restore` puts back '
                                       "its last good copy."), args
    checked = cli("db", "check", "--json")
    assert checked.exit_code == 1
    (problem,) = json.loads(checked.stdout)["problems"]
    assert problem["kind"] == "damaged" and "its rule option target is stored as" in problem["problem"]


def test_serve_says_a_variant_s_failure_in_one_sentence_never_an_empty_answer(site, capsys):
    """The board's document made by a variant that fails: the page gets the sentence naming the
    variant (500, the page's headers), in the table's language; --debug prints the traceback."""
    from http import HTTPStatus
    from types import SimpleNamespace

    from scorekeeper.cli.serve import Server, refusals
    from scorekeeper.core.variants import get_variant

    site.tens("0.1")
    variant = get_variant("tens")
    try:
        variant.scoring.score(type("E", (), {"players": {"Ann": type("P", (), {"table": 13})()}})(), None)
    except ZeroDivisionError as e:
        theirs = e
    for debug in (False, True):
        board = SimpleNamespace(first={"standings": {"variant": "tens"}}, language="en")
        server = SimpleNamespace(debug=debug, board=board, refusals=refusals("en"))
        status, headers, body = Server._fault(server, theirs)
        assert status == HTTPStatus.INTERNAL_SERVER_ERROR and headers["Content-Language"] == "en"
        assert body.decode().startswith('The variant "tens" (scorekeeper-tens 0.1) failed: an error in its own code')
        assert ("Traceback" in capsys.readouterr().err) is debug
    # scorekeeper's own fault: its own sentence, the variant not blamed (none was being shown)
    board = SimpleNamespace(first={}, language="uk")
    status, _, body = Server._fault(SimpleNamespace(debug=False, board=board, refusals=refusals("uk")), KeyError("x"))
    assert status == HTTPStatus.INTERNAL_SERVER_ERROR and body and "tens" not in body.decode()


def test_a_ctrl_c_while_a_variant_loads_is_the_users_not_the_variants(site):
    """A Ctrl-C landing while a variant's module makes its classes reaches the registry as a
    RuntimeError ("Error calling __set_name__", Python 3.11): the random-moment Ctrl-C test saw
    Rummy 500 then called a variant "whose own code failed while loading", exit 1. It is the
    user's Ctrl-C: it goes on as one, and the variant is not set aside as broken."""
    from scorekeeper.core import variants

    source = ("class Interrupting:\n    def __set_name__(self, owner, name):\n        raise KeyboardInterrupt\n\n\n"
              "class Made:\n    field = Interrupting()\n")
    site.install("scorekeeper-halted", "0.1", "halted_plugin", source, {"halted": "halted_plugin:VARIANT"})
    with pytest.raises(KeyboardInterrupt):
        variants.get_variant("halted")
    assert not any(e.facts.get("name") == "halted" for e in variants.broken())
