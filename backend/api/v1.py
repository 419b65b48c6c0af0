"""/api/v1: every domain's router, assembled in one place, with the errors each can answer.

Every route answers its errors in the one shape of backend/errors.py; the statuses a domain's
routes can return are documented here so the OpenAPI is the whole contract (schemathesis holds
the server to it: tests/api/test_openapi_conformance.py). Every router uses StorableRoute
(backend/api/storable.py), so unstorable input is a 422 everywhere.
"""

from fastapi import APIRouter, FastAPI

from backend.auth.endpoints import router as auth_router
from backend.errors import documented
from backend.experiments.endpoints import router as experiments_router
from backend.fleet.endpoints import router as fleet_router
from backend.health.endpoints import router as health_router
from backend.labs.endpoints import router as labs_router
from backend.metric_registry.endpoints import router as metric_registry_router
from backend.runs.analysis.endpoints import router as analysis_router
from backend.runs.baselines.endpoints import router as baselines_router
from backend.runs.changes.endpoints import router as changes_router
from backend.runs.compare.endpoints import router as runs_compare_router
from backend.runs.endpoints import router as runs_router
from backend.runs.live.endpoints import router as runs_live_router
from backend.runs.notes.endpoints import router as notes_router
from backend.runs.samples.endpoints import router as runs_samples_router
from backend.runs.timers.endpoints import router as runs_timers_router
from backend.runs.trends.endpoints import router as runs_trends_router
from backend.schedules.endpoints import router as schedules_router
from backend.teams.endpoints import router as teams_router
from backend.templates.endpoints import router as templates_router
from backend.webhooks.endpoints import router as webhooks_router

# What a signed-in member's request can meet anywhere: a body that is not JSON, no session, a
# role too low, an object of no team of theirs, input that does not validate, the unexpected,
# and PostgreSQL or Redis briefly away (503, while `make up` or the platform restarts it).
_MEMBER = (400, 401, 403, 404, 422, 500, 503)

API_V1_ROUTERS: tuple[tuple[APIRouter, tuple[int, ...]], ...] = (
    # FastAPI tries a request's path against each route in this order: the most requested first
    # (run pages, the History, agents' messages during a run), each one tried costs CPU.
    # runs' parts before its core: /runs/export.csv would otherwise be read as a run id.
    (runs_compare_router, _MEMBER),
    (runs_samples_router, _MEMBER),
    (runs_timers_router, _MEMBER),
    (runs_live_router, _MEMBER),
    (runs_trends_router, _MEMBER),
    (baselines_router, _MEMBER),
    (changes_router, _MEMBER),
    (notes_router, _MEMBER),
    (runs_router, (409, *_MEMBER)),
    (fleet_router, (409, *_MEMBER)),
    (experiments_router, (409, *_MEMBER)),
    (labs_router, (409, *_MEMBER)),
    (auth_router, (*_MEMBER, 429)),
    (teams_router, (409, *_MEMBER)),
    (schedules_router, _MEMBER),
    (webhooks_router, _MEMBER),
    (health_router, (500,)),
    (templates_router, (401, 500, 503)),  # no parameters, no body
    (metric_registry_router, (401, 500, 503)),
    (analysis_router, _MEMBER),
)


def include_api_v1(app: FastAPI) -> None:
    """Each domain's router straight into the app under /api/v1, not through one /api/v1 router:
    FastAPI matches a request at every level of inclusion (and twice at each), so one level fewer
    is a measurable share of a simple read's CPU (docs/benchmarks.md, "API capacity")."""
    for router, statuses in API_V1_ROUTERS:
        app.include_router(router, prefix="/api/v1", responses=documented(*statuses))
