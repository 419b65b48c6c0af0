"""A throwaway haplab stack for the page benchmarks: PostgreSQL + Redis (dev/services.py), the
schema from `alembic upgrade head`, a team with an admin, an API token, a lab and an experiment,
and a real uvicorn API serving the built frontend (tests/live_processes.py).

Used by bench/compare_render.py and bench/history_list.py; rows are inserted with SQL where
thousands are needed (the services would take minutes), through the services otherwise.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

EMAIL = "bench@example.test"
PASSWORD = "a-long-bench-password"


@dataclass
class Stack:
    url: str  # the API (and UI) base URL
    dsn: str  # psycopg DSN of the database
    token: str  # an admin API token
    user_id: int  # the admin behind `token`
    team_id: int
    lab_id: int
    experiment_id: int
    version_id: int


def migrate_to_head(database_url: str) -> None:
    """`alembic upgrade head` on a bench's throwaway database."""
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.attributes["url"] = database_url
    cfg.attributes["configure_logger"] = False
    command.upgrade(cfg, "head")


def admin_token(database_url: str) -> str:
    """An admin (EMAIL) of a new team in the bench's database, and an admin API token of theirs."""
    from sqlalchemy import create_engine
    from sqlalchemy.orm import Session

    from backend.bootstrap import ensure_admin
    from backend.teams.tokens import create_api_token

    engine = create_engine(database_url)
    try:
        with Session(engine) as db:
            user, team = ensure_admin(db, EMAIL, PASSWORD, "Bench team")
            _, token = create_api_token(db, user.id, team.id, "bench", "admin")
            db.commit()
    finally:
        engine.dispose()
    return token


@contextlib.contextmanager
def bench_stack() -> Iterator[Stack]:
    from live_processes import start_api_server

    from dev.services import free_port, throwaway_services

    with (
        tempfile.TemporaryDirectory(prefix="haplab-bench-") as tmp,
        throwaway_services(Path(tmp)) as (pg, redis),
    ):
        migrate_to_head(pg.url)
        os.environ.update(HAPLAB_ENVIRONMENT="test", HAPLAB_DATABASE_URL=pg.url, HAPLAB_REDIS_URL=redis.url)
        from backend.db import reset_engine
        from backend.settings import get_settings

        get_settings.cache_clear()  # settings and the engine may be cached from an earlier import
        reset_engine()
        ids = _seed_team()
        server = start_api_server(
            database_url=pg.url, redis_url=redis.url, log_dir=Path(tmp), port=free_port()
        )
        try:
            yield Stack(url=server.url, dsn=pg.url.replace("postgresql+psycopg://", "postgresql://"), **ids)
        finally:
            server.stop()


def _seed_team() -> dict[str, Any]:
    from sqlalchemy import select

    from backend.bootstrap import ensure_admin
    from backend.db import session_scope
    from backend.experiments.schemas import ExperimentCreate
    from backend.experiments.service import create_experiment
    from backend.labs.service import create_lab
    from backend.models import ExperimentVersion
    from backend.teams.tokens import create_api_token
    from contract.examples import seed_000_maxconn_capacity

    with session_scope() as db:
        user, team = ensure_admin(db, EMAIL, PASSWORD, "Bench team")
        _, token = create_api_token(db, user.id, team.id, "bench", "admin")
        lab = create_lab(db, team_id=team.id, name="bench lab")
        spec = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
        spec["sweep"] = {"axes": [{"path": "proxy.global.maxconn", "values": [10 * i for i in range(1, 11)]}]}
        spec["repetitions"] = 5
        body = ExperimentCreate(name="bench maxconn", description="", tags=["bench"], spec=spec)
        experiment = create_experiment(db, team.id, user.id, body)
        version_id = db.scalar(
            select(ExperimentVersion.id).where(ExperimentVersion.experiment_id == experiment.id)
        )
        return {
            "token": token,
            "user_id": user.id,
            "team_id": team.id,
            "lab_id": lab.id,
            "experiment_id": experiment.id,
            "version_id": version_id,
        }
