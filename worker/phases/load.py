"""`warming` and `running`: sample, start the load at one agreed instant, keep its lease alive.

start_at and t0 are on the worker's clock, which is taken as the API's (they run on the control
plane's hosts). Each agent measures its own clock against the API's as it starts sampling
(StartSampling's answer carries it; the run's environment keeps it) and waits for them on its own
clock with that offset (contract.clock).

The load holds a lease: the injector stops it by itself when the lease is not renewed, so a
worker that dies cannot leave load running. The worker renews it every couple of seconds for as
long as this run is executing (the renewer stops with the execution): it writes the lease to
Redis, and the API hands it to the injector with the reply to each of its sample batches (every
second, or every quarter lease while nobody watches: worker/phases/sample_pace.py), so a renewal
costs no request; an injector that does not say it reads those replies
(an older agent) gets a RenewLease command instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from backend.messaging import load_leases
from backend.settings import get_settings
from contract.clock import ClockMeasurement
from contract.command_results import LoadFinished, LoadStarted, SamplingStarted
from contract.injector_split import share_profile
from contract.protocol import AwaitLoad, RenewLease, StartLoad, StartSampling
from contract.run_state import RunState
from worker import agent_rpc
from worker.execution import AgentRef, Execution
from worker.phases.base import BackgroundPhase, PhaseError, RunContext
from worker.phases.configure import lead_time_s
from worker.phases.database import direct_host, direct_url
from worker.phases.liveness import lost_agent
from worker.phases.sample_pace import hold_samples
from worker.thresholds import LiveJudge

COMMAND_TIMEOUT_S = 15.0
# StartLoad must arrive this long before start_at at least (the injector refuses a late start).
START_MARGIN_S = 0.2
T = TypeVar("T")


def entry_url(ex: Execution) -> str:
    if ex.spec.load.via == "direct":
        return direct_url(ex)  # a baseline that bypasses the proxy
    _, entry = ex.spec.entry_point()
    scheme = "mysql" if ex.spec.load.driver == "mariadb-slap" else ("https" if ex.spec.load.tls else "http")
    return f"{scheme}://{ex.agent('proxy').data_address}:{entry.bind.port}"


class WarmUp(BackgroundPhase):
    """Start sampling everywhere and the load at start_at; done when the measured load begins (t0)."""

    state = RunState.warming

    def __init__(self, execution: Execution) -> None:
        super().__init__()
        self.execution = execution
        self._clocks: dict[str, ClockMeasurement | None] = {}  # by agent name, from StartSampling's answers

    def timeout_seconds(self) -> float:
        return self.execution.spec.load.warmup_s + lead_time_s() + 2 * COMMAND_TIMEOUT_S

    def timeout_error(self, ctx: RunContext) -> str:
        return f"the load did not start within {self.timeout_seconds():g} s"

    def work(self, ctx: RunContext) -> None:
        ex = self.execution
        load = ex.spec.load
        lead = lead_time_s()
        began = time.monotonic()
        start_at = self._start_sampling(ex, lead)
        round_trip = time.monotonic() - began
        if (start_at - datetime.now(UTC)).total_seconds() < round_trip + START_MARGIN_S:
            # A slow box: StartLoad would reach the injectors after start_at and be refused. Move
            # the start by what the commands really take and restart sampling with the new origin
            # (a sampler's restart replaces readings of the same second: backend/runs/samples/service.py).
            start_at = self._start_sampling(ex, max(lead, 2 * round_trip + START_MARGIN_S))
        hold_samples(ex)  # while nobody watches it live
        lease_s = get_settings().load_lease_seconds
        # The profile is the total: each injector gets its own share (or the whole, when the
        # profile says so), in the injectors' name order (contract.injector_split).
        shares = ex.injector_shares()
        commands = {
            injector.id: StartLoad(
                run_id=ex.run_id,
                profile=share_profile(load, share),
                target_url=entry_url(ex),
                start_at=start_at,
                lease_s=lease_s,
                sql_access=ex.sql_access,
                direct_host=direct_host(ex) if load.via == "direct" else None,
            )
            for injector, share in zip(ex.injectors, shares, strict=True)
        }
        ex.asked = {injector.id: share for injector, share in zip(ex.injectors, shares, strict=True)}
        # Every injector gets the same start_at and waits for it on its own clock: they start
        # together however long each command took to arrive. Its reply comes after start_at.
        reply_timeout_s = COMMAND_TIMEOUT_S + max(0.0, (start_at - datetime.now(UTC)).total_seconds())
        for injector, data in zip(
            ex.injectors,
            _on_each(
                ex.injectors,
                lambda a: agent_rpc.request(a.id, commands[a.id], LoadStarted, reply_timeout_s),
            ),
            strict=True,
        ):
            ex.record_command_line(injector, data)
        ex.load_started_at = start_at
        # Kept while the warm-up runs (one write): the clocks each agent measured as it started sampling.
        ex.record_environment(ex.environment.with_clocks(self._clocks))
        LeaseKeeper(ex).start()
        # Done when the measured part begins: the state becomes `running` at t0.
        t0 = start_at + timedelta(seconds=ex.spec.load.warmup_s)  # what _start_sampling set as ex.t0
        time.sleep(max(0.0, (t0 - datetime.now(UTC)).total_seconds()))

    def _start_sampling(self, ex: Execution, lead_s: float) -> datetime:
        """Agree on start_at = now + lead_s and t0 = start_at + warm-up; every agent samples from t0."""
        start_at = datetime.now(UTC) + timedelta(seconds=lead_s)
        ex.t0 = start_at + timedelta(seconds=ex.spec.load.warmup_s)
        sampling = StartSampling(run_id=ex.run_id, t0=ex.t0)
        agents = ex.involved_agents
        answers = _on_each(
            agents, lambda a: agent_rpc.request(a.id, sampling, SamplingStarted, COMMAND_TIMEOUT_S)
        )
        # Each agent measured its clock against the API's first (contract.clock) and samples on it.
        self._clocks = {agent.name: answer.clock for agent, answer in zip(agents, answers, strict=True)}
        return start_at


class RunLoad(BackgroundPhase):
    """Wait for the load tool to finish and take its summary; fail if an agent goes silent."""

    state = RunState.running
    # Each poll asks PostgreSQL whether an agent went silent, which takes ONLINE_WINDOW_S (15 s):
    # once a second is plenty, and while the load runs every query is CPU taken from what is
    # measured (the tool finishing is noticed at once anyway: the orchestrator waits on it).
    poll_interval_seconds = 1.0

    def __init__(self, execution: Execution) -> None:
        super().__init__()
        self.execution = execution
        self.judge = LiveJudge(execution)

    def _await_timeout_s(self) -> float:
        load = self.execution.spec.load
        # hey's -z lets requests in flight finish after the duration: allow one request timeout more.
        return load.duration_s + load.request_timeout_s + 15

    def timeout_seconds(self) -> float:
        return self._await_timeout_s() + 10

    def timeout_error(self, ctx: RunContext) -> str:
        return f"the load did not finish within {self.timeout_seconds():g} s"

    def work(self, ctx: RunContext) -> None:
        ex = self.execution
        command = AwaitLoad(run_id=ex.run_id, timeout_s=self._await_timeout_s())
        # One BLPOP for the whole wait: poll() already checks every agent of the run once a
        # second (silent or restarted), so the reply wait need not check the injector as well.
        results = _on_each(
            ex.injectors,
            lambda a: agent_rpc.request(
                a.id, command, LoadFinished, self._await_timeout_s() + 5, watch_liveness=False
            ),
        )
        for injector, finished in zip(ex.injectors, results, strict=True):
            ex.injector_summaries.append(
                finished.summary.model_copy(update={"asked": ex.asked.get(injector.id)})
            )
            ex.record_tool_output(injector, finished)

    def poll(self, ctx: RunContext) -> bool:
        lost = lost_agent(self.execution, during=self.state.value)
        if lost is not None:
            raise PhaseError(lost)
        t0 = self.execution.t0
        if t0 is not None:  # abort_on_fail rules, on the seconds measured so far
            self.judge.check((datetime.now(UTC) - t0).total_seconds())
        return super().poll(ctx)


class LeaseKeeper(threading.Thread):
    """Renews the injector's load lease every couple of seconds until the execution stops."""

    def __init__(self, execution: Execution) -> None:
        super().__init__(name=f"run-{execution.run_id}-lease", daemon=True)
        self.execution = execution
        self.lease_s = get_settings().load_lease_seconds

    def run(self) -> None:
        interval = max(0.5, self.lease_s / 4)  # three renewals may be lost before it runs out
        while not self.execution.stopped.wait(interval):
            self.renew()
        # The run is over: its injectors' batch replies (the teardown's last one) renew nothing.
        for injector in self.execution.injectors:
            if injector.capabilities.load_lease_in_replies:
                load_leases.clear_load_lease(self.execution.run_id, injector.id)

    def renew(self) -> None:
        run_id = self.execution.run_id
        until = datetime.now(UTC) + timedelta(seconds=self.lease_s)
        for injector in self.execution.injectors:
            if injector.capabilities.load_lease_in_replies:
                load_leases.set_load_lease(run_id, injector.id, until, ttl_s=self.lease_s)
            else:
                agent_rpc.post_command(injector.id, RenewLease(run_id=run_id, lease_until=until))


def _on_each(agents: list[AgentRef], call: Callable[[AgentRef], T]) -> list[T]:
    """`call` for every agent at once (one thread each); the first failure is raised."""
    with ThreadPoolExecutor(max_workers=max(1, len(agents))) as pool:
        return list(pool.map(call, agents))
