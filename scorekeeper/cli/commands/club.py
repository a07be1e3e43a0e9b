"""The club (SPEC §9): `players`, `season`, `ratings`, `evening`."""
from __future__ import annotations

from typing import List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.boundary import run
from scorekeeper.cli.language import helptext
from scorekeeper.cli.options import DbOpt, JsonOpt

PersonArg = Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.players.name"), show_default=False,
                                          autocompletion=complete.people)]
SeasonArg = Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.season.name"), show_default=False,
                                          autocompletion=complete.season_names)]
SessionsArg = Annotated[List[str], typer.Argument(metavar="SESSION", help=helptext("help.season.sessions"),
                                                  show_default=False, autocompletion=complete.session_ids)]
PointsOpt = Annotated[Optional[str], typer.Option("--points", metavar="LIST", help=helptext("help.season.points"),
                                                  show_default=False)]
BestOpt = Annotated[Optional[int], typer.Option("--best", metavar="N", help=helptext("help.season.best"),
                                                show_default=False)]
MinOpt = Annotated[Optional[int], typer.Option("--min-games", metavar="N", help=helptext("help.season.min_games"),
                                               show_default=False)]
TiebreakOpt = Annotated[Optional[str], typer.Option("--tiebreak", metavar="LIST",
                                                    help=helptext("help.season.tiebreak"), show_default=False)]

players_app = typer.Typer(name="players", help=helptext("help.players"), invoke_without_command=True,
                          rich_markup_mode=None)
season_app = typer.Typer(name="season", help=helptext("help.season"), no_args_is_help=True, rich_markup_mode=None)
evening_app = typer.Typer(name="evening", help=helptext("help.evening"), no_args_is_help=True,
                          rich_markup_mode=None)


@players_app.callback()
def players(ctx: typer.Context, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """Everyone who ever played here: games, wins, last played, variants.

    Names that differ only in case or spaces are listed under "maybe the same
    person": `players merge` joins them (never done without being asked).

    \b
    Examples:
      scorekeeper players
      scorekeeper players show Ann
      scorekeeper players merge ann Ann
    """
    if ctx.invoked_subcommand is not None:
        return
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).players(), json_, draw.players)


@players_app.command("show")
def show(ctx: typer.Context, name: PersonArg, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """A person's record: games and wins by variant, and every session, newest first.

    Example: scorekeeper players show Ann
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).player(name), json_, draw.player)


@players_app.command("rename")
def rename(ctx: typer.Context, old: Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.players.old"),
                                                                   show_default=False, autocompletion=complete.people)],
           new: Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.players.new"), show_default=False)],
           json_: JsonOpt = False, db: DbOpt = None) -> None:
    """Rename a person in every game played so far.

    History, standings, stats, seasons, ratings and exports show the new
    name; the sessions keep the names typed (the rename is kept in the
    club's roster beside them). `players undo` takes it back.

    Example: scorekeeper players rename Annie Ann
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).rename_player(old, new), json_, draw.changed)


@players_app.command("merge")
def merge(ctx: typer.Context, name: Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.players.merge_a"),
                                                                   show_default=False, autocompletion=complete.people)],
          into: Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.players.merge_b"),
                                              show_default=False, autocompletion=complete.people)],
          json_: JsonOpt = False, db: DbOpt = None) -> None:
    """Say that two spellings are one person: A's games become B's.

    Two names that sat at one table are two people and are not merged;
    `players undo` takes a merge back.

    Example: scorekeeper players merge ann Ann
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).merge_players(name, into), json_, draw.changed)


@players_app.command("undo")
def undo(ctx: typer.Context, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """Take back the last rename or merge.

    Example: scorekeeper players undo
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).undo_players(), json_, draw.undone)


@season_app.command("new")
def season_new(
    ctx: typer.Context, name: Annotated[str, typer.Argument(metavar="NAME", help=helptext("help.season.name"),
                                                            show_default=False)],
    from_: Annotated[Optional[str], typer.Option("--from", metavar="DATE", help=helptext("help.season.from"),
                                                 show_default=False)] = None,
    to: Annotated[Optional[str], typer.Option("--to", metavar="DATE", help=helptext("help.season.to"),
                                              show_default=False)] = None,
    variant: Annotated[Optional[List[str]], typer.Option("--variant", metavar="VARIANT", help=helptext("help.season.variant"),
                                                         show_default=False,
                                                         autocompletion=complete.variant_names)] = None,
    title: Annotated[Optional[str], typer.Option("--title", help=helptext("help.season.title"),
                                                 show_default=False)] = None,
    points: PointsOpt = None, best: BestOpt = None, min_games: MinOpt = None, tiebreak: TiebreakOpt = None,
    json_: JsonOpt = False, db: DbOpt = None,
) -> None:
    """Gather the finished games between two days (and of some variants) into a season.

    Without --from and --to every finished game counts. A game belongs to any
    number of seasons; `season add` and `season remove` take single games in
    or out. The scoring options given here are the season's own.

    \b
    Examples:
      scorekeeper season new spring --from 2026-03-01 --to 2026-05-31
      scorekeeper season new gin-cup --variant gin --points 10,6,4 --best 8
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).season_new(name, from_, to, variant or [], title, points, best, min_games, tiebreak),
                    json_, draw.season_made)


@season_app.command("add")
def season_add(ctx: typer.Context, name: SeasonArg, sessions: SessionsArg, json_: JsonOpt = False,
               db: DbOpt = None) -> None:
    """Count finished games in a season, whatever their day or variant.

    Example: scorekeeper season add spring 3f9a 81c2
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).season_add(name, sessions), json_, draw.season_games)


