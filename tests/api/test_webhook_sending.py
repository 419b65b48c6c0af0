"""One delivery attempt against receivers that misbehave (backend/webhooks/sender.py), on real
loopback sockets: a drip is cut at the deadline, an endless answer at the byte cap, a proxy in
the environment is ignored, an answer PostgreSQL cannot store is still recorded; and the
delivery row as the truth (service.py): a duplicate message sends nothing, a lost one is queued
again, a secret no key opens fails the delivery, keys rotate."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import redis
from cryptography.fernet import Fernet
from sqlalchemy import update
from sqlalchemy.orm import Session

from backend.cli import main as admin_cli
from backend.db import session_scope
from backend.models import Webhook, WebhookDelivery
from backend.queue import WEBHOOK_QUEUE
from backend.settings import DEV_WEBHOOK_SECRET_KEY, get_settings
from backend.webhooks import secret_box, sender
from backend.webhooks.egress import EgressPolicy
from backend.webhooks.service import attempt, requeue_lost, send_test
from tests.api.helpers import Member, new_member
from tests.webhook_receiver import ALLOW_LOOPBACK, misbehaving, receiving

DEADLINE_S = 2.0


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name, value in {
        **ALLOW_LOOPBACK,
        "HAPLAB_WEBHOOK_TIMEOUT_SECONDS": str(DEADLINE_S),
        "HAPLAB_WEBHOOK_MAX_ATTEMPTS": "1",
    }.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def _hook(db: Session, member: Member, url: str) -> Webhook:
    hook = Webhook(
        team_id=member.team.id, name="hook", url=url, secret_encrypted=secret_box.seal("s3cret"),
        events=["run.failed"], payload_format="haplab", active=True,
    )  # fmt: skip
    db.add(hook)
    db.commit()
    return hook


def _timed_attempt(db: Session, delivery_id: int) -> tuple[WebhookDelivery, float]:
    start = time.monotonic()
    attempt(db, delivery_id)
    return db.get_one(WebhookDelivery, delivery_id), time.monotonic() - start


def test_a_receiver_dripping_its_answer_is_cut_at_the_deadline(db: Session, loopback: None) -> None:
    """Each byte within httpx's 10 s read timeout: without one deadline for the whole attempt it
    held the worker for as long as it liked."""
    member = new_member(db, "admin")
    with misbehaving("drip-headers", interval_s=0.5, bound_s=30) as receiver:
        delivery_id = send_test(db, member.team.id, _hook(db, member, receiver.url).id).id
        row, took = _timed_attempt(db, delivery_id)
        wait_closed(receiver)
    assert took < DEADLINE_S + 1.5, took
    assert receiver.held_s[0] < DEADLINE_S + 1.5, receiver.held_s  # we hung up, it did not
    assert (row.status, row.attempts, row.last_status_code) == ("failed", 1, None)
    assert (
        row.last_error
        == "timed out: no answer within 2 s, the time a whole attempt may take (gave up after 1 attempts)"
    )


def test_a_status_that_came_decides_even_when_the_body_drips(db: Session, loopback: None) -> None:
    member = new_member(db, "admin")
    with misbehaving("drip-body", interval_s=0.5, bound_s=30) as receiver:
        delivery_id = send_test(db, member.team.id, _hook(db, member, receiver.url).id).id
        row, took = _timed_attempt(db, delivery_id)
        wait_closed(receiver)
    assert took < DEADLINE_S + 1.5 and receiver.held_s[0] < DEADLINE_S + 1.5, (took, receiver.held_s)
    assert (row.status, row.last_status_code) == ("delivered", 200)
    assert row.last_response and set(row.last_response) == {"a"} and len(row.last_response) <= 6


def test_an_endless_answer_is_read_to_the_cap_then_the_connection_closed(db: Session, loopback: None) -> None:
    member = new_member(db, "admin")
    with misbehaving("endless", bound_s=30) as receiver:
        delivery_id = send_test(db, member.team.id, _hook(db, member, receiver.url).id).id
        row, took = _timed_attempt(db, delivery_id)
        wait_closed(receiver)
    assert took < 1.5, took
    assert (row.status, row.last_status_code, row.last_response) == ("delivered", 200, "x" * 2000)
    # What the receiver could push before we hung up: socket buffers, not the gigabytes it offered.
    assert receiver.bytes_sent < 16 * 2**20 and receiver.held_s[0] < 1.5, (
        receiver.bytes_sent,
        receiver.held_s,
    )


def wait_closed(receiver: object, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not receiver.held_s and time.monotonic() < deadline:  # type: ignore[attr-defined]
        time.sleep(0.05)


def test_an_answer_postgresql_cannot_store_is_still_recorded(db: Session, loopback: None) -> None:
    """A NUL in the answer made the row unstorable: the attempt's own record failed and the
    delivery stayed pending forever."""
    member = new_member(db, "admin")
    with receiving([200], answer=b"ok\x00\xff\xfe then more") as receiver:
        delivery_id = send_test(db, member.team.id, _hook(db, member, receiver.url).id).id
        row, _ = _timed_attempt(db, delivery_id)
    assert (row.status, row.last_response) == ("delivered", "ok\ufffd\ufffd\ufffd then more")


def test_a_proxy_in_the_environment_does_not_carry_deliveries(
    db: Session, loopback: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    member = new_member(db, "admin")
    with receiving() as proxy, receiving() as receiver:
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
            monkeypatch.setenv(name, proxy.url.removesuffix("/hook"))
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        delivery_id = send_test(db, member.team.id, _hook(db, member, receiver.url).id).id
        row, _ = _timed_attempt(db, delivery_id)
    assert row.status == "delivered" and len(receiver.requests) == 1 and proxy.requests == []


def test_sending_never_raises_whatever_goes_wrong() -> None:
    policy = EgressPolicy()
    refused = sender.post("http://10.0.0.1/x", b"{}", {}, 1.0, policy)
    assert refused == sender.Failure(refused.error, retry=False) and "private address" in refused.error  # type: ignore[union-attr]
    nowhere = sender.post("http://nothing.invalid/x", b"{}", {}, 1.0, policy)
    assert isinstance(nowhere, sender.Failure) and nowhere.retry and "does not resolve" in nowhere.error


def test_a_message_for_a_delivery_not_due_sends_nothing_and_a_lost_one_is_queued_again(
    db: Session, loopback: None, redis_client: redis.Redis
) -> None:
    member = new_member(db, "admin")
    with receiving() as receiver:
        hook = _hook(db, member, receiver.url)
        later, lost, spent = (send_test(db, member.team.id, hook.id).id for _ in range(3))
        now = datetime.now(UTC)
        db.execute(
            update(WebhookDelivery)
            .where(WebhookDelivery.id == later)
            .values(next_attempt_at=now + timedelta(minutes=1))
        )
        # Lost: due 10 minutes ago and never attempted; spent: its last allowed attempt never ended.
        db.execute(
            update(WebhookDelivery)
            .where(WebhookDelivery.id.in_([lost, spent]))
            .values(next_attempt_at=now - timedelta(minutes=10))
        )
        db.execute(update(WebhookDelivery).where(WebhookDelivery.id == spent).values(attempts=1))
        db.commit()
        redis_client.delete(WEBHOOK_QUEUE)

        assert attempt(db, later).status == "pending" and receiver.requests == []  # a duplicate: nothing sent
        assert requeue_lost(db) == [lost]
        db.commit()  # queued once committed
        assert redis_client.llen(WEBHOOK_QUEUE) == 1
        assert requeue_lost(db) == []  # not again before webhook_lost_after_seconds
        rows = {i: db.get_one(WebhookDelivery, i) for i in (later, lost, spent)}
        assert rows[spent].status == "failed" and rows[spent].last_error == (
            "its last attempt never ended (gave up after 1 attempts)"
        )
        assert attempt(db, lost).status == "delivered" and len(receiver.requests) == 1


def test_a_secret_no_key_opens_fails_its_delivery_and_keys_rotate(
    db: Session, loopback: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    member = new_member(db, "admin")
    with receiving() as receiver:
        hook = _hook(db, member, receiver.url)  # sealed with the dev key
        new_key = Fernet.generate_key().decode()
        monkeypatch.setenv("HAPLAB_WEBHOOK_SECRET_KEYS", new_key)
        get_settings.cache_clear()
        delivery_id = send_test(db, member.team.id, hook.id).id
        assert attempt(db, delivery_id).status == "failed" and receiver.requests == []
    assert "cannot be decrypted with HAPLAB_WEBHOOK_SECRET_KEYS" in (
        db.get_one(WebhookDelivery, delivery_id).last_error or ""
    )


def test_keys_rotate_without_losing_a_secret(fresh_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with session_scope() as db:
        member = new_member(db, "admin")
        hook_id = _hook(db, member, "https://hooks.example.com/x").id  # sealed with the dev key
    new_key = Fernet.generate_key().decode()
    # The new key first, the old one still opens; the command re-encrypts every secret with the new.
    monkeypatch.setenv("HAPLAB_WEBHOOK_SECRET_KEYS", f"{new_key},{DEV_WEBHOOK_SECRET_KEY}")
    get_settings.cache_clear()
    assert admin_cli(["rotate-webhook-secrets"]) == 0
    monkeypatch.setenv("HAPLAB_WEBHOOK_SECRET_KEYS", new_key)  # then the old key is dropped
    get_settings.cache_clear()
    with session_scope() as db:
        assert secret_box.unseal(db.get_one(Webhook, hook_id).secret_encrypted) == "s3cret"
    monkeypatch.undo()
    get_settings.cache_clear()
