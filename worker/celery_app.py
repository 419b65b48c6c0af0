"""The Celery app of the haplab workers.

The service's workers, one per kind of work, are `backend.queue.worker_pools()` (what `make up`,
docker-compose.yml and the tests start): the runs' (threads, hundreds of runs at once), the
housekeeping's with beat (exactly once: the reaper, the schedules), the change searches' and the
webhooks'. Messages are only kicks; the database holds every state, so a lost, duplicated or
redelivered message is harmless.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery import Celery
from celery.signals import after_setup_logger, worker_process_init

from backend.db import reset_engine
from backend.messaging.clients import reset_live_clients
from backend.queue import (
    DEFAULT_QUEUE,
    REAP_LABS_TASK,
    REQUEUE_WEBHOOKS_TASK,
    TASK_ROUTES,
    reset_celery_client,
)
from backend.settings import get_settings

settings = get_settings()

app = Celery("haplab", include=["worker.tasks"])
app.conf.update(
    broker_url=settings.redis_url,
    broker_connection_retry_on_startup=True,
    # Outcomes live in the database, not in a result backend.
    task_ignore_result=True,
    result_expires=None,  # nothing to clean up: no daily celery.backend_cleanup entry in beat
    # A task is acknowledged when it ends, and a slot holds one message: a run's kick is not lost
    # in a dead worker's prefetch buffer, and a long run does not sit on others' kicks.
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    # A Redis blip must not abort a benchmark that is running fine; the lease covers real deaths.
    worker_cancel_long_running_tasks_on_connection_loss=False,
    # Unacked messages are redelivered after this; keep it above the longest a run may take.
    broker_transport_options={"visibility_timeout": settings.run_time_limit_seconds + 600},
    task_default_queue=DEFAULT_QUEUE,
    task_routes=TASK_ROUTES,
    # Beat keeps its entries in PostgreSQL (sqlalchemy-celery-beat): the reaper below and one
    # entry per schedule (backend/schedules/beat.py), read again within 5 s of any change.
    beat_scheduler="sqlalchemy_celery_beat.schedulers:DatabaseScheduler",
    beat_dburi=settings.database_url,
    beat_schema="celery_schema",
    beat_max_loop_interval=5,
    # Write each entry's last run time as soon as it is sent (the default waits 3 minutes): a beat
    # killed and restarted then knows what it already fired, and fires a time it missed once.
    beat_sync_every=1,
    beat_schedule={
        "reap-labs": {
            "task": REAP_LABS_TASK,
            "schedule": timedelta(seconds=settings.reap_interval_seconds),
            # A reap that waited longer than one interval is superseded by the next one.
            "options": {"expires": settings.reap_interval_seconds},
        },
        # Webhook deliveries whose message was lost (backend/webhooks/service.py, requeue_lost).
        "requeue-lost-webhook-deliveries": {
            "task": REQUEUE_WEBHOOKS_TASK,
            "schedule": timedelta(seconds=settings.webhook_requeue_interval_seconds),
            "options": {"expires": settings.webhook_requeue_interval_seconds},
        },
    },
)


@worker_process_init.connect  # type: ignore[untyped-decorator]  # celery ships no type hints
def _fresh_connections_after_fork(**_: Any) -> None:
    """Pooled DB and broker connections must not be shared with the parent process."""
    reset_engine()
    reset_celery_client()
    reset_live_clients()


class QuietRoutineTasks(logging.Filter):
    """Drops the INFO lines of the reaper's every firing (beat's "Sending due task", the worker's
    "received" and "succeeded"): one every few seconds buried everything else in the worker's
    log. What a reap does (a run failed, a lab kicked) the reaper logs itself; its failures and
    warnings still pass."""

    ROUTINE = (REAP_LABS_TASK, REQUEUE_WEBHOOKS_TASK)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO:
            return True
        args = record.args
        values = args.values() if isinstance(args, dict) else args if isinstance(args, tuple) else ()
        return not any(value in self.ROUTINE for value in values)


@after_setup_logger.connect  # type: ignore[untyped-decorator]
def _quiet_routine_tasks(**_: Any) -> None:
    # The pool's processes are forked after this, and keep the filters.
    for name in ("celery.beat", "celery.worker.strategy", "celery.app.trace"):
        logging.getLogger(name).addFilter(QuietRoutineTasks())
