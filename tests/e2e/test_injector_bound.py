"""An injector starved of CPU on purpose is called injector-bound, not HAProxy-bound.

The local lab's injector runs vegeta at an open-loop rate HAProxy serves easily, but the test
puts vegeta, once it has started in the injector's namespace, into a CPU cgroup (cgroup v1
`cpu`, CFS quota) that gives it a few percent of one core: it sends its schedule late and
drops slots. The agent itself is not capped (its sampler and its messages stay on time), and
neither is HAProxy. The run's verdict must say the injector was the limit, name it, and show
its sends as evidence; HAProxy, mostly idle, must not be read as the bound. The same spec run
again without the cap is not injector-bound (it keeps up).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from run_helpers import Api, http_spec, load_tools_in

pytestmark = pytest.mark.slow

CPU_CGROUPS = Path("/sys/fs/cgroup/cpu")
CFS_PERIOD_US = 100_000
CFS_QUOTA_US = 4_000  # 4% of one core: far less than vegeta needs for RATE req/s
RATE = 3000.0  # req/s: HAProxy and nginx serve it on one core of this box (LAB-NOTES)
WARMUP_S = 2
DURATION_S = 6


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """This run leaves the lab as it found it: it shares one (tests/e2e/conftest.py)."""
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Api:
    return Api(local_lab.api_url, local_lab.token)


@pytest.fixture
def starved_cgroup() -> Iterator[Path]:
    """A CPU cgroup capped at CFS_QUOTA_US per period; what is left in it is moved back at the end."""
    if not (CPU_CGROUPS / "cgroup.procs").exists() or os.geteuid() != 0:
        pytest.skip("needs root and a cgroup v1 cpu controller at /sys/fs/cgroup/cpu")
    group = CPU_CGROUPS / f"haplab-starved-injector-{os.getpid()}"
    group.mkdir()
    try:
        (group / "cpu.cfs_period_us").write_text(str(CFS_PERIOD_US))
        (group / "cpu.cfs_quota_us").write_text(str(CFS_QUOTA_US))
        yield group
    finally:
        for pid in (group / "cgroup.procs").read_text().split():
            with contextlib.suppress(OSError):  # it exited meanwhile
                (CPU_CGROUPS / "cgroup.procs").write_text(pid)
        group.rmdir()


def cap_the_load_tool(netns: str, group: Path, timeout_s: float) -> str:
    """Move the load tool into `group` as soon as it appears in the injector's namespace."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for found in load_tools_in(netns):
            pid, name = found.split()
            (group / "cgroup.procs").write_text(pid)
            return name
        time.sleep(0.02)
    raise AssertionError(f"no load tool started in {netns} within {timeout_s} s")


def test_an_injector_starved_of_cpu_is_injector_bound_not_haproxy(
    api: Api, local_lab: Any, starved_cgroup: Path
) -> None:
    injector = local_lab.hosts["injector"]
    if injector.netns is None:
        pytest.skip("the lab runs on loopback: the load tool cannot be told apart from HAProxy")
    spec = http_spec(driver="vegeta", connections=20, duration_s=DURATION_S, path="/fast")
    spec["load"].update(rate=RATE, warmup_s=WARMUP_S)
    [run_id] = api.launch("starved injector", spec, local_lab.lab_id)
    tool = cap_the_load_tool(injector.netns, starved_cgroup, timeout_s=60)
    assert tool == "vegeta"
    # A starved client misses answers HAProxy sent (it cannot read them in time): the run's own
    # consistency check may say so (a figures_disagree caveat), and that is the finding here.
    run = api.wait_finished(run_id, 120, check_figures=False)

    assert run["state"] in {"succeeded", "partial"}, run["error"]
    verdict = run["summary"]["verdict"]
    [sent] = [i["open_loop"] for i in run["summary"]["injectors"]]
    print(f"verdict: {verdict['sentence']}\nalso: {[f['kind'] for f in verdict['also']]}\nsends: {sent}")
    evidence = {e["name"]: e["value"] for e in verdict["evidence"]}
    assert verdict["kind"] == "injector", verdict
    assert f"injector {injector.agent} fell behind" in verdict["sentence"]
    assert "not HAProxy's capacity" in verdict["sentence"] or "cannot tell" in verdict["sentence"]
    # The evidence is the tool's own schedule: what it sent of what was asked.
    assert evidence["injector_target_rate"] == RATE
    assert evidence["injector_send_rate"] < RATE or evidence["injector_late_sends"] > 0
    assert evidence["injector_dropped_sends"] + evidence["injector_late_sends"] >= 0.1 * sent["sent"]
    # HAProxy was not the limit: it stayed mostly idle, and no HAProxy bound leads.
    assert verdict["kind"] not in {"proxy_cpu", "offered_load"}
    assert evidence.get("haproxy_busy_pct", 0) < 90

    # The same load with vegeta left alone keeps its schedule: the cap, not the rate, made the
    # injector the limit (on the shared box its host's CPU may still be named among the others).
    [control_id] = api.launch("unstarved injector", spec, local_lab.lab_id)
    control = api.wait_finished(control_id, 120)
    [kept] = [i["open_loop"] for i in control["summary"]["injectors"]]
    print(f"control: {control['summary']['verdict']['sentence']}\nsends: {kept}")
    assert control["summary"]["verdict"]["kind"] != "injector", control["summary"]["verdict"]


def test_a_closed_loop_tool_starved_of_cpu_is_injector_bound_from_its_own_wait(
    api: Api, local_lab: Any, starved_cgroup: Path
) -> None:
    """A closed loop has no schedule to miss: wrk with 50 connections, capped like vegeta above,
    simply sends less. What names it is the tool's own threads' wait for a CPU (tool_cpu), read
    by the injector while wrk ran; the box's CPU, which HAProxy and nginx share, is not."""
    injector = local_lab.hosts["injector"]
    if injector.netns is None:
        pytest.skip("the lab runs on loopback: the load tool cannot be told apart from HAProxy")
    spec = http_spec(driver="wrk", connections=50, threads=2, duration_s=DURATION_S, path="/fast")
    spec["load"].update(warmup_s=WARMUP_S)
    [run_id] = api.launch("starved closed loop", spec, local_lab.lab_id)
    assert cap_the_load_tool(injector.netns, starved_cgroup, timeout_s=60) == "wrk"
    run = api.wait_finished(run_id, 120, check_figures=False)  # a starved client, as above

    assert run["state"] in {"succeeded", "partial"}, run["error"]
    verdict = run["summary"]["verdict"]
    [tool_cpu] = [i["tool_cpu"] for i in run["summary"]["injectors"]]
    print(f"verdict: {verdict['sentence']}\nalso: {[f['kind'] for f in verdict['also']]}\ntool: {tool_cpu}")
    evidence = {e["name"]: e["value"] for e in verdict["evidence"]}
    assert verdict["kind"] == "injector", verdict
    assert f"injector {injector.agent} fell behind: its load tool waited for a CPU" in verdict["sentence"]
    assert evidence["injector_tool_wait_pct"] >= 80
    assert evidence.get("haproxy_busy_pct", 0) < 90
