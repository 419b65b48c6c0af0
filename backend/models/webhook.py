"""Webhooks: a team's HTTP endpoints told of runs, failed thresholds and detected changes, and
every delivery attempt's outcome."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, func, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base, CreatedAtMixin, IdMixin


class Webhook(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "webhook"

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    url: Mapped[str] = mapped_column(Text)
    # The HMAC-SHA256 key of its signatures, encrypted with the server's keys
    # (backend/webhooks/secret_box.py): shown once, at creation, never in a reply again.
    secret_encrypted: Mapped[str] = mapped_column(Text)
    events: Mapped[list[str]] = mapped_column(ARRAY(String(40)))
    # "haplab": the signed JSON event; "slack": {"text": ...} for a Slack incoming webhook.
    payload_format: Mapped[str] = mapped_column(String(16), default="haplab")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))


class WebhookDelivery(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "webhook_delivery"
    # What the sweep of lost deliveries reads (backend/webhooks/service.py, requeue_lost).
    __table_args__ = (
        Index("ix_webhook_delivery_due", "next_attempt_at", postgresql_where=text("status = 'pending'")),
    )

    webhook_id: Mapped[int] = mapped_column(ForeignKey("webhook.id", ondelete="CASCADE"), index=True)
    event: Mapped[str] = mapped_column(String(40))
    payload: Mapped[dict[str, Any]]
    # pending (to be tried, or retried), delivered (a 2xx), failed (gave up: see last_error).
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_status_code: Mapped[int | None] = mapped_column(Integer)
    last_response: Mapped[str | None] = mapped_column(Text)
    last_error: Mapped[str | None] = mapped_column(Text)
    last_attempt_at: Mapped[datetime | None]
    # When a pending delivery is due: now when made, the backoff after a retryable failure, the
    # end of an attempt under way. A message that comes before it is a duplicate and does
    # nothing; a delivery long past it lost its message and is queued again. Null once done.
    next_attempt_at: Mapped[datetime | None] = mapped_column(server_default=func.now())
    delivered_at: Mapped[datetime | None]
