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
import urllib.error
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


def _pid_of(up: Up, name: str) -> int:
    """The latest pid the supervisor printed for `name` (started ... or restarted ...)."""
    output = up.output
    marks = [f"started {name} (pid ", f"restarted {name} (pid "]
    at = max(output.rfind(mark) + len(mark) for mark in marks if mark in output)
    return int(output[at:].split(")")[0])


def _get(url: str, token: str | None = None) -> int:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(url, headers=headers)  # noqa: S310 - our loopback API
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 - our loopback API
            return int(response.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def _wait_healthy(up: Up, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while _get_quietly(f"{up.api_url}/api/v1/health") != 200:
        assert time.monotonic() < deadline, f"not healthy again after {timeout} s:\n{up.output}"
        time.sleep(0.5)


def _get_quietly(url: str) -> int | None:
    try:
        return _get(url)
    except OSError:
        return None  # the API itself is restarting


def test_up_restarts_children_that_die_and_keeps_serving(up: Up) -> None:
    token = (up.var / "admin-token").read_text().strip()
    for name in ("api", "worker", "redis"):
        pid = _pid_of(up, name)
        os.kill(pid, signal.SIGKILL)
        up.read_until(f"restarted {name} (pid ", 60)
        assert f"{name} (pid {pid}) exited with -9; restarting it in 1 s" in up.output
        assert _pid_of(up, name) != pid
        _wait_healthy(up)
    assert _get(f"{up.api_url}/api/v1/labs", token) == 200

    # PostgreSQL away, and nothing to restart it yet (the supervisor is frozen): the API stays
    # up and answers 503 for what needs the database, then 200 once it is back.
    postgres = _pid_of(up, "postgres")
    os.kill(up.proc.pid, signal.SIGSTOP)
    try:
        os.kill(postgres, signal.SIGKILL)
        time.sleep(1)
        assert _get(f"{up.api_url}/api/v1/labs", token) == 503
        assert _get(f"{up.api_url}/api/v1/health") == 503
    finally:
        os.kill(up.proc.pid, signal.SIGCONT)
    up.read_until("restarted postgres (pid ", 90)
    _wait_healthy(up)
    assert _get(f"{up.api_url}/api/v1/labs", token) == 200
    assert up.proc.poll() is None, up.output


def test_up_stops_everything_when_a_child_keeps_dying(up: Up) -> None:
    started = up.descendants()
    for death in range(1, 6):
        pid = _pid_of(up, "api")
        started |= up.descendants()
        os.kill(pid, signal.SIGKILL)
        if death < 5:
            up.read_until("restarted api (pid ", 60)

    assert up.wait() == 1, up.output
    assert "exited with -9: it died 5 times within 60 s, giving up" in up.output
    assert "last lines of" in up.output
    assert _alive_after_grace(started) == []
