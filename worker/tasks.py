"""Celery tasks: thin bodies over worker.dispatch and worker.reaper. Names are the contract."""

from __future__ import annotations

from typing import Any

from backend.db import session_scope
from backend.queue import (
    DELIVER_WEBHOOK_TASK,
    DETECT_CHANGES_TASK,
    DISPATCH_LAB_TASK,
    FIRE_SCHEDULE_TASK,
    REAP_LABS_TASK,
    REQUEUE_WEBHOOKS_TASK,
    enqueue_webhook_delivery,
)
from backend.runs.changes.service import detect_for_run
from backend.schedules.firing import fire
from backend.webhooks.service import attempt, requeue_lost
from worker.celery_app import app, settings
from worker.dispatch import dispatch_lab
from worker.reaper import reap_labs


# No Celery time limit: the runs' worker is a thread pool, which cannot interrupt a task; the
# orchestrator ends a run at settings.run_time_limit_seconds itself (worker/orchestrator.py).
@app.task(name=DISPATCH_LAB_TASK, bind=True)  # type: ignore[untyped-decorator]  # celery ships no type hints
def dispatch_lab_task(self: Any, lab_id: int) -> int | None:
    """Run the lab's oldest queued run if the lab is free (a kick; the database decides)."""
    return dispatch_lab(lab_id, task_id=self.request.id)


@app.task(name=REAP_LABS_TASK, soft_time_limit=60, time_limit=90)  # type: ignore[untyped-decorator]
def reap_labs_task() -> dict[str, list[int]]:
    report = reap_labs()
    return {
        "failed_run_ids": [r.run_id for r in report.reaped],
        "kicked_lab_ids": report.kicked_lab_ids,
    }


@app.task(name=DETECT_CHANGES_TASK, soft_time_limit=60, time_limit=90)  # type: ignore[untyped-decorator]
def detect_changes_task(run_id: int) -> list[int]:
    """Search the point of a run that just succeeded for changes; their ids."""
    with session_scope() as db:
        return [change.id for change in detect_for_run(db, run_id)]


@app.task(  # type: ignore[untyped-decorator]
    name=DELIVER_WEBHOOK_TASK,
    # Acknowledged when it starts: a worker killed mid-attempt does not get the message again
    # (nor does the next worker, over and over); the row counted the attempt, and requeue_lost
    # queues a delivery whose message was lost.
    acks_late=False,
    # The attempt ends by its own deadline (backend/webhooks/sender.py); these are a backstop.
    soft_time_limit=settings.webhook_timeout_seconds + 30,
    time_limit=settings.webhook_timeout_seconds + 60,
)
def deliver_webhook_task(delivery_id: int) -> str:
    """One attempt at a webhook delivery; a retry is queued with its backoff as a new message
    (the delivery row, not Celery's retry state, counts the attempts)."""
    with session_scope() as db:
        outcome = attempt(db, delivery_id)
    if outcome.retry_in_s is not None:
        enqueue_webhook_delivery(delivery_id, countdown=outcome.retry_in_s)
    return outcome.status


@app.task(name=REQUEUE_WEBHOOKS_TASK, acks_late=False, soft_time_limit=60, time_limit=90)  # type: ignore[untyped-decorator]
def requeue_lost_webhooks_task() -> list[int]:
    """Queue again the webhook deliveries whose message was lost (beat, every minute)."""
    with session_scope() as db:
        return requeue_lost(db)


@app.task(name=FIRE_SCHEDULE_TASK, bind=True, soft_time_limit=120, time_limit=150)  # type: ignore[untyped-decorator]
def fire_schedule_task(self: Any, schedule_id: int) -> str | None:
    """Sent by beat at a schedule's time: launch, or record why not (see backend/schedules/firing.py)."""
    with session_scope() as db:
        firing = fire(db, schedule_id, task_id=self.request.id)
        return firing.outcome if firing is not None else None
