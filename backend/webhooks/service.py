"""Webhooks: managing them, turning events into deliveries, and one delivery attempt.

An event becomes one delivery row per subscribed webhook in the transaction that caused it; the
deliveries are queued (`haplab.webhooks.deliver`) once it commits. A delivery is attempted by
the worker: a 2xx is delivered; a network error, a timeout, a 429 or a 5xx is retried with
exponential backoff (settings.webhook_retry_base_seconds x 2^attempt) up to
settings.webhook_max_attempts; any other answer, or a destination the egress check refuses, is
failed at once (retrying cannot change it). Every attempt's status, answer and error is kept.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
from sqlalchemy import delete, event, select
from sqlalchemy.orm import Session

from backend.errors import invalid, not_found
from backend.models import Webhook, WebhookDelivery
from backend.queue import enqueue_webhook_delivery
from backend.settings import get_settings
from backend.webhooks import signing
from backend.webhooks.egress import EgressRefusedError, pinned
from backend.webhooks.events import PING, payload
from backend.webhooks.schemas import DeliveryOut, WebhookCreate, WebhookCreated, WebhookOut

log = logging.getLogger(__name__)
MAX_WEBHOOKS = 20
MAX_RESPONSE_CHARS = 2000
_PENDING_KEY = "haplab_webhook_deliveries"


def _get(db: Session, team_id: int, webhook_id: int) -> Webhook:
    hook = db.scalar(select(Webhook).where(Webhook.id == webhook_id, Webhook.team_id == team_id))
    if hook is None:
        raise not_found("webhook", webhook_id)
    return hook


def _out(db: Session, hook: Webhook) -> WebhookOut:
    last = db.scalar(
        select(WebhookDelivery)
        .where(WebhookDelivery.webhook_id == hook.id)
        .order_by(WebhookDelivery.id.desc())
        .limit(1)
    )
    return WebhookOut.model_validate(hook).model_copy(
        update={
            "last_delivery_status": last.status if last else None,
            "last_delivery_at": (last.last_attempt_at or last.created_at) if last else None,
        }
    )


def create(db: Session, team_id: int, user_id: int, body: WebhookCreate) -> WebhookCreated:
    count = len(db.scalars(select(Webhook.id).where(Webhook.team_id == team_id)).all())
    if count >= MAX_WEBHOOKS:
        raise invalid("name", f"a team has at most {MAX_WEBHOOKS} webhooks")
    hook = Webhook(
        team_id=team_id,
        name=body.name,
        url=body.url,
        secret=secrets.token_urlsafe(32),
        events=list(body.events),
        payload_format=body.payload_format,
        active=True,
        created_by_id=user_id,
    )
    db.add(hook)
    db.flush()
    return WebhookCreated.model_validate({**_out(db, hook).model_dump(), "secret": hook.secret})


def list_webhooks(db: Session, team_id: int) -> list[WebhookOut]:
    hooks = db.scalars(select(Webhook).where(Webhook.team_id == team_id).order_by(Webhook.id))
    return [_out(db, hook) for hook in hooks]


def remove(db: Session, team_id: int, webhook_id: int) -> None:
    db.execute(delete(Webhook).where(Webhook.id == _get(db, team_id, webhook_id).id))


def deliveries(db: Session, team_id: int, webhook_id: int, limit: int = 50) -> list[DeliveryOut]:
    hook = _get(db, team_id, webhook_id)
    rows = db.scalars(
        select(WebhookDelivery)
        .where(WebhookDelivery.webhook_id == hook.id)
        .order_by(WebhookDelivery.id.desc())
        .limit(limit)
    )
    return [DeliveryOut.model_validate(row) for row in rows]


def _queue_after_commit(db: Session, delivery_ids: list[int]) -> None:
    """Queue the deliveries once `db` commits (never when it rolls back), one listener a session."""
    pending: list[int] | None = db.info.get(_PENDING_KEY)
    if pending is None:
        pending = db.info[_PENDING_KEY] = []

        def _send(session: Session) -> None:
            for delivery_id in session.info.pop(_PENDING_KEY, []):
                try:
                    enqueue_webhook_delivery(delivery_id)
                except Exception:  # Redis away: the delivery stays pending, visible in the log
                    log.exception("webhook delivery %s: could not queue it", delivery_id)

        def _forget(session: Session) -> None:
            session.info.pop(_PENDING_KEY, None)

        event.listen(db, "after_commit", _send, once=True)
        event.listen(db, "after_rollback", _forget, once=True)
    pending.extend(delivery_ids)


def emit(db: Session, team_id: int, name: str, data: dict[str, Any], text: str) -> list[int]:
    """One delivery per active webhook of the team that subscribed to `name`; their ids."""
    hooks = db.scalars(
        select(Webhook).where(
            Webhook.team_id == team_id, Webhook.active.is_(True), Webhook.events.contains([name])
        )
    ).all()
    return _deliveries(db, team_id, hooks, name, data, text)


def _deliveries(
    db: Session, team_id: int, hooks: Any, name: str, data: dict[str, Any], text: str
) -> list[int]:
    ids = []
    for hook in hooks:
        delivery = WebhookDelivery(webhook_id=hook.id, event=name, payload={}, status="pending", attempts=0)
        db.add(delivery)
        db.flush()
        delivery.payload = payload(name, delivery.id, team_id, data, text, hook.payload_format)
        ids.append(delivery.id)
    db.flush()
    if ids:
        _queue_after_commit(db, ids)
    return ids


def send_test(db: Session, team_id: int, webhook_id: int) -> DeliveryOut:
    hook = _get(db, team_id, webhook_id)
    [delivery_id] = _deliveries(
        db,
        team_id,
        [hook],
        PING,
        {"webhook_id": hook.id},
        f"haplab: a test delivery to webhook {hook.name!r}",
    )
    return DeliveryOut.model_validate(db.get_one(WebhookDelivery, delivery_id))


@dataclass(frozen=True)
class Attempt:
    """The outcome of one attempt: done, or retry after `retry_in_s` seconds."""

    status: str
    retry_in_s: float | None = None


def attempt(db: Session, delivery_id: int) -> Attempt:
    """One attempt at a pending delivery, recorded on its row."""
    settings = get_settings()
    delivery = db.get(WebhookDelivery, delivery_id, with_for_update=True)
    if delivery is None or delivery.status != "pending":
        return Attempt(delivery.status if delivery else "gone")
    hook = db.get_one(Webhook, delivery.webhook_id)
    delivery.attempts += 1
    delivery.last_attempt_at = datetime.now(UTC)
    body = json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True).encode()
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "haplab-webhooks",
        signing.EVENT_HEADER: delivery.event,
        signing.DELIVERY_HEADER: str(delivery.id),
        signing.TIMESTAMP_HEADER: str(timestamp),
        signing.SIGNATURE_HEADER: signing.signature(hook.secret, timestamp, body),
    }
    retry = False
    try:
        target = pinned(hook.url, settings.webhook_allow_private)
        extensions = {"sni_hostname": target.sni_hostname} if target.sni_hostname else {}
        with httpx.Client(timeout=settings.webhook_timeout_seconds, follow_redirects=False) as http:
            response = http.post(
                target.url,
                content=body,
                headers={**headers, "Host": target.host_header},
                extensions=extensions,
            )
    except EgressRefusedError as exc:
        delivery.last_error, delivery.status = f"refused: {exc}", "failed"
    except httpx.HTTPError as exc:
        delivery.last_error, delivery.last_status_code, retry = f"{type(exc).__name__}: {exc}", None, True
    else:
        delivery.last_status_code = response.status_code
        delivery.last_response = response.text[:MAX_RESPONSE_CHARS]
        delivery.last_error = None
        if 200 <= response.status_code < 300:
            delivery.status, delivery.delivered_at = "delivered", datetime.now(UTC)
        elif response.status_code == 429 or response.status_code >= 500:
            retry = True
            delivery.last_error = f"HTTP {response.status_code}"
        else:
            delivery.status, delivery.last_error = "failed", f"HTTP {response.status_code}: not retried"
    if retry:
        if delivery.attempts >= settings.webhook_max_attempts:
            delivery.status = "failed"
            delivery.last_error = f"{delivery.last_error} (gave up after {delivery.attempts} attempts)"
        else:
            db.flush()
            return Attempt("pending", settings.webhook_retry_base_seconds * 2 ** (delivery.attempts - 1))
    db.flush()
    return Attempt(delivery.status)
