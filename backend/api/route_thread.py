"""A sync route's worker thread does the request's blocking work around the route's own code.

Every hand-off between the event loop and a worker thread costs CPU (and, under load, waiting for
the GIL): with the caller's lookup, the route and the session's end each in a thread of its own,
the hand-offs were a third of a simple read's CPU (docs/benchmarks.md, "API capacity"). So a
dependency whose work needs the database returns a `Deferred` instead (made on the event loop, no
I/O), and the route class (backend/api/storable.py) runs, in the one thread the route runs in:
the deferred work (the caller's lookup and role check: a 401/403 still comes before the route
runs), the route, then the commit (or, when anything raised, the rollback) and close of the
request's session. An async route gets its deferred arguments resolved in a thread and its
session ended by `request_db`, as before.
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


class Deferred(ABC, Generic[T]):
    """A route argument whose blocking work waits for the route's thread; the route gets `T`."""

    @abstractmethod
    def resolve(self) -> T: ...


def in_route_thread(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """`endpoint` (same signature) with its deferred arguments resolved and, if sync, its request
    sessions ended in its own worker thread."""
    if inspect.iscoroutinefunction(endpoint):

        @functools.wraps(endpoint)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            for name, value in kwargs.items():
                if isinstance(value, Deferred):
                    kwargs[name] = await run_in_threadpool(value.resolve)
            return await endpoint(*args, **kwargs)

        return run_async

    @functools.wraps(endpoint)
    def run(*args: Any, **kwargs: Any) -> Any:
        sessions = [v for v in kwargs.values() if isinstance(v, Session) and is_request_session(v)]
        try:
            resolved = {k: v.resolve() if isinstance(v, Deferred) else v for k, v in kwargs.items()}
            result = endpoint(*args, **resolved)
        except BaseException:
            for session in sessions:
                finish_session(session, ok=False)
            raise
        for session in sessions:
            finish_session(session, ok=True)
        return result

    return run
