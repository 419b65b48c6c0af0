"""The profile is the total, on the local lab with two injectors (`shared_two_injector_lab`: each
its own agent, namespace and veth to the proxy): an open loop of 400 req/s runs as 200 + 200 and a
closed loop of 15 connections as 8 + 7, each injector's share is what its tool was given and what
its summary says it was asked, both take part in the run's command lines, environment and samples,
and injector-2's requests reach the proxy over its own veth. Loads are bounded: a few seconds each.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest
from live_processes import wait_until
from run_helpers import Api, http_spec, restart_agent_with

from agents.clock import TEST_START_DELAY_ENV
from contract.clock import CLOCK_BOUND_MS
from dev.lab_netns import run as ip_run

pytestmark = pytest.mark.slow

INJECTORS = ["injector-1", "injector-2"]  # name order: injector-2 gets the smaller share of an odd total


def _argv(run: dict[str, Any], agent: str, tool: str) -> list[str]:
    [argv] = [a for a in run["command_lines"][agent] if any(arg.endswith(f"/{tool}") for arg in a)]
    return argv


def _after(argv: list[str], flag: str) -> str:
    return argv[argv.index(flag) + 1]


def test_an_open_loop_is_split_200_and_200_and_both_injectors_load_over_their_own_links(
    shared_two_injector_lab: Any,
) -> None:
    lab = shared_two_injector_lab
    api = Api(lab.api_url, lab.token)
    spec = http_spec(driver="vegeta", connections=10, threads=1, duration_s=5)
    spec["load"]["rate"] = 400
    [run_id] = api.launch("split-open-loop", spec, lab.lab_id)
    run = api.wait_finished(run_id, 120)

    assert run["state"] == "succeeded", run["error"]
    summary = run["summary"]
    injectors = {i["agent"]: i for i in summary["injectors"]}
    assert sorted(injectors) == INJECTORS, summary["injectors"]
    for index, name in enumerate(INJECTORS):
        asked = injectors[name]["asked"]
        assert (asked["index"], asked["of"], asked["per_injector"]) == (index, 2, "share")
        assert (asked["connections"], asked["rate"]) == (5, 200), asked
        argv = _argv(run, name, "vegeta")
        assert _after(argv, "-rate") == "200/1s" and _after(argv, "-workers") == "5", argv
        # Each injector's sent count within 1% of its share of the measured window.
        sent = injectors[name]["open_loop"]["sent"]
        print(f"{name}: sent {sent} of {200 * 5} asked")
        assert abs(sent - 200 * 5) <= 0.01 * 200 * 5, injectors[name]["open_loop"]
    assert summary["total"]["open_loop"]["target_rate"] == pytest.approx(400)
    assert set(INJECTORS) <= set(run["environment"]["agents"])
    assert {f"host:{name}" for name in INJECTORS} <= set(api.samples(run_id))
    # HAProxy served both: it counted more than either sent alone.
    sent_each = [injectors[name]["requests"] for name in INJECTORS]
    print(f"run {run_id}: injectors sent {sent_each}, HAProxy counted {summary['proxy']['requests']}")
    assert summary["proxy"]["requests"] > max(sent_each)
    if lab.topology is not None:
        # Injector-2's requests reached the proxy over its own veth (a request is a segment at least).
        proxy_ns = lab.topology.namespaces["proxy-1"]
        stats = ip_run(["ip", "-n", proxy_ns, "-s", "-j", "link", "show", "dev", "veth-inj2"]).stdout
        assert json.loads(stats)[0]["stats64"]["rx"]["packets"] >= sent_each[1]


def test_a_closed_loop_of_15_connections_is_8_and_7(shared_two_injector_lab: Any) -> None:
    lab = shared_two_injector_lab
    api = Api(lab.api_url, lab.token)
    closed = http_spec(driver="hey", connections=15, threads=2, duration_s=3)
    [run_id] = api.launch("split-closed-loop", closed, lab.lab_id)
    run = api.wait_finished(run_id, 120)

    assert run["state"] == "succeeded", run["error"]
    injectors = {i["agent"]: i for i in run["summary"]["injectors"]}
    assert [injectors[n]["asked"]["connections"] for n in INJECTORS] == [8, 7]
    assert [_after(_argv(run, n, "hey"), "-c") for n in INJECTORS] == ["8", "7"]
    assert all(injectors[n]["requests"] > 0 for n in INJECTORS)
    # The verdict reads the lab's 15 clients, not each injector's.
    verdict = run["summary"]["verdict"]
    assert all(e["value"] == 15 for e in verdict["evidence"] if e["name"] == "connections"), verdict


# injector-2 starts this late (the test hook; its clock is right): well past the bound, well inside
# the lead a loaded box leaves before start_at.
START_DELAY_MS = 150.0


def test_two_injectors_that_start_apart_carry_a_caveat_naming_the_late_one(
    two_injector_lab: Any, start_worker: Any
) -> None:
    """Its own lab, not the shared one: it restarts injector-2 with the start-delay hook."""
    lab = two_injector_lab
    api = Api(lab.api_url, lab.token)
    restarted_at = datetime.now().astimezone()
    restart_agent_with(lab, "injector-2", {TEST_START_DELAY_ENV: f"{START_DELAY_MS:g}"}, "its start delayed")

    def said_hello() -> bool:
        agents = api.call("GET", f"/labs/{lab.lab_id}")["agents"]
        agent = next(a for a in agents if a["name"] == "injector-2" and a["revoked_at"] is None)
        clock = agent["clock"]
        return clock is not None and datetime.fromisoformat(clock["measured_at"]) > restarted_at

    wait_until(said_hello, 60, "the restarted injector-2's hello")
    start_worker(agent_wait=20, lease=30)
    spec = http_spec(driver="vegeta", connections=10, threads=1, duration_s=3)
    spec["load"]["rate"] = 200
    [run_id] = api.launch("injectors apart", spec, lab.lab_id)
    run = api.wait_finished(run_id, 120)
    assert run["state"] == "succeeded", run["error"]

    starts = {i["agent"]: (i["started_at"], i["start_source"]) for i in run["summary"]["injectors"]}
    print(f"starts: {starts}")
    assert all(source == "first_request" for _, source in starts.values()), starts
    apart_ms = (
        datetime.fromisoformat(starts["injector-2"][0]) - datetime.fromisoformat(starts["injector-1"][0])
    ).total_seconds() * 1000
    assert apart_ms > CLOCK_BOUND_MS, apart_ms
    [caveat] = [c for c in run["summary"]["verdict"]["caveats"] if c["kind"] == "clocks_apart"]
    print(caveat["sentence"])
    assert "injector-2" in caveat["sentence"] and "later" in caveat["sentence"], caveat
    spread = next(e["value"] for e in caveat["evidence"] if e["name"] == "start_spread_ms")
    assert spread == pytest.approx(apart_ms, abs=0.5)
    # Their clocks are right: the caveat is about the start, not an offset.
    assert "ahead of the API's" not in caveat["sentence"] and "behind the API's" not in caveat["sentence"]
