"""A schedule's entry in Celery beat's own tables (sqlalchemy-celery-beat), kept in step with it.

Beat (worker/celery_app.py: DatabaseScheduler) reads these rows and sends `haplab.schedule.fire`
with the schedule's id at each time of its crontab; it notices a change within its 5 s loop
(the library's listeners stamp its change table on every write below). The entry is written in
the caller's transaction, so a schedule and its beat entry exist, change and vanish together.
"""

from __future__ import annotations

import json

from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from sqlalchemy_celery_beat.models import CrontabSchedule, PeriodicTask

from backend.models import Schedule
from backend.queue import FIRE_SCHEDULE_TASK
from backend.schedules.cron import Cron

# A firing message not picked up by a worker within this many seconds is dropped by Celery: a
# launch hours late (workers were down) would surprise more than a missed one, which the
# schedule's firing list shows as missing.
FIRE_EXPIRES_S = 15 * 60


def entry_name(schedule_id: int) -> str:
    return f"haplab.schedule.{schedule_id}"


def write_entry(db: Session, schedule: Schedule, cron: Cron) -> None:
    """Create or update the schedule's beat entry (its crontab, zone and whether it is paused)."""
    task = db.scalar(select(PeriodicTask).where(PeriodicTask.name == entry_name(schedule.id)))
    crontab = task.schedule_model if task is not None else None
    if not isinstance(crontab, CrontabSchedule):
        crontab = CrontabSchedule()
        db.add(crontab)
    crontab.minute = cron.minute
    crontab.hour = cron.hour
    crontab.day_of_month = cron.day_of_month
    crontab.month_of_year = cron.month_of_year
    crontab.day_of_week = cron.day_of_week
    crontab.timezone = cron.timezone
    db.flush()
    if task is None:
        task = PeriodicTask(
            name=entry_name(schedule.id),
            task=FIRE_SCHEDULE_TASK,
            kwargs=json.dumps({"schedule_id": schedule.id}),
            expire_seconds=FIRE_EXPIRES_S,
            description=f"haplab schedule {schedule.id}",
        )
        db.add(task)
    task.schedule_model = crontab
    task.enabled = not schedule.paused
    # A changed time table starts afresh: beat measures the next time from the last run.
    task.last_run_at = None
    db.flush()


def remove_entry(db: Session, schedule_id: int) -> None:
    """Delete the schedule's beat entry and its crontab (no-op when there is none)."""
    task = db.scalar(select(PeriodicTask).where(PeriodicTask.name == entry_name(schedule_id)))
    if task is None:
        return
    crontab = task.schedule_model
    db.delete(task)
    db.flush()
    if isinstance(crontab, CrontabSchedule):
        db.execute(delete(CrontabSchedule).where(CrontabSchedule.id == crontab.id))
