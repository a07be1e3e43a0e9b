"""docs/plugins.md, the tutorial of a variant from elsewhere: every file of examples/knock-rummy
shown whole as it is, and every output what its command prints after ``pip install -e``
(tools/plugindoc.py makes them; ``python tools/plugindoc.py`` writes them again)."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from conftest import tool

plugindoc = tool("plugindoc")
ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "plugins.md"


def test_every_file_shown_is_the_file_as_it_is():
    stale = plugindoc.check(run=False)
    assert stale == "", f"docs/plugins.md shows a file of the example as it was: run `{plugindoc.REGENERATE}`\n{stale}"


def test_every_file_of_the_example_is_shown_whole():
    """Every source of the example (git keeps it; the compiled catalog and the README aside) has its
    block on the page."""
    listed = subprocess.run(["git", "ls-files", "examples/knock-rummy"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    files = {f for f in listed if not f.endswith((".mo", "README.md"))} or {
        str(p.relative_to(ROOT)) for p in (ROOT / "examples" / "knock-rummy").rglob("*")
        if p.is_file() and p.suffix in (".py", ".toml", ".po")}
    shown = set(re.findall(r"<!-- example-file: (\S+) -->", PAGE.read_text(encoding="utf-8")))
    assert files <= shown, sorted(files - shown)
    assert "examples/knock-rummy/tests/test_knock_cli.py" in shown and "examples/knock-rummy/tests/conftest.py" in shown


def test_every_sample_was_made_by_its_command():
    """Each sample starts with its command, as its marker names it, and shows what it printed."""
    lines = PAGE.read_text(encoding="utf-8").split("\n")
    runs = [b for b in plugindoc.blocks(lines) if b.kind == "run"]
    commands = [b.argument for b in runs]
    assert "pytest -q" in commands and "scorekeeper new knock Ann Bob Cy" in commands
    assert any(c.startswith("scorekeeper --lang uk") for c in commands)
    for b in runs:
        body = lines[b.start:b.end]
        assert body[0] == f"$ {b.argument}" and len(body) > 1, b.argument


def test_the_page_says_how_variants_are_found_and_what_adding_one_touches():
    page = PAGE.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", page, re.M)
    for heading in ("How the program finds variants", "A variant's life", "What adding a variant touches",
                    "Installing it to try it out", "Its tests"):
        assert heading in headings, heading
    assert "(api.md)" in page and "BUILT_IN" in page and "pip install -e" in page


def test_a_marker_without_its_block_is_an_error(tmp_path):
    with pytest.raises(plugindoc.SampleError, match="not followed by a fenced block"):
        plugindoc.blocks(["<!-- example-file: README.md -->", "text"])
    made = plugindoc.made("<!-- example-file: examples/knock-rummy/tests/conftest.py -->\n```python\nold\n```\n",
                          run=False)
    assert made.split("\n")[2:-2] == (ROOT / "examples/knock-rummy/tests/conftest.py").read_text(
        encoding="utf-8").rstrip("\n").split("\n")


@pytest.mark.slow
def test_every_sample_is_what_its_command_prints():
    """The tutorial's commands run as its reader runs them: scorekeeper and the example installed
    with ``pip install -e`` in a fresh environment (about 20-30 s)."""
    stale = plugindoc.check(run=True)
    assert stale == "", f"samples differ from what the commands print: run `{plugindoc.REGENERATE}`\n{stale}"
