"""Request and response bodies of the agent gateway (enrollment's and hello's, which the agent
reads too, are in contract.protocol).

The envelopes narrow contract.protocol.Envelope's body to what each endpoint accepts, so a Hello
posted to /agent/messages (or a command posted by an agent) is a 422 naming `body.type`, and
the OpenAPI document shows the exact message types per endpoint.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from contract.protocol import CommandResult, Envelope, Heartbeat, Hello, SampleBatch


class HelloEnvelope(Envelope):
    body: Hello


class AgentMessageEnvelope(Envelope):
    body: Annotated[Heartbeat | SampleBatch | CommandResult, Field(discriminator="type")]


class MessageAccepted(BaseModel):
    accepted: bool = True
    inserted: int = Field(0, description="Samples newly stored (0 for a resent batch).")
