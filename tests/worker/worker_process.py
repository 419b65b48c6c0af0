"""Helpers for tests that drive a real Celery worker process: bounded waits and the process."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")


def wait_until(check: Callable[[], T | None], timeout: float, what: str, interval: float = 0.1) -> T:
    """Poll `check` until it returns something truthy; fail naming `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what} (last: {value!r})")
        time.sleep(interval)


@dataclass
class WorkerProcess:
    proc: subprocess.Popen[bytes]
    nodename: str
    log_path: Path
    stopped: bool = field(default=False)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill_hard(self) -> None:
        """kill -9 the worker and its pool and beat children (its own process group), at once."""
        os.killpg(self.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.stopped = True

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # warm shutdown: finish running tasks
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.proc.wait(10)
        # Anything of its group still alive (a pool child orphaned by the parent's exit).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)


StartWorker = Callable[..., WorkerProcess]
