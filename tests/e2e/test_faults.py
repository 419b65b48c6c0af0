"""Faults on real processes in the middle of a run, under `make up`'s supervisor (dev/up.py) with
its local lab: kill -9, and SIGSTOP then SIGCONT, of the worker, the injector agent, the proxy
agent, Redis and PostgreSQL. For each:

- the run reaches a terminal state within 2 minutes;
- no load tool is left running past the run's duration plus its load lease;
- the outcome is honest: `succeeded` only when the load covered its window, otherwise failed or
  partial with the reason, and with the samples (and a summary) of what ran before the fault;
- the stack serves again by itself: the API is healthy and the lab's three agents are online.

What each fault did is printed (pytest -s shows it) and written down in docs/reliability.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from run_helpers import TERMINAL, Api, http_spec, load_tools_in

from tests.up_stack import Up, up_stack

pytestmark = pytest.mark.slow

DURATION_S = 8
LOAD_LEASE_S = 10  # backend.settings.load_lease_seconds
# Seconds into the measured load: late enough that the first measured second was sent by every
# agent holding its samples (nobody watches these runs live: worker/phases/sample_pace.py holds
# them up to 2 s), so a killed agent leaves what it measured before the fault.
FAULT_AT_S = 4
TERMINAL_WITHIN_S = 120
AGENTS = ("proxy-1", "injector-1", "target-1")


@dataclass(frozen=True)
class Fault:
    process: str  # the name dev/up.py prints for it
    action: str  # "kill" (-9) or "freeze" (SIGSTOP, then SIGCONT after freeze_s)
    expect: frozenset[str]  # the run states that are an honest answer to this fault
    says: str  # what the run's error must mention ("" when it may succeed)
    freeze_s: float = 0
    group: bool = False  # signal the process group (the worker's pool, PostgreSQL's backends)
    duration_s: int = DURATION_S

    def __str__(self) -> str:
        return f"{self.action}-{self.process}"


FAULTS = [
    # The lab lease (20 s here) expires; the housekeeping worker's reaper fails the run.
    Fault("runs-worker", "kill", frozenset({"failed"}), "worker lost", group=True),
    # The load lease (10 s) expires while the worker is frozen: the tool stops short (the load
    # must outlast the lease: 20 s, frozen from t = 3 s).
    Fault(
        "runs-worker",
        "freeze",
        frozenset({"partial"}),
        "lease expired",
        freeze_s=16,
        group=True,
        duration_s=20,
    ),
    Fault("injector-1", "kill", frozenset({"failed"}), "injector-1"),
    Fault("injector-1", "freeze", frozenset({"failed"}), "injector-1 lost", freeze_s=17),
    Fault("proxy-1", "kill", frozenset({"failed"}), "proxy-1"),
    # HAProxy itself keeps serving while its agent is frozen, so the load may end before the
    # agent is judged lost (15 s): then the run is partial, HAProxy's samples missing.
    Fault("proxy-1", "freeze", frozenset({"failed", "partial"}), "proxy", freeze_s=17),
    Fault("redis", "kill", frozenset({"succeeded", "partial", "failed"}), ""),
    Fault("redis", "freeze", frozenset({"succeeded", "partial", "failed"}), "", freeze_s=8),
    Fault("postgres", "kill", frozenset({"succeeded", "partial", "failed"}), "", group=True),
    Fault("postgres", "freeze", frozenset({"succeeded", "partial", "failed"}), "", freeze_s=8, group=True),
]


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Up]:
    # A lab lease of 20 s (30 by default) shortens the wait for a dead worker's reaping; a frozen
    # worker (16 s) still outlives nothing but its load lease.
    with up_stack(tmp_path_factory.mktemp("faults") / "var", {"HAPLAB_LAB_LEASE_SECONDS": "20"}) as up:
        assert "3 agents online" in up.output, up.output
        yield up


@pytest.fixture(scope="module")
def api(stack: Up) -> Api:
    return Api(stack.api_url, stack.token)


@pytest.fixture(scope="module")
def lab_id(api: Api) -> int:
    [lab] = api.call("GET", "/labs")
    return int(lab["id"])


@pytest.mark.parametrize("fault", FAULTS, ids=str)
def test_a_fault_mid_run_ends_the_run_honestly_and_the_stack_recovers(
    fault: Fault, stack: Up, api: Api, lab_id: int
) -> None:
    _wait_lab_ready(stack, api, lab_id)
    [run_id] = api.launch(f"fault {fault}", http_spec(driver="wrk", duration_s=fault.duration_s), lab_id)
    api.wait_state(run_id, "running", 60)
    time.sleep(FAULT_AT_S)

    pid = stack.pid_of(fault.process)
    output_before = len(stack.output)
    started = time.monotonic()
    _apply(fault, pid)

    run = _wait_terminal(stack, api, run_id)
    ended_after_s = time.monotonic() - started
    run = _with_kept_summary(api, run)
    print(
        f"\nFAULT {fault}: run {run_id} {run['state']} {ended_after_s:.0f} s after the fault; "
        f"error: {run['error']}; completeness: {_brief((run.get('summary') or {}).get('completeness'))}"
    )
    # No load past the run's duration plus its lease, wherever the fault struck.
    _assert_no_load_left(stack, within_s=fault.duration_s + LOAD_LEASE_S + 5 - (time.monotonic() - started))

    assert run["state"] in fault.expect, (run["state"], run["error"])
    assert fault.says in (run["error"] or ""), run["error"]
    completeness = (run["summary"] or {}).get("completeness")
    if run["state"] == "succeeded":
        assert completeness is not None and completeness["complete"], completeness
    else:
        assert run["error"], "a run that did not succeed says why"
        # What ran before the fault is kept: samples, and a summary marked incomplete.
        proxy = [s for s in api.samples(run_id).get("proxy", []) if s["t"] >= 0]
        assert proxy, "the samples from before the fault are gone"
        assert completeness is not None and not completeness["complete"], (
            run["summary"],
            _worker_log_about(stack, run_id),
        )
        assert completeness["measured_s"] < fault.duration_s + 1, completeness
        total = run["summary"]["total"]
        if completeness["measured_s"] > 0 and total["successes"]:
            # Every rate divides by the seconds measured, not the seconds asked.
            assert total["rps"] == pytest.approx(total["successes"] / total["duration_s"], rel=0.01)
            assert total["duration_s"] <= completeness["measured_s"] + 1, (total, completeness)
    if run["state"] == "partial":
        analysis = api.call("GET", f"/experiments/{run['experiment_id']}/analysis")
        assert run_id in analysis["partial_run_ids"] and "left out" in analysis["note"]
        assert all(run_id not in point["run_ids"] for point in analysis["points"])

    # The stack serves again without anyone restarting it.
    stack.wait_healthy(90)
    _wait_lab_ready(stack, api, lab_id)
    print(f"FAULT {fault}: serving again {time.monotonic() - started:.0f} s after the fault")
    for line in _restarts_said(stack, output_before):
        print(f"FAULT {fault}: supervisor: {line}")


def test_after_every_fault_a_run_succeeds(stack: Up, api: Api, lab_id: int) -> None:
    _wait_lab_ready(stack, api, lab_id)
    [run_id] = api.launch("after the faults", http_spec(driver="wrk", duration_s=5), lab_id)
    run = api.wait_finished(run_id, 90)
    assert run["state"] == "succeeded", run["error"]
    assert run["summary"]["completeness"]["complete"] and run["summary"]["total"]["successes"] > 0


def _apply(fault: Fault, pid: int) -> None:
    def send(sig: signal.Signals) -> None:
        if fault.group:
            os.killpg(os.getpgid(pid), sig)
        else:
            os.kill(pid, sig)

    if fault.action == "kill":
        send(signal.SIGKILL)
        return
    send(signal.SIGSTOP)
    try:
        time.sleep(fault.freeze_s)
    finally:
        send(signal.SIGCONT)


def _wait_terminal(stack: Up, api: Api, run_id: int) -> dict[str, Any]:
    """The run once terminal; API calls may fail while a part is down (503, or no answer)."""
    deadline = time.monotonic() + TERMINAL_WITHIN_S
    while True:
        try:
            run = api.http.get(f"/runs/{run_id}")
            if run.status_code == 200 and run.json()["state"] in TERMINAL:
                return dict(run.json())
        except (OSError, httpx.HTTPError, ValueError):
            pass  # a part is down or restarting: ask again
        _assert_supervisor_alive(stack)
        assert time.monotonic() < deadline, f"run {run_id} not terminal {TERMINAL_WITHIN_S} s after the fault"
        time.sleep(1)


# A run failed by the reaper (its worker died) is marked failed first; what it measured is read
# and kept right after (worker/reaper.py settle_reaped_run), before its webhooks are told.
SUMMARY_KEPT_WITHIN_S = 15


def _with_kept_summary(api: Api, run: dict[str, Any]) -> dict[str, Any]:
    """The terminal run once its summary of what was measured is stored (or SUMMARY_KEPT_WITHIN_S
    passed: the assertions below then say what is missing)."""
    deadline = time.monotonic() + SUMMARY_KEPT_WITHIN_S
    while run["state"] != "succeeded" and run.get("summary") is None and time.monotonic() < deadline:
        time.sleep(0.5)
        with contextlib.suppress(OSError, httpx.HTTPError, ValueError):
            answer = api.http.get(f"/runs/{run['id']}")
            if answer.status_code == 200:
                run = dict(answer.json())
    return run


def _wait_lab_ready(stack: Up, api: Api, lab_id: int, timeout_s: float = 90) -> None:
    """Every agent of the lab online and the lab free (the previous run torn down)."""
    deadline = time.monotonic() + timeout_s
    lab: Any = None
    while True:
        _assert_supervisor_alive(stack)
        try:
            lab = api.http.get(f"/labs/{lab_id}").json()
            status = {a["name"]: a["status"] for a in lab["agents"]}
            if all(status.get(name) == "online" for name in AGENTS) and lab.get("active_run_id") is None:
                return
        except (OSError, httpx.HTTPError, ValueError, KeyError) as e:
            lab = f"no answer: {e!r}"  # the API may be restarting after a fault: that is allowed
        assert time.monotonic() < deadline, (
            f"lab not ready after {timeout_s} s: {lab}\n{stack.output[-3000:]}"
        )
        time.sleep(1)


def _assert_supervisor_alive(stack: Up) -> None:
    """make up's supervisor gives up on a child that keeps dying: say so instead of timing out."""
    code = stack.proc.poll()
    assert code is None, f"make up exited with {code}:\n{stack.output[-4000:]}"


