"""Pooled connections on a real PostgreSQL (backend/db.py): one idle past PING_AFTER_IDLE_S is
pinged before use and replaced if the server dropped it; one just used is handed out as it is."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine, create_engine, text

from backend import db


@pytest.fixture
def engine(fresh_database: str) -> Iterator[Engine]:
    engine = create_engine(fresh_database, pool_size=1, max_overflow=0)
    db._ping_when_idle(engine)
    yield engine
    engine.dispose()


def _backend_pid(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())


def _terminate(fresh_database: str, pid: int) -> None:
    dsn = fresh_database.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_a_connection_the_server_dropped_is_replaced_before_use(engine: Engine, fresh_database: str) -> None:
    dropped = _backend_pid(engine)
    _terminate(fresh_database, dropped)  # as a PostgreSQL restart would
    time.sleep(db.PING_AFTER_IDLE_S + 0.2)
    assert _backend_pid(engine) != dropped  # no error: the ping found it gone, the pool reconnected


def test_only_a_connection_idle_for_a_while_is_pinged(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    pings: list[Any] = []
    real_ping = engine.dialect.do_ping
    monkeypatch.setattr(engine.dialect, "do_ping", lambda conn: pings.append(conn) or real_ping(conn))
    first = _backend_pid(engine)
    for _ in range(5):
        assert _backend_pid(engine) == first
    assert pings == []  # each checkout came right after the last checkin
    time.sleep(db.PING_AFTER_IDLE_S + 0.2)
    assert _backend_pid(engine) == first
    assert len(pings) == 1
