from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, ForeignKey, Index, String, Text, UniqueConstraint, func, text
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column, validates

from backend.models.base import Base, CreatedAtMixin, IdMixin
from backend.models.typed_json import ModelJSON, as_model
from contract.capabilities import Capabilities
from contract.clock import ClockMeasurement
from contract.protocol import ONLINE_WINDOW_S


class Lab(IdMixin, CreatedAtMixin, Base):
    """A test bed: one proxy host, injector host(s), target host(s). Runs on a lab never overlap.

    `active_run_id` + `lease_expires_at` are the lab lock: a worker claims the lab with a
    guarded UPDATE (`WHERE active_run_id IS NULL OR lease_expires_at < now()`) and renews the
    lease while the run executes, so a dead worker frees the lab by itself.
    """

    __tablename__ = "lab"
    __table_args__ = (UniqueConstraint("team_id", "name"),)

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    description: Mapped[str] = mapped_column(Text, default="")
    # Link shaping and other lab-wide settings (validated by contract.lab when present).
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # The lab admins' entries of its traffic boundary (contract.lab_boundary.BoundaryEntry as JSON).
    # Apart from `settings` because only admins may change it (editors change settings).
    boundary_entries: Mapped[list[dict[str, Any]]] = mapped_column(
        JSONB, default=list, server_default=text("'[]'::jsonb")
    )
    active_run_id: Mapped[int | None] = mapped_column(
        ForeignKey("run.id", ondelete="SET NULL", use_alter=True), nullable=True
    )
    lease_expires_at: Mapped[datetime | None]


class Agent(IdMixin, CreatedAtMixin, Base):
    """A haplab-agent process on a lab host, with one or more roles (proxy, injector, target).

    `revoked_at` is set once (a lab admin revoked it, or its name was enrolled again) and never
    cleared: the row stays as the record of the agent that was (backend/labs/revocation.py).
    """

    __tablename__ = "agent"
    __table_args__ = (
        # One live agent per name in a lab; revoked ones keep their name beside the one that
        # replaced them (migration 0018).
        Index(
            "uq_agent_lab_id_name_live",
            "lab_id",
            "name",
            unique=True,
            postgresql_where=text("revoked_at IS NULL"),
        ),
    )

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    lab_id: Mapped[int] = mapped_column(ForeignKey("lab.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    roles: Mapped[list[str]] = mapped_column(ARRAY(String(16)))
    # What the agent said in its hello: version, haproxy -vv, tool versions, cores, kernel, qdiscs.
    capabilities: Mapped[Capabilities] = mapped_column(ModelJSON(Capabilities), default=Capabilities)
    version: Mapped[str] = mapped_column(String(40), default="")
    # Its clock against the API's, as measured just before its last hello (contract.clock); NULL
    # until an agent that measures says hello.
    clock: Mapped[ClockMeasurement | None] = mapped_column(ModelJSON(ClockMeasurement), nullable=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    last_seen_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]
    # When its team's webhooks were told it went silent (agent.offline); cleared once it is back.
    offline_notified_at: Mapped[datetime | None]

    @classmethod
    def heard_within(cls, seconds: float = ONLINE_WINDOW_S) -> ColumnElement[bool]:
        """The one liveness rule: heard from (heartbeat, poll, message) within `seconds`, by the
        database's clock, the one last_seen_at is written with. Never heard from: not online."""
        return cls.last_seen_at >= func.now() - timedelta(seconds=seconds)

    @classmethod
    def silent_seconds(cls) -> ColumnElement[Any]:
        """Seconds since the agent was last heard from (NULL: never), by the database's clock."""
        return func.extract("epoch", func.now() - cls.last_seen_at)

    @validates("capabilities")
    def _typed_capabilities(self, _key: str, value: object) -> Capabilities:
        return as_model(value or {}, Capabilities) or Capabilities()


class EnrollmentToken(IdMixin, CreatedAtMixin, Base):
    """A one-time token an agent exchanges for its own agent token when it first starts."""

    __tablename__ = "enrollment_token"

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    lab_id: Mapped[int] = mapped_column(ForeignKey("lab.id", ondelete="CASCADE"), index=True)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    # Roles the enrolling agent may take; empty means any.
    roles: Mapped[list[str]] = mapped_column(ARRAY(String(16)), default=list)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
    agent_id: Mapped[int | None] = mapped_column(ForeignKey("agent.id", ondelete="SET NULL"))
