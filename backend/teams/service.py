"""Teams and their members. Every change to roles keeps at least one admin per team."""

from __future__ import annotations

import re

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from backend.accounts.users import create_user, find_user_by_email
from backend.errors import ApiError, FieldError, conflict, invalid, not_found
from backend.models import Membership, Role, Team, User
from backend.teams.scoping import readable, writable
from backend.teams.tokens import revoke_member_tokens

SLUG_PATTERN = r"^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$"
_SLUG_RE = re.compile(SLUG_PATTERN)


def slugify(name: str) -> str:
    """A slug for a team name ("Perf Team #2" -> "perf-team-2"), for when none is given."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:64].strip("-")
    return slug or "team"


def create_team(db: Session, name: str, slug: str, creator_id: int | None = None) -> Team:
    """A new team; its creator (if any) becomes its first admin. Slugs are unique (409)."""
    if not _SLUG_RE.match(slug):
        raise invalid("slug", "lowercase letters, digits and inner hyphens, 1 to 64 characters")
    team = Team(name=name, slug=slug)
    try:
        with db.begin_nested():
            db.add(team)
            db.flush()
    except IntegrityError:
        raise ApiError(
            409, "conflict", f"team slug {slug} is taken", [FieldError(field="slug", message="already taken")]
        ) from None
    if creator_id is not None:
        add_membership(db, team_id=team.id, user_id=creator_id, role=Role.admin)
    return team


def lock_team(db: Session, team_id: int) -> None:
    """Hold the team's row until commit, so a cap counted over the team's rows (its schedules,
    its queued runs) and the insert it allows happen one request at a time: two at once cannot
    both pass. FOR NO KEY UPDATE: the team's other inserts (which take a key-share lock on the
    row through their foreign key) do not wait for it."""
    db.execute(select(Team.id).where(Team.id == team_id).with_for_update(key_share=True))


def add_membership(db: Session, team_id: int, user_id: int, role: Role) -> Membership:
    if db.get(Membership, (team_id, user_id)) is not None:
        raise ApiError(
            409,
            "conflict",
            "already a member of this team",
            [FieldError(field="email", message="already a member")],
        )
    membership = Membership(team_id=team_id, user_id=user_id, role=role)
    db.add(membership)
    db.flush()
    return membership


def teams_of_user(db: Session, user_id: int) -> list[tuple[Team, Role]]:
    rows = db.execute(
        select(Team, Membership.role)
        .join(Membership, Membership.team_id == Team.id)
        .where(Membership.user_id == user_id)
        .order_by(Team.name, Team.id)
    )
    return [(team, role) for team, role in rows]


def membership_role(db: Session, team_id: int, user_id: int) -> Role | None:
    return db.scalar(readable(Membership, team_id, Membership.role).where(Membership.user_id == user_id))


def list_members(db: Session, team_id: int) -> list[tuple[User, Membership]]:
    rows = db.execute(
        readable(Membership, team_id, User, Membership)
        .join(Membership, Membership.user_id == User.id)
        .order_by(func.lower(User.email))
    )
    return [(user, membership) for user, membership in rows]


def add_member(
    db: Session,
    team_id: int,
    email: str,
    role: Role,
    name: str = "",
    password: str | None = None,
) -> tuple[User, Membership]:
    """Add an existing user by email, or create the user when `password` is given."""
    user = find_user_by_email(db, email)
    if user is None:
        if password is None:
            raise invalid("password", "no user has this email; give an initial password to create one")
        user = create_user(db, email=email, name=name, password=password)
    elif password is not None:
        # Saying nothing would let the admin believe they had set this person's password.
        raise invalid("password", "this user already exists and keeps their own password; leave it out")
    return user, add_membership(db, team_id=team_id, user_id=user.id, role=role)


def _locked_membership(db: Session, team_id: int, user_id: int) -> Membership:
    membership = db.scalar(writable(Membership, team_id).where(Membership.user_id == user_id))
    if membership is None:
        raise not_found("member", user_id)
    return membership


def _ensure_another_admin(db: Session, team_id: int, user_id: int) -> None:
    """Refuse (409) to take the admin role away from the team's last admin who can sign in.

    An admin whose account is deactivated does not count: the team would be left with nobody
    able to manage it. The admin rows are locked, so two admins demoting each other at once
    cannot both pass.
    """
    admins = db.scalars(
        readable(Membership, team_id, Membership.user_id)
        .join(User, User.id == Membership.user_id)
        .where(Membership.role == Role.admin, User.is_active.is_(True))
        .with_for_update(of=Membership)
    ).all()
    if set(admins) <= {user_id}:
        raise conflict("a team needs at least one admin; make someone else admin first")


def change_member_role(db: Session, team_id: int, user_id: int, role: Role) -> Membership:
    membership = _locked_membership(db, team_id, user_id)
    if membership.role == Role.admin and role != Role.admin:
        _ensure_another_admin(db, team_id, user_id)
    membership.role = role
    db.flush()
    return membership


def remove_member(db: Session, team_id: int, user_id: int) -> None:
    membership = _locked_membership(db, team_id, user_id)
    if membership.role == Role.admin:
        _ensure_another_admin(db, team_id, user_id)
    db.delete(membership)
    revoke_member_tokens(db, user_id=user_id, team_id=team_id)
    db.flush()
