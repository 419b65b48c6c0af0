"""A sync route's worker thread does the request's blocking work around the route's own code.

Every hand-off between the event loop and a worker thread costs CPU (and, under load, waiting for
the GIL): with the caller's lookup, the route and the session's end each in a thread of its own,
the hand-offs were a third of a simple read's CPU (docs/benchmarks.md, "API capacity"). So a
dependency whose work needs the database returns a `Deferred` instead (made on the event loop, no
I/O), and the route class (backend/api/storable.py) runs, in the one thread the route runs in:
the deferred work (the caller's lookup and role check: a 401/403 still comes before the route
runs), the route, then the commit (or, when anything raised, the rollback) and close of the
request's session, the deferred work's included. An async route gets its deferred arguments
resolved, and their sessions ended, in one thread (a session it uses after is ended by
`request_db`). A sync route marked `read_only` runs its session's statements in autocommit: no
BEGIN and no COMMIT round trips (a run's page: 2 round trips, not 4).
"""

from __future__ import annotations

import functools
import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from backend.api.session import is_request_session
from backend.db import finish_session

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

_READ_ONLY = "haplab_read_only"


def read_only(endpoint: F) -> F:
    """Mark a sync route that only reads: its request session runs each statement in autocommit.

    A request's transaction costs two round trips of its own (psycopg sends BEGIN before the
    first statement, and the route's end sends COMMIT), as many as a run's page's two queries (the
    caller's lookup, the run). A route that only reads needs no transaction around them; the
    caller's lookup may still record the token's last use (one UPDATE, committed by itself). Only a
    session made by `request_db` is switched (a test's shared session keeps its transaction), and
    only in a sync route. Reads in READ COMMITTED already take a snapshot per statement, so they
    see what they saw before; what changes is that writes (and `now()`) are per statement, so a
    route with more than one write, or one that adds ORM objects, must not be marked."""
    setattr(endpoint, _READ_ONLY, True)
    return endpoint


class Deferred(ABC, Generic[T]):
    """A route argument whose blocking work waits for the route's thread; the route gets `T`.

    `db` is the request session that work uses. It is ended in the thread the work ran in, never
    in a later hand-off: a row lock the work took (an agent's liveness, a token's last use) held
    across hand-offs makes the same caller's other requests wait on it inside worker threads, and
    once they hold every thread the commit that would release it can never run (the API process
    then answers nothing: tests/fleet/test_agent_lookup_under_load.py)."""

    db: Session

    @abstractmethod
    def resolve(self) -> T: ...


def _request_sessions(values: list[Any]) -> list[Session]:
    """The request sessions among a route's arguments and its deferred arguments' (each once)."""
    found: list[Session] = []
    for value in values:
        session = value.db if isinstance(value, Deferred) else value
        if isinstance(session, Session) and is_request_session(session) and session not in found:
            found.append(session)
    return found


def _resolve_and_end(deferred: dict[str, Deferred[Any]]) -> dict[str, Any]:
    """An async route's deferred arguments, resolved and their sessions ended, in one thread."""
    sessions = _request_sessions(list(deferred.values()))
    try:
        resolved = {name: value.resolve() for name, value in deferred.items()}
    except BaseException:
        for session in sessions:
            finish_session(session, ok=False)
        raise
    for session in sessions:
        finish_session(session, ok=True)
    return resolved


def in_route_thread(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """`endpoint` (same signature) with its deferred arguments resolved and, if sync, its request
    sessions ended in its own worker thread."""
    if inspect.iscoroutinefunction(endpoint):

        @functools.wraps(endpoint)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            deferred = {name: value for name, value in kwargs.items() if isinstance(value, Deferred)}
            if deferred:
                kwargs.update(await run_in_threadpool(_resolve_and_end, deferred))
            return await endpoint(*args, **kwargs)

        return run_async

    autocommit = getattr(endpoint, _READ_ONLY, False)

    @functools.wraps(endpoint)
    def run(*args: Any, **kwargs: Any) -> Any:
        sessions = _request_sessions(list(kwargs.values()))
        # Before the first statement (a session a dependency already used keeps its transaction):
        # the connection is taken now, in autocommit, so no BEGIN is sent.
        alone = [s for s in sessions if not s.in_transaction()] if autocommit else []
        try:
            for session in alone:
                session.connection(execution_options=_AUTOCOMMIT)
            resolved = {k: v.resolve() if isinstance(v, Deferred) else v for k, v in kwargs.items()}
            result = endpoint(*args, **resolved)
        except BaseException:
            for session in sessions:
                finish_session(session, ok=False)
            raise
        for session in sessions:
            if session in alone and not (session.new or session.dirty or session.deleted):
                # Every statement committed itself: nothing to flush, no COMMIT to send, and
                # SQLAlchemy's commit (its events, the transaction's bookkeeping) costs CPU.
                session.close()
            else:
                finish_session(session, ok=True)
        return result

    return run


_AUTOCOMMIT = {"isolation_level": "AUTOCOMMIT"}
