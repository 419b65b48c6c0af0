"""The shared package depends on pydantic and the standard library only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ALLOWED_THIRD_PARTY = {
    "pydantic",
    "pydantic_core",
    "typing_extensions",
    "annotated_types",
    "typing_inspection",
}

PROBE = """
import json, sys
import contract, contract.examples, contract.expansion, contract.protocol, contract.results, contract.haproxy
print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))
"""


def test_contract_imports_only_pydantic_and_the_standard_library() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    # Names starting with "_" are interpreter plumbing (_sysconfigdata_*, the editable-install finder).
    top_level = {name for name in json.loads(out) if not name.startswith("_")}
    foreign = top_level - set(sys.stdlib_module_names) - ALLOWED_THIRD_PARTY - {"contract"}
    assert {"backend", "worker", "agents"}.isdisjoint(top_level)
    assert foreign == set()
