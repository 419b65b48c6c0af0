"""The injector role: runs one load tool per run, bounded by a lease, and reports what it saw.

- StartLoad: refuses targets outside `ctx.allowed_load_targets` (a direct run: anything but the
  lab target host named in the command), waits until `start_at` (on the API's clock, turned
  into this host's with the measured offset, agents.clock: so several injectors start together),
  starts the driver's argv (inside the data-plane namespace
  when there is one) and answers at once with the command line. The load may run until
  start_at + lease_s; RenewLease pushes that back (sent as a command, or carried by the replies
  to this agent's sample batches: agents/connection.py); past it, the tool is stopped.
- AwaitLoad: waits (bounded) for the tool to exit and answers with its InjectorSummary, which
  says when the load began on the API's clock (the tool's first send where it records it). A tool
  that was stopped early is still parsed where it left output: partial results are results.
- StopLoad: stop now. Teardown: stop everything of the run and remove its files.
- The tools run as the load user (`--load-user`, haplab-load; agents.privileges): no
  capability, no supplementary group, no_new_privs, an empty environment, in the run's
  directory (0700, theirs), where the agent writes their inputs (the account's options file,
  the query, the body) before handing it over. They can read nothing of the agent's.
- The injector host's CPU and network are sampled by the agent itself, as on every host
  ("host:<agent>", agents/dispatch.py): that is how a run tells whether the CLIENT was the
  bottleneck. The load tools report only when they exit, so there are no live per-request
  samples here; HAProxy's per-second counters give the live view. A driver whose output grows
  with the requests (vegeta, h2load) gets a follower started with the tool, which reads that output as
  it is written, so AwaitLoad's summary is ready within a second of the tool's exit.

Commands of one run may arrive from different threads (an AwaitLoad waits while a RenewLease
must get through), so state is guarded by a lock that is never held while waiting.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from pydantic import JsonValue

from agents.clock import TEST_START_DELAY_S, from_tool, tool_epoch
from agents.drivers import (
    LoadDriver,
    MeasuredWindow,
    OutputFollower,
    OutputUnreadableError,
    ToolRun,
    UnknownDriverError,
    UnsupportedProfileError,
    driver_for,
    installed_drivers,
)
from agents.drivers.load_process import LoadProcess
from agents.drivers.mariadb_slap import write_account
from agents.privileges import LOAD_USER, lab_user, role_directory, unreachable
from agents.programs import program
from agents.roles.base import AgentContext, CommandFailed, Role
from contract.command_results import Done, LeaseRenewed, LoadFinished, LoadStarted, LoadStopped
from contract.load import LoadProfile
from contract.protocol import AwaitLoad, Command, RenewLease, StartLoad, StopLoad, Teardown
from contract.strict import StrictModel

log = logging.getLogger(__name__)

LATE_START_TOLERANCE_S = 1.0  # start_at further in the past than this: the run is out of step
MAX_START_WAIT_S = 120.0  # start_at further ahead than this is refused, not slept through
STOP_GRACE_S = 2.0  # StopLoad: the tool's stop signal, then SIGKILL after this
TEARDOWN_GRACE_S = 1.0


@dataclass
class _Load:
    run_id: int
    driver: LoadDriver
    driver_version: str
    process: LoadProcess
    profile: LoadProfile
    window: MeasuredWindow  # t0 to t0 + duration on this host's clock: what the counts cover
    follower: OutputFollower | None = None  # reads the tool's output while it runs
    result: LoadFinished | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)  # one parse at a time


def target_host(target_url: str) -> str:
    """The host of scheme://host:port, without IPv6 brackets, lower-case."""
    host = urlsplit(target_url).hostname
    if not host:
        raise CommandFailed(f"target_url: {target_url!r} has no host")
    return host.lower()


