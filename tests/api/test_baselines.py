"""Baselines: pinning a run, a launch's point or a whole launch, and every later run of the same
point compared with it (backend/runs/baselines/)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.runs.statistics import against_one
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, add_member, make_lab, make_user, new_member, token_headers


def _sweep(db: Session, member: Member, repetitions: int = 3) -> tuple[Any, Any]:
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])], repetitions=repetitions)
    spec["thresholds"] = []
    return make_experiment(db, member, spec=spec), make_lab(db, member.team)


def _finish(db: Session, run_ids: list[int], rps_by_point: dict[int, list[float]]) -> None:
    """Repetition-major ids: point 0's first run, point 1's first run, point 0's second ..."""
    points = len(rps_by_point)
    for index, run_id in enumerate(run_ids):
        rps = rps_by_point[index % points][index // points]
        finish_run(db, run_id, summary=summary_doc(rps=rps, p99=50.0 * 100 / rps))


def _pin(client: TestClient, member: Member, experiment_id: int, **body: Any) -> Any:
    return client.post(f"{API}/experiments/{experiment_id}/baselines", json=body, headers=member.headers)


def _against(client: TestClient, member: Member, run_id: int) -> dict[str, Any]:
    r = client.get(f"{API}/runs/{run_id}/baseline", headers=member.headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_slower_point_is_significant_and_noise_is_not(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment, lab = _sweep(db, member)
    first = launch(db, member, experiment, lab)
    _finish(db, first.run_ids, {0: [100, 101, 99], 1: [200, 202, 198]})

    r = _pin(client, member, experiment.id, launch_id=first.launch_id)
    assert r.status_code == 201, r.text
    pinned = r.json()
    assert [(b["params"], b["pinned_from"], len(b["run_ids"])) for b in pinned] == [
        ({"proxy.global.maxconn": 20}, "launch", 3),
        ({"proxy.global.maxconn": 40}, "launch", 3),
    ]
    assert pinned[0]["created_by_email"] == member.user.email

    # A later launch: point 20 is 20 % slower, point 40 only scatters around its baseline.
    second = launch(db, member, experiment, lab)
    _finish(db, second.run_ids, {0: [80, 81, 79], 1: [199, 203, 200]})
    slower = _against(client, member, second.run_ids[0])
    assert slower["compared_run_ids"] == [second.run_ids[0], second.run_ids[2], second.run_ids[4]]
    rps = next(m for m in slower["metrics"] if m["key"] == "rps")
    assert rps["diff_pct"] == pytest.approx(-20.0) and rps["significant"] and rps["worse"] is True
    assert rps["baseline_n"] == 3 and rps["n"] == 3 and rps["baseline_ci_low"] < 100 < rps["baseline_ci_high"]
    p99 = next(m for m in slower["metrics"] if m["key"] == "latency_p99_ms")
    assert p99["worse"] is True and p99["diff_pct"] > 20  # latency up is worse too
    assert slower["headline"].startswith("20.0 % slower than the baseline (Successful requests, significant")
    assert slower["lead_metric"] == "rps"

    same = _against(client, member, second.run_ids[1])
    assert same["headline"].startswith("No significant change (Successful requests +0.3 %")
    assert not next(m for m in same["metrics"] if m["key"] == "rps")["significant"]

    # The baseline's own runs say so; a run of a point with no baseline says that.
    assert _against(client, member, first.run_ids[0])["in_baseline"] is True


def test_one_run_is_tested_against_the_spread_of_the_baseline(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment, lab = _sweep(db, member)
    first = launch(db, member, experiment, lab)
    _finish(db, first.run_ids, {0: [100, 101, 99], 1: [200, 202, 198]})
    assert _pin(client, member, experiment.id, launch_id=first.launch_id, point_index=0).status_code == 201

    single = launch(db, member, experiment, lab, overrides={"repetitions": 1})
    _finish(db, single.run_ids, {0: [70], 1: [200]})
    result = _against(client, member, single.run_ids[0])
    rps = next(m for m in result["metrics"] if m["key"] == "rps")
    assert (rps["n"], rps["value"], rps["significant"]) == (1, 70.0, True), rps
    # Only point 0 was pinned: point 1 has no baseline.
    assert _against(client, member, single.run_ids[1])["baseline"] is None

    # One run 1 sd off is no news; many sd off is.
    assert not against_one([100, 101, 99], 101).significant
    assert against_one([100, 101, 99], 90).significant
    assert against_one([100], 50).p_value is None  # one baseline run: no spread to test against


def test_pinning_again_replaces_and_unpinning_removes(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment, lab = _sweep(db, member, repetitions=1)
    first, second = launch(db, member, experiment, lab), launch(db, member, experiment, lab)
    _finish(db, first.run_ids, {0: [100], 1: [200]})
    _finish(db, second.run_ids, {0: [90], 1: [190]})

    assert _pin(client, member, experiment.id, run_id=first.run_ids[0]).status_code == 201
    [again] = _pin(client, member, experiment.id, run_id=second.run_ids[0]).json()
    listed = client.get(f"{API}/experiments/{experiment.id}/baselines", headers=member.headers).json()
    assert [(b["id"], b["run_ids"], b["pinned_from"]) for b in listed] == [
        (again["id"], [second.run_ids[0]], "run")
    ]
    # One baseline run: the change is said, its significance is not claimed.
    result = _against(client, member, first.run_ids[0])
    assert "one baseline run: no significance without repetitions" in result["headline"], result["headline"]

    r = client.delete(f"{API}/experiments/{experiment.id}/baselines/{again['id']}", headers=member.headers)
    assert r.status_code == 204
    assert client.get(f"{API}/experiments/{experiment.id}/baselines", headers=member.headers).json() == []
    r = client.delete(f"{API}/experiments/{experiment.id}/baselines/{again['id']}", headers=member.headers)
    assert r.status_code == 404


def test_what_cannot_be_a_baseline_is_refused_naming_the_field(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment, lab = _sweep(db, member, repetitions=1)
    other = make_experiment(db, member)
    launched = launch(db, member, experiment, lab)
    finish_run(db, launched.run_ids[0], state=RunState.failed)
    other_run = launch(db, member, other, lab).run_ids[0]

    cases: list[tuple[dict[str, Any], int, str]] = [
        ({}, 422, ""),
        ({"run_id": launched.run_ids[1], "launch_id": launched.launch_id}, 422, ""),
        ({"run_id": launched.run_ids[0], "point_index": 0}, 422, ""),
        ({"run_id": launched.run_ids[0]}, 422, "run_id"),  # failed
        ({"run_id": launched.run_ids[1]}, 422, "run_id"),  # still queued
        ({"run_id": other_run}, 422, "run_id"),  # another experiment's
        ({"launch_id": launched.launch_id, "point_index": 7}, 404, ""),
        ({"run_id": 2**62}, 404, ""),
        ({"run_id": "x"}, 422, "run_id"),
        ({"run_id": 1, "extra": 1}, 422, "extra"),
    ]
    for body, status, field in cases:
        r = _pin(client, member, experiment.id, **body)
        assert r.status_code == status, (body, r.text)
        if field:
            assert any(f["field"].endswith(field) for f in r.json()["fields"]), (body, r.json())
    assert client.get(f"{API}/experiments/{experiment.id}/baselines", headers=member.headers).json() == []

    # A viewer reads but does not pin; another team sees nothing.
    reader = make_user(db)
    add_member(db, member.team, reader, "viewer")
    viewer = token_headers(db, reader, member.team, scope="viewer")
    stranger = new_member(db, "editor")
    assert client.get(f"{API}/experiments/{experiment.id}/baselines", headers=viewer).status_code == 200
    r = client.post(
        f"{API}/experiments/{experiment.id}/baselines", json={"run_id": launched.run_ids[0]}, headers=viewer
    )
    assert r.status_code == 403
    assert (
        client.get(f"{API}/runs/{launched.run_ids[0]}/baseline", headers=stranger.headers).status_code == 404
    )
    r = client.get(f"{API}/experiments/{experiment.id}/baselines", headers=stranger.headers)
    assert r.status_code == 404
