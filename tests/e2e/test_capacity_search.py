"""A capacity search on the local lab finds a capacity known in advance, and CI gates on it.

A server that holds `maxconn` requests at a time, each for the endpoint's delay, serves at most
maxconn / delay requests/s (10 / 20 ms = 500 req/s here); past it its queue in HAProxy grows
every second, so the p99 passes any objective above the delay within a probe's seconds. vegeta
holds each probe's rate (open loop), so the probed rate is what was asked.

One `haplab run` of an experiment file, as a CI job runs it: the search grows from 300 req/s,
bisects to 5%, probes the deciding fail once more, and judges two capacity rules, one the config
meets and one it cannot. The test holds the answer to the known capacity, every probe's figures
to each other, the probes after the first to the HAProxy and nginx the first one started (not
restarted between probes), and the exit code, the JUnit and the JSON report to the rules.
bench/capacity_search.py measures more configs with repetitions, and the staircase method
(docs/benchmarks.md, "Capacity search"); tests/worker/test_search_chaining.py chains a
staircase's stages into the bisection.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from junitparser import Failure, JUnitXml
from run_helpers import Api, assert_figures_agree, http_spec

pytestmark = pytest.mark.slow

HAPLAB = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "haplab"
MAXCONN = 10
DELAY_MS = 20
KNOWN_CAPACITY = MAXCONN * 1000 / DELAY_MS  # 500 req/s


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


def search_spec() -> dict[str, Any]:
    spec = http_spec(
        driver="vegeta",
        connections=20,
        path="/work",
        endpoints=[
            {"path": "/work", "delay_ms": DELAY_MS, "body_bytes": 0, "status": 200},
            {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
        ],
        request_timeout_s=10,
    )
    spec["proxy"]["backends"][0]["target_servers"] = {"maxconn": MAXCONN}
    spec["search"] = {
        "vary": "load.rate",
        "objective": [{"metric": "latency_p99_ms", "operator": "<", "value": 100}],
        "start": 300,
        "max": 2000,
        "precision": "5%",
        "probe": {"duration_s": 3, "warmup_s": 1},
    }
    spec["thresholds"] = [
        {"metric": "capacity", "operator": ">=", "value": 0.8 * KNOWN_CAPACITY},
        {"metric": "capacity", "operator": ">=", "value": 1.2 * KNOWN_CAPACITY},
    ]
    return spec


def test_a_search_finds_the_known_capacity_and_the_cli_gates_on_it(local_lab: Any, tmp_path: Path) -> None:
    api = Api(local_lab.api_url, local_lab.token)
    lab_name = next(lab["name"] for lab in api.call("GET", "/labs") if lab["id"] == local_lab.lab_id)
    file = tmp_path / "search.yaml"
    file.write_text(yaml.safe_dump({"name": "capacity search", "spec": search_spec()}, sort_keys=False))
    env = {**os.environ, "HAPLAB_URL": local_lab.api_url, "HAPLAB_TOKEN": local_lab.token}
    done = subprocess.run(
        [str(HAPLAB), "run", str(file), "--lab", lab_name, "--timeout", "400",
         "--junit", str(tmp_path / "report.xml"), "--json", str(tmp_path / "report.json")],
        env=env, capture_output=True, text=True, timeout=450,
    )  # fmt: skip
    print(done.stdout, done.stderr)
    report = json.loads((tmp_path / "report.json").read_text())
    launch = api.call("GET", f"/launches/{report['launch_id']}")
    [point] = launch["capacity"]["points"]
    [search] = point["searches"]
    answer = search["answer"]
    probes = search["probes"]
    print(answer["sentence"], [(p["value"], p["passed"], p["latency_p99_ms"]) for p in probes])

    # The answer: a value a probe passed at, within 5% of the known capacity, bracketed to 5%.
    assert answer["outcome"] == "capacity", answer
    assert abs(answer["capacity"] / KNOWN_CAPACITY - 1) <= 0.05, answer
    assert answer["bracket_high"] <= answer["capacity"] * 1.05 + 1 and answer["within_precision"]
    assert answer["safe"] == pytest.approx(0.8 * answer["capacity"], abs=1)
    assert "latency_p99_ms < 100" in answer["failed_rule"]
    assert point["capacity"] == answer["capacity"]
    # Probes are real runs: each passed exactly when its p99 met the objective, and each one's
    # figures agree with each other (what the clients counted, what HAProxy served ...).
    assert [p["value"] for p in probes][:2] == [300, 600]  # grown x2, then bisected
    for probe in probes:
        assert probe["state"] == "succeeded" and probe["inconclusive"] is None, probe
        assert probe["passed"] == (probe["latency_p99_ms"] < 100), probe
        run = api.wait_finished(probe["run_id"], 30)
        assert run["spec"]["load"]["rate"] == probe["value"]
        assert run["params"]["load.rate"] == probe["value"]
        assert_figures_agree(run, api.samples(probe["run_id"]))
    # HAProxy and nginx were started by the first probe and adopted by every later one.
    first = probes[0]["run_id"]
    for probe in probes[1:]:
        environment = api.call("GET", f"/runs/{probe['run_id']}")["environment"]
        assert environment["reused_processes_from_run"] is not None, (probe, environment)
        assert environment["reused_targets_from_run"] is not None, (probe, environment)
    assert api.call("GET", f"/runs/{first}")["environment"]["reused_processes_from_run"] is None

    # CI: the rule the config meets passes, the one it cannot fails, and the exit code is 1.
    assert done.returncode == 1, done.stdout + done.stderr
    assert launch["outcome"] == "thresholds_failed"
    passed = [r["passed"] for r in launch["point_thresholds"]]
    assert passed == [True, False], launch["point_thresholds"]
    assert report["capacity"][0]["capacity"] == answer["capacity"]
    cases = [case for suite in JUnitXml.fromfile(str(tmp_path / "report.xml")) for case in suite]
    failed = [case.name for case in cases if any(isinstance(r, Failure) for r in case.result)]
    assert len(failed) == 1 and "capacity >= 600" in failed[0], [c.name for c in cases]
    assert "capacity" in done.stdout and f"{answer['capacity']:,.0f} req/s" in done.stdout


def test_a_search_past_what_the_injector_can_send_ends_inconclusive_not_with_a_number(local_lab: Any) -> None:
    """Nothing in front of an endpoint that answers at once: the config's capacity is far above what
    one vegeta on this 2-core box sends, so the search must stop at the injector, saying so."""
    api = Api(local_lab.api_url, local_lab.token)
    spec = http_spec(driver="vegeta", connections=20, request_timeout_s=10)
    spec["search"] = {
        "vary": "load.rate",
        "objective": [{"metric": "latency_p99_ms", "operator": "<", "value": 100}],
        "start": 3000,
        "growth": 8,
        "max": 500_000,
        "probe": {"duration_s": 2, "warmup_s": 1},
    }
    experiment = api.create_experiment("capacity past the injector", spec)
    launched = api.call("POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": local_lab.lab_id})
    deadline = time.monotonic() + 180
    while not (launch := api.call("GET", f"/launches/{launched['launch_id']}"))["capacity"]["done"]:
        assert time.monotonic() < deadline, launch["capacity"]
        time.sleep(1)
    [point] = launch["capacity"]["points"]
    [search] = point["searches"]
    answer = search["answer"]
    print(answer["sentence"], [(p["value"], p["passed"], p["inconclusive"]) for p in search["probes"]])
    assert answer["outcome"] == "inconclusive" and answer["capacity"] is None, answer
    assert answer["sentence"].startswith("inconclusive: injector-bound"), answer["sentence"]
    assert point["capacity"] is None and point["outcome"] == "inconclusive"
    assert launch["outcome"] == "runs_failed"  # a CI gate cannot pass a capacity it could not measure
    last = search["probes"][-1]
    assert last["inconclusive"] is not None and f"{last['value']:,.0f} req/s" in answer["sentence"]
