"""Webhooks (backend/webhooks/): admins manage them, a secret is shown once and kept encrypted,
destinations outside the public internet and its usual ports are refused (when saved where the
URL tells, else at each attempt), deliveries are signed, retried on 5xx and logged, Slack text
is escaped, "send test" is rate-limited. Deliveries here go to real HTTP receivers on loopback;
tests/api/test_webhook_sending.py bounds misbehaving receivers, and
tests/worker/test_webhook_delivery_task.py sends through real Celery workers."""

from __future__ import annotations

import json
import socket
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from backend.models import Agent, ChangePoint, Run, Schedule, ScheduleFiring, Webhook, WebhookDelivery
from backend.settings import get_settings
from backend.webhooks import notify, secret_box, signing
from backend.webhooks.service import attempt, send_test
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member
from tests.webhook_receiver import ALLOW_LOOPBACK, receiving


def _settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()


@pytest.fixture
def allow_loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The receiver is on loopback and a high port: allowed only where the operator says so (here)."""
    _settings(monkeypatch, **ALLOW_LOOPBACK, HAPLAB_WEBHOOK_RETRY_BASE_SECONDS="0.5")
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def _create(client: TestClient, admin: Member, url: str, events: list[str], **extra: Any) -> Any:
    body = {"name": "ci hook", "url": url, "events": events, **extra}
    return client.post(f"{API}/webhooks", json=body, headers=admin.headers)


def _refused_at(r: Any, field: str = "url") -> str:
    assert r.status_code == 422, r.text
    [error] = r.json()["fields"]
    assert error["field"].endswith(field), r.text
    return str(error["message"])


def test_a_secret_is_shown_once_kept_encrypted_and_bad_urls_and_events_are_refused_by_name(
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
    # At rest the secret is encrypted with the server's key: the row does not hold it.
    stored = db.get_one(Webhook, created["id"]).secret_encrypted
    assert created["secret"] not in stored and secret_box.unseal(stored) == created["secret"]

    for body, field in [
        ({"url": "ftp://example.com/x"}, "url"),
        ({"url": "https://user:pw@example.com/x"}, "url"),
        ({"url": "https://" + "a" * 2000 + ".com"}, "url"),
        ({"events": ["run.exploded"]}, "events.0"),
        ({"events": []}, "events"),
        ({"payload_format": "teams"}, "payload_format"),
    ]:
        merged = {"name": "x", "url": "https://example.com/x", "events": ["run.failed"], **body}
        _refused_at(client.post(f"{API}/webhooks", json=merged, headers=admin.headers), field)
    # Only admins manage webhooks.
    editor = new_member(db, "editor")
    assert _create(client, editor, "https://example.com/x", ["run.failed"]).status_code == 403


# Every class of address a URL can name that is not the public internet, as a literal (so known
# when saved), with words of the reason the 422 gives.
NOT_PUBLIC = [
    ("http://127.0.0.1/x", "loopback"),
    ("http://[::1]/x", "loopback"),
    ("http://localhost/x", "loopback"),  # RFC 6761: a name that is always loopback
    ("http://2130706433/x", "loopback"),  # 127.0.0.1 as inet_aton (and so getaddrinfo) reads it
    ("http://0x7f.1/x", "loopback"),
    ("http://10.1.2.3/x", "private"),
    ("http://192.168.1.1/x", "private"),
    ("http://172.16.0.1/x", "private"),
    ("http://169.254.169.254/latest/meta-data", "link-local"),
    ("http://[fe80::1]/x", "link-local"),
    ("http://100.64.0.1/x", "carrier-grade NAT"),
    ("http://100.100.100.200/x", "carrier-grade NAT"),  # a cloud's metadata service
    ("http://[fec0::1]/x", "site-local"),
    ("http://[fd00::1]/x", "private"),
    ("http://[2002:a00:1::1]/x", "6to4 form of 10.0.0.1"),
    ("http://[2002:808:808::1]/x", "2002::/16"),  # 6to4 even of a public address: a relay decides
    ("http://[::ffff:10.0.0.1]/x", "IPv4-mapped form of 10.0.0.1"),
    ("http://[::ffff:127.0.0.1]/x", "IPv4-mapped form of 127.0.0.1"),
    ("http://[64:ff9b::a00:1]/x", "NAT64 form of 10.0.0.1"),
    ("http://[64:ff9b::a9fe:a9fe]/x", "NAT64 form of 169.254.169.254"),
    ("http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", "Teredo"),
    ("http://0.0.0.0/x", "unspecified"),
    ("http://[::]/x", "unspecified"),
    ("http://198.18.0.1/x", "private"),
    ("http://240.0.0.1/x", "private"),
    ("http://255.255.255.255/x", "private"),
    ("http://192.0.0.8/x", "192.0.0.0/24"),
    ("http://192.0.0.9/x", "192.0.0.0/24"),
    ("http://192.0.0.170/x", "private"),
    ("http://192.0.2.1/x", "private"),
    ("http://192.88.99.1/x", "192.88.99.0/24"),
    ("http://224.0.1.1/x", "multicast"),
    ("http://[ff0e::1]/x", "multicast"),
    ("http://[2001:db8::1]/x", "private"),
    ("http://[::a00:1]/x", "reserved"),
    ("http://[64:ff9b:1::a00:1]/x", "reserved"),
]


@pytest.mark.parametrize(("url", "why"), NOT_PUBLIC)
def test_a_url_naming_an_address_that_is_not_public_is_refused_when_saved(
    client: TestClient, db: Session, url: str, why: str
) -> None:
    admin = new_member(db, "admin")
    message = _refused_at(_create(client, admin, url, ["run.failed"]))
    assert why in message and "public addresses only" in message, message
    assert db.scalar(select(Webhook.id).where(Webhook.team_id == admin.team.id)) is None


def test_ports_other_than_80_and_443_and_internal_networks_need_the_operators_allowance(
    client: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    admin = new_member(db, "admin")
    for url in (
        "https://hooks.example.com/x",
        "http://hooks.example.com:443/x",
        "http://[2606:4700::1111]/x",
    ):
        assert _create(client, admin, url, ["run.failed"]).status_code == 201, url
    for url in ("https://hooks.example.com:8443/x", "http://8.8.8.8:22/x", "http://hooks.example.com:0/x"):
        assert "is not allowed" in _refused_at(_create(client, admin, url, ["run.failed"])), url

    _settings(
        monkeypatch,
        HAPLAB_WEBHOOK_ALLOWED_PORTS="8443,9000-9100",
        HAPLAB_WEBHOOK_ALLOWED_NETWORKS="10.20.0.0/16",
    )
    try:
        for url in (
            "https://hooks.example.com:8443/x",
            "http://10.20.3.4:9050/x",
            "http://[::ffff:10.20.0.1]/x",
        ):
            assert _create(client, admin, url, ["run.failed"]).status_code == 201, url
        for url in ("http://hooks.example.com:9101/x", "http://10.21.0.1/x", "http://127.0.0.1:9000/x"):
            _refused_at(_create(client, admin, url, ["run.failed"]))
        # The deprecated switch still means what it did: nothing refused.
        _settings(monkeypatch, HAPLAB_WEBHOOK_ALLOW_PRIVATE="true")
        assert _create(client, admin, "http://127.0.0.1:22/x", ["run.failed"]).status_code == 201
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()


def test_international_host_names_are_sent_encoded_and_bad_ones_refused_when_saved(
    client: TestClient, db: Session
) -> None:
    admin = new_member(db, "admin")
    hook = _create(client, admin, "https://bücher.example/hook", ["run.failed"])
    assert hook.status_code == 201 and hook.json()["url"] == "https://bücher.example/hook", hook.text
    for url, why in [
        ("http://a..b.example/x", "not a DNS name"),
        ("http://" + "x" * 64 + ".example/x", "not a DNS name"),
        ("http://exa%2fmple.com/x", "not a DNS name"),
        ("http://a\u2488.example/x", "not a valid"),  # ⒈ is "1." under NFKC: a delimiter appears
        ("http://\u0661\u0031.example/x", "international domain name"),  # Arabic digit beside a Latin one
        (
            "http://\uff11\uff12\uff17\u3002\uff10\u3002\uff10\u3002\uff11/x",
            "loopback",
        ),  # full-width 127.0.0.1
    ]:
        assert why in _refused_at(_create(client, admin, url, ["run.failed"])), url


def test_deliveries_to_addresses_not_allowed_at_attempt_time_are_refused_and_logged(
    client: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    admin = new_member(db, "admin")
    with receiving() as receiver:
        # Saved while the operator allowed loopback; that allowance is then taken back.
        _settings(monkeypatch, **ALLOW_LOOPBACK)
        hook = _create(client, admin, receiver.url, ["run.failed"]).json()
        monkeypatch.undo()
        _settings(monkeypatch, HAPLAB_WEBHOOK_ALLOWED_PORTS="1024-65535")
        r = client.post(f"{API}/webhooks/{hook['id']}/test", headers=admin.headers)
        assert r.status_code == 202 and r.json()["status"] == "pending"
        assert attempt(db, r.json()["id"]).status == "failed" and receiver.requests == []
        # A name that resolves inside (this machine's own name: loopback, or its private address)
        # is refused when its addresses are checked, before any connection.
        name = socket.gethostname()
        named = receiver.url.replace("127.0.0.1", name)
        hook_by_name = _create(client, admin, named, ["run.failed"]).json()
        ping = client.post(f"{API}/webhooks/{hook_by_name['id']}/test", headers=admin.headers).json()
        assert attempt(db, ping["id"]).status == "failed" and receiver.requests == []
    [delivery] = client.get(f"{API}/webhooks/{hook['id']}/deliveries", headers=admin.headers).json()
    assert delivery["status"] == "failed" and "loopback address" in delivery["last_error"], delivery
    by_name = db.get_one(WebhookDelivery, ping["id"]).last_error or ""
    assert by_name.startswith(f"refused: {name} resolves to "), by_name
    monkeypatch.undo()
    get_settings.cache_clear()


def test_a_delivery_that_cannot_be_sent_ends_recorded_never_pending_forever(
    db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hosts a resolver chokes on (UnicodeError from getaddrinfo left such a delivery pending
    forever), saved before the check or by hand: each attempt ends as a recorded failure."""
    member = new_member(db, "admin")
    _settings(monkeypatch, HAPLAB_WEBHOOK_MAX_ATTEMPTS="2", HAPLAB_WEBHOOK_RETRY_BASE_SECONDS="0.1")
    outcomes = {}
    for url in ("http://a..b.example/x", "http://" + "y" * 64 + ".example/x", "http://bücher.invalid/x"):
        hook = Webhook(
            team_id=member.team.id, name="old", url=url, secret_encrypted=secret_box.seal("s"),
            events=["run.failed"], payload_format="haplab", active=True,
        )  # fmt: skip
        db.add(hook)
        db.commit()
        delivery_id = send_test(db, member.team.id, hook.id).id
        first = attempt(db, delivery_id)
        second = attempt(db, delivery_id) if first.status == "pending" else first
        row = db.get_one(WebhookDelivery, delivery_id)
        outcomes[url] = (second.status, row.last_error)
    monkeypatch.undo()
    get_settings.cache_clear()
    assert {status for status, _ in outcomes.values()} == {"failed"}, outcomes
    assert "not a DNS name" in (outcomes["http://a..b.example/x"][1] or "")
    # bücher.invalid is valid and sent encoded, but .invalid never resolves: retried, then given up.
    assert "does not resolve" in (outcomes["http://bücher.invalid/x"][1] or "")
    assert "gave up after 2 attempts" in (outcomes["http://bücher.invalid/x"][1] or "")


