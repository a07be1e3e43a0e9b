"""scorekeeper.api, the surface a variant may use, is documented name by name, and docs/api.md
is the reference its docstrings make (tools/apidoc.py), never stale."""
from __future__ import annotations

import ast
import inspect
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import scorekeeper.api as api
from conftest import tool

apidoc = tool("apidoc")
ROOT = Path(__file__).resolve().parents[1]
#: the errors a function of the surface may raise for people (or a parser, for the rule set to say)
ERRORS = {"InputError", "StateError", "IllegalMeld", "VariantError", "ValueError", "TooBig"}


def test_the_reference_is_what_the_docstrings_say():
    assert (ROOT / apidoc.PAGE).read_text(encoding="utf-8") == apidoc.text(), (
        f"docs/api.md is stale (a docstring of scorekeeper.api changed): run `{apidoc.REGENERATE}` and commit it")


def test_the_page_is_made_the_same_in_every_run():
    """Nothing of one run's memory (an address, a set's order) reaches the page: made again in
    another process, with another hash seed, it is the same."""
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "tools/apidoc.py", "--check"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_every_name_of_the_surface_is_listed_and_placed_in_a_group():
    public = {n for n in vars(api) if not n.startswith("_") and n != "annotations"}
    assert set(api.__all__) == public
    grouped = [n for _heading, names in apidoc.groups() for n in names]
    assert grouped == list(api.__all__)
    page = (ROOT / apidoc.PAGE).read_text(encoding="utf-8")
    for name in api.__all__:
        assert f"### {apidoc.KIND_WORDS[apidoc._kind(name)]} `{name}`\n" in page, name


def test_the_test_fixture_is_documented_after_the_surface():
    import scorekeeper.testing as testing

    page = (ROOT / apidoc.PAGE).read_text(encoding="utf-8")
    assert "\n## Testing a variant: `scorekeeper.testing`\n" in page
    for name in apidoc.TESTING:
        obj = getattr(testing, name)
        assert (inspect.getdoc(getattr(obj, "__wrapped__", obj)) or "").strip(), name
        assert f" `{name}`\n" in page, name
    assert "`scorekeeper_cli(*args: Any" in page  # calling it, as a test does
    undocumented = [m for m, func in _members(testing.ScorekeeperCLI) if not (inspect.getdoc(func) or "").strip()]
    assert undocumented == []


def _members(cls: type):
    for name, raw, _base in apidoc.members(cls):
        func = raw.__func__ if isinstance(raw, (classmethod, staticmethod)) else raw
        yield name, func.fget if isinstance(func, property) else getattr(func, "func", func)


def test_every_public_name_and_member_has_a_docstring():
    missing = []
    for name in api.__all__:
        obj = getattr(api, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            if not (obj.__doc__ or "").strip():
                missing.append(name)
            if inspect.isclass(obj):
                missing += [f"{name}.{m}" for m, func in _members(obj) if not (inspect.getdoc(func) or "").strip()]
        else:  # a constant: the #: comment above it where it is defined
            module = sys.modules[apidoc.origins().get(name, "scorekeeper.api")]
            if not apidoc.comment_above(inspect.getsource(module), name):
                missing.append(name)
    assert missing == []


def raised(func) -> set[str]:
    """The errors of :data:`ERRORS` that ``func``'s own body raises by name."""
    try:
        source = textwrap.dedent(inspect.getsource(func))
    except (OSError, TypeError):
        return set()
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(exc, ast.Name) and exc.id in ERRORS:
                found.add(exc.id)
    return found


def test_a_function_that_refuses_says_what_it_raises():
    """Where a function or method of the surface raises an error for people, its docstring says so
    (the error's name, or "raises"): an author learns the errors from the reference."""
    silent = []
    for name in api.__all__:
        obj = getattr(api, name)
        funcs = [(name, obj)] if inspect.isfunction(obj) else []
        if inspect.isclass(obj):
            funcs += [(f"{name}.{m}", func) for m, func in _members(obj)]
        for label, func in funcs:
            errors = raised(func)
            doc = inspect.getdoc(func) or ""
            if errors and not any(word in doc for word in ("Raises", "raises", "raise", *errors)):
                silent.append(f"{label} raises {sorted(errors)}")
    assert silent == []


def test_the_raise_finder_finds_a_raise():
    def refuses(x):
        """Nothing said."""
        if x:
            raise InputError("x.y", x=x)  # noqa: F821 - only parsed
        raise ValueError(x)

    assert raised(refuses) == {"InputError", "ValueError"}


def test_a_cross_reference_is_linked_to_its_section_and_a_literal_block_stays_code():
    names = {"Codec", "Card", "phrase"}
    said = apidoc.markdown("Read by :meth:`~scorekeeper.core.rulebook.codec.Codec.read`, of "
                           ":class:`~scorekeeper.core.cards.Card` (not :class:`~scorekeeper.core.phrase.Phrase`)::\n\n"
                           "    x = 1", names)
    assert said == ("Read by [`Codec.read`](#class-codec), of [`Card`](#class-card) (not `Phrase`):\n\n"
                    "    x = 1")
