"""Webhooks: managing them, turning events into deliveries, and one delivery attempt.

An event becomes one delivery row per subscribed webhook in the transaction that caused it; the
deliveries are queued (`haplab.webhooks.deliver`, on the webhooks' own queue and worker) once it
commits. A delivery is attempted by that worker (`attempt`): a 2xx is delivered; a network error,
a timeout, a 429 or a 5xx is retried with exponential backoff (settings.webhook_retry_base_seconds
x 2^attempt) up to settings.webhook_max_attempts; any other answer, or a destination the egress
check refuses, is failed at once (retrying cannot change it). Every attempt's status, answer and
error is kept.

The row is the truth, the Celery message only a kick: an attempt is counted (and committed)
before it is made, a message for a delivery that is not due is a duplicate and does nothing, and
a pending delivery whose message was lost (a worker killed mid-attempt: webhook tasks are
acknowledged when they start) is queued again by `requeue_lost` (beat, every minute by default).
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, event, func, select
from sqlalchemy.orm import Session

from backend import rate_limits
from backend.errors import ApiError, invalid, not_found
from backend.messaging import keys
from backend.models import Webhook, WebhookDelivery
from backend.queue import enqueue_webhook_delivery
from backend.settings import get_settings
from backend.teams.scoping import readable
from backend.webhooks import secret_box, sender, signing
from backend.webhooks.events import PING, payload
from backend.webhooks.schemas import DeliveryOut, WebhookCreate, WebhookCreated, WebhookOut

log = logging.getLogger(__name__)
MAX_WEBHOOKS = 20
_PENDING_KEY = "haplab_webhook_deliveries"
# A message may come this much before its delivery is due (clocks of two hosts) and still count.
EARLY_TOLERANCE = timedelta(seconds=2)
# An attempt under way is given this beyond its deadline to record its outcome; after that
# (and settings.webhook_lost_after_seconds) its delivery counts as lost.
ATTEMPT_SLACK = timedelta(seconds=10)


def _get(db: Session, team_id: int, webhook_id: int) -> Webhook:
    hook = db.scalar(readable(Webhook, team_id).where(Webhook.id == webhook_id))
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
    count = len(db.scalars(readable(Webhook, team_id, Webhook.id)).all())
    if count >= MAX_WEBHOOKS:
        raise invalid("name", f"a team has at most {MAX_WEBHOOKS} webhooks")
    secret = secrets.token_urlsafe(32)
    hook = Webhook(
        team_id=team_id,
        name=body.name,
        url=body.url,
        secret_encrypted=secret_box.seal(secret),
        events=list(body.events),
        payload_format=body.payload_format,
        active=True,
        created_by_id=user_id,
    )
    db.add(hook)
    db.flush()
    return WebhookCreated.model_validate({**_out(db, hook).model_dump(), "secret": secret})


def list_webhooks(db: Session, team_id: int) -> list[WebhookOut]:
    hooks = db.scalars(readable(Webhook, team_id).order_by(Webhook.id))
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
        readable(Webhook, team_id).where(Webhook.active.is_(True), Webhook.events.contains([name]))
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
    """A `ping` delivery, so many per webhook and per team a minute (each is a POST the worker
    makes to a URL of the caller's choosing)."""
    hook = _get(db, team_id, webhook_id)
    settings = get_settings()
    wait = rate_limits.take(
        [
            (keys.rate_key("webhook-test", f"webhook:{hook.id}"), settings.webhook_test_limit_per_webhook),
            (keys.rate_key("webhook-test", f"team:{team_id}"), settings.webhook_test_limit_per_team),
        ],
        settings.webhook_test_window_seconds,
    )
    if wait is not None:
        raise ApiError(
            429,
            "too_many_requests",
            f"too many test deliveries (at most {settings.webhook_test_limit_per_webhook} per webhook and "
            f"{settings.webhook_test_limit_per_team} per team in {settings.webhook_test_window_seconds} s); "
            f"try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )
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


@dataclass(frozen=True)
class Claimed:
    """An attempt counted on its row and ready to send."""

    delivery_id: int
    url: str
    body: bytes
    headers: dict[str, str]


def attempt(db: Session, delivery_id: int) -> Attempt:
    """One attempt at a pending delivery that is due, recorded on its row. The claim is committed
    before the POST (a worker that dies mid-attempt has still counted it, and the row is not
    locked while a receiver takes its time); the outcome is flushed, for the caller to commit."""
    claimed = claim(db, delivery_id)
    if isinstance(claimed, Attempt):
        return claimed
    db.commit()
    settings = get_settings()
    sent = sender.post(claimed.url, claimed.body, claimed.headers, settings.webhook_timeout_seconds)
    return record(db, claimed.delivery_id, sent)


def claim(db: Session, delivery_id: int) -> Claimed | Attempt:
    """Count an attempt at the delivery if it is pending and due (else say what it is: a message
    for it that is a duplicate does nothing), and make the signed request."""
    settings = get_settings()
    delivery = db.scalar(
        select(WebhookDelivery)
        .where(
            WebhookDelivery.id == delivery_id,
            WebhookDelivery.status == "pending",
            WebhookDelivery.next_attempt_at <= func.now() + EARLY_TOLERANCE,
        )
        .with_for_update(skip_locked=True)
    )
    if delivery is None:
        return Attempt(
            db.scalar(select(WebhookDelivery.status).where(WebhookDelivery.id == delivery_id)) or "gone"
        )
    hook = db.get_one(Webhook, delivery.webhook_id)
    delivery.attempts += 1
    delivery.last_attempt_at = datetime.now(UTC)
    delivery.next_attempt_at = (
        func.now() + timedelta(seconds=settings.webhook_timeout_seconds) + ATTEMPT_SLACK
    )
    try:
        secret = secret_box.unseal(hook.secret_encrypted)
    except secret_box.InvalidToken:
        _fail(
            delivery,
            "the webhook's secret cannot be decrypted with HAPLAB_WEBHOOK_SECRET_KEYS (was its key dropped?)",
        )
        db.flush()
        return Attempt(delivery.status)
    body = json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True).encode()
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "haplab-webhooks",
        signing.EVENT_HEADER: delivery.event,
        signing.DELIVERY_HEADER: str(delivery.id),
        signing.TIMESTAMP_HEADER: str(timestamp),
        signing.SIGNATURE_HEADER: signing.signature(secret, timestamp, body),
    }
    db.flush()
    return Claimed(delivery.id, hook.url, body, headers)


