"""`make up`'s supervisor (dev/up.py) as a test stack: the whole of haplab on free ports with
data in a temp dir, its output read line by line, its processes found by the pids it prints."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from dev.services import free_port

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT = 120.0
STOP_TIMEOUT = 60.0


@dataclass
class Up:
    proc: subprocess.Popen[str]
    var: Path
    api_url: str
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    seen: list[str] = field(default_factory=list)

    def read_until(self, text: str, timeout: float) -> None:
        """Wait for a line holding `text` among the lines not read yet."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.proc.poll() is not None and self.lines.empty():
                    break
                continue
            self.seen.append(line)
            if text in line:
                return
        raise AssertionError(f"{text!r} not printed; output so far:\n{self.output}")

    @property
    def output(self) -> str:
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return "".join(self.seen)

    @property
    def token(self) -> str:
        return (self.var / "admin-token").read_text().strip()

    def pid_of(self, name: str) -> int:
        """The latest pid the supervisor printed for `name` (started ... or restarted ...)."""
        output = self.output
        marks = [f"started {name} (pid ", f"restarted {name} (pid "]
        at = max(output.rfind(mark) + len(mark) for mark in marks if mark in output)
        return int(output[at:].split(")")[0])

    def descendants(self) -> set[int]:
        """Every process below the supervisor, read from /proc (children, then theirs)."""
        parents = {p: _ppid(p) for p in _pids()}
        found: set[int] = set()
        frontier = {self.proc.pid}
        while frontier:
            frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
            found |= frontier
        return found

    def get(self, path: str, authenticated: bool = True) -> int | None:
        """The status of GET /api/v1{path}; None when the API does not answer at all."""
        headers = {"Authorization": f"Bearer {self.token}"} if authenticated else {}
        request = urllib.request.Request(f"{self.api_url}/api/v1{path}", headers=headers)  # noqa: S310
        try:
            with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 - our loopback API
                return int(response.status)
        except urllib.error.HTTPError as e:
            return int(e.code)
        except OSError:
            return None

    def wait_healthy(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.get("/health", authenticated=False) != 200:
            assert time.monotonic() < deadline, f"not healthy after {timeout} s:\n{self.output}"
            time.sleep(0.5)

    def wait(self) -> int:
        return self.proc.wait(STOP_TIMEOUT)


@contextmanager
def up_stack(var: Path, extra_env: dict[str, str] | None = None) -> Iterator[Up]:
    """dev/up.py until "Press Ctrl-C to stop."; SIGINT on the way out if it still runs."""
    pg_port, redis_port, api_port = free_port(), free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("HAPLAB_")}
    env |= {
        "HAPLAB_VAR_DIR": str(var),
        "HAPLAB_DATABASE_URL": f"postgresql+psycopg://haplab:haplab@127.0.0.1:{pg_port}/haplab",
        "HAPLAB_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "HAPLAB_API_PORT": str(api_port),
        **(extra_env or {}),
    }
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "dev" / "up.py")],
        cwd=ROOT,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    handle = Up(proc, var, f"http://127.0.0.1:{api_port}")
    assert proc.stdout is not None
    stdout = proc.stdout

    def pump() -> None:  # a thread, so reads can time out
        for line in stdout:
            handle.lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        handle.read_until("Press Ctrl-C to stop.", START_TIMEOUT)
        yield handle
    finally:
        if proc.poll() is None:  # a failed test must not leave the stack running
            proc.send_signal(signal.SIGCONT)  # in case a test froze it
            proc.send_signal(signal.SIGINT)
            proc.wait(STOP_TIMEOUT)


def _pids() -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def _ppid(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return -1
    return int(stat.rsplit(")", 1)[1].split()[1])


def alive_after_grace(pids: set[int], grace: float = 5.0) -> list[int]:
    """PIDs still running after a short grace (a process may be mid-exit when we look)."""
    deadline = time.monotonic() + grace
    while (alive := sorted(p for p in pids if is_alive(p))) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive


def is_alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
