"""First start: make sure an admin user and their team exist (idempotent, safe to re-run)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.accounts.users import create_user, find_user_by_email
from backend.models import Membership, Role, Team, User
from backend.teams.service import add_membership, create_team, slugify


def ensure_admin(db: Session, email: str, password: str, team_name: str) -> tuple[User, Team]:
    """The user `email` as admin of the team named `team_name`, creating whatever is missing.

    An existing user keeps their password (re-running never resets it); an existing member of
    the team is promoted to admin.
    """
    user = find_user_by_email(db, email) or create_user(db, email=email, password=password)
    slug = slugify(team_name)
    team = db.scalar(select(Team).where(Team.slug == slug))
    if team is None:
        team = create_team(db, name=team_name, slug=slug)
    membership = db.get(Membership, (team.id, user.id))
    if membership is None:
        add_membership(db, team_id=team.id, user_id=user.id, role=Role.admin)
    elif membership.role != Role.admin:
        membership.role = Role.admin
        db.flush()
    return user, team
