"""`make up`'s supervisor (dev/up.py) for real: PostgreSQL, Redis, migrations, the admin, the API
and the Celery worker on free ports with data in a temp dir; then SIGINT (what Ctrl-C sends) or
a dying child, and nothing of ours may be left running."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dev.services import free_port

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 120.0
STOP_TIMEOUT = 60.0

pytestmark = pytest.mark.slow


@dataclass
class Up:
    proc: subprocess.Popen[str]
    var: Path
    api_url: str
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    seen: list[str] = field(default_factory=list)

    def read_until(self, text: str, timeout: float) -> None:
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

    def descendants(self) -> set[int]:
        """Every process below the supervisor, read from /proc (children, then theirs)."""
        parents = {p: _ppid(p) for p in _pids()}
        found: set[int] = set()
        frontier = {self.proc.pid}
        while frontier:
            frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
            found |= frontier
        return found

    def wait(self) -> int:
        return self.proc.wait(STOP_TIMEOUT)


def _pids() -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def _ppid(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return -1
    return int(stat.rsplit(")", 1)[1].split()[1])


def _alive_after_grace(pids: set[int], grace: float = 5.0) -> list[int]:
    """PIDs still running after a short grace (a process may be mid-exit when we look)."""
    deadline = time.monotonic() + grace
    while (alive := sorted(p for p in pids if _alive(p))) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture
def up(tmp_path: Path) -> Iterator[Up]:
    pg_port, redis_port, api_port = free_port(), free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("HAPLAB_")}
    env |= {
        "HAPLAB_VAR_DIR": str(tmp_path / "var"),
        "HAPLAB_DATABASE_URL": f"postgresql+psycopg://haplab:haplab@127.0.0.1:{pg_port}/haplab",
        "HAPLAB_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "HAPLAB_API_PORT": str(api_port),
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
    handle = Up(proc, tmp_path / "var", f"http://127.0.0.1:{api_port}")
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
            proc.send_signal(signal.SIGINT)
            proc.wait(STOP_TIMEOUT)


def test_up_serves_a_healthy_api_then_stops_everything_on_sigint(up: Up) -> None:
    with urllib.request.urlopen(f"{up.api_url}/api/v1/health", timeout=5) as response:  # noqa: S310
        assert response.status == 200
    for secret in ["admin-password", "admin-token"]:
        assert (up.var / secret).stat().st_mode & 0o777 == 0o600, secret
    assert "admin@haplab.local" in up.output
    started = up.descendants()
    assert len(started) >= 4  # postgres, redis, api, worker (and their own children)

    up.proc.send_signal(signal.SIGINT)

    assert up.wait() == 0, up.output
    assert "everything stopped" in up.output
    assert _alive_after_grace(started) == []


def test_up_stops_the_rest_and_fails_when_a_child_dies(up: Up) -> None:
    api_pid = int(up.output.split("started api (pid ")[1].split(")")[0])
    started = up.descendants()

    os.kill(api_pid, signal.SIGKILL)

    assert up.wait() == 1, up.output
    assert f"api (pid {api_pid}) exited with -9" in up.output
    assert "last lines of" in up.output
    assert _alive_after_grace(started) == []
