"""Options several commands share (typer annotations)."""
from __future__ import annotations

from typing import Any, List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.frame import FramedCommand
from scorekeeper.cli.language import _

DbOpt = Annotated[
    Optional[str],
    typer.Option("--db", metavar="DIR", help=_(
        "The database directory; else SCOREKEEPER_DB, else config database, else the user data directory."),
                 show_default=False),
]
PagerOpt = Annotated[bool, typer.Option("--pager/--no-pager", help=_(
    "On a terminal, show output longer than the screen through the pager (PAGER, else less)."))]
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
#: Where a help text lists the variants: filled in from the entry points that declare them
#: (SPEC §8) when the help is shown (:class:`ListsVariants`), loading none of them.
VARIANTS_MARK = "{variants}"
VARIANT_HELP = _("A variant: {variants} (or an alias: scorekeeper rules lists them).")


def with_variants(text: str | None, word: str = "or") -> str | None:
    """A help text with the ids of every declared variant where it says :data:`VARIANTS_MARK`,
    joined with "or" (``word``: or "and") in the language spoken."""
    if not text or VARIANTS_MARK not in text:
        return text
    from scorekeeper.cli.language import _
    from scorekeeper.core.plugins import declared_ids

    ids = declared_ids()
    listed = ids[0] if len(ids) == 1 else (_("{items} and {last}") if word == "and" else _("{items} or {last}")).format(
        items=", ".join(ids[:-1]), last=ids[-1])
    return text.replace(VARIANTS_MARK, listed)


class ListsVariants(FramedCommand):
    """A command whose help lists the variants (its argument's help says :data:`VARIANT_HELP`):
    the list is made from the registry when the help is drawn (click's ``format_help``)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.help = with_variants(self.help)
        for param in self.params:
            if getattr(param, "help", None):
                param.help = with_variants(param.help)
        super().format_help(ctx, formatter)
