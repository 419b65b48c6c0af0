"""Agent authentication: `Authorization: Bearer hla_...` -> the Agent row (not revoked).

A revoked agent's token is a 401 whose `error` is contract.protocol.AGENT_REVOKED_ERROR on every
route that takes CurrentAgent (backend/fleet/service.calling_agent); a poll it holds open is
answered the same when the revocation comes (backend/fleet/mailbox.py).

Agent tokens are 256-bit random secrets stored as SHA-256 (backend.accounts.secret_tokens), like
every other token; they are a different kind (`hla_`), so a user's API token can never act as
an agent and an agent token never reaches the team API.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from backend.accounts.secret_tokens import parse_prefixed_token
from backend.api.deps import SessionDep
from backend.api.route_thread import Deferred
from backend.errors import ApiError
from backend.fleet.service import CallingAgent, calling_agent
from backend.labs.enrollment import AGENT_KIND


def _unauthenticated(message: str) -> ApiError:
    return ApiError(401, "unauthenticated", message)


class DeferredAgent(Deferred[CallingAgent]):
    """The agent holding a well-formed token, looked up in the route's thread."""

    def __init__(self, db: Session, token_hash: str) -> None:
        self.db = db
        self.token_hash = token_hash

    def resolve(self) -> CallingAgent:
        found = calling_agent(self.db, self.token_hash)
        if found is None:
            raise _unauthenticated("unknown agent token; enroll the agent again")
        return found


async def get_current_agent(request: Request, db: SessionDep) -> DeferredAgent:
    """The calling agent (its liveness, last_seen_at, recorded at most once a second).

    async and without I/O, so it runs on the event loop: a missing or malformed token is a 401
    here, and the lookup waits for the route's own thread (backend/api/route_thread.py), one
    hand-off fewer for each of an agent's sample batches.
    """
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    token = parse_prefixed_token(AGENT_KIND, value.strip()) if scheme.lower() == "bearer" else None
    if token is None:
        raise _unauthenticated(f"send the agent token as 'Authorization: Bearer {AGENT_KIND}_...'")
    return DeferredAgent(db, token.hash)


CurrentAgent = Annotated[CallingAgent, Depends(get_current_agent)]
