"""Liveness of what the API depends on: PostgreSQL and Redis, each with a short timeout.

Each check opens its own short-lived connection with tight timeouts (rather than borrowing
from the request pool) so a hung server makes the check fail fast instead of hanging it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import psycopg
import redis
from sqlalchemy.engine import make_url

from backend.health.schemas import Check
from backend.settings import get_settings

TIMEOUT_SECONDS = 2


def _timed(probe: Callable[[], None]) -> Check:
    started = time.perf_counter()
    try:
        probe()
    except Exception as exc:  # any failure is the answer, not a crash of the health route
        return Check(ok=False, latency_ms=_ms_since(started), error=f"{type(exc).__name__}: {exc}".strip())
    return Check(ok=True, latency_ms=_ms_since(started))


def _ms_since(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


def _ping_postgres() -> None:
    url = make_url(get_settings().database_url).set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    with psycopg.connect(
        conninfo, connect_timeout=TIMEOUT_SECONDS, options=f"-c statement_timeout={TIMEOUT_SECONDS * 1000}"
    ) as conn:
        conn.execute("SELECT 1").fetchone()


def _ping_redis() -> None:
    client = redis.Redis.from_url(
        get_settings().redis_url, socket_connect_timeout=TIMEOUT_SECONDS, socket_timeout=TIMEOUT_SECONDS
    )
    try:
        client.ping()
    finally:
        client.close()


def run_checks() -> dict[str, Check]:
    return {"postgres": _timed(_ping_postgres), "redis": _timed(_ping_redis)}
