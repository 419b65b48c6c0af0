"""Runs over the REST API: list with filters and paging, detail, cancel, re-run, team isolation."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import event, func, select, update
from sqlalchemy.orm import Session

from backend.models import Experiment, ExperimentVersion, Launch, Run
from backend.runs.queued_runs import NewRun, queue_launch
from backend.runs.transitions import transition
from backend.settings import get_settings
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec
from tests.api.helpers import API, Member, add_member, make_lab, make_user, new_member, token_headers

LAB_QUEUE = "haplab.runs"


def _launched(db: Session, member: Member, values: list[int], tags: list[str] | None = None) -> list[int]:
    lab = make_lab(db, member.team)
    experiment = make_experiment(
        db, member, spec=small_spec(sweep=[("proxy.global.maxconn", values)]), tags=tags
    )
    return launch(db, member, experiment, lab).run_ids


# ---------------------------------------------------------------- list


def test_list_filters_by_experiment_launch_lab_state_and_tag(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    a_ids = _launched(db, member, [20, 40, 60], tags=["capacity"])
    b_ids = _launched(db, member, [20, 40])
    finish_run(db, a_ids[0])
    finish_run(db, b_ids[0], RunState.failed)
    a_run = db.get(Run, a_ids[0])
    assert a_run is not None

    def ids(**params: Any) -> list[int]:
        r = client.get(f"{API}/runs", params=params, headers=member.headers)
        assert r.status_code == 200, r.text
        return [item["id"] for item in r.json()["items"]]

    assert ids() == sorted(a_ids + b_ids, reverse=True)
    assert ids(experiment_id=a_run.experiment_id) == sorted(a_ids, reverse=True)
    assert ids(launch_id=a_run.launch_id) == sorted(a_ids, reverse=True)
    assert ids(lab_id=a_run.lab_id) == sorted(a_ids, reverse=True)
    assert ids(state=["succeeded", "failed"]) == [b_ids[0], a_ids[0]]
    assert ids(state="queued", experiment_id=a_run.experiment_id) == sorted(a_ids[1:], reverse=True)
    assert ids(tag="capacity") == sorted(a_ids, reverse=True)
    assert ids(tag="nothing-has-this") == []
    assert ids(order="oldest") == sorted(a_ids + b_ids)


def test_list_pages_with_total_and_items_are_slim(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    run_ids = _launched(db, member, [20, 40, 60, 80, 100])

    r = client.get(f"{API}/runs", params={"limit": 2, "offset": 1}, headers=member.headers)

    page = r.json()
    assert (page["total"], page["limit"], page["offset"]) == (5, 2, 1)
    assert [item["id"] for item in page["items"]] == sorted(run_ids, reverse=True)[1:3]
    item = page["items"][0]
    assert item["experiment_name"].startswith("experiment-") and item["experiment_version"] == 1
    assert item["params"] == {"proxy.global.maxconn": 80}
    assert "spec" not in item and "rendered_config" not in item and "summary" not in item


def test_list_filters_by_creation_time(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    old, new = _launched(db, member, [20, 40])
    now = db.scalar(select(func.now()))
    db.execute(update(Run).where(Run.id == old).values(created_at=now - timedelta(days=3)))
    db.commit()
    since = (now - timedelta(days=1)).isoformat()

    recent = client.get(f"{API}/runs", params={"since": since}, headers=member.headers).json()
    earlier = client.get(f"{API}/runs", params={"until": since}, headers=member.headers).json()

    assert [i["id"] for i in recent["items"]] == [new]
    assert [i["id"] for i in earlier["items"]] == [old]


@pytest.fixture
def roomy_queues(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Room for 10,000 queued runs on one lab: more than the caps allow by default."""
    monkeypatch.setenv("HAPLAB_MAX_QUEUED_RUNS_PER_LAB", "10000")
    monkeypatch.setenv("HAPLAB_MAX_QUEUED_RUNS_PER_TEAM", "10000")
    get_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def test_list_pages_10000_runs_slim(client: TestClient, db: Session, engine: Any, roomy_queues: None) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member)
    version_id = _version_id(db, experiment.id)
    spec = small_spec()
    for _ in range(10):
        queue_launch(
            db,
            team_id=member.team.id,
            experiment_id=experiment.id,
            experiment_version_id=version_id,
            lab_id=lab.id,
            created_by_id=member.user.id,
            runs=[NewRun(point_index=i, repetition=0, params={"i": i}, spec=spec) for i in range(1000)],
        )
    db.commit()
    statements: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        r = client.get(f"{API}/runs", params={"limit": 100, "state": "queued"}, headers=member.headers)
    finally:
        event.remove(engine, "before_cursor_execute", record)

    assert r.status_code == 200
    assert r.json()["total"] == 10_000 and len(r.json()["items"]) == 100
    run_queries = [s for s in statements if "FROM run" in s]
    assert run_queries, statements
    assert not any("run.spec" in s or "run.summary" in s or "run.rendered_config" in s for s in run_queries)


