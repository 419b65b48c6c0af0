"""HAProxy's request log collected for real on the local lab: the worker renders the log lines,
the proxy agent (HAProxy in its namespace) reads every line into `timers` samples, and the API
stores them beside HAProxy's own counters (docs/architecture.md, "The path of a log line")."""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api, http_spec

pytestmark = pytest.mark.slow
SLOW_MS = 50


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Api:
    return Api(local_lab.api_url, local_lab.token)


def test_every_request_of_a_closed_loop_is_logged_read_and_counted_once(api: Api, local_lab: Any) -> None:
    """8 closed-loop clients, a 50 ms endpoint behind a server maxconn 1: a closed loop states no
    rate, so HAProxy logs every request; the log's lines equal HAProxy's own request count second
    by second (nothing dropped), and the queue shows in the samples' counts."""
    spec = http_spec(
        driver="hey",
        connections=8,
        duration_s=6,
        path="/slow",
        endpoints=[
            {"path": "/slow", "delay_ms": SLOW_MS, "body_bytes": 0, "status": 200},
            {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
        ],
    )
    spec["proxy"]["backends"][0]["target_servers"] = {"maxconn": 1}
    [run_id] = api.launch("timers-collected", spec, local_lab.lab_id)
    run = api.wait_finished(run_id, 90)
    assert run["state"] == "succeeded", run["error"]

    assert run["environment"]["request_log_one_in"] == 1
    config = run["rendered_config"]
    assert "timers.sock len 2048 format raw local0" in config and 'log-format "hl1h ' in config
    samples = api.samples(run_id)
    timers = {s["t"]: s["data"] for s in samples.get("timers", [])}
    proxy = {s["t"]: s["data"] for s in samples.get("proxy", [])}
    measured = [t for t in range(6) if t in timers and t in proxy]
    assert len(measured) >= 5, (sorted(timers), sorted(proxy))
    lines = sum(timers[t]["lines"] for t in timers)
    requests = sum(int(proxy[t].get("FRONTEND.req_tot", 0)) for t in proxy)
    dropped = sum(int(proxy[t].get("PROCESS.dropped_logs", 0)) for t in proxy)
    print(f"log lines {lines}, HAProxy requests {requests}, dropped {dropped}")
    assert dropped == 0
    assert requests > 50 and abs(lines - requests) <= max(2, requests // 100)
    assert sum(timers[t]["unparsed"] for t in timers) == 0
    # One slot, 8 clients: all but the first requests of the run waited in HAProxy's queue.
    assert sum(timers[t]["queued"] for t in timers) >= 0.8 * lines
    assert sum(timers[t]["sum_mismatches"] for t in timers) == 0
