"""Every figure agrees: the check's arithmetic and tolerances on recorded runs.

tests/worker/data/figures/ holds runs of the local lab as the end-to-end tests recorded them
(HAPLAB_E2E_RECORD_RUNS, tests/e2e/run_helpers.py): the spec, the summary and HAProxy's per-second
counters the check reads. Honest runs of every HTTP driver agree; each planted contradiction is
caught by the comparison that names it, with both numbers and where each came from; and the
recorded hey run of seed 000 on today's driver (successes over hey's Total, which waits for the
last replies) is caught as it is.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contract.examples import seed_001_mariadb_maxconn
from contract.experiment import ExperimentSpec
from contract.results import RunSummary, stored_summary
from worker.verdicts.consistency import check_figures, figure_caveats

DATA = Path(__file__).parent / "data" / "figures"
HONEST = [
    "wrk-fast-closed-loop-1",  # 36k req/s closed loop, 20 connections, 10 s
    "wrk-seed-003-tls-2",  # TLS 10 MB bodies, 30 req/s
    "hey-seed-004-reuse-3",  # hey without warm-up, 3 s: its Total is the window
    "h2load-seed-004-h2-client-7",  # HTTP/2 clients
    "vegeta-seed-002-shaped-1",  # open loop below a capped link
    "vegeta-seed-002-shaped-2",  # at twice the link: 566 arrived in the window, HAProxy sent 1,534
    "vegeta-three-stages-1",  # staged open loop 100 -> 300 -> 200 req/s, 5 s each
]


def recorded(name: str) -> tuple[ExperimentSpec, RunSummary, dict[str, list[dict[str, Any]]]]:
    doc = json.loads((DATA / f"{name}.json").read_text())
    return ExperimentSpec.model_validate(doc["spec"]), stored_summary(doc["summary"]), doc["samples"]


def verdicts(spec: ExperimentSpec, summary: RunSummary, samples: dict[str, Any]) -> dict[str, bool]:
    return {c.key: c.agrees for c in check_figures(spec, summary, samples)}


def failing(spec: ExperimentSpec, summary: RunSummary, samples: dict[str, Any]) -> list[str]:
    return [key for key, agrees in verdicts(spec, summary, samples).items() if not agrees]


def with_total(summary: RunSummary, **changes: Any) -> RunSummary:
    return summary.model_copy(update={"total": summary.total.model_copy(update=changes)})


@pytest.mark.parametrize("name", HONEST)
def test_honest_runs_of_every_driver_agree(name: str) -> None:
    spec, summary, samples = recorded(name)
    comparisons = check_figures(spec, summary, samples)
    assert {c.key for c in comparisons} >= {
        "window",
        "rate_vs_haproxy",
        "successes_vs_haproxy",
        "errors_vs_haproxy",
    }
    assert [c.describe() for c in comparisons if not c.agrees] == []
    assert figure_caveats(spec, summary, samples) == []


def test_answers_that_arrived_after_the_window_explain_haproxys_extra_2xx() -> None:
    """Behind seed 002's capped link HAProxy handed 1,534 answers to the kernel in the window; 566
    arrived in it, 343 after it (the drain) and 691 after the clients' timeout."""
    spec, summary, samples = recorded("vegeta-seed-002-shaped-2")
    assert (summary.total.successes, summary.total.errors.timeout) == (566, 691)
    assert summary.total.drain is not None and summary.total.drain.responses == 343
    # Without the drain and the timeouts, HAProxy's 2xx would be a contradiction.
    assert "successes_vs_haproxy" in failing(
        spec,
        with_total(summary, drain=None, errors=summary.total.errors.model_copy(update={"timeout": 0})),
        samples,
    )


def test_hey_dividing_by_its_total_is_caught_on_the_recorded_seed_000_run() -> None:
    """hey -z waits for the replies still in flight (up to the timeout) and its Total is the divisor:
    8.0 s for a 6 s window. The check says so, with both numbers and where they came from."""
    spec, summary, samples = recorded("hey-seed-000-1")
    assert failing(spec, summary, samples) == ["window"]
    [caveat] = figure_caveats(spec, summary, samples)
    assert caveat.kind == "figures_disagree"
    assert "8.0 s" in caveat.sentence and "6.0 s" in caveat.sentence
    assert caveat.sentence.startswith("The seconds the clients' figures cover: 8.0 s, from hey's report;")
    assert "the measured window: 6.0 s, from the run's completeness" in caveat.sentence
    assert {e.name for e in caveat.evidence} == {"window.first", "window.second", "window.allowed"}
    # The same run with hey's successes over the window's 6 s agrees everywhere.
    fixed = with_total(summary, duration_s=6.0, rps=round(summary.total.successes / 6, 3))
    assert "window" not in failing(spec, fixed, samples)


