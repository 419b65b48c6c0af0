"""The mark that wakes every long-poll of a revoked agent, in every API process."""

from __future__ import annotations

import logging

import redis

from backend.messaging.clients import sync_redis
from backend.messaging.keys import agent_commands_key, agent_revoked_key

log = logging.getLogger(__name__)

# How long the mark of a revoked agent stays: longer than any long-poll that may have passed its
# token check just before the revocation (backend/fleet/mailbox.py waits 30 s at most). Polls
# that start later are refused by the token check itself (PostgreSQL).
REVOKED_MARK_TTL_S = 120
REVOKED_MARK = "revoked"


def mark_agent_revoked(agent_id: int) -> None:
    """Wake every long-poll of this agent, in every API process, with its revocation (call once
    it is committed); the commands still queued for it are dropped: no one will take them.

    Best effort, as every publication here: should Redis fail, a held poll still ends within its
    wait (30 s at most) and the next one is refused by the token check."""
    try:
        with sync_redis().pipeline(transaction=True) as pipe:
            pipe.rpush(agent_revoked_key(agent_id), REVOKED_MARK)
            pipe.expire(agent_revoked_key(agent_id), REVOKED_MARK_TTL_S)
            pipe.delete(agent_commands_key(agent_id))
            pipe.execute()
    except redis.RedisError as exc:
        log.warning("could not wake the long-polls of revoked agent %s: %s", agent_id, exc)
