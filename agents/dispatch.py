"""Which part of the agent carries out a command.

- A command goes to the role whose `handles` has its type (roles share none but Teardown);
  none -> "this agent has no role for X". Its answer is the role's.
- StartSampling first measures this agent's clock against the API's (agents.clock; the answer
  carries it) and turns t0 into this host's clock with it, so the seconds of every host of the run
  line up on the API's clock. It also starts host sampling (CPU, network), which belongs to the daemon, not to
  a role: every agent of a run reports its host, whatever its roles; the proxy role's sampling
  goes beside it in the answer (SamplingStarted). Runs on a lab never overlap, so it first
  stops the host sampling of any other run still going here.
- Teardown goes to every role (with its keep_warm_s: the proxy and target roles may keep their
  servers for the next run), then waits (bounded) until the run's samples are sent, so the
  orchestrator reads complete samples once the teardown is answered.
- HoldSamples and SendSamplesNow are the sink's (the daemon's, like host sampling): how long a
  run's samples may wait while nobody watches it, and "send them now, the load is over"; the
  latter is answered once the samples waiting were delivered.
- Every command names its run, which becomes the agent's busy run; samplers hand their samples
  to the sink with their own run's id, and the sink drops those of a run torn down here.
- A load lease renewed through a sample batch's reply (agents/connection.py) goes to the role
  that handles RenewLease, as the command would, unless its run was torn down here.
"""

from __future__ import annotations

import functools
import logging
import threading
from datetime import UTC, datetime

from agents.clock import ApiClock, ClockExchanger
from agents.host_sampler import HostSamplingLoop
from agents.roles.base import CommandFailed, Role
from agents.sampling import SampleSink
from contract.command_results import Done, HostSampling, SamplesSent, SamplingStarted, TornDown
from contract.protocol import Command, HoldSamples, RenewLease, SendSamplesNow, StartSampling, Teardown
from contract.strict import StrictModel

log = logging.getLogger(__name__)

TEARDOWN_FLUSH_S = 5.0


class Dispatcher:
    def __init__(
        self,
        roles: list[Role],
        sink: SampleSink,
        *,
        host_source: str,
        netns: str | None,
        clock: ApiClock | None = None,
        exchanger: ClockExchanger | None = None,
    ) -> None:
        self.roles = roles
        self._clock = clock or ApiClock()
        self._exchanger = exchanger  # the gateway: None measures nothing (tests without a backend)
        self._sink = sink
        self._host_source = host_source
        self._netns = netns
        self._lock = threading.Lock()
        self._host_sampling: dict[int, HostSamplingLoop] = {}

    @property
    def busy_run_id(self) -> int | None:
        return self._sink.run_id

    def execute(self, command: Command) -> StrictModel:
        if isinstance(command, Teardown):
            return self._teardown(command.run_id, command.keep_warm_s)
        # The sink's commands do not make the run this agent's busy one: a SendSamplesNow may
        # come after the run's teardown.
        if isinstance(command, HoldSamples):
            self._sink.hold(command.run_id, command.hold_s)
            return Done()
        if isinstance(command, SendSamplesNow):
            return SamplesSent(samples_flushed=self._sink.flush(command.timeout_s, command.run_id))
        if isinstance(command, StartSampling) and self._sink.has_ended(command.run_id):
            # A command that arrived after its run's teardown: starting it would stop the
            # sampling of the run now under way (runs never overlap, see _start_host_sampling).
            raise CommandFailed(f"run {command.run_id} was already torn down on this agent")
        self._sink.begin_run(command.run_id)
        handlers = [role for role in self.roles if command.type in role.handles]
        if isinstance(command, StartSampling):
            measured = self._clock.measure_or_none(self._exchanger) if self._exchanger is not None else None
            # t0 is on the API's clock; every sampler of this agent ticks on this host's.
            local = command.model_copy(
                update={"t0": datetime.fromtimestamp(self._clock.to_host(command.t0), UTC)}
            )
            host = self._start_host_sampling(local)
            # Only the proxy role samples anything of its own (HAProxy).
            proxy = handlers[0].handle(local) if handlers else None
            return SamplingStarted(host=host, proxy=proxy, clock=measured)
        if not handlers:
            raise CommandFailed(f"this agent has no role for {command.type}")
        return handlers[0].handle(command)

    def renew_load_lease(self, run_id: int, lease_until: datetime) -> None:
        """The worker's renewal of a run's load lease, carried by a sample batch's reply: done
        as a RenewLease command would be, unless the run was torn down here. Raises
        CommandFailed when no load of that run runs here."""
        if self._sink.has_ended(run_id):
            return
        renew = RenewLease(run_id=run_id, lease_until=lease_until)
        for role in self.roles:
            if renew.type in role.handles:
                role.handle(renew)

    def close(self) -> None:
        """The daemon is exiting: stop host sampling and every role's processes."""
        with self._lock:
            loops, self._host_sampling = list(self._host_sampling.values()), {}
        for loop in loops:
            loop.stop()
        for role in self.roles:
            try:
                role.close()
            except Exception:
                log.exception("role %s did not close cleanly", role.name)

    def _start_host_sampling(self, command: StartSampling) -> HostSampling:
        with self._lock:
            for run_id in list(self._host_sampling):
                self._host_sampling.pop(run_id).stop()
            emit = functools.partial(self._sink.emit, command.run_id)
            loop = HostSamplingLoop(self._host_source, self._netns, command.t0, emit)
            try:
                loop.start()
            except (OSError, RuntimeError) as exc:
                log.warning("host sampling not started: %s", exc)
                return HostSampling(source=self._host_source, error=str(exc))
            self._host_sampling[command.run_id] = loop
        return HostSampling(source=self._host_source)

    def _teardown(self, run_id: int, keep_warm_s: float | None) -> TornDown:
        with self._lock:
            loop = self._host_sampling.pop(run_id, None)
        if loop is not None:
            loop.stop()
        errors = []
        for role in self.roles:
            try:
                role.teardown(run_id, keep_warm_s)
            except Exception as exc:
                log.exception("role %s: teardown of run %s failed", role.name, run_id)
                errors.append(f"{role.name}: {exc}")
        flushed = self._sink.flush(TEARDOWN_FLUSH_S, run_id)
        batches, samples = self._sink.end_run(run_id)
        log.info("run %s: %d sample(s) sent in %d batch(es)", run_id, samples, batches)
        if errors:
            raise CommandFailed("teardown incomplete: " + "; ".join(errors))
        names = [role.name for role in self.roles]
        return TornDown(roles=names, samples_flushed=flushed, batches_sent=batches)
