#!/usr/bin/env python3
"""The reference of scorekeeper.api, docs/api.md, made from its docstrings (a developer's tool,
not shipped in the package).

Every name of ``scorekeeper.api.__all__``, in the groups its comments give, then the test
fixture of ``scorekeeper.testing`` (:data:`TESTING`), each with its
signature, its docstring, and for a class: its fields (a dataclass's, with their types,
defaults and the ``#:`` comment above each), its members (each method's signature and
docstring: a collaborator's are the methods a rule book overrides) and an enumeration's
values. A constant is given with its value and the ``#:`` comment above it where it is
defined.

    python tools/apidoc.py            write docs/api.md
    python tools/apidoc.py --check    exit 1 when docs/api.md is not what the docstrings say

``tests/test_api_reference.py`` fails while the committed page is stale, and while a public
name or member has no docstring.
"""
from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import re
import sys
from pathlib import Path
from typing import Any, Iterator

#: the repository this tool is in: its scorekeeper is the one documented, installed or not
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: where the page lives, from the repository's root
PAGE = Path("docs/api.md")
#: the command that writes it, as the stale-page test names it
REGENERATE = "python tools/apidoc.py"
API = ROOT / "scorekeeper" / "api.py"
#: what ``scorekeeper.testing`` gives a variant's tests, documented after the API
TESTING = ("scorekeeper_cli", "ScorekeeperCLI", "Result")
#: how a callable object of the page is called in use (its ``__call__``)
CALLED_AS = {"ScorekeeperCLI": "scorekeeper_cli"}


# -- what the surface holds --------------------------------------------------------------------

def groups() -> list[tuple[str, list[str]]]:
    """``[(heading, names)]``: the names of ``__all__`` under the comment that opens each group
    in scorekeeper/api.py (``# the variant and its collaborators``); the first group, before
    any comment, is headed "The version"."""
    source = API.read_text(encoding="utf-8")
    block = source[source.index("__all__ = ["):]
    block = block[:block.index("\n]") + 2]
    found: list[tuple[str, list[str]]] = [("the version", [])]
    for line in block.splitlines()[1:]:
        text = line.strip()
        if text.startswith("#"):
            found.append((text.lstrip("# ").strip(), []))
        else:
            found[-1][1].extend(re.findall(r'"([A-Za-z_][A-Za-z0-9_]*)"', text))
    return [(heading[0].upper() + heading[1:], names) for heading, names in found if names]


def origins() -> dict[str, str]:
    """``{name: module}``: where each name scorekeeper/api.py imports is defined (its own
    constants: ``scorekeeper.api``)."""
    found = {}
    for node in ast.parse(API.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("scorekeeper"):
            for alias in node.names:
                found[alias.asname or alias.name] = node.module
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = "scorekeeper.api"
    return found


def comment_above(source: str, name: str) -> str:
    """The ``#:`` comment lines right above the first line of ``source`` that binds ``name``
    (``NAME = …`` or, in a class, ``name: type = …``), joined; ``""`` when there are none."""
    lines = source.splitlines()
    pattern = re.compile(rf"^\s*{re.escape(name)}\s*(?::[^=]*)?(?:=|$)")
    for i, line in enumerate(lines):
        if pattern.match(line):
            said = []
            j = i - 1
            while j >= 0 and lines[j].strip().startswith("#:"):
                said.insert(0, lines[j].strip()[2:].strip())
                j -= 1
            return " ".join(said)
    return ""


# -- words --------------------------------------------------------------------------------------

_ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|exc|obj):`(~?)([^`]+)`")


#: what a docstring says for the program's developers only: the specification it cites (a
#: document the readers of the page do not have), as ``(SPEC §8)`` or ``, SPEC §5``
_CITATION = re.compile(r"\s*\(SPEC\b[^()]*\)|,\s*SPEC\s+(?:§[\d.]+|I-\d+)")


def markdown(doc: str, names: set[str]) -> str:
    """A docstring as Markdown: ````x```` as code, a cross-reference (``:class:`~a.B```) as the
    name it shows, linked where it is a name of this page, a literal block (``::``) as code; a
    citation of the specification left out."""
    doc = _CITATION.sub("", doc)

    def role(found: re.Match) -> str:
        short, target = found.group(1), found.group(2)
        shown = target.rsplit(".", 1)[-1] if short else target
        parts = target.split(".")
        head = parts[-2] if len(parts) > 1 and parts[-2] in names and _kind(parts[-2]) != "function" else None
        key = head or target.rsplit(".", 1)[-1]
        if short and head:  # a method or attribute of a class of the page: Class.member
            shown = f"{head}.{shown}"
        return f"[`{shown}`](#{anchor(key)})" if key in names else f"`{shown}`"

    out = []
    for paragraph in doc.split("\n\n"):
        literal = paragraph.startswith("    ")
        text = paragraph if literal else _ROLE.sub(role, paragraph.replace("``", "`"))
        if not literal and text.rstrip().endswith("::"):
            text = text.rstrip()[:-2].rstrip()
            text = text + ":" if text and not text.endswith(":") else text
        if text.strip():
            out.append(text)
    return "\n\n".join(out)


