"""The running phase's check of its agents (worker/phases/liveness.py) against PostgreSQL: an agent
silent for ONLINE_WINDOW_S is lost; one whose process restarted (a new process_started_at) too."""

from __future__ import annotations

from factories import RUN_SPEC, add_agent, make_lab
from sqlalchemy import update

from backend.db import session_scope
from backend.models import Agent
from contract.capabilities import Capabilities
from contract.experiment import ExperimentSpec
from contract.protocol import ONLINE_WINDOW_S
from worker.execution import AgentRef, Execution
from worker.phases.liveness import lost_agent

STARTED = "2026-11-26T08:00:00+00:00"


def set_capabilities(agent_id: int, capabilities: Capabilities) -> None:
    with session_scope() as db:
        db.execute(update(Agent).where(Agent.id == agent_id).values(capabilities=capabilities))


def test_a_silent_or_restarted_agent_is_lost(fresh_database: str) -> None:
    lab_id = make_lab("live")
    picked = Capabilities(process_started_at=STARTED, runtime_dir="/tmp/x")
    proxy = add_agent(lab_id, "proxy-1", ["proxy"])
    injector = add_agent(lab_id, "injector-1", ["injector"])
    for agent_id in (proxy, injector):
        set_capabilities(agent_id, picked)
    execution = Execution(
        run_id=1, lab_id=lab_id, lab_name="live", spec=ExperimentSpec.model_validate(RUN_SPEC)
    )
    execution.agents["proxy"] = AgentRef(proxy, "proxy-1", ("proxy",), picked)
    execution.injectors.append(AgentRef(injector, "injector-1", ("injector",), picked))

    assert lost_agent(execution, during="running") is None

    set_capabilities(injector, Capabilities(process_started_at="2026-11-26T08:00:05+00:00"))
    assert lost_agent(execution, during="running") == (
        "agent injector-1 restarted during running: the process running this run died"
    )
    set_capabilities(injector, picked)
    set_capabilities(proxy, Capabilities())  # an agent that does not say when it started: not judged
    assert lost_agent(execution, during="running") is None

    silent = add_agent(lab_id, "target-1", ["target"], seen_seconds_ago=ONLINE_WINDOW_S + 5)
    execution.agents["target"] = AgentRef(silent, "target-1", ("target",), picked)
    assert lost_agent(execution, during="running") == "agent target-1 lost during running"