def test_a_headline_rate_that_disagrees_with_its_samples_is_caught() -> None:
    spec, summary, samples = recorded("wrk-fast-closed-loop-1")
    slower = with_total(summary, rps=summary.total.rps * 0.7)
    assert failing(spec, slower, samples) == ["rate_vs_haproxy"]
    [caveat] = figure_caveats(spec, slower, samples)
    assert (
        "The headline rate: 25,323.2 req/s, from wrk's report" in caveat.sentence
        and "HAProxy's 2xx/s over the 10 measured seconds" in caveat.sentence
    )
    assert "seconds 0-9" in caveat.sentence  # where HAProxy's figure came from
    faster = with_total(summary, rps=summary.total.rps * 1.3)
    assert failing(spec, faster, samples) == ["rate_vs_haproxy"]


def test_successes_counted_outside_the_window_are_caught() -> None:
    spec, summary, samples = recorded("wrk-fast-closed-loop-1")
    # Two seconds of warm-up in the count (the rate kept honest): beyond one second of samples.
    warmed = with_total(summary, successes=summary.total.successes + 2 * 36_200)
    assert failing(spec, warmed, samples) == ["successes_vs_haproxy"]


def test_errors_the_errors_chart_shows_but_the_clients_did_not_count_are_caught() -> None:
    spec, summary, samples = recorded("wrk-fast-closed-loop-1")
    frontend = "fe"
    planted = json.loads(json.dumps(samples))
    for second in planted["proxy"]:
        if 0 <= second["t"] < 10:
            second["data"][f"{frontend}.hrsp_5xx"] = 50  # 500 answers of 503, none counted by wrk
    assert failing(spec, summary, planted) == ["errors_vs_haproxy"]
    counted = with_total(summary, errors=summary.total.errors.model_copy(update={"non_2xx": 500}))
    assert "errors_vs_haproxy" not in failing(spec, counted, planted)


def test_a_tool_that_waits_past_the_window_is_caught_and_one_second_is_tolerated() -> None:
    spec, summary, samples = recorded("wrk-fast-closed-loop-1")
    assert "window" in failing(spec, with_total(summary, duration_s=13.0), samples)
    assert "window" not in failing(spec, with_total(summary, duration_s=11.0), samples)  # within 1 s
    # A tool that stopped short is partial (completeness), not a contradiction.
    assert "window" not in failing(spec, with_total(summary, duration_s=4.0), samples)


def test_in_flight_is_held_to_maxconn_where_maxconn_binds() -> None:
    spec, summary, samples = recorded("hey-seed-000-1")
    assert summary.verdict is not None and summary.verdict.kind == "maxconn"
    assert verdicts(spec, summary, samples)["in_flight_vs_maxconn"]
    proxy = summary.proxy
    assert proxy is not None and proxy.avg_ttime_ms is not None
    # Twice the requests HAProxy can have served with 5 slots of a 1 s endpoint: impossible.
    doubled = summary.model_copy(update={"proxy": proxy.model_copy(update={"requests": 2 * proxy.requests})})
    assert "in_flight_vs_maxconn" in failing(spec, doubled, samples)
    # Over 6 s the edges may move the rate by a third, so only a long run bounds it from below: a
    # minute of 5 sessions full of 1 s requests (5 answers a second) cannot have held 1.7 of them.
    minute = 60
    long_spec = spec.model_copy(update={"load": spec.load.model_copy(update={"duration_s": minute})})
    long_samples = {"proxy": [{"t": t, "data": {"lampros-pool-1.hrsp_2xx": 5}} for t in range(minute)]}
    assert summary.completeness is not None
    steady = summary.model_copy(
        update={
            "total": summary.total.model_copy(update={"successes": 300, "rps": 5.0, "duration_s": 60.0}),
            "completeness": summary.completeness.model_copy(update={"asked_s": minute, "measured_s": minute}),
            "proxy": proxy.model_copy(update={"requests": 300}),
        }
    )
    assert verdicts(long_spec, steady, long_samples)["in_flight_vs_maxconn"]
    third = steady.model_copy(update={"proxy": proxy.model_copy(update={"requests": 100})})
    assert failing(long_spec, third, long_samples) == ["in_flight_vs_maxconn"]


def test_the_clients_own_per_second_series_is_held_to_the_headline() -> None:
    spec, summary, samples = recorded("wrk-fast-closed-loop-1")
    haproxy = {int(s["t"]): s["data"].get("fe.hrsp_2xx", 0) for s in samples["proxy"]}
    series = [{"t": t, "data": {"successes": v}} for t, v in haproxy.items() if 0 <= t < 10]
    agreeing = {**samples, "load:injector-1": series}
    assert verdicts(spec, summary, agreeing)["rate_vs_client_series"]
    halved = {
        **samples,
        "load:injector-1": [{"t": s["t"], "data": {"successes": s["data"]["successes"] / 2}} for s in series],
    }
    assert failing(spec, summary, halved) == ["rate_vs_client_series"]


# ---------------------------------------------------------------- the tolerances, on synthetic runs

CONNECTIONS, PER_SECOND, WINDOW = 20, 100, 10


