"""Experiments and their immutable versions. Every query is scoped to the caller's team.

A version is written once and never updated: a new spec is a new version, so runs keep
pointing at exactly the spec they were launched from.
"""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from backend.errors import ApiError, FieldError, conflict, not_found
from backend.experiments.schemas import (
    ExperimentCreate,
    ExperimentDetail,
    ExperimentPage,
    ExperimentPatch,
    VersionCreate,
    VersionDetail,
    VersionSummary,
)
from backend.experiments.spec_errors import parse_spec, stored_form
from backend.experiments.summaries import detail, summarize
from backend.labs import boundary
from backend.models import Experiment, ExperimentVersion, Run
from backend.models.base import utcnow
from backend.teams.scoping import owned_by, readable, writable
from contract.experiment import ExperimentSpec
from contract.run_state import IN_PROGRESS_STATES, RunState

DEFAULT_PAGE = 50
MAX_PAGE = 200


def _name_taken(name: str) -> ApiError:
    return ApiError(
        409,
        "conflict",
        f"an experiment named {name!r} already exists in this team",
        [FieldError(field="name", message="already taken")],
    )


def get_experiment(
    db: Session, team_id: int, experiment_id: int, lock: Literal["update", "share"] | None = None
) -> Experiment:
    """The team's experiment or 404. `lock` "update" or "share" takes that row lock."""
    rows = readable(Experiment, team_id) if lock is None else writable(Experiment, team_id, lock=lock)
    experiment = db.scalar(rows.where(Experiment.id == experiment_id))
    if experiment is None:
        raise not_found("experiment", experiment_id)
    return experiment


def get_version(db: Session, experiment: Experiment, version: int | None = None) -> ExperimentVersion:
    """Version `version` of the experiment (the latest when None), or 404."""
    number = experiment.latest_version if version is None else version
    row = db.scalar(
        select(ExperimentVersion).where(
            ExperimentVersion.experiment_id == experiment.id, ExperimentVersion.version == number
        )
    )
    if row is None:
        raise not_found(f"experiment {experiment.id} version", number)
    return row


def _insert_experiment(
    db: Session, team_id: int, owner_id: int | None, name: str, description: str, tags: list[str]
) -> Experiment:
    experiment = Experiment(
        team_id=team_id, name=name, description=description, tags=tags, owner_id=owner_id, latest_version=1
    )
    try:
        with db.begin_nested():
            db.add(experiment)
            db.flush()
    except IntegrityError:
        raise _name_taken(name) from None
    return experiment


def _insert_version(
    db: Session,
    experiment: Experiment,
    number: int,
    spec: ExperimentSpec,
    note: str,
    created_by_id: int | None,
) -> ExperimentVersion:
    version = ExperimentVersion(
        experiment_id=experiment.id,
        version=number,
        spec_version=spec.spec_version,
        spec=stored_form(spec),
        note=note,
        created_by_id=created_by_id,
    )
    db.add(version)
    db.flush()
    return version


def create_experiment(db: Session, team_id: int, user_id: int, body: ExperimentCreate) -> ExperimentDetail:
    """A new experiment and its version 1. The spec is checked first: nothing is written on error."""
    spec = parse_spec(body.spec)
    _refuse_unreachable(db, team_id, spec)
    experiment = _insert_experiment(db, team_id, user_id, body.name, body.description, _dedupe(body.tags))
    _insert_version(db, experiment, 1, spec, "", user_id)
    return detail(db, experiment, spec)


def list_experiments(
    db: Session,
    team_id: int,
    *,
    q: str | None = None,
    tag: str | None = None,
    owner_id: int | None = None,
    limit: int = DEFAULT_PAGE,
    offset: int = 0,
) -> ExperimentPage:
    where: list[Any] = [owned_by(Experiment, team_id)]
    if q:
        pattern = "%" + q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        where.append(
            or_(
                Experiment.name.ilike(pattern, escape="\\"),
                Experiment.description.ilike(pattern, escape="\\"),
            )
        )
    if tag:
        where.append(Experiment.tags.contains([tag]))
    if owner_id is not None:
        where.append(Experiment.owner_id == owner_id)
    total = db.scalar(select(func.count()).select_from(Experiment).where(*where)) or 0
    page = db.scalars(
        select(Experiment)
        .where(*where)
        .order_by(Experiment.updated_at.desc(), Experiment.id.desc())
        .limit(limit)
        .offset(offset)
    ).all()
    return ExperimentPage(items=summarize(db, page), total=total, limit=limit, offset=offset)


