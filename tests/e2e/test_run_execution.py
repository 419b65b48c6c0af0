"""Runs executed for real on the local lab: agents, HAProxy, nginx, load tools, worker, API.

Nothing is replaced: the three agents run as processes (in network namespaces as root), the
worker is a real Celery worker, the API a real uvicorn, and what the tests read comes back
through the REST API as a user would read it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from run_helpers import Api, http_spec

pytestmark = pytest.mark.slow


@pytest.fixture
def api(local_lab: Any, start_worker: Any) -> Api:
    start_worker(agent_wait=20, lease=30)
    return Api(local_lab.api_url, local_lab.token)


def test_closed_loop_fast_run_succeeds_with_live_samples_and_its_recipe(api: Api, local_lab: Any) -> None:
    [run_id] = api.launch(
        "fast-closed-loop", http_spec(driver="wrk", connections=20, duration_s=10), local_lab.lab_id
    )

    run = api.wait_finished(run_id, 90)

    assert run["state"] == "succeeded", run["error"]
    total = run["summary"]["total"]
    assert total["rps"] > 0 and total["successes"] > 0
    assert total["errors"]["total"] == 0, total["errors"]
    assert total["latency"]["p50"] <= total["latency"]["p99"] <= total["latency"]["max"]
    # What ran is stored with the run: the config, the exact tool command lines, the environment.
    assert "backend app" in run["rendered_config"] and "http-reuse safe" in run["rendered_config"]
    argv_by_agent = run["command_lines"]
    assert any(argv[0] == "wrk" or "wrk" in argv for lines in argv_by_agent.values() for argv in lines)
    assert any("haproxy" in " ".join(argv) for lines in argv_by_agent.values() for argv in lines)
    assert {"proxy-1", "injector-1", "target-1"} <= set(run["environment"])
    # The tool's own output, under its command line, is downloadable: wrk's summary is in it.
    raw = api.http.get(f"/runs/{run_id}/output.txt")
    assert raw.status_code == 200 and raw.headers["content-type"].startswith("text/plain")
    assert "===== injector-1 =====" in raw.text and " wrk -t " in raw.text, raw.text[:500]
    assert "Requests/sec:" in raw.text, raw.text[-2000:]
    # Live samples: at least 8 of the 10 measured seconds from the proxy and from the injector host.
    samples = api.samples(run_id)
    measured = lambda source: [s for s in samples.get(source, []) if 0 <= s["t"] < 10]  # noqa: E731
    assert len(measured("proxy")) >= 8, sorted(samples)
    assert len(measured("host:injector-1")) >= 8, sorted(samples)
    # HAProxy's own count agrees with the client's (per-second deltas are exact).
    proxy = run["summary"]["proxy"]
    assert proxy["requests"] > 0
    # 20 clients on /fast behind maxconn 1000: whatever bound it (CPU on this shared box), not maxconn.
    print(f"fast closed loop verdict: {run['verdict']}")
    assert run["verdict"]["kind"] not in ("maxconn", "errors", "unknown"), run["verdict"]


# Seed 000's capacity law (success rate = maxconn / delay) and its client timeouts moved to
# test_seed_000.py, with the verdict and the sweep analysis.


LOAD_TOOLS = {"wrk", "hey", "h2load"}


def _load_tools_in(netns: str) -> list[str]:
    """Load-tool processes living in the namespace, as "pid name"."""
    out = subprocess.run(
        ["ip", "netns", "pids", netns], capture_output=True, text=True, timeout=5, check=True
    )
    found = []
    for pid in out.stdout.split():
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue  # it just exited
        if name in LOAD_TOOLS:
            found.append(f"{pid} {name}")
    return found


def test_killing_the_injector_agent_fails_the_run_with_its_partial_samples(api: Api, local_lab: Any) -> None:
    [run_id] = api.launch("lose-injector", http_spec(driver="wrk", duration_s=25), local_lab.lab_id)
    api.wait_state(run_id, "running", 60)
    time.sleep(3)

    injector = next(a for a in local_lab.agents if a.host.role == "injector")
    os.kill(injector.pid, signal.SIGKILL)
    injector.proc.wait(10)
    injector.stopped = True

    run = api.wait_finished(run_id, 60)
    assert run["state"] == "failed"
    assert "injector-1" in run["error"] and "lost" in run["error"], run["error"]
    # What was measured before the loss is kept: the samples, and a summary marked incomplete.
    proxy = [s for s in api.samples(run_id)["proxy"] if s["t"] >= 0]
    assert len(proxy) >= 2 and sum(s["data"].get("fe.req_tot", 0) for s in proxy) > 0
    completeness = run["completeness"]
    assert completeness is not None and completeness["complete"] is False, run["summary"]
    assert completeness["totals_from"] == "proxy" and completeness["reasons"] == [run["error"]]
    # The rate divides by the seconds that had load, not the 25 asked: wrk outlives its killed
    # agent until its load lease (10 s) runs out, so about 3 + 10 s reached HAProxy.
    assert 3 <= completeness["measured_s"] <= 3 + 10 + 5, completeness
    total = run["summary"]["total"]
    assert total["successes"] > 0 and total["rps"] > 0
    assert abs(total["rps"] - total["successes"] / completeness["measured_s"]) < 0.01 * total["rps"]
    assert run["load_started_at"] is not None and run["load_ended_at"] > run["load_started_at"]


def test_killing_the_worker_stops_the_load_by_lease_and_the_run_does_not_stay_running(
    local_lab: Any, start_worker: Any
) -> None:
    worker = start_worker(agent_wait=20, lease=5, reap_interval=2)
    api = Api(local_lab.api_url, local_lab.token)
    [run_id] = api.launch("lose-worker", http_spec(driver="wrk", duration_s=60), local_lab.lab_id)
    api.wait_state(run_id, "running", 60)
    time.sleep(2)

    worker.kill_hard()
    killed_at = time.monotonic()

    injector_ns = local_lab.hosts["injector"].netns
    if injector_ns is not None:
        # Nobody renews the load's lease (10 s) any more: the injector stops wrk by itself,
        # long before wrk's own 60 s are up.
        assert _load_tools_in(injector_ns), "the load was not running when the worker died"
        while left := _load_tools_in(injector_ns):
            assert time.monotonic() - killed_at < 20, f"the load kept running without its lease: {left}"
            time.sleep(0.5)
    # A new worker's reaper finds the lab's lease expired and fails the run.
    start_worker(agent_wait=20, lease=5, beat=True, reap_interval=2)
    run = api.wait_finished(run_id, 60)
    assert run["state"] == "failed"
    assert "worker lost" in run["error"], run["error"]
    completeness = run["completeness"]  # the reaper kept what HAProxy counted before the death
    assert completeness is not None and not completeness["complete"], run["summary"]
    assert run["summary"]["total"]["successes"] > 0


def test_a_frozen_worker_whose_load_lease_expired_ends_partial_not_succeeded(
    local_lab: Any, start_worker: Any
) -> None:
    # The worker stops renewing the load's lease (10 s) while frozen; its lab lease (60 s) holds,
    # so it resumes the run and must say that the load stopped short.
    worker = start_worker(agent_wait=20, lease=60)
    api = Api(local_lab.api_url, local_lab.token)
    [run_id] = api.launch("freeze-worker", http_spec(driver="hey", duration_s=30), local_lab.lab_id)
    api.wait_state(run_id, "running", 60)
    time.sleep(2)

    worker.freeze(16)

    run = api.wait_finished(run_id, 90)
    assert run["state"] == "partial", (run["state"], run["error"])
    assert "lease expired" in run["error"], run["error"]
    completeness = run["completeness"]
    assert completeness["complete"] is False and completeness["asked_s"] == 30
    assert completeness["measured_s"] < 25, completeness
    total = run["summary"]["total"]
    assert total["duration_s"] < 25 and total["successes"] > 0
    # Left out of the sweep's analysis, and named there.
    analysis = api.call("GET", f"/experiments/{run['experiment_id']}/analysis")
    assert analysis["partial_run_ids"] == [run_id] and analysis["points"][0]["run_ids"] == []
    assert "left out" in analysis["note"]


def test_cancel_stops_the_load_within_two_seconds(api: Api, local_lab: Any) -> None:
    # hey: on SIGINT it stops at once (wrk may first spend seconds exporting its Lua report).
    [run_id] = api.launch("cancel-me", http_spec(driver="hey", duration_s=60), local_lab.lab_id)
    api.wait_state(run_id, "running", 60)
    time.sleep(2)
    injector_ns = local_lab.hosts["injector"].netns
    if injector_ns is not None:
        assert _load_tools_in(injector_ns), "the load is not running"

    api.call("POST", f"/runs/{run_id}/cancel")
    cancelled_at = time.monotonic()

    if injector_ns is not None:
        while left := _load_tools_in(injector_ns):
            assert time.monotonic() - cancelled_at < 2.0, f"load still running 2 s after cancel: {left}"
            time.sleep(0.05)
        print(f"cancel: the load stopped {time.monotonic() - cancelled_at:.2f} s after the request")
    run = api.wait_finished(run_id, 30)
    assert run["state"] == "cancelled"
    assert run["started_at"] is not None
