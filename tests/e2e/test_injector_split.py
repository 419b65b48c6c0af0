"""The profile is the total, on real processes: two injector agents split an open loop of 400 req/s
into 200 + 200 and a closed loop of 15 connections into 8 + 7.

The local lab has one injector; a second injector agent is enrolled and started here beside the
first (same namespace, its own runtime dir and token) the way dev/lab.py starts its agents, and
stopped with the lab. Loads are bounded: a few seconds each, to loopback or the lab's namespaces.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from run_helpers import Api, http_spec

pytestmark = pytest.mark.slow

SECOND = "injector-2"  # after injector-1 in name order: it gets the smaller share of an odd total


@pytest.fixture
def two_injectors(local_lab: Any, start_worker: Any) -> Any:
    from dataclasses import replace

    lab = local_lab
    first = lab.hosts["injector"]
    second = replace(first, agent=SECOND)
    with httpx.Client(base_url=lab.api_url, headers={"Authorization": f"Bearer {lab.token}"}) as client:
        response = client.post(
            f"/api/v1/labs/{lab.lab_id}/enrollment-tokens",
            json={"roles": ["injector"], "expires_in_minutes": 10},
        )
        response.raise_for_status()
    lab._enroll(second, response.json()["token"])
    lab.agents.append(lab._spawn_agent(second))  # stopped with the lab's own agents
    _wait_online(lab, SECOND)
    start_worker(agent_wait=20, lease=30)
    return lab


def _wait_online(lab: Any, name: str, timeout_s: float = 60) -> None:
    import time

    deadline = time.monotonic() + timeout_s
    with httpx.Client(base_url=lab.api_url, headers={"Authorization": f"Bearer {lab.token}"}) as client:
        while time.monotonic() < deadline:
            agents = client.get(f"/api/v1/labs/{lab.lab_id}").json()["agents"]
            if any(a["name"] == name and a["status"] != "offline" for a in agents):
                return
            time.sleep(0.5)
    raise AssertionError(f"{name} did not come online in {timeout_s:g} s")


def _argv(run: dict[str, Any], agent: str, tool: str) -> list[str]:
    [argv] = [a for a in run["command_lines"][agent] if any(arg.endswith(f"/{tool}") for arg in a)]
    return argv


def _after(argv: list[str], flag: str) -> str:
    return argv[argv.index(flag) + 1]


def test_two_injectors_split_an_open_loop_and_a_closed_loop(two_injectors: Any) -> None:
    lab = two_injectors
    api = Api(lab.api_url, lab.token)

    spec = http_spec(driver="vegeta", connections=10, threads=1, duration_s=5)
    spec["load"]["rate"] = 400
    [run_id] = api.launch("split-open-loop", spec, lab.lab_id)
    run = api.wait_finished(run_id, 120)

    assert run["state"] == "succeeded", run["error"]
    injectors = {i["agent"]: i for i in run["summary"]["injectors"]}
    assert set(injectors) == {"injector-1", SECOND}
    for index, name in enumerate(["injector-1", SECOND]):
        asked = injectors[name]["asked"]
        assert (asked["index"], asked["of"], asked["per_injector"]) == (index, 2, "share")
        assert (asked["connections"], asked["rate"]) == (5, 200), asked
        argv = _argv(run, name, "vegeta")
        assert _after(argv, "-rate") == "200/1s" and _after(argv, "-workers") == "5", argv
        # Each injector's sent count within 1% of its share of the measured window.
        sent = injectors[name]["open_loop"]["sent"]
        print(f"{name}: sent {sent} of {200 * 5} asked")
        assert abs(sent - 200 * 5) <= 0.01 * 200 * 5, injectors[name]["open_loop"]
    assert run["summary"]["total"]["open_loop"]["target_rate"] == pytest.approx(400)

    closed = http_spec(driver="hey", connections=15, threads=2, duration_s=3)
    [run_id] = api.launch("split-closed-loop", closed, lab.lab_id)
    run = api.wait_finished(run_id, 120)

    assert run["state"] == "succeeded", run["error"]
    injectors = {i["agent"]: i for i in run["summary"]["injectors"]}
    assert [injectors[n]["asked"]["connections"] for n in ("injector-1", SECOND)] == [8, 7]
    assert [_after(_argv(run, n, "hey"), "-c") for n in ("injector-1", SECOND)] == ["8", "7"]
    # Both sent: the 15 clients are the lab's, not each injector's.
    assert all(injectors[n]["requests"] > 0 for n in ("injector-1", SECOND))
    verdict = run["summary"]["verdict"]
    assert all(e["value"] == 15 for e in verdict["evidence"] if e["name"] == "connections"), verdict
