"""Playing a game: new, hand, standings, history, undo, redo, edit."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.terminal import DbOpt, JsonOpt, SessionOpt, handle_errors, read_hand_file, store, terminal
from scorekeeper.core.errors import InputError, StateError

if TYPE_CHECKING:  # imported where used: `--help` and TAB completion stay quick
    from scorekeeper.app import sessions

ENTRY_HELP = (
    'One argument per player, "NAME: WHAT": cards with no mark are melds (a comma between melds), '
    '"+" starts the cards laid off, "-" the cards left in hand ("-" alone: went out); '
    'numbers instead of cards are points ("Cy: 80 -85"). Add "knock" or "out" after a player, '
    'or a separate argument "stock".'
)
FileOpt = Annotated[
    Optional[str],
    typer.Option("--file", "-f", metavar="FILE", help="A hand file in JSON or TOML (by extension); - reads standard input.",
                 show_default=False),
]
EntryArgs = Annotated[Optional[List[str]], typer.Argument(help=ENTRY_HELP, metavar="ENTRY", show_default=False)]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]


def entry_from(entries: list[str] | None, file: str | None, loaded: sessions.Loaded) -> tuple[Any, str]:
    """The raw hand entry from the one-line arguments or a file, and its form."""
    if entries and file:
        raise InputError("Give the hand either on the command line or with --file, not both.")
    if file:
        return read_hand_file(file), "file"
    if entries:
        from scorekeeper.core.oneline import parse_line_entries

        v = loaded.setup.variant
        return parse_line_entries(entries, loaded.setup.players, v.knock_allowed, v.player_keys), "line"
    return None, ""


def _no_entry(command: str) -> None:
    raise InputError(
        f"No hand was given and there is no terminal to ask on: give it as arguments "
        f'(scorekeeper {command} "Ann: 7H 8H 9H -AS 4D" "Bob: -"), or with --file FILE '
        "(see scorekeeper hand --help)."
    )


def _interactive(loaded: sessions.Loaded) -> tuple[Any, str] | None:
    """Ask for the hand at the table, when the prompt module is there."""
    try:
        from scorekeeper.cli import prompt
    except ImportError:
        return None
    return prompt.ask_hand(terminal(), loaded)


def register(app: typer.Typer) -> None:
    @app.command()
    @handle_errors
    def new(
        variant: Annotated[str, typer.Argument(help="rummy500 (500), rum500 (michigan-rum), carousel "
                                                    "(manipulation) or crazy (crazy-rummy).",
                                               show_default=False, autocompletion=complete.variant_names)],
        players: Annotated[List[str], typer.Argument(help="The players in seat order.", show_default=False)],
        rule: Annotated[Optional[List[str]], typer.Option("--rule", "-r", help="A rule option KEY=VALUE "
                                                          "(see scorekeeper rules VARIANT); repeatable.",
                                                          show_default=False,
                                                          autocompletion=complete.rule_options)] = None,
        title: Annotated[Optional[str], typer.Option("--title", "-t", help="A title for the session.",
                                                     show_default=False)] = None,
        dealer: Annotated[Optional[str], typer.Option("--dealer", help="Who deals first (default: the first "
                                                      "player).", show_default=False,
                                                      autocompletion=complete.player_names)] = None,
        json_: JsonOpt = False,
        db: DbOpt = None,
    ) -> None:
        """Start a session, make it current, print its id.

        \b
        Examples:
          scorekeeper new rummy500 Ann Bob Cy
          scorekeeper new crazy Ann Bob Cy Dee --dealer Bob
          scorekeeper new 500 Ann Bob --rule target=300 --rule out_bonus=10 --title "Friday"
        """
        from scorekeeper.app import report, sessions

        loaded = sessions.create(store(db), variant, players, rule or [], title, dealer)
        t = terminal()
        doc = report.new_json(loaded)
        if json_:
            return t.json(doc)
        from rich.text import Text

        line = Text(f"Started {loaded.setup.variant.name} session ")
        line.append(doc["session"], style="bold")
        line.append(" for ")
        line.append(", ".join(doc["players"]))
        line.append(".")
        t.print(line)
        from scorekeeper.cli import render

        render.footer(t, report.standings_json(loaded))

    @app.command()
    @handle_errors
    def hand(
        entries: EntryArgs = None,
        file: FileOpt = None,
        json_: JsonOpt = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Record the next hand: one argument per player, a file, or (on a terminal) asked player by player.

        \b
        Examples:
          scorekeeper hand "Ann: 7H 8H 9H, QS QD QC +10H -AS 4D" "Bob: -" "Cy: 80 -85"
          scorekeeper hand "Ann: -3C AD knock" "Bob: -KS 7H 2C" "Cy: -9"
          scorekeeper hand --file hand.json
          scorekeeper hand

        The second example is Carousel (Ann knocked). With no entries, on a terminal, each
        player is asked in seat order. A laid-off ace that could go low or high says which:
        +AS:low or +AS:high.
        """
        from scorekeeper.app import sessions

        st = store(db)
        loaded = sessions.load(st, session)
        raw, form = entry_from(entries, file, loaded)
        if raw is None:
            if not sys.stdin.isatty() or json_:
                _no_entry("hand")
            asked = _interactive(loaded)
            if asked is None:
                _no_entry("hand")
            raw, form = asked
        loaded, result = sessions.record_hand(st, session, raw, form)
        _show_hand(loaded, result, loaded.state.hands, json_)

    @app.command()
    @handle_errors
    def edit(
        number: Annotated[int, typer.Argument(help="The hand to re-record.", show_default=False)],
        entries: EntryArgs = None,
        file: FileOpt = None,
        json_: JsonOpt = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Re-record hand N (same forms as `hand`); every later hand is re-scored.

        Example: scorekeeper edit 2 "Ann: 7H 8H 9H -AS" "Bob: -" "Cy: 80 -85"
        """
        from scorekeeper.app import sessions

        st = store(db)
        loaded = sessions.load(st, session)
        raw, form = entry_from(entries, file, loaded)
        if raw is None:
            _no_entry(f"edit {number}")
        loaded, result = sessions.edit(st, session, number, raw, form)
        _show_hand(loaded, result, number, json_)

    @app.command()
    @handle_errors
    def standings(json_: JsonOpt = False, session: SessionOpt = None, db: DbOpt = None) -> None:
        """Totals, ranks, hands won, who deals and leads next, or the winner.

        Example: scorekeeper standings --json
        """
        from scorekeeper.app import report, sessions

        terminal().show(report.standings_json(sessions.load(store(db), session)), json_, "standings")

    @app.command()
    @handle_errors
    def history(
        json_: JsonOpt = False,
        audit: Annotated[bool, typer.Option("--audit", help="Every version of every hand, with its time.")] = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Hand by hand: each player's score and running total.

        Example: scorekeeper history --audit
        """
        from scorekeeper.app import report, sessions

        loaded = sessions.load(store(db), session)
        t = terminal()
        if audit:
            from scorekeeper.app import audit as audit_mod

            return t.show(audit_mod.audit_json(loaded), json_, "audit")
        doc = report.history_json(loaded)
        if json_:
            return t.json(doc)
        from scorekeeper.cli import render

        heading = report.standings_json(loaded)
        render.heading(t, heading, "History: ")
        render.history(t, doc, list(loaded.setup.players))

    @app.command()
    @handle_errors
    def undo(yes: YesOpt = False, session: SessionOpt = None, db: DbOpt = None) -> None:
        """Take back the last hand (redo puts it back).

        Example: scorekeeper undo --yes
        """
        from scorekeeper.app import report, sessions

        st = store(db)
        loaded = sessions.load(st, session)
        if not loaded.record["hands"]:
            raise StateError("There is no hand to undo in this session.")
        _confirm(yes, f"Take back hand {len(loaded.record['hands'])}?")
        loaded, number = sessions.undo(st, session)
        t = terminal()
        t.print(f"Hand {number} taken back (scorekeeper redo puts it back).")
        from scorekeeper.cli import render

        render.footer(t, report.standings_json(loaded))

    @app.command()
    @handle_errors
    def redo(session: SessionOpt = None, db: DbOpt = None) -> None:
        """Put back the hand the last undo took.

        Example: scorekeeper redo
        """
        from scorekeeper.app import report, sessions

        loaded, number = sessions.redo(store(db), session)
        t = terminal()
        t.print(f"Hand {number} put back.")
        from scorekeeper.cli import render

        render.standings(t, report.standings_json(loaded))


def _confirm(yes: bool, question: str) -> None:
    if yes:
        return
    if not sys.stdin.isatty():
        raise InputError(f"{question} There is no terminal to ask on: add --yes.")
    if not typer.confirm(question, default=False):
        raise typer.Exit(1)


def _show_hand(loaded: sessions.Loaded, result, number: int, json_: bool) -> None:
    from scorekeeper.app import report

    t = terminal()
    doc = report.hand_json(loaded, result, number)
    if json_:
        return t.json(doc)
    from scorekeeper.cli import render

    render.hand_scores(t, doc, number)
    render.standings(t, report.standings_json(loaded))


confirm = _confirm
