"""The worker's calls to agents, through Redis (the worker never talks to an agent directly).

    started = request(agent_id, StartTargets(...), TargetsStarted, timeout_s=30)  # the answer, typed
    envelope_id = post_command(agent_id, RenewLease(...))              # fire and forget
    clear_commands(agent_id)                                           # at the start of a run

A command travels as an Envelope (JSON) RPUSHed onto the agent's command list; the agent's
long-poll (GET /api/v1/agent/commands) pops it; the agent posts a CommandResult, which the API
RPUSHes onto the reply list of that envelope id; send_command BLPOPs it. Key names live in
backend/messaging/keys.py.

While it waits, send_command checks the agent's last_seen_at every LIVENESS_CHECK_S against the
database clock: an agent silent for ONLINE_WINDOW_S is lost, and the run fails with a message
that names it rather than waiting out a long timeout. A caller that watches the agent itself
(the running phase, once a second) passes `watch_liveness=False`: the wait is then one BLPOP.
A command nobody waits for any more (lost, timed out) is withdrawn from the list if the agent
has not taken it yet, so an agent that comes back does not act on it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TypeVar, cast

from pydantic import ValidationError
from sqlalchemy import select

from backend.db import session_scope
from backend.messaging import clients, keys
from backend.models import Agent
from contract.command_results import CommandOutput
from contract.protocol import Command, CommandResult, Envelope
from contract.strict import StrictModel

LIVENESS_CHECK_S = 2.0


class AgentRpcError(Exception):
    """A command did not produce a result; the message says why, for the run's error."""


# The names read as what happened to the run ("AgentLost: agent proxy-1 lost: silent for 16 s").
class AgentLost(AgentRpcError):  # noqa: N818
    """The agent stopped being heard from (or is not enrolled any more)."""


class CommandFailed(AgentRpcError):  # noqa: N818
    """The agent answered, not ok; the message is the agent's error."""


class CommandTimeout(AgentRpcError):  # noqa: N818
    """No answer within the command's timeout, while the agent was still alive."""


@dataclass(frozen=True)
class _AgentState:
    name: str
    # Seconds since the agent was last heard from, by the database clock; None: never.
    silent_s: float | None
    online: bool  # Agent.heard_within(): the one liveness rule


def _agent_state(agent_id: int) -> _AgentState:
    with session_scope() as db:
        row = db.execute(
            select(
                Agent.name, Agent.silent_seconds(), Agent.heard_within(), Agent.revoked_at.is_not(None)
            ).where(Agent.id == agent_id)
        ).one_or_none()
    if row is None:
        raise AgentLost(f"agent {agent_id} lost: it is not enrolled any more")
    name, silent, online, revoked = row
    if revoked:
        raise AgentLost(f"agent {name} was revoked: its token is refused from then on")
    return _AgentState(name=name, silent_s=None if silent is None else float(silent), online=bool(online))


def _check_alive(agent_id: int) -> str:
    """The agent's name, if it was heard from within ONLINE_WINDOW_S; AgentLost otherwise."""
    state = _agent_state(agent_id)
    if state.silent_s is None:
        raise AgentLost(f"agent {state.name} lost: it never connected")
    if not state.online:
        raise AgentLost(f"agent {state.name} lost: silent for {state.silent_s:.0f} s")
    return state.name


def _push(agent_id: int, command_id: str, payload: str) -> None:
    key = keys.agent_commands_key(agent_id)
    with clients.sync_redis().pipeline(transaction=True) as pipe:
        # Whom the command went to: the API accepts a result for it from that agent only.
        pipe.set(keys.command_agent_key(command_id), str(agent_id), ex=keys.COMMAND_LIST_TTL_S)
        pipe.rpush(key, payload)
        pipe.expire(key, keys.COMMAND_LIST_TTL_S)
        pipe.execute()


def _blpop(key: str, timeout_s: float) -> bytes | None:
    # BLPOP's timeout 0 means "forever": never let a rounding leftover reach it. Redis takes
    # fractional seconds; redis-py's stub says int, and types every reply as "Awaitable | value".
    timeout = cast(int, max(0.01, timeout_s))
    popped = cast("tuple[bytes, bytes] | None", clients.sync_redis().blpop([key], timeout=timeout))
    return None if popped is None else popped[1]


def post_command(agent_id: int, command: Command) -> str:
    """Queue a command the caller does not wait for (RenewLease, StopLoad); returns its envelope id."""
    envelope = Envelope.wrap(command)
    _push(agent_id, envelope.id, envelope.model_dump_json())
    return envelope.id


def clear_commands(agent_id: int) -> int:
    """Drop commands still queued for the agent (left over from an earlier run); returns how many."""
    key = keys.agent_commands_key(agent_id)
    with clients.sync_redis().pipeline(transaction=True) as pipe:
        pipe.llen(key)
        pipe.delete(key)
        dropped, _ = pipe.execute()
    return int(dropped)


def send_command(
    agent_id: int, command: Command, timeout_s: float, *, watch_liveness: bool = True
) -> CommandOutput:
    """Queue `command` for the agent and wait for its result; returns the result's data.

    Raises AgentLost (the agent went silent), CommandFailed (it answered not ok, with its error)
    or CommandTimeout (no answer within timeout_s).
    """
    name = _check_alive(agent_id)
    envelope = Envelope.wrap(command)
    payload = envelope.model_dump_json()
    reply_key = keys.command_reply_key(envelope.id)
    _push(agent_id, envelope.id, payload)

    start = time.monotonic()
    deadline = start + timeout_s
    # The wait is cut in slices only so that liveness is checked on time.
    slice_s = LIVENESS_CHECK_S if watch_liveness else timeout_s
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CommandTimeout(f"agent {name} did not answer {command.type} within {timeout_s:g} s")
            reply = _blpop(reply_key, min(slice_s, remaining))
            if reply is not None:
                break
            if watch_liveness and time.monotonic() < deadline:
                _check_alive(agent_id)
    except AgentRpcError:
        clients.sync_redis().lrem(keys.agent_commands_key(agent_id), 1, payload)
        raise

    result = CommandResult.model_validate_json(reply)
    if not result.ok:
        raise CommandFailed(result.error or f"agent {name} reported {command.type} failed")
    return result.data


R = TypeVar("R", bound=StrictModel)


def request(
    agent_id: int, command: Command, expect: type[R], timeout_s: float, *, watch_liveness: bool = True
) -> R:
    """send_command, its answer read as `expect`: the model the command is answered with.

    An answer that is not one (an agent of another version) fails the command, naming both.
    """
    if expect is not command.answered_with:
        raise TypeError(f"{command.type} is answered with {command.answered_with.__name__}, not {expect}")
    data = send_command(agent_id, command, timeout_s, watch_liveness=watch_liveness)
    if isinstance(data, expect):
        return data
    try:  # the API read it as another model of the same fields: read it as the one expected
        return expect.model_validate(data.model_dump(exclude_unset=True))
    except ValidationError as exc:
        raise CommandFailed(
            f"the agent's answer to {command.type} is not a {expect.__name__}: {exc}"
        ) from None
