from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import Enum, ForeignKey, Index, String, func, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from backend.models.base import Base, CreatedAtMixin, IdMixin


class Role(StrEnum):
    """Ordered: each role can do everything the previous one can."""

    viewer = "viewer"
    editor = "editor"
    admin = "admin"

    @property
    def rank(self) -> int:
        return _ROLE_RANK[self]  # every request checks a role: no list built per call

    def allows(self, needed: Role) -> bool:
        return self.rank >= needed.rank


_ROLE_RANK = {role: rank for rank, role in enumerate(Role)}


class Team(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "team"

    name: Mapped[str] = mapped_column(String(120))
    slug: Mapped[str] = mapped_column(String(64), unique=True)

    memberships: Mapped[list[Membership]] = relationship(back_populates="team", cascade="all, delete-orphan")


class User(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "user_account"
    __table_args__ = (Index("uq_user_account_email_lower", func.lower(text("email")), unique=True),)

    email: Mapped[str] = mapped_column(String(254))
    name: Mapped[str] = mapped_column(String(120))
    password_hash: Mapped[str] = mapped_column(String(255))
    is_active: Mapped[bool] = mapped_column(default=True)

    memberships: Mapped[list[Membership]] = relationship(back_populates="user", cascade="all, delete-orphan")


class Membership(CreatedAtMixin, Base):
    __tablename__ = "membership"

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[Role] = mapped_column(
        Enum(Role, native_enum=False, create_constraint=True, length=16, name="role")
    )

    team: Mapped[Team] = relationship(back_populates="memberships")
    user: Mapped[User] = relationship(back_populates="memberships")


class UserSession(IdMixin, CreatedAtMixin, Base):
    """A browser login. The cookie carries a random token; only its SHA-256 is stored."""

    __tablename__ = "user_session"

    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    # The team the browser is working in (the team switcher changes it).
    team_id: Mapped[int | None] = mapped_column(ForeignKey("team.id", ondelete="SET NULL"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]


class ApiToken(IdMixin, CreatedAtMixin, Base):
    """A bearer token for scripts: acts as its user in one team, capped by its scope.

    Tokens are 256-bit random strings, so a plain SHA-256 is the right hash (argon2 is for
    low-entropy passwords); `prefix` is shown in the UI so people can tell tokens apart.
    """

    __tablename__ = "api_token"

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    prefix: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The most this token may do, whatever its user's role: viewer (read), editor, admin.
    scope: Mapped[Role] = mapped_column(
        Enum(Role, native_enum=False, create_constraint=True, length=16, name="token_scope")
    )
    expires_at: Mapped[datetime | None]
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]


__all__ = ["ApiToken", "Membership", "Role", "Team", "User", "UserSession"]
