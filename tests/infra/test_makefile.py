"""The Makefile says what it does: every .PHONY name is a target, and `make typecheck`, the
pre-commit hook and `make test` type-check the same packages."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKEFILE = (ROOT / "Makefile").read_text()


def _mypy_packages(text: str) -> set[str]:
    found = re.findall(r"/mypy((?: [a-z_]+)+)", text)
    assert len(found) == 1, f"expected one mypy command line, found {found}"
    return set(found[0].split())


def test_every_phony_name_is_a_target() -> None:
    phony = re.search(r"^\.PHONY:(.*)$", MAKEFILE, re.MULTILINE)
    assert phony is not None
    targets = set(re.findall(r"^([a-z][a-z0-9-]*):", MAKEFILE, re.MULTILINE))
    names = set(phony.group(1).split())
    assert names == targets, f".PHONY without a target: {names - targets}; not .PHONY: {targets - names}"


def test_every_mypy_run_checks_the_same_packages() -> None:
    suites = _mypy_packages((ROOT / "dev" / "test.sh").read_text().split("mypy)", 1)[1])
    assert _mypy_packages(MAKEFILE) == suites
    assert _mypy_packages((ROOT / ".pre-commit-config.yaml").read_text()) == suites
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")} - {"tests"}
    assert packages <= suites, f"not type-checked: {packages - suites}"
