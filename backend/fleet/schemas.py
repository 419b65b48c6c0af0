"""Request and response bodies of the agent gateway.

The envelopes narrow spec.protocol.Envelope's body to what each endpoint accepts, so a Hello
posted to /agent/messages (or a command posted by an agent) is a 422 naming `body.type`, and
the OpenAPI document shows the exact message types per endpoint.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from spec.protocol import CommandResult, Envelope, Heartbeat, Hello, Role, SampleBatch
from spec.text_types import AgentName


class EnrollRequest(BaseModel):
    token: str = Field(min_length=1, max_length=200, description="The one-time enrollment token (hle_...).")
    name: AgentName
    roles: list[Role] = Field(
        default_factory=list,
        max_length=3,
        description="Roles the agent takes; empty takes the token's roles.",
    )


class EnrollResponse(BaseModel):
    agent_id: int
    agent_token: str = Field(description="The agent's own secret (hla_...), shown once: keep it.")
    lab_id: int
    name: str
    roles: list[str] = Field(
        description="The roles the agent was enrolled with (the token's, if it sent none)."
    )


class HelloEnvelope(Envelope):
    body: Hello


class HelloResponse(BaseModel):
    agent_id: int
    lab_id: int
    name: str
    protocol_version: int
    heartbeat_interval_s: float = Field(description="Send a Heartbeat this often (seconds).")


class AgentMessageEnvelope(Envelope):
    body: Annotated[Heartbeat | SampleBatch | CommandResult, Field(discriminator="type")]


class MessageAccepted(BaseModel):
    accepted: bool = True
    inserted: int = Field(0, description="Samples newly stored (0 for a resent batch).")
