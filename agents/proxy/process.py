"""One HAProxy in master-worker mode, a child of the agent.

Started in the foreground (`haproxy -W -db -f CFG -S master.sock`, inside the data-plane
namespace when there is one) in a session of its own, so the agent can signal the whole group
and nothing else. The master CLI (`show proc`) tells which worker is current; a reload is
SIGUSR2 to the master, which re-reads the config and forks a new worker that takes the
listening sockets over from the old one (`expose-fd listeners` on the stats socket), then the
old worker finishes its connections and exits. Stopping is SIGUSR1 (soft stop: stop listening,
finish what is in flight), then SIGTERM, then SIGKILL of the group, each after a bound.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from agents.privileges import LabUser
from agents.proxy.files import MASTER_SOCKET
from agents.proxy.runtime_api import RuntimeApi, RuntimeApiError
from agents.sessions import spawn
from common.process_groups import stop_session
from contract.haproxy import check_output

log = logging.getLogger(__name__)

OUTPUT_TAIL_LINES = 200
_MASTER_LINE = re.compile(r"^(?P<pid>\d+)\s+master\s+(?P<reloads>\d+)\s+\[failed:\s*(?P<failed>\d+)\]")
_WORKER_LINE = re.compile(r"^(?P<pid>\d+)\s+worker\s")


class HAProxyError(Exception):
    """HAProxy did not start, reload or stop as asked; the message says why."""


@dataclass(frozen=True)
class MasterStatus:
    """What the master CLI's `show proc` says."""

    reloads: int
    failed_reloads: int
    workers: list[int]  # current workers (not the old ones finishing their connections)


def parse_show_proc(text: str) -> MasterStatus:
    """`show proc`: a "#<PID> <type> ..." header, the master, then "# workers", "# old workers"
    and "# programs" sections."""
    reloads = failed = 0
    workers: list[int] = []
    section = "master"
    for line in text.splitlines():
        if line.startswith("#<"):
            continue  # the column header
        if line.startswith("#"):
            section = line.lstrip("# ").lower()  # "workers", "old workers", "programs"
            continue
        if (master := _MASTER_LINE.match(line)) is not None:
            reloads, failed = int(master.group("reloads")), int(master.group("failed"))
        elif section == "workers" and (worker := _WORKER_LINE.match(line)) is not None:
            workers.append(int(worker.group("pid")))
    return MasterStatus(reloads=reloads, failed_reloads=failed, workers=workers)


class HAProxyProcess:
    def __init__(
        self, haproxy_bin: str, config_path: Path, workdir: Path, netns: str | None, user: LabUser
    ) -> None:
        self.config_path = config_path
        self.workdir = workdir
        haproxy = [haproxy_bin, "-W", "-db", "-f", str(config_path), "-S", str(workdir / MASTER_SOCKET)]
        # By absolute path and with an empty environment (agents.programs): the master re-executes
        # itself by that path on a reload, and `env(...)` in a config finds nothing of the agent's.
        self.argv = user.command(haproxy, netns)
        self.master = RuntimeApi(workdir / MASTER_SOCKET)
        self._proc: subprocess.Popen[bytes] | None = None
        self._tail: deque[str] = deque(maxlen=OUTPUT_TAIL_LINES)
        self._reader: threading.Thread | None = None

    # ------------------------------------------------------------ state

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def exit_code(self) -> int | None:
        """None while the master runs (or before it started)."""
        return self._proc.poll() if self._proc is not None else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def output_tail(self, lines: int = 20) -> str:
        """The last lines HAProxy printed, raw: for the agent's own log only."""
        return "\n".join(list(self._tail)[-lines:])

    def messages(self) -> str:
        """HAProxy's ALERT/WARNING messages of the recent output, about the config only: what may
        go back over the wire (contract.haproxy.check_output; raw output could quote other files)."""
        found = check_output.config_messages(self.output_tail(), str(self.config_path), str(self.workdir))
        return check_output.shown(found) or "(no message from HAProxy; see the agent's log)"

    def status(self) -> MasterStatus:
        return parse_show_proc(self.master.command("show proc"))

    # ------------------------------------------------------------ start / reload / stop

    def start(self) -> int:
        """Start the master; returns its pid. Wait for workers with `wait_for_worker`."""
        (self.workdir / MASTER_SOCKET).unlink(missing_ok=True)
        # Its own session: signals reach the master and its workers only.
        self._proc = spawn(
            self.argv,
            "haproxy",
            cwd=self.workdir,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        self._reader = threading.Thread(target=self._read_output, name="haproxy-output", daemon=True)
        self._reader.start()
        log.info("haproxy master started (pid %d): %s", self._proc.pid, " ".join(self.argv))
        return self._proc.pid

    def wait_for_worker(self, deadline: float, not_in: frozenset[int] = frozenset()) -> int:
        """The pid of a current worker that is not in `not_in`, once the master reports one."""
        last_error = "the master CLI did not answer"
        while time.monotonic() < deadline:
            self._raise_if_exited()
            try:
                status = self.status()
            except RuntimeApiError as exc:
                last_error = str(exc)
            else:
                fresh = [pid for pid in status.workers if pid not in not_in]
                if fresh:
                    return fresh[-1]
                last_error = f"workers: {status.workers or 'none'}"
            time.sleep(0.05)
        raise HAProxyError(f"no new HAProxy worker in time ({last_error})")

    def reload(self, deadline: float) -> int:
        """SIGUSR2 to the master; returns the new worker's pid once the master has forked it."""
        if not self.running or self._proc is None:
            raise HAProxyError("haproxy is not running: cannot reload")
        before = self.status()
        os.kill(self._proc.pid, signal.SIGUSR2)
        while time.monotonic() < deadline:
            self._raise_if_exited()
            try:
                now = self.status()
            except RuntimeApiError:
                time.sleep(0.05)  # the master re-execs itself: its CLI is briefly away
                continue
            if now.failed_reloads > before.failed_reloads:
                log.warning("haproxy refused the reload:\n%s", self.output_tail())
                raise HAProxyError(f"haproxy refused the reload:\n{self.messages()}")
            if now.reloads > before.reloads:
                return self.wait_for_worker(deadline, not_in=frozenset(before.workers))
            time.sleep(0.05)
        raise HAProxyError("haproxy did not reload in time")

    def stop(self, soft_timeout_s: float = 5.0, hard_timeout_s: float = 3.0) -> int | None:
        """Soft stop, then terminate, then kill the group; returns the master's exit code."""
        proc = self._proc
        if proc is None:
            return None
        steps = [(signal.SIGUSR1, soft_timeout_s), (signal.SIGTERM, hard_timeout_s)]
        stop_session(proc, steps, kill_wait_s=hard_timeout_s)
        if self._reader is not None:
            self._reader.join(2)
        log.info("haproxy master (pid %d) stopped with exit code %s", proc.pid, proc.returncode)
        return proc.returncode

    # ------------------------------------------------------------ internals

    def _raise_if_exited(self) -> None:
        code = self.exit_code()
        if code is not None:
            log.warning("haproxy exited with status %s:\n%s", code, self.output_tail())
            raise HAProxyError(f"haproxy exited with status {code}:\n{self.messages()}")

    def _read_output(self) -> None:
        proc = self._proc
        if proc is None or proc.stdout is None:
            return
        for raw in proc.stdout:
            self._tail.append(raw.decode(errors="replace").rstrip())
