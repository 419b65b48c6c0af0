"""Shared fixtures: real PostgreSQL and Redis, the schema built by Alembic, isolated tests.

- One throwaway PostgreSQL + Redis per pytest process (per xdist worker), under a temp dir.
- `alembic upgrade head` builds a template database once; so migrations are always tested.
- `db`: a session inside a transaction that is rolled back after the test (fast; the default).
- `client`: FastAPI TestClient whose requests use that same rolled-back session.
- `fresh_database`: a database of its own, cloned from the template and committed to for real,
  for tests where another process (a Celery worker, the API server) must see the data.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis as redis_lib
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine
from sqlalchemy.orm import Session

from dev.services import Postgres, Redis, throwaway_services

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DB = "haplab_template"


@pytest.fixture(scope="session")
def services() -> Iterator[tuple[Postgres, Redis]]:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with (
        tempfile.TemporaryDirectory(prefix=f"haplab-test-{worker}-") as tmp,
        throwaway_services(Path(tmp)) as (pg, redis),
    ):
        yield pg, redis


@pytest.fixture(scope="session")
def pg(services: tuple[Postgres, Redis]) -> Postgres:
    return services[0]


@pytest.fixture(scope="session")
def redis_server(services: tuple[Postgres, Redis]) -> Redis:
    return services[1]


def alembic_config(url: str) -> Config:
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.attributes["url"] = url
    cfg.attributes["configure_logger"] = False
    return cfg


@pytest.fixture(scope="session")
def template_db(pg: Postgres) -> str:
    pg.create_database(TEMPLATE_DB)
    command.upgrade(alembic_config(pg.url_for(TEMPLATE_DB)), "head")
    return TEMPLATE_DB


def _point_settings_at(database_url: str, redis_url: str) -> None:
    """Make backend.settings (and everything cached on it) use these servers."""
    from backend.db import reset_engine
    from backend.settings import get_settings

    os.environ["HAPLAB_ENVIRONMENT"] = "test"
    os.environ["HAPLAB_DATABASE_URL"] = database_url
    os.environ["HAPLAB_REDIS_URL"] = redis_url
    get_settings.cache_clear()
    reset_engine()


@pytest.fixture(scope="session")
def test_db_url(pg: Postgres, redis_server: Redis, template_db: str) -> str:
    pg.create_database("haplab_test", template=template_db)
    url = pg.url_for("haplab_test")
    _point_settings_at(url, redis_server.url)
    return url


@pytest.fixture(scope="session")
def engine(test_db_url: str) -> Iterator[Engine]:
    eng = create_engine(test_db_url)
    yield eng
    eng.dispose()


@pytest.fixture
def db(engine: Engine, redis_server: Redis, test_db_url: str) -> Iterator[Session]:
    """A session whose work is rolled back after the test; commits become savepoints."""
    _point_settings_at(test_db_url, redis_server.url)
    conn = engine.connect()
    outer = conn.begin()
    session = Session(bind=conn, join_transaction_mode="create_savepoint", expire_on_commit=False)
    try:
        yield session
    finally:
        session.close()
        outer.rollback()
        conn.close()


@pytest.fixture
def redis_client(redis_server: Redis) -> Iterator[redis_lib.Redis]:
    client = redis_lib.Redis.from_url(redis_server.url)
    client.flushdb()
    yield client
    client.flushdb()
    client.close()


@pytest.fixture
def client(db: Session) -> Iterator[object]:
    """TestClient over the real app; every request shares the test's rolled-back session."""
    from fastapi.testclient import TestClient

    from backend.api.session import request_db
    from backend.app import create_app

    app = create_app()

    def _db() -> Iterator[Session]:
        # Mirror request_db: commit on success (a savepoint here), roll back on error.
        try:
            yield db
            db.commit()
        except BaseException:
            db.rollback()
            raise

    app.dependency_overrides[request_db] = _db
    # Every TestClient request comes from the address "testclient": start each test with no
    # failed sign-ins counted against it (they live in Redis, shared by this worker's tests).
    from backend.messaging import clients, keys

    redis = clients.sync_redis()
    for key in redis.scan_iter(keys.login_failures_key("client", "*")):
        redis.delete(key)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def fresh_database(pg: Postgres, redis_server: Redis, template_db: str) -> Iterator[str]:
    """A database of this test's own, committed to for real; dropped afterwards. Its ids start
    again at 1, so the Redis of this xdist worker starts empty too: a key another test's database
    left under an id (an agent's revocation mark, its queued commands) would otherwise reach the
    agent that gets that id here."""
    name = f"haplab_{uuid.uuid4().hex[:12]}"
    with redis_lib.Redis.from_url(redis_server.url) as redis_client:
        redis_client.flushdb()
    pg.create_database(name, template=template_db)
    url = pg.url_for(name)
    _point_settings_at(url, redis_server.url)
    try:
        yield url
    finally:
        from backend.db import reset_engine

        reset_engine()
        pg.drop_database(name)


