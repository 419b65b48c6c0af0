"""Webhook deliveries through real Celery workers: a run's end is told to a receiver on loopback,
signed, after a 503 retried with its backoff; and receivers that drip or never end their answer
hold neither the worker that runs everyone's runs (deliveries have their own queue and worker
process) nor the webhooks worker's memory, each attempt ending within its deadline."""

from __future__ import annotations

import json
import time

import pytest
from factories import make_lab, make_runs, runs
from live_processes import StartWorker, rss_kib, wait_until
from sqlalchemy import select, update

from backend.db import session_scope
from backend.models import Lab, Run, Team, Webhook, WebhookDelivery
from backend.queue import DELIVER_WEBHOOK_TASK, WEBHOOK_QUEUE, enqueue_lab_dispatch
from backend.webhooks import notify, secret_box, signing
from backend.webhooks.service import send_test
from contract.run_state import RunState
from tests.webhook_receiver import ALLOW_LOOPBACK, misbehaving, receiving

pytestmark = pytest.mark.slow

DEADLINE_S = 4


def _allow_loopback(monkeypatch: pytest.MonkeyPatch, **more: str) -> None:
    """The receivers listen on loopback and high ports: the operator allows them (workers inherit)."""
    for name, value in {**ALLOW_LOOPBACK, **more}.items():
        monkeypatch.setenv(name, value)


def _hook(db: object, team_id: int, url: str, events: list[str] | None = None) -> Webhook:
    hook = Webhook(
        team_id=team_id, name="ci", url=url, secret_encrypted=secret_box.seal("s3cret"),
        events=events or ["run.failed"], payload_format="haplab", active=True,
    )  # fmt: skip
    db.add(hook)  # type: ignore[attr-defined]
    db.flush()  # type: ignore[attr-defined]
    return hook


def _rows(ids: list[int]) -> list[WebhookDelivery]:
    with session_scope() as db:
        rows = list(
            db.scalars(
                select(WebhookDelivery).where(WebhookDelivery.id.in_(ids)).order_by(WebhookDelivery.id)
            )
        )
        db.expunge_all()
    return rows


