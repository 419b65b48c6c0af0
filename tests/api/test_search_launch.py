"""Launching a spec with a capacity search: only each search's first probe is queued, and rules the
search does not judge are refused naming the field."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.models import CapacitySearch, Run
from tests.api.experiment_factories import make_experiment, small_spec
from tests.api.helpers import API, make_lab, new_member

SEARCH = {
    "vary": "load.connections",
    "objective": [{"metric": "latency_p99_ms", "operator": "<", "value": 100}],
    "start": 10,
    "max": 80,
    "probe": {"duration_s": 3, "warmup_s": 1},
}


def _search_spec() -> dict[str, Any]:
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])], repetitions=2)
    spec["search"] = SEARCH
    spec["thresholds"] = [{"metric": "capacity", "operator": ">=", "value": 20}]
    return spec


def test_a_search_launch_queues_the_first_probe_of_each_search(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=_search_spec())

    response = client.post(
        f"{API}/experiments/{experiment.id}/launch", json={"lab_id": lab.id}, headers=member.headers
    )

    assert response.status_code == 201, response.text
    launched = response.json()
    runs = db.scalars(select(Run).where(Run.launch_id == launched["launch_id"]).order_by(Run.id)).all()
    searches = db.scalars(
        select(CapacitySearch)
        .where(CapacitySearch.launch_id == launched["launch_id"])
        .order_by(CapacitySearch.id)
    ).all()
    # Repetition-major, as runs are: 2 points x 2 repetitions = 4 searches, one probe each.
    assert [(s.repetition, s.point_index) for s in searches] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert [r.search_id for r in runs] == [s.id for s in searches]
    for run, search in zip(runs, searches, strict=True):
        assert run.probe_value == 10
        assert run.params == {
            "proxy.global.maxconn": search.params["proxy.global.maxconn"],
            "load.connections": 10,
        }
        load = run.spec["load"]
        assert (load["connections"], load["duration_s"], load["warmup_s"]) == (10, 3, 1)
        # The probe is judged by the objective; the capacity rule judges the point's answer.
        assert run.spec["search"] is None
        assert [rule["metric"] for rule in run.spec["thresholds"]] == ["latency_p99_ms"]
        assert search.spec["search"]["start"] == 10 and search.answer is None
    detail = client.get(f"{API}/launches/{launched['launch_id']}", headers=member.headers).json()
    assert detail["outcome"] == "running" and detail["capacity"]["done"] is False
    assert [len(p["searches"]) for p in detail["capacity"]["points"]] == [2, 2]


def test_run_rules_with_a_search_are_refused_naming_the_field(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    spec = _search_spec()
    spec["thresholds"] = [{"metric": "latency_p99_ms", "operator": "<", "value": 50}]
    response = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=member.headers)
    assert response.status_code == 422, response.text
    fields = {f["field"]: f["message"] for f in response.json()["fields"]}
    assert "spec.thresholds.0.metric" in fields, fields
    assert "search.objective" in fields["spec.thresholds.0.metric"]
