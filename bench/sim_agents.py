"""Simulated lab agents for bench/sim_fleet.py: the real agent protocol over HTTP, no processes.

A SimAgent does over HTTP what a haplab agent does (agents/connection.py, agents/gateway.py,
agents/hello.py, agents/dispatch.py, agents/command_runner.py), with the contract's models:

- enrolls with a one-time token (POST /agent/enroll), measures its clock against the API's
  (POST /agent/clock, CLOCK_EXCHANGES times, best of) and says hello (POST /agent/hello);
- long-polls GET /agent/commands (wait_s 20) and runs each command as a task of its own (a
  command runner's thread: AwaitLoad waits out the load while the others go on), answering every
  one with the model it is answered with (`command.answered_with`), except those answered only on
  failure (RenewLease, HoldSamples), as the real command runner does;
- heartbeats when the API has answered nothing of it for HEARTBEAT_INTERVAL_S;
- from StartSampling to Teardown posts one SampleBatch a second: its host's sample ("host:<name>")
  and, on the proxy, HAProxy's ("proxy": the entry frontend's and backend's counters), each
  second labelled as agents/ticker.py labels it. It says no `paced_samples`, so the worker never
  tells it to hold samples: every agent posts every second, the API's worst case.

Nothing is started: a "started" nginx, HAProxy or load tool is only a plausible answer (its
addresses are the agent's made-up data address in 10.0.0.0/8, which nothing connects to). The
injector's LoadFinished counts a steady 1,000 req/s over exactly the window asked, so a run
ends `succeeded` when the control plane did its part.

Every request's client-side latency is kept by kind, and the delay from a command's envelope
being written by the worker (its `sent_at`) to the poll that hands it over (command delivery).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from pydantic import ValidationError

from contract.capabilities import Capabilities
from contract.clock import (
    CLOCK_BUDGET_S,
    CLOCK_EXCHANGES,
    ClockEcho,
    ClockMeasurement,
    ClockProbe,
    best_of,
    from_exchange,
)
from contract.command_results import (
    Done,
    HostSampling,
    HostsResolved,
    LeaseRenewed,
    LinksShaped,
    LoadFinished,
    LoadStarted,
    LoadStopped,
    ProxySampling,
    ProxyStarted,
    SamplesSent,
    SamplingStarted,
    TargetsStarted,
    TornDown,
)
from contract.protocol import (
    ANSWERED_ONLY_ON_FAILURE,
    HEARTBEAT_INTERVAL_S,
    AgentMessage,
    ApplyProxyConfig,
    AwaitLoad,
    CommandResult,
    EnrollRequest,
    EnrollResponse,
    Envelope,
    Heartbeat,
    Hello,
    HelloResponse,
    HoldSamples,
    RenewLease,
    ResolveHosts,
    SampleBatch,
    SendSamplesNow,
    ShapeLinks,
    StartDatabase,
    StartLoad,
    StartSampling,
    StartTargets,
    StopLoad,
    Teardown,
)
from contract.protocol import Role as RoleName
from contract.results import InjectorSummary, LatencyPercentiles, SamplePoint
from contract.strict import StrictModel

log = logging.getLogger(__name__)

API = "/api/v1/agent"
POLL_WAIT_S = 20.0
POLL_GRACE_S = 15.0
REQUEST_TIMEOUT_S = 15.0
SIM_RPS = 1000  # the steady rate the simulated load "measures"
SIM_VERSION = "0.1.0-sim"


class CommandFailed(Exception):  # noqa: N818 - the name agents/roles/base.py gives it
    """The simulated role cannot do this (a managed MariaDB): answered not ok, with the text."""


@dataclass
class AgentSpec:
    """One simulated agent: its lab, role, name and one-time enrollment token."""

    lab_index: int
    role: RoleName
    name: str
    enrollment_token: str
    window_s: int  # the runs' load duration: the proxy counts requests in [t0, t0 + window_s)

    @property
    def data_address(self) -> str:
        # 10.x.y.{1,2,3}: inside the lab's default boundary (its own agents), never connected to.
        host = {"proxy": 1, "injector": 2, "target": 3}[self.role]
        return f"10.{100 + self.lab_index // 250}.{self.lab_index % 250}.{host}"


@dataclass
class Stats:
    """What the agents of one process saw: latencies (s) by request kind, errors by text."""

    # kind -> [(epoch seconds at the answer, latency s)]
    latency: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    # (monotonic second, kind) -> requests completed: the request rate over time.
    per_second: dict[str, dict[int, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    loop_lag: list[float] = field(default_factory=list)  # event loop wake-up lateness (s)
    commands: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def timed(self, kind: str, seconds: float) -> None:
        now = time.time()
        self.latency[kind].append((now, seconds))
        self.per_second[kind][int(now)] += 1

    def error(self, text: str) -> None:
        self.errors[text[:200]] += 1

    def as_json(self) -> dict[str, Any]:
        return {
            "latency": dict(self.latency),
            "errors": dict(self.errors),
            "per_second": {kind: dict(counts) for kind, counts in self.per_second.items()},
            "loop_lag": self.loop_lag,
            "commands": dict(self.commands),
        }


class GatewayError(Exception):
    pass


@dataclass
class _Sampling:
    run_id: int
    t0: float  # epoch seconds
    task: asyncio.Task[None]
    batches: int = 0
    next_batch_id: int = 0


@dataclass
class _Load:
    run_id: int
    start_at: datetime
    ends_at: datetime
    warmup_s: int
    duration_s: int
    connections: int
    threads: int
    stopped: asyncio.Event = field(default_factory=asyncio.Event)


class SimAgent:
    def __init__(self, spec: AgentSpec, client: httpx.AsyncClient, stats: Stats) -> None:
        self.spec = spec
        self.client = client
        self.stats = stats
        self.token: str | None = None
        self.agent_id: int | None = None
        self._answered_at = 0.0
        self._sampling: dict[int, _Sampling] = {}
        self._loads: dict[int, _Load] = {}
        self._seen: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.connected = asyncio.Event()

    # ------------------------------------------------------------ HTTP

    async def _request(
        self, kind: str, method: str, path: str, body: str | None = None, timeout: float = REQUEST_TIMEOUT_S
    ) -> httpx.Response:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if self.token is not None:
            headers["Authorization"] = f"Bearer {self.token}"
        began = time.perf_counter()
        for attempt in (1, 2):
            try:
                response = await self.client.request(
                    method, f"{API}{path}", content=body, headers=headers, timeout=timeout
                )
                break
            except (httpx.RemoteProtocolError, httpx.ReadError) as exc:
                # A kept connection the server closed as it was reused (uvicorn closes idle ones
                # after 5 s): sent once more on a new one, as agents/http_client.py does.
                self.stats.error(f"{kind}: {type(exc).__name__} (sent again)")
                if attempt == 2:
                    raise GatewayError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
            except httpx.HTTPError as exc:
                self.stats.error(f"{kind}: {type(exc).__name__}")
                raise GatewayError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
        self.stats.timed(kind, time.perf_counter() - began)
        if response.status_code >= 400:
            self.stats.error(f"{kind}: HTTP {response.status_code}")
            raise GatewayError(f"{method} {path}: HTTP {response.status_code}: {response.text[:300]}")
        self._answered_at = time.monotonic()
        return response

    async def _send(self, kind: str, message: AgentMessage) -> httpx.Response:
        return await self._request(kind, "POST", "/messages", Envelope.wrap(message).model_dump_json())

    # ------------------------------------------------------------ enrollment, clock, hello

    async def enroll(self) -> None:
        request = EnrollRequest(token=self.spec.enrollment_token, name=self.spec.name, roles=[self.spec.role])
        reply = await self._request("enroll", "POST", "/enroll", request.model_dump_json())
        enrolled = EnrollResponse.model_validate_json(reply.content)
        self.token, self.agent_id = enrolled.agent_token, enrolled.agent_id

    async def measure_clock(self) -> ClockMeasurement | None:
        """As agents/clock.py: CLOCK_EXCHANGES exchanges within CLOCK_BUDGET_S (at least one), the
        best kept (None if all failed)."""
        kept = []
        started = time.monotonic()
        for tried in range(CLOCK_EXCHANGES):
            if tried and time.monotonic() - started >= CLOCK_BUDGET_S:
                break
            probe = ClockProbe(agent_sent_at=datetime.now(UTC))
            try:
                reply = await self._request("clock", "POST", "/clock", probe.model_dump_json())
            except GatewayError:
                continue
            kept.append(from_exchange(ClockEcho.model_validate_json(reply.content), datetime.now(UTC)))
        return best_of(kept) if kept else None

    def capabilities(self) -> Capabilities:
        role = self.spec.role
        caps: dict[str, Any] = {
            "agent_version": SIM_VERSION,
            "process_started_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "data_address": self.spec.data_address,
            "agent_runtime_dir": f"/var/lib/haplab-sim/{self.spec.name}",
            "cores": 2,
            "kernel": "6.1.0-sim",
            "machine": "x86_64",
            "tools": {"haproxy": "2.6.12", "wrk": "4.1.0", "nginx": "1.22.1"},
            "qdiscs": ["tbf", "htb"],
            "haproxy": "2.6.12",
            "paced_samples": False,  # posts every second: the API's worst case
        }
        if role == "proxy":
            caps.update(runtime_dir=f"/var/lib/haplab-sim/{self.spec.name}/haproxy", haproxy_bin="haproxy")
        if role == "injector":
            caps.update(
                drivers=["wrk", "hey", "vegeta", "h2load"],
                driver_versions={"wrk": "4.1.0", "hey": "0.1.4", "vegeta": "12.8.4", "h2load": "1.52.0"},
                load_lease_in_replies=True,
            )
        if role == "target":
            caps.update(target_server="nginx/1.22.1")
        return Capabilities.model_validate(caps)

    async def hello(self) -> None:
        clock = await self.measure_clock()
        hello = Hello(
            agent=self.spec.name,
            version=SIM_VERSION,
            roles=[self.spec.role],
            capabilities=self.capabilities(),
            clock=clock,
        )
        reply = await self._request("hello", "POST", "/hello", Envelope.wrap(hello).model_dump_json())
        HelloResponse.model_validate_json(reply.content)

    # ------------------------------------------------------------ the connection loop

    async def run(self, stop: asyncio.Event) -> None:
        """Enroll once, then hello + poll until `stop`, reconnecting after an error (backoff 0.5..5 s)."""
        backoff = 0.5
        while self.token is None and not stop.is_set():
            try:
                await self.enroll()
            except GatewayError as exc:
                log.warning("%s: enroll failed: %s", self.spec.name, exc)
                await _sleep_or_stop(stop, backoff)
                backoff = min(5.0, backoff * 2)
        heartbeats = asyncio.create_task(self._heartbeats(stop))
        try:
            while not stop.is_set():
                try:
                    await self.hello()
                    self.connected.set()
                    backoff = 0.5
                    while not stop.is_set():
                        await self._poll_once()
                except GatewayError as exc:
                    self.connected.clear()
                    log.warning("%s: %s; reconnecting", self.spec.name, exc)
                    await _sleep_or_stop(stop, backoff)
                    backoff = min(5.0, backoff * 2)
        finally:
            heartbeats.cancel()
            for task in [*self._tasks, *(sampling.task for sampling in self._sampling.values())]:
                task.cancel()

    async def _poll_once(self) -> None:
        reply = await self._request(
            "poll", "GET", f"/commands?wait_s={POLL_WAIT_S:g}", timeout=POLL_WAIT_S + POLL_GRACE_S
        )
        received = datetime.now(UTC)
        for raw in reply.json():
            try:
                envelope = Envelope.model_validate(raw)
            except ValidationError as exc:
                self.stats.error(f"unreadable command: {exc.errors()[0]['msg']}")
                continue
            if envelope.id in self._seen:
                continue  # redelivered after a reconnect: run once
            self._seen.add(envelope.id)
            self.stats.timed("command_delivery", (received - envelope.sent_at).total_seconds())
            self.stats.commands[envelope.type] += 1
            task = asyncio.create_task(self._run_command(envelope))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _heartbeats(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            quiet = time.monotonic() - self._answered_at
            if quiet < HEARTBEAT_INTERVAL_S:
                await _sleep_or_stop(stop, HEARTBEAT_INTERVAL_S - quiet)
                continue
            if self.token is not None and self.connected.is_set():
                busy = next(iter(self._sampling), None)
                with contextlib.suppress(GatewayError):
                    await self._send("heartbeat", Heartbeat(busy_run_id=busy))
            await _sleep_or_stop(stop, HEARTBEAT_INTERVAL_S)

    # ------------------------------------------------------------ commands

    async def _run_command(self, envelope: Envelope) -> None:
        command = envelope.body
        try:
            data = await self._execute(command)
            if not isinstance(data, command.answered_with):  # type: ignore[union-attr]
                raise TypeError(f"answered with {type(data).__name__}")
            result = CommandResult(command_id=envelope.id, ok=True, data=data)
        except CommandFailed as exc:
            result = CommandResult(command_id=envelope.id, ok=False, error=str(exc))
        except Exception as exc:  # a bug of the simulation: said as the real runner says it
            log.exception("%s: %s raised", self.spec.name, envelope.type)
            result = CommandResult(
                command_id=envelope.id, ok=False, error=f"unexpected error in {envelope.type}: {exc!r}"
            )
        if result.ok and envelope.type in ANSWERED_ONLY_ON_FAILURE:
            return
        for attempt in range(5):  # a result is retried through a blip, as Connection.send_result
            try:
                await self._send("result", result)
                return
            except GatewayError:
                await asyncio.sleep(0.5 * (attempt + 1))

    async def _execute(self, command: Any) -> StrictModel:
        name = self.spec.name
        if isinstance(command, StartSampling):
            clock = await self.measure_clock()
            self._start_sampling(command.run_id, command.t0)
            proxy = (
                ProxySampling(source="proxy", socket=f"/var/lib/haplab-sim/{name}/haproxy/stats.sock")
                if self.spec.role == "proxy"
                else None
            )
            return SamplingStarted(host=HostSampling(source=f"host:{name}"), proxy=proxy, clock=clock)
        if isinstance(command, HoldSamples):
            return Done()
        if isinstance(command, SendSamplesNow):
            return SamplesSent(samples_flushed=True)  # nothing is ever held here
        if isinstance(command, Teardown):
            return await self._teardown(command.run_id)
        if isinstance(command, ApplyProxyConfig):
            await asyncio.sleep(0.05)  # haproxy -c and the start: fast, not free
            return ProxyStarted(
                command_line=[
                    "haproxy",
                    "-W",
                    "-db",
                    "-f",
                    f"/var/lib/haplab-sim/{name}/haproxy/haproxy.cfg",
                ],
                pid=40000 + self.spec.lab_index,
                haproxy_version="2.6.12",
                worker_pid=40001 + self.spec.lab_index,
            )
        if isinstance(command, ResolveHosts):
            return HostsResolved(addresses={host: [] for host in command.names})
        if isinstance(command, ShapeLinks):
            return LinksShaped(applied=[])
        if isinstance(command, StartTargets):
            await asyncio.sleep(0.02)
            return TargetsStarted(
                command_line=["nginx", "-c", f"/var/lib/haplab-sim/{name}/nginx.conf", "-g", "daemon off;"],
                pid=50000 + self.spec.lab_index,
                addresses=[f"{self.spec.data_address}:{18080 + i}" for i in range(command.target.servers)],
                nginx_version="nginx/1.22.1",
                config_path=f"/var/lib/haplab-sim/{name}/nginx.conf",
            )
        if isinstance(command, StartDatabase):
            raise CommandFailed("the simulated target starts no MariaDB: use an HTTP experiment")
        if isinstance(command, StartLoad):
            return await self._start_load(command)
        if isinstance(command, AwaitLoad):
            return await self._await_load(command)
        if isinstance(command, RenewLease):
            return LeaseRenewed(
                lease_until=command.lease_until.isoformat(), running=command.run_id in self._loads
            )
        if isinstance(command, StopLoad):
            load = self._loads.get(command.run_id)
            if load is not None:
                load.stopped.set()
            return LoadStopped(was_running=load is not None and datetime.now(UTC) < load.ends_at, exit_code=0)
        raise CommandFailed(f"this agent has no role for {command.type}")

    async def _start_load(self, command: StartLoad) -> LoadStarted:
        profile = command.profile
        start_at = command.start_at
        ends_at = start_at + timedelta(seconds=profile.warmup_s + profile.duration_s)
        self._loads[command.run_id] = _Load(
            run_id=command.run_id,
            start_at=start_at,
            ends_at=ends_at,
            warmup_s=profile.warmup_s,
            duration_s=profile.duration_s,
            connections=profile.connections,
            threads=profile.threads,
        )
        # The real injector answers once the tool started, at start_at.
        await asyncio.sleep(max(0.0, (start_at - datetime.now(UTC)).total_seconds()))
        return LoadStarted(
            command_line=self._argv(command),
            started_at=start_at.isoformat(),
            driver=profile.driver,
            driver_version="4.1.0",
            lease_until=(datetime.now(UTC) + timedelta(seconds=command.lease_s)).isoformat(),
        )

    @staticmethod
    def _argv(command: StartLoad) -> list[str]:
        p = command.profile
        total = p.warmup_s + p.duration_s
        return ["wrk", f"-t{p.threads}", f"-c{p.connections}", f"-d{total}s", f"{command.target_url}{p.path}"]

    async def _await_load(self, command: AwaitLoad) -> LoadFinished:
        load = self._loads.get(command.run_id)
        if load is None:
            raise CommandFailed(f"no load of run {command.run_id} here")
        wait = max(0.0, (load.ends_at - datetime.now(UTC)).total_seconds()) + 0.15  # the tool's exit
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(load.stopped.wait(), timeout=min(wait, command.timeout_s))
        covered = float(load.duration_s)
        stop_reason = None
        if load.stopped.is_set():
            covered = max(0.0, (datetime.now(UTC) - load.start_at).total_seconds() - load.warmup_s)
            stop_reason = "stopped by the worker (StopLoad)"
        successes = int(SIM_RPS * covered)
        summary = InjectorSummary(
            agent=self.spec.name,
            driver="wrk",
            requests=successes,
            successes=successes,
            duration_s=covered,
            rps=float(SIM_RPS) if covered else 0.0,
            bytes_per_s=SIM_RPS * 200.0,
            latency=LatencyPercentiles(p50=1.0, p90=1.8, p95=2.2, p99=3.5, p999=6.0, max=12.0, mean=1.2),
            window_source="tool_records",
            window_s=covered,
            stop_reason=stop_reason,
            started_at=load.start_at,
            start_source="first_request",
        )
        return LoadFinished(
            summary=summary,
            command_line=["wrk", f"-t{load.threads}", f"-c{load.connections}"],
            exit_code=0,
            output_tail=f"Requests/sec: {SIM_RPS}",
            raw_output=f"(simulated) Requests/sec: {SIM_RPS}\n",
            driver_version="4.1.0",
        )

    async def _teardown(self, run_id: int) -> TornDown:
        load = self._loads.pop(run_id, None)
        if load is not None:
            load.stopped.set()
        sampling = self._sampling.pop(run_id, None)
        batches = 0
        if sampling is not None:
            sampling.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sampling.task
            batches = sampling.batches
        return TornDown(roles=[self.spec.role], samples_flushed=True, batches_sent=batches)

    # ------------------------------------------------------------ samples, 1 Hz

    def _start_sampling(self, run_id: int, t0: datetime) -> None:
        # A restarted sampling (the worker moved start_at) replaces the earlier one of the run.
        earlier = self._sampling.pop(run_id, None)
        batch_id = 0
        if earlier is not None:
            earlier.task.cancel()
            batch_id = earlier.next_batch_id
        for other in list(self._sampling.values()):  # runs on a lab never overlap
            other.task.cancel()
        self._sampling.clear()
        sampling = _Sampling(run_id=run_id, t0=t0.timestamp(), task=asyncio.create_task(asyncio.sleep(0)))
        sampling.next_batch_id = batch_id
        sampling.task = asyncio.create_task(self._sample(sampling))
        self._sampling[run_id] = sampling

    async def _sample(self, sampling: _Sampling) -> None:
        """Every second of the run's clock (t0 + n, labelled n - 1, as agents/ticker.py), one batch."""
        n = (
            int(time.time() - sampling.t0) + 1
            if time.time() >= sampling.t0
            else -int(sampling.t0 - time.time())
        )
        while True:
            due = sampling.t0 + n
            await asyncio.sleep(max(0.0, due - time.time()))
            now = time.time()
            t = n - 1
            samples = [self._host_sample(t, now, due)]
            if self.spec.role == "proxy":
                samples.append(self._proxy_sample(sampling.run_id, t, now))
            batch = SampleBatch(run_id=sampling.run_id, batch_id=sampling.next_batch_id, samples=samples)
            sampling.next_batch_id += 1
            try:
                await self._send("sample_batch", batch)
                sampling.batches += 1
            except GatewayError:
                pass  # counted in stats.errors; the real sink would resend, this one moves on
            n = max(n + 1, int(time.time() - sampling.t0) + 1)  # a late tick skips, never bursts

    def _host_sample(self, t: int, now: float, due: float) -> SamplePoint:
        return SamplePoint(
            source=f"host:{self.spec.name}",
            t=t,
            ts=datetime.fromtimestamp(now, UTC),
            data={
                "cpu_pct": 35.0,
                "cpu0_pct": 36.0,
                "cpu1_pct": 34.0,
                "steal_pct": 0.0,
                "mem_used_pct": 41.0,
                "rx_bytes": 210_000,
                "tx_bytes": 190_000,
                "rx_packets": 1_100,
                "tx_packets": 1_050,
                "tick_late_ms": round(max(0.0, now - due) * 1000, 1),
            },
        )

    def _proxy_sample(self, run_id: int, t: int, now: float) -> SamplePoint:
        rate = SIM_RPS if 0 <= t < self.spec.window_s else 0
        data: dict[str, float | int] = {}
        for section, prefix in (("fe", "FRONTEND"), ("app", "BACKEND")):
            for scope in (section, prefix):
                data.update(
                    {
                        f"{scope}.req_tot": rate,
                        f"{scope}.hrsp_2xx": rate,
                        f"{scope}.stot": rate,
                        f"{scope}.bin": rate * 120,
                        f"{scope}.bout": rate * 200,
                        f"{scope}.scur": 50 if rate else 0,
                        f"{scope}.scur_max": 50 if rate else 0,
                        f"{scope}.rate": rate,
                    }
                )
        data.update(
            {
                "app.connect": 2 if rate else 0,
                "app.reuse": rate,
                "app.qcur": 0,
                "app.qtime": 0,
                "app.ctime": 0,
                "app.rtime": 1,
                "app.ttime": 1,
                "app.econ": 0,
                "app.eresp": 0,
                "app.used_conns": 20 if rate else 0,
                "app.idle_conns": 2,
                "PROCESS.cur_conns": 52 if rate else 0,
                "PROCESS.idle_pct": 60,
            }
        )
        return SamplePoint(source="proxy", t=t, ts=datetime.fromtimestamp(now, UTC), data=data)


