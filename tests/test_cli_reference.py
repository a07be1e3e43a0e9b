"""docs/cli.md is the program's own --help, every command of it, and never drifts from it."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import tool
from scorekeeper.cli import app

reference = tool("reference")

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / reference.PAGE


def test_the_reference_is_the_programs_own_help():
    made = reference.text()
    assert PAGE.read_text(encoding="utf-8") == made, (
        f"docs/cli.md is stale (a command or an option changed): run `{reference.REGENERATE}` and commit it")


def test_every_command_has_its_section_with_its_help():
    from typer.main import get_command

    page = PAGE.read_text(encoding="utf-8")
    root = get_command(app)
    for name in root.list_commands(None):
        assert f"\n## scorekeeper {name}\n" in page, name
    # a section is what --help prints on a terminal of 80 columns
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    shown = subprocess.run([sys.executable, "-m", "scorekeeper", "check", "--help"], env=env, capture_output=True,
                           text=True, timeout=60).stdout
    section = page.split("\n## scorekeeper check\n", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert section == shown


def test_the_generator_writes_english_on_a_machine_that_speaks_another_language():
    env = {**os.environ, "SCOREKEEPER_LANG": "uk", "LANG": "uk_UA.UTF-8"}
    done = subprocess.run([sys.executable, "tools/reference.py", "--check"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# -- the manual page ------------------------------------------------------------------------------------

MAN = ROOT / reference.MAN_PAGE


def test_the_manual_page_is_the_programs_own_help():
    assert MAN.read_text(encoding="utf-8") == reference.man_page(), (
        f"{reference.MAN_PAGE} is stale (a command or an option changed): run `{reference.REGENERATE}` and commit it")


def test_the_manual_page_has_every_command_and_its_help():
    from typer.main import get_command

    page = MAN.read_text(encoding="utf-8")
    root = get_command(app)
    for name in root.list_commands(None):
        assert f'\n.SS "scorekeeper {name}"\n.nf\nUsage: scorekeeper {name} ' in page, name
    # the help as --help says it, escaped for roff: options keep their minus signs
    assert "\\-\\-help" in page and "\n.SH NAME\nscorekeeper \\- " in page


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_the_manual_page_reads_without_a_warning_and_fits_80_columns():
    done = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-rLL=80n", str(MAN)], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "MANWIDTH": "80"})
    assert done.returncode == 0 and done.stderr == "", done.stderr
    shown = re.sub(r".\x08", "", done.stdout)  # the bold and underlined letters, as a pager draws them
    assert "scorekeeper new [OPTIONS] [VARIANT] [PLAYER…]" in shown
    wide = [line for line in shown.splitlines() if len(line) > 80 and not line.strip().startswith("scorekeeper ")]
    assert not wide, wide  # an example command line may run on, as in --help itself
