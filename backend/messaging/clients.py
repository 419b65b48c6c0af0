"""The Redis clients: one sync client per process (a thread-safe pool), an asyncio client per
request or stream."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache

import anyio
import redis
import redis.asyncio as aioredis

from backend.settings import get_settings


@lru_cache
def _sync_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=5)


def sync_redis() -> redis.Redis:
    """The process's sync client (thread-safe pool) for the current settings' Redis."""
    return _sync_client(get_settings().redis_url)


def reset_live_clients() -> None:
    """Forget the sync client (after a fork: pooled sockets must not be shared with the parent)."""
    _sync_client.cache_clear()


# Closing a connection may not hang a request's end for longer than this.
CLOSE_TIMEOUT_S = 2


@asynccontextmanager
async def async_redis() -> AsyncIterator[aioredis.Redis]:
    """An asyncio client for one request or stream, closed at the end.

    One per use rather than one per process: a long-poll or a subscription holds its connection
    for its whole wait anyway, and a client made inside the running loop cannot end up bound to
    another loop (the test client runs each app in a loop of its own). The close is shielded:
    streams usually end by cancellation (the viewer left), and the socket must still be closed.
    """
    client = aioredis.Redis.from_url(get_settings().redis_url, socket_connect_timeout=5)
    try:
        yield client
    finally:
        with anyio.move_on_after(CLOSE_TIMEOUT_S, shield=True):
            await client.aclose()
