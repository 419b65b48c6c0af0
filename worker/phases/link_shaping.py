"""The lab's link shaping (contract.lab), applied by the proxy agent before the load of every run.

The caps are a property of the lab (the emulated instance), so they are read from the lab's
settings at run time, checked against the qdiscs the proxy agent reported (delay and loss need
netem), sent as a typed ShapeLinks command, and what the agent applied is returned for the run's
environment fingerprint. The agent removes them at the run's Teardown.
"""

from __future__ import annotations

from pydantic import ValidationError

from backend.db import session_scope
from backend.models import Lab
from contract.command_results import LinksShaped
from contract.lab import link_shaping_of, netem_problem
from contract.protocol import ShapeLinks
from contract.run_environment import AppliedLinkShaping
from worker import agent_rpc
from worker.execution import Execution
from worker.phases.base import PhaseError

SHAPE_TIMEOUT_S = 15.0


def apply_link_shaping(ex: Execution) -> AppliedLinkShaping | None:
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
    qdiscs = agent.capabilities.qdiscs
    problem = netem_problem(shaping, qdiscs)
    if problem is not None:
        raise PhaseError(f"lab {ex.lab_name!r}: settings.link_shaping: {problem}")
    shaped = agent_rpc.request(
        agent.id, ShapeLinks(run_id=ex.run_id, shaping=shaping), LinksShaped, SHAPE_TIMEOUT_S
    )
    return AppliedLinkShaping(agent=agent.name, settings=shaping, applied=shaped.applied)