def record(db: Session, delivery_id: int, sent: sender.Answer | sender.Failure) -> Attempt:
    """The attempt's outcome on its row: delivered, failed, or pending until the backoff's end."""
    settings = get_settings()
    delivery = db.get(WebhookDelivery, delivery_id, with_for_update=True)
    if delivery is None or delivery.status != "pending":
        return Attempt(delivery.status if delivery else "gone")
    retry = False
    if isinstance(sent, sender.Failure):
        delivery.last_status_code, delivery.last_error = None, sent.error
        if not sent.retry:
            _fail(delivery, sent.error)
        retry = sent.retry
    else:
        delivery.last_status_code, delivery.last_response, delivery.last_error = (
            sent.status_code,
            sent.text,
            None,
        )
        if 200 <= sent.status_code < 300:
            delivery.status, delivery.delivered_at, delivery.next_attempt_at = (
                "delivered",
                datetime.now(UTC),
                None,
            )
        elif sent.status_code == 429 or sent.status_code >= 500:
            retry, delivery.last_error = True, f"HTTP {sent.status_code}"
        else:
            _fail(delivery, f"HTTP {sent.status_code}: not retried")
    if retry:
        if delivery.attempts >= settings.webhook_max_attempts:
            _fail(delivery, f"{delivery.last_error} (gave up after {delivery.attempts} attempts)")
        else:
            backoff = settings.webhook_retry_base_seconds * 2 ** (delivery.attempts - 1)
            delivery.next_attempt_at = func.now() + timedelta(seconds=backoff)
            db.flush()
            return Attempt("pending", backoff)
    db.flush()
    return Attempt(delivery.status)


def _fail(delivery: WebhookDelivery, error: str) -> None:
    delivery.status, delivery.last_error, delivery.next_attempt_at = "failed", error, None


def requeue_lost(db: Session, limit: int = 500) -> list[int]:
    """Queue again the pending deliveries long past due (their message was lost, or waits behind
    a long queue: then the second message finds it done, or not due, and does nothing), once each
    per settings.webhook_lost_after_seconds; one whose last attempt never ended and was its last
    is failed. Their ids."""
    settings = get_settings()
    lost_after = timedelta(seconds=settings.webhook_lost_after_seconds)
    lost = db.scalars(
        select(WebhookDelivery)
        .where(WebhookDelivery.status == "pending", WebhookDelivery.next_attempt_at < func.now() - lost_after)
        .order_by(WebhookDelivery.next_attempt_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    ).all()
    queued = []
    for delivery in lost:
        if delivery.attempts >= settings.webhook_max_attempts:
            why = delivery.last_error or "its last attempt never ended"
            _fail(delivery, f"{why} (gave up after {delivery.attempts} attempts)")
        else:
            delivery.next_attempt_at = func.now()
            queued.append(delivery.id)
    db.flush()
    if queued:
        log.warning("webhook deliveries %s were past due (a lost message): queued again", queued)
        _queue_after_commit(db, queued)
    return queued
