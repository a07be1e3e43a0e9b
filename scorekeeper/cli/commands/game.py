"""Playing a game: new, hand, edit, standings, history, undo, redo."""
from __future__ import annotations

import sys
from typing import Any, Callable, List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext, say
from scorekeeper.cli.options import (VARIANT_HELP, DbOpt, JsonOpt, ListsVariants, PagerOpt, RuleOpt, SessionOpt,
                                     YesOpt)
from scorekeeper.core.errors import InputError

ENTRY_HELP = helptext("help.hand.entries")
FileOpt = Annotated[
    Optional[str],
    typer.Option("--file", "-f", metavar="FILE", help=helptext("help.hand.file"),
                 show_default=False),
]
CarryOpt = Annotated[Optional[List[str]], typer.Option(
    "--carry", metavar="NAME=POINTS", help=helptext("help.new.carry"),
    show_default=False)]
EntryArgs = Annotated[Optional[List[str]], typer.Argument(help=ENTRY_HELP, metavar="ENTRY", show_default=False)]


def entry_from(entries: list[str] | None, file: str | None) -> tuple[Any, str]:
    """The hand as given: the one-line arguments (form "line"), a file's contents
    (form "file"), or ``(None, "")`` when neither was given."""
    if entries and file:
        raise InputError("cli.entry.both")
    if file:
        from scorekeeper.cli.files import read_hand_file

        return read_hand_file(file), "file"
    if entries:
        return list(entries), "line"
    return None, ""


#: the questions commands ask before changing what cannot be typed again, and the
#: refusal when there is no terminal to ask on
QUESTIONS = {"undo": ("cli.ask.undo", "cli.ask.undo.no_terminal"),
             "undo_round": ("cli.ask.undo_round", "cli.ask.undo_round.no_terminal"),  # Carousel, Crazy Rummy
             "undo_edit": ("cli.ask.undo_edit", "cli.ask.undo_edit.no_terminal"),
             "undo_edit_round": ("cli.ask.undo_edit_round", "cli.ask.undo_edit_round.no_terminal"),
             "undo_deal": ("cli.ask.undo_deal", "cli.ask.undo_deal.no_terminal"),  # Contract, Indian Rummy
             "undo_edit_deal": ("cli.ask.undo_edit_deal", "cli.ask.undo_edit_deal.no_terminal"),
             "undo_event": ("cli.ask.undo_event", "cli.ask.undo_event.no_terminal"),  # a rejoin, a split
             "split": ("cli.ask.split", "cli.ask.split.no_terminal"),
             "delete": ("cli.ask.delete", "cli.ask.delete.no_terminal"),
             "delete_titled": ("cli.ask.delete_titled", "cli.ask.delete_titled.no_terminal"),
             "restore": ("cli.ask.restore", "cli.ask.restore.no_terminal"),
             "rescore": ("cli.ask.rescore", "cli.ask.rescore.no_terminal")}


def confirm(yes: bool, what: str, show: Callable[[], None] | None = None, **facts: Any) -> None:
    """Ask the question of ``what`` (y/N) unless ``yes``; no terminal to ask on is
    refused (:class:`InputError`), a no ends the command with exit status 1.
    ``show()`` draws what the question is about, just before it is asked. Only ``y``,
    ``yes`` or the whole local word confirm (:mod:`scorekeeper.cli.answers`: a bare «т»,
    the N key on a Cyrillic layout, never does)."""
    if yes:
        return
    question, refusal = QUESTIONS[what]
    if not sys.stdin.isatty():
        raise InputError(refusal, **facts)
    from scorekeeper.cli import answers
    from scorekeeper.core.messages import render

    if show is not None:
        show()
    while True:
        typed = typer.prompt(say("cli.command.game.question_y_n", question=render(question, facts)), default="",
                             show_default=False)
        answer = answers.read(typed, default=False, strict=True)
        if answer is not None:
            break
        typer.echo(say("cli.command.game.answer_y_yes_or"))
    if not answer:  # a no: said, and nothing changed (exit status 1)
        typer.echo(say("cli.command.game.declined"), err=True)
        raise typer.Exit(1)


#: where ``new`` keeps the words typed after ``--`` (``ctx.meta``): names, never a variant
AFTER_DASHES = "scorekeeper.after_dashes"


