"""What a load driver is: one established load tool behind one small interface.

A driver turns a typed LoadProfile into the tool's argv (never from user text: every argument
comes from a validated field), reads the tool's output back into an InjectorSummary, and names
the tool's blind spots so they travel with the numbers. The injector role runs the argv (as the
load user, agents.privileges); the driver never starts processes itself (except to ask the tool
for its version, and a reader of the tool's own output format: vegeta's decoder).

No value from the user ever reaches a tool as something it could read as a file name, a program
or an option: text the tool would take as a path when it names an existing file (mariadb-slap's
--query) and request bodies go into files of the run's directory, and the argv names those
files; every other value is one argv element after its option. What a tool wrote is read back
without following links (agents.privileges.read_text).

A tool whose output grows with the requests (vegeta's per-request results, h2load's request
log) is read WHILE it runs by an OutputFollower the driver hands out: the injector starts it
with the tool and passes it back in the ToolRun, so what is left to read after the tool exits is
a few seconds' worth at most, and the agent holds aggregates, not rows. None of these tools
reports live: the injector has no live per-request samples (its 1 Hz samples are the host's CPU
and network).
"""

from __future__ import annotations

import functools
import math
import re
import signal
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from agents.privileges import LabUser, create_file
from agents.probe import probe_output
from contract.drivers import DRIVERS, DriverName
from contract.load import LoadProfile
from contract.results import (
    Drain,
    ErrorCounts,
    InjectorSummary,
    LatencyPercentiles,
    OpenLoopStats,
    StageResult,
    WindowSource,
)

BODY_FILE = "request-body"
OVERRUN_GRACE_S = 5.0  # past its planned end plus this, a tool is stuck and gets stopped
IDLE_SHARE_WARNING = 0.5  # fewer busy connections than this share of those asked for is suspect


class UnsupportedProfileError(ValueError):
    """The profile asks for something this driver (or this build of the tool) cannot do."""


class OutputUnreadableError(Exception):
    """The tool left no output a summary can be read from; the message says what is missing."""


class OutputFollower(ABC):
    """Reads a tool's output while the tool runs (a thread of the agent); the driver's
    `outcome` asks it for what it read once the tool has exited."""

    @abstractmethod
    def start(self) -> None:
        """Begin following (the tool may not have written anything yet)."""

    @abstractmethod
    def close(self) -> None:
        """Stop following and end any helper process (idempotent; teardown)."""

    def first_request_sent(self) -> float | None:
        """When the tool sent its first request, as its own records say (Unix seconds on the
        machine's clock); None when its output does not say, or nothing was read yet."""
        return None


@dataclass(frozen=True)
class MeasuredWindow:
    """The run's measured window on the injector's clock: [start, start + seconds) in Unix seconds.

    `start` is t0 (the StartLoad's start_at plus the warm-up), the origin every agent samples
    from, so a request that completed in it is one HAProxy's per-second counters of the same
    seconds counted too. A driver whose tool times each request counts what completed inside it;
    the warm-up before and the drain after are reported apart.
    """

    start: float
    seconds: float

    @property
    def end(self) -> float:
        return self.start + self.seconds

    @classmethod
    def of(cls, start_at: float, profile: LoadProfile) -> MeasuredWindow:
        return cls(start=start_at + profile.warmup_s, seconds=float(profile.duration_s))

    def cut_at(self, stopped_at: float | None) -> MeasuredWindow:
        """The window of a tool stopped at `stopped_at` (nothing completes after it is stopped)."""
        if stopped_at is None or stopped_at >= self.end:
            return self
        return MeasuredWindow(self.start, max(0.0, stopped_at - self.start))


@dataclass(frozen=True)
class ToolRun:
    """What a load tool left behind when it exited (normally or because it was stopped)."""

    profile: LoadProfile
    workdir: Path
    exit_code: int | None  # Popen convention: negative = killed by that signal
    stdout: str
    stderr: str
    wall_s: float  # from start to exit, measured by the agent
    stopped_early: bool  # the agent stopped it (StopLoad or lease expiry)
    follower: OutputFollower | None = None  # what read the output while the tool ran, if any
    # The measured window (None: not known, a tool run by hand; drivers then read the tool's own
    # span) and, for a tool stopped early, when it was told to stop (Unix seconds).
    window: MeasuredWindow | None = None
    stopped_at: float | None = None

    @property
    def measured(self) -> MeasuredWindow | None:
        """The window the tool really covered: the asked one, cut where the tool was stopped."""
        return self.window.cut_at(self.stopped_at) if self.window is not None else None


