"""Options several commands share (typer annotations)."""
from __future__ import annotations

from typing import List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.language import _

DbOpt = Annotated[
    Optional[str],
    typer.Option("--db", metavar="DIR", help=_(
        "The database directory; else SCOREKEEPER_DB, else config database, else the user data directory."),
                 show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help=_("Print one JSON document and nothing else."))]
SessionOpt = Annotated[
    Optional[str],
    typer.Option("--session", "-s", metavar="ID", help=_("The session id (a unique prefix is enough); default: the current session."),
                 show_default=False, autocompletion=complete.session_ids),
]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help=_("Do not ask for confirmation."))]
RuleOpt = Annotated[Optional[List[str]], typer.Option("--rule", "-r", help=_("A rule option KEY=VALUE "
                                                      "(see scorekeeper rules VARIANT); repeatable."),
                                                      show_default=False, autocompletion=complete.rule_options)]
VARIANT_HELP = _("rummy500 (500), rum500 (michigan-rum), carousel (manipulation), crazy (crazy-rummy) or gin (gin-rummy).")
