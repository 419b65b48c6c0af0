"""GET /experiments/{id}/analysis: a launch's sweep read from its runs' summaries in the database."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "viewer")


def seed_000_summary(maxconn: int, rps: float, timeouts: int) -> dict[str, Any]:
    """What the worker stores for a maxconn-bound seed 000 run (1 s endpoint)."""
    doc = summary_doc(rps=rps, successes=int(rps * 5), timeouts=timeouts, p50=1500.0, p99=1990.0)
    doc["proxy"].update(maxconn=maxconn, max_scur=maxconn, avg_ttime_ms=1001.0)
    doc["bound"] = {
        "kind": "maxconn",
        "sentence": f"maxconn-bound: HAProxy held {maxconn} sessions, its maxconn of {maxconn} ...",
        "evidence": [{"name": "maxconn", "label": "configured maxconn", "value": maxconn, "unit": "conns"}],
        "also": [],
    }
    return doc


def test_analysis_reads_the_latest_launch_knee_and_littles_law(
    client: TestClient, db: Session, member: Member
) -> None:
    lab = make_lab(db, member.team)
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40, 60])])  # seed 000: 100 clients
    experiment = make_experiment(db, member, spec=spec)
    old = launch(db, member, experiment, lab)
    low, mid, high = launch(db, member, experiment, lab).run_ids
    finish_run(db, low, summary=seed_000_summary(20, 19.5, timeouts=80))
    finish_run(db, mid, summary=seed_000_summary(40, 39.0, timeouts=60))
    finish_run(db, high, state=RunState.failed)

    r = client.get(f"{API}/experiments/{experiment.id}/analysis", headers=member.headers)

    assert r.status_code == 200, r.text
    analysis = r.json()
    assert analysis["launch_id"] != old.launch_id and analysis["axis"] == "proxy.global.maxconn"
    points = analysis["points"]
    assert [p["params"] for p in points] == [{"proxy.global.maxconn": m} for m in (20, 40, 60)]
    first, second, failed = points
    assert (first["run_ids"], first["rps"], first["bound"], first["maxconn"]) == ([low], 19.5, "maxconn", 20)
    assert first["in_flight"] == pytest.approx(19.5 * 1.001, abs=0.001)  # rps x HAProxy's ttime
    assert (second["rps"], second["maxconn"], second["recommended_maxconn"]) == (39.0, 40, 100)
    assert (first["concurrency_needed"], first["recommended_maxconn"], first["maxconn_sufficient"]) == (
        100.0,
        100,
        False,
    )
    # The failed run has no results; its maxconn still comes from its spec.
    assert (failed["run_ids"], failed["rps"], failed["maxconn"]) == ([], None, 60)
    assert analysis["knee"]["reason"] == "still_rising" and analysis["knee"]["point_index"] == 1
    assert analysis["littles_law"]["recommended_maxconn"] == 100
    assert "100 clients" in analysis["littles_law"]["sentence"]

    # An older launch by id: queued runs, nothing measured yet.
    r = client.get(
        f"{API}/experiments/{experiment.id}/analysis",
        params={"launch_id": old.launch_id},
        headers=member.headers,
    )
    assert r.status_code == 200, r.text
    assert all(p["rps"] is None for p in r.json()["points"])
    assert r.json()["knee"]["reason"] == "too_few_points"


def test_run_detail_carries_the_typed_verdict(client: TestClient, db: Session, member: Member) -> None:
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member)
    (run_id,) = launch(db, member, experiment, lab).run_ids
    finish_run(db, run_id, summary=seed_000_summary(20, 19.5, timeouts=80))

    run = client.get(f"{API}/runs/{run_id}", headers=member.headers).json()

    assert run["summary"]["verdict"]["kind"] == "maxconn"
    assert run["summary"]["verdict"]["evidence"][0] == {
        "name": "maxconn",
        "label": "configured maxconn",
        "value": 20.0,
        "unit": "conns",
    }


def test_analysis_of_another_teams_experiment_or_launch_is_a_404(
    client: TestClient, db: Session, member: Member
) -> None:
    stranger = new_member(db, "editor")
    theirs = make_experiment(db, stranger)
    their_launch = launch(db, stranger, theirs, make_lab(db, stranger.team))
    mine = make_experiment(db, member)

    assert client.get(f"{API}/experiments/{theirs.id}/analysis", headers=member.headers).status_code == 404
    # Not launched yet: no launch to analyse.
    assert client.get(f"{API}/experiments/{mine.id}/analysis", headers=member.headers).status_code == 404
    r = client.get(
        f"{API}/experiments/{mine.id}/analysis",
        params={"launch_id": their_launch.launch_id},
        headers=member.headers,
    )
    assert r.status_code == 404
