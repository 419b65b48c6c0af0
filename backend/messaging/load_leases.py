"""The lease of a run's load on an injector: the worker sets and renews it, the API hands it to
the injector with each reply to its sample batches."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import cast

import redis

from backend.messaging.clients import sync_redis
from backend.messaging.keys import load_lease_key

log = logging.getLogger(__name__)


def set_load_lease(run_id: int, agent_id: int, until: datetime, ttl_s: float) -> None:
    """The worker: the load of `run_id` on injector `agent_id` may run until `until`. The key
    expires `ttl_s` after this write, so a worker that stops renewing leaves nothing behind."""
    sync_redis().set(load_lease_key(run_id, agent_id), until.isoformat(), px=max(1, int(ttl_s * 1000)))


def clear_load_lease(run_id: int, agent_id: int) -> None:
    """The worker, when the run's execution ends (best effort: the key expires anyway)."""
    try:
        sync_redis().delete(load_lease_key(run_id, agent_id))
    except redis.RedisError as exc:
        log.warning("could not clear the load lease of run %s on agent %s: %s", run_id, agent_id, exc)


def load_lease(run_id: int, agent_id: int) -> str | None:
    """The API: the lease the worker last set for this injector's load (ISO 8601), if any.

    Best effort: without Redis the injector gets no renewal in this reply, as it would get no
    RenewLease command either."""
    try:
        value = cast("bytes | None", sync_redis().get(load_lease_key(run_id, agent_id)))
    except redis.RedisError as exc:
        log.warning("could not read the load lease of run %s on agent %s: %s", run_id, agent_id, exc)
        return None
    return None if value is None else value.decode()
