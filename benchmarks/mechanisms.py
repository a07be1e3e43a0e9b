"""scorekeeper's command line with its start-up mechanisms switched, for
benchmarks/bench_mechanisms.py: ``python benchmarks/mechanisms.py ARGS…`` runs
``scorekeeper ARGS…`` (the console script's own ``run()``), first switching what
``SCOREKEEPER_BENCH`` names (comma-separated):

``lazy-off``
    the lazy command group switched off: every command module is imported and every command
    built before the line is read, as a plain typer app declaring its commands at import does;
``complete-off``
    the program's own answer to a TAB (:mod:`scorekeeper.cli.complete`'s ``answer``) switched
    off: typer's completion answers, through click's ``shell_complete``, which parses the line
    and converts each value typed;
``core-on``
    the session record's schema declared in pydantic-core's terms (``core_schema``, checked by
    a ``SchemaValidator``), as it was until the benchmark showed it saves less than it is worth
    (docs/performance.md): the program declares the same schema as ``TypedDict`` classes
    checked by ``TypeAdapter``.

Nothing is switched when the variable is empty: the same route, for a fair comparison.
"""
import os
import sys
from typing import Any

SWITCHED = {word.strip() for word in os.environ.get("SCOREKEEPER_BENCH", "").split(",") if word.strip()}


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


def core_schema_validators() -> Any:
    """The validators of scorekeeper.storage.schema as they were declared in pydantic-core's own
    terms: the same fields, types, bounds and strictness as its ``TypedDict`` classes."""
    from types import SimpleNamespace

    from pydantic_core import SchemaValidator
    from pydantic_core import core_schema as cs

    from scorekeeper.storage.schema import AUDIT_ACTIONS, MAX_POINTS

    strict = cs.CoreConfig(strict=True)  # no conversions: true is not 1, "5" is not 5

    def record_of(**fields: Any) -> Any:
        """An object holding ``fields`` (each ``(schema, required)``); other keys are ignored."""
        return cs.typed_dict_schema({k: cs.typed_dict_field(v, required=req) for k, (v, req) in fields.items()},
                                    config=strict)

    text, anything, flag = cs.str_schema(), cs.any_schema(), cs.bool_schema()
    names, points = cs.list_schema(text), cs.dict_schema(text, cs.int_schema())
    carried_points = cs.dict_schema(text, cs.int_schema(ge=-MAX_POINTS, le=MAX_POINTS))
    kept_entry = cs.nullable_schema(record_of(players=(cs.dict_schema(text, cs.dict_schema(text, anything),
                                                                      min_length=1), True)))
    audit_record = record_of(time=(text, True), action=(cs.literal_schema(list(AUDIT_ACTIONS)), True),
                             number=(cs.int_schema(ge=1, le=MAX_POINTS), True), entry=(kept_entry, False),
                             previous=(kept_entry, False), form=(text, False),
                             base=(cs.nullable_schema(cs.int_schema(ge=0)), False),
                             undo=(cs.nullable_schema(cs.literal_schema(["undone", "redone"])), False))
    stored_hand = record_of(entry=(anything, True))
    session_record = record_of(
        id=(cs.str_schema(pattern=r"^[A-Za-z0-9_-]{1,64}$"), True),
        hands=(cs.list_schema(stored_hand), True),
        undone=(cs.list_schema(stored_hand), True),
        audit=(cs.list_schema(audit_record), True),
        players=(cs.list_schema(text, min_length=1), True),
        rules=(cs.dict_schema(text, anything), True),
        created=(text, True),
        title=(cs.nullable_schema(text), True),
        variant=(text, True),
        dealer=(text, True),
        carried=(cs.nullable_schema(carried_points), False),
        first_round=(cs.int_schema(ge=1, le=MAX_POINTS), False),
        package=(cs.nullable_schema(record_of(name=(text, True), version=(text, True))), False),
    )
    derived_hand = record_of(scores=(points, True), won=(names, True), points_only=(flag, True),
                             ended=(text, True))
    derived_cache = record_of(scorer=(text, True), hands=(cs.list_schema(derived_hand), True),
                              finished=(flag, True), winners=(names, True), bonus=(points, True),
                              note=(text, True))
    return SimpleNamespace(record=SchemaValidator(session_record), derived=SchemaValidator(derived_cache))


def core_on() -> None:
    from scorekeeper.storage import schema

    made: list[Any] = []

    def validators() -> Any:
        if not made:
            made.append(core_schema_validators())
        return made[0]

    schema._validators = validators


if __name__ == "__main__":
    import gc

    gc.disable()  # as run() does first: what is switched off below is loaded as the program loads
    unknown = SWITCHED - {"lazy-off", "complete-off", "core-on"}
    if unknown:
        sys.exit(f"SCOREKEEPER_BENCH: not a switch: {', '.join(sorted(unknown))}")
    if "core-on" in SWITCHED:
        core_on()
    if "complete-off" in SWITCHED:
        complete_off()
    if "lazy-off" in SWITCHED:
        lazy_off()
    from scorekeeper.__main__ import run

    run()
