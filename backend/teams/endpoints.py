"""/teams (my teams, members of the current one) and /tokens (my API tokens in the current team)."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, status

from backend.api.deps import AdminDep, SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.auth.dependencies import Caller, get_caller
from backend.errors import ApiError, FieldError, forbidden
from backend.models import ApiToken, Membership, Role, User
from backend.models.base import utcnow
from backend.teams import service, tokens
from backend.teams.schemas import (
    MemberAdd,
    MemberOut,
    MemberUpdate,
    TeamCreate,
    TeamOut,
    TokenCreate,
    TokenCreated,
    TokenOut,
)

router = APIRouter(tags=["teams"], route_class=StorableRoute)

CallerDep = Annotated[Caller, Depends(get_caller)]


def _member_out(user: User, membership: Membership) -> MemberOut:
    return MemberOut(
        user_id=user.id,
        email=user.email,
        name=user.name,
        role=membership.role,
        joined_at=membership.created_at,
    )


def _token_out(row: ApiToken) -> TokenOut:
    return TokenOut.model_validate(row, from_attributes=True)


@router.get("/teams")
def list_teams(caller: CallerDep, db: SessionDep) -> list[TeamOut]:
    """The teams I belong to, with my role in each."""
    return [
        TeamOut(id=team.id, name=team.name, slug=team.slug, role=role, created_at=team.created_at)
        for team, role in service.teams_of_user(db, caller.user.id)
    ]


@router.post("/teams", status_code=status.HTTP_201_CREATED)
def create_team(body: TeamCreate, caller: CallerDep, db: SessionDep) -> TeamOut:
    """Create a team; I become its admin. Needs a browser session or an admin-scoped token."""
    if caller.token is not None and caller.token.scope != Role.admin:
        raise forbidden("creating a team needs a browser session or an admin-scoped API token")
    team = service.create_team(
        db, name=body.name, slug=body.slug or service.slugify(body.name), creator_id=caller.user.id
    )
    return TeamOut(id=team.id, name=team.name, slug=team.slug, role=Role.admin, created_at=team.created_at)


@router.get("/teams/current/members")
def list_members(who: ViewerDep, db: SessionDep) -> list[MemberOut]:
    return [_member_out(user, m) for user, m in service.list_members(db, who.team_id)]


@router.post("/teams/current/members", status_code=status.HTTP_201_CREATED)
def add_member(body: MemberAdd, who: AdminDep, db: SessionDep) -> MemberOut:
    """Add an existing user by email, or create one with an initial password."""
    user, membership = service.add_member(
        db, who.team_id, email=body.email, role=body.role, name=body.name, password=body.password
    )
    return _member_out(user, membership)


@router.patch("/teams/current/members/{user_id}")
def update_member(user_id: int, body: MemberUpdate, who: AdminDep, db: SessionDep) -> MemberOut:
    """Change a member's role. The last admin cannot be demoted (409)."""
    membership = service.change_member_role(db, who.team_id, user_id, body.role)
    return _member_out(membership.user, membership)


@router.delete("/teams/current/members/{user_id}", status_code=status.HTTP_204_NO_CONTENT)
def remove_member(user_id: int, who: AdminDep, db: SessionDep) -> None:
    """Remove a member (and revoke their API tokens for this team). Not the last admin (409)."""
    service.remove_member(db, who.team_id, user_id)


@router.get("/tokens")
def list_tokens(who: ViewerDep, db: SessionDep) -> list[TokenOut]:
    """My API tokens in the current team (never their secrets)."""
    return [_token_out(row) for row in tokens.list_user_tokens(db, who.user_id, who.team_id)]


@router.post("/tokens", status_code=status.HTTP_201_CREATED)
def create_token(body: TokenCreate, who: ViewerDep, db: SessionDep) -> TokenCreated:
    """Create an API token for scripts. The secret is in this response only."""
    if not who.role.allows(body.scope):
        raise ApiError(
            403,
            "forbidden",
            f"scope {body.scope.value} exceeds your role ({who.role.value})",
            [FieldError(field="scope", message=f"at most {who.role.value}")],
        )
    expires_at = None
    if body.expires_in_days is not None:
        expires_at = utcnow() + timedelta(days=body.expires_in_days)
    row, secret = tokens.create_api_token(db, who.user_id, who.team_id, body.name, body.scope, expires_at)
    return TokenCreated(**_token_out(row).model_dump(), token=secret)


@router.delete("/tokens/{token_id}", status_code=status.HTTP_204_NO_CONTENT)
def revoke_token(token_id: int, who: ViewerDep, db: SessionDep) -> None:
    """Revoke one of my tokens; admins may revoke anyone's in the team."""
    tokens.revoke_token(db, token_id, who.team_id, who.user_id, may_revoke_others=who.role == Role.admin)
