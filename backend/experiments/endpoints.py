"""/experiments: versioned experiment specs, the live validator, and launching sweeps."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response, status
from fastapi.responses import JSONResponse

from backend.api.deps import EditorDep, SessionDep, ViewerDep
from backend.api.storable import INT4_MAX, StorableRoute
from backend.errors import ErrorBody, documented
from backend.experiments import importing, launch, service, validation
from backend.experiments.schemas import (
    CloneRequest,
    ExperimentCreate,
    ExperimentDetail,
    ExperimentPage,
    ExperimentPatch,
    ImportAnswer,
    ImportRequest,
    LaunchRequest,
    ValidateRequest,
    ValidationRefused,
    ValidationReport,
    VersionCreate,
    VersionDetail,
    VersionSummary,
)
from backend.labs import boundary
from backend.labs.service import get_lab
from backend.runs.queued_runs import queue_full_response
from backend.runs.schemas import RunLaunched
from contract.lab_boundary import Boundary

router = APIRouter(tags=["experiments"], route_class=StorableRoute)


@router.post("/experiments", status_code=status.HTTP_201_CREATED)
def create_experiment(db: SessionDep, who: EditorDep, body: ExperimentCreate) -> ExperimentDetail:
    return service.create_experiment(db, who.team_id, who.user_id, body)


@router.get("/experiments")
def list_experiments(
    db: SessionDep,
    who: ViewerDep,
    q: Annotated[str | None, Query(max_length=200, description="Words in the name or description.")] = None,
    tag: Annotated[str | None, Query(max_length=64)] = None,
    owner_id: int | None = None,
    limit: Annotated[int, Query(ge=1, le=service.MAX_PAGE)] = service.DEFAULT_PAGE,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> ExperimentPage:
    return service.list_experiments(
        db, who.team_id, q=q, tag=tag, owner_id=owner_id, limit=limit, offset=offset
    )


_REFUSED: dict[int | str, dict[str, Any]] = {
    422: {
        "model": ValidationRefused | ErrorBody,
        "description": "The spec is not valid: its report and its field errors (or, when the "
        "request itself is malformed, the plain error shape).",
    }
}


def _answer(report: ValidationReport) -> ValidationReport | JSONResponse:
    """200 with the report when the spec is valid, else 422 with the report and its field errors."""
    if report.valid:
        return report
    return JSONResponse(validation.refusal(report).model_dump(mode="json"), status_code=422)


def _boundary_for(db: SessionDep, team_id: int, lab_id: int | None) -> Boundary:
    if lab_id is None:
        return boundary.team_boundary(db, team_id)
    return boundary.lab_boundary(db, get_lab(db, team_id, lab_id))  # another team's lab: 404


@router.post("/experiments/validate", responses=_REFUSED)
def validate_spec(db: SessionDep, who: ViewerDep, body: ValidateRequest) -> ValidationReport:
    """Check a spec as the designer edits it: 200 when valid, else 422 with the same report."""
    lab_boundary = _boundary_for(db, who.team_id, body.lab_id)
    return _answer(validation.validate_document(body.spec, lab_boundary))  # type: ignore[return-value]


@router.post("/experiments/import", responses=documented(422))
def import_haproxy_cfg(db: SessionDep, who: ViewerDep, body: ImportRequest) -> ImportAnswer:
    """Turn a production haproxy.cfg into an experiment spec and a report of every line's fate
    (modelled, kept raw, mapped onto the lab, refused with why). Creates nothing: save the spec
    with POST /experiments."""
    return importing.import_document(body, _boundary_for(db, who.team_id, body.lab_id))


@router.get("/experiments/{experiment_id}")
def get_experiment(db: SessionDep, who: ViewerDep, experiment_id: int) -> ExperimentDetail:
    return service.experiment_detail(db, who.team_id, experiment_id)


@router.patch("/experiments/{experiment_id}")
def update_experiment(
    db: SessionDep, who: EditorDep, experiment_id: int, body: ExperimentPatch
) -> ExperimentDetail:
    return service.update_experiment(db, who.team_id, experiment_id, body)


@router.delete("/experiments/{experiment_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_experiment(db: SessionDep, who: EditorDep, experiment_id: int) -> Response:
    service.delete_experiment(db, who.team_id, experiment_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/experiments/{experiment_id}/versions")
def list_versions(db: SessionDep, who: ViewerDep, experiment_id: int) -> list[VersionSummary]:
    return service.list_versions(db, who.team_id, experiment_id)


@router.post("/experiments/{experiment_id}/versions", status_code=status.HTTP_201_CREATED)
def create_version(db: SessionDep, who: EditorDep, experiment_id: int, body: VersionCreate) -> VersionDetail:
    return service.add_version(db, who.team_id, who.user_id, experiment_id, body)


@router.get("/experiments/{experiment_id}/versions/{version}")
def get_version(
    db: SessionDep, who: ViewerDep, experiment_id: int, version: Annotated[int, Path(ge=1, le=INT4_MAX)]
) -> VersionDetail:
    return service.version_detail(db, who.team_id, experiment_id, version)


@router.post("/experiments/{experiment_id}/clone", status_code=status.HTTP_201_CREATED)
def clone_experiment(
    db: SessionDep, who: EditorDep, experiment_id: int, body: CloneRequest
) -> ExperimentDetail:
    return service.clone_experiment(db, who.team_id, who.user_id, experiment_id, body.name)


@router.post("/experiments/{experiment_id}/validate", responses=_REFUSED)
def validate_version(
    db: SessionDep,
    who: ViewerDep,
    experiment_id: int,
    version: Annotated[int | None, Query(ge=1, le=INT4_MAX, description="The latest when empty.")] = None,
    lab_id: Annotated[int | None, Query(description="Check addresses against this lab's boundary.")] = None,
) -> ValidationReport:
    """Check a stored version as it is now: the renderer and haproxy may have changed since."""
    stored = service.get_version(db, service.get_experiment(db, who.team_id, experiment_id), version)
    lab_boundary = _boundary_for(db, who.team_id, lab_id)
    return _answer(validation.validate_document(stored.spec, lab_boundary))  # type: ignore[return-value]


@router.post(
    "/experiments/{experiment_id}/launch",
    status_code=status.HTTP_201_CREATED,
    responses=queue_full_response(),
)
def launch_experiment(db: SessionDep, who: EditorDep, experiment_id: int, body: LaunchRequest) -> RunLaunched:
    """Queue every run of the version's sweep on the lab, once each config passes `haproxy -c`."""
    return launch.launch_experiment(db, who.team_id, who.user_id, experiment_id, body)
