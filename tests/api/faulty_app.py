"""The real app plus one route that fails unexpectedly: mounted only by tests (uvicorn factory)."""

from __future__ import annotations

from fastapi import FastAPI

from backend.app import create_app as create_real_app

BOOM_PATH = "/api/v1/test-only/boom"


def create_app() -> FastAPI:
    app = create_real_app()

    def boom() -> None:
        raise RuntimeError("an unexpected failure, as a bug would raise")

    app.add_api_route(BOOM_PATH, boom, include_in_schema=False)
    app.router.routes.insert(0, app.router.routes.pop())  # before the single-page app's catch-all
    return app
