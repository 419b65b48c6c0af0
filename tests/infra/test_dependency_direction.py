"""One direction of dependencies: contract depends on nothing of ours, common only on contract,
agents only on contract and common.

import-linter checks the contracts in pyproject.toml; the `ast` walk below also pins what
third-party packages contract/ and agents/ may use, so an agent host stays installable with the
`agent` extra alone, and the rule holds even where import-linter is not installed.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STDLIB = set(sys.stdlib_module_names)
ALLOWED = {
    # pydantic_core is pydantic's own compiled core, always installed with it.
    "contract": {"contract", "pydantic", "pydantic_core"},
    "common": {"common", "contract", "pydantic", "pydantic_core", "hdrh"},
    "agents": {"agents", "contract", "common", "pydantic", "pydantic_core", "httpx", "hdrh"},
}


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_what_it_may(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"no Python files under {package}/"
    offending = {
        str(path.relative_to(ROOT)): sorted(bad)
        for path in files
        if (bad := imported_top_levels(path) - STDLIB - ALLOWED[package])
    }
    assert not offending, f"{package}/ may import only the stdlib and {sorted(ALLOWED[package])}"


def test_the_walk_sees_forbidden_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom backend.models import Run\nimport sqlalchemy.orm\nfrom . import x\n")
    assert imported_top_levels(sample) - STDLIB == {"backend", "sqlalchemy"}


def test_import_linter_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint_imports)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and " 0 broken" in result.stdout
