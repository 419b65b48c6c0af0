"""docs/security.md states the caps raw lines are held to: it must say what limits.py enforces."""

from __future__ import annotations

from pathlib import Path

from contract.haproxy.limits import DIRECTIVE_CAPS, SERVER_ARGUMENT_CAPS, TUNE_CAPS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text()


def test_every_cap_is_documented_with_its_value() -> None:
    rows = {
        line.split("|")[1].strip(): line.split("|")[2].strip()
        for line in DOC.splitlines()
        if line.startswith("| `")
    }
    expected = {f"`{k}`": c for k, c in DIRECTIVE_CAPS.items()}
    expected |= {f"`default-server {k}`": c for k, c in SERVER_ARGUMENT_CAPS.items()}
    expected |= {f"`{k}`": c for k, c in TUNE_CAPS.items() if c is not None}
    for name, cap in expected.items():
        assert name in rows, f"{name} is missing from docs/security.md"
        assert rows[name].startswith(f"{cap.limit:,}"), (name, rows[name], cap.limit)
    for name, cap in TUNE_CAPS.items():
        if cap is None:
            assert f"`{name}`" in DOC
