"""The channel the run's worker listens on (worker/run_watch.py): any word makes it read the
run's row."""

from __future__ import annotations

import logging
from typing import Literal

import redis

from backend.messaging.clients import sync_redis
from backend.messaging.keys import run_control_channel

log = logging.getLogger(__name__)

# What the run's worker is told on its control channel; any message makes it read the run's row.
RunControl = Literal["cancel", "ended", "agent_revoked"]


def publish_run_control(run_id: int, what: RunControl) -> None:
    """Wake the worker executing the run (call after the cancel, the end or the revocation of an
    agent of its lab committed).

    Best effort: the worker also reads the run's row every few seconds, so a lost message
    delays a stop by that much, never forever.
    """
    try:
        sync_redis().publish(run_control_channel(run_id), what)
    except redis.RedisError as exc:
        log.warning("could not tell the worker of run %s (%s): %s", run_id, what, exc)