class InjectorRole(Role):
    name: ClassVar[str] = "injector"
    handles: ClassVar[frozenset[str]] = frozenset(
        {"start_load", "await_load", "renew_lease", "stop_load", "teardown"}
    )

    def __init__(self, ctx: AgentContext) -> None:
        super().__init__(ctx)
        self.user = lab_user(LOAD_USER, ctx.extra.get(LOAD_USER.key))
        self.root = role_directory(ctx.runtime_dir / "injector", self.user)
        self._lock = threading.Lock()
        self._loads: dict[int, _Load] = {}
        self._starting = threading.Lock()  # one StartLoad at a time (it may sleep until start_at)
        self._allowed = frozenset(_normalize_host(h) for h in ctx.allowed_load_targets)

    # ------------------------------------------------------------ dispatch

    def handle(self, command: Command) -> StrictModel:
        if isinstance(command, StartLoad):
            return self._start_load(command)
        if isinstance(command, AwaitLoad):
            return self._await_load(command)
        if isinstance(command, RenewLease):
            return self._renew_lease(command)
        if isinstance(command, StopLoad):
            return self._stop_load(command)
        if isinstance(command, Teardown):
            self.teardown(command.run_id)
            return Done()
        raise CommandFailed(f"the injector role does not handle {command.type}")

    def capabilities(self) -> dict[str, JsonValue]:
        versions: dict[str, JsonValue] = dict(installed_drivers())
        names: list[JsonValue] = [name for name in sorted(versions)]
        # The worker may renew this injector's load leases through its sample batch replies
        # (agents/connection.py) instead of RenewLease commands.
        return {
            "drivers": names,
            "driver_versions": versions,
            "load_lease_in_replies": True,
            LOAD_USER.key: self.user.describe(),
        }

    def workdir(self, run_id: int) -> Path:
        return self.root / str(run_id)

    # ------------------------------------------------------------ load

    def _start_load(self, command: StartLoad) -> LoadStarted:
        self._check_destination(command)
        driver, version = self._driver(command.profile.driver)
        try:
            driver.check(command.profile)
        except UnsupportedProfileError as exc:
            raise CommandFailed(str(exc)) from exc
        # start_at is on the API's clock: this host's by the measured offset (agents.clock), then
        # the one the tools and the load's timers read (the same but for a test's clock skew).
        start_at = tool_epoch(self.ctx.clock.to_host(command.start_at)) + TEST_START_DELAY_S
        _check_start_time(start_at)
        if not self._starting.acquire(blocking=False):
            raise CommandFailed("another StartLoad is being carried out: one load at a time")
        try:
            process = self._launch(command, driver, version, start_at)
        finally:
            self._starting.release()
        started_at = process.started_at.isoformat() if process.started_at else None
        return LoadStarted(
            command_line=list(process.argv),
            pid=process.pid,
            started_at=started_at,
            driver=driver.name,
            driver_version=version,
            lease_until=_iso(process.lease_until),
        )

    def _check_destination(self, command: StartLoad) -> None:
        """Load goes to the lab's proxy (the allowlist); a direct run (a baseline that bypasses the
        proxy) to the lab's target host the worker names for that run, and there only."""
        host = target_host(command.target_url)
        if command.profile.via == "direct":
            direct = _normalize_host(command.direct_host or "")
            if host != direct:
                raise CommandFailed(f"a direct run sends load only to the lab's target {direct}, not {host}")
            return
        if host not in self._allowed:
            allowed = ", ".join(sorted(self._allowed)) or "nothing"
            raise CommandFailed(f"this injector only sends load to {allowed}; {host} is not one of them")

    def _launch(self, command: StartLoad, driver: LoadDriver, version: str, start_at: float) -> LoadProcess:
        with self._lock:
            busy = [run for run, load in self._loads.items() if load.process.running]
        if busy:
            raise CommandFailed(f"a load is already running for run {busy[0]}: one load at a time")
        workdir = self.workdir(command.run_id)
        shutil.rmtree(workdir, ignore_errors=True)
        try:
            workdir.mkdir(mode=0o700)
            if command.sql_access is not None:
                write_account(workdir, command.sql_access)  # read by mariadb-slap, 0600
            window = MeasuredWindow.of(start_at, command.profile)
            tool = driver.command(command.profile, command.target_url, workdir, window)  # writes its inputs
            self.user.own(workdir)  # then the tool's user's alone (root's too)
            argv = self.user.command(tool, self.ctx.netns)
            _sleep_until(start_at - driver.start_lead_s(command.profile))
            process = LoadProcess(
                argv,
                workdir,
                driver.stop_signal,
                lease_until=start_at + command.lease_s,
                run_limit_s=driver.run_limit_s(command.profile),
            )
            process.start()
        except (UnsupportedProfileError, OSError) as exc:
            shutil.rmtree(workdir, ignore_errors=True)
            raise CommandFailed(f"cannot start {driver.binary}: {exc}") from exc
        follower = driver.follower(command.profile, workdir, self.user, window)
        if follower is not None:
            follower.start()
        with self._lock:
            self._loads[command.run_id] = _Load(
                command.run_id, driver, version, process, command.profile, window, follower
            )
        return process

    def _renew_lease(self, command: RenewLease) -> LeaseRenewed:
        load = self._load(command.run_id)
        if load.process.stop_reason is not None:
            raise CommandFailed(f"the load of run {command.run_id} is over ({load.process.stop_reason})")
        load.process.renew(tool_epoch(self.ctx.clock.to_host(command.lease_until)))
        return LeaseRenewed(lease_until=_iso(load.process.lease_until), running=load.process.running)

    def _stop_load(self, command: StopLoad) -> LoadStopped:
        load = self._load(command.run_id)
        was_running = load.process.running
        load.process.stop("stopped: StopLoad", STOP_GRACE_S)
        return LoadStopped(was_running=was_running, exit_code=load.process.exit_code)

    def _await_load(self, command: AwaitLoad) -> LoadFinished:
        load = self._load(command.run_id)
        if not load.process.wait(command.timeout_s):
            raise CommandFailed(
                f"the load of run {command.run_id} is still running after {command.timeout_s:g} s"
            )
        with load.lock:
            if load.result is None:
                load.result = self._result(load)
            return load.result

    def _result(self, load: _Load) -> LoadFinished:
        process = load.process
        run = ToolRun(
            profile=load.profile,
            workdir=process.workdir,
            exit_code=process.exit_code,
            stdout=process.stdout(),
            stderr=process.stderr(),
            wall_s=process.wall_s,
            stopped_early=process.stop_reason is not None,
            follower=load.follower,
            window=load.window,
            stopped_at=process.stopped_at,
        )
        try:
            summary = load.driver.parse(run, self.ctx.name)
        except OutputUnreadableError as exc:
            reason = f" ({process.stop_reason})" if process.stop_reason else ""
            raise CommandFailed(
                f"{load.driver.name} exited with {process.exit_code}{reason} and left no results: {exc}\n"
                f"{process.output_tail()}"
            ) from exc
        summary = summary.model_copy(update={**self._start(load), "tool_cpu": process.tool_cpu})
        if process.stop_reason is not None:
            summary = summary.model_copy(
                update={
                    "warnings": [process.stop_reason, *summary.warnings],
                    "stop_reason": process.stop_reason,
                }
            )
        return LoadFinished(
            summary=summary,
            command_line=list(process.argv),
            exit_code=process.exit_code,
            output_tail=process.output_tail(),
            raw_output=process.raw_output(),
            driver_version=load.driver_version,
        )

    def _start(self, load: _Load) -> dict[str, object]:
        """When this injector's load began, on the API's clock (InjectorSummary.started_at): the
        tool's first send where its records say, else when the agent started the tool."""
        first = load.follower.first_request_sent() if load.follower is not None else None
        if first is not None:
            source, began = "first_request", first
        elif load.process.started_at is not None:
            source, began = "tool_started", load.process.started_at.timestamp()
        else:
            return {}
        return {"started_at": self.ctx.clock.to_api(from_tool(began)), "start_source": source}

    def _driver(self, name: str) -> tuple[LoadDriver, str]:
        try:
            driver = driver_for(name)
        except UnknownDriverError as exc:
            raise CommandFailed(str(exc)) from exc
        version = driver.available()
        if version is None:
            raise CommandFailed(f"driver: {driver.binary} is not installed on this injector")
        if (problem := self._not_runnable(program(driver.binary))) is not None:
            raise CommandFailed(f"driver: {problem}")
        return driver, version

    def _not_runnable(self, binary: str) -> str | None:
        """Why the load user could not run `binary` (which the agent found), else None."""
        path = Path(binary)
        return unreachable(path, self.user, run=True) if path.is_absolute() else None

    def _load(self, run_id: int) -> _Load:
        with self._lock:
            load = self._loads.get(run_id)
        if load is None:
            raise CommandFailed(f"no load was started for run {run_id}")
        return load

    # ------------------------------------------------------------ teardown

    def teardown(self, run_id: int, keep_warm_s: float | None = None) -> None:
        with self._lock:
            load = self._loads.pop(run_id, None)
        if load is not None:
            load.process.stop("stopped: teardown", TEARDOWN_GRACE_S)
            if load.follower is not None:
                load.follower.close()
        shutil.rmtree(self.workdir(run_id), ignore_errors=True)

    def close(self) -> None:
        with self._lock:
            runs = set(self._loads)
        for run_id in runs:
            with contextlib.suppress(Exception):
                self.teardown(run_id)


def _normalize_host(host: str) -> str:
    return host.strip().strip("[]").lower()


def _check_start_time(start_at: float) -> None:
    """Refuse a start that is too late to be in step, or too far ahead to wait for."""
    delay = start_at - time.time()
    if delay < -LATE_START_TOLERANCE_S:
        raise CommandFailed(f"start_at was {-delay:.1f} s ago: too late to start in step with the run")
    if delay > MAX_START_WAIT_S:
        raise CommandFailed(f"start_at is {delay:.0f} s ahead: at most {MAX_START_WAIT_S:g} s is waited for")


def _sleep_until(start_at: float) -> None:
    delay = start_at - time.time()
    if delay > 0:
        time.sleep(delay)


def _iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).isoformat()
