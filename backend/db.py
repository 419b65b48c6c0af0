"""Engine and session factory. Sync SQLAlchemy 2 + psycopg 3, shared by API and worker.

Services only flush(); whoever opened the session (the request dependency or a Celery task)
commits on success and rolls back on error.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import Session, SessionTransaction, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry

from backend.settings import get_settings

# A pooled connection idle longer than this is pinged before use (a round trip); one checked in
# less than this ago was just used and is handed out as it is.
PING_AFTER_IDLE_S = 1.0


@lru_cache
def get_engine() -> Engine:
    engine = create_engine(
        get_settings().database_url,
        # Kept open: as many as requests run at once in practice (20 clients measured in
        # bench/api_capacity.py). With 10, every request beyond the tenth opened and closed a
        # connection of its own (a PostgreSQL backend forked per request).
        pool_size=20,
        max_overflow=10,
        # A PostgreSQL that is down or frozen fails a request in seconds (503), not never.
        connect_args={"connect_timeout": 5},
    )
    _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """pool_pre_ping, but only for connections idle over PING_AFTER_IDLE_S: under load a connection
    goes back and out within milliseconds, and a ping per checkout was one round trip of each
    request's four or five (docs/benchmarks.md, "API capacity"). A PostgreSQL restart takes longer
    than that, so a connection it broke has been idle since, and is pinged, found dead and replaced
    (DisconnectionError: the pool retries with a fresh one), as pool_pre_ping would."""

    @event.listens_for(engine, "checkin")
    def checked_in(dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        record.info["checked_in_at"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def checked_out(dbapi_connection: Any, record: ConnectionPoolEntry, proxy: Any) -> None:
        checked_in_at = record.info.get("checked_in_at")
        if checked_in_at is None or time.monotonic() - checked_in_at < PING_AFTER_IDLE_S:
            return  # new (just connected) or just used
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError(f"pooled connection is gone: {exc}") from exc


@lru_cache
def get_sessionmaker() -> sessionmaker[Session]:
    return sessionmaker(bind=get_engine(), expire_on_commit=False)


def reset_engine() -> None:
    """Drop the cached engine (after a fork, or when tests switch databases)."""
    if get_engine.cache_info().currsize:
        get_engine().dispose(close=False)
    get_engine.cache_clear()
    get_sessionmaker.cache_clear()


@contextmanager
def session_scope() -> Iterator[Session]:
    """A unit of work outside a request: commit on success, roll back on error."""
    session = get_sessionmaker()()
    try:
        yield session
    except BaseException:
        finish_session(session, ok=False)
        raise
    finish_session(session, ok=True)


def finish_session(session: Session, ok: bool) -> None:
    """Commit (ok) or roll back, then close: the end of a unit of work."""
    try:
        if ok:
            session.commit()
        else:
            session.rollback()
    finally:
        session.close()


def after_outer_commit(session: Session, action: Callable[[], None]) -> None:
    """Call `action` once the session's outermost transaction has committed; never if it rolls
    back. (SQLAlchemy's after_commit fires for a savepoint's commit too, with the transaction
    still open: an announcement made then could announce what is rolled back later.)"""
    pending = [True]  # listeners cannot be removed while their event runs: they go quiet instead

    def committed(committing: Session) -> None:
        if pending and not committing.in_nested_transaction():
            pending.clear()
            action()

    def rolled_back(_session: Session, previous: SessionTransaction) -> None:
        if previous.parent is None:
            pending.clear()

    event.listen(session, "after_commit", committed)
    event.listen(session, "after_soft_rollback", rolled_back)
