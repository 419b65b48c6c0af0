"""A real run on the local lab with two injectors (`shared_two_injector_lab`): both injector
agents take part, each sends its load over its own veth to the proxy, and the run's summary, its
command lines and its samples name both.

How the load is divided between them is the worker's business (StartLoad to every injector of the
lab); this test holds only that both are there and that what they sent adds up at HAProxy.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from run_helpers import Api, http_spec

from dev.lab_netns import run as ip_run

pytestmark = pytest.mark.slow

INJECTORS = ["injector-1", "injector-2"]


@pytest.mark.parametrize("driver", ["wrk", "vegeta"])
def test_a_run_on_the_two_injector_lab_loads_from_both(shared_two_injector_lab: Any, driver: str) -> None:
    two_injector_lab = shared_two_injector_lab
    api = Api(two_injector_lab.api_url, two_injector_lab.token)
    # Seed 000's shape, short: keep-alive on /fast through one frontend and backend; closed loop
    # (wrk) and open loop (vegeta, at a rate far below what the box serves).
    spec = http_spec(driver=driver, connections=10, duration_s=3, threads=1)
    if driver == "vegeta":
        spec["load"]["rate"] = 200
    [run_id] = api.launch(f"two-injectors-{driver}", spec, two_injector_lab.lab_id)
    run = api.wait_finished(run_id, 120)

    assert run["state"] == "succeeded", run["error"]
    summary = run["summary"]
    by_agent = {injector["agent"]: injector for injector in summary["injectors"]}
    assert sorted(by_agent) == INJECTORS, summary["injectors"]
    for name, injector in by_agent.items():
        assert injector["driver"] == driver and injector["successes"] > 0, (name, injector)
    assert set(INJECTORS) <= set(run["command_lines"]), sorted(run["command_lines"])
    assert set(INJECTORS) <= set(run["environment"]["agents"])
    samples = api.samples(run_id)
    assert {f"host:{name}" for name in INJECTORS} <= set(samples), sorted(samples)
    # HAProxy served both injectors: it counted (about) what the two sent together, more than
    # either alone (per-second deltas, so the measured window's edges may differ by a little).
    proxy_requests = summary["proxy"]["requests"]
    sent = [by_agent[name]["requests"] for name in INJECTORS]
    print(f"two-injector {driver} run {run_id}: injectors sent {sent}, HAProxy counted {proxy_requests}")
    assert proxy_requests > max(sent)
    if two_injector_lab.topology is not None:
        # Injector-2's requests reached the proxy over its own veth (a request is a segment at
        # least; wrk does not pipeline).
        proxy_ns = two_injector_lab.topology.namespaces["proxy-1"]
        stats = ip_run(["ip", "-n", proxy_ns, "-s", "-j", "link", "show", "dev", "veth-inj2"]).stdout
        assert json.loads(stats)[0]["stats64"]["rx"]["packets"] >= sent[1]
