"""Request dependencies. Annotated aliases keep route signatures short:

    def list_labs(db: SessionDep, who: ViewerDep) -> ...
    def create_lab(db: SessionDep, who: EditorDep, body: LabCreate) -> ...

Every route that touches team data takes one of Viewer/Editor/AdminDep and its service reads the
rows of `who.team_id` through backend/teams/scoping.py; an object of another team is reported as
404, never 403, so ids don't leak.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from backend.api.route_thread import Deferred
from backend.api.session import SessionDep
from backend.auth.dependencies import Credentials, presented_credentials, principal_of, resolve_caller
from backend.auth.principal import Principal
from backend.errors import forbidden
from backend.models import Role


class DeferredPrincipal(Deferred[Principal]):
    """The caller, looked up and checked for `role` in the route's own thread."""

    def __init__(self, db: Session, credentials: Credentials, role: Role) -> None:
        self.db, self.credentials, self.role = db, credentials, role

    def resolve(self) -> Principal:
        who = principal_of(resolve_caller(self.db, self.credentials))
        if not who.role.allows(self.role):
            raise forbidden(f"this needs the {self.role.value} role; you have {who.role.value}")
        return who


def require(role: Role) -> Callable[[Request, Session], Awaitable[DeferredPrincipal]]:
    # async and without I/O (the headers only: no credentials is a 401 here), so FastAPI runs it on
    # the event loop; the lookup runs in the route's thread (backend/api/route_thread.py).
    async def check(request: Request, db: SessionDep) -> DeferredPrincipal:
        return DeferredPrincipal(db, presented_credentials(request), role)

    return check


ViewerDep = Annotated[Principal, Depends(require(Role.viewer))]
EditorDep = Annotated[Principal, Depends(require(Role.editor))]
AdminDep = Annotated[Principal, Depends(require(Role.admin))]

__all__ = ["AdminDep", "EditorDep", "Principal", "SessionDep", "ViewerDep", "require"]
