"""Sending work to the Celery workers by task name, so the backend never imports worker code.

Call these only after the transaction that created the rows has committed: a task must never
start before its rows are visible (see `after_commit`).
"""

from __future__ import annotations

from functools import lru_cache

from celery import Celery
from sqlalchemy import event
from sqlalchemy.orm import Session

from backend.settings import get_settings

# Task names are the contract between backend and worker (worker/tasks.py registers them).
DISPATCH_LAB_TASK = "haplab.lab.dispatch"
DETECT_CHANGES_TASK = "haplab.changes.detect"
DELIVER_WEBHOOK_TASK = "haplab.webhooks.deliver"
# Sent by Celery beat (a schedule's entry in its tables), never by the backend itself.
FIRE_SCHEDULE_TASK = "haplab.schedule.fire"
REQUEUE_WEBHOOKS_TASK = "haplab.webhooks.requeue-lost"

# The queues, each consumed by the worker processes started for it (`celery worker -Q ...`: dev/up.py,
# docker-compose.yml, tests/live_processes.py), so work of one kind never waits behind another's:
# - haplab.runs: a lab's dispatch, which holds its process for a whole run;
# - haplab.webhooks: deliveries, each a POST to a URL a user chose (a receiver may take the whole
#   deadline): on their own worker, no receiver can delay a run's dispatch, the reaper or a
#   schedule's firing;
# - celery (the default): the rest (the reaper, schedules' firings, change detection).
LAB_QUEUE = "haplab.runs"
WEBHOOK_QUEUE = "haplab.webhooks"
DEFAULT_QUEUE = "celery"
TASK_ROUTES = {
    DISPATCH_LAB_TASK: {"queue": LAB_QUEUE},
    DELIVER_WEBHOOK_TASK: {"queue": WEBHOOK_QUEUE},
    REQUEUE_WEBHOOKS_TASK: {"queue": WEBHOOK_QUEUE},
}


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
    """Search the run's sweep point for changes (the default queue: not a lab's run slot)."""
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
