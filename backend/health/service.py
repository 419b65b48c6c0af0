"""Liveness of what the API depends on: PostgreSQL and Redis, each with a short timeout.

Each check opens its own short-lived connection with tight timeouts (rather than borrowing
from the request pool) so a hung server makes the check fail fast instead of hanging it. That
costs: a PostgreSQL backend forked and a SCRAM handshake, ~4.5 ms of the API's CPU per check
(docs/benchmarks.md, "API capacity"), on a route that needs no credentials. So an answer is
reused for FRESH_FOR_S and requests that come during a check wait for it: however often anyone
asks, each API process checks at most twice a second.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import psycopg
import redis
from sqlalchemy.engine import make_url

from backend.health.schemas import Check
from backend.settings import get_settings

TIMEOUT_SECONDS = 2
FRESH_FOR_S = 0.5

_lock = threading.Lock()
# When the last answer was made, for which PostgreSQL and Redis, and what it was.
_last: tuple[float, tuple[str, str], dict[str, Check]] | None = None


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


def current_checks() -> dict[str, Check]:
    """The checks' answer, made at most FRESH_FOR_S ago (against the PostgreSQL and Redis the
    settings name now)."""
    global _last
    settings = get_settings()
    target = (settings.database_url, settings.redis_url)
    with _lock:
        if _last is not None and _last[1] == target and time.monotonic() - _last[0] < FRESH_FOR_S:
            return _last[2]
        checks = run_checks()
        _last = (time.monotonic(), target, checks)
        return checks
