"""/metrics: the team's figures for Prometheus (scrape with a viewer API token as bearer)."""

from __future__ import annotations

from fastapi import APIRouter, Response
from prometheus_client import CONTENT_TYPE_LATEST

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.prometheus.collector import exposition

router = APIRouter(tags=["observability"], route_class=StorableRoute)


@router.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {"schema": {"type": "string"}}}}},
)
def prometheus_metrics(db: SessionDep, who: ViewerDep) -> Response:
    """The team's fleet health, runs and live runs' per-second figures, in Prometheus' text format."""
    return Response(content=exposition(db, who.team_id), media_type=CONTENT_TYPE_LATEST)
