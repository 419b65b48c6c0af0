"""Queues by kind, with the service's real workers: while every run slot is taken, a change
search, a webhook delivery and a schedule's firing each start within 1 s of their due time.

The workers are started exactly as `make up` starts them (backend.queue.worker_pools), with
two run slots so that a test can fill them: runs on labs without agents wait in `preparing`
for their agents (agent_wait) and hold their slot meanwhile, and a third lab's run stays
`queued`, the proof that no slot was free. Before the queues by kind, the change search and
the firing shared the runs' worker and waited for a slot (minutes, a whole run).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from factories import make_lab, make_runs, summary_at_rps
from live_processes import start_service_workers, wait_until
from sqlalchemy import select, update

from backend.db import session_scope
from backend.models import ChangePoint, Run, Schedule, ScheduleFiring, Webhook, WebhookDelivery
from backend.queue import (
    FIRE_SCHEDULE_TASK,
    celery_client,
    enqueue_change_detection,
    enqueue_lab_dispatch,
)
from backend.runs.transitions import request_cancel
from backend.webhooks import notify, secret_box
from contract.run_state import ACTIVE_STATES, RunState
from dev.services import Redis
from tests.webhook_receiver import ALLOW_LOOPBACK, receiving

pytestmark = pytest.mark.slow

RUN_SLOTS = 2
ON_TIME_S = 1.0


def _state(run_id: int) -> RunState:
    with session_scope() as db:
        return RunState(db.scalar(select(Run.state).where(Run.id == run_id)))


def _fill_every_run_slot() -> tuple[list[int], int]:
    """RUN_SLOTS runs holding a slot each (waiting in `preparing` for agents their labs lack),
    and one more lab's run left `queued` behind them."""
    holding = [make_runs(make_lab(f"busy-{i}"), 1)[0] for i in range(RUN_SLOTS)]
    [waiting] = make_runs(make_lab("waiting"), 1)
    for run_id in holding:
        with session_scope() as db:
            lab_id = db.scalar(select(Run.lab_id).where(Run.id == run_id))
        assert lab_id is not None
        enqueue_lab_dispatch(lab_id)
    wait_until(
        lambda: all(_state(r) == RunState.preparing for r in holding), 30, "the runs to take every slot"
    )
    with session_scope() as db:
        lab_id = db.scalar(select(Run.lab_id).where(Run.id == waiting))
    assert lab_id is not None
    enqueue_lab_dispatch(lab_id)
    return holding, waiting


def test_change_searches_webhooks_and_firings_start_on_time_while_every_run_slot_is_busy(
    fresh_database: str,
    redis_server: Redis,
    redis_client: object,
    tmp_path: object,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in ALLOW_LOOPBACK.items():
        monkeypatch.setenv(name, value)
    workers = start_service_workers(
        database_url=fresh_database,
        redis_url=redis_server.url,
        log_dir=tmp_path,  # type: ignore[arg-type]
        run_slots=RUN_SLOTS,
        agent_wait=60,  # the held runs wait for agents longer than the test takes
        lease=30,
        beat=False,  # this test sends what beat would, at a due time it knows
    )
    try:
        holding, waiting = _fill_every_run_slot()

        # A point's history with a step, for the change search.
        history = [100.0, 100.4, 99.7, 100.1, 99.9, 60.0]
        series = make_runs(make_lab("history"), len(history))
        with session_scope() as db:
            for run_id, rps in zip(series, history, strict=True):
                db.execute(
                    update(Run)
                    .where(Run.id == run_id)
                    .values(state=RunState.succeeded, params={}, summary=summary_at_rps(rps))
                )
            team_id = db.scalar(select(Run.team_id).where(Run.id == series[0]))
            experiment_id = db.scalar(select(Run.experiment_id).where(Run.id == series[0]))
            lab_id = db.scalar(select(Run.lab_id).where(Run.id == series[0]))
            assert team_id is not None and experiment_id is not None and lab_id is not None
            schedule = Schedule(
                team_id=team_id, experiment_id=experiment_id, lab_id=lab_id, name="nightly", cron="0 3 * * *",
                timezone="UTC", if_lab_busy="skip", if_previous_running="skip",
            )  # fmt: skip
            db.add(schedule)
            db.flush()
            schedule_id = schedule.id

        with receiving([200]) as receiver:
            assert all(_state(r) == RunState.preparing for r in holding)
            assert _state(waiting) == RunState.queued, "a run slot was free: the test proves nothing"

            # Due now (the change search, the delivery) and 1.5 s from now (the firing, as beat
            # sends an entry: a message with its due time).
            due_firing = datetime.now(UTC) + timedelta(seconds=1.5)
            celery_client().send_task(FIRE_SCHEDULE_TASK, args=[schedule_id], eta=due_firing)
            due_now = datetime.now(UTC)
            enqueue_change_detection(series[-1])
            with session_scope() as db:
                hook = Webhook(
                    team_id=team_id, name="ci", url=receiver.url, secret_encrypted=secret_box.seal("s3cret"),
                    events=["run.failed"], payload_format="haplab", active=True,
                )  # fmt: skip
                db.add(hook)
                db.flush()
                db.execute(update(Run).where(Run.id == series[0]).values(state=RunState.failed, error="x"))
                [delivery_id] = notify.run_ended(db, series[0])  # queued to its worker on commit

            def change_found_at() -> datetime | None:
                with session_scope() as db:
                    return db.scalar(select(ChangePoint.created_at).where(ChangePoint.run_id == series[-1]))

            def delivered_at() -> datetime | None:
                with session_scope() as db:
                    return db.scalar(
                        select(WebhookDelivery.last_attempt_at).where(WebhookDelivery.id == delivery_id)
                    )

            def fired_at() -> datetime | None:
                with session_scope() as db:
                    return db.scalar(
                        select(ScheduleFiring.fired_at).where(ScheduleFiring.schedule_id == schedule_id)
                    )

            found = wait_until(change_found_at, 30, "the change search")
            attempted = wait_until(delivered_at, 30, "the webhook delivery")
            fired = wait_until(fired_at, 30, "the schedule's firing")
            assert receiver.requests, "the receiver got nothing"
        late = {
            "change search": (found - due_now).total_seconds(),
            "webhook delivery": (attempted - due_now).total_seconds(),
            "schedule firing": (fired - due_firing).total_seconds(),
        }
        print(f"late by (s): {late}")
        assert all(-0.05 <= s <= ON_TIME_S for s in late.values()), late
        # ...and the slots were still all taken while they ran.
        assert all(_state(r) == RunState.preparing for r in holding)
        assert _state(waiting) == RunState.queued
    finally:
        with session_scope() as db:  # the held runs end within the watch's fallback read (2 s)
            for run_id in db.scalars(select(Run.id).where(Run.state.in_(ACTIVE_STATES))).all():
                request_cancel(db, run_id)
        for worker in workers:
            worker.stop()
        for worker in workers:
            print(f"===== log of worker {worker.nodename} =====\n{worker.log()[-4000:]}")
