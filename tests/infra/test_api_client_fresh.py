"""The committed API clients (frontend/openapi.json, frontend/src/client/, haplab_cli/client/) match
the backend.

The frontend's types come from the OpenAPI schema (dev/gen_api_client.sh). A backend change that
forgets to regenerate would leave the UI compiling against an API that no longer exists; this
test regenerates into a temp dir and fails with the files that differ.
"""

from __future__ import annotations

import filecmp
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend"
FIX = "run dev/gen_api_client.sh and commit what it writes"


def _differences(left: Path, right: Path) -> list[str]:
    cmp = filecmp.dircmp(left, right)
    out = [f"only in committed: {left / n}" for n in cmp.left_only]
    out += [f"missing from committed: {left / n}" for n in cmp.right_only]
    # filecmp's shallow compare trusts size+mtime; compare contents.
    out += [str(left / n) for n in cmp.common_files if not filecmp.cmp(left / n, right / n, shallow=False)]
    for sub in cmp.common_dirs:
        out += _differences(left / sub, right / sub)
    return out


@pytest.mark.skipif(
    not any((d / ".bin" / "openapi-ts").exists() for d in (FRONTEND / "node_modules", ROOT / "node_modules")),
    reason="frontend node_modules not installed (make prereqs)",
)
def test_committed_api_client_is_fresh(tmp_path: Path) -> None:
    subprocess.run(
        [str(ROOT / "dev" / "gen_api_client.sh"), str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert (FRONTEND / "openapi.json").read_text() == (tmp_path / "openapi.json").read_text(), (
        f"frontend/openapi.json is stale: {FIX}"
    )
    committed_schema = FRONTEND / "public" / "schemas" / "experiment.schema.json"
    assert committed_schema.read_text() == (tmp_path / "experiment.schema.json").read_text(), (
        f"{committed_schema.relative_to(ROOT)} is stale: {FIX}"
    )
    stale = _differences(FRONTEND / "src" / "client", tmp_path / "client")
    stale += _differences(ROOT / "haplab_cli" / "client", tmp_path / "pyclient")
    assert not stale, f"the generated client is stale ({FIX}):\n" + "\n".join(stale)
