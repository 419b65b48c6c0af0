"""Commands in, CommandResults out: routing to roles, failures, overlap, redelivery."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

import pytest
from live_processes import wait_until
from proxy_setup import CollectedSamples, agent_context

from agents.command_runner import CommandRunner
from agents.dispatch import Dispatcher
from agents.roles.base import AgentContext, CommandFailed, Role
from agents.sampling import SampleSink
from contract.command_results import (
    Done,
    HostSampling,
    LeaseRenewed,
    LoadFinished,
    LoadStopped,
    SamplingStarted,
)
from contract.protocol import (
    ApplyProxyConfig,
    AwaitLoad,
    Command,
    CommandResult,
    Envelope,
    RenewLease,
    StartSampling,
    StopLoad,
    Teardown,
)
from contract.results import InjectorSummary
from contract.strict import StrictModel

FINISHED = LoadFinished(
    summary=InjectorSummary(
        agent="injector-1", driver="hey", requests=1, successes=1, duration_s=1, rps=1, bytes_per_s=1
    ),
    command_line=["hey"],
)


class LoadRole(Role):
    """A role whose AwaitLoad blocks until StopLoad: what overlapping commands look like."""

    name: ClassVar[str] = "injector"
    handles: ClassVar[frozenset[str]] = frozenset({"await_load", "stop_load", "renew_lease"})

    def __init__(self, ctx: AgentContext) -> None:
        super().__init__(ctx)
        self.stopped = threading.Event()
        self.torn_down: list[int] = []
        self.handles_renewals = False  # else a renewal raises: a bug in the role
        self.renewals = 0
        self.answers_stop_with_done = False  # a bug in the role: StopLoad is answered with LoadStopped

    def handle(self, command: Command) -> StrictModel:
        if isinstance(command, AwaitLoad):
            if not self.stopped.wait(command.timeout_s):
                raise CommandFailed("the load did not stop")
            return FINISHED
        if isinstance(command, StopLoad):
            self.stopped.set()
            return Done() if self.answers_stop_with_done else LoadStopped(was_running=True)
        if isinstance(command, RenewLease) and self.handles_renewals:
            self.renewals += 1
            return LeaseRenewed(lease_until=command.lease_until.isoformat(), running=True)
        raise ZeroDivisionError("a bug in the role")

    def teardown(self, run_id: int, keep_warm_s: float | None = None) -> None:
        self.torn_down.append(run_id)


class Results:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.items: list[CommandResult] = []

    def __call__(self, result: CommandResult) -> None:
        with self._lock:
            self.items.append(result)

    def by_id(self, command_id: str) -> CommandResult | None:
        with self._lock:
            return next((r for r in self.items if r.command_id == command_id), None)


@pytest.fixture
def role(tmp_path: Path) -> LoadRole:
    return LoadRole(agent_context(tmp_path, CollectedSamples(), name="injector-1"))


@pytest.fixture
def sink() -> Iterator[SampleSink]:
    s = SampleSink(lambda batch: None)
    s.start()
    yield s
    s.stop()


@pytest.fixture
def results() -> Results:
    return Results()


@pytest.fixture
def runner(role: LoadRole, sink: SampleSink, results: Results) -> Iterator[CommandRunner]:
    dispatcher = Dispatcher([role], sink, host_source="host:injector-1", netns=None)
    r = CommandRunner(dispatcher.execute, results, workers=4)
    r.start()
    yield r
    r.close()
    dispatcher.close()


def wire(body: Any) -> dict[str, Any]:
    return Envelope.wrap(body).model_dump(mode="json")


def answer(results: Results, command: dict[str, Any]) -> CommandResult:
    result = wait_until(lambda: results.by_id(command["id"]), 10, f"the answer to {command['type']}")
    assert isinstance(result, CommandResult)
    return result


def test_a_blocking_command_does_not_hold_up_the_others(runner: CommandRunner, results: Results) -> None:
    waiting = wire(AwaitLoad(run_id=1, timeout_s=30))
    stop = wire(StopLoad(run_id=1))
    runner.submit(waiting)
    runner.submit(stop)  # handled while AwaitLoad blocks: it is what ends the wait
    assert answer(results, stop).ok
    assert answer(results, waiting).data == FINISHED


def test_failures_are_answered_never_raised(runner: CommandRunner, results: Results) -> None:
    crashing = wire(RenewLease(run_id=1, lease_until=datetime.now(UTC)))
    runner.submit(crashing)
    result = answer(results, crashing)
    assert not result.ok
    assert result.error == "unexpected error in renew_lease: ZeroDivisionError: a bug in the role"

    unhandled = wire(ApplyProxyConfig(run_id=1, config_text="global\n"))
    runner.submit(unhandled)
    assert answer(results, unhandled).error == "this agent has no role for apply_proxy_config"


def test_a_lease_renewal_is_answered_only_when_it_fails(
    runner: CommandRunner, results: Results, role: LoadRole
) -> None:
    renewed = wire(RenewLease(run_id=1, lease_until=datetime.now(UTC)))
    role.handles_renewals = True
    runner.submit(renewed)
    wait_until(lambda: role.renewals == 1, 5, "the renewal to be carried out")
    time.sleep(0.2)
    assert results.by_id(renewed["id"]) is None  # nobody waits for it: no request to the API
    runner.submit(renewed)  # delivered again: still not answered
    time.sleep(0.2)
    assert results.by_id(renewed["id"]) is None

    role.handles_renewals = False
    failing = wire(RenewLease(run_id=1, lease_until=datetime.now(UTC)))
    runner.submit(failing)
    assert not answer(results, failing).ok


def test_an_unreadable_command_is_answered_by_its_id(runner: CommandRunner, results: Results) -> None:
    bad = wire(StopLoad(run_id=1))
    bad["body"]["run_id"] = "not a valid id!"
    runner.submit(bad)
    result = answer(results, bad)
    assert not result.ok and result.error is not None and "cannot read this command" in result.error


def test_a_redelivered_command_runs_once_and_is_answered_again(
    runner: CommandRunner, results: Results, role: LoadRole
) -> None:
    teardown = wire(Teardown(run_id=1))
    runner.submit(teardown)
    answer(results, teardown)
    runner.submit(teardown)
    wait_until(lambda: len(results.items) == 2, 10, "the second answer")
    assert role.torn_down == [1]
    assert results.items[0] == results.items[1]


def test_sampling_starts_host_samples_for_any_agent_and_teardown_stops_them(
    tmp_path: Path, role: LoadRole
) -> None:
    delivered: list[Any] = []
    sink = SampleSink(delivered.append, flush_interval_s=0.2)
    sink.start()
    dispatcher = Dispatcher([role], sink, host_source="host:injector-1", netns=None)
    try:
        data = dispatcher.execute(StartSampling(run_id=1, t0=datetime.now(UTC)))
        assert data == SamplingStarted(host=HostSampling(source="host:injector-1"))
        # On the wire as before: no "proxy" (not a proxy agent), no "error" (it started).
        assert data.model_dump(mode="json") == {"host": {"source": "host:injector-1"}}
        assert dispatcher.busy_run_id == 1
        # The first tick may come within one clock tick of the baseline (no CPU figure yet).
        wait_until(
            lambda: any("cpu_pct" in s.data for b in delivered for s in b.samples), 10, "a host CPU sample"
        )
        dispatcher.execute(Teardown(run_id=1))
        assert dispatcher.busy_run_id is None
        assert role.torn_down == [1]
    finally:
        dispatcher.close()
        sink.stop()
    sample = next(s for b in delivered for s in b.samples if "cpu_pct" in s.data)
    assert all(b.run_id == 1 for b in delivered) and sample.source == "host:injector-1"


def test_a_new_runs_sampling_stops_a_previous_run_that_never_tore_down(role: LoadRole) -> None:
    """Runs on a lab never overlap: r1's host sampler must not go on into r2 (and its readings,
    labelled against r1's origin, must never be filed under r2)."""
    delivered: list[Any] = []
    sink = SampleSink(delivered.append, flush_interval_s=0.1)
    sink.start()
    dispatcher = Dispatcher([role], sink, host_source="host:injector-1", netns=None)
    try:
        dispatcher.execute(StartSampling(run_id=1, t0=datetime.now(UTC)))
        wait_until(lambda: any(b.run_id == 1 for b in delivered), 10, "a sample of r1")
        dispatcher.execute(StartSampling(run_id=2, t0=datetime.now(UTC) + timedelta(seconds=100)))
        sink.flush(5)
        r1_batches = sum(1 for b in delivered if b.run_id == 1)
        wait_until(lambda: any(b.run_id == 2 for b in delivered), 10, "a sample of r2")
        time.sleep(1.5)
        assert sink.flush(5)
        assert sum(1 for b in delivered if b.run_id == 1) == r1_batches, "r1's sampling went on"
        # r2's readings are labelled against r2's origin, 100 s ahead: all in its warm-up.
        assert all(s.t < -90 for b in delivered if b.run_id == 2 for s in b.samples)
    finally:
        dispatcher.close()
        sink.stop()


