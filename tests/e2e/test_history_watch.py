"""A history that watches itself, on the local lab (issue 15's acceptance in one scenario).

An experiment runs three times (its baseline: noise only, so no change may be found), then with a
config change that clearly slows it (the server's maxconn 50 -> 2 in front of a 20 ms endpoint).
The change search finds the drop at the first slow run and names the changed config line; a
webhook receiver on loopback gets change.detected with a valid signature; the run page's
comparison with the baseline says slower, significantly; a note sticks to the change; a
real Prometheus scrapes the slow runs' live series; and a schedule firing every minute skips the
minute the lab is busy with all this while another, told to queue, launches behind it.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from prometheus_server import scraping, wait_for
from run_helpers import Api, http_spec
from webhook_receiver import receiving

from backend.webhooks.signing import SIGNATURE_HEADER, TIMESTAMP_HEADER, verify

pytestmark = pytest.mark.slow

DELAY_MS = 20
CONNECTIONS = 20
RUN_S = 3


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


def _spec(server_maxconn: int) -> dict[str, Any]:
    spec = http_spec(
        driver="wrk",
        connections=CONNECTIONS,
        duration_s=RUN_S,
        path="/work",
        endpoints=[
            {"path": "/work", "delay_ms": DELAY_MS, "body_bytes": 0, "status": 200},
            {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
        ],
    )
    spec["proxy"]["backends"][0]["target_servers"] = {"maxconn": server_maxconn}
    spec["repetitions"] = 3
    return spec


def _until(what: str, timeout_s: float, check: Any) -> Any:
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {timeout_s} s for {what}"
        time.sleep(0.5)


def _next_minute(after: datetime) -> datetime:
    return after.replace(second=0, microsecond=0) + timedelta(minutes=1)


def test_a_slowing_change_is_found_told_noted_and_a_schedule_respects_the_busy_lab(
    local_lab: Any, tmp_path: Path
) -> None:
    # The shared stack allows webhooks to loopback (the receiver's) and runs beat.
    api = Api(local_lab.api_url, local_lab.token)
    lab_id = local_lab.lab_id

    with (
        receiving([200]) as receiver,
        scraping(local_lab.api_url.removesuffix("/api/v1"), local_lab.token, tmp_path) as prometheus,
    ):
        hook = api.call(
            "POST", "/webhooks", json={"name": "perf", "url": receiver.url, "events": ["change.detected"]}
        )
        experiment = api.create_experiment("watched", _spec(server_maxconn=50))
        baseline_launch = api.call("POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": lab_id})
        api.call("POST", f"/experiments/{experiment['id']}/versions", json={"spec": _spec(server_maxconn=2)})
        slow_launch = api.call("POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": lab_id})
        # Two schedules fire at the next minute's turn, while the lab is busy with those six runs
        # (a blocker after them holds it past that minute if it is far): one told to skip a busy
        # lab, one to queue behind its runs.
        busy_minute = _next_minute(datetime.now(UTC) + timedelta(seconds=8))
        hold_s = max(2, int((busy_minute - datetime.now(UTC)).total_seconds()) - 10)
        [blocker_run] = api.launch(
            "blocker", http_spec(driver="wrk", connections=2, duration_s=hold_s), lab_id
        )
        schedules = {
            policy: api.call(
                "POST",
                f"/experiments/{experiment['id']}/schedules",
                json={
                    "lab_id": lab_id,
                    # That minute of every hour, read in India's zone (UTC+05:30: minute + 30).
                    "cron": f"{(busy_minute.minute + 30) % 60} * * * *",
                    "timezone": "Asia/Kolkata",
                    "if_lab_busy": policy,
                    "overrides": {"load.duration_s": 2, "repetitions": 1},
                },
            )
            for policy in ("skip", "queue")
        }
        for schedule in schedules.values():
            assert schedule["next_runs"][0] == busy_minute.strftime("%Y-%m-%dT%H:%M:%SZ"), schedule

        baseline_runs = [api.wait_finished(run_id, 120) for run_id in baseline_launch["run_ids"]]
        slow_runs = [api.wait_finished(run_id, 90) for run_id in slow_launch["run_ids"]]
        for run in baseline_runs + slow_runs:
            assert run["state"] == "succeeded", (run["id"], run["error"])
        fast = [r["summary"]["total"]["rps"] for r in baseline_runs]
        slow = [r["summary"]["total"]["rps"] for r in slow_runs]
        print(f"baseline req/s {fast}, with server maxconn 2 {slow}")
        assert max(slow) < 0.5 * min(fast)
        live = wait_for(
            prometheus, f'max_over_time(haplab_live_req_s{{run="{slow_runs[0]["id"]}"}}[10m])', 10
        )
        assert live and float(live[0]["value"][1]) > 0, live
        assert (
            live[0]["metric"]["experiment"] == experiment["name"] and live[0]["metric"]["source"] == "proxy"
        )
        cpu = prometheus.query(
            f'max_over_time(haplab_live_cpu{{run="{slow_runs[0]["id"]}",source="host:injector-1"}}[10m])'
        )
        assert cpu and float(cpu[0]["value"][1]) > 0, cpu
        online = prometheus.query("sum(haplab_agents_online)")
        assert online and float(online[0]["value"][1]) == 3, online

        # The change starts at the first slow run, and only there (the baseline's noise is none).
        first_slow = slow_runs[0]["id"]
        changes = _until(
            "the change search",
            60,
            lambda: [
                c
                for c in api.call("GET", "/changes", params={"experiment_id": experiment["id"]})["items"]
                if c["metric"] == "rps"
            ],
        )
        assert {c["run_id"] for c in changes} == {first_slow}, changes
        [rate] = changes
        assert rate["worse"] is True and rate["change_pct"] < -50 and rate["p_value"] < 0.001, rate
        assert rate["before_run_id"] == baseline_runs[-1]["id"]
        config_lines = [d for d in rate["differences"] if d["what"].startswith("config line")]
        assert any("maxconn 2" in str(d["after"]) for d in config_lines), rate["differences"]
        assert any("maxconn 50" in str(d["before"]) for d in config_lines), rate["differences"]

        delivery = _until("the change.detected webhook", 30, lambda: receiver.requests)[0]
        headers = {k.lower(): v for k, v in delivery.headers.items()}
        timestamp = int(headers[TIMESTAMP_HEADER.lower()])
        assert verify(hook["secret"], timestamp, delivery.body, headers[SIGNATURE_HEADER.lower()])
        event = json.loads(delivery.body)
        assert event["event"] == "change.detected" and event["data"]["change"]["run_id"] == first_slow

    # The run page's comparison with the pinned baseline.
    api.call(
        "POST", f"/experiments/{experiment['id']}/baselines", json={"launch_id": baseline_launch["launch_id"]}
    )
    against = api.call("GET", f"/runs/{slow_runs[-1]['id']}/baseline")
    print("against the baseline:", against["headline"])
    assert "slower" in against["headline"] and "significant: p" in against["headline"], against

    note = api.call(
        "POST", f"/changes/{rate['id']}/notes", json={"text": "server maxconn 2: expected, a test"}
    )
    notes = api.call("GET", "/notes", params={"change_ids": [rate["id"]]})
    assert [n["id"] for n in notes] == [note["id"]]

    # The schedules fired on time at the busy minute: one skipped, one queued a launch that ran
    # once the lab was free.
    firings = {}
    wait_s = (busy_minute - datetime.now(UTC)).total_seconds() + 20
    for policy, schedule in schedules.items():
        path = f"/schedules/{schedule['id']}"
        [firings[policy]] = _until(
            f"the {policy} schedule to fire", wait_s, lambda path=path: api.call("GET", path)["firings"]
        )
        api.call("PATCH", path, json={"paused": True})
        late_s = (datetime.fromisoformat(firings[policy]["fired_at"]) - busy_minute).total_seconds()
        assert 0 <= late_s < 10, (firings[policy], busy_minute)
    assert firings["skip"]["outcome"] == "skipped_lab_busy", firings
    assert firings["queue"]["outcome"] == "launched" and "queued behind" in firings["queue"]["detail"], (
        firings
    )
    scheduled_run = api.wait_finished(firings["queue"]["first_run_id"], hold_s + 60)
    assert scheduled_run["state"] == "succeeded", scheduled_run["error"]
    assert scheduled_run["id"] > blocker_run  # it waited its turn
    assert api.wait_finished(blocker_run, 5)["state"] == "succeeded"
    api.call("DELETE", f"/webhooks/{hook['id']}")  # the shared stack's later changes are not ours
