"""/api/v1: every domain's router, assembled in one place."""

from fastapi import APIRouter

from backend.auth.endpoints import router as auth_router
from backend.experiments.endpoints import router as experiments_router
from backend.fleet.endpoints import router as fleet_router
from backend.health.endpoints import router as health_router
from backend.labs.endpoints import router as labs_router
from backend.runs.analysis_endpoints import router as analysis_router
from backend.runs.endpoints import router as runs_router
from backend.teams.endpoints import router as teams_router
from backend.templates.endpoints import router as templates_router

api_v1 = APIRouter()
for router in (health_router, auth_router, teams_router, labs_router, experiments_router, runs_router):
    api_v1.include_router(router)
api_v1.include_router(fleet_router)
api_v1.include_router(templates_router)
api_v1.include_router(analysis_router)
