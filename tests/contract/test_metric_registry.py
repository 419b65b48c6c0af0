"""The one vocabulary of metrics, and summaries stored in older shapes read under it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from contract.metrics import BY_KEY, RUN_METRICS, run_metrics
from contract.request_timers import TIMER_KEYS
from contract.results import RunSummary, stored_summary
from contract.run_environment import stored_environment


def _summary(**extra: object) -> dict[str, object]:
    return {
        "total": {
            "requests": 120,
            "successes": 100,
            "errors": {"timeout": 20},
            "duration_s": 10,
            "rps": 10.0,
            "bytes_per_s": 2048.0,
            "latency": {"p50": 5, "p90": 9, "p99": 12.5, "p999": 20, "max": 31, "mean": 6},
            "warmup_responses": 18,
            "drain": {"responses": 3, "last_after_s": 0.4},
        },
        "proxy": {"connects": 7, "reuses": 93, "max_qcur": 0},
        **extra,
    }


# HAProxy's request log, every timer measured (contract.request_timers.RequestTimers).
_TIMERS = {
    "mode": "http",
    "one_in": 1,
    "lines": 10,
    **{timer: {"count": 10, "unset": 0, "p50": 1.0, "p99": 2.0} for timer in TIMER_KEYS},
}


def test_keys_are_unique_and_every_path_is_a_figure_of_a_summary() -> None:
    assert len(BY_KEY) == len(RUN_METRICS)
    full = stored_summary(_summary(timers=_TIMERS))
    for metric in RUN_METRICS:
        node: object = full
        for part in metric.path.split("."):  # a field, or a property derived from fields (error_pct)
            assert hasattr(node, part), metric  # a path that names nothing fails
            node = getattr(node, part)


def test_values_come_out_by_key_and_missing_ones_are_none() -> None:
    summary = stored_summary(_summary())
    values = run_metrics(summary)
    assert list(values) == [m.key for m in RUN_METRICS]
    assert values["rps"] == 10.0 and values["latency_p99_ms"] == 12.5
    assert values["errors_total"] == 20 and values["proxy_reuses"] == 93
    assert values["error_pct"] == 100 * 20 / 120
    assert values["proxy_max_server_conns"] is None  # not measured: None, never 0
    assert run_metrics(None)[BY_KEY["rps"].key] is None
    assert run_metrics(None) == dict.fromkeys(values)
    assert values["tw_p99_ms"] is None  # no request log: no timer figures, never 0
    queue = {"count": 10, "unset": 0, "p99": 7.5}
    timed = run_metrics(stored_summary(_summary(timers={**_TIMERS, "tw": queue})))
    assert timed["tw_p99_ms"] == 7.5 and timed["tr_p50_ms"] == 1.0 and timed["tw_p50_ms"] is None


def test_an_older_summary_keeps_its_verdict_under_the_one_name() -> None:
    bound = {"kind": "maxconn", "sentence": "maxconn-bound: 20 of 20", "evidence": []}
    older = stored_summary(_summary(bound=bound, verdict="maxconn-bound: 20 of 20"))
    assert older.verdict is not None and older.verdict.kind == "maxconn"
    oldest = stored_summary(_summary(verdict="a sentence from before typed verdicts"))
    assert oldest.verdict is not None and (oldest.verdict.kind, oldest.verdict.sentence) == (
        "unknown",
        "a sentence from before typed verdicts",
    )
    assert "bound" not in older.model_dump()
    with pytest.raises(ValidationError):  # anything else is still refused
        RunSummary.model_validate(_summary(bound=bound))


def test_an_older_flat_environment_is_read_by_agent() -> None:
    env = stored_environment(
        {
            "proxy-1": {"roles": ["proxy"], "haproxy": "2.6.12", "cores": 2, "something_new": 1},
            "resolved_hosts": {"upstream.example": "10.0.0.7"},
        }
    )
    assert env.agents["proxy-1"].roles == ["proxy"]
    assert env.agents["proxy-1"].capabilities.haproxy == "2.6.12"
    assert env.resolved_hosts == {"upstream.example": "10.0.0.7"} and env.link_shaping is None
    assert stored_environment(env.model_dump(mode="json")) == env  # the typed shape reads as itself


def test_a_figure_taken_from_a_series_names_one_and_how_its_seconds_add_up() -> None:
    from contract.metrics import SERIES_BY_KEY, SERIES_FIGURES
    from contract.results import ProxySummary

    assert SERIES_FIGURES, "HAProxy's counters are figures of their series"
    for metric in RUN_METRICS:
        assert (metric.series is None) == (metric.aggregate is None), metric.key
    for metric in SERIES_FIGURES:
        series = SERIES_BY_KEY[str(metric.series)]  # a series that names nothing fails
        assert series.source == metric.source == "haproxy", metric.key
        where, _, field = metric.path.partition(".")
        assert where == "proxy" and field in ProxySummary.model_fields, metric.key