class NewCommand(ListsVariants):
    """``new``: notes the words after ``--`` (``new -- Gina Bob``: every word a player's name),
    which click hands over as arguments like any other."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if "--" in args:
            ctx.meta[AFTER_DASHES] = args[args.index("--") + 1:]
        return super().parse_args(ctx, args)


def names_after_dashes(ctx: typer.Context, variant: str | None, players: list[str]) -> bool:
    """Whether ``variant`` (the first word) came after ``--``: then it, and every word after it,
    is a player's name. The words after ``--`` are the last arguments: when there are as many as
    the variant and the players together, the variant was one of them."""
    after = ctx.meta.get(AFTER_DASHES)
    return variant is not None and after is not None and len(after) == 1 + len(players)


def register(app: typer.Typer) -> None:
    @app.command(cls=NewCommand)
    def new(
        ctx: typer.Context,
        variant: Annotated[Optional[str], typer.Argument(help=VARIANT_HELP + " " + helptext("help.new.variant_default"), show_default=False,
            autocompletion=complete.variant_names)] = None,
        players: Annotated[Optional[List[str]], typer.Argument(help=helptext("help.new.players"),
            show_default=False)] = None,
        rule: RuleOpt = None,
        title: Annotated[Optional[str], typer.Option("--title", "-t", help=helptext("help.new.title"),
                                                     show_default=False)] = None,
        dealer: Annotated[Optional[str], typer.Option("--dealer", help=helptext("help.new.dealer"), show_default=False,
                                                      autocompletion=complete.player_names)] = None,
        carry: CarryOpt = None,
        round_: Annotated[Optional[int], typer.Option(
            "--round", metavar="N", min=1, help=helptext("help.new.round"),
            show_default=False)] = None,
        like: Annotated[Optional[str], typer.Option("--like", metavar="SESSION", help=helptext("help.new.like"),
            show_default=False, autocompletion=complete.session_ids)] = None,
        teams: Annotated[Optional[str], typer.Option("--teams", metavar="TEXT", help=helptext("help.new.teams"),
            show_default=False)] = None,
        json_: JsonOpt = False,
        db: DbOpt = None,
    ) -> None:
        """Start a session, make it current, print its id.

        What is not given comes from the settings (scorekeeper config): the usual variant,
        the usual players, the house rules (--rule given here wins over them).

        \b
        Examples:
          scorekeeper new rummy500 Ann Bob Cy
          scorekeeper new crazy Ann Bob Cy Dee --dealer Bob
          scorekeeper new 500 Ann Bob --rule target=300 --rule out_bonus=10 \\
            --title "Friday"
          scorekeeper new carousel Ann Bob Cy --carry Ann=120 --carry bob=85
          scorekeeper new crazy Ann Bob Cy --carry Ann=30 --round 5
          scorekeeper new canasta Ann Bob Cy Dee --teams "Ann+Cy,Bob+Dee"
          scorekeeper new --like "Friday night"

        With a usual variant set, the first word may be the first player; a word one slip from
        a variant's name (rummy50) is refused unless -- comes before the names:
        scorekeeper new -- Gina Bob.
        """
        from scorekeeper.cli.render import game as draw

        players = list(players or [])
        if names_after_dashes(ctx, variant, players):  # new -- Gina Bob: Gina is a player, whatever she is called
            variant, players = None, [variant, *players]
        r = run(ctx)
        doc = r.app(db).new(variant, players, rule or [], title, dealer, carry or [], like, round_, teams)
        r.terminal.show(doc, json_, draw.new_session, for_people=("variant_name", "standings"))
        if doc.get("maybe_same") and not json_:
            from scorekeeper.cli.render.club import look_alikes

            look_alikes(r.terminal, doc["maybe_same"])

    @app.command()
    def hand(
        ctx: typer.Context,
        entries: EntryArgs = None,
        file: FileOpt = None,
        again: Annotated[bool, typer.Option("--again", help=helptext("help.hand.again"))] = False,
        json_: JsonOpt = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Record the next hand: one argument per player, a file, or (on a terminal) asked player by player.

        \b
        Examples:
          scorekeeper hand "Ann: 7H 8H 9H, QS QD QC +10H -AS 4D" "Bob: -" "Cy: 80 -85"
          scorekeeper hand "Ann: -3C AD knock" "Bob: -KS 7H 2C" "Cy: -9"
          scorekeeper hand "Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" \\
            "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH"
          scorekeeper hand --file hand.json
          scorekeeper hand

        The second example is Carousel (Ann knocked). The third is Gin Rummy: just the
        cards each player shows (10; 11 and "big" for big gin), which scorekeeper arranges
        into melds, lay-offs and deadwood; "stock" for a void hand, "up=CARD" for the up-card. With no entries, on a terminal, each
        player is asked in seat order. A laid-off ace that could go low or high says which:
        +AS:low or +AS:high.
        """
        from scorekeeper.cli.render import game as draw

        r = run(ctx)
        application = r.app(db)
        raw, form = entry_from(entries, file)
        revision = None
        if raw is None:
            table = application.table(session)  # the session must exist before anything is asked
            if not sys.stdin.isatty():
                raise InputError("cli.entry.none", command="hand")
            from scorekeeper.cli.prompt import ask_hand

            # the session and its revision as shown: saved there, or refused if changed meanwhile
            session, revision = table["session"], table["revision"]
            raw, form = ask_hand(r.terminal, application, table, session), "prompt"
        doc = application.record_hand(raw, form, session, again, revision)
        r.terminal.show(doc, json_, draw.hand, for_people=("standings",))

    @app.command()
    def edit(
        ctx: typer.Context,
        number: Annotated[int, typer.Argument(help=helptext("help.edit.number"), show_default=False)],
        entries: EntryArgs = None,
        file: FileOpt = None,
        json_: JsonOpt = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Re-record hand N (same forms as `hand`); every later hand is re-scored.

        \b
        Examples:
          scorekeeper edit 2 "Ann: 7H 8H 9H -AS" "Bob: -" "Cy: 80 -85"
          scorekeeper edit 2

        With no entries, on a terminal, hand N is asked again as `hand` asks, each
        answer starting from the one recorded (Enter keeps it). Then it says what
        changed: each player's score of the hand and total (Cy +27 → +33).
        """
        from scorekeeper.cli.render import game as draw

        r = run(ctx)
        application = r.app(db)
        raw, form = entry_from(entries, file)
        revision = None
        if raw is None:
            if not sys.stdin.isatty():
                application.table(session, number)  # no session, or no such hand, is said before a missing entry
                raise InputError("cli.entry.none", command=f"edit {number}")
            table = application.table(session, number)  # the hand must exist before anything is asked
            session, revision = table["session"], table["revision"]  # pinned, as for `hand`
            old = application.hand_entry(number, session)["entry"]
            from scorekeeper.cli.prompt import ask_hand

            raw, form = ask_hand(r.terminal, application, table, session, old=old), "prompt"
        doc = application.edit(number, raw, form, session, revision)
        r.terminal.show(doc, json_, draw.edited, for_people=("standings", "before"))

    @app.command()
    def standings(ctx: typer.Context, json_: JsonOpt = False, session: SessionOpt = None, db: DbOpt = None) -> None:
        """Totals, ranks, hands won, who deals and leads next, or the winner.

        Example: scorekeeper standings --json
        """
        from scorekeeper.cli.render import game as draw

        r = run(ctx)
        r.terminal.show(r.app(db).standings(session), json_, draw.standings)

    @app.command()
    def history(
        ctx: typer.Context,
        json_: JsonOpt = False,
        audit: Annotated[bool, typer.Option("--audit", help=helptext("help.history.audit"))] = False,
        pager: PagerOpt = True,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Hand by hand: each player's score and running total.

        Example: scorekeeper history --audit
        """
        from scorekeeper.cli.render import audit as draw_audit, game as draw

        r = run(ctx)
        if audit:
            return r.terminal.show(r.app(db).audit(session), json_, draw_audit.audit, page=pager)
        doc = r.app(db).history(session)
        r.terminal.show(doc, json_, draw.history, for_people=("standings", "players"), page=pager)

    @app.command()
    def undo(ctx: typer.Context, yes: YesOpt = False, session: SessionOpt = None, db: DbOpt = None) -> None:
        """Take back the last change: a hand, an edit (the hand as it was), a rejoin or a split; redo puts it back.

        What it takes back is shown before the question.

        Example: scorekeeper undo --yes
        """
        from scorekeeper.cli.render import game as draw

        r = run(ctx)
        application = r.app(db)
        revision = None
        if not yes:
            shown = application.undo_preview(session)
            if shown.get("change") == "event":  # an event between deals: said in the variant's words
                what = "undo_event"
            else:
                what = "undo_edit" if shown.get("change") == "edit" else "undo"
                word = shown.get("deal_word")
                what += f"_{word}" if word in ("round", "deal") else ""  # the rule book's word
            # the deal as the game numbers it (round 13 of a game continued from paper at 13, not 1)
            from scorekeeper.cli.render.common import deal_number

            confirm(yes, what, lambda: draw.taking_back(r.terminal, shown), hand=deal_number(shown))
            session, revision = shown["session"], shown["revision"]  # the hand shown, or nothing
        draw.undone(r.terminal, application.undo(session, revision))

    @app.command()
    def redo(ctx: typer.Context, session: SessionOpt = None, db: DbOpt = None) -> None:
        """Put back what the last undo took: a hand, or an edit made again.

        Example: scorekeeper redo
        """
        from scorekeeper.cli.render import game as draw

        r = run(ctx)
        draw.redone(r.terminal, r.app(db).redo(session))