def test_sampling_is_refused_for_a_run_already_torn_down(role: LoadRole) -> None:
    sink = SampleSink(lambda batch: None)
    dispatcher = Dispatcher([role], sink, host_source="host:injector-1", netns=None)
    try:
        dispatcher.execute(Teardown(run_id=1))
        with pytest.raises(CommandFailed, match="run 1 was already torn down"):
            dispatcher.execute(StartSampling(run_id=1, t0=datetime.now(UTC)))
    finally:
        dispatcher.close()


def test_a_lease_from_a_batch_reply_is_renewed_as_the_command_would_be(
    role: LoadRole, sink: SampleSink
) -> None:
    dispatcher = Dispatcher([role], sink, host_source="host:injector-1", netns=None)
    role.handles_renewals = True
    dispatcher.renew_load_lease(1, datetime.now(UTC) + timedelta(seconds=10))
    assert role.renewals == 1
    assert sink.run_id is None  # a renewal does not make the agent busy with the run
    sink.end_run(1)  # torn down here: a late reply (the teardown's last batch) renews nothing
    dispatcher.renew_load_lease(1, datetime.now(UTC) + timedelta(seconds=10))
    assert role.renewals == 1


def test_an_answer_of_another_model_than_the_commands_is_a_failure(
    runner: CommandRunner, results: Results, role: LoadRole
) -> None:
    role.answers_stop_with_done = True
    stop = wire(StopLoad(run_id=1))
    runner.submit(stop)
    result = answer(results, stop)
    assert not result.ok
    assert result.error == "unexpected error in stop_load: TypeError: answered with Done, not LoadStopped"
