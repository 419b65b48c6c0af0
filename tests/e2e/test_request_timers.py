"""Where the time goes inside HAProxy, on the local lab: its per-request timers, read from its own
log by the proxy agent, say which phase held each request.

- A server `maxconn 1` in front of a 50 ms endpoint with 8 closed-loop clients: each request waits
  for the 7 ahead of it, so the time is in HAProxy's queue (Tw p50 about 7 x 50 ms) and the server
  still answers in about 50 ms (Tr); the same without the maxconn moves it all to Tr.
- A TLS server behind `http-reuse never` with client keep-alive off: every request connects and
  handshakes, and the handshake shows in Tc (a plain server's Tc is about 0 on loopback).
- Clients whose own timeout is shorter than the server's answer abort: with `option abortonclose`
  HAProxy gives the request up at once, and the log shows client-aborted states (C..) in the
  seconds they happened.
(http-reuse never vs always, one connect per request against almost none, is asserted on seed 004's
runs: tests/e2e/test_seed_004.py.)
"""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api, http_spec

pytestmark = pytest.mark.slow

ENDPOINT_MS = 50
CLIENTS = 8
DURATION_S = 6


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Api:
    return Api(local_lab.api_url, local_lab.token)


def slow_endpoint_spec(*, server_maxconn: int | None) -> dict[str, Any]:
    spec = http_spec(
        driver="wrk",
        connections=CLIENTS,
        threads=2,
        duration_s=DURATION_S,
        path="/slow50",
        endpoints=[
            {"path": "/slow50", "delay_ms": ENDPOINT_MS, "body_bytes": 0, "status": 200},
            {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
        ],
    )
    spec["load"]["warmup_s"] = 1
    spec["proxy"]["backends"][0]["target_servers"]["maxconn"] = server_maxconn
    return spec


def timers_of(run: dict[str, Any]) -> dict[str, Any]:
    assert run["state"] == "succeeded", run["error"]
    timers = run["summary"]["timers"]
    assert timers is not None, "the run collected no request timers"
    print(
        f"one in {timers['one_in']}, {timers['lines']} lines; "
        + "; ".join(
            f"{name} p50 {stats['p50']} p99 {stats['p99']}"
            for name in ("treq", "tw", "tc", "tr", "td", "ta")
            if (stats := timers.get(name))
        )
        + f"\nbreakdown: {timers['breakdown']}\nstates: {timers['states']}"
        + f"\nverdict: {run['summary']['verdict']['sentence']}"
    )
    return dict(timers)


def largest_phase(timers: dict[str, Any], percentile: float) -> str:
    [split] = [s for s in timers["breakdown"] if s["percentile"] == percentile]
    return str(max(split["phases"], key=lambda phase: split["phases"][phase]))


def test_a_server_maxconn_puts_the_time_in_the_queue_and_without_it_at_the_server(
    api: Api, local_lab: Any
) -> None:
    [queued_id] = api.launch(
        "timers: server maxconn 1", slow_endpoint_spec(server_maxconn=1), local_lab.lab_id
    )
    [free_id] = api.launch(
        "timers: no server maxconn", slow_endpoint_spec(server_maxconn=None), local_lab.lab_id
    )
    queued = timers_of(api.wait_finished(queued_id, 120))
    free = timers_of(api.wait_finished(free_id, 120))

    # Every request was logged (a closed loop this slow is far under the sampling rule's rate),
    # and the log agrees with HAProxy's own counters.
    assert queued["one_in"] == 1 and free["one_in"] == 1
    assert queued["lines"] == pytest.approx(queued["haproxy_requests"], rel=0.01, abs=2), queued
    # One request at a time: each of the 8 waits for the 7 ahead of it, 50 ms each.
    assert 0.7 * 7 * ENDPOINT_MS <= queued["tw"]["p50"] <= 1.3 * 7 * ENDPOINT_MS, queued["tw"]
    assert ENDPOINT_MS <= queued["tr"]["p50"] <= 1.5 * ENDPOINT_MS, queued["tr"]
    assert queued["queued_share"] > 0.9, queued
    assert largest_phase(queued, 99) == "tw" and largest_phase(queued, 50) == "tw", queued["breakdown"]
    # Without the limit nothing queues: the time is the server's.
    assert free["tw"]["p99"] < 5, free["tw"]
    assert ENDPOINT_MS <= free["tr"]["p50"] <= 1.5 * ENDPOINT_MS, free["tr"]
    assert largest_phase(free, 99) == "tr" and largest_phase(free, 50) == "tr", free["breakdown"]
    assert free["queued_share"] < 0.05, free
    # The phases of every request add up to its total.
    for timers in (queued, free):
        assert timers["sum_checked"] > 0 and timers["sum_mismatches"] == 0, timers

    # The path of the lines: the config HAProxy ran logs to the agent's socket in haplab's format,
    # and the stored seconds hold every line HAProxy counted, none dropped or unread.
    run = api.call("GET", f"/runs/{queued_id}")
    assert run["environment"]["request_log_one_in"] == 1
    assert "timers.sock len 2048 format raw local0" in run["rendered_config"]
    assert 'log-format "hl1h ' in run["rendered_config"]
    samples = api.samples(queued_id)
    logged = [s["data"] for s in samples["timers"]]
    counted = [s["data"] for s in samples["proxy"]]
    lines = sum(d["lines"] for d in logged)
    requests = sum(int(d.get("FRONTEND.req_tot", 0)) for d in counted)
    assert sum(int(d.get("PROCESS.dropped_logs", 0)) for d in counted) == 0
    assert sum(d["unparsed"] for d in logged) == 0
    # (All the sampled seconds: the requests still queued when the clients stopped were counted by
    # HAProxy on arrival and logged after sampling ended, one per client at most.)
    assert requests > 50 and abs(lines - requests) <= CLIENTS + requests // 100, (lines, requests)


def test_a_tls_servers_handshake_shows_in_connect_time(api: Api, local_lab: Any) -> None:
    def spec(*, tls: bool) -> dict[str, Any]:
        spec = http_spec(
            driver="hey", connections=8, threads=1, duration_s=4, keep_alive=False, http_reuse="never"
        )
        spec["load"]["warmup_s"] = 1
        spec["target"]["tls"] = tls
        if tls:
            spec["proxy"]["backends"][0]["target_servers"]["ssl"] = {"verify": "required", "ca": "lab-ca"}
        return spec

    [tls_id] = api.launch("timers: tls server", spec(tls=True), local_lab.lab_id)
    [plain_id] = api.launch("timers: plain server", spec(tls=False), local_lab.lab_id)
    tls, plain = timers_of(api.wait_finished(tls_id, 120)), timers_of(api.wait_finished(plain_id, 120))
    # Every request opened its own server connection (reuse never, client closes) ...
    for timers in (tls, plain):
        assert timers["connects_per_request"] > 0.9, timers
    # ... and towards the TLS server that connection includes a handshake.
    assert tls["tc"]["mean"] >= 0.5 and tls["tc"]["mean"] > 3 * max(plain["tc"]["mean"], 0.05), (
        tls["tc"],
        plain["tc"],
    )


def test_clients_that_time_out_show_as_client_aborts_in_the_seconds_they_did(
    api: Api, local_lab: Any
) -> None:
    spec = http_spec(
        driver="hey",
        connections=4,
        threads=1,
        duration_s=6,
        path="/stuck",
        request_timeout_s=1,
        endpoints=[
            {"path": "/stuck", "delay_ms": 2500, "body_bytes": 0, "status": 200},
            {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
        ],
    )
    spec["load"]["warmup_s"] = 0
    # abortonclose: HAProxy gives up a request whose client went away (without it, HAProxy waits
    # for the server and writes its answer to the closed connection, and the log says "--").
    spec["proxy"]["defaults"]["options"] = ["abortonclose"]
    [run_id] = api.launch("timers: clients time out", spec, local_lab.lab_id)
    run = api.wait_finished(run_id, 120, check_figures=False)
    assert run["state"] in {"succeeded", "partial"}, run["error"]
    timers = timers_of(run)
    # Every request was given up by its client after 1 s, while HAProxy waited for the server.
    assert timers["ended_by_client"] >= 10, timers
    assert timers["ended_by_client"] >= 0.9 * sum(timers["states"].values()), timers["states"]
    assert all(state.startswith("C") for state in timers["states"] if timers["states"][state] > 1), timers
    assert "client" in run["summary"]["verdict"]["sentence"].lower() or any(
        "client" in f["sentence"].lower() for f in run["summary"]["verdict"]["also"]
    ), run["summary"]["verdict"]
    # In the seconds they did: each second of the window after the first timeout has its aborts.
    seconds = api.call("GET", f"/runs/{run_id}/timers")
    aborted = [counts for state, counts in seconds["state_counts"].items() if state.startswith("C")]
    aborted_at = [t for index, t in enumerate(seconds["t"]) if any(counts[index] > 0 for counts in aborted)]
    assert aborted_at and min(aborted_at) <= 3, seconds
    assert set(range(3, 6)) <= set(aborted_at), aborted_at
