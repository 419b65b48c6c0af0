"""What a schedule does when beat fires it: launch, or record why not.

Called by the worker's `haplab.schedule.fire` task with the Celery task id, which makes a
redelivered message (a worker died mid-task) a no-op instead of a second launch. Every firing
that reaches a live, unpaused schedule leaves one ScheduleFiring row saying what it did.

A firing launches through launch_experiment, exactly as a person's launch: nothing a schedule
does unattended escapes a check or a cap a person meets. A firing refused because the spec no
longer holds also pauses its schedule (it would fail again at every firing, after its checks).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from backend.errors import ApiError, conflict
from backend.experiments.launch import launch_experiment
from backend.experiments.schemas import LaunchRequest
from backend.models import Launch, Membership, Role, Run, Schedule, ScheduleFiring
from backend.schedules import beat
from backend.schedules.cron import stored
from backend.teams.scoping import readable
from backend.webhooks import notify
from contract.run_state import IN_PROGRESS_STATES


def fire(db: Session, schedule_id: int, task_id: str) -> ScheduleFiring | None:
    """Launch the schedule's experiment on its lab, unless a policy or a refusal says not to."""
    schedule = db.scalar(select(Schedule).where(Schedule.id == schedule_id).with_for_update())
    if schedule is None:  # deleted together with its experiment or lab: drop the orphan entry
        beat.remove_entry(db, schedule_id)
        return None
    done = db.scalar(select(ScheduleFiring).where(ScheduleFiring.task_id == task_id))
    if done is not None or schedule.paused:  # redelivered, or paused since beat sent it
        return done
    firing = ScheduleFiring(schedule_id=schedule.id, task_id=task_id, fired_at=datetime.now(UTC), detail="")
    firing.outcome, firing.detail = _policy_says(db, schedule)
    if firing.outcome == "launched":
        refusal, firing.launch_id = _launch(db, schedule)
        if refusal:
            firing.outcome, firing.detail = "refused", refusal.message
        if refusal and refusal.status == 422:
            _pause(db, schedule, firing)
    db.add(firing)
    db.flush()
    if firing.outcome == "refused":
        notify.schedule_refused(db, schedule, firing)
    return firing


def _policy_says(db: Session, schedule: Schedule) -> tuple[str, str]:
    own_launches = select(Launch.id).where(Launch.schedule_id == schedule.id)
    previous_running = db.scalar(
        select(exists().where(Run.launch_id.in_(own_launches), Run.state.in_(IN_PROGRESS_STATES)))
    )
    if previous_running and schedule.if_previous_running == "skip":
        return "skipped_previous_running", "this schedule's previous launch still has runs not ended"
    others_busy = db.scalar(
        select(
            exists().where(
                Run.lab_id == schedule.lab_id,
                Run.state.in_(IN_PROGRESS_STATES),
                Run.launch_id.not_in(own_launches),
            )
        )
    )
    if others_busy and schedule.if_lab_busy == "skip":
        return "skipped_lab_busy", "the lab had other runs queued or running"
    if others_busy:
        return "launched", "queued behind the lab's other runs"
    return "launched", ""


def _launch(db: Session, schedule: Schedule) -> tuple[ApiError | None, int | None]:
    """A launch as the schedule's owner, if they may still launch: (None, its id) or (why not, None).

    launch_experiment is a person's launch: the same boundary, the same `haproxy -c` of every
    distinct config on the process's one pool, the same caps on queued runs."""
    owner = Membership.user_id == schedule.created_by_id
    role = db.scalar(readable(Membership, schedule.team_id, Membership.role).where(owner))
    if role is None or not Role(role).allows(Role.editor):
        return conflict("the schedule's owner is no longer an editor of the team; edit or delete it"), None
    request = LaunchRequest(lab_id=schedule.lab_id, overrides=schedule.overrides)
    try:
        with db.begin_nested():
            launched = launch_experiment(
                db, schedule.team_id, schedule.created_by_id or 0, schedule.experiment_id, request
            )
    except ApiError as exc:  # 422: the spec no longer holds; 409: the queue is full
        return exc, None
    launch = db.get(Launch, launched.launch_id)
    assert launch is not None
    launch.schedule_id = schedule.id
    return None, launch.id


def _pause(db: Session, schedule: Schedule, firing: ScheduleFiring) -> None:
    """Pause a schedule whose spec no longer holds (it does not render, or fails `haproxy -c` or
    the lab's boundary): it would fail the same way at every firing, each time after up to a
    sweep's worth of checks, with nobody there. Someone who fixes it resumes it."""
    schedule.paused = True
    beat.write_entry(db, schedule, stored(schedule.cron, schedule.timezone))
    firing.detail += "; the schedule is paused until it is resumed"
