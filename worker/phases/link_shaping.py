"""The lab's link shaping (spec.lab), applied by the proxy agent before the load of every run.

The caps are a property of the lab (the emulated instance), so they are read from the lab's
settings at run time, checked against the qdiscs the proxy agent reported (delay and loss need
netem), sent as a typed ShapeLinks command, and what the agent applied is returned for the run's
environment fingerprint. The agent removes them at the run's Teardown.
"""

from __future__ import annotations

from pydantic import JsonValue, ValidationError

from backend.db import session_scope
from backend.models import Lab
from spec.lab import link_shaping_of, netem_problem
from spec.protocol import ShapeLinks
from worker import agent_rpc
from worker.execution import Execution
from worker.phases.base import PhaseError

SHAPE_TIMEOUT_S = 15.0


def apply_link_shaping(ex: Execution) -> dict[str, JsonValue] | None:
    """Shape the proxy's links as the lab says; None when the lab has no shaping."""
    with session_scope() as db:
        lab = db.get(Lab, ex.lab_id)
        settings = dict(lab.settings) if lab is not None else {}
    try:
        shaping = link_shaping_of(settings)
    except ValidationError as exc:
        raise PhaseError(f"lab {ex.lab_name!r} has invalid settings.link_shaping: {exc}") from None
    if shaping is None:
        return None
    agent = ex.agent("proxy")
    qdiscs = agent.capabilities.get("qdiscs")
    problem = netem_problem(shaping, [str(q) for q in qdiscs] if isinstance(qdiscs, list) else None)
    if problem is not None:
        raise PhaseError(f"lab {ex.lab_name!r}: settings.link_shaping: {problem}")
    data = agent_rpc.send_command(
        agent.id, ShapeLinks(run_id=str(ex.run_id), shaping=shaping), timeout_s=SHAPE_TIMEOUT_S
    )
    return {"agent": agent.name, "settings": shaping.model_dump(mode="json"), "applied": data.get("applied")}
