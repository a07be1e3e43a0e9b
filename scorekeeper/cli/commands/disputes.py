"""Settling disputes at the table: explain, check, rules (SPEC §5, §2.6)."""
from __future__ import annotations

from typing import List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext
from scorekeeper.cli.options import VARIANT_HELP, DbOpt, ListsVariants, JsonOpt, PagerOpt, SessionOpt
from scorekeeper.core.errors import ExitCode


def register(app: typer.Typer) -> None:
    @app.command()
    def explain(
        ctx: typer.Context,
        number: Annotated[Optional[int], typer.Argument(help=helptext("help.explain.number"),
                                                        show_default=False)] = None,
        player: Annotated[Optional[str], typer.Option("--player", "-p", help=helptext("help.explain.player"),
                                                      show_default=False,
                                                      autocompletion=complete.player_names)] = None,
        json_: JsonOpt = False,
        pager: PagerOpt = True,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """How each score of hand N was reached: every card, its points and why, the sum, bonuses, the rules.

        Example: scorekeeper explain 3 --player Ann
        """
        from scorekeeper.cli.render import disputes as draw

        r = run(ctx)
        r.terminal.show(r.app(db).explain(number, player, session), json_, draw.explain, page=pager)

    @app.command(cls=ListsVariants)
    def check(
        ctx: typer.Context,
        variant: Annotated[str, typer.Argument(help=VARIANT_HELP + " " + helptext("help.check.variant_session"),
                                               show_default=False, autocompletion=complete.variant_names)],
        cards: Annotated[Optional[List[str]], typer.Argument(help=helptext("help.check.cards"),
                                                             show_default=False)] = None,
        round_: Annotated[Optional[int], typer.Option("--round", help=helptext("help.check.round"),
                                                      show_default=False)] = None,
        deal: Annotated[Optional[int], typer.Option("--deal", help=helptext("help.check.deal"),
                                                    show_default=False)] = None,
        wild: Annotated[Optional[str], typer.Option("--wild", metavar="RANK", help=helptext("help.check.wild"),
                                                    show_default=False)] = None,
        rule: Annotated[Optional[List[str]], typer.Option("--rule", "-r", help=helptext("help.check.rule"),
                                                          show_default=False,
                                                          autocompletion=complete.rule_options)] = None,
        json_: JsonOpt = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Is this meld legal, which kind, what is it worth, and if not, why.

        Exit status 0 when every meld is legal, 1 when one is not, 2 when the cards cannot be read.

        \b
        Examples:
          scorekeeper check rummy500 QS KS AS
          scorekeeper check crazy 4C 9D 9S --round 4
          scorekeeper check rummy500 "KS AS 2S, 7S 7H 7D"
          scorekeeper check contract "7H 7S JK, 4D 5D 6D 7D" --deal 2
          scorekeeper check indian "2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK" \\
            --wild 7
          scorekeeper check QS KS AS
        """
        from scorekeeper.cli.render import disputes as draw

        r = run(ctx)
        doc = r.app(db).check(variant, cards or [], round_, rule or [], deal, session, wild)
        r.terminal.show(doc, json_, draw.check)
        if not doc["legal"]:
            raise typer.Exit(int(ExitCode.FAILED))

    @app.command(cls=ListsVariants)
    def rules(
        ctx: typer.Context,
        variant: Annotated[Optional[str], typer.Argument(help=VARIANT_HELP, show_default=False,
                                                         autocompletion=complete.variant_names)] = None,
        json_: JsonOpt = False,
        pager: PagerOpt = True,
    ) -> None:
        """The variants; for one variant, its rules, options, defaults and interpretations.

        For one variant: its rules summary, every option with its default and allowed values, and
        the interpretations (I-1...) that apply.

        Example: scorekeeper rules rummy500
        """
        from scorekeeper.cli.render import disputes as draw

        r = run(ctx)
        r.terminal.show(r.app().rules(variant), json_, draw.rules, page=pager)
