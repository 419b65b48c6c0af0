"""A real `celery -A worker.celery_app worker` process (and beat when asked) for worker tests.

The worker runs against the test's own committed database (`fresh_database`) and the test
Redis, with short waits so the suite stays quick. Its log is printed at teardown, which pytest
shows when the test failed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery import Celery
from worker_process import ROOT, StartWorker, WorkerProcess, wait_until

from backend.queue import reset_celery_client


@pytest.fixture
def start_worker(
    fresh_database: str, redis_server: object, redis_client: object, tmp_path: Path
) -> Iterator[StartWorker]:
    """Start real workers on demand: `start_worker(agent_wait=1, lease=3, beat=False)`."""
    redis_url = redis_server.url  # type: ignore[attr-defined]
    reset_celery_client()  # kicks from the test go to this Redis
    control = Celery("haplab-test-control", broker=redis_url)
    started: list[WorkerProcess] = []

    def start(
        *, agent_wait: float = 1, lease: int = 3, beat: bool = False, reap_interval: float = 2
    ) -> WorkerProcess:
        nodename = f"haplab-test-{uuid.uuid4().hex[:8]}@localhost"
        log_path = tmp_path / f"worker-{len(started)}.log"
        env = {
            **os.environ,
            "HAPLAB_ENVIRONMENT": "test",
            "HAPLAB_DATABASE_URL": fresh_database,
            "HAPLAB_REDIS_URL": redis_url,
            "HAPLAB_AGENT_WAIT_SECONDS": str(agent_wait),
            "HAPLAB_LAB_LEASE_SECONDS": str(lease),
            "HAPLAB_REAP_INTERVAL_SECONDS": str(reap_interval),
        }
        cmd = [
            sys.executable, "-m", "celery", "-A", "worker.celery_app", "worker",
            "-Q", "haplab.runs,celery", "--pool", "prefork", "--concurrency", "2",
            "-n", nodename, "--loglevel", "INFO", "--without-mingle", "--without-gossip",
        ]  # fmt: skip
        if beat:
            cmd += ["-B", "-s", str(tmp_path / f"beat-schedule-{len(started)}")]
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        worker = WorkerProcess(proc=proc, nodename=nodename, log_path=log_path)
        started.append(worker)

        def answers() -> bool:
            if proc.poll() is not None:
                raise AssertionError(f"worker exited with {proc.returncode}:\n{worker.log()}")
            return bool(control.control.ping(destination=[nodename], timeout=0.5))

        wait_until(answers, 30, f"worker {nodename} to answer a ping", interval=0.2)
        return worker

    yield start

    for worker in started:
        worker.stop()
        print(f"===== log of worker {worker.nodename} (pid {worker.pid}) =====\n{worker.log()}")
    control.close()
