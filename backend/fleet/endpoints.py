"""/agent: the gateway agents connect OUT to (hosts behind NAT or firewalls work).

    POST /agent/enroll     one-time enrollment token -> the agent's own token (no auth)
    POST /agent/clock      ClockProbe -> ClockEcho: one exchange of the clock measurement
                           (contract.clock), made before each hello and each run's warm-up
    POST /agent/hello      Envelope(Hello): version, roles, capabilities, measured clock
    GET  /agent/commands   long-poll: the commands the worker queued for this agent
    POST /agent/messages   Envelope(Heartbeat | SampleBatch | CommandResult); the reply to an
                           injector's SampleBatch carries its load's lease (Haplab-Load-Lease)

Every other route authenticates with `Authorization: Bearer hla_...` (CurrentAgent).

These routes commit before they answer instead of leaving it to the request dependency
(which commits after the response is sent): an agent acts on an answer at once (hello right
after enroll), and live viewers must only hear about samples that are stored.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response, status

from backend.api.deps import SessionDep
from backend.fleet import mailbox, service
from backend.fleet.dependencies import CurrentAgent
from backend.fleet.envelope_route import EnvelopeRoute
from backend.fleet.schemas import AgentMessageEnvelope, HelloEnvelope, MessageAccepted
from backend.labs.enrollment import redeem_enrollment_token
from backend.messaging.load_leases import load_lease
from backend.messaging.run_events import publish_sample_batch
from backend.runs.samples.service import insert_samples
from contract.clock import ClockEcho, ClockProbe
from contract.protocol import (
    HEARTBEAT_INTERVAL_S,
    LIVE_VIEWERS_HEADER,
    LOAD_LEASE_HEADER,
    CommandResult,
    EnrollRequest,
    EnrollResponse,
    Envelope,
    HelloResponse,
    SampleBatch,
)
from contract.version import PROTOCOL_VERSION

router = APIRouter(tags=["agent"], route_class=EnvelopeRoute)


@router.post("/agent/enroll", status_code=status.HTTP_201_CREATED)
def enroll(db: SessionDep, body: EnrollRequest) -> EnrollResponse:
    agent, secret = redeem_enrollment_token(db, body.token, body.name, body.roles)
    db.commit()
    return EnrollResponse(
        agent_id=agent.id, agent_token=secret, lab_id=agent.lab_id, name=agent.name, roles=agent.roles
    )


async def _received_at() -> datetime:
    """t2 of a clock exchange: taken on the event loop before the caller's lookup (which runs in
    the route's thread), so the lookup counts as the API's time between t2 and t3, not as network."""
    return datetime.now(UTC)


@router.post("/agent/clock")
def clock(
    received_at: Annotated[datetime, Depends(_received_at)], agent: CurrentAgent, body: ClockProbe
) -> ClockEcho:
    """One exchange of an agent's clock measurement: t1 back, with t2 and t3 on the API's clock.
    Only an enrolled agent may ask (`agent`), though the answer tells nothing but the time."""
    return ClockEcho(
        agent_sent_at=body.agent_sent_at, api_received_at=received_at, api_sent_at=datetime.now(UTC)
    )


@router.post("/agent/hello")
def hello(db: SessionDep, agent: CurrentAgent, envelope: HelloEnvelope) -> HelloResponse:
    service.record_hello(db, agent, envelope.body)
    db.commit()
    return HelloResponse(
        agent_id=agent.id,
        lab_id=agent.lab_id,
        name=agent.name,
        protocol_version=PROTOCOL_VERSION,
        heartbeat_interval_s=HEARTBEAT_INTERVAL_S,
    )


@router.get("/agent/commands")
async def poll_commands(
    request: Request,
    agent: CurrentAgent,
    wait_s: Annotated[
        float, Query(ge=0, le=mailbox.MAX_WAIT_S, description="Seconds to wait when nothing is queued.")
    ] = 20,
) -> list[Envelope]:
    # Seen already, and committed (get_current_agent): no connection is held during the wait.
    return await mailbox.take_commands(agent.id, wait_s, disconnected=request.is_disconnected)


@router.post("/agent/messages", status_code=status.HTTP_202_ACCEPTED)
def post_message(
    db: SessionDep, agent: CurrentAgent, envelope: AgentMessageEnvelope, response: Response
) -> MessageAccepted:
    body = envelope.body
    if isinstance(body, SampleBatch):
        run_id = service.writable_run(db, agent, body.run_id)
        inserted = insert_samples(db, run_id, body.samples)
        db.commit()
        # A resent batch inserted nothing and is not announced again.
        if inserted:
            viewers = publish_sample_batch(run_id, agent.team_id, body.samples)
            if viewers is not None:  # an agent told to hold samples holds them while this is 0
                response.headers[LIVE_VIEWERS_HEADER] = str(viewers)
        if "injector" in agent.roles:
            # The worker's renewal of this injector's load lease rides on the reply: no command
            # (a long poll answered and a new one) every few seconds while the load is measured.
            lease = load_lease(run_id, agent.id)
            if lease is not None:
                response.headers[LOAD_LEASE_HEADER] = lease
        return MessageAccepted(inserted=inserted)
    db.commit()
    if isinstance(body, CommandResult):
        mailbox.deliver_result(agent.id, body)
    return MessageAccepted()
