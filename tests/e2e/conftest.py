"""One stack for the end-to-end tests that leave the lab as they found it.

Building a local lab (three agents enrolled and online, namespaces, an API, a worker) takes
~20 s; most end-to-end tests only launch runs on it and read results, so they share one,
built on first use and kept for the session: `shared_lab` instead of `local_lab` (the service's
workers, as `make up` starts them, are already running). Tests that break or reshape a lab
(faults, link shaping, the lab boundary, the browser journey's own setup) keep a lab of their own.

The shared stack has a Redis of its own: other tests flush theirs (`redis_client`), which would
take queued kicks and Celery's queue bindings from under this worker. Before each test the lab is
made idle (runs a failed test left are cancelled) and every schedule paused, so a test starts as
on a fresh lab; after it, what the worker and agents logged during the test is printed (pytest
shows it when the test failed).

A test that needs two injectors asks for `shared_two_injector_lab` instead: the same, on a stack
of its own (its own database, Redis, API and worker) whose lab has injector-1 and injector-2,
built only when a test first asks for it, so the one-injector tests never wait for it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from live_processes import start_api_server, start_service_workers, stop_workers
from sqlalchemy import select

from dev.services import Postgres, Redis, free_port
from tests.conftest import _point_settings_at


@dataclass
class SharedStack:
    lab: object  # dev.lab.LocalLab
    database_url: str
    redis_url: str
    logs: list[Path]


@pytest.fixture(scope="session")
def shared_stack(
    pg: Postgres, template_db: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SharedStack]:
    with _shared_stack(pg, template_db, tmp_path_factory, "haplab_shared", injectors=1) as stack:
        yield stack


@pytest.fixture(scope="session")
def shared_two_injector_stack(
    pg: Postgres, template_db: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SharedStack]:
    with _shared_stack(pg, template_db, tmp_path_factory, "haplab_shared2", injectors=2) as stack:
        yield stack


@contextlib.contextmanager
def _shared_stack(
    pg: Postgres, template_db: str, tmp_path_factory: pytest.TempPathFactory, database: str, injectors: int
) -> Iterator[SharedStack]:
    from backend.bootstrap import ensure_admin
    from backend.db import session_scope
    from backend.teams.tokens import create_api_token
    from dev.lab import running_local_lab

    root = tmp_path_factory.mktemp(f"shared-stack-{injectors}")
    # A short directory: HAProxy's stats socket lives under it, and socket paths max out at 107.
    lab_root = Path(tempfile.mkdtemp(prefix="hl-lab-"))
    lab_root.chmod(0o711)  # HAProxy's unprivileged user traverses to the proxy agent's directory
    redis = Redis(data_dir=root / "redis", port=free_port())
    redis.start(root / "redis.log", persist=False)
    pg.create_database(database, template=template_db)
    database_url = pg.url_for(database)
    _point_settings_at(database_url, redis.url)
    with session_scope() as db:
        user, team = ensure_admin(db, "lab-admin@example.test", "a-long-password", "Lab team")
        _, token = create_api_token(db, user.id, team.id, "shared lab", "admin")

    # test_history_watch's webhook receiver listens on loopback and a high port, which webhooks
    # refuse unless the operator allows them (the API checks when saved, the worker when sending).
    allowance = {
        "HAPLAB_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
        "HAPLAB_WEBHOOK_ALLOWED_PORTS": "1024-65535",
    }
    before = {name: os.environ.get(name) for name in allowance}
    os.environ.update(allowance)
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, lab_root, True)
        stack.callback(redis.stop)
        # Two API processes, as production runs one per core: agents' long-polls, their sample
        # batches, the live streams (Redis pub/sub) and the UI's reads land on either.
        api = start_api_server(
            database_url=database_url, redis_url=redis.url, log_dir=root, port=free_port(), workers=2
        )
        stack.callback(api.stop)
        # 60 s to come online: agents import for a few seconds, more on a busy two-core machine.
        lab = stack.enter_context(
            running_local_lab(lab_root, api.url, token, online_timeout=60, injectors=injectors)
        )
        # The service's workers as `make up` starts them: runs (threads), housekeeping with beat,
        # change searches, webhooks.
        workers = start_service_workers(
            database_url=database_url, redis_url=redis.url, log_dir=root, agent_wait=20, lease=30
        )
        stack.callback(stop_workers, workers)
        for name, value in before.items():
            if value is None:
                del os.environ[name]
            else:
                os.environ[name] = value
        logs = [
            *(worker.log_path for worker in workers),
            api.log_path,
            *sorted((lab_root / "log").glob("*.log")),
        ]
        yield SharedStack(lab=lab, database_url=database_url, redis_url=redis.url, logs=logs)


@pytest.fixture
def shared_lab(shared_stack: SharedStack) -> Iterator[object]:
    """The shared local lab (a `dev.lab.LocalLab`), idle, with its worker running."""
    yield from _idle_lab(shared_stack)


@pytest.fixture
def shared_two_injector_lab(shared_two_injector_stack: SharedStack) -> Iterator[object]:
    """The shared local lab with two injectors (injector-1, injector-2), idle, with its worker
    running: a run on it loads from both."""
    yield from _idle_lab(shared_two_injector_stack)


def _idle_lab(shared_stack: SharedStack) -> Iterator[object]:
    from backend.db import session_scope
    from backend.models import Run, Schedule
    from backend.queue import reset_celery_client
    from contract.run_state import TERMINAL_STATES

    _point_settings_at(shared_stack.database_url, shared_stack.redis_url)
    reset_celery_client()
    lab = shared_stack.lab
    api = httpx.Client(
        base_url=f"{lab.api_url}/api/v1",  # type: ignore[attr-defined]
        headers={"Authorization": f"Bearer {lab.token}"},  # type: ignore[attr-defined]
        timeout=30,
    )

    def pause_schedules() -> None:
        with session_scope() as db:
            schedules = db.scalars(select(Schedule.id).where(Schedule.paused.is_(False))).all()
        for schedule_id in schedules:
            api.patch(f"/schedules/{schedule_id}", json={"paused": True})

    pause_schedules()

    def unfinished() -> list[int]:
        with session_scope() as db:
            return list(db.scalars(select(Run.id).where(Run.state.not_in(TERMINAL_STATES))))

    for run_id in unfinished():
        api.post(f"/runs/{run_id}/cancel")
    deadline = time.monotonic() + 60
    while (left := unfinished()) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not left, f"runs {left} of an earlier test did not end"

    marks = {path: path.stat().st_size if path.exists() else 0 for path in shared_stack.logs}
    yield lab
    pause_schedules()  # a failed test's schedule must not fire into the tests that follow
    api.close()
    for path, start in marks.items():
        if path.exists():
            with path.open("rb") as log:
                log.seek(start)
                text = log.read()[-20000:].decode(errors="replace")
            print(f"===== {path.name} during this test =====\n{text}")