async def _sleep_or_stop(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), timeout=max(0.0, seconds))


async def _after(delay_s: float, work: Any) -> None:
    await asyncio.sleep(delay_s)
    await work


async def _loop_lag(stats: Stats, stop: asyncio.Event, interval_s: float = 0.1) -> None:
    """How late the event loop wakes a 0.1 s sleep: a loop that cannot keep up shows it here."""
    while not stop.is_set():
        began = time.perf_counter()
        await asyncio.sleep(interval_s)
        stats.loop_lag.append(time.perf_counter() - began - interval_s)


async def run_fleet(
    api_url: str, specs: list[AgentSpec], stop_at: float, stop_event: Any = None, ramp_s: float = 0.0
) -> Stats:
    """Run these agents in this process until epoch `stop_at` (or `stop_event` is set), started
    evenly over `ramp_s`, and return what they measured. One httpx client (its own connection
    pool) per agent, as each real agent keeps its own connections."""
    stats = Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=4, max_keepalive_connections=4)
    clients = [httpx.AsyncClient(base_url=api_url, limits=limits) for _ in specs]
    agents = [SimAgent(spec, client, stats) for spec, client in zip(specs, clients, strict=True)]
    gap = ramp_s / max(1, len(agents))
    tasks = [asyncio.create_task(_after(i * gap, agent.run(stop))) for i, agent in enumerate(agents)]
    lag = asyncio.create_task(_loop_lag(stats, stop))
    try:
        while time.time() < stop_at:
            await asyncio.sleep(0.5)
            if stop_event is not None and stop_event.is_set():
                break
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, lag, return_exceptions=True)
        await asyncio.gather(*(client.aclose() for client in clients), return_exceptions=True)
    return stats
