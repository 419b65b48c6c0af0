"""GET /metrics: a team's fleet health and live runs in Prometheus' text format, parsed here with
prometheus_client's own parser (tests/e2e/test_history_watch.py has a real Prometheus
scrape it)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import update
from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.samples.service import insert_samples
from backend.runs.transitions import transition
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, sample_points, small_spec
from tests.api.helpers import make_lab, new_member


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def test_a_team_scrapes_its_runs_queue_durations_and_a_live_runs_seconds(
    client: TestClient, db: Session
) -> None:
    member = new_member(db, "viewer")
    lab = make_lab(db, member.team, name="perf lab")
    experiment = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [20, 40, 60])]))
    done, live, queued = launch(db, member, experiment, lab).run_ids
    finish_run(db, done)
    for state in (RunState.preparing, RunState.warming, RunState.running):
        assert transition(db, live, state)
    insert_samples(
        db,
        live,
        sample_points(
            "proxy",
            {0: {"FRONTEND.req_tot": 90, "BACKEND.qcur": 4}, 1: {"FRONTEND.req_tot": 120, "BACKEND.qcur": 2}},
        ),
    )
    insert_samples(db, live, sample_points("host:proxy-1", {1: {"cpu_pct": 37.5}}))
    # A run that succeeded while one of its rules failed: one verdict, rules_failed.
    [lost] = launch(db, member, make_experiment(db, member, spec=small_spec()), lab).run_ids
    finish_run(db, lost)
    rule = {"metric": "rps", "operator": ">=", "value": 1000}
    failed = {"rule": rule, "text": "rps >= 1000", "value": 10.0, "limit": 1000.0, "passed": False}
    db.execute(update(Run).where(Run.id == lost).values(thresholds={"passed": False, "results": [failed]}))
    db.commit()

    r = client.get("/metrics", headers=member.headers)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    got = _samples(r.text)
    assert got[("haplab_runs", (("state", "running"),))] == 1
    assert got[("haplab_runs", (("state", "queued"),))] == 1
    assert got[("haplab_runs", (("state", "succeeded"),))] == 2
    assert got[("haplab_run_outcomes", (("outcome", "succeeded"),))] == 1
    assert got[("haplab_run_outcomes", (("outcome", "rules_failed"),))] == 1
    assert got[("haplab_run_outcomes", (("outcome", "in_progress"),))] == 2
    assert got[("haplab_queue_length", (("lab", "perf lab"),))] == 1
    assert got[("haplab_agents_online", (("lab", "perf lab"),))] == 0
    assert got[("haplab_run_duration_seconds_count", ())] == 2
    labels = (("experiment", experiment.name), ("run", str(live)), ("source", "proxy"))
    assert got[("haplab_live_req_s", labels)] == 120  # the newest second
    assert got[("haplab_live_qcur", labels)] == 2
    host = (("experiment", experiment.name), ("run", str(live)), ("source", "host:proxy-1"))
    assert got[("haplab_live_cpu", host)] == 37.5
    assert not any(name == "haplab_live_cpu" and dict(labels)["source"] == "proxy" for name, labels in got)
    assert f'run="{queued}"' not in r.text  # a queued run is not live

    # Another team's scrape holds none of it; no token, no figures.
    other = client.get("/metrics", headers=new_member(db, "viewer").headers)
    assert other.status_code == 200 and f'run="{live}"' not in other.text
    assert _samples(other.text)[("haplab_runs", (("state", "running"),))] == 0
    assert client.get("/metrics").status_code == 401
