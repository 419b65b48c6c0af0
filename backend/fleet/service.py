"""What the gateway does with an agent's messages: identify it, record its hello and liveness,
and check that the run a sample batch names is one it may write to.

Liveness uses the database clock (`now()`) on both sides: the API writes last_seen_at with it
and every reader (labs page, orchestrator, worker.agent_rpc) compares against it, so the clocks
of lab hosts and workers never matter.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import cast

from sqlalchemy import Select, Table, Update, bindparam, func, or_, select, update
from sqlalchemy.orm import Session, defer

from backend.errors import ApiError, conflict
from backend.models import Agent, Run
from spec.protocol import Hello
from spec.run_state import ACTIVE_STATES, RunState

# Agent.version is VARCHAR(40); Hello allows 50 characters. A version is an identifier, and
# refusing an agent over the length of its version string would help nobody.
VERSION_COLUMN_LENGTH = 40


# last_seen_at is written at most once per this many seconds per agent: an agent sends a sample
# batch every second of a run, and it is "online" for ONLINE_WINDOW_S (15 s) after it was heard.
SEEN_RESOLUTION_S = 1


@dataclass(frozen=True)
class CallingAgent:
    agent: Agent
    seen_long_ago: bool  # last_seen_at is older than SEEN_RESOLUTION_S (database clock)


@cache
def _agent_by_token_query() -> Select[Agent, bool]:
    # Built once: every agent request runs it (a sample batch a second per agent during a run).
    # The capabilities (haproxy -vv, tool versions ...: a few kB of JSON read into a model) are
    # loaded only if a route reads them; a hello replaces them without reading them.
    long_ago = or_(
        Agent.last_seen_at.is_(None),
        Agent.last_seen_at < func.now() - func.make_interval(0, 0, 0, 0, 0, 0, SEEN_RESOLUTION_S),
    )
    return (
        select(Agent, long_ago)
        .where(Agent.token_hash == bindparam("token_hash"), Agent.revoked_at.is_(None))
        .options(defer(Agent.capabilities))
    )


def agent_by_token_hash(db: Session, token_hash: str) -> CallingAgent | None:
    """The agent holding this token, unless it was revoked."""
    row = db.execute(_agent_by_token_query(), {"token_hash": token_hash}).one_or_none()
    return None if row is None else CallingAgent(row[0], bool(row[1]))


@cache
def _mark_seen_statement() -> Update:
    # Built once, on the table (not through the ORM's bulk UPDATE): it runs about once a second
    # per agent during a run, and building it each time cost as much as the caller's lookup.
    table = cast(Table, Agent.__table__)
    return update(table).where(table.c.id == bindparam("agent_id")).values(last_seen_at=func.now())


def mark_seen(db: Session, agent_id: int) -> None:
    """Any authenticated request from an agent proves it is alive."""
    db.execute(_mark_seen_statement(), {"agent_id": agent_id})


def record_hello(db: Session, agent: Agent, hello: Hello) -> None:
    """Store what the agent says it is and can do; it may not claim roles it did not enroll for."""
    extra = sorted(set(hello.roles) - set(agent.roles))
    if extra:
        raise conflict(
            f"agent {agent.name} is enrolled as {', '.join(sorted(agent.roles))}; "
            f"it cannot take role(s) {', '.join(extra)} (enroll it again with those roles)"
        )
    agent.version = hello.version[:VERSION_COLUMN_LENGTH]
    agent.capabilities = hello.capabilities
    db.flush()
    mark_seen(db, agent.id)


# Agents stop their samplers and send their last batch while tearing a run down, which the worker
# asks for as the run ends: that batch arrives just after, and belongs to the run.
ENDED_RUN_TAKES_SAMPLES_S = 30


@cache
def _writable_run_query() -> Select[RunState, bool]:
    # The database clock decides "just ended", as it wrote finished_at (see the module's note).
    just_ended = func.coalesce(
        Run.finished_at >= func.now() - func.make_interval(0, 0, 0, 0, 0, 0, ENDED_RUN_TAKES_SAMPLES_S), False
    )
    # The state only: loading the whole run (its spec, summary, environment: JSON read into
    # models) cost more than the rest of a sample batch's queries.
    return select(Run.state, just_ended).where(
        Run.id == bindparam("run_id"), Run.lab_id == bindparam("lab_id"), Run.team_id == bindparam("team_id")
    )


def writable_run(db: Session, agent: Agent, run_id: int) -> int:
    """The run a SampleBatch names (its id), if it is active on the agent's lab or ended within
    the last ENDED_RUN_TAKES_SAMPLES_S seconds (its teardown's last batch); 409 otherwise.

    Lab and team are checked together (a lab belongs to one team), so an agent can only ever
    write into runs executing on its own test bed, and only while they execute (or just ended).
    """
    row = db.execute(
        _writable_run_query(), {"run_id": run_id, "lab_id": agent.lab_id, "team_id": agent.team_id}
    ).one_or_none()
    if row is None:
        raise conflict(f"run {run_id} is not a run of this agent's lab")
    state, ended_moments_ago = RunState(row[0]), bool(row[1])
    if state not in ACTIVE_STATES and not (state.is_terminal and ended_moments_ago):
        raise ApiError(
            409, "run_not_active", f"run {run_id} is {state.value}; it takes samples only while active"
        )
    return run_id
