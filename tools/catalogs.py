"""Build and check the gettext catalogs with Babel (a developer's tool, not shipped in the package:
the program never imports it, and Babel is needed only here).

``python tools/catalogs.py [LANG ...]`` extracts every message from the sources,
brings each language's ``.po`` up to date (new messages are added untranslated,
gone ones dropped) and compiles the ``.mo`` files; ``--check`` only reports what
is stale or untranslated (the tests run it) and exits 1 if anything is.

What is extracted: every template of :mod:`scorekeeper.core.messages` (the English
sentence is the message id and its message code the context, ``msgctxt``, so two codes
with the same English may be translated differently; a ``{n:#one|many}`` plural adds
the pair ``one``/``many`` under the same context),
the ``_``/``ngettext``/``pgettext`` calls in the sources, and the card words
(``pgettext("rank", "A")`` … and the joker).
"""
from __future__ import annotations

import io
import re
import string
import sys
from pathlib import Path

#: the repository this tool is in: its scorekeeper is the one whose catalogs are made, installed or not
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorekeeper.locale import DOMAIN, LANGUAGES, LOCALE_DIR  # noqa: E402

PACKAGE = LOCALE_DIR.parent
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
CARD_WORDS = [("rank", "A"), ("rank", "J"), ("rank", "Q"), ("rank", "K"), ("card", "JK")]
_PLURAL = re.compile(r"\{[^{}:!]+(?:![a-z])?:#([^{}|]+)\|([^{}]+)\}")


def template_catalog():
    """Every message the program can print for people, as a Babel catalog."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    from scorekeeper.core import messages

    built_in_variants()  # their own templates join the program's
    catalog = Catalog(domain=DOMAIN, project="scorekeeper")
    for code, template in sorted(messages.TEMPLATES.items()):
        catalog.add(template, context=code)
        for one, many in _PLURAL.findall(template):
            catalog.add((one, many), context=code)
    for code, (one, many) in sorted(messages.PLURALS.items()):
        catalog.add((one, many), context=code)
    for context, word in CARD_WORDS:
        catalog.add(word, context=context)
    for message, context in variant_texts():
        catalog.add(message, context=context)
    for message, code in command_helps():
        catalog.add(message, context=code, auto_comments=["help of a command (its docstring)"])
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS):
        if filename.startswith("locale"):
            continue
        catalog.add(message, locations=[(f"scorekeeper/{filename}", lineno)], context=context)
    return catalog


def variant_texts() -> list[tuple[str, str | None]]:
    """The variants' own words said to people: each name (context ``variant``), rules
    summary (``variant.ID.summary``), option help and allowed values (``option.KEY.help``,
    ``option.KEY.values``), and the wild cards' names (context ``wild``)."""
    from scorekeeper.core.cards import RANKS

    found: list[tuple[str, str | None]] = [("joker", "wild")] + [(f"wild {r}", "wild") for r in RANKS]
    for variant in built_in_variants():
        found.append((variant.name, "variant"))
        found.append((variant.summary, f"variant.{variant.id}.summary"))
        for o in (*variant.listed_options, *variant.options):
            found += [(o.help, f"option.{o.key}.help"), (o.values, f"option.{o.key}.values")]
    return [(text, context) for text, context in dict.fromkeys(found) if text]


def built_in_variants() -> list:
    """The variants built into this package (:data:`~scorekeeper.core.variants.BUILT_IN`; whatever
    else is installed: an installed plugin's texts are its own catalogs' business)."""
    from scorekeeper.core.variants import BUILT_IN, get_variant

    return [get_variant(name) for name in BUILT_IN]


def command_helps() -> list[tuple[str, str]]:
    """Our commands' help texts (typer takes them from the docstrings), each with its code
    (``help.command.NAME``, the context of its entry)."""
    from scorekeeper.cli import command_helps as helps

    return [(text, code) for _info, text, code in helps()]


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(code: str):
    from babel.messages.pofile import read_po

    path = po_path(code)
    if not path.exists():
        from babel.messages.catalog import Catalog

        return Catalog(locale=code, domain=DOMAIN, project="scorekeeper")
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def compiled(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _fields(text: str) -> set[str]:
    try:
        return {f[1] for f in string.Formatter().parse(text) if f[1] is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def problems(code: str) -> list[str]:
    """What is wrong with language ``code``'s catalog: messages missing from it or
    no longer used, untranslated or fuzzy ones, placeholders that differ from
    the English, and a compiled catalog that is not the source's."""
    template = template_catalog()
    catalog = read(code)
    found = []
    wanted = {m.id if not m.context else (m.context, m.id) for m in template if m.id}
    have = {m.id if not m.context else (m.context, m.id) for m in catalog if m.id}
    found += [f"{code}: not in the catalog: {k!r}" for k in sorted(wanted - have, key=str)]
    found += [f"{code}: no longer used: {k!r}" for k in sorted(have - wanted, key=str)]
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        if not all(strings) or m.fuzzy:
            found.append(f"{code}: untranslated: {m.id!r}")
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else [m.id]
        for s in strings:
            if _fields(s) != _fields(ids[-1]):
                found.append(f"{code}: placeholders differ from the English in {m.id!r}: {s!r}")
    mo = po_path(code).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled(catalog):
        found.append(f"{code}: {mo.relative_to(PACKAGE.parent)} is not compiled from the .po")
    return found


def update(code: str) -> None:
    """Bring ``code``'s .po up to date with the sources and compile it."""
    from babel.messages.pofile import write_po

    catalog = read(code)
    catalog.update(template_catalog(), no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.fuzzy = False  # the header: a fuzzy header would leave the plural forms out of the .mo
    path = po_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, sort_output=True, include_previous=False)
    path.with_suffix(".mo").write_bytes(compiled(read(code)))


def main(argv: list[str]) -> int:
    """``[--check] [LANG ...]``: update and compile (or only check) the named languages, else all."""
    named = [a for a in argv if not a.startswith("-")]
    codes = named or [c for c in LANGUAGES if c != "en"]
    if "--check" in argv:
        found = [p for c in codes for p in problems(c)]
        print("\n".join(found) or "the catalogs are current and complete")
        return 1 if found else 0
    for c in codes:
        update(c)
        print(f"{po_path(c).relative_to(PACKAGE.parent)}: updated and compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
