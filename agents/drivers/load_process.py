"""A running load tool: its process group, its output files, and the lease that bounds it.

The tool runs as a child of the agent in a session of its own (so a signal reaches it and
nothing else), with stdout and stderr going to files in the run's directory. A lease bounds
it: a watchdog thread stops the tool at the lease deadline unless the deadline was pushed back
(RenewLease), so a load never outlives the orchestrator that wanted it. The same watchdog stops
a tool still running well past its planned end (`run_limit_s`): h2load 1.52 can hang after its
duration when some connections never got a reply. Stopping sends the driver's stop signal (on
which wrk and hey still print their results), then SIGKILL to the whole group after a grace
period.

The watchdog is the one thread that waits for the tool: it sleeps on the tool's pidfd (readable
when it exits) until the next deadline or for a second at most (it then reads the tool's
threads' CPU and run-queue wait, agents/tool_cpu.py), reaps it and sets `exited`, which everyone
else waits on. Polling instead (the watchdog every 0.1 s, Popen.wait's own loop every 50 ms) woke the agent
30 times a second for the whole load, CPU taken from the load it measures.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from agents.privileges import open_output, read_text
from agents.sessions import spawn
from agents.tool_cpu import ToolCpuReadings
from contract.results import ToolCpu

log = logging.getLogger(__name__)

STDOUT_FILE = "stdout.txt"
STDERR_FILE = "stderr.txt"
# Without a pidfd (not Linux >= 5.3) the watchdog polls the tool this often instead.
WATCH_INTERVAL_S = 0.1
# While the tool runs the watchdog wakes this often to read its threads' CPU and wait
# (agents/tool_cpu.py): once a second, like the host sampler, not the 30 wake-ups above.
CPU_READ_INTERVAL_S = 1.0
# After SIGKILL, how long anyone waits for the group's leader to go.
KILL_WAIT_S = 10.0
# After the stop signal the tool sends nothing more (wrk and hey stop their loops at once on
# SIGINT) but may still be writing its report: wrk's Lua export of the latency distribution
# takes seconds on a busy host. SIGKILL only after this grace, or the partial results are lost.
LEASE_KILL_GRACE_S = 5.0
# The raw output kept with the run: enough for any summary, bounded for a chatty tool.
RAW_OUTPUT_MAX_CHARS = 256_000
LEASE_EXPIRED = "stopped: lease expired"


class LoadProcess:
    def __init__(
        self,
        argv: list[str],
        workdir: Path,
        stop_signal: signal.Signals,
        lease_until: float,
        run_limit_s: float,
    ) -> None:
        self.argv = argv
        self.workdir = workdir
        self._stop_signal = stop_signal
        self._lease_until = lease_until  # epoch seconds
        self._run_limit_s = run_limit_s  # from start; past it the tool is stuck, not measuring
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._started_monotonic = 0.0
        self._exited_monotonic: float | None = None
        self.exited = threading.Event()  # set by the watchdog once the tool has exited and is reaped
        self.started_at: datetime | None = None
        self.stop_reason: str | None = None
        self.stopped_at: float | None = None  # Unix seconds: when it was told to stop, if it was
        self._cpu: ToolCpuReadings | None = None
        self._watchdog = threading.Thread(target=self._watch, name=f"lease-{workdir.name}", daemon=True)

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        # The directory is the tool's user's: never through a link it could have left there.
        with open_output(self.workdir / STDOUT_FILE) as out, open_output(self.workdir / STDERR_FILE) as err:
            # Its own session: signals reach the tool only.
            self._proc = spawn(
                self.argv, "load tool", cwd=self.workdir, stdin=subprocess.DEVNULL, stdout=out, stderr=err
            )
        self._started_monotonic = time.monotonic()
        self._cpu = ToolCpuReadings(self._proc.pid, self._started_monotonic)
        self.started_at = datetime.now(UTC)
        log.info("load tool started (pid %d): %s", self._proc.pid, " ".join(self.argv))
        self._watchdog.start()

    def renew(self, lease_until: float) -> None:
        with self._lock:
            self._lease_until = max(self._lease_until, lease_until)

    @property
    def lease_until(self) -> float:
        with self._lock:
            return self._lease_until

    def stop(self, reason: str, grace_s: float) -> None:
        """Stop the tool now (idempotent): its stop signal, then SIGKILL after `grace_s`."""
        proc = self._proc
        if proc is None:
            return
        if not self._mark_stopping(reason):
            return
        self._signal_group(self._stop_signal)
        if not self.wait(grace_s):
            self._signal_group(signal.SIGKILL)
            self.wait(KILL_WAIT_S)

    def wait(self, timeout_s: float) -> bool:
        """True once the tool has exited (waits at most `timeout_s`)."""
        if self._proc is None:
            return True
        # The watchdog reaps the tool and sets `exited`; poll() too, should it be gone.
        if self.exited.wait(timeout_s) or self._proc.poll() is not None:
            self._note_exit()
            return True
        return False

    # ------------------------------------------------------------ state

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def tool_cpu(self) -> ToolCpu | None:
        """The tool's threads' CPU and wait for a CPU, as last read while it ran."""
        return self._cpu.result() if self._cpu is not None else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def exit_code(self) -> int | None:
        return self._proc.poll() if self._proc is not None else None

    @property
    def wall_s(self) -> float:
        end = self._exited_monotonic if self._exited_monotonic is not None else time.monotonic()
        return max(0.0, end - self._started_monotonic)

    def stdout(self) -> str:
        return _read(self.workdir / STDOUT_FILE)

    def stderr(self) -> str:
        return _read(self.workdir / STDERR_FILE)

    def raw_output(self, max_chars: int = RAW_OUTPUT_MAX_CHARS) -> str:
        """stdout then stderr as the tool printed them; only the end when longer than max_chars."""
        text = self.stdout()
        errors = self.stderr()
        if errors:
            text = f"{text}\n--- stderr ---\n{errors}"
        if len(text) > max_chars:
            cut = len(text) - max_chars
            text = f"[... the first {cut} characters are not kept ...]\n{text[cut:]}"
        return text

    def output_tail(self, lines: int = 30) -> str:
        text = self.stdout().rstrip("\n")
        errors = self.stderr().strip()
        if errors:
            text = f"{text}\n--- stderr ---\n{errors}"
        return "\n".join(text.splitlines()[-lines:])

    # ------------------------------------------------------------ internals

    def _mark_stopping(self, reason: str) -> bool:
        """Record why the tool is being stopped (the first reason wins); False when it has exited."""
        proc = self._proc
        assert proc is not None
        with self._lock:
            if self.stop_reason is None and proc.poll() is None:
                self.stop_reason = reason
                self.stopped_at = time.time()
        return proc.poll() is None

    def _watch(self) -> None:
        proc = self._proc
        assert proc is not None
        kill_at: float | None = None  # monotonic: SIGKILL the group then, once it was told to stop
        try:
            with _exit_waiter(proc.pid) as wait_for_exit:
                while proc.poll() is None:
                    if self._cpu is not None:
                        self._cpu.read()
                    now = time.monotonic()
                    if kill_at is not None:
                        if now >= kill_at:
                            self._signal_group(signal.SIGKILL)
                            kill_at = now + KILL_WAIT_S
                        wait_for_exit(kill_at - now)
                        continue
                    overdue = self._overdue(now)
                    if overdue is not None:
                        if self._mark_stopping(overdue):
                            self._signal_group(self._stop_signal)
                        kill_at = now + LEASE_KILL_GRACE_S
                        continue
                    lease_left = self.lease_until - time.time()  # renewals only push it back
                    limit_left = self._started_monotonic + self._run_limit_s - now
                    wait_for_exit(min(lease_left, limit_left, CPU_READ_INTERVAL_S))
        finally:
            if proc.poll() is not None:
                self._note_exit()
                self.exited.set()

    def _overdue(self, now: float) -> str | None:
        """Why the tool must be stopped now, if it must: its lease ran out or it overran."""
        assert self._proc is not None
        if time.time() >= self.lease_until:
            log.warning("lease expired: stopping the load tool (pid %d)", self._proc.pid)
            return LEASE_EXPIRED
        if now - self._started_monotonic >= self._run_limit_s:
            log.warning("the load tool (pid %d) overran its planned end: stopping it", self._proc.pid)
            return f"stopped: still running {self._run_limit_s:g} s after it started"
        return None

    def _note_exit(self) -> None:
        with self._lock:
            if self._exited_monotonic is None:
                self._exited_monotonic = time.monotonic()

    def _signal_group(self, sig: signal.Signals) -> None:
        if self._proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._proc.pid, sig)


@contextlib.contextmanager
def _exit_waiter(pid: int) -> Iterator[Callable[[float], None]]:
    """A function that returns when process `pid` (our child, not yet reaped) has exited or after
    at most the given seconds: it sleeps on the process's pidfd, or polls without one."""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):  # not Linux >= 5.3
        yield lambda seconds: time.sleep(min(max(0.0, seconds), WATCH_INTERVAL_S))
        return
    poller = select.poll()
    poller.register(pidfd, select.POLLIN)

    def wait(seconds: float) -> None:
        # poll() takes milliseconds; a long lease is waited for in pieces of at most an hour.
        poller.poll(min(max(0.0, seconds), 3600.0) * 1000)

    try:
        yield wait
    finally:
        os.close(pidfd)


def _read(path: Path) -> str:
    try:
        return read_text(path)
    except FileNotFoundError:
        return ""
