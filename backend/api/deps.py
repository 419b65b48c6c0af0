"""Request dependencies. Annotated aliases keep route signatures short:

    def list_labs(db: SessionDep, who: ViewerDep) -> ...
    def create_lab(db: SessionDep, who: EditorDep, body: LabCreate) -> ...

Every route that touches team data takes one of Viewer/Editor/AdminDep and filters by
`who.team_id`; an object of another team is reported as 404, never 403, so ids don't leak.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends

from backend.api.session import SessionDep
from backend.auth.dependencies import get_principal
from backend.auth.principal import Principal
from backend.errors import forbidden
from backend.models import Role

CurrentPrincipal = Annotated[Principal, Depends(get_principal)]


def require(role: Role) -> Callable[[Principal], Awaitable[Principal]]:
    # async: no I/O, so FastAPI runs it on the event loop instead of handing it to a thread.
    async def check(who: CurrentPrincipal) -> Principal:
        if not who.role.allows(role):
            raise forbidden(f"this needs the {role.value} role; you have {who.role.value}")
        return who

    return check


ViewerDep = Annotated[Principal, Depends(require(Role.viewer))]
EditorDep = Annotated[Principal, Depends(require(Role.editor))]
AdminDep = Annotated[Principal, Depends(require(Role.admin))]

__all__ = ["AdminDep", "CurrentPrincipal", "EditorDep", "Principal", "SessionDep", "ViewerDep", "require"]