def _version_id(db: Session, experiment_id: int) -> int:
    version_id = db.scalar(
        select(ExperimentVersion.id).where(ExperimentVersion.experiment_id == experiment_id)
    )
    assert version_id is not None
    return version_id


# ---------------------------------------------------------------- detail


def test_detail_has_everything_about_the_run(client: TestClient, db: Session) -> None:
    member = new_member(db, "viewer")
    editor = new_member(db, "editor")
    run_id = _launched(db, editor, [20, 40])[1]
    db.execute(
        update(Run)
        .where(Run.id == run_id)
        .values(
            rendered_config="global\n    maxconn 40\n",
            command_lines={"injector-1": [["hey", "-c", "100"]]},
            environment={"proxy-1": {"haproxy": "2.6.12"}},
        )
    )
    db.commit()

    r = client.get(f"{API}/runs/{run_id}", headers=editor.headers)

    assert r.status_code == 200, r.text
    run = r.json()
    assert run["id"] == run_id and run["state"] == "queued"
    assert run["params"] == {"proxy.global.maxconn": 40}
    assert run["spec"]["proxy"]["global"]["maxconn"] == 40
    assert run["rendered_config"].startswith("global")
    assert run["command_lines"] == {"injector-1": [["hey", "-c", "100"]]}
    assert (
        run["environment"]["agents"]["proxy-1"]["capabilities"]["haproxy"] == "2.6.12"
    )  # an older shape, read
    assert run["experiment_name"].startswith("experiment-") and run["experiment_version"] == 1
    assert run["lab_name"].startswith("lab-")
    assert run["summary"] is None and run["error"] is None
    # A member of another team sees nothing.
    assert client.get(f"{API}/runs/{run_id}", headers=member.headers).status_code == 404


# ---------------------------------------------------------------- cancel


def test_cancel_a_queued_run_cancels_it_and_kicks_the_lab(
    client: TestClient, db: Session, redis_client: redis.Redis
) -> None:
    member = new_member(db, "editor")
    run_id = _launched(db, member, [20])[0]
    redis_client.delete(LAB_QUEUE)

    r = client.post(f"{API}/runs/{run_id}/cancel", headers=member.headers)

    assert r.status_code == 200, r.text
    assert r.json()["state"] == "cancelled"
    run = db.get(Run, run_id)
    assert run is not None
    db.refresh(run)
    assert run.state == RunState.cancelled and run.finished_at is not None
    assert redis_client.llen(LAB_QUEUE) == 1