@pytest.fixture
def start_worker(
    fresh_database: str, redis_server: Redis, redis_client: object, tmp_path: Path
) -> Iterator[object]:
    """Start real Celery workers on demand: `start_worker(agent_wait=1, lease=3, beat=False)`.

    They run against the test's own committed database and the test Redis, with short waits.
    Their logs are printed at teardown (pytest shows them when the test failed).
    """
    from live_processes import WorkerProcess, start_worker_process, stop_workers

    from backend.queue import reset_celery_client

    reset_celery_client()  # kicks sent by the test go to this Redis
    started: list[WorkerProcess] = []

    def start(**options: object) -> WorkerProcess:
        worker = start_worker_process(
            database_url=fresh_database,
            redis_url=redis_server.url,
            log_dir=tmp_path,
            index=len(started),
            **options,  # type: ignore[arg-type]
        )
        started.append(worker)
        return worker

    yield start

    stop_workers(started)
    for worker in started:
        print(f"===== log of worker {worker.nodename} (pid {worker.pid}) =====\n{worker.log()}")


@pytest.fixture
def live_api(fresh_database: str, redis_server: Redis, tmp_path: Path) -> Iterator[object]:
    """A real uvicorn API server on the test's own database (for scripts and browsers)."""
    from live_processes import start_api_server

    from dev.services import free_port

    server = start_api_server(
        database_url=fresh_database, redis_url=redis_server.url, log_dir=tmp_path, port=free_port()
    )
    yield server
    server.stop()
    print(f"===== API server log =====\n{server.log()}")


@pytest.fixture
def lab_admin_token(fresh_database: str) -> str:
    """An admin API token in the test's own database (for labs and their enrollment tokens)."""
    from backend.bootstrap import ensure_admin
    from backend.db import session_scope
    from backend.teams.tokens import create_api_token

    with session_scope() as db:
        user, team = ensure_admin(db, "lab-admin@example.test", "a-long-password", "Lab team")
        _, secret = create_api_token(db, user.id, team.id, "local lab", "admin")
    return secret


@contextlib.contextmanager
def _test_lab(live_api: object, lab_admin_token: str, injectors: int) -> Iterator[object]:
    """A local lab of `injectors` injectors online in `live_api`, its agents' logs printed after."""
    import shutil

    from dev.lab import running_local_lab

    # A short directory: HAProxy's stats socket lives under it, and socket paths max out at 107.
    root = Path(tempfile.mkdtemp(prefix="hl-lab-"))
    root.chmod(0o711)  # HAProxy's unprivileged user traverses to the proxy agent's directory
    api_url: str = live_api.url  # type: ignore[attr-defined]
    try:
        # 60 s to come online: agents import for a few seconds, more on a busy two-core machine.
        with running_local_lab(root, api_url, lab_admin_token, online_timeout=60, injectors=injectors) as lab:
            yield lab
    finally:
        for log in sorted((root / "log").glob("*.log")):
            print(f"===== {log.name} =====\n{log.read_text(errors='replace')[-20000:]}")
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def local_lab(request: pytest.FixtureRequest, live_api: object, lab_admin_token: str) -> Iterator[object]:
    """The local lab (dev/lab.py) of three agents, online in `live_api`; torn down afterwards.

    Yields the `dev.lab.LocalLab`: api_url, token, lab_id, addresses, hosts, all_hosts,
    shape_link(). Network namespaces as root, else loopback. A run also needs a worker:
    `start_worker()`. More injectors: `@pytest.mark.parametrize("local_lab", [2], indirect=True)`,
    or the `two_injector_lab` fixture.
    """
    with _test_lab(live_api, lab_admin_token, getattr(request, "param", 1)) as lab:
        yield lab


@pytest.fixture
def two_injector_lab(live_api: object, lab_admin_token: str) -> Iterator[object]:
    """The local lab with two injectors (injector-1, injector-2: each its own agent, namespace and
    veth to the proxy), a proxy and a target, online in `live_api`: a run on it loads from both.
    Like `local_lab`, a run also needs `start_worker()`."""
    with _test_lab(live_api, lab_admin_token, 2) as lab:
        yield lab
