"""A schedule fired by a real Celery beat (sqlalchemy-celery-beat's DatabaseScheduler reading
the entry the API wrote) through a real worker: on time, launching, once per minute."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from live_processes import StartWorker, wait_until
from sqlalchemy import select

from backend.bootstrap import ensure_admin
from backend.db import session_scope
from backend.experiments.schemas import ExperimentCreate
from backend.experiments.service import create_experiment
from backend.labs.service import create_lab
from backend.models import Launch, ScheduleFiring
from backend.schedules import service
from backend.schedules.schemas import ScheduleCreate
from spec.examples import seed_examples
from spec.sweep import Sweep


def _firings(schedule_id: int) -> list[ScheduleFiring]:
    with session_scope() as db:
        query = (
            select(ScheduleFiring)
            .where(ScheduleFiring.schedule_id == schedule_id)
            .order_by(ScheduleFiring.id)
        )
        return list(db.scalars(query))


@pytest.mark.slow
def test_beat_fires_a_schedule_at_its_minute_and_the_worker_launches_it(start_worker: StartWorker) -> None:
    with session_scope() as db:
        user, team = ensure_admin(db, "scheduler@example.test", "a-long-password", "Schedules")
        spec = (
            seed_examples()["000"]
            .model_copy(update={"sweep": Sweep()})
            .model_dump(mode="json", by_alias=True)
        )
        experiment = create_experiment(db, team.id, user.id, ExperimentCreate(name="nightly", spec=spec))
        lab = create_lab(db, team.id, "bench")
        created = service.create(
            db,
            team.id,
            user.id,
            experiment.id,
            ScheduleCreate(lab_id=lab.id, cron="* * * * *", timezone="UTC"),
        )
    due = created.next_runs[0]
    start_worker(agent_wait=1, lease=3, beat=True, reap_interval=2)

    [firing] = wait_until(
        lambda: _firings(created.id) or None,
        (due - datetime.now(UTC)).total_seconds() + 30,
        f"the schedule to fire at {due:%H:%M:%S}",
    )
    late_s = (firing.fired_at - due).total_seconds()
    assert 0 <= late_s < 10, f"fired at {firing.fired_at}, due {due} ({late_s:.1f} s late)"
    assert firing.outcome == "launched", firing.detail
    with session_scope() as db:
        launch = db.get(Launch, firing.launch_id)
        assert launch is not None and launch.schedule_id == created.id and launch.lab_id == lab.id
        shown = service.detail(db, team.id, created.id)
    assert shown.last_firing is not None and shown.last_firing.id == firing.id
    assert shown.next_runs[0] > due
