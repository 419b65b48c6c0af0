"""Verdicts that name the phase (worker/verdicts/phases.py through decide.run_verdict): the bound's
sentence followed by where p99 went, connect time reuse would remove, and the clients' aborts, from
HAProxy's request log; the sentence of a run without the log is unchanged."""

from __future__ import annotations

from typing import Any

from contract.request_timers import PhaseSplit, RequestTimers
from contract.verdict import ADVICE
from tests.worker.test_verdicts import IDLE_HOSTS, SECTION, proxy, spec_with, totals, verdict_of
from worker.verdicts.phases import duration


def log(*splits: tuple[float, dict[str, float]], **fields: Any) -> RequestTimers:
    """A request log whose breakdown is (percentile, {phase: mean ms}) ..."""
    breakdown = [
        PhaseSplit(percentile=p, total_ms=sum(phases.values()), requests=10, phases=phases)
        for p, phases in splits
    ]
    return RequestTimers.model_validate(
        {"mode": "http", "one_in": 1, "lines": 1000, "breakdown": breakdown, **fields}
    )


def queue_bound_spec(http_reuse: str | None = None) -> Any:
    doc = spec_with(maxconn=1000, connections=50).model_dump(mode="json", by_alias=True)
    doc["proxy"]["listens"][0]["target_servers"]["maxconn"] = 10
    if http_reuse:
        doc["proxy"]["listens"][0]["http_reuse"] = http_reuse
    return type(spec_with()).model_validate(doc)


QUEUED = {"proxy": proxy(scur=50, qcur=[40, 38, 41], qtime=1000, rtime=1000, idle_pct=95), **IDLE_HOSTS}


def test_the_bound_sentence_says_where_p99_went_largest_phases_first() -> None:
    spec = queue_bound_spec()
    load = totals(successes=100, rps=10.0, mean_ms=2000)
    timers = log(
        (50, {"tw": 900.0, "tr": 1000.0, "tc": 0.0}),
        (99, {"tw": 1000.0, "tr": 1000.0, "td": 3.0, "treq": 0.2}),  # Td and TR: under 10%, unnamed
    )

    plain = verdict_of(spec, load, QUEUED)
    named = verdict_of(spec, load, QUEUED, timers=timers)

    assert named.kind == plain.kind == "maxconn"
    assert named.sentence == (
        f"{plain.sentence} p99 2.0 s: 1.0 s in HAProxy's queue (Tw), 1.0 s at the server (Tr)."
    )
    evidence = {e.name: e.value for e in named.evidence}
    assert evidence["p99_tw_ms"] == 1000 and evidence["p99_tr_ms"] == 1000 and "p99_td_ms" not in evidence
    # The advice is kept ahead of the log's note (the sweep analysis finds it there).
    assert ADVICE["maxconn"].ending in named.sentence


def test_a_sampled_log_says_so_and_the_largest_phase_comes_first() -> None:
    spec = queue_bound_spec()
    timers = log((99, {"tw": 50.0, "tr": 350.0}), one_in=4)
    sentence = verdict_of(spec, totals(successes=100, rps=10.0, mean_ms=400), QUEUED, timers=timers).sentence
    assert sentence.endswith(
        "p99 400 ms: 350 ms at the server (Tr), 50 ms in HAProxy's queue (Tw) "
        "(HAProxy's log of one request in 4)."
    )


def test_connect_time_is_named_where_reuse_is_off() -> None:
    load = totals(successes=1000, rps=100.0, mean_ms=10)
    timers = log((50, {"tc": 4.0, "tr": 6.0}), (99, {"tc": 5.0, "tr": 20.0}))
    fast = {"proxy": proxy(scur=10, qcur=0, rtime=6, connect=100, reuse=0, idle_pct=95), **IDLE_HOSTS}

    never = verdict_of(queue_bound_spec("never"), load, fast, timers=timers).sentence
    assert (
        "Connect time is 40% of p50 (4.0 ms of 10 ms): the backend's http-reuse is never, so every request "
        "opens its own server connection; http-reuse would remove it." in never
    )
    # safe in the spec, but HAProxy's reuse counter never moved: said from the counter.
    unused = verdict_of(queue_bound_spec("safe"), load, fast, timers=timers).sentence
    assert "HAProxy reused no server connection (its reuse counter stayed at 0)" in unused
    # Reused connections: no advice.
    reused = {"proxy": proxy(scur=10, qcur=0, rtime=6, connect=1, reuse=99, idle_pct=95), **IDLE_HOSTS}
    assert "Connect time" not in verdict_of(queue_bound_spec("safe"), load, reused, timers=timers).sentence
    # Loopback connects (0 ms) are nothing to remove.
    instant = log((50, {"tc": 0.0, "tr": 6.0}))
    assert "Connect time" not in verdict_of(queue_bound_spec("never"), load, fast, timers=instant).sentence


def test_client_aborts_are_named_when_the_clients_timeout_ended_requests() -> None:
    spec = spec_with(maxconn=20, connections=60, request_timeout_s=2)
    load = totals(successes=200, rps=20.0, mean_ms=1900, timeout=80)
    samples = {"proxy": proxy(scur=20, qcur=0, rtime=1000, req_tot=20, idle_pct=97), **IDLE_HOSTS}
    timers = log(
        states={"--": 200, "CQ": 60, "cD": 2, "CH": 18, "sH": 1}, ended_by_client=80, ended_by_server=1
    )

    sentence = verdict_of(spec, load, samples, timers=timers).sentence

    assert (
        "The clients' 2 s timeout ended requests: 80 timed out, and HAProxy's log shows 80 ended by the "
        "client (CQ 60: the client aborted while it waited in the queue; CH 18: the client aborted while "
        "waiting for the server's response headers; cD 2: the client-side timeout expired in the data "
        "phase)." in sentence
    )
    # Without client timeouts the states are no verdict's business.
    calm = totals(successes=200, rps=20.0, mean_ms=1900)
    assert "timeout ended" not in verdict_of(spec, calm, samples, timers=timers).sentence


def test_without_a_log_nothing_changes_and_durations_read_well() -> None:
    spec = queue_bound_spec()
    load = totals(successes=100, rps=10.0, mean_ms=2000)
    assert verdict_of(spec, load, QUEUED).sentence == verdict_of(spec, load, QUEUED, timers=None).sentence
    assert [duration(ms) for ms in (2000, 1049, 350, 12.4, 4, 0.4)] == [
        "2.0 s",
        "1.0 s",
        "350 ms",
        "12 ms",
        "4.0 ms",
        "0.4 ms",
    ]
    assert SECTION  # the seed's listen, entry and backend alike
