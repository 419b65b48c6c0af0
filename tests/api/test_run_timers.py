"""GET /runs/{id}/timers: HAProxy's per-request timers per second and merged into buckets (the
seconds' histograms added, never percentiles averaged), states per second with their words, the
scopes the log has, the run's summary; team scoping, 404 and 422 in the project's shape."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.runs.samples.service import insert_samples
from contract.request_timers import PHASES, describe_state
from contract.results import RunSummary
from tests.api.experiment_factories import finish_run, launch, make_experiment, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member
from tests.api.timer_factories import queueing_seconds, queueing_summary, timer_points, timer_second


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "viewer")


def _run(db: Session, member: Member) -> int:
    editor = new_member(db, "editor")
    owner = Member(team=member.team, user=editor.user, headers=editor.headers)
    return launch(db, owner, make_experiment(db, owner), make_lab(db, member.team)).run_ids[0]


def _timers(client: TestClient, member: Member, run_id: int, **params: object) -> dict:
    response = client.get(f"{API}/runs/{run_id}/timers", params=params, headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_per_second_percentiles_states_and_summary(client: TestClient, db: Session, member: Member) -> None:
    run_id = _run(db, member)
    insert_samples(db, run_id, timer_points(queueing_seconds(6, scopes=("*", "app", "app/s1"))))
    summary = RunSummary.model_validate(summary_doc(rps=20)).model_copy(update={"timers": queueing_summary()})
    finish_run(db, run_id, summary=summary.model_dump(mode="json"))

    body = _timers(client, member, run_id)
    assert body["collected"] is True
    assert body["mode"] == "http" and body["one_in"] == 1 and body["step"] == 1
    assert body["scopes"] == ["*", "app", "app/s1"]
    assert body["t"] == [0, 1, 2, 3, 4, 5]
    assert body["lines"] == [18, 18, 18, 21, 21, 21]
    # Second 0's queue times are 300, 310 .. 390 ms: p50 is the 5th value, p99 the largest.
    assert body["timers"]["tw"]["p50"][0] == pytest.approx(340, rel=0.001)
    assert body["timers"]["tw"]["p99"][0] == pytest.approx(390, rel=0.001)
    assert body["timers"]["tr"]["p50"][0] == pytest.approx(54, rel=0.001)
    # States: most frequent first, each with who ended it and the words of the contract.
    assert [s["state"] for s in body["states"]] == ["--", "cQ", "sH"]
    by_state = {s["state"]: s for s in body["states"]}
    assert by_state["cQ"]["group"] == "client" and by_state["sH"]["group"] == "server"
    assert by_state["sH"]["words"] == describe_state("sH")
    assert by_state["cQ"]["count"] == 6
    assert body["state_counts"]["cQ"] == [0, 0, 0, 2, 2, 2]
    assert [p["key"] for p in body["phases"]] == list(PHASES)
    assert [m["haproxy_name"] for m in body["timer_meanings"]][:4] == ["Th", "Ti", "TR", "Tw"]
    assert body["summary"]["breakdown"][2]["phases"]["tw"] == 420.0


def test_buckets_merge_histograms_not_average_percentiles(
    client: TestClient, db: Session, member: Member
) -> None:
    """Second 0: 99 requests of 1 ms; second 1: one of 1,000 ms. The 2-second bucket's p99 is 1 ms
    (99 of its 100 requests), its p50 1 ms; an average of the seconds' p50s would say ~500 ms."""
    run_id = _run(db, member)
    insert_samples(
        db,
        run_id,
        timer_points(
            {
                0: timer_second({"tr": [1] * 99}, {"--": 99}),
                1: timer_second({"tr": [1000]}, {"--": 1}),
                2: timer_second({"tr": [5] * 10}, {"--": 9, "SH": 1}, one_in=4),
            }
        ),
    )
    body = _timers(client, member, run_id, step=2)
    assert body["t"] == [0, 2]
    assert body["lines"] == [100, 10]
    assert body["timers"]["tr"]["p50"] == pytest.approx([1.0, 5.0], rel=0.001)
    assert body["timers"]["tr"]["p99"][0] == pytest.approx(1.0, rel=0.001)
    assert body["point_one_in"] == [1, 4] and body["one_in"] == 4
    assert body["state_counts"]["SH"] == [0, 1]
    assert body["summary"] is None and body["collected"] is True


