"""Schedules: create, read, change, pause/resume and delete, each with its beat entry in step."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import distinct_on
from sqlalchemy.orm import Session

from backend.accounts.users import emails_of
from backend.errors import ApiError, conflict, invalid, not_found
from backend.experiments.launch import apply_overrides
from backend.experiments.service import get_experiment, get_version
from backend.experiments.spec_errors import SPEC_FIELD
from backend.labs.service import get_lab
from backend.models import Experiment, Lab, Run, Schedule, ScheduleFiring
from backend.schedules import beat
from backend.schedules.cron import Cron, CronError, parse, stored
from backend.schedules.schemas import (
    CronPreview,
    CronPreviewRequest,
    FiringOut,
    ScheduleCreate,
    ScheduleDetail,
    ScheduleOut,
    ScheduleUpdate,
)
from backend.settings import get_settings
from backend.teams.scoping import readable, writable
from backend.teams.service import lock_team
from contract.sweep import JsonScalar

FIRINGS_SHOWN = 50
NEXT_RUNS_SHOWN = 3


def parsed_cron(expression: str, timezone: str) -> Cron:
    try:
        return parse(expression, timezone)
    except CronError as exc:
        raise invalid(exc.field, exc.message) from None


def preview(body: CronPreviewRequest) -> CronPreview:
    cron = parsed_cron(body.cron, body.timezone)
    return CronPreview(cron=cron.expression, timezone=cron.timezone, next_runs=cron.next_times(5))


def get_schedule(db: Session, team_id: int, schedule_id: int, lock: bool = False) -> Schedule:
    rows = writable(Schedule, team_id) if lock else readable(Schedule, team_id)
    schedule = db.scalar(rows.where(Schedule.id == schedule_id))
    if schedule is None:
        raise not_found("schedule", schedule_id)
    return schedule


def _check_overrides(db: Session, experiment: Experiment, overrides: dict[str, JsonScalar]) -> None:
    """The overrides apply to the experiment's latest version; a 422 names `overrides.<path>`
    where the spec refuses a value an override set."""
    try:
        apply_overrides(get_version(db, experiment).spec, overrides)
    except ApiError as exc:
        for error in exc.fields:
            path = error.field.removeprefix(f"{SPEC_FIELD}.")
            if path in overrides:
                error.field = f"overrides.{path}"
        exc.message = "; ".join(f"{e.field}: {e.message}" for e in exc.fields) or exc.message
        raise


def create(
    db: Session, team_id: int, user_id: int, experiment_id: int, body: ScheduleCreate
) -> ScheduleDetail:
    experiment = get_experiment(db, team_id, experiment_id)
    get_lab(db, team_id, body.lab_id)
    cron = parsed_cron(body.cron, body.timezone)
    _check_overrides(db, experiment, body.overrides)
    _refuse_beyond_schedule_caps(db, team_id, experiment)
    schedule = Schedule(
        team_id=team_id,
        experiment_id=experiment.id,
        lab_id=body.lab_id,
        name=body.name or cron.expression,
        cron=cron.expression,
        timezone=cron.timezone,
        paused=body.paused,
        if_lab_busy=body.if_lab_busy,
        if_previous_running=body.if_previous_running,
        overrides=dict(body.overrides),
        created_by_id=user_id,
    )
    db.add(schedule)
    db.flush()
    beat.write_entry(db, schedule, cron)
    return detail(db, team_id, schedule.id)


def _refuse_beyond_schedule_caps(db: Session, team_id: int, experiment: Experiment) -> None:
    """409 with the numbers when the team or the experiment has as many schedules as the settings
    allow. Counted under the team's lock (held until commit): two creates at once cannot both pass."""
    settings = get_settings()
    lock_team(db, team_id)
    in_team = db.scalar(readable(Schedule, team_id, func.count())) or 0
    if in_team >= settings.max_schedules_per_team:
        raise conflict(
            f"the team has {in_team} schedules of at most {settings.max_schedules_per_team}; delete one first"
        )
    of_experiment = (
        db.scalar(select(func.count()).select_from(Schedule).where(Schedule.experiment_id == experiment.id))
        or 0
    )
    if of_experiment >= settings.max_schedules_per_experiment:
        raise conflict(
            f"experiment {experiment.name!r} has {of_experiment} schedules of at most "
            f"{settings.max_schedules_per_experiment}; delete one first, or change one's lab or overrides"
        )


def update(db: Session, team_id: int, schedule_id: int, body: ScheduleUpdate) -> ScheduleDetail:
    schedule = get_schedule(db, team_id, schedule_id, lock=True)
    given = body.model_fields_set
    for field in ("name", "paused", "if_lab_busy", "if_previous_running"):
        if field in given and getattr(body, field) is None:
            raise invalid(field, "may not be null")
    if "lab_id" in given:
        if body.lab_id is None:
            raise invalid("lab_id", "may not be null")
        schedule.lab_id = get_lab(db, team_id, body.lab_id).id
    if body.cron is None and body.timezone is None:
        cron = stored(schedule.cron, schedule.timezone)
    else:
        cron = parsed_cron(
            body.cron if body.cron is not None else schedule.cron,
            body.timezone if body.timezone is not None else schedule.timezone,
        )
    if body.overrides is not None:
        _check_overrides(db, get_experiment(db, team_id, schedule.experiment_id), body.overrides)
        schedule.overrides = dict(body.overrides)
    if body.name is not None:
        schedule.name = body.name
    elif schedule.name == schedule.cron:  # a name that was the cron text follows it
        schedule.name = cron.expression
    schedule.cron, schedule.timezone = cron.expression, cron.timezone
    for field in ("paused", "if_lab_busy", "if_previous_running"):
        if getattr(body, field) is not None:
            setattr(schedule, field, getattr(body, field))
    db.flush()
    beat.write_entry(db, schedule, cron)
    return detail(db, team_id, schedule.id)