def _restarts_said(stack: Up, since: int) -> list[str]:
    """The supervisor's lines about children dying or restarting, printed since `since`."""
    lines = stack.output[since:].splitlines()
    return [line for line in lines if "exited with" in line or "restart" in line]


def _assert_no_load_left(stack: Up, within_s: float) -> None:
    prefix = json.loads((stack.var / "lab" / "lab.json").read_text()).get("prefix")
    if not prefix:
        return  # a loopback lab (no namespaces): its tools cannot be told from others' here
    deadline = time.monotonic() + max(0.0, within_s)
    while tools := load_tools_in(f"{prefix}-inj"):
        assert time.monotonic() < deadline, f"load tools still running past duration + lease: {tools}"
        time.sleep(0.5)


def _worker_log_about(stack: Up, run_id: int) -> str:
    """What the worker logged of the run (and the tracebacks after it), for a failed assertion."""
    log = stack.var / "log" / "runs-worker.log"
    lines = log.read_text(errors="replace").splitlines() if log.exists() else []
    first = next((i for i, line in enumerate(lines) if f"run {run_id}" in line), len(lines))
    return "\n".join(lines[first:][-80:])


def _brief(completeness: dict[str, Any] | None) -> str:
    if not completeness:
        return "none"
    return (
        f"complete={completeness['complete']} measured {completeness['measured_s']} of "
        f"{completeness['asked_s']} s, totals from {completeness['totals_from']}"
    )