def test_a_scope_reads_its_own_histograms(client: TestClient, db: Session, member: Member) -> None:
    run_id = _run(db, member)
    second = timer_second({"tr": [10] * 5}, {"--": 5})
    slow = timer_second({"tr": [200] * 5}, {"sH": 5})
    second.histograms["app/slow"] = slow.histograms["*"]
    second.states["app/slow"] = slow.states["*"]
    insert_samples(db, run_id, timer_points({0: second}))
    assert _timers(client, member, run_id)["timers"]["tr"]["p50"] == pytest.approx([10.0], rel=0.001)
    body = _timers(client, member, run_id, scope="app/slow")
    assert body["scope"] == "app/slow" and body["timers"]["tr"]["p50"] == pytest.approx([200.0], rel=0.001)
    assert [s["state"] for s in body["states"]] == ["sH"]


def test_a_run_without_timers_says_so(client: TestClient, db: Session, member: Member) -> None:
    run_id = _run(db, member)
    finish_run(db, run_id, summary=summary_doc(rps=20))
    body = _timers(client, member, run_id)
    assert body["collected"] is False and body["summary"] is None
    assert body["t"] == [] and body["timers"] == {} and body["states"] == []
    assert body["scopes"] == ["*"] and body["mode"] is None


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"scope": "nope"}, "scope"),
        ({"scope": "app/../x"}, "scope"),
        ({"scope": "x" * 301}, "scope"),
        ({"step": 0}, "step"),
        ({"step": 3601}, "step"),
        ({"step": "a"}, "step"),
    ],
)
def test_bad_parameters_are_422_naming_the_field(
    client: TestClient, db: Session, member: Member, params: dict, field: str
) -> None:
    run_id = _run(db, member)
    insert_samples(db, run_id, timer_points({0: timer_second({"tr": [10]}, {"--": 1})}))
    response = client.get(f"{API}/runs/{run_id}/timers", params=params, headers=member.headers)
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["error"] == "validation_error"
    assert any(field in error["field"] for error in body["fields"])


def test_another_teams_run_is_404(client: TestClient, db: Session, member: Member) -> None:
    run_id = _run(db, member)
    insert_samples(db, run_id, timer_points({0: timer_second({"tr": [10]}, {"--": 1})}))
    stranger = new_member(db, "viewer")
    response = client.get(f"{API}/runs/{run_id}/timers", headers=stranger.headers)
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"
    assert client.get(f"{API}/runs/999999/timers", headers=member.headers).status_code == 404


def test_compare_overlays_a_timer_across_runs(client: TestClient, db: Session, member: Member) -> None:
    """Compare: one timer at one percentile per point of every run, a run without a log empty."""
    queued, fast, older = _run(db, member), _run(db, member), _run(db, member)
    insert_samples(db, queued, timer_points(queueing_seconds(4)))
    insert_samples(
        db, fast, timer_points({t: timer_second({"tw": [0] * 9 + [2]}, {"--": 10}) for t in range(3)})
    )
    params = {"run_ids": [queued, fast, older], "timer": "tw", "percentile": "p50", "step": 2}
    response = client.get(f"{API}/runs/compare/timers", params=params, headers=member.headers)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["haproxy_name"] == "Tw" and body["percentile"] == "p50" and body["step"] == 2
    runs = {r["run_id"]: r for r in body["runs"]}
    assert runs[queued]["t"] == [0, 2]
    # Seconds 0 and 1 merged: 300..390 and 305..395 ms; their p50 is the 10th of 20 values.
    assert runs[queued]["values"][0][0] == pytest.approx(345, rel=0.002)
    assert runs[fast]["values"] == [[0.0], [0.0]]
    assert runs[older] == {"run_id": older, "t": [], "values": [], "collected": False, "one_in": 1}


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"timer": "TW"}, "timer"),
        ({"timer": "x"}, "timer"),
        ({"percentile": "p95"}, "percentile"),
        ({"step": 0}, "step"),
        ({"scope": ""}, "scope"),
    ],
)
def test_compare_timers_refuses_bad_parameters(
    client: TestClient, db: Session, member: Member, params: dict, field: str
) -> None:
    run_id = _run(db, member)
    response = client.get(
        f"{API}/runs/compare/timers", params={"run_ids": [run_id], **params}, headers=member.headers
    )
    assert response.status_code == 422, response.text
    assert any(field in error["field"] for error in response.json()["fields"])


def test_compare_timers_of_another_teams_run_is_404(client: TestClient, db: Session, member: Member) -> None:
    mine, theirs = _run(db, member), _run(db, new_member(db, "viewer"))
    response = client.get(
        f"{API}/runs/compare/timers", params={"run_ids": [mine, theirs]}, headers=member.headers
    )
    assert response.status_code == 404 and response.json()["error"] == "not_found"