def test_cancel_an_active_run_asks_the_worker(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    run_id = _launched(db, member, [20])[0]
    assert transition(db, run_id, RunState.preparing) and transition(db, run_id, RunState.warming)
    db.commit()

    r = client.post(f"{API}/runs/{run_id}/cancel", headers=member.headers)

    assert r.status_code == 200
    assert r.json()["state"] == "warming"
    assert r.json()["cancel_requested_at"] is not None


def test_cancel_a_finished_run_is_409_naming_its_state(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    run_id = _launched(db, member, [20])[0]
    finish_run(db, run_id, RunState.succeeded)

    r = client.post(f"{API}/runs/{run_id}/cancel", headers=member.headers)

    assert r.status_code == 409
    assert "succeeded" in r.json()["message"]
    run = db.get(Run, run_id)
    assert run is not None
    db.refresh(run)
    assert run.state == RunState.succeeded and run.cancel_requested_at is None


def test_a_viewer_cannot_cancel(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    run_id = _launched(db, editor, [20])[0]
    viewer = make_user(db)
    add_member(db, editor.team, viewer, "viewer")
    headers = token_headers(db, viewer, editor.team, scope="viewer")

    assert client.post(f"{API}/runs/{run_id}/cancel", headers=headers).status_code == 403
    assert client.get(f"{API}/runs/{run_id}", headers=headers).json()["state"] == "queued"


# ---------------------------------------------------------------- re-run


def test_rerun_queues_a_copy_in_a_launch_of_its_own(
    client: TestClient, db: Session, redis_client: redis.Redis
) -> None:
    member = new_member(db, "editor")
    original_id = _launched(db, member, [20, 40])[1]
    finish_run(db, original_id, RunState.failed)
    redis_client.delete(LAB_QUEUE)

    r = client.post(f"{API}/runs/{original_id}/rerun", headers=member.headers)

    assert r.status_code == 201, r.text
    (new_id,) = r.json()["run_ids"]
    assert r.json()["total_runs"] == 1
    original, copy = db.get(Run, original_id), db.get(Run, new_id)
    assert original is not None and copy is not None
    assert copy.id > original.id
    assert copy.rerun_of_id == original.id
    assert copy.state == RunState.queued
    assert (copy.spec, copy.params) == (original.spec, original.params)
    assert (copy.experiment_version_id, copy.lab_id) == (original.experiment_version_id, original.lab_id)
    assert (copy.point_index, copy.repetition) == (original.point_index, original.repetition)
    assert copy.launch_id != original.launch_id
    new_launch = db.get(Launch, copy.launch_id)
    assert new_launch is not None and new_launch.total_runs == 1
    assert redis_client.llen(LAB_QUEUE) == 1


# ---------------------------------------------------------------- isolation


def test_another_teams_runs_are_invisible(client: TestClient, db: Session) -> None:
    mine = new_member(db, "editor")
    theirs = new_member(db, "editor")
    my_ids = _launched(db, mine, [20])
    their_ids = _launched(db, theirs, [20, 40])
    their_run = their_ids[0]
    before = db.scalar(select(func.count()).select_from(Run))

    listed = client.get(f"{API}/runs", headers=mine.headers).json()
    their_experiment = db.scalar(select(Run.experiment_id).where(Run.id == their_run))
    by_their_experiment = client.get(
        f"{API}/runs", params={"experiment_id": their_experiment}, headers=mine.headers
    ).json()
    responses = [
        client.get(f"{API}/runs/{their_run}", headers=mine.headers),
        client.post(f"{API}/runs/{their_run}/cancel", headers=mine.headers),
        client.post(f"{API}/runs/{their_run}/rerun", headers=mine.headers),
        client.get(f"{API}/runs/{their_run}/samples", headers=mine.headers),
        client.get(f"{API}/runs/{their_run}/samples.csv", headers=mine.headers),
        client.get(f"{API}/runs/compare", params={"run_ids": [my_ids[0], their_run]}, headers=mine.headers),
        client.get(f"{API}/runs/export.csv", params={"run_ids": their_run}, headers=mine.headers),
        client.get(f"{API}/experiments/{their_experiment}", headers=mine.headers),
        client.post(f"{API}/experiments/{their_experiment}/clone", json={"name": "x"}, headers=mine.headers),
        client.delete(f"{API}/experiments/{their_experiment}", headers=mine.headers),
    ]

    assert [i["id"] for i in listed["items"]] == my_ids and listed["total"] == 1
    assert by_their_experiment["total"] == 0
    assert [r.status_code for r in responses] == [404] * len(responses)
    assert f"run {their_run}" in responses[5].json()["message"]
    assert db.scalar(select(func.count()).select_from(Run)) == before
    assert db.scalar(select(Experiment.name).where(Experiment.id == their_experiment)) is not None
    run = db.get(Run, their_run)
    assert run is not None
    db.refresh(run)
    assert run.state == RunState.queued