@dataclass(frozen=True)
class Outcome:
    """The numbers every driver extracts; `summarize` turns them into an InjectorSummary."""

    successes: int
    errors: ErrorCounts
    duration_s: float
    bytes_received: int
    latency: LatencyPercentiles | None
    histogram: str | None
    warnings: list[str]
    open_loop: OpenLoopStats | None = None  # drivers that keep a send schedule (vegeta)
    drain: Drain | None = None  # answers after the window (drivers that time every request)
    # Where the counts come from (contract.results.WindowSource): tool_records when they are what
    # completed in the measured window, tool_totals when they are the tool's own run.
    window_source: WindowSource = "tool_totals"
    window_note: str | None = None
    warmup_responses: int | None = None  # 2xx completed before t0, when the tool can tell
    latency_note: str | None = None  # why `latency` is None when the tool measures none
    bytes_span_s: float | None = None  # the seconds bytes_received were counted over (else duration_s)
    stages: list[StageResult] | None = None  # a staged load's figures per stage (drivers that can stage)


class LoadDriver(ABC):
    name: ClassVar[DriverName]
    binary: ClassVar[str]
    # How to ask the tool its version: argv suffix and a regex whose group 1 is the version;
    # when the tool cannot say (hey), the Debian package's version is used.
    version_args: ClassVar[tuple[str, ...]]
    version_pattern: ClassVar[str]
    package: ClassVar[str]
    # The signal on which the tool stops sending and still prints what it measured.
    stop_signal: ClassVar[signal.Signals] = signal.SIGINT

    def available(self) -> str | None:
        """The installed tool's version, or None when it is not installed."""
        return _tool_version(self.binary, self.version_args, self.version_pattern, self.package)

    def check(self, profile: LoadProfile) -> None:
        """Refuse (UnsupportedProfileError) what this driver cannot do.

        spec.load already checks a profile against the driver's abilities; this re-checks
        defensively (an agent must not trust a message to be valid) and adds what only the
        driver knows about its tool.
        """
        info = DRIVERS[self.name]
        if profile.driver != self.name:
            raise UnsupportedProfileError(f"driver: the profile is for {profile.driver}, not {self.name}")
        if not info.http or profile.sql is not None:
            raise UnsupportedProfileError(f"sql: {self.name} sends HTTP requests, not SQL")
        if profile.http_version == "2" and not info.http2:
            raise UnsupportedProfileError(f"http_version: {self.name} cannot speak HTTP/2")
        if profile.http_version == "1.1" and not info.h1:
            raise UnsupportedProfileError(f"http_version: {self.name} cannot speak HTTP/1.1")
        if not profile.keep_alive and not info.keepalive_off:
            raise UnsupportedProfileError(f"keep_alive: {self.name} always keeps connections alive")
        if profile.rate is not None and not info.open_loop:
            raise UnsupportedProfileError(f"rate: {self.name} cannot hold a fixed rate")
        if profile.tls and not info.tls:
            raise UnsupportedProfileError(f"tls: {self.name} cannot speak TLS")
        if profile.stages and not info.stages:
            raise UnsupportedProfileError(f"stages: {self.name} runs one fixed load per run")
        if profile.threads > profile.connections:
            raise UnsupportedProfileError("threads: must not exceed connections")
        self.check_tool(profile)

    def check_tool(self, profile: LoadProfile) -> None:  # noqa: B027 - optional hook
        """Driver-specific refusals beyond the ability table."""

    @abstractmethod
    def command(
        self, profile: LoadProfile, target_url: str, workdir: Path, window: MeasuredWindow | None = None
    ) -> list[str]:
        """The tool's argv; may write input files (a request body) into `workdir`. `window` is the
        measured window on this host's clock, for tools that count against it themselves (wrk)."""

    @abstractmethod
    def outcome(self, run: ToolRun) -> Outcome:
        """Read the tool's output; OutputUnreadableError when there is nothing to read."""

    def blind_spots(self, profile: LoadProfile) -> list[str]:
        """What this tool hides or bends for this profile: surfaced as summary warnings."""
        return []

    def follower(
        self,
        profile: LoadProfile,
        workdir: Path,
        user: LabUser | None = None,
        window: MeasuredWindow | None = None,
    ) -> OutputFollower | None:
        """What reads this tool's output while it runs, for drivers whose output grows with
        the requests; None: the output is read when the tool exits (it is small). A helper
        process it needs runs as `user` (the load user), or as the agent when None; `window`
        is the measured window its counts are read against (None: the tool's own span)."""
        return None

    def run_limit_s(self, profile: LoadProfile) -> float:
        """How long the tool may run before it is stuck rather than measuring (then it is stopped)."""
        return profile.total_seconds + self.start_lead_s(profile) + OVERRUN_GRACE_S

    def start_lead_s(self, profile: LoadProfile) -> float:
        """How long before start_at the injector starts this tool (its warm-up that much longer;
        the window is the same). Only for a tool whose window is HAProxy's count (hey): see hey.py."""
        return 0.0

    def parse(self, run: ToolRun, agent: str) -> InjectorSummary:
        """The InjectorSummary of a run: the tool's numbers, its blind spots, and how it ended."""
        outcome = self.outcome(run)
        warnings = [*self.blind_spots(run.profile), *outcome.warnings]
        if run.stopped_early:
            warnings.append("the load was stopped before its end: these are partial results")
        elif run.exit_code not in (0, None):
            warnings.append(f"{self.name} exited with code {run.exit_code}")
        summary = summarize(agent, self.name, outcome, warnings)
        return summary.model_copy(update={"window_s": covered_window_s(run, self.start_lead_s(run.profile))})


