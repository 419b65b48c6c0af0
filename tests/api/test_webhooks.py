"""Webhooks (backend/webhooks/): admins manage them, a secret is shown once, destinations inside
the network are refused, deliveries are signed, retried on 5xx and logged. Deliveries here go to a
real HTTP receiver on loopback; tests/worker/test_webhook_delivery_task.py sends them through a
real Celery worker."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from backend.models import Agent, Run, WebhookDelivery
from backend.settings import get_settings
from backend.webhooks import notify, signing
from backend.webhooks.egress import pinned
from backend.webhooks.service import attempt
from spec.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member
from tests.webhook_receiver import receiving


@pytest.fixture
def allow_private(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The receiver is on loopback: allowed only where the operator says so (here)."""
    monkeypatch.setenv("HAPLAB_WEBHOOK_ALLOW_PRIVATE", "true")
    monkeypatch.setenv("HAPLAB_WEBHOOK_RETRY_BASE_SECONDS", "0.5")
    get_settings.cache_clear()
    yield
    monkeypatch.delenv("HAPLAB_WEBHOOK_ALLOW_PRIVATE")
    get_settings.cache_clear()


def _create(client: TestClient, admin: Member, url: str, events: list[str], **extra: Any) -> Any:
    body = {"name": "ci hook", "url": url, "events": events, **extra}
    return client.post(f"{API}/webhooks", json=body, headers=admin.headers)


def test_a_secret_is_shown_once_and_bad_urls_and_events_are_refused_by_name(
    client: TestClient, db: Session
) -> None:
    admin = new_member(db, "admin")
    r = _create(client, admin, "https://hooks.example.com/haplab", ["run.failed", "change.detected"])
    assert r.status_code == 201, r.text
    created = r.json()
    assert len(created["secret"]) >= 32
    listed = client.get(f"{API}/webhooks", headers=admin.headers).json()
    assert [h["id"] for h in listed] == [created["id"]] and "secret" not in listed[0]
    assert created["secret"] not in json.dumps(listed)

    for body, field in [
        ({"url": "ftp://example.com/x"}, "url"),
        ({"url": "https://user:pw@example.com/x"}, "url"),
        ({"url": "https://" + "a" * 2000 + ".com"}, "url"),
        ({"events": ["run.exploded"]}, "events.0"),
        ({"events": []}, "events"),
        ({"payload_format": "teams"}, "payload_format"),
    ]:
        merged = {"name": "x", "url": "https://example.com/x", "events": ["run.failed"], **body}
        r = client.post(f"{API}/webhooks", json=merged, headers=admin.headers)
        assert r.status_code == 422 and r.json()["fields"][0]["field"].endswith(field), (body, r.text)
    # Only admins manage webhooks.
    editor = new_member(db, "editor")
    assert _create(client, editor, "https://example.com/x", ["run.failed"]).status_code == 403


