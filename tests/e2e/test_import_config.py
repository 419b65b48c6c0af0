"""A production haproxy.cfg imported with `haplab import` and run on the local lab, as issue 35's
acceptance asks: 3 backends with ACL routing, a TLS bind with a crt path, a userlist and a
lua-load. The import refuses the lua-load, leaves the userlist out (and the rule that needs it),
maps the crt path to the lab certificate, keeps the routing; the run sends its load over TLS to
a path the routing sends to one backend, and HAProxy's own counters show that backend served it.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from run_helpers import Api

pytestmark = pytest.mark.slow

HAPLAB = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "haplab"
CONFIG = (
    Path(__file__).resolve().parents[1]
    / "contract"
    / "cfg_import_cases"
    / "three-backends-tls-userlist-lua.cfg"
)


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    return shared_lab


def _haplab(env: dict[str, str], *args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(HAPLAB), *args], env=env, capture_output=True, text=True, timeout=timeout)
    print(f"$ haplab {' '.join(args)}  -> exit {done.returncode}\n{done.stdout}{done.stderr}")
    return done


def _served(samples: list[dict[str, Any]], section: str) -> int:
    return sum(int(sample["data"].get(f"{section}.hrsp_2xx") or 0) for sample in samples)


def test_an_imported_production_config_runs_with_its_routing(local_lab: Any, tmp_path: Path) -> None:
    api = Api(local_lab.api_url, local_lab.token)
    lab_name = next(lab["name"] for lab in api.call("GET", "/labs") if lab["id"] == local_lab.lab_id)
    env = {**os.environ, "HAPLAB_URL": local_lab.api_url, "HAPLAB_TOKEN": local_lab.token}
    exp, report = tmp_path / "imported.yaml", tmp_path / "report.json"

    imported = _haplab(
        env, "import", str(CONFIG), "-o", str(exp), "--env", "APP3=10.0.0.13:8080", "--lab", lab_name,
        "--report", str(report),
    )  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    diagnostics = imported.stderr
    assert f"{CONFIG}:12: refused: Lua is not allowed" in diagnostics
    assert f"{CONFIG}:18: not imported: userlist" in diagnostics
    assert "haproxy -c accepts it" in diagnostics
    fates = {line["line"]: line for line in json.loads(report.read_text())["lines"]}
    assert fates[39]["fate"] == "refused" and "admins" in fates[39]["detail"]  # http_auth(admins)
    assert fates[34]["fate"] == "mapped" and "certificate 'lab'" in fates[34]["detail"]

    # The load goes to /static/x over TLS: `use_backend static if is_static` sends it to backend
    # static; the managed target is told to serve that path.
    endpoints = "[{path: /}, {path: /health}, {path: /static/x}]"
    ran = _haplab(
        env, "run", str(exp), "--lab", lab_name, "--json", str(tmp_path / "run.json"),
        "--set", "spec.load.duration_s=3", "--set", "spec.load.warmup_s=1",
        "--set", "spec.load.path=/static/x", "--set", f"spec.target.endpoints={endpoints}",
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    (run,) = json.loads((tmp_path / "run.json").read_text())["runs"]
    assert run["state"] == "succeeded"
    detail = api.call("GET", f"/runs/{run['id']}")
    assert detail["spec"]["load"]["tls"] is True
    samples = api.samples(run["id"])["proxy"]
    static, app, api_backend = _served(samples, "static"), _served(samples, "app"), _served(samples, "api")
    assert static > 100 and app == 0 and api_backend == 0, (static, app, api_backend)
