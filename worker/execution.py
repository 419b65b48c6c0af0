"""What one run's execution knows as it goes: its spec, the agents it drives, and what they said.

Phases are built per run around one Execution (worker/orchestrator.build_phases) and write
what the run must keep (rendered config, command lines, environment) through `record`, which
persists at once: a run that fails half-way still shows what it had done.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from backend.db import session_scope
from backend.models import Agent, Lab, Run
from backend.runs.capacity.chain import search_goes_on
from backend.settings import get_settings
from contract.capabilities import Capabilities
from contract.command_results import LoadFinished, StartedProcess
from contract.experiment import ExperimentSpec
from contract.injector_split import InjectorShare, injector_shares
from contract.lab import injector_weights_of, weights_of
from contract.protocol import SqlAccess
from contract.results import InjectorSummary
from contract.run_environment import RunEnvironment
from contract.thresholds import ThresholdResult


@dataclass(frozen=True)
class AgentRef:
    id: int
    name: str
    roles: tuple[str, ...]
    capabilities: Capabilities

    @property
    def data_address(self) -> str:
        return self.capabilities.data_address or "127.0.0.1"

    @property
    def runtime_dir(self) -> str:
        value = self.capabilities.runtime_dir
        if not value:
            raise ValueError(f"agent {self.name} did not report its runtime_dir in its hello")
        return str(value)


@dataclass
class Execution:
    run_id: int
    lab_id: int
    lab_name: str
    spec: ExperimentSpec
    agents: dict[str, AgentRef] = field(default_factory=dict)  # role -> the agent playing it
    # Every online injector of the lab, in name order: each runs its share of the load profile
    # (contract.injector_split), all from the same start_at.
    injectors: list[AgentRef] = field(default_factory=list)
    # The lab's injector weights by agent name (settings.injector_weights), read with the agents.
    injector_weights: dict[str, int] = field(default_factory=dict)
    target_addresses: list[str] = field(default_factory=list)
    # The run's throwaway MariaDB account (managed database only); never persisted.
    sql_access: SqlAccess | None = None
    # The instant the measured load starts, the same for every agent; warm-up is before it.
    t0: datetime | None = None
    load_started_at: datetime | None = None
    injector_summaries: list[InjectorSummary] = field(default_factory=list)
    # Set by warm-up: what each injector (by agent id) was asked to send.
    asked: dict[int, InjectorShare] = field(default_factory=dict)
    # Set by configure (record_environment): the agents' facts, resolved names, applied shaping.
    environment: RunEnvironment = field(default_factory=RunEnvironment)
    # Set by collect: why the load did not cover its window (empty: it did). Non-empty ends the run `partial`.
    incomplete_reasons: list[str] = field(default_factory=list)
    # Set by the running phase when an abort_on_fail threshold was lost: (rule index, its result).
    threshold_abort: tuple[int, ThresholdResult] | None = None
    threshold_abort_at_s: float = 0.0  # seconds of measured load when it was lost
    # Set when the execution ends, however it ends: background helpers (the lease keeper) stop.
    stopped: threading.Event = field(default_factory=threading.Event)
    # Seconds the proxy and target agents keep HAProxy and the target servers after this run, for
    # the next run on the lab to adopt (keep_warm_after); None: stopped at its teardown.
    keep_warm_s: float | None = None

    def __getstate__(self) -> dict[str, Any]:
        # Pickled to a summary process (worker/summary_pool.py) without its event: it is this
        # process's, and the summary needs none.
        state = self.__dict__.copy()
        del state["stopped"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.stopped = threading.Event()

    def injector_shares(self) -> list[InjectorShare]:
        """What each injector is asked to send, in `injectors` order (ShareError: it cannot be split)."""
        names = [injector.name for injector in self.injectors]
        return injector_shares(self.spec.load, weights_of(names, self.injector_weights))

    @property
    def involved_agents(self) -> list[AgentRef]:
        """Each agent once, even when it plays several roles."""
        seen: dict[int, AgentRef] = {}
        for ref in [*self.agents.values(), *self.injectors]:
            seen.setdefault(ref.id, ref)
        return list(seen.values())

    def agent(self, role: str) -> AgentRef:
        return self.agents[role]

    def record(self, **values: Any) -> None:
        """Persist run columns now (rendered_config, command_lines, environment ...)."""
        with session_scope() as db:
            db.execute(update(Run).where(Run.id == self.run_id).values(**values))

    def record_environment(self, environment: RunEnvironment) -> None:
        """Keep the run's environment, here for the verdicts and in the database for the run page."""
        self.environment = environment
        self.record(environment=environment)

    def record_command_line(self, agent: AgentRef, result: StartedProcess) -> None:
        """Keep the exact argv an agent reports having started."""
        self.add_command_line(agent, result.command_line)

    def record_tool_output(self, agent: AgentRef, result: LoadFinished) -> None:
        """Keep what the agent's load tool printed, for the download."""
        text = result.raw_output
        with session_scope() as db:
            current = db.scalar(select(Run.tool_output).where(Run.id == self.run_id)) or {}
            db.execute(
                update(Run).where(Run.id == self.run_id).values(tool_output={**current, agent.name: text})
            )

    def add_command_line(self, agent: AgentRef, argv: list[str]) -> None:
        with session_scope() as db:
            current = db.scalar(select(Run.command_lines).where(Run.id == self.run_id)) or {}
            lines = dict(current)
            lines.setdefault(agent.name, []).append(argv)
            db.execute(update(Run).where(Run.id == self.run_id).values(command_lines=lines))


