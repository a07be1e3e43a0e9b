"""Options several commands share (typer annotations)."""
from __future__ import annotations

import os
from typing import Any, List, Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.frame import FramedCommand
from scorekeeper.cli.language import helptext

DbOpt = Annotated[
    Optional[str],
    typer.Option("--db", metavar="DIR", help=helptext("help.option.db"),
                 show_default=False),
]
PagerOpt = Annotated[bool, typer.Option("--pager/--no-pager", help=helptext("help.option.pager"))]
JsonOpt = Annotated[bool, typer.Option("--json", help=helptext("help.option.json"))]
SessionOpt = Annotated[
    Optional[str],
    typer.Option("--session", "-s", metavar="ID", help=helptext("help.option.session"),
                 show_default=False, autocompletion=complete.session_ids),
]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help=helptext("help.option.yes"))]
RuleOpt = Annotated[Optional[List[str]], typer.Option("--rule", "-r", help=helptext("help.option.rule"),
                                                      show_default=False, autocompletion=complete.rule_options)]
#: Where a help text lists the variants: filled in from the registry (SPEC §8) when the help is
#: shown (:class:`ListsVariants`), each variant by its id and its name (``rummy500 (Rummy 500)``).
VARIANTS_MARK = "{variants}"
VARIANT_HELP = helptext("help.variant")
#: the file, in the user's cache directory, keeping the variants' names for the help
NAMES_CACHE = "variant-names.json"


def _signature(entries: dict) -> list[list[str]]:
    """What the names kept for the help depend on: the modules of the built-in variants (a new one
    is listed at once; read as the folder's names, without importing them), every declared entry
    (id, object) and the package declaring it with its version."""
    import os

    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "core", "variants")
    try:
        modules = sorted(n for n in os.listdir(folder) if not n.startswith("_"))
    except OSError:
        modules = []
    found = [["built-in", *modules]]
    for name, ep in sorted(entries.items()):
        dist = getattr(ep, "dist", None)
        found.append([name, ep.value, dist.name if dist is not None else "", dist.version if dist is not None else ""])
    return found


def _cache_file():
    from pathlib import Path

    import platformdirs

    return Path(platformdirs.user_cache_dir("scorekeeper", appauthor=False)) / NAMES_CACHE


def variant_names() -> list[tuple[str, str | None]]:
    """Every declared variant as the help lists it: ``(id, name)``, the name as the spoken
    language's rule books write it (None for a variant that does not load: it is listed by its
    id alone), in the order ``rules`` lists them, then the ids that do not load.

    A name is only known by loading the variant, and loading every one costs more than the
    rest of ``--help`` together; so the names are kept in the user's cache directory, by
    language, and made again whenever the declared variants change (an entry point, or the
    version of the package declaring one). A cache that cannot be read or written is no error:
    the variants are then loaded."""
    import json

    from scorekeeper.cli.language import spoken
    from scorekeeper.core.plugins import declared

    language = spoken()
    signature = _signature(declared())
    path = _cache_file()
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        if kept.get("signature") == signature and language in kept.get("names", {}):
            return [(vid, name) for vid, name in kept["names"][language]]
    except (OSError, ValueError, AttributeError, TypeError):
        kept = {}
    names = _loaded_names()
    try:
        mine = kept.get("names", {}) if isinstance(kept, dict) and kept.get("signature") == signature else {}
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f"{path.name}.{os.getpid()}")
        temporary.write_text(json.dumps({"signature": signature, "names": {**mine, language: names}}),
                             encoding="utf-8")
        os.replace(temporary, path)
    except (OSError, AttributeError, TypeError):
        pass
    return names


def _loaded_names() -> list[tuple[str, str | None]]:
    """:func:`variant_names`, made by loading every declared variant."""
    from scorekeeper.cli.language import pgettext
    from scorekeeper.core.plugins import declared_ids
    from scorekeeper.core.variants import every_variant

    loaded = every_variant()
    return ([(vid, pgettext("variant", v.name)) for vid, v in loaded.items()]
            + [(vid, None) for vid in declared_ids() if vid not in loaded])


def with_variants(text: str | None, word: str = "or") -> str | None:
    """A help text with every declared variant, ``id (Name)``, where it says
    :data:`VARIANTS_MARK`, joined with "or" (``word``: or "and") in the language spoken."""
    if not text or VARIANTS_MARK not in text:
        return text
    from scorekeeper.cli.language import helptext

    said = [f"{vid} ({nested(name)})" if name else vid for vid, name in variant_names()]
    if not said:
        return text.replace(VARIANTS_MARK, "")
    listed = said[0] if len(said) == 1 else (helptext("help.variants.and") if word == "and" else helptext("help.variants.or")).format(
        items=", ".join(said[:-1]), last=said[-1])
    return text.replace(VARIANTS_MARK, listed)


def nested(name: str) -> str:
    """A variant's name as it goes inside brackets: its own brackets become square ones, as
    brackets within brackets are written (``carousel (Manipulation rummy [Carousel])``, never
    ``(Manipulation rummy (Carousel))``)."""
    return name.replace("(", "[").replace(")", "]")


class ListsVariants(FramedCommand):
    """A command whose help lists the variants (its argument's help says :data:`VARIANT_HELP`):
    the list is made from the registry when the help is drawn (click's ``format_help``)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        helps = [(self, self.help)] + [(p, p.help) for p in self.params if getattr(p, "help", None)]
        try:
            for holder, text in helps:
                holder.help = with_variants(text)
            super().format_help(ctx, formatter)
        finally:  # the list is made again for every help drawn: the registry may have changed
            for holder, text in helps:
                holder.help = text
