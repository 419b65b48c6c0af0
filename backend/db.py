"""Engine and session factory. Sync SQLAlchemy 2 + psycopg 3, shared by API and worker.

Services only flush(); whoever opened the session (the request dependency or a Celery task)
commits on success and rolls back on error.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from sqlalchemy import Engine, create_engine
from sqlalchemy.orm import Session, sessionmaker

from backend.settings import get_settings


@lru_cache
def get_engine() -> Engine:
    return create_engine(
        get_settings().database_url,
        pool_pre_ping=True,
        # Kept open: as many as requests run at once in practice (20 clients measured in
        # bench/api_capacity.py). With 10, every request beyond the tenth opened and closed a
        # connection of its own (a PostgreSQL backend forked per request).
        pool_size=20,
        max_overflow=10,
        # A PostgreSQL that is down or frozen fails a request in seconds (503), not never.
        connect_args={"connect_timeout": 5},
    )


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
