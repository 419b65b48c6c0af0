"""The API end of an agent's command mailbox: the long-poll that hands queued commands over,
and the reply list a CommandResult is delivered to.

The worker RPUSHes command envelopes onto `haplab:agent:{id}:commands` (worker/agent_rpc.py);
the agent's GET /agent/commands waits here. It runs on the event loop (redis.asyncio) so a
waiting agent costs a socket, not a thread of the sync pool. It waits in slices of SLICE_S (5 s)
and after each checks that its agent is still connected (if not, it stops; a command popped for
an agent that hung up is pushed back for its next poll). Slices of one second cost each held
poll a Redis round trip and a wake-up every second, a measurable share of the API's CPU while a
run's load is measured (docs/benchmarks.md, fidelity).

A revoked agent's poll ends at once, in whichever API process holds it: the poll waits on the
agent's revocation mark (backend.messaging.keys.agent_revoked_key) beside its command list, in the same
BLPOP, so the mark pushed when the revocation commits wakes it like a command would, and it
answers 401 (AGENT_REVOKED_ERROR). The mark is put back for any other poll of the same agent
(a thief's and the agent's own), and kept for longer than a poll waits, so a poll that passed
its token check just before the revocation finds it when it starts waiting.

A held poll does not count as a sign of life: a frozen agent (SIGSTOP, a hung host) keeps its
connection open, and marking it seen every few seconds kept it "online" for as long as its poll
lasted. The agent's own requests say it is alive: its sample batches during a run, its
heartbeats otherwise (agents/connection.py), each poll as it starts.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import cast

from pydantic import ValidationError
from redis.asyncio import Redis

from backend.errors import not_found
from backend.fleet.service import revoked_agent_error
from backend.messaging import clients, keys
from contract.protocol import CommandResult, Envelope

log = logging.getLogger(__name__)

MAX_COMMANDS_PER_POLL = 50
MAX_WAIT_S = 30
# How often a waiting poll checks that its agent is still connected.
SLICE_S = 5.0


async def take_commands(
    agent_id: int,
    wait_s: float,
    *,
    disconnected: Callable[[], Awaitable[bool]],
) -> list[Envelope]:
    """Up to MAX_COMMANDS_PER_POLL queued commands, waiting up to `wait_s` for the first one;
    revoked_agent_error() as soon as the agent is revoked."""
    key = keys.agent_commands_key(agent_id)
    async with clients.async_redis() as client:
        raw = await _pop(client, key, keys.agent_revoked_key(agent_id), min(wait_s, MAX_WAIT_S), disconnected)
        if raw and await disconnected():
            # The agent hung up while we popped: put the commands back, in order, for its next
            # poll, instead of answering into a closed socket and losing them.
            await cast("Awaitable[int]", client.lpush(key, *reversed(raw)))
            return []
    return _decode(agent_id, raw)


async def _pop(
    client: Redis,
    key: str,
    revoked_key: str,
    wait_s: float,
    disconnected: Callable[[], Awaitable[bool]],
) -> list[bytes]:
    # In one transaction: no command is handed to an agent revoked before it was taken.
    async with client.pipeline(transaction=True) as pipe:
        pipe.exists(revoked_key)
        pipe.lpop(key, MAX_COMMANDS_PER_POLL)
        revoked, queued = await pipe.execute()
    if revoked:
        raise revoked_agent_error()
    if queued:
        return cast("list[bytes]", queued)
    deadline = time.monotonic() + wait_s
    while (remaining := deadline - time.monotonic()) > 0:
        popped = await _blpop(client, [revoked_key, key], min(SLICE_S, remaining))
        if popped is not None:
            woken_by, first = popped
            if woken_by.decode() == revoked_key:
                # Back for the other polls of this agent (the key keeps its expiry).
                await cast("Awaitable[int]", client.lpush(revoked_key, first))
                raise revoked_agent_error()
            return [first, *await _lpop(client, key, MAX_COMMANDS_PER_POLL - 1)]
        if await disconnected():
            return []
    return []


# redis-py types every command as "Awaitable[T] | T" for both clients; these pin the asyncio side.
async def _lpop(client: Redis, key: str, count: int) -> list[bytes]:
    popped = await cast("Awaitable[list[bytes] | None]", client.lpop(key, count))
    return popped or []


async def _blpop(client: Redis, keys: list[str], timeout_s: float) -> tuple[bytes, bytes] | None:
    """(the key, the element) popped from the first of `keys` that has one, or None."""
    # BLPOP's timeout 0 means "forever": never let a rounding leftover reach it.
    timeout = cast(int, max(0.01, timeout_s))  # Redis takes fractional seconds; the stub says int
    return await cast("Awaitable[tuple[bytes, bytes] | None]", client.blpop(keys, timeout=timeout))


def _decode(agent_id: int, raw: list[bytes]) -> list[Envelope]:
    """Only well-formed commands reach an agent; anything else in the list is logged and dropped."""
    commands = []
    for item in raw:
        try:
            envelope = Envelope.model_validate_json(item)
        except ValidationError as exc:
            log.error("dropped a malformed command for agent %s: %s", agent_id, exc)
            continue
        if not envelope.is_command:
            log.error("dropped a %s message queued as a command for agent %s", envelope.type, agent_id)
            continue
        commands.append(envelope)
    return commands


def deliver_result(agent_id: int, result: CommandResult) -> None:
    """Hand a CommandResult to the worker waiting on it (or to nobody: it expires).

    Only the agent the command was sent to may answer it: a result for a command id sent to
    another agent, or never sent, is refused (404: which commands exist is not revealed)."""
    owner = cast("bytes | None", clients.sync_redis().get(keys.command_agent_key(result.command_id)))
    if owner is None or owner.decode() != str(agent_id):
        log.warning(
            "agent %s sent a result for command %s, which was not sent to it", agent_id, result.command_id
        )
        raise not_found("command sent to this agent", result.command_id)
    key = keys.command_reply_key(result.command_id)
    with clients.sync_redis().pipeline(transaction=True) as pipe:
        pipe.rpush(key, result.model_dump_json())
        pipe.expire(key, keys.REPLY_TTL_S)
        pipe.execute()