def anchor(name: str) -> str:
    """The id of a name's section (the heading's text as GitHub makes ids of it)."""
    return f"{KIND_WORDS.get(_kind(name), 'name')}-{name.lower()}"


KIND_WORDS = {"class": "class", "function": "function", "constant": "constant", "exception": "exception",
              "enum": "enumeration", "fixture": "fixture"}


def _object(name: str) -> Any:
    """The object a name of the page stands for: of ``scorekeeper.api``, else of ``scorekeeper.testing``."""
    import scorekeeper.api as api

    if name in TESTING:
        import scorekeeper.testing as testing

        return getattr(testing, name)
    return getattr(api, name)


def _kind(name: str) -> str:
    obj = _object(name)
    if name in TESTING and not inspect.isclass(obj):
        return "fixture"
    if inspect.isclass(obj):
        if issubclass(obj, BaseException):
            return "exception"
        return "enum" if issubclass(obj, enum.Enum) else "class"
    return "function" if callable(obj) else "constant"


def annotation(value: Any) -> str:
    """A type as written in the source (a name in quotes, written ahead of its definition, shown
    bare)."""
    if value is inspect.Parameter.empty:
        return ""
    if isinstance(value, str):
        return value.replace("'", "").replace('"', "")
    if isinstance(value, type):
        return value.__name__
    return str(value).replace("typing.", "")


def shown(value: Any) -> str:
    """A default value as code: a function by its name, never with a memory address; a set in
    order (a set's own order changes from run to run); text in double quotes; a dataclass
    field's default made by a factory as ``…``."""
    if inspect.isfunction(value) or inspect.isbuiltin(value) or inspect.isclass(value):
        return value.__name__
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, (set, frozenset)):
        inner = ", ".join(shown(v) for v in sorted(value, key=repr))
        return f"{type(value).__name__}({{{inner}}})" if value else f"{type(value).__name__}()"
    if isinstance(value, (tuple, list)) and type(value) in (tuple, list):
        inner = ", ".join(shown(v) for v in value)
        return f"({inner}{',' if len(value) == 1 else ''})" if isinstance(value, tuple) else f"[{inner}]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if repr(value) == "<factory>":
        return "…"
    return re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value))


def signature(obj: Any, name: str) -> str:
    """``name(a: int, b: str = "x", *, c=…) -> T`` (``self`` and ``cls`` left out)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return name
    parts: list[str] = []
    star = False
    positional_only = False
    for p in sig.parameters.values():
        if p.name in ("self", "cls"):
            continue
        if positional_only and p.kind is not p.POSITIONAL_ONLY:
            parts.append("/")
            positional_only = False
        text = p.name
        if p.kind is p.VAR_POSITIONAL:
            text, star = "*" + text, True
        elif p.kind is p.VAR_KEYWORD:
            text = "**" + text
        elif p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        if p.kind is p.POSITIONAL_ONLY:
            positional_only = True
        if annotation(p.annotation):
            text += f": {annotation(p.annotation)}"
        if p.default is not p.empty:
            text += f" = {shown(p.default)}" if p.default is not dataclasses.MISSING else ""
        parts.append(text)
    if positional_only:
        parts.append("/")
    returned = annotation(sig.return_annotation)
    return f"{name}({', '.join(parts)})" + (f" -> {returned}" if returned and returned != "None" else "")


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


# -- the page -----------------------------------------------------------------------------------

def field_rows(cls: type) -> list[str]:
    """A dataclass's fields as table rows: name, type, default, what it is."""
    source = inspect.getsource(cls)
    rows, said = [], False
    for f in dataclasses.fields(cls):
        if f.name.startswith("_"):
            continue
        if f.default is not dataclasses.MISSING:
            default = f"`{shown(f.default)}`"
        elif f.default_factory is not dataclasses.MISSING:
            factory = f.default_factory
            made = factory()
            default = f"`{factory.__name__}()`" if inspect.isclass(factory) and not isinstance(made, (dict, list, tuple, set, frozenset)) else f"`{shown(made)}`"
        else:
            default = "required"
        what = cell(markdown(comment_above(source, f.name), set()))
        said = said or bool(what)
        rows.append((f"| `{f.name}` | `{cell(annotation(f.type))}` | {cell(default)} |", what))
    if not rows:
        return []
    if said:
        return ["| field | type | default | what it is |", "|---|---|---|---|",
                *(f"{row} {what} |" for row, what in rows)]
    return ["| field | type | default |", "|---|---|---|", *(row for row, _what in rows)]


def members(cls: type) -> Iterator[tuple[str, Any, type]]:
    """``(name, member, defined in)`` of the public methods and properties of ``cls`` and of its
    scorekeeper bases, the class's own first, each once; a dataclass's fields left out."""
    seen = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    for base in cls.__mro__:
        if not base.__module__.startswith("scorekeeper") or base is object:
            continue
        for name, value in vars(base).items():
            if (name.startswith("_") and name != "__call__") or name in seen:
                continue
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if isinstance(value, property):
                value = value.fget
            elif hasattr(value, "func") and type(value).__name__ == "cached_property":
                value = value.func
            if not (inspect.isfunction(value)):
                continue
            seen.add(name)
            yield name, vars(base)[name], base


