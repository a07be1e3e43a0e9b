"""What makes the program say each refusal: the triggers of tools/gallery.py.

:data:`TRIGGERS` lists, by the module that raises it, each message code an error is raised with
and what makes the program say it: ``(code, setup, step, ...)`` — ``setup`` names a database of
:data:`SETUPS` the steps run in (triggers of the same setup one after another share it: a refused
command stores nothing), each step a command line after ``scorekeeper`` (``NAME=VALUE …`` first
for its environment) or a function of the gallery's ``Shot``: :func:`write` (a file the next
command reads), :func:`damage` (a file of the database spoiled), :func:`direct` (the sentence
made from its code and facts, for what only a failing disk or system can make the program say).
The gallery fails when an error code of the source has no trigger here, or its trigger does not
make the program say it. A new refusal: add a line under its module.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from scorekeeper.testing import PluginSite

#: the databases the triggers start from: each the command lines that make it
SETUPS: dict[str, list[str]] = {
    "": [],
    "rummy500": ["new rummy500 Оля Назар Зоя"],
    "rummy500 played": ["new rummy500 Оля Назар Зоя", 'hand "Оля: 7H 8H 9H -AS" "Назар: -" "Зоя: -KD"'],
    "rummy500 two decks": ["new rummy500 Оля Назар Зоя --rule decks=2"],
    "rum500": ["new rum500 Оля Назар Зоя"],
    "carousel": ["new carousel Оля Назар Зоя"],
    "crazy": ["new crazy Оля Назар Зоя"],
    "crazy last": ["new crazy Оля Назар Зоя --round 13", 'hand "Оля: -" "Назар: -AS 5H" "Зоя: -KD"'],
    "gin": ["new gin Оля Назар"],
    "gin oklahoma": ["new gin Оля Назар --rule oklahoma=true"],
    "contract": ["new contract Оля Назар Зоя"],
    "contract cut": ["new contract Оля Назар Зоя --rule cut_bonus=20"],
    "contract last": ["new contract Оля Назар Зоя --round 7"],
    "contract adjacent": ["new contract Оля Назар Зоя --rule adjacent_runs=refuse --round 3"],
    "contract exact": ["new contract Оля Назар Зоя --rule exact_contract=true --round 2"],
    "finished": ["new rummy500 Оля Назар --carry Оля=490", 'hand "Оля: 7H 8H 9H -" "Назар: -KD"'],
    "rummy500 near the end": ["new rummy500 Оля Назар --carry Оля=450", 'hand "Оля: 7H 8H 9H -" "Назар: -KD"'],
    "two sessions": ["new rummy500 Оля Назар --title 'Вечір 1'", "new rummy500 Оля Зоя --title 'Вечір 2'"],
    # Canasta: four players in two sides (Оля+Зоя against Назар+Ірина), and two each alone
    "canasta": ["new canasta Оля Назар Зоя Ірина"],
    "canasta two": ["new canasta Оля Назар --rule canastas_to_go_out=1"],
}


def write(name: str, text: str | bytes) -> Callable[[Any], None]:
    """A step: the file ``name`` written in the home with ``text`` (shown unless it is bytes)."""
    def step(shot: Any) -> None:
        if isinstance(text, bytes):
            (shot.home.home / name).parent.mkdir(parents=True, exist_ok=True)
            (shot.home.home / name).write_bytes(text)
            shot.lines.append(f"$ printf '…' > {name}    ## {len(text)} bytes, not shown")
        else:
            shot.file(name, text)
    return step


def damage(relative: str, text: str | bytes = "{not json") -> Callable[[Any], None]:
    """A step: a file of the database (``relative`` to it, ``*`` for the first session file)
    spoiled with ``text``."""
    def step(shot: Any) -> None:
        db = shot.home.db
        if relative.startswith("sessions/*"):
            found = sorted((db / "sessions").glob("*.json"))
            path = found[0] if found else db / "sessions" / "missing.json"
        else:
            path = db / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        shot.lines.append(f"## the database's file {path.relative_to(db)} is spoiled")
    return step


def special(name: str) -> Callable[[Any], None]:
    """A step: a named pipe (FIFO) made at ``name`` in the home, where a command reads a file."""
    def step(shot: Any) -> None:
        import os

        path = shot.home.home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        shot.lines.append(f"$ mkfifo {name}")
    return step


def folder(name: str) -> Callable[[Any], None]:
    """A step: a folder made at ``name`` in the home, where a command reads a file."""
    def step(shot: Any) -> None:
        (shot.home.home / name).mkdir(parents=True, exist_ok=True)
        shot.lines.append(f"$ mkdir -p {name}")
    return step


def remove(relative: str) -> Callable[[Any], None]:
    """A step: a file of the database taken away (``*``: the first session file)."""
    def step(shot: Any) -> None:
        db = shot.home.db
        found = sorted((db / "sessions").glob("*.json")) if relative.startswith("sessions/*") else [db / relative]
        for path in found[:1]:
            path.unlink()
            shot.lines.append(f"## the database's file {path.relative_to(db)} is taken away")
    return step


def _said_variant(variant_id: str) -> Any:
    """A variant's name as a fact, said in the language of the screen (as the program gives it)."""
    from scorekeeper.core.variants import get_variant

    return get_variant(variant_id).said_name


def direct(code: str, why: str = "", **facts: Any) -> Callable[[Any], None]:
    """A step: the sentence of ``code`` made from ``facts`` as the program makes it, for what only
    a failing disk, a lock the system refuses or a broken package makes the program say — or what
    an earlier check always refuses first (``why`` says which)."""
    def step(shot: Any) -> None:
        from scorekeeper.cli.language import speaking
        from scorekeeper.core.errors import ScorekeeperError

        from scorekeeper.cli.boundary import for_the_terminal

        with speaking(shot.lang):
            said = for_the_terminal(ScorekeeperError(code, **facts).message, True)
        if why:
            shot.lines.append(f"## never said by the program as it is ({why}): the sentence made from {code} and its facts")
        else:
            shot.lines.append(f"## said only when the system fails: the sentence made from {code} and its facts")
        shot.show(said)
    return step


def prompt(answers: list[str], command: str = "hand") -> Callable[[Any], None]:
    """A step: ``scorekeeper hand`` asked at the terminal, answered with ``answers`` (then Ctrl-D)."""
    def step(shot: Any) -> None:
        from gallery import ask_at_terminal

        ask_at_terminal(shot, answers)
    return step


FILE = "hand --file h.json"
#: a gin hand file: Оля knocks; the parts of Оля and Назар
GIN = '{"players": {"Оля": {%s}, "Назар": {%s}}, "knock": "Оля"}\n'


def _card(text: str) -> Any:
    from scorekeeper.core.cards import parse_card

    return parse_card(text)


def _os(name: str) -> str:
    """The operating system's own words for the error ``name`` (``EACCES``), as ``OSError.strerror`` has them."""
    import errno
    import os

    return os.strerror(getattr(errno, name))


def _error(code: str, **facts: Any) -> Any:
    from scorekeeper.core.errors import InputError

    return InputError(code, **facts)


def _values(key: str) -> Any:
    """The allowed values of the option ``key`` as the program says them (in the language spoken)."""
    from scorekeeper.core.rules import Said
    from scorekeeper.core.variants import get_variant

    option = get_variant("rummy500").option(key)
    return Said(f"option.{key}.values", option.values)


def _id(shot: Any) -> str:
    """The id of the first session of the home's database."""
    return sorted((shot.home.db / "sessions").glob("*.json"))[0].stem

