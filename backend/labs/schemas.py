from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from contract.capabilities import Capabilities
from contract.clock import ClockMeasurement
from contract.lab import LabSettings
from contract.lab_boundary import BoundaryEntry

AgentRoleName = Literal["proxy", "injector", "target"]
AgentStatus = Literal["online", "busy", "offline", "revoked"]


class LabCreate(BaseModel):
    name: str = Field(min_length=1, max_length=120)
    description: str = Field("", max_length=4000)
    settings: dict[str, Any] = Field(
        default_factory=dict, description="link shaping and other lab-wide settings"
    )


class LabUpdate(BaseModel):
    """Fields left out (or null) keep their value."""

    name: str | None = Field(None, min_length=1, max_length=120)
    description: str | None = Field(None, max_length=4000)
    settings: dict[str, Any] | None = None


class AgentOut(BaseModel):
    id: int
    name: str
    roles: list[str]
    version: str
    capabilities: Capabilities
    clock: ClockMeasurement | None = Field(
        description="its clock against the API's, measured at its last hello (null: never measured)"
    )
    last_seen_at: datetime | None
    status: AgentStatus = Field(
        description="offline after 15 s without a heartbeat; busy while its lab runs; revoked: its token "
        "is refused for good"
    )
    revoked_at: datetime | None = Field(
        description="when a lab admin revoked it, or its name was enrolled again (null: it is live)"
    )


class LabSummary(BaseModel):
    id: int
    name: str
    description: str
    created_at: datetime
    active_run_id: int | None
    busy: bool = Field(description="a run holds the lab")
    agent_count: int = Field(description="live agents (revoked ones are not counted)")
    online_agent_count: int = Field(description="agents heard from in the last 15 s")


class ShapingOffer(BaseModel):
    bandwidth: bool = Field(description="bandwidth caps (tc tbf) can be applied on the proxy host")
    delay_loss: bool = Field(description="delay and loss (netem) can be applied; grey them out when false")
    qdiscs: list[str] | None = Field(description="qdiscs the proxy agents reported; null before any hello")


class AgentAddress(BaseModel):
    agent: str
    address: str = Field(description="the data address the agent reported; its runs may reach it")


class BoundaryView(BaseModel):
    """Where this lab's runs may send traffic (contract/lab_boundary.py has the rules)."""

    agents: list[AgentAddress] = Field(description="allowed by default: the lab's own agents, any port")
    entries: list[BoundaryEntry] = Field(description="added by lab admins")
    control_plane_ports: list[int] = Field(
        description="haplab's own ports: reachable only through an entry that names the port"
    )
    refused_by_default: list[str] = Field(
        description="ranges no run reaches unless an entry covers them (loopback, link-local ...)"
    )


class LabDetail(LabSummary):
    settings: LabSettings
    agents: list[AgentOut] = Field(description="the live agents, by name")
    revoked_agents: list[AgentOut] = Field(
        description="agents revoked (or replaced by a new enrollment of their name), the latest first: "
        "kept because runs name them; they count for nothing"
    )
    link_shaping: ShapingOffer = Field(description="what settings.link_shaping can ask of the proxy host")
    boundary: BoundaryView


class EnrollmentTokenCreate(BaseModel):
    roles: list[AgentRoleName] = Field(
        default_factory=list, description="roles the enrolling agent may take; empty means any"
    )
    expires_in_minutes: int = Field(60, ge=1, le=7 * 24 * 60)


class EnrollmentTokenOut(BaseModel):
    id: int
    prefix: str
    roles: list[str]
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None
    agent_id: int | None


class EnrollmentTokenCreated(EnrollmentTokenOut):
    token: str = Field(description="the one-time secret; shown this once and never again")
    command: str = Field(description="paste on the lab host (replace NAME with the agent's name)")
