"""Helpers for tests that drive a real Celery worker process: bounded waits and the process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from common.process_groups import stop_session

ROOT = Path(__file__).resolve().parents[1]
T = TypeVar("T")
# What a test's worker consumes unless told: the runs', the housekeeping's and the change
# searches' queues in one process (a test starts one worker where `make up` starts three;
# `start_service_workers` starts them as the service does). The webhooks' worker is its own.
RUNS_QUEUES = "haplab.runs,haplab.housekeeping,haplab.changes"


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

    def pool_pids(self) -> list[int]:
        """The prefork pool's processes (the worker's children), read from /proc."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text().split()
        return sorted(int(pid) for pid in children)

    def freeze(self, seconds: float) -> None:
        """SIGSTOP the worker and its pool (its process group) for `seconds`, then SIGCONT."""
        os.killpg(self.pid, signal.SIGSTOP)
        try:
            time.sleep(seconds)
        finally:
            os.killpg(self.pid, signal.SIGCONT)

    def kill_hard(self) -> None:
        """kill -9 the worker and its pool and beat children (its own process group), at once."""
        os.killpg(self.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.stopped = True

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        # SIGTERM is a warm shutdown (running tasks finish); then anything of its group still
        # alive (a pool child orphaned by the parent's exit) is killed.
        stop_session(self.proc, [(signal.SIGTERM, 20)], kill_wait_s=10)


def stop_workers(workers: list[WorkerProcess]) -> None:
    """SIGTERM every worker first, then wait for each: their warm shutdowns (up to 20 s each)
    overlap instead of adding up (a shared stack's teardown: 9 s -> 4 s measured)."""
    for worker in workers:
        if worker.proc.poll() is None:
            worker.proc.send_signal(signal.SIGTERM)
    for worker in workers:
        worker.stop()


StartWorker = Callable[..., WorkerProcess]


def rss_kib(pid: int) -> int:
    """A process's resident memory (VmRSS in /proc/PID/status), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for pid {pid}")


def start_worker_process(
    *,
    database_url: str,
    redis_url: str,
    log_dir: Path,
    agent_wait: float = 1,
    lease: int = 3,
    beat: bool = False,
    reap_interval: float = 2,
    index: int = 0,
    env: dict[str, str] | None = None,
    queues: str = RUNS_QUEUES,
    pool: str | None = None,
    concurrency: int | None = None,
    name: str = "haplab-test",
) -> WorkerProcess:
    """Start a real `celery -A worker.celery_app worker` and wait until it answers a ping.

    `queues`: what it consumes (RUNS_QUEUES; WEBHOOK_QUEUE, as the webhooks' worker). `pool` and
    `concurrency`: Celery's; by default those of the service's worker for the first queue named
    (backend.queue.worker_pools: threads and the run slots for the runs'). `env` adds or
    overrides environment variables (other HAPLAB_* settings)."""
    from celery import Celery

    from backend.queue import WorkerPool, worker_pools

    service = next(
        (pool for pool in worker_pools() if pool.queues[0] == queues.split(",")[0]), worker_pools()[0]
    )
    worker_pool = WorkerPool(
        name,
        tuple(queues.split(",")),
        pool or service.pool,
        service.concurrency if concurrency is None else concurrency,
        beat=beat,
    )
    nodename = f"{name}-{uuid.uuid4().hex[:8]}@localhost"
    log_path = log_dir / f"worker-{index}.log"
    worker_env = {
        **os.environ,
        "HAPLAB_ENVIRONMENT": "test",
        "HAPLAB_DATABASE_URL": database_url,
        "HAPLAB_REDIS_URL": redis_url,
        "HAPLAB_AGENT_WAIT_SECONDS": str(agent_wait),
        "HAPLAB_LAB_LEASE_SECONDS": str(lease),
        "HAPLAB_REAP_INTERVAL_SECONDS": str(reap_interval),
        **(env or {}),
    }
    # Beat (when asked) keeps its entries in the test database (sqlalchemy-celery-beat).
    cmd = [sys.executable, "-m", *worker_pool.argv(nodename=nodename), "--without-mingle", "--without-gossip"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=worker_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    worker = WorkerProcess(proc=proc, nodename=nodename, log_path=log_path)
    control = Celery("haplab-test-control", broker=redis_url)
    try:

        def answers() -> bool:
            if proc.poll() is not None:
                raise AssertionError(f"worker exited with {proc.returncode}:\n{worker.log()}")
            return bool(control.control.ping(destination=[nodename], timeout=0.5))

        wait_until(answers, 90, f"worker {nodename} to answer a ping", interval=0.2)
    except BaseException:
        worker.stop()
        raise
    finally:
        control.close()
    return worker


def start_service_workers(
    *,
    database_url: str,
    redis_url: str,
    log_dir: Path,
    beat: bool = True,
    run_slots: int | None = None,
    **options: object,
) -> list[WorkerProcess]:
    """Every worker of the service, each as `make up` starts it (backend.queue.worker_pools: its
    queues, pool and concurrency; `run_slots` instead of the setting's), beat in the
    housekeeping's unless `beat` is False; `options` as start_worker_process's (agent_wait,
    lease, env ...). They start together: each imports for seconds, most of it waiting."""
    from concurrent.futures import ThreadPoolExecutor

    from backend.queue import WorkerPool, worker_pools

    def start(index: int, pool: WorkerPool) -> WorkerProcess:
        return start_worker_process(
            database_url=database_url,
            redis_url=redis_url,
            log_dir=log_dir,
            queues=",".join(pool.queues),
            pool=pool.pool,
            concurrency=pool.concurrency,
            beat=pool.beat and beat,
            index=100 + index,
            name=f"haplab-{pool.name}",
            **options,  # type: ignore[arg-type]
        )

    pools = worker_pools(run_slots)
    with ThreadPoolExecutor(max_workers=len(pools)) as starting:
        futures = [starting.submit(start, index, pool) for index, pool in enumerate(pools)]
    started = [future.result() for future in futures if future.exception() is None]
    failed = [future.exception() for future in futures if future.exception() is not None]
    if failed:
        for worker in started:
            worker.stop()
        raise failed[0]  # type: ignore[misc]
    return started


@dataclass
class ApiServer:
    """A real uvicorn serving backend.app on a free loopback port."""

    proc: subprocess.Popen[bytes]
    url: str
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        stop_session(self.proc, [(signal.SIGTERM, 15)])


def start_api_server(
    *,
    database_url: str,
    redis_url: str,
    log_dir: Path,
    port: int,
    app: str = "backend.app:create_app",
    workers: int = 1,
    env: dict[str, str] | None = None,
) -> ApiServer:
    """Start the API (backend.serve: uvicorn with `workers` processes) on `app`, an app factory, and
    wait until /api/v1/health answers 200. `env` adds or overrides environment variables (other
    HAPLAB_* settings)."""
    import httpx

    api_env = {
        **os.environ,
        "HAPLAB_ENVIRONMENT": "test",
        "HAPLAB_DATABASE_URL": database_url,
        "HAPLAB_REDIS_URL": redis_url,
        **(env or {}),
    }
    log_path = log_dir / "api.log"
    cmd = [
        sys.executable,
        "-m",
        "backend.serve",
        "--app",
        app,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]
    with open(log_path, "wb") as log:
        # Its own session: stop() can reach worker processes a killed supervisor would orphan.
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=api_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    server = ApiServer(proc=proc, url=f"http://127.0.0.1:{port}", log_path=log_path)

    def healthy() -> bool:
        if proc.poll() is not None:
            raise AssertionError(f"API server exited with {proc.returncode}:\n{server.log()}")
        try:
            return httpx.get(f"{server.url}/api/v1/health", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        # Generous: under pytest-xdist the two cores may be saturated by load tests.
        wait_until(healthy, 90, "the API server to answer /api/v1/health", interval=0.2)
    except BaseException:
        server.stop()
        raise
    return server
