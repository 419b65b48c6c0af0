"""The request's database session as a dependency.

scope="function": the session commits (or rolls back) when the route function returns, BEFORE
the response is sent. With FastAPI's default ("request") the commit would run after the client
already has its 201, so a script's next request could miss what it just created.

An async generator, though the routes are sync: opening a Session does no I/O (a connection is
taken at its first query), so it is made on the event loop, and only the end (commit or rollback,
then close: I/O) goes to a worker thread, once. A sync generator would cost two thread hand-offs
per request, a measurable share of a simple read's CPU (docs/benchmarks.md, "API capacity").
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

import anyio
from fastapi import Depends
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from backend.db import get_sessionmaker


def _finish(session: Session, ok: bool) -> None:
    try:
        if ok:
            session.commit()
        else:
            session.rollback()
    finally:
        session.close()


async def request_db() -> AsyncIterator[Session]:
    session = get_sessionmaker()()
    ok = False
    try:
        yield session
        ok = True
    finally:
        # Shielded: a client that hangs up mid-request must not leave the connection checked out.
        with anyio.CancelScope(shield=True):
            await run_in_threadpool(_finish, session, ok)


SessionDep = Annotated[Session, Depends(request_db, scope="function")]