def covered_window_s(run: ToolRun, lead_s: float = 0.0) -> float | None:
    """Seconds of the measured window the tool covered: all of it unless it stopped (or, like
    mariadb-slap, finished its work) before the window's end. The tool starts `lead_s` before
    start_at, the warm-up before t0; None when the window is not known."""
    window = run.measured
    if window is None:
        return None
    return round(min(window.seconds, max(0.0, run.wall_s - lead_s - run.profile.warmup_s)), 3)


def summarize(agent: str, driver: DriverName, outcome: Outcome, warnings: list[str]) -> InjectorSummary:
    """rps counts successes only (never errors) over the measured duration."""
    duration = outcome.duration_s
    bytes_span = outcome.bytes_span_s if outcome.bytes_span_s is not None else duration
    latency_note = outcome.latency_note
    if latency_note is None and outcome.successes == 0:
        latency_note = "nothing succeeded"
    return InjectorSummary(
        agent=agent,
        driver=driver,
        requests=outcome.successes + outcome.errors.total,
        successes=outcome.successes,
        errors=outcome.errors,
        duration_s=round(duration, 6),
        rps=round(outcome.successes / duration, 3) if duration > 0 else 0.0,
        bytes_per_s=round(outcome.bytes_received / bytes_span, 3) if bytes_span > 0 else 0.0,
        latency=outcome.latency if outcome.successes > 0 else None,
        latency_note=None if outcome.latency is not None and outcome.successes > 0 else latency_note,
        histogram=outcome.histogram if outcome.successes > 0 else None,
        open_loop=outcome.open_loop,
        drain=outcome.drain,
        window_source=outcome.window_source,
        window_note=outcome.window_note,
        warmup_responses=outcome.warmup_responses,
        stages=outcome.stages,
        warnings=list(dict.fromkeys(warnings)),  # once each, in order
    )


# ---------------------------------------------------------------- helpers for drivers


def idle_connections_warning(tool: str, busy: float, connections: int) -> list[str]:
    """Warn when far fewer connections were busy than asked for (Little's law: L = rate x W).

    In a closed loop every connection always has a request in flight, so response rate x mean
    latency ~ connections. Much less means some connections never got (or never sent) requests
    the tool counted: typically connections left in a full listen backlog.
    """
    if busy >= IDLE_SHARE_WARNING * connections:
        return []
    return [
        f"only about {busy:.0f} of {connections} connections were busy (response rate x mean latency): "
        f"{tool} does not count connections that were never accepted or never answered"
    ]


def request_url(profile: LoadProfile, target_url: str) -> str:
    """The full URL: the proxy's scheme://host:port plus the profile's path."""
    scheme = urlsplit(target_url).scheme
    if scheme not in ("http", "https"):
        raise UnsupportedProfileError(f"target_url: {scheme}:// is not an HTTP address")
    if profile.tls != (scheme == "https"):
        wanted = "https" if profile.tls else "http"
        raise UnsupportedProfileError(f"tls: the profile needs an {wanted}:// target, got {scheme}://")
    return target_url.rstrip("/") + profile.path


def write_body(profile: LoadProfile, workdir: Path) -> Path | None:
    """The request body as a file the tool reads (never on the command line)."""
    if profile.body is None:
        return None
    return create_file(workdir / BODY_FILE, profile.body, 0o600)


def whole_seconds(seconds: float) -> int:
    """Tools that take whole seconds get the next whole second, at least 1 (0 means 'never')."""
    return max(1, math.ceil(seconds))


def rounded_timeout_warning(driver: str, profile: LoadProfile) -> list[str]:
    if whole_seconds(profile.request_timeout_s) != profile.request_timeout_s:
        applied = whole_seconds(profile.request_timeout_s)
        asked = profile.request_timeout_s
        return [f"{driver} takes whole seconds: the request timeout {asked:g} s became {applied} s"]
    return []


def format_number(value: float) -> str:
    """A decimal without exponent or trailing zeros, as command-line flags expect."""
    return f"{value:.6f}".rstrip("0").rstrip(".")


@functools.cache
def _tool_version(binary: str, args: tuple[str, ...], pattern: str, package: str) -> str | None:
    output = probe_output([binary, *args])
    if output is None:
        return None  # not installed
    found = re.search(pattern, output)
    if found:
        return found.group(1)
    packaged = probe_output(["dpkg-query", "-W", "-f", "${Version}", package])
    found = re.match(r"(?:\d+:)?([0-9][0-9.]*)", packaged or "")
    return found.group(1) if found else "unknown"
