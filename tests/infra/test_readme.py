"""The README's layout and driver list say what the repository really holds."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import get_args

from contract.drivers import DRIVERS, DriverName

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def _layout_block() -> str:
    section = README.split("## Layout", 1)[1]
    return section.split("```", 2)[1]


def test_the_layout_names_every_top_level_folder_and_no_other() -> None:
    named = set(re.findall(r"^([a-z][a-z0-9_-]*)/\s", _layout_block(), re.MULTILINE))
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    ).stdout.splitlines()
    folders = {path.split("/", 1)[0] for path in tracked if "/" in path and not path.startswith(".")}
    assert named == folders, f"README layout: missing {folders - named}, stale {named - folders}"


def test_the_layout_lists_every_load_driver() -> None:
    listed = re.search(r"load drivers\s*\(([^)]*)\)", _layout_block())
    assert listed is not None, "the layout's agents/ line names its load drivers in parentheses"
    names = {name.strip() for name in listed.group(1).replace("\n", " ").split(",")}
    assert names == set(DRIVERS) == set(get_args(DriverName))


def test_the_suite_count_matches_make_test() -> None:
    script = (ROOT / "dev" / "test.sh").read_text()
    suites = re.search(r"^ALL_SUITES=\(([^)]*)\)", script, re.MULTILINE)
    assert suites is not None
    count = len(suites.group(1).split())
    assert f"all {count} suites ok" in README