TRIGGERS: dict[str, list[tuple]] = {
    "scorekeeper/app/application.py": [
        ("check.no_variant", "", 'check QS KS AS'),
        ("db.empty_path", "", "--db '' standings"),
        ("new.like_and_players", "two sessions", "new --like 'Вечір 1' Оля Назар"),
        ("new.no_players", "", "new rummy500"),
        ("new.no_variant", "", "new"),
        ("new.variant_or_player", "", "SCOREKEEPER_VARIANT=rummy500 new rumy500 Назар Оля"),
        ("session.nothing_to_undo", "rummy500", "undo --yes"),
        ("session.nothing_to_undo.round", "carousel", "undo --yes"),
        ("session.same_as_last", "rummy500 played", 'hand "Оля: 7H 8H 9H -AS" "Назар: -" "Зоя: -KD"'),
        ("session.same_as_last.round", "carousel",
         'hand "Оля: -" "Назар: -KS" "Зоя: -9D"', 'hand "Оля: -" "Назар: -KS" "Зоя: -9D"'),
        ("session.same_as_last.deal", "contract",
         'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: -AS 5D" "Зоя: -KD QD 3C"',
         'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: -AS 5D" "Зоя: -KD QD 3C"'),
        ("sessions.limit", "rummy500", "sessions --limit 0"),
        ("use.no_such_session", "rummy500", "use Субота"),
        ("use.titles", "two sessions", "use Вечір"),
    ],
    "scorekeeper/app/audit.py": [
        ("explain.no_hands", "rummy500", "explain"),
        ("explain.no_hands.round", "carousel", "explain"),
    ],
    "scorekeeper/app/exporting.py": [
        ("export.directory", "rummy500 played", "export --format json -o ."),
        ("export.empty", "", "export --format json --all"),
        ("export.exists", "rummy500 played", write("game.json", "{}\n"), "export --format json -o game.json"),
        ("export.format", "rummy500 played", "export --format pdf"),
        ("export.session_and_all", "rummy500 played", "export --format json --all --session x"),
        ("export.unwritable", "rummy500 played", "export --format json -o nosuch/dir/game.json"),
        ("import.directory", "", "import ."),
        ("import.no_file", "", "import nosuch.json"),
        ("import.not_json", "", write("bad.json", "{\"schema\": 1,,}\n"), "import bad.json"),
        ("import.not_export", "", write("other.json", "{\"a\": 1}\n"), "import other.json"),
        ("import.empty", "", write("empty.json", "{\"schema\": 1, \"sessions\": []}\n"), "import empty.json"),
        ("import.not_utf8", "", write("latin.json", b"{\"schema\": 1, \"x\": \"\xe9\"}"), "import latin.json"),
        ("import.schema_newer", "", write("new.json", "{\"schema\": 99, \"sessions\": []}\n"), "import new.json"),
        ("import.schema_type", "", write("st.json", "{\"schema\": \"one\", \"sessions\": []}\n"), "import st.json"),
        ("import.repeated_key", "", write("rk.json", "{\"schema\": 1, \"schema\": 1, \"sessions\": []}\n"),
         "import rk.json"),
        ("import.too_deep", "", write("deep.json", "[" * 5000 + "]" * 5000), "import deep.json"),
        ("import.number_too_long", "", write("num.json", "{\"schema\": " + "9" * 5000 + "}"), "import num.json"),
        ("import.not_text", "", write("sur.json", "{\"schema\": 1, \"x\": \"\\ud800\", \"sessions\": []}\n"),
         "import sur.json"),
        ("import.too_big", "", direct("import.too_big", file="club.json", limit=100_000_000)),
        ("import.invalid", "rummy500 played", direct("import.invalid", file="club.json", index=1, session="3f9a2c1d", kind="ValueError", detail="hands")),
        ("import.refused", "rummy500 played", direct("import.refused", file="club.json", index=1, session="3f9a2c1d", cause=_error("rule.bad_value", key="target", value="-5", values=_values("target")))),
        ("import.hand_refused", "rummy500 played", "export --format json -o game.json --force",
         lambda shot: _edit_export(shot, "hand_refused"), "import game.json --as-new"),
        ("import.after_end", "finished", "export --format json -o game.json --force",
         lambda shot: _edit_export(shot, "after_end"), "import game.json --as-new"),
        ("import.trail_differs", "rummy500 played", "export --format json -o game.json --force",
         lambda shot: _edit_export(shot, "trail"), "import game.json --as-new"),
        ("import.unreadable", "", direct("import.unreadable", path="club.json", reason=_os("EACCES"))),
        ("import.special", "", special("club.json"), "import club.json"),
    ],
    "scorekeeper/app/games.py": [
        ("check.trail_untypeable", "rummy500 played", lambda shot: _edit_session(shot, "trail"), "db check"),
        ("check.trail_untypeable.round", "carousel", 'hand "Оля: -" "Назар: -KS" "Зоя: -9D"',
         lambda shot: _edit_session(shot, "trail"), "db check"),
        ("session.hand_after_end", "finished", lambda shot: _edit_session(shot, "after_end"), "standings"),
        ("session.hand_refused", "rummy500 played", lambda shot: _edit_session(shot, "refused"), "standings"),
        ("session.changed_outside", "rummy500 played", lambda shot: _edit_session(shot, "changed"), "standings"),
        ("session.rules_refuse", "rummy500 played", direct("session.rules_refuse", path="db/sessions/3f9a2c1d.json", session="3f9a2c1d", cause=_error("rule.bad_value", key="target", value="-5", values=_values("target")))),
    ],
    "scorekeeper/app/sessions.py": [
        ("session.changed_meanwhile", "rummy500", lambda shot: _meanwhile(shot, "hand")),
        ("session.changed_meanwhile_undo", "rummy500 played", direct("session.changed_meanwhile_undo", session="3f9a2c1d")),
        ("session.edit_ends_game", "rummy500 near the end", 'hand "Оля: 2H 3H 4H -" "Назар: -KD"',
         'edit 1 "Оля: 7H 8H 9H, QS QD QC, 2S 3S 4S 5S -" "Назар: -KD"'),
        ("session.nothing_to_redo", "rummy500 played", "redo"),
    ],
    "scorekeeper/app/settings.py": [
        ("config.bad_name", "", "config set players 'Оля:' Назар"),
        ("config.bad_rule", "", "config set rules target"),
        ("config.from_env", "", "SCOREKEEPER_VARIANT=rumy new Оля Назар"),
        ("config.from_file", "", write(".config/scorekeeper/config.toml", 'variant = "rumy"\n'),
         "new Оля Назар"),
        ("config.no_such_key", "", "config set colour red"),
        ("config.no_value", "", "config set variant ''"),
        ("config.one_value", "", "config set variant gin rummy500"),
        ("config.too_few_players", "", "config set players Оля"),
        ("config.unknown_rule", "", "config set rules colour=red"),
        ("config.unknown_rule_near", "", "config set rules targt=300"),
        ("player.empty_name", "", "config set players Оля ''"),
    ],
    "scorekeeper/app/stats.py": [
        ("stats.no_player", "rummy500 played", "stats --player Олег"),
    ],
    "scorekeeper/cli/commands/board.py": [
        ("cli.serve.bad_host", "rummy500", "serve --host 203.0.113.9 --port 0"),
        ("cli.serve.club_only", "rummy500", "serve --season весна --port 0"),
        ("cli.serve.club_session", "rummy500", "serve --club --session 1 --port 0"),
        ("cli.serve.cannot_listen", "rummy500", lambda shot: _port_taken(shot)),
    ],
    "scorekeeper/cli/commands/config.py": [
        ("language.unknown", "", "config set language xx"),
    ],
    "scorekeeper/cli/commands/game.py": [
        ("cli.entry.both", "rummy500", write("h.json", '{"players": {}}\n'), 'hand --file h.json "Оля: -"'),
        ("cli.entry.none", "rummy500", "hand"),
        # a question that takes something back, asked where there is no terminal to answer it (a pipe)
        ("cli.ask.undo.no_terminal", "rummy500 played", "undo"),
        ("cli.ask.undo_round.no_terminal", "crazy last", "undo"),
        ("cli.ask.delete_titled.no_terminal", "two sessions", lambda shot: shot.run(f"delete {_id(shot)}")),
    ],
    "scorekeeper/cli/commands/share.py": [
        ("cli.export.two_formats", "rummy500 played", "export csv --format json"),
    ],
    "scorekeeper/cli/files.py": [
        ("cli.hand_file.directory", "rummy500", "hand --file ."),
        ("cli.hand_file.empty", "rummy500", write("h.json", ""), FILE),
        ("cli.hand_file.empty_stdin", "rummy500", lambda shot: shot.run("hand --file -", input="")),
        ("cli.hand_file.missing", "rummy500", "hand --file nosuch.json"),
        ("cli.hand_file.not_unicode", "rummy500", write("h.json", b'{"players": "\xe9"}'), FILE),
        ("cli.hand_file.null", "rummy500", write("h.json", "null\n"), FILE),
        ("cli.hand_file.null_stdin", "rummy500", lambda shot: shot.run("hand --file -", input="null\n")),
        ("cli.hand_file.repeated_key", "rummy500", write("h.json", '{"players": {}, "players": {}}\n'), FILE),
        ("cli.hand_file.too_big", "rummy500", direct("cli.hand_file.too_big", name="h.json", limit=1_000_000)),
        ("cli.hand_file.unreadable", "rummy500", direct("cli.hand_file.unreadable", name="h.json", reason=_os("EACCES"))),
        ("cli.hand_file.special", "rummy500", special("h.json"), FILE),
        ("cli.hand_file.stdin_not_unicode", "rummy500", direct("cli.hand_file.stdin_not_unicode")),
        ("cli.hand_file.too_deep", "rummy500", write("h.json", b"[" * 5000 + b"]" * 5000), FILE),
        ("cli.stdin_unreadable", "rummy500", direct("cli.stdin_unreadable", reason=_os("EIO"))),
    ],
    "scorekeeper/cli/frame.py": [
        ("cli.frame.command_is_missing", "", direct("cli.frame.command_is_missing")),
        ("cli.frame.command_line_cannot_be", "", direct("cli.frame.command_line_cannot_be")),
        ("cli.frame.name_is_not_command", "", "frobnicate"),
        ("cli.frame.name_is_not_command_did", "", "hnad"),
        ("cli.frame.option_option_is_missing", "", direct("cli.frame.option_option_is_missing", option="--format")),
        ("cli.frame.option_option_needs_value", "", "standings --session"),
        ("cli.frame.option_option_takes_no", "", "standings --json=x"),
        ("cli.frame.there_is_no_option", "", "standings --frobnicate"),
        ("cli.frame.there_is_no_option_option", "", "standings --sesion x"),
        ("cli.frame.unexpected_words_this_command", "", "standings x y"),
        ("cli.frame.version_is_an_option", "", "version"),
        ("cli.frame.what_is_missing", "", "use"),
        ("cli.frame.wrong_value_for_what", "", "sessions --limit x"),
    ],
    "scorekeeper/cli/prompt.py": [
        ("cli.prompt.finished", "finished", prompt([])),
    ],
    "scorekeeper/cli/watch.py": [
        ("cli.watch.no_terminal", "rummy500", "watch"),
    ],
    "scorekeeper/core/cards.py": [
        ("card.ace_mark_not_ace", "rummy500", 'hand "Оля: 7H 8H 9H +KH:low -" "Назар: -KD" "Зоя: -9D"'),
        ("card.ace_word", "rummy500", 'hand "Оля: 7H 8H 9H +AH:up -" "Назар: -KD" "Зоя: -9D"'),
        ("card.not_a_card", "rummy500", 'hand "Оля: 7H 8H 9H -XX" "Назар: -" "Зоя: -9D"'),
        ("card.not_a_card_near", "rummy500", 'hand "Оля: 1H" "Назар: -" "Зоя: -"'),
        ("card.split", "rummy500", 'hand "Оля: 7 H 8H 9H -" "Назар: -KD" "Зоя: -9D"'),
        ("card.stands_for_joker", "contract", 'hand "Оля: 7H 7S JK=JK -" "Назар: -KD" "Зоя: -9D"'),
        ("cards.more_than_game", "rummy500", direct("cards.more_than_game", most=52)),
        ("cards.more_than_game_of_player", "rummy500",
         'hand "Оля: -' + " ".join(["2H"] * 60) + '" "Назар: -" "Зоя: -9D"'),
        ("melds.commas_between_cards", "rummy500", 'hand "Оля: 7H,8H,9H -" "Назар: -KD" "Зоя: -9D"'),
    ],
    "scorekeeper/core/check.py": [
        ("check.deal_not_needed", "", 'check rummy500 "QS KS AS" --deal 2'),
        ("check.no_cards", "", "check rummy500"),
        ("check.round_needed", "", 'check crazy "7H 7S 7D"'),
        ("check.round_not_needed", "", 'check rummy500 "QS KS AS" --round 2'),
        ("check.round_out_of_range", "", 'check crazy "7H 7S 7D" --round 14'),
        ("check.whole_suit_ace", "", 'check rummy500 "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"'),
    ],
    "scorekeeper/core/entry.py": [
        # a name no player has, as a part, as the one who went out (the hand file's "out"), near one or not
        ("name.unknown", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "2C"}, "Максим": {"hand": ""},'
                                                   ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("name.unknown_near", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "2C"}, "Назр": {"hand": ""},'
                                                        ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("name.unknown_role", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "2C"}, "Назар": {"hand": ""},'
                                                        ' "Зоя": {"hand": "9D"}}, "out": "Максим"}\n'), FILE),
        ("name.unknown_role_near", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "2C"}, "Назар": {"hand": ""},'
                                                             ' "Зоя": {"hand": "9D"}}, "out": "Олг"}\n'), FILE),
        # a player's cards in a hand file written wrong: a comma inside, an item that is no text, no list
        ("cards.comma.hand_of_player", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "7H,8H"},'
                                                                 ' "Назар": {"hand": ""}, "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("cards.comma.layoffs_of_player", "rummy500", write("h.json", '{"players": {"Оля": {"layoffs": "7H,8H", "hand": "2C"},'
                                                                    ' "Назар": {"hand": ""}, "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("cards.item_not_text.hand_of_player", "rummy500", write("h.json", '{"players": {"Оля": {"hand": ["7H", 5]},'
                                                                         ' "Назар": {"hand": ""}, "Зоя": {"hand": "9D"}}}\n'),
         FILE),
        ("cards.item_not_text.melds_of_player", "rummy500", write("h.json", '{"players": {"Оля": {"melds": [["7H", 5]],'
                                                                          ' "hand": "2C"}, "Назар": {"hand": ""},'
                                                                          ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("cards.item_not_text.layoffs_of_player", "rummy500", write("h.json", '{"players": {"Оля": {"layoffs": [5],'
                                                                            ' "hand": "2C"}, "Назар": {"hand": ""},'
                                                                            ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("melds.item_not_meld.melds_of_player", "rummy500", write("h.json", '{"players": {"Оля": {"melds": [5], "hand":'
                                                                          ' "2C"}, "Назар": {"hand": ""},'
                                                                          ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("melds.not_text.melds_of_player", "rummy500", write("h.json", '{"players": {"Оля": {"melds": 5, "hand": "2C"},'
                                                                     ' "Назар": {"hand": ""}, "Зоя": {"hand": "9D"}}}\n'),
         FILE),
        ("card.lookalike.cyrillic", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "7Н"}, "Назар": {"hand": ""},'
                                                              ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.about_player", "rummy500", direct("entry.about_player", player="Оля", cause=_error("card.not_a_card", token="XX"))),
        ("entry.hand_missing", "rummy500", write("h.json", '{"players": {"Оля": {"melds": ["7H 8H 9H"]},'
                                                       ' "Назар": {"hand": ""}, "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.knock_and_out", "carousel", 'hand "Оля: -3C knock" "Назар: -" "Зоя: -9D"'),
        ("entry.knock_not_here", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "3C"}, "Назар": {"hand": ""},'
                                                         ' "Зоя": {"hand": "9D"}}, "knock": "Оля"}\n'), FILE),
        ("entry.layoffs_type", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "3C", "layoffs": 5},'
                                                       ' "Назар": {"hand": ""}, "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.no_players", "rummy500", write("h.json", '{"stock_exhausted": false}\n'), FILE),
        ("entry.not_in_play", "rummy500", direct("entry.not_in_play", player="Зоя", players=["Оля", "Назар"])),
        ("entry.not_table", "rummy500", write("h.json", '[1, 2]\n'), FILE),
        ("entry.out_holds_cards", "carousel", 'hand "Оля: -3C out" "Назар: -KS" "Зоя: -9D"'),
        ("entry.out_not_empty", "carousel", direct("entry.out_not_empty", player="Оля", other="Назар")),
        ("entry.out_with_points", "carousel", 'hand "Оля: -12 out" "Назар: -KS" "Зоя: -9D"'),
        ("entry.player_missing", "rummy500", 'hand "Оля: 7H 8H 9H -" "Назар: -KD"'),
        ("entry.player_not_table", "rummy500", write("h.json", '{"players": {"Оля": 5, "Назар": {"hand": ""},'
                                                           ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.player_twice", "rummy500", write("h.json", '{"players": {"Оля": {"hand": ""}, "оля": {"hand": "3C"},'
                                                       ' "Назар": {"hand": "2C"}, "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.points_negative", "rummy500", write("h.json", '{"players": {"Оля": {"hand": -5}, "Назар": {"hand": ""},'
                                                          ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.points_type", "rummy500", write("h.json", '{"players": {"Оля": {"hand": true}, "Назар": {"hand": ""},'
                                                      ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.stock_and_out", "carousel", 'hand "Оля: -" "Назар: -KS" "Зоя: -9D" stock'),
        ("entry.stock_type", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "3C"}, "Назар": {"hand": "2C"},'
                                                     ' "Зоя": {"hand": "9D"}}, "stock_exhausted": "так"}\n'), FILE),
        ("entry.table_and_cards", "rummy500", write("h.json", '{"players": {"Оля": {"table": 20, "melds": ["7H 8H 9H"],'
                                                          ' "hand": ""}, "Назар": {"hand": "2C"}, "Зоя": {"hand": "9D"}}}\n'),
         FILE),
        ("entry.two_endings", "carousel", 'hand "Оля: -3C knock" "Назар: -KS" "Зоя: -9D" stock'),
        ("entry.unknown_key", "rummy500", write("h.json", '{"players": {"Оля": {"hand": "", "bonus": 5},'
                                                      ' "Назар": {"hand": "2C"}, "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("entry.unknown_top_key", "rummy500", write("h.json", '{"players": {"Оля": {"hand": ""},'
                                                          ' "Назар": {"hand": "2C"}, "Зоя": {"hand": "9D"}}, "dealer": "Оля"}\n'),
         FILE),
        ("entry.zero_needs_out", "carousel", 'hand "Оля: -0" "Назар: -KS" "Зоя: -9D"'),
    ],
    "scorekeeper/core/game.py": [
        ("carry.bad_points", "", "new rummy500 Оля Назар --carry Оля=багато"),
        ("carry.not_name_points", "", "new rummy500 Оля Назар --carry Оля"),
        ("carry.not_points_per_player", "", direct("carry.not_points_per_player", players=["Оля", "Назар"])),
        ("carry.reaches_target", "", "new rummy500 Оля Назар --carry Оля=500"),
        ("carry.too_large", "", "new rummy500 Оля Назар --carry Оля=99999999999"),
        ("carry.twice", "", "new rummy500 Оля Назар --carry Оля=10 --carry Оля=20"),
        ("carry.unknown_player", "", "new rummy500 Оля Назар --carry Максим=10"),
        ("carry.unknown_player_near", "", "new rummy500 Оля Назар --carry Назр=10"),
        ("game.finished", "finished", 'hand "Оля: -" "Назар: -KD"'),
        ("game.hand_after_end", "finished", direct("game.hand_after_end", number=3)),
        ("game.unknown_dealer", "", "new rummy500 Оля Назар --dealer Максим"),
        ("game.unknown_dealer_near", "", "new rummy500 Оля Назар --dealer Назр"),
        ("player.name_colon", "", "new rummy500 'Оля:' Назар"),
        ("player.name_separator", "", "new rummy500 'Оля+Назар' Зоя"),
        ("player.name_spaces", "", "new rummy500 ' Оля' Назар"),
        ("player.named_twice", "", "new rummy500 Кіра Назар Кіра"),
        ("round.not_for_variant", "", "new carousel Оля Назар --round 3"),
        ("round.not_for_variant.deals", "", "new indian Оля Назар Зоя --round 2"),
        ("round.not_for_variant.no_target", "", "new indian Оля Назар Зоя --round 2 --rule game=pool101"),
        ("round.out_of_range", "", "new crazy Оля Назар Зоя --round 14"),
        ("round.out_of_range.deal", "", "new contract Оля Назар Зоя --round 9"),
        ("text.undecodable", "", lambda shot: shot.run("new rummy500 Оля " + "Наз\udcffр")),
    ],
    "scorekeeper/core/melds.py": [
        ("deck.no_jokers", "rummy500", 'hand "Оля: 7H 8H JK -" "Назар: -KD" "Зоя: -9D"'),
    ],
    "scorekeeper/core/oneline.py": [
        ("line.comma_out_of_place", "rummy500", 'hand "Оля: 7H 8H 9H -3C, 4C" "Назар: -" "Зоя: -9D"'),
        ("line.hand_cards_and_points", "rummy500", 'hand "Оля: 7H 8H 9H -12 3C" "Назар: -" "Зоя: -9D"'),
        ("line.hand_missing", "rummy500", 'hand "Оля: 7H 8H 9H" "Назар: -" "Зоя: -9D"'),
        ("line.knock_not_here", "rummy500", 'hand "Оля: 7H 8H 9H -3C knock" "Назар: -" "Зоя: -9D"'),
        ("line.no_layoffs", "carousel", 'hand "Оля: 7H 8H 9H +10H -3C" "Назар: -" "Зоя: -9D"'),
        ("line.no_table", "carousel", 'hand "Оля: 40 -3C" "Назар: -" "Зоя: -9D"'),
        ("line.not_a_word_near", "rummy500", 'hand "Оля: 7H 8H 9H -" "Назар: -KD" "Зоя: -9D" stok'),
        ("line.points_out_of_place", "rummy500", 'hand "Оля: 7H 8H 9H 40 -3C" "Назар: -" "Зоя: -9D"'),
        ("line.table_and_melds", "rummy500", 'hand "Оля: 40 7H 8H 9H -3C" "Назар: -" "Зоя: -9D"'),
        ("line.word_near", "carousel", 'hand "Оля: -3C knok" "Назар: -" "Зоя: -9D"'),
        ("line.word_twice", "carousel", 'hand "Оля: -3C knock" "Назар: -2C knock" "Зоя: -9D"'),
    ],
    "scorekeeper/core/rulebook/codec.py": [
        ("prompt.knock_not_allowed", "rummy500", prompt(["7H 8H 9H", "", "3C стук"])),
        ("prompt.knock_without_cards", "carousel", prompt(["", "{knock}"])),
        ("prompt.melds_not_points", "contract", prompt(["40"])),
        ("prompt.no_ending", "gin", prompt(["7H 8H 9H QS QD QC 2C 3C 4C 5D", "KS KH KD 10H JH 5C 9S 6D 3S AH", ""])),
        ("prompt.not_a_player", "gin", prompt(["7H 8H 9H QS QD QC 2C 3C 4C 5D", "KS KH KD 10H JH 5C 9S 6D 3S AH",
                                               "Максим"])),
        ("prompt.not_a_player_near", "gin", prompt(["7H 8H 9H QS QD QC 2C 3C 4C 5D", "KS KH KD 10H JH 5C 9S 6D 3S AH",
                                                    "Назр"])),
        ("prompt.nothing_in_hand", "carousel", prompt(["", ""])),
        ("prompt.other_players_part", "rummy500", prompt(["Назар: 7H 8H 9H"])),
        ("prompt.out_and_knock", "carousel", prompt(["", "{out} {knock}"])),
        ("prompt.second_knocker", "carousel", prompt(["", "3C {knock}", "", "2C {knock}"])),
        ("prompt.second_out", "rummy500", prompt(["", "", "{out}", "", "", "{out}"])),
    ],
    "scorekeeper/core/rulebook/deals.py": [
        ("event.not_in_variant", "", lambda shot: direct("event.not_in_variant", kind="drop",
                                                         variant=_said_variant("rummy500"))(shot)),
    ],
    "scorekeeper/core/rules.py": [
        ("rule.bad_value", "", "new rummy500 Оля Назар --rule target=x"),
        ("rule.not_for_variant", "", "new rummy500 Оля Назар --rule knock_limit=5"),
        ("rule.not_key_value", "", "new rummy500 Оля Назар --rule target"),
        ("rule.too_big", "", "new rummy500 Оля Назар --rule target=99999999999"),
        ("rule.unknown", "", "new rummy500 Оля Назар --rule colour=red"),
        ("rule.unknown_near", "", "new rummy500 Оля Назар --rule targt=300"),
    ],
    "scorekeeper/core/variants/__init__.py": [
        ("variant.alias_clash", "", lambda shot: _life(shot, "clash")),
        ("variant.clash", "", lambda shot: _life(shot, "clash")),
        ("variant.failed", "", lambda shot: _life(shot, "failed")),
        ("variant.id_mismatch", "", lambda shot: _life(shot, "id_mismatch")),
        ("variant.id_taken", "", lambda shot: _life(shot, "id_taken")),
        ("variant.not_a_variant", "", lambda shot: _life(shot, "not_a_variant")),
        ("variant.unknown", "", "rules bridge"),
        ("variant.unknown_near", "", "rules rummy50"),
    ],
    "scorekeeper/core/variants/carousel.py": [
        ("carousel.no_ending", "carousel", write("h.json", '{"players": {"Оля": {"hand": "3C"}, "Назар": {"hand": "2C"},'
                                                       ' "Зоя": {"hand": "9D"}}}\n'), FILE,
         'hand "Оля: -3C" "Назар: -2C" "Зоя: -9D"'),
        ("game.of_player", "carousel", 'hand "Оля: 7H 8H -3C knock" "Назар: -2C" "Зоя: -9D"'),
    ],
    "scorekeeper/core/variants/contract/check.py": [
        ("contract.no_such_deal", "", 'check contract "7H 7S 7D" --deal 9'),
    ],
    "scorekeeper/core/variants/contract/melds.py": [
        ("contract.adjacent_runs", "contract adjacent",
         'hand "Оля: 3H 4H 5H 6H, 7H 8H 9H 10H -" "Назар: -KD" "Зоя: -9D"'),
        ("contract.not_exact", "contract exact", 'hand "Оля: 7H 7S 7D 7C, 3H 4H 5H 6H -" "Назар: -KD" "Зоя: -9D"'),
        ("contract.not_met", "contract", 'hand "Оля: 3H 4H 5H 6H -" "Назар: -KD" "Зоя: -9D"'),
    ],
    "scorekeeper/core/variants/contract/options.py": [
        ("contract.deuce_value_alone", "", "new contract Оля Назар Зоя --rule deuce_value=20"),
        ("contract.no_play_on", "", "new contract Оля Назар Зоя --rule tie=play-on"),
    ],
    "scorekeeper/core/variants/contract/score.py": [
        ("contract.cut_not_name", "contract cut", write("h.json",
            '{"players": {"Оля": {"melds": ["7H 7S 7D", "QC QD QH"], "hand": ""}, "Назар": {"hand": "KD"},'
            ' "Зоя": {"hand": "9D"}}, "cut": 5}\n'), FILE),
        ("contract.cut_off", "contract", 'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: -KD" "Зоя: -9D cut"'),
        ("contract.cut_wrong", "contract cut", 'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: -KD cut" "Зоя: -9D"'),
        ("contract.in_deal", "contract", 'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: 8H 8S 8D, KC KD KH +7C 7C 7C -3D" "Зоя: -9D"'),
        ("contract.last_deal_layoffs", "contract last",
         'hand "Оля: 3H 4H 5H 6H, 8S 9S 10S JS, 2D 3D 4D 5D -" "Назар: [] +7H -KD" "Зоя: -9D"'),
        ("contract.layoff_no_table", "contract", direct("contract.layoff_no_table", player="Назар", card=_card("7C"))),
        ("contract.nobody_out", "contract", write("h.json", '{"players": {"Оля": {"hand": "3C"}, "Назар": {"hand": "KD"},'
                                                   ' "Зоя": {"hand": "9D"}}}\n'), FILE,
         'hand "Оля: -3C" "Назар: -KD" "Зоя: -9D"'),  # in a file's words, then the one-line form's
        ("contract.out_not_down", "contract", 'hand "Оля: [] -" "Назар: -KD" "Зоя: -9D"'),
        ("contract.past_last_deal", "contract", direct("contract.past_last_deal", deals=7, deal=8)),
        ("contract.points_over", "contract", 'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: -9999" "Зоя: -9D"'),
        ("contract.points_over_sum", "contract", 'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: -600" "Зоя: -600"'),
        ("contract.unknown_player_key", "contract", write("h.json",
            '{"players": {"Оля": {"melds": ["7H 7S 7D", "QC QD QH"], "hand": "", "bonus": 1}, "Назар": {"hand": "KD"},'
            ' "Зоя": {"hand": "9D"}}}\n'), FILE),
        ("contract.unknown_top_key", "contract", write("h.json",
            '{"players": {"Оля": {"melds": ["7H 7S 7D", "QC QD QH"], "hand": ""}, "Назар": {"hand": "KD"},'
            ' "Зоя": {"hand": "9D"}}, "dealer": "Оля"}\n'), FILE),
        ("layoff.no_fit", "contract", 'hand "Оля: 7H 7S 7D, QC QD QH -" "Назар: 8H 8S 8D, KC KD KH +2C -KD" "Зоя: -9D"'),
        ("layoff.not_all_fit", "contract", direct("layoff.not_all_fit", layoffs=[_card("7C"), _card("7C")])),
    ],
    "scorekeeper/core/variants/crazy.py": [
        ("crazy.no_such_round", "", direct("crazy.no_such_round", rounds=13, round=14)),
        ("crazy.past_last_round", "crazy", direct("crazy.past_last_round", rounds=13, round=14)),
        ("rule.crazy_no_play_on", "", "new crazy Оля Назар Зоя --rule tie=play-on"),
    ],
    "scorekeeper/core/variants/gin/entry.py": [
        ("gin.big_gin_needs_knock", "gin", write("h.json", '{"players": {"Оля": {"cards": "7H 8H 9H"}, "Назар":'
                                                       ' {"cards": "2C"}}, "big_gin": true}\n'), FILE),
        ("gin.cards_and_arranged", "gin", write("h.json", '{"players": {"Оля": {"cards": "7H", "hand": "7H"}, "Назар":'
                                                      ' {"cards": "2C"}}, "knock": "Оля"}\n'), FILE),
        ("gin.cards_not_text", "gin", write("h.json", '{"players": {"Оля": {"cards": 7}, "Назар": {"cards": "2C"}},'
                                                  ' "knock": "Оля"}\n'), FILE),
        ("gin.entry_not_table", "gin", write("h.json", '[1]\n'), FILE),
        ("gin.flag_not_bool", "gin", write("h.json", '{"players": {"Оля": {"cards": "7H"}, "Назар": {"cards": "2C"}},'
                                                 ' "stock_exhausted": "так"}\n'), FILE),
        ("gin.hand_missing", "gin", write("h.json", '{"players": {"Оля": {"melds": ["7H 8H 9H"]}, "Назар":'
                                                ' {"cards": "2C"}}, "knock": "Оля"}\n'), FILE),
        ("gin.hand_not_points", "gin", write("h.json", '{"players": {"Оля": {"hand": true}, "Назар": {"cards": "2C"}},'
                                                   ' "knock": "Оля"}\n'), FILE),
        ("gin.knock_not_a_player", "gin", write("h.json", '{"players": {"Оля": {"cards": "7H"}, "Назар":'
                                                      ' {"cards": "2C"}}, "knock": "Олег"}\n'), FILE),
        ("gin.negative_points", "gin", write("h.json", '{"players": {"Оля": {"hand": -4}, "Назар": {"hand": 20}},'
                                                   ' "knock": "Оля"}\n'), FILE),
        ("gin.no_ending", "gin", write("h.json", '{"players": {"Оля": {"hand": 4}, "Назар": {"hand": 20}}}\n'), FILE,
         'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D" "Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"'),
        ("gin.no_out", "gin", write("h.json", '{"players": {"Оля": {"hand": 4}, "Назар": {"hand": 20}}, "out": "Оля"}\n'),
         FILE),
        ("gin.no_table", "gin", write("h.json", '{"players": {"Оля": {"table": 40, "hand": 4}, "Назар": {"hand": 20}},'
                                            ' "knock": "Оля"}\n'), FILE),
        ("gin.not_a_player", "gin", write("h.json", '{"players": {"Оля": {"hand": 4}, "Олег": {"hand": 20}},'
                                                ' "knock": "Оля"}\n'), FILE),
        ("gin.player_key", "gin", write("h.json", '{"players": {"Оля": {"hand": 4, "bonus": 1}, "Назар": {"hand": 20}},'
                                              ' "knock": "Оля"}\n'), FILE),
        ("gin.player_missing", "gin", write("h.json", '{"players": {"Оля": {"hand": 4}}, "knock": "Оля"}\n'), FILE),
        ("gin.player_not_table", "gin", write("h.json", '{"players": {"Оля": 4, "Назар": {"hand": 20}},'
                                                    ' "knock": "Оля"}\n'), FILE),
        ("gin.player_says", "gin", write("h.json", '{"players": {"Оля": {"cards": "XX"}, "Назар": {"hand": 20}},'
                                               ' "knock": "Оля"}\n'), FILE),
        ("gin.player_twice", "gin", write("h.json", '{"players": {"Оля": {"hand": 4}, "оля": {"hand": 4},'
                                                ' "Назар": {"hand": 20}}, "knock": "Оля"}\n'), FILE),
        ("gin.players_missing", "gin", write("h.json", '{"knock": "Оля"}\n'), FILE),
        ("gin.points_and_cards", "gin", write("h.json", '{"players": {"Оля": {"hand": 4, "melds": ["7H 8H 9H"]},'
                                                    ' "Назар": {"hand": 20}}, "knock": "Оля"}\n'), FILE),
        ("gin.two_endings", "gin", write("h.json", '{"players": {"Оля": {"hand": 4}, "Назар": {"hand": 20}},'
                                               ' "knock": "Оля", "stock_exhausted": true}\n'), FILE),
        ("gin.unknown_key", "gin", write("h.json", '{"players": {"Оля": {"hand": 4}, "Назар": {"hand": 20}},'
                                               ' "knock": "Оля", "dealer": "Оля"}\n'), FILE),
        ("gin.upcard_joker", "gin oklahoma", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" '
                                             '"Назар: KS KH KD 10H JH 5C 9S 6D 3S AH" up=JK'),
        ("gin.upcard_not_text", "gin oklahoma", write("h.json", '{"players": {"Оля": {"hand": 4}, "Назар": {"hand": 20}},'
                                                        ' "knock": "Оля", "upcard": 7}\n'), FILE),
        ("gin.upcard_unreadable", "gin oklahoma", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" '
                                                  '"Назар: KS KH KD 10H JH 5C 9S 6D 3S AH" up=XX'),
    ],
    "scorekeeper/core/variants/gin/oneline.py": [
        ("gin.card_count", "gin", 'hand "Оля: 7H 8H 9H knock" "Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"'),
        ("gin.nothing_given", "gin", 'hand "Оля: knock" "Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"'),
        ("gin.oneline.big_without_knock", "gin", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D 6D big" '
                                                 '"Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"'),
        ("gin.oneline.upcard_in_part", "gin oklahoma", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock up=7S" '
                                                       '"Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"'),
        ("gin.oneline.upcard_twice", "gin oklahoma", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" '
                                                     '"Назар: KS KH KD 10H JH 5C 9S 6D 3S AH" up=7S up=8S'),
        ("gin.oneline.word_twice", "gin", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" '
                                          '"Назар: KS KH KD 10H JH 5C 9S 6D 3S AH knock"'),
    ],
    "scorekeeper/core/variants/gin/options.py": [
        ("gin.spades_without_oklahoma", "", "new gin Оля Назар --rule spades_double=true"),
    ],
    "scorekeeper/core/variants/gin/score.py": [
        ("gin.ace_high_run", "gin", write("h.json", GIN % ('"melds": ["QH KH AH", "QS QD QC", "2C 3C 4C"], "hand": "5D"',
                                                           '"hand": 20')), FILE),
        ("gin.card_count_big_gin", "gin", write("h.json", '{"players": {"Оля": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D"},'
                                                      ' "Назар": {"hand": 20}}, "knock": "Оля", "big_gin": true}\n'),
         FILE),
        ("gin.card_count_eleven", "gin", write("h.json", '{"players": {"Оля": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D 6D"},'
                                                     ' "Назар": {"hand": 20}}, "knock": "Оля"}\n'), FILE),
        ("gin.card_twice", "gin", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" "Назар: KS KH KD 10H JH 5C 9S 6D 3S 7H"'),
        ("gin.illegal_meld", "gin", write("h.json", GIN % ('"melds": ["7H 8H", "QS QD QC", "2C 3C 4C"], "hand": "5D 9S"', '"hand": 20')), FILE),
        ("gin.joker", "gin", 'hand "Оля: 7H 8H JK QS QD QC 2C 3C 4C 5D knock" "Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"'),
        ("gin.knocker_layoff", "gin", write("h.json", GIN % ('"melds": ["7H 8H 9H", "QS QD QC", "2C 3C 4C"], "layoffs": "10H", "hand": ""', '"hand": 20')), FILE),
        ("gin.layoff_no_fit", "gin", write("h.json", GIN % ('"melds": ["7H 8H 9H", "QS QD QC", "2C 3C 4C"], "hand": "5D"', '"melds": ["KS KH KD"], "layoffs": "5S", "hand": "10H JH 6D 3S AH 9S"')), FILE),
        ("gin.layoff_on_paper", "gin", write("h.json", GIN % ('"hand": 5', '"melds": ["KS KH KD"], "layoffs": "10H", "hand": "JH 5C 9S 6D 3S AH"')), FILE),
        ("gin.layoffs_apart", "gin", direct("gin.layoffs_apart", player="Назар", cards=[_card("10H"), _card("6H")], knocker="Оля")),
        ("gin.layoffs_not_together", "gin", direct("gin.layoffs_not_together", player="Назар", cards=[_card("10H"), _card("6H")], knocker="Оля")),
        ("gin.not_a_meld", "gin", direct("gin.not_a_meld", player="Оля", cards=[_card("7H"), _card("8S"), _card("9H")])),
        ("gin.points_over_hand", "gin", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" "Назар: -150"'),
        ("gin.two_players", "", direct("gin.two_players", count=3)),
        ("gin.upcard_missing", "gin oklahoma", 'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" '
                                               '"Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"'),
        ("gin.void_layoff", "gin", write("h.json", '{"players": {"Оля": {"hand": 30}, "Назар": {"melds": ["KS KH KD"], "layoffs": "10H", "hand": "JH 5C 9S 6D 3S AH"}}, "stock_exhausted": true}\n'), FILE),
    ],
    "scorekeeper/core/variant_results.py": [
        ("variant.bad_players", "", lambda shot: _life(shot, "bad_players")),
        ("variant.bad_result", "", lambda shot: _life(shot, "bad_result")),
        ("variant.bad_score", "", lambda shot: _life(shot, "bad_score")),
    ],
    "scorekeeper/core/variants/rummy500.py": [
        ("layoff.ace_ambiguous", "rummy500",
         'hand "Оля: 2H 3H 4H, JH QH KH +AH -" "Назар: -KD" "Зоя: -9D"'),
        ("layoff.no_melds", "rummy500", 'hand "Оля: 40 -3C" "Назар: +7H -" "Зоя: -9D"'),
        ("meld.whole_suit_ace", "rummy500", 'hand "Оля: AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH -" "Назар: -KD" "Зоя: -9D"'),
        ("rule.duplicates_need_two_decks", "", direct("rule.duplicates_need_two_decks", players=2)),
        ("rule.too_few_decks", "", "new rum500 Оля Назар Зоя Тарас Кіра Ілля Ян Ніна --rule decks=1"),
    ],
    "scorekeeper/storage/commit.py": [
        ("store.folder_replaced", "rummy500", direct("store.folder_replaced", path="db")),
        ("store.saved_not_finished", "rummy500", direct("store.saved_not_finished", path="db",
                                                        strerror=_os("ENOSPC"))),
        ("store.unfinished", "rummy500", direct("store.unfinished", path="db", strerror=_os("ENOSPC"))),
    ],
    "scorekeeper/storage/config.py": [
        ("config.bad_toml", "", write(".config/scorekeeper/config.toml", 'variant = "gin\n'), "config list"),
        ("config.not_list", "", write(".config/scorekeeper/config.toml", 'players = "Оля"\n'), "config list"),
        ("config.not_text", "", write(".config/scorekeeper/config.toml", 'variant = 5\n'), "config list"),
        ("config.not_unicode", "", write(".config/scorekeeper/config.toml", b'variant = "\xe9"\n'), "config list"),
        ("config.number_too_long", "", write(".config/scorekeeper/config.toml", "variant = " + "9" * 5000 + "\n"),
         "config list"),
        ("config.unknown_key", "", write(".config/scorekeeper/config.toml", 'colour = "red"\n'), "config list"),
        ("config.unreadable", "", direct("config.unreadable", path="~/.config/scorekeeper/config.toml", reason=_os("EACCES"))),
        ("config.directory", "", folder(".config/scorekeeper/config.toml"), "config list"),
        ("config.special", "", special(".config/scorekeeper/config.toml"), "config list"),
        ("config.too_big", "", write(".config/scorekeeper/config.toml", b"# " + b"x" * 300_000 + b"\n"), "config list"),
        ("config.too_deep", "", write(".config/scorekeeper/config.toml", b"rules = " + b"[" * 5000 + b"]" * 5000 + b"\n"),
         "config list"),
        ("config.unwritable", "", direct("config.unwritable", path="~/.config/scorekeeper/config.toml",
                                         reason=_os("EROFS"))),
    ],
    "scorekeeper/storage/files.py": [
        ("store.damaged", "rummy500 played", damage("sessions/*"), "standings"),
        ("store.unreadable", "rummy500 played", direct("store.unreadable", path="db/sessions/x.json", strerror=_os("EIO"))),
    ],
    "scorekeeper/storage/lock.py": [
        ("store.busy", "rummy500 played", direct("store.busy", path="db", seconds=10)),
        ("store.lock_failed", "rummy500 played", direct("store.lock_failed", path="db", strerror=_os("ENOLCK"))),
    ],
    "scorekeeper/storage/maintenance.py": [
        ("check.differs", "rummy500 played", lambda shot: _edit_index(shot), "db check"),
        ("check.no_longer_scores", "rummy500 played", lambda shot: _edit_session(shot, "refused"), "db check"),
        ("check.setup_unreadable", "rummy500 played", direct("check.setup_unreadable", error="ValueError", detail="players")),
        ("check.total_back", "rummy500 played", direct("check.total_back", player="Оля", before=49, after=9)),
        ("restore.changed", "rummy500 played", direct("restore.changed")),
        ("restore.lacks", "rummy500 played", direct("restore.lacks", count=2, session="3f9a2c1d", hands=[3, 4])),
        ("restore.no_database", "", "db restore"),
        ("restore.no_good_copy", "rummy500", direct("restore.no_good_copy", session="3f9a2c1d")),
        ("restore.no_such_id", "rummy500", "db restore --session ffff"),
        ("restore.other_version", "rummy500 played", direct("restore.other_version", count=1, session="3f9a2c1d", hands=[2])),
        ("store.folder_unreadable", "", direct("store.folder_unreadable", path="db", strerror=_os("EACCES"))),
        ("store.path_is_file", "", direct("store.path_is_file", path="db")),
        ("restore.waiting", "rummy500", direct("restore.waiting", session="3f9a2c1d", variant="knock")),
    ],
    "scorekeeper/storage/migrations.py": [
        ("store.newer", "rummy500 played", lambda shot: _edit_session(shot, "newer"), "standings"),
    ],
    "scorekeeper/storage/store.py": [
        ("store.ambiguous_id", "two sessions", direct("store.ambiguous_id", prefix="3", ids=["3f9a2c1d", "3b07e5aa"])),
        ("store.cannot_create", "", direct("store.cannot_create", path="db", strerror=_os("EACCES"))),
        ("store.cannot_save", "rummy500", direct("store.cannot_save", session="3f9a2c1d", reason=_os("EIO"))),
        ("db.nul", "", direct("db.nul", where="SCOREKEEPER_DB")),
        ("store.folder_link", "rummy500", lambda shot: _folder_link(shot), "standings"),
        ("store.empty_id", "rummy500", "standings --session ''"),
        ("store.index_missing", "rummy500 played", remove("index.json"), "standings"),
        ("store.no_current", "", "standings"),
        ("store.no_such_session", "rummy500", "standings --session ffff"),
        ("store.not_an_id", "rummy500", direct("store.not_an_id", given="../x")),
        ("store.index_emptied", "rummy500 played", lambda shot: _empty_index(shot), "standings"),
        ("store.session_missing", "rummy500 played", remove("sessions/*"), "standings"),
        ("store.unwritable", "rummy500", direct("store.unwritable", path="db/sessions/x.json", strerror=_os("ENOSPC"))),
    ],
}

#: a Canasta hand file of Оля+Зоя against Назар+Ірина, the stock ran out: Оля's part and the rest
#: of the hand (``%s`` each, JSON)
CANASTA = ('{"players": {"Оля": {%s}, "Зоя": {"hand": "5S"}, "Назар": {"hand": "4C"}, "Ірина": {"hand": "5C"}}'
           '%s}\n')
#: the other three parts of a Canasta hand on one line, the stock ran out
CANASTA_REST = '"Зоя: -5S" "Назар: -4C" "Ірина: -5C" stock'

TRIGGERS.update({
    "scorekeeper/core/variants/canasta/codec.py": [
        ("canasta.hand.red_three", "canasta", 'hand "Оля: KS KH KD -3H" ' + CANASTA_REST),
        ("canasta.points.too_large", "canasta", 'hand "Оля: 20000 out" "Назар: 0"'),
        ("canasta.prompt.yes_or_no", "canasta two",
         prompt(["KS KS KH KH KD KD KC", "", "out", "", "", "4C", "може"])),
        ("canasta.red_threes.count", "canasta", write("h.json", CANASTA % ('"melds": "KS KH KD", "red_threes": 5, '
                                                                           '"hand": "4S"', ', "stock_exhausted": true')),
         FILE),
        ("canasta.red_threes.not_red_three", "canasta",
         write("h.json", CANASTA % ('"melds": "KS KH KD", "red_threes": "3S", "hand": "4S"', ', "stock_exhausted": true')),
         FILE),
        ("canasta.side.rank_twice", "canasta", 'hand "Оля: KS KH KD, KC KS JK -4S" ' + CANASTA_REST),
    ],
    "scorekeeper/core/variants/canasta/entry.py": [
        ("canasta.concealed_type", "canasta",
         write("h.json", CANASTA % ('"melds": "KS KH KD", "hand": "4S"', ', "stock_exhausted": true, "concealed": "так"')),
         FILE),
        ("canasta.concealed_without_out", "canasta", 'hand "Оля: KS KH KD -4S" concealed ' + CANASTA_REST),
        ("canasta.concealed_and_stock", "canasta", 'hand "Оля: KS KH KD -4S concealed" ' + CANASTA_REST),
        ("canasta.hand.points", "canasta",
         write("h.json", CANASTA % ('"melds": "KS KH KD", "hand": 12', ', "stock_exhausted": true')), FILE),
        ("canasta.hand.type", "canasta",
         write("h.json", CANASTA % ('"melds": "KS KH KD", "hand": true', ', "stock_exhausted": true')), FILE),
        ("canasta.hand_missing", "canasta", 'hand "Оля: KS KH KD -4S" "Зоя:" "Назар: -4C" "Ірина: -5C" stock'),
        ("canasta.no_ending", "canasta", 'hand "Оля: KS KH KD -4S" "Зоя: -5S" "Назар: -4C" "Ірина: -5C"'),
        ("canasta.out_without_canastas", "canasta", 'hand "Оля: KS KH KD -" "Зоя: -5S" "Назар: -4C" "Ірина: -5C"'),
        ("canasta.points.and_cards", "canasta",
         write("h.json", CANASTA % ('"points": 100, "hand": "4S"', ', "stock_exhausted": true')), FILE),
        ("canasta.points.partner", "canasta", 'hand "Оля: 100 out" "Зоя: -5S" "Назар: 0"'),
        ("canasta.points.type", "canasta",
         write("h.json", CANASTA % ('"points": "сто"', ', "stock_exhausted": true')), FILE),
        ("canasta.red_threes.too_many", "canasta",
         'hand "Оля: KS KH KD r3=3 -4S" "Зоя: -5S" "Назар: r3=2 -4C" "Ірина: -5C" stock'),
        ("canasta.red_threes.type", "canasta",
         write("h.json", CANASTA % ('"melds": "KS KH KD", "red_threes": true, "hand": "4S"', ', "stock_exhausted": true')),
         FILE),
        ("canasta.side.black_threes", "canasta", 'hand "Оля: 3S 3C 3S -4S" ' + CANASTA_REST),
    ],
    "scorekeeper/core/variants/canasta/oneline.py": [
        ("canasta.oneline.hand_missing", "canasta", 'hand "Оля: KS KH KD" ' + CANASTA_REST),
        ("canasta.oneline.not_a_side", "canasta", 'hand "Оля+Назар: KS KH KD -4S" ' + CANASTA_REST),
        ("canasta.oneline.red_threes", "canasta", 'hand "Оля: KS KH KD r3=9 -4S" ' + CANASTA_REST),
        ("line.no_name", "canasta", 'hand "Оля KS KH KD -4S" ' + CANASTA_REST),
    ],
    "scorekeeper/core/variants/canasta/variant.py": [
        ("canasta.teams.four_only", "", "new canasta Оля Назар Зоя --teams Оля+Назар,Зоя"),
        ("canasta.teams.two_of_two", "", "new canasta Оля Назар Зоя Ірина --teams Оля+Назар+Зоя,Ірина"),
    ],
})
TRIGGERS["scorekeeper/core/rulebook/deals.py"] += [
    ("teams.not_for_variant", "", "new rummy500 Оля Назар --teams Оля+Назар"),
]
TRIGGERS["scorekeeper/core/game.py"] += [
    ("carry.not_a_side", "", "new canasta Оля Назар Зоя Ірина --carry Оля+Назар=100"),
    ("carry.partners_differ", "", direct("carry.partners_differ", players=["Оля", "Зоя"])),
    ("carry.side_needed", "", "new canasta Оля Назар Зоя Ірина --carry Оля=100"),
    ("teams.empty", "", "new canasta Оля Назар Зоя Ірина --teams ,"),
    ("teams.player_missing", "", direct("teams.player_missing", players=["Ірина"])),
    ("teams.player_twice", "", "new canasta Оля Назар Зоя Ірина --teams Оля+Зоя,Назар+Оля"),
    ("teams.unknown_player", "", "new canasta Оля Назар Зоя Ірина --teams Оля+Зоя,Назар+Максим"),
]

#: a pool of Indian Rummy (pool101) three deals in: Назар out at 110 after deal 2 and back at 66,
#: out again at 106 after deal 3 (Оля 0, Зоя 65 then 70)
INDIAN_POOL = ["new indian Оля Назар Зоя --rule game=pool101",
               'hand "Оля: 0 show" "Назар: -80" "Зоя: -60"',
               'hand "Оля: 0 show" "Назар: -30" "Зоя: -5"',
               "rejoin Назар",
               'hand "Оля: 0 show" "Назар: -40" "Зоя: -5"']
#: a valid show of Оля's, sevens wild (2-3-4♥ pure, 5♠ 6♠ 7♣ with the wild 7♣, three nines, three kings
#: and the joker)
SHOW = "Оля: 2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK show"
#: an Indian Rummy hand file, sevens wild, Зоя declared on paper: Оля's part (``%s``, JSON) and the rest
INDIAN = '{"wild": "7", "players": {"Оля": {%s}, "Назар": {"hand": 25}, "Зоя": {"hand": 0}}, "out": "Зоя"%s}\n'

SETUPS.update({
    "indian": ["new indian Оля Назар Зоя"],
    "indian pool": INDIAN_POOL[:3],
    "indian pool rejoined": INDIAN_POOL,
    "indian pool just rejoined": INDIAN_POOL[:4],  # the rejoin the last change: no deal after it
    "indian pool four": ["new indian Оля Назар Зоя Тарас --rule game=pool101",
                         'hand "Оля: 0 show" "Назар: -30" "Зоя: -20" "Тарас: -10"'],
    "indian pool no rejoin": ["new indian Оля Назар Зоя --rule game=pool101 --rule rejoin=false",
                              'hand "Оля: 0 show" "Назар: -80" "Зоя: -60"', 'hand "Оля: 0 show" "Назар: -30" "Зоя: -5"'],
    # Зоя out at 120 after deal 2 while Назар, still in, is at 85: above 79, too late to rejoin
    "indian pool far ahead": ["new indian Оля Назар Зоя --rule game=pool101",
                              'hand "Оля: 0 show" "Назар: -80" "Зоя: -60"', 'hand "Оля: 0 show" "Назар: -5" "Зоя: -60"'],
    "indian pool over": ["new indian Оля Назар --rule game=pool101", 'hand "Оля: 0 show" "Назар: -80"',
                         'hand "Оля: 0 show" "Назар: -80"'],
    "indian points played": ["new indian Оля Назар Зоя", 'hand "Оля: 0 show" "Назар: -30" "Зоя: -20"'],
})

TRIGGERS["scorekeeper/app/application.py"] += [
    ("session.version_differs.explain", "", lambda shot: _life(shot, "explain")),
    ("session.version_refuses", "", lambda shot: _life(shot, "refuses")),
]
TRIGGERS["scorekeeper/app/audit.py"] += [
    ("explain.no_hands.deal", "indian", "explain"),
]
TRIGGERS["scorekeeper/app/exporting.py"] += [
    ("import.record.variant", "rummy500 played", "export --format json -o game.json --force",
     lambda shot: _edit_export(shot, "variant"), "import game.json --as-new"),
]
TRIGGERS["scorekeeper/app/games.py"] += [
    ("session.refused", "", lambda shot: _life(shot, "refused")),
    ("session.version_differs", "", lambda shot: _life(shot, "differs")),
    ("session.version_differs.change", "", lambda shot: _life(shot, "change")),
]
TRIGGERS["scorekeeper/app/sessions.py"] += [
    ("event.no_deal_yet", "indian pool four", "new indian Оля Назар Зоя --rule game=pool101", "rejoin Назар"),
    ("event.not_in_variant.split", "rummy500 played", "end"),
    ("event.not_in_variant.rejoin", "rummy500 played", "rejoin Назар"),
    ("session.nothing_to_undo.deal", "indian", "undo --yes"),
]
TRIGGERS["scorekeeper/core/check.py"] += [
    ("check.wild_not_needed", "", 'check rummy500 "QS KS AS" --wild 7'),
]
TRIGGERS["scorekeeper/core/game.py"] += [
    ("event.after_missing_deal", "indian pool", "rejoin Назар",
     lambda shot: _edit_session(shot, "event_after"), "standings"),
    ("event.out_of_place", "indian pool rejoined", lambda shot: _edit_session(shot, "event_early"), "db check"),
]
TRIGGERS["scorekeeper/app/games.py"] += [
    ("session.events_changed_outside", "indian pool just rejoined",
     lambda shot: _edit_session(shot, "event_removed"), "standings"),
]
TRIGGERS["scorekeeper/storage/maintenance.py"] = TRIGGERS.get("scorekeeper/storage/maintenance.py", []) + [
    ("check.events_differ", "indian pool just rejoined", lambda shot: _edit_session(shot, "event_removed"), "db check"),
]
TRIGGERS["scorekeeper/app/exporting.py"] += [
    ("import.events_differ", "indian pool just rejoined", "export --format json -o game.json --force",
     lambda shot: _edit_export(shot, "events"), "import game.json --as-new"),
]
TRIGGERS["scorekeeper/core/rulebook/codec.py"] += [
    ("check.wild_not_a_rank", "", 'check indian "2H 3H 4H" --wild X',
     direct("check.wild_not_a_rank", wild="X", why="only a variant from elsewhere whose wild rank is cut reads it"
            " with the common reader: Indian Rummy reads its own, as above")),
]
TRIGGERS.update({
    "scorekeeper/app/rescoring.py": [
        ("rescore.changed", "", lambda shot: _life(shot, "rescore_changed")),
    ],
    "scorekeeper/app/scorer.py": [
        ("session.needs_package", "", lambda shot: _life(shot, "uninstalled")),
        ("session.needs_variant", "", lambda shot: _life(shot, "unrecorded")),
        ("variant.broke", "", lambda shot: _life(shot, "broke")),
        ("variant.broke.bare", "", lambda shot: _life(shot, "broke_bare")),
    ],
    "scorekeeper/cli/commands/events.py": [
        ("cli.end.how", "indian pool", "end"),
        ("cli.ask.split.no_terminal", "indian pool", "end --split"),
    ],
    "scorekeeper/core/variants/indian/codec.py": [
        ("indian.line.comma_out_of_place", "indian", 'hand wild=7 "Оля: 2H 3H 4H -5S, 6S show" "Назар: -10" "Зоя: -10"'),
        ("indian.line.no_name", "indian", 'hand wild=7 "Оля" "Назар: -10" "Зоя: -10"'),
        ("indian.line.nothing", "indian", 'hand wild=7 "Оля:" "Назар: -10 show" "Зоя: -10"'),
        ("indian.line.points_out_of_place", "indian", 'hand wild=7 "Оля: 2H 3H 40 -3C" "Назар: -10 show" "Зоя: -10"'),
        ("indian.line.wild_twice", "indian", 'hand wild=7 wild=8 "Оля: -10" "Назар: 0 show" "Зоя: -10"'),
        ("indian.prompt.no_declarer", "indian", prompt(["7", "-10", "-20", "-30", ""])),
        ("line.player_twice", "indian", 'hand wild=7 "Оля: -10" "Назар: 0 show" "Назар: 0 show" "Зоя: -10"'),
    ],
    "scorekeeper/core/variants/indian/deals.py": [
        ("indian.event.no_deal_yet", "indian pool four",
         direct("indian.event.no_deal_yet", kind="rejoin",
                why="the command and the storage refuse an event before the first deal before the rules see it")),
        ("indian.rejoin.in_play", "indian pool", "rejoin Зоя"),
        ("indian.rejoin.off", "indian pool no rejoin", "rejoin Назар"),
        ("indian.rejoin.once", "indian pool rejoined", "rejoin Назар"),
        ("indian.rejoin.too_late", "indian pool far ahead", "rejoin Зоя"),
        ("indian.rejoin.who", "indian pool",
         direct("indian.rejoin.who", name="Максим", players=["Оля", "Назар", "Зоя"],
                why="the command and the storage refuse a name that is no player's before the rules see it")),
        ("indian.split.players", "indian pool four", "end --split --yes"),
        ("indian.rejoin.not_pool", "indian points played", "rejoin Назар"),
        ("indian.split.not_pool", "indian points played", "end --split --yes"),
        ("indian.rejoin.game_over", "indian pool over", "rejoin Назар"),
        ("indian.split.game_over", "indian pool over", "end --split --yes"),
    ],
    "scorekeeper/core/variants/indian/entry.py": [
        ("indian.drop_and_wrong", "indian", 'hand wild=7 "Оля: drop wrong" "Назар: 0 show" "Зоя: -10"'),
        ("indian.drop_value", "indian", write("h.json", INDIAN % ('"drop": "last"', "")), FILE),
        ("indian.left_shows_cards", "indian", write("h.json", INDIAN % ('"drop": "first", "melds": ["7H 8H 9H"]', "")),
         FILE, 'hand wild=7 "Оля: drop 5H 6H" "Назар: 0 show" "Зоя: -10"'),
        ("indian.player_missing", "indian",
         write("h.json", '{"wild": "7", "players": {"Оля": {"hand": 5}, "Назар": {"hand": 0}}, "out": "Назар"}\n'),
         FILE),
        ("indian.points_and_melds", "indian", write("h.json", INDIAN % ('"hand": 5, "melds": ["7H 8H 9H"]', "")), FILE),
        ("indian.unknown_player_key", "indian", write("h.json", INDIAN % ('"hand": 5, "bonus": 1', "")), FILE),
        ("indian.unknown_top_key", "indian", write("h.json", INDIAN % ('"hand": 5', ', "dealer": "Оля"')), FILE),
        ("indian.wild_not_rank", "indian", write("h.json", INDIAN.replace('"7"', '"X"') % ('"hand": 5', "")), FILE),
        ("indian.wrong_value", "indian", write("h.json", INDIAN % ('"wrong": "так"', "")), FILE),
    ],
    "scorekeeper/core/variants/indian/options.py": [
        ("indian.deals_for_points", "", "new indian Оля Назар --rule game=pool101 --rule deals=3"),
        ("indian.no_play_on", "", "new indian Оля Назар --rule tie=play-on"),
    ],
    "scorekeeper/core/variants/indian/scoring.py": [
        ("indian.declare.arranged", "indian",
         'hand wild=7 "Оля: 2H 3H 4H 5S, 6S 7C 9D, 9C 9S KH, KD KS JK show" "Назар: -10" "Зоя: -10"'),
        ("indian.declare.illegal", "indian",
         'hand wild=7 "Оля: 2H 3H 4H, 5S 6S 7S, 9D 9C 9S, KH KD KS 8D show" "Назар: -10" "Зоя: -10"'),
        ("indian.declare.cards", "indian", 'hand wild=7 "Оля: 2H 3H 4H show" "Назар: -10" "Зоя: -10"'),
        ("indian.empty_part", "indian", write("h.json", INDIAN % ("", "")), FILE),
        ("indian.everyone_left", "indian", 'hand wild=7 "Оля: drop" "Назар: wrong" "Зоя: middle"'),
        ("indian.last_in_not_last", "indian", 'hand wild=7 "Оля: show" "Назар: drop" "Зоя: -10"'),
        ("indian.loser_cards", "indian", f'hand wild=7 "{SHOW}" "Назар: 2C 3C 4C -5D" "Зоя: -10"'),
        ("indian.nobody_declared", "indian", 'hand wild=7 "Оля: -10" "Назар: -20" "Зоя: -30"'),
        ("indian.out_holds_cards", "indian",
         'hand wild=7 "Оля: 2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS -JK show" "Назар: -10" "Зоя: -10"'),
        ("indian.out_left", "indian", 'hand wild=7 "Оля: drop show" "Назар: -10" "Зоя: -10"'),
        ("indian.out_with_points", "indian", 'hand wild=7 "Оля: -10 show" "Назар: -10" "Зоя: -10"'),
        ("indian.points_over", "indian", 'hand wild=7 "Оля: -90" "Назар: 0 show" "Зоя: -10"'),
        ("indian.two_declarers", "indian",
         'hand wild=7 "Оля: 2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK" '
         '"Назар: 2C 3C 4C, 5C 6C 7C, 9H 9S 9D, QH QD QS JK" "Зоя: -10"'),
        ("indian.wild_missing", "indian", f'hand "{SHOW}" "Назар: -10" "Зоя: -10"'),
    ],
    "scorekeeper/core/variants/indian/variant.py": [
        ("indian.carry_chips", "", "new indian Оля Назар --rule game=deals2 --carry Оля=10"),
        ("indian.carry_limit", "", "new indian Оля Назар Зоя --rule game=pool101 --carry Оля=101 --carry Назар=101"),
    ],
})



# -- steps that change a file -----------------------------------------------------------------------

def _session_file(shot: Any) -> Path:
    return sorted((shot.home.db / "sessions").glob("*.json"))[0]


def _edit_session(shot: Any, how: str) -> None:
    """Change the first session's file as only a hand outside scorekeeper could."""
    import json

    path = _session_file(shot)
    doc = json.loads(path.read_text(encoding="utf-8"))
    record = doc["session"]["1"]
    if how == "trail":
        record["audit"][0]["entry"] = {"players": {name: {"hand": "", "melds": [], "colour": "red"}
                                                   for name in record["players"]}}
    elif how in ("refused", "rules"):
        if how == "refused":
            record["hands"][0]["entry"]["players"][record["players"][0]] = {"melds": ["7H 8H"], "hand": ""}
        else:
            record["rules"]["target"] = -5
    elif how == "changed":  # a card of the first hand changed, the hand still legal: only the trail tells
        record["hands"][0]["entry"]["players"][record["players"][0]]["hand"] = "2S"
        record.pop("derived", None)
    elif how == "setup":
        record["players"] = 5
    elif how == "total":
        scores = record["derived"]["hands"][0]["scores"]
        scores[next(iter(scores))] += 40
    elif how == "after_end":
        record["hands"].append(json.loads(json.dumps(record["hands"][-1])))
    elif how == "newer":
        doc["_meta"]["1"]["schema"] = 999
    elif how == "unrecorded":  # made before sessions recorded their package
        record.pop("package", None)
    elif how == "no_numbers":  # made before sessions kept their numbers
        record.pop("derived", None)
    elif how == "event_after":  # the rejoin moved after a deal not played
        record["events"][0]["after"] = 9
    elif how == "event_early":  # a copy of the rejoin after deal 2 put after deal 1, behind it
        record["events"].append({**record["events"][0], "after": 1})
    elif how == "event_removed":  # the rejoin taken out, its record of the trail kept: only the trail tells
        record.pop("events", None)
        record.pop("derived", None)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    shot.lines.append(f"## the session's file is changed by hand ({how})")


def _edit_index(shot: Any) -> None:
    import json

    path = shot.home.db / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(doc, ensure_ascii=False)
    text = text.replace('"rummy500"', '"gin"', 1)
    path.write_text(text, encoding="utf-8")
    shot.lines.append("## the index is changed by hand (a session's variant)")


def _folder_link(shot: Any) -> None:
    """The database's sessions folder moved aside and a symbolic link to it put in its place."""
    import os

    sessions = shot.home.db / "sessions"
    sessions.rename(shot.home.db / "elsewhere")
    os.symlink("elsewhere", sessions)
    shot.lines.append("$ mv db/sessions db/elsewhere && ln -s elsewhere db/sessions")


def _empty_index(shot: Any) -> None:
    """The index emptied of its sessions (its rows gone), the session files left."""
    import json

    path = shot.home.db / "index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    index["sessions"] = {}
    path.write_text(json.dumps(index), encoding="utf-8")
    shot.lines.append("## the database's index is emptied of its sessions")


def _edit_export(shot: Any, how: str) -> None:
    import json

    path = shot.home.home / "game.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    session = doc["sessions"][0]
    if how == "invalid":
        session["hands"] = 5
    elif how == "refused":
        session["rules"]["target"] = -5
    elif how == "hand_refused":
        session["hands"][0]["entry"] = {"players": {"Оля": {"melds": ["7H 8H"], "hand": ""}, "Назар": {"hand": ""},
                                                    "Зоя": {"hand": "KD"}}}
    elif how == "after_end":
        session["hands"].append(json.loads(json.dumps(session["hands"][-1])))
    elif how == "trail":
        session["hands"][0]["entry"]["players"]["Оля"]["hand"] = "2C"
    elif how == "variant":  # a variant not installed here
        session["variant"] = "bridge"
    elif how == "events":  # the rejoin taken out, its record of the trail kept
        session.pop("events", None)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    shot.lines.append(f"## the exported file is changed by hand ({how})")


def _meanwhile(shot: Any, what: str) -> None:
    """A change made by another command while this one's question is open."""
    from gallery import ask_at_terminal

    if what == "hand":
        ask_at_terminal(shot, ["7H 8H 9H", "", "AS", "", "", "{out}", "", "", "KD", "{yes}"],
                        meanwhile='hand "Оля: 2H 3H 4H -" "Назар: -KD" "Зоя: -9D"')
    else:
        ask_at_terminal(shot, ["{yes}"], command="undo",
                        meanwhile='hand "Оля: 2H 3H 4H -" "Назар: -KD" "Зоя: -9D"')


def _port_taken(shot: Any) -> None:
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        shot.run(f"serve --port {port}")
    finally:
        taken.close()
    shot.lines[:] = [line.replace(str(port), "8765") for line in shot.lines]


def _ambiguous(shot: Any) -> None:
    import json

    ids = json.loads(shot.home.run("scorekeeper sessions --json")[1])
    rows = ids if isinstance(ids, list) else ids.get("sessions", [])
    first = [r.get("id", "") for r in rows]
    prefix = first[0][:1] if first else "0"
    shot.run(f"standings --session {prefix}")

TRIGGERS["scorekeeper/app/club.py"] = [
    ("players.unknown", "finished", "players show Максим"),
    ("players.unknown.near", "finished", "players show оля"),
    ("players.same_name", "finished", "players rename Оля Оля"),
    ("players.empty_name", "finished", "players rename Оля ' '"),
    ("players.rename_taken", "finished", "players rename Оля Назар"),
    ("players.same_table", "finished", "players merge Оля Назар"),
    ("players.nothing_to_undo", "", "players undo"),
    ("season.best", "", "season new весна --best 0"),
    ("season.min_games", "", "season new весна --min-games=-1"),
    ("season.date", "", "season new весна --from 2026-13-01"),
    ("season.dates", "", "season new весна --from 2026-05-01 --to 2026-03-01"),
    ("season.unknown.none", "", "season standings весна"),
    ("season.unknown", "finished", "season new весна", "season standings літо"),
    ("season.exists", "finished", "season new осінь", "season new осінь"),
    ("season.empty_name", "", "season new ' '"),
    ("season.unfinished", "rummy500", "season new зима", lambda shot: shot.run(f"season add зима {_id(shot)}")),
    ("evening.none", "", "evening next"),
    ("evening.empty_title", "", "evening new ' ' --variant gin --players Оля Назар"),
    ("evening.twice", "", "evening new Вечір --variant gin --players Оля Назар оля Зоя"),
    ("evening.no_variant", "", "evening new Вечір --players Оля Назар Зоя"),
]
TRIGGERS["scorekeeper/core/club.py"] = [
    ("season.points", "", "season new весна --points 4,6"),
    ("season.tiebreak", "", "season new весна --tiebreak удача"),
    ("evening.too_few", "", "evening new Вечір --variant canasta --players Оля"),
    ("evening.cannot_seat.exact", "", "evening new Вечір --variant gin --players Оля Назар Зоя"),
    ("evening.cannot_seat", "", direct("evening.cannot_seat", "only a variant from elsewhere whose tables seat from 4 "
                                       "to 6 and no 3 leaves 7 players unseated", count=7, least=4, most=6)),
]
TRIGGERS["scorekeeper/app/exporting.py"] += [
    ("import.club", "", lambda shot: write("export.json", '{"format": "scorekeeper-export", "schema": 1, '
                                           '"exported": "2026-01-01T00:00:00+00:00", "club": {"club": 2}, '
                                           '"sessions": []}')(shot), direct("import.club", file="export.json")),
]
TRIGGERS["scorekeeper/storage/club.py"] = [
    ("store.reason.club.roster", "rummy500", "players merge Оля Назар",
     damage("club.json", '{"club": 1, "roster": [{}]}'), "players"),
]
TRIGGERS["scorekeeper/app/club_export.py"] = [
    ("export.season_format", "finished", "season new осінь", "export --season осінь --format json"),
    ("export.season_and_sessions", "finished", "season new осінь", "export --season осінь --all"),
]
TRIGGERS["scorekeeper/app/exporting.py"] += [
    ("export.html_needs_season", "finished", "export html"),
]
TRIGGERS["scorekeeper/storage/club.py"] += [
    ("store.club_damaged", "rummy500", "players merge Оля Назар", damage("club.json", '{"club": 1, "evenings": [7]}'),
     "season list"),
    ("store.reason.club", "rummy500", damage("club.json", '{"club": 2}'), "ratings"),
]

# -- a variant's life: a variant from elsewhere installed, changed, uninstalled ----------------------

#: Tens, the small variant from elsewhere of the tests (tests/fixtures/plugins/tens): each hand each
#: player scores FACTOR × (points on the table − points left in hand)
TENS = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "plugins" / "tens" / "scorekeeper_tens.py"
#: what the gallery's versions of Tens do wrong, by the points on the table of a player: 11 gives no
#: result, 12 scores a stranger, 14 scores half a point, 15 raises an error with nothing to say, 20
#: refuses the hand (a version that refuses what an older one took)
FAULTS = """
        tables = {part.table for part in entry.players.values()}
        if 11 in tables:
            return None
        if 12 in tables:
            return HandResult({"Максим": next(iter(scores.values()))})
        if 14 in tables:
            name = next(iter(scores))
            half = PlayerScore(name, points_only=True)
            half.add(0.5, "tens.line", "tens", "table", amount=0.5, factor=FACTOR)
            return HandResult({**scores, name: half})
        if 15 in tables:
            raise RuntimeError()
        if REFUSE and 20 in tables:
            from scorekeeper.api import InputError
            raise InputError("card.not_a_card", token="20")
        return HandResult(scores)
"""


class Site(PluginSite):
    """A folder on ``sys.path`` where packages are laid out as pip installs them
    (:class:`scorekeeper.testing.PluginSite`), with the Tens example at a version."""

    def tens(self, version: str = "0.1", factor: int = 1, refuse: bool = False) -> None:
        source = TENS.read_text(encoding="utf-8").replace("FACTOR = 1\n", f"FACTOR = {factor}\nREFUSE = {refuse}\n")
        source = source.replace("        return HandResult(scores)\n", FAULTS, 1)
        self.install("scorekeeper-tens", version, "scorekeeper_tens", source, {"tens": "scorekeeper_tens:VARIANT"})

    def close(self) -> None:
        from scorekeeper.core import messages

        super().close()
        for code in [c for c in messages.TEMPLATES if c.startswith(("tens.", "section.tens"))]:
            del messages.TEMPLATES[code]


#: a plugin whose module loads itself while it is imported, then names another object
TWINS = """
from dataclasses import replace
from scorekeeper.core.variants import every_variant
every_variant()
VARIANT = replace(VARIANT, name="Tens again")
"""


def _life(shot: Any, how: str) -> None:
    """A variant from elsewhere (Tens) installed in a folder on the path, a session played with it,
    and then what ``how`` says: upgraded, uninstalled, failing (each refusal's trigger)."""
    site = Site(shot.home.home / "site")
    shot.dirty = True
    try:
        _life_in(shot, site, how)
    finally:
        site.close()


def _quiet(shot: Any, *lines: str) -> None:
    for line in lines:
        shot.run(line, quiet=True)


#: a game of Tens of two hands: Оля 25 then 10, Назар 10 then 35
TENS_GAME = ("new tens Оля Назар", 'hand "Оля: 30 -5" "Назар: 10 -0"', 'hand "Оля: 20 -10" "Назар: 40 -5"')


def _life_in(shot: Any, site: Site, how: str) -> None:
    note = shot.lines.append
    if how in ("failed", "not_a_variant", "id_mismatch", "id_taken", "clash"):
        if how != "id_taken":
            site.tens("0.1")
        if how == "failed":
            site.install("knock-rummy", "1.0", "knock_rummy", "import knock_rummy_cards\n",
                         {"knock": "knock_rummy:VARIANT"})
            note("## installed: knock-rummy 1.0, whose module imports a module that is not there")
        elif how == "not_a_variant":
            site.install("knock-rummy", "1.0", "knock_rummy", "import scorekeeper_tens as VARIANT\n",
                         {"knock": "knock_rummy:VARIANT"})
            note("## installed: knock-rummy 1.0, whose entry point names a module")
        elif how == "id_mismatch":
            site.install("knock-rummy", "1.0", "knock_rummy", "from scorekeeper_tens import VARIANT\n",
                         {"knock": "knock_rummy:VARIANT"})
            note("## installed: knock-rummy 1.0, whose entry point \"knock\" names the variant \"tens\"")
        elif how == "id_taken":
            site.install("tens-twins", "1.0", "tens_twins", TENS.read_text(encoding="utf-8") + TWINS,
                         {"tens": "tens_twins:VARIANT"})
            note("## installed: tens-twins 1.0, whose module loads the variants as it is imported, then names "
                 "another variant \"tens\"")
        else:
            site.install("clash-plugin", "1.0", "clash_plugin",
                         "from dataclasses import replace\nfrom scorekeeper_tens import VARIANT\n"
                         "GIN = replace(VARIANT, id=\"gin\", aliases=())\n"
                         "TWO = replace(VARIANT, id=\"twos\", aliases=(\"500\", \"twos-game\"))\n",
                         {"gin": "clash_plugin:GIN", "twos": "clash_plugin:TWO"})
            note("## installed: clash-plugin 1.0, with a variant \"gin\" and a variant \"twos\" also called 500")
        shot.run("plugins")
        return
    site.tens("0.1")
    note("## installed: scorekeeper-tens 0.1 (a variant from elsewhere, tests/fixtures/plugins/tens)")
    if how in ("broke", "broke_bare", "bad_result", "bad_players", "bad_score"):
        _quiet(shot, TENS_GAME[0])
        table = {"broke": 13, "broke_bare": 15, "bad_result": 11, "bad_players": 12, "bad_score": 14}[how]
        shot.run(f'hand "Оля: {table} -1" "Назар: 1 -1"')
        return
    _quiet(shot, *TENS_GAME)
    if how == "uninstalled":
        site.uninstall("scorekeeper-tens", "scorekeeper_tens")
        note("## uninstalled: scorekeeper-tens")
        shot.run("sessions")
        shot.run("standings")
        shot.run('hand "Оля: 1 -1" "Назар: 1 -1"')
    elif how == "unrecorded":
        _edit_session(shot, "unrecorded")
        site.uninstall("scorekeeper-tens", "scorekeeper_tens")
        note("## uninstalled: scorekeeper-tens")
        shot.run("standings")
        shot.run("explain")
    elif how == "refused":
        _edit_session(shot, "no_numbers")
        site.install("scorekeeper-tens", "0.2", "scorekeeper_tens", "raise RuntimeError('the deck is missing')\n",
                     {"tens": "scorekeeper_tens:VARIANT"})
        note("## upgraded: scorekeeper-tens 0.2, whose module fails as it is imported")
        shot.run("stats")
        shot.run("export --all --format md")
        shot.run("standings")
    elif how in ("differs", "change", "explain", "rescore_changed"):
        site.tens("0.2", factor=2)
        note("## upgraded: scorekeeper-tens 0.2, which scores every hand twice as much")
        if how == "differs":
            shot.run("standings")
        elif how == "change":
            shot.run('hand "Оля: 1 -1" "Назар: 1 -1"')
        elif how == "explain":
            shot.run("explain 1", foreign=True)
        else:
            _rescore_meanwhile(shot, site)
    elif how == "refuses":
        shot.run('hand "Оля: 20 -1" "Назар: 1 -1"', quiet=True)
        _edit_session(shot, "no_numbers")
        site.tens("0.2", refuse=True)
        note("## upgraded: scorekeeper-tens 0.2, which refuses a hand of 20 on the table")
        shot.run("standings")


def _rescore_meanwhile(shot: Any, site: Site) -> None:
    """``db rescore`` at a terminal, its question answered after another terminal stored the same."""
    from scorekeeper.cli.boundary import for_the_terminal
    from scorekeeper.cli.language import speaking
    from scorekeeper.core.errors import ScorekeeperError

    application = shot.home.application()
    shot.lines.append("$ scorekeeper db rescore")
    with speaking(shot.lang):
        shown = application.rescore_preview(None)
    shot.lines.append("## (what would change is shown, then the question: Store it? [y/N])")
    shot.lines.append("## meanwhile, at another terminal:")
    shot.run("db rescore --yes")
    shot.lines.append("## back at the first terminal: y")
    try:
        with speaking(shot.lang):
            application.rescore(None, shown["sessions"])
    except ScorekeeperError as e:
        with speaking(shot.lang):
            shot.show(for_the_terminal(e.message, True))
        shot.lines.append(f"[exit {int(e.exit_code)}]")
