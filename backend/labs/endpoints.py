"""/labs: test beds and their agents, and the enrollment tokens that let agents join them."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Response, status

from backend.api.deps import AdminDep, EditorDep, SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.labs import boundary, enrollment, revocation, service
from backend.labs.authority import lab_authority
from backend.labs.link_shaping import shaping_offer
from backend.labs.schemas import (
    AgentAddress,
    AgentOut,
    BoundaryView,
    EnrollmentTokenCreate,
    EnrollmentTokenCreated,
    EnrollmentTokenOut,
    LabCreate,
    LabDetail,
    LabSummary,
    LabUpdate,
    ShapingOffer,
)
from backend.models import Agent, Lab
from contract.lab import LabSettings
from contract.lab_boundary import SENSITIVE_NETWORKS, BoundaryEntries

log = logging.getLogger(__name__)
router = APIRouter(tags=["labs"], route_class=StorableRoute)


def _summary(lab: Lab, agents: list[Agent], online: set[int]) -> LabSummary:
    return LabSummary(
        id=lab.id,
        name=lab.name,
        description=lab.description,
        created_at=lab.created_at,
        active_run_id=lab.active_run_id,
        busy=lab.active_run_id is not None,
        agent_count=len(agents),
        online_agent_count=sum(a.id in online for a in agents),
    )


def _boundary_view(lab: Lab, agents: list[Agent]) -> BoundaryView:
    return BoundaryView(
        agents=[
            AgentAddress(agent=name, address=address) for name, address in boundary.agent_addresses(agents)
        ],
        entries=boundary.stored_entries(lab),
        control_plane_ports=sorted(boundary.control_plane_ports()),
        refused_by_default=[f"{network} ({why})" for network, why in SENSITIVE_NETWORKS],
    )


def _agent_out(agent: Agent, lab: Lab, online: set[int]) -> AgentOut:
    return AgentOut(
        id=agent.id,
        name=agent.name,
        roles=agent.roles,
        version=agent.version,
        capabilities=agent.capabilities,
        clock=agent.clock,
        last_seen_at=agent.last_seen_at,
        status=service.agent_status(agent, lab, online),
        revoked_at=agent.revoked_at,
    )


def _detail(db: SessionDep, lab: Lab) -> LabDetail:
    agents = service.lab_agents(db, [lab.id])[lab.id]
    online = service.online_agent_ids(db, [lab.id])
    return LabDetail(
        **_summary(lab, agents, online).model_dump(),
        settings=LabSettings.stored(lab.settings),
        link_shaping=ShapingOffer(**shaping_offer(agents)),
        boundary=_boundary_view(lab, agents),
        agents=[_agent_out(a, lab, online) for a in agents],
        revoked_agents=[_agent_out(a, lab, online) for a in service.revoked_agents(db, lab.id)],
    )


@router.get("/labs")
def list_labs(who: ViewerDep, db: SessionDep) -> list[LabSummary]:
    labs = service.list_labs(db, who.team_id)
    agents = service.lab_agents(db, [lab.id for lab in labs])
    online = service.online_agent_ids(db, [lab.id for lab in labs])
    return [_summary(lab, agents[lab.id], online) for lab in labs]


@router.post("/labs", status_code=status.HTTP_201_CREATED)
def create_lab(body: LabCreate, who: EditorDep, db: SessionDep) -> LabDetail:
    lab = service.create_lab(db, who.team_id, body.name, body.description, body.settings)
    return _detail(db, lab)


@router.get("/labs/{lab_id}")
def get_lab(lab_id: int, who: ViewerDep, db: SessionDep) -> LabDetail:
    return _detail(db, service.get_lab(db, who.team_id, lab_id))


@router.patch("/labs/{lab_id}")
def update_lab(lab_id: int, body: LabUpdate, who: EditorDep, db: SessionDep) -> LabDetail:
    lab = service.update_lab(db, who.team_id, lab_id, body.model_dump(exclude_none=True))
    return _detail(db, lab)


@router.put("/labs/{lab_id}/boundary")
def set_lab_boundary(lab_id: int, body: BoundaryEntries, who: AdminDep, db: SessionDep) -> LabDetail:
    """Replace the entries lab admins added to where this lab's runs may send traffic.

    Admins only: an entry can open loopback, link-local or haplab's own ports to the lab's runs."""
    lab = service.get_lab(db, who.team_id, lab_id, for_update=True)
    lab.boundary_entries = [entry.model_dump() for entry in body.entries]
    db.flush()
    log.info(
        "lab %s boundary set by user %s: %s", lab.id, who.user_id, [e.model_dump() for e in body.entries]
    )
    return _detail(db, lab)


@router.delete("/labs/{lab_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_lab(lab_id: int, who: AdminDep, db: SessionDep) -> None:
    """Delete a lab with its agents and its run history. 409 while a run is queued or active on it."""
    service.delete_lab(db, who.team_id, lab_id)


@router.post("/labs/{lab_id}/agents/{agent_id}/revoke")
def revoke_agent(lab_id: int, agent_id: int, who: AdminDep, db: SessionDep) -> AgentOut:
    """Revoke an agent: its token is refused from now on, on every agent route, a poll it holds
    open included; a run using it fails, naming it. Admins only. It stays listed as revoked
    (runs name it); enroll its name again to bring the host back with a new token. Revoking a
    revoked agent changes nothing."""
    agent = revocation.revoke_agent(db, who.team_id, lab_id, agent_id)
    log.info("agent %s (%s) of lab %s revoked by user %s", agent.id, agent.name, lab_id, who.user_id)
    lab = service.get_lab(db, who.team_id, lab_id)
    return _agent_out(agent, lab, set())


@router.post("/labs/{lab_id}/enrollment-tokens", status_code=status.HTTP_201_CREATED)
def create_enrollment_token(
    lab_id: int, body: EnrollmentTokenCreate, who: EditorDep, db: SessionDep
) -> EnrollmentTokenCreated:
    """A one-time token for an agent to join this lab, with the command to paste on its host."""
    row, secret = enrollment.create_enrollment_token(
        db, who.team_id, lab_id, who.user_id, body.roles, body.expires_in_minutes
    )
    return EnrollmentTokenCreated(
        **EnrollmentTokenOut.model_validate(row, from_attributes=True).model_dump(),
        token=secret,
        command=enrollment.enroll_command(secret, row.roles),
    )


@router.get("/labs/{lab_id}/enrollment-tokens")
def list_enrollment_tokens(lab_id: int, who: ViewerDep, db: SessionDep) -> list[EnrollmentTokenOut]:
    rows = enrollment.list_enrollment_tokens(db, who.team_id, lab_id)
    return [EnrollmentTokenOut.model_validate(row, from_attributes=True) for row in rows]


@router.delete("/labs/{lab_id}/enrollment-tokens/{token_id}", status_code=status.HTTP_204_NO_CONTENT)
def revoke_enrollment_token(lab_id: int, token_id: int, who: EditorDep, db: SessionDep) -> None:
    """Revoke an unused enrollment token (a used one is kept as the record of its agent: 409)."""
    enrollment.revoke_enrollment_token(db, who.team_id, lab_id, token_id)


_PEM: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"application/x-pem-file": {"schema": {"type": "string"}}},
        "description": "The lab CA's certificate (PEM).",
    }
}


@router.get("/labs/{lab_id}/ca.pem", response_class=Response, responses=_PEM)
def get_lab_ca_certificate(lab_id: int, who: ViewerDep, db: SessionDep) -> Response:
    """The certificate of the lab's CA, for clients that should trust the lab's TLS endpoints.

    The CA is made on first use (here or by the lab's first TLS run); its key never leaves the server.
    """
    lab = service.get_lab(db, who.team_id, lab_id)
    pem = lab_authority(db, lab.id).certificate_pem
    return Response(
        pem,
        media_type="application/x-pem-file",
        headers={"Content-Disposition": f'attachment; filename="lab-{lab.id}-ca.pem"'},
    )
