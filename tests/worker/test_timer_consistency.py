"""The request log held to itself and to HAProxy's counters (worker/verdicts/consistency.py): on a
recorded honest run with a request log attached, each check stays quiet when the figures agree and
fires, with both numbers, when they do not."""

from __future__ import annotations

from typing import Any

from contract.request_timers import RequestTimers
from contract.results import RunSummary
from tests.worker.test_consistency import recorded
from worker.verdicts.consistency import check_figures, figure_caveats

RUN = "wrk-fast-closed-loop-1"  # 20 client connections


def with_log(summary: RunSummary, **timers: Any) -> RunSummary:
    log = RequestTimers(mode="http", **{"one_in": 1, "lines": 1000, "haproxy_requests": 1000, **timers})
    return summary.model_copy(update={"timers": log})


def comparisons(summary: RunSummary) -> dict[str, Any]:
    spec, _, samples = recorded(RUN)
    return {c.key: c for c in check_figures(spec, summary, samples) if c.key.startswith("log_")}


def caveats(summary: RunSummary) -> list[str]:
    spec, _, samples = recorded(RUN)
    return [c.sentence for c in figure_caveats(spec, summary, samples)]


def test_an_honest_log_agrees_and_adds_no_caveat() -> None:
    _, summary, _ = recorded(RUN)
    honest = with_log(summary, lines=99_020, haproxy_requests=100_000)  # 0.98% short: within 1%
    assert comparisons(honest)["log_vs_haproxy"].agrees
    assert caveats(honest) == []
    assert comparisons(summary) == {}  # no request log: no check


def test_lines_short_of_haproxys_count_by_more_than_1_percent_are_a_caveat() -> None:
    _, summary, _ = recorded(RUN)
    short = with_log(summary, lines=98_900, haproxy_requests=100_000)
    assert not comparisons(short)["log_vs_haproxy"].agrees
    [sentence] = caveats(short)
    assert "98,900" in sentence and "100,000" in sentence and "HAProxy's request log" in sentence
    # A small run: the 20 requests in flight at the edges and 0.1 s of its 100 a second (10), not
    # 1%, are the allowance.
    assert comparisons(with_log(summary, lines=971, haproxy_requests=1000))["log_vs_haproxy"].agrees
    assert not comparisons(with_log(summary, lines=969, haproxy_requests=1000))["log_vs_haproxy"].agrees


def test_sessions_haproxy_held_beyond_the_clients_connections_widen_the_edges() -> None:
    """Clients that timed out reconnect while HAProxy still serves their first requests (seed 000):
    HAProxy counted those on arrival, the log has them when they end, after the window."""
    _, summary, _ = recorded(RUN)
    assert summary.proxy is not None
    held = summary.model_copy(update={"proxy": summary.proxy.model_copy(update={"max_scur": 60})})
    assert comparisons(with_log(held, lines=931, haproxy_requests=1000))["log_vs_haproxy"].agrees
    assert not comparisons(with_log(held, lines=929, haproxy_requests=1000))["log_vs_haproxy"].agrees


def test_a_sampled_log_is_held_to_its_count_within_one_sampling_period() -> None:
    _, summary, _ = recorded(RUN)
    # One in 100: 1% of 100,000 (1,000) plus one period (100).
    within = with_log(summary, one_in=100, lines=989, haproxy_requests=100_000)
    beyond = with_log(summary, one_in=100, lines=988, haproxy_requests=100_000)
    assert comparisons(within)["log_vs_haproxy"].agrees
    assert not comparisons(beyond)["log_vs_haproxy"].agrees
    assert "lines x 100" in caveats(beyond)[0]


def test_phases_that_do_not_add_up_and_dropped_lines_are_caveats() -> None:
    _, summary, _ = recorded(RUN)
    [sums] = caveats(with_log(summary, sum_checked=1000, sum_mismatches=25))
    assert "In 25 of the 1,000 logged requests" in sums and "(2.50%)" in sums and "Tt" in sums
    [dropped] = caveats(with_log(summary, dropped_lines=1, lines=999))
    assert "HAProxy dropped 1 log lines" in dropped
    assert caveats(with_log(summary, sum_checked=1000, sum_mismatches=0, dropped_lines=0)) == []


def test_the_logs_connects_per_request_is_held_to_haproxys_connect_counter() -> None:
    _, summary, _ = recorded(RUN)
    assert summary.proxy is not None
    never = summary.model_copy(
        update={"proxy": summary.proxy.model_copy(update={"connects": 1000, "reuses": 0})}
    )
    assert comparisons(with_log(never, connects_per_request=0.95))["log_connects_vs_haproxy"].agrees
    wrong = with_log(never, connects_per_request=0.5)
    assert not comparisons(wrong)["log_connects_vs_haproxy"].agrees
    assert any("0.5" in s and "connect / (connect + reuse)" in s for s in caveats(wrong))
    # Sampled: a connection's first logged request need not be its first, so no check.
    assert "log_connects_vs_haproxy" not in comparisons(
        with_log(never, one_in=10, lines=100, connects_per_request=0.5)
    )


def test_lines_of_connections_that_sent_no_request_are_not_held_to_the_request_count() -> None:
    """A client connection closed before its request (TR -1: CR, cR) is a log line HAProxy's request
    counter never counted: seed 004's clients without keep-alive leave a few hundred."""
    _, summary, _ = recorded(RUN)
    extra = {"treq": {"CR": 1_500, "cR": 500}}
    with_idle = with_log(summary, one_in=10, lines=10_200, haproxy_requests=100_000, unset_by_state=extra)
    assert comparisons(with_idle)["log_vs_haproxy"].agrees
    assert comparisons(with_idle)["log_vs_haproxy"].first.value == 100_000
    assert not comparisons(with_log(summary, one_in=10, lines=10_200, haproxy_requests=100_000))[
        "log_vs_haproxy"
    ].agrees
