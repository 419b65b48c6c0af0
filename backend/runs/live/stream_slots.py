"""How many live event streams (SSE) may be open at once: per user and per team, across every API
process (counted in Redis), and per API process (a backstop that counts in memory).

An open stream holds a slot: a member of its user's and of its team's sorted set in Redis
(backend/messaging/keys.py names them), scored with the Redis time its lease ends. The slot is renewed
every third of the lease (HAPLAB_LIVE_STREAM_LEASE_SECONDS) for as long as the response is being
served (by a task of its own, so a stream blocked on a client that does not read still renews,
and still counts), and removed when the response ends, however it ends. A slot of an API process
killed without ending its streams lapses a lease after its last renewal: every count first drops
the lapsed members. Taking a slot
(drop the lapsed, count both sets, add to both) is one Lua script, so two processes cannot both
take the last one; the time is Redis's, so API hosts' clocks need not agree.

Beyond a cap: 429 with Retry-After (the user's or the team's streams), 503 with Retry-After
(this process's). Redis unreachable: the stream could not relay anything anyway, so the error
handler's 503 answers.
"""

from __future__ import annotations

import logging
import threading
import uuid
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import redis
from starlette.concurrency import run_in_threadpool

from backend.errors import ApiError, ErrorBody
from backend.messaging import clients, keys
from backend.settings import get_settings

log = logging.getLogger(__name__)

# A stream ends when its viewer leaves a page: soon worth trying again.
RETRY_AFTER_S = 10

# KEYS: the user's set, the team's set. ARGV: lease seconds, member, user cap, team cap.
# Returns {0} when the slot was taken, else {1, count} (the user's cap) or {2, count} (the team's).
_TAKE = """
local now = redis.call('TIME')
local now_s = tonumber(now[1]) + tonumber(now[2]) / 1000000
local lease = tonumber(ARGV[1])
local counts = {}
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now_s)
  counts[i] = redis.call('ZCARD', key)
end
if counts[1] >= tonumber(ARGV[3]) then return {1, counts[1]} end
if counts[2] >= tonumber(ARGV[4]) then return {2, counts[2]} end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now_s + lease, ARGV[2])
  redis.call('EXPIRE', key, lease * 2)
end
return {0}
"""

# The same keys and member: the lease starts again (re-added if it had lapsed: the stream is open).
_RENEW = """
local now = redis.call('TIME')
local until_s = tonumber(now[1]) + tonumber(now[2]) / 1000000 + tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, until_s, ARGV[2])
  redis.call('EXPIRE', key, tonumber(ARGV[1]) * 2)
end
return 0
"""

# What the OpenAPI says of the route's refusals (backend/runs/live/endpoints.py).
DOCUMENTED: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ErrorBody,
        "description": (
            "Too many live event streams open at once for your account or for your team "
            "(HAPLAB_LIVE_STREAMS_PER_USER / _PER_TEAM): close one, or retry after Retry-After seconds."
        ),
    },
    503: {
        "model": ErrorBody,
        "description": (
            "This API process serves as many live streams as it may (HAPLAB_LIVE_STREAMS_PER_PROCESS), "
            "or Redis is not answering: retry after Retry-After seconds."
        ),
    },
}

# The slots of this process's open streams. Weak: a slot whose response was never served (an
# error between the route and the response) leaves the count when it is collected.
_open_here: weakref.WeakSet[StreamSlot] = weakref.WeakSet()
_open_here_lock = threading.Lock()


class StreamSlot:
    """One open stream's place in the counts; release() is idempotent."""

    def __init__(self, user_id: int, team_id: int) -> None:
        self.keys = [keys.live_streams_key("user", user_id), keys.live_streams_key("team", team_id)]
        self.member = uuid.uuid4().hex
        self.lease_s = get_settings().live_stream_lease_seconds
        self.released = False

    def renew(self) -> None:
        try:
            clients.sync_redis().register_script(_RENEW)(keys=self.keys, args=[self.lease_s, self.member])
        except redis.RedisError as exc:
            log.warning("could not renew a live stream's slot (%s): it lapses in %d s", exc, self.lease_s)

    def forget(self) -> None:
        """Out of this process's count (release() also takes it out of Redis's)."""
        self.released = True
        with _open_here_lock:
            _open_here.discard(self)

    def release(self) -> None:
        if self.released:
            return
        self.forget()
        try:
            with clients.sync_redis().pipeline(transaction=False) as pipe:
                for key in self.keys:
                    pipe.zrem(key, self.member)
                pipe.execute()
        except redis.RedisError as exc:
            log.warning("could not release a live stream's slot (%s): it lapses in %d s", exc, self.lease_s)

    async def hold_while(self, serve: Callable[[], Awaitable[None]]) -> None:
        """Await `serve()` (the response being sent), renewing the slot meanwhile; then release it,
        however the serving ended (the viewer left: a cancellation)."""
        try:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(self._keep_renewing)
                await serve()
                tasks.cancel_scope.cancel()
        finally:
            with anyio.CancelScope(shield=True):
                await run_in_threadpool(self.release)

    async def _keep_renewing(self) -> None:
        while True:
            await anyio.sleep(self.lease_s / 3)
            await run_in_threadpool(self.renew)


def take_slot(user_id: int, team_id: int) -> StreamSlot:
    """A slot for a new stream of this user in this team, or the refusal (429, or 503 for this
    process's cap)."""
    settings = get_settings()
    slot = StreamSlot(user_id, team_id)
    with _open_here_lock:
        if len(_open_here) >= settings.live_streams_per_process:
            log.warning("live streams: this process's %d are all open", settings.live_streams_per_process)
            raise ApiError(
                503,
                "unavailable",
                f"this API process serves {settings.live_streams_per_process} live streams already;"
                f" try again in {RETRY_AFTER_S} s",
                headers={"Retry-After": str(RETRY_AFTER_S)},
            )
        _open_here.add(slot)
    caps = (settings.live_streams_per_user, settings.live_streams_per_team)
    try:
        take = clients.sync_redis().register_script(_TAKE)
        taken = take(keys=slot.keys, args=[slot.lease_s, slot.member, *caps])
    except BaseException:
        slot.forget()
        raise
    if int(taken[0]) == 0:
        return slot
    slot.forget()
    whose, cap = ("your account", caps[0]) if int(taken[0]) == 1 else ("your team", caps[1])
    log.warning("live streams: user %s of team %s refused (%s has %d open)", user_id, team_id, whose, cap)
    raise ApiError(
        429,
        "too_many_streams",
        f"{whose} has {cap} live event streams open, the most allowed at once: close one (another"
        f" tab or page of a running run) or try again in {RETRY_AFTER_S} s",
        headers={"Retry-After": str(RETRY_AFTER_S)},
    )
