"""Webhook deliveries through a real Celery worker: a run's end is told to a receiver on loopback,
signed, after a 503 retried with its backoff."""

from __future__ import annotations

import json

import pytest
from factories import make_lab, make_runs
from live_processes import StartWorker, wait_until
from sqlalchemy import select, update

from backend.db import session_scope
from backend.models import Run, Team, Webhook, WebhookDelivery
from backend.webhooks import notify, signing
from spec.run_state import RunState
from tests.webhook_receiver import receiving

pytestmark = pytest.mark.slow


def test_a_failed_run_is_delivered_signed_after_a_retry(
    start_worker: StartWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HAPLAB_WEBHOOK_ALLOW_PRIVATE", "true")  # the receiver is on loopback
    monkeypatch.setenv("HAPLAB_WEBHOOK_RETRY_BASE_SECONDS", "0.5")
    start_worker(agent_wait=1)
    [run_id] = make_runs(make_lab("bench-a"), 1)
    with receiving([503, 200]) as receiver:
        with session_scope() as db:
            db.execute(
                update(Run)
                .where(Run.id == run_id)
                .values(state=RunState.failed, error="injector-1 went silent")
            )
            team_id = db.scalar(select(Team.id).join(Run, Run.team_id == Team.id).where(Run.id == run_id))
            hook = Webhook(
                team_id=team_id,
                name="ci",
                url=receiver.url,
                secret="s3cret",
                events=["run.failed"],
                payload_format="haplab",
                active=True,
            )
            db.add(hook)
            db.flush()
            [delivery_id] = notify.run_ended(db, run_id)  # queued to the worker on commit

        def delivered() -> WebhookDelivery | None:
            with session_scope() as db:
                row = db.get_one(WebhookDelivery, delivery_id)
                db.expunge(row)
            return row if row.status != "pending" else None

        row = wait_until(delivered, 30, "the worker to deliver the webhook")
    assert (row.status, row.attempts, row.last_status_code) == ("delivered", 2, 200)
    first, second = receiver.requests
    assert first.body == second.body  # the retry sends the same event
    timestamp = int(second.headers[signing.TIMESTAMP_HEADER])
    assert signing.verify("s3cret", timestamp, second.body, second.headers[signing.SIGNATURE_HEADER])
    event = json.loads(second.body)
    assert event["event"] == "run.failed" and event["data"]["run"]["error"] == "injector-1 went silent"
