"""/webhooks: a team's webhooks (admins manage them), their delivery log and "send test"."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from backend.api.deps import AdminDep, SessionDep
from backend.api.storable import StorableRoute
from backend.errors import documented
from backend.webhooks import service
from backend.webhooks.schemas import DeliveryOut, WebhookCreate, WebhookCreated, WebhookOut

router = APIRouter(tags=["webhooks"], route_class=StorableRoute)


@router.get("/webhooks")
def list_webhooks(db: SessionDep, who: AdminDep) -> list[WebhookOut]:
    return service.list_webhooks(db, who.team_id)


@router.post("/webhooks", status_code=status.HTTP_201_CREATED)
def create_webhook(db: SessionDep, who: AdminDep, body: WebhookCreate) -> WebhookCreated:
    """A webhook and its signing secret: the secret is in this reply only, never again."""
    return service.create(db, who.team_id, who.user_id, body)


@router.delete("/webhooks/{webhook_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_webhook(db: SessionDep, who: AdminDep, webhook_id: int) -> Response:
    service.remove(db, who.team_id, webhook_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/webhooks/{webhook_id}/deliveries")
def list_deliveries(db: SessionDep, who: AdminDep, webhook_id: int) -> list[DeliveryOut]:
    """The newest 50 deliveries: event, status, attempts, the receiver's answer or the error."""
    return service.deliveries(db, who.team_id, webhook_id)


@router.post("/webhooks/{webhook_id}/test", status_code=status.HTTP_202_ACCEPTED, responses=documented(429))
def send_test(db: SessionDep, who: AdminDep, webhook_id: int) -> DeliveryOut:
    """Queue a `ping` delivery to the webhook; its outcome shows in the delivery log. Limited per
    webhook and per team (429 with Retry-After)."""
    return service.send_test(db, who.team_id, webhook_id)