def load_execution(run_id: int, lab_name: str) -> Execution:
    with session_scope() as db:
        run = db.get(Run, run_id)
        if run is None or run.lab_id is None:
            raise ValueError(f"run {run_id} has no lab")
        spec = ExperimentSpec.model_validate(run.spec)
        return Execution(
            run_id=run.id,
            lab_id=run.lab_id,
            lab_name=lab_name,
            spec=spec,
            keep_warm_s=keep_warm_after(db, run.id),
        )


# A search's next probe is claimed in the transaction that ends the previous one (worker/dispatch.py)
# and reaches ConfigureLab within seconds; the hold only has to bridge that.
PROBE_KEEP_WARM_S = 30.0


def keep_warm_after(db: Session, run_id: int) -> float | None:
    """How long HAProxy and the target servers stay up after run `run_id` ends, for a next run that
    differs only in its load to adopt; None: stop them as every run did. A probe of a search that
    goes on keeps them (its point's next probe follows at once: no restart between probes, and a
    last probe's hold simply expires); any other run keeps them for settings.keep_warm_seconds."""
    if search_goes_on(db, run_id):
        return max(PROBE_KEEP_WARM_S, get_settings().keep_warm_seconds or 0)
    return get_settings().keep_warm_seconds


def pick_agents(execution: Execution, online_within_s: int) -> None:
    """Choose, for each role, the lab's most recently heard-from agent that plays it."""
    with session_scope() as db:
        rows = db.scalars(
            select(Agent)
            .where(
                Agent.lab_id == execution.lab_id,
                Agent.revoked_at.is_(None),
                Agent.heard_within(online_within_s),
            )
            .order_by(Agent.last_seen_at.desc(), Agent.id)
        ).all()
        for agent in rows:
            ref = AgentRef(agent.id, agent.name, tuple(agent.roles), agent.capabilities)
            for role in agent.roles:
                execution.agents.setdefault(role, ref)
            if "injector" in agent.roles:
                execution.injectors.append(ref)
        # The split's order: the same injector gets the same share (and the larger remainder) every run.
        execution.injectors.sort(key=lambda ref: (ref.name, ref.id))
        lab = db.get(Lab, execution.lab_id)
        try:
            execution.injector_weights = injector_weights_of(lab.settings if lab is not None else {})
        except ValidationError:  # stored before the API checked them: an even split
            execution.injector_weights = {}
