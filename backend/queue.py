"""Sending work to the Celery workers by task name, so the backend never imports worker code.

Call these only after the transaction that created the rows has committed: a task must never
start before its rows are visible (see `after_commit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from celery import Celery
from sqlalchemy import event
from sqlalchemy.orm import Session

from backend.settings import get_settings

# Task names are the contract between backend and worker (worker/tasks.py registers them).
DISPATCH_LAB_TASK = "haplab.lab.dispatch"
DETECT_CHANGES_TASK = "haplab.changes.detect"
DELIVER_WEBHOOK_TASK = "haplab.webhooks.deliver"
# Sent by Celery beat (the reaper's entry, a schedule's entry in its tables), never by the backend.
REAP_LABS_TASK = "haplab.lab.reap"
FIRE_SCHEDULE_TASK = "haplab.schedule.fire"
REQUEUE_WEBHOOKS_TASK = "haplab.webhooks.requeue-lost"

# The queues, one per kind of work, each consumed by a worker process of its own (WORKER_POOLS),
# so work of one kind never waits behind another's:
# - haplab.runs: a lab's dispatch, which orchestrates a whole run. A run mostly waits (for its
#   start instant, its load's duration, its agents' replies), so its worker runs them on threads,
#   hundreds at once: concurrent runs are bounded by labs, not by worker processes;
# - haplab.housekeeping: the reaper, schedules' firings and the sweep of lost webhook deliveries
#   (beat's entries), each short; on time even while every run slot is busy;
# - haplab.changes: change detection after a run succeeds (CPU: a statistical search);
# - haplab.webhooks: deliveries, each a POST to a URL a user chose (a receiver may take the whole
#   deadline): no receiver can delay a run, the reaper, a schedule or a change search.
LAB_QUEUE = "haplab.runs"
HOUSEKEEPING_QUEUE = "haplab.housekeeping"
CHANGES_QUEUE = "haplab.changes"
WEBHOOK_QUEUE = "haplab.webhooks"
TASK_ROUTES = {
    DISPATCH_LAB_TASK: {"queue": LAB_QUEUE},
    REAP_LABS_TASK: {"queue": HOUSEKEEPING_QUEUE},
    FIRE_SCHEDULE_TASK: {"queue": HOUSEKEEPING_QUEUE},
    REQUEUE_WEBHOOKS_TASK: {"queue": HOUSEKEEPING_QUEUE},
    DETECT_CHANGES_TASK: {"queue": CHANGES_QUEUE},
    DELIVER_WEBHOOK_TASK: {"queue": WEBHOOK_QUEUE},
}
# A task without a route (none today) lands with the housekeeping, never on a queue nobody reads.
DEFAULT_QUEUE = HOUSEKEEPING_QUEUE


@dataclass(frozen=True)
class WorkerPool:
    """One Celery worker process of the service: what it consumes and how it runs tasks."""

    name: str  # its node name (`name@host`) and its process's name in `make up`
    queues: tuple[str, ...]
    pool: str  # Celery's --pool: "threads" for work that waits, "prefork" for work that computes
    concurrency: int
    beat: bool = False  # embeds beat (`-B`): exactly one process of the service may

    def argv(self, *, nodename: str | None = None, beat: bool | None = None) -> list[str]:
        """`celery worker ...` for this pool (after the interpreter: `python -m celery ...`)."""
        argv = [
            "celery", "-A", "worker.celery_app", "worker",
            "--pool", self.pool, "--concurrency", str(self.concurrency),
            "-Q", ",".join(self.queues), "-n", nodename or f"{self.name}@%h",
            "--loglevel", "INFO",
        ]  # fmt: skip
        if self.beat if beat is None else beat:
            argv.append("-B")
        return argv


def worker_pools(run_slots: int | None = None) -> tuple[WorkerPool, ...]:
    """The service's worker processes, as `make up`, docker-compose.yml and the tests start them.

    `run_slots` (default: settings.run_slots) is how many runs the runs' worker orchestrates at
    once; another worker host adds as many (`celery worker` with the same queue).
    """
    slots = get_settings().run_slots if run_slots is None else run_slots
    return (
        # Threads: a run's orchestration waits on agents and clocks, not the CPU (a summary is a
        # few tens of milliseconds, docs/benchmarks.md); one process holds hundreds of them.
        WorkerPool("runs", (LAB_QUEUE,), "threads", slots),
        # Beat rides here: its firings are this queue's work, and one `make up` has one of it.
        WorkerPool("housekeeping", (HOUSEKEEPING_QUEUE,), "threads", 4, beat=True),
        # A process of its own: a change search computes, and must not slow a run's orchestration.
        WorkerPool("changes", (CHANGES_QUEUE,), "prefork", 1),
        # Deliveries wait on receivers, not on the CPU: raise it for many webhooks.
        WorkerPool("webhooks", (WEBHOOK_QUEUE,), "prefork", 2),
    )


@lru_cache
def celery_client() -> Celery:
    """The backend's sender: task names routed by TASK_ROUTES, as the workers' app routes them."""
    url = get_settings().redis_url
    return Celery("haplab-backend", broker=url, backend=None, config_source={"task_routes": TASK_ROUTES})


def reset_celery_client() -> None:
    celery_client.cache_clear()


def enqueue_lab_dispatch(lab_id: int) -> None:
    """Kick the lab's dispatcher: it runs the lab's oldest queued run if the lab is free."""
    celery_client().send_task(DISPATCH_LAB_TASK, args=[lab_id])


def enqueue_change_detection(run_id: int) -> None:
    """Search the run's sweep point for changes, on the changes' queue (its own worker)."""
    celery_client().send_task(DETECT_CHANGES_TASK, args=[run_id])


def enqueue_webhook_delivery(delivery_id: int, countdown: float | None = None) -> None:
    """Attempt a webhook delivery (now, or after `countdown` seconds: a retry), on the webhooks' queue."""
    celery_client().send_task(DELIVER_WEBHOOK_TASK, args=[delivery_id], countdown=countdown)


def after_commit(db: Session, lab_ids: set[int]) -> None:
    """Enqueue dispatch for these labs once `db` commits (and never if it rolls back)."""

    def _send(_session: Session) -> None:
        for lab_id in sorted(lab_ids):
            enqueue_lab_dispatch(lab_id)

    event.listen(db, "after_commit", _send, once=True)
