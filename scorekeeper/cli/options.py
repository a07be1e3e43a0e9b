"""Options several commands share (typer annotations)."""
from __future__ import annotations

from typing import List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete

DbOpt = Annotated[
    Optional[str],
    typer.Option("--db", metavar="DIR", help="The database directory (also SCOREKEEPER_DB); default: the user data directory.",
                 show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document and nothing else.")]
SessionOpt = Annotated[
    Optional[str],
    typer.Option("--session", "-s", metavar="ID", help="The session id (a unique prefix is enough); default: the current session.",
                 show_default=False, autocompletion=complete.session_ids),
]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]
RuleOpt = Annotated[Optional[List[str]], typer.Option("--rule", "-r", help="A rule option KEY=VALUE "
                                                      "(see scorekeeper rules VARIANT); repeatable.",
                                                      show_default=False, autocompletion=complete.rule_options)]
VARIANT_HELP = "rummy500 (500), rum500 (michigan-rum), carousel (manipulation) or crazy (crazy-rummy)."
