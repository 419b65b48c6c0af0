"""Which addresses a lab's runs may send traffic to, and the checks that hold specs to it.

The rules are contract.lab_boundary's; here the lab's part comes from the database: its agents'
data addresses (from their hello), the entries its admins added, and the control plane's own
ports (from the settings). Checked at validate (against the chosen lab, or, without one, against
everything the team's labs allow), at create and new version (the team's labs), at launch (the
launch's lab, every sweep point) and by the worker when a run starts (the lab may have changed).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from pydantic import ValidationError
from sqlalchemy.orm import Session

from backend.errors import ApiError, FieldError
from backend.labs.service import lab_agents, list_labs
from backend.models import Agent, Lab
from backend.settings import get_settings
from contract.expansion import point_params, point_spec
from contract.experiment import ExperimentSpec
from contract.lab_boundary import Boundary, BoundaryEntry, destinations, join

SPEC_FIELD = "spec"


def control_plane_ports() -> frozenset[int]:
    """The API's, PostgreSQL's and Redis's ports, as this control plane is configured."""
    settings = get_settings()
    ports = {settings.api_port}
    for url, default in ((settings.database_url, 5432), (settings.redis_url, 6379), (settings.public_url, 0)):
        try:
            port = urlsplit(url).port
        except ValueError:
            port = None
        if port or default:
            ports.add(port or default)
    return frozenset(ports)


def stored_entries(lab: Lab) -> list[BoundaryEntry]:
    entries = []
    for raw in lab.boundary_entries or []:
        try:
            entries.append(BoundaryEntry.model_validate(raw))
        except ValidationError:
            continue  # written by an older version with other rules: no longer allows anything
    return entries


def agent_addresses(agents: list[Agent]) -> list[tuple[str, str]]:
    """(agent name, data address) of each agent that reported one."""
    out = []
    for agent in agents:
        address = agent.capabilities.data_address
        if address:
            out.append((agent.name, address))
    return out


def lab_boundary(db: Session, lab: Lab) -> Boundary:
    agents = lab_agents(db, [lab.id])[lab.id]
    return Boundary(
        agent_addresses=tuple(address for _, address in agent_addresses(agents)),
        entries=tuple(stored_entries(lab)),
        control_plane_ports=control_plane_ports(),
    )


def team_boundary(db: Session, team_id: int) -> Boundary:
    """Everything any lab of the team allows: for a spec not yet tied to a lab."""
    return join([lab_boundary(db, lab) for lab in list_labs(db, team_id)], control_plane_ports())


def spec_problems(document: dict[str, Any], boundary: Boundary, prefix: str = SPEC_FIELD) -> list[FieldError]:
    """A field error for each address of the spec document outside the boundary."""
    problems = []
    for destination in destinations(document):
        why = boundary.problem(destination.host, destination.port)
        if why is not None:
            problems.append(
                FieldError(field=f"{prefix}.{destination.field}", message=f"{destination.what} {why}")
            )
    return problems


def sweep_problems(spec: ExperimentSpec, boundary: Boundary, prefix: str = SPEC_FIELD) -> list[FieldError]:
    """The spec's and every sweep point's addresses outside the boundary (each reported once)."""
    problems = spec_problems(spec.model_dump(mode="json", by_alias=True), boundary, prefix)
    seen = {(p.field, p.message) for p in problems}
    for index, params in enumerate(point_params(spec.sweep)):
        try:
            point = point_spec(spec, index, params)
        except ValueError:
            continue  # an invalid point is reported by the spec checks
        for problem in spec_problems(point.model_dump(mode="json", by_alias=True), boundary, prefix):
            if (problem.field, problem.message) not in seen:
                seen.add((problem.field, problem.message))
                settings = ", ".join(f"{path}={value!r}" for path, value in params.items())
                problems.append(
                    FieldError(
                        field=problem.field, message=f"sweep point {index} ({settings}): {problem.message}"
                    )
                )
    return problems


def refuse_outside(problems: list[FieldError]) -> None:
    if problems:
        summary = "; ".join(f"{p.field}: {p.message}" for p in problems[:3])
        raise ApiError(422, "validation_error", summary, problems)
