"""An agent revoked in the middle of a run, on a lab of its own (the local lab: three real agents,
HAProxy, nginx, a load tool, the API and a Celery worker): the run ends failed at once, naming
the revoked agent (never running on, never succeeded), the load stops, the agent exits 78; then
the host's name is enrolled again and the lab runs again.

Its own lab, not the shared one: it revokes one of the lab's agents.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from live_processes import wait_until
from run_helpers import TERMINAL, Api, http_spec, load_tools_in

from contract.protocol import AGENT_EXIT_REVOKED

pytestmark = pytest.mark.slow

# Long enough that the revocation falls well inside the measured load.
DURATION_S = 20
REVOKE_AT_S = 3
# The run's worker hears of it on the run's control channel: well under the fallback read (2 s).
FAILED_WITHIN_S = 5


def test_a_run_using_a_revoked_agent_fails_naming_it_and_the_rotated_agent_runs_again(
    local_lab: Any, start_worker: Any
) -> None:
    start_worker(agent_wait=20, lease=30)
    api = Api(local_lab.api_url, local_lab.token)
    injector = next(a for a in local_lab.agents if a.host.agent == "injector-1")
    [run_id] = api.launch(
        "revoked mid-run", http_spec(driver="wrk", connections=10, duration_s=DURATION_S), local_lab.lab_id
    )
    api.wait_state(run_id, "running", 90)
    time.sleep(REVOKE_AT_S)

    agent_id = next(
        a["id"] for a in api.call("GET", f"/labs/{local_lab.lab_id}")["agents"] if a["name"] == "injector-1"
    )
    revoked_at = time.monotonic()
    revoked = api.call("POST", f"/labs/{local_lab.lab_id}/agents/{agent_id}/revoke")
    assert revoked["status"] == "revoked"

    run = wait_until(lambda: _ended(api, run_id), 30, f"run {run_id} to end")
    ended_after_s = time.monotonic() - revoked_at
    print(f"run {run_id} {run['state']} {ended_after_s:.1f} s after the revocation: {run['error']}")
    assert run["state"] == "failed", run
    assert "agent injector-1 was revoked during running" in run["error"], run["error"]
    assert ended_after_s < FAILED_WITHIN_S
    # What was measured before is kept, marked incomplete (as for any run cut short).
    completeness = (run["summary"] or {}).get("completeness")
    assert completeness is not None and not completeness["complete"], run["summary"]

    # The agent heard its 401 and stopped everything it ran, the load included, then exited 78.
    assert injector.proc.wait(30) == AGENT_EXIT_REVOKED, injector.tail()
    if injector.host.netns:
        wait_until(lambda: not load_tools_in(injector.host.netns), 10, "the load tool to stop")
        assert not load_tools_in(injector.host.netns)
    lab = api.call("GET", f"/labs/{local_lab.lab_id}")
    assert [a["name"] for a in lab["revoked_agents"]] == ["injector-1"]
    assert "injector-1" not in [a["name"] for a in lab["agents"]]

    # Rotation: `make up`'s way (dev/lab.py) enrolls the name again with a new token, the host's
    # agent starts on the new state file, and the lab runs as before.
    local_lab.enroll_agents(local_lab.api_url, local_lab.token)
    local_lab.restart_agent(injector)
    local_lab.wait_online(60)
    lab = api.call("GET", f"/labs/{local_lab.lab_id}")
    [rotated] = [a for a in lab["agents"] if a["name"] == "injector-1"]
    assert rotated["id"] != agent_id
    [again] = api.launch(
        "after rotation", http_spec(driver="wrk", connections=10, duration_s=3), local_lab.lab_id
    )
    run = api.wait_finished(again, 90)
    assert run["state"] == "succeeded", run["error"]


def _ended(api: Api, run_id: int) -> dict[str, Any] | None:
    run: dict[str, Any] = api.call("GET", f"/runs/{run_id}")
    return run if run["state"] in TERMINAL else None
