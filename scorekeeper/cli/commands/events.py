"""Between deals: rejoin, end (SPEC §2.9: events a variant takes between deals, I-N4, I-N5)."""
from __future__ import annotations

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import run
from scorekeeper.cli.commands.game import confirm
from scorekeeper.cli.language import helptext
from scorekeeper.cli.options import DbOpt, JsonOpt, SessionOpt, YesOpt
from scorekeeper.core.errors import InputError

#: the events these commands make, as the variants name them (Deals.events)
REJOIN, SPLIT = "rejoin", "split"


def register(app: typer.Typer) -> None:
    @app.command()
    def rejoin(
        ctx: typer.Context,
        player: Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.rejoin.player"), show_default=False,
                                              autocompletion=complete.player_names)],
        json_: JsonOpt = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """Bring an eliminated player back into a pool game, at the highest total left plus 1.

        Once a game, before it has ended, while nobody left is too far ahead (Indian Rummy's
        pools: 79 in pool101, 174 in pool201, 44 in pool61). undo takes it back.

        Example: scorekeeper rejoin Cy
        """
        from scorekeeper.cli.render import game as draw

        r = run(ctx)
        doc = r.app(db).event(REJOIN, player, session)
        r.terminal.show(doc, json_, draw.event_made, for_people=("standings",))

    @app.command()
    def end(
        ctx: typer.Context,
        split: Annotated[bool, typer.Option("--split", help=helptext("help.end.split"))] = False,
        yes: YesOpt = False,
        json_: JsonOpt = False,
        session: SessionOpt = None,
        db: DbOpt = None,
    ) -> None:
        """End a game by agreement: with --split the players left share it.

        Indian Rummy's pools, when two or three players are left. It asks first unless --yes
        (without a terminal to ask on, --yes is needed); undo takes it back.

        Example: scorekeeper end --split --yes
        """
        from scorekeeper.cli.render import game as draw

        r = run(ctx)
        application = r.app(db)
        if not split:  # how a game of this variant could end by agreement, if it can
            application.takes_event(SPLIT, session)  # (no game to end, or one never ended so: said)
            raise InputError("cli.end.how")
        revision = None
        if not yes:
            shown = application.event_preview(SPLIT, None, session)
            confirm(yes, SPLIT, lambda: draw.event_shown(r.terminal, shown),
                    players=shown["standings"].get("winners") or [])
            session, revision = shown["session"], shown["revision"]  # the game shown, or nothing
        doc = application.event(SPLIT, None, session, revision)
        r.terminal.show(doc, json_, draw.event_made, for_people=("standings",))