def test_a_failed_run_is_delivered_signed_after_a_retry(
    start_worker: StartWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    _allow_loopback(monkeypatch, HAPLAB_WEBHOOK_RETRY_BASE_SECONDS="0.5")
    worker = start_worker(queues=WEBHOOK_QUEUE)
    [run_id] = make_runs(make_lab("bench-a"), 1)
    with receiving([503, 200]) as receiver:
        with session_scope() as db:
            db.execute(
                update(Run)
                .where(Run.id == run_id)
                .values(state=RunState.failed, error="injector-1 went silent")
            )
            team_id = db.scalar(select(Team.id).join(Run, Run.team_id == Team.id).where(Run.id == run_id))
            assert team_id is not None
            _hook(db, team_id, receiver.url)
            [delivery_id] = notify.run_ended(db, run_id)  # queued to the worker on commit

        def delivered() -> WebhookDelivery | None:
            [row] = _rows([delivery_id])
            return row if row.status != "pending" else None

        row = wait_until(delivered, 30, "the webhooks worker to deliver the webhook")
    assert (row.status, row.attempts, row.last_status_code) == ("delivered", 2, 200)
    first, second = receiver.requests
    assert first.body == second.body  # the retry sends the same event
    timestamp = int(second.headers[signing.TIMESTAMP_HEADER])
    assert signing.verify("s3cret", timestamp, second.body, second.headers[signing.SIGNATURE_HEADER])
    event = json.loads(second.body)
    assert event["event"] == "run.failed" and event["data"]["run"]["error"] == "injector-1 went silent"
    assert f"Task {DELIVER_WEBHOOK_TASK}[" in worker.log()  # on the webhooks' own worker


def test_misbehaving_receivers_hold_neither_the_runs_worker_nor_the_webhooks_workers_memory(
    start_worker: StartWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    _allow_loopback(
        monkeypatch, HAPLAB_WEBHOOK_TIMEOUT_SECONDS=str(DEADLINE_S), HAPLAB_WEBHOOK_MAX_ATTEMPTS="1"
    )
    runs_worker = start_worker(agent_wait=1)  # haplab.runs and the default queue, as `make up`'s
    webhooks_worker = start_worker(queues=WEBHOOK_QUEUE, concurrency=2)
    lab_id = make_lab("bench-a")
    [run_id] = make_runs(lab_id, 1)
    with session_scope() as db:
        team_id = db.get_one(Lab, lab_id).team_id

    def fire(url: str, times: int) -> list[int]:
        with session_scope() as db:
            hook = _hook(db, team_id, url, events=["change.detected"])  # not told of the run's end
            return [send_test(db, team_id, hook.id).id for _ in range(times)]  # queued on commit

    def ended(ids: list[int]) -> list[WebhookDelivery] | None:
        rows = _rows(ids)
        return rows if all(row.status != "pending" for row in rows) else None

    # A first delivery loads what delivering needs (httpx, asyncio ...) into both pool processes.
    with receiving() as fine:
        warm_up = fire(fine.url, 2)
        wait_until(lambda: ended(warm_up), 30, "the warm-up deliveries")
    pool = webhooks_worker.pool_pids()
    assert len(pool) == 2, pool
    memory_before = {pid: rss_kib(pid) for pid in pool}

    with (
        misbehaving("drip-headers", interval_s=2, bound_s=60) as drip,
        misbehaving("endless", bound_s=60) as endless,
    ):
        # More drips than the webhooks worker has processes, and endless answers behind them.
        drips, endlesses = fire(drip.url, 3), fire(endless.url, 3)
        wait_until(lambda: drip.connections >= 2, 10, "the webhooks worker to connect to the drip receiver")
        # Meanwhile a run is queued: the runs worker takes it at once.
        kicked = time.monotonic()
        enqueue_lab_dispatch(lab_id)
        wait_until(lambda: runs([run_id])[0].started_at, 10, "the runs worker to take the run", interval=0.05)
        taken_in_s = time.monotonic() - kicked
        rows = wait_until(
            lambda: ended(drips + endlesses), 3 * (DEADLINE_S + 2) + 10, "every delivery to end"
        )
        wait_until(
            lambda: len(drip.held_s) == 3 and len(endless.held_s) == 3, 10, "the receivers to be hung up on"
        )
    memory_after = {pid: rss_kib(pid) for pid in pool}

    assert taken_in_s < 2, f"the run waited {taken_in_s:.1f} s for a worker"
    by_id = {row.id: row for row in rows}
    for delivery_id in drips:
        row = by_id[delivery_id]
        assert (row.status, row.attempts, row.last_status_code) == ("failed", 1, None), row.last_error
        assert row.last_error and row.last_error.startswith(f"timed out: no answer within {DEADLINE_S} s"), (
            row.last_error
        )
    for delivery_id in endlesses:
        row = by_id[delivery_id]
        assert (row.status, row.last_status_code, row.last_response) == ("delivered", 200, "x" * 2000)
    # Each attempt ended by its deadline: we hung up, the receivers did not.
    assert max(drip.held_s) < DEADLINE_S + 1.5 and max(endless.held_s) < 1.5, (drip.held_s, endless.held_s)
    assert endless.bytes_sent < 3 * 16 * 2**20, endless.bytes_sent
    grown = {pid: memory_after[pid] - memory_before[pid] for pid in pool}
    assert webhooks_worker.pool_pids() == pool and max(grown.values()) < 20 * 1024, f"RSS grew (KiB): {grown}"
    assert f"Task {DELIVER_WEBHOOK_TASK}[" not in runs_worker.log()  # the runs worker never saw a delivery
    print(f"run taken in {taken_in_s:.2f} s; held: drip {drip.held_s}, endless {endless.held_s}")
    print(f"RSS grew {grown} KiB")


def test_a_delivery_whose_worker_was_killed_mid_attempt_is_attempted_again(
    start_worker: StartWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Delivery tasks are acknowledged when they start, so a killed worker's message is gone
    (never handed to the next worker, over and over): the row counted the attempt, and beat's
    sweep queues the delivery again once it is past due."""
    _allow_loopback(
        monkeypatch,
        HAPLAB_WEBHOOK_TIMEOUT_SECONDS="3",
        HAPLAB_WEBHOOK_LOST_AFTER_SECONDS="1",
        HAPLAB_WEBHOOK_REQUEUE_INTERVAL_SECONDS="1",
    )
    start_worker(beat=True)  # as `make up`'s: beat sends the sweep to the webhooks' queue
    doomed = start_worker(queues=WEBHOOK_QUEUE, concurrency=1)
    with session_scope() as db:
        team_id = db.get_one(Lab, make_lab("bench-a")).team_id
    with misbehaving("drip-headers", interval_s=1, bound_s=60) as drip, receiving() as fine:
        with session_scope() as db:
            hook = _hook(db, team_id, drip.url, events=["change.detected"])
            hook_id, delivery_id = hook.id, send_test(db, team_id, hook.id).id
        wait_until(lambda: drip.connections, 15, "the attempt to begin")
        doomed.kill_hard()
        with session_scope() as db:  # the receiver is mended meanwhile
            db.execute(update(Webhook).where(Webhook.id == hook_id).values(url=fine.url))
        start_worker(queues=WEBHOOK_QUEUE)

        def delivered() -> WebhookDelivery | None:
            [row] = _rows([delivery_id])
            return row if row.status != "pending" else None

        # The killed attempt's due time (its deadline and slack, 13 s), the 1 s of grace, a sweep.
        row = wait_until(delivered, 40, "the delivery to be queued again and delivered")
    assert (row.status, row.attempts, row.last_status_code) == ("delivered", 2, 200)
    assert drip.connections == 1 and len(fine.requests) == 1
