"""The FastAPI application: /api/v1 plus the built frontend at /."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response

from backend.api.constants import add_constants
from backend.api.request_ids import RequestIdMiddleware
from backend.api.security_headers import CSP, SecurityHeadersMiddleware, ui_policy_of
from backend.api.v1 import include_api_v1
from backend.errors import documented, install_error_handlers
from backend.prometheus.endpoints import router as prometheus_router
from backend.settings import get_settings

API_VERSION = "1.0.0"
DOCS_URL = "/api/v1/docs"


def _operation_id(route: APIRoute) -> str:
    # "{tag}-{name}" reads well in the generated client: experiments-launch_experiment.
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def create_app() -> FastAPI:
    app = FastAPI(
        title="haplab",
        version=API_VERSION,
        description="Design, run and compare HAProxy benchmark experiments.",
        generate_unique_id_function=_operation_id,
        openapi_url="/api/v1/openapi.json",
        docs_url=DOCS_URL,
        redoc_url=None,
    )
    install_error_handlers(app)
    app.add_middleware(RequestIdMiddleware)
    # Outermost: the request-id middleware's own 500 carries the headers too.
    app.add_middleware(SecurityHeadersMiddleware, frame_only_paths=frozenset({DOCS_URL}))
    include_api_v1(app)
    app.include_router(prometheus_router, responses=documented(401, 403, 500, 503))
    add_constants(app)
    _serve_frontend(app, get_settings().frontend_dist)
    return app


class HashedAssets(StaticFiles):
    """Vite's build output: every file name holds a hash of its content, so a browser may keep it
    for a year without asking again; a new build has new names, found through index.html."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


def _serve_frontend(app: FastAPI, dist: Path) -> None:
    """Serve the built single-page app; unknown non-API paths fall back to index.html."""
    index = dist / "index.html"
    if not index.exists():
        return
    if (dist / "assets").is_dir():
        app.mount("/assets", HashedAssets(directory=dist / "assets"), name="assets")
    # index.html (~1 KB) and the other unhashed files are fetched again on every load, so a new
    # build is picked up at once.
    revalidate = {"Cache-Control": "no-cache"}

    @app.get("/{path:path}", include_in_schema=False)
    def spa(path: str) -> FileResponse:
        if path.startswith("api/"):
            raise HTTPException(404, f"no API route /{path}")
        candidate = (dist / path).resolve()
        if (
            path
            and candidate.is_file()
            and dist.resolve() in candidate.parents
            and candidate != index.resolve()
        ):
            return FileResponse(candidate, headers=revalidate)
        return FileResponse(index, headers={**revalidate, CSP: ui_policy_of(index)})