def synthetic(*, successes: int, rps: float, timeouts: int = 0, driver: str = "wrk") -> tuple[Any, ...]:
    spec_doc = json.loads((DATA / "wrk-fast-closed-loop-1.json").read_text())["spec"]
    spec_doc["load"].update(connections=CONNECTIONS, duration_s=WINDOW, driver=driver, warmup_s=0)
    spec = ExperimentSpec.model_validate(spec_doc)
    total = {
        "requests": successes + timeouts, "successes": successes, "rps": rps, "duration_s": WINDOW,
        "bytes_per_s": 0, "errors": {"connect": 0, "timeout": timeouts, "non_2xx": 0, "other": 0},
    }  # fmt: skip
    summary = stored_summary(
        {
            "total": total,
            "injectors": [{**total, "agent": "injector-1", "driver": driver}],
            "completeness": {"complete": True, "asked_s": WINDOW, "measured_s": WINDOW},
        }
    )
    samples = {"proxy": [{"t": t, "data": {"fe.hrsp_2xx": PER_SECOND}} for t in range(-1, WINDOW + 1)]}
    return spec, summary, samples


def test_the_edges_explain_one_request_per_connection_and_one_second_of_samples() -> None:
    """HAProxy counted 1,000 in 10 s, 100 a second, 20 client connections: 20 + 100 = 120 requests
    of difference are what the window's edges explain, 12 req/s of rate; one more is not."""
    served = PER_SECOND * WINDOW
    for gap, agrees in ((120, True), (121, False), (-120, True), (-121, False)):
        spec, summary, samples = synthetic(successes=served + gap, rps=(served + gap) / WINDOW)
        result = verdicts(spec, summary, samples)
        assert result["successes_vs_haproxy"] is agrees, gap
        assert result["rate_vs_haproxy"] is agrees, gap


def test_haproxy_may_answer_the_requests_clients_gave_up_on() -> None:
    """A client that timed out still cost HAProxy its reply: timeouts widen HAProxy's side only."""
    served = PER_SECOND * WINDOW
    spec, summary, samples = synthetic(successes=served - 300, rps=(served - 300) / WINDOW, timeouts=180)
    assert verdicts(spec, summary, samples)["successes_vs_haproxy"]  # 300 <= 120 + 180
    spec, summary, samples = synthetic(successes=served - 301, rps=(served - 301) / WINDOW, timeouts=180)
    assert not verdicts(spec, summary, samples)["successes_vs_haproxy"]
    # ... and never the clients' side: timeouts do not let clients count more than HAProxy sent.
    spec, summary, samples = synthetic(successes=served + 300, rps=(served + 300) / WINDOW, timeouts=180)
    assert not verdicts(spec, summary, samples)["successes_vs_haproxy"]


def test_a_second_haproxy_did_not_send_is_a_second_more_of_allowance() -> None:
    served = PER_SECOND * (WINDOW - 1)
    spec, summary, samples = synthetic(successes=PER_SECOND * WINDOW, rps=PER_SECOND)
    samples["proxy"] = [s for s in samples["proxy"] if s["t"] != 4]  # one lost batch
    assert sum(s["data"]["fe.hrsp_2xx"] for s in samples["proxy"] if 0 <= s["t"] < WINDOW) == served
    assert verdicts(spec, summary, samples)["successes_vs_haproxy"]


def test_what_has_nothing_to_compare_is_not_compared() -> None:
    spec, summary, samples = synthetic(successes=1000, rps=100.0)
    # mariadb-slap (through the proxy or direct): no per-request counterpart at HAProxy, no window.
    sql = seed_001_mariadb_maxconn()
    assert check_figures(sql, summary, samples) == []
    cut_short = summary.model_copy(
        update={"completeness": summary.completeness.model_copy(update={"totals_from": "proxy"})}  # type: ignore[union-attr]
    )
    assert check_figures(spec, cut_short, samples) == []  # its totals ARE HAProxy's counters
    assert check_figures(spec, summary, {}) != []  # no HAProxy samples: the rest still compared


def test_totals_read_from_haproxys_counters_are_not_held_to_haproxy() -> None:
    """Where the window's successes are HAProxy's own 2xx (hey, which cannot time each request,
    once its totals are summed from HAProxy: `window_source` proxy_counters), comparing them with
    HAProxy would compare one source with itself; the window and the errors are still checked."""
    spec, summary, samples = recorded("wrk-fast-closed-loop-1")
    from_haproxy = with_total(summary, window_source="proxy_counters", rps=summary.total.rps * 0.5)
    assert set(verdicts(spec, from_haproxy, samples)) == {"window", "errors_vs_haproxy"}


def test_a_staged_run_is_held_stage_by_stage_and_a_ramp_is_no_disagreement() -> None:
    """The staged run agrees as a whole (its headline is the mean over the window) and per stage;
    a stage whose figures describe other seconds (stage 1's rate read over stage 0's) is caught by
    its own comparison while the run's total still agrees."""
    spec, summary, samples = recorded("vegeta-three-stages-1")
    assert summary.stages is not None and len(summary.stages) == 3
    assert not failing(spec, summary, samples)
    stages = list(summary.stages)
    stages[1] = stages[1].model_copy(update={"rps": stages[0].rps})
    assert failing(spec, summary.model_copy(update={"stages": stages}), samples) == [
        "stage_1_rate_vs_haproxy"
    ]
