"""`make up`'s supervisor (dev/up.py) for real: PostgreSQL, Redis, migrations, the admin, the API
and the Celery worker on free ports with data in a temp dir; then SIGINT (what Ctrl-C sends),
children that die and are restarted, one that keeps dying, and nothing of ours left running."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.queue import worker_pools
from tests.up_stack import Up, alive_after_grace, up_stack

pytestmark = pytest.mark.slow


@pytest.fixture
def up(tmp_path: Path) -> Iterator[Up]:
    # The supervisor without its local lab (tests/lab/test_up_lab.py has the lab; the faults of
    # tests/e2e/test_faults.py restart its agents): a quicker start.
    with up_stack(tmp_path / "var", {"HAPLAB_LOCAL_LAB": "off"}) as stack:
        yield stack


def test_up_serves_a_healthy_api_then_stops_everything_on_sigint(up: Up) -> None:
    assert up.get("/health", authenticated=False) == 200
    for secret in ["admin-password", "admin-token", "webhook-secret-key"]:
        assert (up.var / secret).stat().st_mode & 0o777 == 0o600, secret
    assert "admin@haplab.local" in up.output
    started = up.descendants()
    assert len(started) >= 7  # postgres, redis, api, and the four workers (and their own children)
    for pool in worker_pools():
        assert f"started {pool.name}-worker (pid " in up.output

    up.proc.send_signal(signal.SIGINT)

    assert up.wait() == 0, up.output
    assert "everything stopped" in up.output
    assert alive_after_grace(started) == []


def test_up_restarts_children_that_die_and_keeps_serving(up: Up) -> None:
    for name in ("api", "runs-worker", "redis"):
        pid = up.pid_of(name)
        os.kill(pid, signal.SIGKILL)
        up.read_until(f"restarted {name} (pid ", 60)
        assert f"{name} (pid {pid}) exited with -9; restarting it in 1 s" in up.output
        assert up.pid_of(name) != pid
        up.wait_healthy()
    assert up.get("/labs") == 200

    # PostgreSQL away, and nothing to restart it yet (the supervisor is frozen): the API stays
    # up and answers 503 for what needs the database, then 200 once it is back.
    postgres = up.pid_of("postgres")
    os.kill(up.proc.pid, signal.SIGSTOP)
    try:
        os.kill(postgres, signal.SIGKILL)
        time.sleep(1)
        assert up.get("/labs") == 503
        assert up.get("/health", authenticated=False) == 503
    finally:
        os.kill(up.proc.pid, signal.SIGCONT)
    up.read_until("restarted postgres (pid ", 90)
    up.wait_healthy()
    assert up.get("/labs") == 200
    assert up.proc.poll() is None, up.output


def test_up_stops_everything_when_a_child_keeps_dying(up: Up) -> None:
    started = up.descendants()
    for death in range(1, 6):
        pid = up.pid_of("api")
        started |= up.descendants()
        os.kill(pid, signal.SIGKILL)
        if death < 5:
            up.read_until("restarted api (pid ", 60)

    assert up.wait() == 1, up.output
    assert "exited with -9: it died 5 times within 60 s, giving up" in up.output
    assert "last lines of" in up.output
    assert alive_after_grace(started) == []
