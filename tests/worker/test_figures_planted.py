"""A planted contradiction, through the real parts: a recorded run's samples in PostgreSQL, the
collect step's check on a summary whose headline rate disagrees with them, the caveat first on the
run as the API serves it, and the end-to-end tests' helper failing on it with both numbers."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from backend.db import session_scope
from backend.models import Lab, Run, Team
from backend.runs.samples.service import insert_samples
from backend.runs.transitions import transition
from contract.experiment import ExperimentSpec
from contract.results import SamplePoint, stored_summary
from contract.run_state import RunState
from tests.e2e.run_helpers import Api
from tests.worker.factories import make_runs
from worker.verdicts.collected import run_samples, with_figures_checked

pytestmark = pytest.mark.slow  # a real API server

RECORDED = Path(__file__).parent / "data" / "figures" / "wrk-fast-closed-loop-1.json"


def store_recorded_run(planted_rps: float | None) -> int:
    """The recorded wrk run in the lab admin's team: its spec, its samples, then its summary
    through the collect step's check (with the headline rate planted when asked)."""
    doc: dict[str, Any] = json.loads(RECORDED.read_text())
    with session_scope() as db:
        team = db.query(Team).one()
        lab = Lab(team_id=team.id, name=f"planted-{planted_rps}")
        db.add(lab)
        db.flush()
        lab_id = lab.id
    [run_id] = make_runs(lab_id, 1)
    t0 = datetime.now(UTC) - timedelta(minutes=1)
    points = [
        SamplePoint(source=source, t=s["t"], ts=t0 + timedelta(seconds=s["t"] + 1), data=s["data"])
        for source, seconds in doc["samples"].items()
        for s in seconds
    ]
    with session_scope() as db:
        db.query(Run).filter(Run.id == run_id).update({"spec": doc["spec"]})
        insert_samples(db, run_id, points)
    spec = ExperimentSpec.model_validate(doc["spec"])
    summary = stored_summary(doc["summary"])
    if planted_rps is not None:
        summary = summary.model_copy(update={"total": summary.total.model_copy(update={"rps": planted_rps})})
    checked = with_figures_checked(spec, summary, run_samples(run_id))  # the samples as stored
    with session_scope() as db:
        for state in (RunState.preparing, RunState.warming, RunState.running, RunState.collecting):
            assert transition(db, run_id, state)
        assert transition(db, run_id, RunState.succeeded, summary=checked)
    return run_id


def test_a_planted_rate_is_a_caveat_first_on_the_run_and_fails_the_end_to_end_helper(
    live_api: Any, lab_admin_token: str
) -> None:
    api = Api(live_api.url, lab_admin_token)
    honest = store_recorded_run(planted_rps=None)
    run = api.wait_finished(honest, 5)  # the helper holds its figures to each other: they agree
    assert [c["kind"] for c in run["summary"]["verdict"]["caveats"]] == []

    planted = store_recorded_run(planted_rps=25_000.0)  # wrk measured 36,176 req/s, HAProxy 36,175
    detail = api.call("GET", f"/runs/{planted}")
    first = detail["summary"]["verdict"]["caveats"][0]
    assert first["kind"] == "figures_disagree"
    assert "25,000.0 req/s" in first["sentence"] and "36,175.5 req/s" in first["sentence"]
    assert first["sentence"].startswith("The headline rate: 25,000.0 req/s, from wrk's report;")
    assert "36,175.5 req/s, from HAProxy's per-second fe counters, seconds 0-9" in first["sentence"]
    evidence = {e["name"]: e["value"] for e in first["evidence"]}
    assert evidence["rate_vs_haproxy.first"] == 25_000 and evidence["rate_vs_haproxy.second"] == 36_175.5

    with pytest.raises(AssertionError) as failed:
        api.wait_finished(planted, 5)
    message = str(failed.value)
    assert f"run {planted} (succeeded): its figures contradict each other" in message
    assert "25,000.0 req/s" in message and "36,175.5 req/s" in message
