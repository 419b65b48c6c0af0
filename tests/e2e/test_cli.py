"""`haplab` (haplab_cli) against the real stack and the local lab, as a CI job runs it: an
experiment file launched with an API token, judged by its thresholds, reported as JUnit and
JSON, and the exit code a CI system acts on.

One lab for the whole story (each local lab costs seconds to build): bad input (3), a passing
launch (0), the same file with a rule that cannot pass and stops the run (1), and a run whose
load tool is killed (2).
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from junitparser import Failure, JUnitXml
from run_helpers import Api, http_spec, load_tools_in

pytestmark = pytest.mark.slow

HAPLAB = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "haplab"


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


def _haplab(env: dict[str, str], *args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(HAPLAB), *args], env=env, capture_output=True, text=True, timeout=timeout)
    print(f"$ haplab {' '.join(args)}  -> exit {done.returncode}\n{done.stdout}{done.stderr}")
    return done


def test_haplab_run_exits_with_the_verdict_ci_acts_on(local_lab: Any, tmp_path: Path) -> None:
    api = Api(local_lab.api_url, local_lab.token)
    lab_name = next(lab["name"] for lab in api.call("GET", "/labs") if lab["id"] == local_lab.lab_id)
    env = {
        **os.environ,
        "HAPLAB_URL": local_lab.api_url,
        "HAPLAB_TOKEN": local_lab.token,
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    spec = http_spec(driver="hey", connections=10, duration_s=4)
    spec["thresholds"] = [
        {"metric": "error_pct", "operator": "<", "value": 1},
        {"metric": "req_s", "aggregate": "max", "operator": ">", "value": 0},
        {"metric": "requests", "operator": ">", "value": 0, "per_point": "mean"},  # the launch's
    ]
    exp = tmp_path / "exp.yaml"
    exp.write_text(
        yaml.safe_dump(
            {"name": "cli gate", "description": "from a file", "tags": ["ci"], "spec": spec}, sort_keys=False
        )
    )

    # login keeps a token it checked, readable by this user only; a refused token is not kept.
    credentials = tmp_path / "haplab" / "credentials.json"
    refused = _haplab(env, "login", "--url", local_lab.api_url, "--token", "hl_not-a-token")
    assert refused.returncode == 3 and not credentials.exists(), refused.stdout + refused.stderr
    signed = _haplab(env, "login", "--url", local_lab.api_url, "--token", local_lab.token)
    assert signed.returncode == 0 and str(credentials) in signed.stdout.replace("\n", ""), signed.stdout
    assert stat.S_IMODE(credentials.stat().st_mode) == 0o600
    assert json.loads(credentials.read_text()) == {"url": local_lab.api_url, "token": local_lab.token}

    # Bad input exits 3 and names where: a YAML error at its line, a field at its line, a lab.
    broken = tmp_path / "broken.yaml"
    broken.write_text(exp.read_text().replace("  load:\n", "  load: [\n", 1))
    bad = _haplab(env, "run", str(broken), "--lab", lab_name)
    assert bad.returncode == 3 and "broken.yaml:" in bad.stderr and "not valid YAML" in bad.stderr
    typo = _haplab(env, "validate", str(exp), "--set", "spec.load.conections=5")
    assert typo.returncode == 3 and "spec.load.conections" in typo.stderr, typo.stderr
    assert f"exp.yaml:{_line_of(exp, '  load:')}" in typo.stderr  # the new key sits in load
    # A line haproxy -c refuses (the allowlist lets it through): named by its field, at the file.
    refused_line = _haplab(
        env, "validate", str(exp), "--set", 'spec.proxy.global.extra=["tune.http.maxhdr 0"]'
    )
    assert refused_line.returncode == 3, refused_line.stdout + refused_line.stderr
    assert "spec.proxy.global.extra.0" in refused_line.stderr and "exp.yaml:" in refused_line.stderr
    assert _haplab(env, "run", str(exp), "--lab", "no such lab").returncode == 3
    assert _haplab(env, "validate", str(exp)).returncode == 0

    # Every threshold passes: exit 0, one experiment created, reports written.
    passed = _haplab(
        env,
        "run",
        str(exp),
        "--lab",
        lab_name,
        "--junit",
        str(tmp_path / "ok.xml"),
        "--json",
        str(tmp_path / "ok.json"),
    )
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "created experiment" in passed.stdout
    report = json.loads((tmp_path / "ok.json").read_text())
    assert report["passed"] and [r["state"] for r in report["runs"]] == ["succeeded"]
    cases = [case for suite in JUnitXml.fromfile(str(tmp_path / "ok.xml")) for case in suite]
    assert len(cases) == 1 + 2 + 1 and not any(case.result for case in cases)  # run, its rules, the point's
    assert report["outcome"] == "passed" and report["point_thresholds"][0]["note"] == "mean of 1 run"
    assert "thresholds judged per sweep point" in passed.stdout

    # A rule that cannot pass, watched live: the run stops after its grace, the file's change is a
    # new version of the same experiment, and the JUnit report names the rule with its value.
    watched = "{metric: req_s, aggregate: max, operator: <, value: 1, abort_on_fail: true, grace_s: 2}"
    lose = _haplab(
        env, "run", str(exp), "--lab", lab_name, "--junit", str(tmp_path / "lost.xml"),
        "--set", "spec.load.duration_s=30", "--set", f"spec.thresholds.1={watched}",
    )  # fmt: skip
    assert lose.returncode == 1, lose.stdout + lose.stderr
    assert "new version 2" in lose.stdout
    assert "s of 30 s measured, ~" in lose.stdout  # progress while the load runs
    cases = [case for suite in JUnitXml.fromfile(str(tmp_path / "lost.xml")) for case in suite]
    failed = [case for case in cases if any(isinstance(r, Failure) for r in case.result)]
    # The point's rule judges the runs that succeeded: the stopped one is not one, so it fails too.
    assert [case.name.split(": ", 1)[1] for case in failed] == [
        "threshold 1 req_s max < 1",
        "threshold 2 requests mean of the point's runs > 0",
    ]
    assert "no run of this point succeeded" in failed[1].result[0].message
    message = failed[0].result[0].message
    assert "measured " in message and "limit < 1" in message, message
    run_id = int(message.rsplit("/runs/", 1)[1].rstrip(")"))
    run = api.call("GET", f"/runs/{run_id}")
    assert run["state"] == "partial" and run["thresholds"]["aborted_by"] == 1
    assert "stopped early by threshold 1 (req_s max < 1)" in run["error"]
    measured = run["summary"]["total"]["duration_s"]
    print(f"abort_on_fail: the load ran {measured:.1f} s of 30 s (grace 2 s)")
    assert 2 <= measured <= 8, measured

    # A fault: the load tool is killed mid-run. The run did not do what it was asked: exit 2.
    injector_ns = local_lab.hosts["injector"].netns
    if injector_ns is None:
        pytest.skip("no network namespaces: the load tool cannot be told apart from others")
    args = [
        "run",
        str(exp),
        "--lab",
        lab_name,
        "--set",
        "spec.load.duration_s=30",
        "--json",
        str(tmp_path / "fault.json"),
    ]
    faulty = subprocess.Popen(
        [str(HAPLAB), *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while not (tools := load_tools_in(injector_ns)):
            assert time.monotonic() < deadline, "the load never started"
            time.sleep(0.2)
        time.sleep(1)
        for tool in load_tools_in(injector_ns):
            os.kill(int(tool.split()[0]), signal.SIGKILL)
        print(f"killed {tools}")
        output, _ = faulty.communicate(timeout=120)
    finally:
        if faulty.poll() is None:
            faulty.kill()
    print(output)
    assert faulty.returncode == 2, output
    fault = json.loads((tmp_path / "fault.json").read_text())
    assert fault["exit_code"] == 2 and fault["runs"][0]["state"] in ("failed", "partial"), fault["runs"]


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(text))
