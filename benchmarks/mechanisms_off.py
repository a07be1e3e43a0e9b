"""scorekeeper's command line with some of its start-up mechanisms switched off, for
benchmarks/bench_mechanisms.py: ``python benchmarks/mechanisms_off.py ARGS…`` runs
``scorekeeper ARGS…`` (the console script's own ``run()``), first switching off what
``SCOREKEEPER_BENCH_OFF`` names (comma-separated):

``lazy``
    the lazy command group: every command module is imported and every command built before
    the line is read, as a plain typer app declaring its commands at import does;
``complete``
    the program's own answer to a TAB (:mod:`scorekeeper.cli.complete`'s ``answer``): typer's
    completion answers, through click's ``shell_complete``, which parses the line and converts
    each value typed;
``core``
    the session record's schema declared in pydantic-core's terms: the same schema is declared
    as ``TypedDict`` classes and checked by pydantic's ``TypeAdapter`` (what the code would be
    without the direct schema).

Nothing is switched off when the variable is empty: the same route, for a fair comparison.
"""
import os
import sys
from typing import Annotated, Any, Literal, Optional

OFF = {word.strip() for word in os.environ.get("SCOREKEEPER_BENCH_OFF", "").split(",") if word.strip()}


def lazy_off() -> None:
    import typer

    import scorekeeper.cli as cli

    group = typer.main.get_command(cli.app)
    ctx = typer.Context(group, info_name="scorekeeper")
    for name in cli.COMMANDS:  # every module imported, every command's signature read by typer
        group.get_command(ctx, name)


def complete_off() -> None:
    import scorekeeper.cli as cli

    def main() -> None:
        from scorekeeper.cli.terminal import fit_streams

        fit_streams()
        cli.app(prog_name="scorekeeper")  # typer answers _SCOREKEEPER_COMPLETE itself

    cli.main = main


def typeadapter_validators() -> Any:
    """The validators of scorekeeper.storage.schema, declared as TypedDict classes and built by
    pydantic's TypeAdapter: the same fields, types, bounds and strictness as its pydantic-core
    schema."""
    from types import SimpleNamespace

    from pydantic import ConfigDict, Field, TypeAdapter, with_config
    from typing_extensions import NotRequired, TypedDict

    from scorekeeper.storage import schema

    most = schema.MAX_POINTS
    strict = with_config(ConfigDict(strict=True))

    @strict
    class KeptEntry(TypedDict):
        players: Annotated[dict[str, dict[str, Any]], Field(min_length=1)]

    @strict
    class AuditRecord(TypedDict):
        time: str
        action: Literal[schema.AUDIT_ACTIONS]  # type: ignore[valid-type]
        number: Annotated[int, Field(ge=1, le=most)]
        entry: NotRequired[Optional[KeptEntry]]
        previous: NotRequired[Optional[KeptEntry]]
        form: NotRequired[str]
        base: NotRequired[Optional[Annotated[int, Field(ge=0)]]]
        undo: NotRequired[Optional[Literal["undone", "redone"]]]

    @strict
    class StoredHand(TypedDict):
        entry: Any

    @strict
    class SessionRecord(TypedDict):
        id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
        hands: list[StoredHand]
        undone: list[StoredHand]
        audit: list[AuditRecord]
        players: Annotated[list[str], Field(min_length=1)]
        rules: dict[str, Any]
        created: str
        title: Optional[str]
        variant: str
        dealer: str
        carried: NotRequired[Optional[dict[str, Annotated[int, Field(ge=-most, le=most)]]]]
        first_round: NotRequired[Annotated[int, Field(ge=1, le=most)]]

    @strict
    class DerivedHand(TypedDict):
        scores: dict[str, int]
        won: list[str]
        points_only: bool
        ended: str

    @strict
    class DerivedCache(TypedDict):
        scorer: str
        hands: list[DerivedHand]
        finished: bool
        winners: list[str]
        bonus: dict[str, int]
        note: str

    return SimpleNamespace(record=TypeAdapter(SessionRecord), derived=TypeAdapter(DerivedCache))


def core_off() -> None:
    from scorekeeper.storage import schema

    made: list[Any] = []

    def validators() -> Any:
        if not made:
            made.append(typeadapter_validators())
        return made[0]

    schema._validators = validators


if __name__ == "__main__":
    import gc

    gc.disable()  # as run() does first: what is switched off below is loaded as the program loads
    unknown = OFF - {"lazy", "complete", "core"}
    if unknown:
        sys.exit(f"SCOREKEEPER_BENCH_OFF: not a mechanism: {', '.join(sorted(unknown))}")
    if "core" in OFF:
        core_off()
    if "complete" in OFF:
        complete_off()
    if "lazy" in OFF:
        lazy_off()
    from scorekeeper.__main__ import run

    run()
