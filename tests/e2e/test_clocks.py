"""A lab host whose clock is off, on the local lab (real agents, HAProxy, nginx, vegeta, the API and
a Celery worker): its injector agent is restarted with the test hook HAPLAB_AGENT_TEST_CLOCK_SKEW_MS
(every reading of its clock 200 ms ahead). The lab page shows the offset its hello measured, the
run keeps the one measured at the warm-up, the injector still starts on the API's clock (its first
request within a few ms of the run's start_at, not 200 ms early), and the run carries the
`clocks_apart` caveat naming it.

Its own lab, not the shared one: it restarts one of the lab's agents.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from live_processes import wait_until
from run_helpers import Api, http_spec, restart_agent_with

from agents.clock import TEST_CLOCK_SKEW_ENV
from contract.clock import CLOCK_BOUND_MS

pytestmark = pytest.mark.slow

SKEW_MS = 200.0
# vegeta's first request leaves this soon after start_at at most on a loaded two-core box (its
# start-up is before start_at: agents/drivers/vegeta.py start_lead_s); a start 200 ms early is not.
START_WITHIN_MS = 120.0


def test_a_skewed_injector_is_measured_started_on_the_apis_clock_and_named_in_a_caveat(
    local_lab: Any, start_worker: Any
) -> None:
    api = Api(local_lab.api_url, local_lab.token)
    restarted_at = datetime.now().astimezone()
    restart_agent_with(
        local_lab, "injector-1", {TEST_CLOCK_SKEW_ENV: f"{SKEW_MS:g}"}, f"its clock {SKEW_MS:+g} ms"
    )

    def hello_measured() -> dict[str, Any] | None:
        agents = api.call("GET", f"/labs/{local_lab.lab_id}")["agents"]
        agent = next(a for a in agents if a["name"] == "injector-1" and a["revoked_at"] is None)
        clock = agent["clock"]
        fresh = clock is not None and datetime.fromisoformat(clock["measured_at"]) > restarted_at
        return clock if fresh and agent["status"] != "offline" else None

    at_hello = wait_until(hello_measured, 60, "the restarted injector's hello with its clock")
    print(f"at hello: {at_hello}")
    # Its clock is ahead by the skew: the API's is behind it by as much, within half the round trip.
    assert abs(at_hello["offset_ms"] + SKEW_MS) <= at_hello["round_trip_ms"] / 2 + 1, at_hello

    start_worker(agent_wait=20, lease=30)
    spec = http_spec(driver="vegeta", connections=10, duration_s=4)
    spec["load"].update(rate=100, warmup_s=1)
    [run_id] = api.launch("a skewed injector", spec, local_lab.lab_id)
    run = api.wait_finished(run_id, 120)
    assert run["state"] == "succeeded", run["error"]

    # The offset measured at the run's warm-up, kept with its environment; the others are in step.
    clocks = {name: agent["clock"] for name, agent in run["environment"]["agents"].items()}
    print(f"at the warm-up: {clocks}")
    injector = clocks["injector-1"]
    assert abs(injector["offset_ms"] + SKEW_MS) <= injector["round_trip_ms"] / 2 + 1, injector
    for name in ("proxy-1", "target-1"):
        assert abs(clocks[name]["offset_ms"]) <= CLOCK_BOUND_MS, clocks[name]

    # It started on the API's clock: its first request (vegeta's own record) at the run's start_at,
    # which is t0 (load_started_at) less the warm-up.
    [summary] = run["summary"]["injectors"]
    assert summary["start_source"] == "first_request", summary
    start_at = datetime.fromisoformat(run["load_started_at"]) - timedelta(seconds=1)
    late_ms = (datetime.fromisoformat(summary["started_at"]) - start_at).total_seconds() * 1000
    print(f"first request {late_ms:+.1f} ms after start_at")
    assert -5 <= late_ms <= START_WITHIN_MS, late_ms

    # ... and the run says the clock was off, naming the injector and the number.
    [caveat] = [c for c in run["summary"]["verdict"]["caveats"] if c["kind"] == "clocks_apart"]
    assert "injector injector-1" in caveat["sentence"], caveat
    assert "ahead of the API's" in caveat["sentence"], caveat
    offset = next(e["value"] for e in caveat["evidence"] if e["name"] == "clock_offset_ms")
    assert offset == pytest.approx(injector["offset_ms"], abs=0.01)

    # Its seconds line up with the other hosts' on the API's clock: every host ticked at t0 + n of
    # the API's clock (agents/ticker.py), which the injector's own clock, 200 ms ahead, read as 200
    # ms later than the others did (a sample's ts is its agent's reading).
    samples = api.samples(run_id)
    t0 = datetime.fromisoformat(run["load_started_at"])

    def tick_reading_ms(source: str) -> float:
        points = [s for s in samples[source] if 0 <= s["t"] < 4]
        assert {s["t"] for s in points} == {0, 1, 2, 3}, (source, points)
        lags = [
            (datetime.fromisoformat(s["ts"]) - t0).total_seconds() * 1000 - (s["t"] + 1) * 1000
            for s in points
        ]
        return min(lags)  # the least-late tick: a loaded box wakes samplers late, never early

    injector_ms, proxy_ms = tick_reading_ms("host:injector-1"), tick_reading_ms("host:proxy-1")
    print(f"ticks read at +{injector_ms:.1f} ms (injector) and +{proxy_ms:.1f} ms (proxy host)")
    assert abs(injector_ms - proxy_ms - SKEW_MS) <= START_WITHIN_MS, (injector_ms, proxy_ms)
