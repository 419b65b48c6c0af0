"""Three real labs at once (issue 33): runs on different labs do not wait for each other, and each
measures what it measures alone.

A stack of its own (database, Redis, an API of two processes, the workers `make up` starts) with
three local labs on this machine (dev/lab.py `running_local_labs`: each its own namespaces,
agents, lab dir and lab in the API). One experiment runs first alone on one lab, then on the three
labs launched together (three POSTs back to back). Each of the three must leave `queued` within
2 s of its launch, their measured windows must overlap, and each must be as good as the run alone:
succeeded, a delivered rate within 3% of the alone run's, no caveat the alone run did not have.

The load is an open loop at a modest rate on purpose. A closed loop sends as fast as replies come,
so three of them on two cores split the CPU and each would honestly deliver less than one alone:
that measures the machine, not whether runs are independent. At 300 req/s per lab (900 req/s in
all, ~2% of what HAProxy serves here, docs LAB-NOTES) the box has headroom for all three, and the
delivered rate is set by the schedule, so a run that was delayed, starved or cut short shows as a
lower rate or a caveat, not as noise.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from live_processes import WorkerProcess, start_api_server, start_service_workers
from run_helpers import Api, http_spec

from dev.services import Postgres, Redis, free_port
from tests.conftest import _point_settings_at

pytestmark = pytest.mark.slow

LABS = 3
RATE = 300  # req/s per lab, open loop (the module's docstring says why)
DURATION_S = 8
# Launch -> leaving `queued` (the run's started_at, set when it moves to preparing).
START_WITHIN_S = 2.0
RATE_TOLERANCE = 0.03


@dataclass
class LabsStack:
    labs: list[Any]  # dev.lab.LocalLab, one per lab
    logs: list[Path]


@pytest.fixture(scope="module")
def labs_stack(
    pg: Postgres, template_db: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LabsStack]:
    """Like tests/e2e/conftest.py's shared stack, with three labs instead of one."""
    from backend.bootstrap import ensure_admin
    from backend.db import reset_engine, session_scope
    from backend.teams.tokens import create_api_token
    from dev.lab import running_local_labs

    began = time.monotonic()
    root = tmp_path_factory.mktemp("labs-at-once")
    database = f"haplab_labs_{uuid.uuid4().hex[:8]}"  # a rerun's setup must not meet the last one's
    redis = Redis(data_dir=root / "redis", port=free_port())
    with contextlib.ExitStack() as stack:
        redis.start(root / "redis.log", persist=False)
        stack.callback(redis.stop)
        pg.create_database(database, template=template_db)
        stack.callback(pg.drop_database, database)
        stack.callback(reset_engine)  # this process's connections to it, before it is dropped
        database_url = pg.url_for(database)
        _point_settings_at(database_url, redis.url)
        with session_scope() as db:
            user, team = ensure_admin(db, "lab-admin@example.test", "a-long-password", "Lab team")
            _, token = create_api_token(db, user.id, team.id, "labs at once", "admin")
        # Short lab dirs: HAProxy's stats socket lives under each, and socket paths max out at 107.
        lab_roots = []
        for _ in range(LABS):
            lab_root = Path(tempfile.mkdtemp(prefix="hl-lab-"))
            lab_root.chmod(0o711)  # HAProxy's unprivileged user traverses to the proxy agent's dir
            stack.callback(shutil.rmtree, lab_root, True)
            lab_roots.append(lab_root)
        api = start_api_server(
            database_url=database_url, redis_url=redis.url, log_dir=root, port=free_port(), workers=2
        )
        stack.callback(api.stop)
        # The service's workers exactly as `make up` starts them (backend.queue.worker_pools): the
        # runs' on threads with the default run slots, not a worker sized for this test. They
        # start while the labs come online (each waits seconds for its imports, not for the other).
        pool = stack.enter_context(ThreadPoolExecutor(1))
        starting = pool.submit(
            start_service_workers,
            database_url=database_url,
            redis_url=redis.url,
            log_dir=root,
            agent_wait=20,
            lease=30,
        )
        stack.callback(_stop_workers, starting)
        labs = stack.enter_context(running_local_labs(lab_roots, api.url, token, online_timeout=60))
        workers = starting.result()
        print(f"stack up in {time.monotonic() - began:.1f} s")
        logs = [*(worker.log_path for worker in workers), api.log_path]
        logs += [log for lab_root in lab_roots for log in sorted((lab_root / "log").glob("*.log"))]
        yield LabsStack(labs=labs, logs=logs)
        for path in logs:
            print(f"===== {path} =====\n{path.read_text(errors='replace')[-8000:]}")