def test_deliveries_inside_the_network_are_refused_unless_allowed(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    with receiving() as receiver:
        hook = _create(client, admin, receiver.url, ["run.failed"]).json()
        r = client.post(f"{API}/webhooks/{hook['id']}/test", headers=admin.headers)
        assert r.status_code == 202 and r.json()["status"] == "pending"
        outcome = attempt(db, r.json()["id"])
        assert outcome.status == "failed" and receiver.requests == []
    [delivery] = client.get(f"{API}/webhooks/{hook['id']}/deliveries", headers=admin.headers).json()
    assert delivery["status"] == "failed" and "loopback address" in delivery["last_error"]
    # Cloud metadata and private ranges are refused the same way (the URL is valid; its target is not).
    for url in ("http://169.254.169.254/latest/meta-data", "http://10.1.2.3/hook", "http://[::1]:9/hook"):
        other = _create(client, admin, url, ["run.failed"]).json()
        ping = client.post(f"{API}/webhooks/{other['id']}/test", headers=admin.headers).json()
        assert attempt(db, ping["id"]).status == "failed"
        refused = db.get_one(WebhookDelivery, ping["id"])
        assert refused.last_error and refused.last_error.startswith("refused:"), refused.last_error


def test_a_delivery_is_signed_retried_on_5xx_and_logged(
    client: TestClient, db: Session, allow_private: None
) -> None:
    admin = new_member(db, "admin")
    with receiving([503, 200]) as receiver:
        hook = _create(client, admin, receiver.url, ["run.failed"]).json()
        ping = client.post(f"{API}/webhooks/{hook['id']}/test", headers=admin.headers).json()
        first = attempt(db, ping["id"])
        assert (first.status, first.retry_in_s) == ("pending", 0.5)
        second = attempt(db, ping["id"])
        assert (second.status, second.retry_in_s) == ("delivered", None)
        assert attempt(db, ping["id"]).status == "delivered"  # a duplicate message sends nothing
    assert len(receiver.requests) == 2
    sent = receiver.requests[-1]
    timestamp = int(sent.headers[signing.TIMESTAMP_HEADER])
    assert signing.verify(hook["secret"], timestamp, sent.body, sent.headers[signing.SIGNATURE_HEADER])
    assert not signing.verify("another secret", timestamp, sent.body, sent.headers[signing.SIGNATURE_HEADER])
    body = json.loads(sent.body)
    assert (
        body["event"] == "ping"
        and body["delivery_id"] == ping["id"]
        and sent.headers[signing.EVENT_HEADER] == "ping"
    )
    [logged] = client.get(f"{API}/webhooks/{hook['id']}/deliveries", headers=admin.headers).json()
    assert (logged["status"], logged["attempts"], logged["last_status_code"]) == ("delivered", 2, 200)
    assert logged["last_response"] == "answered 200"
    listed = client.get(f"{API}/webhooks", headers=admin.headers).json()
    assert listed[0]["last_delivery_status"] == "delivered"

    # A 4xx other than 429 is not retried: the receiver said no.
    with receiving([404]) as receiver:
        hook = _create(client, admin, receiver.url, ["run.failed"]).json()
        ping = client.post(f"{API}/webhooks/{hook['id']}/test", headers=admin.headers).json()
        assert attempt(db, ping["id"]).status == "failed"
    assert "not retried" in (db.get_one(WebhookDelivery, ping["id"]).last_error or "")


def test_a_run_that_failed_its_thresholds_tells_the_hooks_subscribed_in_their_format(
    client: TestClient, db: Session, allow_private: None
) -> None:
    admin = new_member(db, "admin")
    with receiving() as receiver:
        failed = _create(client, admin, receiver.url, ["run.failed", "threshold.failed"]).json()
        slack = _create(client, admin, receiver.url, ["threshold.failed"], payload_format="slack").json()
        finished = _create(client, admin, receiver.url, ["run.finished"]).json()
        spec = small_spec()
        spec["thresholds"] = [{"metric": "latency_p99_ms", "operator": "<", "value": 1}]
        [run_id] = launch(db, admin, make_experiment(db, admin, spec=spec), make_lab(db, admin.team)).run_ids
        finish_run(db, run_id, state=RunState.succeeded, summary=summary_doc(rps=10))
        report = {
            "passed": False,
            "results": [
                {
                    "rule": spec["thresholds"][0],
                    "text": "latency_p99_ms < 1",
                    "value": 50.0,
                    "limit": 1.0,
                    "passed": False,
                }
            ],
        }
        db.execute(update(Run).where(Run.id == run_id).values(thresholds=report))
        ids = notify.run_ended(db, run_id)
        db.commit()
        rows = db.scalars(select(WebhookDelivery).where(WebhookDelivery.id.in_(ids))).all()
        by_hook = {(r.webhook_id, r.event) for r in rows}
        assert by_hook == {
            (finished["id"], "run.finished"),
            (failed["id"], "threshold.failed"),
            (slack["id"], "threshold.failed"),
        }
        for row in rows:
            assert attempt(db, row.id).status == "delivered"
    bodies = [json.loads(r.body) for r in receiver.requests]
    slack_body = next(b for b in bodies if "text" in b and "event" not in b)
    assert (
        "failed 1 threshold(s): latency_p99_ms < 1" in slack_body["text"]
        and f"/runs/{run_id}" in slack_body["text"]
    )
    event = next(b for b in bodies if b.get("event") == "threshold.failed")
    assert event["data"]["run"]["id"] == run_id and event["data"]["run"]["thresholds"]["passed"] is False


def test_an_agent_gone_silent_is_told_once_per_silence(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    lab = make_lab(db, admin.team, name="perf lab")
    hook = _create(client, admin, "https://hooks.example.com/x", ["agent.offline"]).json()
    quiet_since = datetime.now(UTC) - timedelta(minutes=5)
    agent = Agent(
        team_id=admin.team.id, lab_id=lab.id, name="proxy-7", roles=["proxy"], token_hash=uuid.uuid4().hex,
        last_seen_at=quiet_since,
    )  # fmt: skip
    never = Agent(
        team_id=admin.team.id, lab_id=lab.id, name="new", roles=["target"], token_hash=uuid.uuid4().hex
    )
    db.add_all([agent, never])
    db.commit()

    [delivery_id] = notify.agents_gone_silent(db)
    delivery = db.get_one(WebhookDelivery, delivery_id)
    assert (delivery.webhook_id, delivery.event) == (hook["id"], "agent.offline")
    assert (
        delivery.payload["data"]["agent"]["name"] == "proxy-7" and "perf lab" in delivery.payload["summary"]
    )
    assert notify.agents_gone_silent(db) == []  # told once; an agent never heard from is not "gone"
    # Back, then silent again: told again.
    agent.last_seen_at = datetime.now(UTC)
    db.commit()
    assert notify.agents_gone_silent(db) == [] and agent.offline_notified_at is None
    agent.last_seen_at = quiet_since
    db.commit()
    assert len(notify.agents_gone_silent(db)) == 1


def test_a_delivery_connects_to_the_address_that_was_checked() -> None:
    # DNS rebinding: the connection goes to the checked address, the name rides in Host and SNI.
    target = pinned("https://localhost:8443/hook?x=1", allow_private=True)
    assert target.url in ("https://127.0.0.1:8443/hook?x=1", "https://[::1]:8443/hook?x=1")
    assert (target.host_header, target.sni_hostname) == ("localhost:8443", "localhost")
    plain = pinned("http://127.0.0.1/hook", allow_private=True)
    assert (plain.url, plain.host_header, plain.sni_hostname) == ("http://127.0.0.1/hook", "127.0.0.1", None)
