"""Failed sign-ins are limited per account and per client address (a sliding window in Redis,
shared by every API process), so a password cannot be guessed at the speed of the API.

Beyond `login_max_failures` failures within `login_window_seconds`, sign-in answers 429 with
Retry-After (the seconds until the oldest failure leaves the window) without looking at the
password. A successful sign-in clears its account's failures; the address's stay, so one known
password does not reopen spraying others from that address. If Redis cannot be reached, sign-in
is not throttled (and that is logged): throttling protects sign-in, it must not stop it.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
import uuid

import redis

from backend.errors import ApiError
from backend.messaging import clients, keys
from backend.settings import get_settings

log = logging.getLogger(__name__)


def _keys(email: str, client: str) -> list[str]:
    account = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    return [keys.login_failures_key("account", account), keys.login_failures_key("client", client)]


def refuse_if_throttled(email: str, client: str) -> None:
    """429 with Retry-After when the account or the address is over its limit."""
    settings = get_settings()
    now = time.time()
    waits = []
    try:
        for key in _keys(email, client):
            with clients.sync_redis().pipeline(transaction=False) as pipe:
                pipe.zremrangebyscore(key, 0, now - settings.login_window_seconds)
                pipe.zcard(key)
                pipe.zrange(key, 0, 0, withscores=True)
                _, count, oldest = pipe.execute()
            if int(count) >= settings.login_max_failures and oldest:
                waits.append(float(oldest[0][1]) + settings.login_window_seconds - now)
    except redis.RedisError as exc:
        log.error("sign-in throttling unavailable (Redis: %s); not throttled", exc)
        return
    if waits:
        retry_after = max(1, math.ceil(max(waits)))
        log.warning("sign-in throttled for %r from %s for %d s", email, client, retry_after)
        raise ApiError(
            429,
            "too_many_attempts",
            f"too many failed sign-ins; try again in {retry_after} s",
            headers={"Retry-After": str(retry_after)},
        )


def record_failure(email: str, client: str) -> None:
    settings = get_settings()
    now = time.time()
    log.info("failed sign-in for %r from %s", email, client)
    try:
        with clients.sync_redis().pipeline(transaction=False) as pipe:
            for key in _keys(email, client):
                pipe.zadd(key, {uuid.uuid4().hex: now})
                pipe.expire(key, settings.login_window_seconds)
            pipe.execute()
    except redis.RedisError as exc:
        log.error("cannot record a failed sign-in (Redis: %s)", exc)


def clear_account(email: str) -> None:
    try:
        clients.sync_redis().delete(_keys(email, "")[0])
    except redis.RedisError as exc:
        log.error("cannot clear sign-in failures (Redis: %s)", exc)
