"""Schedules (backend/schedules/): the API, the beat entry kept in step with each schedule, and
what a firing does under each policy (the firing is called as the worker's task calls it)."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy_celery_beat.models import CrontabSchedule, PeriodicTask

from backend.experiments import config_check, haproxy_check
from backend.models import Launch, Membership, Role, Run, Schedule, Webhook, WebhookDelivery
from backend.schedules.beat import entry_name
from backend.schedules.firing import fire
from backend.settings import get_settings
from backend.webhooks.secret_box import seal
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec
from tests.api.helpers import API, Member, add_member, make_lab, make_user, new_member, token_headers


def _create(client: TestClient, member: Member, experiment_id: int, **body: Any) -> Any:
    return client.post(f"{API}/experiments/{experiment_id}/schedules", json=body, headers=member.headers)


def _entry(db: Session, schedule_id: int) -> PeriodicTask | None:
    db.expire_all()
    return db.scalar(select(PeriodicTask).where(PeriodicTask.name == entry_name(schedule_id)))


def test_a_schedule_writes_its_beat_entry_and_pause_resume_edit_delete_keep_it_in_step(
    client: TestClient, db: Session
) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member)
    lab = make_lab(db, member.team)
    r = _create(
        client,
        member,
        experiment.id,
        lab_id=lab.id,
        cron="0 2 * * mon-fri",
        timezone="Europe/Paris",
        name="nightly",
    )
    assert r.status_code == 201, r.text
    schedule = r.json()
    assert schedule["name"] == "nightly" and schedule["experiment_name"] == experiment.name
    assert schedule["if_lab_busy"] == "queue" and schedule["if_previous_running"] == "skip"
    assert len(schedule["next_runs"]) == 3 and schedule["firings"] == []
    # 02:00 in Paris is 00:00 or 01:00 UTC (summer or winter), on a weekday.
    assert all(t[11:16] in ("00:00", "01:00") for t in schedule["next_runs"])

    entry = _entry(db, schedule["id"])
    assert entry is not None and entry.enabled
    assert entry.task == "haplab.schedule.fire" and json.loads(entry.kwargs) == {
        "schedule_id": schedule["id"]
    }
    crontab = entry.schedule_model
    assert isinstance(crontab, CrontabSchedule)
    assert (crontab.minute, crontab.hour, crontab.day_of_week, crontab.timezone) == (
        "0",
        "2",
        "mon-fri",
        "Europe/Paris",
    )

    paused = client.patch(f"{API}/schedules/{schedule['id']}", json={"paused": True}, headers=member.headers)
    assert paused.status_code == 200 and paused.json()["paused"] and paused.json()["next_runs"] == []
    entry = _entry(db, schedule["id"])
    assert entry is not None and not entry.enabled

    edited = client.patch(
        f"{API}/schedules/{schedule['id']}",
        json={"paused": False, "cron": "@hourly", "timezone": "UTC", "if_lab_busy": "skip"},
        headers=member.headers,
    )
    assert edited.status_code == 200, edited.text
    assert edited.json()["cron"] == "0 * * * *" and edited.json()["if_lab_busy"] == "skip"
    assert all(t[14:16] == "00" for t in edited.json()["next_runs"])
    entry = _entry(db, schedule["id"])
    assert entry is not None and entry.enabled and entry.schedule_model.hour == "*"

    listed = client.get(f"{API}/schedules", params={"experiment_id": experiment.id}, headers=member.headers)
    assert [s["id"] for s in listed.json()] == [schedule["id"]]
    on_lab = client.get(f"{API}/schedules", params={"lab_id": lab.id}, headers=member.headers).json()
    other_lab = make_lab(db, member.team)
    on_other = client.get(f"{API}/schedules", params={"lab_id": other_lab.id}, headers=member.headers).json()
    assert [s["id"] for s in on_lab] == [schedule["id"]] and on_other == []

    gone = client.delete(f"{API}/schedules/{schedule['id']}", headers=member.headers)
    assert gone.status_code == 204
    assert _entry(db, schedule["id"]) is None
    assert client.get(f"{API}/schedules/{schedule['id']}", headers=member.headers).status_code == 404


def test_bad_input_is_refused_naming_the_field_and_nothing_is_written(
    client: TestClient, db: Session
) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member)
    lab = make_lab(db, member.team)
    cases = [
        ({"cron": "0 0 * * 7"}, "cron"),
        ({"cron": "every night"}, "cron"),
        ({"cron": "0 0 30 2 *"}, "cron"),
        ({"cron": "0 0 * * *", "timezone": "../../etc/passwd"}, "timezone"),
        ({"cron": "0 0 * * *", "overrides": {"load.duration_z": 5}}, "overrides.load.duration_z"),
        ({"cron": "0 0 * * *", "if_lab_busy": "preempt"}, "if_lab_busy"),
        ({"cron": "0 0 * * *", "surprise": 1}, "surprise"),
    ]
    for body, field in cases:
        r = _create(client, member, experiment.id, lab_id=lab.id, **body)
        assert r.status_code == 422, (body, r.text)
        assert field in {f["field"] for f in r.json()["fields"]}, (body, r.json())
    other_lab = make_lab(db, new_member(db).team)
    assert _create(client, member, experiment.id, lab_id=other_lab.id, cron="0 0 * * *").status_code == 404
    assert client.get(f"{API}/schedules", headers=member.headers).json() == []
    assert db.scalar(select(PeriodicTask).where(PeriodicTask.task == "haplab.schedule.fire")) is None


def test_viewers_read_editors_change_other_teams_see_nothing(client: TestClient, db: Session) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member)
    lab = make_lab(db, member.team)
    schedule = _create(client, member, experiment.id, lab_id=lab.id, cron="@daily").json()
    viewer = make_user(db)
    add_member(db, member.team, viewer, "viewer")
    viewer_headers = token_headers(db, viewer, member.team, scope="viewer")
    assert client.get(f"{API}/schedules/{schedule['id']}", headers=viewer_headers).status_code == 200
    patch = client.patch(f"{API}/schedules/{schedule['id']}", json={"paused": True}, headers=viewer_headers)
    assert patch.status_code == 403
    stranger = new_member(db)
    assert client.get(f"{API}/schedules/{schedule['id']}", headers=stranger.headers).status_code == 404
    assert client.delete(f"{API}/schedules/{schedule['id']}", headers=stranger.headers).status_code == 404
    assert client.get(f"{API}/schedules", headers=stranger.headers).json() == []


def test_preview_shows_the_next_times_or_names_the_field(client: TestClient, db: Session) -> None:
    member = new_member(db)
    ok = client.post(
        f"{API}/schedules/preview",
        json={"cron": "@monthly", "timezone": "Asia/Tokyo"},
        headers=member.headers,
    )
    assert ok.status_code == 200 and ok.json()["cron"] == "0 0 1 * *"
    # Midnight on the 1st in Tokyo is 15:00 UTC the day before.
    assert len(ok.json()["next_runs"]) == 5 and all(t[11:16] == "15:00" for t in ok.json()["next_runs"])
    bad = client.post(f"{API}/schedules/preview", json={"cron": "0 0 * *"}, headers=member.headers)
    assert bad.status_code == 422 and bad.json()["fields"][0]["field"] == "cron"


def _runs_of(db: Session, launch_id: int) -> list[Run]:
    return list(db.scalars(select(Run).where(Run.launch_id == launch_id).order_by(Run.id)))


def test_a_firing_launches_once_and_follows_its_policies(client: TestClient, db: Session) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member, spec=small_spec(repetitions=2))
    lab = make_lab(db, member.team)
    schedule = _create(client, member, experiment.id, lab_id=lab.id, cron="* * * * *").json()

    first = fire(db, schedule["id"], task_id="task-1")
    db.commit()
    assert first is not None and first.outcome == "launched" and first.launch_id is not None
    launched = db.get(Launch, first.launch_id)
    assert (
        launched is not None
        and launched.schedule_id == schedule["id"]
        and launched.created_by_id == member.user.id
    )
    assert [r.state for r in _runs_of(db, first.launch_id)] == [RunState.queued, RunState.queued]
    shown_run = client.get(f"{API}/runs/{_runs_of(db, first.launch_id)[0].id}", headers=member.headers).json()
    assert shown_run["schedule"] == {"id": schedule["id"], "name": "* * * * *"}
    # The same message delivered again (a worker died mid-task) launches nothing new.
    again = fire(db, schedule["id"], task_id="task-1")
    assert again is not None and again.id == first.id
    assert db.query(Launch).filter(Launch.schedule_id == schedule["id"]).count() == 1

    skipped = fire(db, schedule["id"], task_id="task-2")
    db.commit()
    assert skipped is not None and skipped.outcome == "skipped_previous_running" and skipped.launch_id is None

    for run in _runs_of(db, first.launch_id):
        finish_run(db, run.id)
    by_hand = launch(db, member, experiment, lab)  # someone else's launch occupies the lab
    r = client.patch(
        f"{API}/schedules/{schedule['id']}", json={"if_lab_busy": "skip"}, headers=member.headers
    )
    assert r.status_code == 200, r.text
    busy = fire(db, schedule["id"], task_id="task-3")
    db.commit()
    assert busy is not None and busy.outcome == "skipped_lab_busy"

    client.patch(f"{API}/schedules/{schedule['id']}", json={"if_lab_busy": "queue"}, headers=member.headers)
    queued = fire(db, schedule["id"], task_id="task-4")
    db.commit()
    assert queued is not None and queued.outcome == "launched" and "queued behind" in queued.detail
    assert queued.launch_id is not None and min(r.id for r in _runs_of(db, queued.launch_id)) > max(
        by_hand.run_ids
    )

    client.patch(f"{API}/schedules/{schedule['id']}", json={"paused": True}, headers=member.headers)
    assert fire(db, schedule["id"], task_id="task-5") is None  # beat raced with the pause

    shown = client.get(f"{API}/schedules/{schedule['id']}", headers=member.headers).json()
    assert [f["outcome"] for f in shown["firings"]] == [
        "launched",
        "skipped_lab_busy",
        "skipped_previous_running",
        "launched",
    ]
    assert shown["firings"][0]["first_run_id"] == min(r.id for r in _runs_of(db, queued.launch_id))
    assert shown["last_firing"]["id"] == queued.id


def test_a_firing_is_refused_when_the_owner_may_no_longer_launch_or_the_spec_no_longer_holds(
    client: TestClient, db: Session
) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member)
    lab = make_lab(db, member.team)
    schedule = _create(client, member, experiment.id, lab_id=lab.id, cron="@hourly").json()
    membership = db.get(Membership, (member.team.id, member.user.id))
    assert membership is not None
    membership.role = Role.viewer
    db.commit()
    hook = Webhook(
        team_id=member.team.id,
        name="ops",
        url="https://hooks.example.com/x",
        secret_encrypted=seal("s" * 32),
        events=["schedule.refused"],
        payload_format="haplab",
        active=True,
    )
    db.add(hook)
    db.commit()
    refused = fire(db, schedule["id"], task_id="owner-demoted")
    db.commit()
    assert refused is not None and refused.outcome == "refused" and "no longer an editor" in refused.detail
    # Nobody may be watching when a schedule fires: its webhooks are told.
    [told] = db.scalars(select(WebhookDelivery).where(WebhookDelivery.webhook_id == hook.id)).all()
    assert told.event == "schedule.refused"
    assert told.payload["data"]["firing"]["reason"] == refused.detail
    assert told.payload["data"]["schedule"]["id"] == schedule["id"]
    assert db.query(Launch).filter(Launch.schedule_id == schedule["id"]).count() == 0

    membership.role = Role.editor
    db.commit()
    patch = client.patch(
        f"{API}/schedules/{schedule['id']}",
        json={"overrides": {"proxy.global.maxconn": -5}},
        headers=member.headers,
    )
    assert patch.status_code == 422, patch.text
    assert "overrides.proxy.global.maxconn" in {f["field"] for f in patch.json()["fields"]}
    # A value that no longer holds at firing time (here set behind the API's back, as a newer
    # version of the experiment could make it) is recorded, not raised.
    row = db.get(Schedule, schedule["id"])
    assert row is not None
    row.overrides = {"proxy.global.maxconn": -5}
    db.commit()
    broken = fire(db, schedule["id"], task_id="bad-spec")
    db.commit()
    assert broken is not None and broken.outcome == "refused" and "maxconn" in broken.detail
    # It would fail the same way at every firing (after up to a sweep's worth of haproxy -c):
    # paused until someone resumes it, and told.
    assert broken.detail.endswith("; the schedule is paused until it is resumed")
    shown = client.get(f"{API}/schedules/{schedule['id']}", headers=member.headers).json()
    assert shown["paused"] and shown["next_runs"] == []
    entry = _entry(db, schedule["id"])
    assert entry is not None and not entry.enabled
    assert fire(db, schedule["id"], task_id="after-the-pause") is None
    told = db.scalars(select(WebhookDelivery).where(WebhookDelivery.webhook_id == hook.id)).all()
    assert [d.payload["data"]["firing"]["reason"] for d in told][-1] == broken.detail


def test_a_firing_of_a_deleted_schedule_removes_its_orphan_entry(client: TestClient, db: Session) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member)
    lab = make_lab(db, member.team)
    schedule = _create(client, member, experiment.id, lab_id=lab.id, cron="@hourly").json()
    row = db.get(Schedule, schedule["id"])
    db.delete(row)  # as an experiment's delete cascades to its schedules
    db.commit()
    assert _entry(db, schedule["id"]) is not None
    assert fire(db, schedule["id"], task_id="orphan") is None
    db.commit()
    assert _entry(db, schedule["id"]) is None


# Cron texts Celery's parser raised ParseException for (a 500), one it would read only in part,
# and one longer than beat's column for the field (a 500 from PostgreSQL at create).
CRON_PROBES = ["*/ * * * *", "-5 * * * *", "1,,2 * * * *", "1-2-3 * * * *", "0 0 * * " + ",".join(["1"] * 40)]


def test_cron_text_beat_cannot_read_is_a_422_at_cron_on_preview_create_and_update(
    client: TestClient, db: Session
) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member)
    lab = make_lab(db, member.team)
    schedule = _create(client, member, experiment.id, lab_id=lab.id, cron="@daily").json()
    for text in CRON_PROBES:
        answers = {
            "preview": client.post(f"{API}/schedules/preview", json={"cron": text}, headers=member.headers),
            "create": _create(client, member, experiment.id, lab_id=lab.id, cron=text),
            "update": client.patch(
                f"{API}/schedules/{schedule['id']}", json={"cron": text}, headers=member.headers
            ),
        }
        for route, r in answers.items():
            assert r.status_code == 422, (text, route, r.text)
            assert [f["field"] for f in r.json()["fields"]] == ["cron"], (text, route, r.json())
    listed = client.get(f"{API}/schedules", headers=member.headers).json()
    assert [s["cron"] for s in listed] == ["0 0 * * *"]  # nothing written, nothing changed
    entry = _entry(db, schedule["id"])
    assert entry is not None and entry.schedule_model.day_of_week == "*"


def test_a_schedule_saved_before_a_cron_rule_still_lists_pauses_and_fires(
    client: TestClient, db: Session
) -> None:
    member = new_member(db)
    experiment = make_experiment(db, member)
    lab = make_lab(db, member.team)
    schedule = _create(client, member, experiment.id, lab_id=lab.id, cron="0 2 * * mon").json()
    row = db.get(Schedule, schedule["id"])
    assert row is not None
    row.cron = "0 2 * * monday"  # Celery reads it (as mon); parse() now refuses full names
    db.commit()
    listed = client.get(f"{API}/schedules", headers=member.headers)
    assert listed.status_code == 200 and len(listed.json()[0]["next_runs"]) == 3
    paused = client.patch(f"{API}/schedules/{schedule['id']}", json={"paused": True}, headers=member.headers)
    assert paused.status_code == 200, paused.text
    assert paused.json()["cron"] == "0 2 * * monday"
    renamed = client.patch(
        f"{API}/schedules/{schedule['id']}", json={"cron": "0 2 * * monday"}, headers=member.headers
    )
    assert renamed.status_code == 422 and renamed.json()["fields"][0]["field"] == "cron"


@pytest.fixture
def caps(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """Set caps of backend/settings.py for this test: caps(max_schedules_per_team=3, ...)."""

    def set_caps(**values: int) -> None:
        for name, value in values.items():
            monkeypatch.setenv(f"HAPLAB_{name.upper()}", str(value))
        get_settings.cache_clear()

    yield set_caps
    monkeypatch.undo()
    get_settings.cache_clear()


def test_schedules_are_capped_per_experiment_and_per_team_with_the_numbers(
    client: TestClient, db: Session, caps: Callable[..., None]
) -> None:
    caps(max_schedules_per_team=3, max_schedules_per_experiment=2)
    member = new_member(db)
    first = make_experiment(db, member, name="nightly")
    second = make_experiment(db, member)
    lab = make_lab(db, member.team)
    assert _create(client, member, first.id, lab_id=lab.id, cron="@daily").status_code == 201
    # A paused schedule counts: resuming it adds nothing that was not counted.
    assert _create(client, member, first.id, lab_id=lab.id, cron="@hourly", paused=True).status_code == 201
    third = _create(client, member, first.id, lab_id=lab.id, cron="* * * * *")
    assert third.status_code == 409, third.text
    assert third.json()["message"].startswith("experiment 'nightly' has 2 schedules of at most 2")

    assert _create(client, member, second.id, lab_id=lab.id, cron="@daily").status_code == 201
    fourth = _create(client, member, second.id, lab_id=lab.id, cron="* * * * *")
    assert fourth.status_code == 409, fourth.text
    assert fourth.json()["message"].startswith("the team has 3 schedules of at most 3")
    assert len(client.get(f"{API}/schedules", headers=member.headers).json()) == 3
    assert db.query(PeriodicTask).filter(PeriodicTask.task == "haplab.schedule.fire").count() == 3

    # Another team's schedules are its own; a deleted one makes room.
    other = new_member(db)
    other_experiment = make_experiment(db, other)
    other_lab = make_lab(db, other.team)
    assert _create(client, other, other_experiment.id, lab_id=other_lab.id, cron="@daily").status_code == 201
    oldest = client.get(f"{API}/schedules", headers=member.headers).json()[0]
    assert client.delete(f"{API}/schedules/{oldest['id']}", headers=member.headers).status_code == 204
    assert _create(client, member, second.id, lab_id=lab.id, cron="* * * * *").status_code == 201


def test_a_firing_past_the_queued_runs_cap_is_refused_with_the_numbers_and_told(
    client: TestClient, db: Session, caps: Callable[..., None]
) -> None:
    caps(max_queued_runs_per_lab=5)
    member = new_member(db)
    experiment = make_experiment(db, member, spec=small_spec(repetitions=3))
    lab = make_lab(db, member.team, name="bench")
    schedule = _create(
        client, member, experiment.id, lab_id=lab.id, cron="* * * * *", if_previous_running="queue"
    ).json()
    hook = Webhook(
        team_id=member.team.id,
        name="ops",
        url="https://hooks.example.com/x",
        secret_encrypted=seal("s" * 32),
        events=["schedule.refused"],
        payload_format="haplab",
        active=True,
    )
    db.add(hook)
    db.commit()
    first = fire(db, schedule["id"], task_id="fills-the-queue")
    db.commit()
    assert first is not None and first.outcome == "launched"
    refused = fire(db, schedule["id"], task_id="over-the-cap")
    db.commit()
    assert refused is not None and refused.outcome == "refused" and refused.launch_id is None
    assert refused.detail.startswith("this launch adds 3 runs; lab 'bench' has 3 queued of at most 5")
    [told] = db.scalars(select(WebhookDelivery).where(WebhookDelivery.webhook_id == hook.id)).all()
    assert told.event == "schedule.refused" and told.payload["data"]["firing"]["reason"] == refused.detail
    assert db.query(Run).filter(Run.lab_id == lab.id, Run.state == RunState.queued).count() == 3
    # A full queue empties by itself: the schedule is not paused.
    row = db.get(Schedule, schedule["id"])
    assert row is not None and not row.paused
    # A person's launch meets the same cap, the same numbers.
    by_hand = client.post(
        f"{API}/experiments/{experiment.id}/launch", json={"lab_id": lab.id}, headers=member.headers
    )
    assert by_hand.status_code == 409 and by_hand.json()["message"] == refused.detail


def test_a_firing_checks_its_configs_as_a_launch_does_on_the_one_pool(
    client: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same distinct configs through config_check.check_all, on the process's pool of
    `check_parallelism` checkers, never more at once (backend/experiments/config_check.py)."""
    member = new_member(db)
    maxconns = [1000 + secrets.randbelow(8000) for _ in range(6)]  # not in this process's cache yet
    experiment = make_experiment(
        db, member, spec=small_spec(sweep=[("proxy.global.maxconn", sorted(set(maxconns)))], repetitions=2)
    )
    lab = make_lab(db, member.team)
    schedule = _create(client, member, experiment.id, lab_id=lab.id, cron="@daily").json()
    checked: list[int] = []
    real_check_all = config_check.check_all
    monkeypatch.setattr(
        config_check,
        "check_all",
        lambda configs: checked.append(len(set(configs))) or real_check_all(configs),
    )
    running, most, threads = 0, 0, set()
    lock = threading.Lock()
    real_check_config = haproxy_check.check_config

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
            threads.add(threading.current_thread().name.split("_")[0])
        try:
            return real_check_config(*args, **kwargs)
        finally:
            with lock:
                running -= 1

    monkeypatch.setattr(haproxy_check, "check_config", counted)
    fired = fire(db, schedule["id"], task_id="checks")
    db.commit()
    assert fired is not None and fired.outcome == "launched", fired.detail if fired else None
    by_hand = client.post(
        f"{API}/experiments/{experiment.id}/launch", json={"lab_id": lab.id}, headers=member.headers
    )
    assert by_hand.status_code == 201, by_hand.text
    distinct = len(set(maxconns))
    assert checked == [distinct, distinct]  # each distinct config once, repetitions not again
    assert 1 <= most <= get_settings().check_parallelism and threads == {"haproxy-c"}
