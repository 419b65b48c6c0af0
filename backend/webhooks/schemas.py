"""Request and response models of /webhooks."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from backend.webhooks.egress import EgressRefusedError, destination
from backend.webhooks.events import EventName, PayloadFormat


class WebhookCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=120)
    url: str = Field(
        min_length=1,
        max_length=2000,
        description="http(s) URL to a public address on port 80 or 443 (others only where the operator "
        "allows them); an international host name is sent IDNA-encoded.",
    )
    events: list[EventName] = Field(min_length=1, max_length=10)
    payload_format: PayloadFormat = Field(
        default="haplab", description="haplab: signed JSON event; slack: {text}."
    )

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        try:  # what the text tells; the addresses a name resolves to are checked at each attempt
            destination(value)
        except EgressRefusedError as exc:
            raise ValueError(str(exc)) from None
        return value

    @field_validator("events")
    @classmethod
    def _distinct(cls, value: list[EventName]) -> list[EventName]:
        return list(dict.fromkeys(value))


class WebhookOut(BaseModel):
    """A webhook as listed: never its secret."""

    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    url: str
    events: list[str]
    payload_format: str
    active: bool
    created_at: datetime
    last_delivery_status: str | None = None
    last_delivery_at: datetime | None = None


class WebhookCreated(WebhookOut):
    secret: str = Field(description="The HMAC-SHA256 key of the signatures. Shown now, never again.")


class DeliveryOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    webhook_id: int
    event: str
    status: Literal["pending", "delivered", "failed"]
    attempts: int
    last_status_code: int | None
    last_response: str | None = Field(description="The receiver's answer, its first 2,000 characters.")
    last_error: str | None
    created_at: datetime
    last_attempt_at: datetime | None
    delivered_at: datetime | None
    payload: dict[str, Any]
