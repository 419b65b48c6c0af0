"""At most so many requests of a kind within a sliding window, counted in Redis and so shared by
every API process ("send test": so many per webhook and per team a minute).

Each key is a sorted set of request times (backend/messaging/keys.py, `rate_key`). A request is counted
against all its keys at once, and refused by any that is full: then nothing is counted, and the
answer is the seconds until every key has room again (Retry-After). If Redis cannot be reached
the request is not limited (and that is logged), as for sign-in throttling: a limit protects
the service, it must not stop it.
"""

from __future__ import annotations

import logging
import math
import time
import uuid
from collections.abc import Sequence

import redis

from backend.messaging import clients

log = logging.getLogger(__name__)


def take(limits: Sequence[tuple[str, int]], window_s: float) -> int | None:
    """Count one request against each (key, limit); None when each had room, else the seconds
    to wait (nothing counted)."""
    now = time.time()
    member = uuid.uuid4().hex
    try:
        with clients.sync_redis().pipeline(transaction=True) as pipe:
            for key, _ in limits:
                pipe.zremrangebyscore(key, 0, now - window_s)
                pipe.zadd(key, {member: now})
                pipe.expire(key, math.ceil(window_s))
                pipe.zrange(key, 0, -1, withscores=True)
            replies = pipe.execute()
        waits = []
        for (_, limit), times in zip(limits, replies[3::4], strict=True):
            others = sorted(score for name, score in times if name.decode() != member)
            if len(others) >= limit:  # room once all but limit - 1 of the others left the window
                waits.append(others[len(others) - limit] + window_s - now)
        if not waits:
            return None
        with clients.sync_redis().pipeline(transaction=True) as pipe:
            for key, _ in limits:
                pipe.zrem(key, member)
            pipe.execute()
    except redis.RedisError as exc:
        log.error("rate limit unavailable (Redis: %s); not limited", exc)
        return None
    return max(1, math.ceil(max(float(wait) for wait in waits)))
