"""The run's summary of HAProxy's request log, from TimerSeconds stored in the real PostgreSQL and
read back the way the collect phase reads them (run_samples -> request_timers)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.orm import Session

from contract.examples import seed_000_maxconn_capacity
from tests.worker.factories import make_lab, make_runs
from tests.worker.timer_seconds import Req, store, timer_second
from worker.completeness import cut_short_summary, entry_sections
from worker.request_timers import request_timers
from worker.verdicts.collected import run_samples

WINDOW_S = 3


@pytest.fixture
def run_id(db: Session) -> int:
    [run] = make_runs(make_lab(), 1)
    return run


def summarise(run_id: int, mode: Any = "http") -> Any:
    return request_timers(run_samples(run_id), WINDOW_S, mode, "fe", "be")


def test_percentiles_come_from_the_merged_histograms_of_the_window_only(run_id: int) -> None:
    # Seconds 0 and 1: 90 requests queued 1 ms and 10 queued 100 ms, split unevenly over the two
    # seconds, so an average of each second's percentiles would be wrong. Second -1 (warm-up) and
    # second 3 (past the window) hold 5 s queues: left out.
    store(
        run_id,
        [
            (-1, timer_second([Req(tw=5000)] * 50)),
            (0, timer_second([Req(tw=1, tr=50)] * 80 + [Req(tw=100, tr=50)] * 2)),
            (1, timer_second([Req(tw=1, tr=50)] * 10 + [Req(tw=100, tr=50)] * 8)),
            (3, timer_second([Req(tw=5000)] * 50)),
        ],
    )

    timers = summarise(run_id)

    assert timers is not None and timers.lines == 100 and timers.one_in == 1
    assert timers.tw.count == 100 and timers.tw.unset == 0
    assert timers.tw.p50 == pytest.approx(1.0, rel=1e-3)
    assert timers.tw.p90 == pytest.approx(1.0, rel=1e-3)
    assert timers.tw.p99 == pytest.approx(100.0, rel=1e-3)
    assert timers.tw.max == pytest.approx(100.0, rel=1e-3)
    assert timers.tw.mean == pytest.approx(0.9 * 1 + 0.1 * 100, rel=1e-3)
    assert timers.tr.p50 == pytest.approx(50.0, rel=1e-3) and timers.tr.p999 == pytest.approx(50.0, rel=1e-3)
    # Per backend and per server too.
    assert timers.scopes["be"]["tw"].p99 == pytest.approx(100.0, rel=1e-3)
    assert timers.scopes["be/s1"]["tr"].count == 100


def test_sampled_counts_are_scaled_by_one_in_and_percentiles_are_not(run_id: int) -> None:
    requests = [Req(tw=2, tc=-1, state="sQ", server=None)] * 3 + [Req(tw=1)] * 7
    store(run_id, [(0, timer_second(requests, one_in=10)), (1, timer_second(requests, one_in=10))])

    timers = summarise(run_id)

    assert timers.one_in == 10
    assert timers.lines == 20  # the log's own lines, never scaled
    assert timers.tw.count == 200  # 20 logged requests, each one of 10
    assert timers.tc.count == 140 and timers.tc.unset == 60
    assert timers.tw.p50 == pytest.approx(1.0, rel=1e-3)  # the logged requests' own
    assert timers.tw.p90 == pytest.approx(2.0, rel=1e-3)
    assert timers.states == {"--": 140, "sQ": 60}
    assert timers.ended_by_server == 60 and timers.ended_by_client == 0
    assert timers.unset_by_state["tc"] == {"sQ": 60}
    assert timers.queued_share is not None and timers.queued_share == 0  # no Req was marked queued


def test_states_unset_shares_and_connects_per_request(run_id: int) -> None:
    requests = (
        [Req(tw=3, queued=True, new_connection=False)] * 6
        + [Req(tw=0, new_connection=True)] * 2
        + [Req(tr=-1, td=-1, state="cD")]  # the client went away in the data phase
        + [Req(tc=-1, tr=-1, td=-1, state="CQ", server=None)]  # it gave up in the queue
    )
    store(run_id, [(0, timer_second(requests))])

    timers = summarise(run_id)

    assert timers.states == {"--": 8, "CQ": 1, "cD": 1}
    assert timers.ended_by_client == 2 and timers.ended_by_server == 0 and timers.ended_by_proxy == 0
    assert timers.unset_by_state == {"tr": {"cD": 1, "CQ": 1}, "td": {"cD": 1, "CQ": 1}, "tc": {"CQ": 1}}
    assert timers.tr.unset == 2 and timers.tr.count == 8
    assert timers.queued_share == pytest.approx(0.6)
    # 9 requests reached a server (Tc set), 3 on a new connection.
    assert timers.connects_per_request == pytest.approx(3 / 9)
    assert timers.sum_checked == 8 and timers.sum_mismatches == 0


def test_the_breakdown_takes_the_band_that_holds_each_percentile(run_id: int) -> None:
    # 95 fast requests (50 ms at the server), 4 that queued 1 s and 1 that queued 2 s before
    # 50 ms at the server. p50 and p90 fall among the fast, p99 (the 99th request) in the 1 s band.
    requests = [Req(tr=50, td=1)] * 95 + [Req(tw=1000, tc=2, tr=50)] * 4 + [Req(tw=2000, tr=50)]
    store(run_id, [(0, timer_second(requests))])

    splits = {s.percentile: s for s in summarise(run_id).breakdown}

    assert splits[50].total_ms == 51 and splits[50].phases["tr"] == 50 and splits[50].requests == 95
    assert splits[90].total_ms == 51
    assert splits[99].requests == 4 and splits[99].total_ms == 1052
    assert splits[99].phases["tw"] == 1000 and splits[99].phases["tr"] == 50 and splits[99].phases["tc"] == 2


def test_haproxy_counts_and_dropped_lines_are_read_over_the_same_seconds(run_id: int) -> None:
    proxy = [
        (t, {"fe.req_tot": 10, "fe.stot": 4, "PROCESS.dropped_logs": 1 if t == 1 else 0})
        for t in range(-1, 5)
    ]
    store(run_id, [(t, timer_second([Req(tr=1)] * 10)) for t in range(WINDOW_S)], proxy)

    http = summarise(run_id)
    tcp = summarise(run_id, mode="tcp")

    assert http.haproxy_requests == 30 and http.dropped_lines == 1
    assert tcp.haproxy_requests == 12  # TCP logs a session: the frontend's sessions


def test_a_run_without_timer_seconds_has_none(run_id: int) -> None:
    store(run_id, [], [(0, {"fe.req_tot": 10})])
    assert summarise(run_id) is None
    store(run_id, [(7, timer_second([Req(tr=1)]))])  # only past the window
    assert summarise(run_id) is None


def test_a_mismatched_sum_is_counted(run_id: int) -> None:
    store(run_id, [(0, timer_second([Req(tr=5)] * 3 + [Req(tr=5, tt_off_by=4)]))])
    timers = summarise(run_id)
    assert timers.sum_checked == 4 and timers.sum_mismatches == 1


def test_a_run_cut_short_keeps_the_logs_figures_of_its_busy_seconds() -> None:
    """A run whose injector was lost: its summary's request log covers the seconds in which
    requests still arrived, as HAProxy's counters do (worker.completeness.cut_short_summary)."""
    spec = seed_000_maxconn_capacity()
    frontend, _ = entry_sections(spec)
    proxy = [{"t": t, "data": {f"{frontend}.req_tot": 10 if t < 4 else 0}} for t in range(0, 8)]
    logged = [
        {"t": t, "data": {}, "timers": timer_second([Req(tr=t + 1)] * 10).model_dump(mode="json")}
        for t in range(0, 4)
    ] + [{"t": 6, "data": {}, "timers": timer_second([Req(tr=999)]).model_dump(mode="json")}]

    summary = cut_short_summary(spec, "agent injector-1 lost", [], {"proxy": proxy, "timers": logged}, None)

    assert summary is not None and summary.timers is not None
    assert summary.timers.lines == 40 and summary.timers.haproxy_requests == 40
    assert summary.timers.tr is not None and summary.timers.tr.max == pytest.approx(4, rel=1e-3)