def experiment_detail(db: Session, team_id: int, experiment_id: int) -> ExperimentDetail:
    experiment = get_experiment(db, team_id, experiment_id)
    latest = get_version(db, experiment)
    return detail(db, experiment, ExperimentSpec.model_validate(latest.spec))


def list_versions(db: Session, team_id: int, experiment_id: int) -> list[VersionSummary]:
    experiment = get_experiment(db, team_id, experiment_id)
    rows = db.scalars(
        select(ExperimentVersion)
        .where(ExperimentVersion.experiment_id == experiment.id)
        .order_by(ExperimentVersion.version.desc())
    )
    return [_version_summary(v) for v in rows]


def version_detail(db: Session, team_id: int, experiment_id: int, version: int) -> VersionDetail:
    return _version_detail(get_version(db, get_experiment(db, team_id, experiment_id), version))


def add_version(
    db: Session, team_id: int, user_id: int, experiment_id: int, body: VersionCreate
) -> VersionDetail:
    """Version n+1 with a new spec. The row lock makes concurrent saves take turns."""
    spec = parse_spec(body.spec)
    _refuse_unreachable(db, team_id, spec)
    experiment = get_experiment(db, team_id, experiment_id, lock="update")
    number = experiment.latest_version + 1
    version = _insert_version(db, experiment, number, spec, body.note, user_id)
    experiment.latest_version = number
    experiment.updated_at = utcnow()
    db.flush()
    return _version_detail(version)


def update_experiment(
    db: Session, team_id: int, experiment_id: int, patch: ExperimentPatch
) -> ExperimentDetail:
    experiment = get_experiment(db, team_id, experiment_id, lock="update")
    changes = patch.model_dump(exclude_unset=True, exclude_none=True)
    if "tags" in changes:
        changes["tags"] = _dedupe(changes["tags"])
    for field, value in changes.items():
        setattr(experiment, field, value)
    try:
        with db.begin_nested():
            db.flush()
    except IntegrityError:
        raise _name_taken(str(changes.get("name"))) from None
    return experiment_detail(db, team_id, experiment_id)


def clone_experiment(
    db: Session, team_id: int, user_id: int, experiment_id: int, name: str
) -> ExperimentDetail:
    """A new experiment owned by the caller whose version 1 is the source's latest spec."""
    source = get_experiment(db, team_id, experiment_id)
    latest = get_version(db, source)
    spec = ExperimentSpec.model_validate(latest.spec)
    clone = _insert_experiment(db, team_id, user_id, name, source.description, list(source.tags))
    note = f"cloned from experiment {source.id} ({source.name}) version {latest.version}"
    _insert_version(db, clone, 1, spec, note, user_id)
    return detail(db, clone, spec)


def delete_experiment(db: Session, team_id: int, experiment_id: int) -> None:
    """Delete an experiment with its versions, launches, runs and samples (ON DELETE CASCADE).

    Refused while a run of it is queued or executing. The row lock orders this against a
    launch, which holds a share lock on the experiment while it inserts runs.
    """
    experiment = get_experiment(db, team_id, experiment_id, lock="update")
    busy = db.execute(
        select(Run.state, func.count())
        .where(Run.experiment_id == experiment.id, Run.state.in_(IN_PROGRESS_STATES))
        .group_by(Run.state)
    ).all()
    if busy:
        states = ", ".join(f"{count} {RunState(state).value}" for state, count in busy)
        raise conflict(f"experiment {experiment.id} still has runs ({states}); cancel them first")
    db.delete(experiment)
    db.flush()


def _version_summary(v: ExperimentVersion) -> VersionSummary:
    return VersionSummary(
        version=v.version,
        spec_version=v.spec_version,
        note=v.note,
        created_at=v.created_at,
        created_by_id=v.created_by_id,
    )


def _version_detail(v: ExperimentVersion) -> VersionDetail:
    return VersionDetail(
        **_version_summary(v).model_dump(),
        experiment_id=v.experiment_id,
        spec=ExperimentSpec.model_validate(v.spec),
    )


def _refuse_unreachable(db: Session, team_id: int, spec: ExperimentSpec) -> None:
    """A spec names no address that no lab of the team may reach (422 naming each); the launch
    checks it again against its lab."""
    boundary.refuse_outside(boundary.sweep_problems(spec, boundary.team_boundary(db, team_id)))


def _dedupe(tags: list[str]) -> list[str]:
    return list(dict.fromkeys(tags))
