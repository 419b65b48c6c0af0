"""What the gateway does with an agent's messages: identify it, record its hello and liveness,
and check that the run a sample batch names is one it may write to.

Liveness uses the database clock (`now()`) on both sides: the API writes last_seen_at with it
and every reader (labs page, orchestrator, worker.agent_rpc) compares against it, so the clocks
of lab hosts and workers never matter.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from sqlalchemy import Select, Table, Update, bindparam, func, or_, select, update
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import BindParameter

from backend.errors import ApiError, conflict
from backend.models import Agent, Run
from backend.teams.scoping import owned_by
from contract.protocol import AGENT_REVOKED_ERROR, Hello
from contract.run_state import ACTIVE_STATES, RunState

# Agent.version is VARCHAR(40); Hello allows 50 characters. A version is an identifier, and
# refusing an agent over the length of its version string would help nobody.
VERSION_COLUMN_LENGTH = 40


# last_seen_at is written at most once per this many seconds per agent: an agent sends a sample
# batch every second of a run, and it is "online" for ONLINE_WINDOW_S (15 s) after it was heard.
SEEN_RESOLUTION_S = 1


@dataclass(frozen=True)
class CallingAgent:
    """The agent making a request, as plain values (the routes need no more than these)."""

    id: int
    team_id: int
    lab_id: int
    name: str
    roles: list[str]


def revoked_agent_error() -> ApiError:
    """The answer to every request made with a revoked agent's token (AGENT_REVOKED_ERROR)."""
    return ApiError(
        401,
        AGENT_REVOKED_ERROR,
        "this agent was revoked on its lab (or its name was enrolled again): its token will never "
        "work again; enroll the agent again with a new enrollment token",
    )


@cache
def _calling_agent_statement() -> Select[Any]:
    # One round trip for every agent request (a sample batch a second per agent during a run):
    # who holds the token, whether it was revoked, and, at most once every SEEN_RESOLUTION_S
    # and never for a revoked agent, that it was heard from (a data-modifying WITH runs whether
    # or not the outer SELECT reads it). Built once.
    #
    # Recording liveness never waits: the row is updated only if it can be locked at once (SKIP
    # LOCKED). The agent's requests come several at a time (a batch, a result, a poll, clock
    # exchanges), and a request whose route writes holds the row's lock until it commits; the
    # others used to queue on that lock inside the API's worker threads, seconds each with
    # hundreds of labs at once (docs/benchmarks.md, "Many labs at once"). The holder records
    # the liveness when it commits, so nothing is lost by skipping.
    table = cast(Table, Agent.__table__)
    long_ago = or_(
        table.c.last_seen_at.is_(None),
        table.c.last_seen_at < func.now() - func.make_interval(0, 0, 0, 0, 0, 0, SEEN_RESOLUTION_S),
    )
    columns = (table.c.id, table.c.team_id, table.c.lab_id, table.c.name, table.c.roles)
    # Not named like a column: an execution's parameter named like one of agent's columns
    # would be taken as a value for the UPDATE below to SET.
    presented: BindParameter[str] = bindparam("presented_hash")
    found = (
        select(*columns, table.c.revoked_at.is_not(None).label("revoked"))
        .where(table.c.token_hash == presented)
        .cte("found")
    )
    free_and_stale = (
        select(table.c.id)
        .where(table.c.token_hash == presented, long_ago, table.c.revoked_at.is_(None))
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    seen = (
        update(table)
        .where(table.c.id == free_and_stale)
        .values(last_seen_at=func.now())
        .returning(table.c.id)
        .cte("seen")
    )
    return select(
        found.c.id, found.c.team_id, found.c.lab_id, found.c.name, found.c.roles, found.c.revoked
    ).add_cte(seen)


def calling_agent(db: Session, token_hash: str) -> CallingAgent | None:
    """The agent holding this token (None: no agent's), its liveness recorded (any request from
    an agent proves it is alive); the token of a revoked agent is refused (revoked_agent_error)."""
    row = db.execute(_calling_agent_statement(), {"presented_hash": token_hash}).one_or_none()
    if row is None:
        return None
    if row[5]:
        raise revoked_agent_error()
    return CallingAgent(row[0], row[1], row[2], row[3], list(row[4]))


@cache
def _mark_seen_statement() -> Update:
    table = cast(Table, Agent.__table__)
    return update(table).where(table.c.id == bindparam("agent_id")).values(last_seen_at=func.now())


def record_hello(db: Session, agent: CallingAgent, hello: Hello) -> None:
    """Store what the agent says it is and can do; it may not claim roles it did not enroll for."""
    extra = sorted(set(hello.roles) - set(agent.roles))
    if extra:
        raise conflict(
            f"agent {agent.name} is enrolled as {', '.join(sorted(agent.roles))}; "
            f"it cannot take role(s) {', '.join(extra)} (enroll it again with those roles)"
        )
    db.execute(
        update(Agent)
        .where(Agent.id == agent.id)
        .values(
            version=hello.version[:VERSION_COLUMN_LENGTH],
            capabilities=hello.capabilities,
            clock=hello.clock,  # None from an agent that does not measure: not measured, so not shown
        )
    )
    db.execute(_mark_seen_statement(), {"agent_id": agent.id})


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
        Run.id == bindparam("run_id"), Run.lab_id == bindparam("lab_id"), owned_by(Run, bindparam("team_id"))
    )


def writable_run(db: Session, agent: CallingAgent, run_id: int) -> int:
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