@season_app.command("remove")
def season_remove(ctx: typer.Context, name: SeasonArg, sessions: SessionsArg, json_: JsonOpt = False,
                  db: DbOpt = None) -> None:
    """Leave games out of a season.

    Example: scorekeeper season remove spring 3f9a
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).season_remove(name, sessions), json_, draw.season_games)


@season_app.command("list")
def season_list(ctx: typer.Context, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """List the seasons and how many games each counts.

    Example: scorekeeper season list
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).seasons(), json_, draw.seasons)


@season_app.command("standings")
def season_standings(ctx: typer.Context, name: SeasonArg, points: PointsOpt = None, best: BestOpt = None,
                     min_games: MinOpt = None, tiebreak: TiebreakOpt = None, json_: JsonOpt = False,
                     db: DbOpt = None) -> None:
    """A season's table: rank, points, games, wins and average place.

    Each finished game gives placement points: by default the number of sides
    (players, where each plays alone) finishing below; tied players share the
    points of the places they occupy and the same rank. Partners take their
    side's place. Players with fewer than --min-games games are listed below
    the line, unranked.

    \b
    Examples:
      scorekeeper season standings spring
      scorekeeper season standings spring --points 10,6,4 --best 8 --min-games 4
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).season_standings(name, points, best, min_games, tiebreak), json_, draw.season)


def ratings(
    ctx: typer.Context,
    variant: Annotated[Optional[str], typer.Option("--variant", metavar="VARIANT", help=helptext("help.ratings.variant"),
                                                   show_default=False, autocompletion=complete.variant_names)] = None,
    season: Annotated[Optional[str], typer.Option("--season", metavar="NAME", help=helptext("help.ratings.season"),
                                                  show_default=False, autocompletion=complete.season_names)] = None,
    json_: JsonOpt = False, db: DbOpt = None,
) -> None:
    """Each person's skill, from the order of every finished game, per variant.

    The Weng-Lin (openskill) Thurstone-Mosteller model, ties as ties and sides
    as teams, worked out again from the whole history each time. The number
    shown is the cautious estimate (mu - 3 sigma) on a scale where a new
    player has 1000 and 100 points ahead means about a 64% chance to finish
    ahead; ? marks a rating of fewer than 5 games.

    \b
    Examples:
      scorekeeper ratings
      scorekeeper ratings --variant gin --json
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).ratings(variant, season), json_, draw.ratings)


@evening_app.command("new")
def evening_new(
    ctx: typer.Context, title: Annotated[str, typer.Argument(metavar="TITLE", help=helptext("help.evening.title"),
                                                             show_default=False)],
    players: Annotated[List[str], typer.Argument(metavar="NAME", help=helptext("help.evening.names"),
                                                 show_default=False, autocompletion=complete.people)],
    named: Annotated[bool, typer.Option("--players", "-p", help=helptext("help.evening.players"))] = False,
    variant: Annotated[Optional[str], typer.Option("--variant", metavar="VARIANT", help=helptext("help.evening.variant"),
                                                   show_default=False, autocompletion=complete.variant_names)] = None,
    json_: JsonOpt = False, db: DbOpt = None,
) -> None:
    """Seat the evening's players at tables for the first round.

    As many tables of 4 as the game allows, the others of 3 or 5 (tables of 2
    for a two-player game). Each table gets the `new` command that starts its
    session, and a QR code of it.

    \b
    Examples:
      scorekeeper evening new Friday --variant gin --players Ann Bob Cy Dee
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).evening_new(title, _split(players), variant), json_, draw.evening)


@evening_app.command("next")
def evening_next(ctx: typer.Context, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """Seat the players again for the next round, meetings repeated as rarely as possible.

    People who met tonight meet again as rarely as possible; in partnership
    games partners differ too.

    Example: scorekeeper evening next
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).evening_next(), json_, draw.evening)


@evening_app.command("show")
def evening_show(ctx: typer.Context, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """Show the evening's tables again, as last seated.

    Example: scorekeeper evening show
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).evening_show(), json_, draw.evening)


@evening_app.command("standings")
def evening_standings(
    ctx: typer.Context,
    season: Annotated[Optional[str], typer.Option("--season", metavar="NAME", help=helptext("help.evening.season"),
                                                  show_default=False, autocompletion=complete.season_names)] = None,
    json_: JsonOpt = False, db: DbOpt = None,
) -> None:
    """The evening so far: its tables (playing or done) and its players' points.

    The points are the season rule's (default: sides beaten).

    Example: scorekeeper evening standings
    """
    from scorekeeper.cli.render import club as draw

    r = run(ctx)
    r.terminal.show(r.app(db).evening_standings(season), json_, draw.evening_standings)


def _split(names: list[str]) -> list[str]:
    """The players' names, each a word of its own or several with commas (``Ann,Bob,Cy``)."""
    return [n for given in names for n in (given.split(",") if "," in given else [given]) if n.strip()]


def register(app: typer.Typer) -> None:
    app.add_typer(players_app, name="players")
    app.add_typer(season_app, name="season")
    app.command("ratings")(ratings)
    app.add_typer(evening_app, name="evening")