def remove(db: Session, team_id: int, schedule_id: int) -> None:
    """The schedule, its firings and its beat entry; its launches stay (schedule_id set NULL)."""
    schedule = get_schedule(db, team_id, schedule_id, lock=True)
    beat.remove_entry(db, schedule.id)
    db.delete(schedule)
    db.flush()


def list_schedules(
    db: Session, team_id: int, experiment_id: int | None = None, lab_id: int | None = None
) -> list[ScheduleOut]:
    query = readable(Schedule, team_id)
    if experiment_id is not None:
        query = query.where(Schedule.experiment_id == experiment_id)
    if lab_id is not None:
        query = query.where(Schedule.lab_id == lab_id)
    schedules = db.scalars(query.order_by(Schedule.created_at, Schedule.id)).all()
    latest = _latest_firings(db, [s.id for s in schedules])
    return [ScheduleOut(**fields) for fields in _fields(db, schedules, latest)]


def detail(db: Session, team_id: int, schedule_id: int) -> ScheduleDetail:
    schedule = get_schedule(db, team_id, schedule_id)
    firings = db.scalars(
        select(ScheduleFiring)
        .where(ScheduleFiring.schedule_id == schedule.id)
        .order_by(ScheduleFiring.fired_at.desc(), ScheduleFiring.id.desc())
        .limit(FIRINGS_SHOWN)
    ).all()
    shown = _firings_out(db, firings)
    [fields] = _fields(db, [schedule], {schedule.id: shown[0]} if shown else {})
    return ScheduleDetail(**fields, firings=shown)


def _latest_firings(db: Session, schedule_ids: list[int]) -> dict[int, FiringOut]:
    if not schedule_ids:
        return {}
    newest = (
        select(ScheduleFiring)
        .where(ScheduleFiring.schedule_id.in_(schedule_ids))
        .ext(distinct_on(ScheduleFiring.schedule_id))
        .order_by(ScheduleFiring.schedule_id, ScheduleFiring.fired_at.desc(), ScheduleFiring.id.desc())
    )
    firings = db.scalars(newest).all()
    return {f.schedule_id: out for f, out in zip(firings, _firings_out(db, firings), strict=True)}


def _firings_out(db: Session, firings: Sequence[ScheduleFiring]) -> list[FiringOut]:
    launch_ids = {f.launch_id for f in firings if f.launch_id is not None}
    first_runs: dict[int | None, int] = {}
    if launch_ids:
        first_run_of_launch = select(Run.launch_id, func.min(Run.id)).where(Run.launch_id.in_(launch_ids))
        for launch_id, run_id in db.execute(first_run_of_launch.group_by(Run.launch_id)):
            first_runs[launch_id] = run_id
    return [
        FiringOut.model_validate(f).model_copy(update={"first_run_id": first_runs.get(f.launch_id)})
        for f in firings
    ]


def _fields(
    db: Session, schedules: Sequence[Schedule], last_firings: dict[int, FiringOut]
) -> list[dict[str, object]]:
    """Each schedule as the API shows it; names and emails read once for all of them."""
    experiment_ids = {s.experiment_id for s in schedules}
    lab_ids = {s.lab_id for s in schedules}
    experiment_names = {
        id_: name
        for id_, name in db.execute(
            select(Experiment.id, Experiment.name).where(Experiment.id.in_(experiment_ids))
        )
    }
    lab_names = {id_: name for id_, name in db.execute(select(Lab.id, Lab.name).where(Lab.id.in_(lab_ids)))}
    emails = emails_of(db, [s.created_by_id for s in schedules])
    return [
        {
            "id": schedule.id,
            "name": schedule.name,
            "experiment_id": schedule.experiment_id,
            "experiment_name": experiment_names.get(schedule.experiment_id, ""),
            "lab_id": schedule.lab_id,
            "lab_name": lab_names.get(schedule.lab_id, ""),
            "cron": schedule.cron,
            "timezone": schedule.timezone,
            "paused": schedule.paused,
            "if_lab_busy": schedule.if_lab_busy,
            "if_previous_running": schedule.if_previous_running,
            "overrides": schedule.overrides,
            "created_by_email": emails.get(schedule.created_by_id or 0),
            "created_at": schedule.created_at,
            "next_runs": []
            if schedule.paused
            else stored(schedule.cron, schedule.timezone).next_times(NEXT_RUNS_SHOWN),
            "last_firing": last_firings.get(schedule.id),
        }
        for schedule in schedules
    ]