def _stop_workers(starting: Future[list[WorkerProcess]]) -> None:
    """Stop the workers once they have started (a failed start already stopped what it began, and
    raised where the fixture reads its result)."""
    if starting.exception() is None:
        # Together: each waits for its warm shutdown, and the suite is near its time budget.
        with ThreadPoolExecutor(len(starting.result())) as pool:
            list(pool.map(WorkerProcess.stop, starting.result()))


def _window(run: dict[str, Any]) -> tuple[datetime, datetime]:
    """The run's measured window on the API's clock: its injector's first request to its end."""
    [injector] = run["summary"]["injectors"]
    start = datetime.fromisoformat(injector["started_at"])
    return start, start + timedelta(seconds=injector["window_s"])


def _caveat_kinds(run: dict[str, Any]) -> set[str]:
    return {caveat["kind"] for caveat in run["summary"]["verdict"]["caveats"]}


def _waited_s(run: dict[str, Any]) -> float:
    """Seconds from the launch (the run's row created) to leaving `queued` (started_at)."""
    started = datetime.fromisoformat(run["started_at"])
    return (started - datetime.fromisoformat(run["created_at"])).total_seconds()


def test_three_labs_run_at_once_each_as_well_as_alone(labs_stack: LabsStack) -> None:
    labs = labs_stack.labs
    assert [lab.lab_id for lab in labs] == sorted(lab.lab_id for lab in labs), "created in name order"
    assert len({lab.lab_id for lab in labs}) == LABS
    assert len({lab.topology.prefix for lab in labs}) == LABS, "each lab has namespaces of its own"
    api = Api(labs[0].api_url, labs[0].token)
    spec = http_spec(driver="vegeta", connections=10, threads=1, duration_s=DURATION_S)
    spec["load"]["rate"] = RATE
    experiment = api.create_experiment("labs at once", spec)

    def launch(lab: Any) -> int:
        [run_id] = api.call("POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": lab.lab_id})[
            "run_ids"
        ]
        return int(run_id)

    alone = api.wait_finished(launch(labs[0]), 120)
    assert alone["state"] == "succeeded", alone["error"]

    run_ids = [launch(lab) for lab in labs]  # back to back
    runs = [api.wait_finished(run_id, 120) for run_id in run_ids]

    alone_rps = alone["summary"]["total"]["rps"]
    print(
        f"alone: run {alone['id']} {alone_rps:.1f} req/s, waited {_waited_s(alone):.2f} s, "
        f"caveats {sorted(_caveat_kinds(alone))}"
    )
    for lab, run in zip(labs, runs, strict=True):
        start, end = _window(run)
        print(
            f"{lab.lab_id} {run['lab_name']}: run {run['id']} {run['state']} "
            f"{run['summary']['total']['rps']:.1f} req/s, waited {_waited_s(run):.2f} s, "
            f"window {start.time()}-{end.time()}, caveats {sorted(_caveat_kinds(run))}"
        )
    for run in runs:
        assert run["state"] == "succeeded", (run["id"], run["error"])
        assert _waited_s(run) <= START_WITHIN_S, f"run {run['id']} waited {_waited_s(run):.2f} s in queued"
        rps = run["summary"]["total"]["rps"]
        assert abs(rps - alone_rps) <= RATE_TOLERANCE * alone_rps, (
            f"run {run['id']}: {rps:.1f} req/s at once vs {alone_rps:.1f} alone"
        )
        new_caveats = _caveat_kinds(run) - _caveat_kinds(alone)
        assert not new_caveats, f"run {run['id']} has caveats the alone run did not: {new_caveats}"
    # The three measured at the same time: their windows share most of the duration.
    windows = [_window(run) for run in runs]
    shared_s = (min(end for _, end in windows) - max(start for start, _ in windows)).total_seconds()
    print(f"the three windows share {shared_s:.2f} s of {DURATION_S} s")
    assert shared_s >= DURATION_S / 2, windows