def test_a_delivery_is_signed_retried_on_5xx_and_logged(
    client: TestClient, db: Session, allow_loopback: None
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


def test_send_test_is_limited_per_webhook_and_per_team(
    client: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    _settings(
        monkeypatch,
        HAPLAB_WEBHOOK_TEST_LIMIT_PER_WEBHOOK="2",
        HAPLAB_WEBHOOK_TEST_LIMIT_PER_TEAM="3",
        HAPLAB_WEBHOOK_TEST_WINDOW_SECONDS="60",
    )
    admin = new_member(db, "admin")
    first, second = (
        _create(client, admin, f"https://h{i}.example.com/x", ["run.failed"]).json() for i in (1, 2)
    )

    def test(hook: dict[str, Any]) -> Any:
        return client.post(f"{API}/webhooks/{hook['id']}/test", headers=admin.headers)

    assert [test(first).status_code for _ in range(2)] == [202, 202]
    refused = test(first)
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_requests", refused.text
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "2 per webhook" in refused.json()["message"]
    assert test(second).status_code == 202  # another webhook has its own count ...
    assert test(second).status_code == 429  # ... and the team's (3) is spent
    # A refused test queued nothing: 3 deliveries in all.
    count = db.scalars(
        select(WebhookDelivery.id).where(WebhookDelivery.webhook_id.in_([first["id"], second["id"]]))
    )
    assert len(count.all()) == 3
    other_team = new_member(db, "admin")
    hook = _create(client, other_team, "https://h3.example.com/x", ["run.failed"]).json()
    assert client.post(f"{API}/webhooks/{hook['id']}/test", headers=other_team.headers).status_code == 202
    monkeypatch.undo()
    get_settings.cache_clear()


def test_a_run_that_failed_its_thresholds_tells_the_hooks_subscribed_in_their_format(
    client: TestClient, db: Session, allow_loopback: None
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
        report = _failed_report(spec)
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
        "failed 1 threshold(s): latency_p99_ms &lt; 1" in slack_body["text"]
        and f"/runs/{run_id}" in slack_body["text"]
    )
    event = next(b for b in bodies if b.get("event") == "threshold.failed")
    assert event["data"]["run"]["id"] == run_id and event["data"]["run"]["thresholds"]["passed"] is False
    assert "latency_p99_ms < 1" in event["summary"]  # haplab's JSON is not Slack text: as written
    # The run's one verdict: never a bare "succeeded" while its rule failed.
    done = next(b for b in bodies if b.get("event") == "run.finished")
    assert "succeeded, its rule failed" in done["summary"], done["summary"]
    assert done["data"]["run"]["outcome"]["kind"] == "rules_failed"


def _failed_report(spec: dict[str, Any], text: str = "latency_p99_ms < 1") -> dict[str, Any]:
    rule = spec["thresholds"][0]
    return {
        "passed": False,
        "results": [{"rule": rule, "text": text, "value": 50.0, "limit": 1.0, "passed": False}],
    }


HOSTILE = "<!channel> <http://evil.example|click here> & <@U123>"


def test_slack_messages_show_every_users_text_literally_in_every_event(
    client: TestClient, db: Session
) -> None:
    """Names, errors and reasons are users' text: in a Slack message `<!channel>` would notify
    everyone and `<http://evil|click>` hide a link behind words. Every event's text is escaped."""
    admin = new_member(db, "admin")
    events = [
        "run.failed",
        "run.finished",
        "threshold.failed",
        "change.detected",
        "agent.offline",
        "schedule.refused",
    ]
    slack = _create(
        client, admin, "https://hooks.slack.example/x", events, payload_format="slack", name=HOSTILE
    )
    assert slack.status_code == 201, slack.text
    lab = make_lab(db, admin.team, name=f"lab {HOSTILE}")
    spec = small_spec()
    spec["thresholds"] = [{"metric": "latency_p99_ms", "operator": "<", "value": 1}]
    experiment = make_experiment(db, admin, spec=spec, name=f"exp {HOSTILE}"[:120])
    [ok_run, failed_run] = [launch(db, admin, experiment, lab).run_ids[0] for _ in range(2)]
    finish_run(db, ok_run, state=RunState.succeeded, summary=summary_doc(rps=10))
    db.execute(update(Run).where(Run.id == ok_run).values(thresholds=_failed_report(spec, f"p99 {HOSTILE}")))
    finish_run(db, failed_run, state=RunState.failed)
    db.execute(update(Run).where(Run.id == failed_run).values(error=f"agent said {HOSTILE}"))
    db.commit()
    ids = notify.run_ended(db, ok_run) + notify.run_ended(db, failed_run)
    change = ChangePoint(
        id=1, team_id=admin.team.id, experiment_id=experiment.id, params={"load.rate": HOSTILE},
        params_key="k", metric="rps", run_id=ok_run, before_run_id=failed_run, before_mean=1.0,
        after_mean=2.0, before_n=3, after_n=3, change_pct=100.0, worse=False, p_value=0.01, differences=[],
    )  # fmt: skip
    ids += notify.change_detected(db, change, experiment.name)
    db.add(
        Agent(
            team_id=admin.team.id, lab_id=lab.id, name=f"agent {HOSTILE}"[:60], roles=["proxy"],
            token_hash=uuid.uuid4().hex, last_seen_at=datetime.now(UTC) - timedelta(minutes=5),
        )
    )  # fmt: skip
    db.commit()
    ids += notify.agents_gone_silent(db)
    schedule = Schedule(
        id=10**9, team_id=admin.team.id, experiment_id=experiment.id, lab_id=lab.id,
        name=f"nightly {HOSTILE}", cron="@daily", timezone="UTC",
    )  # fmt: skip
    firing = ScheduleFiring(id=1, fired_at=datetime.now(UTC), detail=f"refused: {HOSTILE}")
    ids += notify.schedule_refused(db, schedule, firing)
    r = client.post(f"{API}/webhooks/{slack.json()['id']}/test", headers=admin.headers)
    ids.append(r.json()["id"])

    texts = {
        row.event: row.payload["text"]
        for row in db.scalars(select(WebhookDelivery).where(WebhookDelivery.id.in_(ids)))
    }
    assert set(texts) == {*events, "ping"}, texts
    for event, text in texts.items():
        assert "<" not in text and ">" not in text, (event, text)
        assert "&lt;!channel&gt; &lt;http://evil.example|click here&gt; &amp; &lt;@U123&gt;" in text, (
            event,
            text,
        )


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