def member_lines(cls: type, names: set[str]) -> list[str]:
    import scorekeeper.api as api

    lines = []
    for name, raw, base in members(cls):
        func = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
        func = func.fget if isinstance(func, property) else getattr(func, "func", func)
        is_property = isinstance(raw, property) or type(raw).__name__ == "cached_property"
        head = f"`{name}`" if is_property else f"`{signature(func, name)}`"
        if name == "__call__":
            head = f"`{signature(func, CALLED_AS.get(cls.__name__, cls.__name__))}` (calling it)"
        elif isinstance(raw, classmethod):
            head = f"`{cls.__name__}.{signature(func, name)}` (class method)"
        elif is_property:
            returned = annotation(inspect.signature(func).return_annotation)
            head += f" → `{returned}`" if returned else ""
        if base is not cls and base.__name__ not in names:
            head += f" (from `{base.__name__}`)"
        doc = inspect.getdoc(func) or ""
        body = markdown(doc, names)
        indented = "\n".join(("  " + line) if line.strip() else "" for line in body.splitlines())
        lines += [f"- {head}" + (f"  \n{indented}" if body else ""), ""]
    del api
    return lines


def section(name: str, names: set[str], where: dict[str, str]) -> list[str]:
    obj = _object(name)
    kind = _kind(name)
    lines = [f"### {KIND_WORDS[kind]} `{name}`", ""]
    if kind == "fixture":  # a test asks for it by name: ``def test_x(scorekeeper_cli): …``
        func = getattr(obj, "__wrapped__", obj)
        return lines + [f"`def test_…({name}): …`", "", markdown(inspect.getdoc(func) or "", names), ""]
    if kind == "constant":
        module = sys.modules[where.get(name, "scorekeeper.api")]
        comment = comment_above(inspect.getsource(module), name)
        lines += [f"`{name} = {shown(obj)}`", ""]
        if comment:
            lines += [markdown(comment, names), ""]
        return lines
    lines += [f"`{signature(obj, name)}`" if kind != "enum" else f"`{name}`", ""]
    doc = inspect.getdoc(obj) or ""
    lines += [markdown(doc, names), ""]
    if kind == "enum":
        lines += ["| member | value |", "|---|---|"]
        lines += [f"| `{name}.{m.name}` | `{shown(m.value)}` |" for m in obj]
        return lines + [""]
    if inspect.isclass(obj):
        if dataclasses.is_dataclass(obj):
            rows = field_rows(obj)
            if rows:
                lines += [*rows, ""]
        listed = member_lines(obj, names)
        if listed:
            collaborator = any(b.__name__ == "Part" for b in obj.__mro__[1:])
            title = ("Methods and properties (override a method where your rule book differs; "
                     "`self.variant` is the variant served)") if collaborator else "Methods and properties"
            lines += [f"{title}:", "", *listed]
    return lines


def text() -> str:
    """The whole page (Markdown)."""
    import scorekeeper.api as api

    import scorekeeper.testing as testing

    where = origins()
    found = groups()
    names = {n for _heading, group in found for n in group} | set(TESTING)
    intro = markdown(inspect.getdoc(api) or "", names)
    lines = [
        "# The variant API: `scorekeeper.api` reference",
        "",
        f"Version {api.API_VERSION}. This page is generated from the docstrings of `scorekeeper.api`: "
        f"after changing one, run `{REGENERATE}` (a test fails while it is stale). The tutorial is "
        "[Variants as plugins](plugins.md).",
        "",
        intro,
        "",
        "## Contents",
        "",
    ]
    for heading, group in found:
        lines.append(f"- {heading}: " + ", ".join(f"[`{n}`](#{anchor(n)})" for n in group))
    lines.append("- Testing a variant, `scorekeeper.testing`: " + ", ".join(f"[`{n}`](#{anchor(n)})" for n in TESTING))
    for heading, group in found:
        lines += ["", f"## {heading}", ""]
        for n in group:
            lines += section(n, names, where)
    lines += ["", "## Testing a variant: `scorekeeper.testing`", "", markdown(inspect.getdoc(testing) or "", names), ""]
    for n in TESTING:
        lines += section(n, names, where)
    page = "\n".join(lines)
    page = re.sub(r"\n{3,}", "\n\n", page).rstrip("\n") + "\n"
    return page


def main(argv: list[str] | None = None) -> int:
    """Write docs/api.md (``--check``: only compare). Returns the exit status: 0 written or up to
    date, 1 stale (with ``--check``)."""
    args = sys.argv[1:] if argv is None else argv
    page = ROOT / PAGE
    made = text()
    if "--check" in args:
        if page.exists() and page.read_text(encoding="utf-8") == made:
            return 0
        sys.stderr.write(f"{PAGE} is stale: run {REGENERATE}\n")
        return 1
    page.write_text(made, encoding="utf-8")
    sys.stdout.write(f"wrote {page}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
