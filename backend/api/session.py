"""The request's database session as a dependency.

scope="function": the session commits (or rolls back) when the route function returns, BEFORE
the response is sent. With FastAPI's default ("request") the commit would run after the client
already has its 201, so a script's next request could miss what it just created.

Thread hand-offs are a large share of a simple read's CPU (docs/benchmarks.md, "API capacity"),
so the session costs none of its own: it is opened on the event loop (opening does no I/O; a
connection is taken at the first query), and a sync route, already running in a worker thread,
ends it there (backend/api/route_thread.py). Only a session the route did not end (an async
route, or a route that reaches the session only through a dependency) goes to a worker thread at
the end. A sync generator would cost two hand-offs per request.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

import anyio
from fastapi import Depends
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from backend.db import finish_session, get_sessionmaker

_REQUEST_SESSION = "haplab_request_session"


def is_request_session(session: Session) -> bool:
    """Made by `request_db` (a test's override shares one session across requests: not ours to end)."""
    return bool(session.info.get(_REQUEST_SESSION))


async def request_db() -> AsyncIterator[Session]:
    session = get_sessionmaker()()
    session.info[_REQUEST_SESSION] = True
    ok = False
    try:
        yield session
        ok = True
    finally:
        if session.in_transaction():
            # Shielded: a client that hangs up mid-request must not leave the connection checked out.
            with anyio.CancelScope(shield=True):
                await run_in_threadpool(finish_session, session, ok)
        else:
            session.close()  # ended by the route (or never used): no connection held, no I/O


SessionDep = Annotated[Session, Depends(request_db, scope="function")]
