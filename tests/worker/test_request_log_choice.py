"""Which fraction of requests HAProxy logs for a run (worker/phases/configure.request_log_one_in):
the spec's own choice, else the sampling rule on the open-loop rate of the whole lab."""

from __future__ import annotations

from contract.examples import seed_000_maxconn_capacity, seed_002_small_instance_rate
from contract.request_timers import FULL_LOG_LINES_PER_S, RequestTimersSettings
from worker.phases.configure import request_log_one_in


def test_a_closed_loop_logs_every_request() -> None:
    spec = seed_000_maxconn_capacity()
    assert spec.load.rate is None
    assert request_log_one_in(spec) == 1


def test_an_open_loop_above_the_full_rate_is_sampled_by_the_rule() -> None:
    spec = seed_002_small_instance_rate()
    fast = spec.model_copy(update={"load": spec.load.model_copy(update={"rate": FULL_LOG_LINES_PER_S * 3.5})})
    assert request_log_one_in(fast) == 4
    slow = spec.model_copy(update={"load": spec.load.model_copy(update={"rate": FULL_LOG_LINES_PER_S})})
    assert request_log_one_in(slow) == 1


def test_the_specs_choice_wins_and_collect_false_logs_nothing() -> None:
    spec = seed_002_small_instance_rate()
    assert request_log_one_in(spec.model_copy(update={"timers": RequestTimersSettings(one_in=7)})) == 7
    assert (
        request_log_one_in(spec.model_copy(update={"timers": RequestTimersSettings(collect=False)})) is None
    )
