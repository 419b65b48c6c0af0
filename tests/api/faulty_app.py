"""The real app plus test-only routes: one that fails unexpectedly, and two that write through the
request session (one then refuses), to watch where that session ends. Mounted only by tests
(uvicorn factory)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import APIRouter, FastAPI
from sqlalchemy import text

from backend.api.route_thread import read_only
from backend.api.session import SessionDep
from backend.api.storable import StorableRoute
from backend.app import create_app as create_real_app
from backend.errors import ApiError

if TYPE_CHECKING:
    from live_processes import ApiServer

BOOM_PATH = "/api/v1/test-only/boom"
WRITE_PATH = "/api/v1/test-only/marks"
WRITE_THEN_REFUSE_PATH = "/api/v1/test-only/marks-refused"
READ_ONLY_PATH = "/api/v1/test-only/read-only"
# The table is created by the test that starts this app (tests/api/test_request_session.py).
INSERT_MARK = "INSERT INTO test_only_mark (name) VALUES (:name)"


def create_app() -> FastAPI:
    app = create_real_app()

    def boom() -> None:
        raise RuntimeError("an unexpected failure, as a bug would raise")

    app.add_api_route(BOOM_PATH, boom, include_in_schema=False)
    app.router.routes.insert(0, app.router.routes.pop())  # before the single-page app's catch-all

    writes = APIRouter(route_class=StorableRoute, include_in_schema=False)

    @writes.post(WRITE_PATH)
    def write(name: str, db: SessionDep) -> dict[str, str]:
        db.execute(text(INSERT_MARK), {"name": name})
        return {"written": name}

    @writes.post(WRITE_THEN_REFUSE_PATH)
    def write_then_refuse(name: str, db: SessionDep) -> None:
        db.execute(text(INSERT_MARK), {"name": name})
        raise ApiError(409, "conflict", "refused after writing: nothing may be kept")

    @writes.get(READ_ONLY_PATH)
    @read_only
    def read(db: SessionDep) -> dict[str, bool]:
        db.execute(text("SELECT 1"))
        # In a transaction, a second statement starts after the transaction did; alone, with it.
        alone = db.execute(text("SELECT now() = statement_timestamp()")).scalar_one()
        return {"statement_alone": alone}

    app.include_router(writes)
    app.router.routes.insert(0, app.router.routes.pop())
    return app


def start_faulty_api(database_url: str, redis_url: str, log_dir: Path) -> ApiServer:
    """A real API process (backend.serve) serving this app, for the tests that need its routes."""
    from live_processes import start_api_server

    from dev.services import free_port

    return start_api_server(
        database_url=database_url,
        redis_url=redis_url,
        log_dir=log_dir,
        port=free_port(),
        app="tests.api.faulty_app:create_app",
    )
