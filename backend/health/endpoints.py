"""/health: no auth; 200 when PostgreSQL and Redis answer, 503 naming the failing check."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from backend.api.storable import StorableRoute
from backend.health.schemas import Health
from backend.health.service import current_checks

router = APIRouter(tags=["health"], route_class=StorableRoute)


@router.get(
    "/health",
    response_model=Health,
    responses={503: {"model": Health, "description": "a dependency is down"}},
)
def get_health() -> JSONResponse:
    checks = current_checks()
    healthy = all(check.ok for check in checks.values())
    body = Health(status="ok" if healthy else "failing", checks=checks)
    return JSONResponse(body.model_dump(), status_code=200 if healthy else 503)
