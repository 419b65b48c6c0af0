"""python -m backend.serve: uvicorn with quieter timers (a tick a second, workers checked every
5 s). What must not change with them: a worker that dies is replaced, a stop is prompt."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx
import pytest
from live_processes import start_api_server, wait_until

from backend.serve import HEALTH_CHECK_S
from dev.services import Redis, free_port

pytestmark = pytest.mark.slow


def workers_of(pid: int) -> set[int]:
    """The API's worker processes (the supervisor's children, multiprocessing's tracker aside)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return {
        int(child)
        for child in children
        if "resource_tracker" not in Path(f"/proc/{child}/cmdline").read_bytes().decode(errors="replace")
    }


def idle_for(pid: int, seconds: float) -> bool:
    """The process took no more than one clock tick of CPU over `seconds`."""

    def cpu_ticks() -> int:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return int(fields[11]) + int(fields[12])  # utime, stime

    before = cpu_ticks()
    time.sleep(seconds)
    return cpu_ticks() - before <= 1


def test_a_dead_worker_is_replaced_and_a_stop_is_prompt(
    fresh_database: str, redis_server: Redis, tmp_path: Path
) -> None:
    api = start_api_server(
        database_url=fresh_database, redis_url=redis_server.url, log_dir=tmp_path, port=free_port(), workers=2
    )
    try:
        first = workers_of(api.proc.pid)
        assert len(first) == 2
        os.kill(min(first), signal.SIGKILL)
        wait_until(
            lambda: len(workers_of(api.proc.pid) - first) == 1,
            HEALTH_CHECK_S + 5,
            "the dead worker's replacement",
        )
        # A stop that comes while a worker still imports the app waits for that (seconds on a
        # loaded machine): the replacement must have started, i.e. gone idle, first.
        (replacement,) = workers_of(api.proc.pid) - first
        wait_until(lambda: idle_for(replacement, 1.0), 60, "the replacement's start")
        wait_until(lambda: httpx.get(f"{api.url}/api/v1/health", timeout=5).status_code == 200, 20, "health")
        asked = time.monotonic()
        api.proc.send_signal(signal.SIGTERM)
        api.proc.wait(10)
        assert time.monotonic() - asked < 3, "a stop waits for no tick or health check"
    finally:
        api.stop()
        print(api.log())
