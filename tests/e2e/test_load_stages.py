"""A staged open loop end to end: 100 -> 300 -> 200 req/s, 4 s each, through HAProxy on the local lab.

vegeta_stages (agents/tools/vegeta_stages) paces the three rates in one attack; the injector reads
each stage over its window (after a settling second) and the worker merges them into
RunSummary.stages. Each stage must deliver its rate within 2 % over its window, with the windows
where the run's clock puts them (HAProxy's 2xx of those seconds agree: assert_figures_agree holds
every stage against them, as well as the run's total), and the headline is the whole window's.
"""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api, http_spec

pytestmark = pytest.mark.slow

RATES = [100, 300, 200]
STAGE_S = 4
WARMUP_S = 1


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    return shared_lab


def test_a_three_stage_ramp_delivers_each_stages_rate_over_its_window(local_lab: Any) -> None:
    api = Api(local_lab.api_url, local_lab.token)
    spec = http_spec(driver="vegeta", connections=10, threads=1, request_timeout_s=5)
    del spec["load"]["duration_s"]  # derived from the stages
    spec["load"].update(warmup_s=WARMUP_S, stages=[{"duration_s": STAGE_S, "rate": rate} for rate in RATES])
    [run_id] = api.launch("three stages", spec, local_lab.lab_id)
    run = api.wait_finished(run_id, 120)  # also holds every figure to the others, stages included
    assert run["state"] == "succeeded", run["error"]
    assert run["spec"]["load"]["duration_s"] == STAGE_S * len(RATES)
    assert run["spec"]["load"]["rate"] == pytest.approx(sum(RATES) / len(RATES))

    summary = run["summary"]
    stages = summary["stages"]
    assert [s["index"] for s in stages] == [0, 1, 2]
    # each stage's window leaves out its first second (settling)
    assert [(s["start_s"], s["end_s"]) for s in stages] == [
        (i * STAGE_S + 1, (i + 1) * STAGE_S) for i in range(3)
    ]
    assert [s["target"] for s in stages] == RATES
    for stage, rate in zip(stages, RATES, strict=True):
        assert stage["rps"] == pytest.approx(rate, rel=0.02), stage
        assert stage["errors"]["total"] == 0 and stage["error_pct"] == 0, stage
        assert stage["dropped_sends"] == 0 and stage["latency"]["p50"] > 0, stage

    # HAProxy's 2xx over each stage's seconds: the per-stage table beside the requests chart.
    proxy = api.samples(run_id)["proxy"]
    for stage, rate in zip(stages, RATES, strict=True):
        seconds = [s for s in proxy if stage["start_s"] <= s["t"] < stage["end_s"]]
        served = sum(s["data"].get("fe.hrsp_2xx", 0) for s in seconds) / len(seconds)
        assert served == pytest.approx(rate, rel=0.03), (stage, [s["t"] for s in seconds])

    total = summary["total"]
    assert total["duration_s"] == STAGE_S * len(RATES)
    assert total["rps"] == pytest.approx(sum(RATES) / len(RATES), rel=0.02), total


def test_connection_stages_split_across_two_injectors_step_together(shared_two_injector_lab: Any) -> None:
    """Closed-loop stages (2 then 6 connections) on two injectors: each runs its share of each
    stage (1 + 1, then 3 + 3), the worker merges their stages, and a 20 ms endpoint makes the
    rate follow the connections (about 50 req/s per connection)."""
    lab = shared_two_injector_lab
    api = Api(lab.api_url, lab.token)
    endpoints = [{"path": "/slow", "delay_ms": 20, "body_bytes": 0, "status": 200}]
    spec = http_spec(driver="vegeta", threads=1, path="/slow", endpoints=endpoints, request_timeout_s=5)
    for field in ("duration_s", "connections"):
        del spec["load"][field]  # derived from the stages
    spec["load"]["stages"] = [{"duration_s": 4, "connections": 2}, {"duration_s": 4, "connections": 6}]
    [run_id] = api.launch("two injectors, connection stages", spec, lab.lab_id)
    run = api.wait_finished(run_id, 120)
    assert run["state"] == "succeeded", run["error"]
    summary = run["summary"]
    shares = sorted((i["agent"], [s["target"] for s in i["stages"]]) for i in summary["injectors"])
    assert shares == [("injector-1", [1, 3]), ("injector-2", [1, 3])]
    low, high = summary["stages"]
    assert (low["target"], high["target"]) == (2, 6)
    assert (low["start_s"], low["end_s"], high["start_s"], high["end_s"]) == (1, 4, 5, 8)
    assert low["successes"] == sum(i["stages"][0]["successes"] for i in summary["injectors"])
    # a closed loop on a 20 ms endpoint: each connection ~45-50 req/s; three times the connections
    assert 2.5 < high["rps"] / low["rps"] < 3.3, (low, high)
    assert low["errors"]["total"] == high["errors"]["total"] == 0
